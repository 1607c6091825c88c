# boot.sh - sourced by mk/series/series-check.sh (after mk/lib.sh, claims.sh): does
# the patched kernel still boot?
#
#   boot               builds the whole patched image ($tree: zImage, on
#                      mk/build.sh) with REF_TOOLCHAIN and the seed's config
#                      ($tmp/refbuild) in $WORK/SEED-DIR/REF_TOOLCHAIN-boot
#                      and boots it with
#                      mk/boot.mk's harness, qemu/boot.sh (the initramfs
#                      from make initramfs): it must get to the end of /init.
#                      Prints BOOT or FAIL lines; status 1 when it does not
#                      build or boot
#
# A patch that leaves the code (instructions and relocations) of every
# object it rebuilt as it was cannot change how the kernel boots: the
# driver boots when one did (BOOT=auto), or always (BOOT=1).
boot() {
	local tc=$REF_TOOLCHAIN d out st log
	d=$WORK/$(seed_name)/$REF_TOOLCHAIN-boot
	out=$d/$tc-branches.jsonl.zst
	mkdir -p "$d"
	jq -j .config "$tmp/refbuild" > "$d.config"
	# the one engine (mk/build.sh), without W=: an image to boot, not warnings
	scratch_desc "$d" "$tc" ksrc="$tree" seed="$SEED" p="$P" w= variant=plain config="$d.config" \
		targets=zImage jobs="$JOBS" tree="$(basename "$KSRC") + series/ (series-check)" series=- \
		branches="$out" initramfs="$INITRAMFS" kwarn_sites="$KWARN_SITES" boot_timeout="$BOOT_TIMEOUT" \
		boot_mem="$BOOT_MEM"
	say BUILD "the patched image, seed $SEED $tc -j$JOBS ($d)"
	if ! "$TOP/mk/step.sh" "$d" "$TOP/mk/build.sh" "$d" > "$d/build.out" 2>&1 ||
		[ "$(build_result "$d")" != ok ]; then
		log=$d/make.log
		[ -s "$log" ] || log=$d/build.out	# make olddefconfig failed
		say FAIL "the patched image does not build (seed $SEED $tc): $log"
		awk '/error|Error/ && n++ < 10' "$log" | sed 's/^/             /'
		return 1
	fi
	make -s -C "$TOP" O="$O" initramfs "$KWARN_SITES" > "$tmp/initramfs.log" 2>&1 ||
		{ cat "$tmp/initramfs.log" >&2; fail "cannot build the initramfs (make initramfs)"; }
	"$TOP/mk/need-packages.sh" qemu-system-arm || fail "cannot install qemu-system-arm"
	"$TOP/mk/step.sh" "$d" "$TOP/qemu/boot.sh" "$d" > /dev/null || fail "qemu/boot.sh failed"
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
