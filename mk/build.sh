#!/bin/bash
# build.sh - configure and build one kernel, keeping going on errors.
#
# Usage: build.sh BUILDDIR   (the build its descriptor says: mk/desc.sh)
# The one way kwarn builds a kernel: make corpus (the whole kernel), make
# repro and make why (one object, from the corpus's config), make newwarn
# and make series-check (the objects a diff or a patch affects) all come
# through here, so each compile's diagnostics are captured the same way
# (kwarn-cc, kernel-doc, sparse) and mk/corpus.sh reads any of them.
# Named targets (not all) are made again each time, and once more at -j1
# when make fails: Kbuild may build one of them twice at once.
# A build past its timeout (seconds, 0 none) is stopped, status 124 (the
# corpus says "timeout"). The fragment, added to the seed's config before
# olddefconfig, must hold afterwards.
# Writes BUILDDIR/make.log, BUILDDIR/status (make's exit code: a kernel
# that fails to build is a finding; a build the machine failed, a full disk
# say, exits 3 and is not recorded),
# BUILDDIR/config.diff (symbols olddefconfig changed for this toolchain)
# and BUILDDIR/seconds. Prints a progress line every 100 objects.
# With distcc_hosts (and kcc through kwarn-distcc, mk/tools/distcc.mk) the build
# runs under mk/tools/distcc-pump.sh, once each host passed its probe with the
# compiler cc: BUILDDIR/distcc-hosts says so, BUILDDIR/distcc.log holds
# what did not compile remotely.
STEP=build
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || fail "usage: build.sh BUILDDIR"
dir=$1
read_desc "$dir"
# w may be empty: a build without W= (series-check's image to boot)
need_vars config fragment jobs ksrc kcc targets kwarn_cc
# the kernel's make, in the caller's jobserver when jobs is "shared"
# shellcheck disable=SC2206 # kargs: words
kmake=(make -C "$ksrc" O="$dir" $kargs CC="$kcc")
[ "$jobs" != shared ] || kmake=(env MAKEFLAGS="$jobserver" "${kmake[@]}")
rm -f "$dir/.kwarn-emptied"

# A build killed outright (SIGKILL, a lost machine, a timeout's stray
# compiles) leaves half-made targets that Kbuild trusts: an object cut
# short beside the .cmd file of its last compile, a .cmd file cut short.
# .kwarn-building is there while make runs; found at the start, every
# Kbuild target (a file with a .NAME.cmd) that the killed run touched and
# did not finish goes, with its .cmd file, and Kbuild makes it again.
# Finished means its quiet line ("  CC      kernel/fork.o") is in the
# killed run's make.log: -Otarget prints a target's output only once its
# recipe has ended. The final links go too, so that their warnings reach
# make.log again, as dtc's and modpost's do below.
running=$dir/.kwarn-building
if [ -e "$running" ]; then
	(cd "$dir" && {
		[ ! -f make.log ] || sed -n 's/^  [A-Z0-9_]\{1,\} \{1,\}\(\[M\] \{1,\}\)\{0,1\}\([^ ]\{1,\}\)$/done \2/p' make.log
		find . -name '.*.cmd' -type f -printf 'cmd %P\n'
		find . -type f -newer .kwarn-building -printf 'new %P\n'
	} | awk '
		function target(cmd,  n, part, base) {	# a/.b.o.cmd -> a/b.o
			n = split(cmd, part, "/")
			base = substr(part[n], 2, length(part[n]) - 5)
			return substr(cmd, 1, length(cmd) - length(part[n])) base
		}
		$1 == "done" { done[$2] = 1; next }
		$1 == "cmd" { cmdfile[target($2)] = $2; next }
		{ t = $2 ~ /(^|\/)\.[^\/]*\.cmd$/ ? target($2) : $2 }
		(t in cmdfile) && !(t in done) && !(t in gone) { print t; print cmdfile[t]; gone[t] = 1; n++ }
		END { print n + 0 > "/dev/stderr"; print "vmlinux.o\nvmlinux" }' 2> .kwarn-repair.n | sort -u > .kwarn-repair
	xargs -d '\n' rm -f < .kwarn-repair
	find . -name '.*.[0-9]*.tmp' -type f -delete
	say REPAIR "$(basename "$dir"): the last build did not end; unfinished targets removed: $(cat .kwarn-repair.n)"
	rm -f .kwarn-repair .kwarn-repair.n)
