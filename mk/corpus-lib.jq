# corpus-lib.jq - what a corpus file's records and its summary are, for
# the scripts that check them (jq -L mk 'include "corpus-lib"; ...'):
# mk/corpus-check.sh (every line), mk/tools/merge.sh (line 1 and the summary's
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
# The grammar of what a corpus path is made of (doc/errors.md, "Values
# are data"): names that reach file names, make and scripts. A toolchain
# is gcc-VERSION or clang-VERSION (a cross prefix's corpora are named by
# its gcc's version); W its levels sorted, each once; a count a whole
# number up to count_max; a level 0 (no W=) to 3, or null. Values read
# from a corpus made elsewhere are checked against it before anything
# uses them.
def count_max: 1000000000;
def toolchain_re: "^(gcc|clang)-[0-9]+(\\.[0-9]+)*$";
def w_re: "^(1|12|123|13|2|23|3)$";
def seed_re: "^seed-(0|[1-9][0-9]{0,8})$";
def tree_re: "^(linux-source-[0-9]+(\\.[0-9]+)*|ksrc\\^[A-Za-z0-9^._+,@-]+)$";
def run_re: "^p(0|[1-9][0-9]?|100)(-[a-z0-9]+)*$";
# whether . is a whole number 0..$max
def whole($max): type == "number" and . >= 0 and . <= $max and . == floor;
# why the values of build (boot) record . are not of that grammar, or null
def values_why:
	if (.toolchain | test(toolchain_re) | not) then "toolchain \(.toolchain | tojson) is not gcc-N or clang-N"
	elif (.seed | whole(999999999) | not) then "seed \(.seed) is not a seed 0..999999999"
	elif .type == "boot" then
		first((.records, .annotated_records) | select(whole(count_max) | not) | "a count \(.) is not a whole number 0..\(count_max)") // null
	elif (.w | test(w_re) | not) then "w \(.w | tojson) is not the levels 1, 2 and 3 sorted, each once"
	elif (.variant | IN("plain", "profile") | not) then "variant \(.variant | tojson) is not plain or profile"
	elif (.probability | whole(100) | not) then "probability \(.probability) is not 0..100"
	else first((.instances, .unique, .make_exit) | select(whole(count_max) | not)
		| "a count \(.) is not a whole number 0..\(count_max)") // null end;
# why the values of diag record . are not of that grammar, or null
def diag_values_why:
	if (.key | test("^[0-9a-f]{16}$") | not) then "key \(.key | tojson) is not 16 hex digits"
	elif .level != null and (.level | IN(0, 1, 2, 3) | not) then "level \(.level) is not 0 (no W=), 1, 2, 3 or null"
	else first((.count, .line, .col, .ordinal, .nobjects) | select(whole(count_max) | not)
		| "a count, line or column \(.) is not a whole number 0..\(count_max)") // null end;
# why $rel, a corpus file's path relative to a corpus directory, is not
# TREE/RUN/seed-N/NAME of that grammar, or null (make merge: a FROM at
# another depth gives paths of another length)
def rel_why($rel):
	($rel | split("/")) as $c
	| if ($c | length) != 4 then "not TREE/RUN/seed-N/NAME (linux-source-6.1/p2/seed-1/gcc-12-W123.jsonl.zst)"
	  elif ($c[0] | test(tree_re) | not) then "\($c[0] | tojson) is not a tree (linux-source-KVER or ksrc^PATH)"
	  elif ($c[1] | test(run_re) | not) then "\($c[1] | tojson) is not a run (pP or pP-NAME)"
	  elif ($c[2] | test(seed_re) | not) then "\($c[2] | tojson) is not seed-N"
	  else null end;
