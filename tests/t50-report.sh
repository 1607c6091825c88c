#!/bin/bash
# make report on the shared test corpus, rendered in headless Chromium: the
# charts and their bars counted in the rendered DOM against numbers computed
# here from the corpus with jq, no console error, nothing fetched, a
# screenshot whose pixels vary, every make repro command naming a warning of
# the corpus; the same corpus gives the same bytes; a boot profile's section
# and "no boot profile" without one.
. "$(dirname "$0")/lib.sh"
plan 29
need corpus gcc-12 123
need corpus clang-14 123
corpus=$TESTDIR/corpus/$TEST_RUN
r=$TESTDIR/report
page=$corpus/report.html
render=/usr/bin/python3
rm -rf "$r"
mkdir -p "$r"

ok "make report writes the page and prints its path" bash -c "
	make -C $TOP -s O=$O CORPUS=$TESTDIR/corpus $TEST_RUN_VARS report > $r/make.out && test -s $page &&
	grep -qx '  REPORT   $page' $r/make.out"
ok "make report-render renders it in headless Chromium" \
	make -C "$TOP" -s O="$O" CORPUS="$TESTDIR/corpus" $TEST_RUN_VARS RENDER_OUT="$r/render" report-render
facts=$r/render/facts.json

# --- what the charts must show, counted here from the corpus ---------------
# the W=123 corpora (not the profiling builds'), toolchain order as the
# report's: the reference gcc-12 first, then the others sorted
zstd -dcq "$corpus"/seed-*/*-W123.jsonl.zst | jq -c 'select(.type == "diag" and .kind == "warning")
	| {toolchain, seed, key, count, level: (.level // 3), flag: (if .flag == "" then .tool else .flag end)}' \
	> "$r/diags.jsonl"
jq -r -s 'map(.toolchain) | unique | (map(select(. == "gcc-12")) + map(select(. != "gcc-12")))[]' \
	"$r/diags.jsonl" > "$r/tcs"
jq -r -s --rawfile tcs "$r/tcs" '($tcs | split("\n") | map(select(length > 0))) as $tcs
	| . as $d | [1, 2, 3] as $L
	| "chart-top-offender \(3 + ([$L[] as $l | $tcs[] as $t | select(any($d[]; .toolchain == $t and .level <= $l))] | length))",
	  ($L[] as $l | "chart-flags-W\(["1", "12", "123"][$l - 1]) \($d | map(select(.level <= $l)) | group_by(.flag)
		| map({f: .[0].flag, n: (map(.count) | add), t: (map(.toolchain) | unique | length)})
		| sort_by(-.n, .f) | .[:10] | map(.t) | add // 0)"),
	  "chart-toolchains \([$L[] as $l | $tcs[] as $t | select(any($d[]; .toolchain == $t and .level <= $l)) | 2] | add // 0)",
	  # the campaign: the discovery curve, a point per seed (one seed: none)
	  (map(.seed) | unique | length | select(. > 1) | "chart-campaign-keys \(.)")' \
	"$r/diags.jsonl" > "$r/expect.bars"
# its values: per seed in seed order, the distinct keys of the seeds up to it
jq -r -s '(group_by(.key) | map(map(.seed) | min)) as $first
	| foreach (map(.seed) | unique)[] as $s (0; . + ($first | map(select(. == $s)) | length))' \
	"$r/diags.jsonl" > "$r/expect.curve"
# each pair of toolchains, as make compare sees it
mapfile -t tcs < "$r/tcs"
for ((i = 0; i < ${#tcs[@]}; i++)); do for ((j = i + 1; j < ${#tcs[@]}; j++)); do
	a=${tcs[i]} b=${tcs[j]}
	tmake -s compare A="$a" B="$b" W=123 FORMAT=json > "$r/cmp-$a-$b.json" 2> /dev/null || true
	jq -r --arg id "chart-compare-$a-$b" '"\($id) \(.flags | map(select(.new + .gone > 0))[:15]
		| map((if .new > 0 then 1 else 0 end) + (if .gone > 0 then 1 else 0 end)) | add // 0)"' \
		"$r/cmp-$a-$b.json" >> "$r/expect.bars"
done; done
# each boot profile: sites by outcome
branch_files=$(ls "$corpus"/seed-*/*-branches.jsonl.zst 2>/dev/null || true)
[ -z "$branch_files" ] || plan 30	# their summary's test too
bars_by_outcome='[.[] | select(.type == "branch")] as $r | (.[0] | "chart-branches-seed\(.seed)-\(.toolchain)") as $id
	| ($r | map(select(.kind == "all"))) as $b | ($r | map(select(.kind == "annotated"))) as $a
	| [($b | map(select(.hit > 0 and .miss > 0))), ($b | map(select(.hit > 0 and .miss == 0))),
	   ($b | map(select(.hit == 0 and .miss > 0))), ($b | map(select(.hit + .miss == 0))),
	   ($a | map(select(.correct + .incorrect > 0 and .incorrect <= .correct))),
	   ($a | map(select(.incorrect > .correct)))] | map(length) as $n
	| select(($r | length) > 0) | "\($id) \($n | map(select(. > 0)) | length)"'
