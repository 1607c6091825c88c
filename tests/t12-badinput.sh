#!/bin/bash
# Bad input to make: one clear line, non-zero exit, nothing half-written.
. "$(dirname "$0")/lib.sh"
c=$TESTDIR/corpus/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst

fails_with() {	# fails_with PATTERN CMD...: CMD fails and says PATTERN
	local pat=$1
	shift
	! "$@" > "$TESTDIR/bad.out" 2>&1 && grep -q -- "$pat" "$TESTDIR/bad.out"
}
ok "a non-numeric SEED is refused" fails_with "SEED must be a non-negative integer, got 'abc'" \
	make -C "$TOP" config SEED=abc O="$O"
ok "a negative SEED is refused" fails_with "SEED must be a non-negative integer, got '-3'" \
	make -C "$TOP" config SEED=-3 O="$O"
ok "an unknown toolchain is refused" fails_with "unknown toolchain 'icc-1'" \
	make -C "$TOP" build SEED=$TEST_SEED P=$TEST_P TOOLCHAIN=icc-1 O="$O"
ok "a toolchain prefix that does not exist is refused" fails_with "/nonexistent/arm-gcc: no such compiler" \
	make -C "$TOP" build SEED=$TEST_SEED P=$TEST_P TOOLCHAIN=/nonexistent/arm- O="$O"
cp "$c" "$TESTDIR/trunc.jsonl.zst"
mkdir -p "$TESTDIR/badcorpus/seed-9"
head -c 300 "$c" > "$TESTDIR/badcorpus/seed-9/gcc-12-W123.jsonl.zst"
ok "make top on a truncated corpus file fails, naming it" fails_with "seed-9/gcc-12-W123.jsonl.zst" \
	make -C "$TOP" -s top CORPUS="$TESTDIR/badcorpus"
ok "make top with no corpus says so" fails_with "no corpus in" \
	make -C "$TOP" -s top CORPUS="$TESTDIR/nocorpus"
