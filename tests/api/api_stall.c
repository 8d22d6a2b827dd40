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
 *
 * One deadline bounds the whole call, the search a suggestion check makes
 * inside a search included: a writer stalled before the suggestion check
 * must not get a fresh 2 s out of it. That stall has to come between the
 * search's own reads and its check's, which this program arranges by
 * interposing open(): the search opens the index's stub (XAPIANDB) when
 * it starts and again when its suggestion check starts, and the second
 * stall is made then, by a writer that commits on command.
 */
#define _GNU_SOURCE
#include "folio.h"
#include "harness.h"
#include "seed.h"
#include "tempdir.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdarg.h>
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

/* Behind a writer stalled for this long before the suggestion check, a
 * search that kept one deadline still ends at about 2 s; one whose check
 * started a deadline of its own ended at about 1.2 + 2 s. */
#define FIRST_STALL_MS 1200
#define CALL_BOUND_MS  2700

static char root[256];

/* While set, open() calls on_hook(n) before the n-th open of hook_path. */
static const char *hook_path;
static int hook_opens;
static void (*on_hook)(int n);

int open(const char *path, int flags, ...)
{
	static int (*real)(const char *, int, ...);
	mode_t mode = 0;
	va_list ap;

	if (flags & (O_CREAT | O_TMPFILE)) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "open");
	if (hook_path && strcmp(path, hook_path) == 0)
		on_hook(++hook_opens);
	return real(path, flags, mode);
}

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

/* One commit of two "delta" posts, https://example.com/w/ID/0 and 1. */
static folio_status commit_two(folio_db *db, const char *id)
{
	static const char *const topics[] = { "Stall" };
	char url[96];
	folio_post p;
	folio_status st = FOLIO_OK;

	for (int i = 0; st == FOLIO_OK && i < 2; i++) {
		snprintf(url, sizeof url, "https://example.com/w/%s/%d", id, i);
		memset(&p, 0, sizeof p);
		p.url = url;
		p.title = "Writer post";
		p.summary = "A delta written while a reader waits.";
		p.topics = topics;
		p.n_topics = 1;
		st = folio_db_add_post(db, &p);
	}
	return st == FOLIO_OK ? folio_db_commit(db) : st;
}

/* The child: COMMITS commits of two "delta" posts each, then exit. */
static void writer_child(const char *path, int child)
{
	char id[32], why[512];
	folio_db *db = NULL;
	folio_status st;

	st = open_db(path, FOLIO_OPEN_WRITE | FOLIO_OPEN_WAIT, &db, why,
	             sizeof why);
	for (int c = 0; st == FOLIO_OK && c < COMMITS; c++) {
		snprintf(id, sizeof id, "%d/%d", child, c);
		st = commit_two(db, id);
	}
	if (folio_db_close(db) != FOLIO_OK)
		st = FOLIO_ERROR_BACKEND;
	_exit(st == FOLIO_OK ? 0 : 1);
}

/* The identity of a shard's version file: glass writes a new one and
 * renames it over the old on every commit. Its inode and the time it
 * was written: an inode alone comes back (the one freed by a commit is
 * often the next but one's), which took two commits of shard 1 between
 * two looks for none. */
typedef unsigned long long version;

static int version_of(const char *file, version *v)
{
	struct stat sb;

	if (stat(file, &sb) != 0)
		return -1;
	*v = ((version)sb.st_ino << 40) ^
	     ((version)sb.st_mtim.tv_sec * 1000000000ULL +
	      (version)sb.st_mtim.tv_nsec);
	return 0;
}

/* Run children until one is stopped with shard 0 committed and shard 1
 * not: its pid, or -1; *ran counts the children run, that one included.
 * v0 and v1 are the shards' iamglass files.
 *
 * A look reads shard 1's file before shard 0's. The writer commits shard
 * 0, then shard 1, then shard 0 again: a commit of shard 0 seen by this
 * look, with none of shard 1 from the last look's read of it until the
 * child is stopped, is then the writer's last commit, and the index is
 * torn. Read the other way round, the shard 1 commit that followed it
 * can fall between the last look's two reads, the look sees a commit of
 * shard 0 and none of shard 1, and the child is stopped between two
 * whole commits (a search behind it rightly waits for nothing: seen when
 * the parent lost the processor between its two reads, as under a full
 * sanitizer run). */
