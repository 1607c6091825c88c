#!/bin/bash
# why.sh - the Kconfig symbols that make one corpus warning appear, found
# by probes at the cost of one object each.
#
# Usage: why.sh VAR=VALUE...  (from mk/query/why.mk, after mk/query/repro.sh
# PHASE=find looked the warning up into $STATE/found)
# What a probe is, the candidates, the two ddmin passes and the hint across
# seeds: doc/why.md. A probe builds as repro does (mk/build.sh in a scratch
# build directory) and reads as repro reads (mk/corpus.sh records): one way.
# Output: one line per probe; all but the times is the same for the same
# inputs. WDIR/probes.log has each probe's whole change list.
# Exit: 0 a gating set found, 1 none among the candidates, 2 setup error.
STEP=why
. "$(dirname "$0")/../lib.sh"
for a; do declare "$a"; done
need_vars STATE O KSRC TOP KWARN_CC KWARN_PARSE WHY_PROBES
found=$STATE/found
[ -s "$found" ] || fail "$found: no warning looked up (make why runs repro's PHASE=find first)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$found" "$tmp/found"
corpus=$(head -n1 "$tmp/found" | cut -f1)
rec=$(head -n1 "$tmp/found" | cut -f2-)
first_line "$corpus" > "$tmp/build"
given=$(jq -r '.given != null' "$tmp/build")	# a report's warning and config (mk/query/given.sh)
if [ "$(wc -l < "$tmp/found")" != 1 ]; then
	if [ "$given" = true ]; then
		say NOTE "the report's warning $(head -n1 "$tmp/found" | cut -f2- | jq .n) of $(wc -l < "$tmp/found") (N= picks another)"
	else
		say NOTE "found in $(wc -l < "$tmp/found") corpora; using ${corpus#"$CORPUS"/} (narrow with SEED= TOOLCHAIN=)"
	fi
fi
j() { jq -r "$1" <<< "$rec"; }
b() { jq -r "$1" "$tmp/build"; }
key=$(j .key) tc=$(b .toolchain) seed=$(b .seed) w=${W-$(rebuild_w "$rec" "$(b .w)")}
say WARNING "$key $(j .text)"
say BUILD "$([ "$given" = true ] && echo "the config of DOTCONFIG" || echo "seed $seed") $tc W=${w:-(none)} ($(b .tree), config $(b .config_sha256 | cut -c1-12))"
# a compile's warning: a linker's or modpost's record names no one object
# whose compile a config changes
case $(j .tool) in
ld|ld.lld|modpost) fail "$key: $(j .tool)'s record: make why probes one object's compile (make repro ID=$key rebuilds the link)" ;;
esac
obj=$(j '.objects[0] // empty')
if [ -z "$obj" ]; then
	case $(j .tool):$(j .path) in
	gcc:*.c|clang:*.c) obj=$(j .path | sed 's/\.c$/.o/') ;;
	*) fail "$key: $(j .tool) output has no object to rebuild" ;;
	esac
fi
say OBJECT "$obj$([ "$(j .nobjects)" -le 1 ] || echo " (the first of the $(j .nobjects) objects that printed it)")"

