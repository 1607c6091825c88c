#!/bin/bash
# merge.sh - gather corpora made elsewhere (other machines, other O=) into
# one corpus directory: what make merge FROM="dir1 dir2" runs.
#
# Usage: merge.sh CORPUS FROM...
#
# Each corpus file under a FROM (*.jsonl.zst, at any depth; hidden names
# are skipped) comes to the same path relative to CORPUS, with what lies
# beside it: its .log.zst, .run.json and .sum.zst (a branch profile's
# TOOLCHAIN-boot.log.zst). Other files (report.html) are not merged; a
# .log.zst, .run.json or .sum.zst with no corpus file beside it is left
# out with a warning. Nothing is written before every input is judged:
# - two different corpus files for one path (in two FROMs, or in a FROM
#   and CORPUS) are refused, one line naming both and the first build
#   record field that differs; the same bytes twice are one file
# - files of one RUN and toolchain built with other packages (CORPUS's
#   among them) are refused, naming two (mk/tools/merge-packages.sh)
# - a corpus file CORPUS already holds (the same sha256) is not checked
#   again
# - any other is checked once: its summary's header against the file (the
#   sha256 of its compressed bytes; line 1's seed, toolchain, w, variant,
#   instances, unique), the summary's line count against unique, and line
#   1 against the schema. Only line 1 is decompressed. One without such a
#   summary (a branch profile never has one) is checked whole
#   (mk/corpus-check.sh) and gets a fresh summary (mk/summary.sh).
# Then the files are staged in CORPUS/.merge-PID, hard-linked when the
# FROM is on CORPUS's file system and copied otherwise (summaries and
# .run.json are always copied: their times may be set, the FROM's stay),
# and renamed into place, one mv per directory, each corpus file after
# what lies beside it. What CORPUS holds is kept: beside a corpus file it
# already has, only missing files are added; beside one it does not have,
# leftovers (an interrupted run's) are replaced. A corpus file in several
# FROMs comes, with what lies beside it, from the first FROM in the order
# of their full paths: the result is the same bytes whatever FROM's order.
# A summary is taken only when its first frame says it is of its corpus
# file (mk/summary.sh); it is given the corpus file's time too.
# A corpus file at a path that is not its build record's (mk/corpus-lib.jq,
# path_why: the rule every reader uses) is refused, naming both. One merge
# runs into a CORPUS at a time (a lock); a killed one's staging directory
# is removed by the next.
#
# Exit: 0 merged, 1 bad input (different corpora for one path, a damaged
# file or one at another's path, a FROM that is not a directory or holds
# no corpus file or a symbolic link), 2 usage, 3 I/O (an unreadable
# directory).
STEP=merge
. "$(dirname "$0")/../lib.sh"
[ $# -ge 2 ] || fail "usage: merge.sh CORPUS FROM..."
dest=$(realpath -m -- "$1") || fail "$1: not a path"
shift

# what is read of a corpus file or a summary here stops at the readers'
# limits (mk/corpus-lib.jq): a damaged one is then checked whole, and
# mk/corpus-check.sh says what it is
read -r line_max corpus_max < <(jq -n -r -L "$MK" 'include "corpus-lib"; "\(line_max) \(corpus_max)"')
# line1 FILE: line 1 of zstd file FILE, at most line_max + 1 bytes of it
line1() { zstd -dcq < "$1" 2> /dev/null | head -c $((line_max + 1)) | head -n 1; }
# lists are lines of tab-separated fields: no such character in a path
nl=$'\n' tab=$'\t'
plain() { case $1 in *"$nl"* | *"$tab"*) return 1 ;; esac; }
plain "$dest" || fail "CORPUS: a path with a tab or a line feed"
froms=()
for d; do
	[ -d "$d" ] || fail_with 1 "FROM $d: not a directory"
	d=$(cd "$d" && pwd -P) || fail_with 3 "FROM $d: cannot enter"
	plain "$d" || fail_with 1 "FROM $d: a path with a tab or a line feed"
	case $dest/ in "$d"/*) fail "FROM $d holds CORPUS $dest (or is it)" ;; esac
	case $d/ in "$dest"/*) fail "FROM $d is in CORPUS $dest" ;; esac
	froms+=("$d")
done
# sorted and each once: the result must not depend on FROM's order
mapfile -t froms < <(printf '%s\n' "${froms[@]}" | sort -u)

# One merge at a time into a CORPUS: two at once would each judge CORPUS
# as it was, and the second would replace what the first merged. The lock is
# outside CORPUS (which is not made before everything is judged), named by
# its path; the second waits, then judges what the first merged.
lock=/run/lock/kwarn-merge-$(printf '%s' "$dest" | sha256sum | cut -c1-16).lock
[ -d /run/lock ] && [ -w /run/lock ] || lock=${TMPDIR:-/tmp}/${lock##*/}
exec 9> "$lock" || fail_with 3 "$lock: cannot open the merge lock"
flock -n 9 || { warn "another make merge into $dest is running: waiting for it"; flock 9; } ||
	fail_with 3 "$lock: cannot take the merge lock"

