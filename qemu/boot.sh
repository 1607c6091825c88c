#!/bin/bash
# boot.sh - boot one profiling image in QEMU and write its branch profile.
#
# Usage: boot.sh BUILDDIR
# BUILDDIR is the profile build (arch/arm/boot/zImage, vmlinux); its
# descriptor (mk/desc.sh) names the rest: branches, the profile to write
# (CORPUS/RUN/seed-N/TCNAME-branches.jsonl.zst); initramfs, kwarn-init's
# (qemu/initramfs.list); kwarn_sites, the helper; boot_timeout, seconds
# before QEMU is killed; boot_mem, its RAM in MiB; and the build's seed, p,
# tc, cc, tree and series for the boot record.
#
# Writes, each through a temporary file renamed into place:
#   branches           the boot record, then one record per branch site
#                      (sorted by kind, file, line, function)
#   TCNAME-boot.log.zst the whole serial log
# A boot that fails (no image, panic, timeout, no output) is recorded in
# the boot record's status: a finding, not an error (exit 0). It fails only
# when kwarn itself cannot do its part: 2 for a usage error, 3 when it
# cannot write the profile.
STEP=boot
. "$(dirname "$0")/../mk/lib.sh"
[ $# = 1 ] || fail "usage: boot.sh BUILDDIR"
dir=$1
read_desc "$dir"
out=$branches sites=$kwarn_sites timeout=$boot_timeout mem=$boot_mem
here=$(cd "$(dirname "$0")" && pwd)
log=${out%-branches.jsonl.zst}-boot.log.zst
mkdir -p "$(dirname "$out")" || fail_with 3 "cannot create $(dirname "$out")"
tmp=$(mktemp -d "$out.XXXXXX") || fail_with 3 "cannot create a directory beside $out"
trap 'rm -rf "$tmp"' EXIT INT TERM
image=$dir/arch/arm/boot/zImage
cmdline="console=ttyAMA0 earlycon panic=-1 rdinit=/init"

# The sites the image holds, from vmlinux: the count check and the set of
# sites the boot must give back. A section that is not an array of records
# (clang's split __if_trace objects) is a finding too.
sound=true asound=true
: > "$tmp/sites.tsv"; : > "$tmp/asites.tsv"
if [ -f "$dir/vmlinux" ]; then
	"$sites" "$dir/vmlinux" > "$tmp/sites.tsv" 2> "$tmp/sites.err" || sound=false
	"$sites" -a "$dir/vmlinux" > "$tmp/asites.tsv" 2>> "$tmp/sites.err" || asound=false
fi
summary() { # FILE -> JSON object of its "# section=..." line, or null
	sed -n '1s/^# //p' "$1" | tr ' ' '\n' | jq -R -s -c '
		split("\n") | map(select(length > 0) | split("=")) |
		if length == 0 then null else
		map({(.[0]): (.[1] | if test("^[0-9]+$") then tonumber else . end)}) | add |
		.objects |= (if . == "" or . == null then {} else
			split(",") | map(split(":") | {(.[0]): (.[1] | tonumber)}) | add end)
		end'
}

# QEMU: no network, no display, the serial console on stdout, no reboot
# (panic=-1 then ends QEMU at once), and a hard timeout.
start=$(date +%s%N)
qemu_exit=-1
if [ -f "$image" ]; then
	# QEMU's status is part of the record (124, 137: the timeout)
	qemu_exit=0
	timeout -k 10 "$timeout" qemu-system-arm -M virt,highmem=off -cpu cortex-a15 \
		-smp 1 -m "$mem" -kernel "$image" -initrd "$initramfs" \
		-append "$cmdline" -nic none -display none -monitor none \
		-serial stdio -no-reboot < /dev/null > "$tmp/serial" 2> "$tmp/qemu.err" || qemu_exit=$?
else
	: > "$tmp/serial"
fi
ms=$(( ($(date +%s%N) - start) / 1000000 ))
tr -d '\r' < "$tmp/serial" > "$tmp/serial.txt"

if [ ! -f "$image" ]; then
	status=no-image
elif [ ! -s "$tmp/serial" ]; then
	status=no-output
elif grep -q '^Kernel panic - not syncing' "$tmp/serial.txt"; then
	status=panic
elif [ "$qemu_exit" = 124 ] || [ "$qemu_exit" = 137 ]; then
	status=timeout
elif grep -qx '@@kwarn-done' "$tmp/serial.txt"; then
	status=ok
else
	status=incomplete
fi

# The sections, checked against what the guest said it sent.
mkdir "$tmp/s"
awk -v dir="$tmp/s" -f "$here/sections.awk" "$tmp/serial" > "$tmp/index"
while read -r name path lines bytes sum st; do
	intact=false
	if [ "$st" = done ] && [ -f "$tmp/s/$name" ] &&
	   [ "$(cksum < "$tmp/s/$name")" = "$sum $bytes" ] &&
	   [ "$(wc -l < "$tmp/s/$name")" = "$lines" ]; then
		intact=true
	fi
	jq -n -c --arg n "$name" --arg p "$path" --arg s "$st" --argjson i $intact \
		--arg l "$lines" --arg b "$bytes" \
		'{name: $n, path: $p, status: $s, intact: $i,
		  lines: ($l | tonumber? // null), bytes: ($b | tonumber? // null)}'
done < "$tmp/index" > "$tmp/sections.json"

# Records: the raw files of series/ when the guest had them, else 6.1's.
: > "$tmp/records"; : > "$tmp/unparsed"
source=null
for kind in all annotated; do
	sec=branch_$kind
	path=$(awk -v n="$sec" '$1 == n { print $2 }' "$tmp/index")
	[ -n "$path" ] && [ "$path" != - ] || continue
	case $path in *_raw) format=raw ;; *) format=text ;; esac
	[ "$kind" = all ] && source="\"$(basename "$path")\""
	awk -v kind=$kind -v format=$format -v seed="$seed" -v tc="$tc" \
		-v bad="$tmp/unparsed" -f "$here/branches.awk" "$tmp/s/$sec" >> "$tmp/records"
