#!/bin/bash
# given.sh - the warnings of a report from outside the corpus, for make
# repro and make why: a build bot's report as received (REPORT=: the
# kernel test robot's "All warnings" block, its compiler and config lines)
# or one pasted line (LINE=), with the report's .config (DOTCONFIG=, plain
# or gzip). mk/query/repro.sh's PHASE=find for them.
#
# Usage: given.sh VAR=VALUE...  (repro.sh's, from make: DOTCONFIG LINE
# REPORT N TOOLCHAIN DEFAULT_TOOLCHAIN W STATE KSRC TREE_DIR KWARN_PARSE)
# Writes STATE/given.jsonl.zst, a corpus file of its own (a build record
# with the config and toolchain, a record per warning, numbered n), and
# STATE/found, as the corpus's lookup does: the warnings asked (all, or
# the N-th). The toolchain: TOOLCHAIN=, else the report's compiler (its
# "compiler:" line, else the config's CONFIG_CC_VERSION_TEXT) when it is
# installed, else the nearest installed version of its family; the W
# level: W=, else the report's ("this is a W=1 build"), else 1.
# Exit: 0, or 2 (a setup error, one line naming the setting).
STEP=${STEP:-repro}
. "$(dirname "$0")/../lib.sh"
for a; do declare "$a"; done
need_vars STATE KSRC TREE_DIR KWARN_PARSE DEFAULT_TOOLCHAIN
. "$MK/query/code-lib.sh"
[ -z "$ID" ] || fail "ID= names a warning of the corpus: with DOTCONFIG= the warning is LINE='...' or REPORT=FILE"
[ -z "$LINE" ] || [ -z "$REPORT" ] || fail "LINE= and REPORT= both given: say one"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- the report --------------------------------------------------------------
# lines: "new<TAB>context<TAB>line" (new: the robot's ">>"; context: the
# .c file the lines before it named, for a header's warning; "-": none)
compiler='' config_name='' report_w=''
if [ -n "$REPORT" ]; then
	[ -f "$REPORT" ] && [ -r "$REPORT" ] || fail "REPORT=$REPORT: no such readable file"
	grep -q . "$REPORT" || fail "REPORT=$REPORT: empty"
	compiler=$(sed -n 's/^compiler: *//p' "$REPORT" | head -n1)
	config_name=$(sed -n 's/^config: *\([^ ]*\).*/\1/p' "$REPORT" | head -n1)
	report_w=$(sed -n 's/.*(this is a W=\([0-9]*\) build).*/\1/p' "$REPORT" | head -n1)
	# the robot's block ("All warnings (new ones prefixed by >>):" or
	# errors) when there is one, up to its "vim +" lines or signature;
	# else every line of the file
	awk -v all="$(grep -c '^All \(warnings\|errors\)' "$REPORT")" '
		all > 0 && /^All (warnings|errors)/ { on = 1; next }
		on && /^(vim \+|-- ?$|---$|0-DAY)/ { on = 0 }
		!on && all > 0 { next }
		{ line = $0; new = sub(/^>> ?/, "", line); if (!new) sub(/^   /, "", line)
		  if (match(line, /^(In file included from |[ \t]+from )?[^ :]+\.c(:[0-9]+[:,]?| *: In function)/)) {
			c = substr(line, RSTART, RLENGTH); sub(/^(In file included from |[ \t]+from )/, "", c); sub(/[: ].*/, "", c); ctx = c }
		  if (line ~ /^[^ :]+:[0-9]+(:[0-9]+)?: (warning|error): /) print new "\t" (ctx == "" ? "-" : ctx) "\t" line
		  else if (line ~ /^[^ ]+: (warning|error): /) print line > "/dev/stderr" }' "$REPORT" > "$tmp/lines" 2> "$tmp/nosite"
else
	printf '0\t-\t%s\n' "$LINE" > "$tmp/lines"
