/*
 * analyzer_tokens.c (bench): every token the analyzer makes of a text
 * file, one document per line, printed in full (kind, position, compound,
 * parts, byte span, term, stem), so that a change meant only to make the
 * analyzer faster can be shown to leave its output byte-identical:
 *
 *   bench_analyzer_tokens FILE [LANGUAGE] | sha256sum
 *
 * run with the old and the new build. Not a test: built on demand
 * (cmake --build build --target bench_analyzer_tokens).
 */
#define _POSIX_C_SOURCE 200809L

#include "analyzer/analyzer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int print_token(const fo_token *t, void *ctx)
{
	FILE *out = ctx;

	fprintf(out, "%d %u %u %u %zu %zu %.*s %s\n", (int)t->kind, t->pos,
	        t->compound, t->n_parts, t->start, t->end, (int)t->len,
	        t->term, t->stem ? t->stem : "-");
	if (t->stem && strlen(t->stem) != t->stem_len)
		fprintf(out, "! stem_len %zu\n", t->stem_len);
	if (strlen(t->term) != t->len)
		fprintf(out, "! len %zu\n", t->len);
	return 0;
}

int main(int argc, char **argv)
{
	fo_analyzer *an = NULL;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *f;

	if (argc < 2 || !(f = fopen(argv[1], "rb"))) {
		fprintf(stderr, "usage: bench_analyzer_tokens FILE [LANGUAGE]\n");
		return 2;
	}
	if (fo_analyzer_new(argc > 2 ? argv[2] : "english", &an) != FOLIO_OK)
		return 2;
	while ((n = getline(&line, &cap, f)) > 0) {
		if (line[n - 1] == '\n')
			n--;
		if (fo_analyze(an, line, (size_t)n, print_token, stdout) !=
		    FOLIO_OK)
			return 1;
		fputs("--\n", stdout);
	}
	fo_analyzer_free(an);
	free(line);
	fclose(f);
	return 0;
}
