/*
 * similar.c: folio_db_similar, "more like this" by relevance feedback.
 * The post is the relevance set; the terms that best distinguish it from
 * the collection (Xapian's ESet, by the probabilistic expand weight of
 * bm25.rst / Robertson's term selection value, worked out from the
 * post's record: expand.h), ORed and ranked by BM25 without the post
 * itself, find the posts most like it.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/expand.h"
#include "api/results.h"
#include "index/urlterm.h"
#include "util/ascii.h"
#include "util/grow.h"

#include <stdlib.h>
#include <string.h>

/* How many expand terms make the query: enough to describe a summary,
 * few enough to keep it fast. */
#define SIMILAR_TERMS 25

typedef struct similar {
	char **terms;
	size_t n, cap;
	fo_buf qterm; /* the post's unique term, to leave it out */
	int oom;
} similar;

static void on_term(const char *term, size_t len, double weight, void *ctx)
{
	similar *s = ctx;

	(void)weight;
	if (s->oom)
		return;
	if (fo_grow((void **)&s->terms, &s->cap, s->n, sizeof *s->terms) != 0 ||
	    !(s->terms[s->n] = strndup(term, len))) {
		s->oom = 1;
		return;
	}
	s->n++;
}

static folio_status add_unit(fo_compiled *c, const char *term)
{
	fo_hlunit *hl;
	fo_qunit *u;

	if (fo_grow((void **)&c->units, &c->cap_units, c->n_units,
	            sizeof *c->units) != 0)
		return FOLIO_ERROR_NOMEM;
	u = &c->units[c->n_units++];
	memset(u, 0, sizeof *u);
	u->how = "exact";
	u->field = "text";
	u->scale = 1.0;
	u->label = strdup(term);
	u->terms = calloc(1, sizeof *u->terms);
	if (!u->label || !u->terms || !(u->terms[0] = strdup(term)))
		return FOLIO_ERROR_NOMEM;
	u->n_terms = 1;
	if (fo_grow((void **)&c->hl.units, &c->hl.cap, c->hl.n,
	            sizeof *c->hl.units) != 0)
		return FOLIO_ERROR_NOMEM;
	hl = &c->hl.units[c->hl.n++];
	memset(hl, 0, sizeof *hl);
	hl->kind = FO_HL_EXACT;
	return (hl->term = strdup(term)) ? FOLIO_OK : FOLIO_ERROR_NOMEM;
}

/* OR(terms) AND_NOT the post; term zero_unit weighted 0. A post with no
 * term that sets it apart (another post has all its words) is like no
 * other: a query that matches nothing, as a search for words no post has
 * finds nothing, without error. */
static folio_status build(folio_db *db, const void *ctx, long zero_unit,
                          fo_compiled *out)
{
	const similar *s = ctx;
	fo_xquery **subs = calloc(s->n ? s->n : 1, sizeof *subs);
	fo_xquery *sub[2] = { NULL, NULL };
	folio_status st = subs ? FOLIO_OK : FOLIO_ERROR_NOMEM;
	size_t i;

	(void)db;
	memset(out, 0, sizeof *out);
	for (i = 0; st == FOLIO_OK && i < s->n; i++) {
		fo_xquery *t = fo_xquery_term(s->terms[i], strlen(s->terms[i]),
		                              1);
		subs[i] = (long)i == zero_unit && t ? fo_xquery_scale(t, 0) : t;
		if (subs[i] != t)
			fo_xquery_free(t);
		st = subs[i] ? add_unit(out, s->terms[i]) : FOLIO_ERROR_NOMEM;
	}
	if (st == FOLIO_OK && s->n > 0 &&
	    (sub[0] = fo_xquery_combine(FO_XOP_OR, subs, s->n, 0)) &&
	    (sub[1] = fo_xquery_term(s->qterm.data, s->qterm.len, 1)))
		out->q = fo_xquery_combine(FO_XOP_AND_NOT, sub, 2, 0);
	if (st == FOLIO_OK && s->n == 0)
		out->q = fo_xquery_match_nothing();
	if (st == FOLIO_OK && !out->q)
		st = FOLIO_ERROR_NOMEM;
	fo_xquery_free(sub[0]);
	fo_xquery_free(sub[1]);
	for (i = 0; subs && i < s->n; i++)
		fo_xquery_free(subs[i]);
	free(subs);
	if (st != FOLIO_OK)
		fo_compiled_free(out);
	return st;
}

