#!/bin/bash
# corpus.sh - turn one finished build into its corpus file.
#
# Usage: corpus.sh [records] BUILDDIR   (its descriptor says the rest: mk/desc.sh)
# Writes the corpus file (zstd JSON Lines: the build record, then the
# sorted diagnostic records), and beside it the .log.zst (raw output),
# .run.json (timings) and .sum.zst (the summary make top and make compare
# read: mk/summary.sh), each through a temporary file renamed into place.
# The .run.json holds what varies run to run: the build's time, the
# distcc hosts it used.
# "records" prints the sorted diagnostic records alone, made as for a
# corpus (the levels table, applied whole by kwarn-parse -l; the checkers)
# of any build mk/build.sh made: make repro's and make why's one object,
# make newwarn's and make series-check's objects (of named targets, their
# captures alone). Only the seed's Kconfig warnings (seeddir/kconfig.log)
# are the corpus's alone.
STEP=corpus
. "$(dirname "$0")/lib.sh"
out=
[ "${1:-}" != records ] || { out=-; shift; }
[ $# = 1 ] || fail "usage: corpus.sh [records] BUILDDIR"
dir=$1
read_desc "$dir"
need_vars ksrc tc family cc kcc seed w variant targets kwarn_parse
inputs=("$dir/make.log")
if [ -z "$out" ]; then
	need_vars ZSTD_LEVEL corpus seeddir p pin series tree
	out=$corpus
	inputs+=("$seeddir/kconfig.log")
	# (under the build's lock, mk/desc.sh) a build another run of this
	# seed emptied once it had written this corpus (KEEP_BUILDS=0): that
	# corpus is this build's; parsing what is left failed, and make then
	# deleted the other run's good file
	if [ -e "$dir/.kwarn-emptied" ] && [ -f "$out" ]; then
		say CORPUS "$out: written by another run of this build, which emptied it since"
		exit 0
	fi
fi
# the kernel's make in the configured build directory (mk/levels.sh reads
# its flags), with the build's own CC: another one would make Kconfig sync
# the config again (auto.conf.cmd records CC) here and at the next build
# shellcheck disable=SC2206 # kargs: words
kmake=(make -C "$dir" $kargs CC="$kcc")
base=${out%.jsonl.zst}
# work in the build directory; stage each output as a hidden file beside
# it and rename: a killed run leaves no partial file under its real name
tmp=$dir/.corpus-tmp
rm -rf "$tmp" && mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM

# the levels table decides every record's W level (mk/levels.sh, applied
# whole by kwarn-parse -l); levels: a file to make it in once and reuse
# (make why's probes, many records of a few build directories)
if [ -n "${levels:-}" ] && [ -s "$levels" ]; then
	cp "$levels" "$tmp/levels.tsv"
else
	"$MK/levels.sh" "$family" "$cc" "${kmake[@]}" > "$tmp/levels.tsv"
	[ -z "${levels:-}" ] || { cp "$tmp/levels.tsv" "$levels.tmp" && mv "$levels.tmp" "$levels"; }
fi
cp "$tmp/levels.tsv" "$dir/levels.tsv"
# of named targets, their captures alone: a scratch build directory that
# is kept (why's, series-check's) holds those of earlier builds' targets
named=()
[ "$targets" = all ] || read -ra named <<< "$targets"
captured "$dir" kwarn "${named[@]}" > "$tmp/objects"
captured "$dir" kernel-doc.log "${named[@]}" > "$tmp/docs"
# the checkers' logs only when checkers asks for them: the build directory
# keeps those of earlier runs
checker() { case " ${checkers:-} " in *" $1 "*) captured "$dir" "$1.log" "${named[@]}" ;; esac; }
checker sparse > "$tmp/sparse"
checker clang-analyzer > "$tmp/analyzer"

"$kwarn_parse" -s "$ksrc" -b "$dir" -t "$family" -l "$tmp/levels.tsv" \
	-x "\"seed\":$seed,\"toolchain\":\"$tc\",\"w\":\"$w\",\"variant\":\"$variant\"" \
	-T "$tmp/objects" -T "$tmp/docs" "${inputs[@]}" > "$tmp/diags"
# sparse prints no -W flag: its class is the message without names, numbers
if [ -s "$tmp/sparse" ]; then
	"$kwarn_parse" -s "$ksrc" -b "$dir" -t sparse \
		-x "\"seed\":$seed,\"toolchain\":\"$tc\",\"w\":\"$w\",\"variant\":\"$variant\"" \
		-T "$tmp/sparse" > "$tmp/sparse.jsonl"
	jq -c -f "$MK/../corpus/queries/sparse-class.jq" "$tmp/sparse.jsonl" |
		jq -c -s --slurpfile d "$tmp/diags" '. + $d |
		sort_by(.path, .line, .col, .tool, .kind, .flag, .message) | .[]' > "$tmp/all"
	mv "$tmp/all" "$tmp/diags"
