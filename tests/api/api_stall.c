/*
 * api_stall.c: how long a reader waits behind a writer stalled between
 * the commits of its shards. A writer of a sharded index commits one
 * shard after another; a reader that moves on meanwhile waits for the
 * rest, so that it never sees a commit in some shards and not in the
 * others (api_threads.c). A writer stopped between two of them (a
 * SIGSTOP here; a paused VM or a stuck disk in life) must not hold a
 * search, or an open, for longer than folio.h says (about 2 s): they fail
 * with FOLIO_ERROR_MODIFIED, saying the index is being written, and once
 * the writer goes on they see its whole commit.
 *
 * The stall is caught, not staged: a child process commits batch after
 * batch into a 2-shard index through folio.h, and the parent watches the
 * shards' version files (iamglass, which glass replaces on every commit)
 * and stops the child when shard 0's has changed and shard 1's has not,
 * checking again once it is stopped; a miss lets it go on, a child that
 * finishes uncaught is followed by another.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "seed.h"
#include "tempdir.h"

#include <errno.h>
#include <glob.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SEED     30
#define COMMITS  400 /* by each child */
#define CHILDREN 20  /* children tried before giving up on a stall */
/* folio.h's bound on a wait behind a writer is about 2 s: with slack for
 * a loaded machine (the sanitizers), yet well below what the layers of
 * retries took before it (8 s and more). */
#define BOUND_MS 4000

static char root[256];

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static folio_status open_db(const char *path, unsigned flags, folio_db **db,
                            char *why, size_t size)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	char *errmsg = NULL;
	folio_status st;

	opts.flags = flags;
	st = folio_db_open(path, &opts, db, &errmsg);
	snprintf(why, size, "%s", errmsg ? errmsg : "");
	free(errmsg);
	return st;
}

/* The child: COMMITS commits of two "delta" posts each, then exit. */
static void writer_child(const char *path, int child)
{
	static const char *const topics[] = { "Stall" };
	char url[96], why[512];
	folio_db *db = NULL;
	folio_post p;
	folio_status st;

	st = open_db(path, FOLIO_OPEN_WRITE | FOLIO_OPEN_WAIT, &db, why,
	             sizeof why);
	for (int c = 0; st == FOLIO_OK && c < COMMITS; c++) {
		for (int i = 0; st == FOLIO_OK && i < 2; i++) {
			snprintf(url, sizeof url,
			         "https://example.com/w/%d/%d/%d", child, c, i);
			memset(&p, 0, sizeof p);
			p.url = url;
			p.title = "Writer post";
			p.summary = "A delta written while a reader waits.";
			p.topics = topics;
			p.n_topics = 1;
			st = folio_db_add_post(db, &p);
		}
		if (st == FOLIO_OK)
			st = folio_db_commit(db);
	}
	if (folio_db_close(db) != FOLIO_OK)
		st = FOLIO_ERROR_BACKEND;
	_exit(st == FOLIO_OK ? 0 : 1);
}

/* The identity of a shard's version file: glass writes a new one and
 * renames it over the old on every commit. */
static int version_of(const char *file, ino_t *ino)
{
	struct stat sb;

	if (stat(file, &sb) != 0)
		return -1;
	*ino = sb.st_ino;
	return 0;
}

/* Run children until one is stopped with shard 0 committed and shard 1
 * not: its pid, or -1; *ran counts the children run, that one included.
 * v0 and v1 are the shards' iamglass files. */
static pid_t stall_writer(const char *path, const char *v0, const char *v1,
                          int *ran)
{
	for (int child = 0; child < CHILDREN; child++) {
		ino_t a0, a1, b0, b1, c0, c1;
		pid_t pid;
		int status;

		if (version_of(v0, &a0) != 0 || version_of(v1, &a1) != 0)
			return -1;
		fflush(NULL);
		pid = fork();
		if (pid < 0)
			return -1;
		if (pid == 0)
			writer_child(path, child);
		*ran = child + 1;
		while (waitpid(pid, &status, WNOHANG) == 0) {
			if (version_of(v0, &b0) != 0 ||
			    version_of(v1, &b1) != 0)
				continue; /* between a rename's two halves */
			if (b0 != a0 && b1 == a1) {
				kill(pid, SIGSTOP);
				waitpid(pid, &status, WUNTRACED);
				/* Stopped: torn only if shard 1 has still not
				 * committed and shard 0 is where it was. */
				if (version_of(v0, &c0) == 0 &&
				    version_of(v1, &c1) == 0 && c0 == b0 &&
				    c1 == a1)
					return pid;
				kill(pid, SIGCONT);
			}
			a0 = b0;
			a1 = b1;
		}
	}
	return -1;
}

