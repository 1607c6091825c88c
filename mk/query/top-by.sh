#!/bin/bash
# top-by.sh - make top BY=section or BY=dir: the top offenders per
# MAINTAINERS section (the tree's own file, matched as get_maintainer.pl
# matches it: helpers/kwarn-maint) or per directory, per toolchain;
# BY=site: a filter's warnings, one row per site.
#
# Usage: top-by.sh < ROWS   (from make top: "TOOLCHAIN TAB PATH TAB N TAB R",
# a file's instances and records at the W level asked; for BY=site each
# record, "TOOLCHAIN PATH KEY LINE FLAG LEVEL COUNT SEED"; settings by
# name: BY, W, PATHS, SECTION, TOP_N, MAINT (the tree's MAINTAINERS),
# KWARN_MAINT)
# A path counts for its most specific sections (those of the greatest
# depth: drivers/clk/ti/ for "TI CLOCK DRIVER" before drivers/clk/ for
# "COMMON CLK FRAMEWORK"); SECTION= keeps the paths any of whose sections
# it is, PATHS= those under one of its prefixes.
# Exit: 0, 1 nothing left after the filters, 2 setup error.
STEP=top
. "$(dirname "$0")/../lib.sh"
# top-by.sh rows TOOLCHAIN sums|summaries: ROWS from kwarn-index's sums of
# a build's view (its n1..n3, r1..r3 are W=1, 12, 123) or from summaries
# (the level filter on each record; BY=site: every record)
if [ "${1:-}" = rows ] && [ $# = 3 ]; then
	need_vars BY W
	if [ "$3" = sums ]; then
		c=5
		case $W in 1) c=3 ;; 12) c=4 ;; esac
		awk -F '\t' -v c="$c" '$1 == "file" && $(c + 1) > 0 { print $2 "\t" $3 "\t" $(c + 1) "\t" $(c + 4) }'
	else
		awk -F '\t' -v tc="$2" -v w="$W" -v by="$BY" '
			/^#/ { for (i = 2; i <= NF; i++) if ($i ~ /^seed=/) seed = substr($i, 6); next }
			{ l = $5 } w == 1 && (l == "" || l > 1) { next } w == 12 && (l == "" || l > 2) { next }
			by == "site" { print tc "\t" $6 "\t" $1 "\t" $7 "\t" $4 "\t" l "\t" $8 "\t" seed; next }
			{ n[$6] += $8; r[$6]++ } END { for (p in n) print tc "\t" p "\t" n[p] "\t" r[p] }'
	fi
	exit
fi
need_vars BY W TOP_N MAINT KWARN_MAINT
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -f "$MAINT" ] || fail "$MAINT: no MAINTAINERS file in the tree"
tree=$(dirname "$MAINT")
if [ -n "${SECTION:-}" ]; then
	"$KWARN_MAINT" -l "$MAINT" | cut -f1 > "$tmp/names" || fail "$KWARN_MAINT: cannot read $MAINT"
	grep -qxF -- "$SECTION" "$tmp/names" ||
		fail "SECTION='$SECTION': no such section in $MAINT (its first line, as in MAINTAINERS: make top BY=section lists those with warnings)"
