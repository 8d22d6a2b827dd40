/*
 * query.c: free text -> Xapian query (see query.h for the matching rules).
 * The analyzer emits a compound's joined form first and then its parts, so
 * one pass can assemble each compound before moving to the next.
 */
#include "search/query.h"

#include "index/schema.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

typedef struct qlist {
	fo_xquery **q;
	size_t n, cap;
} qlist;

typedef struct build_ctx {
	qlist words;    /* one query per compound, ANDed at the end */
	qlist parts;    /* exact part terms of the compound being read */
	qlist seq;      /* exact terms of every WORD and PART, in order */
	fo_xquery *joined; /* the joined form's query, if any */
	uint32_t compound;
	int in_compound;
	fo_termset *terms;
	fo_buf scratch;
	folio_status st;
} build_ctx;

static int qlist_push(qlist *l, fo_xquery *q)
{
	fo_xquery **grown;

	if (!q)
		return -1;
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		grown = realloc(l->q, l->cap * sizeof *grown);
		if (!grown) {
			fo_xquery_free(q);
			return -1;
		}
		l->q = grown;
	}
	l->q[l->n++] = q;
	return 0;
}

static void qlist_clear(qlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		fo_xquery_free(l->q[i]);
	l->n = 0;
}

static int set_add(char ***arr, size_t *n, const char *s, size_t len)
{
	char **grown;
	size_t i;

	for (i = 0; i < *n; i++)
		if (strlen((*arr)[i]) == len && memcmp((*arr)[i], s, len) == 0)
			return 0;
	grown = realloc(*arr, (*n + 1) * sizeof *grown);
	if (!grown)
		return -1;
	*arr = grown;
	grown[*n] = malloc(len + 1);
	if (!grown[*n])
		return -1;
	memcpy(grown[*n], s, len);
	grown[*n][len] = '\0';
	(*n)++;
	return 0;
}

static int set_has(char *const *arr, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(arr[i], s) == 0)
			return 1;
	return 0;
}

int fo_termset_has_exact(const fo_termset *s, const char *term)
{
	return set_has(s->exact, s->n_exact, term);
}

int fo_termset_has_stem(const fo_termset *s, const char *stem)
{
	return set_has(s->stems, s->n_stems, stem);
}

void fo_termset_free(fo_termset *s)
{
	size_t i;

	for (i = 0; i < s->n_exact; i++)
		free(s->exact[i]);
	for (i = 0; i < s->n_stems; i++)
		free(s->stems[i]);
	free(s->exact);
	free(s->stems);
	memset(s, 0, sizeof *s);
}

/*
 * One word: OR(SYNONYM(Z<stem>, <stem>), <exact>). Documents index the
 * stem under Z only where it differs from the word, so the bare <stem>
 * term covers words that are their own stem. The exact term adds its own
 * (rarer, so higher) BM25 weight to documents that have the form typed.
 */
static fo_xquery *word_query(build_ctx *c, const fo_token *t)
{
	const char *stem = t->stem ? t->stem : t->term;
	size_t stem_len = t->stem ? t->stem_len : t->len;
	fo_xquery *sub[2] = { NULL, NULL }, *syn = NULL, *out = NULL;

	if (set_add(&c->terms->exact, &c->terms->n_exact, t->term, t->len) ||
	    set_add(&c->terms->stems, &c->terms->n_stems, stem, stem_len))
		return NULL;
	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, FO_PREFIX_STEM);
	fo_buf_append(&c->scratch, stem, stem_len);
	if (c->scratch.oom)
		return NULL;
	sub[0] = fo_xquery_term(c->scratch.data, c->scratch.len, 1);
	sub[1] = fo_xquery_term(stem, stem_len, 1);
	if (sub[0] && sub[1])
		syn = fo_xquery_combine(FO_XOP_SYNONYM, sub, 2, 0);
	fo_xquery_free(sub[0]);
	fo_xquery_free(sub[1]);
	sub[0] = syn;
	sub[1] = fo_xquery_term(t->term, t->len, 1);
	if (sub[0] && sub[1])
		out = fo_xquery_combine(FO_XOP_OR, sub, 2, 0);
	fo_xquery_free(sub[0]);
	fo_xquery_free(sub[1]);
	return out;
}

