// SPDX-License-Identifier: GPL-2.0
/*
 * kwarn-parse - turn kernel build output into deduplicated warning records.
 *
 * Usage: kwarn-parse [-s SRCTREE] [-b OBJTREE] [-t TOOL] [-l LEVELS]
 *                    [-x JSON] [-T LIST] [FILE...]
 *
 * Reads gcc/clang diagnostics and the rest of a kernel build's output
 * (kernel-doc, modpost, dtc, Kconfig, assembler, linkers, make) from each
 * FILE ("-" or none: stdin) and each file LIST names (one a line), a block
 * at a time. DIR/.NAME.kwarn, as kwarn-cc writes it, holds the diagnostics
 * of object DIR/NAME. A file whose every line starts with a CI system's
 * time prefix is read without it.
 *
 * Writes one JSON object per unique diagnostic site to stdout, sorted by
 * path, line, column, kind, flag and message:
 *   key      16 hex digits: hash of tool, kind, path, flag, the message with
 *            numbers folded, and the site's ordinal among the sites that
 *            share all of those (in line order): survives line drift
 *   count    instances: how often it was printed
 *   objects  the first 16 objects that printed it; nobjects: how many did
 *   symbol   the symbol a linker or modpost names
 *   target   the make target an error made fail; root_cause: its first
 * A failing build's lines are records too (corpus/SCHEMA.md, "Build
 * failures").
 *
 * -s, -b: paths are made relative to SRCTREE and OBJTREE (and Unicode
 * quotes folded to ASCII). -t: the compiler's name (default "gcc", not
 * empty). -l: the levels table mk/levels.sh writes, the one place a
 * record's W level is decided (level_decide()). -x: a fragment
 * ("\"seed\":1") spliced into every record as is: "NAME":VALUE pairs
 * separated by commas, on one line, each NAME letters, digits and '_',
 * given once and no field every record has, each VALUE a JSON string,
 * number, true, false or null; else a usage error naming the byte.
 *
 * Exit: 0 ok, 1 bad input (names file and line), 2 usage, 3 I/O error.
 */
#define _GNU_SOURCE	/* memmem(): glibc, musl, the BSDs */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

#define MAX_NOTES	16
#define MAX_OBJECTS	16
#define MAX_CHAIN	32

struct site {
	char *id;		/* kind \037 tool \037 path \037 line \037 col \037 flag \037 msg */
	const char *kind, *tool, *flag, *path, *msg;
	unsigned long line, col;
	const char *function;	/* an atom */
	char *text, *source;
	char **notes;
	size_t nnotes;
	char **chain;
	size_t nchain;
	const char *objects[MAX_OBJECTS], *lastobj;
	size_t nobjects;
	unsigned long count;
	char *group;		/* key material minus ordinal */
	unsigned long ordinal;
	const char *symbol;	/* the symbol a linker or modpost names (atom) */
	const char *target;	/* the make target it made fail (atom) */
	const char *unit;	/* a compile's object, from its source (atom) */
	unsigned long seq;	/* order of first instances, for the root cause */
	unsigned long file;	/* the input file of its first instance */
	int captured;		/* an instance came from a kwarn-cc capture */
	int root;		/* the first error of its target */
};

/* the sites by their id */
struct site_slot { uint64_t hash; struct site *site; };
static struct htab sites = HTAB(struct site_slot);

static const char *srctree, *objtree, *cctool = "gcc", *extra;
static size_t srclen, objlen;
/* OBJTREE is SRCTREE/NAME: Kbuild's srctree is "..", the compiler's paths ../x.c */
static int src_parent;

/* the levels table's rules (mk/levels.sh): a flag's or tool's level by its
   name (the first line of a name counts), the message rules in order */
struct level_slot { uint64_t hash; char *flag; int level; };
static struct htab levels = HTAB(struct level_slot);
static struct msg_rule { char *flag; regex_t re; int level; } *msg_rules;
static size_t nmsg_rules;
static int inline_rule = -1;	/* level of unused static inlines (clang) */

/* parser state, per input file */
static const char *fname;
static unsigned long lineno;
static const char *object;	/* current object or NULL for a make log */
static int in_capture;		/* the input is a kwarn-cc capture (.NAME.kwarn) */
static const char *function;	/* gcc's "FILE: In function 'x':" (atom) ... */
static const char *function_file;	/* ... applies to diagnostics in FILE */
static const char *chain[MAX_CHAIN];	/* atoms */
static size_t nchain;
static int chain_open;		/* an include chain is being read */
static const char *chain_file;	/* the header the chain leads to */
static unsigned long chain_line;	/* input line of the last chain line */
static int chain_clang;		/* chain read in clang's order */
static struct site *last;	/* site of the last warning/error, for notes */
static int want_source;		/* next line is the source line of last */
static int kconfig_open;	/* indented lines are notes of a Kconfig warning */
static unsigned long nfile;	/* input files read so far */
static unsigned long nseq;	/* first instances so far */

/*
 * Joining errors to the make targets they made fail. An error waits in
 * errs until a "make: *** [FILE:LINE: TARGET] Error N" line names the
 * object it was printed for (kwarn-cc's capture), or the object of its
 * source (a raw log); else it is one of the errors printed in the same file
 * since the last failure line that belong to no compile (a link's,
 * modpost's): those join that failure's target.
 */
static struct {
	struct site **v;
	size_t n, cap;
} errs;
static unsigned long fail_seq;	/* nseq at this file's last failure line */

/*
 * This file's failure lines that joined no error. A compile's error
 * whose path names no target (GNU as on gcc's /tmp/ccX.s, a .s target,
 * a target spelled with ../, a program built straight from its .c) joins
 * the first of them after it, when the file ends: as a link's error
 * joins the failure line after it.
 */
static struct {
	struct fail { unsigned long at; const char *target; } *v;	/* at: nseq then */
	size_t n, cap;
} fails;

/* a GNU ld "FILE.o: in function 'f':" line: the object and function of
   the ld lines after it */
static const char *ld_obj, *ld_fn;
static unsigned long ld_line;	/* input line of the last GNU ld line */

/* an ld.lld error, written when its ">>> " lines have been read */
static struct lld_error {
	int on, want_obj;	/* want_obj: the first place's object line is next */
	const char *kind, *path, *obj, *fn;
	unsigned long line;
	char *msg, *text;
	char *notes[MAX_NOTES];
	size_t nnotes;
} lld;

/* a "*** ..." banner of make or Kconfig, written when it ends */
static struct {
	char *msg;
	size_t len;
	char *text;
} banner;

/* ---- small string helpers ---- */

/* FNV-1a: the corpus key's hash (write_sites), so it never changes */
static uint64_t fnv1a(const char *s, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

#define FNV1A_INIT	0xcbf29ce484222325ULL

/*
 * Lexically clean a relative path in place: drop "./", fold "dir/..".
 * Kbuild names sources like arch/arm/boot/compressed/../../../../lib/x.c.
 */
static size_t clean_path(char *p, size_t n)
{
	size_t o = 0, i = 0;

	if (n && p[0] == '/')
		return n;	/* outside both trees: keep as printed */
	while (i < n) {
		size_t e = i, ls;

		while (e < n && p[e] != '/')
			e++;
		if (e - i == 1 && p[i] == '.')
			goto next;
		if (e - i == 2 && p[i] == '.' && p[i + 1] == '.') {
			for (ls = o; ls && p[ls - 1] != '/'; ls--)
				;
			if (o > ls && !(o - ls == 2 && p[ls] == '.' && p[ls + 1] == '.')) {
				o = ls ? ls - 1 : 0;
				goto next;
			}
		}
		if (e > i) {
			if (o)
				p[o++] = '/';
			memmove(p + o, p + i, e - i);
			o += e - i;
		}
next:
		i = e + 1;
	}
	return o;
}

static int starts(const char *s, size_t n, const char *pfx)
{
	size_t k = strlen(pfx);

	return n >= k && !memcmp(s, pfx, k);
}

/* Does s[0..n) start with one of @pfx (NULL-terminated)? */
static int starts_any(const char *s, size_t n, const char *const *pfx)
{
	for (; *pfx; pfx++)
		if (starts(s, n, *pfx))
			return 1;
	return 0;
}

/* Interned strings: kinds, tools, flags, paths and objects repeat a lot. */
struct atom_slot { uint64_t hash; char *atom; };
static struct htab atoms = HTAB(struct atom_slot);

static int atom_is(const void *slot, const void *key)
{
	const char *a = ((const struct atom_slot *)slot)->atom;
	const struct bytes *k = key;

	return !strncmp(a, k->s, k->n) && a[k->n] == '\0';
}

static const char *intern(const char *s, size_t n)
{
	struct bytes k = { s, n };
	int fresh;
	struct atom_slot *a = htab_put(&atoms, hash_bytes(s, n), atom_is, &k, &fresh);

	if (fresh)
		a->atom = estrndup(s, n);
	return a->atom;
}

/* the @n bytes at @s as a path: cleaned, interned */
static const char *path_atom(const char *s, size_t n)
{
	char *c = estrndup(s, n);
	const char *r = intern(c, clean_path(c, n));

	free(c);
	return r;
}

/* Are the @n bytes at @s letters and digits? */
static int alnum_n(const char *s, size_t n)
{
	while (n && isalnum((unsigned char)*s))
		s++, n--;
	return !n;
}

/* the length of "TREE/" when the @n bytes at @s start with it, else 0 */
static size_t in_tree(const char *s, size_t n, const char *tree, size_t treelen)
{
	return treelen && n > treelen && !memcmp(s, tree, treelen) && s[treelen] == '/' ?
	       treelen + 1 : 0;
}

/*
 * Normalize one line: drop the SRCTREE/ and OBJTREE/ prefixes wherever
 * they occur, and with a build directory right inside the source tree
 * the "../" a location starts with (at the line's start, after "from "),
 * fold Unicode quotes to ASCII, drop a trailing CR, and write
 * a compiler's temporary file /tmp/ccAb12Cd.s as /tmp/ccXXXXXX.s (its
 * random name would give the record another key in every build). The
 * result lives in a buffer reused by the next call.
 */
static char *normalize(const char *s, size_t n, size_t *outlen)
{
	static char *o;
	static size_t cap;
	char *p;
	size_t i = 0, k;

	if (n + 1 > cap) {
		cap = n + 1 > 2 * cap ? n + 1 : 2 * cap;
		o = erealloc(o, cap);
	}
	p = o;

	if (n && s[n - 1] == '\r')
		n--;
	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		if (c == '/' && ((k = in_tree(s + i, n - i, srctree, srclen)) ||
				 (k = in_tree(s + i, n - i, objtree, objlen)))) {
			i += k;
			continue;
		}
		if (c == '.' && src_parent && n - i > 3 && !memcmp(s + i, "../", 3) &&
		    (!i || (i >= 5 && !memcmp(s + i - 5, "from ", 5)))) {
			i += 3;
			continue;
		}
		if (c == '/' && n - i > 14 && !memcmp(s + i, "/tmp/cc", 7) && s[i + 13] == '.' &&
		    alnum_n(s + i + 7, 6)) {
			memcpy(p, "/tmp/ccXXXXXX", 13);
			p += 13;
			i += 13;
			continue;
		}
		if (c == 0xe2 && n - i >= 3 && (unsigned char)s[i + 1] == 0x80) {
			unsigned char d = (unsigned char)s[i + 2];

			if (d == 0x98 || d == 0x99 || d == 0x9c || d == 0x9d) {
				*p++ = d <= 0x99 ? '\'' : '"';	/* U+2018/9, U+201C/D */
				i += 3;
				continue;
			}
		}
		*p++ = (char)c;
		i++;
	}
	*p = '\0';
	*outlen = (size_t)(p - o);
	return o;
}

