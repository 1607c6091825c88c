# html.jq - the report page, from report.jq's numbers and kwarn-svg's charts.
# Usage: jq -n -r --slurpfile model M --slurpfile svgs S -f html.jq
#   M  report.jq's output; S  {CHART_ID: "<svg ...>", ...}
# One static page: inline CSS and SVG, no script, nothing fetched.

def commas: tostring | if length <= 3 then . else (.[:-3] | commas) + "," + .[-3:] end;
def num: if . == null then "" else commas end;
def flagname: if . == "" or . == null then "(none)" else . end | @html "<span class=\"flag\">\(.)</span>";
def lv: if . == null then "?" else tostring end;
def tag($t): "<\($t)>\(.)</\($t)>";
def tr: "<tr>" + (map("<td>\(.)</td>") | join("")) + "</tr>";
def th: "<tr>" + (map("<th>\(.)</th>") | join("")) + "</tr>";
def table($head; rows): "<table>\n<thead>" + ($head | th) + "</thead>\n<tbody>\n"
  + ([rows | tr] | join("\n")) + "\n</tbody>\n</table>";
def n: "<span class=\"n\">\(num)</span>";
def code: @html "<code>\(.)</code>";
def chart($id): if $svgs[0][$id] then "<figure>\n" + $svgs[0][$id] + "</figure>" else empty end;
# a warning: where, what, how to get it back
def wcells: [(.count | n), (.flag | flagname), (.level | lv),
             "\(.seed)", (.toolchain | @html),
             (@html "<div class=\"text\">\(.text)</div>") + (.repro | code)];
def whead: ["instances", "flag", "level", "seed", "toolchain", "warning and how to reproduce it"];
def status($s): @html "<span class=\"st-\($s)\">\($s)</span>";

