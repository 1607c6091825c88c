#!/bin/bash
# Interrupted runs: make corpus killed (SIGINT, SIGKILL) during the build and
# during the parse and corpus write, then run again, gives the same corpus
# bytes as an uninterrupted run, and never leaves a half-written corpus file.
# It works in t11's build directory (its own O=) and removes it at the end:
# the second kernel tree is large.
. "$(dirname "$0")/lib.sh"
O=$TESTDIR/o2
c=$TESTDIR/corpus/seed-$TEST_SEED/$TEST_TC-W1.jsonl.zst
b=$O/seed-$TEST_SEED-p$TEST_P/$TEST_TC-W1
ok "the test seed's W=1 corpus exists" kmake corpus W=1 JOBS=2
want=$(sha256sum < "$c")

# run_killed SIGNAL SECONDS: start make corpus in its own process group,
# kill the whole group after SECONDS
run_killed() {
	setsid bash -c "make -C $TOP corpus BOOT=0 SEED=$TEST_SEED P=$TEST_P TOOLCHAIN=$TEST_TC W=1 \
		O=$O CORPUS=$TESTDIR/corpus JOBS=2 > $TESTDIR/killed.log 2>&1" &
	local pid=$!
	sleep "$2"
	kill -s "$1" -- -"$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	sleep 1
}
no_partial() {	# no corpus file, or a whole one
	[ ! -e "$c" ] || zstd -tq "$c"
}
rerun_same() {	# a rerun to completion gives the golden bytes, no staged leftovers
	make -C "$TOP" -s corpus BOOT=0 SEED=$TEST_SEED P=$TEST_P TOOLCHAIN=$TEST_TC W=1 O="$O" \
		CORPUS="$TESTDIR/corpus" JOBS=2 > "$TESTDIR/rerun.log" 2>&1 &&
	test "$(sha256sum < "$c")" = "$want" &&
	! ls -A "$TESTDIR/corpus/seed-$TEST_SEED" | grep -q '\.tmp$'
}
for sig in INT KILL; do
	# during the build: some objects to recompile
	find "$b/kernel" -name '*.o' -delete
	rm -f "$b/.kwarn-built" "$c"
	run_killed $sig 25
	ok "$sig during the build left no partial corpus" no_partial
	ok "after $sig during the build, a rerun gives the same bytes" rerun_same
	# during the parse and corpus write
	rm -f "$c"
	run_killed $sig 2
	ok "$sig during the parse left no partial corpus" no_partial
	ok "after $sig during the parse, a rerun gives the same bytes" rerun_same
done

# two runs for the same seed at once: neither corrupts nor duplicates
rm -f "$c" "$b/.kwarn-built"
for i in 1 2; do
	make -C "$TOP" -s corpus BOOT=0 SEED=$TEST_SEED P=$TEST_P TOOLCHAIN=$TEST_TC W=1 O="$O" \
		CORPUS="$TESTDIR/corpus" JOBS=1 > "$TESTDIR/concurrent-$i.log" 2>&1 &
done
wait
ok "two concurrent runs for the same seed: the same bytes, no leftovers" bash -c "
	test \"\$(sha256sum < $c)\" = '$want' && ! ls -A $TESTDIR/corpus/seed-$TEST_SEED | grep -q '\.tmp\$' &&
	test \$(ls $TESTDIR/corpus/seed-$TEST_SEED/ | grep -c '^$TEST_TC-W1.jsonl.zst') = 1"
rm -rf "$O"
