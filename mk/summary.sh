#!/bin/bash
# summary.sh - the summary of a corpus file: what make top, make compare
# and make report read (corpus/SCHEMA.md, "The summary"), so that they need
# not read the records.
#
# Usage: summary.sh -o OUT CORPUS
#            write the summary of CORPUS to OUT (CORPUS already checked)
#        summary.sh -f CORPUS
#            the first frame alone of CORPUS's summary
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
# A summary is of its corpus file when its first frame says so: the file
# starts with a zstd skippable frame (zstd -d skips it) holding the format
# version and the facts of the corpus file it was made from (its sha256
# and the build record's seed, toolchain, w, variant, probability and
# tree: corpus-lib.jq's summary_facts), and its size. -u trusts a
# summary only when the corpus file beside it has that size and the
# summary's time (they are given one time when written) and its path is
# where those facts put it (corpus-lib.jq's path_why): a corpus file cut
# short, replaced, or copied with its summary to another seed's path is
# checked whole and summarised again. One jq judges every frame and one
# stat looks at every file: a query costs no read of a corpus file it
# need not read (a file rewritten to the same size and given the same
# time on purpose would pass: the sha256 is there to check by hand).
STEP=summary
. "$(dirname "$0")/lib.sh"
: "${ZSTD_LEVEL:=19}"
# the format's version: the header's, and kwarn-agg's SUMMARY_VERSION
VERSION=3
# skippable TEXT: a zstd skippable frame holding TEXT (magic 0x184D2A50,
# then TEXT's length, 4 bytes little-endian)
skippable() {
	local LC_ALL=C
	local n=${#1}
	printf '\x50\x2a\x4d\x18'
	# shellcheck disable=SC2059 # the format is the four bytes' escapes
	printf "$(printf '\\x%02x' $((n & 255)) $((n >> 8 & 255)) $((n >> 16 & 255)) $((n >> 24 & 255)))"
	printf '%s' "$1"
}

# frame CORPUS SHA: the frame "#kwarn-summary VERSION FACTS" of CORPUS,
# whose sha256 is SHA
frame() {
	local facts
	facts=$(first_line "$1" | jq -c -L "$MK" --arg sha "$2" --argjson size "$(stat -c %s "$1")" \
		'include "corpus-lib"; summary_facts($sha; $size)')
	skippable "#kwarn-summary $VERSION $facts"$'\n'
}

# summary CORPUS OUT: the frame, then the build record's fields on line 1,
# then one line per record in the corpus file's order (@tsv escapes tab,
# newline, CR and \). A write that fails (a full disk) names OUT.
summary() {
	local err status=0
	err=$(summary_to "$@" 2>&1) || status=$?
	err=${err##*$'\n'}
	err=${err##*: }
	[ $status = 0 ] || fail_with 3 "$2: cannot write the summary of $1: ${err%"${err##*[![:space:]]}"}"
}
summary_to() {
	local sha
	sha=$(sha256sum < "$1" | cut -c1-64)
	{
		frame "$1" "$sha"
		zstd -dcq < "$1" | jq -r -L "$MK" --arg sha "$sha" '
			include "corpus-lib";
			if .type == "build" then summary_header($sha)
			else [.key, .kind, .tool, .flag, .level, .path, .line, .count, .target, .symbol,
				(if .root_cause then 1 else null end), .text] | @tsv end' |
			zstd -q -"$ZSTD_LEVEL" --single-thread
	} > "$2"
}

# frames CORPUS...: "CORPUS<tab>SIZE" of each CORPUS whose summary's
# frame is of this version and whose path is where its facts put it (the
# size the frame says, still to be compared). read -N takes the frame
# whatever bytes its length has (it drops their NULs).
frames() {
	local c s head LC_ALL=C	# (the frame's bytes matched as bytes)
	for c; do
		s=${c%.jsonl.zst}.sum.zst head=
		[ -f "$s" ] || continue
		IFS= read -r -N 1024 head < "$s" || true
		head=${head#*#kwarn-summary }
		printf '%s\t%s\n' "$c" "${head%%$'\n'*}"
	done | jq -R -r -L "$MK" --arg v "$VERSION" 'include "corpus-lib";
		(index("\t")) as $i | .[:$i] as $c | .[$i + 1:] as $f
		| select($f | startswith($v + " "))
		| ($f[($v | length) + 1:] | try fromjson catch null) as $facts
		| select(($facts | type) == "object" and ($facts.size | type) == "number")
		| select($facts | path_why($c) == null)
		| "\($c)\t\($facts.size)"'
}

case ${1:-} in
-f)
	# the frame alone: a copy's summary made from another's lines
	# (bench/campaign.sh) starts with it
	[ $# = 2 ] || fail "usage: summary.sh -f CORPUS"
	frame "$2" "$(sha256sum < "$2" | cut -c1-64)"
	;;
-o)
	[ $# = 3 ] || fail "usage: summary.sh -o OUT CORPUS"
	summary "$3" "$2"
	;;
-u)
	[ $# -ge 2 ] || fail "usage: summary.sh -u DIR CORPUS..."
	dir=$2
	shift 2
	# trusted[C]: C's summary is provably its own
	declare -A trusted=() want=()
	while IFS=$'\t' read -r c h; do want[$c]=$h; done < <(frames "$@")
	if [ ${#want[@]} -gt 0 ]; then
		# the corpus file: its size and time; its summary: its time
		while read -r size t c; do
			read -r _ ts _
			[ "$size" != "${want[$c]}" ] || [ "$t" != "$ts" ] || trusted[$c]=1
		done < <(for c in "${!want[@]}"; do printf '%s\n%s\n' "$c" "${c%.jsonl.zst}.sum.zst"; done |
			xargs -r -d '\n' stat -c '%s %.9Y %n' --)
	fi
	for c; do
		s=${c%.jsonl.zst}.sum.zst
		if [ -n "${trusted[$c]:-}" ]; then
			echo "$s"
			continue
		fi
		"$MK/corpus-check.sh" "$c" || exit 2
		# where it cannot be written (a read-only corpus), in DIR, for this query
		d=$(dirname "$c")
		[ -w "$d" ] || { d=$dir/$(basename "$d"); mkdir -p "$d"; s=$d/$(basename "$s"); }
		tmp=$d/.$(basename "$s").$$.tmp
		trap 'rm -f "$tmp"' EXIT
		summary "$c" "$tmp"
		touch -r "$c" "$tmp"
		mv "$tmp" "$s"
		trap - EXIT
		printf '  %-8s %s\n' SUMMARY "$s (none of this corpus file and version $VERSION beside it: made from it)" >&2
		echo "$s"
	done
	;;
-b)
	[ $# -ge 2 ] || fail "usage: summary.sh -b OUT BOOT..."
	out=$2
	shift 2
	# line 1 alone: zstd stops when head has it (the rest is the profile)
	for f; do
		printf '%s\t%s\n' "$f" "$( { zstd -dcq < "$f" 2> /dev/null || :; } | head -n 1)"
	done | jq -R -r 'index("\t") as $i | .[:$i] as $f | (.[$i + 1:] | try fromjson catch null)
		| if type == "object" and .type == "boot" and (.seed | type) == "number"
			and (.toolchain | type) == "string" and (.status | type) == "string"
		  then [.seed, .toolchain, .status] | @tsv else "!\t\($f)" end' >> "$out"
	bad=$(sed -n 's/^!\t//p' "$out" | head -n 1)
	[ -z "$bad" ] || fail "$bad:1: not a boot record (qemu/README.md)"
	;;
*)
	fail "usage: summary.sh -o OUT CORPUS | -f CORPUS | -u DIR CORPUS... | -b OUT BOOT..."
	;;
esac
