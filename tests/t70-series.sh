#!/bin/bash
# make series-check: the warning-fix patches of series/ are checkpatch clean
# and say what they fix; they apply in order; one of them, checked with gcc
# and clang on the shared test seed, removes its warnings and adds none.
# Patches that claim a fix they do not make, add a warning, break the build
# or do not apply are caught, by name. mk/tree.sh stops on a patch that
# does not apply, naming it.
. "$(dirname "$0")/lib.sh"
plan 18
need corpus gcc-12 123
need corpus clang-14 123
ksrc=$KTREE
work=$O/series-check
fixes=$(cd "$TOP/series" && ls 1[0-9][0-9][0-9]-*.patch 2> /dev/null)
first=$(head -n1 <<< "$fixes")
sc() {	# sc OUT ARGS...: make series-check on the test corpus; its status
	local out=$1
	shift
	make -C "$TOP" -s series-check CORPUS="$TESTDIR/corpus" O="$O" $TEST_VARS \
		SERIES_BOOT=0 JOBS=2 "$@" > "$TESTDIR/$out" 2>&1
	cat "$work/status"
}

[ -n "$fixes" ]
tap_result $? "series/ has fix patches${fixes:+ ($(wc -l <<< "$fixes"))}"
ok "every patch of series/ is checkpatch.pl clean" bash -c "
	cd $ksrc && for p in $TOP/series/*.patch; do
		./scripts/checkpatch.pl --no-tree -q \$p || exit 1; done"
ok "every fix patch is a format-patch with Fixes-warning trailers, kwarn's sign-off and its upstream status" bash -c "
	cd $TOP/series && for p in $(tr '\n' ' ' <<< "$fixes"); do
		grep -q '^From [0-9a-f]\{40\} ' \$p && grep -q '^Subject: \[PATCH' \$p &&
		grep -q '^Fixes-warning:' \$p && grep -qx 'Signed-off-by: kwarn <kwarn@localhost>' \$p &&
		grep -qi 'upstream' \$p || { echo \$p; exit 1; }; done"
ok "no fix patch silences a warning instead of fixing it" bash -c "
	! grep -hE '^\+.*(__maybe_unused|#pragma|-Wno-|diagnostic ignored)' $(sed "s|^|$TOP/series/|" <<< "$fixes" | tr '\n' ' ')"

ok "make series-apply: the series applies in order to a copy of the tree" bash -c "
	make -C $TOP -s series-apply O=$O > $TESTDIR/series-apply.out 2>&1 &&
	grep -q 'APPLY    all [0-9]* patches apply in order' $TESTDIR/series-apply.out"

ok "make series-base: the private tree holds series/series up to its first fix patch, listed in base.series" bash -c "
	make -C $TOP -s series-base O=$O > $TESTDIR/series-base.out 2>&1 &&
	sed -e 's/#.*//' -e '/^[[:space:]]*\$/d' $TOP/series/series | sed '/^$first\$/,\$d' | diff - $work/base.series &&
	cd $work/src && patch -R -s -f --dry-run -p1 < $TOP/series/\$(tail -n1 $work/base.series) > /dev/null &&
	! patch -R -s -f --dry-run -p1 < $TOP/series/$first > /dev/null"

