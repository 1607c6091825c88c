# deps.mk - install the Debian packages kwarn needs, once.
#
# $(call need-packages,PKG...) installs whatever of PKG... is missing.

BASE_PACKAGES := make gcc libc6-dev bc bison flex libssl-dev libelf-dev \
	cpio kmod rsync xz-utils zstd jq linux-source-6.1 \
	binutils-arm-linux-gnueabi

need-packages = $(TOP)/mk/need-packages.sh $(1)

DEPS_STAMP := $(O)/.deps-$(shell echo $(BASE_PACKAGES) | md5sum | cut -c1-8)

.PHONY: deps
deps: $(DEPS_STAMP)
$(DEPS_STAMP):
	$(Q)$(call need-packages,$(BASE_PACKAGES))
	$(Q)mkdir -p $(@D) && touch $@
