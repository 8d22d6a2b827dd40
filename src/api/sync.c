/*
 * sync.c: an incremental run. Each post of the corpus is compared with
 * the live generation by its content hash (fo_store): new posts are
 * added, changed ones replaced, unchanged ones left alone without being
 * analysed again. Then the posts the corpus no longer has are removed,
 * unless removing is unsafe (run.h fo_run_may_remove). Changes are
 * committed every FO_COMMIT_BATCH, so a crash loses one batch at most.
 */
#include "api/run.h"

#include <string.h>

/* Progress is reported every this many posts. */
#define PROGRESS_EVERY 1000

folio_status fo_sync(fo_run *r)
{
	folio_db *db = r->db;
	folio_index_report *rep = r->report;
	fo_xerr err = { "" };
	uint64_t deleted;
	size_t i;
	int outcome;
	folio_status st = FOLIO_OK;

	for (i = 0; st == FOLIO_OK && i < rep->posts; i++) {
		st = fo_store(db, fo_merge_get(r->posts, i), &outcome);
		if (st != FOLIO_OK)
			break;
		if (outcome == 0)
			rep->added++;
		else if (outcome == 1)
			rep->updated++;
		else
			rep->unchanged++;
		if ((i + 1) % PROGRESS_EVERY == 0)
			fo_run_progress(r, "indexing", i + 1, rep->posts);
	}
	if (st == FOLIO_OK && !fo_run_may_remove(r))
		rep->kept = r->n_gone;
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
