#!/bin/bash
# need-packages.sh - install whichever of the Debian packages PKG... are
# missing (apt-get; as root, or through sudo).
#
# Usage: need-packages.sh PKG...
#
# Installs never run at once: every kwarn, whatever its checkout or O=,
# takes one machine-wide lock (KWARN_APT_LOCK) first, since a campaign's
# jobserver starts several toolchains' installs together and dpkg refuses
# a second. A dpkg or apt lock held by another program (apt's daily jobs
# on a fresh machine, a user's apt-get) is waited for, APT_LOCK_TIMEOUT
# seconds at most (600), with one line saying so.
# Exit 2 when one cannot be installed (a setup error), naming them.
STEP=need-packages
. "$(dirname "$0")/lib.sh"
: "${KWARN_APT_LOCK:=/run/lock/kwarn-apt.lock}"
: "${APT_LOCK_TIMEOUT:=600}"
[[ $APT_LOCK_TIMEOUT =~ ^[0-9]+$ ]] || fail "APT_LOCK_TIMEOUT=$APT_LOCK_TIMEOUT: not a number of seconds"

missing() {
	local p
	missing=
	for p; do
		dpkg-query -W -f '${Status}\n' "$p" 2> /dev/null | grep -q '^install ok installed' ||
			missing="$missing $p"
	done
}
missing "$@"
[ -n "$missing" ] || exit 0

deadline=$((SECONDS + APT_LOCK_TIMEOUT))
exec 9>> "$KWARN_APT_LOCK" || fail "cannot open the install lock $KWARN_APT_LOCK"
if ! flock -n 9; then
	say WAIT "another kwarn installs packages (lock $KWARN_APT_LOCK)"
	flock -w "$APT_LOCK_TIMEOUT" 9 || fail "cannot install:$missing: another kwarn held $KWARN_APT_LOCK for $APT_LOCK_TIMEOUT s"
fi
# the one before may have installed them
missing "$@"
[ -n "$missing" ] || exit 0
say APT "${missing# }"

sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
err=$(mktemp)
trap 'rm -f "$err"' EXIT
# apt CMD...: apt-get CMD..., again every 2 s while another program holds
# a dpkg or apt lock, until the deadline
apt() {
	local waited=
	while :; do
		DEBIAN_FRONTEND=noninteractive $sudo apt-get -q "$@" > /dev/null 2> "$err" && return 0
		grep -q -e 'Could not get lock' -e 'Unable to acquire the dpkg frontend lock' \
			-e 'Unable to lock' "$err" ||
			fail "cannot install:$missing ($(grep -m1 '^E: ' "$err" || tail -n1 "$err"))"
		[ "$SECONDS" -lt "$deadline" ] ||
			fail "cannot install:$missing: the dpkg lock was still held after $APT_LOCK_TIMEOUT s (APT_LOCK_TIMEOUT)"
		holder=$(sed -n 's/^E: Could not get lock \([^ ]*\)\. It is held by \(.*\)$/\1, held by \2/p' "$err" | head -n1)
		[ -n "$waited" ] || say WAIT "${holder:-a dpkg lock}: waiting up to $APT_LOCK_TIMEOUT s (APT_LOCK_TIMEOUT)"
		waited=1
		sleep 2
	done
}
apt update
# shellcheck disable=SC2086
apt install -y --no-install-recommends $missing
