/*
 * near.c: NEAR over every form of a word. Positions are indexed for exact
 * forms only, so a free word in a NEAR is the OR of the forms the index
 * holds with its stem, found by walking the index's terms.
 */
#define _POSIX_C_SOURCE 200809L
#include "search/compile.h"
#include "search/qlex.h"

#include "analyzer/normalize.h"
#include "util/grow.h"

#include <stdlib.h>
#include <string.h>

/* How far forms_query looks: the index's terms it stems, and the forms
 * it keeps besides the typed one. */
#define FORMS_SCAN 1000
#define FORMS_MAX 32

typedef struct forms_ctx {
	fo_qc *c;
	size_t skip;      /* the field's prefix, before the word */
	const char *stem; /* the forms' stem */
	const char *seen; /* terms starting with this were walked already */
	const char *typed;
	fo_qlist *l;
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
		fo_qc_nomem(f->c);
		return 1;
	}
	/* The term alone analyses to itself: it is an indexed word. */
	if (f->same)
		fo_qc_push(f->c, f->l, fo_xquery_term(term, len, 1));
	return f->c->st != FOLIO_OK;
}

/* Word t of field f in any form the index holds (lock: lock, locks,
 * locking, locked), as free words match, for operators that need
 * positions, which only exact forms carry. Snowball stems keep the
 * start of their word except for a last letter (library: librari), so
 * the candidates are the terms starting with the stem, then those
 * starting with the stem less its last character; each is stemmed. A
 * failed walk leaves the typed form alone. */
static fo_xquery *forms_query(fo_qc *c, fo_qfield f, const fo_qtok *t)
{
	const char *stem = t->stem ? t->stem : t->term;
	size_t n = strlen(stem);
	/* the start of the stem's last character */
	size_t cut = n ? fo_utf8_cut(stem, n, n - 1) : 0;
	fo_qlist l = { NULL, 0, 0 };
	forms_ctx fc;
	fo_buf prefix = FO_BUF_INIT;
	fo_xquery *q;
	int pass;

	fo_qc_push(c, &l, fo_qc_term(c, fo_qc_fields[f].exact, t->term));
	memset(&fc, 0, sizeof fc);
	fc.c = c;
	fc.skip = strlen(fo_qc_fields[f].exact);
	fc.stem = stem;
	fc.typed = t->term;
	fc.l = &l;
	for (pass = 0; pass < 2 && c->st == FOLIO_OK; pass++) {
		/* Short stems: their start alone would walk too far. */
		if (pass == 1 && (cut < 2 || stem[cut] == '\0'))
			break;
		fo_buf_clear(&prefix);
		fo_buf_puts(&prefix, fo_qc_fields[f].exact);
		fo_buf_append(&prefix, stem, pass == 0 ? n : cut);
		if (prefix.oom) {
			fo_qc_nomem(c);
			break;
		}
		fc.seen = pass == 1 ? stem : NULL;
		fc.scanned = 0;
		(void)c->stats->terms(c->stats->ctx, prefix.data, on_form_term,
		                      &fc);
	}
	fo_buf_free(&prefix);
	q = fo_qc_fold(c, FO_XOP_OR, &l, 0);
	fo_qc_release(&l);
	return q;
}

/* The NEAR of the terms in l, within the gap allowed plus the words
 * themselves (Xapian: a NEAR/3 b is NEAR 4); a single term alone. A
 * joined compound is one word: written apart, its parts are found by the
 * split reading, where each takes its place (a joined form counted as
 * its parts let "freethreaded x build" be NEAR/1 build: explore-t). */
static fo_xquery *near_of(fo_qc *c, fo_qlist *l, unsigned gap, int ordered)
{
	if (c->st == FOLIO_OK && l->n > 1)
		return fo_qc_fold(c, ordered ? FO_XOP_PHRASE : FO_XOP_NEAR, l,
		                  gap + (unsigned)l->n - 1);
	return fo_qc_fold(c, FO_XOP_AND, l, 0);
}