for f in $branch_files; do
	zstd -dcq "$f" | jq -r -s "$bars_by_outcome" >> "$r/expect.bars"
done
sort "$r/expect.bars" > "$r/expect"
jq -r '.charts[] | "\(.id) \(.bars + .points)"' "$facts" 2>/dev/null | sort > "$r/got"
expect_eq "the rendered DOM has the charts, with as many bars (and curve points) as the corpus says" "$r/expect" "$r/got"

# the talk's picture: the top offender's instances per level, then the talk's
jq -r -s --rawfile tcs "$r/tcs" '($tcs | split("\n") | map(select(length > 0))) as $tcs | . as $d
	| [1, 2, 3][] as $l | ($tcs[] as $t | $d | map(select(.toolchain == $t and .level <= $l))
		| group_by(.flag) | map(map(.count) | add) | max // empty), [631, 94235, 782719][$l - 1]' \
	"$r/diags.jsonl" > "$r/expect.top"
jq -r '.charts[] | select(.id == "chart-top-offender") | .values[]' "$facts" > "$r/got.top" 2>/dev/null
expect_eq "the top-offender chart's bars are the top flag's instances per W level" "$r/expect.top" "$r/got.top"
jq -r '.charts[] | select(.id == "chart-campaign-keys") | .values[]' "$facts" > "$r/got.curve" 2>/dev/null
if [ "$(wc -l < "$r/expect.curve")" -gt 1 ]; then
	expect_eq "the discovery curve's points are the distinct keys after each seed" "$r/expect.curve" "$r/got.curve"
else
	ok "one seed: no discovery curve, and the page says why" bash -c "
		test ! -s $r/got.curve && grep -q '<p>One seed: the discovery curve and the flags by seeds need more' $page"
fi
ok "every bar chart is drawn on a log scale, the curve on a linear one, each with a title, at a readable size" \
	jq -e '.charts | length > 0 and all(.scale == (if .id == "chart-campaign-keys" then "linear" else "log" end)
		and (.title | length) > 0 and .width >= 600 and .height >= 100)' "$facts"
ok "the page logged no console error" jq -e '[.console[] | select(.level == "error")] == []' "$facts"
ok "the page fetched nothing (no request but the page itself)" jq -e '.requests == []' "$facts"
ok "the screenshot is not blank: its pixels vary" \
	jq -e '.screenshot | .height > 1000 and .colors > 16 and .stddev > 10' "$facts"
jq -r '.screenshot | "# screenshot \(.width)x\(.height): \(.colors) colours, samples mean \(.mean), stddev \(.stddev)"' "$facts" 2>/dev/null

