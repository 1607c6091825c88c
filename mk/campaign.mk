# campaign.mk - make corpus and make boot: every seed of SEEDS (or SEED)
# with every toolchain of TOOLCHAINS at every level of WLEVELS, and each
# seed's boot, as make targets.
#
#   make corpus SEEDS=1-1000 [JOBS=N | make -jN corpus] [BUILD_TIMEOUT=S]
#               [KEEP_BUILDS=0]
#
# One make and one jobserver of JOBS (or -jN) slots for every build; each
# build a sub-make (make corpus-one) whose stamps make a rerun go on where
# it stopped. A step that fails is recorded and the campaign goes on
# (make exits 1 at the end); a kernel that fails to build is a finding, in
# its corpus file (doc/campaigns.md).
# $(O)/campaign/RUN/DATE-PID.log  one line per finished step (mk/campaign-step.sh),
#                                 the progress line's source; last.log links it

# the default matrix: the oldest and newest packaged GCC, and one Clang
TOOLCHAINS ?= $(if $(call cmdline,TOOLCHAIN),$(TOOLCHAIN),gcc-11 gcc-12 clang-14)
# one W=123 build gives every level by attribution; WLEVELS="1 12 123"
# builds each level for real
WLEVELS ?= $(W)
# then each seed's profiling image is booted (mk/boot.mk); BOOT=0 skips it.
# It is built locally: distcc would put the servers' paths in its __FILE__s
BOOT ?= 1
# seconds a kernel build may take (0: no limit); the corpus records a
# build stopped then as "timeout", and the next run goes on with it
BUILD_TIMEOUT ?= 0
# KEEP_BUILDS=0 empties each build directory (about 1 GB) once its corpus,
# or its boot, is written; its stamps stay, so the campaign still knows it
# is done (a corpus that must be remade rebuilds it first)
KEEP_BUILDS ?= 1

# SEEDS: numbers and ranges ("1-1000", "1 5 9", "1-10 20"), each seed once,
# in the order given (mk/seeds.sh). SEEDS_SPEC is what the recipes expand
# themselves: 100,000 seeds would not fit in one command line.
# CAMPAIGN_SEEDS is expanded once, by the first goal that uses it: a
# make help or make top does not pay for a campaign's list
SEEDS_SPEC = $(or $(SEEDS),$(SEED))
CAMPAIGN_SEEDS = $(eval CAMPAIGN_SEEDS := $$(if $$(findstring -,$$(SEEDS)),$$(shell $$(TOP)/mk/seeds.sh $$(SEEDS)),$$(SEEDS_SPEC)))$(CAMPAIGN_SEEDS)

# A target per step: campaign-build/SEED/TOOLCHAIN/W, campaign-boot/SEED/
# TOOLCHAIN (a prefix's / written as ^), each after its seed's config
# (each seed's part of the names made once: 100,000 seeds take seconds)
campaign-build-parts = $(foreach t,$(TOOLCHAINS),$(foreach w,$(WLEVELS),/$(call path-as-name,$(t))/$(w)))
campaign-builds = $(foreach s,$(CAMPAIGN_SEEDS),$(addprefix campaign-build/$(s),$(campaign-build-parts)))
# (make boot always boots; make corpus unless BOOT=0; no other goal)
campaign-boot-parts = $(foreach t,$(BOOT_TOOLCHAINS),/$(call path-as-name,$(t)))
campaign-boots = $(if $(filter boot,$(CAMPAIGN))$(and $(filter corpus,$(CAMPAIGN)),$(filter 1,$(BOOT))),\
	$(foreach s,$(CAMPAIGN_SEEDS),$(addprefix campaign-boot/$(s),$(campaign-boot-parts))))
campaign-targets = $(strip $(if $(filter corpus,$(CAMPAIGN)),$(campaign-builds)) $(campaign-boots))

# is this make part of a jobserver (make -jN, or a make it started)?
jobserver = $(filter --jobserver-auth=% --jobserver-fds=%,$(MAKEFLAGS))

