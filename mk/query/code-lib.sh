# shellcheck shell=bash
# code-lib.sh - the conditions the kernel's own code puts on a warning:
# the Kbuild lines on its object's way up (obj-$(CONFIG_X) += x.o, the
# directory in its parent's lists), the #if chain around its line, and for
# a missing prototype, where the prototype is and under which #if.
# Sourced by mk/query/repro.sh and mk/query/why.sh (after lib.sh, with
# KSRC, TOP and tmp set).

# objs_of CONFIG DIR: what DIR builds under CONFIG, as Kbuild's own
# Makefiles say (mk/query/why-objs.mk: obj-$(CONFIG_X), composite objects)
objs_of() {
	mkdir -p "$tmp/objs/include/config"
	grep '^CONFIG_' "$1" > "$tmp/objs/include/config/auto.conf" || true
	(cd "$tmp/objs" && make -s -f "$KSRC/scripts/Makefile.build" -f "$TOP/mk/query/why-objs.mk" \
		obj="$2" srctree="$KSRC" objtree=. ARCH=arm SRCARCH=arm kwarn-objs 2> /dev/null) || true
}

# mk_lines DIR NAME: the lines of DIR's Kbuild and Makefile that name NAME
# (x.o, or sub/ for a directory), a line continued with \ as one:
# "DIR/Makefile:LINE: text". A composite object's part (x-y += part.o)
# brings the line that names x.o too.
mk_lines() {
	local f
	for f in "$KSRC/$1/Kbuild" "$KSRC/$1/Makefile"; do
		[ -f "$f" ] || continue
		awk -v name="$2" -v file="${f#"$KSRC"/}" '
			function named(text, n, i, w) {
				n = split(text, w, /[ \t=+:\\]+/)
				for (i = 1; i <= n; i++) if (w[i] == name) return 1
				return 0
			}
			start == 0 { start = NR; text = "" }
			{ line = $0; cont = sub(/\\[ \t]*$/, "", line); text = text " " line }
			cont { next }
			{ gsub(/[ \t]+/, " ", text); sub(/^ /, "", text) }
			# the conditionals around a line: ifeq/ifneq/ifdef/ifndef, else
			text ~ /^(ifeq|ifneq|ifdef|ifndef)[ (]/ { cond[++sp] = text; start = 0; next }
			text ~ /^else/ && sp > 0 { cond[sp] = cond[sp] " ... else"; start = 0; next }
			text ~ /^endif/ { if (sp > 0) sp--; start = 0; next }
			{
			  # a Kbuild list (x-y, x-m, x-objs, x-$(CONFIG_X)) that names it; a
			  # long one: its left side and the name
			  if (text ~ /^[A-Za-z0-9_]+-(y|m|objs|\$\(CONFIG_[A-Za-z0-9_]+\)) *[:+]?=/ && named(text)) {
				if (length(text) > 90) { lhs = text; sub(/=.*/, "=", lhs); text = lhs " ... " name " ..." }
				under = ""
				for (i = 1; i <= sp; i++) under = under (under == "" ? "" : ", ") cond[i]
				print file ":" start ": " text (under == "" ? "" : " (under " under ")")
			  }
			  start = 0 }' "$f"
	done > "$tmp/mk_lines"
	cat "$tmp/mk_lines"
	# x-y, x-objs, x-$(CONFIG_...): x.o's own line
	local x parts
	parts=$(sed -n 's/^[^:]*:[0-9]*: \([A-Za-z0-9_]*\)-\(y\|objs\|\$(CONFIG_[A-Za-z0-9_]*)\) .*/\1/p' "$tmp/mk_lines" |
		{ grep -v -x -e obj -e lib -e extra -e subdir -e always -e targets -e ccflags -e asflags -e CFLAGS || true; } | sort -u)
	for x in $parts; do [ "$x.o" = "$2" ] || mk_lines "$1" "$x.o"; done
}

# kbuild_steps OBJ CONFIG: steps=(DIR:NAME ...), each step from the object
# up to its top directory that Kbuild's lists decide (the object in its
# directory's lists, the directory in its parent's): those CONFIG builds,
# and those the Makefiles name under some condition (a directory an arch
# Makefile adds, as arch/arm/mach-*/, is in no parent's lists)
kbuild_steps() {
	local s=$1 d
	steps=()
	while [ "$(dirname "$s")" != . ] && [ "$(dirname "$s")" != arch ]; do
		d=$(dirname "${s%/}")
		if objs_of "$2" "$d" | tr ' ' '\n' | grep -qxF "$s" ||
			[ -n "$(mk_lines "$d" "${s#"$d"/}")" ]; then
			steps+=("$d:$s")
		fi
		s=$d/
	done
}
# built CONFIG: yes, no, or ? (no step to ask); not_built names the first
# step that does not hold
built() {
	local st
	not_built=
	[ ${#steps[@]} -gt 0 ] || { echo '?'; return; }
	for st in "${steps[@]}"; do
		objs_of "$1" "${st%%:*}" | tr ' ' '\n' | grep -qxF "${st#*:}" || { not_built=$st; echo no; return; }
	done
	echo yes
}

# if_chain FILE LINE: the #if, #ifdef and #ifndef open at LINE, outermost
# first, "N: directive", with " (its #else, N)" or "#elif" when LINE is in
# that branch; a header's include guard (#ifndef X then #define X) is left out
if_chain() {
	[ -f "$KSRC/$1" ] || return 0
	awk -v L="$2" '
		function clean(s) { sub(/[ \t]*\/\*.*$/, "", s); sub(/[ \t]*\/\/.*$/, "", s); sub(/^[ \t]*/, "", s); return s }
		NR >= L { exit }
		/^[ \t]*#[ \t]*if(n?def)?[ \t(!]/ {
			at[++sp] = NR; dir[sp] = clean($0); br[sp] = ""; guard[sp] = 0
			g = dir[sp]; gname[sp] = sub(/^#[ \t]*ifndef[ \t]+/, "", g) ? g : ""
			next }
		/^[ \t]*#[ \t]*define[ \t]/ && sp > 0 && at[sp] == NR - 1 && gname[sp] != "" {
			n = clean($0); sub(/^#[ \t]*define[ \t]+/, "", n); sub(/[ \t(].*$/, "", n)
			if (n == gname[sp]) guard[sp] = 1 }
		/^[ \t]*#[ \t]*(else|elif)/ { b = clean($0)
			br[sp] = (b ~ /^#[ \t]*else/ ? "its #else" : "its " b) ", " NR; next }
		/^[ \t]*#[ \t]*endif/ { if (sp > 0) sp--; next }
		END { for (i = 1; i <= sp; i++) if (!guard[i]) print at[i] ": " dir[i] (br[i] != "" ? " (" br[i] ")" : "") }' "$KSRC/$1"
}

# vals FILE: "SYMBOL VALUE" sorted, "n" for "is not set"
vals() {
	sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=\(.*\)/\1 \2/p; s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set/\1 n/p' "$1" | sort
}

# sym_values CONFIG SYMBOL...: "CONFIG_X=y", "CONFIG_X is not set"
sym_values() {
	local c=$1 s v
	shift
	for s in $(printf '%s\n' "$@" | sort -u); do
		v=$(sed -n "s/^$s=\(.*\)/\1/p" "$c")
		if [ -n "$v" ]; then echo "$s=$v"; else echo "$s is not set"; fi
	done
}

# code_conditions REC CONFIG OBJ: print the code's conditions on the
# warning REC (a record, JSON) under CONFIG, its object OBJ (empty: none),
# each symbol with its value; their symbols go to $tmp/code-symbols
code_conditions() {
	local rec=$1 config=$2 obj=$3 path line fn st d name decl
	path=$(jq -r .path <<< "$rec") line=$(jq -r .line <<< "$rec")
	# a report from another tree: the line that names the message's
	# identifier ('x'), the nearest to the reported one, is the site here
	local id here
	id=$(jq -r '.message | capture("^[^'"'"']*'"'"'(?<i>[A-Za-z_][A-Za-z0-9_]*)'"'"'").i // empty' <<< "$rec")
	if [ -n "$id" ] && [ -f "$KSRC/$path" ] && ! sed -n "${line}p" "$KSRC/$path" | grep -qw -- "$id"; then
		here=$({ grep -nw -- "$id" "$KSRC/$path" || true; } | cut -d: -f1 |
			awk -v l="$line" '{ d = $1 - l; if (d < 0) d = -d } NR == 1 || d < best { best = d; at = $1 } END { print at }')
		if [ -n "$here" ]; then
			say SITE "$path:$line does not name $id in this tree; line $here, the nearest that does, is taken"
			line=$here
		fi
	fi
	: > "$tmp/code-lines"
	if [ -n "$obj" ] && [ "$obj" != vmlinux ]; then
		kbuild_steps "$obj" "$config"
		for st in "${steps[@]}"; do
			d=${st%%:*} name=${st#*:}
			mk_lines "$d" "${name#"$d"/}" | sed 's/^/KBUILD /'
		done >> "$tmp/code-lines"
	fi
	if_chain "$path" "$line" | sed "s|^|CODE $path:|" > "$tmp/code-if"
	[ -s "$tmp/code-if" ] || echo "CODE $path:$line: under no #if" > "$tmp/code-if"
	cat "$tmp/code-if" >> "$tmp/code-lines"
	# a missing prototype's declaration: in a header, under its own #if
	fn=$(jq -r '.message | capture("no previous prototype for (function )?.(?<f>[A-Za-z_][A-Za-z0-9_]*).").f // empty' <<< "$rec")
	if [ -n "$fn" ]; then
		decl=$(cd "$KSRC" && grep -rn --include='*.h' -E "^[^#/*]*[^A-Za-z0-9_]${fn}[ \t]*\(" include "$(dirname "$path")" \
			"arch/arm/include" 2> /dev/null | grep -v "{" | head -n1 || true)
		if [ -n "$decl" ]; then
			echo "PROTO ${decl%%:*}:$(cut -d: -f2 <<< "$decl"): $(cut -d: -f3- <<< "$decl" | sed 's/^[ \t]*//')"
			if_chain "${decl%%:*}" "$(cut -d: -f2 <<< "$decl")" | sed "s|^|PROTO ${decl%%:*}:|"
		else
			echo "PROTO no declaration of $fn in include/, arch/arm/include/ or $(dirname "$path")/"
		fi >> "$tmp/code-lines"
	fi
	grep -o 'CONFIG_[A-Za-z0-9_]*' "$tmp/code-lines" | sort -u > "$tmp/code-symbols" || true
	awk '{ t = $1; sub(/^[A-Z]+ /, ""); printf "  %-8s %s\n", (t == last ? "" : t), $0; last = t }' "$tmp/code-lines"
	[ ! -s "$tmp/code-symbols" ] ||
		say VALUES "$(sym_values "$config" $(cat "$tmp/code-symbols") | paste -sd, | sed 's/,/, /g')"
}

# tree_line LINE: a compiler's line with its path as the tree names it: an
# absolute path of another machine's tree loses its leading directories
# (the longest tail the tree has), the robot's ">> " marker goes
tree_line() {
	local l=$1 p t
	l=$(sed 's/^[[:space:]]*>>[[:space:]]*//' <<< "$l")
	p=${l%%:*}
	case $p in /*) ;; *) printf '%s\n' "$l"; return ;; esac
	t=${p#/}
	while [ "$t" != "${t#*/}" ]; do
		[ ! -e "$KSRC/$t" ] || { printf '%s\n' "$t:${l#*:}"; return; }
		t=${t#*/}
	done
	printf '%s\n' "$l"
}
