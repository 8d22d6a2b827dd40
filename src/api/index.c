/*
 * index.c: the writing half of the API: adding and deleting posts, and
 * indexing corpus files. A run reads every file first, merging posts by
 * URL (merge.h), then writes only what changed: a post whose content hash
 * equals the indexed one is left alone, which makes re-runs cheap.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/db.h"

#include "corpus/corpus.h"
#include "corpus/walk.h"
#include "index/indexer.h"
#include "index/merge.h"
#include "index/schema.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Commit after this many changed posts, so a crash loses at most one batch
 * and Xapian's buffered changes stay bounded. */
#define COMMIT_BATCH 5000

static folio_status need_writer(folio_db *db)
{
	if (!db->writable)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "index %s was opened read-only", db->path);
	return FOLIO_OK;
}

/* Write p unless the index already holds it unchanged. *outcome: 0 added,
 * 1 updated, 2 unchanged. */
static folio_status store(folio_db *db, const folio_post *p, int *outcome)
{
	fo_buf term = FO_BUF_INIT;
	fo_xerr err = { "" };
	char *old = NULL, hex[17];
	size_t old_len = 0;
	uint32_t docid = 0;
	folio_status st;

	fo_url_term(p->url, &term);
	st = term.oom ? FOLIO_ERROR_NOMEM : FOLIO_OK;
	if (st == FOLIO_OK)
		st = fo_xdb_find(db->xdb, term.data, &docid, &err);
	if (st == FOLIO_OK && docid)
		st = fo_xdb_get_value(db->xdb, docid, FO_SLOT_HASH, &old,
		                      &old_len, &err);
	*outcome = docid ? 1 : 0;
	if (st == FOLIO_OK && docid) {
		snprintf(hex, sizeof hex, "%016llx",
		         (unsigned long long)fo_post_hash(p));
		if (old_len == 16 && memcmp(old, hex, 16) == 0)
			*outcome = 2;
	}
	if (st == FOLIO_OK && *outcome != 2) {
		st = fo_index_post(db->xdb, db->an, p, NULL, &err);
		if (st == FOLIO_OK && ++db->pending >= COMMIT_BATCH) {
			st = fo_xdb_commit(db->xdb, &err);
			db->pending = 0;
		}
	}
	free(old);
	fo_buf_free(&term);
	return fo_db_xfail(db, st, &err);
}

folio_status folio_db_add_post(folio_db *db, const folio_post *post)
{
	fo_buf why = FO_BUF_INIT;
	fo_merge *one = NULL;
	folio_status st;
	int outcome;

	fo_db_begin(db);
	st = need_writer(db);
	if (st == FOLIO_OK && !post)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID, "no post given");
	if (st == FOLIO_OK && fo_post_check(post, &why) != FOLIO_OK)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID, "%s", why.data);
	/* A merge of one post sorts and de-duplicates its topics. */
	if (st == FOLIO_OK && !(one = fo_merge_new()))
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		st = fo_merge_add(one, post);
	if (st == FOLIO_OK)
		st = store(db, fo_merge_get(one, 0), &outcome);
	if (st == FOLIO_ERROR_NOMEM && !db->error.len)
		fo_db_fail(db, st, "out of memory");
	fo_merge_free(one);
	fo_buf_free(&why);
	return st;
}

folio_status folio_db_delete_post(folio_db *db, const char *url)
{
	fo_buf term = FO_BUF_INIT;
	fo_xerr err = { "" };
	uint64_t deleted = 0;
	folio_status st;

	fo_db_begin(db);
	st = need_writer(db);
	if (st == FOLIO_OK && (!url || !*url))
		st = fo_db_fail(db, FOLIO_ERROR_INVALID, "no URL given");
	if (st == FOLIO_OK) {
		fo_url_term(url, &term);
		st = term.oom ? FOLIO_ERROR_NOMEM : FOLIO_OK;
	}
	if (st == FOLIO_OK)
		st = fo_db_xfail(db, fo_xdb_delete(db->xdb, term.data, &deleted,
		                                   &err), &err);
	if (st == FOLIO_OK && deleted == 0)
		st = fo_db_fail(db, FOLIO_ERROR_NOT_FOUND,
		                "no post with URL %s", url);
	if (st == FOLIO_OK)
		db->pending++;
	fo_buf_free(&term);
	return st;
}

folio_status folio_db_commit(folio_db *db)
{
	fo_xerr err = { "" };

	fo_db_begin(db);
	db->pending = 0;
	return fo_db_xfail(db, fo_xdb_commit(db->xdb, &err), &err);
}

/* ---- indexing corpus files --------------------------------------------- */

typedef struct run {
	folio_db *db;
	const folio_index_options *opts;
	folio_index_report *report;
	fo_merge *posts;
	fo_buf why;
	folio_status st; /* the first hard error (out of memory) */
} run;

