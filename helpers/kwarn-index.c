// SPDX-License-Identifier: GPL-2.0
/*
 * kwarn-index - the campaign index: the corpus files' builds, warnings and
 * which build printed which warning how often, in one SQLite database per
 * corpus directory (doc/index.md has the schema), for the queries and for
 * users' own SQL.
 *
 * Usage: kwarn-index update [-r RUN] [-a] -s SUMMARY_SH DB CORPUS
 *        kwarn-index summaries [-n] [-c] [-S SEEDS] DB RUN NAME
 *        kwarn-index sums DB RUN SEL
 *        kwarn-index boots [-S SEEDS] DB RUN
 *        kwarn-index files -k KEY [-S SEEDS] DB RUN NAME
 *        kwarn-index records DB RUN
 *
 * update: bring DB up to date with the corpus files under CORPUS (under
 * CORPUS/RUN with -r): a stat per file finds the corpus files (and boot
 * files, TOOLCHAIN-branches.jsonl.zst) that are new, changed (size or
 * time) or gone since DB last saw them. A new or changed one is read from
 * its summary, which SUMMARY_SH -u makes when it is missing or not of
 * the file (mk/summary.sh: the file is checked first), and from its build
 * record (line 1: packages, compiler, root causes). -a: every row dropped
 * first, the index made again from the files (make index). All of it is
 * one transaction: a killed update leaves DB as it was. Writers wait for
 * each other (a busy timeout); readers read as they go (WAL).
 *
 * summaries: the summaries of RUN's builds whose file name matches NAME (a
 * glob: gcc-12-W123.jsonl.zst, *-W1.jsonl.zst), of the seeds in file SEEDS
 * (one a line; all without), one after the other, byte for byte what
 * "zstd -dcq" of their .sum.zst prints (kwarn-agg reads them), in seed
 * order, or with -n in file name order (then seed directory). -c: their
 * number alone.
 *
 * sums: make top's sums over every seed of RUN's builds named SEL (a
 * build's name, or * and what follows the toolchain: every toolchain's),
 * kept by update as builds come in, for kwarn-agg top -p (the format is
 * at sums() below).
 *
 * boots: "SEED TAB TOOLCHAIN TAB STATUS" of RUN's boot records (of SEEDS).
 *
 * files: the corpus files (relative to CORPUS, in path order) of the
 * builds of the RUNs matching RUN (a glob), named NAME (a glob), of SEEDS,
 * that print a warning whose key starts with KEY (hex digits).
 *
 * records: "FILE TAB RECORD" of each corpus and boot file of RUN, in path
 * order: its line 1 (a build record without its config and objects_built).
 *
 * Exit: 0 ok, 1 bad input (names the file), 2 usage, 3 I/O or database error.
 */
#define _GNU_SOURCE		/* strchrnul() in util.h's reader */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

#define SCHEMA_VERSION	5	/* PRAGMA user_version; doc/index.md */
#define NFIELDS		12	/* a summary record: key kind tool flag level path line count target symbol root text */
#define SUMMARY_VERSION	"3"	/* mk/summary.sh's VERSION */
#define BULK_FILES	100	/* more new files than this: prints(warning) made again after */
#define BUSY_MS		(30 * 60 * 1000)	/* a campaign's writers queue behind a merge */

static const char *dbname;
static sqlite3 *db;

static _Noreturn void dberr(const char *what)
{
	die(EXIT_IO, "%s: %s: %s", dbname, what, sqlite3_errmsg(db));
}

static void exec(const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		die(EXIT_IO, "%s: %s", dbname, err ? err : sqlite3_errmsg(db));
}

static sqlite3_stmt *prep(const char *sql)
{
	sqlite3_stmt *s;

	if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK)
		dberr(sql);
	return s;
}

/* statements made and finalized together */
struct stmt_sql { sqlite3_stmt **s; const char *sql; };
#define NSTMTS(t)	(sizeof(t) / sizeof((t)[0]))

static void prep_all(const struct stmt_sql *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		*t[i].s = prep(t[i].sql);
}

static void finalize_all(const struct stmt_sql *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sqlite3_finalize(*t[i].s);
}

/* one step of a statement that returns a number: it, the statement reset */
static int64_t step_int(sqlite3_stmt *s)
{
	int64_t v;

	if (sqlite3_step(s) != SQLITE_ROW)
		dberr(sqlite3_sql(s));
	v = sqlite3_column_int64(s, 0);
	sqlite3_reset(s);
	return v;
}

/* one step of a statement that returns no row, then reset */
static void run(sqlite3_stmt *s)
{
	if (sqlite3_step(s) != SQLITE_DONE)
		dberr(sqlite3_sql(s));
	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
}

static void bind_text(sqlite3_stmt *s, int i, const char *v, size_t n)
{
	if (sqlite3_bind_text(s, i, v, (int)n, SQLITE_TRANSIENT) != SQLITE_OK)
		dberr("bind");
}

static void bind_str(sqlite3_stmt *s, int i, const char *v)
{
	bind_text(s, i, v, strlen(v));
}

/* ?1 to ?@n of @s bound to @v[0..n) */
static void bind_ints(sqlite3_stmt *s, int n, const int64_t *v)
{
	for (int i = 0; i < n; i++)
		sqlite3_bind_int64(s, i + 1, v[i]);
}

/* run() with ?1 to ?@n bound to @v[0..n) */
static void run_ints(sqlite3_stmt *s, int n, const int64_t *v)
{
	bind_ints(s, n, v);
	run(s);
}

/* the index's schema version: PRAGMA user_version */
static int user_version(void)
{
	sqlite3_stmt *s = prep("PRAGMA user_version");
	int version = (int)step_int(s);

	sqlite3_finalize(s);
	return version;
}

/*
 * The schema (doc/index.md). A warning is a summary record's content, all
 * but its count: the same key may be another line in another build.
 * prints keeps each build's records in their order (ord), so that a
 * summary comes out as it went in.
 */
static const char schema[] =
	"CREATE TABLE builds ("
	" id INTEGER PRIMARY KEY,"
	" file TEXT NOT NULL UNIQUE,"		/* RUN/seed-N/NAME, relative to CORPUS */
	" run TEXT NOT NULL,"
	" name TEXT NOT NULL,"			/* gcc-12-W123.jsonl.zst */
	" seed INTEGER NOT NULL, toolchain TEXT NOT NULL, w TEXT NOT NULL, variant TEXT NOT NULL,"
	" status TEXT NOT NULL, make_exit INTEGER NOT NULL,"
	" instances INTEGER NOT NULL, nunique INTEGER NOT NULL, corpus_sha256 TEXT NOT NULL,"
	" compiler TEXT, packages TEXT, kernel TEXT, tree TEXT, config_sha256 TEXT,"
	" failed_targets TEXT, root_causes TEXT,"	/* JSON, as in the build record */
	" record TEXT,"				/* the build record but its config and objects_built */
	" size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL);"	/* the corpus file's, when read */
	"CREATE INDEX builds_run ON builds(run, seed);"
	"CREATE TABLE warnings ("
	" id INTEGER PRIMARY KEY, key TEXT NOT NULL, kind TEXT NOT NULL, tool TEXT NOT NULL,"
	" flag TEXT NOT NULL, level INTEGER, path TEXT NOT NULL, line INTEGER NOT NULL,"
	" target TEXT, symbol TEXT, root INTEGER NOT NULL, text TEXT NOT NULL);"
	"CREATE INDEX warnings_key ON warnings(key);"
	"CREATE TABLE prints ("
	" build INTEGER NOT NULL, ord INTEGER NOT NULL, warning INTEGER NOT NULL, count INTEGER NOT NULL,"
	" PRIMARY KEY (build, ord)) WITHOUT ROWID;"
	"CREATE INDEX prints_warning ON prints(warning);"
	"CREATE TABLE objects ("		/* a build's objects_built */
	" build INTEGER NOT NULL, path TEXT NOT NULL, PRIMARY KEY (build, path)) WITHOUT ROWID;"
	"CREATE TABLE boots ("
	" id INTEGER PRIMARY KEY, file TEXT NOT NULL UNIQUE, run TEXT NOT NULL, seed INTEGER NOT NULL,"
	" toolchain TEXT NOT NULL, status TEXT NOT NULL, record TEXT NOT NULL,"
	" size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL);"
	"CREATE INDEX boots_run ON boots(run, seed);";

/* the sums make top reads (below: "the sums make top reads") */
static const char agg_schema[] =
	"CREATE TABLE views ("
	" id INTEGER PRIMARY KEY, run TEXT NOT NULL, sel TEXT NOT NULL,"
	" toolchain TEXT, slice INTEGER,"	/* a name view's: its toolchain and slice view */
	" UNIQUE (run, sel));"
	"CREATE INDEX views_slice ON views(slice);"
	"CREATE TABLE view_groups ("
	" id INTEGER PRIMARY KEY, view INTEGER NOT NULL, tool TEXT NOT NULL, flag TEXT NOT NULL,"
	" n1 INTEGER NOT NULL, n2 INTEGER NOT NULL, n3 INTEGER NOT NULL,"	/* instances at W=1, 12, 123 */
	" u1 INTEGER NOT NULL, u2 INTEGER NOT NULL, u3 INTEGER NOT NULL,"	/* distinct keys */
	" s1 INTEGER NOT NULL, s2 INTEGER NOT NULL, s3 INTEGER NOT NULL,"	/* records */
	" UNIQUE (view, tool, flag));"
	"CREATE TABLE view_files ("
	" view INTEGER NOT NULL, path TEXT NOT NULL,"
	" n1 INTEGER NOT NULL, n2 INTEGER NOT NULL, n3 INTEGER NOT NULL,"
	" r1 INTEGER NOT NULL, r2 INTEGER NOT NULL, r3 INTEGER NOT NULL,"
	" PRIMARY KEY (view, path)) WITHOUT ROWID;"
	"CREATE TABLE view_keys ("	/* a name view's: records per W level; a slice view's: c3 its name views */
	" view INTEGER NOT NULL, key INTEGER NOT NULL, grp INTEGER NOT NULL,"
	" c1 INTEGER NOT NULL, c2 INTEGER NOT NULL, c3 INTEGER NOT NULL, first_seed INTEGER NOT NULL,"
	" PRIMARY KEY (view, key, grp)) WITHOUT ROWID;"
	"CREATE TABLE view_first ("	/* the keys seed first printed */
	" view INTEGER NOT NULL, seed INTEGER NOT NULL, n INTEGER NOT NULL,"
	" PRIMARY KEY (view, seed)) WITHOUT ROWID;"
	"CREATE TABLE view_flag_seeds ("	/* a name view's: records; a slice view's: its name views */
	" view INTEGER NOT NULL, shown TEXT NOT NULL, seed INTEGER NOT NULL, n INTEGER NOT NULL,"
	" PRIMARY KEY (view, shown, seed)) WITHOUT ROWID;";

