#!/bin/bash
# make compare: what clang-14 adds and drops against gcc-12 on the test seed.
. "$(dirname "$0")/lib.sh"
plan 63
need corpus gcc-12 123
need corpus clang-14 123
cdir=$CDIR

# (the report on stdout; the notes, errors and the CHANGE line on stderr)
cmp_run() { tmake -s compare "$@" > "$TESTDIR/compare.out" 2> "$TESTDIR/compare.err"; echo $? > "$TESTDIR/compare.rc"; }

cmp_run A=gcc-12 B=clang-14
ok "gcc-12 vs clang-14: a text report, exit 0" bash -c "
	test \$(cat $TESTDIR/compare.rc) = 0 && grep -q '^sites: [1-9][0-9]* new in B' $TESTDIR/compare.out"
cmp_run A=gcc-12 B=clang-14 FAIL_ON_NEW=1
ok "FAIL_ON_NEW=1: clang-14 adds warnings, so it fails and says so" bash -c "
	test \$(cat $TESTDIR/compare.rc) != 0 && grep -q 'clang-14 adds warnings against gcc-12' $TESTDIR/compare.err"
cmp_run A=gcc-12 B=clang-14 FORMAT=json W=123
cp "$TESTDIR/compare.out" "$TESTDIR/compare.json"
sites() { zstd -dcq "$cdir/$1-W123.jsonl.zst" | jq -r -L "$TOP/mk" 'include "corpus-lib"; select(.type == "diag" and .kind == "warning") | [.seed, .path, .line, (.flag | flag_name)] | @json' | sort -u | wc -l; }
ok "new + both = clang's sites, gone + both = gcc's sites" bash -c "
	test \$(jq '(.new | length) + .both' $TESTDIR/compare.json) = $(sites clang-14) &&
	test \$(jq '(.gone | length) + .both' $TESTDIR/compare.json) = $(sites gcc-12)"
ok "a site both compilers warn about is matched across wordings (-Wshadow)" \
	jq -e '.flags[] | select(.flag == "-Wshadow") | .both > 0' "$TESTDIR/compare.json"
ok "per-level counts add up to the per-flag counts" \
	jq -e '([.levels[].new] | add) == ([.flags[].new] | add) and ([.levels[].gone] | add) == ([.flags[].gone] | add)' \
	"$TESTDIR/compare.json"
# one name per warning across compilers (corpus-lib.jq's flag_names):
# clang's -Winitializer-overrides at gcc's -Woverride-init sites is one
# warning, in both
names=$TOP/.build/flag-names.tsv
ok "one name per warning: clang-14's -Winitializer-overrides where gcc-12 says -Woverride-init is in both, not new and gone" jq -e '
	([.new[], .gone[] | select(.flag == "-Winitializer-overrides" or .flag == "-Woverride-init")] | length) == 0 and
	(.flags[] | select(.flag == "-Woverride-init") | .both > 0)' "$TESTDIR/compare.json"
ok "  make wrote corpus-lib.jq's table for kwarn-agg -F, a line per Clang flag" bash -c "
	grep -qx -e '-Winitializer-overrides	-Woverride-init' $names &&
	test \$(wc -l < $names) = \$(jq -n -L $TOP/mk 'include \"corpus-lib\"; flag_names | length')"
printf -- '-Wfoo\n' > "$TESTDIR/bad-names"
ok "  kwarn-agg -F refuses a line that is not FLAG TAB NAME, naming the file and line (exit 1)" bash -c "
	$TOP/.build/bin/kwarn-agg compare -F $TESTDIR/bad-names -a $cdir/gcc-12-W123.sum.zst -b $cdir/gcc-12-W123.sum.zst 2> $TESTDIR/bad-names.err;
	test \$? = 1 && grep -qx 'kwarn-agg: $TESTDIR/bad-names:1: not FLAG TAB NAME' $TESTDIR/bad-names.err"
cmp_run A=gcc-12 B=gcc-12 FAIL_ON_NEW=1
ok "a compiler against itself, FAIL_ON_NEW=1: exit 0, nothing new or gone" bash -c "
	test \$(cat $TESTDIR/compare.rc) = 0 && grep -q '^sites: 0 new in B, 0 gone in B' $TESTDIR/compare.out"
cmp_run A=gcc-12 B=clang-99
ok "a missing corpus: fails and says what to run" bash -c "
	test \$(cat $TESTDIR/compare.rc) != 0 &&
	grep -q \"no corpus of W=1 (nor of W=12, W=123, which hold it) in .*/seed-1; run make corpus SEEDS='1' TOOLCHAINS='clang-99' WLEVELS=1 $TEST_RUN_VARS\" $TESTDIR/compare.err"

# make top and make compare read the corpus files' summaries (kwarn-agg);
# the jq queries, reading the records, are the reference they are held to
q=$TOP/corpus/queries
for tc in gcc-12 clang-14; do
	c=$cdir/$tc-W123.jsonl.zst s=$cdir/$tc-W123.sum.zst
	ok "$tc: mk/corpus.sh wrote the summary beside the corpus file: of its time, its sha256 and counts" bash -c "
		test ! $s -nt $c && test ! $s -ot $c &&
		h=\$(zstd -dcq $s | head -n 1) && b=\$(zstd -dcq $c | head -n 1) &&
		test \"\$h\" = \"\$(printf '#kwarn-summary\t3\tcorpus_sha256=%s\tseed=%s\ttoolchain=%s\tw=123\tvariant=plain\tstatus=%s\tmake_exit=%s\tinstances=%s\tunique=%s' \
			\$(sha256sum < $c | cut -c1-64) \$(jq -r '.seed, .toolchain, .status, .make_exit, .instances, .unique' <<< \"\$b\"))\" &&
		test \$(zstd -dcq $s | wc -l) = \$(zstd -dcq $c | wc -l)"
