#!/bin/bash
# make repro: one warning of the shared test seed rebuilt at the cost of
# one object, for gcc and clang, its records those of the corpus; a real
# miss (a W level below the warning's); a script that reproduces it on a
# fresh machine.
. "$(dirname "$0")/lib.sh"
plan 29
need corpus gcc-12 123
need corpus clang-14 123
cdir=$CDIR
status() { cat "$O/repro/status"; }
pick() {	# pick TOOLCHAIN FLAG: the key of the first such warning in a .c file
	# whose object Kbuild builds alone (not one of arch/arm/boot/, which
	# only zImage builds with its flags: mk/query/repro.sh warns)
	zstd -dcq "$cdir/$1-W123.jsonl.zst" |
		jq -r --arg f "$2" 'select(.flag == $f and (.path | endswith(".c")) and
			(.objects[0] // "" | startswith("arch/arm/boot/") | not)) | .key' | head -n1
}
for tc in gcc-12 clang-14; do
	key=$(pick $tc -Wshadow)
	[ -n "$key" ]
	tap_result $? "$tc: the test seed has a -Wshadow warning in a .c file${key:+ ($key)}" || continue
	ok "$tc: make repro ID=${key:0:8} rebuilds its object at the warning's level, W=2, and the warning comes back (status 0)" bash -c "
		make -C $TOP --no-print-directory repro ID=${key:0:8} TOOLCHAIN=$tc CORPUS=$TESTDIR/corpus O=$O > $TESTDIR/repro-$tc.out 2>&1 &&
		test \$(cat $O/repro/status) = 0 && grep -q 'REPRO    yes' $TESTDIR/repro-$tc.out &&
		grep -q '^  CC .* (W=2, in ' $TESTDIR/repro-$tc.out && ! grep -q 'is up to date' $TESTDIR/repro-$tc.out"
	ok "$tc: it prints the warning's line and its source lines, the object's whole output kept in output.txt" bash -c "
		sed -n '/^--- .* printed it ---\$/,/^---\$/p' $TESTDIR/repro-$tc.out > $TESTDIR/repro-$tc.shown &&
		grep -q '^[^ ]*:[0-9]*:[0-9]*: warning: declaration .*shadows.* \[-Wshadow\]' $TESTDIR/repro-$tc.shown &&
		grep -q '^ .*[a-z]' $TESTDIR/repro-$tc.shown &&
		f=\$(sed -n 's/.*lines of output: \(.*\))\$/\1/p' $TESTDIR/repro-$tc.out) && test -s \"\$f\" &&
		test \$(wc -l < $TESTDIR/repro-$tc.shown) -lt \$(wc -l < \"\$f\")"
	# the build directory it says it used (one per key, toolchain and W)
	d=$(sed -n 's/^  CC .*, in \(.*\))$/\1/p' "$TESTDIR/repro-$tc.out")
	ok "$tc: only that object was compiled, not the kernel" bash -c "
		test -d '$d' && test -f '$d/.config' &&
		test \$(find '$d' -name '*.o' -newer '$d/.config' | grep -v '/scripts/\|/tools/' | wc -l) -le 3"
	# built and parsed as make corpus does (mk/build.sh, mk/corpus.sh records)
	# (against the W=123 corpus, which holds every level: those the
	# warning's own level prints)
	obj=$(sed -n 's/^  CC  *\([^ ]*\) (W=.*/\1/p' "$TESTDIR/repro-$tc.out")
	w=${d##*-W}
	records_equal "$tc: repro's records of its object equal the corpus's (levels 0 and $w): tool, flag, level, path, line, col, message, key" \
		"$cdir/$tc-W123.jsonl.zst" "$d/records.jsonl" "$obj" "${w#0}"
	ok "$tc: at W=1, below -Wshadow's W=2, it does not come back (status 1)" bash -c "
		! make -C $TOP -s repro ID=$key TOOLCHAIN=$tc W=1 CORPUS=$TESTDIR/corpus O=$O > $TESTDIR/repro-miss.out 2>&1 &&
		test \$(cat $O/repro/status) = 1 && grep -q 'REPRO    no' $TESTDIR/repro-miss.out"
done
# an object Kbuild builds only through zImage: built alone, it gets
# arch/arm/'s flags, not its own, and repro says so
key=$(zstd -dcq "$cdir/gcc-12-W123.jsonl.zst" |
	jq -r 'select(.kind == "warning" and (.objects[0] // "" | startswith("arch/arm/boot/compressed/"))) | .key' | head -n1)
ok "an object of arch/arm/boot/compressed/: repro warns that it was built with arch/arm/'s flags" bash -c "
	test -n '$key' &&
	make -C $TOP -s repro ID=$key TOOLCHAIN=gcc-12 CORPUS=$TESTDIR/corpus O=$O > $TESTDIR/repro-boot.out 2>&1;
	grep -q 'kwarn: repro: WARNING: Kbuild built arch/arm/boot/compressed/[^ ]*\.o with the flags of arch/arm/, not of arch/arm/boot/compressed/' $TESTDIR/repro-boot.out"
# as a maintainer would paste it: absolute path, Unicode quotes
line=$(zstd -dcq "$cdir/gcc-12-W123.jsonl.zst" | jq -r 'select(.flag == "-Wmissing-prototypes") | .text' | head -n1)
printf '%s/src/linux-source-6.1/%s' "$O" "$(sed "s/'/\xe2\x80\x99/g" <<< "$line")" > "$TESTDIR/pasted"
ok "LINE= finds a pasted compiler line through the same normalization" bash -c '
	make -C "$0" -s repro LINE="$(cat "$1/pasted")" SEED=1 TOOLCHAIN=gcc-12 \
		CORPUS="$1/corpus" O="$2" > "$1/repro-line.out" 2>&1 &&
	test $(cat "$2/repro/status") = 0' "$TOP" "$TESTDIR" "$O"
# a key two runs print (a fragment's run, whose name sorts first, and the
# test run): the run of the settings given is taken
runs=$TESTDIR/runs
rm -rf "$runs" && mkdir -p "$runs/$TEST_TREE/p0-frag-000000000000/seed-1" "$runs/$TEST_RUN/seed-1"
ln "$cdir/gcc-12-W123.jsonl.zst" "$runs/$TEST_TREE/p0-frag-000000000000/seed-1/" && ln "$cdir/gcc-12-W123.jsonl.zst" "$runs/$TEST_RUN/seed-1/"
key=$(pick gcc-12 -Wshadow)
make -C "$TOP" -s index CORPUS="$runs" O="$O" > /dev/null 2>&1
runs_index=$(make -C "$TOP" -s where CORPUS="$runs" O="$O" | sed -n 's/^index *//p')
first() {	# first RUN: the corpus file repro takes when the settings' run is RUN
	rm -rf "$TESTDIR/rs" && mkdir -p "$TESTDIR/rs" &&
	"$TOP/mk/query/repro.sh" PHASE=find ID="$key" LINE= SEED= TOOLCHAIN= KVER= KSRC= KWARN_PARSE= \
		CORPUS="$runs" TREE_DIR="$TEST_TREE" RUN="$1" \
		KWARN_INDEX="$TOP/.build/bin/kwarn-index" INDEX="$runs_index" \
		STATE="$TESTDIR/rs" O="$O" TOP="$TOP" > /dev/null &&
	head -n1 "$TESTDIR/rs/found" | cut -f1
}
ok "a key in two runs: repro takes the settings' run ($TEST_RUN), not the first by name" \
	test "$(first "$TEST_RUN")" = "$runs/$TEST_RUN/seed-1/gcc-12-W123.jsonl.zst"
ok "  and the other run when the settings name it" \
	test "$(first "$TEST_TREE/p0-frag-000000000000")" = "$runs/$TEST_TREE/p0-frag-000000000000/seed-1/gcc-12-W123.jsonl.zst"
ok "an unknown ID is a setup error (status 2)" bash -c "
	! make -C $TOP -s repro ID=ffffffffffffffff CORPUS=$TESTDIR/corpus O=$O > $TESTDIR/repro-bad.out 2>&1 &&
	test \$(cat $O/repro/status) = 2 && grep -q 'no warning with key' $TESTDIR/repro-bad.out"

# a script for a fresh machine, run outside the checkout, empty HOME and cache
key=$(pick gcc-12 -Wshadow)
ok "SCRIPT= writes a self-contained script" \
	make -C "$TOP" -s repro ID="$key" TOOLCHAIN=gcc-12 SCRIPT="$TESTDIR/repro.sh" CORPUS="$TESTDIR/corpus" O="$O"
rm -rf "$TESTDIR/fresh" && mkdir -p "$TESTDIR/fresh/home"
ok "the script reproduces the warning from /, with an empty HOME and cache" bash -c "
	cd / && env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=$TESTDIR/fresh/home \
		XDG_CACHE_HOME=$TESTDIR/fresh/home/.cache sh $TESTDIR/repro.sh $TESTDIR/fresh/work \
		> $TESTDIR/fresh/out 2>&1 && grep -q 'repro: reproduced' $TESTDIR/fresh/out &&
	! grep -q 'differs' $TESTDIR/fresh/out"
rm -rf "$TESTDIR/fresh"

# --- a build bot's report, its config given ---------------------------------
# Real kernel test robot mails (tests/fixtures/reports/, each names its
# lore address); the test seed's config stands in for the report's
reports=$TOP/tests/fixtures/reports
zstd -dcq "$cdir/gcc-12-W123.jsonl.zst" | head -n1 | jq -r .config | gzip -n > "$TESTDIR/seed.config.gz"
given() {	# given NAME VAR=VALUE...: make repro with them, its output in repro-NAME.out; its status
	local name=$1
	shift
	make -C "$TOP" -s repro DOTCONFIG="$TESTDIR/seed.config.gz" CORPUS="$TESTDIR/corpus" O="$O" "$@" \
		> "$TESTDIR/repro-$name.out" 2>&1
	cat "$O/repro/status"
}
# clang 15's lines of a tree where fair.c's stubs sat 616 lines higher:
# one build of the one object for the report's 12 warnings
st=$(given fair REPORT="$reports/robot-arm-clang-sched-fair.txt" TOOLCHAIN=clang-14)
ok "REPORT=: the robot's 12 warnings read (1 new), its compiler, config and W=1; one build of their one object" bash -c "
	grep -q '^  REPORT   .*: 12 warnings (1 new, >>); compiler clang version 15.0.0 (.*); config arm-milbeaut_m10v_defconfig; W=1\$' $TESTDIR/repro-fair.out &&
	grep -q '^  BUILD    clang-14 W=1, the config of DOTCONFIG' $TESTDIR/repro-fair.out &&
	test \$(grep -c '^  CC ' $TESTDIR/repro-fair.out) = 1"
ok "  the 5 warnings 6.1 has come back at the lines this tree has them, 7 do not (status 1)" bash -c "
	test '$st' = 1 && grep -q '^  REPRO    yes: [0-9a-f]* came back at line 12442 (reported at 11826: the trees differ)' $TESTDIR/repro-fair.out &&
	grep -q '^  SUMMARY  of 12: 5 came back, 7 did not, 0 not compiled in this config (clang-14 W=1)\$' $TESTDIR/repro-fair.out"
ok "  one that did not: the code's conditions on its line, with the config's values" bash -c "
	grep -A6 '^  WARNING  10: kernel/sched/fair.c:5511:20: ' $TESTDIR/repro-fair.out | grep -q '^  CODE     kernel/sched/fair.c:[0-9]*: #ifdef CONFIG_CFS_BANDWIDTH' &&
	grep -q '^  VALUES   CONFIG_CFS_BANDWIDTH is not set' $TESTDIR/repro-fair.out"
# an object the config does not build: answered from Kbuild's Makefiles,
# nothing compiled
st=$(given r592 REPORT="$reports/robot-arm-gcc-hpe-gxp.txt" N=1 TOOLCHAIN=gcc-12)
ok "an object the config does not compile: its Kbuild line and symbol named, nothing built (status 1)" bash -c "
	test '$st' = 1 && ! grep -q '^  CC ' $TESTDIR/repro-r592.out &&
	grep -q '^  REPRO    not compiled in this config: drivers/memstick/host/Makefile:8: obj-\$(CONFIG_MEMSTICK_R592) += r592.o; CONFIG_MEMSTICK_R592 is not set\$' $TESTDIR/repro-r592.out &&
	grep -q '^  NOTE     11 of its lines name no source line' $TESTDIR/repro-r592.out"
st_conf=$(given notconf REPORT="$reports/robot-arm-gcc-posix-stubs.txt" DOTCONFIG="$reports/robot-arm-gcc-posix-stubs.txt")
st_n=$(given n99 REPORT="$reports/robot-arm-gcc-posix-stubs.txt" N=99)
ok "refused before any build: a report without its config, a config that is none, N= past the report's warnings" bash -c "
	! make -C $TOP -s repro REPORT=$reports/robot-arm-gcc-posix-stubs.txt CORPUS=$TESTDIR/corpus O=$O > $TESTDIR/repro-noconf.out 2>&1 &&
	grep -q 'kwarn: repro: REPORT=.*: say the report.s config too, DOTCONFIG=FILE (kwarn downloads nothing; the report names arm-randconfig-r002-20220220)' $TESTDIR/repro-noconf.out &&
	test '$st_conf' = 2 && grep -q 'DOTCONFIG=.*: not a kernel .config' $TESTDIR/repro-notconf.out &&
	test '$st_n' = 2 && grep -q 'N=99: the report has 11 warnings' $TESTDIR/repro-n99.out"

# --- LINE= as bots and other trees print it ------------------------------------
real='kernel/time/posix-stubs.c:25:17: warning: no previous prototype for '\''sys_ni_posix_timers'\'' [-Wmissing-prototypes]'
ok "LINE= with the robot's '>> ' and another machine's tree path: found, and which builds print it" bash -c '
	make -C "$0" -s repro LINE=">> /home/u/linux/$1" SEED=1 TOOLCHAIN=gcc-12 SCRIPT="$2/line.sh" CORPUS="$2/corpus" O="$3" > "$2/repro-abs.out" 2>&1 &&
	grep -q "^  PRINTED  by [0-9]* corpus file(s): .*gcc-12-W123: seed 1" "$2/repro-abs.out"' "$TOP" "$real" "$TESTDIR" "$O"
ok "LINE= from a tree where the line moved: the nearest site that prints it, named" bash -c '
	make -C "$0" -s repro LINE="${1/:25:/:22:}" SEED=1 TOOLCHAIN=gcc-12 SCRIPT="$2/line.sh" CORPUS="$2/corpus" O="$3" > "$2/repro-moved.out" 2>&1 &&
	grep -q "^  NOTE     nothing prints it at line 22; the nearest site that does: line 25 (3 lines away" "$2/repro-moved.out"' "$TOP" "$real" "$TESTDIR" "$O"
line2=$(grep -m1 'posix-stubs.c:73:5: warning:' "$reports/robot-arm-gcc-posix-stubs.txt" | sed 's/^ *//')
ok "LINE= that no corpus file prints: the builds that compiled its file without printing it (status 2)" bash -c '
	! make -C "$0" -s repro LINE="$1" SEED=1 CORPUS="$2/corpus" O="$3" > "$2/repro-none.out" 2>&1 &&
	grep -q "^  COMPILED kernel/time/posix-stubs.o, in the [0-9]* corpus file(s)" "$2/repro-none.out" &&
	grep -q "^           compiled without printing it: .*gcc-12-W123: seed 1" "$2/repro-none.out" &&
	grep -q "no warning matching that line" "$2/repro-none.out"' "$TOP" "$line2" "$TESTDIR" "$O"
