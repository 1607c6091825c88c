#!/bin/bash
# gate.sh - make compare or make newwarn as a CI gate or a b4 per-patch
# check: it ends with their status, which make cannot give (make ends any
# failed recipe with 2): 0 nothing new, 1 new warnings, 2 incomplete (a
# build not ok) or a setup error.
#
# Usage: mk/tools/gate.sh compare|newwarn [VAR=VALUE...]
#   mk/tools/gate.sh compare A=gcc-12 B=gcc-12 RUN_A=... SEEDS=1-10
#   mk/tools/gate.sh newwarn SEED=1 DIFF=my.patch
# newwarn without DIFF= reads the patch on stdin: b4's per-patch check,
#   git config b4.prep-perpatch-check-cmd "/path/to/kwarn/mk/tools/gate.sh newwarn SEED=1"
STEP=gate
. "$(dirname "$0")/../lib.sh"
top=${MK%/mk}
target=${1:-}
case $target in compare|newwarn) ;; *) fail "usage: gate.sh compare|newwarn [VAR=VALUE...]" ;; esac
shift
o=$(make -s -C "$top" where "$@" 2> /dev/null | sed -n 's/^o  *//p')
[ -n "$o" ] || { make -s -C "$top" where "$@" > /dev/null; fail "make where: the settings above are refused"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args=("$@")
if [ "$target" = newwarn ] && ! printf '%s\n' "$@" | grep -q '^DIFF='; then
	[ ! -t 0 ] || fail "newwarn: say DIFF=file.patch, or give the patch on stdin"
	cat > "$tmp/stdin.patch" || fail "cannot read the patch on stdin"
	args+=("DIFF=$tmp/stdin.patch")
fi
rm -f "$o/$target/status"
make -s -C "$top" "$target" "${args[@]}" || true
[ -s "$o/$target/status" ] || exit 2	# a setup error: make said why
exit "$(cat "$o/$target/status")"
