/*
 * index.c: the writing half of the API: adding and deleting posts, and
 * indexing corpus files. A run reads the corpus in two streaming passes
 * (read.c): the first reports problems and counts URLs, the second hands
 * each post, merged by URL, to either an incremental sync of the live
 * generation (sync.c: only what changed is written, which makes re-runs
 * cheap) or a full build of a new generation (build.c). Memory does not
 * grow with the corpus beyond a few bytes per URL (run.h).
 */
#define _XOPEN_SOURCE 700
#include "api/run.h"
#include "api/shardid.h"
#include "api/tidy.h"

#include "corpus/walk.h"
#include "index/indexer.h"
#include "index/merge.h"
#include "index/schema.h"
#include "util/pathlist.h"
#include "util/url.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static folio_status need_writer(folio_db *db)
{
	if (!db->writable)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "index %s was opened read-only", db->path);
	return fo_db_mend(db);
}

void fo_run_count(folio_index_report *rep, int outcome)
{
	if (outcome == 0)
		rep->added++;
	else if (outcome == 1)
		rep->updated++;
	else
		rep->unchanged++;
}

folio_status fo_compare(fo_xdb *xdb, const fo_known *known, const folio_post *p,
                        uint64_t url_hash, int *outcome, uint32_t *docid,
                        fo_xerr *err)
{
	fo_buf term = FO_BUF_INIT;
	char *old = NULL, hex[17];
	size_t old_len = 0;
	uint64_t content;
	folio_status st;

	*outcome = 0;
	*docid = 0;
	switch (known ? fo_known_find(known, url_hash, docid, &content)
	              : FO_KNOWN_LOOKUP) {
	case FO_KNOWN_HELD:
		*outcome = content == fo_post_hash(p) ? 2 : 1;
		return FOLIO_OK;
	case FO_KNOWN_ABSENT:
		return FOLIO_OK;
	case FO_KNOWN_LOOKUP:
		break;
	}
	fo_url_term(p->url, &term);
	st = term.oom ? FOLIO_ERROR_NOMEM : FOLIO_OK;
	if (st == FOLIO_OK)
		st = fo_xdb_find(xdb, term.data, docid, err);
	if (st == FOLIO_OK && *docid)
		st = fo_xdb_get_value(xdb, *docid, FO_SLOT_HASH, &old, &old_len,
		                      err);
	if (st == FOLIO_OK && *docid) {
		snprintf(hex, sizeof hex, "%016llx",
		         (unsigned long long)fo_post_hash(p));
		*outcome = old_len == 16 && memcmp(old, hex, 16) == 0 ? 2 : 1;
	}
	free(old);
	fo_buf_free(&term);
	return st;
}

folio_status fo_count_change(folio_db *db, fo_xerr *err)
{
	if (++db->pending < FO_COMMIT_BATCH)
		return FOLIO_OK;
	db->pending = 0;
	return fo_xdb_commit(db->xdb, err);
}

folio_status fo_store(folio_db *db, const fo_known *known, int keep,
                      const folio_post *p, uint64_t url_hash, int *outcome,
                      uint32_t *docid, int *damaged)
{
	fo_xerr err = { "" };
	fo_merge *kept = NULL;
	folio_status st;

	st = fo_compare_kept(db->xdb, known, keep, p, url_hash, outcome, docid,
	                     &kept, &p, damaged, &err);
	if (st == FOLIO_OK && *outcome != 2) {
		/* a new post's docid: the run must not take it for one
		 * the corpus no longer has (gone.c) */
		st = fo_index_post(db->xdb, db->an, p, docid, &err);
		if (st == FOLIO_OK)
			st = fo_count_change(db, &err);
	}
	st = fo_db_xfail(db, st, &err);
	fo_merge_free(kept);
	return st;
}

