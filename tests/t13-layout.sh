#!/bin/bash
# The corpus layout: every corpus file's path names its tree, probability
# and fragment (RUN), and make migrate moves corpora and O= directories
# of the layout before RUN (CORPUS/seed-N/, O/seed-N-pP-CONFIG/) to theirs.
. "$(dirname "$0")/lib.sh"
plan 18
need corpus "$TEST_TC" 123
need corpus clang-14 123

print() { make -C "$TOP" -s -f GNUmakefile -f mk/print.mk "kwarn-print-$1" O="$O" "${@:2}"; }
ok "the test seed's corpus is at CORPUS/linux-source-6.1/p0-small/seed-1/" \
	test -f "$TESTDIR/corpus/linux-source-6.1/p0-small/seed-1/$TEST_TC-W123.jsonl.zst"
ok "P=2 and P=10 of one seed have a corpus path each" bash -c "
	$(declare -f print); TOP=$TOP O=$O
	test \"\$(print CORPUS_FILE SEED=5 P=2 CORPUS=/c)\" = /c/linux-source-6.1/p2/seed-5/gcc-12-W123.jsonl.zst &&
	test \"\$(print CORPUS_FILE SEED=5 P=10 CORPUS=/c)\" = /c/linux-source-6.1/p10/seed-5/gcc-12-W123.jsonl.zst"
mkdir -p "$TESTDIR/layout-tree/arch/arm"
touch "$TESTDIR/layout-tree/Makefile" "$TESTDIR/layout-tree/Kconfig" "$TESTDIR/layout-tree/arch/arm/Kconfig"
ok "a KSRC= tree's builds and corpora are apart from Debian's, named by its path" bash -c "
	$(declare -f print); TOP=$TOP O=$O
	test \"\$(print SEEDDIR SEED=5 KSRC=$TESTDIR/layout-tree)\" = '$O/ksrc${TESTDIR//\//^}^layout-tree/p2/seed-5' &&
	test \"\$(print SEEDDIR SEED=5)\" = '$O/linux-source-6.1/p2/seed-5'"

# an old-layout corpus and O=, made from the test seed's files
old=$TESTDIR/migrate
rm -rf "$old"
mkdir -p "$old/corpus/seed-1" "$old/o/seed-1-p0-small/config" "$old/o/seed-3-p2/config"
# (the corpora this test made sure of: others in CDIR may be an older
# run's, of another pin, made again only by the tests that need them)
for w in "$TEST_TC-W123" clang-14-W123; do cp -p "$CDIR/$w".* "$old/corpus/seed-1/"; done
ln -s "$O/src/linux-source-6.1" "$old/o/seed-1-p0-small/config/source"
echo config > "$old/o/seed-1-p0-small/seed.config"
ln -s /home/me/linux "$old/o/seed-3-p2/config/source"
(cd "$old/corpus" && find . -type f | sort | xargs sha256sum) > "$TESTDIR/migrate.sum"
ok "make top says corpora of the old layout are there and not read" bash -c "
	make -C $TOP -s top $TEST_RUN_VARS CORPUS=$old/corpus 2>&1 >/dev/null |
	grep -q 'make migrate moves them'"

# a conflict first: the same path already there with other bytes
mkdir -p "$old/corpus/$TEST_RUN/seed-1"
cp "$CDIR/clang-14-W123.jsonl.zst" "$old/corpus/$TEST_RUN/seed-1/$TEST_TC-W123.jsonl.zst"
ok "a file already at the new path with other bytes stops make migrate, naming both; nothing moves" bash -c "
	! make -C $TOP -s migrate CORPUS=$old/corpus O=$old/o > $TESTDIR/migrate.out 2>&1 &&
	grep -qF 'kwarn: migrate: $old/corpus/seed-1/$TEST_TC-W123.jsonl.zst: $old/corpus/$TEST_RUN/seed-1/$TEST_TC-W123.jsonl.zst is already there and differs' $TESTDIR/migrate.out &&
	cd $old/corpus && sha256sum -c --quiet $TESTDIR/migrate.sum && test -d $old/o/seed-1-p0-small"
rm -rf "${old:?}/corpus/$TEST_RUN"
ok "make migrate moves every file to its RUN, read from its build record" bash -c "
	make -C $TOP -s migrate CORPUS=$old/corpus O=$old/o > $TESTDIR/migrate.out 2>&1 &&
	test ! -e $old/corpus/seed-1 &&
	cd $old/corpus/$TEST_RUN && sha256sum -c --quiet $TESTDIR/migrate.sum &&
	test \$(ls | wc -l) = 1 && test \$(ls seed-1 | wc -l) = \$(wc -l < $TESTDIR/migrate.sum)"
