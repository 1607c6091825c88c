#!/bin/bash
# compare-mail.sh - make compare FORMAT=mail: compare's JSON as a build
# bot's report (mk/query/compare-mail.jq), with what the JSON does not hold: the
# compilers and tree (the build records of each side's first corpus file)
# and the source line of each warning listed (its record, read from the
# corpus files of the seeds of the warnings listed alone).
#
# Usage: RUN_A=RUN RUN_B=RUN A=TC B=TC W=W LIST=N SETTINGS=S \
#            compare-mail.sh JSON A_FILES B_FILES
# JSON: compare's (kwarn-agg compare -j, or compare-trees.jq's); A_FILES
# and B_FILES: each side's corpus files, one a line (in seed-N
# directories); SETTINGS may be empty (compare-mail.jq reads RUN_B's).
STEP=compare
. "$(dirname "$0")/../lib.sh"
need_vars RUN_A RUN_B A B W LIST
[ $# = 3 ] || fail "usage: compare-mail.sh JSON A_FILES B_FILES"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mail() {	# mail JSON JQ-ARG...: compare-mail.jq on JSON
	local in=$1
	shift
	jq -r --arg run_a "$RUN_A" --arg run_b "$RUN_B" --arg a "$A" --arg b "$B" --arg w "$W" \
		--argjson list "$LIST" --arg settings "${SETTINGS-}" "$@" -f "$MK/query/compare-mail.jq" "$in"
}
json=$1
shift
# the build records of each side's first file
for f in "$@"; do first_line "$(head -n1 "$f")"; done | jq -c 'del(.config, .objects_built)' > "$tmp/heads" || exit 2
# the warnings listed, "SIDE SEED KEY", and their source lines
mail "$json" --arg listed 1 | sort -u > "$tmp/listed" || exit 2
cut -d' ' -f1,2 "$tmp/listed" | uniq | while read -r side seed; do
	files=$1
	[ "$side" = a ] || files=$2
	f=$(grep -m1 "/seed-$seed/" "$files") || fail "no corpus file of seed $seed in the compare"
	# (grep finds their lines: jq parses those alone)
	awk -v s="$side" -v n="$seed" '$1 == s && $2 == n { print "\"key\":\"" $3 "\"" }' "$tmp/listed" > "$tmp/keys"
	{ zstd -dcq "$f" | grep -F -f "$tmp/keys" || [ $? = 1 ]; } |
		jq -c --arg side "$side" 'select(.type == "diag") | {side: $side, seed, key, source: (.source // "")}'
done > "$tmp/src" || exit 2
mail "$json" --slurpfile heads "$tmp/heads" --slurpfile src "$tmp/src"
