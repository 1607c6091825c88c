#!/bin/bash
# Same inputs, same bytes: the test seed's W=1 corpus rebuilt from scratch
# in another O=, from another directory, at -j1 (the shared build ran at
# -j8), with another TZ and LANG and a stale .config lying around, gives
# the same bytes, and both match the golden hash. (The W=123 corpus has its
# golden hash in t10; W=1 keeps this from-scratch rebuild short.)
. "$(dirname "$0")/lib.sh"
c=$TESTDIR/corpus/seed-$TEST_SEED/$TEST_TC-W1.jsonl.zst
o2=$TESTDIR/o2
c2=$TESTDIR/corpus2/seed-$TEST_SEED/$TEST_TC-W1.jsonl.zst
ok "the shared W=1 corpus of the test seed, at -j8" kmake corpus W=1 JOBS=8

rm -rf "$o2" "$TESTDIR/corpus2"
mkdir -p "$o2/seed-$TEST_SEED-p$TEST_P/config" "$o2/seed-$TEST_SEED-p$TEST_P/$TEST_TC-W1"
# stale configs: another config where randconfig and the build will look
for d in config "$TEST_TC-W1"; do
	cp "$TOP/mk/pin.config" "$o2/seed-$TEST_SEED-p$TEST_P/$d/.config"
	echo 'CONFIG_SMP=y' >> "$o2/seed-$TEST_SEED-p$TEST_P/$d/.config"
done
ok "the test seed rebuilt from scratch: O=, cwd, -j1, TZ, LANG differ" bash -c "
	cd / && TZ=Asia/Kolkata LANG=de_DE.UTF-8 LC_ALL= make -C $TOP corpus \
		SEED=$TEST_SEED P=$TEST_P TOOLCHAIN=$TEST_TC W=1 O=$o2 \
		CORPUS=$TESTDIR/corpus2 JOBS=1 > $TESTDIR/o2.log 2>&1"
ok "the same corpus bytes" cmp "$c" "$c2"
ok "the same config bytes" cmp "$O/seed-$TEST_SEED-p$TEST_P/$TEST_TC-W1/.config" \
	"$o2/seed-$TEST_SEED-p$TEST_P/$TEST_TC-W1/.config"
g=$TOP/tests/golden/seed-$TEST_SEED-p$TEST_P-$TEST_TC-W123
ok "the W=1 corpus matches the golden sha256" \
	test "$(sed -n 's/^corpus-W1 //p' "$g")" = "$(sha256sum < "$c2" | cut -c1-64)"
# the kernel tree of the second O= is large: keep only what proved the point
rm -rf "$o2"
