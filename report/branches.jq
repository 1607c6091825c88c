# branches.jq - one boot's branch profile, summed up for the report.
# Usage: zstd -dcq seed-1/gcc-12-branches.jsonl.zst |
#        jq -n -c --arg file seed-1/gcc-12-branches.jsonl.zst --argjson n 10 -f branches.jq
# Reads the boot record and its branch records (qemu/README.md, "Files"),
# and counts them as corpus/queries/branches.jq (make branches) does:
# an "if" is always taken when hit and never missed, never taken when
# missed and never hit; a likely()/unlikely() is wrong when it was wrong
# more often than right. Keeps the $n most evaluated of each list.

def site: {file, line, function};

[inputs] as $all
| ($all | map(select(.type == "boot")) | first) as $boot
| ($all | map(select(.type == "branch" and .kind == "all"))) as $b
| ($all | map(select(.type == "branch" and .kind == "annotated"))) as $a
| ($b | map(select(.hit > 0 and .miss == 0)) | sort_by(-.hit, .file, .line, .function)) as $always
| ($b | map(select(.miss > 0 and .hit == 0)) | sort_by(-.miss, .file, .line, .function)) as $never
| ($a | map(select(.incorrect > .correct))
  | sort_by(-.incorrect, -.percent, .file, .line, .function)) as $wrong
| {file: $file,
   boot: ($boot | {seed, toolchain, status, seconds, qemu_exit, kernel, compiler,
                   full: (.full // false), count_ok, sites_match,
                   entries: .section.entries, nfindings: (.findings | length),
                   findings: .findings[:$n]}),
   records: ($b | length), annotated_records: ($a | length),
   both: ($b | map(select(.hit > 0 and .miss > 0)) | length),
   always: ($always | length), never: ($never | length),
   unreached: ($b | map(select(.hit + .miss == 0)) | length),
   wrong: ($wrong | length),
   right: ($a | map(select(.correct + .incorrect > 0 and .incorrect <= .correct)) | length),
   always_top: [$always[:$n][] | site + {hit}],
   never_top: [$never[:$n][] | site + {miss}],
   wrong_top: [$wrong[:$n][] | site + {correct, incorrect, percent}]}
