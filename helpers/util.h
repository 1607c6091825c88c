/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util.h - the few things every kwarn helper needs: errors that exit with
 * a message prefixed by the tool's name, checked allocation, checked close,
 * a line reader, a hash table and a JSON string writer.
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
#include <string.h>

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
 * line without its newline ("the file was cut"; @what names the file
 * otherwise, @open_end reads such a line instead: a list typed by hand).
 */
/* mk/corpus-lib.jq's line_max: every corpus reader's limit (t01 holds them equal) */
#define LINES_MAX	(16u << 20)
struct lines {
	int fd;
	const char *name;
	const char *what;	/* "file" unless the caller says better */
	int open_end;		/* 0 unless the caller sets it */
	unsigned long lineno;	/* of the line last returned */
	char *buf;
	size_t cap, len, start;
	int eof;
};
void lines_init(struct lines *l, int fd, const char *name);
/* lines_init on the file @name opened for reading; dies (exit 3) if it cannot be */
void lines_open(struct lines *l, const char *name);
/* The next line and its length, or NULL at the end of the input. */
char *lines_next(struct lines *l, size_t *len);
/*
 * 1 when the next line, already read in, is the @n bytes at @s: it is
 * taken. Else 0, nothing taken. A caller that guesses the next line is
 * spared the search for its end (inline: it is tried on every line).
 */
static inline int lines_next_is(struct lines *l, const char *s, size_t n)
{
	const char *p = l->buf + l->start;

	if (l->len - l->start <= n || p[n] != '\n' || memcmp(p, s, n))
		return 0;
	l->start += n + 1;
	l->lineno++;
	return 1;
}
void lines_free(struct lines *l);
/* lines_free, and the file lines_open opened closed */
void lines_close(struct lines *l);

/* murmur3's finalizer: a 64-bit hash with every bit mixed */
uint64_t hash_mix(uint64_t h);
/* A hash of @n bytes for hash tables, 16 bytes a step (not kept anywhere: may change) */
uint64_t hash_bytes(const char *s, size_t n);

/*
 * A hash table of the caller's slots: open addressing, linear probing, at
 * most half full. A slot is the caller's struct whose first member is
 * "uint64_t hash" (0 in an empty slot: a hash of 0 is kept as 1); @same
 * says whether a slot of the same hash holds @key. Slot pointers are
 * valid until the next htab_put (it may move every slot).
 */
struct htab {
	char *slots;
	size_t size;		/* of a slot, in bytes */
	size_t n, cap;		/* used slots; all slots, a power of two */
};
typedef int htab_same(const void *slot, const void *key);
/* a string that need not end in a NUL: a key to look up */
struct bytes { const char *s; size_t n; };
#define HTAB(slot_type)	{ NULL, sizeof(slot_type), 0, 0 }
/* The slot that holds @key, or NULL. */
void *htab_get(const struct htab *t, uint64_t hash, htab_same *same, const void *key);
/* The slot that holds @key; or a new one, all 0 but its hash (*fresh = 1), for the caller to fill. */
void *htab_put(struct htab *t, uint64_t hash, htab_same *same, const void *key, int *fresh);
/* The used slot after @slot (NULL: the first), or NULL: every slot in turn. */
void *htab_next(const struct htab *t, void *slot);
/* Every slot emptied, the room kept. */
void htab_clear(struct htab *t);
void htab_free(struct htab *t);

/*
 * @s as a JSON string. JSON_JQ: as jq -c writes it (kwarn-parse: the
 * corpus's records keep jq's bytes): \b \f \n \r \t short, other
 * controls and DEL as \u00XX, invalid UTF-8 as U+FFFD itself.
 * JSON_U_ESCAPES: every control and DEL as \u00XX, invalid UTF-8 as
 * \ufffd (kwarn-agg -j's bytes: jq reads them the same). The two differ in
 * nothing else.
 */
enum json_style { JSON_JQ, JSON_U_ESCAPES };
void put_json_string(FILE *o, const char *s, enum json_style style);

/* undo jq's @tsv escapes (\\ \t \n \r) of the n bytes at s in place, n
 * made the new length; a field that got shorter ends in a NUL. 0 for any
 * other escape. */
int tsv_unescape(char *s, size_t *n);

/* ---- memory, the summary format, child processes ---- */
#include <sys/types.h>

/* A growing array @v of @n used of @cap: the address of a new last element. */
#define PUSH(v, n, cap) \
	((n) == (cap) ? ((cap) = (cap) ? 2 * (cap) : 64, \
			 (v) = erealloc((v), (cap) * sizeof(*(v)))) : (v), &(v)[(n)++])
char *estrdup(const char *s);
/* open_memstream(), dying when it cannot */
FILE *memstream(char **s, size_t *n);
/* htab_same for slots keyed by a 64-bit number, the member after the hash */
int htab_same_u64(const void *slot, const void *key);

/*
 * A flag as make top shows it (corpus-lib.jq's shown_name), allocated: a
 * compiler's flag alone, another checker's after its tool ("dtc
 * -Wunit_address_vs_reg"), a tool that prints no flag by its name.
 */
char *shown_name(const char *tool, const char *flag);

/* A number as jq prints one: digits, no leading zero, at most 19 (fits 64 bits). */
int parse_u64(const char *s, size_t n, uint64_t *v);
/* A warning's key: 16 lowercase hex digits (strtoull() would take a fifth of top's time). */
int parse_key(const char *s, size_t n, uint64_t *v);
/*
 * Split @line at tabs, each made a NUL, into at most @max fields: their
 * number, or @max + 1 for more. @rest: the last field is the rest of the
 * line, not looked at (kwarn-agg top reads no text: half the bytes).
 */
size_t split_tabs(char *line, size_t n, char **f, size_t *len, size_t max, int rest);
/*
 * A summary header (mk/summary.sh): "#kwarn-summary", its version, then
 * these NAME=VALUE fields in this order.
 */
enum { SUM_SHA256, SUM_SEED, SUM_TOOLCHAIN, SUM_W, SUM_VARIANT, SUM_STATUS, SUM_MAKE_EXIT,
       SUM_INSTANCES, SUM_UNIQUE, SUM_NH };
extern const char *const summary_names[SUM_NH];
/*
 * The VALUEs of header fields @f[0..SUM_NH) (split_tabs's) in @v, @vlen.
 * Dies naming @l's line when one is not its NAME=VALUE, or (@empty_ok 0)
 * its VALUE is empty.
 */
void summary_values(const struct lines *l, char **f, const size_t *len, char **v, size_t *vlen, int empty_ok);
/* The cumulative W levels a build has: W=1 (warning levels 0-1), W=12, W=123. */
#define NW	3
/* The W levels that print a warning of @level (-1, unknown: W=123 alone): bit w for each. */
unsigned w_mask(int level);

/* @argv run (by PATH), its stdin the file @in (NULL: ours): its stdout's read end */
int spawn_reader(char **argv, const char *in, pid_t *pid);
/* "zstd -dcq --" of the @n files @names: spawn_reader's */
int zstd_reader(char **names, size_t n, pid_t *pid);
#define ZSTD_RUN	256	/* files a zstd_reader at most: its command line stays short */
/* The child's exit status, 128 + N for signal N. */
int reap(pid_t pid);

#endif
