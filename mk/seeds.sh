#!/bin/bash
# seeds.sh - the seeds SEEDS names ("1-100 200"): one a line, each once, in
# the order given. mk/settings.mk has checked them (at most SEEDS_MAX).
#
# Usage: seeds.sh SEED|FIRST-LAST...
STEP=seeds
. "$(dirname "$0")/lib.sh"
for r; do
	case $r in
	*-*) seq "${r%-*}" "${r#*-}" ;;
	*) echo "$r" ;;
	esac
done | awk '!seen[$0]++'
