# report.jq - the numbers of the HTML report (report/html.jq draws them).
# Usage: jq -n --slurpfile builds B --slurpfile agg A --slurpfile owarn O \
#           --slurpfile cmps C --slurpfile boots S --slurpfile tw T --slurpfile unseen U --arg w 123 --arg ref gcc-12 \
#           --argjson n 10 -f report.jq
#   builds  line 1 of every corpus file, plus "file" (seed-N/NAME)
#   agg     kwarn-agg top -j over the W=$w corpora's summaries: per
#           toolchain and level each flag with its worst warning; builds,
#           seeds (keys first seen, boots), flags by seeds
#   owarn   {FILE: {instances, unique}}: the warnings of the other corpora
#   cmps    {a, b, seeds, result}: kwarn-agg compare -j (compare.jq's JSON)
#           for each pair of toolchains, over the seeds both have, its new
#           and gone lists cut to the $n most frequent (new_count and
#           gone_count: their lengths before)
#   boots   per branch profile: {file, boot, ...} (report/branches.jq)
#   unseen  mk/query/unseen.sh -j: per toolchain, the estimate of the keys
#           not seen yet
#   tw      {TOOLCHAIN: W}: the W level read per toolchain (W=$w's own, or
#           one above that holds it)
# Prints one JSON object: meta, charts (the tables kwarn-svg draws: id,
# title, x, y, log, series, rows) and the tables beside them. Every list
# is sorted, so the same corpus gives the same bytes.
#
# A record's level is the lowest W level printing it; the W=1 figures count
# levels 0-1, W=12 levels 0-2, W=123 everything (unknown counts at W=123
# only), as corpus/queries/top.jq does; a W=1 build has only the W=1 figures.

include "corpus-lib" {search: "./../mk"};
def name: shown_name;
def lvmax: length;      # "1" -> 1, "12" -> 2, "123" -> 3
def repro: "make repro ID=\(.key) SEED=\(.seed) TOOLCHAIN=\(.toolchain)";
def warning: {key, seed, toolchain, flag: name, level, path, line, count, text,
              repro: repro};
def worst: sort_by(-.count, .seed, .toolchain, .path, .line, .key) | first;
# the ELC 2016 talk's top offender per W level (arm-soc tree)
def elc: {"1": 631, "12": 94235, "123": 782719};

