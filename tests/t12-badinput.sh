#!/bin/bash
# Bad input to make: one clear line, non-zero exit, nothing half-written.
. "$(dirname "$0")/lib.sh"
plan 140
need corpus gcc-12 123
c=$CDIR/$TEST_TC-W123.jsonl.zst

fails_with() {	# fails_with PATTERN CMD...: CMD fails and says PATTERN
	local pat=$1
	shift
	! "$@" > "$TESTDIR/bad.out" 2>&1 && grep -q -- "$pat" "$TESTDIR/bad.out"
}
# Settings are checked when make reads the command line: each bad one is
# refused with one line naming it, in an O= that make would otherwise fill
# (no tree, no config: the O= is never made).
# make_refuses GOAL MESSAGE SETTING...: make GOAL SETTING... fails saying MESSAGE
make_refuses() {
	local goal=$1 msg=$2
	shift 2
	rm -rf "$TESTDIR/no-such-o"
	! make -C "$TOP" "$goal" O="$TESTDIR/no-such-o" "$@" > "$TESTDIR/bad.out" 2>&1 &&
	grep -qF -- "$msg" "$TESTDIR/bad.out" && test ! -e "$TESTDIR/no-such-o" ||
		{ echo "# said: $(head -c 300 "$TESTDIR/bad.out")"; false; }
}
for s in abc -3 '' 1000000000 08 010 01 00 '1 2'; do
	ok "SEED='$s' is refused before any work (Kconfig reads 08 as bad octal, 010 as 8)" make_refuses corpus \
		"SEED must be a decimal number 0..999999999 without leading zeros, got '$s'" SEED="$s"
done
ok "SEEDS with a seed of leading zeros is refused" make_refuses corpus "SEEDS: '02' is not a seed" SEEDS="1 02"
for p in 101 07 -1 x; do
	ok "P=$p is refused before any work" make_refuses corpus \
		"P must be KCONFIG_PROBABILITY: a percentage 0..100, got '$p'" P="$p"
done
for w in 4 0 '' '1 2' 12a; do
	ok "W='$w' is refused before any work" make_refuses corpus \
		"W must be the levels 1, 2 and 3 combined (1, 12, 123, 2...), got '$w'" W="$w"
done
ok "WLEVELS with a bad level is refused" make_refuses corpus "WLEVELS: '14' is not a W level" WLEVELS="1 14"
campaign() { make -C "$TOP" -s -f GNUmakefile -f mk/print.mk kwarn-print-campaign-targets CAMPAIGN=corpus BOOT=0 "$@"; }
ok "W's digits are sorted and deduplicated: W=21 builds W=12, W=3211 W=123" bash -c "
	$(declare -f campaign); TOP=$TOP
	test \"\$(campaign SEED=4 TOOLCHAIN=gcc-12 W=21)\" = 'campaign-build/4/gcc-12/12' &&
	test \"\$(campaign SEED=4 TOOLCHAIN=gcc-12 W=3211)\" = 'campaign-build/4/gcc-12/123'"
ok "SEEDS takes numbers and ranges, each seed once, in the order given" bash -c "
	$(declare -f campaign); TOP=$TOP
	test \"\$(campaign SEEDS='9 3-5 4 1-1' TOOLCHAIN=gcc-12)\" = 'campaign-build/9/gcc-12/123 campaign-build/3/gcc-12/123 campaign-build/4/gcc-12/123 campaign-build/5/gcc-12/123 campaign-build/1/gcc-12/123'"
ok "a range that runs backwards is refused before any work" make_refuses corpus \
	"SEEDS: '5-3' is not a seed (a decimal number 0..999999999 without leading zeros) or a range FIRST-LAST" SEEDS="1 5-3"
ok "SEEDS of more than 100000 seeds is refused at once, whatever the goal" bash -c "
	$(declare -f make_refuses); TESTDIR=$TESTDIR TOP=$TOP
	make_refuses top 'SEEDS: 100000000 seeds; at most 100000 at once' SEEDS=1-100000000 &&
	make_refuses help 'SEEDS: 100001 seeds; at most 100000 at once' SEEDS='1-100000 0'"
# a goal that does not use the seeds does not expand them
mstime() { local t=$EPOCHREALTIME; make -C "$TOP" -s help O="$TESTDIR/w-o" "$@" > /dev/null; echo $(( (${EPOCHREALTIME/./} - ${t/./}) / 1000 )); }
plain=$(mstime) seeds=$(mstime SEEDS=1-100000)
ok "make help SEEDS=1-100000 takes no longer than make help (${seeds} ms against ${plain} ms)" test "$seeds" -lt $((plain + 300))
for j in 0 abc 2x 10000; do
	ok "JOBS=$j is refused before any work" make_refuses corpus \
		"JOBS must be a number of parallel jobs, 1..9999, got '$j'" JOBS="$j"
done
ok "an unknown CONFIG is refused before any work" make_refuses corpus \
	"CONFIG must be empty or the name of a fragment tests/NAME.config (small), got 'nope'" CONFIG=nope
ok "an unknown toolchain is refused before any work" make_refuses corpus \
	"TOOLCHAIN=icc-1: a toolchain: gcc-N, clang-N or a cross prefix ending in '-'" TOOLCHAIN=icc-1
