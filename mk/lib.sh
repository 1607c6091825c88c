# lib.sh - sourced by kwarn's bash scripts: one way to report and fail.
#
#   STEP=repro
#   . "$(dirname "$0")/lib.sh"
#
#   say TAG TEXT     one aligned progress line on stdout, Kbuild style
#   warn TEXT        "kwarn: STEP: TEXT" on stderr, and go on
#   fail TEXT        the same, exit 2 (a usage or setup error)
#   fail_with N TEXT the same, exit N (1: bad input or a finding; 3: I/O)
#   need_vars NAME...  fail unless each variable NAME is set and not empty
#   first_line FILE  line 1 of a zstd file (a build record); fails naming
#                    FILE when zstd cannot read it
#   seed_dir VAR RUN N  set VAR to seed N's directory in the run directory
#                    RUN (as mk/config.mk's seed-dir); no subshell: loops
#                    over thousands of seeds call it
#   seed_name        the seed's directory in O= (SEEDDIR: RUN/seed-N) as
#                    one file name, each / as ^, for scratch directories
#   series_patches FILE  the patches a quilt series file lists, in order
#   series_sha DIR [FILE]  the hash of DIR/series (or FILE, a list of DIR's
#                    patches) and its patches: the tree's id and the
#                    corpora's series_sha256
#   kbuild_cmd SRC DIR [WRAP]  set the array kbuild to the kernel's make
#                      for build directory DIR of tree SRC, with the
#                      toolchain of the descriptor read last and its
#                      compiler under WRAP (kwarn-cc): mk/toolchain.mk's
#                      kmake. SRC "-": in DIR, configured (kmake-in)
#   make_dry_run       1 under make -n (a + recipe line), else empty
#   build_name TC W [VARIANT]  a build's name, TC-WW[-profile]: its build
#                      directory in a seed's, its corpus file's name without
#                      .jsonl.zst (mk/build.mk's build-name, for scripts)
#   rebuild_w REC BUILD_W  the W a warning (its record, JSON) is rebuilt at
#                      when no W= is given: its own level, where it first
#                      shows (0: no W=, empty), its build's W when unknown
#   read_desc DIR      set the facts of DIR's build, its descriptor (mk/desc.sh)
#   build_result DIR   the kernel build's result, from make's exit status
#                      mk/build.sh kept in DIR/status: ok, timeout or failed
#   captured DIR SUFFIX [TARGET...]  what kwarn-cc captured beside the
#                      objects of build directory DIR (.NAME.o.SUFFIX: kwarn,
#                      kernel-doc.log, sparse.log, clang-analyzer.log), sorted;
#                      with TARGETs, theirs alone
#   scratch_desc DIR TC [KEY=VALUE...]  make's descriptor of a scratch
#                      build (repro, why, newwarn, series-check) of
#                      toolchain TC in DIR (mk/build.mk scratch-desc: TC
#                      installed), then the script's own keys (mk/desc.sh
#                      -u, which adds more later)
#   children_cpu       CPU seconds (user and system, hundredths: 1.25)
#                      of the script's finished children, theirs included
#                      (each make waits for its own): a step's cost is the
#                      difference after and before it
#   step_cost CPU0     a finished step's cost: "CPU<TAB>LOAD", the CPU seconds
#                      (one decimal) of the children since children_cpu
#                      said CPU0, and the 5-minute load average at its end,
#                      which its wall time is read against
#   run_job STATUS COMMAND...  COMMAND in the background, at most nproc
#                      at once; its exit status goes to the file STATUS
#                      (wait, then read it)
#   in_parts FUNC IN OUT  FUNC < IN > OUT with IN's lines dealt into nproc
#                      parts run at once (run_job); OUT their outputs one
#                      after another; returns the first failed part's status
#
# Exit codes, here as in the C helpers: 0 ok, 1 bad input or a finding,
# 2 usage or setup error, 3 I/O error.
# Every script runs with set -euo pipefail: a command whose failure is
# expected says so where it runs (cmd || status=$?).
set -euo pipefail
# make -n runs the recipe lines marked + (meant for recursive makes): a
# step started by one does nothing (make_dry_run, from make's own flags)
make_dry_run=${MAKEFLAGS:-}
case ${make_dry_run%% *} in -*) make_dry_run= ;; *n*) make_dry_run=1 ;; *) make_dry_run= ;; esac
# A make the scripts start picks its own flags: the caller's (say a
# campaign's jobserver, whose pipes a script does not get) are dropped
# (build.sh hands a build the jobserver on purpose: its descriptor says it)
unset MAKEFLAGS MFLAGS MAKELEVEL
# the scripts' folder: each finds the others by it, whichever folder it is in
MK=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
say() { printf '  %-8s %s\n' "$1" "$2"; }
warn() { echo "kwarn: ${STEP:?}: $*" >&2; }
fail_with() {
	local code=$1
	shift
	warn "$@"
	exit "$code"
}
fail() { fail_with 2 "$@"; }
need_vars() {
	local v
	for v; do
		[ -n "${!v:-}" ] || fail "$v is not set"
	done
}
first_line() {
	local status=0
	# zstd dies of SIGPIPE (141) once head has the line: not a failure
	zstd -dcq < "$1" | head -n1 || status=$?
	[ "$status" = 0 ] || [ "$status" = 141 ] || fail "cannot read $1"
}
seed_dir() { printf -v "$1" '%s/seed-%s' "$2" "$3"; }
seed_name() {
	local s=${SEEDDIR#"$O"/}
	echo "${s//\//^}"
}
series_patches() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1" | awk '{ print $1 }'; }
series_sha() {
	local list=${2:-$1/series} p files=()
	while read -r p; do files+=("$1/$p"); done < <(series_patches "$list" 2> /dev/null)
	# a file that is missing leaves the hash another: the tree is prepared again
	{ cat "$list" "${files[@]}" 2> /dev/null || true; } | sha256sum | cut -c1-64
}
kbuild_cmd() {
	if [ "$1" = - ]; then kbuild=(make -C "$2"); else kbuild=(make -C "$1" O="$2"); fi
	# shellcheck disable=SC2206,SC2154
	kbuild+=($kargs CC="${3:+$3 }$cc")
}
read_desc() {
	[ -f "$1/build.env" ] || fail "$1/build.env: no build descriptor (mk/desc.sh writes it)"
	# shellcheck disable=SC1091
	. "$1/build.env"
}
rebuild_w() {
	jq -r --arg bw "$2" 'if .level == null then $bw elif .level == 0 then "" else .level end' <<< "$1"
}
build_name() {
	local v=
	[ "${3:-}" != profile ] || v=-profile
	echo "$1-W$2$v"
}
build_result() {
	local s
	s=$(cat "$1/status") || fail_with 3 "$1/status: cannot read"
	case $s in 0) echo ok ;; 124) echo timeout ;; *) echo failed ;; esac
}
captured() {
	local d=$1 s=$2 t f
	shift 2
	[ $# != 0 ] || { find "$d" -name ".*.$s" -type f | sort; return; }
	for t; do
		f=$d/$t
		f=${f%/*}/.${f##*/}.$s
		[ ! -f "$f" ] || echo "$f"
	done | sort
}
scratch_desc() {
	make -s -C "${MK%/mk}" scratch-desc SCRATCH="$1" TOOLCHAIN="$2" O="${O:?}" ||
		fail "toolchain $2: no descriptor for $1 (make scratch-desc, its lines above)"
	[ $# -le 2 ] || "$MK/desc.sh" -u "$1" "${@:3}"
}
step_cost() {
	printf '%s\t%s\n' "$(awk -v a="$1" -v b="$(children_cpu)" 'BEGIN { printf "%.1f", b - a }')" \
		"$(cut -d' ' -f2 /proc/loadavg)"
}
run_job() {
	while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
	{ s=0; "${@:2}" || s=$?; echo "$s" > "$1"; } &
}
in_parts() {
	local f=$1 in=$2 out=$3 n i s
	n=$(nproc)
	awk -v o="$in" -v n="$n" '{ print > (o "." (NR - 1) % n) }
		END { for (i = 0; i < n; i++) printf "" >> (o "." i) }' "$in"
	# (a function's redirections: run_job runs a command)
	# shellcheck disable=SC2317
	in_part() { "$1" < "$2" > "$3"; }
	for ((i = 0; i < n; i++)); do run_job "$out.$i.status" in_part "$f" "$in.$i" "$out.$i"; done
	wait
	for ((i = 0; i < n; i++)); do cat "$out.$i"; done > "$out"
	for ((i = 0; i < n; i++)); do
		s=$(cat "$out.$i.status")
		[ "$s" = 0 ] || return "$s"
	done
}
children_cpu() {
	local s
	# /proc/PID/stat's cutime and cstime, its 16th and 17th fields (the
	# 2nd, the command's name, ends with the last ')'), in clock ticks
	read -r s < /proc/$$/stat
	read -ra s <<< "${s##*) }"
	awk -v t=$((s[13] + s[14])) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f\n", t / hz }'
}
