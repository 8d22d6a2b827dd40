/*
 * stem.c: libstemmer_c behind a cache of term -> stem (stem.h). Text
 * repeats its words, and a Snowball stemmer costs far more than a lookup,
 * so each distinct word is stemmed about once. The cache is two
 * set-associative tables of fixed size (stem.h) with term and stem inline
 * in each entry: profiling showed the old open-addressing table, with its
 * strings in a separate arena, spending half the stemming time in cache
 * misses (slot, then arena), plus a periodic clear-and-regrow. A hit in
 * the front table touches one line (its first way is checked inline, in
 * stem.h), a front miss looks in the two candidate sets of the main
 * table, and a miss there replaces the least recently used way of a set,
 * which bounds memory with no bookkeeping but keeps frequent words from
 * being evicted by a rare one that happens to collide with them.
 */
#include "analyzer/stem.h"

#include <libstemmer.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FO_STEM_MAIN_DATA 58
#define FO_STEM_MAIN_SET (64 * FO_STEM_MAIN_WAYS) /* bytes, the alignment */

/* A main entry: data holds the term, then (unless the stem is the term)
 * the stem and a NUL. term_len 0 marks an empty one. (Front entries are
 * in stem.h.) */
typedef struct fo_stem_main {
	uint32_t hash;
	uint8_t term_len;
	uint8_t stem_len;
	char data[FO_STEM_MAIN_DATA];
} fo_stem_main;

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

const char *fo_stemmer_name(size_t i)
{
	const char **l = sb_stemmer_list();

	if (i == 0)
		return "none";
	for (i--; *l && i; l++, i--)
		;
	return *l;
}

int fo_stemmer_known(const char *language)
{
	const char *name;
	size_t i;

	for (i = 0; (name = fo_stemmer_name(i)) != NULL; i++) {
		if (strcmp(name, language) == 0)
			return 1;
	}
	return 0;
}

/*
 * size zeroed bytes aligned to align (a power of two), so that each set
 * of a table starts a cache line; *mem gets the pointer to free. calloc'd
 * rather than cleared, so that the pages of the full tables that no
 * lookup reaches stay untouched (a query stems a few words). NULL on
 * allocation failure.
 */
static void *fo_calloc_aligned(size_t size, size_t align, void **mem)
{
	*mem = calloc(1, size + align - 1);
	if (!*mem)
		return NULL;
	return (void *)(((uintptr_t)*mem + align - 1) & ~(uintptr_t)(align - 1));
}

/* Give st empty tables of 2^front_bits and 2^main_bits entries, keeping
 * the ones it had in small_mem (stem.h says why). 0 when out of memory,
 * st unchanged. */
