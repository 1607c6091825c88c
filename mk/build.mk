# build.mk - build one seed with one toolchain at one W level, out of tree,
# with every compile's diagnostics kept next to its object (kwarn-cc).
#
# $(BUILDDIR)/.kwarn-built is the stamp; $(BUILDDIR)/make.log the rest of
# the output (kernel-doc, modpost, dtc, make's own errors); status holds
# make's exit code. A failing build is a finding, not a kwarn failure.
# flock: two runs for the same build directory take turns.

# a prefix toolchain is named after its compiler: gcc-6.5.0
tc-name = $(if $(call tc-is-prefix,$(1)),$(call tc-family,$(1))-$(shell $(call tc-cc,$(1)) -dumpversion 2>/dev/null),$(1))

# VARIANT=plain: the seed's config as is (the warning corpus);
# VARIANT=profile: plus mk/profile.config (the boot image)
VARIANT ?= plain
VARIANT_SUFFIX = $(if $(filter profile,$(VARIANT)),-profile)
VARIANT_FRAGMENT = $(if $(filter profile,$(VARIANT)),$(TOP)/mk/profile.config,-)
check-variant = $(if $(filter plain profile,$(VARIANT)),,$(error VARIANT must be plain or profile, got '$(VARIANT)'))

# CHECKERS="sparse": sparse runs on every C file (Kbuild's C=1/C=2) and
# its findings, captured per object, join the build's corpus
CHECKERS ?=
check-checkers = $(if $(filter-out sparse,$(CHECKERS)),$(error CHECKERS: unknown checker(s) '$(filter-out sparse,$(CHECKERS))'; known: sparse))

TC_NAME = $(call tc-name,$(TOOLCHAIN))
BUILDDIR = $(SEEDDIR)/$(TC_NAME)-W$(W)$(VARIANT_SUFFIX)
BUILD_STAMP = $(BUILDDIR)/.kwarn-built$(if $(strip $(CHECKERS)),-$(subst $(space),-,$(strip $(CHECKERS))))

.PHONY: build
build: $(BUILD_STAMP)

$(BUILD_STAMP): $(SEED_CONFIG) $(KWARN_CC) $(TREE_STAMP)
	$(call tc-check,$(TOOLCHAIN))$(call check-variant)$(call check-w)$(call check-checkers)
	$(Q)$(call need-packages,$(call tc-packages,$(TOOLCHAIN)) $(CHECKERS))
	$(call say,BUILD,seed $(SEED) $(TC_NAME) W=$(W) $(VARIANT) -j$(JOBS))
	$(Q)mkdir -p $(@D) && KWARN_CC=$(KWARN_CC) CHECKERS='$(CHECKERS)' flock $(@D).lock $(TOP)/mk/build.sh $(SEED_CONFIG) $(VARIANT_FRAGMENT) $(@D) $(JOBS) $(W) \
		$(call kmake,$(@D),$(TOOLCHAIN),1)
	$(Q)touch $@
