/*
 * api_language.c: the stemming language of an index, through folio.h only.
 * An index keeps the language it was created with, whatever later opens
 * ask for, and analyses queries with it, until a rebuild by a writer
 * naming another language makes it anew in that one: readers, long-lived
 * or new, follow the switch; writes that are not a rebuild are refused
 * meanwhile. "none" disables stemming; an unknown language is rejected
 * with a message naming it and leaves no index behind.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "scratch.h"
#include "tempdir.h"

#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static folio_status open_lang(const char *path, unsigned flags,
                              const char *language, folio_db **db,
                              char **errmsg)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;

	opts.flags = flags;
	opts.language = language;
	return folio_db_open(path, &opts, db, errmsg);
}

/* Write the JSON Lines posts "run" and "running" to path, or only
 * "running" when only_running. */
static int write_run_posts(const char *path, int only_running)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	if (!only_running)
		fputs("{\"url\": \"https://example.com/run\", \"title\": "
		      "\"How we run things\", \"summary\": \"We run the "
		      "fleet.\"}\n", f);
	fputs("{\"url\": \"https://example.com/running\", \"title\": "
	      "\"Running at scale\", \"summary\": \"Running services.\"}\n",
	      f);
	return fclose(f);
}

static uint64_t terms_of(folio_db *db)
{
	folio_stats s = FOLIO_STATS_INIT;

	return folio_db_stats(db, &s) == FOLIO_OK ? s.terms : 0;
}

static const folio_post french_post = {
	"https://example.fr/chanteurs",
	"Les chanteuses",
	NULL, NULL, NULL, NULL,
	"Elles chantaient des chansons.",
	NULL, 0
};

static void test_language__a_french_index_stays_french(void)
{
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "french");
	assert_ok(open_lang(path, WRITE_CREATE, "french", &db, NULL));
	assert_str("french", folio_db_language(db));
	assert_ok(folio_db_add_post(db, &french_post));
	assert_ok(folio_db_close(db));

	/* Reopened without a language: still french. */
	assert_ok(open_lang(path, FOLIO_OPEN_READ, NULL, &db, NULL));
	assert_str("french", folio_db_language(db));
	/* French stemming: "chanter" and "chantaient" share the stem
	 * "chant" (English leaves "chantaient" alone). */
	assert_int(1, hits_of(db, "chanter"));
	assert_int(1, hits_of(db, "chanson"));
	assert_ok(folio_db_close(db));

	/* Asking for another language does not change it (only a
	 * rebuild would). */
	assert_ok(open_lang(path, FOLIO_OPEN_WRITE, "english", &db, NULL));
	assert_str("french", folio_db_language(db));
	assert_ok(folio_db_close(db));
	assert_ok(open_lang(path, FOLIO_OPEN_READ, "german", &db, NULL));
	assert_str("french", folio_db_language(db));
	assert_ok(folio_db_close(db));
}

static void test_language__none_disables_stemming(void)
{
	folio_db *db = NULL;
	char path[512];

	in_root(path, sizeof path, "none");
	assert_ok(open_lang(path, WRITE_CREATE, "none", &db, NULL));
	assert_str("none", folio_db_language(db));
	assert_ok(folio_db_add_post(db, &french_post));
	assert_int(1, hits_of(db, "chansons"));
	assert_int(0, hits_of(db, "chanson"));
	assert_ok(folio_db_close(db));
	assert_ok(open_lang(path, FOLIO_OPEN_READ, NULL, &db, NULL));
	assert_str("none", folio_db_language(db));
	assert_ok(folio_db_close(db));
}

