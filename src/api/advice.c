/*
 * advice.c: what folio says of an index it cannot use as it is (damaged,
 * of another format, in another language), naming the damaged table file
 * where the checker finds one, and the command that mends it: a rebuild,
 * moving the index aside, or for a replica pulling it again. Which one a
 * message ends with is recorded where it is written (fo_db_advise), never
 * read back from its text, which a path may hold too.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/db.h"

#include "api/layout.h"
#include "index/schema.h"
#include "util/pathlist.h"
#include "util/shellword.h"

#include <stdlib.h>
#include <string.h>

/* Xapian's error for damage names a block, not the file it is in: the checker,
 * which names the table file of its first finding (fo_xdb_check), says which,
 * into found. Only ever on the failure path, since it reads every table. It
 * cannot run where the index may not be written (Xapian 1.4's checker opens the
 * tables for writing), nor name what it does not find: 0 then. It runs in
 * the caller's process, as a library's failure path should (no fork): damage
 * that crashes the checker (folio.h, FOLIO_CHECK_ISOLATE) crashes it here. */
int fo_db_damaged_file(const char *gen, fo_xerr *found)
{
	uint64_t problems = 0;

	return fo_xdb_check(gen, 0, 0, &problems, found, NULL, NULL) ==
	           FOLIO_OK &&
	       problems && strncmp(found->msg, gen, strlen(gen)) == 0 &&
	       found->msg[strlen(gen)] == '/';
}

void fo_db_name_damage(folio_db *db, fo_xerr *err)
{
	fo_xerr found = { "" };

	if (fo_db_damaged_file(fo_db_open_dir(db), &found))
		*err = found;
}

/* Say that db's index is damaged and what to do, naming the table file
 * the checker finds the damage in, else in the words of what, unless
 * what is db's error and says what to do already (the failed open of a
 * generation that fo_db_refresh tried: open_failed, fo_layout_live). */
folio_status fo_db_report_damage(folio_db *db, const char *what)
{
	fo_xerr found = { "" };
	const char *dir = fo_db_open_dir(db);
	char *copy;

	fo_buf why = FO_BUF_INIT;

	if (what == folio_db_error(db) && db->advice != FO_ADVICE_NONE)
		return FOLIO_ERROR_CORRUPT;
	copy = strdup(what); /* what may be db->error, rewritten here */
	if (fo_db_damaged_file(dir, &found))
		what = found.msg;
	else if (copy)
		what = copy;
	fo_buf_printf(&why, "index %s is damaged: %s", db->path, what);
	fo_db_advise(db, NULL, &why, fo_db_damage_advice(db));
	if (why.oom)
		fo_db_fail(db, FOLIO_ERROR_CORRUPT, "out of memory");
	else
		fo_db_fail_why(db, FOLIO_ERROR_CORRUPT, &why);
	fo_buf_free(&why);
	free(copy);
	return FOLIO_ERROR_CORRUPT;
}

/* Append s to out as one shell word, quoted when it must be. */
static void shell_word(fo_buf *out, const char *s)
{
	char *word = malloc(4 * strlen(s) + 3);

	if (!word) {
		out->oom = 1;
		return;
	}
	fo_shell_quote(word, s);
	fo_buf_puts(out, word);
	free(word);
}

/* The corpus paths are those of its last run when it recorded them
 * (FO_META_CORPUS, one a line), else PATH... */
/* "folio index [--rebuild] --db DIR PATH..." of db, its corpus paths
 * read from x (NULL: db's handle), to why. */
