#!/bin/bash
# kcidb.sh - the corpora of a run as one KCIDB I/O v5.3 document (make
# kcidb): what KernelCI's result database takes (doc/kcidb.md).
#
# Usage: W=W HOLDERS="W..." FLAG_NAMES=FILE URL=[URL] ORIGIN= CORPUS_RUN= RUN_SETTINGS= KSRC_USER=
#        kcidb.sh OUT [SEED...]
# Reads, per toolchain, one plain corpus file (TOOLCHAIN-WLEVEL.jsonl.zst)
# of the seeds SEED... (seeds and ranges, mk/seeds.sh; none: every seed)
# under CORPUS_RUN, in seed order: the first of the levels HOLDERS that was
# built, its warnings of level 0 and of W's levels alone (an unknown level
# at W=123 only); and the boot records (TOOLCHAIN-branches.jsonl.zst,
# qemu/README.md); it writes OUT:
#   checkouts  one per tree (the build record's tree and series_sha256;
#              KSRC_USER's git commit when the tree is that clean checkout)
#   builds     one per corpus file, and one per boot (its profiling image)
#   tests      one per boot (path "boot")
#   issues     one per key of a warning or an error, a site that several
#              compilers print one issue (the first toolchain's key), the
#              first file that has it, in seed order, describing it; one
#              per boot finding
#              (its digits folded, as a key's)
#   incidents  one per corpus file and key, one per boot and finding
# every id ORIGIN:..., the same bytes for the same corpora. URL: where
# CORPUS_RUN is published (empty: nowhere): each build's log_url its
# .log.zst there, its output_files the corpus file (its line 1 holds the
# .config), a boot's its TOOLCHAIN-boot.log.zst. The records are
# read from the summaries (mk/summary.sh -u makes those that are stale,
# checking their corpus files first); an issue's words from its first
# corpus file's record. Nothing holds the campaign: the incidents go
# straight to OUT, the keys are made unique by sort(1) on disk.
# OUT is written as OUT.tmp, renamed into place when whole.
# Exit: 0 written, 2 a corpus missing or unreadable, 3 OUT not written.
STEP=kcidb
. "$(dirname "$0")/../lib.sh"
need_vars W HOLDERS FLAG_NAMES ORIGIN CORPUS_RUN
URL=${URL-}
[ $# -ge 1 ] || fail "usage: W= HOLDERS= FLAG_NAMES= ORIGIN= CORPUS_RUN= ... kcidb.sh OUT [SEED...]"
out=$1 origin=$ORIGIN run=$CORPUS_RUN settings=${RUN_SETTINGS:-} ksrc=${KSRC_USER:-}
shift
# the issue and incident version: an issue's words do not change, so 1
version=1

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp" "$out.tmp"' EXIT
# the corpus files, seeds in order, then by name
if [ $# = 0 ]; then
	for d in "$run"/seed-*; do [ ! -d "$d" ] || echo "${d##*/seed-}"; done
else
	"$MK/seeds.sh" "$@"
fi | sort -n -u > "$tmp/seeds"
[ -s "$tmp/seeds" ] || fail "no corpus in $run; run make corpus first"
while read -r s; do
	seed_dir d "$run" "$s"
	[ ! -e "$d" ] || { [ -d "$d" ] && [ -r "$d" ] && [ -x "$d" ]; } || fail_with 3 "$d: cannot read this seed's directory"
	# per toolchain (in tcs when taken), the first of HOLDERS built
	: > "$tmp/tcs"
	for v in $HOLDERS; do
		for f in "$d"/*-W"$v".jsonl.zst; do
			[ -e "$f" ] || continue
			tc=${f##*/} && tc=${tc%-W"$v".jsonl.zst}
			grep -qxF "$tc" "$tmp/tcs" && continue
			echo "$tc" >> "$tmp/tcs"
			echo "$f"
		done
	done | LC_ALL=C sort > "$tmp/picked"
	[ -s "$tmp/picked" ] || fail "$d: no corpus of W=$W$([ "$HOLDERS" = "$W" ] || echo " or above"); run make corpus SEEDS=$s WLEVELS=$W first"
	cat "$tmp/picked"
	for f in "$d"/*-branches.jsonl.zst; do [ ! -e "$f" ] || echo "$f" >> "$tmp/boots"; done
done < "$tmp/seeds" > "$tmp/files"
mapfile -t files < "$tmp/files"
"$MK/summary.sh" -u "$tmp" "${files[@]}" > "$tmp/sums" || exit 2

# per file, a line: its .run.json (the build's seconds) or null, a tab, its
# build record
for f in "${files[@]}"; do
	r=null
	if [ -f "${f%.jsonl.zst}.run.json" ]; then
		IFS= read -r r < "${f%.jsonl.zst}.run.json" || true
		printf '%s\t%s\n' "${f%.jsonl.zst}.run.json" "$r" >> "$tmp/runs"
	fi
	printf '%s\t' "$r"
	first_line "$f"
done > "$tmp/heads"
# a .run.json that is not what kwarn writes (mk/corpus-lib.jq) is named
[ ! -f "$tmp/runs" ] || bad=$(jq -R -r -L "$MK" 'include "corpus-lib"; split("\t") as [$f, $l]
	| ($l | try fromjson catch null | run_json_why) // empty | "\($f): \(.)"' "$tmp/runs" | head -n 1)
[ -z "${bad:-}" ] || fail_with 1 "$bad"

# a checkout per tree: its id the first 12 hex digits of the sha256 of
# "TREE SERIES_SHA256"; a KSRC= tree (user-DESCRIBE) that is KSRC_USER's
# clean git checkout gets its commit
# the boot records (line 1 of each boot file), one a line
touch "$tmp/boots"
while read -r f; do first_line "$f"; done < "$tmp/boots" > "$tmp/boot-heads"
{ jq -r -R 'split("\t")[1] | fromjson | [.tree, .series_sha256] | @tsv' "$tmp/heads"
  jq -r '[.tree, .series_sha256] | @tsv' "$tmp/boot-heads"; } | sort -u > "$tmp/trees"
commit=
describe=
if [ -n "$ksrc" ] && git -C "$ksrc" rev-parse --git-dir > /dev/null 2>&1; then
	describe=user-$(git -C "$ksrc" describe --always --dirty)
	commit=$(git -C "$ksrc" rev-parse HEAD)
fi
while IFS=$'\t' read -r tree series; do
	h=$(printf '%s %s' "$tree" "$series" | sha256sum | cut -c1-12)
	c=
	[ "$tree" = "$describe" ] && [ "${describe%-dirty}" = "$describe" ] && c=$commit
	jq -n -c --arg t "$tree" --arg s "$series" --arg h "$h" --arg c "$c" '{tree: $t, series: $s, id: $h, commit: $c}'
done < "$tmp/trees" > "$tmp/checkouts"

# the build ids, one a line in the files' order (awk names the incidents
# after them)
jq -n -r -R --slurpfile co "$tmp/checkouts" --arg origin "$origin" --arg run "${run##*/}" '
	(reduce $co[] as $c ({}; .["\($c.tree) \($c.series)"] = $c.id)) as $ids
	| inputs | split("\t")[1] | fromjson
	| "\($origin):\($ids["\(.tree) \(.series_sha256)"]).\($run).seed-\(.seed).\(.toolchain)-W\(.w)"' \
	"$tmp/heads" > "$tmp/ids"

