#!/bin/bash
# ccache never changes a diagnostic: the kernel/time/ objects of the test
# seed (16 in the small test kernel, about 20,000 gcc warnings at W=123),
# compiled through kwarn-cc without ccache, with a cold cache and with a
# warm one (every compile a cache hit), leave byte-identical diagnostics.
# Runs late: installing ccache makes later builds outside the tests use it
# (the tests' own builds run with CCACHE=0, tests/lib.sh).
. "$(dirname "$0")/lib.sh"
plan 13
need config
"$TOP/mk/need-packages.sh" ccache
cfg=$SEEDDIR/seed.config
dir=kernel/time
export CCACHE_DIR=$TESTDIR/ccache-dir
for tc in gcc-12 clang-14; do
	eval "$(make -s -C "$TOP" toolchain-info TOOLCHAIN=$tc)"
	d=$TESTDIR/ccache-$tc
	rm -rf "$d" "$CCACHE_DIR" && mkdir -p "$d"
	cp "$cfg" "$d/.config"
	# shellcheck disable=SC2154,SC2086
	km() { env -u MAKEFLAGS make -s -C "$KTREE" O="$d" $kargs W=123 -j2 "$@"; }
	ok "$tc: prepare a build directory" km CC="$cc" olddefconfig prepare
	for run in plain cold warm; do
		find "$d/$dir" -name '*.o' -delete 2>/dev/null
		find "$d/$dir" -name '.*.kwarn' -delete 2>/dev/null
		wrap="$TOP/.build/bin/kwarn-cc $cc"
		[ $run = plain ] || wrap="$TOP/.build/bin/kwarn-cc ccache $cc"
		[ $run != cold ] || ccache -C > /dev/null
		ok "$tc: $dir/ compiled ($run)" km CC="$wrap" $dir/
		# objects only: kernel/bounds.s is remade only when CC changes
		(cd "$d" && find $dir -name '.*.o.kwarn' | sort | xargs tail -v -n +1) > "$TESTDIR/ccache-$tc-$run"
	done
	[ -s "$TESTDIR/ccache-$tc-plain" ] && cmp -s "$TESTDIR/ccache-$tc-plain" "$TESTDIR/ccache-$tc-cold" &&
		cmp -s "$TESTDIR/ccache-$tc-plain" "$TESTDIR/ccache-$tc-warm"
	tap_result $? "$tc: diagnostics identical without ccache, cold and warm ($(grep -c ': warning: ' "$TESTDIR/ccache-$tc-plain") warnings in $(grep -c '^==> ' "$TESTDIR/ccache-$tc-plain") objects)" ||
		diff "$TESTDIR/ccache-$tc-plain" "$TESTDIR/ccache-$tc-warm" | head -n 5 | sed 's/^/#   /'
	ok "$tc: the warm run was served from the cache" bash -c "ccache -s | grep -Eq '(Hits|cache hit \(direct\)).*[1-9]'"
	rm -rf "$d"
done
