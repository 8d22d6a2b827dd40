/*
 * analyzer.c (bench): the analyzer's throughput in MB/s: segmentation,
 * normalisation and stemming of a text file, one document per line (the
 * summaries of the benchmark corpus, extracted by bench/analyzer.sh), on
 * one core, by wall time and by CPU time. Not a test: built on demand
 * (cmake --build build --target bench_analyzer) and run by
 * bench/analyzer.sh.
 *
 * Usage: bench_analyzer FILE [LANGUAGE [SECONDS | ROUNDSr]]
 *
 * "2r" runs exactly two rounds, for instruction counts under valgrind
 * (callgrind of 1r against 2r: the second round is the steady state).
 */
#define _POSIX_C_SOURCE 200809L

#include "analyzer/analyzer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int count_token(const fo_token *t, void *ctx)
{
	size_t *n = ctx;

	*n += t->len + (t->stem ? t->stem_len : 0);
	return 0;
}

static double clock_s(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double now(void)
{
	return clock_s(CLOCK_MONOTONIC);
}

/* This thread's CPU time: on a shared machine the wall time of a round
 * also counts the time other processes had the core, the CPU time does
 * not (cache sharing still shows in both). */
static double cpu_now(void)
{
	return clock_s(CLOCK_THREAD_CPUTIME_ID);
}

int main(int argc, char **argv)
{
	const char *lang = argc > 2 ? argv[2] : "english";
	const char *limit = argc > 3 ? argv[3] : "3";
	double secs = atof(limit), t0, t, c, best = 0;
	int max_rounds = limit[0] && limit[strlen(limit) - 1] == 'r' ?
	                         atoi(limit) : 0;
	double best_cpu = 0;
	size_t size = 0, cap = 0, sink = 0, bytes, n;
	char *text = NULL, *p, *end, *nl;
	fo_analyzer *an = NULL;
	FILE *f;
	int rounds = 0, rc = 1;

	if (argc < 2) {
		fprintf(stderr, "usage: bench_analyzer FILE [LANGUAGE "
		                "[SECONDS | ROUNDSr]]\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	for (;;) {
		if (size == cap) {
			cap = cap ? cap * 2 : 1 << 20;
			p = realloc(text, cap);
			if (!p)
				goto out;
			text = p;
		}
		n = fread(text + size, 1, cap - size, f);
		if (n == 0)
			break;
		size += n;
	}
	fclose(f);
	if (fo_analyzer_new(lang, &an) != FOLIO_OK) {
		fprintf(stderr, "bench_analyzer: unknown language %s\n", lang);
		goto out;
	}
	/* rounds of the whole file until the time is up; the best round
	 * counts (the first one also fills the stem cache) */
	t0 = now();
	do {
		double r0 = now(), c0 = cpu_now();

		bytes = 0;
		for (p = text, end = text + size; p < end; p = nl + 1) {
			nl = memchr(p, '\n', (size_t)(end - p));
			if (!nl)
				nl = end;
			if (fo_analyze(an, p, (size_t)(nl - p), count_token,
			               &sink) != FOLIO_OK)
				goto out;
			bytes += (size_t)(nl - p);
		}
		t = now() - r0;
		c = cpu_now() - c0;
		if (t > 0 && bytes / t > best)
			best = bytes / t;
		if (c > 0 && bytes / c > best_cpu)
			best_cpu = bytes / c;
		rounds++;
	} while (max_rounds ? rounds < max_rounds : now() - t0 < secs);
	printf("%s: %.1f MB in %d rounds, best %.1f MB/s, CPU time %.1f MB/s "
	       "(language %s)\n", argv[1], bytes / 1e6, rounds, best / 1e6,
	       best_cpu / 1e6, lang);
	rc = sink == 0;
out:
	fo_analyzer_free(an);
	free(text);
	return rc;
}
