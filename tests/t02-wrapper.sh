#!/bin/bash
# kwarn-cc: diagnostics land next to the object, whole; others pass through.
. "$(dirname "$0")/lib.sh"
plan 7
cc=$TOP/.build/san/kwarn-cc
d=$TESTDIR/wrapper
rm -rf "$d" && mkdir -p "$d/sub"
printf 'int f(void) { int x; return x; }\n' > "$d/warn.c"
printf 'int g(void) { return 0; }\n' > "$d/clean.c"
printf 'int h(void) { return y; }\n' > "$d/error.c"

ok "a warning goes to sub/.warn.o.kwarn, not to stderr" bash -c "
	$cc gcc -Wall -O2 -c -o $d/sub/warn.o $d/warn.c 2> $d/stderr &&
	test -f $d/sub/warn.o && grep -q 'Wuninitialized' $d/sub/.warn.o.kwarn &&
	test ! -s $d/stderr"
ok "a clean recompile removes the old diagnostics" bash -c "
	cp $d/clean.c $d/warn.c && $cc gcc -Wall -O2 -c -o $d/sub/warn.o $d/warn.c &&
	test ! -e $d/sub/.warn.o.kwarn && ! ls $d/sub/.warn.o.kwarn.* 2>/dev/null"
ok "a failing compile keeps its exit status and shows its errors" bash -c "
	! $cc gcc -c -o $d/error.o $d/error.c 2> $d/stderr &&
	grep -q \"'y' undeclared\" $d/stderr && grep -q \"'y' undeclared\" $d/.error.o.kwarn"
ok "KWARN_ECHO=1 also copies diagnostics to stderr" bash -c "
	printf 'int f(void) { int x; return x; }\n' > $d/warn.c &&
	KWARN_ECHO=1 $cc gcc -Wall -O2 -c -o $d/warn.o $d/warn.c 2> $d/stderr &&
	grep -q Wuninitialized $d/stderr"
ok "-E, --version and probes into /dev/null run untouched" bash -c "
	$cc gcc -E -P $d/clean.c | grep -q 'int g' &&
	$cc gcc --version | grep -q gcc &&
	$cc gcc -Werror -Wall -O2 -c -o /dev/null $d/warn.c 2>&1 | grep -q Werror=uninitialized &&
	test ! -e /dev/.null.kwarn"
ok "a missing compiler is an error naming it" bash -c "
	! $cc no-such-cc -c -o $d/x.o $d/clean.c 2> $d/stderr; grep -q 'no-such-cc' $d/.x.o.kwarn $d/stderr"
ok "--capture FILE keeps another step's stderr (kernel-doc) in FILE" bash -c "
	$cc --capture $d/.doc.log sh -c 'echo doc-warning >&2' && grep -qx doc-warning $d/.doc.log &&
	$cc --capture $d/.doc.log true && test ! -e $d/.doc.log"
