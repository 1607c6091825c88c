# check.mk - the test suite: make check. See tests/run.sh and tests/lib.sh.

CHECK_PACKAGES := clang-14 $(call tc-packages,gcc-12)
TESTS ?= $(sort $(wildcard $(TOP)/tests/t[0-9]*.sh))

.PHONY: check
check: $(DEPS_STAMP) helpers $(HOSTOUT)/san/kwarn-cc $(HOSTOUT)/san/kwarn-parse
	$(Q)$(call need-packages,$(CHECK_PACKAGES))
	$(Q)O=$(O) $(TOP)/tests/run.sh $(TESTS)
