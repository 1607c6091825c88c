# compare.sh - sourced by mk/series/series-check.sh (after mk/lib.sh): a patch's
# builds compared, as a record and as the lines printed.
#
#   compare NAME TC CLAIMS-FILE OBJS-FILE   one report record (JSON line) on
#                      stdout, from $tmp/TC.before.json, $tmp/TC.after.json
#                      and .missing, .status, .sec and $tmp/TC.changed: the
#                      claims gone or still there, the new warnings (by
#                      key: doc/compare.md, "The same warning"; each with
#                      its record's W level and whether it fails: a level
#                      outside FAILW, W=3 by default, which Kbuild says
#                      "can most likely be ignored", is reported only), the
#                      build, the code changed
#   report_toolchain NAME TC RECORD   prints GONE, NOTE and FAIL lines; sets
#                      res=fail when the patch fails for TC
#   report_patch NAME  reads $tmp/report.jsonl (every toolchain's record);
#                      a claim no toolchain prints sets res=fail; prints the
#                      OK line when res is still pass
compare() {
	jq -n -c -L "$TOP/mk" --arg patch "$1" --arg tc "$2" --arg w "$w" \
		--slurpfile claims "$3" --rawfile objs "$4" \
		--slurpfile before "$tmp/$2.before.json" --slurpfile after "$tmp/$2.after.json" \
		--rawfile missing "$tmp/$2.after.missing" --arg status "$(cat "$tmp/$2.after.status")" \
		--rawfile changed "$tmp/$2.changed" --arg failw "$FAILW" \
		--argjson sec_before "$(cat "$tmp/$2.before.sec")" --argjson sec_after "$(cat "$tmp/$2.after.sec")" '
	include "corpus-lib";
	{patch: $patch, toolchain: $tc, w: $w,
	 objects: ($objs | split("\n") | map(select(. != ""))),
	 seconds: {before: $sec_before, after: $sec_after},
	 claims: [$claims[] | . as $c |
		{text, before: ([$before[] | select(claimed_by($c))] | length),
		 after: ([$after[] | select(claimed_by($c))] | length)} |
		.status = (if .before == 0 and .after == 0 then "not-seen"
			elif .after == 0 then "gone" else "still-there" end)],
	 new: [same_warnings(warnings($before); warnings($after); "patch").new[] |
		. as $r | select(all($claims[]; . as $c | $r | claimed_by($c) | not)) |
		{text, level} |
		.fails = (.level == null or .level == 0 or ((.level | tostring) as $l | $failw | contains($l)))],
	 build: (if $status == "0" and $missing == "" then "ok" else "failed" end),
	 code_changed: ($changed | split("\n") | map(select(. != ""))),
	 failed_objects: ($missing | split("\n") | map(select(. != ""))),
	 errors: [$after[] | select(.kind == "error" or .kind == "failure") | .text]}'
}
report_toolchain() {
	local p=$1 tc=$2 rec=$3 s t
	jq -r '.claims[] | "\(.status) \(.text)"' "$rec" | while read -r s t; do
		case $s in
		gone) say GONE "$tc: $t" ;;
		not-seen) say NOTE "$tc does not print it: $t" ;;
		still-there) say FAIL "$p: $tc: still there: $t" ;;
		esac
	done
	jq -r '.new[] | select(.fails) | "  FAIL     '"$p: $tc"': new warning: \(.text)"' "$rec"
	jq -r '[.new[] | select(.fails | not)] | select(length > 0) |
		"  NOTE     '"$p: $tc"': \(length) new warnings of W=\(map(.level) | unique | map(tostring) | join(",")) only, not failing (SERIES_FAIL_W='"$FAILW"'), e.g.:",
		"             \(.[0].text)"' "$rec"
	jq -r 'select(.build != "ok") | "  FAIL     '"$p: $tc"': does not build: \(.failed_objects | join(" "))", (.errors[] | "             \(.)")' "$rec"
	jq -e '.build == "ok" and all(.new[]; .fails | not) and all(.claims[]; .status != "still-there")' "$rec" > /dev/null || res=fail
}
report_patch() {
	local p=$1 t newtxt code gone
	# each claim must be shown gone by at least one toolchain
	jq -s -r --arg p "$p" '[.[] | select(.patch == $p)] | [.[].claims[]] | group_by(.text)[] |
		select(all(.[]; .status == "not-seen")) | .[0].text' "$tmp/report.jsonl" > "$tmp/unseen"
	while read -r t; do say FAIL "$p: no toolchain prints the warning it claims: $t"; res=fail; done < "$tmp/unseen"
	[ "$res" = pass ] || return 0
	newtxt=$(jq -s -r --arg p "$p" '[.[] | select(.patch == $p) | .new[] | select(.fails | not)] |
		if length == 0 then "nothing new" else
		"nothing new at W=\("0'"$FAILW"'" | split("") | join(",")) (\(length) new at W=\(map(.level) | unique | map(tostring) | join(",")), not failing)" end' "$tmp/report.jsonl")
	code=$(jq -s -r --arg p "$p" '[.[] | select(.patch == $p) | .code_changed[]] | unique |
		if length == 0 then "code unchanged" else "code changed: \(join(" "))" end' "$tmp/report.jsonl")
	gone=$(jq -s --arg p "$p" '[.[] | select(.patch == $p) | .claims[] | select(.status == "gone")] | map(.text) | unique | length' "$tmp/report.jsonl")
	say OK "$p: $gone of $(wc -l < "$tmp/claims") warnings gone, $newtxt, $(wc -l < "$tmp/objs") objects build, $code ($TOOLCHAINS)"
}