/* ---- sites ---- */

static int site_is(const void *slot, const void *id)
{
	return !strcmp(((const struct site_slot *)slot)->site->id, id);
}

static struct site *site_get(const char *kind, const char *tool,
			     const char *path, unsigned long line,
			     unsigned long col, const char *flag,
			     const char *msg, size_t msglen)
{
	char head[64];
	size_t hl, pl = strlen(path), fl = strlen(flag);
	size_t kl = strlen(kind), tl = strlen(tool);
	size_t idlen;
	char *id;
	struct site *s;
	struct site_slot *slot;
	int fresh;

	hl = (size_t)snprintf(head, sizeof(head), "\037%lu\037%lu\037", line, col);
	idlen = kl + 1 + tl + 1 + pl + hl + fl + 1 + msglen;
	id = emalloc(idlen + 1);
	sprintf(id, "%s\037%s\037%s%s%s\037", kind, tool, path, head, flag);
	memcpy(id + idlen - msglen, msg, msglen);
	id[idlen] = '\0';
	slot = htab_put(&sites, hash_bytes(id, idlen), site_is, id, &fresh);
	if (!fresh) {
		free(id);
		return slot->site;
	}
	s = slot->site = emalloc(sizeof(*s));
	*s = (struct site){ .id = id, .kind = kind, .tool = tool, .path = path, .line = line,
			    .col = col, .flag = flag, .msg = id + idlen - msglen };
	return s;
}

static int level_is(const void *slot, const void *flag)
{
	return !strcmp(((const struct level_slot *)slot)->flag, flag);
}

/* The level of @flag in the levels table, else -1. */
static int level_find(const char *flag)
{
	struct level_slot *e = htab_get(&levels, hash_bytes(flag, strlen(flag)), level_is, flag);

	return e ? e->level : -1;
}

/* A flag's level, else its tool's (kernel-doc, kconfig: "tool:NAME"). */
static int level_of(const char *tool, const char *flag)
{
	char name[128];
	int lv = level_find(flag);

	if (lv >= 0)
		return lv;
	snprintf(name, sizeof(name), "tool:%s", tool);
	return level_find(name);
}

static void chain_clear(void)
{
	nchain = 0;
	chain_open = 0;
	chain_file = NULL;
	chain_clang = 0;
	chain_line = 0;
}

/* One more entry (an atom) of the include chain, read on this input line */
static void chain_line_at(const char *atom, int open)
{
	if (nchain < MAX_CHAIN)
		chain[nchain++] = atom;
	chain_line = lineno;
	chain_open = open;
}

/*
 * An "In file included from" line: gcc prints it once, then "  from B:2:"
 * lines, innermost first; clang prints one per level, outermost first.
 */
static void chain_first(const char *atom, int open)
{
	if (chain_line && chain_line + 1 == lineno)
		chain_clang = 1;
	else
		chain_clear();
	chain_line_at(atom, open);
}

/* The atom of one chain entry: "path:line:col," -> "path:line", path cleaned */
static const char *chain_entry(const char *s, size_t n)
{
	const char *r;
	char *c;
	size_t pl, cl;

	while (n && (s[n - 1] == ',' || s[n - 1] == ':'))
		n--;
	if (n && isdigit((unsigned char)s[n - 1])) {
		size_t k = n;

		while (k && isdigit((unsigned char)s[k - 1]))
			k--;
		if (k > 1 && s[k - 1] == ':') {
			size_t j = k - 1;

			while (j && isdigit((unsigned char)s[j - 1]))
				j--;
			if (j > 1 && j < k - 1 && s[j - 1] == ':')
				n = k - 1;	/* drop the column */
		}
	}
	c = estrndup(s, n);
	pl = strcspn(c, ":");
	cl = clean_path(c, pl);	/* clean the path, keep ":line" */
	memmove(c + cl, c + pl, n - pl + 1);
	r = intern(c, cl + n - pl);
	free(c);
	return r;
}

/* The object a compile of the site's source (or its includer) makes. */
static const char *unit_of(const struct site *s)
{
	const char *src = s->nchain ? s->chain[s->nchain - 1] : s->path;
	size_t n = strcspn(src, ":");
	char buf[4096];

	if ((s->tool != cctool && strcmp(s->tool, "as")) || n < 3 || n + 1 > sizeof(buf) ||
	    src[n - 2] != '.' || !strchr("cSs", src[n - 1]))
		return NULL;
	memcpy(buf, src, n);
	buf[n - 1] = 'o';
	return intern(buf, n);
}

/* The errors that joined a target wait no more. */
static void errs_drop_joined(void)
{
	size_t o = 0;

	for (size_t i = 0; i < errs.n; i++)
		if (!errs.v[i]->target)
			errs.v[o++] = errs.v[i];
	errs.n = o;
}

/* Join the errors that wait to the failed make target @t (an atom). */
static void join_target(const char *t)
{
	size_t joined = 0;
	char buf[4096];
	const char *tc = t;	/* the target cleaned, as paths are */

	if (strlen(t) < sizeof(buf)) {
		strcpy(buf, t);
		tc = intern(buf, clean_path(buf, strlen(buf)));
	}
	for (size_t i = 0; i < errs.n; i++) {
		struct site *e = errs.v[i];

		if (!e->target && ((e->nobjects && e->objects[0] == t) || e->unit == t ||
				   e->unit == tc)) {
			e->target = t;
			joined++;
		}
	}
	if (!joined)	/* a link's errors, modpost's, make's: printed just before */
		for (size_t i = 0; i < errs.n; i++) {
			struct site *e = errs.v[i];

			if (!e->target && e->file == nfile && e->seq > fail_seq && !e->unit &&
			    !e->captured) {
				e->target = t;
				joined++;
			}
		}
	errs_drop_joined();
	fail_seq = nseq;
	if (!joined)
		*PUSH(fails.v, fails.n, fails.cap) = (struct fail){ nseq, t };
}

/* The file ends: its compile errors that joined no target join the first
   failure line after them that joined none */
static void join_unmapped(void)
{
	for (size_t i = 0; i < errs.n; i++) {
		struct site *e = errs.v[i];
		size_t f;

		if (e->target || !e->unit || e->captured || e->file != nfile)
			continue;
		for (f = 0; f < fails.n && fails.v[f].at < e->seq; f++)
			;
		if (f < fails.n)
			e->target = fails.v[f].target;
	}
	errs_drop_joined();
	fails.n = 0;
}

/*
 * One more instance of site @s, given as printed at @path (the pointer
 * the parser passed; an atom or a literal). @text is its normalized line,
 * needed only for a site's first instance.
 */
static void count_instance(struct site *s, const char *path,
			   const char *text, size_t textlen)
{
	/*
	 * kwarn-cc copies a failed compile's output into make.log too: a site
	 * a capture holds is not counted again from a log of no object.
	 */
	if (!in_capture && s->captured) {
		last = NULL;
		want_source = 0;
		return;
	}
	/*
	 * gcc and clang print an include chain once, before the first
	 * diagnostic in the header it leads to; later ones in the same
	 * header inherit it.
	 */
	if (nchain && chain_clang) {	/* store outermost last, as gcc */
		for (size_t i = 0; i < nchain / 2; i++) {
			const char *t = chain[i];

			chain[i] = chain[nchain - 1 - i];
			chain[nchain - 1 - i] = t;
		}
		chain_clang = 0;
	}
	if (nchain && !chain_open && !chain_file)
		chain_file = path;
	else if (nchain && chain_file != path)
		chain_clear();
	if (function && function_file != path)
		function = NULL;
	if (s->count++ == 0) {
		s->text = estrndup(text, textlen);
		s->function = function;
		if (nchain) {
			s->chain = emalloc(nchain * sizeof(*s->chain));
			for (size_t i = 0; i < nchain; i++)
				s->chain[i] = estrdup(chain[i]);
			s->nchain = nchain;
		}
		last = s;
		/* compilers show the source line of a line ("cc1: error: ..." has none) */
		want_source = s->tool == cctool && s->line;
		s->seq = ++nseq;
		s->file = nfile;
		s->unit = unit_of(s);
		if (!strcmp(s->kind, "error") && !s->target)
			*PUSH(errs.v, errs.n, errs.cap) = s;
	} else {
		last = NULL;	/* notes are kept from the first instance */
		want_source = 0;
	}
	if (in_capture)
		s->captured = 1;
	if (object && object != s->lastobj) {
		if (s->nobjects < MAX_OBJECTS)
			s->objects[s->nobjects] = object;
		s->nobjects++;
		s->lastobj = object;
	}
}

