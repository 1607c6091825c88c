#!/bin/bash
# make merge: corpora made elsewhere gathered into one corpus directory.
. "$(dirname "$0")/lib.sh"
plan 37
need corpus gcc-12 123
need corpus clang-14 123
cdir=$CDIR
m=$TESTDIR/merge
p=$TEST_RUN
rm -rf "$m"
mkdir -p "$m"

# The whole: the test seed's two corpora as made (with their logs, times
# and summaries), and copies relabeled seed 2 and 3 (records recompressed
# at level 3, summaries made by mk/summary.sh), each at its corpus path.
w=$m/whole
mkdir -p "$w/$p/seed-1"
cp -p "$cdir"/{gcc-12,clang-14}-W123.{jsonl.zst,log.zst,run.json,sum.zst} "$w/$p/seed-1/"
for s in 2 3; do
	d=$w/$p/seed-$s
	mkdir -p "$d"
	for tc in gcc-12 clang-14; do
		zstd -dcq "$cdir/$tc-W123.jsonl.zst" | sed "s/\"seed\":$TEST_SEED,/\"seed\":$s,/" |
			zstd -q -3 -o "$d/$tc-W123.jsonl.zst"
		"$TOP/mk/summary.sh" -o "$d/$tc-W123.sum.zst" "$d/$tc-W123.jsonl.zst"
		touch -r "$d/$tc-W123.jsonl.zst" "$d/$tc-W123.sum.zst"
	done
done
# two halves: A has seed 1 and seed 2's gcc-12; B seed 2's clang-14, seed
# 3, and seed 1's gcc-12 again (the same bytes: one file)
half() {	# half DIR FILE...: FILE (a corpus file of the whole) and what lies beside it
	local dir=$1 f b
	shift
	for f; do
		b=${f%.jsonl.zst}
		mkdir -p "$dir/$(dirname "$f")"
		cp -p "$w/$b".* "$dir/$(dirname "$f")/"
	done
}
half "$m/A" $p/seed-1/gcc-12-W123.jsonl.zst $p/seed-1/clang-14-W123.jsonl.zst $p/seed-2/gcc-12-W123.jsonl.zst
half "$m/B" $p/seed-2/clang-14-W123.jsonl.zst $p/seed-3/gcc-12-W123.jsonl.zst $p/seed-3/clang-14-W123.jsonl.zst \
	$p/seed-1/gcc-12-W123.jsonl.zst
# B's seed 1 gcc-12 from another run (another build time): A's, whose
# path sorts first, is taken whatever the order
echo '{"build_seconds":1}' > "$m/B/$p/seed-1/gcc-12-W123.run.json"
# seed 3 without summaries (an older kwarn's), seed 2's clang-14 with
# another file's
rm "$m/B/$p/seed-3/"*.sum.zst
cp -p "$w/$p/seed-2/gcc-12-W123.sum.zst" "$m/B/$p/seed-2/clang-14-W123.sum.zst"

merge() {	# merge OUT FROM...: make merge, its output in $m/out, its status in $m/rc
	local out=$1
	shift
	make -C "$TOP" -s merge CORPUS="$out" FROM="$*" > "$m/out" 2>&1
	echo $? > "$m/rc"
}
merge "$m/AB" "$m/A" "$m/B"
cp "$m/out" "$m/out.AB"
ok "merge A B: exit 0, the whole's files, byte for byte (diff -r)" bash -c "
	test \$(cat $m/rc) = 0 && diff -r $w $m/AB"
ok "the summaries it lacked or that were another file's are made, one SUMMARY line each; each corpus file checked once" bash -c "
	test \$(grep -c '^  SUMMARY  ' $m/out.AB) = 3 &&
	grep -qx '  SUMMARY  $p/seed-3/gcc-12-W123.sum.zst (no summary beside it: made from the corpus file)' $m/out.AB &&
	grep -qx '  SUMMARY  $p/seed-2/clang-14-W123.sum.zst (the summary beside it is not of this file: made from the corpus file)' $m/out.AB &&
	grep -qx '  MERGE    $m/AB: 6 new corpus files, 0 already there' $m/out.AB"
ok "on one file system the corpus files and logs are hard-linked, and it says so; summaries and times are copies" bash -c "
	grep -qx '  MERGE    3 corpus files from $m/A (hard-linked)' $m/out.AB &&
	test \$(stat -c %h $m/AB/$p/seed-1/clang-14-W123.jsonl.zst) = 2 &&
	test \$(stat -c %h $m/AB/$p/seed-1/clang-14-W123.log.zst) = 2 &&
	test \$(stat -c %h $m/AB/$p/seed-1/clang-14-W123.sum.zst) = 1"
