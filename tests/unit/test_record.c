/*
 * test_record.c: a post whose stored record in the index is damaged (its
 * bytes no longer decode), met by a run that may not remove (no_delete,
 * or something skipped) and so reads that record to keep what only it
 * holds (src/api/keep.c). The corpus still has the post: an incremental
 * run and a rebuild alike write it again from the corpus and say so in a
 * warning on the index naming its URL; neither stops, and nothing else
 * changes. The damage is made through the bridge, as a bad block would
 * leave it: the post's document replaced by one with its unique term and
 * values but data no decoder takes.
 */
#define _XOPEN_SOURCE 700
#include "api/db.h"
#include "harness.h"
#include "index/known.h"
#include "index/schema.h"
#include "index/urlterm.h"
#include "scratch.h"
#include "tempdir.h"
#include "xapian/bridge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DAMAGED "https://example.com/p2"

/* What a run said: its warnings and problems, in order. */
static char said[8][1024];
static int n_warnings, n_problems;

static void collect(const folio_diagnostic *d, void *payload)
{
	(void)payload;
	if (!d->warning) {
		n_problems++;
		return;
	}
	if (n_warnings < 8)
		snprintf(said[n_warnings], sizeof said[0], "%s:%u: %s", d->file,
		         d->line, d->message);
	n_warnings++;
}

/* Index corpus into path with these options, collecting what it says. */
static folio_status run(const char *path, const char *corpus, int rebuild,
                        int no_delete, folio_index_report *rep)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_db *db = open_as(path, FOLIO_OPEN_WRITE);
	folio_status st;

	n_warnings = n_problems = 0;
	if (!db)
		return FOLIO_ERROR_IO;
	io.rebuild = rebuild;
	io.no_delete = no_delete;
	io.threads = 2;
	io.diagnostic = collect;
	st = folio_db_index_paths(db, &corpus, 1, &io, rep);
	if (folio_db_close(db) != FOLIO_OK && st == FOLIO_OK)
		st = FOLIO_ERROR_IO;
	return st;
}

/* An index at root/name of posts p1..p3, the record of p2 damaged: its
 * document keeps its unique term and URL hash, and a content hash no post
 * has, so that a run takes it for a changed post and reads its record. */
static void damaged_index(const char *name, char *path, size_t size,
                          char *corpus, size_t csize)
{
	static const char garbage[] = "\x01\x7f"; /* a field longer than all */
	folio_db *db;
	fo_xdoc *doc = NULL;
	fo_xerr err = { "" };
	fo_buf term = FO_BUF_INIT;
	char url_value[8], file[64];

	in_root(path, size, name);
	snprintf(file, sizeof file, "%s.jsonl", name);
	in_root(corpus, csize, file);
	assert_int(0, write_posts(corpus, 1, 3, "alpha"));
	db = open_as(path, WRITE_CREATE);
	assert_true(db != NULL);
	assert_ok(index_file(db, corpus, 0, 0, 0, NULL));

	fo_url_term(DAMAGED, &term);
	fo_url_hash_value(fo_url_hash(DAMAGED), url_value);
	assert_ok(fo_xdoc_new(&doc));
	assert_ok(fo_xdoc_add_boolean(doc, term.data, term.len));
	assert_ok(fo_xdoc_set_value(doc, FO_SLOT_HASH, "0000000000000000", 16));
	assert_ok(fo_xdoc_set_value(doc, FO_SLOT_URL, url_value, 8));
	assert_ok(fo_xdoc_set_data(doc, garbage, 2));
	assert_ok(fo_xdb_replace(db->xdb, term.data, doc, NULL, &err));
	assert_ok(fo_xdb_commit(db->xdb, &err));
	fo_xdoc_free(doc);
	fo_buf_free(&term);
	assert_ok(folio_db_close(db));
}

static void check_warning(const char *path)
{
	char want[1024];

	assert_int(1, n_warnings);
	assert_int(0, n_problems);
	snprintf(want, sizeof want,
	         "%s:0: the index's stored record of " DAMAGED " is damaged "
	         "and could not be read: the post is written again from the "
	         "corpus, without what only that record held (topics and "
	         "fields of pages this run did not read)",
	         path);
	assert_str(want, said[0]);
}

/* After the mend: the post's record reads again. A changed corpus makes
 * a run that may not remove read every record it replaces, the mended
 * one's too, and it warns of nothing. */
static void check_mended(const char *path, const char *corpus)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *db;

	assert_int(0, write_posts(corpus, 1, 3, "beta"));
	assert_ok(run(path, corpus, 0, 1, &rep));
	assert_int(0, n_warnings);
	assert_int(3, (long)rep.updated);
	db = open_as(path, FOLIO_OPEN_READ);
	assert_true(db != NULL);
	assert_int(3, total_of(db, "beta"));
	assert_int(1, total_of(db, "\"Post 2\""));
	folio_db_close(db);
}

static void test_record__an_incremental_run_writes_it_from_the_corpus(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	char path[512], corpus[512];

	damaged_index("sync", path, sizeof path, corpus, sizeof corpus);
	assert_ok(run(path, corpus, 0, 1, &rep));
	check_warning(path);
	assert_int(1, (long)rep.updated);
	assert_int(2, (long)rep.unchanged);
	assert_int(0, (long)rep.skipped);
	check_mended(path, corpus);
}

static void test_record__a_rebuild_writes_it_from_the_corpus_too(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	char path[512], corpus[512];

	damaged_index("rebuild", path, sizeof path, corpus, sizeof corpus);
	assert_ok(run(path, corpus, 1, 1, &rep));
	check_warning(path);
	assert_true(rep.rebuilt);
	assert_int(1, (long)rep.updated);
	assert_int(2, (long)rep.unchanged);
	check_mended(path, corpus);
}

/* A run that may remove replaces a changed post without reading its
 * record: nothing to warn of. */
static void test_record__a_clean_run_does_not_read_it(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	char path[512], corpus[512];

	damaged_index("clean", path, sizeof path, corpus, sizeof corpus);
	assert_ok(run(path, corpus, 0, 0, &rep));
	assert_int(0, n_warnings);
	assert_int(1, (long)rep.updated);
	check_mended(path, corpus);
}

static const fo_test tests[] = {
	FO_TEST(test_record__an_incremental_run_writes_it_from_the_corpus),
	FO_TEST(test_record__a_rebuild_writes_it_from_the_corpus_too),
	FO_TEST(test_record__a_clean_run_does_not_read_it),
};

int main(void)
{
	int failed;

	if (fo_tempdir_make(root, sizeof root, "record") != 0)
		return 1;
	failed = FO_RUN(tests);
	fo_tempdir_remove(root);
	return failed;
}
