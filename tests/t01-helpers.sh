#!/bin/bash
# The C helpers: warning-clean with gcc and clang, and kwarn-parse on real
# captured compiler output (tests/fixtures), under ASan and UBSan.
#
# A fixture is a directory: the captured files (per-object .NAME.kwarn files
# as kwarn-cc wrote them, or a make log), "args" (kwarn-parse options; the
# captured paths are kept as they were printed) and "expect": one line per
# record, written by reading the captured output by hand:
#   kind tool flag level path:line:col count nobjects include-depth notes function
. "$(dirname "$0")/lib.sh"
parse=$TOP/.build/san/kwarn-parse
fix=$TOP/tests/fixtures

for cc in gcc clang-14; do
	ok "helpers build with $cc -Wall -Wextra -Werror" \
		make -C "$TOP" -s -B HELPER_CC=$cc HOSTOUT="$TESTDIR/hb-$cc" helpers
done

summary() {
	jq -r '[.kind, .tool, .flag, (.level | tostring), "\(.path):\(.line):\(.col)",
		.count, .nobjects, (.include | length), (.notes | length),
		(.function // "-")] | @tsv'
}

for d in "$fix"/*/; do
	name=$(basename "$d")
	(cd "$d" && eval "$parse $(cat args)") > "$TESTDIR/$name.jsonl" 2> "$TESTDIR/$name.err"
	n=$((n + 1))
	if [ -s "$TESTDIR/$name.err" ]; then
		echo "not ok $n - fixture $name: kwarn-parse failed"; sed 's/^/#   /' "$TESTDIR/$name.err"
	else
		echo "ok $n - fixture $name: parses cleanly under ASan+UBSan"
	fi
	summary < "$TESTDIR/$name.jsonl" > "$TESTDIR/$name.got"
	expect_eq "fixture $name: records as read by hand" "$d/expect" "$TESTDIR/$name.got"
	ok "fixture $name: every record is valid JSON with a 16-digit key" \
		jq -e -s 'all(.key | test("^[0-9a-f]{16}$"))' "$TESTDIR/$name.jsonl"
done

# kwarn-sites on a 64-bit image (the host gcc's; boot tests read 32-bit ones)
gcc -Os -nostdlib -static -o "$TESTDIR/sites64.elf" "$TOP/tests/fuzz-seeds/sites.c"
printf '%s\n' '# section=_ftrace_branch bytes=120 record=40 entries=3 objects=40:3 unresolved=0' \
	'1511	kernel/kernel_init_if.c	kernel_init_if' '1287	kernel/do_one_initcall_if.c	do_one_initcall_if' \
	'716	kernel/start_kernel_if.c	start_kernel_if' \
	'# section=_ftrace_annotated_branch bytes=48 record=48 entries=1 objects=48:1 unresolved=0' \
	'6640	kernel/sched/core.c	schedule' > "$TESTDIR/sites64.want"
{ $TOP/.build/san/kwarn-sites "$TESTDIR/sites64.elf" && $TOP/.build/san/kwarn-sites -a "$TESTDIR/sites64.elf"; } \
	> "$TESTDIR/sites64.got" 2>&1
expect_eq "kwarn-sites reads a 64-bit image's records (tests/fuzz-seeds/sites.c), under ASan+UBSan" \
	"$TESTDIR/sites64.want" "$TESTDIR/sites64.got"

# Inputs that crashed a helper under the fuzzer (make fuzz): refused or
# read, never a crash nor a sanitizer report.
for d in "$TOP"/tests/fuzz/*/; do
	h=$(basename "$d")
	ok "$h: the $(ls "$d" | wc -l) inputs that once crashed it, under ASan+UBSan" bash -c "
		for f in $d*; do
			$TOP/.build/san/$h \$f > /dev/null 2> $TESTDIR/fuzz.err; rc=\$?
			[ \$rc -le 1 ] && ! grep -q Sanitizer $TESTDIR/fuzz.err || { echo \"# \$f: exit \$rc\"; exit 1; }
		done"
done

# No leak and no memory error, by valgrind, in the plain (unsanitized)
# helpers: kwarn-parse on every fixture, kwarn-sites, kwarn-svg.
"$TOP/mk/need-packages.sh" valgrind
vg() { valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
	--error-exitcode=99 "$@" > /dev/null 2>> "$TESTDIR/valgrind.err"; }
rm -f "$TESTDIR/valgrind.err"
ok "valgrind: no leak, no memory error in the helpers on the fixtures" bash -c "
	$(declare -f vg); TESTDIR=$TESTDIR
	for d in $fix/*/; do (cd \$d && eval \"vg $TOP/.build/bin/kwarn-parse \$(cat args)\") || exit 1; done &&
	vg $TOP/.build/bin/kwarn-sites $TESTDIR/sites64.elf && vg $TOP/.build/bin/kwarn-sites -a $TESTDIR/sites64.elf &&
	vg $TOP/.build/bin/kwarn-svg -l $TOP/tests/fuzz-seeds/flags.tsv && test ! -s $TESTDIR/valgrind.err"

# Keys survive line drift: shift every line number, keys stay.
g=$fix/gcc12-devicetable
sed -E 's/(\.[ch]):([0-9]+):/\1:1\2:/' "$g/scripts/mod/.devicetable-offsets.s.kwarn" > "$TESTDIR/drift.kwarn"
ok "keys survive line drift" bash -c "
	diff <($parse -s /root/.cache/kwarn/src/linux-source-6.1 $g/scripts/mod/.devicetable-offsets.s.kwarn | jq -r .key) \
	     <($parse -s /root/.cache/kwarn/src/linux-source-6.1 $TESTDIR/drift.kwarn | jq -r .key)"

# Bad input: one clear line naming the file and line, documented exit code.
printf 'a.c:1:2: warning: x [-Wx]\nb\0c\n' > "$TESTDIR/nul.log"
ok "a NUL byte is bad input: exit 1, file and line named" bash -c "
	$parse $TESTDIR/nul.log > /dev/null 2> $TESTDIR/err; test \$? = 1 &&
	grep -qx 'kwarn-parse: $TESTDIR/nul.log:2: binary data (NUL byte)' $TESTDIR/err"
ok "an unreadable file: exit 3, file named" bash -c "
	$parse $TESTDIR/no-such.log > /dev/null 2> $TESTDIR/err; test \$? = 3 &&
	grep -q 'no-such.log' $TESTDIR/err"
printf -- '-Wfoo\tx\n' > "$TESTDIR/bad.levels"
ok "a bad levels table: exit 1, file and line named" bash -c "
	$parse -l $TESTDIR/bad.levels < /dev/null > /dev/null 2> $TESTDIR/err; test \$? = 1 &&
	grep -qx 'kwarn-parse: $TESTDIR/bad.levels:1: bad level' $TESTDIR/err"
ok "CRLF line ends parse like LF" bash -c "
	diff <($parse $g/scripts/mod/.devicetable-offsets.s.kwarn | jq -c 'del(.objects, .nobjects)') \
	     <(sed 's/\$/\r/' $g/scripts/mod/.devicetable-offsets.s.kwarn | $parse | jq -c 'del(.objects, .nobjects)')"
