/*
 * index.c: the writing half of the API: adding and deleting posts, and
 * indexing corpus files. A run reads every file first, merging posts by
 * URL (merge.h), then either syncs the live generation with it (sync.c:
 * only what changed is written, which makes re-runs cheap) or builds a
 * new generation from scratch (build.c).
 */
#define _XOPEN_SOURCE 700
#include "api/run.h"

#include "corpus/corpus.h"
#include "corpus/text.h"
#include "corpus/walk.h"
#include "index/indexer.h"
#include "index/merge.h"
#include "index/schema.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A summary may be long (a Debian package description can pass 64 KB),
 * but not this long. */
#define SUMMARY_MAX (16 * FO_FIELD_MAX)

/* Refuse a post with a field longer than FO_FIELD_MAX (a summary longer
 * than SUMMARY_MAX), as the markdown parser does for titles: a 200 KB
 * title is garbage, not a post. JSON Lines and API posts are held to it
 * here. */
static folio_status check_lengths(const folio_post *p, fo_buf *why)
{
	static const char *const names[] = { "url", "title", "company",
		"author", "type" };
	const char *fields[5];
	size_t i;

	fields[0] = p->url;
	fields[1] = p->title;
	fields[2] = p->company;
	fields[3] = p->author;
	fields[4] = p->type;
	for (i = 0; i < 5; i++) {
		if (fields[i] && strlen(fields[i]) > FO_FIELD_MAX) {
			fo_buf_printf(why, "%s longer than %d bytes", names[i],
			              FO_FIELD_MAX);
			return FOLIO_ERROR_INVALID;
		}
	}
	if (p->summary && strlen(p->summary) > SUMMARY_MAX) {
		fo_buf_printf(why, "summary longer than %d bytes", SUMMARY_MAX);
		return FOLIO_ERROR_INVALID;
	}
	for (i = 0; i < p->n_topics; i++) {
		if (strlen(p->topics[i]) > FO_FIELD_MAX) {
			fo_buf_printf(why, "topic longer than %d bytes",
			              FO_FIELD_MAX);
			return FOLIO_ERROR_INVALID;
		}
	}
	return FOLIO_OK;
}

static folio_status need_writer(folio_db *db)
{
	if (!db->writable)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "index %s was opened read-only", db->path);
	return FOLIO_OK;
}

folio_status fo_compare(fo_xdb *xdb, const folio_post *p, int *outcome,
                        fo_xerr *err)
{
	fo_buf term = FO_BUF_INIT;
	char *old = NULL, hex[17];
	size_t old_len = 0;
	uint32_t docid = 0;
	folio_status st;

	*outcome = 0;
	fo_url_term(p->url, &term);
	st = term.oom ? FOLIO_ERROR_NOMEM : FOLIO_OK;
	if (st == FOLIO_OK)
		st = fo_xdb_find(xdb, term.data, &docid, err);
	if (st == FOLIO_OK && docid)
		st = fo_xdb_get_value(xdb, docid, FO_SLOT_HASH, &old, &old_len,
		                      err);
	if (st == FOLIO_OK && docid) {
		snprintf(hex, sizeof hex, "%016llx",
		         (unsigned long long)fo_post_hash(p));
		*outcome = old_len == 16 && memcmp(old, hex, 16) == 0 ? 2 : 1;
	}
	free(old);
	fo_buf_free(&term);
	return st;
}

