#!/usr/bin/awk -f
# overlay.awk - Kconfig fragments in order, a tree's overlay last: a line
# setting a symbol (CONFIG_X=v or "# CONFIG_X is not set") replaces the
# line of the same symbol met before, in its place; others are added.
# Usage: overlay.awk FRAGMENT... OVERLAY... > allconfig (mk/config.mk)
function sym(l) {
	if (match(l, /^CONFIG_[A-Za-z0-9_]+=/)) return substr(l, 1, RLENGTH - 1)
	if (match(l, /^# CONFIG_[A-Za-z0-9_]+ is not set$/)) return substr(l, 3, RLENGTH - 13)
	return ""
}
{
	s = sym($0)
	if (s != "" && (s in at)) { line[at[s]] = $0; next }
	line[++n] = $0
	if (s != "") at[s] = n
}
END { for (i = 1; i <= n; i++) print line[i] }
