/*
 * api_interrupt.c: folio_db_interrupt, through the shared library only. A
 * full build stopped while it indexes (2 worker threads), merges or is
 * about to switch leaves no build directory and the live generation as
 * it was, to a reader too; an incremental run stopped keeps exactly the
 * batches it committed; another thread may stop a run; an interrupt while
 * nothing runs changes nothing; the handle indexes again afterwards.
 * An open waiting for another writer's lock (FOLIO_OPEN_WAIT) is given up
 * by a signal whose handler does not restart system calls, and only by
 * such a signal.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "scratch.h"
#include "tempdir.h"

#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* A progress callback's state: interrupt db at the first report of phase
 * whose done reaches at. */
typedef struct stopper {
	folio_db *db;
	const char *phase;
	uint64_t at;
	int sent;
	uint64_t last; /* the last done phase reported */
	uint64_t total;
} stopper;

static void stop_at(const folio_progress *p, void *payload)
{
	stopper *s = payload;

	if (strcmp(p->phase, s->phase) != 0)
		return;
	s->last = p->done;
	s->total = p->total;
	if (!s->sent && p->done >= s->at) {
		folio_db_interrupt(s->db);
		s->sent = 1;
	}
}

/* Index path on s->db with two threads, interrupted as s says. */
static folio_status index_stopped(stopper *s, const char *path, int rebuild,
                                  unsigned shards, folio_index_report *rep)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;

	io.rebuild = rebuild;
	io.threads = 2;
	io.shards = shards;
	io.progress = stop_at;
	io.payload = s;
	return folio_db_index_paths(s->db, &path, 1, &io, rep);
}

/* How many entries of directory dir have a name starting with prefix. */
static int entries(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
	closedir(d);
	return n;
}

static uint64_t count_of(folio_db *db)
{
	uint64_t n = UINT64_MAX;

	folio_db_count(db, &n);
	return n;
}

static uint64_t generation_of(folio_db *db)
{
	folio_stats s = FOLIO_STATS_INIT;

	return folio_db_stats(db, &s) == FOLIO_OK ? s.generation : 0;
}

/* A writer on a 3000-post index of alpha, of generation *gen, and a
 * corpus of n posts of bravo (the same URLs and more) to index it from; a
 * reader on the index. */
static folio_db *alpha_index(const char *name, unsigned shards, int n,
                             char *bravo, size_t size, folio_db **reader,
                             uint64_t *gen)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	char path[512], alpha[512], file[64];
	folio_db *w;

	in_root(path, sizeof path, name);
	snprintf(file, sizeof file, "%s-alpha.jsonl", name);
	in_root(alpha, sizeof alpha, file);
	snprintf(file, sizeof file, "%s-bravo.jsonl", name);
	in_root(bravo, size, file);
	if (write_posts(alpha, 1, 3000, "alpha") != 0 ||
	    write_posts(bravo, 1, n, "bravo") != 0)
		return NULL;
	w = open_as(path, WRITE_CREATE);
	if (w && index_file(w, alpha, 0, 0, shards, &rep) != FOLIO_OK) {
		folio_db_close(w);
		return NULL;
	}
	*reader = open_as(path, FOLIO_OPEN_READ);
	*gen = w ? generation_of(w) : 0;
	return w;
}

/* A full build over alpha_index (index name, generation gen) that ended
 * with st: interrupted, and the index as it was: no build directory, the
 * one generation gen, to the writer w and to the reader r opened before,
 * nothing reported done. Then w rebuilds it uninterrupted. Closes both. */
static void expect_as_before(const char *name, folio_db *w, folio_db *r,
                             uint64_t gen, folio_status st,
                             const folio_index_report *rep, const char *bravo)
{
	folio_index_report again = FOLIO_INDEX_REPORT_INIT;
	char dir[512], want[600];

	in_root(dir, sizeof dir, name);
	snprintf(want, sizeof want,
	         "interrupted: %s is as it was before this run", dir);
	assert_int(FOLIO_ERROR_INTERRUPTED, st);
	assert_str(want, folio_db_error(w));
	assert_int(0, entries(dir, "build-"));
	assert_int(1, entries(dir, "gen-"));
	assert_int(gen, generation_of(w));
	assert_int(3000, total_of(r, "alpha"));
	assert_int(0, total_of(r, "bravo"));
	assert_int(3000, count_of(r));
	assert_int(3000, total_of(w, "alpha"));
	assert_int(3000, count_of(w));
	assert_int(0, rep->added + rep->updated + rep->unchanged);
	assert_int(0, rep->rebuilt);

	assert_ok(index_file(w, bravo, 1, 0, 0, &again));
	assert_int(1, again.rebuilt);
	assert_int(3000, again.updated);
	assert_int(5000, again.added);
	assert_int(8000, total_of(r, "bravo"));
	assert_int(0, total_of(r, "alpha"));
	assert_int(0, entries(dir, "build-"));
	assert_int(1, entries(dir, "gen-"));
	assert_ok(folio_db_close(r));
	assert_ok(folio_db_close(w));
}

