# newwarn.mk - only what a patch introduces, with every toolchain and checker.
#
#   make newwarn SEED=1 DIFF=my.patch [TOOLCHAINS="gcc-12 clang-14"] [CHECKERS=sparse]
#
# Applies DIFF on top of the prepared tree (series/ included) in a scratch
# copy, builds only the objects it touches (and, for a touched header, up to
# NEWWARN_MAX objects that include it, as recorded by this seed's build),
# without and with DIFF, and lists the findings whose key is new, each with
# the command that reproduces it. mk/query/newwarn.sh ends with 0 when nothing is
# new, 1 when the diff adds findings, 2 on a setup error; make turns any
# failure into its own 2, so the script's status is left in
# $(O)/newwarn/status.

NEWWARN_MAX ?= 20
.PHONY: newwarn
newwarn: $(TREE_STAMP) $(KWARN_CC) $(KWARN_PARSE) $(SEED_CONFIG)
	$(Q)mkdir -p $(O)/newwarn; status=0; $(TOP)/mk/query/newwarn.sh \
		DIFF='$(if $(DIFF),$(abspath $(DIFF)))' SEED='$(SEED)' SEEDDIR='$(SEEDDIR)' \
		TOOLCHAINS='$(TOOLCHAINS)' CHECKERS='$(CHECKERS)' W='$(W)' JOBS='$(JOBS)' \
		MAX='$(NEWWARN_MAX)' O='$(O)' KSRC='$(KSRC)' TOP='$(TOP)' \
		KWARN_CC='$(KWARN_CC)' KWARN_PARSE='$(KWARN_PARSE)' || status=$$?; \
	echo $$status > $(O)/newwarn/status; exit $$status
