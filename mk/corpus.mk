# corpus.mk - parse a build into its corpus file (the queries: mk/query/).
#
# $(CORPUS)/RUN/seed-N/TOOLCHAIN-WLEVEL.jsonl.zst  build record + one record per
#                                             unique warning (schema: corpus/SCHEMA.md)
# $(CORPUS)/RUN/seed-N/TOOLCHAIN-WLEVEL.log.zst    the raw output, compressed
# $(CORPUS)/RUN/seed-N/TOOLCHAIN-WLEVEL.run.json   what varies run to run (times,
#                                             distcc hosts)
# $(CORPUS)/RUN/seed-N/TOOLCHAIN-WLEVEL.sum.zst    its summary: what top and compare
#                                             read (mk/summary.sh)
# RUN is the tree, probability and fragment (RUN_DIR, mk/config.mk), e.g.
# linux-source-6.1/p2. The queries read the RUN of their settings.

export ZSTD_LEVEL := 19
CORPUS_FILE = $(CORPUS_SEEDDIR)/$(call build-name,$(TOOLCHAIN),$(W),$(VARIANT)).jsonl.zst

.PHONY: corpus-one where
# where the settings' seed, build and corpus file are (RUN names the
# fragment by its content: make where FRAGMENT=my.config)
where:
	@printf '%-7s %s\n' run $(RUN_DIR) config $(SEED_CONFIG) build $(BUILDDIR) corpus $(CORPUS_FILE) index $(INDEX) o $(O)
# make corpus, the seed x toolchain x W matrix: mk/campaign.mk
corpus-one: $(CORPUS_FILE)
	@echo "  CORPUS   $(CORPUS_FILE:$(TOP)/%=%)"

# the checkers a corpus was made with: when they change, it is made again
CHECKERS_USED = $(BUILDDIR).checkers
$(CHECKERS_USED): FORCE
	$(Q)mkdir -p $(@D); echo '$(strip $(CHECKERS)) $(strip $(FILES))' | cmp -s - $@ || \
		echo '$(strip $(CHECKERS)) $(strip $(FILES))' > $@
.PHONY: FORCE
FORCE:

# (the index is brought up to date with it: the campaign's builds under -j
# wait for each other's updates)
$(CORPUS_FILE): $(BUILD_STAMP) $(CHECKERS_USED) $(KWARN_PARSE) $(TOP)/mk/corpus.sh $(TOP)/mk/levels.sh \
		$(TOP)/mk/summary.sh | $(KWARN_INDEX)
	$(rebuild-if-emptied)
	$(call say,PARSE,$(notdir $(BUILDDIR)))
	$(Q)mkdir -p $(@D)
	$(Q)$(BUILD_DESC) $(TOP)/mk/corpus.sh $(BUILDDIR)
	$(Q)$(call index-update,$(RUN_DIR))
