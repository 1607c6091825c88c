#!/bin/bash
# Build failures as records (corpus/SCHEMA.md, "Build failures"): kwarn-parse
# on the logs of real failing builds of the test kernel with gcc-12 and
# clang-14 (tests/fixtures/failures: capture.sh there made them once with
# test-only patches; make check does not build them), CI line prefixes,
# raw make logs against kwarn-cc's capture, schema-1 corpora, failed builds
# in make top and make compare, and one real failing make (a defconfig
# that does not exist: Kconfig fails in seconds).
#
# Each fixture TC/STEP has "expect", written by reading its logs: one line
# per record that is not a compiler warning (make, Kconfig, linker,
# modpost, assembler and compiler errors):
#   kind tool flag path:line count symbol target root function objects message
. "$(dirname "$0")/lib.sh"
parse=$TOP/.build/san/kwarn-parse
fx=$TOP/tests/fixtures/failures
plan $((72 + 2 * $(ls -d "$fx"/*/*/ | wc -l)))
t=$TESTDIR/t18
rm -rf "$t" && mkdir -p "$t"

# records FIXTURE [KWARN-PARSE-ARGS]: its records, parsed as mk/corpus.sh
# does (the captures first, then make.log and the Kconfig log)
records() {
	local d=$fx/$1 family=gcc
	shift
	case $d in *clang*) family=clang ;; esac
	(cd "$d" && find . -name '.*.kwarn' | sort > "$t/list" &&
	 "$parse" -s "$(sed -n 's/^src //p' dirs)" -b "$(sed -n 's/^build //p' dirs)" -t $family \
		"$@" -T "$t/list" make.log $(ls olddefconfig.log 2> /dev/null))
}
summary() {
	jq -r 'select(.kind != "warning" or (.tool | IN("gcc", "clang", "kernel-doc") | not))
		| [.kind, .tool, .flag, "\(.path):\(.line)", .count, .symbol // "-", .target // "-",
		   (if .root_cause then "root" else "-" end), .function // "-",
		   (.objects | join(",") | if . == "" then "-" else . end), .message] | @tsv'
}

