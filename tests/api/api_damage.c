/*
 * api_damage.c: what a damaged index looks like through folio.h. Glass
 * takes a block whose revision is newer than the commit a reader has open
 * for one a writer's later commit overwrote (Xapian's
 * DatabaseModifiedError, FOLIO_ERROR_MODIFIED: "retry"). When no commit
 * came since, no writer can have overwritten it: it is damage, and a
 * caller that retried FOLIO_ERROR_MODIFIED as folio.h says would retry for
 * ever. Opening, searches, stats and checks then say FOLIO_ERROR_CORRUPT,
 * at once.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "scratch.h"
#include "tempdir.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Glass's default block size, and where a block keeps its revision (4
 * bytes, big-endian) and its level (0: a leaf) (glass_table.h). */
#define BLOCK    8192
#define LEVEL_AT 4

/* Give every leaf block of table (e.g. "docdata") in the index's one
 * generation a revision no commit has made; the root and branch blocks,
 * which opening reads, are left alone. Returns the blocks changed, or -1. */
static int age_leaves(const char *index, const char *table)
{
	static const unsigned char future[4] = { 0x7f, 0xff, 0xff, 0x00 };
	unsigned char block[BLOCK];
	char path[600];
	struct dirent *e;
	int fd, changed = 0;
	off_t at;
	DIR *d;

	path[0] = '\0';
	if (!(d = opendir(index)))
		return -1;
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "gen-", 4) == 0)
			snprintf(path, sizeof path, "%s/%s/%s.glass", index,
			         e->d_name, table);
	closedir(d);
	if (!path[0] || (fd = open(path, O_RDWR)) < 0)
		return -1;
	for (at = 0; pread(fd, block, BLOCK, at) == BLOCK; at += BLOCK) {
		if (block[LEVEL_AT] != 0)
			continue;
		if (pwrite(fd, future, sizeof future, at) != sizeof future) {
			changed = -1;
			break;
		}
		changed++;
	}
	close(fd);
	return changed;
}

/* Enough posts with long summaries that the document data table has a
 * root above its leaves. */
static int write_long_posts(const char *path, int n)
{
	FILE *f = fopen(path, "w");
	int i, k;

	if (!f)
		return -1;
	for (i = 0; i < n; i++) {
		fprintf(f,
		        "{\"url\": \"https://example.com/d%d\", \"title\": "
		        "\"Damage %d\", \"summary\": \"",
		        i, i);
		for (k = 0; k < 40; k++)
			fprintf(f, "lattice number %d word %d ", i, k);
		fputs("\"}\n", f);
	}
	return fclose(f);
}

/* An index of posts whose leaves of table are aged (age_leaves). */
static void aged_index(const char *name, const char *table, char *idx,
                       size_t size)
{
	char corpus[300];
	folio_db *db;

	in_root(idx, size, name);
	snprintf(corpus, sizeof corpus, "%s.jsonl", idx);
	assert_int(0, write_long_posts(corpus, 400));
	db = open_as(idx, WRITE_CREATE);
	assert_true(db != NULL);
	assert_ok(index_file(db, corpus, 0, 0, 0, NULL));
	assert_ok(folio_db_close(db));
	assert_true(age_leaves(idx, table) > 0);
}

static void test_damage__a_block_from_no_commit_is_corrupt_not_modified(void)
{
	char idx[300];
	folio_db *db;
	folio_results *r = NULL;
	folio_stats stats = FOLIO_STATS_INIT;
	folio_status st;

	aged_index("aged", "docdata", idx, sizeof idx);

	db = open_as(idx, FOLIO_OPEN_READ);
	assert_true(db != NULL);
	/* The hits' data is in the aged leaves. */
	st = folio_db_search(db, "lattice", NULL, &r);
	assert_int(FOLIO_ERROR_CORRUPT, st);
	assert_true(r == NULL);
	assert_true(strstr(folio_db_error(db), "damaged") != NULL);
	assert_true(strstr(folio_db_error(db), idx) != NULL);
	/* The same handle answers what it can still read. */
	assert_ok(folio_db_stats(db, &stats));
	assert_int(400, (long)stats.documents);
	folio_db_close(db);
}