static void test_language__a_rebuild_switches_the_language(void)
{
	folio_post post = { "https://example.com/new", "New", NULL, NULL,
	                    NULL, NULL, "Runs.", NULL, 0 };
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_stats s = FOLIO_STATS_INIT;
	folio_db *w = NULL, *r = NULL, *fresh = NULL;
	char path[512], file[512], want[1200];

	in_root(path, sizeof path, "switch");
	in_root(file, sizeof file, "switch.jsonl");
	assert_int(0, write_run_posts(file, 0));
	assert_ok(open_lang(path, WRITE_CREATE, NULL, &w, NULL));
	assert_ok(index_file(w, file, 0, 0, 0, &rep));
	assert_ok(folio_db_close(w));
	/* A reader that stays open across the switch. */
	assert_ok(open_lang(path, FOLIO_OPEN_READ, NULL, &r, NULL));
	assert_int(2, hits_of(r, "running"));

	/* A writer naming another language: the index keeps its own, and
	 * nothing but a rebuild may write. */
	assert_ok(open_lang(path, FOLIO_OPEN_WRITE, "none", &w, NULL));
	assert_str("english", folio_db_language(w));
	snprintf(want, sizeof want, "index %s has stemming language "
	         "\"english\", not \"none\": a new language needs a rebuild "
	         "(folio index --rebuild)", path);
	rep.files = 99;
	assert_int(FOLIO_ERROR_INVALID, index_file(w, file, 0, 0, 0, &rep));
	assert_str(want, folio_db_error(w));
	assert_int(0, rep.files); /* refused before reading anything */
	assert_int(FOLIO_ERROR_INVALID, folio_db_add_post(w, &post));
	assert_str(want, folio_db_error(w));
	/* a deletion too, though it analyses nothing: folio.h promises
	 * every write but a rebuild refused, and it did delete */
	assert_int(FOLIO_ERROR_INVALID,
	           folio_db_delete_post(w, "https://example.com/run"));
	assert_str(want, folio_db_error(w));
	assert_int(2, hits_of(w, "running"));
	assert_int(2, hits_of(r, "running"));

	/* The rebuild makes it anew in the new language. */
	assert_ok(index_file(w, file, 1, 0, 0, &rep));
	assert_true(rep.rebuilt);
	assert_str("none", folio_db_language(w));
	assert_int(1, hits_of(w, "running"));
	assert_ok(folio_db_stats(w, &s));
	assert_str("none", s.language);
	/* Now the handle writes like any other, in the new language. */
	assert_ok(folio_db_add_post(w, &post));
	assert_ok(folio_db_commit(w));

	/* The long-lived reader analyses its next query in it too. */
	assert_int(1, hits_of(r, "running"));
	assert_str("none", folio_db_language(r));
	assert_int(0, hits_of(r, "runs running"));
	/* So does a reader opened now. */
	assert_ok(open_lang(path, FOLIO_OPEN_READ, NULL, &fresh, NULL));
	assert_str("none", folio_db_language(fresh));
	assert_int(1, hits_of(fresh, "running"));
	assert_int(1, hits_of(fresh, "runs"));
	assert_ok(folio_db_close(fresh));
	assert_ok(folio_db_close(r));
	assert_ok(folio_db_close(w));
}

static void test_language__posts_carried_over_are_analysed_anew(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *w = NULL, *none = NULL;
	char path[512], file[512], part[512], ref[512];

	in_root(path, sizeof path, "carry");
	in_root(file, sizeof file, "carry-all.jsonl");
	in_root(part, sizeof part, "carry-part.jsonl");
	in_root(ref, sizeof ref, "carry-none");
	assert_int(0, write_run_posts(file, 0));
	assert_int(0, write_run_posts(part, 1));
	/* What the two posts make when indexed without stemming. */
	assert_ok(open_lang(ref, WRITE_CREATE, "none", &none, NULL));
	assert_ok(index_file(none, file, 0, 0, 0, &rep));

	assert_ok(open_lang(path, WRITE_CREATE, "english", &w, NULL));
	assert_ok(index_file(w, file, 0, 0, 0, &rep));
	assert_true(terms_of(w) > terms_of(none)); /* the stems */
	assert_ok(folio_db_close(w));
	/* A rebuild in "none" from a corpus without "run", keeping it. */
	assert_ok(open_lang(path, FOLIO_OPEN_WRITE, "none", &w, NULL));
	assert_ok(index_file(w, part, 1, 1, 0, &rep));
	assert_int(1, rep.kept);
	assert_str("none", folio_db_language(w));
	assert_int(2, hits_of(w, "things OR running"));
	/* The kept post holds the terms of "none", not its English stems. */
	assert_int(terms_of(none), terms_of(w));
	assert_ok(folio_db_close(w));
	assert_ok(folio_db_close(none));
}

static void test_language__an_unknown_language_is_invalid(void)
{
	folio_db *db = (folio_db *)root; /* must be reset to NULL */
	char path[512], *errmsg = NULL;

	in_root(path, sizeof path, "klingon");
	assert_int(FOLIO_ERROR_INVALID,
	           open_lang(path, WRITE_CREATE, "klingon", &db, &errmsg));
	assert_true(db == NULL);
	assert_true(errmsg != NULL);
	if (errmsg && !strstr(errmsg, "klingon"))
		fprintf(stderr, "  errmsg: %s\n", errmsg);
	assert_true(strstr(errmsg, "\"klingon\"") != NULL);
	free(errmsg);
}

static void test_language__a_failed_create_leaves_no_broken_index(void)
{
	folio_db *db = NULL;
	char path[512], *errmsg = NULL;
	folio_status st;

	in_root(path, sizeof path, "klingon-then-english");
	assert_int(FOLIO_ERROR_INVALID,
	           open_lang(path, WRITE_CREATE, "klingon", &db, NULL));
	/* The path is not left holding an index nobody can open. */
	st = open_lang(path, WRITE_CREATE, "english", &db, &errmsg);
	if (st != FOLIO_OK)
		fprintf(stderr, "  reopen: %s\n", errmsg ? errmsg : "?");
	free(errmsg);
	assert_ok(st);
	assert_str("english", folio_db_language(db));
	assert_ok(folio_db_close(db));
}

static const fo_test tests[] = {
	FO_TEST(test_language__a_french_index_stays_french),
	FO_TEST(test_language__none_disables_stemming),
	FO_TEST(test_language__a_rebuild_switches_the_language),
	FO_TEST(test_language__posts_carried_over_are_analysed_anew),
	FO_TEST(test_language__an_unknown_language_is_invalid),
	FO_TEST(test_language__a_failed_create_leaves_no_broken_index),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "api-language") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
