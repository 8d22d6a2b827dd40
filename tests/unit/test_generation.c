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

/* Create an empty file at path: 0, or -1. */
static int touch(const char *path)
{
	FILE *f = fopen(path, "wb");

	return f && fclose(f) == 0 ? 0 : -1;
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
	snprintf(p, sizeof p, "%s/gen-1/iamglass", dir);
	assert_int(0, touch(p));
	snprintf(p, sizeof p, "%s/gen-1/postlist.glass", dir);
	assert_int(0, touch(p));
	snprintf(p, sizeof p, "%s/XAPIANDB.tmp", dir);
	assert_int(0, touch(p));
	/* Debris of a creation killed before its first stub is written. */
	assert_int(FO_LAYOUT_EMPTY, fo_layout_probe(dir));
	/* A creation never builds (the stub comes first), and its gen-1
	 * holds glass files only: anything else is someone's data, which
	 * a creation would delete as debris. */
	snprintf(p, sizeof p, "%s/build-123", dir);
	assert_int(0, mkdir(p, 0777));
	assert_int(FO_LAYOUT_OTHER, fo_layout_probe(dir));
	assert_int(0, rmdir(p));
	snprintf(p, sizeof p, "%s/gen-1/photo.jpg", dir);
	assert_int(0, touch(p));
	assert_int(FO_LAYOUT_OTHER, fo_layout_probe(dir));
	assert_int(0, unlink(p));
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
	assert_ok(fo_layout_switch(dir, "gen-7", NULL, &why));
	assert_int(FO_LAYOUT_STUB, fo_layout_probe(dir));
	fo_buf_clear(&name);
	assert_ok(fo_layout_live_name(dir, &name, &why));
	assert_str("gen-7", name.data);
	/* Cleaning keeps the live generation and whatever is not ours:
	 * a build directory is build-<pid>, not any build-*. */
	snprintf(p, sizeof p, "%s/notes.txt", dir);
	assert_int(0, mkdir(p, 0777));
	snprintf(p, sizeof p, "%s/build-456", dir);
	assert_int(0, mkdir(p, 0777));
	snprintf(p, sizeof p, "%s/build-log.txt", dir);
	assert_int(0, touch(p));
	assert_int(2, fo_layout_clean(dir, "gen-7", &why));
	snprintf(p, sizeof p, "%s/gen-7", dir);
	assert_int(0, access(p, F_OK));
	snprintf(p, sizeof p, "%s/notes.txt", dir);
	assert_int(0, access(p, F_OK));
	snprintf(p, sizeof p, "%s/build-log.txt", dir);
	assert_int(0, access(p, F_OK));
	snprintf(p, sizeof p, "%s/build-456", dir);
	assert_int(-1, access(p, F_OK));
	fo_buf_free(&name);
	fo_buf_free(&why);
}

/* The generation a stub of the given bytes names, or "" with st set
 * when it names none. */
static folio_status live_of(const char *bytes, size_t len, fo_buf *name)
{
	char dir[512], p[600];
	fo_buf why = FO_BUF_INIT;
	folio_status st;
	FILE *f;

	snprintf(dir, sizeof dir, "%s/stubs", root);
	mkdir(dir, 0777);
	snprintf(p, sizeof p, "%s/%s", dir, FO_STUB_NAME);
	f = fopen(p, "wb");
	if (!f || fwrite(bytes, 1, len, f) != len || fclose(f) != 0)
		return FOLIO_ERROR_IO;
	fo_buf_clear(name);
	fo_buf_puts(name, "");
	st = fo_layout_live_name(dir, name, &why);
	fo_buf_free(&why);
	return st;
}

#define assert_live(want, bytes)                                               \
	do {                                                                   \
		fo_buf n_ = FO_BUF_INIT;                                       \
		assert_ok(live_of(bytes, sizeof bytes - 1, &n_));              \
		assert_str(want, n_.data);                                     \
		fo_buf_free(&n_);                                              \
	} while (0)

#define assert_no_live(bytes)                                                  \
	do {                                                                   \
		fo_buf n_ = FO_BUF_INIT;                                       \
		assert_int(FOLIO_ERROR_CORRUPT,                                \
		           live_of(bytes, sizeof bytes - 1, &n_));             \
		fo_buf_free(&n_);                                              \
	} while (0)

/* A stub is read as "<backend> <generation>" on its first line that is
 * neither empty nor a comment, each field up to its first white space,
 * the backend at most 31 bytes (more run on into the generation), the
 * generation at most 255; a line is read 511 bytes at a time (as
 * fgets does), so the rest of a longer comment is a line of its own. */
static void test_generation__a_stub_names_its_generation(void)
{
	char big[1200];
	fo_buf n = FO_BUF_INIT;

	assert_live("gen-3", "auto gen-3\n");
	assert_live("gen-3", "auto gen-3");
	assert_live("gen-3", "# replica\n\n#x\nauto gen-3\nglass gen-4\n");
	assert_live("gen-3", " \t auto \t gen-3 trailing words\n");
	assert_live("gen-3", "auto\tgen-3\r\n");
	assert_live("gen-3", "auto gen-3\0ignored");
	assert_no_live("");
	assert_no_live("\n\n# only comments\n");
	assert_no_live("auto\n");
	assert_no_live("auto ..\n");
	assert_no_live("auto .\n");
	assert_no_live("auto a/b\n");
	assert_no_live(" \nauto gen-3\n");
	assert_no_live("\0auto gen-3\n");
	/* a 40-byte backend: its last 9 bytes are read as the generation */
	assert_live("123456789",
	            "0123456789012345678901234567890123456789 gen-3\n");
	/* a generation of 300 bytes: its first 255 */
	memset(big, 'g', 305);
	memcpy(big, "auto ", 5);
	big[305] = '\n';
	assert_ok(live_of(big, 306, &n));
	assert_int(255, (long)n.len);
	/* a comment of 600 bytes: its last 89 are a line of their own */
	memset(big, 'c', sizeof big);
	big[0] = '#';
	memcpy(big + 511, "auto gen-5 ", 11);
	big[600] = '\n';
	memcpy(big + 601, "auto gen-3\n", 11);
	assert_ok(live_of(big, 612, &n));
	assert_str("gen-5", n.data);
	/* and one of exactly 511 bytes and its newline: the newline alone
	 * is the next line, an empty one */
	memset(big, 'c', sizeof big);
	big[0] = '#';
	big[511] = '\n';
	memcpy(big + 512, "auto gen-6\n", 11);
	assert_ok(live_of(big, 523, &n));
	assert_str("gen-6", n.data);
	fo_buf_free(&n);
}

static const fo_test tests[] = {
	FO_TEST(test_generation__an_open_reader_survives_deletion),
	FO_TEST(test_generation__names_and_debris),
	FO_TEST(test_generation__a_stub_names_its_generation),
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
