/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util.h - the few things every kwarn helper needs: errors that exit with
 * a message prefixed by the tool's name, checked allocation, checked close.
 *
 * Exit codes shared by all helpers:
 *   0  success
 *   1  bad input (the message names the file and line)
 *   2  usage error
 *   3  I/O or system error
 */
#ifndef KWARN_UTIL_H
#define KWARN_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { EXIT_BADINPUT = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

extern const char *argv0;

_Noreturn void die(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void *emalloc(size_t n);
void *ecalloc(size_t n, size_t m);
void *erealloc(void *p, size_t n);
char *estrndup(const char *s, size_t n);
/* Flush and close @fp, dying on a write error (a full disk is an error). */
void efclose(FILE *fp, const char *name);
/*
 * The length (1..4) of the valid UTF-8 character at @s, 0 when it is not
 * one: overlong forms, surrogates and code points past U+10FFFF are not.
 */
int utf8_len(const char *s);
/*
 * @s for a one-line message: bytes outside printable ASCII as \xNN (an
 * option's value may hold a line break). The caller frees it.
 */
char *printable(const char *s);

/*
 * Lines of a file descriptor, a block at a time: each line without its
 * newline, NUL-terminated in the reader's buffer (valid until the next
 * call). Bad input dies naming @name and @lineno (which the caller may
 * change between files): a NUL byte, a line longer than LINES_MAX, a last
 * line without its newline (a cut file).
 */
/* mk/corpus-lib.jq's line_max: every corpus reader's limit (t01 holds them equal) */
#define LINES_MAX	(16u << 20)
struct lines {
	int fd;
	const char *name;
	unsigned long lineno;	/* of the line last returned */
	char *buf;
	size_t cap, len, start;
	int eof;
};
void lines_init(struct lines *l, int fd, const char *name);
/* The next line and its length, or NULL at the end of the input. */
char *lines_next(struct lines *l, size_t *len);
void lines_free(struct lines *l);

/* murmur3's finalizer: a 64-bit hash with every bit mixed */
uint64_t hash_mix(uint64_t h);

#endif
