// SPDX-License-Identifier: GPL-2.0
/*
 * kwarn-svg - a horizontal bar chart, or a curve, as one self-contained
 * SVG element.
 *
 * Usage: kwarn-svg [-c] [-l] [-i ID] [-t TITLE] [-x LABEL] [-y LABEL] [FILE]
 *   -c  a curve: the categories left to right, evenly spaced, the values
 *       upwards, one line per series (a campaign's discovery curve: the
 *       distinct keys after each seed); -x labels the categories' axis
 *   -l  logarithmic value axis (decades from 1; a bar of 1 is drawn 2 px
 *       long so that it shows)
 *   -i  the svg element's id (default "chart")
 *   -t  the chart's title, above it
 *   -x  the value axis's label, below it
 *   -y  the category axis's label, left of it
 *
 * Reads a tab-separated table (FILE or standard input):
 *
 *   <ignored>  SERIES  SERIES ...     line 1: the series' names
 *   LABEL      N       N      ...     one line per category, top to bottom
 *
 * N is a non-negative integer, or empty or "-" for no value; every line has
 * the same number of fields. The table, TITLE and the LABELs are escaped
 * into the SVG, so they must be what XML can hold: valid UTF-8 without
 * control characters (but tab and line ends), U+FFFE or U+FFFF; ID is also
 * one word, as HTML wants of the id of the chart it inlines. Else bad
 * input (the table) or a usage error (an option), naming the byte.
 *
 * Writes an <svg class="chart"> with one <rect class="bar"> per non-zero
 * value (data-series, data-value, and a <title> tooltip), the value at the
 * bar's end, labelled axes with ticks and grid lines, and a legend when
 * there is more than one series. With -c, one <polyline class="curve"> per
 * series (data-series, data-values: its values in order; a category
 * without a value is skipped), its last value at its end, and about ten of
 * the categories' labels along the bottom. Text is sized for 12 px fonts;
 * category labels are monospace, cut to 48 characters from the left (paths
 * say most at their end). Same input, same bytes: no libm, no clock, no
 * locale.
 *
 * Exit status: 0; 1 bad input (file and line named); 2 usage; 3 I/O error.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

#define WIDTH 820
#define BAR 14          /* one bar's height */
#define GAP 10          /* between categories */
#define CHAR_MONO 7.3   /* 12 px DejaVu Sans Mono advance, rounded up */
#define CHAR_SANS 7.0   /* 12 px sans, digits and commas, rounded up */
#define MAXLABEL 48
#define CURVE_HEIGHT 280	/* the curve's plot area */
#define CURVE_TICKS 10		/* at most this many category labels, and 1 */

static const char *const palette[] = {
	"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1",
	"#edc948", "#9c755f",
};
#define NCOLORS (sizeof(palette) / sizeof(palette[0]))

struct row {
	char *label;
	unsigned long long *v;
	int *has;
};

static char **series;
static size_t nseries;
static struct row *rows;
static size_t nrows;
static int logscale, curve;
static const char *name = "<stdin>";

/*
 * Why @s cannot go into XML, even escaped (NULL: it can), and the byte
 * (from 1) at @at: XML 1.0 holds valid UTF-8 only, and no control
 * character but tab and line ends, nor U+FFFE or U+FFFF.
 */
static const char *not_xml(const char *s, size_t *at)
{
	for (const char *p = s; *p; ) {
		unsigned char c = (unsigned char)*p;
		int n = utf8_len(p);

		*at = (size_t)(p - s) + 1;
		if (!n)
			return "invalid UTF-8";
		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') ||
		    (c == 0xef && (unsigned char)p[1] == 0xbf && (unsigned char)p[2] >= 0xbe))
			return "a character XML does not allow";
		p += n;
	}
	return NULL;
}

/* An option's text goes into the SVG escaped: refuse what XML cannot hold. */
static void check_option(int opt, const char *s)
{
	size_t at;
	const char *why = not_xml(s, &at);

	if (why)
		die(EXIT_USAGE, "-%c '%s': byte %zu: %s", opt, printable(s), at, why);
}

