#!/bin/bash
# campaign.sh - make bench's campaign figures: make top, make compare and
# make kcidb over 1, 10, 100 and 1,000 seeds x 3 toolchains, wall time and
# peak RSS (GNU time), the KCIDB document's size, against the jq queries
# (corpus/queries/top.jq, compare.jq) over the same records at 10 seeds;
# the campaign index (mk/index.mk): make merge of the seeds into an empty
# corpus with its index, make index, the update after one
# seed's three files, its size per seed, and make top (through it) and
# make compare against the baselines without it (every summary through
# kwarn-agg) in the same run, their outputs compared.
#
# Environment (set by bench/bench.sh): O TOP CORPUS_RUN W MAKE B (its scratch
#   directory) SIZE (full or small) TRIM (records kept per file, 0: all)
#   BENCH_CAMPAIGN_SEEDS  the corpus sizes, in seeds (full: 1 10 100 1000;
#                 small: 1 2); the jq path runs at 10 seeds, or at the
#                 largest size below 10 when 10 is not one of them
#
# The campaign corpus is made from the real records of $CORPUS_RUN: seed N of
# toolchain T is a copy of real corpus file ((N-1) mod R)+1 of T, its
# records' seed (and, for a toolchain with no corpus, the toolchain)
# relabeled. Compressing 3,000 corpus files at zstd -19 would take hours:
# the copies are compressed at zstd -1, and their summaries are the real
# summaries relabeled the same way (the header's corpus_sha256 is the
# copy's), not made again from the records. Two variants: "shared", keys as
# they are (a warning of every seed is one key, as in real campaigns), and
# "distinct", the first 8 hex digits of every key the seed's (every copy's
# keys its own: top holds 1,000 times the keys). It is cached in $B/campaign
# and made again when this script or the real files change.
STEP=bench
. "$(dirname "$0")/../mk/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
export LC_ALL=C

# ---- one copy: campaign.sh --copy DIR VARIANT N SRCSEED SRCTC TC CORPUSFILE SUMMARY ----
if [ "${1:-}" = --copy ]; then
	dir=$2 variant=$3 n=$4 ss=$5 stc=$6 tc=$7 src=$8 srcsum=$9
	c=$dir/$tc-W$W.jsonl.zst s=$dir/$tc-W$W.sum.zst
	[ -f "$s" ] && exit 0
	mkdir -p "$dir"
	hex=$(printf '%08x' "$n")
	ckey=() skey=()
	[ "$variant" = distinct ] && ckey=(-e "s/\"key\":\"[0-9a-f]\{8\}/\"key\":\"$hex/") skey=(-e "2,\$s/^[0-9a-f]\{8\}/$hex/")
	zstd -dcq "$src" | sed -e "s/\"seed\":$ss,/\"seed\":$n,/" -e "s/\"toolchain\":\"$stc\"/\"toolchain\":\"$tc\"/" \
		"${ckey[@]}" | zstd -q -1 --single-thread -f -o "$c.tmp"
	sha=$(sha256sum < "$c.tmp" | cut -c1-64)
	# the summary's first frame names its corpus file (mk/summary.sh): the
	# copy's, or make top would make the summary again
	{ "$here/../mk/summary.sh" -f "$c.tmp"
	  zstd -dcq "$srcsum" | sed -e "1s/corpus_sha256=[0-9a-f]*/corpus_sha256=$sha/" -e "1s/\tseed=$ss\t/\tseed=$n\t/" \
		-e "1s/\ttoolchain=$stc\t/\ttoolchain=$tc\t/" "${skey[@]}" | zstd -q -1 --single-thread; } > "$s.tmp"
	touch -r "$c.tmp" "$s.tmp"
	mv "$c.tmp" "$c"
	mv "$s.tmp" "$s"
	exit 0
fi

need_vars O TOP CORPUS_RUN RUN_DIR W B SIZE
# B is the scratch directory here, and compare's toolchain to make (an
# exported B reaches make as B=): not handed on
export -n B
: "${MAKE:=make}" "${TRIM:=0}"
case $SIZE in
full)	sizes=${BENCH_CAMPAIGN_SEEDS:-1 10 100 1000} ;;
*)	sizes=${BENCH_CAMPAIGN_SEEDS:-1 2} ;;
esac
TCS="gcc-11 gcc-12 clang-14" A=gcc-12 Bt=clang-14
max=0 jqn=0
for n in $sizes; do
	[ "$n" -gt "$max" ] && max=$n
	[ "$n" -le 10 ] && [ "$n" -gt "$jqn" ] && jqn=$n
