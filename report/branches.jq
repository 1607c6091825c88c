# branches.jq - one boot's branch profile, summed up for the report.
# Usage: { zstd -dcq seed-1/gcc-12-branches.jsonl.zst; zstd -dcq seed-1/gcc-12-W123.jsonl.zst; } |
#        jq -n -c --arg file seed-1/gcc-12-branches.jsonl.zst --argjson n 10 -f branches.jq
# Reads the boot record, its branch records (qemu/README.md, "Files") and,
# when given, the warning corpus of the same seed and toolchain; counts
# them as corpus/queries/branches.jq (make branches) does: an "if" is
# always taken when hit and never missed, never taken when missed and never
# hit; a likely()/unlikely() is wrong when it was wrong more often than
# right; a warning lies in code the boot ran when a branch site of its file
# names its function (or, without one, a function whose sites span its
# line) and that function's "if"s were evaluated. Keeps the $n first of
# each list.

def site: {file, line, function};
def cut_file: split("/") | last | .[:20];

[inputs] as $all
| ($all | map(select(.type == "boot")) | first) as $boot
| ($all | map(select(.type == "branch" and .kind == "all"))) as $b
| ($all | map(select(.type == "branch" and .kind == "annotated"))) as $a
| ($b | map(select(.hit > 0 and .miss == 0)) | sort_by(-.hit, .file, .line, .function)) as $always
| ($b | map(select(.miss > 0 and .hit == 0)) | sort_by(-.miss, .file, .line, .function)) as $never
| ($a | map(select(.incorrect > .correct))
  | sort_by(-.incorrect, -.percent, .file, .line, .function)) as $wrong
| ($all | map(select(.type == "diag" and .kind == "warning"))) as $w
| ($boot.full // false) as $full
| ($b | group_by([.file, .function])
  | map({file: .[0].file, function: .[0].function, lo: (map(.line) | min),
         hi: (map(.line) | max), evals: (map(.miss + .hit) | add)})
  | group_by(.file) | map({key: .[0].file, value: .}) | from_entries) as $funcs
| ($w | map(. as $d
    | ($funcs[if $full then $d.path else ($d.path | cut_file) end] // []) as $in
    | ($in | map(select(
          if $d.function != null
          then .function == (if $full then $d.function else $d.function[:30] end)
          else .lo <= $d.line and $d.line <= .hi end))) as $m
    | select($m | length > 0)
    | $d + {evals: ($m | map(.evals) | max), in: ($m | map(.function) | unique | join(","))})
  | map(select(.evals > 0)) | sort_by(-.evals, .path, .line, .key)) as $hot
| {file: $file,
   boot: ($boot | {seed, toolchain, status, seconds, qemu_exit, kernel, compiler,
                   full: (.full // false), count_ok, sites_match,
                   entries: .section.entries, nfindings: (.findings | length),
                   findings: .findings[:$n]}),
   records: ($b | length), annotated_records: ($a | length),
   both: ($b | map(select(.hit > 0 and .miss > 0)) | length),
   always: ($always | length), never: ($never | length),
   unreached: ($b | map(select(.hit + .miss == 0)) | length),
   wrong: ($wrong | length),
   right: ($a | map(select(.correct + .incorrect > 0 and .incorrect <= .correct)) | length),
   always_top: [$always[:$n][] | site + {hit}],
   never_top: [$never[:$n][] | site + {miss}],
   wrong_top: [$wrong[:$n][] | site + {correct, incorrect, percent}],
   warnings: ($w | length), hot: ($hot | length),
   hot_top: [$hot[:$n][] | {key, seed, toolchain, level, path, line, count, text, evals, in,
     flag: (if .flag == "" then .tool else .flag end),
     repro: "make repro ID=\(.key) SEED=\(.seed) TOOLCHAIN=\(.toolchain)"}]}
