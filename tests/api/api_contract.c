/*
 * api_contract.c: the public contract of libfolio (folio.h), exercised
 * through the shared library only: opening, creating and locking an index,
 * adding, replacing and deleting posts, argument checking with its error
 * texts, searching (hit fields, paging, caller-chosen highlight markers,
 * results that outlive the handle), indexing corpus files with diagnostics,
 * and the status strings. Every test works in its own index under a fresh
 * temporary directory, removed at the end.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "scratch.h"
#include "seed.h"
#include "tempdir.h"

#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const topics_locking[] = { "PostgreSQL", "Concurrency" };
static const char *const topics_python[] = { "Python" };

#define URL_LOCKING "https://example.com/row-locking"
#define URL_PYTHON "https://example.com/free-threaded"
#define URL_MXFP8 "https://example.com/mxfp8"

static const folio_post post_locking = {
	URL_LOCKING,
	"The Curious Case of the Table-Locking UPDATE",
	"Heroku",
	"Richard Schneeman",
	"2019-12-19",
	"Incident",
	"An UPDATE held a row lock for days while jobs piled up. Notes follow.",
	topics_locking,
	2
};

static const folio_post post_python = {
	URL_PYTHON,
	"Python 3.14 free-threaded build",
	"Red Hat",
	NULL,
	"2026-09-14",
	"Announcement",
	"RHEL ships a free-threaded Python without the GIL. Notes follow.",
	topics_python,
	1
};

static const folio_post post_mxfp8 = {
	URL_MXFP8,
	"Grouped GEMM with MXFP8",
	NULL,
	NULL,
	NULL,
	NULL,
	"MXFP8 quantization speeds up expert parallel training. Notes follow.",
	NULL,
	0
};

static folio_status add_three(folio_db *db)
{
	folio_status st = folio_db_add_post(db, &post_locking);

	if (st == FOLIO_OK)
		st = folio_db_add_post(db, &post_python);
	if (st == FOLIO_OK)
		st = folio_db_add_post(db, &post_mxfp8);
	return st;
}

/* Create root/name holding the three posts, committed and closed. */
static folio_status build_three(const char *path)
{
	folio_db *db = NULL;
	folio_status st = seed_open(path, WRITE_CREATE, &db);

	if (st == FOLIO_OK)
		st = add_three(db);
	if (st == FOLIO_OK)
		st = folio_db_close(db);
	else
		folio_db_close(db);
	return st;
}

static uint64_t count_of(folio_db *db)
{
	uint64_t n = UINT64_MAX;

	if (folio_db_count(db, &n) != FOLIO_OK)
		return UINT64_MAX;
	return n;
}

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int rc;

	if (!f)
		return -1;
	rc = fputs(text, f) < 0 ? -1 : 0;
	if (fclose(f) != 0)
		rc = -1;
	return rc;
}

/* ---- opening ------------------------------------------------------------ */

static void test_api__opening_a_missing_index_without_create_is_not_found(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = (folio_db *)&opts; /* must be reset to NULL */
	char path[512], *errmsg = NULL;
	folio_status st;

	in_root(path, sizeof path, "missing");
	st = folio_db_open(path, NULL, &db, &errmsg);
	assert_int(FOLIO_ERROR_NOT_FOUND, st);
	assert_true(db == NULL);
	assert_true(errmsg != NULL);
	if (!strstr(errmsg, path))
		fprintf(stderr, "  errmsg: %s\n", errmsg);
	assert_true(strstr(errmsg, path) != NULL);
	free(errmsg);
	errmsg = NULL;

	/* WRITE alone does not create; CREATE alone is a mistake
	 * (test_api__unknown_flags_are_invalid). */
	opts.flags = FOLIO_OPEN_WRITE;
	assert_int(FOLIO_ERROR_NOT_FOUND, folio_db_open(path, &opts, &db, &errmsg));
	assert_true(db == NULL);
	free(errmsg);
	errmsg = NULL;
	opts.flags = FOLIO_OPEN_CREATE;
	assert_int(FOLIO_ERROR_INVALID, folio_db_open(path, &opts, &db, &errmsg));
	assert_true(db == NULL);
	free(errmsg);
	/* Nothing was created on the way. */
	assert_true(access(path, F_OK) != 0);
	/* errmsg is optional. */
	assert_int(FOLIO_ERROR_NOT_FOUND, folio_db_open(path, NULL, &db, NULL));
}

static void test_api__a_new_index_is_english_and_empty(void)
{
	folio_db *db = NULL;
	char path[512], *errmsg = (char *)"junk";
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;

	in_root(path, sizeof path, "new");
	opts.flags = WRITE_CREATE;
	assert_ok(folio_db_open(path, &opts, &db, &errmsg));
	assert_true(db != NULL);
	assert_true(errmsg == NULL);
	assert_str("english", folio_db_language(db));
	assert_int(0, count_of(db));
	assert_str("", folio_db_error(db));
	assert_ok(folio_db_close(db));
	/* It can be opened again, read-only, without CREATE. */
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	assert_str("english", folio_db_language(db));
	assert_int(0, count_of(db));
	assert_ok(folio_db_close(db));
}

static void test_api__a_wrong_options_version_is_invalid(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL;
	char path[512], *errmsg = NULL;

	in_root(path, sizeof path, "version");
	opts.version = FOLIO_OPEN_OPTIONS_VERSION + 1;
	opts.flags = WRITE_CREATE;
	assert_int(FOLIO_ERROR_INVALID, folio_db_open(path, &opts, &db, &errmsg));
	assert_true(db == NULL);
	assert_true(errmsg != NULL);
	assert_str("folio_open_options version 3 is unknown (this folio takes 1 "
	           "to 2)", errmsg);
	free(errmsg);
	errmsg = NULL;
	opts.version = 0;
	assert_int(FOLIO_ERROR_INVALID, folio_db_open(path, &opts, &db, &errmsg));
	free(errmsg);
	assert_true(access(path, F_OK) != 0);
}

/* Flags this folio does not know are refused, not ignored: a caller
 * built against a newer folio.h learns that its flag does nothing. */
static void test_api__unknown_flags_are_invalid(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_db *db = NULL;
	folio_results *r = NULL;
	char path[512], *errmsg = NULL;

	in_root(path, sizeof path, "flags");
	opts.flags = WRITE_CREATE | 0x100u;
	assert_int(FOLIO_ERROR_INVALID, folio_db_open(path, &opts, &db, &errmsg));
	assert_str("folio_open_options has unknown flags 0x100", errmsg);
	free(errmsg);
	errmsg = NULL;
	opts.flags = FOLIO_OPEN_CREATE;
	assert_int(FOLIO_ERROR_INVALID, folio_db_open(path, &opts, &db, &errmsg));
	assert_str("FOLIO_OPEN_CREATE needs FOLIO_OPEN_WRITE", errmsg);
	free(errmsg);
	errmsg = NULL;
	assert_true(access(path, F_OK) != 0);
	{
		/* Writing to remote shards is refused as such, with or
		 * without a local path (it was "needs a path" without). */
		const char *remote = "localhost:1";

		opts.flags = FOLIO_OPEN_WRITE;
		opts.remotes = &remote;
		opts.n_remotes = 1;
		assert_int(FOLIO_ERROR_INVALID,
		           folio_db_open(NULL, &opts, &db, &errmsg));
		assert_str("remote shards are searched, not written: open them "
		           "read-only",
		           errmsg);
		free(errmsg);
		errmsg = NULL;
		/* The local index alone opens no remote shard: one given
		 * would be silently left out. */
		opts.flags = FOLIO_OPEN_LOCAL;
		assert_int(FOLIO_ERROR_INVALID,
		           folio_db_open(path, &opts, &db, &errmsg));
		assert_str("FOLIO_OPEN_LOCAL opens no remote shards: give none",
		           errmsg);
		free(errmsg);
		opts.remotes = NULL;
		opts.n_remotes = 0;
	}
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	so.flags = FOLIO_SEARCH_FACETS | 0x80000000u;
	assert_int(FOLIO_ERROR_INVALID, folio_db_search(db, "x", &so, &r));
	assert_str("folio_search_options has unknown flags 0x80000000",
	           folio_db_error(db));
	assert_true(r == NULL);
	{
		/* A version 1 struct (it ends at snippet_bytes) has a
		 * sort too, checked as a version 2 one's is: an unknown
		 * one was searched as if it were some order. */
		struct {
			unsigned version;
			size_t offset, limit;
			folio_sort sort;
			const char *highlight_start, *highlight_end;
			size_t snippet_bytes;
		} *v1 = calloc(1, sizeof *v1);

		assert_true(v1 != NULL);
		v1->version = 1;
		v1->limit = 10;
		v1->sort = (folio_sort)42;
		assert_int(FOLIO_ERROR_INVALID,
		           folio_db_search(db, "x", (const void *)v1, &r));
		assert_str("folio_search_options has an unknown sort",
		           folio_db_error(db));
		assert_true(r == NULL);
		v1->sort = FOLIO_SORT_OLDEST;
		assert_ok(folio_db_search(db, "x", (const void *)v1, &r));
		folio_results_free(r);
		free(v1);
	}
	{
		folio_check_options co = FOLIO_CHECK_OPTIONS_INIT;
		uint64_t n = 7;

		co.flags = FOLIO_CHECK_ISOLATE | 0x40u;
		assert_int(FOLIO_ERROR_INVALID, folio_db_check(db, &co, &n));
		assert_str("folio_check_options has unknown flags 0x40",
		           folio_db_error(db));
		assert_int(0, (long)n);
		co.flags = FOLIO_CHECK_ISOLATE;
		co.version = FOLIO_CHECK_OPTIONS_VERSION + 1;
		assert_int(FOLIO_ERROR_INVALID, folio_db_check(db, &co, &n));
		assert_str("folio_check_options version 4 is unknown (this "
		           "folio takes 1 to 3)",
		           folio_db_error(db));
		/* and the flag checks a sound index as sound, in time */
		co.version = FOLIO_CHECK_OPTIONS_VERSION;
		co.timeout_ms = 60000;
		assert_ok(folio_db_check(db, &co, &n));
		assert_int(0, (long)n);
		/* a limit the checker in this process could not keep */
		co.flags = 0;
		assert_int(FOLIO_ERROR_INVALID, folio_db_check(db, &co, &n));
		assert_str("folio_check_options.timeout_ms needs "
		           "FOLIO_CHECK_ISOLATE (a checker in the calling "
		           "process cannot be stopped)",
		           folio_db_error(db));
	}
	{
		/* A version 1 struct ends at flags: nothing past it is
		 * read (ASan sees a read past the allocation). */
		struct {
			unsigned version, flags;
		} *v1 = malloc(sizeof *v1);
		uint64_t n = 7;

		assert_true(v1 != NULL);
		v1->version = 1;
		v1->flags = FOLIO_CHECK_ISOLATE;
		assert_ok(folio_db_check(db, (const void *)v1, &n));
		assert_int(0, (long)n);
		free(v1);
	}
	{
		/* A version 2 struct ends at timeout_ms: its limit is
		 * kept, and no problem callback is read past it. */
		struct {
			unsigned version, flags, timeout_ms;
		} *v2 = malloc(sizeof *v2);
		uint64_t n = 7;

		assert_true(v2 != NULL);
		v2->version = 2;
		v2->flags = 0;
		v2->timeout_ms = 1000;
		assert_int(FOLIO_ERROR_INVALID,
		           folio_db_check(db, (const void *)v2, &n));
		assert_str("folio_check_options.timeout_ms needs "
		           "FOLIO_CHECK_ISOLATE (a checker in the calling "
		           "process cannot be stopped)",
		           folio_db_error(db));
		v2->flags = FOLIO_CHECK_ISOLATE;
		assert_ok(folio_db_check(db, (const void *)v2, &n));
		assert_int(0, (long)n);
		free(v2);
	}
	assert_ok(folio_db_close(db));
}

