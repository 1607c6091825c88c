#!/bin/bash
# change.sh - a comparison's one line in the words of change (kci-dev's):
# new, fixed (gone), persistent (in both); and its status, for CI gates:
# 0 nothing new, 1 new warnings, 2 incomplete (a build of either side not
# ok: its results are not all there).
#
# Usage: change.sh STATUS_FILE AGG LIST...   (AGG: kwarn-agg compare's
# text or JSON; each LIST the summary files of a side, one a line, whose
# headers say each build's status). The line goes to stderr (the report keeps the format asked);
# the status to STATUS_FILE, which mk/tools/gate.sh exits with (make
# itself ends every failed recipe with 2).
STEP=compare
. "$(dirname "$0")/../lib.sh"
[ $# -ge 2 ] || fail "usage: change.sh STATUS_FILE AGG LIST..."
status_file=$1 agg=$2
shift 2
if head -c1 "$agg" | grep -q '{'; then
	read -r new fixed persistent < <(jq -r '"\(.new | length) \(.gone | length) \(.both)"' "$agg")
else
	read -r new fixed persistent < <(sed -n '1s/^sites: \([0-9]*\) new in B, \([0-9]*\) gone in B, \([0-9]*\) in both$/\1 \2 \3/p' "$agg")
fi
[ -n "$persistent" ] || fail "$agg: not kwarn-agg compare's output"
mkdir -p "$(dirname "$status_file")" || fail_with 3 "cannot create $(dirname "$status_file")"
# the builds not ok: their summaries' headers
cat "$@" | while IFS= read -r f; do first_line "$f"; done | { grep -v "	status=ok	" || true; } |
	sed 's/.*	seed=\([0-9]*\).*	toolchain=\([^	]*\).*	status=\([^	]*\).*/seed \1 \2: \3/' > "$status_file.bad"
status=0
[ "$new" = 0 ] || status=1
[ ! -s "$status_file.bad" ] || status=2
echo "$status" > "$status_file.tmp" && mv "$status_file.tmp" "$status_file" ||
	fail_with 3 "cannot write $status_file"
say CHANGE "$new new, $fixed fixed, $persistent persistent: status $status ($(case $status in
	0) echo "nothing new" ;; 1) echo "new warnings" ;;
	*) echo "incomplete: $(wc -l < "$status_file.bad") build(s) not ok: $(head -n3 "$status_file.bad" | paste -sd, | sed 's/,/, /g')" ;; esac))" >&2
rm -f "$status_file.bad"
