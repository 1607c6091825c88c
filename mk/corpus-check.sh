#!/bin/sh
# corpus-check.sh - refuse corpus files kwarn cannot read, one line each.
#
# Usage: corpus-check.sh FILE...
# Exit 1 on a truncated or corrupt file, or one of a newer schema.
set -eu
SCHEMA=1
for f; do
	if ! zstd -tq "$f" 2>/dev/null; then
		echo "kwarn: $f: truncated or corrupt corpus file" >&2
		exit 1
	fi
	s=$(zstd -dcq "$f" | head -n1 | jq -r '.schema // empty' 2>/dev/null) || true
	case $s in
	"") echo "kwarn: $f: no build record on line 1" >&2; exit 1 ;;
	*[!0-9]*) echo "kwarn: $f: bad schema '$s'" >&2; exit 1 ;;
	esac
	if [ "$s" -gt $SCHEMA ]; then
		echo "kwarn: $f: schema $s is newer than this kwarn's ($SCHEMA)" >&2
		exit 1
	fi
done