/* A caller that ignores SIGCHLD has its children reaped by the kernel:
 * the isolated checker's exit status cannot be waited for, but a child
 * that finished sent its whole result through the pipe, and folio.h
 * gives FOLIO_ERROR_BACKEND only to one that did not. A sound index was
 * FOLIO_ERROR_BACKEND all the same ("ended without a result"). */
static void test_api__an_isolated_check_ignoring_sigchld_gives_its_result(void)
{
	folio_check_options co = FOLIO_CHECK_OPTIONS_INIT;
	struct sigaction ign, old;
	folio_db *db = NULL;
	uint64_t n = 7;
	folio_status st;
	char path[512];

	in_root(path, sizeof path, "sigchld");
	assert_ok(build_three(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	memset(&ign, 0, sizeof ign);
	sigemptyset(&ign.sa_mask);
	ign.sa_handler = SIG_IGN;
	assert_int(0, sigaction(SIGCHLD, &ign, &old));
	co.flags = FOLIO_CHECK_ISOLATE;
	st = folio_db_check(db, &co, &n);
	assert_int(0, sigaction(SIGCHLD, &old, NULL));
	assert_str("", folio_db_error(db));
	assert_int(FOLIO_OK, st);
	assert_int(0, (long)n);
	assert_ok(folio_db_close(db));
}

static void test_api__opening_needs_a_path_and_an_out_handle(void)
{
	folio_db *db = NULL;
	char *errmsg = NULL;

	assert_int(FOLIO_ERROR_INVALID, folio_db_open(NULL, NULL, &db, &errmsg));
	assert_true(errmsg != NULL);
	free(errmsg);
	assert_int(FOLIO_ERROR_INVALID, folio_db_open("", NULL, &db, &errmsg));
	assert_str("an empty path names no index", errmsg);
	free(errmsg);
	assert_int(FOLIO_ERROR_INVALID, folio_db_open(root, NULL, NULL, NULL));
}

/* An open that failed before it took the write lock closed descriptor
 * 0, the caller's stdin: the handle's lock descriptor was still the 0
 * of calloc, not -1. */
static void test_api__a_failed_open_closes_no_descriptor_of_the_caller(void)
{
	static const char *const null_remote[] = { "localhost:7001", NULL };
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL;
	char *errmsg = NULL;
	int null_fd = open("/dev/null", O_RDONLY), saved = dup(0);

	assert_true(null_fd >= 0 && dup2(null_fd, 0) == 0);
	opts.n_remotes =
	    1; /* and no remotes: refused after the handle is made */
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_open(root, &opts, &db, &errmsg));
	assert_str("n_remotes is set but remotes is NULL", errmsg);
	free(errmsg);
	assert_true(fcntl(0, F_GETFD) != -1);
	/* A NULL among the remotes was "invalid argument", naming nothing. */
	opts.remotes = null_remote;
	opts.n_remotes = 2;
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_open(root, &opts, &db, &errmsg));
	assert_str("remote shard 2 of 2 is NULL", errmsg);
	free(errmsg);
	if (saved >= 0) {
		dup2(saved, 0);
		close(saved);
	}
	if (null_fd >= 0)
		close(null_fd);
}

static void test_api__a_directory_of_other_files_is_not_an_index(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL;
	char path[512], file[600], *errmsg = NULL;

	in_root(path, sizeof path, "other");
	assert_int(0, mkdir(path, 0777));
	snprintf(file, sizeof file, "%s/notes.txt", path);
	assert_int(0, write_file(file, "not an index\n"));
	opts.flags = WRITE_CREATE;
	assert_int(FOLIO_ERROR_NOT_FOUND, folio_db_open(path, &opts, &db, &errmsg));
	assert_true(db == NULL);
	assert_true(errmsg && strstr(errmsg, "is not a folio index"));
	free(errmsg);
	/* nor is a file, read or written (not an I/O error about the
	 * REMOTES file it cannot hold) */
	errmsg = NULL;
	assert_int(FOLIO_ERROR_NOT_FOUND,
	           folio_db_open(file, NULL, &db, &errmsg));
	assert_true(errmsg && strstr(errmsg, "is not a folio index"));
	if (errmsg && !strstr(errmsg, "is not a folio index"))
		fprintf(stderr, "  %s\n", errmsg);
	free(errmsg);
}

/* A directory holding a REMOTES file alone, opened without its remote
 * shards, is a front end holding no post: its calls answer as for an
 * empty index (search, stats and language crashed on its missing
 * analyzer, and a search then met Xapian's refusal of an Enquire over
 * no database). */
static void test_api__a_front_end_opened_local_holds_nothing(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_stats stats = FOLIO_STATS_INIT;
	folio_db *db = NULL;
	folio_results *r = NULL;
	char path[512], file[600], *errmsg = NULL;

	in_root(path, sizeof path, "front-local");
	assert_int(0, mkdir(path, 0777));
	snprintf(file, sizeof file, "%s/REMOTES", path);
	assert_int(0, write_file(file, "127.0.0.1:1\n"));
	opts.flags = FOLIO_OPEN_LOCAL;
	assert_ok(folio_db_open(path, &opts, &db, &errmsg));
	assert_str("english", folio_db_language(db));
	assert_ok(folio_db_stats(db, &stats));
	assert_int(0, (int)stats.documents);
	assert_ok(folio_db_search(db, "python", NULL, &r));
	assert_int(0, (int)folio_results_count(r));
	assert_int(0, (int)folio_results_total(r));
	folio_results_free(r);
	folio_db_close(db);
	db = NULL;
	/* the language it would search with is named if unknown */
	opts.language = "klingon";
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_open(path, &opts, &db, &errmsg));
	assert_str("unknown stemming language \"klingon\"; the languages are "
	           "none, arabic, armenian, basque, catalan, danish, dutch, "
	           "english, finnish, french, german, greek, hindi, hungarian, "
	           "indonesian, irish, italian, lithuanian, nepali, norwegian, "
	           "porter, portuguese, romanian, russian, serbian, spanish, "
	           "swedish, tamil, turkish, yiddish",
	           errmsg);
	assert_true(db == NULL);
	free(errmsg);
}

/* folio.h: the languages folio_open_options.language takes are listed,
 * "none" first, then libstemmer's names, each one that an open takes and
 * reports as given; an unknown language's message lists the same names,
 * so that a caller never needs libstemmer to tell a user which exist. */
