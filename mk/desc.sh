#!/bin/bash
# desc.sh - write a build's descriptor, DIR/build.env: every fact its steps
# need, one shell assignment KEY='value' a line, sourced by mk/build.sh and
# mk/corpus.sh (mk/lib.sh read_desc).
#
# Usage: desc.sh [-u] DIR KEY=VALUE... [-- STEP...]   (a key twice: the last value)
# -u: DIR's descriptor's keys first, then these (a scratch build's script
# adds its own to what make wrote)
# With STEP (logged: mk/step.sh), under DIR's lock (DIR.lock) from the writing to STEP's end:
# two runs at once, of other settings, each read their own.
# make writes it for every build and scratch build (repro's, why's,
# newwarn's, series-check's: mk/build.mk scratch-desc). The keys:
#   seed p w variant         tc family cc packages (the toolchain)
#   ksrc kargs kcc           the tree; the kernel make's arguments and CC
#   config fragment targets  the seed's config, a fragment on it ("-": none)
#   jobs jobserver timeout checkers files distcc_hosts kwarn_cc kwarn_parse
#   tree series pin seeddir corpus   a corpus file's record and path
#   levels                   a levels table to reuse (made when missing)
#   steplog                  the step log (O/steps.log): STEP runs under mk/step.sh
#   branches initramfs kwarn_sites boot_timeout boot_mem
#                            a profile build's boot (qemu/boot.sh)
# Replaced only when its content changes (Kbuild's filechk). No build
# depends on it: it holds what varies per run (jobserver, corpus path).
STEP=desc
. "$(dirname "$0")/lib.sh"
# make -n printed the command: nothing is written or run
[ -z "$make_dry_run" ] || exit 0
update=
[ "${1:-}" != -u ] || { update=1; shift; }
[ $# -ge 2 ] || fail "usage: desc.sh [-u] DIR KEY=VALUE... [-- STEP...]"
dir=$1
shift
[ -z "$update" ] || [ -f "$dir/build.env" ] || fail "$dir/build.env: no descriptor to add to"
kv=()
while [ $# != 0 ] && [ "$1" != -- ]; do kv+=("$1"); shift; done
[ $# = 0 ] || shift
mkdir -p "$dir" || fail "cannot create $dir"
if [ $# != 0 ]; then
	exec 9> "$dir.lock"
	flock 9
fi
tmp=$(mktemp "$dir/.build.env.XXXXXX")
{
	[ -z "$update" ] || cat "$dir/build.env"
	for v in "${kv[@]}"; do
		val=${v#*=}
		echo "${v%%=*}=${val@Q}"
	done
} | tac | awk -F= '!seen[$1]++' | tac > "$tmp"
cmp -s "$tmp" "$dir/build.env" && rm "$tmp" || mv "$tmp" "$dir/build.env"
[ $# = 0 ] || exec "$MK/step.sh" "$dir" "$@"
