# settings.mk - what a user can give make: this list (make help prints it)
# and the check of each setting.
#
# Targets
#   make corpus          build SEEDS (or SEED) with TOOLCHAINS at WLEVELS, parse, boot
#                        (a campaign: make -jN or JOBS=N shares one jobserver; rerun resumes)
#   make corpus-one      one seed, one TOOLCHAIN, one W: build and parse only
#   make index           the campaign index of CORPUS made again from its files (make where: its path)
#   make config          the seed's pinned randconfig ($O/RUN/seed-N/seed.config)
#   make where           the paths of the settings' run, seed config, build and corpus file
#   make build           one build, no parse
#   make tree            Debian's linux-source unpacked, series/ applied
#   make top             top offenders per cumulative W level (SEED= for one seed)
#   make compare A= B=   what toolchain B adds and drops against A
#   make report          the corpus as one static HTML page (REPORT=)
#   make kcidb           the corpora as one KCIDB I/O v5.3 submission (KCIDB_FILE=, ORIGIN=)
#   make merge FROM=D    gather corpora made elsewhere into CORPUS, each checked once
#   make slurm           make corpus on a Slurm cluster: an array job, then make merge
#   make matrix          one seed with every packaged compiler on both trees: one table
#   make report-render   that page in headless Chromium (RENDER_OUT=)
#   make repro ID=KEY    rebuild the one object that printed a warning (or LINE=)
#   make why ID=KEY      the Kconfig symbols that make a warning appear (or LINE=)
#   make newwarn DIFF=F  only the warnings a patch adds, with every toolchain
#   make boot            build the seed's profiling image, boot it in QEMU
#   make branches        the branch profile: hottest, never taken, worst annotated
#   make series-check    prove each fix patch of series/ (ONLY= for one)
#   make series-apply    does every patch of series/ apply, in order
#   make series-compare  the seed without the fix patches against its corpus
#   make check           the test suite on the small test kernel (TESTS=)
#   make check-full      golden and reproducibility on seed 1 at P=2
#   make golden          rewrite the test kernel's golden hashes
#   make bench           what kwarn costs, as ratios (BENCH_SIZE=, BUILDS=1)
#   make fuzz            fuzz a helper with AFL++ (FUZZ_TARGET=, FUZZ_SECONDS=)
#   make helpers         build the C helpers
#   make deps            install the Debian packages kwarn needs
#   make toolchain-info  what TOOLCHAIN means, as shell assignments
#   make help            this list
#
# Where
#   O=DIR                cache: tree, configs, builds ($XDG_CACHE_HOME/kwarn or ~/.cache/kwarn)
#   CORPUS=DIR           where corpora are written (corpus/seeds), as RUN/seed-N/:
#                        RUN is the tree, P, CONFIG and FRAGMENT (linux-source-6.1/p2)
#   KVER=6.1             Debian's packaged tree linux-source-KVER: 6.1 (series/) or 6.12 (series/6.12/)
#   KSRC=DIR             this kernel tree as it is, instead of Debian's linux-source
#   FROM="dir1 dir2"     make merge: the corpus directories to gather into CORPUS
#
# What to build
#   SEED=N               KCONFIG_SEED, 0..999999999 without leading zeros (1)
#   SEEDS="1-100 200"    several seeds, numbers and ranges, at most 100000 seeds (corpus, top, compare, boot,
#                        branches, series-compare)
#   P=N                  KCONFIG_PROBABILITY, percent 0..100 (2)
#   CONFIG=NAME          add tests/NAME.config to the pin (small: the test kernel)
#   FRAGMENT="a.config"  your own Kconfig lines on top of the pin (mk/fragments/ has examples)
#   W=123                Kbuild's W= levels: 1, 2, 3 combined (W=21 is W=12)
#                        queries: the warnings a W=W build prints, from its corpora or a
#                        higher cumulative level's (W=1 from W=123); compare, its mail
#                        and kcidb show W=1 unless given, top every level built; repro
#                        and why rebuild at the warning's own level unless given
#   WLEVELS="1 12 123"   the W levels make corpus builds (W)
#   VARIANT=plain        plain (the warning corpus) or profile (the boot image)
#   CHECKERS=sparse      sparse and/or clang-analyzer besides the compiler
#   FILES="a.o b.o"      the objects clang-analyzer checks (all: every object)
#   JOBS=N               parallel jobs, 1..9999 (nproc)
#   BOOT=1               make corpus also boots each seed (0: does not)
#   BUILD_TIMEOUT=0      seconds a kernel build may run, then recorded as "timeout" (0: no limit)
#   KEEP_BUILDS=1        0: make corpus empties each build directory once its corpus is written
#   CCACHE=1             compile through ccache when it is installed (0: never)
#   DISTCC_HOSTS="h/16"  GCC builds compile on these distcc servers
#   DISTCC_JOBS=N        parallel jobs with distcc (the hosts' limits added)
#   V=1                  show the commands (0)
#   APT_LOCK_TIMEOUT=600 seconds an install waits for a dpkg lock another program holds
#
# On a Slurm cluster (make slurm: the seeds CORPUS lacks)
#   NODE_O=/var/tmp/kwarn  each task's O=, on the node's own disk
#   STAGING=DIR          shared: the tasks' corpora before the merge job (CORPUS-staging)
#   TASK_CPUS=8          CPUs of each task: its JOBS
#   SEEDS_PER_TASK=10    seeds of each array task
#   MAX_TASKS=0          the most tasks running at once (0: Slurm's limits)
#   PARTITION=NAME       Slurm partition (the cluster's default)
#   ACCOUNT=NAME         Slurm account (the user's default)
#   TIME_LIMIT=4:00:00   each job's time limit, Slurm's format (the partition's)
#
# Toolchains: gcc-N, clang-N or a cross prefix (/opt/x/bin/arm-linux-gnueabi-)
#   TOOLCHAIN=gcc-12     the toolchain of build and corpus-one; repro, why, top: that one's
#                        corpora alone (not given: every toolchain's)
#   TOOLCHAINS="a b"     make corpus's matrix (gcc-11 gcc-12 clang-14)
#   REF_TOOLCHAIN=gcc-12 the toolchain randconfig runs with
#   BOOT_TOOLCHAINS="a"  the profiling images make boot builds (REF_TOOLCHAIN)
#   MATRIX_TOOLCHAINS="a b"  make matrix's toolchains (every packaged gcc-N and clang-N)
#   MATRIX_KVERS="6.1"   make matrix's trees (6.1 6.12)
#   A=gcc-12             compare: the toolchain compared against
#   B=clang-14           compare: the toolchain compared
#   RUN_A=linux-source-6.1/p0-small  compare: A's RUN directory of CORPUS, another tree's
#   RUN_B=ksrc^src^linux/p0-small    compare: B's (either given: the same warning across trees)
#   BOTH_BUILT=1         compare RUN_A= RUN_B=: only the objects both trees built
#
# Queries
#   TOP_N=10             rows per level in make top
#   BY=section           top: per MAINTAINERS section of the tree (section), directory (dir),
#                        or one row per warning site (site: its flag, level, toolchains, seeds);
#                        compare FORMAT=mail: BY=list, a mail per MAINTAINERS list in $O/compare/mail
#   PATHS="drivers/clk/" top BY=: only the files under these paths
#   SECTION='COMMON CLK FRAMEWORK'  top BY=: only the files of this MAINTAINERS section
#   FORMAT=text          compare's output: text, json or mail (a build bot's regression report)
#   LIST=20              compare: how many added and dropped warnings it lists
#   FAIL_ON_NEW=1        compare exits 1 when B adds warnings
#   REPORT=FILE          make report's page ($CORPUS/RUN/report.html); repro and why:
#                        a build bot's report as received, to read (with DOTCONFIG=)
#   REPORT_N=10          rows per table, flags per chart in the report
#   RENDER_OUT=DIR       what report-render saw ($O/report-render)
#   ORIGIN=kwarn         kcidb: the submitter's KCIDB origin, every id's prefix (a-z, 0-9, _)
#   KCIDB_FILE=FILE      kcidb: the document it writes ($O/kcidb/RUN.json)
#   KCIDB_URL=URL        kcidb: where CORPUS is published (https://host/kwarn): the builds'
#                        and boots' log_url and output_files point there
#   BRANCH_N=10          rows per table in make branches
#
# Reproducing and checking patches
#   ID=KEY               repro: a corpus key, or a unique prefix of one (hex)
#   LINE='x.c:1:2: ...'  repro: the compiler's line instead of ID
#   DOTCONFIG=FILE       repro, why: a report's .config (plain or gzip) instead of a seed's
#   N=2                  repro, why: the report's N-th warning (all of them)
#   SCRIPT=FILE          repro: write a script that reproduces it on a fresh Debian 12
#   WHY_SYMBOLS="A B"    why: only these candidate symbols (CONFIG_A or A; all it finds)
#   WHY_PROBES=20        why: most probes for its small config (0: none)
#   DIFF=FILE            newwarn: the patch
#   NEWWARN_MAX=20       newwarn: most includers rebuilt per touched header
#   ONLY=PATCH           series-check: one patch of series/ (or a path to one)
#   SERIES_WORK=DIR      series-check's scratch tree and builds ($O/series-check)
#   SERIES_MAX_OBJS=40   series-check: most includers rebuilt per patch
#   SERIES_FAIL_W=12     series-check: the W levels whose new warnings fail a patch
#   SERIES_BOOT=auto     series-check boots the patched image: auto, 1 or 0
#   BOOT_TIMEOUT=600     seconds before QEMU is killed
#   BOOT_MEM=512         guest RAM in MiB
#
# Tests, benchmarks, fuzzing
#   TESTS="tests/t30-repro.sh"  the test files make check runs (all)
#   GOLDEN_P=0           make golden: P of the configuration (2: check-full's)
#   GOLDEN_CONFIG=small  make golden: its CONFIG (empty: check-full's)
#   BENCH_SIZE=full      full (>= 1 GiB of logs) or small
#   BENCH_CAMPAIGN_SEEDS="1 10"  make bench: seeds of make top, compare (1 10 100 1000)
#   BUILDS=1             make bench also times kernel builds (hours)
#   BENCH_WHY=1          make bench also times make why on four warnings of the seed
#   FUZZ_TARGET=NAME     kwarn-parse, kwarn-sites, kwarn-svg or kwarn-agg
#   FUZZ_SECONDS=1800    how long make fuzz runs
#   HELPER_CC=gcc        the host compiler of the C helpers (gcc or clang)
#   HOSTOUT=DIR          where the C helpers are built (.build)
#
# Every setting is checked when make reads the command line, before any
# package, tree or build step: a bad one stops every goal with one line
# naming it and what it accepts. The checks are make functions, not
# $(shell): no fork per make, and a value is judged whatever characters it
# holds (quotes, spaces). This file is read right after GNUmakefile's
# defaults, before any rule: a setting without a default there is checked
# when it is given (origin other than undefined); the defaults that the
# other files set later are right by construction.