static struct site *add_instance(const char *kind, const char *tool, const char *path,
				 unsigned long line, unsigned long col, const char *flag,
				 const char *msg, size_t msglen, const char *text, size_t textlen)
{
	struct site *s = site_get(kind, tool, path, line, col, flag, msg, msglen);

	count_instance(s, path, text, textlen);
	return s;
}

static void add_note(const char *text, size_t n)
{
	if (!last || last->nnotes >= MAX_NOTES)
		return;
	last->notes = erealloc(last->notes, (last->nnotes + 1) * sizeof(char *));
	last->notes[last->nnotes++] = estrndup(text, n);
}

/* ---- line classification ---- */

/* Parse "path:line:col" / "path:line" / "path" in s[0..n); @col may be NULL. */
static void split_location(const char *s, size_t n, size_t *pathlen,
			   unsigned long *line, unsigned long *col)
{
	unsigned long num[2] = { 0, 0 };
	int k = 0;

	while (k < 2) {
		size_t j = n;

		while (j && isdigit((unsigned char)s[j - 1]))
			j--;
		if (j == n || j == 0 || s[j - 1] != ':' || n - j > 9)
			break;
		num[k++] = strtoul(s + j, NULL, 10);
		n = j - 1;
	}
	*line = k == 2 ? num[1] : num[0];
	if (col)
		*col = k == 2 ? num[0] : 0;
	*pathlen = n;
}

/* The flag in a trailing "[...]": [-Wfoo], [-Werror=foo], [-Werror,-Wfoo]. */
static const char *take_flag(const char *msg, size_t *msglen)
{
	size_t n = *msglen, open, fl;
	const char *f;
	char buf[256];

	if (n < 4 || msg[n - 1] != ']')
		return "";
	for (open = n - 1; open > 0 && msg[open] != '['; open--)
		;
	if (msg[open] != '[' || msg[open + 1] != '-')
		return "";
	f = msg + open + 1;
	fl = n - 1 - open - 1;
	for (size_t i = fl; i > 0; i--)
		if (f[i - 1] == ',') {
			f += i;
			fl -= i;
			break;
		}
	if (starts(f, fl, "-Werror=")) {	/* as -Wfoo */
		if (fl - 8 + 3 > sizeof(buf))
			return "";
		fl = (size_t)snprintf(buf, sizeof(buf), "-W%.*s", (int)(fl - 8), f + 8);
		f = buf;
	}
	*msglen = open && msg[open - 1] == ' ' ? open - 1 : open;
	return intern(f, fl);
}

static const char *const kinds[] = { "fatal error", "error", "warning", "note" };

/*
 * Find ": KIND: " in a line; returns the index of ':' or -1, and the kind.
 */
static long find_kind(const char *s, size_t n, const char **kind, size_t *after)
{
	const char *p = s, *end = s + n;

	while ((p = memchr(p, ':', (size_t)(end - p))) && end - p > 2) {
		if (p[1] == ' ') {
			const char *q = p + 2;

			for (size_t k = 0; k < sizeof(kinds) / sizeof(*kinds); k++) {
				size_t kl = strlen(kinds[k]);

				if ((size_t)(end - q) > kl && !memcmp(q, kinds[k], kl) &&
				    q[kl] == ':') {
					*kind = kinds[k];
					*after = (size_t)(q + kl + 1 - s);
					if (*after < n && s[*after] == ' ')
						(*after)++;
					return p - s;
				}
			}
		}
		p++;
	}
	return -1;
}

/*
 * ---- memo: raw line -> what parsing it did ----
 *
 * A header's warning is printed once per object that includes it (about
 * 60 times in a W=123 build). What a line not starting with a blank does,
 * unless it is the source line of a new site, depends only on its bytes
 * and on whether the input is an object's file: it is remembered, and the
 * next identical line replays it without being normalized and parsed.
 * Replaying runs the same per-instance code, so the records are the same;
 * the memo grows with unique diagnostic lines, not with the log.
 *
 * Such lines come back in the same order for every object: the line that
 * followed a line's previous instance is tried first, byte for byte, and
 * a line is hashed only when that guess fails (as LZ77 follows a match).
 */
enum { M_DIAG = 1, M_NOTE, M_FUNC, M_CHAIN, M_NONE };

struct memo {
	size_t len;
	unsigned char cls, hasobj;
	struct site *site;	/* M_DIAG: the site, and ... */
	const char *path;	/* ... the path pointer add_instance was given */
	const char *fn, *file;	/* M_FUNC: function and function_file (NULL: top level);
				   M_CHAIN: fn is the chain entry */
	size_t at;		/* where in hist it was last seen */
	char raw[];		/* the line's bytes (len of them) */
};

#define MEMO_MAX	(1u << 20)	/* entries; past that, lines are parsed anew */

struct memo_slot { uint64_t hash; struct memo *memo; };
static struct htab memo = HTAB(struct memo_slot);

#define HIST	(1u << 16)	/* a power of two */
static struct memo *hist[HIST];	/* the last remembered lines, a ring */
static size_t nhist;		/* lines ever put in hist */
static size_t guess;		/* hist index of the line likely next */

/* @m was seen again; @next: the hist index of the line likely after it */
static void hist_add(struct memo *m, size_t next)
{
	hist[nhist & (HIST - 1)] = m;
	m->at = nhist++;
	guess = next;
}

/* the line being parsed, when its outcome may be remembered */
static struct {
	const char *raw;
	size_t len;
	uint64_t hash;
	int on;
} pending;

/* a line as read: in a capture (hasobj) or a make log, it may do otherwise */
struct memo_key { const char *raw; size_t len; unsigned char hasobj; };

static int memo_is(const void *slot, const void *key)
{
	const struct memo *m = ((const struct memo_slot *)slot)->memo;
	const struct memo_key *k = key;

	return m->len == k->len && m->hasobj == k->hasobj && !memcmp(m->raw, k->raw, k->len);
}

static struct memo *memo_find(const char *raw, size_t len, uint64_t h)
{
	struct memo_key k = { raw, len, object != NULL };
	struct memo_slot *e = htab_get(&memo, h, memo_is, &k);

	return e ? e->memo : NULL;
}

/* Remember what the pending line did; a no-op when no line is pending. */
static void memo_put(int cls, struct site *site, const char *path,
		     const char *fn, const char *file)
{
	struct memo_key k = { pending.raw, pending.len, object != NULL };
	struct memo_slot *e;
	struct memo *m;
	int fresh;

	if (!pending.on)
		return;
	pending.on = 0;
	if (memo.n >= MEMO_MAX)
		return;
	e = htab_put(&memo, pending.hash, memo_is, &k, &fresh);
	if (!fresh)
		return;
	m = e->memo = emalloc(sizeof(*m) + pending.len);
	*m = (struct memo){ .len = pending.len, .hasobj = object != NULL, .cls = (unsigned char)cls,
			    .site = site, .path = path, .fn = fn, .file = file };
	memcpy(m->raw, pending.raw, pending.len);
	hist_add(m, SIZE_MAX);	/* a new line: no guess */
}

static void classify_line(const char *raw, size_t rawlen);

/*
 * Source lines, carets, make's progress: a line starting with a blank
 * gives nothing, unless it is the source line of a new site, or an
 * include chain or a Kconfig warning goes on.
 */
static inline int blank_noise(const char *raw, size_t rawlen)
{
	return rawlen && (raw[0] == ' ' || raw[0] == '\t') &&
	       !want_source && !chain_open && !kconfig_open;
}

/* the path of diagnostics that have none (one pointer: paths compare by it) */
static const char nopath[] = "";

/* Do again what the remembered line @m did; @next: the guess after it. */
static void replay(struct memo *m, size_t next)
{
	hist_add(m, next);
	if (m->cls != M_CHAIN)
		kconfig_open = 0;	/* as classify_line for a line not indented */
	switch (m->cls) {
	case M_DIAG:
		count_instance(m->site, m->path, NULL, 0);
		break;
	case M_NOTE:
		if (last && last->nnotes < MAX_NOTES) {
			size_t n;
			char *s = normalize(m->raw, m->len, &n);

			add_note(s, n);
		}
		break;
	case M_FUNC:
		function = m->fn;
		function_file = m->file;
		break;
	case M_CHAIN:
		chain_first(m->fn, m->raw[m->len - 1 - (m->raw[m->len - 1] == '\r')] == ',');
		break;
	}
}

static void parse_line(const char *raw, size_t rawlen)
{
	struct memo *m;
	uint64_t h;

	if (blank_noise(raw, rawlen))
		return;
	if (want_source || !rawlen || raw[0] == ' ' || raw[0] == '\t') {
		classify_line(raw, rawlen);
		return;
	}
	h = hash_bytes(raw, rawlen);
	m = memo_find(raw, rawlen, h);
	if (m) {
		replay(m, m->at + 1);
		return;
	}
	pending.raw = raw;
	pending.len = rawlen;
	pending.hash = h;
	pending.on = 1;
	classify_line(raw, rawlen);
	pending.on = 0;
}

