/*
 * stem.c: libstemmer_c behind a cache of term -> stem (stem.h). Text
 * repeats its words, and a Snowball stemmer costs far more than a lookup,
 * so each distinct word is stemmed about once. The cache is two
 * 2-way set-associative tables of fixed size (stem.h) with term and stem
 * inline in each entry: profiling showed the old open-addressing table, with its strings
 * in a separate arena, spending half the stemming time in cache misses
 * (slot, then arena), plus a periodic clear-and-regrow. Now a hit in the
 * front table touches one line, and a hit in the main table one more
 * set; a miss replaces the older way of a set, which bounds memory with
 * no bookkeeping but keeps frequent words from being evicted by a rare
 * one that happens to collide with them.
 */
#include "analyzer/stem.h"

#include <libstemmer.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FO_STEM_SAME 0xffu /* stem_len value: the stem is the term */
#define FO_STEM_FRONT_DATA 26
#define FO_STEM_MAIN_DATA 58

/* Both entry kinds start alike; data holds the term, then (unless the
 * stem is the term) the stem and a NUL. term_len 0 marks an empty one. */
typedef struct fo_stem_front {
	uint32_t hash;
	uint8_t term_len;
	uint8_t stem_len; /* or FO_STEM_SAME */
	char data[FO_STEM_FRONT_DATA];
} fo_stem_front;

typedef struct fo_stem_main {
	uint32_t hash;
	uint8_t term_len;
	uint8_t stem_len;
	char data[FO_STEM_MAIN_DATA];
} fo_stem_main;

struct fo_stemmer {
	struct sb_stemmer *sb; /* NULL for "none" */
	fo_stem_front *front;
	fo_stem_main *main;
	void *front_mem, *main_mem; /* their allocations */
};

/* Bytes that keep a term from being stemmed. */
static const unsigned char fo_nostem[256] = {
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1,
	['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
	['_'] = 1, ['.'] = 1, ['+'] = 1, ['#'] = 1,
};

int fo_term_stemmable(const char *term, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (fo_nostem[(unsigned char)term[i]])
			return 0;
	}
	return 1;
}

static int fo_known_language(const char *language)
{
	const char **l;

	for (l = sb_stemmer_list(); *l; l++) {
		if (strcmp(*l, language) == 0)
			return 1;
	}
	return 0;
}

folio_status fo_stemmer_new(const char *language, fo_stemmer **out)
{
	fo_stemmer *st;
	folio_status rc = FOLIO_ERROR_NOMEM;

	*out = NULL;
	st = calloc(1, sizeof(*st));
	if (!st)
		goto fail;
	if (strcmp(language, "none") != 0) {
		/* Both tables are calloc'd, so that pages no lookup reaches
		 * stay untouched: zeroing the 1 MB front table was a quarter
		 * of a whole `folio search` (callgrind), which stems a few
		 * words. Aligned by hand so that a 2-way set is one cache
		 * line in the front table, two in the main one. */
		st->front_mem = calloc(1, (sizeof(*st->front)
		                           << FO_STEM_FRONT_BITS) + 63);
		if (st->front_mem)
			st->front = (fo_stem_front *)(((uintptr_t)st->front_mem +
			                               63) & ~(uintptr_t)63);
		st->main_mem = calloc(1, (sizeof(*st->main)
		                          << FO_STEM_MAIN_BITS) + 127);
		if (st->main_mem)
			st->main = (fo_stem_main *)(((uintptr_t)st->main_mem +
			                             127) & ~(uintptr_t)127);
		if (!st->front || !st->main)
			goto fail;
		st->sb = sb_stemmer_new(language, "UTF_8");
		if (!st->sb) {
			/* libstemmer says NULL for both unknown and OOM */
			if (!fo_known_language(language))
				rc = FOLIO_ERROR_INVALID;
			goto fail;
		}
	}
	*out = st;
	return FOLIO_OK;
fail:
	fo_stemmer_free(st);
	return rc;
}

void fo_stemmer_free(fo_stemmer *st)
{
	if (!st)
		return;
	if (st->sb)
		sb_stemmer_delete(st->sb);
	free(st->front_mem);
	free(st->main_mem);
	free(st);
}

/*
 * a[0..len) == b[0..len) for the short keys of the cache, without a call
 * to memcmp (which cost more than the rest of a hit): whole words, the
 * last one overlapping the one before, and for fewer than 8 bytes two
 * overlapping halves. Reads nothing outside either string.
 */
static inline int fo_stem_eq(const char *a, const char *b, size_t len)
{
	uint64_t x, y;
	uint32_t u, v;
	size_t i;

	if (len >= 8) {
		for (i = 0; i + 8 < len; i += 8) {
			memcpy(&x, a + i, 8);
			memcpy(&y, b + i, 8);
			if (x != y)
				return 0;
		}
		memcpy(&x, a + len - 8, 8);
		memcpy(&y, b + len - 8, 8);
		return x == y;
	}
	if (len >= 4) {
		memcpy(&u, a, 4);
		memcpy(&v, b, 4);
		if (u != v)
			return 0;
		memcpy(&u, a + len - 4, 4);
		memcpy(&v, b + len - 4, 4);
		return u == v;
	}
	/* 1 to 3 bytes: the first, middle and last cover them all */
	return a[0] == b[0] && a[len >> 1] == b[len >> 1] &&
	       a[len - 1] == b[len - 1];
}

