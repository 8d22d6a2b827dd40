/*
 * check.c: folio_db_check, Xapian's consistency checker over the live
 * generation, then a decode of every post's stored data; each problem
 * found is given to the caller's callback once the check has ended.
 */
#include "api/db.h"

#include "index/docdata.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* Add a problem to list (NULL: none is kept), where the problems of a
 * check wait, each NUL-terminated, for folio_check_options.problem: a
 * check that a writer's commit makes void is run again, and only the
 * last run's are given. */
static void keep_problem(const char *problem, void *list)
{
	if (list)
		fo_buf_append(list, problem, strlen(problem) + 1);
}

typedef struct doc_check {
	uint64_t bad;
	uint32_t first_bad;
	fo_buf *list;
} doc_check;

static int check_doc(uint32_t docid, const char *data, size_t len, void *ctx)
{
	doc_check *c = ctx;
	fo_docdata d;
	char why[64];

	if (fo_docdata_decode(data, len, &d) != FOLIO_OK) {
		if (!c->bad++)
			c->first_bad = docid;
		snprintf(why, sizeof why, "document %u has damaged data",
		         (unsigned)docid);
		keep_problem(why, c->list);
		return 0;
	}
	fo_docdata_free(&d);
	return 0;
}

/* problem as db's error (FOLIO_ERROR_CORRUPT), followed by the advice
 * want (fo_db_advise). problem may be db's own error: it is copied
 * before db's error is replaced. */
static void fail_advised(folio_db *db, const char *problem, fo_advice want)
{
	fo_buf msg = FO_BUF_INIT;

	fo_buf_puts(&msg, problem);
	fo_db_advise(db, NULL, &msg, want);
	if (!msg.oom)
		fo_db_fail_why(db, FOLIO_ERROR_CORRUPT, &msg);
	fo_buf_free(&msg);
}

/* Follow the first problem in db's error with the command that mends
 * the index, unless it says what to do already (db->advice: the
 * explanation of fo_db_report_damage or of a failed open, or torn
 * shards' incremental run). */
static void advise_rebuild(folio_db *db)
{
	if (db->advice == FO_ADVICE_NONE)
		fail_advised(db, folio_db_error(db), fo_db_damage_advice(db));
}

/* One check of the newest state: *found problems (FOLIO_ERROR_CORRUPT),
 * each into list unless it is NULL, or FOLIO_ERROR_MODIFIED when a
 * writer changed the index under it. */
