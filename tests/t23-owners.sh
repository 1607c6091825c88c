#!/bin/bash
# Every warning under its owners: kwarn-maint matches paths to the tree's
# real MAINTAINERS sections as the tree's own scripts/get_maintainer.pl
# does (the oracle, path by path); make top BY=dir, BY=section and BY=site
# with PATHS= and SECTION=, held to jq's sums of the corpus file.
. "$(dirname "$0")/lib.sh"
plan 13
need corpus gcc-12 123
need corpus clang-14 123
corpus=$CDIR/gcc-12-W123.jsonl.zst
src=$O/src/$TEST_TREE
maint=$TOP/.build/san/kwarn-maint

# 40 paths of the test seed's warnings, spread over the tree, and one that
# a section's X: takes out of another (drivers/clk/clkdev.c: COMMON CLK
# FRAMEWORK's X:)
zstd -dcq "$corpus" | jq -r 'select(.type == "diag") | .path' | sort -u |
	grep -v '^include/generated/' | awk 'NR % 20 == 1' | head -n 39 > "$TESTDIR/owner-paths"
echo drivers/clk/clkdev.c >> "$TESTDIR/owner-paths"
# get_maintainer.pl --sections: each section's name is the line after a blank one
while read -r p; do
	(cd "$src" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --sections -f "$p" 2> /dev/null) |
		awk -v p="$p" 'BEGIN { n = 1 } /^$/ { n = 1; next } n { print p "\t" $0; n = 0 }'
done < "$TESTDIR/owner-paths" | sort > "$TESTDIR/owner-want"
"$maint" "$src/MAINTAINERS" < "$TESTDIR/owner-paths" > "$TESTDIR/owner-got" 2> "$TESTDIR/owner.err"
ok "kwarn-maint: the sections of $(wc -l < "$TESTDIR/owner-paths") paths are get_maintainer.pl's ($(wc -l < "$TESTDIR/owner-want") path-section pairs), under ASan+UBSan" bash -c "
	test ! -s $TESTDIR/owner.err && test -s $TESTDIR/owner-want &&
	cut -f1,3 $TESTDIR/owner-got | sort | diff $TESTDIR/owner-want -"
ok "  most specific first: drivers/clk/clkdev.c is ARM/CLKDEV SUPPORT's, then THE REST's; X: keeps COMMON CLK FRAMEWORK out" bash -c "
	test \"\$(grep '^drivers/clk/clkdev.c	' $TESTDIR/owner-got | cut -f3 | paste -sd,)\" = 'ARM/CLKDEV SUPPORT,THE REST'"

# BY=dir at W=1: each directory's instances and records, as jq sums them
zstd -dcq "$corpus" | jq -r 'select(.type == "diag" and .level != null and .level <= 1) |
	[(.path | sub("[^/]*$"; "")), .count] | @tsv' |
	awk -F '\t' '{ n[$1] += $2; r[$1]++ } END { for (d in n) printf "%d %d %s\n", n[d], r[d], d }' | sort > "$TESTDIR/bydir-want"
tmake -s top BY=dir W=1 TOP_N=1000 > "$TESTDIR/bydir.out" 2>&1
ok "make top BY=dir W=1: every directory's instances and records, as jq sums the corpus file" bash -c "
	sed -n '1,/^\$/p' $TESTDIR/bydir.out | sed -n 's/^ *[0-9]* *\([0-9]*\) *\([0-9]*\) *[0-9]*  \(.*\)/\1 \2 \3/p' | sort | diff $TESTDIR/bydir-want -"
tmake -s top BY=dir W=1 TOP_N=1000 SEED=1 > "$TESTDIR/bydir-seed.out" 2>&1
ok "  over SEED=1 (from its summary, not the index's sums): the same table" \
	diff "$TESTDIR/bydir.out" "$TESTDIR/bydir-seed.out"

# BY=section: the paths of one section, as kwarn-maint and jq see them
tmake -s top BY=section W=1 TOP_N=1000 > "$TESTDIR/bysec.out" 2>&1
ok "make top BY=section W=1: sections ranked, each with its status and lists" bash -c "
	grep -q '^gcc-12 W=1: top [0-9]* of [0-9]* MAINTAINERS sections' $TESTDIR/bysec.out &&
	grep -q '^ *[0-9]* *[0-9]* *[0-9]* *[0-9]*  SCHEDULER\$' $TESTDIR/bysec.out &&
	grep -qx '  SCHEDULER: Maintained; linux-kernel@vger.kernel.org' $TESTDIR/bysec.out"