/* Whether an entry (hash, term_len, data) holds term (len > 0). */
#define FO_STEM_HIT(e, h, term, len)                                          \
	((e)->hash == (h) && (e)->term_len == (len) &&                         \
	 fo_stem_eq((e)->data, (term), (len)))

/* Store term -> stem in an entry with cap bytes of data, if it fits. */
static void fo_stem_put(uint32_t *hash, uint8_t *term_len, uint8_t *stem_len,
                        char *data, size_t cap, uint32_t h, const char *term,
                        size_t len, const char *stem, size_t slen, int same)
{
	if (len == 0 || len > cap || (!same && len + slen + 1 > cap))
		return;
	*hash = h;
	*term_len = (uint8_t)len;
	*stem_len = same ? (uint8_t)FO_STEM_SAME : (uint8_t)slen;
	memcpy(data, term, len);
	if (!same) {
		memcpy(data + len, stem, slen);
		data[len + slen] = '\0';
	}
}

folio_status fo_stemmer_stem(fo_stemmer *st, const char *term, size_t len,
                             const char **stem, size_t *stem_len)
{
	return fo_stemmer_stem_hashed(st, term, len, fo_stem_hash(term, len),
	                              stem, stem_len);
}

folio_status fo_stemmer_stem_hashed(fo_stemmer *st, const char *term,
                                    size_t len, uint32_t h,
                                    const char **stem, size_t *stem_len)
{
	const sb_symbol *sym;
	fo_stem_front *fr, tmp;
	fo_stem_main *m, mtmp;
	size_t slen;
	int same;

	*stem = NULL;
	*stem_len = 0;
	if (!st->sb || len == 0)
		return FOLIO_OK;
	/* the front table is 2-way: a set is an aligned pair of entries,
	 * one cache line, the most recently used first */
	fr = &st->front[h & ((1u << FO_STEM_FRONT_BITS) - 2)];
	if (!FO_STEM_HIT(fr, h, term, len)) {
		if (!FO_STEM_HIT(&fr[1], h, term, len))
			goto front_miss;
		tmp = fr[0];
		fr[0] = fr[1];
		fr[1] = tmp;
	}
	if (fr->stem_len != FO_STEM_SAME) {
		*stem = fr->data + len;
		*stem_len = fr->stem_len;
	}
	return FOLIO_OK;
front_miss:
	/* the older way makes room for the word about to be stored in the
	 * first (if it fits there at all) */
	if (len <= FO_STEM_FRONT_DATA)
		fr[1] = fr[0];
	/* the main table is indexed by other bits of the hash, so that words
	 * colliding in the front table do not collide again */
	m = &st->main[(h >> 8) & ((1u << FO_STEM_MAIN_BITS) - 2)];
	/* 2-way like the front table (a set is two adjacent lines): direct
	 * mapped, the benchmark's 68k distinct words re-stemmed 70k words
	 * a round in conflict misses */
	if (!FO_STEM_HIT(m, h, term, len) && FO_STEM_HIT(&m[1], h, term, len)) {
		mtmp = m[0];
		m[0] = m[1];
		m[1] = mtmp;
	}
	if (FO_STEM_HIT(m, h, term, len)) {
		same = m->stem_len == FO_STEM_SAME;
		slen = same ? 0 : m->stem_len;
		fo_stem_put(&fr->hash, &fr->term_len, &fr->stem_len, fr->data,
		            FO_STEM_FRONT_DATA, h, term, len, m->data + len,
		            slen, same);
		if (!same) {
			*stem = m->data + len;
			*stem_len = slen;
		}
		return FOLIO_OK;
	}

	sym = sb_stemmer_stem(st->sb, (const sb_symbol *)term, (int)len);
	if (!sym)
		return FOLIO_ERROR_NOMEM;
	slen = (size_t)sb_stemmer_length(st->sb);
	same = slen == len && memcmp(sym, term, len) == 0;
	if (len <= FO_STEM_MAIN_DATA)
		m[1] = m[0];
	fo_stem_put(&m->hash, &m->term_len, &m->stem_len, m->data,
	            FO_STEM_MAIN_DATA, h, term, len, (const char *)sym, slen,
	            same);
	fo_stem_put(&fr->hash, &fr->term_len, &fr->stem_len, fr->data,
	            FO_STEM_FRONT_DATA, h, term, len, (const char *)sym, slen,
	            same);
	if (!same) {
		/* libstemmer's buffer is NUL-terminated and valid until the
		 * next call, as promised */
		*stem = (const char *)sym;
		*stem_len = slen;
	}
	return FOLIO_OK;
}
