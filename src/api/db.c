/*
 * db.c: the folio_db handle: opening and closing an index, and keeping a
 * reader current (fo_db_refresh: following a rebuild's switch to another
 * generation, reconnecting remote shards, telling a read that a commit overtook
 * from damage). A call's error text and its waits are call.c's; what the
 * handle says of an index it cannot use, advice.c's. A new index is created as
 * generation gen-1 behind a stub (layout.h); the analyzer's language is stored
 * in the index's metadata at creation and read back on every open, so queries
 * are always analysed the way the posts were.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/db.h"

#include "api/layout.h"
#include "api/lock.h"
#include "analyzer/stem.h"
#include "index/indexer.h"
#include "index/schema.h"
#include "util/errstr.h"
#include "util/pathlist.h"
#include "util/shellword.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The index's format, language and analyzer revision, as one read: read
 * one by one, they were checks for a commit that overtook a read, each of
 * which reads Xapian's version file again (bridge_reader.cc). The
 * revision is 1 where none is recorded (schema.h FO_META_ANALYZER); one
 * past this folio's is taken for this folio's, the nearest it knows. */
static folio_status read_format(folio_db *db, char **format, char **language,
                                unsigned *revision, fo_xerr *err)
{
	static const char *const keys[] = { FO_META_FORMAT, FO_META_LANGUAGE,
		                            FO_META_ANALYZER };
	char *out[3];
	folio_status st = fo_xdb_get_metadata_n(db->xdb, 3, keys, out, err);
	unsigned long r;

	*format = out[0];
	*language = out[1];
	r = st == FOLIO_OK ? strtoul(out[2], NULL, 10) : 0;
	*revision = r < 1                      ? 1
	            : r > FO_ANALYZER_REVISION ? FO_ANALYZER_REVISION
	                                       : (unsigned)r;
	free(out[2]);
	return st;
}

/* For a writer of an index built with an older analyzer revision (an):
 * the analyzer of its next full build, which analyses afresh the posts
 * it carries over too (build.c carry_one), as every revision since 2
 * changes some tokens of every language (revision 3: C++20). The index
 * keeps its revision until then, its queries and incremental runs
 * analysed as its posts were: a French index built before revision 2
 * holds "l'index", which a query "l'index" must still find. */
static folio_status revision_rebuild(folio_db *db)
{
	if (fo_analyzer_revision(db->an) == FO_ANALYZER_REVISION)
		return FOLIO_OK;
	return fo_analyzer_new(fo_analyzer_language(db->an), &db->rebuild_an);
}

/* Why language is refused, note saying more ("" for nothing), and the
 * names that are taken, since nothing else lists them (folio.h,
 * folio_language_name). */
static void unknown_language(fo_buf *why, const char *language,
                             const char *note)
{
	const char *name;
	size_t i;

	fo_buf_printf(why,
	              "unknown stemming language \"%s\"%s; the languages "
	              "are",
	              language, note);
	for (i = 0; (name = folio_language_name(i)) != NULL; i++)
		fo_buf_printf(why, "%s %s", i ? "," : "", name);
}

/* Why the language the index records (a newer libstemmer's, say) is
 * refused, for an open and for a reader following a switch alike: the
 * index, the names taken, and the rebuild that mends it. The status is
 * FOLIO_ERROR_VERSION, not the caller's INVALID: the index, not the
 * call, is what a rebuild must change (folio.h). */
static folio_status recorded_unknown(folio_db *db, const char *language,
                                     fo_buf *why)
{
	fo_buf_printf(why, "index %s has ", db->path);
	unknown_language(why, language, "");
	fo_db_advise(db, NULL, why, FO_ADVICE_REBUILD);
	if (db->advice == FO_ADVICE_REBUILD)
		fo_buf_puts(why, " --language NAME");
	return FOLIO_ERROR_VERSION;
}

/* Check the index's format and load its language. A writer may open an
 * index of another format, for a rebuild only (db->format, upgrade.c):
 * it will be built in the language asked for (want, NULL when the caller
 * named none), else in the one the index recorded, else in english. A
 * writer naming another language for an index of this format gets it at
 * its next full build (db->rebuild_an). */
static folio_status check_meta(folio_db *db, const char *want, fo_buf *why)
{
	char *format = NULL, *language = NULL;
	fo_xerr err = { "" };
	uint64_t docs = 0;
	unsigned revision = 1;
	folio_status st;

	st = read_format(db, &format, &language, &revision, &err);
	if (st == FOLIO_OK)
		st = fo_xdb_doccount(db->xdb, &docs, &err);
	/* Damage to the leaf of the posting lists that holds the metadata
	 * reads as an index with posts that records no format: on that
	 * path alone, the checker tells it from an index of another kind. */
	if (st == FOLIO_OK && !*format && docs > 0 &&
	    fo_db_damaged_file(fo_db_open_dir(db), &err))
		st = FOLIO_ERROR_CORRUPT;
	if (st != FOLIO_OK) {
		fo_buf_puts(why, err.msg);
		goto done;
	}
	if (!*format && db->writable && docs == 0) {
		/* A new index: record what it is. */
		if (!want)
			want = "english";
		st = fo_xdb_set_metadata(db->xdb, FO_META_FORMAT,
		                         FO_FORMAT_VERSION, &err);
		if (st == FOLIO_OK)
			st = fo_xdb_set_metadata(db->xdb, FO_META_LANGUAGE, want,
			                         &err);
		if (st == FOLIO_OK)
			st = fo_xdb_set_metadata(db->xdb, FO_META_ANALYZER,
			                         FO_ANALYZER_REVISION_TEXT,
			                         &err);
		revision = FO_ANALYZER_REVISION;
		if (st != FOLIO_OK)
			fo_buf_puts(why, err.msg);
		free(language);
		language = strdup(want);
		if (st == FOLIO_OK && !language)
			st = FOLIO_ERROR_NOMEM;
	} else if (strcmp(format, FO_FORMAT_VERSION) != 0 && !db->writable) {
		fo_db_explain_format(db, format, why);
		st = FOLIO_ERROR_VERSION;
	} else if (strcmp(format, FO_FORMAT_VERSION) != 0) {
		/* Its rebuild keeps the language it recorded unless the
		 * caller names another. */
		if (want || !*language) {
			free(language);
			language = strdup(want ? want : "english");
		}
		db->format = format;
		format = NULL;
		if (!language)
			st = FOLIO_ERROR_NOMEM;
	}
	if (st == FOLIO_OK) {
		st = fo_analyzer_new(language, &db->an);
		/* Only a rebuild in a language this folio knows can mend
		 * it: a writer naming one may try. */
		if (st == FOLIO_ERROR_INVALID && db->writable && want &&
		    !db->format && fo_analyzer_new(want, &db->an) == FOLIO_OK) {
			free(db->unknown_language);
			db->unknown_language = language;
			language = NULL;
			st = FOLIO_OK;
		}
		if (st == FOLIO_ERROR_INVALID && db->format)
			unknown_language(why, language,
			                 " (recorded by an index of another "
			                 "format): name one for its rebuild");
		else if (st == FOLIO_ERROR_INVALID)
			st = recorded_unknown(db, language, why);
		/* (one of another format is only ever rebuilt) */
		if (st == FOLIO_OK && !db->format)
			fo_analyzer_set_revision(db->an, revision);
	}
	/* A writer asking for another language gets it at its next full
	 * build, which makes the index afresh (build.c). */
	if (st == FOLIO_OK && db->writable && want && !db->format) {
		st = fo_analyzer_new(want, &db->rebuild_an);
		if (st == FOLIO_ERROR_INVALID)
			unknown_language(why, want, "");
		if (st == FOLIO_OK && !db->unknown_language &&
		    strcmp(fo_analyzer_language(db->rebuild_an),
		           fo_analyzer_language(db->an)) == 0) {
			fo_analyzer_free(db->rebuild_an);
			db->rebuild_an = NULL;
		}
	}
	if (st == FOLIO_OK && db->writable && !db->format && !db->rebuild_an)
		st = revision_rebuild(db);
done:
	free(format);
	free(language);
	return st;
}