static const char agg_drop[] =
	"DROP TABLE IF EXISTS views; DROP TABLE IF EXISTS view_groups; DROP TABLE IF EXISTS view_files;"
	"DROP TABLE IF EXISTS view_keys; DROP TABLE IF EXISTS view_first; DROP TABLE IF EXISTS view_flag_seeds";

static void db_open(const char *name, int write)
{
	int version, rc;

	dbname = name;
	if (sqlite3_open_v2(name, &db, write ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE,
			    NULL) != SQLITE_OK)
		die(EXIT_IO, "%s: cannot open: %s%s", name, db ? sqlite3_errmsg(db) : "out of memory",
		    write ? "" : " (make index makes it)");
	sqlite3_busy_timeout(db, BUSY_MS);
	/* The index is made from the corpora alone: a damaged one is made
	 * again by a writer, and a reader says so (reading the schema is
	 * where SQLite finds a file that is not a database). */
	rc = sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
	if (rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT) {
		static const char *const db_files[] = { "", "-wal", "-shm" };
		char aside[PATH_MAX];

		if (!write)
			die(EXIT_BADINPUT, "%s: not an index (%s): make index makes it again from the corpora", name,
			    sqlite3_errstr(rc));
		fprintf(stderr, "%s: %s: not an index (%s): made again from the corpora\n", argv0, name,
			sqlite3_errstr(rc));
		sqlite3_close(db);
		for (size_t i = 0; i < sizeof(db_files) / sizeof(db_files[0]); i++)
			if ((size_t)snprintf(aside, sizeof(aside), "%s%s", name, db_files[i]) < sizeof(aside) &&
			    unlink(aside) && errno != ENOENT)
				die(EXIT_IO, "%s: cannot remove: %s", aside, strerror(errno));
		if (sqlite3_open_v2(name, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
			die(EXIT_IO, "%s: cannot open: %s", name, db ? sqlite3_errmsg(db) : "out of memory");
		sqlite3_busy_timeout(db, BUSY_MS);
	}
	/* a merge's millions of prints go into two B-trees: with SQLite's 2 MB
	 * page cache each insert into prints(warning) read pages from disk.
	 * WAL's commits are atomic at NORMAL too. */
	exec("PRAGMA cache_size = -131072; PRAGMA synchronous = NORMAL");
	version = user_version();
	if (version == SCHEMA_VERSION)
		return;
	if (!write)
		die(EXIT_BADINPUT, "%s: index version %d, not %d: make index makes it again", name, version,
		    SCHEMA_VERSION);
	/* a new index, or one of another version: made again, at once */
	exec("PRAGMA journal_mode = WAL");
	exec("BEGIN IMMEDIATE");
	if (user_version() != SCHEMA_VERSION) {	/* another writer may have made it meanwhile */
		exec("DROP TABLE IF EXISTS builds; DROP TABLE IF EXISTS warnings;"
		     "DROP TABLE IF EXISTS prints; DROP TABLE IF EXISTS objects; DROP TABLE IF EXISTS boots");
		exec(agg_drop);
		exec(schema);
		exec(agg_schema);
		char v[64];
		snprintf(v, sizeof(v), "PRAGMA user_version = %d", SCHEMA_VERSION);
		exec(v);
	}
	exec("COMMIT");
}

/* @a/@b in @buf (PATH_MAX bytes) */
static char *join(char *buf, const char *a, const char *b)
{
	if ((size_t)snprintf(buf, PATH_MAX, "%s/%s", a, b) >= PATH_MAX)
		die(EXIT_BADINPUT, "%s/%s: path too long", a, b);
	return buf;
}

/* ---- the files under CORPUS ---- */

struct file {
	char *rel;		/* relative to CORPUS */
	size_t runlen;		/* rel's first runlen bytes are its RUN */
	int boot;		/* a boot file (TOOLCHAIN-branches.jsonl.zst) */
	int64_t size, mtime;
};
static struct file *files;
static size_t nfiles, capfiles;

static int ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), k = strlen(end);

	return n >= k && !strcmp(s + n - k, end);
}

/* "seed-N": N, else -1 */
static int64_t seed_dir(const char *name)
{
	int64_t n = 0;
	const char *p = name + 5;

	if (strncmp(name, "seed-", 5) || !*p || (*p == '0' && p[1]))
		return -1;
	for (; *p; p++) {
		if (*p < '0' || *p > '9' || n > 99999999999LL)
			return -1;
		n = 10 * n + (*p - '0');
	}
	return n;
}

/*
 * The corpus files under CORPUS/REL (REL "" or ends in "/"): seed-N
 * directories at any depth below a RUN (one straight under CORPUS,
 * which no query reads, is left out); hidden names (staging, temporary
 * files) skipped. Links are followed (a bench corpus links its seeds).
 */
static void walk(const char *corpus, const char *rel, int depth)
{
	char path[PATH_MAX];
	DIR *d;
	struct dirent *e;

	join(path, corpus, rel);
	if (!(d = opendir(path))) {
		if (errno == ENOENT && depth == 0)
			return;
		die(EXIT_IO, "%s: cannot read this directory: %s", path, strerror(errno));
	}
	while ((e = readdir(d))) {
		char sub[PATH_MAX];
		struct stat st;
		int64_t seed;

		if (e->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(sub, sizeof(sub) - 1, "%s%s", rel, e->d_name) >= sizeof(sub) - 1)
			die(EXIT_BADINPUT, "%s/%s%s: path too long", corpus, rel, e->d_name);
		join(path, corpus, sub);
		if (stat(path, &st))
			die(EXIT_IO, "%s: %s", path, strerror(errno));
		if (!S_ISDIR(st.st_mode))
			continue;
		seed = seed_dir(e->d_name);
		if (seed < 0) {
			if (depth < 4)
				walk(corpus, strcat(sub, "/"), depth + 1);
			continue;
		}
		if (!*rel)		/* a seed directory is in a RUN */
			continue;
		DIR *sd = opendir(path);
		struct dirent *f;

		if (!sd)
			die(EXIT_IO, "%s: cannot read this seed's directory: %s", path, strerror(errno));
		while ((f = readdir(sd))) {
			char fp[PATH_MAX];
			struct stat fs;
			struct file *x;

			if (f->d_name[0] == '.' || !ends_with(f->d_name, ".jsonl.zst"))
				continue;
			join(fp, path, f->d_name);
			if (stat(fp, &fs))
				die(EXIT_IO, "%s: %s", fp, strerror(errno));
			if (!S_ISREG(fs.st_mode))
				continue;
			x = PUSH(files, nfiles, capfiles);
			x->rel = emalloc(strlen(sub) + strlen(f->d_name) + 2);
			sprintf(x->rel, "%s/%s", sub, f->d_name);
			x->runlen = strlen(rel) - 1;
			x->boot = ends_with(f->d_name, "-branches.jsonl.zst");
			x->size = fs.st_size;
			x->mtime = (int64_t)fs.st_mtim.tv_sec * 1000000000 + fs.st_mtim.tv_nsec;
		}
		closedir(sd);
	}
	closedir(d);
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const struct file *)a)->rel, ((const struct file *)b)->rel);
}

/* line 1 of zstd file @name (the build record), or NULL when it has none */
static char *first_line(const char *name)
{
	struct lines l;
	pid_t pid;
	size_t len;
	char *line, *copy = NULL;

	lines_init(&l, zstd_reader((char **)&name, 1, &pid), name);
	if ((line = lines_next(&l, &len)))
		copy = estrndup(line, len);
	lines_close(&l);	/* zstd stops at the closed pipe */
	reap(pid);
	return copy;
}

/* ---- summaries in ---- */

/* a number of at most 18 digits: it fits int64_t */
static int number(const char *s, size_t n, int64_t *v)
{
	uint64_t u;

	if (n > 18 || !parse_u64(s, n, &u))
		return 0;
	*v = (int64_t)u;
	return 1;
}

static sqlite3_stmt *ins_build, *ins_objects, *find_warning, *ins_warning, *ins_print;
static const struct stmt_sql summary_sql[] = {
	{ &ins_build, "INSERT INTO builds (file, run, name, seed, toolchain, w, variant, status,"
		      " make_exit, instances, nunique, corpus_sha256, size, mtime_ns,"
		      " compiler, packages, kernel, tree, config_sha256, failed_targets, root_causes, record)"
		      " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
		      " json_extract(?15, '$.compiler'), json_extract(?15, '$.packages'),"
		      " json_extract(?15, '$.kernel'), json_extract(?15, '$.tree'),"
		      " json_extract(?15, '$.config_sha256'), json_extract(?15, '$.failed_targets'),"
		      " json_extract(?15, '$.root_causes'), json_remove(?15, '$.config', '$.objects_built'))" },
	{ &ins_objects, "INSERT OR IGNORE INTO objects (build, path)"
			" SELECT ?1, value FROM json_each(?2, '$.objects_built') WHERE type = 'text'" },
	{ &find_warning, "SELECT id, kind, tool, flag, level, path, line, target, symbol,"
			 " root, text FROM warnings WHERE key = ?1" },
	{ &ins_warning, "INSERT INTO warnings (key, kind, tool, flag, level, path, line,"
			" target, symbol, root, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)" },
	{ &ins_print, "INSERT INTO prints (build, ord, warning, count) VALUES (?, ?, ?, ?)" },
};