folio_status folio_db_add_post(folio_db *db, const folio_post *post)
{
	fo_buf why = FO_BUF_INIT, url = FO_BUF_INIT;
	fo_merge *one = NULL;
	folio_post folded;
	void *hold = NULL;
	folio_status st;
	uint32_t docid;
	int outcome;

	if (!db)
		return FOLIO_ERROR_INVALID;
	st = fo_db_refuse_nested(db, "folio_db_add_post");
	if (st != FOLIO_OK)
		return st;
	fo_db_begin(db);
	st = need_writer(db);
	if (st == FOLIO_OK && db->format)
		st = fo_db_refuse_format(db);
	if (st == FOLIO_OK)
		st = fo_db_refuse_language(db);
	if (st == FOLIO_OK && !post)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID, "no post given");
	if (st == FOLIO_OK && (fo_run_check_post(post, &why) != FOLIO_OK ||
	                       fo_post_check_utf8(post, &why) != FOLIO_OK))
		st = fo_db_fail(db, FOLIO_ERROR_INVALID, "%s", why.data);
	/* blank fields absent, as a corpus file's are (tidy.h) */
	if (st == FOLIO_OK && fo_post_tidy(post, &folded, &hold) != FOLIO_OK)
		st = FOLIO_ERROR_NOMEM;
	/* one post, whatever the case of its scheme and host, as the
	 * corpus parsers have it (util/url.h) */
	if (st == FOLIO_OK && fo_url_fold(folded.url, &url) < 0)
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		folded.url = url.data;
	/* checked again as folded: a run holds a URL whose lower case is
	 * over the length limit to it (api/read.c), and so must this */
	if (st == FOLIO_OK && fo_run_check_post(&folded, &why) != FOLIO_OK)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID, "%s", why.data);
	if (st == FOLIO_OK)
		post = &folded;
	/* A merge of one post sorts and de-duplicates its topics. */
	if (st == FOLIO_OK && !(one = fo_merge_new()))
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		st = fo_merge_add(one, post);
	/* no table of known posts: it is looked up by its URL term, and a
	 * URL hash would go unread */
	if (st == FOLIO_OK)
		st = fo_store(db, NULL, 0, fo_merge_get(one, 0), 0, &outcome,
		              &docid, NULL);
	if (st == FOLIO_ERROR_NOMEM && !db->error.len)
		fo_db_fail(db, st, "out of memory");
	fo_merge_free(one);
	fo_buf_free(&why);
	free(hold);
	fo_buf_free(&url);
	return st;
}

folio_status folio_db_delete_post(folio_db *db, const char *url)
{
	fo_buf term = FO_BUF_INIT;
	fo_xerr err = { "" };
	uint64_t deleted = 0;
	uint32_t docid = 0;
	folio_status st;

	if (!db)
		return FOLIO_ERROR_INVALID;
	st = fo_db_refuse_nested(db, "folio_db_delete_post");
	if (st != FOLIO_OK)
		return st;
	fo_db_begin(db);
	st = need_writer(db);
	if (st == FOLIO_OK && db->format)
		st = fo_db_refuse_format(db);
	if (st == FOLIO_OK)
		st = fo_db_refuse_language(db);
	if (st == FOLIO_OK && (!url || !*url))
		st = fo_db_fail(db, FOLIO_ERROR_INVALID, "no URL given");
	if (st == FOLIO_OK)
		st = fo_db_find_url(db, url, &term, &docid);
	if (st == FOLIO_OK && docid)
		st = fo_db_xfail(db, fo_xdb_delete(db->xdb, term.data, &deleted,
		                                   &err), &err);
	if (st == FOLIO_OK && deleted == 0)
		st = fo_db_fail(db, FOLIO_ERROR_NOT_FOUND,
		                "no post with URL %s", url);
	/* deletions alone fill a batch too (folio.h) */
	if (st == FOLIO_OK)
		st = fo_db_xfail(db, fo_count_change(db, &err), &err);
	fo_buf_free(&term);
	return st;
}

folio_status folio_db_commit(folio_db *db)
{
	fo_xerr err = { "" };
	folio_status st;

	if (!db)
		return FOLIO_ERROR_INVALID;
	st = fo_db_refuse_nested(db, "folio_db_commit");
	if (st != FOLIO_OK)
		return st;
	fo_db_begin(db);
	st = need_writer(db);
	if (st != FOLIO_OK)
		return st;
	db->pending = 0;
	return fo_db_xfail(db, fo_xdb_commit(db->xdb, &err), &err);
}

