#!/bin/bash
# newwarn.sh - what does a patch add? Build only the objects a diff touches,
# without and with it, with each toolchain (and checker), and list only the
# findings that are new (doc/compare.md, "The same warning": one compiler
# on one tree, the key). Each side is built and parsed as make corpus
# does (mk/build.sh, mk/corpus.sh records): its records, levels included,
# are in $O/newwarn/RUN^seed-N/TOOLCHAIN-{before,after}/diags.jsonl.
#
# Usage: newwarn.sh VAR=VALUE...  (see mk/query/newwarn.mk; all come from make)
# Exit: 0 nothing new, 1 the diff adds findings, 2 setup error or
# incomplete (a side's build failed and nothing new was found).
STEP=newwarn
. "$(dirname "$0")/../lib.sh"
for a; do declare "$a"; done

[ -n "$DIFF" ] || fail "say which patch: DIFF=file.patch"
[ -r "$DIFF" ] || fail "$DIFF: cannot read"
cfg=$SEEDDIR/seed.config
[ -f "$cfg" ] || fail "no config for seed $SEED in $SEEDDIR; run make config SEED=$SEED first"
work=$O/newwarn/$(seed_name)
rm -rf "$work" && mkdir -p "$work" || fail "cannot create $work"

# the patched tree: hard links to the prepared one; patch(1) replaces the
# files it changes, so the shared tree stays untouched
say TREE "$work/src (hard links) + $(basename "$DIFF")"
cp -al "$KSRC" "$work/src" || fail "cannot link $KSRC"
patch -d "$work/src" -p1 -s -N --no-backup-if-mismatch < "$DIFF" > "$work/patch.log" 2>&1 ||
	{ cat "$work/patch.log" >&2; fail "$DIFF does not apply on top of series/"; }
files=$(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$DIFF" | sort -u)
[ -n "$files" ] || fail "$DIFF touches no file"

# the objects to build: each touched .c, and the objects of an existing
# build of this seed that include a touched header (at most MAX)
# (none: ls and grep exit non-zero, and $ref stays empty)
ref=$(ls -d "$SEEDDIR"/*-W*/ 2>/dev/null | grep -v profile | head -n1) || true
objs=()
for f in $files; do
	case $f in
	*.c) objs+=("${f%.c}.o") ;;
	*.h)
		[ -n "$ref" ] || { say NOTE "$f: no build of seed $SEED to find its includers"; continue; }
		mapfile -t inc < <(cd "$ref" && grep -l -F "/$f" $(find . -name '.*.o.cmd' | sort) 2>/dev/null |
			sed 's|^\./||; s|/\.\([^/]*\)\.cmd$|/\1|; s|^\.\([^/]*\)\.cmd$|\1|')
		say HEADER "$f: included by ${#inc[@]} objects${inc[0]:+, building the first $(( ${#inc[@]} < MAX ? ${#inc[@]} : MAX ))}"
		objs+=("${inc[@]:0:$MAX}") ;;
	esac
done
mapfile -t objs < <(printf '%s\n' "${objs[@]}" | sort -u | sed '/^$/d')
[ ${#objs[@]} -gt 0 ] || fail "$DIFF touches no C file or header that is built"

status=0 incomplete=()
for tc in $TOOLCHAINS; do
	case " $CHECKERS " in *" sparse "*)
		"$TOP/mk/need-packages.sh" sparse || fail "cannot install sparse" ;;
	esac
	# each side built and parsed as make corpus builds and parses (mk/build.sh,
	# mk/corpus.sh records), the objects its only targets
	for side in before after; do
		src=$KSRC
		[ $side = before ] || src=$work/src
		d=$work/$tc-$side
		say CC "$tc $side: ${#objs[@]} object(s), W=$W"
		scratch_desc "$d" "$tc" ksrc="$src" seed="$SEED" w="$W" variant=plain config="$cfg" \
			targets="${objs[*]}" jobs="$JOBS" checkers="$CHECKERS"
		"$TOP/mk/step.sh" "$d" "$TOP/mk/build.sh" "$d"
		"$TOP/mk/step.sh" "$d" "$TOP/mk/corpus.sh" records "$d" > "$d/diags.jsonl"
		[ "$(cat "$d/status")" = 0 ] || incomplete+=("$tc $side (make exit $(cat "$d/status"))")
	done
	# the command that reproduces a finding: the after side's (its descriptor's toolchain)
	kb=$(read_desc "$work/$tc-after" && kbuild_cmd "$work/src" "$work/$tc-after" && echo "${kbuild[*]}")
	jq -r -s -L "$TOP/mk" --slurpfile b "$work/$tc-before/diags.jsonl" --arg tc "$tc" --arg w "$W" \
		--arg kbuild "$kb" 'include "corpus-lib";
		same_warnings($b; .; "patch").new
		| (if length == 0 then "  NEW      \($tc): nothing new" else
		   (.[] | "  NEW      \($tc) \(.key) [\(.tool)] \(.text)\n           reproduce: \($kbuild) W=\($w) \(.objects[0] // (.path | sub("\\.c$"; ".o")))")
		   end)' "$work/$tc-after/diags.jsonl" | tee -a "$work/new.txt"
	if grep -q "^  NEW      $tc [0-9a-f]\{16\}" "$work/new.txt"; then status=1; fi
done
# a side whose build failed: what it would have printed is not all there
# (the patch's own errors are new findings: status 1 says so)
if [ $status = 0 ] && [ ${#incomplete[@]} -gt 0 ]; then
	status=2
	say RESULT "$(basename "$DIFF"): incomplete, these builds failed: ${incomplete[*]}"
elif [ $status = 0 ]; then
	say RESULT "$(basename "$DIFF") adds no finding"
else
	say RESULT "$(basename "$DIFF") adds $(grep -c '^  NEW      [^ ]* [0-9a-f]\{16\}' "$work/new.txt") finding(s)$([ ${#incomplete[@]} = 0 ] || echo "; these builds failed: ${incomplete[*]}")"
fi
exit $status
