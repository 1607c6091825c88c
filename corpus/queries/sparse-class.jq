# sparse-class.jq - give sparse records a stable class as their flag.
# Usage: jq -c -f sparse-class.jq < sparse-records.jsonl
# sparse prints no -W flag, so the class is the message without quoted
# names, with numbers folded, and without the per-site tail:
#   "symbol 'foo' was not declared. Should it be static?"
#     -> "symbol was not declared. Should it be static?"
#   "context imbalance in 'foo' - unexpected unlock" -> "context imbalance"
#   "incorrect type in argument 2 (different address spaces)"
#     -> "incorrect type in argument N (different address spaces)"
.flag = (.message | gsub("'[^']*'"; "") | gsub("[0-9]+"; "N") | gsub("\\s+"; " ")
	| sub(" in - .*$"; "") | sub(" (in|of)$"; "") | sub("^ | $"; ""))