/* a warning's content: its id, the row made when it is new */
static int64_t warning_id(char **f, size_t *len, int level, int64_t line, int root)
{
	/* find_warning's columns 1.. as the record's fields */
	static const int field[] = { 0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11 };
	int64_t id = -1;

	bind_text(find_warning, 1, f[0], len[0]);
	while (id < 0 && sqlite3_step(find_warning) == SQLITE_ROW) {
		int same = 1;

		for (int c = 1; c <= 10 && same; c++) {
			int i = field[c], type = sqlite3_column_type(find_warning, c);
			const char *v = (const char *)sqlite3_column_text(find_warning, c);
			size_t vn = (size_t)sqlite3_column_bytes(find_warning, c);

			if (i == 4)
				same = level < 0 ? type == SQLITE_NULL
						 : type == SQLITE_INTEGER && sqlite3_column_int(find_warning, c) == level;
			else if (i == 6)
				same = sqlite3_column_int64(find_warning, c) == line;
			else if (i == 10)
				same = sqlite3_column_int(find_warning, c) == root;
			else if (i == 8 || i == 9)	/* target, symbol: NULL when empty */
				same = len[i] ? type != SQLITE_NULL && vn == len[i] && !memcmp(v, f[i], vn)
					      : type == SQLITE_NULL;
			else
				same = vn == len[i] && !memcmp(v, f[i], vn);
		}
		if (same)
			id = sqlite3_column_int64(find_warning, 0);
	}
	sqlite3_reset(find_warning);
	if (id >= 0)
		return id;
	bind_text(ins_warning, 1, f[0], len[0]);
	bind_text(ins_warning, 2, f[1], len[1]);
	bind_text(ins_warning, 3, f[2], len[2]);
	bind_text(ins_warning, 4, f[3], len[3]);
	if (level >= 0)
		sqlite3_bind_int(ins_warning, 5, level);
	bind_text(ins_warning, 6, f[5], len[5]);
	sqlite3_bind_int64(ins_warning, 7, line);
	if (len[8])
		bind_text(ins_warning, 8, f[8], len[8]);
	if (len[9])
		bind_text(ins_warning, 9, f[9], len[9]);
	sqlite3_bind_int(ins_warning, 10, root);
	bind_text(ins_warning, 11, f[11], len[11]);
	run(ins_warning);
	return sqlite3_last_insert_rowid(db);
}

/*
 * ---- the sums make top reads ----
 *
 * make top over every seed of a RUN reads its answer's rows, not every
 * print: kwarn-agg top's sums kept per view, updated as builds come in.
 * A view is the builds of a RUN named NAME (one toolchain's: name view),
 * or named "*" and the name after the toolchain (*-W123.jsonl.zst: every
 * toolchain's, a slice view). Per name view: each flag's and file's
 * instances and records, and each distinct key's records per W level
 * (its unique counts) and first seed; per view: the seeds that print each
 * flag, and how many keys each seed printed first. A build that comes is
 * added to them, one that goes (removed, or changed and read again) taken
 * out of them (a key whose first seed went finds it again in the prints):
 * the same sums as make index makes.
 */
#define KEYS_MAX	(1u << 18)	/* distinct keys (and warnings) held before they go to the index */

/* a warning as the sums need it, by its id */
struct winfo { uint64_t hash; int64_t id; uint64_t key; int warning, level; char *tool, *flag, *path; };
static struct htab winfos = HTAB(struct winfo);
static sqlite3_stmt *get_winfo;

static void winfo_clear(void)
{
	for (struct winfo *w = NULL; (w = htab_next(&winfos, w)); ) {
		free(w->tool);
		free(w->flag);
		free(w->path);
	}
	htab_clear(&winfos);
}

/*
 * Warning @id's: from its summary record's fields @f, @len (key kind tool
 * flag level path; its level @level) when given, else from the index.
 */
static const struct winfo *winfo_of(int64_t id, char **f, const size_t *len, int level)
{
	struct winfo *w = htab_get(&winfos, hash_mix((uint64_t)id), htab_same_u64, &id);
	char *col[6];
	size_t collen[6];
	int fresh;

	if (w)
		return w;
	if (winfos.n >= KEYS_MAX)
		winfo_clear();
	if (!f) {	/* get_winfo's columns are the record's first six fields */
		sqlite3_bind_int64(get_winfo, 1, id);
		if (sqlite3_step(get_winfo) != SQLITE_ROW)
			die(EXIT_IO, "%s: warning %lld is not in the index", dbname, (long long)id);
		for (int c = 0; c < 6; c++) {
			col[c] = (char *)sqlite3_column_text(get_winfo, c);
			collen[c] = (size_t)sqlite3_column_bytes(get_winfo, c);
		}
		level = sqlite3_column_type(get_winfo, 4) == SQLITE_NULL ? -1 : sqlite3_column_int(get_winfo, 4);
		f = col;
		len = collen;
	}
	w = htab_put(&winfos, hash_mix((uint64_t)id), htab_same_u64, &id, &fresh);
	w->id = id;
	parse_key(f[0], len[0], &w->key);	/* (checked as it came in) */
	w->warning = len[1] == 7 && !memcmp(f[1], "warning", 7);
	w->level = level;
	w->tool = estrndup(f[2], len[2]);
	w->flag = estrndup(f[3], len[3]);
	w->path = estrndup(f[5], len[5]);
	if (f == col)
		sqlite3_reset(get_winfo);
	return w;
}

/* the views: few, looked up in turn */
struct view { int64_t id, slice; char *run, *sel; };
static struct view *views;
static size_t nviews, capviews;

static int64_t view_id(const char *run, size_t runlen, const char *sel, size_t sellen, const char *toolchain,
		       int64_t slice)
{
	sqlite3_stmt *s;
	struct view *v;

	for (size_t i = 0; i < nviews; i++)
		if (strlen(views[i].run) == runlen && !memcmp(views[i].run, run, runlen) &&
		    strlen(views[i].sel) == sellen && !memcmp(views[i].sel, sel, sellen))
			return views[i].id;
	s = prep("INSERT INTO views (run, sel, toolchain, slice) VALUES (?1, ?2, ?3, ?4)"
		 " ON CONFLICT DO UPDATE SET run = run RETURNING id, slice");
	bind_text(s, 1, run, runlen);
	bind_text(s, 2, sel, sellen);
	if (toolchain)
		bind_str(s, 3, toolchain);
	if (slice)
		sqlite3_bind_int64(s, 4, slice);
	if (sqlite3_step(s) != SQLITE_ROW)
		dberr(sqlite3_sql(s));
	v = PUSH(views, nviews, capviews);
	v->id = sqlite3_column_int64(s, 0);
	v->slice = sqlite3_column_int64(s, 1);
	v->run = estrndup(run, runlen);
	v->sel = estrndup(sel, sellen);
	sqlite3_finalize(s);
	return v->id;
}

static void views_forget(void)
{
	for (size_t i = 0; i < nviews; i++) {
		free(views[i].run);
		free(views[i].sel);
	}
	nviews = 0;
}

/* the build being added up: its views and seed */
struct agg_build { int64_t view, slice, seed; };

/* the name view of a build and its slice view: the name is the toolchain's (mk/build.mk's build-name) */
static struct agg_build agg_build_of(const char *file, const char *run, size_t runlen, const char *name,
				     const char *toolchain, size_t tclen, int64_t seed)
{
	struct agg_build b;
	char *sel;

	if (strncmp(name, toolchain, tclen) || name[tclen] != '-')
		die(EXIT_BADINPUT, "%s: its summary says toolchain %.*s: not the name's", file, (int)tclen, toolchain);
	sel = emalloc(strlen(name + tclen) + 2);
	sprintf(sel, "*%s", name + tclen);
	b.slice = view_id(run, runlen, sel, strlen(sel), NULL, 0);
	free(sel);
	char *tc = estrndup(toolchain, tclen);

	b.view = view_id(run, runlen, name, strlen(name), tc, b.slice);
	free(tc);
	b.seed = seed;
	return b;
}

/* a flag of a name view, with what this update adds to it */
struct group { int64_t view, id; char *tool, *flag, *shown; int64_t n[NW], u[NW], s[NW]; };
static struct group *groups;
static size_t ngroups, capgroups;
struct gref { uint64_t hash; size_t i; };
static struct htab group_idx = HTAB(struct gref);
struct gkey { int64_t view; const char *tool, *flag; };

static int group_is(const void *slot, const void *key)
{
	const struct group *g = &groups[((const struct gref *)slot)->i];
	const struct gkey *k = key;

	return g->view == k->view && !strcmp(g->tool, k->tool) && !strcmp(g->flag, k->flag);
}

static sqlite3_stmt *ins_group;

static size_t group_of(int64_t view, const char *tool, const char *flag)
{
	struct gkey k = { view, tool, flag };
	uint64_t h = hash_mix(hash_bytes(tool, strlen(tool)) ^ hash_mix(hash_bytes(flag, strlen(flag)) ^ (uint64_t)view));
	struct gref *r = htab_get(&group_idx, h, group_is, &k);
	struct group *g;
	int fresh;

	if (r)
		return r->i;
	g = PUSH(groups, ngroups, capgroups);
	memset(g, 0, sizeof(*g));
	g->view = view;
	g->tool = estrdup(tool);
	g->flag = estrdup(flag);
	g->shown = shown_name(tool, flag);	/* a flag's seeds go by it */
	sqlite3_bind_int64(ins_group, 1, view);
	bind_str(ins_group, 2, tool);
	bind_str(ins_group, 3, flag);
	g->id = step_int(ins_group);
	r = htab_put(&group_idx, h, group_is, &k, &fresh);
	r->i = ngroups - 1;
	return r->i;
}

/* what this update adds: per file of a view, per distinct key, per flag and seed, per first seed */
struct file_sum { uint64_t hash; int64_t view; char *path; int64_t n[NW], r[NW]; };
struct key_sum { uint64_t hash; int64_t view, slice; size_t g; uint64_t key; int64_t c[NW], first; };
struct fs_sum { uint64_t hash; int64_t view, slice, seed, n; size_t g; };
struct first_sum { uint64_t hash; int64_t view, seed, n; };
static struct htab file_sums = HTAB(struct file_sum), key_sums = HTAB(struct key_sum),
		   fs_sums = HTAB(struct fs_sum), first_sums = HTAB(struct first_sum);

static int file_sum_is(const void *slot, const void *key)
{
	const struct file_sum *s = slot;
	const struct file_sum *k = key;

	return s->view == k->view && !strcmp(s->path, k->path);
}

static int key_sum_is(const void *slot, const void *key)
{
	const struct key_sum *s = slot, *k = key;

	return s->view == k->view && s->key == k->key && s->g == k->g;
}

static int fs_sum_is(const void *slot, const void *key)
{
	const struct fs_sum *s = slot, *k = key;

	return s->view == k->view && s->seed == k->seed && !strcmp(groups[s->g].shown, groups[k->g].shown);
}

static int first_sum_is(const void *slot, const void *key)
{
	const struct first_sum *s = slot, *k = key;

	return s->view == k->view && s->seed == k->seed;
}

static void first_add(int64_t view, int64_t seed, int64_t n)
{
	struct first_sum k = { 0, view, seed, 0 }, *s;
	int fresh;

	s = htab_put(&first_sums, hash_mix((uint64_t)view * 0x9e3779b97f4a7c15ULL ^ (uint64_t)seed), first_sum_is, &k,
		     &fresh);
	s->view = view;
	s->seed = seed;
	s->n += n;
}

/* a key of @view whose first seed was @was is now first printed by @now */
static void first_move(int64_t view, int64_t was, int64_t now)
{
	first_add(view, was, -1);
	first_add(view, now, 1);
}

