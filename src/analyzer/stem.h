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

#include <string.h>

/*
 * The cache: a 2-way front table of 2^FO_STEM_FRONT_BITS 32-byte entries
 * (a set is one cache line) for terms of up to FO_STEM_KEY_MAX bytes,
 * and a main table of 2^FO_STEM_MAIN_BITS 64-byte entries in sets of
 * FO_STEM_MAIN_WAYS, where each term has two candidate sets; term and
 * stem are stored inline, the least recently used way of a set replaced.
 * Memory is bounded (12 MB and the small tables below; the full ones
 * calloc'd, which maps them untouched, so pages no lookup reaches cost
 * nothing) and a lookup touches one line
 * when the front table has the term. The sizes come from the benchmark
 * summaries (87k distinct stemmable terms): with one main set per term,
 * sets that drew more terms than ways sent 18k (4 ways) to 30k (2 ways)
 * words a round back to libstemmer; two candidate sets leave nearly
 * none. Each front miss costs a main lookup far out in memory (perf:
 * half of fo_stem_lookup's time at that load), so the front table holds
 * about as many terms as the main one: 4 MB (folio_analyze, steady
 * state, 9 interleaved runs: 2 MB 141-160, 4 MB 164-168, 8 MB 167-174
 * MB/s, median-max; the last 2% was not worth another 4 MB per
 * analyzer).
 *
 * A stemmer starts with tables of 2^FO_STEM_SMALL_BITS entries (12 KB)
 * and moves to the full ones once FO_STEM_GROW_AT words have gone to
 * libstemmer. A search stems from one word to about a hundred (the
 * query, the words of the snippets' summaries that could match a query
 * stem), and in the full tables nearly each one lands on a page of its
 * own: a first touch, a page fault, 63 of the 405 of a whole `folio
 * search` process (0.3 ms of 3.5). The small tables are cut from the
 * heap, below malloc's mmap threshold, where calloc clears every byte
 * itself: each of their pages is touched when the index is opened, so
 * they are kept to three (96 KB, 2^10 entries, were 24 pages and 13 to
 * 31 faults more a search). The small tables stay
 * allocated until the stemmer is freed, as the analyzer holds a front
 * set across a call (it prefetches the next word's): an entry there
 * still maps its term to the right stem.
 */
#define FO_STEM_FRONT_BITS 17
#define FO_STEM_MAIN_BITS 17
#define FO_STEM_MAIN_WAYS 4
#define FO_STEM_SMALL_BITS 7
#define FO_STEM_GROW_AT    512
#define FO_STEM_CACHE_MAX (1u << FO_STEM_MAIN_BITS)

typedef struct fo_stemmer fo_stemmer;

/* language: a Snowball algorithm name, or "none" for no stemming.
 * FOLIO_ERROR_INVALID for an unknown language. libstemmer takes its
 * aliases too ("en", "fr"), so that an index that stored one still opens. */
folio_status fo_stemmer_new(const char *language, fo_stemmer **out);
/* Language i (0-based) of those an index may be built in: "none", then
 * the names sb_stemmer_list() reports, in its order; NULL past the last.
 * Static strings. */
const char *fo_stemmer_name(size_t i);
/* 1 for a name sb_stemmer_list() reports, or "none"; 0 for an alias
 * ("en" is english): a language an index is to be built in must be one of
 * these, since an index compares the name it stores with the one asked
 * for, and "en" is not "english". */
int fo_stemmer_known(const char *language);
void fo_stemmer_free(fo_stemmer *st);

/*
 * Stem term[0..len). *stem gets the NUL-terminated stem, valid until the
 * next call, or NULL when the stem is the term itself (or for "none").
 */
folio_status fo_stemmer_stem(fo_stemmer *st, const char *term, size_t len,
                             const char **stem, size_t *stem_len);

/*
 * The cache's hash, eight bytes at a time (a multiply-xorshift mix per
 * 64-bit word; FNV-1a's one multiply per byte was a serial chain that
 * cost more than the lookup). It picks the main table's sets; the
 * analyzer's paths that hold a term as zero-padded words compute the
 * same value from them (fo_stem_hash_key, fo_emit_simple).
 */
#define FO_STEM_K1 0x9e3779b97f4a7c15ull
#define FO_STEM_K2 0xff51afd7ed558ccdull

static inline uint64_t fo_stem_mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * FO_STEM_K2;
	return h ^ (h >> 29);
}

static inline uint32_t fo_stem_finish(uint64_t h)
{
	h *= FO_STEM_K1;
	return (uint32_t)(h >> 32) ^ (uint32_t)h;
}

static inline uint32_t fo_stem_hash(const char *s, size_t len)
{
	uint64_t h = len * FO_STEM_K1, w;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, 8);
		h = fo_stem_mix(h, w);
	}
	if (i < len) {
		w = 0;
		memcpy(&w, s + i, len - i);
		h = fo_stem_mix(h, w);
	}
	return fo_stem_finish(h);
}

/* fo_stemmer_stem with the term's hash already computed. */
folio_status fo_stemmer_stem_hashed(fo_stemmer *st, const char *term,
                                    size_t len, uint32_t hash,
                                    const char **stem, size_t *stem_len);