/* The one glass file path under root matching pattern, into out. */
static int find_file(const char *pattern, char *out, size_t size)
{
	glob_t g;
	int ok;

	if (glob(pattern, 0, NULL, &g) != 0)
		return -1;
	ok = g.gl_pathc == 1;
	if (ok)
		snprintf(out, size, "%s", g.gl_pathv[0]);
	globfree(&g);
	return ok ? 0 : -1;
}

static uint64_t count_delta(folio_db *db, folio_status *st)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	uint64_t n;

	so.limit = 0;
	*st = folio_db_search(db, "delta", &so, &r);
	n = *st == FOLIO_OK ? folio_results_total(r) : 0;
	folio_results_free(r);
	return n;
}

/* A reader open before the writer stalls, and one opened during the
 * stall, each give up within the bound with FOLIO_ERROR_MODIFIED saying
 * the index is being written; once the writer has finished, both see
 * every post it committed. */
static void test_stall__reader_waits_a_bounded_time(void)
{
	char path[300], pat[400], v0[400], v1[400], why[512], search_why[512];
	folio_db *old = NULL, *fresh = NULL;
	folio_status st, search_st;
	uint64_t before, total;
	double t0, search_ms, open_ms;
	pid_t pid;
	int status, ran = 0;

	snprintf(path, sizeof path, "%s/stall", root);
	assert_ok(seed_index_sharded(path, SEED, 2,
	                             "A delta of posts there before the "
	                             "writer starts."));
	snprintf(pat, sizeof pat, "%s/gen-*/shard-0/iamglass", path);
	assert_ok(find_file(pat, v0, sizeof v0));
	snprintf(pat, sizeof pat, "%s/gen-*/shard-1/iamglass", path);
	assert_ok(find_file(pat, v1, sizeof v1));

	assert_ok(open_db(path, FOLIO_OPEN_READ, &old, why, sizeof why));
	before = count_delta(old, &st);
	assert_ok(st);
	assert_int(SEED, before);

	pid = stall_writer(path, v0, v1, &ran);
	if (pid < 0) {
		folio_db_close(old);
		FO_FAIL_("no writer was caught between its shard commits in "
		         "%d tries",
		         CHILDREN);
	}

	t0 = now_ms();
	count_delta(old, &search_st);
	search_ms = now_ms() - t0;
	snprintf(search_why, sizeof search_why, "%s", folio_db_error(old));
	printf("  search behind the stalled writer (child %d): status %d "
	       "after %.0f ms: %s\n",
	       ran, (int)search_st, search_ms, search_why);
	t0 = now_ms();
	st = open_db(path, FOLIO_OPEN_READ, &fresh, why, sizeof why);
	open_ms = now_ms() - t0;
	printf("  open behind the stalled writer: status %d after %.0f ms: "
	       "%s\n",
	       (int)st, open_ms, why);
	folio_db_close(fresh);
	fresh = NULL;

	kill(pid, SIGCONT);
	waitpid(pid, &status, 0);

	assert_true(search_ms < BOUND_MS);
	assert_true(open_ms < BOUND_MS);
	assert_int(FOLIO_ERROR_MODIFIED, search_st);
	assert_true(strstr(search_why, "is being written") != NULL);
	assert_int(FOLIO_ERROR_MODIFIED, st);
	assert_true(strstr(why, "is being written") != NULL);

	/* The writers finished: every post of theirs, in both readers. */
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	total = count_delta(old, &st);
	assert_ok(st);
	assert_int(SEED + 2 * COMMITS * ran, total);
	assert_ok(open_db(path, FOLIO_OPEN_READ, &fresh, why, sizeof why));
	assert_int(total, count_delta(fresh, &st));
	assert_ok(st);
	folio_db_close(fresh);
	folio_db_close(old);
}

int main(void)
{
	static const fo_test tests[] = {
		FO_TEST(test_stall__reader_waits_a_bounded_time),
	};
	int rc;

	if (fo_tempdir_make(root, sizeof root, "stall") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