static folio_status check_once(folio_db *db, const folio_check_options *o,
                               uint64_t *found, fo_buf *list)
{
	int isolate = (o->flags & FOLIO_CHECK_ISOLATE) != 0;
	fo_xerr err = { "" };
	fo_buf bad = FO_BUF_INIT; /* the posts' problems, kept for last */
	doc_check docs = { 0, 0, list ? &bad : NULL };
	folio_status st, walked;
	char torn[256];
	uint64_t n_torn = 0;
	size_t said;

	*found = 0;
	if (list)
		fo_buf_clear(list);
	fo_db_begin(db);
	st = fo_db_refresh(db);
	/* Xapian's checker opens the tables itself. A writer committing
	 * meanwhile could make it report a torn revision, so writers check
	 * their own committed state; readers are told by fo_xdb_check. */
	if (st == FOLIO_OK && db->writable)
		st = fo_db_xfail(db, fo_xdb_commit(db->xdb, &err), &err);
	if (st == FOLIO_OK)
		st = fo_db_xfail(db,
		                 fo_xdb_check(fo_db_open_dir(db), isolate,
		                              o->timeout_ms, found, &err,
		                              keep_problem, list),
		                 &err);
	if (st == FOLIO_OK && *found)
		fo_db_fail(db, FOLIO_ERROR_CORRUPT, "%s", err.msg);
	if (st == FOLIO_OK && !*found) {
		walked = st = fo_xdb_each_doc(db->xdb, check_doc, &docs, &err);
		/* A block no commit made, with nothing moved and no writer
		 * at work, is damage (fo_db_overtaken, which explains it);
		 * a read a commit overtook is MODIFIED: checked again. */
		fo_db_overtaken(db, &st);
		if (st == FOLIO_ERROR_CORRUPT && walked != st) {
			*found = 1;
			st = FOLIO_OK;
		} else if (st == FOLIO_ERROR_CORRUPT ||
		           st == FOLIO_ERROR_BACKEND || st == FOLIO_ERROR_IO) {
			/* Damage the checker missed may still stop the walk
			 * (a block that does not inflate, one the disk cannot
			 * read). */
			fo_db_fail(db, FOLIO_ERROR_CORRUPT, "%s", err.msg);
			*found = 1;
			st = FOLIO_OK;
		}
		fo_db_xfail(db, st, &err);
	}
	if (st == FOLIO_OK && docs.bad && !*found)
		fo_db_fail(db, FOLIO_ERROR_CORRUPT,
		           "document %u has damaged data",
		           (unsigned)docs.first_bad);
	if (st == FOLIO_OK)
		*found += docs.bad;
	/* shards whose writer died between their commits, which a search
	 * takes as they are (bridge_shard.cc fo_xsettle) */
	if (st == FOLIO_OK)
		st = fo_db_xfail(
		    db, fo_xdb_torn(db->xdb, torn, sizeof torn, &err), &err);
	if (st == FOLIO_OK && torn[0]) {
		/* mended by an incremental run, not a rebuild */
		if (!*found)
			fail_advised(db, torn, FO_ADVICE_SYNC);
		keep_problem(torn, docs.list);
		n_torn = 1;
		*found += 1;
	}
	if (st == FOLIO_OK && *found)
		st = FOLIO_ERROR_CORRUPT;
	else if (st == FOLIO_ERROR_CORRUPT && !*found)
		*found = 1; /* the checker could not even open a table */
	/* A problem the checker did not list (it could not open a table,
	 * the walk of the posts stopped) is the one db's error says, its
	 * advice aside; the posts' come after it, as in db's error. */
	if (st == FOLIO_ERROR_CORRUPT && list && !list->len &&
	    *found > docs.bad + n_torn) {
		said = db->advice != FO_ADVICE_NONE &&
		               db->advice_at < db->error.len
		           ? db->advice_at
		           : db->error.len;
		fo_buf_append(list, db->error.data ? db->error.data : "", said);
		fo_buf_append(list, "", 1);
	}
	if (st == FOLIO_ERROR_CORRUPT && list)
		fo_buf_append(list, bad.data, bad.len);
	if (list && bad.oom)
		list->oom = 1;
	fo_buf_free(&bad);
	if (st == FOLIO_ERROR_CORRUPT)
		advise_rebuild(db);
	return st;
}

/* The check of a handle over a damaged generation (db->damage: its open
 * failed, FOLIO_OPEN_CHECK): the checker alone, over each database of it
 * (each shard), for every problem, not only the one that stopped the
 * open; that one when the checker names none (a shard lost). */
static folio_status check_damaged(folio_db *db, const folio_check_options *o,
                                  uint64_t *found, fo_buf *list)
{
	int isolate = (o->flags & FOLIO_CHECK_ISOLATE) != 0;
	fo_xerr err = { "" };
	folio_status st;

	*found = 0;
	st = fo_xdb_check(db->live.data, isolate, o->timeout_ms, found, &err,
	                  keep_problem, list);
	/* the first, followed by the open's advice, which read the corpus
	 * paths where they could still be read (db->xdb is a stand-in) */
	if (st == FOLIO_OK && *found) {
		fo_db_fail(db, FOLIO_ERROR_CORRUPT, "%s%s", err.msg,
		           db->damage_msg + db->damage_advice_at);
		db->advice = db->damage_advice;
		db->advice_at = strlen(err.msg);
		return FOLIO_ERROR_CORRUPT;
	}
	/* nothing is known: the checker stopped at the time limit, was
	 * killed, or a writer committed under it */
	if (st == FOLIO_ERROR_BACKEND || st == FOLIO_ERROR_NOMEM ||
	    st == FOLIO_ERROR_MODIFIED)
		return fo_db_xfail(db, st, &err);
	*found = 1;
	if (list) {
		fo_buf_clear(list);
		keep_problem(db->damage, list);
	}
	return fo_db_mend(db); /* the open's message */
}

