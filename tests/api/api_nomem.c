/*
 * api_nomem.c: a handle after Xapian ran out of memory. A bad_alloc thrown
 * inside glass can leave its tables half updated (a cursor without its
 * block): the failed call returns FOLIO_ERROR_NOMEM, but a reader that
 * searched those objects again crashed. The reader must open its index
 * anew; a writer, whose change may be half made, must refuse everything
 * but folio_db_close, which must not commit it.
 *
 * Deterministic: this program's malloc fails the n-th allocation after it
 * is armed, for every n up to a bound, each in a child process (a crash
 * must not take the test with it, and each starts from a sound handle).
 * glibc only; skipped under the sanitizers, whose allocators this would
 * bypass.
 */
#define _GNU_SOURCE
#include "failmalloc.h"
#include "folio.h"
#include "harness.h"
#include "scratch.h"
#include "tempdir.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* How many allocations into a call the failure is tried at: the crash
 * this guards against needs one within the first hundred of a search. */
#define SWEEP 400

static const char query[] = "lattices OR post* OR words";

static folio_status search_hits(folio_db *db, const char *text, uint64_t *total)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	folio_status st;

	so.flags = FOLIO_SEARCH_FACETS | FOLIO_SEARCH_EXPLAIN;
	so.limit = 100;
	st = folio_db_search(db, text, &so, &r);
	*total = st == FOLIO_OK ? folio_results_total(r) : 0;
	folio_results_free(r);
	return st;
}

/* An index of n posts, committed. */
static void make_index(const char *idx, int n)
{
	char corpus[320];
	folio_db *db;

	snprintf(corpus, sizeof corpus, "%s.jsonl", idx);
	assert_int(0, write_posts(corpus, 0, n, "quokkas"));
	db = open_as(idx, WRITE_CREATE);
	assert_true(db != NULL);
	assert_ok(index_file(db, corpus, 0, 0, 0, NULL));
	assert_ok(folio_db_close(db));
}

/* Run child(n, ctx) in a child process for n = 0 .. upto-1. It returns 0
 * when all is well, 1 when it was too, and the failure was injected and
 * seen (FOLIO_ERROR_NOMEM), another number to say what went wrong.
 * Returns how many children saw the failure, or -1 after a crash or a
 * wrong answer (named on stderr). */
static int sweep(int (*child)(long n, void *ctx), void *ctx, long upto)
{
	int seen = 0, bad = 0;
	long n;

	for (n = 0; n < upto && bad < 3; n++) {
		int ws = 0;
		pid_t pid;

		fflush(NULL);
		pid = fork();
		if (pid == 0)
			_exit(child(n, ctx));
		if (pid < 0 || waitpid(pid, &ws, 0) != pid)
			return -1;
		if (WIFSIGNALED(ws)) {
			fprintf(stderr, "  failing allocation %ld: signal %d\n",
			        n, WTERMSIG(ws));
			bad++;
		} else if (WEXITSTATUS(ws) > 1) {
			fprintf(stderr, "  failing allocation %ld: check %d\n",
			        n, WEXITSTATUS(ws));
			bad++;
		} else {
			seen += WEXITSTATUS(ws);
		}
	}
	return bad ? -1 : seen;
}

typedef struct reader_ctx {
	folio_db *db;
	const char *query;
	uint64_t total; /* what the search finds */
	uint64_t count;
	int for_good; /* every allocation fails from the n-th on */
} reader_ctx;

static int reader_child(long n, void *ctx)
{
	reader_ctx *c = ctx;
	uint64_t total = 0, count = 0;
	folio_status st;
	int i;

	(void)n; /* unused where SANITIZED leaves the countdown out */
#ifndef SANITIZED
	failing_on = c->for_good;
	countdown = n;
#endif
	st = search_hits(c->db, c->query, &total);
#ifndef SANITIZED
	countdown = -1;
#endif
	if (st != FOLIO_OK && st != FOLIO_ERROR_NOMEM)
		return 2;
	if (st == FOLIO_ERROR_NOMEM && !*folio_db_error(c->db))
		return 6;
	if (st == FOLIO_OK && total != c->total)
		return 3;
	/* The same handle searches again, as if nothing had happened. */
	for (i = 0; i < 2; i++)
		if (search_hits(c->db, c->query, &total) != FOLIO_OK ||
		    total != c->total)
			return 4;
	if (folio_db_count(c->db, &count) != FOLIO_OK || count != c->count)
		return 5;
	return st == FOLIO_ERROR_NOMEM;
}

