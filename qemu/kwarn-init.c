// SPDX-License-Identifier: GPL-2.0
/*
 * kwarn-init.c - /init of kwarn's boot initramfs: stream the kernel's branch
 * profile to the serial console, then power off.
 *
 * Built static against the kernel tree's tools/include/nolibc (see
 * mk/boot.mk); runs as PID 1 with /dev/console on fds 0-2.
 *
 * It mounts proc, sysfs and debugfs (tracefs on its own when debugfs will
 * not mount), and prints, KTAP style, one section per profile file:
 *
 *   @@kwarn-begin NAME PATH
 *   ...the file's bytes, as the kernel gave them...
 *   @@kwarn-end NAME lines=N bytes=N cksum=N status=S
 *   ok N - NAME            (or: not ok N - NAME # reason)
 *
 * cksum is POSIX cksum(1)'s CRC of the section's bytes, so the host checks
 * that what it got is what was sent. status is "done", "missing" (no such
 * file), "error=ERRNO" (open or read failed), "signal=N" (the reader was
 * killed, e.g. by an oops: each file is read by a child process through a
 * pipe, so an oops costs that file, not the boot) or "stalled" (nothing
 * came for STALL_SECONDS: the reader is killed, the next file read).
 *
 * The console log level is lowered to KERN_EMERG while a file streams, so
 * kernel messages do not land inside the data; what the kernel logged
 * meanwhile is printed afterwards in a "dmesg" section. Last comes
 * "@@kwarn-done", and the machine powers off.
 */

#include <asm/ioctls.h>
#include <asm/termbits.h>
#include <linux/reboot.h>

/* syslog(2) actions */
#define KW_SYSLOG_READ_ALL	3
#define KW_SYSLOG_CONSOLE_LEVEL	8

#define QUIET_MARK "kwarn-init: quiet console from here"

/* a reader that sends nothing for this long is killed */
#define STALL_SECONDS 120
#define STR_(x) #x
#define STR(x) STR_(x)

/*
 * A wait status, decoded here for every tree: 6.1's nolibc lacks the
 * macros, and 6.12's WIFSIGNALED(status), ((status) - 1 < 0xff) on an int,
 * is true for a reader that exited 0.
 */
#define KW_TERMSIG(status)	((status) & 0x7f)
#define KW_EXITSTATUS(status)	(((status) >> 8) & 0xff)
#define KW_SIGNALED(status)	(KW_TERMSIG(status) != 0 && KW_TERMSIG(status) != 0x7f)

/* Profile files, by preference: the first that exists is streamed. */
struct source {
	const char *name;
	const char *files[3];
};

static const struct source sources[] = {
	{ "branch_all", { "trace_stat/branch_all_raw", "trace_stat/branch_all", 0 } },
	{ "branch_annotated", { "trace_stat/branch_annotated_raw", "trace_stat/branch_annotated", 0 } },
};

/* What went through a section. */
struct progress {
	unsigned long lines;
	unsigned long bytes;
	unsigned int crc;
	int last;		/* the last byte written */
};

static unsigned int crctab[256];
static char buf[16384];
/* the kernel log's tail; syslog(READ_ALL) gives the last this many bytes */
static char logbuf[1 << 20];
static int ntests;

static void out(const char *s)
{
	write(1, s, strlen(s));
}

static void outnum(unsigned long v)
{
	char s[24];
	int i = sizeof(s) - 1;

	s[i] = 0;
	do {
		s[--i] = '0' + v % 10;
		v /= 10;
	} while (v);
	out(s + i);
}

static void crc_init(void)
{
	unsigned int i, k, c;

	for (i = 0; i < 256; i++) {
		c = i << 24;
		for (k = 0; k < 8; k++)
			c = c & 0x80000000u ? (c << 1) ^ 0x04c11db7u : c << 1;
		crctab[i] = c;
	}
}

static unsigned int crc_update(unsigned int crc, const char *p, long n)
{
	while (n-- > 0)
		crc = (crc << 8) ^ crctab[((crc >> 24) ^ (unsigned char)*p++) & 0xff];
	return crc;
}

