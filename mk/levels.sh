#!/bin/bash
# levels.sh - the levels table: every rule that decides a finding's W level,
# derived from the tree and the compiler, each with its reason. kwarn-parse
# -l applies the whole table (level_decide()); nothing else decides a level.
#
# Usage: levels.sh FAMILY CC KMAKE...
#   FAMILY  gcc or clang
#   CC      the real compiler (no wrapper), e.g. arm-linux-gnueabi-gcc-12
#   KMAKE   the kernel make command for the build directory, without W=
#
# Prints "RULE<TAB>LEVEL<TAB>WHY" lines. LEVEL is the W level (0 = no W=, 1,
# 2, 3: the digit of W=123 that brings it); WHY says where it comes from.
# First the flag rules, sorted ("FLAG" or "tool:NAME"): the lowest level
# at which the flag is enabled. Sources:
#  - KBUILD_CFLAGS as the tree's own make leaves them at each level (its
#    scripts/Makefile.extrawarn, Makefile.warn from 6.19: never named here),
#    expanded by the compiler itself (gcc -Q --help=warnings, clang's
#    diagtool show-enabled), so implied flags (-Wextra -> -Woverride-init)
#    and flags switched off by default and back on (-Wmaybe-uninitialized)
#    come out right;
#  - DTC_FLAGS from scripts/Makefile.lib, or Makefile.dtbs where the tree
#    has one (6.12), (dtc checks, as -W<check>);
#  - cmd_checkdoc from scripts/Makefile.build (kernel-doc, as tool:kernel-doc);
#  - include/linux/compiler_types.h: when KBUILD_EXTRA_WARN2 drops
#    __maybe_unused from inline functions, clang's -Wunused-function on
#    static inlines appears only at W=2 (rule:unused-static-inline).
# Then the message rules ("msg:FLAG:REGEX", in the order they apply; see
# below).
STEP=levels
. "$(dirname "$0")/lib.sh"
[ $# -ge 3 ] || fail "usage: levels.sh FAMILY CC KMAKE..."
family=$1 cc=$2
case $family in
gcc|clang) ;;
*) fail "unknown compiler family '$family'" ;;
esac
shift 2
# (abs_srctree: with the build directory right inside the tree, srctree
# is "..", which is not the tree from here)
srctree=$("$@" -s --no-print-directory -f Makefile -f "$MK/print.mk" kwarn-print-abs_srctree)
# Kconfig prompts here when the host changed since the build (a package
# installed meanwhile gave it a new symbol): say so, not "no such directory"
[ -d "$srctree" ] || {
	printf '%s\n' "$srctree" | tail -n 5 >&2
	fail "the build directory's config changed since the build; make printed the lines above"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo 'int kwarn;' > "$tmp/t.c"
echo 'int kwarn_unused(int unused) { return 0; }' > "$tmp/unused-parameter.c"
level_words() { if [ "$1" = 0 ]; then echo "without W="; else echo "from W=$1"; fi; }

i=0
for w in "" 1 12 123; do
	at=$(level_words $i)
	flags=$("$@" -s --no-print-directory -f Makefile -f "$MK/print.mk" \
		${w:+W=$w} kwarn-print-KBUILD_CFLAGS | tr ' ' '\n' |
		grep -E '^-W' | grep -vE '^-W[pal],' | tr '\n' ' ')
	case $family in
	gcc)
		# shellcheck disable=SC2086
		"$cc" $flags -Q --help=warnings | awk -v lv=$i -v at="$at" '
			$1 ~ /^-W/ {
				v = $NF; f = $1
				sub(/<.*/, "", f)
				if (v == "[enabled]" || (v ~ /^[0-9]+$/ && v != "0"))
					print f "\t" lv "\ton in KBUILD_CFLAGS " at " (gcc -Q --help=warnings)"
			}'
		# -Q cannot tell -Wunused-parameter's state (-Wunused with -Wextra
		# turns it on): Debian's gcc 11 and 12 list it "[available in
		# Modula-2]". A compile of an unused parameter asks gcc itself.
		# shellcheck disable=SC2086
		if "$cc" $flags -fsyntax-only "$tmp/unused-parameter.c" 2>&1 | grep -qF '[-Wunused-parameter]'; then
			printf '%s\t%s\t%s\n' -Wunused-parameter $i "on in KBUILD_CFLAGS $at (gcc warns on an unused parameter)"
		fi ;;
	clang)
		# shellcheck disable=SC2086
		diagtool${cc#clang} show-enabled --no-levels $flags "$tmp/t.c" > "$tmp/ids.$i"
		sed -n "s/.*\[\(-W[^]]*\)\]\$/\1\t$i\ton in KBUILD_CFLAGS $at (diagtool show-enabled)/p" "$tmp/ids.$i" ;;
	esac

	# DTC_FLAGS: scripts/Makefile.lib's, or from 6.12 on Makefile.dtbs's
	# (its rules come after p, the goal)
	make -s --no-print-directory -C "$srctree" -f - KBUILD_EXTRA_WARN=$w \
		srctree=. > "$tmp/dtc.$i" <<-'MK'
		p: ; @echo '$(DTC_FLAGS)'
		include scripts/Kbuild.include
		include scripts/Makefile.lib
		-include scripts/Makefile.dtbs
		MK
	doc=$(make -s --no-print-directory -C "$srctree" -f - KBUILD_EXTRA_WARN=$w \
		srctree=. obj=scripts/basic src=scripts/basic <<-'MK'
		p: ; @echo '$(cmd_checkdoc)'
		include scripts/Makefile.build
		MK
	)
	[ -z "$doc" ] || printf 'tool:kernel-doc\t%s\tscripts/Makefile.build runs kernel-doc (cmd_checkdoc) %s\n' $i "$at"
	i=$((i + 1))
done > "$tmp/all"

dtc_file=scripts/Makefile.lib
[ ! -f "$srctree/scripts/Makefile.dtbs" ] || dtc_file=scripts/Makefile.dtbs
# A dtc check is on at a level when DTC_FLAGS last says -W<check> there, or
# says nothing of a check that is on by default (one some level turns off).
awk '{ for (i = 1; i <= NF; i++) {
		c = $i; on = c !~ /^-Wno-/; sub(/^-W(no-)?/, "", c)
		state[FILENAME, c] = on; if (!on) dflt[c] = 1; names[c] = 1 } }
     END { for (c in names) for (i = 0; i < 4; i++) {
		f = tmp "/dtc." i
		if (((f, c) in state) ? state[f, c] : (c in dflt)) {
			print "-W" c "\t" i "\tdtc check on in DTC_FLAGS " (i ? "from W=" i : "without W=") \
				" (" file ")"
			break } } }' \
	tmp="$tmp" file="$dtc_file" "$tmp"/dtc.[0-3] >> "$tmp/all"

