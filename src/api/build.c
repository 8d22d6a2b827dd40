/*
 * build.c: a full build. The merged posts are partitioned by a stable hash
 * of their URL across N workers, each with its own analyzer and its own
 * private Xapian database (no fsync) in the build directory
 * build-<pid>; the calling thread is worker 0. Xapian's write path is
 * dominated by B-tree updates on one core, so separate databases are what
 * lets the work scale. The parts are then merged by compaction
 * (Database::compact, which renumbers docids per source so they cannot
 * clash) into the next generation gen-M, whose files are synced before
 * the stub is renamed to point at it: readers switch in one atomic step.
 * The old generation is deleted last; a reader still using it keeps its
 * open files (POSIX unlink semantics) until its next search, which
 * follows the stub (db.c fo_db_refresh).
 *
 * Memory stays bounded: the corpus is already in memory (merge.h), workers
 * read it in place, with no queues, and commit every FO_BUILD_BATCH posts
 * so Xapian's buffered changes stay small.
 *
 * A crash at any point before the rename leaves the old generation live
 * and untouched; the debris (build-*, an unswitched gen-M) is deleted by
 * the next writer to open the index (layout.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "api/run.h"

#include "api/layout.h"
#include "index/docdata.h"
#include "index/indexer.h"
#include "index/schema.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_THREADS 256
/* Below this many posts per worker, another worker costs more than it
 * saves (a database to create and merge). */
#define POSTS_PER_WORKER 1000
#define PROGRESS_EVERY 1000

typedef struct build build;

typedef struct worker {
	build *b;
	unsigned k;
	fo_buf dir;         /* its private database */
	uint64_t added, updated, unchanged;
	atomic_uint_fast64_t done;
	folio_status st;
	fo_xerr err;
	pthread_t thread;
	int started;
} worker;

struct build {
	fo_run *r;
	unsigned n;
	worker *w;
	const char *old; /* the live generation, to compare posts with */
	const char *language;
	unsigned shards; /* > 1: part k becomes shard k (shards.c) */
};

/* Create the build directory afresh. */
static int mkdir_private(const char *dir, fo_buf *why)
{
	fo_layout_remove_tree(dir);
	if (mkdir(dir, 0700) == 0)
		return 0;
	fo_buf_printf(why, "cannot create %s: %s", dir, strerror(errno));
	return -1;
}

/* The part (and, in a sharded build, the shard) of a post: the hash of
 * its unique term that routes later updates too (fo_xdb_shard_of). */
static unsigned part_of(const char *url, unsigned n, fo_buf *term)
{
	fo_url_term(url, term);
	return term->oom ? 0 : fo_xdb_shard_of(term->data, term->len, n);
}

static uint64_t done_so_far(const build *b)
{
	uint64_t sum = 0;
	unsigned k;

	for (k = 0; k < b->n; k++)
		sum += atomic_load(&b->w[k].done);
	return sum;
}

static folio_status index_part(worker *w, fo_xdb *x, fo_xdb *old,
                               fo_analyzer *an)
{
	build *b = w->b;
	fo_run *r = b->r;
	size_t i, n = fo_merge_count(r->posts);
	uint64_t pending = 0, done = 0;
	fo_buf term = FO_BUF_INIT;
	int outcome = 0;
	folio_status st = FOLIO_OK;

	for (i = 0; st == FOLIO_OK && i < n; i++) {
		const folio_post *p = fo_merge_get(r->posts, i);

		if (part_of(p->url, b->n, &term) != w->k)
			continue;
		if (old)
			st = fo_compare(old, p, &outcome, &w->err);
		if (st == FOLIO_OK)
			st = fo_index_post(x, an, p, NULL, &w->err);
		if (st != FOLIO_OK)
			break;
		if (outcome == 0)
			w->added++;
		else if (outcome == 1)
			w->updated++;
		else
			w->unchanged++;
		if (++pending >= FO_BUILD_BATCH) {
			st = fo_xdb_commit(x, &w->err);
			pending = 0;
		}
		atomic_store(&w->done, ++done);
		/* Worker 0 is the calling thread: the only one that may call
		 * the caller back. */
		if (w->k == 0 && done % PROGRESS_EVERY == 0)
			fo_run_progress(r, "indexing", done_so_far(b),
			                r->report->posts);
	}
	fo_buf_free(&term);
	return st;
}

static void *work(void *arg)
{
	worker *w = arg;
	fo_analyzer *an = NULL;
	fo_xdb *x = NULL, *old = NULL;
	folio_status st;

	st = fo_analyzer_new(w->b->language, &an);
	if (st == FOLIO_OK)
		st = fo_xdb_open(w->dir.data, FO_XDB_WRITE | FO_XDB_CREATE |
		                 FO_XDB_NOSYNC | FO_XDB_APPEND, &x, &w->err);
	if (st == FOLIO_OK)
		st = fo_xdb_set_metadata(x, FO_META_FORMAT, FO_FORMAT_VERSION,
		                         &w->err);
	if (st == FOLIO_OK)
		st = fo_xdb_set_metadata(x, FO_META_LANGUAGE, w->b->language,
		                         &w->err);
	if (st == FOLIO_OK && w->b->old)
		st = fo_xdb_open(w->b->old, FO_XDB_READ, &old, &w->err);
	if (st == FOLIO_OK)
		st = index_part(w, x, old, an);
	if (x) {
		folio_status closed = fo_xdb_close(x, &w->err);
		if (st == FOLIO_OK)
			st = closed;
	}
	fo_xdb_close(old, NULL);
	fo_analyzer_free(an);
	w->st = st;
	return NULL;
}