ok "every summary has its corpus file's time: the queries' summary.sh -u takes each as it is" bash -c "
	mkdir -p $m/sumtmp && $TOP/mk/summary.sh -u $m/sumtmp \$(find $m/AB -name '*.jsonl.zst' | sort) 2> $m/sum.err > $m/sum.out &&
	test ! -s $m/sum.err && test \$(wc -l < $m/sum.out) = 6"
merge "$m/BA" "$m/B" "$m/A"
ok "merge B A: the same bytes as merge A B" bash -c "test \$(cat $m/rc) = 0 && diff -r $m/AB $m/BA"
merge "$m/AB" "$m/B" "$m/A"
ok "merged again: nothing new, nothing checked again (no SUMMARY), the same bytes" bash -c "
	test \$(cat $m/rc) = 0 && ! grep -q SUMMARY $m/out &&
	grep -qx '  MERGE    $m/AB: 0 new corpus files, 6 already there' $m/out && diff -r $w $m/AB"

# refused: one line naming both files, nothing written
snap() { find "$1" -printf '%P %s %T@\n' 2> /dev/null | sort; }
mkdir -p "$m/C/$p/seed-1"
cp "$cdir/gcc-12-W123.jsonl.zst" "$m/C/$p/seed-1/clang-14-W123.jsonl.zst"
merge "$m/AC" "$m/A" "$m/C"
ok "gcc-12's corpus at clang-14's path: refused, one line naming both files and the field, nothing written" bash -c "
	test \$(cat $m/rc) = 2 && test ! -e $m/AC &&
	grep -x 'kwarn: merge: $m/A/$p/seed-1/clang-14-W123.jsonl.zst and $m/C/$p/seed-1/clang-14-W123.jsonl.zst: two different corpora for one path: toolchain differs: \"clang-14\" against \"gcc-12\"; nothing merged' $m/out &&
	test \$(grep -c kwarn: $m/out) = 1"
rm -r "$m/C" && mkdir -p "$m/C/$p/seed-1"
zstd -dcq "$cdir/gcc-12-W123.jsonl.zst" | sed '1s/"probability":[0-9]*,/"probability":7,/' |
	zstd -q -3 -o "$m/C/$p/seed-1/gcc-12-W123.jsonl.zst"
snap "$m/AB" > "$m/AB.before"
merge "$m/AB" "$m/C"
snap "$m/AB" > "$m/AB.after"
ok "another probability at a path CORPUS holds: refused naming CORPUS's file and the other, CORPUS untouched" bash -c "
	test \$(cat $m/rc) = 2 &&
	grep -x 'kwarn: merge: $m/AB/$p/seed-1/gcc-12-W123.jsonl.zst and $m/C/$p/seed-1/gcc-12-W123.jsonl.zst: two different corpora for one path: probability differs: $TEST_P against 7; nothing merged' $m/out &&
	cmp $m/AB.before $m/AB.after"
# damaged: cut short, with the whole file's summary beside it
mkdir -p "$m/D/$p/seed-9"
head -c 100000 "$cdir/gcc-12-W123.jsonl.zst" > "$m/D/$p/seed-9/gcc-12-W123.jsonl.zst"
cp "$cdir/gcc-12-W123.sum.zst" "$m/D/$p/seed-9/"
merge "$m/AB" "$m/A" "$m/D"
snap "$m/AB" > "$m/AB.after"
ok "a truncated corpus file with a summary not its own: checked whole, refused naming it, CORPUS untouched" bash -c "
	test \$(cat $m/rc) = 2 &&
	grep -qx 'kwarn: corpus-check: $m/D/$p/seed-9/gcc-12-W123.jsonl.zst: truncated or corrupt corpus file' $m/out &&
	cmp $m/AB.before $m/AB.after && test ! -e $m/AB/$p/seed-9"
"$TOP/mk/tools/merge.sh" "$m/E" "$m/A" "$m/nonexistent" > "$m/out" 2>&1
echo $? > "$m/rc"
ok "mk/tools/merge.sh: a FROM that is not a directory: exit 1, one line naming it, nothing written" bash -c "
	test \$(cat $m/rc) = 1 && test ! -e $m/E &&
	test \"\$(cat $m/out)\" = 'kwarn: merge: FROM $m/nonexistent: not a directory'"
merge "$m/E" "$m/A" "$m/nonexistent"
ok "make merge: the same, refused by the settings check" bash -c "
	test \$(cat $m/rc) = 2 && test ! -e $m/E &&
	grep -q \"FROM: '$m/nonexistent' is not a directory\" $m/out"

