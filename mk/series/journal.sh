# journal.sh - sourced by mk/series/series-check.sh (after mk/lib.sh, list.sh): the
# private copy of the tree ($tree) and the journal of the patches applied to
# it, so that a later run finds it where it is.
#
#   journal_reset      $tree back to a copy of $KSRC: the journal's moves
#                      undone, newest first (or a new copy, once per TREE_ID)
#   goto N             $tree moved to "the first N patches of $tmp/series";
#                      pos is the number applied (set pos=$L after a reset)
#   apply +|- PATCHFILE NAME   apply or take out one patch; on failure its
#                      name and the failing hunk on stderr, status 1
#   record +|- PATCHFILE       journal one move, with a copy of the patch
#
# The journal, $WORK/state: ops holds "id TREE_ID", then one line per move,
# "+ FILE" (applied) or "- FILE" (taken out), FILE a copy in saved/.
st=$WORK/state
hunk() { # PATCH FILE N: print hunk N of FILE in PATCH
	awk -v f="$2" -v n="$3" '
		/^\+\+\+ / { p = $2; sub(/^b\//, "", p); inf = (p == f); k = 0; show = 0; next }
		/^(diff|---) / || /^-- $/ { show = 0 }
		inf && /^@@ / { k++; show = (k == n) }
		inf && show { print "    " $0 }' "$1"
}
apply() {
	local rev= out f h
	[ "$1" = - ] && rev=-R
	if ! out=$(patch -d "$tree" -p1 -N -F0 --dry-run --no-backup-if-mismatch $rev < "$2" 2>&1); then
		echo "kwarn: series-check: $(label "$3") does not ${rev:+un}apply to ${TREE_LABEL:-the tree}:" >&2
		printf '%s\n' "$out" | sed 's/^/    /' >&2
		printf '%s\n' "$out" | awk '/^checking file /{ f = $3 } /^Hunk #[0-9]+ FAILED/{ sub(/^#/, "", $2); print f, $2 }' |
		while read -r f h; do
			echo "  the failing hunk, $f #$h:" >&2
			hunk "$2" "$f" "$h" >&2
		done
		return 1
	fi
	patch -d "$tree" -p1 -N -F0 -s --no-backup-if-mismatch $rev < "$2" > /dev/null
}
sync_tree() {
	say SYNC "$KSRC -> $tree (once per tree)"
	mkdir -p "$tree" && rsync -rlc --delete "$KSRC/" "$tree/" ||
		fail "cannot copy $KSRC to $tree"
	rm -rf "$st" && mkdir -p "$st/saved" && echo "id $TREE_ID" > "$st/ops"
}
journal_reset() {
	if [ ! -d "$tree" ] || [ "$(head -n1 "$st/ops" 2> /dev/null)" != "id $TREE_ID" ]; then
		sync_tree
		return
	fi
	tail -n +2 "$st/ops" | tac | while read -r op f; do
		if [ "$op" = + ]; then o=-; else o=+; fi
		apply $o "$f" "$(basename "$f")" 2> /dev/null || exit 1
	done || { say NOTE "the copy of the tree is not where $st says; copying again"; sync_tree; }
	echo "id $TREE_ID" > "$st/ops"
}
record() {
	local s
	s=$st/saved/$(sha256sum < "$2" | cut -c1-16).patch
	cp "$2" "$s" && echo "$1 $s" >> "$st/ops"
}
goto() {
	local p
	while [ "$pos" -gt "$1" ]; do
		p=$(sed -n "${pos}p" "$tmp/series")
		apply - "$(patchfile "$p")" "$p" || exit 2
		record - "$(patchfile "$p")"
		pos=$((pos - 1))
	done
	while [ "$pos" -lt "$1" ]; do
		p=$(sed -n "$((pos + 1))p" "$tmp/series")
		if [ "$V" = 1 ]; then say APPLY "$p"; fi
		apply + "$(patchfile "$p")" "$p" || exit 2
		record + "$(patchfile "$p")"
		pos=$((pos + 1))
	done
}
