#!/bin/bash
# make compare RUN_A= RUN_B=: the same warning across kernel versions, on
# the test seed's gcc-12 W=1 corpora of linux-source-6.1 and 6.12.
. "$(dirname "$0")/lib.sh"
plan 17
need corpus gcc-12 1
ok "setup: the test seed's gcc-12 W=1 corpus of linux-source-6.12" tmake -s corpus-one KVER=6.12 TOOLCHAIN=gcc-12 W=1
new_run=linux-source-6.12/p$TEST_P${TEST_CONFIG:+-$TEST_CONFIG}
# Levels that moved: gcc's -Wunused-parameter (6.12 gives -Wextra without
# W= and adds -Wno-unused-parameter unless W has 3; 6.1 adds it at every
# level; gcc -Q --help=warnings cannot say: Debian's gcc lists the flag as
# Modula-2's); dtc's checks, whose DTC_FLAGS 6.12 moved to Makefile.dtbs
lv12=$O/$new_run/seed-$TEST_SEED/gcc-12-W1/levels.tsv
ok "the levels table: gcc's -Wunused-parameter from W=3 on 6.12, at no level on 6.1" bash -c "
	grep -qP '^-Wunused-parameter\t3\t' $lv12 && ! grep -q '^-Wunused-parameter' $SEEDDIR/gcc-12-W1/levels.tsv"
ok "  dtc's unit_address_vs_reg from W=1 and property_name_chars_strict from W=2 on 6.12 (Makefile.dtbs), as on 6.1" bash -c "
	for lv in $lv12 $SEEDDIR/gcc-12-W1/levels.tsv; do
		grep -qP '^-Wunit_address_vs_reg\t1\t' \$lv && grep -qP '^-Wproperty_name_chars_strict\t2\t' \$lv || exit 1
	done"
A=$TESTDIR/corpus/$TEST_RUN/seed-$TEST_SEED/gcc-12-W1.jsonl.zst
B=$TESTDIR/corpus/$new_run/seed-$TEST_SEED/gcc-12-W1.jsonl.zst
out=$TESTDIR/compare-trees
cmp_trees() {	# cmp_trees NAME SETTINGS...: make compare across the trees into $out.NAME
	local name=$1
	shift
	make -C "$TOP" -s compare SEED=$TEST_SEED $TEST_RUN_VARS A=gcc-12 B=gcc-12 W=1 O="$O" \
		CORPUS="$TESTDIR/corpus" RUN_A="$TEST_RUN" RUN_B="$new_run" "$@" > "$out.$name" 2>&1
	echo $? > "$out.$name.rc"
}
cmp_trees json FORMAT=json
cmp_trees both FORMAT=json BOTH_BUILT=1
cmp_trees text LIST=5
warnings() { zstd -dcq "$1" | jq -c 'select(.type == "diag" and .kind == "warning")' | wc -l; }
ok "FORMAT=json: exit 0; kept + fixed = 6.1's warning sites, kept + added = 6.12's" bash -c "
	test \$(cat $out.json.rc) = 0 &&
	test \$(jq '.kept + (.fixed | length)' $out.json) = $(warnings "$A") &&
	test \$(jq '.kept + (.added | length)' $out.json) = $(warnings "$B")"
ok "the trees differ: 6.12 fixed some of 6.1's warnings, added some, kept some" \
	jq -e '(.fixed | length) > 0 and (.added | length) > 0 and .kept > 0' "$out.json"
ok "kept pairs match by key, by path, flag and message, or by the names the message quotes: never across seeds, paths or flags" \
	jq -e '.kept_sites | length > 0 and all(.[]; .a.seed == .b.seed and .a.path == .b.path and .a.flag == .b.flag and
		if .by == "key" then .a.key == .b.key elif .by == "message" then .a.message == .b.message
		else .by == "names" and ([.a.message | scan("\u0027[^\u0027]*\u0027")] | length > 0) and
			[.a.message | scan("\u0027[^\u0027]*\u0027")] == [.b.message | scan("\u0027[^\u0027]*\u0027")] end)' "$out.json"
ok "kernel-doc reworded its message between the trees: the same warnings kept by the names they quote" \
	jq -e 'any(.kept_sites[]; .by == "names" and .a.message != .b.message)' "$out.json"
ok "lines moved between the trees: a warning kept at another line (matched without it)" \
	jq -e 'any(.kept_sites[]; .a.line != .b.line)' "$out.json"