# the settings kwarn's own recursive makes pass, besides those listed above
SETTINGS_INTERNAL := TREE_NAME SERIES_SHA CAMPAIGN SCRATCH
# the settings, from the list above (only when there is a command line to check)
settings-listed = $(shell sed -n 's/^\#   \([A-Z][A-Z0-9_]*\)=.*/\1/p' mk/settings.mk)
settings-unknown := $(if $(KWARN_GIVEN),$(filter-out $(settings-listed) $(SETTINGS_INTERNAL),$(KWARN_GIVEN)))
$(foreach v,$(settings-unknown),$(warning kwarn: $(v) is not a kwarn setting (make help lists them)))

empty :=
space := $(empty) $(empty)
comma := ,
digits := 0 1 2 3 4 5 6 7 8 9
lower := a b c d e f g h i j k l m n o p q r s t u v w x y z
# $(call drop-chars,S,C...): S without the characters C
drop-chars = $(if $(2),$(call drop-chars,$(subst $(firstword $(2)),,$(1)),$(wordlist 2,99,$(2))),$(1))
# $(call spread-chars,S,C...): S with a space after each character C
spread-chars = $(if $(2),$(call spread-chars,$(subst $(firstword $(2)),$(firstword $(2)) ,$(1)),$(wordlist 2,99,$(2))),$(1))
# $(call one-of,S,WORDS): S when it is exactly one of WORDS (filter alone
# lets extra words through: FORMAT='text || touch X')
one-of = $(if $(filter 1,$(words $(1))),$(filter $(2),$(1)))
# $(call made-of,S,C...): S when it is one word made of the characters C
made-of = $(if $(filter 1,$(words $(1))),$(if $(call drop-chars,$(1),$(2)),,$(1)))
# $(call decimal,S,MAXDIGITS): S when it is a decimal number without
# leading zeros of at most MAXDIGITS digits
decimal = $(strip $(if $(call made-of,$(1),$(digits)),$(if $(filter 0%,$(1)),$(filter 0,$(1)),\
	$(if $(word 2,$(wordlist $(2),99,$(call spread-chars,$(1),$(digits)))),,$(1)))))
