/*
 * merge.c: URL-keyed merging of posts (merge.h). An open-addressing hash
 * table over an array of owned posts; each post's strings are strdup'd.
 */
#define _POSIX_C_SOURCE 200809L
#include "index/merge.h"

#include "index/docdata.h"

#include <stdlib.h>
#include <string.h>

typedef struct entry {
	folio_post post;
	char **topics;
} entry;

struct fo_merge {
	entry *posts;
	size_t n, cap;
	size_t *slots; /* index + 1 into posts; 0 = empty */
	size_t n_slots;
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
	for (i = 0; i < e->post.n_topics; i++)
		free(e->topics[i]);
	free(e->topics);
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

static int rehash(fo_merge *m)
{
	size_t n_slots = m->n_slots ? m->n_slots * 2 : 1024, i, h;
	size_t *slots = calloc(n_slots, sizeof *slots);

	if (!slots)
		return -1;
	for (i = 0; i < m->n; i++) {
		const char *url = m->posts[i].post.url;
		h = fo_hash64(url, strlen(url)) & (n_slots - 1);
		while (slots[h])
			h = (h + 1) & (n_slots - 1);
		slots[h] = i + 1;
	}
	free(m->slots);
	m->slots = slots;
	m->n_slots = n_slots;
	return 0;
}

/* Fill *dst from src if *dst is absent; -1 when out of memory. */
static int fill(const char **dst, const char *src)
{
	if (*dst || !src)
		return 0;
	*dst = strdup(src);
	return *dst ? 0 : -1;
}

/* Insert topic into e's sorted, unique topics: a binary search and one
 * memmove, so a URL repeated thousands of times stays cheap. */
static int add_topic(entry *e, const char *topic)
{
	size_t lo = 0, hi = e->post.n_topics, mid;
	char **grown;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = strcmp(e->topics[mid], topic);
		if (c == 0)
			return 0;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	grown = realloc(e->topics, (e->post.n_topics + 1) * sizeof *grown);
	if (!grown)
		return -1;
	e->topics = grown;
	e->post.topics = (const char *const *)e->topics;
	memmove(grown + lo + 1, grown + lo,
	        (e->post.n_topics - lo) * sizeof *grown);
	grown[lo] = strdup(topic);
	if (!grown[lo]) {
		memmove(grown + lo, grown + lo + 1,
		        (e->post.n_topics - lo) * sizeof *grown);
		return -1;
	}
	e->post.n_topics++;
	return 0;
}

folio_status fo_merge_add(fo_merge *m, const folio_post *p)
{
	size_t h, i;
	entry *e;
	int rc = 0;

	if ((m->n + 1) * 2 > m->n_slots && rehash(m) != 0)
		return FOLIO_ERROR_NOMEM;
	h = fo_hash64(p->url, strlen(p->url)) & (m->n_slots - 1);
	while (m->slots[h] &&
	       strcmp(m->posts[m->slots[h] - 1].post.url, p->url) != 0)
		h = (h + 1) & (m->n_slots - 1);
	if (m->slots[h]) {
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
		/* The URL first: the table must never hold a post without one. */
		if (fill(&e->post.url, p->url) != 0)
			return FOLIO_ERROR_NOMEM;
		m->slots[h] = ++m->n;
	}
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

size_t fo_merge_count(const fo_merge *m)
{
	return m->n;
}

const folio_post *fo_merge_get(const fo_merge *m, size_t i)
{
	return i < m->n ? &m->posts[i].post : NULL;
}
