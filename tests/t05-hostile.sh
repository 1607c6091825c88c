#!/bin/bash
# Every setting of make help, given hostile values, against a cheap goal
# (make where): refused in one line naming the setting, or carried as
# data where the setting's grammar allows the value (LINE and SECTION, a
# MAINTAINERS section's name, are free text; a
# list's two plain words; 10,000 letters); in no case does a value run a
# command (each tries to make a file).
. "$(dirname "$0")/lib.sh"
plan 2
work=$TESTDIR/hostile
rm -rf "$work" && mkdir -p "$work/cwd"
pwn=$work/pwned
long=$(printf 'a%.0s' {1..10000})
values=(
	"1 x"
	"1; touch $pwn"
	"x'; touch $pwn; echo '"
	"x\"; touch $pwn; echo \""
	"\`touch $pwn\`"
	"\$(touch $pwn)"
	"\$(shell touch $pwn)"
	"x || touch $pwn ||"
	"x
touch $pwn"
	"*"
	"$long"
)
mapfile -t settings < <(sed -n 's/^#   \([A-Z][A-Z0-9_]*\)=.*/\1/p' "$TOP/mk/settings.mk")
# the lists (make help quotes their examples): two plain words are two items
declare -A list
while read -r s; do list[$s]=1; done < <(sed -n 's/^#   \([A-Z][A-Z0-9_]*\)=".*/\1/p' "$TOP/mk/settings.mk")
[ ${#settings[@]} -gt 60 ] || { tap_result 1 "the settings of make help are listed (${#settings[@]})"; exit; }
# one try: "refused" (one line naming the setting), "carried" or what went wrong
try() {
	local s=$1 v=$2 out=$work/out status=0
	(cd "$work/cwd" && make -C "$TOP" -s where O="$work/o" "$s=$v") > "$out" 2>&1 < /dev/null || status=$?
	if [ -e "$pwn" ]; then
		echo "ran a command"
	elif [ $status = 0 ]; then
		echo carried
	elif [ "$(grep -c . "$out")" = 1 ] && grep -q "$s" "$out"; then
		echo refused
	else
		echo "failed without one line naming $s: $(head -c 300 "$out" | tr '\n' '|')"
	fi
	rm -f "$pwn"
}
bad=() refused=0 total=0
for s in "${settings[@]}"; do
	for i in "${!values[@]}"; do
		verdict=$(try "$s" "${values[i]}")
		total=$((total + 1))
		case $verdict in
		refused) refused=$((refused + 1)) ;;
		carried)	# only where the grammar allows it
			[ "$s" = LINE ] || [ "$s" = SECTION ] || [ $i = $((${#values[@]} - 1)) ] || { [ $i = 0 ] && [ -n "${list[$s]:-}" ]; } ||
				bad+=("$s=value $i: carried, though no value of its grammar") ;;
		*) bad+=("$s=value $i: $verdict") ;;
		esac
	done
done
[ ${#bad[@]} = 0 ] || printf '# %s\n' "${bad[@]:0:20}"
ok "${#settings[@]} settings x ${#values[@]} hostile values: each refused in one line naming it or carried as data, carried only where the grammar allows, none ran a command ($refused of $total refused)" \
	test ${#bad[@]} = 0

# what the command line gives kwarn's own sub-makes is quoted: a value
# reaches the sub-make as the same literal text
cat > "$work/sub.mk" <<'EOF'
sub_mk := $(lastword $(MAKEFILE_LIST))
sub: ; @$(MAKE) -s -f GNUmakefile -f $(sub_mk) show $(KWARN_CMDLINE)
show: ; @printf '%s\n' '$(subst ','\'',$(LINE))'
EOF
line="it's a \$(shell touch $pwn) || touch $pwn; \`touch $pwn\`"
ok "a LINE reaches a sub-make as the same text, running nothing" bash -c '
	out=$(make -C "$1" -s -f GNUmakefile -f "$2" sub LINE="$3" 2>&1) &&
	[ "$out" = "$3" ] && [ ! -e "$4" ]' _ "$TOP" "$work/sub.mk" "$line" "$pwn"
