# kcidb.mk - the run's corpora as one KCIDB I/O v5.3 submission, for
# KernelCI's result database (mk/tools/kcidb.sh; doc/kcidb.md).
#
#   make kcidb [SEEDS="1-1000"] [ORIGIN=kwarn] [KCIDB_FILE=out.json]
#
# The seeds of SEEDS (or SEED) given on the command line, else every seed
# of the run in CORPUS; per seed and toolchain, the warnings of W=1 (W= for
# another level: mk/query/query.mk's SHOW_W) from its W=1 build, else from the
# first cumulative level above that was built; each seed's boots. The
# document goes to KCIDB_FILE, whole or not at all.

ORIGIN ?= kwarn
KCIDB_URL ?=
KCIDB_FILE ?= $(O)/kcidb/$(RUN_DIR).json
KCIDB_SEEDS = $(if $(SEEDS)$(call cmdline,SEED),$(SEEDS_SPEC))

.PHONY: kcidb
kcidb: $(FLAG_NAMES)
	$(Q)mkdir -p $(dir $(abspath $(KCIDB_FILE)))
	$(Q)$(call shown-note,kcidb); W='$(SHOW_W)' HOLDERS='$(call w-holders,$(SHOW_W))' FLAG_NAMES='$(FLAG_NAMES)' \
		URL='$(if $(KCIDB_URL),$(patsubst %/,%,$(KCIDB_URL))/$(RUN_DIR))' ORIGIN=$(ORIGIN) CORPUS_RUN=$(CORPUS_RUN) \
		RUN_SETTINGS='$(RUN_SETTINGS)' KSRC_USER='$(KSRC_USER)' $(TOP)/mk/tools/kcidb.sh $(abspath $(KCIDB_FILE)) $(KCIDB_SEEDS)
