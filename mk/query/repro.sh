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
REPORT='' DOTCONFIG='' N=''
for a; do declare "$a"; done

# --- find the record -------------------------------------------------------
[ -n "$ID$LINE$REPORT$DOTCONFIG" ] || fail "say which warning: ID=KEY (or a unique prefix) or LINE='...', or a report's REPORT=FILE and DOTCONFIG=FILE"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
STATE=${STATE:-$O/repro}
found=$STATE/found
. "$MK/query/code-lib.sh"
# by_build: corpus files (one a line) as "p2 gcc-12-W123: seeds 1 4 (+3 more); ..."
by_build() {
	sed -n 's|.*/\([^/]*\)/seed-\([0-9]*\)/\(.*\)\.jsonl\.zst$|\1:\3 \2|p' | sort -k1,1 -k2,2n |
		awk '{ n[$1]++; if (n[$1] <= 8) s[$1] = s[$1] " " $2 } END { for (b in n) { l = b; sub(/:/, " ", l)
			print l ": seed" (n[b] > 1 ? "s" : "") s[b] (n[b] > 8 ? " (+" n[b] - 8 " more)" : "") } }' |
		sort | paste -sd';' | sed 's/;/; /g'
}
# who_compiled PATH: which of the corpus files' builds compiled PATH's
# object without printing the line, and which did not compile it (their
# build records' objects_built, in the campaign index)
who_compiled() {
	local path=$1 obj
	case $path in
	*.c) obj=${path%.c}.o ;;
	*) say NOTE "$path: a header; the corpus does not record which objects include it"; return ;;
	esac
	# the campaign index's objects of each build (make brought it up to date)
	"$KWARN_INDEX" compiled -o "$obj" ${SEED:+-S "$tmp/seed"} "$INDEX" "$TREE_DIR/*" "${TOOLCHAIN:-*}-W*.jsonl.zst" |
		sed "s|	|	$CORPUS/|" > "$tmp/who" || fail "$INDEX: cannot look $obj up (make index makes the index again)"
	say COMPILED "$obj, in the $(wc -l < "$tmp/who") corpus file(s) of the settings (SEED=, TOOLCHAIN=):"
	for c in built not unknown; do
		grep -q "^$c	" "$tmp/who" || continue
		printf '           %s: %s\n' "$(case $c in built) echo "compiled without printing it" ;; not) echo "not compiled" ;;
			*) echo "not known (corpus files made before build records listed objects)" ;; esac)" \
			"$(sed -n "s/^$c\t//p" "$tmp/who" | by_build)"
	done
}
if [ "$PHASE" = find ] && [ -n "$REPORT$DOTCONFIG" ]; then
	# a report's warnings with its config: their own corpus file
	rm -f "$found"
	STATE=$STATE "$MK/query/given.sh" "$@"
	exit