/* ---- indexing corpus files --------------------------------------------- */

void fo_run_progress(fo_run *r, const char *phase, uint64_t done,
                     uint64_t total)
{
	folio_progress p;

	if (!r->opts.progress)
		return;
	p.phase = phase;
	p.done = done;
	p.total = total;
	r->opts.progress(&p, r->opts.payload);
}

int fo_run_may_remove(const fo_run *r)
{
	return !r->opts.no_delete && r->report->skipped == 0;
}

/* Append path to the recorded list, quoted where it must be (pathlist.h). */
static void add_path(fo_buf *list, const char *path, int first)
{
	if (!first)
		fo_buf_putc(list, '\n');
	if (!fo_pathlist_quoted(path)) {
		fo_buf_puts(list, path);
		return;
	}
	fo_buf_putc(list, '"');
	for (; *path; path++) {
		if (*path == '\n') {
			fo_buf_puts(list, "\\n");
			continue;
		}
		if (*path == '"' || *path == '\\')
			fo_buf_putc(list, '\\');
		fo_buf_putc(list, *path);
	}
	fo_buf_putc(list, '"');
}

/* The run's path i as recorded: its real path; NULL when it does not
 * exist (a path the run could not read is not part of the corpus). */
static char *run_path(const fo_run *r, size_t i)
{
	return realpath(r->paths[i], NULL);
}

/* A path given to a run, as distinct_paths sorts them. */
typedef struct given {
	const char *path; /* as given */
	char *real;       /* its real path; NULL when it does not exist */
	size_t at;        /* its place among the paths given */
} given;

/* Paths that exist first, by real path in byte order but with '/' before
 * every other byte, so that what lies below a directory comes right
 * after it ("C", "C/sub", "C-x"); then those that do not, as given; one
 * path given twice in the order given. */
static int by_tree(const void *a, const void *b)
{
	const given *x = a, *y = b;
	const unsigned char *p, *q;
	int c;

	if (!x->real != !y->real)
		return x->real ? -1 : 1;
	p = (const unsigned char *)(x->real ? x->real : x->path);
	q = (const unsigned char *)(y->real ? y->real : y->path);
	while (*p && *p == *q) {
		p++;
		q++;
	}
	c = (*p == '/' ? 1 : *p) - (*q == '/' ? 1 : *q);
	if (c)
		return c;
	return x->at < y->at ? -1 : 1;
}

/* Whether walking the directory dir (a real path) reads the path below
 * it (its real path, real, lies below dir's): none of the directories in
 * between, nor it, is hidden, and, as a file, it has a corpus file's
 * name (a walk passes over others, which a path given alone reports). */
static int walk_reads(const char *dir, const char *real)
{
	const char *p = real + strlen(dir);
	struct stat sb;

	for (p += *p == '/';; p++) {
		if (*p == '.')
			return 0;
		if (!(p = strchr(p, '/')))
			break;
	}
	return fo_corpus_kind(real) != FO_CORPUS_NONE ||
	       (stat(real, &sb) == 0 && S_ISDIR(sb.st_mode));
}

/* Whether real path a is b or lies below it. */
static int at_or_below(const char *a, const char *b)
{
	size_t n = strlen(b);

	return strncmp(a, b, n) == 0 &&
	       (a[n] == '\0' || a[n] == '/' || (n && b[n - 1] == '/'));
}

/* paths[0..n) to out, each once: one that is the same directory or file
 * as an earlier one (C and C/, ./C, a link to it: the same real path),
 * or that repeats a path that does not exist, is left out, and so is one
 * that a walk of another reads (C/sub beside C, in either order), so
 * that it is walked, reported and recorded once. The rest keep their
 * order. In O(n log n): a command line can name every file of a corpus.
 * How many are kept; 0 when memory ran out. */
