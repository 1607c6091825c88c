# check.mk - the test suite: make check. See tests/run.sh and tests/lib.sh.

# what the tests use, installed once up front (each step would install its
# own on first use too)
CHECK_PACKAGES := $(sort $(call tc-packages,gcc-12) $(call tc-packages,clang-14) \
	sparse qemu-system-arm chromium fonts-dejavu-core python3 valgrind)
TESTS ?= $(sort $(wildcard $(TOP)/tests/t[0-9]*.sh))

.PHONY: check
check: $(DEPS_STAMP) helpers $(addprefix $(HOSTOUT)/san/,kwarn-cc kwarn-parse kwarn-sites kwarn-svg)
	$(Q)$(call need-packages,$(CHECK_PACKAGES))
	$(Q)O=$(O) $(TOP)/tests/run.sh $(TESTS)

# Rewrite the golden hashes of the test configuration from its -j8 builds in
# O=: only after checking why they changed.
GOLDEN := $(TOP)/tests/golden/seed-1-p2-gcc-12-W123
.PHONY: golden
golden:
	$(Q)$(MAKE) corpus SEED=1 P=2 TOOLCHAIN=gcc-12 WLEVELS="1 123" JOBS=8 O=$(O) CORPUS=$(O)/check/corpus
	$(Q)mkdir -p $(dir $(GOLDEN))
	$(Q)printf 'packages %s\nconfig %s\ncorpus %s\ncorpus-W1 %s\n' \
		"$$(dpkg-query -W -f '$${Package}=$${Version} ' linux-source-6.1 gcc-12-arm-linux-gnueabi binutils-arm-linux-gnueabi libc6-dev-armel-cross)" \
		"$$(sha256sum < $(O)/seed-1-p2/gcc-12-W123/.config | cut -c1-64)" \
		"$$(sha256sum < $(O)/check/corpus/seed-1/gcc-12-W123.jsonl.zst | cut -c1-64)" \
		"$$(sha256sum < $(O)/check/corpus/seed-1/gcc-12-W1.jsonl.zst | cut -c1-64)" > $(GOLDEN)
	@echo "  GOLDEN   $(GOLDEN:$(TOP)/%=%)"