/* what is added up is taken away (a build that goes): its prints count -1 each */
static int removing;

static sqlite3_stmt *get_key, *ins_key, *upd_key, *get_slice_key, *ins_slice_key, *upd_slice_key;

/* slice view @slice's row of key @key: 1, its name views in *n and its first seed in *first; or 0 */
static int slice_key_get(int64_t slice, uint64_t key, int64_t *n, int64_t *first)
{
	int had;

	bind_ints(get_slice_key, 2, (int64_t[]){ slice, (int64_t)key });
	had = sqlite3_step(get_slice_key) == SQLITE_ROW;
	if (had) {
		*n = sqlite3_column_int64(get_slice_key, 0);
		*first = sqlite3_column_int64(get_slice_key, 1);
	}
	sqlite3_reset(get_slice_key);
	return had;
}

/* view @slice's key @key gains a name view whose first seed of it is
 * @first, or (@gain 0) whose first seed fell to @first */
static void slice_key(int64_t slice, uint64_t key, int64_t first, int gain)
{
	int64_t n, was;

	if (!slice_key_get(slice, key, &n, &was)) {
		run_ints(ins_slice_key, 3, (int64_t[]){ slice, (int64_t)key, first });
		first_add(slice, first, 1);
		return;
	}
	if (!gain && first >= was)
		return;
	if (first < was)
		first_move(slice, was, first);
	run_ints(upd_slice_key, 4, (int64_t[]){ n + gain, first < was ? first : was, slice, (int64_t)key });
}

static sqlite3_stmt *del_key, *key_first, *slice_first;

/* a view by its id (the views cache, else the index) */
static const struct view *view_by_id(int64_t id)
{
	sqlite3_stmt *q;

	for (size_t i = 0; i < nviews; i++)
		if (views[i].id == id)
			return &views[i];
	q = prep("SELECT run, sel, toolchain, slice FROM views WHERE id = ?1");
	sqlite3_bind_int64(q, 1, id);
	if (sqlite3_step(q) != SQLITE_ROW)
		die(EXIT_IO, "%s: view %lld is not in the index", dbname, (long long)id);
	view_id((const char *)sqlite3_column_text(q, 0), (size_t)sqlite3_column_bytes(q, 0),
		(const char *)sqlite3_column_text(q, 1), (size_t)sqlite3_column_bytes(q, 1),
		(const char *)sqlite3_column_text(q, 2), sqlite3_column_int64(q, 3));
	sqlite3_finalize(q);
	return &views[nviews - 1];
}

/* slice view @slice's key @key: its first seed, the lowest of its name views', if it was @was */
static void slice_refirst(int64_t slice, uint64_t key, int64_t was)
{
	int64_t now;

	bind_ints(slice_first, 2, (int64_t[]){ slice, (int64_t)key });
	if (sqlite3_step(slice_first) != SQLITE_ROW || sqlite3_column_type(slice_first, 0) == SQLITE_NULL)
		die(EXIT_IO, "%s: key %016llx of view %lld is in none of its name views", dbname,
		    (unsigned long long)key, (long long)slice);
	now = sqlite3_column_int64(slice_first, 0);
	sqlite3_reset(slice_first);
	if (now == was)
		return;
	first_move(slice, was, now);
	/* c3 -1: kept (see the statement) */
	run_ints(upd_slice_key, 4, (int64_t[]){ -1, now, slice, (int64_t)key });
}

/* a key's row of a view: its counts per W level and its first seed
 * (upd_key and ins_key take the same parameters) */
static void key_put(sqlite3_stmt *s, const struct key_sum *k, const struct group *g,
		    const int64_t *c, int64_t first)
{
	run_ints(s, 7, (int64_t[]){ c[0], c[1], c[2], first, k->view, (int64_t)k->key, g->id });
}

/*
 * Key @k of a name view taken away (builds that print it went): its row,
 * of records @c and first seed @first, counted down; gone with its last
 * record, else its first seed found again when a build that went had it;
 * the slice view's row after it.
 */
static void key_taken(const struct key_sum *k, struct group *g, int64_t *c, int64_t first, int had)
{
	int64_t now = first, sfirst, sn;

	if (!had || !slice_key_get(k->slice, k->key, &sn, &sfirst))
		die(EXIT_IO, "%s: key %016llx of view %lld is not in the index", dbname, (unsigned long long)k->key,
		    (long long)(had ? k->slice : k->view));
	for (int w = 0; w < NW; w++) {
		g->u[w] -= c[w] && !(c[w] + k->c[w]);
		c[w] += k->c[w];
	}
	if (!c[NW - 1]) {	/* no record left: every warning has the W=123 bit */
		run_ints(del_key, 3, (int64_t[]){ k->view, (int64_t)k->key, g->id });
		first_add(k->view, first, -1);
		if (sn == 1) {
			run_ints(del_key, 3, (int64_t[]){ k->slice, (int64_t)k->key, 0 });
			first_add(k->slice, sfirst, -1);
			return;
		}
		run_ints(upd_slice_key, 4, (int64_t[]){ sn - 1, sfirst, k->slice, (int64_t)k->key });
		if (sfirst == first)
			slice_refirst(k->slice, k->key, sfirst);
		return;
	}
	if (first == k->first) {	/* a build that went had its first seed */
		const struct view *v = view_by_id(k->view);
		char hex[17];

		snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)k->key);
		bind_str(key_first, 1, hex);
		bind_str(key_first, 2, g->tool);
		bind_str(key_first, 3, g->flag);
		bind_str(key_first, 4, v->run);
		bind_str(key_first, 5, v->sel);
		if (sqlite3_step(key_first) != SQLITE_ROW || sqlite3_column_type(key_first, 0) == SQLITE_NULL)
			die(EXIT_IO, "%s: key %s has records and no build", dbname, hex);
		now = sqlite3_column_int64(key_first, 0);
		sqlite3_reset(key_first);
	}
	key_put(upd_key, k, g, c, now);
	if (now != first) {
		first_move(k->view, first, now);
		if (sfirst == first)
			slice_refirst(k->slice, k->key, sfirst);
	}
}

static int cmp_key_sum(const void *a, const void *b)
{
	const struct key_sum *x = *(struct key_sum *const *)a, *y = *(struct key_sum *const *)b;

	if (x->view != y->view)
		return x->view < y->view ? -1 : 1;
	if (x->key != y->key)
		return (int64_t)x->key < (int64_t)y->key ? -1 : 1;
	return x->g < y->g ? -1 : x->g > y->g;
}

/* the distinct keys added up so far, into the index, in its order (a
 * million keys at random places would each read a page from disk) */
static void keys_flush(void)
{
	struct key_sum **order = emalloc((key_sums.n + 1) * sizeof(*order));
	size_t n = 0;

	for (struct key_sum *k = NULL; (k = htab_next(&key_sums, k)); )
		order[n++] = k;
	qsort(order, n, sizeof(*order), cmp_key_sum);
	for (size_t i = 0; i < n; i++) {
		struct key_sum *k = order[i];
		struct group *g = &groups[k->g];
		int64_t c[NW] = { 0 }, first = k->first;
		int had;

		bind_ints(get_key, 3, (int64_t[]){ k->view, (int64_t)k->key, g->id });
		had = sqlite3_step(get_key) == SQLITE_ROW;
		if (had) {
			for (int w = 0; w < NW; w++)
				c[w] = sqlite3_column_int64(get_key, w);
			first = sqlite3_column_int64(get_key, NW);
		}
		sqlite3_reset(get_key);
		if (removing) {
			key_taken(k, g, c, first, had);
			continue;
		}
		for (int w = 0; w < NW; w++) {
			g->u[w] += !c[w] && k->c[w];
			c[w] += k->c[w];
		}
		if (!had) {
			first_add(k->view, first, 1);
			slice_key(k->slice, k->key, first, 1);
		} else if (k->first < first) {
			first_move(k->view, first, k->first);
			slice_key(k->slice, k->key, k->first, 0);
			first = k->first;
		}
		key_put(had ? upd_key : ins_key, k, g, c, first);
	}
	free(order);
	htab_clear(&key_sums);
}

/* a print of build @b: warning @w, @count times */
static void agg_add(const struct agg_build *b, const struct winfo *wi, int64_t count)
{
	int64_t one = removing ? -1 : 1;
	unsigned mask = w_mask(wi->level);
	size_t gi;
	struct group *g;
	int fresh;

	if (!wi->warning)
		return;
	gi = group_of(b->view, wi->tool, wi->flag);
	g = &groups[gi];

	struct file_sum fk = { 0, b->view, wi->path, { 0 }, { 0 } }, *f;

	f = htab_put(&file_sums, hash_mix(hash_bytes(wi->path, strlen(wi->path)) ^ (uint64_t)b->view), file_sum_is,
		     &fk, &fresh);
	if (fresh) {
		f->view = b->view;
		f->path = estrdup(wi->path);
	}

	struct key_sum kk = { 0, b->view, b->slice, gi, wi->key, { 0 }, b->seed }, *k;

	k = htab_put(&key_sums, hash_mix(wi->key ^ hash_mix((uint64_t)gi)), key_sum_is, &kk, &fresh);
	if (fresh) {
		kk.hash = k->hash;
		*k = kk;
	} else if (b->seed < k->first) {	/* (removing: the lowest seed of the builds that go) */
		k->first = b->seed;
	}
	for (int w = 0; w < NW; w++)
		if (mask & (1u << w)) {
			g->n[w] += one * count;
			g->s[w] += one;
			f->n[w] += one * count;
			f->r[w] += one;
			k->c[w] += one;
		}

	struct fs_sum sk = { 0, b->view, b->slice, b->seed, 0, gi }, *fs;
	const char *sh = g->shown;

	fs = htab_put(&fs_sums, hash_mix(hash_bytes(sh, strlen(sh)) ^ hash_mix((uint64_t)b->seed ^ (uint64_t)b->view << 40)),
		      fs_sum_is, &sk, &fresh);
	if (fresh) {
		sk.hash = fs->hash;
		*fs = sk;
	}
	fs->n += one;
	if (key_sums.n >= KEYS_MAX)
		keys_flush();
}

/* the groups known: forgotten (their rows dropped, or the update done) */
static void groups_forget(void)
{
	for (size_t i = 0; i < ngroups; i++) {
		free(groups[i].tool);
		free(groups[i].flag);
		free(groups[i].shown);
	}
	ngroups = 0;
	htab_clear(&group_idx);
}