/* Rebuild index name (of shards shards) made by alpha_index, the
 * progress callback interrupting it as s says, and expect_as_before. */
static void rebuild_stopped(const char *name, unsigned shards, stopper *s,
                            folio_index_report *rep)
{
	folio_db *r = NULL;
	char bravo[512];
	uint64_t gen = 0;
	folio_status st;

	s->db = alpha_index(name, shards, 8000, bravo, sizeof bravo, &r, &gen);
	assert_true(s->db != NULL && r != NULL);
	st = index_stopped(s, bravo, 1, 0, rep);
	assert_int(1, s->sent);
	expect_as_before(name, s->db, r, gen, st, rep, bravo);
}

static void test_interrupt__a_full_build_stops_while_indexing(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	stopper s = { NULL, "indexing", 1000, 0, 0, 0 };

	rebuild_stopped("indexing", 0, &s, &rep);
	/* The workers stopped within their batches: the posts of a
	 * finished run were never all reported done. */
	assert_true(s.last < s.total);
	/* posts: those read before it stopped */
	assert_true(rep.posts >= 1000 && rep.posts < 8000);
}

/* The last check, at the switching report: the new generation is whole
 * and synced, and deleted unswitched. */
static void test_interrupt__a_full_build_stops_before_its_switch(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	stopper s = { NULL, "switching", 0, 0, 0, 0 };

	rebuild_stopped("switching", 0, &s, &rep);
}

/* A sharded rebuild checks between its phases too: stopped as it
 * begins to merge, it compacts nothing. */
static void test_interrupt__a_sharded_build_stops_before_merging(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	stopper s = { NULL, "merging", 0, 0, 0, 0 };

	rebuild_stopped("merging", 2, &s, &rep);
}

/* A host's cancel: another thread interrupts once the run is indexing
 * (or, should the run end first, to no effect). */
typedef struct canceller {
	folio_db *db;
	atomic_int indexing;
} canceller;

static void note_indexing(const folio_progress *p, void *payload)
{
	canceller *c = payload;

	if (strcmp(p->phase, "indexing") == 0)
		atomic_store(&c->indexing, 1);
}

static void *cancel_when_indexing(void *arg)
{
	canceller *c = arg;

	while (!atomic_load(&c->indexing))
		sched_yield();
	folio_db_interrupt(c->db);
	return NULL;
}

static void test_interrupt__another_thread_stops_a_run(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	canceller c;
	pthread_t t;
	folio_db *r = NULL;
	char bravo[512];
	const char *path = bravo;
	uint64_t gen = 0;
	folio_status st;

	c.db = alpha_index("thread", 0, 8000, bravo, sizeof bravo, &r, &gen);
	assert_true(c.db != NULL && r != NULL);
	atomic_init(&c.indexing, 0);
	io.rebuild = 1;
	io.threads = 2;
	io.progress = note_indexing;
	io.payload = &c;
	assert_int(0, pthread_create(&t, NULL, cancel_when_indexing, &c));
	st = folio_db_index_paths(c.db, &path, 1, &io, &rep);
	atomic_store(&c.indexing, 1);
	pthread_join(t, NULL);
	expect_as_before("thread", c.db, r, gen, st, &rep, bravo);
}

/* An incremental run commits every 5000 changes: stopped at its 11000th
 * post, it keeps the first two batches (3000 updated, then 7000 added)
 * and discards the 1000 changes after them; run again, it finishes. */
