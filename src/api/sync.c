/*
 * sync.c: an incremental run. Each post of the corpus, as the second
 * reading pass hands it on (read.c), is compared with the live generation
 * by its content hash (fo_store): new posts are added, changed ones
 * replaced, unchanged ones left alone without being analysed again. Then
 * the posts the corpus no longer has are removed, unless removing is
 * unsafe (run.h fo_run_may_remove). Changes are committed every
 * FO_COMMIT_BATCH, so a crash loses one batch at most, and an interrupt
 * (folio_db_interrupt) discards that batch too: what the run committed
 * stays, and its report counts only that.
 */
#include "api/run.h"

#include <string.h>

/* Progress is reported every this many posts. */
#define PROGRESS_EVERY 1000

static folio_status store(const folio_post *p, uint64_t url_hash, void *ctx)
{
	fo_run *r = ctx;
	folio_index_report *rep = r->report;
	uint32_t docid = 0;
	int outcome, damaged = 0;
	folio_status st;

	st = fo_store(r->db, r->known, r->keep, p, url_hash, &outcome, &docid,
	              &damaged);
	if (st != FOLIO_OK)
		return st;
	if (damaged)
		fo_keep_warn_damaged(r, p->url);
	fo_gone_touch(r, docid);
	fo_run_count(rep, outcome);
	/* a change that leaves none pending was committed with it */
	if (outcome != 2 && r->db->pending == 0)
		r->at_commit = *rep;
	if (rep->posts % PROGRESS_EVERY == 0)
		fo_run_progress(r, "indexing", rep->posts,
		                fo_tally_count(r->tally));
	return FOLIO_OK;
}

/* After an interrupt: drop the changes since the run's last commit, and
 * report what the index kept (folio.h folio_db_interrupt). Should that
 * fail, its error is the run's: the changes are still pending. */
static folio_status discard(fo_run *r)
{
	folio_index_report *rep = r->report;
	fo_xerr err = { "" };
	folio_status st = fo_xdb_cancel(r->db->xdb, &err);

	if (st != FOLIO_OK)
		return fo_db_xfail(r->db, st, &err);
	r->db->pending = 0;
	rep->added = r->at_commit.added;
	rep->updated = r->at_commit.updated;
	rep->unchanged = r->at_commit.unchanged;
	rep->removed = r->at_commit.removed;
	rep->kept = r->at_commit.kept;
	rep->kept_malformed = r->at_commit.kept_malformed;
	return FOLIO_ERROR_INTERRUPTED;
}

folio_status fo_sync(fo_run *r)
{
	folio_db *db = r->db;
	folio_index_report *rep = r->report;
	fo_xerr err = { "" };
	uint64_t deleted;
	size_t i;
	folio_status st;

	st = fo_gone_begin(r);
	if (st == FOLIO_OK)
		st = fo_read_posts(r, store, r);
	/* The phase's last count, unless a report above gave it already. */
	if (st == FOLIO_OK && rep->posts % PROGRESS_EVERY != 0)
		fo_run_progress(r, "indexing", rep->posts,
		                fo_tally_count(r->tally));
	/* Not committed first: a run of fewer changes than a batch stays
	 * one commit. The gone are live posts never touched, which this run
	 * has not written to (it only wrote touched ones and new ones). */
	if (st == FOLIO_OK)
		st = fo_find_gone(r);
	if (st == FOLIO_OK && !fo_run_may_remove(r))
		fo_gone_keep(r);
	for (i = 0; st == FOLIO_OK && fo_run_may_remove(r) && i < r->n_gone;
	     i++) {
		if ((st = fo_run_interrupted(r)) != FOLIO_OK)
			break;
		st = fo_db_xfail(db, fo_xdb_delete(db->xdb, r->gone[i], &deleted,
		                                   &err), &err);
		rep->removed += deleted ? 1 : 0;
		if (st == FOLIO_OK) {
			st = fo_db_xfail(db, fo_count_change(db, &err), &err);
			if (db->pending == 0)
				r->at_commit = *rep;
		}
		if ((i + 1) % PROGRESS_EVERY == 0 || i + 1 == r->n_gone)
			fo_run_progress(r, "removing", i + 1, r->n_gone);
	}
	/* The last moment to stop: the commit below is the run's last. */
	if (st == FOLIO_OK)
		st = fo_run_interrupted(r);
	if (st == FOLIO_OK)
		st = fo_db_xfail(db, fo_stamp(r, db->xdb, 0, &err), &err);
	if (st == FOLIO_OK) {
		st = fo_db_xfail(db, fo_xdb_commit(db->xdb, &err), &err);
		db->pending = 0;
	}
	if (st == FOLIO_ERROR_INTERRUPTED)
		st = discard(r);
	return st;
}
