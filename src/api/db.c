/*
 * db.c: opening and closing an index, and the handle's error text.
 * A new index is created as generation gen-1 behind a stub (layout.h); the
 * analyzer's language is stored in the index's metadata at creation and
 * read back on every open, so queries are always analysed the way the
 * posts were.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/db.h"

#include "api/layout.h"
#include "index/schema.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void fo_db_begin(folio_db *db)
{
	fo_buf_clear(&db->error);
}

folio_status fo_db_fail(folio_db *db, folio_status st, const char *fmt, ...)
{
	va_list ap;
	int n;

	fo_buf_clear(&db->error);
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n >= 0 && fo_buf_reserve(&db->error, (size_t)n) == 0) {
		va_start(ap, fmt);
		vsnprintf(db->error.data, (size_t)n + 1, fmt, ap);
		va_end(ap);
		db->error.len = (size_t)n;
	}
	return st;
}

folio_status fo_db_xfail(folio_db *db, folio_status st, const fo_xerr *err)
{
	if (st == FOLIO_OK)
		return st;
	return fo_db_fail(db, st, "%s", err->msg[0] ? err->msg
	                                            : folio_status_string(st));
}

/* Check the index's format and load its language. */
static folio_status check_meta(folio_db *db, const char *want_language,
                               fo_buf *why)
{
	char *format = NULL, *language = NULL;
	fo_xerr err = { "" };
	uint64_t docs = 0;
	folio_status st;

	st = fo_xdb_get_metadata(db->xdb, FO_META_FORMAT, &format, &err);
	if (st == FOLIO_OK)
		st = fo_xdb_get_metadata(db->xdb, FO_META_LANGUAGE, &language,
		                         &err);
	if (st == FOLIO_OK)
		st = fo_xdb_doccount(db->xdb, &docs, &err);
	if (st != FOLIO_OK) {
		fo_buf_puts(why, err.msg);
		goto done;
	}
	if (!*format && db->writable && docs == 0) {
		/* A new index: record what it is. */
		st = fo_xdb_set_metadata(db->xdb, FO_META_FORMAT,
		                         FO_FORMAT_VERSION, &err);
		if (st == FOLIO_OK)
			st = fo_xdb_set_metadata(db->xdb, FO_META_LANGUAGE,
			                         want_language, &err);
		if (st != FOLIO_OK)
			fo_buf_puts(why, err.msg);
		free(language);
		language = strdup(want_language);
		if (st == FOLIO_OK && !language)
			st = FOLIO_ERROR_NOMEM;
	} else if (strcmp(format, FO_FORMAT_VERSION) != 0) {
		fo_buf_printf(why, "index format \"%s\" is not %s: rebuild the "
		              "index with this folio", format, FO_FORMAT_VERSION);
		st = FOLIO_ERROR_VERSION;
	}
	if (st == FOLIO_OK) {
		st = fo_analyzer_new(language, &db->an);
		if (st == FOLIO_ERROR_INVALID)
			fo_buf_printf(why, "unknown stemming language \"%s\"",
			              language);
	}
done:
	free(format);
	free(language);
	return st;
}

/* Open (or create) the Xapian database behind path. */
static folio_status open_xdb(folio_db *db, unsigned flags, fo_buf *why)
{
	fo_layout_kind kind = fo_layout_probe(db->path);
	fo_buf live = FO_BUF_INIT;
	unsigned xflags = FO_XDB_READ;
	int create = 0;
	fo_xerr err = { "" };
	folio_status st = FOLIO_OK;

	if (kind == FO_LAYOUT_MISSING || kind == FO_LAYOUT_EMPTY) {
		if (!(flags & FOLIO_OPEN_CREATE) || !(flags & FOLIO_OPEN_WRITE)) {
			fo_buf_printf(why, "no index at %s", db->path);
			st = FOLIO_ERROR_NOT_FOUND;
			goto done;
		}
		if (kind == FO_LAYOUT_MISSING && mkdir(db->path, 0777) != 0) {
			fo_buf_printf(why, "cannot create %s: %s", db->path,
			              strerror(errno));
			st = FOLIO_ERROR_IO;
			goto done;
		}
		create = 1;
	} else if (kind == FO_LAYOUT_OTHER) {
		fo_buf_printf(why, "%s is not a folio index", db->path);
		st = FOLIO_ERROR_NOT_FOUND;
		goto done;
	}

	if (flags & FOLIO_OPEN_WRITE) {
		xflags = FO_XDB_WRITE | FO_XDB_CREATE;
		if (flags & FOLIO_OPEN_WAIT)
			xflags |= FO_XDB_WAIT;
		if (create)
			fo_buf_printf(&live, "%s/gen-1", db->path);
		else if (kind == FO_LAYOUT_STUB)
			st = fo_layout_live(db->path, &live, why);
		else
			fo_buf_puts(&live, db->path);
	} else {
		fo_buf_puts(&live, db->path);
	}
	if (st == FOLIO_OK && live.oom)
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK) {
		st = fo_xdb_open(live.data, xflags, &db->xdb, &err);
		if (st != FOLIO_OK)
			fo_buf_printf(why, "cannot open index %s: %s", db->path,
			              err.msg);
	}
	if (st == FOLIO_OK && create)
		st = fo_layout_switch(db->path, "gen-1", why);
