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
#include <sys/wait.h>
#include <unistd.h>

/* Glass's default block size, and where a block keeps its revision (4
 * bytes, big-endian) and its level (0: a leaf) (glass_table.h). */
#define BLOCK    8192
#define LEVEL_AT 4

/* The path of table (e.g. "docdata") in the index's one generation into
 * path; 0, or -1 when there is none. */
static int table_path(const char *index, const char *table, char *path,
                      size_t size)
{
	struct dirent *e;
	DIR *d;

	path[0] = '\0';
	if (!(d = opendir(index)))
		return -1;
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "gen-", 4) == 0)
			snprintf(path, size, "%s/%s/%s.glass", index, e->d_name,
			         table);
	closedir(d);
	return path[0] ? 0 : -1;
}

/* Give every leaf block of table (e.g. "docdata") in the index's one
 * generation a revision no commit has made; the root and branch blocks,
 * which opening reads, are left alone. Returns the blocks changed, or -1. */
static int age_leaves(const char *index, const char *table)
{
	static const unsigned char future[4] = { 0x7f, 0xff, 0xff, 0x00 };
	unsigned char block[BLOCK];
	char path[600];
	int fd, changed = 0;
	off_t at;

	if (table_path(index, table, path, sizeof path) != 0 ||
	    (fd = open(path, O_RDWR)) < 0)
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

/* An index of n posts (write_long_posts) named name, its corpus beside it
 * as name.jsonl. */
static void long_index(const char *name, int n, char *idx, size_t size)
{
	char corpus[320];
	folio_db *db;

	in_root(idx, size, name);
	snprintf(corpus, sizeof corpus, "%s.jsonl", idx);
	assert_int(0, write_long_posts(corpus, n));
	db = open_as(idx, WRITE_CREATE);
	assert_true(db != NULL);
	assert_ok(index_file(db, corpus, 0, 0, 0, NULL));
	assert_ok(folio_db_close(db));
}

/* An index of posts whose leaves of table are aged (age_leaves). */
static void aged_index(const char *name, const char *table, char *idx,
                       size_t size)
{
	long_index(name, 400, idx, size);
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
	assert_int(FOLIO_ERROR_CORRUPT, folio_db_check(db, NULL, &problems));
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
	assert_int(FOLIO_ERROR_CORRUPT, folio_db_check(db, NULL, &problems));
	snprintf(want, sizeof want,
	         "%s does not name a generation: the index is damaged; move "
	         "the index aside and index again",
	         stub);
	assert_str(want, folio_db_error(db));
	folio_db_close(db);
}

/* The check of an index in a fresh process: this program run again
 * with --check-isolated DIR, which prints the status, the problems and
 * the message of folio_db_check with FOLIO_CHECK_ISOLATE. What Xapian
 * reads past a buffer decides whether it crashes: a fresh process's heap
 * (as folio check has) ends soon after it, and the reads meet unmapped
 * memory; this one's, grown by the tests before, may hold garbage that
 * the checker only counts as problems. */
static int check_isolated_main(const char *idx)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_check_options co = FOLIO_CHECK_OPTIONS_INIT;
	folio_db *db = NULL;
	char *errmsg = NULL;
	uint64_t problems = 0;
	folio_status st;

	st = folio_db_open(idx, &oo, &db, &errmsg);
	if (st != FOLIO_OK) {
		printf("%d 0 %s", (int)st, errmsg ? errmsg : "");
		free(errmsg);
		return 0;
	}
	co.flags = FOLIO_CHECK_ISOLATE;
	st = folio_db_check(db, &co, &problems);
	printf("%d %llu %s", (int)st, (unsigned long long)problems,
	       folio_db_error(db));
	folio_db_close(db);
	return 0;
}

/* folio_db_similar of url in a fresh process (--similar-isolated DIR
 * URL): prints the status, then each hit's URL, else the message. */