/* A reader of an index of n posts (in scratch directory name), all of
 * which text finds, searching it with every allocation failing in turn
 * (for_good: with every one from it on failing). */
static void sweep_reader(const char *name, int n, const char *text, long upto,
                         int for_good)
{
	reader_ctx c = { NULL, text, 0, 0, for_good };
	char idx[300];

	in_root(idx, sizeof idx, name);
	make_index(idx, n);
	c.db = open_as(idx, FOLIO_OPEN_READ);
	assert_true(c.db != NULL);
	assert_ok(search_hits(c.db, c.query, &c.total));
	assert_int(n, (long)c.total);
	assert_ok(folio_db_count(c.db, &c.count));
	/* Some failures must have reached the caller for this to test
	 * anything. */
	assert_true(sweep(reader_child, &c, upto) > 0);
	folio_db_close(c.db);
}

static void test_nomem__a_reader_searches_on_after_running_out(void)
{
	sweep_reader("reader", 3000, query, SWEEP, 0);
}

/* Memory that stays short from some allocation of a search on: each
 * failure reaches the caller as FOLIO_ERROR_NOMEM with a message. An
 * abbreviation's title terms (posterior: pos... in the titles "Post N")
 * crashed the process where their list could not grow (boosts.c
 * title_term counted the name it had not kept), and the message was ""
 * where there was no room left to write it. */
static void test_nomem__a_reader_searches_on_while_memory_stays_short(void)
{
	sweep_reader("short", 30, "posterior lattices words quokkas", SWEEP, 1);
}

/* Only the joined form of two of the words, quokkas, finds the posts: a
 * word the compiler could not keep for the joined pairs (seq_note_word),
 * or a lookup of the joined form that failed (taken for "no post has
 * it"), must fail the search, not lose its posts. Three words, ORed:
 * Xapian 1.4.22 itself crashes when an allocation fails as it builds an
 * AND's posting lists (postlist_sub_and_like), which two words are. */
static void test_nomem__a_joined_pair_is_never_lost_running_out(void)
{
	/* the losses this guards against were at allocations 15, 26
	 * (the words' copies) and 39 (the joined form's lookup), counting
	 * malloc's alone */
	sweep_reader("joined", 30, "quok kas zzz", SWEEP, 0);
}

/* The post a writer adds (p.url changed for more). */
static folio_post new_post(void)
{
	folio_post p = { "https://example.com/new0",
		         "A new post",
		         NULL,
		         NULL,
		         NULL,
		         NULL,
		         "Quokkas again.",
		         NULL,
		         0 };

	return p;
}

static int writer_child(long n, void *ctx)
{
	const char *idx = ctx;
	folio_post p = new_post();
	uint64_t count = 0;
	folio_status st;
	folio_db *db = open_as(idx, FOLIO_OPEN_WRITE);

	(void)n; /* unused where SANITIZED leaves the countdown out */
	if (!db)
		return 2;
	/* Pending, never committed: */
	if (folio_db_add_post(db, &p) != FOLIO_OK)
		return 3;
	p.url = "https://example.com/new1";
#ifndef SANITIZED
	countdown = n;
#endif
	st = folio_db_add_post(db, &p);
#ifndef SANITIZED
	countdown = -1;
#endif
	if (st == FOLIO_OK)
		_exit(0); /* uncommitted, and so left out */
	if (st != FOLIO_ERROR_NOMEM)
		return 4;
	p.url = "https://example.com/new2";
	st = folio_db_add_post(db, &p);
	if (st == FOLIO_OK)
		_exit(0); /* the failure was folio's own: nothing broken */
	/* Broken: every call refuses and says to close the handle, and the
	 * close commits none of the pending changes. */
	if (st != FOLIO_ERROR_NOMEM || !strstr(folio_db_error(db), "close"))
		return 5;
	if (folio_db_commit(db) != FOLIO_ERROR_NOMEM ||
	    folio_db_count(db, &count) != FOLIO_ERROR_NOMEM ||
	    folio_db_search(db, "quokkas", NULL, &(folio_results *){ NULL }) !=
	        FOLIO_ERROR_NOMEM)
		return 6;
	folio_db_close(db);
	db = open_as(idx, FOLIO_OPEN_READ);
	if (!db || folio_db_count(db, &count) != FOLIO_OK || count != 50)
		return 7;
	folio_db_close(db);
	return 1;
}

