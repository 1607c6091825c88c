#!/bin/bash
# bench.sh - make bench: what kwarn costs, every figure from one run, each
# against baselines run in the same invocation on the same input.
#
# Environment (set by mk/tools/bench.mk): O TOP CORPUS_RUN (the run's: RUN_DIR of
# CORPUS_ROOT; RUN_VARS are its settings) KSRC KWARN_PARSE MAKE W
#   BENCH_SIZE    full (default): at least 1 GiB of input; small: 16 MiB
#                 and cut-down corpora, to check that the bench runs
#   BENCH_BYTES   input size in bytes (overrides BENCH_SIZE's)
#   BENCH_RUNS    runs of each fast command (best wall time counts)
#   BENCH_SLOW_RUNS  runs of the slow baselines (sed pipeline, Python)
#   BENCH_CAMPAIGN_SEEDS  corpus sizes, in seeds, for make top and make
#                 compare (full: 1 10 100 1000; small: 1 2): bench/campaign.sh
#   SEED TC_NAME JOBS BUILD_CONFIG KMAKE_WRAPPED  the seed and toolchain of the
#                 repro figure and of the build figures (bench/builds.sh)
#   BUILDS=1      also the kernel build figures (see bench/builds.sh)
#
# 1. Throughput: kwarn-parse (parse, normalize, dedupe, attribute W levels)
#    against wc -l (the I/O floor), grep -c, a grep|sed|sort|uniq -c
#    pipeline and a Python 3 parser (bench/cbl_matcher.py), on real
#    captured W=123 logs (the corpus's .log.zst) concatenated, warm cache.
# 2. Memory: kwarn-parse's peak RSS on that input and on three times it.
# 3. Cost curve: kwarn-parse at four input sizes; make top and make compare
#    over campaigns of 1 to 1,000 seeds x 3 toolchains (bench/campaign.sh),
#    against the jq queries at 10 seeds.
# 4. Corpus size: bytes per warning instance and per unique warning, and
#    how well the raw logs compress.
# 5. make repro of one warning against a full build of the same seed.
# 6. BENCH_WHY=1: make why on four warnings of that seed (probes, time).
# Exit 2 when there is nothing to measure (no corpus) or a measured
# command fails.
STEP=bench
. "$(dirname "$0")/../mk/lib.sh"
need_vars O TOP CORPUS_RUN CORPUS_ROOT RUN_DIR KSRC KWARN_PARSE
# KSRC is the tree to parse against; in a make's environment it would be a
# user's tree (KSRC=), another RUN: only builds.sh gets it
export -n KSRC
: "${MAKE:=make}" "${W:=123}"
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
size=${BENCH_SIZE:-full}
case $size in
full)	bytes=${BENCH_BYTES:-$((1 << 30))} runs=${BENCH_RUNS:-5}
	slow=${BENCH_SLOW_RUNS:-1} trim=0 ;;
small)	bytes=${BENCH_BYTES:-$((16 << 20))} runs=${BENCH_RUNS:-1}
	slow=${BENCH_SLOW_RUNS:-1} trim=200 ;;
*)	fail "BENCH_SIZE must be full or small, got '$size'" ;;
esac
# inputs in $O/bench, scratch files per size and corpus (benches may overlap)
B=$O/bench/$size-$(echo "$CORPUS_RUN" | md5sum | cut -c1-8)
mkdir -p "$B"

# measure OUT CMD...: "wall user sys rss_kb exit"
measure() { python3 "$here/measure.py" "$@"; }
# calc EXPR [FORMAT]: awk arithmetic, printed with %.2f (or FORMAT)
calc() { awk "BEGIN { printf \"${2:-%.2f}\", $1 }"; }

