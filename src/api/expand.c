/*
 * expand.c: a post's expand terms from its stored record. Xapian 1.4.22
 * reads past a buffer decoding some damaged term lists, and the process
 * dies (tests/cli/T117-check-crash.sh): Enquire::get_eset, which reads
 * the post's term list, would take a host program with it. The record,
 * analysed again as the indexer analysed it (fo_index_texts), gives the
 * terms and wdfs the term list holds, and the posting lists their
 * frequencies; the weights and the choice are get_eset's own, worked out
 * here (the formulas below).
 */
#include "api/expand.h"
#include "api/results.h"

#include "index/docdata.h"
#include "index/indexer.h"
#include "util/ascii.h"
#include "util/grow.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Enquire's default expansion scheme, "trad" with expand_k 1.0. */
#define EXPAND_K 1.0

typedef struct cand {
	size_t off, len; /* the term, NUL-ended, in expand.names */
	uint64_t wdf;
	double wt;
} cand;

typedef struct expand {
	fo_buf names;
	cand *c;
	size_t n, cap;
	int oom;
} expand;

/* Only unprefixed (free text) terms describe what a post is about: field
 * and filter terms start with an upper-case prefix letter. */
static int on_term(const char *term, size_t len, uint64_t wdf, void *ctx)
{
	expand *e = ctx;

	if (!len || fo_ascii_is_upper((unsigned char)term[0]))
		return 0;
	if (fo_grow((void **)&e->c, &e->cap, e->n, sizeof *e->c)) {
		e->oom = 1;
		return 1;
	}
	e->c[e->n].off = e->names.len;
	e->c[e->n].len = len;
	e->c[e->n].wdf = wdf;
	fo_buf_append(&e->names, term, len);
	fo_buf_putc(&e->names, '\0');
	e->n++;
	return e->names.oom ? (e->oom = 1) : 0;
}

/* The expand weight of a term of wdf in a post of length len, held by tf
 * of the N posts, the post being the relevance set (R = r = 1). Xapian
 * 1.4's TradEWeight (xapian-core/expand/tradeweight.cc, get_weight;
 * expandweight.h, ExpandStats::accumulate), in its order of operations,
 * so that the doubles are the same bits and ties fall alike:
 *   multiplier = (k + 1) wdf / (k len / avlen + wdf)
 *   weight = multiplier log((r + 1/2)(N - tf - (R - r) + 1/2)
 *                           / ((tf - r + 1/2)(R - r + 1/2)))
 * tf >= 2 (the post and another), so N - tf and tf - r are not negative. */
static double trad_eweight(uint64_t wdf, uint64_t len, double avlen,
                           uint64_t tf, uint64_t N)
{
	double mult = (EXPAND_K + 1) * (double)wdf /
	              (EXPAND_K * (double)len / avlen + (double)wdf);
	double without = 0.0; /* R - r */
	double num = (1 + 0.5) * ((double)(N - tf) - without + 0.5);
	double denom = ((double)(tf - 1) + 0.5) * (without + 0.5);

	return mult * log(num / denom);
}

/* Whether a ranks below b: get_eset's order (esetinternal.h, ExpandTerm's
 * operator<), the lower weight, else the smaller term. */
static int worse(const expand *e, const cand *a, const cand *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c;

	if (a->wt != b->wt)
		return a->wt < b->wt;
	c = memcmp(e->names.data + a->off, e->names.data + b->off, n);
	return c ? c < 0 : a->len < b->len;
}

/* The index of the worst of e->c[0..k), k > 0. */
static size_t worst(const expand *e, size_t k)
{
	size_t w = 0, j;

	for (j = 1; j < k; j++)
		if (worse(e, &e->c[j], &e->c[w]))
			w = j;
	return w;
}

/* The kept candidates: get_eset's choice (esetinternal.cc,
 * ESet::Internal::expand). Terms come in byte order; one whose weight is
 * not above min_wt (0, then the weight of the worst kept once more than
 * n were seen) is passed over; past n kept, the worst goes. Kept in
 * e->c[0..*kept). */
