/*
 * stats.c: folio_db_stats, what an index holds, from when, how big
 * (folio_db_check, its consistency check, is in check.c).
 */
#include "api/db.h"

#include "api/layout.h"
#include "index/schema.h"

#include "util/pathlist.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Metadata key into db->lent[i]; returns its text. */
static folio_status lend_metadata(folio_db *db, int i, const char *key,
                                  const char **out, fo_xerr *err)
{
	char *value = NULL;
	folio_status st = fo_xdb_get_metadata(db->xdb, key, &value, err);

	if (st == FOLIO_OK) {
		fo_buf_clear(&db->lent[i]);
		fo_buf_puts(&db->lent[i], value);
		if (db->lent[i].oom || !db->lent[i].data)
			st = FOLIO_ERROR_NOMEM;
	}
	*out = st == FOLIO_OK ? db->lent[i].data : "";
	free(value);
	return st;
}

/* The bytes of a folio_stats of this version: the fields it has (each
 * version adds fields at the end). 0: a version we do not know. */
static size_t stats_size(unsigned version)
{
	return version == 1   ? offsetof(folio_stats, corpus_paths)
	       : version == 2 ? offsetof(folio_stats, analyzer)
	       : version == 3 ? sizeof(folio_stats)
	                      : 0;
}

/* s->corpus decoded into s->corpus_paths, lent from db: a caller should
 * not have to undo the quoting of the list (util/pathlist.h) itself. */
static folio_status lend_paths(folio_db *db, folio_stats *s)
{
	const char *p = s->corpus;
	const char **v = NULL, **grown;
	size_t n = 0, cap = 0;
	char *out;

	free(db->corpus_text);
	free(db->corpus_paths);
	db->corpus_paths = NULL;
	/* a path never decodes longer than it is written, and the newline
	 * after each makes room for its NUL */
	if (!(db->corpus_text = malloc(strlen(p) + 1)))
		return FOLIO_ERROR_NOMEM;
	for (out = db->corpus_text; fo_pathlist_next(&p, out);
	     out += strlen(out) + 1) {
		if (n == cap) {
			cap = cap ? 2 * cap : 4;
			if (!(grown = realloc(v, cap * sizeof *v))) {
				free(v);
				return FOLIO_ERROR_NOMEM;
			}
			v = grown;
		}
		v[n++] = out;
	}
	db->corpus_paths = v;
	s->corpus_paths = v;
	s->n_corpus_paths = n;
	return FOLIO_OK;
}

/* The stats of a failed call: 0 and "" (folio.h). */
static folio_stats stats_none(void)
{
	folio_stats none = FOLIO_STATS_INIT;

	none.built = none.updated = none.corpus = "";
	none.language = none.format = "";
	return none;
}

/* One reading of the stats into *s. */
static folio_status stats_once(folio_db *db, folio_stats *s, fo_xerr *err)
{
	folio_status st;

	st = fo_db_refresh(db);
	if (st == FOLIO_OK)
		st = fo_xdb_doccount(db->xdb, &s->documents, err);
	if (st == FOLIO_OK)
		st = fo_xdb_term_count(db->xdb, &s->terms, err);
	if (st == FOLIO_OK)
		st = lend_metadata(db, 0, FO_META_BUILT, &s->built, err);
	if (st == FOLIO_OK)
		st = lend_metadata(db, 1, FO_META_UPDATED, &s->updated, err);
	if (st == FOLIO_OK)
		st = lend_metadata(db, 2, FO_META_CORPUS, &s->corpus, err);
	/* Each read is of the newest commit when it is made: one that a
	 * commit overtook is made again on that commit (fo_xread), which
	 * would report the posts counted before an indexing run beside the
	 * corpus paths written by it. Read them all again then. */
	if (st == FOLIO_OK)
		st = fo_xdb_reads_current(db->xdb, err);
	if (st == FOLIO_OK) {
		/* After the refresh: a reader that followed a rebuild
		 * reports the new generation's language. */
		s->language = folio_db_language(db);
		s->format = FO_FORMAT_VERSION;
		s->analyzer = fo_analyzer_revision(db->an);
		s->analyzer_latest = FO_ANALYZER_REVISION;
		/* a front end of remote shards alone has no generation:
		 * its directory holds only what its owner put there */
		s->disk_bytes = db->remote_only
		                    ? 0
		                    : fo_layout_disk_size(fo_db_open_dir(db));
		s->generation = fo_layout_gen_number(fo_db_open_dir(db));
		s->shards = fo_xdb_shard_count(db->xdb);
	}
	return st;
}

folio_status folio_db_stats(folio_db *db, folio_stats *out)
{
	folio_stats s = FOLIO_STATS_INIT;
	fo_xerr err = { "" };
	folio_status st = FOLIO_OK;
	fo_retry r;

	if (!db || fo_db_refuse_nested(db, "folio_db_stats") != FOLIO_OK) {
		/* a failure sets out all the same, as folio.h says */
		if (out && stats_size(out->version)) {
			s = stats_none();
			s.version = out->version;
			memcpy(out, &s, stats_size(out->version));
		}
		return FOLIO_ERROR_INVALID;
	}
	fo_db_begin(db);
	fo_retry_start(&r, db);
	if (!out)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "folio_db_stats needs an out struct");
	/* We fill a whole folio_stats of ours; the caller gets the fields
	 * its version has. */
	if (!stats_size(out->version))
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "folio_stats version %u is not 1 to %d "
		                  "(initialise it with FOLIO_STATS_INIT)",
		                  out->version, FOLIO_STATS_VERSION);
	/* A writer's commits can overtake the reads, as a search's
	 * (fo_db_overtaken): read again, as a search does. */
	while ((st = stats_once(db, &s, &err)) != FOLIO_OK &&
	       fo_retry_again(&r, db, &st)) {
		fo_buf_clear(&db->error);
		err.msg[0] = '\0';
	}
	if (st == FOLIO_OK && (st = lend_paths(db, &s)) != FOLIO_OK)
		fo_db_fail(db, st, "out of memory");
	if (st != FOLIO_OK) {
		s = stats_none();
		if (!db->error.len)
			fo_db_xfail(db, st, &err);
	}
	s.version = out->version;
	memcpy(out, &s, stats_size(out->version));
	return st;
}
