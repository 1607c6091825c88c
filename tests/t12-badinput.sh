#!/bin/bash
# Bad input to make: one clear line, non-zero exit, nothing half-written.
. "$(dirname "$0")/lib.sh"
need corpus gcc-12 123
c=$TESTDIR/corpus/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst

fails_with() {	# fails_with PATTERN CMD...: CMD fails and says PATTERN
	local pat=$1
	shift
	! "$@" > "$TESTDIR/bad.out" 2>&1 && grep -q -- "$pat" "$TESTDIR/bad.out"
}
# refused SEED...: each refused when make reads the command line, in an
# O= that make corpus would otherwise fill (it stays empty)
refused_seed() {
	local s
	for s; do
		! make -C "$TOP" corpus SEED="$s" O="$TESTDIR/no-such-o" > "$TESTDIR/bad.out" 2>&1 &&
		grep -qF "SEED must be a decimal number 0..999999999 without leading zeros, got '$s'" "$TESTDIR/bad.out" &&
		test ! -e "$TESTDIR/no-such-o" || return 1
	done
}
ok "a non-numeric, negative or too large SEED is refused before any work" refused_seed abc -3 '' 1000000000
ok "a SEED with leading zeros (Kconfig reads 08 as bad octal, 010 as 8) is refused before any work" \
	refused_seed 08 010 01 00
# refused PATTERN SETTING...: make corpus SETTING fails when make reads the
# command line, saying PATTERN, and leaves the O= it was given unmade
refused() {
	local pat=$1
	shift
	! make -C "$TOP" corpus "$@" O="$TESTDIR/no-such-o" > "$TESTDIR/bad.out" 2>&1 &&
	grep -qF "$pat" "$TESTDIR/bad.out" && test ! -e "$TESTDIR/no-such-o"
}
for w in 4 0 '' '1 2' 12a; do
	ok "W='$w' is refused before any work" refused "W must combine the levels 1, 2 and 3 (1, 12, 123, 2...), got '$w'" W="$w"
done
ok "W's digits are sorted and deduplicated: W=21 builds W=12, W=3211 W=123" bash -c "
	make -C $TOP -n corpus W=21 O=$TESTDIR/w-o | grep -q 'for w in 12; do' &&
	make -C $TOP -n corpus W=3211 O=$TESTDIR/w-o | grep -q 'for w in 123; do'"
for j in 0 abc 2x; do
	ok "JOBS=$j is refused before any work" refused "JOBS must be a number of parallel jobs, 1..9999, got '$j'" JOBS="$j"
done
ok "an unknown CONFIG is refused before any work, naming the missing fragment" bash -c "
	! make -C $TOP corpus SEED=1 CONFIG=nope O=$TESTDIR/no-such-o > $TESTDIR/bad.out 2>&1 &&
	grep -q 'CONFIG=nope: no fragment tests/nope.config' $TESTDIR/bad.out && test ! -e $TESTDIR/no-such-o"
ok "an unknown toolchain is refused" fails_with "unknown toolchain 'icc-1'" \
	make -C "$TOP" build $TEST_VARS TOOLCHAIN=icc-1 O="$O"
ok "a toolchain prefix that does not exist is refused" fails_with "/nonexistent/arm-gcc: no such compiler" \
	make -C "$TOP" build $TEST_VARS TOOLCHAIN=/nonexistent/arm- O="$O"
cp "$c" "$TESTDIR/trunc.jsonl.zst"
mkdir -p "$TESTDIR/badcorpus/seed-9"
head -c 300 "$c" > "$TESTDIR/badcorpus/seed-9/gcc-12-W123.jsonl.zst"
ok "make top on a truncated corpus file fails, naming it" fails_with "seed-9/gcc-12-W123.jsonl.zst" \
	make -C "$TOP" -s top CORPUS="$TESTDIR/badcorpus"
ok "make top with no corpus says so" fails_with "no corpus in" \
	make -C "$TOP" -s top CORPUS="$TESTDIR/nocorpus"
corrupt=$TESTDIR/badcorpus/seed-9/gcc-12-W123.jsonl.zst
cp "$c" "$corrupt" && printf '\377\377\377\377\377\377\377\377' |
	dd of="$corrupt" bs=1 seek=4000 conv=notrunc status=none
