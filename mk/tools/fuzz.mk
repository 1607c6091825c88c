# fuzz.mk - fuzz the helpers that read untrusted input, with AFL++.
#
#   make fuzz [FUZZ_SECONDS=1800] [FUZZ_TARGET=kwarn-parse]
#
# Targets: kwarn-parse (compiler and make logs), kwarn-sites (a kernel
# image), kwarn-svg (the report's tables), kwarn-agg (corpus summaries, as
# make top reads them). The target is built with afl-clang-fast under ASan
# and UBSan and run on one input file (@@), seeded with real inputs: the
# captured logs of tests/fixtures, a tiny image with both branch profiler
# sections (tests/fuzz-seeds/sites.c, built by the cross gcc), a table of
# the test corpus (tests/fuzz-seeds/flags.tsv), two summaries cut from the
# test corpus's (tests/fuzz-seeds/summary.tsv: the first record of each
# tool, flag and level of gcc-12 and of clang-14, the latter as seed 2).
# Each run starts from the seeds, and prints its own figures; findings land
# in $(O)/fuzz/TARGET/default/{crashes,hangs} (the run before's are moved
# to previous/, the one before that's deleted); an input that
# found a bug is kept in tests/fuzz/TARGET/ as a regression test
# (tests/t01-helpers.sh runs the sanitized helper on each).

FUZZ_SECONDS ?= 1800
FUZZ_TARGET ?= kwarn-parse
FUZZ_ARGS_kwarn-parse := -s /src -b /obj -t gcc -l $(TOP)/tests/fixtures/gcc12-devicetable/levels.tsv @@
FUZZ_ARGS_kwarn-sites := @@
FUZZ_ARGS_kwarn-svg := -l -t title -x x -y y @@
FUZZ_ARGS_kwarn-agg := top -n 5 @@
fuzz-seeds-kwarn-parse = find $(TOP)/tests/fixtures -type f ! -name args ! -name expect ! -name '*.tsv' -size -64k
fuzz-seeds-kwarn-sites = $(call tc-cc,gcc-12) -Os -nostdlib -static -o $(1)/sites.elf \
	$(TOP)/tests/fuzz-seeds/sites.c && echo $(1)/sites.elf
fuzz-seeds-kwarn-svg = echo $(TOP)/tests/fuzz-seeds/flags.tsv
fuzz-seeds-kwarn-agg = echo $(TOP)/tests/fuzz-seeds/summary.tsv

.PHONY: fuzz
fuzz: | $(DEPS_STAMP)
	$(Q)$(call need-packages,afl++ clang-14 $(call tc-packages,gcc-12))
	$(call say,AFL-CC,$(HOSTOUT)/afl/$(FUZZ_TARGET))
	$(Q)mkdir -p $(HOSTOUT)/afl $(O)/fuzz/$(FUZZ_TARGET)/seeds
	$(Q)AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1 AFL_CC=clang-14 afl-clang-fast $(HELPER_CFLAGS) \
		-o $(HOSTOUT)/afl/$(FUZZ_TARGET) helpers/$(FUZZ_TARGET).c helpers/util.c
	$(Q)$(if $(fuzz-seeds-$(FUZZ_TARGET)),,$(error FUZZ_TARGET: one of kwarn-parse kwarn-sites kwarn-svg kwarn-agg))
	$(Q)$(call fuzz-seeds-$(FUZZ_TARGET),$(HOSTOUT)/afl) | \
		while read -r f; do cp "$$f" $(O)/fuzz/$(FUZZ_TARGET)/seeds/$$(echo "$$f" | md5sum | cut -c1-12); done
	$(call say,FUZZ,$(FUZZ_TARGET) for $(FUZZ_SECONDS) s)
	$(Q)d=$(O)/fuzz/$(FUZZ_TARGET); rm -rf $$d/previous; [ ! -d $$d/default ] || mv $$d/default $$d/previous
	$(Q)AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
		timeout -k 10 $$(( $(FUZZ_SECONDS) + 60 )) afl-fuzz -V $(FUZZ_SECONDS) \
		-i $(O)/fuzz/$(FUZZ_TARGET)/seeds -o $(O)/fuzz/$(FUZZ_TARGET) -m none -- \
		$(HOSTOUT)/afl/$(FUZZ_TARGET) $(FUZZ_ARGS_$(FUZZ_TARGET)) > $(O)/fuzz/$(FUZZ_TARGET).log 2>&1 || \
		{ s=$$?; [ $$s = 124 ] || { tail -n 20 $(O)/fuzz/$(FUZZ_TARGET).log >&2; \
		  echo "kwarn: fuzz: afl-fuzz failed ($$s): $(O)/fuzz/$(FUZZ_TARGET).log" >&2; exit 1; }; }
	$(Q)d=$(O)/fuzz/$(FUZZ_TARGET)/default; \
	grep -E 'execs_done|unique_crashes|saved_crashes|unique_hangs|saved_hangs|run_time|bitmap_cvg' $$d/fuzzer_stats; \
	echo "  crashes: $$(ls $$d/crashes | grep -vc README)  hangs: $$(ls $$d/hangs | wc -l)"
