# branches.awk - a branch profile file, as the guest read it, to records.
#
# Usage: awk -v kind=all|annotated -v format=raw|text -v seed=N -v tc=NAME \
#            -v bad=BADFILE -f branches.awk FILE
#
# format=raw: the trace_stat/branch_*_raw files of series/ (full
#   tree-relative path and whole function name):
#     all:        MISS HIT LINE FILE FUNCTION
#     annotated:  CORRECT INCORRECT CONSTANT LINE FILE FUNCTION
# format=text: 6.1's branch_all / branch_annotated, function cut to 30
#   characters and file to a 20-character basename ("full": false):
#     MISS HIT PERCENT FUNCTION FILE LINE   (PERCENT "X": never reached)
#     annotated: CORRECT[/CONSTANT] INCORRECT PERCENT FUNCTION FILE LINE
#
# Prints, per site, "KIND<TAB>FILE<TAB>LINE<TAB>FUNCTION<TAB>JSON" so the
# caller can sort; JSON is the record (corpus/queries/branches.jq reads it).
# percent is computed here from the counts the way the kernel does
# (hit share for every "if", incorrect share for annotations); null means
# never reached. A line that is neither header nor record (a broken
# kernel's garbage, a line cut by an oops) is appended to BADFILE, and the
# rest read on: the caller counts them.

function esc(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/"/, "\\\"", s)
	gsub(/\t/, "\\t", s)
	return s
}

function num(s) {
	return s ~ /^[0-9]+$/
}

function emit(file, line, fn, a, b, c,    json, pct) {
	pct = (a + b) ? int(b * 100 / (a + b)) : "null"
	json = "{\"type\":\"branch\",\"seed\":" seed ",\"toolchain\":\"" esc(tc) \
		"\",\"kind\":\"" kind "\",\"file\":\"" esc(file) "\",\"line\":" line \
		",\"function\":\"" esc(fn) "\",\"full\":" (format == "raw" ? "true" : "false")
	if (kind == "all")
		json = json ",\"miss\":" a ",\"hit\":" b
	else
		json = json ",\"correct\":" a ",\"incorrect\":" b ",\"constant\":" c
	json = json ",\"percent\":" pct "}"
	printf "%s\t%s\t%d\t%s\t%s\n", kind, file, line, fn, json
}

function reject() {
	printf "%s:%d: %s\n", kind, FNR, $0 >> bad
	rejected = 1
}

/^#/ || /^[ \t]*$/ { next }

format == "raw" && kind == "all" {
	if (NF != 5 || !num($1) || !num($2) || !num($3))
		reject()
	else
		emit($4, $3, $5, $1, $2, 0)
	next
}

format == "raw" {
	if (NF != 6 || !num($1) || !num($2) || !num($3) || !num($4))
		reject()
	else
		emit($5, $4, $6, $1, $2, $3)
	next
}

# text: skip the two header lines
$1 == "miss" || $1 == "correct" || $1 ~ /^-+$/ { next }

{
	c = 0
	a = $1
	if (kind == "annotated" && split($1, p, "/") == 2) {
		a = p[1]
		c = p[2]
	}
	if (NF != 6 || !num(a) || !num(c) || !num($2) || !num($6))
		reject()
	else
		emit($5, $6, $4, a, $2, c)
}
