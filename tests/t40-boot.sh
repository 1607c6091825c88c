#!/bin/bash
# make boot on the shared test configuration: the profiling images of the
# test seed (gcc-12 and clang-14) booted in QEMU, their branch profiles
# checked against the images' own _ftrace_branch sections; the harness's
# reproducible initramfs; failed boots recorded, not fatal; make branches.
#
# BOOT_TEST_TOOLCHAINS="gcc-12" limits the toolchains booted; KSRC=TREE
# tests a kernel tree as it is (kernel patches before they join series/).
. "$(dirname "$0")/lib.sh"
need tree

tcs=${BOOT_TEST_TOOLCHAINS:-gcc-12 clang-14}
seeddir=$SEEDDIR
corpus=$CDIR
ksrc=${KSRC:-$KTREE}
# full names (branch_all_raw): a test more per toolchain, and the join's
full=$(grep -qs branch_all_raw "$ksrc/kernel/trace/trace_branch.c" && echo 1 || echo 0)
plan $((14 + full + (11 + full) * $(wc -w <<< "$tcs")))
bmake() {
	tmake ${KSRC:+KSRC="$KSRC"} "$@"
}
sites=$TOP/.build/san/kwarn-sites
# the initramfs's directory in an O= (mk/boot.mk: one per tree), the
# tests' tree or KSRC (bootdir O [KSRC])
bootdir() { make -C "$TOP" -s -f GNUmakefile -f mk/print.mk kwarn-print-BOOT_DIR O="$1" $TEST_VARS ${2:+KSRC="$2"}; }

# the guest's /init: warning-clean with the cross gcc (it is built so), and
# with clang as far as clang goes (6.1's nolibc start code is gas syntax)
init_flags="-std=gnu11 -Wall -Wextra -Werror -Os -ffreestanding -isystem $ksrc/tools/include/nolibc -include nolibc.h"
ok "kwarn-init builds with arm-linux-gnueabi-gcc-12 -Wall -Wextra -Werror" \
	arm-linux-gnueabi-gcc-12 $init_flags -static -nostdlib -o "$TESTDIR/kwarn-init" \
	"$TOP/qemu/kwarn-init.c" -lgcc
ok "kwarn-init is clean with clang-14 -Wall -Wextra -Werror" \
	clang-14 --target=arm-linux-gnueabi $init_flags -fsyntax-only "$TOP/qemu/kwarn-init.c"
ok "kwarn-sites builds under ASan+UBSan" make -C "$TOP" -s "$sites"

# The initramfs: the same bytes from two caches, another umask, TZ and
# working directory; /init and the device nodes in it, every time stamp 0.
for d in a b; do
	rm -rf "$TESTDIR/ir-$d"
done
ira=$(bootdir "$TESTDIR/ir-a" "$ksrc") irb=$(bootdir "$TESTDIR/ir-b" "$ksrc")
boot_dir=$(bootdir "$O" "${KSRC:-}")
ok "the initramfs builds twice, in two caches, with the same bytes" bash -c "
	make -C $TOP -s O=$TESTDIR/ir-a KSRC=$ksrc initramfs &&
	(umask 077; cd /; TZ=Asia/Tokyo make -C $TOP -s O=$TESTDIR/ir-b KSRC=$ksrc initramfs) &&
	cmp $ira/initramfs.cpio $irb/initramfs.cpio"
ok "the initramfs holds /init, /dev/console and /dev/kmsg, all dated 1970-01-01" bash -c "
	cpio -itv --quiet < $ira/initramfs.cpio > $TESTDIR/ir.list &&
	grep -q ' init\$' $TESTDIR/ir.list && grep -q ' dev/console\$' $TESTDIR/ir.list &&
	grep -q ' dev/kmsg\$' $TESTDIR/ir.list && ! grep -v 'Jan  1  1970' $TESTDIR/ir.list"

# Boot the test seed's profiling images.
ok "make boot builds and boots the test seed's profiling images ($tcs)" \
	bmake boot BOOT_TOOLCHAINS="$tcs" JOBS=${JOBS:-$(nproc)}

