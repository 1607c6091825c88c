# sections.awk - split a kwarn-init serial log into its sections.
#
# Usage: awk -v dir=DIR -f sections.awk SERIAL_LOG
#
# Each "@@kwarn-begin NAME PATH" ... "@@kwarn-end NAME lines=N bytes=N
# cksum=N status=S" section's bytes go to DIR/NAME, as they were sent (the
# guest's console does no "\n" to "\r\n" there). Prints one line per section
# that ended:
#   NAME PATH LINES BYTES CKSUM STATUS
# and "NAME PATH - - - unterminated" for one the log stops inside.
# The caller checks the bytes against LINES, BYTES and CKSUM (cksum(1)).

function field(s, key,    i, n, f) {
	n = split(s, f, " ")
	for (i = 1; i <= n; i++)
		if (index(f[i], key "=") == 1)
			return substr(f[i], length(key) + 2)
	return "-"
}

{
	line = $0
	sub(/\r$/, "", line)
}

!inside && line ~ /^@@kwarn-begin / {
	split(line, f, " ")
	name = f[2]; path = f[3]
	out = dir "/" name
	printf "" > out
	inside = 1
	next
}

inside && line ~ /^@@kwarn-end / {
	split(line, f, " ")
	close(out)
	print name, path, field(line, "lines"), field(line, "bytes"), \
		field(line, "cksum"), field(line, "status")
	inside = 0
	next
}

inside { print > out }

END {
	if (inside) {
		close(out)
		print name, path, "-", "-", "-", "unterminated"
	}
}
