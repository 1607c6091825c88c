#!/bin/bash
# series-check.sh - check the warning-fix patches of series/: each one
# applies, removes the warnings it names, adds none, and every object it
# affects still builds, for each toolchain, at the seed's config and W level.
#
# Usage: series-check.sh VAR=VALUE...  (see mk/series.mk; all come from make)
#
# A fix patch names what it fixes in its commit message, one trailer per
# warning: the compiler's line (as the corpus normalizes it) or a corpus key.
# A long line may be folded onto the next, indented line:
#
#   Fixes-warning:
#    arch/arm/mm/fault.c:583:1: warning: no previous prototype for 'do_DataAbort' [-Wmissing-prototypes]
#   Fixes-warning: d44777b6cd6d17b9
#
# The series is series/series in order, then any patch of series/ that is
# not listed there yet but claims fixes (by name). Each checked patch is
# built twice per toolchain in a private copy of the tree ($WORK/src): in
# the state before it (the series up to it) and with it. The objects built
# are those of the claimed warnings (from the corpus), those of the C and
# assembly files it changes, and, for a changed header, the objects that
# include it (from a finished build of the seed) and use a name the patch
# declares or removes; a header change that is more than declarations (and
# includes every includer already has) takes every includer, up to MAXOBJS.
# A new warning fails the patch at W=0 and at the levels of FAILW (12); one
# of another level (W=3) is reported only.
#
# Writes $WORK/report.jsonl, one record per patch and toolchain (mk/series.mk
# keeps what is printed in $WORK/report.txt). Exit: 0 every checked patch passed,
# 1 a patch failed, 2 setup error (no corpus, a patch that does not apply,
# a build that fails before the patch).
set -uo pipefail
for a; do declare "$a"; done
: "${MAXOBJS:=40}" "${JOBS:=2}" "${BOOT:=auto}" "${MODE:=full}" "${V:=0}" "${FAILW:=12}"
: "${OBJDUMP:=arm-linux-gnueabi-objdump}" "${BOOT_TIMEOUT:=600}" "${BOOT_MEM:=512}"
say() { printf '  %-8s %s\n' "$1" "$2"; }
fail() { echo "kwarn: series-check: $*" >&2; exit 2; }
tree=$WORK/src
mkdir -p "$WORK" || fail "cannot create $WORK"
exec 9> "$WORK/lock"
flock -n 9 || { say WAIT "another series-check holds $WORK/lock"; flock 9; }
tmp=$(mktemp -d "$WORK/tmp.XXXXXX") || fail "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT

# --- the series --------------------------------------------------------------
# claims FILE: the Fixes-warning trailers of a patch's commit message, one a
# line, folded lines joined
claims() {
	awk '/^---$/ || /^diff --git / { exit }
		!body { if (/^$/) body = 1; next }
		/^Fixes-warning:/ { if (c != "") print c
			c = $0; sub(/^Fixes-warning:[ \t]*/, "", c); in_c = 1; next }
		in_c && /^[ \t]/ { l = $0; sub(/^[ \t]+/, "", l); c = (c == "" ? l : c " " l); next }
		in_c { if (c != "") print c; c = ""; in_c = 0 }
		END { if (c != "") print c }' "$1"
}
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$SERIES/series" | awk '{ print $1 }' > "$tmp/listed"
L=$(wc -l < "$tmp/listed")
cp "$tmp/listed" "$tmp/series"
for f in "$SERIES"/*.patch; do
	[ -f "$f" ] || continue
	n=$(basename "$f")
	grep -qxF "$n" "$tmp/listed" && continue
	[ -n "$(claims "$f")" ] || continue
	echo "$n" >> "$tmp/series"
	echo "$n" >> "$tmp/unlisted"
done
patchfile() { case $1 in /*) echo "$1" ;; *) echo "$SERIES/$1" ;; esac; }
label() { case $1 in /*) echo "$1" ;; *) echo "series/$1" ;; esac; }
if [ -n "$ONLY" ]; then
	case $ONLY in
	# a patch from elsewhere goes on top of series/series alone
	*/*) [ -f "$ONLY" ] || fail "ONLY=$ONLY: no such file"
	     cp "$tmp/listed" "$tmp/series" && rm -f "$tmp/unlisted"
	     echo "$ONLY" >> "$tmp/series" ;;
	*)   [ -f "$SERIES/$ONLY" ] || fail "ONLY=$ONLY: no such patch in series/"
	     grep -qxF "$ONLY" "$tmp/series" || echo "$ONLY" >> "$tmp/series" ;;
	esac
	echo "$ONLY" > "$tmp/check"
	[ -n "$(claims "$(patchfile "$ONLY")")" ] ||
		fail "$ONLY claims no fix: name each warning in a 'Fixes-warning:' trailer"
