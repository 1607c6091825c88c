#!/bin/bash
# FRAGMENT=: a user's Kconfig lines on top of the pin. Bad or contradicting
# lines refused before the tree is touched; a forced symbol in the config;
# the fragment's content (not its path) in the seed's directories and the
# build record; a line randconfig cannot keep reported with Kconfig's own
# reason.
. "$(dirname "$0")/lib.sh"
plan 28
need config
need corpus clang-14 1
f=$TESTDIR/fragment
rm -rf "$f"
mkdir -p "$f"

# refused: make FRAGMENT=... fails saying MESSAGE, and the O= it was given
# is never made (nothing ran before the check)
refused() {
	local msg=$1
	shift
	rm -rf "$f/no-such-o"
	! make -C "$TOP" corpus $TEST_VARS O="$f/no-such-o" "$@" > "$f/out" 2>&1 &&
	grep -qF -- "$msg" "$f/out" && test ! -e "$f/no-such-o" ||
		{ echo "# said: $(head -c 400 "$f/out")"; false; }
}
printf 'CONFIG_MMC=y\nMMC_BLOCK=y\n' > "$f/typo.config"
ok "a line that is not a Kconfig line is refused, with its file and line" \
	refused "$f/typo.config:2: not a Kconfig line" FRAGMENT="$f/typo.config"
printf '# mine\nCONFIG_AEABI=n\n' > "$f/no-aeabi.config"
ok "a line contradicting mk/pin.config is refused, naming both lines" \
	refused "$f/no-aeabi.config:2: CONFIG_AEABI=n contradicts $TOP/mk/pin.config:$(grep -nx CONFIG_AEABI=y "$TOP/mk/pin.config" | cut -d: -f1): CONFIG_AEABI=y" \
	FRAGMENT="$f/no-aeabi.config"
printf 'CONFIG_NET=y\n' > "$f/net.config"
ok "a line contradicting CONFIG=small's fragment is refused, naming both lines" \
	refused "$f/net.config:1: CONFIG_NET=y contradicts $TOP/tests/small.config" FRAGMENT="$f/net.config"
printf 'CONFIG_MMC=y\n' > "$f/mmc.config"
printf '\n# CONFIG_MMC is not set\n' > "$f/no-mmc.config"
ok "two user files that contradict each other are refused" \
	refused "$f/no-mmc.config:2: # CONFIG_MMC is not set contradicts $f/mmc.config:1: CONFIG_MMC=y" \
	FRAGMENT="$f/mmc.config $f/no-mmc.config"
printf '# nothing but a comment\n\n' > "$f/empty.config"
ok "a fragment with no Kconfig line is refused" refused "$f/empty.config: no Kconfig line" FRAGMENT="$f/empty.config"
ok "a missing fragment file is refused" refused "$f/nothing.config: no such readable file" FRAGMENT="$f/nothing.config"

# The fragment's id is its lines' content: the same lines in another
# order, with comments, in another file, are one fragment
where() { tmake -s where "$@" | awk -v k="$1" '$1 == "run" { print $2 }'; }
printf '# the same, said otherwise\n\nCONFIG_MMC=y   \nCONFIG_PRINTK_TIME=n\n' > "$f/b.config"
printf '# CONFIG_PRINTK_TIME is not set\nCONFIG_MMC=y\n' > "$f/a.config"
ok "the fragment's content names the run: the same lines in another file, order and spelling give one run" \
	bash -c "$(declare -f where); [ \"\$(where FRAGMENT=$f/a.config)\" = \"\$(where FRAGMENT=$f/b.config)\" ]"
