/*
 * search.c: the reading half of the API. A query is parsed
 * (search/qparse.c), compiled with the index's analyzer into a Xapian
 * query (search/query.c), ranked by BM25 in the bridge, and each hit's
 * stored post decoded and given a snippet (search/snippet.c); facets,
 * spelling suggestions and notices come along with the hits.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/results.h"

#include "analyzer/analyzer.h"
#include "index/indexer.h"
#include "index/schema.h"
#include "search/cover.h"
#include "search/qdate.h"
#include "search/snippet.h"
#include "search/spell.h"
#include "util/grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Count matches exactly up to this many; beyond it totals are estimates. */
#define CHECK_AT_LEAST 1000

/* The facets, in the order folio_results_facet reports them. */
static const struct {
	const char *name;
	unsigned slot;
} facet_slots[FO_N_FACETS] = {
	{ "company", FO_SLOT_COMPANY },
	{ "type", FO_SLOT_TYPE },
	{ "topic", FO_SLOT_TOPICS },
	{ "year", FO_SLOT_YEAR },
};

size_t folio_results_count(const folio_results *r)
{
	return r ? r->n : 0;
}

uint64_t folio_results_total(const folio_results *r)
{
	return r ? r->total : 0;
}

int folio_results_total_exact(const folio_results *r)
{
	return r ? r->total_exact : 0;
}

const folio_hit *folio_results_hit(const folio_results *r, size_t i)
{
	return r && i < r->n ? &r->hits[i] : NULL;
}

size_t folio_results_notice_count(const folio_results *r)
{
	return r ? r->n_notices : 0;
}

const folio_notice *folio_results_notice(const folio_results *r, size_t i)
{
	return r && i < r->n_notices ? &r->notices[i] : NULL;
}

const char *folio_results_suggestion(const folio_results *r)
{
	return r ? r->suggestion : NULL;
}

size_t folio_results_facet_count(const folio_results *r)
{
	return r ? r->n_facets : 0;
}

const folio_facet *folio_results_facet(const folio_results *r, size_t i)
{
	return r && i < r->n_facets ? &r->facets[i] : NULL;
}

const folio_explain_term *folio_results_explain(const folio_results *r,
                                                size_t i, size_t *n)
{
	if (!r || !r->explain || i >= r->n) {
		if (n)
			*n = 0;
		return NULL;
	}
	if (n)
		*n = r->n_explain[i];
	return r->explain[i];
}

size_t folio_db_error_position(const folio_db *db)
{
	return db ? db->error_pos : 0;
}

void folio_results_free(folio_results *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->n; i++) {
		fo_docdata_free(&r->posts[i]);
		free(r->snippets[i]);
		free(r->titles[i]);
		if (r->explain)
			free(r->explain[i]);
	}
	for (i = 0; i < r->n_facets; i++)
		free((void *)r->facets[i].values);
	for (i = 0; i < r->n_strs; i++)
		free(r->strs[i]);
	free(r->strs);
	free(r->explain);
	free(r->n_explain);
	free(r->covers);
	free(r->factors);
	free(r->notices);
	free(r->suggestion);
	free(r->hits);
	free(r->posts);
	free(r->snippets);
	free(r->titles);
	free(r->docids);
	free(r);
}

char *fo_results_keep(folio_results *r, const char *s, size_t len)
{
	char *copy;

	if (fo_grow((void **)&r->strs, &r->cap_strs, r->n_strs,
	            sizeof *r->strs) != 0 ||
	    !(copy = malloc(len + 1)))
		return NULL;
	memcpy(copy, s, len);
	copy[len] = '\0';
	r->strs[r->n_strs++] = copy;
	return copy;
}

/* Decode m's hit k into *out. */
static folio_status decode_hit(folio_db *db, const fo_xmset *m, size_t k,
                               fo_docdata *out)
{
	size_t len;
	const char *data = fo_xmset_data(m, k, &len);
	folio_status st = fo_docdata_decode(data, len, out);

	if (st == FOLIO_ERROR_CORRUPT)
		fo_db_fail(db, st, "document %u has damaged data",
		           (unsigned)fo_xmset_docid(m, k));
	return st;
}

/* Decode the page of hits into r, with snippets: m's hits
 * order[first..first + n) (all of m in order when order is NULL), each
 * weight times its factor. A hit the second phase decoded already
 * (decoded[k].mem set) is taken from there. */
