#!/bin/bash
# run.sh - run the test scripts given (tests/tNN-*.sh), TAP style.
#
# Each test script prints "ok N - what" / "not ok N - what" lines (see
# lib.sh). The last line sums them up: "N passed, N failed".
set -u
: "${O:=${XDG_CACHE_HOME:-$HOME/.cache}/kwarn}"
logs=${TESTDIR:-$O/check}/logs
mkdir -p "$logs"
pass=0 fail=0
for t in "$@"; do
	name=$(basename "$t" .sh)
	echo "# $name"
	start=$SECONDS
	bash "$t" 2>&1 | tee "$logs/$name.tap"
	echo "# $name: $((SECONDS - start)) s"
	p=$(grep -c '^ok ' "$logs/$name.tap")
	f=$(grep -c '^not ok ' "$logs/$name.tap")
	pass=$((pass + p)) fail=$((fail + f))
	if [ "$p" = 0 ] && [ "$f" = 0 ]; then
		echo "not ok - $name ran no test"
		fail=$((fail + 1))
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
