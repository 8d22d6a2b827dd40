/*
 * test_upgrade.c: an index of another format (built by an older or newer
 * folio), through the public API (upgrade.c). Readers and every call that
 * reads or changes posts refuse it with FOLIO_ERROR_VERSION and the
 * command that rebuilds it; a writer may open it for a rebuild, which
 * builds a generation of this folio's format from the corpus, keeps the
 * index's language and shard count unless told otherwise, and switches to
 * it. A run that would have to carry old posts over (no_delete, or a
 * corpus read incompletely) is refused and leaves the old generation
 * live. The old format is made by rewriting the format metadata through
 * the bridge, as a folio of another format would have left it.
 */
#define _XOPEN_SOURCE 700
#include "api/db.h"
#include "api/layout.h"
#include "harness.h"
#include "index/schema.h"
#include "scratch.h"
#include "tempdir.h"
#include "xapian/bridge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Open path with flags and language (NULL: none named); on failure the
 * status is returned and the message copied into msg. */
static folio_status open_with(const char *path, unsigned flags,
                              const char *language, folio_db **db,
                              char *msg, size_t size)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	char *errmsg = NULL;
	folio_status st;

	opts.flags = flags;
	opts.language = language;
	st = folio_db_open(path, &opts, db, &errmsg);
	if (msg)
		snprintf(msg, size, "%s", errmsg ? errmsg : "");
	free(errmsg);
	return st;
}

/* Build an index at path from corpus (shards: its layout, language: its
 * stemmer), then record format in it as a folio of that format would. */
static void make_index(const char *path, const char *corpus,
                       const char *language, unsigned shards,
                       const char *format)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *db = NULL;
	fo_xerr err = { "" };

	assert_ok(open_with(path, WRITE_CREATE, language, &db, NULL, 0));
	assert_ok(index_file(db, corpus, 0, 0, shards, &rep));
	assert_ok(fo_xdb_set_metadata(db->xdb, FO_META_FORMAT, format, &err));
	assert_ok(folio_db_close(db));
}

/* The format the live generation records ("" when none; "?" when it
 * cannot be read). */
static const char *format_of(const char *path)
{
	static char format[32];
	folio_db *db = NULL;
	char *value = NULL;

	snprintf(format, sizeof format, "?");
	/* A writer opens any format; it only reads the metadata here. */
	if (open_with(path, FOLIO_OPEN_WRITE, NULL, &db, NULL, 0) == FOLIO_OK &&
	    fo_xdb_get_metadata(db->xdb, FO_META_FORMAT, &value, NULL) ==
	    FOLIO_OK)
		snprintf(format, sizeof format, "%s", value);
	free(value);
	folio_db_close(db);
	return format;
}

static void test_upgrade__readers_refuse_with_the_command_that_works(void)
{
	char path[512], corpus[512], msg[1024], want[2048];
	folio_db *db = NULL;

	in_root(path, sizeof path, "refuse");
	in_root(corpus, sizeof corpus, "refuse.jsonl");
	assert_int(0, write_posts(corpus, 1, 20, "alpha"));
	make_index(path, corpus, NULL, 0, "1");
	assert_int(FOLIO_ERROR_VERSION, open_with(path, FOLIO_OPEN_READ, NULL,
	                                          &db, msg, sizeof msg));
	assert_true(db == NULL);
	snprintf(want, sizeof want, "index %s has format \"1\", which this "
	         "folio (format %s) cannot use: rebuild it with: folio index "
	         "--rebuild --db %s %s", path, FO_FORMAT_VERSION, path, corpus);
	assert_str(want, msg);
}

