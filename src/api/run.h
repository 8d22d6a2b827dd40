/*
 * run.h: one folio_db_index_paths run, shared by the files that carry it
 * out: index.c reads and merges the corpus, sync.c brings the live
 * generation in line with it post by post (an incremental run), build.c
 * builds a new generation from scratch in parallel and switches to it (a
 * full build). gone.c finds the indexed posts the corpus no longer has.
 */
#ifndef FOLIO_API_RUN_H
#define FOLIO_API_RUN_H

#include "api/db.h"
#include "index/merge.h"

/* Commit after this many changed posts, so a crash loses at most one batch
 * and Xapian's buffered changes (memory) stay bounded. */
#define FO_COMMIT_BATCH 5000

/* A full build's workers commit their private DB_NO_SYNC databases every
 * this many posts: a commit there costs no sync, and Xapian's buffered
 * changes are cheaper to apply in small batches. Measured on the 64k
 * corpus with 2 threads (CPU seconds, peak RSS): 5000 posts 28.2 s and
 * 205 MB, 1000 24.0 s and 111 MB, 500 23.1 s and 99 MB, 250 22.8 s. */
#define FO_BUILD_BATCH 500

typedef struct fo_run {
	folio_db *db;
	folio_index_options opts; /* every field, defaults filled in */
	folio_index_report *report;
	const char *const *paths;
	size_t n_paths;
	fo_merge *posts;          /* the corpus, merged by URL */
	char **gone;              /* unique terms of indexed posts the corpus */
	size_t n_gone;            /* does not have (gone.c) */
	fo_buf why;
	folio_status st;          /* the first hard error while reading */
} fo_run;

/* Report progress through the caller's callback, if any. */
void fo_run_progress(fo_run *r, const char *phase, uint64_t done,
                     uint64_t total);

/* May the run remove posts the corpus no longer has? Only when it read
 * everything cleanly and the caller did not ask to keep them. */
int fo_run_may_remove(const fo_run *r);

/* Write p unless the index already holds it unchanged. *outcome: 0 added,
 * 1 updated, 2 unchanged. Commits every FO_COMMIT_BATCH changes. */
folio_status fo_store(folio_db *db, const folio_post *p, int *outcome);

/* Compare a post with the version in xdb: *outcome as for fo_store. */
folio_status fo_compare(fo_xdb *xdb, const folio_post *p, int *outcome,
                        fo_xerr *err);

/* Fill r->gone from the live generation (gone.c). */
folio_status fo_find_gone(fo_run *r);

/* Record when and from what the index was built in its metadata; full is
 * non-zero for a full build. */
folio_status fo_stamp(fo_run *r, fo_xdb *xdb, int full, fo_xerr *err);

/* Does the run ask for a shard count other than the index's (so that it
 * must rebuild)? */
int fo_reshard(const fo_run *r);

/* The two ways of carrying out a run. */
folio_status fo_sync(fo_run *r);
folio_status fo_build(fo_run *r);

#endif
