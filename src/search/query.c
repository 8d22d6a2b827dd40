/*
 * query.c: AST -> Xapian query (see query.h), analysing every word with
 * the index's analyzer. A free word matches its exact form or any form
 * with the same stem, the exact form adding weight of its own; a
 * compound (free-threaded) matches the phrase of its parts or its joined
 * form; a quoted phrase matches exact forms in order.
 */
#define _POSIX_C_SOURCE 200809L
#include "search/query.h"

#include "analyzer/normalize.h"
#include "index/schema.h"
#include "util/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Tuned on the "tune" half of the known-item dev queries (README
 * "Relevance"): BM25+ with b = 0.75 for summaries of uneven length;
 * proximity pairs and coordination are off (they measured worse, or no
 * better at three times the latency). A compound's phrase is scaled
 * down: Xapian 1.4 gives a phrase the sum of its terms' wdf, not its own
 * count, so a post repeating the parts apart outscored one holding the
 * compound (0.3: MRR@10 0.7268 -> 0.7286, both halves up). */
void fo_rank_default(fo_rank *r)
{
	r->k1 = 1.5;
	r->b = 0.75;
	r->min_normlen = 0.5;
	r->delta = 1.0;
	r->exact_weight = 1.0;
	r->title_weight = 0.0;
	r->pair_weight = 0.0;
	r->pair_window = 2;
	r->coord_weight = 0.0;
	r->join_weight = 0.3;
	r->abbrev_weight = 0.5;
	r->and_pair_weight = 1.0;
	r->acronym_weight = 0.5;
	r->compound_weight = 0.3;
	r->common_ratio = 0.5;
	r->cover_penalty = 0.2;
	r->cover_bonus = 0.1;
	r->cover_window = 20;
	r->defop = FO_DEFOP_AUTO;
	r->and_max_words = 2;
}

/* Term prefixes of each field: exact forms, stems, and the name. */
static const struct {
	const char *exact, *stem, *name;
} fprefix[FO_FIELD_COUNT] = {
	[FO_FIELD_ANY] = { "", FO_PREFIX_STEM, "text" },
	[FO_FIELD_TITLE] = { FO_PREFIX_TITLE, FO_PREFIX_TITLE_STEM, "title" },
	[FO_FIELD_COMPANY] = { FO_PREFIX_COMPANY_WORD, FO_PREFIX_COMPANY_STEM,
	                       "company" },
	[FO_FIELD_AUTHOR] = { FO_PREFIX_AUTHOR_WORD, FO_PREFIX_AUTHOR_STEM,
	                      "author" },
	[FO_FIELD_TYPE] = { FO_PREFIX_TYPE_WORD, FO_PREFIX_TYPE_STEM, "type" },
	[FO_FIELD_TOPIC] = { FO_PREFIX_TOPIC_WORD, FO_PREFIX_TOPIC_STEM,
	                     "topic" },
};

/* Wildcards expand to at most this many terms (the most frequent). */
#define PREFIX_MAX_EXPANSION 128

typedef struct qlist {
	fo_xquery **q;
	size_t n, cap;
} qlist;

/* One analysed token, copied out of the analyzer's callback. */
typedef struct qtok {
	char *term, *stem;
	fo_token_kind kind;
	uint32_t compound;
	size_t start, end;
} qtok;

typedef struct toks {
	qtok *t;
	size_t n, cap;
	int oom;
} toks;

typedef struct cctx {
	fo_analyzer *an;
	const char *text;
	const fo_rank *rank;
	int relevance;
	long zero_unit;
	int positive; /* not under a NOT: what matches is highlighted */
	int ranked;   /* the sequence being compiled ORs its words */
	int common;   /* the word being compiled only adds weight */
	const fo_qstats *stats;
	fo_compiled *out;
	fo_buf scratch;
	folio_status st;
} cctx;

static void nomem(cctx *c)
{
	if (c->st == FOLIO_OK)
		c->st = FOLIO_ERROR_NOMEM;
}

static void push(cctx *c, qlist *l, fo_xquery *q)
{
	fo_xquery **grown;

	if (!q) {
		nomem(c);
		return;
	}
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 8;
		grown = realloc(l->q, cap * sizeof *grown);
		if (!grown) {
			fo_xquery_free(q);
			nomem(c);
			return;
		}
		l->q = grown;
		l->cap = cap;
	}
	l->q[l->n++] = q;
}

static void clear(qlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		fo_xquery_free(l->q[i]);
	l->n = 0;
}

static void release(qlist *l)
{
	clear(l);
	free(l->q);
	l->q = NULL;
	l->cap = 0;
}

/* Combine l into one query and empty l. One item is returned as is
 * (except for positional operators); none gives NULL. */
static fo_xquery *fold(cctx *c, fo_xop op, qlist *l, unsigned window)
{
	fo_xquery *q;

	if (l->n == 0 || c->st != FOLIO_OK) {
		clear(l);
		return NULL;
	}
	if (l->n == 1 && op != FO_XOP_PHRASE && op != FO_XOP_NEAR) {
		l->n = 0;
		return l->q[0];
	}
	q = fo_xquery_combine(op, l->q, l->n, window);
	if (!q)
		nomem(c);
	clear(l);
	return q;
}

/* op(a, b), freeing a and b; NULL sides are skipped. */
static fo_xquery *pair(cctx *c, fo_xop op, fo_xquery *a, fo_xquery *b)
{
	fo_xquery *sub[2] = { a, b }, *q;

	if (!a || !b)
		return a ? a : b;
	q = fo_xquery_combine(op, sub, 2, 0);
	if (!q)
		nomem(c);
	fo_xquery_free(a);
	fo_xquery_free(b);
	return q;
}

