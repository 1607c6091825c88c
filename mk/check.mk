# check.mk - the test suite: make check. See tests/run.sh and tests/lib.sh.

# what the tests use, installed once up front (each step would install its
# own on first use too)
CHECK_PACKAGES := $(sort $(call tc-packages,gcc-12) $(call tc-packages,clang-14) \
	sparse qemu-system-arm chromium fonts-dejavu-core python3 python3-jsonschema valgrind inotify-tools \
	munge slurmctld slurmd slurm-client iproute2)
# the kernel-free tests (t0*) sort first: a broken helper fails in seconds
TESTS ?= $(sort $(wildcard $(TOP)/tests/t[0-9]*.sh))
CHECK_PREREQS := $(DEPS_STAMP) helpers $(addprefix $(HOSTOUT)/san/,$(HELPERS))

# every test on the small test kernel (tests/small.config)
.PHONY: check
check: $(CHECK_PREREQS)
	$(Q)$(call need-packages,$(CHECK_PACKAGES))
	$(Q)O=$(O) $(TOP)/tests/run.sh $(TESTS)

# the golden and reproducibility tests on the full-size seed 1 at P=2, the
# configuration of make bench: two full builds, W=123 and t11's W=1 from
# scratch (454 s on two cores, with the tree already prepared)
.PHONY: check-full
check-full: $(CHECK_PREREQS)
	$(Q)$(call need-packages,$(CHECK_PACKAGES))
	$(Q)O=$(O) TESTDIR=$(O)/check-full TEST_P=2 TEST_CONFIG= \
		$(TOP)/tests/run.sh $(TOP)/tests/t10-corpus.sh $(TOP)/tests/t11-reproducible.sh

# Rewrite the golden hashes of a test configuration from its -j8 builds in
# O= (the small one; GOLDEN_P=2 GOLDEN_CONFIG= for check-full's), made one
# after another: seed 1 at W=123 and W=1, seed 2 at W=1 (what t11's
# two-seed campaign must give). Only after checking why they changed.
GOLDEN_P ?= 0
GOLDEN_CONFIG ?= small
GOLDEN_NAME = seed-1-p$(GOLDEN_P)$(if $(GOLDEN_CONFIG),-$(GOLDEN_CONFIG))
# keyed by the tree's package and version (linux-source-6.1_6.1.192-3/):
# an updated package (6.12 moves) is a new directory, not a changed golden
GOLDEN = $(TOP)/tests/golden/$(SRC_PKG)_$(SRC_VERSION)/$(GOLDEN_NAME)-gcc-12-W123
GOLDEN_RUN = $(TREE_DIR)/p$(GOLDEN_P)$(if $(GOLDEN_CONFIG),-$(GOLDEN_CONFIG))
GOLDEN_CORPUS = $(O)/golden/$(GOLDEN_NAME)/$(GOLDEN_RUN)
.PHONY: golden
golden:
	$(Q)for b in 1:123 1:1 2:1; do $(MAKE) corpus-one SEED=$${b%:*} W=$${b#*:} P=$(GOLDEN_P) CONFIG=$(GOLDEN_CONFIG) KVER=$(KVER) \
		TOOLCHAIN=gcc-12 JOBS=8 CCACHE=0 O=$(O) CORPUS=$(O)/golden/$(GOLDEN_NAME) || exit; done
	$(Q)mkdir -p $(dir $(GOLDEN))
	$(Q)printf 'packages %s\nconfig %s\ncorpus %s\ncorpus-W1 %s\ncorpus-W1-seed-2 %s\n' \
		"$$(dpkg-query -W -f '$${Package}=$${Version} ' $(SRC_PKG) gcc-12-arm-linux-gnueabi binutils-arm-linux-gnueabi libc6-dev-armel-cross)" \
		"$$(sha256sum < $(O)/$(GOLDEN_RUN)/seed-1/gcc-12-W123/.config | cut -c1-64)" \
		"$$(sha256sum < $(GOLDEN_CORPUS)/seed-1/gcc-12-W123.jsonl.zst | cut -c1-64)" \
		"$$(sha256sum < $(GOLDEN_CORPUS)/seed-1/gcc-12-W1.jsonl.zst | cut -c1-64)" \
		"$$(sha256sum < $(GOLDEN_CORPUS)/seed-2/gcc-12-W1.jsonl.zst | cut -c1-64)" > $(GOLDEN)
	@echo "  GOLDEN   $(GOLDEN:$(TOP)/%=%)"
