#!/bin/sh
# tree.sh - unpack TARBALL, apply the quilt series in SERIES, and bring TREE
# to exactly that content, touching only files whose content changed.
#
# Usage: tree.sh TARBALL TREE SERIES STAMP
# A patch that does not apply stops here, naming the patch and the hunk.
# STAMP marks the result; run under a lock, a second run that finds it
# (another run prepared the same tree meanwhile) does nothing.
set -eu
tarball=$1 tree=$2 series=$3 stamp=${4:-}
[ -z "$stamp" ] || [ ! -e "$stamp" ] || exit 0
new=$tree.new.$$
trap 'rm -rf "$new"' EXIT INT TERM
rm -rf "$tree".new.*
mkdir -p "$new"
tar -xf "$tarball" -C "$new" --strip-components=1
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series/series" | while read -r p _; do
	echo "  PATCH    $p"
	if ! out=$(patch -d "$new" -p1 -N -s --no-backup-if-mismatch -F0 < "$series/$p" 2>&1); then
		echo "$out" >&2
		echo "kwarn: series/$p does not apply to $(basename "$tarball")" >&2
		exit 1
	fi
done
if [ -d "$tree" ]; then
	# -c: compare contents; no -t: unchanged files keep their mtime
	rsync -rlc --delete --exclude='/.kwarn-tree-*' "$new/" "$tree/"
	rm -f "$tree"/.kwarn-tree-*
else
	mv "$new" "$tree"
fi
[ -z "$stamp" ] || touch "$stamp"