want=$(zstd -dcq "$corpus" | jq -r 'select(.type == "diag" and .level != null and .level <= 1 and (.path | startswith("kernel/sched/"))) | .count' |
	awk '{ n += $1 } END { print n + 0 }')
ok "  SECTION='SCHEDULER' BY=dir: kernel/sched/'s $want instances" bash -c "
	tmake -s top BY=dir W=1 SECTION=SCHEDULER | grep -q '^ *1 *$want .* kernel/sched/\$'"

# BY=site: one row per site and flag, both toolchains
zstd -dcq "$CDIR/gcc-12-W123.jsonl.zst" "$CDIR/clang-14-W123.jsonl.zst" |
	jq -r 'select(.type == "diag" and .level != null and .level <= 1 and (.path | startswith("kernel/sched/"))) | "\(.path):\(.line) \(.flag)"' |
	sort -u > "$TESTDIR/bysite-want"
make -C "$TOP" -s top BY=site W=1 PATHS=kernel/sched/ TOP_N=1000 $TEST_VARS O="$O" CORPUS="$TESTDIR/corpus" > "$TESTDIR/bysite.out" 2>&1
ok "make top BY=site PATHS=kernel/sched/: one row per site and flag, the toolchains that print it" bash -c "
	sed -n 's/^ *[0-9]* *[0-9]*  \([^ ]*\) \([^ ]*\) level .*/\1 \2/p' $TESTDIR/bysite.out | sort | diff $TESTDIR/bysite-want - &&
	grep -q 'kernel/sched/fair.c:12442 -Wmissing-prototypes level 1 clang-14,gcc-12  seeds 1' $TESTDIR/bysite.out"

ok "refused: a section MAINTAINERS does not have, PATHS= without BY=, BY= of something else" bash -c "
	! tmake -s top BY=section SECTION='NO SUCH SECTION' > $TESTDIR/by-bad.out 2>&1 &&
	grep -q \"kwarn: top: SECTION='NO SUCH SECTION': no such section in .*/MAINTAINERS\" $TESTDIR/by-bad.out &&
	! tmake -s top PATHS=kernel/ > $TESTDIR/by-bad.out 2>&1 && grep -q 'PATHS= and SECTION= filter make top BY=' $TESTDIR/by-bad.out &&
	! tmake -s top BY=file > $TESTDIR/by-bad.out 2>&1 && grep -q 'BY' $TESTDIR/by-bad.out"

# How many keys the campaign has not seen: three seeds relabeled from the
# test seed's gcc-12 corpus, seed 2 without its fs/ warnings, seed 3
# without fs/ and kernel/ (fs/'s keys printed by one seed, kernel/'s by two)
k=$TESTDIR/unseen
rm -rf "$k"
for s in 1 2 3; do
	mkdir -p "$k/$TEST_RUN/seed-$s"
	zstd -dcq "$corpus" | jq -c --argjson s $s '.seed = $s | select(.type == "build" or
		($s == 1) or ($s == 2 and (.path | startswith("fs/") | not)) or
		($s == 3 and (.path | test("^(fs|kernel)/") | not)))' |
		jq -s -c '(length - 1) as $u | (.[1:] | map(.count) | add) as $i | (.[0] |= (.instances = $i | .unique = $u)) | .[]' |
		zstd -q -o "$k/$TEST_RUN/seed-$s/gcc-12-W123.jsonl.zst"
done
make -C "$TOP" -s top W=123 $TEST_RUN_VARS CORPUS="$k" O="$O" > "$k/top" 2>&1
zstd -dcq "$k/$TEST_RUN"/seed-*/gcc-12-W123.jsonl.zst | jq -r 'select(.type == "diag") | "\(.key) \(.seed)"' | sort -u |
	awk '{ n[$1]++ } END { for (x in n) { s++; if (n[x] == 1) q1++; if (n[x] == 2) q2++ } print s, q1 + 0, q2 + 0 }' > "$k/counts"