/* Shards wanted: the caller's count, else the live generation's. */
static unsigned shards_wanted(const fo_run *r)
{
	return r->opts.shards ? r->opts.shards
	                      : fo_xdb_shard_count(r->db->xdb);
}

int fo_reshard(const fo_run *r)
{
	return r->opts.shards && r->opts.shards != fo_xdb_shard_count(r->db->xdb);
}

static unsigned worker_count(const fo_run *r)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	uint64_t most = 1 + r->report->posts / POSTS_PER_WORKER;
	unsigned n = r->opts.threads;

	if (n == 0)
		n = cpus > 0 ? (unsigned)cpus : 1;
	if (n > MAX_THREADS)
		n = MAX_THREADS;
	if (n > most)
		n = (unsigned)most;
	return n;
}

/* Copy the posts the corpus no longer has from the live generation into
 * one more private database (used when they must not be removed). */
static folio_status carry_over(fo_run *r, const char *dir, fo_xerr *err)
{
	fo_xdb *x = NULL;
	uint32_t docid;
	size_t i;
	folio_status st;

	st = fo_xdb_open(dir, FO_XDB_WRITE | FO_XDB_CREATE | FO_XDB_NOSYNC,
	                 &x, err);
	for (i = 0; st == FOLIO_OK && i < r->n_gone; i++) {
		st = fo_xdb_find(r->db->xdb, r->gone[i], &docid, err);
		if (st == FOLIO_OK && docid)
			st = fo_xdb_copy_doc(r->db->xdb, docid, x, r->gone[i], err);
	}
	if (x) {
		folio_status closed = fo_xdb_close(x, err);
		if (st == FOLIO_OK)
			st = closed;
	}
	return st;
}

/* Compact each part into shard k of the sharded generation gen. */
static folio_status compact_shards(folio_db *db, const build *b,
                                   const char *gen, fo_buf *why)
{
	fo_buf shard = FO_BUF_INIT;
	fo_xerr err = { "" };
	folio_status st = FOLIO_OK;
	unsigned k;

	if (mkdir(gen, 0777) != 0) {
		fo_buf_printf(why, "cannot create %s: %s", gen, strerror(errno));
		st = fo_db_fail(db, FOLIO_ERROR_IO, "%s", why->data);
	}
	for (k = 0; st == FOLIO_OK && k < b->n; k++) {
		const char *src = b->w[k].dir.data;
		fo_buf_clear(&shard);
		fo_buf_printf(&shard, "%s/%s%u", gen, FO_SHARD_PREFIX, k);
		st = shard.oom ? FOLIO_ERROR_NOMEM
		               : fo_db_xfail(db, fo_xdb_compact(&src, 1,
		                                                shard.data, &err),
		                             &err);
	}
	if (st == FOLIO_OK && fo_shards_write_stub(gen, b->n, why) != FOLIO_OK)
		st = fo_db_fail(db, FOLIO_ERROR_IO, "%s", why->data);
	fo_buf_free(&shard);
	return st;
}

/* Record the build in the new generation's metadata, durably. */
static folio_status stamp_gen(fo_run *r, const char *gen, fo_xerr *err)
{
	fo_xdb *x = NULL;
	folio_status st;

	st = fo_xdb_open(gen, FO_XDB_WRITE, &x, err);
	if (st == FOLIO_OK)
		st = fo_stamp(r, x, 1, err);
	if (x) {
		folio_status closed = fo_xdb_close(x, err);
		if (st == FOLIO_OK)
			st = closed;
	}
	return st;
}

/* Run the workers (the calling thread is worker 0) and sum their counts. */
static folio_status run_workers(build *b, fo_xerr *err)
{
	folio_index_report *rep = b->r->report;
	folio_status st = FOLIO_OK;
	unsigned k;

	for (k = 1; k < b->n; k++)
		b->w[k].started = pthread_create(&b->w[k].thread, NULL, work,
		                                 &b->w[k]) == 0;
	work(&b->w[0]);
	/* A worker whose thread could not start runs here instead. */
	for (k = 1; k < b->n; k++) {
		if (b->w[k].started)
			pthread_join(b->w[k].thread, NULL);
		else
			work(&b->w[k]);
	}
	for (k = 0; k < b->n; k++) {
		rep->added += b->w[k].added;
		rep->updated += b->w[k].updated;
		rep->unchanged += b->w[k].unchanged;
		if (st == FOLIO_OK && b->w[k].st != FOLIO_OK) {
			st = b->w[k].st;
			*err = b->w[k].err;
		}
	}
	return st;
}