static fo_xquery *term_q(cctx *c, const char *prefix, const char *term)
{
	fo_xquery *q;

	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, prefix);
	fo_buf_puts(&c->scratch, term);
	if (c->scratch.oom) {
		nomem(c);
		return NULL;
	}
	q = fo_xquery_term(c->scratch.data, c->scratch.len, 1);
	if (!q)
		nomem(c);
	return q;
}

static char *dup2(const char *a, const char *b)
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

/*
 * Register q as a weighted unit (taking q) and return it scaled by scale,
 * or by 0 when it is the unit being explained away. terms are prefix+term
 * pairs: terms[2i] the prefix, terms[2i+1] the term.
 */
static fo_xquery *unit(cctx *c, fo_xquery *q, const char *label,
                       const char *how, fo_qfield field, double scale,
                       const char *const *terms, size_t n_terms)
{
	fo_compiled *o = c->out;
	fo_qunit *grown, *u;
	fo_xquery *scaled;
	long index = (long)o->n_units;
	size_t i;

	if (!q || c->st != FOLIO_OK) {
		fo_xquery_free(q);
		nomem(c);
		return NULL;
	}
	grown = realloc(o->units, (o->n_units + 1) * sizeof *grown);
	if (!grown) {
		fo_xquery_free(q);
		nomem(c);
		return NULL;
	}
	o->units = grown;
	u = &o->units[o->n_units++];
	memset(u, 0, sizeof *u);
	u->label = strdup(label);
	u->how = how;
	u->field = fprefix[field].name;
	u->scale = scale;
	u->terms = calloc(n_terms ? n_terms : 1, sizeof *u->terms);
	if (!u->label || !u->terms)
		nomem(c);
	for (i = 0; u->terms && i < n_terms; i++) {
		if (!(u->terms[i] = dup2(terms[2 * i], terms[2 * i + 1])))
			nomem(c);
		u->n_terms = i + 1;
	}
	if (index == c->zero_unit)
		scale = 0;
	if (scale == 1.0)
		return q;
	scaled = fo_xquery_scale(q, scale);
	fo_xquery_free(q);
	if (!scaled)
		nomem(c);
	return scaled;
}

/* ---- highlight units and spelling words --------------------------------- */

static fo_hlunit *hl_add(cctx *c, fo_hlkind kind, const char *term,
                         const char *stem)
{
	fo_termset *s = &c->out->hl;
	fo_hlunit *grown, *u;

	grown = realloc(s->units, (s->n + 1) * sizeof *grown);
	if (!grown) {
		nomem(c);
		return NULL;
	}
	s->units = grown;
	u = &s->units[s->n++];
	memset(u, 0, sizeof *u);
	u->kind = kind;
	if ((term && !(u->term = strdup(term))) ||
	    (stem && !(u->stem = strdup(stem))))
		nomem(c);
	return u;
}

static void hl_seq_add(cctx *c, fo_hlunit *u, const char *term)
{
	char **grown;

	if (!u)
		return;
	grown = realloc(u->seq, (u->n_seq + 1) * sizeof *grown);
	if (!grown || !(grown[u->n_seq] = strdup(term))) {
		if (grown)
			u->seq = grown;
		nomem(c);
		return;
	}
	u->seq = grown;
	u->n_seq++;
}

/* Token t of node n, for the spelling suggester: its term, its place in
 * the query text and the vocabulary it belongs to (title words are
 * spelt as text words, which they also are). */
static void word_add(cctx *c, const fo_qnode *n, const qtok *t)
{
	size_t at = (size_t)(n->text - c->text);
	fo_compiled *o = c->out;
	fo_qword *grown = realloc(o->words, (o->n_words + 1) * sizeof *grown);

	if (!grown) {
		nomem(c);
		return;
	}
	o->words = grown;
	grown[o->n_words].start = at + t->start;
	grown[o->n_words].end = at + t->end;
	grown[o->n_words].prefix =
		n->field == FO_FIELD_TITLE ? "" : fprefix[n->field].exact;
	if (!(grown[o->n_words].term = strdup(t->term)))
		nomem(c);
	else
		o->n_words++;
}

/* ---- analysis ----------------------------------------------------------- */

static int on_token(const fo_token *t, void *ctx)
{
	toks *l = ctx;
	qtok *q;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;
		qtok *grown = realloc(l->t, cap * sizeof *grown);
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

static void toks_free(toks *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->t[i].term);
		free(l->t[i].stem);
	}
	free(l->t);
	memset(l, 0, sizeof *l);
}

static int analyse(cctx *c, const fo_qnode *n, toks *l)
{
	folio_status st;

	memset(l, 0, sizeof *l);
	st = fo_analyze(c->an, n->text, n->len, on_token, l);
	if (st == FOLIO_OK && l->oom)
		st = FOLIO_ERROR_NOMEM;
	if (st != FOLIO_OK && c->st == FOLIO_OK)
		c->st = st;
	return c->st == FOLIO_OK ? 0 : -1;
}

/* The end of the item (a word, or a compound's joined term and parts)
 * that starts at token i. */
static size_t item_end(const toks *l, size_t i)
{
	size_t j = i + 1;

	if (l->t[i].kind == FO_TOK_WORD)
		return j;
	while (j < l->n && l->t[j].kind == FO_TOK_PART &&
	       l->t[j].compound == l->t[i].compound)
		j++;
	return j;
}

/* ---- words -------------------------------------------------------------- */

static int alphabetic(const char *s)
{
	for (; *s; s++)
		if (!(*s >= 'a' && *s <= 'z'))
			return 0;
	return 1;
}

int fo_abbreviable(const char *word)
{
	return alphabetic(word) && strlen(word) >= 2 * FO_ABBREV_MIN;
}