static int similar_isolated_main(const char *idx, const char *url)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_results *r = NULL;
	folio_db *db = NULL;
	char *errmsg = NULL;
	folio_status st;
	size_t i;

	st = folio_db_open(idx, &oo, &db, &errmsg);
	if (st == FOLIO_OK)
		st = folio_db_similar(db, url, NULL, &r);
	printf("%d", (int)st);
	for (i = 0; r && i < folio_results_count(r); i++)
		printf(" %s", folio_results_hit(r, i)->url);
	if (st != FOLIO_OK)
		printf(" %s", db ? folio_db_error(db) : errmsg ? errmsg : "");
	free(errmsg);
	folio_results_free(r);
	folio_db_close(db);
	return 0;
}

/* The start of file path, NUL-terminated, into buf; 0 if unreadable. */
static int fd_read(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return n > 0;
}

/* What check_isolated_main printed for idx (url NULL), or
 * similar_isolated_main for idx and url, into out ("" if it died), with
 * AddressSanitizer's reports (if the library is built with it) in files
 * ROOT/asan.PID, not on the test's stderr: *asan says whether there was
 * one, *xapian whether it shows a read past a heap buffer in Xapian's
 * checker. */
static void in_fresh_process(const char *idx, const char *url, char *out,
                             size_t size, int *asan, int *xapian)
{
	char opts[1200], report[8192], path[600];
	const char *was = getenv("ASAN_OPTIONS");
	struct dirent *e;
	size_t len = 0;
	ssize_t n;
	int fds[2], status;
	pid_t pid;
	DIR *d;

	out[0] = '\0';
	*asan = *xapian = 0;
	/* only this process's reports */
	assert_true((d = opendir(root)) != NULL);
	while (d && (e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "asan.", 5) == 0) {
			snprintf(path, sizeof path, "%s/%s", root, e->d_name);
			unlink(path);
		}
	if (d)
		closedir(d);
	snprintf(opts, sizeof opts, "%s%slog_path=%s/asan", was ? was : "",
	         was && *was ? ":" : "", root);
	assert_int(0, pipe(fds));
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		setenv("ASAN_OPTIONS", opts, 1);
		execl("/proc/self/exe", "api_damage",
		      url ? "--similar-isolated" : "--check-isolated", idx, url,
		      (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while (len + 1 < size &&
	       (n = read(fds[0], out + len, size - 1 - len)) > 0)
		len += (size_t)n;
	out[len] = '\0';
	close(fds[0]);
	assert_int(pid, (long)waitpid(pid, &status, 0));
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	assert_true((d = opendir(root)) != NULL);
	while (d && (e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "asan.", 5) != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", root, e->d_name);
		if (fd_read(path, report, sizeof report) &&
		    strstr(report, "heap-buffer-overflow") &&
		    strstr(report, "Xapian::Database::check"))
			*xapian = 1;
		*asan = 1;
	}
	if (d)
		closedir(d);
}

/* The posts of tests/cli/lib.sh posts_jsonl, indexed by one thread (the
 * posts' order, and so the layout) into index name (its path into idx,
 * its corpus file into corpus), with pair: ", pairN" in post i's summary
 * (N = (i + 1) / 2: posts 1 and 2 share a word) as in
 * tests/cli/T119-similar-crash.sh. Their term lists are one leaf block. */
static void five_posts(const char *name, int pair, char *idx, size_t size,
                       char *corpus, size_t csize)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	char table[1000], pairs[32] = "";
	struct stat st;
	folio_db *db;
	FILE *f;
	int i;

	io.threads = 1;
	in_root(idx, size, name);
	snprintf(corpus, csize, "%s.jsonl", idx);
	f = fopen(corpus, "w");
	assert_true(f != NULL);
	for (i = 1; f && i <= 5; i++) {
		if (pair)
			snprintf(pairs, sizeof pairs, ", pair%d", (i + 1) / 2);
		fprintf(f,
		        "{\"url\": \"https://example.com/p%d\", \"title\": "
		        "\"Post number %d about lattices\", \"company\": "
		        "\"Example\", \"type\": \"Tutorial\", \"topics\": "
		        "[\"Topic%d\"], \"summary\": \"Summary %d of v1: "
		        "quokkas, lattices%s and the word v1.\"}\n",
		        i, i, i % 7, i, pairs);
	}
	assert_int(0, f ? fclose(f) : -1);
	db = open_as(idx, WRITE_CREATE);
	assert_true(db != NULL);
	assert_ok(folio_db_index_paths(db, (const char *const[]){ corpus }, 1,
	                               &io, NULL));
	assert_ok(folio_db_close(db));
	assert_int(0, table_path(idx, "termlist", table, sizeof table));
	assert_int(0, stat(table, &st));
	assert_int(BLOCK, (long)st.st_size); /* one leaf, else find anew */
}

/* Xapian 1.4.22's checker reads past a buffer decoding a damaged term
 * list, and crashes (SIGSEGV; xapian-check too): the posts of
 * tests/cli/lib.sh posts_jsonl, whose term lists are one leaf block, and
 * 32 zero bytes 128 bytes before its end (in post 1's term list, written
 * last; tests/cli/T117-check-crash.sh). Checked in a child, the crash is
 * damage in the term list table. */
static void test_damage__a_checker_crash_in_a_child_is_corrupt(void)
{
	static const unsigned char zeros[32];
	char idx[300], corpus[320], table[600], want[2000], got[2000];
	int fd, asan, xapian, k;

	five_posts("termlist-crash", 0, idx, sizeof idx, corpus, sizeof corpus);
	assert_int(0, table_path(idx, "termlist", table, sizeof table));
	fd = open(table, O_RDWR);
	assert_true(fd >= 0);
	assert_int(sizeof zeros,
	           (long)pwrite(fd, zeros, sizeof zeros, BLOCK - 128));
	close(fd);

	/* Under ASan the overread is caught as it happens, in the child,
	 * which ASan aborts (abort_on_error=1): SIGABRT, not SIGSEGV.
	 * Without it, about 1 fresh process in 100 has mapped memory past
	 * the buffer (the layout is randomised), and its checker reports
	 * the damage it then finds instead: corrupt all the same, and tried
	 * again, up to 5 times, for the crash. */
	for (k = 0; k < 5; k++) {
		in_fresh_process(idx, NULL, got, sizeof got, &asan, &xapian);
		if (strstr(got, "checker crashed"))
			break;
		snprintf(want, sizeof want, "%d ", (int)FOLIO_ERROR_CORRUPT);
		assert_true(strncmp(got, want, strlen(want)) == 0);
	}
	snprintf(want, sizeof want,
	         "%d 1 %s: Xapian's checker crashed reading this table "
	         "(%s); rebuild it with: folio index --rebuild --db %s %s",
	         (int)FOLIO_ERROR_CORRUPT, table, asan ? "SIGABRT" : "SIGSEGV",
	         idx, corpus);
	assert_str(want, got);
	assert_int(asan, xapian);
}

/* folio_db_similar asked Xapian for the post's ESet, which reads its
 * term list: with 32 zero bytes 128 bytes before the end of the term
 * list leaf of these posts it died by SIGSEGV in a fresh process, and
 * at 192 it failed, FOLIO_ERROR_CORRUPT (tests/cli/T119-similar-crash.sh
 * with the same posts). The post's terms now come from its stored
 * record, and the term list table is never read: post 2, the one post
 * sharing a word (pair1) with post 1, is like it, as on the intact
 * index, and no overread is reported. */
static void test_damage__similar_never_reads_the_term_lists(void)
{
	static const unsigned char zeros[32];
	static const int backs[] = { 0, 128, 192 };
	char idx[300], corpus[320], table[1000], got[2000], cmd[1400];
	size_t k;
	int fd, asan, xapian;

	five_posts("similar-termlist", 1, idx, sizeof idx, corpus,
	           sizeof corpus);
	for (k = 0; k < sizeof backs / sizeof *backs; k++) {
		char copy[340];

		snprintf(copy, sizeof copy, "%s-%d", idx, backs[k]);
		snprintf(cmd, sizeof cmd, "cp -r '%s' '%s'", idx, copy);
		assert_int(0, system(cmd));
		assert_int(0,
		           table_path(copy, "termlist", table, sizeof table));
		fd = open(table, O_RDWR);
		assert_true(fd >= 0);
		if (backs[k])
			assert_int(sizeof zeros,
			           (long)pwrite(fd, zeros, sizeof zeros,
			                        BLOCK - backs[k]));
		close(fd);
		in_fresh_process(copy, "https://example.com/p1", got,
		                 sizeof got, &asan, &xapian);
		assert_str("0 https://example.com/p2", got);
		assert_int(0, asan);
	}
}

/* Overwrite each leaf block of the table file at path with 0xa5 bytes:
 * Xapian's checker stops at the first it reads ("dir_end invalid").
 * Returns the blocks overwritten, or -1. */
static int smash_leaves(const char *path)
{
	unsigned char block[BLOCK];
	int fd = open(path, O_RDWR), smashed = 0;
	off_t at;

	if (fd < 0)
		return -1;
	for (at = 0; pread(fd, block, BLOCK, at) == BLOCK; at += BLOCK) {
		if (block[LEVEL_AT] != 0)
			continue;
		memset(block, 0xa5, BLOCK);
		if (pwrite(fd, block, BLOCK, at) != BLOCK) {
			smashed = -1;
			break;
		}
		smashed++;
	}
	close(fd);
	return smashed;
}

/* What folio_check_options.problem was given, a line each. */
typedef struct seen {
	char text[4096];
	int calls, stop_at;
} seen;

static int see_problem(const char *problem, void *payload)
{
	seen *s = payload;
	size_t n = strlen(s->text);

	snprintf(s->text + n, sizeof s->text - n, "%s\n", problem);
	return ++s->calls == s->stop_at;
}

/* Damage in two shards: each is a problem, given to the callback by its
 * table file, in the checker's process and across its child's pipe
 * alike; folio_db_error() says the first. A callback that asks to stop
 * is called no more; the check says what it found all the same. */
static void test_damage__a_check_gives_each_problem(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_check_options co = FOLIO_CHECK_OPTIONS_INIT;
	char idx[300], corpus[320], gen[600], pos[700], doc[700], want[2000],
	    first[2000];
	const char *path;
	uint64_t problems = 0;
	folio_db *db;
	seen s;
	int isolate;

	in_root(idx, sizeof idx, "two-places");
	snprintf(corpus, sizeof corpus, "%s.jsonl", idx);
	assert_int(0, write_long_posts(corpus, 400));
	db = open_as(idx, WRITE_CREATE);
	assert_true(db != NULL);
	io.shards = 2;
	io.threads = 1; /* the posts' order, and so the blocks, fixed */
	path = corpus;
	assert_ok(folio_db_index_paths(db, &path, 1, &io, NULL));
	assert_ok(folio_db_close(db));
	/* the generation's directory: a table path of no table, cut */
	assert_int(0, table_path(idx, "", gen, sizeof gen));
	gen[strlen(gen) - strlen("/.glass")] = '\0';
	snprintf(pos, sizeof pos, "%s/shard-0/position.glass", gen);
	snprintf(doc, sizeof doc, "%s/shard-1/docdata.glass", gen);
	assert_true(smash_leaves(pos) > 0);
	assert_true(smash_leaves(doc) > 0);
	snprintf(want, sizeof want,
	         "%s: DatabaseCorruptError: dir_end invalid in block 0\n"
	         "%s: DatabaseCorruptError: dir_end invalid in block 0\n",
	         pos, doc);
	snprintf(first, sizeof first,
	         "%s: DatabaseCorruptError: dir_end invalid in block 0; "
	         "rebuild it with: folio index --rebuild --db %s %s",
	         pos, idx, corpus);

	db = open_as(idx, FOLIO_OPEN_READ);
	assert_true(db != NULL);
	co.problem = see_problem;
	co.payload = &s;
	for (isolate = 0; isolate < 2; isolate++) {
		memset(&s, 0, sizeof s);
		co.flags = isolate ? FOLIO_CHECK_ISOLATE : 0;
		assert_int(FOLIO_ERROR_CORRUPT,
		           folio_db_check(db, &co, &problems));
		assert_int(2, (long)problems);
		assert_str(want, s.text);
		assert_str(first, folio_db_error(db));
	}
	memset(&s, 0, sizeof s);
	s.stop_at = 1;
	assert_int(FOLIO_ERROR_CORRUPT, folio_db_check(db, &co, &problems));
	assert_int(2, (long)problems);
	assert_int(1, s.calls);
	assert_str(first, folio_db_error(db));
	folio_db_close(db);
}

/* A writer opens a damaged index for the rebuild alone: each write, and an
 * incremental run, is FOLIO_ERROR_CORRUPT with the rebuild advice, though
 * folio.h listed that status for none of them (a caller switching on the
 * documented ones missed it). */
static void test_damage__writes_to_a_damaged_index_are_corrupt(void)
{
	static const folio_post post = { .url = "https://example.com/new",
		                         .title = "New",
		                         .summary = "A new post." };
	char idx[300], table[600], corpus[320];
	const char *paths[1] = { corpus };
	folio_db *db;
	int fd;

	long_index("cut", 10, idx, sizeof idx);
	snprintf(corpus, sizeof corpus, "%s.jsonl", idx);
	/* a table cut short, as tests/cli/T110-hostile.sh cuts one */
	assert_int(0, table_path(idx, "docdata", table, sizeof table));
	fd = open(table, O_WRONLY | O_TRUNC);
	assert_true(fd >= 0);
	close(fd);

	db = open_as(idx, FOLIO_OPEN_WRITE);
	assert_true(db != NULL);
	assert_int(FOLIO_ERROR_CORRUPT, folio_db_add_post(db, &post));
	assert_true(strstr(folio_db_error(db), "rebuild it with") != NULL);
	assert_int(FOLIO_ERROR_CORRUPT,
	           folio_db_delete_post(db, "https://example.com/d1"));
	assert_int(FOLIO_ERROR_CORRUPT, folio_db_commit(db));
	assert_int(FOLIO_ERROR_CORRUPT,
	           folio_db_index_paths(db, paths, 1, NULL, NULL));
	assert_true(strstr(folio_db_error(db), "rebuild it with") != NULL);
	folio_db_close(db);
}

static const fo_test tests[] = {
	FO_TEST(test_damage__a_block_from_no_commit_is_corrupt_not_modified),
	FO_TEST(test_damage__a_writer_is_never_overtaken_either),
	FO_TEST(test_damage__opening_a_damaged_index_is_corrupt),
	FO_TEST(test_damage__checking_a_damaged_index_is_corrupt),
	FO_TEST(test_damage__a_stub_naming_nothing_is_not_rebuilt),
	FO_TEST(test_damage__a_checker_crash_in_a_child_is_corrupt),
	FO_TEST(test_damage__similar_never_reads_the_term_lists),
	FO_TEST(test_damage__a_check_gives_each_problem),
	FO_TEST(test_damage__writes_to_a_damaged_index_are_corrupt),
};

int main(int argc, char **argv)
{
	int rc;

	if (argc == 3 && strcmp(argv[1], "--check-isolated") == 0)
		return check_isolated_main(argv[2]);
	if (argc == 4 && strcmp(argv[1], "--similar-isolated") == 0)
		return similar_isolated_main(argv[2], argv[3]);
	if (fo_tempdir_make(root, sizeof root, "api-damage") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