# The engine (mk/build.sh) puts mk/profile.config over a seed's config: a
# config with the JTAG DCC console on (seed 50's at P=2 is one) keeps it
# through olddefconfig without the fragment and loses it with it (scratch
# builds of kernelrelease alone: the config step is what is checked)
hvc=$TESTDIR/hvc-dcc tc1=${tcs%% *}
rm -rf "$hvc" && mkdir -p "$hvc"
{ grep -v 'CONFIG_HVC_DCC[ =]' "$seeddir/seed.config"; echo CONFIG_HVC_DCC=y; } > "$hvc/seed.config"
hvc_config() {	# hvc_config FRAGMENT: the HVC_DCC line the engine makes of it
	rm -rf "$hvc/b"
	(. "$TOP/mk/lib.sh"; scratch_desc "$hvc/b" "$tc1" ksrc="$ksrc" config="$hvc/seed.config" fragment="$1" \
		targets=kernelrelease w= && "$TOP/mk/build.sh" "$hvc/b") > "$hvc/log" 2>&1 || { cat "$hvc/log"; return 1; }
	grep 'HVC_DCC[ =]' "$hvc/b/.config"
}
hvc_check() {
	test "$(hvc_config -)" = CONFIG_HVC_DCC=y &&
		test "$(hvc_config "$TOP/mk/profile.config")" = '# CONFIG_HVC_DCC is not set'
}
ok "$tc1: a seed config with CONFIG_HVC_DCC=y keeps it without mk/profile.config, and the boot image's build turns it off" \
	hvc_check

for tc in $tcs; do
	f=$corpus/$tc-branches.jsonl.zst
	b=$seeddir/$tc-W123-profile
	zstd -dcq "$f" > "$TESTDIR/$tc-branches.jsonl" 2> /dev/null || true
	head -n1 "$TESTDIR/$tc-branches.jsonl" > "$TESTDIR/$tc-boot.json"

	ok "$tc: the branch profile is intact zstd, beside its serial log" \
		bash -c "zstd -tq $f && zstd -tq $corpus/$tc-boot.log.zst"
	ok "$tc: the boot record says ok, from the guest's end marker" bash -c "
		jq -e '.type == \"boot\" and .schema == 1 and .status == \"ok\" and
			.seed == $TEST_SEED and .probability == $TEST_P and .toolchain == \"$tc\"' \
			$TESTDIR/$tc-boot.json &&
		zstd -dcq $corpus/$tc-boot.log.zst | tr -d '\r' | grep -qx '@@kwarn-done'"
	ok "$tc: every section the guest sent arrived whole (lines, bytes, cksum)" \
		jq -e '(.sections | length) == 3 and all(.sections[]; .intact)' "$TESTDIR/$tc-boot.json"
	# mk/profile.config holds off what QEMU's virt machine cannot run (the
	# JTAG DCC console: an undefined instruction at console init), and a
	# change of it remakes the image. (-o: the compiler wrapper's rule runs
	# whenever a checkout's copy is newer, and replaces it only if its bytes
	# changed, so make -q would always call it out of date.)
	qbuild="make -C $TOP -s -q build ${KSRC:+KSRC=$KSRC} $TEST_VARS O=$O TOOLCHAIN=$tc W=123 VARIANT=profile -o $O/bin/kwarn-cc"
	ok "$tc: the boot image holds the JTAG DCC console off; a newer mk/profile.config makes it out of date" bash -c "
		grep -qx '# CONFIG_HVC_DCC is not set' $b/.config &&
		$qbuild && ! $qbuild -W $TOP/mk/profile.config"

	# The count check, from vmlinux on its own: the section's size (its
	# start and stop symbols) over the record's (5 words), against the
	# records the boot gave.
	"$sites" -s "$b/vmlinux" > "$TESTDIR/$tc-sites.sum" 2> "$TESTDIR/$tc-sites.err"
	ok "$tc: vmlinux's _ftrace_branch is an array of 20-byte records, each object one" bash -c "
		grep -Eq '^# section=_ftrace_branch bytes=[0-9]+ record=20 entries=[0-9]+ objects=20:[0-9]+ unresolved=0\$' \
			$TESTDIR/$tc-sites.sum || { cat $TESTDIR/$tc-sites.sum $TESTDIR/$tc-sites.err; false; }"
	nm=$(arm-linux-gnueabi-nm "$b/vmlinux" | awk '
		$3 == "__start_branch_profile" { s = $1 } $3 == "__stop_branch_profile" { e = $1 }
		END { print s, e }')
	read -r start stop <<< "$nm"
	entries=$(( (0x${stop:-0} - 0x${start:-0}) / 20 ))
	got=$(jq -s '[.[] | select(.type == "branch" and .kind == "all")] | length' "$TESTDIR/$tc-branches.jsonl")
	[ "$entries" -gt 0 ] && [ "$got" = "$entries" ] && [ $(( (0x$stop - 0x$start) % 20 )) = 0 ] &&
		jq -e --argjson e "$entries" '.records == $e and .section.entries == $e and .count_ok' \
		"$TESTDIR/$tc-boot.json" > /dev/null
	tap_result $? "$tc: $got branch records, as many as _ftrace_branch's entries (nm: $entries)"

	# The set of sites is the image's, and reproducible: the same list,
	# read from vmlinux by the host, as the one the guest printed.
	"$sites" "$b/vmlinux" 2> /dev/null | sed 1d | LC_ALL=C sort > "$TESTDIR/$tc-sites.want"
	jq -r 'select(.type == "branch" and .kind == "all") | [.line, .file, .function] | @tsv' \
		"$TESTDIR/$tc-branches.jsonl" | LC_ALL=C sort > "$TESTDIR/$tc-sites.got"
	if [ $full = 1 ]; then
		expect_eq "$tc: the sites the guest printed are vmlinux's (line, path, function)" \
			"$TESTDIR/$tc-sites.want" "$TESTDIR/$tc-sites.got"
		ok "$tc: full tree-relative paths and names (branch_all_raw), main.c told apart" \
			jq -e -s '.[0].full and .[0].source == "branch_all_raw" and
				any(.[]; .file == "init/main.c") and
				all(.[1:][]; .full and (.file | startswith("/") | not))' "$TESTDIR/$tc-branches.jsonl"
	else
		awk -F '\t' '{ n = split($2, p, "/"); print $1 "\t" substr(p[n], 1, 20) "\t" substr($3, 1, 30) }' \
			"$TESTDIR/$tc-sites.want" | LC_ALL=C sort > "$TESTDIR/$tc-sites.cut"
		expect_eq "$tc: the sites the guest printed are vmlinux's (branch_all: names cut)" \
			"$TESTDIR/$tc-sites.cut" "$TESTDIR/$tc-sites.got"
	fi
	ok "$tc: the boot ran code: start_kernel's branches were evaluated, some hit, some missed" \
		jq -e -s '[.[1:][] | select(.kind == "all")] as $b |
			any($b[]; .function == "start_kernel" and .miss + .hit > 0) and
			any($b[]; .hit > 0) and any($b[]; .miss > 0) and
			any($b[]; .miss + .hit == 0 and .percent == null)' "$TESTDIR/$tc-branches.jsonl"
	ok "$tc: percent is the hit share of every reached site" \
		jq -e -s 'all(.[1:][] | select(.kind == "all" and .miss + .hit > 0);
			.percent == ((.hit * 100 / (.miss + .hit)) | floor))' "$TESTDIR/$tc-branches.jsonl"
	ok "$tc: likely/unlikely records too, as many as _ftrace_annotated_branch's entries" bash -c "
		e=\$($sites -s -a $b/vmlinux | sed -n 's/.* entries=\([0-9]*\) .*/\1/p') &&
		test \"\$e\" -gt 0 &&
		test \"\$(jq -s '[.[] | select(.kind == \"annotated\")] | length' $TESTDIR/$tc-branches.jsonl)\" = \"\$e\""
	ok "$tc: records are sorted by kind, file, line, function" \
		jq -e -s '.[1:] | map([.kind, .file, .line, .function]) as $k | $k == ($k | sort)' \
		"$TESTDIR/$tc-branches.jsonl"
