#!/bin/bash
# compare-trees.sh - the same warning across two kernel trees (make compare
# RUN_A= RUN_B=): the corpora of the same seeds built from two RUN
# directories (linux-source-6.1/p0-small against another tree's), what
# tree B fixed, added and kept, and which warnings moved level
# (corpus/queries/compare-trees.jq).
#
# Usage: CORPUS= O= RUN_A= NAME_A= RUN_B= NAME_B= BOTH= FORMAT= LIST= FAIL_ON_NEW= compare-trees.sh SEED...
# (make compare's settings; SEED...: SEEDS's words, seeds and ranges, mk/seeds.sh)
# FORMAT: text, json or mail (mk/query/compare-mail.jq).
# NAME: the build's name (gcc-12-W1): corpus CORPUS/RUN/seed-N/NAME.jsonl.zst,
# build directory O/RUN/seed-N/NAME, whose .o.cmd files say which objects
# it built (the corpus does not list them). BOTH 1: only the sites of
# objects built in both trees. Exit: 0 compared, 1 FAIL_ON_NEW=1 and B
# added warnings, 2 a corpus missing or unreadable, or BOTH=1 without a
# build directory.
STEP=compare
. "$(dirname "$0")/../lib.sh"
need_vars CORPUS O RUN_A NAME_A RUN_B NAME_B FORMAT LIST
[ $# -ge 1 ] || fail "usage: CORPUS= O= RUN_A= NAME_A= RUN_B= NAME_B= BOTH= FORMAT= LIST= FAIL_ON_NEW= compare-trees.sh SEED..."
corpus=$CORPUS o=$O run_a=$RUN_A name_a=$NAME_A run_b=$RUN_B name_b=$NAME_B both=${BOTH:-} format=$FORMAT list=$LIST
fail_on_new=${FAIL_ON_NEW:-}
for r in A:"$run_a" B:"$run_b"; do
	[ -d "$corpus/${r#*:}" ] || fail "RUN_${r%%:*}=${r#*:}: no such run in $corpus (a run is TREE/pP[-CONFIG] there: linux-source-6.1/p2)"
done
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# the objects a build directory holds (dir/.x.o.cmd: dir/x.o) as a JSON
# array, or null when the build directory is gone (KEEP_BUILDS=0)
objects() {
	if [ -f "$1/.config" ]; then
		(cd "$1" && find . -name '.*.o.cmd' | sed 's|^\./||; s|\.\([^/]*\)\.cmd$|\1|' | sort) | jq -R . | jq -s -c .
	else
		[ "$both" != 1 ] || fail "$1: no build directory, so which objects it built is unknown: BOTH_BUILT=1 needs both builds (KEEP_BUILDS=1)"
		echo null
	fi
}
: > "$tmp/a" && : > "$tmp/b" && : > "$tmp/objs"
for s in $("$MK/seeds.sh" "$@" | sort -n -u); do
	seed_dir da "$run_a" "$s"
	seed_dir db "$run_b" "$s"
	for side in a:"$da/$name_a" b:"$db/$name_b"; do
		f=$corpus/${side#*:}.jsonl.zst
		[ -f "$f" ] || fail "$f: no corpus; run make corpus-one SEED=$s for that tree"
		"$MK/corpus-check.sh" "$f" || exit 2	# it said why
		zstd -dcq < "$f" >> "$tmp/${side%%:*}" || fail "cannot read $f"
		echo "$f" >> "$tmp/${side%%:*}.files"
		objects "$o/${side#*:}" > "$tmp/objs-${side%%:*}"
	done
	jq -n -c --argjson s "$s" --slurpfile a "$tmp/objs-a" --slurpfile b "$tmp/objs-b" \
		'{seed: $s, a: $a[0], b: $b[0]}' >> "$tmp/objs"
done
[ "$format" != text ] || printf 'A: %s %s\nB: %s %s\n' "$run_a" "$name_a" "$run_b" "$name_b"
jq -n -r --slurpfile a "$tmp/a" --slurpfile b "$tmp/b" --slurpfile objs "$tmp/objs" \
	--argjson both "${both:-0}" --arg format "${format/mail/json}" --argjson list "$list" \
	-f "$MK/../corpus/queries/compare-trees.jq" > "$tmp/out" || exit 2
case $format in
json)	jq . "$tmp/out" ;;
# the build bot's report of B's run, its settings read from its name
mail)	RUN_A=$run_a RUN_B=$run_b A=${name_a%-W*} B=${name_b%-W*} W=${name_b##*-W} LIST=$list SETTINGS= \
		"$MK/query/compare-mail.sh" "$tmp/out" "$tmp/a.files" "$tmp/b.files" ;;
*)	cat "$tmp/out" ;;
esac
if [ "$fail_on_new" = 1 ]; then
	if [ "$format" != text ]; then jq -e '.added | length == 0' "$tmp/out" > /dev/null
	else grep -q '^sites: [0-9]* fixed in B, 0 added in B' "$tmp/out"; fi ||
		fail_with 1 "$run_b adds warnings against $run_a"
fi