static void test_interrupt__an_incremental_run_keeps_its_commits(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	stopper s = { NULL, "indexing", 11000, 0, 0, 0 };
	folio_db *r = NULL;
	char path[512], bravo[512], want[1024];
	uint64_t gen;

	in_root(path, sizeof path, "incremental");
	s.db =
	    alpha_index("incremental", 0, 12000, bravo, sizeof bravo, &r, &gen);
	assert_true(s.db != NULL && r != NULL);

	assert_int(FOLIO_ERROR_INTERRUPTED,
	           index_stopped(&s, bravo, 0, 0, &rep));
	snprintf(want, sizeof want,
	         "interrupted: %s keeps the changes this run committed "
	         "(7000 added, 3000 updated, 0 removed), not the rest; "
	         "index again to finish",
	         path);
	assert_str(want, folio_db_error(s.db));
	assert_int(7000, rep.added);
	assert_int(3000, rep.updated);
	assert_int(0, rep.unchanged);
	assert_int(0, rep.removed);
	assert_int(0, rep.rebuilt);
	assert_int(10000, count_of(s.db));
	assert_int(10000, total_of(s.db, "bravo"));
	assert_int(0, total_of(s.db, "alpha"));
	assert_int(10000, total_of(r, "bravo")); /* a search moves r on */
	assert_int(10000, count_of(r));
	/* the discarded changes are not pending: the close commits none */
	assert_ok(folio_db_close(s.db));
	assert_int(10000, total_of(r, "bravo"));
	assert_int(10000, count_of(r));

	s.db = open_as(path, FOLIO_OPEN_WRITE);
	assert_true(s.db != NULL);
	assert_ok(index_file(s.db, bravo, 0, 0, 0, &rep));
	assert_int(2000, rep.added);
	assert_int(10000, rep.unchanged);
	assert_int(12000, total_of(r, "bravo"));
	assert_ok(folio_db_close(r));
	assert_ok(folio_db_close(s.db));
}

/* Stopped before its first commit, an incremental run changed nothing,
 * and the same handle runs again. */
static void test_interrupt__an_incremental_run_before_its_first_commit(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	stopper s = { NULL, "indexing", 1000, 0, 0, 0 };
	folio_db *r = NULL;
	char path[512], bravo[512], want[600];
	uint64_t gen;

	in_root(path, sizeof path, "first");
	s.db = alpha_index("first", 0, 4000, bravo, sizeof bravo, &r, &gen);
	assert_true(s.db != NULL && r != NULL);
	assert_ok(folio_db_close(r));
	assert_int(FOLIO_ERROR_INTERRUPTED,
	           index_stopped(&s, bravo, 0, 0, &rep));
	snprintf(want, sizeof want,
	         "interrupted: %s is as it was before this run", path);
	assert_str(want, folio_db_error(s.db));
	assert_int(0, rep.added + rep.updated + rep.unchanged + rep.removed);
	assert_int(3000, total_of(s.db, "alpha"));
	assert_int(0, total_of(s.db, "bravo"));
	assert_ok(index_file(s.db, bravo, 0, 0, 0, &rep));
	assert_int(3000, rep.updated);
	assert_int(1000, rep.added);
	assert_int(4000, total_of(s.db, "bravo"));
	assert_ok(folio_db_close(s.db));
}

/* The first run into a new directory, stopped: its open made an empty
 * index there, which it says (not "as it was": there was no index), and
 * the same handle fills it. */
static void test_interrupt__a_first_run_leaves_an_empty_index(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	stopper s = { NULL, "indexing", 1000, 0, 0, 0 };
	char path[512], bravo[512], want[700];

	in_root(path, sizeof path, "new");
	in_root(bravo, sizeof bravo, "new-bravo.jsonl");
	assert_int(0, write_posts(bravo, 1, 8000, "bravo"));
	s.db = open_as(path, WRITE_CREATE);
	assert_true(s.db != NULL);
	assert_int(FOLIO_ERROR_INTERRUPTED,
	           index_stopped(&s, bravo, 0, 0, &rep));
	snprintf(want, sizeof want,
	         "interrupted: %s holds no posts yet: the run stopped before "
	         "it added any; index again to fill it",
	         path);
	assert_str(want, folio_db_error(s.db));
	assert_int(0, (long)count_of(s.db));
	assert_int(0, entries(path, "build-"));
	assert_ok(index_file(s.db, bravo, 0, 0, 0, &rep));
	assert_int(8000, rep.added);
	assert_int(8000, total_of(s.db, "bravo"));
	assert_ok(folio_db_close(s.db));
}

/* An interrupt while nothing runs does nothing, now or to the next run;
 * nor does one on NULL. */
static void test_interrupt__an_idle_interrupt_changes_nothing(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *w;
	char path[512], alpha[512];

	in_root(path, sizeof path, "idle");
	in_root(alpha, sizeof alpha, "idle-alpha.jsonl");
	assert_int(0, write_posts(alpha, 1, 2000, "alpha"));
	folio_db_interrupt(NULL);
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	folio_db_interrupt(w);
	folio_db_interrupt(w);
	assert_ok(index_file(w, alpha, 0, 0, 0, &rep));
	assert_int(2000, rep.added);
	folio_db_interrupt(w);
	assert_ok(index_file(w, alpha, 1, 0, 0, &rep));
	assert_int(1, rep.rebuilt);
	assert_int(2000, rep.unchanged);
	assert_int(2000, total_of(w, "alpha"));
	assert_ok(folio_db_close(w));
}