static void index_command(folio_db *db, fo_xdb *x, int rebuild, fo_buf *why)
{
	char *corpus = NULL, *path = NULL;
	const char *p, *salvaged;

	if (!x)
		x = db->xdb;

	fo_buf_puts(why, rebuild ? "folio index --rebuild --db"
	                         : "folio index --db");
	fo_buf_putc(why, fo_shell_option_like(db->path) ? '=' : ' ');
	shell_word(why, db->path);
	if (x)
		fo_xdb_get_metadata(x, FO_META_CORPUS, &corpus, NULL);
	/* an open that failed, as a table cut short fails it, though the
	 * posting lists that record the paths may be whole */
	else if ((salvaged = fo_db_salvaged(db, FO_SALVAGE_CORPUS)) != NULL)
		corpus = strdup(salvaged);
	if (!corpus || !*corpus || !(path = malloc(strlen(corpus) + 1))) {
		fo_buf_puts(why, " PATH...");
	} else {
		for (p = corpus; fo_pathlist_next(&p, path);) {
			if (*path) {
				fo_buf_putc(why, ' ');
				shell_word(why, path);
			}
		}
	}
	free(path);
	free(corpus);
}

void fo_db_rebuild_advice(folio_db *db, fo_xdb *x, fo_buf *why)
{
	fo_buf_puts(why, "rebuild it with: ");
	index_command(db, x, 1, why);
}

const char *fo_db_open_dir(const folio_db *db)
{
	return db->live.len ? db->live.data : db->dir;
}

const char *fo_db_salvaged(folio_db *db, fo_salvage which)
{
	static const char *const keys[FO_SALVAGE_N] = { FO_META_CORPUS,
		                                        FO_META_LANGUAGE };
	const char *dir = fo_db_open_dir(db);

	/* once per directory: a long-lived reader may meet another
	 * damaged generation */
	if (!db->salvaged_from || strcmp(db->salvaged_from, dir) != 0) {
		fo_db_salvage_forget(db);
		if ((db->salvaged_from = strdup(dir)) != NULL)
			fo_xdb_salvage_metadata(dir, keys, FO_SALVAGE_N,
			                        db->salvaged, NULL);
	}
	return db->salvaged[which];
}

void fo_db_salvage_forget(folio_db *db)
{
	size_t i;

	free(db->salvaged_from);
	db->salvaged_from = NULL;
	for (i = 0; i < FO_SALVAGE_N; i++) {
		free(db->salvaged[i]);
		db->salvaged[i] = NULL;
	}
}

fo_advice fo_db_damage_advice(const folio_db *db)
{
	/* a bare glass database has no generations to switch */
	return db->live.len ? FO_ADVICE_REBUILD : FO_ADVICE_ASIDE;
}

/* The command that pulls replica db again, as the README gives it:
 * the whole directory, or (kind 2, a sharded replica) shard K of it. */
static void pull_command(const folio_db *db, int kind, fo_buf *why)
{
	fo_buf_printf(why, "xapian-replicate -h HOST -p PORT -m INDEX/live%s ",
	              kind == 2 ? "/shard-K" : "");
	shell_word(why, db->path);
	if (kind == 2)
		fo_buf_puts(why, "/shards/shard-K");
}

/* What mends a damaged replica (xapian-replicate pulls into a directory
 * of its own; a damaged copy in it stops the pull: "DatabaseError: EOF
 * reading block 6", with -f too). */
static void replica_advice(const folio_db *db, int kind, fo_buf *why)
{
	if (kind == 2)
		fo_buf_puts(why, "it is a sharded replica: move the damaged "
		                 "shard aside and pull it again with: ");
	else
		fo_buf_puts(why, "it is a replica: move it aside and pull it "
		                 "again with: ");
	pull_command(db, kind, why);
}

/* A replica changes only by its pulls: xapian-replicate applies the
 * master's changesets to the revision it holds, known by its number. A
 * commit of ours makes that number another revision's: where the master
 * has committed as often, the next pull takes it for the master's and
 * pulls nothing ("no changes to live database"), so the replica keeps
 * our post and never gets the master's (T155). */
folio_status fo_db_refuse_replica(folio_db *db, int kind, fo_buf *why)
{
	fo_buf_clear(why);
	fo_buf_printf(why,
	              "index %s is a %sreplica, which xapian-replicate keeps "
	              "in step with its master: folio does not write to it "
	              "(a change there would put it out of step, and pulls "
	              "could then miss the master's changes); index the "
	              "master, then pull %s again with: ",
	              db->path, kind == 2 ? "sharded " : "",
	              kind == 2 ? "each shard" : "it");
	pull_command(db, kind, why);
	return why->oom ? FOLIO_ERROR_NOMEM : FOLIO_ERROR_INVALID;
}

