#!/bin/bash
# report.sh - the corpus as one static HTML page with inline SVG charts.
#
# Usage: report.sh OUT CORPUS KWARN_SVG TOP W REF N
#   OUT        the page to write (through a temporary file renamed into place)
#   CORPUS     corpus/seeds or the like: seed-N/*.jsonl.zst
#   KWARN_SVG  the chart helper (helpers/kwarn-svg.c)
#   TOP        the kwarn checkout (corpus/queries, report/)
#   W          the warning corpora to count: TOOLCHAIN-W$W.jsonl.zst
#   REF        the reference toolchain, listed first and compared first
#   N          rows per table
#
# Reads line 1 of every corpus file (build status), the warnings of the
# W=$W corpora, and each TOOLCHAIN-branches.jsonl.zst; compares each pair
# of toolchains with corpus/queries/compare.jq over the seeds both built.
# Nothing depends on the time, the locale, or where the corpus lies: the
# same corpus gives the same bytes. Exit 2 when there is no corpus, 1 when
# a corpus file is bad (mk/corpus-check.sh says which), 3 when the page
# cannot be written.
STEP=report
. "$(dirname "$0")/../mk/lib.sh"
[ $# = 7 ] || fail "usage: report.sh OUT CORPUS KWARN_SVG TOP W REF N"
out=$1 corpus=$2 svg=$3 top=$4 w=$5 ref=$6 n=$7
export LC_ALL=C
here=$top/report

shopt -s nullglob
files=("$corpus"/seed-*/*.jsonl.zst)
[ ${#files[@]} -gt 0 ] || fail "no corpus in $corpus; run make corpus first"
"$top/mk/corpus-check.sh" "${files[@]}"

mkdir -p "$(dirname "$out")" || fail_with 3 "cannot create $(dirname "$out")"
tmp=$(mktemp -d "$out.XXXXXX") || fail_with 3 "cannot create a directory beside $out"
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/svg"
: > "$tmp/builds" ; : > "$tmp/diags"; : > "$tmp/boots"

for f in "${files[@]}"; do
	rel=${f#"$corpus"/}
	case $rel in
	*-branches.jsonl.zst)
		# with the warnings of the same seed and toolchain, the profiling
		# build's own when there is no plain one (as make branches)
		wf=${f%-branches.jsonl.zst}-W$w.jsonl.zst
		[ -f "$wf" ] || wf=${f%-branches.jsonl.zst}-W$w-profile.jsonl.zst
		{ zstd -dcq "$f"; [ ! -f "$wf" ] || zstd -dcq "$wf"; } |
			jq -n -c --arg file "$rel" --argjson n "$n" -f "$here/branches.jq" >> "$tmp/boots"
		zstd -dcq "$f" | sed -n 1p | jq -c --arg file "$rel" '. + {file: $file}' >> "$tmp/builds"
		;;
	*-W"$w".jsonl.zst)
		zstd -dcq "$f" | sed -n 1p | jq -c --arg file "$rel" 'del(.config) + {file: $file}' >> "$tmp/builds"
		zstd -dcq "$f" | jq -c 'select(.type == "diag" and .kind == "warning")
			| {type, kind, seed, toolchain, tool, flag, level, path, line, key, count, text}' >> "$tmp/diags"
		;;
	*)
		# another W= level or variant: its build record and its warnings' sums
		zstd -dcq "$f" | jq -n -c --arg file "$rel" 'input as $b
			| reduce (inputs | select(.type == "diag" and .kind == "warning")) as $d
				([0, 0]; [.[0] + $d.count, .[1] + 1])
			| . as $s | $b | del(.config)
			+ {file: $file, warnings: {instances: $s[0], unique: $s[1]}}' >> "$tmp/builds"
		;;
	esac
done

# each pair of toolchains with W=$W corpora, the reference first, over the
# seeds both built
jq -r -s --arg w "$w" --arg ref "$ref" '
	map(select(.type == "build" and .w == $w and .variant == "plain") | .toolchain) | unique
	| ([.[] | select(. == $ref)] + [.[] | select(. != $ref)]) as $t
	| range(0; $t | length) as $i | range($i + 1; $t | length) as $j | "\($t[$i]) \($t[$j])"' \
	"$tmp/builds" > "$tmp/pairs"
: > "$tmp/cmps"
while read -r a b; do
	seeds=$(jq -c -s --arg w "$w" --arg a "$a" --arg b "$b" '
		map(select(.type == "build" and .w == $w and .variant == "plain"))
		| (map(select(.toolchain == $a) | .seed) - (map(select(.toolchain == $a) | .seed) - map(select(.toolchain == $b) | .seed)))
		| unique' "$tmp/builds")
	for t in "$a" "$b"; do
		jq -c --arg t "$t" --argjson s "$seeds" 'select(.toolchain == $t and (.seed as $x | any($s[]; . == $x)))' \
			"$tmp/diags" > "$tmp/cmp-$t"
	done
	# jq 1.6's INDEX is quadratic (15 s for two 13,000-record corpora); the
	# same function as a plain reduce takes a second
	jq -n --slurpfile a "$tmp/cmp-$a" --slurpfile b "$tmp/cmp-$b" --arg format json --argjson list 0 \
		"def INDEX(f): reduce .[] as \$r ({}; .[\$r | f | tostring] = \$r);
		$(cat "$top/corpus/queries/compare.jq")" |
		jq -c --arg a "$a" --arg b "$b" --argjson s "$seeds" '{a: $a, b: $b, seeds: $s, result: .}' >> "$tmp/cmps"
done < "$tmp/pairs"

jq -n --slurpfile builds "$tmp/builds" --slurpfile diags "$tmp/diags" --slurpfile cmps "$tmp/cmps" \
	--slurpfile boots "$tmp/boots" --arg w "$w" --arg ref "$ref" --argjson n "$n" \
	-f "$here/report.jq" > "$tmp/model"

# the charts, drawn by kwarn-svg from the tables report.jq made
jq -c '.charts[]' "$tmp/model" > "$tmp/charts"
while read -r c; do
	id=$(jq -r .id <<< "$c")
	jq -r '(["", .series[]] | @tsv), (.rows[] | @tsv)' <<< "$c" |
		"$svg" $(jq -r 'if .log then "-l" else empty end' <<< "$c") -i "chart-$id" \
		-t "$(jq -r .title <<< "$c")" -x "$(jq -r .x <<< "$c")" -y "$(jq -r .y <<< "$c")" \
		> "$tmp/svg/$id.svg"
	jq -R -s --arg id "$id" '{($id): .}' "$tmp/svg/$id.svg"
done < "$tmp/charts" | jq -s 'add // {}' > "$tmp/svgs"

jq -n -r --slurpfile model "$tmp/model" --slurpfile svgs "$tmp/svgs" -f "$here/html.jq" > "$tmp/report.html"
mv "$tmp/report.html" "$out" || fail_with 3 "$out: cannot rename into place"
