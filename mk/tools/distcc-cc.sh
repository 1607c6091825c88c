#!/bin/sh
# kwarn-distcc - one compile through distcc in pump mode, never plain distcc.
#
# Usage: kwarn-distcc COMPILER [ARG...]
#   Kbuild: CC="kwarn-cc kwarn-distcc clang-14", under mk/tools/distcc-pump.sh
#   (installed as $(O)/bin/kwarn-distcc, like kwarn-cc)
#
# The server compiles its copies of the files under a temporary root
# (TMPDIR/distccd_XXXXXX, see mk/tools/distcc-include-server.py): the paths in
# the diagnostics lose that prefix and read as on the client. When the
# include server cannot list a file's headers, distcc would preprocess the
# file locally and send the result (plain distcc), which changes the
# diagnostics; here the file is compiled locally instead, untouched.
# distcc's own messages go to its log, never to stderr (kwarn-cc keeps
# stderr as the object's diagnostics); its warnings (a host that failed, a
# compile retried locally) and the local compiles are added to
# $KWARN_DISTCC_LOG. Outside mk/tools/distcc-pump.sh (no include server: make
# prepare, run before it) it compiles locally. Exits with the compiler's
# status. /bin/sh, not bash with mk/lib.sh: it runs once per compile, from
# its copy in $(O)/bin; its line says "kwarn: distcc-cc: ..." all the same.
set -u
[ -n "${INCLUDE_SERVER_PORT:-}" ] || exec "$@"
out=- prev=
for a; do
	[ "$prev" != -o ] || out=$a
	prev=$a
done
note() { [ -z "${KWARN_DISTCC_LOG:-}" ] || cat >> "$KWARN_DISTCC_LOG"; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kwarn-distcc.XXXXXX") || exec "$@"
DISTCC_LOG=$tmp/log DISTCC_TESTING_INCLUDE_SERVER=1 distcc "$@" 2> "$tmp/err"
status=$?
# with DISTCC_TESTING_INCLUDE_SERVER, distcc exits (1) before compiling
# where it would have preprocessed locally
if [ $status != 0 ] && grep -q 'failed to get includes from include server' "$tmp/log"; then
	rm -rf "$tmp"
	echo "kwarn: distcc-cc: $out: include server gave up, compiled locally" | note
	exec "$@"
fi
sed 's#/[^[:space:]]*/distccd_[[:alnum:]]\{6\}/#/#g' "$tmp/err" >&2
grep ' Warning: ' "$tmp/log" | note
rm -rf "$tmp"
exit $status
