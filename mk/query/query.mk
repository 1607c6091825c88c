# query.mk - make top and make compare, and the level filter the queries
# share (kcidb, report).

.PHONY: top
# top offenders: one seed with SEED= on the command line, else every seed;
# per toolchain (TOOLCHAIN= for one), from the W=$(W) plain builds. Read
# from the index (mk/index.mk: brought up to date first; a corpus file
# without a summary that is provably its own, from an older kwarn or
# changed since, is checked and gets it: mk/summary.sh). Over every seed,
# the sums the index keeps as builds come in (kwarn-index sums), printed
# by kwarn-agg top -p; over some seeds, their summaries given back,
# added up by kwarn-agg (the builds go by file name, the toolchain's, so
# that kwarn-agg -g holds one toolchain's keys at a time).
# corpus/queries/top.jq, reading the records, is the reference the tests
# hold both to.
# Over more than one seed, a campaign section follows (seeds built,
# failed, booted: the boot records of the seeds' TOOLCHAIN-branches.jsonl.zst;
# flags by seeds; keys first seen), then the estimate of the keys not
# seen yet (mk/query/unseen.sh: over every seed the index's count of the
# seeds each key is in, over some seeds their summaries')
# (the seeds: none given, every seed-N)
TOP_SEEDS = $(if $(SEEDS)$(call cmdline,SEED),$(SEEDS_SPEC))
TOP_TOOLCHAINS = $(if $(call cmdline,TOOLCHAIN),$(TOOLCHAIN),*)
TOP_N ?= 10
KWARN_AGG := $(HOSTOUT)/bin/kwarn-agg
KWARN_MAINT := $(HOSTOUT)/bin/kwarn-maint
# corpus-lib.jq's flag_names, for kwarn-agg compare -F
FLAG_NAMES := $(HOSTOUT)/flag-names.tsv
$(FLAG_NAMES): $(TOP)/mk/corpus-lib.jq
	$(Q)mkdir -p $(@D) && jq -n -r -L $(TOP)/mk 'include "corpus-lib"; flag_names | to_entries[] | "\(.key)\t\(.value)"' > $@.tmp && mv $@.tmp $@
# A level is a filter: a build of a higher cumulative W holds the warnings
# of the lower ones, each record with its level (kwarn-agg -w and
# corpus-lib.jq's shown_at keep those a W=1 build prints).
# $(call w-holders,W): the W levels whose builds answer for W, its own
# first (W=1: 1 12 123; W=2 has no cumulative level above it: 2)
w-holders = $(or $(filter $(1)%,1 12 123),$(1))
# $(call w-filter,W): kwarn-agg's option for W's warnings alone
w-filter = $(if $(filter 1 12 123,$(1)),-w $(1))
# $(call w-missing,W,SEEDS,TOOLCHAINS): no build holds W: what says so
w-missing = echo "kwarn: no corpus of W=$(1)$(if $(word 2,$(call w-holders,$(1))), (nor of W=$(subst $(space),$(comma) W=,$(wordlist 2,3,$(call w-holders,$(1)))), which hold it)) in $(CORPUS_RUN)$(if $(2),$(if $(or $(word 2,$(2)),$(findstring -,$(2))), for seeds $(2),/seed-$(2))); run make corpus$(if $(2), SEEDS='$(2)')$(if $(3), TOOLCHAINS='$(3)') WLEVELS=$(1) $(RUN_SETTINGS)" >&2
# $(call index-select,TMP,SEEDS): kwarn-index's selection of this RUN's
# builds of SEEDS (their list written to TMP/seeds; none: every seed)
index-select = $(if $(2),$(TOP)/mk/seeds.sh $(2) > $(1)/seeds &&) sel="$(if $(2),-S $(1)/seeds) $(INDEX) $(RUN_DIR)"
# Per toolchain, W's own builds, else those of the first cumulative level
# above that was built (read with W's filter: TMP/pick, "TOOLCHAIN W"
# lines); over every seed of W's own builds, the index's sums
# BY=section or BY=dir (mk/query/top-by.sh): each file's instances and
# records at level W, "TOOLCHAIN PATH N R": over every seed from the
# index's sums of the build's view (its n1..n3 are W=1, 12, 123), over
# some seeds from their summaries, the level filter on each record.
# BY=site: every record at level W, "TOOLCHAIN PATH KEY LINE FLAG LEVEL
# COUNT SEED", from the summaries
top-by-source = $(if $(or $(TOP_SEEDS),$(filter site,$(BY))),summaries,sums)
top-by-rows = $(if $(filter summaries,$(top-by-source)),$(KWARN_INDEX) summaries -n $$sel "$(call build-name,$(1),$(2)).jsonl.zst",\
	$(KWARN_INDEX) sums $(INDEX) $(RUN_DIR) "$(call build-name,$(1),$(2)).jsonl.zst") | \
	BY=$(BY) W=$(or $(3),$(W)) $(TOP)/mk/query/top-by.sh rows $(1) $(top-by-source)