else
	while read -r p; do
		[ -z "$(claims "$(patchfile "$p")")" ] || echo "$p"
	done < "$tmp/series" > "$tmp/check"
fi
M=$(wc -l < "$tmp/series") C=$(wc -l < "$tmp/check")
say SERIES "$L listed in series/series, $(grep -c . "$tmp/unlisted" 2> /dev/null || echo 0) fix patches not listed yet; checking $C"
[ ! -s "$tmp/unlisted" ] || sed 's/^/  NOTE     not in series\/series yet (checked on top of it): /' "$tmp/unlisted"

# the claim as a record: tool-independent match on path, flag and the
# quoted names of the message (gcc and clang word the same warning apart)
claimrec() { # TEXT-OR-KEY -> one JSON line {text,path,flag,names,objects}
	local c=$1 rec
	if [[ $c =~ ^[0-9a-f]{6,16}$ ]]; then
		rec=$(jq -c --arg k "$c" 'select(.key | startswith($k))' "$tmp/corpus.diags" | head -n1)
		[ -n "$rec" ] || return 1
	else
		rec=$(printf '%s\n' "$c" | "$KWARN_PARSE" -s "$tree" -t gcc 2> /dev/null | head -n1)
		[ -n "$rec" ] || return 1
	fi
	jq -c --slurpfile d "$tmp/corpus.diags" '
		def names: [.message | scan("\u0027([^\u0027]*)\u0027")[]];
		. as $c | ($c | names) as $n |
		{text: $c.text, path: $c.path, flag: $c.flag, names: $n,
		 objects: ([$d[] | select(.kind == "warning" and .path == $c.path and
			.flag == $c.flag and (names == $n)) | .objects[]] | unique)}' <<< "$rec"
}