# A corpus file's path is checked against its build record (the readers'
# rule, mk/corpus-lib.jq path_why), whatever the summary beside it says
atpath() {	# atpath NAME DIR FILE: a FROM $m/NAME holding the test corpus (summary too) at DIR/FILE
	rm -rf "$m/$1" && mkdir -p "$m/$1/$2"
	for x in jsonl.zst sum.zst; do cp -p "$cdir/gcc-12-W123.$x" "$m/$1/$2/${3%.jsonl.zst}.$x"; done
}
refused_at() {	# refused_at NAME MESSAGE: merging FROM $m/NAME into a new CORPUS is refused, saying MESSAGE
	rm -rf "$m/at-out"
	merge "$m/at-out" "$m/$1"
	test "$(cat "$m/rc")" = 2 && test ! -e "$m/at-out" && grep -qxF "kwarn: corpus-check: $m/$1/$2" "$m/out" ||
		{ echo "# said: $(head -c 400 "$m/out")"; false; }
}
atpath seed4 $p/seed-4 gcc-12-W123.jsonl.zst
ok "seed 1's corpus (with its summary) in seed-4/: refused, naming the path and the record, nothing written" \
	refused_at seed4 "$p/seed-4/gcc-12-W123.jsonl.zst:1: its build record says seed-1/gcc-12-W123.jsonl.zst, not seed-4/gcc-12-W123.jsonl.zst"
atpath p7 linux-source-6.1/p7/seed-1 gcc-12-W123.jsonl.zst
ok "a P=$TEST_P corpus in p7/: refused" \
	refused_at p7 "linux-source-6.1/p7/seed-1/gcc-12-W123.jsonl.zst:1: its build record says probability $TEST_P, not p7's"
atpath misnamed $p/seed-1 gcc-11-W1.jsonl.zst
ok "a gcc-12 W=123 corpus named gcc-11-W1: refused" \
	refused_at misnamed "$p/seed-1/gcc-11-W1.jsonl.zst:1: its build record says seed-1/gcc-12-W123.jsonl.zst, not seed-1/gcc-11-W1.jsonl.zst"

# FROMs merge refuses in one line, nothing written
mkdir -p "$m/empty"
merge "$m/E" "$m/empty"
ok "a FROM with no corpus file: exit 2 (merge.sh: 1), one line, nothing written (it was 'cands: unbound variable')" bash -c "
	test \$(cat $m/rc) = 2 && test ! -e $m/E &&
	grep -qx 'kwarn: merge: no corpus file (\*.jsonl.zst) in FROM $m/empty: nothing merged' $m/out && test \$(grep -c kwarn: $m/out) = 1"
rm -rf "$m/L" && mkdir -p "$m/L/$p/seed-1" && ln -s "$cdir/gcc-12-W123.jsonl.zst" "$m/L/$p/seed-1/"
merge "$m/E" "$m/L"
ok "a symbolic link in a FROM: refused naming it (it was skipped without a word)" bash -c "
	test \$(cat $m/rc) = 2 && test ! -e $m/E && grep -qx 'kwarn: merge: $m/L/$p/seed-1/gcc-12-W123.jsonl.zst: a symbolic link: merge takes files (give what it points to as a FROM)' $m/out"
rm -rf "$m/L" && mkdir -p "$m/L/$p" && ln -s "$w/$p/seed-2" "$m/L/$p/seed-2"
merge "$m/E" "$m/L"
ok "  and a symbolic link to a seed directory" bash -c "
	test \$(cat $m/rc) = 2 && test ! -e $m/E && grep -qx 'kwarn: merge: $m/L/$p/seed-2: a symbolic link: merge takes files (give what it points to as a FROM)' $m/out"

# One merge at a time per CORPUS: two at once with conflicting FROMs, the
# second waits and is then refused (both exited 0, the second's files
# replacing the first's); a killed merge's staging directory is removed
# by the next
# (C2's differs in a field its path does not judge: whichever merge
# comes first, the second meets the first's file)
rm -rf "$m/two" "$m/C2" && mkdir -p "$m/C2/$p/seed-1"
zstd -dcq "$cdir/gcc-12-W123.jsonl.zst" | sed '1s/"compiler":"[^"]*"/"compiler":"another gcc"/' |
	zstd -q -3 -o "$m/C2/$p/seed-1/gcc-12-W123.jsonl.zst"