static fo_xquery *abbrev_query(cctx *c, const qtok *t)
{
	qlist l = { NULL, 0, 0 };
	size_t n, len = strlen(t->term);
	char buf[FO_MAX_TERM_BYTES + 1], label[FO_MAX_TERM_BYTES + 8];
	fo_xquery *q;

	for (n = FO_ABBREV_MIN; n < len && n <= FO_MAX_TERM_BYTES; n++) {
		/* whole UTF-8 characters only */
		if (((unsigned char)t->term[n] & 0xC0) == 0x80)
			continue;
		memcpy(buf, t->term, n);
		buf[n] = '\0';
		push(c, &l, term_q(c, FO_PREFIX_TITLE, buf));
	}
	snprintf(label, sizeof label, "%.3s...", t->term);
	q = fold(c, FO_XOP_SYNONYM, &l, 0);
	release(&l);
	return q ? unit(c, q, label, "abbreviation", FO_FIELD_TITLE,
	                c->rank->abbrev_weight, NULL, 0)
	         : NULL;
}

/* One word (or a compound's joined form) t in field f:
 * OR(SYNONYM(Z<stem>, <stem>), <exact>) [+ the title form, for free
 * words]. Documents index the stem under Z only where it differs from
 * the word, so the bare <stem> term covers words that are their own
 * stem; the exact term adds its own (rarer, so higher) BM25 weight. */
static fo_xquery *word_query(cctx *c, fo_qfield f, const qtok *t)
{
	const char *stem = t->stem ? t->stem : t->term;
	const char *sterms[4] = { fprefix[f].stem, stem, fprefix[f].exact,
		                  stem };
	const char *eterms[2] = { fprefix[f].exact, t->term };
	qlist l = { NULL, 0, 0 };
	fo_xquery *q;

	push(c, &l, term_q(c, fprefix[f].stem, stem));
	push(c, &l, term_q(c, fprefix[f].exact, stem));
	q = unit(c, fold(c, FO_XOP_SYNONYM, &l, 0), stem, "stem", f, 1.0,
	         sterms, 2);
	push(c, &l, q);
	if (c->rank->exact_weight > 0 && !c->common)
		push(c, &l, unit(c, term_q(c, fprefix[f].exact, t->term),
		                 t->term, "exact", f, c->rank->exact_weight,
		                 eterms, 1));
	/* Only where words are ranked, not required: an abbreviation is a
	 * guess, and a guess must not add hits to a query whose every word
	 * has to match (freethreaded is not "free"). */
	if (f == FO_FIELD_ANY && c->relevance && c->ranked && !c->common &&
	    c->rank->abbrev_weight > 0 &&
	    fo_abbreviable(t->term)) {
		push(c, &l, abbrev_query(c, t));
	}
	if (f == FO_FIELD_ANY && c->relevance && c->rank->title_weight > 0) {
		const char *tterms[4] = { FO_PREFIX_TITLE_STEM, stem,
			                  FO_PREFIX_TITLE, stem };
		qlist tl = { NULL, 0, 0 };

		push(c, &tl, term_q(c, FO_PREFIX_TITLE_STEM, stem));
		push(c, &tl, term_q(c, FO_PREFIX_TITLE, stem));
		push(c, &l, unit(c, fold(c, FO_XOP_SYNONYM, &tl, 0), stem,
		                 "title", FO_FIELD_TITLE,
		                 c->rank->title_weight, tterms, 2));
		release(&tl);
	}
	q = fold(c, FO_XOP_OR, &l, 0);
	release(&l);
	return q;
}

/* The item toks[i..j) in field f: a word, or a compound as
 * OR(PHRASE(parts), joined). Records highlight units and words. */
static fo_xquery *item_query(cctx *c, fo_qfield f, const fo_qnode *n,
                             const toks *l, size_t i, size_t j)
{
	const qtok *t = &l->t[i];
	qlist parts = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	fo_hlunit *hl = NULL;
	fo_xquery *phrase, *q;
	const char **pterms;
	/* A compound starts with its joined form, except a CJK run, which
	 * is its bigrams alone (analyzer.c fo_emit_cjk). */
	size_t first = t->kind == FO_TOK_JOINED ? i + 1 : i;
	size_t k, np = j - first, from = i, to = i + 1;

	/* Spelling corrects a compound part by part, so that a correction
	 * keeps the separators typed (free-threadd: free-threaded, not
	 * freethreaded). */
	if (t->kind == FO_TOK_JOINED && np > 1)
		from = first, to = j;
	for (k = from; k < to; k++)
		word_add(c, n, &l->t[k]);
	if (t->kind == FO_TOK_WORD || np == 0 ||
	    (t->kind == FO_TOK_PART && np == 1)) {
		if (c->positive && f == FO_FIELD_ANY)
			hl_add(c, FO_HL_WORD, t->term, t->stem);
		return word_query(c, f, t);
	}
	if (c->positive && f == FO_FIELD_ANY)
		hl = hl_add(c, FO_HL_COMPOUND, t->term, t->stem);
	pterms = calloc(2 * np, sizeof *pterms);
	if (!pterms) {
		nomem(c);
		return NULL;
	}
	for (k = 0; k < np; k++) {
		const qtok *p = &l->t[first + k];
		push(c, &parts, term_q(c, fprefix[f].exact, p->term));
		pterms[2 * k] = fprefix[f].exact;
		pterms[2 * k + 1] = p->term;
		hl_seq_add(c, hl, p->term);
		if (k)
			fo_buf_putc(&label, ' ');
		fo_buf_puts(&label, p->term);
	}
	phrase = fold(c, np > 1 ? FO_XOP_PHRASE : FO_XOP_OR, &parts,
	              (unsigned)np);
	phrase = unit(c, phrase, label.data ? label.data : "", "phrase", f,
	              c->rank->compound_weight, pterms, np);
	q = t->kind == FO_TOK_JOINED ? pair(c, FO_XOP_OR, phrase,
	                                    word_query(c, f, t))
	                             : phrase;
	free(pterms);
	fo_buf_free(&label);
	release(&parts);
	return q;
}

