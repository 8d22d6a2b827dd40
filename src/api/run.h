/*
 * run.h: one folio_db_index_paths run, shared by the files that carry it
 * out. read.c reads the corpus twice, streaming: a first pass counts each
 * URL's occurrences, a second hands each post on, merged by URL, as soon
 * as its last occurrence is read. Each post goes either to sync.c, which
 * brings the live generation in line with it (an incremental run), or to
 * build.c's workers, which build a new generation from scratch in
 * parallel (a full build) fed through bounded queues. Nothing holds the
 * whole corpus: memory is the per-URL counts plus bounded batches.
 * gone.c finds the indexed posts the corpus no longer has: those the run
 * never compared a post with.
 */
#ifndef FOLIO_API_RUN_H
#define FOLIO_API_RUN_H

#include "api/db.h"
#include "index/known.h"
#include "index/merge.h"
#include "index/tally.h"

#include <stdatomic.h>

/* Commit after this many changed posts, so a crash loses at most one batch
 * and Xapian's buffered changes (memory) stay bounded. */
#define FO_COMMIT_BATCH 5000

typedef struct fo_read_file fo_read_file; /* read.c */

typedef struct fo_run {
	folio_db *db;
	folio_index_options opts; /* every field, defaults filled in */
	folio_index_report *report;
	const char *const *paths;
	size_t n_paths;
	fo_tally *tally;          /* occurrences per URL hash (first pass) */
	fo_tally *tainted;        /* URLs with a malformed copy (read.c) */
	uint32_t file_no;         /* the file being counted, from 1 */
	fo_merge *held;           /* posts seen more than once, still open */
	fo_read_file *files;      /* the corpus files read, in order */
	size_t n_files, cap_files;
	fo_tally *file_ids; /* each's index in files, + 1, by a hash of
	                       its device and inode (read.c) */
	/* Which posts of the live generation the run compared a post with,
	 * a bit per docid up to last (set by workers concurrently). */
	atomic_uint_least64_t *touched;
	uint32_t last;
	fo_known *known;          /* the live generation's posts (known.h) */
	char **gone;              /* unique terms of indexed posts the corpus */
	size_t n_gone;            /* does not have (gone.c) */
	/* A full build: a post the corpus no longer has whose URL damage
	 * keeps from being read is counted in unreadable, not an error,
	 * since the build is what mends a damaged index. */
	int salvage;
	uint64_t unreadable;
	fo_xerr unreadable_why; /* the damage behind the first of them */
	fo_buf why;
	/* Set before the second pass: the run may not remove, so a post it
	 * reads keeps what the index has of it besides (keep.c). */
	int keep;
	folio_status st;          /* the first hard error while reading */
	/* An incremental run: its report as of its last commit, what an
	 * interrupt keeps (sync.c). */
	folio_index_report at_commit;
} fo_run;

/* FOLIO_ERROR_INTERRUPTED when folio_db_interrupt asked the run to stop,
 * else FOLIO_OK: checked between posts, batches and phases, by the
 * workers too, which then stop with it. */
folio_status fo_run_interrupted(const fo_run *r);

/* Check a post as the corpus parsers and folio_db_add_post must: fields
 * present, valid and not too long. FOLIO_ERROR_INVALID with why set. */
folio_status fo_run_check_post(const folio_post *p, fo_buf *why);

/* What n skipped things are, in the singular for 1: "malformed post or
 * unreadable file", else "malformed posts or unreadable files". */
const char *fo_run_skipped_noun(uint64_t n);

/* Count a problem and report it through the caller's callback, if any. */
void fo_run_problem(fo_run *r, const char *file, unsigned line,
                    const char *message);

/* Report a warning (not counted: what it concerns was indexed) through
 * the caller's callback, if any. */
void fo_run_warn(fo_run *r, const char *file, unsigned line,
                 const char *message);

/* The first pass over the corpus: report its problems, count its URLs
 * (report->posts: distinct URLs, as far as their hashes tell). */
folio_status fo_read_count(fo_run *r);

/* The second pass: call fn with each post once, merged (topics sorted
 * and unique), valid during the call, and its URL's hash; report->posts
 * counts them. Stops at fn's first error and returns it. */
folio_status fo_read_posts(fo_run *r, fo_merge_fn fn, void *ctx);

/* Free what the passes keep. */
void fo_read_free(fo_run *r);

/* Report progress through the caller's callback, if any. */
void fo_run_progress(fo_run *r, const char *phase, uint64_t done,
                     uint64_t total);

/* May the run remove posts the corpus no longer has? Only when it read
 * everything cleanly and the caller did not ask to keep them. */
int fo_run_may_remove(const fo_run *r);