work=$(mktemp -d) || fail_with 3 "cannot make a temporary directory"
stage=
trap 'rm -rf "$work" ${stage:+"$stage"}' EXIT
trap 'exit 3' INT TERM

# 1. What each FROM holds: "I<tab>OWNER<tab>REL", OWNER the corpus file
# REL belongs to (itself for a corpus file)
for i in "${!froms[@]}"; do
	d=${froms[i]}
	# an unreadable directory would be left out without a word (find
	# names it before it tries to enter it)
	bad=$(find "$d" -mindepth 1 -name '.*' -prune -o -type d \( ! -readable -o ! -executable \) -print -quit 2> /dev/null) || true
	[ -z "$bad" ] || fail_with 3 "$bad: cannot read this directory: nothing merged"
	bad=$(find "$d" -mindepth 1 -name "*[$nl$tab]*" -print -quit) || fail_with 3 "FROM $d: cannot list"
	[ -z "$bad" ] || fail_with 1 "FROM $d: a path with a tab or a line feed under it"
	# a link would be merged as a link (or, hard-linked, as one to its
	# target's name); find -type f alone would skip it without a word
	bad=$(find "$d" -mindepth 1 -name '.*' -prune -o -type l -print -quit) || fail_with 3 "FROM $d: cannot list"
	[ -z "$bad" ] || fail_with 1 "$bad: a symbolic link: merge takes files (give what it points to as a FROM)"
	(cd "$d" && find . -mindepth 1 -name '.*' -prune -o -type f \( -name '*.jsonl.zst' \
		-o -name '*.log.zst' -o -name '*.run.json' -o -name '*.sum.zst' \) -printf "$i\t%P\n") ||
		fail_with 3 "FROM $d: cannot list"
done | awk -F '\t' -v OFS='\t' '
	{ o = $2 }
	o ~ /-boot\.log\.zst$/ { sub(/-boot\.log\.zst$/, "-branches.jsonl.zst", o) }
	o !~ /\.jsonl\.zst$/ { sub(/\.(log\.zst|run\.json|sum\.zst)$/, ".jsonl.zst", o) }
	{ print $1, o, $2 }' | sort -t "$tab" -k2,2 -k1,1n -k3,3 > "$work/files"
# the corpus files, "I<tab>REL"; files beside none are left out
awk -F '\t' -v OFS='\t' '$2 == $3 { print $1, $2 }' "$work/files" > "$work/corpora"
awk -F '\t' 'NR == FNR { have[$1 "\t" $2]; next } !(($1 "\t" $2) in have) { print $1 "\t" $3 }' \
	"$work/corpora" "$work/files" > "$work/orphans"
while IFS=$tab read -r i rel; do
	warn "${froms[i]}/$rel: no corpus file beside it: left out"
done < "$work/orphans"
[ -s "$work/corpora" ] || fail_with 1 "no corpus file (*.jsonl.zst) in FROM ${froms[*]}: nothing merged"
for i in "${!froms[@]}"; do
	grep -q "^$i$tab" "$work/corpora" || warn "FROM ${froms[i]}: no corpus files in it"
