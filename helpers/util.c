// SPDX-License-Identifier: GPL-2.0
/* util.c - see util.h */
#define _GNU_SOURCE	/* strchrnul(): glibc, musl, the BSDs */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
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
	l->lineno = 0;
	l->cap = 1u << 20;
	l->buf = emalloc(l->cap + 1);
	l->buf[0] = '\0';
	l->len = l->start = 0;
	l->eof = 0;
}

char *lines_next(struct lines *l, size_t *len)
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
			if (p < end)
				die(EXIT_BADINPUT, "%s:%lu: no newline at the end: the file was cut",
				    l->name, l->lineno + 1);
			return NULL;
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

void lines_free(struct lines *l)
{
	free(l->buf);
	l->buf = NULL;
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
