#!/bin/bash
# Same inputs, same bytes, from scratch on every run: the test seed's W=1
# corpus built in an empty O= of its own, from another directory, at -j2,
# with another TZ, LANG and PATH (a pahole in it) and stale configs where
# randconfig and the build will look, matches the golden sha256 committed
# from a -j8 build in the default O= (tests/golden; make golden). The
# W=123 corpus has its golden hash in t10.
# Its first run is a first run on a fresh machine: dpkg-query and apt-get
# in its PATH say linux-source-6.1 is not installed until make installs it
# (make reads its makefiles again after the install: the tree is unpacked
# and patched once, under the package's real version).
# The same build is interrupted on the way (SIGINT, SIGKILL) and run
# again: every rerun gives those bytes and no run leaves a half-written
# corpus file; two runs at once neither corrupt nor duplicate it. The
# SIGKILLs come at points of the build's own progress, seen by inotify
# (never a time): make prepare compiling asm-offsets.s, kernel-doc
# checking an object just compiled, the linker writing vmlinux.o, and the
# parse. The O= is removed at the end
# (it holds a second kernel tree). It is also GCC's real W=1 build of
# t20's level check.
. "$(dirname "$0")/lib.sh"
plan 29
o2=$TESTDIR/o2
s2=$o2/$TEST_RUN/seed-$TEST_SEED
b=$s2/$TEST_TC-W1
c=$o2/corpus/$TEST_RUN/seed-$TEST_SEED/$TEST_TC-W1.jsonl.zst
want=$(sed -n 's/^corpus-W1 //p' "$GOLDEN")
# seed 2, built alone by make golden: what the two-seed campaign must give
c2=$o2/corpus/$TEST_RUN/seed-2/$TEST_TC-W1.jsonl.zst
want2=$(sed -n 's/^corpus-W1-seed-2 //p' "$GOLDEN")

rm -rf "$o2"
mkdir -p "$s2/config" "$b" "$o2/bin"
for d in config "$TEST_TC-W1"; do
	cp "$TOP/mk/pin.config" "$s2/$d/.config"
	echo 'CONFIG_SMP=y' >> "$s2/$d/.config"
done
printf '#!/bin/sh\necho v1.24\n' > "$o2/bin/pahole"
cat > "$o2/bin/dpkg-query" <<EOF
#!/bin/sh
for a; do [ "\$a" != linux-source-6.1 ] || [ -e $o2/installed ] || exit 1; done
exec /usr/bin/dpkg-query "\$@"
EOF
cat > "$o2/bin/apt-get" <<EOF
#!/bin/sh
case " \$* " in *" install "*" linux-source-6.1 "*) touch $o2/installed ;; esac
EOF
chmod +x "$o2/bin/"*

# corpus [MAKEARGS...]: make corpus for the W=1 corpus in $o2, as a user
# elsewhere would run it
corpus() {
	(cd / && PATH=$o2/bin:$PATH TZ=Asia/Kolkata LANG=de_DE.UTF-8 LC_ALL= \
		make -C "$TOP" corpus BOOT=0 $TEST_VARS TOOLCHAIN=$TEST_TC W=1 O="$o2" \
		CORPUS="$o2/corpus" JOBS=2 CCACHE=0 "$@")
}
# killed SIGNAL WHEN: start make corpus in its own process group, kill the
# whole group once WHEN (a shell test) holds; then no corpus file or a
# whole one. Fails when WHEN never held (the kill came too late to count).
killed() {
	local pid i hit=
	runs=$((runs + 1))
	# (a command started with & has SIGINT ignored, and so its make: the
	# signals are set back to their defaults for it)
	setsid env --default-signal=INT,QUIT bash -c "$(declare -f corpus); o2=$o2 TOP=$TOP TEST_VARS='$TEST_VARS' TEST_TC=$TEST_TC
		corpus > $TESTDIR/t11-run-$runs.log 2>&1" &
	pid=$!
	for ((i = 0; i < 3000; i++)); do
		if eval "$2"; then hit=1; break; fi
		kill -0 "$pid" 2> /dev/null || break
		sleep 0.1
	done
	kill -s "$1" -- -"$pid" 2> /dev/null
	wait "$pid" 2> /dev/null
	sleep 1
	[ -n "$hit" ] || { echo "make corpus ended before: $2"; return 1; }
	! grep -q '^  CAMPAIGN ' "$TESTDIR/t11-run-$runs.log" || { echo "the run went on to its end: the signal did not stop it"; return 1; }
	[ ! -e "$c" ] || zstd -tq "$c"
}
same() {	# a rerun to completion gives the golden bytes, no staged leftovers
	runs=$((runs + 1))
	corpus > "$TESTDIR/t11-run-$runs.log" 2>&1 &&
	test "$(sha256sum < "$c" | cut -c1-64)" = "$want" &&
	! ls -A "$(dirname "$c")" | grep -q '\.tmp$'
}
runs=0
rm -f "$TESTDIR"/t11-run-*.log
# building DIR: the build has compiled three objects in DIR
building() { [ "$(find "$b/$1" -name '*.o' 2> /dev/null | wc -l)" -ge 3 ]; }
parsing='pgrep -f "mk/corpus.sh $b\$" > /dev/null'

