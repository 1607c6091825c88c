#!/bin/bash
# merge-packages.sh - mk/tools/merge.sh's check that the corpus files of one RUN
# and toolchain were built with the same packages: files from machines
# whose compilers (or binutils, or armel libc) differ are not one campaign.
#
# Usage: merge-packages.sh CORPUS HEADS
#
# HEADS: merge.sh's five lines per corpus file coming in (REL, sha256,
# path and summary, tab-separated; line 1 of the file; its summary's first
# frame; two lines of its summary). Each build record's packages are held
# against those of CORPUS's first file of its RUN (the path above seed-N/)
# and toolchain, or when CORPUS has none, of the first file coming in (in
# path order).
# Exit: 0; 1 with one line per RUN and toolchain that differs, naming two
# files and a package; 2 usage.
STEP=merge
. "$(dirname "$0")/../lib.sh"
[ $# = 2 ] || fail "usage: merge-packages.sh CORPUS HEADS"
dest=$1 heads=$2
tab=$'\t'
# packages as one word list, "name=version" sorted by name; a prefix
# toolchain has none, and nothing to compare
pkgs='[.packages | to_entries | sort_by(.key)[] | "\(.key)=\(.value)"] | join(" ")'
# "RUN<tab>TOOLCHAIN<tab>PACKAGES<tab>FILE" of each build record coming in
list=$(jq -n -R -r "
	foreach inputs as \$l ({n: 0, a: []};
		if .n == 5 then {n: 1, a: [\$l]} else {n: (.n + 1), a: (.a + [\$l])} end;
		if .n == 5 then .a else empty end)
	| . as [\$meta, \$head]
	| (\$meta | split(\"\t\")) as [\$rel, \$sha, \$c]
	| (\$head | try fromjson catch null) as \$r
	| select((\$r | type) == \"object\" and (\$r.packages | type) == \"object\" and (\$r.toolchain | type) == \"string\")
	| [(\$rel | split(\"/\") | .[:-2] | join(\"/\")), \$r.toolchain, (\$r | $pkgs), \$c] | @tsv" < "$heads" |
	sort -t "$tab" -k1,1 -k2,2 -k4,4) ||
	fail "cannot read the build records (jq)"
[ -n "$list" ] || exit 0
# CORPUS's first file of each RUN and toolchain goes first in its group
refs=$(cut -f 1,2 <<< "$list" | uniq | while IFS=$tab read -r run tc; do
	for f in "$dest/${run:+$run/}"seed-*/"$tc"-W*.jsonl.zst; do
		[ -f "$f" ] || continue
		p=$(first_line "$f" | jq -r "select(.packages | type == \"object\") | $pkgs") ||
			fail "$f: line 1 is not a build record"
		[ -z "$p" ] || printf '%s\t%s\t%s\t%s\n' "$run" "$tc" "$p" "$f"
		break
	done
done) || exit
bad=$({ [ -z "$refs" ] || printf '%s\n' "$refs"; printf '%s\n' "$list"; } | awk -F '\t' '
	{ g = $1 "\t" $2 }
	!(g in ref) { ref[g] = $3; file[g] = $4; next }
	$3 != ref[g] && !(g in told) {
		told[g] = 1
		na = split(ref[g], a, " "); nb = split($3, b, " ")
		for (i = 1; i <= na; i++) { split(a[i], kv, "="); va[kv[1]] = kv[2] }
		for (i = 1; i <= nb; i++) { split(b[i], kv, "="); vb[kv[1]] = kv[2] }
		for (i = 1; i <= na + nb; i++) {
			split(i <= na ? a[i] : b[i - na], kv, "=")
			if (va[kv[1]] != vb[kv[1]]) break
		}
		p = kv[1]
		printf "%s and %s: toolchain %s of %s built with other packages: %s=%s against %s=%s; nothing merged\n",
			file[g], $4, $2, ($1 == "" ? "." : $1), p, (p in va ? va[p] : "none"), p, (p in vb ? vb[p] : "none")
		delete va; delete vb
	}')
[ -n "$bad" ] || exit 0
while read -r line; do warn "$line"; done <<< "$bad"
exit 1