done
LC_ALL=C sort -t '	' -k1,1 -k2,2 -k3,3n -k4,4 -k5,5 "$tmp/records" | cut -f5 > "$tmp/sorted"

# Did the boot give back exactly the image's sites? Compare (line, file,
# function) multisets; for 6.1's text files, cut the image's names the way
# the kernel prints them.
match_sites() { # KIND SITES.TSV
	local full
	full=$(awk -F '\t' -v k="$1" '$1 == k { print ($5 ~ /"full":true/) ? "raw" : "text"; exit }' "$tmp/records")
	[ -n "$full" ] || { echo null; return; }
	awk -F '\t' -v k="$1" '$1 == k { print $3 "\t" $2 "\t" $4 }' "$tmp/records" |
		LC_ALL=C sort > "$tmp/got"
	sed '/^#/d' "$2" | awk -F '\t' -v f="$full" '
		f == "text" { n = split($2, p, "/"); $2 = substr(p[n], 1, 20); $3 = substr($3, 1, 30) }
		{ print $1 "\t" $2 "\t" $3 }' OFS='\t' | LC_ALL=C sort > "$tmp/want"
	if cmp -s "$tmp/got" "$tmp/want"; then echo true; else echo false; fi
}
sites_all=$(match_sites all "$tmp/sites.tsv")
sites_annotated=$(match_sites annotated "$tmp/asites.tsv")

# Findings in the log: panics, oopses, BUGs, WARNINGs (deduplicated, the
# dmesg section's "<N>" and timestamps cut).
sed -e 's/^<[0-9]>//' -e 's/^\[ *[0-9.]*\] //' "$tmp/serial.txt" |
	grep -E '^(Kernel panic - not syncing|Internal error: |Unable to handle kernel|BUG: |WARNING: |kernel BUG at )' |
	awk '!seen[$0]++' | head -n 50 > "$tmp/findings" || true

kernel=$(cat "$dir/include/config/kernel.release" 2>/dev/null || echo unknown)
jq -n -c --slurpfile sections "$tmp/sections.json" \
	--rawfile findings "$tmp/findings" \
	--argjson seed "$seed" --argjson p "$p" --arg tc "$tc" \
	--arg compiler "$($cc --version 2>/dev/null | head -n1)" \
	--arg kernel "$kernel" --arg tree "$tree" --arg series "$series" \
	--arg config_sha "$( (sha256sum < "$dir/.config" 2>/dev/null || echo -) | cut -c1-64)" \
	--arg qemu "$(qemu-system-arm --version | head -n1)" --arg cmdline "$cmdline" \
	--arg status "$status" --argjson qemu_exit "$qemu_exit" --argjson ms "$ms" \
	--argjson timeout "$timeout" --argjson mem "$mem" --argjson source "$source" \
	--argjson section "$(summary "$tmp/sites.tsv")" --argjson sound $sound \
	--argjson asection "$(summary "$tmp/asites.tsv")" --argjson asound $asound \
	--argjson sites_all "$sites_all" --argjson sites_annotated "$sites_annotated" \
	--argjson records "$(grep -c '"kind":"all"' "$tmp/sorted" || true)" \
	--argjson arecords "$(grep -c '"kind":"annotated"' "$tmp/sorted" || true)" \
	--argjson unparsed "$(wc -l < "$tmp/unparsed")" '
	{type: "boot", schema: 1, seed: $seed, probability: $p, toolchain: $tc,
	 variant: "profile", compiler: $compiler, kernel: $kernel, tree: $tree,
	 series_sha256: $series, config_sha256: $config_sha,
	 qemu: $qemu, cmdline: $cmdline, mem_mib: $mem, timeout: $timeout,
	 status: $status, qemu_exit: $qemu_exit, seconds: ($ms / 100 | round / 10),
	 source: $source, full: ($source != null and ($source | endswith("_raw"))),
	 section: (if $section == null then null else $section + {sound: $sound} end),
	 annotated_section: (if $asection == null then null else $asection + {sound: $asound} end),
	 records: $records, annotated_records: $arecords, unparsed: $unparsed,
	 count_ok: ($section != null and $sound and $records == $section.entries),
	 sites_match: $sites_all, annotated_sites_match: $sites_annotated,
	 sections: $sections,
	 findings: ($findings | split("\n") | map(select(length > 0)))}' > "$tmp/record"

cat "$tmp/record" "$tmp/sorted" | zstd -q -19 --single-thread -o "$tmp/out"
zstd -q -10 --single-thread -o "$tmp/log" < "$tmp/serial"
mv "$tmp/log" "$log" || fail_with 3 "$log: cannot rename into place"
mv "$tmp/out" "$out" || fail_with 3 "$out: cannot rename into place"
jq -r '"  BOOT     \(.toolchain) seed \(.seed): \(.status) in \(.seconds) s, \(.records) of \(.section.entries // "?") sites\(if .count_ok then "" else " (count mismatch)" end)\(if (.findings | length) > 0 then ", \(.findings | length) findings" else "" end)"' "$tmp/record"