/* Why the database at gen (the generation the stub names, or path
 * itself for a bare database) could not be opened. Damage that no writer
 * can repair either says what to do: a stub naming nothing, a sharded
 * generation that lost a shard (Xapian cannot find a part it lists), a
 * table cut short or a block that is not one (named by its file). lost:
 * msg is fo_xdb_lost's, which names the lost table file already. */
static folio_status open_failed(folio_db *db, fo_xdb *x, const char *gen,
                                folio_status st, const char *msg, int lost,
                                fo_buf *why)
{
	fo_xerr found = { "" };
	struct stat sb;

	fo_buf_clear(why);
	db->advice = FO_ADVICE_NONE;
	if (st == FOLIO_ERROR_CORRUPT && lost)
		fo_buf_printf(why, "index %s is damaged: %s", db->path, msg);
	else if (st == FOLIO_ERROR_CORRUPT && fo_db_damaged_file(gen, &found))
		fo_buf_printf(why, "index %s is damaged: %s", db->path,
		              found.msg);
	else if (st == FOLIO_ERROR_NOT_FOUND && strcmp(gen, db->dir) != 0) {
		/* a writer cannot open a table whose file is lost, where a
		 * reader takes it for an empty one (fo_xdb_lost) */
		if (stat(gen, &sb) == 0 &&
		    fo_xdb_lost(gen, &found) == FOLIO_ERROR_CORRUPT)
			fo_buf_printf(why, "index %s is damaged: %s", db->path,
			              found.msg);
		else if (stat(gen, &sb) != 0)
			fo_buf_printf(why, "index %s is damaged: its stub names "
			              "%s, which does not exist", db->path, gen);
		else
			fo_buf_printf(why, "index %s is damaged: a part of %s "
			              "is missing (%s)", db->path, gen, msg);
		st = FOLIO_ERROR_CORRUPT;
	} else if (st == FOLIO_ERROR_IO &&
	           fo_xdb_odd_file(gen, &found) == FOLIO_ERROR_IO) {
		fo_buf_printf(why, "cannot open index %s: %s (%s)", db->path,
		              found.msg, msg);
	} else if (db->writable && stat(gen, &sb) == 0 &&
	           access(gen, W_OK) != 0 && errno == EACCES) {
		/* A rebuild run once by another user (root from cron) leaves
		 * a generation this one cannot write: Xapian's words ("Couldn't
		 * open lockfile: Permission denied") named neither. */
		fo_buf_printf(
		    why,
		    "cannot open index %s: %s (%s belongs to uid %lu, "
		    "and this user may not write it: index as that "
		    "user, or give the index to this one with chown "
		    "-R)",
		    db->path, msg, gen, (unsigned long)sb.st_uid);
	} else {
		fo_buf_printf(why, "cannot open index %s: %s", db->path, msg);
	}
	/* A rebuild replaces a damaged generation; one the stub names in
	 * vain, it cannot tell from the debris the writer deletes around
	 * it (open_writer), which may be what the stub should name; a bare
	 * glass database has no generations to switch. */
	if (st == FOLIO_ERROR_CORRUPT)
		fo_db_advise(db, x, why,
		             stat(gen, &sb) != 0 || strcmp(gen, db->dir) == 0
		                 ? FO_ADVICE_ASIDE
		                 : FO_ADVICE_REBUILD);
	return st;
}

/* The live generation of db's index into out, as fo_layout_live, with
 * what mends a stub that names none. */
static folio_status live_gen(folio_db *db, fo_buf *out, fo_buf *why)
{
	folio_status st = fo_layout_live(db->dir, out, why);

	if (st == FOLIO_ERROR_CORRUPT)
		fo_db_advise(db, NULL, why, FO_ADVICE_ASIDE);
	return st;
}

/* Exchange db's live generation name with gen (no allocation). */
static void swap_live(folio_db *db, fo_buf *gen)
{
	fo_buf t = db->live;

	db->live = *gen;
	*gen = t;
}

/* Readers: open the generation the stub names. A rebuild may switch the
 * stub and delete the old generation between our reading the stub and
 * opening what it named: then the stub has changed, and we try again.
 * So do we when a writer's commits discarded the revision being opened
 * (FOLIO_ERROR_MODIFIED, Xapian's DatabaseModifiedError, whose remedy is
 * to reopen): an incremental run commits while searches open. */