/* Split @s at tabs in place; returns the number of fields. */
static size_t split(char *s, char ***out)
{
	size_t n = 1, i = 0;
	char *p;

	for (p = s; *p; p++)
		n += *p == '\t';
	*out = emalloc(n * sizeof(**out));
	(*out)[i++] = s;
	for (p = s; *p; p++)
		if (*p == '\t') {
			*p = '\0';
			(*out)[i++] = p + 1;
		}
	return n;
}

static void read_table(int fd)
{
	struct lines l;
	struct row *r;
	char *line, **f;
	const char *why;
	size_t len, n, i, at;
	unsigned long lineno;

	lines_init(&l, fd, name);
	l.open_end = 1;
	while ((line = lines_next(&l, &len))) {
		lineno = l.lineno;
		while (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		if ((why = not_xml(line, &at)))
			die(EXIT_BADINPUT, "%s:%lu: byte %zu: %s", name, lineno, at, why);
		n = split(line, &f);
		if (lineno == 1) {
			if (n < 2)
				die(EXIT_BADINPUT, "%s:1: no series named", name);
			nseries = n - 1;
			series = emalloc(nseries * sizeof(*series));
			for (i = 0; i < nseries; i++)
				series[i] = estrdup(f[i + 1]);
			free(f);
			continue;
		}
		if (n != nseries + 1)
			die(EXIT_BADINPUT, "%s:%lu: %zu fields, line 1 has %zu", name,
			    lineno, n, nseries + 1);
		rows = erealloc(rows, (nrows + 1) * sizeof(*rows));
		r = &rows[nrows++];
		r->label = estrdup(f[0]);
		r->v = ecalloc(nseries, sizeof(*r->v));
		r->has = ecalloc(nseries, sizeof(*r->has));
		for (i = 0; i < nseries; i++) {
			const char *s = f[i + 1];

			if (!*s || !strcmp(s, "-"))
				continue;
			if (strspn(s, "0123456789") != strlen(s) || strlen(s) > 18)
				die(EXIT_BADINPUT, "%s:%lu: '%s' is not a count", name, lineno, s);
			r->v[i] = strtoull(s, NULL, 10);
			r->has[i] = 1;
		}
		free(f);
	}
	if (!l.lineno)
		die(EXIT_BADINPUT, "%s: empty (line 1 names the series)", name);
	lines_free(&l);
}

/* log10(x) for x >= 1 without libm: decades, then ln(m) = 2 atanh(z). */
static double log10_(double x)
{
	double k = 0, z, z2, term, sum = 0;
	int i;

	while (x >= 10) {
		x /= 10;
		k++;
	}
	z = (x - 1) / (x + 1);
	z2 = z * z;
	term = z;
	for (i = 1; i < 200; i += 2) {
		sum += term / i;
		term *= z2;
	}
	return k + 2 * sum / 2.302585092994045684;
}

/* 1234567 -> "1,234,567" */
static void commas(unsigned long long v, char *buf)
{
	char tmp[32];
	int n = snprintf(tmp, sizeof(tmp), "%llu", v), i, j = 0;

	for (i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			buf[j++] = ',';
		buf[j++] = tmp[i];
	}
	buf[j] = '\0';
}

/* @s escaped, then @then as is */
static void xml(const char *s, const char *then)
{
	for (; *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", stdout); break;
		case '>': fputs("&gt;", stdout); break;
		case '&': fputs("&amp;", stdout); break;
		case '"': fputs("&quot;", stdout); break;
		default: putchar(*s);
		}
	fputs(then, stdout);
}

/* UTF-8 characters in @s */
static size_t chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* the label as shown: at most MAXLABEL characters, cut from the left */
static const char *shown(const char *s, int *cut)
{
	size_t n = chars(s);

	*cut = 0;
	if (n <= MAXLABEL)
		return s;
	*cut = 1;
	for (n -= MAXLABEL - 1; n; s++)
		n -= ((unsigned char)s[1] & 0xc0) != 0x80;
	return s;
}

static const char *id = "chart", *title = "", *xlabel = "", *ylabel = "";

/* the value axis's end: the next decade, or a round linear @step */
static unsigned long long axis_top(unsigned long long max, unsigned long long *step)
{
	/* 1, 2, 5, 10, 20, 50, ...: at most 5 steps */
	static const unsigned mant[] = { 1, 2, 5 };
	unsigned long long top, base = 1;
	int k = 0;

	*step = 1;
	if (logscale) {
		for (top = 10; top < max; top *= 10)
			;
		return top;
	}
	for (*step = 1; *step * 5 < max; *step = base * mant[k])
		if (++k == 3) {
			k = 0;
			base *= 10;
		}
	top = (max + *step - 1) / *step * *step;
	return top ? top : *step;
}

/* how far along an axis of @len pixels, ending at @top, the value @v is */
static double along(unsigned long long v, unsigned long long top, double len)
{
	if (logscale)
		return v ? len * log10_((double)v) / log10_((double)top) : 0;
	return len * (double)v / (double)top;
}

/* the value axis's ticks, in order: 0 (linear) or 1 (log) first */
static int next_tick(unsigned long long *t, unsigned long long top, unsigned long long step, int first)
{
	if (first)
		*t = logscale ? 1 : 0;
	else
		*t = logscale ? *t * 10 : *t + step;
	return *t <= top;
}

/* the <svg> element's start, its title and the legend (of several series) */
static void svg_start(double width, int height, int top_margin, double left,
		      const char *counted, size_t count)
{
	printf("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"");
	xml(id, "");
	printf("\" width=\"%.0f\" height=\"%d\" viewBox=\"0 0 %.0f %d\" role=\"img\" "
	       "data-%s=\"%zu\" data-scale=\"%s\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\">\n",
	       width, height, width, height, counted, count, logscale ? "log" : "linear");
	printf("<title>");
	xml(title, "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
	if (*title) {
		printf("<text class=\"title\" x=\"%.1f\" y=\"20\" font-size=\"14\" font-weight=\"bold\">", left);
		xml(title, "</text>\n");
	}
	if (nseries > 1) {
		double lx = left;

		for (size_t j = 0; j < nseries; j++) {
			printf("<rect class=\"key\" x=\"%.1f\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
			       "<text x=\"%.1f\" y=\"%d\">", lx, top_margin - 20, palette[j % NCOLORS],
			       lx + 16, top_margin - 10);
			xml(series[j], "</text>\n");
			lx += 16 + chars(series[j]) * CHAR_SANS + 18;
		}
	}
}

/* the axes, down from (@left, @top) to @bottom and across @plot, and their
   labels: -x centred below, -y rotated left of the middle */
static void axes(double left, double plot, int top, double bottom)
{
	printf("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
	       left, top, left, bottom);
	printf("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
	       left, bottom, left + plot, bottom);
	if (*xlabel) {
		printf("<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
		       left + plot / 2, bottom + 38);
		xml(xlabel, "</text>\n");
	}
	if (*ylabel) {
		double cy = (top + bottom) / 2;

		printf("<text class=\"ylabel\" x=\"14\" y=\"%.1f\" text-anchor=\"middle\" "
		       "transform=\"rotate(-90 14 %.1f)\">", cy, cy);
		xml(ylabel, "</text>\n");
	}
}

static int top_margin(void)
{
	return (*title ? 30 : 8) + (nseries > 1 ? 22 : 0);
}

/* categories top to bottom, a bar per series and value, the values along x */
static void bars(void)
{
	unsigned long long max = 0, top, step, t;
	double left, right, plot, y, ticky, w, maxlab = 0, maxval = 0;
	size_t i, j, nbars = 0;
	char num[32];
	int cut, height, tm = top_margin();

	for (i = 0; i < nrows; i++) {
		double l = chars(shown(rows[i].label, &cut)) * CHAR_MONO;

		maxlab = l > maxlab ? l : maxlab;
		for (j = 0; j < nseries; j++) {
			if (!rows[i].has[j])
				continue;
			if (rows[i].v[j] > max)
				max = rows[i].v[j];
			commas(rows[i].v[j], num);
			if (strlen(num) * CHAR_SANS > maxval)
				maxval = strlen(num) * CHAR_SANS;
			nbars += rows[i].v[j] > 0;
		}
	}
	top = axis_top(max, &step);
	left = (*ylabel ? 26 : 8) + maxlab + 8;
	right = maxval + 14;
	commas(top, num);	/* the last tick's label, centred on the axis's end */
	if (right < strlen(num) * CHAR_SANS / 2 + 6)
		right = strlen(num) * CHAR_SANS / 2 + 6;
	plot = WIDTH - left - right;
	if (plot < 240)
		plot = 240;
	height = tm + (int)nrows * ((int)nseries * BAR + GAP) + GAP + 22 + (*xlabel ? 22 : 0);
	svg_start(left + plot + right, height, tm, left, "bars", nbars);

	ticky = tm + nrows * (nseries * BAR + GAP) + GAP;
	/* grid lines and tick labels */
	printf("<g class=\"axis\" stroke=\"#d0d0d0\">\n");
	for (int first = 1; next_tick(&t, top, step, first); first = 0)
		printf("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
		       left + along(t, top, plot), tm, left + along(t, top, plot), ticky + 4);
	printf("</g>\n<g class=\"ticks\" text-anchor=\"middle\" fill=\"#333333\">\n");
	for (int first = 1; next_tick(&t, top, step, first); first = 0) {
		commas(t, num);
		printf("<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", left + along(t, top, plot), ticky + 17, num);
	}
	printf("</g>\n");
	axes(left, plot, tm, ticky);

	/* categories: label, then one bar per series with its value */
	y = tm + GAP;
	for (i = 0; i < nrows; i++) {
		const char *l = shown(rows[i].label, &cut);

		printf("<g class=\"category\">\n<text class=\"label\" x=\"%.1f\" y=\"%.1f\" "
		       "text-anchor=\"end\" font-family=\"DejaVu Sans Mono, monospace\">%s",
		       left - 6, y + nseries * BAR / 2.0 + 4, cut ? "\xe2\x80\xa6" : "");
		xml(l, cut ? "<title>" : "</text>\n");	/* the whole label as its tooltip */
		if (cut)
			xml(rows[i].label, "</title></text>\n");
		for (j = 0; j < nseries; j++) {
			unsigned long long v = rows[i].v[j];

			if (!rows[i].has[j] || !v)
				continue;
			w = along(v, top, plot);
			if (w < 2)
				w = 2;
			commas(v, num);
			printf("<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" "
			       "fill=\"%s\" data-series=\"", left, y + j * BAR + 1, w, BAR - 2,
			       palette[j % NCOLORS]);
			xml(series[j], "");
			printf("\" data-value=\"%llu\"><title>", v);
			xml(rows[i].label, nseries > 1 ? ", " : "");
			if (nseries > 1)
				xml(series[j], "");
			printf(": %s</title></rect>\n", num);
			printf("<text class=\"value\" x=\"%.1f\" y=\"%.1f\" font-size=\"11\">%s</text>\n",
			       left + w + 4, y + j * BAR + BAR - 3, num);
		}
		printf("</g>\n");
		y += nseries * BAR + GAP;
	}
	if (!nrows)
		printf("<text x=\"%.1f\" y=\"%d\">no data</text>\n", left + 8, tm + 16);
}

/* categories left to right, a line per series, the values upwards */
static void curves(void)
{
	unsigned long long max = 0, top, step, t;
	double left, right, plot, base, lastw = 0;
	size_t i, j, npoints = 0, every;
	char num[32];
	int cut, height, tm = top_margin(), y0 = tm + 8;

	for (i = 0; i < nrows; i++)
		for (j = 0; j < nseries; j++)
			if (rows[i].has[j]) {
				max = rows[i].v[j] > max ? rows[i].v[j] : max;
				npoints++;
			}
	top = axis_top(max, &step);
	commas(top, num);
	left = (*ylabel ? 26 : 8) + strlen(num) * CHAR_SANS + 10;
	for (j = 0; j < nseries; j++)	/* the last values, printed at the lines' ends */
		for (i = nrows; i-- > 0; )
			if (rows[i].has[j]) {
				commas(rows[i].v[j], num);
				lastw = strlen(num) * CHAR_SANS > lastw ? strlen(num) * CHAR_SANS : lastw;
				break;
			}
	right = lastw + 14;
	if (right < MAXLABEL / 4 * CHAR_MONO)	/* the last category's label, centred */
		right = MAXLABEL / 4 * CHAR_MONO;
	plot = WIDTH - left - right;
	base = y0 + CURVE_HEIGHT;
	height = (int)base + 22 + (*xlabel ? 22 : 0);
	svg_start(left + plot + right, height, tm, left, "points", npoints);

#define CX(i) (left + (nrows > 1 ? plot * (double)(i) / (double)(nrows - 1) : plot / 2))
	/* the values' grid lines and labels, then the categories' labels */
	printf("<g class=\"axis\" stroke=\"#d0d0d0\">\n");
	for (int first = 1; next_tick(&t, top, step, first); first = 0)
		printf("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
		       left - 4, base - along(t, top, CURVE_HEIGHT), left + plot, base - along(t, top, CURVE_HEIGHT));
	printf("</g>\n<g class=\"ticks\" text-anchor=\"end\" fill=\"#333333\">\n");
	for (int first = 1; next_tick(&t, top, step, first); first = 0) {
		commas(t, num);
		printf("<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", left - 6, base - along(t, top, CURVE_HEIGHT) + 4, num);
	}
	printf("</g>\n<g class=\"categories\" text-anchor=\"middle\" fill=\"#333333\" "
	       "font-family=\"DejaVu Sans Mono, monospace\">\n");
	every = nrows > CURVE_TICKS ? (nrows - 1 + CURVE_TICKS - 1) / CURVE_TICKS : 1;
	for (i = 0; i < nrows; i += every) {
		if (i + every >= nrows)	/* the last category is always labelled */
			i = nrows - 1;
		printf("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>"
		       "<text class=\"label\" x=\"%.1f\" y=\"%.1f\">", CX(i), base, CX(i), base + 4,
		       CX(i), base + 17);
		xml(shown(rows[i].label, &cut), "</text>\n");
	}
	printf("</g>\n");
	axes(left, plot, y0, base);

	for (j = 0; j < nseries; j++) {
		double lx = 0, ly = 0;
		unsigned long long last = 0;
		int any = 0;

		printf("<polyline class=\"curve\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" data-series=\"",
		       palette[j % NCOLORS]);
		xml(series[j], "\" data-values=\"");
		for (i = 0; i < nrows; i++)
			if (rows[i].has[j])
				printf("%s%llu", any++ ? " " : "", rows[i].v[j]);
		printf("\" points=\"");
		any = 0;
		for (i = 0; i < nrows; i++)
			if (rows[i].has[j]) {
				lx = CX(i);
				ly = base - along(rows[i].v[j], top, CURVE_HEIGHT);
				printf("%s%.1f,%.1f", any++ ? " " : "", lx, ly);
				last = rows[i].v[j];
			}
		printf("\"><title>");
		xml(series[j], "</title></polyline>\n");
		commas(last, num);
		if (any)
			printf("<text class=\"value\" x=\"%.1f\" y=\"%.1f\" font-size=\"11\">%s</text>\n",
			       lx + 4, ly + 4, num);
	}
#undef CX
	if (!npoints)
		printf("<text x=\"%.1f\" y=\"%d\">no data</text>\n", left + 8, y0 + 16);
}

_Noreturn static void usage(void)
{
	fprintf(stderr, "usage: kwarn-svg [-c] [-l] [-i ID] [-t TITLE] [-x LABEL] [-y LABEL] [FILE]\n");
	exit(EXIT_USAGE);
}

int main(int argc, char **argv)
{
	int c;
	int fd = STDIN_FILENO;

	argv0 = "kwarn-svg";
	while ((c = getopt(argc, argv, "cli:t:x:y:")) != -1)
		switch (c) {
		case 'c': curve = 1; break;
		case 'l': logscale = 1; break;
		case 'i': id = optarg; break;
		case 't': title = optarg; break;
		case 'x': xlabel = optarg; break;
		case 'y': ylabel = optarg; break;
		default:
			usage();
		}
	check_option('i', id);
	check_option('t', title);
	check_option('x', xlabel);
	check_option('y', ylabel);
	/* the report inlines the chart in HTML, where an id is one word */
	if (!*id || strpbrk(id, " \t\n\f\r"))
		die(EXIT_USAGE, "-i '%s': an id is not empty and has no white space",
		    printable(id));
	if (argc - optind > 1)
		usage();
	if (optind < argc) {
		name = argv[optind];
		fd = open(name, O_RDONLY);
		if (fd < 0)
			die(EXIT_IO, "%s: cannot open", name);
	}
	read_table(fd);
	if (fd != STDIN_FILENO)
		close(fd);
	if (curve)
		curves();
	else
		bars();
	printf("</svg>\n");
	efclose(stdout, "<stdout>");
	return 0;
}
