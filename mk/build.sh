#!/bin/bash
# build.sh - configure and build one kernel, keeping going on errors.
#
# Usage: build.sh SEED_CONFIG BUILDDIR JOBS W KMAKE...
# Writes BUILDDIR/make.log, BUILDDIR/status (make's exit code),
# BUILDDIR/config.diff (symbols olddefconfig changed for this toolchain)
# and BUILDDIR/seconds. Prints a progress line every 100 objects.
set -euo pipefail
seedconfig=$1 dir=$2 jobs=$3 w=$4
shift 4
mkdir -p "$dir"
# keep .config's mtime when nothing changed: incremental rebuilds
if ! cmp -s "$seedconfig" "$dir/.config.seed"; then
	cp "$seedconfig" "$dir/.config"
	cp "$seedconfig" "$dir/.config.seed"
fi
"$@" olddefconfig > "$dir/olddefconfig.log" 2>&1 || {
	cat "$dir/olddefconfig.log" >&2; exit 1; }
diff <(grep '^CONFIG_' "$seedconfig" | sort) <(grep '^CONFIG_' "$dir/.config" | sort) |
	sed -n 's/^\([<>]\) /\1/p' > "$dir/config.diff" || true

start=$(date +%s)
set +e
"$@" -k -j"$jobs" -Otarget W="$w" all 2>&1 | tee "$dir/make.log" |
	awk -v d="$(basename "$dir")" '/^  (CC|AS) /{ if (++n % 100 == 0) printf "  %-8s %s: %d objects\n", "BUILD", d, n; fflush() }'
status=${PIPESTATUS[0]}
set -e
echo $(( $(date +%s) - start )) > "$dir/seconds"
echo "$status" > "$dir/status"
[ "$status" = 0 ] || echo "  BUILD    $(basename "$dir"): make exited $status (recorded)"
