/*
 * build.c: a full build. The merged posts are partitioned by a stable hash
 * of their URL across N worker threads, each with its own analyzer and its
 * own private Xapian database (no fsync) in the build directory
 * build-<pid>. Xapian's write path is
 * dominated by B-tree updates on one core, so separate databases are what
 * lets the work scale. The parts are then merged by compaction
 * (Database::compact, which renumbers docids per source so they cannot
 * clash) into the next generation gen-M, whose files are synced before
 * the stub is renamed to point at it: readers switch in one atomic step.
 * The old generation is deleted last; a reader still using it keeps its
 * open files (POSIX unlink semantics) until its next search, which
 * follows the stub (db.c fo_db_refresh).
 *
 * Memory stays bounded whatever the corpus size: the calling thread reads
 * the corpus (read.c) and routes each post to its worker in batches of a
 * few hundred posts through a queue of a few batches per worker, waiting
 * when the workers are behind; each worker commits every
 * BUILD_COMMIT_BATCH posts (more in a large database: commit_batch) so
 * Xapian's buffered changes stay small.
 * Posts reach each worker in the reading order, so docids do not depend
 * on thread timing. The calling thread also reports progress (posts done
 * by all workers).
 *
 * A crash at any point before the rename leaves the old generation live
 * and untouched; the debris (build-*, an unswitched gen-M) is deleted by
 * the next writer to open the index (layout.h). An interrupt
 * (folio_db_interrupt), seen by the workers at each post and by the
 * calling thread between phases, stops it the same way before the
 * rename, and build_end deletes the debris at once; after the rename it
 * is not looked at.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/run.h"

#include "api/layout.h"
#include "index/docdata.h"
#include "index/indexer.h"
#include "index/schema.h"
#include "util/errstr.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
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
/* A batch is handed to a worker when it holds this many posts or bytes,
 * and a worker's queue holds at most QUEUE_BATCHES: the reader waits when
 * the workers are behind, so the posts in flight stay a few MB. */
#define BATCH_POSTS 256
#define BATCH_BYTES (1u << 20)
#define QUEUE_BATCHES 4
/* A worker commits its private database every this many posts. Xapian
 * buffers a batch's postings in memory until then: measured on the 64k
 * bench corpus with 2 workers, peak RSS 167 MB at 5000 posts, 96 MB at
 * 2000, 72 MB at 1000, and CPU time falls with it (28 s, 24 s, 21 s user):
 * smaller buffers are cheaper to flush than large ones are to build. From
 * 1000 to 500, user time still falls by more than system time (commits)
 * grows: 2 workers 28.1 -> 27.0 CPU s, 89 -> 77 MB; 1 worker 29.9 -> 29.2
 * (bench/README.md). A commit here is not a point readers see (the
 * database is private), so FO_COMMIT_BATCH's crash-loss bound does not
 * apply.
 *
 * A commit writes every B-tree block the batch changed, and the batch's
 * terms land in more distinct blocks the larger the database: past 64k
 * posts a worker's commits cost more system time than its batches save
 * (256k posts, 1 worker: 30.7 s of system time at 500 posts a commit,
 * 12.6 s at 2000, user time the same). So the batch grows with the
 * worker's database, a post in every BUILD_COMMIT_GROWTH it holds, up to
 * BUILD_COMMIT_MAX: a corpus under 64k posts a worker commits as before. */
#define BUILD_COMMIT_BATCH 500
#define BUILD_COMMIT_GROWTH 128
#define BUILD_COMMIT_MAX    2000

/* Posts for one worker, each encoded as a document's data (docdata.h). */
typedef struct batch {
	struct batch *next;
	size_t n;
	size_t off[BATCH_POSTS + 1]; /* where post i starts in bytes */
	fo_buf bytes;
} batch;

typedef struct build build;

typedef struct worker {
	build *b;
	unsigned k;
	fo_buf dir;         /* its private database */
	fo_analyzer *an;
	fo_xdb *x, *old;    /* its database; the live generation, if any */
	folio_index_report counts; /* added, updated and unchanged */
	uint64_t pending;
	atomic_uint_fast64_t done;
	folio_status st;
	fo_xerr err;
	fo_buf damaged; /* URLs whose stored record in the live
	                   generation is damaged, each NUL-ended: said
	                   by the calling thread (run_workers) */
	pthread_t thread;
	int started, finished;
	batch *filling;     /* the reader's batch in the making */
	batch *head, *tail; /* queued, under b->lock */
	size_t queued;
	pthread_cond_t wake; /* a batch queued, or the queues closed */
} worker;

