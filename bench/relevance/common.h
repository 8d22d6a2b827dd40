/*
 * common.h: what the relevance runners share: reading the prepared TSV
 * files (run.sh writes them: fields tab-separated, with \t, \n and \\
 * escaped) and a monotonic clock. Each runner prints one line per query:
 * qid, the 1-based rank of the right answer in the top 10 (0 if absent)
 * and the query's latency in microseconds.
 */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Split line (no newline) into at most max fields in place, unescaping. */
static inline int split_tsv(char *line, char **fields, int max)
{
	int n = 0;
	char *r = line, *w = line;

	fields[n++] = w;
	for (; *r; r++) {
		if (*r == '\t' && n < max) {
			*w++ = '\0';
			fields[n++] = w;
		} else if (*r == '\\' && r[1]) {
			r++;
			*w++ = *r == 't' ? '\t' : *r == 'n' ? '\n' : *r;
		} else {
			*w++ = *r;
		}
	}
	*w = '\0';
	return n;
}

static inline char *chomp(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

#endif