$agg[0] as $a
# the builds read for W=$w: per toolchain its own, or those of the level
# above that holds it ($tw: {TOOLCHAIN: W})
| def read_w: .variant == "plain" and .w == ($tw[0][.toolchain] // $w);
  ($builds | map(select(.type == "build"))
   | map(. + if read_w then {} else {warnings: $owarn[0][.file]} end)) as $b
| ($builds | map(select(.type == "boot"))) as $boot_recs
| ($b | map(select(read_w))) as $wb
| ($wb | map(.toolchain) | unique) as $tcs0
| ([$tcs0[] | select(. == $ref)] + [$tcs0[] | select(. != $ref)]) as $tcs
| ($b | map(.seed) | unique) as $seeds
# the levels a W=$w build shows
| ["1", "12", "123"] | map(select(length <= ($w | length))) as $levels
# per level and toolchain: instances and records (unique warnings, summed over seeds)
| ($levels | map(. as $lv | {key: $lv, value: ($a.toolchains
      | map({key: .toolchain, value: (.levels[($lv | lvmax) - 1] | {n: .instances, u: .records})})
      | from_entries)}) | from_entries) as $at
# per level and toolchain: instances by flag name, with its worst warning
# (kwarn-agg's rows are per tool and flag: the tools of one name merged)
| ($levels | map(. as $lv | {key: $lv, value: ($a.toolchains
      | map(.toolchain as $t | {key: $t, value: (.levels[($lv | lvmax) - 1].flags | group_by(.flag)
          | map({flag: .[0].flag, level: (map(.level) | min),
                 n: (map(.instances) | add), u: (map(.records) | add),
                 worst: (map(.worst + {toolchain: $t, flag: .flag}) | worst | warning)})
          | sort_by(-.n, .flag))}) | from_entries)}) | from_entries) as $flags

| {
  meta: {
    w: $w, ref: $ref, toolchains: $tcs, seeds: $seeds, n: $n,
    files: ($builds | length),
    trees: ($b | map(.tree) | unique),
    kernels: ($b | map(.kernel) | unique),
    series_sha256: ($b | map(.series_sha256) | unique),
    fragment_sha256: ($b | map(.fragment_sha256) | unique),
    compilers: ($b | map({toolchain, compiler, packages}) | unique
      | sort_by((.toolchain as $t | ($tcs | index($t)) // 1000), .toolchain, .compiler)),
    instances: ($a.toolchains | map(.levels[2].instances) | add // 0),
    unique: ($a.toolchains | map(.levels[2].records) | add // 0)
  },

  # the seeds of the W=$w corpora: builds, boots, flags by seeds, keys first seen
  campaign: {
    seeds: ($a.seeds | length), builds: ($a.builds | length),
    not_ok: ($a.seeds | map(select(.not_ok > 0)) | length),
    booted: ($a.seeds | map(select(.boot == "ok")) | length),
    boot_not_ok: ($a.seeds | map(select(.boot == "not ok")) | length),
    unbooted: ($a.seeds | map(select(.boot == "none")) | length),
    build_status: $a.build_status, boot_status: $a.boot_status,
    bad_builds: ($a.builds | map(select(.status != "ok"))
      | {n: length, list: [.[:$n][] | {seed, toolchain, w, variant, status, make_exit}]}),
    flags: {n: ($a.flags | length), list: $a.flags[:$n]},
    keys: ($a.seeds | .[-$n:] | map({seed, new_keys, keys})),
    distinct: ($a.seeds | last | .keys // 0),
    unseen: $unseen[0]
  },

  charts: [
    # the talk's picture: the top offender's instances per level
    {id: "top-offender", log: true,
     title: "Top offender per cumulative W level (instances, log scale)",
     x: "instances of the most frequent warning flag (summed over seeds)",
     y: "cumulative W level",
     series: ($tcs + ["ELC 2016 talk, arm-soc tree"]),
     rows: [$levels[] as $lv | ["W=\($lv)"]
       + [$tcs[] as $t | $flags[$lv][$t][0].n // 0] + [elc[$lv]]]},

    ($levels[] as $lv | select($tcs | length > 0)
     | ($flags[$lv] | [.[][]] | group_by(.flag)
        | map({flag: .[0].flag, n: (map(.n) | add)}) | sort_by(-.n, .flag)
        | .[:$n] | map(.flag)) as $top
     | {id: "flags-W\($lv)", log: true,
        title: "W=\($lv): the \($top | length) flags with the most instances",
        x: "instances (log scale, summed over seeds)", y: "warning flag",
        series: $tcs,
        rows: [$top[] as $f | [$f]
          + [$tcs[] as $t | ($flags[$lv][$t] // [] | map(select(.flag == $f))[0].n) // 0]]}),

    # the discovery curve: does the campaign still find new warnings? (one
    # seed has none)
    (select($a.seeds | length > 1) | {id: "campaign-keys", curve: true,
     title: "Distinct warning keys against seeds built (\($a.seeds | length) seeds)",
     x: "seed, in seed order", y: "distinct keys so far",
     series: ["distinct keys of the seeds up to it"],
     rows: [$a.seeds[] | ["\(.seed)", .keys]]}),

    (select($tcs | length > 0) | {id: "toolchains", log: true,
     title: "Instances and unique warnings per toolchain and W level",
     x: "count (log scale, summed over seeds)", y: "toolchain, cumulative W level",
     series: ["instances", "unique warnings"],
     rows: [$tcs[] as $t | $levels[] as $lv
       | ["\($t) W=\($lv)", ($at[$lv][$t].n // 0), ($at[$lv][$t].u // 0)]]}),

    ($cmps[] | . as $c
     | {id: "compare-\(.a)-\(.b)", log: true,
        title: "\(.b) against \(.a): sites new and gone per flag",
        x: "warning sites (log scale)", y: "warning flag",
        series: ["new in \(.b)", "gone in \(.b)"],
        rows: [.result.flags | map(select(.new + .gone > 0))[:($n + 5)][]
          | [(if .flag == "" then "(none)" else .flag end), .new, .gone]]}),

    ($boots[] | select(.records + .annotated_records > 0)
     | {id: "branches-seed\(.boot.seed)-\(.boot.toolchain)", log: true,
        title: "Branch sites of seed \(.boot.seed)'s \(.boot.toolchain) boot by outcome",
        x: "branch sites (log scale)", y: "outcome",
        series: ["sites"],
        rows: [["if: taken both ways", .both], ["if: always taken", .always],
               ["if: never taken", .never], ["if: never reached", .unreached],
               ["likely/unlikely: right", .right], ["likely/unlikely: wrong", .wrong]]})
  ],

  # per level: the top offender of each toolchain
  top: [$levels[] as $lv | $tcs[] as $t | $flags[$lv][$t][0] // empty
    | {w: $lv, toolchain: $t, flag, level, n, u, worst}],

  # per level: the charted flags, per toolchain, with the worst warning
  flags: [$levels[] as $lv
    | ($flags[$lv] | [.[][]] | group_by(.flag)
       | map({flag: .[0].flag, level: (map(.level) | min), n: (map(.n) | add),
              per: (map({key: .worst.toolchain, value: {n, u}}) | from_entries),
              worst: (map(.worst) | worst)})
       | sort_by(-.n, .flag) | .[:$n]) as $rows
    | {w: $lv, rows: $rows}],

  compare: [$cmps[] | . as $c | {a, b, seeds, both: .result.both,
    new: .result.new_count, gone: .result.gone_count,
    levels: .result.levels,
    flags: (.result.flags | map(select(.new + .gone > 0))[:($n + 5)]),
    new_list: [.result.new | sort_by(-.count, .seed, .path, .line, .key)[:$n][]
      | . + {toolchain: $c.b, tool: ""} | warning],
    gone_list: [.result.gone | sort_by(-.count, .seed, .path, .line, .key)[:$n][]
      | . + {toolchain: $c.a, tool: ""} | warning]}],

  # per toolchain and level: the figures of the W=$w builds, and those
  # of the builds made at that level, when there are any
  toolchains: [$tcs[] as $t | $levels[] as $lv
    | ($b | map(select(.toolchain == $t and .w == $lv and .variant == "plain" and .warnings != null))) as $m
    | {toolchain: $t, w: $lv, instances: ($at[$lv][$t].n // 0), unique: ($at[$lv][$t].u // 0),
       measured: (if $lv == $w or ($m | length) == 0 then null else
         {instances: ($m | map(.warnings.instances) | add), unique: ($m | map(.warnings.unique) | add),
          seeds: ($m | map(.seed) | unique)} end)}],

  # per seed and toolchain: every build, and the boot (each found by its
  # seed and toolchain in an object, not by a scan of every build)
  status: (($b | group_by([.seed, .toolchain])
      | map({key: "\(.[0].seed) \(.[0].toolchain)", value: .}) | from_entries) as $by
    | ($boot_recs | reverse | map({key: "\(.seed) \(.toolchain)", value: .}) | from_entries) as $bootby
    | [($b + $boot_recs) | map({seed, toolchain}) | unique
    | sort_by(.seed, (.toolchain as $t | ($tcs | index($t)) // 1000), .toolchain)[] as $k
    | ($by["\($k.seed) \($k.toolchain)"] // [] | sort_by((.w | length), .variant)) as $bs
    | $bootby["\($k.seed) \($k.toolchain)"] as $bt
    | $k + {
      builds: [$bs[] | {file, w, variant, status, make_exit,
                        failed: (.failed_targets | length), failed_targets: .failed_targets[:3],
                        root_causes: [(.root_causes // [])[:3][]
                          | "\(.target): [\(.tool)] \(if .path == "" then "" else "\(.path):\(.line): " end)\(.message)"],
                        instances, unique, config: (.config_sha256 // "" | .[:12])}],
      boot: (if $bt == null then null else
        $bt | {status, seconds, records, count_ok, findings: (.findings | length)} end)}]),

  boots: $boots
}