# --- where the probes run ---------------------------------------------------
# WDIR: this warning's probes; the build directories are the seed's
# (RUN/seed-N, toolchain, W), shared by the warnings of one seed: its
# first probe builds make prepare, the others only what a probe changes.
# One why at a time uses them (a lock).
wdir=$O/why/$key-$(build_name "$tc" "${w:-0}")
run=$(dirname "${corpus#"$CORPUS"/}")
[ "$given" != true ] || run=given-$(b .config_sha256 | cut -c1-12)
shared=$O/why/${run//\//^}-$(build_name "$tc" "${w:-0}")
kdir=$shared/kconfig	# olddefconfig and savedefconfig only
bdir=$shared/build	# the seed's config, changed
sdir=$shared/small	# the small configs
mkdir -p "$kdir" "$wdir/probes" || fail "cannot create $wdir"
exec 9> "$shared.lock"
flock -n 9 || { say NOTE "waiting for another make why on $run $tc W=${w:-(none)} ($shared.lock)"; flock 9; }
# the probes' two build directories, each with make's descriptor of this
# toolchain (a probe adds its config and target to it)
scratch_desc "$bdir" "$tc"
scratch_desc "$sdir" "$tc"
read_desc "$bdir"
[ "$("$cc" --version | head -n1)" = "$(b .compiler)" ] ||
	warn "WARNING: compiler differs from the report's: $("$cc" --version | head -n1)"
rm -f "$wdir/why.config"
: > "$wdir/probes.log"
: > "$wdir/results.tsv"	# sha256 of the asked config and of .config, PROBE, WARNS, BUILT
b .config | head -c -1 > "$wdir/seed.config"
# the pin: kwarn's, and the user's FRAGMENT= lines the seed was drawn
# with (the build record's fragment_lines): never changed, and the base
# of the small config
pin=$wdir/pin.config
{ cat "$TOP/mk/pin.config"; b '(.fragment_lines // [])[]'; } > "$pin"
sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p; s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set/\1/p' "$pin" | sort -u > "$wdir/pinned"
kbuild_cmd "$KSRC" "$kdir" "$KWARN_CC"
kconf=("${kbuild[@]}")

# apply BASE CHANGE...: BASE with each CHANGE (CONFIG_X=V, V n: not set)
apply() {
	local base=$1
	shift
	[ $# != 0 ] || { cat "$base"; return; }
	printf '%s\n' "$@" | sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/^\1=\n^# \1 is not set$/p' > "$tmp/drop"
	grep -v -f "$tmp/drop" "$base" || true
	printf '%s\n' "$@" | sed 's/^\(CONFIG_[A-Za-z0-9_]*\)=n$/# \1 is not set/'
}
# olddefconfig CONFIG: CONFIG as Kconfig leaves it, into $kdir/.config
olddefconfig() {
	cp "$1" "$kdir/.config"
	"${kconf[@]}" olddefconfig > "$kdir/olddefconfig.log" 2>&1 || {
		cat "$kdir/olddefconfig.log" >&2; fail "make olddefconfig failed for $1"; }
}
# phrase SYMBOL VALUE: how a value reads
phrase() { if [ "$2" = n ]; then echo "$1 is not set"; else echo "$1=$2"; fi; }
# list N WORD...: the first N words, and how many more
list() {
	local n=$1
	shift
	if [ $# -le "$n" ]; then echo "$*"; else echo "${*:1:$n} (+$(( $# - n )) more)"; fi
}

# --- is the object built? ---------------------------------------------------
# Kbuild's own lists on the object's way up (mk/query/code-lib.sh): a
# probe's config builds it, or not
. "$MK/query/code-lib.sh"
kbuild_steps "$obj" "$wdir/seed.config"

# --- one probe --------------------------------------------------------------
# probe DIR BASE CHANGE...: BASE with the changes, olddefconfig'd, the
# object rebuilt in DIR (a scratch build directory); sets r_warns (yes,
# no, error) and r_built (yes, no, ?) and prints one line, and one for
# what Kconfig did to the changes: those it reverted, and (BASE a config
# Kconfig left as it is: DRAG=1) the other symbols it changed
nprobe=0
probe() {
	local bdir=$1 base=$2
	shift 2
	local start=$SECONDS asha sha hit same reverted=() dragged=() what
	nprobe=$((nprobe + 1))
	apply "$base" "$@" > "$wdir/probes/$nprobe.asked"
	# an earlier probe asked for the same config: its answer
	asha=$(sha256sum < "$wdir/probes/$nprobe.asked" | cut -c1-64)
	hit=$(awk -v s="$asha" '$1 == s { print; exit }' "$wdir/results.tsv")
	if [ -n "$hit" ]; then
		read -r _ _ same r_warns r_built <<< "$hit"
		cp "$wdir/probes/$same.config" "$wdir/probes/$nprobe.config"
		what="as probe $same"
	else
		# mk/build.sh (olddefconfig, then the object) and mk/corpus.sh
		# records, as repro: the one way
		# the levels table once: the probes ask whether a site is
		# printed, not at which level
		"$MK/desc.sh" -u "$bdir" ksrc="$KSRC" seed="$seed" w="$w" variant="$(b .variant)" config="$wdir/probes/$nprobe.asked" \
			targets="$obj" levels="$shared/levels.tsv"
		"$TOP/mk/step.sh" "$bdir" "$TOP/mk/build.sh" "$bdir" > "$bdir.out" 2>&1 || { cat "$bdir.out" >&2; fail "probe $nprobe: mk/build.sh failed"; }
		cp "$bdir/.config" "$wdir/probes/$nprobe.config"
		sha=$(sha256sum < "$wdir/probes/$nprobe.config" | cut -c1-64)
		hit=$(awk -v s="$sha" '$2 == s { print; exit }' "$wdir/results.tsv")
		if [ -n "$hit" ]; then
			# Kconfig made the config of an earlier probe
			read -r _ _ same r_warns r_built <<< "$hit"
			what="$((SECONDS - start)) s, the .config of probe $same"
		else
			r_built=$(built "$wdir/probes/$nprobe.config")
			# the object's records alone (mk/corpus.sh records of a named
			# target), though the build directory keeps other warnings' objects
			"$TOP/mk/step.sh" "$bdir" "$TOP/mk/corpus.sh" records "$bdir" > "$wdir/probes/$nprobe.records"
			if jq -e -s --argjson r "$rec" 'any(.[]; .tool == $r.tool and .path == $r.path and
				.line == $r.line and .col == $r.col and .flag == $r.flag and .message == $r.message
				or ($bykey and .key == $r.key))' --argjson bykey "$bykey" \
				"$wdir/probes/$nprobe.records" > /dev/null; then
				r_warns=yes
			elif [ "$(cat "$bdir/status")" != 0 ]; then
				r_warns=error:$(cat "$bdir/status")
			else
				r_warns=no
			fi
			what="$((SECONDS - start)) s"
			same=$nprobe
		fi
		echo "probe $nprobe: mk/build.sh $(cat "$bdir/seconds") s of $what" >> "$wdir/probes.log"
		echo "$asha $sha $same $r_warns $r_built" >> "$wdir/results.tsv"
	fi
	vals "$wdir/probes/$nprobe.config" > "$tmp/got"
	# what Kconfig did: the asked changes it reverted, the symbols it
	# changed besides (against the config the changes were made to)
	[ $# = 0 ] || printf '%s\n' "$@" | sed 's/=/ /' | sort > "$tmp/asked"
	[ $# != 0 ] || : > "$tmp/asked"
	# CONFIG_X=V:GOT, GOT as olddefconfig left it (n: not set, or absent)
	mapfile -t reverted < <(join -a1 -e n -o 0,1.2,2.2 "$tmp/asked" "$tmp/got" |
		awk '$2 != $3 { print $1 "=" $2 ":" $3 }')
	dragged=()
	if [ "${DRAG:-1}" = 1 ]; then
		vals "$base" > "$tmp/base"
		mapfile -t dragged < <(join -a1 -a2 -e n -o 0,1.2,2.2 "$tmp/base" "$tmp/got" |
			awk 'NR == FNR { a[$1]; next } $2 != $3 && !($1 in a) { print $1 "=" $3 }' "$tmp/asked" -)
	fi
	local result
	case $r_warns:$r_built in
	yes:no) result="appears (object not built)" ;;
	yes:*) result=appears ;;
	no:no) result="gone (object not built)" ;;
	no:*) result=gone ;;
	error:*) result="error: make exited ${r_warns#error:}" ;;
	esac
	local label=${PROBE_LABEL:-$# change$([ $# = 1 ] || echo s): $(list 4 "$@")}
	printf '  %-8s %3d  %-58s %-26s %s\n' PROBE "$nprobe" "$label" "$result" "$what"
	{ echo "probe $nprobe: $result ($what)"; printf '  asked %s\n' "$@"
	  printf '  reverted %s\n' "${reverted[@]}"; printf '  dragged %s\n' "${dragged[@]}"; } |
		grep -v '^  [a-z]* $' >> "$wdir/probes.log"
	r_reverted=("${reverted[@]}") r_dragged=("${dragged[@]}")
	[ ${#reverted[@]} = 0 ] && [ ${#dragged[@]} = 0 ] ||
		printf '  %-8s      %s\n' "" "Kconfig reverted ${#reverted[@]}$([ ${#reverted[@]} = 0 ] || echo ": $(list 3 "${reverted[@]}")"); dragged ${#dragged[@]}$([ ${#dragged[@]} = 0 ] || echo ": $(list 3 "${dragged[@]}")")"
	return 0
}

# ddmin PRED: DD (items; PRED is true of all of them) shrunk to a subset
# of which PRED is true and of which no one item can be left out (Zeller
# and Hildebrandt's delta debugging: halves, then finer parts, each part
# alone, then each complement). LIMIT: most probes (0: none); at the limit
# the current DD is kept, and DD_MINIMAL says no.
ddmin() {
	local pred=$1 n=2 len i s e found
	local -a part
	DD_MINIMAL=yes
	while [ ${#DD[@]} -ge 2 ]; do
		len=${#DD[@]} found=0
		for ((i = 0; i < n && !found; i++)); do
			s=$((i * len / n)) e=$(((i + 1) * len / n))
			if [ "${LIMIT:-0}" != 0 ] && [ "$nprobe" -ge "$LIMIT" ]; then DD_MINIMAL=no; return; fi
			part=("${DD[@]:s:e-s}")
			if "$pred" "${part[@]}"; then DD=("${part[@]}") n=2 found=1; fi
		done
		[ $found = 0 ] && [ $n -gt 2 ] && for ((i = 0; i < n && !found; i++)); do
			s=$((i * len / n)) e=$(((i + 1) * len / n))
			if [ "${LIMIT:-0}" != 0 ] && [ "$nprobe" -ge "$LIMIT" ]; then DD_MINIMAL=no; return; fi
			part=("${DD[@]:0:s}" "${DD[@]:e}")
			if "$pred" "${part[@]}"; then DD=("${part[@]}") n=$((n > 2 ? n - 1 : 2)) found=1; fi
		done
		[ $found = 1 ] && continue
		[ $n -lt "$len" ] || break
		n=$((2 * n < len ? 2 * n : len))
	done
}

# --- the seed's config: the warning must come back --------------------------
# (a report's warning: by its key, at whatever line this tree has it)
bykey=$given
PROBE_LABEL="$([ "$given" = true ] && echo "the config of DOTCONFIG" || echo "the seed's config")" probe "$bdir" "$wdir/seed.config"
[ "$r_warns" = yes ] || fail "$key did not come back with the seed's own config ($([ "$r_warns" != no ] && echo "the object did not build" || echo "make repro ID=$key says more")); nothing to explain"
[ "$r_built" != no ] || warn "WARNING: Kbuild's Makefiles do not build $obj in the seed's config"
cp "$wdir/probes/1.config" "$wdir/seed.resolved"
# what the code itself puts on it, under the seed's config, at the line
# the probe printed it: a report's tree may have had it elsewhere, and the
# probes after look for it there (a key names the same site only under one
# config: another site of the same message can take its ordinal)
here=$(jq -c --argjson r "$rec" 'select(.key == $r.key)' "$wdir/probes/1.records" | head -n1)
rec=${here:-$rec} bykey=false
code_conditions "$rec" "$wdir/seed.resolved" "$obj"

# --- candidates ---------------------------------------------------------------
cmdf=$bdir/$(dirname "$obj")/.$(basename "$obj").cmd
[ -f "$cmdf" ] || fail "$cmdf: Kbuild wrote no .cmd file for $obj"
grep -o 'include/config/[A-Za-z0-9_]*' "$cmdf" | sed 's|include/config/|CONFIG_|' | sort -u > "$wdir/deps"
mks=("$KSRC/Makefile" "$KSRC/arch/arm/Makefile")
# (the warning levels' file: Makefile.extrawarn, Makefile.warn from 6.19)
for f in build lib extrawarn warn kasan ubsan kcov kcsan kmsan gcc-plugins debug randstruct; do
	[ ! -f "$KSRC/scripts/Makefile.$f" ] || mks+=("$KSRC/scripts/Makefile.$f")
done
d=$(dirname "$obj")
while [ "$d" != . ]; do
	for f in Kbuild Makefile; do [ ! -f "$KSRC/$d/$f" ] || mks+=("$KSRC/$d/$f"); done
	d=$(dirname "$d")
done
grep -oh 'CONFIG_[A-Za-z0-9_]*' "${mks[@]}" | sort -u > "$wdir/makefile-symbols"
if [ -n "${WHY_SYMBOLS:-}" ]; then
	# shellcheck disable=SC2086 # a list of words
	printf '%s\n' $WHY_SYMBOLS | sed 's/^\(CONFIG_\)\{0,1\}/CONFIG_/' | sort -u > "$wdir/candidates"
	src="WHY_SYMBOLS"
else
	sort -u "$wdir/deps" "$wdir/makefile-symbols" > "$wdir/candidates"
	src="$(wc -l < "$wdir/deps") fixdep dependencies of $obj, $(wc -l < "$wdir/makefile-symbols") symbols of the Makefiles on its way"
fi
vals "$wdir/seed.resolved" > "$wdir/seed.vals"
# y or m: to n; not set: to y; FRAME_WARN: to 0 (no -Wframe-larger-than=);
# symbols the config does not have (their dependencies unmet) and other
# values stay; so does the pin
join "$wdir/candidates" "$wdir/seed.vals" | grep -v -F -w -f "$wdir/pinned" > "$tmp/cand" || true
awk '$2 == "y" || $2 == "m" || ($1 == "CONFIG_FRAME_WARN" && $2 != "0") {
	print $1 "=" ($1 == "CONFIG_FRAME_WARN" ? 0 : "n") }' "$tmp/cand" > "$wdir/changes-off"
awk '$2 == "n" { print $1 "=y" }' "$tmp/cand" > "$wdir/changes-on"
npinned=$(join "$wdir/candidates" "$wdir/pinned" | wc -l)
say CANDS "candidates: $(wc -l < "$wdir/candidates") symbols ($src): $(wc -l < "$wdir/changes-off") set (to turn off), $(wc -l < "$wdir/changes-on") not set (to turn on); $npinned pinned (mk/pin.config) and $(( $(wc -l < "$wdir/candidates") - $(wc -l < "$tmp/cand") - npinned )) absent from the config stay"
if [ -n "${WHY_SYMBOLS:-}" ]; then
	missing=$(comm -23 "$wdir/candidates" <(cut -d' ' -f1 "$wdir/seed.vals") | tr '\n' ' ')
	[ -z "$missing" ] || say NOTE "WHY_SYMBOLS not in the seed's config (their dependencies unmet): $missing"
fi

# --- across seeds: a hint -----------------------------------------------------
# The other seeds' corpora of this RUN, toolchain and W: those that print
# the key, and those whose build made the object without printing it (the
# build record's objects_built; a corpus made before it is not counted).
# A candidate whose values in the two groups do not overlap separates
# them: a statistical hint, printed before the probes, which try those
# symbols first, and checked against what they find.
: > "$wdir/hint"
seeds=()
[ "$given" = true ] || mapfile -t seeds < <(ls "$CORPUS/$(dirname "$run")"/seed-*/"$(basename "$corpus")" 2> /dev/null | sort -V)
if [ ${#seeds[@]} -gt 1 ]; then
	np=0 nq=0 nn=0 nu=0
	# those that print it: the campaign index says (make brought it up to date)
	declare -A prints=()
	while IFS= read -r f; do prints[$CORPUS/$f]=1; done < <("$KWARN_INDEX" files -k "$key" "$INDEX" \
		"$(dirname "$run")" "$(basename "$corpus")" || echo "!")
	[ -z "${prints[$CORPUS/!]:-}" ] || fail "$INDEX: cannot look $key up (make index makes the index again)"
	for f in "${seeds[@]}"; do
		first_line "$f" > "$tmp/head"
		if [ -n "${prints[$f]:-}" ]; then
			class=P np=$((np + 1))
		else
			case $(jq -r --arg o "$obj" 'if .objects_built == null then "unknown"
				elif any(.objects_built[]; . == $o) then "built" else "not" end' "$tmp/head") in
			built) class=Q nq=$((nq + 1)) ;;
			not) nn=$((nn + 1)); continue ;;
			*) nu=$((nu + 1)); continue ;;
			esac
		fi
		jq -r .config "$tmp/head" > "$tmp/c"
		# every candidate, n when the config lacks it
		vals "$tmp/c" | join -a2 -e n -o 0,1.2 - <(grep -v -F -x -f "$wdir/pinned" "$wdir/candidates") |
			sed "s/^/$class /"
	done > "$tmp/seedvals"
	say HINT "${#seeds[@]} seeds' corpora ($(dirname "$run") $tc W=$(b .w)): $np print it, $nq built $obj without printing it, $nn did not build it$([ "$nu" = 0 ] || echo ", $nu made before corpora listed the objects built (make corpus again)")"
	if [ "$np" -gt 0 ] && [ "$nq" -gt 0 ]; then
		# per symbol: its values in each group ("y=3": in 3 seeds);
		# separating: no value in both groups
		awk '
			{ c[$2, $1, $3]++; vals[$2] = vals[$2] " " $3 }
			END {
				for (s in vals) {
					nv = split(vals[s], v, " "); delete seen; p = ""; q = ""; shared = 0
					for (i = 1; i <= nv; i++) {
						if (v[i] in seen) continue
						seen[v[i]]
						if (c[s, "P", v[i]] && c[s, "Q", v[i]]) shared = 1
						if (c[s, "P", v[i]]) p = p " " v[i] "=" c[s, "P", v[i]]
						if (c[s, "Q", v[i]]) q = q " " v[i] "=" c[s, "Q", v[i]]
					}
					if (!shared) print s "\t" p "\t" q
				}
			}' "$tmp/seedvals" | sort > "$wdir/hint"
		if [ -s "$wdir/hint" ]; then
			say HINT "$(wc -l < "$wdir/hint") candidates separate them (values and seeds: printing; not printing):"
			head -n 10 "$wdir/hint" | awk -F '\t' '{ printf "             %s:%s;%s\n", $1, $2, $3 }'
			[ "$(wc -l < "$wdir/hint")" -le 10 ] || echo "             (+$(( $(wc -l < "$wdir/hint") - 10 )) more: $wdir/hint)"
		else
			say HINT "no candidate separates them"
		fi
	fi
fi
# the hint's symbols first: ddmin tries the first half first
for f in "$wdir/changes-off" "$wdir/changes-on"; do
	{ grep -F -f <(cut -f1 "$wdir/hint" | sed 's/$/=/') "$f" || true
	  grep -v -F -f <(cut -f1 "$wdir/hint" | sed 's/$/=/') "$f" || true; } > "$f.tmp"
	mv "$f.tmp" "$f"
done

# --- 1. a 1-minimal set of changes that makes it go away ----------------------
# held PRED: what the last probe says of PRED
held() { [ "$r_warns" = no ] || { [ "$1" = gone_or_unbuilt ] && [ "$r_built" = no ]; }; }
gone() { probe "$bdir" "$wdir/seed.resolved" "$@"; held gone; }
gone_or_unbuilt() { probe "$bdir" "$wdir/seed.resolved" "$@"; held gone_or_unbuilt; }
gate=() how=
for try in gone:off gone:on gone_or_unbuilt:off gone_or_unbuilt:on; do
	pred=${try%%:*}
	mapfile -t DD < "$wdir/changes-$(echo "${try#*:}")"
	[ ${#DD[@]} -gt 0 ] || continue
	say TRY "$([ "$pred" = gone ] && echo "the object compiles without it" || echo "the object is not built, or compiles without it"): the candidates turned ${try#*:} (${#DD[@]}), all at once"
	"$pred" "${DD[@]}" || continue
	# the changes Kconfig reverted with all at once are no change: a symbol
	# turned off that stays on is selected by one that stays on (only for
	# turning off: turning on, one change can make another possible)
	if [ "${try#*:}" = off ]; then
		mapfile -t DD < <(printf '%s\n' "${DD[@]}" | grep -v -F -x -f <(printf '%s\n' "${r_reverted[@]%:*}") || true)
		say NOTE "${#DD[@]} of them not reverted by Kconfig: ddmin over those"
	fi
	ddmin "$pred"
	gate=("${DD[@]}") how=$pred
	break
done
summary() { say PROBES "$nprobe probes, $(wc -l < "$wdir/results.tsv") builds, $SECONDS s; each probe's changes and what Kconfig did: $wdir/probes.log"; }
if [ ${#gate[@]} = 0 ]; then
	say WHY "no gating symbol among the candidates: $key appears with each change tried"
	# the pin is never changed: a symbol of it, or one it selects, may gate it
	pinned=$(join "$wdir/candidates" "$wdir/pinned" | tr '\n' ' ')
	[ -z "$pinned" ] || say NOTE "not tried, pinned (mk/pin.config): ${pinned% }"
	summary
	exit 1
fi
# the set, and what Kconfig changed with it
PROBE_LABEL="the gating set: $(list 4 "${gate[@]}")" probe "$bdir" "$wdir/seed.resolved" "${gate[@]}"
gated=$wdir/probes/$nprobe.config
[ ${#r_dragged[@]} = 0 ] || say KCONFIG "with it Kconfig also set: ${r_dragged[*]}"
# putting back any one brings it back (the probes ddmin made, or the seed's)
for c in "${gate[@]}"; do
	rest=()
	for x in "${gate[@]}"; do [ "$x" = "$c" ] || rest+=("$x"); done
	PROBE_LABEL="verify: all but ${c%%=*}" probe "$bdir" "$wdir/seed.resolved" "${rest[@]}"
	if held "$how"; then
		warn "$key: ${c%%=*} is not needed after all: the set is not 1-minimal"
	fi
done
appears=() goneas=()
for c in "${gate[@]}"; do
	sym=${c%%=*}
	appears+=("$(phrase "$sym" "$(awk -v s="$sym" '$1 == s { print $2 }' "$wdir/seed.vals")")")
	goneas+=("$c")
done
and() { local IFS=$'\n'; sed -e ':a;N;$!ba' -e 's/\n/ and /g' <<< "$*"; }
if [ -s "$wdir/hint" ]; then
	agree=$(for c in "${gate[@]}"; do cut -f1 "$wdir/hint" | grep -x -F "${c%%=*}" || true; done)
	if [ -n "$agree" ]; then
		say HINT "the probes agree: $(echo $agree) also separates the seeds"
	else
		say HINT "the probes found other symbols than those that separate the seeds"
	fi
fi
say WHY "appears when $(and "${appears[@]}"); gone with $(and "${goneas[@]}")$([ "$how" = gone ] || echo " (the object is then not built, or compiles without it)")"
# the code's own conditions: which of their symbols the gating set changes
# (through Kconfig's selects and dependencies), or none: then it acts
# otherwise (the compiler's flags, a macro's value)
changed=()
while read -r sym; do
	[ -n "$sym" ] || continue
	was=$(sym_values "$wdir/seed.resolved" "$sym" | sed 's/.* is not set$/n/; s/.*=//')
	now=$(sym_values "$gated" "$sym" | sed 's/.* is not set$/n/; s/.*=//')
	[ "$was" = "$now" ] || changed+=("$sym $was->$now")
done < "$tmp/code-symbols"
if [ ${#changed[@]} -gt 0 ]; then
	say CODE "the gating set implies the code's conditions: with it $(and "${changed[@]}")"
elif [ -s "$tmp/code-symbols" ]; then
	say CODE "the gating set changes none of the code's conditions ($(list 4 $(cat "$tmp/code-symbols"))): it acts otherwise"
else
	say CODE "the code puts no CONFIG_ symbol on it: the gating set acts otherwise"
fi

# --- 2. a small config in which it still appears ------------------------------
# the seed's savedefconfig lines, less the pin's and the gating symbols'
cp "$wdir/seed.resolved" "$kdir/.config"
"${kconf[@]}" savedefconfig > "$kdir/savedefconfig.log" 2>&1 || fail "make savedefconfig failed"
for c in "${gate[@]}"; do echo "${c%%=*}"; done | sort > "$tmp/gatesyms"
sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/\1 &/p; s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set/\1 &/p' "$kdir/defconfig" |
	sort -k1,1 > "$tmp/lines"
cut -d' ' -f2- <(join "$tmp/lines" "$tmp/gatesyms") > "$wdir/small-base"
cat "$pin" >> "$wdir/small-base"
grep -v -F -w -f <(cat "$wdir/pinned" "$tmp/gatesyms") "$tmp/lines" > "$tmp/rest" || true
appears_small() {
	PROBE_LABEL=${PROBE_LABEL:-"pin, gate + $# lines: $(list 3 "$@")"} DRAG=0 \
		probe "$sdir" "$wdir/small-base" "$@"
	[ "$r_warns" = yes ] && [ "$r_built" != no ]
}
# asked as they read in savedefconfig: "CONFIG_X=V" or "CONFIG_X=n"
cut -d' ' -f2- "$tmp/rest" | sed 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/' > "$wdir/small-lines"
join "$tmp/rest" "$wdir/candidates" | cut -d' ' -f2- |
	sed 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/' > "$wdir/small-lines-cand"
say TRY "a small config: the pin and the gating symbols' seed values, then as few of the seed's $(wc -l < "$wdir/small-lines") savedefconfig lines as it takes"
DD=() DD_MINIMAL=yes
if [ "$WHY_PROBES" = 0 ]; then
	DD=(skipped)
elif PROBE_LABEL="the pin + the gating symbols" appears_small; then
	:
elif mapfile -t DD < "$wdir/small-lines-cand" && [ ${#DD[@]} -gt 0 ] && appears_small "${DD[@]}"; then
	LIMIT=$((nprobe + WHY_PROBES)) ddmin appears_small
elif mapfile -t DD < "$wdir/small-lines" && appears_small "${DD[@]}"; then
	LIMIT=$((nprobe + WHY_PROBES)) ddmin appears_small
else
	DD=(none)
fi
if [ "${DD[*]}" = skipped ]; then
	say SMALL "none made (WHY_PROBES=0)"
elif [ "${DD[*]}" = none ]; then
	say SMALL "none found: with all of the seed's savedefconfig lines on the pin it does not appear"
else
	apply "$wdir/small-base" "${DD[@]}" > "$tmp/small"
	olddefconfig "$tmp/small"
	"${kconf[@]}" savedefconfig > "$kdir/savedefconfig.log" 2>&1 || fail "make savedefconfig failed"
	cp "$kdir/defconfig" "$wdir/why.config" || fail_with 3 "cannot write $wdir/why.config"
	say SMALL "$wdir/why.config: $(grep -c . "$wdir/why.config") savedefconfig lines, $(grep -v -F -x -f "$pin" "$wdir/why.config" | grep -c .) beyond the pin$([ "$DD_MINIMAL" = yes ] || echo " (WHY_PROBES=$WHY_PROBES probes reached: maybe not the fewest)")"
	grep -v -F -x -f "$pin" "$wdir/why.config" | sed 's/^/             /' || true
fi
summary
exit 0