# the checks can fail: a page that logs errors and fetches, a blank page
cat > "$r/bad.html" <<'EOF'
<!DOCTYPE html><html><head><meta charset="utf-8"><title>bad</title></head>
<body><img src="http://192.0.2.1/x.png" alt=""><script>console.error("kwarn-test"); undefined_fn();</script></body></html>
EOF
printf '<!DOCTYPE html><html><head><meta charset="utf-8"><title>blank</title></head><body></body></html>\n' > "$r/blank.html"
ok "the checks see console errors and requests when a page has them" bash -c "
	$render $TOP/report/render.py $r/bad.html $r/bad && jq -e '
		([.console[] | select(.level == \"error\")] | length) >= 2 and
		any(.console[]; .text | contains(\"kwarn-test\")) and
		any(.requests[]; startswith(\"http://192.0.2.1/\"))' $r/bad/facts.json"
ok "the checks see a blank screenshot as blank" bash -c "
	$render $TOP/report/render.py $r/blank.html $r/blank && jq -e '.screenshot.stddev == 0' $r/blank/facts.json"

# --- the page itself ----------------------------------------------------------
seeds=$(jq -s 'map(.seed) | unique | length' "$r/diags.jsonl")
keys=$(jq -s 'map(.key) | unique | length' "$r/diags.jsonl")
ok "the campaign section: the seeds built and the distinct keys, as jq counts them in the corpus" bash -c "
	tr -d , < $page | grep -q '<p>$seeds seed(s) built at W=123 (.*)\. $keys distinct warning keys\.</p>'"

grep -o 'make repro ID=[0-9a-f]* SEED=[0-9]* TOOLCHAIN=[A-Za-z0-9._-]*' "$r/render/dom.html" 2>/dev/null |
	sort -u > "$r/repro"
ok "warnings are listed with make repro commands" test "$(wc -l < "$r/repro")" -gt 10
ok "every make repro command names a warning of that seed and toolchain's corpus" bash -c "
	sed 's/make repro ID=\([0-9a-f]*\) SEED=\([0-9]*\) TOOLCHAIN=\(.*\)/\2 \3 \1/' $r/repro | sort -u > $r/repro.want &&
	jq -r '\"\(.seed) \(.toolchain) \(.key)\"' $r/diags.jsonl | sort -u > $r/keys &&
	test -s $r/repro.want && test -z \"\$(comm -23 $r/repro.want $r/keys)\""
ok "every id in the rendered DOM is unique" bash -c "
	grep -o ' id=\"[^\"]*\"' $r/render/dom.html > $r/ids && test -s $r/ids && test -z \"\$(sort $r/ids | uniq -d)\""
ok "no script and no reference outside the page" bash -c "
	! grep -qi '<script' $page && ! grep -Eqi '(src|href)=\"[a-z]+:' $page &&
	! grep -q '$TESTDIR' $page"
if [ -n "$branch_files" ]; then
	ok "the corpus has boot profiles: the page has their sections" \
		grep -q 'id="branches-seed' "$page"
	make -C "$TOP" -s O="$O" CORPUS="$TESTDIR/corpus" $TEST_RUN_VARS branches 2> /dev/null | sed -n -e 's/^always taken: \([0-9]*\) sites.*/always \1/p' \
		-e 's/^never taken: \([0-9]*\) sites.*/never \1/p' \
		-e 's/^likely\/unlikely wrong more often than right: \([0-9]*\) of \([0-9]*\).*/wrong \1 \2/p' \
		-e 's/^warnings in code the boot ran: \([0-9]*\) of \([0-9]*\).*/hot \1 \2/p' > "$r/branches.want"
	tr -d , < "$page" | sed -n -e 's/.*Always taken: \([0-9]*\) sites.*/always \1/p' \
		-e 's/.*Never taken: \([0-9]*\) sites.*/never \1/p' \
		-e 's/.*wrong more often than right: \([0-9]*\) of \([0-9]*\);.*/wrong \1 \2/p' \
		-e 's/.*Warnings in code the boot ran: \([0-9]*\) of \([0-9]*\);.*/hot \1 \2/p' > "$r/branches.got"
	expect_eq "the branch profile summary agrees with make branches" "$r/branches.want" "$r/branches.got"
else
	ok "no boot profile in the corpus: the page says so" grep -q 'id="no-boot-profile"' "$page"
fi

# --- same corpus, same bytes ----------------------------------------------------
ok "make report again: the same bytes" bash -c "
	cp $page $r/first.html && make -C $TOP -s O=$O CORPUS=$TESTDIR/corpus $TEST_RUN_VARS report > /dev/null &&
	cmp $r/first.html $page"
mkdir -p "$r/elsewhere/$TEST_RUN"
cp -r "$corpus"/seed-* "$r/elsewhere/$TEST_RUN/"
ok "the same bytes from a copy elsewhere, another TZ, LANG and directory, kwarn-svg under ASan+UBSan" bash -c "
	cd / && TZ=Asia/Tokyo LANG=de_DE.UTF-8 LC_ALL= make -C $TOP -s O=$O CORPUS=$r/elsewhere $TEST_RUN_VARS \
		KWARN_SVG=$TOP/.build/san/kwarn-svg report > /dev/null &&
	cmp $r/first.html $r/elsewhere/$TEST_RUN/report.html"

# --- a boot profile, and none -----------------------------------------------------
# one W=123 corpus and a small branch profile made here: 1 if taken both
# ways, 3 always taken, 2 never taken, 4 never reached; 1 annotation right, 2 wrong
mkdir -p "$r/boot/$TEST_RUN/seed-1" "$r/plain/$TEST_RUN/seed-1"
w123=$(ls "$corpus"/seed-1/gcc-12-W123.jsonl.zst)
cp "$w123" "$r/boot/$TEST_RUN/seed-1/"
cp "$w123" "$r/plain/$TEST_RUN/seed-1/"
{
	echo '{"type":"boot","schema":1,"seed":1,"toolchain":"gcc-12","status":"ok","seconds":9.5,"qemu_exit":0,"full":true,"count_ok":true,"section":{"entries":10},"records":10,"annotated_records":3,"findings":[]}'
	i=0
	for hm in "5 5" "100 0" "50 0" "7 0" "0 40" "0 9" "0 0" "0 0" "0 0" "0 0"; do
		set -- $hm; i=$((i + 1))
		echo "{\"type\":\"branch\",\"seed\":1,\"toolchain\":\"gcc-12\",\"kind\":\"all\",\"file\":\"kernel/f$i.c\",\"line\":$i,\"function\":\"fn_$i\",\"full\":true,\"miss\":$2,\"hit\":$1,\"percent\":null}"
	done
	for ci in "10 2" "1 9" "0 3"; do
		set -- $ci; i=$((i + 1))
		echo "{\"type\":\"branch\",\"seed\":1,\"toolchain\":\"gcc-12\",\"kind\":\"annotated\",\"file\":\"kernel/a$i.c\",\"line\":$i,\"function\":\"an_$i\",\"full\":true,\"correct\":$1,\"incorrect\":$2,\"constant\":0,\"percent\":$(($2 * 100 / ($1 + $2)))}"
	done
} | zstd -q -19 -o "$r/boot/$TEST_RUN/seed-1/gcc-12-branches.jsonl.zst"
ok "a boot profile: its section, chart and lists in the rendered page" bash -c "
	make -C $TOP -s O=$O CORPUS=$r/boot $TEST_RUN_VARS report > /dev/null &&
	$render $TOP/report/render.py $r/boot/$TEST_RUN/report.html $r/boot-render &&
	jq -e '[.charts[] | select(.id == \"chart-branches-seed1-gcc-12\") | .values] == [[1, 3, 2, 4, 1, 2]]
		and [.console[] | select(.level == \"error\")] == []' $r/boot-render/facts.json &&
	grep -q 'id=\"branches-seed1-gcc-12\"' $r/boot/$TEST_RUN/report.html &&
	! grep -q 'no-boot-profile' $r/boot/$TEST_RUN/report.html &&
	grep -A6 'Always taken: 3 sites' $r/boot/$TEST_RUN/report.html | grep -q 'fn_2' &&
	grep -A6 'Never taken: 2 sites' $r/boot/$TEST_RUN/report.html | grep -q 'fn_5' &&
	grep -A6 'wrong more often than right: 2 of 3' $r/boot/$TEST_RUN/report.html | grep -q 'an_12'"
ok "no boot profile: the page says so" bash -c "
	make -C $TOP -s O=$O CORPUS=$r/plain $TEST_RUN_VARS report > /dev/null &&
	grep -q 'id=\"no-boot-profile\"' $r/plain/$TEST_RUN/report.html && ! grep -q 'id=\"branches-seed' $r/plain/$TEST_RUN/report.html"

# --- a campaign -------------------------------------------------------------------
# two seeds relabeled from the test seed: seed 2's clang-14 build relabeled
# failed; seed 1 booted (a boot record, status ok), seed 2 not. The campaign
# section against jq over the same records.
cg=$r/campaign
for s in 1 2; do
	mkdir -p "$cg/$TEST_RUN/seed-$s"
	for tc in gcc-12 clang-14; do
		zstd -dcq "$corpus/seed-$TEST_SEED/$tc-W123.jsonl.zst" | jq -c --argjson s $s --arg tc $tc '.seed = $s
			| if .type == "build" and $s == 2 and $tc == "clang-14" then .status = "failed" | .make_exit = 2 else . end' |
			zstd -q -o "$cg/$TEST_RUN/seed-$s/$tc-W123.jsonl.zst"
	done
done
echo '{"type":"boot","schema":1,"seed":1,"toolchain":"gcc-12","status":"ok","seconds":1,"qemu_exit":0,"full":true,"count_ok":true,"section":{"entries":0},"records":0,"annotated_records":0,"findings":[]}' |
	zstd -q -o "$cg/$TEST_RUN/seed-1/gcc-12-branches.jsonl.zst"
make -C "$TOP" -s O="$O" CORPUS="$cg" $TEST_RUN_VARS report > /dev/null 2>&1
zstd -dcq "$cg/$TEST_RUN"/seed-*/*-W123.jsonl.zst | jq -r -s '(map(select(.type == "build"))) as $b
	| (map(select(.type == "diag" and .kind == "warning")) | map(.key) | unique | length) as $k
	| ($b | map(select(.status != "ok"))) as $bad
	| "<p>\($b | map(.seed) | unique | length) seed(s) built at W=123 (\($b | length) builds); \($bad | map(.seed) | unique | length) with a build whose status is not ok (builds: \($bad | group_by(.status) | map("\(.[0].status) \(length)") | join(", "))); 1 booted, 0 with no boot ok, 1 not booted (no boot record). \($k) distinct warning keys.</p>",
	  ($bad[] | "<tr><td>\(.seed)</td><td>\(.toolchain)</td><td>W=123</td><td><span class=\"st-\(.status)\">\(.status)</span></td><td>\(.make_exit)</td></tr>"),
	  "<tr><td>1</td><td><span class=\"n\">\($k)</span></td><td><span class=\"n\">\($k)</span></td></tr>",
	  "<tr><td>2</td><td><span class=\"n\">0</span></td><td><span class=\"n\">\($k)</span></td></tr>"' > "$r/campaign.want"
sed -n '/<section id="campaign">/,/<\/section>/p' "$cg/$TEST_RUN/report.html" | sed 's/\([0-9]\),\([0-9]\)/\1\2/g' |
	grep -F -x -f "$r/campaign.want" > "$r/campaign.got" || true
expect_eq "a campaign of 2 seeds, one build failed, one seed booted: the page's campaign section, as jq counts the records" \
	"$r/campaign.want" "$r/campaign.got"
# the keys not seen yet: make top's line and the page's row, per toolchain
make -C "$TOP" -s O="$O" CORPUS="$cg" $TEST_RUN_VARS top W=123 2> /dev/null |
	sed -n 's/^  \([^ ]*\) W=123: \([0-9]*\) keys in \([0-9]*\) seeds, \([0-9]*\) printed by one seed, \([0-9]*\) by two: about \([0-9]*\) in all (95%: \([0-9]*\) to \([0-9]*\)), \([0-9]*\) not seen yet$/<tr><td>\1<\/td><td>\2<\/td><td>\3<\/td><td>\4<\/td><td>\5<\/td><td>\6<\/td><td>\7 to \8<\/td><td>\9<\/td><\/tr>/p' > "$r/unseen.want"
sed -n '/id="unseen"/,/<\/table>/p' "$cg/$TEST_RUN/report.html" | grep '^<tr><td>' | sed 's/<span class="n">\([^<]*\)<\/span>/\1/g; s/\([0-9]\),\([0-9]\)/\1\2/g' > "$r/unseen.got"
ok "the page's keys not seen yet, per toolchain, are make top's ($(wc -l < "$r/unseen.want") toolchains)" bash -c "
	test \$(wc -l < $r/unseen.want) = 2 && diff $r/unseen.want $r/unseen.got"

# --- failures ------------------------------------------------------------------
ok "no corpus: make report fails and says what to run" bash -c "
	! make -C $TOP -s O=$O CORPUS=$r/none $TEST_RUN_VARS report > $r/none.out 2>&1 &&
	grep -q 'no corpus in $r/none/$TEST_RUN; run make corpus first' $r/none.out && test ! -e $r/none/$TEST_RUN/report.html"
ok "kwarn-svg: a row with a missing field is bad input: exit 1, file and line named" bash -c "
	printf '\tA\tB\nx\t1\n' > $r/bad.tsv; $TOP/.build/san/kwarn-svg $r/bad.tsv > /dev/null 2> $r/err; test \$? = 1 &&
	grep -qx 'kwarn-svg: $r/bad.tsv:2: 2 fields, line 1 has 3' $r/err"
ok "kwarn-svg: a count that is not a number is bad input" bash -c "
	printf '\tA\nx\t1e3\n' | $TOP/.build/san/kwarn-svg > /dev/null 2> $r/err; test \$? = 1 &&
	grep -qx \"kwarn-svg: <stdin>:2: '1e3' is not a count\" $r/err"

# A level is a filter: make report W=1 over W=123 corpora alone shows their
# W=1 warnings (the top flag's row of each toolchain as make top W=1 prints it)
w1=$r/w1only
rm -rf "$w1" && mkdir -p "$w1/$TEST_RUN/seed-1" && ln "$CDIR"/*-W123.jsonl.zst "$w1/$TEST_RUN/seed-1/"
make -C "$TOP" -s top $TEST_RUN_VARS W=1 CORPUS="$w1" O="$O" 2> /dev/null |
	awk '/^== / { tc = $2; sub(":", "", tc); getline; getline; getline; print "<tr><td>W=1</td><td>" tc "</td><td><span class=\"flag\">" $3 "</span></td><td>[0-9?]*</td><td><span class=\"n\">" $1 "</span></td><td><span class=\"n\">" $2 "</span></td>" }' > "$r/w1.want"
ok "make report W=1 over W=123 corpora alone: the W=1 tables, each toolchain's top flag as make top W=1 counts it" bash -c "
	make -C $TOP -s report $TEST_RUN_VARS W=1 CORPUS=$w1 O=$O > /dev/null 2>&1 &&
	p=$w1/$TEST_RUN/report.html && ! grep -q 'id=\"no-warnings\"' \$p &&
	grep -q '<h3 id=\"flags-W1\"' \$p && ! grep -q '<h3 id=\"flags-W12\"' \$p &&
	test \$(wc -l < $r/w1.want) = 2 && while read -r l; do grep -q \"\$l\" \$p || exit 1; done < $r/w1.want"