ok "  and another content another run, and none the run without a fragment" bash -c "
	$(declare -f where); a=\$(where FRAGMENT=$f/a.config); m=\$(where FRAGMENT=$f/mmc.config); n=\$(where)
	echo \"\$a \$m \$n\"; [ \"\$a\" != \"\$m\" ] && [ \"\$a\" != \"\$n\" ] && [ \"\$m\" != \"\$n\" ] &&
	[ \"\$n\" = $TEST_RUN ] && [ \"\${m%-frag-*}\" = $TEST_RUN ]"

# a CRLF file is read as LF: its "is not set" lines kept, no \r in values
printf '# CONFIG_PRINTK_TIME is not set\r\nCONFIG_MMC=y\r\n' > "$f/crlf.config"
ok "a CRLF fragment is the same fragment as its LF copy (its 'is not set' line kept, no \\r in values)" \
	bash -c "$(declare -f where); [ \"\$(where FRAGMENT=$f/crlf.config)\" = \"\$(where FRAGMENT=$f/a.config)\" ] &&
	$TOP/mk/fragment.sh lines $f/crlf.config | cmp - <($TOP/mk/fragment.sh lines $f/a.config)"
printf 'CONFIG_AEABI=y\r\n' > "$f/crlf-pin.config"
ok "a CRLF copy of a pinned line does not contradict the pin" bash -c "
	$(declare -f where); [ -n \"\$(where FRAGMENT=$f/crlf-pin.config)\" ]"
printf 'CONFIG_AEABI=y\nCONFIG_MMC=y\n' > "$f/crlf.seed.config"
ok "  and checkpin finds its CRLF lines kept" "$TOP/mk/checkpin.sh" "$f/crlf.seed.config" "$f/crlf-pin.config" "$f/crlf.config"

# a forced symbol: the seed's config has it, the seed's config without the
# fragment does not; the seed's directory is the fragment's run
mrun=$(where FRAGMENT="$f/mmc.config")
ok "FRAGMENT=mmc.config: the seed's config has CONFIG_MMC=y, in the fragment's run" bash -c "
	tmake -s config FRAGMENT=$f/mmc.config &&
	grep -qx CONFIG_MMC=y $O/$mrun/seed-$TEST_SEED/seed.config &&
	! grep -q '^CONFIG_MMC=' $SEEDDIR/seed.config"
ok "  and every user line was checked against it (checkpin)" \
	"$TOP/mk/checkpin.sh" "$O/$mrun/seed-$TEST_SEED/seed.config" "$f/mmc.config"

# The shipped known-failures fragment: fs-verity on (a campaign seed's
# config, which failed to link) gets the hash API it calls, and without the
# fragment the seed's config lacks it
printf 'CONFIG_FS_VERITY=y\n' > "$f/verity.config"
known=$TOP/mk/fragments/known-failures.config
vrun=$(where FRAGMENT="$f/verity.config")
krun=$(where FRAGMENT="$f/verity.config $known")
ok "known-failures.config: FS_VERITY=y alone leaves CRYPTO_HASH (crypto/ahash.o) out" bash -c "
	tmake -s config FRAGMENT=$f/verity.config &&
	grep -qx CONFIG_FS_VERITY=y $O/$vrun/seed-$TEST_SEED/seed.config &&
	! grep -q '^CONFIG_CRYPTO_HASH2=y' $O/$vrun/seed-$TEST_SEED/seed.config"
ok "  and with the fragment the seed's config has it, every line kept" bash -c "
	tmake -s config FRAGMENT='$f/verity.config $known' &&
	grep -qx CONFIG_CRYPTO_HASH2=y $O/$krun/seed-$TEST_SEED/seed.config &&
	$TOP/mk/checkpin.sh $O/$krun/seed-$TEST_SEED/seed.config $known"

# lines randconfig cannot keep: the config step fails naming each, with
# the dependency Kconfig reports (USB_STORAGE needs USB and SCSI, which the
# small kernel has not) or that the tree has no such symbol
printf 'CONFIG_MMC=y\nCONFIG_USB_STORAGE=y\nCONFIG_NO_SUCH_SYMBOL=y\n' > "$f/lost.config"
ok "a line randconfig could not keep fails the config step, with Kconfig's unmet dependency" bash -c "
	! tmake -s config FRAGMENT=$f/lost.config > $f/lost.out 2>&1 &&
	grep -F '$f/lost.config:2: CONFIG_USB_STORAGE=y lost (now: not set): Depends on [n]: USB_SUPPORT [=n] && USB [=n] && SCSI [=n]' $f/lost.out &&
	grep -F '$f/lost.config:3: CONFIG_NO_SUCH_SYMBOL=y lost (now: not set): no such symbol in this tree' $f/lost.out"

# A corpus with a fragment that changes nothing in this seed's config
# (the small kernel has no MMC): the build without the fragment is this
# build, copied, so only its corpus is made here
printf '# CONFIG_MMC is not set\n' > "$f/same.config"
srun=$(where FRAGMENT="$f/same.config")
sdir=$O/$srun/seed-$TEST_SEED
ok "FRAGMENT=same.config: the seed's config is the one without it" bash -c "
	tmake -s config FRAGMENT=$f/same.config && cmp $sdir/seed.config $SEEDDIR/seed.config"
rm -rf "$sdir/clang-14-W1"
cp -a "$SEEDDIR/clang-14-W1" "$sdir/clang-14-W1"
rm -f "$sdir"/clang-14-W1/.kwarn-built*
fc=$TESTDIR/corpus/$srun/seed-$TEST_SEED/clang-14-W1.jsonl.zst
c=$CDIR/clang-14-W1.jsonl.zst
ok "its corpus is written to the fragment's run" tmake -s corpus-one TOOLCHAIN=clang-14 W=1 FRAGMENT="$f/same.config"
ok "  its build record lists the user's lines, and its fragment_sha256 covers them" bash -c "
	zstd -dcq $fc | head -n1 > $f/rec.json && zstd -dcq $c | head -n1 > $f/rec0.json &&
	jq -e '.fragment_lines == [\"# CONFIG_MMC is not set\"]' $f/rec.json &&
	jq -e -s '.[0].fragment_sha256 != .[1].fragment_sha256 and .[1].fragment_lines == []
		and .[0].config_sha256 == .[1].config_sha256' $f/rec.json $f/rec0.json &&
	[ \"\$(jq -r .fragment_sha256 $f/rec.json)\" = \"\$(sha256sum < $sdir/allconfig | cut -c1-64)\" ] &&
	grep -qxF '# CONFIG_MMC is not set' $sdir/allconfig && cmp <(head -n \$(wc -l < $TOP/mk/pin.config) $sdir/allconfig) $TOP/mk/pin.config"
ok "  the records are those of the corpus without the fragment (the same config)" bash -c "
	cmp <(zstd -dcq $fc | tail -n +2) <(zstd -dcq $c | tail -n +2)"
ok "  and it passes the corpus checks" "$TOP/mk/corpus-check.sh" "$fc"
ok "a fragment_lines that is not an array fails the corpus checks" bash -c "
	{ jq -c '.fragment_lines = \"x\"' $f/rec.json; zstd -dcq $fc | tail -n +2; } | zstd -q -o $f/bad.jsonl.zst &&
	! $TOP/mk/corpus-check.sh $f/bad.jsonl.zst 2> $f/bad.out && grep -q 'fragment_lines' $f/bad.out"

# The seed's config is made again when what it is made from changes, file
# times aside: REF_TOOLCHAIN, another checkout's pin in a shared O=
# (older than the config, which file times alone would keep). Seed 3:
# the other tests' builds keep their config
remade() {	# remade MAKE...: the config step ran (its CONFIG line)
	"$@" > "$f/remade.out" 2>&1 && grep -q '^  CONFIG   seed 3 ' "$f/remade.out" ||
		{ echo "# said: $(tail -c 300 "$f/remade.out")"; false; }
}
kept() { "$@" > "$f/remade.out" 2>&1 && ! grep -q '^  CONFIG ' "$f/remade.out"; }
ok "config SEED=3: made, then kept" bash -c "$(declare -f tmake remade kept); TOP=$TOP f=$f
	tmake -s config SEED=3 > /dev/null && kept tmake config SEED=3"
ok "  REF_TOOLCHAIN=clang-14: made again (it was kept), and again back to gcc-12" bash -c "$(declare -f tmake remade); TOP=$TOP f=$f
	remade tmake config SEED=3 REF_TOOLCHAIN=clang-14 && remade tmake config SEED=3"
rm -rf "$f/checkout" && mkdir -p "$f/checkout" && cp -r "$TOP/GNUmakefile" "$TOP/mk" "$TOP/tests" "$TOP/series" "$TOP/helpers" "$f/checkout/" &&
	echo '# another checkout' >> "$f/checkout/mk/pin.config" && touch -d @0 "$f/checkout/mk/pin.config"
ok "  another checkout's pin (older, other content) in the same O=: made again from that pin" bash -c "$(declare -f remade); TOP=$TOP f=$f
	remade make -C $f/checkout config $TEST_VARS SEED=3 O=$O"
ok "  and back in this checkout: made again" bash -c "$(declare -f tmake remade); TOP=$TOP f=$f
	remade tmake config SEED=3"
