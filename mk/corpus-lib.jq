# corpus-lib.jq - what a corpus file's records and its summary are, for
# the scripts that check them (jq -L mk 'include "corpus-lib"; ...'):
# mk/corpus-check.sh (every line), mk/merge.sh (line 1 and the summary's
# header), mk/summary.sh (the header it writes). corpus/SCHEMA.md and
# qemu/README.md describe them. And which two warnings are the same
# (same_warnings), for every command that compares builds.

# the newest schema this kwarn reads and writes (mk/corpus.sh writes it)
def max_schema: 2;
# The most a corpus file may hold: its longest line and its bytes
# decompressed. Every reader refuses more (mk/corpus-check.sh, and so the
# queries, make merge, and mk/corpus.sh before it publishes a corpus), and
# kwarn-agg reads summaries (whose lines are never longer than their
# records') with the same line limit (helpers/util.h LINES_MAX; t01 holds
# them equal). The largest real corpus file, seed 1 at P=2 with gcc-12 at
# W=123, is about 21 MB decompressed for both toolchains' files (1,234,535
# bytes of zstd -19 at 17.1x) and its longest line, the build record with
# the config, under 200 KB: corpus_max is over 12 times the two files
# together, line_max over 80 times that line.
def line_max: 16777216;
def corpus_max: 268435456;
# fields and their types: the warning corpus's build and diag records, a
# branch profile's boot and branch records
# (a branch record has the fields of its kind, "all" or "annotated")
def branch:
	{type: ["string"], seed: ["number"], toolchain: ["string"], kind: ["string"],
	 file: ["string"], line: ["number"], function: ["string", "null"],
	 full: ["boolean"], percent: ["number", "null"]};
def fields:
	{build: {type: ["string"], schema: ["number"], seed: ["number"], probability: ["number"],
		w: ["string"], toolchain: ["string"], variant: ["string"], compiler: ["string"],
		packages: ["object", "null"], kernel: ["string"], tree: ["string"],
		series_sha256: ["string"], fragment_sha256: ["string"], config_sha256: ["string"],
		config_diff: ["array"], status: ["string"], make_exit: ["number"],
		failed_targets: ["array"], instances: ["number"], unique: ["number"],
		config: ["string"]},
	 diag: {type: ["string"], key: ["string"], seed: ["number"], toolchain: ["string"],
		w: ["string"], variant: ["string"], tool: ["string"], kind: ["string"],
		flag: ["string"], level: ["number", "null"], path: ["string"], line: ["number"],
		col: ["number"], ordinal: ["number"], message: ["string"], text: ["string"],
		source: ["string", "null"], function: ["string", "null"], count: ["number"],
		nobjects: ["number"], objects: ["array"], include: ["array"], notes: ["array"]},
	 boot: {type: ["string"], schema: ["number"], seed: ["number"], toolchain: ["string"],
		status: ["string"], records: ["number"], annotated_records: ["number"],
		findings: ["array"]},
	 all: ({miss: ["number"], hit: ["number"]} + branch),
	 annotated: ({correct: ["number"], incorrect: ["number"], constant: ["number"]} + branch)};
# schema 2 (build failures as records; the user's FRAGMENT= lines; the
# objects a build made) adds
# these; a schema-1 file is checked against the fields of schema 1
def fields2:
	fields
	| .build += {root_causes: ["array"], fragment_lines: ["array"], objects_built: ["array"]}
	| .diag += {symbol: ["string", "null"], target: ["string", "null"], root_cause: ["boolean"]};
# the fields of a file of schema $s
def fields($s): if $s >= 2 then fields2 else fields end;
# why record . is not a $t record, or null; the common case (it is) first,
# in a quicker way: the types of the fields that allow one type, then of
# those that allow null too (a missing field reads as null)
def quick:
	map_values(to_entries
		| {one: map(select(.value | length == 1) | .key),
		   types: map(select(.value | length == 1) | .value[0]),
		   other: map(select(.value | length > 1) | .key),
		   others: map(select(.value | length > 1) | .value[0])});
def bad($fields; $t):
	. as $r
	| first($fields[$t] | to_entries[]
		| .key as $k | if ($r | has($k)) | not then "no field \"\($k)\""
		  elif any(.value[]; . == ($r[$k] | type)) then empty
		  else "\"\($k)\" is \($r[$k] | type), not \(.value | join(" or "))" end)
	// null;
def bad($fields; $quick; $t):
	. as $r | $quick[$t] as $q
	| if [$r[$q.one[]] | type] == $q.types
		and ([$r[$q.other[]] | type] | . == $q.others
			or ([., $q.others] | transpose | all(.[0] == "null" or .[0] == .[1])))
		and all($q.other[]; . as $k | $r | has($k))
	  then null else bad($fields; $t) end;
# schema 2's quick form, named here: inside head_why, whose parameter
# $quick is also a filter quick, "fields2 | quick" would be schema 1's
def quick2: fields2 | quick;
# why record ., line 1 of a file, is not a build or boot record of a schema
# up to $max, or null
def head_why($fields; $quick; $max):
	if (.type | IN("build", "boot")) | not then "no build record on line 1"
	elif (.schema | type) != "number" then "bad schema \(.schema | tojson)"
	elif .schema > $max then "schema \(.schema) is newer than this kwarn's (\($max))"
	elif .schema >= 2 and .type == "build" then bad(fields2; quick2; .type)
	else bad($fields; $quick; .type) end;