fi
touch "$running"
# named targets go with their captures: in a build directory that is
# kept, each is made again and its warnings printed again
# shellcheck disable=SC2086
forget() {
	[ "$targets" != all ] || return 0
	(cd "$dir" && rm -f $targets)
	for s in kwarn kernel-doc.log sparse.log clang-analyzer.log; do captured "$dir" $s $targets; done |
		xargs -r -d '\n' rm -f
}
forget
if [ "$fragment" = - ]; then
	cat "$config"
else
	grep -v -f <(sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/^\1=/p; s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set/^# \1 is not set/p' "$fragment") "$config"
	cat "$fragment"
fi > "$dir/.config.want"
# keep .config's mtime when nothing changed: incremental rebuilds
if ! cmp -s "$dir/.config.want" "$dir/.config.seed"; then
	cp "$dir/.config.want" "$dir/.config"
	mv "$dir/.config.want" "$dir/.config.seed"
fi
rm -f "$dir/.config.want"
"${kmake[@]}" olddefconfig > "$dir/olddefconfig.log" 2>&1 || {
	cat "$dir/olddefconfig.log" >&2; fail "$(basename "$dir"): make olddefconfig failed"; }
[ "$fragment" = - ] || "$MK/checkpin.sh" "$dir/.config" "$fragment"
diff <(grep '^CONFIG_' "$config" | sort) <(grep '^CONFIG_' "$dir/.config" | sort) |
	sed -n 's/^\([<>]\) /\1/p' > "$dir/config.diff" || true

# dtc and modpost print into make.log: make them run every time, so an
# incremental build keeps their warnings; kernel-doc's output is captured
# per object like the compiler's (.NAME.o.kernel-doc.log beside the object)
find "$dir" \( -name '*.dtb' -o -name '*.symvers' \) -delete
capture() {	# capture TOOL: Kbuild's command for TOOL's output of one object
	echo "$kwarn_cc --capture \$(dir \$@).\$(notdir \$@).$1.log"
}
# sparse: on every file the first time, then on what is recompiled
sparse=()
case " $checkers " in
*" sparse "*)
	c=1
	[ -e "$dir/.kwarn-sparse" ] || c=2
	sparse=(C=$c "cmd_checksrc=$(capture sparse) \$(CHECK) \$(CHECKFLAGS) \$(c_flags) \$<"
		  "cmd_force_checksrc=$(capture sparse) \$(CHECK) \$(CHECKFLAGS) \$(c_flags) \$<") ;;
esac
build=("${kmake[@]}")
printf '%s\n' "$distcc_hosts" > "$dir/distcc-hosts"
rm -f "$dir/distcc.log"
if [ -n "$distcc_hosts" ]; then
	"$MK/tools/distcc-pump.sh" "$dir/distcc.log" --probe "$cc"
	build=("$MK/tools/distcc-pump.sh" "$dir/distcc.log" "${kmake[@]}")
fi
[ "$timeout" = 0 ] || build=(timeout --foreground -k 30 "$timeout" "${build[@]}")
j=-j$jobs
[ "$jobs" != shared ] || j=
args=(-k -Otarget W="$w" "${sparse[@]}"
      cmd_checkdoc="$(capture kernel-doc) \$(srctree)/scripts/kernel-doc -none \$<")
