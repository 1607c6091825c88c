#!/bin/bash
# slurm.sh - a campaign on a Slurm cluster (mk/tools/slurm.mk): what make slurm
# submits, and what its jobs run.
#
# Usage: SEEDS_FILE= CORPUS= RUN= STAGING= NODE_O= TASK_CPUS= SEEDS_PER_TASK= MAX_TASKS=
#        PARTITION= ACCOUNT= TIME_LIMIT= NAMES= slurm.sh submit [SETTING...]
#        slurm.sh task SUB NODE_O CPUS [SETTING...]     (array task SLURM_ARRAY_TASK_ID)
#        slurm.sh merge SUB CORPUS NODE_O [SETTING...]  (after every task)
#
# submit (its settings named as make slurm's): the seeds of SEEDS_FILE
# (one line, make's CAMPAIGN_SEEDS) that CORPUS/RUN does not hold whole
# (every file of NAMES, space-separated, in CORPUS/RUN/seed-N/) go to tasks
# of SEEDS_PER_TASK seeds, one line each in SUB/tasks, SUB a new directory
# of STAGING; then one sbatch of an array job (a task per line, MAX_TASKS
# at once, 0: no limit) and one of a merge job that depends on it
# (afterany: it runs whatever the tasks' ends). PARTITION, ACCOUNT,
# TIME_LIMIT: empty leaves them to Slurm. SETTINGs are the user's make
# settings, handed to every job's make.
# task: make corpus of line SLURM_ARRAY_TASK_ID's seeds in the node-local
# O=NODE_O, JOBS=CPUS, into SUB/corpus: make corpus's ending is the task's
# (a kernel that does not build is a finding: the task ends ok).
# merge: make merge FROM=SUB/corpus into CORPUS; SUB/corpus goes once it
# is merged; then which seeds CORPUS still lacks.
# Exit: 0; 1 when the merge job finds seeds missing; 2 usage or setup.
STEP=slurm
# lib.sh drops MAKEFLAGS: sbatch hands the jobs this environment, and a
# task's make must not look for the submitting make's jobserver
. "$(dirname "$0")/../lib.sh"
top=${MK%/mk}

# missing SUB: the seeds of SUB/seeds that SUB/run lacks a file of SUB/names of
missing() {
	local run s n d
	run=$(cat "$1/run")
	while read -r s; do
		seed_dir d "$run" "$s"
		while read -r n; do
			[ -f "$d/$n" ] || { echo "$s"; break; }
		done < "$1/names"
	done < "$1/seeds"
}
# ranges: numbers, one a line, as "1-3 7 9-10" (consecutive ones joined)
ranges() {
	awk 'NR > 1 && $1 == last + 1 { last = $1; next }
		NR > 1 { printf "%s%s", sep, (first == last ? first : first "-" last); sep = " " }
		{ first = last = $1 }
		END { if (NR) printf "%s%s", sep, (first == last ? first : first "-" last); print "" }'
}
plural() { if [ "$1" = 1 ]; then echo "1 $2"; else echo "$1 $2s"; fi; }