ok "INT during the first build from an empty O= left no partial corpus" killed INT "building kernel"
# the rerun is a campaign of two seeds: seed 1's build goes on beside
# seed 2's, both taking their jobs from one jobserver of two
campaign2() {
	runs=$((runs + 1))
	corpus SEEDS="1 2" > "$TESTDIR/t11-run-$runs.log" 2>&1 &&
	test "$(sha256sum < "$c" | cut -c1-64)" = "$want" &&
	! ls -A "$(dirname "$c")" "$(dirname "$c2")" | grep -q '\.tmp$'
}
ok "the build went on from there, in a two-seed campaign at JOBS=2: the W=1 corpus (O=, cwd, -j2, TZ, LANG, PATH differ) matches the golden sha256 (-j8, alone)" campaign2
ok "  seed 2, built at the same time in the same jobserver, matches its golden sha256 (built alone)" \
	test "$(sha256sum < "$c2" | cut -c1-64)" = "$want2"
ok "  the two builds ran at once, each in the shared jobserver, with a progress line each" bash -c "
	log=$TESTDIR/t11-run-$((runs)).log
	grep -q '^  BUILD    seed 1 $TEST_TC W=1 plain jobs shared' \$log &&
	grep -q '^  BUILD    seed 2 $TEST_TC W=1 plain jobs shared' \$log &&
	test \$(grep -c '^  DONE     seed [12] $TEST_TC W=1: ok, [0-9]* s ([0-9]* s CPU, load [0-9.]*); [12]/2 done, 0 failed' \$log) = 2 &&
	grep -q '^  CAMPAIGN 2 builds and 0 boots of 2: 2 ok, 0 failed' \$log &&
	test \$(grep -c '^  CC ' $o2/$TEST_RUN/seed-2/$TEST_TC-W1/make.log) -gt 100"
# seed 2's whole build ran in this campaign: its CPU seconds are its
# compilers', not those of the step's shell (the campaign's log line)
ok "  its log says the CPU seconds of seed 2's build, its compilers' included (more than 10 s)" \
	awk -F '\t' '$1 == "build" && $2 == 2 { n++; ok = $6 > 10 } END { exit !(n == 1 && ok) }' "$o2/campaign/$TEST_RUN/last.log"
ok "the first run installed linux-source-6.1, then unpacked and patched the tree once" bash -c "
	grep -q '^  APT .*linux-source-6.1' $TESTDIR/t11-run-1.log &&
	test \$(cat $TESTDIR/t11-run-*.log | grep -c '^  TREE ') = 1"
need config
ok "its config is the shared build's, byte for byte" cmp "$SEEDDIR/seed.config" "$s2/seed.config"
# W levels (as t20 for the rest): this real W=1 build against the shared
# W=123 build's attribution
need corpus "$TEST_TC" 123
levels_equal "$TEST_TC" 1 "$CDIR/$TEST_TC-W123.jsonl.zst" "$c"