static folio_status open_reader(folio_db *db, fo_buf *why)
{
	fo_buf gen = FO_BUF_INIT, again = FO_BUF_INIT;
	fo_xdb *x = NULL, *old;
	fo_xerr err = { "" };
	folio_status st = FOLIO_OK;
	int attempt, stuck, lost;

	for (attempt = 0; attempt < FO_READ_ATTEMPTS; attempt++) {
		fo_buf_clear(why);
		db->advice = FO_ADVICE_NONE;
		st = live_gen(db, &gen, why);
		if (st != FOLIO_OK)
			break;
		st = fo_xdb_open_until(gen.data, FO_XDB_WHOLE, db->deadline, &x,
		                       &err);
		lost = st == FOLIO_OK;
		if (st == FOLIO_OK)
			st = fo_xdb_lost(gen.data, &err);
		if (st == FOLIO_OK)
			break;
		fo_buf_printf(why, "cannot open index %s: %s", db->path, err.msg);
		stuck = live_gen(db, &again, why) != FOLIO_OK;
		if (!stuck && strcmp(again.data, gen.data) == 0 &&
		    st != FOLIO_ERROR_MODIFIED) {
			/* x, open when a table is lost, names the corpus */
			st = open_failed(db, x, gen.data, st, err.msg, lost,
			                 why);
			stuck = 1;
		}
		fo_xdb_close(x, NULL);
		x = NULL;
		if (!stuck && st == FOLIO_ERROR_MODIFIED &&
		    fo_db_waited_out(db, why))
			stuck = 1;
		if (stuck)
			break;
	}
	if (st == FOLIO_OK) {
		/* the live generation's name and the database, both kept
		 * until the remotes are attached */
		swap_live(db, &gen);
		old = db->xdb;
		db->xdb = x;
		st = fo_remotes_attach(db, why);
		/* Refused, the local generation alone must not take the
		 * place of the handle's database: its next search, as if
		 * no shard were missing, would find the local posts alone
		 * and say FOLIO_OK. The old database fails again (a remote
		 * that stopped answering), or the stub still differs from
		 * it: either opens again, and is refused until the shard
		 * is back. (An open, which has none, reads what failed
		 * from the new one, and fails.) */
		if (st != FOLIO_OK && old) {
			swap_live(db, &gen);
			db->xdb = old;
			old = x;
		}
		fo_xdb_close(old, NULL);
	}
	fo_buf_free(&gen);
	fo_buf_free(&again);
	return st;
}

/* A new index's missing parent directories, as mkdir -p and git init
 * make them: --db ~/.cache/folio/index should not need a mkdir first.
 * An existing one answers EEXIST, even where it is not writable. */
static folio_status make_parents(const char *dir, fo_buf *why)
{
	fo_buf p = FO_BUF_INIT;
	folio_status st = FOLIO_OK;
	size_t i;

	fo_buf_puts(&p, dir);
	if (p.oom)
		st = FOLIO_ERROR_NOMEM;
	for (i = 1; st == FOLIO_OK && i < p.len; i++) {
		if (p.data[i] != '/' || p.data[i - 1] == '/')
			continue;
		p.data[i] = '\0';
		if (mkdir(p.data, 0777) != 0 && errno != EEXIST) {
			fo_buf_printf(why, "cannot create %s: %s", p.data,
			              fo_strerror(errno));
			st = FOLIO_ERROR_IO;
		}
		p.data[i] = '/';
	}
	fo_buf_free(&p);
	return st;
}

/* Whether dir's stub names something other than a generation (a
 * sharded generation's stub names its shards), that name into name. */
static int names_no_generation(const char *dir, fo_layout_kind kind,
                               fo_buf *name)
{
	fo_buf ignored = FO_BUF_INIT;
	int named = kind == FO_LAYOUT_STUB &&
	            fo_layout_live_name(dir, name, &ignored) == FOLIO_OK;

	fo_buf_free(&ignored);
	return named && !fo_layout_gen_number(name->data);
}

/* A writer writes a whole index, never one of its parts: a post written
 * into a generation, a shard or a replica's database directly is in no
 * other shard's reckoning (shards route posts by URL: it came back as a
 * second copy) and outside the generations, so a search of the index
 * found it twice and folio check called the index sound; and an index
 * made in a directory that the enclosing index's writers take for their
 * debris (gen-N, build-<pid>) was deleted by the next of them, as was
 * one made inside a generation, retired by the next rebuild. A bare
 * glass database of its own (a copy) is still written, as before; so
 * is an index, wherever it is, whose stub names a generation.
 *
 * Whether dir is such a part, and of which index (into index). */
static int is_part(const char *dir, fo_buf *index)
{
	fo_buf name = FO_BUF_INIT;
	fo_layout_kind kind = fo_layout_probe(dir);
	int other = names_no_generation(dir, kind, &name), debris;

	fo_buf_free(&name);
	return fo_layout_enclosing(dir, index, &debris) &&
	       (debris || kind == FO_LAYOUT_GLASS || other);
}

/* Refuse db's directory when it, or a directory it is in, is a part of
 * an index (is_part). */
static folio_status refuse_part(folio_db *db, fo_buf *why)
{
	fo_buf name = FO_BUF_INIT, index = FO_BUF_INIT, dir = FO_BUF_INIT;
	folio_status st = FOLIO_OK;
	char *slash;
	int part = 0, top = 1;

	fo_layout_resolve(db->dir, &dir);
	while (dir.len && !(part = is_part(dir.data, &index))) {
		slash = strrchr(dir.data, '/');
		if (!slash || dir.len == 1)
			break;
		dir.len = slash == dir.data ? 1 : (size_t)(slash - dir.data);
		dir.data[dir.len] = '\0';
		top = 0;
	}
	if (part && top) {
		fo_buf_printf(why,
		              "%s is a part of the index %s (a generation, a "
		              "shard or a replica's database, or where its "
		              "writers build), which folio writes only as a "
		              "whole: index %s",
		              db->path, index.data, index.data);
		st = FOLIO_ERROR_INVALID;
	} else if (part) {
		fo_buf_printf(why,
		              "%s is inside %s, a part of the index %s (a "
		              "generation, a shard or a replica's database, or "
		              "where its writers build), which its writers "
		              "delete: make the index elsewhere",
		              db->path, dir.data, index.data);
		st = FOLIO_ERROR_INVALID;
	} else if (names_no_generation(db->dir, fo_layout_probe(db->dir),
	                               &name)) {
		fo_buf_printf(why,
		              "%s is not a folio index: its stub names %s, "
		              "not a generation of one",
		              db->path, name.data);
		st = FOLIO_ERROR_NOT_FOUND;
	}
	fo_buf_free(&name);
	fo_buf_free(&index);
	fo_buf_free(&dir);
	return st;
}

/* "PATH is not a folio index", and where PATH holds nothing but an
 * index's generations, how to give back the stub that names the live
 * one (lost to an rm, or to a copy that skipped it): without it the
 * index is whole but no command may touch it, as it could be anyone's. */
static void not_an_index(const folio_db *db, fo_buf *why)
{
	fo_buf line = FO_BUF_INIT;

	fo_buf_printf(why, "%s is not a folio index", db->path);
	if (fo_layout_lost_stub(db->dir, &line))
		fo_buf_printf(why,
		              ": it holds %s but no %s naming it; if that "
		              "file was lost, echo '%s' >%s/%s gives it back",
		              strchr(line.data, ' ') + 1, FO_STUB_NAME,
		              line.data, db->path, FO_STUB_NAME);
	fo_buf_free(&line);
}

/* An index directory holding a gen-1 but no stub (fo_layout_probe takes
 * it for empty): the debris of a creation killed before its first stub,
 * which a creation deletes, unless gen-1 holds posts. Then it is an
 * index that lost its stub, told as one that lost it beside a later
 * generation is (not_an_index): FOLIO_ERROR_NOT_FOUND. */
