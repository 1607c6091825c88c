# tree.mk - the kernel tree: Debian's linux-source unpacked once into
# $(O)/src, with series/ applied on top; or the user's KSRC as it is.
#
# The tree's identity is the linux-source package version plus a hash of
# series/; when either changes the tree is re-prepared in place, rewriting
# only the files whose contents changed (builds stay incremental).
#
# KVER picks the packaged tree, linux-source-KVER, and its series: 6.1's
# is series/ itself (the default tree), another's is series/KVER/. The
# package name is then the TREE_DIR of every path a tree shapes (O/src,
# the seeds' configs and builds, the corpus RUN, the initramfs, repro).

SERIES := $(TOP)/series$(if $(filter-out 6.1,$(KVER)),/$(KVER))
SERIES_SHA := $(shell bash -c '. $(TOP)/mk/lib.sh && series_sha $(SERIES)')
# TREE_NAME: the tree as the corpus records it ("tree" in the build record);
# TREE_DIR: the tree as a directory name in O= and CORPUS (mk/config.mk):
# the package's name, or ksrc and the user tree's path as a name

ifdef KSRC
KSRC_USER := $(KSRC)
override KSRC := $(abspath $(KSRC))
TREE_ID := user-$(shell cd $(KSRC) && git describe --always --dirty 2>/dev/null || echo unknown)
TREE_NAME ?= $(TREE_ID)
TREE_DIR := ksrc$(call path-as-name,$(KSRC))
# one stamp per tree (its path as a name): builds made from another tree
# are out of date against it
TREE_STAMP := $(O)/src/.kwarn-tree-$(TREE_DIR)
$(TREE_STAMP):
	$(Q)mkdir -p $(@D) && touch $@
else
SRC_PKG := linux-source-$(KVER)
SRC_TARBALL := /usr/src/$(SRC_PKG).tar.xz
# computed on first use, once: make help needs neither
SRC_VERSION = $(eval SRC_VERSION := $(shell dpkg-query -W -f '$${Version}' $(SRC_PKG) 2>/dev/null))$(SRC_VERSION)
TREE_ID = $(eval TREE_ID := $(shell echo '$(SRC_PKG) $(SRC_VERSION) $(SERIES_SHA)' | sha256sum | cut -c1-12))$(TREE_ID)
KSRC := $(O)/src/$(SRC_PKG)
TREE_NAME = $(SRC_PKG) $(SRC_VERSION)
TREE_DIR := $(SRC_PKG)
# beside the tree, not in it: the tree is the package's files and series/
TREE_STAMP = $(O)/src/.kwarn-tree-$(TREE_DIR)-$(TREE_ID)
$(O)/src/.kwarn-tree-$(TREE_DIR)-%: | $(DEPS_STAMP)
	$(call say,TREE,$(SRC_PKG) $(SRC_VERSION) + series ($(TREE_ID)))
	$(Q)mkdir -p $(O)/src && STAMP=$@ flock $(O)/src/.lock $(TOP)/mk/tree.sh $(SRC_TARBALL) $(KSRC) $(SERIES)
endif

.PHONY: tree
tree: $(TREE_STAMP)