/* One word of a NEAR: its query, or for a compound its joined form and
 * its parts; for a version, its joined form and its last part (last),
 * with the places between them (span). */
typedef struct near_item {
	fo_xquery *whole, *last;
	fo_qlist parts;
	unsigned span;
	int other; /* a version whose other form a post holds */
	/* a word a post may write as a compound (word_tail): the first
	 * and last parts of its compounds, and the places between them */
	fo_xquery *head, *tail;
	unsigned tail_span;
	/* a word with a tail that some post holds without a place
	 * (nodejs, the squeezed Node.js: word_tail): its head places it
	 * (in the free field, or the word itself), and in a field, which
	 * holds it in no post, it weighs as any field holds it (held,
	 * unprefixed; else whole) */
	int unplaced;
	fo_xquery *held;
	/* a name typed with dots or underscores, squeezed as a post holds
	 * it (node.js: nodejs), an alternative to its whole; else "" */
	char squeezed[FO_MAX_TERM_BYTES + 1];
	/* a name run into its dotted version, spelt spaced as a post
	 * writing "Python 3.14" holds it (python3.14: python 3 14,
	 * fo_qc_name_version), NUL-parted, or "": respelt holds its terms,
	 * which stand in for its parts in mixes of their own */
	char spaced[FO_MAX_TERM_BYTES + 3];
	fo_qlist respelt;
	/* a CJK run: its bigrams (parts) alone, with no joined form to
	 * mix (analyzer.c fo_emit_cjk); phrase, their phrase */
	int cjk;
	fo_xquery *phrase;
} near_item;

/* Version t (2.0.1, v2.0.1), followed by its parts tl->t[i + 1..j), as
 * one item: its joined form, in either form a post holds (as a free word
 * and a phrase match both, query.c), and its last part; 0 when t is no
 * version. Not by all its parts, which match in any order in a NEAR: 2 0
 * 1 were found in "2.0.10 and v12.0.1". The joined term sits at the
 * first part's place and the last part (the same in both forms) at the
 * version's end, so the window holds the whole version as the parts
 * would (quokka NEAR/1 2.0.1 finds "Quokka v2.0.1", and 2.0.1 NEAR/1
 * released "v2.0.1 released", but upgrading NEAR/1 2.0.1 not "Upgrading
 * to parser 2.0.1"), the parts between counted in span. */
static int version_item(fo_qc *c, const char *exact, const fo_qtoks *tl,
                        size_t i, size_t j, near_item *it)
{
	char other[FO_MAX_TERM_BYTES + 2];

	if (!fo_qc_version_other(tl->t[i].term, other))
		return 0;
	it->whole = fo_qc_term(c, exact, tl->t[i].term);
	it->other = !fo_qc_absent(c, exact, other);
	if (it->other)
		it->whole = fo_qc_pair(c, FO_XOP_OR, it->whole,
		                       fo_qc_term(c, exact, other));
	it->last = fo_qc_term(c, exact, tl->t[j - 1].term);
	it->span = (unsigned)(j - i - 3);
	return 1;
}

/* Whether a split of s before split k has part as its first part, or
 * its last (last). */
static int split_has(const fo_splits *s, size_t k, const char *part, int last)
{
	const char *p, *at;
	size_t i;

	for (i = 0; i < k; i++) {
		for (at = p = s->parts[i]; last && *p; p += strlen(p) + 1)
			at = p;
		if (strcmp(at, part) == 0)
			return 1;
	}
	return 0;
}