/* A compiler's, assembler's or tool's diagnostic: counted, and remembered
   (memo), as its line gives it whatever lines are around it. */
static struct site *diag(const char *kind, const char *tool, const char *path,
			 unsigned long line, unsigned long col, const char *flag,
			 const char *msg, size_t msglen, const char *text, size_t textlen)
{
	struct site *site = add_instance(kind, tool, path, line, col, flag, msg, msglen,
					 text, textlen);

	memo_put(M_DIAG, site, path, NULL, NULL);
	return site;
}

/* ---- linkers, make, banners: the lines of a failing build ---- */

/* the length of "PROG" in a line "PROG: ...", PROG one word, else 0 */
static size_t prog_len(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] != ':' && s[i] != ' ')
		i++;
	return i && i + 1 < n && s[i] == ':' && s[i + 1] == ' ' ? i : 0;
}

enum { P_LD = 1, P_LLD, P_DRIVER };

/* Is PROG (s[0..n), a path allowed, "-VERSION" dropped) a GNU ld, an
   ld.lld or a compiler driver? */
static int prog_is(const char *s, size_t n, int what)
{
	const char *b = s + n;
	char name[128], *d;
	size_t k;
	static const char *const names[][6] = {
		[P_LD] = { "ld", "ld.bfd" },
		[P_LLD] = { "ld.lld" },
		[P_DRIVER] = { "gcc", "clang", "collect2", "cc", "g++", "clang++" },
	};

	while (b > s && b[-1] != '/')
		b--;
	k = (size_t)(s + n - b);
	if (!k || k >= sizeof(name))
		return 0;
	memcpy(name, b, k);
	name[k] = '\0';
	if ((d = strrchr(name, '-')) && d[1] && strspn(d + 1, "0123456789.") == strlen(d + 1))
		*d = '\0';
	k = strlen(name);
	for (size_t i = 0; i < 6 && names[what][i]; i++) {
		size_t l = strlen(names[what][i]);

		if (k >= l && !strcmp(name + k - l, names[what][i]) && (k == l || name[k - l - 1] == '-'))
			return 1;
	}
	return 0;
}

/* The symbol a linker message names: 'x' (or `x') after "reference to",
   "definition of", "references to"; or what follows "symbol: ". */
static const char *symbol_of(const char *msg, size_t n)
{
	static const char *const after[] = { "reference to ", "definition of ",
					     "references to ", "symbol: " };
	const char *e = msg + n;

	for (size_t i = 0; i < sizeof(after) / sizeof(*after); i++) {
		const char *p = memmem(msg, n, after[i], strlen(after[i]));
		const char *q;

		if (!p)
			continue;
		p += strlen(after[i]);
		if (i == 3) {
			q = p + strcspn(p, " ");
			return q > p ? intern(p, (size_t)(q - p)) : NULL;
		}
		if (p >= e || (*p != '\'' && *p != '`'))
			continue;
		q = memchr(p + 1, '\'', (size_t)(e - p - 1));
		return q && q > p + 1 ? intern(p + 1, (size_t)(q - p - 1)) : NULL;
	}
	return NULL;
}

/* A path of a linker's message, tree-relative and cleaned: a bare file
   name (what ld prints without debug information) is put in the
   directory of the object @obj (Kbuild compiles an object from a source
   beside it), unless @obj is outside the trees (a compiler's temporary
   object in /tmp says nothing of where its source is). */
static const char *link_path(const char *f, size_t n, const char *obj)
{
	char buf[4096];
	size_t k = 0;

	if (!n || n >= sizeof(buf) / 2)
		return nopath;
	if (!memchr(f, '/', n) && obj && obj[0] != '/') {
		const char *base = strrchr(obj, '/');

		k = base ? (size_t)(base + 1 - obj) : 0;
		memcpy(buf, obj, k);
	}
	memcpy(buf + k, f, n);
	k += n;
	return intern(buf, clean_path(buf, k));
}

/*
 * Where a linker says it was: "file.c:123", "file.c:(.text+0x8)",
 * "dir/x.o:(.text+0x8)", "dir/x.o" before ": ", or an object and its
 * source, when GNU ld finds no function: "dir/x.o:x.c:(.text+0x8)",
 * "dir/x.o:dir/x.c:12". @obj is the object of the context: an object the
 * location names replaces it. Sets @path and @line and returns the length
 * of the location and its ": ", else 0.
 */
static size_t link_loc(const char *r, size_t n, const char **obj,
		       const char **path, unsigned long *line)
{
	size_t t = 0, f, o;
	const char *p;

	while (t + 1 < n && !(r[t] == ':' && r[t + 1] == ' ')) {
		if (r[t] == ' ')
			return 0;
		t++;
	}
	if (t + 1 >= n || !t)
		return 0;
	*line = 0;
	o = strcspn(r, ":");
	if (o + 2 < t && o > 2 && !memcmp(r + o - 2, ".o", 2) && r[o + 1] != '(') {
		*obj = link_path(r, o, NULL);
		f = link_loc(r + o + 1, n - o - 1, obj, path, line);
		return f ? o + 1 + f : 0;
	}
	if ((p = memmem(r, t, ":(", 2))) {
		f = (size_t)(p - r);	/* file.c:(.text+0x8) */
	} else {
		size_t k;

		split_location(r, t, &f, line, NULL);
		k = f;
		/* a file: has a '.' in its last part, and is not a word */
		while (k && r[k - 1] != '/')
			k--;
		if (!memchr(r + k, '.', f - k))
			return 0;
	}
	*path = link_path(r, f, *obj);
	return t + 2;
}

/*
 * One record of a linker or of make: its symbol, the object, function
 * and notes the lines around it gave. Not remembered (memo): what it
 * gives depends on those lines.
 */
static struct site *link_record(const char *kind, const char *tool, const char *path,
				unsigned long line, const char *msg, size_t msglen,
				const char *text, size_t textlen, const char *obj, const char *fn)
{
	const char *o = object, *f = function, *ff = function_file;
	struct site *site;

	object = obj && obj[0] != '/' ? obj : NULL;	/* not a temporary */
	function = fn;
	function_file = path;
	site = add_instance(kind, tool, path, line, 0, "", msg, msglen, text, textlen);
	if (!site->symbol)
		site->symbol = symbol_of(msg, msglen);
	object = o;
	function = f;
	function_file = ff;
	return site;
}

/* a linker's "warning: " or "error: " (or none: an error) taken from the
   message at *@r */
static const char *take_kind(const char **r, size_t *n)
{
	if (starts(*r, *n, "warning: ")) {
		*r += 9;
		*n -= 9;
		return "warning";
	}
	if (starts(*r, *n, "error: ")) {
		*r += 7;
		*n -= 7;
	}
	return "error";
}

/* a GNU ld line, its "PROG: " cut: "x.o: in function 'f':", "LOC: MSG", "MSG" */
static void gnu_ld_line(const char *r, size_t n, const char *text, size_t textlen)
{
	const char *path = nopath, *kind, *obj, *fn;
	unsigned long line = 0;
	size_t loc, fl;

	if (ld_line + 1 != lineno)
		ld_obj = ld_fn = NULL;	/* a context holds for the lines right after it */
	ld_line = lineno;
	if (n > 16 && (fn = memmem(r, n, ": in function ", 14)) && r[n - 1] == ':') {
		fl = (size_t)(fn - r);
		ld_obj = link_path(r, fl, NULL);
		fn += 14;
		if (*fn == '\'' || *fn == '`')
			fn++;
		ld_fn = intern(fn, (size_t)(r + n - 1 - fn) - (r[n - 2] == '\''));
		return;
	}
	/* "NOTE: This behaviour is deprecated ...": of the warning before it */
	if (starts(r, n, "NOTE: ")) {
		add_note(text, textlen);
		return;
	}
	obj = ld_obj;
	loc = link_loc(r, n, &obj, &path, &line);
	r += loc;
	n -= loc;
	kind = take_kind(&r, &n);
	/* the context is of the lines that say where in it; a line that
	   names its object has no function */
	link_record(kind, "ld", path, line, r, n, text, textlen, loc ? obj : NULL,
		    loc && obj == ld_obj ? ld_fn : NULL);
}

static void lld_end(void)
{
	struct site *site;

	if (!lld.on)
		return;
	lld.on = 0;
	site = link_record(lld.kind, "ld.lld", lld.path, lld.line, lld.msg, strlen(lld.msg),
			   lld.text, strlen(lld.text), lld.obj, lld.fn);
	for (size_t i = 0; i < lld.nnotes; i++) {
		if (site->count == 1)
			add_note(lld.notes[i], strlen(lld.notes[i]));
		free(lld.notes[i]);
	}
	free(lld.msg);
	free(lld.text);
	lld.nnotes = 0;
}

/*
 * ld.lld: "ld.lld: error: undefined symbol: x", then where:
 *   >>> referenced by fork.c:123 (kernel/fork.c:123)
 *   >>>               kernel/fork.o:(copy_process) in archive vmlinux.a
 * One record at the first place it names; the ">>> " lines are its notes.
 */
static void lld_line(const char *r, size_t n, const char *text, size_t textlen)
{
	const char *path = nopath, *kind;
	unsigned long line = 0;
	size_t loc;

	lld_end();
	kind = take_kind(&r, &n);
	loc = link_loc(r, n, &(const char *){ NULL }, &path, &line);
	lld = (struct lld_error){ .on = 1, .kind = kind, .path = path, .line = line,
				  .msg = estrndup(r + loc, n - loc), .text = estrndup(text, textlen) };
}

