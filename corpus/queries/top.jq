# top.jq - top offenders per cumulative W level, from corpus records.
# Usage: zstd -dcq corpus/seeds/*/*.jsonl.zst | jq -n -r --argjson n 10 -f top.jq
# A record's level is the lowest W level that prints it (0: no W= at all);
# the W=1 table counts levels 0-1, W=12 levels 0-2, W=123 everything
# (a flag of unknown level counts at W=123 only).
[inputs] as $all
| ($all | map(select(.type == "diag" and .kind == "warning"))) as $d
| ["1", "12", "123"][] as $lv
| ($lv | length) as $max
| ($d | map(select((.level // 3) <= $max))) as $in
| "W=\($lv): \($in | map(.count) | add // 0) instances, \($in | length) unique",
  "  instances  unique  flag",
  ($in | group_by(.tool + " " + .flag)
       | map({flag: (if .[0].flag == "" then .[0].tool else .[0].flag end),
              n: (map(.count) | add), u: length})
       | sort_by(-.n, .flag) | .[:$n][]
       | "  \(.n | tostring | (" " * (9 - length)) + .)  \(.u | tostring | (" " * (6 - length)) + .)  \(.flag)"),
  "  files with the most warnings:",
  ($in | group_by(.path)
       | map({p: .[0].path, n: (map(.count) | add)})
       | sort_by(-.n, .p) | .[:$n][]
       | "  \(.n | tostring | (" " * (9 - length)) + .)  \(.p)"),
  ""