static folio_status check_orphan(folio_db *db, fo_buf *why)
{
	fo_buf gen = FO_BUF_INIT;
	fo_xdb *x = NULL;
	uint64_t docs = 0;
	struct stat sb;
	folio_status st = FOLIO_OK;

	fo_buf_printf(&gen, "%s/gen-1", db->dir);
	if (gen.oom)
		st = FOLIO_ERROR_NOMEM;
	else if (stat(gen.data, &sb) == 0 &&
	         fo_xdb_open(gen.data, FO_XDB_READ, &x, NULL) == FOLIO_OK &&
	         fo_xdb_doccount(x, &docs, NULL) == FOLIO_OK && docs > 0) {
		not_an_index(db, why);
		st = FOLIO_ERROR_NOT_FOUND;
	}
	fo_xdb_close(x, NULL);
	fo_buf_free(&gen);
	return st;
}

/* Writers: take the write lock, then open the live generation, creating
 * the index when asked to, and clear away the debris of interrupted runs
 * (layout.h): with the lock held, nothing else can be using it. */
static folio_status open_writer(folio_db *db, unsigned flags, fo_buf *why)
{
	fo_buf name = FO_BUF_INIT, gen = FO_BUF_INIT;
	unsigned xflags = FO_XDB_WRITE;
	fo_layout_kind kind;
	fo_xerr err = { "" };
	folio_status st;
	int create = 0, lost;

	if ((st = refuse_part(db, why)) != FOLIO_OK)
		return st;
	if ((flags & FOLIO_OPEN_CREATE) &&
	    (st = make_parents(db->dir, why)) != FOLIO_OK)
		return st;
	if (mkdir(db->dir, 0777) != 0 && errno != EEXIST) {
		fo_buf_printf(why, "cannot create %s: %s", db->path,
		              fo_strerror(errno));
		return FOLIO_ERROR_IO;
	}
	st = fo_lock_take(db->dir, db->path, (flags & FOLIO_OPEN_WAIT) != 0,
	                  &db->lock_fd, why);
	if (st != FOLIO_OK)
		goto done;
	/* Look again: the index may have changed while we waited. */
	kind = fo_layout_probe(db->dir);
	if (kind == FO_LAYOUT_EMPTY || kind == FO_LAYOUT_MISSING) {
		st = kind == FO_LAYOUT_EMPTY ? check_orphan(db, why) : FOLIO_OK;
		if (st == FOLIO_OK && !(flags & FOLIO_OPEN_CREATE)) {
			fo_buf_printf(why, "no index at %s", db->path);
			st = FOLIO_ERROR_NOT_FOUND;
		}
		if (st != FOLIO_OK)
			goto done;
		create = 1;
		fo_buf_puts(&name, "gen-1");
	} else if (kind == FO_LAYOUT_STUB) {
		st = fo_layout_live_name(db->dir, &name, why);
		if (st == FOLIO_ERROR_CORRUPT)
			fo_db_advise(db, NULL, why, FO_ADVICE_ASIDE);
	} else if (kind != FO_LAYOUT_GLASS) {
		not_an_index(db, why);
		st = FOLIO_ERROR_NOT_FOUND;
		goto done;
	}
	if (st == FOLIO_OK && name.oom)
		st = FOLIO_ERROR_NOMEM;
	/* Never clean up around a stub that names nothing: what it should
	 * name may be among the "debris". */
	if (st == FOLIO_OK && kind == FO_LAYOUT_STUB) {
		struct stat sb;
		fo_buf_printf(&gen, "%s/%s", db->dir, name.data);
		if (!gen.oom && stat(gen.data, &sb) != 0) {
			fo_buf_printf(why,
			              "index %s is damaged: its stub names "
			              "%s, which does not exist",
			              db->path, gen.data);
			fo_db_advise(db, NULL, why, FO_ADVICE_ASIDE);
			st = FOLIO_ERROR_CORRUPT;
		}
		fo_buf_clear(&gen);
	}
	/* A run killed between the stub's rename and the link's left the
	 * link naming the old generation, which the cleaning deletes. */
	if (st == FOLIO_OK && kind == FO_LAYOUT_STUB)
		fo_layout_point_live(db->dir, name.data);
	/* A new index starts from nothing: even a gen-1 left by a creation
	 * killed halfway goes. */
	if (st == FOLIO_OK && kind != FO_LAYOUT_GLASS &&
	    fo_layout_clean(db->dir, create ? NULL : name.data, why) < 0)
		st = FOLIO_ERROR_IO;
	if (st != FOLIO_OK)
		goto done;
	if (kind == FO_LAYOUT_GLASS)
		fo_buf_puts(&gen, db->dir);
	else
		fo_buf_printf(&gen, "%s/%s", db->dir, name.data);
	if (flags & FOLIO_OPEN_WAIT)
		xflags |= FO_XDB_WAIT;
	/* Only a new index is created: a generation that lost a shard
	 * must not get an empty one in its place. */
	if (create)
		xflags |= FO_XDB_CREATE;
	st = gen.oom ? FOLIO_ERROR_NOMEM : fo_xdb_open(gen.data, xflags,
	                                               &db->xdb, &err);
	lost = st == FOLIO_OK && !create && kind != FO_LAYOUT_GLASS;
	if (lost)
		st = fo_xdb_lost(gen.data, &err);
	/* Damaged, it is still the live generation: a rebuild replaces it
	 * (folio_db_open, open_damaged). */
	if (kind != FO_LAYOUT_GLASS)
		fo_buf_puts(&db->live, gen.data);
	if (st != FOLIO_OK) {
		st = open_failed(db, NULL, gen.data, st, err.msg, lost, why);
		goto done;
	}
	if (create)
		st = fo_layout_switch(db->dir, "gen-1", NULL, why);
done:
	fo_buf_free(&name);
	fo_buf_free(&gen);
	return st;
}

/* A writer's open found the live generation damaged (why says so): open
 * the handle for a rebuild alone, over an empty stand-in for the
 * generation (db->damage). The rebuild is made in the language asked
 * for (want), else in the one the generation recorded if that can still
 * be read, else in english (db->language_lost). */
