# build.mk - build one seed with one toolchain at one W level, out of tree,
# with every compile's diagnostics kept next to its object (kwarn-cc).
#
# $(BUILDDIR)/.kwarn-built is the stamp; $(BUILDDIR)/make.log the rest of
# the output (kernel-doc, modpost, dtc, make's own errors); status holds
# make's exit code. A failing build is a finding, not a kwarn failure.

# a prefix toolchain is named after its compiler: gcc-6.5.0
tc-name = $(if $(call tc-is-prefix,$(1)),$(call tc-family,$(1))-$(shell $(call tc-cc,$(1)) -dumpversion),$(1))

TC_NAME = $(call tc-name,$(TOOLCHAIN))
BUILDDIR = $(SEEDDIR)/$(TC_NAME)-W$(W)
BUILD_STAMP = $(BUILDDIR)/.kwarn-built

.PHONY: build
build: $(BUILD_STAMP)

$(SEEDDIR)/%/.kwarn-built: $(SEED_CONFIG) $(KWARN_CC) $(TREE_STAMP)
	$(call tc-check,$(TOOLCHAIN))
	$(Q)$(call need-packages,$(call tc-packages,$(TOOLCHAIN)))
	$(call say,BUILD,seed $(SEED) $(TC_NAME) W=$(W) -j$(JOBS))
	$(Q)$(TOP)/mk/build.sh $(SEED_CONFIG) $(@D) $(JOBS) $(W) \
		$(call kmake,$(@D),$(TOOLCHAIN),1)
	$(Q)touch $@
