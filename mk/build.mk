# build.mk - build one seed with one toolchain at one W level, out of tree,
# with every compile's diagnostics kept next to its object (kwarn-cc).
#
# $(BUILDDIR)/.kwarn-built is the stamp; $(BUILDDIR)/make.log the rest of
# the output (kernel-doc, modpost, dtc, make's own errors); status holds
# make's exit code. A failing build is a finding, not a kwarn failure. A
# build stopped by BUILD_TIMEOUT (status 124) is recorded but gets no
# stamp: the next run goes on with it where it stopped.
# flock: two runs for the same build directory take turns.

# a prefix toolchain is named after its compiler: gcc-6.5.0
tc-name = $(if $(call tc-is-prefix,$(1)),$(call tc-prefix-name,$(1)),$(1))
# a prefix's gcc is asked once per make, and what it says must be a version
# (N.N.N): it becomes file names and reaches commands
tc-prefix-name = $(or $(tc-name-$(1)),$(eval tc-name-$(1) := $(call tc-prefix-ask,$(1)))$(tc-name-$(1)))
tc-prefix-ask = $(call tc-family,$(1))-$(or $(call version-ok,$(shell { '$(call tc-cc,$(1))' -dumpfullversion || \
	'$(call tc-cc,$(1))' -dumpversion; } 2>/dev/null)),$(error TOOLCHAIN $(1): $(call tc-cc,$(1)) -dumpfullversion printed no version (N.N.N)))

# VARIANT=plain: the seed's config as is (the warning corpus);
# VARIANT=profile: plus mk/profile.config (the boot image)
VARIANT ?= plain
VARIANT_FRAGMENT = $(if $(filter profile,$(VARIANT)),$(TOP)/mk/profile.config,-)

# CHECKERS="sparse": sparse runs on every C file (Kbuild's C=1/C=2) and
# its findings, captured per object, join the build's corpus.
# CHECKERS="clang-analyzer" (clang toolchains): clang --analyze with each
# object's own Kbuild command, on the objects in FILES= (FILES=all: every
# object; slow on 2 cores)
CHECKERS ?=
FILES ?=
checkers-id = $(if $(strip $(CHECKERS)),-$(subst $(space),-,$(strip $(CHECKERS)))$(if $(FILES),-$(shell echo '$(FILES)' | md5sum | cut -c1-8)))

TC_NAME = $(call tc-name,$(TOOLCHAIN))
# $(call build-name,TOOLCHAIN,W,VARIANT): a build's name, of its directory
# in the seed's and of its corpus file (gcc-12-W123, gcc-12-W123-profile)
build-name = $(call tc-name,$(1))-W$(2)$(if $(filter profile,$(3)),-profile)
BUILDDIR = $(SEEDDIR)/$(call build-name,$(TOOLCHAIN),$(W),$(VARIANT))
BUILD_STAMP = $(BUILDDIR)/.kwarn-built$(checkers-id)

.PHONY: build
build: $(BUILD_STAMP)

# DISTCC_HOSTS: a GCC build's compiles go to distcc servers, a clang
# build stays local (mk/tools/distcc.mk)
BUILD_DISTCC = $(call use-distcc,$(TOOLCHAIN))
# In a jobserver (a campaign, make -jN) the kernel's make takes its jobs
# from it ("shared"); distcc builds keep their own -j for the servers
BUILD_SHARED = $(if $(BUILD_DISTCC),,$(jobserver))
BUILD_JOBS = $(if $(BUILD_DISTCC),$(DISTCC_JOBS),$(if $(BUILD_SHARED),shared,$(JOBS)))
# $(BUILD_DESC) STEP...: run a step (build.sh, corpus.sh) under the build
# directory's lock, after writing its descriptor, BUILDDIR/build.env
# (mk/desc.sh): rewritten only when a fact changes, and no prerequisite:
# what remakes a build or a corpus is their prerequisites
# every build, parse and boot of every command: one line each (mk/step.sh)
STEP_LOG = $(O)/steps.log
BUILD_DESC = $(TOP)/mk/desc.sh $(BUILDDIR) $(BUILD_FACTS) --
# what TOOLCHAIN is, for every build and scratch build
TC_FACTS = tc=$(TC_NAME) family=$(call tc-family,$(TOOLCHAIN)) cc='$(call tc-cc,$(TOOLCHAIN))' \
		packages='$(call tc-packages,$(TOOLCHAIN))' kargs='$(call tc-kargs,$(TOOLCHAIN))' \
		ksrc=$(KSRC) kwarn_cc=$(KWARN_CC) kwarn_parse=$(KWARN_PARSE) steplog=$(STEP_LOG)
