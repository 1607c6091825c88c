# top.jq - top offenders per cumulative W level, per toolchain, from corpus
# records (any number of seeds).
# Usage: zstd -dcq corpus/seeds/*/*-W123.jsonl.zst | jq -n -r --argjson n 10 [--arg w 1|12|123] -f top.jq
# A record's level is the lowest W level that prints it (0: no W= at all);
# the W=1 table counts levels 0-1, W=12 levels 0-2, W=123 everything
# (a flag of unknown level counts at W=123 only). A corpus built at W=1
# has only the W=1 table; with w, the tables up to W=w alone.
include "corpus-lib" {search: "./../../mk"};
def pad($w): tostring | (" " * ($w - length)) + .;
# Failed builds follow, each with its root causes (the first error of each
# failed target), when there are.
def failed($all):
  [$all[] | select(.type == "build" and .status != "ok")] as $f
  | select($f | length > 0)
  | "failed builds: \($f | length)",
    ($f | sort_by(.seed, .toolchain, .w)[] as $b
     | [$all[] | select(.type == "diag" and .root_cause == true and .seed == $b.seed and
         .toolchain == $b.toolchain and .w == $b.w and .variant == $b.variant)
         | "\(.target): [\(.tool)] \(.text)"] | sort
     | "  seed \($b.seed) \($b.toolchain) W=\($b.w): \($b.status), make exit \($b.make_exit), \(length) root cause(s)",
       (.[] | "    \(.)")),
    "";
[inputs] as $all
| (($all | map(select(.type == "build")) | group_by(.toolchain)) as $builds
| ($all | map(select(.type == "diag" and .kind == "warning" and shown_at($ARGS.named.w // "123")))
  | group_by(.toolchain))[]
| . as $d
| ($builds[] | select(.[0].toolchain == $d[0].toolchain)) as $b
| "== \($d[0].toolchain): \($b | length) build(s), seed(s) \($b | map(.seed) | unique | map(tostring) | join(" "))",
  ( ["1", "12", "123"][] as $lv
  | select(($b | map(.w | length) | min) >= ($lv | length) and
           ($ARGS.named.w // "123" | length) >= ($lv | length))
  | ($lv | length) as $max
  | ($d | map(select((.level // 3) <= $max))) as $in
  | ($d | map(select((.level // 3) == $max))) as $adds
  | "W=\($lv): \($in | map(.count) | add // 0) instances, \($in | length) unique\(if $max > 1 then " (W=\($max) adds \($adds | map(.count) | add // 0) instances, \($adds | length) unique)" else "" end)",
    "  instances  unique  flag",
    ($in | group_by(.tool + " " + .flag)
         | map({flag: (.[0] | shown_name),
                n: (map(.count) | add), u: length})
         | sort_by(-.n, .flag) | .[:$n][]
         | "  \(.n | pad(9))  \(.u | pad(6))  \(.flag)"),
    "  files with the most warnings:",
    ($in | group_by(.path)
         | map({p: .[0].path, n: (map(.count) | add)})
         | sort_by(-.n, .p) | .[:$n][]
         | "  \(.n | pad(9))  \(.p)"),
    "")
  ), failed($all)
