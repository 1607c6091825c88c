#!/usr/bin/env python3
# cbl_matcher.py - a baseline for make bench: a plain Python 3 warning
# counter, as CI scripts write them.
#
# Usage: cbl_matcher.py LOG
#
# Matches every line of LOG against the regex of ClangBuiltLinux's GitHub
# problem matcher and counts the matches per flag (the trailing "[-Wfoo]",
# empty when there is none) in a Counter; prints "COUNT FLAG" lines, most
# frequent first. It reads bytes, which is the faster way in Python.
import collections
import re
import sys

MATCHER = re.compile(
    rb'^(?:/builds/)?(?:linux/)?(.*):(\d+):(\d+):\s+(?:fatal\s+)?(warning|error):\s+(.*)$')
FLAG = re.compile(rb'\[(-W[^\]]*)\]$')


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: cbl_matcher.py LOG')
    counts = collections.Counter()
    with open(sys.argv[1], 'rb') as f:
        for line in f:
            m = MATCHER.match(line.rstrip(b'\n'))
            if m:
                flag = FLAG.search(m.group(5))
                counts[flag.group(1) if flag else b''] += 1
    out = sys.stdout.buffer
    for flag, n in counts.most_common():
        out.write(b'%d %s\n' % (n, flag))


if __name__ == '__main__':
    main()