# a boot's findings, "BOOT TAB KEY TAB TEXT" (BOOT: its line in
# boot-heads): a finding's issue key is "boot-" and 16 hex digits of the
# sha256 of its text with its time cut and digits folded, as a key's
# message's are (addresses, times and PIDs differ from boot to boot)
i=0
while IFS= read -r h; do
	i=$((i + 1))
	jq -r '.findings | unique[]' <<< "$h" | while IFS= read -r f; do
		k=$(sed -E 's/^\[ *[0-9.]+\] //; s/0x[0-9a-fA-F]+|[0-9]+/N/g' <<< "$f" | head -c -1 | sha256sum | cut -c1-16)
		printf '%s\tboot-%s\t%s\n' "$i" "$k" "$f"
	done
done < "$tmp/boot-heads" > "$tmp/boot-findings"
# a boot's build (its profiling image) and test ids, of boot-heads' line N
boot_ids='(reduce $co[] as $c ({}; .["\($c.tree) \($c.series)"] = $c.id)) as $ids
	| [$bh[] | "\($origin):\($ids["\(.tree) \(.series_sha256)"]).\($run).seed-\(.seed).\(.toolchain)-profile"
	  | {build: ., test: "\(.).boot"}] as $bid
	| [$found | split("\n")[] | select(. != "") | split("\t") | {boot: (.[0] | tonumber), key: .[1], text: (.[2:] | join("\t"))}] as $f'
