# compare-trees.jq - the same warning across two kernel trees: what tree B
# fixed, added and kept against tree A, and which warnings moved level.
# Usage: jq -n -r --slurpfile a A.jsonl --slurpfile b B.jsonl \
#           --slurpfile objs OBJS.json --argjson both 0|1 \
#           --arg format text|json --argjson list 20 -f compare-trees.jq
# A and B hold the corpus records of the same seeds on the two trees (one
# toolchain each, any W), matched as the same warning across trees
# (mk/corpus-lib.jq, same_warnings); the W level is not part of the
# match: a matched site whose level differs moved level. OBJS: one
# object {seed, a, b} per seed, the objects ("dir/x.o") each tree built,
# or null when its build directory is gone. With both = 1 only the sites of objects built in both are
# compared: a site's objects are those its record lists (the first 16),
# or its path as an object (x.c: x.o) when it lists none; a site none of
# whose objects either tree built (dtc, kconfig, modpost) is compared.
include "corpus-lib" {search: "./../../mk"};
def lv: if . == null then "?" elif . == 0 then "default" else "W=\(.)" end;
def pad($w): tostring | (" " * ($w - length)) + .;
def by($how): map(select(.by == $how)) | length;
def set($l): reduce ($l // [])[] as $x ({}; .[$x] = true);

# per seed: the objects built in A, in B, in both
($objs | map({key: (.seed | tostring),
              value: {a: set(.a), b: set(.b), known: (.a != null and .b != null)}})
 | from_entries) as $built
| def in_scope:
    $built[.seed | tostring] as $o
    | if $both != 1 or $o == null or ($o.known | not) then true
      else (if (.objects // []) | length > 0 then .objects
            else [.path | sub("\\.[cS]$"; ".o")] end) as $ob
      | any($ob[]; $o.a[.] and $o.b[.]) or all($ob[]; ($o.a[.] or $o.b[.]) | not)
      end;
  (warnings($a) | map(select(in_scope))) as $A
| (warnings($b) | map(select(in_scope))) as $B
| same_warnings($A; $B; "trees") as {same: $kept, gone: $fixed, new: $added}
| [$kept[] | select(.a.level != .b.level)] as $moved
| ([($fixed | map({flag, n: "fixed"})), ($added | map({flag, n: "added"})),
    ($kept | map({flag: .a.flag, n: "kept"})), ($moved | map({flag: .a.flag, n: "moved"}))] | add
   | group_by(.flag)
   | map({flag: .[0].flag,
          fixed: map(select(.n == "fixed")) | length,
          added: map(select(.n == "added")) | length,
          kept: map(select(.n == "kept")) | length,
          moved: map(select(.n == "moved")) | length})
   | sort_by(-(.fixed + .added + .moved), .flag)) as $flags
| ($moved | group_by([.a.level, .b.level])
   | map({from: .[0].a.level, to: .[0].b.level, sites: length})) as $levels
| ($objs | map({seed, a: (.a | if . == null then null else length end),
                b: (.b | if . == null then null else length end),
                both: (if .a == null or .b == null then null
                       else (set(.a)) as $x | [.b[] | select($x[.])] | length end)})) as $objects
| def site: {seed, key, path, line, flag, level, message, text, objects: (.objects // [])};
if $format == "json" then
  {objects: $objects, both_built: ($both == 1),
   compared: {a: ($A | length), b: ($B | length),
              a_all: (warnings($a) | length), b_all: (warnings($b) | length)},
   fixed: ($fixed | map(site)), added: ($added | map(site)),
   kept: ($kept | length), kept_by_key: ($kept | by("key")),
   kept_by_message: ($kept | by("message")), kept_by_names: ($kept | by("names")),
   kept_sites: ($kept | map({by, a: (.a | site), b: (.b | site)})),
   moved: ($moved | map({seed: .a.seed, flag: .a.flag, from: .a.level, to: .b.level,
                         a: (.a | site), b: (.b | site)})),
   levels: $levels, flags: $flags}
else
  ($objects[] | "objects: seed \(.seed): \(.a // "?") built in A, \(.b // "?") in B, \(.both // "?") in both"
     + (if .both == null then " (a build directory is gone: every site compared)" else "" end)),
  (if ($objects | length) > 1 then
     "objects: \($objects | length) seeds: \([$objects[].a // 0] | add) built in A, \([$objects[].b // 0] | add) in B, \([$objects[].both // 0] | add) in both"
   else empty end),
  (if $both == 1 then "compared: the sites of objects built in both: \($A | length) of A's \(warnings($a) | length), \($B | length) of B's \(warnings($b) | length)"
   else "compared: every site (BOTH_BUILT=1: only those of objects built in both)" end),
  "sites: \($fixed | length) fixed in B, \($added | length) added in B, \($kept | length) kept (\($kept | by("key")) by key, \($kept | by("message")) by path, flag and message, \($kept | by("names")) by the names it quotes), \($moved | length) moved level",
  "",
  "moved level     sites",
  ($levels[] | "\("\(.from | lv) -> \(.to | lv)" | . + " " * (14 - length))  \(.sites | pad(5))"),
  "",
  "fixed  added   kept  moved  flag",
  ($flags[] | "\(.fixed | pad(5))  \(.added | pad(5))  \(.kept | pad(5))  \(.moved | pad(5))  \(if .flag == "" then "(none)" else .flag end)"),
  "",
  "moved level (first \($list)):",
  ($moved | sort_by(.a.seed, .a.path, .a.line)[:$list][]
   | "  seed \(.a.seed) \(.a.level | lv) -> \(.b.level | lv)  \(.b.key)  \(.b.text)"),
  "fixed in B (first \($list)):",
  ($fixed | sort_by(.seed, .path, .line)[:$list][] | "  seed \(.seed) \(.key)  \(.text)"),
  "added in B (first \($list)):",
  ($added | sort_by(.seed, .path, .line)[:$list][] | "  seed \(.seed) \(.key)  \(.text)")
end
