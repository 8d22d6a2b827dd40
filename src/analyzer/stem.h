/*
 * stem.h: Snowball stemming for the analyzer (internal), behind a bounded
 * cache of term -> stem, since stemming dominates analysis time and text
 * repeats its words.
 */
#ifndef FOLIO_ANALYZER_STEM_H
#define FOLIO_ANALYZER_STEM_H

#include "folio.h"

#include <stddef.h>
#include <stdint.h>

/* The cache is cleared when it holds this many terms. */
#define FO_STEM_CACHE_MAX 65536

typedef struct fo_stemmer fo_stemmer;

/* language: a Snowball algorithm name, or "none" for no stemming.
 * FOLIO_ERROR_INVALID for an unknown language. */
folio_status fo_stemmer_new(const char *language, fo_stemmer **out);
void fo_stemmer_free(fo_stemmer *st);

/*
 * Stem term[0..len). *stem gets the NUL-terminated stem, valid until the
 * next call, or NULL when the stem is the term itself (or for "none").
 */
folio_status fo_stemmer_stem(fo_stemmer *st, const char *term, size_t len,
                             const char **stem, size_t *stem_len);

/* The cache's hash (FNV-1a), byte by byte, so that a caller that already
 * walks the term can compute it on the way (fo_stemmer_stem_hashed). */
#define FO_STEM_HASH_INIT 2166136261u

static inline uint32_t fo_stem_hash_byte(uint32_t h, unsigned char b)
{
	return (h ^ b) * 16777619u;
}

/* fo_stemmer_stem with the term's hash already computed. */
folio_status fo_stemmer_stem_hashed(fo_stemmer *st, const char *term,
                                    size_t len, uint32_t hash,
                                    const char **stem, size_t *stem_len);

/* Whether a normalised term is stemmed at all: not when it has digits or
 * any of _ . + # (identifiers, versions, C++). */
int fo_term_stemmable(const char *term, size_t len);

#endif