/* cksum(1): the CRC of the data, then of its length, least byte first */
static unsigned int crc_final(unsigned int crc, unsigned long len)
{
	char c;

	for (; len; len >>= 8) {
		c = len & 0xff;
		crc = crc_update(crc, &c, 1);
	}
	return ~crc;
}

static char *find(const char *s, const char *what)
{
	size_t n = strlen(what);

	for (; *s; s++)
		if (!memcmp(s, what, n))
			return (char *)s;
	return 0;
}

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

static void console_level(int level)
{
	my_syscall3(__NR_syslog, KW_SYSLOG_CONSOLE_LEVEL, 0, level);
}

/* The console's first log level, from /proc/sys/kernel/printk. */
static int get_console_level(void)
{
	char s[16];
	int fd, n, v = 0, i;

	fd = open("/proc/sys/kernel/printk", O_RDONLY, 0);
	if (fd < 0)
		return 7;
	n = read(fd, s, sizeof(s) - 1);
	close(fd);
	for (i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		v = v * 10 + s[i] - '0';
	return i ? v : 7;
}

static void kmsg(const char *s)
{
	int fd = open("/dev/kmsg", O_WRONLY, 0);

	if (fd >= 0) {
		write(fd, s, strlen(s));
		close(fd);
	}
}

/* Send the console's output bytes as they are: no "\n" to "\r\n". */
static void raw_output(void)
{
	struct termios t;

	if (ioctl(1, TCGETS, &t) == 0) {
		t.c_oflag &= ~OPOST;
		ioctl(1, TCSETS, &t);
	}
}

static void begin(const char *name, const char *path)
{
	out("@@kwarn-begin ");
	out(name);
	out(" ");
	out(path);
	out("\n");
}

static void end(const char *name, const struct progress *p, const char *status,
		long num)
{
	if (p->bytes && p->last != '\n')
		out("\n");
	out("@@kwarn-end ");
	out(name);
	out(" lines=");
	outnum(p->lines);
	out(" bytes=");
	outnum(p->bytes);
	out(" cksum=");
	outnum(crc_final(p->crc, p->bytes));
	out(" status=");
	out(status);
	if (num >= 0)
		outnum(num);
	out("\n");
}

static void result(int good, const char *name, const char *why)
{
	ntests++;
	out(good ? "ok " : "not ok ");
	outnum(ntests);
	out(" - ");
	out(name);
	if (why) {
		out(" # ");
		out(why);
	}
	out("\n");
}

static void account(struct progress *p, const char *s, long n)
{
	long i;

	for (i = 0; i < n; i++)
		if (s[i] == '\n')
			p->lines++;
	p->bytes += n;
	p->crc = crc_update(p->crc, s, n);
	p->last = (unsigned char)s[n - 1];
}

/*
 * In a child: copy PATH into the pipe FD. Exits 0, or 1 + the errno of a
 * failed open, read or write.
 */
static void reader(const char *path, int fd)
{
	long n;
	int in;

	in = open(path, O_RDONLY, 0);
	if (in < 0)
		exit(1 + errno);
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(fd, buf, n) != n)
			exit(1 + errno);
	exit(n < 0 ? 1 + errno : 0);
}

