# slurm.mk - make corpus's campaign on a Slurm cluster: one array job whose
# tasks each run make corpus on their seeds in a node-local O=, into a
# shared staging directory, and one job after them that runs make merge
# into CORPUS. Plain sbatch; squeue, scontrol and sacct watch it.
#
#   make slurm SEEDS=1-1000 [TOOLCHAINS= WLEVELS= P= ...] [PARTITION= ACCOUNT=
#              TIME_LIMIT= TASK_CPUS= SEEDS_PER_TASK= MAX_TASKS= NODE_O= STAGING=]
#
# Only the seeds CORPUS does not hold whole (a corpus file of every
# toolchain and level, a branch profile of every boot toolchain with
# BOOT=1) are submitted: after a task died, the same command builds what
# it left. mk/tools/slurm.sh does it.

# where each task builds: a directory on the node's own disk (the tree is
# unpacked there once per node, the builds stay for the next task)
NODE_O ?= /var/tmp/kwarn
# where the tasks write their corpora, to be merged: shared by every node
# (on CORPUS's file system, merge hard-links instead of copying)
STAGING ?= $(CORPUS)-staging
override STAGING := $(abspath $(STAGING))
TASK_CPUS ?= 8
SEEDS_PER_TASK ?= 10
# the most tasks running at once (the array's %N); 0: Slurm's limits
MAX_TASKS ?= 0
PARTITION ?=
ACCOUNT ?=
TIME_LIMIT ?=

# the files that make a seed whole in CORPUS (as campaign.mk names them)
slurm-names = $(foreach t,$(TOOLCHAINS),$(foreach w,$(WLEVELS),$(call build-name,$(t),$(w),plain).jsonl.zst)) \
	$(if $(filter 1,$(BOOT)),$(foreach t,$(BOOT_TOOLCHAINS),$(call tc-name,$(t))-branches.jsonl.zst))

.PHONY: slurm
# the helpers are built here, once: the nodes share the checkout
slurm: helpers
	$(file >$(O)/slurm-seeds,$(CAMPAIGN_SEEDS))
	$(Q)SEEDS_FILE=$(O)/slurm-seeds CORPUS=$(CORPUS) RUN=$(RUN_DIR) STAGING=$(STAGING) NODE_O=$(NODE_O) \
		TASK_CPUS=$(TASK_CPUS) SEEDS_PER_TASK=$(SEEDS_PER_TASK) MAX_TASKS=$(MAX_TASKS) PARTITION='$(PARTITION)' \
		ACCOUNT='$(ACCOUNT)' TIME_LIMIT='$(TIME_LIMIT)' NAMES='$(strip $(slurm-names))' \
		$(TOP)/mk/tools/slurm.sh submit $(KWARN_CMDLINE)
