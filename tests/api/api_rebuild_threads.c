/*
 * api_rebuild_threads.c: readers, each on its own handle in its own
 * thread, search while a third thread rebuilds the index over and over
 * with the library's worker threads (folio_db_index_paths, threads 2),
 * sharding and unsharding it on the way. Every search succeeds (retried
 * on FOLIO_ERROR_MODIFIED as folio.h says), sees one whole generation
 * (the post count of one round, never a mix), never an older one than
 * the writer had switched to when the search began, never goes back, and
 * reads intact hits; after the writer, each reader's old handle is on the
 * last generation. Under ThreadSanitizer (FOLIO_TSAN) it is also the
 * test of the build's workers sharing one run (the live generation's
 * posts, the table of those compared, the progress count) while other
 * handles read.
 * The work is a fixed number of rounds, so the test is bounded by its
 * work, not by a clock.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "scratch.h"
#include "tempdir.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define READERS 2
#define ROUNDS  4
/* Each reader stops after this many searches even if the writer hangs:
 * 20x what one makes in a run (~2,600 in Release, ~1,400 under TSan),
 * since a rebuild is slow beside a search on a loaded machine. */
#define MAX_SEARCHES 50000

/* Posts in round j's corpus (0: the seed): each a different count, so a
 * search's total says which generation it read; over 1000, so a full
 * build has two workers (build.c POSTS_PER_WORKER). Shrinking rounds
 * remove posts, growing ones add them. */
static const int round_posts[ROUNDS + 1] = { 1100, 1500, 1200, 1600, 1300 };
/* The shard count each round asks for (0: keep the index's). */
static const unsigned round_shards[ROUNDS + 1] = { 0, 0, 2, 0, 1 };

/* Round j's corpus: post i is https://example.com/r/i titled "Round post
 * i"; every third one's summary names the round, so a rebuild also
 * updates posts, and the rest stay unchanged. */
static int write_round(const char *path, int j)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	for (int i = 0; i < round_posts[j]; i++)
		fprintf(f,
		        "{\"url\": \"https://example.com/r/%d\", \"title\": "
		        "\"Round post %d\", \"summary\": \"A gamma of posts "
		        "rebuilt in edition %d.\"}\n",
		        i, i, i % 3 ? 0 : j);
	return fclose(f);
}

/* The round whose corpus holds total posts, -1 for none. */
static int round_of(long total)
{
	for (int j = 0; j <= ROUNDS; j++)
		if (round_posts[j] == total)
			return j;
	return -1;
}

typedef struct shared {
	const char *path;
	char corpus[ROUNDS + 1][512];
	atomic_int switched; /* rounds whose index_paths has returned */
	atomic_int done;     /* the writer has finished */
	folio_status st;     /* the writer's */
	char error[256];
} shared;

static void *writer_main(void *arg)
{
	shared *sh = arg;
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *db = open_as(sh->path, FOLIO_OPEN_WRITE);

	sh->st = db ? FOLIO_OK : FOLIO_ERROR_IO;
	io.rebuild = 1;
	io.threads = 2;
	for (int j = 1; sh->st == FOLIO_OK && j <= ROUNDS; j++) {
		const char *paths[1] = { sh->corpus[j] };

		io.shards = round_shards[j];
		sh->st = folio_db_index_paths(db, paths, 1, &io, &rep);
		if (sh->st == FOLIO_OK && !rep.rebuilt)
			sh->st = FOLIO_ERROR_INVALID;
		if (sh->st == FOLIO_OK)
			atomic_store(&sh->switched, j);
	}
	if (db && sh->st != FOLIO_OK)
		snprintf(sh->error, sizeof sh->error, "%s", folio_db_error(db));
	if (folio_db_close(db) != FOLIO_OK && sh->st == FOLIO_OK)
		sh->st = FOLIO_ERROR_BACKEND;
	atomic_store(&sh->done, 1);
	return NULL;
}

typedef struct reader_arg {
	shared *sh;
	long searches, retries;
	int last_round;
	unsigned seen;     /* a bit per round it saw */
	char problem[256]; /* the first thing that went wrong, "" if none */
} reader_arg;

static void reader_problem(reader_arg *ra, const char *fmt, long a, long b)
{
	if (!ra->problem[0])
		snprintf(ra->problem, sizeof ra->problem, fmt, a, b);
}

/* Check every hit of r is a whole post: its URL and title agree. */
static void check_hits(reader_arg *ra, const folio_results *r)
{
	for (size_t i = 0; i < folio_results_count(r); i++) {
		const folio_hit *h = folio_results_hit(r, i);
		int n = -1, m = -2;

		if (!h || sscanf(h->url, "https://example.com/r/%d", &n) != 1 ||
		    sscanf(h->title, "Round post %d", &m) != 1 || n != m) {
			reader_problem(ra, "hit %ld is not a whole post (%ld)",
			               (long)i, (long)n);
			return;
		}
	}
}

/* One search of "gamma": the generation it read is the one the writer
 * had switched to when it began, or a later one. */
