# lib.sh - sourced by kwarn's bash scripts: one way to report and fail.
#
#   STEP=repro
#   . "$(dirname "$0")/lib.sh"
#
#   say TAG TEXT     one aligned progress line on stdout, Kbuild style
#   fail TEXT        "kwarn: STEP: TEXT" on stderr, exit 2 (a setup error)
#   fail_with N TEXT the same, exit N (1: bad input or a finding; 3: I/O)
#
# Every script runs with set -euo pipefail: a command whose failure is
# expected says so where it runs (cmd || status=$?).
set -euo pipefail
say() { printf '  %-8s %s\n' "$1" "$2"; }
fail_with() {
	local code=$1
	shift
	echo "kwarn: ${STEP:?}: $*" >&2
	exit "$code"
}
fail() { fail_with 2 "$@"; }