done
# every corpus file at a corpus path (mk/corpus-lib.jq, rel_why): a FROM at
# another depth (a seed or tree directory, a corpus's parent) would place
# files where no query reads them
jq -R -r -L "$MK" 'include "corpus-lib"; split("\t") as [$i, $rel] | rel_why($rel) // empty | "\($i)\t\($rel)\t\(.)"' \
	"$work/corpora" > "$work/badrel" || fail_with 2 "cannot judge the corpus paths (jq)"
if IFS=$tab read -r i rel why < "$work/badrel"; then
	d=${froms[i]} up=$(( $(tr -cd / <<< "$rel" | wc -c) - 3 ))
	# a FROM at another depth: its files lie in seed-N directories
	[[ ${froms[i]}/$rel =~ /seed-[0-9]+/[^/]+$ ]] || up=0
	if [ $up -lt 0 ]; then
		for ((k = up; k < 0; k++)); do d=$(dirname "$d"); done
	elif [ $up -gt 0 ]; then
		d=$d/$(cut -d/ -f"1-$up" <<< "$rel")
	else
		d=
	fi
	fail_with 1 "FROM ${froms[i]}: $rel: $why${d:+; give the corpus directory that holds it, FROM=$d}"
fi
# the sidecars are data too: a .log.zst is whole zstd, a .run.json one
# line of what mk/corpus.sh writes (make kcidb reads it)
while IFS=$tab read -r i _ rel; do
	f=${froms[i]}/$rel
	case $rel in
	*.log.zst) zstd -tq -- "$f" 2> /dev/null || fail_with 1 "$f: truncated or corrupt zstd file: nothing merged" ;;
	*.run.json)
		x=
		IFS= read -r -N 4097 x < "$f" || true
		x=${x%"$nl"}
		printf '%s\t%s\n' "$f" "${x//$nl/ }" ;;
	esac
done < "$work/files" > "$work/runs"
bad=$(jq -R -r -L "$MK" 'include "corpus-lib"; split("\t") as [$f, $l]
	| ($l | try fromjson catch null | run_json_why) // empty | "\($f): \(.)"' "$work/runs" | head -n 1) ||
	fail_with 2 "cannot judge the .run.json files (jq)"
[ -z "$bad" ] || fail_with 1 "$bad: nothing merged"
declare -A has	# has[I/REL]: FROM I holds REL (a corpus file or beside one)
while IFS=$tab read -r i _ rel; do has[$i/$rel]=1; done < "$work/files"

# 2. The sha256 of each corpus file, and of the one CORPUS holds at its path
while IFS=$tab read -r i rel; do
	echo "${froms[i]}/$rel"
	[ ! -f "$dest/$rel" ] || echo "$dest/$rel"
done < "$work/corpora" | sort -u > "$work/paths"
shas() { xargs -r -d '\n' sha256sum --; }
in_parts shas "$work/paths" "$work/sums" || fail_with 3 "cannot read the corpus files (sha256sum's lines above)"
declare -A sha
while read -r h f; do sha[$f]=$h; done < "$work/sums"

# 3. Per path: its candidates, in the order of the FROMs' paths
declare -A cands=()
while IFS=$tab read -r i rel; do cands[$rel]+="$i "; done < "$work/corpora"
mapfile -t rels < <(printf '%s\n' "${!cands[@]}" | sort)

# conflict A B: one line saying why corpus files A and B, of one path,
# cannot both be merged; a damaged one is named by mk/corpus-check.sh
conflict() {
	local a=$1 b=$2 why
	why=$({ printf '%s\n' "$(line1 "$a")"
		printf '%s\n' "$(line1 "$b")"; } | jq -n -R -r '
		def rec: try fromjson catch null;
		def show: tojson | if length > 60 then .[:57] + "..." else . end;
		(input | rec) as $a | (input | rec) as $b
		| if ($a | type) != "object" then "damaged A"
		  elif ($b | type) != "object" then "damaged B"
		  else
			# a file at the wrong path first, then what makes builds differ,
			# then what follows from that
			["type", "schema", "seed", "toolchain", "w", "variant", "tree", "kernel",
			 "series_sha256", "packages", "compiler", "probability", "fragment_sha256",
			 "config_sha256"] as $first
			| first(($first + ($a + $b | keys - $first))[] | select($a[.] != $b[.])) // null
			| if . == null then "the same build record, different records"
			  elif . == "packages" and ($a.packages | type) == "object" and ($b.packages | type) == "object" then
				first($a.packages + $b.packages | keys[] | select($a.packages[.] != $b.packages[.])) as $p
				| "packages differ: \($p)=\($a.packages[$p] // "none") against \($p)=\($b.packages[$p] // "none")"
			  else "\(.) differs: \($a[.] | show) against \($b[.] | show)" end
		  end')
	case $why in
	"damaged A") "$MK/corpus-check.sh" "$a" || return; why="line 1 of $a cannot be read" ;;
	"damaged B") "$MK/corpus-check.sh" "$b" || return; why="line 1 of $b cannot be read" ;;
	"the same build record"*) "$MK/corpus-check.sh" "$a" "$b" || return ;;
	esac
	warn "$a and $b: two different corpora for one path: $why; nothing merged"
}
nconf=0
: > "$work/check"
declare -A indest	# indest[REL]: CORPUS holds this very file already
for rel in "${rels[@]}"; do
	# shellcheck disable=SC2086 # the FROMs, numbers
	set -- ${cands[$rel]}
	want='' first=''
	if [ -f "$dest/$rel" ]; then want=${sha[$dest/$rel]} first=$dest/$rel; fi
	for i; do
		f=${froms[i]}/$rel
		[ -n "$want" ] || { want=${sha[$f]} first=$f; }
		[ "${sha[$f]}" = "$want" ] && continue
		nconf=$((nconf + 1))
		[ $nconf -gt 5 ] || conflict "$first" "$f" || exit
		continue 2
	done
	if [ "$first" = "$dest/$rel" ]; then
		indest[$rel]=1
		continue
	fi
	# checked: the first candidate, with the first summary beside one
	s=
	for i; do [ -z "${has[$i/${rel%.jsonl.zst}.sum.zst]:-}" ] || { s=${froms[i]}/${rel%.jsonl.zst}.sum.zst; break; }; done
	printf '%s\t%s\t%s\t%s\n' "$rel" "$want" "${froms[$1]}/$rel" "$s" >> "$work/check"