static folio_status choose(folio_db *db, expand *e, unsigned n, uint64_t len,
                           double avlen, uint64_t N, size_t *kept)
{
	fo_xerr err = { "" };
	double min_wt = 0;
	size_t i, k = 0, w;
	uint64_t tf;
	folio_status st = FOLIO_OK;

	for (i = 0; st == FOLIO_OK && n > 0 && i < e->n; i++) {
		cand c = e->c[i];

		st = fo_xdb_termfreq(db->xdb, e->names.data + c.off, &tf, &err);
		/* a term no other post has cannot find another post; one in
		 * more than rank.common_ratio of them is a stop word, which a
		 * search leaves out too (sequence.c seq_commons): on a small
		 * index "and" and "in" made posts alike */
		if (st != FOLIO_OK || tf <= 1 ||
		    (db->rank.common_ratio > 0 &&
		     (double)tf > db->rank.common_ratio * (double)N))
			continue;
		c.wt = trad_eweight(c.wdf, len, avlen, tf, N);
		if (c.wt <= min_wt)
			continue;
		e->c[k++] = c; /* k <= i: nothing unread is overwritten */
		if (k <= n)
			continue;
		w = worst(e, k);
		e->c[w] = e->c[--k];
		min_wt = e->c[worst(e, k)].wt;
	}
	*kept = k;
	return fo_db_xfail(db, st, &err);
}

/* e->c[0..k) best first, as get_eset lists them: ties of weight larger
 * term first (n is small: an insertion sort). */
static void best_first(expand *e, size_t k)
{
	size_t i, j;

	for (i = 1; i < k; i++) {
		cand c = e->c[i];
		for (j = i; j > 0 && worse(e, &e->c[j - 1], &c); j--)
			e->c[j] = e->c[j - 1];
		e->c[j] = c;
	}
}

/* The post's text terms from its record, into e: of its title and
 * summary, what it is about. Its author, company, type and topics are
 * free text too, but a maintainer's rare name (Joost van Baal-Ilić)
 * weighed most of all and chose the similar posts: of 150 hits for 15
 * posts of the 64k bench corpus, 70 were the same person's. */
static folio_status post_terms(folio_db *db, uint32_t docid, expand *e)
{
	fo_xerr err = { "" };
	fo_docdata d;
	fo_xdoc *doc = NULL;
	char *data = NULL;
	size_t len = 0;
	folio_status st;

	memset(&d, 0, sizeof d);
	st = fo_db_xfail(db, fo_xdb_get_data(db->xdb, docid, &data, &len, &err),
	                 &err);
	if (st != FOLIO_OK)
		return st;
	st = fo_docdata_decode(data, len, &d);
	free(data);
	if (st == FOLIO_ERROR_CORRUPT)
		return fo_db_fail(db, st, "document %u has damaged data",
		                  (unsigned)docid);
	if (st == FOLIO_OK)
		st = fo_xdoc_new(&doc);
	if (st == FOLIO_OK) {
		folio_post about = { 0 };

		about.url = d.post.url;
		about.title = d.post.title;
		about.summary = d.post.summary;
		st = fo_index_texts(doc, db->an, &about);
	}
	if (st == FOLIO_OK)
		st = fo_xdoc_terms(doc, on_term, e);
	if (st == FOLIO_OK && e->oom)
		st = FOLIO_ERROR_NOMEM;
	fo_xdoc_free(doc);
	fo_docdata_free(&d);
	return st;
}

folio_status fo_expand_post(folio_db *db, uint32_t docid, unsigned n,
                            fo_expand_fn fn, void *ctx)
{
	expand e;
	fo_xerr err = { "" };
	uint64_t N = 0, len = 0;
	double avlen = 0;
	size_t i, kept = 0;
	folio_status st;

	memset(&e, 0, sizeof e);
	st = post_terms(db, docid, &e);
	/* the post's length as the posting lists keep it, the same as its
	 * term list holds for get_eset */
	if (st == FOLIO_OK)
		st = fo_db_xfail(
		    db, fo_xdb_doc_length(db->xdb, docid, &len, &avlen, &err),
		    &err);
	if (st == FOLIO_OK)
		st = fo_db_xfail(db, fo_xdb_doccount(db->xdb, &N, &err), &err);
	fo_db_rank(db);
	if (st == FOLIO_OK)
		st = choose(db, &e, n, len, avlen, N, &kept);
	if (st == FOLIO_OK) {
		best_first(&e, kept);
		for (i = 0; i < kept; i++)
			fn(e.names.data + e.c[i].off, e.c[i].len, e.c[i].wt,
			   ctx);
	}
	free(e.c);
	fo_buf_free(&e.names);
	return st;
}
