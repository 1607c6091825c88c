#!/bin/bash
# tree.sh - unpack TARBALL, apply the quilt series in SERIES, and bring TREE
# to exactly that content, touching only files whose content changed.
#
# Usage: [STAMP=FILE] tree.sh TARBALL TREE SERIES
# A patch that does not apply stops here, naming the patch and the hunk.
# STAMP (O/src/.kwarn-tree-NAME-ID) marks the result; run under a lock, a
# second run that finds it (another run prepared the same tree meanwhile)
# does nothing.
# Exit 1 when a patch does not apply (bad input), 3 when the tree cannot
# be written.
STEP=tree
. "$(dirname "$0")/lib.sh"
[ $# = 3 ] || fail "usage: [STAMP=FILE] tree.sh TARBALL TREE SERIES"
tarball=$1 tree=$2 series=$3 stamp=${STAMP:-}
[ -z "$stamp" ] || [ ! -e "$stamp" ] || exit 0
new=$tree.new.$$
trap 'rm -rf "$new"' EXIT INT TERM
rm -rf "$tree".new.*
mkdir -p "$new" || fail_with 3 "cannot create $new"
tar -xf "$tarball" -C "$new" --strip-components=1 || fail_with 3 "cannot unpack $tarball into $new"
[ -r "$series/series" ] || fail_with 3 "$series/series: cannot read"
# (a process substitution: fail_with in the loop stops the script itself)
while read -r p _; do
	say PATCH "$p"
	out=$(patch -d "$new" -p1 -N -s --no-backup-if-mismatch -F0 < "$series/$p" 2>&1) || {
		printf '%s\n' "$out" >&2
		fail_with 1 "series/$p does not apply to $(basename "$tarball")"
	}
done < <(series_patches "$series/series")
if [ -d "$tree" ]; then
	# -c: compare contents; no -t: unchanged files keep their mtime
	rsync -rlc --delete "$new/" "$tree/" || fail_with 3 "cannot update $tree"
	# the stamps of the content it had
	rm -f "$(dirname "$tree")/.kwarn-tree-$(basename "$tree")"-*
else
	mv "$new" "$tree" || fail_with 3 "cannot rename $new to $tree"
fi
[ -z "$stamp" ] || touch "$stamp"
