#!/bin/bash
# make slurm on a real Slurm: munged, slurmctld and slurmd started here
# from a configuration in a scratch directory (one node, 2 CPUs, loopback
# and ports of their own), stopped at the end whatever happens. A two-seed
# campaign of the small test kernel (gcc-12 W=1, one seed per task) runs
# with the tests' O= as the node's: seed 1's build is the one t22 and t42
# share (its task parses it), seed 2's is built by its task (t11 builds
# both from scratch in an O= of its own), and the merge job's corpus
# holds each seed's golden bytes. Seed 2's task is cancelled while it
# builds (its stamp removed first, so a warm O= builds it again too):
# the merge job still runs and says seed 2 is missing, and the same make
# slurm again builds seed 2 alone.
# Every wait is on a condition, bounded by a deadline far above the
# slowest run seen (969 s for the whole test at a load of 13).
. "$(dirname "$0")/lib.sh"
plan 10
need corpus gcc-12 1
s=$TESTDIR/slurm
want1=$(sed -n 's/^corpus-W1 //p' "$GOLDEN")
want2=$(sed -n 's/^corpus-W1-seed-2 //p' "$GOLDEN")

# The daemons carry SLURM_CONF=$s/slurm.conf in their environment: only
# processes that do are killed, so a stale pids file (a run killed with
# SIGKILL) never names someone else's process
export SLURM_CONF=$s/slurm.conf
ours() { tr '\0' '\n' 2> /dev/null < "/proc/$1/environ" | grep -qxF "SLURM_CONF=$SLURM_CONF"; }
stop_slurm() {
	local p
	if [ -f "$s/pids" ]; then
		while read -r p; do ! ours "$p" || kill "$p" 2> /dev/null || true; done < "$s/pids"
		# (slurmd that cannot reach slurmctld ignores SIGTERM)
		while read -r p; do
			for _ in $(seq 100); do ours "$p" || break; sleep 0.1; done
			! ours "$p" || kill -9 "$p" 2> /dev/null || true
		done < "$s/pids"
		rm -f "$s/pids"
	fi
	[ ! -f "$s/sockdir" ] || { rm -rf "$(cat "$s/sockdir")"; rm -f "$s/sockdir"; }
}
trap 'stop_slurm; tap_plan' EXIT
trap 'exit 1' INT TERM
stop_slurm
rm -rf "$s"
mkdir -p "$s/munge" "$s/state" "$s/spool" "$s/log"
chmod 0700 "$s/munge"
head -c 1024 /dev/urandom > "$s/munge/munge.key"
chmod 0400 "$s/munge/munge.key"
# munged refuses a socket that not every user can reach: every directory
# above it must be searchable by all (TESTDIR under root's 0700 home is
# not: munged exits, and slurmd says only "Zero Bytes were transmitted or
# received") and its own directory readable by all (mktemp -d's is 0700)
sockdir=$(mktemp -d /tmp/kwarn-munge.XXXXXX)
echo "$sockdir" > "$s/sockdir"
chmod 0755 "$sockdir"
sock=$sockdir/munge.socket
# two ports nothing listens on, below the kernel's ephemeral range (no
# outgoing connection holds them) and away from Slurm's 6817 and 6818
port() {
	local p
	for p in $(shuf -i 20000-32000 -n 50); do
		[ "$p" != "${1:-}" ] || continue
		ss -Htln "sport = :$p" | grep -q . || { echo "$p"; return; }
	done
}
ctld_port=$(port) slurmd_port=$(port "$ctld_port")
cat > "$SLURM_CONF" << EOF
ClusterName=kwarntest
SlurmctldHost=$(hostname -s)(127.0.0.1)
MailProg=/bin/true
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$sock
CryptoType=crypto/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/log/slurmctld.log
SlurmdLogFile=$s/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
# ended jobs stay known to scontrol for the whole test (default: 300 s)
MinJobAge=86400
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=kwarn1 NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=kwarn1 Default=YES MaxTime=INFINITE State=UP
EOF
# within SECS seconds CMD... succeeds (tried every second)
within() {
	local end=$((SECONDS + $1))
	shift
	until "$@"; do
		[ $SECONDS -lt $end ] || return 1
		sleep 1
	done
}
# a daemon's errors, its reason to stop among them (munged writes those
# before it opens its log; Slurm's plugins it has no library for left out)
why() {
	local f
	for f in "$s"/log/munged.out "$s"/log/slurmctld.out "$s"/log/slurmd.out; do
		grep -iE 'error|fatal' "$f" 2> /dev/null | grep -vE 'pmix|MPI|state file|NOTE: Trying' | tail -n 3
	done
}
alive() { local p; while read -r p; do ours "$p" || return 1; done < "$s/pids"; }
dead() { ! alive; }
start_slurm() {
	munged -F --key-file="$s/munge/munge.key" --socket="$sock" --pid-file="$s/munge/munged.pid" \
		--log-file="$s/log/munged.log" --seed-file="$s/munge/munged.seed" > "$s/log/munged.out" 2>&1 &
	echo $! >> "$s/pids"
	within 120 bash -c "[ -S '$sock' ] || ! kill -0 $! 2> /dev/null" && [ -S "$sock" ] ||
		{ echo "munged is not serving $sock:"; why; return 1; }
	slurmctld -D -i > "$s/log/slurmctld.out" 2>&1 &
	echo $! >> "$s/pids"
	slurmd -D -N kwarn1 > "$s/log/slurmd.out" 2>&1 &
	echo $! >> "$s/pids"
	# idle: slurmd has registered with slurmctld; a daemon that exits
	# ends the wait at once
	within 300 eval 'dead || [ "$(sinfo -h -n kwarn1 -o %T 2> /dev/null)" = idle ]' && alive && return 0
	echo "the node is not idle ($(sinfo -h -n kwarn1 -o %T 2>&1 | head -n 1)); daemons alive: $(alive && echo all || echo not all)"
	why
	return 1
}
ok "setup: munged, slurmctld and slurmd on 127.0.0.1:$ctld_port,$slurmd_port, the node idle" start_slurm