static size_t distinct_paths(const char *const *paths, size_t n,
                             const char **out)
{
	given *g = calloc(n, sizeof *g);
	const given **dirs = calloc(n, sizeof *dirs);
	char *drop = calloc(n, 1);
	size_t i, k, depth = 0, kept = 0;

	for (i = 0; g && dirs && drop && i < n; i++) {
		g[i].path = paths[i];
		g[i].real = realpath(paths[i], NULL);
		g[i].at = i;
	}
	if (g && dirs && drop) {
		qsort(g, n, sizeof *g, by_tree);
		/* dirs: the kept paths that hold the one at hand, outermost
		 * first */
		for (i = 0; i < n && g[i].real; i++) {
			while (depth &&
			       !at_or_below(g[i].real, dirs[depth - 1]->real))
				depth--;
			for (k = 0; k < depth; k++)
				if (strcmp(g[i].real, dirs[k]->real) == 0 ||
				    walk_reads(dirs[k]->real, g[i].real))
					break;
			if (k < depth)
				drop[g[i].at] = 1;
			else
				dirs[depth++] = &g[i];
		}
		for (; i < n; i++)
			drop[g[i].at] = i && !g[i - 1].real &&
			                strcmp(g[i].path, g[i - 1].path) == 0;
		for (i = 0; i < n; i++)
			if (!drop[i])
				out[kept++] = paths[i];
	}
	for (i = 0; g && i < n; i++)
		free(g[i].real);
	free(g);
	free(dirs);
	free(drop);
	return g && dirs && drop ? kept : 0;
}

static int by_bytes(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether no run has finished in db's index (it recorded no time). */
static int first_run(folio_db *db)
{
	char *updated = NULL;
	int first = fo_xdb_get_metadata(db->xdb, FO_META_UPDATED, &updated,
	                                NULL) == FOLIO_OK &&
	            !*updated;

	free(updated);
	return first;
}

/* The corpus to record: the run's paths, after, when the run removed
 * nothing (--no-delete, or a path it could not read), those recorded
 * before that it does not name and that still exist. Such a run added
 * its posts to what the index held, so a rebuild from its paths alone
 * (the advice of FOLIO_ERROR_VERSION, db.c) would lose the rest. */
static void corpus_of(fo_run *r, fo_buf *corpus)
{
	char *old = NULL, *path = NULL;
	/* the run's paths as recorded, in its order and sorted: looked up
	 * once for each path recorded before, of which there can be as
	 * many */
	char **real = calloc(r->n_paths + 1, sizeof *real);
	char **sorted = calloc(r->n_paths + 1, sizeof *sorted);
	const char *p;
	size_t i, n = 0;

	if (!real || !sorted) {
		corpus->oom = 1;
		goto done;
	}
	for (i = 0; i < r->n_paths; i++)
		if ((real[i] = run_path(r, i)) != NULL)
			sorted[n++] = real[i];
	qsort(sorted, n, sizeof *sorted, by_bytes);
	/* and none that a first run recorded (first_corpus) and did not
	 * finish: the index holds none of their posts */
	if (!fo_run_may_remove(r) && r->db->xdb && !first_run(r->db) &&
	    fo_xdb_get_metadata(r->db->xdb, FO_META_CORPUS, &old, NULL) ==
	        FOLIO_OK &&
	    (path = malloc(strlen(old) + 1)) != NULL) {
		/* one gone since is no longer part of it: a rebuild
		 * naming it would be refused */
		for (p = old; fo_pathlist_next(&p, path);)
			if (*path &&
			    !bsearch(&path, sorted, n, sizeof *sorted,
			             by_bytes) &&
			    access(path, F_OK) == 0)
				add_path(corpus, path, corpus->len == 0);
	}
	for (i = 0; i < r->n_paths; i++)
		if (real[i])
			add_path(corpus, real[i], corpus->len == 0);
done:
	for (i = 0; real && i < r->n_paths; i++)
		free(real[i]);
	free(real);
	free(sorted);
	free(path);
	free(old);
}

folio_status fo_stamp(fo_run *r, fo_xdb *xdb, int full, fo_xerr *err)
{
	fo_buf corpus = FO_BUF_INIT;
	char now[32];
	struct tm tm;
	time_t t = time(NULL);
	folio_status st;

	gmtime_r(&t, &tm);
	strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm);
	corpus_of(r, &corpus);
	st = corpus.oom ? FOLIO_ERROR_NOMEM : FOLIO_OK;
	if (st == FOLIO_OK && full)
		st = fo_xdb_set_metadata(xdb, FO_META_BUILT, now, err);
	if (st == FOLIO_OK && full)
		st = fo_shardid_stamp(xdb, now, err);
	if (st == FOLIO_OK)
		st = fo_xdb_set_metadata(xdb, FO_META_UPDATED, now, err);
	if (st == FOLIO_OK)
		st = fo_xdb_set_metadata(xdb, FO_META_CORPUS,
		                         corpus.data ? corpus.data : "", err);
	fo_buf_free(&corpus);
	return st;
}

