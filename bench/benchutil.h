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

static inline void bu_report(const char *cls, double us, size_t hits)
{
	printf("q\t%s\t%.1f\t%zu\n", cls, us, hits);
}

#endif