/* Word term of field f typed whole (postgresql) that a post may write
 * as a compound (PostgreSQL: postgresql at postgre's place, then sql),
 * as its item's tail: the last parts of its compounds (OR) and the
 * places between the first and the last (tail_span). Split, the item is
 * its word and that last part, which hold the compound's places in the
 * window as a version's joined form and last part do (version_item):
 * postgresql NEAR/1 database finds "PostgreSQL database". Its head, the
 * first parts (OR), only filters: a post writing the compound holds
 * one, and it is the rarest term of most such NEARs (th of "THis"),
 * which Xapian then reads first: without it "this NEAR package" took 3
 * times as long as before tails, as the last part is often a common
 * word (is). A word with compounds that some post holds without a
 * place is marked unplaced: a name squeezed from Node.js (nodejs) in
 * the free field (two lookups a split more: fo_qc_squeezed), placed by
 * its head or itself, as other posts may write it whole; and in another
 * a word held whole only outside it (as fo_qc_word_splits found it),
 * placed by its head and weighed unprefixed. */
static void word_tail(fo_qc *c, fo_qfield f, const char *term, near_item *it)
{
	const char *exact = fo_qc_fields[f].exact, *last = NULL, *p;
	fo_qlist heads = { NULL, 0, 0 }, lasts = { NULL, 0, 0 };
	fo_splits s;
	size_t k;
	unsigned parts;

	fo_qc_word_splits(c, exact, term, 0, &s);
	for (k = 0; k < s.n; k++) {
		for (parts = 0, p = s.parts[k]; *p; p += strlen(p) + 1)
			last = p, parts++;
		/* a split in two and one in three may share a part (open
		 * streetmap, open street map): each term once */
		if (!split_has(&s, k, s.parts[k], 0))
			fo_qc_push(c, &heads, fo_qc_term(c, exact, s.parts[k]));
		if (!split_has(&s, k, last, 1))
			fo_qc_push(c, &lasts, fo_qc_term(c, exact, last));
		if (parts - 2 > it->tail_span)
			it->tail_span = parts - 2;
	}
	it->head = fo_qc_fold(c, FO_XOP_OR, &heads, 0);
	it->tail = fo_qc_fold(c, FO_XOP_OR, &lasts, 0);
	it->unplaced =
	    it->tail && (*exact ? s.outside : fo_qc_squeezed(c, term, &s));
	if (it->unplaced && *exact)
		it->held = fo_qc_term(c, "", term);
	if (it->unplaced && !*exact) {
		fo_qc_push(c, &heads, it->head);
		fo_qc_push_copy(c, &heads, it->whole);
		it->head = fo_qc_fold(c, FO_XOP_OR, &heads, 0);
	}
	fo_qc_release(&heads);
	fo_qc_release(&lasts);
	fo_splits_free(&s);
}

/* Compounds (and words with a tail) whose joined and split forms are
 * mixed every way (2^n NEARs); past that, all joined or all split. */
#define NEAR_MIXES 3

/* Whether compound item it is split in mix split, b items having been
 * mixable before it. */
static int apart(const near_item *it, unsigned split, unsigned b)
{
	return it->cjk || ((it->parts.n || it->tail) &&
	                   ((split >> (b < NEAR_MIXES ? b : 0)) & 1u));
}

/* Item i's bit in a mix: the mixable items before it. */
static unsigned mix_bit(const near_item *it, size_t i)
{
	unsigned b = 0;

	while (i-- > 0)
		b += (it[i].parts.n || it[i].tail) && !it[i].cjk;
	return b;
}

/* Item it's terms in a mix's NEAR (or phrase: ordered, a version's
 * joined form before its last part), split to its parts (in_parts) or
 * its tail (in_tail) or whole; an unplaced word by its head, where
 * weigh is 0 (its terms placed in the NEAR, not those that weigh it). */
static void mix_terms(fo_qc *c, const near_item *it, int in_parts, int in_tail,
                      int ordered, int weigh, fo_qlist *l)
{
	size_t k;

	if (it->last && !ordered)
		fo_qc_push_copy(c, l, it->last);
	for (k = 0; k < (in_parts ? it->parts.n : 1); k++)
		fo_qc_push_copy(c, l,
		                in_parts                 ? it->parts.q[k]
		                : it->unplaced && !weigh ? it->head
		                : it->held               ? it->held
		                                         : it->whole);
	if (it->last && ordered)
		fo_qc_push_copy(c, l, it->last);
	if (in_tail)
		fo_qc_push_copy(c, l, it->tail);
}

