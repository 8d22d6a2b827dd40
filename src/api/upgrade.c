/*
 * upgrade.c: indexing over an index of another format (db->format: built
 * by an older or newer folio). Its posts cannot be read -- their terms,
 * values and stored data may be laid out differently -- so the only run
 * allowed is a full build from the corpus into a new generation of this
 * folio's format (build.c), switched to atomically like any rebuild: a
 * failure or crash before the switch leaves the old generation live.
 *
 * Such a build starts empty: nothing can be compared with or copied from
 * the old generation. A rebuild normally carries over the indexed posts
 * the corpus no longer has when they must not be removed (no_delete, or
 * something skipped, which may be where they live). Copying them here
 * would mix formats in one generation, and dropping them would lose
 * posts, so such a run is refused before anything is switched: the old
 * index stays as it was, still usable by the folio that built it.
 */
#include "api/run.h"

#include "index/schema.h"

/* Whether this run may replace the index: a full build (rebuild, an
 * empty index, or a new shard count) over generations (a bare glass
 * database has no stub to switch), removing what the corpus lacks. */
folio_status fo_upgrade_allowed(fo_run *r, uint64_t docs)
{
	folio_db *db = r->db;

	if (!db->live.len)
		return fo_db_fail(db, FOLIO_ERROR_VERSION,
		                  "index %s is a bare Xapian database of format "
		                  "\"%s\", which this folio (format %s) cannot "
		                  "use or rebuild in place: index into a new "
		                  "directory", db->path, db->format,
		                  FO_FORMAT_VERSION);
	if (!r->opts.rebuild && docs && !fo_reshard(r))
		return fo_db_refuse_format(db);
	if (r->opts.no_delete)
		return fo_db_fail(db, FOLIO_ERROR_VERSION,
		                  "cannot keep the indexed posts missing from the "
		                  "corpus (no_delete): index %s has format \"%s\", "
		                  "whose posts this folio (format %s) cannot "
		                  "read or carry over; rebuild it from the whole "
		                  "corpus without --no-delete", db->path,
		                  db->format, FO_FORMAT_VERSION);
	return FOLIO_OK;
}

/* After a reading pass: refuse when anything was skipped (the pass has
 * reported each problem through the caller's diagnostic callback). */
folio_status fo_upgrade_complete(fo_run *r)
{
	folio_db *db = r->db;

	if (fo_run_may_remove(r))
		return FOLIO_OK;
	return fo_db_fail(db, FOLIO_ERROR_VERSION,
	                  "%llu %s skipped, "
	                  "and index %s has format \"%s\", whose posts this "
	                  "folio (format %s) cannot read or carry over: a "
	                  "rebuild would lose the posts they hold, so the "
	                  "index was left as it was; fix them and rebuild "
	                  "again", (unsigned long long)r->report->skipped,
	                  fo_run_skipped_noun(r->report->skipped),
	                  db->path, db->format, FO_FORMAT_VERSION);
}
