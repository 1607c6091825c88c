#!/bin/bash
# mk/series/*.sh, each part of make series-check on its own, under mk/lib.sh's
# set -euo pipefail as the driver runs them: the trailer parser on the fix
# patches of series/ and on malformed trailers, the corpus's claim records,
# the journal's push and pop on a scratch tree, the include index of the
# test build, the header analysis, the comparison of two builds' records
# and disassemblies, and a boot whose image does not build. t70 runs them
# together (make series-check).
. "$(dirname "$0")/lib.sh"
plan 30
need corpus gcc-12 123
s=$TESTDIR/series-parts
rm -rf "$s" && mkdir -p "$s/tmp"
# part PARTS... -- SCRIPT: SCRIPT in a bash with mk/lib.sh and the parts
# sourced, as mk/series/series-check.sh sources them; its stdout and stderr in
# $s/out, its status in $s/status
part() {
	local parts=
	while [ "$1" != -- ]; do parts="$parts . $TOP/mk/series/$1.sh;"; shift; done
	shift
	(cd "$s" && STEP=series-check SERIES=$TOP/series WORK=$s/work tmp=$s/tmp \
		ONLY= V=0 SEED=$TEST_SEED MAXOBJS=40 FAILW=12 bash -c \
		". $TOP/mk/lib.sh; $parts $1") > "$s/out" 2>&1
	echo $? > "$s/status"
}
outis() { test "$(cat "$s/status")" = "$1"; }

