# deps.sh - sourced by mk/series/series-check.sh (after mk/lib.sh): the include
# index of the seed's objects, from a finished build of the seed (make
# build: its .*.o.cmd files), kept per tree in $WORK/deps: a rebuild that
# is under way does not take it away.
#
#   deps_index         reads $SEEDDIR/*-W*/ (REF_TOOLCHAIN's at W=$w first),
#                      the first with .kwarn-built; writes $deps, one
#                      "FILE<TAB>OBJECT" line per dependency (tree-relative,
#                      an object's source on its first line), when the build
#                      is newer; and $tmp/built, the objects the seed builds
#                      (those of the index and of $tmp/corpus.diags)
deps_index() {
	local d
	mkdir -p "$WORK/deps"
	deps=$WORK/deps/$(seed_name)-$TREE_ID.tsv
	for d in "$SEEDDIR/$(build_name "$REF_TOOLCHAIN" "$w")" "$SEEDDIR"/*-W*; do
		case $d in *-profile) continue ;; esac
		[ -f "$d/.kwarn-built" ] || continue
		if [ ! -s "$deps" ] || [ "$d/.kwarn-built" -nt "$deps" ]; then
			find "$d" -name '.*.o.cmd' ! -path "$d/scripts/*" ! -path "$d/tools/*" -print0 |
			xargs -0 -r awk -v k="$KSRC/" -v b="$d/" '
				FNR == 1 { o = substr(FILENAME, length(b) + 1); sub(/\.cmd$/, "", o)
					n = split(o, a, "/"); a[n] = substr(a[n], 2); o = a[1]
					for (i = 2; i <= n; i++) o = o "/" a[i] }
				/^source_/ && index($3, k) == 1 { print substr($3, length(k) + 1) "\t" o; next }
				index($1, k) == 1 { print substr($1, length(k) + 1) "\t" o }' > "$deps.tmp" &&
				mv "$deps.tmp" "$deps"
		fi
		break
	done
	[ -s "$deps" ] || say NOTE "no finished build of seed $SEED in $O: header includers are not rebuilt (make build SEED=$SEED gives one)"
	# the objects the seed builds: those of the dependencies and of the corpus
	{ cut -f2 "$deps" 2> /dev/null; jq -r '.objects[]' "$tmp/corpus.diags"; } | sort -u > "$tmp/built"
}
