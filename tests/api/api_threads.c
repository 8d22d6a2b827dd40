/*
 * api_threads.c: the thread-safety contract of folio.h, under real
 * contention. Several threads, each with its own read handle on one index,
 * search it over and over while another thread indexes into it and commits
 * in batches: every search succeeds (FOLIO_ERROR_MODIFIED, which folio.h
 * says to retry, is retried; so are stats), sees whole commits only, never
 * fewer posts than were committed before it started, and reads intact hits,
 * every one of them when it asks for every hit.
 * The same holds on an index split into shards, where each commit is one
 * commit per shard: a reader never sees some shards' part of a commit
 * without the others'. Threads that open and close their own handles
 * concurrently do not disturb each other, and results made in one thread
 * can be read and freed in another.
 * The work is a fixed number of posts and searches, so the test is bounded
 * by its work, not by a clock.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "seed.h"
#include "tempdir.h"

#include <ftw.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define READERS 4
#define BATCHES 50
#define BATCH 10
#define SEED 30
/* Each reader stops after this many searches even if the writer hangs. */
#define MAX_SEARCHES 20000

static char root[256];

/* An index with SEED posts about "delta" (none about "gamma"). */
static folio_status build_seed(const char *path)
{
	char url[64], title[64];
	folio_db *db = NULL;
	folio_post p;
	folio_status st =
	    seed_open(path, FOLIO_OPEN_WRITE | FOLIO_OPEN_CREATE, &db);

	for (int i = 0; st == FOLIO_OK && i < SEED; i++) {
		snprintf(url, sizeof url, "https://example.com/seed/%d", i);
		snprintf(title, sizeof title, "Seed post %d", i);
		memset(&p, 0, sizeof p);
		p.url = url;
		p.title = title;
		p.summary = "A delta of posts there before any thread starts.";
		st = folio_db_add_post(db, &p);
	}
	if (st == FOLIO_OK)
		return folio_db_close(db);
	folio_db_close(db);
	return st;
}

typedef struct shared {
	const char *path;
	atomic_int committed; /* writer posts committed so far */
	atomic_int done;      /* the writer has finished */
} shared;

typedef struct writer_arg {
	shared *sh;
	folio_status st;
	char error[256];
} writer_arg;

static void *writer_main(void *arg)
{
	writer_arg *w = arg;
	char url[64], title[64];
	folio_db *db = NULL;
	folio_post p;
	int n = 0;

	w->st = seed_open(w->sh->path, FOLIO_OPEN_WRITE, &db);
	for (int b = 0; w->st == FOLIO_OK && b < BATCHES; b++) {
		for (int i = 0; w->st == FOLIO_OK && i < BATCH; i++) {
			seed_writer_post(&p, url, title, n + i);
			w->st = folio_db_add_post(db, &p);
		}
		if (w->st == FOLIO_OK)
			w->st = folio_db_commit(db);
		if (w->st == FOLIO_OK) {
			n += BATCH;
			atomic_store(&w->sh->committed, n);
		}
	}
	if (w->st != FOLIO_OK)
		snprintf(w->error, sizeof w->error, "%s", folio_db_error(db));
	if (folio_db_close(db) != FOLIO_OK && w->st == FOLIO_OK)
		w->st = FOLIO_ERROR_BACKEND;
	atomic_store(&w->sh->done, 1);
	return NULL;
}

typedef struct reader_arg {
	shared *sh;
	long searches, retries, last_total;
	char problem[256]; /* the first thing that went wrong, "" if none */
} reader_arg;

/* A problem found by a reader: kept for main() to report. */
static void reader_problem(reader_arg *r, const char *fmt, long a, long b)
{
	if (!r->problem[0])
		snprintf(r->problem, sizeof r->problem, fmt, a, b);
}

/* Check every hit of r is a whole writer post. */
static void check_hits(reader_arg *ra, const folio_results *r)
{
	for (size_t i = 0; i < folio_results_count(r); i++) {
		if (seed_hit_is_whole(folio_results_hit(r, i)) < 0) {
			reader_problem(
			    ra, "hit %ld of %ld is not a whole writer post",
			    (long)i, (long)folio_results_count(r));
			return;
		}
	}
}

