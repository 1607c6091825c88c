# matrix.mk - make matrix: one seed built with every packaged compiler on
# both packaged trees, and one table of what each printed.
#
#   make matrix [MATRIX_TOOLCHAINS="gcc-12 clang-22"] [MATRIX_KVERS=6.12]
#               [SEED= P= CONFIG= WLEVELS= JOBS= ...]
#
# Each tree and toolchain is one make corpus (BOOT=0) of the seed at every
# level of WLEVELS, by default the small test kernel (SEED=1 P=0
# CONFIG=small) at W=123, whose records give W=1 and W=12 by attribution;
# the command line's settings win (WLEVELS="1 12 123" builds each).
# A toolchain older than the tree's minimum is a row that names the rule,
# a kernel that fails to build a row with its root causes: findings, not
# errors. mk/tools/matrix.sh runs the builds and writes the table to
# $(O)/matrix/table.txt, beside each build's log.

MATRIX_TOOLCHAINS ?= gcc-11 gcc-12 clang-13 clang-14 clang-15 clang-16 clang-19 clang-22
MATRIX_KVERS ?= $(KVERS)
MATRIX_DIR = $(O)/matrix
# the levels make corpus builds there, as the sub-makes will read WLEVELS
matrix-wlevels = $(if $(call cmdline,WLEVELS),$(WLEVELS),123)

.PHONY: matrix
matrix: helpers
	$(Q)MATRIX_KVERS='$(MATRIX_KVERS)' MATRIX_TOOLCHAINS='$(MATRIX_TOOLCHAINS)' MATRIX_WLEVELS='$(matrix-wlevels)' \
		$(TOP)/mk/tools/matrix.sh $(MATRIX_DIR) \
		P=0 CONFIG=small WLEVELS='$(matrix-wlevels)' $(KWARN_CMDLINE) BOOT=0