void fo_db_advise(folio_db *db, fo_xdb *x, fo_buf *why, fo_advice want)
{
	int replica = db->remote_only ? 0 : fo_layout_replica(db->dir);

	db->advice_at = why->len;
	fo_buf_puts(why, "; ");
	if (replica) {
		replica_advice(db, replica, why);
		want = FO_ADVICE_REPLICA;
	} else if (want == FO_ADVICE_REBUILD) {
		fo_db_rebuild_advice(db, x, why);
	} else if (want == FO_ADVICE_SYNC) {
		fo_buf_puts(why, "index it again with: ");
		index_command(db, x, 0, why);
	} else {
		fo_buf_puts(why, "move the index aside and index again");
		want = FO_ADVICE_ASIDE;
	}
	db->advice = want;
}

/* Why an index of another format cannot be used, and the command that
 * rebuilds it; a replica's user has no corpus to rebuild it from, and
 * xapian-replicate would undo the rebuild, so it is pulled again from a
 * master of this format. Remote shards are checked as they are attached
 * (remote.c). */
void fo_db_explain_format(folio_db *db, const char *format, fo_buf *why)
{
	int replica;

	if (*format)
		fo_buf_printf(why,
		              "index %s has format \"%s\", which this folio "
		              "(format %s) cannot use",
		              db->path, format, FO_FORMAT_VERSION);
	else
		fo_buf_printf(why,
		              "index %s records no format, so this folio "
		              "(format %s) cannot use it",
		              db->path, FO_FORMAT_VERSION);
	fo_buf_puts(why, ": ");
	replica = db->remote_only ? 0 : fo_layout_replica(db->dir);
	if (replica) {
		fo_buf_printf(why,
		              "it is a %sreplica: pull %s again from a master "
		              "of format %s (one rebuilt by this folio: folio "
		              "index --rebuild there) with: ",
		              replica == 2 ? "sharded " : "",
		              replica == 2 ? "each shard" : "it",
		              FO_FORMAT_VERSION);
		pull_command(db, replica, why);
	} else {
		fo_db_rebuild_advice(db, NULL, why);
	}
}

folio_status fo_db_refuse_format(folio_db *db)
{
	fo_buf why = FO_BUF_INIT;

	fo_db_explain_format(db, db->format, &why);
	if (why.oom)
		fo_db_fail(db, FOLIO_ERROR_NOMEM, "out of memory");
	else
		fo_db_fail(db, FOLIO_ERROR_VERSION, "%s", why.data);
	fo_buf_free(&why);
	return FOLIO_ERROR_VERSION;
}

folio_status fo_db_refuse_language(folio_db *db)
{
	if (db->unknown_language)
		return fo_db_fail(db, FOLIO_ERROR_VERSION,
		                  "index %s has stemming language \"%s\", "
		                  "which this folio does not know: only a "
		                  "rebuild can change it (folio index "
		                  "--rebuild)",
		                  db->path, db->unknown_language);
	/* An older analyzer revision of the same language: incremental
	 * runs keep to it (db.c revision_rebuild). */
	if (!db->rebuild_an ||
	    strcmp(fo_analyzer_language(db->an),
	           fo_analyzer_language(db->rebuild_an)) == 0)
		return FOLIO_OK;
	if (!db->live.len)
		return fo_db_fail(
		    db, FOLIO_ERROR_INVALID,
		    "index %s has stemming language \"%s\", not "
		    "\"%s\", and is a bare Xapian database, which "
		    "cannot be rebuilt in place: index into a new "
		    "directory",
		    db->path, fo_analyzer_language(db->an),
		    fo_analyzer_language(db->rebuild_an));
	return fo_db_fail(db, FOLIO_ERROR_INVALID,
	                  "index %s has stemming language \"%s\", not \"%s\": "
	                  "a new language needs a rebuild (folio index "
	                  "--rebuild)",
	                  db->path, fo_analyzer_language(db->an),
	                  fo_analyzer_language(db->rebuild_an));
}
