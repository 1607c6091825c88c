#!/bin/bash
# The corpus layout: every corpus file's path names its tree, probability
# and fragment (RUN).
. "$(dirname "$0")/lib.sh"
plan 5
need corpus "$TEST_TC" 123

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

# The tree's stamp is beside the tree in O/src, not in the tree
stamp=$(print TREE_STAMP)
ok "the tree's stamp is in O/src, beside the tree" bash -c "
	test -e '$stamp' && test '$(dirname "$stamp")' = '$O/src' && ! ls -A '$O/src/$TEST_TREE' | grep -q '^.kwarn-tree'"