# the real thing: the first fix patch, gcc and clang, at the test seed's W
st=$(sc series-pass.out ONLY="$first" TOOLCHAINS="gcc-12 clang-14")
ok "make series-check ONLY=$first (gcc-12, clang-14) passes (status 0)" test "$st" = 0
ok "  for both toolchains: every claimed warning gone, none new, every object built" bash -c "
	test \$(jq -s 'length' $work/report.jsonl) = 2 &&
	jq -e -s 'all(.[]; .build == \"ok\" and (.new | length) == 0 and (.claims | length) > 0 and
		all(.claims[]; .status == \"gone\"))' $work/report.jsonl > /dev/null &&
	grep -q '^  OK       $first: ' $TESTDIR/series-pass.out"

# patches that must fail, made against the prepared tree (the base of a
# patch given by path) around a W=1 warning the test seed still has: a fake
# fix, a fix that adds a warning, one that breaks the build, and a patch
# that does not apply
c=$CDIR/$TEST_TC-W123.jsonl.zst
rec=$(zstd -dcq "$c" | jq -c 'select(.flag == "-Wmissing-prototypes" and (.path | endswith(".c")) and
	(.path | startswith("arch/arm/boot/") | not))' | head -n1)
line=$(jq -r '.text // empty' <<< "$rec") src=$(jq -r '.path // empty' <<< "$rec")
obj=$(jq -r '.objects[0] // empty' <<< "$rec")
[ -n "$line" ]
tap_result $? "the test seed has a W=1 warning to claim${line:+ ($line)}"
bad() {	# bad NAME TEXT: a patch appending TEXT to $src, claiming $line
	rm -rf "$TESTDIR/bad" && mkdir -p "$TESTDIR/bad/a/$(dirname "$src")" "$TESTDIR/bad/b/$(dirname "$src")"
	cp "$ksrc/$src" "$TESTDIR/bad/a/$src"
	{ cat "$ksrc/$src"; printf '%b\n' "$2"; } > "$TESTDIR/bad/b/$src"
	{ printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
	  printf 'From: kwarn <kwarn@localhost>\nSubject: [PATCH] test: %s\n\n' "$1"
	  printf 'A test patch.\n\nFixes-warning:\n %s\nSigned-off-by: kwarn <kwarn@localhost>\n---\n' "$line"
	  cd "$TESTDIR/bad" && diff -ruN a b; } > "$TESTDIR/bad-$1.patch"
}

bad fake '/* kwarn: a comment that fixes nothing */'
st=$(sc series-fake.out ONLY="$TESTDIR/bad-fake.patch" TOOLCHAIN=gcc-12)
ok "a patch that does not remove what it claims fails (status 1), naming the patch and the warning" bash -c '
	test "$1" = 1 && grep -qF "FAIL     $2: gcc-12: still there: $3" "$4"' _ "$st" "$TESTDIR/bad-fake.patch" "$line" "$TESTDIR/series-fake.out"

bad newwarn '\nvoid kwarn_no_prototype(void)\n{\n}'
st=$(sc series-new.out ONLY="$TESTDIR/bad-newwarn.patch" TOOLCHAIN=gcc-12)
ok "a patch that adds a warning fails (status 1), naming the new warning" bash -c "
	test '$st' = 1 && grep -q 'FAIL     $TESTDIR/bad-newwarn.patch: gcc-12: new warning: $src:[0-9]*:[0-9]*: warning: no previous prototype for .kwarn_no_prototype.' $TESTDIR/series-new.out"

bad breaks '\nint kwarn_broken(void);\nint kwarn_broken(void)\n{\n\treturn kwarn_undeclared;\n}'
st=$(sc series-break.out ONLY="$TESTDIR/bad-breaks.patch" TOOLCHAIN=gcc-12)
ok "a patch that breaks the build fails (status 1), naming the object and the error" bash -c "
	test '$st' = 1 && grep -qF 'FAIL     $TESTDIR/bad-breaks.patch: gcc-12: does not build: $obj' $TESTDIR/series-break.out &&
	grep -q 'kwarn_undeclared. undeclared' $TESTDIR/series-break.out"

bad stale '/* kwarn: a comment that fixes nothing */'
awk '/^@@ / { h = 1 } h == 1 && /^ / { $0 = " kwarn: a context line the tree does not have"; h = 2 } { print }' \
	"$TESTDIR/bad-stale.patch" > "$TESTDIR/bad-stale.tmp" && mv "$TESTDIR/bad-stale.tmp" "$TESTDIR/bad-stale.patch"
st=$(sc series-stale.out ONLY="$TESTDIR/bad-stale.patch" TOOLCHAIN=gcc-12)
ok "a patch that does not apply stops the check (status 2) with its name and the failing hunk" bash -c "
	test '$st' = 2 && grep -qF '$TESTDIR/bad-stale.patch does not apply' $TESTDIR/series-stale.out &&
	grep -qF 'the failing hunk, $src #1' $TESTDIR/series-stale.out &&
	grep -qF '     kwarn: a context line the tree does not have' $TESTDIR/series-stale.out"

# the drop, measured by key: a corpus against itself without one warning,
# and the other way round
key=$(jq -r '.key // empty' <<< "$rec")
# (its build record counts one warning less, as corpus-check.sh checks)
cnt=$(zstd -dcq "$c" | jq -r --arg k "$key" 'select(.key == $k) | .count')
zstd -dcq "$c" | jq -c --arg k "$key" --argjson n "$cnt" 'select(.key != $k)
	| if .type == "build" then .unique -= 1 | .instances -= $n else . end' |
	zstd -q -f -o "$TESTDIR/after.jsonl.zst"
ok "mk/series/series-compare.sh: a warning the series removes is gone, by key (status 0)" bash -c "
	$TOP/mk/series/series-compare.sh $c $TESTDIR/after.jsonl.zst > $TESTDIR/cmp.out &&
	grep -q ' 1 gone, 0 new' $TESTDIR/cmp.out && grep -q '$key' $TESTDIR/cmp.out"
ok "mk/series/series-compare.sh: a new warning makes it fail (status 1)" bash -c "
	$TOP/mk/series/series-compare.sh $TESTDIR/after.jsonl.zst $c > $TESTDIR/cmp.out; test \$? = 1 &&
	grep -q ' 0 gone, 1 new' $TESTDIR/cmp.out"
rm -f "$TESTDIR/after.jsonl.zst"

# the tree preparation itself: a tiny tarball, a series whose patch is stale
tt=$TESTDIR/tree-stop
rm -rf "$tt" && mkdir -p "$tt/t/linux/d" "$tt/series"
printf 'one\ntwo\nthree\n' > "$tt/t/linux/d/f.c"
tar -C "$tt/t" -cJf "$tt/linux.tar.xz" linux
printf -- '--- a/d/f.c\n+++ b/d/f.c\n@@ -1,3 +1,3 @@\n one\n-TWO\n+2\n three\n' > "$tt/series/0001-stale.patch"
echo 0001-stale.patch > "$tt/series/series"
ok "mk/tree.sh stops on a patch that does not apply, naming it and its hunk" bash -c "
	! $TOP/mk/tree.sh $tt/linux.tar.xz $tt/tree $tt/series > $tt/out 2>&1 &&
	grep -q 'series/0001-stale.patch does not apply' $tt/out && grep -q 'Hunk #1 FAILED\|hunk FAILED' $tt/out &&
	test ! -d $tt/tree"
rm -rf "$tt" "$TESTDIR/bad"