/* ---- phrases, prefixes, NEAR ------------------------------------------- */

static fo_xquery *phrase_query(cctx *c, const fo_qnode *n)
{
	qlist l = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	fo_hlunit *hl = NULL;
	const char **pterms = NULL;
	fo_xquery *q = NULL;
	size_t i, np = 0;
	toks tl;

	if (analyse(c, n, &tl) != 0)
		return NULL;
	pterms = calloc(2 * (tl.n + 1), sizeof *pterms);
	if (!pterms)
		nomem(c);
	if (c->positive && n->field == FO_FIELD_ANY)
		hl = hl_add(c, FO_HL_SEQ, NULL, NULL);
	for (i = 0; pterms && i < tl.n; i++) {
		if (tl.t[i].kind == FO_TOK_JOINED)
			continue;
		/* each word of a phrase may be misspelt, as a free word may */
		word_add(c, n, &tl.t[i]);
		push(c, &l, term_q(c, fprefix[n->field].exact, tl.t[i].term));
		pterms[2 * np] = fprefix[n->field].exact;
		pterms[2 * np + 1] = tl.t[i].term;
		np++;
		hl_seq_add(c, hl, tl.t[i].term);
		if (label.len)
			fo_buf_putc(&label, ' ');
		fo_buf_puts(&label, tl.t[i].term);
	}
	if (np == 1 && hl)
		hl->kind = FO_HL_EXACT, hl->term = hl->seq[0], hl->seq[0] = NULL,
		hl->n_seq = 0;
	if (np > 0) {
		q = fold(c, np > 1 ? FO_XOP_PHRASE : FO_XOP_OR, &l,
		         (unsigned)np);
		q = unit(c, q, label.data, np > 1 ? "phrase" : "exact",
		         n->field, 1.0, pterms, np);
	}
	/* "free-threaded" alone also matches its joined form. */
	if (q && tl.n > 0 && tl.t[0].kind == FO_TOK_JOINED &&
	    item_end(&tl, 0) == tl.n) {
		const char *jterms[2] = { fprefix[n->field].exact, tl.t[0].term };
		q = pair(c, FO_XOP_OR, q,
		         unit(c, term_q(c, fprefix[n->field].exact,
		                        tl.t[0].term),
		              tl.t[0].term, "exact", n->field, 1.0, jterms, 1));
	}
	free(pterms);
	fo_buf_free(&label);
	release(&l);
	toks_free(&tl);
	return q;
}

/* word*: the last item's exact (joined) form completed; earlier items of
 * the same text are plain words, all ANDed. */
static fo_xquery *prefix_query(cctx *c, const fo_qnode *n)
{
	qlist l = { NULL, 0, 0 };
	const char *pterms[2];
	size_t i = 0, last = 0, j;
	fo_xquery *q;
	toks tl;

	if (analyse(c, n, &tl) != 0)
		return NULL;
	if (tl.n == 0) {
		toks_free(&tl);
		return NULL;
	}
	for (i = 0; i < tl.n; i = item_end(&tl, i))
		last = i;
	for (i = 0; i < last; i = j) {
		j = item_end(&tl, i);
		push(c, &l, item_query(c, n->field, n, &tl, i, j));
	}
	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, fprefix[n->field].exact);
	fo_buf_puts(&c->scratch, tl.t[last].term);
	q = c->scratch.oom ? NULL
	                   : fo_xquery_wildcard(c->scratch.data,
	                                        PREFIX_MAX_EXPANSION);
	pterms[0] = fprefix[n->field].exact;
	pterms[1] = tl.t[last].term;
	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, tl.t[last].term);
	fo_buf_putc(&c->scratch, '*');
	if (c->scratch.oom)
		nomem(c);
	push(c, &l, unit(c, q, c->scratch.data ? c->scratch.data : "",
	                 "prefix", n->field, 1.0, pterms, 1));
	if (c->positive && n->field == FO_FIELD_ANY)
		hl_add(c, FO_HL_PREFIX, tl.t[last].term, NULL);
	q = fold(c, FO_XOP_AND, &l, 0);
	release(&l);
	toks_free(&tl);
	return q;
}

/* How far forms_query looks: the index's terms it stems, and the forms
 * it keeps besides the typed one. */
#define FORMS_SCAN 1000
#define FORMS_MAX 32

typedef struct forms_ctx {
	cctx *c;
	size_t skip;      /* the field's prefix, before the word */
	const char *stem; /* the forms' stem */
	const char *seen; /* terms starting with this were walked already */
	const char *typed;
	qlist *l;
	size_t scanned;
	int same;         /* the term analysed alone is a word with stem */
} forms_ctx;

static int on_form_token(const fo_token *t, void *arg)
{
	forms_ctx *f = arg;
	const char *stem = t->stem ? t->stem : t->term;

	f->same = t->kind == FO_TOK_WORD && t->pos == 0 &&
	          strcmp(stem, f->stem) == 0;
	return !f->same;
}

static int on_form_term(const char *term, size_t len, uint64_t freq,
                        void *arg)
{
	forms_ctx *f = arg;
	const char *word = term + f->skip;
	size_t n = len - f->skip;

	(void)freq;
	if (++f->scanned > FORMS_SCAN || f->l->n > FORMS_MAX)
		return 1;
	if (memchr(word, '\0', n) || strcmp(word, f->typed) == 0 ||
	    (f->seen && strncmp(word, f->seen, strlen(f->seen)) == 0))
		return 0;
	f->same = 0;
	if (fo_analyze(f->c->an, word, n, on_form_token, f) != FOLIO_OK) {
		nomem(f->c);
		return 1;
	}
	/* The term alone analyses to itself: it is an indexed word. */
	if (f->same)
		push(f->c, f->l, fo_xquery_term(term, len, 1));
	return f->c->st != FOLIO_OK;
}

