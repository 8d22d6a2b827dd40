/*
 * test_generation.c: what the rebuild's deletion of the old generation
 * relies on (build.c): on Linux, a glass database that a reader has open
 * keeps answering -- postings, document data, searches -- after its
 * directory has been deleted, because Xapian holds its tables open and
 * unlinked files live until their last descriptor closes. Also the
 * layout helpers that name, find and clean generations.
 */
#define _XOPEN_SOURCE 700
#include "api/layout.h"
#include "harness.h"
#include "tempdir.h"
#include "xapian/bridge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[256];

static folio_status add_doc(fo_xdb *db, const char *id, const char *word)
{
	fo_xdoc *doc = NULL;
	fo_xerr err = { "" };
	folio_status st = fo_xdoc_new(&doc);

	if (st == FOLIO_OK)
		st = fo_xdoc_add_posting(doc, word, strlen(word), 1, 1);
	if (st == FOLIO_OK)
		st = fo_xdoc_add_boolean(doc, id, strlen(id));
	if (st == FOLIO_OK)
		st = fo_xdoc_set_data(doc, id, strlen(id));
	if (st == FOLIO_OK)
		st = fo_xdb_replace(db, id, doc, NULL, &err);
	fo_xdoc_free(doc);
	return st;
}

static void test_generation__an_open_reader_survives_deletion(void)
{
	char dir[512];
	fo_xdb *w = NULL, *r = NULL;
	fo_xerr err = { "" };
	fo_xquery *q;
	fo_xmset *m = NULL;
	fo_xsearch params;
	uint32_t docid = 0;
	uint64_t n = 0;
	char *data = NULL;
	size_t len = 0;
	int i;

	snprintf(dir, sizeof dir, "%s/gen-1", root);
	assert_ok(fo_xdb_open(dir, FO_XDB_WRITE | FO_XDB_CREATE, &w, &err));
	for (i = 0; i < 500; i++) {
		char id[32];
		snprintf(id, sizeof id, "Qdoc%d", i);
		assert_ok(add_doc(w, id, i % 2 ? "odd" : "even"));
	}
	assert_ok(fo_xdb_close(w, &err));
	assert_ok(fo_xdb_open(dir, FO_XDB_READ, &r, &err));
	assert_int(0, fo_layout_remove_tree(dir));
	assert_true(access(dir, F_OK) != 0);

	assert_ok(fo_xdb_doccount(r, &n, &err));
	assert_int(500, n);
	assert_ok(fo_xdb_find(r, "Qdoc321", &docid, &err));
	assert_true(docid != 0);
	assert_ok(fo_xdb_get_data(r, docid, &data, &len, &err));
	assert_str("Qdoc321", data);
	free(data);
	q = fo_xquery_term("odd", 3, 1);
	memset(&params, 0, sizeof params);
	params.limit = 10;
	params.k1 = 1;
	params.k3 = 1;
	params.b = 0.5;
	params.min_normlen = 0.5;
	params.check_at_least = 1000;
	assert_ok(fo_xdb_search(r, q, &params, &m, &err));
	assert_int(250, fo_xmset_estimate(m));
	assert_int(10, fo_xmset_size(m));
	fo_xmset_free(m);
	fo_xquery_free(q);
	fo_xdb_close(r, NULL);
}

static void test_generation__names_and_debris(void)
{
	fo_buf name = FO_BUF_INIT, why = FO_BUF_INIT;
	char dir[512], p[600];

	snprintf(dir, sizeof dir, "%s/layout", root);
	assert_int(0, mkdir(dir, 0777));
	assert_int(FO_LAYOUT_EMPTY, fo_layout_probe(dir));
	snprintf(p, sizeof p, "%s/gen-1", dir);
	assert_int(0, mkdir(p, 0777));
	snprintf(p, sizeof p, "%s/build-123", dir);
	assert_int(0, mkdir(p, 0777));
	/* Debris of a creation killed before its first stub is written. */
	assert_int(FO_LAYOUT_EMPTY, fo_layout_probe(dir));
	/* But a later generation without a stub is someone's data. */
	snprintf(p, sizeof p, "%s/gen-7", dir);
	assert_int(0, mkdir(p, 0777));
	assert_int(FO_LAYOUT_OTHER, fo_layout_probe(dir));
	assert_ok(fo_layout_next_gen(dir, &name, &why));
	assert_str("gen-8", name.data);
	assert_int(7, fo_layout_gen_number("/x/gen-7"));
	assert_int(0, fo_layout_gen_number("/x/gen-07"));
	assert_int(0, fo_layout_gen_number("/x/generation"));
	assert_ok(fo_layout_switch(dir, "gen-7", &why));
	assert_int(FO_LAYOUT_STUB, fo_layout_probe(dir));
	fo_buf_clear(&name);
	assert_ok(fo_layout_live_name(dir, &name, &why));
	assert_str("gen-7", name.data);
	/* Cleaning keeps the live generation and whatever is not ours. */
	snprintf(p, sizeof p, "%s/notes.txt", dir);
	assert_int(0, mkdir(p, 0777));
	assert_int(2, fo_layout_clean(dir, "gen-7", &why));
	snprintf(p, sizeof p, "%s/gen-7", dir);
	assert_int(0, access(p, F_OK));
	snprintf(p, sizeof p, "%s/notes.txt", dir);
	assert_int(0, access(p, F_OK));
	fo_buf_free(&name);
	fo_buf_free(&why);
}

static const fo_test tests[] = {
	FO_TEST(test_generation__an_open_reader_survives_deletion),
	FO_TEST(test_generation__names_and_debris),
};

int main(void)
{
	int failed;

	if (fo_tempdir_make(root, sizeof root, "generation") != 0)
		return 1;
	failed = FO_RUN(tests);
	fo_tempdir_remove(root);
	return failed;
}
