/*
 * gone.c: which indexed posts the corpus no longer has. Every post is
 * indexed under one unique term (Q + URL, schema.h); the corpus's unique
 * terms are sorted, and each unique term in the index that is not among
 * them belongs to a post that is gone.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/run.h"

#include "index/indexer.h"
#include "index/schema.h"

#include <stdlib.h>
#include <string.h>

typedef struct scan {
	char **corpus;
	size_t n_corpus;
	fo_run *r;
	size_t cap;
	int oom;
} scan;

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int on_term(const char *term, size_t len, uint64_t freq, void *ctx)
{
	scan *s = ctx;
	fo_run *r = s->r;
	char **grown;

	(void)len;
	(void)freq;
	if (bsearch(&term, s->corpus, s->n_corpus, sizeof *s->corpus, cmp_str))
		return 0;
	if (r->n_gone == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		grown = realloc(r->gone, s->cap * sizeof *grown);
		if (!grown) {
			s->oom = 1;
			return 1;
		}
		r->gone = grown;
	}
	if (!(r->gone[r->n_gone] = strdup(term))) {
		s->oom = 1;
		return 1;
	}
	r->n_gone++;
	return 0;
}

folio_status fo_find_gone(fo_run *r)
{
	size_t i, n = fo_merge_count(r->posts);
	fo_buf term = FO_BUF_INIT;
	fo_xerr err = { "" };
	scan s;
	folio_status st = FOLIO_OK;

	memset(&s, 0, sizeof s);
	s.r = r;
	s.corpus = calloc(n ? n : 1, sizeof *s.corpus);
	if (!s.corpus)
		return FOLIO_ERROR_NOMEM;
	for (i = 0; i < n; i++) {
		fo_url_term(fo_merge_get(r->posts, i)->url, &term);
		if (term.oom || !(s.corpus[i] = strdup(term.data))) {
			st = FOLIO_ERROR_NOMEM;
			goto done;
		}
		s.n_corpus++;
	}
	qsort(s.corpus, s.n_corpus, sizeof *s.corpus, cmp_str);
	st = fo_db_xfail(r->db, fo_xdb_allterms(r->db->xdb, FO_PREFIX_URL,
	                                        on_term, &s, &err), &err);
	if (st == FOLIO_OK && s.oom)
		st = FOLIO_ERROR_NOMEM;
done:
	for (i = 0; i < s.n_corpus; i++)
		free(s.corpus[i]);
	free(s.corpus);
	fo_buf_free(&term);
	return st;
}
