#!/bin/sh
# need-packages.sh - install whichever of the Debian packages PKG... are
# missing (apt-get; as root, or through sudo).
#
# Usage: need-packages.sh PKG...
set -eu
missing=
for p; do
	dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing="$missing $p"
done
[ -n "$missing" ] || exit 0
echo "  APT     $missing"
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
if ! { $sudo apt-get update -q > /dev/null &&
       DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing > /dev/null; }; then
	echo "kwarn: cannot install:$missing" >&2
	exit 1
fi
