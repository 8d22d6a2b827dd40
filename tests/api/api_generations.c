/*
 * api_generations.c: the writer's side of the contract beyond single
 * posts, through the shared library only: a long-lived reader follows a
 * rebuild's generation switch on its next search; a rebuild holds the
 * write lock throughout; removal and no_delete; version-1 index options
 * still work; the versions of the report and the stats say which fields
 * the library may write; progress is reported from the calling thread;
 * stats and check describe and verify the index.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "scratch.h"
#include "tempdir.h"

#include <ftw.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static uint64_t count_of(folio_db *db)
{
	uint64_t n = UINT64_MAX;

	folio_db_count(db, &n);
	return n;
}

static void test_gen__a_long_lived_reader_follows_a_rebuild(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *w, *r;
	folio_stats s = FOLIO_STATS_INIT;
	char path[512], a[512], b[512];
	uint64_t gen_a;

	in_root(path, sizeof path, "follow");
	in_root(a, sizeof a, "follow-a.jsonl");
	in_root(b, sizeof b, "follow-b.jsonl");
	assert_int(0, write_posts(a, 1, 50, "alpha"));
	assert_int(0, write_posts(b, 1, 50, "bravo"));
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	assert_ok(index_file(w, a, 0, 0, 0, &rep));
	r = open_as(path, FOLIO_OPEN_READ);
	assert_true(r != NULL);
	assert_int(50, total_of(r, "alpha"));
	assert_ok(folio_db_stats(r, &s));
	gen_a = s.generation;
	assert_ok(index_file(w, b, 1, 0, 0, &rep));
	assert_true(rep.rebuilt);
	assert_int(50, rep.updated);
	/* The reader's next search runs on the new generation, whose
	 * predecessor is already deleted. */
	assert_int(50, total_of(r, "bravo"));
	assert_int(0, total_of(r, "alpha"));
	assert_ok(folio_db_stats(r, &s));
	assert_int(gen_a + 1, s.generation);
	/* The writer goes on writing to the new generation. */
	assert_ok(index_file(w, a, 0, 0, 0, &rep));
	assert_int(50, rep.updated);
	assert_int(50, total_of(r, "alpha"));
	assert_ok(folio_db_close(r));
	assert_ok(folio_db_close(w));
}

static void test_gen__a_second_writer_is_locked_out_across_a_rebuild(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *w, *second = NULL;
	char path[512], a[512], *errmsg = NULL;

	in_root(path, sizeof path, "lock");
	in_root(a, sizeof a, "lock-a.jsonl");
	assert_int(0, write_posts(a, 1, 10, "alpha"));
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	assert_ok(index_file(w, a, 1, 0, 0, &rep));
	/* After the switch the writer holds the new generation, and the
	 * index's lock still keeps a second writer out. */
	opts.flags = FOLIO_OPEN_WRITE;
	assert_int(FOLIO_ERROR_LOCKED, folio_db_open(path, &opts, &second,
	                                             &errmsg));
	assert_true(errmsg && strstr(errmsg, "locked"));
	free(errmsg);
	assert_ok(folio_db_close(w));
	second = open_as(path, FOLIO_OPEN_WRITE);
	assert_true(second != NULL);
	assert_ok(folio_db_close(second));
}

static void test_gen__removal_and_no_delete(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *w;
	char path[512], a[512], b[512];

	in_root(path, sizeof path, "remove");
	in_root(a, sizeof a, "remove-a.jsonl");
	in_root(b, sizeof b, "remove-b.jsonl");
	assert_int(0, write_posts(a, 1, 20, "alpha"));
	assert_int(0, write_posts(b, 100, 5, "bravo"));
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	assert_ok(index_file(w, a, 0, 0, 0, &rep));
	assert_ok(index_file(w, b, 0, 1, 0, &rep));
	assert_int(5, rep.added);
	assert_int(20, rep.kept);
	assert_int(0, rep.removed);
	assert_int(25, count_of(w));
	assert_ok(index_file(w, b, 0, 0, 0, &rep));
	assert_int(5, rep.unchanged);
	assert_int(20, rep.removed);
	assert_int(0, rep.kept);
	assert_int(5, count_of(w));
	/* A post added through the API is not in the corpus either. */
	assert_ok(folio_db_close(w));
}

