// SPDX-License-Identifier: GPL-2.0
/* util.c - see util.h */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
