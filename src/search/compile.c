/*
 * compile.c: the query compiler's building blocks (compile.h): lists of
 * subqueries and their combination, explanation units, highlight units,
 * spelling words, and each node's text analysed into tokens.
 */
#define _POSIX_C_SOURCE 200809L
#include "search/compile.h"

#include "index/schema.h"
#include "util/grow.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Term prefixes of each field: exact forms, stems, the name, and the
 * whole values' filter terms. */
const fo_qc_field fo_qc_fields[FO_FIELD_COUNT] = {
	[FO_FIELD_ANY] = { "", FO_PREFIX_STEM, "text", NULL },
	[FO_FIELD_TITLE] = { FO_PREFIX_TITLE, FO_PREFIX_TITLE_STEM, "title",
	                     NULL },
	[FO_FIELD_COMPANY] = { FO_PREFIX_COMPANY_WORD, FO_PREFIX_COMPANY_STEM,
	                       "company", FO_PREFIX_COMPANY },
	[FO_FIELD_AUTHOR] = { FO_PREFIX_AUTHOR_WORD, FO_PREFIX_AUTHOR_STEM,
	                      "author", FO_PREFIX_AUTHOR },
	[FO_FIELD_TYPE] = { FO_PREFIX_TYPE_WORD, FO_PREFIX_TYPE_STEM, "type",
	                    FO_PREFIX_TYPE },
	[FO_FIELD_TOPIC] = { FO_PREFIX_TOPIC_WORD, FO_PREFIX_TOPIC_STEM,
	                     "topic", FO_PREFIX_TOPIC },
};

void fo_qc_nomem(fo_qc *c)
{
	if (c->st == FOLIO_OK)
		c->st = FOLIO_ERROR_NOMEM;
}

void fo_qc_push(fo_qc *c, fo_qlist *l, fo_xquery *q)
{
	fo_xquery **grown;

	if (!q) {
		fo_qc_nomem(c);
		return;
	}
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 8;
		grown = realloc(l->q, cap * sizeof *grown);
		if (!grown) {
			fo_xquery_free(q);
			fo_qc_nomem(c);
			return;
		}
		l->q = grown;
		l->cap = cap;
	}
	l->q[l->n++] = q;
}

void fo_qc_push_copy(fo_qc *c, fo_qlist *l, fo_xquery *q)
{
	fo_qc_push(c, l, fo_xquery_combine(FO_XOP_OR, &q, 1, 0));
}

void fo_qc_clear(fo_qlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		fo_xquery_free(l->q[i]);
	l->n = 0;
}

void fo_qc_release(fo_qlist *l)
{
	fo_qc_clear(l);
	free(l->q);
	l->q = NULL;
	l->cap = 0;
}

/* Combine l into one query and empty l. One item is returned as is
 * (except for positional operators); none gives NULL. */
fo_xquery *fo_qc_fold(fo_qc *c, fo_xop op, fo_qlist *l, unsigned window)
{
	fo_xquery *q;

	if (l->n == 0 || c->st != FOLIO_OK) {
		fo_qc_clear(l);
		return NULL;
	}
	if (l->n == 1 && op != FO_XOP_PHRASE && op != FO_XOP_NEAR) {
		l->n = 0;
		return l->q[0];
	}
	q = fo_xquery_combine(op, l->q, l->n, window);
	if (!q)
		fo_qc_nomem(c);
	fo_qc_clear(l);
	return q;
}

/* Whether two of the query's words so far share a stem; each word is
 * compared with those before it once per compilation. */
static int words_repeat(fo_qc *c)
{
	const fo_compiled *o = c->out;
	size_t j;

	for (; !c->repeats && c->words_seen < o->n_words; c->words_seen++)
		for (j = 0; j < c->words_seen; j++)
			if (strcmp(o->words[j].stem,
			           o->words[c->words_seen].stem) == 0)
				c->repeats = 1;
	return c->repeats;
}

void fo_qc_twins(fo_qc *c, fo_qlist *l)
{
	char **d;
	size_t i, j, kept = 0;

	/* describing every part costs 2-3% of a query of few words */
	if (l->n < 2 || c->st != FOLIO_OK || !words_repeat(c))
		return;
	if (!(d = calloc(l->n, sizeof *d))) {
		fo_qc_nomem(c);
		return;
	}
	for (i = 0; i < l->n && c->st == FOLIO_OK; i++)
		if (!(d[i] = fo_xquery_describe(l->q[i])))
			fo_qc_nomem(c);
	for (i = 0; i < l->n && c->st == FOLIO_OK; i++) {
		unsigned twins = 1;

		if (!l->q[i])
			continue;
		for (j = i + 1; j < l->n; j++)
			if (l->q[j] && strcmp(d[i], d[j]) == 0) {
				fo_xquery_free(l->q[j]);
				l->q[j] = NULL;
				twins++;
			}
		if (twins > 1) {
			fo_xquery *scaled = fo_xquery_scale(l->q[i], twins);

			fo_xquery_free(l->q[i]);
			if (!(l->q[i] = scaled))
				fo_qc_nomem(c);
		}
	}
	for (i = 0; i < l->n; i++) {
		free(d[i]);
		if (l->q[i])
			l->q[kept++] = l->q[i];
	}
	l->n = kept;
	free(d);
}

