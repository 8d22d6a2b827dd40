/*
 * merge.c: URL-keyed merging of posts (merge.h). An open-addressing hash
 * table over an array of owned posts; each post's strings are strdup'd.
 * A post taken out leaves a tombstone in the table (so that the probe
 * sequences of the others stay intact) and a hole in the array; both are
 * swept out when the holes are as many as the posts.
 */
#define _POSIX_C_SOURCE 200809L
#include "index/merge.h"

#include "index/docdata.h"
#include "index/urlterm.h"
#include "index/valueterm.h"
#include "util/grow.h"

#include <stdlib.h>
#include <string.h>

typedef struct entry {
	folio_post post; /* url NULL: taken */
	char **topics;   /* sorted bytewise */
	char **keys;     /* the topics' filter terms, one each, sorted */
	size_t topics_cap, keys_cap;
	uint64_t hash;   /* fo_url_hash of the URL */
	uint64_t first;  /* fo_merge_add_at's, of the first copy */
	uint64_t origin; /* and of the latest */
} entry;

/* A slot's value: index + 1 into posts, or one of these. */
#define EMPTY 0
#define TOMB SIZE_MAX

struct fo_merge {
	entry *posts;
	size_t n, cap;
	size_t taken;  /* holes among posts[0..n) */
	size_t *slots;
	size_t n_slots;
	size_t tombs;
};

fo_merge *fo_merge_new(void)
{
	return calloc(1, sizeof(fo_merge));
}

static void entry_free(entry *e)
{
	size_t i;

	free((char *)e->post.url);
	free((char *)e->post.title);
	free((char *)e->post.company);
	free((char *)e->post.author);
	free((char *)e->post.published);
	free((char *)e->post.type);
	free((char *)e->post.summary);
	for (i = 0; i < e->post.n_topics; i++) {
		free(e->topics[i]);
		free(e->keys[i]);
	}
	free(e->topics);
	free(e->keys);
}

void fo_merge_free(fo_merge *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < m->n; i++)
		entry_free(&m->posts[i]);
	free(m->posts);
	free(m->slots);
	free(m);
}

/* Point slots[0..n_slots) at the posts not taken. */
static void fill_slots(fo_merge *m, size_t *slots, size_t n_slots)
{
	size_t i, h;

	for (i = 0; i < m->n; i++) {
		if (!m->posts[i].post.url)
			continue;
		h = m->posts[i].hash & (n_slots - 1);
		while (slots[h] != EMPTY)
			h = (h + 1) & (n_slots - 1);
		slots[h] = i + 1;
	}
	free(m->slots);
	m->slots = slots;
	m->n_slots = n_slots;
	m->tombs = 0;
}

/* Rebuild the table without tombstones, larger if the posts need it. */
static int rehash(fo_merge *m)
{
	size_t n_slots = m->n_slots ? m->n_slots : 1024;
	size_t *slots;

	while ((m->n - m->taken + 1) * 2 > n_slots)
		n_slots *= 2;
	if (!(slots = calloc(n_slots, sizeof *slots)))
		return -1;
	fill_slots(m, slots, n_slots);
	return 0;
}

/* Close the holes left by taken posts, keeping the order of the rest.
 * Out of memory, the holes stay (the merge is still whole). */
static void sweep(fo_merge *m)
{
	size_t *slots = calloc(m->n_slots, sizeof *slots);
	size_t i, kept = 0;

	if (!slots)
		return;
	for (i = 0; i < m->n; i++)
		if (m->posts[i].post.url)
			m->posts[kept++] = m->posts[i];
	m->n = kept;
	m->taken = 0;
	fill_slots(m, slots, m->n_slots);
}

/* Fill *dst from src if *dst is absent; -1 when out of memory. */
static int fill(const char **dst, const char *src)
{
	if (*dst || !src)
		return 0;
	*dst = strdup(src);
	return *dst ? 0 : -1;
}