static void test_api__the_stemming_languages_are_listed(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL;
	char path[512], file[600], *errmsg = NULL, list[4096] = "";
	size_t i, n = folio_language_count();

	assert_true(n > 2);
	assert_str("none", folio_language_name(0));
	assert_true(folio_language_name(n) == NULL);
	assert_true(folio_language_name((size_t)-1) == NULL);
	in_root(path, sizeof path, "front-languages");
	assert_int(0, mkdir(path, 0777));
	snprintf(file, sizeof file, "%s/REMOTES", path);
	assert_int(0, write_file(file, "127.0.0.1:1\n"));
	opts.flags = FOLIO_OPEN_LOCAL;
	for (i = 0; i < n; i++) {
		const char *name = folio_language_name(i);

		assert_true(name != NULL);
		opts.language = name;
		assert_ok(folio_db_open(path, &opts, &db, NULL));
		assert_str(name, folio_db_language(db));
		folio_db_close(db);
		db = NULL;
		snprintf(list + strlen(list), sizeof list - strlen(list),
		         "%s%s", i ? ", " : "", name);
	}
	assert_true(strstr(list, ", english, ") != NULL);
	/* a writer refuses an alias, naming every language */
	opts.flags = FOLIO_OPEN_WRITE | FOLIO_OPEN_CREATE;
	opts.language = "en";
	in_root(path, sizeof path, "alias");
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_open(path, &opts, &db, &errmsg));
	assert_true(db == NULL);
	assert_true(errmsg != NULL);
	if (errmsg) {
		const char *at = strstr(errmsg, "; the languages are ");

		assert_true(at != NULL);
		if (at)
			assert_str(list, at + strlen("; the languages are "));
	}
	free(errmsg);
}

static void test_api__closing_null_is_ok(void)
{
	assert_ok(folio_db_close(NULL));
	folio_results_free(NULL);
	assert_int(0, folio_results_count(NULL));
	assert_true(folio_results_hit(NULL, 0) == NULL);
}

/* folio.h: a NULL handle, or a NULL out-parameter a call needs, is
 * FOLIO_ERROR_INVALID, and getters give NULL or 0; nothing crashes. */
static void test_api__null_handles_and_out_pointers_are_invalid(void)
{
	folio_index_report report = FOLIO_INDEX_REPORT_INIT;
	folio_stats stats = FOLIO_STATS_INIT;
	const char *paths[1] = { NULL };
	const char *topics[2] = { "GPU", NULL };
	folio_post p = post_python;
	folio_results *r = NULL;
	folio_db *db = NULL;
	uint64_t n = 0;
	char path[512];

	assert_int(FOLIO_ERROR_INVALID, folio_db_count(NULL, &n));
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(NULL, &p));
	assert_int(FOLIO_ERROR_INVALID, folio_db_delete_post(NULL, "x"));
	assert_int(FOLIO_ERROR_INVALID, folio_db_commit(NULL));
	/* out-parameters are set on failure, even without a handle */
	report.added = 42;
	stats.documents = 5;
	stats.built = "junk";
	n = 7;
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_index_paths(NULL, paths, 1, NULL, &report));
	assert_int(0, report.added);
	assert_int(FOLIO_ERROR_INVALID, folio_db_stats(NULL, &stats));
	assert_int(0, stats.documents);
	assert_str("", stats.built);
	assert_int(FOLIO_ERROR_INVALID, folio_db_check(NULL, NULL, &n));
	assert_int(0, n);
	assert_int(FOLIO_ERROR_INVALID, folio_db_search(NULL, "x", NULL, &r));
	assert_int(FOLIO_ERROR_INVALID, folio_db_similar(NULL, "x", NULL, &r));
	assert_true(folio_db_language(NULL) == NULL);
	assert_int(0, folio_db_error_position(NULL));
	assert_int(0, folio_db_remote_count(NULL));
	assert_int(0, folio_db_skipped_count(NULL));
	assert_true(folio_db_skipped_shard(NULL, 0, NULL) == NULL);
	assert_str("", folio_db_error(NULL));

	in_root(path, sizeof path, "nulls");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	assert_int(FOLIO_ERROR_INVALID, folio_db_count(db, NULL));
	assert_int(FOLIO_ERROR_INVALID, folio_db_stats(db, NULL));
	assert_int(FOLIO_ERROR_INVALID, folio_db_search(db, "x", NULL, NULL));
	/* a NULL path or topic inside an array */
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_index_paths(db, paths, 1, NULL, &report));
	p.topics = NULL;
	p.n_topics = 1;
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	p.topics = topics;
	p.n_topics = 2;
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_int(0, count_of(db));
	assert_ok(folio_db_close(db));
}

static void test_api__every_status_has_a_distinct_string(void)
{
	int a, b;

	for (a = 0; a < FOLIO_STATUS_LAST; a++) {
		const char *s = folio_status_string((folio_status)a);

		assert_true(s != NULL && *s);
		for (b = 0; b < a; b++)
			assert_true(strcmp(s, folio_status_string(
			                           (folio_status)b)) != 0);
	}
	assert_true(folio_status_string(FOLIO_STATUS_LAST) != NULL);
	assert_true(folio_status_string((folio_status)999) != NULL);
	assert_str(FOLIO_VERSION_STRING, folio_version());
}

/* ---- writing ------------------------------------------------------------ */

static void test_api__added_posts_are_counted(void)
{
	folio_stats stats = FOLIO_STATS_INIT;
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "count");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	assert_ok(add_three(db));
	assert_int(3, count_of(db));
	/* the writer's stats count them too, before any commit */
	assert_ok(folio_db_stats(db, &stats));
	assert_int(3, stats.documents);
	assert_ok(folio_db_close(db));
	/* a reader ignores FOLIO_OPEN_WAIT: it takes no lock */
	assert_ok(seed_open(path, FOLIO_OPEN_READ | FOLIO_OPEN_WAIT, &db));
	assert_int(3, count_of(db));
	assert_ok(folio_db_close(db));
}

static void test_api__adding_a_known_url_replaces_the_post(void)
{
	folio_post again = post_locking;
	folio_results *r = NULL;
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "replace");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	assert_ok(add_three(db));
	again.title = "Row locks revisited";
	again.summary = "A rewritten summary about contention.";
	again.topics = NULL;
	again.n_topics = 0;
	assert_ok(folio_db_add_post(db, &again));
	assert_int(3, count_of(db));
	assert_ok(folio_db_search(db, "revisited", NULL, &r));
	assert_int(1, folio_results_count(r));
	assert_str(URL_LOCKING, folio_results_hit(r, 0)->url);
	assert_str("Row locks revisited", folio_results_hit(r, 0)->title);
	assert_str("A rewritten summary about contention.",
	           folio_results_hit(r, 0)->summary);
	assert_int(0, folio_results_hit(r, 0)->n_topics);
	folio_results_free(r);
	/* Nothing of the old post is left to match. */
	assert_int(0, hits_of(db, "curious"));
	assert_int(0, hits_of(db, "jobs"));
	/* Adding the very same post again changes nothing. */
	assert_ok(folio_db_add_post(db, &again));
	assert_int(3, count_of(db));
	assert_ok(folio_db_close(db));
}

static void test_api__a_post_without_a_title_is_invalid(void)
{
	folio_post p = post_python;
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "notitle");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	p.title = NULL;
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no title", folio_db_error(db));
	/* the getters leave the text as it is (folio.h folio_db_error) */
	assert_str("english", folio_db_language(db));
	assert_int(0, folio_db_remote_count(db));
	assert_int(0, folio_db_skipped_count(db));
	assert_str("post has no title", folio_db_error(db));
	p.title = "";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no title", folio_db_error(db));
	p = post_python;
	p.url = NULL;
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no URL", folio_db_error(db));
	p = post_python;
	p.summary = "";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no summary", folio_db_error(db));
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, NULL));
	assert_int(0, count_of(db));
	/* A successful call clears the error text. */
	assert_ok(folio_db_add_post(db, &post_python));
	assert_str("", folio_db_error(db));
	assert_int(1, count_of(db));
	assert_ok(folio_db_close(db));
}

/* All strings are UTF-8 (folio.h): a post with other bytes is refused,
 * naming the field, rather than stored under bytes that every output
 * shows repaired (a URL then could not be given back to delete it). */
static void test_api__a_post_that_is_not_utf8_is_invalid(void)
{
	static const char *const topics[] = { "Fine", "Bad \xC3(" };
	folio_post p = post_python;
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "notutf8");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	p.url = "https://example.com/\xff";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("url is not valid UTF-8 (byte 21)", folio_db_error(db));
	p = post_python;
	p.summary = "caf\xE9";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("summary is not valid UTF-8 (byte 4)", folio_db_error(db));
	p = post_python;
	p.topics = topics;
	p.n_topics = 2;
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("a topic is not valid UTF-8 (byte 5)", folio_db_error(db));
	assert_int(0, count_of(db));
	assert_ok(folio_db_close(db));
}

/* A post from memory is stored as the same post read from a corpus file
 * would be: each field without its surrounding white space, an optional
 * field or a topic left blank is none, and a blank title is no title.
 * They were stored as given: a hit's company "" where folio.h promises
 * NULL when absent, topics "" and "  Zoo  ", the blank one counted as a
 * topic facet. */
