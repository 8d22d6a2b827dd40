/*
 * search.c: the reading half of the API. A query is analysed into a Xapian
 * query (search/query.c), ranked by BM25 in the bridge, and each hit's
 * stored post decoded and given a snippet (search/snippet.c).
 */
#include "api/db.h"

#include "index/docdata.h"
#include "index/schema.h"
#include "search/query.h"
#include "search/snippet.h"

#include <stdlib.h>
#include <string.h>

struct folio_results {
	size_t n;
	uint64_t total;
	folio_hit *hits;
	fo_docdata *posts;
	char **snippets;
};

/* BM25 parameters (Xapian's BM25Weight defaults, bm25.rst): k1 = 1 for
 * term-frequency saturation, b = 0.5 length normalisation. */
#define BM25_K1 1.0
#define BM25_K2 0.0
#define BM25_K3 1.0
#define BM25_B 0.5
#define BM25_MIN_NORMLEN 0.5

/* Count matches exactly up to this many; beyond it totals are estimates. */
#define CHECK_AT_LEAST 1000

size_t folio_results_count(const folio_results *r)
{
	return r ? r->n : 0;
}

uint64_t folio_results_total(const folio_results *r)
{
	return r ? r->total : 0;
}

const folio_hit *folio_results_hit(const folio_results *r, size_t i)
{
	return r && i < r->n ? &r->hits[i] : NULL;
}

void folio_results_free(folio_results *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->n; i++) {
		fo_docdata_free(&r->posts[i]);
		free(r->snippets[i]);
	}
	free(r->hits);
	free(r->posts);
	free(r->snippets);
	free(r);
}

/* Decode the page of hits in m into r, with snippets. */
static folio_status fill_hits(folio_db *db, const fo_xmset *m,
                             const fo_termset *terms,
                             const folio_search_options *opts,
                             folio_results *r)
{
	size_t i, n = fo_xmset_size(m);
	fo_buf snip = FO_BUF_INIT;
	folio_status st = FOLIO_OK;

	r->hits = calloc(n ? n : 1, sizeof *r->hits);
	r->posts = calloc(n ? n : 1, sizeof *r->posts);
	r->snippets = calloc(n ? n : 1, sizeof *r->snippets);
	if (!r->hits || !r->posts || !r->snippets)
		return FOLIO_ERROR_NOMEM;
	for (i = 0; st == FOLIO_OK && i < n; i++) {
		size_t len;
		const char *data = fo_xmset_data(m, i, &len);
		folio_hit *h = &r->hits[i];
		const folio_post *p;

		st = fo_docdata_decode(data, len, &r->posts[i]);
		if (st == FOLIO_ERROR_CORRUPT)
			fo_db_fail(db, st, "document %u has damaged data",
			           (unsigned)fo_xmset_docid(m, i));
		if (st != FOLIO_OK)
			break;
		r->n = i + 1;
		fo_buf_clear(&snip);
		p = &r->posts[i].post;
		st = fo_snippet(db->an, p->summary, terms, opts->snippet_bytes,
		                opts->highlight_start, opts->highlight_end, &snip);
		if (st == FOLIO_OK && !(r->snippets[i] = fo_buf_detach(&snip)))
			st = FOLIO_ERROR_NOMEM;
		h->rank = opts->offset + i + 1;
		h->score = fo_xmset_weight(m, i);
		h->url = p->url;
		h->title = p->title;
		h->company = p->company;
		h->author = p->author;
		h->published = p->published;
		h->type = p->type;
		h->topics = p->topics;
		h->n_topics = p->n_topics;
		h->summary = p->summary;
		h->snippet = r->snippets[i];
	}
	fo_buf_free(&snip);
	return st;
}

folio_status folio_db_search(folio_db *db, const char *query,
                             const folio_search_options *opts,
                             folio_results **out)
{
	static const folio_search_options defaults = FOLIO_SEARCH_OPTIONS_INIT;
	fo_xquery *q = NULL;
	fo_xmset *m = NULL;
	fo_termset terms;
	fo_xsearch params;
	fo_xerr err = { "" };
	folio_results *r = NULL;
	folio_status st = FOLIO_OK;

	memset(&terms, 0, sizeof terms);
	if (out)
		*out = NULL;
	fo_db_begin(db);
	if (!opts)
		opts = &defaults;
	if (!query || !out)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID,
		                "folio_db_search needs a query and an out pointer");
	else if (opts->version != FOLIO_SEARCH_OPTIONS_VERSION)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID,
		                "folio_search_options version %u is not %d",
		                opts->version, FOLIO_SEARCH_OPTIONS_VERSION);
	if (st == FOLIO_OK)
		st = fo_query_build(db->an, query, &q, &terms);
	if (st == FOLIO_OK && !q)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID,
		                "the query has no words to search for");
	/* A reader sees commits and generation switches made since it
	 * opened (db.c). */
	if (st == FOLIO_OK)
		st = fo_db_refresh(db);
	if (st == FOLIO_OK) {
		memset(&params, 0, sizeof params);
		params.offset = opts->offset;
		params.limit = opts->limit;
		params.sort_slot = FO_SLOT_DATE;
		params.tie_slot = FO_SLOT_TIE;
		params.sort = opts->sort == FOLIO_SORT_NEWEST ? FO_XSORT_VALUE_DESC
		            : opts->sort == FOLIO_SORT_OLDEST ? FO_XSORT_VALUE_ASC
		                                              : FO_XSORT_RELEVANCE;
		params.k1 = BM25_K1;
		params.k2 = BM25_K2;
		params.k3 = BM25_K3;
		params.b = BM25_B;
		params.min_normlen = BM25_MIN_NORMLEN;
		params.check_at_least = CHECK_AT_LEAST;
		st = fo_db_xfail(db, fo_xdb_search(db->xdb, q, &params, &m, &err),
		                 &err);
	}
	if (st == FOLIO_OK && !(r = calloc(1, sizeof *r)))
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK) {
		r->total = fo_xmset_estimate(m);
		st = fill_hits(db, m, &terms, opts, r);
	}
	if (st == FOLIO_ERROR_NOMEM && !db->error.len)
		fo_db_fail(db, st, "out of memory");
	if (st == FOLIO_OK) {
		*out = r;
		r = NULL;
	}
	folio_results_free(r);
	fo_xmset_free(m);
	fo_xquery_free(q);
	fo_termset_free(&terms);
	return st;
}