/* A first run over an empty index records the corpus it was given in
 * the index before it reads it, as every run does at its end (fo_stamp):
 * killed before its first commit, or failed, it leaves an index that
 * still says which paths a run was given there (folio_stats' corpus), as
 * the advice to build it needs. */
static folio_status first_corpus(fo_run *r, fo_xerr *err)
{
	fo_buf corpus = FO_BUF_INIT;
	folio_status st;

	corpus_of(r, &corpus);
	st = corpus.oom
	         ? FOLIO_ERROR_NOMEM
	         : fo_xdb_set_metadata(r->db->xdb, FO_META_CORPUS,
	                               corpus.data ? corpus.data : "", err);
	if (st == FOLIO_OK)
		st = fo_xdb_commit(r->db->xdb, err);
	fo_buf_free(&corpus);
	return st;
}

/* Copy the caller's options, accepting version 1 (which ends at payload). */
static folio_status take_options(fo_run *r, const folio_index_options *opts)
{
	static const folio_index_options defaults = FOLIO_INDEX_OPTIONS_INIT;

	r->opts = defaults;
	if (!opts)
		return FOLIO_OK;
	if (opts->version == 1) {
		r->opts.diagnostic = opts->diagnostic;
		r->opts.payload = opts->payload;
		return FOLIO_OK;
	}
	if (opts->version != FOLIO_INDEX_OPTIONS_VERSION && opts->version != 2)
		return fo_db_fail(r->db, FOLIO_ERROR_INVALID,
		                  "folio_index_options version %u is unknown "
		                  "(this folio takes 1 to %d)",
		                  opts->version, FOLIO_INDEX_OPTIONS_VERSION);
	/* Version 2 ends at progress. */
	memcpy(&r->opts, opts, opts->version == 2 ?
	       offsetof(folio_index_options, shards) : sizeof *opts);
	if (r->opts.shards > 256)
		return fo_db_fail(r->db, FOLIO_ERROR_INVALID,
		                  "%u shards is more than 256", r->opts.shards);
	if (r->opts.threads > 256)
		return fo_db_fail(r->db, FOLIO_ERROR_INVALID,
		                  "%u threads is more than 256", r->opts.threads);
	return FOLIO_OK;
}

/* The bytes of a folio_index_report of this version: the fields it has
 * (each version adds fields at the end). 0: a version we do not know. */
static size_t report_size(unsigned version)
{
	return version == FOLIO_INDEX_REPORT_VERSION
	           ? sizeof(folio_index_report)
	       : version == 1 ? offsetof(folio_index_report, kept_malformed)
	                      : 0;
}

/* Copy report to the caller's out (NULL: none), as far as out's version
 * goes; nothing for a version we do not know. */
static void give_report(folio_index_report *report, folio_index_report *out)
{
	if (!out || !report_size(out->version))
		return;
	/* Version 1 has no kept_malformed: its kept counts every indexed
	 * post left as it was, as it always did. */
	if (out->version < 2)
		report->kept += report->kept_malformed;
	report->version = out->version;
	memcpy(out, report, report_size(out->version));
}

