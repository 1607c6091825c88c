# claims.sh - sourced by mk/series/series-check.sh (after mk/lib.sh, trailers.sh):
# the seed's corpus, what the check takes from it: the claims as records.
#
#   corpus_load        reads the seed's $CORPUS_RUN/seed-N/*-W*.jsonl.zst; writes
#                      $tmp/refbuild (the build record of REF_TOOLCHAIN's
#                      corpus) and $tmp/corpus.diags (every diag record);
#                      sets refcorpus and w (the W level: W, else the
#                      corpus's)
#   claim_records PATCHFILE NAME   writes $tmp/claims: its claims as
#                      records, one JSON line each ({text,path,flag,names,
#                      objects}); a claim that is neither a warning line nor
#                      a key in the corpus fails the check
# (a build record is read with mk/lib.sh's first_line)
corpus_load() {
	local corpora dir f
	shopt -s nullglob
	seed_dir dir "$CORPUS_RUN" "$SEED"
	corpora=("$dir"/*-W*.jsonl.zst)
	[ ${#corpora[@]} -gt 0 ] || fail "no corpus for SEED=$SEED in $CORPUS_RUN; run make corpus SEED=$SEED first"
	"$TOP/mk/corpus-check.sh" "${corpora[@]}" || exit 2
	refcorpus=$dir/$(build_name "$REF_TOOLCHAIN" "${W:-123}").jsonl.zst
	[ -f "$refcorpus" ] || refcorpus=${corpora[0]}
	first_line "$refcorpus" > "$tmp/refbuild"
	w=${W:-$(jq -r .w "$tmp/refbuild")}
	for f in "${corpora[@]}"; do zstd -dcq "$f" | jq -c 'select(.type == "diag")'; done > "$tmp/corpus.diags"
}

# the claim as a record, matched as doc/compare.md says (corpus-lib.jq's
# claimed_by: path, flag and quoted names, whichever compiler)
claimrec() { # TEXT-OR-KEY -> one JSON line; status 1 when it is not one
	local c=$1 rec
	if [[ $c =~ ^[0-9a-f]{6,16}$ ]]; then
		rec=$(jq -c --arg k "$c" 'select(.key | startswith($k))' "$tmp/corpus.diags" | head -n1)
	else
		rec=$(printf '%s\n' "$c" | "$KWARN_PARSE" -s "$tree" -t gcc 2> /dev/null | head -n1)
	fi
	[ -n "$rec" ] || return 1
	jq -c -L "$TOP/mk" --slurpfile d "$tmp/corpus.diags" 'include "corpus-lib";
		{text, path, flag, names: quoted_names} as $c
		| $c + {objects: ([$d[] | select(claimed_by($c)) | .objects[]] | unique)}' <<< "$rec"
}
claim_records() {
	local c
	claims "$1" | while read -r c; do
		claimrec "$c" || echo "ERROR $c"
	done > "$tmp/claims"
	if grep -q '^ERROR ' "$tmp/claims"; then
		sed -n 's/^ERROR /  not a warning line, nor a key in the corpus: /p' "$tmp/claims" >&2
		fail "$2: a Fixes-warning trailer kwarn cannot read"
	fi
}