ok "  and the seed directory in O= to its tree's RUN (config/source), the config with it" bash -c "
	test \"\$(cat $old/o/$TEST_RUN/seed-1/seed.config)\" = config && test ! -e $old/o/seed-1-p0-small"
ok "  a seed directory of another tree goes to that tree's RUN" \
	test -d "$old/o/ksrc^home^me^linux/p2/seed-3"
ok "  make top reads the moved corpus as the one it was" bash -c "
	make -C $TOP -s top $TEST_RUN_VARS CORPUS=$old/corpus > $TESTDIR/migrate-top.out 2>&1 &&
	make -C $TOP -s top $TEST_RUN_VARS CORPUS=$TESTDIR/corpus | cmp - $TESTDIR/migrate-top.out"
ok "  a second make migrate finds nothing to move" bash -c "
	make -C $TOP -s migrate CORPUS=$old/corpus O=$old/o | grep -q '^  MIGRATE  0 files'"

# a corpus of a KSRC= tree: its path is not in the record; KSRC= says it
mkdir -p "$old/user/seed-1"
zstd -dcq "$CDIR/$TEST_TC-W123.jsonl.zst" | jq -c 'if .type == "build" then .tree = "user-v6.1-rc1" else . end' |
	zstd -q -o "$old/user/seed-1/$TEST_TC-W123.jsonl.zst"
ok "a corpus of a KSRC= tree is not guessed: make migrate asks for KSRC=" bash -c "
	! make -C $TOP -s migrate CORPUS=$old/user O=$old/o 2> $TESTDIR/migrate.err &&
	grep -qF 'built from a KSRC= tree (user-v6.1-rc1): give that tree, make migrate KSRC=DIR' $TESTDIR/migrate.err"
ok "  with KSRC= it goes to that tree's RUN" bash -c "
	make -C $TOP -s migrate CORPUS=$old/user O=$old/o KSRC=$TESTDIR/layout-tree > /dev/null &&
	test -f '$old/user/ksrc${TESTDIR//\//^}^layout-tree/p0-small/seed-1/$TEST_TC-W123.jsonl.zst'"
# The tree's stamp is beside the tree in O/src, not in the tree; an O=
# whose stamp is still in the tree gets it moved out, keeping its time, so
# that the builds made against it stay up to date
stamp=$(print TREE_STAMP)
inside=$O/src/$TEST_TREE/.kwarn-tree-${stamp##*-}
built=$(print BUILD_STAMP $TEST_VARS TOOLCHAIN=$TEST_TC W=123)
ok "the tree's stamp is in O/src, beside the tree" bash -c "
	test -e '$stamp' && test '$(dirname "$stamp")' = '$O/src' && ! ls -A '$O/src/$TEST_TREE' | grep -q '^.kwarn-tree'"
mtime=$(stat -c %Y "$stamp")
mv "$stamp" "$inside"
ok "  a stamp in the tree is moved there by make tree, its time kept, the tree not prepared again" bash -c "
	make -C $TOP tree O=$O 2>&1 | grep -v '^  TREE ' | { ! grep -q PATCH; } &&
	test ! -e '$inside' && test \$(stat -c %Y '$stamp') = $mtime"
ok "  and the test build is still up to date: make builds nothing" bash -c "
	make -C $TOP '$built' O=$O $TEST_VARS TOOLCHAIN=$TEST_TC W=123 > $TESTDIR/stamp.out 2>&1 &&
	! grep '^  BUILD ' $TESTDIR/stamp.out"
ustamp=$(print TREE_STAMP KSRC="$TESTDIR/layout-tree")
uold=$O/src/.user-tree${TESTDIR//\//^}^layout-tree
rm -f "$ustamp" && touch -d 2020-01-01 "$uold"
ok "a KSRC= tree's stamp of its old name (.user-tree) is renamed, its time kept" bash -c "
	test '$ustamp' = '$O/src/.kwarn-tree-ksrc${TESTDIR//\//^}^layout-tree' &&
	make -C $TOP -s tree KSRC=$TESTDIR/layout-tree O=$O && test ! -e '$uold' &&
	test \$(stat -c %Y '$ustamp') = $(date -d 2020-01-01 +%s)"