static folio_status open_damaged(folio_db *db, const char *want, fo_buf *why)
{
	fo_buf head = FO_BUF_INIT;
	fo_xerr found = { "" }, err = { "" };
	char *language = NULL;
	const char *what = why->data ? why->data : "", *cut, *salvaged;
	folio_status st;

	/* A reader may open what a writer cannot (a lost table), for the
	 * language and corpus paths it recorded. */
	if (!db->xdb)
		fo_xdb_open(db->live.data, FO_XDB_READ, &db->xdb, NULL);
	fo_buf_printf(&head, "index %s is damaged: ", db->path);
	if (!head.oom && strncmp(what, head.data, head.len) == 0) {
		/* without the advice it ends with (fo_db_advise) */
		cut = db->advice != FO_ADVICE_NONE &&
		              db->advice_at >= head.len &&
		              db->advice_at < strlen(what)
		          ? what + db->advice_at
		          : what + strlen(what);
		what += head.len;
		db->damage = strndup(what, (size_t)(cut - what));
	} else {
		db->damage =
		    strdup(fo_db_damaged_file(db->live.data, &found) ? found.msg
		                                                     : what);
	}
	fo_buf_clear(&head);
	if (db->damage) {
		fo_buf_printf(&head, "index %s is damaged: %s", db->path,
		              db->damage);
		fo_db_advise(db, NULL, &head, FO_ADVICE_REBUILD);
		db->damage_advice = db->advice;
		db->damage_advice_at = db->advice_at;
		db->damage_msg = head.oom ? NULL : fo_buf_detach(&head);
	}
	fo_buf_free(&head);
	if (!db->damage || !db->damage_msg)
		return FOLIO_ERROR_NOMEM;
	if (!want && db->xdb)
		fo_xdb_get_metadata(db->xdb, FO_META_LANGUAGE, &language, NULL);
	/* A table cut short fails even a reader's open, though the
	 * language lives in the posting-list table, which may be whole:
	 * read with the corpus paths the advice above read. */
	else if (!want &&
	         (salvaged = fo_db_salvaged(db, FO_SALVAGE_LANGUAGE)) != NULL)
		language = strdup(salvaged);
	if (language && *language &&
	    fo_analyzer_new(language, &db->rebuild_an) == FOLIO_OK)
		want = language;
	fo_analyzer_free(db->rebuild_an);
	db->rebuild_an = NULL;
	db->language_lost = !want;
	fo_analyzer_free(db->an);
	db->an = NULL;
	fo_buf_clear(why);
	st = fo_analyzer_new(want ? want : "english", &db->an);
	if (st == FOLIO_ERROR_INVALID)
		unknown_language(why, want, "");
	free(language);
	fo_xdb_close(db->xdb, NULL);
	db->xdb = NULL;
	if (st == FOLIO_OK)
		st = fo_xdb_new_empty(&db->xdb, &err);
	if (st != FOLIO_OK && !why->len)
		fo_buf_puts(why, err.msg);
	return st;
}

folio_status fo_db_damaged(folio_db *db)
{
	fo_buf why = FO_BUF_INIT;
	/* the rebuild's language, read at the open or asked for; a copy,
	 * as open_damaged replaces the analyzers */
	char *language = strdup(
	    fo_analyzer_language(db->rebuild_an ? db->rebuild_an : db->an));
	folio_status st;

	fo_buf_puts(&why, folio_db_error(db));
	if (why.oom || !language) {
		free(language);
		fo_buf_free(&why);
		return FOLIO_ERROR_NOMEM;
	}
	st = open_damaged(db, language, &why);
	db->language_lost = 0;
	free(language);
	fo_buf_free(&why);
	fo_buf_clear(&db->error);
	return st;
}

/* Open (or create) the Xapian database behind path. */
static folio_status open_xdb(folio_db *db, unsigned flags, fo_buf *why)
{
	fo_layout_kind kind;
	fo_xerr err = { "" };
	folio_status st = FOLIO_OK;

	if (db->remote_only) {
		st = fo_xdb_new_empty(&db->xdb, &err);
		if (st != FOLIO_OK)
			fo_buf_puts(why, err.msg);
		return st == FOLIO_OK ? fo_remotes_attach(db, why) : st;
	}
	kind = fo_layout_probe(db->dir);
	if (kind == FO_LAYOUT_OTHER) {
		not_an_index(db, why);
		return FOLIO_ERROR_NOT_FOUND;
	}
	if ((kind == FO_LAYOUT_MISSING || kind == FO_LAYOUT_EMPTY) &&
	    !((flags & FOLIO_OPEN_CREATE) && (flags & FOLIO_OPEN_WRITE))) {
		st = kind == FO_LAYOUT_EMPTY ? check_orphan(db, why) : FOLIO_OK;
		if (st == FOLIO_OK)
			fo_buf_printf(why, "no index at %s", db->path);
		return st == FOLIO_OK ? FOLIO_ERROR_NOT_FOUND : st;
	}
	if (flags & FOLIO_OPEN_WRITE)
		return open_writer(db, flags, why);
	if (kind == FO_LAYOUT_STUB)
		return open_reader(db, why);
	st = fo_xdb_open(db->dir, FO_XDB_READ, &db->xdb, &err);
	if (st != FOLIO_OK)
		st = open_failed(db, NULL, db->dir, st, err.msg, 0, why);
	return st == FOLIO_OK ? fo_remotes_attach(db, why) : st;
}

/* A remote shard stopped answering: open everything afresh, which skips
 * it (allow_partial) or names it. */
static folio_status reconnect(folio_db *db, fo_buf *why)
{
	fo_xdb *old = db->xdb;
	folio_status st;

	fo_buf_clear(why);
	if (db->live.len)
		return open_reader(db, why);
	db->xdb = NULL;
	st = open_xdb(db, FOLIO_OPEN_READ, why);
	if (st == FOLIO_OK) {
		/* the call at work's waits end where they would have */
		fo_xdb_set_deadline(db->xdb, db->deadline);
		fo_xdb_close(old, NULL);
	} else {
		fo_xdb_close(db->xdb, NULL);
		db->xdb = old;
	}
	return st;
}

folio_status fo_db_find_url(folio_db *db, const char *url, fo_buf *term,
                            uint32_t *docid)
{
	fo_xerr err = { "" };
	folio_status st;
	int folded;

	*docid = 0;
	fo_url_term(url, term);
	if (term->oom)
		return fo_db_fail(db, FOLIO_ERROR_NOMEM, "out of memory");
	st = fo_db_xfail(db, fo_xdb_find(db->xdb, term->data, docid, &err),
	                 &err);
	if (st != FOLIO_OK || *docid)
		return st;
	folded = fo_url_term_folded(url, term);
	if (folded < 0)
		return fo_db_fail(db, FOLIO_ERROR_NOMEM, "out of memory");
	if (folded)
		st = fo_db_xfail(db, fo_xdb_find(db->xdb, term->data, docid,
		                                 &err), &err);
	return st;
}

/* After a reader followed a switch: the new generation may have been
 * built by another folio (an upgrade or a downgrade running beside us).
 * Its posts cannot be read then; the handle refuses from now on. Else it
 * may have been built in another language (a rebuild that changed it):
 * queries are analysed in that one from now on; in one this folio does
 * not know, every search is refused until a rebuild makes the index
 * readable again (language_refused). */