fi
# PATHS=: prefixes (a directory's with its /)
# shellcheck disable=SC2086 # a list of words
printf '%s\n' ${PATHS:-} > "$tmp/prefixes"
# keep COLUMN < FILE: the lines whose path (in COLUMN) PATHS= and SECTION= keep
keep() {
	awk -F '\t' -v c="$1" 'NR == FNR { if ($0 != "") { p[++n] = $0 }; next }
		n == 0 { print; next } { for (i = 1; i <= n; i++) if (index($c, p[i]) == 1) { print; next } }' "$tmp/prefixes" - > "$tmp/kept"
	if [ -n "${SECTION:-}" ]; then
		cut -f"$1" "$tmp/kept" | sort -u | "$KWARN_MAINT" "$MAINT" | awk -F '\t' -v s="$SECTION" '$3 == s { print $1 }' > "$tmp/inside"
		awk -F '\t' -v c="$1" 'NR == FNR { in_[$0]; next } $c in in_' "$tmp/inside" "$tmp/kept"
	else
		cat "$tmp/kept"
	fi
}
# owners < PATHS: "PATH TAB OWNER TAB STATUS TAB LISTS", a path's most
# specific sections (BY=section), or its directory
owners() {
	if [ "$BY" = section ]; then
		sort -u | "$KWARN_MAINT" "$MAINT" | awk -F '\t' '!($1 in best) || $2 > best[$1] { best[$1] = $2; own[$1] = "" }
			$2 == best[$1] { own[$1] = own[$1] $3 "\t" $4 "\t" $5 "\n" }
			END { for (p in own) { n = split(own[p], o, "\n"); for (i = 1; i < n; i++) print p "\t" o[i] } }'
	else
		sort -u | awk '{ d = $0; sub(/[^\/]*$/, "", d); print $0 "\t" (d == "" ? "./" : d) "\t\t" }'
	fi | sort
}
keep 2 > "$tmp/rows"
[ -s "$tmp/rows" ] || { warn "no warning at W=$W${PATHS:+ under PATHS='$PATHS'}${SECTION:+ in SECTION='$SECTION'}"; exit 1; }
# BY=site: one row per site and flag: the builds that print it, by
# toolchain, the most seeds first
if [ "$BY" = site ]; then
	awk -F '\t' '{ k = $2 ":" $4 " " $5; site[k] = $2 ":" $4; flag[k] = $5; lev[k] = ($6 == "" ? "?" : $6); n[k] += $7
		if (!((k, $1) in tcseen)) { tcseen[k, $1]; tcs[k] = tcs[k] (tcs[k] == "" ? "" : ",") $1 }
		if (!((k, $8) in sseen)) { sseen[k, $8]; ns[k]++; seeds[k] = seeds[k] " " $8 } }
		END { for (k in site) print ns[k] "\t" n[k] "\t" site[k] "\t" flag[k] "\t" lev[k] "\t" tcs[k] "\t" seeds[k] }' "$tmp/rows" |
		LC_ALL=C sort -t "$(printf '\t')" -k1,1nr -k3,3 > "$tmp/sites"
	echo "W=$W: $(wc -l < "$tmp/sites") sites${PATHS:+ under $PATHS}${SECTION:+ of $SECTION} (seeds, instances, site, flag, level, toolchains, the first seeds)"
	awk -F '\t' -v n="$TOP_N" 'NR <= n { m = split($7, s, " ")
		for (i = 2; i <= m; i++) { v = s[i] + 0; for (j = i - 1; j >= 1 && s[j] + 0 > v; j--) s[j + 1] = s[j]; s[j + 1] = v }
		l = ""; for (i = 1; i <= m && i <= 5; i++) l = l (i > 1 ? " " : "") s[i]
		printf "%5d %7d  %s %s level %s %s  seeds %s%s\n", $1, $2, $3, $4, $5, $6, l, (m > 5 ? " ..." : "") }' "$tmp/sites"
	[ "$(wc -l < "$tmp/sites")" -le "$TOP_N" ] || echo "(+$(( $(wc -l < "$tmp/sites") - TOP_N )) more: TOP_N= shows more)"
	exit 0
fi
cut -f2 "$tmp/rows" | owners > "$tmp/owner"
what=$([ "$BY" = section ] && echo "MAINTAINERS sections" || echo directories)
# per toolchain and owner: instances, records, files; the most first
awk -F '\t' '
	NR == FNR { owners[$1] = owners[$1] $2 "\n"; next }
	{ m = split(owners[$2], o, "\n")
	  for (i = 1; i < m; i++) { k = $1 "\t" o[i]; ni[k] += $3; nr[k] += $4; nf[k]++ } }
	END { for (k in ni) print k "\t" ni[k] "\t" nr[k] "\t" nf[k] }' "$tmp/owner" "$tmp/rows" |
	LC_ALL=C sort -t "$(printf '\t')" -k1,1 -k3,3nr -k2,2 > "$tmp/table"
awk -F '\t' -v n="$TOP_N" -v w="$W" -v what="$what" '
	NR == FNR { total[$1]++; next }
	$1 != tc { tc = $1; r = 0
		printf "%s%s W=%s: top %d of %d %s (instances, warnings: a site in a build, files)\n", (FNR > 1 ? "\n" : ""),
			tc, w, (total[tc] < n ? total[tc] : n), total[tc], what }
	++r <= n { printf "%4d %8d %7d %5d  %s\n", r, $3, $4, $5, $2 }' "$tmp/table" "$tmp/table"
awk -F '\t' -v n="$TOP_N" '$1 != tc { tc = $1; r = 0 } ++r <= n { print $2 }' "$tmp/table" > "$tmp/named"