fi
# the analyzer's findings end in [checker.Name]; the compiler warnings it
# also prints are already in the corpus
if [ -s "$tmp/analyzer" ]; then
	"$kwarn_parse" -s "$ksrc" -b "$dir" -t clang-analyzer \
		-x "\"seed\":$seed,\"toolchain\":\"$tc\",\"w\":\"$w\",\"variant\":\"$variant\"" \
		-T "$tmp/analyzer" | jq -c -f "$MK/../corpus/queries/analyzer-class.jq" |
		jq -c -s --slurpfile d "$tmp/diags" '. + $d |
		sort_by(.path, .line, .col, .tool, .kind, .flag, .message) | .[]' > "$tmp/all"
	mv "$tmp/all" "$tmp/diags"
fi
if [ "$out" = - ]; then
	cat "$tmp/diags"
	exit 0
fi

# the objects the build made (those with Kbuild's .NAME.o.cmd; not the host
# programs' of scripts/ and tools/): make why tells the seeds that built an
# object without printing a warning from those that did not build it
(cd "$dir" && find . \( -path ./scripts -o -path ./tools \) -prune -o -name '.*.o.cmd' -print) |
	sed 's|^\./||; s|^\(.*/\)\{0,1\}\.\([^/]*\)\.cmd$|\1\2|' | sort > "$tmp/built"
# shellcheck disable=SC2086
jq -n -c --slurpfile d "$tmp/diags" --rawfile built "$tmp/built" \
	--argjson seed "$seed" --argjson p "$p" --arg w "$w" --arg tc "$tc" \
	--arg variant "$variant" \
	--arg fragment "$(sha256sum < "$pin" | cut -c1-64)" \
	--arg flines "$(sed -n '/^# kwarn: FRAGMENT= lines$/,$p' "$pin" | tail -n +2)" \
	--rawfile config "$dir/.config" \
	--arg config_sha "$(sha256sum < "$dir/.config" | cut -c1-64)" \
	--arg compiler "$($cc --version | head -n1)" \
	--arg packages "$(dpkg-query -W -f '${Package}=${Version}\n' $packages 2>/dev/null || true)" \
	--arg kernel "$("${kmake[@]}" -s kernelversion 2>/dev/null)" \
	--arg tree "$tree" --arg series "$series" \
	--arg status "$(cat "$dir/status")" --arg result "$(build_result "$dir")" \
	--arg diff "$(cat "$dir/config.diff")" '
	{type: "build", schema: 2, seed: $seed, probability: $p, w: $w,
	 toolchain: $tc, variant: $variant, compiler: $compiler,
	 packages: ($packages | split("\n") | map(select(length > 0) | split("=") | {(.[0]): .[1]}) | add),
	 kernel: $kernel, tree: $tree, series_sha256: $series,
	 fragment_sha256: $fragment, fragment_lines: ($flines | split("\n") | map(select(length > 0))),
	 config_sha256: $config_sha,
	 config_diff: ($diff | split("\n") | map(select(length > 0))),
	 status: $result,
	 make_exit: ($status | tonumber),
	 failed_targets: [$d[] | select(.kind == "failure") | .target],
	 root_causes: ([$d[] | select(.root_cause)
		| {target, key, tool, path, line, symbol, message}] | sort_by(.target)),
	 instances: ([$d[] | .count] | add // 0), unique: ($d | length),
	 config: $config} + {objects_built: ($built | split("\n") | map(select(length > 0)))}' > "$tmp/record"

cat "$tmp/record" "$tmp/diags" | zstd -q -$ZSTD_LEVEL --single-thread -o "$tmp/corpus"
# what is published is read back as every query reads it: the schema's
# fields and types, the build record's counts (mk/corpus-check.sh)
"$MK/corpus-check.sh" -n "$out" "$tmp/corpus"
"$MK/summary.sh" -o "$tmp/sum" "$tmp/corpus"
{ echo "#kwarn make.log"; cat "$dir/make.log"
  cat "$tmp/objects" "$tmp/docs" "$tmp/sparse" "$tmp/analyzer" | xargs -r -d '\n' tail -v -n +1 --
} | zstd -q -10 --single-thread -o "$tmp/log"
jq -n -c --argjson s "$(cat "$dir/seconds")" --arg d "$(cat "$dir/distcc-hosts" 2> /dev/null)" \
	--arg t "$(cat "$dir/started" 2> /dev/null)" \
	'{build_seconds: $s} + (if $t == "" then {} else {start_time: $t} end)
	 + if $d == "" then {} else {distcc_hosts: $d} end' > "$tmp/run"

# All or nothing: copy the four beside their names (a full disk fails
# here, and the copies go), then rename them, the corpus file (make's
# target) last: a run killed in between is redone. The summary's first
# frame names the corpus file (mk/summary.sh); it gets its time too.
staged=()
trap 'rm -rf "$tmp"; rm -f "${staged[@]}"' EXIT INT TERM
for f in log:"$base.log.zst" run:"$base.run.json" sum:"$base.sum.zst" corpus:"$out"; do
	s=$(dirname "$out")/.$(basename "${f#*:}").tmp
	staged+=("$s")
	cp "$tmp/${f%%:*}" "$s" || fail_with 3 "$s: cannot write; the corpus there is kept"
done
touch -r "${staged[3]}" "${staged[2]}"
for f in "$base.log.zst" "$base.run.json" "$base.sum.zst" "$out"; do
	mv "$(dirname "$out")/.$(basename "$f").tmp" "$f" || fail_with 3 "$f: cannot rename into place"
done
