/*
 * api_shared_handle.c: folio.h's other thread-safety promise: one handle
 * may be used from several threads if the caller serialises its calls (a
 * mutex per handle). Threads take turns, under one mutex, on one writer
 * handle, adding and committing posts, searching and reading its stats;
 * each reads and frees its results after letting the mutex go, while
 * the others use the handle (results are independent of it). Every call
 * succeeds and every search sees exactly the posts committed before it,
 * whole. Threaded: part of the ThreadSanitizer set (tests/CMakeLists.txt).
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "seed.h"
#include "tempdir.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define THREADS 4
#define ROUNDS  30 /* of each thread: a commit every third, else a search */
#define BATCH   5
#define SEED    20

static char root[256];

typedef struct shared {
	pthread_mutex_t lock; /* the caller's mutex: one call at a time */
	folio_db *db;
	int committed; /* writer posts committed, under lock */
	int next;      /* the next writer post's number, under lock */
} shared;

typedef struct turn_arg {
	shared *sh;
	int commits, searches;
	char problem[256]; /* the first thing that went wrong, "" if none */
} turn_arg;

/* why: the handle's error, read under the lock, or "". */
static void problem(turn_arg *t, const char *what, long a, long b,
                    const char *why)
{
	if (!t->problem[0])
		snprintf(t->problem, sizeof t->problem, "%s (%ld, %ld) %s",
		         what, a, b, why);
}

/* Add BATCH posts and commit them; the caller holds the lock. */
static void add_batch(turn_arg *t)
{
	shared *sh = t->sh;
	char url[64], title[64];
	folio_post p;

	for (int i = 0; i < BATCH && !t->problem[0]; i++) {
		seed_writer_post(&p, url, title, sh->next++);
		if (folio_db_add_post(sh->db, &p) != FOLIO_OK)
			problem(t, "add_post failed", sh->next - 1, 0,
			        folio_db_error(sh->db));
	}
	if (!t->problem[0] && folio_db_commit(sh->db) != FOLIO_OK)
		problem(t, "commit failed", sh->next, 0,
		        folio_db_error(sh->db));
	if (!t->problem[0]) {
		sh->committed += BATCH;
		t->commits++;
	}
}

/* Search "gamma" and check the stats; the caller holds the lock. The
 * results, to be read after it is let go, or NULL. */
static folio_results *search(turn_arg *t)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_stats stats = FOLIO_STATS_INIT;
	folio_results *r = NULL;
	shared *sh = t->sh;

	so.limit = 10;
	if (folio_db_search(sh->db, "gamma", &so, &r) != FOLIO_OK) {
		problem(t, "search failed", sh->committed, 0,
		        folio_db_error(sh->db));
		return NULL;
	}
	if ((long)folio_results_total(r) != sh->committed)
		problem(t, "search saw posts, not those committed",
		        (long)folio_results_total(r), sh->committed, "");
	if (folio_db_stats(sh->db, &stats) != FOLIO_OK)
		problem(t, "stats failed", 0, 0, folio_db_error(sh->db));
	else if (stats.documents != (uint64_t)(SEED + sh->committed))
		problem(t, "stats counted documents, not those committed",
		        (long)stats.documents, SEED + sh->committed, "");
	t->searches++;
	return r;
}

static void *take_turns(void *arg)
{
	turn_arg *t = arg;
	shared *sh = t->sh;

	for (int i = 0; i < ROUNDS && !t->problem[0]; i++) {
		folio_results *r = NULL;
		long total;

		pthread_mutex_lock(&sh->lock);
		if (i % 3 == 0)
			add_batch(t);
		else
			r = search(t);
		pthread_mutex_unlock(&sh->lock);
		if (!r)
			continue;
		/* the handle is another thread's now: the results are not */
		total = (long)folio_results_total(r);
		if (total > 0 && folio_results_count(r) == 0)
			problem(t, "results of posts hold no hit", total, 0,
			        "");
		for (size_t k = 0; k < folio_results_count(r); k++)
			if (seed_hit_is_whole(folio_results_hit(r, k)) < 0)
				problem(t, "a hit is not a whole writer post",
				        (long)k, total, "");
		folio_results_free(r);
	}
	return NULL;
}

static void test_shared_handle__threads_take_turns_under_a_mutex(void)
{
	char path[300];
	shared sh;
	turn_arg t[THREADS];
	pthread_t th[THREADS];
	folio_results *r = NULL;

	snprintf(path, sizeof path, "%s/shared", root);
	assert_ok(seed_index_sharded(path, SEED, 1, "A delta of posts."));
	memset(&sh, 0, sizeof sh);
	memset(t, 0, sizeof t);
	assert_int(0, pthread_mutex_init(&sh.lock, NULL));
	assert_ok(seed_open(path, FOLIO_OPEN_WRITE, &sh.db));
	for (int i = 0; i < THREADS; i++) {
		t[i].sh = &sh;
		assert_int(0, pthread_create(&th[i], NULL, take_turns, &t[i]));
	}
	for (int i = 0; i < THREADS; i++)
		pthread_join(th[i], NULL);
	for (int i = 0; i < THREADS; i++) {
		assert_str("", t[i].problem);
		assert_int(ROUNDS / 3, t[i].commits);
		assert_int(ROUNDS - ROUNDS / 3, t[i].searches);
	}
	/* and a handle opened afresh finds every post committed */
	assert_ok(folio_db_close(sh.db));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &sh.db));
	assert_ok(folio_db_search(sh.db, "gamma", NULL, &r));
	assert_int(THREADS * (ROUNDS / 3) * BATCH, folio_results_total(r));
	folio_results_free(r);
	folio_db_close(sh.db);
	pthread_mutex_destroy(&sh.lock);
}

static const fo_test tests[] = {
	FO_TEST(test_shared_handle__threads_take_turns_under_a_mutex),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "api-shared-handle") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