start=$(date +%s)
# Kbuild visits a directory twice for named targets when two lists hold it
# (arch/arm/lib: core and lib), and may then build one object twice at
# once: named targets whose make fails are made again, one job at a time
# shellcheck disable=SC2086
for j in "$j" -j1; do
	# make's failure is recorded (status); -e is off inside this || list, so
	# make prepare's failure does not stop the build either
	status=0 logged=0
	{
		# pump mode assumes no header changes while its include server runs:
		# the generated headers first (make prepare, compiled locally)
		[ -z "$distcc_hosts" ] || "${kmake[@]}" $j "${args[@]}" prepare
		"${build[@]}" $j "${args[@]}" $targets
	# a log that cannot be written (a full disk) stops the build at once:
	# make -k would go on failing every object
	} 2>&1 | tee --output-error=exit "$dir/make.log" |
		awk -v d="$(basename "$dir")" '/^  (CC|AS) /{ if (++n % 100 == 0) printf "  %-8s %s: %d objects\n", "BUILD", d, n; fflush() }' ||
		{ ps=("${PIPESTATUS[@]}"); status=${ps[0]} logged=${ps[1]}; }
	[ "$status" != 0 ] && [ "$logged" = 0 ] && [ "$targets" != all ] && [ "$j" != -j1 ] || break
	forget
done
# stopped by the timeout (TERM, or KILL 30 s later): one status for both
[ "$timeout" = 0 ] || [ "$status" != 137 ] || status=124
# A build the machine failed (a full disk, the OOM killer) says nothing
# about the kernel: it gets no status and no stamp, so a rerun builds it
# again instead of trusting it
[ "$logged" = 0 ] || fail_with 3 "$dir/make.log: could not be written: the build is not recorded"
if [ "$status" != 0 ] && why=$(grep -m1 -o -e 'No space left on device' -e 'Read-only file system' \
	-e 'Killed signal terminated program [^ ]*' -e 'virtual memory exhausted' -e 'Cannot allocate memory' \
	"$dir/make.log"); then
	fail_with 3 "$(basename "$dir"): the build failed for a reason of the machine's ($why), not the kernel's: not recorded"
fi
# clang's static analyzer on files, each with its own Kbuild command
case " $checkers " in
*" clang-analyzer "*)
	[ "$files" != all ] || files=$(cd "$dir" && find . -name '*.o.cmd' | sed 's|^\./||; s|\.\([^/]*\)\.cmd$|\1|')
	for o in $files; do
		cmdfile=$dir/$(dirname "$o")/.$(basename "$o").cmd
		if ! cmd=$(sed -n 's/^cmd_[^ ]* := //p' "$cmdfile" 2>/dev/null) || [ -z "$cmd" ]; then
			say ANALYZE "$o: not built in this configuration, skipped"
			continue
		fi
		say ANALYZE "$o"
		cmd=${cmd#*kwarn-cc }
		cmd=${cmd#*ccache }
		cmd=${cmd#*kwarn-distcc }
		cmd=$(sed -e 's/ -Wp,-MMD,[^ ]*//' -e "s| -c -o $o | --analyze -Xclang -analyzer-output=text -o /dev/null |" <<< "$cmd")
		(cd "$dir" && eval "$kwarn_cc --capture $(dirname "$o")/.$(basename "$o").clang-analyzer.log $cmd") ||
			say ANALYZE "$o: failed (recorded)"
	done ;;
esac
# a timeout's make went, but its compiles may still be writing
[ "$status" = 124 ] || rm -f "$running"
echo $(( $(date +%s) - start )) > "$dir/seconds"
date -u -d "@$start" +%Y-%m-%dT%H:%M:%SZ > "$dir/started"
echo "$status" > "$dir/status"
[ ${#sparse[@]} = 0 ] || touch "$dir/.kwarn-sparse"
if [ "$status" = 124 ] && [ "$timeout" != 0 ]; then
	say BUILD "$(basename "$dir"): stopped after BUILD_TIMEOUT=$timeout s (recorded)"
elif [ "$status" != 0 ]; then
	say BUILD "$(basename "$dir"): make exited $status (recorded)"
fi
if [ -s "$dir/distcc.log" ]; then
	say DISTCC "$(basename "$dir"): $(grep -c -e 'compiled locally$' -e 'running locally instead' "$dir/distcc.log") compiles ran locally (the include server gave up, or the host failed), $(grep -c " Warning: " "$dir/distcc.log") distcc warnings: $dir/distcc.log"
fi