for d in "$fx"/*/*/; do
	name=${d#"$fx"/}
	name=${name%/}
	records "$name" > "$t/${name//\//-}.jsonl" 2> "$t/err"
	ok "$name: kwarn-parse reads it cleanly, under ASan+UBSan" test ! -s "$t/err"
	summary < "$t/${name//\//-}.jsonl" > "$t/got"
	expect_eq "$name: its records as read in the logs" "$d/expect" "$t/got"
done

# A raw make log (no kwarn-cc: the compiler's output in make.log, -j2),
# with and without -Otarget, gives the errors kwarn-cc's capture gives
errors='select(.kind == "error") | [.tool, .flag, .path, .line, .col, .message, .symbol, .target, .root_cause] | @json'
for tc in gcc-12 clang-14; do
	jq -r "$errors" "$t/$tc-compile.jsonl" | sort > "$t/cap"
	for mode in Otarget interleaved; do
		jq -r "$errors" "$t/$tc-raw-$mode.jsonl" | sort > "$t/raw"
		ok "$tc: a raw make log at -j2 ($mode) gives the errors of kwarn-cc's capture, joined alike ($(wc -l < "$t/cap") errors)" \
			bash -c "test -s $t/cap && diff $t/cap $t/raw"
	done
done

# CI line prefixes, as moreutils' ts writes them: cut when every line has one
"$TOP/mk/need-packages.sh" moreutils > /dev/null
undef=$fx/gcc-12/undef
parse_log() { "$parse" -s "$(sed -n 's/^src //p' "$undef/dirs")" -b "$(sed -n 's/^build //p' "$undef/dirs")" -t gcc "$@"; }
parse_log "$undef/make.log" > "$t/plain.jsonl"
for fmt in '%H:%M:%S' '%b %d %H:%M:%S' '[%.s]' '%Y-%m-%dT%H:%M:%.SZ' '[%Y-%m-%dT%H:%M:%.SZ]'; do
	for how in -s ''; do
		ts $how "$fmt" < "$undef/make.log" > "$t/ts.log"
		ok "ts $how '$fmt' ($(head -c 30 "$t/ts.log" | cut -d' ' -f1-2)...): the same records, from a file and from a pipe" bash -c "
			$(declare -f parse_log); parse=$parse undef=$undef
			parse_log $t/ts.log | cmp - $t/plain.jsonl && parse_log < $t/ts.log | cmp - $t/plain.jsonl"
	done
done
{ ts -s < "$undef/make.log"; echo 'a line without a prefix'; } > "$t/ts.log"
ok "a log where a line after the prefixed ones has none: nothing is cut (records' text starts with the time)" bash -c "
	$(declare -f parse_log); parse=$parse undef=$undef
	parse_log $t/ts.log | jq -e -s 'any(.[]; .text | test(\"^[0-9][0-9]:[0-9][0-9]:[0-9][0-9] \"))' > /dev/null"
{ head -n 3 "$undef/make.log"; tail -n +4 "$undef/make.log" | ts -s; } > "$t/ts.log"
ok "a log whose prefixes start at its fourth line: cut, the same records, from a file and from a pipe" bash -c "
	$(declare -f parse_log); parse=$parse undef=$undef
	parse_log $t/ts.log | cmp - $t/plain.jsonl && parse_log < $t/ts.log | cmp - $t/plain.jsonl"

# The other failure classes, each in a real log (capture.sh: steps
# unmapped, defconfig); q FIXTURE JQ: JQ is true of its records (-s)
q() { jq -e -s "$2" "$t/${1//\//-}.jsonl" > /dev/null; }
for tc in gcc-12 clang-14; do
	for f in unmapped unmapped-raw ts-partway; do
		ok "$tc/$f: no path names an object and its source; no linker's is in /tmp" \
			q $tc/$f 'all(.[]; (.path | test("[.]o:") | not) and (.tool != "ld" or (.path | startswith("/tmp/") | not)))'
	done
	# a timestamp prefix from the fourth line on (ts '%H:%M:%S' live)
	ok "$tc/ts-partway: prefixes cut from its fourth line on: no path or text starts with the time" \
		q $tc/ts-partway 'length > 0 and all(.[]; (.path + " " + .text) | test("^[0-9]{2}:[0-9]{2}:[0-9]{2} ") | not)'
	ok "$tc/ts-partway: the header's error below its include chain, joined to kernel/kwarn_chain.o" \
		q $tc/ts-partway 'any(.[]; .path == "kernel/kwarn_chain.h" and .kind == "error" and
			.include == ["kernel/kwarn_chain.c:3"] and .target == "kernel/kwarn_chain.o" and .root_cause)'
	ok "$tc/ts-partway: make's failure lines read (kernel/kwarn_chain.o, kernel/kwarn_hostprog)" \
		q $tc/ts-partway '[.[] | select(.kind == "failure") | .target] | index("kernel/kwarn_chain.o") and index("kernel/kwarn_hostprog")'
	# compile errors whose path names no make target
	for f in unmapped-raw ts-partway; do
		ok "$tc/$f: a host program's compile error joins its failure (kernel/kwarn_hostprog), root cause" \
			q $tc/$f 'any(.[]; .path == "kernel/kwarn_hostprog.c" and .kind == "error" and .target == "kernel/kwarn_hostprog" and .root_cause)'
		ok "$tc/$f: mm/kwarn_dotdot.c's error joins kernel/../mm/kwarn_dotdot.o, root cause" \
			q $tc/$f 'any(.[]; .path == "mm/kwarn_dotdot.c" and .kind == "error" and .target == "kernel/../mm/kwarn_dotdot.o" and .root_cause)'
		ok "$tc/$f: make's warnings on a recipe given twice are make's, at kernel/Makefile" \
			q $tc/$f '[.[] | select(.tool == "make" and .kind == "warning" and .path == "kernel/Makefile") | .message] | sort ==
				["ignoring old recipe for target '"'kernel/kwarn_tmpobj'"'", "overriding recipe for target '"'kernel/kwarn_tmpobj'"'"]'
		ok "$tc/$f: kernel-doc's records are of C sources and headers alone" \
			q $tc/$f 'all(.[]; .tool != "kernel-doc" or (.path | test("[.][ch]$")))'
	done
	# Kconfig's banner naming the defconfig: no record, not the root cause
	ok "$tc/kconfig-defconfig: no record of 'Default configuration is based on', the syntax error is the root cause" \
		q $tc/kconfig-defconfig 'all(.[]; .message | test("Default configuration") | not) and
			any(.[]; .root_cause and .target == "defconfig" and .message == "syntax error")'
