#!/bin/bash
# mail-lists.sh - make compare FORMAT=mail BY=list: one mail per
# MAINTAINERS list, holding only the new warnings of the files that list
# is for, addressed to it (To:), for git send-email; kwarn sends nothing.
#
# Usage: MAIL_DIR=DIR MAINT=MAINTAINERS KWARN_MAINT=... (and compare-mail.sh's
#        settings) mail-lists.sh JSON A_FILES B_FILES
# A file's lists: the L: of its sections but THE REST (the lists
# get_maintainer.pl would name besides linux-kernel@), THE REST's when it
# has no other. Each mail is compare-mail.sh's report of the new
# warnings alone (the gone ones and the failing builds are not a list's
# news), in DIR/LIST.mail; one line per mail says where.
STEP=compare
. "$(dirname "$0")/../lib.sh"
need_vars MAIL_DIR MAINT KWARN_MAINT
[ $# = 3 ] || fail "usage: mail-lists.sh JSON A_FILES B_FILES"
json=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
[ -f "$MAINT" ] || fail "$MAINT: no MAINTAINERS file in the tree"
mkdir -p "$MAIL_DIR" || fail_with 3 "cannot create $MAIL_DIR"
rm -f "$MAIL_DIR"/*.mail
jq -r '.new[].path' "$json" | sort -u | "$KWARN_MAINT" "$MAINT" |
	awk -F '\t' '{ n = split($5, l, ","); for (i = 1; i <= n; i++) print $1 "\t" l[i] "\t" ($3 == "THE REST") }' |
	awk -F '\t' '{ rest[$1] = rest[$1] || !$3; line[NR] = $0; p[NR] = $1; r[NR] = $3; l[NR] = $2 }
		END { for (i = 1; i <= NR; i++) if (!r[i] || !rest[p[i]]) print p[i] "\t" l[i] }' | sort -u > "$tmp/lists"
n=0
for list in $(cut -f2 "$tmp/lists" | sort -u); do
	# a list address is letters, digits and . _ - + @ alone: it names a file
	[[ $list =~ ^[A-Za-z0-9._+-]+@[A-Za-z0-9.-]+$ ]] || { warn "$MAINT: L: $list is not a mail address: skipped"; continue; }
	awk -F '\t' -v l="$list" '$2 == l { print $1 }' "$tmp/lists" > "$tmp/paths"
	jq --rawfile p "$tmp/paths" '($p | split("\n") | map(select(. != "")) | map({key: ., value: true}) | from_entries) as $in
		| .new |= map(select($in[.path])) | .gone = [] | .failing_in_b = []' "$json" > "$tmp/one.json"
	{ echo "To: $list"; "$MK/query/compare-mail.sh" "$tmp/one.json" "$2" "$3"; } > "$MAIL_DIR/$list.mail.tmp" &&
		mv "$MAIL_DIR/$list.mail.tmp" "$MAIL_DIR/$list.mail" || fail "cannot write $MAIL_DIR/$list.mail"
	say MAIL "$MAIL_DIR/$list.mail: $(jq '.new | length' "$tmp/one.json") new warning(s) of $(grep -c . "$tmp/paths") file(s)"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || say MAIL "no new warning: no mail"