# $(call count,S,MAXDIGITS): S when it is a decimal number 1..(10^MAXDIGITS - 1)
count = $(filter-out 0,$(call decimal,$(1),$(2)))
# $(call path,S): S when it is one path (abspath made it absolute) of
# path-chars alone: a quote, $ or ; would reach recipes and scripts as
# shell syntax, a space would split it, a ^ would make two paths one name
# (path-as-name)
upper := A B C D E F G H I J K L M N O P Q R S T U V W X Y Z
path-chars := $(upper) $(lower) $(digits) / . _ - + , @
path = $(call made-of,$(1),$(path-chars))
path-accepts = only letters$(comma) digits and / . _ - + $(comma) @
# $(call path-as-name,PATH): PATH as one file name, each / as ^ (a
# character paths hardly hold, unlike -)
path-as-name = $(subst /,^,$(1))
# $(call w-sorted,S): the levels of S sorted and deduplicated (321 -> 123),
# empty when S is not made of the digits 1, 2 and 3
w-sorted = $(if $(call made-of,$(1),1 2 3),$(subst $(space),,$(sort $(call spread-chars,$(1),1 2 3))))
# What a toolchain name is (mk/toolchain.mk says what each means): read
# here, before toolchain.mk, whose rules need a checked O=
tc-is-gcc = $(filter gcc-%,$(1))
tc-is-clang = $(filter clang-%,$(1))
tc-is-prefix = $(call path,$(filter %-,$(1)))
# $(call toolchain-name,S): S when it names a toolchain (a prefix need not
# exist for this check); the N of gcc-N may be a full version, as a prefix
# toolchain's corpora are named (make top TOOLCHAIN=gcc-6.5.0)
toolchain-version = $(patsubst gcc-%,%,$(patsubst clang-%,%,$(1)))
version-ok = $(if $(call made-of,$(1),$(digits) .),$(if $(filter .% %. 0%,$(1)),,$(1)))
toolchain-name = $(strip $(if $(filter 1,$(words $(1))),$(if $(call tc-is-gcc,$(1))$(call tc-is-clang,$(1)),\
	$(if $(call version-ok,$(call toolchain-version,$(1))),$(1)),$(call tc-is-prefix,$(1)))))