/*
 * The front table's entries: a term of at most FO_STEM_KEY_MAX bytes as
 * its own key, zero padded to 16 bytes (a term has no NUL, so the key
 * also says the length), and its stem with a NUL, or FO_STEM_SAME when
 * the stem is the term. A hit is two word compares against the key the
 * caller already holds in registers, inline: the old entries (hash,
 * lengths, term and stem packed in 26 bytes) needed a call, length
 * masks and three compares (callgrind: 45 instructions a hit).
 */
#define FO_STEM_KEY_MAX 15
#define FO_STEM_SAME 0xffu /* stem_len value: the stem is the term */

typedef struct fo_stem_front {
	uint64_t key[2];
	uint8_t stem_len; /* or FO_STEM_SAME */
	char stem[15];
} fo_stem_front;

/* In the header for the inline hit path; only stem.c touches it else. */
struct fo_stemmer {
	fo_stem_front *front;      /* NULL for "none" */
	struct fo_stem_main *main;
	unsigned front_shift;      /* 64 - the front table's bits */
	unsigned main_shift;       /* 32 - the main table's bits */
	struct sb_stemmer *sb;     /* NULL for "none" */
	uint32_t stemmed;          /* words sent to libstemmer, to grow */
	void *front_mem, *main_mem; /* the tables' allocations */
	void *small_mem[2];         /* the small ones, once grown */
};

/* Keep the first n (< 16) of the 16 bytes in k0, k1 and clear the
 * rest. */
static inline void fo_stem_prefix(uint64_t *k0, uint64_t *k1, size_t n)
{
	uint64_t m = ~(~0ull << (8 * (n & 7)));

	*k0 &= n >= 8 ? ~0ull : m;
	*k1 &= n >= 8 ? m : 0;
}

/* The key of term[0..len), 0 < len <= FO_STEM_KEY_MAX, where term can be
 * read to 16 bytes. */
static inline void fo_stem_key(const char *term, size_t len, uint64_t *k0,
                               uint64_t *k1)
{
	memcpy(k0, term, 8);
	memcpy(k1, term + 8, 8);
	fo_stem_prefix(k0, k1, len);
}

/* fo_stem_hash of a term from its key. */
static inline uint32_t fo_stem_hash_key(uint64_t k0, uint64_t k1, size_t len)
{
	uint64_t h = fo_stem_mix(len * FO_STEM_K1, k0);

	if (len > 8)
		h = fo_stem_mix(h, k1);
	return fo_stem_finish(h);
}

/*
 * The front set of a key: an aligned pair of entries, one cache line, the
 * most recently used first. Its index comes from the key itself, two
 * independent multiplies, not from fo_stem_hash: the load of the set
 * waited on that hash's chain of three (perf: a quarter of the time was
 * spent at that load), and a front hit needs no other hash.
 */
static inline fo_stem_front *fo_stem_front_set(const fo_stemmer *st,
                                               uint64_t k0, uint64_t k1)
{
	uint64_t x = k0 * FO_STEM_K1 ^ k1 * FO_STEM_K2;

	return &st->front[(uint32_t)(x >> st->front_shift) & ~1u];
}

/* The front set of a key, NULL for "none" (no cache). */
static inline const fo_stem_front *fo_stem_front_of(const fo_stemmer *st,
                                                    uint64_t k0, uint64_t k1)
{
	return st->front ? fo_stem_front_set(st, k0, k1) : NULL;
}

/*
 * fo_stemmer_stem for a term of at most FO_STEM_KEY_MAX bytes given with
 * its key and front set (fo_stem_front_of): a hit in the first way of
 * the set here, all else in stem.c.
 */
static inline folio_status fo_stemmer_stem_in(fo_stemmer *st,
                                              const fo_stem_front *fr,
                                              const char *term, size_t len,
                                              uint64_t k0, uint64_t k1,
                                              const char **stem,
                                              size_t *stem_len)
{
	int same;

	if (fr && ((fr->key[0] ^ k0) | (fr->key[1] ^ k1)) == 0) {
		same = fr->stem_len == FO_STEM_SAME;
		*stem = same ? NULL : fr->stem;
		*stem_len = same ? 0 : fr->stem_len;
		return FOLIO_OK;
	}
	return fo_stemmer_stem_hashed(st, term, len,
	                              fo_stem_hash_key(k0, k1, len), stem,
	                              stem_len);
}

/* fo_stemmer_stem_in, the set found here. */
static inline folio_status fo_stemmer_stem_key(fo_stemmer *st,
                                               const char *term, size_t len,
                                               uint64_t k0, uint64_t k1,
                                               const char **stem,
                                               size_t *stem_len)
{
	return fo_stemmer_stem_in(st, fo_stem_front_of(st, k0, k1), term, len,
	                          k0, k1, stem, stem_len);
}

/* Whether a normalised term is stemmed at all: not when it has digits or
 * any of _ . + # (identifiers, versions, C++). */
int fo_term_stemmable(const char *term, size_t len);

#endif