/* Close the compound being read: OR(PHRASE(parts), joined). */
static int finish_compound(build_ctx *c)
{
	fo_xquery *sub[2] = { NULL, NULL }, *q = NULL;
	int rc = 0;

	if (!c->in_compound)
		return 0;
	c->in_compound = 0;
	if (c->parts.n > 1)
		sub[0] = fo_xquery_combine(FO_XOP_PHRASE, c->parts.q, c->parts.n,
		                           (unsigned)c->parts.n);
	else if (c->parts.n == 1)
		sub[0] = fo_xquery_combine(FO_XOP_OR, c->parts.q, 1, 0);
	sub[1] = c->joined;
	c->joined = NULL;
	if (sub[0] && sub[1])
		q = fo_xquery_combine(FO_XOP_OR, sub, 2, 0);
	else if (sub[0] || sub[1])
		q = fo_xquery_combine(FO_XOP_OR, sub[0] ? &sub[0] : &sub[1], 1, 0);
	if (qlist_push(&c->words, q) != 0)
		rc = -1;
	fo_xquery_free(sub[0]);
	fo_xquery_free(sub[1]);
	qlist_clear(&c->parts);
	return rc;
}

static int on_token(const fo_token *t, void *ctx)
{
	build_ctx *c = ctx;
	int rc = 0;

	if (c->in_compound && t->compound != c->compound)
		rc = finish_compound(c);
	if (rc == 0 && t->kind != FO_TOK_JOINED && c->seq.n < 32)
		rc = qlist_push(&c->seq, fo_xquery_term(t->term, t->len, 1));
	if (rc == 0 && t->kind == FO_TOK_WORD) {
		rc = qlist_push(&c->words, word_query(c, t));
	} else if (rc == 0) {
		c->in_compound = 1;
		c->compound = t->compound;
		if (t->kind == FO_TOK_JOINED) {
			fo_xquery_free(c->joined);
			c->joined = word_query(c, t);
			rc = c->joined ? 0 : -1;
		} else {
			rc = qlist_push(&c->parts, fo_xquery_term(t->term, t->len, 1));
			if (rc == 0)
				rc = set_add(&c->terms->exact, &c->terms->n_exact,
				             t->term, t->len);
			if (rc == 0)
				rc = set_add(&c->terms->stems, &c->terms->n_stems,
				             t->stem ? t->stem : t->term,
				             t->stem ? t->stem_len : t->len);
		}
	}
	if (rc != 0)
		c->st = FOLIO_ERROR_NOMEM;
	return rc;
}

folio_status fo_query_build(fo_analyzer *an, const char *text,
                            fo_xquery **out, fo_termset *terms)
{
	build_ctx c;
	folio_status st;

	*out = NULL;
	memset(terms, 0, sizeof *terms);
	memset(&c, 0, sizeof c);
	c.terms = terms;
	st = fo_analyze(an, text, strlen(text), on_token, &c);
	if (st == FOLIO_OK)
		st = c.st;
	if (st == FOLIO_OK && finish_compound(&c) != 0)
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK && c.words.n > 0) {
		*out = fo_xquery_combine(FO_XOP_AND, c.words.q, c.words.n, 0);
		if (!*out)
			st = FOLIO_ERROR_NOMEM;
	}
	/* Several words typed apart ("free threaded", "element by id") rank
	 * first where they stand together, as the parts of free-threaded or
	 * getElementById do: the AND is boosted by the phrase of all exact
	 * terms. */
	if (st == FOLIO_OK && *out && c.words.n > 1 && c.seq.n > 1) {
		fo_xquery *sub[2];

		sub[0] = *out;
		sub[1] = fo_xquery_combine(FO_XOP_PHRASE, c.seq.q, c.seq.n,
		                           (unsigned)c.seq.n);
		*out = sub[1] ? fo_xquery_combine(FO_XOP_AND_MAYBE, sub, 2, 0)
		              : NULL;
		fo_xquery_free(sub[0]);
		fo_xquery_free(sub[1]);
		if (!*out)
			st = FOLIO_ERROR_NOMEM;
	}
	qlist_clear(&c.words);
	qlist_clear(&c.parts);
	qlist_clear(&c.seq);
	free(c.words.q);
	free(c.parts.q);
	free(c.seq.q);
	fo_xquery_free(c.joined);
	fo_buf_free(&c.scratch);
	if (st != FOLIO_OK)
		fo_termset_free(terms);
	return st;
}
