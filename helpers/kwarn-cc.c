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
 * captured text is copied to stderr too. Exits with the compiler's status.
 *
 * --capture FILE does the same for any other per-object step (Kbuild's
 * kernel-doc check): COMMAND's stderr goes to FILE.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

int main(int argc, char **argv)
{
	const char *out, *echo = getenv("KWARN_ECHO");
	char *path, *tmp;
	int fd, status;
	pid_t pid;
	struct stat st;

	argv0 = "kwarn-cc";
	if (argc >= 4 && !strcmp(argv[1], "--capture")) {
		path = estrndup(argv[2], strlen(argv[2]));
		argv += 2;
		argc -= 2;
	} else if (argc >= 2 && strncmp(argv[1], "--", 2)) {
		out = output_of(argc, argv);
		if (!out) {
			execvp(argv[1], argv + 1);
			die(127, "%s: %s", argv[1], strerror(errno));
		}
		path = diag_path(out);
	} else {
		die(EXIT_USAGE, "usage: kwarn-cc COMPILER [ARG...] | kwarn-cc --capture FILE COMMAND [ARG...]");
	}

	tmp = emalloc(strlen(path) + 32);
	sprintf(tmp, "%s.%ld.tmp", path, (long)getpid());
	fd = open(tmp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		die(EXIT_IO, "%s: %s", tmp, strerror(errno));

	pid = fork();
	if (pid < 0)
		die(EXIT_IO, "fork: %s", strerror(errno));
	if (pid == 0) {
		if (dup2(fd, STDERR_FILENO) < 0)
			_exit(127);
		execvp(argv[1], argv + 1);
		fprintf(stderr, "kwarn-cc: %s: %s\n", argv[1], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die(EXIT_IO, "waitpid: %s", strerror(errno));

	if (fstat(fd, &st))
		die(EXIT_IO, "%s: %s", tmp, strerror(errno));
	if (st.st_size == 0) {
		unlink(tmp);
		if (unlink(path) && errno != ENOENT)
			die(EXIT_IO, "%s: %s", path, strerror(errno));
	} else {
		if (rename(tmp, path))
			die(EXIT_IO, "%s: %s", path, strerror(errno));
		if (!WIFEXITED(status) || WEXITSTATUS(status) || (echo && *echo == '1'))
			copy_to_stderr(fd);
	}
	close(fd);
	free(tmp);
	free(path);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
