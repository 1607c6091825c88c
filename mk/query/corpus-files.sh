#!/bin/bash
# corpus-files.sh - the files of a RUN directory a query reads, one a line,
# in the order of their paths (LC_ALL=C).
#
# Usage: corpus-files.sh RUNDIR NAME [SEED|FIRST-LAST...]
# NAME is a file name and may hold * (gcc-12-W123.jsonl.zst,
# *-branches.jsonl.zst). The seeds are SEEDS's words (mk/seeds.sh); none:
# every seed-N directory of RUNDIR. A seed directory that is there but
# cannot be read fails (exit 3, naming it): its files would be left out
# without a word, and the query would look whole.
STEP=corpus-files
. "$(dirname "$0")/../lib.sh"
[ $# -ge 2 ] || fail "usage: corpus-files.sh RUNDIR NAME [SEED...]"
run=$1 name=$2
shift 2
shopt -s nullglob
{
	if [ $# = 0 ]; then
		dirs=("$run"/seed-*/)
		printf '%s\n' "${dirs[@]%/}"
	else
		mapfile -t seeds < <("$MK/seeds.sh" "$@")
		printf '%s\n' "${seeds[@]/#/$run/seed-}"
	fi
} | while IFS= read -r d; do
	[ -e "$d" ] || continue
	[ -d "$d" ] && [ -r "$d" ] && [ -x "$d" ] || fail_with 3 "$d: cannot read this seed's directory"
	# shellcheck disable=SC2206 # NAME's * is a pattern
	files=("$d"/$name)
	[ ${#files[@]} = 0 ] || printf '%s\n' "${files[@]}"
done | sort