struct build {
	fo_run *r;
	unsigned n;
	worker *w;
	const char *old; /* the live generation, to compare posts with */
	const char *language;
	unsigned shards; /* > 1: part k becomes shard k (shards.c) */
	pthread_mutex_t lock;
	pthread_cond_t room; /* a worker finished a batch, or stopped */
	int closed;          /* no more batches */
	folio_status failed; /* the first worker error, under lock */
	uint64_t reported;   /* posts done at the last progress report */
	fo_buf term;         /* the reader's scratch */
	fo_buf live;         /* the live generation's path (old points here) */
	fo_buf root;         /* the build directory, build-<pid> */
	fo_buf carry;        /* the carried posts' database, unsharded */
	fo_buf name, gen;    /* the new generation's name and path */
	const char **srcs;   /* what one compaction merges: parts, carry */
	size_t n_srcs;
	fo_buf why;
	fo_xerr err;
	uint64_t lost;    /* gone posts the damaged live one could not give */
	fo_xerr lost_why; /* the damage that lost the first of them */
};

/* Create the build directory afresh. */
static int mkdir_private(const char *dir, fo_buf *why)
{
	fo_layout_remove_tree(dir);
	if (mkdir(dir, 0700) == 0)
		return 0;
	fo_buf_printf(why, "cannot create %s: %s", dir, fo_strerror(errno));
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

/* The posts a worker commits at once, its database holding done posts. */
static uint64_t commit_batch(uint64_t done)
{
	uint64_t n = done / BUILD_COMMIT_GROWTH;

	return n < BUILD_COMMIT_BATCH ? BUILD_COMMIT_BATCH
	       : n > BUILD_COMMIT_MAX ? BUILD_COMMIT_MAX
	                              : n;
}

/* Report the posts all workers have done, from the calling thread (the
 * only one that may call the caller back), every PROGRESS_EVERY posts,
 * and at the end (last) the phase's final count: a display shows where
 * the phase ended, not the last multiple of PROGRESS_EVERY before it
 * (nothing at all for a build of fewer posts). */
static void progress(build *b, int last)
{
	uint64_t done = done_so_far(b);

	while (b->reported + PROGRESS_EVERY <= done) {
		b->reported += PROGRESS_EVERY;
		fo_run_progress(b->r, "indexing", b->reported,
		                fo_tally_count(b->r->tally));
	}
	if (last && done > b->reported) {
		b->reported = done;
		fo_run_progress(b->r, "indexing", done,
		                fo_tally_count(b->r->tally));
	}
}

static folio_status index_post(worker *w, const folio_post *p)
{
	fo_run *r = w->b->r;
	fo_merge *kept = NULL;
	uint32_t docid = 0;
	int outcome = 0, damaged = 0;
	folio_status st = FOLIO_OK;

	if (w->old)
		st = fo_compare_kept(w->old, r->known, r->keep, p,
		                     fo_url_hash(p->url), &outcome, &docid,
		                     &kept, &p, &damaged, &w->err);
	if (st == FOLIO_OK && damaged) {
		fo_buf_append(&w->damaged, p->url, strlen(p->url) + 1);
		st = w->damaged.oom ? FOLIO_ERROR_NOMEM : FOLIO_OK;
	}
	if (st == FOLIO_OK)
		st = fo_index_post(w->x, w->an, p, NULL, &w->err);
	fo_merge_free(kept);
	if (st != FOLIO_OK)
		return st;
	fo_gone_touch(w->b->r, docid);
	fo_run_count(&w->counts, outcome);
	if (++w->pending >= commit_batch(atomic_load(&w->done))) {
		st = fo_xdb_commit(w->x, &w->err);
		w->pending = 0;
	}
	atomic_fetch_add(&w->done, 1);
	return st;
}

static folio_status index_batch(worker *w, const batch *bt)
{
	fo_docdata d;
	size_t i;
	folio_status st = FOLIO_OK;

	for (i = 0; st == FOLIO_OK && i < bt->n; i++) {
		/* An interrupt stops a worker within a post, not after its
		 * batch or its whole part. */
		if ((st = fo_run_interrupted(w->b->r)) != FOLIO_OK)
			return st;
		st = fo_docdata_decode(bt->bytes.data + bt->off[i],
		                       bt->off[i + 1] - bt->off[i], &d);
		if (st == FOLIO_OK) {
			st = index_post(w, &d.post);
			fo_docdata_free(&d);
		}
	}
	return st;
}

static void batch_free(batch *bt)
{
	if (bt) {
		fo_buf_free(&bt->bytes);
		free(bt);
	}
}

/* A worker's thread: index the batches queued for it until the queues
 * close. After an error it still takes its batches (and drops them), so
 * the reader never waits for it in vain. */
static void *work(void *arg)
{
	worker *w = arg;
	build *b = w->b;
	batch *bt;
	folio_status closed;

	pthread_mutex_lock(&b->lock);
	for (;;) {
		while (!w->head && !b->closed)
			pthread_cond_wait(&w->wake, &b->lock);
		if (!(bt = w->head))
			break;
		if (!(w->head = bt->next))
			w->tail = NULL;
		w->queued--;
		pthread_mutex_unlock(&b->lock);
		if (w->st == FOLIO_OK)
			w->st = index_batch(w, bt);
		batch_free(bt);
		pthread_mutex_lock(&b->lock);
		if (w->st != FOLIO_OK && b->failed == FOLIO_OK)
			b->failed = w->st;
		pthread_cond_signal(&b->room);
	}
	pthread_mutex_unlock(&b->lock);
	/* A part that failed is deleted: its last changes need not be
	 * written first (hundreds of posts, after an interrupt). */
	if (w->st != FOLIO_OK)
		fo_xdb_cancel(w->x, NULL);
	/* The last changes are written here, in parallel, not by the
	 * calling thread. */
	closed = fo_xdb_close(w->x, &w->err);
	w->x = NULL;
	pthread_mutex_lock(&b->lock);
	if (w->st == FOLIO_OK)
		w->st = closed;
	if (w->st != FOLIO_OK && b->failed == FOLIO_OK)
		b->failed = w->st;
	w->finished = 1;
	pthread_cond_signal(&b->room);
	pthread_mutex_unlock(&b->lock);
	return NULL;
}

/* Hand worker w its filled batch, waiting while its queue is full. A
 * worker whose thread could not start indexes it here instead. */
static folio_status hand_over(build *b, worker *w)
{
	batch *bt = w->filling;
	folio_status st;

	w->filling = NULL;
	if (!bt)
		return FOLIO_OK;
	if (!w->started) {
		if (w->st == FOLIO_OK)
			w->st = index_batch(w, bt);
		st = w->st;
		goto done;
	}
	pthread_mutex_lock(&b->lock);
	while (w->queued >= QUEUE_BATCHES && b->failed == FOLIO_OK) {
		pthread_cond_wait(&b->room, &b->lock);
		pthread_mutex_unlock(&b->lock);
		progress(b, 0);
		pthread_mutex_lock(&b->lock);
	}
	st = b->failed;
	if (st == FOLIO_OK) {
		bt->next = NULL;
		if (w->tail)
			w->tail->next = bt;
		else
			w->head = bt;
		w->tail = bt;
		w->queued++;
		pthread_cond_signal(&w->wake);
		bt = NULL;
	}
	pthread_mutex_unlock(&b->lock);
done:
	batch_free(bt);
	progress(b, 0);
	return st;
}

/* The second reading pass hands each post here: into its worker's batch. */
static folio_status route(const folio_post *p, uint64_t url_hash, void *ctx)
{
	build *b = ctx;
	worker *w = &b->w[part_of(p->url, b->n, &b->term)];
	batch *bt = w->filling;

	/* a batch holds encoded posts alone: a worker that compares
	 * hashes the URL itself (index_post) */
	(void)url_hash;
	if (b->term.oom)
		return FOLIO_ERROR_NOMEM;
	if (!bt && !(bt = w->filling = calloc(1, sizeof *bt)))
		return FOLIO_ERROR_NOMEM;
	fo_docdata_encode(p, &bt->bytes);
	if (bt->bytes.oom)
		return FOLIO_ERROR_NOMEM;
	bt->off[++bt->n] = bt->bytes.len;
	if (bt->n == BATCH_POSTS || bt->bytes.len >= BATCH_BYTES)
		return hand_over(b, w);
	return FOLIO_OK;
}

/* Open worker w's analyzer and databases. */
static folio_status open_worker(worker *w)
{
	folio_status st;

	st = fo_analyzer_new(w->b->language, &w->an);
	if (st == FOLIO_OK)
		st = fo_xdb_open(w->dir.data, FO_XDB_WRITE | FO_XDB_CREATE |
		                 FO_XDB_NOSYNC | FO_XDB_APPEND, &w->x, &w->err);
	if (st == FOLIO_OK)
		st = fo_xdb_set_metadata(w->x, FO_META_FORMAT, FO_FORMAT_VERSION,
		                         &w->err);
	if (st == FOLIO_OK)
		st = fo_xdb_set_metadata(w->x, FO_META_LANGUAGE, w->b->language,
		                         &w->err);
	if (st == FOLIO_OK)
		st = fo_xdb_set_metadata(w->x, FO_META_ANALYZER,
		                         FO_ANALYZER_REVISION_TEXT, &w->err);
	/* No deadline (fo_xdb_open_until): the build holds the index's
	 * write lock, so no commit comes to the live generation while it
	 * is read, and none of its reads waits behind a writer. */
	if (st == FOLIO_OK && w->b->old)
		st = fo_xdb_open(w->b->old, FO_XDB_READ, &w->old, &w->err);
	return st;
}

/* Read the corpus into the workers: the calling thread reads and routes
 * each post to the worker of its part (threads started here), then
 * closes the queues and waits for them, reporting progress. */
static folio_status feed_workers(build *b)
{
	folio_status st = FOLIO_OK, read;
	unsigned k, running = 0;

	for (k = 0; st == FOLIO_OK && k < b->n; k++)
		st = b->w[k].st = open_worker(&b->w[k]);
	for (k = 0; st == FOLIO_OK && k < b->n; k++) {
		b->w[k].started = pthread_create(&b->w[k].thread, NULL, work,
		                                 &b->w[k]) == 0;
		running += b->w[k].started ? 1u : 0u;
	}
	read = st == FOLIO_OK ? fo_read_posts(b->r, route, b) : st;
	for (k = 0; read == FOLIO_OK && k < b->n; k++)
		read = hand_over(b, &b->w[k]);
	pthread_mutex_lock(&b->lock);
	b->closed = 1;
	for (k = 0; k < b->n; k++)
		pthread_cond_signal(&b->w[k].wake);
	for (;;) {
		unsigned finished = 0;
		for (k = 0; k < b->n; k++)
			finished += b->w[k].started && b->w[k].finished;
		if (finished == running)
			break;
		pthread_cond_wait(&b->room, &b->lock);
		pthread_mutex_unlock(&b->lock);
		progress(b, 0);
		pthread_mutex_lock(&b->lock);
	}
	pthread_mutex_unlock(&b->lock);
	for (k = 0; k < b->n; k++)
		if (b->w[k].started)
			pthread_join(b->w[k].thread, NULL);
	progress(b, read == FOLIO_OK);
	return read;
}

/* Run the workers and sum their counts; close what they opened. */
static folio_status run_workers(build *b, fo_xerr *err)
{
	folio_index_report *rep = b->r->report;
	folio_status st;
	unsigned k;

	st = feed_workers(b);
	for (k = 0; k < b->n; k++) {
		worker *w = &b->w[k];
		folio_status closed = fo_xdb_close(w->x, &w->err);
		const char *url;

		for (url = w->damaged.data;
		     url && url < w->damaged.data + w->damaged.len;
		     url += strlen(url) + 1)
			fo_keep_warn_damaged(b->r, url);
		fo_buf_free(&w->damaged);
		if (w->st == FOLIO_OK)
			w->st = closed;
		w->x = NULL;
		fo_xdb_close(w->old, NULL);
		w->old = NULL;
		fo_analyzer_free(w->an);
		w->an = NULL;
		batch_free(w->filling);
		w->filling = NULL;
		rep->added += w->counts.added;
		rep->updated += w->counts.updated;
		rep->unchanged += w->counts.unchanged;
	}
	/* A worker's error explains a failed hand-over best. */
	for (k = 0; k < b->n; k++) {
		if (b->w[k].st != FOLIO_OK) {
			*err = b->w[k].err;
			return b->w[k].st;
		}
	}
	return st;
}

/* Shards wanted: the caller's count, else the live generation's (as its
 * stub lists them when it is too damaged to open). */
static unsigned shards_wanted(const fo_run *r)
{
	return r->opts.shards  ? r->opts.shards
	       : r->db->damage ? fo_shards_read_count(r->db->live.data)
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

/* Post docid of the live generation, analysed afresh by an into x (a
 * build in another language: its terms are of the old one). */
static folio_status reanalyse(fo_run *r, uint32_t docid, fo_analyzer *an,
                              fo_xdb *x, fo_xerr *err)
{
	char *data = NULL;
	size_t len = 0;
	fo_docdata d;
	folio_status st;

	st = fo_xdb_get_data(r->db->xdb, docid, &data, &len, err);
	if (st == FOLIO_OK && fo_docdata_decode(data, len, &d) != FOLIO_OK) {
		snprintf(err->msg, sizeof err->msg, "document %u has damaged "
		         "data: it cannot be carried over", (unsigned)docid);
		st = FOLIO_ERROR_CORRUPT;
	} else if (st == FOLIO_OK) {
		st = fo_index_post(x, an, &d.post, NULL, err);
		fo_docdata_free(&d);
	}
	free(data);
	return st;
}

/* Carry post gone[i] over into x (see carry_over). A post whose terms or
 * positions are damaged is analysed anew from its stored text. */
static folio_status carry_one(fo_run *r, size_t i, fo_xdb *x, fo_xerr *err)
{
	fo_analyzer *an = r->db->rebuild_an;
	uint32_t docid;
	folio_status st;

	st = fo_xdb_find(r->db->xdb, r->gone[i], &docid, err);
	if (st != FOLIO_OK || !docid)
		return st;
	if (an)
		return reanalyse(r, docid, an, x, err);
	st = fo_xdb_copy_doc(r->db->xdb, docid, x, r->gone[i], err);
	if (st == FOLIO_ERROR_CORRUPT)
		st = reanalyse(r, docid, r->db->an, x, err);
	return st;
}

/* Copy the posts the corpus no longer has from the live generation into
 * one more private database (used when they must not be removed); in a
 * build in another language, their stored posts are analysed anew. A
 * post that damage in the live generation keeps from being read is lost:
 * counted in b->lost (the rebuild is how a damaged index is mended, so
 * the damage must not stop it; switch_gen says so and keeps the old
 * generation). */
static folio_status carry_over(build *b, const char *dir, fo_xerr *err)
{
	fo_run *r = b->r;
	fo_xdb *x = NULL;
	fo_xerr one;
	size_t i;
	folio_status st;

	st = fo_xdb_open(dir, FO_XDB_WRITE | FO_XDB_CREATE | FO_XDB_NOSYNC,
	                 &x, err);
	for (i = 0; st == FOLIO_OK && i < r->n_gone; i++) {
		if ((st = fo_run_interrupted(r)) != FOLIO_OK)
			break;
		one.msg[0] = '\0';
		st = carry_one(r, i, x, &one);
		if (st == FOLIO_ERROR_CORRUPT) {
			if (!b->lost++)
				b->lost_why = one;
			st = FOLIO_OK;
		} else if (st != FOLIO_OK) {
			*err = one;
		}
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
	uint64_t done = 0;
	folio_status st = FOLIO_OK;
	unsigned k;

	if (mkdir(gen, 0777) != 0) {
		fo_buf_printf(why, "cannot create %s: %s", gen,
		              fo_strerror(errno));
		st = fo_db_fail(db, FOLIO_ERROR_IO, "%s", why->data);
	}
	for (k = 0; st == FOLIO_OK && k < b->n; k++) {
		const worker *w = &b->w[k];
		const char *src = w->dir.data;
		/* Between shards: one compaction cannot be stopped (it
		 * frees its tables only at its end). */
		if ((st = fo_run_interrupted(b->r)) != FOLIO_OK)
			break;
		fo_buf_clear(&shard);
		fo_buf_printf(&shard, "%s/%s%u", gen, FO_SHARD_PREFIX, k);
		st = shard.oom ? FOLIO_ERROR_NOMEM
		               : fo_db_xfail(db, fo_xdb_compact(&src, 1,
		                                                shard.data, &err),
		                             &err);
		done += w->counts.added + w->counts.updated +
		        w->counts.unchanged;
		if (st == FOLIO_OK)
			fo_run_progress(b->r, "merging", done, b->r->report->posts);
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

/* Set b up for r: its workers, the build directory they write their
 * parts in, and the name of the generation to come. */
static folio_status build_begin(build *b, fo_run *r)
{
	folio_db *db = r->db;
	uint64_t docs = 0;
	unsigned k;
	folio_status st;

	memset(b, 0, sizeof *b);
	pthread_mutex_init(&b->lock, NULL);
	pthread_cond_init(&b->room, NULL);
	b->r = r;
	b->shards = shards_wanted(r);
	b->n = b->shards > 1 ? b->shards : worker_count(r);
	fo_buf_puts(&b->live, db->live.data);
	st = fo_db_xfail(db, fo_xdb_doccount(db->xdb, &docs, &b->err), &b->err);
	/* Posts of another format cannot be compared (upgrade.c): all new. */
	b->old = docs && !db->format ? b->live.data : NULL;
	if (st == FOLIO_OK && b->old)
		st = fo_gone_begin(r);
	/* Damage the open did not meet: a rebuild goes on without the
	 * live generation, as over one that cannot be opened. */
	if (st == FOLIO_ERROR_CORRUPT && b->old && r->opts.rebuild) {
		b->old = NULL;
		free(r->touched);
		r->touched = NULL;
		r->last = 0;
		fo_known_free(r->known);
		r->known = NULL;
		st = fo_db_damaged(db);
	}
	/* After fo_db_damaged, which replaces the analyzers: the name of
	 * the one it freed was read by every worker (a use after free). */
	b->language =
	    fo_analyzer_language(db->rebuild_an ? db->rebuild_an : db->an);
	fo_buf_printf(&b->root, "%s/build-%ld", db->dir, (long)getpid());
	fo_buf_printf(&b->carry, "%s/carry", b->root.data);
	b->w = calloc(b->n, sizeof *b->w);
	b->srcs = calloc(b->n + 1, sizeof *b->srcs);
	if (st == FOLIO_OK &&
	    (!b->w || !b->srcs || b->root.oom || b->carry.oom || b->live.oom))
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		st = fo_layout_next_gen(db->dir, &b->name, &b->why);
	if (st == FOLIO_OK) {
		fo_buf_printf(&b->gen, "%s/%s", db->dir, b->name.data);
		if (b->gen.oom)
			st = FOLIO_ERROR_NOMEM;
	}
	if (st == FOLIO_OK && mkdir_private(b->root.data, &b->why) != 0)
		st = fo_db_fail(db, FOLIO_ERROR_IO, "%s", b->why.data);
	for (k = 0; st == FOLIO_OK && k < b->n; k++) {
		worker *w = &b->w[k];
		w->b = b;
		w->k = k;
		pthread_cond_init(&w->wake, NULL);
		/* Sharded, the parts are named as the shards of the stub
		 * written over them (fo_shards_write_stub), which routes the
		 * carried posts to them. */
		fo_buf_printf(&w->dir, "%s/%s%u", b->root.data,
		              b->shards > 1 ? FO_SHARD_PREFIX : "part-", k);
		if (w->dir.oom)
			st = FOLIO_ERROR_NOMEM;
		b->srcs[b->n_srcs++] = w->dir.data;
	}
	return st;
}

/* Index the corpus into the parts, then settle the posts it no longer
 * has: removed, or carried over when they must not be. */
static folio_status build_parts(build *b)
{
	fo_run *r = b->r;
	folio_db *db = r->db;
	folio_status st;

	st = fo_db_xfail(db, run_workers(b, &b->err), &b->err);
	if (st == FOLIO_OK)
		st = fo_run_interrupted(r);
	/* A file may have changed between the readings: skipped now. */
	if (st == FOLIO_OK && db->format)
		st = fo_upgrade_complete(r);
	r->salvage = 1;
	if (st == FOLIO_OK)
		st = fo_find_gone(r);
	/* Those whose URL could not be read cannot be carried over. */
	if (r->unreadable && !fo_run_may_remove(r)) {
		b->lost = r->unreadable;
		b->lost_why = r->unreadable_why;
	}
	/* Sharded: the parts are the shards, and a stub over them routes the
	 * carried posts to theirs. */
	if (st == FOLIO_OK && b->shards > 1)
		st = fo_shards_write_stub(b->root.data, b->n, &b->why);
	if (st == FOLIO_OK && r->n_gone && !fo_run_may_remove(r)) {
		/* sharded, into the parts, through the stub over them */
		const char *into = b->shards > 1 ? b->root.data : b->carry.data;

		st = carry_over(b, into, &b->err);
		st = fo_db_xfail(db, st, &b->err);
		if (b->shards <= 1)
			b->srcs[b->n_srcs++] = b->carry.data;
		fo_gone_keep(r);
		r->report->kept -=
		    b->lost < r->report->kept ? b->lost : r->report->kept;
	} else {
		r->report->removed = r->n_gone + r->unreadable;
	}
	return st;
}

/* Merge the parts (and the carried posts) into the new generation. */
static folio_status merge_parts(build *b)
{
	fo_run *r = b->r;
	folio_db *db = r->db;
	folio_status st;

	fo_run_progress(r, "merging", 0, r->report->posts);
	if (b->shards > 1)
		return compact_shards(db, b, b->gen.data, &b->why);
	if ((st = fo_run_interrupted(r)) != FOLIO_OK)
		return st;
	st = fo_xdb_compact(b->srcs, b->n_srcs, b->gen.data, &b->err);
	st = fo_db_xfail(db, st, &b->err);
	if (st == FOLIO_OK)
		fo_run_progress(r, "merging", r->report->posts,
		                r->report->posts);
	return st;
}

/* Move the damaged old generation out of the way of the writers, which
 * delete any gen-N the stub does not name: into kept, unmodified, so
 * that what it still holds is not lost with it. */
static int keep_old(build *b, fo_buf *kept)
{
	const char *name = strrchr(b->live.data, '/');

	fo_buf_printf(kept, "%s/damaged-%s", b->r->db->dir,
	              name ? name + 1 : b->live.data);
	if (!kept->oom && rename(b->live.data, kept->data) == 0)
		return 1;
	fo_buf_printf(kept, "-%ld", (long)getpid());
	return !kept->oom && rename(b->live.data, kept->data) == 0;
}

/* After a rebuild over a damaged generation (damage: what it is, NULL
 * when the generation opened but posts to carry over could not be read
 * from it, b->lost): keep the old generation and say, as a warning on
 * the index, what the rebuild could not take from it. */
static void warn_damage(build *b, const char *damage, int language_lost)
{
	fo_run *r = b->r;
	fo_buf msg = FO_BUF_INIT, kept = FO_BUF_INIT;
	int keep;

	/* before it is moved, where the checker looks */
	if (!damage)
		fo_db_name_damage(r->db, &b->lost_why);
	keep = keep_old(b, &kept);

	if (damage) {
		fo_buf_printf(&msg,
		              "the index was damaged (%s), so the rebuild "
		              "did not read it: every post is from the corpus",
		              damage);
		if (language_lost)
			fo_buf_printf(
			    &msg,
			    ", in %s, as its language could not "
			    "be read either (--language names another)",
			    b->language);
		if (!fo_run_may_remove(r))
			fo_buf_printf(&msg,
			              "; the posts it held that this run "
			              "did not read (%s) could not be carried "
			              "over from it, so the index lacks them",
			              r->opts.no_delete ? "--no-delete"
			                                : "what was skipped");
	} else {
		fo_buf_printf(&msg,
		              "%llu post%s no longer in the corpus could "
		              "not be carried over, as the index is damaged "
		              "(%s): the index lacks them",
		              (unsigned long long)b->lost,
		              b->lost == 1 ? "" : "s", b->lost_why.msg);
	}
	if (keep) {
		fo_buf_printf(&msg,
		              "; the damaged generation is kept, as it "
		              "was, in %s (delete it when done with it)",
		              kept.data);
	} else {
		fo_buf_puts(&msg, "; the damaged generation could not be kept "
		                  "aside, and was deleted");
		fo_layout_remove_tree(b->live.data);
	}
	if (!msg.oom)
		fo_run_warn(r, r->db->path, 0, msg.data);
	fo_buf_free(&msg);
	fo_buf_free(&kept);
}

/* Stamp the new generation, make it durable and switch readers to it;
 * then the old generation goes (a damaged one is kept: warn_damage). */
static folio_status switch_gen(build *b)
{
	fo_run *r = b->r;
	folio_db *db = r->db;
	folio_status st, adopted;
	int renamed = 0;

	st = fo_run_interrupted(r);
	if (st == FOLIO_OK)
		st = fo_db_xfail(db, stamp_gen(r, b->gen.data, &b->err),
		                 &b->err);
	/* Durable before it is named: a power cut after the rename must not
	 * leave a stub pointing at files still in the page cache. */
	if (st == FOLIO_OK &&
	    fo_layout_sync_tree(b->gen.data, &b->why) != FOLIO_OK)
		st = fo_db_fail(db, FOLIO_ERROR_IO, "%s", b->why.data);
	if (st == FOLIO_OK)
		fo_run_progress(r, "switching", r->report->posts,
		                r->report->posts);
	/* The last moment to stop: the rename below is the build's commit
	 * point, after which it finishes whatever is asked. */
	if (st == FOLIO_OK)
		st = fo_run_interrupted(r);
	if (st == FOLIO_OK && fo_layout_switch(db->dir, b->name.data, &renamed,
	                                       &b->why) != FOLIO_OK)
		st = fo_db_fail(db, FOLIO_ERROR_IO, "%s", b->why.data);
	/* Once renamed, the stub names the new generation, whatever went
	 * wrong after: it is the index now, never to be removed as a failed
	 * build's (build_end) */
	if (!renamed)
		return st;
	r->report->rebuilt = 1;
	/* Readers now analyse queries in the new generation's language
	 * (db.c follow_switch); so does this handle. */
	if (db->rebuild_an) {
		fo_analyzer_free(db->an);
		db->an = db->rebuild_an;
		db->rebuild_an = NULL;
		free(db->unknown_language);
		db->unknown_language = NULL;
	}
	if (db->damage || b->lost) {
		warn_damage(b, db->damage, db->language_lost);
		adopted = fo_db_adopt(db, b->name.data);
		return st != FOLIO_OK ? st : adopted;
	}
	adopted = fo_db_adopt(db, b->name.data);
	/* The switch happened: the old generation goes, unless a crash may
	 * yet bring back the stub that names it (the directory unsynced);
	 * the next run removes it as a generation no stub names. */
	if (st == FOLIO_OK)
		fo_layout_remove_tree(b->live.data);
	return st != FOLIO_OK ? st : adopted;
}

/* Undo what a build that failed before its switch did, and free b. */
static void build_end(build *b, folio_status st)
{
	folio_index_report *rep = b->r->report;
	unsigned k;

	if (st != FOLIO_OK && !rep->rebuilt) {
		if (b->gen.data)
			fo_layout_remove_tree(b->gen.data);
		rep->removed = rep->kept = 0;
		rep->kept_malformed = 0;
	}
	/* Interrupted, the report says what the index kept (folio.h):
	 * nothing of the posts the workers had indexed. */
	if (st == FOLIO_ERROR_INTERRUPTED)
		rep->added = rep->updated = rep->unchanged = 0;
	if (b->root.data)
		fo_layout_remove_tree(b->root.data);
	for (k = 0; b->w && k < b->n; k++) {
		fo_buf_free(&b->w[k].dir);
		fo_buf_free(&b->w[k].damaged);
		if (b->w[k].b)
			pthread_cond_destroy(&b->w[k].wake);
	}
	free(b->w);
	fo_buf_free(&b->term);
	pthread_cond_destroy(&b->room);
	pthread_mutex_destroy(&b->lock);
	free(b->srcs);
	fo_buf_free(&b->live);
	fo_buf_free(&b->root);
	fo_buf_free(&b->carry);
	fo_buf_free(&b->name);
	fo_buf_free(&b->gen);
	fo_buf_free(&b->why);
}

folio_status fo_build(fo_run *r)
{
	build b;
	folio_status st;

	st = build_begin(&b, r);
	if (st == FOLIO_OK)
		st = build_parts(&b);
	if (st == FOLIO_OK)
		st = merge_parts(&b);
	if (st == FOLIO_OK)
		st = switch_gen(&b);
	build_end(&b, st);
	return st;
}
