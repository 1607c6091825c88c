#!/bin/bash
# summary.sh - the summary of a corpus file: what make top, make compare
# and make report read (corpus/SCHEMA.md, "The summary"), so that they need
# not read the records.
#
# Usage: summary.sh -o OUT CORPUS
#            write the summary of CORPUS to OUT (CORPUS already checked)
#        summary.sh -u DIR CORPUS...
#            up to date: for each CORPUS whose summary beside it is missing
#            or not of the corpus file's time, check the corpus file
#            (mk/corpus-check.sh), make the summary beside it (or in DIR
#            when its directory is read-only) and say so on stderr; print
#            the summaries to read, one a line, in CORPUS's order
#        summary.sh -b OUT BOOT...
#            the boot records (line 1) of the boot files BOOT
#            (TOOLCHAIN-branches.jsonl.zst, qemu/README.md) as lines
#            "SEED TAB TOOLCHAIN TAB STATUS" added to OUT, for kwarn-agg
#            top -s (added: xargs may run it more than once)
#
# A summary is of its corpus file when both have the same modification
# time: mk/corpus.sh gives it the corpus file's, and so does this script.
# Anything that rewrites the corpus file alone (an older kwarn, a copy that
# keeps no times) changes that, and the summary is made again. The header's
# corpus_sha256 says which corpus file it summarises, for whoever doubts it.
# A summary of another format version is made again too: the file starts
# with a zstd skippable frame that says its version (zstd -d skips it), so
# that -u tells it from the first bytes, without a process per file.
STEP=summary
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
: "${ZSTD_LEVEL:=19}"
# the format's version: the header's, and kwarn-agg's SUMMARY_VERSION
VERSION=3
# the skippable frame: magic 0x184D2A50, the size (17), "#kwarn-summary 3\n"
# (the size and the text change together)
skip='\x50\x2a\x4d\x18\x11\x00\x00\x00#kwarn-summary '$VERSION'\n'

# summary CORPUS OUT: the build record's fields on line 1, then one line per
# record in the corpus file's order (@tsv escapes tab, newline, CR and \)
summary() {
	{
		printf "$skip"
		zstd -dcq "$1" | jq -r -L "$here" --arg sha "$(sha256sum < "$1" | cut -c1-64)" '
			include "corpus-lib";
			if .type == "build" then summary_header($sha)
			else [.key, .kind, .tool, .flag, .level, .path, .line, .count, .target, .symbol,
				(if .root_cause then 1 else null end), .text] | @tsv end' |
			zstd -q -"$ZSTD_LEVEL" --single-thread
	} > "$2"
}

# current S: S is a summary of this version (its skippable frame says so;
# read drops the frame's NUL bytes)
current() {
	local head=
	IFS= read -r -n 40 head < "$1" || true
	[ "${head#*#kwarn-summary }" = $VERSION ]
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
		if [ -f "$s" ] && [ ! "$s" -nt "$c" ] && [ ! "$s" -ot "$c" ] && current "$s"; then
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
		printf '  %-8s %s\n' SUMMARY "$s (none of the corpus file's time and version $VERSION beside it: made from it)" >&2
		echo "$s"
	done
	;;
-b)
	[ $# -ge 2 ] || fail "usage: summary.sh -b OUT BOOT..."
	out=$2
	shift 2
	# line 1 alone: zstd stops when head has it (the rest is the profile)
	for f; do
		printf '%s\t%s\n' "$f" "$( { zstd -dcq "$f" 2> /dev/null || :; } | head -n 1)"
	done | jq -R -r 'index("\t") as $i | .[:$i] as $f | (.[$i + 1:] | try fromjson catch null)
		| if type == "object" and .type == "boot" and (.seed | type) == "number"
			and (.toolchain | type) == "string" and (.status | type) == "string"
		  then [.seed, .toolchain, .status] | @tsv else "!\t\($f)" end' >> "$out"
	bad=$(sed -n 's/^!\t//p' "$out" | head -n 1)
	[ -z "$bad" ] || fail "$bad:1: not a boot record (qemu/README.md)"
	;;
*)
	fail "usage: summary.sh -o OUT CORPUS | -u DIR CORPUS... | -b OUT BOOT..."
	;;
esac
