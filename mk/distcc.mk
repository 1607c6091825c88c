# distcc.mk - scale-out with Debian's distcc, in pump mode.
#
#   make corpus SEED=1 DISTCC_HOSTS="127.0.0.1/2 buildbox/16" [DISTCC_JOBS=N]
#
# With DISTCC_HOSTS set, a GCC build (gcc-N) sends its compiles to the
# distccd servers named there (distcc's syntax; localhost compiles
# locally), with make -j$(DISTCC_JOBS) (default: the servers' slots, as
# distcc -j counts them). The compiler chain is
#   kwarn-cc kwarn-distcc COMPILER
# kwarn-cc stays outermost and captures each object's stderr as always.
# The kernel's make runs under mk/distcc-pump.sh: pump mode, where the
# server preprocesses the source and headers sent to it, so that the
# diagnostics are those of a local build, byte for byte
# (tests/t91-distcc.sh). kwarn-distcc (mk/distcc-cc.sh) gives the paths in
# them back their client form and compiles locally whatever pump mode
# cannot take, instead of letting distcc fall back to plain mode
# (preprocessed locally: other diagnostics). ccache is not used with
# distcc: its preprocessing would run locally, the work pump mode moves to
# the servers.
#
# Clang builds compile locally even with DISTCC_HOSTS, and say so: the
# server compiles its copies of the files under a temporary directory, so
# __FILE__ is longer there, and Clang numbers its "<scratch space>" notes
# (token pasting) after the bytes of the strings it made before; naming
# the files by their client paths (#line, as distcc's include server does)
# changes the spelling of some headers and the order of -Wunused-macros.
# No stock distccd server can give Clang's own bytes back. A cross prefix
# toolchain compiles locally too: distccd runs compilers by name, not path.
#
# The servers need distccd and the same compiler packages, at the same
# versions (the build records the client's compiler). Debian's distccd
# runs only compilers linked in /usr/lib/distcc (update-distcc-symlinks
# after installing one). The objects differ from local ones in their
# __FILE__ strings (the server's paths); the diagnostics do not.
#
# A build leaves what it used in BUILDDIR/distcc-hosts and what did not
# compile remotely in BUILDDIR/distcc.log; the corpus's .run.json says
# distcc_hosts. The corpus itself does not change.

DISTCC_HOSTS ?=
DISTCC_PACKAGES := distcc distcc-pump python3-lzo
# the toolchains whose diagnostics pump mode keeps, and why the others
# compile locally
distcc-tc = $(call tc-is-gcc,$(1))
distcc-why = $(if $(call tc-is-clang,$(1)),pump mode changes the diagnostics of Clang (mk/distcc.mk),\
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
$(KWARN_DISTCC): $(TOP)/mk/distcc-cc.sh
	$(Q)mkdir -p $(@D); cmp -s $< $@ || { cp $< $@.tmp && mv $@.tmp $@; }
