#!/bin/bash
# series-compare.sh - what the fix patches change in a seed's warnings: the
# corpus built without them (BEFORE) against the one built with them
# (AFTER), same seed, toolchain and W level.
#
# Usage: series-compare.sh BEFORE.jsonl.zst AFTER.jsonl.zst [LIST]
# The same warning (doc/compare.md): one compiler on one tree, patched or
# not, so by key, which holds no line. Prints the W level table, the
# flags, then the first LIST (20) gone and new warnings. Exit: 0 nothing
# new, 1 a warning is new, 2 trouble.
STEP=series-compare
. "$(dirname "$0")/../lib.sh"
[ $# -ge 2 ] || fail "usage: series-compare.sh BEFORE.jsonl.zst AFTER.jsonl.zst [LIST]"
before=$1 after=$2 list=${3:-20}
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT
"$MK/corpus-check.sh" "$before" "$after" || exit 2
for f in "$before" "$after"; do
	first_line "$f" | jq -r '"\(.toolchain) seed \(.seed) W=\(.w) config \(.config_sha256[:12]) series \(.series_sha256[:12])"'
done | { read -r a; read -r b; echo "before: $a"; echo "after:  $b"
	[ "${a% series *}" = "${b% series *}" ] || echo "kwarn: series-compare: the two builds differ in more than the series" >&2; }
jq -n -r -L "$MK" --argjson list "$list" \
	--slurpfile a <(zstd -dcq "$before") --slurpfile b <(zstd -dcq "$after") 'include "corpus-lib";
	def pad($w): tostring | (" " * ($w - length)) + .;
	warnings($a) as $A | warnings($b) as $B
	| same_warnings($A; $B; "patch") as {gone: $gone, new: $new}
	| "warnings: \($A | length) before, \($B | length) after: \($gone | length) gone, \($new | length) new",
	  "",
	  "level   gone    new",
	  (($gone | map({level, n: "gone"})) + ($new | map({level, n: "new"})) | group_by(.level)[] |
	   "\(.[0].level // "?" | pad(5))  \(map(select(.n == "gone")) | length | pad(5))  \(map(select(.n == "new")) | length | pad(5))"),
	  "",
	  " gone    new  flag",
	  (($gone | map({flag, n: "gone"})) + ($new | map({flag, n: "new"})) | group_by(.flag)[] |
	   "\(map(select(.n == "gone")) | length | pad(5))  \(map(select(.n == "new")) | length | pad(5))  \(.[0].flag)"),
	  "",
	  "gone (first \($list)):", ($gone | sort_by(.path, .line)[:$list][] | "  \(.key)  \(.text)"),
	  "new (first \($list)):", ($new | sort_by(.path, .line)[:$list][] | "  \(.key)  \(.text)")' > "$tmp" || exit 2
cat "$tmp"
grep -q ' 0 new$' "$tmp"
