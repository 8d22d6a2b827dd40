/*
 * sync.c: an incremental run. Each post of the corpus, as the second
 * reading pass hands it on (read.c), is compared with the live generation
 * by its content hash (fo_store): new posts are added, changed ones
 * replaced, unchanged ones left alone without being analysed again. Then
 * the posts the corpus no longer has are removed, unless removing is
 * unsafe (run.h fo_run_may_remove). Changes are committed every
 * FO_COMMIT_BATCH, so a crash loses one batch at most.
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
	int outcome;
	folio_status st;

	st = fo_store(r->db, r->known, p, url_hash, &outcome, &docid);
	if (st != FOLIO_OK)
		return st;
	fo_gone_touch(r, docid);
	fo_run_count(rep, outcome);
	if (rep->posts % PROGRESS_EVERY == 0)
		fo_run_progress(r, "indexing", rep->posts,
		                fo_tally_count(r->tally));
	return FOLIO_OK;
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
	/* Not committed first: a run of fewer changes than a batch stays
	 * one commit. The gone are live posts never touched, which this run
	 * has not written to (it only wrote touched ones and new ones). */
	if (st == FOLIO_OK)
		st = fo_find_gone(r);
	if (st == FOLIO_OK && !fo_run_may_remove(r))
		fo_gone_keep(r);
	for (i = 0; st == FOLIO_OK && fo_run_may_remove(r) && i < r->n_gone;
	     i++) {
		st = fo_db_xfail(db, fo_xdb_delete(db->xdb, r->gone[i], &deleted,
		                                   &err), &err);
		rep->removed += deleted ? 1 : 0;
		if (st == FOLIO_OK && ++db->pending >= FO_COMMIT_BATCH) {
			st = fo_db_xfail(db, fo_xdb_commit(db->xdb, &err), &err);
			db->pending = 0;
		}
		if ((i + 1) % PROGRESS_EVERY == 0)
			fo_run_progress(r, "removing", i + 1, r->n_gone);
	}
	if (st == FOLIO_OK)
		st = fo_db_xfail(db, fo_stamp(r, db->xdb, 0, &err), &err);
	if (st == FOLIO_OK) {
		st = fo_db_xfail(db, fo_xdb_commit(db->xdb, &err), &err);
		db->pending = 0;
	}
	return st;
}