/* op(a, b), freeing a and b; NULL sides are skipped. */
fo_xquery *fo_qc_pair(fo_qc *c, fo_xop op, fo_xquery *a, fo_xquery *b)
{
	fo_xquery *sub[2] = { a, b }, *q;

	if (!a || !b)
		return a ? a : b;
	q = fo_xquery_combine(op, sub, 2, 0);
	if (!q)
		fo_qc_nomem(c);
	fo_xquery_free(a);
	fo_xquery_free(b);
	return q;
}

fo_xquery *fo_qc_term(fo_qc *c, const char *prefix, const char *term)
{
	fo_xquery *q;

	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, prefix);
	fo_buf_puts(&c->scratch, term);
	if (c->scratch.oom) {
		fo_qc_nomem(c);
		return NULL;
	}
	q = fo_xquery_term(c->scratch.data, c->scratch.len, 1);
	if (!q)
		fo_qc_nomem(c);
	return q;
}

char *fo_qc_dup2(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	char *s = malloc(na + nb + 1);

	if (s) {
		memcpy(s, a, na);
		memcpy(s + na, b, nb + 1);
	}
	return s;
}

/* ---- explanation units -------------------------------------------------- */

const char *fo_qc_label(const fo_buf *buf)
{
	return buf->oom ? NULL : buf->data ? buf->data : "";
}

/*
 * Register q as a weighted unit (taking q) and return it scaled by scale,
 * or by 0 when it is the unit being explained away. terms are prefix+term
 * pairs: terms[2i] the prefix, terms[2i+1] the term.
 */
fo_xquery *fo_qc_unit(fo_qc *c, fo_xquery *q, const char *label,
                       const char *how, fo_qfield field, double scale,
                       const char *const *terms, size_t n_terms)
{
	fo_compiled *o = c->out;
	fo_qunit *u;
	fo_xquery *scaled;
	long index = (long)o->n_units;
	size_t i;

	if (!q || c->st != FOLIO_OK) {
		fo_xquery_free(q);
		fo_qc_nomem(c);
		return NULL;
	}
	if (fo_grow((void **)&o->units, &o->cap_units, o->n_units,
	            sizeof *o->units) != 0) {
		fo_xquery_free(q);
		fo_qc_nomem(c);
		return NULL;
	}
	u = &o->units[o->n_units++];
	memset(u, 0, sizeof *u);
	u->label = label ? strdup(label) : NULL;
	u->how = how;
	u->field = fo_qc_fields[field].name;
	u->scale = scale;
	u->terms = calloc(n_terms ? n_terms : 1, sizeof *u->terms);
	if (!u->label || !u->terms)
		fo_qc_nomem(c);
	for (i = 0; u->terms && i < n_terms; i++) {
		if (!(u->terms[i] = fo_qc_dup2(terms[2 * i], terms[2 * i + 1])))
			fo_qc_nomem(c);
		u->n_terms = i + 1;
	}
	if (index == c->zero_unit)
		scale = 0;
	if (scale == 1.0)
		return q;
	scaled = fo_xquery_scale(q, scale);
	fo_xquery_free(q);
	if (!scaled)
		fo_qc_nomem(c);
	return scaled;
}

fo_xquery *fo_qc_unit_twice(fo_qc *c, fo_xquery *q, const char *label,
                            const char *how, double scale, const char *also_how,
                            double also_scale, fo_qfield field,
                            const char *const *terms, size_t n_terms)
{
	size_t index = c->out->n_units;

	q = fo_qc_unit(c, q, label, how, field, scale + also_scale, terms,
	               n_terms);
	if (q && c->out->n_units > index) {
		fo_qunit *u = &c->out->units[index];

		u->scale = scale;
		u->also_how = also_how;
		u->also_scale = also_scale;
	}
	return q;
}

/* ---- highlight units and spelling words --------------------------------- */