/* a ">>> " line of an ld.lld error: a note, and the first place it names */
static void lld_more(const char *s, size_t n)
{
	static const char *const where[] = { "referenced by ", "defined at ", "defined in ", NULL };
	const char *p = s + 4 + strspn(s + 4, " "), *e = s + n, *q;

	if (lld.nnotes < MAX_NOTES)
		lld.notes[lld.nnotes++] = estrndup(s, n);
	if (lld.path == nopath && !lld.obj && !lld.want_obj && starts_any(p, (size_t)(e - p), where)) {
		size_t pl;

		p = memchr(p, ' ', (size_t)(e - p));
		p = memchr(p + 1, ' ', (size_t)(e - p - 1));
		if (!p++)
			return;
		lld.want_obj = 1;
		/* "fork.c:123 (kernel/fork.c:123)": the path in parentheses */
		if (e[-1] == ')' && (q = memchr(p, '(', (size_t)(e - p)))) {
			split_location(q + 1, (size_t)(e - q - 2), &pl, &lld.line, NULL);
			lld.path = link_path(q + 1, pl, NULL);
		} else {
			q = memchr(p, ' ', (size_t)(e - p));
			split_location(p, (size_t)((q ? q : e) - p), &pl, &lld.line, NULL);
			lld.path = intern(p, pl);	/* a bare name: see its object */
		}
		return;
	}
	/* "kernel/fork.o:(copy_process) in archive vmlinux.a" */
	if (lld.want_obj && (q = memmem(p, (size_t)(e - p), ":(", 2))) {
		lld.want_obj = 0;
		const char *fe = memchr(q, ')', (size_t)(e - q));

		lld.obj = link_path(p, (size_t)(q - p), NULL);
		if (lld.path != nopath && !strchr(lld.path, '/'))
			lld.path = link_path(lld.path, strlen(lld.path), lld.obj);
		if (fe && q[2] != '.')
			lld.fn = intern(q + 2, (size_t)(fe - q - 2));
	}
}

/* make's and Kconfig's "*** " banners end at the first other line:
   Kconfig's when that line is a failure of scripts/kconfig/, or Kconfig's
   own "FILE:LINE: ..." of a Kconfig file (the compiler-too-old banner
   that scripts/cc-version.sh prints for Kconfig's $(error-if)) */
static int kconfig_next(const char *next, size_t n)
{
	const char *colon;

	if (!next)
		return 0;
	if (memmem(next, n, "scripts/kconfig/Makefile:", 25))
		return 1;
	colon = memchr(next, ':', n);
	return colon && colon + 1 < next + n && isdigit((unsigned char)colon[1]) &&
	       memmem(next, (size_t)(colon - next), "Kconfig", 7);
}

static void banner_end(const char *next, size_t n)
{
	if (!banner.text)
		return;
	/* "*** Default configuration is based on 'X'" (make defconfig) informs */
	if (banner.len && !starts(banner.msg, banner.len, "Default configuration is based on "))
		add_instance("error", kconfig_next(next, n) ? "kconfig" : "make", nopath, 0, 0, "",
			     banner.msg, banner.len, banner.text, strlen(banner.text));
	free(banner.msg);
	free(banner.text);
	memset(&banner, 0, sizeof(banner));
}

static void banner_line(const char *s, size_t n)
{
	size_t tl = banner.text ? strlen(banner.text) : 0;

	s += 3;
	n -= 3;
	while (n && *s == ' ')
		s++, n--;
	while (n && s[n - 1] == ' ')
		n--;
	banner.text = erealloc(banner.text, tl + n + 6);
	sprintf(banner.text + tl, "%s***%s%.*s", tl ? "\n" : "", n ? " " : "", (int)n, s);
	if (!n)
		return;
	banner.msg = erealloc(banner.msg, banner.len + n + 2);
	if (banner.len)
		banner.msg[banner.len++] = ' ';
	memcpy(banner.msg + banner.len, s, n);
	banner.len += n;
	banner.msg[banner.len] = '\0';
}

/* What was waiting for the lines after it ends before the line at @raw. */
static void pending_end(const char *raw, size_t n)
{
	if (lld.on && !starts(raw, n, ">>> "))
		lld_end();
	if (banner.text && !(starts(raw, n, "***") && (n == 3 || raw[3] == ' ' || raw[3] == '\r')))
		banner_end(raw, n);
}

/*
 * make's lines: "make[N]: *** [FILE:LINE: TARGET] Error N" (a failure,
 * joined to the errors that caused it), "make[N]: *** No rule to make
 * target 'X', needed by 'Y'.  Stop." and other "*** MSG" of make (errors),
 * and "FILE:LINE: *** MSG.  Stop.", a Makefile's $(error).
 */
static int make_line(const char *s, size_t n)
{
	static const char *const make_notes[] = { "Waiting for unfinished jobs", "Deleting file ",
						  "Deleting intermediate file ", NULL };
	const char *p = memmem(s, n, ": *** ", 6), *e = s + n, *path = nopath, *t;
	unsigned long line = 0;
	size_t pl, ml;
	struct site *site;

	if (!p)
		return 0;
	if (!starts(s, n, "make")) {
		/* $(error): "Makefile:12: *** msg.  Stop." */
		split_location(s, (size_t)(p - s), &pl, &line, NULL);
		if (!line || pl != (size_t)(p - s) - (size_t)snprintf(NULL, 0, ":%lu", line))
			return 0;
		path = link_path(s, pl, NULL);
	} else {
		size_t k = 4;

		if (k < n && s[k] == '[')
			while (k < n && s[k] != ':')
				k++;
		if (s + k != p)
			return 0;	/* not "make:" or "make[N]:" */
	}
	p += 6;
	if (path == nopath && *p == '[' && (t = memmem(p, (size_t)(e - p), "] Error ", 8))) {
		const char *b = p + 1, *c = memmem(b, (size_t)(t - b), ": ", 2);

		if (c) {	/* FILE:LINE: TARGET */
			split_location(b, (size_t)(c - b), &pl, &line, NULL);
			path = link_path(b, pl, NULL);
			b = c + 2;
		}
		site = add_instance("failure", "make", path, line, 0, "", b, (size_t)(t - b), s, n);
		site->target = intern(b, (size_t)(t - b));
		join_target(site->target);
		return 1;
	}
	/* make's notes: not errors */
	if (path == nopath && starts_any(p, (size_t)(e - p), make_notes))
		return 1;
	ml = (size_t)(e - p);
	if (ml > 7 && !memcmp(e - 7, ".  Stop", 7))
		ml -= 7;
	else if (ml > 8 && !memcmp(e - 8, ".  Stop.", 8))
		ml -= 8;
	else if (ml > 1 && p[ml - 1] == '.')
		ml--;
	site = add_instance("error", "make", path, line, 0, "", p, ml, s, n);
	/* No rule to make target 'X', needed by 'Y': it is Y that fails */
	if (!site->target && starts(p, ml, "No rule to make target '")) {
		const char *x = p + 24, *y = memmem(p, ml, ", needed by '", 13);
		const char *xe = memchr(x, '\'', (size_t)(p + ml - x));

		if (y && (t = memchr(y + 13, '\'', (size_t)(p + ml - y - 13))))
			site->target = intern(y + 13, (size_t)(t - y - 13));
		else if (xe)
			site->target = intern(x, (size_t)(xe - x));
	}
	return 1;
}

/* Is s[0..n) a makefile: Makefile*, Kbuild*, *.mk? ($(warning), make's own) */
static int is_makefile(const char *s, size_t n)
{
	const char *b = s + n;

	while (b > s && b[-1] != '/')
		b--;
	n -= (size_t)(b - s);
	return starts(b, n, "Makefile") || starts(b, n, "Kbuild") ||
	       (n > 3 && !memcmp(b + n - 3, ".mk", 3));
}

