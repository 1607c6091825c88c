// SPDX-License-Identifier: GPL-2.0
/*
 * kwarn-sites - list the branch profiler's sites from a kernel's vmlinux.
 *
 * Usage: kwarn-sites [-a] [-s] VMLINUX
 *   -a  the likely()/unlikely() section (_ftrace_annotated_branch) instead
 *       of the every-"if" one (_ftrace_branch)
 *   -s  the summary line only
 *
 * The section lies between the symbols __start_branch_profile and
 * __stop_branch_profile (__start_annotated_branch_profile and
 * __stop_annotated_branch_profile); it is an array of struct
 * ftrace_branch_data { const char *func, *file; unsigned line; unsigned
 * long miss, hit; } (struct ftrace_likely_data adds an unsigned long), so a
 * record is 5 words on a 32-bit kernel. Prints a summary line:
 *
 *   # section=_ftrace_branch bytes=N record=N entries=N objects=SIZE:COUNT,...
 *     unresolved=N
 *
 * (one line), where objects counts the symbols inside the section by their
 * size: a sound section holds only objects of the record's size. Then one
 * line per record, in section order: LINE<TAB>FILE<TAB>FUNCTION, with the
 * strings read from the image ("?" when a pointer leads nowhere).
 *
 * Exit status: 0; 1 when the image has no such section, or the section is
 * not an array of records (a size that is not a multiple of the record, or
 * objects of another size in it; the summary is printed first), or a
 * record's file or function name holds a control character (a tab or line
 * break would split its line; nothing is printed); 2 usage; 3 I/O error.
 */
#include <elf.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

static const unsigned char *img;
static size_t imgsize;
static const char *path;
static int is64, little;
static int wsize;	/* a word's bytes: 8 or 4 */

struct section {
	uint64_t addr, off, size;
	int progbits;
};

static struct section *secs;
static size_t nsecs;

static uint64_t get(uint64_t off, int n)
{
	uint64_t v = 0;
	int i;

	if (off + n > imgsize || off + n < off)
		die(EXIT_BADINPUT, "%s: truncated ELF file", path);
	for (i = 0; i < n; i++)
		if (little)
			v |= (uint64_t)img[off + i] << (8 * i);
		else
			v = v << 8 | img[off + i];
	return v;
}

static uint64_t word(uint64_t off)
{
	return get(off, wsize);
}

static void load(void)
{
	FILE *fp = fopen(path, "rb");
	size_t cap = 1 << 24, n;
	unsigned char *p;

	if (!fp)
		die(EXIT_IO, "%s: %s", path, strerror(errno));
	p = emalloc(cap);
	while ((n = fread(p + imgsize, 1, cap - imgsize, fp)) > 0) {
		imgsize += n;
		if (imgsize == cap)
			p = erealloc(p, cap *= 2);
	}
	if (ferror(fp))
		die(EXIT_IO, "%s: read error: %s", path, strerror(errno));
	fclose(fp);
	img = p;
	if (imgsize < EI_NIDENT || memcmp(img, ELFMAG, SELFMAG))
		die(EXIT_BADINPUT, "%s: not an ELF file", path);
	is64 = img[EI_CLASS] == ELFCLASS64;
	wsize = is64 ? 8 : 4;
	little = img[EI_DATA] == ELFDATA2LSB;
}

/* file offset of @n bytes at address @addr, or 0 when not in the file */
static uint64_t addr_off(uint64_t addr, uint64_t n)
{
	size_t i;

	for (i = 0; i < nsecs; i++) {
		uint64_t off = secs[i].off + (addr - secs[i].addr);

		if (!secs[i].progbits || addr < secs[i].addr || addr + n < addr ||
		    addr + n > secs[i].addr + secs[i].size)
			continue;
		/* a section header may point past the end of the file */
		if (off < secs[i].off || off > imgsize || n > imgsize - off)
			continue;
		return off;
	}
	return 0;
}

/* the NUL-terminated string at address @addr, or NULL */
static const char *string_at(uint64_t addr)
{
	uint64_t off = addr ? addr_off(addr, 1) : 0;
	const char *s;

	if (!off)
		return NULL;
	s = (const char *)img + off;
	if (!memchr(s, '\0', imgsize - off))
		return NULL;
	return s;
}

/* the record at file offset @r; false when a string pointer leads nowhere */
static int site(uint64_t r, unsigned long *line, const char **file, const char **func)
{
	*func = string_at(word(r));
	*file = string_at(word(r + wsize));
	*line = get(r + 2 * wsize, 4);
	return *func && *file;
}

static int has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

struct hist {
	uint64_t size;
	unsigned long n;
};

