# repro.mk - reproduce one reported warning at the cost of one object.
#
#   make repro ID=3f2a9c                      a corpus key or unique prefix
#   make repro LINE='x.c:12:5: warning: ... [-Wfoo]' SEED=17 TOOLCHAIN=clang-14
#   make repro ID=3f2a9c SCRIPT=repro.sh      a script for a fresh Debian 12
#   make repro ID=3f2a9c W=1                  at another W level
#   make repro REPORT=mail.txt DOTCONFIG=config.gz [N=2] [TOOLCHAIN=gcc-12]
#                                             a build bot's report, its config
#   make repro LINE='...' DOTCONFIG=config    one line, a report's config
#
# mk/query/repro.sh exits 0 when the warning came back (each of a report's),
# 1 when the build ran and it did not (or its object is not compiled in
# the report's config), 2 on a setup error (unknown or ambiguous ID, no corpus, missing
# toolchain). make turns any failure into its own 2, so the script's code
# is also written to $(O)/repro/status.

.PHONY: repro
# The warning is looked up first: an unknown or ambiguous key stops before
# the tree is unpacked (minutes on a fresh O=); then make prepares the
# tree (the build's descriptor installs its toolchain: mk/build.mk scratch-desc)
repro-vars = ID='$(ID)' LINE='$(subst ','\'',$(LINE))' \
	SEED='$(if $(call cmdline,SEED),$(SEED))' \
	TOOLCHAIN='$(if $(call cmdline,TOOLCHAIN),$(TOOLCHAIN))' \
	$(if $(W_GIVEN),W='$(W)') \
	SCRIPT='$(if $(SCRIPT),$(abspath $(SCRIPT)))' \
	DOTCONFIG='$(if $(DOTCONFIG),$(abspath $(DOTCONFIG)))' REPORT='$(if $(call cmdline,REPORT),$(abspath $(REPORT)))' \
	N='$(N)' DEFAULT_TOOLCHAIN='$(TOOLCHAIN)' \
	CORPUS='$(CORPUS)' O='$(O)' KSRC='$(KSRC)' TOP='$(TOP)' \
	TREE_DIR='$(TREE_DIR)' RUN='$(RUN_DIR)' SERIES='$(SERIES)' KVER='$(KVER)' \
	SRC_TARBALL='$(SRC_TARBALL)' SRC_PKG='$(SRC_PKG)' \
	KWARN_CC='$(KWARN_CC)' KWARN_PARSE='$(KWARN_PARSE)' KWARN_INDEX='$(KWARN_INDEX)' INDEX='$(INDEX)'
# (the index, brought up to date first, says which corpus files print the key)
repro: $(KWARN_PARSE) $(KWARN_INDEX)
	$(Q)mkdir -p $(O)/repro; rm -f $(O)/repro/status; \
	$(call index-update) || { echo 2 > $(O)/repro/status; exit 2; }; status=0; \
	$(TOP)/mk/query/repro.sh PHASE=find $(repro-vars) && \
	$(MAKE) -s $(TREE_STAMP) $(KWARN_CC) O=$(O) $(if $(KSRC_USER),KSRC=$(KSRC_USER),KVER=$(KVER)) && \
	$(TOP)/mk/query/repro.sh PHASE=build $(repro-vars) || status=$$?; \
	echo $$status > $(O)/repro/status; exit $$status
