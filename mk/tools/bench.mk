# bench.mk - make bench: what kwarn costs, as ratios against baselines run
# in the same invocation on the same input (bench/bench.sh says which).
#
#   make bench                      >= 1 GiB of the corpus's raw W=123 logs
#   make bench BENCH_SIZE=small     16 MiB and cut-down corpora: does it run
#   make bench BENCH_CAMPAIGN_SEEDS="1 10"  make top and make compare over
#                                   1 and 10 seeds only (1 10 100 1000)
#   make bench [SEED= P= TOOLCHAIN=]  the repro figure builds that seed once
#   make bench BENCH_WHY=1          also make why on four warnings of that seed
#                                   (about ten minutes each at P=2)
#   make bench BUILDS=1 [SEED= P= TOOLCHAIN=] [DISTCC_HOSTS=...]
#                                   also the kernel build figures (hours:
#                                   bench/builds.sh builds the seed 11 times,
#                                   12 with distcc, as the build uses it)
#
# Needs a corpus with its raw logs (make corpus). Inputs and scratch files
# go to $(O)/bench (the campaign corpus of make top and make compare too:
# bench/campaign.sh); the figures are also written to $(O)/bench/results-SIZE.txt.

BENCH_SIZE ?= full
BENCH_PACKAGES := python3 jq zstd time
# CORPUS: the run's seeds (RUN_DIR); CORPUS_ROOT and RUN_VARS for the
# makes the bench runs (they find the run again from its settings)
BENCH_ENV = O=$(O) TOP=$(TOP) CORPUS_RUN=$(CORPUS_RUN) CORPUS_ROOT=$(CORPUS) RUN_DIR=$(RUN_DIR) \
	RUN_VARS='P=$(P) CONFIG=$(CONFIG)$(if $(KSRC_USER), KSRC=$(KSRC))' KSRC=$(KSRC) KWARN_PARSE=$(KWARN_PARSE) \
	MAKE="$(MAKE)" W=$(W) BENCH_SIZE=$(BENCH_SIZE) \
	$(foreach v,BENCH_BYTES BENCH_RUNS BENCH_SLOW_RUNS BENCH_CAMPAIGN_SEEDS BENCH_WHY \
		BUILDS BENCH_BUILD_RUNS BENCH_BUILD_TARGET BENCH_BUILD_PARTS,$(if $($(v)),$(v)="$($(v))"))
# The seed's corpus build gives the config of every build (the full build
# of the repro figure, and BUILDS=1's); each build runs the
# kernel's make without ccache, with and without kwarn-cc; with
# DISTCC_HOSTS, once more through distcc as mk/build.mk runs it
BENCH_DISTCC = $(call use-distcc,$(TOOLCHAIN))
BENCH_BUILD_ENV = SEED=$(SEED) P=$(P) TC_NAME=$(TC_NAME) JOBS=$(JOBS) KWARN_CC=$(KWARN_CC) \
	BUILD_CONFIG=$(BUILDDIR)/.config \
	KMAKE_PLAIN='$(call kmake,@DIR@,$(TOOLCHAIN),)' KMAKE_WRAPPED='$(call kmake,@DIR@,$(TOOLCHAIN),1)' \
	$(if $(DISTCC_HOSTS),DISTCC_HOSTS='$(DISTCC_HOSTS)' \
		DISTCC_SKIP='$(if $(BENCH_DISTCC),,$(call distcc-why,$(TOOLCHAIN)))' DISTCC_JOBS=$(DISTCC_JOBS) \
		KMAKE_DISTCC='$(TOP)/mk/tools/distcc-pump.sh @DIR@/distcc.log $(call kmake,@DIR@,$(TOOLCHAIN),distcc)' \
		KMAKE_DISTCC_PREPARE='$(call kmake,@DIR@,$(TOOLCHAIN),distcc)')

.PHONY: bench
bench: CCACHE := 0
bench: $(KWARN_PARSE) $(KWARN_CC) $(if $(filter 1,$(BUILDS)),$(if $(BENCH_DISTCC),$(KWARN_DISTCC))) | $(DEPS_STAMP)
	$(Q)$(call need-packages,$(BENCH_PACKAGES) $(if $(filter 1,$(BUILDS)),$(if $(BENCH_DISTCC),$(DISTCC_PACKAGES))))
	$(Q)mkdir -p $(O)/bench
	$(Q)$(BENCH_ENV) $(BENCH_BUILD_ENV) \
		$(TOP)/bench/bench.sh | tee $(O)/bench/results-$(BENCH_SIZE).txt
