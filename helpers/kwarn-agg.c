// SPDX-License-Identifier: GPL-2.0
/*
 * kwarn-agg - make top and make compare from corpus summaries.
 *
 * Usage: kwarn-agg top [-g] [-j] [-n N] [-w W] [-s BOOTS] [-f FIRSTS] [-T LIST] [SUMMARY...]
 *        kwarn-agg top -p [-n N] [-s BOOTS] SUMS
 *        kwarn-agg compare [-j [-t]] [-n N] [-w W] [-F NAMES] [-a SUMMARY]... [-A LIST]
 *                          [-b SUMMARY]... [-B LIST]
 *
 * A SUMMARY (corpus/SCHEMA.md, "Summary"; mk/summary.sh writes them) is a
 * file, zstd-compressed or not, a pipe, or "-" for standard input; a LIST
 * names more, one a line. A plain file, a pipe or standard input may hold
 * several summaries in a row, a compressed file one. A run of compressed
 * files is read through one "zstd -dcq" (a process per file would cost
 * more than reading it).
 *
 * top: per toolchain (in name order) and per cumulative W level its
 * builds have (W=1: levels 0-1, W=12: 0-2, W=123: all; an unknown level at
 * W=123 only), the instances and unique (distinct) keys, and the N flags
 * (the tool when it prints none) and N files with the most instances;
 * with more than one build, "per-seed" sums each build's unique warnings.
 * With one build the text is corpus/queries/top.jq's, byte for byte. -g:
 * each toolchain's summaries come together (a toolchain again after
 * another: exit 2), so that one toolchain's keys are held at a time.
 * With more than one seed a campaign section follows: the builds not ok
 * (by status); the seeds built, with a build not ok, booted (BOOTS: lines
 * "SEED TAB TOOLCHAIN TAB STATUS" of boot records; "ok" is booted); the N
 * flags printed by the most seeds; the keys each of the N newest seeds
 * printed first (no lower-numbered seed did), and the distinct keys so far.
 * -f: those counts from FIRSTS (kwarn-index sums' "first SEED N" lines of
 * the same summaries), not from a table of every key of every toolchain
 * (with keys distinct per seed, 17 million at 1,000 seeds: gigabytes).
 * -p: from SUMS, kwarn-index sums' lines, not from summaries. -j: all of
 * it as one JSON line, for make report: per toolchain and W level every
 * flag with its worst warning, each build, each seed.
 *
 * compare: the warning sites (seed, path, line, flag) of the -b summaries
 * against the -a summaries', matched as the same warning across compilers
 * (doc/compare.md: by site): new in B, gone in B, in both, per flag and
 * per level, and the first N new and gone sites, byte for byte
 * corpus/queries/compare.jq's text. -j: all of it (every new and gone
 * site) as one JSON line, its fields in compare.jq's order (jq . prints it
 * as compare.jq does), written as it goes (the gone sites wait in an
 * unlinked temporary file in $TMPDIR). -t (with -j): the new and gone
 * lists hold the N most frequent sites alone (count, then seed, path,
 * line, key: make report's lists), new_count and gone_count after them.
 * Each side's summaries come in seed order (a seed after a larger one:
 * exit 2): a seed's A and B summaries are compared, then forgotten.
 *
 * -F NAMES: a flag's name across compilers (corpus-lib.jq's flag_names, as
 * "FLAG TAB NAME" lines): a site's flag is its name (GCC's -Woverride-init
 * for Clang's -Winitializer-overrides), so that one warning is one site.
 * -w W (1, 12 or 123): the warnings a W=W build prints alone (levels 0 to
 * W's highest; of an unknown level, those of builds not above W), so that
 * a W=123 build answers for W=1 (not with -p or -f, whose sums hold every
 * level).
 *
 * Memory: 12 bytes a slot per distinct key (of one toolchain with -g) and a
 * few words per flag and file (top); one seed's sites with their text, and
 * the first N lines listed (compare); input is read a block at a time.
 *
 * Exit: 0 ok, 1 bad input (names file and line), 2 usage, 3 I/O error.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

#define NFIELDS		12	/* key kind tool flag level path line count target symbol root text */
#define TEXT		11	/* the text's field, the last */
#define SUMMARY_VERSION	3	/* mk/summary.sh's VERSION */

static const char *const wname[NW] = { "1", "12", "123" };
static int compare_mode;	/* else top */
static int side;		/* compare: reading 0 (A) or 1 (B) */
static unsigned long list_n = 10;	/* top: -n rows; compare: -n sites */
static size_t shown_w = NW;	/* -w: the W levels shown, as wname's length (W=1: 1) */