static folio_status fill_hits(folio_db *db, const fo_xmset *m,
                             const fo_compiled *q,
                             const folio_search_options *opts,
                             const size_t *order, const double *factor,
                             fo_docdata *decoded, size_t first, size_t n,
                             folio_results *r)
{
	fo_buf snip = FO_BUF_INIT;
	/* one analysis scratch for the page: its words recur */
	fo_hlscan scan;
	fo_marks marks = { opts->highlight_start, opts->highlight_end,
		           (opts->flags & FOLIO_SEARCH_HTML) != 0 };
	/* Without markers or escaping a marked title is the title. */
	int mark_titles = marks.start || marks.end || marks.html;
	const fo_termset *terms = &q->hl;
	/* Titles are marked by free words and title: words together. */
	fo_termset title_terms = q->hl;
	folio_status st = FOLIO_OK;
	size_t i;

	memset(&scan, 0, sizeof scan);
	if (mark_titles && q->hl_title.n) {
		title_terms.n = q->hl.n + q->hl_title.n;
		title_terms.units = malloc(title_terms.n *
		                           sizeof *title_terms.units);
		if (!title_terms.units) {
			st = FOLIO_ERROR_NOMEM;
		} else {
			if (q->hl.n)
				memcpy(title_terms.units, q->hl.units,
				       q->hl.n * sizeof *q->hl.units);
			memcpy(title_terms.units + q->hl.n, q->hl_title.units,
			       q->hl_title.n * sizeof *q->hl_title.units);
		}
	}

	r->hits = calloc(n ? n : 1, sizeof *r->hits);
	r->posts = calloc(n ? n : 1, sizeof *r->posts);
	r->snippets = calloc(n ? n : 1, sizeof *r->snippets);
	r->titles = calloc(n ? n : 1, sizeof *r->titles);
	r->docids = calloc(n ? n : 1, sizeof *r->docids);
	if (st == FOLIO_OK && (!r->hits || !r->posts || !r->snippets ||
	                       !r->titles || !r->docids))
		st = FOLIO_ERROR_NOMEM;
	for (i = 0; st == FOLIO_OK && i < n; i++) {
		size_t k = order ? order[first + i] : first + i;
		folio_hit *h = &r->hits[i];
		const folio_post *p;

		if (decoded && decoded[k].mem) {
			r->posts[i] = decoded[k];
			memset(&decoded[k], 0, sizeof decoded[k]);
		} else if ((st = decode_hit(db, m, k, &r->posts[i])) !=
		           FOLIO_OK) {
			break;
		}
		r->n = i + 1;
		r->docids[i] = fo_xmset_docid(m, k);
		fo_buf_clear(&snip);
		p = &r->posts[i].post;
		/* A NEAR that the title holds marks nothing in the summary
		 * by the search's wider window, nor the reverse (hlspans.h
		 * near_held): the title is looked at first, and marked once
		 * the summary has been. */
		scan.near_held = 0;
		if (mark_titles && q->n_near)
			st = fo_highlight(db->an, &scan, p->title, &title_terms,
			                  &marks, &snip);
		fo_buf_clear(&snip);
		/* snippet_bytes 0: no snippet (folio.h), not an ellipsis */
		if (st == FOLIO_OK && opts->snippet_bytes)
			st = fo_snippet(db->an, &scan, p->summary, terms,
			                opts->snippet_bytes, &marks, &snip);
		if (st == FOLIO_OK && !(r->snippets[i] = fo_buf_detach(&snip)))
			st = FOLIO_ERROR_NOMEM;
		if (st == FOLIO_OK && mark_titles)
			st = fo_highlight(db->an, &scan, p->title, &title_terms,
			                  &marks, &snip);
		if (st == FOLIO_OK && mark_titles &&
		    !(r->titles[i] = fo_buf_detach(&snip)))
			st = FOLIO_ERROR_NOMEM;
		h->rank = opts->offset + i + 1;
		h->score = fo_xmset_weight(m, k) * (factor ? factor[k] : 1.0);
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
		h->title_marked = mark_titles ? r->titles[i] : p->title;
	}
	fo_buf_free(&snip);
	fo_hl_scan_free(&scan);
	if (title_terms.units != q->hl.units)
		free(title_terms.units);
	return st;
}

/* Each hit's coverage and factor, for explanations. */
static folio_status keep_covers(folio_results *r, const size_t *order,
                                const double *factor, const fo_cover *cover,
                                size_t first)
{
	size_t i;

	r->covers = calloc(r->n ? r->n : 1, sizeof *r->covers);
	r->factors = calloc(r->n ? r->n : 1, sizeof *r->factors);
	if (!r->covers || !r->factors)
		return FOLIO_ERROR_NOMEM;
	for (i = 0; i < r->n; i++) {
		r->covers[i] = cover[order[first + i]];
		r->factors[i] = factor[order[first + i]];
	}
	return FOLIO_OK;
}

/* Whether a is above b by more than the last bits a weight summed over
 * shards may differ in. */
