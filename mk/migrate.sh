#!/bin/bash
# migrate.sh - move corpora and seed directories of the layout before RUN
# directories (CORPUS/seed-N/, O/seed-N-pP[-CONFIG]/) to where kwarn now
# reads them: CORPUS/RUN/seed-N/ and O/RUN/seed-N/, RUN being
# TREE/pP[-CONFIG] (mk/config.mk).
#
# Usage: migrate.sh CORPUS O TOP KSRC_TREE_DIR
# The RUN of a corpus file is read from its build record: the tree's
# package ("linux-source-6.1 6.1.192-3" -> linux-source-6.1; a KSRC= tree,
# recorded as user-DESCRIBE, goes to KSRC_TREE_DIR, the tree make migrate
# was given with KSRC=), the probability, and the fragment (its sha256
# against mk/pin.config alone and with each tests/NAME.config). A boot
# file (TC-branches.jsonl.zst, TC-boot.log.zst) goes with the corpus
# files of its seed, tree and probability. A seed directory in O= goes
# where its config's "source" link (Kbuild's, to the tree) says.
# Everything is checked first; nothing moves unless all can. A file
# already at the new path with the same bytes is dropped from the old;
# with other bytes it stops the migration, naming both.
# Exit: 0 moved (or nothing to move), 1 a file that cannot be placed, 2 usage.
STEP=migrate
. "$(dirname "$0")/lib.sh"
[ $# = 4 ] || fail "usage: migrate.sh CORPUS O TOP KSRC_TREE_DIR"
corpus=$1 o=$2 top=$3 ksrc_dir=$4
plan=$(mktemp)
trap 'rm -f "$plan"' EXIT

# fragment sha256 -> the CONFIG suffix ("" for the pin alone)
declare -A suffix
suffix[$(sha256sum < "$top/mk/pin.config" | cut -c1-64)]=
for f in "$top"/tests/*.config; do
	suffix[$(cat "$top/mk/pin.config" "$f" | sha256sum | cut -c1-64)]=-$(basename "$f" .config)
done

tree_dir() {	# tree_dir FILE TREE: the tree as a directory name
	case $2 in
	user-*)
		[ "$ksrc_dir" != - ] || fail_with 1 "$1: built from a KSRC= tree ($2): give that tree, make migrate KSRC=DIR"
		echo "$ksrc_dir" ;;
	*" "*) echo "${2%% *}" ;;
	*) fail_with 1 "$1: tree '$2' is not a package name and version" ;;
	esac
}

shopt -s nullglob
declare -A run_of	# "SEED TREE P" -> RUN, from the corpus files, for boot files
for d in "$corpus"/seed-*/; do
	seed=$(basename "$d")
	for f in "$d"*-W*.jsonl.zst; do
		rec=$(first_line "$f" | jq -e -r '[.tree, .probability, .fragment_sha256] | @tsv') ||
			fail_with 1 "$f: no build record"
		IFS=$'\t' read -r tree p frag <<< "$rec"
		[ -n "${suffix[$frag]+set}" ] ||
			fail_with 1 "$f: its fragment (sha256 $frag) is mk/pin.config with no tests/NAME.config of this checkout"
		run=$(tree_dir "$f" "$tree")/p$p${suffix[$frag]}
		key="$seed $tree $p"
		[ "${run_of[$key]:-$run}" = "$run" ] && run_of[$key]=$run ||
			run_of[$key]=ambiguous
		base=${f%.jsonl.zst}
		for x in "$base".jsonl.zst "$base".log.zst "$base".run.json "$base".sum.zst; do
			[ ! -e "$x" ] || printf '%s\t%s\n' "$x" "$corpus/$run/$seed/$(basename "$x")" >> "$plan"
		done
	done
	for f in "$d"*-branches.jsonl.zst; do
		rec=$(first_line "$f" | jq -e -r '[.tree, .probability] | @tsv') ||
			fail_with 1 "$f: no boot record"
		IFS=$'\t' read -r tree p <<< "$rec"
		run=${run_of["$seed $tree $p"]:-}
		[ -n "$run" ] && [ "$run" != ambiguous ] ||
			fail_with 1 "$f: no corpus file of its seed, tree and probability says which fragment it was built with${run:+ (they disagree)}"
		for x in "$f" "${f%-branches.jsonl.zst}-boot.log.zst"; do
			[ ! -e "$x" ] || printf '%s\t%s\n' "$x" "$corpus/$run/$seed/$(basename "$x")" >> "$plan"
		done
	done
done

# seed directories in O=: seed-N-pP[-CONFIG] -> TREE/pP[-CONFIG]/seed-N
for d in "$o"/seed-*-p*/; do
	name=$(basename "$d")
	[[ $name =~ ^seed-([0-9]+)-(p[0-9]+(-[a-z0-9-]+)?)$ ]] || continue
	src=$(readlink "$d/config/source" 2>/dev/null) || {
		warn "$d: no config/source link to say which tree it was made from: left where it is"
		continue
	}
	if [[ $src == */src/linux-source-* ]]; then
		tree=$(basename "$src")	# Debian's, unpacked in O=/src
	else
		tree=ksrc${src//\//^}
	fi
	seed_dir dest "$o/$tree/${BASH_REMATCH[2]}" "${BASH_REMATCH[1]}"
	printf '%s\t%s\n' "${d%/}" "$dest" >> "$plan"
done

# check every move, then make them
while IFS=$'\t' read -r from to; do
	if [ -e "$to" ]; then
		[ -f "$from" ] && cmp -s "$from" "$to" ||
			fail_with 1 "$from: $to is already there and differs; move or remove one of them"
	fi
done < "$plan"
moved=0
while IFS=$'\t' read -r from to; do
	if [ -e "$to" ]; then
		rm -f "$from"
	else
		mkdir -p "$(dirname "$to")"
		mv "$from" "$to"
	fi
	moved=$((moved + 1))
done < "$plan"
for d in "$corpus"/seed-*/; do rmdir "$d" 2>/dev/null || warn "$d: not empty after the move: left as it is"; done
say MIGRATE "$moved files and directories moved to RUN directories (in $corpus and $o)"