static folio_status follow_switch(folio_db *db, fo_buf *why)
{
	fo_xerr err = { "" };
	char *format = NULL, *language = NULL;
	fo_analyzer *an = NULL;
	unsigned revision = 1;
	folio_status st;

	db->language_refused = 0;
	st = read_format(db, &format, &language, &revision, &err);
	if (st != FOLIO_OK) {
		fo_buf_puts(why, err.msg);
	} else if (strcmp(format, FO_FORMAT_VERSION) != 0) {
		db->format = format;
		format = NULL;
		st = fo_db_refuse_format(db);
	} else if (*language &&
	           (strcmp(language, fo_analyzer_language(db->an)) != 0 ||
	            revision != fo_analyzer_revision(db->an))) {
		st = fo_analyzer_new(language, &an);
		/* told here: fo_db_refresh leaves a VERSION as told */
		if (st == FOLIO_ERROR_INVALID)
			st = fo_db_fail_why(
			    db, recorded_unknown(db, language, why), why);
		db->language_refused = st == FOLIO_ERROR_VERSION;
		if (st == FOLIO_OK) {
			fo_analyzer_set_revision(an, revision);
			fo_analyzer_free(db->an);
			db->an = an;
		}
	}
	free(format);
	free(language);
	return st;
}

int fo_db_switched(folio_db *db)
{
	fo_buf now = FO_BUF_INIT, why = FO_BUF_INIT;
	int moved = db->live.len &&
	            fo_layout_live(db->dir, &now, &why) == FOLIO_OK &&
	            strcmp(now.data, db->live.data) != 0;

	fo_buf_free(&now);
	fo_buf_free(&why);
	return moved;
}

folio_status fo_db_mend(folio_db *db)
{
	fo_buf why = FO_BUF_INIT;
	folio_status st;

	if (db->damage) {
		fo_db_fail(db, FOLIO_ERROR_CORRUPT, "%s", db->damage_msg);
		db->advice = db->damage_advice;
		db->advice_at = db->damage_advice_at;
		return FOLIO_ERROR_CORRUPT;
	}
	if (!fo_xdb_broken(db->xdb))
		return FOLIO_OK;
	if (db->writable)
		return fo_db_fail(
		    db, FOLIO_ERROR_NOMEM,
		    "index %s ran out of memory in the middle of "
		    "a change, which may be half made: close the "
		    "handle, which then discards the changes since "
		    "the last commit, and open the index again",
		    db->path);
	st = reconnect(db, &why);
	if (st != FOLIO_OK)
		fo_db_fail_why(db, st, &why);
	fo_buf_free(&why);
	return st;
}

folio_status fo_db_refresh(folio_db *db)
{
	fo_buf now = FO_BUF_INIT, why = FO_BUF_INIT;
	fo_xerr err = { "" };
	folio_status st;
	int attempt;

	st = fo_db_mend(db);
	if (st != FOLIO_OK)
		return st;
	if (db->format)
		return fo_db_refuse_format(db);
	if (db->writable)
		return FOLIO_OK;
	for (attempt = 0; attempt < 4; attempt++) {
		if (db->live.len) {
			fo_buf_clear(&why);
			st = live_gen(db, &now, &why);
			if (st == FOLIO_OK &&
			    (db->language_refused ||
			     strcmp(now.data, db->live.data) != 0)) {
				st = open_reader(db, &why);
				if (st == FOLIO_OK)
					st = follow_switch(db, &why);
			}
			if (st == FOLIO_ERROR_VERSION)
				break; /* explained by follow_switch */
			if (st != FOLIO_OK) {
				fo_db_fail_why(db, st, &why);
				break;
			}
		}
		st = fo_xdb_reopen(db->xdb, NULL, &err);
		if (st == FOLIO_OK)
			break;
		fo_db_xfail(db, st, &err);
		if (st == FOLIO_ERROR_UNAVAILABLE && db->remote.n) {
			st = reconnect(db, &why);
			if (st != FOLIO_OK)
				fo_db_fail_why(db, st, &why);
			break;
		}
		/* Reopening fails when the generation was deleted under us:
		 * if the stub moved on, follow it. If it still names the
		 * generation, say what opening it says (damaged: the stub
		 * names what does not exist), not Xapian's lost file. */
		if (!fo_db_switched(db)) {
			if (st == FOLIO_ERROR_NOT_FOUND && db->live.len) {
				fo_buf_clear(&why);
				st = open_reader(db, &why);
				if (st != FOLIO_OK)
					fo_db_fail_why(db, st, &why);
			}
			break;
		}
	}
	/* Shards skipped at the last attach are not in the database, so
	 * reopening never misses them: try them again when due. */
	if (st == FOLIO_OK && fo_remotes_retry_due(&db->remote)) {
		st = reconnect(db, &why);
		if (st != FOLIO_OK)
			fo_db_fail_why(db, st, &why);
	}
	/* A failure that a reconnection mended is no error of this call. */
	if (st == FOLIO_OK)
		fo_buf_clear(&db->error);
	fo_buf_free(&now);
	fo_buf_free(&why);
	return st;
}

int fo_db_overtaken(folio_db *db, folio_status *st)
{
	fo_xerr err = { "" };
	int moved = 0;

	if (*st != FOLIO_ERROR_MODIFIED && *st != FOLIO_ERROR_CORRUPT)
		return 0;
	if (fo_db_gave_up(db, *st))
		return 0;
	/* Moved on: a commit since the read started, or a rebuild's
	 * switch of the stub to another generation. */
	if (fo_xdb_reopen(db->xdb, &moved, &err) != FOLIO_OK)
		moved = 0;
	if (!moved && !db->writable)
		moved = fo_db_switched(db);
	if (moved)
		return 1;
	/* Nothing was committed since, and no writer is at work: nothing
	 * can have overtaken the read, and a block newer than the index's
	 * last commit is damage (glass takes any revision it does not
	 * expect for a writer's). "Not moved" alone is not enough: beside
	 * a writer committing every post, reopen() sometimes says so of a
	 * read that a commit did overtake. */
	if (*st == FOLIO_ERROR_MODIFIED && !fo_xdb_locked(db->xdb))
		*st = fo_db_report_damage(db,
		                          "a block of it belongs to no commit");
	else if (*st == FOLIO_ERROR_CORRUPT)
		fo_db_report_damage(db, folio_db_error(db));
	return 0;
}