static int above(double a, double b)
{
	return a - b > FO_TIE_TOLERANCE * (a > b ? a : b);
}

/* The second phase (cover.h): the first n hits of m decoded into
 * decoded[0..n) (for fill_hits to take), scored again by their titles'
 * coverage into factor[0..n), and order[0..n) sorted by the new scores;
 * hits that tie keep Xapian's order (relevance, then the tie slot). */
static folio_status rescore(folio_db *db, const fo_xmset *m,
                            const fo_termset *terms, size_t n, size_t *order,
                            double *factor, fo_cover *cover,
                            fo_docdata *decoded)
{
	fo_cover_words *w = NULL;
	folio_status st;
	size_t i, j;

	st = fo_cover_words_new(db->an, terms, &w);
	for (i = 0; st == FOLIO_OK && i < n; i++) {
		st = decode_hit(db, m, i, &decoded[i]);
		if (st == FOLIO_OK)
			st = fo_title_cover(db->an, w, decoded[i].post.title,
			                    &cover[i]);
		factor[i] = fo_cover_factor(&db->rank, &cover[i]);
		order[i] = i;
	}
	/* insertion sort: n is small, and it is stable */
	for (i = 1; st == FOLIO_OK && i < n; i++) {
		size_t k = order[i];
		double s = fo_xmset_weight(m, k) * factor[k];

		for (j = i; j > 0; j--) {
			size_t p = order[j - 1];
			if (!above(s, fo_xmset_weight(m, p) * factor[p]))
				break;
			order[j] = p;
		}
		order[j] = k;
	}
	fo_cover_words_free(w);
	return st;
}

static folio_status fill_facets(const fo_xmset *m, folio_results *r)
{
	size_t f, i;

	for (f = 0; f < FO_N_FACETS; f++) {
		unsigned slot = facet_slots[f].slot;
		size_t n = fo_xmset_facet_size(m, slot);
		folio_facet_value *v = calloc(n ? n : 1, sizeof *v);

		if (!v)
			return FOLIO_ERROR_NOMEM;
		r->facets[f].name = facet_slots[f].name;
		r->facets[f].values = v;
		r->n_facets = f + 1;
		for (i = 0; i < n; i++) {
			size_t len;
			const char *s = fo_xmset_facet(m, slot, i, &len,
			                               &v[i].count);
			if (!(v[i].value = fo_results_keep(r, s, len)))
				return FOLIO_ERROR_NOMEM;
			r->facets[f].n_values = i + 1;
		}
	}
	return FOLIO_OK;
}

folio_status fo_search_options(folio_db *db, const folio_search_options *in,
                               folio_search_options *full)
{
	static const folio_search_options defaults = FOLIO_SEARCH_OPTIONS_INIT;
	unsigned unknown;

	*full = defaults;
	if (!in)
		return FOLIO_OK;
	if (in->version == 1) {
		/* A version 1 struct ends after snippet_bytes; its sort is
		 * checked below like a version 2 one's. */
		memcpy(full, in, offsetof(folio_search_options, flags));
		full->version = FOLIO_SEARCH_OPTIONS_VERSION;
	} else if (in->version != FOLIO_SEARCH_OPTIONS_VERSION) {
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "folio_search_options version %u is unknown "
		                  "(this folio takes 1 to %d)",
		                  in->version, FOLIO_SEARCH_OPTIONS_VERSION);
	} else {
		*full = *in;
	}
	/* A newer caller's flag must not be taken for nothing. */
	unknown = full->flags &
	          ~(unsigned)(FOLIO_SEARCH_STRICT | FOLIO_SEARCH_FACETS |
	                      FOLIO_SEARCH_EXPLAIN | FOLIO_SEARCH_NO_SUGGEST |
	                      FOLIO_SEARCH_HTML | FOLIO_SEARCH_EXHAUSTIVE);
	if (unknown)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "folio_search_options has unknown flags 0x%x",
		                  unknown);
	if (full->match > FOLIO_MATCH_ANY || full->sort > FOLIO_SORT_OLDEST)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "folio_search_options has an unknown %s",
		                  full->sort > FOLIO_SORT_OLDEST ? "sort"
		                                                 : "match");
	/* One marker alone leaves every match unclosed (a "<b>" that bolds
	 * the rest of the page). */
	if (!full->highlight_start != !full->highlight_end)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "folio_search_options.%s is set but %s is "
		                  "NULL: set both markers or neither",
		                  full->highlight_start ? "highlight_start"
		                                        : "highlight_end",
		                  full->highlight_start ? "highlight_end"
		                                        : "highlight_start");
	return FOLIO_OK;
}

