#!/bin/sh
# checkpin.sh - fail loudly when randconfig dropped a pinned symbol.
#
# Usage: checkpin.sh FRAGMENT CONFIG
# "CONFIG_X=v" must appear as is; "# CONFIG_X is not set" means X must not
# be y or m (absent is fine).
set -eu
frag=$1 config=$2
bad=0
while IFS= read -r l; do
	case $l in
	CONFIG_*=*)
		grep -qxF "$l" "$config" || {
			echo "kwarn: $config: pinned $l lost (now: $(grep "^${l%%=*}=" "$config" || echo 'not set'))" >&2
			bad=1
		} ;;
	"# CONFIG_"*" is not set")
		s=${l#\# }; s=${s%% *}
		if grep -qE "^$s=[ym]$" "$config"; then
			echo "kwarn: $config: pinned '$l' but $(grep "^$s=" "$config")" >&2
			bad=1
		fi ;;
	esac
done < "$frag"
exit $bad