static void test_upgrade__a_writer_may_only_rebuild_it(void)
{
	folio_post post = { "https://example.com/new", "New", NULL, NULL,
	                    NULL, NULL, "A new post.", NULL, 0 };
	char path[512], corpus[512], want[2048];
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_results *res = NULL;
	folio_stats stats = FOLIO_STATS_INIT;
	uint64_t problems = 9, n = 0;
	folio_db *db;

	in_root(path, sizeof path, "writer");
	in_root(corpus, sizeof corpus, "writer.jsonl");
	assert_int(0, write_posts(corpus, 1, 20, "alpha"));
	make_index(path, corpus, NULL, 0, "1");
	db = open_as(path, FOLIO_OPEN_WRITE);
	assert_true(db != NULL);
	snprintf(want, sizeof want, "index %s has format \"1\", which this "
	         "folio (format %s) cannot use: rebuild it with: folio index "
	         "--rebuild --db %s %s", path, FO_FORMAT_VERSION, path, corpus);
	assert_int(FOLIO_ERROR_VERSION, index_file(db, corpus, 0, 0, 0, &rep));
	assert_str(want, folio_db_error(db));
	assert_int(0, rep.added);
	assert_int(0, rep.files); /* refused before reading anything */
	assert_int(FOLIO_ERROR_VERSION, folio_db_add_post(db, &post));
	assert_str(want, folio_db_error(db));
	assert_int(FOLIO_ERROR_VERSION,
	           folio_db_delete_post(db, "https://example.com/p1"));
	assert_int(FOLIO_ERROR_VERSION, folio_db_search(db, "alpha", NULL,
	                                                &res));
	assert_true(res == NULL);
	assert_int(FOLIO_ERROR_VERSION, folio_db_check(db, NULL, &problems));
	assert_int(0, problems);
	assert_int(FOLIO_ERROR_VERSION, folio_db_stats(db, &stats));
	/* The count is the storage's, whatever the format. */
	assert_ok(folio_db_count(db, &n));
	assert_int(20, n);
	/* Nothing of it changed. */
	assert_ok(folio_db_close(db));
	assert_str("1", format_of(path));
}

static void test_upgrade__a_rebuild_brings_it_to_this_format(void)
{
	char path[512], corpus[512], gen[600];
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_stats after = FOLIO_STATS_INIT;
	unsigned long generation;
	folio_db *w, *r;

	in_root(path, sizeof path, "rebuild");
	in_root(corpus, sizeof corpus, "rebuild.jsonl");
	assert_int(0, write_posts(corpus, 1, 30, "alpha"));
	make_index(path, corpus, NULL, 0, "1");
	w = open_as(path, FOLIO_OPEN_WRITE);
	assert_true(w != NULL);
	/* Its generation, as the writer sees it (stats refuse it). */
	snprintf(gen, sizeof gen, "%s", w->live.data);
	generation = fo_layout_gen_number(gen);
	assert_true(generation > 0);
	assert_int(0, write_posts(corpus, 1, 30, "bravo"));
	assert_ok(index_file(w, corpus, 1, 0, 0, &rep));
	/* Nothing could be compared with the old posts: all are new. */
	assert_true(rep.rebuilt);
	assert_int(30, rep.posts);
	assert_int(30, rep.added);
	assert_int(0, rep.updated);
	assert_int(0, rep.unchanged);
	assert_int(0, rep.removed);
	assert_int(0, rep.kept);
	/* The handle now works like any other. */
	assert_int(30, total_of(w, "bravo"));
	assert_ok(folio_db_stats(w, &after));
	assert_int(generation + 1, after.generation);
	assert_true(access(gen, F_OK) != 0); /* the old generation is gone */
	assert_ok(folio_db_close(w));
	assert_str(FO_FORMAT_VERSION, format_of(path));
	r = open_as(path, FOLIO_OPEN_READ);
	assert_true(r != NULL);
	assert_int(30, total_of(r, "bravo"));
	assert_int(0, total_of(r, "alpha"));
	assert_str("english", folio_db_language(r));
	folio_db_close(r);
}