/* @n more prints of flag @shown in @seed by @view's builds: the prints it has now */
static int64_t flag_seeds_add(sqlite3_stmt *s, int64_t view, const char *shown, int64_t seed, int64_t n)
{
	sqlite3_bind_int64(s, 1, view);
	bind_str(s, 2, shown);
	sqlite3_bind_int64(s, 3, seed);
	sqlite3_bind_int64(s, 4, n);
	return step_int(s);
}

/* everything this update added up, into the index; the sums emptied */
static void agg_flush(void)
{
	sqlite3_stmt *s;

	keys_flush();
	s = prep("INSERT INTO view_flag_seeds (view, shown, seed, n) VALUES (?1, ?2, ?3, ?4)"
		 " ON CONFLICT DO UPDATE SET n = n + excluded.n RETURNING n");
	for (struct fs_sum *f = NULL; (f = htab_next(&fs_sums, f)); ) {
		const char *sh = groups[f->g].shown;

		/* the view's first print of it, or (removing) its last: the
		 * slice has a name view more (or less) that prints it */
		if (flag_seeds_add(s, f->view, sh, f->seed, f->n) == (removing ? 0 : f->n))
			flag_seeds_add(s, f->slice, sh, f->seed, removing ? -1 : 1);
	}
	if (removing)
		exec("DELETE FROM view_flag_seeds WHERE n = 0");
	sqlite3_finalize(s);
	htab_clear(&fs_sums);
	s = prep("UPDATE view_groups SET n1 = n1 + ?1, n2 = n2 + ?2, n3 = n3 + ?3, u1 = u1 + ?4, u2 = u2 + ?5,"
		 " u3 = u3 + ?6, s1 = s1 + ?7, s2 = s2 + ?8, s3 = s3 + ?9 WHERE id = ?10");
	for (size_t i = 0; i < ngroups; i++) {
		struct group *g = &groups[i];

		run_ints(s, 10, (int64_t[]){ g->n[0], g->n[1], g->n[2], g->u[0], g->u[1], g->u[2],
					     g->s[0], g->s[1], g->s[2], g->id });
		for (int w = 0; w < NW; w++)
			g->n[w] = g->u[w] = g->s[w] = 0;
	}
	sqlite3_finalize(s);
	s = prep("INSERT INTO view_files VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT DO UPDATE SET"
		 " n1 = n1 + excluded.n1, n2 = n2 + excluded.n2, n3 = n3 + excluded.n3,"
		 " r1 = r1 + excluded.r1, r2 = r2 + excluded.r2, r3 = r3 + excluded.r3");
	for (struct file_sum *f = NULL; (f = htab_next(&file_sums, f)); ) {
		sqlite3_bind_int64(s, 1, f->view);
		bind_str(s, 2, f->path);
		for (int w = 0; w < NW; w++) {
			sqlite3_bind_int64(s, 3 + w, f->n[w]);
			sqlite3_bind_int64(s, 6 + w, f->r[w]);
		}
		run(s);
		free(f->path);
	}
	sqlite3_finalize(s);
	htab_clear(&file_sums);
	s = prep("INSERT INTO view_first VALUES (?1, ?2, ?3) ON CONFLICT DO UPDATE SET n = n + excluded.n");
	for (struct first_sum *f = NULL; (f = htab_next(&first_sums, f)); )
		if (f->n)
			run_ints(s, 3, (int64_t[]){ f->view, f->seed, f->n });
	sqlite3_finalize(s);
	htab_clear(&first_sums);
	exec("DELETE FROM view_first WHERE n = 0");
	if (removing) {		/* (a group gone takes its id: looked up again) */
		exec("DELETE FROM view_groups WHERE s3 = 0; DELETE FROM view_files WHERE r3 = 0");
		groups_forget();
	}
}

static const struct stmt_sql agg_sql[] = {
	{ &get_winfo, "SELECT key, kind, tool, flag, level, path FROM warnings WHERE id = ?1" },
	/* (the update of a row there: RETURNING gives its id too) */
	{ &ins_group, "INSERT INTO view_groups (view, tool, flag, n1, n2, n3, u1, u2, u3, s1, s2, s3)"
		      " VALUES (?1, ?2, ?3, 0, 0, 0, 0, 0, 0, 0, 0, 0)"
		      " ON CONFLICT DO UPDATE SET view = view RETURNING id" },
	{ &get_key, "SELECT c1, c2, c3, first_seed FROM view_keys WHERE view = ?1 AND key = ?2 AND grp = ?3" },
	{ &ins_key, "INSERT INTO view_keys (c1, c2, c3, first_seed, view, key, grp) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)" },
	{ &upd_key, "UPDATE view_keys SET c1 = ?1, c2 = ?2, c3 = ?3, first_seed = ?4 WHERE view = ?5 AND key = ?6"
		    " AND grp = ?7" },
	{ &get_slice_key, "SELECT c3, first_seed FROM view_keys WHERE view = ?1 AND key = ?2 AND grp = 0" },
	{ &ins_slice_key, "INSERT INTO view_keys VALUES (?1, ?2, 0, 0, 0, 1, ?3)" },
	{ &upd_slice_key, "UPDATE view_keys SET c3 = iif(?1 < 0, c3, ?1), first_seed = ?2 WHERE view = ?3 AND key = ?4"
			  " AND grp = 0" },
	{ &del_key, "DELETE FROM view_keys WHERE view = ?1 AND key = ?2 AND grp = ?3" },
	{ &key_first, "SELECT min(b.seed) FROM warnings w JOIN prints p ON p.warning = w.id JOIN builds b ON b.id = p.build"
		      " WHERE w.key = ?1 AND w.kind = 'warning' AND w.tool = ?2 AND w.flag = ?3 AND b.run = ?4 AND b.name = ?5" },
	{ &slice_first, "SELECT min(k.first_seed) FROM views v JOIN view_keys k ON k.view = v.id AND k.key = ?2"
			" WHERE v.slice = ?1" },
};

static void agg_end(void)
{
	finalize_all(agg_sql, NSTMTS(agg_sql));
	groups_forget();
	free(groups);
	htab_free(&group_idx);
	views_forget();
	free(views);
	winfo_clear();
	htab_free(&winfos);
	htab_free(&key_sums);
	htab_free(&file_sums);
	htab_free(&fs_sums);
	htab_free(&first_sums);
}

/* build @build (of name view @view, seed @seed) goes: its prints taken away from the sums
 * (removing set; then agg_flush, once its prints are gone) */
static void agg_remove(int64_t view, int64_t build, int64_t seed)
{
	struct agg_build ab = { view, view_by_id(view)->slice, seed };
	sqlite3_stmt *p = prep("SELECT warning, count FROM prints WHERE build = ?1 ORDER BY ord");

	sqlite3_bind_int64(p, 1, build);
	while (sqlite3_step(p) == SQLITE_ROW)
		agg_add(&ab, winfo_of(sqlite3_column_int64(p, 0), NULL, NULL, 0), sqlite3_column_int64(p, 1));
	sqlite3_finalize(p);
}

/*
 * The summary lines read (all but their count) and their warning: in a
 * campaign most lines come again in every seed, and then cost no lookup.
 * Emptied at LINE_CACHE_MAX lines: keys distinct per seed would fill
 * memory (a campaign of shared keys holds some 50,000).
 */
#define LINE_CACHE_MAX	(1u << 18)
struct seen_slot { uint64_t hash; int64_t id; char *raw; size_t npre, npost; };
static struct htab seen_lines = HTAB(struct seen_slot);

static int seen_is(const void *slot, const void *key)
{
	const struct seen_slot *s = slot;
	const struct bytes *k = key;

	return s->npre == k[0].n && s->npost == k[1].n && !memcmp(s->raw, k[0].s, k[0].n) &&
	       !memcmp(s->raw + k[0].n, k[1].s, k[1].n);
}

static void seen_clear(void)
{
	for (struct seen_slot *s = NULL; (s = htab_next(&seen_lines, s)); )
		free(s->raw);
	htab_clear(&seen_lines);
}

/*
 * One summary (its lines in @l, the header next) of corpus file @x: its
 * build, warnings and prints. kwarn-agg checks the same format; what is
 * checked here is what the index needs to give the same bytes back.
 */
