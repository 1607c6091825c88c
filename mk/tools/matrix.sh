#!/bin/bash
# matrix.sh - make matrix (mk/tools/matrix.mk): the builds, then the table.
#
# Usage: MATRIX_KVERS= MATRIX_TOOLCHAINS= MATRIX_WLEVELS= matrix.sh DIR SETTING...
# For each tree KVER and toolchain: make corpus SETTING... KVER= TOOLCHAINS=
# (its output in DIR/KVER-TOOLCHAIN.log; a failure is a row, not the end),
# make where for each level's corpus file; then one table from the build
# records and their .run.json, and make compare between consecutive
# versions of a compiler on a tree (the highest level of WLEVELS): the
# flags the newer one adds and drops. All of it goes to DIR/table.txt too.
# Exit 0 when every row is there (a refusal and a failed kernel are
# findings), 1 when kwarn itself failed for a row (its log is named).
STEP=matrix
. "$(dirname "$0")/../lib.sh"
[ $# -ge 1 ] || fail "usage: MATRIX_KVERS= MATRIX_TOOLCHAINS= MATRIX_WLEVELS= matrix.sh DIR SETTING..."
need_vars MATRIX_KVERS MATRIX_TOOLCHAINS MATRIX_WLEVELS
dir=$1 kvers=$MATRIX_KVERS tcs=$MATRIX_TOOLCHAINS wlevels=$MATRIX_WLEVELS
unset MATRIX_KVERS MATRIX_TOOLCHAINS MATRIX_WLEVELS	# (not the rows' makes' settings)
shift
top=${MK%/mk}
mkdir -p "$dir"
rows=$dir/rows
: > "$rows"
for k in $kvers; do
	for t in $tcs; do
		log=$dir/$k-${t//\//^}.log
		say MATRIX "linux-source-$k $t W=${wlevels// /,}"
		make -C "$top" corpus "$@" KVER="$k" TOOLCHAINS="$t" > "$log" 2>&1 && rc=0 || rc=$?
		for w in $wlevels; do
			where=$(make -C "$top" -s where "$@" KVER="$k" TOOLCHAIN="$t" W="$w") ||
				fail_with 1 "make where KVER=$k TOOLCHAIN=$t W=$w failed: $where"
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$t" "$w" "$rc" "$log" \
				"$(sed -n 's/^corpus  //p' <<< "$where")" "$(sed -n 's/^run     //p' <<< "$where")" >> "$rows"
		done
	done
done

# one line per row and level: KVER TC LEVEL STATUS INSTANCES UNIQUE SECONDS
# W, then the reasons as "why" lines. One level built (W=123) gives each
# cumulative level (W=1, W=12, W=123) by attribution, as make top counts
# them: the records of levels 0 and those the level names; several
# levels built give each its own build's counts.
if [ "$(wc -w <<< "$wlevels")" = 1 ]; then
	labels=$(awk '{ for (i = 1; i <= length($1); i++) printf "%s%s", (i > 1 ? " " : ""), substr($1, 1, i) }' <<< "$wlevels")
else
	labels=$wlevels
fi
facts=$dir/facts
while IFS=$'\t' read -r k t w rc log corpus run; do
	if [ -f "$corpus" ]; then
		want=$w
		[ "$labels" = "$wlevels" ] || want=$labels
		zstd -dcq "$corpus" | jq -n -r --arg k "$k" --arg t "$t" --arg w "$w" --arg labels "$want" \
			--argjson s "$(jq '.build_seconds' "${corpus%.jsonl.zst}.run.json" 2> /dev/null || echo null)" '
			input as $b
			| ($labels | split(" ")) as $ls
			| (reduce inputs as $d ({}; ($d.level // 0 | tostring) as $lv
				| reduce ($ls[] | select($lv == "0" or contains($lv))) as $l (.;
					.[$l].i += ($d.count // 1) | .[$l].u += 1))) as $c
			| ($ls[] | [$k, $t, ., $b.status, ($c[.].i // 0), ($c[.].u // 0), ($s // "-"), $w] | @tsv),
			($b.root_causes[] | ["why", $k, $t, $w, "\(.target): \(.path):\(.line): [\(.tool)] \(.message)"] | @tsv),
			(if $b.status != "ok" and $b.root_causes == [] then
				["why", $k, $t, $w, "make exit \($b.make_exit), no root cause recorded"] | @tsv else empty end)'
	elif refusal=$(grep -m1 -o 'kwarn: toolchain: TOOLCHAIN=[^:]*: .* is older than .*' "$log"); then
		for l in $labels; do printf '%s\t%s\t%s\trefused\t-\t-\t-\t%s\n' "$k" "$t" "$l" "$w"; done
		printf 'why\t%s\t%s\t%s\t%s\n' "$k" "$t" "$w" "${refusal#*TOOLCHAIN=*: }"
	else
		for l in $labels; do printf '%s\t%s\t%s\terror\t-\t-\t-\t%s\n' "$k" "$t" "$l" "$w"; done
		printf 'why\t%s\t%s\t%s\t%s\n' "$k" "$t" "$w" "make corpus exited $rc without a corpus file: see $log"
	fi
done < "$rows" > "$facts"

{
	# the run and seed of every row: linux-source-6.1/p0-small seed-1
	how="instances/unique per level"
	[ "$labels" = "$wlevels" ] || how="$how, attributed from the W=$wlevels build's records"
	printf '%s, %s, build wall seconds\n\n' "$(awk -F '\t' '{ sub(/^[^\/]*\//, "", $7); n = split($6, d, "/"); print $7 " " d[n - 1] }' "$rows" | sort -u | paste -sd ' ')" "$how"
	awk -F '\t' -v levels="$labels" '
		BEGIN { nl = split(levels, lv, " ") }
		$1 == "why" { next }
		{
			row = $2 "\t" $1
			if (!(row in seen)) { seen[row] = 1; order[++n] = row; status[row] = "ok" }
			if ($4 != "ok" && status[row] == "ok") status[row] = $4
			cell[row, $3] = $4 == "refused" ? "-" : $5 "/" $6
			if (!((row, $8) in built)) { built[row, $8] = 1; secs[row] = secs[row] (secs[row] == "" ? "" : " ") $7 }
		}
		END {
			printf "%-10s %-18s %-8s", "toolchain", "tree", "status"
			for (i = 1; i <= nl; i++) printf " %15s", "W=" lv[i] " inst/uniq"
			printf "  %s\n", "build s"
			for (r = 1; r <= n; r++) {
				split(order[r], p, "\t")
				printf "%-10s %-18s %-8s", p[1], "linux-source-" p[2], status[order[r]]
				for (i = 1; i <= nl; i++) printf " %15s", cell[order[r], lv[i]]
				printf "  %s\n", secs[order[r]]
			}
		}' "$facts"
	if grep -q '^why' "$facts"; then
		printf '\nWhy, for the rows not ok:\n'
		# a reason of several levels once, naming them
		awk -F '\t' '$1 == "why" {
				r = "  " $3 " linux-source-" $2 " W=@: " $5
				if (!(r in w)) order[++n] = r
				w[r] = w[r] (w[r] == "" ? "" : ",") $4
			}
			END { for (i = 1; i <= n; i++) { r = order[i]; sub(/@/, w[r], r); print r } }' "$facts"
	fi
	# consecutive versions of one compiler, both built ok at the top level
	top_w=${wlevels##* }
	for k in $kvers; do
		prev=
		for t in $tcs; do
			if awk -F '\t' -v k="$k" -v t="$t" -v w="$top_w" '$1 == k && $2 == t && $3 == w && $4 == "ok" { f = 1 } END { exit !f }' "$facts"; then
				if [ -n "$prev" ] && [ "${prev%-*}" = "${t%-*}" ]; then
					printf '\nlinux-source-%s W=%s: what %s adds (new) and drops (gone) against %s, in sites\n' "$k" "$top_w" "$t" "$prev"
					make -C "$top" -s compare "$@" KVER="$k" A="$prev" B="$t" W="$top_w" LIST=1 2>&1 |
						awk 'NR == 1 { print "  " $0; next } /^  new   gone/ { f = 1; print; next }
							f && NF == 0 { exit } f && ($1 != 0 || $2 != 0) { print }'
				fi
				prev=$t
			else
				prev=
			fi
		done
	done
} | tee "$dir/table.txt"
! grep -q $'\terror\t' "$facts" || fail_with 1 "kwarn failed for some rows (their logs are named above)"