ok "moved level: the kept pairs whose W levels differ, counted per flag and per level pair" \
	jq -e '(.moved | length) == ([.kept_sites[] | select(.a.level != .b.level)] | length) and
		([.flags[].moved] | add) == (.moved | length) and ([.levels[].sites] | add // 0) == (.moved | length)' "$out.json"
# Moved level: 6.12 prints -Wmissing-prototypes without W=, but the test
# seed's 6.12 build keeps none of 6.1's sites of a flag whose level moved.
# A copy of its corpus with the first kept site's level 0 instead of 1
# (as a -Wmissing-prototypes site of 6.12 has it); which site that is
# depends on series/6.12's fix patches, so it is read from the compare
read -r mkey mflag mpath < <(jq -r '[.kept_sites[] | select(.a.level == 1 and .b.level == 1)][0]
	| [.b.key, (.b.flag | if . == "" then "-" else . end), .b.path] | @tsv' "$out.json")
[ "$mflag" != - ] || mflag=
m=$TESTDIR/corpus-moved
rm -rf "$m" && mkdir -p "$m/$TEST_RUN/seed-$TEST_SEED" "$m/$new_run/seed-$TEST_SEED"
cp "$A" "$m/$TEST_RUN/seed-$TEST_SEED/"
zstd -dcq "$B" | jq -c --arg k "$mkey" 'if .type == "diag" and .key == $k then .level = 0 else . end' |
	zstd -q -o "$m/$new_run/seed-$TEST_SEED/gcc-12-W1.jsonl.zst"
cmp_trees moved FORMAT=json CORPUS="$m"
cmp_trees moved-text CORPUS="$m"
ok "moved level: a kept site of level 1 in 6.1 and 0 in 6.12 ($mpath) is listed as W=1 -> default, per flag and per level" bash -c "
	test -n '$mkey' && test \$(cat $out.moved.rc) = 0 && test \$(cat $out.moved-text.rc) = 0 &&
	jq -e --arg f '$mflag' --arg p '$mpath' '[.moved[] | [.flag, .from, .to, .b.path]] == [[\$f, 1, 0, \$p]] and
		.levels == [{from: 1, to: 0, sites: 1}] and
		(.flags[] | select(.flag == \$f) | .moved) == 1' $out.moved &&
	grep -qx 'W=1 -> default  *1' $out.moved-text &&
	grep -q '^  seed $TEST_SEED W=1 -> default  $mkey  $mpath:' $out.moved-text"
# the objects each build made, as its build directory's .o.cmd files say
objs() { (cd "$1" && find . -name '.*.o.cmd' | sed 's|^\./||; s|\.\([^/]*\)\.cmd$|\1|' | sort); }
objs "$O/$TEST_RUN/seed-$TEST_SEED/gcc-12-W1" > "$out.objs-a"
objs "$O/$new_run/seed-$TEST_SEED/gcc-12-W1" > "$out.objs-b"
ok "objects built in A, in B and in both: the build directories' counts" bash -c "
	test \"\$(jq -c '.objects[0] | [.a, .b, .both]' $out.json)\" = \"[$(wc -l < "$out.objs-a"),$(wc -l < "$out.objs-b"),$(comm -12 "$out.objs-a" "$out.objs-b" | wc -l)]\" &&
	test $(comm -12 "$out.objs-a" "$out.objs-b" | wc -l) -lt $(wc -l < "$out.objs-b")"
ok "BOTH_BUILT=1: fewer sites compared, each of an object both built (or of none either built)" bash -c "
	test \$(cat $out.both.rc) = 0 &&
	jq -e '.both_built and .compared.a <= .compared.a_all and .compared.b <= .compared.b_all and
		.compared.a + .compared.b < .compared.a_all + .compared.b_all' $out.both &&
	jq -r '(.fixed + .added)[] | [.path, (.objects | join(\" \"))] | @tsv' $out.both | while IFS=\$'\t' read -r p o; do
		[ -n \"\$o\" ] || o=\${p%.[cS]}.o
		for x in \$o; do grep -qxF \"\$x\" $out.objs-a && grep -qxF \"\$x\" $out.objs-b && continue 2; done
		for x in \$o; do ! grep -qxF \"\$x\" $out.objs-a && ! grep -qxF \"\$x\" $out.objs-b || exit 1; done
	done"
ok "text: the objects, the counts line, the per-flag table and the lists" bash -c "
	test \$(cat $out.text.rc) = 0 &&
	grep -qx 'objects: seed $TEST_SEED: [0-9]* built in A, [0-9]* in B, [0-9]* in both' $out.text &&
	grep -qx \"sites: \$(jq '.fixed | length' $out.json) fixed in B, \$(jq '.added | length' $out.json) added in B, \$(jq .kept $out.json) kept (\$(jq .kept_by_key $out.json) by key, .*\" $out.text &&
	grep -qx 'fixed  added   kept  moved  flag' $out.text && grep -qx 'fixed in B (first 5):' $out.text"
cmp_trees new FAIL_ON_NEW=1
ok "FAIL_ON_NEW=1: 6.12 adds warnings, so it exits 1 and says so" bash -c "
	test \$(cat $out.new.rc) != 0 && grep -q '$new_run adds warnings against $TEST_RUN' $out.new"
cmp_trees bad RUN_B=linux-source-9.9/p0
ok "RUN_B of no run: exit 2, naming the setting" bash -c "
	test \$(cat $out.bad.rc) = 2 && grep -q 'RUN_B=linux-source-9.9/p0: no such run in' $out.bad"
cmp_trees gone BOTH_BUILT=1 O="$TESTDIR/no-builds"
ok "BOTH_BUILT=1 without the build directories: fails, saying so" bash -c "
	test \$(cat $out.gone.rc) = 2 && grep -q 'no build directory, so which objects it built is unknown' $out.gone"
