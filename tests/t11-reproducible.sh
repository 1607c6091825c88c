#!/bin/bash
# Same inputs, same bytes: the test seed rebuilt from scratch in another O=,
# from another directory, at -j1 (the shared build ran at -j8), with another
# TZ and LANG and a stale .config lying around, gives the same corpus.
. "$(dirname "$0")/lib.sh"
c=$TESTDIR/corpus/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst
o2=$TESTDIR/o2
c2=$TESTDIR/corpus2/seed-$TEST_SEED/$TEST_TC-W123.jsonl.zst
rm -rf "$o2" "$TESTDIR/corpus2"
mkdir -p "$o2/seed-$TEST_SEED-p$TEST_P/config" "$o2/seed-$TEST_SEED-p$TEST_P/$TEST_TC-W123"
# stale configs: another seed's, where randconfig and the build will look
for d in config "$TEST_TC-W123"; do
	cp "$TOP/mk/pin.config" "$o2/seed-$TEST_SEED-p$TEST_P/$d/.config"
	echo 'CONFIG_SMP=y' >> "$o2/seed-$TEST_SEED-p$TEST_P/$d/.config"
done

ok "the test seed rebuilt from scratch: O=, cwd, -j1, TZ, LANG differ" bash -c "
	cd / && TZ=Asia/Kolkata LANG=de_DE.UTF-8 LC_ALL= make -C $TOP corpus \
		SEED=$TEST_SEED P=$TEST_P TOOLCHAIN=$TEST_TC O=$o2 \
		CORPUS=$TESTDIR/corpus2 JOBS=1 > $TESTDIR/o2.log 2>&1"
ok "the same corpus bytes" cmp "$c" "$c2"
ok "the same config bytes" cmp "$O/seed-$TEST_SEED-p$TEST_P/$TEST_TC-W123/.config" \
	"$o2/seed-$TEST_SEED-p$TEST_P/$TEST_TC-W123/.config"
# the kernel tree of the second O= is large: keep only what proved the point
rm -rf "$o2"
