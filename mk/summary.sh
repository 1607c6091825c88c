#!/bin/bash
# summary.sh - the summary of a corpus file: what make top and make compare
# read (corpus/SCHEMA.md, "Summary"), so that they need not read the records.
#
# Usage: summary.sh -o OUT CORPUS
#            write the summary of CORPUS to OUT (CORPUS already checked)
#        summary.sh -u DIR CORPUS...
#            up to date: for each CORPUS whose summary beside it is missing
#            or not of the corpus file's time, check the corpus file
#            (mk/corpus-check.sh), make the summary beside it (or in DIR
#            when its directory is read-only) and say so on stderr; print
#            the summaries to read, one a line, in CORPUS's order
#
# A summary is of its corpus file when both have the same modification
# time: mk/corpus.sh gives it the corpus file's, and so does this script.
# Anything that rewrites the corpus file alone (an older kwarn, a copy that
# keeps no times) changes that, and the summary is made again. The header's
# corpus_sha256 says which corpus file it summarises, for whoever doubts it.
STEP=summary
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
: "${ZSTD_LEVEL:=19}"

# summary CORPUS OUT: the build record's fields on line 1, then one line per
# record in the corpus file's order (@tsv escapes tab, newline, CR and \)
summary() {
	zstd -dcq "$1" | jq -r -L "$here" --arg sha "$(sha256sum < "$1" | cut -c1-64)" '
		include "corpus-lib";
		if .type == "build" then summary_header($sha)
		else [.key, .kind, .tool, .flag, .level, .path, .line, .count, .text] | @tsv end' |
		zstd -q -"$ZSTD_LEVEL" --single-thread -o "$2"
}

case ${1:-} in
-o)
	[ $# = 3 ] || fail "usage: summary.sh -o OUT CORPUS"
	summary "$3" "$2"
	;;
-u)
	[ $# -ge 2 ] || fail "usage: summary.sh -u DIR CORPUS..."
	dir=$2
	shift 2
	for c; do
		s=${c%.jsonl.zst}.sum.zst
		if [ -f "$s" ] && [ ! "$s" -nt "$c" ] && [ ! "$s" -ot "$c" ]; then
			echo "$s"
			continue
		fi
		"$here/corpus-check.sh" "$c" || exit 2
		# where it cannot be written (a read-only corpus), in DIR, for this query
		d=$(dirname "$c")
		[ -w "$d" ] || { d=$dir/$(basename "$d"); mkdir -p "$d"; s=$d/$(basename "$s"); }
		tmp=$d/.$(basename "$s").$$.tmp
		trap 'rm -f "$tmp"' EXIT
		summary "$c" "$tmp"
		touch -r "$c" "$tmp"
		mv "$tmp" "$s"
		trap - EXIT
		printf '  %-8s %s\n' SUMMARY "$s (none of the corpus file's time beside it: made from it)" >&2
		echo "$s"
	done
	;;
*)
	fail "usage: summary.sh -o OUT CORPUS | -u DIR CORPUS..."
	;;
esac