[ $# -ge 1 ] || fail "usage: slurm.sh submit ... | task ... | merge ..."
what=$1
shift
case $what in
submit)
	need_vars SEEDS_FILE CORPUS RUN STAGING NODE_O TASK_CPUS SEEDS_PER_TASK MAX_TASKS NAMES
	seeds_file=$SEEDS_FILE corpus=$CORPUS run=$CORPUS/$RUN staging=$STAGING node_o=$NODE_O cpus=$TASK_CPUS
	per=$SEEDS_PER_TASK max=$MAX_TASKS partition=${PARTITION:-} account=${ACCOUNT:-} time=${TIME_LIMIT:-} names=$NAMES
	# (sbatch hands the jobs this environment: their makes take settings from their command lines alone)
	unset SEEDS_FILE CORPUS RUN STAGING NODE_O TASK_CPUS SEEDS_PER_TASK MAX_TASKS PARTITION ACCOUNT TIME_LIMIT NAMES
	command -v sbatch > /dev/null ||
		fail "sbatch: not found; make slurm submits from a machine with Slurm's client and the cluster's slurm.conf (Debian: slurm-client)"
	sub=$staging/$(date -u +%Y%m%dT%H%M%SZ)-$$
	mkdir -p "$sub/corpus" || fail_with 3 "$sub: cannot make the staging directory"
	tr ' ' '\n' < "$seeds_file" | sed '/^$/d' > "$sub/seeds"
	# shellcheck disable=SC2086 # file names, without spaces
	printf '%s\n' $names > "$sub/names"
	echo "$run" > "$sub/run"
	missing "$sub" > "$sub/missing"
	total=$(wc -l < "$sub/seeds") todo=$(wc -l < "$sub/missing")
	if [ "$todo" = 0 ]; then
		say SLURM "$(plural "$total" seed), $total of them in CORPUS: nothing to submit"
		rm -r "$sub"
		rmdir --ignore-fail-on-non-empty "$staging"
		exit 0
	fi
	# a task per PER_TASK seeds, in the campaign's order
	mapfile -t todo_seeds < "$sub/missing"
	for ((i = 0; i < todo; i += per)); do printf '%s\n' "${todo_seeds[@]:i:per}" | ranges; done > "$sub/tasks"
	ntasks=$(wc -l < "$sub/tasks")
	say SLURM "$(plural "$total" seed), $((total - todo)) of them in CORPUS: $todo to build in $(plural "$ntasks" task) (SEEDS_PER_TASK=$per)"
	# the jobs' scripts: what each runs, readable and runnable by hand
	printf '#!/bin/bash\n# kwarn: the seeds of line SLURM_ARRAY_TASK_ID of tasks, built in the node-local O=\nexec %s\n' \
		"$(printf '%q ' "$MK/tools/slurm.sh" task "$sub" "$node_o" "$cpus" "$@")" > "$sub/task.sh"
	printf '#!/bin/bash\n# kwarn: after every task: make merge of corpus/ into CORPUS\nexec %s\n' \
		"$(printf '%q ' "$MK/tools/slurm.sh" merge "$sub" "$corpus" "$node_o" "$@")" > "$sub/merge.sh"
	chmod +x "$sub/task.sh" "$sub/merge.sh"
	opts=(--parsable --chdir="$top")
	[ -z "$partition" ] || opts+=(--partition="$partition")
	[ -z "$account" ] || opts+=(--account="$account")
	[ -z "$time" ] || opts+=(--time="$time")
	tasks=1-$ntasks
	[ "$max" = 0 ] || tasks+=%$max
	array=$(sbatch "${opts[@]}" --job-name=kwarn --array="$tasks" \
		--cpus-per-task="$cpus" --output="$sub/task-%a.log" "$sub/task.sh") ||
		{ rm -r "$sub"; rmdir --ignore-fail-on-non-empty "$staging"; fail "sbatch of the array job failed (its lines above); nothing submitted"; }
	array=${array%%;*}
	merge=$(sbatch "${opts[@]}" --job-name=kwarn-merge --dependency="afterany:$array" \
		--output="$sub/merge.log" "$sub/merge.sh") || {
		scancel "$array"
		fail "sbatch of the merge job failed (its line above); array job $array cancelled"
	}
	merge=${merge%%;*}
	printf 'array %s\nmerge %s\n' "$array" "$merge" > "$sub/jobs"
	say SLURM "array job $array: $(plural "$ntasks" task) ($sub/tasks), logs $sub/task-N.log"
	say SLURM "merge job $merge: after every task, make merge into CORPUS; log $sub/merge.log"
	echo "  watch: squeue -j $array,$merge; scontrol show job $array; sacct -j $array,$merge (with accounting)"
	;;
task)
	[ $# -ge 3 ] || fail "usage: slurm.sh task SUB NODE_O CPUS [SETTING...]"
	sub=$1 node_o=$2 cpus=$3
	shift 3
	need_vars SLURM_ARRAY_TASK_ID
	seeds=$(sed -n "${SLURM_ARRAY_TASK_ID}p" "$sub/tasks")
	[ -n "$seeds" ] || fail "task $SLURM_ARRAY_TASK_ID: $sub/tasks has no such line"
	say TASK "${SLURM_ARRAY_JOB_ID:-}_$SLURM_ARRAY_TASK_ID on $(hostname): seeds $seeds, O=$node_o"
	cd "$top"
	exec make corpus "$@" SEEDS="$seeds" O="$node_o" CORPUS="$sub/corpus" JOBS="$cpus"
	;;
merge)
	[ $# -ge 3 ] || fail "usage: slurm.sh merge SUB CORPUS NODE_O [SETTING...]"
	sub=$1 corpus=$2 node_o=$3
	shift 3
	cd "$top"
	make merge "$@" FROM="$sub/corpus" CORPUS="$corpus" O="$node_o" ||
		fail "make merge failed (its lines above): $sub/corpus is kept"
	rm -rf "$sub/corpus"
	missing "$sub" > "$sub/missing"
	todo=$(wc -l < "$sub/missing") total=$(wc -l < "$sub/seeds")
	[ "$todo" = 0 ] || fail_with 1 "missing in $(cat "$sub/run"): seed $(ranges < "$sub/missing") ($todo of $total); make slurm with the same settings builds them"
	say SLURM "$(cat "$sub/run"): every seed of the $total is there"
	;;
*) fail "usage: slurm.sh submit ... | task ... | merge ..." ;;
esac
