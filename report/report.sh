#!/bin/bash
# report.sh - the corpus as one static HTML page with inline SVG charts.
#
# Usage: CORPUS_RUN= KWARN_SVG= KWARN_AGG= TOP= W= REF_TOOLCHAIN= REPORT_N= report.sh OUT
#   OUT            the page to write (through a temporary file renamed into place)
#   CORPUS_RUN     a RUN directory of the corpus: seed-N/*.jsonl.zst
#   KWARN_SVG, KWARN_AGG  the chart and the aggregating helpers (helpers/)
#   TOP            the kwarn checkout (corpus/queries, report/)
#   W              the warning corpora to count: TOOLCHAIN-W$W.jsonl.zst
#   REF_TOOLCHAIN  the reference toolchain, listed first and compared first
#   REPORT_N       rows per table
#
# Reads line 1 of every corpus file (its build or boot record) from the
# campaign index (KWARN_INDEX, INDEX, CORPUS_ROOT: mk/index.mk), the
# summaries of the warning corpora (mk/summary.sh, made where missing or
# out of date, which checks the corpus file first), and each
# TOOLCHAIN-branches.jsonl.zst whole (checked by mk/corpus-check.sh).
# kwarn-agg adds up the W=$W corpora (top -j: flags, toolchains, seeds)
# and compares each pair of toolchains over the seeds both built (compare
# -j); jq presents what they print: its lists keep the N most frequent.
# Nothing depends on the time, the locale, or where the corpus lies: the
# same corpus gives the same bytes. Exit 2 when there is no corpus, 1 when
# a corpus file is bad (mk/corpus-check.sh says which), 3 when the page
# cannot be written.
STEP=report
. "$(dirname "$0")/../mk/lib.sh"
[ $# = 1 ] || fail "usage: CORPUS_RUN= KWARN_SVG= KWARN_AGG= TOP= W= REF_TOOLCHAIN= REPORT_N= report.sh OUT"
need_vars CORPUS_RUN KWARN_SVG KWARN_AGG TOP W REF_TOOLCHAIN REPORT_N
out=$1 corpus=$CORPUS_RUN svg=$KWARN_SVG agg=$KWARN_AGG top=$TOP w=$W ref=$REF_TOOLCHAIN n=$REPORT_N
# the campaign index (mk/index.mk) holds each file's line 1: RUN is the
# corpus directory's path below the index's CORPUS
need_vars KWARN_INDEX INDEX CORPUS_ROOT FLAG_NAMES HOLDERS
corpus_root=$CORPUS_ROOT run=${corpus#"$CORPUS_ROOT"/}
export LC_ALL=C
here=$top/report

mapfile -t files < <(find "$corpus" -mindepth 2 -name '*.jsonl.zst' | sort)
[ ${#files[@]} -gt 0 ] || fail "no corpus in $corpus; run make corpus first"
# A level is a filter (mk/query/query.mk's w-holders, HOLDERS): per toolchain
# the W=$w corpora, else those of the first cumulative level above that
# was built (tw: the W read), read with W's filter (kwarn-agg -w)
declare -A tw=()
for v in $HOLDERS; do
	for f in "${files[@]}"; do
		b=${f##*/}
		[[ $b == *-W"$v".jsonl.zst ]] && [ -z "${tw[${b%-W"$v".jsonl.zst}]-}" ] && tw[${b%-W"$v".jsonl.zst}]=$v
	done
done
boots=() wfiles=() others=()
for f in "${files[@]}"; do
	b=${f##*/}
	case $b in
	*-branches.jsonl.zst) boots+=("$f") ;;
	*-W[0-9]*.jsonl.zst) if [ "$b" = "${b%-W*}-W${tw[${b%-W*}]-}.jsonl.zst" ]; then wfiles+=("$f"); else others+=("$f"); fi ;;
	*) others+=("$f") ;;
	esac
done
# the filter, when a level above W is read
filter=()
for v in "${tw[@]}"; do [ "$v" = "$w" ] || filter=(-w "$w"); done
[ ${#boots[@]} = 0 ] || "$top/mk/corpus-check.sh" "${boots[@]}"

mkdir -p "$(dirname "$out")" || fail_with 3 "cannot create $(dirname "$out")"
tmp=$(mktemp -d "$out.XXXXXX") || fail_with 3 "cannot create a directory beside $out"
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/svg" "$tmp/ro"
: > "$tmp/builds" ; : > "$tmp/boots"; : > "$tmp/wsums"; : > "$tmp/osums"
# the summaries, in the files' order (summary.sh -u fails on a bad file, naming it)
[ ${#wfiles[@]} = 0 ] || "$top/mk/summary.sh" -u "$tmp/ro" "${wfiles[@]}" > "$tmp/wsums" || exit 1
[ ${#others[@]} = 0 ] || "$top/mk/summary.sh" -u "$tmp/ro" "${others[@]}" > "$tmp/osums" || exit 1

# line 1 of each file, without its config (and objects_built): the campaign
# index holds them (make brought it up to date), in the files' order
"$KWARN_INDEX" records "$INDEX" "$run" > "$tmp/records" || fail_with 3 "$INDEX: cannot read the records"
[ "$(cut -f1 "$tmp/records")" = "$(printf '%s\n' "${files[@]#"$corpus_root"/}")" ] ||
	fail "$INDEX: its files of $run are not those of $corpus (make index makes it again)"
jq -R -c --arg run "$run/" 'index("\t") as $i | (.[$i + 1:] | fromjson) + {file: (.[:$i] | ltrimstr($run))}' \
	"$tmp/records" > "$tmp/builds"
for f in "${boots[@]}"; do
	# with the warnings of the same seed and toolchain, the profiling
	# build's own when there is no plain one (as make branches)
	rel=${f#"$corpus"/}
	b=${f##*/} && b=${b%-branches.jsonl.zst}
	wf=${f%-branches.jsonl.zst}-W${tw[$b]:-$w}.jsonl.zst
	[ -f "$wf" ] || wf=${f%-branches.jsonl.zst}-W$w-profile.jsonl.zst
	{ zstd -dcq "$f"; [ ! -f "$wf" ] || zstd -dcq "$wf"; } |
		jq -n -c --arg file "$rel" --argjson n "$n" -f "$here/branches.jq" >> "$tmp/boots"
done

# The W=$w corpora added up (kwarn-agg top -j), and each pair of their
# toolchains, the reference first, over the seeds both built (kwarn-agg
# compare -j -t: its lists the $n most frequent sites): as many at once as
# there are cores (run_job), each writing its own files and its status
tab=$'\t'
# each toolchain's summaries together (-g: kwarn-agg holds one toolchain's
# keys at a time), and the keys each seed printed first from the index
# (-f: else it would hold every key of every toolchain to count them)
awk -F / '{ print $NF "\t" $0 }' "$tmp/wsums" | sort -s -t "$tab" -k1,1 | cut -f2- > "$tmp/wsums.grouped"
top_all() {
	if [ ${#filter[@]} = 0 ]; then
		"$KWARN_INDEX" sums "$INDEX" "$run" "*-W$w.jsonl.zst" | awk '$1 == "first"' > "$tmp/firsts" &&
		"$agg" top -g -j -n "$n" -s "$tmp/bootlist" -f "$tmp/firsts" -T "$tmp/wsums.grouped" > "$tmp/agg"
	else	# (the index's sums hold every level: kwarn-agg counts the firsts)
		"$agg" top -g -j -n "$n" "${filter[@]}" -s "$tmp/bootlist" -T "$tmp/wsums.grouped" > "$tmp/agg"
	fi
}
jq -r 'select(.type == "boot") | [.seed, .toolchain, .status] | @tsv' "$tmp/builds" > "$tmp/bootlist"
if [ -s "$tmp/wsums" ]; then
	run_job "$tmp/agg.status" top_all
else
	echo '{"toolchains":[],"builds":[],"seeds":[],"flags":[],"build_status":{},"boot_status":{}}' > "$tmp/agg"
	echo 0 > "$tmp/agg.status"
fi
# seed, toolchain and summary of each W=$w corpus (its path names them), by seed
printf '%s\n' "${wfiles[@]#"$corpus"/}" | paste - "$tmp/wsums" |
	sed -n "s|^seed-\([0-9]*\)/\(.*\)-W[0-9]*\.jsonl\.zst\t|\1\t\2\t|p" | sort -s -t "$tab" -k1,1n > "$tmp/wlist"
cut -f2 "$tmp/wlist" | sort -u | awk -v ref="$ref" '$0 == ref { print; next } { o[++n] = $0 } END { for (i = 1; i <= n; i++) print o[i] }' > "$tmp/tcs"
awk '{ t[++n] = $0 } END { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) print t[i], t[j] }' "$tmp/tcs" > "$tmp/pairs"
pair() {	# pair I A B: $tmp/pair.I/out (run in an && list: no set -e)
	local d=$tmp/pair.$1 a=$2 b=$3
	mkdir -p "$d"
	awk -F '\t' -v a="$a" -v b="$b" '$2 == a { sa[$1] = $3 } $2 == b { sb[$1] = $3; order[++n] = $1 }
		END { for (i = 1; i <= n; i++) if (order[i] in sa) { s = s (s == "" ? "" : ",") order[i]
			print sa[order[i]] > d "/a"; print sb[order[i]] > d "/b" }
		  print "[" s "]" > d "/seeds"; printf "" >> d "/a"; printf "" >> d "/b" }' d="$d" "$tmp/wlist" &&
	"$agg" compare -j -t -n "$n" "${filter[@]}" -F "$FLAG_NAMES" -A "$d/a" -B "$d/b" > "$d/cmp" &&
	jq -c --arg a "$a" --arg b "$b" --argjson s "$(cat "$d/seeds")" \
		'{a: $a, b: $b, seeds: $s, result: .}' "$d/cmp" > "$d/out"
}
np=0
while read -r a b; do
	np=$((np + 1))
	run_job "$tmp/pair.$np.status" pair "$np" "$a" "$b"
done < "$tmp/pairs"
wait
[ "$(cat "$tmp/agg.status")" = 0 ] || fail_with 1 "kwarn-agg top over the W=$w corpora failed (its error is above)"
for ((i = 1; i <= np; i++)); do
	[ "$(cat "$tmp/pair.$i.status")" = 0 ] || fail_with 1 "the compare of $(sed -n "${i}p" "$tmp/pairs") failed (its error is above)"
	cat "$tmp/pair.$i/out"
done > "$tmp/cmps"

# the others' warnings per build
if [ -s "$tmp/osums" ]; then
	"$agg" top -j -n "$n" -T "$tmp/osums" > "$tmp/oagg" || exit 1
	# each build's warnings, by its corpus file (the lists are in one order)
	paste <(printf '%s\n' "${others[@]#"$corpus"/}") "$tmp/osums" |
		jq -R -s -c --slurpfile o "$tmp/oagg" '[split("\n")[] | select(length > 0) | split("\t")
			| {key: .[1], value: .[0]}] | from_entries as $file
			| $o[0].builds | map({key: $file[.summary], value: .warnings}) | from_entries' > "$tmp/owarn"
else
	echo '{}' > "$tmp/owarn"
fi

# the W read per toolchain, {TOOLCHAIN: W}
for t in "${!tw[@]}"; do printf '%s\t%s\n' "$t" "${tw[$t]}"; done |
	jq -R -s -c '[split("\n")[] | select(. != "") | split("\t") | {key: .[0], value: .[1]}] | from_entries' > "$tmp/tw"
# the keys not seen yet, per toolchain (mk/query/unseen.sh, from the index)
for t in "${!tw[@]}"; do "$KWARN_INDEX" freq -w "$w" "$INDEX" "$run" "$t-W${tw[$t]}.jsonl.zst"; done | sort |
	"$top/mk/query/unseen.sh" -j "$w" > "$tmp/unseen" || exit 2
jq -n --slurpfile builds "$tmp/builds" --slurpfile agg "$tmp/agg" --slurpfile owarn "$tmp/owarn" \
	--slurpfile cmps "$tmp/cmps" --slurpfile boots "$tmp/boots" --slurpfile tw "$tmp/tw" --slurpfile unseen "$tmp/unseen" \
	--arg w "$w" --arg ref "$ref" --argjson n "$n" -f "$here/report.jq" > "$tmp/model"

# the charts, drawn by kwarn-svg from the tables report.jq made
jq -c '.charts[]' "$tmp/model" > "$tmp/charts"
while read -r c; do
	id=$(jq -r .id <<< "$c")
	jq -r '(["", .series[]] | @tsv), (.rows[] | @tsv)' <<< "$c" |
		"$svg" $(jq -r '(if .log then "-l" else empty end), (if .curve then "-c" else empty end)' <<< "$c") -i "chart-$id" \
		-t "$(jq -r .title <<< "$c")" -x "$(jq -r .x <<< "$c")" -y "$(jq -r .y <<< "$c")" \
		> "$tmp/svg/$id.svg"
	jq -R -s --arg id "$id" '{($id): .}' "$tmp/svg/$id.svg"
done < "$tmp/charts" | jq -s 'add // {}' > "$tmp/svgs"

jq -n -r --slurpfile model "$tmp/model" --slurpfile svgs "$tmp/svgs" -f "$here/html.jq" > "$tmp/report.html"
mv "$tmp/report.html" "$out" || fail_with 3 "$out: cannot rename into place"
