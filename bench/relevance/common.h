/*
 * common.h: what the relevance runners share: reading the prepared TSV
 * files (run.sh writes them: fields tab-separated, with \t, \n and \\
 * escaped); the clock is benchutil.h's. Each runner prints one line per
 * query: qid, the 1-based rank of the right answer in the top 10 (0 if
 * absent) and the query's latency in microseconds.
 */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include "../benchutil.h" /* bu_now_us, the clock of every bench program */

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