/* A post that is still in the corpus, but malformed there, is left as
 * indexed; the report counts it apart from the posts the corpus no
 * longer has, in a sync and in a rebuild alike. */
static void test_gen__a_malformed_post_is_kept_but_not_as_gone(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *w;
	char path[512], a[512], b[512];
	FILE *f;
	int rebuild;

	in_root(path, sizeof path, "malformed");
	in_root(a, sizeof a, "malformed-a.jsonl");
	in_root(b, sizeof b, "malformed-b.jsonl");
	assert_int(0, write_posts(a, 1, 3, "alpha"));
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	assert_ok(index_file(w, a, 0, 0, 0, &rep));
	/* p1 and p3 as before; p2 without its title; p4 gone. */
	assert_int(0, write_posts(b, 1, 1, "alpha"));
	f = fopen(b, "a");
	assert_true(f != NULL);
	fputs("{\"url\": \"https://example.com/p2\", \"summary\": \"x\"}\n"
	      "{\"url\": \"https://example.com/p3\", \"title\": \"Post 3\", "
	      "\"summary\": \"Words about alpha and lattices.\"}\n",
	      f);
	assert_int(0, fclose(f));
	for (rebuild = 0; rebuild <= 1; rebuild++) {
		rep = (folio_index_report)FOLIO_INDEX_REPORT_INIT;
		assert_int(FOLIO_ERROR_INPUT,
		           index_file(w, b, rebuild, 0, 0, &rep));
		assert_int(1, rep.skipped);
		assert_int(2, rep.unchanged);
		assert_int(0, rep.kept);
		assert_int(1, rep.kept_malformed);
		assert_int(3, count_of(w));
	}
	/* With a post also gone, each is counted where it belongs. */
	assert_int(0, write_posts(a, 1, 4, "alpha"));
	assert_ok(index_file(w, a, 0, 0, 0, &rep));
	for (rebuild = 0; rebuild <= 1; rebuild++) {
		rep = (folio_index_report)FOLIO_INDEX_REPORT_INIT;
		assert_int(FOLIO_ERROR_INPUT,
		           index_file(w, b, rebuild, 0, 0, &rep));
		assert_int(1, rep.kept);
		assert_int(1, rep.kept_malformed);
		assert_int(4, count_of(w));
	}
	/* Over shards, resharding (a rebuild that carries the kept posts
	 * to their shards) and rebuilding the sharded index alike. */
	for (rebuild = 0; rebuild <= 1; rebuild++) {
		rep = (folio_index_report)FOLIO_INDEX_REPORT_INIT;
		assert_int(FOLIO_ERROR_INPUT,
		           index_file(w, b, rebuild, 0, rebuild ? 0 : 3, &rep));
		assert_true(rep.rebuilt);
		assert_int(1, rep.kept);
		assert_int(1, rep.kept_malformed);
		assert_int(4, count_of(w));
	}
	/* A version-1 report has no kept_malformed: its kept counts both,
	 * as it did before the field was added. */
	rep = (folio_index_report)FOLIO_INDEX_REPORT_INIT;
	rep.version = 1;
	rep.kept_malformed = 77;
	assert_int(FOLIO_ERROR_INPUT, index_file(w, b, 0, 0, 0, &rep));
	assert_int(1, rep.version);
	assert_int(2, rep.kept);
	assert_int(77, rep.kept_malformed);
	assert_ok(folio_db_close(w));
}

typedef struct progress_log {
	pthread_t caller;
	int calls, wrong_thread, saw_indexing;
} progress_log;

static void on_progress(const folio_progress *p, void *payload)
{
	progress_log *log = payload;

	log->calls++;
	if (!pthread_equal(pthread_self(), log->caller))
		log->wrong_thread++;
	if (strcmp(p->phase, "indexing") == 0 && p->total == 3000)
		log->saw_indexing = 1;
}

static void test_gen__progress_comes_from_the_calling_thread(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	progress_log log;
	const char *paths[1];
	folio_db *w;
	char path[512], a[512];

	in_root(path, sizeof path, "progress");
	in_root(a, sizeof a, "progress.jsonl");
	assert_int(0, write_posts(a, 1, 3000, "alpha"));
	memset(&log, 0, sizeof log);
	log.caller = pthread_self();
	io.progress = on_progress;
	io.payload = &log;
	io.threads = 2;
	paths[0] = a;
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	assert_ok(folio_db_index_paths(w, paths, 1, &io, &rep));
	assert_int(3000, rep.added);
	assert_true(rep.rebuilt);
	assert_true(log.calls > 2);
	assert_int(0, log.wrong_thread);
	assert_true(log.saw_indexing);
	assert_ok(folio_db_close(w));
}