elif [ "$PHASE" = find ]; then
	rm -f "$found"
	[ -z "$SEED" ] || echo "$SEED" > "$tmp/seed"	# the index's seed selection
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
		# the pasted line, normalized like the corpus (tree-relative, ASCII
		# quotes; a robot's ">> " and another machine's tree path go); its
		# key as gcc's and as clang's line (digits folded)
		tree_line "$LINE" > "$tmp/pasted"
		"$KWARN_PARSE" -s "$KSRC" -t gcc "$tmp/pasted" > "$tmp/line" 2> "$tmp/err" || fail "LINE: $(cat "$tmp/err")"
		[ -s "$tmp/line" ] || fail "LINE is not a compiler diagnostic: $LINE"
		"$KWARN_PARSE" -s "$KSRC" -t clang "$tmp/pasted" | jq -r .key > "$tmp/clang-key"
		query='select(.type == "diag" and .path == $l.path and .flag == $l.flag and
			(.message == $l.message or .key == $l.key or .key == $ck))'
	fi
	for f in "${read_files[@]}"; do
		zstd -dcq "$f" | jq -c --arg id "$ID" --slurpfile L <(cat "$tmp/line" 2>/dev/null) --arg ck "$(cat "$tmp/clang-key" 2> /dev/null)" \
			'($L[0] // {}) as $l | '"$query" | sed "s|^|$f\t|"
	done > "$tmp/found"
	# a line: the site at its line, else the nearest (the tree moved it)
	if [ -n "$LINE" ] && [ -s "$tmp/found" ] && [ "$(jq .line "$tmp/line")" != 0 ]; then
		want=$(jq .line "$tmp/line")
		near=$(cut -f2- "$tmp/found" | jq --argjson w "$want" '[((.line - $w) | if . < 0 then -. else . end), .line] | @tsv' -r |
			sort -n -k1,1 -k2,2 | head -n1 | cut -f2)
		grep -F "\"line\":$near," "$tmp/found" > "$tmp/near" && mv "$tmp/near" "$tmp/found"
		[ "$near" = "$want" ] || say NOTE "nothing prints it at line $want; the nearest site that does: line $near ($((near - want)) lines away: the tree moved it)"
	fi
	keys=$(cut -f2- "$tmp/found" | jq -r .key | sort -u)
	case $(grep -c . <<< "$keys") in
	0)	[ -z "$LINE" ] || who_compiled "$(jq -r .path "$tmp/line")"
		fail "no warning ${ID:+with key $ID}${LINE:+matching that line} in ${#files[@]} corpus file(s)" ;;
	1) ;;
	# a short prefix matches hundreds of keys: a few of them, and how many
	*) fail "${ID:+ID $ID}${LINE:+LINE} is ambiguous: $(grep -c . <<< "$keys") keys match ($(head -n5 <<< "$keys" | tr '\n' ' ')...); give more of the key" ;;
	esac
	# which builds print it: the question "which config is it in?"
	say PRINTED "by $(wc -l < "$tmp/found") corpus file(s): $(cut -f1 "$tmp/found" | by_build)"
	cp "$tmp/found" "$found.tmp" && mv "$found.tmp" "$found" || fail "cannot write $found"
	exit 0
fi
[ -s "$found" ] || fail "$found: no warning looked up (make repro runs PHASE=find first)"
cp "$found" "$tmp/found"
corpus=$(head -n1 "$tmp/found" | cut -f1)
# its build record (a process substitution: zstd may die of SIGPIPE when
# head is done; the corpus passed corpus-check.sh in the find phase)
head -n1 < <(zstd -dcq "$corpus") > "$tmp/build"
b() { jq -r "$1" "$tmp/build"; }
given=$(b '.given != null')
if [ "$given" = true ]; then
	# a report's warnings: each asked, in one build of their objects
	cut -f2- "$tmp/found" > "$tmp/recs"
else
	# several corpora may hold it (toolchains, W levels): take the first
	n=$(wc -l < "$tmp/found")
	[ "$n" = 1 ] || say NOTE "found in $n corpora; using ${corpus#$CORPUS/} (narrow with SEED= TOOLCHAIN=)"
	head -n1 "$tmp/found" | cut -f2- > "$tmp/recs"
fi
rec=$(head -n1 "$tmp/recs")
j() { jq -r "$1" <<< "$rec"; }
key=$(j .key) tc=$(b .toolchain) seed=$(b .seed)
w=${W-$(rebuild_w "$rec" "$(b .w)")}
if [ "$given" = true ]; then
	say BUILD "$tc W=${w:-(none)}, the config of DOTCONFIG ($(b .config_sha256 | cut -c1-12)), $(b .tree)"
else
	say WARNING "$key $(j .text)"
	say BUILD "seed $seed $tc W=${w:-(none)} ($(b .tree), config $(b .config_sha256 | cut -c1-12))"
	b 'select((.fragment_lines // []) != []) | "  with FRAGMENT= lines: " + (.fragment_lines | join(", "))' >&2