(make -C "$TOP" -s merge CORPUS="$m/two" FROM="$m/A" > "$m/two.1" 2>&1; echo $? > "$m/two.1.rc") &
(make -C "$TOP" -s merge CORPUS="$m/two" FROM="$m/C2" > "$m/two.2" 2>&1; echo $? > "$m/two.2.rc") &
wait
winner=$m/A; [ "$(cat "$m/two.2.rc")" != 0 ] || winner=$m/C2
ok "two merges into one CORPUS at once with conflicting FROMs: one merged, the other refused" bash -c "
	test \"\$(cat $m/two.1.rc $m/two.2.rc | sort | tr '\n' ' ')\" = '0 2 ' &&
	cat $m/two.1 $m/two.2 | grep -q 'two different corpora for one path: compiler differs' &&
	cmp $winner/$p/seed-1/gcc-12-W123.jsonl.zst $m/two/$p/seed-1/gcc-12-W123.jsonl.zst"
rm -rf "$m/three" && mkdir -p "$m/three/.merge-999999/$p/seed-1" && cp "$cdir/gcc-12-W123.jsonl.zst" "$m/three/.merge-999999/$p/seed-1/"
merge "$m/three" "$m/A"
ok "a killed merge's staging directory is removed by the next merge" bash -c "
	test \$(cat $m/rc) = 0 && test -z \"\$(ls -d $m/three/.merge-* 2> /dev/null)\" && diff -r $m/A $m/three"

# an unreadable directory in a FROM stops the merge, naming it (as nobody:
# root reads every directory; in /tmp, which nobody can reach wherever
# TESTDIR is)
U=$(mktemp -d /tmp/kwarn-unread.XXXXXX) && chmod 755 "$U" && mkdir -p "$U/$p/seed-2" && cp -rp "$m/A/$p/seed-1" "$U/$p/" &&
	cp -p "$w/$p/seed-2/gcc-12-W123".* "$U/$p/seed-2/" && chmod -R a+rwX "$U" && chmod 000 "$U/$p/seed-2"
ok "an unreadable directory in a FROM: refused naming it (it was skipped without a word)" bash -c "
	cd / && ! setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=/tmp \
		$TOP/mk/tools/merge.sh /tmp/kwarn-nobody-merge $U > $U.out 2>&1 &&
	grep -qx 'kwarn: merge: $U/$p/seed-2: cannot read this directory: nothing merged' $U.out && test ! -e /tmp/kwarn-nobody-merge ||
	{ head -c 400 $U.out; false; }"
chmod 755 "$U/$p/seed-2"
rm -rf "$U" "$U.out"

# A corpus is data: a path's parts and the records' values follow one
# grammar (mk/corpus-lib.jq: values_why, diag_values_why, rel_why), checked
# before anything is written or run
relabel() {	# relabel NAME REL SED: a FROM $m/NAME holding the test corpus, edited by SED, at REL
	rm -rf "$m/$1" && mkdir -p "$m/$1/$(dirname "$2")"
	zstd -dcq "$cdir/gcc-12-W123.jsonl.zst" | sed "$3" | zstd -q -3 -o "$m/$1/$2"
}
# (the name of the hostile-input round: make repro ID= ran its id)
rm -f "$TOP/x"
relabel shell "$p/seed-1/\$(id>x)-W123.jsonl.zst" 's/"toolchain":"gcc-12"/"toolchain":"$(id>x)"/'
ok "a toolchain named \$(id>x) in path and records: refused naming it, nothing merged, nothing run" bash -c "
	$(declare -f refused_at merge); m=$m TOP=$TOP
	refused_at shell '$p/seed-1/\$(id>x)-W123.jsonl.zst:1: toolchain \"\$(id>x)\" is not gcc-N or clang-N' && test ! -e $TOP/x"