/* Write p unless the index already holds it unchanged. *outcome: 0 added,
 * 1 updated, 2 unchanged; *docid: the post's docid (an added post's new
 * one, which over shards can be below docids already in use). known
 * (may be NULL) is what the index held when a run began; url_hash is
 * p's URL's fo_url_hash, by which known is asked (unread without known).
 * keep: the run may not remove (r->keep), so a changed p is written as
 * fo_keep_unread makes it, and compared again as that; *damaged (with
 * keep) as fo_keep_unread sets it. Commits every FO_COMMIT_BATCH
 * changes. */
folio_status fo_store(folio_db *db, const fo_known *known, int keep,
                      const folio_post *p, uint64_t url_hash, int *outcome,
                      uint32_t *docid, int *damaged);

/* Count one change (an addition or a deletion) towards db's pending
 * batch, and commit the batch once it holds FO_COMMIT_BATCH (folio.h);
 * db->pending is 0 after a commit, made or failed. */
folio_status fo_count_change(folio_db *db, fo_xerr *err);

/* Count an outcome of fo_store or fo_compare in rep's added, updated or
 * unchanged. */
void fo_run_count(folio_index_report *rep, int outcome);

/* Compare a post with the version in xdb, asking known (xdb's posts, or
 * NULL) before xdb: url_hash, *outcome and *docid as for fo_store. */
folio_status fo_compare(fo_xdb *xdb, const fo_known *known, const folio_post *p,
                        uint64_t url_hash, int *outcome, uint32_t *docid,
                        fo_xerr *err);

/* In a run that may not remove (r->keep): post docid of xdb, which p
 * (same URL) is to replace, as *out: p, its gaps filled by the indexed
 * version and its topics joined by that version's, held in *kept (free
 * with fo_merge_free; NULL, and *out p, on an error). When the indexed
 * version's stored record is damaged (it cannot be read or decoded),
 * *out is p and *damaged 1: the caller writes p and warns
 * (fo_keep_warn_damaged). */
folio_status fo_keep_unread(fo_xdb *xdb, uint32_t docid, const folio_post *p,
                            fo_merge **kept, const folio_post **out,
                            int *damaged, fo_xerr *err);

/* Warn, on the index, that the stored record of the post at url was
 * damaged and the post written again from the corpus alone. From the
 * calling thread only (folio.h: the callbacks). */
void fo_keep_warn_damaged(fo_run *r, const char *url);

/* fo_compare of p with xdb, and in a run that may not remove (keep) a
 * changed p made as fo_keep_unread makes it and compared again as that:
 * the post to write in *out (p, or one held in *kept: free with
 * fo_merge_free), *damaged as fo_keep_unread sets it (untouched without
 * keep). What fo_store and a build's workers share. */
folio_status fo_compare_kept(fo_xdb *xdb, const fo_known *known, int keep,
                             const folio_post *p, uint64_t url_hash,
                             int *outcome, uint32_t *docid, fo_merge **kept,
                             const folio_post **out, int *damaged,
                             fo_xerr *err);

/* Before posts are compared with the live generation: note its extent
 * and read its posts' table (r->known; gone.c). */
folio_status fo_gone_begin(fo_run *r);

/* The run compared a post with the live generation's post docid. */
void fo_gone_touch(fo_run *r, uint32_t docid);

/* After: fill r->gone with the live generation's posts never touched. */
folio_status fo_find_gone(fo_run *r);

/* When the gone are kept: count them in r->report, those with a malformed
 * copy in the corpus (kept_malformed) apart from those it no longer has
 * (kept). */
void fo_gone_keep(fo_run *r);

/* Record when and from what the index was built in its metadata; full is
 * non-zero for a full build. */
folio_status fo_stamp(fo_run *r, fo_xdb *xdb, int full, fo_xerr *err);

/* Does the run ask for a shard count other than the index's (so that it
 * must rebuild)? */
int fo_reshard(const fo_run *r);

/* Over an index of another format (db->format, upgrade.c): may this run
 * replace it (a full build over generations, without no_delete)? Before
 * reading; docs: the posts it holds. FOLIO_ERROR_VERSION, explained, if
 * not. */
folio_status fo_upgrade_allowed(fo_run *r, uint64_t docs);

/* Over an index of another format, after a reading pass: was the corpus
 * read completely? A rebuild cannot carry the old posts over, so nothing
 * may have been skipped. FOLIO_ERROR_VERSION, explained, if it was. */
folio_status fo_upgrade_complete(fo_run *r);

/* The two ways of carrying out a run. */
folio_status fo_sync(fo_run *r);
folio_status fo_build(fo_run *r);

#endif
