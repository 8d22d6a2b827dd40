/*
 * test_torn.c: a sharded index whose writer died between its shards'
 * commits. Each shard commits on its own, so a writer killed between
 * two leaves part of its last batch in some shards only: readers take
 * the shards as they are once no writer is at work (bridge_shard.cc
 * fo_xsettle), and folio check must say so rather than call the index
 * sound. The torn state is made as that writer leaves it: one shard
 * given a commit the other never got, through the bridge. The next
 * incremental run numbers every shard alike again, and adds what the
 * other shards lack from the corpus.
 */
#define _XOPEN_SOURCE 700
#include "api/layout.h"
#include "folio.h"
#include "harness.h"
#include "index/schema.h"
#include "scratch.h"
#include "tempdir.h"
#include "xapian/bridge.h"

#include <string.h>

/* Give shard 0 of index path's live generation a commit numbered n that
 * no other shard has, as a writer dying before the next shard's commit
 * leaves it. */
static void commit_shard0_alone(const char *path, const char *n)
{
	fo_buf gen = FO_BUF_INIT, why = FO_BUF_INIT, shard = FO_BUF_INIT;
	fo_xdb *w = NULL;
	fo_xerr err = { "" };

	assert_ok(fo_layout_live(path, &gen, &why));
	fo_buf_printf(&shard, "%s/shard-0", gen.data);
	assert_ok(fo_xdb_open(shard.data, FO_XDB_WRITE, &w, &err));
	assert_ok(fo_xdb_set_metadata(w, FO_META_COMMIT, n, &err));
	assert_ok(fo_xdb_commit(w, &err));
	fo_xdb_close(w, &err);
	fo_buf_free(&gen);
	fo_buf_free(&why);
	fo_buf_free(&shard);
}

/* folio_db_check on a reader of path: its status, *problems, and the
 * first problem's message into msg. */
static folio_status check_of(const char *path, uint64_t *problems, char *msg,
                             size_t size)
{
	folio_db *r = open_as(path, FOLIO_OPEN_READ);
	folio_status st =
	    r ? folio_db_check(r, NULL, problems) : FOLIO_ERROR_NOT_FOUND;

	snprintf(msg, size, "%s", r ? folio_db_error(r) : "");
	folio_db_close(r);
	return st;
}

/* Index corpus into path (opened with flags, in shards shards; 0: as it
 * is), then expect folio check to find it sound. */
static void index_sound(const char *path, const char *corpus, unsigned flags,
                        unsigned shards)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *w = open_as(path, flags);
	uint64_t problems = 9;
	char msg[1024];

	assert_true(w != NULL);
	assert_ok(index_file(w, corpus, 0, 0, shards, &rep));
	assert_ok(folio_db_close(w));
	assert_ok(check_of(path, &problems, msg, sizeof msg));
	assert_int(0, (long)problems);
}

static void test_torn__check_names_shards_at_different_commits(void)
{
	char path[512], corpus[512], msg[1024], want[1400];
	uint64_t problems = 9;

	in_root(path, sizeof path, "torn");
	in_root(corpus, sizeof corpus, "torn.jsonl");
	assert_int(0, write_posts(corpus, 1, 40, "tear"));
	index_sound(path, corpus, WRITE_CREATE, 2);

	commit_shard0_alone(path, "99");
	assert_int(FOLIO_ERROR_CORRUPT,
	           check_of(path, &problems, msg, sizeof msg));
	assert_int(1, (long)problems);
	assert_true(strstr(msg, "the shards hold different commits (shard 0 "
	                        "commit 99, shard 1 commit ") == msg);
	snprintf(want, sizeof want,
	         "): a writer died between its shards' commits, and part of "
	         "its last batch is in some shards only; index it again "
	         "with: folio index --db %s %s",
	         path, corpus);
	assert_str(want, strstr(msg, "): a writer") ? strstr(msg, "): a writer")
	                                            : msg);

	/* the next run numbers them alike again */
	index_sound(path, corpus, FOLIO_OPEN_WRITE, 0);
}

static const fo_test tests[] = {
	FO_TEST(test_torn__check_names_shards_at_different_commits),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "torn") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