top: $(KWARN_AGG) $(KWARN_INDEX) $(if $(BY),$(KWARN_MAINT))
	$(if $(filter list,$(BY)),$(Q)echo "kwarn: top: BY=section$(comma) dir or site (BY=list is make compare FORMAT=mail's)" >&2; exit 2)
	$(Q)tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	$(call index-update,$(RUN_DIR)) || exit 2; \
	$(call index-select,$$tmp,$(TOP_SEEDS)); \
	$(if $(call cmdline,TOOLCHAIN),echo '$(call tc-name,$(TOOLCHAIN))',$(KWARN_INDEX) records $(INDEX) $(RUN_DIR) | cut -f2- | \
		jq -r 'select(.type == "build" and .variant == "plain") | .toolchain' | LC_ALL=C sort -u) > $$tmp/tcs || exit 2; \
	while read -r tc; do for v in $(call w-holders,$(W)); do \
		[ "$$($(KWARN_INDEX) summaries -c $$sel "$(call build-name,$$tc,$$v).jsonl.zst")" = 0 ] || \
			{ echo "$$tc $$v"; break; }; done; done < $$tmp/tcs > $$tmp/pick; \
	[ -s $$tmp/pick ] || { $(call w-missing,$(W),$(TOP_SEEDS),$(filter-out *,$(TOP_TOOLCHAINS))); exit 1; }; \
	$(if $(BY),while read -r tc v; do $(call top-by-rows,$$tc,$$v); done < $$tmp/pick > $$tmp/rows || exit 2; \
		$(if $(filter site,$(BY)),,while read -r tc v; do $(call top-by-rows,$$tc,$$v,1); done < $$tmp/pick > $$tmp/rows1 && \
		while read -r tc v; do $(KWARN_INDEX) objects $$sel "$(call build-name,$$tc,$$v).jsonl.zst"; done < $$tmp/pick > $$tmp/objects || exit 2;) \
		BY=$(BY) W=$(W) TOP_N=$(TOP_N) PATHS='$(PATHS)' SECTION='$(subst ','\'',$(SECTION))' \
		MAINT=$(KSRC)/MAINTAINERS KWARN_MAINT=$(KWARN_MAINT) ROWS1=$$tmp/rows1 OBJECTS=$$tmp/objects \
		$(TOP)/mk/query/top-by.sh < $$tmp/rows; exit $$?;) \
	$(KWARN_INDEX) boots $$sel > $$tmp/boots; \
	if [ -z "$(TOP_SEEDS)" ] && ! grep -qv ' $(W)$$' $$tmp/pick; then \
		$(KWARN_INDEX) sums $(INDEX) $(RUN_DIR) '$(call build-name,$(TOP_TOOLCHAINS),$(W)).jsonl.zst' > $$tmp/sums && \
		$(KWARN_AGG) top -p -n $(TOP_N) -s $$tmp/boots $$tmp/sums; \
	else while read -r tc v; do $(KWARN_INDEX) summaries -n $$sel "$(call build-name,$$tc,$$v).jsonl.zst"; done < $$tmp/pick | \
		$(KWARN_AGG) top -g -n $(TOP_N) $(call w-filter,$(W)) -s $$tmp/boots -; fi || exit $$?; \
	while read -r tc v; do $(if $(TOP_SEEDS),$(KWARN_INDEX) summaries -n $$sel "$(call build-name,$$tc,$$v).jsonl.zst" | \
		$(TOP)/mk/query/unseen.sh -c $$tc $(W),$(KWARN_INDEX) freq -w $(W) $(INDEX) $(RUN_DIR) "$(call build-name,$$tc,$$v).jsonl.zst"); \
	done < $$tmp/pick | $(TOP)/mk/query/unseen.sh $(W)

