#!/bin/bash
# desc.sh - write a build's descriptor, DIR/build.env: every fact its steps
# need, one shell assignment KEY='value' a line, sourced by mk/build.sh and
# mk/corpus.sh (mk/lib.sh read_desc).
#
# Usage: desc.sh DIR KEY=VALUE...   (a key given twice: the last value)
# make writes it for every build (mk/build.mk), mk/lib.sh's scratch_desc
# for repro's, why's and newwarn's. The keys:
#   seed p w variant         tc family cc packages (the toolchain)
#   ksrc kargs kcc           the tree; the kernel make's arguments and CC
#   config fragment targets  the seed's config, a fragment on it ("-": none)
#   jobs jobserver timeout checkers files distcc_hosts kwarn_cc kwarn_parse
#   tree series pin seeddir corpus   a corpus file's record and path
#   levels                   a levels table to reuse (made when missing)
# Replaced only when its content changes (Kbuild's filechk). No build
# depends on it: it holds what varies per run (jobserver, corpus path).
STEP=desc
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || fail "usage: desc.sh DIR KEY=VALUE..."
dir=$1
shift
mkdir -p "$dir" || fail "cannot create $dir"
for kv; do
	v=${kv#*=}
	echo "${kv%%=*}=${v@Q}"
done | tac | awk -F= '!seen[$1]++' | tac > "$dir/build.env.tmp"
cmp -s "$dir/build.env.tmp" "$dir/build.env" && rm "$dir/build.env.tmp" || mv "$dir/build.env.tmp" "$dir/build.env"