# killed_on SIGNAL DIR REGEX: start make corpus in its own process group
# and kill the whole group as soon as a file whose path matches REGEX is
# created in DIR (inotify: the build's own progress, whatever the
# machine's speed); then no corpus file or a whole one. Fails when no such
# file was created (the build did not go where the test meant).
killed_on() {
	local pid f hit=
	runs=$((runs + 1))
	coproc INW { exec inotifywait -m -e create --format '%w%f' "$2" 2>&1; }
	read -r -u "${INW[0]}" f	# Setting up watches.
	read -r -u "${INW[0]}" f	# Watches established.
	setsid env --default-signal=INT,QUIT bash -c "$(declare -f corpus); o2=$o2 TOP=$TOP TEST_VARS='$TEST_VARS' TEST_TC=$TEST_TC
		corpus > $TESTDIR/t11-run-$runs.log 2>&1" &
	pid=$!
	while kill -0 "$pid" 2> /dev/null; do
		read -r -t 1 -u "${INW[0]}" f || continue
		if [[ $f =~ $3 ]]; then
			kill -s "$1" -- -"$pid" 2> /dev/null
			hit=$f
			break
		fi
	done
	kill "$INW_PID"
	wait "$pid" 2> /dev/null
	sleep 1
	[ -n "$hit" ] || { echo "make corpus ended and no file matched $3 in $2"; return 1; }
	echo "killed when $hit was created; left: $(stat -c '%s bytes' "$hit" 2> /dev/null || echo nothing)" > "$TESTDIR/t11-kill.txt"
	! grep -q '^  CAMPAIGN ' "$TESTDIR/t11-run-$runs.log" || { echo "the run went on to its end: the signal did not stop it"; return 1; }
	[ ! -e "$c" ] || zstd -tq "$c"
}
again() {	# again WHAT: the rerun made the killed build whole: the same bytes
	sed 's/^/# /' "$TESTDIR/t11-kill.txt"
	ok "after KILL $1, a rerun gives the same bytes" same
	ok "  it said what it removed" grep -q "^  REPAIR   $TEST_TC-W1: the last build did not end; unfinished targets removed: [1-9][0-9]*$" \
		"$TESTDIR/t11-run-$runs.log"
	grep -h '^  REPAIR ' "$TESTDIR/t11-run-$runs.log" | sed 's/^/# /'
}

# make prepare: asm-offsets.s made again (its header keeps its bytes and
# so its time: nothing else is rebuilt)
rm -f "$b/arch/arm/kernel/asm-offsets.s" "$b/.kwarn-built" "$c"
ok "KILL during make prepare (compiling asm-offsets.s) left no partial corpus" \
	killed_on KILL "$b/arch/arm/kernel" '/asm-offsets\.s$'
again "during make prepare"
# a compile's rule: kernel/time's 16 objects again, killed when kernel-doc
# starts on timekeeping.o, compiled and its .cmd file written: Kbuild
# alone would take the object as made and never check it again, and its
# kernel-doc warnings would be missing from the corpus
find "$b/kernel/time" \( -name '*.o' -o -name '.*.kernel-doc.log' \) -delete
rm -f "$b/.kwarn-built" "$c"
ok "KILL in a compile's rule (kernel-doc on kernel/time/timekeeping.o, compiled) left no partial corpus" \
	killed_on KILL "$b/kernel/time" '/\.timekeeping\.o\.kernel-doc\.log\.[0-9]+\.tmp$'
again "in a compile's rule"
# the link: one object again, killed when the linker creates vmlinux.o
rm -f "$b/kernel/time/timer.o" "$b/.kwarn-built" "$c"
ok "KILL during the link (the linker writing vmlinux.o) left no partial corpus" \
	killed_on KILL "$b" '/vmlinux\.o$'
again "during the link"
for sig in INT KILL; do
	rm -f "$c"
	ok "$sig during the parse and corpus write left no partial corpus" killed $sig "$parsing"
	ok "after $sig during the parse, a rerun gives the same bytes" same
done

# two runs for the same seed at once
rm -f "$c" "$b/.kwarn-built"
corpus -s JOBS=1 > "$TESTDIR/concurrent-1.log" 2>&1 &
corpus -s JOBS=1 > "$TESTDIR/concurrent-2.log" 2>&1 &
wait
ok "two concurrent runs for the same seed: the same bytes, no leftovers" bash -c "
	test \"\$(sha256sum < $c | cut -c1-64)\" = '$want' && ! ls -A $(dirname "$c") | grep -q '\.tmp\$' &&
	test \$(ls $(dirname "$c") | grep -c '^$TEST_TC-W1.jsonl.zst') = 1"
ok "no later run prepared the tree again" test "$(cat "$TESTDIR"/t11-run-*.log | grep -c '^  TREE ')" = 1

