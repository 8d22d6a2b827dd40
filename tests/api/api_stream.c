/*
 * api_stream.c: a run streams its corpus (read twice, posts handed to the
 * writers in bounded batches, never all held), through the shared library
 * only. A post on two topic pages in different files, far apart (many
 * batches between), is still one post with both topics, its fields from
 * its first appearance with gaps filled by the later one, in a full build
 * and in an incremental run alike; a corpus of many batches builds the
 * same index by either path and with one worker or two, and the same
 * ranking every time; progress counts the posts of every worker; a file
 * that changes between the two readings is reported and nothing is
 * removed, and a post it gains a copy of meanwhile stays one post; one
 * replaced by a FIFO meanwhile is reported, not waited on for ever; one
 * deleted meanwhile is reported and not counted as read.
 */
#define _XOPEN_SOURCE 700
#include "folio.h"
#include "harness.h"
#include "scratch.h"
#include "tempdir.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static folio_db *create(const char *name)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL;
	char *errmsg = NULL, path[512];

	opts.flags = FOLIO_OPEN_WRITE | FOLIO_OPEN_CREATE;
	if (folio_db_open(in_root(path, sizeof path, name), &opts, &db,
	                  &errmsg) != FOLIO_OK)
		fprintf(stderr, "  open %s: %s\n", path, errmsg ? errmsg : "?");
	free(errmsg);
	return db;
}

/* Append n filler posts f<first>.. (topic "Filler") to f. */
static void fillers(FILE *f, int first, int n)
{
	int i;

	for (i = first; i < first + n; i++)
		fprintf(f, "{\"url\": \"https://example.com/f%d\", \"title\": "
		        "\"Filler %d\", \"topics\": [\"Filler\"], \"summary\": "
		        "\"Words about lattices and filler number %d.\"}\n",
		        i, i, i % 7);
}

/*
 * a.jsonl: the shared post (no company, no date, topic GPUs), then 700
 * fillers; b.jsonl: 700 more fillers, then the shared post again with
 * another title, a company, a date and topic Kernels. More than one batch
 * of posts lies between the two appearances.
 */
static int write_pages(const char *a, const char *b)
{
	FILE *f = fopen(a, "w");

	if (!f)
		return -1;
	fprintf(f, "{\"url\": \"https://example.com/shared\", \"title\": "
	        "\"First title\", \"topics\": [\"GPUs\"], \"summary\": "
	        "\"Kernels on GPUs, first words.\"}\n");
	fillers(f, 1, 700);
	if (fclose(f) != 0 || !(f = fopen(b, "w")))
		return -1;
	fillers(f, 701, 700);
	fprintf(f, "{\"url\": \"https://example.com/shared\", \"title\": "
	        "\"Second title\", \"company\": \"Example\", \"published\": "
	        "\"2026-01-02\", \"topics\": [\"Kernels\"], \"summary\": "
	        "\"Other words.\"}\n");
	return fclose(f);
}

/* The shared post, as a search for it finds it: "title|company|date|
 * topics|summary", or why not. */
static void shared_post(folio_db *db, char *out, size_t size)
{
	folio_results *r = NULL;
	const folio_hit *h;

	if (folio_db_search(db, "first words", NULL, &r) != FOLIO_OK) {
		snprintf(out, size, "search failed: %s", folio_db_error(db));
		return;
	}
	if (folio_results_count(r) != 1) {
		snprintf(out, size, "%zu hits", folio_results_count(r));
	} else {
		h = folio_results_hit(r, 0);
		snprintf(out, size, "%s|%s|%s|%s,%s|%s", h->title,
		         h->company ? h->company : "-",
		         h->published ? h->published : "-",
		         h->n_topics > 0 ? h->topics[0] : "-",
		         h->n_topics > 1 ? h->topics[1] : "-", h->summary);
	}
	folio_results_free(r);
}

#define SHARED "First title|Example|2026-01-02|GPUs,Kernels|" \
	"Kernels on GPUs, first words."

static void test_stream__a_post_on_pages_far_apart_is_merged_in_a_full_build(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	const char *paths[2];
	char a[512], b[512], got[1024];
	folio_db *db = create("full");

	assert_int(0, write_pages(in_root(a, sizeof a, "full-a.jsonl"),
	                          in_root(b, sizeof b, "full-b.jsonl")));
	paths[0] = a;
	paths[1] = b;
	io.threads = 2;
	assert_ok(folio_db_index_paths(db, paths, 2, &io, &rep));
	assert_true(rep.rebuilt);
	assert_int(1401, rep.posts);
	assert_int(1401, rep.added);
	shared_post(db, got, sizeof got);
	assert_str(SHARED, got);
	assert_ok(folio_db_close(db));
}