done
top_jq() {	# top_jq N CORPUS... [--arg w W]: top.jq on the corpus files
	local n=$1 files=() args=()
	shift
	while [ $# -gt 0 ]; do if [ "$1" = --arg ]; then args+=("$@"); break; fi; files+=("$1"); shift; done
	zstd -dcq "${files[@]}" | jq -n -r --argjson n "$n" "${args[@]}" -f "$q/top.jq"
}
cmp_jq() {	# cmp_jq FORMAT A-FILES B-FILES [LIST] [JQ-ARG...]: compare.jq on the corpus files
	local list=20
	[[ ${4-} != [0-9]* ]] || { list=$4; set -- "$1" "$2" "$3" "${@:5}"; }
	jq -n -r --slurpfile a <(zstd -dcq $2) --slurpfile b <(zstd -dcq $3) --arg format "$1" \
		--argjson list "$list" "${@:4}" -f "$q/compare.jq"
}
for top_n in 10 3; do	# (n is lib.sh's test counter)
	make -C "$TOP" -s top SEED=$TEST_SEED $TEST_RUN_VARS W=123 TOP_N=$top_n CORPUS="$TESTDIR/corpus" > "$TESTDIR/agg-top" 2>&1
	top_jq $top_n "$cdir"/*-W123.jsonl.zst > "$TESTDIR/jq-top"
	expect_eq "make top TOP_N=$top_n (kwarn-agg) prints what top.jq prints, byte for byte: gcc-12 and clang-14 of the test seed" \
		"$TESTDIR/jq-top" "$TESTDIR/agg-top"
done
for f in text json; do
	tmake -s compare A=gcc-12 B=clang-14 FORMAT=$f W=123 > "$TESTDIR/agg-cmp" 2> "$TESTDIR/agg-cmp.err"
	cmp_jq $f "$cdir/gcc-12-W123.jsonl.zst" "$cdir/clang-14-W123.jsonl.zst" > "$TESTDIR/jq-cmp"
	expect_eq "make compare FORMAT=$f W=123 (kwarn-agg) prints what compare.jq prints, byte for byte" \
		"$TESTDIR/jq-cmp" "$TESTDIR/agg-cmp"
done
# a level is a filter: W=1 (compare's default) and W=12 from the W=123
# corpora, as compare.jq and top.jq filter the records
for w in 1 12; do
	tmake -s compare A=gcc-12 B=clang-14 $([ $w = 1 ] || echo W=$w) > "$TESTDIR/agg-cmp" 2> "$TESTDIR/agg-cmp-$w.err"
	cmp_jq text "$cdir/gcc-12-W123.jsonl.zst" "$cdir/clang-14-W123.jsonl.zst" --arg w $w > "$TESTDIR/jq-cmp"
	expect_eq "make compare $([ $w = 1 ] && echo "(W=1 by default)" || echo W=$w) prints what compare.jq --arg w $w prints of the W=123 corpora" \
		"$TESTDIR/jq-cmp" "$TESTDIR/agg-cmp"
	make -C "$TOP" -s top SEED=$TEST_SEED $TEST_RUN_VARS W=$w CORPUS="$TESTDIR/corpus" > "$TESTDIR/agg-top" 2>&1
	top_jq 10 "$cdir"/*-W123.jsonl.zst --arg w $w > "$TESTDIR/jq-top"
	expect_eq "make top W=$w prints what top.jq --arg w $w prints of the W=123 corpora" \
		"$TESTDIR/jq-top" "$TESTDIR/agg-top"
done
ok "make top W=2: no cumulative level holds W=2 alone, and top says which make corpus builds it" bash -c "
	! make -C $TOP -s top SEED=$TEST_SEED $TEST_RUN_VARS W=2 CORPUS=$TESTDIR/corpus > $TESTDIR/top-w2.out 2>&1 &&
	grep -qx \"kwarn: no corpus of W=2 in .*/seed-$TEST_SEED; run make corpus SEEDS='$TEST_SEED' WLEVELS=2 $TEST_RUN_VARS\" $TESTDIR/top-w2.out"
ok "compare says in one line that it shows W=1 alone, and which setting shows more" \
	grep -qx 'kwarn: compare: the warnings of W=1 (levels 0 and 1) alone; W=12 or W=123 shows more' "$TESTDIR/agg-cmp-1.err"

# Three seeds: copies of the test seed's corpus files, relabeled seed 1, 2
# and 3, without summaries (as an older kwarn left them)
m=$TESTDIR/agg-seeds
rm -rf "$m"
for s in 1 2 3; do
	mkdir -p "$m/$TEST_RUN/seed-$s"
	for tc in gcc-12 clang-14; do
		zstd -dcq "$cdir/$tc-W123.jsonl.zst" | sed "s/\"seed\":$TEST_SEED,/\"seed\":$s,/" |
			zstd -q -o "$m/$TEST_RUN/seed-$s/$tc-W123.jsonl.zst"
	done
done
make -C "$TOP" -s top W=123 $TEST_RUN_VARS CORPUS="$m" > "$TESTDIR/agg-top3" 2> "$TESTDIR/agg-top3.err"
ok "corpus files without summaries: make top makes each, says so on one line each, its first frame naming the corpus file's sha256" bash -c "
	test \$(grep -c '^  SUMMARY  $m/$TEST_RUN/seed-[123]/[a-z0-9-]*-W123.sum.zst (' $TESTDIR/agg-top3.err) = 6 &&
	test \$(wc -l < $TESTDIR/agg-top3.err) = 6 &&
	for c in $m/$TEST_RUN/seed-*/*.jsonl.zst; do s=\${c%.jsonl.zst}.sum.zst
		head -c 400 \$s | grep -a -qF \$(sha256sum < \$c | cut -c1-64) || exit 1; done"
inst=$(zstd -dcq "$cdir/gcc-12-W123.jsonl.zst" | jq -s '[.[] | select(.kind == "warning") | .count] | add')
uniq=$(zstd -dcq "$cdir/gcc-12-W123.jsonl.zst" | jq -s '[.[] | select(.kind == "warning")] | length')
ok "make top over 3 copies of a seed: unique is one seed's (distinct keys), per-seed and instances three times" bash -c "
	grep -A1 '^== gcc-12: 3 build(s), seed(s) 1 2 3\$' $TESTDIR/agg-top3 > /dev/null &&
	grep -qx -e 'W=123: $((3 * inst)) instances, $uniq unique, $((3 * uniq)) unique per seed summed (W=3 adds [0-9]* instances, [0-9]* unique)' $TESTDIR/agg-top3 &&
	grep -qx '  instances  unique  per-seed  flag' $TESTDIR/agg-top3"
# a corpus file cut short but given its old time: its size tells
f=$m/$TEST_RUN/seed-2/gcc-12-W123.jsonl.zst
cp -p "$f" "$f.keep"
head -c 2000 "$f.keep" > "$f" && touch -r "$f.keep" "$f"
ok "a corpus file cut short, its time kept: not trusted, checked, refused naming it" bash -c "
	! make -C $TOP -s top W=123 $TEST_RUN_VARS CORPUS=$m > /dev/null 2> $TESTDIR/cut.err &&
	grep -q 'seed-2/gcc-12-W123.jsonl.zst' $TESTDIR/cut.err"
mv "$f.keep" "$f"
zstd -dcq "$f" | zstd -q -1 -o "$f.new" && mv "$f.new" "$f"
ok "a corpus file rewritten (other bytes, the same records): make top makes its summary again, that one alone" bash -c "
	make -C $TOP -s top W=123 $TEST_RUN_VARS CORPUS=$m 2>&1 > /dev/null | grep -c SUMMARY | grep -qx 1 &&
	make -C $TOP -s top W=123 $TEST_RUN_VARS CORPUS=$m 2>&1 > /dev/null | grep -c SUMMARY | grep -qx 0"
for f in text json; do
	make -C "$TOP" -s compare A=gcc-12 B=clang-14 SEEDS="3 1 2" $TEST_RUN_VARS W=123 FORMAT=$f CORPUS="$m" > "$TESTDIR/agg-cmp3" 2> "$TESTDIR/agg-cmp3.err"
	cmp_jq $f "$m/$TEST_RUN/seed-3/gcc-12-W123.jsonl.zst $m/$TEST_RUN/seed-1/gcc-12-W123.jsonl.zst $m/$TEST_RUN/seed-2/gcc-12-W123.jsonl.zst" \
		"$m/$TEST_RUN/seed-3/clang-14-W123.jsonl.zst $m/$TEST_RUN/seed-1/clang-14-W123.jsonl.zst $m/$TEST_RUN/seed-2/clang-14-W123.jsonl.zst" \
		> "$TESTDIR/jq-cmp3"
	expect_eq "make compare SEEDS=\"3 1 2\" FORMAT=$f (kwarn-agg) prints what compare.jq prints, byte for byte" \
		"$TESTDIR/jq-cmp3" "$TESTDIR/agg-cmp3"
done
# kwarn-agg keeps the first LIST new and gone sites as the seeds go by:
# a LIST longer than one seed's lists takes sites of the next seeds
make -C "$TOP" -s compare A=gcc-12 B=clang-14 SEEDS="2 3 1" W=123 LIST=$((2 * $(jq '.new | length' "$TESTDIR/compare.json") + 5)) \
	$TEST_RUN_VARS CORPUS="$m" > "$TESTDIR/agg-cmp3" 2> "$TESTDIR/agg-cmp3.err"
cmp_jq text "$m/$TEST_RUN/seed-1/gcc-12-W123.jsonl.zst $m/$TEST_RUN/seed-2/gcc-12-W123.jsonl.zst $m/$TEST_RUN/seed-3/gcc-12-W123.jsonl.zst" \
	"$m/$TEST_RUN/seed-1/clang-14-W123.jsonl.zst $m/$TEST_RUN/seed-2/clang-14-W123.jsonl.zst $m/$TEST_RUN/seed-3/clang-14-W123.jsonl.zst" \
	$((2 * $(jq '.new | length' "$TESTDIR/compare.json") + 5)) > "$TESTDIR/jq-cmp3"
ok "make compare LIST= over two seeds and more: the sites of three seeds listed as compare.jq lists them" bash -c "
	cmp $TESTDIR/jq-cmp3 $TESTDIR/agg-cmp3 && grep -q '^  seed 3 ' $TESTDIR/agg-cmp3"
san=$TOP/.build/san/kwarn-agg plain=$TOP/.build/bin/kwarn-agg
# Across compilers the site decides, not the key: a copy of clang-14's
# corpus with a warning whose key gcc-12's corpus holds too (kernel-doc's,
# dtc's) one line lower (where neither warns) is new there and gone where
# it was
d=$TESTDIR/agg-drift
rm -rf "$d" && mkdir -p "$d"
read -r dkey dline dpath < <(jq -n -r --slurpfile a <(zstd -dcq "$cdir/gcc-12-W123.jsonl.zst") \
	--slurpfile b <(zstd -dcq "$cdir/clang-14-W123.jsonl.zst") '
	($a | map(select(.type == "diag") | {key: .key, value: 1}) | from_entries) as $k
	| ($a + $b | map(select(.type == "diag") | {key: "\(.path) \(.line) \(.flag)", value: 1}) | from_entries) as $site
	| first($b[] | select(.type == "diag" and .kind == "warning" and $k[.key] != null and
		$site["\(.path) \(.line + 1) \(.flag)"] == null))
	| "\(.key) \(.line) \(.path)"')
zstd -dcq "$cdir/clang-14-W123.jsonl.zst" | jq -c --arg k "$dkey" 'if .key == $k then .line += 1 else . end' | zstd -q -o "$d/clang-14-W123.jsonl.zst"
"$TOP/mk/summary.sh" -o "$d/clang-14.sum" "$d/clang-14-W123.jsonl.zst"
$plain compare -j -n 100000 -F "$names" -a "$cdir/gcc-12-W123.sum.zst" -b "$d/clang-14.sum" | jq . > "$d/agg.json"
cmp_jq json "$cdir/gcc-12-W123.jsonl.zst" "$d/clang-14-W123.jsonl.zst" 100000 > "$d/jq.json"
ok "a warning one line lower in B, its key the same: new at its new line, gone at its old one (kwarn-agg as compare.jq)" bash -c "
	test -n '$dkey' && cmp $d/jq.json $d/agg.json &&
	jq -e --arg p '$dpath' --argjson l $dline '[.new[] | select(.path == \$p and .line == \$l + 1)] != [] and
		[.gone[] | select(.path == \$p and .line == \$l)] != [] and
		.both == $(jq .both "$TESTDIR/compare.json") - 1' $d/agg.json"
ok "kwarn-agg under ASan+UBSan on the three seeds' summaries: top and compare -j as the plain build's" bash -c "
	cmp <($san top $m/$TEST_RUN/seed-*/*-W123.sum.zst) <($plain top $m/$TEST_RUN/seed-*/*-W123.sum.zst) &&
	cmp <($san compare -j -F $names -a $m/$TEST_RUN/seed-1/gcc-12-W123.sum.zst -a $m/$TEST_RUN/seed-2/gcc-12-W123.sum.zst -b $m/$TEST_RUN/seed-3/clang-14-W123.sum.zst) \
	    <($plain compare -j -F $names -a $m/$TEST_RUN/seed-1/gcc-12-W123.sum.zst -a $m/$TEST_RUN/seed-2/gcc-12-W123.sum.zst -b $m/$TEST_RUN/seed-3/clang-14-W123.sum.zst)"

# make report's lists: -t keeps the 3 most frequent new and gone sites (the
# order of jq's sort_by below on compare -j's whole lists) and their counts
ok "kwarn-agg compare -j -t -n 3 (ASan+UBSan): compare -j's lists cut to the 3 most frequent, with their lengths" bash -c "
	for s in 1 2 3; do echo $m/$TEST_RUN/seed-\$s/gcc-12-W123.sum.zst; done > $TESTDIR/t-a &&
	for s in 1 2 3; do echo $m/$TEST_RUN/seed-\$s/clang-14-W123.sum.zst; done > $TESTDIR/t-b &&
	$san compare -j -t -n 3 -F $names -A $TESTDIR/t-a -B $TESTDIR/t-b > $TESTDIR/t-top.json &&
	$plain compare -j -F $names -A $TESTDIR/t-a -B $TESTDIR/t-b | jq -c 'def top: sort_by(-.count, .seed, .path, .line, .key)[:3];
		. + {new_count: (.new | length), gone_count: (.gone | length), new: (.new | top), gone: (.gone | top)}' |
		cmp - $TESTDIR/t-top.json && jq -e '.new_count > 3 and .gone_count > 3' $TESTDIR/t-top.json > /dev/null"
# A campaign: seeds 1, 2 and 3 relabeled from the test seed's gcc-12 and
# clang-14 corpora; seed 1 without its fs/ warnings (so seed 2 finds keys
# seed 1 did not), seed 2's gcc-12 build relabeled failed, seed 1 booted
# (status ok), seed 2's boot a panic,
# seed 3 without boot files. make top's campaign section against jq over
# the same records.
k=$TESTDIR/campaign
rm -rf "$k"
for s in 1 2 3; do
	mkdir -p "$k/$TEST_RUN/seed-$s"
	for tc in gcc-12 clang-14; do
		zstd -dcq "$cdir/$tc-W123.jsonl.zst" | jq -c --argjson s $s --arg tc $tc '.seed = $s
			| if .type == "build" and $s == 2 and $tc == "gcc-12" then .status = "failed" | .make_exit = 2 else . end' |
			jq -s -c --argjson s $s '(if $s == 1 then [.[0]] + (.[1:] | map(select(.path | startswith("fs/") | not))) else . end)
				| (.[1:] | map(.count) | add) as $i | (.[1:] | length) as $u
				| (.[0] |= (.instances = $i | .unique = $u)) | .[]' |
			zstd -q -o "$k/$TEST_RUN/seed-$s/$tc-W123.jsonl.zst"
	done
done
# (a boot file's line 1 alone: the boot record, fields as qemu/README.md's)
for s in 1:ok 2:panic; do
	echo "{\"type\":\"boot\",\"schema\":1,\"seed\":${s%:*},\"toolchain\":\"$TEST_TC\",\"status\":\"${s#*:}\",\"records\":0,\"annotated_records\":0,\"findings\":[]}" |
		zstd -q -o "$k/$TEST_RUN/seed-${s%:*}/$TEST_TC-branches.jsonl.zst"
done
# new, fixed, persistent, and the status a CI gate reads (mk/tools/gate.sh
# exits with it: make ends a failed recipe with 2)
gate() { "$TOP/mk/tools/gate.sh" compare "$@" W=123 $TEST_RUN_VARS CORPUS="$k" O="$O" > "$k/gate.out" 2>&1; echo $?; }
st=$(gate A=clang-14 B=gcc-12 SEEDS="1 2 3")
ok "compare through gate.sh: seed 2's failed gcc-12 build makes it incomplete, exit 2, and the line says which" bash -c "
	test $st = 2 && grep -q '^  CHANGE   [0-9]* new, [0-9]* fixed, [0-9]* persistent: status 2 (incomplete: 1 build(s) not ok: seed 2 gcc-12: failed)\$' $k/gate.out"
st=$(gate A=gcc-12 B=gcc-12 SEEDS="1 3")
ok "  a toolchain against itself: nothing new, exit 0" bash -c "test $st = 0 && grep -q '^  CHANGE   0 new, 0 fixed, [1-9][0-9]* persistent: status 0 (nothing new)\$' $k/gate.out"
st=$(gate A=gcc-12 B=clang-14 SEEDS="1 3" FORMAT=json)
ok "  clang-14 against gcc-12: exit 1, its counts the report's new, gone and both" bash -c "
	test $st = 1 && sed -n '/^{/,/^}/p' $k/gate.out | jq -r '\"  CHANGE   \\(.new | length) new, \\(.gone | length) fixed, \\(.both) persistent: status 1 (new warnings)\"' > $k/gate.want &&
	grep -xF -f $k/gate.want $k/gate.out"
make -C "$TOP" -s top W=123 $TEST_RUN_VARS CORPUS="$k" TOP_N=5 > "$k/top" 2> "$k/top.err"
ok "a campaign of 3 seeds: make top prints the campaign section after the toolchains' (top.jq's) text" bash -c "
	test \$(grep -c '^== ' $k/top) = 3 && tail -n +\$(grep -n '^== campaign' $k/top | cut -d: -f1) $k/top | grep -q '^== campaign: 3 seeds, 6 builds\$' &&
	head -n 1 $k/top | grep -q '^== clang-14: 3 build(s), seed(s) 1 2 3\$'"
zstd -dcq "$k/$TEST_RUN"/seed-*/*-W123.jsonl.zst | jq -c 'select(.type == "diag" and .kind == "warning")
	| {seed, key, flag: (if .flag == "" then .tool else .flag end)}' > "$k/diags"
zstd -dcq "$k/$TEST_RUN"/seed-*/*-W123.jsonl.zst | jq -c 'select(.type == "build") | {seed, toolchain, status, make_exit}' > "$k/builds"
for f in "$k/$TEST_RUN"/seed-*/*-branches.jsonl.zst; do zstd -dcq "$f" | head -n 1; done | jq -c '{seed, status}' > "$k/boots"
jq -r -s --slurpfile b "$k/boots" '(map(.seed) | unique) as $s
	| (map(select(.status != "ok"))) as $bad
	| ($b | group_by(.seed) | map({key: "\(.[0].seed)", value: any(.[]; .status == "ok")}) | from_entries) as $boot
	| "seeds: \($s | length) built, \($bad | map(.seed) | unique | length) with a build not ok, \([$s[] | select($boot["\(.)"] == true)] | length) booted, \([$s[] | select($boot["\(.)"] == false)] | length) with no boot ok, \([$s[] | select($boot["\(.)"] == null)] | length) not booted",
	  "builds not ok: \($bad | length) (\($bad | group_by(.status) | map("\(.[0].status) \(length)") | join(", ")))",
	  ($bad | sort_by(.seed, .toolchain)[] | "  seed \(.seed) \(.toolchain) W=123: \(.status) (make exit \(.make_exit))")' \
	"$k/builds" > "$k/want.seeds"
sed -n '/^seeds: /,/^  seed /p' "$k/top" > "$k/got.seeds"
expect_eq "campaign: seeds built, with a failed build (named), booted, not booted, as jq counts them in the build and boot records" \
	"$k/want.seeds" "$k/got.seeds"
jq -r -s 'map({flag, seed}) | unique | group_by(.flag) | map({f: .[0].flag, n: length}) | sort_by(-.n, .f) | .[:5][]
	| "  \(.n | tostring | (" " * (5 - length)) + .)  \(.f)"' "$k/diags" > "$k/want.flags"
sed -n '/^  seeds  flag/,/^$/p' "$k/top" | sed '1d;$d' > "$k/got.flags"
expect_eq "campaign: the flags printed by the most seeds, as jq counts them" "$k/want.flags" "$k/got.flags"
jq -r -s '(group_by(.key) | map(map(.seed) | min) | group_by(.) | map({s: .[0], n: length})) as $new
	| [foreach (map(.seed) | unique)[] as $s (0; . + (($new | map(select(.s == $s))[0].n) // 0);
		"\($s) \(($new | map(select(.s == $s))[0].n) // 0) \(.)")][]' "$k/diags" > "$k/want.keys"
sed -n '/^       seed  new keys/,/^$/p' "$k/top" | sed '1d;$d' | awk '{ print $1, $2, $3 }' > "$k/got.keys"
ok "campaign: seed 2 finds keys seed 1 did not print" bash -c "awk '\$1 == 2 { exit !(\$2 > 0) }' $k/want.keys"
expect_eq "campaign: keys first seen per seed and distinct keys so far, as jq counts them" "$k/want.keys" "$k/got.keys"
ok "campaign: kwarn-agg top -j says the same as the text (seeds, flags), under ASan+UBSan" bash -c "
	ls $k/$TEST_RUN/seed-*/*-W123.sum.zst > $k/sums && $TOP/mk/summary.sh -b $k/bootlist $k/$TEST_RUN/seed-*/*-branches.jsonl.zst &&
	$san top -j -s $k/bootlist -T $k/sums > $k/top.json &&
	jq -r '.seeds[] | \"\(.seed) \(.new_keys) \(.keys)\"' $k/top.json | cmp - $k/want.keys &&
	jq -e '[.seeds[].boot] == [\"ok\", \"not ok\", \"none\"] and .build_status == {failed: 1} and .boot_status == {panic: 1}' $k/top.json"

# a summary of version 1 (as an older kwarn wrote it), of the corpus
# file's time: out of date, made again when the index reads the files
# again (make top reads the index: its corpus file has not changed)
s1=$k/$TEST_RUN/seed-3/gcc-12-W123.sum.zst
zstd -dcq "$s1" | sed '1s/^#kwarn-summary\t3\(.*\)\tstatus=[^\t]*\tmake_exit=[0-9]*/#kwarn-summary\t1\1/' | zstd -q -f -o "$s1.v1"
mv "$s1.v1" "$s1" && touch -r "$k/$TEST_RUN/seed-3/gcc-12-W123.jsonl.zst" "$s1"
ok "a summary of version 1 beside its corpus file, of its time: make index makes it again, that one alone" bash -c "
	make -C $TOP -s index CORPUS=$k 2>&1 > /dev/null | grep -x '  SUMMARY  $s1 (.*' | grep -c . | grep -qx 1 &&
	zstd -dcq $s1 | head -n 1 | grep -q '^#kwarn-summary	3	.*	status=ok	make_exit=0	' &&
	make -C $TOP -s top W=123 $TEST_RUN_VARS CORPUS=$k 2>&1 > /dev/null | grep -c SUMMARY | grep -qx 0"

# The campaign index (mk/index.mk, doc/index.md) of a copy of the campaign:
# seeds 1 and 2 first, then seed 3 added and seed 1's clang-14 build gone
ix=$TESTDIR/index
rm -rf "$ix" && mkdir -p "$ix/c/$TEST_RUN"
cp -a "$k/$TEST_RUN/seed-1" "$k/$TEST_RUN/seed-2" "$ix/c/$TEST_RUN/"
idx=$(make -C "$TOP" -s where $TEST_RUN_VARS CORPUS="$ix/c" | sed -n 's/^index *//p')
rm -f "$idx" "$idx-wal" "$idx-shm"
sani=$TOP/.build/san/kwarn-index
# every row of the index by value (ids aside), in one order
content() {
	sqlite3 -readonly "$idx" "SELECT b.file, b.seed, b.toolchain, b.w, b.variant, b.status, b.make_exit,
		b.instances, b.nunique, b.corpus_sha256, b.compiler, b.packages, b.kernel, b.tree, b.config_sha256,
		b.failed_targets, b.root_causes, b.size, b.mtime_ns, p.ord, p.count, w.key, w.kind, w.tool, w.flag,
		w.level, w.path, w.line, w.target, w.symbol, w.root, w.text
		FROM builds b JOIN prints p ON p.build = b.id JOIN warnings w ON w.id = p.warning ORDER BY b.file, p.ord;
		SELECT count(*) FROM warnings; SELECT file, seed, toolchain, status, size, mtime_ns FROM boots ORDER BY file;
		SELECT v.run, v.sel, v.toolchain, s.sel FROM views v LEFT JOIN views s ON s.id = v.slice ORDER BY 1, 2;
		SELECT v.run, v.sel, g.tool, g.flag, g.n1, g.n2, g.n3, g.u1, g.u2, g.u3, g.s1, g.s2, g.s3
			FROM view_groups g JOIN views v ON v.id = g.view ORDER BY 1, 2, 3, 4;
		SELECT v.run, v.sel, f.path, f.n1, f.n2, f.n3, f.r1, f.r2, f.r3 FROM view_files f JOIN views v ON v.id = f.view
			ORDER BY 1, 2, 3;
		SELECT v.run, v.sel, k.key, g.tool, g.flag, k.c1, k.c2, k.c3, k.first_seed FROM view_keys k
			JOIN views v ON v.id = k.view LEFT JOIN view_groups g ON g.id = k.grp ORDER BY 1, 2, 3, 4, 5;
		SELECT v.run, v.sel, f.seed, f.n FROM view_first f JOIN views v ON v.id = f.view ORDER BY 1, 2, 3;
		SELECT v.run, v.sel, f.shown, f.seed, f.n FROM view_flag_seeds f JOIN views v ON v.id = f.view ORDER BY 1, 2, 3, 4"
}
export idx
export -f content
make -C "$TOP" -s top W=123 $TEST_RUN_VARS CORPUS="$ix/c" > /dev/null 2>&1
cp -a "$k/$TEST_RUN/seed-3" "$ix/c/$TEST_RUN/"
mv "$ix/c/$TEST_RUN/seed-1/clang-14-W123.jsonl.zst" "$ix/clang-14-seed-1.jsonl.zst"
make -C "$TOP" -s top W=123 $TEST_RUN_VARS CORPUS="$ix/c" > "$ix/top" 2>&1
ok "index: make top brings it up to date: seed 3's builds in, seed 1's clang-14 build out" bash -c "
	test \$($sani summaries -c $idx $TEST_RUN 'clang-14-W123.jsonl.zst') = 2 &&
	test \$($sani summaries -c $idx $TEST_RUN '*-W123.jsonl.zst') = 5 &&
	head -n 1 $ix/top | grep -qx '== clang-14: 2 build(s), seed(s) 2 3'"
# make top over every seed reads the sums the index keeps; over seeds
# named, their summaries: the same bytes, for every toolchain and for one
ok "index: make top over every seed (the index's sums, a build gone) is make top over the seeds named (their summaries)" bash -c "
	for tc in TOOLCHAIN=clang-14 ''; do
		make -C $TOP -s top W=123 $TEST_RUN_VARS CORPUS=$ix/c TOP_N=5 \$tc > $ix/top.sums &&
		make -C $TOP -s top W=123 $TEST_RUN_VARS CORPUS=$ix/c TOP_N=5 SEEDS='1 2 3' \$tc > $ix/top.summaries &&
		cmp $ix/top.sums $ix/top.summaries || exit 1
	done && grep -q '^== campaign: 3 seeds, 5 builds\$' $ix/top.sums"
ok "index: kwarn-index sums and kwarn-agg top -p under ASan+UBSan give make top's bytes (up to its estimate of the keys not seen)" bash -c "
	$sani sums $idx $TEST_RUN '*-W123.jsonl.zst' > $ix/sums && $sani boots $idx $TEST_RUN > $ix/boots &&
	grep -q '^keys not seen yet' $ix/top.summaries &&
	$san top -p -n 5 -s $ix/boots $ix/sums | cmp - <(sed '/^keys not seen yet/,\$d' $ix/top.summaries)"
# make report's kwarn-agg top -j takes each seed's keys first seen from
# the index's sums (-f), each toolchain's summaries together (-g)
ok "index: kwarn-agg top -g -j -f (the sums' first lines) gives top -j's bytes, under ASan+UBSan" bash -c "
	ls $ix/c/$TEST_RUN/seed-*/*-W123.jsonl.zst | sed 's/\.jsonl\.zst\$/.sum.zst/' > $ix/sums.list &&
	awk -F / '{ print \$NF \"\t\" \$0 }' $ix/sums.list | sort -s -k1,1 | cut -f2- > $ix/sums.grouped &&
	awk '\$1 == \"first\"' $ix/sums > $ix/firsts && test -s $ix/firsts &&
	$san top -j -s $ix/boots -T $ix/sums.list > $ix/top-all.json &&
	$san top -g -j -s $ix/boots -f $ix/firsts -T $ix/sums.grouped | cmp - $ix/top-all.json"
printf 'first\t1\t2\nfrist\t2\t1\n' > "$ix/bad-firsts"
ok "index: kwarn-agg top -f with a line that is not 'first SEED N': bad input, file and line named" bash -c "
	$san top -f $ix/bad-firsts -T $ix/sums.list > $ix/bad-firsts.out 2> $ix/bad-firsts.err; test \$? = 1 &&
	test ! -s $ix/bad-firsts.out && grep -qxF 'kwarn-agg: $ix/bad-firsts:2: not a line \"first SEED N\"' $ix/bad-firsts.err"
ok "index: it gives back each build's summary byte for byte (kwarn-index under ASan+UBSan)" bash -c "
	for c in $ix/c/$TEST_RUN/seed-*/*-W123.jsonl.zst; do
		seed=\${c%/*}; seed=\${seed##*-}; echo \$seed > $ix/seed
		cmp <($sani summaries -S $ix/seed $idx $TEST_RUN \$(basename \$c)) <(zstd -dcq \${c%.jsonl.zst}.sum.zst) || exit 1
	done"
content > "$ix/updated"
make -C "$TOP" -s index CORPUS="$ix/c" > /dev/null 2>&1
content > "$ix/remade"
expect_eq "index: make index makes it again with the content the updates gave it" "$ix/updated" "$ix/remade"
ok "index: nothing changed: an update reads no file (a stat each), in under 0.2 s" bash -c "
	s=\$(date +%s%N); $TOP/.build/bin/kwarn-index update -s /nonexistent $idx $ix/c && test \$(( (\$(date +%s%N) - s) / 1000000 )) -lt 200"
# an update that fails half way (a build dropped, then a bad boot file)
# leaves the index as it was
mv "$ix/c/$TEST_RUN/seed-2/clang-14-W123.jsonl.zst" "$ix/clang-14-seed-2.jsonl.zst"
echo '{"type":"nope"}' | zstd -q -o "$ix/c/$TEST_RUN/seed-3/$TEST_TC-branches.jsonl.zst"
ok "index: a failed update (a bad boot record after a build dropped) leaves it as it was, and says which file" bash -c "
	! make -C $TOP -s top W=123 $TEST_RUN_VARS CORPUS=$ix/c > $ix/bad.out 2>&1 &&
	grep -q 'kwarn-index: $ix/c/$TEST_RUN/seed-3/$TEST_TC-branches.jsonl.zst:1: not a boot record' $ix/bad.out &&
	content | cmp - $ix/remade"
rm "$ix/c/$TEST_RUN/seed-3/$TEST_TC-branches.jsonl.zst"
mv "$ix/clang-14-seed-2.jsonl.zst" "$ix/c/$TEST_RUN/seed-2/clang-14-W123.jsonl.zst"
ok "index: two writers at once (make index twice) wait for each other: both done, the same content" bash -c "
	make -C $TOP -s index CORPUS=$ix/c > $ix/w1 2>&1 & make -C $TOP -s index CORPUS=$ix/c > $ix/w2 2>&1; s=\$?
	wait \$! && test \$s = 0 && content | cmp - $ix/remade"

# doc/index.md's questions, run as the documentation gives them, against jq
# over the records. A second RUN for the question across trees: seed 1
# without its -Wshadow warnings.
awk '/^```sql$/ { n++; f = 1; next } /^```$/ { f = 0 } f { print > (d "/q" n ".sql") }' d="$ix" "$TOP/doc/index.md"
less=linux-source-6.1/p0-less
mkdir -p "$ix/c/$less/seed-1"
zstd -dcq "$ix/c/$TEST_RUN/seed-1/gcc-12-W123.jsonl.zst" | jq -s -c '[.[0]] + (.[1:] | map(select(.flag != "-Wshadow")))
	| (.[1:] | map(.count) | add) as $i | (.[1:] | length) as $u | (.[0] |= (.instances = $i | .unique = $u)) | .[]' |
	zstd -q -o "$ix/c/$less/seed-1/gcc-12-W123.jsonl.zst"
make -C "$TOP" -s index CORPUS="$ix/c" > /dev/null 2>&1
key=$(zstd -dcq "$ix/c/$TEST_RUN/seed-2/clang-14-W123.jsonl.zst" | sed -n 2p | jq -r .key)
q() {	# q N PARAM=VALUE...: question N's rows, tab-separated
	local n=$1 a=()
	shift
	for p; do a+=(".param set :${p%%=*} '${p#*=}'"); done
	sqlite3 -readonly -tabs "$idx" "${a[@]}" "$(cat "$ix/q$n.sql")"
}
recs() { zstd -dcq "$ix/c/$TEST_RUN"/seed-*/*-W123.jsonl.zst | jq -c 'select(.type == "diag")'; }
ok "index: kwarn-index files -k (repro's lookup, why's hint): the files that print a key, as grep finds them" bash -c "
	for f in $ix/c/$TEST_RUN/seed-*/*.jsonl.zst; do zstd -dcq \$f | grep -F '\"key\":\"$key\"' > /dev/null && echo \${f#$ix/c/}; done > $ix/want-files
	$sani files -k ${key:0:9} $idx '$TEST_RUN' '*' | cmp - $ix/want-files && test -s $ix/want-files"
q 1 key="$key" run="$TEST_RUN" > "$ix/got1"
recs | jq -r --arg k "$key" 'select(.key == $k) | .seed' | sort -nu > "$ix/want1"
expect_eq "doc/index.md: which seeds print key K (a key of seed 2's clang-14 build)" "$ix/want1" "$ix/got1"
q 2 run="$TEST_RUN" w=123 a=gcc-12 b=clang-14 > "$ix/got2"
make -C "$TOP" -s compare A=gcc-12 B=clang-14 SEEDS="2 3" W=123 FORMAT=json $TEST_RUN_VARS CORPUS="$ix/c" |
	jq -r -L "$TOP/mk" 'include "corpus-lib"; .new[] | [.seed, .path, .line, (.flag | flag_name)] | @tsv' | sort > "$ix/want2"
ok "doc/index.md: what clang-14 prints and gcc-12 never does on the same seed is make compare's new sites" bash -c "
	test -s $ix/want2 && sort $ix/got2 | cmp - $ix/want2"
ok "  its flag names are corpus-lib.jq's flag_names" bash -c "
	grep -o \"^    ('[^']*', '[^']*')\" $ix/q2.sql | sed \"s/^    ('\\(.*\\)', '\\(.*\\)')\$/\\1\t\\2/\" > $ix/names.sql-rows &&
	cmp $ix/names.sql-rows $names"
q 3 tc=gcc-12 w=123 run_a="$less" run_b="$TEST_RUN" > "$ix/got3"
zstd -dcq "$ix/c/$TEST_RUN/seed-1/gcc-12-W123.jsonl.zst" | jq -r -s 'map(select(.kind == "warning" and .flag == "-Wshadow")
	| .count) | "-Wshadow\t0\t\(add)"' > "$ix/want3"
expect_eq "doc/index.md: the flags whose count grew between two RUNs (-Wshadow, taken out of one)" "$ix/want3" "$ix/got3"
q 4 run="$TEST_RUN" tc=gcc-12 w=123 > "$ix/got4"
recs | jq -r -s 'map(select(.toolchain == "gcc-12" and .kind == "warning")) | group_by(.flag)[]
	| group_by(.path) | map({flag: .[0].flag, path: .[0].path, n: (map(.count) | add)}) | sort_by(-.n, .path)[:3][]
	| [.flag, .path, .n] | @tsv' > "$ix/want4"
expect_eq "doc/index.md: the three files with the most instances of each flag, as jq counts them" "$ix/want4" "$ix/got4"
q 5 run="$TEST_RUN" > "$ix/got5"
zstd -dcq "$ix/c/$TEST_RUN"/seed-*/*-W123.jsonl.zst | jq -r 'select(.type == "build" and .status != "ok")
	| [.seed, .toolchain, .w, .status, .make_exit, "", "", ""] | @tsv' > "$ix/want5"
expect_eq "doc/index.md: the builds that failed, and why (seed 2's gcc-12, relabeled failed: no root cause)" "$ix/want5" "$ix/got5"
q 6 run="$TEST_RUN" w=123 path=kernel/ > "$ix/got6"
recs | jq -r -s 'map(select(.kind == "warning" and (.path | startswith("kernel/")))) | group_by([.path, .line, .flag, .level])
	| map({p: .[0].path, l: .[0].line, f: .[0].flag, v: .[0].level, s: (map(.seed) | unique | length),
		t: (map(.toolchain) | unique | join(","))})
	| sort_by(-.s, .p, .l, .f)[] | [.p, .l, .f, .v, .s, .t] | @tsv' > "$ix/want6"
ok "doc/index.md: the warnings under kernel/, one row per site, with its seeds and toolchains, as jq groups them" bash -c "
	test -s $ix/want6 && awk -F '\t' -v OFS='\t' '{ n = split(\$6, t, \",\"); for (i = 2; i <= n; i++) for (j = i; j > 1 && t[j - 1] > t[j]; j--) { x = t[j]; t[j] = t[j - 1]; t[j - 1] = x }
		\$6 = t[1]; for (i = 2; i <= n; i++) \$6 = \$6 \",\" t[i]; print }' $ix/got6 | diff $ix/want6 -"
obj=$(zstd -dcq "$ix/c/$TEST_RUN/seed-1/gcc-12-W123.jsonl.zst" | jq -r -s '(.[1:] | map(.path)) as $p
	| .[0].objects_built[] | select(startswith("kernel/") and (sub("\\.o$"; ".c") as $c | $p | index([$c]) | not))' | head -n1)
q 7 run="$TEST_RUN" tc=gcc-12 obj="$obj" > "$ix/got7"
for f in "$ix/c/$TEST_RUN"/seed-*/gcc-12-W123.jsonl.zst; do zstd -dcq "$f" | jq -r -s --arg o "$obj" '(.[0].objects_built // []) as $b
	| select(any($b[]; . == $o) and (.[1:] | all(.path != ($o | sub("\\.o$"; ".c"))))) | .[0].seed'; done | sort -n > "$ix/want7"
ok "doc/index.md: the seeds whose build compiled $obj without a warning in its file (the objects table), as jq finds them" bash -c "
	test -s $ix/want7 && diff $ix/want7 $ix/got7"
