# build.sh - sourced by mk/series-check.sh (after mk/lib.sh): the builds of
# the affected objects, one build directory per toolchain, and what they
# printed and compiled to.
#
#   toolchains_setup   for each of TOOLCHAINS: its compiler (installed when
#                      missing), fam/ccmd/kmk/bdir[TC], and the build
#                      directory $WORK/SEED-DIR/TC-WW configured with the
#                      seed's config (from the corpus: $tmp/refbuild's, or
#                      the toolchain's own; olddefconfig in $tree), and its
#                      levels table levels.tsv (mk/levels.sh, as make corpus)
#   build TC TAG OBJS-FILE    build the objects in $tree; writes $tmp/TC.TAG.log,
#                      .json (kwarn-parse's records, W levels by the levels
#                      table), .status, .sec, .missing
#                      (objects not built) and .o/ (copies of the objects)
#   keep_built NAME TC       after the "before" build: writes $tmp/objs.TC, the
#                      objects that build before the patch; fails the check
#                      when a claimed one (or every one) does not
#   code_changed NAME TC OBJS-FILE   the objects whose code (instructions and
#                      relocations, OBJDUMP -dr) differs after the patch; the
#                      differences go to $WORK/code/NAME/TC/OBJECT.diff
declare -A fam ccmd kmk bdir
toolchains_setup() {
	local tc d src family cc kmake packages distcc
	for tc in $TOOLCHAINS; do
		use_toolchain "$tc"
		fam[$tc]=$family ccmd[$tc]=$cc kmk[$tc]=$kmake
		d=$WORK/$(seed_name)/$tc-W$w
		bdir[$tc]=$d
		mkdir -p "$d"
		# the toolchain's own corpus carries its olddefconfig result; else the
		# reference one, made to fit by olddefconfig
		src=$CORPUS/seed-$SEED/$tc-W$w.jsonl.zst
		[ -f "$src" ] || src=$refcorpus
		first_line "$src" | jq -j .config > "$d/.config.want"
		if ! cmp -s "$d/.config.want" "$d/.config.seed" || [ ! -f "$d/.config" ]; then
			cp "$d/.config.want" "$d/.config" && mv "$d/.config.want" "$d/.config.seed"
			say CONFIG "seed $SEED $tc (from $(basename "$src"))"
			# shellcheck disable=SC2086
			env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$tree" O="$d" ARCH=arm $kmake \
				CC="$cc" olddefconfig > "$d/olddefconfig.log" 2>&1 ||
				{ cat "$d/olddefconfig.log" >&2; fail "olddefconfig failed for $tc"; }
		fi
		rm -f "$d/.config.want"
		# the W levels, decided as the corpus's are: a new warning's level
		# is its record's
		# shellcheck disable=SC2086
		"$TOP/mk/levels.sh" "$family" "$cc" env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
			make -C "$d" ARCH=arm $kmake CC="$cc" > "$d/levels.tsv.tmp" &&
			mv "$d/levels.tsv.tmp" "$d/levels.tsv" || fail "no levels table for $tc"
	done
}
kmake_objs() { # TC JOBS OBJS-FILE
	# shellcheck disable=SC2086
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$tree" O="${bdir[$1]}" ARCH=arm ${kmk[$1]} \
		CC="$KWARN_CC ${ccmd[$1]}" W="$w" -k -j"$2" $(cat "$3")
}
forget() { # DIR OBJS-FILE: the objects and their kwarn-cc records removed
	local o
	while read -r o; do rm -f "$1/$o" "$1/$(dirname "$o")/.$(basename "$o").kwarn"; done < "$2"
}
build() {
	local tc=$1 tag=$2 d=${bdir[$1]} o start s=0 kw=()
	forget "$d" "$3"
	rm -rf "$tmp/$tc.$tag.o"
	start=$(date +%s)
	if [ "$V" = 1 ]; then set -x; fi
	kmake_objs "$tc" "$JOBS" "$3" > "$tmp/$tc.$tag.log" 2>&1 || s=$?
	# Kbuild may visit a directory twice for single targets (arch/arm/lib is
	# both core and lib) and then build one object twice at once: on a
	# failure, everything is built again, one at a time
	if [ $s != 0 ] && [ "$JOBS" != 1 ]; then
		forget "$d" "$3"
		s=0
		kmake_objs "$tc" 1 "$3" > "$tmp/$tc.$tag.log" 2>&1 || s=$?
	fi
	{ set +x; } 2> /dev/null
	echo $(( $(date +%s) - start )) > "$tmp/$tc.$tag.sec"
	echo "$s" > "$tmp/$tc.$tag.status"
	: > "$tmp/$tc.$tag.missing"
	while read -r o; do
		if [ ! -f "$d/$o" ]; then echo "$o" >> "$tmp/$tc.$tag.missing"; continue; fi
		mkdir -p "$tmp/$tc.$tag.o/$(dirname "$o")" && cp "$d/$o" "$tmp/$tc.$tag.o/$o"
		if [ -f "$d/$(dirname "$o")/.$(basename "$o").kwarn" ]; then
			kw+=("$d/$(dirname "$o")/.$(basename "$o").kwarn")
		fi
	done < "$3"
	"$KWARN_PARSE" -s "$tree" -b "$d" -t "${fam[$tc]}" -l "$d/levels.tsv" \
		"$tmp/$tc.$tag.log" "${kw[@]}" > "$tmp/$tc.$tag.json" ||
		fail "kwarn-parse failed on the $tag build of $tc"
}
# an object that does not build before the patch either is left out (for
# that toolchain), unless a claimed warning is printed there
keep_built() {
	local p=$1 tc=$2
	cp "$tmp/objs" "$tmp/objs.$tc"
	[ -s "$tmp/$tc.before.missing" ] || return 0
	if grep -qxF -f "$tmp/$tc.before.missing" "$tmp/objs.claimed" ||
		cmp -s "$tmp/$tc.before.missing" "$tmp/objs"; then
		sed '/^make/d' "$tmp/$tc.before.log" | tail -n 20 | sed 's/^/    /' >&2
		fail "$p: $tc: the build before the patch fails ($(tr '\n' ' ' < "$tmp/$tc.before.missing"))"
	fi
	say NOTE "$tc: does not build before the patch either, left out: $(tr '\n' ' ' < "$tmp/$tc.before.missing")"
	grep -vxF -f "$tmp/$tc.before.missing" "$tmp/objs" > "$tmp/objs.$tc"
}
code_changed() {
	local o dir=$WORK/code/$(basename "$1" .patch)/$2 status
	rm -rf "$dir"
	while read -r o; do
		[ -f "$tmp/$2.before.o/$o" ] && [ -f "$tmp/$2.after.o/$o" ] || continue
		"$OBJDUMP" -dr "$tmp/$2.before.o/$o" | tail -n +3 > "$tmp/dis.before"
		"$OBJDUMP" -dr "$tmp/$2.after.o/$o" | tail -n +3 > "$tmp/dis.after"
		cmp -s "$tmp/dis.before" "$tmp/dis.after" && continue
		echo "$o"
		mkdir -p "$dir/$(dirname "$o")"
		status=0
		diff -u "$tmp/dis.before" "$tmp/dis.after" > "$dir/$o.diff" || status=$?
		[ "$status" = 1 ] || fail "cannot compare the code of $o"
	done < "$3"
}
