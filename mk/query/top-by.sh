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
cat > "$tmp/rows"
# PATHS=: prefixes (a directory's with its /)
if [ -n "${PATHS:-}" ]; then
	# shellcheck disable=SC2086 # a list of words
	printf '%s\n' $PATHS > "$tmp/prefixes"
	awk -F '\t' 'NR == FNR { p[NR] = $0; n = NR; next }
		{ for (i = 1; i <= n; i++) if (index($2, p[i]) == 1) { print; next } }' "$tmp/prefixes" "$tmp/rows" > "$tmp/kept"
	mv "$tmp/kept" "$tmp/rows"
fi
# every path's sections, once
cut -f2 "$tmp/rows" | sort -u | "$KWARN_MAINT" "$MAINT" > "$tmp/sections" ||
	fail "$KWARN_MAINT: cannot read $MAINT"
if [ -n "${SECTION:-}" ]; then
	"$KWARN_MAINT" -l "$MAINT" | cut -f1 > "$tmp/names" || fail "$KWARN_MAINT: cannot read $MAINT"
	grep -qxF -- "$SECTION" "$tmp/names" ||
		fail "SECTION='$SECTION': no such section in $MAINT (its first line, as in MAINTAINERS: make top BY=section lists those with warnings)"
	awk -F '\t' -v s="$SECTION" '$3 == s { print $1 }' "$tmp/sections" | sort -u > "$tmp/inside"
	awk -F '\t' 'NR == FNR { in_[$0]; next } $2 in in_' "$tmp/inside" "$tmp/rows" > "$tmp/kept"
	mv "$tmp/kept" "$tmp/rows"
fi
[ -s "$tmp/rows" ] || { warn "no warning at W=$W${PATHS:+ under PATHS='$PATHS'}${SECTION:+ in SECTION='$SECTION'}"; exit 1; }
# BY=site: one row per site (a key): the builds that print it, by
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
# the owner of each path: its most specific sections, or its directory
if [ "$BY" = section ]; then
	awk -F '\t' '!($1 in best) || $2 > best[$1] { best[$1] = $2; own[$1] = "" }
		$2 == best[$1] { own[$1] = own[$1] $3 "\t" $4 "\t" $5 "\n" }
		END { for (p in own) { n = split(own[p], o, "\n"); for (i = 1; i < n; i++) print p "\t" o[i] } }' "$tmp/sections"
else
	cut -f2 "$tmp/rows" | sort -u | awk '{ d = $0; sub(/[^\/]*$/, "", d); print $0 "\t" (d == "" ? "./" : d) "\t\t" }'
fi | sort > "$tmp/owner"
# per toolchain and owner: instances, records, files; the most first
awk -F '\t' '
	NR == FNR { owners[$1] = owners[$1] $2 "\034" $3 "\034" $4 "\n"; next }
	{ m = split(owners[$2], o, "\n")
	  for (i = 1; i < m; i++) { split(o[i], f, "\034"); k = $1 "\t" f[1]; ni[k] += $3; nr[k] += $4; nf[k]++ } }
	END { for (k in ni) print k "\t" ni[k] "\t" nr[k] "\t" nf[k] }' "$tmp/owner" "$tmp/rows" |
	LC_ALL=C sort -t "$(printf '\t')" -k1,1 -k3,3nr -k2,2 > "$tmp/table"
awk -F '\t' -v n="$TOP_N" -v w="$W" -v what="$([ "$BY" = section ] && echo "MAINTAINERS sections" || echo directories)" '
	NR == FNR { total[$1]++; next }
	$1 != tc { tc = $1; r = 0
		printf "%s%s W=%s: top %d of %d %s (instances, warnings: a site in a build, files)\n", (FNR > 1 ? "\n" : ""),
			tc, w, (total[tc] < n ? total[tc] : n), total[tc], what }
	++r <= n { printf "%4d %8d %7d %5d  %s\n", r, $3, $4, $5, $2 }' "$tmp/table" "$tmp/table"
# the sections named: their status and lists
if [ "$BY" = section ]; then
	echo
	awk -F '\t' -v n="$TOP_N" '$1 != tc { tc = $1; r = 0 } ++r <= n { print $2 }' "$tmp/table" | sort -u |
		awk -F '\t' 'NR == FNR { want[$0]; next } ($1 in want) && !seen[$1]++ {
			printf "  %s: %s%s\n", $1, ($2 == "" ? "(no S:)" : $2), ($3 == "" ? "" : "; " $3) }' - <(cut -f3- "$tmp/sections" | sort -u)
fi