done
[ $nconf -le 5 ] || warn "and $((nconf - 5)) more paths with two different corpora"
[ $nconf = 0 ] || exit 1

# 4. The quick check: line 1 of each corpus file, its path (the readers'
# rule, mk/corpus-lib.jq's path_why), its summary's first frame, header
# and line count, judged by one jq; "ok REL" or "full REL WHY"
heads() {
	local rel sha c s h x f
	while IFS=$tab read -r rel sha c s; do
		printf '%s\t%s\t%s\t%s\n' "$rel" "$sha" "$c" "$s"
		# zstd stops at head's end (SIGPIPE): damage shows in line 1 or
		# in the summary, and then the whole check says what it is
		h=$(line1 "$c") || true
		printf '%s\n' "$h"
		f=
		[ -z "$s" ] || { IFS= read -r -N 1024 f < "$s" || true; }
		f=${f#*#kwarn-summary }
		printf '%s\n' "${f%%"$nl"*}"
		if [ -n "$s" ] && x=$(zstd -dcq < "$s" 2> /dev/null | head -c $((corpus_max + 1)) |
			cut -b "1-$((line_max + 1))" | sed -n '1p;$=') && [[ $x == *"$nl"* ]]; then
			printf '%s\n' "$x"
		else
			printf '\n\n'
		fi
	done
}
judge() {
	jq -n -R -r -L "$MK" '
	include "corpus-lib";
	fields as $fields | ($fields | quick) as $quick
	| foreach inputs as $l ({n: 0, a: []};
		if .n == 5 then {n: 1, a: [$l]} else {n: (.n + 1), a: (.a + [$l])} end;
		if .n == 5 then .a else empty end)
	| . as [$meta, $head, $frame, $sum, $count]
	| ($meta | split("\t")) as [$rel, $sha, $c, $s]
	| ($head | try fromjson catch null) as $r
	| if ($r | type) != "object" or ($r | head_why($fields; $quick; max_schema)) != null then "full\t\($rel)\tline 1 is not a build record"
	  elif ($r | path_why($c)) != null then "full\t\($rel)\tat a path not its build record'"'"'s"
	  elif $r.type == "boot" then "full\t\($rel)\ta branch profile"
	  elif $s == "" then "full\t\($rel)\tno summary beside it"
	  elif $sum != ($r | summary_header($sha)) then "full\t\($rel)\tthe summary beside it is not of this file"
	  elif ($frame | ltrimstr("\(summary_version) ") | try fromjson catch null | if type == "object" then del(.size) else . end) !=
		($r | summary_facts($sha; null) | del(.size)) then
		"full\t\($rel)\tthe summary beside it does not say it is of this file"
	  elif $count != "\($r.unique + 1)" then "full\t\($rel)\tthe summary beside it is damaged"
	  else "ok\t\($rel)" end'
}
in_parts heads "$work/check" "$work/heads" || fail_with 3 "cannot read the corpus files"
judge < "$work/heads" | sort > "$work/verdicts" || fail_with 2 "cannot judge the corpus files (jq)"
"$MK/tools/merge-packages.sh" "$dest" "$work/heads" || exit
declare -A item fresh
while IFS=$tab read -r rel h c s; do item[$rel]="$c$tab$s"; done < "$work/check"

# 5. The whole check of the others, then their summaries (not for a branch
# profile), made in $work/sum
awk -F '\t' '$1 == "full" { print $2 }' "$work/verdicts" > "$work/full"
while read -r rel; do printf '%s\n' "${item[$rel]%%"$tab"*}"; done < "$work/full" > "$work/fullpaths"
checks() {
	local f
	while read -r f; do "$MK/corpus-check.sh" "$f" || return; done
}
in_parts checks "$work/fullpaths" "$work/checked" || exit
awk -F '\t' '$1 == "full" && $3 != "a branch profile" { print $2 "\t" $3 }' "$work/verdicts" > "$work/resum"
resum() {
	local rel why c o
	while IFS=$tab read -r rel why; do
		c=${item[$rel]%%"$tab"*} o=$work/sum/${rel%.jsonl.zst}.sum.zst
		mkdir -p "${o%/*}" && "$MK/summary.sh" -o "$o" "$c" && touch -r "$c" "$o" || return 3
		say SUMMARY "${rel%.jsonl.zst}.sum.zst ($why: made from the corpus file)"
	done
}
in_parts resum "$work/resum" "$work/resumed" || fail_with 3 "cannot make the summaries in $work"
cat "$work/resumed"
while IFS=$tab read -r rel _; do fresh[$rel]=1; done < "$work/resum"

# 6. Stage what comes in: "I<tab>REL" to link or copy from FROM I, REL of
# a fresh summary, "DIR<tab>ORDER<tab>NAME" of each staged file
mkdir -p "$dest" || fail_with 3 "$dest: cannot make the corpus directory"
# a staging directory left there is a killed merge's (this one holds
# the lock): its files never reached their places
rm -rf "$dest"/.merge-* || fail_with 3 "$dest: cannot remove a killed merge's staging directory"
stage=$dest/.merge-$$
mkdir "$stage" || fail_with 3 "$stage: cannot make the staging directory"
: > "$work/link" ; : > "$work/copy" ; : > "$work/fresh" ; : > "$work/place" ; : > "$work/times"
dev=$(stat -c %d "$dest")
declare -A linkable ntaken
for i in "${!froms[@]}"; do [ "$(stat -c %d "${froms[i]}")" != "$dev" ] || linkable[$i]=1; done
# take I REL ORDER: stage REL from FROM I
take() {
	local how=copy
	case $2 in *.jsonl.zst | *.log.zst) [ -z "${linkable[$1]:-}" ] || how='link' ;; esac
	printf '%s\t%s\n' "$1" "$2" >> "$work/$how"
	place "$2" "$3"
}
place() {
	local d=.
	case $1 in */*) d=${1%/*} ;; esac
	printf '%s\t%s\t%s\n' "$d" "$2" "${1##*/}" >> "$work/place"
}
new=0 kept=0
for rel in "${rels[@]}"; do
	# shellcheck disable=SC2086 # the FROMs, numbers
	set -- ${cands[$rel]}
	b=${rel%.jsonl.zst}
	case $rel in
	*-branches.jsonl.zst) beside=("${b%-branches}-boot.log.zst") ;;
	*) beside=("$b.log.zst" "$b.run.json" "$b.sum.zst") ;;
	esac
	if [ -n "${indest[$rel]:-}" ]; then
		kept=$((kept + 1))
		ref=$dest/$rel
	elif [ -n "${item[$rel]:-}" ]; then
		new=$((new + 1))
		ref=${froms[$1]}/$rel
		take "$1" "$rel" 1
		ntaken[$1]=$((${ntaken[$1]:-0} + 1))
	else
		continue	# in conflict (refused above)
	fi
	for x in "${beside[@]}"; do
		if [ -n "${indest[$rel]:-}" ]; then
			# CORPUS's own stays; no summary: one from elsewhere might be
			# stale, and top makes one when it reads the file
			[ ! -e "$dest/$x" ] && [ "$x" != "$b.sum.zst" ] || continue
		elif [ "$x" = "$b.sum.zst" ]; then
			if [ -n "${fresh[$rel]:-}" ]; then
				printf '%s\n' "$x" >> "$work/fresh"
				place "$x" 0
			else	# the one checked
				s=${item[$rel]#*"$tab"}
				for i; do [ "${froms[i]}/$x" != "$s" ] || { take "$i" "$x" 0; break; }; done
				printf '%s\t%s\n' "$x" "$ref" >> "$work/times"
			fi
			continue
		fi
		for i; do [ -z "${has[$i/$x]:-}" ] || { take "$i" "$x" 0; break; }; done
	done
done
for i in "${!froms[@]}"; do
	d=${froms[i]}
	grep "^$i$tab" "$work/link" | cut -f 2 > "$work/link.$i" || true
	grep "^$i$tab" "$work/copy" | cut -f 2 > "$work/copy.$i" || true
	how=copied
	if [ -s "$work/link.$i" ]; then
		how=hard-linked
		(cd "$d" && xargs -r -d '\n' cp -l --parents -t "$stage" -- < "$work/link.$i") 2> "$work/link.err" || {
			# a file system that refuses links (or a mount below FROM)
			how=copied
			(cd "$d" && xargs -r -d '\n' cp --preserve=timestamps --parents -t "$stage" -- < "$work/link.$i") ||
				fail_with 3 "cannot copy from $d into $stage: nothing merged"
		}
	fi
	(cd "$d" && xargs -r -d '\n' cp --preserve=timestamps --parents -t "$stage" -- < "$work/copy.$i") ||
		fail_with 3 "cannot copy from $d into $stage: nothing merged"
	[ -z "${ntaken[$i]:-}" ] || say MERGE "${ntaken[$i]} corpus files from $d ($how)"
done
(cd "$work/sum" 2> /dev/null && xargs -r -d '\n' cp --preserve=timestamps --parents -t "$stage" -- < "$work/fresh") ||
	[ ! -s "$work/fresh" ] || fail_with 3 "cannot copy the summaries into $stage: nothing merged"
# a summary has its corpus file's time
while IFS=$tab read -r x ref; do
	[ "$stage/$x" -nt "$ref" ] || [ "$stage/$x" -ot "$ref" ] || continue
	touch -r "$ref" "$stage/$x" || fail_with 3 "$stage/$x: cannot set its time: nothing merged"
done < "$work/times"

# 7. Into place: one mv per directory, what lies beside a corpus file
# before it
sort -t "$tab" -k1,1 -k2,2n -k3,3 "$work/place" > "$work/place.sorted"
cut -f 1 "$work/place.sorted" | uniq | (cd "$dest" && xargs -r -d '\n' mkdir -p --) ||
	fail_with 3 "$dest: cannot make its directories: nothing merged"
flush() {
	[ ${#names[@]} -gt 0 ] || return 0
	mv -f -t "$dest/$dir" -- "${names[@]}" ||
		fail_with 3 "$dest/$dir: cannot move the files into place (the others are whole)"
	names=()
}
names=() dir=
while IFS=$tab read -r d _ name; do
	[ "$d" = "$dir" ] || { flush; dir=$d; }
	names+=("$stage/$d/$name")
done < "$work/place.sorted"
flush
say MERGE "$dest: $new new corpus files, $kept already there"
