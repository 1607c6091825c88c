#!/bin/bash
# make newwarn: a small real diff to init/main.c (five lines added near the
# top, so every warning below drifts) that introduces exactly one finding
# per tool: gcc's -Wmissing-prototypes and sparse's "symbol was not
# declared". Nothing else may come out as new.
. "$(dirname "$0")/lib.sh"
plan 10
need corpus gcc-12 123
out=$TESTDIR/newwarn.out
ok "make newwarn runs and says the diff adds findings (status 1)" bash -c "
	! make -C $TOP -s newwarn $TEST_VARS TOOLCHAINS=$TEST_TC CHECKERS=sparse W=1 \
		DIFF=$TOP/tests/diffs/add-function.patch O=$O > $out 2>&1 &&
	test \$(cat $O/newwarn/status) = 1"
ok "exactly two new findings" test "$(grep -c '^  NEW      gcc-12 [0-9a-f]\{16\}' "$out")" = 2
ok "gcc: no previous prototype for 'kwarn_example_counter'" \
	grep -q "\[gcc\] init/main.c:118:5: warning: no previous prototype for 'kwarn_example_counter' \[-Wmissing-prototypes\]" "$out"
ok "sparse: symbol 'kwarn_example_counter' was not declared" \
	grep -q "\[sparse\] init/main.c:118:5: warning: symbol 'kwarn_example_counter' was not declared" "$out"
ok "each with a command that reproduces it" test "$(grep -c 'reproduce: make -C .* init/main.o' "$out")" = 2
ok "the shared tree was not touched" bash -c "! grep -q kwarn_example_counter $KTREE/init/main.c"
# its scratch builds' steps in O='s step log, as every build's are
ok "O=/steps.log has a build and a records line, ok, for each of its two sides" bash -c "
	for side in before after; do for st in build records; do
		tail -n 20 $O/steps.log | awk -F '\t' -v s=\$st -v d=$O/newwarn/$seedname/$TEST_TC-\$side \
			'\$2 == s && \$4 == \"ok\" && \$5 == d { f = 1 } END { exit !f }' || exit 1
	done; done"
# the side without the diff is the seed's own build of init/main.o at W=1:
# its records are the corpus's, as make corpus builds and parses
records_equal "the records before the diff equal the corpus's for init/main.o at W=1: tool, flag, level, path, line, col, message, key" \
	"$CDIR/$TEST_TC-W123.jsonl.zst" "$O/newwarn/$seedname/$TEST_TC-before/diags.jsonl" init/main.o 1
# as a b4 per-patch check (the patch on stdin) or a CI gate: mk/tools/gate.sh
# ends with newwarn's status, which make cannot give (it ends with 2)
ok "mk/tools/gate.sh newwarn, the patch on stdin: exit 1, the two findings" bash -c "
	$TOP/mk/tools/gate.sh newwarn $TEST_VARS TOOLCHAINS=$TEST_TC W=1 O=$O < $TOP/tests/diffs/add-function.patch > $TESTDIR/gate.out 2>&1
	test \$? = 1 && grep -q 'RESULT   stdin.patch adds 1 finding(s)' $TESTDIR/gate.out"
