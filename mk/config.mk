# config.mk - one seeded, reproducible randconfig per seed and probability.
#
# Generated once with REF_TOOLCHAIN (Kconfig depends on the compiler) and
# pinned by mk/pin.config: every pinned symbol must keep its value, or the
# config step fails. The result is $(SEEDDIR)/seed.config.

SEEDDIR = $(O)/seed-$(SEED)-p$(P)
SEED_CONFIG = $(SEEDDIR)/seed.config
PIN := $(TOP)/mk/pin.config

check-seed = $(if $(shell echo '$(SEED)' | grep -xE '[0-9]{1,9}'),,\
	$(error SEED must be a non-negative integer, got '$(SEED)'))
check-w = $(if $(shell echo '$(W)' | grep -xE '[123]{1,3}'),,\
	$(error W must combine the levels 1, 2 and 3 (1, 12, 123, 2...), got '$(W)'))
check-p = $(if $(shell echo '$(P)' | grep -xE '[0-9]{1,2}|100'),,\
	$(error P (KCONFIG_PROBABILITY) must be 0..100, got '$(P)'))

.PHONY: config
config: $(SEED_CONFIG)

$(SEEDDIR)/seed.config: $(TREE_STAMP) $(PIN) $(TOP)/mk/toolchain.mk | $(DEPS_STAMP)
	$(call check-seed)$(call check-p)$(call tc-check,$(REF_TOOLCHAIN))
	$(call say,CONFIG,seed $(SEED) p=$(P) ($(REF_TOOLCHAIN)))
	$(Q)$(call need-packages,$(call tc-packages,$(REF_TOOLCHAIN)))
	$(Q)mkdir -p $(SEEDDIR)/config
	$(Q)flock $(SEEDDIR)/config.lock $(call kmake,$(KSRC),$(REF_TOOLCHAIN)) O=$(SEEDDIR)/config \
		KCONFIG_SEED=$(SEED) KCONFIG_PROBABILITY=$(P) \
		KCONFIG_ALLCONFIG=$(PIN) randconfig > $(SEEDDIR)/kconfig.log 2>&1 || \
		{ cat $(SEEDDIR)/kconfig.log >&2; exit 1; }
	$(Q)$(TOP)/mk/checkpin.sh $(PIN) $(SEEDDIR)/config/.config
	$(Q)cp $(SEEDDIR)/config/.config $@.tmp && mv $@.tmp $@