static void test_damage__a_writer_is_never_overtaken_either(void)
{
	char idx[300];
	folio_db *db;
	folio_results *r = NULL;

	aged_index("aged-writer", "docdata", idx, sizeof idx);

	db = open_as(idx, FOLIO_OPEN_WRITE);
	assert_true(db != NULL);
	/* (Xapian itself says so to a writer: "Block overwritten".) */
	assert_int(FOLIO_ERROR_CORRUPT,
	           folio_db_search(db, "lattice", NULL, &r));
	assert_true(r == NULL);
	assert_true(*folio_db_error(db) != '\0');
	folio_db_close(db);
}

static void test_damage__opening_a_damaged_index_is_corrupt(void)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL;
	char idx[300], *errmsg = NULL;

	/* The index's metadata, which opening reads, is in the postlist
	 * table's leaves. */
	aged_index("aged-meta", "postlist", idx, sizeof idx);
	assert_int(FOLIO_ERROR_CORRUPT,
	           folio_db_open(idx, &opts, &db, &errmsg));
	assert_true(db == NULL);
	assert_true(errmsg != NULL);
	assert_true(errmsg && strstr(errmsg, "damaged") != NULL);
	assert_true(errmsg && strstr(errmsg, idx) != NULL);
	free(errmsg);
}

static void test_damage__checking_a_damaged_index_is_corrupt(void)
{
	char idx[300];
	uint64_t problems = 0;
	folio_db *db;

	aged_index("aged-check", "docdata", idx, sizeof idx);
	db = open_as(idx, FOLIO_OPEN_READ);
	assert_true(db != NULL);
	assert_int(FOLIO_ERROR_CORRUPT, folio_db_check(db, &problems));
	assert_true(problems > 0);
	assert_true(*folio_db_error(db) != '\0');
	folio_db_close(db);
}

/* A stub that names no generation cannot be mended by a rebuild, which
 * refuses such a directory: folio_db_check on a handle that meets one
 * said to move it aside and then, as its text did not hold the words it
 * looked for, to rebuild it too. */
static void test_damage__a_stub_naming_nothing_is_not_rebuilt(void)
{
	char idx[300], corpus[300], stub[320], want[700];
	uint64_t problems = 0;
	folio_db *db;
	FILE *f;

	in_root(idx, sizeof idx, "garbled");
	in_root(corpus, sizeof corpus, "garbled.jsonl");
	assert_int(0, write_posts(corpus, 1, 5, "quokkas"));
	db = open_as(idx, WRITE_CREATE);
	assert_true(db != NULL);
	assert_ok(index_file(db, corpus, 0, 0, 0, NULL));
	assert_ok(folio_db_close(db));
	db = open_as(idx, FOLIO_OPEN_READ);
	assert_true(db != NULL);
	snprintf(stub, sizeof stub, "%s/XAPIANDB", idx);
	f = fopen(stub, "w");
	assert_true(f && fputs("glass\n", f) >= 0);
	assert_int(0, fclose(f));
	assert_int(FOLIO_ERROR_CORRUPT, folio_db_check(db, &problems));
	snprintf(want, sizeof want,
	         "%s does not name a generation: the index is damaged; move "
	         "the index aside and index again",
	         stub);
	assert_str(want, folio_db_error(db));
	folio_db_close(db);
}

static const fo_test tests[] = {
	FO_TEST(test_damage__a_block_from_no_commit_is_corrupt_not_modified),
	FO_TEST(test_damage__a_writer_is_never_overtaken_either),
	FO_TEST(test_damage__opening_a_damaged_index_is_corrupt),
	FO_TEST(test_damage__checking_a_damaged_index_is_corrupt),
	FO_TEST(test_damage__a_stub_naming_nothing_is_not_rebuilt),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "api-damage") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