folio_status fo_store(folio_db *db, const folio_post *p, int *outcome)
{
	fo_xerr err = { "" };
	folio_status st;

	st = fo_compare(db->xdb, p, outcome, &err);
	if (st == FOLIO_OK && *outcome != 2) {
		st = fo_index_post(db->xdb, db->an, p, NULL, &err);
		if (st == FOLIO_OK && ++db->pending >= FO_COMMIT_BATCH) {
			st = fo_xdb_commit(db->xdb, &err);
			db->pending = 0;
		}
	}
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
	if (st == FOLIO_OK && (fo_post_check(post, &why) != FOLIO_OK ||
	                       check_lengths(post, &why) != FOLIO_OK))
		st = fo_db_fail(db, FOLIO_ERROR_INVALID, "%s", why.data);
	/* A merge of one post sorts and de-duplicates its topics. */
	if (st == FOLIO_OK && !(one = fo_merge_new()))
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		st = fo_merge_add(one, post);
	if (st == FOLIO_OK)
		st = fo_store(db, fo_merge_get(one, 0), &outcome);
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

folio_status fo_stamp(fo_run *r, fo_xdb *xdb, int full, fo_xerr *err)
{
	fo_buf corpus = FO_BUF_INIT;
	char now[32], *real;
	struct tm tm;
	time_t t = time(NULL);
	size_t i;
	folio_status st;

	gmtime_r(&t, &tm);
	strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm);
	for (i = 0; i < r->n_paths; i++) {
		real = realpath(r->paths[i], NULL);
		fo_buf_printf(&corpus, "%s%s", i ? "\n" : "",
		              real ? real : r->paths[i]);
		free(real);
	}
	st = corpus.oom ? FOLIO_ERROR_NOMEM : FOLIO_OK;
	if (st == FOLIO_OK && full)
		st = fo_xdb_set_metadata(xdb, FO_META_BUILT, now, err);
	if (st == FOLIO_OK)
		st = fo_xdb_set_metadata(xdb, FO_META_UPDATED, now, err);
	if (st == FOLIO_OK)
		st = fo_xdb_set_metadata(xdb, FO_META_CORPUS,
		                         corpus.data ? corpus.data : "", err);
	fo_buf_free(&corpus);
	return st;
}

static void report_problem(fo_run *r, const char *file, unsigned line,
                           const char *message)
{
	folio_diagnostic d;

	r->report->skipped++;
	if (!r->opts.diagnostic)
		return;
	d.file = file;
	d.line = line;
	d.message = message;
	d.warning = 0;
	r->opts.diagnostic(&d, r->opts.payload);
}

/* Tell the caller about the first word of each field of p that is cut for
 * the index (analyzer.h: FO_MAX_TERM_BYTES): the post is indexed, but the
 * rest of that word cannot be found. */
static void warn_cut_words(fo_run *r, const folio_post *p, const char *file,
                           unsigned line)
{
	const char *names[] = { "title", "summary", "company", "author",
		"type" };
	const char *fields[] = { p->title, p->summary, p->company, p->author,
		p->type };
	folio_diagnostic d;
	size_t i, start, end;

	if (!r->opts.diagnostic)
		return;
	for (i = 0; i < sizeof fields / sizeof *fields; i++) {
		if (!fields[i] || fo_analyzer_find_cut(r->db->an, fields[i],
		                                       strlen(fields[i]), &start,
		                                       &end) != 1)
			continue;
		fo_buf_clear(&r->why);
		fo_buf_printf(&r->why, "%s: the word of %zu bytes at byte %zu "
		              "is indexed by its first %d bytes only",
		              names[i], end - start, start + 1,
		              FO_MAX_TERM_BYTES);
		if (r->why.oom)
			return;
		d.file = file;
		d.line = line;
		d.message = r->why.data;
		d.warning = 1;
		r->opts.diagnostic(&d, r->opts.payload);
	}
}

static void on_problem(const char *file, unsigned line, const char *message,
                       void *ctx)
{
	report_problem(ctx, file, line, message);
}

static int on_post(const folio_post *p, const char *file, unsigned line,
                   void *ctx)
{
	fo_run *r = ctx;

	fo_buf_clear(&r->why);
	if (fo_post_check(p, &r->why) != FOLIO_OK ||
	    check_lengths(p, &r->why) != FOLIO_OK) {
		report_problem(r, file, line, r->why.data);
		return 0;
	}
	warn_cut_words(r, p, file, line);
	r->st = fo_merge_add(r->posts, p);
	return r->st != FOLIO_OK;
}

/* Bytes looked at to tell a binary file from text, as grep and git do. */
#define SNIFF_BYTES 8000

/* A binary file has NUL bytes and is not UTF-8 in its first few KB; text
 * with a stray NUL is still parsed (the parsers report that post). */
static int is_binary(const char *bytes, size_t len)
{
	size_t n = len < SNIFF_BYTES ? len : SNIFF_BYTES;

	/* A multi-byte sequence cut by the window's end is not an error. */
	return memchr(bytes, '\0', n) &&
	       fo_text_utf8_check(bytes, n, 1) + 4 < n;
}

