/*
 * folio_query.c: folio's in-process query latency, through include/folio.h
 * only, as an embedding program would search: one read-only handle, each
 * query asking for the first 10 hits with their stored posts and snippets.
 *
 * usage: folio_query DB QUERIES.tsv CLASSES REPS
 */
#include "benchutil.h"

#include <folio.h>

int main(int argc, char **argv)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL;
	bu_query *q;
	char *err = NULL;
	size_t n, i;
	int rep, reps;

	if (argc != 5) {
		fprintf(stderr, "usage: folio_query DB QUERIES.tsv CLASSES REPS\n");
		return 2;
	}
	reps = atoi(argv[4]);
	q = bu_load_queries(argv[2], BU_Q_FOLIO, argv[3], &n);
	if (folio_db_open(argv[1], &oo, &db, &err) != FOLIO_OK) {
		fprintf(stderr, "folio_query: %s\n", err);
		return 2;
	}
	/* rep 0 warms the caches and is not reported. */
	for (rep = 0; rep <= reps; rep++) {
		for (i = 0; i < n; i++) {
			folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
			folio_results *r = NULL;
			size_t k, seen = 0;
			double t0;

			so.sort = q[i].newest ? FOLIO_SORT_NEWEST : FOLIO_SORT_RELEVANCE;
			/* known-and requires every word, as the peers are
			 * asked to (folio search --all); folio's default
			 * ranks queries of three or more words as OR. */
			if (strcmp(q[i].cls, "known-and") == 0)
				so.match = FOLIO_MATCH_ALL;
			t0 = bu_now_us();
			if (folio_db_search(db, q[i].text, &so, &r) != FOLIO_OK) {
				fprintf(stderr, "folio_query: %s: %s\n", q[i].text,
				        folio_db_error(db));
				return 2;
			}
			for (k = 0; k < folio_results_count(r); k++)
				seen += folio_results_hit(r, k)->title[0] != 0;
			folio_results_free(r);
			if (rep)
				bu_report(q[i].cls, bu_now_us() - t0, seen);
		}
	}
	folio_db_close(db);
	return 0;
}