folio_status fo_date_filter(folio_db *db, const folio_search_options *opts,
                            fo_xquery **out)
{
	char lo[11] = "", hi[11] = "", why[200];

	*out = NULL;
	if (opts->since &&
	    fo_qdate_bound(opts->since, strlen(opts->since), 0, lo, why,
	                   sizeof why) != 0)
		return fo_db_fail(db, FOLIO_ERROR_INVALID, "since: %s", why);
	if (opts->until &&
	    fo_qdate_bound(opts->until, strlen(opts->until), 1, hi, why,
	                   sizeof why) != 0)
		return fo_db_fail(db, FOLIO_ERROR_INVALID, "until: %s", why);
	if (lo[0] && hi[0] && strcmp(lo, hi) > 0)
		return fo_db_fail(db, FOLIO_ERROR_INVALID,
		                  "since %s is after until %s", lo, hi);
	if (!lo[0] && !hi[0])
		return FOLIO_OK;
	*out = fo_xquery_value_range(FO_SLOT_DATE, lo[0] ? lo : NULL,
	                             hi[0] ? hi : NULL);
	return *out ? FOLIO_OK : FOLIO_ERROR_NOMEM;
}

/* What the bridge is asked for a page of opts; a rescoring window
 * (cover.h) fetches its first window hits whatever the page. */
static void search_params(const folio_db *db, const folio_search_options *opts,
                          size_t window, fo_xsearch *params)
{
	unsigned f;

	memset(params, 0, sizeof *params);
	params->offset = opts->offset;
	params->limit = opts->limit;
	if (window) {
		params->offset = 0;
		params->limit = opts->offset + opts->limit > window
		                    ? opts->offset + opts->limit
		                    : window;
		/* the second phase decodes the window, fill_hits the page */
		params->head = window;
		params->page = opts->offset;
	}
	params->sort_slot =
	    opts->sort == FOLIO_SORT_OLDEST ? FO_SLOT_DATE_LAST : FO_SLOT_DATE;
	params->tie_slot = FO_SLOT_TIE;
	params->tier_prefix = FO_PREFIX_YEAR;
	params->sort = opts->sort == FOLIO_SORT_NEWEST   ? FO_XSORT_VALUE_DESC
	               : opts->sort == FOLIO_SORT_OLDEST ? FO_XSORT_VALUE_ASC
	                                                 : FO_XSORT_RELEVANCE;
	/* BM25Weight(k1, k2, k3, b, min_normlen), bm25.rst; k2 = 0 and k3 = 1
	 * make the query side neutral. */
	params->k1 = db->rank.k1;
	params->k2 = 0;
	params->k3 = 1;
	params->b = db->rank.b;
	params->min_normlen = db->rank.min_normlen;
	params->delta = db->rank.delta;
	/* one more than the total promised exact: seeing it proves that there
	 * are more. Facets count every match, so every match must be seen. */
	params->check_at_least = CHECK_AT_LEAST + 1;
	params->exhaustive =
	    (opts->flags & (FOLIO_SEARCH_FACETS | FOLIO_SEARCH_EXHAUSTIVE)) !=
	    0;
	/* with exhaustive, the bridge raises check_at_least to the posts of
	 * the commit it reads */
	for (f = 0; (opts->flags & FOLIO_SEARCH_FACETS) && f < FO_N_FACETS; f++)
		params->facet_slots |= 1u << facet_slots[f].slot;
	/* one value per filter term: company:"red hat" finds both "Red Hat"
	 * and "RED HAT", so their facet counts both */
	params->facet_key = fo_normalize_value;
	params->facet_mixed = fo_mixed_case;
}