done
[ "$jqn" -gt 0 ] || jqn=11
calc() { awk "BEGIN { printf \"${2:-%.2f}\", $1 }"; }

# the real files of each toolchain (any layout: found by name), a summary
# of each (mk/summary.sh makes a missing one), cut to TRIM records when asked
C=$B/campaign
mkdir -p "$C/src"
declare -A srcs
relabeled=
for tc in $TCS; do
	mapfile -t f < <(find "$CORPUS_RUN" -name "$tc-W$W.jsonl.zst" 2>/dev/null | sort -V)
	stc=$tc
	if [ ${#f[@]} = 0 ]; then	# a copy of gcc-12's (or the first toolchain's) with this name
		for stc in gcc-12 $(find "$CORPUS_RUN" -name "*-W$W.jsonl.zst" | sed 's|.*/||; s|-W[0-9]*\.jsonl\.zst$||' | sort -u); do
			mapfile -t f < <(find "$CORPUS_RUN" -name "$stc-W$W.jsonl.zst" 2>/dev/null | sort -V)
			[ ${#f[@]} -gt 0 ] && break
		done
		[ ${#f[@]} -gt 0 ] || fail "no W=$W corpus in $CORPUS_RUN; run make corpus first"
		relabeled="$relabeled $tc (from $stc)"
	fi
	list=
	for c in "${f[@]}"; do
		if [ "$TRIM" -gt 0 ]; then	# the first TRIM records, the build record's counts theirs
			t=$C/src/$(echo "$c" | md5sum | cut -c1-8)-$stc-W$W.jsonl.zst
			if [ ! "$t" -nt "$c" ]; then
				{ zstd -dcq "$c" || true; } | head -n "$TRIM" | jq -c -s '(map(select(.type == "diag"))
					| [length, (map(.count) | add // 0)]) as [$u, $i]
					| .[] | if .type == "build" then .unique = $u | .instances = $i else . end' |
					zstd -q -f -o "$t"
				rm -f "${t%.jsonl.zst}.sum.zst"
			fi
			c=$t
		fi
		s=$("$TOP/mk/summary.sh" -u "$C/src" "$c" 2> /dev/null) || fail "$c: no summary can be made"
		read -r hdr < <(zstd -dcq "$s")
		seed=$(echo "$hdr" | sed 's/.*\tseed=\([0-9]*\)\t.*/\1/')
		list="$list $seed:$stc:$c:$s"
	done
	srcs[$tc]=${list# }
done
nreal=$(echo "${srcs[$A]}" | wc -w)

# the copies, per variant; remade when this script or a real file changes
stamp=$( { cat "$0"; for tc in $TCS; do echo "${srcs[$tc]}"; done;
	   for tc in $TCS; do for x in ${srcs[$tc]}; do IFS=: read -r _ _ c s <<< "$x"; stat -c '%n %Y %s' "$c" "$s"; done; done; } |
	md5sum | cut -c1-8)
made=0
for v in shared distinct; do
	if [ "$(cat "$C/$v.from" 2>/dev/null)" != "$stamp" ]; then
		rm -rf "${C:?}/$v" "$C/$v.from"
	fi
	# the copies not made yet (a summary is renamed into place last)
	todo=$(for ((n = 1; n <= max; n++)); do
		for tc in $TCS; do
			[ -f "$C/$v/all/seed-$n/$tc-W$W.sum.zst" ] && continue
			read -ra x <<< "${srcs[$tc]}"
			IFS=: read -r ss stc c s <<< "${x[$(( (n - 1) % ${#x[@]} ))]}"
			printf '%s\n' "$C/$v/all/seed-$n" "$v" "$n" "$ss" "$stc" "$tc" "$c" "$s"
		done
	done)
	if [ -n "$todo" ]; then
		say BENCH "campaign corpus ($v keys): $(($(echo "$todo" | wc -l) / 8)) copies in $C/$v (once: they are cached)"
		echo "$todo" | xargs -d '\n' -n 8 -P "$(nproc)" "$0" --copy
		made=1
	fi
	echo "$stamp" > "$C/$v.from"
done

echo "== 3. campaign queries: make top, make compare A=$A B=$Bt over N seeds x 3 toolchains ($TCS), W=$W"
echo "   the corpus: copies of $nreal real seed(s) of $CORPUS_RUN, relabeled seed 1..$max$([ "$TRIM" -gt 0 ] && echo ", cut to $TRIM records")$([ -n "$relabeled" ] && echo ";"$relabeled" relabeled")"
echo "   corpus files at zstd -1, summaries relabeled from the real ones; cached in $C ($([ $made = 1 ] && echo "made now" || echo "as made before"))"
echo "   shared: keys as they are (every seed's warning one key); distinct: each copy's keys its own"
echo "   GNU time: wall s, cpu s (user + sys, zstd's too), peak RSS of the largest process (MB);"
echo "   targets at 1000 seeds: < 10 s, < 500 MB (wall time on a loaded machine is more: see cpu s)"
printf '   %-8s %-9s %6s %9s %9s %9s  %s\n' query keys seeds "wall s" "cpu s" "rss MB" "(kcidb: the document)"
# timed OUT CMD...: "WALL CPU RSS_KB" of CMD, its output to OUT
timed() {
	local out=$1
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$B/time.out" "$@" > "$out" 2> "$B/time.err" ||
		fail "$* failed: $(tail -n 3 "$B/time.err")"
	awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$B/time.out"
}
# The baselines without the index, for make top and make compare: every
# summary of the RUN (made where missing) through kwarn-agg (without make
# reading its settings: see "fixed")
sums_top() {	# sums_top CORPUS
	local run=$1/$RUN_DIR tmp
	tmp=$(mktemp -d)
	"$TOP/mk/query/corpus-files.sh" "$run" "*-W$W.jsonl.zst" | awk -F/ '{ print $NF, $0 }' | sort -s -k1,1 |
		cut -d' ' -f2- | xargs -r -d '\n' "$TOP/mk/summary.sh" -u "$tmp" > "$tmp/sums"
	"$TOP/mk/query/corpus-files.sh" "$run" '*-branches.jsonl.zst' | xargs -r -d '\n' "$TOP/mk/summary.sh" -b "$tmp/boots"
	touch "$tmp/boots"
	"$TOP/.build/bin/kwarn-agg" top -g -n 10 -s "$tmp/boots" -T "$tmp/sums"
	rm -rf "$tmp"
}
sums_compare() {	# sums_compare CORPUS N A B
	local run=$1/$RUN_DIR tmp
	tmp=$(mktemp -d)
	seq 1 "$2" | sed "s|.*|$run/seed-&/$3-W$W.jsonl.zst|" | xargs -r -d '\n' "$TOP/mk/summary.sh" -u "$tmp" > "$tmp/A"
	seq 1 "$2" | sed "s|.*|$run/seed-&/$4-W$W.jsonl.zst|" | xargs -r -d '\n' "$TOP/mk/summary.sh" -u "$tmp" > "$tmp/B"
	"$TOP/.build/bin/kwarn-agg" compare -n 20 -w "$W" -F "$TOP/.build/flag-names.tsv" -A "$tmp/A" -B "$tmp/B"
	rm -rf "$tmp"
}
# the campaign index of CORPUS (mk/index.mk names it)
index_of() { "$MAKE" -s -C "$TOP" where O="$O" CORPUS="$1" $RUN_VARS | sed -n 's/^index *//p'; }
declare -A t
for v in shared distinct; do
	# kcidb with shared keys only: with distinct ones its issues are every
	# record again (some 20 GB at 1,000 full-size seeds), and its memory
	# does not depend on them. index: make index (every file read);
	# add-seed: the update after seed N's three files came (make corpus's
	# and make merge's); fixed: make reading its settings (make where);
	# merge: make merge of the N seeds' files (hard-linked into a FROM of
	# real directories: merge takes no links) into an empty CORPUS, with
	# its index;
	# top-sums, compare-sums: the baselines without the index; report: make
	# report of hard links of the N seeds' files (it lists real
	# directories), indexed before it is timed
	for q in merge index add-seed fixed top top-sums compare compare-sums report $([ $v = shared ] && echo kcidb); do
		for n in $sizes; do
			d=$C/$v/n$n
			if [ ! -d "$d/$RUN_DIR" ] || [ "$(ls "$d/$RUN_DIR" | wc -l)" != "$n" ]; then
				rm -rf "$d" && mkdir -p "$d/$RUN_DIR"
				for ((j = 1; j <= n; j++)); do ln -s "$C/$v/all/seed-$j" "$d/$RUN_DIR/seed-$j"; done
			fi
			if [ "$q" = merge ]; then
				into=$B/merge-into from=$B/merge-from
				rm -rf "$into" "$from" && rm -f "$(index_of "$into")"* || fail "cannot empty $into"
				for ((j = 1; j <= n; j++)); do
					mkdir -p "$from/$RUN_DIR/seed-$j" && ln "$C/$v/all/seed-$j"/* "$from/$RUN_DIR/seed-$j/" ||
						fail "cannot link seed $j into $from"
				done
				read -r w u m < <(timed "$B/camp.$q.$v.$n" "$MAKE" -s -C "$TOP" merge O="$O" CORPUS="$into" FROM="$from" $RUN_VARS)
				rm -rf "$into" "$from" && rm -f "$(index_of "$into")"*
			elif [ "$q" = index ]; then
				read -r w u m < <(timed "$B/camp.$q.$v.$n" "$MAKE" -s -C "$TOP" index O="$O" CORPUS="$d" $RUN_VARS)
			elif [ "$q" = add-seed ]; then
				rm "$d/$RUN_DIR/seed-$n" && "$TOP/.build/bin/kwarn-index" update -s "$TOP/mk/summary.sh" "$(index_of "$d")" "$d" &&
					ln -s "$C/$v/all/seed-$n" "$d/$RUN_DIR/seed-$n" || fail "cannot take seed $n out of $d and back"
				read -r w u m < <(timed "$B/camp.$q.$v.$n" "$TOP/.build/bin/kwarn-index" update \
					-s "$TOP/mk/summary.sh" "$(index_of "$d")" "$d")
			elif [ "$q" = fixed ]; then
				read -r w u m < <(timed "$B/camp.$q.$v.$n" "$MAKE" -s -C "$TOP" where O="$O" CORPUS="$d" $RUN_VARS W="$W")
			elif [ "$q" = top-sums ]; then
				read -r w u m < <(timed "$B/camp.$q.$v.$n" bash -c "$(declare -f sums_top); sums_top $d")
			elif [ "$q" = compare-sums ]; then
				read -r w u m < <(timed "$B/camp.$q.$v.$n" bash -c "$(declare -f sums_compare); sums_compare $d $n $A $Bt")
			elif [ "$q" = top ]; then
				read -r w u m < <(timed "$B/camp.$q.$v.$n" "$MAKE" -s -C "$TOP" top O="$O" CORPUS="$d" $RUN_VARS W="$W")
			elif [ "$q" = report ]; then
				r=$B/report-corpus
				rm -rf "$r" && rm -f "$(index_of "$r")"* && mkdir -p "$r/$RUN_DIR" || fail "cannot empty $r"
				for ((j = 1; j <= n; j++)); do
					cp -al "$C/$v/all/seed-$j" "$r/$RUN_DIR/" || fail "cannot link seed $j into $r"
				done
				"$MAKE" -s -C "$TOP" index O="$O" CORPUS="$r" > /dev/null || fail "make index of $r failed"
				read -r w u m < <(timed "$B/camp.$q.$v.$n" "$MAKE" -s -C "$TOP" report O="$O" CORPUS="$r" $RUN_VARS \
					W="$W" REPORT="$B/report.html")
				rm -rf "$r" "$B/report.html" && rm -f "$(index_of "$r")"*
			elif [ "$q" = compare ]; then
				read -r w u m < <(timed "$B/camp.$q.$v.$n" "$MAKE" -s -C "$TOP" compare O="$O" CORPUS="$d" $RUN_VARS W="$W" \
					A="$A" B="$Bt" SEEDS="$(seq -s ' ' 1 "$n")")
			else	# every toolchain of the seeds, every level of W
				read -r w u m < <(timed "$B/camp.$q.$v.$n" "$MAKE" -s -C "$TOP" kcidb O="$O" CORPUS="$d" $RUN_VARS \
					SEEDS="1-$n" W="$W" KCIDB_FILE="$B/kcidb.json")
			fi
			t[$q.$v.$n]=$w
			judge=
			# the targets (doc/benchmarks.md) at 1,000 seeds
			case $q in top) lim=1 ;; compare) lim=10 ;; add-seed) lim=2 ;; fixed) lim=0.2 ;; merge) lim=120 ;; report) lim=30 ;; *) lim= ;; esac
			[ "$n" = 1000 ] && [ -n "$lim" ] &&
				judge=$(awk "BEGIN { print ($w < $lim && $m < 500 * 1024) ? \"ok (< $lim s)\" : \"MISSED (< $lim s)\" }")
			case $q in
			top-sums | compare-sums) judge="$judge today's path / the index's: $(calc "$w / ${t[${q%-sums}.$v.$n]}")x" ;;
			index) judge="$(( $(stat -c %s "$(index_of "$d")") / n )) bytes of index per seed" ;;
			esac
			# (make top ends with its estimate of the keys not seen yet,
			# which the baseline does not make)
			[ "$q" = top-sums ] && { sed '/^keys not seen yet/,$d' "$B/camp.top.$v.$n" | cmp -s "$B/camp.top-sums.$v.$n" - ||
				judge="$judge; NOT the same output"; }
			[ "$q" = compare-sums ] && { cmp -s "$B/camp.compare-sums.$v.$n" "$B/camp.compare.$v.$n" || judge="$judge; NOT the same output"; }
			# (its objects one a line, each array's name on a line of its own)
			[ "$q" = kcidb ] && judge="$(stat -c %s "$B/kcidb.json") bytes, $(awk '/^\]/ { s = "" } s { n[s]++ }
				/^"[a-z]+":\[$/ { s = substr($0, 2, index($0, ":") - 3) }
				END { printf "%d builds, %d issues, %d incidents", n["builds"], n["issues"], n["incidents"] }' "$B/kcidb.json")" &&
				rm -f "$B/kcidb.json"
			printf '   %-8s %-9s %6s %9s %9s %9s  %s\n' "$q" "$v" "$n" "$w" "$u" "$(calc "$m / 1024")" "$judge"
		done
	done
done
first=$(echo "$sizes" | tr ' ' '\n' | sort -n | head -n1)
echo "   time per seed at N=$max / at N=$first:" \
	"$(for v in shared distinct; do for q in top compare; do
		printf '%s %s %s; ' "$q" "$v" "$(calc "(${t[$q.$v.$max]} / $max) / (${t[$q.$v.$first]} / $first)")"; done; done)(1.00: linear)"

# the jq path at jqn seeds: the same records, read by the jq queries
# (10 GB of memory at 50 seeds: never above 10)
if [ "$jqn" -gt 10 ]; then
	echo "   jq path: not run (no corpus size of at most 10 seeds)"
	exit 0
fi
printf '   %-36s %9s %9s %9s %9s  %s\n' "jq path at $jqn seeds (same records)" "wall s" "rss MB" "make s" "jq/make" "same output"
q=$TOP/corpus/queries
for v in shared distinct; do
	d=$C/$v/n$jqn
	seeds=$(seq 1 "$jqn")
	files() { for s in $seeds; do echo "$d/$RUN_DIR/seed-$s/$1-W$W.jsonl.zst"; done; }
	read -r w _ m < <(timed "$B/jq.top.$v" sh -c "zstd -dcq $(echo $(for tc in $TCS; do files "$tc"; done)) |
		jq -n -r --argjson n 10 -f $q/top.jq")
	printf '   %-36s %9s %9s %9s %9s  %s\n' "top.jq, $v keys" "$w" "$(calc "$m / 1024")" "${t[top.$v.$jqn]}" \
		"$(calc "$w / ${t[top.$v.$jqn]}")" "(not comparable: top.jq has no multi-seed columns)"
	read -r w _ m < <(timed "$B/jq.compare.$v" bash -c "jq -n -r --slurpfile a <(zstd -dcq $(echo $(files $A))) \
		--slurpfile b <(zstd -dcq $(echo $(files "$Bt"))) --arg format text --argjson list 20 -f $q/compare.jq")
	same=$(cmp -s "$B/jq.compare.$v" "$B/camp.compare.$v.$jqn" && echo "yes, byte for byte" || echo "NO")
	printf '   %-36s %9s %9s %9s %9s  %s\n' "compare.jq, $v keys" "$w" "$(calc "$m / 1024")" "${t[compare.$v.$jqn]}" \
		"$(calc "$w / ${t[compare.$v.$jqn]}")" "$same"
done
