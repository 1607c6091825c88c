# series.mk - check the warning-fix patches of series/ against the corpus,
# Arnd Bergmann's way: one small patch per warning fix, each proven by a build.
#
#   make series-check                       every patch of series/ that claims fixes
#   make series-check ONLY=1001-x.patch     one patch of series/ (or a path to one)
#   make series-check TOOLCHAIN=gcc-12      one toolchain, not the default matrix
#   make series-check SERIES_BOOT=1         always build the patched image and boot it
#   make series-apply                       only: does every patch apply, in order
#   make series-compare SEED=1              the seed without the fix patches against its corpus
#
# What a fix patch claims and what proves it: doc/series.md. The work:
# $(SERIES_WORK)/src            a private copy of the tree the patches move
#                               along (the shared tree is never patched)
# $(SERIES_WORK)/RUN^seed-N/TC-WW  one build directory per toolchain
# $(SERIES_WORK)/report.jsonl   one record per patch and toolchain
# $(SERIES_WORK)/report.txt     what was printed
# $(SERIES_WORK)/status         the exit code: 0 pass, 1 a patch failed,
#                               2 setup error (make itself exits 2 on either)

# (another tree than 6.1 has its own: its private copy is of that tree)
SERIES_WORK ?= $(O)/series-check$(if $(filter-out 6.1,$(KVER)),-$(KVER))
# a changed header rebuilds its includers that use a name it declares; at
# most this many objects per patch
SERIES_MAX_OBJS ?= 40
# W levels whose new warnings fail a patch (0, no W=, always does); a new
# warning of another level (W=3: Kbuild's "can most likely be ignored") is
# reported without failing it
SERIES_FAIL_W ?= 12
# Does the patched kernel still boot? auto: when a patch changed the code
# (instructions, relocations) of an object it rebuilt, build the whole
# patched image with REF_TOOLCHAIN and boot it with mk/boot.mk's harness
# (BOOT_TIMEOUT, BOOT_MEM); 1: always; 0: never
SERIES_BOOT ?= auto

series-vars = ONLY='$(if $(ONLY),$(if $(findstring /,$(ONLY)),$(abspath $(ONLY)),$(ONLY)))' \
	SEED='$(SEED)' P='$(P)' SEEDDIR='$(SEEDDIR)' $(if $(W_GIVEN),W='$(W)') \
	TOOLCHAINS='$(TOOLCHAINS)' REF_TOOLCHAIN='$(REF_TOOLCHAIN)' \
	CORPUS_RUN='$(CORPUS_RUN)' O='$(O)' KSRC='$(KSRC)' TOP='$(TOP)' SERIES='$(SERIES)' \
	TREE_ID='$(TREE_ID)' WORK='$(SERIES_WORK)' JOBS='$(JOBS)' V='$(V)' \
	MAXOBJS='$(SERIES_MAX_OBJS)' FAILW='$(SERIES_FAIL_W)' BOOT='$(SERIES_BOOT)' BOOT_TIMEOUT='$(BOOT_TIMEOUT)' \
	BOOT_MEM='$(BOOT_MEM)' INITRAMFS='$(INITRAMFS)' KWARN_SITES='$(KWARN_SITES)' \
	KWARN_CC='$(KWARN_CC)' KWARN_PARSE='$(KWARN_PARSE)'

.PHONY: series-check series-apply
series-check series-apply: $(TREE_STAMP) $(KWARN_CC) $(KWARN_PARSE)
	$(if $(KSRC_USER),$(error $@ works on Debian's linux-source, which series/ applies to; not with KSRC=))
	$(Q)mkdir -p $(SERIES_WORK); rm -f $(SERIES_WORK)/status; \
	{ status=0; $(TOP)/mk/series/series-check.sh $(series-vars) MODE=$(if $(filter series-apply,$@),apply,full) || \
		status=$$?; echo $$status > $(SERIES_WORK)/status; } 2>&1 | tee $(SERIES_WORK)/report.txt; \
	exit $$(cat $(SERIES_WORK)/status)

# make series-compare [SEED=N | SEEDS="1 2"] [TOOLCHAIN=gcc-12]
# The drop, measured on whole seeds: each seed built again without the fix
# patches (series/series up to its first fix patch: the private tree after
# series-base; a full kernel build per seed and toolchain, in
# $(SERIES_WORK)/o, its corpus in $(SERIES_WORK)/corpus) against the seed's
# corpus in $(CORPUS), built with the whole series, by key (the same
# warning, doc/compare.md). Exit 1 when a warning is new.
# The base's corpus records its own series: the hash tree.mk would give a
# series/series listing just the base's patches (series-base writes them
# to $(SERIES_WORK)/base.series)
SERIES_BASE_SHA = $$(. $(TOP)/mk/lib.sh && series_sha $(SERIES) $(SERIES_WORK)/base.series)
# the base's builds and corpora are of the private tree (KSRC= to the
# sub-make): its RUN directory
SERIES_RUN_DIR = ksrc$(call path-as-name,$(SERIES_WORK)/src)/p$(P)$(SEED_SUFFIX)
.PHONY: series-compare series-base
series-base: $(TREE_STAMP) $(KWARN_CC) $(KWARN_PARSE)
	$(if $(KSRC_USER),$(error $@ works on Debian's linux-source, which series/ applies to; not with KSRC=))
	$(Q)mkdir -p $(SERIES_WORK) && $(TOP)/mk/series/series-check.sh $(series-vars) MODE=base

series-compare: series-base
	$(Q)status=0; for s in $$($(TOP)/mk/seeds.sh $(SEEDS_SPEC)); do for t in $(TOOLCHAINS); do \
		after=$(call seed-dir,$(CORPUS),$$s)/$(call build-name,$$t,$(W)).jsonl.zst; \
		test -f $$after || { echo "kwarn: $$after: no corpus; run make corpus SEED=$$s TOOLCHAIN=$$t" >&2; exit 2; }; \
		echo "  SEED     $$s, $$t, without the fix patches"; \
		rm -f $(call seed-dir,$(SERIES_WORK)/o,$$s,$(SERIES_RUN_DIR))/$(call build-name,$$t,$(W))/.kwarn-built; \
		$(MAKE) corpus-one SEED=$$s TOOLCHAIN=$$t O=$(SERIES_WORK)/o KSRC=$(SERIES_WORK)/src \
			TREE_NAME='$(TREE_NAME)' SERIES_SHA=$(SERIES_BASE_SHA) \
			CORPUS=$(SERIES_WORK)/corpus P=$(P) CONFIG=$(CONFIG) W=$(W) JOBS=$(JOBS) V=$(V) \
			REF_TOOLCHAIN=$(REF_TOOLCHAIN) || exit 2; \
		$(TOP)/mk/series/series-compare.sh $(call seed-dir,$(SERIES_WORK)/corpus,$$s,$(SERIES_RUN_DIR))/$(call build-name,$$t,$(W)).jsonl.zst $$after \
			$(LIST) || status=$$?; \
		[ $$status != 2 ] || exit 2; \
	done; done; exit $$status