folio_status fo_search_execute(folio_db *db, const fo_search_run *s,
                               folio_results **out)
{
	folio_search_options page = s->opts;
	const folio_search_options *opts = &page;
	fo_xquery *q = s->query->q, *sub[2], *filtered = NULL;
	fo_xmset *m = NULL;
	fo_xsearch params;
	fo_xerr err = { "" };
	folio_results *r = NULL;
	size_t *order = NULL, window = 0, first = 0, n = 0, all = 0, i;
	double *factor = NULL;
	fo_cover *cover = NULL;
	fo_docdata *decoded = NULL;
	folio_status st = FOLIO_OK;

	*out = NULL;
	if (s->filter) {
		sub[0] = q;
		sub[1] = s->filter;
		if (!(q = filtered = fo_xquery_combine(FO_XOP_FILTER, sub, 2, 0)))
			return FOLIO_ERROR_NOMEM;
	}
	/* The second phase rescores a fixed window of first hits, whatever
	 * the page, so that pages agree (cover.h). */
	if (s->rescore && opts->sort == FOLIO_SORT_RELEVANCE && opts->limit &&
	    s->query->hl.n && s->query->ranked &&
	    (db->rank.cover_penalty > 0 || db->rank.cover_bonus > 0))
		window = db->rank.cover_window;
	/* No page holds more hits than an index can hold posts (Xapian's
	 * document count is 32 bits). Bounded so, offset + limit cannot wrap
	 * around, whatever a caller asks for (SIZE_MAX for every hit). The
	 * bridge bounds the page by the posts of the commit it reads: a
	 * count taken here may be of an earlier one (a rebuild's switch). */
	if (page.offset > UINT32_MAX)
		page.offset = UINT32_MAX;
	if (page.limit > UINT32_MAX)
		page.limit = UINT32_MAX;
	if (st == FOLIO_OK) {
		search_params(db, opts, window, &params);
		/* the speller looks up each word of every query: a term's
		 * frequency the match has read already costs no more */
		if (s->match && !(opts->flags & FOLIO_SEARCH_NO_SUGGEST))
			params.termfreqs_below = UINT64_MAX;
		st = fo_db_xfail(db, fo_xdb_search(db->xdb, q, &params, &m, &err),
		                 &err);
	}
	if (st == FOLIO_OK && !(r = calloc(1, sizeof *r)))
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK) {
		r->total = fo_xmset_estimate(m);
		r->total_exact = fo_xmset_exact(m);
		n = fo_xmset_size(m);
	}
	if (st == FOLIO_OK && window) {
		size_t w = n < window ? n : window;

		all = n;
		order = calloc(all ? all : 1, sizeof *order);
		factor = calloc(all ? all : 1, sizeof *factor);
		cover = calloc(all ? all : 1, sizeof *cover);
		decoded = calloc(all ? all : 1, sizeof *decoded);
		if (!order || !factor || !cover || !decoded)
			st = FOLIO_ERROR_NOMEM;
		else
			st = rescore(db, m, &s->query->hl, w, order, factor,
			             cover, decoded);
		for (; st == FOLIO_OK && w < all; w++)
			order[w] = w, factor[w] = 1.0;
		first = opts->offset < all ? opts->offset : all;
		n = all - first < opts->limit ? all - first : opts->limit;
	}
	if (st == FOLIO_OK)
		st = fill_hits(db, m, s->query, opts, order, factor, decoded,
		               first, n, r);
	if (st == FOLIO_OK && window)
		st = keep_covers(r, order, factor, cover, first);
	if (st == FOLIO_OK && (opts->flags & FOLIO_SEARCH_FACETS))
		st = fill_facets(m, r);
	if (st == FOLIO_OK && (opts->flags & FOLIO_SEARCH_EXPLAIN)) {
		/* Each explanation is searches of its own, which a commit
		 * may move to a newer state than the hits' (bridge.h
		 * fo_xdb_moves): their parts would not sum to the score.
		 * The whole search is then made again on the newest. */
		unsigned moves = fo_xdb_moves(db->xdb);

		st = fo_explain_hits(db, s, r);
		if (st == FOLIO_OK && fo_xdb_moves(db->xdb) != moves)
			st = fo_db_fail(
			    db, FOLIO_ERROR_MODIFIED,
			    "a commit came while hits were explained");
	}
	if (st == FOLIO_OK) {
		*out = r;
		r = NULL;
	}
	for (i = 0; decoded && i < all; i++)
		fo_docdata_free(&decoded[i]);
	free(decoded);
	free(order);
	free(factor);
	free(cover);
	folio_results_free(r);
	if (s->match && st == FOLIO_OK)
		*s->match = m;
	else
		fo_xmset_free(m);
	fo_xquery_free(filtered);
	return st;
}

/* The lenient parser's notices, with character positions, in the order
 * of their positions (the parser finds them by operator precedence; a
 * reader goes left to right), notices at one position in the order
 * found. */
