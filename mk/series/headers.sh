# headers.sh - sourced by mk/series/series-check.sh (after mk/lib.sh): the objects
# a patch affects.
#
#   affected PATCHFILE NAME   reads $tmp/claims, $tmp/built, $deps, $tree;
#                      writes $tmp/objs.all ("RANK OBJECT": 0 a claimed
#                      warning's, 1 a changed source's (its own object or
#                      those that #include it), 2 a header's
#                      includer), $tmp/objs (those to build: every one of
#                      rank 0 and 1, includers spread evenly up to MAXOBJS)
#                      and $tmp/objs.claimed; prints the PATCH and NOTE lines
#   names PATCHFILE HEADER    the names the header's changed lines declare,
#                      "#include X" for an include it adds, or "*" when a
#                      change is more than that (a conditional it adds around
#                      new lines only is fine)
#
# A changed header takes its includers (from $deps) that use a name it
# declares or removes; a change that is more than declarations (or an
# include some includer does not have yet) takes every includer.
touched() { # PATCHFILE: the files it changes, tree-relative
	sed -n -e 's|^+++ b/||p' -e 's|^--- a/||p' "$1" | sed 's/[[:space:]].*//' | sort -u
}
names() {
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
dependents() { # FILE -> the objects whose dependencies list it ($deps)
	awk -F '\t' -v f="$1" '$1 == f { print $2 }' "$deps" | sort -u
}
includers() { # PATCHFILE HEADER -> "2 OBJECT" lines, a note on fd 3
	local p=$1 f=$2 h src o
	dependents "$f" > "$tmp/incl"
	names "$p" "$f" > "$tmp/names.all"
	# an include every includer already has changes nothing
	sed -n 's/^#include //p' "$tmp/names.all" | while read -r h; do
		[ ! -s "$tmp/incl" ] || awk -F '\t' -v h="$h" 'NR == FNR { want[$1]; n++; next }
			($2 in want) && (substr($1, length($1) - length(h)) == "/" h) && !seen[$2]++ { k++ }
			END { exit !(k == n) }' "$tmp/incl" "$deps" || echo "*"
	done > "$tmp/names"
	sed '/^#include /d' "$tmp/names.all" >> "$tmp/names"
	if grep -qx '\*' "$tmp/names" || [ ! -s "$tmp/names" ]; then
		sed 's/^/2 /' "$tmp/incl"
		[ ! -s "$tmp/incl" ] || echo "$f: $(wc -l < "$tmp/incl") includers (more than declarations changed)" >&3
		return
	fi
	# the first line of an object's dependencies is its source
	awk -F '\t' 'NR == FNR { want[$1]; next } ($2 in want) && !seen[$2]++ { print $1 "\t" $2 }' \
		"$tmp/incl" "$deps" | while IFS=$'\t' read -r src o; do
		if grep -qwF -f "$tmp/names" "$tree/$src" 2> /dev/null; then echo "2 $o"; fi
	done
	echo "$f: $(wc -l < "$tmp/incl") includers, those using $(tr '\n' ' ' < "$tmp/names")" >&3
}
compiled_in() { # SOURCE -> the objects the seed compiles it in: its own, or
	# those that #include it (kernel/sched/rt.c is build_policy.o's)
	if grep -qxF "${1%.*}.o" "$tmp/built"; then
		echo "${1%.*}.o"
	elif [ -s "$deps" ]; then
		dependents "$1"
	fi
}
objects() { # PATCHFILE -> "RANK OBJECT" lines on stdout, notes on fd 3
	local p=$1 f o
	{ jq -r '.objects[]' "$tmp/claims"
	  jq -r 'select(.objects == []) | .path | select(endswith(".c"))' "$tmp/claims" | while read -r f; do
		o=$(compiled_in "$f")
		echo "${o:-${f%.c}.o}"
	  done; } | sed 's/^/0 /'
	touched "$p" | while read -r f; do
		case $f in
		*.c|*.S)
			o=$(compiled_in "$f")
			if [ -n "$o" ]; then
				sed 's/^/1 /' <<< "$o"
			else
				echo "$f: not built in seed $SEED, skipped" >&3
			fi ;;
		*.h)
			if [ -s "$deps" ]; then includers "$p" "$f"; fi ;;
		esac
	done
}
affected() {
	local n l
	# every object of rank 0 and 1; includers spread evenly over the rest
	objects "$1" 3> "$tmp/notes" | sort -k2,2 -k1,1n | sort -s -u -k2,2 | sort -k1,1n -k2,2 > "$tmp/objs.all"
	awk -v max="$MAXOBJS" '{ r[NR] = $1; o[NR] = $2 }
		END { for (i = 1; i <= NR; i++) if (r[i] < 2) { print o[i]; k++ }
			m = NR - k; room = max - k
			for (i = k + 1; i <= NR && room > 0; i++)
				if (m <= room || int((i - k - 1) * room / m) != int((i - k) * room / m)) print o[i] }' \
		"$tmp/objs.all" > "$tmp/objs"
	n=$(wc -l < "$tmp/objs.all")
	say PATCH "$2: claims $(wc -l < "$tmp/claims") warnings; objects: $n"
	while read -r l; do say NOTE "$l"; done < "$tmp/notes"
	[ "$n" -le "$(wc -l < "$tmp/objs")" ] || say NOTE "rebuilding $(wc -l < "$tmp/objs") of $n objects: the claimed and changed ones, and includers spread over the tree (SERIES_MAX_OBJS=$MAXOBJS)"
	if [ "$V" = 1 ]; then sed 's/^/             /' "$tmp/objs"; fi
	# (make with no target would build the whole kernel)
	[ -s "$tmp/objs" ] || fail "$2: nothing to build: the corpus has none of its warnings and it changes no file seed $SEED builds"
	awk '$1 == 0 { print $2 }' "$tmp/objs.all" > "$tmp/objs.claimed"
}
