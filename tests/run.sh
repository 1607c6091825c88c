#!/bin/bash
# run.sh - run the test scripts given (tests/tNN-*.sh), TAP style.
#
# Each test script prints "ok N - what" / "not ok N - what" lines (see
# lib.sh). The last line sums them up: "N passed, N failed".
set -u
pass=0 fail=0
for t in "$@"; do
	echo "# $(basename "$t")"
	out=$(bash "$t" 2>&1 | tee /dev/stderr) || true
	p=$(grep -c '^ok ' <<< "$out" || true)
	f=$(grep -c '^not ok ' <<< "$out" || true)
	pass=$((pass + p)) fail=$((fail + f))
	if [ "$p" = 0 ] && [ "$f" = 0 ]; then
		echo "not ok - $(basename "$t") ran no test"
		fail=$((fail + 1))
	fi
done 2>&1
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