fi
[ -n "$DOTCONFIG" ] || fail "REPORT=$REPORT: say the report's config too, DOTCONFIG=FILE (kwarn downloads nothing${config_name:+; the report names $config_name})"

# --- the config --------------------------------------------------------------
[ -f "$DOTCONFIG" ] && [ -r "$DOTCONFIG" ] || fail "DOTCONFIG=$DOTCONFIG: no such readable file"
if [ "$(head -c2 "$DOTCONFIG" | od -An -tx1 | tr -d ' \n')" = 1f8b ]; then
	gzip -dc "$DOTCONFIG" > "$tmp/config" 2> "$tmp/err" || fail "DOTCONFIG=$DOTCONFIG: gzip cannot read it ($(head -n1 "$tmp/err"))"
else
	cp "$DOTCONFIG" "$tmp/config"
fi
grep -q '^CONFIG_[A-Za-z0-9_]*=' "$tmp/config" || fail "DOTCONFIG=$DOTCONFIG: not a kernel .config (no CONFIG_X=... line)"
bad=$({ LC_ALL=C grep -n -v -E '^(CONFIG_[A-Za-z0-9_]+=.*|# CONFIG_[A-Za-z0-9_]+ is not set|#.*|[[:space:]]*)$' "$tmp/config" || true; } | head -n1 | cut -c1-80)
[ -z "$bad" ] || fail "DOTCONFIG=$DOTCONFIG:${bad%%:*}: not a .config line: ${bad#*:}"
arch=$(sed -n 's/^# Linux\/\([^ ]*\) .*Kernel Configuration$/\1/p' "$tmp/config" | head -n1)
cc_text=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$tmp/config" | head -n1)
: "${compiler:=$cc_text}"

# --- the warnings --------------------------------------------------------------
family=gcc
case $compiler in *clang*) family=clang ;; esac
n=0
while IFS=$'\t' read -r new ctx line; do
	tree_line "$line" | "$KWARN_PARSE" -s "$KSRC" -t "$family" > "$tmp/rec" 2> "$tmp/err" ||
		fail "${REPORT:+REPORT=$REPORT}${LINE:+LINE}: $(cat "$tmp/err")"
	[ -s "$tmp/rec" ] || continue
	n=$((n + 1))
	path=$(jq -r .path "$tmp/rec")
	obj=
	case $path in
	*.c) obj=${path%.c}.o ;;
	*.h) [ "$ctx" = - ] || obj=$(tree_line "${ctx%.c}.o:") obj=${obj%:} ;;
	esac
	jq -c --argjson n "$n" --argjson new "$([ "$new" = 1 ] && echo true || echo false)" --arg o "$obj" \
		'. + {n: $n, new: $new, level: null, objects: (if $o == "" then [] else [$o] end), nobjects: (if $o == "" then 0 else 1 end)}' "$tmp/rec"
done < "$tmp/lines" > "$tmp/records"
[ "$n" -gt 0 ] || fail "${REPORT:+REPORT=$REPORT: no compiler warning or error in it}${LINE:+LINE is not a compiler diagnostic: $LINE}"
[ -z "$N" ] || [ "$N" -le "$n" ] || fail "N=$N: the report has $n warning$([ "$n" = 1 ] || echo s)"

# --- the toolchain and W -------------------------------------------------------
# installed VERSIONS of FAMILY: gcc-N (Debian's arm-linux-gnueabi-gcc-N) or clang-N
installed() {
	local pat='^arm-linux-gnueabi-gcc-[0-9]+$'
	[ "$1" = gcc ] || pat='^clang-[0-9]+$'
	IFS=: read -r -a dirs <<< "$PATH"
	for d in "${dirs[@]}"; do ls "$d" 2> /dev/null; done | grep -E "$pat" | sed 's/.*-//' | sort -un
}
want=$(sed -n 's/.*clang version \([0-9]*\)\..*/\1/p; s/.*gcc.* \([0-9]*\)\.[0-9]*\.[0-9]*.*/\1/p' <<< "$compiler" | head -n1)
if [ -n "$TOOLCHAIN" ]; then
	tc=$TOOLCHAIN
