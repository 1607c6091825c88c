#!/usr/bin/env python3
# measure.py - run one command, print what it cost.
#
# Usage: measure.py OUT CMD [ARG...]
#
# Runs CMD with its standard output to the file OUT (not /dev/null: GNU
# grep stops at the first match when it writes there) and prints one line:
#   WALL_S USER_S SYS_S MAXRSS_KB EXIT
# wall-clock seconds, CPU seconds of CMD and everything it waited for, the
# peak resident set of the largest of them, and CMD's exit status. The
# clock runs from fork to wait: Python's own start is not counted.
import os
import signal
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.exit('usage: measure.py OUT CMD [ARG...]')
    fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # Python ignores it
            os.dup2(fd, 1)
            os.execvp(sys.argv[2], sys.argv[2:])
        finally:
            os._exit(127)
    _, status, ru = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    print('%.3f %.3f %.3f %d %d' % (wall, ru.ru_utime, ru.ru_stime, ru.ru_maxrss,
                                    os.waitstatus_to_exitcode(status)))


if __name__ == '__main__':
    main()
