# helpers.mk - build the C helpers (helpers/*.c, one program per file).

HOSTOUT := $(TOP)/.build
HELPERS := kwarn-agg kwarn-cc kwarn-index kwarn-maint kwarn-parse kwarn-sites kwarn-svg
HELPER_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-Wall -Wextra -Werror -O2 -g -fdebug-prefix-map=$(TOP)=.
HELPER_CC ?= gcc
# the libraries a helper links beyond libc (Debian 12's packages: INDEX_PACKAGES)
HELPER_LIBS_kwarn-index := -lsqlite3

# The compiler wrapper is part of every Kbuild command line: it lives in
# the cache, so that builds stay incremental from any checkout, and is
# replaced only when its contents change (-fdebug-prefix-map: the same
# bytes from every checkout; -g would write the checkout's path into it).
KWARN_CC := $(O)/bin/kwarn-cc
$(KWARN_CC): $(HOSTOUT)/bin/kwarn-cc
	$(Q)mkdir -p $(@D); cmp -s $< $@ || { cp $< $@.tmp && mv $@.tmp $@; }
KWARN_PARSE := $(HOSTOUT)/bin/kwarn-parse

.PHONY: helpers
helpers: $(addprefix $(HOSTOUT)/bin/,$(HELPERS))

$(HOSTOUT)/bin/%: helpers/%.c helpers/util.c helpers/util.h
	$(call say,HOSTCC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(HELPER_CC) $(HELPER_CFLAGS) -o $@ $< helpers/util.c $(HELPER_LIBS_$*)

# the same helpers under ASan and UBSan, for make check
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
$(HOSTOUT)/san/%: helpers/%.c helpers/util.c helpers/util.h
	$(call say,HOSTCC,$@ [asan+ubsan])
	$(Q)mkdir -p $(@D)
	$(Q)$(HELPER_CC) $(HELPER_CFLAGS) $(SAN_FLAGS) -o $@ $< helpers/util.c $(HELPER_LIBS_$*)
