#!/bin/bash
# Same inputs, same bytes: the test seed's W=1 corpus built from scratch in
# another O=, from another directory, at -j2, with another TZ and LANG and
# a stale .config lying around, matches the golden sha256 committed from a
# -j8 build in the default O= (tests/golden; make golden). The W=123
# corpus has its golden hash in t10. t20 uses this W=1 corpus, t80 this
# build directory (and removes it). Always built: a corpus left by make
# golden is the -j8 one.
. "$(dirname "$0")/lib.sh"
o2=$TESTDIR/o2
c=$TESTDIR/corpus/seed-$TEST_SEED/$TEST_TC-W1.jsonl.zst
g=$TOP/tests/golden/seed-$TEST_SEED-p$TEST_P-$TEST_TC-W123

rm -rf "$o2"
mkdir -p "$o2/seed-$TEST_SEED-p$TEST_P/config" "$o2/seed-$TEST_SEED-p$TEST_P/$TEST_TC-W1"
# stale configs: another config where randconfig and the build will look
for d in config "$TEST_TC-W1"; do
	cp "$TOP/mk/pin.config" "$o2/seed-$TEST_SEED-p$TEST_P/$d/.config"
	echo 'CONFIG_SMP=y' >> "$o2/seed-$TEST_SEED-p$TEST_P/$d/.config"
done
mkdir -p "$o2/bin"
printf '#!/bin/sh\necho v1.24\n' > "$o2/bin/pahole" && chmod +x "$o2/bin/pahole"
rm -f "$c"
ok "the test seed's W=1 corpus from scratch: O=, cwd, -j2, TZ, LANG, PATH differ" bash -c "
	cd / && PATH=$o2/bin:\$PATH TZ=Asia/Kolkata LANG=de_DE.UTF-8 LC_ALL= make -C $TOP corpus BOOT=0 \
		SEED=$TEST_SEED P=$TEST_P TOOLCHAIN=$TEST_TC W=1 O=$o2 \
		CORPUS=$TESTDIR/corpus JOBS=2 CCACHE=0 > $TESTDIR/o2.log 2>&1"
ok "its config is the shared build's, byte for byte" cmp "$O/seed-$TEST_SEED-p$TEST_P/seed.config" \
	"$o2/seed-$TEST_SEED-p$TEST_P/seed.config"
ok "the W=1 corpus (-j2, other O=) matches the golden sha256 (-j8)" \
	test "$(sed -n 's/^corpus-W1 //p' "$g")" = "$(sha256sum < "$c" | cut -c1-64)"
