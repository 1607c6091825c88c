#!/bin/bash
# need-packages.sh - install whichever of the Debian packages PKG... are
# missing (apt-get; as root, or through sudo).
#
# Usage: need-packages.sh PKG...
# Exit 2 when one cannot be installed (a setup error), naming them.
STEP=need-packages
. "$(dirname "$0")/lib.sh"
missing=
for p; do
	dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing="$missing $p"
done
[ -n "$missing" ] || exit 0
say APT "${missing# }"
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
# shellcheck disable=SC2086
{ $sudo apt-get update -q > /dev/null &&
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing > /dev/null; } ||
	fail "cannot install:$missing"