# make compare A=gcc-12 B=clang-14 [SEED=N | SEEDS="1 2 3"] [FORMAT=json|mail]
# Exit status: 0 compared (differences are the report, not a failure);
# with FAIL_ON_NEW=1, non-zero when B adds warnings or a build is not ok;
# non-zero when a corpus is missing or unreadable (it says which make
# corpus to run). Its last line (stderr) counts new, fixed and persistent
# warnings, and $(O)/compare/status says 0 nothing new, 1 new, 2
# incomplete (mk/query/change.sh; mk/tools/gate.sh exits with it).
FORMAT ?= text
# What people read (compare, its mail, KCIDB) is the warnings of W=1 unless
# W= says otherwise: the level kernel developers fix at ("W=12 adding
# little of value in a lot more noise"), said in one line on stderr
SHOW_W = $(if $(call cmdline,W),$(W),1)
shown-note = $(if $(call cmdline,W),:,echo "kwarn: $(1): the warnings of W=1 (levels 0 and 1) alone; W=12 or W=123 shows more" >&2)
LIST ?= 20
CMP_SEEDS = $(SEEDS_SPEC)
.PHONY: compare
# Each build's summary, through kwarn-agg; corpus/queries/compare.jq is
# the reference the tests hold it to. Each side's in seed order:
# kwarn-agg compares a seed at a time. Not through the index: its
# answer is every site of both sides, which the summaries give faster
# (1,000 seeds: 7.6 s against 13.5 s, doc/benchmarks.md).
compare: $(KWARN_AGG) $(FLAG_NAMES) $(if $(BY),$(KWARN_MAINT))
	$(Q)test -n "$(A)" -a -n "$(B)" || { echo "kwarn: compare needs A=TOOLCHAIN B=TOOLCHAIN" >&2; exit 2; }
	$(if $(BY),$(Q)$(if $(and $(filter list,$(BY)),$(filter mail,$(FORMAT)),$(if $(RUN_A)$(RUN_B),,ok)),:,\
		echo "kwarn: compare: BY=list goes with FORMAT=mail$(comma) on one tree (a mail per MAINTAINERS list)" >&2; exit 2))
ifneq ($(RUN_A)$(RUN_B),)
# two trees (RUN_A=, RUN_B=: RUN directories of CORPUS, this run's when
# one is not given): the same warning across kernel versions
	$(Q)CORPUS=$(CORPUS) O=$(O) RUN_A=$(or $(RUN_A),$(RUN_DIR)) NAME_A=$(call build-name,$(A),$(W),plain) \
		RUN_B=$(or $(RUN_B),$(RUN_DIR)) NAME_B=$(call build-name,$(B),$(W),plain) BOTH='$(BOTH_BUILT)' FORMAT=$(FORMAT) \
		LIST=$(LIST) FAIL_ON_NEW='$(FAIL_ON_NEW)' $(TOP)/mk/query/compare-trees.sh $(CMP_SEEDS)
else
	$(Q)tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	for t in A:$(call tc-name,$(A)) B:$(call tc-name,$(B)); do for s in $$($(TOP)/mk/seeds.sh $(CMP_SEEDS) | sort -n); do \
		d=$(call seed-dir,$(CORPUS),$$s); f=; \
		[ ! -e $$d ] || { [ -d $$d ] && [ -r $$d ] && [ -x $$d ]; } || \
			{ echo "kwarn: $$d: cannot read this seed's directory" >&2; exit 3; }; \
		for v in $(call w-holders,$(SHOW_W)); do \
			g=$$d/$(call build-name,$${t#*:},$$v).jsonl.zst; [ ! -f $$g ] || { f=$$g; break; }; done; \
		[ -n "$$f" ] || { $(call w-missing,$(SHOW_W),$$s,$${t#*:}); exit 2; }; \
		echo $$f; done > $$tmp/$${t%%:*}.files || exit 2; \
		xargs -r -d '\n' $(TOP)/mk/summary.sh -u $$tmp < $$tmp/$${t%%:*}.files > $$tmp/$${t%%:*} || exit 2; done; \
	$(call shown-note,compare); \
	$(KWARN_AGG) compare $(if $(filter json mail,$(FORMAT)),-j) -n $(LIST) $(call w-filter,$(SHOW_W)) -F $(FLAG_NAMES) -A $$tmp/A -B $$tmp/B > $$tmp/agg || exit 2; \
	$(if $(filter json,$(FORMAT)),jq . $$tmp/agg,$(if $(filter mail,$(FORMAT)),RUN_A='$(RUN_DIR)' RUN_B='$(RUN_DIR)' \
		A='$(A)' B='$(B)' W='$(SHOW_W)' LIST='$(LIST)' SETTINGS='$(RUN_SETTINGS)' \
		$(if $(filter list,$(BY)),MAIL_DIR=$(O)/compare/mail MAINT=$(KSRC)/MAINTAINERS KWARN_MAINT=$(KWARN_MAINT) \
		$(TOP)/mk/query/mail-lists.sh,$(TOP)/mk/query/compare-mail.sh) $$tmp/agg $$tmp/A.files $$tmp/B.files,cat $$tmp/agg)) > $$tmp/out || exit 2; \
	cat $$tmp/out; \
	$(TOP)/mk/query/change.sh $(O)/compare/status $$tmp/agg $$tmp/A $$tmp/B || exit 2; \
	case $(if $(filter 1,$(FAIL_ON_NEW)),$$(cat $(O)/compare/status),0) in 1) echo "kwarn: compare: $(B) adds warnings against $(A)" >&2; exit 1 ;; \
		2) echo "kwarn: compare: incomplete: a build of either side is not ok" >&2; exit 1 ;; esac
endif