static folio_status keep_notices(const char *query, const fo_qtree *tree,
                                 const fo_compiled *c, folio_results *r)
{
	size_t i, j, all = tree->n_notices + c->n_notices;

	if (!all)
		return FOLIO_OK;
	r->notices = calloc(all, sizeof *r->notices);
	if (!r->notices)
		return FOLIO_ERROR_NOMEM;
	for (i = 0; i < all; i++) {
		const fo_qnotice *n = i < tree->n_notices
		                          ? &tree->notices[i]
		                          : &c->notices[i - tree->n_notices];
		r->notices[i].position = fo_qposition(query, n->pos);
		if (!n->prefix_cut && !n->action) {
			r->notices[i].message =
			    fo_results_keep(r, n->message, strlen(n->message));
		} else if (n->action) {
			/* what was done about it, which --strict leaves out */
			char said[sizeof n->message + 40];
			int len = snprintf(said, sizeof said, "%s: %s",
			                   n->message, n->action);

			r->notices[i].message =
			    fo_results_keep(r, said, (size_t)len);
		} else {
			/* a prefix cut: what was searched of it */
			char said[sizeof n->message + 40];
			int len = snprintf(said, sizeof said,
			                   "%s: searched the %d most frequent",
			                   n->message, FO_PREFIX_MAX);

			r->notices[i].message =
			    fo_results_keep(r, said, (size_t)len);
		}
		if (!r->notices[i].message)
			return FOLIO_ERROR_NOMEM;
		r->n_notices = i + 1;
		for (j = i; j > 0 && r->notices[j - 1].position >
		                             r->notices[j].position;
		     j--) {
			folio_notice t = r->notices[j];
			r->notices[j] = r->notices[j - 1];
			r->notices[j - 1] = t;
		}
	}
	return FOLIO_OK;
}

static folio_status search_once(folio_db *db, const fo_retry *call,
                                const char *query,
                                const folio_search_options *opts,
                                folio_results **out);

/* Query s searched as opts say, for a page of limit hits ranked by
 * relevance and nothing else (a part of the search: behind a writer, it
 * waits only for what is left of the search's time, and gives up rather
 * than the search); NULL when it failed. */
static folio_results *search_within(folio_db *db, const fo_retry *call,
                                    const char *s,
                                    const folio_search_options *opts,
                                    size_t limit)
{
	folio_search_options o = *opts;
	folio_results *r = NULL;
	fo_retry within = fo_retry_within(call);

	o.offset = 0;
	o.limit = limit;
	o.sort = FOLIO_SORT_RELEVANCE;
	o.flags = (o.flags | FOLIO_SEARCH_NO_SUGGEST) &
	          ~(unsigned)(FOLIO_SEARCH_STRICT | FOLIO_SEARCH_FACETS |
	                      FOLIO_SEARCH_EXPLAIN);
	if (fo_search_retry(search_once, db, &within, s, &o, &r) != FOLIO_OK) {
		folio_results_free(r);
		r = NULL;
	}
	fo_db_begin(db); /* its error, if any, is not this search's */
	return r;
}

/* The best score of query s (searched as search_within does: the same
 * whatever the page, the second phase's included), or -1 when it finds
 * nothing or its search failed. */
static double top_score(folio_db *db, const fo_retry *call, const char *s,
                        const folio_search_options *opts)
{
	folio_results *r = search_within(db, call, s, opts, 1);
	double top =
	    folio_results_count(r) ? folio_results_hit(r, 0)->score : -1;

	folio_results_free(r);
	return top;
}

/* A search whose suggestions are tried (fo_spell_finds). */
typedef struct trial {
	folio_db *db;
	const fo_retry *call;
	const char *query;
	const folio_search_options *opts;
	uint64_t total;
	double top; /* the query's best score; < 0: not known yet */
} trial;

/* Whether suggestion s raises the query's best score. */
static int raises_top(trial *t, const char *s)
{
	if (t->top < 0)
		t->top = top_score(t->db, t->call, t->query, t->opts);
	return t->top >= 0 &&
	       top_score(t->db, t->call, s, t->opts) > t->top * (1 + 1e-9);
}

/* Whether suggestion s is one to make. A query that found few posts:
 * when s finds more (counting only), as Lucene's spell checker offers
 * only more popular words, or as many with a higher best score, where
 * the posts found hold the correction too (free-threaded pyton build
 * found the 2 posts free-threaded python build finds, and suggested
 * nothing); one that finds fewer is worse than none (PDFfiles, split as
 * pd + ffiles, found a post; its suggestion PDFiles none). A query that
 * found FO_SPELL_FEW or more, whose words in no post alone are
 * corrected: when s finds posts with a correction, which raises the best
 * score. Its total says less: past 1000 matches both are estimates,
 * rounded (python progamming language and python programming language:
 * 14000 each), and a correction whose posts the query found already
 * (moodule beside modules, which share their stem) finds none more; a
 * phrase the correction never fits finds nothing more and adds no
 * score. */
static int finds_more_than(const char *s, void *ctx)
{
	trial *t = ctx;
	folio_results *more;
	uint64_t total;

	if (strcmp(s, t->query) == 0)
		return 0;
	if (t->total >= FO_SPELL_FEW)
		return raises_top(t, s);
	more = search_within(t->db, t->call, s, t->opts, 0);
	total = more ? folio_results_total(more) : 0;
	folio_results_free(more);
	return total > t->total ||
	       (total == t->total && total > 0 && raises_top(t, s));
}