folio_status fo_db_adopt(folio_db *db, const char *name)
{
	fo_buf gen = FO_BUF_INIT;
	fo_xerr err = { "" };
	fo_xdb *x = NULL;
	folio_status st;

	fo_buf_printf(&gen, "%s/%s", db->dir, name);
	st = gen.oom ? FOLIO_ERROR_NOMEM : FOLIO_OK;
	if (st == FOLIO_OK)
		st = fo_db_xfail(db, fo_xdb_close(db->xdb, &err), &err);
	db->xdb = NULL;
	if (st == FOLIO_OK)
		st = fo_xdb_open(gen.data, FO_XDB_WRITE, &x, &err);
	if (st != FOLIO_OK)
		fo_db_fail(db, st, "cannot open index %s: %s", db->path,
		           err.msg);
	db->xdb = x;
	fo_buf_clear(&db->live);
	fo_buf_puts(&db->live, gen.data);
	/* A full build writes this folio's format, whatever was there,
	 * and replaces a damaged generation. */
	if (st == FOLIO_OK) {
		free(db->format);
		db->format = NULL;
		free(db->damage);
		free(db->damage_msg);
		db->damage = db->damage_msg = NULL;
		db->language_lost = 0;
	}
	fo_buf_free(&gen);
	return st;
}

/* path made absolute against the working directory of now (malloc'd;
 * NULL when out of memory). A working directory that cannot be named
 * (deleted, say) leaves path as it is: it still works until the program
 * moves. */
static char *absolute(const char *path)
{
	fo_buf abs = FO_BUF_INIT;
	char *cwd;

	if (path[0] == '/')
		return strdup(path);
	errno = 0;
	if (!(cwd = getcwd(NULL, 0)))
		return errno == ENOMEM ? NULL : strdup(path);
	fo_buf_printf(&abs, "%s%s%s", cwd,
	              cwd[strlen(cwd) - 1] == '/' ? "" : "/", path);
	free(cwd);
	return fo_buf_detach(&abs);
}

/* Free everything but the database, releasing the write lock last. */
static void free_handle(folio_db *db)
{
	size_t i;

	fo_analyzer_free(db->an);
	fo_analyzer_free(db->rebuild_an);
	free(db->unknown_language);
	free(db->path);
	free(db->dir);
	fo_buf_free(&db->live);
	fo_buf_free(&db->error);
	for (i = 0; i < sizeof db->lent / sizeof db->lent[0]; i++)
		fo_buf_free(&db->lent[i]);
	free(db->corpus_text);
	free(db->corpus_paths);
	fo_remotes_free(&db->remote);
	free(db->format);
	free(db->damage);
	free(db->damage_msg);
	fo_db_salvage_forget(db);
	fo_lock_drop(db->lock_fd);
	free(db);
}

/* Whether opts and *path make a handle folio_db_open can open: else
 * FOLIO_ERROR_INVALID, and why. *path becomes NULL for a front end over
 * remote shards alone, which has no local path. */
static folio_status check_open(const char **path,
                               const folio_open_options *opts, fo_buf *why)
{
	unsigned unknown;

	if (opts->version != FOLIO_OPEN_OPTIONS_VERSION && opts->version != 1) {
		fo_buf_printf(why,
		              "folio_open_options version %u is unknown "
		              "(this folio takes 1 to %d)",
		              opts->version, FOLIO_OPEN_OPTIONS_VERSION);
		return FOLIO_ERROR_INVALID;
	}
	/* A newer caller's flag must not be taken for nothing. */
	unknown =
	    opts->flags &
	    ~(unsigned)(FOLIO_OPEN_WRITE | FOLIO_OPEN_CREATE | FOLIO_OPEN_WAIT |
	                FOLIO_OPEN_LOCAL | FOLIO_OPEN_CHECK);
	if (unknown) {
		fo_buf_printf(why, "folio_open_options has unknown flags 0x%x",
		              unknown);
		return FOLIO_ERROR_INVALID;
	}
	if ((opts->flags & FOLIO_OPEN_CREATE) &&
	    !(opts->flags & FOLIO_OPEN_WRITE)) {
		fo_buf_puts(why, "FOLIO_OPEN_CREATE needs FOLIO_OPEN_WRITE");
		return FOLIO_ERROR_INVALID;
	}
	if ((opts->flags & FOLIO_OPEN_CHECK) &&
	    (opts->flags & FOLIO_OPEN_WRITE)) {
		fo_buf_puts(why, "FOLIO_OPEN_CHECK opens a reader: a writer "
		                 "opens a damaged index anyway, for its "
		                 "rebuild");
		return FOLIO_ERROR_INVALID;
	}
	if (opts->version >= 2 && opts->n_remotes &&
	    (opts->flags & FOLIO_OPEN_WRITE)) {
		fo_buf_puts(why,
		            "remote shards are searched, not written: open "
		            "them read-only");
		return FOLIO_ERROR_INVALID;
	}
	if (opts->version >= 2 && opts->n_remotes &&
	    (opts->flags & FOLIO_OPEN_LOCAL)) {
		fo_buf_puts(why, "FOLIO_OPEN_LOCAL opens no remote shards: "
		                 "give none");
		return FOLIO_ERROR_INVALID;
	}
	if ((!*path || !**path) && opts->version >= 2 && opts->n_remotes)
		*path = NULL;
	else if (!*path) {
		fo_buf_puts(why, "folio_db_open needs a path");
		return FOLIO_ERROR_INVALID;
	} else if (!**path) {
		fo_buf_puts(why, "an empty path names no index");
		return FOLIO_ERROR_INVALID;
	}
	return FOLIO_OK;
}

/* A handle for the index at path (NULL: remote shards alone) and the
 * remote shards that opts or its REMOTES file names, nothing opened yet;
 * *out NULL and the status when it cannot be made. */
static folio_status new_handle(const char *path, const folio_open_options *opts,
                               folio_db **out, fo_buf *why)
{
	folio_db *db = calloc(1, sizeof *db);
	folio_status st = FOLIO_OK;

	/* before anything can fail: free_handle closes a lock_fd of 0,
	 * which is the caller's stdin */
	if (db) {
		db->lock_fd = -1;
		atomic_init(&db->run, FO_RUN_IDLE);
	}
	if (!db || !(db->path = strdup(path ? path : "(remote shards)")) ||
	    !(db->dir = absolute(db->path)))
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK) {
		db->remote_only = path == NULL;
		if (!(opts->flags & FOLIO_OPEN_WRITE))
			st = fo_remotes_init(&db->remote, path, opts, why);
	}
	/* A directory holding a REMOTES file and no index is a search front
	 * end over remote shards. */
	if (st == FOLIO_OK && path && db->remote.n &&
	    fo_layout_probe(db->dir) == FO_LAYOUT_OTHER)
		db->remote_only = 1;
	/* Known as a front end or not, it then opens none of them. */
	if (st == FOLIO_OK && (opts->flags & FOLIO_OPEN_LOCAL))
		fo_remotes_free(&db->remote);
	if (st != FOLIO_OK && db) {
		free_handle(db);
		db = NULL;
	}
	*out = db;
	return st;
}