static void report_problem(run *r, const char *file, unsigned line,
                           const char *message)
{
	folio_diagnostic d;

	r->report->skipped++;
	if (!r->opts->diagnostic)
		return;
	d.file = file;
	d.line = line;
	d.message = message;
	r->opts->diagnostic(&d, r->opts->payload);
}

static void on_problem(const char *file, unsigned line, const char *message,
                       void *ctx)
{
	report_problem(ctx, file, line, message);
}

static int on_post(const folio_post *p, const char *file, unsigned line,
                   void *ctx)
{
	run *r = ctx;

	fo_buf_clear(&r->why);
	if (fo_post_check(p, &r->why) != FOLIO_OK) {
		report_problem(r, file, line, r->why.data);
		return 0;
	}
	r->st = fo_merge_add(r->posts, p);
	return r->st != FOLIO_OK;
}

/* Parse one file, mapped into memory so a large file costs no copy. */
static int on_file(const char *path, int kind, void *ctx)
{
	run *r = ctx;
	fo_corpus_sink sink = { on_post, on_problem, r };
	struct stat st;
	void *map = NULL;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || fstat(fd, &st) != 0) {
		report_problem(r, path, 0, strerror(errno));
		goto done;
	}
	r->report->files++;
	if (st.st_size > 0) {
		map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map == MAP_FAILED) {
			map = NULL;
			report_problem(r, path, 0, strerror(errno));
			goto done;
		}
	}
	if (kind == FO_CORPUS_MARKDOWN)
		r->st = fo_markdown_parse(path, map ? map : "", map ? (size_t)st.st_size : 0, &sink);
	else
		r->st = fo_jsonl_parse(path, map ? map : "", map ? (size_t)st.st_size : 0, &sink);
done:
	if (map)
		munmap(map, (size_t)st.st_size);
	if (fd >= 0)
		close(fd);
	return r->st != FOLIO_OK;
}

folio_status folio_db_index_paths(folio_db *db, const char *const *paths,
                                  size_t n_paths,
                                  const folio_index_options *opts,
                                  folio_index_report *report)
{
	static const folio_index_options defaults = FOLIO_INDEX_OPTIONS_INIT;
	folio_index_report scratch;
	fo_xerr err = { "" };
	struct stat sb;
	run r;
	size_t i;
	int outcome;
	folio_status st;

	fo_db_begin(db);
	memset(&r, 0, sizeof r);
	if (!report)
		report = &scratch;
	memset(report, 0, sizeof *report);
	r.db = db;
	r.opts = opts ? opts : &defaults;
	r.report = report;
	st = need_writer(db);
	if (st == FOLIO_OK && r.opts->version != FOLIO_INDEX_OPTIONS_VERSION)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID,
		                "folio_index_options version %u is not %d",
		                r.opts->version, FOLIO_INDEX_OPTIONS_VERSION);
	/* Every path must exist before anything is indexed. */
	for (i = 0; st == FOLIO_OK && i < n_paths; i++)
		if (stat(paths[i], &sb) != 0)
			st = fo_db_fail(db, errno == ENOENT ? FOLIO_ERROR_NOT_FOUND
			                                    : FOLIO_ERROR_IO,
			                "%s: %s", paths[i], strerror(errno));
	if (st == FOLIO_OK && !(r.posts = fo_merge_new()))
		st = FOLIO_ERROR_NOMEM;
	for (i = 0; st == FOLIO_OK && i < n_paths; i++) {
		folio_status walked = fo_walk(paths[i], on_file, on_problem, &r);
		if (r.st != FOLIO_OK)
			st = r.st;
		else if (walked == FOLIO_ERROR_NOMEM || walked == FOLIO_ERROR_NOT_FOUND)
			st = fo_db_fail(db, walked, "%s: %s", paths[i],
			                folio_status_string(walked));
	}
	report->posts = st == FOLIO_OK ? fo_merge_count(r.posts) : 0;
	for (i = 0; st == FOLIO_OK && i < report->posts; i++) {
		st = store(db, fo_merge_get(r.posts, i), &outcome);
		if (st == FOLIO_OK) {
			if (outcome == 0)
				report->added++;
			else if (outcome == 1)
				report->updated++;
			else
				report->unchanged++;
		}
	}
	if (st == FOLIO_OK) {
		st = fo_db_xfail(db, fo_xdb_commit(db->xdb, &err), &err);
		db->pending = 0;
	}
	if (st == FOLIO_ERROR_NOMEM && !db->error.len)
		fo_db_fail(db, st, "out of memory");
	if (st == FOLIO_OK && report->skipped)
		st = fo_db_fail(db, FOLIO_ERROR_INPUT,
		                "%llu malformed posts or unreadable files skipped",
		                (unsigned long long)report->skipped);
	fo_merge_free(r.posts);
	fo_buf_free(&r.why);
	return st;
}
