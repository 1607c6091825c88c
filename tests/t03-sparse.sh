#!/bin/bash
# sparse: real sparse output (6.1's kernel/fork.c and mm/memory.c, captured
# per object by kwarn-cc --capture) parsed as tool "sparse" and classed by
# message. Expected classes counted by hand from the captured files.
. "$(dirname "$0")/lib.sh"
plan 2
f=$TOP/tests/fixtures/sparse-fork
(cd "$f" && eval "$TOP/.build/san/kwarn-parse $(fixture_args .)") > "$TESTDIR/sparse.jsonl"
ok "sparse output parses: 36 records, all tool sparse" \
	jq -e -s 'length == 36 and all(.tool == "sparse")' "$TESTDIR/sparse.jsonl"
jq -r -f "$TOP/corpus/queries/sparse-class.jq" "$TESTDIR/sparse.jsonl" | jq -r .flag | sort | uniq -c |
	sed 's/^ *//' > "$TESTDIR/sparse.classes"
cat > "$TESTDIR/sparse.expect" <<'X'
10 context imbalance
3 dereference of noderef expression
16 incorrect type in argument N (different address spaces)
3 incorrect type in assignment (different address spaces)
4 symbol was not declared. Should it be static?
X
expect_eq "sparse classes as counted by hand" "$TESTDIR/sparse.expect" "$TESTDIR/sparse.classes"