/* Word t of field f in any form the index holds (lock: lock, locks,
 * locking, locked), as free words match, for operators that need
 * positions, which only exact forms carry. Snowball stems keep the
 * start of their word except for a last letter (library: librari), so
 * the candidates are the terms starting with the stem, then those
 * starting with the stem less its last character; each is stemmed. A
 * failed walk leaves the typed form alone. */
static fo_xquery *forms_query(cctx *c, fo_qfield f, const qtok *t)
{
	const char *stem = t->stem ? t->stem : t->term;
	size_t n = strlen(stem);
	/* the start of the stem's last character */
	size_t cut = n ? fo_utf8_cut(stem, n, n - 1) : 0;
	qlist l = { NULL, 0, 0 };
	forms_ctx fc;
	fo_buf prefix = FO_BUF_INIT;
	fo_xquery *q;
	int pass;

	push(c, &l, term_q(c, fprefix[f].exact, t->term));
	memset(&fc, 0, sizeof fc);
	fc.c = c;
	fc.skip = strlen(fprefix[f].exact);
	fc.stem = stem;
	fc.typed = t->term;
	fc.l = &l;
	for (pass = 0; pass < 2 && c->st == FOLIO_OK; pass++) {
		/* Short stems: their start alone would walk too far. */
		if (pass == 1 && (cut < 2 || stem[cut] == '\0'))
			break;
		fo_buf_clear(&prefix);
		fo_buf_puts(&prefix, fprefix[f].exact);
		fo_buf_append(&prefix, stem, pass == 0 ? n : cut);
		if (prefix.oom) {
			nomem(c);
			break;
		}
		fc.seen = pass == 1 ? stem : NULL;
		fc.scanned = 0;
		(void)c->stats->terms(c->stats->ctx, prefix.data, on_form_term,
		                      &fc);
	}
	fo_buf_free(&prefix);
	q = fold(c, FO_XOP_OR, &l, 0);
	release(&l);
	return q;
}

/* NEAR: every word of the kids in any form the index holds (forms_query;
 * a quoted word its exact form), within a window of the gap allowed plus
 * the words themselves (Xapian: a NEAR/3 b is NEAR 4). A compound takes
 * part by its joined form. */
static fo_xquery *near_query(cctx *c, const fo_qnode *n)
{
	qlist l = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	size_t k, i;
	fo_xquery *q = NULL;
	toks tl;

	for (k = 0; k < n->n_kids && c->st == FOLIO_OK; k++) {
		const fo_qnode *kid = n->kids[k];
		if (analyse(c, kid, &tl) != 0)
			break;
		for (i = 0; i < tl.n; i = item_end(&tl, i)) {
			int forms = kid->kind == FO_Q_WORDS &&
			            tl.t[i].kind == FO_TOK_WORD && c->stats &&
			            c->stats->terms;

			push(c, &l, forms ? forms_query(c, kid->field, &tl.t[i])
			                  : term_q(c, fprefix[kid->field].exact,
			                           tl.t[i].term));
			if (tl.t[i].kind == FO_TOK_WORD)
				word_add(c, kid, &tl.t[i]);
			if (c->positive && kid->field == FO_FIELD_ANY)
				hl_add(c, forms ? FO_HL_WORD : FO_HL_EXACT,
				       tl.t[i].term, forms ? tl.t[i].stem : NULL);
			if (label.len)
				fo_buf_puts(&label, " NEAR ");
			fo_buf_puts(&label, tl.t[i].term);
		}
		toks_free(&tl);
	}
	if (c->st == FOLIO_OK && l.n > 1)
		q = fold(c, FO_XOP_NEAR, &l, n->window + (unsigned)l.n - 1);
	else
		q = fold(c, FO_XOP_AND, &l, 0);
	if (q)
		q = unit(c, q, label.data ? label.data : "", "near", FO_FIELD_ANY,
		         1.0, NULL, 0);
	fo_buf_free(&label);
	release(&l);
	return q;
}

/* ---- sequences: the default operator ------------------------------------ */

static fo_xquery *compile(cctx *c, const fo_qnode *n);
static fo_xquery *compile_and_not(cctx *c, const fo_qnode *n);

static int is_filter(const fo_qnode *n)
{
	return n->kind == FO_Q_SITE || n->kind == FO_Q_DATE ||
	       n->kind == FO_Q_YEAR;
}

/* Adjacent free words near each other (a sequential-dependence boost:
 * the pair "cache server" in that order, or within a small window). */
static fo_xquery *proximity(cctx *c, char **prox, size_t n, double weight)
{
	qlist pairs = { NULL, 0, 0 }, two = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	fo_xquery *q;
	size_t i;

	for (i = 0; i + 1 < n; i++) {
		if (!prox[i] || !prox[i + 1])
			continue;
		push(c, &two, term_q(c, "", prox[i]));
		push(c, &two, term_q(c, "", prox[i + 1]));
		push(c, &pairs, fold(c, FO_XOP_NEAR, &two,
		                     c->rank->pair_window));
		if (label.len)
			fo_buf_puts(&label, ", ");
		fo_buf_printf(&label, "%s %s", prox[i], prox[i + 1]);
	}
	q = fold(c, FO_XOP_OR, &pairs, 0);
	if (q)
		q = unit(c, q, label.data, "proximity", FO_FIELD_ANY,
		         weight, NULL, 0);
	fo_buf_free(&label);
	release(&pairs);
	release(&two);
	return q;
}

/* The free words of a short query as one phrase: posts where they stand
 * together, in order, rank first. One positional check per candidate,
 * where pairs of NEARs would cost one per pair. */