done
# GNU as on gcc's temporary .s (no kwarn-cc: the raw log)
ok "gcc-12/unmapped-raw: GNU as's error on /tmp/ccX.s joins kernel/kwarn_inline_asm.o, root cause" \
	q gcc-12/unmapped-raw 'any(.[]; .tool == "as" and (.path | test("^/tmp/ccXXXXXX[.]s$")) and .target == "kernel/kwarn_inline_asm.o" and .root_cause)'
# GNU ld on the temporary objects of a host program linked from its sources
for f in unmapped-raw ts-partway; do
	ok "gcc-12/$f: GNU ld's multiple definition at /tmp/ccX.o:SRC:LINE is at SRC (kernel/kwarn_tmp_b.c:3), no object" \
		q gcc-12/$f 'any(.[]; .tool == "ld" and .path == "kernel/kwarn_tmp_b.c" and .line == 3 and .objects == [] and
			.symbol == "kwarn_tmp_var" and .target == "kernel/kwarn_tmpobj" and .root_cause)'
	ok "gcc-12/$f: GNU ld's undefined reference in /tmp/ccX.o's main is at kwarn_hostlink.c (not /tmp/kwarn_hostlink.c)" \
		q gcc-12/$f 'any(.[]; .tool == "ld" and .path == "kwarn_hostlink.c" and .function == "main" and
			.symbol == "kwarn_host_nope" and .target == "kernel/kwarn_hostlink")'
	ok "gcc-12/$f: GNU ld's NOTE is a note of its executable stack warning, no record" \
		q gcc-12/$f 'all(.[]; .message | startswith("NOTE") | not) and
			any(.[]; .tool == "ld" and .kind == "warning" and (.notes | any(test("NOTE: This behaviour is deprecated"))))'
done
# clang's driver on an unused argument: a warning, and an error (-Werror=)
for f in unmapped unmapped-raw; do
	ok "clang-14/$f: the driver's warning and error are tool driver, flag -Wunused-command-line-argument, no source line" \
		q clang-14/$f '[.[] | select(.tool == "driver" and .flag == "-Wunused-command-line-argument" and
			(.message | test("-march=armv7-a")) and .source == null) | .kind] | index("warning") and index("error")'
	ok "clang-14/$f: the driver's error is the root cause of kernel/kwarn_driver_err.o, whose failure line is read" \
		q clang-14/$f 'any(.[]; .tool == "driver" and .kind == "error" and .target == "kernel/kwarn_driver_err.o" and .root_cause) and
			any(.[]; .kind == "failure" and .target == "kernel/kwarn_driver_err.o")'
done

# One real failing make, fast: Kconfig stops on a defconfig that does not
# exist; its records are the fixture's
need tree
# what gcc-12 means, as make writes it for a scratch build
(. "$TOP/mk/lib.sh"; scratch_desc "$t/kc-desc" gcc-12) && . "$t/kc-desc/build.env"
(cd "$KTREE" && LC_ALL=C make -s O="$t/kc" $kargs CC="$cc" kwarn_nope_defconfig) > "$t/kc.log" 2>&1 || true
"$parse" -s "$KTREE" -b "$t/kc" -t gcc "$t/kc.log" > "$t/kc.jsonl"
ok "a real Kconfig failure (make kwarn_nope_defconfig): the kconfig error, the root cause of its target" \
	jq -e -s 'any(.[]; .tool == "kconfig" and .kind == "error" and .target == "kwarn_nope_defconfig" and .root_cause and
		(.message | test("^Can.t find default configuration \"arch/arm/configs/kwarn_nope_defconfig\"!$")))' "$t/kc.jsonl"