static void test_upgrade__the_language_is_kept_unless_named(void)
{
	char path[512], corpus[512];
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *db = NULL;

	in_root(path, sizeof path, "language");
	in_root(corpus, sizeof corpus, "language.jsonl");
	assert_int(0, write_posts(corpus, 1, 10, "alpha"));
	make_index(path, corpus, "french", 0, "1");
	/* Kept: the writer would rebuild it in french. */
	assert_ok(open_with(path, FOLIO_OPEN_WRITE, NULL, &db, NULL, 0));
	assert_str("french", folio_db_language(db));
	assert_ok(index_file(db, corpus, 1, 0, 0, &rep));
	assert_ok(folio_db_close(db));
	db = open_as(path, FOLIO_OPEN_READ);
	assert_true(db != NULL);
	assert_str("french", folio_db_language(db));
	folio_db_close(db);

	/* Named: the rebuild is a new index, in the language asked for. */
	make_index(path, corpus, NULL, 0, "1");
	assert_ok(open_with(path, FOLIO_OPEN_WRITE, "german", &db, NULL, 0));
	assert_str("german", folio_db_language(db));
	assert_ok(index_file(db, corpus, 1, 0, 0, &rep));
	assert_ok(folio_db_close(db));
	db = open_as(path, FOLIO_OPEN_READ);
	assert_true(db != NULL);
	assert_str("german", folio_db_language(db));
	assert_int(10, total_of(db, "alpha"));
	folio_db_close(db);
}

static void test_upgrade__posts_that_would_be_kept_refuse_the_rebuild(void)
{
	char path[512], corpus[600], bad[600], dir[512], gen[600], msg[2048];
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *db;
	FILE *f;

	in_root(path, sizeof path, "kept");
	in_root(dir, sizeof dir, "kept-corpus");
	assert_int(0, mkdir(dir, 0777));
	snprintf(corpus, sizeof corpus, "%s/a.jsonl", dir);
	snprintf(bad, sizeof bad, "%s/b.jsonl", dir);
	assert_int(0, write_posts(corpus, 1, 10, "alpha"));
	make_index(path, dir, NULL, 0, "1");
	db = open_as(path, FOLIO_OPEN_WRITE);
	assert_true(db != NULL);
	snprintf(gen, sizeof gen, "%s", db->live.data);

	/* no_delete asks for a copy that cannot be made. */
	snprintf(msg, sizeof msg, "cannot keep the indexed posts missing "
	         "from the corpus (no_delete): index %s has format \"1\", "
	         "whose posts this folio (format %s) cannot read or carry "
	         "over; rebuild it from the whole corpus without --no-delete",
	         path, FO_FORMAT_VERSION);
	assert_int(FOLIO_ERROR_VERSION, index_file(db, dir, 1, 1, 0, &rep));
	assert_str(msg, folio_db_error(db));
	assert_int(0, rep.files);

	/* A malformed post: what it held might be among the old posts. */
	f = fopen(bad, "w");
	assert_true(f != NULL);
	fputs("{\"url\": \"https://example.com/bad\", \"title\": \"Bad\"}\n", f);
	assert_int(0, fclose(f));
	snprintf(msg, sizeof msg, "1 malformed post or unreadable file "
	         "skipped, and index %s has format \"1\", whose posts this "
	         "folio (format %s) cannot read or carry over: a rebuild "
	         "would lose the posts they hold, so the index was left as "
	         "it was; fix them and rebuild again", path,
	         FO_FORMAT_VERSION);
	assert_int(FOLIO_ERROR_VERSION, index_file(db, dir, 1, 0, 0, &rep));
	assert_str(msg, folio_db_error(db));
	assert_int(1, rep.skipped);
	assert_true(!rep.rebuilt);
	/* The old generation is still the live one, untouched. */
	assert_str(gen, db->live.data);
	assert_ok(folio_db_close(db));
	assert_str("1", format_of(path));
	assert_int(0, access(gen, F_OK));

	/* Fixed, the rebuild goes through. */
	assert_int(0, unlink(bad));
	db = open_as(path, FOLIO_OPEN_WRITE);
	assert_true(db != NULL);
	assert_ok(index_file(db, dir, 1, 0, 0, &rep));
	assert_true(rep.rebuilt);
	assert_ok(folio_db_close(db));
	assert_str(FO_FORMAT_VERSION, format_of(path));
}

