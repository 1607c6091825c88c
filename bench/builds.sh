#!/bin/bash
# builds.sh - the kernel build figures of make bench (BUILDS=1): slow, they
# build the seed's kernel many times over.
#
# Environment (set by mk/tools/bench.mk): O SEED P W JOBS TC_NAME KWARN_CC
#   BUILD_CONFIG   the .config of the seed's corpus build (its starting point)
#   KMAKE_PLAIN    the kernel's make, "@DIR@" for the build directory
#   KMAKE_WRAPPED  the same with the compiler under kwarn-cc
#   BENCH_BUILD_RUNS    builds of each kind for the overhead (default 3)
#   BENCH_BUILD_TARGET  what to build (default all)
#   BENCH_BUILD_PARTS   which of the figures below (default: overhead levels
#                  distcc); without overhead, one build under kwarn-cc
#   DISTCC_HOSTS   distcc's hosts: the distcc figure, with
#   KMAKE_DISTCC   the kernel's make as mk/build.mk runs it with distcc
#                  (pump mode, kwarn-cc kwarn-distcc COMPILER; mk/tools/distcc.mk)
#   KMAKE_DISTCC_PREPARE  the same outside pump mode, for make prepare
#                  first (compiled locally, as mk/build.sh does)
#   DISTCC_JOBS    its -j (the servers' slots)
#   DISTCC_SKIP    why this toolchain compiles locally instead (clang)
#
# Every build starts from an empty build directory with BUILD_CONFIG
# (ccache off), so each costs the same work:
# 1. Overhead of kwarn-cc: BENCH_BUILD_RUNS builds with it and as many
#    without, alternated; the ratio of the median wall times.
# 2. One W=123 build (all three level tables come from it) against the
#    three builds W=1, W=12 and W=123 it replaces.
# 3. distcc: a W=123 build through distcc as mk/build.mk does it, against
#    the local one: time, and whether the parsed records are the same bytes.
#
# "builds.sh full" makes one build under kwarn-cc and prints its wall time
# (the full build that make bench's repro figure is set against).
STEP=builds
. "$(dirname "$0")/../mk/lib.sh"
need_vars O KMAKE_PLAIN KMAKE_WRAPPED BUILD_CONFIG KWARN_PARSE KSRC
: "${JOBS:=$(nproc)}" "${W:=123}"
here=$(cd "$(dirname "$0")" && pwd)
runs=${BENCH_BUILD_RUNS:-3}
target=${BENCH_BUILD_TARGET:-all}
B=$O/bench/build
mkdir -p "$B"
calc() { awk "BEGIN { printf \"${2:-%.2f}\", $1 }"; }
[ -f "$BUILD_CONFIG" ] || fail "$BUILD_CONFIG: no config; run make corpus first"

# build KIND WLEVEL KMAKE [PREPARE]: a fresh build with -j$JOBS (after
# PREPARE's make prepare), a line of O's step log; prints "wall cpu"
build() {
	local dir=$B/$1-W$2 r w u s rc prep=
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$BUILD_CONFIG" "$dir/.config"
	"$here/../mk/desc.sh" "$dir" steplog="$O/steps.log"
	[ -z "${4:-}" ] || prep="${4//@DIR@/$dir} -k -j$JOBS W=$2 prepare 2>&1; "
	r=$("$here/../mk/step.sh" "$dir" --step build python3 "$here/measure.py" "$dir/make.log" bash -c \
		"$prep${3//@DIR@/$dir} -k -j$JOBS W=$2 $target 2>&1; s=\$?; echo \$s > $dir/status; exit \$s")
	read -r w u s _ rc <<< "$r"
	say BENCH "build $1 W=$2: ${w} s (make exited $rc)" >&2
	echo "$w $(calc "$u + $s")"
}
has() { [[ " ${BENCH_BUILD_PARTS:-overhead levels distcc} " == *" $1 "* ]]; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

if [ "${1:-}" = full ]; then
	build full "$W" "$KMAKE_WRAPPED" | cut -d' ' -f1
	exit 0
fi

echo "== 6. builds: seed ${SEED:-?} p=${P:-?} ${TC_NAME:-}, $target, -j$JOBS, ccache off, fresh build directory each"
if has overhead; then
	pw=() ww=()
	for ((i = 0; i < runs; i++)); do
		read -r w _ < <(build plain "$W" "$KMAKE_PLAIN")
		pw+=("$w")
		read -r w _ < <(build wrapped "$W" "$KMAKE_WRAPPED")
		ww+=("$w")
	done
	mp=$(printf '%s\n' "${pw[@]}" | median) mw=$(printf '%s\n' "${ww[@]}" | median)
	echo "   kwarn-cc overhead, $runs alternated builds each (wall s):"
	echo "     plain:   ${pw[*]} (median $mp)"
	echo "     wrapped: ${ww[*]} (median $mw)"
	echo "     wrapped / plain: $(calc "$mw / $mp" %.3f)"
else
	read -r mw _ < <(build wrapped "$W" "$KMAKE_WRAPPED")
	echo "   W=$W build under kwarn-cc (the figures below are against it): $mw s"
fi

if has levels; then
	t1=$(build wrapped 1 "$KMAKE_WRAPPED" | cut -d' ' -f1)
	t12=$(build wrapped 12 "$KMAKE_WRAPPED" | cut -d' ' -f1)
	echo "   one W=123 build against W=1 + W=12 + W=123 builds (wall s):"
	echo "     W=1 $t1, W=12 $t12, W=123 $mw (above)"
	echo "     W=123 / (W=1 + W=12 + W=123): $(calc "$mw / ($t1 + $t12 + $mw)" %.3f)"
fi

if ! has distcc; then
	:
elif [ -z "${DISTCC_HOSTS:-}" ]; then
	echo "   distcc: skipped (needs DISTCC_HOSTS)"
elif [ -n "${DISTCC_SKIP:-}" ]; then
	echo "   distcc: skipped, ${TC_NAME:-this toolchain} compiles locally: $DISTCC_SKIP"
else
	need_vars KMAKE_DISTCC KMAKE_DISTCC_PREPARE DISTCC_JOBS
	read -r td _ < <(JOBS=$DISTCC_JOBS build distcc "$W" "$KMAKE_DISTCC" "$KMAKE_DISTCC_PREPARE")
	for k in wrapped distcc; do
		find "$B/$k-W$W" -name '.*.kwarn' | sort > "$B/$k.list"
		"$KWARN_PARSE" -s "$KSRC" -b "$B/$k-W$W" -T "$B/$k.list" > "$B/$k.jsonl"
	done
	echo "   distcc, pump mode ($DISTCC_HOSTS, -j$DISTCC_JOBS) against local (-j$JOBS), both under kwarn-cc (wall s):"
	echo "     $td vs $mw (above): $(calc "$td / $mw" %.3f)"
	echo "     compiled locally all the same (include server gave up, or the host failed): $(grep -c -e 'compiled locally$' \
		-e 'running locally instead' "$B/distcc-W$W/distcc.log" 2> /dev/null || echo 0)"
	echo "     records: $(cmp -s "$B/wrapped.jsonl" "$B/distcc.jsonl" && echo "the same bytes" || echo "DIFFERENT")"
fi
