# compare-mail.jq - make compare FORMAT=mail: compare's JSON as a build
# bot's regression report (0day's "BUILD REGRESSION"), plain text a
# maintainer can act on.
# Usage: jq -r --arg run_a RUN --arg run_b RUN --arg a TC --arg b TC
#           --arg w W --argjson list N --arg settings S -f compare-mail.jq
# The subject says BUILD REGRESSION when B adds a warning or a failed
# build, BUILD SUCCESS otherwise.
# Input: compare's JSON, of one tree (kwarn-agg compare -j: new, gone,
# failing_in_b) or of two (compare-trees.jq: added, fixed). The sites are
# compare's (the same warning: doc/compare.md): this only groups and
# words them, a path, line and flag once with the seeds that print it,
# the first of them the one to reproduce it with. S: the settings of B's run as make takes
# them (empty: read from RUN_B's name).
def plural($n; $w): "\($n) \($w)\(if $n == 1 then "" else "s" end)";
def lv: if . == null then "?" elif . == 0 then "default" else "W=\(.)" end;
# the settings of run directory $r (linux-source-6.12/p0-small:
# KVER=6.12 P=0 CONFIG=small; ksrc^home^me^linux/p2: KSRC=/home/me/linux)
def run_settings($r):
  ($r | split("/")) as [$tree, $p]
  | ($p | capture("^p(?<p>[0-9]+)(?<rest>.*)$")) as $m
  | ($m.rest | split("-frag-") | {config: (.[0] | ltrimstr("-")), frag: .[1]}) as $x
  | ["P=\($m.p)"]
    + (if ($x.config // "") != "" then ["CONFIG=\($x.config)"] else [] end)
    + (if ($x.frag // "") != "" then ["FRAGMENT=... (the FRAGMENT= files of frag-\($x.frag))"] else [] end)
    + (if $tree | startswith("ksrc^") then ["KSRC=\($tree[4:] | gsub("\\^"; "/"))"]
       elif $tree == "linux-source-6.1" then []
       else ["KVER=\($tree | ltrimstr("linux-source-"))"] end)
  | join(" ");
def settings_b: if $settings != "" then $settings else run_settings($run_b) end;
# sites grouped into warnings, sorted by path, line, flag
def warnings($sites):
  $sites | group_by([.path, .line, .flag])
  | map(sort_by(.seed) | {path: .[0].path, line: .[0].line, flag: .[0].flag, level: .[0].level,
         text: .[0].text, key: .[0].key, seeds: (map(.seed) | unique)});
def seeds($s): "seed\(if ($s | length) > 1 then "s" else "" end) \($s | map(tostring) | join(", "))";
# a section: the warnings grouped by file, the first $list of them
def section($ws; $tc; $repro):
  ($ws[:$list] | group_by(.path)[]
   | "", (.[0].path | if . == "" then "(no file: the compiler driver's, make's)" else . end),
     (.[] | "  \(.line): \(if .flag == "" then "(no flag)" else .flag end) (\(.level | lv)), \(seeds(.seeds)) (\($tc) W=\($w))",
            "    \(.text | split("\n")[0])",
            (select($repro)
             | "    reproduce: make repro ID=\(.key) SEED=\(.seeds[0]) TOOLCHAIN=\($tc) W=\($w) \(settings_b)",
               "      (with SCRIPT=repro-\(.key).sh it writes a /bin/sh script that does it on a fresh Debian 12, without kwarn)"))),
  (if ($ws | length) > $list then "", "... and \(($ws | length) - $list) more (LIST=\($ws | length) lists them all)" else empty end);

warnings(.new // .added) as $new
| warnings(.gone // .fixed) as $fixed
| (.failing_in_b // []) as $failing
| "Subject: [kwarn] BUILD \(if $new == [] and $failing == [] then "SUCCESS" else "REGRESSION" end) \($run_b) \($b) W=\($w): \(plural($new | length; "new warning")), \(plural($fixed | length; "fixed warning")), \(plural($failing | length; "build")) now failing",
  "",
  (if $run_a == $run_b then "Run: \($run_b), \($b) against \($a) at W=\($w)"
   else "Trees: \($run_b) (\($b)) against \($run_a) (\($a)) at W=\($w)" end),
  ([$new[].seeds[]] | unique) as $s
  | "Seeds with a new warning: \($s | length)\(if $s == [] then "" else " (\($s[:$list] | map(tostring) | join(", "))\(if ($s | length) > $list then ", ..." else "" end))" end)",
  "",
  "New warnings: \(plural($new | length; "warning")) in \(plural($new | map(.path) | unique | length; "file"))",
  section($new; $b; true),
  "",
  "Fixed warnings: \(plural($fixed | length; "warning")) in \(plural($fixed | map(.path) | unique | length; "file"))",
  section($fixed; $a; false),
  (if $failing == [] then empty else
   "", "Builds that now fail: \($failing | length)",
   ($failing[] | "", "  seed \(.seed) \(.toolchain) W=\(.w): \(.status), make exit \(.make_exit)",
     (.root_causes[] | "    \(.)"),
     (if .root_causes == [] then "    (no root cause recorded)" else empty end),
     "    reproduce: make corpus-one SEED=\(.seed) TOOLCHAIN=\(.toolchain) W=\(.w) \(settings_b)")
   end)
