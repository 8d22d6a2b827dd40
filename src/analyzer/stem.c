/*
 * stem.c: libstemmer_c behind a cache. The cache is an open-addressing
 * hash table of term -> stem whose strings live in one arena; it grows up
 * to 2 * FO_STEM_CACHE_MAX slots and is simply emptied when full, which
 * keeps memory bounded without the bookkeeping of an LRU. A small front
 * cache sits before it for the frequent words.
 */
#include "analyzer/stem.h"

#include "util/buf.h"

#include <libstemmer.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FO_STEM_SLOTS_MIN 1024u
#define FO_STEM_SLOTS_MAX (2u * FO_STEM_CACHE_MAX)
#define FO_STEM_SAME 0xffu /* stem_len value: the stem is the term */
#define FO_STEM_FRONT 8192u /* entries of the front cache */
#define FO_STEM_FRONT_DATA 26

typedef struct fo_stem_slot {
	uint32_t hash;
	uint32_t off;      /* term, NUL, stem, NUL in the arena */
	uint8_t used;
	uint8_t term_len;
	uint8_t stem_len;  /* or FO_STEM_SAME */
} fo_stem_slot;

/*
 * The few thousand most frequent words make up most of the text; the
 * direct-mapped front cache holds them in 256 KB, term and stem inline, so
 * a hit touches one cache line instead of a slot in a table of megabytes
 * plus the arena (measured: the main table's cache misses were half the
 * stemming time).
 */
typedef struct fo_stem_front {
	uint32_t hash;
	uint8_t term_len;  /* 0: empty */
	uint8_t stem_len;  /* or FO_STEM_SAME */
	char data[FO_STEM_FRONT_DATA]; /* term, then stem and NUL */
} fo_stem_front;

struct fo_stemmer {
	struct sb_stemmer *sb; /* NULL for "none" */
	fo_stem_front *front;
	fo_stem_slot *slots;
	size_t mask;
	size_t count;
	fo_buf arena;
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
		st->front = calloc(FO_STEM_FRONT, sizeof(*st->front));
		if (!st->front)
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
	if (st)
		free(st->front);
	free(st);
	return rc;
}

void fo_stemmer_free(fo_stemmer *st)
{
	if (!st)
		return;
	if (st->sb)
		sb_stemmer_delete(st->sb);
	free(st->front);
	free(st->slots);
	fo_buf_free(&st->arena);
	free(st);
}

/* Short strings: a plain loop beats a call to memcmp. */
static inline int fo_stem_eq(const char *a, const char *b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (a[i] != b[i])
			return 0;
	}
	return 1;
}

static uint32_t fo_stem_hash(const char *s, size_t len)
{
	uint32_t h = FO_STEM_HASH_INIT;
	size_t i;

	for (i = 0; i < len; i++)
		h = fo_stem_hash_byte(h, (unsigned char)s[i]);
	return h;
}

static void fo_stem_cache_clear(fo_stemmer *st)
{
	if (st->slots)
		memset(st->slots, 0, (st->mask + 1) * sizeof(*st->slots));
	st->count = 0;
	fo_buf_clear(&st->arena);
}

/* Make room for one more entry: grow the table, or empty it at the cap. */
static folio_status fo_stem_cache_room(fo_stemmer *st)
{
	fo_stem_slot *slots, *old = st->slots;
	size_t n, i, j, old_n = old ? st->mask + 1 : 0;

	if (old && (st->count + 1) * 2 <= old_n)
		return FOLIO_OK;
	if (old_n >= FO_STEM_SLOTS_MAX) {
		fo_stem_cache_clear(st);
		return FOLIO_OK;
	}
	n = old_n ? old_n * 2 : FO_STEM_SLOTS_MIN;
	slots = calloc(n, sizeof(*slots));
	if (!slots)
		return FOLIO_ERROR_NOMEM;
	for (i = 0; i < old_n; i++) {
		if (!old[i].used)
			continue;
		j = old[i].hash & (n - 1);
		while (slots[j].used)
			j = (j + 1) & (n - 1);
		slots[j] = old[i];
	}
	free(old);
	st->slots = slots;
	st->mask = n - 1;
	return FOLIO_OK;
}

