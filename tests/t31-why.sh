#!/bin/bash
# make why: the Kconfig symbol that gates a real warning of the test seed,
# one in a .c file and one in a header, each the symbol whose #ifdef the
# source puts the warning's line under (read here from the source); and a
# warning no candidate gates (status 1). For make check's time the
# candidates are a few (WHY_SYMBOLS): the gating symbol and one that
# changes the config a lot (HIGHMEM drags KMAP_LOCAL and more along); for
# the last one, CC_OPTIMIZE_FOR_SIZE, which acts through the command line
# (-Os or -O2).
. "$(dirname "$0")/lib.sh"
plan 14
need corpus gcc-12 123
corpus=$CDIR/gcc-12-W123.jsonl.zst
src=$O/src/linux-source-6.1
key_at() {	# key_at PATH LINE FLAG: the corpus's key of that site
	zstd -dcq "$corpus" | jq -r --arg p "$1" --argjson l "$2" --arg f "$3" \
		'select(.type == "diag" and .path == $p and .line == $l and .flag == $f) | .key' | head -n1
}
branch() {	# branch FILE LINE: the innermost #if around LINE, and "#else" when in that branch
	awk -v L="$2" 'NR >= L { exit } /^[ \t]*#[ \t]*if/ { d[++sp] = $0; e[sp] = 0 }
		/^[ \t]*#[ \t]*(else|elif)/ { e[sp] = 1 } /^[ \t]*#[ \t]*endif/ { sp-- }
		END { print d[sp] (e[sp] ? " #else" : "") }' "$src/$1"
}
why() {	# why NAME ID [VAR=VALUE...]: make why, its output in $TESTDIR/why-NAME.out
	local name=$1 id=$2
	shift 2
	make -C "$TOP" -s why ID="$id" TOOLCHAIN=gcc-12 W=123 CORPUS="$TESTDIR/corpus" O="$O" "$@" \
		> "$TESTDIR/why-$name.out" 2>&1
	cat "$O/why/status"
}

# a .c file: mm/compaction.c's count_compact_event() stand-in, a macro
# defined only when CONFIG_COMPACTION is not set, and unused (W=2)
key=$(key_at mm/compaction.c 44 -Wunused-macros)
ok "the source puts mm/compaction.c:44 ($key) in the #else of #ifdef CONFIG_COMPACTION" \
	test "$(branch mm/compaction.c 44)" = "#ifdef CONFIG_COMPACTION #else"
start=$SECONDS
st=$(why c "$key" WHY_SYMBOLS="COMPACTION HIGHMEM")
ok "a .c file: make why names CONFIG_COMPACTION (status 0, $((SECONDS - start)) s)" bash -c "
	test '$st' = 0 && grep -qx '  WHY      appears when CONFIG_COMPACTION is not set; gone with CONFIG_COMPACTION=y' $TESTDIR/why-c.out"
ok "each probe says its changes, its result and its time; Kconfig's drags are reported" bash -c "
	grep -q '^  PROBE  *[0-9]  *2 changes: CONFIG_COMPACTION=y CONFIG_HIGHMEM=y  *gone  *[0-9]* s$' $TESTDIR/why-c.out &&
	grep -q '^  *Kconfig reverted 0; dragged [1-9][0-9]*: .*CONFIG_KMAP_LOCAL=y' $TESTDIR/why-c.out"
