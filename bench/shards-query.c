/*
 * shards-query.c: query latency and throughput of one index layout, for
 * bench/shards.sh. Reads queries (one a line) from a file, opens one
 * handle per thread (folio.h: handles are per thread) on --db DIR and/or
 * --remote HOST:PORT shards, runs every query once to warm up, then each
 * thread runs the list ROUNDS times. Prints one line:
 *   queries N threads T  p50 ms  p95 ms  mean ms  qps
 * Built by bench/shards.sh against the shared library.
 */
#define _POSIX_C_SOURCE 200809L
#include "folio.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *db_path;
static const char *remotes[16];
static size_t n_remotes;
static char **queries;
static size_t n_queries;
static int rounds = 3;
static double *lat; /* per query run, ms */

typedef struct job {
	int id, threads;
	int failed;
} job;

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static folio_db *open_db(void)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL;
	char *err = NULL;

	oo.remotes = remotes;
	oo.n_remotes = n_remotes;
	if (folio_db_open(db_path, &oo, &db, &err) != FOLIO_OK) {
		fprintf(stderr, "open: %s\n", err);
		free(err);
	}
	return db;
}

static void *run(void *arg)
{
	job *j = arg;
	folio_db *db = open_db();
	folio_results *r = NULL;
	size_t i;
	int k;

	if (!db) {
		j->failed = 1;
		return NULL;
	}
	for (k = 0; k < rounds; k++)
		for (i = j->id; i < n_queries; i += (size_t)j->threads) {
			double t0 = now_ms();
			if (folio_db_search(db, queries[i], NULL, &r) != FOLIO_OK)
				j->failed = 1;
			folio_results_free(r);
			lat[k * n_queries + i] = now_ms() - t0;
		}
	folio_db_close(db);
	return NULL;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	pthread_t th[64];
	job jobs[64];
	int threads = 1, t, i;
	char line[2048];
	size_t n = 0, cap = 0, total;
	double t0, wall, sum = 0;
	FILE *f = NULL;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--db") && i + 1 < argc)
			db_path = argv[++i];
		else if (!strcmp(argv[i], "--remote") && i + 1 < argc &&
		         n_remotes < 16)
			remotes[n_remotes++] = argv[++i];
		else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
			threads = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
			rounds = atoi(argv[++i]);
		else
			f = fopen(argv[i], "r");
	}
	if (!f || threads < 1 || threads > 64) {
		fprintf(stderr, "usage: shards-query [--db DIR] [--remote H:P]... "
		                "[--threads N] [--rounds N] QUERIES\n");
		return 2;
	}
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!*line)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			queries = realloc(queries, cap * sizeof *queries);
		}
		queries[n++] = strdup(line);
	}
	fclose(f);
	n_queries = n;
	lat = calloc((size_t)rounds * n, sizeof *lat);
	/* Warm the page cache and connections: one pass, not timed. */
	{
		int saved = rounds;
		job w = { 0, 1, 0 };
		rounds = 1;
		run(&w);
		rounds = saved;
		if (w.failed)
			return 1;
	}
	t0 = now_ms();
	for (t = 0; t < threads; t++) {
		jobs[t].id = t;
		jobs[t].threads = threads;
		jobs[t].failed = 0;
		pthread_create(&th[t], NULL, run, &jobs[t]);
	}
	for (t = 0; t < threads; t++)
		pthread_join(th[t], NULL);
	wall = now_ms() - t0;
	total = (size_t)rounds * n;
	for (i = 0; i < (int)total; i++)
		sum += lat[i];
	qsort(lat, total, sizeof *lat, cmp);
	printf("queries %zu threads %d  p50 %.2f ms  p95 %.2f ms  mean %.2f ms  "
	       "%.0f qps\n", total, threads, lat[total / 2],
	       lat[total * 95 / 100], sum / total, total / (wall / 1e3));
	for (t = 0; t < threads; t++)
		if (jobs[t].failed)
			return 1;
	return 0;
}
