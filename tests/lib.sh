# lib.sh - sourced by tests: TAP output and the shared test configuration.
#
#   plan N               the file runs N tests: tap_plan prints "1..N" at exit
#                        (tests/run.sh fails a file that ran another number)
#   tap_result STATUS WHAT  "ok N - WHAT" for STATUS 0, else "not ok N - WHAT"
#   ok WHAT CMD...       run CMD, its result WHAT
#   expect_eq WHAT A B   compare two files, show the diff on failure
#   need WHAT...         what the test builds on (tests/setup.sh)
#   levels_equal TC W W123 REAL
#                        the records the W=123 corpus W123 attributes to
#                        W (1 or 12) equal those of REAL, a real W build's
#   records_equal WHAT CORPUS RECORDS OBJ [W]
#                        the records in RECORDS (JSON Lines: make repro's,
#                        make newwarn's) that object OBJ printed equal the
#                        corpus file CORPUS's for OBJ, levels included
#                        (with W: those of level 0 and W's levels: a W=W
#                        build's; W empty: level 0 alone), and
#                        their keys are the corpus's but for headers'
set -u
export LC_ALL=C
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
n=0
# The shared test configuration: the small test kernel, seed 1 at P=0 with
# tests/small.config (make corpus SEED=1 P=0 CONFIG=small reproduces it);
# make check-full sets TEST_P=2 TEST_CONFIG= for the full-size seed 1.
TEST_SEED=1 TEST_TC=gcc-12
# the packaged tree of the tests (KVER; t41 builds 6.12's on its own)
: "${TEST_KVER=6.1}"
TEST_TREE=linux-source-$TEST_KVER
: "${TEST_P=0}" "${TEST_CONFIG=small}"
TEST_VARS="SEED=$TEST_SEED P=$TEST_P CONFIG=$TEST_CONFIG"
# the run's settings alone: queries over every seed of the tests' run
TEST_RUN_VARS="P=$TEST_P CONFIG=$TEST_CONFIG"
# the default tree goes without KVER= (a test's KSRC= is a tree of its own)
if [ "$TEST_KVER" != 6.1 ]; then
	TEST_VARS="$TEST_VARS KVER=$TEST_KVER" TEST_RUN_VARS="$TEST_RUN_VARS KVER=$TEST_KVER"
fi
: "${O:=${XDG_CACHE_HOME:-$HOME/.cache}/kwarn}"
: "${TESTDIR:=$O/check}"
# named as mk/config.mk names the run's and the seed's directories in O=
# and CORPUS; CDIR: the test seed's corpus directory of the tests' CORPUS
TEST_RUN=$TEST_TREE/p$TEST_P${TEST_CONFIG:+-$TEST_CONFIG}
SEEDDIR=$O/$TEST_RUN/seed-$TEST_SEED
# the same as one file name, for scratch directories (mk/lib.sh seed_name)
seedname=${TEST_RUN//\//^}^seed-$TEST_SEED
CDIR=$TESTDIR/corpus/$TEST_RUN/seed-$TEST_SEED
# goldens are keyed by the tree's package version (mk/check.mk)
GOLDEN=$TOP/tests/golden/${TEST_TREE}_$(dpkg-query -W -f '${Version}' "$TEST_TREE" 2> /dev/null)/seed-$TEST_SEED-p$TEST_P${TEST_CONFIG:+-$TEST_CONFIG}-$TEST_TC-W123
export TOP O TESTDIR TEST_KVER TEST_TREE TEST_SEED TEST_P TEST_CONFIG TEST_VARS TEST_RUN_VARS TEST_TC TEST_RUN SEEDDIR CDIR
# The test builds never go through ccache: t90 installs it, and a compiler
# command with ccache in it would make Kbuild rebuild every cached test
# build. t90 proves ccache on its own.
CCACHE=0
export O TESTDIR CCACHE
mkdir -p "$TESTDIR"

plan() { planned=$1; }
tap_plan() { echo "1..${planned-none}"; }
trap tap_plan EXIT
tap_result() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; return "$1"; }

ok() { "${@:2}" > "$TESTDIR/last.out" 2>&1; tap_result $? "$1" || sed 's/^/#   /' "$TESTDIR/last.out" | tail -n 20; }
expect_eq() { diff -u "$2" "$3" > "$TESTDIR/last.diff"; tap_result $? "$1" || sed 's/^/#   /' "$TESTDIR/last.diff" | head -n 40; }