static void test_gen__version_1_options_and_bad_thread_counts(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	const char *paths[1];
	folio_db *w;
	char path[512], a[512];

	in_root(path, sizeof path, "v1");
	in_root(a, sizeof a, "v1.jsonl");
	assert_int(0, write_posts(a, 1, 3, "alpha"));
	paths[0] = a;
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	io.version = 1; /* a caller built against the first folio.h */
	assert_ok(folio_db_index_paths(w, paths, 1, &io, &rep));
	assert_int(3, rep.added);
	io.version = 2; /* before shards: the field is not read */
	io.shards = 7;
	assert_ok(folio_db_index_paths(w, paths, 1, &io, &rep));
	assert_int(3, rep.unchanged);
	io.shards = 0;
	io.version = FOLIO_INDEX_OPTIONS_VERSION + 1;
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_index_paths(w, paths, 1, &io, &rep));
	io.version = FOLIO_INDEX_OPTIONS_VERSION;
	io.threads = 1000;
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_index_paths(w, paths, 1, &io, &rep));
	assert_str("1000 threads is more than 256", folio_db_error(w));
	assert_ok(folio_db_close(w));
}

static void test_gen__the_report_is_versioned(void)
{
	/* A caller's report, with bytes after it that are not its own. */
	struct {
		folio_index_report rep;
		unsigned char after[64];
	} mem;
	folio_index_report bad;
	const char *paths[1];
	folio_db *w;
	char path[512], a[512];
	size_t i;
	int intact = 1;

	in_root(path, sizeof path, "report");
	in_root(a, sizeof a, "report.jsonl");
	assert_int(0, write_posts(a, 1, 4, "alpha"));
	paths[0] = a;
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);

	/* Not initialised with FOLIO_INDEX_REPORT_INIT: refused, untouched,
	 * and nothing indexed. */
	memset(&bad, 0x5a, sizeof bad);
	bad.version = 0;
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_index_paths(w, paths, 1, NULL, &bad));
	assert_str("folio_index_report version 0 is not 1 to 2 (initialise it "
	           "with FOLIO_INDEX_REPORT_INIT)",
	           folio_db_error(w));
	assert_int(0x5a5a5a5a5a5a5a5aULL, bad.files);
	assert_int(0, count_of(w));
	bad.version = FOLIO_INDEX_REPORT_VERSION + 1;
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_index_paths(w, paths, 1, NULL, &bad));
	assert_int(0x5a5a5a5a5a5a5a5aULL, bad.added);

	/* Version 1: every field set, nothing written past them. */
	memset(&mem, 0xee, sizeof mem);
	mem.rep.version = 1;
	assert_ok(folio_db_index_paths(w, paths, 1, NULL, &mem.rep));
	assert_int(1, mem.rep.version);
	assert_int(1, mem.rep.files);
	assert_int(4, mem.rep.posts);
	assert_int(4, mem.rep.added);
	assert_int(0, mem.rep.updated);
	assert_int(0, mem.rep.unchanged);
	assert_int(0, mem.rep.skipped);
	assert_int(0, mem.rep.removed);
	assert_int(0, mem.rep.kept);
	assert_true(mem.rep.rebuilt);
	assert_int(0xeeeeeeeeeeeeeeeeULL, mem.rep.kept_malformed);
	for (i = 0; i < sizeof mem.after; i++)
		intact &= mem.after[i] == 0xee;
	assert_true(intact);
	/* On failure too, every field is set (to what was done: nothing). */
	paths[0] = "/nonexistent/folio-report";
	assert_int(FOLIO_ERROR_NOT_FOUND,
	           folio_db_index_paths(w, paths, 1, NULL, &mem.rep));
	assert_int(0, mem.rep.files);
	assert_int(0, mem.rep.added);
	assert_true(!mem.rep.rebuilt);
	assert_int(1, mem.rep.version);
	assert_ok(folio_db_close(w));
}