static void test_api__blank_fields_are_absent_as_in_a_corpus_file(void)
{
	static const char *const topics[] = { "", "  Zoo  ", " \t", "zoo" };
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_post p = post_mxfp8;
	folio_results *r = NULL;
	const folio_facet *topic;
	const folio_hit *h;
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "blank");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	p.title = " \t ";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no title", folio_db_error(db));
	p.title = "  Grouped GEMM  ";
	p.summary = "\n";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no summary", folio_db_error(db));
	/* a URL of white space alone names no post: it was indexed as one,
	 * and so were a title and a summary of no-break spaces */
	p.summary = " MXFP8 quantization. ";
	p.url = "   ";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no URL", folio_db_error(db));
	p.url = "\t\n";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no URL", folio_db_error(db));
	p.url = " \xc2\xa0\xe3\x80\x80 ";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no URL", folio_db_error(db));
	p.url = post_mxfp8.url;
	p.title = "\xc2\xa0";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no title", folio_db_error(db));
	p.title = "  Grouped GEMM  ";
	p.summary = "\xe2\x80\x83";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("post has no summary", folio_db_error(db));
	assert_int(0, count_of(db));
	p.summary = " MXFP8 quantization. ";
	p.company = "";
	p.author = "  ";
	p.type = " Explainer ";
	p.topics = topics;
	p.n_topics = 4;
	assert_ok(folio_db_add_post(db, &p));
	so.flags = FOLIO_SEARCH_FACETS;
	assert_ok(folio_db_search(db, "MXFP8", &so, &r));
	assert_int(1, folio_results_count(r));
	h = folio_results_hit(r, 0);
	assert_str("Grouped GEMM", h->title);
	assert_str("MXFP8 quantization.", h->summary);
	assert_true(h->company == NULL);
	assert_true(h->author == NULL);
	assert_str("Explainer", h->type);
	/* zoo is Zoo but for case: one topic, spelt as given first */
	assert_int(1, h->n_topics);
	assert_str("Zoo", h->topics[0]);
	topic = folio_results_facet(r, 2);
	assert_str("topic", topic->name);
	assert_int(1, topic->n_values);
	assert_str("Zoo", topic->values[0].value);
	folio_results_free(r);
	assert_ok(folio_db_close(db));
}

/* snippet_bytes 0 asks for no snippet: "", not an ellipsis. */
static void test_api__no_snippet_is_asked_with_zero_bytes(void)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_db *db = NULL;
	folio_results *r = NULL;
	char path[512];

	in_root(path, sizeof path, "nosnippet");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	assert_ok(add_three(db));
	so.snippet_bytes = 0;
	assert_ok(folio_db_search(db, "MXFP8", &so, &r));
	assert_int(1, folio_results_count(r));
	assert_str("", folio_results_hit(r, 0)->snippet);
	folio_results_free(r);
	assert_ok(folio_db_close(db));
}

static void test_api__a_bad_published_date_is_invalid(void)
{
	static const char *const bad[] = { "2026-13-01", "2026-02-30",
	                                   "2026-9-14", "Sep 14, 2026",
	                                   "2026-09-14 ", "" };
	folio_post p = post_python;
	folio_db *db = NULL;
	char path[512];
	size_t i;

	in_root(path, sizeof path, "baddate");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		p.published = bad[i];
		if (folio_db_add_post(db, &p) != FOLIO_ERROR_INVALID)
			fprintf(stderr, "  accepted \"%s\"\n", bad[i]);
		assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	}
	p.published = "2026-13-01";
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &p));
	assert_str("published date \"2026-13-01\" is not a valid YYYY-MM-DD "
	           "date", folio_db_error(db));
	assert_int(0, count_of(db));
	p.published = "2024-02-29";
	assert_ok(folio_db_add_post(db, &p));
	assert_int(1, count_of(db));
	assert_ok(folio_db_close(db));
}

static void test_api__deleting_by_url_removes_the_post(void)
{
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "delete");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	assert_ok(add_three(db));
	assert_ok(folio_db_delete_post(db, URL_PYTHON));
	assert_int(2, count_of(db));
	assert_int(0, hits_of(db, "GIL"));
	assert_int(FOLIO_ERROR_NOT_FOUND, folio_db_delete_post(db, URL_PYTHON));
	assert_str("no post with URL " URL_PYTHON, folio_db_error(db));
	assert_int(FOLIO_ERROR_NOT_FOUND,
	           folio_db_delete_post(db, "https://example.com/never"));
	assert_int(FOLIO_ERROR_INVALID, folio_db_delete_post(db, ""));
	assert_int(FOLIO_ERROR_INVALID, folio_db_delete_post(db, NULL));
	assert_int(2, count_of(db));
	assert_ok(folio_db_commit(db));
	assert_ok(folio_db_close(db));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	assert_int(2, count_of(db));
	assert_ok(folio_db_close(db));
}

/* The library commits by itself once 5000 changes are pending, deletions
 * counting too (folio.h): a series of deletions alone reaches readers in
 * batches as a series of additions does, never only at the handle's end. */
static void test_api__deletions_alone_are_committed_every_5000(void)
{
	folio_post post = post_mxfp8;
	folio_db *writer = NULL, *reader = NULL;
	folio_stats stats = FOLIO_STATS_INIT;
	char path[512], url[64];
	int i;

	in_root(path, sizeof path, "delete-batch");
	assert_ok(seed_open(path, WRITE_CREATE, &writer));
	post.url = url;
	for (i = 0; i < 5001; i++) {
		snprintf(url, sizeof url, "https://example.com/batch/%d", i);
		assert_ok(folio_db_add_post(writer, &post));
	}
	assert_ok(folio_db_commit(writer));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &reader));
	for (i = 0; i < 4999; i++) {
		snprintf(url, sizeof url, "https://example.com/batch/%d", i);
		assert_ok(folio_db_delete_post(writer, url));
	}
	assert_ok(folio_db_stats(reader, &stats));
	assert_int(5001, stats.documents);
	/* the 5000th deletion completes the batch */
	assert_ok(
	    folio_db_delete_post(writer, "https://example.com/batch/4999"));
	assert_ok(folio_db_stats(reader, &stats));
	assert_int(1, stats.documents);
	assert_ok(folio_db_close(reader));
	assert_ok(folio_db_close(writer));
}

/* Scheme and host are case-insensitive (RFC 3986 section 6.2.2.1), the
 * path is not: a URL is looked up as given, then with its scheme and host
 * in lower case, and a post is stored with them in lower case. */
static void test_api__a_url_is_found_whatever_the_case_of_its_host(void)
{
	folio_db *db = NULL;
	folio_results *r = NULL;
	folio_post upper = post_mxfp8;
	char path[512], *long_url;
	folio_status st;

	in_root(path, sizeof path, "urlcase");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	assert_ok(add_three(db));
	assert_ok(folio_db_similar(db, "HTTPS://Example.COM/mxfp8", NULL, &r));
	folio_results_free(r);
	r = NULL;
	assert_int(FOLIO_ERROR_NOT_FOUND,
	           folio_db_similar(db, "https://example.com/MXFP8", NULL, &r));
	assert_str("no post with URL https://example.com/MXFP8",
	           folio_db_error(db));
	assert_ok(folio_db_delete_post(db, "HTTPS://EXAMPLE.com/free-threaded"));
	assert_int(2, count_of(db));
	assert_int(FOLIO_ERROR_NOT_FOUND,
	           folio_db_delete_post(db, "https://example.com/Row-Locking"));
	/* A URL that differs only in the case of its scheme or host names
	 * the same post: adding it replaces the post, which keeps them in
	 * lower case. */
	upper.url = "HTTPS://Example.com/mxfp8";
	assert_ok(folio_db_add_post(db, &upper));
	assert_int(2, count_of(db));
	assert_ok(folio_db_search(db, "MXFP8", NULL, &r));
	assert_int(1, folio_results_count(r));
	assert_str("https://example.com/mxfp8", folio_results_hit(r, 0)->url);
	folio_results_free(r);
	assert_ok(folio_db_delete_post(db, "https://Example.com/mxfp8"));
	assert_int(1, count_of(db));
	assert_int(0, hits_of(db, "MXFP8"));
	/* The user name keeps its case; the port has none. */
	upper.url = "https://Ann@Example.com:8080/mxfp8";
	assert_ok(folio_db_add_post(db, &upper));
	assert_int(FOLIO_ERROR_NOT_FOUND,
	           folio_db_delete_post(db, "https://ann@example.com:8080/mxfp8"));
	assert_ok(folio_db_delete_post(db, "Https://Ann@Example.Com:8080/mxfp8"));
	assert_int(1, count_of(db));
	/* A host letter whose lower case is longer (U+023A, 2 bytes, is
	 * U+2C65, 3) folds too; the URL is held to the length limit as
	 * folded, as a run holds it (api/read.c). */
	upper.url = "https://\xc8\xba.org/mxfp8";
	assert_ok(folio_db_add_post(db, &upper));
	upper.url = "https://\xe2\xb1\xa5.org/mxfp8";
	assert_ok(folio_db_add_post(db, &upper));
	assert_int(2, count_of(db));
	long_url = malloc(65536 + 1);
	assert_true(long_url != NULL);
	memset(long_url, 'p', 65536);
	memcpy(long_url, "https://\xc8\xba.org/", 15);
	long_url[65536] = '\0';
	upper.url = long_url;
	st = folio_db_add_post(db, &upper);
	free(long_url);
	assert_int(FOLIO_ERROR_INVALID, st);
	assert_str("url longer than 65536 bytes", folio_db_error(db));
	assert_int(2, count_of(db));
	assert_ok(folio_db_close(db));
}

/* A post that no word sets apart (another has all its words) is like no
 * other: no hits, as for words no post has, not "not found". */