$model[0] as $m
| $m.meta as $meta
| ($m.charts | map({key: .id, value: .}) | from_entries) as $charts
| [
"<!DOCTYPE html>",
"<html lang=\"en\">",
"<head>",
"<meta charset=\"utf-8\">",
"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
"<meta name=\"generator\" content=\"kwarn make report\">",
@html "<title>kwarn report: \($meta.seeds | length) seed(s), \($meta.toolchains | join(", ")), W=\($meta.w)</title>",
"<style>",
"body { font: 14px/1.45 \"DejaVu Sans\", sans-serif; color: #1a1a1a; background: #fff; margin: 0 auto; max-width: 1200px; padding: 0 24px 48px; }",
"h1 { font-size: 24px; margin: 24px 0 4px; } h2 { font-size: 19px; margin: 36px 0 8px; border-bottom: 2px solid #4e79a7; } h3 { font-size: 16px; margin: 24px 0 6px; }",
"nav a { margin-right: 14px; } a { color: #2a5d8f; }",
"table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }",
"th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: left; vertical-align: top; }",
"th { background: #eef2f7; } tbody tr:nth-child(even) { background: #f8f9fb; }",
"span.n { display: block; text-align: right; font-variant-numeric: tabular-nums; }",
"code { font: 12px \"DejaVu Sans Mono\", monospace; background: #f1f1f1; padding: 1px 4px; white-space: nowrap; }",
"div.text { font: 12px \"DejaVu Sans Mono\", monospace; overflow-wrap: anywhere; max-width: 720px; margin-bottom: 2px; }",
"span.flag { white-space: nowrap; }",
"figure { margin: 8px 0 12px; overflow-x: auto; } p.note { color: #555; }",
".st-ok { color: #2e7d32; font-weight: bold; } .st-failed, .st-panic, .st-timeout, .st-no-output, .st-incomplete, .st-no-image { color: #c62828; font-weight: bold; }",
"</style>",
"</head>",
"<body>",
"<h1>kwarn: kernel warning report</h1>",
@html "<p>\($meta.trees | join(", ")) (kernel \($meta.kernels | join(", "))), 32-bit ARM randconfig; seeds \($meta.seeds | map(tostring) | join(", ")); toolchains \($meta.toolchains | join(", ")); warnings of the W=\($meta.w) builds: \($meta.instances | commas) instances, \($meta.unique | commas) unique.</p>",
"<p class=\"note\">A warning's level is the lowest <code>W=</code> that prints it; the W=12 figures include W=1's, W=123 everything (corpus/SCHEMA.md). Figures are summed over seeds. Each warning listed comes with the command that rebuilds its object and shows it again: run it in a kwarn checkout, adding <code>CORPUS=DIR</code> when the corpus is not in <code>corpus/seeds</code>.</p>",
"<nav><a href=\"#campaign\">Campaign</a><a href=\"#top-offenders\">Top offenders</a><a href=\"#toolchains\">Toolchains</a><a href=\"#compare\">Compiler comparison</a><a href=\"#status\">Build and boot status</a><a href=\"#branches\">Branch profile</a><a href=\"#provenance\">Provenance</a></nav>",

# --- campaign ----------------------------------------------------------------
"<section id=\"campaign\">",
"<h2>Campaign</h2>",
($m.campaign as $c
 | def counts: to_entries | map("\(.key) \(.value | commas)") | join(", ");
   @html "<p>\($c.seeds | commas) seed(s) built at W=\($meta.w) (\($c.builds | commas) builds); \($c.not_ok | commas) with a build whose status is not ok\(if $c.bad_builds.n > 0 then " (builds: \($c.build_status | counts))" else "" end); \($c.booted | commas) booted, \($c.boot_not_ok | commas) with no boot ok\(if $c.boot_not_ok > 0 then " (boots: \($c.boot_status | counts))" else "" end), \($c.unbooted | commas) not booted (no boot record). \($c.distinct | commas) distinct warning keys.</p>",
   (if $c.bad_builds.n > 0 then
      table(["seed", "toolchain", "W", "status", "make exit"];
        $c.bad_builds.list[] | ["\(.seed)", (.toolchain | @html), "W=\(.w)\(if .variant == "plain" then "" else " \(.variant)" end)", status(.status), "\(.make_exit)"]),
      (if $c.bad_builds.n > ($c.bad_builds.list | length) then
         "<p>and \($c.bad_builds.n - ($c.bad_builds.list | length) | commas) more builds not ok.</p>" else empty end)
    else empty end),
   # (one seed has no curve and no flags "by seeds")
   (if $c.seeds > 1 then
      chart("campaign-keys"),
      "<p>The discovery curve: after each seed, in seed order, the distinct warning keys (any toolchain) of the seeds up to it; it flattens as the seeds stop finding new warnings. For the newest seeds, the keys no lower-numbered seed printed:</p>",
      table(["seed", "keys first seen", "distinct keys so far"];
        $c.keys[] | ["\(.seed)", (.new_keys | n), (.keys | n)]),
      @html "<p>The flags printed by the most seeds (\($c.flags.list | length) of \($c.flags.n)):</p>",
      table(["flag", "seeds"]; $c.flags.list[] | [(.flag | flagname), (.seeds | n)]),
      "<p id=\"unseen\">The keys not seen yet: Chao's estimate for incidence data from the keys printed by exactly one seed and by exactly two, per toolchain, with its 95% interval (doc/campaigns.md has the formula):</p>",
      table(["toolchain", "keys seen", "seeds", "printed by one seed", "by two", "about, in all", "95% interval", "not seen yet"];
        $c.unseen[] | [(.toolchain | @html), (.keys | n), (.seeds | n), (.once | n), (.twice | n), (.estimate | n),
          "\(.low | commas) to \(.high | commas)", (.unseen | n)])
    else "<p>One seed: the discovery curve and the flags by seeds need more (<code>make corpus SEEDS=1-10</code>).</p>" end)),
"</section>",

# --- top offenders -----------------------------------------------------------
"<section id=\"top-offenders\">",
"<h2>Top offenders per W level</h2>",
"<p>The instances of the most frequent warning flag at each cumulative level, beside the figures of Arnd Bergmann's ELC 2016 talk for the arm-soc tree (631 at W=1, 94,235 at W=12, 782,719 at W=123).</p>",
(if ($meta.toolchains | length) == 0 then
   @html "<p id=\"no-warnings\">No W=\($meta.w) warning corpus here: <code>make corpus SEED=N W=\($meta.w)</code> writes one.</p>"
 else empty end),
chart("top-offender"),
table(["W", "toolchain", "top flag", "level", "instances", "unique", "its most frequent warning and how to reproduce it"];
  $m.top[] | ["W=\(.w)", (.toolchain | @html), (.flag | flagname), (.level | lv),
              (.n | n), (.u | n),
              (@html "<div class=\"text\">\(.worst.text)</div>") + (.worst.repro | code)
              + " <span class=\"n\">\(.worst.count | commas) instances</span>"]),
($m.flags[] | . as $f
 | "<h3 id=\"flags-W\(.w)\">W=\(.w): flags with the most instances</h3>",
   chart("flags-W\(.w)"),
   table(["flag", "level", ($meta.toolchains[] | @html "\(.) instances / unique"), "most frequent warning and how to reproduce it"];
     $f.rows[] | . as $r
     | [(.flag | flagname), (.level | lv)]
       + [$meta.toolchains[] as $t | ($r.per[$t] // null)
          | if . == null then "" else "<span class=\"n\">\(.n | commas) / \(.u | commas)</span>" end]
       + [(@html "<div class=\"text\">\($r.worst.text)</div>") + ($r.worst.repro | code)
          + @html " <span class=\"n\">\($r.worst.toolchain), seed \($r.worst.seed): \($r.worst.count | commas) instances</span>"])),
"</section>",

# --- toolchains --------------------------------------------------------------
"<section id=\"toolchains\">",
"<h2>Instances and unique warnings per toolchain</h2>",
chart("toolchains"),
(if any($m.toolchains[]; .measured != null) then
   @html "<p>The first figures count the W=\($meta.w) builds' warnings by level; where the corpus also has builds made at a lower level, their own figures stand beside them (the two differ when a warning is printed under a flag of a lower level only because a higher level's flag is on).</p>"
 else empty end),
table(["toolchain", "W", "instances", "unique warnings"]
      + (if any($m.toolchains[]; .measured != null) then ["measured by W= builds: instances / unique (seeds)"] else [] end);
  $m.toolchains[] | [(.toolchain | @html), "W=\(.w)", (.instances | n), (.unique | n)]
    + (if any($m.toolchains[]; .measured != null) then
         [if .measured == null then "" else
            "<span class=\"n\">\(.measured.instances | commas) / \(.measured.unique | commas) (\(.measured.seeds | map(tostring) | join(", ")))</span>" end]
       else [] end)),
"</section>",

# --- comparison --------------------------------------------------------------
"<section id=\"compare\">",
"<h2>Compiler comparison</h2>",
(if ($m.compare | length) == 0 then
   @html "<p>Only \($meta.toolchains | join(", ")) in the corpus: nothing to compare. Add a toolchain with <code>make corpus SEED=N TOOLCHAIN=clang-14</code>.</p>"
 else
   "<p>Warning sites (seed, file, line, flag) of compiler B that compiler A does not print (new) and the other way round (gone), over the seeds both built; the same as <code>make compare A=... B=... FORMAT=json</code>.</p>",
   ($m.compare[] | . as $c
    | @html "<h3 id=\"compare-\(.a)-\(.b)\">\(.b) against \(.a)</h3>",
      @html "<p>Seeds \(.seeds | map(tostring) | join(", ")): \(.new | commas) sites new in \(.b), \(.gone | commas) gone, \(.both | commas) in both.</p>",
      (if (.flags | length) > 0 then chart("compare-\(.a)-\(.b)") else "<p>No difference.</p>" end),
      table(["level", "new", "gone", "both"];
        $c.levels[] | [(.level | lv), (.new | n), (.gone | n), (.both | n)]),
      (if (.new_list | length) > 0 then
        @html "<p>New in \($c.b), the \(.new_list | length) most frequent of \(.new | commas):</p>", table(whead; $c.new_list[] | wcells)
       else empty end),
      (if (.gone_list | length) > 0 then
        @html "<p>Gone in \($c.b) (printed by \($c.a) only), the \(.gone_list | length) most frequent of \(.gone | commas):</p>", table(whead; $c.gone_list[] | wcells)
       else empty end))
 end),
"</section>",

# --- status ------------------------------------------------------------------
"<section id=\"status\">",
"<h2>Build and boot status per seed</h2>",
table(["seed", "toolchain", "builds: status, instances / unique", "failed targets", "warnings at W=\($meta.w): instances / unique", "config", "boot"];
  $m.status[] | (.builds | map(select(.w == $meta.w and .variant == "plain")) | first) as $main
  | ["\(.seed)", (.toolchain | @html),
     (.builds | map(@html "W=\(.w)\(if .variant == "plain" then "" else " \(.variant)" end): " + status(.status)
                         + (if .make_exit != 0 then " (make exit \(.make_exit))" else "" end)
                         + ", \(.instances | commas) / \(.unique | commas)") | join("<br>")),
     (.builds | map(select(.failed > 0) | @html "W=\(.w): \(.failed) (\(.failed_targets | join(", "))\(if .failed > 3 then ", ..." else "" end))"
                  + (.root_causes | map("<br>root cause: " + code) | join(""))) | join("<br>")),
     (if $main == null then "" else "<span class=\"n\">\($main.instances | commas) / \($main.unique | commas)</span>" end),
     ((.builds | map(.config) | unique | map(code) | join(" "))),
     (if .boot == null then "no boot profile"
      else status(.boot.status) + @html " in \(.boot.seconds) s, \(.boot.records) sites\(if .boot.count_ok then "" else " (count mismatch)" end)\(if .boot.findings > 0 then "; findings: \(.boot.findings)" else "" end)" end)]),
"</section>",

# --- branch profile ----------------------------------------------------------
"<section id=\"branches\">",
"<h2>Branch profile</h2>",
(if ($m.boots | length) == 0 then
   "<p id=\"no-boot-profile\">No boot profile in this corpus: no seed has been booted. <code>make boot SEED=N</code> boots a seed's profiling image in QEMU and records how often each branch went which way.</p>"
 else
   "<p>From booting each seed's profiling image (the seed's config with the branch profiler) in QEMU: how often each <code>if</code> was taken and missed, and how often each <code>likely()</code>/<code>unlikely()</code> guessed right. The same lists as <code>make branches</code>.</p>",
   ($m.boots[] | . as $p | .boot as $bt
    | @html "<h3 id=\"branches-seed\($bt.seed)-\($bt.toolchain)\">Seed \($bt.seed), \($bt.toolchain)</h3>",
      "<p>Boot " + status($bt.status) + @html " in \($bt.seconds) s; \($p.records | commas) if sites (vmlinux: \($bt.entries // "?")\(if $bt.count_ok then ", count ok" else ", count mismatch" end)), \($p.annotated_records | commas) likely/unlikely annotations\(if $bt.full then "" else "; function and file names cut by the kernel" end).</p>",
      (if $bt.nfindings > 0 then @html "<p>Findings in the log (\($bt.nfindings)):</p>", "<ul>" + ($bt.findings | map(@html "<li><code>\(.)</code></li>") | join("")) + "</ul>" else empty end),
      (if $charts["branches-seed\($bt.seed)-\($bt.toolchain)"] then chart("branches-seed\($bt.seed)-\($bt.toolchain)") else empty end),
      @html "<p>Always taken: \($p.always | commas) sites; the most evaluated:</p>",
      table(["hits", "site", "function"]; $p.always_top[] | [(.hit | n), (@html "\(.file):\(.line)"), (.function | @html)]),
      @html "<p>Never taken: \($p.never | commas) sites; the most evaluated:</p>",
      table(["misses", "site", "function"]; $p.never_top[] | [(.miss | n), (@html "\(.file):\(.line)"), (.function | @html)]),
      @html "<p>likely()/unlikely() wrong more often than right: \($p.wrong | commas) of \($p.annotated_records | commas); the worst:</p>",
      table(["incorrect", "correct", "% incorrect", "site", "function"];
        $p.wrong_top[] | [(.incorrect | n), (.correct | n), (.percent | n), (@html "\(.file):\(.line)"), (.function | @html)]),
      (if $p.warnings == 0 then
         @html "<p>No warning corpus at W=\($meta.w) for seed \($bt.seed) \($bt.toolchain): which warnings lie in code the boot ran is not known.</p>"
       else
         @html "<p>Warnings in code the boot ran: \($p.hot | commas) of \($p.warnings | commas); the hottest (evals: how often the function's <code>if</code>s were evaluated):</p>",
         table(["evals", "function", "instances", "flag", "level", "warning and how to reproduce it"];
           $p.hot_top[] | [(.evals | n), (.in | @html), (.count | n), (.flag | flagname), (.level | lv),
                           (@html "<div class=\"text\">\(.text)</div>") + (.repro | code)])
       end))
 end),
"</section>",

# --- provenance --------------------------------------------------------------
"<section id=\"provenance\">",
"<h2>Provenance</h2>",
table(["toolchain", "compiler", "packages"];
  $meta.compilers[] | [(.toolchain | @html), (.compiler | @html),
                       (.packages // {} | to_entries | map(@html "\(.key)=\(.value)") | join("<br>"))]),
@html "<p>Series \($meta.series_sha256 | map(.[:12]) | join(", ")); pin fragment \($meta.fragment_sha256 | map(.[:12]) | join(", ")); \($meta.files) corpus files. Written by <code>make report</code> from the corpus alone: the same corpus gives the same bytes.</p>",
"</section>",
"</body>",
"</html>"
] | .[]