# make corpus and make boot (make alone: make corpus) run JOBS steps at
# once in this make; make -jN says N, and a make in another's jobserver
# takes its slots
CAMPAIGN := $(filter corpus boot,$(or $(MAKECMDGOALS),corpus))
ifneq ($(CAMPAIGN),)
ifeq ($(jobserver),)
MAKEFLAGS += -j$(JOBS)
endif
endif
# the run's step log, named once: its start and make's pid
CAMPAIGN_DIR = $(O)/campaign/$(RUN_DIR)
CAMPAIGN_LOG = $(eval CAMPAIGN_LOG := $(CAMPAIGN_DIR)/$(shell date -u +%Y%m%dT%H%M%SZ)-$(shell echo $$PPID).log)$(CAMPAIGN_LOG)
CAMPAIGN_STEP = $(TOP)/mk/campaign-step.sh $(CAMPAIGN_LOG)

.PHONY: corpus boot campaign-prep
corpus boot: $(campaign-targets)
	$(Q)$(CAMPAIGN_STEP) end

# what every step needs, made once before any: the tree, the helpers, the
# packages of every toolchain (two apt-gets at once would fight over its
# lock), the initramfs; then the progress log's first line
campaign-prep: $(TREE_STAMP) $(KWARN_CC) $(KWARN_PARSE) \
		$(if $(campaign-boots),$(KWARN_SITES) $(INITRAMFS))
	$(Q)$(call need-packages,$(if $(campaign-boots),$(BOOT_PACKAGES)) \
		$(foreach t,$(sort $(if $(filter corpus,$(CAMPAIGN)),$(TOOLCHAINS)) $(if $(campaign-boots),$(BOOT_TOOLCHAINS)) \
			$(REF_TOOLCHAIN)),$(call tc-packages,$(t))) \
		$(filter sparse,$(CHECKERS)) $(if $(DISTCC_HOSTS),$(DISTCC_PACKAGES)))
	$(Q)mkdir -p $(CAMPAIGN_DIR) && ln -sfn $(notdir $(CAMPAIGN_LOG)) $(CAMPAIGN_DIR)/last.log
	$(Q)$(CAMPAIGN_STEP) start $(words $(filter campaign-build/% campaign-boot/%,$(campaign-targets)))

# campaign-step.sh runs each step's sub-make and records how it ended.
# Each sub-make gets the settings the user gave (KWARN_CMDLINE, from
# GNUmakefile), then its own SEED= etc., which win
step-seed = $(word 1,$(subst /, ,$*))
step-tc = $(subst ^,/,$(word 2,$(subst /, ,$*)))
step-w = $(word 3,$(subst /, ,$*))
# what corpus-one and boot-one name BUILDDIR and CORPUS_FILE (build.mk,
# corpus.mk), for the step's seed, toolchain and W
step-builddir = $(call seed-dir,$(O),$(step-seed))/$(call build-name,$(step-tc),$(1),$(2))
step-empty = $(if $(filter 0,$(KEEP_BUILDS)),$(1))

campaign-config/%: | campaign-prep
	+$(Q)STEP_LABEL='seed $*' STEP_SEED=$* $(CAMPAIGN_STEP) config \
		$(MAKE) -s config $(KWARN_CMDLINE) SEED=$*

.SECONDEXPANSION:
campaign-build/%: campaign-config/$$(firstword $$(subst /, ,$$*)) | campaign-prep
	+$(Q)STEP_LABEL='seed $(step-seed) $(step-tc) W=$(step-w)' STEP_SEED=$(step-seed) \
		STEP_CORPUS=$(call seed-dir,$(CORPUS),$(step-seed))/$(call build-name,$(step-tc),$(step-w),plain).jsonl.zst \
		STEP_EMPTY=$(call step-empty,$(call step-builddir,$(step-w),plain)) $(CAMPAIGN_STEP) build \
		$(MAKE) corpus-one $(KWARN_CMDLINE) SEED=$(step-seed) TOOLCHAIN=$(step-tc) W=$(step-w) VARIANT=plain

campaign-boot/%: campaign-config/$$(firstword $$(subst /, ,$$*)) | campaign-prep
	+$(Q)STEP_LABEL='seed $(step-seed) $(step-tc) boot' STEP_SEED=$(step-seed) \
		STEP_EMPTY=$(call step-empty,$(call step-builddir,$(W),profile)) $(CAMPAIGN_STEP) boot \
		$(MAKE) boot-one $(KWARN_CMDLINE) SEED=$(step-seed) TOOLCHAIN=$(step-tc) VARIANT=profile DISTCC_HOSTS=