# --- the W=1-clean map ---------------------------------------------------------
# The owners of the files the builds compiled (their objects_built: x.o's
# source x.c or x.S in the tree) and of the files with a warning: those
# with no W=1 warning in any of their files, across every toolchain and
# seed, are W=1-clean. (A header no build printed a warning for is not
# known to have been compiled.)
if [ -s "${OBJECTS:-}" ] && [ -f "${ROWS1:-}" ]; then
	# OBJECT TOOLCHAINS SEEDS -> SOURCE TOOLCHAINS SEEDS, the sources the tree has
	awk -F '\t' '{ b = $1; sub(/\.o$/, "", b); print b ".c\t" $2 "\t" $3; print b ".S\t" $2 "\t" $3 }' "$OBJECTS" > "$tmp/cands"
	cut -f1 "$tmp/cands" | (cd "$tree" && xargs -r -d '\n' ls -d -- 2> /dev/null) | sort -u > "$tmp/have" || true
	awk -F '\t' 'NR == FNR { have[$0]; next } $1 in have' "$tmp/have" "$tmp/cands" | keep 1 > "$tmp/compiled"
	keep 2 < "$ROWS1" > "$tmp/rows1"
	{ cut -f1 "$tmp/compiled"; cut -f2 "$tmp/rows1"; } | owners > "$tmp/owner1"
	# per owner: its seeds and toolchains (of the compiled files), its W=1 warnings
	awk -F '\t' '
		FILENAME == ARGV[1] { own[$1] = own[$1] $2 "\n"; known[$2]; next }
		FILENAME == ARGV[2] { m = split(own[$1], o, "\n"); nt = split($2, t, ","); ns = split($3, s, ",")
			for (i = 1; i < m; i++) { for (j = 1; j <= nt; j++) if (!((o[i], t[j]) in tc)) { tc[o[i], t[j]]; tcs[o[i]] = tcs[o[i]] (tcs[o[i]] == "" ? "" : ",") t[j] }
				for (j = 1; j <= ns; j++) if (!((o[i], s[j]) in sd)) { sd[o[i], s[j]]; nseeds[o[i]]++ } }
			next }
		{ m = split(own[$2], o, "\n"); for (i = 1; i < m; i++) warns[o[i]] += $4 }
		END { for (x in known) print (warns[x] + 0) "\t" (nseeds[x] + 0) "\t" (tcs[x] == "" ? "-" : tcs[x]) "\t" x }' \
		"$tmp/owner1" "$tmp/compiled" "$tmp/rows1" > "$tmp/clean"
	nall=$(wc -l < "$tmp/clean")
	nclean=$(awk -F '\t' '$1 == 0' "$tmp/clean" | wc -l)
	echo
	echo "W=1-clean: $nclean of $nall $what${PATHS:+ under $PATHS}${SECTION:+ of $SECTION} whose files these builds compiled or warned in print no W=1 warning"
	if [ "$nclean" -gt 0 ]; then
		echo "  clean, the $([ "$nclean" -le "$TOP_N" ] && echo "$nclean" || echo "$TOP_N of $nclean") compiled by the most seeds (seeds, toolchains):"
		awk -F '\t' '$1 == 0' "$tmp/clean" | LC_ALL=C sort -t "$(printf '\t')" -k2,2nr -k4,4 | head -n "$TOP_N" |
			awk -F '\t' '{ printf "  %5d  %-16s %s\n", $2, $3, $4 }'
	fi
	if [ "$nclean" -lt "$nall" ]; then
		echo "  not clean, the $([ $((nall - nclean)) -le "$TOP_N" ] && echo $((nall - nclean)) || echo "$TOP_N of $((nall - nclean))") with the most W=1 warnings (warnings: a site in a build; seeds that compiled it):"
		awk -F '\t' '$1 > 0' "$tmp/clean" | LC_ALL=C sort -t "$(printf '\t')" -k1,1nr -k4,4 | head -n "$TOP_N" |
			awk -F '\t' '{ printf "  %5d %5d  %s\n", $1, $2, $4 }'
	fi
	awk -F '\t' -v n="$TOP_N" '$1 == 0' "$tmp/clean" | LC_ALL=C sort -t "$(printf '\t')" -k2,2nr -k4,4 | head -n "$TOP_N" | cut -f4 >> "$tmp/named"
fi
# the sections named: their status and lists
if [ "$BY" = section ]; then
	echo
	sort -u "$tmp/named" | awk -F '\t' 'NR == FNR { want[$0]; next } ($1 in want) && !seen[$1]++ {
		printf "  %s: %s%s\n", $1, ($2 == "" ? "(no S:)" : $2), ($3 == "" ? "" : "; " $3) }' - <(cat "$tmp/owner" "$tmp/owner1" 2> /dev/null | cut -f2- | sort -u)
fi
