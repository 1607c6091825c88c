# merge.mk - gather corpora made elsewhere into $(CORPUS).
#
#   make merge FROM="dir1 dir2" [CORPUS=DIR]
#
# Every corpus file under each FROM comes to the same path under
# $(CORPUS), with its .log.zst, .run.json and .sum.zst (hard-linked on
# the same file system, else copied), each checked once: its summary
# against the file, or the whole file when it has none (it then gets one).
# Two different corpora for one path are refused before anything is
# written. mk/tools/merge.sh says how. Then the index takes what came in
# (mk/index.mk).
.PHONY: merge
merge: $(KWARN_INDEX)
	$(Q)test -n "$(strip $(FROM))" || { echo "kwarn: merge needs FROM=\"DIR...\": the corpus directories to gather" >&2; exit 2; }
	$(Q)$(TOP)/mk/tools/merge.sh $(CORPUS) $(abspath $(FROM))
	$(Q)$(call index-update)
