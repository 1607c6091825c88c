#!/usr/bin/env python3
# mkinput.py - the input of make bench: real captured logs, concatenated.
#
# Usage: mkinput.py BYTES OUT LOG.zst...
#
# Decompresses each LOG.zst (zstd -dcq) in turn into OUT, going round the
# list again until OUT holds at least BYTES, then stops at the end of that
# line: every line of OUT is a line of a real log. Writes OUT through a
# temporary file renamed into place.
import os
import subprocess
import sys

BLOCK = 1 << 20


def main():
    if len(sys.argv) < 4:
        sys.exit('usage: mkinput.py BYTES OUT LOG.zst...')
    want, out, logs = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    tmp = '%s.tmp%d' % (out, os.getpid())
    n = 0
    with open(tmp, 'wb') as f:
        while n < want:
            for log in logs:
                p = subprocess.Popen(['zstd', '-dcq', log], stdout=subprocess.PIPE)
                while True:
                    b = p.stdout.read(BLOCK)
                    if not b:
                        if p.wait():
                            sys.exit('mkinput.py: %s: cannot decompress' % log)
                        break
                    if n + len(b) >= want:
                        nl = b.find(b'\n', max(want - n - 1, 0))
                        if nl >= 0:
                            b = b[:nl + 1]
                            f.write(b)
                            n += len(b)
                            break
                    f.write(b)
                    n += len(b)
                p.stdout.close()
                p.kill()
                p.wait()
                if n >= want:
                    break
            if n == 0:
                sys.exit('mkinput.py: the logs are empty')
    os.rename(tmp, out)


if __name__ == '__main__':
    main()