# A warning of the levels shown (corpus-lib.jq's shown_at), in awk: a
# summary line's kind is $2, its level $5; bw the W of its build (its
# header's w=)
shown_awk='$2 == "error" || ($2 == "warning" && ($5 == "" ? length(bw) <= length(shown) : $5 == "0" || index(shown, $5)))'
# One issue per site across compilers (doc/compare.md, "the same
# warning"): a warning that the first toolchain (by name) of its seed also
# prints at its site (path, line and the flag's name, corpus-lib.jq's
# flag_names) is that toolchain's issue: "KEY TAB ISSUE" lines, the
# lowest seed's pairing first, sorted on disk. A summary's line 1 is its
# header; then key, kind, tool, flag, level, path, line, ...: @tsv, so a
# tab is always a separator.
xargs -d '\n' zstd -dcq < "$tmp/sums" | awk -F '\t' -v names="$FLAG_NAMES" -v shown="$W" '
	BEGIN { while ((getline l < names) > 0) { split(l, p, "\t"); nm[p[1]] = p[2] } }
	/^#kwarn-summary\t/ { for (j = 3; j <= NF; j++) {
			if ($j ~ /^seed=/) s = substr($j, 6)
			if ($j ~ /^toolchain=/) t = substr($j, 11)
			if ($j ~ /^w=/) bw = substr($j, 3) }
		next }
	$2 == "warning" && '"$shown_awk"' { print s "\t" $6 "\t" $7 "\t" (($4 in nm) ? nm[$4] : $4) "\t" t "\t" $1 }' |
	LC_ALL=C sort -t $'\t' -k1,1n -k2,2 -k3,3n -k4,4 -k5,5 -S 64M -T "$tmp" |
	awk -F '\t' '{ site = $1 FS $2 FS $3 FS $4 }
		site != last { last = site; tc = $5; issue = $6; next }
		$5 != tc && $6 != issue { print $6 "\t" issue }' |
	LC_ALL=C sort -s -u -t $'\t' -k1,1 -S 64M -T "$tmp" > "$tmp/alias" || exit 2

# The incidents, streamed into OUT; per file, its counts of unique warnings
# and errors ($tmp/counts), and each issue's first sighting: "ISSUE TAB
# FILE INDEX TAB KEY" ($tmp/firsts, made unique on disk below).
{
	printf '{"version":{"major":5,"minor":3},\n"incidents":[\n'
	xargs -d '\n' zstd -dcq < "$tmp/sums" | awk -F '\t' -v ids="$tmp/ids" -v origin="$origin" \
		-v v="$version" -v counts="$tmp/counts" -v firsts="$tmp/firsts" -v shown="$W" -v alias="$tmp/alias" '
		BEGIN { while ((getline l < alias) > 0) { split(l, p, "\t"); issue_of[p[1]] = p[2] } }
		function done_file() { if (i) print w, e > counts }
		/^#kwarn-summary\t/ { done_file(); i++; w = e = 0; delete seen
			for (j = 3; j <= NF; j++) if ($j ~ /^w=/) bw = substr($j, 3)
			if ((getline id < ids) <= 0) { print "kwarn: kcidb: more summaries than build ids" > "/dev/stderr"; exit 2 }
			next }
		!('"$shown_awk"') { next }
		{ if ($2 == "warning") w++; else e++
		  iss = ($1 in issue_of) ? issue_of[$1] : $1
		  if (seen[iss]++) next	# (two of its warnings at one site)
		  printf "%s{\"id\":\"%s.%s\",\"origin\":\"%s\",\"issue_id\":\"%s:%s\",\"issue_version\":%d,\"build_id\":\"%s\",\"present\":true}\n", \
			(n++ ? "," : ""), id, iss, origin, origin, iss, v, id
		  print iss "\t" i "\t" $1 > firsts }
		END { done_file() }'
	# a boot's findings: an incident each, of the boot's test
	jq -n -r --slurpfile co "$tmp/checkouts" --slurpfile bh "$tmp/boot-heads" --rawfile found "$tmp/boot-findings" \
		--arg origin "$origin" --arg run "${run##*/}" --argjson v "$version" "$boot_ids"'
		| $f[] | {id: "\($bid[.boot - 1].test).\(.key)", origin: $origin, issue_id: "\($origin):\(.key)",
			  issue_version: $v, build_id: $bid[.boot - 1].build, test_id: $bid[.boot - 1].test, present: true}
		| tojson' | awk -v any="$(test -s "$tmp/firsts" && echo 1)" '{ print (NR > 1 || any ? "," : "") $0 }'
	printf '],\n'
} > "$out.tmp" || fail_with 3 "$out.tmp: cannot write"
touch "$tmp/firsts"