static void test_api__a_post_like_no_other_has_no_similar_posts(void)
{
	folio_db *db = NULL;
	folio_results *r = NULL;
	folio_post twin = post_mxfp8;
	char path[512];

	in_root(path, sizeof path, "twins");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	twin.url = "https://example.com/one";
	assert_ok(folio_db_add_post(db, &twin));
	twin.url = "https://example.com/two";
	assert_ok(folio_db_add_post(db, &twin));
	assert_ok(folio_db_similar(db, "https://example.com/one", NULL, &r));
	assert_int(0, folio_results_count(r));
	assert_int(0, folio_results_total(r));
	folio_results_free(r);
	assert_ok(folio_db_close(db));
}

static void test_api__a_second_writer_is_locked_out(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL, *second = (folio_db *)&opts, *reader = NULL;
	char path[512], *errmsg = NULL;

	in_root(path, sizeof path, "locked");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	assert_ok(add_three(db));
	assert_ok(folio_db_commit(db));
	opts.flags = FOLIO_OPEN_WRITE;
	assert_int(FOLIO_ERROR_LOCKED, folio_db_open(path, &opts, &second,
	                                             &errmsg));
	assert_true(second == NULL);
	assert_true(errmsg != NULL && strstr(errmsg, path) != NULL);
	free(errmsg);
	errmsg = NULL;
	opts.flags = WRITE_CREATE;
	assert_int(FOLIO_ERROR_LOCKED, folio_db_open(path, &opts, &second,
	                                             &errmsg));
	free(errmsg);
	/* Readers are not locked out. */
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &reader));
	assert_int(3, count_of(reader));
	assert_ok(folio_db_close(reader));
	/* Closing the writer frees the lock. */
	assert_ok(folio_db_close(db));
	assert_ok(seed_open(path, FOLIO_OPEN_WRITE, &second));
	assert_ok(folio_db_close(second));
}

static void test_api__a_reader_sees_committed_posts(void)
{
	folio_post fourth = post_mxfp8;
	folio_db *writer = NULL, *reader = NULL;
	char path[512];

	in_root(path, sizeof path, "reader");
	assert_ok(seed_open(path, WRITE_CREATE, &writer));
	assert_ok(add_three(writer));
	assert_ok(folio_db_commit(writer));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &reader));
	assert_int(3, count_of(reader));
	assert_int(1, hits_of(reader, "GIL"));
	fourth.url = "https://example.com/fourth";
	fourth.title = "A fourth post";
	fourth.summary = "Zeppelins are uncommitted for now.";
	assert_ok(folio_db_add_post(writer, &fourth));
	assert_int(0, hits_of(reader, "zeppelins"));
	assert_int(3, count_of(reader));
	assert_ok(folio_db_commit(writer));
	/* The count does not move the reader on by itself (folio.h): it
	 * agrees with the reader's last search. */
	assert_int(3, count_of(reader));
	/* A search moves the reader to the latest commit. */
	assert_int(1, hits_of(reader, "zeppelins"));
	assert_int(4, count_of(reader));
	assert_ok(folio_db_close(reader));
	assert_ok(folio_db_close(writer));
}

static void test_api__a_reader_cannot_write(void)
{
	const char *paths[1];
	folio_index_report report = FOLIO_INDEX_REPORT_INIT;
	folio_db *db = NULL;
	char path[512], msg[600];

	in_root(path, sizeof path, "readonly");
	assert_ok(build_three(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	snprintf(msg, sizeof msg, "index %s was opened read-only", path);
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(db, &post_python));
	assert_str(msg, folio_db_error(db));
	assert_int(FOLIO_ERROR_INVALID, folio_db_delete_post(db, URL_PYTHON));
	assert_str(msg, folio_db_error(db));
	assert_int(FOLIO_ERROR_INVALID, folio_db_commit(db));
	assert_str(msg, folio_db_error(db));
	paths[0] = path;
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_index_paths(db, paths, 1, NULL, &report));
	assert_int(3, count_of(db));
	assert_ok(folio_db_close(db));
}

/* ---- searching ---------------------------------------------------------- */

static void test_api__a_hit_carries_every_field(void)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	const folio_hit *h;
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "fields");
	assert_ok(build_three(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	so.highlight_start = "<b>";
	so.highlight_end = "</b>";
	assert_ok(folio_db_search(db, "locking", &so, &r));
	assert_int(1, folio_results_count(r));
	assert_int(1, folio_results_total(r));
	h = folio_results_hit(r, 0);
	assert_true(h != NULL);
	assert_int(1, h->rank);
	assert_true(h->score > 0);
	assert_str(URL_LOCKING, h->url);
	assert_str("The Curious Case of the Table-Locking UPDATE", h->title);
	assert_str("Heroku", h->company);
	assert_str("Richard Schneeman", h->author);
	assert_str("2019-12-19", h->published);
	assert_str("Incident", h->type);
	assert_int(2, h->n_topics);
	assert_str("Concurrency", h->topics[0]);
	assert_str("PostgreSQL", h->topics[1]);
	assert_str(post_locking.summary, h->summary);
	assert_str("An UPDATE held a row <b>lock</b> for days while jobs piled "
	           "up. Notes follow.", h->snippet);
	assert_str("The Curious Case of the Table-<b>Locking</b> UPDATE",
	           h->title_marked);
	assert_true(folio_results_hit(r, 1) == NULL);
	folio_results_free(r);

	/* Absent fields come back NULL. */
	assert_ok(folio_db_search(db, "MXFP8", NULL, &r));
	assert_int(1, folio_results_count(r));
	h = folio_results_hit(r, 0);
	assert_str(URL_MXFP8, h->url);
	assert_true(h->company == NULL);
	assert_true(h->author == NULL);
	assert_true(h->published == NULL);
	assert_true(h->type == NULL);
	assert_int(0, h->n_topics);
	/* No markers by default: the marked title is the title. */
	assert_str(post_mxfp8.summary, h->snippet);
	assert_true(h->title_marked == h->title);
	folio_results_free(r);
	assert_ok(folio_db_close(db));
}

static void test_api__highlight_markers_are_the_callers_choice(void)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	const folio_hit *h;
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "markers");
	assert_ok(build_three(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	so.highlight_start = "\x1b[1m";
	so.highlight_end = "\x1b[0m";
	assert_ok(folio_db_search(db, "free-threaded", &so, &r));
	assert_int(1, folio_results_count(r));
	h = folio_results_hit(r, 0);
	assert_str(URL_PYTHON, h->url);
	assert_str("Red Hat", h->company);
	assert_true(h->author == NULL);
	assert_int(1, h->n_topics);
	assert_str("Python", h->topics[0]);
	assert_str("RHEL ships a \x1b[1m" "free-threaded\x1b[0m Python without "
	           "the GIL. Notes follow.", h->snippet);
	folio_results_free(r);

	so.highlight_start = "{{";
	so.highlight_end = "}}";
	so.snippet_bytes = 30;
	assert_ok(folio_db_search(db, "GIL", &so, &r));
	assert_int(1, folio_results_count(r));
	assert_str("\xE2\x80\xA6" "without the {{GIL}}. Notes follow.",
	           folio_results_hit(r, 0)->snippet);
	folio_results_free(r);
	/* a snippet of a byte or two shows its match whole, marked (it
	 * was "…G…", cut and unmarked) */
	so.snippet_bytes = 1;
	assert_ok(folio_db_search(db, "GIL", &so, &r));
	assert_int(1, folio_results_count(r));
	assert_str("\xE2\x80\xA6{{GIL}}\xE2\x80\xA6",
	           folio_results_hit(r, 0)->snippet);
	folio_results_free(r);

	/* A title: word is marked in the title, never in the summary;
	 * free words in both. */
	so.snippet_bytes = 200;
	assert_ok(folio_db_search(db, "title:update lock", &so, &r));
	assert_int(1, folio_results_count(r));
	h = folio_results_hit(r, 0);
	assert_str("The Curious Case of the Table-{{Locking}} {{UPDATE}}",
	           h->title_marked);
	assert_str("An UPDATE held a row {{lock}} for days while jobs piled "
	           "up. Notes follow.", h->snippet);
	folio_results_free(r);

	/* One marker alone would leave every match unclosed (a "<b>" that
	 * bolds the rest of the page). */
	so.highlight_end = NULL;
	r = NULL;
	assert_int(FOLIO_ERROR_INVALID, folio_db_search(db, "GIL", &so, &r));
	assert_true(r == NULL);
	assert_str("folio_search_options.highlight_start is set but "
	           "highlight_end is NULL: set both markers or neither",
	           folio_db_error(db));
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_similar(db, URL_PYTHON, &so, &r));
	assert_true(r == NULL);
	so.highlight_start = NULL;
	so.highlight_end = "}}";
	assert_int(FOLIO_ERROR_INVALID, folio_db_search(db, "GIL", &so, &r));
	assert_str("folio_search_options.highlight_end is set but "
	           "highlight_start is NULL: set both markers or neither",
	           folio_db_error(db));
	assert_ok(folio_db_close(db));
}

