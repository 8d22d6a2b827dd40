/*
 * folio_rel.c: run the known-item queries through folio (the library, as
 * folio search does) and print qid, rank of the right URL, microseconds.
 * Usage: rel_folio INDEX QUERIES.tsv [knob=value...]
 * Knobs override the ranking defaults (src/search/query.h fo_rank), for
 * tuning: k1 b exact xshare xmin title pair window coord join delta abbrev
 * andpair acronym compound common cpen cbonus cwindow andmax defop=and|or|auto;
 * exhaustive=1 examines every match (FOLIO_SEARCH_EXHAUSTIVE).
 */
#include "common.h"

#include "api/results.h"

static int set_knob(fo_rank *r, const char *kv)
{
	const char *eq = strchr(kv, '=');
	double v;

	if (!eq)
		return -1;
	v = atof(eq + 1);
#define KNOB(name, field) \
	if (strncmp(kv, name "=", strlen(name) + 1) == 0) { field; return 0; }
	KNOB("k1", r->k1 = v)
	KNOB("b", r->b = v)
	KNOB("exact", r->exact_weight = v)
	KNOB("title", r->title_weight = v)
	KNOB("pair", r->pair_weight = v)
	KNOB("window", r->pair_window = (unsigned)v)
	KNOB("coord", r->coord_weight = v)
	KNOB("join", r->join_weight = v)
	KNOB("delta", r->delta = v)
	KNOB("abbrev", r->abbrev_weight = v)
	KNOB("andpair", r->and_pair_weight = v)
	KNOB("acronym", r->acronym_weight = v)
	KNOB("compound", r->compound_weight = v)
	KNOB("common", r->common_ratio = v)
	KNOB("cpen", r->cover_penalty = v)
	KNOB("cbonus", r->cover_bonus = v)
	KNOB("cwindow", r->cover_window = (unsigned)v)
	KNOB("xshare", r->exact_share = v)
	KNOB("xmin", r->exact_min = v)
	KNOB("andmax", r->and_max_words = (unsigned)v)
	KNOB("defop", r->defop = strcmp(eq + 1, "and") == 0  ? FO_DEFOP_AND
	                       : strcmp(eq + 1, "or") == 0 ? FO_DEFOP_OR
	                                                   : FO_DEFOP_AUTO)
#undef KNOB
	return -1;
}

int main(int argc, char **argv)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	folio_db *db = NULL;
	char *err = NULL, line[65536], *f[3];
	FILE *q;
	int i;

	if (argc < 3) {
		fprintf(stderr, "usage: rel_folio INDEX QUERIES.tsv [knob=v...]\n");
		return 2;
	}
	if (folio_db_open(argv[1], &oo, &db, &err) != FOLIO_OK) {
		fprintf(stderr, "rel_folio: %s\n", err);
		return 2;
	}
	fo_db_rank(db);
	so.limit = 10;
	so.flags = FOLIO_SEARCH_NO_SUGGEST;
	for (i = 3; i < argc; i++)
		if (strcmp(argv[i], "exhaustive=1") == 0)
			so.flags |= FOLIO_SEARCH_EXHAUSTIVE;
		else if (set_knob(&db->rank, argv[i]) != 0) {
			fprintf(stderr, "rel_folio: unknown knob %s\n", argv[i]);
			return 2;
		}
	if (!(q = fopen(argv[2], "r"))) {
		perror(argv[2]);
		return 2;
	}
	while (fgets(line, sizeof line, q)) {
		folio_results *r = NULL;
		double t0;
		size_t k, rank = 0;

		if (split_tsv(chomp(line), f, 3) != 3)
			continue;
		t0 = bu_now_us();
		if (folio_db_search(db, f[1], &so, &r) == FOLIO_OK) {
			for (k = 0; k < folio_results_count(r) && !rank; k++)
				if (strcmp(folio_results_hit(r, k)->url, f[2]) == 0)
					rank = k + 1;
		}
		printf("%s\t%zu\t%.0f\n", f[0], rank, bu_now_us() - t0);
		folio_results_free(r);
	}
	fclose(q);
	folio_db_close(db);
	return 0;
}
