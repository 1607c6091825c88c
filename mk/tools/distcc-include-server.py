#!/usr/bin/python3
"""distcc-include-server.py - Debian 12's distcc include server, fixed.

Usage: distcc-include-server.py --port SOCKET --pid_file FILE [OPTION...]
(the options of include_server.py; mk/tools/distcc-pump.sh starts it)

Pump mode needs the include server of the distcc-pump package (distcc 3.4):
it lists the headers of each compile, distcc sends them, and the server
preprocesses them itself, mirrored under a temporary directory. As Debian
12 ships it, it cannot serve a kernel build, and what it does serve does
not give a local build's diagnostics. The Python modules are Debian's;
these attributes are replaced:

1. Its C extension fails under Python >= 3.10 ("PY_SSIZE_T_CLEAN macro
   must be defined for '#' formats", distcc issue #454): the server dies on
   its first request and every compile falls back to plain distcc,
   silently. OsPathExists and OsPathIsFile become os.path's,
   CompressLzo1xAlloc python3-lzo's LZO1X-1 of the file's own bytes (the
   server reads files as latin-1 text: encoding back is exact).
2. It starts each file found through an absolute directory with
   '#line 1 "PATH"', PATH as on the client: GCC then re-reads a
   diagnostic's source line from PATH, which the server does not have, and
   prints no source line and byte columns instead of display columns
   (tabs). Without it GCC prints the server's paths; kwarn-distcc
   (mk/tools/distcc-cc.sh) turns them back into the client's.
3. Only the include directories that files were sent from exist on the
   server: GCC's -Wmissing-include-dirs (W=1) names the others. Every -I
   directory that exists on the client is created there too.
4. It does not know clang's two-word "-meabi gnu" (arch/arm/Makefile), takes
   "gnu" for a second source file and gives up on every clang compile.
   (kwarn compiles clang locally, mk/tools/distcc.mk; tests/t91-distcc.sh
   measures why.)
"""
import os
import re
import runpy
import sys

SERVER_DIR = '/usr/lib/python3/dist-packages/include_server'
sys.path.insert(0, SERVER_DIR)

import lzo  # noqa: E402  (python3-lzo)
import distcc_pump_c_extensions as ext  # noqa: E402

LINE_PREFIX = re.compile(r'#line 1 "[^"\n]*"\n')


def compress(text):
    """1 and 2: the file's bytes, without the include server's #line"""
    if text.startswith('#line 1 "'):
        text = LINE_PREFIX.sub('', text, count=1)
    return lzo.compress(text.encode('latin-1'), 1, False)


# before any module of the server reads them
ext.OsPathExists = os.path.exists
ext.OsPathIsFile = os.path.isfile
ext.CompressLzo1xAlloc = compress

import parse_command  # noqa: E402
import include_analyzer  # noqa: E402

# 4
for table in (parse_command.CPP_OPTIONS_ALWAYS_TWO_WORDS,
              parse_command.CPP_OPTIONS_TWO_WORDS):
    table['-meabi'] = lambda parse_state, arg: None

process_compilation_command = include_analyzer.IncludeAnalyzer.ProcessCompilationCommand


def process_with_dirs(self, currdir, parsed_command):
    """3: mirror each existing -I directory (quote dirs, then angle dirs)"""
    closure = process_compilation_command(self, currdir, parsed_command)
    for idx in parsed_command[0]:
        path = os.path.join(currdir, self.directory_map.string[idx])
        if os.path.isdir(path):
            self.mirror_path.DoPath(os.path.join(path, 'forcing_technique_271828'),
                                    self.currdir_idx, self.client_root_keeper.client_root)
    return closure


include_analyzer.IncludeAnalyzer.ProcessCompilationCommand = process_with_dirs

sys.argv[0] = os.path.join(SERVER_DIR, 'include_server.py')
runpy.run_path(sys.argv[0], run_name='__main__')