ok "two toolchains in TOOLCHAIN are refused (TOOLCHAINS is the list)" make_refuses corpus \
	"TOOLCHAIN=gcc-12 clang-14: a toolchain" TOOLCHAIN="gcc-12 clang-14"
ok "a toolchain prefix with no compiler is refused before any work" make_refuses corpus \
	"TOOLCHAIN=/nonexistent/arm-: /nonexistent/arm-gcc: no such compiler" TOOLCHAIN=/nonexistent/arm-
ok "a bad toolchain in TOOLCHAINS is refused" make_refuses corpus "TOOLCHAINS: icc-1: a toolchain" TOOLCHAINS="gcc-12 icc-1"
ok "a bad REF_TOOLCHAIN is refused" make_refuses config "REF_TOOLCHAIN=gcc-x: a toolchain" REF_TOOLCHAIN=gcc-x
ok "compare with a bad B is refused" make_refuses compare "B=clang: a toolchain" A=gcc-12 B=clang
for v in O CORPUS; do
	ok "$v= with a space is refused (it wrote somewhere else)" bash -c "
		$(declare -f make_refuses)
		make_refuses corpus '$v must be one directory, its path of only letters, digits and / . _ - + , @' '$v=$TESTDIR/no-such-o b' && test ! -e $TOP/b"
done
# quotes and shell syntax in a path: refused in one line, nothing made
# (make where O='x"q' made directories named after the split command)
refused_in_quotes() {	# refused_in_quotes V Q: make where V=.../Q is refused, makes nothing
	rm -rf "$TESTDIR/quotes" && mkdir "$TESTDIR/quotes" &&
	(cd "$TESTDIR/quotes" && make_refuses where "$1 must be one directory, its path of only letters, digits and / . _ - + , @, got" \
		"$1=$TESTDIR/quotes/$2") && [ -z "$(ls -A "$TESTDIR/quotes")" ]
}
for q in 'x"q' "q'c" 'a;b' 'a`b' 'a#b' 'a^b'; do
	for v in O CORPUS; do
		ok "$v= with $q in its path is refused, nothing made" refused_in_quotes "$v" "$q"
	done
done
ok "FROM= with a quote in its path is refused" make_refuses merge "FROM: '/tmp/a\"b': only letters, digits" FROM='/tmp/a"b'
ok "FRAGMENT= with a quote in its path is refused" make_refuses config "FRAGMENT: '/tmp/a'b.config': only letters, digits" FRAGMENT="/tmp/a'b.config"
ok "a cross prefix with a space is refused (two words)" make_refuses corpus \
	"TOOLCHAIN=/opt/my x/arm-: a toolchain: gcc-N, clang-N or a cross prefix ending in '-'" TOOLCHAIN="/opt/my x/arm-"
ok "a LINE= with a line feed in it is refused, before any work" make_refuses repro \
	"LINE must be one line of the compiler's output, got a line feed in it" LINE="a.c:1:2: warning: x [-Wx]
b.c:3:4: warning: y [-Wy]"
ok "KSRC that is not a kernel tree is refused before any work" make_refuses corpus \
	"KSRC must be a kernel tree (a directory with Makefile, Kconfig and arch/arm/Kconfig), its path of only letters, digits and / . _ - + , @, got '/nonexistent'" KSRC=/nonexistent
mkdir -p "$TESTDIR/not-a-tree" && touch "$TESTDIR/not-a-tree/Makefile"
ok "KSRC with a Makefile but no Kconfig (not a kernel tree) is refused before any work" make_refuses corpus \
	"KSRC must be a kernel tree" KSRC="$TESTDIR/not-a-tree"
# a ^ in a KSRC path would name the RUN of another tree (a/b and a^b)
mkdir -p "$TESTDIR/a^b/arch/arm" && touch "$TESTDIR/a^b/Makefile" "$TESTDIR/a^b/Kconfig" "$TESTDIR/a^b/arch/arm/Kconfig"
ok "KSRC with a ^ in its path is refused: its RUN's name would be another tree's" make_refuses corpus \
	"KSRC must be a kernel tree" KSRC="$TESTDIR/a^b"
ok "FORMAT=xml is refused" make_refuses compare "FORMAT must be text, json or mail, got 'xml'" FORMAT=xml A=gcc-12 B=clang-14
ok "a non-numeric LIST is refused" make_refuses compare "LIST must be a number 1..999999999, got 'abc'" LIST=abc
ok "TOP_N=0 is refused" make_refuses top "TOP_N must be a number 1..999999999, got '0'" TOP_N=0
ok "V=2 is refused" make_refuses corpus "V must be 0 or 1, got '2'" V=2
ok "VARIANT=debug is refused" make_refuses build "VARIANT must be plain or profile, got 'debug'" VARIANT=debug
ok "an unknown checker is refused" make_refuses corpus "CHECKERS must be empty or some of: sparse clang-analyzer, got 'lint'" CHECKERS=lint
# make slurm's settings, refused before sbatch is looked for
ok "TASK_CPUS=0 is refused" make_refuses slurm "TASK_CPUS must be a number of CPUs, 1..9999, got '0'" TASK_CPUS=0
ok "SEEDS_PER_TASK=x is refused" make_refuses slurm "SEEDS_PER_TASK must be a number 1..999999999, got 'x'" SEEDS_PER_TASK=x
ok "MAX_TASKS=-1 is refused" make_refuses slurm "MAX_TASKS must be a number of tasks 0..999999999 (0: no limit), got '-1'" MAX_TASKS=-1
for t in 1::2 :30 4:00- 'x'; do
	ok "TIME_LIMIT=$t is refused" make_refuses slurm "TIME_LIMIT must be a Slurm time limit: MINUTES, HH:MM:SS or DAYS-HH:MM:SS, got '$t'" TIME_LIMIT="$t"