static void test_stream__a_post_on_pages_far_apart_is_merged_in_a_sync(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	const char *paths[2];
	char a[512], b[512], got[1024];
	folio_db *db = create("sync");

	assert_int(0, write_pages(in_root(a, sizeof a, "sync-a.jsonl"),
	                          in_root(b, sizeof b, "sync-b.jsonl")));
	/* An index of fillers first, so that the next run is incremental. */
	paths[0] = b;
	assert_int(FOLIO_OK, folio_db_index_paths(db, paths, 1, NULL, &rep));
	assert_int(701, rep.added);
	paths[0] = a;
	paths[1] = b;
	assert_ok(folio_db_index_paths(db, paths, 2, &io, &rep));
	assert_int(0, rep.rebuilt);
	assert_int(1401, rep.posts);
	assert_int(700, rep.added);
	assert_int(1, rep.updated);
	assert_int(700, rep.unchanged);
	shared_post(db, got, sizeof got);
	assert_str(SHARED, got);
	assert_ok(folio_db_close(db));
}

/*
 * Three files of 1500 posts; every fifth post of the first file appears
 * again in the second and the third with another topic: 3900 posts, many
 * batches. Described as the total hits of several queries, then "|" and
 * the URLs of the first 40 hits of a query many posts tie on.
 */
static int write_many(const char *dir)
{
	static const char *const topics[] = { "Alpha", "Bravo", "Charlie" };
	char path[600];
	FILE *f;
	int k, i;

	for (k = 0; k < 3; k++) {
		snprintf(path, sizeof path, "%s/part%d.jsonl", dir, k);
		if (!(f = fopen(path, "w")))
			return -1;
		for (i = 0; i < 1500; i++) {
			int id = k == 0 || i % 5 ? k * 1500 + i : i;
			fprintf(f, "{\"url\": \"https://example.com/m%d\", "
			        "\"title\": \"Post %d\", \"topics\": "
			        "[\"%s\"], \"summary\": \"Lattices %s "
			        "word%d.\"}\n", id, id, topics[k],
			        i % 3 ? "and" : "or",
			        id % 11);
		}
		if (fclose(f) != 0)
			return -1;
	}
	return 0;
}

static void describe(folio_db *db, char *out, size_t size)
{
	static const char *const queries[] = { "lattices", "topic:Alpha",
		"topic:Bravo", "topic:Charlie", "word3" };
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	uint64_t n = 0;
	size_t i, len;

	folio_db_count(db, &n);
	len = (size_t)snprintf(out, size, "%llu docs", (unsigned long long)n);
	/* Hits held, not the estimate: exact. */
	so.limit = 5000;
	for (i = 0; i < sizeof queries / sizeof queries[0]; i++) {
		if (folio_db_search(db, queries[i], &so, &r) != FOLIO_OK)
			return;
		len += (size_t)snprintf(out + len, size - len, "; %s %zu",
		                        queries[i], folio_results_count(r));
		folio_results_free(r);
	}
	len += (size_t)snprintf(out + len, size - len, "|");
	so.limit = 40;
	if (folio_db_search(db, "lattices word3", &so, &r) != FOLIO_OK)
		return;
	for (i = 0; i < folio_results_count(r) && len < size; i++)
		len += (size_t)snprintf(out + len, size - len, " %s",
		                        folio_results_hit(r, i)->url + 20);
	folio_results_free(r);
}

/* Index dir into a new index name: a full build by threads workers, or,
 * incremental, a sync into an index that holds one post already. */
static void build_many(const char *name, const char *dir, unsigned threads,
                       int incremental, char *out, size_t size)
{
	static const folio_post old = { "https://example.com/m0", "Old", NULL,
		NULL, NULL, NULL, "Old words.", NULL, 0 };
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	const char *paths[1];
	folio_db *db = create(name);

	io.threads = threads;
	if (incremental && (folio_db_add_post(db, &old) != FOLIO_OK ||
	                    folio_db_commit(db) != FOLIO_OK))
		snprintf(out, size, "add failed: %s", folio_db_error(db));
	paths[0] = dir;
	if (folio_db_index_paths(db, paths, 1, &io, &rep) != FOLIO_OK ||
	    rep.rebuilt == incremental || rep.posts != 3900 ||
	    rep.added + rep.updated != 3900)
		snprintf(out, size, "run failed: %s, rebuilt %d, %llu posts",
		         folio_db_error(db), rep.rebuilt,
		         (unsigned long long)rep.posts);
	else
		describe(db, out, size);
	folio_db_close(db);
}

