#!/bin/bash
# A fresh machine's first make corpus: two runs, each in an O= of its own
# and each with two toolchains whose packages are missing, at once, while
# another program (apt's daily job, say) holds the dpkg lock. Stand-ins
# for dpkg-query and apt-get in PATH say gcc-12's and clang-14's packages
# are missing until apt-get installs them (the real ones are installed:
# the builds go on). Every install takes kwarn's machine-wide lock, waits
# for the dpkg lock with one line saying so, and none overlaps another;
# both runs go on to build both toolchains (then they are stopped).
. "$(dirname "$0")/lib.sh"
plan 7
need tree
t=$TESTDIR/t17
rm -rf "$t"
mkdir -p "$t/bin"
missing="gcc-12-arm-linux-gnueabi lld-14 clang-tools-14"
cat > "$t/bin/dpkg-query" <<EOF
#!/bin/bash
for a; do case " $missing " in *" \$a "*) [ -e $t/installed-\$a ] || exit 1 ;; esac; done
exec /usr/bin/dpkg-query "\$@"
EOF
# apt-get: refuses as apt does while the dpkg lock (an flock here) is
# held; an install holds it for a second and logs when it ran
cat > "$t/bin/apt-get" <<EOF
#!/bin/bash
exec 8>> $t/dpkg.lock
flock -n 8 || { echo "E: Could not get lock $t/dpkg.lock. It is held by process 1 (unattended-upgr)" >&2; exit 100; }
case " \$* " in *" install "*)
	echo "start \$(date +%s.%N) \$\$" >> $t/apt.log
	sleep 1
	for p; do touch $t/installed-\$p; done
	echo "end \$(date +%s.%N) \$\$" >> $t/apt.log ;;
esac
EOF
chmod +x "$t/bin/"*

# the dpkg lock held by someone else until both runs have asked for it
(exec 8>> "$t/dpkg.lock"; flock 8; touch "$t/held"
 for ((i = 0; i < 600; i++)); do
	[ "$(cat "$t"/run-*.log 2> /dev/null | grep -c '^  WAIT     .*dpkg.lock, held by process 1 (unattended-upgr)')" -ge 1 ] && break
	sleep 0.1
 done) &
holder=$!
while [ ! -e "$t/held" ]; do sleep 0.1; done
# run N: make corpus with gcc-12 and clang-14 in O=$t/oN, on the prepared
# tree (KSRC: no second unpack), until both builds have started
run() {
	(cd / && PATH=$t/bin:$PATH make -C "$TOP" corpus SEED=1 P=0 CONFIG=small KSRC="$KTREE" BOOT=0 W=1 \
		TOOLCHAINS="gcc-12 clang-14" O="$t/o$1" CORPUS="$t/o$1/corpus" JOBS=2 CCACHE=0 \
		KWARN_APT_LOCK="$t/kwarn-apt.lock" > "$t/run-$1.log" 2>&1)
}
export -f run
export t TOP KTREE
pids=()
for r in 1 2; do setsid bash -c "run $r" & pids+=($!); done
went_on() { [ "$(grep -c '^  BUILD    seed 1 \(gcc-12\|clang-14\) W=1 plain' "$t/run-$1.log" 2> /dev/null)" = 2 ]; }
for ((i = 0; i < 3000; i++)); do
	went_on 1 && went_on 2 && break
	grep -q '^make: \*\*\*' "$t"/run-*.log 2> /dev/null && break
	sleep 0.2
done
for p in "${pids[@]}"; do kill -KILL -- -"$p" 2> /dev/null || true; done
wait "$holder"
wait

ok "both runs went on to build gcc-12 and clang-14" bash -c "$(declare -f went_on); t=$t; went_on 1 && went_on 2"
ok "  the three missing packages were installed, each once" bash -c "
	test \$(grep -c '^  APT ' $t/run-1.log $t/run-2.log | awk -F: '{ n += \$2 } END { print n }') -ge 1 &&
	for p in $missing; do test -e $t/installed-\$p || exit 1; done"
ok "  no install overlapped another" bash -c "
	sort -k2,2n $t/apt.log | awk '\$1 == \"start\" { if (open) exit 1; open = 1 } \$1 == \"end\" { open = 0 }'
	test \$(grep -c ^start $t/apt.log) -ge 1"
ok "  a dpkg lock held by another program was waited for, with one line saying so" bash -c "
	grep -h '^  WAIT ' $t/run-*.log | grep -q 'dpkg.lock, held by process 1 (unattended-upgr): waiting up to 600 s (APT_LOCK_TIMEOUT)' &&
	test \$(grep -c '^  WAIT .*dpkg.lock' $t/run-1.log) -le 1 && test \$(grep -c '^  WAIT .*dpkg.lock' $t/run-2.log) -le 1"
ok "a package that cannot be installed fails in one line naming it, after waiting APT_LOCK_TIMEOUT for the lock" bash -c "
	(exec 8>> $t/dpkg.lock; flock 8; sleep 8) & h=\$!; sleep 0.5
	out=\$(PATH=$t/bin:\$PATH KWARN_APT_LOCK=$t/kwarn-apt.lock APT_LOCK_TIMEOUT=2 $TOP/mk/need-packages.sh no-such-package-kwarn 2>&1 > /dev/null); rc=\$?
	kill \$h; test \$rc = 2 && test \"\$out\" = 'kwarn: need-packages: cannot install: no-such-package-kwarn: the dpkg lock was still held after 2 s (APT_LOCK_TIMEOUT)'"
ok "APT_LOCK_TIMEOUT is checked before anything runs" bash -c "
	make -C $TOP -s deps APT_LOCK_TIMEOUT=ten O=$t/o3 2>&1 | grep -q \"APT_LOCK_TIMEOUT must be a number of seconds\" && test ! -e $t/o3"
rm -rf "$t"
