# boot.sh - sourced by mk/series-check.sh (after mk/lib.sh, claims.sh): does
# the patched kernel still boot?
#
#   boot               builds the whole patched image ($tree) with
#                      REF_TOOLCHAIN and the seed's config ($tmp/refbuild) in
#                      $WORK/SEED-DIR/REF_TOOLCHAIN-boot and boots it with
#                      mk/boot.mk's harness, qemu/boot.sh (the initramfs
#                      from make initramfs): it must get to the end of /init.
#                      Prints BOOT or FAIL lines; status 1 when it does not
#                      build or boot
#
# A patch that leaves the code (instructions and relocations) of every
# object it rebuilt as it was cannot change how the kernel boots: the
# driver boots when one did (BOOT=auto), or always (BOOT=1).
boot() {
	local tc=$REF_TOOLCHAIN d out st family cc kmake packages distcc
	d=$WORK/$(seed_name)/$REF_TOOLCHAIN-boot
	use_toolchain "$tc"
	mkdir -p "$d"
	jq -j .config "$tmp/refbuild" > "$d/.config.want"
	cmp -s "$d/.config.want" "$d/.config.seed" || cp "$d/.config.want" "$d/.config"
	mv "$d/.config.want" "$d/.config.seed"
	say BUILD "the patched image, seed $SEED $tc -j$JOBS ($d)"
	# shellcheck disable=SC2086
	if ! env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$tree" O="$d" ARCH=arm $kmake CC="$cc" \
		olddefconfig zImage -j"$JOBS" > "$d/build.log" 2>&1; then
		say FAIL "the patched image does not build (seed $SEED $tc): $d/build.log"
		awk '/error|Error/ && n++ < 10' "$d/build.log" | sed 's/^/             /'
		return 1
	fi
	make -s -C "$TOP" O="$O" initramfs "$KWARN_SITES" > "$tmp/initramfs.log" 2>&1 ||
		{ cat "$tmp/initramfs.log" >&2; fail "cannot build the initramfs (make initramfs)"; }
	"$TOP/mk/need-packages.sh" qemu-system-arm || fail "cannot install qemu-system-arm"
	out=$d/$tc-branches.jsonl.zst
	"$TOP/qemu/boot.sh" "$out" "$d" "$INITRAMFS" "$KWARN_SITES" "$BOOT_TIMEOUT" "$BOOT_MEM" \
		"$SEED" "$P" "$tc" "$cc" "$(basename "$KSRC") + series/ (series-check)" "-" > /dev/null ||
		fail "qemu/boot.sh failed"
	first_line "$out" > "$tmp/boot.record"
	st=$(jq -r .status "$tmp/boot.record")
	jq -r '.findings[] | "  NOTE     boot: \(.)"' "$tmp/boot.record"
	if [ "$st" = ok ]; then
		say BOOT "the patched image boots (seed $SEED $tc, $(jq -r .seconds "$tmp/boot.record") s)"
		return 0
	fi
	say FAIL "the patched image does not boot: $st (serial log: $d/$tc-boot.log.zst)"
	zstd -dcq "$d/$tc-boot.log.zst" | tr -d '\r' | tail -n 15 | sed 's/^/             /'
	return 1
}