# --- the private tree: KSRC, then the series moved to a position -----------------
# $WORK/state: "id TREE_ID", then the patches applied on top of the copy
# of KSRC ("+ FILE", a saved copy) or taken out of it ("- FILE").
st=$WORK/state
hunk() { # PATCH FILE N: print hunk N of FILE in PATCH
	awk -v f="$2" -v n="$3" '
		/^\+\+\+ / { p = $2; sub(/^b\//, "", p); inf = (p == f); k = 0; show = 0; next }
		/^(diff|---) / || /^-- $/ { show = 0 }
		inf && /^@@ / { k++; show = (k == n) }
		inf && show { print "    " $0 }' "$1"
}
apply() { # +|- PATCHFILE NAME
	local rev=; [ "$1" = - ] && rev=-R
	local out
	if ! out=$(patch -d "$tree" -p1 -N -F0 --dry-run --no-backup-if-mismatch $rev < "$2" 2>&1); then
		echo "kwarn: series-check: $(label "$3") does not ${rev:+un}apply to ${TREE_LABEL:-the tree}:" >&2
		printf '%s\n' "$out" | sed 's/^/    /' >&2
		printf '%s\n' "$out" | awk '/^checking file /{ f = $3 } /^Hunk #[0-9]+ FAILED/{ sub(/^#/, "", $2); print f, $2 }' |
		while read -r f h; do
			echo "  the failing hunk, $f #$h:" >&2
			hunk "$2" "$f" "$h" >&2
		done
		return 1
	fi
	patch -d "$tree" -p1 -N -F0 -s --no-backup-if-mismatch $rev < "$2" > /dev/null
}
sync_tree() {
	say SYNC "$KSRC -> $tree (once per tree)"
	mkdir -p "$tree" && rsync -rlc --delete --exclude='/.kwarn-tree-*' "$KSRC/" "$tree/" ||
		fail "cannot copy $KSRC to $tree"
	rm -rf "$st" && mkdir -p "$st/saved" && echo "id $TREE_ID" > "$st/ops"
}
# back to the copy of KSRC: undo the recorded operations, newest first
if [ ! -d "$tree" ] || [ "$(head -n1 "$st/ops" 2>/dev/null)" != "id $TREE_ID" ]; then
	sync_tree
else
	tail -n +2 "$st/ops" | tac | while read -r op f; do
		if [ "$op" = + ]; then o=-; else o=+; fi
		apply $o "$f" "$(basename "$f")" 2> /dev/null || exit 1
	done || { say NOTE "the copy of the tree is not where $st says; copying again"; sync_tree; }
	echo "id $TREE_ID" > "$st/ops"
fi
# moves along the series; pos is the number of series patches applied
pos=$L
record() { # +|- PATCHFILE: remember a move, with a copy of the patch
	local s; s=$st/saved/$(sha256sum < "$2" | cut -c1-16).patch
	cp "$2" "$s" && echo "$1 $s" >> "$st/ops"
}
goto() { # N: move the tree to "the first N patches of the series"
	local p
	while [ "$pos" -gt "$1" ]; do
		p=$(sed -n "${pos}p" "$tmp/series")
		apply - "$(patchfile "$p")" "$p" || exit 2
		record - "$(patchfile "$p")"; pos=$((pos - 1))
	done
	while [ "$pos" -lt "$1" ]; do
		p=$(sed -n "$((pos + 1))p" "$tmp/series")
		[ "$V" = 1 ] && say APPLY "$p"
		apply + "$(patchfile "$p")" "$p" || exit 2
		record + "$(patchfile "$p")"; pos=$((pos + 1))
	done
}
TREE_LABEL="the tree ($(basename "$KSRC") + series/series)"

if [ "$MODE" = apply ]; then
	goto "$M"
	say APPLY "all $M patches apply in order"
	exit 0
fi
# base: the series without its fix patches, which come last (the
# "before" of make series-compare)
if [ "$MODE" = base ]; then
	B=0
	while read -r p; do
		[ -z "$(claims "$(patchfile "$p")")" ] || break
		B=$((B + 1))
	done < "$tmp/listed"
	tail -n +$((B + 1)) "$tmp/listed" | while read -r p; do
		[ -n "$(claims "$(patchfile "$p")")" ] ||
			fail "series/$p claims no fix but follows a fix patch: list the fix patches last"
	done || exit 2
	goto "$B"
	head -n "$B" "$tmp/listed" > "$WORK/base.series.tmp" && mv "$WORK/base.series.tmp" "$WORK/base.series"
	say APPLY "the first $B of $L patches: series/series without its $((L - B)) fix patches"
	exit 0
fi

# --- the corpus: config, W level, claimed warnings -----------------------------
shopt -s nullglob
corpora=("$CORPUS"/seed-"$SEED"/*-W*.jsonl.zst)
[ ${#corpora[@]} -gt 0 ] || fail "no corpus for SEED=$SEED in $CORPUS; run make corpus SEED=$SEED first"
"$TOP/mk/corpus-check.sh" "${corpora[@]}" || exit 2
refcorpus=$CORPUS/seed-$SEED/$REF_TOOLCHAIN-W${W:-123}.jsonl.zst
[ -f "$refcorpus" ] || refcorpus=${corpora[0]}
zstd -dcq "$refcorpus" | head -n1 > "$tmp/refbuild"
w=${W:-$(jq -r .w "$tmp/refbuild")}
for f in "${corpora[@]}"; do zstd -dcq "$f" | jq -c 'select(.type == "diag")'; done > "$tmp/corpus.diags"
# each flag's W level, as the corpus attributes it: a new warning of a
# level outside FAILW (W=3 by default, which Kbuild says "can most likely
# be ignored") is reported, but does not fail the patch
jq -s -c 'map(select(.kind == "warning" and .flag != "" and .level != null)) |
	group_by(.flag) | map({(.[0].flag): (map(.level) | min)}) | add // {}' "$tmp/corpus.diags" > "$tmp/levels.json"

# --- toolchains and their build directories ------------------------------------
# The include dependencies of the seed's objects ("FILE<TAB>OBJECT", the
# source first), from a finished build of the seed (make build), kept per
# tree: a rebuild that is under way does not take them away.
mkdir -p "$WORK/deps"
seedname=$(basename "$SEEDDIR")
deps=$WORK/deps/$seedname-$TREE_ID.tsv
for d in "$SEEDDIR/$REF_TOOLCHAIN-W$w" "$SEEDDIR"/*-W*; do
	case $d in *-profile) continue ;; esac
	[ -f "$d/.kwarn-built" ] || continue
	if [ ! -s "$deps" ] || [ "$d/.kwarn-built" -nt "$deps" ]; then
		find "$d" -name '.*.o.cmd' ! -path "$d/scripts/*" ! -path "$d/tools/*" -print0 |
		xargs -0 -r awk -v k="$KSRC/" -v b="$d/" '
			FNR == 1 { o = substr(FILENAME, length(b) + 1); sub(/\.cmd$/, "", o)
				n = split(o, a, "/"); a[n] = substr(a[n], 2); o = a[1]
				for (i = 2; i <= n; i++) o = o "/" a[i] }
			/^source_/ && index($3, k) == 1 { print substr($3, length(k) + 1) "\t" o; next }
			index($1, k) == 1 { print substr($1, length(k) + 1) "\t" o }' > "$deps.tmp" &&
			mv "$deps.tmp" "$deps"
	fi
	break
done
[ -s "$deps" ] || say NOTE "no finished build of seed $SEED in $O: header includers are not rebuilt (make build SEED=$SEED gives one)"
# the objects the seed builds: those of the dependencies and of the corpus
{ cut -f2 "$deps" 2> /dev/null; jq -r '.objects[]' "$tmp/corpus.diags"; } | sort -u > "$tmp/built"
declare -A fam ccmd kmk bdir
for tc in $TOOLCHAINS; do
	info=$(make -s -C "$TOP" toolchain-info TOOLCHAIN="$tc" 2>&1) || fail "$info"
	eval "$info"
	if ! command -v "$cc" > /dev/null; then
		[ -n "$packages" ] || fail "toolchain $tc: $cc not found"
		"$TOP/mk/need-packages.sh" $packages || fail "toolchain $tc: cannot install $packages"
	fi
	fam[$tc]=$family ccmd[$tc]=$cc kmk[$tc]=$kmake
	d=$WORK/$seedname/$tc-W$w
	bdir[$tc]=$d
	mkdir -p "$d"
	# the toolchain's own corpus carries its olddefconfig result; else the
	# reference one, made to fit by olddefconfig
	src=$CORPUS/seed-$SEED/$tc-W$w.jsonl.zst
	[ -f "$src" ] || src=$refcorpus
	zstd -dcq "$src" | head -n1 | jq -j .config > "$d/.config.want"
	if ! cmp -s "$d/.config.want" "$d/.config.seed" || [ ! -f "$d/.config" ]; then
		cp "$d/.config.want" "$d/.config" && mv "$d/.config.want" "$d/.config.seed"
		say CONFIG "seed $SEED $tc (from $(basename "$src"))"
		# shellcheck disable=SC2086
		env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$tree" O="$d" ARCH=arm $kmake \
			CC="$cc" olddefconfig > "$d/olddefconfig.log" 2>&1 ||
			{ cat "$d/olddefconfig.log" >&2; fail "olddefconfig failed for $tc"; }
	fi
	rm -f "$d/.config.want"
done

# --- what a patch affects --------------------------------------------------------
touched() { # PATCHFILE: the files it changes, tree-relative
	sed -n -e 's|^+++ b/||p' -e 's|^--- a/||p' "$1" | sed 's/[[:space:]].*//' | sort -u
}
names() { # PATCHFILE HEADER: names the header's changed lines declare,
	# "#include X" for an include it adds, or "*" when a change is more
	# than that (a conditional it adds around new lines only is fine)
	awk -v f="$2" '
		/^\+\+\+ / { p = $2; sub(/^b\//, "", p); inf = (p == f); next }
		/^(diff|---) / || /^-- $/ { inf = 0; next }
		/^@@ / { if (depth) print "*"; depth = 0; next }
		inf && /^ / && depth { print "*"; next }
		!inf || !/^[-+]/ { next }
		{ l = substr($0, 2); add = /^\+/ }
		l ~ /^[ \t]*$/ || l ~ /^[ \t]*(\/\*|\*)/ { next }
		l ~ /^[ \t]*struct [A-Za-z_][A-Za-z0-9_]*;/ { next }
		add && l ~ /^[ \t]*#[ \t]*if/ { depth++; next }
		add && l ~ /^[ \t]*#[ \t]*endif/ && depth { depth--; next }
		add && match(l, /^[ \t]*#[ \t]*include[ \t]*[<"][^>"]+[>"]/) {
			s = substr(l, RSTART, RLENGTH); sub(/^.*[<"]/, "", s); sub(/[>"]$/, "", s)
			print "#include " s; next }
		l ~ /^[ \t]*#/ { print "*"; next }
		match(l, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/) {
			s = substr(l, RSTART, RLENGTH); sub(/[ \t]*\($/, "", s); print s; next }
		match(l, /[A-Za-z_][A-Za-z0-9_]*[ \t]*(\[[^]]*\])?[ \t]*;/) {
			s = substr(l, RSTART, RLENGTH); sub(/[ \t]*(\[[^]]*\])?[ \t]*;$/, "", s); print s; next }
		l ~ /\);[ \t]*$/ || l ~ /,[ \t]*$/ { next }
		{ print "*" }
		END { if (depth) print "*" }' "$1" | sort -u
}
objects() { # PATCHFILE CLAIMSFILE -> "RANK OBJECT" lines on stdout, notes on fd 3:
	# rank 0 the claimed warnings' objects, 1 the changed sources', 2 includers
	local p=$1 f o src n
	{ jq -r '.objects[]' "$2"
	  jq -r 'select(.objects == []) | .path | select(endswith(".c")) | sub("\\.c$"; ".o")' "$2"; } | sed 's/^/0 /' 
	touched "$p" | while read -r f; do
		case $f in
		*.c|*.S)
			o=${f%.*}.o
			if grep -qxF "$o" "$tmp/built"; then
				echo "1 $o"
			else
				echo "$f: not built in seed $SEED, skipped" >&3
			fi ;;
		*.h)
			[ -s "$deps" ] || continue
			awk -F '\t' -v f="$f" '$1 == f { print $2 }' "$deps" | sort -u > "$tmp/incl"
			names "$p" "$f" > "$tmp/names.all"
			# an include every includer already has changes nothing
			sed -n 's/^#include //p' "$tmp/names.all" | while read -r h; do
				[ ! -s "$tmp/incl" ] || awk -F '\t' -v h="$h" 'NR == FNR { want[$1]; n++; next }
					($2 in want) && (substr($1, length($1) - length(h)) == "/" h) && !seen[$2]++ { k++ }
					END { exit !(k == n) }' "$tmp/incl" "$deps" || echo "*"
			done > "$tmp/names"
			grep -v '^#include ' "$tmp/names.all" >> "$tmp/names"
			if grep -qx '\*' "$tmp/names" || [ ! -s "$tmp/names" ]; then
				sed 's/^/2 /' "$tmp/incl"
				[ ! -s "$tmp/incl" ] || echo "$f: $(wc -l < "$tmp/incl") includers (more than declarations changed)" >&3
			else
				# the first line of an object's dependencies is its source
				awk -F '\t' 'NR == FNR { want[$1]; next } ($2 in want) && !seen[$2]++ { print $1 "\t" $2 }' \
					"$tmp/incl" "$deps" | while IFS=$'\t' read -r src o; do
					grep -qwF -f "$tmp/names" "$tree/$src" 2> /dev/null && echo "2 $o"
				done
				echo "$f: $(wc -l < "$tmp/incl") includers, those using $(tr '\n' ' ' < "$tmp/names")" >&3
			fi ;;
		esac
	done
}

