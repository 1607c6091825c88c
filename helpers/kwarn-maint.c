// SPDX-License-Identifier: GPL-2.0
/*
 * kwarn-maint - the MAINTAINERS sections of source paths, matched as the
 * tree's own scripts/get_maintainer.pl matches them.
 *
 * Usage: kwarn-maint [-t TREE] MAINTAINERS [PATH...]
 *        kwarn-maint -l MAINTAINERS
 *
 * For each PATH (none: each line of stdin), one line per section whose
 * patterns match it, the most specific first (get_maintainer.pl's order:
 * the pattern's depth, then the file's order for equal depths):
 *   PATH TAB DEPTH TAB SECTION TAB STATUS TAB LISTS
 * LISTS: the section's L: addresses, comma-separated (their notes
 * dropped). -l: every section, "SECTION TAB STATUS TAB LISTS".
 *
 * The rules are get_maintainer.pl's: a section's X: patterns exclude a
 * file; F: patterns are prefixes (. literal, * any characters, ? any one
 * character; a directory of TREE, default the MAINTAINERS file's, ends
 * with /) that must match the whole path up to its last / unless the
 * pattern ends with one; N: is an extended regular expression matched
 * anywhere in the path, depth 0. A pattern's depth is its count of /,
 * one more when it does not end with /, -1 when it starts with * (THE
 * REST).
 *
 * Exit: 0 ok, 1 bad input (a pattern that is no regular expression, named
 * by file and line), 2 usage, 3 I/O error.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

struct pattern {
	char type;		/* 'F', 'X' or 'N' */
	int dir;		/* F/X: ends with / */
	int depth;		/* F: get_maintainer.pl's value_pd */
	int slashes;		/* F/X without /: the path's count of / must equal it */
	char *lit;		/* F/X: the literal start every match has (the regex is
				 * tried only on paths that start with it: fast) */
	size_t nlit;
	regex_t re;
};

struct section {
	char *name, *status, *lists;
	struct pattern *pat;
	size_t npat, ntags;	/* its F:, X:, N: patterns; all its type lines */
};

static struct section *secs;
static size_t nsecs;