static void test_upgrade__a_sharded_index_keeps_its_shards(void)
{
	char path[512], corpus[512];
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_db *db;

	in_root(path, sizeof path, "sharded");
	in_root(corpus, sizeof corpus, "sharded.jsonl");
	assert_int(0, write_posts(corpus, 1, 40, "alpha"));
	make_index(path, corpus, NULL, 3, "1");
	db = open_as(path, FOLIO_OPEN_WRITE);
	assert_true(db != NULL);
	assert_int(3, fo_xdb_shard_count(db->xdb));
	assert_ok(index_file(db, corpus, 1, 0, 0, &rep));
	assert_true(rep.rebuilt);
	assert_int(3, fo_xdb_shard_count(db->xdb));
	assert_ok(folio_db_close(db));
	assert_str(FO_FORMAT_VERSION, format_of(path));
	db = open_as(path, FOLIO_OPEN_READ);
	assert_true(db != NULL);
	assert_int(40, total_of(db, "alpha"));
	folio_db_close(db);

	/* A new shard count is a rebuild too. */
	make_index(path, corpus, NULL, 0, "1");
	db = open_as(path, FOLIO_OPEN_WRITE);
	assert_true(db != NULL);
	assert_ok(index_file(db, corpus, 0, 0, 2, &rep));
	assert_true(rep.rebuilt);
	assert_int(2, fo_xdb_shard_count(db->xdb));
	assert_ok(folio_db_close(db));
	assert_str(FO_FORMAT_VERSION, format_of(path));
}

static void test_upgrade__the_writer_still_holds_the_lock(void)
{
	char path[512], corpus[512], msg[1024];
	folio_db *w, *other = NULL;

	in_root(path, sizeof path, "lock");
	in_root(corpus, sizeof corpus, "lock.jsonl");
	assert_int(0, write_posts(corpus, 1, 5, "alpha"));
	make_index(path, corpus, NULL, 0, "1");
	w = open_as(path, FOLIO_OPEN_WRITE);
	assert_true(w != NULL);
	assert_int(FOLIO_ERROR_LOCKED, open_with(path, FOLIO_OPEN_WRITE, NULL,
	                                         &other, msg, sizeof msg));
	assert_true(other == NULL);
	assert_ok(folio_db_close(w));
}

static void test_upgrade__a_reader_refuses_a_switch_to_another_format(void)
{
	char path[512], corpus[512], gen[600];
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	fo_xdb *x = NULL;
	fo_xerr err = { "" };
	folio_db *w, *r;

	in_root(path, sizeof path, "switch");
	in_root(corpus, sizeof corpus, "switch.jsonl");
	assert_int(0, write_posts(corpus, 1, 10, "alpha"));
	make_index(path, corpus, NULL, 0, FO_FORMAT_VERSION);
	r = open_as(path, FOLIO_OPEN_READ);
	assert_true(r != NULL);
	assert_int(10, total_of(r, "alpha"));
	/* Another folio rebuilds it in its format "99". */
	w = open_as(path, FOLIO_OPEN_WRITE);
	assert_true(w != NULL);
	assert_ok(index_file(w, corpus, 1, 0, 0, &rep));
	snprintf(gen, sizeof gen, "%s", w->live.data);
	assert_ok(folio_db_close(w));
	assert_ok(fo_xdb_open(gen, FO_XDB_WRITE, &x, &err));
	assert_ok(fo_xdb_set_metadata(x, FO_META_FORMAT, "99", &err));
	assert_ok(fo_xdb_close(x, &err));
	/* The reader follows the switch, and stops there. */
	assert_int(-1, total_of(r, "alpha"));
	assert_true(strstr(folio_db_error(r), "has format \"99\"") != NULL);
	assert_int(-1, total_of(r, "alpha"));
	folio_db_close(r);
}

static const fo_test tests[] = {
	FO_TEST(test_upgrade__readers_refuse_with_the_command_that_works),
	FO_TEST(test_upgrade__a_writer_may_only_rebuild_it),
	FO_TEST(test_upgrade__a_rebuild_brings_it_to_this_format),
	FO_TEST(test_upgrade__the_language_is_kept_unless_named),
	FO_TEST(test_upgrade__posts_that_would_be_kept_refuse_the_rebuild),
	FO_TEST(test_upgrade__a_sharded_index_keeps_its_shards),
	FO_TEST(test_upgrade__the_writer_still_holds_the_lock),
	FO_TEST(test_upgrade__a_reader_refuses_a_switch_to_another_format),
};

int main(void)
{
	int failed;

	if (fo_tempdir_make(root, sizeof root, "upgrade") != 0)
		return 1;
	failed = FO_RUN(tests);
	fo_tempdir_remove(root);
	return failed;
}