fi

# --- the object that printed each ----------------------------------------------
# a linker's or modpost's record: the link it made fail (vmlinux), not an
# object (its "objects" name the ones the linker named)
object_of() {
	local r=$1 o
	case $(jq -r .tool <<< "$r") in
	ld|ld.lld|modpost) echo vmlinux; return ;;
	esac
	o=$(jq -r '.objects[0] // empty' <<< "$r")
	if [ -z "$o" ]; then
		case $(jq -r '"\(.tool):\(.path)"' <<< "$r") in
		kernel-doc:*.c|gcc:*.c|clang:*.c) o=$(jq -r .path <<< "$r" | sed 's/\.c$/.o/') ;;
		esac
	fi
	echo "$o"
}
obj=$(object_of "$rec")
[ -n "$obj" ] || [ "$given" = true ] || fail "$key: $(j .tool) output has no object to rebuild"
[ "$given" = true ] || [ "$(j .nobjects)" -le 1 ] || say NOTE "$(j .nobjects) objects printed it; rebuilding $obj"

# --- the toolchain: the scratch build's descriptor --------------------------
# mk/build.sh from the corpus's .config, with the objects as its targets
if [ "$given" = true ]; then
	dir=$O/repro/$TREE_DIR/given-$(b .config_sha256 | cut -c1-12)-$(build_name "$tc" "${w:-0}")
else
	dir=$O/repro/$TREE_DIR/$key-$(build_name "$tc" "${w:-0}")
fi
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot create $dir"
scratch_desc "$dir" "$tc"
read_desc "$dir"
have=$("$cc" --version | head -n1)
if [ -n "$(b '.compiler // empty')" ] && [ "$have" != "$(b .compiler)" ]; then
	warn "WARNING: compiler differs from the report's:"
	warn "  report: $(b .compiler)"
	warn "  here:   $have"
fi
[ "$given" = true ] || [ "$(b .series_sha256)" = "$(series_sha "$SERIES")" ] ||
	warn "WARNING: series/ differs from the report's"

# --- a script for a fresh machine ------------------------------------------
if [ -n "$SCRIPT" ]; then
	[ -n "$obj" ] || fail "$(j .path): a header's warning, and the report names no .c file that included it: no object to rebuild"
	REC=$rec BUILD_RECORD=$tmp/build OBJ=$obj W=$w DESC=$dir KSRC=$KSRC SERIES=$SERIES SRC_PKG=$SRC_PKG \
		SCRIPT=$SCRIPT "$TOP/mk/query/repro-script.sh" > "$SCRIPT.tmp" && chmod +x "$SCRIPT.tmp" && mv "$SCRIPT.tmp" "$SCRIPT" ||
		fail "cannot write $SCRIPT"
	say SCRIPT "$SCRIPT"
	exit 0
fi