ok "its small config: savedefconfig lines, the pin's and CONFIG_COMPACTION not set" bash -c "
	f=\$(sed -n 's/^  SMALL    \([^:]*\): .*/\1/p' $TESTDIR/why-c.out) && test -f \"\$f\" &&
	grep -qx '# CONFIG_COMPACTION is not set' \"\$f\" && grep -qx 'CONFIG_ARCH_VIRT=y' \"\$f\" &&
	test \$(grep -c . \"\$f\") -le 20"

# a header: include/linux/highmem-internal.h's kmap_local_folio() without
# highmem, first printed by arch/arm/common/firmware.o
key=$(key_at include/linux/highmem-internal.h 187 -Wpointer-arith)
ok "the source puts highmem-internal.h:187 ($key) in the #else of #ifdef CONFIG_HIGHMEM" \
	test "$(branch include/linux/highmem-internal.h 187)" = "#ifdef CONFIG_HIGHMEM #else"
start=$SECONDS
st=$(why h "$key" WHY_SYMBOLS="HIGHMEM SHMEM" WHY_PROBES=0)
ok "a header: make why names CONFIG_HIGHMEM (status 0, $((SECONDS - start)) s)" bash -c "
	test '$st' = 0 && grep -q '^  OBJECT   arch/arm/common/firmware.o (the first of the [0-9]* objects' $TESTDIR/why-h.out &&
	grep -qx '  WHY      appears when CONFIG_HIGHMEM is not set; gone with CONFIG_HIGHMEM=y' $TESTDIR/why-h.out"

# no gate: lib/bcd.c's bin2bcd() narrows whatever the config
key=$(key_at lib/bcd.c 13 -Wconversion)
ok "the source has lib/bcd.c:13 ($key) under no #if" test "$(branch lib/bcd.c 13)" = ""
start=$SECONDS
st=$(why n "$key" WHY_SYMBOLS=CC_OPTIMIZE_FOR_SIZE)
ok "a warning no candidate gates: status 1 ($((SECONDS - start)) s)" bash -c "
	test '$st' = 1 && grep -q '^  WHY      no gating symbol among the candidates' $TESTDIR/why-n.out &&
	grep -q 'CONFIG_CC_OPTIMIZE_FOR_SIZE=n .*appears' $TESTDIR/why-n.out &&
	grep -q 'dragged 1: CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE=y' $TESTDIR/why-n.out"

# the code's own conditions, read from the source by kwarn too, and
# whether the gate implies them (the two gated runs above)
ok "every answer names the code's conditions: the #if chain around the line and the Kbuild line of its object" bash -c "
	grep -qx '  CODE     mm/compaction.c:[0-9]*: #ifdef CONFIG_COMPACTION (its #else, [0-9]*)' $TESTDIR/why-c.out &&
	grep -qx '  KBUILD   mm/Makefile:[0-9]*: obj-y := ... compaction.o ...' $TESTDIR/why-c.out &&
	grep -qx '  CODE     the gating set implies the code.s conditions: with it CONFIG_COMPACTION n->y' $TESTDIR/why-c.out &&
	grep -qx '  CODE     include/linux/highmem-internal.h:[0-9]*: #ifdef CONFIG_HIGHMEM (its #else, [0-9]*)' $TESTDIR/why-h.out &&
	grep -qx '  CODE     lib/bcd.c:13: under no #if' $TESTDIR/why-n.out"

# a build bot's report (a real kernel test robot mail) with a config: the
# test seed's stands in for the report's
zstd -dcq "$corpus" | head -n1 | jq -r .config | gzip -n > "$TESTDIR/seed.config.gz"
tc11=gcc-11
command -v arm-linux-gnueabi-gcc-11 > /dev/null || tc11=gcc-12
start=$SECONDS
st=$(make -C "$TOP" -s why REPORT="$TOP/tests/fixtures/reports/robot-arm-gcc-posix-stubs.txt" N=1 DOTCONFIG="$TESTDIR/seed.config.gz" \
	WHY_SYMBOLS=POSIX_TIMERS WHY_PROBES=0 CORPUS="$TESTDIR/corpus" O="$O" > "$TESTDIR/why-report.out" 2>&1; cat "$O/why/status")
ok "REPORT= and DOTCONFIG=: the robot's 11 warnings read, its gcc 11.2.0 or the nearest installed ($tc11), W=1 as the mail says" bash -c "
	grep -q '^  REPORT   .*: 11 warnings (9 new, >>); compiler arm-linux-gnueabi-gcc (GCC) 11.2.0; config arm-randconfig-r002-20220220; W=1\$' $TESTDIR/why-report.out &&
	grep -q '^  BUILD    the config of DOTCONFIG $tc11 W=1' $TESTDIR/why-report.out &&
	{ test $tc11 = gcc-11 || grep -q '^  TOOLCHAIN gcc-12: the report.s gcc 11 is not installed, gcc-12 is the nearest' $TESTDIR/why-report.out; }"
ok "  why names CONFIG_POSIX_TIMERS, the ifeq of the Kbuild line that compiles the file, and says the gate implies it (status 0, $((SECONDS - start)) s)" bash -c "
	test '$st' = 0 &&
	grep -qx '  WHY      appears when CONFIG_POSIX_TIMERS is not set; gone with CONFIG_POSIX_TIMERS=y (the object is then not built, or compiles without it)' $TESTDIR/why-report.out &&
	grep -q '^  KBUILD   kernel/time/Makefile:[0-9]*: obj-y += posix-stubs.o (under ifeq (\$(CONFIG_POSIX_TIMERS),y) ... else)\$' $TESTDIR/why-report.out &&
	grep -qx '  CODE     the gating set implies the code.s conditions: with it CONFIG_POSIX_TIMERS n->y' $TESTDIR/why-report.out"

ok "an unknown ID is a setup error (status 2)" bash -c "
	test \"\$(make -C $TOP -s why ID=ffffffffffffffff CORPUS=$TESTDIR/corpus O=$O > $TESTDIR/why-bad.out 2>&1; cat $O/why/status)\" = 2 &&
	grep -q 'kwarn: why: no warning with key' $TESTDIR/why-bad.out"
ok "WHY_SYMBOLS that is not symbol names, WHY_PROBES that is not a number: refused before anything runs" bash -c "
	! make -C $TOP -s why ID=1 WHY_SYMBOLS='CONFIG_A B-C' O=$O > $TESTDIR/why-set.out 2>&1 &&
	grep -q \"WHY_SYMBOLS: 'B-C' is not a Kconfig symbol (CONFIG_FOO or FOO)\" $TESTDIR/why-set.out &&
	! make -C $TOP -s why ID=1 WHY_PROBES=x O=$O > $TESTDIR/why-set.out 2>&1 &&
	grep -q \"WHY_PROBES must be a number of probes 0..999999999 (0: no small config), got 'x'\" $TESTDIR/why-set.out"
