# why-objs.mk - the objects and subdirectories one Kbuild directory builds
# under a config: read after the kernel's scripts/Makefile.build (obj=DIR),
# run in a directory whose include/config/auto.conf is that config, so
# Kbuild's own Makefiles decide (obj-$(CONFIG_X), composite objects).
# mk/query/why.sh asks it whether a probe's config still builds the object.
kwarn-objs:
	@echo $(sort $(real-obj-y) $(real-obj-m) $(lib-y) $(lib-m) $(extra-y) $(addsuffix /,$(subdir-ym)))
# this file is not a target: make does not try to remake it
$(lastword $(MAKEFILE_LIST)):: ;
