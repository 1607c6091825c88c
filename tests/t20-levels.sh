#!/bin/bash
# W levels, proved: the records one W=123 build attributes to W=1 and W=12
# equal those of real W=1 and W=12 builds, for one GCC and one Clang.
# Differences are allowed only where tests/levels-exceptions lists them,
# each with its reason. GCC's real builds are t11's W=1 and t15's W=12 (the
# same gcc-12, named by its prefix).
. "$(dirname "$0")/lib.sh"
cdir=$TESTDIR/corpus/seed-$TEST_SEED
exc=$TOP/tests/levels-exceptions

fields='select(.type == "diag" and .kind == "warning")
	| [.tool, .flag, .path, .line, .col, .message, .count] | @json'

for tc in gcc-12 clang-14; do
	ok "$tc: the W=123 corpus of the test seed" kmake corpus TOOLCHAIN=$tc JOBS=8
	for w in 1 12; do
		real=$cdir/$tc-W$w.jsonl.zst
		if [ $tc-W$w = gcc-12-W1 ]; then	# t11 built it from scratch
			ok "$tc: the real W=$w corpus of the test seed (from t11)" test -f "$real"
		elif [ $tc-W$w = gcc-12-W12 ]; then	# t15: the same compiler by its prefix
			real=$TESTDIR/prefix/corpus/seed-$TEST_SEED/gcc-$(arm-linux-gnueabi-gcc-12 -dumpfullversion)-W12.jsonl.zst
			ok "$tc: the real W=$w corpus of the test seed (t15's prefix toolchain: this gcc-12)" test -f "$real"
		else
			ok "$tc: a real W=$w build of the test seed" kmake corpus TOOLCHAIN=$tc W=$w JOBS=8
		fi
		zstd -dcq "$cdir/$tc-W123.jsonl.zst" |
			jq -r --argjson max ${#w} "select((.level // 9) <= \$max) | $fields" |
			sort > "$TESTDIR/attr-$tc-$w"
		zstd -dcq "$real" | jq -r "$fields" | sort > "$TESTDIR/real-$tc-$w"
		comm -3 "$TESTDIR/attr-$tc-$w" "$TESTDIR/real-$tc-$w" > "$TESTDIR/diff-$tc-$w" || true
		allowed=$(awk -F '\t' -v tc=$tc -v w=$w '$1 == tc && $2 == w { print $3 }' "$exc" 2>/dev/null)
		sed 's/^\t//' "$TESTDIR/diff-$tc-$w" | while read -r rec; do
			f=$(jq -r '.[1]' <<< "$rec")
			grep -qxF -- "$f" <<< "$allowed" || echo "$rec"
		done > "$TESTDIR/unexplained-$tc-$w"
		n=$((n + 1))
		if [ -s "$TESTDIR/attr-$tc-$w" ] && [ ! -s "$TESTDIR/unexplained-$tc-$w" ]; then
			echo "ok $n - $tc: W=123 records attributed to W=$w equal the real W=$w build's ($(wc -l < "$TESTDIR/attr-$tc-$w") sites, $(wc -l < "$TESTDIR/diff-$tc-$w") listed exceptions)"
		else
			echo "not ok $n - $tc: W=123 records attributed to W=$w equal the real W=$w build's"
			echo "#   attributed: $(wc -l < "$TESTDIR/attr-$tc-$w"), real: $(wc -l < "$TESTDIR/real-$tc-$w"), unexplained:"
			head -n 10 "$TESTDIR/unexplained-$tc-$w" | sed 's/^/#   /'
		fi
	done
done

c=$cdir/gcc-12-W123.jsonl.zst
for f in "-Wmissing-prototypes 1" "-Wshadow 2" "-Wmaybe-uninitialized 2"; do
	set -- $f
	ok "the test seed exercises gcc's $1 at W=$2" bash -c \
		"zstd -dcq $c | jq -e -s 'any(.[]; .flag == \"$1\" and .level == $2)'"
done
ok "the test seed exercises clang's -Wunused-function on static inlines, at W=2" bash -c \
	"zstd -dcq $cdir/clang-14-W123.jsonl.zst | jq -e -s 'any(.[]; .flag == \"-Wunused-function\" and .level == 2 and (.source | test(\"inline\")))'"
ok "the test seed exercises a clang message rule: void-pointer arithmetic (-Wpointer-arith) at W=3" bash -c \
	"zstd -dcq $cdir/clang-14-W123.jsonl.zst | jq -e -s 'any(.[]; .flag == \"-Wpointer-arith\" and .level == 3 and (.message | test(\"to void is a GNU\")))'"