int main(int argc, char **argv)
{
	const char *start_sym = "__start_branch_profile";
	const char *stop_sym = "__stop_branch_profile";
	const char *name = "_ftrace_branch";
	uint64_t shoff, start = 0, stop = 0, symoff = 0, symsize = 0, strtab = 0;
	uint64_t bytes, rec, entries, i, symentsize, off;
	const char *file, *func;
	unsigned long line;
	unsigned int shentsize, shnum, k;
	int have_start = 0, have_stop = 0, summary = 0, annotated = 0, bad = 0, c;
	struct hist *hist = NULL;
	size_t nhist = 0, j;
	unsigned long unresolved = 0;

	argv0 = "kwarn-sites";
	while ((c = getopt(argc, argv, "as")) != -1 && c != '?') {
		if (c == 's') {
			summary = 1;
		} else {
			annotated = 1;
			start_sym = "__start_annotated_branch_profile";
			stop_sym = "__stop_annotated_branch_profile";
			name = "_ftrace_annotated_branch";
		}
	}
	if (c == '?' || optind != argc - 1) {
		fprintf(stderr, "usage: kwarn-sites [-a] [-s] VMLINUX\n");
		return EXIT_USAGE;
	}
	path = argv[optind];
	load();

	shoff = word(is64 ? 0x28 : 0x20);
	shentsize = get(is64 ? 0x3a : 0x2e, 2);
	shnum = get(is64 ? 0x3c : 0x30, 2);
	if (!shoff || !shnum)
		die(EXIT_BADINPUT, "%s: no section headers", path);
	secs = ecalloc(shnum, sizeof(*secs));
	nsecs = shnum;
	for (k = 0; k < shnum; k++) {
		uint64_t sh = shoff + (uint64_t)k * shentsize;
		uint32_t type = get(sh + 4, 4);

		secs[k].addr = word(sh + (is64 ? 0x10 : 0x0c));
		secs[k].off = word(sh + (is64 ? 0x18 : 0x10));
		secs[k].size = word(sh + (is64 ? 0x20 : 0x14));
		secs[k].progbits = type == SHT_PROGBITS && secs[k].addr;
		if (type == SHT_SYMTAB) {
			uint32_t link = get(sh + (is64 ? 0x28 : 0x18), 4);
			uint64_t lsh = shoff + (uint64_t)link * shentsize;

			symoff = secs[k].off;
			symsize = secs[k].size;
			if (link >= shnum)
				die(EXIT_BADINPUT, "%s: bad symbol string table", path);
			strtab = word(lsh + (is64 ? 0x18 : 0x10));
		}
	}
	if (!symoff)
		die(EXIT_BADINPUT, "%s: no symbol table", path);

	/* a symbol: its name (4 bytes), later its value and size (a word each) */
	symentsize = is64 ? 24 : 16;
	for (i = 0; i + symentsize <= symsize; i += symentsize) {
		uint64_t s = symoff + i, noff = strtab + get(s, 4);
		uint64_t value = word(s + wsize);
		const char *sname;

		if (noff >= imgsize || !memchr(img + noff, '\0', imgsize - noff))
			continue;
		sname = (const char *)img + noff;
		if (!strcmp(sname, start_sym)) {
			start = value;
			have_start = 1;
		} else if (!strcmp(sname, stop_sym)) {
			stop = value;
			have_stop = 1;
		}
	}
	if (!have_start || !have_stop || stop < start)
		die(EXIT_BADINPUT, "%s: no %s section (%s, %s)", path, name, start_sym, stop_sym);

	/* the objects inside, by size */
	for (i = 0; i + symentsize <= symsize; i += symentsize) {
		uint64_t s = symoff + i;
		uint64_t value = word(s + wsize), size = word(s + 2 * wsize);
		unsigned int info = get(s + (is64 ? 4 : 12), 1);

		if (ELF32_ST_TYPE(info) != STT_OBJECT || value < start || value >= stop)
			continue;
		for (j = 0; j < nhist && hist[j].size != size; j++)
			;
		if (j == nhist) {
			hist = erealloc(hist, ++nhist * sizeof(*hist));
			hist[j].size = size;
			hist[j].n = 0;
		}
		hist[j].n++;
	}

	/* struct ftrace_branch_data: 2 pointers, an unsigned (padded to a
	 * word), 2 longs; ftrace_likely_data: one more long */
	rec = wsize * (annotated ? 6 : 5);
	bytes = stop - start;
	entries = bytes / rec;
	if (bytes % rec)
		bad = 1;
	for (j = 0; j < nhist; j++)
		if (hist[j].size != rec)
			bad = 1;

	off = addr_off(start, bytes);
	if (bytes && !off)
		die(EXIT_BADINPUT, "%s: %s is not in the file", path, name);
	for (i = 0; i < entries; i++) {
		if (!site(off + i * rec, &line, &file, &func))
			unresolved++;
		/* a tab or line break in a name would split the TSV line */
		if ((file && has_control(file)) || (func && has_control(func)))
			die(EXIT_BADINPUT, "%s: %s record %llu: a control character in its "
			    "file or function name", path, name, (unsigned long long)i);
	}
	printf("# section=%s bytes=%llu record=%llu entries=%llu objects=", name,
	       (unsigned long long)bytes, (unsigned long long)rec,
	       (unsigned long long)entries);
	for (j = 0; j < nhist; j++)
		printf("%s%llu:%lu", j ? "," : "", (unsigned long long)hist[j].size, hist[j].n);
	printf(" unresolved=%lu\n", unresolved);
	for (i = 0; !summary && i < entries; i++) {
		site(off + i * rec, &line, &file, &func);
		printf("%lu\t%s\t%s\n", line, file ? file : "?", func ? func : "?");
	}
	efclose(stdout, "stdout");
	if (bad) {
		fprintf(stderr, "kwarn-sites: %s: %s is not an array of %llu-byte records "
			"(%llu bytes", path, name, (unsigned long long)rec,
			(unsigned long long)bytes);
		for (j = 0; j < nhist; j++)
			if (hist[j].size != rec)
				fprintf(stderr, "; %lu objects of %llu bytes", hist[j].n,
					(unsigned long long)hist[j].size);
		fprintf(stderr, ")\n");
	}
	free(hist);
	return bad ? EXIT_BADINPUT : 0;
}