done
ok "PARTITION with a space is refused" make_refuses slurm "PARTITION must be a Slurm name: letters, digits, _ - ., got 'a b'" PARTITION="a b"
ok "a relative NODE_O is refused (the tasks run elsewhere)" make_refuses slurm "NODE_O must be an absolute directory, its path of only letters, digits and / . _ - + , @, got 'o'" NODE_O=o
ok "REPORT naming a device is refused, and the device is left alone" bash -c "
	$(declare -f make_refuses); TESTDIR=$TESTDIR TOP=$TOP
	make_refuses report 'REPORT=/dev/null: not a regular file: kwarn writes it only as a file' REPORT=/dev/null &&
	test -c /dev/null"
mkfifo "$TESTDIR/fifo" 2> /dev/null
ok "SCRIPT naming a FIFO is refused, the FIFO left alone" bash -c "
	$(declare -f make_refuses); TESTDIR=$TESTDIR TOP=$TOP
	make_refuses repro 'SCRIPT=$TESTDIR/fifo: not a regular file' ID=1 SCRIPT=$TESTDIR/fifo && test -p $TESTDIR/fifo"
ok "newwarn with a DIFF that is not there is refused before any work" make_refuses newwarn \
	"DIFF must be a readable patch file, its path of only letters, digits and / . _ - + , @, got '/nonexistent'" DIFF=/nonexistent
ok "an ID that is not hex is refused" make_refuses repro "ID must be a corpus key or a prefix of one: 1 to 16 hex digits, got 'xyz'" ID=xyz
ok "an ID longer than a key is refused" make_refuses repro "ID must be a corpus key or a prefix of one" ID=0123456789abcdef0
key=$(zstd -dcq "$c" | sed -n 2p | jq -r .key)
KEY=$(tr a-f A-F <<< "$key")
ok "an upper case ID names the same key ($KEY)" bash -c "
	make -C $TOP repro ID=$KEY $TEST_RUN_VARS CORPUS=$TESTDIR/corpus O=$O SCRIPT=$TESTDIR/upper.sh > $TESTDIR/upper.out 2>&1 &&
	grep -q 'WARNING  $key ' $TESTDIR/upper.out"
mkdir -p "$TESTDIR/ambiguous/$TEST_RUN/seed-1" && cp "$c" "$TESTDIR/ambiguous/$TEST_RUN/seed-1/"
rm -rf "$TESTDIR/fresh-o"
nkeys=$(zstd -dcq "$c" | jq -r 'select(.type == "diag") | .key' | grep -c '^a')
ok "an ambiguous ID: how many keys match and a few of them, before the tree is made" bash -c "
	! make -C $TOP repro ID=a $TEST_RUN_VARS CORPUS=$TESTDIR/ambiguous O=$TESTDIR/fresh-o > $TESTDIR/bad.out 2>&1 &&
	grep -q \"kwarn: repro: ID a is ambiguous: $nkeys keys match (\(a[0-9a-f]* \)\{5\}...); give more of the key\" $TESTDIR/bad.out &&
	test \$(cat $TESTDIR/fresh-o/repro/status) = 2 && test ! -e $TESTDIR/fresh-o/src"
ok "a setting kwarn does not know gets a warning naming it" bash -c "
	make -C $TOP help SEEED=7 KCFLAGS=-O3 O=$TESTDIR/w-o 2>&1 > /dev/null |
	grep -c 'is not a kwarn setting (make help lists them)' | grep -qx 2"
# make -n runs recipe lines marked + (the build's, for the jobserver):
# the step must still do nothing
ok "make -n -B build prints the build's command and runs nothing: no build directory, no step logged" bash -c "
	rm -rf $TESTDIR/dry-o && make -n -B -C $TOP build O=$TESTDIR/dry-o > $TESTDIR/dry.out 2>&1 &&
	grep -q 'mk/desc.sh .* -- $TOP/mk/build.sh ' $TESTDIR/dry.out &&
	test ! -e $TESTDIR/dry-o/linux-source-6.1 -a ! -e $TESTDIR/dry-o/steps.log"
# make help lists every target and every setting: each .PHONY target and
# each ?= setting of the makefiles (but the internal ones) is in it
internal='FORCE|all|boot-one|initramfs|report-packages|series-base|campaign-prep|scratch-desc|TREE_NAME'
phony=$(sed -n 's/^\.PHONY://p' "$TOP"/GNUmakefile "$TOP"/mk/*.mk "$TOP"/mk/*/*.mk | tr ' ' '\n' | grep . | grep -vxE "$internal" | sort -u)
vars=$(sed -n 's/^\([A-Z][A-Z0-9_]*\) *?=.*/\1/p' "$TOP"/GNUmakefile "$TOP"/mk/*.mk "$TOP"/mk/*/*.mk | grep -vxE "$internal" | sort -u)
make -C "$TOP" -s help > "$TESTDIR/help.out"
ok "make help lists every target ($(wc -w <<< "$phony")) and setting ($(wc -w <<< "$vars")), one line each" bash -c "
	for t in $(echo $phony); do grep -q \"^  make \$t\( \|\$\)\" $TESTDIR/help.out || { echo \"# no target \$t\"; exit 1; }; done
	for v in $(echo $vars); do grep -q \"^  \$v=\" $TESTDIR/help.out || { echo \"# no setting \$v\"; exit 1; }; done"