static void test_gen__the_stats_are_versioned(void)
{
	/* A caller's stats, with bytes after them that are not its own. */
	struct {
		folio_stats s;
		unsigned char after[64];
	} mem;
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_stats bad;
	const char *paths[1];
	folio_db *w, *r;
	char path[512], a[512], *real;
	size_t i;
	int intact = 1;

	in_root(path, sizeof path, "versioned-stats");
	in_root(a, sizeof a, "versioned-stats.jsonl");
	assert_int(0, write_posts(a, 1, 5, "alpha"));
	paths[0] = a;
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	io.shards = 3;
	assert_ok(folio_db_index_paths(w, paths, 1, &io, &rep));
	r = open_as(path, FOLIO_OPEN_READ);
	assert_true(r != NULL);

	/* Not initialised with FOLIO_STATS_INIT: refused, untouched. */
	memset(&bad, 0x5a, sizeof bad);
	bad.version = 0;
	assert_int(FOLIO_ERROR_INVALID, folio_db_stats(r, &bad));
	assert_str("folio_stats version 0 is not 1 to 3 (initialise it with "
	           "FOLIO_STATS_INIT)",
	           folio_db_error(r));
	assert_int(0x5a5a5a5a5a5a5a5aULL, bad.documents);
	assert_int(0x5a5a5a5a5a5a5a5aULL, bad.generation);
	assert_int(0x5a5a5a5au, bad.shards);
	bad.version = FOLIO_STATS_VERSION + 1;
	assert_int(FOLIO_ERROR_INVALID, folio_db_stats(w, &bad));
	assert_str("folio_stats version 4 is not 1 to 3 (initialise it with "
	           "FOLIO_STATS_INIT)",
	           folio_db_error(w));
	assert_int(0x5a5a5a5a5a5a5a5aULL, bad.terms);
	assert_int(0x5a5a5a5au, bad.shards);
	assert_int(FOLIO_ERROR_INVALID, folio_db_stats(w, NULL));

	/* Version 1, from a reader and from the writer: every field set,
	 * nothing written past them. */
	real = realpath(a, NULL);
	for (i = 0; i < 2; i++) {
		size_t k;

		memset(&mem, 0xee, sizeof mem);
		mem.s.version = 1;
		assert_ok(folio_db_stats(i ? w : r, &mem.s));
		assert_int(1, mem.s.version);
		assert_int(5, mem.s.documents);
		assert_true(mem.s.terms > 5);
		assert_true(mem.s.disk_bytes > 0);
		assert_int(2, mem.s.generation);
		assert_int(20, strlen(mem.s.built));
		assert_str(mem.s.built, mem.s.updated);
		assert_str(real, mem.s.corpus);
		assert_str("english", mem.s.language);
		assert_str("5", mem.s.format);
		assert_int(3, mem.s.shards);
		for (k = 0; k < sizeof mem.after; k++)
			intact &= mem.after[k] == 0xee;
		assert_true(intact);
	}
	/* Version 2: its corpus paths, not version 3's analyzer revisions. */
	memset(&mem, 0xee, sizeof mem);
	mem.s.version = 2;
	assert_ok(folio_db_stats(r, &mem.s));
	assert_int(1, mem.s.n_corpus_paths);
	assert_int(0xeeeeeeeeu, mem.s.analyzer);
	assert_int(0xeeeeeeeeu, mem.s.analyzer_latest);
	free(real);
	assert_ok(folio_db_close(r));
	assert_ok(folio_db_close(w));
}

static void test_gen__stats_and_check(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_stats s = FOLIO_STATS_INIT;
	folio_db *w;
	char path[512], a[512], *real;
	uint64_t problems = 99;

	in_root(path, sizeof path, "stats");
	in_root(a, sizeof a, "stats.jsonl");
	assert_int(0, write_posts(a, 1, 7, "alpha"));
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	assert_ok(index_file(w, a, 0, 0, 0, &rep));
	assert_ok(folio_db_stats(w, &s));
	assert_int(7, s.documents);
	assert_true(s.terms > 7);
	assert_true(s.disk_bytes > 0);
	assert_int(2, s.generation); /* gen-1 was created empty, then built */
	assert_int(20, strlen(s.built)); /* 2026-01-02T03:04:05Z */
	assert_str(s.built, s.updated);
	real = realpath(a, NULL);
	assert_str(real, s.corpus);
	free(real);
	assert_str("english", s.language);
	assert_str("5", s.format);
	assert_int(1, s.shards);
	assert_int(7, s.analyzer); /* a new index: this folio's revision */
	assert_int(7, s.analyzer_latest);
	assert_ok(folio_db_check(w, NULL, &problems));
	assert_int(0, problems);
	assert_ok(folio_db_close(w));
}

