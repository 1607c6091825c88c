#!/bin/bash
# A toolchain given by its prefix (an old GCC in /opt, say): here Debian's
# gcc-12 behind a directory of unversioned links, as a hand-built cross
# toolchain installs itself. Its W=1 corpus of the test seed is named after
# the compiler's full version and holds exactly the gcc-12 corpus's warnings
# (W=1: the cheapest full build; t11 made gcc-12's). The build directory
# stays, as every corpus build's does: a second make check reuses it.
. "$(dirname "$0")/lib.sh"
# its own corpus directory: later tests read every corpus of the shared one
pc=$TESTDIR/prefix/corpus
cdir=$pc/seed-$TEST_SEED
bin=$TESTDIR/prefix/bin
pfx=$bin/arm-linux-gnueabi-

rm -rf "$TESTDIR/prefix" && mkdir -p "$bin" "$cdir"
cp "$TESTDIR/corpus/seed-$TEST_SEED/gcc-12-W1.jsonl.zst" "$cdir/"
for t in /usr/bin/arm-linux-gnueabi-*; do
	tool=${t##*/}
	ln -s "$t" "$bin/${tool%-12}"
done
ver=$("${pfx}gcc" -dumpfullversion)
name=gcc-$ver

ok "a prefix toolchain builds the test seed's W=1 corpus" kmake corpus TOOLCHAIN="$pfx" W=1 CORPUS="$pc"
ok "  it is named after the compiler's full version ($name), not gcc-12's" \
	test -f "$cdir/$name-W1.jsonl.zst"
ok "  its build record names the prefix compiler; tree and series are gcc-12's, the config too but CC_VERSION_TEXT" bash -c "
	zstd -dcq $cdir/$name-W1.jsonl.zst | head -n1 | jq -e --arg tc $name '
		.toolchain == \$tc and (.compiler | startswith(\"arm-linux-gnueabi-gcc \")) and .status == \"ok\" and
		[.config_diff[] | select(test(\"^[<>]CONFIG_CC_VERSION_TEXT=\") | not)] == []' &&
	test \"\$(zstd -dcq $cdir/$name-W1.jsonl.zst | head -n1 | jq -c '[.tree, .series_sha256]')\" = \
		\"\$(zstd -dcq $cdir/gcc-12-W1.jsonl.zst | head -n1 | jq -c '[.tree, .series_sha256]')\""
fields='select(.type == "diag") | [.tool, .kind, .flag, .level, .path, .line, .col, .message, .count] | @json'
zstd -dcq "$cdir/gcc-12-W1.jsonl.zst" | jq -r "$fields" | sort > "$TESTDIR/prefix/gcc-12"
zstd -dcq "$cdir/$name-W1.jsonl.zst" | jq -r "$fields" | sort > "$TESTDIR/prefix/$name"
ok "  its diagnostics are gcc-12's ($(wc -l < "$TESTDIR/prefix/gcc-12") records)" \
	cmp "$TESTDIR/prefix/gcc-12" "$TESTDIR/prefix/$name"
ok "  make compare A=gcc-12 B=$name: nothing new, nothing gone" bash -c "
	make -s -C $TOP compare SEED=$TEST_SEED A=gcc-12 B=$name W=1 CORPUS=$pc FAIL_ON_NEW=1 > $TESTDIR/prefix/compare.out 2>&1 &&
	grep -q '^sites: 0 new in B, 0 gone in B' $TESTDIR/prefix/compare.out"