# seed 2's build made again by its task, whatever an earlier run left
b2=$O/$TEST_RUN/seed-2/gcc-12-W1
rm -f "$b2/.kwarn-built"
slurm() {	# make slurm of the test campaign, run under make -j2 (a jobserver in MAKEFLAGS)
	tmake -j2 -s slurm SEEDS=1-2 W=1 WLEVELS=1 TOOLCHAINS=gcc-12 CORPUS="$s/corpus" \
		STAGING="$s/staging" NODE_O="$O" TASK_CPUS=2 SEEDS_PER_TASK=1 PARTITION=test TIME_LIMIT=30
}
# jobs OUT: the array and merge job ids make slurm printed
jobs() { sed -n 's/^  SLURM    \(array\|merge\) job \([0-9]*\).*/\2/p' "$1" | paste -sd ' '; }
# ended IDS: Slurm has none of the jobs IDS (comma-separated) queued or
# running (a squeue that fails says nothing)
ended() { local q; q=$(squeue -h -j "$1" 2> /dev/null) && [ -z "$q" ]; }
sha() { sha256sum < "$1" | cut -c1-64; }
export -f sha
c=$s/corpus/$TEST_RUN

slurm > "$s/submit1.out" 2>&1
read -r array merge <<< "$(jobs "$s/submit1.out")"
ok "make slurm: one array job of 2 tasks and a merge job after it; how to watch them" bash -c "
	test -n '$array' -a -n '$merge' && grep -qx '  SLURM    2 seeds, 0 of them in CORPUS: 2 to build in 2 tasks (SEEDS_PER_TASK=1)' $s/submit1.out &&
	grep -q 'squeue -j $array,$merge' $s/submit1.out &&
	scontrol show job $merge | grep -q 'Dependency=afterany:${array}_\*'"
# seed 2's task is cancelled once its kernel build has begun
within 3600 test -e "$b2/.kwarn-building"
scancel "${array}_2"
within 3600 ended "$array,$merge"
ok "seed 2's task cancelled while it built: Slurm says so; the merge job ran after it and says seed 2 is missing" bash -c "
	scontrol show job ${array}_2 | grep -q 'JobState=CANCELLED' &&
	scontrol show job ${array}_1 | grep -q 'JobState=COMPLETED' &&
	scontrol show job $merge | grep -q 'JobState=FAILED' && scontrol show job $merge | grep -q ' ExitCode=1:0' &&
	grep -qx 'kwarn: slurm: missing in $s/corpus/$TEST_RUN: seed 2 (1 of 2); make slurm with the same settings builds them' $s/staging/*/merge.log"
ok "seed 1 in the merged corpus: its golden bytes, no jobserver inherited by the task" bash -c "
	test \"\$(sha $c/seed-1/gcc-12-W1.jsonl.zst)\" = $want1 && test ! -e $c/seed-2/gcc-12-W1.jsonl.zst &&
	! grep -i jobserver $s/staging/*/task-1.log"
