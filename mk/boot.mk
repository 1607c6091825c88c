# boot.mk - boot each seed's profiling image in QEMU and keep its branch
# profile next to the warnings; query it.
#
#   make boot SEED=1          build the seed's profiling image(s), boot, collect
#   make branches SEED=1      most-taken, never-taken, worst-annotated branches,
#                             and the warnings that lie in code the boot ran
#
# $(CORPUS)/RUN/seed-N/TOOLCHAIN-branches.jsonl.zst  the boot record, then one
#     record per branch site (format: qemu/README.md)
# $(CORPUS)/RUN/seed-N/TOOLCHAIN-boot.log.zst        the whole serial log
#
# What is booted and recorded: doc/boot.md. The initramfs is built once
# per tree, packed by the tree's usr/gen_init_cpio with every timestamp 0:
# the same bytes on every machine.

# the reference toolchain's image by default; BOOT_TOOLCHAINS="gcc-12 clang-14"
# adds others
BOOT_TOOLCHAINS ?= $(REF_TOOLCHAIN)
# seconds before QEMU is killed; RAM in MiB
BOOT_TIMEOUT ?= 600
BOOT_MEM ?= 512
BOOT_PACKAGES := qemu-system-arm

BOOT_DIR = $(O)/boot/$(TREE_DIR)
KWARN_SITES := $(HOSTOUT)/bin/kwarn-sites
KWARN_INIT = $(BOOT_DIR)/kwarn-init
GEN_INIT_CPIO = $(BOOT_DIR)/gen_init_cpio
INITRAMFS = $(BOOT_DIR)/initramfs.cpio
BRANCH_FILE = $(CORPUS_SEEDDIR)/$(TC_NAME)-branches.jsonl.zst
# a profile build's descriptor says how it boots (qemu/boot.sh)
BOOT_FACTS = branches=$(BRANCH_FILE) initramfs=$(INITRAMFS) kwarn_sites=$(KWARN_SITES) \
	boot_timeout=$(BOOT_TIMEOUT) boot_mem=$(BOOT_MEM)

# /init is a guest program: the cross gcc, whatever toolchain built the image
INIT_TOOLCHAIN := gcc-12
# nolibc is a header-only libc: no startup files, no libc, libgcc for
# division; -isystem because 6.1's nolibc is not -Wextra clean on 32-bit;
# no build id, no .comment: the same bytes every time
INIT_CFLAGS = -std=gnu11 -Wall -Wextra -Werror -Os -static -nostdlib \
	-ffreestanding -fno-asynchronous-unwind-tables -fno-ident \
	-Wl,--build-id=none -s \
	-isystem $(KSRC)/tools/include/nolibc -include nolibc.h

.PHONY: boot boot-one branches initramfs

# make boot: every seed of SEEDS (or SEED) with every toolchain of
# BOOT_TOOLCHAINS, as make corpus runs it (mk/campaign.mk)

boot-one: $(BRANCH_FILE)
	@echo "  BRANCHES $(BRANCH_FILE:$(TOP)/%=%)"

# The profile build's stamp is there even when the kernel failed to build:
# boot.sh then records "no-image".
$(BRANCH_FILE): $(BUILD_STAMP) $(INITRAMFS) $(KWARN_SITES) \
		$(TOP)/qemu/boot.sh $(TOP)/qemu/sections.awk $(TOP)/qemu/branches.awk
	$(if $(filter profile,$(VARIANT)),,$(error make boot-one needs VARIANT=profile))
	$(Q)$(call need-packages,$(BOOT_PACKAGES))
	$(rebuild-if-emptied)
	$(call say,BOOT,seed $(SEED) $(TC_NAME) (timeout $(BOOT_TIMEOUT) s))
	$(Q)$(BUILD_DESC) $(TOP)/qemu/boot.sh $(BUILDDIR)

initramfs: $(INITRAMFS)

$(GEN_INIT_CPIO): $(TREE_STAMP) | $(DEPS_STAMP)
	$(call say,HOSTCC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(HELPER_CC) -O2 -o $@ $(KSRC)/usr/gen_init_cpio.c

$(KWARN_INIT): $(TOP)/qemu/kwarn-init.c $(TREE_STAMP) | $(DEPS_STAMP)
	$(Q)$(call need-packages,$(call tc-packages,$(INIT_TOOLCHAIN)))
	$(call say,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(call tc-cc,$(INIT_TOOLCHAIN)) $(INIT_CFLAGS) -o $@.tmp $< -lgcc
	$(Q)mv $@.tmp $@

# gen_init_cpio takes a file's mtime from the file: pack a copy dated 0
$(INITRAMFS): $(TOP)/qemu/initramfs.list $(KWARN_INIT) $(GEN_INIT_CPIO)
	$(call say,CPIO,$@)
	$(Q)rm -rf $@.d && mkdir -p $@.d && cp $(KWARN_INIT) $@.d/init && touch -d @0 $@.d/init
	$(Q)KWARN_INIT=$@.d/init $(GEN_INIT_CPIO) -t 0 $< > $@.tmp
	$(Q)rm -rf $@.d && mv $@.tmp $@

# make branches [SEED=N | SEEDS="1 2"] [BOOT_TOOLCHAINS=...] [BRANCH_N=10]
# One report per branch profile; the warnings joined are the same seed and
# toolchain's corpus at W=$(W) (the profiling build's own when there is no
# plain one).
BRANCH_N ?= 10
BRANCH_SEEDS = $(if $(call cmdline,SEED)$(SEEDS),$(SEEDS_SPEC))
branches:
	$(Q)files=$$($(foreach t,$(if $(call cmdline,BOOT_TOOLCHAINS),$(BOOT_TOOLCHAINS),*),\
		$(TOP)/mk/query/corpus-files.sh $(CORPUS_RUN) '$(t)-branches.jsonl.zst' $(BRANCH_SEEDS) &&) :) || exit 2; \
	found=0; for f in $$files; do [ -f "$$f" ] || continue; found=1; \
		b=$${f%-branches.jsonl.zst}; w=$$b-W$(W).jsonl.zst; \
		[ -f "$$w" ] || w=$$b-W$(W)-profile.jsonl.zst; \
		$(TOP)/mk/corpus-check.sh "$$f"; [ ! -f "$$w" ] || $(TOP)/mk/corpus-check.sh "$$w"; \
		{ zstd -dcq "$$f"; [ ! -f "$$w" ] || zstd -dcq "$$w"; } | \
		jq -n -r --argjson n $(BRANCH_N) -f $(TOP)/corpus/queries/branches.jq; \
	done; \
	[ $$found = 1 ] || { echo "kwarn: no branch profile in $(CORPUS_RUN) for $(or $(BRANCH_SEEDS),*); run make boot first" >&2; exit 1; }