elif [ -n "$want" ]; then
	have=$(installed "$family" | awk -v w="$want" '{ d = $1 - w; if (d < 0) d = -d }
		NR == 1 || d < best || (d == best && $1 > pick) { best = d; pick = $1 } END { print pick }')
	if [ "$have" = "$want" ]; then
		tc=$family-$want
	elif [ -n "$have" ]; then
		tc=$family-$have
		say TOOLCHAIN "$tc: the report's $family $want is not installed, $tc is the nearest that is (TOOLCHAIN= to choose)"
	else
		tc=$DEFAULT_TOOLCHAIN
		say TOOLCHAIN "$tc: no $family is installed for the report's $family $want (TOOLCHAIN= to choose)"
	fi
else
	tc=$DEFAULT_TOOLCHAIN
fi
w=${W-${report_w:-1}}

# --- the given build, as a corpus file of its own -----------------------------
sha=$(sha256sum < "$tmp/config" | cut -c1-64)
mkdir -p "$STATE" || fail "cannot create $STATE"
{ jq -n -c --arg tc "$tc" --arg w "$w" --arg compiler "$compiler" --arg tree "$TREE_DIR" --rawfile config "$tmp/config" \
	--arg sha "$sha" --arg name "$config_name" --arg report "$REPORT" --arg dotconfig "$DOTCONFIG" --arg arch "$arch" \
	'{type: "build", given: {report: $report, dotconfig: $dotconfig, config_name: $name, arch: $arch},
	  seed: 0, toolchain: $tc, w: $w, variant: "plain", compiler: $compiler, tree: $tree,
	  config_sha256: $sha, config: $config, fragment_lines: []}'
  cat "$tmp/records"; } | zstd -q -c > "$STATE/given.jsonl.zst.tmp" && mv "$STATE/given.jsonl.zst.tmp" "$STATE/given.jsonl.zst" ||
	fail_with 3 "cannot write $STATE/given.jsonl.zst"
jq -c --argjson n "${N:-0}" 'select($n == 0 or .n == $n)' "$tmp/records" | sed "s|^|$STATE/given.jsonl.zst\t|" > "$tmp/found"
mv "$tmp/found" "$STATE/found" || fail_with 3 "cannot write $STATE/found"

# --- what was read --------------------------------------------------------------
if [ -n "$REPORT" ]; then
	say REPORT "$REPORT: $n warning$([ "$n" = 1 ] || echo s) ($(jq -s 'map(select(.new)) | length' "$tmp/records") new, >>)${compiler:+; compiler $compiler}${config_name:+; config $config_name}${report_w:+; W=$report_w}"
	jq -r --argjson n "${N:-0}" '"  " + (if $n == .n then "->" else "  " end) + ("   \(.n)" | .[-4:]) + " " + (if .new then ">>" else "  " end)
		+ " \(.path):\(.line):\(.col // 0) [\(.flag)] \(.message)" | .[0:150]' "$tmp/records"
fi
[ ! -s "$tmp/nosite" ] || say NOTE "$(wc -l < "$tmp/nosite") of its lines name no source line, so no object to rebuild: $(sort "$tmp/nosite" | uniq -c | sort -rn | head -n1 | sed 's/^ *[0-9]* //' | cut -c1-80)$([ "$(sort -u "$tmp/nosite" | wc -l)" = 1 ] || echo " ...")"
say CONFIG "$DOTCONFIG: $(grep -c '^CONFIG_' "$tmp/config") symbols set${arch:+, a Linux/$arch config}${cc_text:+, made with $cc_text}"
[ -z "$arch" ] || [ "$arch" = arm ] ||
	say NOTE "a Linux/$arch config: kwarn builds 32-bit ARM; make olddefconfig makes an arm config of it, and changes many lines"
exit 0
