#!/bin/bash
# The C helpers: warning-clean with gcc and clang, kwarn-parse on real
# captured compiler output (tests/fixtures), and what each helper refuses
# (options that would make invalid output, paths that are not regular
# files), under ASan and UBSan.
#
# A fixture is a directory: the captured files (per-object .NAME.kwarn files
# as kwarn-cc wrote them, or a make log), "args" (kwarn-parse options: lib.sh's
# fixture_args; the captured paths are kept as they were printed) and
# "expect": one line per record, written by reading the captured output by hand:
#   kind tool flag level path:line:col count nobjects include-depth notes function
. "$(dirname "$0")/lib.sh"
parse=$TOP/.build/san/kwarn-parse
fix=$TOP/tests/fixtures
plan $((76 + 3 * $(ls "$fix"/*/args | wc -l) + $(ls -d "$TOP"/tests/fuzz/*/ | wc -l)))

for cc in gcc clang-14; do
	ok "helpers build with $cc -Wall -Wextra -Werror" \
		make -C "$TOP" -s -B HELPER_CC=$cc HOSTOUT="$TESTDIR/hb-$cc" helpers
done
# kwarn-agg reads summaries with the line limit every corpus reader has:
# helpers/util.h's LINES_MAX is mk/corpus-lib.jq's line_max
printf '#include <stdio.h>\n#include "util.h"\nint main(void) { printf("%%u\\n", LINES_MAX); return 0; }\n' > "$TESTDIR/lines-max.c"
ok "the helpers' line limit is the corpus readers' (util.h LINES_MAX = corpus-lib.jq line_max)" bash -c "
	gcc -I $TOP/helpers -o $TESTDIR/lines-max $TESTDIR/lines-max.c &&
	test \"\$($TESTDIR/lines-max)\" = \"\$(jq -n -L $TOP/mk 'include \"corpus-lib\"; line_max')\""