folio_status fo_build(fo_run *r)
{
	folio_db *db = r->db;
	fo_buf root = FO_BUF_INIT, name = FO_BUF_INIT, gen = FO_BUF_INIT;
	fo_buf carry = FO_BUF_INIT, old = FO_BUF_INIT, why = FO_BUF_INIT;
	const char **srcs = NULL;
	fo_xerr err = { "" };
	uint64_t docs = 0;
	size_t n_srcs = 0;
	build b;
	unsigned k;
	folio_status st = FOLIO_OK;

	memset(&b, 0, sizeof b);
	b.r = r;
	b.shards = shards_wanted(r);
	b.n = b.shards > 1 ? b.shards : worker_count(r);
	b.language = fo_analyzer_language(db->an);
	fo_buf_puts(&old, db->live.data);
	st = fo_db_xfail(db, fo_xdb_doccount(db->xdb, &docs, &err), &err);
	b.old = docs ? old.data : NULL;
	fo_buf_printf(&root, "%s/build-%ld", db->path, (long)getpid());
	fo_buf_printf(&carry, "%s/carry", root.data);
	b.w = calloc(b.n, sizeof *b.w);
	srcs = calloc(b.n + 1, sizeof *srcs);
	if (st == FOLIO_OK && (!b.w || !srcs || root.oom || carry.oom ||
	                       old.oom))
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		st = fo_layout_next_gen(db->path, &name, &why);
	if (st == FOLIO_OK) {
		fo_buf_printf(&gen, "%s/%s", db->path, name.data);
		if (gen.oom)
			st = FOLIO_ERROR_NOMEM;
	}
	if (st == FOLIO_OK && mkdir_private(root.data, &why) != 0)
		st = fo_db_fail(db, FOLIO_ERROR_IO, "%s", why.data);
	for (k = 0; st == FOLIO_OK && k < b.n; k++) {
		b.w[k].b = &b;
		b.w[k].k = k;
		fo_buf_printf(&b.w[k].dir, "%s/part-%u", root.data, k);
		if (b.w[k].dir.oom)
			st = FOLIO_ERROR_NOMEM;
		srcs[n_srcs++] = b.w[k].dir.data;
	}
	if (st != FOLIO_OK)
		goto done;

	st = fo_db_xfail(db, run_workers(&b, &err), &err);
	/* Sharded: the parts are the shards, and a stub over them routes the
	 * carried posts to theirs. */
	if (st == FOLIO_OK && b.shards > 1)
		st = fo_shards_write_stub(root.data, b.n, &why);
	if (st == FOLIO_OK && r->n_gone && !fo_run_may_remove(r)) {
		st = fo_db_xfail(db, carry_over(r, b.shards > 1 ? root.data
		                                                : carry.data,
		                                &err), &err);
		if (b.shards <= 1)
			srcs[n_srcs++] = carry.data;
		r->report->kept = r->n_gone;
	} else {
		r->report->removed = r->n_gone;
	}
	if (st == FOLIO_OK) {
		fo_run_progress(r, "merging", r->report->posts, r->report->posts);
		st = b.shards > 1 ? compact_shards(db, &b, gen.data, &why)
		                  : fo_db_xfail(db, fo_xdb_compact(srcs, n_srcs,
		                                                   gen.data, &err),
		                                &err);
	}
	if (st == FOLIO_OK)
		st = fo_db_xfail(db, stamp_gen(r, gen.data, &err), &err);
	/* Durable before it is named: a power cut after the rename must not
	 * leave a stub pointing at files still in the page cache. */
	if (st == FOLIO_OK && fo_layout_sync_tree(gen.data, &why) != FOLIO_OK)
		st = fo_db_fail(db, FOLIO_ERROR_IO, "%s", why.data);
	if (st == FOLIO_OK) {
		fo_run_progress(r, "switching", r->report->posts,
		                r->report->posts);
		if (fo_layout_switch(db->path, name.data, &why) != FOLIO_OK)
			st = fo_db_fail(db, FOLIO_ERROR_IO, "%s", why.data);
	}
	if (st == FOLIO_OK) {
		r->report->rebuilt = 1;
		st = fo_db_adopt(db, name.data);
		/* The switch happened: the old generation goes either way. */
		fo_layout_remove_tree(old.data);
	}
done:
	if (st != FOLIO_OK && !r->report->rebuilt) {
		if (gen.data)
			fo_layout_remove_tree(gen.data);
		r->report->removed = r->report->kept = 0;
	}
	if (root.data)
		fo_layout_remove_tree(root.data);
	for (k = 0; b.w && k < b.n; k++)
		fo_buf_free(&b.w[k].dir);
	free(b.w);
	free(srcs);
	fo_buf_free(&root);
	fo_buf_free(&name);
	fo_buf_free(&gen);
	fo_buf_free(&carry);
	fo_buf_free(&old);
	fo_buf_free(&why);
	return st;
}