/* Version 2 lists the corpus paths decoded, so that a caller need not
 * undo the quoting of folio_stats.corpus (a path holding a newline, or
 * starting with a quote, is written in git's quotes there). */
static void test_gen__stats_list_the_corpus_paths_decoded(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_stats s = FOLIO_STATS_INIT;
	const char *paths[2];
	folio_db *w;
	char path[512], a[512], b[512], *real_a, *real_b;

	in_root(path, sizeof path, "stats-paths");
	in_root(a, sizeof a, "plain.jsonl");
	in_root(b, sizeof b, "new\nline \"q\".jsonl");
	assert_int(0, write_posts(a, 1, 3, "alpha"));
	assert_int(0, write_posts(b, 4, 3, "bravo"));
	paths[0] = a;
	paths[1] = b;
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	assert_ok(folio_db_index_paths(w, paths, 2, &io, &rep));
	assert_ok(folio_db_stats(w, &s));
	real_a = realpath(a, NULL);
	real_b = realpath(b, NULL);
	assert_true(strchr(s.corpus, '\\') != NULL); /* quoted there */
	assert_int(2, s.n_corpus_paths);
	assert_str(real_a, s.corpus_paths[0]);
	assert_str(real_b, s.corpus_paths[1]);
	free(real_a);
	free(real_b);
	assert_ok(folio_db_close(w));
}

/* updated is the time the last indexing run finished (folio.h), written
 * in its last commit: a run that changed nothing moves it too, and
 * folio_db_commit() leaves it as it was. */
static void test_gen__updated_is_the_last_runs_time(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_stats s = FOLIO_STATS_INIT;
	folio_post p = { "https://example.com/api",
		         "An API post",
		         "Example",
		         NULL,
		         NULL,
		         "Tutorial",
		         "Words about lattices.",
		         NULL,
		         0 };
	folio_db *w;
	struct timespec tick = { 0, 20000000 };
	char path[512], a[512], first[32], second[32];
	time_t t;

	in_root(path, sizeof path, "updated");
	in_root(a, sizeof a, "updated.jsonl");
	assert_int(0, write_posts(a, 1, 3, "alpha"));
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	assert_ok(index_file(w, a, 0, 0, 0, &rep));
	assert_ok(folio_db_stats(w, &s));
	snprintf(first, sizeof first, "%s", s.updated);
	/* stamps are to the second */
	for (t = time(NULL); time(NULL) == t;)
		nanosleep(&tick, NULL);
	assert_ok(index_file(w, a, 0, 0, 0, &rep));
	assert_int(3, rep.unchanged);
	assert_ok(folio_db_stats(w, &s));
	snprintf(second, sizeof second, "%s", s.updated);
	assert_true(strcmp(second, first) > 0);
	assert_str(first, s.built);
	for (t = time(NULL); time(NULL) == t;)
		nanosleep(&tick, NULL);
	assert_ok(folio_db_add_post(w, &p));
	assert_ok(folio_db_commit(w));
	assert_ok(folio_db_stats(w, &s));
	assert_int(4, s.documents);
	assert_str(second, s.updated);
	assert_ok(folio_db_close(w));
}

static const fo_test tests[] = {
	FO_TEST(test_gen__a_long_lived_reader_follows_a_rebuild),
	FO_TEST(test_gen__a_second_writer_is_locked_out_across_a_rebuild),
	FO_TEST(test_gen__removal_and_no_delete),
	FO_TEST(test_gen__a_malformed_post_is_kept_but_not_as_gone),
	FO_TEST(test_gen__progress_comes_from_the_calling_thread),
	FO_TEST(test_gen__version_1_options_and_bad_thread_counts),
	FO_TEST(test_gen__the_report_is_versioned),
	FO_TEST(test_gen__the_stats_are_versioned),
	FO_TEST(test_gen__stats_and_check),
	FO_TEST(test_gen__stats_list_the_corpus_paths_decoded),
	FO_TEST(test_gen__updated_is_the_last_runs_time),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "api-generations") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
