#!/bin/bash
# tc-min.sh - refuse a toolchain older than the tree supports, before any
# build: the tree's own scripts/min-tool-version.sh says what it needs (GCC
# and binutils, or LLVM for Clang); Kbuild would stop only in the middle
# of a config or build, with a message about the compiler alone.
#
# Usage: TC_FAMILY=FAMILY TC_CC=CC tc-min.sh TREE TOOLCHAIN
# FAMILY gcc: CC's version against "gcc", the binutils beside it (CC with
# gcc-N or gcc replaced by ld: CROSS_COMPILE's) against "binutils"; clang: CC's against "llvm".
# Exit 1 naming the toolchain, the tool, both versions and the rule.
STEP=toolchain
. "$(dirname "$0")/lib.sh"
[ $# = 2 ] || fail "usage: TC_FAMILY=FAMILY TC_CC=CC tc-min.sh TREE TOOLCHAIN"
need_vars TC_FAMILY TC_CC
tree=$1 tc=$2 family=$TC_FAMILY cc=$TC_CC
rule=$tree/scripts/min-tool-version.sh
[ -r "$rule" ] || fail_with 3 "$rule: cannot read"
# the first x.y[.z] of a --version line
version() { "$@" 2> /dev/null | head -n1 | grep -o '[0-9][0-9]*\.[0-9][0-9]*\(\.[0-9][0-9]*\)\{0,1\}' | tail -n1; }
check() {	# check TOOL HAVE
	local min
	min=$(ARCH=arm SRCARCH=arm sh "$rule" "$1") || fail_with 3 "$rule $1: no answer"
	[ -n "$2" ] || fail_with 1 "TOOLCHAIN=$tc: cannot tell its $1 version"
	[ "$(printf '%s\n%s\n' "$min" "$2" | sort -V | head -n1)" = "$min" ] ||
		fail_with 1 "TOOLCHAIN=$tc: $1 $2 is older than $(basename "$tree")'s minimum $min (scripts/min-tool-version.sh $1)"
}
case $family in
gcc)
	check gcc "$("$cc" -dumpfullversion 2> /dev/null || "$cc" -dumpversion 2> /dev/null)"
	check binutils "$(version "${cc%gcc*}ld" --version)" ;;
clang)
	check llvm "$(version "$cc" --version)" ;;
*) fail "unknown family $family" ;;
esac