levels_equal() {
	local tc=$1 w=$2 t=$TESTDIR/levels-$1-$2 allowed rec f
	local fields='select(.type == "diag" and .kind == "warning")
		| [.tool, .flag, .path, .line, .col, .message, .count] | @json'
	zstd -dcq "$3" | jq -r --argjson max ${#w} "select((.level // 9) <= \$max) | $fields" |
		sort > "$t.attr"
	zstd -dcq "$4" | jq -r "$fields" | sort > "$t.real"
	comm -3 "$t.attr" "$t.real" > "$t.diff" || true
	# differences allowed only for the flags tests/levels-exceptions lists
	# (TC, W, flag, why: tab-separated)
	allowed=$(awk -F '\t' -v tc="$tc" -v w="$w" '$1 == tc && $2 == w { print $3 }' \
		"$TOP/tests/levels-exceptions" 2> /dev/null)
	sed 's/^\t//' "$t.diff" | while read -r rec; do
		f=$(jq -r '.[1]' <<< "$rec")
		grep -qxF -- "$f" <<< "$allowed" || echo "$rec"
	done > "$t.unexplained"
	[ -s "$t.attr" ] && [ ! -s "$t.unexplained" ]
	tap_result $? "$tc: W=123 records attributed to W=$w equal the real W=$w build's ($(wc -l < "$t.attr") sites, $(wc -l < "$t.diff") listed exceptions)" ||
		{ echo "#   real: $(wc -l < "$t.real"), unexplained:"; head -n 10 "$t.unexplained" | sed 's/^/#   /'; }
}

records_equal() {
	local t=$TESTDIR/records-$((n + 1)) w=${5-123}
	local site='[.tool, .path, .line, .col, .flag, .message]'
	local fields="[.tool, .flag, .level, .path, .line, .col, .message] | @json"
	# sparse is a checker the corpora here are made without
	jq -r --arg o "$4" "select(.tool != \"sparse\" and any(.objects[]?; . == \$o)) | $fields" "$3" |
		sort > "$t.got"
	jq -c --arg o "$4" "select(.tool != \"sparse\" and any(.objects[]?; . == \$o)) | $site" "$3" > "$t.sites"
	# a corpus record lists the first 16 of its objects: OBJ's records are
	# those that list it, and those of the sites OBJ printed
	zstd -dcq "$2" | jq -r --arg o "$4" --arg w "$w" --slurpfile s "$t.sites" "
		(reduce \$s[] as \$x ({}; .[\$x | tojson] = true)) as \$sites
		| select(.type == \"diag\" and ((.level // 0) as \$l | \$l == 0 or (\$w | contains(\$l | tostring))) and
			(any(.objects[]?; . == \$o) or \$sites[$site | tojson])) | $fields" | sort > "$t.want"
	# the keys too, but for a header's sites: a key's ordinal counts the
	# sites of its message in the whole build, of which OBJ prints some
	local keyed='[.key, .path, ([.tool, .line, .col, .flag, .message] | tojson)] | @tsv'
	jq -r --arg o "$4" "select(any(.objects[]?; . == \$o)) | $keyed" "$3" | sort > "$t.keys"
	zstd -dcq "$2" | jq -r "select(.type == \"diag\") | $keyed" | sort | comm -23 "$t.keys" - > "$t.newkeys"
	grep -v -P '\t(arch/[^/]*/)?include/' "$t.newkeys" > "$t.badkeys" || true
	[ -s "$t.want" ] && diff -u "$t.want" "$t.got" > "$t.diff" && [ ! -s "$t.badkeys" ]
	tap_result $? "$1 ($(wc -l < "$t.got") records of $4, $(wc -l < "$t.newkeys") keys of headers not the corpus's)" || {
		echo "#   corpus: $(wc -l < "$t.want"), keys of .c files not the corpus's: $(wc -l < "$t.badkeys")"
		head -n 20 "$t.diff" "$t.badkeys" | sed 's/^/#   /'; }
}

# fixture_args DIR: fixture DIR's kwarn-parse options, @O@ the O= its files
# were captured in, as their paths print it (no fixture reads the tree)
FIXTURE_O=/root/.cache/kwarn
fixture_args() { sed "s|@O@|$FIXTURE_O|g" "$1/args"; }
# make in the checkout for the shared test configuration
tmake() {
	# shellcheck disable=SC2086
	make -C "$TOP" $TEST_VARS TOOLCHAIN=$TEST_TC O="$O" BOOT=0 \
		CORPUS="$TESTDIR/corpus" "$@"
}
export -f tmake
. "$TOP/tests/setup.sh"