static pid_t stall_writer(const char *path, const char *v0, const char *v1,
                          int *ran)
{
	for (int child = 0; child < CHILDREN; child++) {
		version a0, a1, b0, b1, c0, c1;
		pid_t pid;
		int status;

		if (version_of(v1, &a1) != 0 || version_of(v0, &a0) != 0)
			return -1;
		fflush(NULL);
		pid = fork();
		if (pid < 0)
			return -1;
		if (pid == 0)
			writer_child(path, child);
		*ran = child + 1;
		while (waitpid(pid, &status, WNOHANG) == 0) {
			/* Shard 1's first: see the comment above. */
			if (version_of(v1, &b1) != 0 ||
			    version_of(v0, &b0) != 0)
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

/* A 2-shard index of SEED "delta" posts at root/name, into path (300
 * bytes), and its shards' version files (iamglass) into v0 and v1 (400
 * bytes each). */
static folio_status seed_two_shards(const char *name, char *path, char *v0,
                                    char *v1)
{
	char pat[400];
	folio_status st;

	snprintf(path, 300, "%s/%s", root, name);
	st = seed_index_sharded(path, SEED, 2,
	                        "A delta of posts there before the writer "
	                        "starts.");
	snprintf(pat, sizeof pat, "%s/gen-*/shard-0/iamglass", path);
	if (st == FOLIO_OK && find_file(pat, v0, 400) != 0)
		st = FOLIO_ERROR_NOT_FOUND;
	snprintf(pat, sizeof pat, "%s/gen-*/shard-1/iamglass", path);
	if (st == FOLIO_OK && find_file(pat, v1, 400) != 0)
		st = FOLIO_ERROR_NOT_FOUND;
	return st;
}

/* The child: opens the index for writing, says so on ready, then makes
 * one commit of two "delta" posts for each byte read from orders, until
 * they end. */
static void commanded_writer(const char *path, int orders, int ready)
{
	char id[32], why[512], c;
	folio_db *db = NULL;
	folio_status st;
	int n = 0;

	st = open_db(path, FOLIO_OPEN_WRITE | FOLIO_OPEN_WAIT, &db, why,
	             sizeof why);
	if (write(ready, "r", 1) != 1)
		st = FOLIO_ERROR_IO;
	while (st == FOLIO_OK && read(orders, &c, 1) == 1) {
		snprintf(id, sizeof id, "c/%d", n++);
		st = commit_two(db, id);
	}
	if (folio_db_close(db) != FOLIO_OK)
		st = FOLIO_ERROR_BACKEND;
	_exit(st == FOLIO_OK ? 0 : 1);
}

/* The commanded writer of the suggestion test and what it did. */
static struct {
	pid_t pid, waker;
	int orders;
	int commits; /* ordered, each of two posts */
	int stalls;  /* caught between its shard commits */
	const char *v0, *v1;
} cw;

/* Order commits of the commanded writer until one is stopped with shard
 * 0 committed and shard 1 not (as stall_writer); 1 when one was. Each
 * order waits for the commit before it to end, shard 1's included. */
static int stall_commanded(void)
{
	version a0, a1, b0, b1;

	for (int tries = 0; tries < 50; tries++) {
		if (version_of(cw.v0, &a0) != 0 ||
		    version_of(cw.v1, &a1) != 0 ||
		    write(cw.orders, "c", 1) != 1)
			return 0;
		cw.commits++;
		for (;;) {
			int gone;

			if (waitpid(cw.pid, &gone, WNOHANG) != 0)
				return 0;
			if (version_of(cw.v0, &b0) != 0 ||
			    version_of(cw.v1, &b1) != 0)
				continue;
			if (b0 != a0 && b1 == a1) {
				int status;

				kill(cw.pid, SIGSTOP);
				waitpid(cw.pid, &status, WUNTRACED);
				if (version_of(cw.v0, &b0) == 0 &&
				    version_of(cw.v1, &b1) == 0 && b1 == a1) {
					cw.stalls++;
					return 1;
				}
				kill(cw.pid, SIGCONT);
			}
			if (b0 != a0 && b1 != a1)
				break; /* missed: the whole commit is in */
		}
	}
	return 0;
}

/* At the search's first open of the stub, before it reads anything: stall
 * the writer, and have it go on FIRST_STALL_MS later (from a process of
 * its own: this one is the search). At the second, the suggestion check's:
 * stall it again, for good. */
static void stall_at_stub(int n)
{
	if (n > 2)
		return;
	if (!stall_commanded())
		return;
	if (n == 1) {
		fflush(NULL);
		cw.waker = fork();
		if (cw.waker == 0) {
			struct timespec t = { FIRST_STALL_MS / 1000,
				              (FIRST_STALL_MS % 1000) *
				                  1000000L };
			nanosleep(&t, NULL);
			kill(cw.pid, SIGCONT);
			_exit(0);
		}
	}
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
	char path[300], v0[400], v1[400], why[512], search_why[512];
	folio_db *old = NULL, *fresh = NULL;
	folio_status st, search_st;
	uint64_t before, total;
	double t0, search_ms, open_ms;
	pid_t pid;
	int status, ran = 0;

	assert_ok(seed_two_shards("stall", path, v0, v1));

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

/* A search with few hits checks its suggestion with a search of its own.
 * Behind a writer stalled before the search starts, which goes on
 * FIRST_STALL_MS later and is stalled again as the check starts, the
 * whole search still ends within about 2 s: the check waits only for
 * what is left of the search's deadline, and gives up (no suggestion)
 * rather than the search. */
static void test_stall__suggestion_check_shares_the_deadline(void)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	char path[300], v0[400], v1[400], stub[400], why[512];
	char search_why[512];
	folio_results *r = NULL;
	folio_db *db = NULL;
	folio_status st;
	double t0, ms;
	int orders[2], ready[2], status, ok_suggested;
	char c;

	assert_ok(seed_two_shards("suggest", path, v0, v1));
	snprintf(stub, sizeof stub, "%s/XAPIANDB", path);
	assert_ok(open_db(path, FOLIO_OPEN_READ, &db, why, sizeof why));

	/* Unstalled, "delte" finds nothing and its check finds "delta". */
	assert_ok(folio_db_search(db, "delte", &so, &r));
	assert_int(0, folio_results_total(r));
	ok_suggested = folio_results_suggestion(r) &&
	               strcmp(folio_results_suggestion(r), "delta") == 0;
	folio_results_free(r);
	r = NULL;
	assert_true(ok_suggested);

	assert_true(pipe(orders) == 0 && pipe(ready) == 0);
	fflush(NULL);
	memset(&cw, 0, sizeof cw);
	cw.pid = fork();
	assert_true(cw.pid >= 0);
	if (cw.pid == 0) {
		close(orders[1]);
		close(ready[0]);
		commanded_writer(path, orders[0], ready[1]);
	}
	close(orders[0]);
	close(ready[1]);
	cw.orders = orders[1];
	cw.v0 = v0;
	cw.v1 = v1;
	assert_true(read(ready[0], &c, 1) == 1);
	close(ready[0]);

	on_hook = stall_at_stub;
	hook_opens = 0;
	hook_path = stub;
	t0 = now_ms();
	st = folio_db_search(db, "delte", &so, &r);
	ms = now_ms() - t0;
	hook_path = NULL;
	snprintf(search_why, sizeof search_why, "%s", folio_db_error(db));
	printf("  search with a suggestion check behind a writer stalled "
	       "twice (%d caught, %d stub opens): status %d after %.0f ms, "
	       "suggestion %s%s\n",
	       cw.stalls, hook_opens, (int)st, ms,
	       r && folio_results_suggestion(r) ? folio_results_suggestion(r)
	                                        : "(none)",
	       search_why);
	ok_suggested = r && folio_results_suggestion(r) != NULL;
	folio_results_free(r);
	r = NULL;

	kill(cw.pid, SIGCONT);
	close(cw.orders);
	waitpid(cw.pid, &status, 0);
	if (cw.waker > 0)
		waitpid(cw.waker, NULL, 0);

	assert_int(2, cw.stalls);
	assert_true(ms < CALL_BOUND_MS);
	/* The search itself was made: only its check gave up. */
	assert_ok(st);
	assert_true(!ok_suggested);

	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int(SEED + 2 * cw.commits, count_delta(db, &st));
	assert_ok(st);
	folio_db_close(db);
}

/* What index_between indexes (EXTRA posts of extra, into the index at
 * extra_into, kept beside the others), and whether it did. */
#define EXTRA 5
static char extra[320], extra_into[300];
static int extra_ran;

/* The child of index_between: the indexing run, its status the exit's. */
static void index_extra(void)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	const char *paths[1] = { extra };
	folio_db *w = NULL;
	folio_status st;

	hook_path = NULL;
	oo.flags = FOLIO_OPEN_WRITE | FOLIO_OPEN_WAIT;
	io.no_delete = 1;
	st = folio_db_open(extra_into, &oo, &w, NULL);
	if (st == FOLIO_OK)
		st = folio_db_index_paths(w, paths, 1, &io, NULL);
	if (folio_db_close(w) != FOLIO_OK)
		st = FOLIO_ERROR_BACKEND;
	_exit(st == FOLIO_OK ? 0 : 1);
}

/* At the second open of shard 0's version file in a folio_db_stats call:
 * after its first reads (the post and term counts), at the check that
 * its first metadata read was of the newest commit. */
static void index_between(int n)
{
	pid_t pid;
	int status;

	if (n != 2)
		return;
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		index_extra();
	extra_ran = pid > 0 && waitpid(pid, &status, 0) == pid &&
	            WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* folio_db_stats reports one commit, though an indexing run commits
 * between its reads: all of it before the run, or all after. It reported
 * the posts and terms counted before and the metadata (the corpus paths)
 * written after. */
static void test_stall__stats_are_of_one_commit(void)
{
	char v0[400], v1[400], why[512];
	folio_stats s = FOLIO_STATS_INIT;
	folio_db *db = NULL;
	folio_status st;
	uint64_t documents;
	int with_extra;
	FILE *f;

	assert_ok(seed_two_shards("stats", extra_into, v0, v1));
	snprintf(extra, sizeof extra, "%s/extra.jsonl", root);
	f = fopen(extra, "w");
	assert_true(f != NULL);
	for (int i = 0; i < EXTRA; i++)
		fprintf(f,
		        "{\"url\": \"https://example.com/extra/%d\", "
		        "\"title\": \"Extra post %d\", \"summary\": "
		        "\"Epsilon words\"}\n",
		        i, i);
	assert_true(fclose(f) == 0);
	assert_ok(open_db(extra_into, FOLIO_OPEN_READ, &db, why, sizeof why));

	extra_ran = 0;
	on_hook = index_between;
	hook_opens = 0;
	hook_path = v0;
	st = folio_db_stats(db, &s);
	hook_path = NULL;
	documents = s.documents;
	with_extra = s.corpus && strstr(s.corpus, "extra.jsonl") != NULL;
	printf("  stats with a run between their reads (%s): status %d, "
	       "%llu posts, corpus %s the run's file\n",
	       extra_ran ? "ran" : "did not run", (int)st,
	       (unsigned long long)documents, with_extra ? "with" : "without");
	folio_db_close(db);

	assert_true(extra_ran);
	assert_ok(st);
	assert_int(SEED + EXTRA, documents);
	assert_true(with_extra);
}

int main(void)
{
	static const fo_test tests[] = {
		FO_TEST(test_stall__reader_waits_a_bounded_time),
		FO_TEST(test_stall__suggestion_check_shares_the_deadline),
		FO_TEST(test_stall__stats_are_of_one_commit),
	};
	int rc;

	if (fo_tempdir_make(root, sizeof root, "stall") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
