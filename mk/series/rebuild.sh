# rebuild.sh - sourced by mk/series/series-check.sh (after mk/lib.sh): the
# affected objects built before and after a patch, as make repro builds
# one: a scratch build per toolchain (mk/lib.sh scratch_desc), mk/build.sh
# and mk/corpus.sh records.
#
#   toolchains_setup   for each of TOOLCHAINS: its build directory
#                      $WORK/SEED-DIR/TC-WW (bdir[TC]), its config (from its
#                      corpus, else $tmp/refbuild's) and descriptor
#   build TC TAG OBJS-FILE    build the objects in $tree; writes $tmp/TC.TAG.log
#                      (make's), .json (their records), .status, .sec,
#                      .missing (objects not built) and .o/ (the objects)
#   keep_built NAME TC       after the "before" build: writes $tmp/objs.TC, the
#                      objects that build before the patch; fails the check
#                      when a claimed one (or every one) does not
#   code_changed NAME TC OBJS-FILE   the objects whose code (instructions and
#                      relocations, OBJDUMP -dr) differs after the patch; the
#                      differences go to $WORK/code/NAME/TC/OBJECT.diff
declare -A bdir
describe() { # TC [TARGETS]: TC's build descriptor (mk/desc.sh)
	local tc=$1
	"$MK/desc.sh" -u "${bdir[$tc]}" ksrc="$tree" seed="$SEED" w="$w" variant=plain \
		config="${bdir[$tc]}.config" targets="${2:-}" jobs="$JOBS" levels="${bdir[$tc]}/levels.tsv"
}
toolchains_setup() {
	local tc d src
	for tc in $TOOLCHAINS; do
		d=$WORK/$(seed_name)/$(build_name "$tc" "$w")
		bdir[$tc]=$d
		mkdir -p "$d"
		scratch_desc "$d" "$tc"
		# the toolchain's own corpus carries its olddefconfig result; else the
		# reference one, made to fit by olddefconfig (mk/build.sh)
		seed_dir src "$CORPUS_RUN" "$SEED"
		src=$src/$(build_name "$tc" "$w").jsonl.zst
		[ -f "$src" ] || src=$refcorpus
		first_line "$src" | jq -j .config > "$d.config"
		cmp -s "$d.config" "$d/.config.seed" || say CONFIG "seed $SEED $tc (from $(basename "$src"))"
		# the levels table: made by the run's first records, then reused
		rm -f "$d/levels.tsv"
		describe "$tc"
	done
}
build() {
	local tc=$1 tag=$2 d=${bdir[$1]} o
	rm -rf "$tmp/$tc.$tag.o"
	describe "$tc" "$(tr '\n' ' ' < "$3")"
	"$TOP/mk/step.sh" "$d" "$TOP/mk/build.sh" "$d" > "$tmp/$tc.$tag.out" 2>&1 ||
		{ cat "$tmp/$tc.$tag.out" >&2; fail "the $tag build of $tc failed"; }
	if [ "$V" = 1 ]; then cat "$tmp/$tc.$tag.out"; fi
	"$TOP/mk/step.sh" "$d" "$TOP/mk/corpus.sh" records "$d" > "$tmp/$tc.$tag.json" ||
		fail "cannot read the records of the $tag build of $tc"
	cp "$d/make.log" "$tmp/$tc.$tag.log"
	cp "$d/seconds" "$tmp/$tc.$tag.sec"
	cp "$d/status" "$tmp/$tc.$tag.status"
	: > "$tmp/$tc.$tag.missing"
	while read -r o; do
		if [ ! -f "$d/$o" ]; then echo "$o" >> "$tmp/$tc.$tag.missing"; continue; fi
		mkdir -p "$tmp/$tc.$tag.o/$(dirname "$o")" && cp "$d/$o" "$tmp/$tc.$tag.o/$o"
	done < "$3"
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
