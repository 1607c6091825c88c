# compare.jq - which warnings compiler B adds or drops against compiler A.
# Usage: jq -n -r --slurpfile a A.jsonl --slurpfile b B.jsonl \
#           --arg format text|json --argjson list 20 [--arg w 1|12|123] -f compare.jq
# A and B hold the corpus records (any number of seeds) of the two
# compilers on one tree, whose sites (seed, path, line, flag's name:
# corpus-lib.jq's flag_name) are matched as the same warning across
# compilers (mk/corpus-lib.jq, same_warnings); a site's flag is its first
# record's.
# Instances are summed over the records of one site. With w, the warnings
# a W=w build prints alone.
include "corpus-lib" {search: "./../../mk"};
def sites($r):
  warnings($r) | map(select(shown_at($ARGS.named.w // "123"))) | group_by([.seed, .path, .line, (.flag | flag_name)])
  | map({seed: .[0].seed, path: .[0].path, line: .[0].line, flag: .[0].flag,
         level: .[0].level, key: .[0].key, text: .[0].text,
         count: (map(.count) | add)});
def pad($w): tostring | (" " * ($w - length)) + .;

# the builds of B that failed for a seed whose builds of A did not, with
# their root causes (the first error of each failed target)
def failing_in_b:
  [$a[] | select(.type == "build" and .status != "ok") | .seed] as $fa
  | [$b[] | select(.type == "build" and .status != "ok") | . as $x | select($fa | index([$x.seed]) | not)]
  | sort_by(.seed, .toolchain, .w)
  | map(. as $x | {seed, toolchain, w, status, make_exit,
         root_causes: ([$b[] | select(.type == "diag" and .root_cause == true and .seed == $x.seed and
           .toolchain == $x.toolchain and .w == $x.w and .variant == $x.variant)
           | "\(.target): [\(.tool)] \(.text)"] | sort)});
failing_in_b as $failing
| same_warnings(sites($a); sites($b); "compilers") as {same: $same, gone: $gone, new: $new}
| [$same[].a] as $both
| [($new | map({flag, level, n: "new"})), ($gone | map({flag, level, n: "gone"})),
   ($both | map({flag, level, n: "both"}))] | add
| group_by(.flag)
| map({flag: .[0].flag, level: (map(.level) | min),
       new: map(select(.n == "new")) | length,
       gone: map(select(.n == "gone")) | length,
       both: map(select(.n == "both")) | length})
| sort_by(-(.new + .gone), .flag) as $flags
| ($flags | group_by(.level)
  | map({level: .[0].level, new: (map(.new) | add), gone: (map(.gone) | add),
         both: (map(.both) | add)})) as $levels
| if $format == "json" then
    {new: $new, gone: $gone,
     both: ($both | length), flags: $flags, levels: $levels, failing_in_b: $failing}
  else
    "sites: \($new | length) new in B, \($gone | length) gone in B, \($both | length) in both",
    "",
    "level    new   gone   both",
    ($levels[] | "\(.level // "?" | pad(5))  \(.new | pad(5))  \(.gone | pad(5))  \(.both | pad(5))"),
    "",
    "  new   gone   both  level  flag",
    ($flags[] | "\(.new | pad(5))  \(.gone | pad(5))  \(.both | pad(5))  \(.level // "?" | pad(5))  \(if .flag == "" then "(none)" else .flag end)"),
    "",
    "new in B (first \($list)):",
    ($new | sort_by(.seed, .path, .line)[:$list][] | "  seed \(.seed) \(.key)  \(.text)"),
    "gone in B (first \($list)):",
    ($gone | sort_by(.seed, .path, .line)[:$list][] | "  seed \(.seed) \(.key)  \(.text)"),
    (select($failing | length > 0) | "builds failing with B but not with A: \($failing | length)"),
    ($failing[] | "  seed \(.seed) \(.toolchain) W=\(.w): \(.status), make exit \(.make_exit), \(.root_causes | length) root cause(s)",
      (.root_causes[] | "    \(.)"))
  end