static void add_summary(struct lines *l, const char *corpus, const struct file *x, const char *prev)
{
	char *line, *f[NFIELDS], *v[SUM_NH], path[PATH_MAX], *record;
	const char *name = strrchr(x->rel, '/') + 1;
	size_t n, len[NFIELDS], vlen[SUM_NH];
	int64_t seed, make_exit, instances, unique, build, sum = 0;
	struct agg_build ab;

	if (!(line = lines_next(l, &n)) || strncmp(line, "#kwarn-summary\t" SUMMARY_VERSION "\t", 17) ||
	    split_tabs(line, n, f, len, 2 + SUM_NH, 0) != 2 + SUM_NH)
		die(EXIT_BADINPUT, "%s:%lu: not a version " SUMMARY_VERSION " summary header%s%s%s", l->name,
		    l->lineno, prev ? " (or the summary before it in the run, " : "", prev ? prev : "",
		    prev ? ", has more records than its header says)" : "");
	summary_values(l, f + 2, len + 2, v, vlen, 1);
	if (!number(v[SUM_SEED], vlen[SUM_SEED], &seed) ||
	    !number(v[SUM_MAKE_EXIT], vlen[SUM_MAKE_EXIT], &make_exit) ||
	    !number(v[SUM_INSTANCES], vlen[SUM_INSTANCES], &instances) ||
	    !number(v[SUM_UNIQUE], vlen[SUM_UNIQUE], &unique))
		die(EXIT_BADINPUT, "%s:%lu: seed, make_exit, instances or unique is not a number", l->name,
		    l->lineno);
	join(path, corpus, x->rel);
	record = first_line(path);
	bind_str(ins_build, 1, x->rel);
	bind_text(ins_build, 2, x->rel, x->runlen);
	bind_str(ins_build, 3, name);
	sqlite3_bind_int64(ins_build, 4, seed);
	bind_text(ins_build, 5, v[SUM_TOOLCHAIN], vlen[SUM_TOOLCHAIN]);
	bind_text(ins_build, 6, v[SUM_W], vlen[SUM_W]);
	bind_text(ins_build, 7, v[SUM_VARIANT], vlen[SUM_VARIANT]);
	bind_text(ins_build, 8, v[SUM_STATUS], vlen[SUM_STATUS]);
	sqlite3_bind_int64(ins_build, 9, make_exit);
	sqlite3_bind_int64(ins_build, 10, instances);
	sqlite3_bind_int64(ins_build, 11, unique);
	bind_text(ins_build, 12, v[SUM_SHA256], vlen[SUM_SHA256]);
	sqlite3_bind_int64(ins_build, 13, x->size);
	sqlite3_bind_int64(ins_build, 14, x->mtime);
	if (record)
		bind_str(ins_build, 15, record);
	if (sqlite3_step(ins_build) != SQLITE_DONE)
		die(EXIT_BADINPUT, "%s: its build record (line 1): %s", path, sqlite3_errmsg(db));
	sqlite3_reset(ins_build);
	sqlite3_clear_bindings(ins_build);
	build = sqlite3_last_insert_rowid(db);
	if (record) {
		sqlite3_bind_int64(ins_objects, 1, build);
		bind_str(ins_objects, 2, record);
		if (sqlite3_step(ins_objects) != SQLITE_DONE)
			die(EXIT_BADINPUT, "%s: its build record's objects_built: %s", path, sqlite3_errmsg(db));
		sqlite3_reset(ins_objects);
		sqlite3_clear_bindings(ins_objects);
	}
	free(record);
	ab = agg_build_of(path, x->rel, x->runlen, name, v[SUM_TOOLCHAIN], vlen[SUM_TOOLCHAIN], seed);
	for (int64_t ord = 0; ord < unique; ord++) {
		int64_t lv = -1, ln, count;
		uint64_t key;

		if (!(line = lines_next(l, &n)) || !strncmp(line, "#kwarn-summary\t", 15))
			die(EXIT_BADINPUT, "%s: the header says unique %lld, the summary has %lld records",
			    l->name, (long long)unique, (long long)ord);
		if (split_tabs(line, n, f, len, NFIELDS, 0) != NFIELDS)
			die(EXIT_BADINPUT, "%s:%lu: not %d fields", l->name, l->lineno, NFIELDS);
		if (!number(f[7], len[7], &count))
			die(EXIT_BADINPUT, "%s:%lu: a bad count", l->name, l->lineno);
		/* the line but its count, as read: a warning seen before */
		struct bytes raw[2] = { { line, (size_t)(f[7] - line) }, { f[7] + len[7], (size_t)(line + n - f[7] - len[7]) } };
		uint64_t h = hash_mix(hash_bytes(raw[0].s, raw[0].n) ^ hash_mix(hash_bytes(raw[1].s, raw[1].n)));
		struct seen_slot *seen = htab_get(&seen_lines, h, seen_is, raw);
		int64_t id;

		if (seen) {
			id = seen->id;
			agg_add(&ab, winfo_of(id, NULL, NULL, 0), count);
		} else {
			/* the key kept: the line as read, before its escapes are undone in place */
			char *copy = emalloc(raw[0].n + raw[1].n);
			int fresh;

			memcpy(copy, raw[0].s, raw[0].n);
			memcpy(copy + raw[0].n, raw[1].s, raw[1].n);
			for (int i = 1; i < NFIELDS; i++)
				if (i != 7 && memchr(f[i], '\\', len[i]) && !tsv_unescape(f[i], &len[i]))
					die(EXIT_BADINPUT, "%s:%lu: a bad escape in field %d", l->name, l->lineno, i + 1);
			if (!parse_key(f[0], len[0], &key) || (len[4] && (!number(f[4], len[4], &lv) || lv > 3)) ||
			    !number(f[6], len[6], &ln) || (len[10] && (len[10] != 1 || f[10][0] != '1')))
				die(EXIT_BADINPUT, "%s:%lu: a bad key, level, line or root", l->name, l->lineno);
			id = warning_id(f, len, (int)lv, ln, len[10] == 1);
			agg_add(&ab, winfo_of(id, f, len, (int)lv), count);
			if (seen_lines.n >= LINE_CACHE_MAX)
				seen_clear();
			raw[0].s = copy;
			raw[1].s = copy + raw[0].n;
			seen = htab_put(&seen_lines, h, seen_is, raw, &fresh);
			seen->id = id;
			seen->raw = copy;
			seen->npre = raw[0].n;
			seen->npost = raw[1].n;
		}
		sum += count;
		run_ints(ins_print, 4, (int64_t[]){ build, ord, id, count });
	}
	if (sum != instances)
		die(EXIT_BADINPUT, "%s: the header says instances %lld, the records' counts sum to %lld", l->name,
		    (long long)instances, (long long)sum);
}

static char tmpdir[PATH_MAX];

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(p);
}

