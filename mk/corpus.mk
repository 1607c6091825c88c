# corpus.mk - parse a build into its corpus file, and query corpora.
#
# $(CORPUS)/seed-N/TOOLCHAIN-WLEVEL.jsonl.zst  build record + one record per
#                                             unique warning (schema: corpus/SCHEMA.md)
# $(CORPUS)/seed-N/TOOLCHAIN-WLEVEL.log.zst    the raw output, compressed
# $(CORPUS)/seed-N/TOOLCHAIN-WLEVEL.run.json   what varies run to run (times,
#                                             distcc hosts)
# $(CORPUS)/seed-N/TOOLCHAIN-WLEVEL.sum.zst    its summary: what top and compare
#                                             read (mk/summary.sh)

export ZSTD_LEVEL := 19
CORPUS_FILE = $(CORPUS)/seed-$(SEED)/$(TC_NAME)-W$(W)$(VARIANT_SUFFIX).jsonl.zst

.PHONY: corpus corpus-one top
# the default matrix: the oldest and newest packaged GCC, and one Clang
TOOLCHAINS ?= $(if $(filter command line,$(origin TOOLCHAIN)),$(TOOLCHAIN),gcc-11 gcc-12 clang-14)
CORPUS_SEEDS = $(or $(SEEDS),$(SEED))

# every seed of SEEDS (or SEED) with every toolchain of TOOLCHAINS, in turn;
# what is built and unchanged is skipped by the stamps
# one W=123 build gives every level by attribution; WLEVELS="1 12 123"
# builds each level for real
WLEVELS ?= $(W)
# then each seed's profiling image is booted (mk/boot.mk); BOOT=0 skips it.
# It is built locally: distcc would put the servers' paths in its __FILE__s
BOOT ?= 1
corpus:
	$(Q)n=$(words $(CORPUS_SEEDS)); k=0; for s in $(CORPUS_SEEDS); do k=$$((k + 1)); \
		for t in $(TOOLCHAINS); do for w in $(WLEVELS); do \
		echo "  SEED     $$s ($$k of $$n), $$t, W=$$w"; \
		$(MAKE) corpus-one SEED=$$s TOOLCHAIN=$$t O=$(O) CORPUS=$(CORPUS) P=$(P) CONFIG=$(CONFIG) \
			REF_TOOLCHAIN=$(REF_TOOLCHAIN) W=$$w JOBS=$(JOBS) V=$(V) CCACHE=$(CCACHE) \
			DISTCC_HOSTS='$(DISTCC_HOSTS)' $(if $(KSRC_USER),KSRC=$(KSRC_USER)) || exit; \
		done; done; \
		$(if $(filter 0,$(BOOT)),,$(MAKE) boot SEED=$$s O=$(O) CORPUS=$(CORPUS) P=$(P) CONFIG=$(CONFIG) DISTCC_HOSTS= \
			REF_TOOLCHAIN=$(REF_TOOLCHAIN) BOOT_TOOLCHAINS='$(BOOT_TOOLCHAINS)' \
			JOBS=$(JOBS) V=$(V) $(if $(KSRC_USER),KSRC=$(KSRC_USER)) || exit;) \
		done

corpus-one: $(CORPUS_FILE)
	@echo "  CORPUS   $(CORPUS_FILE:$(TOP)/%=%)"

# the checkers a corpus was made with: when they change, it is made again
CHECKERS_USED = $(BUILDDIR).checkers
$(CHECKERS_USED): FORCE
	$(Q)mkdir -p $(@D); echo '$(strip $(CHECKERS)) $(strip $(FILES))' | cmp -s - $@ || \
		echo '$(strip $(CHECKERS)) $(strip $(FILES))' > $@
.PHONY: FORCE
FORCE:

$(CORPUS)/seed-$(SEED)/%.jsonl.zst: $(BUILD_STAMP) $(CHECKERS_USED) $(KWARN_PARSE) $(TOP)/mk/corpus.sh $(TOP)/mk/levels.sh \
		$(TOP)/mk/summary.sh
	$(call say,PARSE,$(notdir $(BUILDDIR)))
	$(Q)mkdir -p $(@D)
	$(Q)CHECKERS='$(CHECKERS)' flock $(BUILDDIR).lock $(TOP)/mk/corpus.sh $@ $(BUILDDIR) $(KSRC) $(SEEDDIR) $(TC_NAME) \
		$(call tc-family,$(TOOLCHAIN)) '$(call tc-cc,$(TOOLCHAIN))' \
		'$(call tc-packages,$(TOOLCHAIN))' $(SEED) $(P) $(W) $(VARIANT) $(ALLCONFIG) \
		'$(SERIES_SHA)' '$(TREE_NAME)' $(KWARN_PARSE) \
		$(call kmake-in,$(BUILDDIR),$(TOOLCHAIN))