/* The NEAR of the items, compound number b split where bit b of split
 * is set; past NEAR_MIXES compounds split is all ones or none, and a
 * NEAR may hold more compounds than split has bits (the fuzzer's find:
 * a shift by 32), so those read its lowest. A word split to its tail
 * only places the NEAR: FILTER(AND(the items without tails), AND(NEAR,
 * heads)), so it weighs as the mix with the word whole does, not by its
 * first or last part. A tail only matters where its word comes first
 * (it ends the word, and the window runs from the first word's end to
 * the last word's start), and inside a NEAR it may be any occurrence
 * in the window: "support phone the iPhone" held iphone NEAR/2 support
 * by its other phone. Of two items, one split to its tail, the NEAR is
 * therefore the phrase in that order, in the same window: the tail
 * then stands between its word and the other item; the other order is
 * the mix with the word whole. Of three or more, which may stand in
 * any order, it stays a NEAR (doc/analyzer.md). A word some post holds
 * without a place is placed by its head (or itself) in every mix, and
 * weighs likewise by the word (FILTER). */
static fo_xquery *near_mix(fo_qc *c, const near_item *it, size_t n,
                           unsigned split, unsigned gap)
{
	fo_qlist l = { NULL, 0, 0 }, weigh = { NULL, 0, 0 };
	fo_qlist heads = { NULL, 0, 0 };
	fo_xquery *q;
	size_t i, at, first = 0;
	unsigned spans = 0;
	int tailed = 0, by_head = 0, ordered;

	for (i = n; i-- > 0;) {
		if (it[i].tail && apart(&it[i], split, mix_bit(it, i)))
			first = i, tailed = 1;
		by_head |= it[i].unplaced;
	}
	ordered = tailed && n == 2;
	for (at = 0; at < n; at++) {
		unsigned b;
		int in_parts, in_tail;

		/* the item split to its tail leads an ordered phrase */
		i = ordered ? (first + at) % n : at;
		b = mix_bit(it, i);
		in_parts = it[i].parts.n && apart(&it[i], split, b);
		in_tail = it[i].tail && apart(&it[i], split, b);
		spans += it[i].span;
		mix_terms(c, &it[i], in_parts, in_tail, ordered, 0, &l);
		if (in_tail && !it[i].unplaced)
			fo_qc_push_copy(c, &heads, it[i].head);
		if (in_tail)
			spans += it[i].tail_span;
	}
	/* the weight's terms in the items' order, as the NEAR sums them */
	for (i = 0; (tailed || by_head) && i < n; i++)
		mix_terms(c, &it[i],
		          it[i].parts.n && apart(&it[i], split, mix_bit(it, i)),
		          0, 0, 1, &weigh);
	q = near_of(c, &l, gap + spans, ordered);
	if (tailed || by_head) {
		fo_qc_push(c, &heads, q);
		q = fo_qc_pair(c, FO_XOP_FILTER,
		               fo_qc_fold(c, FO_XOP_AND, &weigh, 0),
		               fo_qc_fold(c, FO_XOP_AND, &heads, 0));
	}
	fo_qc_release(&l);
	fo_qc_release(&weigh);
	fo_qc_release(&heads);
	return q;
}

/* The NEARs of items it[0..n), n_compounds mixable, to l: each mix of
 * them (near_mix), every way where there are NEAR_MIXES or fewer, else
 * all joined and all split. With spaced, its name and version spaced
 * (respelt) stand in for its parts, in the mixes that split it, scaled
 * as a compound's phrase is (query.c fo_qc_name_version_query), so a post
 * spelling it as typed ranks first. */