static int fo_stem_tables(fo_stemmer *st, unsigned front_bits,
                          unsigned main_bits)
{
	void *front_mem, *main_mem;
	fo_stem_front *front =
	    fo_calloc_aligned(sizeof(*st->front) << front_bits, 64, &front_mem);
	fo_stem_main *main = fo_calloc_aligned(sizeof(*st->main) << main_bits,
	                                       FO_STEM_MAIN_SET, &main_mem);

	if (!front || !main) {
		free(front_mem);
		free(main_mem);
		return 0;
	}
	st->small_mem[0] = st->front_mem;
	st->small_mem[1] = st->main_mem;
	st->front_mem = front_mem;
	st->main_mem = main_mem;
	st->front = front;
	st->main = main;
	st->front_shift = 64 - front_bits;
	st->main_shift = 32 - main_bits;
	return 1;
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
		if (!fo_stem_tables(st, FO_STEM_SMALL_BITS, FO_STEM_SMALL_BITS))
			goto fail;
		st->sb = sb_stemmer_new(language, "UTF_8");
		if (!st->sb) {
			/* libstemmer says NULL for both unknown and OOM */
			if (!fo_stemmer_known(language))
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
	free(st->small_mem[0]);
	free(st->small_mem[1]);
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

/* Store term -> stem in front entry f (term of at most FO_STEM_KEY_MAX
 * bytes, key k0, k1), if the stem fits; else leave f empty. */
static void fo_stem_front_put(fo_stem_front *f, uint64_t k0, uint64_t k1,
                              const char *stem, size_t slen, int same)
{
	if (!same && slen + 1 > sizeof(f->stem)) {
		memset(f, 0, sizeof(*f));
		return;
	}
	f->key[0] = k0;
	f->key[1] = k1;
	f->stem_len = same ? (uint8_t)FO_STEM_SAME : (uint8_t)slen;
	if (!same) {
		memcpy(f->stem, stem, slen);
		f->stem[slen] = '\0';
	}
}

/*
 * The main table: each term may live in either of two sets of
 * FO_STEM_MAIN_WAYS entries (most recently used first), both picked by
 * its hash. With one set per term, the sets that
 * drew more terms than ways thrashed under LRU: 18k of the benchmark's
 * 87k distinct words were stemmed again every round at 4 ways (30k at 2);
 * two choices leave room for nearly all of them. The first set's index
 * is the high bits of the hash, which is independent of the front set's
 * index (stem.h), so that words colliding there do not collide again.
 */
static inline fo_stem_main *fo_stem_main_set(const fo_stemmer *st,
                                             uint32_t h, int second)
{
	/* the second index from a multiply by an odd constant, which mixes
	 * every bit of h into the high ones */
	uint32_t k = second ? h * 0x9e3779b1u : h;

	return &st->main[(k >> st->main_shift) & ~(FO_STEM_MAIN_WAYS - 1u)];
}

/* Make way i of the main set m its most recently used: the ways before it
 * move down one. */
static void fo_stem_main_touch(fo_stem_main *m, unsigned i)
{
	fo_stem_main e;

	if (i == 0)
		return;
	e = m[i];
	memmove(&m[1], &m[0], i * sizeof(*m));
	m[0] = e;
}

/* The main entry holding term (made its set's most recent), or NULL. */
static fo_stem_main *fo_stem_main_find(const fo_stemmer *st, uint32_t h,
                                       const char *term, size_t len)
{
	fo_stem_main *m;
	unsigned i;
	int second;

	for (second = 0; second < 2; second++) {
		m = fo_stem_main_set(st, h, second);
		for (i = 0; i < FO_STEM_MAIN_WAYS; i++) {
			if (FO_STEM_HIT(&m[i], h, term, len)) {
				fo_stem_main_touch(m, i);
				return m;
			}
		}
	}
	return NULL;
}

/* The entry to store a new term in, first of its set: a free way of
 * either set (the free ones are last), else the first set's least
 * recently used. */
static fo_stem_main *fo_stem_main_room(const fo_stemmer *st, uint32_t h)
{
	fo_stem_main *m = fo_stem_main_set(st, h, 0);

	if (m[FO_STEM_MAIN_WAYS - 1].term_len != 0) {
		fo_stem_main *b = fo_stem_main_set(st, h, 1);

		if (b[FO_STEM_MAIN_WAYS - 1].term_len == 0)
			m = b;
	}
	fo_stem_main_touch(m, FO_STEM_MAIN_WAYS - 1);
	return m;
}

/* The cache lookup in full: both ways of the front set (for a term short
 * enough to have a key), then the main table, then libstemmer. */
static folio_status fo_stem_lookup(fo_stemmer *st, const char *term,
                                   size_t len, uint32_t h, const char **stem,
                                   size_t *stem_len)
{
	const sb_symbol *sym;
	fo_stem_front *fr = NULL, tmp;
	fo_stem_main *m;
	uint64_t k0 = 0, k1 = 0;
	size_t slen;
	int same;

	*stem = NULL;
	*stem_len = 0;
	if (!st->sb || len == 0)
		return FOLIO_OK;
	if (len <= FO_STEM_KEY_MAX) {
		char buf[16] = { 0 };

		memcpy(buf, term, len);
		memcpy(&k0, buf, 8);
		memcpy(&k1, buf + 8, 8);
		fr = fo_stem_front_set(st, k0, k1);
		if (((fr->key[0] ^ k0) | (fr->key[1] ^ k1)) != 0) {
			if (((fr[1].key[0] ^ k0) | (fr[1].key[1] ^ k1)) != 0)
				goto front_miss;
			tmp = fr[0];
			fr[0] = fr[1];
			fr[1] = tmp;
		}
		if (fr->stem_len != FO_STEM_SAME) {
			*stem = fr->stem;
			*stem_len = fr->stem_len;
		}
		return FOLIO_OK;
front_miss:
		/* the older way makes room for the word about to be stored
		 * in the first */
		fr[1] = fr[0];
	}
	m = fo_stem_main_find(st, h, term, len);
	if (m) {
		same = m->stem_len == FO_STEM_SAME;
		slen = same ? 0 : m->stem_len;
		if (fr)
			fo_stem_front_put(fr, k0, k1, m->data + len, slen, same);
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
	m = fo_stem_main_room(st, h);
	fo_stem_put(&m->hash, &m->term_len, &m->stem_len, m->data,
	            FO_STEM_MAIN_DATA, h, term, len, (const char *)sym, slen,
	            same);
	if (fr)
		fo_stem_front_put(fr, k0, k1, (const char *)sym, slen, same);
	if (!same) {
		/* libstemmer's buffer is NUL-terminated and valid until the
		 * next call, as promised */
		*stem = (const char *)sym;
		*stem_len = slen;
	}
	/* once, to the full tables (the count stops there, so it cannot
	 * wrap and grow again); out of memory, the small ones serve */
	if (st->stemmed < FO_STEM_GROW_AT && ++st->stemmed == FO_STEM_GROW_AT)
		fo_stem_tables(st, FO_STEM_FRONT_BITS, FO_STEM_MAIN_BITS);
	return FOLIO_OK;
}

folio_status fo_stemmer_stem(fo_stemmer *st, const char *term, size_t len,
                             const char **stem, size_t *stem_len)
{
	return fo_stem_lookup(st, term, len, fo_stem_hash(term, len), stem,
	                      stem_len);
}

folio_status fo_stemmer_stem_hashed(fo_stemmer *st, const char *term,
                                    size_t len, uint32_t h,
                                    const char **stem, size_t *stem_len)
{
	return fo_stem_lookup(st, term, len, h, stem, stem_len);
}