# the checkouts
jq -r -c -n --arg origin "$origin" '[inputs | {id: "\($origin):\(.id)", origin: $origin, tree_name: .tree,
	patchset_hash: .series, valid: true,
	comment: "\(.tree), kwarn series/ \(.series[:12])",
	misc: {series_sha256: .series}}
	+ (if .commit != "" then {git_commit_hash: .commit} else {} end)]
	| "\"checkouts\":[\n" + (map(tojson) | join(",\n")) + "\n],"' "$tmp/checkouts" >> "$out.tmp" ||
	fail_with 3 "$out.tmp: cannot write"

# the builds: status ok PASS, failed FAIL, the rest (timeout, error) ERROR;
# a failed build's log_excerpt its root causes, cut to the schema's 16,384
# characters
paste -d '\t' "$tmp/ids" "$tmp/counts" "$tmp/heads" | jq -r -R -n --slurpfile co "$tmp/checkouts" \
	--arg origin "$origin" --arg run "${run##*/}" --arg settings "$settings" --arg shown "$W" --arg url "$URL" '
	(reduce $co[] as $c ({}; .["\($c.tree) \($c.series)"] = $c.id)) as $ids
	| "\"builds\":[",
	  (foreach (inputs | split("\t")) as $l (0; . + 1; . as $n
		| ($l[1] | split(" ") | map(tonumber)) as [$w, $e]
		| ($l[2] | fromjson) as $run_json | ($l[3:] | join("\t") | fromjson)
		| {id: $l[0], origin: $origin,
		   checkout_id: "\($origin):\($ids["\(.tree) \(.series_sha256)"])",
		   status: ({ok: "PASS", failed: "FAIL"}[.status] // "ERROR"),
		   architecture: "arm",
		   compiler: (if (.packages // {}) == {} then .compiler
			      else .packages | to_entries | map("\(.key) \(.value)") | join(", ") end),
		   config_name: "randconfig seed \(.seed) P=\(.probability) \($run | sub("^p[0-9]+-?"; "") | if . == "" then "" else "\(.) " end)fragment \(.fragment_sha256[:12])",
		   command: "make corpus-one SEED=\(.seed) TOOLCHAIN=\(.toolchain) W=\(.w) \($settings)"}
		+ (if $run_json | type == "object" and (.build_seconds | type) == "number"
		   then {duration: $run_json.build_seconds} else {} end)
		+ (if $run_json | type == "object" and has("start_time") then {start_time: $run_json.start_time} else {} end)
		+ (if $url == "" then {} else "\($url)/seed-\(.seed)/\(.toolchain)-W\(.w)" as $f
		   | {log_url: "\($f).log.zst", output_files: [{name: "corpus.jsonl.zst", url: "\($f).jsonl.zst"}]} end)
		+ (if .status == "ok" then {} else
		   {log_excerpt: ([(.root_causes // [])[] | "\(.target): \(.path):\(.line): [\(.tool)] \(.message)"]
				  + (if (.root_causes // []) == [] then ["make exit \(.make_exit); failed targets: \(.failed_targets | join(" "))"] else [] end)
				  | join("\n") | .[:16384])} end)
		+ {misc: {seed, probability, w, toolchain, compiler_version: .compiler, kernel, tree,
			  kwarn_status: .status, make_exit, failed_targets: (.failed_targets | length),
			  instances, unique, warnings: $w, errors: $e, levels_shown: $shown,
			  config_sha256, fragment_sha256, fragment_lines: (.fragment_lines // [])}}
		| (if $n > 1 then "," else "" end) + tojson))' >> "$out.tmp" || fail_with 3 "$out.tmp: cannot write"
# a boot: its profiling image a build, its boot a test (ok PASS, panic
# FAIL, no image MISS, the rest ERROR), its findings incidents (above)
jq -n -r --slurpfile co "$tmp/checkouts" --slurpfile bh "$tmp/boot-heads" --rawfile found "$tmp/boot-findings" \
	--arg origin "$origin" --arg run "${run##*/}" --arg settings "$settings" --arg url "$URL" "$boot_ids"'
	| [range($bh | length) as $i | $bh[$i] as $r | $bid[$i] as $id
	   | {build: {id: $id.build, origin: $origin,
		checkout_id: "\($origin):\($ids["\($r.tree) \($r.series_sha256)"])",
		status: (if $r.status == "no-image" then "FAIL" else "PASS" end), architecture: "arm",
		compiler: $r.compiler, config_name: "randconfig seed \($r.seed) P=\($r.probability), profiling image",
		command: "make boot SEED=\($r.seed) TOOLCHAIN=\($r.toolchain) \($settings)",
		misc: {seed: $r.seed, toolchain: $r.toolchain, variant: "profile", config_sha256: $r.config_sha256}},
	      test: ({id: $id.test, origin: $origin, build_id: $id.build, path: "boot",
		status: ({ok: "PASS", panic: "FAIL", "no-image": "MISS"}[$r.status] // "ERROR"),
		duration: $r.seconds, environment: {comment: "\($r.qemu), -M virt, \($r.mem_mib) MiB"},
		misc: {kwarn_status: $r.status, qemu_exit: $r.qemu_exit, findings: ($r.findings | length)}}
		+ (if $url == "" then {} else {log_url: "\($url)/seed-\($r.seed)/\($r.toolchain)-boot.log.zst"} end))}] as $boots
	| ($boots[] | "," + (.build | tojson)), "],",
	  "\"tests\":[", ($boots | map(.test | tojson) | join(",\n")), "],"' >> "$out.tmp" ||
	fail_with 3 "$out.tmp: cannot write"

# the issues: each once, where it was first seen (sort -s -u keeps the
# first line of each), described by that file's record of the key seen
sort -s -u -t $'\t' -k1,1 -S 64M -T "$tmp" "$tmp/firsts" | sort -t $'\t' -k2,2n -k1,1 -S 64M -T "$tmp" > "$tmp/issues"
printf '"issues":[\n' >> "$out.tmp"
{ awk -F '\t' '$2 != f { if (f != "") print ""; f = $2; printf "%s", $2 } { printf "\t%s=%s", $3, $1 } END { if (f != "") print "" }' \
	"$tmp/issues" | while IFS=$'\t' read -r i keys; do
	# (a file, not an argument: one argument holds 128 KiB at most)
	printf '%s\n' "$keys" > "$tmp/keys"
	zstd -dcq "${files[i - 1]}" | jq -n -c --rawfile keys "$tmp/keys" --arg origin "$origin" --argjson v "$version" '
		(reduce ($keys | rtrimstr("\n") | split("\t"))[] as $k ({}; .[$k[:16]] = $k[17:])) as $issue
		| inputs | select(.type == "diag" and $issue[.key])
		| {id: "\($origin):\($issue[.key])", version: $v, origin: $origin,
		   report_subject: "\(.path):\(.line): \(.message)\(if .flag != "" then " [\(.flag)]" else "" end)",
		   culprit: {code: true},
		   comment: .text,
		   misc: {key, tool, kind, flag, level, path, line, message,
			  first_seen: {seed, toolchain, w}}}'
done; jq -n -r -c --slurpfile co "$tmp/checkouts" --slurpfile bh "$tmp/boot-heads" --rawfile found "$tmp/boot-findings" \
	--arg origin "$origin" --arg run "${run##*/}" --argjson v "$version" "$boot_ids"'
	| $f | unique_by(.key)[] | {id: "\($origin):\(.key)", version: $v, origin: $origin,
		report_subject: .text[:256], culprit: {code: true}, comment: .text,
		misc: {key, tool: "boot", kind: "finding", first_seen: $bh[.boot - 1] | {seed, toolchain}}}'
} | sort -t '"' -k4,4 -S 64M -T "$tmp" | awk '{ print (NR > 1 ? "," : "") $0 }' >> "$out.tmp"
printf ']}\n' >> "$out.tmp" || fail_with 3 "$out.tmp: cannot write"
mv "$out.tmp" "$out" || fail_with 3 "$out: cannot rename into place"
trap 'rm -rf "$tmp"' EXIT
say KCIDB "$out: $(wc -l < "$tmp/heads") builds and $(wc -l < "$tmp/boot-heads") boots at W=$W, $(( $(wc -l < "$tmp/issues") + $(cut -f2 "$tmp/boot-findings" | sort -u | wc -l) )) issues"
