#!/bin/bash
# W levels, proved: the records one W=123 build attributes to W=1 and W=12
# equal those of real W=1 and W=12 builds, for one GCC and one Clang.
# Differences are allowed only where tests/levels-exceptions lists them,
# each with its reason. GCC's real W=12 build is the prefix toolchain's
# (tests/setup.sh: the same gcc-12, named by its prefix); its real W=1
# build is t11's, built from scratch there, and compared there.
. "$(dirname "$0")/lib.sh"
plan 14
need corpus gcc-12 123
need prefix
need corpus clang-14 123 1 12
cdir=$CDIR
levels_equal clang-14 1 "$cdir/clang-14-W123.jsonl.zst" "$cdir/clang-14-W1.jsonl.zst"
levels_equal clang-14 12 "$cdir/clang-14-W123.jsonl.zst" "$cdir/clang-14-W12.jsonl.zst"
levels_equal gcc-12 12 "$cdir/gcc-12-W123.jsonl.zst" "$PREFIX_CORPUS"

c=$cdir/gcc-12-W123.jsonl.zst
for f in "-Wmissing-prototypes 1" "-Wshadow 2" "-Wmaybe-uninitialized 2"; do
	set -- $f
	ok "the test seed exercises gcc's $1 at W=$2" bash -c \
		"zstd -dcq $c | jq -e -s 'any(.[]; .flag == \"$1\" and .level == $2)'"
done
ok "the test seed exercises clang's -Wunused-function on static inlines, at W=2" bash -c \
	"zstd -dcq $cdir/clang-14-W123.jsonl.zst | jq -e -s 'any(.[]; .flag == \"-Wunused-function\" and .level == 2 and (.source | test(\"inline\")))'"
ok "the test seed exercises a clang message rule: void-pointer arithmetic (-Wpointer-arith) at W=3" bash -c \
	"zstd -dcq $cdir/clang-14-W123.jsonl.zst | jq -e -s 'any(.[]; .flag == \"-Wpointer-arith\" and .level == 3 and (.message | test(\"to void is a GNU\")))'"

# The levels come from the tree's own make, whatever its warning file is
# called: a copy of the tree with scripts/Makefile.extrawarn renamed
# Makefile.warn (as 6.19 did) and its include changed gives the same
# table (the copy is hard-linked: mv and sed -i leave the shared tree be)
lw=$TESTDIR/levels-warn
rm -rf "$lw" && mkdir -p "$lw/orig" "$lw/warn"
cp -al "$KTREE" "$lw/tree"
mv "$lw/tree/scripts/Makefile.extrawarn" "$lw/tree/scripts/Makefile.warn"
sed -i 's|scripts/Makefile\.extrawarn|scripts/Makefile.warn|' "$lw/tree/Makefile"
levels() {	# levels TREE DIR: the gcc-12 levels table of the test seed's config in TREE
	local km=(env -u MAKEFLAGS make -C "$2" ARCH=arm CROSS_COMPILE=arm-linux-gnueabi- CC=arm-linux-gnueabi-gcc-12)
	cp "$SEEDDIR/seed.config" "$2/.config" &&
	env -u MAKEFLAGS make -s -C "$1" O="$2" ARCH=arm CROSS_COMPILE=arm-linux-gnueabi- CC=arm-linux-gnueabi-gcc-12 olddefconfig &&
	"$TOP/mk/levels.sh" gcc arm-linux-gnueabi-gcc-12 "${km[@]}" > "$2.levels"
}
ok "a tree whose warning file is scripts/Makefile.warn: the same levels table as with Makefile.extrawarn" bash -c "
	$(declare -f levels); SEEDDIR=$SEEDDIR TOP=$TOP
	grep -q 'scripts/Makefile.warn' $lw/tree/Makefile && ! grep -q extrawarn $lw/tree/Makefile &&
	levels $KTREE $lw/orig && levels $lw/tree $lw/warn &&
	test \$(grep -c 'from W=1' $lw/orig.levels) -gt 10 && cmp $lw/orig.levels $lw/warn.levels"
rm -rf "$lw"
