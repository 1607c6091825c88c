#!/bin/bash
# fragment.sh - a user's Kconfig fragments (FRAGMENT=) on top of the pin.
#
# Usage: fragment.sh id FIXED... -- USER...
#        fragment.sh lines USER...
#
# id: check that every line of the USER files is a Kconfig line
# (CONFIG_X=v, "# CONFIG_X is not set", a comment or blank) and that none
# contradicts a line of a FIXED file (mk/pin.config, tests/NAME.config, a
# tree's overlay of them: a later FIXED line replaces an earlier one) or
# of another USER file; print the fragment's id, the first 12 hex digits of
# the sha256 of its lines (below). One line naming both lines, exit 1,
# when not.
# lines: the USER files' Kconfig lines, "# CONFIG_X is not set" for =n,
# sorted and each once: what randconfig is given after the pin, and what
# the fragment's identity is made of (its content, not its path, comments
# or order).
STEP=FRAGMENT
. "$(dirname "$0")/lib.sh"

# every file's Kconfig lines as FILE:LINE<tab>SYMBOL<tab>VALUE<tab>TEXT<tab>
# NORMAL (VALUE and NORMAL say =n as "is not set"); a line that is none of these stops it
parse() {
	local f out
	for f; do
		[ -f "$f" ] && [ -r "$f" ] || fail_with 1 "$f: no such readable file"
		# a CRLF file (an editor's on Windows) is read as LF: its \r
		# would end up in values and hide "is not set" lines
		out=$(awk -v f="$f" '
			{ sub(/\r$/, "") }
			/^[ \t]*$/ { next }
			/^# CONFIG_[A-Za-z0-9_]+ is not set[ \t]*$/ {
				sub(/[ \t]+$/, ""); print f ":" FNR "\t" $2 "\tn\t" $0 "\t" $0; next }
			/^#/ { next }
			/^CONFIG_[A-Za-z0-9_]+=/ {
				sub(/[ \t]+$/, ""); i = index($0, "="); s = substr($0, 1, i - 1)
				v = substr($0, i + 1)
				norm = v == "n" ? "# " s " is not set" : $0
				print f ":" FNR "\t" s "\t" (v == "n" ? "n" : v) "\t" $0 "\t" norm; next }
			{ print f ":" FNR ": not a Kconfig line (CONFIG_X=value or # CONFIG_X is not set): " $0
			  bad = 1; exit 1 }' "$f") || fail_with 1 "$out"
		[ -z "$out" ] || printf '%s\n' "$out"
	done
}

# parse's lines as the fragment's lines: NORMAL, sorted, each once
normal() { cut -f5 | LC_ALL=C sort -u; }

case ${1-} in
id)
	shift
	fixed=() user=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do fixed+=("$1"); shift; done
	[ $# -gt 1 ] || fail_with 2 "usage: fragment.sh id FIXED... -- USER..."
	shift; user=("$@")
	# the first line to set each symbol wins; a later one with another
	# value contradicts it (randconfig would keep only one of them)
	# (a later FIXED file is a tree's overlay: its lines replace the others')
	fixedlines=$(parse "${fixed[@]}") || exit 1
	userlines=$(parse "${user[@]}") || exit 1
	clash=$({ printf '%s\n' "$fixedlines" | sed 's/^/F\t/'; printf '%s\n' "$userlines" | sed 's/^/U\t/'; } |
		awk -F '\t' '
		$1 == "F" { first[$3] = $2 ": " $5; val[$3] = $4; next }
		!($3 in first) { first[$3] = $2 ": " $5; val[$3] = $4; next }
		val[$3] != $4 { print $2 ": " $5 " contradicts " first[$3]; exit }')
	[ -z "$clash" ] || fail_with 1 "$clash"
	# a fragment of comments alone would name a run of its own for nothing
	[ -n "$userlines" ] || fail_with 1 "${user[*]}: no Kconfig line (CONFIG_X=value or # CONFIG_X is not set)"
	printf '%s\n' "$userlines" | normal | sha256sum | cut -c1-12 ;;
lines)
	shift
	[ $# -gt 0 ] || fail_with 2 "usage: fragment.sh lines USER..."
	parse "$@" | normal ;;
*)
	fail_with 2 "usage: fragment.sh id FIXED... -- USER... | lines USER..." ;;
esac
