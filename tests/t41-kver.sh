#!/bin/bash
# KVER=6.12: Debian's linux-source-6.12 with series/6.12/ (0001 refreshed,
# 0002). The small test kernel's profiling image, built with a Clang (the
# compiler that splits __if_trace without 0002; t22 builds 6.12 with
# gcc-12), booted once on -M virt: branch_all_raw and branch_annotated
# read whole, _ftrace_branch an array of whole 20-byte records (0002: no
# compiler splits an __if_trace). Every path the tree shapes is its own, and
# switching KVER back and forth reuses neither tree's config. A toolchain
# older than the tree's scripts/min-tool-version.sh is refused before any
# build. KVER_TEST_TOOLCHAINS="gcc-12 clang-19" boots more images (each is
# a whole profiling build: on a cold O= gcc-12's cost 7m50s and clang-19's
# 10m05s of CPU, measured under a load of 11; a warm O= boots only).
export TEST_KVER=6.12
. "$(dirname "$0")/lib.sh"
need tree

tcs=${KVER_TEST_TOOLCHAINS:-clang-19}
plan $((12 + 4 * $(wc -w <<< "$tcs")))
sites=$TOP/.build/san/kwarn-sites
print() { make -C "$TOP" -s -f GNUmakefile -f mk/print.mk "kwarn-print-$1" O="$O" "${@:2}"; }

ok "the tree is linux-source-6.12 with series/6.12/ applied (0001, 0002)" bash -c "
	grep -qx 'PATCHLEVEL = 12' $KTREE/Makefile &&
	grep -q branch_all_raw $KTREE/kernel/trace/trace_branch.c &&
	grep -A4 'static struct ftrace_branch_data' $KTREE/include/linux/compiler.h | grep -q __used"
ok "every patch of series/6.12/ is a format-patch, signed off, and clean for 6.12's checkpatch.pl" bash -c "
	cd $KTREE && for p in \$(sed -e 's/#.*//' -e '/^[[:space:]]*\$/d' $TOP/series/6.12/series); do
		f=$TOP/series/6.12/\$p
		grep -q '^From [0-9a-f]\{40\} ' \$f && grep -qx 'Signed-off-by: kwarn <kwarn@localhost>' \$f &&
		./scripts/checkpatch.pl --no-tree -q \$f || { echo \$p; exit 1; }; done"

# KVER is checked with the other settings, before any work
for k in 6.2 '6.1 6.12' ''; do
	ok "KVER='$k' is refused before any work" bash -c "
		! make -C $TOP corpus O=$TESTDIR/no-such-o KVER='$k' > $TESTDIR/kver-bad.out 2>&1 &&
		grep -qF \"KVER must be one of the packaged trees: 6.1 6.12, got '$k'\" $TESTDIR/kver-bad.out &&
		test ! -e $TESTDIR/no-such-o"
done
ok "KVER= with KSRC= is refused: KSRC is a tree of its own" bash -c "
	! make -C $TOP corpus O=$TESTDIR/no-such-o KVER=6.12 KSRC=$KTREE > $TESTDIR/kver-bad.out 2>&1 &&
	grep -qF 'KSRC is a tree of its own; give one of them' $TESTDIR/kver-bad.out && test ! -e $TESTDIR/no-such-o"

# Each path a tree shapes differs between KVER=6.1 and KVER=6.12, and names it
paths=(KSRC SERIES SEEDDIR CORPUS_RUN BOOT_DIR TREE_DIR SERIES_WORK GOLDEN)
for v in "${paths[@]}"; do
	print "$v" $TEST_RUN_VARS SEED=$TEST_SEED
	print "$v" P=$TEST_P CONFIG=$TEST_CONFIG SEED=$TEST_SEED