/* FOLIO_OK for paths that each name a file; else db's error says which
 * does not. No path is a caller's mistake, never an empty corpus: taken
 * as one, the run would remove every post. */
static folio_status check_paths(folio_db *db, const char *const *paths,
                                size_t n_paths)
{
	size_t i;

	if (!n_paths || !paths)
		return fo_db_fail(db, FOLIO_ERROR_INVALID, "no paths given");
	for (i = 0; i < n_paths; i++)
		if (!paths[i] || !*paths[i])
			return fo_db_fail(
			    db, FOLIO_ERROR_INVALID, "path %zu of %zu is %s",
			    i + 1, n_paths,
			    paths[i] ? "an empty path, which names no file"
			             : "NULL");
	return FOLIO_OK;
}

/* folio_db_interrupt is async-signal-safe only if its flag needs no lock. */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "atomic_int is not lock-free");

void folio_db_interrupt(folio_db *db)
{
	int busy = FO_RUN_BUSY;

	/* Only a run in progress is stopped (folio.h): an interrupt while
	 * none runs leaves the flag idle. */
	if (db)
		atomic_compare_exchange_strong(&db->run, &busy, FO_RUN_STOP);
}

folio_status fo_run_interrupted(const fo_run *r)
{
	return atomic_load_explicit(&r->db->run, memory_order_relaxed) ==
	               FO_RUN_STOP
	           ? FOLIO_ERROR_INTERRUPTED
	           : FOLIO_OK;
}

/* Say what an interrupted run kept: nothing but what it committed (an
 * incremental run's batches, r->at_commit); a full build, nothing. An
 * index that had no posts (docs) still has none: "as it was" would be
 * untrue of a directory this run's open created, which now holds an
 * empty index. */
static folio_status explain_interrupt(fo_run *r, int built, uint64_t docs)
{
	const folio_index_report *c = &r->at_commit;

	if (!built && c->added + c->updated + c->removed > 0)
		return fo_db_fail(r->db, FOLIO_ERROR_INTERRUPTED,
		                  "interrupted: %s keeps the changes this run "
		                  "committed (%llu added, %llu updated, %llu "
		                  "removed), not the rest; index again to "
		                  "finish",
		                  r->db->path, (unsigned long long)c->added,
		                  (unsigned long long)c->updated,
		                  (unsigned long long)c->removed);
	if (!docs)
		return fo_db_fail(r->db, FOLIO_ERROR_INTERRUPTED,
		                  "interrupted: %s holds no posts yet: the run "
		                  "stopped before it added any; index again to "
		                  "fill it",
		                  r->db->path);
	return fo_db_fail(r->db, FOLIO_ERROR_INTERRUPTED,
	                  "interrupted: %s is as it was before this run",
	                  r->db->path);
}