static void push_mixes(fo_qc *c, near_item *it, size_t n, size_t compounds,
                       unsigned window, near_item *spaced, fo_qlist *l)
{
	unsigned split, mix,
	    last = compounds <= NEAR_MIXES ? (1u << compounds) - 1 : 1;
	fo_qlist parts;
	fo_xquery *q, *scaled;

	if (spaced) {
		parts = spaced->parts;
		spaced->parts = spaced->respelt;
	}
	for (split = 0; c->st == FOLIO_OK && split <= last; split++) {
		mix = compounds <= NEAR_MIXES ? split : split ? ~0u : 0u;
		if (spaced &&
		    !apart(spaced, mix, mix_bit(it, (size_t)(spaced - it))))
			continue;
		q = near_mix(c, it, n, mix, window);
		if (q && spaced) {
			scaled = fo_xquery_scale(q, c->rank->compound_weight);
			fo_xquery_free(q);
			q = scaled;
		}
		fo_qc_push(c, l, q);
	}
	if (spaced)
		spaced->parts = parts;
}

/* Item tl->t[i..j) of field f as near_mix takes it: its term (a
 * version's: version_item), else in any form the index holds (forms), and
 * a compound's parts each likewise. Returns whether it is a version. */
static int item_of(fo_qc *c, fo_qfield f, const fo_qtoks *tl, size_t i,
                   size_t j, int compound, int forms, near_item *item)
{
	const char *exact = fo_qc_fields[f].exact, *s;
	int version;
	size_t p;

	memset(item, 0, sizeof *item);
	version = compound && version_item(c, exact, tl, i, j, item);
	if (!version)
		item->whole = forms ? forms_query(c, f, &tl->t[i])
		                    : fo_qc_term(c, exact, tl->t[i].term);
	/* a name typed with dots or underscores (node.js), whole, as a
	 * post writing it without them holds it (nodejs) */
	if (compound && !version &&
	    fo_qc_squeeze(c, exact, &tl->t[i], item->squeezed))
		item->whole = fo_qc_pair(c, FO_XOP_OR, item->whole,
		                         fo_qc_term(c, exact, item->squeezed));
	else
		item->squeezed[0] = '\0';
	for (p = i + 1; compound && !version && p < j; p++)
		fo_qc_push(c, &item->parts,
		           forms ? forms_query(c, f, &tl->t[p])
		                 : fo_qc_term(c, exact, tl->t[p].term));
	if (compound && !version &&
	    fo_qc_name_version(c, exact, tl->t[i].term, NULL, item->spaced))
		for (s = item->spaced; *s; s += strlen(s) + 1)
			fo_qc_push(c, &item->respelt, fo_qc_term(c, exact, s));
	return version;
}

/* Number the highlight units that a NEAR's words added to field's set
 * (from first on), so that snippets mark them only where the NEAR
 * matches (hlspans.c near_filter), in the widest window a NEAR of them
 * takes (near_of: a compound split counts its parts). Unit first + k
 * where bit k of alt is set is the word before it in another form (a
 * version's): it shares that word's bit, either satisfying it, and is
 * no word of its own. A NEAR of one word, or of more than 64 units, is
 * marked as free words are. */
static void near_units(fo_qc *c, fo_qfield field, size_t first, unsigned gap,
                       unsigned slack, uint64_t alt)
{
	fo_termset *s =
	    field == FO_FIELD_TITLE ? &c->out->hl_title : &c->out->hl;
	unsigned words = 0, id, bit = 0, units = 0;
	size_t i;

	if (s->n - first > 64)
		return;
	for (i = first; i < s->n; i++)
		if (!((alt >> (i - first)) & 1u)) {
			units++;
			words += s->units[i].kind == FO_HL_COMPOUND
			             ? (unsigned)s->units[i].n_seq
			             : 1;
		}
	if (units < 2)
		return;
	id = ++c->out->n_near;
	for (i = first; i < s->n; i++) {
		if (i > first && !((alt >> (i - first)) & 1u))
			bit++;
		s->units[i].near = id;
		s->units[i].near_bit = bit;
		s->units[i].near_window = gap + words - 1;
		s->units[i].near_slack = slack;
	}
}

/* The highlight of version t's form written the other way (v2.0.1, v2
 * 0 1 for 2.0.1), parts tl->t[i + 1..j), as near_units' alternative to
 * the unit just added for t: its bit among alt (first: the NEAR's first
 * unit) is set. */
