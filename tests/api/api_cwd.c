/*
 * api_cwd.c: a handle opened with a relative path keeps working after
 * the program changes its working directory (a daemon's chdir("/") after
 * opening its index, a tool that cd's into each project): its searches,
 * a rebuild's generation switch and the reader following it, stats and
 * check all reach the index it opened, and nothing is written where the
 * program has moved to.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "scratch.h"
#include "tempdir.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char elsewhere[300];

static void test_cwd__a_relative_handle_survives_a_chdir(void)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_stats s = FOLIO_STATS_INIT;
	folio_db *w, *r;
	char a[512], b[512], moved[600];
	uint64_t problems = 1;
	struct stat sb;

	in_root(a, sizeof a, "cwd-a.jsonl");
	in_root(b, sizeof b, "cwd-b.jsonl");
	assert_int(0, write_posts(a, 1, 20, "alpha"));
	assert_int(0, write_posts(b, 1, 20, "bravo"));
	assert_int(0, chdir(root));
	w = open_as("idx", WRITE_CREATE);
	assert_true(w != NULL);
	assert_ok(index_file(w, a, 0, 0, 0, &rep));
	r = open_as("idx", FOLIO_OPEN_READ);
	assert_true(r != NULL);
	assert_int(20, total_of(r, "alpha"));
	/* The program moves on; its handles stay with the index. */
	assert_int(0, chdir(elsewhere));
	assert_int(20, total_of(r, "alpha"));
	assert_ok(index_file(w, b, 1, 0, 0, &rep));
	assert_true(rep.rebuilt);
	assert_int(20, total_of(r, "bravo"));
	assert_int(0, total_of(r, "alpha"));
	assert_ok(folio_db_stats(r, &s));
	assert_int(20, s.documents);
	assert_true(s.disk_bytes > 0);
	assert_ok(folio_db_check(r, NULL, &problems));
	assert_int(0, problems);
	assert_ok(folio_db_close(r));
	assert_ok(folio_db_close(w));
	/* Nothing was made where the program moved to. */
	snprintf(moved, sizeof moved, "%s/idx", elsewhere);
	assert_true(stat(moved, &sb) != 0);
	/* Messages still name the index as it was given. */
	assert_int(0, chdir(root));
	r = open_as("idx", FOLIO_OPEN_READ);
	assert_true(r != NULL);
	assert_int(0, chdir(elsewhere));
	assert_int(FOLIO_ERROR_INVALID, folio_db_commit(r));
	assert_str("index idx was opened read-only", folio_db_error(r));
	assert_ok(folio_db_close(r));
}

static const fo_test tests[] = {
	FO_TEST(test_cwd__a_relative_handle_survives_a_chdir),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "api-cwd") != 0)
		return 1;
	snprintf(elsewhere, sizeof elsewhere, "%s/elsewhere", root);
	if (mkdir(elsewhere, 0777) != 0)
		return 1;
	rc = FO_RUN(tests);
	if (chdir("/") != 0)
		rc = 1;
	fo_tempdir_remove(root);
	return rc;
}
