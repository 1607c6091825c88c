# setup.sh - sourced by lib.sh: the one place the tests' kernels are built.
#
# A test names what it builds on, and make's stamps build each thing once
# per O=, whichever test asks first; no test relies on another's leftovers,
# so any test file passes alone from an empty O=
# (make check TESTS=tests/t30-repro.sh).
#
#   need tree                the prepared kernel tree ($KTREE)
#   need config              the test seed's config ($SEEDDIR/seed.config)
#   need corpus TC W...      the test seed's corpora, TC at each W level
#   need prefix              gcc-12 behind unversioned links, as a hand-built
#                            cross toolchain installs itself ($PREFIX), and
#                            its W=12 corpus of the test seed ($PREFIX_CORPUS,
#                            named after the compiler's full version)
# Each prints one TAP line ("ok N - setup: ..."): a setup that fails is a
# failed test, with make's last lines below it.

KTREE=$O/src/$TEST_TREE
PREFIX=$TESTDIR/prefix/bin/arm-linux-gnueabi-
# gcc-12 behind a prefix whose gcc says it is 4.9.4, below both trees'
# minimums (old_prefix makes it; no build)
OLD_PREFIX=$TESTDIR/old-prefix/bin/arm-linux-gnueabi-
old_prefix() {
	mkdir -p "${OLD_PREFIX%/*}"
	printf '#!/bin/sh\ncase "$*" in *-dumpfullversion*|*-dumpversion*) echo 4.9.4; exit 0;; esac\nexec arm-linux-gnueabi-gcc-12 "$@"\n' > "${OLD_PREFIX}gcc"
	chmod +x "${OLD_PREFIX}gcc"
	ln -sf /usr/bin/arm-linux-gnueabi-ld "${OLD_PREFIX}ld"
}
PREFIX_CORPUS=$TESTDIR/prefix/corpus/$TEST_RUN/seed-$TEST_SEED/gcc-$(arm-linux-gnueabi-gcc-12 -dumpfullversion 2>/dev/null)-W12.jsonl.zst

need() {
	local what=$1 tc w
	shift
	case $what in
	tree)
		ok "setup: the prepared kernel tree" tmake -s tree ;;
	config)
		ok "setup: the test seed's config" tmake -s config ;;
	corpus)
		tc=$1
		shift
		for w; do
			ok "setup: the test seed's $tc W=$w corpus" tmake -s corpus TOOLCHAIN="$tc" W="$w"
		done ;;
	prefix)
		# links only where missing: the build's compiler command stays the
		# same, and so its build directory stays valid
		mkdir -p "${PREFIX%/*}"
		for t in /usr/bin/arm-linux-gnueabi-*; do
			t=${t##*/}
			[ -L "${PREFIX%/*}/${t%-12}" ] || ln -s "/usr/bin/$t" "${PREFIX%/*}/${t%-12}"
		done
		ok "setup: a prefix toolchain's W=12 corpus of the test seed" \
			tmake -s corpus TOOLCHAIN="$PREFIX" W=12 CORPUS="$TESTDIR/prefix/corpus" ;;
	*)
		echo "setup.sh: need: unknown '$what'" >&2
		return 2 ;;
	esac
}