/* Parse one line the long way: normalize, then look at it. */
static void classify_line(const char *raw, size_t rawlen)
{
	size_t n, after, pathlen, msglen;
	char *s = normalize(raw, rawlen, &n);
	const char *kind = NULL, *flag, *tool, *msg, *path, *w, *ce;
	unsigned long line, col;
	long colon;
	struct site *site;

	if (want_source) {
		want_source = 0;
		if (last && !last->source && n && find_kind(s, n, &kind, &after) < 0 &&
		    !starts(s, n, "In file included from") && !strstr(s, ": In function")) {
			last->source = estrndup(s, n);
			return;
		}
	}

	/* Include chains, function context, noise. */
	if (starts(s, n, "In file included from ")) {
		const char *e = chain_entry(s + 22, n - 22);

		chain_first(e, s[n - 1] == ',');
		memo_put(M_CHAIN, NULL, NULL, e, NULL);
		return;
	}
	if (chain_open && n > 5 && s[0] == ' ') {
		size_t i = strspn(s, " ");

		if (starts(s + i, n - i, "from ")) {
			chain_line_at(chain_entry(s + i + 5, n - i - 5), s[n - 1] == ',');
			return;
		}
	}
	/* Kconfig explains an unmet dependency in indented lines */
	if (kconfig_open && starts(s, n, "  ")) {
		add_note(s, n);
		return;
	}
	kconfig_open = 0;
	if (n == 0 || s[0] == ' ' || s[0] == '\t')
		return;
	if (starts(s, n, "***") && (n == 3 || s[3] == ' ')) {
		banner_line(s, n);
		return;
	}
	if (lld.on && starts(s, n, ">>> ")) {
		lld_more(s, n);
		return;
	}
	{
		size_t pl = prog_len(s, n);

		if (pl && prog_is(s, pl, P_LD)) {
			gnu_ld_line(s + pl + 2, n - pl - 2, s, n);
			return;
		}
		if (pl && prog_is(s, pl, P_LLD)) {
			lld_line(s + pl + 2, n - pl - 2, s, n);
			return;
		}
	}
	/* GNU ld's lines after "x.o: in function 'f':" have no "ld: " */
	if (((ld_obj && ld_line + 1 == lineno &&
	      link_loc(s, n, &(const char *){ NULL }, &(const char *){ NULL },
		       &(unsigned long){ 0 })) ||
	     strstr(s, "undefined reference to") || strstr(s, "multiple definition of") ||
	     strstr(s, "more undefined references to")) &&
	    find_kind(s, n, &kind, &after) < 0) {
		gnu_ld_line(s, n, s, n);
		return;
	}
	if (make_line(s, n))
		return;
	/* Kconfig's parser: "init/Kconfig:12: syntax error", "x/Kconfig:3:warning: ..." */
	{
		size_t pl = strcspn(s, ": ");
		const char *k = memmem(s, pl, "Kconfig", 7), *m;

		if (k && s[pl] == ':' && isdigit((unsigned char)s[pl + 1]) &&
		    (m = s + pl + 1 + strspn(s + pl + 1, "0123456789"))[0] == ':') {
			int warn = starts(m + 1, (size_t)(s + n - m - 1), "warning:");

			line = strtoul(s + pl + 1, NULL, 10);
			m += warn ? 9 : 1;
			m += strspn(m, " ");
			path = link_path(s, pl, NULL);
			diag(warn ? "warning" : "error", "kconfig", path, line, 0, "", m, strlen(m),
			     s, n);
			return;
		}
	}
	/* GNU as: "x.S:12: Error: bad instruction" ("x.S: Assembler messages:" before) */
	if (!(w = strstr(s, ": Error: ")))
		w = strstr(s, ": Warning: ");
	if (w)
		split_location(s, (size_t)(w - s), &pathlen, &line, NULL);
	if (w && line) {
		int error = w[2] == 'E';

		path = path_atom(s, pathlen);
		msg = w + (error ? 9 : 11);
		diag(error ? "error" : "warning", "as", path, line, 0, "", msg, strlen(msg), s, n);
		return;
	}
	if (starts(s, n, "WARNING: unmet direct dependencies detected for ")) {
		add_instance("warning", "kconfig", nopath, 0, 0, "unmet-direct-dependencies",
			     s + 9, n - 9, s, n);
		kconfig_open = 1;
		return;
	}
	/* modpost prints no flag: its records have none (its message says the
	 * class; a flag made from its words named objects in some) */
	if (starts(s, n, "WARNING: modpost: ") || starts(s, n, "ERROR: modpost: ") ||
	    starts(s, n, "FATAL: modpost: ")) {
		size_t off = s[0] == 'W' ? 18 : 16;
		const char *sym, *q;

		site = diag(s[0] == 'W' ? "warning" : "error", "modpost", nopath, 0, 0,
			    "", s + off, n - off, s, n);
		/* '"x" [mod.ko] undefined!', 'reference: f (section: .text) -> x (section: ...)' */
		if (!site->symbol && s[off] == '"' && (q = strchr(s + off + 1, '"')))
			site->symbol = intern(s + off + 1, (size_t)(q - s - off - 1));
		else if (!site->symbol && (sym = strstr(s + off, " -> ")) &&
			 (q = strchr(sym + 4, ' ')))
			site->symbol = intern(sym + 4, (size_t)(q - sym - 4));
		return;
	}

	/* dtc: "path:L.C-L.C: Warning (check): msg" */
	if (!(w = strstr(s, ": Warning (")))
		w = strstr(s, ": ERROR (");
	if (w && (ce = strchr(w, ')'))) {
		const char *check = strchr(w, '(') + 1, *dot = memchr(s, ':', (size_t)(w - s));
		size_t pl = (size_t)(w - s), dotslash;
		char dflag[128];

		line = col = 0;
		if (dot) {
			const char *c = strchr(dot, '.');

			line = strtoul(dot + 1, NULL, 10);
			if (c && c < w)
				col = strtoul(c + 1, NULL, 10);
			pl = (size_t)(dot - s);
		}
		msg = ce + 1 + strspn(ce + 1, ": ");
		dotslash = starts(s, pl, "./") ? 2 : 0;
		path = intern(s + dotslash, pl - dotslash);
		snprintf(dflag, sizeof(dflag), "-W%.*s", (int)(ce - check), check);
		diag(w[2] == 'W' ? "warning" : "error", "dtc", path, line, col,
		     intern(dflag, strlen(dflag)), msg, strlen(msg), s, n);
		return;
	}

	colon = find_kind(s, n, &kind, &after);
	if (colon < 0) {
		/* gcc: "file.c: In function 'foo':", "file.c: At top level:" */
		char *fn = strstr(s, ": In function '");

		if (!fn)
			fn = strstr(s, ": In member function '");
		if (fn) {
			char *b = strchr(fn, '\'') + 1, *e = strrchr(b, '\'');

			function = e ? intern(b, (size_t)(e - b)) : NULL;
			function_file = path_atom(s, (size_t)(fn - s));
			memo_put(M_FUNC, NULL, NULL, function, function_file);
		} else if (strstr(s, ": At top level:")) {
			function = function_file = NULL;
			memo_put(M_FUNC, NULL, NULL, NULL, NULL);
		} else {
			memo_put(M_NONE, NULL, NULL, NULL, NULL);	/* a macro's source line */
		}
		return;
	}

	split_location(s, (size_t)colon, &pathlen, &line, &col);
	msg = s + after;
	msglen = n - after;
	if (!strcmp(kind, "note")) {
		add_note(s, n);
		memo_put(M_NOTE, NULL, NULL, NULL, NULL);
		return;
	}
	flag = take_flag(msg, &msglen);
	/* the compiler driver: "clang: error: ...", "collect2: error: ...",
	   "clang: warning: argument unused ... [-Wunused-command-line-argument]":
	   no source line follows */
	if (!line && !col && pathlen && prog_is(s, pathlen, P_DRIVER)) {
		tool = "driver";
		pathlen = 0;
	} else if (starts(msg, msglen, "objtool: ")) {
		tool = "objtool";	/* "x.o: warning: objtool: f()+0x12: ..." */
		msg += 9;
		msglen -= 9;
	} else if (is_makefile(s, pathlen)) {
		tool = "make";	/* "Makefile:12: warning: overriding recipe ..." */
	} else if (*flag || col || !strncmp(s, "cc1", 3) || starts(s, pathlen, "<command-line>"))
		tool = cctool;
	else if (strstr(s, "ld: "))	/* "ld.lld: " too */
		tool = "ld";
	else
		tool = object ? cctool : "kernel-doc";
	if (!strcmp(kind, "fatal error"))
		kind = "error";
	path = path_atom(s, pathlen);
	diag(kind, tool, path, line, col, flag, msg, msglen, s, n);
}

/* ---- input ---- */

static const char *object_of(const char *file)
{
	const char *base = strrchr(file, '/');
	size_t dirlen, bl, n, k;
	char *o;
	const char *r;

	base = base ? base + 1 : file;
	bl = strlen(base);
	if (bl < 8 || base[0] != '.' || strcmp(base + bl - 6, ".kwarn"))
		return NULL;
	dirlen = (size_t)(base - file);
	k = in_tree(file, dirlen, objtree, objlen);
	file += k;
	dirlen -= k;
	while (dirlen >= 2 && !strncmp(file, "./", 2)) {
		file += 2;
		dirlen -= 2;
	}
	n = dirlen + bl - 7;
	o = emalloc(n + 1);
	memcpy(o, file, dirlen);
	memcpy(o + dirlen, base + 1, bl - 7);
	o[n] = '\0';
	r = intern(o, n);
	free(o);
	return r;
}

/*
 * Line prefixes CI systems add, cut before parsing when every line of a
 * file from the first that has one has one of the same kind (a CI job
 * may turn its timestamps on part-way; a pipe: from the first line that
 * has one):
 * "[  12.345678] " (seconds since the start), ISO 8601 times as GitHub
 * Actions and Jenkins' timestamper write them ("2024-05-01T10:00:00.123Z ",
 * "[2024-05-01T10:00:00.123Z] "), and moreutils' ts: "00:00:14 " (ts -s,
 * -i; also in brackets, with fractions) and "May 01 10:00:00 " (ts).
 */
static const char *const prefix_src[] = {
	"^\\[ *[0-9]+\\.[0-9]+\\] ",
	("^\\[?[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?"
	 "(Z|[+-][0-9]{2}:?[0-9]{2})?\\]? "),
	"^\\[?[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?\\]? ",
	"^[A-Z][a-z]{2} [ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)? ",
};
#define NPREFIX (sizeof(prefix_src) / sizeof(*prefix_src))
static regex_t prefix_rx[NPREFIX];
static int prefix;	/* the file's prefix kind, 1..NPREFIX; 0 none; -1 not yet known */

/* the length of a line's prefix of kind @k, 0 when it has none */
static size_t prefix_len(const char *s, size_t n, int k)
{
	regmatch_t m[1] = { { 0, (regoff_t)n } };

	return regexec(&prefix_rx[k - 1], s, 1, m, REG_STARTEND) ? 0 : (size_t)m[0].rm_eo;
}

static int prefix_kind(const char *s, size_t n)
{
	/* every kind starts so: most lines are read without a regexec */
	if (!n || !(isdigit((unsigned char)*s) || *s == '[' || isupper((unsigned char)*s)))
		return 0;
	for (int k = 1; k <= (int)NPREFIX; k++)
		if (prefix_len(s, n, k))
			return k;
	return 0;
}

/* compilers end every line: a log that does not was cut */
static void log_lines(struct lines *l, int fd)
{
	lines_init(l, fd, fname);
	l->what = "log";
}

/* The prefix kind every line of the file @fd has from the first that has
   one on (read once ahead, then from the start again), 0 none; -1 when
   @fd cannot seek (a pipe). */