static int search_once(reader_arg *ra, folio_db *db)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	int before = atomic_load(&ra->sh->switched), after, j;
	folio_status st;

	so.limit = 5;
	while ((st = folio_db_search(db, "gamma", &so, &r)) ==
	       FOLIO_ERROR_MODIFIED)
		ra->retries++;
	after = atomic_load(&ra->sh->switched);
	if (st != FOLIO_OK) {
		reader_problem(ra, "search failed with status %ld (%ld)",
		               (long)st, 0);
		fprintf(stderr, "  reader: %s\n", folio_db_error(db));
		return -1;
	}
	ra->searches++;
	j = round_of((long)folio_results_total(r));
	if (j < 0)
		reader_problem(ra, "saw %ld posts, no round's count (%ld)",
		               (long)folio_results_total(r), 0);
	else if (j < before)
		reader_problem(ra, "saw round %ld after round %ld had switched",
		               j, before);
	/* The round running when it ended may have switched already. */
	else if (j > after + 1)
		reader_problem(ra, "saw round %ld before round %ld ran", j, j);
	else if (j < ra->last_round)
		reader_problem(ra, "went back from round %ld to %ld",
		               ra->last_round, j);
	else
		ra->last_round = j;
	if (j >= 0)
		ra->seen |= 1u << j;
	check_hits(ra, r);
	folio_results_free(r);
	return ra->problem[0] ? -1 : 0;
}

static void *reader_main(void *arg)
{
	reader_arg *ra = arg;
	folio_db *db = open_as(ra->sh->path, FOLIO_OPEN_READ);

	if (!db) {
		reader_problem(ra, "cannot open the index (%ld %ld)", 0, 0);
		return NULL;
	}
	while (!atomic_load(&ra->sh->done) && ra->searches < MAX_SEARCHES)
		if (search_once(ra, db) != 0)
			break;
	/* After the writer: the old handle is on the last generation. */
	if (!ra->problem[0] && search_once(ra, db) == 0 &&
	    ra->last_round != ROUNDS)
		reader_problem(ra, "saw round %ld at the end, not %ld",
		               ra->last_round, ROUNDS);
	folio_db_close(db);
	return NULL;
}

static void test_rebuild_threads__readers_search_through_rebuilds(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_stats stats = FOLIO_STATS_INIT;
	char path[512], name[64];
	reader_arg r[READERS];
	pthread_t wt, rt[READERS];
	shared sh;
	folio_db *db;
	long searches = 0, retries = 0;
	unsigned seen = 0;
	uint64_t seed_gen;

	memset(&sh, 0, sizeof sh);
	memset(r, 0, sizeof r);
	sh.path = in_root(path, sizeof path, "rebuilt");
	for (int j = 0; j <= ROUNDS; j++) {
		snprintf(name, sizeof name, "round-%d.jsonl", j);
		in_root(sh.corpus[j], sizeof sh.corpus[j], name);
		assert_int(0, write_round(sh.corpus[j], j));
	}
	db = open_as(path, WRITE_CREATE);
	assert_true(db != NULL);
	assert_ok(index_file(db, sh.corpus[0], 0, 0, 0, &rep));
	assert_int(round_posts[0], rep.added);
	assert_ok(folio_db_stats(db, &stats));
	seed_gen = stats.generation;
	assert_ok(folio_db_close(db));

	atomic_init(&sh.switched, 0);
	atomic_init(&sh.done, 0);
	for (int i = 0; i < READERS; i++) {
		r[i].sh = &sh;
		assert_int(0, pthread_create(&rt[i], NULL, reader_main, &r[i]));
	}
	assert_int(0, pthread_create(&wt, NULL, writer_main, &sh));
	pthread_join(wt, NULL);
	for (int i = 0; i < READERS; i++)
		pthread_join(rt[i], NULL);

	if (sh.st != FOLIO_OK)
		fprintf(stderr, "  writer: %s\n", sh.error);
	assert_int(FOLIO_OK, sh.st);
	for (int i = 0; i < READERS; i++) {
		assert_str("", r[i].problem);
		searches += r[i].searches;
		retries += r[i].retries;
		seen |= r[i].seen;
	}
	assert_true(searches >= 2 * READERS);
	/* One generation per round, the last one unsharded again. */
	db = open_as(path, FOLIO_OPEN_READ);
	assert_true(db != NULL);
	assert_ok(folio_db_stats(db, &stats));
	assert_int(seed_gen + ROUNDS, stats.generation);
	assert_int(round_posts[ROUNDS], stats.documents);
	assert_int(1, stats.shards);
	assert_ok(folio_db_close(db));
	printf("  %ld searches by %d readers during %d rebuilds, %ld retried, "
	       "rounds seen 0x%x\n",
	       searches, READERS, ROUNDS, retries, seen);
}

static const fo_test tests[] = {
	FO_TEST(test_rebuild_threads__readers_search_through_rebuilds),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "api-rebuild-threads") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
