# compare-mail.jq - make compare FORMAT=mail: compare's JSON as a build
# bot's report, laid out as the kernel test robot's: one header (tree,
# config, compilers with their versions, levels, how to reproduce), then
# each warning's line with its source line, ">>" on those B adds.
# Usage: jq -r --arg run_a RUN --arg run_b RUN --arg a TC --arg b TC
#           --arg w W --argjson list N --arg settings S
#           [--slurpfile heads H --slurpfile src R] [--arg listed 1] -f compare-mail.jq
# Input: compare's JSON, of one tree (kwarn-agg compare -j: new, gone,
# failing_in_b) or of two (compare-trees.jq: added, fixed). Between two
# compilers a warning is "only in" one of them; between two trees (a
# before and an after) it is "new" or "fixed", and the subject says BUILD
# REGRESSION when B adds a warning or a failed build, BUILD SUCCESS
# otherwise. The sites are compare's (the same warning: doc/compare.md):
# this only groups and words them, a path, line and flag once with the
# seeds that print it, the first of them the one to reproduce it with.
# S: the settings of B's run as make takes them (empty: read from RUN_B's
# name). H: the build records of A's and B's first corpus files; R: the
# source lines of the warnings listed ({side, seed, key, source}).
# listed: instead of the mail, the warnings it lists as "SIDE SEED KEY"
# lines (mk/query/compare-mail.sh reads their records for R).
def plural($n; $w): "\($n) \($w)\(if $n == 1 then "" else "s" end)";
def lv: if . == null then "level unknown" elif . == 0 then "level 0 (no W=)" else "W=\(.)" end;
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
($run_a != $run_b) as $trees
| (if $trees then {b: "new", a: "fixed"} else {b: "only in \($b)", a: "only in \($a)"} end) as $word
| ([$ARGS.named.src // [] | .[] | {key: "\(.side) \(.seed) \(.key)", value: .source}] | from_entries) as $source
# a section: the first $list warnings of side $side, each its line (">>"
# on B's), its source line, its level, seeds and repro line
| def section($ws; $side; $tc):
    ($ws[:$list][]
     | "", "\(if $side == "b" then ">> " else "   " end)\(.text | split("\n")[0])",
       ($source["\($side) \(.seeds[0]) \(.key)"] // empty | select(. != "") | "      \(.)"),
       "   \(.level | lv), \(seeds(.seeds)); make repro ID=\(.key) SEED=\(.seeds[0]) TOOLCHAIN=\($tc) \(settings_b)"),
    (if ($ws | length) > $list then "", "... and \(($ws | length) - $list) more (LIST=\($ws | length) lists them all)" else empty end);
warnings(.new // .added) as $new
| warnings(.gone // .fixed) as $fixed
| (.failing_in_b // []) as $failing
| if $ARGS.named.listed then
    ($new[:$list][] | "b \(.seeds[0]) \(.key)"), ($fixed[:$list][] | "a \(.seeds[0]) \(.key)")
  else
  (if $trees then
     "Subject: [kwarn] BUILD \(if $new == [] and $failing == [] then "SUCCESS" else "REGRESSION" end) \($run_b) \($b) W=\($w): \(plural($new | length; "new warning")), \(plural($fixed | length; "fixed warning")), \(plural($failing | length; "build")) now failing"
   else
     "Subject: [kwarn] BUILD REPORT \($run_b) W=\($w): \($b) against \($a): \(plural($new | length; "warning")) only in \($b), \($fixed | length) only in \($a), \(plural($failing | length; "build")) failing only with \($b)"
   end),
  "",
  (if $trees then "Trees: \($run_b) (\($b)) against \($run_a) (\($a)) at W=\($w)"
   else "Run: \($run_b), \($b) against \($a) at W=\($w)" end),
  ($ARGS.named.heads // [] | select(length == 2) as [$ha, $hb]
   | "tree:      \($ha.tree), kwarn series/ \($ha.series_sha256[:12])"
     + (if $hb.tree != $ha.tree then "; B: \($hb.tree), series/ \($hb.series_sha256[:12])" else "" end),
     "config:    randconfig, P=\($ha.probability), kwarn's pin (mk/pin.config)\(if ($ha.fragment_lines // []) != [] then " and FRAGMENT= lines" else "" end)",
     "compilers: \($a): \($ha.compiler)",
     "           \($b): \($hb.compiler)"),
  "levels:    W=\($w): level 0 (no W=: what breaks a CONFIG_WERROR build) and level\(if ($w | length) > 1 then "s" else "" end) \($w | split("") | join(", "))\(if $w != "123" then "; W=123 shows every level" else "" end)",
  ([$new[].seeds[]] | unique) as $s
  | "Seeds with a warning \($word.b): \($s | length)\(if $s == [] then "" else " (\($s[:$list] | map(tostring) | join(", "))\(if ($s | length) > $list then ", ..." else "" end))" end)",
  "",
  "Reproduce, in a kwarn checkout on Debian 12: the make repro line under a",
  "warning rebuilds its object alone, at its level; with SCRIPT=repro.sh it",
  "writes a /bin/sh script that does it on a fresh Debian 12 machine, without kwarn.",
  "",
  "Warnings \($word.b): \(plural($new | length; "warning")) in \(plural($new | map(.path) | unique | length; "file"))\(if $new != [] then " ('>>')" else "" end)",
  section($new; "b"; $b),
  "",
  "Warnings \($word.a): \(plural($fixed | length; "warning")) in \(plural($fixed | map(.path) | unique | length; "file"))",
  section($fixed; "a"; $a),
  (if $failing == [] then empty else
   "", "Builds that fail \(if $trees then "now" else "only with \($b)" end): \($failing | length)",
   ($failing[] | "", "  seed \(.seed) \(.toolchain) W=\(.w): \(.status), make exit \(.make_exit)",
     (.root_causes[] | "    \(.)"),
     (if .root_causes == [] then "    (no root cause recorded)" else empty end),
     "    reproduce: make corpus-one SEED=\(.seed) TOOLCHAIN=\(.toolchain) W=\(.w) \(settings_b)")
   end)
  end