folio_status folio_db_check(folio_db *db, const folio_check_options *opts,
                            uint64_t *problems)
{
	folio_check_options o = FOLIO_CHECK_OPTIONS_INIT;
	fo_buf list = FO_BUF_INIT;
	uint64_t found = 0;
	folio_status st;
	fo_retry r;
	const char *p;

	if (problems)
		*problems = 0;
	if (!db)
		return FOLIO_ERROR_INVALID;
	st = fo_db_refuse_nested(db, "folio_db_check");
	if (st != FOLIO_OK)
		return st;
	fo_db_begin(db);
	fo_retry_start(&r, db);
	if (opts &&
	    (opts->version < 1 || opts->version > FOLIO_CHECK_OPTIONS_VERSION))
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "folio_check_options version %u is unknown "
		                  "(this folio takes 1 to %d)",
		                  opts->version, FOLIO_CHECK_OPTIONS_VERSION);
	/* an older struct ends before what came since: none of it */
	if (opts && opts->version == 1) {
		o.flags = opts->flags;
	} else if (opts && opts->version == 2) {
		o.flags = opts->flags;
		o.timeout_ms = opts->timeout_ms;
	} else if (opts) {
		o = *opts;
	}
	/* A newer caller's flag must not be taken for nothing. */
	if (o.flags & ~(unsigned)FOLIO_CHECK_ISOLATE)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "folio_check_options has unknown flags 0x%x",
		                  o.flags & ~(unsigned)FOLIO_CHECK_ISOLATE);
	/* An in-process checker cannot be stopped: a limit it would not
	 * keep must not be taken for one. */
	if (o.timeout_ms && !(o.flags & FOLIO_CHECK_ISOLATE))
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "folio_check_options.timeout_ms needs "
		                  "FOLIO_CHECK_ISOLATE (a checker in the "
		                  "calling process cannot be stopped)");
	if (db->remote_only)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "%s holds remote shards alone, whose files "
		                  "are on their hosts: run folio check where "
		                  "each is served",
		                  db->path);
	/* A nightly run may commit, or switch generations and delete the
	 * one being checked, while the checker reads: what it then finds
	 * (or fails on) is no damage of the index, so check the newest
	 * state again, as a search reads it again (FO_READ_ATTEMPTS). */
	for (;;) {
		st = db->damage
		         ? check_damaged(db, &o, &found,
		                         o.problem ? &list : NULL)
		         : check_once(db, &o, &found, o.problem ? &list : NULL);
		if ((st == FOLIO_OK && !found) ||
		    ++r.reads >= FO_READ_ATTEMPTS ||
		    (st != FOLIO_ERROR_MODIFIED && !fo_db_switched(db)) ||
		    fo_db_gave_up(db, st))
			break;
	}
	if (list.oom)
		st = fo_db_fail(db, FOLIO_ERROR_NOMEM,
		                "out of memory listing the problems found");
	/* Given once the check has ended: a run that a commit made void
	 * (MODIFIED, run again) gives none. */
	if (problems)
		*problems = st == FOLIO_ERROR_NOMEM ? 0 : found;
	for (p = list.data;
	     st == FOLIO_ERROR_CORRUPT && p && p < list.data + list.len;
	     p += strlen(p) + 1)
		if (o.problem(p, o.payload) != 0)
			break;
	fo_buf_free(&list);
	return st;
}