/* One search of "gamma", retried while the index moves under it. */
static int search_once(reader_arg *ra, folio_db *db)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	long before = atomic_load(&ra->sh->committed), total;
	folio_status st;

	/* every hit: a page is bounded by the posts of the commit it read,
	 * not of one before it */
	so.limit = SIZE_MAX;
	while ((st = folio_db_search(db, "gamma", &so, &r)) == FOLIO_ERROR_MODIFIED)
		ra->retries++;
	if (st != FOLIO_OK) {
		reader_problem(ra, "search failed with status %ld (%ld)", (long)st, 0);
		fprintf(stderr, "  reader: %s\n", folio_db_error(db));
		return -1;
	}
	ra->searches++;
	total = (long)folio_results_total(r);
	if (total < before)
		reader_problem(ra, "saw %ld posts after %ld were committed", total,
		               before);
	else if (total % BATCH != 0)
		reader_problem(ra, "saw %ld posts: part of a commit (%ld)", total,
		               BATCH);
	else if (total < ra->last_total)
		reader_problem(ra, "went back from %ld to %ld posts",
		               ra->last_total, total);
	else if ((long)folio_results_count(r) != total)
		reader_problem(ra, "asked for every hit, got %ld of %ld",
		               (long)folio_results_count(r), total);
	check_hits(ra, r);
	ra->last_total = total;
	folio_results_free(r);
	/* An explanation is searches of its own: its parts are of the
	 * state the hit was scored in, and sum to its score (folio.h). */
	so.limit = 3;
	so.flags = FOLIO_SEARCH_EXPLAIN;
	while ((st = folio_db_search(db, "gamma", &so, &r)) ==
	       FOLIO_ERROR_MODIFIED)
		ra->retries++;
	for (size_t i = 0; st == FOLIO_OK && i < folio_results_count(r); i++) {
		size_t n = 0;
		const folio_explain_term *e = folio_results_explain(r, i, &n);
		double sum = 0, score = folio_results_hit(r, i)->score;

		for (size_t k = 0; k < n; k++)
			sum += e[k].weight;
		if (sum - score > 1e-9 * score || score - sum > 1e-9 * score)
			reader_problem(ra,
			               "an explanation summed to %ld "
			               "millionths of its score, not %ld",
			               (long)(sum / score * 1e6 + 0.5),
			               1000000);
	}
	folio_results_free(r);
	if (st != FOLIO_OK) {
		reader_problem(ra,
		               "explained search failed with status %ld (%ld)",
		               (long)st, 0);
		fprintf(stderr, "  reader: %s\n", folio_db_error(db));
	}
	/* Stats read the index as a search does, and are retried alike:
	 * never a damaged index for a moving one. */
	folio_stats stats = FOLIO_STATS_INIT;
	while ((st = folio_db_stats(db, &stats)) == FOLIO_ERROR_MODIFIED)
		ra->retries++;
	if (st != FOLIO_OK) {
		reader_problem(ra, "stats failed with status %ld (%ld)",
		               (long)st, 0);
		fprintf(stderr, "  reader: %s\n", folio_db_error(db));
	}
	return ra->problem[0] ? -1 : 0;
}

static void *reader_main(void *arg)
{
	reader_arg *ra = arg;
	folio_db *db = NULL;

	if (seed_open(ra->sh->path, FOLIO_OPEN_READ, &db) != FOLIO_OK) {
		reader_problem(ra, "cannot open the index (%ld %ld)", 0, 0);
		return NULL;
	}
	while (!atomic_load(&ra->sh->done) && ra->searches < MAX_SEARCHES)
		if (search_once(ra, db) != 0)
			break;
	/* After the writer: the last commit is visible to the old handle. */
	if (!ra->problem[0] && search_once(ra, db) == 0 &&
	    ra->last_total != BATCHES * BATCH)
		reader_problem(ra, "saw %ld posts at the end, not %ld",
		               ra->last_total, BATCHES * BATCH);
	folio_db_close(db);
	return NULL;
}

/* READERS readers search the index at path while a writer commits
 * BATCHES batches into it. */