# schema 2 beside schema 1; failed builds in make top and make compare
need corpus gcc-12 123
# capture.sh in a copy of its directory: its Kconfig stops take seconds, its
# build steps are kernel builds (minutes each, run by hand)
c=$t/capture/tests/fixtures/failures
mkdir -p "$c" && cp "$fx"/capture.sh "$fx"/*.patch "$c" && ln -s "$TOP/mk" "$t/capture/mk"
ok "capture.sh without WORK: its usage, exit 2" bash -c "
	$c/capture.sh 2>&1 | grep -q 'usage: capture.sh WORK'; test \${PIPESTATUS[0]} = 2"
ok "capture.sh STEPS=stop gcc-12: the logs of gcc-12/no-output-dir and compiler-too-old again" bash -c "
	STEPS=stop O=$O $c/capture.sh $t/capture/work gcc-12 && for s in no-output-dir compiler-too-old; do
		w=\$(sed -n 's|^src \(.*\)/src\$|\1|p' $fx/gcc-12/\$s/dirs)
		diff <(sed \"s|\$w|WORK|g\" $fx/gcc-12/\$s/make.log) <(sed 's|$t/capture/work|WORK|g' $c/gcc-12/\$s/make.log) || exit; done"
c=$CDIR/gcc-12-W123.jsonl.zst
k=$t/corpus/$TEST_RUN
mkdir -p "$k/seed-1" "$k/seed-2"
zstd -dcq "$c" > "$t/ok.jsonl"
ok "the test corpus is schema 2: every record has symbol, target and root_cause, the build record root_causes" \
	jq -e -s '.[0].schema == 2 and .[0].root_causes == [] and all(.[1:][]; has("symbol") and has("target") and has("root_cause"))' "$t/ok.jsonl"
jq -c 'if .type == "build" then .schema = 1 | del(.root_causes) else del(.symbol, .target, .root_cause) end' "$t/ok.jsonl" |
	zstd -q -o "$t/schema1.jsonl.zst"
ok "a schema-1 corpus file passes corpus-check, and gets a summary" bash -c "
	$TOP/mk/corpus-check.sh $t/schema1.jsonl.zst && $TOP/mk/summary.sh -o $t/schema1.sum.zst $t/schema1.jsonl.zst &&
	test \$(zstd -dcq $t/schema1.sum.zst | wc -l) = \$(wc -l < $t/ok.jsonl)"
jq -c 'del(.symbol)' "$t/ok.jsonl" | zstd -q -o "$t/nosym.jsonl.zst"
ok "a schema-2 record without symbol: refused, named" bash -c "
	! $TOP/mk/corpus-check.sh $t/nosym.jsonl.zst 2> $t/err && grep -q ':2: no field \"symbol\"' $t/err"

# seed 2 of gcc-12: the test corpus's build record, failed, with the
# records of the undefined reference fixture (a corpus file as corpus.sh
# writes it, checked by corpus-check); clang-14's seed 2 builds
fail_corpus() {	# fail_corpus FIXTURE TC SEED STATUS OUT
	records "$1" -x "\"seed\":$3,\"toolchain\":\"$2\",\"w\":\"123\",\"variant\":\"plain\"" > "$t/d.jsonl"
	jq -c -s --arg st "$4" --arg tc "$2" --argjson seed "$3" --slurpfile d "$t/d.jsonl" '.[0] |
		.seed = $seed | .toolchain = $tc | .status = $st | .make_exit = (if $st == "ok" then 0 else 2 end) |
		.failed_targets = [$d[] | select(.kind == "failure") | .target] |
		.root_causes = ([$d[] | select(.root_cause) | {target, key, tool, path, line, symbol, message}] | sort_by(.target)) |
		.instances = ([$d[] | .count] | add // 0) | .unique = ($d | length)' "$t/ok.jsonl" > "$t/b.jsonl"
	cat "$t/b.jsonl" "$t/d.jsonl" | zstd -q -f -o "$5"
}
fail_corpus gcc-12/undef gcc-12 2 failed "$k/seed-2/gcc-12-W123.jsonl.zst"
fail_corpus clang-14/compile clang-14 2 failed "$k/seed-2/clang-14-W123.jsonl.zst"
cp "$c" "$k/seed-1/"
ok "failed builds' corpus files pass corpus-check" "$TOP/mk/corpus-check.sh" "$k"/seed-2/*.zst
make -C "$TOP" -s top W=123 $TEST_RUN_VARS CORPUS="$t/corpus" > "$t/top" 2> "$t/top.err"
ok "make top: the failed builds, each with its root causes" bash -c "
	grep -qx 'failed builds: 2' $t/top &&
	grep -qx '  seed 2 gcc-12 W=123: failed, make exit 2, 1 root cause(s)' $t/top &&
	grep -q '^    vmlinux: \[ld\] .*kernel/kwarn_undef.c:9: undefined reference to .kwarn_no_such_function.\$' $t/top &&
	grep -qx '  seed 2 clang-14 W=123: failed, make exit 2, 5 root cause(s)' $t/top"
zstd -dcq "$k"/seed-2/gcc-12-W123.jsonl.zst "$k"/seed-2/clang-14-W123.jsonl.zst |
	jq -n -r --argjson n 10 -f "$TOP/corpus/queries/top.jq" > "$t/top.jq.out"
"$TOP/.build/san/kwarn-agg" top "$k"/seed-2/gcc-12-W123.sum.zst "$k"/seed-2/clang-14-W123.sum.zst > "$t/top.agg" 2>&1
expect_eq "kwarn-agg top: top.jq's text with failed builds (seed 2)" "$t/top.jq.out" "$t/top.agg"
# compare A=clang-14 B=gcc-12: seed 1 fails with both, seed 2 with B alone
fail_corpus clang-14/compile clang-14 1 failed "$k/seed-1/clang-14-W123.jsonl.zst"
fail_corpus gcc-12/multidef gcc-12 1 failed "$k/seed-1/gcc-12-W123.jsonl.zst"
rm -f "$k/seed-2/clang-14-W123.jsonl.zst" "$k/seed-2/clang-14-W123.sum.zst"
fail_corpus clang-14/compile clang-14 2 ok "$k/seed-2/clang-14-W123.jsonl.zst"
make -C "$TOP" -s compare SEEDS="1 2" A=clang-14 B=gcc-12 W=123 $TEST_RUN_VARS CORPUS="$t/corpus" > "$t/cmp" 2> "$t/cmp.err"
ok "make compare: the builds failing with B but not with A (seed 1 fails with both: not listed)" bash -c "
	grep -qx 'builds failing with B but not with A: 1' $t/cmp &&
	grep -qx '  seed 2 gcc-12 W=123: failed, make exit 2, 1 root cause(s)' $t/cmp && ! grep -q '^  seed 1 gcc' $t/cmp"
make -C "$TOP" -s compare SEEDS="1 2" A=clang-14 B=gcc-12 W=123 $TEST_RUN_VARS CORPUS="$t/corpus" FORMAT=json > "$t/cmp.json" 2> "$t/cmp.err"
zstd -dcq "$k"/seed-[12]/clang-14-W123.jsonl.zst > "$t/a.jsonl"
zstd -dcq "$k"/seed-[12]/gcc-12-W123.jsonl.zst > "$t/b.jsonl"
for f in text json; do
	jq -n -r --slurpfile a "$t/a.jsonl" --slurpfile b "$t/b.jsonl" --arg format $f --argjson list 20 \
		-f "$TOP/corpus/queries/compare.jq" > "$t/cmp.jq.$f"
done
jq . "$t/cmp.json" > "$t/cmp.json.pretty" 2>&1
expect_eq "make compare: compare.jq's text with failed builds" "$t/cmp.jq.text" "$t/cmp"
expect_eq "make compare FORMAT=json: compare.jq's, failing_in_b included" "$t/cmp.jq.json" "$t/cmp.json.pretty"

# make repro of a linker's record rebuilds the link, not the object it names
key=$(zstd -dcq "$k/seed-2/gcc-12-W123.jsonl.zst" | jq -r 'select(.tool == "ld" and .root_cause) | .key')
ok "make repro ID= of GNU ld's undefined reference (SCRIPT=): it builds vmlinux, not kernel/kwarn_undef.o" bash -c "
	make -C $TOP -s repro ID=$key $TEST_RUN_VARS CORPUS=$t/corpus SCRIPT=$t/repro-link.sh > $t/repro.out 2>&1 &&
	grep -q ' W=123 -j\"\$(nproc)\" vmlinux > ' $t/repro-link.sh && ! grep -q 'kwarn_undef.o > ' $t/repro-link.sh"
