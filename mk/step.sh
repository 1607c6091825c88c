#!/bin/bash
# step.sh - run one step of a build and log it: the one step log of every
# command (corpus, repro, why, newwarn, series-check, boot), Buildroot's
# way.
#
# Usage: step.sh BUILDDIR COMMAND...
#        step.sh BUILDDIR --step STEP COMMAND...
# Runs COMMAND (mk/build.sh, mk/corpus.sh or qemu/boot.sh on BUILDDIR; with
# --step, any command doing STEP: make bench's timed kernel builds),
# then adds one line to the step log BUILDDIR's descriptor names (steplog,
# mk/desc.sh): UTC time, step (build, parse, records or boot), seconds,
# result, BUILDDIR, CPU seconds (COMMAND's processes, user and system),
# the 5-minute load at its end, tab-separated. The result is COMMAND's: "error N" when
# it failed; for a build that ran, the kernel's (ok, failed, timeout: the
# build's status). Exits with COMMAND's status.
STEP=step
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || fail "usage: step.sh BUILDDIR COMMAND..."
dir=$1
shift
read_desc "$dir"
case "$(basename -- "$1") ${2:-}" in
"--step "*)
	[ $# -ge 3 ] || fail "usage: step.sh BUILDDIR --step STEP COMMAND..."
	step=$2
	shift 2 ;;
"build.sh "*) step=build ;;
"corpus.sh records") step=records ;;
"corpus.sh "*) step=parse ;;
"boot.sh "*) step=boot ;;
*) fail "$1: not a step (build.sh, corpus.sh or boot.sh)" ;;
esac
start=$SECONDS cpu0=$(children_cpu)
status=0
"$@" || status=$?
if [ "$status" != 0 ]; then
	result="error $status"
elif [ "$step" = build ]; then
	result=$(build_result "$dir")
else
	result=ok
fi
# one short line, one write: appends of concurrent steps do not mix
[ -z "${steplog:-}" ] || printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$step" $((SECONDS - start)) "$result" "$dir" \
	"$(step_cost "$cpu0")" >> "$steplog"
exit "$status"