done > "$TESTDIR/kver-paths" 2>&1
ok "KVER=6.12 gives each of ${paths[*]} a path of its own" bash -c "
	test \$(wc -l < $TESTDIR/kver-paths) = $((2 * ${#paths[@]})) &&
	paste - - < $TESTDIR/kver-paths | awk -F '\t' '\$1 == \$2 || \$1 !~ /6\.12/ || \$2 ~ /6\.12/ { print; bad = 1 } END { exit bad }'"

# Switching back and forth: each tree's config is its own, made by its
# own tree, and stays up to date when the other is made
cfg12=$(print SEED_CONFIG $TEST_VARS) cfg61=$(print SEED_CONFIG P=$TEST_P CONFIG=$TEST_CONFIG SEED=$TEST_SEED)
ok "switching KVER: 6.12's and 6.1's configs are each their tree's, and neither is remade" bash -c "
	tmake -s config && tmake -s config KVER=6.1 &&
	grep -q '^# Linux/arm 6\.12\.' $cfg12 && grep -q '^# Linux/arm 6\.1\.' $cfg61 &&
	tmake -q $cfg12 && tmake -q $cfg61 KVER=6.1"

# The profiling images, booted once each
ok "make boot KVER=6.12 builds and boots the test seed's profiling images ($tcs)" \
	tmake boot BOOT_TOOLCHAINS="$tcs" JOBS=${JOBS:-$(nproc)}
tree=$(print TREE_NAME $TEST_VARS) sha=$(print SERIES_SHA $TEST_VARS)
for tc in $tcs; do
	f=$CDIR/$tc-branches.jsonl.zst b=$SEEDDIR/$tc-W123-profile
	zstd -dcq "$f" > "$TESTDIR/kver-$tc-branches.jsonl" 2> /dev/null || true
	head -n1 "$TESTDIR/kver-$tc-branches.jsonl" > "$TESTDIR/kver-$tc-boot.json"
	ok "$tc: the 6.12 image booted ok, its tree and series the boot record's" bash -c "
		jq -e --arg tree '$tree' --arg sha '$sha' \
			'.status == \"ok\" and .tree == \$tree and .series_sha256 == \$sha' $TESTDIR/kver-$tc-boot.json"
	ok "$tc: branch_all_raw, branch_all and branch_annotated_raw arrived whole" \
		jq -e '(.sections | length) == 3 and all(.sections[]; .intact) and .full and .source == "branch_all_raw"' \
		"$TESTDIR/kver-$tc-boot.json"
	# 0002's question, asked of each compiler: vmlinux's section is whole
	# records (a split __if_trace leaves 4-byte objects), all read back
	ok "$tc: _ftrace_branch is whole 20-byte records, as many as the guest printed" bash -c "
		$sites -s $b/vmlinux > $TESTDIR/kver-$tc-sites.sum &&
		grep -Eq '^# section=_ftrace_branch bytes=[0-9]+ record=20 entries=[0-9]+ objects=20:[0-9]+ unresolved=0\$' \
			$TESTDIR/kver-$tc-sites.sum &&
		jq -e '.count_ok and .records > 0 and .records == .section.entries' $TESTDIR/kver-$tc-boot.json"
	ok "$tc: likely/unlikely records, as many as _ftrace_annotated_branch's entries" bash -c "
		e=\$($sites -s -a $b/vmlinux | sed -n 's/.* entries=\([0-9]*\) .*/\1/p') && test \"\$e\" -gt 0 &&
		test \"\$(jq -s '[.[] | select(.kind == \"annotated\")] | length' $TESTDIR/kver-$tc-branches.jsonl)\" = \"\$e\""
done

# A cross prefix below the tree's minimum GCC, refused before any build
old_prefix
rm -rf "$SEEDDIR/gcc-4.9.4-W1"
ok "a prefix whose GCC is older than 6.12's minimum is refused before its build, naming the rule" bash -c "
	! tmake corpus-one TOOLCHAIN=$OLD_PREFIX W=1 > $TESTDIR/kver-old.out 2>&1 &&
	grep -qF \"kwarn: toolchain: TOOLCHAIN=$OLD_PREFIX: gcc 4.9.4 is older than linux-source-6.12's minimum 5.1.0 (scripts/min-tool-version.sh gcc)\" $TESTDIR/kver-old.out &&
	test ! -e $SEEDDIR/gcc-4.9.4-W1"
ok "every installed gcc-N and clang-N meets both trees' minimums" bash -c "
	for t in /usr/bin/arm-linux-gnueabi-gcc-[0-9]* /usr/bin/clang-[0-9]*; do
		v=\${t##*-}; case \$t in *gcc*) tc=gcc-\$v f=gcc ;; *) tc=clang-\$v f=clang ;; esac
		for k in $O/src/linux-source-6.1 $KTREE; do
			TC_FAMILY=\$f TC_CC=\${t##*/} $TOP/mk/tc-min.sh \$k \$tc || exit 1; done; done"