# --- build and compare ----------------------------------------------------------
build() { # TC TAG OBJS-FILE: build the objects, parse what they printed
	local tc=$1 tag=$2 d=${bdir[$1]} o start s
	while read -r o; do rm -f "$d/$o" "$d/$(dirname "$o")/.$(basename "$o").kwarn"; done < "$3"
	rm -rf "$tmp/$tc.$tag.o"
	start=$(date +%s)
	[ "$V" = 1 ] && set -x
	kmake_objs() { # JOBS OBJS-FILE
		# shellcheck disable=SC2086
		env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$tree" O="$d" ARCH=arm ${kmk[$tc]} \
			CC="$KWARN_CC ${ccmd[$tc]}" W="$w" -k -j"$1" $(cat "$2")
	}
	kmake_objs "$JOBS" "$3" > "$tmp/$tc.$tag.log" 2>&1
	s=$?
	# Kbuild may visit a directory twice for single targets (arch/arm/lib is
	# both core and lib) and then build one object twice at once: on a
	# failure, everything is built again, one at a time
	if [ $s != 0 ] && [ "$JOBS" != 1 ]; then
		while read -r o; do rm -f "$d/$o" "$d/$(dirname "$o")/.$(basename "$o").kwarn"; done < "$3"
		kmake_objs 1 "$3" > "$tmp/$tc.$tag.log" 2>&1
		s=$?
	fi
	{ set +x; } 2> /dev/null
	echo $(( $(date +%s) - start )) > "$tmp/$tc.$tag.sec"
	: > "$tmp/$tc.$tag.missing"
	while read -r o; do [ -f "$d/$o" ] || echo "$o" >> "$tmp/$tc.$tag.missing"; done < "$3"
	echo "$s" > "$tmp/$tc.$tag.status"
	while read -r o; do
		[ -f "$d/$o" ] && mkdir -p "$tmp/$tc.$tag.o/$(dirname "$o")" && cp "$d/$o" "$tmp/$tc.$tag.o/$o"
	done < "$3"
	local kw=()
	while read -r o; do
		[ -f "$d/$(dirname "$o")/.$(basename "$o").kwarn" ] && kw+=("$d/$(dirname "$o")/.$(basename "$o").kwarn")
	done < "$3"
	"$KWARN_PARSE" -s "$tree" -b "$d" -t "${fam[$tc]}" "$tmp/$tc.$tag.log" "${kw[@]}" > "$tmp/$tc.$tag.json" ||
		fail "kwarn-parse failed on the $tag build of $tc"
}

