# trailers.sh - sourced by mk/series/series-check.sh (after mk/lib.sh): the
# Fixes-warning trailers of a fix patch's commit message.
#
#   claims PATCHFILE   the claims, one a line on stdout, folded lines joined
#
# Reads only PATCHFILE: the commit message between the header's blank line
# and "---" (or the first "diff --git"); a trailer in the diff is no claim.
# A claim is the compiler's line (as the corpus normalizes it) or a corpus
# key; a long line may be folded onto the next, indented line:
#
#   Fixes-warning:
#    arch/arm/mm/fault.c:583:1: warning: no previous prototype for 'do_DataAbort' [-Wmissing-prototypes]
#   Fixes-warning: d44777b6cd6d17b9
claims() {
	awk '/^---$/ || /^diff --git / { exit }
		!body { if (/^$/) body = 1; next }
		/^Fixes-warning:/ { if (c != "") print c
			c = $0; sub(/^Fixes-warning:[ \t]*/, "", c); in_c = 1; next }
		in_c && /^[ \t]/ { l = $0; sub(/^[ \t]+/, "", l); c = (c == "" ? l : c " " l); next }
		in_c { if (c != "") print c; c = ""; in_c = 0 }
		END { if (c != "") print c }' "$1"
}
