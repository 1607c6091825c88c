# report.mk - the corpus as one static HTML page, and that page in a browser.
#
#   make report [CORPUS=DIR] [REPORT=FILE]   write $(CORPUS)/RUN/report.html; print its path
#   make report-render [RENDER_OUT=DIR]      open it in headless Chromium: the
#                                            rendered DOM, what the page logged,
#                                            a screenshot (RENDER_OUT, default
#                                            $(O)/report-render)
#
# The page: the campaign, the top offenders per cumulative W level, flags,
# toolchains and each pair compared, build and boot status per seed, each
# boot's branch profile, the warnings listed with their make repro
# commands; inline SVG (kwarn-svg), no script, nothing fetched. How it is
# made: report/report.sh.

REPORT ?= $(CORPUS_RUN)/report.html
override REPORT := $(abspath $(REPORT))
# rows per table, flags per chart
REPORT_N ?= 10
RENDER_OUT ?= $(O)/report-render
override RENDER_OUT := $(abspath $(RENDER_OUT))
KWARN_SVG := $(HOSTOUT)/bin/kwarn-svg
REPORT_PACKAGES := gcc libc6-dev jq zstd
# Debian's chromium, the fonts the page names, and Python for the
# DevTools-protocol client (report/render.py: standard library only)
RENDER_PACKAGES := chromium fonts-dejavu-core python3

.PHONY: report report-render report-packages
report: $(KWARN_SVG) $(KWARN_AGG) $(KWARN_INDEX) $(FLAG_NAMES) | report-packages
	$(Q)$(call index-update,$(RUN_DIR))
	$(Q)KWARN_AGG=$(KWARN_AGG) FLAG_NAMES=$(FLAG_NAMES) HOLDERS='$(call w-holders,$(W))' KWARN_INDEX=$(KWARN_INDEX) \
		INDEX=$(INDEX) CORPUS_ROOT=$(CORPUS) CORPUS_RUN=$(CORPUS_RUN) KWARN_SVG=$(KWARN_SVG) TOP=$(TOP) W=$(W) \
		REF_TOOLCHAIN=$(REF_TOOLCHAIN) REPORT_N=$(REPORT_N) $(TOP)/report/report.sh $(REPORT)
	@echo "  REPORT   $(REPORT:$(TOP)/%=%)"

# the helper needs a compiler before it is built
$(KWARN_SVG): | report-packages
report-packages:
	$(Q)$(call need-packages,$(REPORT_PACKAGES))

# Exit 0 when Chromium rendered the page; what it saw is in
# $(RENDER_OUT)/facts.json (charts and bars, console, requests, pixels).
report-render: report
	$(Q)$(call need-packages,$(RENDER_PACKAGES))
	$(call say,RENDER,$(REPORT:$(TOP)/%=%))
	$(Q)/usr/bin/python3 $(TOP)/report/render.py $(REPORT) $(RENDER_OUT)
	$(Q)jq -r '$(RENDER_SUMMARY)' $(RENDER_OUT)/facts.json

RENDER_SUMMARY := "  CHARTS   \(.charts | length) charts, \([.charts[].bars] | add // 0) bars, \([.charts[].points] | add // 0) curve points; \
	\([.console[] | select(.level == "error")] | length) console errors, \
	\(.requests | length) requests; screenshot \(.screenshot.width)x\(.screenshot.height), \
	\(.screenshot.colors) colours"