summary() {
	jq -r '[.kind, .tool, .flag, (.level | tostring), "\(.path):\(.line):\(.col)",
		.count, .nobjects, (.include | length), (.notes | length),
		(.function // "-")] | @tsv'
}

for d in "$fix"/*/; do
	[ -f "$d/args" ] || continue	# failures/: t18's
	name=$(basename "$d")
	(cd "$d" && eval "$parse $(fixture_args .)") > "$TESTDIR/$name.jsonl" 2> "$TESTDIR/$name.err"
	[ ! -s "$TESTDIR/$name.err" ]
	tap_result $? "fixture $name: parses cleanly under ASan+UBSan" || sed 's/^/#   /' "$TESTDIR/$name.err"
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
	$(declare -f vg fixture_args); TESTDIR=$TESTDIR FIXTURE_O=$FIXTURE_O
	for d in $fix/*/; do [ -f \$d/args ] || continue; (cd \$d && eval \"vg $TOP/.build/bin/kwarn-parse \$(fixture_args .)\") || exit 1; done &&
	vg $TOP/.build/bin/kwarn-sites $TESTDIR/sites64.elf && vg $TOP/.build/bin/kwarn-sites -a $TESTDIR/sites64.elf &&
	vg $TOP/.build/bin/kwarn-svg -l $TOP/tests/fuzz-seeds/flags.tsv && vg $TOP/.build/bin/kwarn-svg -c $TOP/tests/fuzz-seeds/flags.tsv &&
	test ! -s $TESTDIR/valgrind.err"

# A build directory right inside the tree (Kbuild's srctree "..", paths
# ../kernel/...) gives the records of the same directory built out of
# tree (absolute paths), keys included (both logs as captured, the paths
# as they were then)
t=$fix/gcc12-in-tree-o
ok "fixture gcc12-in-tree-o: the in-tree build's records are the out-of-tree build's" bash -c "
	cd $t && diff <($parse -s /tmp/lw/linux -b /tmp/lw/linux/b -t gcc -l levels.tsv make.log | jq -c 'del(.ordinal)' | sort) \
		<($parse -s /tmp/lw/linux -b /tmp/lw/out -t gcc -l levels.tsv out-of-tree.log | jq -c 'del(.ordinal)' | sort)"

# Keys survive line drift: shift every line number, keys stay.
g=$fix/gcc12-devicetable
sed -E 's/(\.[ch]):([0-9]+):/\1:1\2:/' "$g/scripts/mod/.devicetable-offsets.s.kwarn" > "$TESTDIR/drift.kwarn"
ok "keys survive line drift" bash -c "
	diff <($parse -s $FIXTURE_O/src/linux-source-6.1 $g/scripts/mod/.devicetable-offsets.s.kwarn | jq -r .key) \
	     <($parse -s $FIXTURE_O/src/linux-source-6.1 $TESTDIR/drift.kwarn | jq -r .key)"

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
# the levels table: every rule with its reason, each kind of line checked
badlevels() { # WHAT LINE MESSAGE: LINE, after a good first line, is refused
	printf -- '-Wx\t1\tgood\n%s\n' "$2" > "$TESTDIR/bad.levels"
	printf 'kwarn-parse: %s:2: %s\n' "$TESTDIR/bad.levels" "$3" > "$TESTDIR/bad.want"
	ok "a levels table with $1: exit 1, \"$3\" at line 2" bash -c "
		$parse -l $TESTDIR/bad.levels < /dev/null > /dev/null 2> $TESTDIR/err; test \$? = 1 &&
		cmp $TESTDIR/bad.want $TESTDIR/err"
}
badlevels "a rule without its reason" $'-Wfoo\t1' "no reason after the level"
badlevels "an empty reason" $'-Wfoo\t1\t' "no reason after the level"
badlevels "an unknown rule" $'rule:unused-everything\t2\twhy' "unknown rule 'rule:unused-everything'"
badlevels "a bad regular expression" $'msg:-Wx:a(b\t2\twhy' "bad regular expression"
badlevels "a message rule without its flag" $'msg::a\t2\twhy' "expected msg:FLAG:REGEX"
# the whole table applies: the first message rule of the flag whose
# regular expression matches the message's start, else the flag's level
printf 'a.c:1:2: warning: packed attribute is unnecessary for x [-Wattributes]\n%s\n%s\n' \
	'a.c:2:2: warning: unused x, packed attribute is unnecessary [-Wattributes]' \
	'a.c:3:2: warning: packed attribute is unnecessary [-Wpacked]' > "$TESTDIR/rules.log"
printf '%s\t%s\t%s\n' -Wattributes 0 'why 0' -Wpacked 3 'why 3' \
	'msg:-Wattributes:packed (attribute|field) is unnecessary' 2 'why 2' \
	'msg:-Wattributes:packed' 1 'why 1' > "$TESTDIR/rules.levels"
ok "kwarn-parse -l: a message rule applies to its flag's messages that start with a match" bash -c "
	test \"\$($parse -l $TESTDIR/rules.levels $TESTDIR/rules.log | jq -r .level | tr '\n' ' ')\" = '2 0 3 '"
ok "CRLF line ends parse like LF" bash -c "
	diff <($parse $g/scripts/mod/.devicetable-offsets.s.kwarn | jq -c 'del(.objects, .nobjects)') \
	     <(sed 's/\$/\r/' $g/scripts/mod/.devicetable-offsets.s.kwarn | $parse | jq -c 'del(.objects, .nobjects)')"

# Refused, before anything is written: an option value that would make
# invalid output (exit 2), input text the output cannot hold (exit 1), and
# a path kwarn-cc would replace that is not a regular file (exit 2). The
# message must be the whole of stderr (one line), stdout must stay empty.
refuses() {	# refuses CODE MESSAGE CMD...
	local code=$1 msg=$2 rc
	shift 2
	"$@" > "$TESTDIR/refused.out" 2> "$TESTDIR/refused.err" < /dev/null
	rc=$?
	[ $rc = "$code" ] && [ ! -s "$TESTDIR/refused.out" ] &&
		[ "$(cat "$TESTDIR/refused.err")" = "$msg" ] ||
		{ echo "# exit $rc, said: $(head -c 300 "$TESTDIR/refused.err")"; false; }
}
r=$TESTDIR/refuse
rm -rf "$r" && mkdir -p "$r"
printf 'a.c:1:2: warning: x [-Wx]\n' > "$r/one.log"

# kwarn-parse -x: spliced into every record as is
while IFS='|' read -r x why; do
	ok "kwarn-parse -x $x: refused, exit 2 ($why)" \
		refuses 2 "kwarn-parse: -x '$x': $why" "$parse" -x "$x" "$r/one.log"
done <<'X'
}{|byte 1: expected "NAME":VALUE
"seed":1,|byte 10: expected "NAME":VALUE
"key":"x"|byte 1: "key" is a field of every record
"seed":1,"seed":2|byte 10: "seed" given twice
"a-b":1|byte 3: a NAME is letters, digits and '_'
"a":[1]|byte 5: a VALUE is a string, number, true, false or null
"a":01|byte 5: a bad number
"a":"x|byte 7: a string without its closing quote
"a":"\q"|byte 6: a bad escape
"a" 1|byte 5: expected ':' after the NAME
"a":1 "b":2|byte 7: expected ',' or the end
X
ok "kwarn-parse -x with a line break: refused, exit 2" \
	refuses 2 "kwarn-parse: -x '\"a\":1,\\x0a\"b\":2': byte 7: a line break: each record is one line" \
	"$parse" -x $'"a":1,\n"b":2' "$r/one.log"
ok "kwarn-parse -x with a control character in a string: refused, exit 2" \
	refuses 2 "kwarn-parse: -x '\"a\":\"\\x01\"': byte 6: a control character in a string (write it \\u00XX)" \
	"$parse" -x $'"a":"\001"' "$r/one.log"
ok "kwarn-parse -x with invalid UTF-8 (a surrogate): refused, exit 2" \
	refuses 2 "kwarn-parse: -x '\"a\":\"\\xed\\xa0\\x80\"': byte 6: invalid UTF-8" \
	"$parse" -x $'"a":"\355\240\200"' "$r/one.log"
ok "kwarn-parse -t '': refused, exit 2" \
	refuses 2 "kwarn-parse: -t '': empty: every record names its tool" "$parse" -t '' "$r/one.log"
ok "kwarn-parse -x as mk/corpus.sh gives it: every record valid JSON, with its fields" bash -c "
	$parse -x '\"seed\":1,\"toolchain\":\"gcc-12\", \"w\" : \"123\",\"variant\":\"pl\\u00e1in\",\"n\":-1.5e3,\"b\":true' \
		$r/one.log > $r/x.jsonl &&
	jq -e -s 'length == 1 and all(.seed == 1 and .toolchain == \"gcc-12\" and .w == \"123\" and
		.variant == \"pl\u00e1in\" and .n == -1500 and .b == true and .tool == \"gcc\")' $r/x.jsonl"
printf 'a.c:1:2: warning: a\355\240\200b \340\200\200 \364\220\200\200 [-Wx]\n' > "$r/utf8.log"
ok "kwarn-parse: a surrogate, an overlong form, a code point past U+10FFFF become U+FFFD: valid UTF-8 JSON" bash -c "
	$parse $r/utf8.log > $r/utf8.jsonl && iconv -f UTF-8 -t UTF-8 $r/utf8.jsonl > /dev/null &&
	test \"\$(jq -r .message $r/utf8.jsonl)\" = 'a$(printf '\357\277\275%.0s' 1 2 3)b $(printf '\357\277\275%.0s' 1 2 3) $(printf '\357\277\275%.0s' 1 2 3 4)'"
printf 'a.c:1:2: warning: \b\f\r\001\177 \351 [-Wx]\n' > "$r/ctl.log"
ok "kwarn-parse writes its records as jq -c does (the corpus's bytes): control characters, invalid UTF-8" bash -c "
	$parse $r/utf8.log $r/ctl.log > $r/ctl.jsonl && jq -c . $r/ctl.jsonl | cmp - $r/ctl.jsonl"

# kwarn-svg: its text options and the table's text go into XML escaped;
# XML cannot hold a control character or invalid UTF-8 even escaped
svg=$TOP/.build/san/kwarn-svg
flags=$TOP/tests/fuzz-seeds/flags.tsv
ok "kwarn-svg -t with a control character: refused, exit 2" \
	refuses 2 "kwarn-svg: -t 'a\\x01b': byte 2: a character XML does not allow" "$svg" -t $'a\001b' "$flags"
ok "kwarn-svg -x with invalid UTF-8: refused, exit 2" \
	refuses 2 "kwarn-svg: -x 'caf\\xe9': byte 4: invalid UTF-8" "$svg" -x $'caf\351' "$flags"
ok "kwarn-svg -y with U+FFFF: refused, exit 2" \
	refuses 2 "kwarn-svg: -y 'n\\xef\\xbf\\xbf': byte 2: a character XML does not allow" "$svg" -y $'n\357\277\277' "$flags"
ok "kwarn-svg -i with a space: refused, exit 2" \
	refuses 2 "kwarn-svg: -i 'a b': an id is not empty and has no white space" "$svg" -i 'a b' "$flags"
ok "kwarn-svg -i '': refused, exit 2" \
	refuses 2 "kwarn-svg: -i '': an id is not empty and has no white space" "$svg" -i '' "$flags"
printf '\tA\nok\t1\nx\033y\t2\n' > "$r/esc.tsv"
ok "kwarn-svg: a label with a control character is bad input: exit 1, file and line named" \
	refuses 1 "kwarn-svg: $r/esc.tsv:3: byte 2: a character XML does not allow" "$svg" "$r/esc.tsv"
ok "kwarn-svg: markup and UTF-8 in the options give well-formed XML" bash -c "
	$svg -i c-1.x -t 'a<b>&\"c\" café' -x \$'tab\tnew\nline' -y \"'y'\" $flags > $r/ok.svg &&
	python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' $r/ok.svg &&
	grep -q 'a&lt;b&gt;&amp;&quot;c&quot; caf' $r/ok.svg"

# kwarn-svg -c: a line per series through its values, left to right and
# upwards (a missing value skipped), the last one printed at its end
printf '\tkeys\tother\n1\t10\t-\n2\t25\t5\n3\t40\t\n' > "$r/curve.tsv"
ok "kwarn-svg -c: a polyline per series, its values and points in order, rising with them" bash -c "
	$svg -c -i d $r/curve.tsv > $r/curve.svg &&
	python3 -c 'import sys, xml.etree.ElementTree as E
ns = {\"s\": \"http://www.w3.org/2000/svg\"}
root = E.parse(sys.argv[1]).getroot()
lines = root.findall(\"s:polyline\", ns)
got = [(l.get(\"data-series\"), l.get(\"data-values\"), [tuple(map(float, p.split(\",\"))) for p in l.get(\"points\").split()]) for l in lines]
(k, kv, kp), (o, ov, op) = got
assert root.get(\"data-points\") == \"4\" and root.get(\"data-scale\") == \"linear\"
assert (k, kv, o, ov) == (\"keys\", \"10 25 40\", \"other\", \"5\"), got
assert kp[0][0] < kp[1][0] < kp[2][0] and kp[0][1] > kp[1][1] > kp[2][1] and op[0][0] == kp[1][0], got
assert [t.text for t in root.iter(\"{http://www.w3.org/2000/svg}text\") if t.get(\"class\") == \"value\"] == [\"40\", \"5\"]
' $r/curve.svg"

# kwarn-sites: names from the image go into TSV lines as they are
sed 's|"kernel/sched/core.c"|"kernel/sched/co\\tre.c"|' "$TOP/tests/fuzz-seeds/sites.c" > "$r/sites-tab.c"
gcc -Os -nostdlib -static -o "$r/sites-tab.elf" "$r/sites-tab.c"
ok "kwarn-sites: a tab in a record's file name is bad input: exit 1, nothing printed" \
	refuses 1 "kwarn-sites: $r/sites-tab.elf: _ftrace_annotated_branch record 0: a control character in its file or function name" \
	"$TOP/.build/san/kwarn-sites" -a "$r/sites-tab.elf"

# kwarn-cc replaces or removes only regular files: anything else at FILE
# (or DIR/.NAME.kwarn) is left as it was, and the command does not run
# (it would create $r/ran). A device node of our own stands for /dev/null.
kcc=$TOP/.build/san/kwarn-cc
mkfifo "$r/fifo"
ln -s /dev/null "$r/null-link"
mkdir "$r/dir"
mknod "$r/null" c 1 3
echo keep > "$r/file"
ln -s file "$r/file-link"
run='sh -c "echo diag >&2; touch '$r'/ran"'
ok "kwarn-cc --capture FIFO: refused, exit 2; still a FIFO, the command not run" bash -c "
	$(declare -f refuses); TESTDIR=$TESTDIR
	refuses 2 'kwarn-cc: $r/fifo: a FIFO, not a regular file: left as is' $kcc --capture $r/fifo $run &&
	test -p $r/fifo && test ! -e $r/ran"
ok "kwarn-cc --capture a symlink to /dev/null: refused, exit 2; the link and /dev/null unchanged" bash -c "
	$(declare -f refuses); TESTDIR=$TESTDIR
	refuses 2 'kwarn-cc: $r/null-link: a symbolic link, not a regular file: left as is' $kcc --capture $r/null-link $run &&
	test -L $r/null-link && test \"\$(readlink $r/null-link)\" = /dev/null && test -c /dev/null && test ! -e $r/ran"
ok "kwarn-cc --capture a directory: refused, exit 2; still an empty directory" bash -c "
	$(declare -f refuses); TESTDIR=$TESTDIR
	refuses 2 'kwarn-cc: $r/dir: a directory, not a regular file: left as is' $kcc --capture $r/dir $run &&
	test -d $r/dir && test -z \"\$(ls -A $r/dir)\" && test ! -e $r/ran"
ok "kwarn-cc --capture a character device (1,3: null): refused, exit 2; the node unchanged" bash -c "
	$(declare -f refuses); TESTDIR=$TESTDIR
	refuses 2 'kwarn-cc: $r/null: a character device, not a regular file: left as is' $kcc --capture $r/null true &&
	test -c $r/null && test \"\$(stat -c %t,%T $r/null)\" = 1,3"
ok "kwarn-cc --capture a symlink to a regular file: refused, exit 2; link and file unchanged" bash -c "
	$(declare -f refuses); TESTDIR=$TESTDIR
	refuses 2 'kwarn-cc: $r/file-link: a symbolic link, not a regular file: left as is' $kcc --capture $r/file-link $run &&
	test -L $r/file-link && test \"\$(cat $r/file)\" = keep && test ! -e $r/ran"
ok "kwarn-cc --capture '': refused, exit 2" refuses 2 "kwarn-cc: --capture '': no file named" "$kcc" --capture '' true
printf 'int f(void) { int x; return x; }\n' > "$r/warn.c"
mkfifo "$r/.warn.o.kwarn"
ok "kwarn-cc: a FIFO at DIR/.NAME.kwarn: refused, exit 2; still a FIFO, nothing compiled" bash -c "
	$(declare -f refuses); TESTDIR=$TESTDIR
	refuses 2 'kwarn-cc: $r/.warn.o.kwarn: a FIFO, not a regular file: left as is' \
		$kcc gcc -Wall -O2 -c -o $r/warn.o $r/warn.c &&
	test -p $r/.warn.o.kwarn && test ! -e $r/warn.o"
# exec keeps the pid: the temporary file's name FILE.PID.tmp is known
ok "kwarn-cc: a FIFO at the temporary file's name: refused, exit 2; still a FIFO" bash -c "
	bash -c 'echo \$\$ > $r/pid; mkfifo $r/cap.\$\$.tmp && exec $kcc --capture $r/cap $run' 2> $r/err
	test \$? = 2 && p=\$(cat $r/pid) &&
	test \"\$(cat $r/err)\" = \"kwarn-cc: $r/cap.\$p.tmp: a FIFO, not a regular file: left as is\" &&
	test -p $r/cap.\$p.tmp && test ! -e $r/cap && test ! -e $r/ran"
rm -f "$r"/cap*
ok "kwarn-cc: a killed run's regular temporary file is replaced" bash -c "
	bash -c 'echo stale > $r/cap.\$\$.tmp && exec $kcc --capture $r/cap sh -c \"echo diag >&2\"' &&
	test \"\$(cat $r/cap)\" = diag && ! ls $r/cap.* 2> /dev/null"
ok "kwarn-cc: a command that cannot run: exit 3 (not 127), no diagnostics file, no temporary file" bash -c "
	$(declare -f refuses); TESTDIR=$TESTDIR
	refuses 3 'kwarn-cc: no-such-cc: No such file or directory' $kcc no-such-cc -c -o $r/x.o $r/warn.c &&
	refuses 3 'kwarn-cc: no-such-cc: No such file or directory' $kcc no-such-cc --version &&
	! ls -A $r | grep -q '^\.x\.o'"

# kwarn-agg on tests/fuzz-seeds/summary.tsv (two summaries cut from the
# test corpus's), under ASan+UBSan: what it reads, and what it refuses,
# naming the file and the line.
agg=$TOP/.build/san/kwarn-agg
sum=$TOP/tests/fuzz-seeds/summary.tsv
a=$TESTDIR/agg
rm -rf "$a" && mkdir -p "$a"
"$agg" top -n 100 "$sum" > "$a/top" 2> "$a/err"
ok "kwarn-agg top: instances and unique per toolchain at W=123 are the summary's sums, under ASan+UBSan" bash -c "
	test ! -s $a/err &&
	diff <(awk -F '\t' '/^#/ { split(\$5, t, \"=\"); tc = t[2]; next } \$2 == \"warning\" { n[tc] += \$8; u[tc]++ }
		END { for (k in n) print k, n[k], u[k] }' $sum | sort) \
	     <(awk '/^== / { tc = \$2; sub(/:/, \"\", tc) } /^W=123: / { print tc, \$2, \$4 }' $a/top | sort)"
head -n 25 "$sum" > "$a/A" && tail -n +26 "$sum" > "$a/B"
zstd -q "$a/A" "$a/B"
ok "kwarn-agg reads summaries compressed or not, from files, a list or stdin, alike" bash -c "
	$agg top -n 100 $a/A.zst $a/B.zst | cmp - $a/top && $agg top -n 100 - < $sum | cmp - $a/top &&
	printf '%s\n' $a/A.zst $a/B > $a/list && $agg top -n 100 -T $a/list | cmp - $a/top"
# the two summaries as A and B: clang-14's (seed 2) sites are all new
ok "kwarn-agg compare -j: one JSON document; every B site new, every A site gone" bash -c "
	$agg compare -j -a $a/A -b $a/B > $a/cmp.json &&
	jq -e '(.new | length) == 22 and (.gone | length) == 24 and .both == 0' $a/cmp.json"
ok "valgrind: no leak, no memory error in kwarn-agg top (text, and -j with boots) and compare" bash -c "
	$(declare -f vg); TESTDIR=$TESTDIR
	printf '1\tgcc-12\tok\n2\tclang-14\tpanic\n9\tgcc-12\tok\n' > $a/boots &&
	vg $TOP/.build/bin/kwarn-agg top $a/A.zst $a/B.zst && vg $TOP/.build/bin/kwarn-agg compare -a $a/A -b $a/B &&
	vg $TOP/.build/bin/kwarn-agg top -j -s $a/boots $a/A.zst $a/B.zst &&
	vg $TOP/.build/bin/kwarn-agg compare -j -a $a/A -b $a/B && test ! -s $TESTDIR/valgrind.err"

# damaged summaries: exit 1, "kwarn-agg: FILE:LINE: why" alone on stderr
bad_sum() {	# bad_sum NAME SED: the summary with SED applied, as $a/NAME
	sed "$2" "$sum" > "$a/$1"
}
bad_sum key '3s/^[0-9a-f]*/xyz/'
bad_sum fields '4s/\t[^\t]*$//'
bad_sum level '5s/^\([^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t\)[0-9]*\t/\17\t/'
bad_sum count '6s/^\(\([^\t]*\t\)\{7\}\)[0-9]*/\1x/'
bad_sum escape '7s/$/ \\q/'
bad_sum unique '25d'
bad_sum instances '1s/instances=[0-9]*/instances=1/'
bad_sum version '1s/^#kwarn-summary\t3/#kwarn-summary\t4/'
bad_sum header '1s/^#kwarn-summary/kwarn-summary/'
bad_sum sha '1s/corpus_sha256=[0-9a-f]*/corpus_sha256=12/'
printf 'x\0y\n' >> "$a/escape.nul" && cat "$sum" "$a/escape.nul" > "$a/nul"
head -c 5000 "$sum" > "$a/cut"
while IFS='|' read -r name msg; do
	ok "kwarn-agg: a damaged summary ($name): exit 1, \"$msg\"" \
		refuses 1 "kwarn-agg: $a/$name:$msg" "$agg" compare -a "$sum" -b "$a/$name"
done <<X
key|3: the key is not 16 hex digits
fields|4: 11 fields, not 12
level|5: the level is not 0, 1, 2, 3 or empty
count|6: the line or the count is not a number
escape|7: a bad escape in field 12
unique|1: the header says unique 24, the file has 23 records
instances|1: the header says instances 1, the records' counts sum to $(awk -F '\t' 'NR > 1 && NR <= 25 { n += $8 } END { print n }' "$sum")
version|1: summary version 4 is newer than this kwarn's (3)
header|1: not a summary header (#kwarn-summary)
sha|1: corpus_sha256 is not 64 hex digits
nul|49: binary data (NUL byte)
X
ok "kwarn-agg: a summary cut in a line: exit 1, named" \
	refuses 1 "kwarn-agg: $a/cut:$(grep -c '' "$a/cut"): no newline at the end: the file was cut" "$agg" top "$a/cut"
head -n 10 "$sum" | zstd -q > "$a/short.zst"
ok "kwarn-agg: a compressed summary with fewer records than its header says: exit 1, named" \
	refuses 1 "kwarn-agg: $a/short.zst:1: the header says unique 24, the file has 9 records" \
	"$agg" top "$a/A.zst" "$a/short.zst" "$a/B.zst"
ok "kwarn-agg: a missing summary: exit 3, named" \
	refuses 3 "kwarn-agg: $a/none: No such file or directory" "$agg" top "$a/none"
ok "kwarn-agg compare without B: usage, exit 2" bash -c "
	$agg compare -a $sum > /dev/null 2>&1; test \$? = 2"
# the orders that bound their memory: top -g one toolchain's keys at a
# time, compare one seed's sites
ok "kwarn-agg top -g: a toolchain's summaries again after another's: exit 2, named" \
	refuses 2 "kwarn-agg: $a/A.zst:1: toolchain gcc-12 again after another's summaries: give each toolchain's summaries together (make top does)" \
	"$agg" top -g "$a/A.zst" "$a/B.zst" "$a/A.zst"
ok "kwarn-agg top -g: each toolchain's summaries together: what top prints" bash -c "
	$agg top -g -n 100 $a/A.zst $a/A $a/B.zst | cmp - <($agg top -n 100 $a/A.zst $a/B.zst $a/A)"
ok "kwarn-agg compare: a side's seeds out of order: exit 2, named" \
	refuses 2 "kwarn-agg: $a/A:1: seed 1 after seed 2: give each side's summaries in seed order (make compare does)" \
	"$agg" compare -a "$a/A" -b "$a/B" -b "$a/A"