static _Noreturn void bad(const struct lines *l, unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void bad(const struct lines *l, unsigned long line, const char *fmt, ...)
{
	char why[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	die(EXIT_BADINPUT, "%s:%lu: %s", l->name, line, why);
}

/* ---- hash tables (util.h's htab) ---- */

/* bytes to an index (groups, files, names, flags); the key bytes are copied */
struct map_slot { uint64_t hash; char *k; size_t klen; size_t v; };
#define MAP HTAB(struct map_slot)

static int map_is(const void *slot, const void *key)
{
	const struct map_slot *s = slot;
	const struct bytes *k = key;

	return s->klen == k->n && !memcmp(s->k, k->s, k->n);
}

static struct map_slot *map_put(struct htab *m, const char *k, size_t klen, int *fresh)
{
	struct bytes key = { k, klen };
	struct map_slot *s = htab_put(m, hash_bytes(k, klen), map_is, &key, fresh);

	if (*fresh) {
		s->k = estrndup(k, klen);
		s->klen = klen;
	}
	return s;
}

static void map_free(struct htab *m)
{
	for (struct map_slot *s = NULL; (s = htab_next(m, s)); )
		free(s->k);
	htab_free(m);
}

/* a scratch buffer for composite keys */
static char *kbuf;
static size_t kcap;

static char *key_room(size_t n)
{
	if (n > kcap) {
		kcap = n + 256;
		kbuf = erealloc(kbuf, kcap);
	}
	return kbuf;
}

/* ---- the summary format ---- */

struct header {
	const char *toolchain, *w, *variant, *status, *name;	/* name: the summary's file */
	size_t wlen;
	uint64_t seed, make_exit, instances, unique;
};

struct rec {
	uint64_t key, line, count;
	char *key_hex, *kind, *tool, *flag, *path, *text, *target;
	size_t toollen, flaglen, pathlen;
	int level;		/* -1: unknown */
	int root;		/* the first error of its failed target */
};

static int is_hex(const char *s, size_t n, size_t want)
{
	if (n != want)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

static void parse_header(const struct lines *l, char *line, size_t n, struct header *h)
{
	char *f[2 + SUM_NH], *v[SUM_NH];
	size_t len[2 + SUM_NH], vlen[SUM_NH], nf;
	uint64_t version;

	nf = split_tabs(line, n, f, len, 2 + SUM_NH, 0);
	if (strcmp(f[0], "#kwarn-summary"))
		bad(l, l->lineno, "not a summary header (#kwarn-summary)");
	if (nf < 2 || !parse_u64(f[1], len[1], &version))
		bad(l, l->lineno, "a bad summary version");
	if (version > SUMMARY_VERSION)
		bad(l, l->lineno, "summary version %llu is newer than this kwarn's (%d)",
		    (unsigned long long)version, SUMMARY_VERSION);
	if (version != SUMMARY_VERSION)
		bad(l, l->lineno, "a bad summary version");
	if (nf != 2 + SUM_NH)
		bad(l, l->lineno, "a header has %d fields, not %zu", 2 + SUM_NH, nf);
	summary_values(l, f + 2, len + 2, v, vlen, 0);
	if (!is_hex(v[SUM_SHA256], vlen[SUM_SHA256], 64))
		bad(l, l->lineno, "corpus_sha256 is not 64 hex digits");
	if (!parse_u64(v[SUM_SEED], vlen[SUM_SEED], &h->seed))
		bad(l, l->lineno, "seed is not a number");
	if (vlen[SUM_W] > NW || strspn(v[SUM_W], "123") != vlen[SUM_W])
		bad(l, l->lineno, "w is not a W level (1, 12, 123, ...)");
	if (!parse_u64(v[SUM_MAKE_EXIT], vlen[SUM_MAKE_EXIT], &h->make_exit))
		bad(l, l->lineno, "make_exit is not a number");
	if (!parse_u64(v[SUM_INSTANCES], vlen[SUM_INSTANCES], &h->instances) ||
	    !parse_u64(v[SUM_UNIQUE], vlen[SUM_UNIQUE], &h->unique))
		bad(l, l->lineno, "instances or unique is not a number");
	h->toolchain = v[SUM_TOOLCHAIN];
	h->w = v[SUM_W];
	h->wlen = vlen[SUM_W];
	h->variant = v[SUM_VARIANT];
	h->status = v[SUM_STATUS];
	h->name = l->name;
}

static void parse_record(const struct lines *l, char *line, size_t n, struct rec *r)
{
	char *f[NFIELDS];
	size_t len[NFIELDS], nf = split_tabs(line, n, f, len, NFIELDS, !compare_mode);
	uint64_t lv;

	if (nf != NFIELDS)
		bad(l, l->lineno, "%s%zu fields, not %d", nf > NFIELDS ? "more than " : "",
		    nf > NFIELDS ? NFIELDS : nf, NFIELDS);
	if (!parse_key(f[0], len[0], &r->key))
		bad(l, l->lineno, "the key is not 16 hex digits");
	r->key_hex = f[0];
	if (!len[1] || !len[2])
		bad(l, l->lineno, "no kind or no tool");
	if (!len[4])
		r->level = -1;
	else if (parse_u64(f[4], len[4], &lv) && lv <= 3)
		r->level = (int)lv;
	else
		bad(l, l->lineno, "the level is not 0, 1, 2, 3 or empty");
	if (!parse_u64(f[6], len[6], &r->line) || !parse_u64(f[7], len[7], &r->count))
		bad(l, l->lineno, "the line or the count is not a number");
	if (len[10] > 1 || (len[10] && f[10][0] != '1'))
		bad(l, l->lineno, "root is not 1 or empty");
	r->root = len[10] == 1;
	/* escapes are rare: looked for in one pass before they are undone
	 * (top reads the text of root causes alone) */
	if (memchr(f[1], '\\', (size_t)(f[TEXT] - f[1])) ||
	    ((compare_mode || r->root) && memchr(f[TEXT], '\\', len[TEXT])))
		for (size_t i = 1; i < NFIELDS; i++)
			if ((i != TEXT || compare_mode || r->root) && memchr(f[i], '\\', len[i]) &&
			    !tsv_unescape(f[i], &len[i]))
				bad(l, l->lineno, "a bad escape in field %zu", i + 1);
	r->kind = f[1];
	r->tool = f[2];
	r->toollen = len[2];
	r->flag = f[3];
	r->flaglen = len[3];
	r->path = f[5];
	r->pathlen = len[5];
	r->target = f[8];
	r->text = f[TEXT];
}

/* ---- failed builds and their root causes (top and compare) ---- */

struct failed {
	uint64_t seed, make_exit;
	int side;			/* compare: 0 A, 1 B */
	char *toolchain, *w, *status;
	char **causes;			/* "TARGET: [TOOL] TEXT" */
	size_t ncauses, capcauses;
};
static struct failed *faileds;
static size_t nfaileds, capfaileds;
static int failed_open;		/* the build being read is the last of faileds */

static void failed_header(const struct header *h, int sd)
{
	struct failed *f;

	failed_open = strcmp(h->status, "ok") != 0;
	if (!failed_open)
		return;
	f = PUSH(faileds, nfaileds, capfaileds);
	memset(f, 0, sizeof(*f));
	f->seed = h->seed;
	f->make_exit = h->make_exit;
	f->side = sd;
	f->toolchain = estrdup(h->toolchain);
	f->w = estrndup(h->w, h->wlen);
	f->status = estrdup(h->status);
}

static void failed_record(const struct rec *r)
{
	struct failed *f;
	char *c;

	if (!failed_open || !r->root)
		return;
	f = &faileds[nfaileds - 1];
	c = emalloc(strlen(r->target) + strlen(r->tool) + strlen(r->text) + 8);
	sprintf(c, "%s: [%s] %s", r->target, r->tool, r->text);
	*PUSH(f->causes, f->ncauses, f->capcauses) = c;
}

/* the comparators' part for numbers: -1, 0 or 1 as for strcmp() */
static int cmp_num(uint64_t x, uint64_t y)
{
	return x < y ? -1 : x > y;
}

static int cmp_failed(const void *a, const void *b)
{
	const struct failed *x = a, *y = b;
	int c;

	if ((c = cmp_num(x->seed, y->seed)) || (c = strcmp(x->toolchain, y->toolchain)))
		return c;
	return strcmp(x->w, y->w);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "  seed 1 gcc-12 W=1: failed, make exit 2", then its root causes */
static void failed_print(const struct failed *f)
{
	if (f->ncauses)	/* (qsort() of NULL is undefined, even of none) */
		qsort(f->causes, f->ncauses, sizeof(char *), cmp_str);
	printf("  seed %llu %s W=%s: %s, make exit %llu, %zu root cause(s)\n",
	       (unsigned long long)f->seed, f->toolchain, f->w, f->status,
	       (unsigned long long)f->make_exit, f->ncauses);
	for (size_t i = 0; i < f->ncauses; i++)
		printf("    %s\n", f->causes[i]);
}

static void failed_free(void)
{
	for (size_t i = 0; i < nfaileds; i++) {
		for (size_t j = 0; j < faileds[i].ncauses; j++)
			free(faileds[i].causes[j]);
		free(faileds[i].causes);
		free(faileds[i].toolchain);
		free(faileds[i].w);
		free(faileds[i].status);
	}
	free(faileds);
}

/* ---- output ---- */

/* a warning's place in make report's lists (report.jq's order) */
struct rank {
	uint64_t count, seed, line, key;
	char *path;
};

/* more instances first, then seed, path, line, key */
static int ranks_before(const struct rank *x, const struct rank *y)
{
	int c;

	if (x->count != y->count)
		return x->count > y->count;
	if (x->seed != y->seed)
		return x->seed < y->seed;
	if ((c = strcmp(x->path, y->path)))
		return c < 0;
	if (x->line != y->line)
		return x->line < y->line;
	return x->key < y->key;
}

/* @before, then @s as a JSON string */
static void put_str(FILE *o, const char *before, const char *s)
{
	fputs(before, o);
	put_json_string(o, s, JSON_U_ESCAPES);
}

/* a level as JSON: -1 (unknown) is null */
static void put_level(FILE *o, int level)
{
	if (level < 0)
		fputs("null", o);
	else
		fprintf(o, "%d", level);
}

/* ---- top ---- */

struct toolchain {
	char *name;
	size_t builds, wlen;		/* wlen: the shortest W of its builds */
	uint64_t *seeds;
	size_t nseeds, capseeds;
	int warned;			/* it has a warning record */
	uint64_t n[NW], u[NW], s[NW];	/* instances, unique keys, records */
};
struct worst {				/* -j: a flag's most printed warning */
	struct rank rank;		/* rank.path NULL: none yet */
	int level;
	char *text;
};
struct group {				/* a flag of a toolchain */
	size_t tc;
	char *tool, *flag, *shown, *id;	/* shown: util.c's shown_name(); id: "tool flag" */
	uint64_t n[NW], u[NW], s[NW];
	size_t name;			/* its shown name's index (campaign) */
	uint64_t last_seed;		/* the seed it was last counted for, plus 1 */
	int minlevel[NW];		/* -j: the lowest level of its records (-1: unknown) */
	struct worst worst[NW];
};
struct file {
	size_t tc;
	char *path;
	uint64_t n[NW];
	unsigned seen;			/* bit w: it has a record at W level w */
};

static struct toolchain *tcs;
static size_t ntcs, captcs, cur_tc;
static struct group *groups;
static size_t ngroups, capgroups;
static struct file *files;
static size_t nfiles, capfiles;
static struct htab group_map = MAP, file_map = MAP;

/*
 * The distinct keys of the toolchain being read: (group, key) and the W
 * levels they show at, 12 bytes a slot (9M keys: 200 MB). With -g (make
 * top gives each toolchain's summaries together) a toolchain's are counted
 * and dropped when the next toolchain's begin: memory holds one toolchain's.
 * Not a util.h htab: its slots would hold a hash too, 8 bytes more a key
 * in the largest table top has.
 */
static uint64_t *kkey;
static uint32_t *kmeta;		/* group << 3 | W mask; 0: empty (a mask has a bit) */
static size_t nkeys, capkeys;
static size_t keys_tc = SIZE_MAX;	/* the toolchain they are of (-g) */
static int grouped;			/* -g: each toolchain's summaries together */

static void key_add(uint64_t key, uint32_t group, unsigned mask)
{
	uint32_t meta = group << 3 | mask;
	size_t i;

	/* at most 3/4 full: 12 bytes a slot, 16 a key at worst */
	if (4 * (nkeys + 1) > 3 * capkeys) {
		uint64_t *ok = kkey;
		uint32_t *om = kmeta;
		size_t oldcap = capkeys;

		capkeys = oldcap ? 2 * oldcap : 4096;
		kkey = emalloc(capkeys * sizeof(*kkey));
		kmeta = ecalloc(capkeys, sizeof(*kmeta));
		nkeys = 0;
		for (size_t j = 0; j < oldcap; j++)
			if (om[j])
				key_add(ok[j], om[j] >> 3, om[j] & 7);
		free(ok);
		free(om);
	}
	for (i = hash_mix(key ^ ((uint64_t)group << 40)) & (capkeys - 1); kmeta[i];
	     i = (i + 1) & (capkeys - 1))
		if (kkey[i] == key && kmeta[i] >> 3 == group) {
			kmeta[i] |= mask;
			return;
		}
	kkey[i] = key;
	kmeta[i] = meta;
	nkeys++;
}

/* ---- the campaign: builds, seeds, boots, flags by seeds, keys first seen ---- */

static int json;		/* -j */
static int sums_mode;		/* -p */

/* numbers to numbers: seed -> index + 1, key -> its lowest seed + 1 */
struct num_slot { uint64_t hash, k, v; };

/* the slot of @k, made with v 0 when new: the caller sets v */
static struct num_slot *num_get(struct htab *t, uint64_t k)
{
	int fresh;
	struct num_slot *s = htab_put(t, hash_mix(k), htab_same_u64, &k, &fresh);

	s->k = k;
	return s;
}

/* a set of pairs of numbers: (seed, name) */
struct pair_slot { uint64_t hash, a, b; };

static int pair_is(const void *slot, const void *key)
{
	const struct pair_slot *s = slot;
	const uint64_t *k = key;

	return s->a == k[0] && s->b == k[1];
}

/* (a, b) put in the set @t: 1 when it was not in it */
static int pair_add(struct htab *t, uint64_t a, uint64_t b)
{
	uint64_t k[2] = { a, b };
	int fresh;
	struct pair_slot *s = htab_put(t, hash_mix(a ^ hash_mix(b)), pair_is, k, &fresh);

	s->a = a;
	s->b = b;
	return fresh;
}

struct build {				/* a summary read */
	uint64_t seed, make_exit, instances, unique;
	uint64_t wn, ws;		/* its warnings: instances, records */
	size_t tc;
	char *w, *variant, *status, *name;
};
struct seed {
	uint64_t seed, new_keys;
	size_t builds, not_ok;		/* builds, and those whose status is not ok */
	int boot;			/* 0 no boot record, 1 none ok, 2 one ok */
};
struct count { char *name; uint64_t n; };	/* a status, a flag's name */
struct counts { struct count *v; size_t n, cap; };

static struct build *builds;
static size_t nbuilds, capbuilds;
static struct seed *seeds;
static size_t nseeds, capseeds;
static struct counts flag_names, build_st, boot_st;	/* seeds per flag; builds and boots per status */
static struct htab name_map = MAP;
/* seed -> index + 1; (seed, name) seen; key -> its lowest seed + 1 */
static struct htab seed_tab = HTAB(struct num_slot), first_seen = HTAB(struct num_slot);
static struct htab flag_seeds = HTAB(struct pair_slot);
static uint64_t top_seed;
static const char *boots;	/* -s */
static const char *firsts;	/* -f */

static struct seed *seed_of(uint64_t seed, int add)
{
	struct num_slot *p = num_get(&seed_tab, seed);
	struct seed *sd;

	if (p->v || !add)
		return p->v ? &seeds[p->v - 1] : NULL;
	sd = PUSH(seeds, nseeds, capseeds);
	memset(sd, 0, sizeof(*sd));
	sd->seed = seed;
	p->v = nseeds;
	return sd;
}

static void count_status(struct counts *c, const char *status)
{
	size_t i;

	for (i = 0; i < c->n && strcmp(c->v[i].name, status); i++)
		;
	if (i == c->n)
		*PUSH(c->v, c->n, c->cap) = (struct count){ estrdup(status), 0 };
	c->v[i].n++;
}

static void counts_sort(struct counts *c, int (*cmp)(const void *, const void *))
{
	if (c->n)	/* (qsort() of NULL is undefined, even of none) */
		qsort(c->v, c->n, sizeof(*c->v), cmp);
}

/* @c's memory, and its names when @names */
static void counts_free(struct counts *c, int names)
{
	for (size_t i = 0; names && i < c->n; i++)
		free(c->v[i].name);
	free(c->v);
}

/* BOOTS: "SEED TAB TOOLCHAIN TAB STATUS" a line; seeds not read are left out */
static void read_boots(const char *file)
{
	struct lines l;
	size_t len;
	char *line;

	lines_open(&l, file);
	while ((line = lines_next(&l, &len))) {
		char *f[3];
		size_t flen[3];
		uint64_t seed;
		struct seed *sd;

		if (split_tabs(line, len, f, flen, 3, 0) != 3 || !parse_u64(f[0], flen[0], &seed) ||
		    !flen[1] || !flen[2])
			bad(&l, l.lineno, "not SEED, TOOLCHAIN and STATUS, tab-separated");
		if (!(sd = seed_of(seed, 0)))
			continue;
		if (!strcmp(f[2], "ok")) {
			sd->boot = 2;
			continue;
		}
		if (!sd->boot)
			sd->boot = 1;
		count_status(&boot_st, f[2]);
	}
	lines_close(&l);
}

/* each distinct key once per W level it shows at, then the table emptied */
static void keys_fold(void)
{
	for (size_t i = 0; i < capkeys; i++)
		for (int w = 0; w < NW; w++)
			if (kmeta[i] & (1u << w)) {
				groups[kmeta[i] >> 3].u[w]++;
				tcs[groups[kmeta[i] >> 3].tc].u[w]++;
			}
	free(kkey);
	free(kmeta);
	kkey = NULL;
	kmeta = NULL;
	nkeys = capkeys = 0;
}

/* the index of toolchain @name in tcs, ntcs when it has none */
static size_t tc_find(const char *name)
{
	size_t i;

	for (i = 0; i < ntcs && strcmp(tcs[i].name, name); i++)
		;
	return i;
}

static void top_header(const struct header *h)
{
	struct toolchain *t;
	size_t i = tc_find(h->toolchain);

	if (i == ntcs) {
		t = PUSH(tcs, ntcs, captcs);
		memset(t, 0, sizeof(*t));
		t->name = estrdup(h->toolchain);
		t->wlen = NW;
	}
	t = &tcs[i];
	cur_tc = i;
	t->builds++;
	if (h->wlen < t->wlen)
		t->wlen = h->wlen;
	if (shown_w < t->wlen)
		t->wlen = shown_w;
	*PUSH(t->seeds, t->nseeds, t->capseeds) = h->seed;

	struct build *b = PUSH(builds, nbuilds, capbuilds);
	struct seed *sd = seed_of(h->seed, 1);

	*b = (struct build){ h->seed, h->make_exit, h->instances, h->unique, 0, 0, i,
			     estrdup(h->w), estrdup(h->variant), estrdup(h->status), estrdup(h->name) };
	sd->builds++;
	if (strcmp(h->status, "ok")) {
		sd->not_ok++;
		count_status(&build_st, h->status);
	}
	top_seed = h->seed;
}

static struct file *file_new(size_t tc, const char *path, size_t pathlen)
{
	struct file *f = PUSH(files, nfiles, capfiles);

	memset(f, 0, sizeof(*f));
	f->tc = tc;
	f->path = estrndup(path, pathlen);
	return f;
}

/* the flag @tool @flag of toolchain @tc: its index in groups, *fresh when new */
static size_t group_of(size_t tc, const char *tool, size_t toollen, const char *flag, size_t flaglen, int *fresh)
{
	size_t klen = sizeof(size_t) + toollen + 1 + flaglen;
	char *k = key_room(klen);
	struct map_slot *v;
	struct group *g;

	memcpy(k, &tc, sizeof(size_t));
	memcpy(k + sizeof(size_t), tool, toollen);
	k[sizeof(size_t) + toollen] = '\0';
	memcpy(k + sizeof(size_t) + toollen + 1, flag, flaglen);
	v = map_put(&group_map, k, klen, fresh);
	if (!*fresh)
		return v->v;
	if (ngroups == 1u << 29)	/* key_add's group << 3 */
		die(EXIT_BADINPUT, "more than 2^29 flags");
	g = PUSH(groups, ngroups, capgroups);
	memset(g, 0, sizeof(*g));
	g->tc = tc;
	g->tool = estrndup(tool, toollen);
	g->flag = estrndup(flag, flaglen);
	g->id = emalloc(toollen + flaglen + 2);
	sprintf(g->id, "%s %s", g->tool, g->flag);
	g->shown = shown_name(g->tool, g->flag);
	for (int w = 0; w < NW; w++)
		g->minlevel[w] = 4;
	v->v = ngroups - 1;
	return v->v;
}

/*
 * After top_header, with -g: when the toolchain changes, the last one's
 * keys are counted and dropped; a toolchain counted before cannot come back
 * (its keys are gone). Without -g, every toolchain's keys stay to the end.
 */
static unsigned char *tc_done;	/* per toolchain: its keys were counted */
static size_t ntc_done;

static void top_keys_of(const struct lines *l, unsigned long hline)
{
	if (!grouped || cur_tc == keys_tc)
		return;
	if (keys_tc != SIZE_MAX) {
		keys_fold();
		if (ntc_done < ntcs) {
			tc_done = erealloc(tc_done, ntcs);
			memset(tc_done + ntc_done, 0, ntcs - ntc_done);
			ntc_done = ntcs;
		}
		tc_done[keys_tc] = 1;
	}
	if (cur_tc < ntc_done && tc_done[cur_tc])
		die(EXIT_USAGE, "%s:%lu: toolchain %s again after another's summaries: "
		    "give each toolchain's summaries together (make top does)", l->name, hline, tcs[cur_tc].name);
	keys_tc = cur_tc;
}

static void top_record(const struct rec *r)
{
	static size_t last_group = SIZE_MAX, last_file = SIZE_MAX;
	struct toolchain *t = &tcs[cur_tc];
	struct group *g;
	struct file *f;
	unsigned mask = w_mask(r->level);
	int fresh;

	t->warned = 1;
	/* records come sorted by path: the flag and file of the last one are likely */
	g = last_group < ngroups ? &groups[last_group] : NULL;
	if (!g || g->tc != cur_tc || strcmp(g->tool, r->tool) || strcmp(g->flag, r->flag)) {
		last_group = group_of(cur_tc, r->tool, r->toollen, r->flag, r->flaglen, &fresh);
		g = &groups[last_group];
		if (fresh) {	/* the campaign counts flags by their shown name */
			struct map_slot *v = map_put(&name_map, g->shown, strlen(g->shown), &fresh);

			if (fresh) {
				*PUSH(flag_names.v, flag_names.n, flag_names.cap) = (struct count){ g->shown, 0 };
				v->v = flag_names.n - 1;
			}
			g->name = v->v;
		}
	}
	f = last_file < nfiles ? &files[last_file] : NULL;
	if (!f || f->tc != cur_tc || strcmp(f->path, r->path)) {
		char *k = key_room(sizeof(size_t) + r->pathlen);
		struct map_slot *v;

		memcpy(k, &cur_tc, sizeof(size_t));
		memcpy(k + sizeof(size_t), r->path, r->pathlen);
		v = map_put(&file_map, k, sizeof(size_t) + r->pathlen, &fresh);
		if (fresh) {
			file_new(cur_tc, r->path, r->pathlen);
			v->v = nfiles - 1;
		}
		last_file = v->v;
		f = &files[last_file];
	}
	for (int w = 0; w < NW; w++)
		if (mask & (1u << w)) {
			g->n[w] += r->count;
			g->s[w]++;
			f->n[w] += r->count;
			t->n[w] += r->count;
			t->s[w]++;
		}
	f->seen |= mask;
	key_add(r->key, (uint32_t)last_group, mask);

	/* the campaign: the seeds of each flag, each key's first seed */
	struct num_slot *p;

	builds[nbuilds - 1].wn += r->count;
	builds[nbuilds - 1].ws++;
	if (g->last_seed != top_seed + 1) {
		g->last_seed = top_seed + 1;
		if (pair_add(&flag_seeds, top_seed, g->name))
			flag_names.v[g->name].n++;
	}
	if (!firsts) {
		p = num_get(&first_seen, r->key);
		if (!p->v || top_seed + 1 < p->v)
			p->v = top_seed + 1;
	}
	if (!json)
		return;
	for (int w = 0; w < NW; w++) {
		struct worst *ws = &g->worst[w];
		struct rank rank = { r->count, top_seed, r->line, r->key, r->path };

		if (!(mask & (1u << w)))
			continue;
		if (r->level < g->minlevel[w])
			g->minlevel[w] = r->level;
		if (ws->rank.path && !ranks_before(&rank, &ws->rank))
			continue;
		/* top leaves the text as read: its escapes are undone here */
		size_t tlen = strlen(r->text);
		char *text = estrndup(r->text, tlen);

		if (memchr(text, '\\', tlen) && !tsv_unescape(text, &tlen))
			die(EXIT_BADINPUT, "a bad escape in the text of key %s", r->key_hex);
		free(ws->rank.path);
		free(ws->text);
		rank.path = estrndup(r->path, r->pathlen);
		*ws = (struct worst){ rank, r->level, text };
	}
}

static int cmp_u64(const void *a, const void *b)
{
	return cmp_num(*(const uint64_t *)a, *(const uint64_t *)b);
}

static int cmp_tc(const void *a, const void *b)
{
	return strcmp(tcs[*(const size_t *)a].name, tcs[*(const size_t *)b].name);
}

static int sort_w;	/* the W level the rows are sorted for */

/* most instances first, then the flag's name (as top.jq sorts them) */
static int cmp_group(const void *a, const void *b)
{
	const struct group *x = &groups[*(const size_t *)a], *y = &groups[*(const size_t *)b];
	int c;

	if ((c = cmp_num(y->n[sort_w], x->n[sort_w])) || (c = strcmp(x->shown, y->shown)))
		return c;
	return strcmp(x->id, y->id);
}

static int cmp_file(const void *a, const void *b)
{
	const struct file *x = &files[*(const size_t *)a], *y = &files[*(const size_t *)b];
	int c = cmp_num(y->n[sort_w], x->n[sort_w]);

	return c ? c : strcmp(x->path, y->path);
}

/* the flags of toolchain @tc at W level @w, in @rows as top lists them: their number */
static size_t flag_rows(size_t *rows, size_t tc, int w)
{
	size_t n = 0;

	for (size_t i = 0; i < ngroups; i++)
		if (groups[i].tc == tc && groups[i].s[w])
			rows[n++] = i;
	sort_w = w;
	qsort(rows, n, sizeof(size_t), cmp_group);
	return n;
}

static int cmp_build(const void *a, const void *b)
{
	const struct build *x = a, *y = b;
	int c;

	if ((c = cmp_num(x->seed, y->seed)) || (c = strcmp(tcs[x->tc].name, tcs[y->tc].name)) ||
	    (c = strcmp(x->w, y->w)) || (c = strcmp(x->variant, y->variant)))
		return c;
	return strcmp(x->name, y->name);
}

/* most seeds first, then the name */
static int cmp_name(const void *a, const void *b)
{
	const struct count *x = a, *y = b;
	int c = cmp_num(y->n, x->n);

	return c ? c : strcmp(x->name, y->name);
}

/* the keys each seed printed first; seeds, builds, names, statuses sorted */
static void campaign_sort(void)
{
	if (!nseeds)	/* (qsort() of NULL is undefined, even of none) */
		return;
	qsort(seeds, nseeds, sizeof(*seeds), cmp_u64);	/* (a seed begins with its number) */
	for (size_t i = 0; i < nseeds; i++)
		num_get(&seed_tab, seeds[i].seed)->v = i + 1;
	for (struct num_slot *k = NULL; (k = htab_next(&first_seen, k)); )
		seeds[num_get(&seed_tab, k->v - 1)->v - 1].new_keys++;
	qsort(builds, nbuilds, sizeof(*builds), cmp_build);
	counts_sort(&flag_names, cmp_name);
	counts_sort(&build_st, cmp_str);	/* (a count begins with its name) */
	counts_sort(&boot_st, cmp_str);
}

static void put_counts(const struct counts *c)
{
	for (size_t i = 0; i < c->n; i++)
		printf("%s%s %llu", i ? ", " : "", c->v[i].name, (unsigned long long)c->v[i].n);
}

static void campaign_print(void)
{
	size_t booted = 0, unbooted = 0, not_ok = 0, bad_builds = 0, k = 0;
	uint64_t total = 0;

	for (size_t i = 0; i < nseeds; i++) {
		booted += seeds[i].boot == 2;
		unbooted += seeds[i].boot == 0;
		not_ok += seeds[i].not_ok > 0;
		bad_builds += seeds[i].not_ok;
	}
	printf("== campaign: %zu seeds, %zu builds\n", nseeds, nbuilds);
	printf("seeds: %zu built, %zu with a build not ok, %zu booted, %zu with no boot ok, %zu not booted\n",
	       nseeds, not_ok, booted, nseeds - booted - unbooted, unbooted);
	printf("builds not ok: %zu", bad_builds);
	if (bad_builds) {
		printf(" (");
		put_counts(&build_st);
		putchar(')');
	}
	putchar('\n');
	for (size_t i = 0; i < nbuilds && k < list_n; i++)
		if (strcmp(builds[i].status, "ok")) {
			printf("  seed %llu %s W=%s%s%s: %s (make exit %llu)\n", (unsigned long long)builds[i].seed,
			       tcs[builds[i].tc].name, builds[i].w, strcmp(builds[i].variant, "plain") ? " " : "",
			       strcmp(builds[i].variant, "plain") ? builds[i].variant : "", builds[i].status,
			       (unsigned long long)builds[i].make_exit);
			k++;
		}
	if (bad_builds > k)
		printf("  and %zu more\n", bad_builds - k);
	if (boot_st.n) {
		printf("boots not ok: ");
		put_counts(&boot_st);
		putchar('\n');
	}
	printf("\n  seeds  flag (the %zu printed by the most seeds, of %zu)\n",
	       flag_names.n < list_n ? flag_names.n : (size_t)list_n, flag_names.n);
	for (size_t i = 0; i < flag_names.n && i < list_n; i++)
		printf("  %5llu  %s\n", (unsigned long long)flag_names.v[i].n, flag_names.v[i].name);
	printf("\nkeys first seen (no lower-numbered seed printed them), the %zu newest seeds:\n",
	       nseeds < list_n ? nseeds : (size_t)list_n);
	printf("       seed  new keys  distinct keys so far\n");
	for (size_t i = 0; i < nseeds; i++) {
		total += seeds[i].new_keys;
		if (i + list_n >= nseeds)
			printf("  %9llu  %8llu  %20llu\n", (unsigned long long)seeds[i].seed,
			       (unsigned long long)seeds[i].new_keys, (unsigned long long)total);
	}
	putchar('\n');
}

static void put_worst(const struct worst *w)
{
	printf("{\"key\":\"%016llx\",\"seed\":%llu,\"level\":", (unsigned long long)w->rank.key,
	       (unsigned long long)w->rank.seed);
	put_level(stdout, w->level);
	put_str(stdout, ",\"path\":", w->rank.path);
	printf(",\"line\":%llu,\"count\":%llu", (unsigned long long)w->rank.line,
	       (unsigned long long)w->rank.count);
	put_str(stdout, ",\"text\":", w->text);
	putchar('}');
}

/* {"NAME":N,...} of counted statuses */
static void put_json_counts(const struct counts *c)
{
	putchar('{');
	for (size_t i = 0; i < c->n; i++) {
		put_str(stdout, i ? "," : "", c->v[i].name);
		printf(":%llu", (unsigned long long)c->v[i].n);
	}
	putchar('}');
}

/* -j: one JSON line; toolchains in name order, flags as top sorts them */
static void top_json(const size_t *order, size_t *rows)
{
	printf("{\"toolchains\":[");
	for (size_t o = 0; o < ntcs; o++) {
		struct toolchain *t = &tcs[order[o]];

		printf("%s{\"toolchain\":", o ? "," : "");
		put_json_string(stdout, t->name, JSON_U_ESCAPES);
		printf(",\"builds\":%zu,\"w\":\"%s\",\"levels\":[", t->builds, wname[t->wlen - 1]);
		for (int w = 0; w < NW; w++) {
			size_t n = flag_rows(rows, order[o], w);

			printf("%s{\"w\":\"%s\",\"instances\":%llu,\"unique\":%llu,\"records\":%llu,\"flags\":[",
			       w ? "," : "", wname[w], (unsigned long long)t->n[w], (unsigned long long)t->u[w],
			       (unsigned long long)t->s[w]);
			for (size_t i = 0; i < n; i++) {
				struct group *g = &groups[rows[i]];

				printf("%s{\"flag\":", i ? "," : "");
				put_json_string(stdout, g->shown, JSON_U_ESCAPES);
				put_str(stdout, ",\"tool\":", g->tool);
				printf(",\"level\":");
				put_level(stdout, g->minlevel[w]);
				printf(",\"instances\":%llu,\"unique\":%llu,\"records\":%llu,\"worst\":",
				       (unsigned long long)g->n[w], (unsigned long long)g->u[w],
				       (unsigned long long)g->s[w]);
				put_worst(&g->worst[w]);
				putchar('}');
			}
			printf("]}");
		}
		printf("]}");
	}
	printf("],\"builds\":[");
	for (size_t i = 0; i < nbuilds; i++) {
		struct build *b = &builds[i];

		printf("%s{\"summary\":", i ? "," : "");
		put_json_string(stdout, b->name, JSON_U_ESCAPES);
		printf(",\"seed\":%llu,\"toolchain\":", (unsigned long long)b->seed);
		put_json_string(stdout, tcs[b->tc].name, JSON_U_ESCAPES);
		put_str(stdout, ",\"w\":", b->w);
		put_str(stdout, ",\"variant\":", b->variant);
		put_str(stdout, ",\"status\":", b->status);
		printf(",\"make_exit\":%llu,\"instances\":%llu,\"unique\":%llu,"
		       "\"warnings\":{\"instances\":%llu,\"unique\":%llu}}",
		       (unsigned long long)b->make_exit, (unsigned long long)b->instances,
		       (unsigned long long)b->unique, (unsigned long long)b->wn, (unsigned long long)b->ws);
	}
	printf("],\"seeds\":[");
	for (size_t i = 0, total = 0; i < nseeds; i++) {
		total += seeds[i].new_keys;
		printf("%s{\"seed\":%llu,\"builds\":%zu,\"not_ok\":%zu,\"boot\":\"%s\","
		       "\"new_keys\":%llu,\"keys\":%zu}", i ? "," : "", (unsigned long long)seeds[i].seed,
		       seeds[i].builds, seeds[i].not_ok,
		       seeds[i].boot == 2 ? "ok" : seeds[i].boot ? "not ok" : "none",
		       (unsigned long long)seeds[i].new_keys, total);
	}
	printf("],\"flags\":[");
	for (size_t i = 0; i < flag_names.n; i++) {
		printf("%s{\"flag\":", i ? "," : "");
		put_json_string(stdout, flag_names.v[i].name, JSON_U_ESCAPES);
		printf(",\"seeds\":%llu}", (unsigned long long)flag_names.v[i].n);
	}
	printf("],\"build_status\":");
	put_json_counts(&build_st);
	printf(",\"boot_status\":");
	put_json_counts(&boot_st);
	printf("}\n");
}

static void top_print(void)
{
	size_t *order = emalloc(ntcs * sizeof(size_t));
	size_t *rows = emalloc((ngroups > nfiles ? ngroups : nfiles) * sizeof(size_t));

	keys_fold();
	for (size_t i = 0; i < ntcs; i++)
		order[i] = i;
	qsort(order, ntcs, sizeof(size_t), cmp_tc);
	campaign_sort();
	if (json)
		top_json(order, rows);
	for (size_t o = 0; o < ntcs && !json; o++) {
		struct toolchain *t = &tcs[order[o]];
		int multi = t->builds > 1;
		if (!t->warned)
			continue;
		qsort(t->seeds, t->nseeds, sizeof(uint64_t), cmp_u64);
		printf("== %s: %zu build(s), seed(s)", t->name, t->builds);
		for (size_t i = 0; i < t->nseeds; i++)
			if (!i || t->seeds[i] != t->seeds[i - 1])
				printf(" %llu", (unsigned long long)t->seeds[i]);
		putchar('\n');
		for (int w = 0; w < NW && (size_t)w < t->wlen; w++) {
			size_t n = flag_rows(rows, order[o], w);

			printf("W=%s: %llu instances, %llu unique", wname[w],
			       (unsigned long long)t->n[w], (unsigned long long)t->u[w]);
			if (multi)
				printf(", %llu unique per seed summed", (unsigned long long)t->s[w]);
			/* what the level adds to the one below (each key has one level) */
			if (w)
				printf(" (W=%d adds %llu instances, %llu unique)", w + 1,
				       (unsigned long long)(t->n[w] - t->n[w - 1]), (unsigned long long)(t->u[w] - t->u[w - 1]));
			printf(multi ? "\n  instances  unique  per-seed  flag\n" : "\n  instances  unique  flag\n");
			for (size_t i = 0; i < n && i < list_n; i++) {
				struct group *g = &groups[rows[i]];

				printf("  %9llu  %6llu  ", (unsigned long long)g->n[w], (unsigned long long)g->u[w]);
				if (multi)
					printf("%8llu  ", (unsigned long long)g->s[w]);
				printf("%s\n", g->shown);
			}
			printf("  files with the most warnings:\n");
			n = 0;
			for (size_t i = 0; i < nfiles; i++)
				if (files[i].tc == order[o] && (files[i].seen & (1u << w)))
					rows[n++] = i;
			qsort(rows, n, sizeof(size_t), cmp_file);	/* (sort_w: flag_rows set it) */
			for (size_t i = 0; i < n && i < list_n; i++)
				printf("  %9llu  %s\n", (unsigned long long)files[rows[i]].n[w], files[rows[i]].path);
			putchar('\n');
		}
	}
	/* failed builds, when there are: top.jq's text too */
	if (!json && nfaileds) {
		qsort(faileds, nfaileds, sizeof(*faileds), cmp_failed);
		printf("failed builds: %zu\n", nfaileds);
		for (size_t i = 0; i < nfaileds; i++)
			failed_print(&faileds[i]);
		putchar('\n');
	}
	failed_free();
	/* one seed: top.jq's text alone */
	if (!json && nseeds > 1)
		campaign_print();
	free(order);
	free(rows);
	for (size_t i = 0; i < ntcs; i++) {
		free(tcs[i].name);
		free(tcs[i].seeds);
	}
	for (size_t i = 0; i < ngroups; i++) {
		free(groups[i].tool);
		free(groups[i].flag);
		free(groups[i].id);
		free(groups[i].shown);
		for (int w = 0; w < NW; w++) {
			free(groups[i].worst[w].rank.path);
			free(groups[i].worst[w].text);
		}
	}
	for (size_t i = 0; i < nbuilds; i++) {
		free(builds[i].w);
		free(builds[i].variant);
		free(builds[i].status);
		free(builds[i].name);
	}
	free(builds);
	free(seeds);
	counts_free(&flag_names, sums_mode);	/* (else a group's shown name) */
	counts_free(&build_st, 1);
	counts_free(&boot_st, 1);
	htab_free(&seed_tab);
	htab_free(&flag_seeds);
	htab_free(&first_seen);
	map_free(&name_map);
	for (size_t i = 0; i < nfiles; i++)
		free(files[i].path);
	free(tcs);
	free(groups);
	free(files);
	free(tc_done);
	map_free(&group_map);
	map_free(&file_map);
}

/* ---- compare ---- */

/*
 * Sites hold the seed, so compare works a seed at a time (the summaries of
 * each side come in seed order): one seed's sites, with their text, in an
 * arena and an index emptied at the next seed; what outlives a seed is the
 * per-flag counts, the first N new and gone lines of the text, and (-j) the
 * gone sites in a temporary file, the new ones being printed as they come.
 */
struct site {
	uint64_t line, count[2], key[2];
	size_t path, flag, name, text[2];	/* offsets in the arena; name: the flag's (-F) */
	size_t pathlen, namelen;
	int has[2], level[2];
};
struct flag_row {
	const char *flag;
	int level;			/* the lowest; -1 (unknown) lowest of all */
	uint64_t c[3];			/* new, gone, both */
};

static struct site *sites;
static size_t nsites, capsites;
/* the seed's sites by path, line and flag: their index in sites */
struct site_slot { uint64_t hash; size_t site; };
static struct htab site_idx = HTAB(struct site_slot);
static char *arena;
static size_t narena, caparena;
static uint64_t cur_seed;

static struct flag_row *rows;
static size_t nrows, caprows;
static struct htab flag_map = MAP;
static uint64_t nlist[2], nboth;	/* the new (0) and gone (1) lists' lengths; sites of both */
static FILE *gone_tmp;			/* -j: the gone sites, until the new ones are out */
static int top_only;			/* -t */
/* -t: the N most frequent new (0) and gone (1) sites so far, best first */
struct best {
	struct rank rank;
	char *json;
};
static struct best *best[2];
static size_t nbest[2];
struct text { FILE *f; char *s; size_t n, lines; };
static struct text texts[2];	/* the first N lines of the new (0) and gone (1) lists */

static size_t arena_put(const char *s, size_t n)
{
	size_t at = narena;

	if (narena + n + 1 > caparena) {
		caparena = 2 * (narena + n + 1) + 65536;
		arena = erealloc(arena, caparena);
	}
	memcpy(arena + narena, s, n);
	arena[narena + n] = '\0';
	narena += n + 1;
	return at;
}

/*
 * -F FILE: one name per warning across compilers, corpus-lib.jq's
 * flag_names as lines "FLAG TAB NAME" (make writes it): a site is its
 * path, line and its flag's name (a flag not in the table its own), its
 * flag the first record's.
 */
static struct htab site_names = MAP;
static char **name_of;		/* site_names' values: name_of[slot->v] */
static size_t nnames, capnames;

static void read_site_names(const char *file)
{
	struct lines l;
	size_t len;
	char *line;

	lines_open(&l, file);
	while ((line = lines_next(&l, &len))) {
		char *f[2];
		size_t flen[2];
		int fresh;

		if (split_tabs(line, len, f, flen, 2, 0) != 2 || !flen[0] || !flen[1])
			bad(&l, l.lineno, "not FLAG TAB NAME");
		struct map_slot *v = map_put(&site_names, f[0], flen[0], &fresh);

		if (!fresh)
			bad(&l, l.lineno, "%s again", f[0]);
		*PUSH(name_of, nnames, capnames) = estrndup(f[1], flen[1]);
		v->v = nnames - 1;
	}
	lines_close(&l);
}

/* a record's site: its path and line, its flag's name */
struct site_of { const struct rec *r; const char *name; size_t namelen; };

static uint64_t site_hash(const struct site_of *k)
{
	uint64_t h = hash_bytes(k->r->path, k->r->pathlen);

	return hash_mix(h ^ hash_bytes(k->name, k->namelen) * 31 ^ k->r->line);
}

static int site_is(const void *slot, const void *key)
{
	const struct site *s = &sites[((const struct site_slot *)slot)->site];
	const struct site_of *k = key;

	return s->line == k->r->line && s->pathlen == k->r->pathlen && s->namelen == k->namelen &&
	       !memcmp(arena + s->path, k->r->path, k->r->pathlen) && !memcmp(arena + s->name, k->name, k->namelen);
}

static void compare_record(const struct rec *r)
{
	struct site_of k = { r, r->flag, r->flaglen };
	struct site_slot *e;
	struct site *s;
	int fresh;

	if (site_names.n) {
		struct bytes key = { r->flag, r->flaglen };
		struct map_slot *v = htab_get(&site_names, hash_bytes(r->flag, r->flaglen), map_is, &key);

		if (v) {
			k.name = name_of[v->v];
			k.namelen = strlen(k.name);
		}
	}
	e = htab_put(&site_idx, site_hash(&k), site_is, &k, &fresh);
	if (fresh) {
		s = PUSH(sites, nsites, capsites);
		memset(s, 0, sizeof(*s));
		s->line = r->line;
		s->path = arena_put(r->path, r->pathlen);
		s->pathlen = r->pathlen;
		s->flag = arena_put(r->flag, r->flaglen);
		s->name = k.name == r->flag ? s->flag : arena_put(k.name, k.namelen);
		s->namelen = k.namelen;
		e->site = nsites - 1;
	}
	s = &sites[e->site];
	if (!s->has[side]) {
		s->has[side] = 1;
		s->level[side] = r->level;
		s->key[side] = r->key;
		/* A is read first: a site of both prints no text, keep none */
		if (!side || !s->has[0])
			s->text[side] = arena_put(r->text, strlen(r->text));
	}
	s->count[side] += r->count;
}

/* compare.jq's order, within a seed: path, line, flag */
static int cmp_site(const void *a, const void *b)
{
	const struct site *x = &sites[*(const size_t *)a], *y = &sites[*(const size_t *)b];
	int c;

	if ((c = strcmp(arena + x->path, arena + y->path)) || (c = cmp_num(x->line, y->line)))
		return c;
	return strcmp(arena + x->name, arena + y->name);
}

static int cmp_flag_row(const void *a, const void *b)
{
	const struct flag_row *x = a, *y = b;
	int c = cmp_num(y->c[0] + y->c[1], x->c[0] + x->c[1]);

	return c ? c : strcmp(x->flag, y->flag);
}

/* one site of a -j list, as compare.jq gives it */
static void put_site(FILE *o, const struct site *s, int sd, int first)
{
	fprintf(o, "%s{\"seed\":%llu,\"path\":", first ? "" : ",", (unsigned long long)cur_seed);
	put_json_string(o, arena + s->path, JSON_U_ESCAPES);
	fprintf(o, ",\"line\":%llu,\"flag\":", (unsigned long long)s->line);
	put_json_string(o, arena + s->flag, JSON_U_ESCAPES);
	fputs(",\"level\":", o);
	put_level(o, s->level[sd]);
	fprintf(o, ",\"key\":\"%016llx\",\"text\":", (unsigned long long)s->key[sd]);
	put_json_string(o, arena + s->text[sd], JSON_U_ESCAPES);
	fprintf(o, ",\"count\":%llu}", (unsigned long long)s->count[sd]);
}

/* -t: site s, side sd, kept in list `which` when among its N best */
static void keep_best(int which, const struct site *s, int sd)
{
	struct best b = { { s->count[sd], cur_seed, s->line, s->key[sd], arena + s->path }, NULL };
	struct best *l;
	size_t n = nbest[which], at, size;
	FILE *f;

	if (!list_n)
		return;
	if (!best[which])
		best[which] = emalloc(list_n * sizeof(**best));
	l = best[which];
	if (n == list_n) {
		if (!ranks_before(&b.rank, &l[n - 1].rank))
			return;
		n--;
		free(l[n].rank.path);
		free(l[n].json);
	}
	for (at = n; at > 0 && ranks_before(&b.rank, &l[at - 1].rank); at--)
		;
	memmove(&l[at + 1], &l[at], (n - at) * sizeof(*l));
	b.rank.path = estrndup(arena + s->path, s->pathlen);
	f = memstream(&b.json, &size);
	put_site(f, s, sd, 1);
	efclose(f, "memory");
	l[at] = b;
	nbest[which] = n + 1;
}

/* -t: list `which`, and its memory */
static void put_best(int which)
{
	for (size_t i = 0; i < nbest[which]; i++) {
		printf("%s%s", i ? "," : "", best[which][i].json);
		free(best[which][i].rank.path);
		free(best[which][i].json);
	}
	free(best[which]);
}

/* one site of a text list: "  seed S KEY  TEXT", the first N only */
static void add_text(struct text *t, const struct site *s, int sd)
{
	if (t->lines++ >= list_n)
		return;
	if (!t->f)
		t->f = memstream(&t->s, &t->n);
	fprintf(t->f, "  seed %llu %016llx  %s\n", (unsigned long long)cur_seed, (unsigned long long)s->key[sd],
		arena + s->text[sd]);
}

/* a text list's lines out, and its memory */
static void put_text(struct text *t)
{
	if (!t->f)
		return;
	efclose(t->f, "memory");
	fwrite(t->s, 1, t->n, stdout);
	free(t->s);
}

/* a side of site s counted under its flag: new (0), gone (1) or both (2) */
static void count_site(const struct site *s, int sd, int which)
{
	struct map_slot *v;
	int fresh;

	v = map_put(&flag_map, arena + s->flag, strlen(arena + s->flag), &fresh);
	if (fresh) {
		struct flag_row *r = PUSH(rows, nrows, caprows);

		memset(r, 0, sizeof(*r));
		r->level = s->level[sd];
		v->v = nrows - 1;
	}
	if (s->level[sd] < rows[v->v].level)
		rows[v->v].level = s->level[sd];
	rows[v->v].c[which]++;
}

/* the seed's sites: matched, counted, listed, and forgotten */
static size_t *order, caporder;	/* the seed's new and gone sites */

static void compare_seed(void)
{
	size_t n = 0;

	if (caporder < nsites) {
		caporder = nsites;
		free(order);
		order = emalloc(caporder * sizeof(*order));
	}
	/* the same warning across compilers: the same site (doc/compare.md) */
	for (size_t i = 0; i < nsites; i++) {
		const struct site *s = &sites[i];
		/* new (0), gone (1) or both (2): new counts B's record, the
		 * others A's (compare.jq's level) */
		int which = s->has[0] ? (s->has[1] ? 2 : 1) : 0;

		count_site(s, which ? 0 : 1, which);
		if (which == 2)
			nboth++;
		else
			order[n++] = i;
	}
	qsort(order, n, sizeof(*order), cmp_site);
	for (size_t i = 0; i < n; i++) {
		struct site *s = &sites[order[i]];
		int gone = !s->has[1], sd = s->has[1];	/* a new site's record is B's */

		if (top_only)
			keep_best(gone, s, sd);
		else if (json)
			put_site(gone ? gone_tmp : stdout, s, sd, !nlist[gone]);
		else
			add_text(&texts[gone], s, sd);
		nlist[gone]++;
	}
	nsites = narena = 0;
	htab_clear(&site_idx);
}

static void compare_begin(void)
{
	if (!json)
		return;
	if (!top_only) {
		const char *dir = getenv("TMPDIR");
		char *name = emalloc(strlen(dir && *dir ? dir : "/tmp") + 32);
		int fd;

		sprintf(name, "%s/kwarn-agg.XXXXXX", dir && *dir ? dir : "/tmp");
		if ((fd = mkstemp(name)) < 0 || unlink(name) || !(gone_tmp = fdopen(fd, "w+")))
			die(EXIT_IO, "%s: %s", name, strerror(errno));
		free(name);
	}
	fputs("{\"new\":[", stdout);
}

/* a build of B that failed, for a seed whose A builds did not */
static int only_b(const struct failed *f)
{
	if (f->side != 1)
		return 0;
	for (size_t i = 0; i < nfaileds; i++)
		if (faileds[i].side == 0 && faileds[i].seed == f->seed)
			return 0;
	return 1;
}

/* new, gone and both: the end of a JSON object (-j), else compare.jq's text columns */
static void put_sides(const uint64_t *c)
{
	printf(json ? ",\"new\":%llu,\"gone\":%llu,\"both\":%llu}" : "%5llu  %5llu  %5llu",
	       (unsigned long long)c[0], (unsigned long long)c[1], (unsigned long long)c[2]);
}

/* @level in the text, in @buf: ? when unknown */
static const char *level_text(int level, char *buf)
{
	if (level < 0)
		return "?";
	sprintf(buf, "%d", level);
	return buf;
}

static void compare_end(void)
{
	struct { int has; uint64_t c[3]; } levels[5] = { { 0 } };	/* unknown, 0..3 */

	for (struct map_slot *f = NULL; (f = htab_next(&flag_map, f)); )
		rows[f->v].flag = f->k;
	qsort(rows, nrows, sizeof(*rows), cmp_flag_row);
	for (size_t i = 0; i < nrows; i++) {
		levels[rows[i].level + 1].has = 1;
		for (int c = 0; c < 3; c++)
			levels[rows[i].level + 1].c[c] += rows[i].c[c];
	}
	if (json) {
		char buf[65536];
		size_t got;

		if (top_only) {
			put_best(0);
			fputs("],\"gone\":[", stdout);
			put_best(1);
		} else {
			fputs("],\"gone\":[", stdout);
			if (fflush(gone_tmp) || fseek(gone_tmp, 0, SEEK_SET))
				die(EXIT_IO, "a temporary file: %s", strerror(errno));
			while ((got = fread(buf, 1, sizeof(buf), gone_tmp)))
				fwrite(buf, 1, got, stdout);
			if (ferror(gone_tmp))
				die(EXIT_IO, "a temporary file: %s", strerror(errno));
			fclose(gone_tmp);
		}
		printf("],\"both\":%llu,\"flags\":[", (unsigned long long)nboth);
		for (size_t i = 0; i < nrows; i++) {
			printf("%s{\"flag\":", i ? "," : "");
			put_json_string(stdout, rows[i].flag, JSON_U_ESCAPES);
			printf(",\"level\":");
			put_level(stdout, rows[i].level);
			put_sides(rows[i].c);
		}
		printf("],\"levels\":[");
		for (int l = 0, k = 0; l < 5; l++)
			if (levels[l].has) {
				printf("%s{\"level\":", k++ ? "," : "");
				put_level(stdout, l - 1);
				put_sides(levels[l].c);
			}
		printf("],\"failing_in_b\":[");
		for (size_t i = 0, k = 0; i < nfaileds; i++) {
			struct failed *f = &faileds[i];

			if (!only_b(f))
				continue;
			if (f->ncauses)
				qsort(f->causes, f->ncauses, sizeof(char *), cmp_str);
			printf("%s{\"seed\":%llu,\"toolchain\":", k++ ? "," : "", (unsigned long long)f->seed);
			put_json_string(stdout, f->toolchain, JSON_U_ESCAPES);
			put_str(stdout, ",\"w\":", f->w);
			put_str(stdout, ",\"status\":", f->status);
			printf(",\"make_exit\":%llu,\"root_causes\":[", (unsigned long long)f->make_exit);
			for (size_t j = 0; j < f->ncauses; j++) {
				if (j)
					putchar(',');
				put_json_string(stdout, f->causes[j], JSON_U_ESCAPES);
			}
			printf("]}");
		}
		if (top_only)
			printf("],\"new_count\":%llu,\"gone_count\":%llu}\n", (unsigned long long)nlist[0],
			       (unsigned long long)nlist[1]);
		else
			printf("]}\n");
	} else {
		printf("sites: %llu new in B, %llu gone in B, %llu in both\n\n", (unsigned long long)nlist[0],
		       (unsigned long long)nlist[1], (unsigned long long)nboth);
		printf("level    new   gone   both\n");
		for (int l = 0; l < 5; l++)
			if (levels[l].has) {
				char lv[12];

				printf("%5s  ", level_text(l - 1, lv));
				put_sides(levels[l].c);
				putchar('\n');
			}
		printf("\n  new   gone   both  level  flag\n");
		for (size_t i = 0; i < nrows; i++) {
			char lv[12];

			put_sides(rows[i].c);
			printf("  %5s  %s\n", level_text(rows[i].level, lv), *rows[i].flag ? rows[i].flag : "(none)");
		}
		printf("\nnew in B (first %lu):\n", list_n);
		put_text(&texts[0]);
		printf("gone in B (first %lu):\n", list_n);
		put_text(&texts[1]);
		/* builds B fails and A does not, when there are: compare.jq's too */
		size_t nb = 0;

		for (size_t i = 0; i < nfaileds; i++)
			nb += only_b(&faileds[i]);
		if (nb)
			printf("builds failing with B but not with A: %zu\n", nb);
		for (size_t i = 0; i < nfaileds; i++)
			if (only_b(&faileds[i]))
				failed_print(&faileds[i]);
	}
	failed_free();
	free(rows);
	map_free(&flag_map);
	free(order);
	free(sites);
	htab_free(&site_idx);
	free(arena);
}

/* ---- reading ---- */

/*
 * The summaries of a list of files (see the top of this file), one at a
 * time: src_next() reads the next one's header, src_body() its records.
 */
struct src {
	char **names;
	size_t n, next;			/* the files, the first not yet opened */
	char **run;			/* the files of the open stream */
	size_t nrun, k;			/* k: the one being read */
	int fd, open;
	pid_t pid;			/* zstd's, or 0 */
	struct lines l;
	struct header h;
	char *toolchain;		/* h.toolchain's copy */
	unsigned long hline;		/* the header's line, 0 before the first */
	uint64_t records, instances;
};

static int is_zstd(const char *name)
{
	static const unsigned char magic[4] = { 0x28, 0xb5, 0x2f, 0xfd };
	unsigned char b[4];
	struct stat st;
	int fd;
	ssize_t r;

	/* a pipe (make's <(kwarn-index summaries ...)) is plain: a look would eat its bytes */
	if (!stat(name, &st) && !S_ISREG(st.st_mode))
		return 0;
	if ((fd = open(name, O_RDONLY)) < 0)
		die(EXIT_IO, "%s: %s", name, strerror(errno));
	r = read(fd, b, 4);
	if (r < 0)
		die(EXIT_IO, "%s: %s", name, strerror(errno));
	close(fd);
	/* a zstd frame, or a skippable one (mk/summary.sh's version) */
	return r == 4 && (!memcmp(b, magic, 4) || ((b[0] & 0xf0) == 0x50 && !memcmp(b + 1, "\x2a\x4d\x18", 3)));
}

static void src_open(struct src *s)
{
	static char *in = "<stdin>";
	size_t j = s->next;

	while (j < s->n && j - s->next < ZSTD_RUN && strcmp(s->names[j], "-") && is_zstd(s->names[j]))
		j++;
	s->pid = 0;
	if (j > s->next) {
		s->fd = zstd_reader(s->names + s->next, j - s->next, &s->pid);
#ifdef F_SETPIPE_SZ
		/* 1 MiB, not 64 KiB: a sixteenth of the wake-ups (best effort) */
		(void)fcntl(s->fd, F_SETPIPE_SZ, 1 << 20);
#endif
		s->run = s->names + s->next;
		s->nrun = j - s->next;
	} else if (!strcmp(s->names[j], "-")) {
		s->fd = STDIN_FILENO;
		s->run = &in;
		s->nrun = 1;
	} else {
		if ((s->fd = open(s->names[j], O_RDONLY)) < 0)
			die(EXIT_IO, "%s: %s", s->names[j], strerror(errno));
		s->run = s->names + j;
		s->nrun = 1;
	}
	s->next += s->nrun;
	s->k = 0;
	s->hline = 0;
	s->open = 1;
	lines_init(&s->l, s->fd, s->run[0]);
}

/* the stream ended where a header may come: it must have had them all */
static void src_close(struct src *s)
{
	if (!s->hline)
		bad(&s->l, 1, "empty: no summary header");
	if (s->k + 1 < s->nrun) {
		s->l.name = s->run[s->k + 1];
		bad(&s->l, 1, "empty: no summary header");
	}
	lines_free(&s->l);
	if (s->fd != STDIN_FILENO)
		close(s->fd);
	s->open = 0;
	if (s->pid && reap(s->pid))
		die(EXIT_BADINPUT, "%s%s: truncated or corrupt (zstd -dcq failed; it says which file)",
		    s->run[0], s->nrun > 1 ? " or a file after it" : "");
}

static void check_instances(struct src *s)
{
	if (s->instances != s->h.instances)
		bad(&s->l, s->hline, "the header says instances %llu, the records' counts sum to %llu",
		    (unsigned long long)s->h.instances, (unsigned long long)s->instances);
}

/* the next summary's header in s->h: 1, or 0 at the end of the files */
static int src_next(struct src *s)
{
	char *line;
	size_t len;

	for (;;) {
		if (!s->open) {
			if (s->next == s->n)
				return 0;
			src_open(s);
		}
		if ((line = lines_next(&s->l, &len)))
			break;
		src_close(s);
	}
	if (s->hline && s->nrun > 1) {	/* the next file's */
		if (++s->k == s->nrun)
			bad(&s->l, s->l.lineno, "a second summary in a compressed file");
		s->l.name = s->run[s->k];
		s->l.lineno = 1;
	}
	if (s->hline && strncmp(line, "#kwarn-summary\t", 15))
		bad(&s->l, s->l.lineno, "not a summary header: the header on line %lu says %llu records",
		    s->hline, (unsigned long long)s->h.unique);
	parse_header(&s->l, line, len, &s->h);
	free(s->toolchain);
	s->h.toolchain = s->toolchain = estrdup(s->h.toolchain);
	s->hline = s->l.lineno;
	s->records = s->instances = 0;
	if (!s->h.unique)
		check_instances(s);
	return 1;
}

/* -w W: a warning of @level, of a build at W of @wlen digits, is one a
 * W=W build prints (0 and W's levels; of an unknown level, when its own
 * build is not above W) */
static int level_shown(int level, size_t wlen)
{
	return level < 0 ? wlen <= shown_w : (size_t)level <= shown_w;
}

/* the records of the summary src_next() gave: root causes kept, each warning to @each */
static void src_body(struct src *s, void (*each)(const struct rec *))
{
	while (s->records < s->h.unique) {
		struct rec r;
		size_t len;
		char *line = lines_next(&s->l, &len);

		if (!line || !strncmp(line, "#kwarn-summary\t", 15))
			bad(&s->l, s->hline, "the header says unique %llu, the file has %llu records",
			    (unsigned long long)s->h.unique, (unsigned long long)s->records);
		parse_record(&s->l, line, len, &r);
		failed_record(&r);
		if (!strcmp(r.kind, "warning") && level_shown(r.level, s->h.wlen))
			each(&r);
		s->records++;
		if (r.count > UINT64_MAX - s->instances)
			bad(&s->l, s->l.lineno, "the counts overflow");
		s->instances += r.count;
	}
	check_instances(s);
}

static void src_free(struct src *s)
{
	free(s->toolchain);
}

static _Noreturn void usage(void)
{
	fprintf(stderr, "usage: kwarn-agg top [-g] [-j] [-n N] [-w W] [-s BOOTS] [-f FIRSTS] [-T LIST] [SUMMARY...]\n"
		"       kwarn-agg top -p [-n N] [-s BOOTS] SUMS\n"
		"       kwarn-agg compare [-j [-t]] [-n N] [-w W] [-F NAMES] [-a SUMMARY]... [-A LIST] [-b SUMMARY]... [-B LIST]\n");
	exit(EXIT_USAGE);
}

struct names {
	char **v;
	size_t n, cap;
};

/* the names in file @list, one a line, added to @to */
static void read_list(const char *list, struct names *to)
{
	struct lines l;
	size_t len;
	char *line;

	lines_open(&l, list);
	while ((line = lines_next(&l, &len))) {
		if (!len)
			bad(&l, l.lineno, "an empty line, not a file name");
		*PUSH(to->v, to->n, to->cap) = estrndup(line, len);
	}
	lines_close(&l);
}

/* -p: the toolchain of a sums line, named in a build line before */
static size_t tc_named(const struct lines *l, const char *name)
{
	size_t i = tc_find(name);

	if (i == ntcs)
		bad(l, l->lineno, "toolchain %s has no build line before", name);
	return i;
}

/* the @n numbers of fields @f, @flen into @v */
static void sums_counts(const struct lines *l, char **f, const size_t *flen, uint64_t *v, int n)
{
	for (int i = 0; i < n; i++)
		if (!parse_u64(f[i], flen[i], &v[i]))
			bad(l, l->lineno, "a bad count");
}

/* "first SEED N": seed SEED printed N keys first (its build came before) */
static void first_count(const struct lines *l, char **f, const size_t *flen)
{
	uint64_t v[2];
	struct seed *sd;

	sums_counts(l, f + 1, flen + 1, v, 2);
	if (!(sd = seed_of(v[0], 0)))
		bad(l, l->lineno, "seed %llu has no build", (unsigned long long)v[0]);
	sd->new_keys = v[1];
}

/* -f: the "first" lines of FIRSTS */
static void read_firsts(const char *file)
{
	struct lines l;
	size_t len;
	char *line;

	lines_open(&l, file);
	while ((line = lines_next(&l, &len))) {
		char *f[4];
		size_t flen[4];

		if (split_tabs(line, len, f, flen, 4, 0) != 3 || strcmp(f[0], "first"))
			bad(&l, l.lineno, "not a line \"first SEED N\"");
		first_count(&l, f, flen);
	}
	lines_close(&l);
}

/* -p: kwarn-index sums' lines (make top over every seed: the index keeps
 * them as builds come in), into what the summaries would have added up to */
static void read_sums(const char *file)
{
	struct lines l;
	size_t len;
	char *line;

	lines_open(&l, file);
	while ((line = lines_next(&l, &len))) {
		char *f[13];
		size_t flen[13], nf = split_tabs(line, len, f, flen, 13, 0);
		uint64_t v[9];
		int fresh;

		for (size_t i = 1; i < nf; i++)
			if (memchr(f[i], '\\', flen[i]) && !tsv_unescape(f[i], &flen[i]))
				bad(&l, l.lineno, "a bad escape in field %zu", i + 1);
		if (!strcmp(f[0], "build") && nf == 10) {
			struct header h = { f[2], f[3], f[4], f[5], f[9], flen[3], 0, 0, 0, 0 };

			if (!parse_u64(f[1], flen[1], &h.seed) || !parse_u64(f[6], flen[6], &h.make_exit) ||
			    !parse_u64(f[7], flen[7], &h.instances) || !parse_u64(f[8], flen[8], &h.unique) ||
			    !flen[2] || !flen[3] || flen[3] > NW)
				bad(&l, l.lineno, "a bad build line");
			top_header(&h);
			failed_header(&h, 0);
		} else if (!strcmp(f[0], "cause") && nf == 4) {
			struct rec r = { .target = f[1], .tool = f[2], .text = f[3], .root = 1 };

			failed_record(&r);
		} else if (!strcmp(f[0], "group") && nf == 13) {
			size_t tc = tc_named(&l, f[1]), gi;
			struct group *g;

			sums_counts(&l, f + 4, flen + 4, v, 9);
			gi = group_of(tc, f[2], flen[2], f[3], flen[3], &fresh);
			g = &groups[gi];
			if (!fresh)
				bad(&l, l.lineno, "a flag again");
			for (int w = 0; w < NW; w++) {
				g->n[w] = v[w];
				g->u[w] = v[3 + w];
				g->s[w] = v[6 + w];
				tcs[tc].n[w] += v[w];
				tcs[tc].u[w] += v[3 + w];
				tcs[tc].s[w] += v[6 + w];
			}
			tcs[tc].warned |= v[8] > 0;
		} else if (!strcmp(f[0], "file") && nf == 9) {
			struct file *fl = file_new(tc_named(&l, f[1]), f[2], flen[2]);

			sums_counts(&l, f + 3, flen + 3, v, 6);
			for (int w = 0; w < NW; w++) {
				fl->n[w] = v[w];
				fl->seen |= (v[3 + w] > 0) << w;
			}
		} else if (!strcmp(f[0], "flag") && nf == 3) {
			sums_counts(&l, f + 2, flen + 2, v, 1);
			*PUSH(flag_names.v, flag_names.n, flag_names.cap) = (struct count){ estrndup(f[1], flen[1]), v[0] };
		} else if (!strcmp(f[0], "first") && nf == 3) {
			first_count(&l, f, flen);
		} else {
			bad(&l, l.lineno, "not a line of kwarn-index sums");
		}
	}
	lines_close(&l);
}

static void top(struct names *in)
{
	struct src s = { .names = in->v, .n = in->n };

	if (sums_mode)
		read_sums(in->v[0]);
	else
		while (src_next(&s)) {
			top_header(&s.h);
			failed_header(&s.h, 0);
			top_keys_of(&s.l, s.hline);
			src_body(&s, top_record);
		}
	src_free(&s);
	if (boots)
		read_boots(boots);
	if (firsts)	/* (not with -p) */
		read_firsts(firsts);
	top_print();
}

/* A's summaries of a seed, then B's, seed after seed */
static void compare(struct names *in)
{
	struct src s[2] = { { .names = in[0].v, .n = in[0].n }, { .names = in[1].v, .n = in[1].n } };
	int more[2];

	compare_begin();
	more[0] = src_next(&s[0]);
	more[1] = src_next(&s[1]);
	while (more[0] || more[1]) {
		cur_seed = more[0] && (!more[1] || s[0].h.seed < s[1].h.seed) ? s[0].h.seed : s[1].h.seed;
		for (side = 0; side < 2; side++)
			while (more[side] && s[side].h.seed == cur_seed) {
				failed_header(&s[side].h, side);
				src_body(&s[side], compare_record);
				more[side] = src_next(&s[side]);
				if (more[side] && s[side].h.seed < cur_seed)
					die(EXIT_USAGE, "%s:%lu: seed %llu after seed %llu: give each side's "
					    "summaries in seed order (make compare does)", s[side].l.name, s[side].hline,
					    (unsigned long long)s[side].h.seed, (unsigned long long)cur_seed);
			}
		compare_seed();
	}
	src_free(&s[0]);
	src_free(&s[1]);
	compare_end();
}

int main(int argc, char **argv)
{
	struct names in[2] = { { 0 } };	/* top: in[0]; compare: A and B */
	int c;
	char *end;

	argv0 = "kwarn-agg";
	if (argc < 2)
		usage();
	if (!strcmp(argv[1], "compare"))
		compare_mode = 1;
	else if (strcmp(argv[1], "top"))
		usage();
	if (compare_mode)
		list_n = 20;
	argc--;
	argv++;
	while ((c = getopt(argc, argv, compare_mode ? "jtn:a:A:b:B:w:F:" : "f:gjn:ps:T:w:")) != -1)
		switch (c) {
		case 'F': read_site_names(optarg); break;
		case 'w':
			for (shown_w = 0; shown_w < NW && strcmp(optarg, wname[shown_w]); shown_w++)
				;
			if (shown_w++ == NW)
				die(EXIT_USAGE, "-w '%s': not 1, 12 or 123", optarg);
			break;
		case 'f': firsts = optarg; break;
		case 'g': grouped = 1; break;
		case 'j': json = 1; break;
		case 'p': sums_mode = 1; break;
		case 't': top_only = 1; break;
		case 's': boots = optarg; break;
		case 'n':
			errno = 0;
			list_n = strtoul(optarg, &end, 10);
			if (errno || end == optarg || *end || *optarg == '-')
				die(EXIT_USAGE, "-n '%s': not a number", optarg);
			break;
		case 'a':
		case 'b':
			*PUSH(in[c == 'b'].v, in[c == 'b'].n, in[c == 'b'].cap) = estrdup(optarg);
			break;
		case 'T':
		case 'A':
		case 'B':
			read_list(optarg, &in[c == 'B']);
			break;
		default:
			usage();
		}
	for (; !compare_mode && optind < argc; optind++)
		*PUSH(in[0].v, in[0].n, in[0].cap) = estrdup(argv[optind]);
	if (optind != argc || !in[0].n || (compare_mode && !in[1].n) || (sums_mode && (json || firsts || in[0].n != 1)) ||
	    (top_only && !json) || ((sums_mode || firsts) && shown_w < NW))
		usage();
	if (compare_mode)
		compare(in);
	else
		top(in);
	for (int i = 0; i < 2; i++) {
		for (size_t j = 0; j < in[i].n; j++)
			free(in[i].v[j]);
		free(in[i].v);
	}
	free(kbuf);
	for (size_t i = 0; i < nnames; i++)
		free(name_of[i]);
	free(name_of);
	map_free(&site_names);
	efclose(stdout, "<stdout>");
	return 0;
}
