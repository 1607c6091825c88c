# why.mk - the Kconfig symbols that make one corpus warning appear.
#
#   make why ID=3f2a9c                        a corpus key or unique prefix
#   make why LINE='x.c:12:5: warning: ... [-Wfoo]' SEED=17 TOOLCHAIN=clang-14
#   make why ID=3f2a9c WHY_SYMBOLS="CONFIG_A CONFIG_B"   only these candidates
#
# The warning is looked up as make repro looks it up (mk/query/repro.sh
# PHASE=find, into $(O)/why/); mk/query/why.sh then probes configs at the cost of
# one object each (repro's path: mk/build.sh, mk/corpus.sh records) in
# $(O)/why/KEY-TOOLCHAIN-WLEVEL. It exits 0 when it found a set of
# symbols that makes the warning go away, 1 when no candidate does, 2 on a
# setup error; make turns any failure into its own 2, so the script's
# code is also written to $(O)/why/status.

WHY_PROBES ?= 20
.PHONY: why
why: $(KWARN_PARSE) $(KWARN_INDEX)
	$(Q)mkdir -p $(O)/why; rm -f $(O)/why/status; \
	$(call index-update) || { echo 2 > $(O)/why/status; exit 2; }; status=0; \
	STEP=why $(TOP)/mk/query/repro.sh PHASE=find STATE=$(O)/why $(repro-vars) && \
	$(MAKE) -s $(TREE_STAMP) $(KWARN_CC) O=$(O) $(if $(KSRC_USER),KSRC=$(KSRC_USER),KVER=$(KVER)) && \
	$(TOP)/mk/query/why.sh STATE=$(O)/why $(repro-vars) WHY_PROBES='$(WHY_PROBES)' \
		WHY_SYMBOLS='$(WHY_SYMBOLS)' || status=$$?; \
	echo $$status > $(O)/why/status; exit $$status