static fo_xquery *whole_phrase(cctx *c, char **prox, size_t n, double weight)
{
	qlist l = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	fo_xquery *q;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!prox[i])
			continue;
		push(c, &l, term_q(c, "", prox[i]));
		if (label.len)
			fo_buf_putc(&label, ' ');
		fo_buf_puts(&label, prox[i]);
	}
	q = l.n > 1 ? fold(c, FO_XOP_PHRASE, &l, (unsigned)l.n) : NULL;
	if (q)
		q = unit(c, q, label.data, "proximity", FO_FIELD_ANY, weight,
		         NULL, 0);
	fo_buf_free(&label);
	release(&l);
	return q;
}

/* Adjacent free words also match written as one word ("feed parser"
 * finds feedparser, "python 3" python3), as compounds match their parts;
 * one unit per pair. */
static void joined_pairs(cctx *c, char **prox, size_t n, qlist *to)
{
	size_t i;

	for (i = 0; i + 1 < n && c->st == FOLIO_OK; i++) {
		const char *terms[2] = { "", NULL };
		char *joined, label[160];

		if (!prox[i] || !prox[i + 1])
			continue;
		if (!(joined = dup2(prox[i], prox[i + 1]))) {
			nomem(c);
			return;
		}
		terms[1] = joined;
		snprintf(label, sizeof label, "%s", joined);
		push(c, to, unit(c, term_q(c, "", joined), label, "joined",
		                 FO_FIELD_ANY, c->rank->join_weight, terms, 1));
		free(joined);
	}
}

/* Words an acronym skips: "Security Information and Event Management"
 * is siem. */
static int acronym_skips(const char *w)
{
	static const char *const skip[] = { "a", "an", "and", "for", "in",
		                            "of", "on", "the", "to", "with" };
	size_t i;

	for (i = 0; i < sizeof skip / sizeof *skip; i++)
		if (strcmp(w, skip[i]) == 0)
			return 1;
	return 0;
}

/* Runs of ACRONYM_MIN..ACRONYM_MAX adjacent free words also match a
 * title word spelled by their initials (package and project names are
 * often acronyms: git-dpm for "git Debian package manager"); one unit
 * for all of them, as a synonym, so a query scores at most one. */
#define ACRONYM_MIN 3
#define ACRONYM_MAX 5
static void acronyms(cctx *c, char **prox, size_t n, qlist *to)
{
	qlist l = { NULL, 0, 0 };
	size_t i, j;
	fo_xquery *q;

	for (i = 0; i < n && c->st == FOLIO_OK; i++) {
		char buf[ACRONYM_MAX + 1];
		size_t len = 0;

		if (!prox[i] || acronym_skips(prox[i]))
			continue;
		for (j = i; j < n && len < ACRONYM_MAX; j++) {
			if (!prox[j] || !alphabetic(prox[j]))
				break;
			if (j > i && acronym_skips(prox[j]))
				continue;
			buf[len++] = prox[j][0];
			buf[len] = '\0';
			if (len >= ACRONYM_MIN)
				push(c, &l, term_q(c, FO_PREFIX_TITLE, buf));
		}
	}
	q = fold(c, FO_XOP_SYNONYM, &l, 0);
	release(&l);
	if (q)
		push(c, to, unit(c, q, "initials", "acronym", FO_FIELD_TITLE,
		                 c->rank->acronym_weight, NULL, 0));
}

/* How many things were typed among a sequence's free words: text
 * separated by white space. A URL or TFLOPS/GPU analyses to several
 * items but is one thing typed, so it counts once for the default
 * operator. */
static size_t typed_words(cctx *c, fo_qnode *const *kids, size_t n_kids)
{
	size_t k, i, j, n = 0;

	for (k = 0; k < n_kids && c->st == FOLIO_OK; k++) {
		const fo_qnode *kid = kids[k];
		size_t prev_end = 0;
		toks tl;

		if (kid->kind != FO_Q_WORDS || kid->occur != FO_OCCUR_DEFAULT)
			continue;
		if (analyse(c, kid, &tl) != 0)
			break;
		for (i = 0; i < tl.n; i = j) {
			size_t p;
			int space = i == 0;

			j = item_end(&tl, i);
			for (p = prev_end; !space && p < tl.t[i].start; p++)
				space = kid->text[p] == ' ' || kid->text[p] == '\t';
			n += space;
			prev_end = tl.t[j - 1].end;
		}
		toks_free(&tl);
	}
	return n;
}

/* Whether a ranked word is so common that it should only add weight to
 * posts the rarer words find, as Elasticsearch's cutoff_frequency did
 * and stop words do elsewhere: in more than rank->common_ratio of the
 * posts its BM25 idf is near 0, yet its posting list is the longest
 * to read (the known-item queries' "the", "for", "of": a third of their
 * instructions). Its exact form and abbreviations, worth still less,
 * are left out. */
static int common_word(cctx *c, const char *term)
{
	const fo_qstats *s = c->stats;

	if (!s || !s->termfreq || !s->docs || c->rank->common_ratio <= 0)
		return 0;
	return (double)s->termfreq(s->ctx, term) >
	       c->rank->common_ratio * (double)s->docs;
}