/* A suggestion for the query, the part searched (tree's) corrected,
 * without what the parser dropped, and the rest as typed. */
static folio_status suggest(folio_db *db, const fo_retry *call,
                            const char *query, const fo_qtree *tree,
                            const folio_search_options *opts,
                            const fo_compiled *c, const fo_xmset *m,
                            folio_results *r)
{
	trial t = { db, call, query, opts, r->total, -1 };
	fo_xerr err = { "" };
	folio_status st;

	/* the first page's first hit is the best: no search for it */
	if (opts->offset == 0 && opts->sort == FOLIO_SORT_RELEVANCE &&
	    folio_results_count(r) > 0)
		t.top = folio_results_hit(r, 0)->score;
	st =
	    fo_spell_suggest(db->xdb, m, query, tree->len, c->words, c->n_words,
	                     tree->dropped, tree->n_dropped, r->total,
	                     finds_more_than, &t, &r->suggestion, &err);
	return st == FOLIO_ERROR_NOMEM ? st : fo_db_xfail(db, st, &err);
}

void fo_db_rank(folio_db *db)
{
	if (!db->rank_set) {
		fo_rank_default(&db->rank);
		db->rank_set = 1;
	}
}

/* What a query is compiled from, again for each rebuild. */
typedef struct recompile {
	const char *query;
	const fo_qnode *root;
	fo_rank rank;
	int relevance;
	fo_qstats stats; /* its ctx: this recompile */
	folio_db *db;
	folio_status lookup; /* the first term lookup that failed */
} recompile;

static folio_status rebuild(folio_db *db, const void *ctx, long zero_unit,
                            fo_compiled *out)
{
	recompile *rc = (recompile *)ctx;
	folio_status st;

	rc->lookup = FOLIO_OK;
	st = fo_query_compile(db->an, rc->query, rc->root, &rc->rank,
	                      rc->relevance, zero_unit, &rc->stats, out);
	/* A lookup's 0 is taken for "no post has it": a boost or a URL
	 * would be left out of the query without a word said. */
	if (st == FOLIO_OK && rc->lookup != FOLIO_OK) {
		fo_compiled_free(out);
		st = rc->lookup;
	}
	return st;
}

/* A lookup's failure (out of memory), the first of a compilation's,
 * kept for rebuild, which fails the compilation. */
static void keep_failure(recompile *rc, folio_status st, fo_xerr *err)
{
	if (st != FOLIO_OK && rc->lookup == FOLIO_OK)
		rc->lookup = fo_db_xfail(rc->db, st, err);
}

/* Term frequencies for the compiler (fo_qstats). */
static uint64_t db_termfreq(void *ctx, const char *term)
{
	recompile *rc = ctx;
	fo_xerr err = { "" };
	uint64_t n = 0;
	folio_status st = fo_xdb_termfreq(rc->db->xdb, term, &n, &err);

	keep_failure(rc, st, &err);
	return st == FOLIO_OK ? n : 0;
}

static folio_status db_terms(void *ctx, const char *prefix, fo_xterm_fn fn,
                             void *arg)
{
	folio_db *db = ((recompile *)ctx)->db;
	fo_xerr err = { "" };

	return fo_xdb_allterms(db->xdb, prefix, fn, arg, &err);
}

folio_status fo_search_begin(folio_db *db, int have_text, const char *needs,
                             const folio_search_options *opts,
                             fo_search_run *run, folio_results **out)
{
	memset(run, 0, sizeof *run);
	if (out)
		*out = NULL;
	if (!db)
		return FOLIO_ERROR_INVALID;
	fo_db_begin(db);
	fo_db_rank(db);
	if (!have_text || !out)
		return fo_db_fail(db, FOLIO_ERROR_INVALID, "%s", needs);
	return fo_search_options(db, opts, &run->opts);
}