static void test_stream__many_batches_build_the_same_index_every_way(void)
{
	static char one[4096], two[4096], again[4096], synced[4096];
	char dir[512];

	in_root(dir, sizeof dir, "many");
	assert_int(0, mkdir(dir, 0777));
	assert_int(0, write_many(dir));
	build_many("many-1", dir, 1, 0, one, sizeof one);
	build_many("many-2", dir, 2, 0, two, sizeof two);
	build_many("many-2-again", dir, 2, 0, again, sizeof again);
	build_many("many-sync", dir, 1, 1, synced, sizeof synced);
	/* Two workers twice: the same docids, so the same ranking of ties. */
	assert_str(two, again);
	/* The counts: the same by every path (the rankings of ties differ
	 * where the docids do). */
	*strchr(one, '|') = '\0';
	*strchr(two, '|') = '\0';
	*strchr(synced, '|') = '\0';
	assert_str("3900 docs; lattices 3900; topic:Alpha 1500; "
	           "topic:Bravo 1500; topic:Charlie 1500; word3 354", one);
	assert_str(one, two);
	assert_str(one, synced);
}

typedef struct progress_log {
	char seen[4096];
	size_t len;
} progress_log;

static void on_progress(const folio_progress *p, void *payload)
{
	progress_log *log = payload;

	if (strcmp(p->phase, "reading") != 0 && log->len < sizeof log->seen)
		log->len += (size_t)snprintf(log->seen + log->len,
		                             sizeof log->seen - log->len,
		                             "%s %llu/%llu\n", p->phase,
		                             (unsigned long long)p->done,
		                             (unsigned long long)p->total);
}

static void test_stream__progress_counts_the_posts_of_every_worker(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	progress_log log;
	const char *paths[1];
	char a[512];
	folio_db *db = create("progress");
	FILE *f;

	assert_true((f = fopen(in_root(a, sizeof a, "progress.jsonl"), "w")) != NULL);
	fillers(f, 1, 3000);
	assert_int(0, fclose(f));
	memset(&log, 0, sizeof log);
	io.threads = 2;
	io.progress = on_progress;
	io.payload = &log;
	paths[0] = a;
	assert_ok(folio_db_index_paths(db, paths, 1, &io, &rep));
	assert_str("indexing 1000/3000\nindexing 2000/3000\n"
	           "indexing 3000/3000\nmerging 0/3000\nmerging 3000/3000\n"
	           "switching 3000/3000\n", log.seen);
	assert_ok(folio_db_close(db));
}

typedef struct change_log {
	const char *file;   /* changed after the second file is read */
	int changed;
	int n;
	char first[1024];
} change_log;

static void change_on_reading(const folio_progress *p, void *payload)
{
	change_log *log = payload;
	FILE *f;

	if (strcmp(p->phase, "reading") == 0 && p->done == 2 && !log->changed) {
		log->changed = 1;
		if ((f = fopen(log->file, "a"))) {
			fillers(f, 5000, 1);
			fclose(f);
		}
	}
}

static void on_diag(const folio_diagnostic *d, void *payload)
{
	change_log *log = payload;

	if (log->n++ == 0)
		snprintf(log->first, sizeof log->first, "%s:%u: %s", d->file,
		         d->line, d->message);
}

static void test_stream__a_file_changed_between_readings_removes_nothing(void)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	change_log log;
	const char *paths[1];
	char dir[512], a[600], b[600], c[600], want[1024];
	folio_db *db = create("changed");
	FILE *f;

	in_root(dir, sizeof dir, "changed-corpus");
	assert_int(0, mkdir(dir, 0777));
	snprintf(a, sizeof a, "%s/a.jsonl", dir);
	snprintf(b, sizeof b, "%s/b.jsonl", dir);
	snprintf(c, sizeof c, "%s/c.jsonl", dir);
	assert_true((f = fopen(a, "w")) != NULL);
	fillers(f, 1, 10);
	assert_int(0, fclose(f));
	assert_true((f = fopen(b, "w")) != NULL);
	fillers(f, 11, 10);
	assert_int(0, fclose(f));
	assert_true((f = fopen(c, "w")) != NULL);
	fillers(f, 21, 10);
	assert_int(0, fclose(f));
	paths[0] = dir;
	assert_ok(folio_db_index_paths(db, paths, 1, NULL, &rep));
	assert_int(30, rep.added);
	/* c.jsonl goes; a.jsonl changes once it has been read. */
	assert_int(0, remove(c));
	memset(&log, 0, sizeof log);
	log.file = a;
	io.progress = change_on_reading;
	io.diagnostic = on_diag;
	io.payload = &log;
	assert_int(FOLIO_ERROR_INPUT,
	           folio_db_index_paths(db, paths, 1, &io, &rep));
	assert_int(1, log.n);
	snprintf(want, sizeof want, "%s:0: changed while it was being "
	         "indexed; index again to read all of it", a);
	assert_str(want, log.first);
	assert_int(1, rep.skipped);
	assert_int(1, rep.added);
	assert_int(0, rep.removed);
	assert_int(10, rep.kept);
	assert_ok(folio_db_close(db));
}

