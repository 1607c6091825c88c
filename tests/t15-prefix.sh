#!/bin/bash
# A toolchain given by its prefix (an old GCC in /opt, say): here Debian's
# gcc-12 behind a directory of unversioned links, as a hand-built cross
# toolchain installs itself. Its W=12 corpus of the test seed is named after
# the compiler's full version, and its warnings are those gcc-12's W=123
# build attributes to W=1 and W=2. It is built by tests/setup.sh (need
# prefix): t20 uses it too, as GCC's real W=12 build (the same compiler,
# one full build instead of two).
. "$(dirname "$0")/lib.sh"
plan 6
need corpus gcc-12 123
need prefix
pc=$TESTDIR/prefix/corpus
ref=$CDIR/gcc-12-W123.jsonl.zst
c=$PREFIX_CORPUS
name=gcc-$("${PREFIX}gcc" -dumpfullversion)

ok "its corpus is named after the compiler's full version ($name), not gcc-12's" test -f "$c"
ok "  its build record names the prefix compiler; tree and series are gcc-12's, the config too but CC_VERSION_TEXT" bash -c "
	zstd -dcq $c | head -n1 | jq -e --arg tc $name '
		.toolchain == \$tc and (.compiler | startswith(\"arm-linux-gnueabi-gcc \")) and .status == \"ok\" and
		[.config_diff[] | select(test(\"^[<>]CONFIG_CC_VERSION_TEXT=\") | not)] == []' &&
	test \"\$(zstd -dcq $c | head -n1 | jq -c '[.tree, .series_sha256]')\" = \
		\"\$(zstd -dcq $ref | head -n1 | jq -c '[.tree, .series_sha256]')\""
fields='[.tool, .kind, .flag, .level, .path, .line, .col, .message, .count] | @json'
zstd -dcq "$ref" | jq -r "select(.type == \"diag\" and .kind == \"warning\" and (.level // 9) <= 2) | $fields" |
	sort > "$TESTDIR/prefix/gcc-12"
zstd -dcq "$c" | jq -r "select(.type == \"diag\" and .kind == \"warning\") | $fields" | sort > "$TESTDIR/prefix/$name"
ok "  its warnings, levels too, are those gcc-12's W=123 build attributes to W=1 and W=2 ($(wc -l < "$TESTDIR/prefix/gcc-12") sites)" \
	cmp "$TESTDIR/prefix/gcc-12" "$TESTDIR/prefix/$name"
ok "  make top TOOLCHAIN=$name W=12 reads it" bash -c "
	make -s -C $TOP top SEED=$TEST_SEED $TEST_RUN_VARS TOOLCHAIN=$name W=12 CORPUS=$pc > $TESTDIR/prefix/top.out 2>&1 &&
	grep -q '^W=1: ' $TESTDIR/prefix/top.out"