static folio_status search_once(folio_db *db, const fo_retry *call,
                                const char *query,
                                const folio_search_options *opts,
                                folio_results **out)
{
	fo_search_run run;
	fo_compiled c;
	fo_qtree tree;
	recompile rc;
	fo_xerr err = { "" };
	char why[200];
	size_t pos = 0;
	folio_results *r = NULL;
	fo_xmset *m = NULL;
	folio_status st;

	memset(&c, 0, sizeof c);
	memset(&rc, 0, sizeof rc);
	memset(&tree, 0, sizeof tree);
	st = fo_search_begin(db, query != NULL,
	                     "folio_db_search needs a query and an out pointer",
	                     opts, &run, out);
	if (st == FOLIO_OK) {
		st = fo_qparse(query, (run.opts.flags & FOLIO_SEARCH_STRICT) != 0,
		               &tree, &pos, why, sizeof why);
		if (st == FOLIO_ERROR_QUERY) {
			db->error_pos = fo_qposition(query, pos);
			fo_db_fail(db, st, "query position %zu: %s",
			           db->error_pos, why);
		}
	}
	if (st == FOLIO_OK && !tree.root)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID, "the query has no words to search for");
	/* Before the query is analysed: a reader following a rebuild may
	 * switch to a generation in another language (db.c). */
	if (st == FOLIO_OK)
		st = fo_db_refresh(db);
	if (st == FOLIO_OK) {
		rc.query = query;
		rc.root = tree.root;
		rc.rank = db->rank;
		rc.relevance = run.opts.sort == FOLIO_SORT_RELEVANCE;
		rc.stats.termfreq = db_termfreq;
		rc.stats.terms = db_terms;
		rc.stats.ctx = &rc;
		rc.db = db;
		rc.stats.local = db->remote.n == 0;
		st = fo_db_xfail(db, fo_xdb_doccount(db->xdb, &rc.stats.docs,
		                                     &err), &err);
	}
	if (st == FOLIO_OK) {
		if (run.opts.match != FOLIO_MATCH_AUTO)
			rc.rank.defop = run.opts.match == FOLIO_MATCH_ALL
			                        ? FO_DEFOP_AND : FO_DEFOP_OR;
		/* Any of three words or more is tolerable ranked, the posts
		 * with most of them first; sorted by date it listed the
		 * newest posts with any one of them ("tiling window
		 * manager --sort newest": a Windows port, a configuration
		 * manager), so a date sort needs every word, as FTS5's
		 * implicit AND has it. */
		else if (run.opts.sort != FOLIO_SORT_RELEVANCE)
			rc.rank.defop = FO_DEFOP_AND;
		st = rebuild(db, &rc, -1, &c);
	}
	if (st == FOLIO_OK && !c.q)
		st = fo_db_fail(db, FOLIO_ERROR_INVALID,
		                "the query has no words to search for");
	/* Strict: searching less than the query says is an error too. */
	if (st == FOLIO_OK && c.n_notices &&
	    (run.opts.flags & FOLIO_SEARCH_STRICT)) {
		db->error_pos = fo_qposition(query, c.notices[0].pos);
		if (c.notices[0].prefix_cut)
			st = fo_db_fail(
			    db, FOLIO_ERROR_QUERY,
			    "query position %zu: %s, more than the %d "
			    "a prefix may search",
			    db->error_pos, c.notices[0].message, FO_PREFIX_MAX);
		else
			st = fo_db_fail(db, FOLIO_ERROR_QUERY,
			                "query position %zu: %s", db->error_pos,
			                c.notices[0].message);
	}
	if (st == FOLIO_OK)
		st = fo_date_filter(db, &run.opts, &run.filter);
	if (st == FOLIO_OK) {
		run.query = &c;
		run.rebuild = rebuild;
		run.rebuild_ctx = &rc;
		run.rescore = 1;
		run.match = &m;
		st = fo_search_execute(db, &run, &r);
	}
	if (st == FOLIO_OK)
		st = keep_notices(query, &tree, &c, r);
	if (st == FOLIO_OK && !(run.opts.flags & FOLIO_SEARCH_NO_SUGGEST))
		st = suggest(db, call, query, &tree, &run.opts, &c, m, r);
	if (st == FOLIO_ERROR_NOMEM && !db->error.len)
		fo_db_fail(db, st, "out of memory");
	if (st == FOLIO_OK) {
		*out = r;
		r = NULL;
	}
	folio_results_free(r);
	fo_xquery_free(run.filter);
	fo_xmset_free(m);
	fo_compiled_free(&c);
	fo_qtree_free(&tree);
	return st;
}

folio_status fo_search_retry(fo_search_once once, folio_db *db, fo_retry *r,
                             const char *text, const folio_search_options *opts,
                             folio_results **out)
{
	folio_status st;

	do
		st = once(db, r, text, opts, out);
	while (db && fo_retry_again(r, db, &st));
	return st;
}

folio_status fo_search_refuse_nested(folio_db *db, const char *call,
                                     folio_results **out)
{
	if (!db || fo_db_refuse_nested(db, call) == FOLIO_OK)
		return FOLIO_OK;
	if (out)
		*out = NULL;
	return FOLIO_ERROR_INVALID;
}

folio_status folio_db_search(folio_db *db, const char *query,
                             const folio_search_options *opts,
                             folio_results **out)
{
	folio_status st = fo_search_refuse_nested(db, "folio_db_search", out);
	fo_retry r;

	if (st != FOLIO_OK)
		return st;
	fo_retry_start(&r, db);
	return fo_search_retry(search_once, db, &r, query, opts, out);
}
