#!/bin/bash
# run.sh - run the test scripts given (tests/tNN-*.sh), TAP style.
#
# Each test script prints "ok N - what" / "not ok N - what" lines and its
# plan "1..N" (see lib.sh): a file that ran none, or another number than
# it planned, failed. At the end: each file's wall and CPU seconds (its
# processes' user and system time), so that a change that makes one slower
# shows in its own run, then the sum line "N passed, N failed".
set -u
: "${O:=${XDG_CACHE_HOME:-$HOME/.cache}/kwarn}"
logs=${TESTDIR:-$O/check}/logs
mkdir -p "$logs"
pass=0 fail=0 table=()
TIMEFORMAT='%R %U %S'
exec 3>&2
for t in "$@"; do
	name=$(basename "$t" .sh)
	echo "# $name"
	{ time { bash "$t" 2>&3 | tee "$logs/$name.tap"; } 2>&3; } 2> "$logs/$name.time"
	read -r wall user sys < "$logs/$name.time"
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.0f", u + s }')
	echo "# $name: ${wall%.*} s (${cpu} s CPU)"
	table+=("$(printf '# %-24s %6.0f %6d' "$name" "$wall" "$cpu")")
	p=$(grep -c '^ok ' "$logs/$name.tap")
	f=$(grep -c '^not ok ' "$logs/$name.tap")
	planned=$(sed -n 's/^1\.\.//p' "$logs/$name.tap")
	pass=$((pass + p)) fail=$((fail + f))
	if [ $((p + f)) = 0 ] || [ "$planned" != $((p + f)) ]; then
		echo "not ok - $name planned ${planned:-nothing}, ran $((p + f))"
		fail=$((fail + 1))
	fi
done
printf '# %-24s %6s %6s\n' "test file" "wall s" "CPU s"
printf '%s\n' "${table[@]}"
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
