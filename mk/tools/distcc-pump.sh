#!/bin/bash
# distcc-pump.sh - run COMMAND (the kernel's make) with distcc in pump mode.
#
# Usage: DISTCC_HOSTS="127.0.0.1/2 buildbox/16" distcc-pump.sh LOG COMMAND...
#        DISTCC_HOSTS=... distcc-pump.sh LOG --probe COMPILER
#
# Pump mode sends each compile's source and headers to a distcc server,
# which preprocesses and compiles them there with the same command, so the
# compiler sees what it sees locally (plain distcc preprocesses locally and
# sends the result, which changes the diagnostics). Starts the include
# server (mk/tools/distcc-include-server.py: Debian's, fixed), gives every host
# of DISTCC_HOSTS ",cpp,lzo" (localhost compiles locally: leave it), runs
# COMMAND and stops the server. CC must be "kwarn-cc kwarn-distcc
# COMPILER" (mk/tools/distcc.mk): kwarn-distcc maps the server's paths back,
# keeps plain distcc out and writes to LOG what did not compile remotely.
# Exits with COMMAND's status.
#
# --probe: compile a small file with COMPILER here and on each host: what
# the diagnostics depend on besides the sources (the compiler, the server's
# locale: quotes, translations) must be the same. Exits 1 when they differ
# on a host, and says where; 2 when the include server does not start.
STEP=distcc-pump
. "$(dirname "$0")/../lib.sh"
[ $# -ge 2 ] || fail "usage: distcc-pump.sh LOG COMMAND... | LOG --probe COMPILER"
need_vars DISTCC_HOSTS
log=$(realpath -m "$1")
shift
hosts=
for h in $DISTCC_HOSTS; do
	case $h in
	--*|localhost|localhost[/:,]*) ;;
	*)	case $h in *,cpp*) ;; *) h=$h,cpp ;; esac
		case $h in *,lzo*) ;; *) h=$h,lzo ;; esac ;;
	esac
	hosts="$hosts $h"
done
dir=$(mktemp -d "${TMPDIR:-/tmp}/kwarn-pump.XXXXXX")
pid=
stop() {
	[ -z "$pid" ] || { kill "$pid" 2> /dev/null; while kill -0 "$pid" 2> /dev/null; do sleep 0.1; done; }
	[ ! -s "$dir/stderr" ] || sed 's/^/include server: /' "$dir/stderr" >> "$log"
	rm -rf "$dir"
}
trap stop EXIT
# like distcc-pump: optimized, warnings on; it forks and returns when ready
if ! PYTHONOPTIMIZE=1 /usr/bin/python3 "$MK/tools/distcc-include-server.py" \
		--port "$dir/socket" --pid_file "$dir/pid" -d1 2> "$dir/stderr" ||
   ! pid=$(cat "$dir/pid") || [ ! -S "$dir/socket" ]; then
	cat "$dir/stderr" >&2
	fail "the include server did not start (packages distcc-pump, python3-lzo?)"
fi
# DISTCC_NO_REWRITE_CROSS: distcc would append "-target x86_64-linux-gnu"
# to clang commands without "-target" (the kernel says --target=) and name
# gcc by the host's triplet. DISTCC_MAX_DISCREPANCY: distcc demotes the
# rest of the build to plain mode after that many compiles that failed
# remotely and passed locally; never.
export INCLUDE_SERVER_PORT=$dir/socket KWARN_DISTCC_LOG=$log DISTCC_NO_REWRITE_CROSS=1 \
	DISTCC_MAX_DISCREPANCY=1000000000
if [ "$1" = --probe ]; then
	[ $# = 2 ] || fail "usage: distcc-pump.sh LOG --probe COMPILER"
	cc=$2
	p=$dir/probe
	mkdir -p "$p/include"
	# quotes, a tab before a caret, a macro's notes, a header by absolute path
	printf '%s\n' '#define PROBE_NEG(u) ((u) < 0)' \
		'static inline int probe_h(unsigned int u) { return PROBE_NEG(u); }' > "$p/include/probe.h"
	printf '%s\n' '#include "probe.h"' 'int probe(int i);' 'int probe(int i)' '{' \
		'	int unused;' '	return probe_h(i) + (i << 40);' '}' > "$p/probe.c"
	set -- "$cc" -Wall -Wextra -I"$p/include" -c "$p/probe.c" -o "$p/probe.o"
	# the locale the kernel's make leaves the compiler (it unexports LC_ALL)
	env -u LC_ALL "$@" 2> "$p/here" || true
	status=0
	for h in $hosts; do
		case $h in --*|localhost|localhost[/:,]*) continue ;; esac
		env -u LC_ALL DISTCC_HOSTS=$h "$MK/tools/distcc-cc.sh" "$@" 2> "$p/there" || true
		if ! cmp -s "$p/here" "$p/there"; then
			warn "${h%%,*} compiles $cc with other diagnostics than here" \
				"(another compiler version, or distccd not in the C locale?):"
			{ diff "$p/here" "$p/there" || true; } | head -n 6 >&2
			status=1
		fi
	done
	exit $status
fi
export DISTCC_HOSTS=${hosts# }
# COMMAND's status is this script's; the trap stops the server
status=0
"$@" || status=$?
exit $status
