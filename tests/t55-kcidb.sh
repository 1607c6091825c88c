#!/bin/bash
# make kcidb and make compare FORMAT=mail: the KCIDB document of the test
# seed's corpora against KCIDB's published schema (tests/fixtures/kcidb/),
# and the build bot's report, on the real corpora and on relabeled copies
# with a failed and a timed-out build.
. "$(dirname "$0")/lib.sh"
plan 42
need corpus gcc-12 123
need corpus clang-14 123
t=$TESTDIR/kcidb
rm -rf "$t" && mkdir -p "$t"
validate=$TOP/tests/fixtures/kcidb/validate.py
py=/usr/bin/python3	# Debian's, with Debian's jsonschema

# Scratch corpus: seed 1 the real gcc-12 and clang-14 W=123 corpora;
# seed 2 a copy whose clang-14 build failed (root causes longer than a
# log_excerpt may be); seed 3 a copy whose gcc-12 build timed out
c=$t/corpus/$TEST_RUN
mkdir -p "$c/seed-1" "$c/seed-2" "$c/seed-3"
for tc in gcc-12 clang-14; do
	cp -p "$CDIR/$tc-W123.jsonl.zst" "$CDIR/$tc-W123.run.json" "$CDIR/$tc-W123.sum.zst" "$c/seed-1/"
done
relabel() {	# relabel SEED TC JQ [RUN]: seed 1's TC corpus as SEED (of RUN), cut to
	# 300 records (the build record's counts theirs), through JQ (on the
	# array of records)
	local f=$t/corpus/${4:-$TEST_RUN}/seed-$1/$2-W123.jsonl.zst
	mkdir -p "${f%/*}"
	{ zstd -dcq "$c/seed-1/$2-W123.jsonl.zst" || :; } | head -n 301 | sed "s/\"seed\":1,/\"seed\":$1,/" |
		jq -c -s "(.[1:] | [length, (map(.count) | add)]) as [\$u, \$i]
			| .[0] |= (.unique = \$u | .instances = \$i) | $3 | .[]" | zstd -q -o "$f"
	# its summary, as mk/corpus.sh makes it (what is made here is right)
	"$TOP/mk/summary.sh" -o "${f%.jsonl.zst}.sum.zst" "$f" && touch -r "$f" "${f%.jsonl.zst}.sum.zst"
}
# the failed build: its first record made the error that failed a target
fail_jq='.[0] |= (.status = "failed" | .make_exit = 2 | .failed_targets = ["kernel/fork.o"]
	| .root_causes = [range(0; 400) | {target: "kernel/f\(.).o", key: "0123456789abcdef", tool: "clang",
		path: "kernel/f\(.).c", line: ., symbol: null, message: ("error \(.): " + "x" * 40)}])
	| .[1] |= (.kind = "error" | .root_cause = true | .target = "kernel/fork.o")'
relabel 2 gcc-12 .
relabel 2 clang-14 "$fail_jq"
relabel 3 gcc-12 '.[0] |= (.status = "timeout" | .make_exit = 124)'
relabel 3 clang-14 .
# seed 1's gcc-12 boot: a real boot record of the small test kernel whose
# image had no /init (tests/t40-boot.sh's), a panic and its finding,
# labeled with the test run's tree and probability (t40 gives stand-ins)
jq -c --argjson b "$(zstd -dcq "$c/seed-1/gcc-12-W123.jsonl.zst" | head -n1)" \
	'.tree = $b.tree | .series_sha256 = $b.series_sha256 | .probability = $b.probability' \
	"$TOP/tests/fixtures/kcidb/panic-boot.jsonl" | zstd -q -o "$c/seed-1/gcc-12-branches.jsonl.zst"

