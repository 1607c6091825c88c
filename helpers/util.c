// SPDX-License-Identifier: GPL-2.0
/* util.c - see util.h */
#define _GNU_SOURCE	/* strchrnul(): glibc, musl, the BSDs */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

const char *argv0 = "kwarn";

void die(int code, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", argv0);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

void *emalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die(EXIT_IO, "out of memory");
	return p;
}

void *ecalloc(size_t n, size_t m)
{
	void *p = calloc(n ? n : 1, m ? m : 1);

	if (!p)
		die(EXIT_IO, "out of memory");
	return p;
}

void *erealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die(EXIT_IO, "out of memory");
	return p;
}

char *estrndup(const char *s, size_t n)
{
	char *p = emalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void efclose(FILE *fp, const char *name)
{
	int err = ferror(fp);

	if (fclose(fp) || err)
		die(EXIT_IO, "%s: write error: %s", name, strerror(errno ? errno : EIO));
}

int utf8_len(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned char lo = 0x80, hi = 0xbf;
	int n;

	if (p[0] < 0x80)
		return 1;
	if (p[0] < 0xc2 || p[0] > 0xf4)
		return 0;
	n = p[0] < 0xe0 ? 2 : p[0] < 0xf0 ? 3 : 4;
	/* the second byte's range rules out overlongs, surrogates, > U+10FFFF */
	if (p[0] == 0xe0)
		lo = 0xa0;
	else if (p[0] == 0xed)
		hi = 0x9f;
	else if (p[0] == 0xf0)
		lo = 0x90;
	else if (p[0] == 0xf4)
		hi = 0x8f;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (int i = 2; i < n; i++)	/* stops at a NUL: never reads past it */
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

char *printable(const char *s)
{
	char *o = emalloc(4 * strlen(s) + 1), *p = o;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x20 && c < 0x7f)
			*p++ = (char)c;
		else
			p += sprintf(p, "\\x%02x", c);
	}
	*p = '\0';
	return o;
}

void lines_init(struct lines *l, int fd, const char *name)
{
	l->fd = fd;
	l->name = name;
	l->what = "file";
	l->open_end = 0;
	l->lineno = 0;
	l->cap = 1u << 20;
	l->buf = emalloc(l->cap + 1);
	l->buf[0] = '\0';
	l->len = l->start = 0;
	l->eof = 0;
}

/*
 * All of lines_next's work; lines_next does the common case, a whole line
 * next in the buffer, itself (this not inline: then it saves few registers).
 */
__attribute__((noinline)) static char *lines_more(struct lines *l, size_t *len)
{
	for (;;) {
		char *p = l->buf + l->start, *end = l->buf + l->len;
		/* the buffer ends in a NUL: one pass finds a newline or a NUL */
		char *nl = strchrnul(p, '\n');
		ssize_t r;

		if (nl < end) {
			if (!*nl)
				die(EXIT_BADINPUT, "%s:%lu: binary data (NUL byte)", l->name, l->lineno + 1);
			*nl = '\0';
			l->lineno++;
			l->start = (size_t)(nl + 1 - l->buf);
			*len = (size_t)(nl - p);
			return p;
		}
		if (l->eof) {
			if (p == end)
				return NULL;
			if (!l->open_end)
				die(EXIT_BADINPUT, "%s:%lu: no newline at the end: the %s was cut",
				    l->name, l->lineno + 1, l->what);
			l->lineno++;	/* the last line: the buffer's NUL ends it */
			l->start = l->len;
			*len = (size_t)(end - p);
			return p;
		}
		memmove(l->buf, p, (size_t)(end - p));
		l->len = (size_t)(end - p);
		l->start = 0;
		if (l->len == l->cap) {
			if (l->cap >= LINES_MAX)
				die(EXIT_BADINPUT, "%s:%lu: line longer than %u bytes",
				    l->name, l->lineno + 1, LINES_MAX);
			l->cap *= 2;
			l->buf = erealloc(l->buf, l->cap + 1);
		}
		r = read(l->fd, l->buf + l->len, l->cap - l->len);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			die(EXIT_IO, "%s: %s", l->name, strerror(errno));
		}
		if (r == 0)
			l->eof = 1;
		l->len += (size_t)r;
		l->buf[l->len] = '\0';
	}
}

char *lines_next(struct lines *l, size_t *len)
{
	char *p = l->buf + l->start, *nl = strchrnul(p, '\n');

	/* the buffer ends in a NUL: a newline found is in the data */
	if (*nl != '\n')
		return lines_more(l, len);
	*nl = '\0';
	l->lineno++;
	l->start = (size_t)(nl + 1 - l->buf);
	*len = (size_t)(nl - p);
	return p;
}

void lines_open(struct lines *l, const char *name)
{
	int fd = open(name, O_RDONLY);

	if (fd < 0)
		die(EXIT_IO, "%s: %s", name, strerror(errno));
	lines_init(l, fd, name);
}

void lines_free(struct lines *l)
{
	free(l->buf);
	l->buf = NULL;
}