ok "make top on a corrupt corpus file (bytes overwritten) fails, naming it" fails_with \
	"seed-9/gcc-12-W123.jsonl.zst" make -C "$TOP" -s top CORPUS="$TESTDIR/badcorpus"
zstd -dcq "$c" | jq -c 'if .type == "build" then .schema = 99 else . end' | zstd -q > "$corrupt"
ok "a corpus of a newer schema is refused, naming it" fails_with \
	"seed-9/gcc-12-W123.jsonl.zst:1: schema 99 is newer than this kwarn's (1)" \
	make -C "$TOP" -s top CORPUS="$TESTDIR/badcorpus"
ok "a toolchain whose packages do not exist: one line naming them" fails_with \
	"kwarn: cannot install: clang-99 lld-99 llvm-99 clang-tools-99" \
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

# A full or read-only corpus directory: the step fails naming the file,
# the corpus already there is kept whole, nothing half-written is left.
# (A tmpfs: root writes through file modes.)
mnt=$TESTDIR/small-fs
mkdir -p "$mnt"
umount "$mnt" 2> /dev/null
old=$(du -k -c "$TESTDIR/corpus/seed-$TEST_SEED/$TEST_TC-W123".* | tail -n1 | cut -f1)
if mount -t tmpfs -o size=$((old + 512))k kwarn-test "$mnt"; then
	mkdir -p "$mnt/seed-$TEST_SEED"
	cp "$TESTDIR/corpus/seed-$TEST_SEED/$TEST_TC-W123".* "$mnt/seed-$TEST_SEED/"
	(cd "$mnt" && sha256sum seed-*/*) > "$TESTDIR/small-fs.sum"
	touch -d @0 "$mnt/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst"	# out of date: redone
	ok "a full corpus directory: the parse step fails, naming the file" fails_with \
		"$mnt/seed-$TEST_SEED/.$TEST_TC-W123.*: No space left on device" \
		kmake corpus-one CORPUS="$mnt"
	ok "  the corpus already there is whole, nothing half-written is left" bash -c "
		cd $mnt && sha256sum -c --quiet $TESTDIR/small-fs.sum && ! ls -A seed-* | grep -q '^\.'"
	mount -o remount,ro "$mnt"
	ok "a read-only corpus directory: the parse step fails, naming the file" fails_with \
		"$mnt/seed-$TEST_SEED/.$TEST_TC-W123.*: Read-only file system" \
		kmake corpus-one CORPUS="$mnt"
	ok "  the corpus already there is whole" bash -c "cd $mnt && sha256sum -c --quiet $TESTDIR/small-fs.sum"
	umount "$mnt"
else
	echo "not ok $((n + 1)) - a full corpus directory: cannot mount a tmpfs to try it"; n=$((n + 1))
fi

# A damaged line in a corpus file: make top, compare and report each fail
# (make: exit 2) with one line naming the file and the line; make report
# leaves the page it wrote before as it was. The writing side refuses too.
bad=$TESTDIR/badlines
rm -rf "$bad"
damaged() {	# damaged NAME SED: the test corpus with one line damaged by SED
	mkdir -p "$bad/$1/seed-$TEST_SEED"
	zstd -dcq "$c" | sed "$2" | zstd -q -o "$bad/$1/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst"
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
	says "$2" make -C "$TOP" -s report CORPUS="$bad/$1" REPORT="$p" W=123 &&
		[ "$(cat "$p")" = "the page before" ] && [ "$(ls -A "$bad/$1" | tr '\n' ' ')" = "report.html seed-$TEST_SEED " ]
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
	msg=$bad/$name/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst:${d#*:}
	ok "damaged corpus ($name): make top fails: ...W123.jsonl.zst:${d#*:}" \
		says "$msg" make -C "$TOP" -s top CORPUS="$bad/$name" W=123
	ok "damaged corpus ($name): make compare fails, naming file and line" \
		says "$msg" make -C "$TOP" -s compare A=$TEST_TC B=$TEST_TC SEED=$TEST_SEED CORPUS="$bad/$name" W=123
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
	says "$bad/write/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst:4: \"line\" is string, not number" \
	kmake -s corpus-one CORPUS="$bad/write" KWARN_PARSE="$bad/kwarn-parse"
ok "  and leaves nothing in the corpus directory" \
	bash -c "[ -z \"\$(ls -A '$bad/write/seed-$TEST_SEED')\" ]"
