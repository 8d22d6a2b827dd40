/*
 * test_known.c: the table of an index's posts that a run compares its
 * posts with (src/index/known.c), over real Xapian databases: a post
 * written by this folio is held, with its docid and content hash; a URL
 * the index lacks is absent when every post is in the table; and where
 * the table cannot tell (a post from a folio that did not record its URL
 * hash, two URLs of one hash) it says to look the post up, which
 * fo_compare then does.
 */
#define _XOPEN_SOURCE 700
#include "api/run.h"
#include "harness.h"
#include "index/docdata.h"
#include "index/indexer.h"
#include "index/known.h"
#include "index/schema.h"
#include "index/urlterm.h"
#include "tempdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char root[256];

static folio_post post(const char *url, const char *summary)
{
	folio_post p;

	memset(&p, 0, sizeof p);
	p.url = url;
	p.title = "A title";
	p.summary = summary;
	return p;
}

static uint64_t url_hash(const char *url)
{
	return fo_hash64(url, strlen(url));
}

/* A new database at root/name holding the posts of urls, as indexed. */
static fo_xdb *index_of(const char *name, const char *const *urls, size_t n,
                        fo_analyzer *an)
{
	char dir[512];
	fo_xdb *db = NULL;
	fo_xerr err = { "" };
	size_t i;

	snprintf(dir, sizeof dir, "%s/%s", root, name);
	if (fo_xdb_open(dir, FO_XDB_WRITE | FO_XDB_CREATE, &db, &err) != FOLIO_OK)
		return NULL;
	for (i = 0; i < n; i++) {
		folio_post p = post(urls[i], "Some words.");
		if (fo_index_post(db, an, &p, NULL, &err) != FOLIO_OK)
			return NULL;
	}
	return fo_xdb_commit(db, &err) == FOLIO_OK ? db : NULL;
}

/* A document as a folio that did not record FO_SLOT_URL wrote it: its
 * unique term and content hash only; or, with url_value, a forged one
 * of url_len bytes; or, with hex, a content hash of another form (NULL:
 * the post's). */
static folio_status add_bare(fo_xdb *db, const char *url, const char *url_value,
                             size_t url_len, const char *hex_value)
{
	folio_post p = post(url, "Older words.");
	fo_xdoc *doc = NULL;
	fo_xerr err = { "" };
	fo_buf term = FO_BUF_INIT;
	char hex[17];
	folio_status st = fo_xdoc_new(&doc);

	snprintf(hex, sizeof hex, "%016llx",
	         (unsigned long long)fo_post_hash(&p));
	fo_url_term(url, &term);
	if (st == FOLIO_OK)
		st = fo_xdoc_add_boolean(doc, term.data, term.len);
	if (st == FOLIO_OK)
		st = fo_xdoc_set_value(doc, FO_SLOT_HASH,
		                       hex_value ? hex_value : hex,
		                       hex_value ? strlen(hex_value) : 16);
	if (st == FOLIO_OK && url_value)
		st = fo_xdoc_set_value(doc, FO_SLOT_URL, url_value, url_len);
	if (st == FOLIO_OK)
		st = fo_xdb_replace(db, term.data, doc, NULL, &err);
	if (st == FOLIO_OK)
		st = fo_xdb_commit(db, &err);
	fo_buf_free(&term);
	fo_xdoc_free(doc);
	return st;
}

static void test_known__a_post_of_this_folio_is_held_and_others_absent(void)
{
	static const char *const urls[] = { "https://a.example/1",
		                            "https://a.example/2",
		                            "https://a.example/3" };
	fo_analyzer *an = NULL;
	fo_known *k = NULL;
	fo_xerr err = { "" };
	fo_xdb *db;
	uint32_t docid = 0, found = 0;
	uint64_t content = 0;
	folio_post p2 = post(urls[1], "Some words.");

	assert_ok(fo_analyzer_new("english", &an));
	db = index_of("complete", urls, 3, an);
	assert_true(db != NULL);
	assert_ok(fo_known_load(db, &k, &err));
	assert_int(FO_KNOWN_HELD,
	           fo_known_find(k, url_hash(urls[1]), &docid, &content));
	assert_ok(fo_xdb_find(db, "Qhttps://a.example/2", &found, &err));
	assert_int(found, docid);
	assert_true(content == fo_post_hash(&p2));
	assert_int(FO_KNOWN_ABSENT, fo_known_find(k, url_hash("https://a.example/4"),
	                                          &docid, &content));
	fo_known_free(k);
	fo_xdb_close(db, NULL);
	fo_analyzer_free(an);
}