folio_status folio_db_open(const char *path, const folio_open_options *opts,
                           folio_db **out, char **errmsg)
{
	static const folio_open_options defaults = FOLIO_OPEN_OPTIONS_INIT;
	fo_buf why = FO_BUF_INIT;
	folio_db *db = NULL;
	folio_status st = FOLIO_OK;
	struct stat sb;
	fo_retry r;
	int replica = 0;

	if (out)
		*out = NULL;
	if (errmsg)
		*errmsg = NULL;
	if (!opts)
		opts = &defaults;
	st = check_open(&path, opts, &why);
	if (st != FOLIO_OK)
		goto done;
	/* A path that cannot even be looked at (a symbolic link loop, a
	 * file on the way) is named itself, not the first file read in it
	 * ("cannot read DIR/REMOTES", "the lock file DIR/.folio-lock"). */
	if (path && stat(path, &sb) != 0 && errno != ENOENT) {
		fo_buf_printf(&why, "cannot open index %s: %s", path,
		              fo_strerror(errno));
		st = FOLIO_ERROR_IO;
		goto done;
	}
	if (!out) {
		fo_buf_puts(&why, "folio_db_open needs an out handle");
		st = FOLIO_ERROR_INVALID;
		goto done;
	}
	st = new_handle(path, opts, &db, &why);
	if (st != FOLIO_OK)
		goto done;
	db->writable = (opts->flags & FOLIO_OPEN_WRITE) != 0;
	/* A replica is not written (fo_db_refuse_replica), but first opened
	 * as its readers open it, so that damage or another format there is
	 * told as to them, with what mends it: nothing is created, locked or
	 * written in it. */
	if (db->writable && !db->remote_only &&
	    (replica = fo_layout_replica(db->dir)) != 0)
		db->writable = 0;
	/* Refuse an unknown language before anything is created on disk,
	 * and an alias of a known one (fo_stemmer_known). */
	if (db->writable && opts->language &&
	    !fo_stemmer_known(opts->language)) {
		st = FOLIO_ERROR_INVALID;
		unknown_language(&why, opts->language, "");
	}
	/* An open waits behind a writer (open_reader) as long as any call. */
	fo_retry_start(&r, db);
	if (st == FOLIO_OK)
		st =
		    open_xdb(db, replica ? FOLIO_OPEN_READ : opts->flags, &why);
	if (st == FOLIO_OK && db->xdb)
		fo_xdb_set_deadline(db->xdb, db->deadline);
	/* A front end opened with FOLIO_OPEN_LOCAL holds no database whose
	 * format could be read: it searches with the language asked for,
	 * else folio's default, and finds nothing. */
	if (st == FOLIO_OK && !(db->remote_only && !db->remote.n))
		st = check_meta(db, opts->language, &why);
	else if (st == FOLIO_OK &&
	         (st = fo_analyzer_new(opts->language, &db->an)) ==
	             FOLIO_ERROR_INVALID)
		unknown_language(&why, opts->language, "");
	/* Its reads can meet a writer's commits as the open can
	 * (open_reader): they read nothing yet kept, so move to the newest
	 * revision and read again, unless nothing can have overtaken them
	 * (fo_db_overtaken: then it is damage). An open that failed so
	 * (open_reader tried it again already) has nothing to read. */
	for (; st == FOLIO_ERROR_MODIFIED && !db->writable && db->xdb &&
	       r.reads < FO_READ_ATTEMPTS;
	     r.reads++) {
		fo_buf_clear(&why);
		if (fo_db_gave_up(db, st)) {
			fo_buf_puts(&why, folio_db_error(db));
			break;
		}
		fo_db_overtaken(db, &st);
		if (st != FOLIO_ERROR_MODIFIED)
			fo_buf_puts(&why, folio_db_error(db));
		else
			st = check_meta(db, opts->language, &why);
	}
	/* Damage met reading what the index records (Xapian's metadata,
	 * kept in a leaf of the posting lists that Xapian's open does not
	 * read) is told as damage met by the open is: naming the table file
	 * and what mends it, not in Xapian's words alone. */
	if (st == FOLIO_ERROR_CORRUPT && db->advice == FO_ADVICE_NONE) {
		fo_db_report_damage(db, why.data ? why.data : "");
		fo_buf_clear(&why);
		fo_buf_puts(&why, folio_db_error(db));
	}
	if (st == FOLIO_OK && replica)
		st = fo_db_refuse_replica(db, replica, &why);
	/* A reader's failed open keeps no live generation (open_reader):
	 * folio_db_check's is the one the stub names, damaged where a
	 * rebuild would mend it (not a stub naming none, nor a replica). */
	if (st == FOLIO_ERROR_CORRUPT && !db->writable && !db->live.len &&
	    (opts->flags & FOLIO_OPEN_CHECK) &&
	    db->advice == FO_ADVICE_REBUILD) {
		fo_buf named = FO_BUF_INIT;
		if (live_gen(db, &db->live, &named) != FOLIO_OK)
			fo_buf_clear(&db->live);
		fo_buf_free(&named);
	}
	/* A damaged generation the stub names (not a stub naming none):
	 * open for the rebuild that replaces it, or for folio_db_check to
	 * name each problem in it. */
	if (st == FOLIO_ERROR_CORRUPT && db->live.len &&
	    (db->writable || (opts->flags & FOLIO_OPEN_CHECK)))
		st = open_damaged(db, opts->language, &why);
	if (st == FOLIO_OK && db->writable && !db->damage) {
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
			free_handle(db);
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
	/* freed under a run it would crash: left open instead */
	st = fo_db_refuse_nested(db, "folio_db_close");
	if (st != FOLIO_OK)
		return st;
	st = fo_xdb_close(db->xdb, &err);
	free_handle(db);
	return st;
}

const char *folio_db_error(const folio_db *db)
{
	if (db && db->error.len)
		return db->error.data;
	/* fo_db_fail found no room for the message */
	return db && db->error.oom ? "out of memory (with no room for the "
	                             "message of the failure)"
	                           : "";
}

const char *folio_db_language(const folio_db *db)
{
	return db ? fo_analyzer_language(db->an) : NULL;
}

folio_status folio_db_count(folio_db *db, uint64_t *out)
{
	fo_xerr err = { "" };
	folio_status st;
	fo_retry r;

	if (out)
		*out = 0;
	if (!db)
		return FOLIO_ERROR_INVALID;
	st = fo_db_refuse_nested(db, "folio_db_count");
	if (st != FOLIO_OK)
		return st;
	fo_db_begin(db);
	/* reopening a reader that ran out of memory (fo_db_mend) waits */
	fo_retry_start(&r, db);
	if (!out)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "folio_db_count needs an out pointer");
	st = fo_db_mend(db);
	if (st != FOLIO_OK)
		return st;
	return fo_db_xfail(db, fo_xdb_doccount(db->xdb, out, &err), &err);
}
