/*
 * folio_analyze.c: the throughput of folio's analyzer alone (segmentation,
 * normalisation, stemming), on the title and summary of every post, with
 * no index behind it. Internal API (src/analyzer), like the unit tests.
 *
 * usage: folio_analyze POSTS.tsv    prints "stat analyzer_mb_s N" and more
 */
#include "benchutil.h"

#include "analyzer/analyzer.h"

static int count(const fo_token *t, void *ctx)
{
	(void)t;
	(*(size_t *)ctx)++;
	return 0;
}

int main(int argc, char **argv)
{
	fo_analyzer *an = NULL;
	FILE *f;
	char *line = NULL, *fld[BU_P_NCOLS];
	size_t cap = 0, bytes = 0, tokens = 0, posts = 0;
	double t0, us = 0;

	if (argc != 2 || !(f = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: folio_analyze POSTS.tsv\n");
		return 2;
	}
	if (fo_analyzer_new("english", &an) != FOLIO_OK)
		return 2;
	while (getline(&line, &cap, f) > 0) {
		if (bu_split(line, fld, BU_P_NCOLS) != BU_P_NCOLS)
			continue;
		t0 = bu_now_us();
		fo_analyze(an, fld[BU_P_TITLE], strlen(fld[BU_P_TITLE]), count,
		           &tokens);
		fo_analyze(an, fld[BU_P_SUMMARY], strlen(fld[BU_P_SUMMARY]), count,
		           &tokens);
		us += bu_now_us() - t0;
		bytes += strlen(fld[BU_P_TITLE]) + strlen(fld[BU_P_SUMMARY]);
		posts++;
	}
	printf("stat\tanalyzer_mb_s\t%.1f\n", bytes / us);
	printf("stat\tanalyzer_tokens\t%zu\n", tokens);
	printf("stat\tanalyzer_posts_s\t%.0f\n", posts / (us / 1e6));
	fo_analyzer_free(an);
	free(line);
	fclose(f);
	return 0;
}