/* Copy a cache entry (term, NUL, stem, NUL as in the arena) to the front
 * cache when it fits there. */
static void fo_stem_front_put(fo_stem_front *fr, uint32_t h, const char *ent,
                              size_t len, unsigned stem_len)
{
	size_t need = len + (stem_len == FO_STEM_SAME ? 0 : stem_len + 1);

	if (need > FO_STEM_FRONT_DATA)
		return;
	fr->hash = h;
	fr->term_len = (uint8_t)len;
	fr->stem_len = (uint8_t)stem_len;
	memcpy(fr->data, ent, len);
	if (stem_len != FO_STEM_SAME) {
		memcpy(fr->data + len, ent + len + 1, stem_len);
		fr->data[len + stem_len] = '\0';
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
	fo_stem_front *fr;
	fo_stem_slot *slot;
	size_t i, slen, off;
	folio_status rc;

	*stem = NULL;
	*stem_len = 0;
	if (!st->sb || len == 0)
		return FOLIO_OK;
	fr = &st->front[h & (FO_STEM_FRONT - 1)];
	if (fr->hash == h && fr->term_len == len &&
	    fo_stem_eq(fr->data, term, len)) {
		if (fr->stem_len != FO_STEM_SAME) {
			*stem = fr->data + len;
			*stem_len = fr->stem_len;
		}
		return FOLIO_OK;
	}
	if (st->slots) {
		for (i = h & st->mask; st->slots[i].used;
		     i = (i + 1) & st->mask) {
			slot = &st->slots[i];
			if (slot->hash != h || slot->term_len != len ||
			    !fo_stem_eq(st->arena.data + slot->off, term, len))
				continue;
			fo_stem_front_put(fr, h, st->arena.data + slot->off,
			                  len, slot->stem_len);
			if (slot->stem_len != FO_STEM_SAME) {
				*stem = st->arena.data + slot->off + len + 1;
				*stem_len = slot->stem_len;
			}
			return FOLIO_OK;
		}
	}

	sym = sb_stemmer_stem(st->sb, (const sb_symbol *)term, (int)len);
	if (!sym)
		return FOLIO_ERROR_NOMEM;
	slen = (size_t)sb_stemmer_length(st->sb);
	/* terms are at most FO_MAX_TERM_BYTES, so lengths fit in a byte; the
	 * check guards against a stemmer that lengthens words a lot */
	if (len >= FO_STEM_SAME || slen >= FO_STEM_SAME ||
	    st->arena.len > UINT32_MAX - 2 * FO_STEM_SAME) {
		if (slen == len && memcmp(sym, term, len) == 0)
			return FOLIO_OK;
		*stem = (const char *)sym;
		*stem_len = slen;
		return FOLIO_OK;
	}
	rc = fo_stem_cache_room(st);
	if (rc != FOLIO_OK)
		return rc;
	off = st->arena.len;
	fo_buf_append(&st->arena, term, len);
	fo_buf_append(&st->arena, "", 1);
	fo_buf_append(&st->arena, (const char *)sym, slen);
	fo_buf_append(&st->arena, "", 1);
	if (st->arena.oom) {
		/* start over with an empty cache rather than a sticky error */
		fo_buf_free(&st->arena);
		fo_stem_cache_clear(st);
		return FOLIO_ERROR_NOMEM;
	}
	for (i = h & st->mask; st->slots[i].used; i = (i + 1) & st->mask)
		;
	slot = &st->slots[i];
	slot->used = 1;
	slot->hash = h;
	slot->off = (uint32_t)off;
	slot->term_len = (uint8_t)len;
	if (slen == len && memcmp(sym, term, len) == 0) {
		slot->stem_len = FO_STEM_SAME;
	} else {
		slot->stem_len = (uint8_t)slen;
		*stem = st->arena.data + off + len + 1;
		*stem_len = slen;
	}
	st->count++;
	fo_stem_front_put(fr, h, st->arena.data + off, len, slot->stem_len);
	return FOLIO_OK;
}