# top offenders: one seed with SEED= on the command line, else every seed;
# per toolchain (TOOLCHAIN= for one), from the W=$(W) plain builds. Read
# from the corpus files' summaries by kwarn-agg (a corpus file without one
# of its time, from an older kwarn, is checked and gets it first:
# mk/summary.sh); corpus/queries/top.jq, reading the records, is the
# reference the tests hold it to. Over more than one seed, a campaign
# section follows (seeds built, failed, booted: the boot records of the
# seeds' TOOLCHAIN-branches.jsonl.zst; flags by seeds; keys first seen)
TOP_SEEDS = $(if $(filter command line,$(origin SEED)),seed-$(SEED),seed-*)
TOP_TOOLCHAINS = $(if $(filter command line,$(origin TOOLCHAIN)),$(TOOLCHAIN),*)
TOP_N ?= 10
KWARN_AGG := $(HOSTOUT)/bin/kwarn-agg
top: $(KWARN_AGG)
	$(Q)files=$$(ls $(CORPUS)/$(TOP_SEEDS)/$(TOP_TOOLCHAINS)-W$(W).jsonl.zst 2>/dev/null) || \
		{ echo "kwarn: no corpus in $(CORPUS)/$(TOP_SEEDS); run make corpus first" >&2; exit 1; }; \
	tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	$(TOP)/mk/summary.sh -u $$tmp $$files > $$tmp/sums && \
	$(TOP)/mk/summary.sh -b $$tmp/boots $$(ls $(CORPUS)/$(TOP_SEEDS)/*-branches.jsonl.zst 2>/dev/null) && \
	$(KWARN_AGG) top -n $(TOP_N) -s $$tmp/boots -T $$tmp/sums

# make compare A=gcc-12 B=clang-14 [SEED=N | SEEDS="1 2 3"] [FORMAT=json]
# Exit status: 0 compared (differences are the report, not a failure);
# with FAIL_ON_NEW=1, non-zero when B adds warnings; non-zero when a corpus
# is missing or unreadable (it says which make corpus to run).
FORMAT ?= text
LIST ?= 20
CMP_SEEDS = $(or $(SEEDS),$(SEED))
.PHONY: compare
# Read from the summaries by kwarn-agg, as top; corpus/queries/compare.jq
# is the reference the tests hold it to.
compare: $(KWARN_AGG)
	$(Q)test -n "$(A)" -a -n "$(B)" || { echo "kwarn: compare needs A=TOOLCHAIN B=TOOLCHAIN" >&2; exit 2; }
	$(Q)tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	for t in A:$(A) B:$(B); do files=; for s in $(CMP_SEEDS); do \
		f=$(CORPUS)/seed-$$s/$${t#*:}-W$(W).jsonl.zst; \
		test -f $$f || { echo "kwarn: $$f: no corpus; run make corpus SEED=$$s TOOLCHAIN=$${t#*:}" >&2; exit 2; }; \
		files="$$files $$f"; done; \
		$(TOP)/mk/summary.sh -u $$tmp $$files > $$tmp/$${t%%:*} || exit 2; done; \
	$(KWARN_AGG) compare $(if $(filter json,$(FORMAT)),-j) -n $(LIST) -A $$tmp/A -B $$tmp/B > $$tmp/agg || exit 2; \
	$(if $(filter json,$(FORMAT)),jq . $$tmp/agg,cat $$tmp/agg) > $$tmp/out || exit 2; \
	cat $$tmp/out; \
	if [ "$(FAIL_ON_NEW)" = 1 ]; then \
		if [ "$(FORMAT)" = json ]; then jq -e '.new | length == 0' $$tmp/out > /dev/null; \
		else grep -q '^sites: 0 new in B' $$tmp/out; fi || \
		{ echo "kwarn: compare: $(B) adds warnings against $(A)" >&2; exit 1; }; fi
