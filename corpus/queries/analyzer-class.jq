# analyzer-class.jq - keep clang static analyzer findings, classed by checker.
# Usage: kwarn-parse -t clang-analyzer ... | jq -c -f analyzer-class.jq
# clang --analyze -Xclang -analyzer-output=text ends a finding with
# [checker.Name] (core.NullDereference, deadcode.DeadStores, ...); its notes
# are the path that leads there. Ordinary -W warnings are dropped.
[.text | capture("\\[(?<c>[a-z]+(\\.[A-Za-z0-9_]+)+)\\]$") | .c][0] as $c
| select($c != null)
| .flag = $c | .message |= sub(" \\[[a-z]+(\\.[A-Za-z0-9_]+)+\\]$"; "")