static void
test_nomem__a_writer_refuses_and_commits_nothing_after_running_out(void)
{
	char idx[300];

	in_root(idx, sizeof idx, "writer");
	make_index(idx, 50);
	assert_true(sweep(writer_child, idx, SWEEP) > 0);
}

/* What the abort handler does in commit_child's committing process:
 * exit, saying whether it was told what failed. */
static void commit_aborted(const char *what, void *payload)
{
	(void)payload;
	_exit(*what ? 20 : 21);
}

/* A writer's commit with memory short from its n-th allocation on, in a
 * process of its own. It must end in FOLIO_OK, in FOLIO_ERROR_NOMEM with
 * a message, or in the abort handler, which is Xapian 1.4.22's only way
 * out where a destructor of its commit throws (folio_abort_handler_set):
 * a bare SIGABRT, or a handler told nothing, fails. The index is then as
 * at one of its commits. */
static int commit_child(long n, void *ctx)
{
	const char *idx = ctx;
	folio_post p = new_post();
	uint64_t count = 0;
	int ws = 0;
	pid_t pid;
	folio_db *db;

	(void)n; /* unused where SANITIZED leaves the countdown out */
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		folio_status st;

		db = open_as(idx, FOLIO_OPEN_WRITE);
		if (!db || folio_db_add_post(db, &p) != FOLIO_OK)
			_exit(2);
		folio_abort_handler_set(commit_aborted, NULL);
#ifndef SANITIZED
		failing_on = 1;
		countdown = n;
#endif
		st = folio_db_commit(db);
#ifndef SANITIZED
		countdown = -1;
#endif
		_exit(st == FOLIO_OK                                   ? 10
		      : st == FOLIO_ERROR_NOMEM && *folio_db_error(db) ? 11
		                                                       : 3);
	}
	if (pid < 0 || waitpid(pid, &ws, 0) != pid)
		return 4;
	if (!WIFEXITED(ws))
		return 5;
	if (WEXITSTATUS(ws) < 10 || WEXITSTATUS(ws) == 21)
		return 6;
	db = open_as(idx, FOLIO_OPEN_READ);
	if (!db || folio_db_count(db, &count) != FOLIO_OK ||
	    (count != 50 && count != 51))
		return 7;
	folio_db_close(db);
	return WEXITSTATUS(ws) != 10;
}

static void
test_nomem__a_commit_short_of_memory_fails_or_ends_in_the_abort_handler(void)
{
	char idx[300];

	in_root(idx, sizeof idx, "commit");
	make_index(idx, 50);
	assert_true(sweep(commit_child, idx, SWEEP) > 0);
}

static const fo_test tests[] = {
	FO_TEST(test_nomem__a_reader_searches_on_after_running_out),
	FO_TEST(test_nomem__a_reader_searches_on_while_memory_stays_short),
	FO_TEST(test_nomem__a_joined_pair_is_never_lost_running_out),
	FO_TEST(
	    test_nomem__a_writer_refuses_and_commits_nothing_after_running_out),
	FO_TEST(
	    test_nomem__a_commit_short_of_memory_fails_or_ends_in_the_abort_handler),
};

int main(void)
{
	int rc;

#ifdef SANITIZED
	puts("skipped: the sanitizers' allocators cannot be made to fail");
	puts("0 passed, 0 failed");
	return 0;
#endif
	if (fo_tempdir_make(root, sizeof root, "api-nomem") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
