/*
 * folio_analyze.c: the throughput of folio's analyzer alone (segmentation,
 * normalisation, English stemming), on the title and summary of every
 * post, with no index behind it. Internal API (src/analyzer), like the
 * unit tests.
 *
 * The posts are read into memory first; then PASSES passes over all of
 * them with one analyzer, each timed by this thread's CPU time (the
 * machines are shared: wall time also counts other processes' turns).
 * The first pass is "cold": the stem cache starts empty, so every
 * distinct word goes to libstemmer once. The later ones are the steady
 * state a long build spends nearly all its time in (1M posts are 16
 * passes' worth of these texts); their median is the headline figure.
 *
 * usage: folio_analyze POSTS.tsv [PASSES]    (PASSES >= 2, default 4)
 * prints, as "stat NAME VALUE" lines:
 *   analyzer_mb_s            steady state: median of passes 2.., CPU time
 *   analyzer_cold_mb_s       the first pass, CPU time
 *   analyzer_cold_wall_mb_s  the first pass, wall time
 *   analyzer_tokens          tokens in one pass
 *   analyzer_posts_s         posts per CPU second, steady state
 */
#include "benchutil.h"

#include "analyzer/analyzer.h"

#define MAX_PASSES 64

static int count(const fo_token *t, void *ctx)
{
	(void)t;
	(*(size_t *)ctx)++;
	return 0;
}

int main(int argc, char **argv)
{
	int passes = argc > 2 ? atoi(argv[2]) : 4, p, rc = 2;
	double steady[MAX_PASSES], c0, w0, cold = 0, cold_wall = 0, med;
	fo_analyzer *an = NULL;
	size_t tokens = 0, i;
	bu_texts t;

	if (argc < 2 || argc > 3 || passes < 2 || passes > MAX_PASSES) {
		fprintf(stderr, "usage: folio_analyze POSTS.tsv [PASSES]\n");
		return 2;
	}
	if (bu_load_texts(argv[1], &t) != 0 || t.bytes == 0 ||
	    fo_analyzer_new("english", &an) != FOLIO_OK)
		goto done;
	for (p = 0; p < passes; p++) {
		if (p == 1)
			tokens = 0;
		w0 = bu_now_us();
		c0 = bu_cpu_us();
		for (i = 0; i < t.n; i++) {
			if (fo_analyze(an, t.text[i], t.len[i], count,
			               &tokens) != FOLIO_OK)
				goto done;
		}
		if (p == 0) {
			cold = bu_cpu_us() - c0;
			cold_wall = bu_now_us() - w0;
		} else {
			steady[p - 1] = bu_cpu_us() - c0;
		}
	}
	med = bu_median(steady, passes - 1);
	printf("stat\tanalyzer_mb_s\t%.1f\n", t.bytes / med);
	printf("stat\tanalyzer_cold_mb_s\t%.1f\n", t.bytes / cold);
	printf("stat\tanalyzer_cold_wall_mb_s\t%.1f\n", t.bytes / cold_wall);
	printf("stat\tanalyzer_tokens\t%zu\n", tokens / (size_t)(passes - 1));
	printf("stat\tanalyzer_posts_s\t%.0f\n", t.posts / (med / 1e6));
	rc = 0;
done:
	fo_analyzer_free(an);
	bu_free_texts(&t);
	return rc;
}
