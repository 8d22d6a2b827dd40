/*
 * call.c: what every call on a folio_db shares: its error text (what
 * folio_db_error says: fo_db_begin clears it, fo_db_fail and its kin set
 * it) and its waits behind a writer, which all end at the one deadline of
 * the public call at work (fo_retry, db.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "api/db.h"
#include "util/lastcommit.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

static double monotonic_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Empty db->error for a message to come, which may have room again
 * where the last one had none (folio_db_error). */
static void error_clear(folio_db *db)
{
	fo_buf_clear(&db->error);
	db->error.oom = 0; /* its data, when there is any, is still sound */
}

void fo_db_begin(folio_db *db)
{
	error_clear(db);
	db->error_pos = 0;
	db->advice = FO_ADVICE_NONE;
	fo_db_salvage_forget(db);
}

folio_status fo_db_refuse_nested(folio_db *db, const char *call)
{
	if (atomic_load(&db->run) == FO_RUN_IDLE)
		return FOLIO_OK;
	return fo_db_fail(db, FOLIO_ERROR_INVALID,
	                  "%s was called while folio_db_index_paths runs on "
	                  "this handle: its callbacks must not call on it",
	                  call);
}

void fo_retry_start(fo_retry *r, folio_db *db)
{
	r->deadline = monotonic_now() + FO_WAIT_SECONDS;
	r->reads = 0;
	if (!db)
		return;
	db->deadline = r->deadline;
	if (db->xdb)
		fo_xdb_set_deadline(db->xdb, db->deadline);
}

fo_retry fo_retry_within(const fo_retry *outer)
{
	fo_retry r = { outer->deadline, 0 };

	return r;
}

int fo_retry_again(fo_retry *r, folio_db *db, folio_status *st)
{
	return fo_db_overtaken(db, st) && ++r->reads < FO_READ_ATTEMPTS;
}

/* What a reader that gave up behind a writer says, into out. */
static void being_written(const folio_db *db, fo_buf *out)
{
	fo_buf_printf(out,
	              "index %s is being written: a writer did not finish "
	              "its commit within %.0f s of waiting; try again",
	              db->path, FO_WAIT_SECONDS);
}

int fo_db_waited_out(const folio_db *db, fo_buf *why)
{
	if (monotonic_now() < db->deadline)
		return 0;
	fo_buf_clear(why);
	being_written(db, why);
	return 1;
}

int fo_db_gave_up(folio_db *db, folio_status st)
{
	fo_buf why = FO_BUF_INIT;
	int gave_up = st == FOLIO_ERROR_MODIFIED && fo_db_waited_out(db, &why);

	if (gave_up)
		fo_db_fail_why(db, st, &why);
	fo_buf_free(&why);
	return gave_up;
}

folio_status fo_db_fail(folio_db *db, folio_status st, const char *fmt, ...)
{
	va_list ap;
	int n;

	error_clear(db);
	db->advice = FO_ADVICE_NONE;
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

folio_status fo_db_fail_why(folio_db *db, folio_status st, const fo_buf *why)
{
	fo_advice advice = db->advice;
	size_t at = db->advice_at;

	fo_db_fail(db, st, "%s", why->data ? why->data : "");
	if (advice != FO_ADVICE_NONE && at < why->len) {
		db->advice = advice;
		db->advice_at = at;
	}
	return st;
}

folio_status fo_db_xfail(folio_db *db, folio_status st, const fo_xerr *err)
{
	const char *msg = err->msg[0] ? err->msg : folio_status_string(st);

	if (st == FOLIO_OK)
		return st;
	/* A writer holds the lock: no commit can have overtaken its read,
	 * so this is damage (a reader's is told by fo_db_overtaken). */
	if (st == FOLIO_ERROR_CORRUPT && db->writable)
		return fo_db_report_damage(db, msg);
	/* Xapian names a block, not the file: name the index, and for a
	 * writer (a full disk, say) what became of it. */
	if (st == FOLIO_ERROR_IO)
		return fo_db_fail(db, st, "index %s: %s%s", db->path, msg,
		                  db->writable ? FO_AS_AT_LAST_COMMIT : "");
	return fo_db_fail(db, st, "%s", msg);
}