done:
	fo_buf_free(&live);
	return st;
}

folio_status folio_db_open(const char *path, const folio_open_options *opts,
                           folio_db **out, char **errmsg)
{
	static const folio_open_options defaults = FOLIO_OPEN_OPTIONS_INIT;
	fo_buf why = FO_BUF_INIT;
	folio_db *db = NULL;
	folio_status st = FOLIO_OK;

	if (out)
		*out = NULL;
	if (errmsg)
		*errmsg = NULL;
	if (!opts)
		opts = &defaults;
	if (!path || !*path || !out) {
		fo_buf_puts(&why, "folio_db_open needs a path and an out handle");
		st = FOLIO_ERROR_INVALID;
		goto done;
	}
	if (opts->version != FOLIO_OPEN_OPTIONS_VERSION) {
		fo_buf_printf(&why, "folio_open_options version %u is not %d",
		              opts->version, FOLIO_OPEN_OPTIONS_VERSION);
		st = FOLIO_ERROR_INVALID;
		goto done;
	}
	db = calloc(1, sizeof *db);
	if (!db || !(db->path = strdup(path))) {
		st = FOLIO_ERROR_NOMEM;
		goto done;
	}
	db->writable = (opts->flags & FOLIO_OPEN_WRITE) != 0;
	/* Refuse an unknown language before anything is created on disk. */
	if (db->writable && (opts->flags & FOLIO_OPEN_CREATE)) {
		st = fo_analyzer_new(opts->language, &db->an);
		if (st == FOLIO_ERROR_INVALID)
			fo_buf_printf(&why, "unknown stemming language \"%s\"",
			              opts->language);
		fo_analyzer_free(db->an);
		db->an = NULL;
	}
	if (st == FOLIO_OK)
		st = open_xdb(db, opts->flags, &why);
	if (st == FOLIO_OK)
		st = check_meta(db, opts->language ? opts->language : "english",
		                &why);
	if (st == FOLIO_OK && db->writable) {
		fo_xerr err = { "" };
		st = fo_xdb_commit(db->xdb, &err);
		if (st != FOLIO_OK)
			fo_buf_puts(&why, err.msg);
	}
done:
	if (st != FOLIO_OK) {
		if (why.len == 0)
			fo_buf_puts(&why, folio_status_string(st));
		if (errmsg)
			*errmsg = fo_buf_detach(&why);
		if (db) {
			fo_xdb_close(db->xdb, NULL);
			fo_analyzer_free(db->an);
			free(db->path);
			fo_buf_free(&db->error);
			free(db);
		}
	} else {
		*out = db;
	}
	fo_buf_free(&why);
	return st;
}

folio_status folio_db_close(folio_db *db)
{
	fo_xerr err = { "" };
	folio_status st;

	if (!db)
		return FOLIO_OK;
	st = fo_xdb_close(db->xdb, &err);
	fo_analyzer_free(db->an);
	free(db->path);
	fo_buf_free(&db->error);
	free(db);
	return st;
}

const char *folio_db_error(const folio_db *db)
{
	return db && db->error.data ? db->error.data : "";
}

const char *folio_db_language(const folio_db *db)
{
	return fo_analyzer_language(db->an);
}

folio_status folio_db_count(folio_db *db, uint64_t *out)
{
	fo_xerr err = { "" };

	fo_db_begin(db);
	return fo_db_xfail(db, fo_xdb_doccount(db->xdb, out, &err), &err);
}