fo_hlunit *fo_qc_hl_add(fo_qc *c, fo_qfield field, fo_hlkind kind,
                        const char *term, const char *stem)
{
	fo_termset *s = field == FO_FIELD_TITLE ? &c->out->hl_title
	                                        : &c->out->hl;
	fo_hlunit *u;

	if (!c->positive || (field != FO_FIELD_ANY && field != FO_FIELD_TITLE))
		return NULL;
	if (fo_grow((void **)&s->units, &s->cap, s->n, sizeof *s->units) != 0) {
		fo_qc_nomem(c);
		return NULL;
	}
	u = &s->units[s->n++];
	memset(u, 0, sizeof *u);
	u->kind = kind;
	if ((term && !(u->term = strdup(term))) ||
	    (stem && !(u->stem = strdup(stem))))
		fo_qc_nomem(c);
	return u;
}

void fo_qc_hl_seq_add(fo_qc *c, fo_hlunit *u, const char *term)
{
	char **grown;

	if (!u)
		return;
	grown = realloc(u->seq, (u->n_seq + 1) * sizeof *grown);
	if (!grown || !(grown[u->n_seq] = strdup(term))) {
		if (grown)
			u->seq = grown;
		fo_qc_nomem(c);
		return;
	}
	u->seq = grown;
	u->n_seq++;
}

/* A word for the spelling suggester: its place in the query text, its
 * term, the prefix of the terms it is spelt against, and the term that
 * says it is no typo (its stem's, prefixed as indexed). */
static void word_add(fo_qc *c, size_t start, size_t end, const char *prefix,
                     const char *term, const char *stem_prefix,
                     const char *stem)
{
	fo_compiled *o = c->out;
	fo_qword *w;

	/* A word the query excludes cannot be why it finds too little:
	 * correcting it (lock -tabel to lock -table) finds less. */
	if (!c->positive)
		return;
	if (fo_grow((void **)&o->words, &o->cap_words, o->n_words,
	            sizeof *o->words) != 0) {
		fo_qc_nomem(c);
		return;
	}
	w = &o->words[o->n_words];
	w->start = start;
	w->end = end;
	w->prefix = prefix;
	w->common = c->common;
	w->posts = 0;
	w->term = strdup(term);
	w->stem = fo_qc_dup2(stem_prefix, stem);
	w->bare = strcmp(stem, term) ? fo_qc_dup2(prefix, stem) : NULL;
	if (!w->term || !w->stem || (!w->bare && strcmp(stem, term))) {
		free(w->term);
		free(w->stem);
		free(w->bare);
		fo_qc_nomem(c);
	} else {
		o->n_words++;
	}
}

/* compile.h */
void fo_qc_words_keep(fo_qc *c, size_t n)
{
	fo_compiled *o = c->out;

	for (; o->n_words > n; o->n_words--) {
		free(o->words[o->n_words - 1].term);
		free(o->words[o->n_words - 1].stem);
		free(o->words[o->n_words - 1].bare);
	}
	if (c->words_seen > n)
		c->words_seen = n;
}

/* Token t of node n, for the spelling suggester (title words are spelt
 * as text words, which they also are). */
void fo_qc_word_add(fo_qc *c, const fo_qnode *n, const fo_qtok *t)
{
	size_t at = (size_t)(n->text - c->text);
	const fo_qc_field *field =
	    &fo_qc_fields[n->field == FO_FIELD_TITLE ? FO_FIELD_ANY : n->field];

	word_add(c, at + t->start, at + t->end, field->exact, t->term,
	         field->stem, t->stem ? t->stem : t->term);
}

/* site:HOST typed as indexed (n->vlen), for the spelling suggester:
 * spelt against the indexed hosts, as company:herkou is against the
 * company words. */
void fo_qc_site_add(fo_qc *c, const fo_qnode *n, const char *host)
{
	if (n->vlen)
		word_add(c, n->vpos, n->vpos + n->vlen, FO_PREFIX_HOST, host,
		         FO_PREFIX_HOST, host);
}

void fo_qc_notice(fo_qc *c, size_t pos, int prefix_cut, const char *action,
                  const char *fmt, ...)
{
	fo_compiled *out = c->out;
	fo_qnotice *nt;
	va_list ap;
	size_t i;

	/* a word analysed twice (counted, then compiled) is said once */
	for (i = 0; i < out->n_notices; i++)
		if (out->notices[i].pos == pos)
			return;
	if (fo_grow((void **)&out->notices, &out->cap_notices, out->n_notices,
	            sizeof *out->notices) != 0) {
		fo_qc_nomem(c);
		return;
	}
	nt = &out->notices[out->n_notices++];
	nt->pos = pos;
	nt->prefix_cut = prefix_cut;
	nt->action = action;
	va_start(ap, fmt);
	vsnprintf(nt->message, sizeof nt->message, fmt, ap);
	va_end(ap);
}