ok "every part of series-check is at most 200 lines and says what it reads and writes" bash -c "
	for f in $TOP/mk/series/series-check.sh $TOP/mk/series/*.sh; do
		test \$(wc -l < \$f) -le 200 && grep -q \"^# \$(basename \$f) - \" \$f || { echo \$f; exit 1; }; done
	test \$(ls $TOP/mk/series/*.sh | wc -l) -ge 6"

# --- trailers.sh -----------------------------------------------------------
part trailers -- "claims $TOP/series/1001-*.patch"
printf '%s\n' "arch/arm/mm/fault.c:583:1: warning: no previous prototype for 'do_DataAbort' [-Wmissing-prototypes]" \
	"arch/arm/mm/fault.c:624:1: warning: no previous prototype for 'do_PrefetchAbort' [-Wmissing-prototypes]" > "$s/want"
expect_eq "trailers: the two folded Fixes-warning trailers of series/1001, joined" "$s/want" "$s/out"
part trailers -- "for p in $TOP/series/1[0-9][0-9][0-9]-*.patch; do claims \$p; done"
ok "trailers: every claim of series/ is a compiler's warning line or a corpus key" bash -c "
	test -s $s/out && ! grep -vE '^([0-9a-f]{6,16}|[^ :]+:[0-9]+:[0-9]+: warning: .* \[-W[^]]+\])\$' $s/out"
# malformed: a trailer in the mail header and one in the diff are no claims,
# an empty trailer followed by an unindented line claims nothing, one folded
# over two lines is joined
cat > "$s/malformed.patch" <<'EOF'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
Fixes-warning: in-the-mail-header
Subject: [PATCH] test: malformed trailers

Fixes-warning:
not indented, so not part of the trailer
Fixes-warning: 0123abcd
Fixes-warning:
 a/b.c:1:2: warning: a claim
	folded twice [-Wx]
Signed-off-by: kwarn <kwarn@localhost>
---
Fixes-warning: in-the-diffstat
diff --git a/x b/x
+Fixes-warning: in-the-diff
EOF
part trailers -- "claims $s/malformed.patch"
printf '%s\n' 0123abcd 'a/b.c:1:2: warning: a claim folded twice [-Wx]' > "$s/want"
expect_eq "trailers: malformed trailers: only the two claims of the commit message" "$s/want" "$s/out"

# --- corpus.sh ---------------------------------------------------------------
cvars="CORPUS_RUN=$TESTDIR/corpus/$TEST_RUN REF_TOOLCHAIN=gcc-12 TOP=$TOP tree=$KTREE KWARN_PARSE=$TOP/.build/bin/kwarn-parse"
part trailers claims -- "$cvars; corpus_load; echo w=\$w; jq -e .type $s/tmp/refbuild"
ok "corpus: the test seed's corpora read, W=123 from the build record" bash -c "
	$(declare -f outis); s=$s; outis 0 && grep -qx 'w=123' $s/out && grep -qx '\"build\"' $s/out &&
	test \$(wc -l < $s/tmp/corpus.diags) -gt 100"
part trailers claims -- "$cvars; claim_records $TOP/series/1001-*.patch 1001"
ok "corpus: series/1001's claims as records (path, flag, names)" bash -c "
	$(declare -f outis); s=$s; outis 0 && test \$(wc -l < $s/tmp/claims) = 2 &&
	jq -e -s 'map(.path) == [\"arch/arm/mm/fault.c\", \"arch/arm/mm/fault.c\"] and
		map(.names[0]) == [\"do_DataAbort\", \"do_PrefetchAbort\"] and
		all(.[]; .flag == \"-Wmissing-prototypes\")' $s/tmp/claims"
key=$(jq -r 'select(.kind == "warning" and .flag == "-Wmissing-prototypes" and .objects != []) | .key' "$s/tmp/corpus.diags" | head -n1)
obj=$(jq -r --arg k "$key" 'select(.key == $k) | .objects[0]' "$s/tmp/corpus.diags" | head -n1)
printf 'Subject: [PATCH] test\n\nFixes-warning: %s\n---\n' "${key:0:12}" > "$s/key.patch"
part trailers claims -- "$cvars; claim_records $s/key.patch key.patch"
ok "corpus: a claim by key prefix (${key:0:12}) finds the warning and its object ($obj)" bash -c "
	$(declare -f outis); s=$s; outis 0 && jq -e --arg o '$obj' '.objects == [\$o]' $s/tmp/claims"
part trailers claims -- "$cvars; claim_records $s/malformed.patch malformed.patch"
ok "corpus: a malformed trailer is refused (status 2), naming the patch and the claim" bash -c "
	$(declare -f outis); s=$s; outis 2 &&
	grep -qxF 'kwarn: series-check: malformed.patch: a Fixes-warning trailer kwarn cannot read' $s/out &&
	grep -qxF '  not a warning line, nor a key in the corpus: 0123abcd' $s/out"

# --- journal.sh: a scratch tree of one file, a series of two patches --------
j=$s/journal
mkdir -p "$j/ksrc" "$j/series"
# KSRC has the series applied (as mk/tree.mk prepares it): goto 0 takes it out
printf '1\n2\nthree\n' > "$j/ksrc/f.c"
printf -- '--- a/f.c\n+++ b/f.c\n@@ -1,3 +1,3 @@\n-one\n+1\n two\n three\n' > "$j/series/0001-one.patch"
printf -- '--- a/f.c\n+++ b/f.c\n@@ -1,3 +1,3 @@\n 1\n-two\n+2\n three\n' > "$j/series/0002-two.patch"
printf -- '--- a/f.c\n+++ b/f.c\n@@ -1,3 +1,3 @@\n 1\n-zwei\n+deux\n three\n' > "$j/stale.patch"
printf '0001-one.patch\n0002-two.patch\n' > "$j/series/series"
jvars="SERIES=$j/series KSRC=$j/ksrc TREE_ID=t1 tree=$j/tree"
part trailers list journal -- "$jvars; series_list; journal_reset; pos=\$L
	goto 0; tr '\n' ' ' < $j/tree/f.c; echo; goto 1; tr '\n' ' ' < $j/tree/f.c; echo
	goto 2; tr '\n' ' ' < $j/tree/f.c; echo; cut -c1 $s/work/state/ops | tr '\n' ' '; echo"
printf '%s\n' '  SERIES   2 listed in series/series, 0 fix patches not listed yet; checking 0' \
	"  SYNC     $j/ksrc -> $j/tree (once per tree)" \
	'one two three ' '1 two three ' '1 2 three ' 'i - - + + ' > "$j/want"
expect_eq "journal: goto pops and pushes the series on a copy of the tree, each move journaled" "$j/want" "$s/out"
part trailers list journal -- "$jvars; series_list > /dev/null; journal_reset; diff -r $j/ksrc $j/tree && cat $s/work/state/ops"
ok "journal: a new run undoes the journal's moves (no copy), back to KSRC" bash -c "
	$(declare -f outis); s=$s; outis 0 && ! grep -q SYNC $s/out && grep -qx 'id t1' $s/out"
part trailers list journal -- "$jvars; series_list > /dev/null; journal_reset; apply + $j/stale.patch $j/stale.patch"
ok "journal: a patch that does not apply: status 1, its name and the failing hunk" bash -c "
	$(declare -f outis); s=$s; outis 1 && grep -qF '$j/stale.patch does not apply to the tree:' $s/out &&
	grep -qxF '  the failing hunk, f.c #1:' $s/out && grep -qxF '    -zwei' $s/out && diff -r $j/ksrc $j/tree"
part trailers list journal -- "$jvars; series_list > /dev/null; journal_reset; pos=\$L; goto 0
	echo x > $j/tree/f.c; journal_reset; diff -r $j/ksrc $j/tree"
ok "journal: a copy that is not where the journal says is copied again" bash -c "
	$(declare -f outis); s=$s; outis 0 && grep -q 'NOTE     the copy of the tree is not where .* says; copying again' $s/out"

# --- deps.sh: the include index of the test build -------------------------------
part deps -- "SEEDDIR=$SEEDDIR REF_TOOLCHAIN=gcc-12 w=123 KSRC=$KTREE TREE_ID=t1 O=$O
	jq -n -c '{objects: [\"x/from-the-corpus.o\"]}' > $s/tmp/corpus.diags; deps_index; echo \$deps"
deps=$s/work/deps/$seedname-t1.tsv
ok "deps: the test build's index: FILE<TAB>OBJECT, tree-relative, each object's source first" bash -c "
	$(declare -f outis); s=$s; outis 0 && grep -qxF '$deps' $s/out &&
	awk -F '\t' 'NF != 2 || \$1 ~ /^\\// || \$2 !~ /\\.o\$/ { print; bad = 1 } END { exit bad }' $deps &&
	test \$(awk -F '\t' '\$2 == \"arch/arm/kernel/suspend.o\" { print \$1; exit }' $deps) = arch/arm/kernel/suspend.c &&
	grep -qxF 'include/linux/kconfig.h	arch/arm/kernel/suspend.o' $deps"
# (vmlinux.o is a link, of objects only)
ok "deps: one object per .o.cmd of the build; the seed's objects with the corpus's" bash -c "
	test \$(cut -f2 $deps | sort -u | wc -l) = \$(find $SEEDDIR/gcc-12-W123 -name '.*.o.cmd' ! -name .vmlinux.o.cmd \\
		! -path '*/scripts/*' ! -path '*/tools/*' | wc -l) &&
	grep -qxF x/from-the-corpus.o $s/tmp/built && grep -qxF arch/arm/kernel/suspend.o $s/tmp/built"

# --- headers.sh: a header, two includers, one using what it declares ----------
h=$s/headers
mkdir -p "$h/tree/d"
printf '#include "h.h"\nint a(void) { return foo(); }\n' > "$h/tree/d/a.c"
printf '#include "h.h"\nint b(void) { return 0; }\n' > "$h/tree/d/b.c"
printf 'd/a.c\td/a.o\nd/h.h\td/a.o\nd/b.c\td/b.o\nd/h.h\td/b.o\n' > "$h/deps"
printf 'd/a.o\nd/b.o\n' > "$s/tmp/built"
: > "$s/tmp/claims"
hpatch() { # NAME LINE...: a patch adding LINEs to d/h.h
	local name=$1
	shift
	{ printf -- '--- a/d/h.h\n+++ b/d/h.h\n@@ -1,1 +1,%s @@\n #pragma once\n' $(($# + 1)); printf '+%s\n' "$@"; } > "$h/$name.patch"
}
hpatch decl 'int foo(void);' '#ifdef CONFIG_X' 'extern int bar[2];' '#endif'
hpatch macro '#define foo() 1'
hpatch include '#include <linux/io.h>'
printf -- '--- a/d/c.c\n+++ b/d/c.c\n@@ -1,1 +1,2 @@\n int c;\n+int d;\n' > "$h/notbuilt.patch"
hvars="tree=$h/tree deps=$h/deps"
part headers -- "names $h/decl.patch d/h.h; names $h/macro.patch d/h.h; names $h/include.patch d/h.h"
printf '%s\n' bar foo '*' '#include linux/io.h' > "$h/want"
expect_eq "headers: the names a header change declares; a macro is more than a declaration" "$h/want" "$s/out"
part headers -- "names $TOP/series/1001-*.patch arch/arm/mm/fault.h"
printf '%s\n' do_DataAbort do_PrefetchAbort > "$h/want"
expect_eq "headers: series/1001's header declares do_DataAbort and do_PrefetchAbort" "$h/want" "$s/out"
part headers -- "$hvars; affected $h/decl.patch decl; cat $s/tmp/objs.all"
ok "headers: a declaration rebuilds the includers that use it (d/a.o, not d/b.o)" bash -c "
	$(declare -f outis); s=$s; outis 0 && grep -qxF '2 d/a.o' $s/out && ! grep -q 'd/b.o' $s/tmp/objs.all &&
	grep -qF 'NOTE     d/h.h: 2 includers, those using bar foo' $s/out"
part headers -- "$hvars; MAXOBJS=1; affected $h/macro.patch macro; cat $s/tmp/objs"
ok "headers: a macro rebuilds every includer, at most MAXOBJS (1 of 2)" bash -c "
	$(declare -f outis); s=$s; outis 0 && grep -qF 'objects: 2' $s/out && test \$(wc -l < $s/tmp/objs) = 1 &&
	grep -qF 'rebuilding 1 of 2 objects' $s/out && grep -qF 'd/h.h: 2 includers (more than declarations changed)' $s/out"
part headers -- "$hvars; affected $h/include.patch include"
ok "headers: an include an includer does not have yet rebuilds every includer" bash -c "
	$(declare -f outis); s=$s; outis 0 && grep -qF 'include: claims 0 warnings; objects: 2' $s/out"
# a .c the seed compiles only inside another (kernel/sched/rt.c in
# build_policy.o): the claim's and the change's object is the includer's
printf '#include "inc.c"\n' > "$h/tree/d/pol.c"
printf 'static const int unused = 1;\n' > "$h/tree/d/inc.c"
printf 'd/pol.c\td/pol.o\nd/inc.c\td/pol.o\n' >> "$h/deps"
printf -- '--- a/d/inc.c\n+++ b/d/inc.c\n@@ -1,1 +1,1 @@\n-static const int unused = 1;\n+static const int used = 1;\n' > "$h/inc.patch"
part headers -- "$hvars; echo '{\"path\": \"d/inc.c\", \"objects\": []}' > $s/tmp/claims; affected $h/inc.patch inc; cat $s/tmp/objs"
ok "headers: a claim and a change in a .c another .c includes rebuild the includer's object" bash -c "
	$(declare -f outis); s=$s; outis 0 && grep -qxF 'd/pol.o' $s/out && ! grep -q 'inc.o' $s/out $s/tmp/objs.all"
: > "$s/tmp/claims"
part headers -- "$hvars; affected $h/notbuilt.patch notbuilt"
ok "headers: a patch that changes no object the seed builds stops the check (status 2)" bash -c "
	$(declare -f outis); s=$s; outis 2 && grep -qF 'NOTE     d/c.c: not built in seed $TEST_SEED, skipped' $s/out &&
	grep -qF 'kwarn: series-check: notbuilt: nothing to build' $s/out"

# --- rebuild.sh and compare.sh: two builds' records and objects, made up --------
c=$s/compare
mkdir -p "$c/src" "$s/tmp/gcc-12.before.o/d" "$s/tmp/gcc-12.after.o/d"
printf 'int f(int x) { return x + 1; }\n' > "$c/src/same.c"
printf 'int g(int x) { return x + 100; }\n' > "$c/src/before.c"
printf 'int g(int x) { return x + 200; }\n' > "$c/src/after.c"
arm-linux-gnueabi-gcc-12 -O2 -c -o "$s/tmp/gcc-12.before.o/d/same.o" "$c/src/same.c"
cp "$s/tmp/gcc-12.before.o/d/same.o" "$s/tmp/gcc-12.after.o/d/same.o"
arm-linux-gnueabi-gcc-12 -O2 -c -o "$s/tmp/gcc-12.before.o/d/g.o" "$c/src/before.c"
arm-linux-gnueabi-gcc-12 -O2 -c -o "$s/tmp/gcc-12.after.o/d/g.o" "$c/src/after.c"
printf 'd/same.o\nd/g.o\n' > "$c/objs"
part rebuild -- "OBJDUMP=arm-linux-gnueabi-objdump; code_changed p.patch gcc-12 $c/objs"
ok "build: code_changed lists the object whose code changed, its disassembly diff kept" bash -c "
	$(declare -f outis); s=$s; outis 0 && test \"\$(cat $s/out)\" = d/g.o &&
	grep -q '^+.*#200' $s/work/code/p/gcc-12/d/g.o.diff && test ! -e $s/work/code/p/gcc-12/d/same.o.diff"
printf 'd/g.o\n' > "$s/tmp/objs.claimed"
cp "$c/objs" "$s/tmp/objs"
printf 'd/same.o\n' > "$s/tmp/gcc-12.before.missing"
part rebuild -- "keep_built p.patch gcc-12; cat $s/tmp/objs.gcc-12"
ok "build: an object that does not build before the patch is left out" bash -c "
	$(declare -f outis); s=$s; outis 0 && grep -qF 'NOTE     gcc-12: does not build before the patch either, left out: d/same.o' $s/out &&
	test \"\$(tail -n1 $s/out)\" = d/g.o"
printf 'd/g.o\n' > "$s/tmp/gcc-12.before.missing"
# --- rebuild.sh ----------------------------------------------------------------
# series-check's records are mk/corpus.sh's, the W levels by the table made
# from the build's descriptor: the facts of make corpus's give its table
part claims rebuild -- "$cvars; TOOLCHAINS=gcc-12 KSRC=$KTREE KWARN_CC=$O/bin/kwarn-cc JOBS=2; corpus_load; toolchains_setup"
facts() { [ -f "$1/build.env" ] && (. "$1/build.env" && echo "$family|$cc|$kargs|$seed|$w|$variant"); }
ok "build: toolchains_setup writes the descriptor of make corpus's toolchain facts for the seed, no targets yet" bash -c "
	$(declare -f outis facts); s=$s; outis 0 && test -n \"\$(facts $SEEDDIR/gcc-12-W123)\" &&
	test \"\$(facts $SEEDDIR/gcc-12-W123)\" = \"\$(facts $s/work/$seedname/gcc-12-W123)\" &&
	(. $s/work/$seedname/gcc-12-W123/build.env && test -z \"\$targets\")"
printf 'make: a line left out\nd/g.c:1:1: error: it broke\n' > "$s/tmp/gcc-12.before.log"
part rebuild -- "keep_built p.patch gcc-12"
ok "build: a claimed object that does not build before the patch stops the check (status 2)" bash -c "
	$(declare -f outis); s=$s; outis 2 && grep -qxF '    d/g.c:1:1: error: it broke' $s/out &&
	grep -qxF 'kwarn: series-check: p.patch: gcc-12: the build before the patch fails (d/g.o )' $s/out"

diag() { # PATH FLAG NAME LEVEL: a warning record as kwarn-parse -l prints it
	printf "%s:1:1: warning: no prototype for '%s' [%s]\n" "$1" "$3" "$2" |
		"$TOP/.build/bin/kwarn-parse" -x "\"seed\":$TEST_SEED" | jq -c --argjson l "$4" '.level = $l'
}
diag d/g.c -Wmissing-prototypes g 1 | jq -c '{text, path, flag, names: ["g"], objects: ["d/g.o"]}' > "$c/claims"
{ diag d/g.c -Wmissing-prototypes g 1; diag d/g.c -Wshadow s 2; } > "$s/tmp/gcc-12.before.json"
{ diag d/g.c -Wshadow s 2; diag d/g.c -Wmissing-prototypes h 1; diag d/g.c -Wpadded p 3; } > "$s/tmp/gcc-12.after.json"
: > "$s/tmp/gcc-12.after.missing"
echo 0 > "$s/tmp/gcc-12.after.status"
echo 3 > "$s/tmp/gcc-12.before.sec"
echo 4 > "$s/tmp/gcc-12.after.sec"
echo d/g.o > "$s/tmp/gcc-12.changed"
part compare -- "w=123; compare p.patch gcc-12 $c/claims $c/objs > $c/rec; res=pass
	report_toolchain p.patch gcc-12 $c/rec; echo res=\$res"
ok "compare: the claim gone, a new W=1 warning fails the patch, a new W=3 one is reported only" bash -c "
	$(declare -f outis); s=$s; outis 0 &&
	jq -e '.claims == [{text: \"d/g.c:1:1: warning: no prototype for \u0027g\u0027 [-Wmissing-prototypes]\", before: 1, after: 0, status: \"gone\"}] and
		(.new | map([.level, .fails])) == [[1, true], [3, false]] and .build == \"ok\" and .code_changed == [\"d/g.o\"]' $c/rec &&
	grep -qF 'GONE     gcc-12: d/g.c:1:1' $s/out &&
	grep -qxF \"  FAIL     p.patch: gcc-12: new warning: d/g.c:1:1: warning: no prototype for 'h' [-Wmissing-prototypes]\" $s/out &&
	grep -qF 'NOTE     p.patch: gcc-12: 1 new warnings of W=3 only, not failing (SERIES_FAIL_W=12)' $s/out &&
	grep -qx 'res=fail' $s/out"
cp "$s/tmp/gcc-12.before.json" "$s/tmp/gcc-12.after.json"
part compare -- "w=123; compare p.patch gcc-12 $c/claims $c/objs > $c/rec; res=pass
	report_toolchain p.patch gcc-12 $c/rec; echo res=\$res"
ok "compare: a claim still there fails the patch" bash -c "
	$(declare -f outis); s=$s; outis 0 && grep -qF 'FAIL     p.patch: gcc-12: still there: d/g.c:1:1' $s/out &&
	grep -qx 'res=fail' $s/out"

# --- boot.sh: an image that does not build is a failed patch, not a crash ------
b=$s/boot
mkdir -p "$b/tree"
printf 'olddefconfig zImage:\n\t@echo "kwarn-test: error: no kernel here"; exit 1\n' > "$b/tree/Makefile"
echo '{"type": "build", "config": "CONFIG_KWARN_TEST=y\n"}' > "$s/tmp/refbuild"
pv() { make -C "$TOP" -s -f GNUmakefile -f mk/print.mk "kwarn-print-$1" O="$O"; }
# what series-check's make gives it
bootenv="tree=$b/tree TOP=$TOP REF_TOOLCHAIN=gcc-12 SEEDDIR=$SEEDDIR JOBS=2 O=$O P=0 KSRC=$O/src/$TEST_TREE
	INITRAMFS=$(pv INITRAMFS) KWARN_SITES=$(pv KWARN_SITES) BOOT_TIMEOUT=10 BOOT_MEM=512
	KWARN_CC=$(pv KWARN_CC) KWARN_PARSE=$(pv KWARN_PARSE)"
part boot -- "$bootenv; boot"
ok "boot: an image that does not build: status 1, FAIL with the error line" bash -c "
	$(declare -f outis); s=$s; outis 1 &&
	grep -qxF '  FAIL     the patched image does not build (seed $TEST_SEED gcc-12): $s/work/$seedname/gcc-12-boot/build.out' $s/out &&
	grep -qF 'kwarn-test: error: no kernel here' $s/out"
# an image that builds but is not there: qemu/boot.sh runs from the scratch
# build's descriptor and records it, seed and tree from series-check's own
printf 'olddefconfig zImage:\n\t@true\n' > "$b/tree/Makefile"
part boot -- "$bootenv; boot"
bf=$s/work/$seedname/gcc-12-boot/gcc-12-branches.jsonl.zst
ok "boot: an image that builds and is not there: status 1, FAIL no-image, the record from the descriptor" bash -c "
	$(declare -f outis); s=$s; outis 1 &&
	grep -qF 'FAIL     the patched image does not boot: no-image' $s/out &&
	zstd -dcq $bf | head -n1 | jq -e '.status == \"no-image\" and .seed == $TEST_SEED and .probability == 0 and
		.toolchain == \"gcc-12\" and .tree == \"$TEST_TREE + series/ (series-check)\" and .series_sha256 == \"-\"'"
rm -rf "$s"