/* The new status keeps the old ones' numbers, and says what it is. */
static volatile sig_atomic_t rang;

static void ring(int sig)
{
	(void)sig;
	rang++;
}

/* SIGALRM in ms milliseconds, caught by ring, its handler restarting
 * system calls or not. */
static void alarm_in(long ms, int restart)
{
	struct sigaction sa;
	struct itimerval t = { { 0, 0 }, { ms / 1000, ms % 1000 * 1000 } };

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = ring;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	rang = 0;
	setitimer(ITIMER_REAL, &t, NULL);
}

static void test_interrupt__a_signal_ends_a_waiting_open(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *w, *second = (folio_db *)&opts;
	char path[512], given[600], want[800], *errmsg = NULL;

	in_root(path, sizeof path, "waiting");
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	/* named as given, not as the directory it resolves to */
	snprintf(given, sizeof given, "%s/../waiting", path);
	opts.flags = FOLIO_OPEN_WRITE | FOLIO_OPEN_WAIT;
	alarm_in(100, 0);
	assert_int(FOLIO_ERROR_INTERRUPTED,
	           folio_db_open(given, &opts, &second, &errmsg));
	assert_int(1, rang);
	assert_true(second == NULL);
	snprintf(want, sizeof want,
	         "a signal stopped the wait for the lock of %s: another "
	         "writer (process %ld, since ",
	         given, (long)getpid());
	assert_true(errmsg != NULL);
	assert_str(want, strstr(errmsg, want) == errmsg ? want : errmsg);
	assert_str(" is indexing it", errmsg + strlen(errmsg) - 15);
	free(errmsg);
	signal(SIGALRM, SIG_DFL);
	assert_ok(folio_db_close(w));
}

/* Close the handle after 300 ms, SIGALRM blocked in this thread: the
 * signal is for the one that waits. */
static void *close_later(void *db)
{
	struct timespec left = { 0, 300 * 1000 * 1000 };
	sigset_t alrm;

	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &alrm, NULL);
	while (nanosleep(&left, &left) != 0)
		;
	folio_db_close(db);
	return NULL;
}

static void test_interrupt__a_restarting_handler_leaves_the_open_waiting(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *w, *second = NULL;
	char path[512], *errmsg = NULL;
	pthread_t closer;

	in_root(path, sizeof path, "restarting");
	w = open_as(path, WRITE_CREATE);
	assert_true(w != NULL);
	opts.flags = FOLIO_OPEN_WRITE | FOLIO_OPEN_WAIT;
	alarm_in(100, 1);
	assert_int(0, pthread_create(&closer, NULL, close_later, w));
	assert_ok(folio_db_open(path, &opts, &second, &errmsg));
	assert_int(0, pthread_join(closer, NULL));
	assert_int(1, rang);
	signal(SIGALRM, SIG_DFL);
	assert_ok(folio_db_close(second));
}

static void test_interrupt__the_status(void)
{
	assert_int(12, FOLIO_ERROR_UNAVAILABLE);
	assert_int(13, FOLIO_ERROR_INTERRUPTED);
	assert_int(14, FOLIO_STATUS_LAST);
	assert_str("interrupted", folio_status_string(FOLIO_ERROR_INTERRUPTED));
}

static const fo_test tests[] = {
	FO_TEST(test_interrupt__a_full_build_stops_while_indexing),
	FO_TEST(test_interrupt__a_first_run_leaves_an_empty_index),
	FO_TEST(test_interrupt__a_full_build_stops_before_its_switch),
	FO_TEST(test_interrupt__a_sharded_build_stops_before_merging),
	FO_TEST(test_interrupt__another_thread_stops_a_run),
	FO_TEST(test_interrupt__an_incremental_run_keeps_its_commits),
	FO_TEST(test_interrupt__an_incremental_run_before_its_first_commit),
	FO_TEST(test_interrupt__an_idle_interrupt_changes_nothing),
	FO_TEST(test_interrupt__a_signal_ends_a_waiting_open),
	FO_TEST(test_interrupt__a_restarting_handler_leaves_the_open_waiting),
	FO_TEST(test_interrupt__the_status),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "api-interrupt") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