# Builds that run past BUILD_TIMEOUT, on any machine: a cross prefix
# whose compiler never ends init/main.c, for both seeds: recorded as
# "timeout", without a stamp; the campaign goes on and exits 0
slow=$o2/slow/arm-linux-gnueabi-
mkdir -p "$o2/slow"
for t in /usr/bin/arm-linux-gnueabi-*; do ln -sf "$t" "$o2/slow/$(basename "${t%-12}")"; done
rm -f "${slow}gcc"
printf '#!/bin/sh\ncase " $* " in *" init/main.c "*) exec sleep 3600 ;; esac\nexec arm-linux-gnueabi-gcc-12 "$@"\n' > "${slow}gcc"
chmod +x "${slow}gcc"
slowname=gcc-$(arm-linux-gnueabi-gcc-12 -dumpfullversion)
ct=$o2/corpus/$TEST_RUN/seed-1/$slowname-W1.jsonl.zst
ok "a build past BUILD_TIMEOUT is recorded as timeout and the campaign goes on" bash -c "
	$(declare -f corpus); o2=$o2 TOP=$TOP TEST_VARS='$TEST_VARS' TEST_TC=$TEST_TC
	corpus SEEDS='1 2' TOOLCHAIN=$slow BUILD_TIMEOUT=5 > $TESTDIR/t11-timeout.log 2>&1 &&
	zstd -dcq $ct | head -n1 | jq -e '.status == \"timeout\" and .make_exit == 124' > /dev/null &&
	grep -q '^  DONE     seed 1 $slow W=1: timeout' $TESTDIR/t11-timeout.log &&
	grep -q '^  CAMPAIGN 2 builds and 0 boots of 2: 0 ok, 0 failed, 2 timeout, 0 error' $TESTDIR/t11-timeout.log &&
	test ! -e $o2/$TEST_RUN/seed-1/$slowname-W1/.kwarn-built"
pkill -f "^sleep 3600$" || true
rm -rf "$o2/$TEST_RUN"/seed-[12]/"$slowname"-W1* "$o2/corpus/$TEST_RUN"/seed-[12]/"$slowname"-W1.* "$o2/slow"

# KEEP_BUILDS=0: each build directory emptied once its corpus is written,
# stamps kept: a rerun builds and parses nothing
ok "KEEP_BUILDS=0 empties the build directories, keeping their stamps" bash -c "
	$(declare -f corpus); o2=$o2 TOP=$TOP TEST_VARS='$TEST_VARS' TEST_TC=$TEST_TC
	corpus SEEDS='1 2' KEEP_BUILDS=0 > $TESTDIR/t11-keep.log 2>&1 &&
	for s in 1 2; do d=$o2/$TEST_RUN/seed-\$s/$TEST_TC-W1
		test \"\$(ls -A \$d | sort | tr '\\n' ' ')\" = '.kwarn-built .kwarn-emptied ' || exit 1; done"
ok "  a rerun builds and parses nothing, the corpora are the same bytes" bash -c "
	$(declare -f corpus); o2=$o2 TOP=$TOP TEST_VARS='$TEST_VARS' TEST_TC=$TEST_TC
	corpus SEEDS='1 2' > $TESTDIR/t11-keep2.log 2>&1 &&
	! grep -q '^  \(BUILD\|PARSE\) ' $TESTDIR/t11-keep2.log &&
	test \"\$(sha256sum < $c | cut -c1-64) \$(sha256sum < $c2 | cut -c1-64)\" = '$want $want2'"
# logged STEP RESULT BUILDDIR: O='s step log has that line
logged() { awk -F '\t' -v s="$1" -v r="$2" -v d="$3" '$2 == s && $4 == r && $5 == d { f = 1 } END { exit !f }' "$o2/steps.log"; }
ok "each build and parse is a line of O=/steps.log: time, step, seconds, result, build directory, CPU seconds, load" bash -c "
	$(declare -f logged); o2=$o2
	awk -F '\t' 'NF != 7 || \$1 !~ /^20[0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9:]+Z\$/ || \$3 !~ /^[0-9]+\$/ ||
		\$6 !~ /^[0-9]+\.[0-9]\$/ || \$7 !~ /^[0-9]+\.[0-9][0-9]\$/ { bad = 1 } END { exit bad }' $o2/steps.log &&
	logged build timeout $o2/$TEST_RUN/seed-1/$slowname-W1 && logged build timeout $o2/$TEST_RUN/seed-2/$slowname-W1 &&
	for s in 1 2; do for st in build parse; do logged \$st ok $o2/$TEST_RUN/seed-\$s/$TEST_TC-W1 || exit 1; done; done"
rm -rf "$o2"
