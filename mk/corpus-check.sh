#!/bin/bash
# corpus-check.sh - refuse corpus files kwarn cannot read, one line each.
#
# Usage: corpus-check.sh [-n NAME] FILE...
# Exit 1 on the first bad file, saying "kwarn: corpus-check: FILE:LINE: why": a truncated
# or corrupt file, one of a newer schema, a line that is not JSON or not a
# record of the schema (corpus/SCHEMA.md, qemu/README.md: each field there,
# of its type), or a build (boot) record whose counts are not those of the
# records below it, or a file at a path that is not its build record's
# (mk/corpus-lib.jq, path_why). -n NAME names the (one) FILE so in the
# message and in that rule: mk/corpus.sh checks its temporary file under
# the name it will have.
# One streaming pass (jq -R reads a line at a time; the state is a few
# counters), about as long as decompressing and reading the file once more.
STEP=corpus-check
. "$(dirname "$0")/lib.sh"
name=
if [ "${1:-}" = -n ]; then
	[ $# -ge 3 ] || fail "usage: corpus-check.sh [-n NAME] FILE..."
	name=$2; shift 2
fi

nl=$'\n'

# the fields and types of each record: mk/corpus-lib.jq
check='
include "corpus-lib";
# the build (boot) record says $what $said, but $has: "1: the ..., $why"
def mismatch($what; $said; $has; $why):
	if $said == $has then empty else "1: the \($what) \($said), \($why)" end;
fields as $fields | ($fields | quick) as $quick |
(fields2 | quick) as $quick2 |
# why line $n, parsed as $p ({r: record} or {e: error}), is wrong, or null
def why($p; $n; $head):
	($p.r | type) as $type
	| if $p.e then "not JSON: \($p.e | sub(" \\(while parsing .*"; "") | sub(" at line 1, column"; " at column") | .[:80])"
	  elif $type != "object" then "not a record but \($type)"
	  elif $n == 1 then $p.r | head_why($fields; $quick; max_schema) // path_why($path)
	  elif ($p.r | has("type")) | not then "no field \"type\""
	  elif $head.type == "build" then
		if $p.r.type != "diag" then "a \($p.r.type | tojson) record after line 1, not a diag record"
		else $p.r | (if $head.schema >= 2 then bad(fields2; $quick2; "diag") else bad($fields; $quick; "diag") end)
			// diag_values_why
			// if [.seed, .toolchain, .w, .variant] == [$head.seed, $head.toolchain, $head.w, $head.variant]
			   then null else "seed, toolchain, w or variant not the build record'\''s" end
		end
	  elif $p.r.type != "branch" then "a \($p.r.type | tojson) record after line 1, not a branch record"
	  elif ($p.r.kind | IN("all", "annotated")) | not then "branch kind \($p.r.kind | tojson), not \"all\" or \"annotated\""
	  else $p.r | bad($fields; $quick; .kind) end;
# the first error stops the check at once (halt_error: jq 1.6 try catches
# a break): a file of millions of bad lines costs one. A line longer than
# line_max, or more than corpus_max bytes in all, is refused before it is
# parsed; the reader in front of jq cuts them just past the limits, so
# that neither is ever held whole.
foreach ((inputs | {l: .}), {end: true}) as $i
	({n: 0, bytes: 0, head: null, err: null, diag: 0, instances: 0, all: 0, annotated: 0};
	if $i.end then .
	else .n = .n + 1
	| .bytes = .bytes + ($i.l | utf8bytelength) + 1
	| if ($i.l | utf8bytelength) > line_max then .err = "line longer than \(line_max) bytes"
	  elif .bytes > corpus_max then .err = "more than \(corpus_max) bytes decompressed"
	  else
		(try {r: ($i.l | fromjson)} catch {e: .}) as $p
		| .err = why($p; .n; .head)
		| if .err then .
		  elif .n == 1 then .head = ($p.r | del(.config))
		  elif .head.type == "build" then .diag = .diag + 1 | .instances = .instances + $p.r.count
		  else .[$p.r.kind] = .[$p.r.kind] + 1 end
	  end
	end;
	if .err then "\(.n): \(.err)\n" | halt_error(5)
	elif $i.end | not then empty
	elif .head == null then "1: no build record on line 1"
	elif .head.type == "build" then
		first(mismatch("build record says unique"; .head.unique; .diag; "the file has \(.diag) records"),
			mismatch("build record says instances"; .head.instances; .instances; "the records'\'' counts sum to \(.instances)"))
	else first(mismatch("boot record says records"; .head.records; .all; "the file has \(.all) \"all\" records"),
			mismatch("boot record says annotated_records"; .head.annotated_records; .annotated;
				"the file has \(.annotated) \"annotated\" records"))
	end)
'

read -r line_max corpus_max < <(jq -n -r -L "$MK" 'include "corpus-lib"; "\(line_max) \(corpus_max)"')
for f; do
	n=${name:-$f}
	[ -r "$f" ] || fail_with 3 "$n: cannot read"
	# from stdin: zstd skips a symbolic link it is given by name
	zstd -tq < "$f" 2>/dev/null || fail_with 1 "$n: truncated or corrupt corpus file"
	status=0
	why=$(zstd -dcq < "$f" | head -c $((corpus_max + 1)) | cut -b "1-$((line_max + 1))" |
		jq -n -R -r -L "$MK" --arg path "$n" "$check" 2>&1) || status=$?
	case $status in
	0) ;;
	5) why=${why%"$nl"} ;;
	*) why=" cannot check: $why" ;;
	esac
	[ -z "$why" ] || fail_with 1 "$n:$why"
done
