# branches.jq - one boot's branch profile, and the warnings in code it ran.
#
# Usage: { zstd -dcq corpus/seeds/seed-1/gcc-12-branches.jsonl.zst
#          zstd -dcq corpus/seeds/seed-1/gcc-12-W123.jsonl.zst; } |
#        jq -n -r --argjson n 10 -f branches.jq
#
# Reads a boot record, its branch records (qemu/README.md, "Files") and,
# when given, a warning corpus of the same seed and toolchain. Prints, $n
# lines per table:
#  - always taken "if"s (hit, never missed) and never taken ones (missed,
#    never hit), the most evaluated first; how many were never reached;
#  - likely()/unlikely() annotations wrong most often (wrong more often than
#    right, by how many times);
#  - warning sites in code the boot ran, hottest first. A warning lies in
#    a function the boot ran when a branch site of the same file either
#    names the warning's function (gcc's "In function" context) or, when
#    the warning has none, belongs to a function whose sites span the
#    warning's line; "evals" is how often that function's "if"s were
#    evaluated. With 6.1's branch_all (names cut, "full": false) files are
#    matched by their cut basename.

def pad($w): tostring | if length < $w then " " * ($w - length) + . else . end;
def rpad($w): tostring | if length < $w then . + " " * ($w - length) else . end;
def site: "\(.file):\(.line)";
def cut_file: split("/") | last | .[:20];

[inputs] as $all
| ($all | map(select(.type == "boot")) | first) as $boot
| ($all | map(select(.type == "branch" and .kind == "all"))) as $b
| ($all | map(select(.type == "branch" and .kind == "annotated"))) as $a
| ($all | map(select(.type == "diag" and .kind == "warning"))) as $w
| ($b | map(select(.miss + .hit > 0))) as $reached
| ($boot.full // false) as $full
| "seed \($boot.seed) \($boot.toolchain): boot \($boot.status) in \($boot.seconds) s;"
  + " \($b | length) branch sites (vmlinux: \($boot.section.entries // "?")"
  + (if $boot.count_ok then ", count ok" else ", COUNT MISMATCH" end) + "),"
  + " \($reached | length) reached"
  + (if $full then "" else "; names cut (kernel without branch_all_raw)" end),
  ($boot.findings[:$n][] | "  finding: \(.)"),
  (if ($b | length) == 0 then "  no branch profile: see \($boot.toolchain)-boot.log.zst" else empty end),
  "",
  ($b | map(select(.hit > 0 and .miss == 0)) | sort_by(-.hit, .file, .line)) as $always
  | "always taken: \($always | length) sites; most evaluated:",
    "      hits  site  function",
    ($always[:$n][] | "  \(.hit | pad(8))  \(site)  \(.function)"),
    "",
  ($b | map(select(.miss > 0 and .hit == 0)) | sort_by(-.miss, .file, .line)) as $never
  | "never taken: \($never | length) sites; most evaluated:",
    "    misses  site  function",
    ($never[:$n][] | "  \(.miss | pad(8))  \(site)  \(.function)"),
    "never reached: \($b | map(select(.miss + .hit == 0)) | length) sites",
    "",
  ($a | map(select(.incorrect > .correct)) | sort_by(-.incorrect, -.percent, .file, .line)) as $wrong
  | "likely/unlikely wrong more often than right: \($wrong | length) of \($a | length) annotations:",
    "  incorrect   correct    %  site  function",
    ($wrong[:$n][] | "  \(.incorrect | pad(9)) \(.correct | pad(9)) \(.percent | pad(4))  \(site)  \(.function)"),
    "",
  # functions the profile knows: per file, name, line span, evaluations
  ($b | group_by([.file, .function])
      | map({file: .[0].file, function: .[0].function,
             lo: (map(.line) | min), hi: (map(.line) | max),
             evals: (map(.miss + .hit) | add)})
      | group_by(.file) | map({key: .[0].file, value: .}) | from_entries) as $funcs
  | ($w | map(. as $d
      | ($funcs[if $full then $d.path else ($d.path | cut_file) end] // []) as $in
      | ($in | map(select(
            if $d.function != null
            then .function == (if $full then $d.function else $d.function[:30] end)
            else .lo <= $d.line and $d.line <= .hi end))) as $m
      | select($m | length > 0)
      | $d + {evals: ($m | map(.evals) | max), in: ($m | map(.function) | unique | join(","))})) as $joined
  | ($joined | map(select(.evals > 0)) | sort_by(-.evals, .path, .line)) as $hot
  | if ($w | length) == 0 then
      "warnings: no warning corpus for seed \($boot.seed) \($boot.toolchain) (make corpus first)"
    else
      "warnings in code the boot ran: \($hot | length) of \($w | length) warning sites"
      + " (\($joined | length) lie in profiled functions):",
      "     evals  site  function  flag",
      ($hot[:$n][] | "  \(.evals | pad(8))  \(.path):\(.line)  \(.in)  \(if .flag == "" then .tool else .flag end)")
    end,
  ""