/* Once the first reading has counted the file, a copy of a post it
 * holds once is appended (an editor's paste, a generator's rerun). */
static void copy_on_reading(const folio_progress *p, void *payload)
{
	change_log *log = payload;
	FILE *f;

	if (strcmp(p->phase, "reading") == 0 && !log->changed) {
		log->changed = 1;
		if ((f = fopen(log->file, "a"))) {
			fillers(f, 2, 1);
			fclose(f);
		}
	}
}

/* How many hits a search for lattices has of f1, f2 and f3: "1 1 1"
 * when each is one post, or why not. */
static void lattice_hits(folio_db *db, char *out, size_t size)
{
	folio_results *r = NULL;
	char url[64];
	int seen[3] = { 0, 0, 0 }, i;
	size_t k;

	if (folio_db_search(db, "lattices", NULL, &r) != FOLIO_OK) {
		snprintf(out, size, "search failed: %s", folio_db_error(db));
		return;
	}
	for (k = 0; k < folio_results_count(r); k++)
		for (i = 0; i < 3; i++) {
			snprintf(url, sizeof url, "https://example.com/f%d",
			         i + 1);
			seen[i] +=
			    strcmp(folio_results_hit(r, k)->url, url) == 0;
		}
	snprintf(out, size, "%d %d %d", seen[0], seen[1], seen[2]);
	folio_results_free(r);
}

/* A URL is one post, even when its file gains a second copy of it
 * between the readings: the copy the first reading did not count is
 * left out. Indexed twice by a full build (whose workers add posts), the
 * URL lost both posts to the next run, which removed the copy it did not
 * touch by the URL they share. */
static void test_stream__a_post_copied_between_readings_is_one_post(void)
{
	static const int rebuild[] = { 1, 0 };
	char file[600], name[64], got[1024];
	const char *paths[1];
	size_t k;

	for (k = 0; k < sizeof rebuild / sizeof *rebuild; k++) {
		folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
		folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
		change_log log;
		uint64_t n = 0;
		folio_db *db;
		FILE *f;

		snprintf(name, sizeof name, "copied-%zu", k);
		db = create(name);
		snprintf(name, sizeof name, "copied-%zu.jsonl", k);
		assert_true(
		    (f = fopen(in_root(file, sizeof file, name), "w")) != NULL);
		fillers(f, 1, 3);
		assert_int(0, fclose(f));
		paths[0] = file;
		/* the incremental case starts from an index of the three */
		if (!rebuild[k])
			assert_ok(
			    folio_db_index_paths(db, paths, 1, NULL, NULL));
		memset(&log, 0, sizeof log);
		log.file = file;
		io.rebuild = rebuild[k];
		io.progress = copy_on_reading;
		io.diagnostic = on_diag;
		io.payload = &log;
		assert_int(FOLIO_ERROR_INPUT,
		           folio_db_index_paths(db, paths, 1, &io, &rep));
		assert_true(log.changed);
		assert_int(1, log.n); /* "changed while it was being indexed" */
		assert_int(3, rep.posts);
		assert_int(rebuild[k] ? 3 : 0, rep.added);
		assert_ok(folio_db_count(db, &n));
		assert_int(3, n);
		/* The next run reads the file whole (the copy merged into
		 * its post, with a warning) and keeps every post. */
		memset(&log, 0, sizeof log);
		io.progress = NULL;
		io.rebuild = 0;
		assert_ok(folio_db_index_paths(db, paths, 1, &io, &rep));
		assert_int(0, rep.removed);
		assert_int(3, rep.unchanged);
		lattice_hits(db, got, sizeof got);
		assert_str("1 1 1", got);
		assert_ok(folio_db_close(db));
	}
}

/* Once the first reading has read every file, the first is replaced by
 * a FIFO (a generator's named pipe, or a device, put in its place). */