/* Parse one file, mapped into memory so a large file costs no copy. */
static int on_file(const char *path, int kind, void *ctx)
{
	fo_run *r = ctx;
	fo_corpus_sink sink = { on_post, on_problem, r };
	struct stat st;
	void *map = NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st) != 0) {
		report_problem(r, path, 0, strerror(errno));
		goto done;
	}
	if (st.st_size > 0) {
		map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map == MAP_FAILED) {
			map = NULL;
			report_problem(r, path, 0, strerror(errno));
			goto done;
		}
	}
	if (map && is_binary(map, (size_t)st.st_size)) {
		report_problem(r, path, 0, "a binary file (NUL bytes, not "
		               "UTF-8), not a corpus file; not read");
		goto done;
	}
	r->report->files++;
	if (kind == FO_CORPUS_MARKDOWN)
		r->st = fo_markdown_parse(path, map ? map : "", map ? (size_t)st.st_size : 0, &sink);
	else
		r->st = fo_jsonl_parse(path, map ? map : "", map ? (size_t)st.st_size : 0, &sink);
	fo_run_progress(r, "reading", r->report->files, 0);
done:
	if (map)
		munmap(map, (size_t)st.st_size);
	if (fd >= 0)
		close(fd);
	return r->st != FOLIO_OK;
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
		                  "folio_index_options version %u is not %d",
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

/* Read every path. A path that does not exist is skipped like an
 * unreadable file; only when none exists is it an error. */
static folio_status read_corpus(fo_run *r)
{
	folio_db *db = r->db;
	struct stat sb;
	size_t i, found = 0;
	folio_status st = FOLIO_OK;

	for (i = 0; i < r->n_paths; i++)
		if (stat(r->paths[i], &sb) == 0)
			found++;
	if (r->n_paths && !found)
		return fo_db_fail(db, FOLIO_ERROR_NOT_FOUND, "%s: %s",
		                  r->paths[0], strerror(ENOENT));
	if (!(r->posts = fo_merge_new()))
		return FOLIO_ERROR_NOMEM;
	for (i = 0; st == FOLIO_OK && i < r->n_paths; i++) {
		folio_status walked = fo_walk(r->paths[i], on_file, on_problem, r);
		if (r->st != FOLIO_OK)
			st = r->st;
		else if (walked == FOLIO_ERROR_NOMEM)
			st = fo_db_fail(db, walked, "out of memory");
		else if (walked == FOLIO_ERROR_NOT_FOUND)
			report_problem(r, r->paths[i], 0, strerror(ENOENT));
	}
	return st;
}

folio_status folio_db_index_paths(folio_db *db, const char *const *paths,
                                  size_t n_paths,
                                  const folio_index_options *opts,
                                  folio_index_report *report)
{
	folio_index_report scratch;
	fo_xerr err = { "" };
	uint64_t docs = 0;
	fo_run r;
	size_t i;
	folio_status st;

	fo_db_begin(db);
	memset(&r, 0, sizeof r);
	if (!report)
		report = &scratch;
	memset(report, 0, sizeof *report);
	r.db = db;
	r.report = report;
	r.paths = paths;
	r.n_paths = n_paths;
	st = need_writer(db);
	if (st == FOLIO_OK && n_paths && !paths)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID, "no paths given");
	if (st == FOLIO_OK)
		st = take_options(&r, opts);
	/* Posts added through the API so far are committed first: a full
	 * build replaces the generation they were written to. */
	if (st == FOLIO_OK && db->pending) {
		st = fo_db_xfail(db, fo_xdb_commit(db->xdb, &err), &err);
		db->pending = 0;
	}
	if (st == FOLIO_OK)
		st = read_corpus(&r);
	if (st == FOLIO_OK)
		report->posts = fo_merge_count(r.posts);
	if (st == FOLIO_OK)
		st = fo_db_xfail(db, fo_xdb_doccount(db->xdb, &docs, &err), &err);
	if (st == FOLIO_OK)
		st = fo_find_gone(&r);
	/* A bare glass database (no stub) has no generations to switch. */
	if (st == FOLIO_OK && db->live.len &&
	    (r.opts.rebuild || docs == 0 || fo_reshard(&r)) &&
	    (report->posts || r.n_gone))
		st = fo_build(&r);
	else if (st == FOLIO_OK)
		st = fo_sync(&r);
	if (st == FOLIO_ERROR_NOMEM && !db->error.len)
		fo_db_fail(db, st, "out of memory");
	if (st == FOLIO_OK && report->skipped)
		st = fo_db_fail(db, FOLIO_ERROR_INPUT,
		                "%llu malformed posts or unreadable files skipped",
		                (unsigned long long)report->skipped);
	for (i = 0; i < r.n_gone; i++)
		free(r.gone[i]);
	free(r.gone);
	fo_merge_free(r.posts);
	fo_buf_free(&r.why);
	return st;
}
