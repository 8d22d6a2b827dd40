/* embed.c: folio embedded in a program: index two posts held in memory,
 * search them, print each hit's fields. Usage: embed INDEX-DIR [QUERY] */
#include <folio.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	const char *topics[] = { "Databases" };
	folio_post posts[] = {
		{ .url = "https://example.com/locks", .title = "Row locks in PostgreSQL",
		  .company = "Heroku", .published = "2019-12-19", .topics = topics,
		  .n_topics = 1, .summary = "Why an UPDATE waited for days on a lock." },
		{ .url = "https://example.com/mxfp8", .title = "Training with MXFP8",
		  .company = "NVIDIA", .summary = "Block-scaled 8-bit floats on GB200." },
	};
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_results *r = NULL;
	folio_db *db;
	char *err;

	if (argc < 2)
		return fprintf(stderr, "usage: embed INDEX-DIR [QUERY]\n"), 2;
	oo.flags = FOLIO_OPEN_WRITE | FOLIO_OPEN_CREATE;
	if (folio_db_open(argv[1], &oo, &db, &err) != FOLIO_OK) {
		fprintf(stderr, "embed: %s\n", err);
		free(err);
		return 2;
	}
	so.highlight_start = "[";
	so.highlight_end = "]";
	if (folio_db_add_post(db, &posts[0]) != FOLIO_OK ||
	    folio_db_add_post(db, &posts[1]) != FOLIO_OK ||
	    folio_db_commit(db) != FOLIO_OK ||
	    folio_db_search(db, argc > 2 ? argv[2] : "locking", &so, &r) != FOLIO_OK) {
		fprintf(stderr, "embed: %s\n", folio_db_error(db));
		folio_db_close(db);
		return 2;
	}
	printf("%llu match\n", (unsigned long long)folio_results_total(r));
	for (size_t i = 0; i < folio_results_count(r); i++) {
		const folio_hit *h = folio_results_hit(r, i);
		printf("%zu. %s (%s, %s)\n   %s\n   %s\n", h->rank, h->title,
		       h->company ? h->company : "-", h->published ? h->published : "-",
		       h->url, h->snippet);
	}
	folio_results_free(r);
	return folio_db_close(db) == FOLIO_OK ? 0 : 2;
}
