# toolchain.mk - what a TOOLCHAIN name means.
#
#   gcc-N      Debian's arm-linux-gnueabi-gcc-N
#   clang-N    Clang N with its LLVM tools and ld.lld (LLVM=-N)
#   PREFIX     any other cross toolchain by prefix, e.g.
#              /opt/gcc-6/bin/arm-linux-gnueabi- (ends in '-')
#
# $(call tc-family,NAME)   gcc or clang
# $(call tc-cc,NAME)       the real compiler command
# $(call tc-kmake,NAME)    Kbuild arguments that select it
# $(call tc-packages,NAME) Debian packages it needs (none for a prefix)
#
# Kconfig asks the host too: CC_CAN_LINK needs the armel C library (so it
# is always installed) and PAHOLE_VERSION the pahole found in PATH (so none
# is used: BTF stays off). A seed's config is then the same on every machine
# (but for GCC_PLUGINS, which a gcc-N-plugin-dev-arm-linux-gnueabi turns on).

# (tc-is-gcc, tc-is-clang, tc-is-prefix: mk/settings.mk, which checks the
# names before this file is read)

tc-family = $(if $(call tc-is-clang,$(1)),clang,gcc)
tc-cc = $(strip $(if $(call tc-is-gcc,$(1)),arm-linux-gnueabi-$(1),\
	$(if $(call tc-is-clang,$(1)),$(1),$(1)gcc)))
tc-kmake = $(strip $(if $(call tc-is-clang,$(1)),LLVM=-$(1:clang-%=%),\
	CROSS_COMPILE=$(if $(call tc-is-gcc,$(1)),arm-linux-gnueabi-,$(1))) PAHOLE=kwarn-no-pahole)
# $(call tc-kargs,NAME): the kernel make's arguments for NAME (a descriptor's kargs)
tc-kargs = ARCH=arm $(call tc-kmake,$(1))
tc-packages = $(strip $(if $(call tc-is-gcc,$(1)),$(1)-arm-linux-gnueabi binutils-arm-linux-gnueabi,\
	$(if $(call tc-is-clang,$(1)),$(1) lld-$(1:clang-%=%) llvm-$(1:clang-%=%) clang-tools-$(1:clang-%=%)))\
	$(if $(call tc-is-prefix,$(1)),,libc6-dev-armel-cross))
# $(call tc-min,NAME): refuse NAME when it is older than the tree's
# scripts/min-tool-version.sh allows (a recipe line, before the config or
# build it would fail in the middle of). Every packaged gcc-N and clang-N
# passes on both trees; a build that fails anyway (a Clang newer than the
# tree) is recorded as a failed build, not refused.
tc-min = TC_FAMILY=$(call tc-family,$(1)) TC_CC='$(call tc-cc,$(1))' $(TOP)/mk/tc-min.sh $(KSRC) '$(1)'

# ccache, when present, speeds up rebuilds of warning builds; it replays a
# cached compile's stderr as it was (tests/t90-ccache.sh proves the corpus
# does not change). CCACHE=0 turns it off.
CCACHE ?= 1
CCACHE_CMD = $(if $(filter 1,$(CCACHE)),$(addsuffix $(space),$(shell command -v ccache)))

# $(call kmake,BUILDDIR,TOOLCHAIN,WRAP): the kernel's make for BUILDDIR.
# With WRAP=1 the compiler runs under kwarn-cc (and ccache), with
# WRAP=distcc under kwarn-cc and kwarn-distcc (mk/tools/distcc.mk). kmake-in runs
# in an already configured BUILDDIR (its generated Makefile), for -f tricks.
kmake-env = env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make
jobserver-flags = $(filter -j% --jobserver-auth=% --jobserver-fds=%,$(MAKEFLAGS))
kmake-wrap = $(if $(filter distcc,$(1)),$(KWARN_CC) $(KWARN_DISTCC) ,$(if $(1),$(KWARN_CC) $(CCACHE_CMD)))
kmake-args = $(call tc-kargs,$(2)) CC="$(call kmake-wrap,$(3))$(call tc-cc,$(2))"
kmake = $(kmake-env) -C $(KSRC) O=$(1) $(kmake-args)
kmake-in = $(kmake-env) -C $(1) $(kmake-args)

# What TOOLCHAIN means, as shell assignments with a build descriptor's
# key names (mk/desc.sh), and whether distcc may compile for it
.PHONY: toolchain-info
toolchain-info:
	@printf "family='%s'\ncc='%s'\npackages='%s'\nkargs='%s'\ndistcc='%s'\n" '$(call tc-family,$(TOOLCHAIN))' \
		'$(call tc-cc,$(TOOLCHAIN))' '$(call tc-packages,$(TOOLCHAIN))' '$(call tc-kargs,$(TOOLCHAIN))' \
		'$(call distcc-tc,$(TOOLCHAIN))'