static int file_prefix(int fd)
{
	struct lines l;
	char *line;
	size_t n;
	int k = 0;

	if (lseek(fd, 0, SEEK_CUR) < 0)
		return -1;
	log_lines(&l, fd);
	while ((line = lines_next(&l, &n))) {
		if (!k)
			k = prefix_kind(line, n);	/* lines before it have none */
		else if (!prefix_len(line, n, k)) {
			k = 0;
			break;
		}
	}
	lines_free(&l);
	if (lseek(fd, 0, SEEK_SET) < 0)
		die(EXIT_IO, "%s: %s", fname, strerror(errno));
	return k;
}

/* a line, its prefix cut, to the parser; what waited for it ends first */
static void take_line(const char *p, size_t n)
{
	int k;

	if (prefix < 0 && (k = prefix_kind(p, n)))
		prefix = k;
	if (prefix > 0) {
		size_t cut = prefix_len(p, n, prefix);

		p += cut;
		n -= cut;
	}
	pending_end(p, n);
	if (!blank_noise(p, n))
		parse_line(p, n);
}

/*
 * The entry whose line is likely next, if the next line may replay it:
 * when parse_line() would look it up (not the source line of a new site),
 * and no prefix is to be cut first.
 */
static struct memo *guessed(void)
{
	struct memo *m;

	if (want_source || prefix || guess >= nhist || nhist - guess >= HIST)
		return NULL;
	m = hist[guess & (HIST - 1)];
	return m->hasobj == (object != NULL) ? m : NULL;
}

static void parse_file(const char *name)
{
	struct lines l;
	char *line;
	size_t n;
	int fd;

	fname = strcmp(name, "-") ? name : "<stdin>";
	fd = strcmp(name, "-") ? open(name, O_RDONLY) : STDIN_FILENO;
	if (fd < 0)
		die(EXIT_IO, "%s: %s", name, strerror(errno));
	object = object_of(name);
	prefix = file_prefix(fd);
	in_capture = object != NULL;
	nfile++;
	fail_seq = nseq;
	ld_obj = ld_fn = NULL;
	lineno = 0;
	function = NULL;
	chain_clear();
	last = NULL;
	want_source = 0;
	kconfig_open = 0;
	log_lines(&l, fd);
	for (;;) {
		struct memo *m = guessed();

		/* the guessed line: no search for its end, no hash, no lookup */
		if (m && lines_next_is(&l, m->raw, m->len)) {
			lineno = l.lineno;
			pending_end(m->raw, m->len);
			replay(m, guess + 1);
		} else if ((line = lines_next(&l, &n))) {
			lineno = l.lineno;
			take_line(line, n);
		} else {
			break;
		}
	}
	lines_free(&l);
	lld_end();
	banner_end(NULL, 0);
	join_unmapped();
	if (fd != STDIN_FILENO)
		close(fd);
}

/*
 * The levels table (mk/levels.sh), "RULE<TAB>LEVEL<TAB>WHY" lines:
 *   -WFLAG, tool:NAME         a flag's level, a tool's (kernel-doc, kconfig)
 *   msg:-WFLAG:REGEX          the level of FLAG's findings whose message
 *                             matches ^(REGEX) (POSIX extended)
 *   rule:unused-static-inline the level of -Wunused-function on an inline
 *                             function, when its flag's is lower
 * WHY, the rule's reason, is for people: read, not used.
 */
static void read_levels(const char *name)
{
	struct lines l;
	char *line;
	size_t n;

	lines_open(&l, name);
	l.open_end = 1;
	while ((line = lines_next(&l, &n))) {
		char *tab = strchr(line, '\t'), *end, *re;
		unsigned long ln = l.lineno;
		long lv;

		if (line[0] == '#' || !n)
			continue;
		if (!tab)
			die(EXIT_BADINPUT, "%s:%lu: expected RULE<TAB>LEVEL<TAB>WHY", name, ln);
		*tab = '\0';
		lv = strtol(tab + 1, &end, 10);
		if (end == tab + 1 || lv < 0 || lv > 3)
			die(EXIT_BADINPUT, "%s:%lu: bad level", name, ln);
		if (*end != '\t' || !end[1])
			die(EXIT_BADINPUT, "%s:%lu: no reason after the level", name, ln);
		if (!strncmp(line, "msg:", 4)) {
			struct msg_rule *r;
			char *pat;

			if (!(re = strchr(line + 4, ':')) || re == line + 4)
				die(EXIT_BADINPUT, "%s:%lu: expected msg:FLAG:REGEX", name, ln);
			msg_rules = erealloc(msg_rules, (nmsg_rules + 1) * sizeof(*msg_rules));
			r = &msg_rules[nmsg_rules];
			r->flag = estrndup(line + 4, (size_t)(re - line - 4));
			r->level = (int)lv;
			pat = emalloc(strlen(re) + 4);
			sprintf(pat, "^(%s)", re + 1);
			if (regcomp(&r->re, pat, REG_EXTENDED | REG_NOSUB))
				die(EXIT_BADINPUT, "%s:%lu: bad regular expression", name, ln);
			free(pat);
			nmsg_rules++;
		} else if (!strncmp(line, "rule:", 5)) {
			if (strcmp(line, "rule:unused-static-inline"))
				die(EXIT_BADINPUT, "%s:%lu: unknown rule '%s'", name, ln, line);
			inline_rule = (int)lv;
		} else {
			int fresh;
			struct level_slot *e = htab_put(&levels, hash_bytes(line, strlen(line)),
							level_is, line, &fresh);

			if (fresh) {
				e->flag = estrdup(line);
				e->level = (int)lv;
			}
		}
	}
	lines_close(&l);
}

/* LIST: a file name a line ("-": standard input); empty lines are none */
static void read_list(const char *name)
{
	struct lines l;
	char *line;
	size_t n;

	if (strcmp(name, "-"))
		lines_open(&l, name);
	else
		lines_init(&l, STDIN_FILENO, name);
	l.open_end = 1;
	while ((line = lines_next(&l, &n)))
		if (n)
			parse_file(line);
	if (strcmp(name, "-"))
		lines_close(&l);
	else
		lines_free(&l);
}

/* ---- output ---- */

static void put_str_array(FILE *o, const char *name, char *const *v, size_t n)
{
	fprintf(o, ",\"%s\":[", name);
	for (size_t i = 0; i < n; i++) {
		if (i)
			putc(',', o);
		put_json_string(o, v[i], JSON_JQ);
	}
	putc(']', o);
}

/* ,"NAME":"VALUE" or ,"NAME":null */
static void put_string_field(FILE *o, const char *name, const char *v)
{
	fprintf(o, ",\"%s\":", name);
	if (v)
		put_json_string(o, v, JSON_JQ);
	else
		fputs("null", o);
}

/* errors by target, then in the order they were first printed */
static int cmp_cause(const void *a, const void *b)
{
	const struct site *x = *(struct site *const *)a, *y = *(struct site *const *)b;
	int c = strcmp(x->target, y->target);

	return c ? c : x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The root cause of each failed target: the first error joined to it. */
static void mark_roots(struct site **v, size_t n)
{
	struct site **e = emalloc((n ? n : 1) * sizeof(*e));
	size_t ne = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i]->target && !strcmp(v[i]->kind, "error"))
			e[ne++] = v[i];
	qsort(e, ne, sizeof(*e), cmp_cause);
	for (size_t i = 0; i < ne; i++)
		e[i]->root = !i || strcmp(e[i]->target, e[i - 1]->target);
	free(e);
}

static int cmp_site(const void *a, const void *b)
{
	const struct site *x = *(struct site *const *)a, *y = *(struct site *const *)b;
	int c;

	if ((c = strcmp(x->path, y->path)))
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return strcmp(x->id, y->id);
}

static int cmp_group(const void *a, const void *b)
{
	const struct site *x = *(struct site *const *)a, *y = *(struct site *const *)b;
	int c = strcmp(x->group, y->group);

	return c ? c : cmp_site(a, b);
}

/* tool, kind, path, flag and message with every run of digits as '#' */
static char *group_of(const struct site *s)
{
	size_t n = strlen(s->tool) + strlen(s->kind) + strlen(s->path) +
		   strlen(s->flag) + strlen(s->msg) + 5;
	char *g = emalloc(n), *p;

	p = g + sprintf(g, "%s\037%s\037%s\037%s\037", s->tool, s->kind, s->path, s->flag);
	for (const char *m = s->msg; *m; m++) {
		if (isdigit((unsigned char)*m)) {
			*p++ = '#';
			while (isdigit((unsigned char)m[1]))
				m++;
		} else {
			*p++ = *m;
		}
	}
	*p = '\0';
	return g;
}

static int is_inline_source(const char *src)
{
	const char *p = src;

	while ((p = strstr(p, "inline"))) {
		if ((p == src || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[6]))
			return 1;
		p += 6;
	}
	return 0;
}

/*
 * Is the function declared at PATH:LINE inline? The compiler shows only the
 * line of its name; "static inline struct x *\nname(...)" has the keyword a
 * line or two above, back to the end of the previous declaration.
 */
static int is_inline_decl(const char *path, unsigned long line)
{
	char prev[4][4096], name[4096];
	unsigned long n;
	FILE *f;

	if (!srctree || line < 2 || path[0] == '/')
		return 0;
	snprintf(name, sizeof(name), "%.*s/%s", (int)srclen, srctree, path);
	if (!(f = fopen(name, "r")))
		return 0;
	/* the last four lines before LINE, in a ring */
	for (n = 1; n < line && fgets(prev[n % 4], sizeof(prev[0]), f); n++)
		;
	fclose(f);
	for (unsigned long k = n - 1; k >= 1 && k + 4 >= n; k--) {
		const char *l = prev[k % 4];
		size_t len = strcspn(l, "\n");

		if (!len || strchr(";{}#/", l[len - 1]) || l[0] == '#')
			break;
		if (is_inline_source(l))
			return 1;
	}
	return 0;
}

