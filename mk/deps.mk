# deps.mk - install the Debian packages kwarn needs, once.
#
# $(call need-packages,PKG...) installs whatever of PKG... is missing
# (apt-get; run as root, or with sudo available).

BASE_PACKAGES := make gcc libc6-dev bc bison flex libssl-dev libelf-dev \
	cpio kmod rsync xz-utils zstd jq linux-source-6.1 \
	binutils-arm-linux-gnueabi

define need-packages
missing=$$(for p in $(1); do dpkg-query -W -f '$${Status}\n' $$p 2>/dev/null | \
	grep -q '^install ok installed' || echo $$p; done); \
if [ -n "$$missing" ]; then \
	echo "  APT      $$missing"; \
	sudo=; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	$$sudo apt-get update -q >/dev/null && \
	DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q --no-install-recommends $$missing >/dev/null || \
	{ echo "kwarn: cannot install: $$missing" >&2; exit 1; }; \
fi
endef

DEPS_STAMP := $(O)/.deps-$(shell echo $(BASE_PACKAGES) | md5sum | cut -c1-8)

.PHONY: deps
deps: $(DEPS_STAMP)
$(DEPS_STAMP):
	$(Q)$(call need-packages,$(BASE_PACKAGES))
	$(Q)mkdir -p $(@D) && touch $@
