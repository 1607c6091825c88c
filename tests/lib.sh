# lib.sh - sourced by tests: TAP output and the shared test configuration.
#
#   ok WHAT CMD...       run CMD; print "ok N - WHAT" or "not ok N - WHAT"
#   expect_eq WHAT A B   compare two files, show the diff on failure
set -u
export LC_ALL=C
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
n=0
# The shared test configuration: seed, probability, toolchain.
TEST_SEED=1 TEST_P=2 TEST_TC=gcc-12
: "${O:=${XDG_CACHE_HOME:-$HOME/.cache}/kwarn}"
: "${TESTDIR:=$O/check}"
# The test builds never go through ccache: t90 installs it, and a compiler
# command with ccache in it would make Kbuild rebuild every cached test
# build. t90 proves ccache on its own.
CCACHE=0
export O TESTDIR CCACHE
mkdir -p "$TESTDIR"

ok() {
	local what=$1
	shift
	n=$((n + 1))
	if "$@" > "$TESTDIR/last.out" 2>&1; then
		echo "ok $n - $what"
	else
		echo "not ok $n - $what"
		sed 's/^/#   /' "$TESTDIR/last.out" | tail -n 20
	fi
}

expect_eq() {
	n=$((n + 1))
	if diff -u "$2" "$3" > "$TESTDIR/last.diff"; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		sed 's/^/#   /' "$TESTDIR/last.diff" | head -n 40
	fi
}

# make in the checkout for the shared test configuration
kmake() {
	make -C "$TOP" SEED=$TEST_SEED P=$TEST_P TOOLCHAIN=$TEST_TC O="$O" BOOT=0 \
		CORPUS="$TESTDIR/corpus" "$@"
}