static void fifo_on_reading(const folio_progress *p, void *payload)
{
	change_log *log = payload;

	if (strcmp(p->phase, "reading") == 0 && p->done == 3 && !log->changed) {
		log->changed = 1;
		if (remove(log->file) != 0 || mkfifo(log->file, 0644) != 0)
			log->changed = -1;
	}
}

/* Index the three files of 10 posts each of a new corpus sub, then
 * again (rebuild or not) with act taking the first away once the first
 * reading has read them: the run says why (path:0: why), reads and
 * counts the other two, and removes nothing. The alarm ends this
 * process should the run wait for ever. */
static void lose_first_file_between_readings(const char *sub,
                                             folio_progress_fn act, int rebuild,
                                             const char *why)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	change_log log;
	const char *paths[1];
	char dir[512], name[600], want[1024], corpus[64];
	folio_db *db = create(sub);
	uint64_t n = 0;
	FILE *f;
	int i;

	snprintf(corpus, sizeof corpus, "%s-corpus", sub);
	in_root(dir, sizeof dir, corpus);
	assert_int(0, mkdir(dir, 0777));
	for (i = 0; i < 3; i++) {
		snprintf(name, sizeof name, "%s/%c.jsonl", dir, 'a' + i);
		assert_true((f = fopen(name, "w")) != NULL);
		fillers(f, 1 + 10 * i, 10);
		assert_int(0, fclose(f));
	}
	paths[0] = dir;
	assert_ok(folio_db_index_paths(db, paths, 1, NULL, &rep));
	assert_int(30, rep.added);
	assert_int(3, rep.files);
	memset(&log, 0, sizeof log);
	snprintf(name, sizeof name, "%s/a.jsonl", dir);
	log.file = name;
	io.rebuild = rebuild;
	io.progress = act;
	io.diagnostic = on_diag;
	io.payload = &log;
	alarm(60);
	assert_int(FOLIO_ERROR_INPUT,
	           folio_db_index_paths(db, paths, 1, &io, &rep));
	alarm(0);
	assert_int(1, log.changed);
	assert_int(1, log.n);
	snprintf(want, sizeof want, "%s:0: %s", name, why);
	assert_str(want, log.first);
	assert_int(1, rep.skipped);
	assert_int(2, rep.files);
	assert_int(20, rep.posts);
	assert_int(0, rep.removed);
	assert_int(10, rep.kept);
	assert_ok(folio_db_count(db, &n));
	assert_int(30, n);
	assert_ok(folio_db_close(db));
}

/* The second reading opened a FIFO that no one writes to, and waited for
 * a writer for ever, holding the index's lock: every later run failed as
 * locked. */
static void test_stream__a_file_made_a_fifo_between_readings_is_reported(void)
{
	lose_first_file_between_readings("fifo", fifo_on_reading, 0,
	                                 "not a regular file");
}

/* Once the first reading has read every file, the first is deleted. */
static void delete_on_reading(const folio_progress *p, void *payload)
{
	change_log *log = payload;

	if (strcmp(p->phase, "reading") == 0 && p->done == 3 && !log->changed)
		log->changed = remove(log->file) == 0 ? 1 : -1;
}

/* A file deleted between the readings is reported and its posts are
 * kept, in an incremental run and a rebuild alike; and the report's
 * files are those read, not those the first reading counted: the
 * summary said "20 posts in 3 files" of a corpus that had two left. */
static void test_stream__a_file_deleted_between_readings_is_not_counted(void)
{
	lose_first_file_between_readings("deleted", delete_on_reading, 0,
	                                 "No such file or directory");
	lose_first_file_between_readings("deleted-rebuild", delete_on_reading,
	                                 1, "No such file or directory");
}

static const fo_test tests[] = {
	FO_TEST(
	    test_stream__a_post_on_pages_far_apart_is_merged_in_a_full_build),
	FO_TEST(test_stream__a_post_on_pages_far_apart_is_merged_in_a_sync),
	FO_TEST(test_stream__many_batches_build_the_same_index_every_way),
	FO_TEST(test_stream__progress_counts_the_posts_of_every_worker),
	FO_TEST(test_stream__a_file_changed_between_readings_removes_nothing),
	FO_TEST(test_stream__a_post_copied_between_readings_is_one_post),
	FO_TEST(test_stream__a_file_made_a_fifo_between_readings_is_reported),
	FO_TEST(test_stream__a_file_deleted_between_readings_is_not_counted),
};

int main(void)
{
	int rc;

	if (fo_tempdir_make(root, sizeof root, "api-stream") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
