#!/bin/bash
# distcc in the mode kwarn uses (mk/tools/distcc.mk) never changes a diagnostic:
# the kernel/time/ objects of the test seed (16 in the small test kernel;
# the full-size seed's kernel/, 101, takes too long for make check),
# compiled locally and through two
# distccd servers started here (127.0.0.1, and a second host in a network
# namespace when one can be made), leave byte-identical diagnostics and
# the same .config, and the servers' logs count the jobs they compiled.
# GCC goes through pump mode; clang stays local (toolchain-info's distcc=).
# A server in another locale fails the probe the build runs first. What
# the other modes change is measured for the docs and printed as comments,
# not failures: plain distcc (preprocessed locally) for both, pump mode
# for clang.
. "$(dirname "$0")/lib.sh"
plan 20
need config
# as kwarn's make: the compiler runs in the C locale (Kbuild unexports LC_ALL)
unset LANG LANGUAGE
"$TOP/mk/need-packages.sh" distcc distcc-pump python3-lzo
cfg=$SEEDDIR/seed.config
ksrc=${KSRC:-$KTREE}
kcc=$TOP/.build/bin/kwarn-cc
# the modes kwarn does not use, on a few objects (and plain clang on all)
dir=kernel/time
sample="$dir/timer.o $dir/hrtimer.o $dir/clocksource.o $dir/time.o"

work=$(mktemp -d "${TMPDIR:-/tmp}/kwarn-t91.XXXXXX")
chmod 1777 "$work"	# distccd drops root: its logs go here
pids=() ns= veth=kw$$a
cleanup() {
	local p
	for p in "${pids[@]}"; do kill -- -"$p" 2> /dev/null || kill "$p" 2> /dev/null; done
	[ -z "$ns" ] || { ip link del "$veth" 2> /dev/null; ip netns del "$ns"; }
	rm -rf "$work"
}
trap 'cleanup; tap_plan' EXIT
# distccd serves only the compilers listed (instead of /usr/lib/distcc)
printf '%s\n' "$(command -v clang-14)" "$(command -v arm-linux-gnueabi-gcc-12)" > "$work/cmdlist"

