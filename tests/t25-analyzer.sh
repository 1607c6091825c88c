#!/bin/bash
# Clang's static analyzer: a real finding in 6.1 (a path-sensitive null
# dereference reached from mm/page_alloc.c), kept as a fixture, and found
# again live on the shared test seed with CHECKERS=clang-analyzer FILES=.
. "$(dirname "$0")/lib.sh"
plan 8
need corpus clang-14 123
f=$TOP/tests/fixtures/clang14-analyzer
want='"core.NullDereference","include/asm-generic/bitops/generic-non-atomic.h",42,"Dereference of null pointer (loaded from variable '"'"'p'"'"')"'
(cd "$f" && eval "$TOP/.build/san/kwarn-parse $(fixture_args .)") |
	jq -c -f "$TOP/corpus/queries/analyzer-class.jq" | jq -c '[.flag, .path, .line, .message]' > "$TESTDIR/an-fixture"
ok "the fixture's finding is classed by its checker, with its path notes" \
	grep -qxF "[$want]" "$TESTDIR/an-fixture"
ok "make corpus CHECKERS=clang-analyzer FILES=mm/page_alloc.o on the test seed" \
	tmake corpus TOOLCHAIN=clang-14 CHECKERS=clang-analyzer FILES=mm/page_alloc.o CORPUS="$TESTDIR/corpus-analyzer"
zstd -dcq "$TESTDIR/corpus-analyzer/$TEST_RUN/seed-$TEST_SEED/clang-14-W123.jsonl.zst" |
	jq -c 'select(.tool == "clang-analyzer") | [.flag, .path, .line, .message]' > "$TESTDIR/an-live"
ok "the same finding, found again live, in the corpus" grep -qxF "[$want]" "$TESTDIR/an-live"
ok "live findings keep their path notes" bash -c "
	zstd -dcq $TESTDIR/corpus-analyzer/$TEST_RUN/seed-$TEST_SEED/clang-14-W123.jsonl.zst |
	jq -e -s 'any(.[]; .tool == \"clang-analyzer\" and .flag == \"core.NullDereference\" and (.notes | length) > 3)'"
ok "make corpus without CHECKERS afterwards, from the same build directory" \
	tmake -s corpus TOOLCHAIN=clang-14 CORPUS="$TESTDIR/corpus-analyzer"
ok "  its corpus is made again, without the analyzer's findings" bash -c "
	zstd -dcq $TESTDIR/corpus-analyzer/$TEST_RUN/seed-$TEST_SEED/clang-14-W123.jsonl.zst |
	jq -e -s 'any(.[]; .type == \"diag\") and all(.[]; .tool != \"clang-analyzer\")' > /dev/null"
ok "a gcc toolchain is refused" bash -c "make -C $TOP build $TEST_VARS TOOLCHAIN=gcc-12 \
	CHECKERS=clang-analyzer FILES=mm/page_alloc.o O=$O 2>&1 | grep -q 'needs a clang toolchain'"
