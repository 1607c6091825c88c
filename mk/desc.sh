#!/bin/bash
# desc.sh - write a build's descriptor, DIR/build.env: every fact its steps
# need (mk/build.sh, mk/corpus.sh read it), one KEY='value' line each.
#
# Usage: desc.sh DIR KEY=VALUE...
# make writes it for make corpus's and make boot's builds (mk/build.mk),
# mk/lib.sh's scratch_desc for repro's, why's and newwarn's. The keys:
#   seed p w variant        the build's seed, probability, W level, variant
#   tc family cc packages   the toolchain: its name, gcc or clang, its
#                           compiler, its Debian packages
#   ksrc kargs kcc          the tree; the kernel make's arguments, and its
#                           CC (the compiler under kwarn-cc)
#   config fragment         the seed's config, a fragment on top ("-": none)
#   targets jobs jobserver  Kbuild's targets; -jN, or "shared" with the
#                           jobserver's flags
#   timeout checkers files  BUILD_TIMEOUT, CHECKERS, FILES
#   distcc_hosts kwarn_cc kwarn_parse
#   tree series pin seeddir corpus   what a corpus file records, and its path
#   levels                  a levels table to reuse (made there when missing)
# It is replaced only when its content changes (Kbuild's filechk): its
# time says when a fact last changed. No build depends on it, as it holds
# what varies run to run (the jobserver's flags, the corpus's path).
STEP=desc
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || fail "usage: desc.sh DIR KEY=VALUE..."
dir=$1
shift
mkdir -p "$dir" || fail "cannot create $dir"
# a key given again takes its place: the later value wins
declare -A val
keys=()
for kv; do
	k=${kv%%=*}
	[ -n "${val[$k]+set}" ] || keys+=("$k")
	val[$k]=${kv#*=}
done
for k in "${keys[@]}"; do echo "$k=${val[$k]@Q}"; done > "$dir/build.env.tmp"
if cmp -s "$dir/build.env.tmp" "$dir/build.env"; then
	rm -f "$dir/build.env.tmp"
else
	mv "$dir/build.env.tmp" "$dir/build.env"
fi
