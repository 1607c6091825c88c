// SPDX-License-Identifier: GPL-2.0
/*
 * kwarn-cc - compiler wrapper that keeps each object's diagnostics whole.
 *
 * Usage: kwarn-cc COMPILER [ARG...]
 *        kwarn-cc --capture FILE COMMAND [ARG...]
 *   Kbuild: make CC="kwarn-cc arm-linux-gnueabi-gcc-12"
 *
 * When the command compiles one output (-c or -S with -o DIR/NAME), the
 * compiler's stderr goes straight into DIR/.NAME.kwarn (through a temporary
 * file renamed into place; removed when the compile printed nothing), so
 * diagnostics of parallel compiles never interleave and stay next to the
 * object across incremental rebuilds. Any other command (cc-option probes,
 * -E, --version) runs untouched. On failure, or with KWARN_ECHO=1, the
 * captured text is copied to stderr too.
 *
 * --capture FILE does the same for any other per-object step (Kbuild's
 * kernel-doc check): COMMAND's stderr goes to FILE.
 *
 * kwarn-cc replaces or removes only a regular file (or nothing): when FILE
 * or DIR/.NAME.kwarn exists as anything else (a device node, FIFO,
 * directory, symbolic link), it is left as is and the command is not run.
 *
 * Exit: the command's status (128+N when signal N killed it), else one
 * line "kwarn-cc: ..." on stderr and kwarn-cc's own code:
 *   2  FILE or DIR/.NAME.kwarn is not a regular file (checked before the
 *      command runs, and again before it is replaced), or no command given
 *   3  the command cannot be run (not found: where a shell says 127), the
 *      temporary file cannot be made, other I/O errors
 * The command may exit 2 or 3 itself: the "kwarn-cc:" line tells them apart.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static const char *output_of(int argc, char **argv)
{
	const char *out = NULL;
	int compiles = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-c") || !strcmp(argv[i], "-S"))
			compiles = 1;
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strncmp(argv[i], "-o", 2) && argv[i][2])
			out = argv[i] + 2;
	}
	if (!compiles || !out || !strncmp(out, "/dev/", 5) || strstr(out, ".tmp_"))
		return NULL;
	return out;
}

/* DIR/NAME -> DIR/.NAME.kwarn */
static char *diag_path(const char *out)
{
	const char *base = strrchr(out, '/');
	size_t dirlen = base ? (size_t)(base - out) + 1 : 0;
	char *p = emalloc(strlen(out) + sizeof("..kwarn"));

	base = out + dirlen;
	memcpy(p, out, dirlen);
	sprintf(p + dirlen, ".%s.kwarn", base);
	return p;
}

static void copy_to_stderr(int fd)
{
	char buf[65536];
	ssize_t n;

	if (lseek(fd, 0, SEEK_SET) < 0)
		return;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (write(STDERR_FILENO, buf, (size_t)n) != n)
			return;
}

static const char *file_kind(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device" :
	       S_ISBLK(m) ? "a block device" : S_ISFIFO(m) ? "a FIFO" :
	       S_ISLNK(m) ? "a symbolic link" : S_ISSOCK(m) ? "a socket" : "a special file";
}

/*
 * Die unless @p is missing or a regular file: anything else there is not
 * ours to replace (--capture /dev/null would remove the device node).
 */
static void check_target(const char *p)
{
	struct stat st;

	if (lstat(p, &st)) {
		if (errno == ENOENT)
			return;
		die(EXIT_IO, "%s: %s", p, strerror(errno));
	}
	if (!S_ISREG(st.st_mode))
		die(EXIT_USAGE, "%s: %s, not a regular file: left as is", p,
		    file_kind(st.st_mode));
}

static char *path;	/* the diagnostics file (a global: LeakSanitizer sees it at every die) */
static char *tmp;	/* the temporary file, while it exists */

/* every exit after it is made: no temporary file is left behind */
static void remove_tmp(void)
{
	if (tmp)
		unlink(tmp);
}

int main(int argc, char **argv)
{
	const char *out, *echo = getenv("KWARN_ECHO");
	int fd, rc, ep[2], err;
	ssize_t n;
	pid_t pid;
	struct stat st;

	argv0 = "kwarn-cc";
	if (argc >= 4 && !strcmp(argv[1], "--capture")) {
		if (!*argv[2])
			die(EXIT_USAGE, "--capture '': no file named");
		path = estrdup(argv[2]);
		argv += 2;
		argc -= 2;
	} else if (argc >= 2 && strncmp(argv[1], "--", 2)) {
		out = output_of(argc, argv);
		if (!out) {
			execvp(argv[1], argv + 1);
			die(EXIT_IO, "%s: %s", argv[1], strerror(errno));
		}
		path = diag_path(out);
	} else {
		die(EXIT_USAGE, "usage: kwarn-cc COMPILER [ARG...] | kwarn-cc --capture FILE COMMAND [ARG...]");
	}

	check_target(path);
	tmp = emalloc(strlen(path) + 32);
	sprintf(tmp, "%s.%ld.tmp", path, (long)getpid());
	/* a regular one is a killed run's, under a reused pid */
	check_target(tmp);
	if (unlink(tmp) && errno != ENOENT)
		die(EXIT_IO, "%s: %s", tmp, strerror(errno));
	fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		die(EXIT_IO, "%s: %s", tmp, strerror(errno));
	atexit(remove_tmp);

	/* the child reports a failed exec through a pipe that exec closes */
	if (pipe(ep) || fcntl(ep[0], F_SETFD, FD_CLOEXEC) ||
	    fcntl(ep[1], F_SETFD, FD_CLOEXEC))
		die(EXIT_IO, "pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		die(EXIT_IO, "fork: %s", strerror(errno));
	if (pid == 0) {
		if (dup2(fd, STDERR_FILENO) >= 0)
			execvp(argv[1], argv + 1);
		err = errno;
		n = write(ep[1], &err, sizeof(err));	/* the parent reads it */
		_exit(127);
	}
	close(ep[1]);
	while ((n = read(ep[0], &err, sizeof(err))) < 0 && errno == EINTR)
		;
	close(ep[0]);
	rc = reap(pid);
	if (n == sizeof(err))
		die(EXIT_IO, "%s: %s", argv[1], strerror(err));

	if (fstat(fd, &st))
		die(EXIT_IO, "%s: %s", tmp, strerror(errno));
	check_target(path);	/* again: the command may have run for minutes */
	if (st.st_size == 0) {
		/* nothing printed: no diagnostics file (remove_tmp drops tmp) */
		if (unlink(path) && errno != ENOENT)
			die(EXIT_IO, "%s: %s", path, strerror(errno));
	} else {
		if (rename(tmp, path))
			die(EXIT_IO, "%s: %s", path, strerror(errno));
		free(tmp);
		tmp = NULL;	/* renamed: nothing to remove */
		if (rc || (echo && *echo == '1'))
			copy_to_stderr(fd);
	}
	close(fd);
	free(path);
	return rc;
}