mapfile -t logs < <(ls "$CORPUS_RUN"/seed-*/*-W"$W".log.zst 2>/dev/null | sort -V)
mapfile -t corpora < <(ls "$CORPUS_RUN"/seed-*/*-W"$W".jsonl.zst 2>/dev/null | sort -V)
[ ${#logs[@]} -gt 0 ] && [ ${#corpora[@]} -gt 0 ] ||
	fail "no W=$W corpus with its raw log in $CORPUS_RUN; run make corpus first"

# kwarn-parse as make corpus runs it: the build directory of the first log
# (for its paths), its W level table (else the captured gcc-12 one)
first=${logs[0]#"$CORPUS_RUN"/seed-}
objdir=$(ls -d "$O/$RUN_DIR/seed-${first%%/*}/$(basename "${logs[0]}" .log.zst)" 2>/dev/null | head -n1 || true)
levels=$TOP/tests/fixtures/gcc12-devicetable/levels.tsv
[ -n "$objdir" ] && [ -f "$objdir/levels.tsv" ] && levels=$objdir/levels.tsv
parse=("$KWARN_PARSE" -s "$KSRC" ${objdir:+-b "$objdir"} -l "$levels")

# ---- the input ----
in=$O/bench/input-$bytes.log
stamp=$(ls -l --time-style=+%s "${logs[@]}" | md5sum | cut -c1-8)
if [ ! -f "$in" ] || [ "$(cat "$in.from" 2>/dev/null)" != "$stamp" ]; then
	say BENCH "input: $bytes bytes from ${#logs[@]} raw log(s)"
	python3 "$here/mkinput.py" "$bytes" "$in" "${logs[@]}"
	echo "$stamp" > "$in.from"
fi
inbytes=$(stat -c %s "$in")
inlines=$(wc -l < "$in")
gib=$(calc "$inbytes / 1073741824")
cat "$in" > /dev/null	# warm the page cache

# ---- 1. throughput ----
declare -A wall cpu rss
# run NAME CMD...: measure CMD, keep its best wall time
run() {
	local name=$1 r w u s m rc
	shift
	r=$(measure "$B/out.$name" "$@")
	read -r w u s m rc <<< "$r"
	[ "$rc" = 0 ] || { [ "$name" = grep ] && [ "$rc" = 1 ]; } ||
		fail "$name exited $rc: $*"
	if [ -z "${wall[$name]:-}" ] || awk "BEGIN { exit !($w < ${wall[$name]}) }"; then
		wall[$name]=$w cpu[$name]=$(calc "$u + $s" %.3f) rss[$name]=$m
	fi
}
pipeline="grep ': warning: ' '$in' | sed -n 's/.*\\[\\(-W[^]]*\\)\\]\$/\\1/p' | sort | uniq -c"
for ((i = 0; i < runs; i++)); do
	run wc wc -l "$in"
	run grep grep -c ': warning: ' "$in"
	run kwarn "${parse[@]}" "$in"
done
for ((i = 0; i < slow; i++)); do
	run pipeline sh -c "$pipeline"
	run python python3 "$here/cbl_matcher.py" "$in"
done

echo "== 1. throughput: $gib GiB ($inbytes bytes, $inlines lines): ${#logs[@]} real W=$W log(s) concatenated"
echo "   warm cache; best wall time of $runs run(s) (slow baselines: $slow)"
printf '   %-40s %8s %8s %9s %8s\n' command "wall s" "cpu s" "MB/s" "rss MB"
row() {
	printf '   %-40s %8s %8s %9s %8s\n' "$1" "${wall[$2]}" "${cpu[$2]}" \
		"$(calc "$inbytes / 1e6 / ${wall[$2]}")" "$(calc "${rss[$2]} / 1024")"
}
row "wc -l (the I/O floor)" wc
row "grep -c ': warning: '" grep
row "grep | sed | sort | uniq -c" pipeline
row "python3 cbl_matcher.py (CBL regex)" python
row "kwarn-parse (all of it, W levels too)" kwarn
echo "   grep -c: $(cat "$B/out.grep") lines with ': warning: '; kwarn-parse: $(jq -s -r '
	map(select(.kind == "warning")) | "\(map(.count) | add // 0) warning instances (" +
	(group_by(.tool) | map("\(.[0].tool) \(map(.count) | add)") | join(", ")) + ")"' "$B/out.kwarn"),
   $(wc -l < "$B/out.kwarn") unique diagnostics"
printf '   %-40s %8s %8s %8s\n' "baseline / kwarn-parse (wall, cpu)" target wall cpu
ratio() {
	local r c
	r=$(calc "${wall[$2]} / ${wall[kwarn]}") c=$(calc "${cpu[$2]} / ${cpu[kwarn]}")
	printf '   %-40s %8s %8s %8s  %s\n' "$1" "$3" "$r" "$c" \
		"$([ "$size" = small ] && echo "(small input: not judged)" ||
		   awk "BEGIN { print ($r >= ${3#>= }) ? \"ok\" : \"MISSED\" }")"
}
ratio "grep -c" grep ">= 1"
ratio "grep | sed | sort | uniq -c" pipeline ">= 10"
ratio "python3 cbl_matcher.py" python ">= 20"
printf '   %-40s %8s %8s %8s  (the I/O floor)\n' "wc -l" "" \
	"$(calc "${wall[wc]} / ${wall[kwarn]}")" "$(calc "${cpu[wc]} / ${cpu[kwarn]}")"

# ---- 2. memory ----
r3=$(measure "$B/out.kwarn3" sh -c "cat '$in' '$in' '$in' | $(printf '%q ' "${parse[@]}") -")
read -r w3 _ _ m3 rc <<< "$r3"
[ "$rc" = 0 ] || fail "kwarn-parse on three times the input exited $rc"
echo "== 2. memory: kwarn-parse's peak RSS"
printf '   %-40s %8s %10s\n' input "rss MB" "unique"
printf '   %-40s %8s %10s\n' "$gib GiB (the file)" "$(calc "${rss[kwarn]} / 1024")" "$(wc -l < "$B/out.kwarn")"
printf '   %-40s %8s %10s\n' "$(calc "3 * $gib") GiB (the file 3 times, one stream)" "$(calc "$m3 / 1024")" "$(wc -l < "$B/out.kwarn3")"
echo "   3x input / 1x input: rss $(calc "$m3 / ${rss[kwarn]}")x (unique warnings $(calc "$(wc -l < "$B/out.kwarn3") / $(wc -l < "$B/out.kwarn")")x)"

# ---- 3. cost curve ----
echo "== 3. cost curve"
echo "   kwarn-parse, the input given k times (k files, one run):"
printf '   %-8s %10s %8s %8s %12s %8s\n' k GiB "wall s" "cpu s" "s per GiB" "rss MB"
perk=()
for k in 1 2 3 4; do
	files=()
	for ((j = 0; j < k; j++)); do files+=("$in"); done
	read -r w u s m rc < <(measure "$B/out.curve" "${parse[@]}" "${files[@]}")
	[ "$rc" = 0 ] || fail "kwarn-parse on $k inputs exited $rc"
	g=$(calc "$k * $gib")
	perk+=("$(calc "$w / $g")")
	printf '   %-8s %10s %8s %8s %12s %8s\n' "$k" "$g" "$w" "$(calc "$u + $s")" "${perk[-1]}" "$(calc "$m / 1024")"
done
echo "   s per GiB at k=4 / at k=1: $(calc "${perk[3]} / ${perk[0]}") (1.00: linear; the fixed start-up and output cost is spread)"

# make top and make compare over campaigns of seeds, against the jq path
B=$B SIZE=$size TRIM=$trim "$here/campaign.sh" || exit 2

# ---- 4. corpus size ----
echo "== 4. corpus size: $CORPUS_RUN, W=$W"
cb=0 craw=0 ci=0 cu=0
for f in "${corpora[@]}"; do
	cb=$((cb + $(stat -c %s "$f")))
	craw=$((craw + $(zstd -dcq "$f" | wc -c)))
	read -r i u < <(first_line "$f" | jq -r '[.instances, .unique] | @tsv')
	ci=$((ci + i)) cu=$((cu + u))
done
echo "   ${#corpora[@]} corpus file(s): $cb bytes on disk (zstd -19), $ci warning instances, $cu unique"
echo "   bytes per instance: $(calc "$cb / $ci")   bytes per unique warning: $(calc "$cb / $cu")   JSON compression: $(calc "$craw / $cb")x"
lb=0 lraw=0 nl=0
for f in "${logs[@]}"; do
	lb=$((lb + $(stat -c %s "$f")))
	lraw=$((lraw + $(zstd -dcq "$f" | wc -c)))
	nl=$((nl + 1))
	[ "$size" = small ] && break
done
echo "   raw logs: $nl file(s), $lraw bytes in $lb bytes (zstd -10): compression $(calc "$lraw / $lb")x"

# make repro against the full build it spares: one warning of a .c file in
# the seed's corpus (SEED, TOOLCHAIN, W), rebuilt by make repro in a fresh
# directory, against a full build of the same seed, config, toolchain and
# W level from an empty build directory, as make corpus builds it (kwarn-cc,
# ccache off; bench/builds.sh full). The full build only at BENCH_SIZE=full.
c=$CORPUS_RUN/seed-${SEED:-1}/${TC_NAME:-gcc-12}-W$W.jsonl.zst
key=
[ -f "$c" ] && read -r key < <(zstd -dcq "$c" | jq -r -n 'first(inputs |
	select(.kind == "warning" and (.path | endswith(".c")) and .tool != "kernel-doc")) | .key')
if [ -n "$key" ]; then
	echo "== 5. repro: one warning ($key, seed ${SEED:-1} ${TC_NAME:-gcc-12} W=$W) against a full build of the seed"
	rm -rf "$O/repro/$key"-*
	read -r w _ _ _ rc < <(measure "$B/out.repro" "$MAKE" -s -C "$TOP" repro ID="$key" \
		SEED="${SEED:-1}" TOOLCHAIN="${TC_NAME:-gcc-12}" CORPUS="$CORPUS_ROOT" $RUN_VARS O="$O")
	echo "   make repro (make prepare and one object, fresh directory): $w s (exit $rc)"
	if [ "$size" = full ]; then
		full=$(KSRC=$KSRC "$here/builds.sh" full)
		echo "   full build, empty build directory: $full s (-j${JOBS:-$(nproc)})"
		echo "   repro / full build: $(calc "$w / $full" %.3f)"
	else
		echo "   full build: not timed at BENCH_SIZE=small (make bench times one)"
	fi
else
	echo "== 5. repro: skipped (no warning in a .c file in $c)"
fi

# make why's cost (BENCH_WHY=1: about ten minutes a warning at P=2): the
# first .c warning of each of the three most frequent flags of the seed's
# corpus (SEED, TOOLCHAIN, W), and its first header warning; for each,
# its probes, the builds they took, its time and its answer
if [ "${BENCH_WHY:-0}" = 1 ]; then
	echo "== 6. why: the warnings of seed ${SEED:-1} ${TC_NAME:-gcc-12} W=$W (the target: 600 s each on two cores)"
	[ -f "$c" ] || fail "no corpus $c for make why"
	# first of a flag: corpus order (path, line); objects Kbuild builds
	# alone (not arch/arm/boot/'s, which only zImage builds with its flags)
	zstd -dcq "$c" | jq -r 'select(.type == "diag" and .kind == "warning" and .flag != "" and
		(.objects[0] // "" | startswith("arch/arm/boot/") | not) and
		(.tool == "gcc" or .tool == "clang")) | [.flag, .key, .path] | @tsv' > "$B/why-warnings"
	{ cut -f1 "$B/why-warnings" | sort | uniq -c | sort -k1,1nr -k2 | head -n3 | awk '{ print $2 }' |
		while read -r f; do awk -F '\t' -v f="$f" '$1 == f && $3 ~ /\.c$/ { print; exit }' "$B/why-warnings"; done
	  awk -F '\t' '$3 ~ /\.h$/ { print; exit }' "$B/why-warnings"; } > "$B/why-keys"
	printf '   %-28s %-16s %6s %6s %8s  %s\n' flag key probes builds seconds answer
	while IFS=$'\t' read -r flag key path; do
		read -r w _ _ _ rc < <(measure "$B/out.why" "$MAKE" -s -C "$TOP" why ID="$key" \
			SEED="${SEED:-1}" TOOLCHAIN="${TC_NAME:-gcc-12}" CORPUS="$CORPUS_ROOT" $RUN_VARS O="$O" \
			2>> "$B/why.err")
		probes=$(sed -n 's/^  PROBES   \([0-9]*\) probes, \([0-9]*\) builds.*/\1 \2/p' "$B/out.why")
		answer=$(sed -n 's/^  WHY      //p' "$B/out.why" | head -n1)
		printf '   %-28s %-16s %6s %6s %8s  %s\n' "$flag" "$key" "${probes% *}" "${probes#* }" "$w" \
			"${answer:-exit $(cat "$O/why/status" 2>/dev/null)} ($path)"
	done < "$B/why-keys"
fi

if [ "${BUILDS:-0}" = 1 ]; then
	KSRC=$KSRC "$here/builds.sh"
fi