# the objects whose code (instructions and relocations) the patch changed;
# the differences go to $WORK/code/PATCH/TC/OBJECT.diff
code_changed() { # PATCH TC OBJS-FILE
	local o dir=$WORK/code/$(basename "$1" .patch)/$2
	rm -rf "$dir"
	while read -r o; do
		[ -f "$tmp/$2.before.o/$o" ] && [ -f "$tmp/$2.after.o/$o" ] || continue
		"$OBJDUMP" -dr "$tmp/$2.before.o/$o" | tail -n +3 > "$tmp/dis.before"
		"$OBJDUMP" -dr "$tmp/$2.after.o/$o" | tail -n +3 > "$tmp/dis.after"
		cmp -s "$tmp/dis.before" "$tmp/dis.after" && continue
		echo "$o"
		mkdir -p "$dir/$(dirname "$o")"
		diff -u "$tmp/dis.before" "$tmp/dis.after" > "$dir/$o.diff"
	done < "$3"
}

compare() { # PATCH TC CLAIMS-FILE OBJS-FILE -> report record; 1 when it fails
	jq -n -c --arg patch "$1" --arg tc "$2" --arg w "$w" \
		--slurpfile claims "$3" --rawfile objs "$4" \
		--slurpfile before "$tmp/$2.before.json" --slurpfile after "$tmp/$2.after.json" \
		--rawfile missing "$tmp/$2.after.missing" --arg status "$(cat "$tmp/$2.after.status")" \
		--rawfile changed "$tmp/$2.changed" --slurpfile levels "$tmp/levels.json" --arg failw "$FAILW" \
		--argjson sec_before "$(cat "$tmp/$2.before.sec")" --argjson sec_after "$(cat "$tmp/$2.after.sec")" '
	def names: [.message | scan("\u0027([^\u0027]*)\u0027")[]];
	def is(c): .kind == "warning" and .path == c.path and .flag == c.flag and (names == c.names);
	def group: [.tool, .kind, .path, .flag, (.message | gsub("[0-9]+"; "N"))];
	# what the patched build prints more often than the base one
	def extra(a; b): (a | group_by(group) | map({key: (.[0] | group | tojson), value: .}) | from_entries) as $b |
		[b | group_by(group)[] | . as $g | ($b[$g[0] | group | tojson] // []) as $o |
		 select(length > ($o | length)) | .[($o | length):][]];
	{patch: $patch, toolchain: $tc, w: $w,
	 objects: ($objs | split("\n") | map(select(. != ""))),
	 seconds: {before: $sec_before, after: $sec_after},
	 claims: [$claims[] | . as $c |
		{text, before: ([$before[] | select(is($c))] | length),
		 after: ([$after[] | select(is($c))] | length)} |
		.status = (if .before == 0 and .after == 0 then "not-seen"
			elif .after == 0 then "gone" else "still-there" end)],
	 new: [extra($before; $after)[] | select(.kind == "warning") |
		. as $r | select(all($claims[]; . as $c | $r | is($c) | not)) |
		{text, level: $levels[0][.flag]} |
		.fails = (.level == null or .level == 0 or ((.level | tostring) as $l | $failw | contains($l)))],
	 build: (if $status == "0" and $missing == "" then "ok" else "failed" end),
	 code_changed: ($changed | split("\n") | map(select(. != ""))),
	 failed_objects: ($missing | split("\n") | map(select(. != ""))),
	 errors: [$after[] | select(.kind == "error" or .kind == "failure") | .text]}'
}

# --- the run ---------------------------------------------------------------------
: > "$tmp/report.jsonl"
failed=0
if [ "$C" = 0 ]; then
	say SERIES "no patch claims a fix (Fixes-warning: trailers); nothing to check"
	exit 0
fi
first=$(grep -nxF -f "$tmp/check" "$tmp/series" | head -n1 | cut -d: -f1)
goto $((first - 1))
idx=0
while read -r p <&4; do
	idx=$((idx + 1))
	if ! grep -qxF "$p" "$tmp/check"; then goto "$idx"; continue; fi
	goto $((idx - 1))
	pf=$(patchfile "$p")
	claims "$pf" | while read -r c; do
		claimrec "$c" || echo "ERROR $c"
	done > "$tmp/claims"
	if grep -q '^ERROR ' "$tmp/claims"; then
		sed -n 's/^ERROR /  not a warning line, nor a key in the corpus: /p' "$tmp/claims" >&2
		fail "$p: a Fixes-warning trailer kwarn cannot read"
	fi
	# every object of rank 0 and 1; includers spread evenly over the rest
	objects "$pf" "$tmp/claims" 3> "$tmp/notes" | sort -k2,2 -k1,1n | sort -s -u -k2,2 | sort -k1,1n -k2,2 > "$tmp/objs.all"
	awk -v max="$MAXOBJS" '{ r[NR] = $1; o[NR] = $2 }
		END { for (i = 1; i <= NR; i++) if (r[i] < 2) { print o[i]; k++ }
			m = NR - k; room = max - k
			for (i = k + 1; i <= NR && room > 0; i++)
				if (m <= room || int((i - k - 1) * room / m) != int((i - k) * room / m)) print o[i] }' \
		"$tmp/objs.all" > "$tmp/objs"
	n=$(wc -l < "$tmp/objs.all")
	say PATCH "$p: claims $(wc -l < "$tmp/claims") warnings; objects: $n"
	while read -r l; do say NOTE "$l"; done < "$tmp/notes"
	[ "$n" -le "$(wc -l < "$tmp/objs")" ] || say NOTE "rebuilding $(wc -l < "$tmp/objs") of $n objects: the claimed and changed ones, and includers spread over the tree (SERIES_MAX_OBJS=$MAXOBJS)"
	[ "$V" = 1 ] && sed 's/^/             /' "$tmp/objs"
	# (make with no target would build the whole kernel)
	[ -s "$tmp/objs" ] || fail "$p: nothing to build: the corpus has none of its warnings and it changes no file seed $SEED builds"
	# an object that does not build before the patch either is left out
	# (for that toolchain), unless a claimed warning is printed there
	awk '$1 == 0 { print $2 }' "$tmp/objs.all" > "$tmp/objs.claimed"
	for tc in $TOOLCHAINS; do
		say CC "$tc W=$w, before $p"
		build "$tc" before "$tmp/objs"
		cp "$tmp/objs" "$tmp/objs.$tc"
		[ -s "$tmp/$tc.before.missing" ] || continue
		if grep -qxF -f "$tmp/$tc.before.missing" "$tmp/objs.claimed" ||
			cmp -s "$tmp/$tc.before.missing" "$tmp/objs"; then
			grep -v '^make' "$tmp/$tc.before.log" | tail -n 20 | sed 's/^/    /' >&2
			fail "$p: $tc: the build before the patch fails ($(tr '\n' ' ' < "$tmp/$tc.before.missing"))"
		fi
		say NOTE "$tc: does not build before the patch either, left out: $(tr '\n' ' ' < "$tmp/$tc.before.missing")"
		grep -vxF -f "$tmp/$tc.before.missing" "$tmp/objs" > "$tmp/objs.$tc"
	done
	apply + "$pf" "$p" || exit 2
	record + "$pf"; pos=$idx
	res=pass
	for tc in $TOOLCHAINS; do
		say CC "$tc W=$w, with $p"
		build "$tc" after "$tmp/objs.$tc"
		code_changed "$p" "$tc" "$tmp/objs.$tc" > "$tmp/$tc.changed"
		compare "$p" "$tc" "$tmp/claims" "$tmp/objs.$tc" > "$tmp/rec" || fail "cannot compare the builds"
		cat "$tmp/rec" >> "$tmp/report.jsonl"
		jq -r '.claims[] | "\(.status) \(.text)"' "$tmp/rec" | while read -r s t; do
			case $s in
			gone) say GONE "$tc: $t" ;;
			not-seen) say NOTE "$tc does not print it: $t" ;;
			still-there) say FAIL "$p: $tc: still there: $t" ;;
			esac
		done
		jq -r '.new[] | select(.fails) | "  FAIL     '"$p: $tc"': new warning: \(.text)"' "$tmp/rec"
		jq -r '[.new[] | select(.fails | not)] | select(length > 0) |
			"  NOTE     '"$p: $tc"': \(length) new warnings of W=\(map(.level) | unique | map(tostring) | join(",")) only, not failing (SERIES_FAIL_W='"$FAILW"'), e.g.:",
			"             \(.[0].text)"' "$tmp/rec"
		jq -r 'select(.build != "ok") | "  FAIL     '"$p: $tc"': does not build: \(.failed_objects | join(" "))", (.errors[] | "             \(.)")' "$tmp/rec"
		jq -e '.build == "ok" and all(.new[]; .fails | not) and all(.claims[]; .status != "still-there")' "$tmp/rec" > /dev/null || res=fail
	done
	# each claim must be shown gone by at least one toolchain
	jq -s -r --arg p "$p" '[.[] | select(.patch == $p)] | [.[].claims[]] | group_by(.text)[] |
		select(all(.[]; .status == "not-seen")) | .[0].text' "$tmp/report.jsonl" > "$tmp/unseen"
	while read -r t; do say FAIL "$p: no toolchain prints the warning it claims: $t"; res=fail; done < "$tmp/unseen"
	newtxt=$(jq -s -r --arg p "$p" '[.[] | select(.patch == $p) | .new[] | select(.fails | not)] |
		if length == 0 then "nothing new" else
		"nothing new at W=\("0'"$FAILW"'" | split("") | join(",")) (\(length) new at W=\(map(.level) | unique | map(tostring) | join(",")), not failing)" end' "$tmp/report.jsonl")
	code=$(jq -s -r --arg p "$p" '[.[] | select(.patch == $p) | .code_changed[]] | unique |
		if length == 0 then "code unchanged" else "code changed: \(join(" "))" end' "$tmp/report.jsonl")
	if [ $res = pass ]; then
		say OK "$p: $(jq -s --arg p "$p" '[.[] | select(.patch == $p) | .claims[] | select(.status == "gone")] | map(.text) | unique | length' "$tmp/report.jsonl") of $(wc -l < "$tmp/claims") warnings gone, $newtxt, $(wc -l < "$tmp/objs") objects build, $code ($TOOLCHAINS)"
	else
		failed=$((failed + 1))
	fi
done 4< "$tmp/series"
goto "$M"

# --- still boots ------------------------------------------------------------------
# A patch that leaves the code (instructions and relocations) of every
# object it rebuilt as it was cannot change how the kernel boots. When one
# did (BOOT=auto), or always (BOOT=1), the whole patched image is built with
# REF_TOOLCHAIN and booted by mk/boot.mk's harness, qemu/boot.sh: it must
# get to the end of /init.
boot() {
	local tc=$REF_TOOLCHAIN d=$WORK/$seedname/$REF_TOOLCHAIN-boot info out st
	info=$(make -s -C "$TOP" toolchain-info TOOLCHAIN="$tc" 2>&1) || fail "$info"
	eval "$info"
	mkdir -p "$d"
	jq -j .config "$tmp/refbuild" > "$d/.config.want"
	cmp -s "$d/.config.want" "$d/.config.seed" || cp "$d/.config.want" "$d/.config"
	mv "$d/.config.want" "$d/.config.seed"
	say BUILD "the patched image, seed $SEED $tc -j$JOBS ($d)"
	# shellcheck disable=SC2086
	if ! env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$tree" O="$d" ARCH=arm $kmake CC="$cc" \
		olddefconfig zImage -j"$JOBS" > "$d/build.log" 2>&1; then
		say FAIL "the patched image does not build (seed $SEED $tc): $d/build.log"
		grep -E 'error|Error' "$d/build.log" | head -n 10 | sed 's/^/             /'
		return 1
	fi
	make -s -C "$TOP" O="$O" initramfs "$KWARN_SITES" > "$tmp/initramfs.log" 2>&1 ||
		{ cat "$tmp/initramfs.log" >&2; fail "cannot build the initramfs (make initramfs)"; }
	"$TOP/mk/need-packages.sh" qemu-system-arm || fail "cannot install qemu-system-arm"
	out=$d/$tc-branches.jsonl.zst
	"$TOP/qemu/boot.sh" "$out" "$d" "$INITRAMFS" "$KWARN_SITES" "$BOOT_TIMEOUT" "$BOOT_MEM" \
		"$SEED" "$P" "$tc" "$cc" "$(basename "$KSRC") + series/ (series-check)" "-" > /dev/null ||
		fail "qemu/boot.sh failed"
	st=$(zstd -dcq "$out" | head -n1 | jq -r .status)
	zstd -dcq "$out" | head -n1 | jq -r '.findings[] | "  NOTE     boot: \(.)"'
	if [ "$st" = ok ]; then
		say BOOT "the patched image boots (seed $SEED $tc, $(zstd -dcq "$out" | head -n1 | jq -r .seconds) s)"
		return 0
	fi
	say FAIL "the patched image does not boot: $st (serial log: $d/$tc-boot.log.zst)"
	zstd -dcq "$d/$tc-boot.log.zst" | tr -d '\r' | tail -n 15 | sed 's/^/             /'
	return 1
}
changed=$(jq -s -r '[.[] | select((.code_changed | length) > 0) | .patch] | unique | join(" ")' "$tmp/report.jsonl")
if [ "$BOOT" = 1 ] || { [ "$BOOT" = auto ] && [ -n "$changed" ]; }; then
	[ -z "$changed" ] || say NOTE "code changed by: $changed"
	boot || failed=$((failed + 1))
elif [ -z "$changed" ]; then
	say BOOT "not needed: no patch changed the code of an object it rebuilt"
else
	say NOTE "code changed by: $changed; boot not checked (SERIES_BOOT=$BOOT)"
fi

cp "$tmp/report.jsonl" "$WORK/report.jsonl"
total=$(grep -c . "$tmp/check")
if [ $failed = 0 ]; then
	say SERIES "$total checked, all pass (report: $WORK/report.jsonl)"
else
	say SERIES "$total checked, $failed FAILED (report: $WORK/report.jsonl)"
fi
[ $failed = 0 ]
