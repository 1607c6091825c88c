# corpus.mk - parse a build into its corpus file, and query corpora.
#
# $(CORPUS)/seed-N/TOOLCHAIN-WLEVEL.jsonl.zst  build record + one record per
#                                             unique warning (schema: corpus/SCHEMA.md)
# $(CORPUS)/seed-N/TOOLCHAIN-WLEVEL.log.zst    the raw output, compressed
# $(CORPUS)/seed-N/TOOLCHAIN-WLEVEL.run.json   what varies run to run (times)

export ZSTD_LEVEL := 19
CORPUS_FILE = $(CORPUS)/seed-$(SEED)/$(TC_NAME)-W$(W).jsonl.zst

.PHONY: corpus top
corpus: $(if $(SEEDS),corpus-seeds,$(CORPUS_FILE))
	@echo "  CORPUS   $(CORPUS_FILE:$(TOP)/%=%)"

$(CORPUS)/seed-$(SEED)/%.jsonl.zst: $(BUILD_STAMP) $(KWARN_PARSE) $(TOP)/mk/corpus.sh $(TOP)/mk/levels.sh
	$(call say,PARSE,$(notdir $(BUILDDIR)))
	$(Q)mkdir -p $(@D)
	$(Q)$(TOP)/mk/corpus.sh $@ $(BUILDDIR) $(KSRC) $(SEEDDIR) $(TC_NAME) \
		$(call tc-family,$(TOOLCHAIN)) '$(call tc-cc,$(TOOLCHAIN))' \
		'$(call tc-packages,$(TOOLCHAIN))' $(SEED) $(P) $(W) $(PIN) \
		'$(SERIES_SHA)' '$(SRC_PKG) $(SRC_VERSION)' $(KWARN_PARSE) \
		$(call kmake-in,$(BUILDDIR),$(TOOLCHAIN))

# several seeds, one after the other
.PHONY: corpus-seeds
corpus-seeds:
	$(Q)n=$(words $(SEEDS)); k=0; for s in $(SEEDS); do k=$$((k + 1)); \
		echo "  SEED     $$s ($$k of $$n)"; \
		$(MAKE) corpus SEED=$$s SEEDS= O=$(O) CORPUS=$(CORPUS) P=$(P) \
			TOOLCHAIN=$(TOOLCHAIN) W=$(W) JOBS=$(JOBS) V=$(V); done

# top offenders: one seed with SEED= on the command line, else every seed
TOP_SEEDS = $(if $(filter command line,$(origin SEED)),seed-$(SEED),seed-*)
TOP_N ?= 10
top:
	$(Q)files=$$(ls $(CORPUS)/$(TOP_SEEDS)/*.jsonl.zst 2>/dev/null) || \
		{ echo "kwarn: no corpus in $(CORPUS)/$(TOP_SEEDS); run make corpus first" >&2; exit 1; }; \
	$(TOP)/mk/corpus-check.sh $$files; \
	zstd -dcq $$files | jq -n -r --argjson n $(TOP_N) -f $(TOP)/corpus/queries/top.jq