# one tree stamp per KSRC: builds from one tree are out of date against another
stamp() { make -C "$TOP" -s -f GNUmakefile -f mk/print.mk kwarn-print-TREE_STAMP KSRC="$1" O="$O"; }
for t in tree-a tree-b tree-a/b tree-a-b; do
	mkdir -p "$TESTDIR/$t/arch/arm" && touch "$TESTDIR/$t/Makefile" "$TESTDIR/$t/Kconfig" "$TESTDIR/$t/arch/arm/Kconfig"
done
ok "each KSRC tree has a stamp of its own" test "$(stamp "$TESTDIR/tree-a")" != "$(stamp "$TESTDIR/tree-b")"
ok "  tree-a/b and tree-a-b too" test "$(stamp "$TESTDIR/tree-a/b")" != "$(stamp "$TESTDIR/tree-a-b")"
cp "$c" "$TESTDIR/trunc.jsonl.zst"
mkdir -p "$TESTDIR/badcorpus/$TEST_RUN/seed-9"
head -c 300 "$c" > "$TESTDIR/badcorpus/$TEST_RUN/seed-9/gcc-12-W123.jsonl.zst"
ok "make top on a truncated corpus file fails, naming it" fails_with "seed-9/gcc-12-W123.jsonl.zst" \
	make -C "$TOP" -s top $TEST_RUN_VARS CORPUS="$TESTDIR/badcorpus"
ok "make top with no corpus says so" fails_with "no corpus of W=123 in" \
	make -C "$TOP" -s top CORPUS="$TESTDIR/nocorpus"
ok "make top SEEDS=1-100000: seed 1's tables (the seeds listed by a script, not on a command line)" bash -c "
	make -C $TOP -s top $TEST_RUN_VARS CORPUS=$TESTDIR/corpus SEED=$TEST_SEED > $TESTDIR/top-1.out &&
	make -C $TOP -s top $TEST_RUN_VARS CORPUS=$TESTDIR/corpus SEEDS=1-100000 > $TESTDIR/top-many.out &&
	test -s $TESTDIR/top-1.out && cmp $TESTDIR/top-1.out $TESTDIR/top-many.out"
corrupt=$TESTDIR/badcorpus/$TEST_RUN/seed-9/gcc-12-W123.jsonl.zst
cp "$c" "$corrupt" && printf '\377\377\377\377\377\377\377\377' |
	dd of="$corrupt" bs=1 seek=4000 conv=notrunc status=none
ok "make top on a corrupt corpus file (bytes overwritten) fails, naming it" fails_with \
	"seed-9/gcc-12-W123.jsonl.zst" make -C "$TOP" -s top $TEST_RUN_VARS CORPUS="$TESTDIR/badcorpus"
zstd -dcq "$c" | jq -c 'if .type == "build" then .schema = 99 else . end' | zstd -q > "$corrupt"
ok "a corpus of a newer schema is refused, naming it" fails_with \
	"seed-9/gcc-12-W123.jsonl.zst:1: schema 99 is newer than this kwarn's (2)" \
	make -C "$TOP" -s top $TEST_RUN_VARS CORPUS="$TESTDIR/badcorpus"
ok "a toolchain whose packages do not exist: one line naming them" fails_with \
	"kwarn: need-packages: cannot install: clang-99 lld-99 llvm-99 clang-tools-99" \
	make -C "$TOP" build $TEST_VARS TOOLCHAIN=clang-99 O="$O"

# kwarn-parse on bad logs: exit 1, "kwarn-parse: FILE:LINE: why", no output
parse=$TOP/.build/san/kwarn-parse
refused() {	# refused FILE MESSAGE: kwarn-parse FILE exits 1, says MESSAGE, writes nothing
	"$parse" "$1" > "$TESTDIR/bad.out" 2> "$TESTDIR/bad.err"
	local rc=$?
	[ $rc = 1 ] && [ ! -s "$TESTDIR/bad.out" ] && grep -qxF -- "kwarn-parse: $1:$2" "$TESTDIR/bad.err" ||
		{ echo "# exit $rc, said: $(head -c 200 "$TESTDIR/bad.err")"; false; }
}
ok "binary garbage (an ELF file) is refused" refused "$TOP/.build/bin/kwarn-cc" "1: binary data (NUL byte)"
{ printf 'a.c:1:2: warning: x [-Wx]\n'; head -c 100000000 /dev/zero | tr '\0' x; } > "$TESTDIR/long.log"
ok "a 100 MB line without a newline is refused" refused "$TESTDIR/long.log" "2: line longer than 16777216 bytes"
rm -f "$TESTDIR/long.log"
# a real make log, cut in the middle of its third warning
m=$TOP/tests/fixtures/gcc12-makelog/make.log
at=$(grep -b ': warning: ' "$m" | sed -n '3s/:.*//p')
head -c $((at + 20)) "$m" > "$TESTDIR/cut.log"
ok "a log cut in the middle of a warning is refused" refused "$TESTDIR/cut.log" \
	"$(grep -c '' "$TESTDIR/cut.log"): no newline at the end: the log was cut"