/* "(" less ")" in s[0..len). */
static long unclosed(const char *s, size_t len)
{
	long n = 0;

	while (len--)
		n += (s[len] == '(') - (s[len] == ')');
	return n;
}

/* The post of a URL pasted as <https://...>, in brackets or ending a
 * sentence, with white space around it, as a query finds it (the query
 * parser reads the brackets and the blanks, fo_url_trim the rest);
 * *docid 0 when none has it. */
static folio_status find_pasted(folio_db *db, const char *url, fo_buf *term,
                                uint32_t *docid)
{
	const char *s = url;
	size_t len = strlen(url);
	fo_buf trimmed = FO_BUF_INIT;
	folio_status st = FOLIO_OK;

	while (len && fo_ascii_is_space(s[0]))
		s++, len--;
	while (len && fo_ascii_is_space(s[len - 1]))
		len--;
	if (len && s[0] == '(')
		s++, len--;
	fo_url_trim(&s, &len);
	/* a ")" that closes no "(" of the URL's own (as in
	 * .../Lock_(computer_science) it does) */
	while (len && s[len - 1] == ')' && unclosed(s, len) < 0) {
		len--;
		fo_url_trim(&s, &len);
	}
	if (len && len != strlen(url)) {
		fo_buf_append(&trimmed, s, len);
		st = trimmed.oom ? fo_db_fail(db, FOLIO_ERROR_NOMEM,
		                              "out of memory")
		                 : fo_db_find_url(db, trimmed.data, term, docid);
	}
	fo_buf_free(&trimmed);
	return st;
}

static folio_status similar_once(folio_db *db, const fo_retry *call,
                                 const char *url,
                                 const folio_search_options *opts,
                                 folio_results **out)
{
	similar s;
	fo_search_run run;
	fo_compiled c;
	uint32_t docid = 0;
	size_t i;
	folio_status st;

	(void)call; /* nothing in it searches again */
	memset(&s, 0, sizeof s);
	memset(&c, 0, sizeof c);
	st = fo_search_begin(db, url && *url,
	                     "folio_db_similar needs a URL and an out pointer",
	                     opts, &run, out);
	if (st == FOLIO_OK)
		st = fo_db_refresh(db);
	if (st == FOLIO_OK)
		st = fo_db_find_url(db, url, &s.qterm, &docid);
	if (st == FOLIO_OK && !docid)
		st = find_pasted(db, url, &s.qterm, &docid);
	if (st == FOLIO_OK && !docid)
		st = fo_db_fail(db, FOLIO_ERROR_NOT_FOUND, "no post with URL %s",
		                url);
	if (st == FOLIO_OK)
		st = fo_expand_post(db, docid, SIMILAR_TERMS, on_term, &s);
	if (st == FOLIO_OK && s.oom)
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		st = build(db, &s, -1, &c);
	if (st == FOLIO_OK)
		st = fo_date_filter(db, &run.opts, &run.filter);
	if (st == FOLIO_OK) {
		run.query = &c;
		run.rebuild = build;
		run.rebuild_ctx = &s;
		st = fo_search_execute(db, &run, out);
	}
	if (st == FOLIO_ERROR_NOMEM && !db->error.len)
		fo_db_fail(db, st, "out of memory");
	fo_xquery_free(run.filter);
	fo_compiled_free(&c);
	for (i = 0; i < s.n; i++)
		free(s.terms[i]);
	free(s.terms);
	fo_buf_free(&s.qterm);
	return st;
}

folio_status folio_db_similar(folio_db *db, const char *url,
                              const folio_search_options *opts,
                              folio_results **out)
{
	folio_status st = fo_search_refuse_nested(db, "folio_db_similar", out);
	fo_retry r;

	if (st != FOLIO_OK)
		return st;
	fo_retry_start(&r, db);
	return fo_search_retry(similar_once, db, &r, url, opts, out);
}