static void version_hl(fo_qc *c, fo_qfield field, const fo_qtoks *tl, size_t i,
                       size_t j, size_t first, uint64_t *alt)
{
	const fo_termset *s =
	    field == FO_FIELD_TITLE ? &c->out->hl_title : &c->out->hl;
	char other[FO_MAX_TERM_BYTES + 2], part[FO_MAX_TERM_BYTES + 2];
	fo_hlunit *hl;
	size_t p, at = s->n;

	if (!fo_qc_version_other(tl->t[i].term, other))
		return;
	fo_qc_version_part_other(tl->t[i + 1].term, part);
	hl = fo_qc_hl_add(c, field, FO_HL_COMPOUND, other, NULL);
	if (!hl)
		return;
	fo_qc_hl_seq_add(c, hl, part);
	for (p = i + 2; p < j; p++)
		fo_qc_hl_seq_add(c, hl, tl->t[p].term);
	if (at - first < 64)
		*alt |= (uint64_t)1 << (at - first);
}

/* The highlight of a compound's other form, as near_units' alternative
 * to the compound's unit just added (version_hl): a name squeezed
 * (nodejs for node.js), or else the sequence of a name and its version
 * spaced (python 3 14 for python3.14, NUL-parted). */
static void other_hl(fo_qc *c, fo_qfield field, const near_item *it,
                     size_t first, uint64_t *alt)
{
	const fo_termset *s =
	    field == FO_FIELD_TITLE ? &c->out->hl_title : &c->out->hl;
	size_t at = s->n;
	const char *p;
	fo_hlunit *hl =
	    it->squeezed[0]
	        ? fo_qc_hl_add(c, field, FO_HL_EXACT, it->squeezed, NULL)
	        : fo_qc_hl_add(c, field, FO_HL_SEQ, NULL, NULL);

	for (p = it->squeezed[0] ? "" : it->spaced; *p; p += strlen(p) + 1)
		fo_qc_hl_seq_add(c, hl, p);
	if (hl && at - first < 64)
		*alt |= (uint64_t)1 << (at - first);
}

/* The terms whose statistics --explain shows for a NEAR, as fo_qc_unit
 * takes them (prefix, term); the terms owned. */
typedef struct near_terms {
	const char **pairs;
	size_t n, cap; /* in pairs */
} near_terms;

static void near_term(fo_qc *c, near_terms *nt, const char *prefix,
                      const char *term)
{
	char *copy = strdup(term);

	if (!copy || fo_grow((void **)&nt->pairs, &nt->cap, nt->n,
	                     2 * sizeof *nt->pairs) != 0) {
		free(copy);
		fo_qc_nomem(c);
		return;
	}
	nt->pairs[2 * nt->n] = prefix;
	nt->pairs[2 * nt->n + 1] = copy;
	nt->n++;
}

/* Word t of field f as the NEAR matches it: in any form (forms), whose
 * every occurrence holds its stem under Z or bare, as a free word's stem
 * part counts them; else as typed. */
static void near_word_terms(fo_qc *c, near_terms *nt, fo_qfield f,
                            const fo_qtok *t, int forms)
{
	const char *stem = t->stem ? t->stem : t->term;

	if (!forms) {
		near_term(c, nt, fo_qc_fields[f].exact, t->term);
		return;
	}
	near_term(c, nt, fo_qc_fields[f].stem, stem);
	near_term(c, nt, fo_qc_fields[f].exact, stem);
}

static void near_terms_free(near_terms *nt)
{
	size_t i;

	for (i = 0; i < nt->n; i++)
		free((char *)nt->pairs[2 * i + 1]);
	free(nt->pairs);
}

/* Before a NEAR's next word in its label, the window as typed: NEAR
 * alone is NEAR/10. */
static void near_sep(fo_buf *label, unsigned window)
{
	if (label->len && window == FO_NEAR_DEFAULT)
		fo_buf_puts(label, " NEAR ");
	else if (label->len)
		fo_buf_printf(label, " NEAR/%u ", window);
}