given = $(filter-out undefined,$(origin $(1)))
# $(call shown,S): S on one line, for a message (a line feed as \n)
define newline


endef
shown = $(subst $(newline),\n,$(1))
# No value has a line feed: it would end a recipe's command (LINE: one
# line of the compiler's output)
$(foreach v,$(KWARN_GIVEN),$(if $(findstring $(newline),$($(v))),\
	$(error $(v) must be one line$(if $(filter LINE,$(v)), of the compiler's output)$(comma) got a line feed in it)))
# $(call cmdline,NAME): NAME when the command line gave it
cmdline = $(filter $(1),$(KWARN_GIVEN))
# $(call setting-check,NAME,OK,ACCEPTS): when NAME is set, stop unless OK
# is non-empty
setting-check = $(if $(call given,$(1)),$(if $(2),,$(error $(1) must be $(strip $(3)), got '$(call shown,$($(1)))')))
# the same for a setting that may be left empty
setting-check-given = $(if $($(1)),$(call setting-check,$(1),$(2),$(3)))
# $(call setting-each,NAME,FUNC,ACCEPTS): each word of NAME passes FUNC
setting-each = $(foreach x,$($(1)),$(if $(call $(2),$(x)),,$(error $(1): '$(call shown,$(x))' is not $(strip $(3)))))

# SEED in one spelling only: Kconfig reads KCONFIG_SEED with base-0
# strtol: it refuses 08 and draws a seed from the clock (a corpus nobody
# can reproduce), and reads 010 as 8
seed-ok = $(call decimal,$(1),9)
$(call setting-check,SEED,$(call seed-ok,$(SEED)),a decimal number 0..999999999 without leading zeros)
# SEEDS: seeds and ranges FIRST-LAST (FIRST <= LAST), at most SEEDS_MAX
# seeds (a range counts as its size): a campaign's targets, a query's
# files. Judged here without expanding it (one awk for the ranges' order
# and sizes); the goals that use the seeds expand them (mk/seeds.sh)
SEEDS_MAX := 100000
seed-range-ok = $(and $(filter 2,$(words $(subst -, ,$(1)))),$(if $(findstring --,$(1)),,ok),$(call seed-ok,$(firstword $(subst -, ,$(1)))),\
	$(call seed-ok,$(lastword $(subst -, ,$(1)))))
seeds-ok = $(if $(findstring -,$(1)),$(call seed-range-ok,$(1)),$(call seed-ok,$(1)))
seeds-why = $(if $(SEEDS),$(shell awk -v max=$(SEEDS_MAX) 'BEGIN { for (i = 1; i < ARGC; i++) { \
	n = split(ARGV[i], r, "-"); if (n == 2 && r[1] + 0 > r[2] + 0) { print "backwards", ARGV[i]; exit } \
	total += n == 2 ? r[2] - r[1] + 1 : 1 } if (total > max) print "many", total }' $(SEEDS)))
seeds-not-a-seed = a seed (a decimal number 0..999999999 without leading zeros) or a range FIRST-LAST
$(call setting-each,SEEDS,seeds-ok,$(seeds-not-a-seed))
seeds-verdict := $(seeds-why)
$(if $(filter backwards,$(seeds-verdict)),$(error SEEDS: '$(word 2,$(seeds-verdict))' is not $(seeds-not-a-seed)))
$(if $(filter many,$(seeds-verdict)),$(error SEEDS: $(word 2,$(seeds-verdict)) seeds; at most $(SEEDS_MAX) at once))
p-ok = $(or $(call decimal,$(1),2),$(call one-of,$(1),100))
$(call setting-check,P,$(call p-ok,$(P)),KCONFIG_PROBABILITY: a percentage 0..100)
$(call setting-check,GOLDEN_P,$(call p-ok,$(GOLDEN_P)),a percentage 0..100)
config-ok = $(if $(1),$(if $(call made-of,$(1),$(lower) $(digits) -),$(wildcard $(TOP)/tests/$(1).config)),ok)
$(call setting-check,CONFIG,$(call config-ok,$(CONFIG)),empty or the name of a fragment tests/NAME.config (small))
$(call setting-check,GOLDEN_CONFIG,$(call config-ok,$(GOLDEN_CONFIG)),empty or the name of a fragment tests/NAME.config (small))
# W in one spelling: its digits sorted and deduplicated (W=21 is W=12,
# W=321 is W=123), so one level set has one build and one corpus name.
# W_GIVEN: W came from the command line (repro and series-check take the
# corpus's level otherwise, and get no W); override hides it from origin
W_GIVEN := $(call cmdline,W)
$(call setting-check,W,$(call w-sorted,$(W)),the levels 1$(comma) 2 and 3 combined (1$(comma) 12$(comma) 123$(comma) 2...))
override W := $(call w-sorted,$(W))
$(call setting-each,WLEVELS,w-sorted,a W level: 1$(comma) 2 and 3 combined (1$(comma) 12$(comma) 123$(comma) 2...))
$(call setting-check-given,SERIES_FAIL_W,$(call w-sorted,$(SERIES_FAIL_W)),empty or the levels 1$(comma) 2 and 3 combined)
# JOBS here: the kernel's make would refuse it only after the config step
$(call setting-check,JOBS,$(call count,$(JOBS),4),a number of parallel jobs$(comma) 1..9999)
$(if $(DISTCC_HOSTS)$(call cmdline,DISTCC_JOBS),$(call setting-check,DISTCC_JOBS,$(call count,$(DISTCC_JOBS),4),a number of parallel jobs$(comma) 1..9999))
$(foreach v,TOP_N LIST REPORT_N BRANCH_N NEWWARN_MAX SERIES_MAX_OBJS BOOT_TIMEOUT BOOT_MEM FUZZ_SECONDS SEEDS_PER_TASK,\
	$(call setting-check,$(v),$(call count,$($(v)),9),a number 1..999999999))
$(call setting-check,WHY_PROBES,$(call decimal,$(WHY_PROBES),9),a number of probes 0..999999999 (0: no small config))
$(call setting-check,APT_LOCK_TIMEOUT,$(call decimal,$(APT_LOCK_TIMEOUT),9),a number of seconds 0..999999999)
$(call setting-check,TASK_CPUS,$(call count,$(TASK_CPUS),4),a number of CPUs$(comma) 1..9999)
$(call setting-check,MAX_TASKS,$(call decimal,$(MAX_TASKS),9),a number of tasks 0..999999999 (0: no limit))
# Slurm's names, and its time formats (MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS)
$(foreach v,PARTITION ACCOUNT,$(call setting-check-given,$(v),$(call made-of,$($(v)),$(lower) \
	A B C D E F G H I J K L M N O P Q R S T U V W X Y Z $(digits) _ - .),a Slurm name: letters$(comma) digits$(comma) _ - .))
$(call setting-check-given,TIME_LIMIT,$(and $(call made-of,$(TIME_LIMIT),$(digits) : -),$(filter $(addsuffix %,$(digits)),$(TIME_LIMIT)),\
	$(filter $(addprefix %,$(digits)),$(TIME_LIMIT)),$(if $(findstring ::,$(TIME_LIMIT))$(findstring :-,$(TIME_LIMIT))$(findstring -:,$(TIME_LIMIT)),,ok)),\
	a Slurm time limit: MINUTES$(comma) HH:MM:SS or DAYS-HH:MM:SS)
$(call setting-check,BUILD_TIMEOUT,$(call decimal,$(BUILD_TIMEOUT),9),a number of seconds 0..999999999 (0: no limit))
$(foreach v,V BOOT CCACHE KEEP_BUILDS BENCH_WHY,$(call setting-check,$(v),$(call one-of,$($(v)),0 1),0 or 1))
$(foreach v,FAIL_ON_NEW BUILDS BOTH_BUILT,$(call setting-check-given,$(v),$(call one-of,$($(v)),0 1),empty$(comma) 0 or 1))
$(call setting-check,VARIANT,$(call one-of,$(VARIANT),plain profile),plain or profile)
$(call setting-check,FORMAT,$(call one-of,$(FORMAT),text json mail),text$(comma) json or mail)
# KCIDB_URL: an http(s) URL of characters that need no quoting anywhere
url-ok = $(if $(filter http://% https://%,$(1)),$(call made-of,$(1),$(upper) $(lower) $(digits) / . _ - ~ : % + @))
$(call setting-check-given,KCIDB_URL,$(call url-ok,$(KCIDB_URL)),an http:// or https:// URL of letters$(comma) digits and / . _ - ~ : % + @)
$(call setting-check,ORIGIN,$(call made-of,$(ORIGIN),$(lower) $(digits) _),a KCIDB origin: lowercase letters$(comma) digits and _)
$(call setting-check,SERIES_BOOT,$(call one-of,$(SERIES_BOOT),auto 0 1),auto$(comma) 0 or 1)
$(call setting-check,BENCH_SIZE,$(call one-of,$(BENCH_SIZE),full small),full or small)
$(call setting-check,BENCH_CAMPAIGN_SEEDS,$(and $(strip $(BENCH_CAMPAIGN_SEEDS)),$(if $(strip \
	$(foreach s,$(BENCH_CAMPAIGN_SEEDS),$(if $(call count,$(s),5),,x))),,ok)),numbers of seeds 1..99999 ("1 10 100 1000"))
$(call setting-check,FUZZ_TARGET,$(call one-of,$(FUZZ_TARGET),kwarn-parse kwarn-sites kwarn-svg kwarn-agg),kwarn-parse$(comma) kwarn-sites$(comma) kwarn-svg or kwarn-agg)
$(call setting-check,HELPER_CC,$(or $(call one-of,$(HELPER_CC),gcc clang),$(call version-ok,$(call toolchain-version,$(call one-of,$(HELPER_CC),gcc-% clang-%)))),\
	a host compiler: gcc$(comma) clang$(comma) gcc-N or clang-N)

# Toolchains: the name here; a prefix's compiler must exist (a fork, only
# for a prefix); whether a gcc-N or clang-N is packaged, need-packages
# finds out when it installs it
toolchain-ok = $(strip $(and $(call toolchain-name,$(1)),$(if $(call tc-is-prefix,$(1)),$(if $(filter /%,$(1)),\
	$(shell test -f '$(1)gcc' && test -x '$(1)gcc' && echo y),$(shell command -v '$(1)gcc')),ok)))
toolchain-why = $(strip $(if $(call toolchain-name,$(1)),$(1)gcc: no such compiler (an executable file),\
	a toolchain: gcc-N$(comma) clang-N or a cross prefix ending in '-' ($(path-accepts))))
toolchain-check = $(if $(call given,$(1)),$(if $(call toolchain-ok,$($(1))),,$(error $(1)=$($(1)): $(call toolchain-why,$($(1))))))
toolchain-each = $(foreach x,$($(1)),$(if $(call toolchain-ok,$(x)),,$(error $(1): $(x): $(call toolchain-why,$(x)))))
$(call toolchain-check,TOOLCHAIN)
$(call toolchain-check,REF_TOOLCHAIN)
$(foreach v,TOOLCHAINS BOOT_TOOLCHAINS MATRIX_TOOLCHAINS,$(call toolchain-each,$(v)))
$(foreach v,A B,$(if $($(v)),$(call toolchain-check,$(v))))

KNOWN_CHECKERS := sparse clang-analyzer
$(call setting-check,CHECKERS,$(if $(filter-out $(KNOWN_CHECKERS),$(CHECKERS)),,ok),empty or some of: $(KNOWN_CHECKERS))
# FILES: object paths (kernel/fork.o), or all
files-ok = $(if $(filter all,$(1)),$(1),$(filter %.o,$(call path,$(1))))
$(call setting-each,FILES,files-ok,an object of the tree (kernel/fork.o: $(path-accepts)) or all)
$(if $(filter clang-analyzer,$(CHECKERS)),\
	$(if $(call tc-is-clang,$(TOOLCHAIN)),,$(error CHECKERS=clang-analyzer needs a clang toolchain, not $(TOOLCHAIN)))\
	$(if $(FILES),,$(error CHECKERS=clang-analyzer: say which objects, FILES="kernel/fork.o ..." or FILES=all)))

# The checkout's own path reaches every recipe: one word of path
# characters (make help alone works from any path)
TOP_OK := $(call path,$(TOP))
$(if $(filter-out help,$(or $(MAKECMDGOALS),all)),$(if $(TOP_OK),,\
	$(error kwarn's checkout is at '$(TOP)': move it to a path of $(path-accepts) (make help works from here))))
# Paths: one word each (a space in O= would write elsewhere). Inputs must
# be there; outputs that exist must be regular files (REPORT=/dev/x would
# replace the device with a file)
$(foreach v,O $(if $(TOP_OK),CORPUS) RENDER_OUT SERIES_WORK HOSTOUT STAGING,$(call setting-check,$(v),$(call path,$($(v))),one directory$(comma) its path of $(path-accepts)))
# a scratch build's directory, named by kwarn (a seed's RUN as one name: ^ for /)
$(call setting-check,SCRATCH,$(call made-of,$(SCRATCH),$(path-chars) ^),one directory$(comma) its path of $(path-accepts) or ^)
# KVER: a tree Debian packages and series/ has patches for; with KSRC=,
# which is a tree of its own, it would name nothing (GNUmakefile's default
# does not count)
KVERS := 6.1 6.12
filter-kvers = $(filter $(KVERS),$(1))
$(call setting-check,KVER,$(if $(word 2,$(KVER)),,$(filter $(KVERS),$(KVER))),one of the packaged trees: $(KVERS))
$(if $(and $(or $(call cmdline,KVER),$(filter environment%,$(origin KVER))),$(call given,KSRC)),$(error KVER=$(KVER) and KSRC=$(KSRC): KSRC is a tree of its own; give one of them))
$(call setting-each,MATRIX_KVERS,filter-kvers,one of the packaged trees: $(KVERS))
$(if $(and $(filter matrix,$(MAKECMDGOALS)),$(call given,KSRC)),$(error make matrix builds the packaged trees of MATRIX_KVERS, not KSRC=$(KSRC)))
# a kernel tree: what Kbuild and Kconfig start from, with the ARM
# architecture (anything else would fail only at the config step, after
# the packages); its path is its RUN's name, so one path is one name
# (path-chars has no ^)
ksrc-ok = $(and $(call path,$(1)),$(wildcard $(1)/Makefile),$(wildcard $(1)/Kconfig),$(wildcard $(1)/arch/arm/Kconfig))
$(call setting-check,KSRC,$(call ksrc-ok,$(KSRC)),a kernel tree (a directory with Makefile$(comma) Kconfig and arch/arm/Kconfig)$(comma) its path of $(path-accepts))
# a node's own path: the tasks do not run where make slurm does
$(call setting-check,NODE_O,$(filter /%,$(call path,$(NODE_O))),an absolute directory$(comma) its path of $(path-accepts))
$(foreach v,REPORT KCIDB_FILE,$(call setting-check,$(v),$(call path,$($(v))),one file name$(comma) its path of $(path-accepts)))
$(foreach v,RUN_A RUN_B,$(call setting-check-given,$(v),$(call made-of,$($(v)),$(path-chars) ^),a RUN directory of CORPUS (linux-source-6.1/p2)$(comma) its path of $(path-accepts) and ^))
$(call setting-check-given,SCRIPT,$(call path,$(SCRIPT)),one file name$(comma) its path of $(path-accepts))
# DOTCONFIG, and REPORT for repro and why: files to read
$(call setting-check-given,DOTCONFIG,$(and $(call path,$(DOTCONFIG)),$(shell test -f '$(DOTCONFIG)' -a -r '$(DOTCONFIG)' && echo y)),a readable .config file (plain or gzip)$(comma) its path of $(path-accepts))
$(if $(and $(filter repro why,$(MAKECMDGOALS)),$(call cmdline,REPORT)),$(if $(shell test -f '$(REPORT)' -a -r '$(REPORT)' && echo y),,\
	$(error REPORT=$(REPORT): no such readable file (make repro and make why read a build bot's report))))
$(call setting-check-given,BY,$(call one-of,$(BY),section dir site list),section$(comma) dir or site (make top)$(comma) or list (make compare FORMAT=mail))
$(foreach p,$(PATHS),$(if $(call path,$(p)),,$(error PATHS: '$(p)': $(path-accepts) in a path)))
$(if $(and $(or $(PATHS),$(SECTION)),$(filter top,$(MAKECMDGOALS)),$(if $(BY),,x)),$(error PATHS= and SECTION= filter make top BY=section or BY=dir: say BY=))
$(call setting-check-given,N,$(call count,$(N),4),the number of one warning of the report: 1 to 9999)
$(foreach v,REPORT SCRIPT KCIDB_FILE,$(if $(and $($(v)),$(wildcard $($(v)))),$(if $(shell test -f '$($(v))' && echo y),,\
	$(error $(v)=$($(v)): not a regular file: kwarn writes it only as a file))))
$(foreach f,$(FRAGMENT),$(if $(call path,$(f)),,$(error FRAGMENT: '$(f)': $(path-accepts) in a path)))
# FROM: directories, any number (make merge refuses none)
$(foreach d,$(FROM),$(if $(call path,$(d)),,$(error FROM: '$(d)': $(path-accepts) in a path)))
$(foreach d,$(FROM),$(if $(wildcard $(d)/.),,$(error FROM: '$(d)' is not a directory)))
$(call setting-check-given,DIFF,$(and $(call path,$(DIFF)),$(shell test -f '$(DIFF)' -a -r '$(DIFF)' && echo y)),a readable patch file$(comma) its path of $(path-accepts))
# ... and a patch: a unified diff's headers and hunks (anything else would
# show only after the tree and the config are made)
$(if $(DIFF),$(if $(shell grep -aq '^+++ ' '$(DIFF)' && grep -aq '^@@ ' '$(DIFF)' && echo y),,\
	$(error DIFF=$(DIFF): not a patch (no unified diff in it: +++ and @@ lines))))
$(foreach t,$(TESTS),$(if $(call path,$(t)),,$(error TESTS: '$(t)': $(path-accepts) in a path)))
$(foreach t,$(TESTS),$(if $(wildcard $(t)),,$(error TESTS: $(t): no such test file)))
# ONLY: a patch of series/ by name, or a path to one
$(call setting-check-given,ONLY,$(call path,$(ONLY)),a patch of series/ or a path to one$(comma) $(path-accepts))
# DISTCC_HOSTS: distcc's host specifications (HOST[:PORT][/LIMIT][,OPTION],
# --randomize, --localslots=N); a /LIMIT of 0 would make a -j0 build
distcc-host-ok = $(and $(call made-of,$(1),$(upper) $(lower) $(digits) . _ - : / $(comma) @ =),$(if $(findstring /0,$(1)),,ok))
$(call setting-each,DISTCC_HOSTS,distcc-host-ok,a distcc host (HOST[:PORT][/LIMIT][$(comma)OPTION]$(comma) LIMIT 1 or more; letters$(comma) digits and . _ - : / $(comma) @ =))


# WHY_SYMBOLS: Kconfig symbol names, with or without CONFIG_
kconfig-symbol-ok = $(call made-of,$(1),A B C D E F G H I J K L M N O P Q R S T U V W X Y Z $(lower) $(digits) _)
$(call setting-each,WHY_SYMBOLS,kconfig-symbol-ok,a Kconfig symbol (CONFIG_FOO or FOO))
# ID: a corpus key is 16 lowercase hex digits; upper case (as some tools
# print hex) names the same key
hex-lower = $(subst A,a,$(subst B,b,$(subst C,c,$(subst D,d,$(subst E,e,$(subst F,f,$(1)))))))
override ID := $(call hex-lower,$(ID))
$(call setting-check-given,ID,$(and $(call made-of,$(ID),$(digits) a b c d e f),$(if $(word 17,$(call spread-chars,$(ID),$(digits) a b c d e f)),,ok)),\
	a corpus key or a prefix of one: 1 to 16 hex digits)

# The command line for kwarn's own sub-makes: each setting given one
# single-quoted shell word, VAR=VALUE, with its checked (W: sorted; O:
# absolute) value; the sub-make takes it as literal text too
shell-word = '$(subst ','\'',$(1))'
KWARN_CMDLINE := $(foreach v,$(KWARN_GIVEN),$(call shell-word,$(v)=$($(v))))
