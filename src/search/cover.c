/*
 * cover.c: title coverage, a second-phase ranking feature. BM25 over
 * Xapian 1.4's single document length cannot tell a title that is all
 * about the query from one that merely contains a query word: among
 * Debian's sibling packages, "ceph-osd" and "ceph-osd-dbg" share a
 * description, and only the share of the title the query accounts for
 * separates them. Vespa's fieldMatch(title).completeness and
 * Elasticsearch's rescore window are the same idea: score the first hits
 * again with a feature too costly for every match.
 *
 * A title word is covered when a query word matches it the way a query
 * matches text (exact form or stem, a prefix by its start), or when it
 * abbreviates a query word (dev for development: the rule of query.h's
 * FO_ABBREV_MIN), or when it is the word with a version (python3,
 * gtk4 for python, gtk), or lib<word> (libcurl, libvterm0 for curl,
 * vterm: the Unix library naming rule).
 */
#define _POSIX_C_SOURCE 200809L
#include "search/cover.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct cword {
	char *term;
	char *stem; /* NULL when the term is its own stem */
	int exact;  /* a quoted word: the exact form only */
	int prefix; /* a wildcard: any word it begins */
	int abbreviable; /* title words may abbreviate it (query.h) */
} cword;

struct fo_cover_words {
	cword *w;
	size_t n, cap;
};

void fo_cover_words_free(fo_cover_words *w)
{
	size_t i;

	if (!w)
		return;
	for (i = 0; i < w->n; i++) {
		free(w->w[i].term);
		free(w->w[i].stem);
	}
	free(w->w);
	free(w);
}

static folio_status add(fo_cover_words *w, const char *term, const char *stem,
                        int exact, int prefix)
{
	cword *c;

	if (w->n == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 8;
		cword *grown = realloc(w->w, cap * sizeof *grown);
		if (!grown)
			return FOLIO_ERROR_NOMEM;
		w->w = grown;
		w->cap = cap;
	}
	c = &w->w[w->n];
	memset(c, 0, sizeof *c);
	c->exact = exact;
	c->prefix = prefix;
	if (!(c->term = strdup(term)) || (stem && !(c->stem = strdup(stem)))) {
		free(c->term);
		return FOLIO_ERROR_NOMEM;
	}
	c->abbreviable = !exact && !prefix && fo_abbreviable(term);
	w->n++;
	return FOLIO_OK;
}

/* A compound's parts and a phrase's words are kept as typed (exact
 * forms, query.h); their stems come from the analyzer. */
typedef struct adding {
	fo_cover_words *w;
	folio_status st;
} adding;

static int add_analysed(const fo_token *t, void *ctx)
{
	adding *a = ctx;

	if (t->kind != FO_TOK_JOINED)
		a->st = add(a->w, t->term, t->stem, 0, 0);
	return a->st != FOLIO_OK;
}

folio_status fo_cover_words_new(fo_analyzer *an, const fo_termset *terms,
                                fo_cover_words **out)
{
	fo_cover_words *w = NULL;
	folio_status st = FOLIO_OK;
	size_t i, k;

	*out = NULL;
	if (!terms->n)
		return FOLIO_OK;
	if (!(w = calloc(1, sizeof *w)))
		return FOLIO_ERROR_NOMEM;
	for (i = 0; st == FOLIO_OK && i < terms->n; i++) {
		const fo_hlunit *u = &terms->units[i];

		if (u->term && u->kind != FO_HL_SEQ)
			st = add(w, u->term, u->stem, u->kind == FO_HL_EXACT,
			         u->kind == FO_HL_PREFIX);
		for (k = 0; st == FOLIO_OK && k < u->n_seq; k++) {
			adding a = {w, FOLIO_OK};

			st = fo_analyze(an, u->seq[k], strlen(u->seq[k]),
			                add_analysed, &a);
			if (st == FOLIO_OK)
				st = a.st;
		}
	}
	if (st == FOLIO_OK) {
		*out = w;
		w = NULL;
	}
	fo_cover_words_free(w);
	return st;
}

static int number(const char *s)
{
	for (; *s; s++)
		if (!((*s >= '0' && *s <= '9') || *s == '.'))
			return 0;
	return 1;
}

