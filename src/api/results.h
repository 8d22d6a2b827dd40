/*
 * results.h: the folio_results object behind the public API, shared by
 * the files that fill it: search.c (hits, snippets, notices, facets,
 * suggestions), explain.c (score explanations) and similar.c.
 */
#ifndef FOLIO_API_RESULTS_H
#define FOLIO_API_RESULTS_H

#include "api/db.h"
#include "index/docdata.h"
#include "search/cover.h"
#include "search/query.h"

#define FO_N_FACETS 4

struct folio_results {
	size_t n;
	uint64_t total;
	int total_exact; /* total is a count, not an estimate */
	folio_hit *hits;
	fo_docdata *posts;
	char **snippets;
	char **titles; /* marked titles (NULL: no markers, the title) */
	uint32_t *docids;
	folio_notice *notices;
	size_t n_notices;
	char *suggestion;
	folio_facet facets[FO_N_FACETS];
	size_t n_facets;
	folio_explain_term **explain; /* per hit */
	size_t *n_explain;
	fo_cover *covers; /* per hit, when the second phase ran */
	double *factors;
	char **strs; /* strings owned by the results (facet values, ...) */
	size_t n_strs, cap_strs;
};

/* Copy s[0..len) into r's string pool; NULL on OOM. */
char *fo_results_keep(folio_results *r, const char *s, size_t len);

/* Compile the run's query again with unit zero_unit weighted 0, for
 * explanations (search.c and similar.c each know how). */
typedef folio_status (*fo_rebuild_fn)(folio_db *db, const void *ctx,
                                      long zero_unit, fo_compiled *out);

/* What a search runs: the compiled query and the options after
 * defaults. */
typedef struct fo_search_run {
	const fo_compiled *query;
	folio_search_options opts;
	fo_xquery *filter; /* since/until, or NULL */
	fo_rebuild_fn rebuild;
	const void *rebuild_ctx;
	int rescore;               /* the second phase may run (cover.h) */
	/* Non-NULL: the match is handed over here for the speller, which
	 * then reads the query words' frequencies from it (the caller
	 * frees it); NULL: it is freed. */
	fo_xmset **match;
} fo_search_run;

/* Set db->rank to the defaults unless set already. */
void fo_db_rank(folio_db *db);

/* Run s and make the results (hits, snippets, facets), on the revision
 * db has: the caller refreshes it (fo_db_refresh) before it builds the
 * query, so that the query and its run see the same index. */
folio_status fo_search_execute(folio_db *db, const fo_search_run *s,
                               folio_results **out);

/* One search (of a query, or of posts like a URL) that refreshes the
 * handle first, for the call call (what it searches again inside, a
 * suggestion check, waits within call's deadline). */
typedef folio_status (*fo_search_once)(folio_db *db, const fo_retry *call,
                                       const char *text,
                                       const folio_search_options *opts,
                                       folio_results **out);

/* Run once for the call r; a writer that commits while it reads (the
 * query's prefixes, the match, the hits) can overtake it
 * (FOLIO_ERROR_MODIFIED, or a FOLIO_ERROR_CORRUPT that is none:
 * fo_db_overtaken): run it again, on the newest revision, while
 * fo_retry_again says so, as opening does. db may be NULL (once says
 * what is wrong). */
folio_status fo_search_retry(fo_search_once once, folio_db *db, fo_retry *r,
                             const char *text, const folio_search_options *opts,
                             folio_results **out);

/* fo_db_refuse_nested for folio_db_search and folio_db_similar (call),
 * before they touch db: *out (if any) NULL when refused. db may be NULL
 * (FOLIO_OK: the search says what is wrong). */
folio_status fo_search_refuse_nested(folio_db *db, const char *call,
                                     folio_results **out);

/* Fill r->explain for every hit of r (explain.c). */
folio_status fo_explain_hits(folio_db *db, const fo_search_run *s,
                             folio_results *r);

/* The start of a search or a similar call (an fo_search_once): *out
 * cleared, db's last error forgotten and its ranking set, the arguments
 * checked (have_text: the query or URL is there; else, or with no out,
 * the error is needs) and run zeroed, with its options filled from opts.
 * A NULL db is FOLIO_ERROR_INVALID, with nothing to record it in. */
folio_status fo_search_begin(folio_db *db, int have_text, const char *needs,
                             const folio_search_options *opts,
                             fo_search_run *run, folio_results **out);

/* Normalise caller options (version 1 or 2) into *full; fails on db. */
folio_status fo_search_options(folio_db *db, const folio_search_options *in,
                               folio_search_options *full);

/* The since/until filter of opts (*out NULL when neither is set). */
folio_status fo_date_filter(folio_db *db, const folio_search_options *opts,
                            fo_xquery **out);

#endif