kc() { make -C "$TOP" -s kcidb O="$O" CORPUS="$t/corpus" $TEST_RUN_VARS W=123 "$@"; }
export -f kc
export t
ok "make kcidb: the scratch corpus's three seeds x two toolchains" kc ORIGIN=kwarn_test KCIDB_FILE="$t/doc.json"
ok "the same corpora, the same bytes" bash -c "
	make -C $TOP -s kcidb O=$O CORPUS=$t/corpus $TEST_RUN_VARS W=123 ORIGIN=kwarn_test KCIDB_FILE=$t/doc2.json &&
	cmp $t/doc.json $t/doc2.json"
ok "valid against KCIDB's v5.3 schema (Draft7Validator, Debian's python3-jsonschema)" \
	bash -c "$py $validate $t/doc.json | grep -qx '$t/doc.json: valid'"

# what it holds, against the corpora read by jq
d=$t/doc.json
files=$(ls "$c"/seed-*/*-W123.jsonl.zst | sort -V)
ok "a build per corpus file and one for the boot, a checkout for the tree, every id kwarn_test:" jq -e --argjson n "$(echo "$files" | wc -l)" '
	([.builds[] | select(.misc.variant != "profile")] | length) == $n and
	([.builds[] | select(.misc.variant == "profile")] | length) == 1 and (.checkouts | length) == 1
	and ([.checkouts[], .builds[], .issues[], .incidents[] | .id, .origin]
	     | all(startswith("kwarn_test:") or . == "kwarn_test"))
	and all(.builds[]; .checkout_id == .origin + ":" + (.checkout_id | split(":")[1]) and .architecture == "arm")' "$d"
# the issues by the site rule across compilers: a warning that the first
# toolchain by name (clang-14) prints at its site (seed, path, line and
# flag's name) is that warning's issue (as make compare pairs them)
zstd -dcq $files | jq -r -L "$TOP/mk" 'include "corpus-lib"; select(.type == "diag" and (.kind == "warning" or .kind == "error"))
	| [.seed, .path, .line, (.flag | flag_name), .toolchain, .key, .kind] | @tsv' |
	LC_ALL=C sort -t $'\t' -k1,1n -k2,2 -k3,3n -k4,4 -k5,5 |
	awk -F '\t' '$7 == "warning" { site = $1 FS $2 FS $3 FS $4; if (site != last) { last = site; tc = $5; iss = $6 }
		else if ($5 != tc && $6 != iss) print $6 "\t" iss }' | LC_ALL=C sort -s -u -t $'\t' -k1,1 > "$t/alias"
zstd -dcq $files | jq -r 'select(.type == "diag" and (.kind == "warning" or .kind == "error"))
	| "\(.seed) \(.toolchain) \(.key)"' |
	awk -v alias="$t/alias" 'BEGIN { while ((getline l < alias) > 0) { split(l, p, "\t"); a[p[1]] = p[2] } }
		{ k = ($3 in a) ? a[$3] : $3; print $1, $2, k }' | sort -u > "$t/want-incidents"
jq -r '.builds as $b | (reduce $b[] as $x ({}; .[$x.id] = "\($x.misc.seed) \($x.misc.toolchain)")) as $bid
	| .incidents[] | select(has("test_id") | not) | "\($bid[.build_id]) \(.issue_id | split(":")[1])"' "$d" | sort > "$t/got-incidents"
expect_eq "an incident per build and issue of a warning or an error, each of a build of the document" \
	"$t/want-incidents" "$t/got-incidents"
cut -d' ' -f3 "$t/want-incidents" | sort -u > "$t/want-issues"
jq -r '.issues[] | select(.misc.tool != "boot") | .id | split(":")[1]' "$d" > "$t/got-issues"
expect_eq "an issue per key, a site both compilers print one issue, sorted, each once" "$t/want-issues" "$t/got-issues"
ok "  gcc-12's -Woverride-init and clang-14's -Winitializer-overrides at one site: one issue, an incident of each build" jq -e '
	[.issues[] | select(.misc.flag == "-Winitializer-overrides" or .misc.flag == "-Woverride-init")] as $i
	| ($i | length) > 0 and all($i[]; .misc.flag == "-Winitializer-overrides")
	and ([.incidents[] | select(.issue_id == $i[0].id) | .build_id | split(".")[-1]] | sort) == ["clang-14-W123", "gcc-12-W123"]' "$d"
ok "each incident's issue is in the document, and each build's checkout" jq -e '
	([.issues[].id] | map({(.): true}) | add) as $i | ([.checkouts[].id] | map({(.): true}) | add) as $c
	| all(.incidents[]; $i[.issue_id] and .issue_version == 1) and all(.builds[]; $c[.checkout_id])' "$d"
ok "an issue says what it is: path, line, flag and message of the corpus record" bash -c "
	k=\$(jq -r '.issues[] | select(.misc.flag == \"-Wmissing-prototypes\") | .misc.key' $d | head -n1) &&
	r=\$(zstd -dcq $c/seed-1/gcc-12-W123.jsonl.zst $c/seed-1/clang-14-W123.jsonl.zst | jq -c --arg k \"\$k\" 'select(.key == \$k)' | head -n1) &&
	jq -e --arg k \"\$k\" --argjson r \"\$r\" '.issues[] | select(.misc.key == \$k)
		| .misc.path == \$r.path and .misc.flag == \$r.flag and .misc.message == \$r.message and .comment == \$r.text
		and .report_subject == \"\(\$r.path):\(\$r.line): \(\$r.message) [\(\$r.flag)]\"' $d"
ok "status: ok PASS, failed FAIL, timeout ERROR; compiler from the packages; duration from .run.json" jq -e \
	--argjson s "$(jq .build_seconds "$c/seed-1/gcc-12-W123.run.json")" '
	[.builds[] | select(.misc.variant != "profile") | "\(.misc.seed) \(.misc.toolchain) \(.status)"] ==
	["1 clang-14 PASS", "1 gcc-12 PASS", "2 clang-14 FAIL", "2 gcc-12 PASS", "3 clang-14 PASS", "3 gcc-12 ERROR"]
	and (.builds[] | select(.misc.seed == 1 and .misc.toolchain == "gcc-12" and .misc.variant != "profile")
		| .duration == $s and (.compiler | test("^.*gcc-12-arm-linux-gnueabi 12[^,]*")) and
		  (.config_name | test("seed 1 P=0 small fragment [0-9a-f]{12}$")) and
		  .command == "make corpus-one SEED=1 TOOLCHAIN=gcc-12 W=123 P=0 CONFIG=small")
	and ([.builds[] | select(.misc.seed != 1) | has("duration")] | all(not))' "$d"
ok "a failed build's log_excerpt: its root causes, cut at the schema's 16,384 characters" jq -e '
	.builds[] | select(.status == "FAIL") | .log_excerpt | length == 16384
	and startswith("kernel/f0.o: kernel/f0.c:0: [clang] error 0: xxx")' "$d"
ok "misc: the counts of the build record and the records" jq -e --argjson u "$(zstd -dcq "$c/seed-1/gcc-12-W123.jsonl.zst" | head -n1 | jq .unique)" '
	.builds[] | select(.misc.seed == 1 and .misc.toolchain == "gcc-12" and .misc.variant != "profile") | .misc.unique == $u and .misc.warnings > 0 and .misc.errors == 0'

ok "the boot a test of its image's build: the panic FAIL, its finding an incident of the test and an issue" jq -e '
	(.builds[] | select(.misc.variant == "profile")) as $b | .tests as [$t]
	| (.incidents[] | select(.test_id == $t.id)) as $i | (.issues[] | select(.id == $i.issue_id)) as $is
	| $t.build_id == $b.id and $t.path == "boot" and $t.status == "FAIL" and $t.misc.kwarn_status == "panic"
	  and $i.build_id == $b.id and ($is.comment | startswith("Kernel panic - not syncing: No working init found"))
	  and ($i.issue_id | test("^kwarn_test:boot-[0-9a-f]{16}$"))' "$d"

# A level is a filter: by default the warnings of W=1 alone, from the W=123
# corpora, said in one line; the default file's name has no ^
ok "make kcidb: W=1 by default, said on stderr" bash -c "
	make -C $TOP -s kcidb O=$O CORPUS=$t/corpus $TEST_RUN_VARS ORIGIN=kwarn_test SEEDS=1 > $t/w1.out 2> $t/w1.err &&
	grep -qx 'kwarn: kcidb: the warnings of W=1 (levels 0 and 1) alone; W=12 or W=123 shows more' $t/w1.err &&
	test -f $O/kcidb/$TEST_RUN.json && grep -q 'KCIDB    $O/kcidb/$TEST_RUN.json: ' $t/w1.out"
zstd -dcq "$c/seed-1/gcc-12-W123.jsonl.zst" "$c/seed-1/clang-14-W123.jsonl.zst" |
	jq -r 'select(.type == "diag" and (.kind == "error" or (.level // 3) <= 1)) | "\(.toolchain) \(.key)"' |
	awk -v alias="$t/alias" 'BEGIN { while ((getline l < alias) > 0) { split(l, p, "\t"); a[p[1]] = p[2] } }
		{ k = ($2 in a) ? a[$2] : $2; print $1, k }' | sort -u > "$t/want-w1"
jq -r '.builds as $b | (reduce $b[] as $x ({}; .[$x.id] = $x.misc.toolchain)) as $bid
	| .incidents[] | select(has("test_id") | not) | "\($bid[.build_id]) \(.issue_id | split(":")[1])"' "$O/kcidb/$TEST_RUN.json" |
	sort > "$t/got-w1"
expect_eq "  an incident per build and issue of level 0 or 1 (or an error), as the records say" "$t/want-w1" "$t/got-w1"
ok "  the builds say the levels shown" jq -e '[.builds[] | select(.misc.variant != "profile") | .misc.levels_shown] == ["1", "1"]' \
	"$O/kcidb/$TEST_RUN.json"

# The schema refuses what it must (so the validation above means
# something): each change of a cut copy of the document, in one run
jq -c '.incidents |= .[:20] | .issues |= .[:20]' "$d" > "$t/small.json"
bad=()
bad() {	# bad WHAT KEYWORD JQ: the document through JQ is refused, by KEYWORD
	jq "$3" "$t/small.json" > "$t/bad-$2.json"
	bad+=("$1:$2")
}
bad "an unknown property" additionalProperties '.builds[0].kwarn = 1'
bad "a status outside the schema's" enum '.builds[0].status = "OK"'
bad "an id without its origin: prefix" pattern '.issues[0].id |= sub("^kwarn_test:"; "")'
bad "a wrong minor version" maximum '.version.minor = 4'
bad "a log_excerpt over 16,384 characters" maxLength '.builds[0].log_excerpt = ("x" * 16385)'
bad "a missing required field" required 'del(.incidents[0].issue_id)'
(cd "$t" && $py "$validate" small.json bad-*.json > validate.out)
ok "the cut copy is valid" grep -qx 'small.json: valid' "$t/validate.out"
for b in "${bad[@]}"; do
	ok "the schema refuses ${b%:*} (${b##*:})" grep -q "^bad-${b##*:}.json: refused: ${b##*:} at " "$t/validate.out"
done

# date-times: Debian 12's jsonschema checks none, so here: each value of a
# property the schema says is a date-time is RFC 3339 (kwarn writes none:
# its bytes do not depend on the clock), and the check refuses a bad one
cat > "$t/datetimes.jq" <<'EOF'
$doc[0] as $doc
| ($schema[0]["$defs"] | with_entries(.value |= [.properties // {} | to_entries[]
	| select(.value.format == "date-time") | .key])) as $dt
| [({checkouts: "checkout", builds: "build", tests: "test", issues: "issue", incidents: "incident"}
	| to_entries[]) as $s | $dt[$s.value][] as $f | $doc[$s.key][]? | .[$f] // empty
	| select(test("^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$") | not)]
| length == 0
EOF
dt() { jq -n -e --slurpfile schema "$TOP/tests/fixtures/kcidb/kcidb-io.schema.v5.3.json" --slurpfile doc "$1" -f "$t/datetimes.jq" > /dev/null; }
jq -c '.builds[0].start_time = "2024-13-01 10:00" | .checkouts[0].start_time = "2024-12-01T10:00:00Z"' "$t/small.json" > "$t/bad-time.json"
jq -c '.builds[0].start_time = "2024-12-01T10:00:00.5+01:00" | .checkouts[0].start_time = "2024-12-01T10:00:00Z"' "$t/small.json" > "$t/good-time.json"
ok "date-times are RFC 3339 (kwarn's own check: a bad one refused, good ones kept)" bash -c "
	$(declare -f dt); t=$t TOP=$TOP; dt $d && dt $t/good-time.json && ! dt $t/bad-time.json"

# bad input: one line naming the setting or the file, nothing written
ok "ORIGIN outside the schema's characters: refused, naming it" bash -c "
	! kc ORIGIN=Kwarn-1 KCIDB_FILE=$t/x.json > $t/o 2>&1 && grep -q 'ORIGIN must be a KCIDB origin' $t/o && test ! -e $t/x.json"
ok "a seed without corpus: refused, naming its directory, nothing written" bash -c "
	! kc SEEDS='1 7' KCIDB_FILE=$t/x.json > $t/o 2>&1 && grep -q 'seed-7: no corpus of W=123; run make corpus SEEDS=7 WLEVELS=123 first' $t/o && test ! -e $t/x.json"
ok "KCIDB_FILE that is not a regular file: refused" bash -c "
	! kc KCIDB_FILE=/dev/null > $t/o 2>&1 && grep -q 'KCIDB_FILE=/dev/null: not a regular file' $t/o"

# The build bot's report: the test seed, gcc-12 against clang-14
mail() { make -C "$TOP" -s compare O="$O" CORPUS="$t/corpus" $TEST_RUN_VARS A=gcc-12 B=clang-14 W=123 LIST=100000 "$@"; }
export -f mail
mail SEEDS="1 2 3" FORMAT=json > "$t/cmp.json" 2> "$t/cmp.err"
mail SEEDS="1 2 3" FORMAT=mail > "$t/mail" 2> "$t/mail.err"
echo $? > "$t/mail.rc"
ok "FORMAT=mail: exit 0, the subject's counts those of compare's sites" bash -c "
	test \$(cat $t/mail.rc) = 0 && ! grep -v '^  CHANGE   ' $t/mail.err &&
	n=\$(jq '[.new[] | [.path, .line, .flag]] | unique | length' $t/cmp.json) &&
	g=\$(jq '[.gone[] | [.path, .line, .flag]] | unique | length' $t/cmp.json) &&
	test \$n -gt 0 && test \$g -gt 0 &&
	head -n1 $t/mail | grep -qx \"Subject: \\[kwarn\\] BUILD REPORT $TEST_RUN W=123: clang-14 against gcc-12: \$n warnings only in clang-14, \$g only in gcc-12, 1 build failing only with clang-14\""
ok "  one header: the tree, the config, each compiler with its version, the levels" bash -c "
	sed -n '/^tree: /,/^levels: /p' $t/mail > $t/mail.head &&
	grep -qx 'tree:      $(zstd -dcq "$CDIR/gcc-12-W123.jsonl.zst" | head -n1 | jq -r '.tree'), kwarn series/ [0-9a-f]\{12\}' $t/mail.head &&
	grep -qx 'compilers: gcc-12: arm-linux-gnueabi-gcc-12 .*' $t/mail.head &&
	grep -qx '           clang-14: .*clang version 14.*' $t/mail.head && grep -q '^config:    randconfig, P=0' $t/mail.head &&
	test \$(grep -c 'SCRIPT=' $t/mail) = 1"
# what the report must say of each site only clang-14 prints, in compare's
# JSON: its line, marked '>>'; its level, seeds and repro line
cat > "$t/want-new.jq" <<'EOF'
.new | group_by([.path, .line, .flag])[] | sort_by(.seed)
| (.[0].level | if . == 0 then "level 0 (no W=)" elif . == null then "level unknown" else "W=\(.)" end) as $lv
| (map(.seed) | unique) as $s
| [">> \(.[0].text)",
   "   \($lv), seed\(if ($s | length) > 1 then "s" else "" end) \($s | map(tostring) | join(", ")); make repro ID=\(.[0].key) SEED=\(.[0].seed) TOOLCHAIN=clang-14 P=0 CONFIG=small"]
| join("\t")
EOF
jq -r -f "$t/want-new.jq" "$t/cmp.json" | sort > "$t/want-new"
awk '/^Warnings only in gcc-12:/ { exit } /^>> / { w = $0 } /^   [^ ]/ && w != "" { print w "\t" $0; w = "" }' "$t/mail" | sort > "$t/got-new"
ok "every site only in clang-14 is in the report, marked '>>', with its level, seeds and the repro line of its key" bash -c "
	test -s $t/want-new && diff -u $t/want-new $t/got-new"
ok "  with the source line its corpus record holds, under it" bash -c "
	k=\$(jq -r '[.new[] | select(.path | endswith(\".c\"))][0].key' $t/cmp.json) &&
	src=\$(zstd -dcq $c/seed-1/clang-14-W123.jsonl.zst | jq -r --arg k \"\$k\" 'select(.key == \$k) | .source') &&
	test -n \"\$src\" && grep -A1 -xF \"      \$src\" $t/mail | grep -q \"ID=\$k \""
zstd -dcq "$c/seed-2/clang-14-W123.jsonl.zst" | jq -r 'select(.root_cause == true) | "    \(.target): [\(.tool)] \(.text)"' > "$t/want-cause"
ok "the build that now fails, with its root cause" bash -c "
	grep -A1 -x '  seed 2 clang-14 W=123: failed, make exit 2' $t/mail | tail -n1 | cmp - $t/want-cause"
ok "the same corpora, the same bytes" bash -c "mail SEEDS='1 2 3' FORMAT=mail 2> /dev/null | cmp - $t/mail"
ok "FAIL_ON_NEW=1 FORMAT=mail: fails, and says so" bash -c "
	! mail FORMAT=mail FAIL_ON_NEW=1 > $t/o 2>&1 && grep -q 'clang-14 adds warnings against gcc-12' $t/o"
# across trees: the mail of compare RUN_A= RUN_B= (B's settings read from
# its name), on a copy of seed 2's clang-14 corpus said to be of 6.12 (no
# 6.12 build here)
relabel 2 clang-14 '.[0] |= (.tree = "linux-source-6.12 6.12-kwarn-test")' linux-source-6.12/p0-small
mail SEEDS=2 FORMAT=mail RUN_A="$TEST_RUN" RUN_B=linux-source-6.12/p0-small > "$t/mail-trees" 2>&1
ok "across trees: the report of tree B's added and fixed sites, its repro lines with KVER=" bash -c "
	jq -e '.new' $t/cmp.json > /dev/null &&
	head -n1 $t/mail-trees | grep -q '^Subject: \\[kwarn\\] BUILD REGRESSION linux-source-6.12/p0-small clang-14 W=123: [1-9][0-9]* new warnings' &&
	grep -q '^Trees: linux-source-6.12/p0-small (clang-14) against $TEST_RUN (gcc-12) at W=123' $t/mail-trees &&
	grep -q '; make repro ID=[0-9a-f]\{16\} SEED=2 TOOLCHAIN=clang-14 P=0 CONFIG=small KVER=6.12$' $t/mail-trees &&
	grep -q '^Warnings new: [1-9]' $t/mail-trees && grep -q '^Warnings fixed: ' $t/mail-trees"

# KCIDB_URL: where the corpora are published; each build's log and corpus
# file, each boot's log, there by their paths
ok "KCIDB_URL: each build's log_url and output_files, each boot's log_url, at their corpus paths" bash -c "
	kc SEEDS=1 KCIDB_URL=https://ci.example.org/kwarn/ KCIDB_FILE=$t/url.json > /dev/null &&
	$py $validate $t/url.json | grep -qx '$t/url.json: valid' &&
	test \"\$(jq -r '.builds[] | select(.misc.variant != \"profile\") | .log_url, .output_files[0].url' $t/url.json)\" = \"\$(printf '%s\\n' \\
		https://ci.example.org/kwarn/$TEST_RUN/seed-1/clang-14-W123.log.zst https://ci.example.org/kwarn/$TEST_RUN/seed-1/clang-14-W123.jsonl.zst \\
		https://ci.example.org/kwarn/$TEST_RUN/seed-1/gcc-12-W123.log.zst https://ci.example.org/kwarn/$TEST_RUN/seed-1/gcc-12-W123.jsonl.zst)\" &&
	test \"\$(jq -r '.tests[0].log_url' $t/url.json)\" = https://ci.example.org/kwarn/$TEST_RUN/seed-1/gcc-12-boot.log.zst"
ok "  a KCIDB_URL with a quote in it is refused, naming it, nothing written" bash -c "
	! kc SEEDS=1 \"KCIDB_URL=https://x/'a\" KCIDB_FILE=$t/url2.json > $t/url2.out 2>&1 &&
	grep -q \"KCIDB_URL must be an http:// or https:// URL\" $t/url2.out && test ! -e $t/url2.json"

# the build's start, when its .run.json has one (mk/build.sh's), is the
# build's start_time (clang-14's has one when this kwarn built it); one
# not of that form is refused, naming the file
rj=$c/seed-1/gcc-12-W123.run.json
cp -p "$rj" "$t/run.json.kept" && jq -c '.start_time = "2026-12-07T18:30:00Z"' "$t/run.json.kept" > "$rj"
ok "a .run.json's start_time is the build's" bash -c "
	kc SEEDS=1 KCIDB_FILE=$t/start.json > /dev/null &&
	jq -e --argjson c \"\$(jq '.start_time' $c/seed-1/clang-14-W123.run.json)\" \\
		'[.builds[] | .start_time] == [\$c, \"2026-12-07T18:30:00Z\", null]' $t/start.json"
jq -c '.start_time = "yesterday"' "$t/run.json.kept" > "$rj"
ok "  one that is not a UTC date-time is refused, naming the file" bash -c "
	! kc SEEDS=1 KCIDB_FILE=$t/start.json > $t/start.out 2>&1 &&
	grep -qxF 'kwarn: kcidb: $rj: start_time is not a UTC date-time (2026-01-31T12:00:00Z)' $t/start.out"
cp -p "$t/run.json.kept" "$rj"
# a .run.json that is not what kwarn writes: named, in one line (jq's
# error and a false "cannot write" before)
rj=$(ls "$t/corpus/$TEST_RUN"/seed-*/*.run.json | head -n 1)
cp -p "$rj" "$t/run.json.kept" && echo 'not json' > "$rj"
ok "a damaged .run.json: make kcidb fails naming it" bash -c "
	! kc KCIDB_FILE=$t/bad-run.json > $t/bad-run.out 2>&1 && test ! -e $t/bad-run.json &&
	grep -qxF 'kwarn: kcidb: $rj: not a JSON object' $t/bad-run.out && ! grep -q 'cannot write' $t/bad-run.out"
cp -p "$t/run.json.kept" "$rj"
