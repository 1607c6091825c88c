#!/bin/bash
# checkpin.sh - fail loudly when randconfig dropped a pinned symbol.
#
# Usage: checkpin.sh FRAGMENT CONFIG
# "CONFIG_X=v" must appear as is; "# CONFIG_X is not set" means X must not
# be y or m (absent is fine). Exit 1 when a pin was lost, naming each.
STEP=checkpin
. "$(dirname "$0")/lib.sh"
[ $# = 2 ] || fail "usage: checkpin.sh FRAGMENT CONFIG"
[ -r "$1" ] || fail_with 3 "$1: cannot read"
[ -r "$2" ] || fail_with 3 "$2: cannot read"
frag=$1 config=$2
bad=0
while IFS= read -r l; do
	case $l in
	CONFIG_*=*)
		grep -qxF "$l" "$config" || {
			warn "$config: pinned $l lost (now: $(grep "^${l%%=*}=" "$config" || echo 'not set'))"
			bad=1
		} ;;
	"# CONFIG_"*" is not set")
		s=${l#\# }; s=${s%% *}
		if grep -qE "^$s=[ym]$" "$config"; then
			warn "$config: pinned '$l' but $(grep "^$s=" "$config")"
			bad=1
		fi ;;
	esac
done < "$frag"
exit $bad
