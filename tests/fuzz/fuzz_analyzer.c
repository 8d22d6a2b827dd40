/*
 * fuzz_analyzer.c: libFuzzer target for the analyzer (src/analyzer). The
 * input is analysed as a document/query with English stemming and with
 * the first byte choosing another Snowball language, then normalised as a
 * field value; every token must keep the fo_token contract (non-empty
 * NUL-terminated term of at most FO_MAX_TERM_BYTES, span inside the
 * input, positions in order, at most 16 parts, and a stem from the cache
 * exactly libstemmer's own for the term), or the target aborts like a
 * memory error would.
 *
 * Built by CMake with -DFOLIO_FUZZ=ON and clang (see tools/check, which
 * runs each fuzz target for 20 s on its seeds, tests/fuzz/analyzer_seeds).
 */
#include "analyzer/analyzer.h"

#include <libstemmer.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct fo_fuzz_state {
	struct sb_stemmer *sb; /* the analyzer's language, uncached */
	size_t len;
	uint32_t next_pos;
	uint32_t last_compound;
	int any;
} fo_fuzz_state;

/* Whether t's stem (from the analyzer's cache) is libstemmer's for its
 * term: the differential check of the cache and its fast path. */
static int same_stem(struct sb_stemmer *sb, const fo_token *t)
{
	const sb_symbol *s = sb_stemmer_stem(sb, (const sb_symbol *)t->term,
	                                     (int)t->len);

	return s && (size_t)sb_stemmer_length(sb) == t->stem_len &&
	       memcmp(s, t->stem, t->stem_len) == 0;
}

static int check_token(const fo_token *t, void *ctx)
{
	fo_fuzz_state *f = ctx;

	if (t->len == 0 || t->len > FO_MAX_TERM_BYTES ||
	    strlen(t->term) != t->len || t->start >= t->end ||
	    t->end > f->len || t->n_parts < 1 || t->n_parts > 16)
		abort();
	if (t->stem && (t->stem_len == 0 || strlen(t->stem) != t->stem_len))
		abort();
	/* an acronym's plural (GPUs) stems to the acronym, not Snowball's */
	if (t->stem && !same_stem(f->sb, t) &&
	    !(t->stem_len + 1 == t->len && t->term[t->stem_len] == 's' &&
	      memcmp(t->stem, t->term, t->stem_len) == 0))
		abort();
	if (t->kind == FO_TOK_JOINED ? t->pos != f->next_pos
	                             : t->pos != f->next_pos++)
		abort();
	if (f->any && t->compound < f->last_compound)
		abort();
	f->last_compound = t->compound;
	f->any = 1;
	return 0;
}

static void run(fo_analyzer *an, struct sb_stemmer *sb, const uint8_t *data,
                size_t size)
{
	fo_fuzz_state f = { sb, size, 0, 0, 0 };

	if (fo_analyze(an, (const char *)data, size, check_token, &f) !=
	    FOLIO_OK)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static fo_analyzer *english, *other[64];
	static struct sb_stemmer *english_sb, *other_sb[64];
	static size_t n_langs;
	const char **l;
	char *v;
	size_t k;

	if (!english) {
		english_sb = sb_stemmer_new("english", "UTF_8");
		if (!english_sb ||
		    fo_analyzer_new("english", &english) != FOLIO_OK)
			abort();
		for (l = sb_stemmer_list(); *l && n_langs < 64; l++) {
			other_sb[n_langs] = sb_stemmer_new(*l, "UTF_8");
			if (!other_sb[n_langs] ||
			    fo_analyzer_new(*l, &other[n_langs]) != FOLIO_OK)
				abort();
			n_langs++;
		}
	}
	run(english, english_sb, data, size);
	if (size > 0 && n_langs > 0) {
		k = data[0] % n_langs;
		run(other[k], other_sb[k], data + 1, size - 1);
	}
	v = fo_normalize_value((const char *)data, size);
	if (!v)
		abort();
	free(v);
	return 0;
}
