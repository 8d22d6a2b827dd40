/*
 * api_language.c: the stemming language of an index, through folio.h only.
 * An index keeps the language it was created with, whatever later opens
 * ask for, and analyses queries with it; "none" disables stemming; an
 * unknown language is rejected with a message naming it and leaves no
 * index behind.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "tempdir.h"

#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[256];

static const char *in_root(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", root, name);
	return buf;
}

static folio_status open_lang(const char *path, unsigned flags,
                              const char *language, folio_db **db,
                              char **errmsg)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;

	opts.flags = flags;
	opts.language = language;
	return folio_db_open(path, &opts, db, errmsg);
}

#define WRITE_CREATE (FOLIO_OPEN_WRITE | FOLIO_OPEN_CREATE)

static long hits_of(folio_db *db, const char *query)
{
	folio_results *r = NULL;
	long n;

	if (folio_db_search(db, query, NULL, &r) != FOLIO_OK)
		return -1;
	n = (long)folio_results_count(r);
	folio_results_free(r);
	return n;
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

	/* Asking for another language does not change it. */
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