static void readers_and_a_writer(const char *path)
{
	shared sh;
	writer_arg w;
	reader_arg r[READERS];
	pthread_t wt, rt[READERS];
	long searches = 0;

	memset(&w, 0, sizeof w);
	memset(r, 0, sizeof r);
	sh.path = path;
	atomic_init(&sh.committed, 0);
	atomic_init(&sh.done, 0);
	w.sh = &sh;
	for (int i = 0; i < READERS; i++) {
		r[i].sh = &sh;
		assert_int(0, pthread_create(&rt[i], NULL, reader_main, &r[i]));
	}
	assert_int(0, pthread_create(&wt, NULL, writer_main, &w));
	pthread_join(wt, NULL);
	for (int i = 0; i < READERS; i++)
		pthread_join(rt[i], NULL);

	if (w.st != FOLIO_OK)
		fprintf(stderr, "  writer: %s\n", w.error);
	assert_int(FOLIO_OK, w.st);
	for (int i = 0; i < READERS; i++) {
		assert_str("", r[i].problem);
		searches += r[i].searches;
	}
	/* Each reader searched at least once during the run and once after. */
	assert_true(searches >= 2 * READERS);
	printf("  %ld searches by %d readers during %d commits, %ld retried\n",
	       searches, READERS, BATCHES, r[0].retries + r[1].retries +
	                                       r[2].retries + r[3].retries);
}

static void test_threads__readers_search_while_a_writer_commits(void)
{
	char path[300];

	snprintf(path, sizeof path, "%s/busy", root);
	assert_ok(build_seed(path));
	readers_and_a_writer(path);
}

static void test_threads__readers_see_whole_commits_over_shards(void)
{
	char path[300];

	snprintf(path, sizeof path, "%s/sharded", root);
	assert_ok(seed_index_sharded(path, SEED, 2,
	                             "A delta of posts there before any "
	                             "thread starts."));
	readers_and_a_writer(path);
}

typedef struct opener_arg {
	const char *path;
	int rounds;
	long hits;
	folio_status st;
} opener_arg;

/* Open, search, close, again and again: handle life cycles in parallel. */
static void *opener_main(void *arg)
{
	opener_arg *o = arg;

	for (int i = 0; o->st == FOLIO_OK && i < o->rounds; i++) {
		folio_db *db = NULL;
		folio_results *res = NULL;

		o->st = seed_open(o->path, FOLIO_OPEN_READ, &db);
		if (o->st == FOLIO_OK)
			o->st = folio_db_search(db, "delta", NULL, &res);
		if (o->st == FOLIO_OK)
			o->hits += (long)folio_results_total(res);
		folio_results_free(res);
		folio_db_close(db);
	}
	return NULL;
}

static void test_threads__handles_open_and_close_in_parallel(void)
{
	char path[300];
	opener_arg o[READERS];
	pthread_t t[READERS];

	snprintf(path, sizeof path, "%s/quiet", root);
	assert_ok(build_seed(path));
	for (int i = 0; i < READERS; i++) {
		o[i].path = path;
		o[i].rounds = 25;
		o[i].hits = 0;
		o[i].st = FOLIO_OK;
		assert_int(0, pthread_create(&t[i], NULL, opener_main, &o[i]));
	}
	for (int i = 0; i < READERS; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < READERS; i++) {
		assert_int(FOLIO_OK, o[i].st);
		assert_int(25 * SEED, o[i].hits);
	}
}

typedef struct handoff_arg {
	folio_results *results;
	char first_title[64];
	size_t count;
} handoff_arg;

/* Read results made by another thread, then free them. */
static void *handoff_main(void *arg)
{
	handoff_arg *h = arg;
	const folio_hit *hit = folio_results_hit(h->results, 0);

	h->count = folio_results_count(h->results);
	snprintf(h->first_title, sizeof h->first_title, "%s",
	         hit ? hit->title : "(none)");
	folio_results_free(h->results);
	return NULL;
}

static void test_threads__results_move_to_another_thread(void)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	char path[300];
	folio_db *db = NULL;
	handoff_arg h;
	pthread_t t;

	snprintf(path, sizeof path, "%s/handoff", root);
	assert_ok(build_seed(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	memset(&h, 0, sizeof h);
	so.limit = 3;
	so.match = FOLIO_MATCH_ALL; /* three words: all must match */
	if (folio_db_search(db, "Seed post 7", &so, &h.results) != FOLIO_OK)
		fprintf(stderr, "  search: %s\n", folio_db_error(db));
	folio_db_close(db);
	assert_true(h.results != NULL);
	assert_int(0, pthread_create(&t, NULL, handoff_main, &h));
	pthread_join(t, NULL);
	assert_int(1, h.count);
	assert_str("Seed post 7", h.first_title);
}

static const fo_test tests[] = {
	FO_TEST(test_threads__readers_search_while_a_writer_commits),
	FO_TEST(test_threads__readers_see_whole_commits_over_shards),
	FO_TEST(test_threads__handles_open_and_close_in_parallel),
	FO_TEST(test_threads__results_move_to_another_thread),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "api-threads") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
