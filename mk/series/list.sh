# list.sh - sourced by mk/series/series-check.sh (after mk/lib.sh, trailers.sh):
# which patches the check moves the tree along, and which it checks.
#
#   series_list        reads $SERIES/series, $SERIES/*.patch and ONLY; writes
#                      $tmp/listed (series/series, in order), $tmp/series (the
#                      series the tree moves along), $tmp/unlisted (fix
#                      patches not in series/series yet, checked on top of
#                      it), $tmp/check (the patches to check); sets L (listed),
#                      M (series) and C (to check); prints the SERIES line
#   patchfile NAME     the patch's file (NAME is a series/ name or a path)
#   label NAME         the patch as messages name it
series_list() {
	local f n p
	series_patches "$SERIES/series" > "$tmp/listed"
	L=$(wc -l < "$tmp/listed")
	cp "$tmp/listed" "$tmp/series"
	for f in "$SERIES"/*.patch; do
		[ -f "$f" ] || continue
		n=$(basename "$f")
		grep -qxF "$n" "$tmp/listed" && continue
		[ -n "$(claims "$f")" ] || continue
		echo "$n" >> "$tmp/series"
		echo "$n" >> "$tmp/unlisted"
	done
	if [ -n "$ONLY" ]; then
		case $ONLY in
		# a patch from elsewhere goes on top of series/series alone
		*/*) [ -f "$ONLY" ] || fail "ONLY=$ONLY: no such file"
		     cp "$tmp/listed" "$tmp/series" && rm -f "$tmp/unlisted"
		     echo "$ONLY" >> "$tmp/series" ;;
		*)   [ -f "$SERIES/$ONLY" ] || fail "ONLY=$ONLY: no such patch in series/"
		     grep -qxF "$ONLY" "$tmp/series" || echo "$ONLY" >> "$tmp/series" ;;
		esac
		echo "$ONLY" > "$tmp/check"
		[ -n "$(claims "$(patchfile "$ONLY")")" ] ||
			fail "$ONLY claims no fix: name each warning in a 'Fixes-warning:' trailer"
	else
		while read -r p; do
			[ -z "$(claims "$(patchfile "$p")")" ] || echo "$p"
		done < "$tmp/series" > "$tmp/check"
	fi
	M=$(wc -l < "$tmp/series") C=$(wc -l < "$tmp/check")
	say SERIES "$L listed in series/series, $(grep -c . "$tmp/unlisted" 2> /dev/null || echo 0) fix patches not listed yet; checking $C"
	[ ! -s "$tmp/unlisted" ] || sed 's/^/  NOTE     not in series\/series yet (checked on top of it): /' "$tmp/unlisted"
}
patchfile() { case $1 in /*) echo "$1" ;; *) echo "$SERIES/$1" ;; esac; }
label() { case $1 in /*) echo "$1" ;; *) echo "series/$1" ;; esac; }
