/*
 * stored.c: a post as the index stores it (stored.h), its values' runs
 * of white space folded. Copied only where a value may need it.
 */
#define _POSIX_C_SOURCE 200809L
#include "index/stored.h"

#include "analyzer/analyzer.h"
#include "util/ascii.h"

#include <stdlib.h>
#include <string.h>

/* Whether value s may hold white space to fold: white space other than
 * one space between other bytes, or a non-ASCII byte (U+00A0 and the
 * other Unicode spaces). Most values have neither. */
static int may_fold(const char *s)
{
	size_t i;

	for (i = 0; s && s[i]; i++)
		if ((unsigned char)s[i] >= 0x80 ||
		    (fo_ascii_is_space((unsigned char)s[i]) &&
		     (s[i] != ' ' || i == 0 || s[i + 1] == '\0' ||
		      s[i + 1] == ' ')))
			return 1;
	return 0;
}

/* s folded into a copy of its own, or NULL when memory ran out. */
static char *folded(const char *s)
{
	char *f = strdup(s);

	if (f)
		fo_collapse_space(f, strlen(f));
	return f;
}

static int by_bytes(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Fold s->post's topics, which p has, where one may need it: sorted
 * again, as folding may move one, and two that fold to one made one
 * ("Machine  Learning" and "Machine Learning"). 0, or -1 when memory
 * ran out. */
static int fold_topics(const folio_post *p, fo_stored *s)
{
	size_t i, n = 0;

	if (!(s->topic = calloc(p->n_topics, sizeof *s->topic)) ||
	    !(s->topics = malloc(p->n_topics * sizeof *s->topics)))
		return -1;
	s->n_topic = p->n_topics;
	for (i = 0; i < p->n_topics; i++) {
		s->topics[i] = p->topics[i];
		if (may_fold(p->topics[i]) &&
		    !(s->topics[i] = s->topic[i] = folded(p->topics[i])))
			return -1;
	}
	qsort(s->topics, p->n_topics, sizeof *s->topics, by_bytes);
	for (i = 0; i < p->n_topics; i++)
		if (!n || strcmp(s->topics[n - 1], s->topics[i]) != 0)
			s->topics[n++] = s->topics[i];
	s->post.topics = s->topics;
	s->post.n_topics = n;
	return 0;
}

const folio_post *fo_stored_get(const folio_post *p, fo_stored *s)
{
	const char **value[4];
	size_t i;
	int topics = 0;

	memset(s, 0, sizeof *s);
	for (i = 0; i < p->n_topics && !topics; i++)
		topics = may_fold(p->topics[i]);
	if (!topics && !may_fold(p->company) && !may_fold(p->author) &&
	    !may_fold(p->type) && !may_fold(p->title))
		return p;
	s->post = *p;
	value[0] = &s->post.company;
	value[1] = &s->post.author;
	value[2] = &s->post.type;
	value[3] = &s->post.title;
	for (i = 0; i < 4; i++)
		if (may_fold(*value[i]) &&
		    !(*value[i] = s->field[i] = folded(*value[i])))
			return NULL;
	if (topics && fold_topics(p, s) != 0)
		return NULL;
	return &s->post;
}

void fo_stored_free(fo_stored *s)
{
	size_t i;

	for (i = 0; i < 4; i++)
		free(s->field[i]);
	for (i = 0; i < s->n_topic; i++)
		free(s->topic[i]);
	free(s->topic);
	free(s->topics);
}
