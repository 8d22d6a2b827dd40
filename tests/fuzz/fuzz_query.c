/*
 * fuzz_query.c: libFuzzer target for the query language. The input is a
 * query: it is parsed leniently and strictly (qparse.c), compiled into a
 * Xapian query through the english analyzer (query.c), and its highlight
 * units run over the input itself as a snippet text (snippet.c). The
 * parser's contract is checked too: lenient parsing never fails except
 * on an invalid date, and every notice's offset lies inside the query.
 *
 * Built by CMake with clang and -DFOLIO_FUZZ=ON (CMakeLists.txt lists its
 * sources, tools/check the flags); its ctest, fuzz/fuzz_query, runs it on
 * tests/fuzz/query_seeds/ for FOLIO_FUZZ_SECONDS, new inputs going to a
 * scratch directory.
 */
#include "search/qparse.h"
#include "search/query.h"
#include "search/snippet.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fo_analyzer *an;

/* Term frequencies for the compiler's common-word rule: words of up to
 * three bytes count as common, so that path is fuzzed too; and title
 * terms (S, schema.h) of an even length are in no post, so that a title
 * word is held in its parts only (query.c field_splits, phrase_forms.c). */
static uint64_t fake_termfreq(void *ctx, const char *term)
{
	size_t n = strlen(term);

	(void)ctx;
	if (term[0] == 'S' && n % 2 == 0)
		return 0;
	return n <= 3 ? 90 : 10;
}

/* An index vocabulary for NEAR's forms: each prefix asked for, and the
 * prefix with a few endings (one of them not ASCII), in byte order. */
static folio_status fake_terms(void *ctx, const char *prefix, fo_xterm_fn fn,
                               void *arg)
{
	static const char *const endings[] = { "", "ed", "ing", "s",
		                               "\xC3\xA9" };
	char term[256];
	size_t i, n = strlen(prefix);

	(void)ctx;
	for (i = 0; i < sizeof endings / sizeof *endings; i++) {
		size_t e = strlen(endings[i]);
		if (n + e >= sizeof term)
			break;
		memcpy(term, prefix, n);
		memcpy(term + n, endings[i], e + 1);
		if (fn(term, n + e, 1, arg))
			break;
	}
	return FOLIO_OK;
}

/* A word whose length is a multiple of three is held at no place, as a
 * name squeezed from Node.js is, so that a phrase's last word is split
 * (phrase_forms.c) and a NEAR places a word by its head (near.c). */
static int fake_placed(void *ctx, const char *term)
{
	(void)ctx;
	return strlen(term) % 3 != 0;
}

/* Local, as a local index's are: the compiler then asks which terms
 * the index holds, and a phrase's words get their other forms (every
 * part of a word is a term here, so each gets as many as it may). */
static const fo_qstats stats = { .termfreq = fake_termfreq,
	                         .terms = fake_terms,
	                         .placed = fake_placed,
	                         .docs = 100,
	                         .local = 1 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), err[200], *d;
	fo_qtree tree;
	fo_compiled c;
	fo_rank rank;
	fo_buf out = FO_BUF_INIT;
	fo_marks marks = { "[", "]", 0 };
	size_t pos, i;
	int strict;
	folio_status st;

	if (!text)
		return 0;
	if (!an && fo_analyzer_new("english", &an) != FOLIO_OK)
		abort();
	memcpy(text, data, size);
	text[size] = '\0'; /* a NUL inside ends the query, as in C */
	fo_rank_default(&rank);
	for (strict = 0; strict < 2; strict++) {
		st = fo_qparse(text, strict, &tree, &pos, err, sizeof err);
		if (st != FOLIO_OK && st != FOLIO_ERROR_QUERY)
			abort();
		if (st == FOLIO_ERROR_QUERY && (pos > strlen(text) || !err[0]))
			abort();
		for (i = 0; i < tree.n_notices; i++)
			if (tree.notices[i].pos > strlen(text) || strict)
				abort();
		if (st == FOLIO_OK) {
			d = fo_qnode_describe(tree.root);
			free(d);
			memset(&c, 0, sizeof c);
			if (fo_query_compile(an, text, tree.root, &rank, 1, -1,
			                     &stats, &c) != FOLIO_OK)
				abort();
			if (c.q)
				free(fo_xquery_describe(c.q));
			fo_buf_clear(&out);
			/* plain and HTML-escaped snippets, by the text's length */
			marks.html = (int)(strlen(text) & 1);
			if (fo_snippet(an, NULL, text, &c.hl, 40, &marks,
			               &out) != FOLIO_OK)
				abort();
			fo_compiled_free(&c);
		}
		fo_qtree_free(&tree);
	}
	fo_buf_free(&out);
	free(text);
	return 0;
}