static void test_api__paging_with_limit_and_offset(void)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "paging");
	assert_ok(build_three(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	so.sort = FOLIO_SORT_NEWEST;
	so.limit = 2;
	assert_ok(folio_db_search(db, "notes", &so, &r));
	assert_int(2, folio_results_count(r));
	assert_int(3, folio_results_total(r));
	assert_str(URL_PYTHON, folio_results_hit(r, 0)->url);
	assert_int(1, folio_results_hit(r, 0)->rank);
	assert_str(URL_LOCKING, folio_results_hit(r, 1)->url);
	assert_int(2, folio_results_hit(r, 1)->rank);
	assert_true(folio_results_hit(r, 2) == NULL);
	folio_results_free(r);

	so.offset = 2;
	assert_ok(folio_db_search(db, "notes", &so, &r));
	assert_int(1, folio_results_count(r));
	assert_int(3, folio_results_total(r));
	assert_str(URL_MXFP8, folio_results_hit(r, 0)->url);
	assert_int(3, folio_results_hit(r, 0)->rank);
	folio_results_free(r);

	so.offset = 3;
	assert_ok(folio_db_search(db, "notes", &so, &r));
	assert_int(0, folio_results_count(r));
	assert_true(folio_results_hit(r, 0) == NULL);
	folio_results_free(r);

	so.offset = 0;
	so.limit = 10;
	so.sort = FOLIO_SORT_OLDEST;
	assert_ok(folio_db_search(db, "notes", &so, &r));
	assert_int(3, folio_results_count(r));
	/* the post without a date comes last, in this order too */
	assert_str(URL_LOCKING, folio_results_hit(r, 0)->url);
	assert_str(URL_PYTHON, folio_results_hit(r, 1)->url);
	assert_str(URL_MXFP8, folio_results_hit(r, 2)->url);
	folio_results_free(r);

	/* "Every hit" as the largest limit, in every order and from any
	 * offset: offset + limit must not wrap around. */
	so.limit = SIZE_MAX;
	for (int sort = 0; sort < 3; sort++) {
		so.sort = sort == 0   ? FOLIO_SORT_RELEVANCE
		          : sort == 1 ? FOLIO_SORT_NEWEST
		                      : FOLIO_SORT_OLDEST;
		so.offset = 0;
		assert_ok(folio_db_search(db, "notes", &so, &r));
		assert_int(3, folio_results_count(r));
		folio_results_free(r);
		so.offset = 1;
		assert_ok(folio_db_search(db, "notes", &so, &r));
		assert_int(2, folio_results_count(r));
		assert_int(2, folio_results_hit(r, 0)->rank);
		folio_results_free(r);
		so.offset = SIZE_MAX;
		assert_ok(folio_db_search(db, "notes", &so, &r));
		assert_int(0, folio_results_count(r));
		assert_int(3, folio_results_total(r));
		folio_results_free(r);
	}
	so.limit = (size_t)1 << 63;
	so.offset = 0;
	so.sort = FOLIO_SORT_RELEVANCE;
	assert_ok(folio_db_search(db, "notes", &so, &r));
	assert_int(3, folio_results_count(r));
	folio_results_free(r);

	/* A query that matches nothing is no error. */
	assert_ok(folio_db_search(db, "zeppelin", NULL, &r));
	assert_int(0, folio_results_count(r));
	assert_int(0, folio_results_total(r));
	folio_results_free(r);
	assert_ok(folio_db_close(db));
}

/* Totals are exact up to 1000 matches (README "JSON"), and beyond that
 * an estimate, said to be one, within the bounds Xapian proved: it
 * cannot know how far the posts of two words overlap. A word alone is
 * counted exactly: its exact form only adds weight to its stem's posts,
 * which the query says (AND_MAYBE), so they are not counted as a union
 * of two parts. */
static void test_api__totals_are_exact_to_1000_and_estimated_closely_beyond(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	folio_db *db = NULL;
	char dir[512], file[600], path[512];
	long estimate;

	in_root(dir, sizeof dir, "totals-corpus");
	assert_true(mkdir(dir, 0755) == 0);
	snprintf(file, sizeof file, "%s/a.jsonl", dir);
	assert_true(write_posts(file, 0, 1000, "newmark") == 0);
	snprintf(file, sizeof file, "%s/b.jsonl", dir);
	assert_true(write_posts(file, 1000, 1200, "threads") == 0);
	snprintf(file, sizeof file, "%s/c.jsonl", dir);
	assert_true(write_posts(file, 2200, 600, "threaded") == 0);
	in_root(path, sizeof path, "totals");
	db = open_as(path, WRITE_CREATE);
	assert_true(db != NULL);
	assert_ok(index_file(db, dir, 0, 0, 0, &rep));
	assert_ok(folio_db_search(db, "newmark", NULL, &r));
	assert_int(1000, folio_results_total(r));
	assert_int(1, folio_results_total_exact(r));
	folio_results_free(r);
	/* 1800 posts have the word in some form; counted exactly, for
	 * facets or when asked, and estimated without them */
	so.flags = FOLIO_SEARCH_FACETS;
	assert_ok(folio_db_search(db, "threads", &so, &r));
	assert_int(1800, folio_results_total(r));
	assert_int(1, folio_results_total_exact(r));
	folio_results_free(r);
	so.flags = FOLIO_SEARCH_EXHAUSTIVE;
	assert_ok(folio_db_search(db, "threads", &so, &r));
	assert_int(1800, folio_results_total(r));
	assert_int(1, folio_results_total_exact(r));
	folio_results_free(r);
	assert_ok(folio_db_search(db, "threads", NULL, &r));
	assert_int(1800, folio_results_total(r));
	assert_int(1, folio_results_total_exact(r));
	folio_results_free(r);
	assert_ok(folio_db_search(db, "threads OR newmark", NULL, &r));
	assert_int(0, folio_results_total_exact(r));
	folio_results_free(r);
	assert_int(0, folio_results_total_exact(NULL));
	/* 2800 posts: 1800 (threads) + 1000 (newmark), no post holds both */
	estimate = total_of(db, "threads OR newmark");
	if (estimate < 1800 || estimate > 2800)
		fprintf(stderr, "  estimate %ld for 2800\n", estimate);
	assert_true(estimate >= 1800 && estimate <= 2800);
	assert_ok(folio_db_close(db));
}

static void test_api__date_sorted_hits_are_newest_first_and_keep_their_weight(void)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	folio_db *db = NULL;
	char path[512];
	size_t i, n, unweighted = 0, out_of_order = 0;

	in_root(path, sizeof path, "datescore");
	assert_ok(build_three(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	so.sort = FOLIO_SORT_NEWEST;
	assert_ok(folio_db_search(db, "notes", &so, &r));
	n = folio_results_count(r);
	for (i = 0; i < n; i++) {
		const folio_hit *h = folio_results_hit(r, i);

		if (!(h->score > 0))
			unweighted++;
		if (i > 0 && h->published && folio_results_hit(r, i - 1)->published &&
		    strcmp(folio_results_hit(r, i - 1)->published, h->published) < 0)
			out_of_order++;
	}
	folio_results_free(r);
	assert_ok(folio_db_close(db));
	assert_int(3, n);
	assert_int(0, unweighted);
	assert_int(0, out_of_order);
}

static void test_api__an_empty_query_is_invalid(void)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = (folio_results *)&so;
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "emptyq");
	assert_ok(build_three(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	assert_int(FOLIO_ERROR_INVALID, folio_db_search(db, "", NULL, &r));
	assert_true(r == NULL);
	assert_str("the query has no words to search for", folio_db_error(db));
	/* punctuation alone holds no word either */
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_search(db, " ... , ", NULL, &r));
	assert_str("the query has no words to search for", folio_db_error(db));
	/* syntax alone is a query error at the first thing it ignored, as
	 * --strict names it */
	assert_int(FOLIO_ERROR_QUERY,
	           folio_db_search(db, " !!! -- ", NULL, &r));
	assert_str("query position 2: ! before another sign: the query has "
	           "no words to search for",
	           folio_db_error(db));
	assert_int(2, folio_db_error_position(db));
	assert_int(FOLIO_ERROR_INVALID, folio_db_search(db, NULL, NULL, &r));
	assert_int(FOLIO_ERROR_INVALID, folio_db_search(db, "lock", NULL, NULL));
	so.version = 0;
	assert_int(FOLIO_ERROR_INVALID, folio_db_search(db, "lock", &so, &r));
	assert_true(r == NULL);
	/* dates that leave no day between them are bad options */
	so.version = FOLIO_SEARCH_OPTIONS_VERSION;
	so.since = "2021";
	so.until = "2020";
	assert_int(FOLIO_ERROR_INVALID, folio_db_search(db, "lock", &so, &r));
	assert_str("since 2021-01-01 is after until 2020-12-31",
	           folio_db_error(db));
	assert_ok(folio_db_close(db));
}

static void test_api__a_query_error_position_lasts_until_the_next_call(void)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	folio_db *db = NULL;
	uint64_t n = 0;
	char path[512];

	in_root(path, sizeof path, "qpos");
	assert_ok(build_three(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	so.flags = FOLIO_SEARCH_STRICT;
	assert_int(FOLIO_ERROR_QUERY,
	           folio_db_search(db, "lock \"unclosed", &so, &r));
	assert_int(6, folio_db_error_position(db));
	/* any next call, not only a search, starts without it */
	assert_ok(folio_db_count(db, &n));
	assert_str("", folio_db_error(db));
	assert_int(0, folio_db_error_position(db));
	assert_ok(folio_db_close(db));
}

static void test_api__a_query_is_read_up_to_its_256th_word(void)
{
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	folio_db *db = NULL;
	char path[512], query[300 * 5 + 1];
	size_t i;

	/* "lock " 256 times, then "mxfp8": the word past the limit is
	 * left out, at character 256 * 5 + 1 */
	for (i = 0; i < 256; i++)
		memcpy(query + 5 * i, "lock ", 5);
	strcpy(query + 5 * 256, "mxfp8");
	in_root(path, sizeof path, "longquery");
	assert_ok(build_three(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	so.match = FOLIO_MATCH_ANY;
	assert_ok(folio_db_search(db, query, &so, &r));
	assert_int(1, folio_results_count(r));
	assert_str(URL_LOCKING, folio_results_hit(r, 0)->url);
	assert_int(1, folio_results_notice_count(r));
	assert_int(1281, folio_results_notice(r, 0)->position);
	assert_str("more than 256 words: left out, with the rest of the query",
	           folio_results_notice(r, 0)->message);
	folio_results_free(r);
	so.flags = FOLIO_SEARCH_STRICT;
	assert_int(FOLIO_ERROR_QUERY, folio_db_search(db, query, &so, &r));
	assert_true(r == NULL);
	assert_int(1281, folio_db_error_position(db));
	assert_ok(folio_db_close(db));
}

static void test_api__results_outlive_the_handle(void)
{
	folio_results *r = NULL;
	const folio_hit *h;
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "outlive");
	assert_ok(build_three(path));
	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	assert_ok(folio_db_search(db, "locking", NULL, &r));
	assert_ok(folio_db_close(db));
	assert_int(1, folio_results_count(r));
	h = folio_results_hit(r, 0);
	assert_str(URL_LOCKING, h->url);
	assert_str("Heroku", h->company);
	assert_str("PostgreSQL", h->topics[1]);
	assert_str(post_locking.summary, h->snippet);
	folio_results_free(r);
}

/* ---- indexing corpus files ---------------------------------------------- */

typedef struct diag_log {
	int n;
	char file[512];
	unsigned line;
	char message[512];
} diag_log;

static void on_diag(const folio_diagnostic *d, void *payload)
{
	diag_log *log = payload;

	if (log->n++ == 0) {
		snprintf(log->file, sizeof log->file, "%s", d->file);
		log->line = d->line;
		snprintf(log->message, sizeof log->message, "%s", d->message);
	}
}

/* The sample corpus of the source tree, into buf. */
static void sample_corpus(char *buf, size_t size)
{
	const char *src = getenv("FOLIO_SOURCE_DIR");

	assert_true(src != NULL);
	snprintf(buf, size, "%s/corpus", src);
}

static void test_api__indexing_the_sample_corpus(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report report = FOLIO_INDEX_REPORT_INIT;
	diag_log log;
	folio_results *r = NULL;
	const folio_hit *h;
	const char *paths[1];
	folio_db *db = NULL;
	char path[512], corpus[512];

	sample_corpus(corpus, sizeof corpus);
	paths[0] = corpus;
	memset(&log, 0, sizeof log);
	io.diagnostic = on_diag;
	io.payload = &log;
	in_root(path, sizeof path, "corpus");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	assert_ok(folio_db_index_paths(db, paths, 1, &io, &report));
	assert_int(0, log.n);
	assert_int(1, report.files);
	assert_int(6, report.posts);
	assert_int(6, report.added);
	assert_int(0, report.updated);
	assert_int(0, report.unchanged);
	assert_int(0, report.skipped);
	assert_int(6, count_of(db));

	assert_ok(folio_db_index_paths(db, paths, 1, &io, &report));
	assert_int(1, report.files);
	assert_int(6, report.posts);
	assert_int(0, report.added);
	assert_int(0, report.updated);
	assert_int(6, report.unchanged);
	assert_int(0, report.skipped);
	assert_int(6, count_of(db));
	assert_ok(folio_db_close(db));

	assert_ok(seed_open(path, FOLIO_OPEN_READ, &db));
	assert_int(6, count_of(db));
	assert_ok(folio_db_search(db, "free-threaded", NULL, &r));
	assert_int(1, folio_results_count(r));
	h = folio_results_hit(r, 0);
	assert_str("https://yomu.fyi/post/python-3-14-free-threaded-build-is-"
	           "now-available-in-rhel.md", h->url);
	assert_str("Python 3.14 free-threaded build is now available in RHEL",
	           h->title);
	assert_str("Red Hat", h->company);
	assert_str("Lum\xC3\xADr Balhar", h->author);
	assert_str("2026-09-14", h->published);
	assert_str("Announcement", h->type);
	assert_int(1, h->n_topics);
	assert_str("Parallelism", h->topics[0]);
	folio_results_free(r);
	/* The Meta post has no author. */
	assert_ok(folio_db_search(db, "Instagram", NULL, &r));
	assert_int(1, folio_results_count(r));
	assert_str("Meta", folio_results_hit(r, 0)->company);
	assert_true(folio_results_hit(r, 0)->author == NULL);
	assert_str("2026-08-03", folio_results_hit(r, 0)->published);
	folio_results_free(r);
	/* Markdown escapes are gone from the indexed text. */
	assert_ok(folio_db_search(db, "pg_stat_activity", NULL, &r));
	assert_int(1, folio_results_count(r));
	assert_str("Heroku", folio_results_hit(r, 0)->company);
	assert_true(strstr(folio_results_hit(r, 0)->summary,
	                   "A pg_stat_activity and pg_locks query") != NULL);
	folio_results_free(r);
	assert_ok(folio_db_close(db));
}

static void test_api__a_missing_path_is_skipped_unless_all_are(void)
{
	folio_index_report report = FOLIO_INDEX_REPORT_INIT;
	const char *paths[2];
	folio_db *db = NULL;
	char path[512], missing[512], corpus[512];
	const char *src = getenv("FOLIO_SOURCE_DIR");

	assert_true(src != NULL);
	snprintf(corpus, sizeof corpus, "%s/corpus", src ? src : ".");
	in_root(path, sizeof path, "nopath");
	in_root(missing, sizeof missing, "no-such-corpus");
	paths[0] = corpus;
	paths[1] = missing;
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	/* Nothing to read at all: an error, and nothing changes. */
	assert_int(FOLIO_ERROR_NOT_FOUND,
	           folio_db_index_paths(db, paths + 1, 1, NULL, &report));
	assert_true(strstr(folio_db_error(db), missing) != NULL);
	/* Several, none there: the error names each. */
	{
		folio_index_options opts = FOLIO_INDEX_OPTIONS_INIT;
		char other[512], both[1100];
		const char *two[2] = { missing, other };
		diag_log log = { 0 };

		in_root(other, sizeof other, "nor-this.md");
		snprintf(both, sizeof both, "%s: No such file or directory; %s: "
		         "No such file or directory", missing, other);
		assert_int(FOLIO_ERROR_NOT_FOUND,
		           folio_db_index_paths(db, two, 2, NULL, &report));
		assert_str(both, folio_db_error(db));
		/* The message is the report: no diagnostic, nothing counted
		 * (folio.h said every missing path went to the callback). */
		opts.diagnostic = on_diag;
		opts.payload = &log;
		assert_int(FOLIO_ERROR_NOT_FOUND,
		           folio_db_index_paths(db, two, 2, &opts, &report));
		assert_int(0, log.n);
		assert_int(0, report.skipped);
	}
	/* One missing path among others is skipped like an unreadable
	 * file: the rest is indexed. */
	assert_int(FOLIO_ERROR_INPUT,
	           folio_db_index_paths(db, paths, 2, NULL, &report));
	assert_int(1, report.skipped);
	assert_int(6, report.posts);
	assert_int(6, report.added);
	assert_int(6, count_of(db));
	assert_ok(folio_db_close(db));
}

static void test_api__an_empty_path_list_is_invalid_and_removes_nothing(void)
{
	folio_index_report report = FOLIO_INDEX_REPORT_INIT;
	const char *paths[1];
	folio_db *db = NULL;
	char path[512], corpus[512];
	const char *src = getenv("FOLIO_SOURCE_DIR");

	assert_true(src != NULL);
	snprintf(corpus, sizeof corpus, "%s/corpus", src ? src : ".");
	in_root(path, sizeof path, "nopaths");
	paths[0] = corpus;
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	assert_ok(folio_db_index_paths(db, paths, 1, NULL, &report));
	assert_int(6, count_of(db));
	/* No corpus named is a caller's mistake, not an empty corpus:
	 * taken as one, it would remove every post. */
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_index_paths(db, paths, 0, NULL, &report));
	assert_str("no paths given", folio_db_error(db));
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_index_paths(db, NULL, 0, NULL, &report));
	assert_int(6, count_of(db));
	/* An empty path (an unset variable, say) names no file: refused
	 * like a NULL one, not skipped as a missing file. */
	{
		const char *two[2] = { corpus, "" };

		assert_int(FOLIO_ERROR_INVALID,
		           folio_db_index_paths(db, two, 2, NULL, &report));
		assert_str("path 2 of 2 is an empty path, which names no file",
		           folio_db_error(db));
	}
	assert_int(6, count_of(db));
	assert_ok(folio_db_close(db));
}

static void test_api__a_malformed_post_is_reported_and_skipped(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report report = FOLIO_INDEX_REPORT_INIT;
	diag_log log;
	const char *paths[1];
	folio_db *db = NULL;
	char path[512], dir[512], file[600];

	in_root(dir, sizeof dir, "badcorpus");
	assert_int(0, mkdir(dir, 0777));
	snprintf(file, sizeof file, "%s/bad.md", dir);
	assert_int(0, write_file(file,
		"# Topics\n"                                   /* 1 */
		"\n"                                           /* 2 */
		"### [Good one](https://example.com/good-1)\n" /* 3 */
		"- Published: 2026-01-02\n"                    /* 4 */
		"\n"                                           /* 5 */
		"A good post about locking.\n"                 /* 6 */
		"\n"                                           /* 7 */
		"### [Bad date](https://example.com/bad)\n"    /* 8 */
		"- Published: Smarch 3, 2026\n"                /* 9 */
		"\n"                                           /* 10 */
		"This post has a date nobody can parse.\n"     /* 11 */
		"\n"                                           /* 12 */
		"### [Good two](https://example.com/good-2)\n" /* 13 */
		"\n"                                           /* 14 */
		"Another good post.\n"));                      /* 15 */
	memset(&log, 0, sizeof log);
	io.diagnostic = on_diag;
	io.payload = &log;
	paths[0] = dir;
	in_root(path, sizeof path, "badindex");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	assert_int(FOLIO_ERROR_INPUT,
	           folio_db_index_paths(db, paths, 1, &io, &report));
	assert_str("1 malformed post or unreadable file skipped",
	           folio_db_error(db));
	assert_int(1, log.n);
	assert_str(file, log.file);
	assert_int(9, log.line); /* the Published: line */
	assert_str("unparseable date \"Smarch 3, 2026\" (expected e.g. "
	           "\"Sep 14, 2026\" or \"2026-09-14\")", log.message);
	assert_int(1, report.files);
	assert_int(2, report.posts);
	assert_int(2, report.added);
	assert_int(1, report.skipped);
	assert_int(2, count_of(db));
	assert_int(1, hits_of(db, "locking"));
	assert_int(0, hits_of(db, "nobody"));
	/* The file as given is what the diagnostic names. */
	paths[0] = file;
	memset(&log, 0, sizeof log);
	assert_int(FOLIO_ERROR_INPUT,
	           folio_db_index_paths(db, paths, 1, &io, &report));
	assert_int(1, log.n);
	assert_str(file, log.file);
	assert_int(2, report.unchanged);
	/* Without a callback problems are only counted. */
	assert_int(FOLIO_ERROR_INPUT,
	           folio_db_index_paths(db, paths, 1, NULL, &report));
	assert_int(1, report.skipped);
	assert_ok(folio_db_close(db));
}

/* What a progress callback that calls on its run's handle (folio.h: it
 * must not) got back, and the error text that came with it. */
typedef struct nested_log {
	folio_db *db;
	int calls;
	folio_status add, del, commit, run, search, similar, count, stats,
	    check, close;
	uint64_t documents;
	char error[256];
} nested_log;

static void on_progress_call_handle(const folio_progress *p, void *payload)
{
	static const folio_post late = {
		"https://example.com/late", "Late", NULL, NULL, NULL, NULL,
		"Added from a callback.",   NULL,   0
	};
	nested_log *log = payload;
	folio_results *r = NULL;
	char corpus[512];
	const char *paths[1] = { corpus };
	folio_stats stats = FOLIO_STATS_INIT;
	uint64_t n;

	(void)p;
	if (log->calls++)
		return;
	sample_corpus(corpus, sizeof corpus);
	log->add = folio_db_add_post(log->db, &late);
	snprintf(log->error, sizeof log->error, "%s", folio_db_error(log->db));
	log->del = folio_db_delete_post(log->db, URL_PYTHON);
	log->commit = folio_db_commit(log->db);
	log->run = folio_db_index_paths(log->db, paths, 1, NULL, NULL);
	log->search = folio_db_search(log->db, "python", NULL, &r);
	folio_results_free(r);
	log->similar = folio_db_similar(log->db, URL_PYTHON, NULL, &r);
	folio_results_free(r);
	log->count = folio_db_count(log->db, &n);
	stats.documents = 5;
	log->stats = folio_db_stats(log->db, &stats);
	log->documents = stats.documents;
	log->check = folio_db_check(log->db, NULL, NULL);
	log->close = folio_db_close(log->db);
}

static void test_api__a_callback_calling_on_its_runs_handle_is_refused(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report report = FOLIO_INDEX_REPORT_INIT;
	nested_log log;
	const char *paths[1];
	folio_db *db = NULL;
	char path[512], corpus[512];

	sample_corpus(corpus, sizeof corpus);
	paths[0] = corpus;
	in_root(path, sizeof path, "nested");
	assert_ok(seed_open(path, WRITE_CREATE, &db));
	memset(&log, 0, sizeof log);
	log.db = db;
	io.progress = on_progress_call_handle;
	io.payload = &log;
	/* Before: the post added from the callback was reported added and
	 * then lost to the build's switch, and the nested run broke the
	 * outer one (FOLIO_ERROR_NOT_FOUND, a build directory gone). */
	assert_ok(folio_db_index_paths(db, paths, 1, &io, &report));
	assert_true(log.calls > 0);
	assert_int(FOLIO_ERROR_INVALID, log.add);
	assert_str("folio_db_add_post was called while folio_db_index_paths "
	           "runs on this handle: its callbacks must not call on it",
	           log.error);
	assert_int(FOLIO_ERROR_INVALID, log.del);
	assert_int(FOLIO_ERROR_INVALID, log.commit);
	assert_int(FOLIO_ERROR_INVALID, log.run);
	assert_int(FOLIO_ERROR_INVALID, log.search);
	assert_int(FOLIO_ERROR_INVALID, log.similar);
	assert_int(FOLIO_ERROR_INVALID, log.count);
	assert_int(FOLIO_ERROR_INVALID, log.stats);
	assert_int(0, log.documents);
	assert_int(FOLIO_ERROR_INVALID, log.check);
	assert_int(FOLIO_ERROR_INVALID, log.close);
	/* the run went on as if no call had been made, and says so */
	assert_str("", folio_db_error(db));
	assert_int(6, report.added);
	assert_int(6, count_of(db));
	/* and the handle works as before afterwards */
	assert_ok(folio_db_add_post(db, &post_python));
	assert_int(7, count_of(db));
	assert_ok(folio_db_close(db));
}

static const fo_test tests[] = {
	FO_TEST(test_api__opening_a_missing_index_without_create_is_not_found),
	FO_TEST(test_api__a_new_index_is_english_and_empty),
	FO_TEST(test_api__a_wrong_options_version_is_invalid),
	FO_TEST(test_api__unknown_flags_are_invalid),
	FO_TEST(test_api__opening_needs_a_path_and_an_out_handle),
	FO_TEST(test_api__a_failed_open_closes_no_descriptor_of_the_caller),
	FO_TEST(test_api__a_directory_of_other_files_is_not_an_index),
	FO_TEST(test_api__a_front_end_opened_local_holds_nothing),
	FO_TEST(test_api__an_isolated_check_ignoring_sigchld_gives_its_result),
	FO_TEST(test_api__the_stemming_languages_are_listed),
	FO_TEST(test_api__closing_null_is_ok),
	FO_TEST(test_api__null_handles_and_out_pointers_are_invalid),
	FO_TEST(test_api__every_status_has_a_distinct_string),
	FO_TEST(test_api__added_posts_are_counted),
	FO_TEST(test_api__adding_a_known_url_replaces_the_post),
	FO_TEST(test_api__a_post_without_a_title_is_invalid),
	FO_TEST(test_api__a_bad_published_date_is_invalid),
	FO_TEST(test_api__no_snippet_is_asked_with_zero_bytes),
	FO_TEST(test_api__a_post_that_is_not_utf8_is_invalid),
	FO_TEST(test_api__blank_fields_are_absent_as_in_a_corpus_file),
	FO_TEST(test_api__deleting_by_url_removes_the_post),
	FO_TEST(test_api__deletions_alone_are_committed_every_5000),
	FO_TEST(test_api__a_url_is_found_whatever_the_case_of_its_host),
	FO_TEST(test_api__a_post_like_no_other_has_no_similar_posts),
	FO_TEST(test_api__a_second_writer_is_locked_out),
	FO_TEST(test_api__a_reader_sees_committed_posts),
	FO_TEST(test_api__a_reader_cannot_write),
	FO_TEST(test_api__a_hit_carries_every_field),
	FO_TEST(test_api__highlight_markers_are_the_callers_choice),
	FO_TEST(test_api__paging_with_limit_and_offset),
	FO_TEST(
	    test_api__totals_are_exact_to_1000_and_estimated_closely_beyond),
	FO_TEST(
	    test_api__date_sorted_hits_are_newest_first_and_keep_their_weight),
	FO_TEST(test_api__an_empty_query_is_invalid),
	FO_TEST(test_api__a_query_error_position_lasts_until_the_next_call),
	FO_TEST(test_api__a_query_is_read_up_to_its_256th_word),
	FO_TEST(test_api__results_outlive_the_handle),
	FO_TEST(test_api__indexing_the_sample_corpus),
	FO_TEST(test_api__a_missing_path_is_skipped_unless_all_are),
	FO_TEST(test_api__an_empty_path_list_is_invalid_and_removes_nothing),
	FO_TEST(test_api__a_malformed_post_is_reported_and_skipped),
	FO_TEST(test_api__a_callback_calling_on_its_runs_handle_is_refused),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "api-contract") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
