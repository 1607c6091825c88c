#!/bin/bash
# make corpus on the shared test configuration: the backbone end to end.
. "$(dirname "$0")/lib.sh"
plan "$([ -n "$TEST_CONFIG" ] && echo 21 || echo 20)"
c=$CDIR/$TEST_TC-W123.jsonl.zst
b=$SEEDDIR/$TEST_TC-W123

need corpus gcc-12 123
ok "the corpus is intact zstd" zstd -tq "$c"
zstd -dcq "$c" > "$TESTDIR/corpus.jsonl" || true
ok "line 1 is the build record: schema 2, seed, W, status ok, config stored" \
	jq -e -s --argjson p "$TEST_P" '.[0] | .type == "build" and .schema == 2 and .seed == 1 and
		.probability == $p and .w == "123" and .status == "ok" and
		(.config | test("CONFIG_ARCH_VIRT=y")) and (.config_sha256 | length == 64) and
		(.compiler | test("arm-linux-gnueabi-gcc-12")) and
		.packages["gcc-12-arm-linux-gnueabi"] != null' "$TESTDIR/corpus.jsonl"
ok "the build record's fragment_sha256 covers the pin and the test fragment${TEST_CONFIG:+ (tests/$TEST_CONFIG.config)}" \
	test "$(jq -r -s '.[0].fragment_sha256' "$TESTDIR/corpus.jsonl")" = \
	"$(cat "$TOP/mk/pin.config" ${TEST_CONFIG:+"$TOP/tests/$TEST_CONFIG.config"} | sha256sum | cut -c1-64)"
ok "the stored config is the one built, and its hash matches" bash -c "
	jq -j -s '.[0].config' $TESTDIR/corpus.jsonl > $TESTDIR/config &&
	cmp $TESTDIR/config $b/.config &&
	test \"\$(sha256sum < $TESTDIR/config | cut -c1-64)\" = \"\$(jq -r -s '.[0].config_sha256' $TESTDIR/corpus.jsonl)\""
ok "every pinned symbol kept its value" "$TOP/mk/checkpin.sh" "$b/.config" "$TOP/mk/pin.config"
[ -z "$TEST_CONFIG" ] ||
	ok "  and every line of tests/$TEST_CONFIG.config" "$TOP/mk/checkpin.sh" "$b/.config" "$TOP/tests/$TEST_CONFIG.config"
ok "records are unique by key and sorted by path, line, column" \
	jq -e -s '.[1:] as $d | ($d | map(.key) | unique | length) == ($d | length) and
		($d | map([.path, .line, .col])) == ($d | map([.path, .line, .col]) | sort)' \
	"$TESTDIR/corpus.jsonl"
ok "instances in the build record add up, and match the captured output" bash -c "
	test \$(jq -s '.[0].instances' $TESTDIR/corpus.jsonl) = \$(jq -s '[.[1:][] | .count] | add' $TESTDIR/corpus.jsonl) &&
	test \$(jq -s '[.[1:][] | select(.tool == \"gcc\" and .kind == \"warning\") | .count] | add' $TESTDIR/corpus.jsonl) = \
	     \$(find $b -name '.*.kwarn' -exec cat {} + | grep -c ': warning: ')"
for f in "-Wmissing-prototypes 1" "-Wshadow 2" "-Wmaybe-uninitialized 2" "-Wsign-conversion 3" "-Woverride-init 1"; do
	set -- $f
	ok "the test seed shows $1, attributed to W=$2" \
		jq -e -s --arg f "$1" --argjson l "$2" \
		'[.[] | select(.flag == $f)] | length > 0 and all(.level == $l)' "$TESTDIR/corpus.jsonl"
done
ok "header warnings count every object that printed them" \
	jq -e -s 'any(.[1:][]; .path | startswith("include/")) and
		any(.[1:][]; .nobjects > 1 and .count >= .nobjects)' "$TESTDIR/corpus.jsonl"
ok "paths are tree-relative" \
	jq -e -s 'all(.[1:][]; (.path | startswith("/") | not) and (.text | contains("'"$O"'") | not))' \
	"$TESTDIR/corpus.jsonl"

# golden hashes, for the pinned package versions
g=$GOLDEN
have=$(dpkg-query -W -f '${Package}=${Version} ' $TEST_TREE gcc-12-arm-linux-gnueabi binutils-arm-linux-gnueabi libc6-dev-armel-cross)
want=$(sed -n 's/^packages //p' "$g")
if [ "$have" != "$want" ]; then
	tap_result 1 "golden hashes: installed packages differ from the golden's"
	printf '#   %s\n' "golden: $want" "here:   $have" "(regenerate tests/golden with: make golden)"
else
	printf 'packages %s\nconfig %s\ncorpus %s\n' "$have" \
		"$(sha256sum < "$b/.config" | cut -c1-64)" \
		"$(sha256sum < "$c" | cut -c1-64)" > "$TESTDIR/golden"
	expect_eq "config and corpus match the golden sha256" <(sed '/^corpus-W1/d' "$g") "$TESTDIR/golden"
fi

# An incremental rebuild (Kbuild recompiles nothing) loses no warning.
sha=$(sha256sum < "$c")
rm -f "$b/.kwarn-built"
ok "a rebuild that recompiles nothing gives the same corpus bytes" bash -c "
	tmake corpus JOBS=8 > $TESTDIR/rebuild.log &&
	! grep -q '^  CC ' $b/make.log && test \"\$(sha256sum < $c)\" = '$sha'"
# the corpus step reads the build's flags with the build's own make
# command: Kconfig saw no change since the build
ok "  and Kconfig did not sync the config again" bash -c "! grep -q '^  SYNC ' $b/make.log"

ok "make top prints W=1, W=12 and W=123 tables" bash -c "
	tmake -s top > $TESTDIR/top && grep -q '^W=1: ' $TESTDIR/top &&
	grep -q '^W=12: ' $TESTDIR/top && grep -q '^W=123: ' $TESTDIR/top"
ok "make top's W=123 total equals the corpus's warning instances" bash -c "
	test \"\$(sed -n 's/^W=123: \([0-9]*\) instances.*/\1/p' $TESTDIR/top)\" = \
	     \"\$(jq -s '[.[1:][] | select(.kind == \"warning\") | .count] | add' $TESTDIR/corpus.jsonl)\""