# the summary's header line (its version: mk/summary.sh's VERSION) for
# build record . of the corpus file whose sha256 is $sha
def summary_version: 3;
def summary_header($sha):
	"#kwarn-summary\t\(summary_version)\tcorpus_sha256=\($sha)\tseed=\(.seed)\ttoolchain=\(.toolchain)" +
	"\tw=\(.w)\tvariant=\(.variant)\tstatus=\(.status)\tmake_exit=\(.make_exit)" +
	"\tinstances=\(.instances)\tunique=\(.unique)";
# The one rule of where a corpus file lies: why the file at $path (a path
# ending RUN/seed-N/NAME: TREE/pP[-...]/seed-N/NAME in a corpus directory)
# is not where build (boot) record . puts it, or null. NAME says the
# toolchain, W and variant; seed-N the seed; pP the probability; a TREE
# linux-source-KVER the tree (a KSRC= tree, ksrc^PATH, is named by its
# user, and series-compare's by the tree it was made from). A file outside a seed-N
# directory is at no corpus path (a copy to look at): nothing to say.
# Every reader (corpus-check.sh, summary.sh -u) and make merge use it.
def path_why($path):
	($path | split("/")) as $c | ($c | length) as $n
	| if $n < 2 or ($c[$n - 2] | test("^seed-[0-9]+$") | not) then null
	  else
		(if .type == "boot" then "\(.toolchain)-branches.jsonl.zst"
		 else "\(.toolchain)-W\(.w)\(if .variant == "profile" then "-profile" else "" end).jsonl.zst" end) as $name
		| ($c[$n - 3] // "") as $run | ($c[$n - 4] // "") as $tree
		| "its build record says seed-\(.seed)/\($name), not \($c[$n - 2])/\($c[$n - 1])" as $wrong
		| if $c[$n - 1] != $name or $c[$n - 2] != "seed-\(.seed)" then $wrong
		  elif .type == "boot" then null
		  elif ($run | test("^p[0-9]+(-|$)")) and ($run | ltrimstr("p") | split("-")[0] | tonumber) != .probability then
			"its build record says probability \(.probability), not \($run)'s"
		  elif ($tree | startswith("linux-source-")) and ((.tree | startswith($tree + " ")) | not) then
			"its build record says tree \(.tree | tojson), not \($tree)"
		  else null end
	  end;
# what a summary's first frame says of its corpus file (mk/summary.sh):
# its sha256 and size and the build record's fields that path_why judges
def summary_facts($sha; $size):
	{sha256: $sha, size: $size} + (with_entries(select(.key | IN("type", "seed", "toolchain", "w", "variant", "probability", "tree"))));
# The one rule of the same warning (doc/compare.md, "The same warning"):
# the warnings of $a and $b (records, or compare's sites) paired, never
# across seeds: {same: [{a, b, by}], gone: $a's unpaired, new: $b's}.
# $differ says what differs between the sides: "compilers" (one tree and
# config: the site alone), "trees" (the key, then the message, else the
# quoted names, in line order) or "patch" (one compiler on one tree,
# patched or not: the key alone).
def warnings($r): [$r[] | select(.type == "diag" and .kind == "warning")];
def quoted_names: [.message | scan("'([^']*)'")[]];
# whether record . is the warning claim $c names ({path, flag, names}, from
# a compiler's line: whichever compiler prints it)
def claimed_by($c): .kind == "warning" and .path == $c.path and .flag == $c.flag and quoted_names == $c.names;
def same_warnings($a; $b; $differ):
	# the unpaired that f maps to one value (null: to none) paired in
	# line order
	def pair($by; f):
		.same as $same
		| [(.gone | map({w: ., side: "a"})), (.new | map({w: ., side: "b"}))] | add // []
		| group_by(.w | f)
		| map((map(select(.side == "a") | .w) | sort_by(.line, .col)) as $x
			| (map(select(.side == "b") | .w) | sort_by(.line, .col)) as $y
			| (if (.[0].w | f) == null then 0 else [($x | length), ($y | length)] | min end) as $n
			| {same: [range(0; $n) as $i | {a: $x[$i], b: $y[$i], by: $by}],
			   gone: $x[$n:], new: $y[$n:]})
		| {same: ($same + (map(.same) | add // [])), gone: (map(.gone) | add // []),
		   new: (map(.new) | add // [])};
	def by_key:
		(reduce $a[] as $w ({}; .["\($w.seed) \($w.key)"] = $w)) as $akey
		| (reduce $b[] as $w ({}; .["\($w.seed) \($w.key)"] = $w)) as $bkey
		| {same: [$a[] | $bkey["\(.seed) \(.key)"] as $m | select($m) | {a: ., b: $m, by: "key"}],
		   gone: [$a[] | select($bkey["\(.seed) \(.key)"] | not)],
		   new: [$b[] | select($akey["\(.seed) \(.key)"] | not)]};
	# two compilers build one source: a key (its ordinal among the file's
	# like warnings) would pair two lines when a version rewords one, so
	# the site alone decides there
	if $differ == "compilers" then {same: [], gone: $a, new: $b} | pair("site"; [.seed, .path, .line, .flag])
	elif $differ == "trees" then by_key | pair("message"; [.seed, .path, .flag, .message])
		| pair("names"; quoted_names as $q | if $q == [] then null else [.seed, .tool, .path, .flag, $q] end)
	elif $differ == "patch" then by_key
	else error("same_warnings: \($differ | tojson) is not compilers, trees or patch") end;