read -r S Q1 Q2 < "$k/counts"
want=$(jq -n -r --argjson s "$S" --argjson q1 "$Q1" --argjson q2 "$Q2" '(2 / 3) as $a
	| ($a * $q1 * ($q1 - 1) / (2 * ($q2 + 1))) as $t
	| "  gcc-12 W=123: \($s) keys in 3 seeds, \($q1) printed by one seed, \($q2) by two: about \($s + $t + 0.5 | floor) in all"')
ok "make top over 3 seeds: the keys not seen yet, Chao's estimate from the keys one and two seeds print ($S keys, $Q1 once, $Q2 twice)" bash -c "
	test $Q1 -gt 0 && test $Q2 -gt 0 && grep -q '^keys not seen yet' $k/top && grep -qF '$want' $k/top"

# The W=1-clean map by directory: the directories of the files the two
# builds compiled (objects_built, x.o's x.c or x.S in the tree) or printed
# a W=1 warning in; clean: those without one. As jq and the tree say:
for tc in gcc-12 clang-14; do zstd -dcq "$CDIR/$tc-W123.jsonl.zst" | head -n1 | jq -r '.objects_built[]'; done | sort -u |
	sed 's/\.o$//' | while read -r b; do for x in c S; do [ ! -f "$src/$b.$x" ] || echo "$b.$x"; done; done |
	sed 's|[^/]*$||' | sort -u > "$TESTDIR/clean-compiled"
zstd -dcq "$CDIR/gcc-12-W123.jsonl.zst" "$CDIR/clang-14-W123.jsonl.zst" |
	jq -r 'select(.type == "diag" and .level != null and .level <= 1) | .path | sub("[^/]*$"; "")' | sort -u > "$TESTDIR/clean-warned"
nall=$(sort -u "$TESTDIR/clean-compiled" "$TESTDIR/clean-warned" | wc -l)
nclean=$(comm -23 "$TESTDIR/clean-compiled" "$TESTDIR/clean-warned" | wc -l)
make -C "$TOP" -s top BY=dir W=1 TOP_N=1000 $TEST_VARS O="$O" CORPUS="$TESTDIR/corpus" > "$TESTDIR/clean.out" 2>&1
ok "make top BY=dir: the W=1-clean map over both toolchains, $nclean of $nall directories clean, each named as jq and the tree say" bash -c "
	grep -qx 'W=1-clean: $nclean of $nall directories whose files these builds compiled or warned in print no W=1 warning' $TESTDIR/clean.out &&
	sed -n '/^  clean, /,/^  not clean/p' $TESTDIR/clean.out | sed -n 's/^ *[0-9][0-9]*  [^ ]*  *\(.*\)/\1/p' | sort |
		diff <(comm -23 $TESTDIR/clean-compiled $TESTDIR/clean-warned) -"

# A mail per MAINTAINERS list: each holds the new warnings of the files
# whose sections (get_maintainer.pl's, THE REST aside unless it is a
# file's only one) have that list
make -C "$TOP" -s compare A=clang-14 B=gcc-12 FORMAT=mail BY=list $TEST_RUN_VARS O="$O" CORPUS="$TESTDIR/corpus" > "$TESTDIR/lists.out" 2>&1
make -C "$TOP" -s compare A=clang-14 B=gcc-12 FORMAT=json $TEST_RUN_VARS O="$O" CORPUS="$TESTDIR/corpus" 2> /dev/null |
	jq -r '.new[].path' | sort -u > "$TESTDIR/lists-paths"
while read -r p; do
	(cd "$src" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --sections -f "$p" 2> /dev/null) |
		awk -v p="$p" 'BEGIN { n = 1 } /^$/ { n = 1; next } n { s = $0; n = 0; next }
			/^L:/ && s != "THE REST" { print $2 "\t" p; own = 1 } /^L:/ && s == "THE REST" { rest = $2 }
			END { if (!own && rest != "") print rest "\t" p }'
done < "$TESTDIR/lists-paths" | sort -u > "$TESTDIR/lists-want"
for m in "$O"/compare/mail/*.mail; do
	l=$(sed -n '1s/^To: //p' "$m")
	grep -o '^\(>>\|  \) [^ :]*:[0-9]*:' "$m" | sed 's/^.. \([^:]*\):.*/\1/' | sort -u | sed "s|^|$l\t|"
done | sort -u > "$TESTDIR/lists-got"
ok "compare FORMAT=mail BY=list: $(ls "$O"/compare/mail/*.mail 2> /dev/null | wc -l) mails, To: each list, its files' new warnings, as get_maintainer.pl's sections say" bash -c "
	test -s $TESTDIR/lists-want && diff $TESTDIR/lists-want $TESTDIR/lists-got &&
	grep -q '^  MAIL     .*/compare/mail/linux-arm-kernel@lists.infradead.org.mail: [0-9]* new warning' $TESTDIR/lists.out"