void lines_close(struct lines *l)
{
	lines_free(l);
	close(l->fd);
}

/* murmur3's finalizer: spreads a hash's last-byte differences over all bits */
uint64_t hash_mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

uint64_t hash_bytes(const char *s, size_t n)
{
	uint64_t a = 0x9e3779b97f4a7c15ULL ^ n, b = 0xc2b2ae3d27d4eb4fULL, x, y;
	size_t i = 0;

	for (; i + 16 <= n; i += 16) {
		memcpy(&x, s + i, 8);
		memcpy(&y, s + i + 8, 8);
		a = (a ^ x) * 0xff51afd7ed558ccdULL;
		a ^= a >> 32;
		b = (b ^ y) * 0xc4ceb9fe1a85ec53ULL;
		b ^= b >> 29;
	}
	x = y = 0;
	if (n - i > 8) {
		memcpy(&x, s + i, 8);
		memcpy(&y, s + i + 8, n - i - 8);
	} else {
		memcpy(&x, s + i, n - i);
	}
	a = (a ^ x) * 0xff51afd7ed558ccdULL;
	b = (b ^ y) * 0xc4ceb9fe1a85ec53ULL;
	return hash_mix(a ^ (b << 31 | b >> 33));
}

/* the slot's hash: the first member of the caller's struct */
static uint64_t slot_hash(const char *slot)
{
	return *(const uint64_t *)(const void *)slot;
}

/* the slot of @key, or the empty one where it would go */
static char *htab_find(const struct htab *t, uint64_t hash, htab_same *same, const void *key)
{
	size_t i = hash & (t->cap - 1);

	for (;; i = (i + 1) & (t->cap - 1)) {
		char *s = t->slots + i * t->size;
		uint64_t h = slot_hash(s);

		if (!h || (h == hash && same(s, key)))
			return s;
	}
}

void *htab_get(const struct htab *t, uint64_t hash, htab_same *same, const void *key)
{
	char *s;

	if (!t->cap)
		return NULL;
	s = htab_find(t, hash ? hash : 1, same, key);
	return slot_hash(s) ? s : NULL;
}

/* twice the room, every used slot moved to its place in it */
static void htab_grow(struct htab *t)
{
	size_t oldcap = t->cap, cap = oldcap ? 2 * oldcap : 1024;
	char *old = t->slots, *slots = ecalloc(cap, t->size);

	for (size_t j = 0; j < oldcap; j++) {
		const char *s = old + j * t->size;
		size_t i;

		if (!slot_hash(s))
			continue;
		for (i = slot_hash(s) & (cap - 1); slot_hash(slots + i * t->size); i = (i + 1) & (cap - 1))
			;
		memcpy(slots + i * t->size, s, t->size);
	}
	free(old);
	t->slots = slots;
	t->cap = cap;
}

void *htab_put(struct htab *t, uint64_t hash, htab_same *same, const void *key, int *fresh)
{
	char *s;

	hash = hash ? hash : 1;
	if (2 * (t->n + 1) > t->cap)
		htab_grow(t);
	s = htab_find(t, hash, same, key);
	*fresh = !slot_hash(s);
	if (*fresh) {
		memcpy(s, &hash, sizeof(hash));
		t->n++;
	}
	return s;
}

void *htab_next(const struct htab *t, void *slot)
{
	char *s = slot ? (char *)slot + t->size : t->slots;

	for (; s && s < t->slots + t->cap * t->size; s += t->size)
		if (slot_hash(s))
			return s;
	return NULL;
}

void htab_clear(struct htab *t)
{
	if (t->cap)
		memset(t->slots, 0, t->cap * t->size);
	t->n = 0;
}

void htab_free(struct htab *t)
{
	free(t->slots);
	t->slots = NULL;
	t->n = t->cap = 0;
}

/* jq's two-character escape of the control character @c, 0 when it has none */
static char short_escape(unsigned char c)
{
	switch (c) {
	case '\b': return 'b';
	case '\f': return 'f';
	case '\n': return 'n';
	case '\r': return 'r';
	case '\t': return 't';
	default: return 0;
	}
}

