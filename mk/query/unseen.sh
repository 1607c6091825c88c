#!/bin/bash
# unseen.sh - how many keys a campaign has not seen yet: Chao's estimate
# from the keys printed by exactly one and exactly two seeds (doc/campaigns.md
# has the formula and its bounds).
#
# Usage: unseen.sh [-j] W < ROWS   (-j: a JSON array, for make report; ROWS: "TOOLCHAIN TAB SEEDS TAB KEYS TAB ONCE
# TAB TWICE" at level W: kwarn-index freq over every seed, unseen.sh -c
# over the summaries of some). One line per toolchain of more than one seed.
# The bias-corrected estimator for incidence data (Chao 1987; Chao 2005,
# with seeds as the samples): S = S_obs + (m-1)/m * Q1(Q1-1) / (2(Q2+1)),
# its variance as EstimateS computes it, and the log-normal 95% interval
# S_obs + T/K .. S_obs + T*K, T = S - S_obs, K = exp(1.96 sqrt(ln(1 + var/T^2))).
# unseen.sh -c TOOLCHAIN W < SUMMARIES: the row of TOOLCHAIN's summaries
# (mk/summary.sh's lines, a header per build), each record at level W.
STEP=top
. "$(dirname "$0")/../lib.sh"
if [ "${1:-}" = -c ] && [ $# = 3 ]; then
	awk -F '\t' -v tc="$2" -v w="$3" '/^#/ { m++; build = $0; next } { l = $5 }
		w == 1 && (l == "" || l > 1) { next } w == 12 && (l == "" || l > 2) { next }
		!(($1, build) in seen) { seen[$1, build]; n[$1]++ }
		END { for (k in n) { s++; q1 += n[k] == 1; q2 += n[k] == 2 } print tc "\t" m + 0 "\t" s + 0 "\t" q1 + 0 "\t" q2 + 0 }'
	exit
fi
json=
[ "${1:-}" != -j ] || { json=1; shift; }
[ $# = 1 ] || fail "usage: unseen.sh [-j] W < ROWS, or unseen.sh -c TOOLCHAIN W < SUMMARIES"
# TOOLCHAIN SEEDS KEYS ONCE TWICE ESTIMATE LOW HIGH UNSEEN, rounded
rows=$(mktemp) || exit 3
trap 'rm -f "$rows"' EXIT
awk -F '\t' -v OFS='\t' '
	$2 < 2 { next }
	{ m = $2; s = $3; q1 = $4; q2 = $5; a = (m - 1) / m
	  t = a * q1 * (q1 - 1) / (2 * (q2 + 1))
	  v = a * q1 * (q1 - 1) / (2 * (q2 + 1)) + a * a * q1 * (2 * q1 - 1) ^ 2 / (4 * (q2 + 1) ^ 2) \
		+ a * a * q1 * q1 * q2 * (q1 - 1) ^ 2 / (4 * (q2 + 1) ^ 4)
	  if (t > 0) { k = exp(1.96 * sqrt(log(1 + v / (t * t)))); lo = s + t / k; hi = s + t * k } else { lo = s; hi = s }
	  print $1, m, s, q1, q2, int(s + t + 0.5), int(lo + 0.5), int(hi + 0.5), int(t + 0.5) }' > "$rows"
if [ -n "$json" ]; then
	jq -R -s -c --arg w "$1" '[split("\n")[] | select(. != "") | split("\t") | {toolchain: .[0], w: $w} +
		(.[1:] | map(tonumber) | {seeds: .[0], keys: .[1], once: .[2], twice: .[3], estimate: .[4], low: .[5], high: .[6], unseen: .[7]})]' \
		"$rows"
else
	awk -F '\t' -v w="$1" '!head++ { print "keys not seen yet (Chao'"'"'s estimate from the keys one seed and two seeds print):" }
		{ printf "  %s W=%s: %d keys in %d seeds, %d printed by one seed, %d by two: about %d in all (95%%: %d to %d), %d not seen yet\n",
			$1, w, $3, $2, $4, $5, $6, $7, $8, $9 }' "$rows"
fi
