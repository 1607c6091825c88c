#!/bin/bash
# campaign-step.sh - one step of a campaign (mk/campaign.mk) and the
# campaign's progress line.
#
# Usage: campaign-step.sh LOG start TOTAL
#        STEP_LABEL= STEP_SEED= STEP_CORPUS= STEP_EMPTY= campaign-step.sh LOG KIND COMMAND...
#        campaign-step.sh LOG end
#
# KIND is config, build or boot, STEP_LABEL what the progress line calls
# it, STEP_SEED its seed. COMMAND (the step's sub-make) runs as it is;
# then one line "KIND SEED RESULT SECONDS LABEL CPU LOAD" (tab-separated:
# wall seconds; CPU seconds of the step's processes, user and
# system; the 5-minute load average at its end, what its wall time is read
# against) is added to LOG under its lock, and builds and boots print the
# progress:
#   DONE     seed 7 gcc-12 W=123: ok, 95 s (180 s CPU, load 2.04); 12/3000 done, 1 failed, 0:20:14 so far, ETA 83:10:00
# RESULT: ok; failed or timeout (the kernel's, as STEP_CORPUS's build
# record says, a corpus file: a finding); error (the step itself failed:
# the campaign goes on, and "end" exits 1); skipped (its seed's config
# failed). STEP_EMPTY: a build directory to empty once the step is ok
# (KEEP_BUILDS=0), keeping its stamps; .kwarn-emptied says it was.
# Exit: 0, or 1 from "end" when a step erred; 2 usage.
STEP=campaign
# the step's sub-make is in the campaign's jobserver: its flags go to it
# (lib.sh drops them for every other make)
step_makeflags=${MAKEFLAGS:-}
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || fail "usage: campaign-step.sh LOG start TOTAL | LOG KIND COMMAND... | LOG end"
log=$1 kind=$2
shift 2

# make -n: the step's make prints its commands; nothing is run or logged
if [ -n "$make_dry_run" ]; then
	case $kind in start | end) exit 0 ;; esac
	MAKEFLAGS=$step_makeflags exec "$@"
fi

hms() { printf '%d:%02d:%02d' $(($1 / 3600)) $(($1 / 60 % 60)) $(($1 % 60)); }

case $kind in
start)
	[ $# = 1 ] || fail "usage: campaign-step.sh LOG start TOTAL"
	printf 'start\t%s\t%s\n' "$(date +%s)" "$1" > "$log"
	exit 0 ;;
end)
	awk -F '\t' '
		$1 == "start" { total = $3 }
		$1 == "build" || $1 == "boot" { n[$1]++; r[$3]++ }
		END {
			printf "  CAMPAIGN %d builds and %d boots of %d: %d ok, %d failed, %d timeout, %d error, %d skipped\n",
				n["build"], n["boot"], total, r["ok"], r["failed"], r["timeout"], r["error"], r["skipped"]
		}' "$log"
	errors=$(awk -F '\t' '$3 == "error" { printf "%s%s", sep, $5; sep = "; " }' "$log")
	[ -z "$errors" ] || fail_with 1 "these steps failed (their output is above), the others went on: $errors (log: $log)"
	exit 0 ;;
config | build | boot) ;;
*) fail "KIND must be start, config, build, boot or end, not '$kind'" ;;
esac

[ $# -ge 1 ] || fail "usage: STEP_LABEL= STEP_SEED= [STEP_CORPUS=] [STEP_EMPTY=] campaign-step.sh LOG $kind COMMAND..."
need_vars STEP_LABEL STEP_SEED
label=$STEP_LABEL seed=$STEP_SEED corpus=${STEP_CORPUS:-} empty=${STEP_EMPTY:-}
unset STEP_LABEL STEP_SEED STEP_CORPUS STEP_EMPTY
cpu0=$(children_cpu)
start=$SECONDS
if [ "$kind" != config ] && grep -q "^config"$'\t'"$seed"$'\t'error "$log"; then
	result=skipped
elif MAKEFLAGS=$step_makeflags "$@"; then
	result=ok
	if [ -n "$corpus" ]; then
		status=$(first_line "$corpus" | jq -e -r .status) ||
			fail "$corpus: no build record to read"
		[ "$status" = ok ] || result=$status
	fi
	# under the build's lock (mk/desc.sh's): another run's parse of it
	# goes first, or finds it emptied (mk/corpus.sh)
	if [ -n "$empty" ] && [ "$result" != timeout ] && [ -d "$empty" ]; then
		(flock 8 && find "$empty" -mindepth 1 -maxdepth 1 ! -name '.kwarn-built*' -exec rm -rf {} + &&
			touch "$empty/.kwarn-emptied") 8> "$empty.lock"
	fi
else
	result=error
fi
IFS=$'\t' read -r cpu load < <(step_cost "$cpu0")
line=$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s' "$kind" "$seed" "$result" $((SECONDS - start)) "$label" "$cpu" "$load")
# one writer at a time; the counts are read under the same lock
exec 9>> "$log.lock"
flock 9
echo "$line" >> "$log"
[ "$kind" != config ] || { [ "$result" = ok ] || warn "$label: the config step failed: the seed's builds are skipped"; exit 0; }
read -r done failed total began < <(awk -F '\t' '
	$1 == "start" { began = $2; total = $3 }
	$1 == "build" || $1 == "boot" { d++; if ($3 != "ok") f++ }
	END { print d + 0, f + 0, total + 0, began + 0 }' "$log")
elapsed=$(($(date +%s) - began))
eta=$((elapsed * (total - done) / (done > 0 ? done : 1)))
say DONE "$label: $result, $((SECONDS - start)) s ($(printf %.0f "$cpu") s CPU, load $load); $done/$total done, $failed failed, $(hms "$elapsed") so far, ETA $(hms "$eta")"