void put_json_string(FILE *o, const char *s, enum json_style style)
{
	const unsigned char *p = (const unsigned char *)s;
	char e;

	putc('"', o);
	while (*p) {
		const unsigned char *run = p;
		int len;

		/* printable ASCII goes out as is, a run at a time */
		while (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\')
			p++;
		if (p > run)
			fwrite(run, 1, (size_t)(p - run), o);
		if (!*p)
			break;
		/* JSON is UTF-8: surrogates and overlong forms are not */
		len = utf8_len((const char *)p);
		if (!len)
			fputs(style == JSON_JQ ? "\xef\xbf\xbd" : "\\ufffd", o);
		else if (len > 1)
			fwrite(p, 1, (size_t)len, o);
		else if (*p == '"' || *p == '\\')
			fprintf(o, "\\%c", *p);
		else if (style == JSON_JQ && (e = short_escape(*p)))
			fprintf(o, "\\%c", e);
		else
			fprintf(o, "\\u%04x", *p);	/* the other controls, DEL */
		p += len ? len : 1;
	}
	putc('"', o);
}

int tsv_unescape(char *s, size_t *n)
{
	char *o = s, *end = s + *n;

	for (char *p = s; p < end; p++) {
		if (*p != '\\') {
			*o++ = *p;
			continue;
		}
		if (++p == end)
			return 0;
		switch (*p) {
		case '\\': *o++ = '\\'; break;
		case 't': *o++ = '\t'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		default: return 0;
		}
	}
	if (o < end)
		*o = '\0';
	*n = (size_t)(o - s);
	return 1;
}

/* ---- memory, the summary format, child processes ---- */

char *estrdup(const char *s)
{
	return estrndup(s, strlen(s));
}

char *shown_name(const char *tool, const char *flag)
{
	char *s;

	if (!*flag || !strcmp(tool, "gcc") || !strcmp(tool, "clang") || !strcmp(tool, "driver"))
		return estrdup(*flag ? flag : tool);
	s = emalloc(strlen(tool) + strlen(flag) + 2);
	sprintf(s, "%s %s", tool, flag);
	return s;
}

FILE *memstream(char **s, size_t *n)
{
	FILE *f = open_memstream(s, n);

	if (!f)
		die(EXIT_IO, "open_memstream: %s", strerror(errno));
	return f;
}

int htab_same_u64(const void *slot, const void *key)
{
	uint64_t k;

	memcpy(&k, (const char *)slot + sizeof(uint64_t), sizeof(k));
	return k == *(const uint64_t *)key;
}

int parse_u64(const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;

	if (n < 1 || n > 19 || (n > 1 && s[0] == '0'))
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		x = 10 * x + (uint64_t)(s[i] - '0');
	}
	*v = x;
	return 1;
}

int parse_key(const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;

	if (n != 16)
		return 0;
	for (size_t i = 0; i < 16; i++) {
		unsigned c = (unsigned char)s[i];

		if (c - '0' < 10)
			x = x << 4 | (c - '0');
		else if (c - 'a' < 6)
			x = x << 4 | (c - 'a' + 10);
		else
			return 0;
	}
	*v = x;
	return 1;
}

size_t split_tabs(char *line, size_t n, char **f, size_t *len, size_t max, int rest)
{
	char *p = line, *end = line + n;
	size_t k = 0;

	for (;;) {
		char *tab;

		if (k == max)
			return k + 1;
		tab = rest && k + 1 == max ? NULL : memchr(p, '\t', (size_t)(end - p));
		f[k] = p;
		if (!tab) {
			len[k++] = (size_t)(end - p);
			return k;
		}
		*tab = '\0';
		len[k++] = (size_t)(tab - p);
		p = tab + 1;
	}
}

const char *const summary_names[SUM_NH] = {
	"corpus_sha256", "seed", "toolchain", "w", "variant", "status", "make_exit", "instances", "unique",
};

void summary_values(const struct lines *l, char **f, const size_t *len, char **v, size_t *vlen, int empty_ok)
{
	for (int i = 0; i < SUM_NH; i++) {
		size_t k = strlen(summary_names[i]);

		if (len[i] <= k || memcmp(f[i], summary_names[i], k) || f[i][k] != '=' ||
		    (!empty_ok && len[i] == k + 1))
			die(EXIT_BADINPUT, "%s:%lu: header field %d is not %s=VALUE", l->name, l->lineno, 3 + i,
			    summary_names[i]);
		v[i] = f[i] + k + 1;
		vlen[i] = len[i] - k - 1;
	}
}

unsigned w_mask(int level)
{
	unsigned mask = 0;

	for (int w = 0; w < NW; w++)
		if ((level < 0 ? 3 : level) <= w + 1)
			mask |= 1u << w;
	return mask;
}

extern char **environ;

int spawn_reader(char **argv, const char *in, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	int p[2], rc;

	if (pipe(p))
		die(EXIT_IO, "pipe: %s", strerror(errno));
	posix_spawn_file_actions_init(&fa);
	if (in)
		posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, in, O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, p[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, p[0]);
	posix_spawn_file_actions_addclose(&fa, p[1]);
	rc = posix_spawnp(pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc)
		die(EXIT_IO, "cannot run %s: %s", argv[0], strerror(rc));
	close(p[1]);
	return p[0];
}

int zstd_reader(char **names, size_t n, pid_t *pid)
{
	char **argv = emalloc((n + 4) * sizeof(char *));
	int fd;

	argv[0] = "zstd";
	argv[1] = "-dcq";
	argv[2] = "--";
	memcpy(argv + 3, names, n * sizeof(char *));
	argv[n + 3] = NULL;
	fd = spawn_reader(argv, NULL, pid);
	free(argv);
	return fd;
}

int reap(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die(EXIT_IO, "waitpid: %s", strerror(errno));
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