relabel w321 "$p/seed-1/gcc-12-W321.jsonl.zst" 's/"w":"123"/"w":"321"/g'
ok "a W of 321: refused" refused_at w321 "$p/seed-1/gcc-12-W321.jsonl.zst:1: w \"321\" is not the levels 1, 2 and 3 sorted, each once"
for bad in 'count:-1000:a count, line or column -1000 is not a whole number 0..1000000000' \
	'count:1.5:a count, line or column 1.5 is not a whole number 0..1000000000' \
	'count:1e300:a count, line or column 1e+300 is not a whole number 0..1000000000' \
	'level:9:level 9 is not 0 (no W=), 1, 2, 3 or null' 'key:"0123xyz":key "0123xyz" is not 16 hex digits'; do
	field=${bad%%:*} rest=${bad#*:} value=${rest%%:*} why=${rest#*:}
	relabel values "$p/seed-1/gcc-12-W123.jsonl.zst" "2s/\"$field\":[^,]*,/\"$field\":$value,/"
	ok "a record's $field of $value: refused naming the file and line" \
		refused_at values "$p/seed-1/gcc-12-W123.jsonl.zst:2: $why"
done
mkdir -p "$m/S1/$p/seed-1" && cp -p "$cdir"/gcc-12-W123.* "$m/S1/$p/seed-1/"
merge "$m/E" "$m/S1/$p/seed-1"
ok "a FROM that is a seed directory: refused, saying which directory to give, nothing written" bash -c "
	test \$(cat $m/rc) = 2 && test ! -e $m/E &&
	grep -qxF 'kwarn: merge: FROM $m/S1/$p/seed-1: gcc-12-W123.jsonl.zst: not TREE/RUN/seed-N/NAME (linux-source-6.1/p2/seed-1/gcc-12-W123.jsonl.zst); give the corpus directory that holds it, FROM=$m/S1' $m/out"
merge "$m/E" "$m/A/${p%%/*}"
ok "a FROM that is a tree directory: refused, naming its parent" bash -c "
	test \$(cat $m/rc) = 2 && test ! -e $m/E && grep -qF 'give the corpus directory that holds it, FROM=$m/A' $m/out"
rm -rf "$m/R" && mkdir -p "$m/R/$p" && cp -rp "$m/A/$p/seed-1" "$m/R/$p/" && echo 'not json' > "$m/R/$p/seed-1/gcc-12-W123.run.json"
merge "$m/E" "$m/R"
ok "a .run.json that is not JSON: refused naming it, nothing written" bash -c "
	test \$(cat $m/rc) = 2 && test ! -e $m/E &&
	grep -qxF 'kwarn: merge: $m/R/$p/seed-1/gcc-12-W123.run.json: not a JSON object: nothing merged' $m/out"
cp -p "$cdir/gcc-12-W123.run.json" "$m/R/$p/seed-1/" && head -c 1000 "$cdir/gcc-12-W123.log.zst" > "$m/R/$p/seed-1/gcc-12-W123.log.zst"
merge "$m/E" "$m/R"
ok "a cut .log.zst: refused naming it" bash -c "
	test \$(cat $m/rc) = 2 && test ! -e $m/E &&
	grep -qxF 'kwarn: merge: $m/R/$p/seed-1/gcc-12-W123.log.zst: truncated or corrupt zstd file: nothing merged' $m/out"

# the index is made from the corpora: a damaged one is made again
idx=$(make -C "$TOP" -s where CORPUS="$m/AB" | sed -n 's/^index *//p')
make -C "$TOP" -s index CORPUS="$m/AB" > /dev/null 2>&1
head -c 4096 /dev/urandom > "$idx" && rm -f "$idx-wal" "$idx-shm"
ok "a query that meets a damaged index says so and what to do" bash -c "
	! $TOP/.build/bin/kwarn-index summaries -c '$idx' '$p' 'gcc-12-W123.jsonl.zst' 2> $m/idx.err &&
	grep -qxF 'kwarn-index: $idx: not an index (file is not a database): make index makes it again from the corpora' $m/idx.err"
ok "make index makes it again, and make top reads it" bash -c "
	make -C $TOP -s index CORPUS=$m/AB 2> $m/idx.err && grep -qF 'not an index (file is not a database): made again from the corpora' $m/idx.err &&
	make -C $TOP -s top CORPUS=$m/AB $TEST_RUN_VARS TOOLCHAIN=gcc-12 > /dev/null"
# each summary of a run is named with its own line numbers
cp -rp "$m/AB" "$m/S" && s2=$m/S/$p/seed-2/gcc-12-W123.sum.zst
{ "$TOP/mk/summary.sh" -f "$m/S/$p/seed-2/gcc-12-W123.jsonl.zst"; zstd -dcq "$s2" | sed '3s/\t[0-9]*\t/\tx\t/' | zstd -q; } > "$m/s2" &&
	mv "$m/s2" "$s2" && touch -r "$m/S/$p/seed-2/gcc-12-W123.jsonl.zst" "$s2"
ok "a damaged summary among others: named, at its own line" bash -c "
	! make -C $TOP -s index CORPUS=$m/S > $m/s.out 2>&1 && grep -q '$s2:3: ' $m/s.out || { head -c 300 $m/s.out; false; }"
ok "a summary that cannot be written (a full disk) names the file" bash -c "
	! $TOP/mk/summary.sh -o /dev/full $cdir/gcc-12-W123.jsonl.zst 2> $m/full.err &&
	grep -qxF 'kwarn: summary: /dev/full: cannot write the summary of $cdir/gcc-12-W123.jsonl.zst: No space left on device' $m/full.err"
