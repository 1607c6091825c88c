#!/bin/bash
# make bench on a small input (BENCH_SIZE=small): it runs and prints every
# figure. The figures themselves are measured with make bench (doc/benchmarks.md).
. "$(dirname "$0")/lib.sh"
plan 35
need corpus gcc-12 123
out=$TESTDIR/bench.out

# BUILDS=1 on a target of seconds: the kernel build figures' code runs
steps_before=$(cat "$O/steps.log" 2> /dev/null | wc -l)
bench() {
	tmake -s bench BENCH_SIZE=small BUILDS=1 BENCH_BUILD_PARTS=levels BENCH_BUILD_TARGET=syncconfig \
		> "$out" 2>&1 || { cat "$out"; return 1; }
}
ok "make bench BENCH_SIZE=small BUILDS=1 runs on the test corpus" bench
num='[0-9]+(\.[0-9]+)?'
figure() { ok "it prints $1" grep -Eq "$2" "$out"; }
figure "wc -l, the I/O floor" "^   wc -l \(the I/O floor\) +$num +$num "
figure "grep -c" "^   grep -c ': warning: ' +$num +$num "
figure "the grep|sed|sort|uniq pipeline" "^   grep \| sed \| sort \| uniq -c +$num +$num "
figure "the Python CBL matcher" "^   python3 cbl_matcher.py \(CBL regex\) +$num +$num "
figure "kwarn-parse" "^   kwarn-parse \(all of it, W levels too\) +$num +$num "
figure "the ratio against grep -c (target >= 1)" "^   grep -c +>= 1 +$num +$num "
figure "the ratio against the pipeline (target >= 10)" "^   grep \| sed \| sort \| uniq -c +>= 10 +$num +$num "
figure "the ratio against Python (target >= 20)" "^   python3 cbl_matcher.py +>= 20 +$num +$num "
figure "peak RSS at 1x and 3x the input" "^   3x input / 1x input: rss ${num}x"
figure "kwarn-parse's time at four input sizes" "^   4 +$num +$num +$num +$num +$num$"
for keys in shared distinct; do
	figure "make top over 2 seeds x 3 toolchains, $keys keys: time, cpu time and peak RSS" "^   top +$keys +2 +$num +$num +$num  $"
	figure "make compare over 2 seeds, $keys keys: time, cpu time and peak RSS" "^   compare +$keys +2 +$num +$num +$num  $"
	figure "top.jq on the same records, $keys keys, and the ratio" "^   top.jq, $keys keys +$num +$num +$num +$num  "
	figure "compare.jq on the same records, $keys keys: the same output" "^   compare.jq, $keys keys +$num +$num +$num +$num  yes, byte for byte$"
	figure "make merge of 2 seeds x 3 toolchains into an empty corpus with its index, $keys keys" "^   merge +$keys +2 +$num +$num +$num  $"
	figure "make top through the index's sums against today's path, $keys keys" "^   top-sums +$keys +2 +$num +$num +$num   today's path / the index's: ${num}x$"
	figure "make report over 2 seeds x 3 toolchains, $keys keys" "^   report +$keys +2 +$num +$num +$num  $"
done
ok "make top and make compare through the index give today's path's bytes" bash -c "! grep -q 'NOT the same output' $out"
figure "how make top and make compare scale" "^   time per seed at N=2 / at N=1: top shared $num; compare shared $num; top distinct $num; compare distinct $num; "
figure "where the campaign corpus is cached" "^   corpus files at zstd -1, summaries relabeled from the real ones; cached in $O/bench/"
figure "bytes per warning instance and per unique warning" "^   bytes per instance: $num +bytes per unique warning: $num"
figure "the raw logs' compression ratio" "^   raw logs: .*compression ${num}x"
figure "make repro's time" "^   make repro \(make prepare and one object, fresh directory\): $num s \(exit 0\)$"
figure "that the full build is timed at full size only" "^   full build: not timed at BENCH_SIZE=small"
figure "one W=123 build against the three W levels' builds" "^     W=123 / \(W=1 \+ W=12 \+ W=123\): $num$"
ok "each of its kernel builds is a line of O=/steps.log" bash -c "
	for w in 1 12 123; do
		tail -n +$((steps_before + 1)) $O/steps.log |
			awk -F '\t' -v d=$O/bench/build/wrapped-W\$w '\$2 == \"build\" && \$4 == \"ok\" && \$5 == d { f = 1 } END { exit !f }' || exit 1
	done"