static int count_slashes(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

/* F:/X: value as get_maintainer.pl's regex: . literal, * .*, ? . */
static char *glob_regex(const char *v, const char *tree)
{
	size_t n = strlen(v);
	char *re = emalloc(2 * n + 3), *p = re;
	struct stat st;
	char *path;

	*p++ = '^';
	for (; *v; v++) {
		if (*v == '.')
			*p++ = '\\', *p++ = '.';
		else if (*v == '*')
			*p++ = '.', *p++ = '*';
		else if (*v == '?')
			*p++ = '.';
		else
			*p++ = *v;
	}
	*p = 0;
	/* a directory of the tree without its trailing / gets one: the test
	 * is on the converted value, as get_maintainer.pl's -d is */
	if (p > re + 1 && p[-1] != '/') {
		path = emalloc(strlen(tree) + strlen(re) + 2);
		sprintf(path, "%s/%s", tree, re + 1);
		if (!stat(path, &st) && S_ISDIR(st.st_mode))
			*p++ = '/', *p = 0;
		free(path);
	}
	return re;
}

static void add_pattern(struct section *s, char type, const char *v, const char *tree,
			const char *file, unsigned long lineno)
{
	struct pattern *pt;
	char *re;
	int err;

	s->pat = erealloc(s->pat, (s->npat + 1) * sizeof(*s->pat));
	pt = &s->pat[s->npat];
	pt->type = type;
	re = type == 'N' ? estrndup(v, strlen(v)) : glob_regex(v, tree);
	pt->dir = type != 'N' && re[strlen(re) - 1] == '/';
	/* the regex as get_maintainer.pl counts: its /, one more for a file */
	pt->slashes = count_slashes(re);
	pt->depth = pt->slashes + !pt->dir;
	if (!strncmp(re, "^.*", 3))
		pt->depth = -1;
	pt->lit = NULL;
	pt->nlit = 0;
	if (type != 'N') {
		pt->nlit = strcspn(v, "*?.[]()+{}|^$\\");
		pt->lit = estrndup(v, pt->nlit);
	}
	err = regcomp(&pt->re, re, REG_EXTENDED | REG_NOSUB);
	if (err)
		die(EXIT_BADINPUT, "%s:%lu: %c: %s: not a regular expression", file, lineno, type, v);
	free(re);
	s->npat++;
}

/* the L: value's address: its first word */
static void add_list(struct section *s, const char *v)
{
	size_t n = strcspn(v, " \t"), old = s->lists ? strlen(s->lists) : 0;

	s->lists = erealloc(s->lists, old + n + 2);
	if (old)
		s->lists[old++] = ',';
	memcpy(s->lists + old, v, n);
	s->lists[old + n] = 0;
}

/*
 * get_maintainer.pl's reading: a line "X:<spaces>value" is a type line,
 * any other line but a blank or # one a section's name; a section is the
 * type lines after its name (those before the first name belong to none)
 */
static void read_maintainers(const char *file, const char *tree)
{
	struct lines l;
	struct section *cur = NULL;
	char *line;
	size_t len;

	lines_open(&l, file);
	l.open_end = 1;
	while ((line = lines_next(&l, &len))) {
		if (line[0] >= 'A' && line[0] <= 'Z' && line[1] == ':') {
			const char *v = line + 2;

			v += strspn(v, " \t");
			if (!cur)
				continue;
			cur->ntags++;
			if (line[0] == 'F' || line[0] == 'X' || line[0] == 'N')
				add_pattern(cur, line[0], v, tree, file, l.lineno);
			else if (line[0] == 'S' && !cur->status)
				cur->status = estrndup(v, strlen(v));
			else if (line[0] == 'L')
				add_list(cur, v);
			continue;
		}
		if (strspn(line, " \t") == len || line[strspn(line, " \t")] == '#')
			continue;
		/* a name line after a name line: the first was text, not a section */
		if (cur && !cur->ntags) {
			free(cur->name);
			cur->name = estrndup(line, len);
			continue;
		}
		secs = erealloc(secs, (nsecs + 1) * sizeof(*secs));
		cur = &secs[nsecs++];
		memset(cur, 0, sizeof(*cur));
		cur->name = estrndup(line, len);
	}
	close(l.fd);
	free(l.buf);
}

static int pattern_matches(const struct pattern *p, const char *path, int path_slashes)
{
	if (p->nlit && strncmp(path, p->lit, p->nlit))
		return 0;
	if (regexec(&p->re, path, 0, NULL, 0))
		return 0;
	return p->type == 'N' || p->dir || p->slashes == path_slashes;
}

struct hit {
	size_t sec;
	int depth;
};

static int by_depth(const void *a, const void *b)
{
	const struct hit *x = a, *y = b;

	if (x->depth != y->depth)
		return x->depth > y->depth ? -1 : 1;
	return x->sec < y->sec ? -1 : x->sec > y->sec;
}

static void match(const char *path, struct hit *hits)
{
	int slashes = count_slashes(path);
	size_t n = 0;

	for (size_t i = 0; i < nsecs; i++) {
		const struct section *s = &secs[i];
		int best = -2, excluded = 0;

		for (size_t j = 0; j < s->npat && !excluded; j++)
			excluded = s->pat[j].type == 'X' && pattern_matches(&s->pat[j], path, slashes);
		for (size_t j = 0; j < s->npat && !excluded; j++) {
			const struct pattern *p = &s->pat[j];
			int d = p->type == 'N' ? 0 : p->depth;

			/* the last matching pattern's depth, as get_maintainer.pl's
			 * hash keeps it */
			if (p->type != 'X' && pattern_matches(p, path, slashes))
				best = d;
		}
		if (!excluded && best != -2)
			hits[n++] = (struct hit){ i, best };
	}
	qsort(hits, n, sizeof(*hits), by_depth);
	for (size_t i = 0; i < n; i++) {
		const struct section *s = &secs[hits[i].sec];

		printf("%s\t%d\t%s\t%s\t%s\n", path, hits[i].depth, s->name,
		       s->status ? s->status : "", s->lists ? s->lists : "");
	}
}

static _Noreturn void usage(void)
{
	die(EXIT_USAGE, "usage: kwarn-maint [-t TREE] MAINTAINERS [PATH...] | kwarn-maint -l MAINTAINERS");
}

int main(int argc, char **argv)
{
	const char *tree = NULL;
	char *dflt = NULL;
	struct hit *hits;
	int c, list = 0;

	argv0 = "kwarn-maint";
	while ((c = getopt(argc, argv, "t:l")) != -1)
		switch (c) {
		case 't': tree = optarg; break;
		case 'l': list = 1; break;
		default: usage();
		}
	if (optind >= argc || (list && optind + 1 != argc))
		usage();
	if (!tree) {
		const char *slash = strrchr(argv[optind], '/');

		dflt = slash ? estrndup(argv[optind], (size_t)(slash - argv[optind])) : estrndup(".", 1);
		tree = dflt;
	}
	read_maintainers(argv[optind], tree);
	if (list) {
		for (size_t i = 0; i < nsecs; i++)
			printf("%s\t%s\t%s\n", secs[i].name, secs[i].status ? secs[i].status : "",
			       secs[i].lists ? secs[i].lists : "");
	} else {
		hits = ecalloc(nsecs ? nsecs : 1, sizeof(*hits));
		if (optind + 1 < argc) {
			for (int i = optind + 1; i < argc; i++)
				match(argv[i], hits);
		} else {
			struct lines l;
			char *line;
			size_t len;

			lines_init(&l, 0, "<stdin>");
			l.open_end = 1;
			while ((line = lines_next(&l, &len)))
				if (len)
					match(line, hits);
			free(l.buf);
		}
		free(hits);
	}
	for (size_t i = 0; i < nsecs; i++) {
		for (size_t j = 0; j < secs[i].npat; j++)
			regfree(&secs[i].pat[j].re), free(secs[i].pat[j].lit);
		free(secs[i].pat);
		free(secs[i].name);
		free(secs[i].status);
		free(secs[i].lists);
	}
	free(secs);
	free(dflt);
	efclose(stdout, "<stdout>");
	return 0;
}