/* Whether s is among sorted[0..n); *at is where it is or belongs. */
static int find_sorted(char *const *sorted, size_t n, const char *s, size_t *at)
{
	size_t lo = 0, hi = n, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = strcmp(sorted[mid], s);
		if (c == 0) {
			*at = mid;
			return 1;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*at = lo;
	return 0;
}

/* Put s at sorted[at], sorted holding n and room for one more. */
static void insert_at(char **sorted, size_t n, size_t at, char *s)
{
	memmove(sorted + at + 1, sorted + at, (n - at) * sizeof *sorted);
	sorted[at] = s;
}

/* Insert topic into e's sorted, unique topics. A topic spelt otherwise
 * (case, accents or white space apart, as its filter term and facets take
 * it: "Machine Learning" and "machine  learning" on two pages) keeps the
 * spelling read first. Each topic's filter term is kept, sorted, so that
 * a URL repeated on thousands of pages, each with its own topic, costs a
 * binary search per copy rather than normalising every topic again. */
static int add_topic(entry *e, const char *topic)
{
	size_t n = e->post.n_topics, at, key_at;
	fo_buf key = FO_BUF_INIT;
	char *copy = NULL, *kept = NULL;
	int rc = -1;

	if (find_sorted(e->topics, n, topic, &at))
		return 0;
	if (fo_value_term("", topic, strlen(topic), &key) < 0)
		goto out;
	if (find_sorted(e->keys, n, key.data, &key_at)) {
		rc = 0;
		goto out;
	}
	copy = strdup(topic);
	kept = strdup(key.data);
	if (!copy || !kept ||
	    fo_grow((void **)&e->topics, &e->topics_cap, n,
	            sizeof *e->topics) ||
	    fo_grow((void **)&e->keys, &e->keys_cap, n, sizeof *e->keys))
		goto out;
	insert_at(e->topics, n, at, copy);
	insert_at(e->keys, n, key_at, kept);
	copy = kept = NULL;
	e->post.topics = (const char *const *)e->topics;
	e->post.n_topics++;
	rc = 0;
out:
	free(copy);
	free(kept);
	fo_buf_free(&key);
	return rc;
}

/* The slot of the post with url, or the empty slot where it belongs. */
static size_t find(const fo_merge *m, const char *url, uint64_t hash)
{
	size_t h = hash & (m->n_slots - 1);

	while (m->slots[h] != EMPTY &&
	       (m->slots[h] == TOMB ||
	        strcmp(m->posts[m->slots[h] - 1].post.url, url) != 0))
		h = (h + 1) & (m->n_slots - 1);
	return h;
}

folio_status fo_merge_add(fo_merge *m, const folio_post *p)
{
	return fo_merge_add_at(m, p, 0);
}

folio_status fo_merge_add_at(fo_merge *m, const folio_post *p, uint64_t origin)
{
	uint64_t hash = fo_url_hash(p->url);
	size_t h, i;
	entry *e;
	int rc = 0;

	if ((m->n - m->taken + m->tombs + 1) * 2 > m->n_slots &&
	    rehash(m) != 0)
		return FOLIO_ERROR_NOMEM;
	h = find(m, p->url, hash);
	if (m->slots[h] != EMPTY) {
		e = &m->posts[m->slots[h] - 1];
	} else {
		if (m->n == m->cap) {
			size_t cap = m->cap ? m->cap * 2 : 256;
			entry *grown = realloc(m->posts, cap * sizeof *grown);
			if (!grown)
				return FOLIO_ERROR_NOMEM;
			m->posts = grown;
			m->cap = cap;
		}
		e = &m->posts[m->n];
		memset(e, 0, sizeof *e);
		e->hash = hash;
		e->first = origin;
		/* The URL first: the table must never hold a post without one. */
		if (fill(&e->post.url, p->url) != 0)
			return FOLIO_ERROR_NOMEM;
		m->slots[h] = ++m->n;
	}
	e->origin = origin;
	rc |= fill(&e->post.title, p->title);
	rc |= fill(&e->post.company, p->company);
	rc |= fill(&e->post.author, p->author);
	rc |= fill(&e->post.published, p->published);
	rc |= fill(&e->post.type, p->type);
	rc |= fill(&e->post.summary, p->summary);
	for (i = 0; rc == 0 && i < p->n_topics; i++)
		rc = add_topic(e, p->topics[i]);
	return rc ? FOLIO_ERROR_NOMEM : FOLIO_OK;
}

const folio_post *fo_merge_find(const fo_merge *m, const char *url,
                                uint64_t *first, uint64_t *origin)
{
	const entry *e = NULL;

	if (m->n_slots) {
		size_t h = find(m, url, fo_url_hash(url));
		if (m->slots[h] != EMPTY)
			e = &m->posts[m->slots[h] - 1];
	}
	if (first)
		*first = e ? e->first : 0;
	if (origin)
		*origin = e ? e->origin : 0;
	return e ? &e->post : NULL;
}

size_t fo_merge_count(const fo_merge *m)
{
	return m->n - m->taken;
}

const folio_post *fo_merge_get(const fo_merge *m, size_t i)
{
	return i < m->n && !m->taken ? &m->posts[i].post : NULL;
}

folio_status fo_merge_take(fo_merge *m, uint64_t hash, fo_merge_fn fn,
                           void *ctx)
{
	size_t h, first;
	folio_status st = FOLIO_OK;

	if (!m->n_slots)
		return FOLIO_OK;
	/* Rarely more than one: a post per URL with this hash, handed out
	 * in the order they were first seen. */
	for (;;) {
		size_t best = SIZE_MAX;

		for (h = hash & (m->n_slots - 1); m->slots[h] != EMPTY;
		     h = (h + 1) & (m->n_slots - 1)) {
			size_t i = m->slots[h];
			if (i != TOMB && m->posts[i - 1].hash == hash &&
			    (best == SIZE_MAX || i < m->slots[best]))
				best = h;
		}
		if (best == SIZE_MAX)
			break;
		first = m->slots[best] - 1;
		if (st == FOLIO_OK)
			st = fn(&m->posts[first].post, hash, ctx);
		entry_free(&m->posts[first]);
		memset(&m->posts[first], 0, sizeof m->posts[first]);
		m->slots[best] = TOMB;
		m->tombs++;
		m->taken++;
	}
	if (m->taken * 2 >= m->n)
		sweep(m);
	return st;
}

folio_status fo_merge_take_all(fo_merge *m, fo_merge_fn fn, void *ctx)
{
	size_t i;
	folio_status st = FOLIO_OK;

	for (i = 0; i < m->n; i++) {
		if (m->posts[i].post.url && st == FOLIO_OK)
			st = fn(&m->posts[i].post, m->posts[i].hash, ctx);
		entry_free(&m->posts[i]);
	}
	m->n = m->taken = m->tombs = 0;
	if (m->slots)
		memset(m->slots, 0, m->n_slots * sizeof *m->slots);
	return st;
}