/* Whether query word c names s[0..n) by its exact form or its stem. */
static int names(const cword *c, const char *s, size_t n, const char *stem)
{
	const char *cstem = c->stem ? c->stem : c->term;

	if (strlen(c->term) == n && memcmp(c->term, s, n) == 0)
		return 1;
	if (c->exact)
		return 0;
	if (stem)
		return strcmp(stem, cstem) == 0;
	return strlen(cstem) == n && memcmp(cstem, s, n) == 0;
}

/* Whether s[0..n) is a name c names followed by a version: python3,
 * gtk4, gir1.2 (the name keeps at least 2 bytes). */
static int versioned(const cword *c, const char *s, size_t n)
{
	size_t k = n;

	while (k > 2 &&
	       ((s[k - 1] >= '0' && s[k - 1] <= '9') || s[k - 1] == '.'))
		k--;
	return k < n && names(c, s, k, NULL);
}

static int covered(const fo_cover_words *w, const fo_token *t)
{
	const char *stem = t->stem ? t->stem : t->term;
	size_t i;

	for (i = 0; i < w->n; i++) {
		const cword *c = &w->w[i];
		size_t clen = strlen(c->term);

		if (c->prefix) {
			if (t->len >= clen &&
			    memcmp(t->term, c->term, clen) == 0)
				return 1;
			continue;
		}
		if (names(c, t->term, t->len, stem))
			return 1;
		if (c->abbreviable && t->len >= FO_ABBREV_MIN && t->len < clen &&
		    memcmp(t->term, c->term, t->len) == 0)
			return 1;
		if (versioned(c, t->term, t->len))
			return 1;
		/* lib<name>: the name keeps at least 3 bytes */
		if (t->len >= 6 && memcmp(t->term, "lib", 3) == 0 &&
		    (names(c, t->term + 3, t->len - 3, NULL) ||
		     versioned(c, t->term + 3, t->len - 3)))
			return 1;
	}
	return 0;
}

/* Whether a query word names compound t whole (its joined form, or a
 * name's without its dots: fo_token_squeezed), as the query finds it:
 * postgresql names PostgreSQL, nodejs Node.js. */
static int names_whole(const fo_cover_words *w, const fo_token *t)
{
	char buf[FO_MAX_TERM_BYTES];
	size_t i, n = fo_token_squeezed(t, buf);

	for (i = 0; i < w->n; i++)
		if (!w->w[i].prefix &&
		    (names(&w->w[i], t->term, t->len, t->stem) ||
		     (n && names(&w->w[i], buf, n, NULL))))
			return 1;
	return 0;
}

typedef struct tally {
	const fo_cover_words *w;
	fo_cover c;
	int whole; /* the compound below is named whole */
	uint32_t compound;
} tally;

static int count(const fo_token *t, void *ctx)
{
	tally *y = ctx;

	/* A compound counts by its parts, not also as the joined word;
	 * named whole, it covers them all. */
	if (t->kind == FO_TOK_JOINED) {
		y->whole = names_whole(y->w, t);
		y->compound = t->compound;
		return 0;
	}
	if ((t->kind == FO_TOK_PART && y->whole &&
	     t->compound == y->compound) ||
	    covered(y->w, t)) {
		y->c.matched++;
		y->c.counted++;
	} else if (!number(t->term)) {
		y->c.counted++;
	}
	return 0;
}

folio_status fo_title_cover(fo_analyzer *an, const fo_cover_words *w,
                            const char *title, fo_cover *out)
{
	tally y;
	folio_status st;

	memset(&y, 0, sizeof y);
	y.w = w;
	if (!w || !title)
		st = FOLIO_OK;
	else
		st = fo_analyze(an, title, strlen(title), count, &y);
	*out = y.c;
	return st;
}

/* factor = (1 - p * uncovered / (n + 1)) * (1 + b * covered / (n + 1)),
 * n counted words: the +1 keeps a one-word title from losing or gaining
 * the whole weight (tuned on the known-item set, README "Relevance"). */
double fo_cover_factor(const fo_rank *rank, const fo_cover *c)
{
	double n1 = (double)c->counted + 1;

	if (!c->counted)
		return 1.0;
	return (1 - rank->cover_penalty * (c->counted - c->matched) / n1) *
	       (1 + rank->cover_bonus * c->matched / n1);
}