static folio_status index_paths(folio_db *db, const char *const *paths,
                                size_t n_paths, const folio_index_options *opts,
                                folio_index_report *out)
{
	folio_index_report report = FOLIO_INDEX_REPORT_INIT;
	fo_xerr err = { "" };
	uint64_t docs = 0;
	fo_run r;
	const char **distinct = NULL;
	size_t i;
	int full, built = 0;
	folio_status st;

	if (!db) {
		/* a failure sets out all the same, as folio.h says */
		give_report(&report, out);
		return FOLIO_ERROR_INVALID;
	}
	fo_db_begin(db);
	/* The run fills a whole report of ours; the caller gets the fields
	 * its version has. */
	if (out && !report_size(out->version))
		return fo_db_fail(
		    db, FOLIO_ERROR_INVALID,
		    "folio_index_report version %u is not 1 to %d "
		    "(initialise it with FOLIO_INDEX_REPORT_INIT)",
		    out->version, FOLIO_INDEX_REPORT_VERSION);
	memset(&r, 0, sizeof r);
	r.db = db;
	r.report = &report;
	/* A damaged generation (db->damage) can only be rebuilt: asked for
	 * below, once the options are read. */
	st = db->damage ? FOLIO_OK : need_writer(db);
	if (st == FOLIO_OK)
		st = check_paths(db, paths, n_paths);
	if (st == FOLIO_OK && !(distinct = malloc(n_paths * sizeof *distinct)))
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK) {
		r.paths = distinct;
		r.n_paths = distinct_paths(paths, n_paths, distinct);
		st = r.n_paths ? take_options(&r, opts) : FOLIO_ERROR_NOMEM;
	}
	if (st == FOLIO_OK && db->damage && !r.opts.rebuild)
		st = need_writer(db);
	/* Posts added through the API so far are committed first: a full
	 * build replaces the generation they were written to. */
	if (st == FOLIO_OK && db->pending) {
		st = fo_db_xfail(db, fo_xdb_commit(db->xdb, &err), &err);
		db->pending = 0;
	}
	if (st == FOLIO_OK)
		st = fo_db_xfail(db, fo_xdb_doccount(db->xdb, &docs, &err), &err);
	if (st == FOLIO_OK && db->format)
		st = fo_upgrade_allowed(&r, docs);
	/* Another language: only a full build may bring it in, since a
	 * generation must not mix posts stemmed two ways. */
	full = db->live.len && (r.opts.rebuild || docs == 0 || fo_reshard(&r));
	if (st == FOLIO_OK && !full)
		st = fo_db_refuse_language(db);
	if (st == FOLIO_OK && docs == 0 && !db->format && !db->damage &&
	    first_run(db))
		st = fo_db_xfail(db, first_corpus(&r, &err), &err);
	if (st == FOLIO_OK)
		st = fo_read_count(&r);
	if (st == FOLIO_OK && db->format)
		st = fo_upgrade_complete(&r);
	r.keep = !fo_run_may_remove(&r);
	/* A bare glass database (no stub) has no generations to switch; an
	 * empty corpus over an empty index has nothing to build, unless the
	 * index is of another format. */
	if (st == FOLIO_OK && full &&
	    (report.posts || docs || db->format || db->damage)) {
		built = 1;
		st = fo_build(&r);
	} else if (st == FOLIO_OK) {
		st = fo_sync(&r);
	}
	if (st == FOLIO_ERROR_NOMEM && !db->error.len)
		fo_db_fail(db, st, "out of memory");
	if (st == FOLIO_ERROR_INTERRUPTED)
		explain_interrupt(&r, built, docs);
	if (st == FOLIO_OK && report.skipped)
		st = fo_db_fail(db, FOLIO_ERROR_INPUT,
		                "%llu %s skipped",
		                (unsigned long long)report.skipped,
		                fo_run_skipped_noun(report.skipped));
	give_report(&report, out);
	for (i = 0; i < r.n_gone; i++)
		free(r.gone[i]);
	free(r.gone);
	free(r.touched);
	fo_known_free(r.known);
	fo_read_free(&r);
	fo_buf_free(&r.why);
	free(distinct);
	return st;
}

folio_status folio_db_index_paths(folio_db *db, const char *const *paths,
                                  size_t n_paths,
                                  const folio_index_options *opts,
                                  folio_index_report *out)
{
	folio_status st;

	int idle = FO_RUN_IDLE;

	/* Running from here, so that folio_db_interrupt can stop it... */
	if (db &&
	    !atomic_compare_exchange_strong(&db->run, &idle, FO_RUN_BUSY)) {
		/* one of a run's callbacks, which must leave it running */
		give_report(&(folio_index_report)FOLIO_INDEX_REPORT_INIT, out);
		return fo_db_refuse_nested(db, "folio_db_index_paths");
	}
	st = index_paths(db, paths, n_paths, opts, out);
	/* ...until here: an interrupt the run did not meet (after its
	 * last check) goes with it, and never stops the next run. */
	if (db)
		atomic_store(&db->run, FO_RUN_IDLE);
	/* a success says nothing, whatever a callback was refused */
	if (db && st == FOLIO_OK)
		fo_db_begin(db);
	return st;
}
