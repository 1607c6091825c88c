# deps.mk - install the Debian packages kwarn needs, once.
#
# $(call need-packages,PKG...) installs whatever of PKG... is missing.

# the campaign index (mk/index.mk): kwarn-index's library, and sqlite3 for users' SQL
INDEX_PACKAGES := sqlite3 libsqlite3-dev
BASE_PACKAGES := make gcc libc6-dev bc bison flex libssl-dev libelf-dev \
	cpio kmod rsync xz-utils zstd jq linux-source-$(KVER) \
	binutils-arm-linux-gnueabi $(INDEX_PACKAGES)

APT_LOCK_TIMEOUT ?= 600
need-packages = APT_LOCK_TIMEOUT=$(APT_LOCK_TIMEOUT) $(TOP)/mk/need-packages.sh $(1)

DEPS_STAMP := $(O)/.kwarn-deps-$(shell echo $(BASE_PACKAGES) | md5sum | cut -c1-8)

# make deps prepares a machine for the settings' campaign with one command
# (each node of a cluster, make slurm): every toolchain it builds with,
# and with BOOT=1 QEMU and the initramfs's compiler
.PHONY: deps
deps: $(DEPS_STAMP)
	$(Q)$(call need-packages,$(sort $(foreach t,$(TOOLCHAINS) $(REF_TOOLCHAIN) \
		$(if $(filter 1,$(BOOT)),$(BOOT_TOOLCHAINS) $(INIT_TOOLCHAIN)),$(call tc-packages,$(t))) \
		$(if $(filter 1,$(BOOT)),$(BOOT_PACKAGES)) $(filter sparse,$(CHECKERS)) $(if $(DISTCC_HOSTS),$(DISTCC_PACKAGES))))
$(DEPS_STAMP):
	$(Q)$(call need-packages,$(BASE_PACKAGES))
	$(Q)mkdir -p $(@D) && touch $@

# Included, so that make installs the packages and reads the makefiles
# again before anything else: what is computed from them at parse time
# (linux-source's version in TREE_STAMP and TREE_NAME) is then right on a
# first run too. make help installs nothing.
ifneq ($(filter-out help,$(or $(MAKECMDGOALS),all)),)
include $(DEPS_STAMP)
endif
