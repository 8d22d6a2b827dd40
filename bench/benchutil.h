/*
 * benchutil.h: what every engine's bench program shares (C and C++): the
 * monotonic clock, reading queries.tsv and the posts TSV, and the one
 * output format the driver (bench/run, bench/report.py) reads:
 *
 *   q <TAB> class <TAB> microseconds <TAB> hits-in-page   one line per query run
 *   stat <TAB> name <TAB> value                           anything else
 *
 * Every program runs each query once untimed (warm caches, as a server
 * would have them), then `reps` timed passes over the whole list.
 */
#ifndef FOLIO_BENCHUTIL_H
#define FOLIO_BENCHUTIL_H

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline double bu_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* This thread's CPU time: on a shared machine the wall time also counts
 * the time other processes had the core, the CPU time does not. */
static inline double bu_cpu_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* The median of x[0..n) (sorted in place); 0 for n == 0. */
static inline double bu_median(double *x, int n)
{
	int i, j;
	double t;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && x[j - 1] > x[j]; j--) {
			t = x[j];
			x[j] = x[j - 1];
			x[j - 1] = t;
		}
	if (n == 0)
		return 0;
	return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

/* Split line (modified in place) on tabs into at most max fields. */
static inline int bu_split(char *line, char **f, int max)
{
	int n = 0;
	char *p = line, *nl = strchr(line, '\n');

	if (nl)
		*nl = '\0';
	while (n < max) {
		f[n++] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p++ = '\0';
	}
	return n;
}

/* Columns of queries.tsv. */
enum { BU_Q_CLASS, BU_Q_SORT, BU_Q_FOLIO, BU_Q_FTS5, BU_Q_XAPIAN,
       BU_Q_LUCENE, BU_Q_NCOLS };

typedef struct bu_query {
	char *cls;
	int newest; /* sort by date, newest first */
	char *text; /* this engine's column */
} bu_query;

/* Is cls in the comma-separated list (NULL or "all": every class)? */
static inline int bu_class_on(const char *list, const char *cls)
{
	size_t n = strlen(cls);
	const char *p = list;

	if (!list || strcmp(list, "all") == 0)
		return 1;
	while ((p = strstr(p, cls)) != NULL) {
		if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
			return 1;
		p += n;
	}
	return 0;
}

/* Load the queries of the enabled classes, this engine's column. */
static inline bu_query *bu_load_queries(const char *path, int column,
                                        const char *classes, size_t *n)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *fld[BU_Q_NCOLS];
	size_t cap = 0, have = 0, size = 0;
	bu_query *q = NULL;

	*n = 0;
	if (!f) {
		perror(path);
		exit(2);
	}
	while (getline(&line, &cap, f) > 0) {
		if (bu_split(line, fld, BU_Q_NCOLS) != BU_Q_NCOLS)
			continue;
		if (!bu_class_on(classes, fld[BU_Q_CLASS]))
			continue;
		if (have == size) {
			size = size ? size * 2 : 256;
			q = (bu_query *)realloc(q, size * sizeof *q);
			if (!q)
				exit(2);
		}
		q[have].cls = strdup(fld[BU_Q_CLASS]);
		q[have].newest = strcmp(fld[BU_Q_SORT], "newest") == 0;
		q[have].text = strdup(fld[column]);
		have++;
	}
	free(line);
	fclose(f);
	*n = have;
	return q;
}

/* Columns of the posts TSV written by prepare.py. */
enum { BU_P_URL, BU_P_TITLE, BU_P_COMPANY, BU_P_AUTHOR, BU_P_TYPE,
       BU_P_TOPICS, BU_P_PUBLISHED, BU_P_SUMMARY, BU_P_NCOLS };

/* The title and summary of every post of a posts TSV, in memory, so
 * that the analyzer benchmarks time analysis alone, pass after pass. */
typedef struct bu_texts {
	char *buf;           /* the whole file, split in place */
	const char **text;   /* title, summary, title, summary, ... */
	size_t *len;
	size_t n, bytes;     /* texts; their bytes */
	size_t posts;
} bu_texts;

static inline int bu_load_texts(const char *path, bu_texts *t)
{
	FILE *f = fopen(path, "rb");
	char *fld[BU_P_NCOLS], *p, *end, *nl;
	size_t size = 0, cap = 0, got, lines = 0;

	memset(t, 0, sizeof(*t));
	if (!f) {
		perror(path);
		return -1;
	}
	for (;;) {
		if (size + 1 >= cap) {
			cap = cap ? cap * 2 : 1 << 20;
			p = (char *)realloc(t->buf, cap);
			if (!p)
				return -1;
			t->buf = p;
		}
		got = fread(t->buf + size, 1, cap - 1 - size, f);
		if (got == 0)
			break;
		size += got;
	}
	fclose(f);
	t->buf[size] = '\0';
	for (p = t->buf; p < t->buf + size; p++)
		lines += *p == '\n';
	t->text = (const char **)malloc((2 * lines + 2) * sizeof(*t->text));
	t->len = (size_t *)malloc((2 * lines + 2) * sizeof(*t->len));
	if (!t->text || !t->len)
		return -1;
	for (p = t->buf, end = t->buf + size; p < end; p = nl + 1) {
		nl = (char *)memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		*nl = '\0';
		if (bu_split(p, fld, BU_P_NCOLS) != BU_P_NCOLS)
			continue;
		t->text[t->n] = fld[BU_P_TITLE];
		t->len[t->n] = strlen(fld[BU_P_TITLE]);
		t->bytes += t->len[t->n++];
		t->text[t->n] = fld[BU_P_SUMMARY];
		t->len[t->n] = strlen(fld[BU_P_SUMMARY]);
		t->bytes += t->len[t->n++];
		t->posts++;
	}
	return 0;
}

static inline void bu_free_texts(bu_texts *t)
{
	free(t->buf);
	free((void *)t->text);
	free(t->len);
}

static inline void bu_report(const char *cls, double us, size_t hits)
{
	printf("q\t%s\t%.1f\t%zu\n", cls, us, hits);
}

#endif
