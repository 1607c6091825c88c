#!/bin/bash
# series-check.sh - check the warning-fix patches of series/: each one
# applies, removes the warnings it names, adds none, and every object it
# affects still builds, for each toolchain, at the seed's config and W level.
#
# Usage: series-check.sh VAR=VALUE...  (see mk/series/series.mk; all come from make)
#
# A fix patch names what it fixes in its commit message, one Fixes-warning
# trailer per warning (mk/series/trailers.sh). The series is series/series
# in order, then any patch of series/ that is not listed there yet but
# claims fixes (list.sh). Each checked patch is built twice per toolchain
# in a private copy of the tree ($WORK/src, journal.sh): in the state
# before it (the series up to it) and with it (rebuild.sh: mk/build.sh and
# mk/corpus.sh records, as make repro). The objects built are those of the
# claimed warnings (from the corpus, claims.sh), those of the C and
# assembly files it changes, and, for a changed header, the objects that
# include it (deps.sh: from a finished build of the seed) and use a name
# the patch declares or removes, up to MAXOBJS (headers.sh). A
# new warning fails the patch at W=0 and at the levels of FAILW (12); one
# of another level (W=3) is reported only (compare.sh). When a patch changed
# the code of an object, the patched image must boot (boot.sh).
#
# MODE=apply: only move the tree to the whole series; MODE=base: to the
# series without its fix patches, which come last (the "before" of make
# series-compare), listed in $WORK/base.series.
#
# Writes $WORK/report.jsonl, one record per patch and toolchain (mk/series/series.mk
# keeps what is printed in $WORK/report.txt). Exit: 0 every checked patch passed,
# 1 a patch failed, 2 setup error (no corpus, a patch that does not apply,
# a build that fails before the patch).
STEP=series-check
. "$(dirname "$0")/../lib.sh"
for a; do declare "$a"; done
: "${MAXOBJS:=40}" "${JOBS:=2}" "${BOOT:=auto}" "${MODE:=full}" "${V:=0}" "${FAILW:=12}"
: "${OBJDUMP:=arm-linux-gnueabi-objdump}" "${BOOT_TIMEOUT:=600}" "${BOOT_MEM:=512}"
for part in trailers list journal claims deps headers rebuild compare boot; do
	. "$MK/series/$part.sh"
done
tree=$WORK/src
mkdir -p "$WORK" || fail "cannot create $WORK"
exec 9> "$WORK/lock"
flock -n 9 || { say WAIT "another series-check holds $WORK/lock"; flock 9; }
tmp=$(mktemp -d "$WORK/tmp.XXXXXX") || fail "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT

series_list
journal_reset
pos=$L
TREE_LABEL="the tree ($(basename "$KSRC") + series/series)"
if [ "$MODE" = apply ]; then
	goto "$M"
	say APPLY "all $M patches apply in order"
	exit 0
fi
if [ "$MODE" = base ]; then
	B=0
	while read -r p; do
		[ -z "$(claims "$(patchfile "$p")")" ] || break
		B=$((B + 1))
	done < "$tmp/listed"
	tail -n +$((B + 1)) "$tmp/listed" | while read -r p; do
		[ -n "$(claims "$(patchfile "$p")")" ] ||
			fail "series/$p claims no fix but follows a fix patch: list the fix patches last"
	done || exit 2
	goto "$B"
	head -n "$B" "$tmp/listed" > "$WORK/base.series.tmp" && mv "$WORK/base.series.tmp" "$WORK/base.series"
	say APPLY "the first $B of $L patches: series/series without its $((L - B)) fix patches"
	exit 0
fi

corpus_load
deps_index
toolchains_setup
: > "$tmp/report.jsonl"
if [ "$C" = 0 ]; then
	say SERIES "no patch claims a fix (Fixes-warning: trailers); nothing to check"
	exit 0
fi
failed=0 idx=0
first=$(grep -m1 -nxF -f "$tmp/check" "$tmp/series" | cut -d: -f1)
goto $((first - 1))
while read -r p <&4; do
	idx=$((idx + 1))
	if ! grep -qxF "$p" "$tmp/check"; then goto "$idx"; continue; fi
	goto $((idx - 1))
	pf=$(patchfile "$p")
	claim_records "$pf" "$p"
	affected "$pf" "$p"
	for tc in $TOOLCHAINS; do
		say CC "$tc W=$w, before $p"
		build "$tc" before "$tmp/objs"
		keep_built "$p" "$tc"
	done
	apply + "$pf" "$p" || exit 2
	record + "$pf"
	pos=$idx res=pass
	for tc in $TOOLCHAINS; do
		say CC "$tc W=$w, with $p"
		build "$tc" after "$tmp/objs.$tc"
		code_changed "$p" "$tc" "$tmp/objs.$tc" > "$tmp/$tc.changed"
		compare "$p" "$tc" "$tmp/claims" "$tmp/objs.$tc" > "$tmp/rec" || fail "cannot compare the builds"
		cat "$tmp/rec" >> "$tmp/report.jsonl"
		report_toolchain "$p" "$tc" "$tmp/rec"
	done
	report_patch "$p"
	[ $res = pass ] || failed=$((failed + 1))
done 4< "$tmp/series"
goto "$M"

changed=$(jq -s -r '[.[] | select((.code_changed | length) > 0) | .patch] | unique | join(" ")' "$tmp/report.jsonl")
if [ "$BOOT" = 1 ] || { [ "$BOOT" = auto ] && [ -n "$changed" ]; }; then
	[ -z "$changed" ] || say NOTE "code changed by: $changed"
	boot || failed=$((failed + 1))
elif [ -z "$changed" ]; then
	say BOOT "not needed: no patch changed the code of an object it rebuilt"
else
	say NOTE "code changed by: $changed; boot not checked (SERIES_BOOT=$BOOT)"
fi

cp "$tmp/report.jsonl" "$WORK/report.jsonl"
total=$(grep -c . "$tmp/check")
if [ $failed = 0 ]; then
	say SERIES "$total checked, all pass (report: $WORK/report.jsonl)"
	exit 0
fi
say SERIES "$total checked, $failed FAILED (report: $WORK/report.jsonl)"
exit 1