/* CJK run tl->t[i..j) of field f as an item: by all its bigrams, in any
 * order, as a compound's parts are, in a post that holds them in order
 * somewhere too (phrase), which the NEAR alone does not ask; marked and
 * explained by them, and labelled as typed. It was its first bigram
 * alone: 検索 NEAR/2 エンジン found 検索エンタープライズ (qa-grader). */
static void cjk_item(fo_qc *c, fo_qfield f, const fo_qtoks *tl, size_t i,
                     size_t j, near_item *item, near_terms *stats,
                     fo_buf *label)
{
	const char *exact = fo_qc_fields[f].exact;
	fo_hlunit *hl = fo_qc_hl_add(c, f, FO_HL_COMPOUND, tl->t[i].term, NULL);
	fo_qlist in_order = { NULL, 0, 0 };
	size_t p;

	memset(item, 0, sizeof *item);
	item->cjk = 1;
	fo_buf_puts(label, tl->t[i].term);
	for (p = i; p < j; p++) {
		const char *b = tl->t[p].term;
		size_t n = strlen(b);

		fo_qc_push(c, &item->parts, fo_qc_term(c, exact, b));
		fo_qc_push(c, &in_order, fo_qc_term(c, exact, b));
		near_term(c, stats, exact, b);
		fo_qc_hl_seq_add(c, hl, b);
		if (p > i) /* each bigram adds its last character */
			fo_buf_puts(label, b + fo_utf8_cut(b, n, n - 1));
	}
	item->phrase =
	    fo_qc_fold(c, FO_XOP_PHRASE, &in_order, (unsigned)(j - i));
	fo_qc_release(&in_order);
}

/* NEAR: every word of the kids in any form the index holds (forms_query;
 * a quoted word its exact form), within the window. A compound takes
 * part by its joined form or by its parts, each in any form the index
 * holds (freethreads; free threads), as a free compound matches either
 * way: Xapian 1.4 takes
 * only terms and ORs of terms inside a NEAR, so that is the best of the
 * NEARs with each compound joined or split (OP_MAX: a post matching
 * several weighs as the best, not as their sum). A compound's parts
 * match in any order, as a phrase's words in a NEAR do. A word typed
 * whole that a post writes as a compound (postgresql: PostgreSQL) is
 * mixed likewise, with its tail (word_tail). It weighs as its
 * words do, so --explain gives it their statistics, as a phrase's: their
 * summed wdf, in the forms it matches them in (a compound by its parts,
 * a version whole), and the most frequent one's posts. */