static fo_xquery *compile_seq(cctx *c, fo_qnode *const *kids, size_t n_kids)
{
	qlist must = { NULL, 0, 0 }, deflt = { NULL, 0, 0 },
	      nots = { NULL, 0, 0 }, filters = { NULL, 0, 0 },
	      coord = { NULL, 0, 0 }, joins = { NULL, 0, 0 },
	      commons = { NULL, 0, 0 };
	char **prox = NULL;
	size_t k, i, j, n_prox = 0, cap_prox = 0;
	fo_xquery *base = NULL, *q;
	fo_defop op = c->rank->defop;
	int positive = c->positive, ranked = c->ranked;

	size_t typed = typed_words(c, kids, n_kids);
	double prox_weight;

	/* A bracket inside ranked words is ranked too: the words of
	 * "(development files)" in a synopsis are two more words to rank
	 * by, not a pair every post must hold (that made 18% of the
	 * known-item queries test a phrase over two common words). */
	if (op == FO_DEFOP_AUTO)
		op = !ranked && typed <= c->rank->and_max_words ? FO_DEFOP_AND
		                                                : FO_DEFOP_OR;
	/* Words that must all match rank higher where they stand together
	 * ("stat activity" in pg_stat_activity): cheap, as few posts have
	 * them all. Where words are ranked, every post with any of them is
	 * a candidate, and the positional checks cost tens of milliseconds
	 * on the known-item benchmark while lowering its MRR (0.723 ->
	 * 0.711), so there it is off unless pair_weight asks for it. */
	prox_weight = op == FO_DEFOP_AND ? c->rank->and_pair_weight
	                                 : c->rank->pair_weight;
	c->ranked = op == FO_DEFOP_OR;

	for (k = 0; k < n_kids && c->st == FOLIO_OK; k++) {
		const fo_qnode *kid = kids[k];
		qlist *to = kid->occur == FO_OCCUR_MUST ? &must
		          : kid->occur == FO_OCCUR_NOT  ? &nots
		                                        : &deflt;
		if (kid->occur == FO_OCCUR_NOT)
			c->positive = 0;
		if (is_filter(kid) && kid->occur != FO_OCCUR_NOT) {
			push(c, &filters, compile(c, kid));
		} else if (kid->kind == FO_Q_WORDS &&
		           kid->occur != FO_OCCUR_NOT) {
			toks tl;
			if (analyse(c, kid, &tl) != 0)
				break;
			for (i = 0; i < tl.n; i = j) {
				j = item_end(&tl, i);
				c->common = to == &deflt && op == FO_DEFOP_OR &&
				            kid->field == FO_FIELD_ANY &&
				            tl.t[i].kind == FO_TOK_WORD &&
				            common_word(c, tl.t[i].term);
				push(c, c->common ? &commons : to,
				     item_query(c, kid->field, kid, &tl, i, j));
				c->common = 0;
				if (to != &deflt)
					continue;
				c->out->n_free++;
				if (n_prox == cap_prox) {
					char **grown;
					cap_prox = cap_prox ? cap_prox * 2 : 8;
					grown = realloc(prox, cap_prox *
					                sizeof *grown);
					if (!grown) {
						nomem(c);
						break;
					}
					prox = grown;
				}
				prox[n_prox++] =
					kid->field == FO_FIELD_ANY &&
					tl.t[i].kind == FO_TOK_WORD
						? strdup(tl.t[i].term) : NULL;
			}
			toks_free(&tl);
		} else if ((q = compile(c, kid)) != NULL) {
			push(c, to, q);
		}
		c->positive = positive;
	}

	if (op == FO_DEFOP_OR && n_prox)
		c->out->ranked = 1;
	if (c->relevance && c->rank->join_weight > 0 && n_prox > 1)
		joined_pairs(c, prox, n_prox, &joins);
	if (c->relevance && op == FO_DEFOP_OR && c->rank->acronym_weight > 0 &&
	    n_prox >= ACRONYM_MIN)
		acronyms(c, prox, n_prox, &joins);
	if (op == FO_DEFOP_AND && deflt.n == 2 && joins.n == 1 && !must.n) {
		/* two words: both, or the two written as one */
		q = fold(c, FO_XOP_AND, &deflt, 0);
		push(c, &deflt, pair(c, FO_XOP_OR, q, joins.q[0]));
		joins.n = 0;
	}
	if (op == FO_DEFOP_AND) {
		for (i = 0; i < deflt.n; i++)
			push(c, &must, deflt.q[i]);
		deflt.n = 0;
	} else if (c->relevance && c->rank->coord_weight > 0 && deflt.n > 1) {
		/* Coordination: a constant per word matched, so posts with
		 * more of the words rank higher (Lucene's classic coord). */
		for (i = 0; i < deflt.n; i++) {
			fo_xquery *sub[2] = { fo_xquery_fixed(1.0), deflt.q[i] };
			char label[32];
			snprintf(label, sizeof label, "word %zu", i + 1);
			q = sub[0] ? fo_xquery_combine(FO_XOP_FILTER, sub, 2, 0)
			           : NULL;
			fo_xquery_free(sub[0]);
			push(c, &coord, unit(c, q, label, "coordination",
			                     FO_FIELD_ANY, c->rank->coord_weight,
			                     NULL, 0));
		}
	}
	if (must.n)
		base = fold(c, FO_XOP_AND, &must, 0);
	if (joins.n && must.n) {
		base = pair(c, FO_XOP_AND_MAYBE, base,
		            fold(c, FO_XOP_OR, &joins, 0));
	}
	if (deflt.n || coord.n || joins.n) {
		for (i = 0; i < coord.n; i++)
			push(c, &deflt, coord.q[i]);
		coord.n = 0;
		for (i = 0; i < joins.n; i++)
			push(c, &deflt, joins.q[i]);
		joins.n = 0;
		base = base ? pair(c, FO_XOP_AND_MAYBE, base,
		                   fold(c, FO_XOP_OR, &deflt, 0))
		            : fold(c, FO_XOP_OR, &deflt, 0);
	}
	if (commons.n) {
		q = fold(c, FO_XOP_OR, &commons, 0);
		base = base ? pair(c, FO_XOP_AND_MAYBE, base, q) : q;
	}
	if (base && c->relevance && n_prox > 1 && prox_weight > 0)
		base = pair(c, FO_XOP_AND_MAYBE, base,
		            op == FO_DEFOP_AND
		                    ? whole_phrase(c, prox, n_prox, prox_weight)
		                    : proximity(c, prox, n_prox, prox_weight));
	if (filters.n) {
		q = fold(c, FO_XOP_AND, &filters, 0);
		base = base ? pair(c, FO_XOP_FILTER, base, q) : q;
	}
	if (nots.n) {
		if (!base && !(base = fo_xquery_match_all()))
			nomem(c);
		base = pair(c, FO_XOP_AND_NOT, base,
		            fold(c, FO_XOP_OR, &nots, 0));
	}
	for (i = 0; i < n_prox; i++)
		free(prox[i]);
	free(prox);
	release(&must);
	release(&deflt);
	release(&nots);
	release(&filters);
	release(&coord);
	release(&joins);
	release(&commons);
	c->ranked = ranked;
	return base;
}

