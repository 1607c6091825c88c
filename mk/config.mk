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
# FRAGMENT="a.config b.config": the user's own lines, added after the pin
# and CONFIG's (checked by mk/settings.mk, FRAGMENT_ID). The seeds get
# directories of their own, named by the lines' content: -frag-ID.
FRAGMENT_FILES = $(abspath $(FRAGMENT))
SEED_SUFFIX = $(if $(CONFIG),-$(CONFIG))$(if $(FRAGMENT_ID),-frag-$(FRAGMENT_ID))
# RUN_DIR: what makes the seeds of a campaign differ from another's (the
# tree, the probability, the fragment): one directory of seeds each, in O=
# (configs and builds) and in CORPUS, so that no two different builds
# share a path: linux-source-6.1/p2/seed-1, linux-source-6.1/p0-small/seed-1,
# ksrc^home^me^linux/p2/seed-1, linux-source-6.1/p2-frag-3f2a9c0d1b2e/seed-1
RUN_DIR = $(TREE_DIR)/p$(P)$(SEED_SUFFIX)
# the settings that select this run, as a command line gives them: what
# make kcidb's build commands and compare's repro lines say
RUN_SETTINGS = P=$(P)$(if $(CONFIG), CONFIG=$(CONFIG))$(if $(FRAGMENT), FRAGMENT="$(FRAGMENT_FILES)")$(if \
	$(KSRC_USER), KSRC=$(KSRC),$(if $(filter-out 6.1,$(KVER)), KVER=$(KVER)))
# $(call seed-dir,ROOT,SEED[,RUN]): a seed's directory of this run (or of
# RUN) in O or CORPUS; scripts have mk/lib.sh's seed_dir
seed-dir = $(1)/$(or $(3),$(RUN_DIR))/seed-$(2)
SEEDDIR = $(call seed-dir,$(O),$(SEED))
CORPUS_RUN = $(CORPUS)/$(RUN_DIR)
CORPUS_SEEDDIR = $(call seed-dir,$(CORPUS),$(SEED))
SEED_CONFIG = $(SEEDDIR)/seed.config
# A tree's own lines for a fragment F.config (mk/pin.config, tests/NAME.config)
# are in F.KVER.config (mk/pin.6.12.config): each replaces F's line of the
# same symbol, or is added (a symbol one tree renamed or dropped). Without
# any, ALLCONFIG is the fragments as they are (the same sha256 as before).
tree-overlay = $(wildcard $(patsubst %.config,%.$(KVER).config,$(1)))
PIN_OVERLAYS = $(if $(KSRC_USER),,$(call tree-overlay,$(PIN) $(CONFIG_FRAGMENT)))
# FRAGMENT: every line of the user's files is a Kconfig line and none
# contradicts the pin, CONFIG's fragment, their overlays or another
# FRAGMENT line (mk/fragment.sh), checked when make reads this, before
# the tree is touched. FRAGMENT_ID names the lines' content.
ifneq ($(strip $(FRAGMENT)),)
FRAGMENT_ID := $(shell $(TOP)/mk/fragment.sh id $(PIN) $(CONFIG_FRAGMENT) $(PIN_OVERLAYS) -- $(FRAGMENT) 2>&1)
$(if $(call made-of,$(FRAGMENT_ID),$(digits) a b c d e f),,$(error FRAGMENT: $(subst kwarn: FRAGMENT: ,,$(FRAGMENT_ID))))
endif
ALLCONFIG = $(if $(CONFIG)$(PIN_OVERLAYS)$(FRAGMENT_ID),$(SEEDDIR)/allconfig,$(PIN))
# the line before the user's lines in ALLCONFIG (mk/corpus.sh lists those)
FRAGMENT_MARK := \# kwarn: FRAGMENT= lines

.PHONY: config
config: $(SEED_CONFIG)

# What the seed's config is made from, as one hash: REF_TOOLCHAIN, the
# tree, the contents of the pin, CONFIG's fragment and their overlays,
# the FRAGMENT= lines and what a toolchain means. It is written when it
# changes, and the config is made again: file times cannot tell another
# REF_TOOLCHAIN, or another checkout's pin in a shared O=, and a fresh
# clone's files are newer than configs made from the same content
# remade only when the hash differs, so that make -q answers truly
CONFIG_INPUTS = $(SEEDDIR)/config.inputs
config-inputs-hash = $(eval config-inputs-hash := $(shell { echo '$(REF_TOOLCHAIN) $(TREE_ID) $(FRAGMENT_ID)'; \
	cat $(PIN) $(CONFIG_FRAGMENT) $(PIN_OVERLAYS) $(TOP)/mk/toolchain.mk; } | sha256sum | cut -c1-64))$(config-inputs-hash)
$(CONFIG_INPUTS): $(if $(filter $(config-inputs-hash),$(file < $(CONFIG_INPUTS))),,FORCE)
	$(Q)mkdir -p $(@D) && echo '$(config-inputs-hash)' > $@

# A config made again with the same bytes keeps its time (and the inputs'
# file takes it): the seed's builds and corpora stay as they are
$(SEEDDIR)/seed.config: $(CONFIG_INPUTS) | $(TREE_STAMP) $(DEPS_STAMP)
	$(call say,CONFIG,seed $(SEED) p=$(P)$(if $(CONFIG), $(CONFIG))$(if $(FRAGMENT_ID), fragment $(FRAGMENT_ID)) ($(REF_TOOLCHAIN)))
	$(Q)$(call need-packages,$(call tc-packages,$(REF_TOOLCHAIN)))
	$(Q)$(call tc-min,$(REF_TOOLCHAIN))
	$(Q)mkdir -p $(SEEDDIR)/config
	$(if $(CONFIG)$(PIN_OVERLAYS)$(FRAGMENT_ID),$(Q){ $(if $(PIN_OVERLAYS),$(TOP)/mk/overlay.awk $(PIN) $(CONFIG_FRAGMENT) $(PIN_OVERLAYS),\
		cat $(PIN) $(CONFIG_FRAGMENT))$(if $(FRAGMENT_ID),; echo '$(FRAGMENT_MARK)'; \
		$(TOP)/mk/fragment.sh lines $(FRAGMENT_FILES)); } > $(ALLCONFIG).tmp && mv $(ALLCONFIG).tmp $(ALLCONFIG))
	$(Q)flock $(SEEDDIR)/config.lock $(call kmake,$(KSRC),$(REF_TOOLCHAIN)) O=$(SEEDDIR)/config \
		KCONFIG_SEED=$(SEED) KCONFIG_PROBABILITY=$(P) \
		KCONFIG_ALLCONFIG=$(ALLCONFIG) randconfig > $(SEEDDIR)/kconfig.log 2>&1 || \
		{ cat $(SEEDDIR)/kconfig.log >&2; exit 1; }
	$(Q)$(TOP)/mk/checkpin.sh $(SEEDDIR)/config/.config \
		$(if $(PIN_OVERLAYS),$(ALLCONFIG),$(PIN) $(CONFIG_FRAGMENT) $(FRAGMENT)) \
		-- $(call kmake-in,$(KSRC),$(REF_TOOLCHAIN))
	$(Q)if cmp -s $(SEEDDIR)/config/.config $@; then touch -r $@ $(CONFIG_INPUTS); \
	else cp $(SEEDDIR)/config/.config $@.tmp && mv $@.tmp $@; fi
