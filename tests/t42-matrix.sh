#!/bin/bash
# make matrix on the builds the suite already has: its rows against the
# build records read by jq, no build made again, and a toolchain below
# the tree's minimum a row naming the rule.
. "$(dirname "$0")/lib.sh"
plan 11
need corpus gcc-12 1 123
need corpus clang-14 1 123
mx=$O/matrix
old_prefix

tmake -s matrix MATRIX_KVERS=6.1 MATRIX_TOOLCHAINS="gcc-12 clang-14 $OLD_PREFIX" WLEVELS="1 123" \
	> "$TESTDIR/matrix.out" 2>&1
echo $? > "$TESTDIR/matrix.rc"
# each row as jq reads the corpus files: toolchain, tree, status, cells
for tc in gcc-12 clang-14; do
	for w in 1 123; do zstd -dcq "$CDIR/$tc-W$w.jsonl.zst" | head -n 1; done |
		jq -s -r --arg tc "$tc" '[$tc, "linux-source-6.1", (map(.status) | unique | join(",")),
			(.[] | "\(.instances)/\(.unique)")] | join(" ")'
done > "$TESTDIR/matrix.want"
echo "$OLD_PREFIX linux-source-6.1 refused - -" >> "$TESTDIR/matrix.want"
awk '$3 == "ok" || $3 == "refused" { print $1, $2, $3, $4, $5 }' "$TESTDIR/matrix.out" > "$TESTDIR/matrix.got"
expect_eq "make matrix: each row's status and instances/unique per level are its build records'" \
	"$TESTDIR/matrix.want" "$TESTDIR/matrix.got"
ok "the table is DIR/table.txt; make exits 0 (a refusal is a row); nothing was built or parsed again" bash -c "
	test \$(cat $TESTDIR/matrix.rc) = 0 && grep -qxF 'p0-small seed-1, instances/unique per level, build wall seconds' $mx/table.txt &&
	! grep -qE '^  (BUILD|PARSE) ' $mx/6.1-gcc-12.log $mx/6.1-clang-14.log"
ok "the refused toolchain's row says which rule, from the tree's min-tool-version.sh" grep -qxF \
	"  $OLD_PREFIX linux-source-6.1 W=1,123: gcc 4.9.4 is older than linux-source-6.1's minimum 5.1.0 (scripts/min-tool-version.sh gcc)" \
	"$TESTDIR/matrix.out"
# one level built: W=1 and W=12 by attribution from the W=123 records
tmake -s matrix MATRIX_KVERS=6.1 MATRIX_TOOLCHAINS="gcc-12 clang-14" > "$TESTDIR/matrix-123.out" 2>&1
for tc in gcc-12 clang-14; do
	zstd -dcq "$CDIR/$tc-W123.jsonl.zst" | jq -n -r --arg tc "$tc" 'input as $b | [inputs] as $d
		| [$tc, "linux-source-6.1", $b.status, (1, 2, 3 | . as $l | [$d[] | select((.level // 0) <= $l)]
			| "\(map(.count) | add)/\(length)"), ($b.instances | tostring) + "/" + ($b.unique | tostring)] | join(" ")'
done > "$TESTDIR/matrix-123.want"
awk '$3 == "ok" { print $1, $2, $3, $4, $5, $6, $6 }' "$TESTDIR/matrix-123.out" > "$TESTDIR/matrix-123.got"
expect_eq "make matrix at W=123 alone: W=1 and W=12 are its records of those levels (and level 0), W=123 the build record's" \
	"$TESTDIR/matrix-123.want" "$TESTDIR/matrix-123.got"
# bad settings: one line, before any build
for bad in "MATRIX_KVERS=6.2|MATRIX_KVERS: '6.2' is not one of the packaged trees: 6.1 6.12" \
	"MATRIX_TOOLCHAINS=gcc|MATRIX_TOOLCHAINS: gcc: a toolchain: gcc-N, clang-N or a cross prefix" \
	"KSRC=$O/src/$TEST_TREE|make matrix builds the packaged trees of MATRIX_KVERS, not KSRC=$O/src/$TEST_TREE"; do
	rm -rf "$TESTDIR/matrix-o"
	ok "make matrix ${bad%%|*}: refused in one line, nothing made" bash -c "
		! make -C $TOP matrix O=$TESTDIR/matrix-o '${bad%%|*}' > $TESTDIR/bad.out 2>&1 &&
		grep -qF \"${bad#*|}\" $TESTDIR/bad.out && test \$(wc -l < $TESTDIR/bad.out) = 1 && test ! -e $TESTDIR/matrix-o"
done
