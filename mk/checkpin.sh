#!/bin/bash
# checkpin.sh - fail loudly when randconfig dropped a pinned symbol.
#
# Usage: checkpin.sh CONFIG FRAGMENT... [-- KMAKE...]
# "CONFIG_X=v" of a FRAGMENT (mk/pin.config, tests/NAME.config, a user's
# FRAGMENT= file) must appear in CONFIG as is; "# CONFIG_X is not set"
# means X must not be y or m (absent is fine). Exit 1 when a line was
# lost, naming each with its file and line. With KMAKE (the kernel's make
# with -C, ARCH and the toolchain), each lost y or m is explained by
# Kconfig itself: a scratch Kconfig that selects the lost symbols makes
# Kconfig print, for each, the dependency that is not met ("unmet direct
# dependencies detected for X / Depends on [n]: ...").
STEP=checkpin
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || fail "usage: checkpin.sh CONFIG FRAGMENT... [-- KMAKE...]"
config=$1
shift
frags=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do frags+=("$1"); shift; done
[ $# -eq 0 ] || shift
[ ${#frags[@]} -gt 0 ] || fail "usage: checkpin.sh CONFIG FRAGMENT... [-- KMAKE...]"
[ -r "$config" ] || fail_with 3 "$config: cannot read"
lost=() wantsym=()
for frag in "${frags[@]}"; do
	[ -r "$frag" ] || fail_with 3 "$frag: cannot read"
	n=0
	while IFS= read -r l; do
		n=$((n + 1))
		l=${l%$'\r'}	# a CRLF fragment, as mk/fragment.sh reads it
		case $l in
		CONFIG_*=n) l="# ${l%=n} is not set" ;;
		esac
		case $l in
		CONFIG_*=*)
			grep -qxF "$l" "$config" && continue
			lost+=("$frag:$n: $l lost (now: $(grep "^${l%%=*}=" "$config" || echo 'not set'))")
			case $l in *=y | *=m) wantsym+=("${l%%=*}") ;; *) wantsym+=(-) ;; esac ;;
		"# CONFIG_"*" is not set")
			s=${l#\# }; s=${s%% *}
			grep -qE "^$s=[ym]$" "$config" || continue
			lost+=("$frag:$n: '$l' lost (now: $(grep "^$s=" "$config"))")
			wantsym+=(-) ;;
		esac
	done < "$frag"
done
[ ${#lost[@]} -gt 0 ] || exit 0

# Kconfig's own word on each lost y or m: select them all from a copy of
# the top Kconfig and let olddefconfig warn about the unmet dependencies
declare -A dep=()
syms=()
for s in "${wantsym[@]}"; do [ "$s" = - ] || syms+=("${s#CONFIG_}"); done
if [ $# -gt 0 ] && [ ${#syms[@]} -gt 0 ]; then
	ksrc=
	for ((i = 1; i < $#; i++)); do [ "${!i}" != -C ] || { j=$((i + 1)); ksrc=${!j}; }; done
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	cp "$config" "$tmp/.config"
	{ cat "$ksrc/Kconfig"
	  printf '\nconfig KWARN_LOST_PROBE\n\tbool\n\tdefault y\n'
	  printf '\tselect %s\n' "${syms[@]}"; } > "$tmp/Kconfig.probe"
	"$@" O="$tmp" KBUILD_KCONFIG="$tmp/Kconfig.probe" olddefconfig > "$tmp/log" 2>&1 || true
	while IFS=$'\t' read -r s d; do dep[CONFIG_$s]=$d; done < <(awk '
		/^WARNING: unmet direct dependencies detected for / { s = $NF; next }
		s != "" && /^  Depends on / { sub(/^  /, ""); print s "\t" $0; s = "" }' "$tmp/log")
	for s in "${syms[@]}"; do
		[ -n "${dep[CONFIG_$s]-}" ] ||
			grep -rqsE --include='Kconfig*' "^[[:space:]]*(menu)?config[[:space:]]+$s[[:space:]]*$" "$ksrc" ||
			dep[CONFIG_$s]="no such symbol in this tree's Kconfig"
	done
fi
for i in "${!lost[@]}"; do
	s=${wantsym[$i]}
	if [ "$s" != - ] && [ -n "${dep[$s]-}" ]; then
		warn "${lost[$i]}: ${dep[$s]}"
	else
		warn "${lost[$i]}"
	fi
done
exit 1