# serve NAME ADDR PORT CLIENT [PREFIX...]: a distccd on ADDR:PORT for
# CLIENT, in the C locale (or $serve_locale)
serve() {
	local name=$1 addr=$2 port=$3 client=$4 i
	shift 4
	LC_ALL=${serve_locale:-C} DISTCC_CMDLIST=$work/cmdlist "$@" distccd --no-detach --daemon \
		--listen "$addr" --port "$port" --allow "$client" --jobs 2 \
		--log-file "$work/$name.log" --log-level info > /dev/null 2>&1 &
	pids+=($!)
	for i in $(seq 50); do grep -qs 'daemon started' "$work/$name.log" && return; sleep 0.1; done
	return 1
}
# the build rule's commands for TOOLCHAIN with DISTCC_HOSTS set (make -n -B:
# printed, not run)
build_rule() { make -n -B -C "$TOP" build TOOLCHAIN="$1" DISTCC_HOSTS=127.0.0.1:1 O="$O" ${KSRC:+KSRC="$KSRC"} 2>&1; }
free_port() { /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
fails() { ! "$@"; }
port=$(free_port)
ok "distccd on 127.0.0.1:$port" serve local 127.0.0.1 "$port" 127.0.0.1
servers=local hosts="127.0.0.1:$port/1"
if ip netns add "kwarn-t91-$$" 2> /dev/null; then
	ns=kwarn-t91-$$
	plan 22	# and the namespace's two tests
	ok "network namespace $ns, 10.91.91.2 behind a veth pair" bash -c "
		ip link add $veth type veth peer name kw$$b && ip link set kw$$b netns $ns &&
		ip addr add 10.91.91.1/30 dev $veth && ip link set $veth up &&
		ip -n $ns addr add 10.91.91.2/30 dev kw$$b && ip -n $ns link set kw$$b up && ip -n $ns link set lo up"
	ok "distccd on 10.91.91.2:3632 in $ns" serve netns 10.91.91.2 3632 10.91.91.1 ip netns exec "$ns"
	! grep -qs 'daemon started' "$work/netns.log" || servers="local netns" hosts="$hosts 10.91.91.2:3632/1"
else
	echo "# no network namespace here: one server"
fi

count() { cat "${@:2}" 2> /dev/null | grep -c -- "$1"; }	# count PATTERN FILE...
kwarn_of() { echo "$(dirname "$1")/.$(basename "$1").kwarn"; }	# kwarn_of OBJECT
# run RUN WHAT OBJECT|DIR... -- COMMAND...: compile through COMMAND (the
# kernel's make gets CC= and the targets), keep the diagnostics in RUN/
run() {
	local name=$1 what=$2 targets=() t
	shift 2
	while [ "$1" != -- ]; do targets+=("$1"); shift; done
	shift
	for t in "${targets[@]}"; do
		case $t in
		*/) find "$d/$t" \( -name '*.o' -o -name '.*.kwarn' \) -delete ;;
		*) rm -f "$d/$t" "$d/$(kwarn_of "$t")" ;;
		esac
	done
	ok "$tc: ${targets[*]} compiled $what" "$@" "${targets[@]}"
	rm -rf "${d:?}-$name" && mkdir -p "$d-$name"
	(cd "$d" && find $dir -name '.*.o.kwarn' -exec cp --parents -t "$d-$name" {} +)
}
# all RUN [OBJECT...]: the diagnostics of RUN's objects (default: every one) in one file
all() {
	local r=$1
	shift
	(cd "$d-$r" && if [ $# = 0 ]; then find $dir -name '.*.o.kwarn' | sort; else
		for o; do [ ! -e "$(kwarn_of "$o")" ] || kwarn_of "$o"; done; fi | xargs -r tail -v -n +1)
}
# differences RUN OBJECT...: what RUN changes against the local build, as a comment
differences() {
	local r=$1 l=$d-local.all p=$d-$1.all n=0 o c what
	shift
	all local "$@" > "$l"
	all "$r" "$@" > "$p"
	for o; do cmp -s "$d-local/$(kwarn_of "$o")" "$d-$r/$(kwarn_of "$o")" 2> /dev/null || n=$((n + 1)); done
	what=$(printf '%s, %s: %d of %d objects differ (%d lines)' "$r" "$tc" "$n" $# "$(diff "$l" "$p" | count '^[<>]')")
	for c in ': warning: ' 'expanded from macro\|in expansion of macro\|in definition of macro' \
		 '^ *[0-9]* | ' '<scratch space>' 'Wtautological-unsigned-zero-compare' 'Wmissing-include-dirs'; do
		[ "$(count "$c" "$l")" = "$(count "$c" "$p")" ] ||
			what="$what; '${c//\\|/|}' $(count "$c" "$l") -> $(count "$c" "$p")"
	done
	c=$(diff "$l" "$p" | count '^<.*<scratch space>:')
	[ "$c" = 0 ] || [ "$(count '<scratch space>' "$l")" != "$(count '<scratch space>' "$p")" ] ||
		what="$what; '<scratch space>' notes renumbered: $c"
	echo "# $what"
	# the flags whose counts changed, most changed first
	join -a1 -a2 -e0 -o 0,1.2,2.2 <(flags "$l") <(flags "$p") |
		awk '$2 != $3 { d = $3 - $2; printf "%d #   %s: %d -> %d\n", d < 0 ? -d : d, $1, $2, $3 }' |
		sort -rn | head -n 8 | cut -d' ' -f2-
}
# flags FILE: "[-Wflag] count" per flag, sorted by flag
flags() { grep -o '\[-W[^]]*\]' "$1" | sort | uniq -c | awk '{ print $2, $1 }'; }

for tc in gcc-12 clang-14; do
	eval "$(make -s -C "$TOP" toolchain-info TOOLCHAIN=$tc)"
	d=$TESTDIR/distcc-$tc
	rm -rf "$d" "$d"-* && mkdir -p "$d"
	cp "$cfg" "$d/.config"
	# shellcheck disable=SC2154,SC2206
	km=(env -u MAKEFLAGS make -s -C "$ksrc" O="$d" $kargs W=123 -j2)
	pump=(env DISTCC_HOSTS="$hosts" "$TOP/mk/tools/distcc-pump.sh" "$d.distcc.log" "${km[@]}"
	      CC="$kcc $TOP/mk/tools/distcc-cc.sh $cc")
	plain=(env DISTCC_HOSTS="$hosts" DISTCC_NO_REWRITE_CROSS=1 DISTCC_LOG="$d.plain.log" "${km[@]}"
	       CC="$kcc distcc $cc")
	ok "$tc: prepare a build directory" "${km[@]}" CC="$cc" olddefconfig prepare
	cp "$d/.config" "$d.config"
	run local locally $dir/ -- "${km[@]}" CC="$kcc $cc"
	objects=$(all local | count '^==> ')
	if [ -z "$distcc" ]; then
		ok "$tc: kwarn's build rule compiles it locally under DISTCC_HOSTS, and says so" \
			grep -q "$tc compiles locally, not through distcc" <(build_rule $tc)
		run pump "through distcc, pump mode (not kwarn's)" $sample -- "${pump[@]}"
		differences pump $sample
		run plain "through plain distcc (not kwarn's)" $dir/ -- "${plain[@]}"
		differences plain $(cd "$d-local" && find $dir -name '.*.o.kwarn' | sed 's|/\.\([^/]*\)\.kwarn$|/\1|')
		rm -rf "$d" "$d"-* "$d".*
		continue
	fi
	ok "$tc: kwarn's build rule compiles it through kwarn-distcc under DISTCC_HOSTS" \
		grep -q "kcc='[^']*/kwarn-cc [^']*/kwarn-distcc $cc'" <(build_rule $tc)
	ok "$tc: the servers pass the probe" env DISTCC_HOSTS="$hosts" "$TOP/mk/tools/distcc-pump.sh" "$d.distcc.log" --probe "$cc"
	# make prepare runs before the include server starts (mk/build.sh)
	server_jobs() { for s in $servers; do cat "$work/$s.log"; done | grep -c COMPILE_; }
	before=$(server_jobs)
	printf 'int kwarn_t91(void) { return 0; }\n' > "$d.c"
	ok "$tc: kwarn-distcc outside distcc-pump.sh compiles here" \
		env -u INCLUDE_SERVER_PORT DISTCC_HOSTS="$hosts" "$TOP/mk/tools/distcc-cc.sh" "$cc" -c "$d.c" -o "$d.o"
	expect_eq "$tc:   and sends no job to the servers" <(echo "$before") <(server_jobs)
	utf8=$(free_port)
	serve_locale=C.UTF-8
	ok "distccd on 127.0.0.1:$utf8, in the C.UTF-8 locale" serve utf8 127.0.0.1 "$utf8" 127.0.0.1
	serve_locale=
	ok "$tc: the probe refuses it" fails env DISTCC_HOSTS="127.0.0.1:$utf8/1" "$TOP/mk/tools/distcc-pump.sh" "$d.distcc.log" --probe "$cc"
	before=$(for s in $servers; do count COMPILE_OK "$work/$s.log"; done)
	run pump "through distcc, pump mode ($hosts)" $dir/ -- "${pump[@]}"
	expect_eq "$tc: diagnostics identical, local and pump mode ($(all local | count ': warning: ') warnings in $objects objects)" \
		<(all local) <(all pump)
	expect_eq "$tc: the .config is the same" "$d.config" "$d/.config"
	# the servers' own logs
	set -- $before
	on= total=0
	for s in $servers; do
		j=$(($(count COMPILE_OK "$work/$s.log") - $1))
		shift
		on="$on, $s $j" total=$((total + j))
		[ "$j" -gt 0 ] || on="$on (none!)"
	done
	locally=$(count 'compiled locally' "$d.distcc.log")
	ok "$tc: distccd compiled $total jobs (${on#, }), $locally locally, for $objects objects with diagnostics" \
		test "$total" -ge "$objects" -a "$locally" = 0 -a "${on/none!/}" = "$on"
	run plain "through plain distcc (not kwarn's)" $sample -- "${plain[@]}"
	differences plain $sample
	rm -rf "$d" "$d"-* "$d".*
done