stat -c '%i %Y' "$c/seed-1/gcc-12-W1.jsonl.zst" > "$s/seed1.before"

slurm > "$s/submit2.out" 2>&1
read -r array merge <<< "$(jobs "$s/submit2.out")"
within 3600 ended "$array,$merge"
ok "make slurm again: one task, for seed 2 only, in the node's O= the cancelled task left" bash -c "
	grep -qx '  SLURM    2 seeds, 1 of them in CORPUS: 1 to build in 1 task (SEEDS_PER_TASK=1)' $s/submit2.out &&
	scontrol show job $array | grep -q 'JobState=COMPLETED' && scontrol show job $merge | grep -q 'JobState=COMPLETED'"
ok "seed 2 merged with its golden bytes; seed 1's file untouched" bash -c "
	test \"\$(sha $c/seed-2/gcc-12-W1.jsonl.zst)\" = $want2 && test \"\$(sha $c/seed-1/gcc-12-W1.jsonl.zst)\" = $want1 &&
	stat -c '%i %Y' $c/seed-1/gcc-12-W1.jsonl.zst | cmp -s - $s/seed1.before"
slurm > "$s/submit3.out" 2>&1
ok "make slurm a third time: every seed is in CORPUS, nothing submitted" bash -c "
	grep -qx '  SLURM    2 seeds, 2 of them in CORPUS: nothing to submit' $s/submit3.out && ! grep -q ' job ' $s/submit3.out"
stop_slurm

# A node with another gcc-12 package: its corpus files and CORPUS's (or
# another FROM's) of one RUN are refused by make merge, naming two
relabel() {	# relabel SEED VERSION DIR: seed 2's corpus as SEED's, with gcc-12's package at VERSION
	mkdir -p "$3/$TEST_RUN/seed-$1"
	zstd -dcq "$c/seed-2/gcc-12-W1.jsonl.zst" | sed "s/\"seed\":2,/\"seed\":$1,/;
		1s/\"gcc-12-arm-linux-gnueabi\":\"[^\"]*\"/\"gcc-12-arm-linux-gnueabi\":\"$2\"/" |
		zstd -q -3 -o "$3/$TEST_RUN/seed-$1/gcc-12-W1.jsonl.zst"
}
have=$(dpkg-query -W -f '${Version}' gcc-12-arm-linux-gnueabi)
relabel 3 12.2.0-99 "$s/A"
relabel 4 "$have" "$s/B"
find "$c" -printf '%P %s %T@\n' | sort > "$s/corpus.before"
make -C "$TOP" -s merge CORPUS="$s/corpus" FROM="$s/A" > "$s/merge.out" 2>&1
echo $? > "$s/rc"
find "$c" -printf '%P %s %T@\n' | sort > "$s/corpus.after"
ok "a FROM's gcc-12 corpus built with another gcc-12 package than CORPUS's: refused, one line naming both files, nothing written" bash -c "
	test \$(cat $s/rc) = 2 && cmp $s/corpus.before $s/corpus.after &&
	test \"\$(grep kwarn: $s/merge.out)\" = 'kwarn: merge: $c/seed-1/gcc-12-W1.jsonl.zst and $s/A/$TEST_RUN/seed-3/gcc-12-W1.jsonl.zst: toolchain gcc-12 of $TEST_RUN built with other packages: gcc-12-arm-linux-gnueabi=$have against gcc-12-arm-linux-gnueabi=12.2.0-99; nothing merged'"
make -C "$TOP" -s merge CORPUS="$s/corpus2" FROM="$s/B $s/A" > "$s/merge.out" 2>&1
echo $? > "$s/rc"
ok "the same between two FROMs: refused naming both, nothing written" bash -c "
	test \$(cat $s/rc) = 2 && test ! -e $s/corpus2 &&
	grep -qx 'kwarn: merge: $s/A/$TEST_RUN/seed-3/gcc-12-W1.jsonl.zst and $s/B/$TEST_RUN/seed-4/gcc-12-W1.jsonl.zst: toolchain gcc-12 of $TEST_RUN built with other packages: gcc-12-arm-linux-gnueabi=12.2.0-99 against gcc-12-arm-linux-gnueabi=$have; nothing merged' $s/merge.out"