static void test_known__what_the_table_cannot_tell_is_looked_up(void)
{
	static const char *const urls[] = { "https://b.example/1" };
	fo_analyzer *an = NULL;
	fo_known *k = NULL;
	fo_xerr err = { "" };
	fo_xdb *db;
	uint32_t docid = 0;
	uint64_t content = 0;
	int outcome = -1;
	folio_post old = post("https://b.example/old", "Older words.");
	folio_post edited = post("https://b.example/old", "Edited words.");
	folio_post fresh = post("https://b.example/new", "New words.");
	char twin[8];

	assert_ok(fo_analyzer_new("english", &an));
	db = index_of("partial", urls, 1, an);
	assert_true(db != NULL);
	/* a post from a folio that recorded no URL hash */
	assert_ok(add_bare(db, "https://b.example/old", NULL, 0, NULL));
	/* two URLs recorded under one hash */
	fo_url_hash_value(url_hash("https://b.example/1"), twin);
	assert_ok(add_bare(db, "https://b.example/twin", twin, 8, NULL));
	assert_ok(fo_known_load(db, &k, &err));

	assert_int(FO_KNOWN_LOOKUP, fo_known_find(k, url_hash(fresh.url),
	                                          &docid, &content));
	assert_int(FO_KNOWN_LOOKUP, fo_known_find(k, url_hash(urls[0]), &docid,
	                                          &content));
	/* fo_compare looks them up: the older post unchanged, then edited,
	 * a new post added */
	assert_ok(
	    fo_compare(db, k, &old, url_hash(old.url), &outcome, &docid, &err));
	assert_int(2, outcome);
	assert_true(docid != 0);
	assert_ok(fo_compare(db, k, &edited, url_hash(edited.url), &outcome,
	                     &docid, &err));
	assert_int(1, outcome);
	assert_ok(fo_compare(db, k, &fresh, url_hash(fresh.url), &outcome,
	                     &docid, &err));
	assert_int(0, outcome);
	assert_int(0, docid);
	fo_known_free(k);
	fo_xdb_close(db, NULL);
	fo_analyzer_free(an);
}

/* A post whose content hash the table cannot read is left out of it, so
 * the table holds fewer posts than the index: a URL it lacks may be that
 * post's, and is looked up, never taken for a new post (which would
 * index the post twice). */
static void
test_known__a_post_without_a_readable_content_hash_is_looked_up(void)
{
	static const char *const urls[] = { "https://c.example/1" };
	fo_analyzer *an = NULL;
	fo_known *k = NULL;
	fo_xerr err = { "" };
	fo_xdb *db;
	uint32_t docid = 0;
	uint64_t content = 0;
	char value[8];

	assert_ok(fo_analyzer_new("english", &an));
	db = index_of("unhashed", urls, 1, an);
	assert_true(db != NULL);
	fo_url_hash_value(url_hash("https://c.example/2"), value);
	assert_ok(add_bare(db, "https://c.example/2", value, 8, "not a hash"));
	assert_ok(fo_known_load(db, &k, &err));
	assert_int(FO_KNOWN_HELD,
	           fo_known_find(k, url_hash(urls[0]), &docid, &content));
	assert_int(FO_KNOWN_LOOKUP,
	           fo_known_find(k, url_hash("https://c.example/2"), &docid,
	                         &content));
	assert_int(FO_KNOWN_LOOKUP,
	           fo_known_find(k, url_hash("https://c.example/3"), &docid,
	                         &content));
	fo_known_free(k);
	fo_xdb_close(db, NULL);
	fo_analyzer_free(an);
}

static void test_known__an_empty_index_holds_nothing(void)
{
	fo_analyzer *an = NULL;
	fo_known *k = NULL;
	fo_xerr err = { "" };
	fo_xdb *db;
	uint32_t docid = 0;
	uint64_t content = 0;

	assert_ok(fo_analyzer_new("english", &an));
	db = index_of("empty", NULL, 0, an);
	assert_true(db != NULL);
	assert_ok(fo_known_load(db, &k, &err));
	assert_int(FO_KNOWN_ABSENT,
	           fo_known_find(k, url_hash("https://c.example/"), &docid,
	                         &content));
	fo_known_free(k);
	fo_xdb_close(db, NULL);
	fo_analyzer_free(an);
}

/* A URL slot of other than 8 bytes is not folio's (an index written by
 * hand, or damaged): its post is left to a lookup, whatever its first 8
 * bytes say. */
static void test_known__a_url_value_longer_than_8_bytes_is_not_read(void)
{
	static const char *const urls[] = { "https://d.example/1" };
	fo_analyzer *an = NULL;
	fo_known *k = NULL;
	fo_xerr err = { "" };
	fo_xdb *db;
	uint32_t docid = 0;
	uint64_t content = 0;
	char value[9];

	assert_ok(fo_analyzer_new("english", &an));
	db = index_of("long-url-value", urls, 1, an);
	assert_true(db != NULL);
	fo_url_hash_value(url_hash("https://d.example/2"), value);
	value[8] = 'x';
	assert_ok(add_bare(db, "https://d.example/2", value, 9, NULL));
	assert_ok(fo_known_load(db, &k, &err));
	assert_int(FO_KNOWN_LOOKUP,
	           fo_known_find(k, url_hash("https://d.example/2"), &docid,
	                         &content));
	fo_known_free(k);
	fo_xdb_close(db, NULL);
	fo_analyzer_free(an);
}

static const fo_test tests[] = {
	FO_TEST(test_known__a_post_of_this_folio_is_held_and_others_absent),
	FO_TEST(test_known__what_the_table_cannot_tell_is_looked_up),
	FO_TEST(
	    test_known__a_post_without_a_readable_content_hash_is_looked_up),
	FO_TEST(test_known__an_empty_index_holds_nothing),
	FO_TEST(test_known__a_url_value_longer_than_8_bytes_is_not_read),
};

int main(void)
{
	int failed;

	if (fo_tempdir_make(root, sizeof root, "known") != 0)
		return 1;
	failed = FO_RUN(tests);
	fo_tempdir_remove(root);
	return failed;
}