/*
 * A site's W level: the one place it is decided, by the levels table's
 * rules (read_levels(); mk/levels.sh gives each rule's reason). The first
 * message rule of its flag that matches its message, else the static-inline
 * rule where it raises the level, else its flag's level, else its tool's;
 * -1 (null) when the table has none of these.
 */
static int level_decide(const struct site *s)
{
	int lv = level_of(s->tool, s->flag);

	for (size_t i = 0; i < nmsg_rules; i++)
		if (!strcmp(msg_rules[i].flag, s->flag) &&
		    !regexec(&msg_rules[i].re, s->msg, 0, NULL, 0))
			return msg_rules[i].level;
	if (inline_rule > lv && !strcmp(s->flag, "-Wunused-function") &&
	    ((s->source && is_inline_source(s->source)) || is_inline_decl(s->path, s->line)))
		return inline_rule;
	return lv;
}

static void write_sites(FILE *o)
{
	struct site **v = emalloc((sites.n ? sites.n : 1) * sizeof(*v));
	size_t n = 0;

	for (struct site_slot *e = NULL; (e = htab_next(&sites, e)); )
		v[n++] = e->site;

	/* ordinals within each group, in line order */
	for (size_t i = 0; i < n; i++)
		v[i]->group = group_of(v[i]);
	qsort(v, n, sizeof(*v), cmp_group);
	for (size_t i = 0; i < n; i++)
		v[i]->ordinal = i && !strcmp(v[i]->group, v[i - 1]->group) ?
				v[i - 1]->ordinal + 1 : 0;
	qsort(v, n, sizeof(*v), cmp_site);
	mark_roots(v, n);

	for (size_t i = 0; i < n; i++) {
		struct site *s = v[i];
		char ord[32];
		uint64_t key;
		int level = level_decide(s);

		snprintf(ord, sizeof(ord), "\037%lu", s->ordinal);
		key = hash_mix(fnv1a(ord, strlen(ord),
				fnv1a(s->group, strlen(s->group), FNV1A_INIT)));
		fprintf(o, "{\"type\":\"diag\",\"key\":\"%016llx\"", (unsigned long long)key);
		if (extra && *extra)
			fprintf(o, ",%s", extra);
		put_string_field(o, "tool", s->tool);
		put_string_field(o, "kind", s->kind);
		put_string_field(o, "flag", s->flag);
		if (level >= 0)
			fprintf(o, ",\"level\":%d", level);
		else
			fputs(",\"level\":null", o);
		put_string_field(o, "path", s->path);
		fprintf(o, ",\"line\":%lu,\"col\":%lu,\"ordinal\":%lu", s->line, s->col,
			s->ordinal);
		put_string_field(o, "message", s->msg);
		put_string_field(o, "function", s->function);
		put_string_field(o, "symbol", s->symbol);
		put_string_field(o, "target", s->target);
		fprintf(o, ",\"root_cause\":%s", s->root ? "true" : "false");
		fprintf(o, ",\"count\":%lu,\"nobjects\":%zu", s->count, s->nobjects);
		put_str_array(o, "objects", (char *const *)s->objects,
			      s->nobjects < MAX_OBJECTS ? s->nobjects : MAX_OBJECTS);
		put_str_array(o, "include", s->chain, s->nchain);
		put_str_array(o, "notes", s->notes, s->nnotes);
		put_string_field(o, "text", s->text);
		put_string_field(o, "source", s->source);
		fputs("}\n", o);
	}
	free(v);
}

/* ---- options ---- */

/* the fields write_sites() gives every record: -x must not give them again */
static const char *const fields[] = {
	"type", "key", "tool", "kind", "flag", "level", "path", "line", "col",
	"ordinal", "message", "function", "symbol", "target", "root_cause",
	"count", "nobjects", "objects",
	"include", "notes", "text", "source",
};

_Noreturn static void bad_extra(const char *x, const char *at, const char *why)
{
	die(EXIT_USAGE, "-x '%s': byte %zu: %s", printable(x), (size_t)(at - x) + 1, why);
}

/* The end of the JSON string at @p (its opening quote), or die. */
static const char *extra_string(const char *x, const char *p)
{
	for (p++; *p != '"'; ) {
		int n = utf8_len(p);

		if (!*p)
			bad_extra(x, p, "a string without its closing quote");
		if ((unsigned char)*p < 0x20)
			bad_extra(x, p, "a control character in a string (write it \\u00XX)");
		if (!n)
			bad_extra(x, p, "invalid UTF-8");
		if (*p == '\\') {
			if (p[1] == 'u' && strspn(p + 2, "0123456789abcdefABCDEF") >= 4)
				n = 6;
			else if (p[1] && strchr("\"\\/bfnrt", p[1]))
				n = 2;
			else
				bad_extra(x, p, "a bad escape");
		}
		p += n;
	}
	return p + 1;
}

/* The end of the digits at @q, one at least, of the JSON number at @p, or die. */
static const char *extra_digits(const char *x, const char *p, const char *q)
{
	size_t d = strspn(q, "0123456789");

	if (!d)
		bad_extra(x, p, "a bad number");
	return q + d;
}

/* The end of the JSON number at @p, or die. */
static const char *extra_number(const char *x, const char *p)
{
	const char *i = p + (*p == '-'), *q = extra_digits(x, p, i);

	if (q - i > 1 && *i == '0')	/* no leading zero */
		bad_extra(x, p, "a bad number");
	if (*q == '.')
		q = extra_digits(x, p, q + 1);
	if (*q == 'e' || *q == 'E')
		q = extra_digits(x, p, q + 1 + (q[1] == '+' || q[1] == '-'));
	return q;
}

/* -x is copied into every record as is: it must keep each record one valid
   JSON object on one line (corpus labels: no nesting) */
static void check_extra(const char *x)
{
	const char *p = x, *nl = strpbrk(x, "\n\r");
	const char **names = emalloc((strlen(x) / 5 + 1) * sizeof(*names));
	size_t nnames = 0, len;
	char why[128];

	if (nl)
		bad_extra(x, nl, "a line break: each record is one line");
	for (;;) {
		p += strspn(p, " \t");
		if (*p != '"')
			bad_extra(x, p, "expected \"NAME\":VALUE");
		len = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz"
			     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		if (!len || p[len + 1] != '"')
			bad_extra(x, p + 1 + len, "a NAME is letters, digits and '_'");
		for (size_t i = 0; i < sizeof(fields) / sizeof(*fields); i++)
			if (strlen(fields[i]) == len && !memcmp(fields[i], p + 1, len)) {
				snprintf(why, sizeof(why), "\"%s\" is a field of every record",
					 fields[i]);
				bad_extra(x, p, why);
			}
		for (size_t i = 0; i < nnames; i++)
			if (!memcmp(names[i], p, len + 2)) {
				snprintf(why, sizeof(why), "\"%.*s\" given twice", (int)len, p + 1);
				bad_extra(x, p, why);
			}
		names[nnames++] = p;
		p += len + 2;
		p += strspn(p, " \t");
		if (*p != ':')
			bad_extra(x, p, "expected ':' after the NAME");
		p += 1 + strspn(p + 1, " \t");
		if (*p == '"')
			p = extra_string(x, p);
		else if (*p == '-' || (*p >= '0' && *p <= '9'))
			p = extra_number(x, p);
		else if (!strncmp(p, "true", 4) || !strncmp(p, "null", 4))
			p += 4;
		else if (!strncmp(p, "false", 5))
			p += 5;
		else
			bad_extra(x, p, "a VALUE is a string, number, true, false or null");
		p += strspn(p, " \t");
		if (!*p)
			break;
		if (*p != ',')
			bad_extra(x, p, "expected ',' or the end");
		p++;
	}
	free(names);
}

/* the length of directory @d (NULL: 0) without its trailing slashes */
static size_t dir_len(const char *d)
{
	size_t n = d ? strlen(d) : 0;

	while (n > 1 && d[n - 1] == '/')
		n--;
	return n;
}

int main(int argc, char **argv)
{
	int c, nin = 0;
	const char *lists[64];
	int nlists = 0;

	argv0 = "kwarn-parse";
	setvbuf(stdout, NULL, _IOFBF, 1u << 20);
	while ((c = getopt(argc, argv, "s:b:t:l:x:T:")) != -1) {
		switch (c) {
		case 's': srctree = optarg; break;
		case 'b': objtree = optarg; break;
		case 't': cctool = optarg; break;
		case 'l': read_levels(optarg); break;
		case 'x': extra = optarg; break;
		case 'T':
			if (nlists == 64)
				die(EXIT_USAGE, "too many -T");
			lists[nlists++] = optarg;
			break;
		default:
			die(EXIT_USAGE, "usage: kwarn-parse [-s SRCTREE] [-b OBJTREE] "
			    "[-t TOOL] [-l LEVELS] [-x JSON] [-T LIST] [FILE...]");
		}
	}
	if (extra && *extra)
		check_extra(extra);
	if (!*cctool)
		die(EXIT_USAGE, "-t '': empty: every record names its tool");
	srclen = dir_len(srctree);
	objlen = dir_len(objtree);
	src_parent = srclen && objlen > srclen + 1 && !memcmp(objtree, srctree, srclen) &&
		     objtree[srclen] == '/' && !memchr(objtree + srclen + 1, '/', objlen - srclen - 1);
	for (size_t i = 0; i < NPREFIX; i++)
		if (regcomp(&prefix_rx[i], prefix_src[i], REG_EXTENDED))
			die(EXIT_IO, "cannot compile a regular expression");

	for (int i = 0; i < nlists; i++)
		read_list(lists[i]);
	for (int i = optind; i < argc; i++, nin++)
		parse_file(argv[i]);
	if (!nin && !nlists)
		parse_file("-");
	write_sites(stdout);
	efclose(stdout, "<stdout>");
	return 0;
}