BUILD_FACTS = seed=$(SEED) p=$(P) w=$(W) variant=$(VARIANT) $(TC_FACTS) \
		kcc='$(call kmake-wrap,$(if $(BUILD_DISTCC),distcc,1))$(call tc-cc,$(TOOLCHAIN))' \
		config=$(SEED_CONFIG) fragment=$(VARIANT_FRAGMENT) targets=all jobs=$(BUILD_JOBS) \
		jobserver='$(if $(BUILD_SHARED),$(jobserver-flags))' timeout=$(BUILD_TIMEOUT) \
		checkers='$(CHECKERS)' files='$(FILES)' distcc_hosts='$(if $(BUILD_DISTCC),$(DISTCC_HOSTS))' \
		tree='$(TREE_NAME)' series='$(SERIES_SHA)' pin=$(ALLCONFIG) seeddir=$(SEEDDIR) corpus=$(CORPUS_FILE) \
		$(if $(filter profile,$(VARIANT)),$(BOOT_FACTS))

# (the variant's fragment too: a changed mk/profile.config remakes the boot images)
$(BUILD_STAMP): $(SEED_CONFIG) $(filter-out -,$(VARIANT_FRAGMENT)) $(KWARN_CC) $(TREE_STAMP) $(if $(BUILD_DISTCC),$(KWARN_DISTCC))
	$(Q)$(call need-packages,$(call tc-packages,$(TOOLCHAIN)) $(filter sparse,$(CHECKERS)) \
		$(if $(BUILD_DISTCC),$(DISTCC_PACKAGES)))
	$(Q)$(call tc-min,$(TOOLCHAIN))
	$(if $(DISTCC_HOSTS),$(if $(BUILD_DISTCC),,@echo "  DISTCC   $(TC_NAME) compiles locally, not through distcc: $(call distcc-why,$(TOOLCHAIN))"))
	$(call say,BUILD,seed $(SEED) $(TC_NAME) W=$(W) $(VARIANT) $(if $(BUILD_SHARED),jobs shared,-j$(BUILD_JOBS))$(if $(BUILD_DISTCC), distcc: $(DISTCC_HOSTS)))
	+$(Q)$(BUILD_DESC) $(TOP)/mk/build.sh $(@D)
	$(Q)[ "$$(cat $(@D)/status)" = 124 ] || touch $@

# A scratch build's descriptor, SCRATCH/build.env (make repro, why,
# newwarn, series-check; mk/lib.sh scratch_desc): TOOLCHAIN's facts as
# every build's, installed, its compiler under kwarn-cc alone, all jobs,
# no time limit, fragment, checker or distcc; the script adds its seed,
# config and targets (mk/desc.sh -u)
.PHONY: scratch-desc
scratch-desc:
	$(Q)$(call need-packages,$(call tc-packages,$(TOOLCHAIN)))
	$(Q)$(TOP)/mk/desc.sh $(SCRATCH) $(TC_FACTS) kcc='$(KWARN_CC) $(call tc-cc,$(TOOLCHAIN))' fragment=- \
		jobs=$(JOBS) timeout=0 checkers= files= distcc_hosts=

# A build directory a campaign emptied (KEEP_BUILDS=0, mk/campaign.mk) has
# its stamps and nothing else: what must read it again builds it again
rebuild-if-emptied = +$(Q)[ ! -e $(BUILDDIR)/.kwarn-emptied ] || \
	{ rm -f $(BUILD_STAMP) && $(MAKE) $(BUILD_STAMP) $(KWARN_CMDLINE); }