# randconfig's warnings come before any W= applies
printf 'tool:kconfig\t0\trandconfig runs before any W= applies\n' >> "$tmp/all"
if grep -q '^#ifdef KBUILD_EXTRA_WARN2' "$srctree/include/linux/compiler_types.h" &&
   grep -q '^#define __inline_maybe_unused __maybe_unused' "$srctree/include/linux/compiler_types.h"; then
	printf 'rule:unused-static-inline\t2\t%s\n' >> "$tmp/all" \
		"W=2 drops __maybe_unused from inline functions (KBUILD_EXTRA_WARN2, include/linux/compiler_types.h): -Wunused-function on one only from W=2"
fi
LC_ALL=C sort -t '	' -k1,1 -k2,2n "$tmp/all" | awk -F '\t' '!seen[$1]++' > "$tmp/levels"
cat "$tmp/levels"
# Message rules ("msg:FLAG:REGEX", for findings of FLAG whose message
# matches ^(REGEX), POSIX extended; the first that matches applies): a
# finding a flag reports at a level other than the flag's own.
#
# gcc reports some -Wpacked findings under -Wattributes: they appear only
# where -Wpacked is on (stor-layout.c: "if (warn_packed) warning
# (OPT_Wattributes, ...)").
if [ "$family" = gcc ]; then
	packed=$(awk -F '\t' '$1 == "-Wpacked" { print $2 }' "$tmp/levels")
	why="gcc reports it under -Wattributes where -Wpacked is on (stor-layout.c): -Wpacked's level"
	[ -z "$packed" ] || printf 'msg:-Wattributes:packed attribute %s\t%s\t%s\n' \
		'causes inefficient alignment' "$packed" "$why" 'is unnecessary' "$packed" "$why"
fi
# A clang flag names a group of diagnostics that need not all be on at the
# same level: -Wpointer-arith's zero-size subtraction is on by default, its
# GNU void-pointer arithmetic only where W=3 gives -Wpointer-arith. Such a
# diagnostic gets a rule with its message, from clang's
# DiagnosticSemaKinds.td; one not in this table is named, and takes the
# flag's level.
if [ "$family" = clang ]; then
	sed 's/ /\t/' > "$tmp/texts" <<-'EOF'
	ext_gnu_void_ptr arithmetic on (a pointer|pointers) to void is a GNU extension
	ext_gnu_ptr_func_arith arithmetic on (a pointer|pointers) to (the )?function types?
	ext_gnu_subscript_void_type subscript of a pointer to void is a GNU extension
	ext_sizeof_alignof_void_type invalid application of '[^']*' to a void type
	ext_sizeof_alignof_function_type invalid application of '[^']*' to a function type
	warn_qual_return_type '[^']*' type qualifiers? on return type ha(s|ve) no effect
	EOF
	for i in 1 2 3; do
		LC_ALL=C sort "$tmp/ids.$((i - 1))" > "$tmp/before"
		LC_ALL=C sort "$tmp/ids.$i" | comm -13 "$tmp/before" - | while read -r id flag; do
			case $id in *_cxx*) continue ;; esac	# C++ only
			flag=${flag#[} flag=${flag%]}
			lv=$(awk -F '\t' -v f="$flag" '$1 == f { print $2 }' "$tmp/levels")
			[ "$lv" -lt "$i" ] || continue
			re=$(awk -F '\t' -v id="$id" '$1 == id { print $2 }' "$tmp/texts")
			if [ -n "$re" ]; then
				printf 'msg:%s:%s\t%s\tclang %s of %s is on only from W=%s, the rest of %s %s (diagtool show-enabled)\n' \
					"$flag" "$re" "$i" "$id" "$flag" "$i" "$flag" "$(level_words "$lv")"
			else
				warn "$flag: $id is on from W level $i only, the rest of $flag from $lv; its findings take $lv"
			fi
		done
	done
fi
