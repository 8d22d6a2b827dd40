/*
 * known.c: the posts an index holds, by URL hash (known.h): both value
 * streams come in docid order, so the second is joined to the first by a
 * merge, and the table is then sorted by URL hash for binary search.
 */
#include "index/known.h"

#include "index/schema.h"

#include <stdlib.h>
#include <string.h>

typedef struct entry {
	uint64_t url, content;
	uint32_t docid;
	int has_content;
} entry;

struct fo_known {
	entry *e;
	size_t n, cap;
	size_t next;  /* the merge's place while the content hashes are read */
	int complete; /* every post of the index is in e */
	int oom;
};

/* 16 hex digits, as the indexer writes FO_SLOT_HASH; -1 for anything
 * else. */
static int parse_hex(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	if (len != 16)
		return -1;
	for (i = 0; i < 16; i++) {
		char c = s[i];
		unsigned d;

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else
			return -1;
		v = v << 4 | d;
	}
	*out = v;
	return 0;
}

void fo_url_hash_value(uint64_t url_hash, char out[8])
{
	int i;

	for (i = 7; i >= 0; i--, url_hash >>= 8)
		out[i] = (char)(url_hash & 0xff);
}

static int on_url(uint32_t docid, const char *value, size_t len, void *ctx)
{
	fo_known *k = ctx;
	uint64_t url = 0;
	size_t i;

	if (len != 8)
		return 0; /* not ours: that post is looked up */
	for (i = 0; i < 8; i++)
		url = url << 8 | (unsigned char)value[i];
	if (k->n == k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 1024;
		entry *grown = realloc(k->e, cap * sizeof *grown);

		if (!grown) {
			k->oom = 1;
			return 1;
		}
		k->e = grown;
		k->cap = cap;
	}
	k->e[k->n].url = url;
	k->e[k->n].content = 0;
	k->e[k->n].docid = docid;
	k->e[k->n].has_content = 0;
	k->n++;
	return 0;
}

static int on_content(uint32_t docid, const char *value, size_t len,
                      void *ctx)
{
	fo_known *k = ctx;

	while (k->next < k->n && k->e[k->next].docid < docid)
		k->next++;
	if (k->next < k->n && k->e[k->next].docid == docid &&
	    parse_hex(value, len, &k->e[k->next].content) == 0)
		k->e[k->next].has_content = 1;
	return 0;
}

static int by_url(const void *a, const void *b)
{
	const entry *x = a, *y = b;

	return x->url < y->url ? -1 : x->url > y->url;
}

folio_status fo_known_load(fo_xdb *xdb, fo_known **out, fo_xerr *err)
{
	fo_known *k = calloc(1, sizeof *k);
	uint64_t docs = 0;
	folio_status st;
	size_t i, kept = 0;

	*out = NULL;
	if (!k)
		return FOLIO_ERROR_NOMEM;
	st = fo_xdb_doccount(xdb, &docs, err);
	if (st == FOLIO_OK)
		st = fo_xdb_each_value(xdb, FO_SLOT_URL, on_url, k, err);
	if (st == FOLIO_OK && !k->oom)
		st = fo_xdb_each_value(xdb, FO_SLOT_HASH, on_content, k, err);
	if (st == FOLIO_OK && k->oom)
		st = FOLIO_ERROR_NOMEM;
	if (st != FOLIO_OK) {
		fo_known_free(k);
		return st;
	}
	/* A post without its content hash is left to a lookup. */
	for (i = 0; i < k->n; i++)
		if (k->e[i].has_content)
			k->e[kept++] = k->e[i];
	k->complete = kept == k->n && k->n == docs;
	k->n = kept;
	if (k->n) /* qsort may not be given NULL, even for no items */
		qsort(k->e, k->n, sizeof *k->e, by_url);
	*out = k;
	return FOLIO_OK;
}

fo_known_answer fo_known_find(const fo_known *k, uint64_t url_hash,
                              uint32_t *docid, uint64_t *content)
{
	size_t lo = 0, hi = k->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (k->e[mid].url < url_hash)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == k->n || k->e[lo].url != url_hash)
		return k->complete ? FO_KNOWN_ABSENT : FO_KNOWN_LOOKUP;
	/* Two indexed URLs with one hash: only their terms tell them apart. */
	if (lo + 1 < k->n && k->e[lo + 1].url == url_hash)
		return FO_KNOWN_LOOKUP;
	*docid = k->e[lo].docid;
	*content = k->e[lo].content;
	return FO_KNOWN_HELD;
}

void fo_known_free(fo_known *k)
{
	if (!k)
		return;
	free(k->e);
	free(k);
}
