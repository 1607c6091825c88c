#!/bin/bash
# repro.sh - rebuild the one object that printed a corpus warning, with the
# build's own .config, toolchain and W level, and say whether it came back.
#
# Usage: repro.sh PHASE=find|build VAR=VALUE...  (see mk/query/repro.mk; all
# come from make). PHASE=find looks the warning up in the corpus and keeps
# it in $O/repro/found, before make prepares the tree; PHASE=build
# rebuilds its object (or writes SCRIPT=) as make corpus builds (mk/build.sh)
# and reads its records as make corpus does (mk/corpus.sh records), into
# $O/repro/TREE/KEY-TOOLCHAIN-WLEVEL/records.jsonl.
# STATE (default $O/repro): where PHASE=find keeps the warning it found
# (make why looks up its warning here too).
# Exit: 0 found or reproduced, 1 built but not reproduced, 2 setup error.
STEP=${STEP:-repro}
. "$(dirname "$0")/../lib.sh"
for a; do declare "$a"; done

# --- find the record -------------------------------------------------------
[ -n "$ID$LINE" ] || fail "say which warning: ID=KEY (or a unique prefix) or LINE='...'"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
STATE=${STATE:-$O/repro}
found=$STATE/found
if [ "$PHASE" = find ]; then
	rm -f "$found"
	shopt -s nullglob
	# a key is one warning of the tree's corpus: every RUN of the tree
	# (TREE/pP) is looked in; another tree's warning is rebuilt with that
	# tree (KVER=, KSRC=), a key being the same in both when the line is
	files=("$CORPUS/$TREE_DIR"/*/seed-${SEED:-*}/${TOOLCHAIN:-*}-W*.jsonl.zst)
	[ ${#files[@]} -gt 0 ] || fail "no corpus in $CORPUS/$TREE_DIR${SEED:+ for SEED=$SEED}${TOOLCHAIN:+ TOOLCHAIN=$TOOLCHAIN}; run make corpus${KVER:+ KVER=$KVER} first"
	read_files=("${files[@]}")
	if [[ $ID =~ ^[0-9a-f]{1,16}$ ]]; then
		# the campaign index (brought up to date by make) names the files
		# that print such a key: those alone are read
		[ -z "$SEED" ] || echo "$SEED" > "$tmp/seed"
		mapfile -t read_files < <("$KWARN_INDEX" files -k "$ID" ${SEED:+-S "$tmp/seed"} "$INDEX" "$TREE_DIR/*" \
			"${TOOLCHAIN:-*}-W*.jsonl.zst" | sed "s|^|$CORPUS/|"; exit "${PIPESTATUS[0]}") ||
			fail "$INDEX: cannot look the key up (make index makes the index again)"
	fi
	# the run of the settings (P=, CONFIG=, FRAGMENT=) first: a key that
	# several runs print is rebuilt, and why's hint counted, in that one
	mine=() others=()
	for f in "${read_files[@]}"; do
		if [[ $f == "$CORPUS/$RUN/"* ]]; then mine+=("$f"); else others+=("$f"); fi
	done
	read_files=("${mine[@]}" "${others[@]}")
	[ ${#read_files[@]} = 0 ] || "$TOP/mk/corpus-check.sh" "${read_files[@]}" || exit 2	# it said why

	if [ -n "$ID" ]; then
		query='select(.type == "diag" and (.key | startswith($id)))'
	else
		# the pasted line, normalized like the corpus (tree-relative, ASCII quotes)
		printf '%s\n' "$LINE" | "$KWARN_PARSE" -s "$KSRC" -t gcc > "$tmp/line" 2> "$tmp/err" ||
			fail "LINE: $(cat "$tmp/err")"
		[ -s "$tmp/line" ] || fail "LINE is not a compiler diagnostic: $LINE"
		query='select(.type == "diag" and .path == $l.path and .flag == $l.flag and
			.message == $l.message and ($l.line == 0 or .line == $l.line))'
	fi
	for f in "${read_files[@]}"; do
		zstd -dcq "$f" | jq -c --arg id "$ID" --slurpfile L <(cat "$tmp/line" 2>/dev/null) \
			'($L[0] // {}) as $l | '"$query" | sed "s|^|$f\t|"
	done > "$tmp/found"
	keys=$(cut -f2- "$tmp/found" | jq -r .key | sort -u)
	case $(grep -c . <<< "$keys") in
	0) fail "no warning ${ID:+with key $ID}${LINE:+matching that line} in ${#files[@]} corpus file(s)" ;;
	1) ;;
	# a short prefix matches hundreds of keys: a few of them, and how many
	*) fail "${ID:+ID $ID}${LINE:+LINE} is ambiguous: $(grep -c . <<< "$keys") keys match ($(head -n5 <<< "$keys" | tr '\n' ' ')...); give more of the key" ;;
	esac
	cp "$tmp/found" "$found.tmp" && mv "$found.tmp" "$found" || fail "cannot write $found"
	exit 0
fi
[ -s "$found" ] || fail "$found: no warning looked up (make repro runs PHASE=find first)"
cp "$found" "$tmp/found"
# several corpora may hold it (toolchains, W levels): take the first
corpus=$(head -n1 "$tmp/found" | cut -f1)
rec=$(head -n1 "$tmp/found" | cut -f2-)
n=$(wc -l < "$tmp/found")
[ "$n" = 1 ] || say NOTE "found in $n corpora; using ${corpus#$CORPUS/} (narrow with SEED= TOOLCHAIN=)"
# its build record (a process substitution: zstd may die of SIGPIPE when
# head is done; the corpus passed corpus-check.sh in the find phase)
head -n1 < <(zstd -dcq "$corpus") > "$tmp/build"
j() { jq -r "$1" <<< "$rec"; }
b() { jq -r "$1" "$tmp/build"; }
key=$(j .key) text=$(j .text) tc=$(b .toolchain) seed=$(b .seed)
w=${W-$(rebuild_w "$rec" "$(b .w)")}
say WARNING "$key $text"
say BUILD "seed $seed $tc W=${w:-(none)} ($(b .tree), config $(b .config_sha256 | cut -c1-12))"
b 'select((.fragment_lines // []) != []) | "  with FRAGMENT= lines: " + (.fragment_lines | join(", "))' >&2

# --- the object that printed it --------------------------------------------
# a linker's or modpost's record: the link it made fail (vmlinux), not an
# object (its "objects" name the ones the linker named)
case $(j .tool) in
ld|ld.lld|modpost) obj=vmlinux ;;
*) obj=$(j '.objects[0] // empty') ;;
esac
if [ -z "$obj" ]; then
	case $(j .tool):$(j .path) in
	kernel-doc:*.c|gcc:*.c|clang:*.c) obj=$(j .path | sed 's/\.c$/.o/') ;;
	*) fail "$key: $(j .tool) output has no object to rebuild" ;;
	esac
fi
[ "$(j .nobjects)" -le 1 ] || say NOTE "$(j .nobjects) objects printed it; rebuilding $obj"

# --- the toolchain: the scratch build's descriptor --------------------------
# mk/build.sh from the corpus's .config, with the object as its one target
dir=$O/repro/$TREE_DIR/$key-$(build_name "$tc" "${w:-0}")
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot create $dir"
scratch_desc "$dir" "$tc"
read_desc "$dir"
have=$("$cc" --version | head -n1)
if [ "$have" != "$(b .compiler)" ]; then
	warn "WARNING: compiler differs from the report's:"
	warn "  report: $(b .compiler)"
	warn "  here:   $have"
fi
[ "$(b .series_sha256)" = "$(series_sha "$SERIES")" ] ||
	warn "WARNING: series/ differs from the report's"

# --- a script for a fresh machine ------------------------------------------
if [ -n "$SCRIPT" ]; then
	REC=$rec BUILD_RECORD=$tmp/build OBJ=$obj W=$w DESC=$dir KSRC=$KSRC SERIES=$SERIES SRC_PKG=$SRC_PKG \
		SCRIPT=$SCRIPT "$TOP/mk/query/repro-script.sh" > "$SCRIPT.tmp" && chmod +x "$SCRIPT.tmp" && mv "$SCRIPT.tmp" "$SCRIPT" ||
		fail "cannot write $SCRIPT"
	say SCRIPT "$SCRIPT"
	exit 0
fi

# --- rebuild it: the one build and parse of make corpus ---------------------
# the object may fail to build (its warning an error): build.sh records
# make's status, and goes on
b .config | head -c -1 > "$tmp/config"
say CC "$obj (W=${w:-(none)}, in $dir)"
start=$(date +%s)
"$MK/desc.sh" -u "$dir" ksrc="$KSRC" seed="$seed" w="$w" variant="$(b .variant)" config="$tmp/config" targets="$obj"
"$TOP/mk/step.sh" "$dir" "$TOP/mk/build.sh" "$dir"
say TIME "$(( $(date +%s) - start )) s"
# the object's whole output, the compiler's then make's other lines, stays
# in the directory: the warning is looked for in it, its lines printed
diag=$(dirname "$dir/$obj")/.$(basename "$obj").kwarn
{ if [ -e "$diag" ]; then sed "s|$KSRC/||g" "$diag"; fi
  # grep exits 1 when make printed only its own and Kbuild's lines
  { grep -v '^make\|^  [A-Z]' "$dir/make.log" || [ $? = 1 ]; } | sed "s|$KSRC/||g"
} > "$dir/output.txt"
# Kbuild builds one object in the deepest directory it descends to: one it
# reaches only through another target (arch/arm/boot/compressed/, through
# zImage) gets that directory's flags, not its own (its -I ./DIR says which)
cmdf=$(dirname "$dir/$obj")/.$(basename "$obj").cmd
if [ "${obj%.o}" != "$obj" ] && [ -f "$cmdf" ] && ! grep -q -- " -I \./$(dirname "$obj") " "$cmdf"; then
	warn "WARNING: Kbuild built $obj with the flags of $(grep -o -- ' -I \./[^ ]*' "$cmdf" | tail -n1 | cut -c7-)/, not of $(dirname "$obj")/: it does not build that directory alone; its warnings may differ from the full build's"
fi
# its records, made as the corpus's (mk/corpus.sh records: levels included)
"$TOP/mk/step.sh" "$dir" "$TOP/mk/corpus.sh" records "$dir" > "$dir/records.jsonl"
lines=$(wc -l < "$dir/output.txt")
if jq -e -s --argjson r "$rec" 'any(.[]; .tool == $r.tool and .path == $r.path and
	.line == $r.line and .col == $r.col and .flag == $r.flag and .message == $r.message)' \
	"$dir/records.jsonl" > /dev/null; then
	# the warning's own lines: the compiler's line, then the indented
	# source and caret lines under it and its notes
	echo "--- $obj printed it ---"
	awk -v loc="$(j '"\(.path):\(.line):\(.col // 0):"')" -v flag="$(j .flag)" '
		on && (/^[ \t]/ || / note: /) { print; next }
		{ on = 0 }
		index($0, loc) == 1 && index($0, flag) { print; on = 1 }' "$dir/output.txt"
	echo "---"
	say REPRO "yes: $key came back (the object's $lines lines of output: $dir/output.txt)"
	exit 0
fi
say REPRO "no: $key did not appear (W=${w:-(none)}, $tc; the object's $lines lines of output: $dir/output.txt)"
exit 1