/* left AND_NOT (the rest ORed); nothing under the NOT is highlighted. */
static fo_xquery *compile_and_not(cctx *c, const fo_qnode *n)
{
	qlist l = { NULL, 0, 0 };
	fo_xquery *left, *q;
	int positive = c->positive;
	size_t i;

	left = n->n_kids ? compile(c, n->kids[0]) : NULL;
	if (!left && c->st == FOLIO_OK && !(left = fo_xquery_match_all()))
		nomem(c);
	c->positive = 0;
	for (i = 1; i < n->n_kids; i++)
		if ((q = compile(c, n->kids[i])) != NULL)
			push(c, &l, q);
	c->positive = positive;
	q = pair(c, FO_XOP_AND_NOT, left, fold(c, FO_XOP_OR, &l, 0));
	release(&l);
	return q;
}

static fo_xquery *compile(cctx *c, const fo_qnode *n)
{
	qlist l = { NULL, 0, 0 };
	fo_xquery *q = NULL;
	fo_qnode *self = (fo_qnode *)n;
	size_t i;

	if (c->st != FOLIO_OK)
		return NULL;
	switch (n->kind) {
	case FO_Q_WORDS:
		if (n->occur == FO_OCCUR_DEFAULT)
			return compile_seq(c, &self, 1);
		{
			/* +words/-words reached through a wrapper SEQ */
			fo_qnode copy = *n;
			fo_qnode *p = &copy;
			copy.occur = FO_OCCUR_DEFAULT;
			return compile_seq(c, &p, 1);
		}
	case FO_Q_PHRASE:
		return phrase_query(c, n);
	case FO_Q_PREFIX:
		return prefix_query(c, n);
	case FO_Q_NEAR:
		return near_query(c, n);
	case FO_Q_SEQ:
		return compile_seq(c, n->kids, n->n_kids);
	case FO_Q_AND:
	case FO_Q_OR:
		for (i = 0; i < n->n_kids; i++)
			if ((q = compile(c, n->kids[i])) != NULL)
				push(c, &l, q);
		q = fold(c, n->kind == FO_Q_AND ? FO_XOP_AND : FO_XOP_OR, &l, 0);
		break;
	case FO_Q_AND_NOT:
		q = compile_and_not(c, n);
		break;
	case FO_Q_ALL:
		q = fo_xquery_match_all();
		if (!q)
			nomem(c);
		break;
	case FO_Q_SITE:
		q = term_q(c, FO_PREFIX_HOST, n->text);
		break;
	case FO_Q_DATE:
	case FO_Q_YEAR:
		q = fo_xquery_value_range(
			n->kind == FO_Q_DATE ? FO_SLOT_DATE : FO_SLOT_YEAR,
			n->lo[0] ? n->lo : NULL, n->hi[0] ? n->hi : NULL);
		if (!q)
			nomem(c);
		break;
	}
	release(&l);
	return q;
}

folio_status fo_query_compile(fo_analyzer *an, const char *text,
                              const fo_qnode *root, const fo_rank *rank,
                              int relevance, long zero_unit,
                              const fo_qstats *stats, fo_compiled *out)
{
	cctx c;

	memset(out, 0, sizeof *out);
	memset(&c, 0, sizeof c);
	c.an = an;
	c.text = text;
	c.rank = rank;
	c.relevance = relevance;
	c.zero_unit = zero_unit;
	c.stats = stats;
	c.positive = 1;
	c.out = out;
	if (root)
		out->q = compile(&c, root);
	fo_buf_free(&c.scratch);
	if (c.st != FOLIO_OK)
		fo_compiled_free(out);
	return c.st;
}

void fo_compiled_free(fo_compiled *c)
{
	size_t i, j;

	fo_xquery_free(c->q);
	for (i = 0; i < c->hl.n; i++) {
		fo_hlunit *u = &c->hl.units[i];
		free(u->term);
		free(u->stem);
		for (j = 0; j < u->n_seq; j++)
			free(u->seq[j]);
		free(u->seq);
	}
	free(c->hl.units);
	for (i = 0; i < c->n_units; i++) {
		for (j = 0; j < c->units[i].n_terms; j++)
			free(c->units[i].terms[j]);
		free(c->units[i].terms);
		free(c->units[i].label);
	}
	free(c->units);
	for (i = 0; i < c->n_words; i++)
		free(c->words[i].term);
	free(c->words);
	memset(c, 0, sizeof *c);
}

folio_status fo_query_build(fo_analyzer *an, const char *text,
                            fo_compiled *out)
{
	fo_qtree tree;
	fo_rank rank;
	char err[200];
	size_t pos;
	folio_status st;

	memset(out, 0, sizeof *out);
	fo_rank_default(&rank);
	st = fo_qparse(text, 0, &tree, &pos, err, sizeof err);
	if (st == FOLIO_OK)
		st = fo_query_compile(an, text, tree.root, &rank, 1, -1, NULL,
		                      out);
	fo_qtree_free(&tree);
	return st;
}