b .config | head -c -1 > "$tmp/config"
# --- a report's config: as Kconfig leaves it, and is each object built? -----
# (Kbuild compiles a named object whatever its Makefile's lists say: kwarn
# asks them, mk/query/code-lib.sh)
declare -A answer=()
objs=()
if [ "$given" = true ]; then
	kbuild_cmd "$KSRC" "$dir.kconfig" "$KWARN_CC"
	mkdir -p "$dir.kconfig" && cp "$tmp/config" "$dir.kconfig/.config"
	"${kbuild[@]}" olddefconfig > "$dir.kconfig/olddefconfig.log" 2>&1 || {
		cat "$dir.kconfig/olddefconfig.log" >&2; fail "DOTCONFIG: make olddefconfig failed"; }
	resolved=$dir.kconfig/.config
	# the report's lines Kconfig changed: a symbol it set another way,
	# or that this tree and toolchain do not have
	join -a1 -e '(none)' -o 0,1.2,2.2 <(vals "$tmp/config") <(vals "$resolved") |
		awk '$2 != $3 && !($2 == "n" && $3 == "(none)") && $1 != "CONFIG_CC_VERSION_TEXT" { print $1 " " $2 " -> " $3 }' > "$dir/config-changes.txt"
	# those that say what the compiler is (the report's, and this one) last
	tcsyms='^CONFIG_(CC|AS|LD|GCC|CLANG|LLD|RUSTC|PAHOLE|TOOLS)_'
	{ grep -v -E "$tcsyms" "$dir/config-changes.txt" || true; } > "$tmp/changes"
	ntc=$(grep -c -E "$tcsyms" "$dir/config-changes.txt" || true)
	say KCONFIG "make olddefconfig changed $(wc -l < "$dir/config-changes.txt") of its lines$([ "$ntc" = 0 ] ||
		echo " ($ntc of them what the compiler is: CONFIG_CC_, AS_, LD_ ...)")$([ ! -s "$tmp/changes" ] ||
		echo ": $(head -n4 "$tmp/changes" | paste -sd, | sed 's/,/, /g')$([ "$(wc -l < "$tmp/changes")" -le 4 ] || echo " ...")")$([ ! -s "$dir/config-changes.txt" ] || echo " (all: $dir/config-changes.txt)")"
	while IFS= read -r r; do
		o=$(object_of "$r")
		n=$(jq -r .n <<< "$r")
		if [ -z "$o" ]; then
			answer[$n]="no object: a header's warning, and the report names no .c file that included it"
			continue
		fi
		kbuild_steps "$o" "$resolved"
		built "$resolved" > "$tmp/built"
		if [ "$(cat "$tmp/built")" = no ]; then
			st=${not_built%%:*} name=${not_built#*:}
			answer[$n]="not compiled in this config: $(mk_lines "$st" "${name#"$st"/}" | head -n1)$(sym_values "$resolved" $(mk_lines "$st" "${name#"$st"/}" | grep -o 'CONFIG_[A-Za-z0-9_]*' | sort -u) | sed 's/^/; /' | tr -d '\n')"
			continue
		fi
		printf '%s\n' "${objs[@]}" | grep -qxF "$o" || objs+=("$o")
	done < "$tmp/recs"
else
	objs=("$obj")
fi

# --- rebuild them: the one build and parse of make corpus ---------------------
# the object may fail to build (its warning an error): build.sh records
# make's status, and goes on
: > "$dir/records.jsonl"
: > "$dir/output.txt"
if [ ${#objs[@]} -gt 0 ]; then
	say CC "${objs[*]} (W=${w:-(none)}, in $dir)"
	start=$(date +%s)
	"$MK/desc.sh" -u "$dir" ksrc="$KSRC" seed="$seed" w="$w" variant="$(b .variant)" config="$tmp/config" targets="${objs[*]}"
	"$TOP/mk/step.sh" "$dir" "$TOP/mk/build.sh" "$dir"
	say TIME "$(( $(date +%s) - start )) s"
	# each object's whole output, the compiler's then make's other lines,
	# stays in the directory: the warnings are looked for in it
	{ for o in "${objs[@]}"; do
		diag=$(dirname "$dir/$o")/.$(basename "$o").kwarn
		if [ -e "$diag" ]; then sed "s|$KSRC/||g" "$diag"; fi
	  done
	  # grep exits 1 when make printed only its own and Kbuild's lines
	  { grep -v '^make\|^  [A-Z]' "$dir/make.log" || [ $? = 1 ]; } | sed "s|$KSRC/||g"
	} > "$dir/output.txt"
	# Kbuild builds one object in the deepest directory it descends to: one it
	# reaches only through another target (arch/arm/boot/compressed/, through
	# zImage) gets that directory's flags, not its own (its -I ./DIR says which)
	for o in "${objs[@]}"; do
		cmdf=$(dirname "$dir/$o")/.$(basename "$o").cmd
		if [ "${o%.o}" != "$o" ] && [ -f "$cmdf" ] && ! grep -q -- " -I \./$(dirname "$o") " "$cmdf"; then
			warn "WARNING: Kbuild built $o with the flags of $(grep -o -- ' -I \./[^ ]*' "$cmdf" | tail -n1 | cut -c7-)/, not of $(dirname "$o")/: it does not build that directory alone; its warnings may differ from the full build's"
		fi
	done
	# their records, made as the corpus's (mk/corpus.sh records: levels included)
	"$TOP/mk/step.sh" "$dir" "$TOP/mk/corpus.sh" records "$dir" > "$dir/records.jsonl"
fi
lines=$(wc -l < "$dir/output.txt")

# --- each warning: came back? ------------------------------------------------
# the same site; else, for a report (another tree), the same key elsewhere
# in the file: the tree moved it
# conditions: a report's warning that did not come back, the code's
# conditions on it (once per site) under the config
declare -A shown=()
conditions() {
	[ "$given" = true ] && [ -z "${shown[$(j '"\(.path):\(.line)"')]:-}" ] || return 0
	shown[$(j '"\(.path):\(.line)"')]=1
	code_conditions "$rec" "$resolved" "$(object_of "$rec")"
}
status=0 nyes=0 nno=0 nnot=0
while IFS= read -r r; do
	rec=$r key=$(j .key) n=$(j '.n // empty')
	[ "$given" != true ] || say WARNING "${n:+$n: }$(j .text)"
	if [ -n "${answer[${n:-x}]:-}" ]; then
		say REPRO "${answer[$n]}"
		conditions
		status=1 nnot=$((nnot + 1))
		continue
	fi
	got=$(jq -c --argjson r "$rec" 'select(.tool == $r.tool and .path == $r.path and .line == $r.line and
		.col == $r.col and .flag == $r.flag and .message == $r.message)' "$dir/records.jsonl" | head -n1)
	[ -n "$got" ] || [ "$given" != true ] || got=$(jq -c --argjson r "$rec" 'select(.key == $r.key)' "$dir/records.jsonl" | head -n1)
	if [ -n "$got" ]; then
		# the warning's own lines: the compiler's line, then the indented
		# source and caret lines under it and its notes
		echo "--- $(object_of "$rec") printed it ---"
		awk -v loc="$(jq -r '"\(.path):\(.line):\(.col // 0):"' <<< "$got")" -v flag="$(j .flag)" '
			on && (/^[ \t]/ || / note: /) { print; next }
			{ on = 0 }
			index($0, loc) == 1 && index($0, flag) { print; on = 1 }' "$dir/output.txt"
		echo "---"
		moved=$(jq -r --argjson r "$rec" 'select(.line != $r.line) | " at line \(.line) (reported at \($r.line): the trees differ)"' <<< "$got")
		say REPRO "yes: $key came back$moved (the object's $lines lines of output: $dir/output.txt)"
		nyes=$((nyes + 1))
	else
		# a flag this toolchain turns on at another level than W (the
		# build's levels table)
		level=$(awk -F '\t' -v f="$(j .flag)" '$1 == f { print $2; exit }' "$dir/levels.tsv" 2> /dev/null || true)
		hint=
		[ -z "$level" ] || [ "$level" = 0 ] || [[ ${w:-0} == *$level* ]] || hint="; $(j .flag) is a W=$level flag for $tc: try W=$level"
		say REPRO "no: $key did not appear (W=${w:-(none)}, $tc$hint; the object's $lines lines of output: $dir/output.txt)"
		conditions
		status=1 nno=$((nno + 1))
	fi
done < "$tmp/recs"
[ "$given" != true ] || say SUMMARY "of $((nyes + nno + nnot)): $nyes came back, $nno did not, $nnot not compiled in this config ($tc W=${w:-(none)})"
exit $status