# why . (a .run.json's one line, parsed, or null) is not what mk/corpus.sh
# writes there, or null
def run_json_why:
	if type != "object" then "not a JSON object"
	elif (.build_seconds | whole(count_max) | not) then "build_seconds is not a whole number of seconds"
	elif (keys - ["build_seconds", "distcc_hosts", "start_time"]) != [] then "a field kwarn does not write: \(keys - ["build_seconds", "distcc_hosts", "start_time"] | .[0])"
	elif has("distcc_hosts") and (.distcc_hosts | type) != "string" then "distcc_hosts is not a string"
	elif has("start_time") and (.start_time | type == "string" and test("^[0-9]{4}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]Z$") | not)
	then "start_time is not a UTC date-time (2026-01-31T12:00:00Z)"
	else null end;
# schema 2's quick form, named here: inside head_why, whose parameter
# $quick is also a filter quick, "fields2 | quick" would be schema 1's
def quick2: fields2 | quick;
# why record ., line 1 of a file, is not a build or boot record of a schema
# up to $max, or null
def head_why($fields; $quick; $max):
	if (.type | IN("build", "boot")) | not then "no build record on line 1"
	elif (.schema | type) != "number" then "bad schema \(.schema | tojson)"
	elif .schema > $max then "schema \(.schema) is newer than this kwarn's (\($max))"
	elif .schema >= 2 and .type == "build" then bad(fields2; quick2; .type) // values_why
	else bad($fields; $quick; .type) // values_why end;
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
# whether a warning (.level, of a build at .w) is one a W=$w build prints:
# levels 0 up to $w's highest; of an unknown level, those of builds not
# above $w; so that a W=123 build answers for W=1 (kwarn-agg -w)
def shown_at($w): if .level == null then (.w | length) <= ($w | length) else .level <= ($w | length) end;
def quoted_names: [.message | scan("'([^']*)'")[]];
# whether record . is the warning claim $c names ({path, flag, names}, from
# a compiler's line: whichever compiler prints it)
def claimed_by($c): .kind == "warning" and .path == $c.path and .flag == $c.flag and quoted_names == $c.names;
# A flag as top and the report show it (kwarn-agg's and kwarn-index's
# shown_name): a compiler's flag alone, another checker's after its name
# ("dtc -Wunit_address_vs_reg"), so checkers stand apart from compiler
# flags; a tool that prints no flag by its name (kernel-doc, modpost, ld)
def shown_name:
	if .flag == "" then .tool
	elif .tool == "gcc" or .tool == "clang" or .tool == "driver" then .flag
	else "\(.tool) \(.flag)" end;
# One name per warning across compilers: a Clang flag that names a GCC
# flag's check, mapped to the GCC flag as GCC prints it, as Clang's
# DiagnosticGroups.td (its diagnostics reference) says: a synonym "for
# compatibility with GCC", a flag of GCC's group in Clang, or GCC's name
# with its "=" (doc/compare.md has the table with its sources). The site
# rule across compilers uses it; kwarn-agg compare -F gets it from make.
def flag_names: {
	"-Winitializer-overrides": "-Woverride-init",
	"-Wshorten-64-to-32": "-Wconversion",
	"-Wimplicit-int-conversion": "-Wconversion",
	"-Wtautological-type-limit-compare": "-Wtype-limits",
	"-Wtautological-unsigned-zero-compare": "-Wtype-limits",
	"-Wtautological-unsigned-enum-zero-compare": "-Wtype-limits",
	"-Wunused-const-variable": "-Wunused-const-variable=",
	"-Wformat": "-Wformat=",
	"-Wimplicit-fallthrough": "-Wimplicit-fallthrough="
};
# the name of flag . across compilers
def flag_name: flag_names[.] // .;
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
	if $differ == "compilers" then {same: [], gone: $a, new: $b} | pair("site"; [.seed, .path, .line, (.flag | flag_name)])
	elif $differ == "trees" then by_key | pair("message"; [.seed, .path, .flag, .message])
		| pair("names"; quoted_names as $q | if $q == [] then null else [.seed, .tool, .path, .flag, $q] end)
	elif $differ == "patch" then by_key
	else error("same_warnings: \($differ | tojson) is not compilers, trees or patch") end;
