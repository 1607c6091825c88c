# index.mk - the campaign index: the corpus files of CORPUS as one SQLite
# database (helpers/kwarn-index.c; doc/index.md: its schema, and SQL for
# users' own questions), what make top, make report, why's hint and
# repro's lookup read: make top over every seed the sums it keeps per
# flag, file and key as builds come in, the others each build's summary
# given back. make compare reads the summaries (faster for its answer:
# every site of two toolchains; doc/benchmarks.md).
#
#   make index [CORPUS=]     made again from the corpus files (the same content)
#   sqlite3 $(make -s where | sed -n 's/^index *//p')   your own SQL
#
# make corpus and make merge update it; a query brings the
# index of its RUN up to date first (a stat per file finds the files
# written, replaced or removed since: they are read again). It lives in
# O= (a local disk: SQLite's locks are not to be trusted on a network
# file system), named by CORPUS's path with each / as ^.

KWARN_INDEX := $(HOSTOUT)/bin/kwarn-index
INDEX := $(O)/index/$(subst /,^,$(CORPUS)).sqlite
# $(call index-update[,RUN[,-a]]): the index brought up to date with the
# files of RUN (all of CORPUS without); -a: made again from them
index-update = mkdir -p $(O)/index && $(KWARN_INDEX) update $(if $(1),-r $(1)) $(2) \
	-s $(TOP)/mk/summary.sh $(INDEX) $(CORPUS)

.PHONY: index
index: $(KWARN_INDEX)
	$(Q)$(call index-update,,-a)
	@echo "  INDEX    $(INDEX)"