printf 'a.c:1:2: warning: caf\351 \377 [-Wx]\n' > "$TESTDIR/latin1.log"
printf 'caf\357\277\275 \357\277\275\n' > "$TESTDIR/latin1.want"
ok "invalid UTF-8 (a Latin-1 source) becomes U+FFFD: valid UTF-8 JSON, exit 0" bash -c "
	$parse $TESTDIR/latin1.log > $TESTDIR/latin1.jsonl && iconv -f UTF-8 -t UTF-8 $TESTDIR/latin1.jsonl > /dev/null &&
	jq -r .message $TESTDIR/latin1.jsonl | cmp - $TESTDIR/latin1.want"

# A build the machine failed (here a full disk) says nothing of the
# kernel: it fails, saying why, and leaves no status and no stamp, so a
# rerun builds it again. W=3: a build directory no other test uses.
bdir=$SEEDDIR/$TEST_TC-W3
mkdir -p "$bdir"
umount "$bdir" 2> /dev/null
if mount -t tmpfs -o size=8m kwarn-test "$bdir"; then
	ok "a build that fills the disk fails, saying so, and leaves no stamp and no status" bash -c "
		! tmake build W=3 > $TESTDIR/full-build.out 2>&1 &&
		grep -e 'the build failed for a reason of the machine.s (No space left on device), not the kernel.s: not recorded' \
			-e 'make.log: could not be written: the build is not recorded' $TESTDIR/full-build.out &&
		! ls -d $bdir/.kwarn-built* 2> /dev/null && test ! -e $bdir/status" ||
		{ echo "# said: $(tail -n 3 "$TESTDIR/full-build.out")"; }
	# compilers that were running when make stopped may still hold it
	umount "$bdir" 2> /dev/null || { sleep 2; umount -l "$bdir"; }
else
	tap_result 1 "a build that fills the disk: cannot mount a tmpfs to try it"
fi

