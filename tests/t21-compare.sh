#!/bin/bash
# make compare: what clang-14 adds and drops against gcc-12 on the test seed.
. "$(dirname "$0")/lib.sh"
need corpus gcc-12 123
need corpus clang-14 123
cdir=$TESTDIR/corpus/seed-$TEST_SEED

cmp_run() { kmake -s compare "$@" > "$TESTDIR/compare.out" 2>&1; echo $? > "$TESTDIR/compare.rc"; }

cmp_run A=gcc-12 B=clang-14
ok "gcc-12 vs clang-14: a text report, exit 0" bash -c "
	test \$(cat $TESTDIR/compare.rc) = 0 && grep -q '^sites: [1-9][0-9]* new in B' $TESTDIR/compare.out"
cmp_run A=gcc-12 B=clang-14 FAIL_ON_NEW=1
ok "FAIL_ON_NEW=1: clang-14 adds warnings, so it fails and says so" bash -c "
	test \$(cat $TESTDIR/compare.rc) != 0 && grep -q 'clang-14 adds warnings against gcc-12' $TESTDIR/compare.out"
cmp_run A=gcc-12 B=clang-14 FORMAT=json
cp "$TESTDIR/compare.out" "$TESTDIR/compare.json"
sites() { zstd -dcq "$cdir/$1-W123.jsonl.zst" | jq -r 'select(.type == "diag" and .kind == "warning") | [.seed, .path, .line, .flag] | @json' | sort -u | wc -l; }
ok "new + both = clang's sites, gone + both = gcc's sites" bash -c "
	test \$(jq '(.new | length) + .both' $TESTDIR/compare.json) = $(sites clang-14) &&
	test \$(jq '(.gone | length) + .both' $TESTDIR/compare.json) = $(sites gcc-12)"
ok "a site both compilers warn about is matched across wordings (-Wshadow)" \
	jq -e '.flags[] | select(.flag == "-Wshadow") | .both > 0' "$TESTDIR/compare.json"
ok "per-level counts add up to the per-flag counts" \
	jq -e '([.levels[].new] | add) == ([.flags[].new] | add) and ([.levels[].gone] | add) == ([.flags[].gone] | add)' \
	"$TESTDIR/compare.json"
cmp_run A=gcc-12 B=gcc-12 FAIL_ON_NEW=1
ok "a compiler against itself, FAIL_ON_NEW=1: exit 0, nothing new or gone" bash -c "
	test \$(cat $TESTDIR/compare.rc) = 0 && grep -q '^sites: 0 new in B, 0 gone in B' $TESTDIR/compare.out"
cmp_run A=gcc-12 B=clang-99
ok "a missing corpus: fails and says what to run" bash -c "
	test \$(cat $TESTDIR/compare.rc) != 0 && grep -q 'run make corpus SEED=1 TOOLCHAIN=clang-99' $TESTDIR/compare.out"