static void rm_tmpdir(void)
{
	if (*tmpdir)
		nftw(tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/*
 * The summaries of the corpus files @todo[0..n): SUMMARY_SH -u makes the
 * missing or stale ones (checking their corpus files) and names them all;
 * they are read through one zstd a run of files.
 */
static void add_summaries(const char *summary_sh, const char *corpus, struct file **todo, size_t n)
{
	char list[PATH_MAX + 8], **names;
	char *argv[] = { "xargs", "-r", "-d", "\n", (char *)summary_sh, "-u", tmpdir, NULL };
	FILE *fp;
	struct lines l;
	pid_t pid;
	size_t i = 0, len;
	char *line;

	if (!n)
		return;
	names = ecalloc(n, sizeof(char *));
	snprintf(list, sizeof(list), "%s/list", tmpdir);
	if (!(fp = fopen(list, "w")))
		die(EXIT_IO, "%s: %s", list, strerror(errno));
	for (size_t k = 0; k < n; k++)
		fprintf(fp, "%s/%s\n", corpus, todo[k]->rel);
	efclose(fp, list);
	lines_init(&l, spawn_reader(argv, list, &pid), summary_sh);
	while ((line = lines_next(&l, &len)))
		if (i < n)
			names[i++] = estrndup(line, len);
	lines_close(&l);
	if (reap(pid) || i != n)
		die(EXIT_BADINPUT, "%s -u: no summary of each corpus file (it says why)", summary_sh);
	for (size_t k = 0; k < n; ) {
		size_t m = n - k < ZSTD_RUN ? n - k : ZSTD_RUN;

		lines_init(&l, zstd_reader(names + k, m, &pid), names[k]);
		/* one stream of m files: each named, its lines counted from 1 */
		for (size_t j = 0; j < m; j++) {
			l.name = names[k + j];
			l.lineno = 0;
			add_summary(&l, corpus, todo[k + j], j ? names[k + j - 1] : NULL);
		}
		if (lines_next(&l, &len))
			die(EXIT_BADINPUT, "%s: more records than its header says", names[k + m - 1]);
		lines_close(&l);
		if (reap(pid))
			die(EXIT_BADINPUT, "%s%s: truncated or corrupt (zstd -dcq failed)", names[k],
			    m > 1 ? " or a summary after it" : "");
		k += m;
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static void update(const char *summary_sh, const char *corpus, const char *runp, int all)
{
	char scope[PATH_MAX];
	struct file **todo;
	size_t ntodo = 0, nboot = 0;
	int64_t gone = 0;
	sqlite3_stmt *old, *del;

	if (runp)
		snprintf(scope, sizeof(scope), "%s/", runp);
	else
		scope[0] = '\0';
	/* the write lock first: what is read below is what is written */
	exec("BEGIN IMMEDIATE");
	prep_all(agg_sql, NSTMTS(agg_sql));
	walk(corpus, scope, 0);
	if (nfiles)
		qsort(files, nfiles, sizeof(*files), cmp_file);
	if (all)
		exec("DELETE FROM prints; DELETE FROM objects; DELETE FROM builds; DELETE FROM warnings; DELETE FROM boots;"
		     "DELETE FROM views; DELETE FROM view_groups; DELETE FROM view_files; DELETE FROM view_keys;"
		     "DELETE FROM view_first; DELETE FROM view_flag_seeds");
	todo = ecalloc(nfiles, sizeof(*todo));
	/* what the index holds of the scope, in file order: a merge of the two lists */
	for (int boot = 0; boot < 2; boot++) {
		size_t i = 0;
		const char *tab = boot ? "boots" : "builds";
		char sql[256];

		snprintf(sql, sizeof(sql), "SELECT id, file, size, mtime_ns, %s FROM %s WHERE (?1 = '' OR run = ?1) "
			 "ORDER BY file", boot ? "NULL, NULL" : "(SELECT id FROM views WHERE run = builds.run AND sel = name), seed",
			 tab);
		old = prep(sql);
		del = prep(boot ? "DELETE FROM boots WHERE id = ?1" : "DELETE FROM builds WHERE id = ?1");
		sqlite3_stmt *delp = prep("DELETE FROM prints WHERE build = ?1");
		sqlite3_stmt *delo = prep("DELETE FROM objects WHERE build = ?1");

		bind_str(old, 1, runp ? runp : "");
		int r = sqlite3_step(old);

		for (;;) {
			while (i < nfiles && files[i].boot != boot)
				i++;
			const char *have = r == SQLITE_ROW ? (const char *)sqlite3_column_text(old, 1) : NULL;
			int c = !have ? (i < nfiles ? -1 : 0) : i < nfiles ? strcmp(files[i].rel, have) : 1;

			if (!have && i >= nfiles)
				break;
			if (c < 0) {		/* new */
				todo[ntodo++] = &files[i++];
				continue;
			}
			if (c > 0 || sqlite3_column_int64(old, 2) != files[i].size ||
			    sqlite3_column_int64(old, 3) != files[i].mtime) {	/* gone, or changed */
				int64_t id = sqlite3_column_int64(old, 0);

				if (!boot) {	/* its prints taken from the sums, then gone */
					removing = 1;
					agg_remove(sqlite3_column_int64(old, 4), id, sqlite3_column_int64(old, 5));
					run_ints(delp, 1, &id);
					run_ints(delo, 1, &id);
					agg_flush();
					removing = 0;
				}
				run_ints(del, 1, &id);
				gone++;
				if (c == 0)
					todo[ntodo++] = &files[i++];
			} else {
				i++;
			}
			r = sqlite3_step(old);
		}
		if (r != SQLITE_DONE && r != SQLITE_ROW)
			dberr("reading the index");
		sqlite3_finalize(old);
		sqlite3_finalize(del);
		sqlite3_finalize(delp);
		sqlite3_finalize(delo);
		if (!boot) {
			/* the corpus files first, in file order */
			prep_all(summary_sql, NSTMTS(summary_sql));
			/* many files (make index, a merge): prints(warning) made once
			 * after the rows, by sorting, not kept up row by row */
			int bulk = ntodo > BULK_FILES;

			if (bulk)
				exec("DROP INDEX prints_warning");
			add_summaries(summary_sh, corpus, todo, ntodo);
			agg_flush();
			if (bulk)
				exec("CREATE INDEX prints_warning ON prints(warning)");
			finalize_all(summary_sql, NSTMTS(summary_sql));
			nboot = ntodo;
		} else {
			sqlite3_stmt *ins = prep(
				"INSERT INTO boots (file, run, size, mtime_ns, seed, toolchain, status, record)"
				" SELECT ?1, ?2, ?3, ?4, json_extract(?5, '$.seed'), json_extract(?5, '$.toolchain'),"
				" json_extract(?5, '$.status'), json(?5) WHERE json_valid(?5)"
				" AND json_extract(?5, '$.type') = 'boot'"
				" AND json_type(?5, '$.seed') = 'integer' AND json_type(?5, '$.toolchain') = 'text'"
				" AND json_type(?5, '$.status') = 'text' RETURNING id");

			for (size_t k = nboot; k < ntodo; k++) {
				char path[PATH_MAX], *record;

				join(path, corpus, todo[k]->rel);
				record = first_line(path);
				bind_str(ins, 1, todo[k]->rel);
				bind_text(ins, 2, todo[k]->rel, todo[k]->runlen);
				sqlite3_bind_int64(ins, 3, todo[k]->size);
				sqlite3_bind_int64(ins, 4, todo[k]->mtime);
				if (record)
					bind_str(ins, 5, record);
				if (sqlite3_step(ins) != SQLITE_ROW)
					die(EXIT_BADINPUT, "%s:1: not a boot record (qemu/README.md)", path);
				sqlite3_reset(ins);
				sqlite3_clear_bindings(ins);
				free(record);
			}
			sqlite3_finalize(ins);
		}
	}
	/* warnings no build prints any more (a rebuilt index has none) */
	if (gone)
		exec("DELETE FROM warnings WHERE NOT EXISTS (SELECT 1 FROM prints WHERE warning = warnings.id)");
	agg_end();
	exec("COMMIT");
	seen_clear();
	htab_free(&seen_lines);
	free(todo);
}

/* ---- summaries and boots out ---- */

/* @s as jq's @tsv writes a field: \\ \t \n \r escaped */
static void put_tsv(const unsigned char *s, int n, FILE *o)
{
	const unsigned char *end = s + n;

	while (s < end) {
		const unsigned char *p = s;

		while (p < end && *p != '\\' && *p != '\t' && *p != '\n' && *p != '\r')
			p++;
		fwrite(s, 1, (size_t)(p - s), o);
		if (p == end)
			break;
		putc('\\', o);
		putc(*p == '\\' ? '\\' : *p == '\t' ? 't' : *p == '\n' ? 'n' : 'r', o);
		s = p + 1;
	}
}

/* column @c of @s's row as jq's @tsv writes it: numbers in decimal, NULL empty */
static void col_tsv(sqlite3_stmt *s, int c, FILE *o)
{
	if (sqlite3_column_type(s, c) != SQLITE_NULL)
		put_tsv(sqlite3_column_text(s, c), sqlite3_column_bytes(s, c), o);
}

/* a line: @head, then @s's first @n columns tab-separated */
static void put_row(const char *head, sqlite3_stmt *s, int n)
{
	fputs(head, stdout);
	for (int c = 0; c < n; c++) {
		if (c)
			putchar('\t');
		col_tsv(s, c, stdout);
	}
	putchar('\n');
}

/* put_row of each row of query @sql of view @view (its ?1) */
static void put_view_rows(const char *head, int64_t view, const char *sql)
{
	sqlite3_stmt *s = prep(sql);

	sqlite3_bind_int64(s, 1, view);
	while (sqlite3_step(s) == SQLITE_ROW)
		put_row(head, s, sqlite3_column_count(s));
	sqlite3_finalize(s);
}

/*
 * sums: make top's answer over every seed of RUN's builds named SEL (a
 * view: a build's name, or * and the name after the toolchain), for
 * kwarn-agg top -p, one a line, tab-separated, text fields as jq's @tsv:
 *   build SEED TOOLCHAIN W VARIANT STATUS MAKE_EXIT INSTANCES UNIQUE FILE
 *   cause TARGET TOOL TEXT            (a root cause of the build before, not ok)
 *   group TOOLCHAIN TOOL FLAG N1 N2 N3 U1 U2 U3 S1 S2 S3
 *   file TOOLCHAIN PATH N1 N2 N3 R1 R2 R3
 *   flag SHOWN SEEDS                  (the seeds that print it)
 *   first SEED KEYS                   (the keys it printed first)
 */
static void sums(const char *runp, const char *sel)
{
	static char obuf[1 << 20];
	sqlite3_stmt *v, *b, *c;
	int64_t view = 0;

	setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
	exec("BEGIN");		/* one snapshot */
	v = prep("SELECT id FROM views WHERE run = ?1 AND sel = ?2");
	bind_str(v, 1, runp);
	bind_str(v, 2, sel);
	if (sqlite3_step(v) == SQLITE_ROW)
		view = sqlite3_column_int64(v, 0);
	sqlite3_finalize(v);
	b = prep("SELECT seed, toolchain, w, variant, status, make_exit, instances, nunique, file, id FROM builds"
		 " WHERE run = ?1 AND name GLOB ?2 ORDER BY name, file");
	c = prep("SELECT w.target, w.tool, w.text FROM prints p JOIN warnings w ON w.id = p.warning"
		 " WHERE p.build = ?1 AND w.root = 1 ORDER BY p.ord");
	bind_str(b, 1, runp);
	bind_str(b, 2, sel);
	while (sqlite3_step(b) == SQLITE_ROW) {
		put_row("build\t", b, 9);
		if (!strcmp((const char *)sqlite3_column_text(b, 4), "ok"))
			continue;
		sqlite3_bind_int64(c, 1, sqlite3_column_int64(b, 9));
		while (sqlite3_step(c) == SQLITE_ROW)
			put_row("cause\t", c, 3);
		sqlite3_reset(c);
	}
	sqlite3_finalize(b);
	sqlite3_finalize(c);
	/* the name views: the view itself, or a slice view's */
	put_view_rows("group\t", view, "SELECT v.toolchain, g.tool, g.flag, g.n1, g.n2, g.n3, g.u1, g.u2, g.u3,"
		      " g.s1, g.s2, g.s3 FROM views v JOIN view_groups g ON g.view = v.id WHERE v.id = ?1 OR v.slice = ?1");
	put_view_rows("file\t", view, "SELECT v.toolchain, f.path, f.n1, f.n2, f.n3, f.r1, f.r2, f.r3"
		      " FROM views v JOIN view_files f ON f.view = v.id WHERE v.id = ?1 OR v.slice = ?1");
	put_view_rows("flag\t", view, "SELECT shown, count(*) FROM view_flag_seeds WHERE view = ?1 GROUP BY shown");
	put_view_rows("first\t", view, "SELECT seed, n FROM view_first WHERE view = ?1");
	exec("COMMIT");
	fflush(stdout);
}

/* temp.seeds: the seeds of file @name, one a line */
static void load_seeds(const char *name)
{
	struct lines l;
	sqlite3_stmt *ins;
	size_t len;
	char *line;

	exec("CREATE TEMP TABLE seeds (seed INTEGER PRIMARY KEY)");
	if (!name)
		return;
	ins = prep("INSERT OR IGNORE INTO temp.seeds VALUES (?)");
	lines_open(&l, name);
	while ((line = lines_next(&l, &len))) {
		int64_t seed;

		if (!number(line, len, &seed))
			die(EXIT_BADINPUT, "%s:%lu: not a seed", name, l.lineno);
		sqlite3_bind_int64(ins, 1, seed);
		run(ins);
	}
	lines_close(&l);
	sqlite3_finalize(ins);
}

/*
 * A warning's summary line but its count, as two strings around it: most
 * warnings are printed by many builds (the same key in every seed), so
 * each is formatted once and its row read once, not joined per print.
 */
struct line_slot { uint64_t hash; int64_t id; char *pre, *post; size_t npre, npost; };

static void line_cache_clear(struct htab *t)
{
	for (struct line_slot *l = NULL; (l = htab_next(t, l)); ) {
		free(l->pre);
		free(l->post);
	}
	htab_clear(t);
}

static struct line_slot *line_of(struct htab *t, sqlite3_stmt *w, int64_t id)
{
	struct line_slot *l = htab_get(t, hash_mix((uint64_t)id), htab_same_u64, &id);
	FILE *o;
	int fresh;

	if (l)
		return l;
	if (t->n >= LINE_CACHE_MAX)
		line_cache_clear(t);
	sqlite3_bind_int64(w, 1, id);
	if (sqlite3_step(w) != SQLITE_ROW)
		die(EXIT_IO, "%s: warning %lld of a build is not in the index", dbname, (long long)id);
	l = htab_put(t, hash_mix((uint64_t)id), htab_same_u64, &id, &fresh);
	l->id = id;
	o = memstream(&l->pre, &l->npre);
	for (int c = 0; c < 7; c++) {	/* key kind tool flag level path line */
		col_tsv(w, c, o);
		putc('\t', o);
	}
	fclose(o);
	o = memstream(&l->post, &l->npost);
	putc('\t', o);
	col_tsv(w, 7, o);		/* target symbol root text */
	putc('\t', o);
	col_tsv(w, 8, o);
	fputs(sqlite3_column_int(w, 9) ? "\t1\t" : "\t\t", o);
	col_tsv(w, 10, o);
	putc('\n', o);
	fclose(o);
	sqlite3_reset(w);
	return l;
}

static void summaries(const char *runp, const char *name, const char *seeds, int by_name, int count)
{
	static char obuf[1 << 20];
	char sql[1024];
	sqlite3_stmt *b, *p, *w;
	struct htab cache = HTAB(struct line_slot);
	int64_t n = 0;

	setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
	load_seeds(seeds);
	exec("BEGIN");		/* one snapshot */
	snprintf(sql, sizeof(sql), "SELECT id, corpus_sha256, seed, toolchain, w, variant, status, make_exit,"
		 " instances, nunique FROM builds WHERE run = ?1 AND name GLOB ?2%s ORDER BY %s",
		 seeds ? " AND seed IN temp.seeds" : "", by_name ? "name, file" : "seed, file");
	b = prep(sql);
	p = prep("SELECT warning, count FROM prints WHERE build = ?1 ORDER BY ord");
	w = prep("SELECT key, kind, tool, flag, level, path, line, target, symbol, root, text FROM warnings"
		 " WHERE id = ?1");
	bind_str(b, 1, runp);
	bind_str(b, 2, name);
	while (sqlite3_step(b) == SQLITE_ROW) {
		n++;
		if (count)
			continue;
		fputs("#kwarn-summary\t" SUMMARY_VERSION, stdout);
		for (int i = 0; i < SUM_NH; i++) {	/* b's columns 1.. */
			printf("\t%s=", summary_names[i]);
			col_tsv(b, 1 + i, stdout);
		}
		putchar('\n');
		sqlite3_bind_int64(p, 1, sqlite3_column_int64(b, 0));
		while (sqlite3_step(p) == SQLITE_ROW) {
			struct line_slot *l = line_of(&cache, w, sqlite3_column_int64(p, 0));

			fwrite(l->pre, 1, l->npre, stdout);
			printf("%lld", (long long)sqlite3_column_int64(p, 1));
			fwrite(l->post, 1, l->npost, stdout);
		}
		sqlite3_reset(p);
	}
	sqlite3_finalize(b);
	sqlite3_finalize(p);
	sqlite3_finalize(w);
	line_cache_clear(&cache);
	htab_free(&cache);
	exec("COMMIT");
	if (count)
		printf("%lld\n", (long long)n);
	fflush(stdout);
}

static void boots(const char *runp, const char *seeds)
{
	sqlite3_stmt *b;

	load_seeds(seeds);
	b = prep(seeds ? "SELECT seed, toolchain, status FROM boots WHERE run = ?1 AND seed IN temp.seeds ORDER BY file"
		       : "SELECT seed, toolchain, status FROM boots WHERE run = ?1 ORDER BY file");
	bind_str(b, 1, runp);
	while (sqlite3_step(b) == SQLITE_ROW)
		put_row("", b, 3);
	sqlite3_finalize(b);
}

/* files (the top of this file says what): @key is make repro's ID= prefix */
static void key_files(const char *key, const char *runs, const char *name, const char *seeds)
{
	char sql[1024], glob[32];
	sqlite3_stmt *f;

	if (!*key || strlen(key) > 16 || strspn(key, "0123456789abcdef") != strlen(key))
		die(EXIT_USAGE, "-k '%s': not a key or a prefix of one (hex digits)", key);
	snprintf(glob, sizeof(glob), "%s*", key);
	load_seeds(seeds);
	snprintf(sql, sizeof(sql), "SELECT DISTINCT b.file FROM warnings w JOIN prints p ON p.warning = w.id"
		 " JOIN builds b ON b.id = p.build WHERE w.key GLOB ?1 AND b.run GLOB ?2 AND b.name GLOB ?3%s"
		 " ORDER BY b.file", seeds ? " AND b.seed IN temp.seeds" : "");
	f = prep(sql);
	bind_str(f, 1, glob);
	bind_str(f, 2, runs);
	bind_str(f, 3, name);
	while (sqlite3_step(f) == SQLITE_ROW)
		printf("%s\n", sqlite3_column_text(f, 0));
	sqlite3_finalize(f);
}

/*
 * How often each key was seen, for the estimate of the keys a campaign has
 * not seen (mk/query/unseen.sh): per name view of RUN whose name matches
 * @sel, "TOOLCHAIN TAB BUILDS TAB KEYS TAB ONCE TAB TWICE" at level @w
 * (1, 12, else 123: view_keys' c1..c3, a name view's builds printing the
 * key at that level, one a seed)
 */
static void freq(const char *runp, const char *sel, const char *w)
{
	const char *c = !strcmp(w, "1") ? "k.c1" : !strcmp(w, "12") ? "k.c2" : "k.c3";
	char sql[640];
	sqlite3_stmt *f;

	snprintf(sql, sizeof(sql), "SELECT v.toolchain, (SELECT count(*) FROM builds b WHERE b.run = v.run AND b.name = v.sel),"
		 " sum(%s > 0), sum(%s = 1), sum(%s = 2) FROM views v JOIN view_keys k ON k.view = v.id"
		 " WHERE v.run = ?1 AND v.sel GLOB ?2 AND v.toolchain IS NOT NULL GROUP BY v.id ORDER BY v.toolchain",
		 c, c, c);
	f = prep(sql);
	bind_str(f, 1, runp);
	bind_str(f, 2, sel);
	while (sqlite3_step(f) == SQLITE_ROW)
		put_row("", f, 5);
	sqlite3_finalize(f);
}

/*
 * The objects the builds of RUN whose name matches @sel made (their build
 * records' objects_built): "OBJECT TAB TOOLCHAINS TAB SEEDS", the lists
 * comma-separated, in object order
 */
static void objects(const char *runp, const char *sel, const char *seeds)
{
	char sql[512];
	sqlite3_stmt *o;

	load_seeds(seeds);
	snprintf(sql, sizeof(sql), "SELECT o.path, group_concat(DISTINCT b.toolchain), group_concat(DISTINCT b.seed)"
		 " FROM builds b JOIN objects o ON o.build = b.id WHERE b.run = ?1 AND b.name GLOB ?2%s"
		 " GROUP BY o.path ORDER BY o.path", seeds ? " AND b.seed IN temp.seeds" : "");
	o = prep(sql);
	bind_str(o, 1, runp);
	bind_str(o, 2, sel);
	while (sqlite3_step(o) == SQLITE_ROW)
		put_row("", o, 3);
	sqlite3_finalize(o);
}

/*
 * Whether each build of the RUNs matching @runs (a glob) named @name (a
 * glob) made object @obj: "built", "not" or "unknown" (a build record
 * without objects_built, of an older kwarn), TAB its file, in file order
 */
static void compiled(const char *obj, const char *runs, const char *name, const char *seeds)
{
	char sql[640];
	sqlite3_stmt *c;

	load_seeds(seeds);
	snprintf(sql, sizeof(sql), "SELECT CASE WHEN EXISTS (SELECT 1 FROM objects o WHERE o.build = b.id AND o.path = ?1)"
		 " THEN 'built' WHEN EXISTS (SELECT 1 FROM objects o WHERE o.build = b.id) THEN 'not' ELSE 'unknown' END,"
		 " b.file FROM builds b WHERE b.run GLOB ?2 AND b.name GLOB ?3%s ORDER BY b.file",
		 seeds ? " AND b.seed IN temp.seeds" : "");
	c = prep(sql);
	bind_str(c, 1, obj);
	bind_str(c, 2, runs);
	bind_str(c, 3, name);
	while (sqlite3_step(c) == SQLITE_ROW)
		put_row("", c, 2);
	sqlite3_finalize(c);
}

/* "FILE TAB RECORD" of RUN's corpus and boot files, in path order */
static void records(const char *runp)
{
	sqlite3_stmt *r = prep("SELECT file, record FROM builds WHERE run = ?1 UNION ALL"
			       " SELECT file, record FROM boots WHERE run = ?1 ORDER BY 1");

	bind_str(r, 1, runp);
	while (sqlite3_step(r) == SQLITE_ROW)
		printf("%s\t%s\n", sqlite3_column_text(r, 0), sqlite3_column_text(r, 1));
	sqlite3_finalize(r);
}

static _Noreturn void usage(void)
{
	fprintf(stderr, "usage: kwarn-index update [-r RUN] [-a] -s SUMMARY_SH DB CORPUS\n"
		"       kwarn-index summaries [-n] [-c] [-S SEEDS] DB RUN NAME\n"
		"       kwarn-index sums DB RUN SEL\n"
		"       kwarn-index boots [-S SEEDS] DB RUN\n"
		"       kwarn-index files -k KEY [-S SEEDS] DB RUN NAME\n"
		"       kwarn-index records DB RUN\n"
		"       kwarn-index freq -w W DB RUN SEL\n"
		"       kwarn-index objects [-S SEEDS] DB RUN SEL\n"
		"       kwarn-index compiled -o OBJECT [-S SEEDS] DB RUN NAME\n");
	exit(EXIT_USAGE);
}

/* a reading command's DB @name opened, when it has @want arguments (DB first) */
static void db_read(int argc, int want, const char *name)
{
	if (argc != want)
		usage();
	db_open(name, 0);
}

int main(int argc, char **argv)
{
	const char *runp = NULL, *summary_sh = NULL, *seeds = NULL, *key = NULL, *w = NULL, *obj = NULL, *cmd;
	int c, all = 0, by_name = 0, count = 0;

	argv0 = "kwarn-index";
	if (argc < 2)
		usage();
	cmd = argv[1];
	argc--;
	argv++;
	while ((c = getopt(argc, argv, "r:as:nS:ck:w:o:")) != -1)
		switch (c) {
		case 'o': obj = optarg; break;
		case 'w': w = optarg; break;
		case 'k': key = optarg; break;
		case 'r': runp = optarg; break;
		case 'a': all = 1; break;
		case 's': summary_sh = optarg; break;
		case 'n': by_name = 1; break;
		case 'c': count = 1; break;
		case 'S': seeds = optarg; break;
		default: usage();
		}
	argc -= optind;
	argv += optind;
	if (!strcmp(cmd, "update")) {
		if (argc != 2 || !summary_sh)
			usage();
		db_open(argv[0], 1);
		snprintf(tmpdir, sizeof(tmpdir), "%s/kwarn-index.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		if (!mkdtemp(tmpdir))
			die(EXIT_IO, "%s: %s", tmpdir, strerror(errno));
		atexit(rm_tmpdir);
		update(summary_sh, argv[1], runp, all);
	} else if (!strcmp(cmd, "summaries")) {
		db_read(argc, 3, argv[0]);
		summaries(argv[1], argv[2], seeds, by_name, count);
	} else if (!strcmp(cmd, "sums")) {
		db_read(argc, 3, argv[0]);
		sums(argv[1], argv[2]);
	} else if (!strcmp(cmd, "files")) {
		if (!key)
			usage();
		db_read(argc, 3, argv[0]);
		key_files(key, argv[1], argv[2], seeds);
	} else if (!strcmp(cmd, "freq")) {
		if (!w)
			usage();
		db_read(argc, 3, argv[0]);
		freq(argv[1], argv[2], w);
	} else if (!strcmp(cmd, "compiled")) {
		if (!obj)
			usage();
		db_read(argc, 3, argv[0]);
		compiled(obj, argv[1], argv[2], seeds);
	} else if (!strcmp(cmd, "objects")) {
		db_read(argc, 3, argv[0]);
		objects(argv[1], argv[2], seeds);
	} else if (!strcmp(cmd, "records")) {
		db_read(argc, 2, argv[0]);
		records(argv[1]);
	} else if (!strcmp(cmd, "boots")) {
		db_read(argc, 2, argv[0]);
		boots(argv[1], seeds);
	} else {
		usage();
	}
	if (sqlite3_close(db) != SQLITE_OK)
		dberr("close");
	for (size_t i = 0; i < nfiles; i++)
		free(files[i].rel);
	free(files);
	efclose(stdout, "<stdout>");
	return 0;
}