# A full or read-only corpus directory: the step fails naming the file,
# the corpus already there is kept whole, nothing half-written is left.
# (A tmpfs: root writes through file modes.)
mnt=$TESTDIR/small-fs
mkdir -p "$mnt"
umount "$mnt" 2> /dev/null
old=$(du -k -c "$CDIR/$TEST_TC-W123".* | tail -n1 | cut -f1)
if mount -t tmpfs -o size=$((old + 512))k kwarn-test "$mnt"; then
	mkdir -p "$mnt/$TEST_RUN/seed-$TEST_SEED"
	cp "$CDIR/$TEST_TC-W123".* "$mnt/$TEST_RUN/seed-$TEST_SEED/"
	(cd "$mnt" && sha256sum $TEST_RUN/seed-*/*) > "$TESTDIR/small-fs.sum"
	touch -d @0 "$mnt/$TEST_RUN/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst"	# out of date: redone
	ok "a full corpus directory: the parse step fails, naming the file" fails_with \
		"$mnt/$TEST_RUN/seed-$TEST_SEED/.$TEST_TC-W123.*: No space left on device" \
		tmake corpus-one CORPUS="$mnt"
	ok "  the corpus already there is whole, nothing half-written is left" bash -c "
		cd $mnt && sha256sum -c --quiet $TESTDIR/small-fs.sum && ! ls -A $TEST_RUN/seed-* | grep -q '^\.'"
	mount -o remount,ro "$mnt"
	ok "a read-only corpus directory: the parse step fails, naming the file" fails_with \
		"$mnt/$TEST_RUN/seed-$TEST_SEED/.$TEST_TC-W123.*: Read-only file system" \
		tmake corpus-one CORPUS="$mnt"
	ok "  the corpus already there is whole" bash -c "cd $mnt && sha256sum -c --quiet $TESTDIR/small-fs.sum"
	umount "$mnt"
else
	tap_result 1 "a full corpus directory: cannot mount a tmpfs to try it"
fi

# A damaged line in a corpus file: make top, compare and report each fail
# (make: exit 2) with one line naming the file and the line; make report
# leaves the page it wrote before as it was. The writing side refuses too.
bad=$TESTDIR/badlines
rm -rf "$bad"
damaged() {	# damaged NAME SED: the test corpus with one line damaged by SED
	mkdir -p "$bad/$1/$TEST_RUN/seed-$TEST_SEED"
	zstd -dcq "$c" | sed "$2" | zstd -q -o "$bad/$1/$TEST_RUN/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst"
}
says() {	# says MESSAGE CMD...: CMD exits 2, and its one "kwarn:" line starts "kwarn: MESSAGE"
	local msg=$1 rc
	shift
	"$@" > "$TESTDIR/bad.out" 2>&1
	rc=$?
	[ $rc = 2 ] && [ "$(grep -c '^kwarn: ' "$TESTDIR/bad.out")" = 1 ] &&
		grep '^kwarn: ' "$TESTDIR/bad.out" | grep -qF -- "kwarn: $msg" ||
		{ echo "# exit $rc, said:"; head -c 600 "$TESTDIR/bad.out"; false; }
}
kept_page() {	# kept_page NAME MESSAGE: make report on it says MESSAGE, the page before kept
	local p=$bad/$1/report.html
	echo "the page before" > "$p"
	says "$2" make -C "$TOP" -s report $TEST_RUN_VARS CORPUS="$bad/$1" REPORT="$p" W=123 &&
		[ "$(cat "$p")" = "the page before" ] && [ "$(ls -A "$bad/$1/$TEST_RUN")" = "seed-$TEST_SEED" ]
}
unique=$(zstd -dcq "$c" | head -n1 | jq .unique)
instances=$(zstd -dcq "$c" | head -n1 | jq .instances)
count5=$(zstd -dcq "$c" | sed -n 5p | jq .count)
damaged null '5s/.*/null/'
damaged empty '5s/.*/{}/'
damaged type '5s/"line":\([0-9]*\)/"line":"\1"/'
damaged text '5s/.*/{"type":"diag", oops/'
damaged deleted '5d'
damaged count "5s/\"count\":$count5,/\"count\":$((count5 + 1)),/"
for d in "null:5: not a record but null" "empty:5: no field \"type\"" \
	"type:5: \"line\" is string, not number" "text:5: not JSON: " \
	"deleted:1: the build record says unique $unique, the file has $((unique - 1)) records" \
	"count:1: the build record says instances $instances, the records' counts sum to $((instances + 1))"; do
	name=${d%%:*}
	msg="corpus-check: $bad/$name/$TEST_RUN/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst:${d#*:}"
	ok "damaged corpus ($name): make top fails: ...W123.jsonl.zst:${d#*:}" \
		says "$msg" make -C "$TOP" -s top $TEST_RUN_VARS CORPUS="$bad/$name" W=123
	ok "damaged corpus ($name): make compare fails, naming file and line" \
		says "$msg" make -C "$TOP" -s compare A=$TEST_TC B=$TEST_TC SEED=$TEST_SEED $TEST_RUN_VARS CORPUS="$bad/$name" W=123
	ok "damaged corpus ($name): make report fails, naming file and line; the page before is kept" \
		kept_page "$name" "$msg"
done
ok "the undamaged corpus passes the same check" "$TOP/mk/corpus-check.sh" "$c"

# The writing side: a parser whose third record has a field of the wrong
# type (line 4 of the file, after the build record): mk/corpus.sh refuses
# to publish it, renaming nothing into place.
printf '#!/bin/sh\n"%s" "$@" | sed %s\n' "$TOP/.build/bin/kwarn-parse" \
	"'3s/\"line\":\\([0-9]*\\)/\"line\":\"\\1\"/'" > "$bad/kwarn-parse"
chmod +x "$bad/kwarn-parse"
ok "corpus.sh refuses to publish a record of the wrong type, naming file and line" \
	says "corpus-check: $bad/write/$TEST_RUN/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst:4: \"line\" is string, not number" \
	tmake -s corpus-one CORPUS="$bad/write" KWARN_PARSE="$bad/kwarn-parse"
ok "  and leaves nothing in the corpus directory" \
	bash -c "[ -z \"\$(ls -A '$bad/write/$TEST_RUN/seed-$TEST_SEED')\" ]"

# A record longer than the readers' line limit (mk/corpus-lib.jq
# line_max; a log line of 9 MB of backslashes is 36 MB as a record, its
# message and text each escaped): here a parser whose third record's text
# has 17 MB more. mk/corpus.sh refuses to publish it:
# kwarn never writes a corpus (or a summary) its readers then refuse.
cat > "$bad/long.awk" << 'AWK'
NR == 3 { s = "x"; while (length(s) < 17000000) s = s s; sub(/"text":"/, "\"text\":\"" s) }
{ print }
AWK
printf '#!/bin/sh\n"%s" "$@" | awk -f "%s"\n' "$TOP/.build/bin/kwarn-parse" "$bad/long.awk" > "$bad/kwarn-parse-long"
chmod +x "$bad/kwarn-parse-long"
ok "corpus.sh refuses to publish a record longer than the readers' line limit, naming file and line" \
	says "corpus-check: $bad/long/$TEST_RUN/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst:4: line longer than 16777216 bytes" \
	tmake -s corpus-one CORPUS="$bad/long" KWARN_PARSE="$bad/kwarn-parse-long"
ok "  and leaves nothing in the corpus directory" \
	bash -c "[ -z \"\$(ls -A '$bad/long/$TEST_RUN/seed-$TEST_SEED')\" ]"

# Corpus reading is bounded: the check stops at the first bad line, and a
# line or a file past the limits is refused without being held whole
bomb=$bad/bomb/$TEST_RUN/seed-$TEST_SEED
mkdir -p "$bomb"
{ zstd -dcq "$c" | head -n 1; yes '' | head -n 20000000; } | zstd -q -19 -T2 -o "$bomb/$TEST_TC-W123.jsonl.zst"
ok "a zstd bomb ($(stat -c %s "$bomb/$TEST_TC-W123.jsonl.zst") bytes, 20 million empty lines): make top stops at line 2 at once" bash -c "
	$(declare -f says); TESTDIR=$TESTDIR; s=\$SECONDS
	says 'corpus-check: $bomb/$TEST_TC-W123.jsonl.zst:2: not JSON' make -C $TOP -s top $TEST_RUN_VARS CORPUS=$bad/bomb &&
	echo \"# \$((SECONDS - s)) s\" && [ \$((SECONDS - s)) -lt 20 ]"
rm -rf "$bomb" && mkdir -p "$bomb"
{ zstd -dcq "$c" | head -n 1; head -c 1073741824 /dev/zero | tr '\0' x; echo; } | zstd -q -3 -T2 -o "$bomb/$TEST_TC-W123.jsonl.zst"
ok "a 1 GiB line: refused as longer than the line limit, in bounded memory (no 'cannot allocate memory')" bash -c "
	/usr/bin/time -f %M -o $TESTDIR/bomb.kb make -C $TOP -s top $TEST_RUN_VARS CORPUS=$bad/bomb > $TESTDIR/bomb.out 2>&1
	grep -qx 'kwarn: corpus-check: $bomb/$TEST_TC-W123.jsonl.zst:2: line longer than 16777216 bytes' $TESTDIR/bomb.out &&
	echo \"# \$(tail -n 1 $TESTDIR/bomb.kb) KB\" && [ \$(tail -n 1 $TESTDIR/bomb.kb) -lt 300000 ]"
rm -rf "$bad/bomb"

# A corpus file's path is checked against its build record, by one rule
# (mk/corpus-lib.jq path_why) every reader uses; a summary is trusted only
# when its first frame names its corpus file's sha256 and facts
at=$bad/at/$TEST_RUN
mkdir -p "$at/seed-4"
cp -p "$CDIR/$TEST_TC-W123".* "$at/seed-4/"
ok "seed 1's files (summary too) copied into seed-4/: make top SEED=4 is refused, naming the path and the record" \
	says "corpus-check: $at/seed-4/$TEST_TC-W123.jsonl.zst:1: its build record says seed-1/$TEST_TC-W123.jsonl.zst, not seed-4/$TEST_TC-W123.jsonl.zst" \
	make -C "$TOP" -s top $TEST_RUN_VARS SEED=4 CORPUS="$bad/at"
ok "  and so is a plain make top (it counted seed 1 twice)" \
	says "corpus-check: $at/seed-4/$TEST_TC-W123.jsonl.zst:1: its build record says seed-1" \
	make -C "$TOP" -s top $TEST_RUN_VARS CORPUS="$bad/at"
rm -rf "$at" && mkdir -p "$at/seed-1"
cp -p "$CDIR/$TEST_TC-W123".* "$at/seed-1/"
mv "$at/seed-1/$TEST_TC-W123.jsonl.zst" "$at/seed-1/clang-14-W1.jsonl.zst"
ok "a corpus file under another toolchain's and W's name is refused, naming both names" \
	says "corpus-check: $at/seed-1/clang-14-W1.jsonl.zst:1: its build record says seed-1/$TEST_TC-W123.jsonl.zst, not seed-1/clang-14-W1.jsonl.zst" \
	make -C "$TOP" -s top $TEST_RUN_VARS TOOLCHAIN=clang-14 W=1 CORPUS="$bad/at"
rm -rf "$bad/at" && mkdir -p "$bad/at/$TEST_TREE/p7/seed-1"
cp -p "$CDIR/$TEST_TC-W123".* "$bad/at/$TEST_TREE/p7/seed-1/"
ok "a P=$TEST_P corpus in a p7 run is refused" \
	says "corpus-check: $bad/at/$TEST_TREE/p7/seed-1/$TEST_TC-W123.jsonl.zst:1: its build record says probability $TEST_P, not p7's" \
	make -C "$TOP" -s top P=7 CORPUS="$bad/at"
rm -rf "$bad/at" && mkdir -p "$at/seed-1"
cp -p "$CDIR/$TEST_TC-W123".* "$at/seed-1/"
f=$at/seed-1/$TEST_TC-W123.jsonl.zst
head -c $(($(stat -c %s "$f") / 2)) "$f" > "$f.half" && touch -r "$f" "$f.half" && mv "$f.half" "$f"
ok "a corpus file cut in half, its time and its summary kept: refused, not trusted to its summary" \
	says "corpus-check: $f: truncated or corrupt corpus file" make -C "$TOP" -s top $TEST_RUN_VARS CORPUS="$bad/at"
rm -rf "$bad/at" && mkdir -p "$at/seed-1"
ln -s "$CDIR/$TEST_TC-W123.jsonl.zst" "$at/seed-1/"
ok "a corpus file that is a symbolic link is read as the file it names (not 'truncated or corrupt')" bash -c "
	make -C $TOP -s top $TEST_RUN_VARS CORPUS=$bad/at SEED=$TEST_SEED TOOLCHAIN=$TEST_TC > $TESTDIR/link.out 2> $TESTDIR/link.err &&
	make -C $TOP -s top $TEST_RUN_VARS CORPUS=$TESTDIR/corpus SEED=$TEST_SEED TOOLCHAIN=$TEST_TC | cmp - $TESTDIR/link.out"

# An unreadable seed directory stops a query, naming it (as root, every
# directory is readable: the query runs as nobody, on a corpus in /tmp,
# which nobody can reach wherever TESTDIR is)
unread=$(mktemp -d /tmp/kwarn-unread.XXXXXX)
chmod 755 "$unread"
mkdir -p "$unread/$TEST_RUN"
for s in 1 2 3; do
	mkdir "$unread/$TEST_RUN/seed-$s"
	zstd -dcq "$c" | sed "s/\"seed\":$TEST_SEED,/\"seed\":$s,/" | zstd -q -3 -o "$unread/$TEST_RUN/seed-$s/$TEST_TC-W123.jsonl.zst"
done
chmod -R a+rwX "$unread" && chmod 000 "$unread/$TEST_RUN/seed-2"
ok "an unreadable seed directory: make top SEEDS='1 2 3' fails naming it (it printed seeds 1 and 3, exit 0)" bash -c "
	cd / && ! setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=/tmp \
		make -C $TOP -s top $TEST_RUN_VARS SEEDS='1 2 3' CORPUS=$unread O=/tmp/kwarn-nobody-o > $TESTDIR/unread.out 2>&1 &&
	grep -q '^kwarn-index: $unread/$TEST_RUN/seed-2: cannot read this seed.s directory' $TESTDIR/unread.out ||
	{ head -c 600 $TESTDIR/unread.out; false; }"
for goal in "compare A=$TEST_TC B=$TEST_TC" "kcidb KCIDB_FILE=/tmp/kwarn-nobody-o/k.json"; do
	ok "  and make ${goal%% *} names it too (it said: no corpus; run make corpus)" bash -c "
		cd / && ! setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=/tmp \
			make -C $TOP -s $goal $TEST_RUN_VARS SEEDS='1 2 3' CORPUS=$unread O=/tmp/kwarn-nobody-o > $TESTDIR/unread.out 2>&1 &&
		grep -q '^kwarn: .*$unread/$TEST_RUN/seed-2: cannot read this seed.s directory' $TESTDIR/unread.out &&
		! grep -q 'no corpus' $TESTDIR/unread.out || { head -c 600 $TESTDIR/unread.out; false; }"
done
chmod 755 "$unread/$TEST_RUN/seed-2"
rm -rf "$unread"
mkdir -p "$TESTDIR/no-seeds"
ok "make kcidb on a CORPUS with no seed directories says so (it failed saying nothing)" bash -c "
	! make -C $TOP -s kcidb $TEST_RUN_VARS CORPUS=$TESTDIR/no-seeds KCIDB_FILE=$TESTDIR/no-seeds.json > $TESTDIR/bad.out 2>&1 &&
	grep -qx 'kwarn: kcidb: no corpus in $TESTDIR/no-seeds/$TEST_RUN; run make corpus first' $TESTDIR/bad.out"

# values that reached a shell or a build, refused before any work
ok "SEEDS=1--3 is refused (it ended in seq's error)" make_refuses top "SEEDS: '1--3' is not a seed" SEEDS=1--3
mkdir -p "$TESTDIR/dirgcc/arm-gcc"
ok "a cross prefix whose gcc is a directory is refused (it built gcc--W123)" make_refuses corpus \
	"TOOLCHAIN=$TESTDIR/dirgcc/arm-: $TESTDIR/dirgcc/arm-gcc: no such compiler (an executable file)" TOOLCHAIN="$TESTDIR/dirgcc/arm-"
printf '#!/bin/sh\necho "12;touch %s"\n' "$TESTDIR/dirgcc/pwned" > "$TESTDIR/dirgcc/bad-gcc" && chmod +x "$TESTDIR/dirgcc/bad-gcc"
ok "a cross prefix whose gcc prints no version is refused, nothing run (it ran 12 times, then bash failed)" bash -c "
	$(declare -f make_refuses); TESTDIR=$TESTDIR TOP=$TOP
	make_refuses corpus '$TESTDIR/dirgcc/bad-gcc -dumpfullversion printed no version (N.N.N)' TOOLCHAIN=$TESTDIR/dirgcc/bad- &&
	test ! -e $TESTDIR/dirgcc/pwned"
head -c 4096 /dev/urandom > "$TESTDIR/random.diff"
ok "newwarn with a DIFF of random bytes is refused before the tree and the config" make_refuses newwarn \
	"DIFF=$TESTDIR/random.diff: not a patch (no unified diff in it: +++ and @@ lines)" DIFF="$TESTDIR/random.diff"
# a checkout at a path with a space: make help works, every other goal
# says where it is
spaced="$TESTDIR/a checkout"
rm -rf "$spaced" && mkdir -p "$spaced" && git -C "$TOP" ls-files -z | (cd "$TOP" && xargs -0 cp --parents -t "$spaced")
ok "a checkout at a path with a space: make help works, make top refuses in one line" bash -c "
	make -C '$spaced' -s help > $TESTDIR/spaced.out 2>&1 && grep -q '^Targets' $TESTDIR/spaced.out && ! grep -q '^mk/' $TESTDIR/spaced.out &&
	! make -C '$spaced' -s top > $TESTDIR/spaced.out 2>&1 && test \$(wc -l < $TESTDIR/spaced.out) = 1 &&
	grep -qF \"kwarn's checkout is at '$spaced': move it to a path of\" $TESTDIR/spaced.out"
rm -rf "$spaced"