fo_xquery *fo_qc_near(fo_qc *c, const fo_qnode *n)
{
	near_item *it = NULL;
	fo_qlist mixes = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	near_terms stats = { NULL, 0, 0 };
	size_t k, i, j, n_it = 0, cap_it = 0, compounds = 0;
	uint64_t alt = 0;
	unsigned tail_places = 0;
	fo_xquery *q = NULL;
	fo_qtoks tl;
	/* kids of one field (qnear.c nearable) */
	fo_qfield field = n->n_kids ? n->kids[0]->field : FO_FIELD_ANY;
	size_t first_hl =
	    field == FO_FIELD_TITLE ? c->out->hl_title.n : c->out->hl.n;

	for (k = 0; k < n->n_kids && c->st == FOLIO_OK; k++) {
		const fo_qnode *kid = n->kids[k];
		if (fo_qc_analyse(c, kid, &tl) != 0)
			break;
		for (i = 0; i < tl.n; i = j) {
			const fo_qtok *t = &tl.t[i];
			int compound, forms, version, cjk;
			size_t p;

			j = fo_qc_item_end(&tl, i);
			compound = t->kind == FO_TOK_JOINED && j - i > 2;
			cjk = t->kind == FO_TOK_PART && j - i > 1;
			forms = kid->kind == FO_Q_WORDS && c->stats &&
			        c->stats->terms &&
			        (t->kind == FO_TOK_WORD || compound);
			if (fo_grow((void **)&it, &cap_it, n_it, sizeof *it) !=
			    0) {
				fo_qc_nomem(c);
				break;
			}
			if (cjk) {
				near_sep(&label, n->window);
				cjk_item(c, kid->field, &tl, i, j, &it[n_it++],
				         &stats, &label);
				continue;
			}
			version = item_of(c, kid->field, &tl, i, j, compound,
			                  forms, &it[n_it]);
			/* its spaced form is the NEAR typed, marked there */
			if (c->spaced_typed && n_it == 0) {
				it[0].spaced[0] = '\0';
				fo_qc_release(&it[0].respelt);
			}
			if (t->kind == FO_TOK_WORD)
				word_tail(c, kid->field, t->term, &it[n_it]);
			if (it[n_it].tail)
				tail_places += it[n_it].tail_span + 1;
			compounds += (compound && !version) || it[n_it].tail;
			n_it++;
			if (!compound || version)
				near_word_terms(c, &stats, kid->field, t,
				                forms && !version);
			for (p = i + 1; compound && !version && p < j; p++)
				near_word_terms(c, &stats, kid->field, &tl.t[p],
				                forms);
			if (t->kind == FO_TOK_WORD)
				fo_qc_word_add(c, kid, t);
			if (compound) {
				fo_hlunit *hl =
				    fo_qc_hl_add(c, kid->field, FO_HL_COMPOUND,
				                 t->term, t->stem);

				for (p = i + 1; p < j; p++)
					fo_qc_hl_seq_add(c, hl, tl.t[p].term);
				if (version && it[n_it - 1].other)
					version_hl(c, kid->field, &tl, i, j,
					           first_hl, &alt);
				else if (it[n_it - 1].squeezed[0] ||
				         it[n_it - 1].spaced[0])
					other_hl(c, kid->field, &it[n_it - 1],
					         first_hl, &alt);
			} else {
				fo_hlunit *hl = fo_qc_hl_add(
				    c, kid->field,
				    forms ? FO_HL_WORD : FO_HL_EXACT, t->term,
				    forms ? t->stem : NULL);

				if (hl)
					hl->near_squeezed =
					    it[n_it - 1].unplaced;
			}
			near_sep(&label, n->window);
			fo_buf_puts(&label, t->term);
		}
		fo_qc_toks_free(&tl);
	}
	/* kids without a word make no NEAR, and no error */
	if (n_it)
		push_mixes(c, it, n_it, compounds, n->window, NULL, &mixes);
	for (i = 0; i < n_it; i++)
		if (it[i].respelt.n)
			push_mixes(c, it, n_it, compounds, n->window, &it[i],
			           &mixes);
	q = fo_qc_fold(c, FO_XOP_MAX, &mixes, 0);
	for (i = 0; q && i < n_it; i++) {
		q = fo_qc_pair(c, FO_XOP_FILTER, q, it[i].phrase);
		it[i].phrase = NULL;
	}
	if (c->st == FOLIO_OK)
		/* a word's compound, which one highlight unit matches
		 * whole, takes one place of the window (hlspans.c
		 * near_places), which its tails widen in the search */
		near_units(c, field, first_hl, n->window, tail_places, alt);
	if (q)
		q = fo_qc_unit(c, q, fo_qc_label(&label), "near", field, 1.0,
		               stats.pairs, stats.n);
	for (i = 0; i < n_it; i++) {
		fo_xquery_free(it[i].whole);
		fo_xquery_free(it[i].last);
		fo_xquery_free(it[i].head);
		fo_xquery_free(it[i].tail);
		fo_xquery_free(it[i].held);
		fo_xquery_free(it[i].phrase);
		fo_qc_release(&it[i].parts);
		fo_qc_release(&it[i].respelt);
	}
	free(it);
	fo_buf_free(&label);
	near_terms_free(&stats);
	fo_qc_release(&mixes);
	return q;
}