static void stream(const char *name, const char *dir, const struct source *src)
{
	static char path[256];
	struct progress p = { 0 };
	int i, status, level, stalled, fds[2];
	long n;
	pid_t pid;

	for (i = 0; src->files[i]; i++) {
		strcpy(path, dir);
		strcpy(path + strlen(path), "/");
		strcpy(path + strlen(path), src->files[i]);
		if (exists(path))
			break;
	}
	if (!src->files[i]) {
		begin(name, "-");
		end(name, &p, "missing", -1);
		result(0, name, "no such file");
		return;
	}
	if (my_syscall1(__NR_pipe, fds) < 0) {
		result(0, name, "pipe failed");
		return;
	}

	level = get_console_level();
	console_level(1);
	kmsg(QUIET_MARK "\n");
	begin(name, path);
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		reader(path, fds[1]);
	}
	close(fds[1]);
	stalled = 0;
	while (pid > 0) {
		struct pollfd pfd = { .fd = fds[0], .events = POLLIN };

		if (poll(&pfd, 1, STALL_SECONDS * 1000) == 0) {
			/* the kernel stopped giving: not this file's end */
			kill(pid, SIGKILL);
			stalled = 1;
			break;
		}
		n = read(fds[0], buf, sizeof(buf));
		if (n <= 0)
			break;
		account(&p, buf, n);
		write(1, buf, n);
	}
	close(fds[0]);
	status = 0;
	if (pid > 0)
		waitpid(pid, &status, 0);
	console_level(level);

	if (pid < 0) {
		end(name, &p, "error=", errno);
		result(0, name, "fork failed");
	} else if (stalled) {
		end(name, &p, "stalled", -1);
		result(0, name, "no data for " STR(STALL_SECONDS) " s, reader killed");
	} else if (KW_SIGNALED(status)) {
		end(name, &p, "signal=", KW_TERMSIG(status));
		result(0, name, "reader killed");
	} else if (KW_EXITSTATUS(status)) {
		end(name, &p, "error=", KW_EXITSTATUS(status) - 1);
		result(0, name, "read failed");
	} else {
		end(name, &p, "done", -1);
		result(1, name, 0);
	}
}

/*
 * What the kernel logged since the console went quiet, as a section of its
 * own (empty when nothing was).
 */
static void dmesg(void)
{
	struct progress p = { 0 };
	char *s, *e;
	long n;

	begin("dmesg", "syslog");
	n = my_syscall3(__NR_syslog, KW_SYSLOG_READ_ALL, logbuf, sizeof(logbuf) - 1);
	if (n < 0) {
		end("dmesg", &p, "error=", -n);
		result(0, "dmesg", "syslog read failed");
		return;
	}
	logbuf[n] = 0;
	/*
	 * From the first mark on, the console was quiet at times; with no
	 * mark (the log wrapped) all of it.
	 */
	s = find(logbuf, QUIET_MARK);
	if (s) {
		s = strchr(s, '\n');
		s = s ? s + 1 : logbuf + n;
	} else {
		s = logbuf;
	}
	e = logbuf + n;
	if (e > s) {
		account(&p, s, e - s);
		write(1, s, e - s);
	}
	end("dmesg", &p, "done", -1);
	result(1, "dmesg", 0);
}

static void try_mount(const char *src, const char *dst, const char *type)
{
	mkdir(dst, 0755);
	if (mount(src, dst, type, 0, 0) < 0) {
		out("# kwarn-init: mount ");
		out(type);
		out(" on ");
		out(dst);
		out(": errno ");
		outnum(errno);
		out("\n");
	}
}

int main(void)
{
	const char *dir = "/sys/kernel/debug/tracing";
	unsigned int i;

	raw_output();
	crc_init();
	out("KTAP version 1\n");
	out("1..");
	outnum(sizeof(sources) / sizeof(sources[0]) + 1);
	out("\n");

	try_mount("proc", "/proc", "proc");
	try_mount("sysfs", "/sys", "sysfs");
	try_mount("debugfs", "/sys/kernel/debug", "debugfs");
	if (!exists("/sys/kernel/debug/tracing/trace_stat")) {
		/* debugfs refused (DEBUG_FS_DISALLOW_MOUNT): tracefs alone */
		dir = "/sys/kernel/tracing";
		try_mount("tracefs", dir, "tracefs");
	}
	out("# kwarn-init: tracing in ");
	out(dir);
	out("\n");

	for (i = 0; i < sizeof(sources) / sizeof(sources[0]); i++)
		stream(sources[i].name, dir, &sources[i]);
	dmesg();

	out("@@kwarn-done\n");
	reboot(LINUX_REBOOT_CMD_POWER_OFF);
	/* no PSCI power-off: let the kernel panic, QEMU exits (-no-reboot) */
	return 0;
}
