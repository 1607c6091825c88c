# distcc.mk - GCC builds compiled on DISTCC_HOSTS, in distcc's pump mode
# (doc/toolchains.md says what runs where, and why).
#
# The compiler chain is kwarn-cc kwarn-distcc COMPILER: kwarn-cc stays
# outermost to capture each object's stderr. Pump mode, because the server
# then preprocesses with the headers sent to it and prints the diagnostics
# of a local build byte for byte (t91); plain mode preprocesses locally and
# prints others, so kwarn-distcc (mk/tools/distcc-cc.sh) compiles locally what
# pump mode cannot take, and ccache (local preprocessing) is off. Clang and
# cross prefix toolchains compile locally: the server's paths renumber
# Clang's notes, and distccd runs compilers by name, not path.

DISTCC_HOSTS ?=
DISTCC_PACKAGES := distcc distcc-pump python3-lzo
# the toolchains whose diagnostics pump mode keeps, and why the others
# compile locally
distcc-tc = $(call tc-is-gcc,$(1))
distcc-why = $(if $(call tc-is-clang,$(1)),pump mode changes the diagnostics of Clang (mk/tools/distcc.mk),\
	distccd runs compilers by name, not by path)
# $(call use-distcc,TOOLCHAIN): non-empty when its builds go to distcc
use-distcc = $(if $(strip $(DISTCC_HOSTS)),$(call distcc-tc,$(1)))
# each host's /LIMIT, else 4, and 2 for localhost
DISTCC_JOBS ?= $(shell echo '$(DISTCC_HOSTS)' | awk '{ for (i = 1; i <= NF; i++) if ($$i !~ /^--/) \
	n += match($$i, /\/[0-9]+/) ? substr($$i, RSTART + 1, RLENGTH - 1) : ($$i ~ /^localhost/ ? 2 : 4) } \
	END { print n + 0 }')

# the compile wrapper lives in the cache, like kwarn-cc: builds stay
# incremental from any checkout
KWARN_DISTCC := $(O)/bin/kwarn-distcc
$(KWARN_DISTCC): $(TOP)/mk/tools/distcc-cc.sh
	$(Q)mkdir -p $(@D); cmp -s $< $@ || { cp $< $@.tmp && mv $@.tmp $@; }
