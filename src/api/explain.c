/*
 * explain.c: why a hit scores what it does. Xapian 1.4 has no explain(),
 * but BM25 is a sum over the query's weighted parts, so each part's
 * contribution is exact: the hit's weight under the whole query minus its
 * weight with that part scaled to 0 (OP_SCALE_WEIGHT), both restricted to
 * the hit by its unique term. Scaling keeps the part in the query, so
 * every other statistic stays what it was. The term statistics shown
 * beside each contribution (wdf, document frequency, length
 * normalisation) come from the index.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/results.h"

#include "index/indexer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The weight of the hit with unique term qterm under q (0 if it no
 * longer matches). */
static folio_status doc_weight(folio_db *db, const fo_xquery *q,
                               const char *qterm, size_t qlen, double *w)
{
	fo_xquery *sub[2] = { (fo_xquery *)q, NULL }, *fq = NULL;
	fo_xsearch params;
	fo_xmset *m = NULL;
	fo_xerr err = { "" };
	folio_status st = FOLIO_ERROR_NOMEM;

	*w = 0;
	sub[1] = fo_xquery_term(qterm, qlen, 1);
	if (sub[1])
		fq = fo_xquery_combine(FO_XOP_FILTER, sub, 2, 0);
	if (fq) {
		memset(&params, 0, sizeof params);
		params.limit = 1;
		params.sort = FO_XSORT_RELEVANCE;
		params.k1 = db->rank.k1;
		params.k3 = 1;
		params.b = db->rank.b;
		params.min_normlen = db->rank.min_normlen;
		params.delta = db->rank.delta;
		params.check_at_least = 1;
		st = fo_db_xfail(db, fo_xdb_search(db->xdb, fq, &params, &m,
		                                   &err), &err);
	}
	if (st == FOLIO_OK && fo_xmset_size(m) == 1)
		*w = fo_xmset_weight(m, 0);
	fo_xmset_free(m);
	fo_xquery_free(fq);
	fo_xquery_free(sub[1]);
	return st;
}

/* Statistics of unit u in the document docid. */
static folio_status unit_stats(folio_db *db, uint32_t docid, const fo_qunit *u,
                               folio_explain_term *e)
{
	fo_xerr err = { "" };
	uint64_t wdf, tf, len;
	double avg;
	size_t i;
	folio_status st;

	st = fo_xdb_doc_length(db->xdb, docid, &len, &avg, &err);
	if (st == FOLIO_OK) {
		double norm = avg > 0 ? (double)len / avg : 1.0;
		if (norm < db->rank.min_normlen)
			norm = db->rank.min_normlen;
		e->length_norm = (1 - db->rank.b) + db->rank.b * norm;
	}
	for (i = 0; st == FOLIO_OK && i < u->n_terms; i++) {
		st = fo_xdb_term_stats(db->xdb, docid, u->terms[i], &wdf, &tf,
		                       &err);
		e->wdf += wdf;
		if (tf > e->doc_freq)
			e->doc_freq = tf;
	}
	return fo_db_xfail(db, st, &err);
}

/* The rest of e, whose weight is set, for unit u in hit docid. */
static folio_status explain_unit(folio_db *db, folio_results *r, uint32_t docid,
                                 const fo_qunit *u, folio_explain_term *e)
{
	e->query_weight = u->scale;
	e->how = u->how;
	e->field = u->field;
	e->term = fo_results_keep(r, u->label, strlen(u->label));
	if (!e->term)
		return FOLIO_ERROR_NOMEM;
	return unit_stats(db, docid, u, e);
}

/* The second phase multiplied the BM25 weight base by the hit's
 * coverage factor (cover.h): what that added (or took away) is one more
 * part, so the parts still sum to the score. */
static folio_status explain_cover(folio_results *r, size_t i, double base)
{
	const fo_cover *c = &r->covers[i];
	folio_explain_term *e;
	char label[64];

	if (r->factors[i] == 1.0)
		return FOLIO_OK;
	snprintf(label, sizeof label, "%u of %u words", c->matched,
	         c->counted);
	e = &r->explain[i][r->n_explain[i]++];
	e->weight = r->hits[i].score - base;
	e->query_weight = r->factors[i];
	e->how = "coverage";
	e->field = "title";
	e->wdf = c->matched;
	e->term = fo_results_keep(r, label, strlen(label));
	return e->term ? FOLIO_OK : FOLIO_ERROR_NOMEM;
}

folio_status fo_explain_hits(folio_db *db, const fo_search_run *s,
                             folio_results *r)
{
	const fo_compiled *full = s->query;
	double *base = NULL;
	fo_buf qterm = FO_BUF_INIT;
	fo_buf *terms = NULL;
	size_t i, u, parts = full->n_units;
	folio_status st = FOLIO_OK;

	for (u = 0; u < full->n_units; u++)
		parts += full->units[u].also_how != NULL;

	r->explain = calloc(r->n ? r->n : 1, sizeof *r->explain);
	r->n_explain = calloc(r->n ? r->n : 1, sizeof *r->n_explain);
	base = calloc(r->n ? r->n : 1, sizeof *base);
	terms = calloc(r->n ? r->n : 1, sizeof *terms);
	if (!r->explain || !r->n_explain || !base || !terms)
		st = FOLIO_ERROR_NOMEM;
	for (i = 0; st == FOLIO_OK && i < r->n; i++) {
		fo_url_term(r->hits[i].url, &terms[i]);
		/* one more for the second phase's title coverage */
		r->explain[i] = calloc(parts + 1, sizeof **r->explain);
		if (terms[i].oom || !r->explain[i])
			st = FOLIO_ERROR_NOMEM;
		else
			st = doc_weight(db, full->q, terms[i].data, terms[i].len,
			                &base[i]);
	}
	for (u = 0; st == FOLIO_OK && u < full->n_units; u++) {
		const fo_qunit *unit = &full->units[u];
		fo_compiled without;

		st = s->rebuild(db, s->rebuild_ctx, (long)u, &without);
		for (i = 0; st == FOLIO_OK && i < r->n; i++) {
			folio_explain_term *e;
			double w;

			st = doc_weight(db, without.q, terms[i].data,
			                terms[i].len, &w);
			/* Parts that add nothing to this hit are left out. */
			if (st != FOLIO_OK || base[i] - w < 1e-9)
				continue;
			e = &r->explain[i][r->n_explain[i]++];
			e->weight = base[i] - w;
			st = explain_unit(db, r, r->docids[i], unit, e);
			if (st != FOLIO_OK || !unit->also_how)
				continue;
			/* BM25 is linear in the query's scale: the parts
			 * split the unit's weight in its proportions */
			e[1] = e[0];
			e[0].weight *=
			    unit->scale / (unit->scale + unit->also_scale);
			e[1].weight -= e[0].weight;
			e[1].how = unit->also_how;
			e[1].query_weight = unit->also_scale;
			r->n_explain[i]++;
		}
		fo_compiled_free(&without);
	}
	for (i = 0; st == FOLIO_OK && r->factors && i < r->n; i++)
		st = explain_cover(r, i, base[i]);
	for (i = 0; terms && i < r->n; i++)
		fo_buf_free(&terms[i]);
	free(terms);
	free(base);
	fo_buf_free(&qterm);
	return st;
}
