# config.mk - one seeded, reproducible randconfig per seed and probability.
#
# Generated once with REF_TOOLCHAIN (Kconfig depends on the compiler) and
# pinned by mk/pin.config: every pinned symbol must keep its value, or the
# config step fails. The result is $(SEEDDIR)/seed.config.

PIN := $(TOP)/mk/pin.config
# CONFIG=NAME adds the named fragment tests/NAME.config to the pin (the
# small test kernel: CONFIG=small); its seeds get directories of their own.
# ALLCONFIG is what randconfig is given, and what the corpus records the
# sha256 of (fragment_sha256).
CONFIG ?=
CONFIG_FRAGMENT = $(if $(CONFIG),$(TOP)/tests/$(CONFIG).config)
SEED_SUFFIX = $(if $(CONFIG),-$(CONFIG))
SEEDDIR = $(O)/seed-$(SEED)-p$(P)$(SEED_SUFFIX)
SEED_CONFIG = $(SEEDDIR)/seed.config
ALLCONFIG = $(if $(CONFIG),$(SEEDDIR)/allconfig,$(PIN))

# SEED in one spelling only: Kconfig reads KCONFIG_SEED with base-0
# strtol, so SEED=08 was refused by Kconfig, which then drew a seed from
# the clock (a corpus nobody can reproduce), and SEED=010 was seed 8
check-seed = $(if $(shell echo '$(SEED)' | grep -xE '0|[1-9][0-9]{0,8}'),,\
	$(error SEED must be a decimal number 0..999999999 without leading zeros, got '$(SEED)'))
check-p = $(if $(shell echo '$(P)' | grep -xE '[0-9]{1,2}|100'),,\
	$(error P (KCONFIG_PROBABILITY) must be 0..100, got '$(P)'))
check-config = $(if $(CONFIG),$(if $(shell echo '$(CONFIG)' | grep -xE '[a-z0-9][a-z0-9-]*'),,\
	$(error CONFIG must name a fragment in tests/ (CONFIG=small), got '$(CONFIG)'))\
	$(if $(wildcard $(CONFIG_FRAGMENT)),,$(error CONFIG=$(CONFIG): no fragment $(CONFIG_FRAGMENT:$(TOP)/%=%))))

# a bad SEED, W, JOBS or CONFIG stops every goal before any work
$(call check-seed)$(call check-config)
# W in one spelling: its digits sorted and deduplicated (W=21 is W=12,
# W=321 is W=123), so one level set has one build and one corpus name
# W_GIVEN: W came from the command line (repro and series-check take the
# corpus's level otherwise, and get no W); override hides it from origin
W_GIVEN := $(filter command line,$(origin W))
W_SORTED := $(shell echo '$(W)' | grep -xE '[123]+' | fold -w1 | sort -u | tr -d '\n')
$(if $(W_SORTED),,$(error W must combine the levels 1, 2 and 3 (1, 12, 123, 2...), got '$(W)'))
override W := $(W_SORTED)
# a JOBS that the kernel's make refuses failed the build only after the
# config step, and left a stamp that said the build was done
$(if $(shell echo '$(JOBS)' | grep -xE '[1-9][0-9]{0,3}'),,\
	$(error JOBS must be a number of parallel jobs, 1..9999, got '$(JOBS)'))

.PHONY: config
config: $(SEED_CONFIG)

$(SEEDDIR)/seed.config: $(TREE_STAMP) $(PIN) $(CONFIG_FRAGMENT) $(TOP)/mk/toolchain.mk | $(DEPS_STAMP)
	$(call check-p)$(call tc-check,$(REF_TOOLCHAIN))
	$(call say,CONFIG,seed $(SEED) p=$(P)$(if $(CONFIG), $(CONFIG)) ($(REF_TOOLCHAIN)))
	$(Q)$(call need-packages,$(call tc-packages,$(REF_TOOLCHAIN)))
	$(Q)mkdir -p $(SEEDDIR)/config
	$(if $(CONFIG),$(Q)cat $(PIN) $(CONFIG_FRAGMENT) > $(ALLCONFIG).tmp && mv $(ALLCONFIG).tmp $(ALLCONFIG))
	$(Q)flock $(SEEDDIR)/config.lock $(call kmake,$(KSRC),$(REF_TOOLCHAIN)) O=$(SEEDDIR)/config \
		KCONFIG_SEED=$(SEED) KCONFIG_PROBABILITY=$(P) \
		KCONFIG_ALLCONFIG=$(ALLCONFIG) randconfig > $(SEEDDIR)/kconfig.log 2>&1 || \
		{ cat $(SEEDDIR)/kconfig.log >&2; exit 1; }
	$(Q)$(TOP)/mk/checkpin.sh $(ALLCONFIG) $(SEEDDIR)/config/.config
	$(Q)cp $(SEEDDIR)/config/.config $@.tmp && mv $@.tmp $@