/* ---- analysis ----------------------------------------------------------- */

static int on_token(const fo_token *t, void *ctx)
{
	fo_qtoks *l = ctx;
	fo_qtok *q;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;
		fo_qtok *grown = realloc(l->t, cap * sizeof *grown);
		if (!grown)
			goto oom;
		l->t = grown;
		l->cap = cap;
	}
	q = &l->t[l->n];
	memset(q, 0, sizeof *q);
	q->term = strndup(t->term, t->len);
	q->stem = t->stem ? strndup(t->stem, t->stem_len) : NULL;
	if (!q->term || (t->stem && !q->stem)) {
		free(q->term);
		free(q->stem);
		goto oom;
	}
	q->kind = t->kind;
	q->compound = t->compound;
	q->start = t->start;
	q->end = t->end;
	l->n++;
	return 0;
oom:
	l->oom = 1;
	return 1;
}

void fo_qc_toks_free(fo_qtoks *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->t[i].term);
		free(l->t[i].stem);
	}
	free(l->t);
	memset(l, 0, sizeof *l);
}

/* A + or # stuck to the end of a word (lock+, python#): the analyzer
 * keeps them, as C++ and C# are words, but where no post holds the word
 * so, they are the query's strays, left out with a notice, as a stray
 * - or ! is: lock+ found nothing and said nothing. Where the statistics
 * cannot tell (none, or remote), the word is kept as typed. Since
 * analyzer revision 6 the word is a JOINED term before its name (lock+:
 * lock+ and lock), whose parts alone would find lock silently. */
static folio_status stray_marks(fo_qc *c, const fo_qnode *n, fo_qtoks *l)
{
	const char *stem, *typed;
	size_t i, k, len, stem_len, typed_len;
	folio_status st = FOLIO_OK;

	for (i = 0; st == FOLIO_OK && i < l->n; i++) {
		fo_qtok *t = &l->t[i];

		len = strlen(t->term);
		for (k = len;
		     k > 0 && (t->term[k - 1] == '+' || t->term[k - 1] == '#');
		     k--)
			;
		/* c++ and f# stay: a letter alone is no better reading */
		if (t->kind == FO_TOK_PART || k == len || k < 2 ||
		    !fo_qc_absent(c, "", t->term))
			continue;
		/* the word as typed, where its marks end it as typed (not a
		 * full-width one the analyzer made +) */
		typed = n->text + t->start;
		typed_len = t->end - t->start;
		if (typed_len < len - k ||
		    memcmp(typed + typed_len - (len - k), t->term + k, len - k))
			typed = t->term, typed_len = len;
		fo_qc_notice(c,
		             (size_t)(n->text - c->text) + t->end - (len - k),
		             0, "ignored", "%.*s after %.*s, which no post has",
		             (int)(len - k), t->term + k,
		             (int)(typed_len - (len - k)), typed);
		t->term[k] = '\0';
		free(t->stem);
		t->stem = NULL;
		st = fo_analyzer_stem(c->an, t->term, k, &stem, &stem_len);
		if (st == FOLIO_OK && stem &&
		    !(t->stem = strndup(stem, stem_len)))
			st = FOLIO_ERROR_NOMEM;
	}
	return st;
}

int fo_qc_analyse(fo_qc *c, const fo_qnode *n, fo_qtoks *l)
{
	folio_status st;

	memset(l, 0, sizeof *l);
	st = fo_analyze(c->an, n->text, n->len, on_token, l);
	if (st == FOLIO_OK && l->oom)
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		st = stray_marks(c, n, l);
	if (st != FOLIO_OK && c->st == FOLIO_OK)
		c->st = st;
	return c->st == FOLIO_OK ? 0 : -1;
}

/* The end of the item (a word, or a compound's joined term and parts)
 * that starts at token i. A CJK run (parts with no joined term) goes on
 * past its compound where the analyzer continued it as another, from
 * its 16th character, the first bigram overlapping the last: it is one
 * word, whose bigrams stand at consecutive positions (doc/analyzer.md),
 * and its two compounds were ANDed, found anywhere in a post. */
size_t fo_qc_item_end(const fo_qtoks *l, size_t i)
{
	size_t j = i + 1;
	int cjk = l->t[i].kind == FO_TOK_PART;

	if (l->t[i].kind == FO_TOK_WORD)
		return j;
	while (j < l->n && ((l->t[j].kind == FO_TOK_PART &&
	                     l->t[j].compound == l->t[i].compound) ||
	                    (cjk && l->t[j].start < l->t[j - 1].end)))
		j++;
	return j;
}