done

# A boot that fails is a finding: an image whose /init is missing panics,
# a zImage that is not one says nothing. Both are recorded, exit 0.
tc=${tcs%% *}
b=$seeddir/$tc-W123-profile
printf 'dir /dev 0755 0 0\nnod /dev/console 0600 0 0 c 5 1\n' > "$TESTDIR/noinit.list"
"$boot_dir/gen_init_cpio" -t 0 "$TESTDIR/noinit.list" > "$TESTDIR/noinit.cpio"
# bootbuild DIR IMAGE-DIR OUT INITRAMFS TIMEOUT: a build directory holding
# IMAGE-DIR's image (none: no image) and a descriptor for qemu/boot.sh
bootbuild() {
	rm -rf "$1" && mkdir -p "$1/arch/arm/boot" "$1/include/config" &&
	if [ -n "$2" ]; then
		cp "$2/arch/arm/boot/zImage" "$1/arch/arm/boot/" && cp "$2/.config" "$1/" &&
		ln "$2/vmlinux" "$1/vmlinux" && cp "$2/include/config/kernel.release" "$1/include/config/"
	fi &&
	"$TOP/mk/desc.sh" "$1" seed=1 p=2 tc="$tc" cc=arm-linux-gnueabi-gcc-12 tree=tree series=sha \
		branches="$3" initramfs="$4" kwarn_sites="$sites" boot_timeout="$5" boot_mem=512
}
bootbuild "$TESTDIR/panic" "$b" "$TESTDIR/fail/seed-1/panic-branches.jsonl.zst" "$TESTDIR/noinit.cpio" 120
ok "an image that cannot find /init is recorded as a panic" bash -c "
	$TOP/qemu/boot.sh $TESTDIR/panic > /dev/null &&
	zstd -dcq $TESTDIR/fail/seed-1/panic-branches.jsonl.zst | head -n1 |
	jq -e '.status == \"panic\" and .records == 0 and
		any(.findings[]; startswith(\"Kernel panic - not syncing\"))'"
bootbuild "$TESTDIR/bogus" "" "$TESTDIR/fail/seed-1/bogus-branches.jsonl.zst" "$boot_dir/initramfs.cpio" 10
head -c 65536 /dev/zero > "$TESTDIR/bogus/arch/arm/boot/zImage"
ok "an image that prints nothing is recorded as such, not a crash of kwarn" bash -c "
	$TOP/qemu/boot.sh $TESTDIR/bogus > /dev/null &&
	zstd -dcq $TESTDIR/fail/seed-1/bogus-branches.jsonl.zst | head -n1 |
	jq -e '.status == \"no-output\" and .records == 0 and .section == null'"

# make branches: the tables, and their counts are the profile's; its
# hot warnings join the W=123 warning corpus
need corpus "$tc" 123
bmake -s branches BOOT_TOOLCHAINS="$tc" > "$TESTDIR/branches.out" 2>&1
ok "make branches reports always taken, never taken, annotations and warnings" bash -c "
	grep -q '^seed $TEST_SEED $tc: boot ok' $TESTDIR/branches.out &&
	grep -q '^always taken: ' $TESTDIR/branches.out && grep -q '^never taken: ' $TESTDIR/branches.out &&
	grep -q '^likely/unlikely wrong more often than right: ' $TESTDIR/branches.out &&
	grep -q '^warnings' $TESTDIR/branches.out"
ok "make branches' always/never taken counts are the profile's" bash -c "
	test \"\$(sed -n 's/^always taken: \([0-9]*\) sites.*/\1/p' $TESTDIR/branches.out)\" = \
	     \"\$(jq -s '[.[] | select(.kind == \"all\" and .hit > 0 and .miss == 0)] | length' $TESTDIR/$tc-branches.jsonl)\" &&
	test \"\$(sed -n 's/^never taken: \([0-9]*\) sites.*/\1/p' $TESTDIR/branches.out)\" = \
	     \"\$(jq -s '[.[] | select(.kind == \"all\" and .miss > 0 and .hit == 0)] | length' $TESTDIR/$tc-branches.jsonl)\""
# The join: each hot warning's "evals" is what the profile says of its
# function in its file (checked with full names only).
if jq -e '.full' "$TESTDIR/$tc-boot.json" > /dev/null; then
	sed -n '/^warnings in code the boot ran: /,/^$/p' "$TESTDIR/branches.out" |
		sed -n 's/^ *\([0-9][0-9]*\)  \([^ ]*\):[0-9]*  \([^ ]*\)  .*/\1 \2 \3/p' > "$TESTDIR/hot"
	bad=0
	while read -r evals path funcs; do
		e=$(jq -s --arg p "$path" --arg f "$funcs" '[.[] | select(.kind == "all" and .file == $p and
			(.function as $g | $f | split(",") | index($g)))] |
			group_by(.function) | map(map(.miss + .hit) | add) | max' "$TESTDIR/$tc-branches.jsonl")
		[ "$e" = "$evals" ] || { echo "# $path $funcs: make branches says $evals, profile $e"; bad=1; }
	done < "$TESTDIR/hot"
	[ -s "$TESTDIR/hot" ] && [ $bad = 0 ]
	tap_result $? "make branches: warnings in code the boot ran, evals as the profile says ($(wc -l < "$TESTDIR/hot") checked)"
fi

# make corpus boots by default (the profiling image is built and booted
# above: here it is only found up to date), BOOT=0 skips it
ok "make corpus boots the seed's image by default, BOOT=0 does not" bash -c "
	make -C $TOP corpus $TEST_VARS TOOLCHAIN=$TEST_TC O=$O CORPUS=$TESTDIR/corpus \
		> $TESTDIR/corpus-boot.out 2>&1 && grep -q '^  BRANCHES ' $TESTDIR/corpus-boot.out &&
	make -C $TOP corpus $TEST_VARS TOOLCHAIN=$TEST_TC O=$O CORPUS=$TESTDIR/corpus BOOT=0 \
		> $TESTDIR/corpus-noboot.out 2>&1 && ! grep -q 'BRANCHES\|, boot$' $TESTDIR/corpus-noboot.out"
