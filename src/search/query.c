/*
 * query.c: AST -> Xapian query (see query.h), analysing every word with
 * the index's analyzer. A free word matches its exact form or any form
 * with the same stem, the exact form adding weight of its own; a
 * compound (free-threaded) matches the phrase of its parts or its joined
 * form; a quoted phrase matches exact forms in order. Items side by side
 * are joined in sequence.c.
 */
#define _POSIX_C_SOURCE 200809L
#include "search/query.h"

#include "search/compile.h"

#include "analyzer/normalize.h"
#include "index/schema.h"
#include "index/urlterm.h"
#include "index/valueterm.h"
#include "util/buf.h"
#include "util/grow.h"

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
	r->exact_share = 0.8;
	r->exact_min = 0.01;
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

/* ---- words -------------------------------------------------------------- */

/* One word (or a compound's joined form) t in field f:
 * AND_MAYBE(SYNONYM(Z<stem>, <stem>), <exact>) [+ the title form, for
 * free words]. Documents index the stem under Z only where it differs
 * from the word, so the bare <stem> term covers words that are their own
 * stem; the exact term adds its own (rarer, so higher) BM25 weight.
 * Every post holding the exact form holds its stem too (indexer.c), so
 * the exact term only adds weight: as AND_MAYBE, Xapian never reads its
 * postings but to score the posts the stem finds (an OR merged both:
 * known-item p99 -15%, bench/README.md). A stem that is not Snowball's
 * (own_stem 0: an acronym's plural, typed GPUs or read so from gpus)
 * can miss posts of the exact form, which then stays an OR. A word that
 * is its own stem, with no Z<stem> in the index (no other form of it:
 * perl, into), has all three terms the one <word>: it is read once and
 * scaled by 1 + exact_weight, the same score (with exact_weight 1, as
 * tuned, w + w is 2w in floating point; another weight may differ in
 * the last bit) where the AND_MAYBE read its postings twice (bench
 * classes, callgrind: known-item OR -8% instructions, common words
 * -4%). Likewise a stem that is no word of its own (librari of
 * libraries, replac of replacement: Snowball's stems often are not),
 * which no post holds bare, is left out of the synonym, which is then
 * Z<stem> alone: a term no post holds adds nothing to a synonym's
 * frequency or wdf, so the weights are the same, and Xapian no longer
 * looks it up twice to find nothing (known-item queries -1%, --all
 * ones -2.6% of get_mset; bench/README.md). And a frequent word whose
 * exact form is nearly every form of it in the index (library: 92% of
 * the posts of Zlibrari) has the exact form's weight folded into its
 * stem's (fo_qc_exact_folded): the exact term's own weight would be
 * nearly the same for nearly every post the stem finds, yet Xapian
 * would decode its posting list, as long as the stem's, for every
 * candidate (known-item OR queries -18% instructions, MRR@10 0.7453 ->
 * 0.7455; bench/README.md). */
static fo_xquery *word_query(fo_qc *c, fo_qfield f, const fo_qtok *t,
                             int own_stem)
{
	const char *stem = t->stem ? t->stem : t->term;
	const char *sterms[4] = { fo_qc_fields[f].stem, stem,
		                  fo_qc_fields[f].exact, stem };
	const char *eterms[2] = { fo_qc_fields[f].exact, t->term };
	fo_qlist l = { NULL, 0, 0 };
	int exact = c->rank->exact_weight > 0 && !c->common;
	double scale = 1.0;
	fo_xquery *q;

	if (exact && own_stem && !t->stem &&
	    fo_qc_absent(c, fo_qc_fields[f].stem, stem)) {
		q = fo_qc_unit_twice(
		    c, fo_qc_term(c, fo_qc_fields[f].exact, stem), stem, "stem",
		    1.0, "exact", c->rank->exact_weight, f, eterms, 1);
		exact = 0;
	} else {
		if (exact && own_stem &&
		    fo_qc_exact_folded(c, f, t->term, stem)) {
			scale += c->rank->exact_weight;
			exact = 0;
		}
		fo_qc_push(c, &l, fo_qc_term(c, fo_qc_fields[f].stem, stem));
		if (!t->stem || !fo_qc_absent(c, fo_qc_fields[f].exact, stem))
			fo_qc_push(c, &l,
			           fo_qc_term(c, fo_qc_fields[f].exact, stem));
		q = fo_qc_unit(c, fo_qc_fold(c, FO_XOP_SYNONYM, &l, 0), stem,
		               "stem", f, scale, sterms, 2);
	}
	if (exact) {
		fo_xquery *e = fo_qc_term(c, fo_qc_fields[f].exact, t->term);

		e = fo_qc_unit(c, e, t->term, "exact", f, c->rank->exact_weight,
		               eterms, 1);
		q = fo_qc_pair(c, own_stem ? FO_XOP_AND_MAYBE : FO_XOP_OR, q,
		               e);
	}
	fo_qc_push(c, &l, q);
	/* Only where words are ranked, not required: an abbreviation is a
	 * guess, and a guess must not add hits to a query whose every word
	 * has to match (freethreaded is not "free"). It adds hits, so it is
	 * there whatever the order: a date sort lists the same posts. */
	if (f == FO_FIELD_ANY && c->ranked && !c->common && !c->sure &&
	    c->rank->abbrev_weight > 0 && fo_abbreviable(t->term) &&
	    (q = fo_qc_abbrev(c, t)) != NULL) {
		/* NULL: no post's title holds one */
		fo_qc_push(c, &l, q);
	}
	if (f == FO_FIELD_ANY && c->relevance && c->rank->title_weight > 0) {
		const char *tterms[4] = { FO_PREFIX_TITLE_STEM, stem,
			                  FO_PREFIX_TITLE, stem };
		fo_qlist tl = { NULL, 0, 0 };

		fo_qc_push(c, &tl, fo_qc_term(c, FO_PREFIX_TITLE_STEM, stem));
		fo_qc_push(c, &tl, fo_qc_term(c, FO_PREFIX_TITLE, stem));
		fo_qc_push(c, &l,
		           fo_qc_unit(c, fo_qc_fold(c, FO_XOP_SYNONYM, &tl, 0),
		                      stem, "title", FO_FIELD_TITLE,
		                      c->rank->title_weight, tterms, 2));
		fo_qc_release(&tl);
	}
	q = fo_qc_fold(c, FO_XOP_OR, &l, 0);
	fo_qc_release(&l);
	return q;
}

/* Word t of field f, which no post writes whole in f though some post
 * writes it whole elsewhere, as the phrases in f of its parts: nodejs,
 * the name a title writes Node.js, is squeezed into an unprefixed term
 * without a place (indexer.c add_squeezed), which title:nodejs cannot
 * ask for, but Node.js's parts are title terms side by side. As a
 * phrase's form in parts is (phrase_forms.c), it is weighed by the word
 * itself, which a post must hold too: "Node JS" is not nodejs. NULL
 * where it has no split: a word a field holds costs one lookup. */
static fo_xquery *field_splits(fo_qc *c, fo_qfield f, const fo_qtok *t)
{
	const char *exact = fo_qc_fields[f].exact, *p;
	const char *wterms[2] = { "", t->term };
	fo_qlist all = { NULL, 0, 0 }, parts = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	fo_hlunit *hl;
	fo_splits s;
	fo_xquery *q;
	size_t k, n;

	if (f == FO_FIELD_ANY)
		return NULL;
	fo_qc_word_splits(c, exact, t->term, 1, &s);
	for (k = 0; k < s.n; k++) {
		hl = fo_qc_hl_add(c, f, FO_HL_SEQ, NULL, NULL);
		for (n = 0, p = s.parts[k]; *p; p += strlen(p) + 1, n++) {
			fo_qc_push(c, &parts, fo_qc_term(c, exact, p));
			fo_qc_hl_seq_add(c, hl, p);
			fo_buf_puts(&label, n ? " " : k ? " | " : "");
			fo_buf_puts(&label, p);
		}
		fo_qc_push(c, &all,
		           fo_qc_fold(c, FO_XOP_PHRASE, &parts, (unsigned)n));
		fo_qc_release(&parts);
	}
	q = fo_qc_fold(c, FO_XOP_OR, &all, 0);
	if (q)
		q = fo_qc_pair(c, FO_XOP_FILTER,
		               fo_qc_unit(c, fo_qc_term(c, "", t->term),
		                          fo_qc_label(&label), "phrase", f, 1.0,
		                          wterms, 1),
		               q);
	fo_qc_release(&all);
	fo_buf_free(&label);
	fo_splits_free(&s);
	return q;
}

/* Whether t's stem is the one Snowball gives its term, which every post
 * holding the term holds too (indexer.c): not where the analyzer read
 * the word as an acronym's plural by its capitals (GPUs: gpu), since a
 * post writing gpus holds neither Zgpu nor gpu. */
static int snowball_stem(fo_qc *c, const fo_qtok *t)
{
	const char *s;
	size_t n;

	if (fo_analyzer_stem(c->an, t->term, strlen(t->term), &s, &n) !=
	    FOLIO_OK)
		return 0;
	return t->stem ? s && strcmp(s, t->stem) == 0 : s == NULL;
}

/* The stem of a word typed as an acronym's plural in lower case (gpus):
 * the analyzer stems GPUs to gpu by its capitals (analyzer.c
 * fo_acronym_plural), which gpus has lost, and Snowball keeps gpus. It
 * is read as that plural where the index holds the acronym (gpu) and
 * the word is written as its plural in capitals (the stem term Zgpu) in
 * at least three quarters of the posts that hold it: status, whose
 * statu no post holds, keeps its own stem, and so does gas where most
 * posts mean gas, not GAs. *buf receives the stem; 0 when the word is
 * not such a plural. */
static int acronym_plural(fo_qc *c, fo_qfield f, const fo_qtok *t,
                          char *buf, size_t size)
{
	const fo_qstats *s = c->stats;
	size_t i, n = strlen(t->term);
	char term[FO_MAX_TERM_BYTES + 8];
	uint64_t as_plural, typed;

	if (t->stem || !s || !s->termfreq || n < 3 || n > size ||
	    t->term[n - 1] != 's' || t->term[n - 2] == 's')
		return 0;
	for (i = 0; i < n; i++)
		if (t->term[i] < 'a' || t->term[i] > 'z')
			return 0;
	memcpy(buf, t->term, n - 1);
	buf[n - 1] = '\0';
	snprintf(term, sizeof term, "%s%s", fo_qc_fields[f].stem, buf);
	as_plural = s->termfreq(s->ctx, term);
	snprintf(term, sizeof term, "%s%s", fo_qc_fields[f].exact, t->term);
	typed = s->termfreq(s->ctx, term);
	if (!as_plural || 4 * as_plural < 3 * typed)
		return 0;
	snprintf(term, sizeof term, "%s%s", fo_qc_fields[f].exact, buf);
	return s->termfreq(s->ctx, term) > 0;
}

/* compile.h */
int fo_qc_version_other(const char *term, char *other)
{
	const char *digits = term + (term[0] == 'v');
	size_t k, dots = 0;

	for (k = 0; digits[k]; k++)
		if (digits[k] == '.' && k > 0 && digits[k - 1] != '.' &&
		    digits[k + 1])
			dots++;
		else if (digits[k] < '0' || digits[k] > '9')
			return 0;
	return dots && (size_t)snprintf(other, FO_MAX_TERM_BYTES + 2, "%s%s",
	                                digits == term ? "v" : "",
	                                digits) <= FO_MAX_TERM_BYTES;
}

/* compile.h */
void fo_qc_version_part_other(const char *part, char *other)
{
	snprintf(other, FO_MAX_TERM_BYTES + 2, "%s%s",
	         part[0] == 'v' ? "" : "v", part + (part[0] == 'v'));
}

/* A dotted version (2.0.1, 3.14) written the other way, v2.0.1 for
 * 2.0.1 and 2.0.1 for v2.0.1: a release is named both ways (a git tag, a
 * package version), and neither holds the other's terms (v2 0 1 against
 * 2 0 1), so 2.0.1 missed "v2.0.1" and v2.0.1 missed "2.0.1". It weighs
 * as one exact form, below the form typed (a stem and an exact form), so
 * a post with that form ranks first. NULL when t is no such version or
 * no post holds the other form. */
static fo_xquery *version_query(fo_qc *c, fo_qfield f, const fo_qtok *t)
{
	const char *terms[2] = { fo_qc_fields[f].exact, NULL };
	char other[FO_MAX_TERM_BYTES + 2];

	if (!fo_qc_version_other(t->term, other) ||
	    fo_qc_absent(c, terms[0], other))
		return NULL;
	terms[1] = other;
	fo_qc_hl_add(c, f, FO_HL_EXACT, other, NULL);
	return fo_qc_unit(c, fo_qc_term(c, terms[0], other), other, "version",
	                  f, 1.0, terms, 1);
}

/* compile.h. Run together as spaced: python3.14's joined word and its
 * own parts (python3 14) never line up with a post's "Python 3.14", so
 * python3.14 missed it while python-3.14 found both; and the free words
 * python 3.14 missed "python3.14". */
fo_xquery *fo_qc_name_version_query(fo_qc *c, fo_qfield f, const char *name,
                                    const char *version)
{
	const char *exact = fo_qc_fields[f].exact, *p;
	/* the name, then each part of the version, NUL-parted */
	char buf[FO_MAX_TERM_BYTES + 3];
	const char *pterms[2 * (FO_MAX_TERM_BYTES / 2 + 1)];
	fo_qlist parts = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	fo_hlunit *hl;
	fo_xquery *q;
	size_t np = 0;

	if (!fo_qc_name_version(c, exact, name, version, buf))
		return NULL;
	hl = fo_qc_hl_add(c, f, FO_HL_SEQ, NULL, NULL);
	for (p = buf; *p; p += strlen(p) + 1, np++) {
		fo_qc_push(c, &parts, fo_qc_term(c, exact, p));
		fo_qc_hl_seq_add(c, hl, p);
		pterms[2 * np] = exact;
		pterms[2 * np + 1] = p;
		fo_buf_puts(&label, np ? " " : "");
		fo_buf_puts(&label, p);
	}
	q = fo_qc_unit(c, fo_qc_fold(c, FO_XOP_PHRASE, &parts, (unsigned)np),
	               fo_qc_label(&label), "phrase", f,
	               c->rank->compound_weight, pterms, np);
	fo_qc_release(&parts);
	fo_buf_free(&label);
	return q;
}

/* compile.h */
size_t fo_qc_name_version(fo_qc *c, const char *exact, const char *name,
                          const char *version, char *buf)
{
	char other[FO_MAX_TERM_BYTES + 2];
	size_t n = 0, len, np = 1, k;

	while (name[n] >= 'a' && name[n] <= 'z')
		n++;
	/* run together (python3.14): the name is its letters */
	if (!version && name[n]) {
		version = name + n;
		len = strlen(name);
	} else if (version && !name[n]) {
		len = n + strlen(version);
	} else {
		return 0;
	}
	if (n < 2 || len > FO_MAX_TERM_BYTES || *version < '0' ||
	    *version > '9' || !fo_qc_version_other(version, other))
		return 0;
	memcpy(buf, name, n);
	/* spaced: the name is a term of its own; run together, it is
	 * the first part's */
	buf[n] = '\0';
	k = name[n] ? n + 1 : n;
	memcpy(buf + k, version, strlen(version) + 1);
	buf[k + strlen(version) + 1] = '\0';
	for (; buf[k]; k++)
		if (buf[k] == '.')
			buf[k] = '\0', np++;
	np += name[n] != '\0';
	return fo_qc_absent(c, exact, buf) ? 0 : np;
}

/* The first part of version t (a JOINED token) written the other way,
 * in first[FO_MAX_TERM_BYTES + 2], where a post holds that form of the
 * version: v2 for the 2 of 2.0.1, 2 for the v2 of v2.0.1. Both forms
 * have as many parts, so a phrase holding either part at that place
 * still lines up; 0 when t is no such version. */
static int version_first_part(fo_qc *c, const char *prefix, const fo_qtok *t,
                              const fo_qtok *part, char *first)
{
	char other[FO_MAX_TERM_BYTES + 2];

	if (!fo_qc_version_other(t->term, other) ||
	    fo_qc_absent(c, prefix, other))
		return 0;
	fo_qc_version_part_other(part->term, first);
	return 1;
}

/* Query token t squeezed (fo_token_squeezed) into buf, NUL-ended: 0
 * when it is no such name. */
static size_t squeezed_of(const fo_qtok *t, char buf[FO_MAX_TERM_BYTES + 1])
{
	fo_token tok;
	size_t n;

	memset(&tok, 0, sizeof tok);
	tok.term = t->term;
	tok.len = strlen(t->term);
	tok.kind = t->kind;
	n = fo_token_squeezed(&tok, buf);
	buf[n] = '\0';
	return n;
}

int fo_qc_squeeze(fo_qc *c, const char *exact, const fo_qtok *t,
                  char buf[FO_MAX_TERM_BYTES + 1])
{
	return squeezed_of(t, buf) && !fo_qc_absent(c, exact, buf);
}

/* A name typed with its dots or underscores (Node.js) as a post that
 * writes it without them holds it (nodejs), where it is one
 * (fo_token_squeezed); a post writing Node.js holds that term too, and
 * the reverse, nodejs finding Node.js, is field_splits' and the
 * indexer's. NULL for no such name. */
static fo_xquery *squeezed_query(fo_qc *c, fo_qfield f, const fo_qtok *t)
{
	char buf[FO_MAX_TERM_BYTES + 1];
	const char *terms[2] = { fo_qc_fields[f].exact, buf };

	if (!squeezed_of(t, buf))
		return NULL;
	fo_qc_hl_add(c, f, FO_HL_WORD, buf, NULL);
	return fo_qc_unit(c, fo_qc_term(c, fo_qc_fields[f].exact, buf), buf,
	                  "exact", f, 1.0, terms, 1);
}

/* The item fo_qtoks[i..j) in field f: a word, or a compound as
 * OR(PHRASE(parts), joined) (and a version's other form). Records
 * highlight units and words. */
fo_xquery *fo_qc_item(fo_qc *c, fo_qfield f, const fo_qnode *n,
                      const fo_qtoks *l, size_t i, size_t j)
{
	const fo_qtok *t = &l->t[i];
	fo_qlist parts = { NULL, 0, 0 };
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
		fo_qc_word_add(c, n, &l->t[k]);
	if (t->kind == FO_TOK_WORD || np == 0 ||
	    (t->kind == FO_TOK_PART && np == 1)) {
		fo_qtok w = *t;
		char stem[FO_MAX_TERM_BYTES + 1];
		int plural = acronym_plural(c, f, t, stem, sizeof stem - 1);

		if (plural)
			w.stem = stem;
		fo_qc_hl_add(c, f, FO_HL_WORD, w.term, w.stem);
		q = word_query(c, f, &w, !plural && snowball_stem(c, t));
		return fo_qc_pair(c, FO_XOP_OR, q, field_splits(c, f, t));
	}
	hl = fo_qc_hl_add(c, f, FO_HL_COMPOUND, t->term, t->stem);
	pterms = calloc(2 * np, sizeof *pterms);
	if (!pterms) {
		fo_qc_nomem(c);
		return NULL;
	}
	for (k = 0; k < np; k++) {
		const fo_qtok *p = &l->t[first + k];
		fo_qc_push(c, &parts,
		           fo_qc_term(c, fo_qc_fields[f].exact, p->term));
		pterms[2 * k] = fo_qc_fields[f].exact;
		pterms[2 * k + 1] = p->term;
		fo_qc_hl_seq_add(c, hl, p->term);
		if (k)
			fo_buf_putc(&label, ' ');
		fo_buf_puts(&label, p->term);
	}
	phrase = fo_qc_fold(c, np > 1 ? FO_XOP_PHRASE : FO_XOP_OR, &parts,
	                    (unsigned)np);
	phrase = fo_qc_unit(c, phrase, fo_qc_label(&label), "phrase", f,
	                    c->rank->compound_weight, pterms, np);
	q = t->kind == FO_TOK_JOINED
	        ? fo_qc_pair(c, FO_XOP_OR, phrase,
	                     word_query(c, f, t, snowball_stem(c, t)))
	        : phrase;
	if (t->kind == FO_TOK_JOINED)
		q = fo_qc_pair(
		    c, FO_XOP_OR,
		    fo_qc_pair(c, FO_XOP_OR, q, version_query(c, f, t)),
		    fo_qc_pair(c, FO_XOP_OR, squeezed_query(c, f, t),
		               fo_qc_name_version_query(c, f, t->term, NULL)));
	free(pterms);
	fo_buf_free(&label);
	fo_qc_release(&parts);
	return q;
}

/* ---- phrases, prefixes, NEAR ------------------------------------------- */

/* The phrase's other highlight: its words with each version's first
 * part written the other way (alt[k], where not NULL), so that "quokka
 * 2.0.1" marks "Quokka v2.0.1", which it finds. */
static void phrase_other_hl(fo_qc *c, const fo_qnode *n, const char **pterms,
                            char **alt, size_t np)
{
	fo_hlunit *hl = fo_qc_hl_add(c, n->field, FO_HL_SEQ, NULL, NULL);
	size_t k;

	for (k = 0; k < np; k++)
		fo_qc_hl_seq_add(c, hl, alt[k] ? alt[k] : pterms[2 * k + 1]);
}

/* A phrase that is one joined word alone ("free-threaded"): q, the
 * phrase of its parts, or its joined form (freethreaded), or for a name
 * with dots or underscores ("node.js") that name squeezed (nodejs), as
 * the free word finds it. */
static fo_xquery *or_joined(fo_qc *c, const fo_qnode *n, const fo_qtoks *tl,
                            fo_xquery *q)
{
	const char *exact = fo_qc_fields[n->field].exact;
	const char *jterms[2] = { exact, tl->t[0].term };
	fo_xquery *joined = fo_qc_term(c, exact, tl->t[0].term);

	q = fo_qc_pair(c, FO_XOP_OR, q,
	               fo_qc_unit(c, joined, tl->t[0].term, "exact", n->field,
	                          1.0, jterms, 1));
	return fo_qc_pair(c, FO_XOP_OR, q,
	                  squeezed_query(c, n->field, &tl->t[0]));
}

static fo_xquery *phrase_query(fo_qc *c, const fo_qnode *n)
{
	fo_qlist l = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	fo_hlunit *hl = NULL;
	const char **pterms = NULL;
	const char *exact = fo_qc_fields[n->field].exact;
	char other[FO_MAX_TERM_BYTES + 2], scratch[FO_MAX_TERM_BYTES + 2];
	char **alt = NULL;
	fo_xquery *q = NULL, *part;
	size_t i, k, np = 0, n_alt = 0, named = 0;
	int version = 0;
	fo_qtoks tl;

	if (fo_qc_analyse(c, n, &tl) != 0)
		return NULL;
	pterms = calloc(2 * (tl.n + 1), sizeof *pterms);
	alt = calloc(tl.n + 1, sizeof *alt);
	if (!pterms || !alt)
		fo_qc_nomem(c);
	hl = fo_qc_hl_add(c, n->field, FO_HL_SEQ, NULL, NULL);
	for (i = 0; pterms && alt && i < tl.n; i++) {
		if (tl.t[i].kind == FO_TOK_JOINED) {
			/* a version matches written either way, as a free
			 * word does: "quokka 2.0.1" finds "Quokka v2.0.1" */
			version = i + 1 < tl.n &&
			          tl.t[i + 1].kind == FO_TOK_PART &&
			          version_first_part(c, exact, &tl.t[i],
			                             &tl.t[i + 1], other);
			/* named as typed (2.0.1), not by its parts */
			if (fo_qc_version_other(tl.t[i].term, scratch)) {
				named = fo_qc_item_end(&tl, i);
				if (label.len)
					fo_buf_putc(&label, ' ');
				fo_buf_puts(&label, tl.t[i].term);
			}
			continue;
		}
		/* each word of a phrase may be misspelt, as a free word may */
		fo_qc_word_add(c, n, &tl.t[i]);
		part = fo_qc_term(c, exact, tl.t[i].term);
		if (version) {
			version = 0;
			if (!(alt[np] = fo_qc_dup2(other, "")))
				fo_qc_nomem(c);
			n_alt++;
			part = fo_qc_pair(c, FO_XOP_OR, part,
			                  fo_qc_term(c, exact, other));
		}
		fo_qc_push(c, &l, part);
		pterms[2 * np] = exact;
		pterms[2 * np + 1] = tl.t[i].term;
		np++;
		fo_qc_hl_seq_add(c, hl, tl.t[i].term);
		if (i < named)
			continue;
		if (label.len)
			fo_buf_putc(&label, ' ');
		fo_buf_puts(&label, tl.t[i].term);
	}
	if (np == 1 && hl)
		hl->kind = FO_HL_EXACT, hl->term = hl->seq[0], hl->seq[0] = NULL,
		hl->n_seq = 0;
	if (n_alt)
		phrase_other_hl(c, n, pterms, alt, np);
	/* the other forms score too, so explain counts them (the wdf of v2
	 * in "Quokka v2.0.1"); each takes a joined token's place, so the
	 * terms stay within pterms */
	for (i = 0, k = np; alt && i < np; i++)
		if (alt[i])
			pterms[2 * k] = exact, pterms[2 * k + 1] = alt[i], k++;
	if (np > 1) {
		/* l keeps the words' queries (a version's first part with
		 * its other form) for the other forms of the phrase */
		q = c->st == FOLIO_OK ? fo_xquery_combine(FO_XOP_PHRASE, l.q,
		                                          l.n, (unsigned)np)
		                      : NULL;
		if (!q)
			fo_qc_nomem(c);
		q = fo_qc_phrase_forms(c, n, &tl, &l, q);
	} else
		q = fo_qc_fold(c, FO_XOP_OR, &l, 0);
	if (np > 0) {
		q = fo_qc_unit(c, q, fo_qc_label(&label),
		               np > 1 ? "phrase" : "exact", n->field, 1.0,
		               pterms, k);
	}
	if (q && tl.n > 0 && tl.t[0].kind == FO_TOK_JOINED &&
	    fo_qc_item_end(&tl, 0) == tl.n)
		q = or_joined(c, n, &tl, q);
	for (i = 0; alt && i < np; i++)
		free(alt[i]);
	free(alt);
	free(pterms);
	fo_buf_free(&label);
	fo_qc_release(&l);
	fo_qc_toks_free(&tl);
	return q;
}

/* The FO_PREFIX_MAX most frequent terms of a prefix (the first in
 * byte order among equals), kept as the index's terms stream past. */
typedef struct expansion {
	char *term[FO_PREFIX_MAX];
	uint64_t freq[FO_PREFIX_MAX];
	size_t n, seen;
	int oom;
} expansion;

static int on_expansion(const char *term, size_t len, uint64_t freq,
                        void *arg)
{
	expansion *e = arg;
	size_t i, least = 0;
	char *copy;

	e->seen++;
	if (e->n == FO_PREFIX_MAX) {
		for (i = 1; i < e->n; i++)
			if (e->freq[i] < e->freq[least])
				least = i;
		if (freq <= e->freq[least])
			return 0;
	} else {
		least = e->n;
	}
	/* A slot is taken only with its copy: the caller reads every one. */
	if (!(copy = malloc(len + 1))) {
		e->oom = 1;
		return 1;
	}
	memcpy(copy, term, len);
	copy[len] = '\0';
	if (least == e->n)
		e->term[e->n++] = NULL;
	free(e->term[least]);
	e->term[least] = copy;
	e->freq[least] = freq;
	return 0;
}

/* Record that prefix word (at byte pos of the query), which matches seen
 * words, searched only the FO_PREFIX_MAX most frequent: its hits and
 * total are fewer than the prefix finds (Lucene refuses such a query:
 * TooManyClauses). */
static void too_many_words(fo_qc *c, size_t pos, const char *word, size_t seen)
{
	size_t shown = fo_utf8_cut(word, strlen(word), 60);

	fo_qc_notice(c, pos, 1, NULL, "%.*s* matches %zu words", (int)shown,
	             word, seen);
}

/* The synonym of the terms starting with prefix. Expanded here, over the
 * whole index, not by Xapian's OP_WILDCARD: Xapian 1.4 expands it in each
 * shard on its own, so with more terms than the limit the shards pick
 * different ones, and the synonym's statistics are per shard: pyth*
 * scored its first hit 6.69, 9.29 and 11.45 over 1, 2 and 4 shards.
 * word (at byte pos of the query) is the prefix as typed, for a notice
 * (none when NULL).
 * op joins the terms: FO_XOP_SYNONYM weighs them as one word; a phrase
 * takes them as FO_XOP_OR, as NEAR takes a word's forms (near.c).
 * pairs: room for 2 * FO_PREFIX_MAX; set to ("", term) for each
 * term searched, for --explain's statistics, the terms the caller's to
 * free (*n_pairs: how many; 0 where Xapian expands the prefix). */
static fo_xquery *wildcard(fo_qc *c, const char *prefix, size_t pos,
                           const char *word, fo_xop op, const char **pairs,
                           size_t *n_pairs)
{
	expansion e;
	fo_qlist l = { NULL, 0, 0 };
	fo_xquery *q;
	folio_status st;
	size_t i;

	*n_pairs = 0;
	if (!c->stats || !c->stats->terms)
		return fo_xquery_wildcard(prefix, FO_PREFIX_MAX);
	memset(&e, 0, sizeof e);
	st = c->stats->terms(c->stats->ctx, prefix, on_expansion, &e);
	/* a read that failed (a writer's commits overtook it: the search
	 * is made again) fails the query */
	if (st != FOLIO_OK && c->st == FOLIO_OK)
		c->st = st;
	if (e.oom)
		fo_qc_nomem(c);
	if (word && e.seen > FO_PREFIX_MAX)
		too_many_words(c, pos, word, e.seen);
	for (i = 0; i < e.n; i++) {
		fo_qc_push(c, &l, fo_xquery_term(e.term[i], strlen(e.term[i]), 1));
		pairs[2 * i] = "";
		pairs[2 * i + 1] = e.term[i];
	}
	*n_pairs = e.n;
	q = e.n ? fo_qc_fold(c, op, &l, 0) : fo_xquery_match_nothing();
	fo_qc_release(&l);
	return q;
}

/*
 * python-lib*: the parts first..end of a compound as a phrase whose last
 * part is completed (python library, python libraries), as its joined
 * form is (pythonlibrary); Lucene's PhraseWildcardQuery does the same.
 * The completions are the last part's most frequent words in the whole
 * index, of which the phrase keeps those after the other parts; where
 * there are more, the notice of any prefix says so (gnu-c* missed "gnu
 * chess" in silence: explore-r). hl gets the parts, the last to be
 * matched as a prefix, whatever the index holds. NULL when the last part
 * completes to no word.
 */
static fo_xquery *prefix_phrase(fo_qc *c, const fo_qnode *n, const fo_qtoks *tl,
                                size_t first, size_t end, fo_hlunit *hl)
{
	const char *exact = fo_qc_fields[n->field].exact;
	size_t np = end - first, k, n_expanded = 0;
	const char **pterms =
	    calloc(2 * (np - 1 + FO_PREFIX_MAX), sizeof *pterms);
	fo_qlist l = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	fo_xquery *q = NULL, *last = NULL;

	if (!pterms)
		fo_qc_nomem(c);
	for (k = 0; pterms && k + 1 < np; k++) {
		const fo_qtok *p = &tl->t[first + k];

		fo_qc_push(c, &l, fo_qc_term(c, exact, p->term));
		pterms[2 * k] = exact;
		pterms[2 * k + 1] = p->term;
		fo_qc_hl_seq_add(c, hl, p->term);
		fo_buf_puts(&label, p->term);
		fo_buf_putc(&label, ' ');
	}
	fo_qc_hl_seq_add(c, hl, tl->t[end - 1].term);
	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, exact);
	fo_buf_puts(&c->scratch, tl->t[end - 1].term);
	if (pterms && !c->scratch.oom && c->st == FOLIO_OK)
		last =
		    wildcard(c, c->scratch.data,
		             (size_t)(n->text - c->text) + tl->t[end - 1].start,
		             tl->t[end - 1].term, FO_XOP_OR,
		             pterms + 2 * (np - 1), &n_expanded);
	if (n_expanded) {
		fo_qc_push(c, &l, last);
		last = NULL;
		fo_buf_puts(&label, tl->t[end - 1].term);
		fo_buf_putc(&label, '*');
		q = fo_qc_fold(c, FO_XOP_PHRASE, &l, (unsigned)np);
		q = fo_qc_unit(c, q, fo_qc_label(&label), "phrase", n->field,
		               c->rank->compound_weight, pterms,
		               np - 1 + n_expanded);
	}
	for (k = 0; k < n_expanded; k++)
		free((char *)pterms[2 * (np - 1 + k) + 1]);
	fo_xquery_free(last);
	free(pterms);
	fo_buf_free(&label);
	fo_qc_release(&l);
	return q;
}

/* The completions of a dotted version's prefix written the other way
 * (v2.0 for 2.0, 1.28 for v1.28), to join those of the prefix typed, as
 * version_query does for a whole version: 2.0.1 found "v2.0.1", but
 * 2.0.1* and 2.0* did not. NULL when term is no version or nothing
 * completes it; pairs and *n_pairs as wildcard's. */
static fo_xquery *version_prefix(fo_qc *c, fo_qfield f, const char *term,
                                 const char **pairs, size_t *n_pairs)
{
	char other[FO_MAX_TERM_BYTES + 2];
	fo_xquery *q;

	*n_pairs = 0;
	if (!fo_qc_version_other(term, other))
		return NULL;
	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, fo_qc_fields[f].exact);
	fo_buf_puts(&c->scratch, other);
	if (c->scratch.oom) {
		fo_qc_nomem(c);
		return NULL;
	}
	q = wildcard(c, c->scratch.data, 0, NULL, FO_XOP_SYNONYM, pairs,
	             n_pairs);
	if (*n_pairs == 0 && c->stats && c->stats->terms) {
		fo_xquery_free(q);
		return NULL;
	}
	fo_qc_hl_add(c, f, FO_HL_PREFIX, other, NULL);
	return q;
}

/* word*: the last item's exact (joined) form completed, or a compound's
 * parts with the last completed (prefix_phrase); earlier items of the
 * same text are plain words, all ANDed. */
static fo_xquery *prefix_query(fo_qc *c, const fo_qnode *n)
{
	fo_qlist l = { NULL, 0, 0 };
	const char *pterms[2], *expanded[4 * FO_PREFIX_MAX];
	size_t i = 0, last = 0, j, n_expanded = 0, n_other = 0;
	fo_hlunit *hl;
	fo_xquery *q, *other;
	fo_qtoks tl;

	if (fo_qc_analyse(c, n, &tl) != 0)
		return NULL;
	if (tl.n == 0) {
		fo_qc_toks_free(&tl);
		return NULL;
	}
	for (i = 0; i < tl.n; i = fo_qc_item_end(&tl, i))
		last = i;
	for (i = 0; i < last; i = j) {
		j = fo_qc_item_end(&tl, i);
		fo_qc_push(c, &l, fo_qc_item(c, n->field, n, &tl, i, j));
	}
	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, fo_qc_fields[n->field].exact);
	fo_buf_puts(&c->scratch, tl.t[last].term);
	q = c->scratch.oom
	        ? NULL
	        : wildcard(c, c->scratch.data,
	                   (size_t)(n->text - c->text) + tl.t[last].start,
	                   tl.t[last].term, FO_XOP_SYNONYM, expanded,
	                   &n_expanded);
	other = q ? version_prefix(c, n->field, tl.t[last].term,
	                           expanded + 2 * n_expanded, &n_other)
	          : NULL;
	if (other && n_expanded == 0 && c->stats && c->stats->terms) {
		fo_xquery_free(q);
		q = other;
	} else {
		q = fo_qc_pair(c, FO_XOP_SYNONYM, q, other);
	}
	n_expanded += n_other;
	pterms[0] = fo_qc_fields[n->field].exact;
	pterms[1] = tl.t[last].term;
	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, tl.t[last].term);
	fo_buf_putc(&c->scratch, '*');
	if (c->scratch.oom)
		fo_qc_nomem(c);
	hl = fo_qc_hl_add(c, n->field, FO_HL_PREFIX, tl.t[last].term, NULL);
	/* --explain sums the wdf of the words searched, as the synonym
	 * does (explain.c unit_stats); the prefix itself is rarely one */
	q = fo_qc_unit(c, q, c->scratch.data ? c->scratch.data : "", "prefix",
	               n->field, 1.0, n_expanded ? expanded : pterms,
	               n_expanded ? n_expanded : 1);
	for (i = 0; i < n_expanded; i++)
		free((char *)expanded[2 * i + 1]);
	j = fo_qc_item_end(&tl, last);
	if (q && tl.t[last].kind == FO_TOK_JOINED && j - last > 2)
		q = fo_qc_pair(c, FO_XOP_OR, q,
		               prefix_phrase(c, n, &tl, last + 1, j, hl));
	fo_qc_push(c, &l, q);
	q = fo_qc_fold(c, FO_XOP_AND, &l, 0);
	fo_qc_release(&l);
	fo_qc_toks_free(&tl);
	return q;
}

/* ---- URLs, and the tree ----------------------------------------------- */

/* q made weightless, as a filter is: it selects, it does not score
 * (BM25+'s delta would give even a boolean host or URL term a weight,
 * which --explain could not show). Takes q. Every post filtered by q,
 * not q scaled by 0: Xapian 1.4.22 fails 0 * term ("Unexpected end of
 * posting list") for a term in every post of a compacted database once
 * a post was deleted, as site: of a one-site corpus was after a nightly
 * run removed a post (explore-q); the filter reads the term otherwise. */
static fo_xquery *unscored(fo_qc *c, fo_xquery *q)
{
	fo_xquery *all = fo_xquery_match_all();
	fo_xquery *sub[2] = { all ? fo_xquery_scale(all, 0) : NULL, q };
	fo_xquery *filtered =
	    sub[0] && q ? fo_xquery_combine(FO_XOP_FILTER, sub, 2, 0) : NULL;

	if (!filtered)
		fo_qc_nomem(c);
	fo_xquery_free(all);
	fo_xquery_free(sub[0]);
	fo_xquery_free(q);
	return filtered;
}

/* q, the phrase of a quoted company:, author:, type: or topic: value, or
 * that whole value as the indexer writes it (indexer.c add_filter), so
 * that its case does not matter where a word's case parts it otherwise:
 * the phrase of author:"debian postgresql maintainers" asks for
 * postgresql right before maintainers, where a post's PostgreSQL is
 * postgre and sql, with the joined postgresql at postgre's place. The
 * value alone scores nothing, as a filter does. Takes q. */
static fo_xquery *or_value(fo_qc *c, const fo_qnode *n, fo_xquery *q)
{
	const char *prefix = fo_qc_fields[n->field].value;
	fo_buf term = FO_BUF_INIT;
	long got;

	if (!q || !prefix)
		return q;
	got = fo_value_term(prefix, n->text, n->len, &term);
	if (got < 0)
		fo_qc_nomem(c);
	else if (got > 0)
		q = fo_qc_pair(
		    c, FO_XOP_OR, q,
		    unscored(c, fo_xquery_term(term.data, term.len, 1)));
	fo_buf_free(&term);
	return q;
}

/* A URL names the post indexed under it, as typed or, as folio similar
 * looks it up, with its scheme and host in lower case (urlterm.h), else
 * the same trimmed (fo_url_trim): the query for the first of those a post
 * has, or NULL when none has (or without statistics to tell), and the
 * URL is text like any other. */
fo_xquery *fo_qc_url(fo_qc *c, const fo_qnode *n)
{
	fo_buf url = FO_BUF_INIT, term = FO_BUF_INIT;
	fo_xquery *q = NULL;
	uint64_t posts = 0;
	int folded = 0, pass;
	const char *text = n->text;
	size_t len = n->len;

	if (!c->stats || !c->stats->termfreq)
		return NULL;
	for (pass = 0; pass < 2 && !posts && folded >= 0; pass++) {
		if (pass == 1) {
			size_t was = len;

			fo_url_trim(&text, &len);
			if (len == was && text == n->text)
				break;
		}
		fo_buf_clear(&url);
		fo_buf_append(&url, text, len);
		if (url.oom)
			break;
		fo_url_term(url.data, &term);
		if (!term.oom)
			posts = c->stats->termfreq(c->stats->ctx, term.data);
		if (!posts && !term.oom &&
		    (folded = fo_url_term_folded(url.data, &term)) == 1 &&
		    !term.oom)
			posts = c->stats->termfreq(c->stats->ctx, term.data);
	}
	if (!url.oom && !term.oom && folded >= 0 && posts &&
	    !(q = unscored(c, fo_xquery_term(term.data, term.len, 1))))
		fo_qc_nomem(c);
	if (url.oom || term.oom || folded < 0)
		fo_qc_nomem(c);
	fo_buf_free(&url);
	fo_buf_free(&term);
	return q;
}

/* n, or, for a URL that no post has, the same text as free words in
 * *words (as a phrase, when it was quoted). */
const fo_qnode *fo_qc_url_or_words(fo_qc *c, const fo_qnode *n, fo_qnode *words,
                                   fo_xquery **url)
{
	*url = NULL;
	if (n->kind != FO_Q_URL)
		return n;
	if ((*url = fo_qc_url(c, n)) != NULL || c->st != FOLIO_OK)
		return n;
	*words = *n;
	words->kind = n->quoted ? FO_Q_PHRASE : FO_Q_WORDS;
	return words;
}

/* left AND_NOT (the rest ORed); nothing under the NOT is highlighted. */
static fo_xquery *compile_and_not(fo_qc *c, const fo_qnode *n)
{
	fo_qlist l = { NULL, 0, 0 };
	fo_xquery *left, *q;
	int positive = c->positive, sure = c->sure;
	size_t i;

	left = n->n_kids ? fo_qc_compile(c, n->kids[0]) : NULL;
	if (!left && c->st == FOLIO_OK && !(left = fo_xquery_match_all()))
		fo_qc_nomem(c);
	c->positive = 0;
	c->sure = 1;
	for (i = 1; i < n->n_kids; i++)
		if ((q = fo_qc_compile(c, n->kids[i])) != NULL)
			fo_qc_push(c, &l, q);
	c->positive = positive;
	c->sure = sure;
	q = fo_qc_pair(c, FO_XOP_AND_NOT, left,
	               fo_qc_fold(c, FO_XOP_OR, &l, 0));
	fo_qc_release(&l);
	return q;
}

fo_xquery *fo_qc_compile(fo_qc *c, const fo_qnode *n)
{
	fo_qlist l = { NULL, 0, 0 };
	fo_xquery *q = NULL;
	fo_qnode *self = (fo_qnode *)n;
	size_t i;

	if (c->st != FOLIO_OK)
		return NULL;
	switch (n->kind) {
	case FO_Q_WORDS:
		if (n->occur == FO_OCCUR_DEFAULT)
			return fo_qc_seq(c, &self, 1);
		{
			/* +words/-words reached through a wrapper SEQ */
			fo_qnode copy = *n;
			fo_qnode *p = &copy;
			copy.occur = FO_OCCUR_DEFAULT;
			return fo_qc_seq(c, &p, 1);
		}
	case FO_Q_PHRASE: return or_value(c, n, phrase_query(c, n));
	case FO_Q_PREFIX:
		return prefix_query(c, n);
	case FO_Q_NEAR:
		return fo_qc_near(c, n);
	case FO_Q_SEQ: return fo_qc_seq(c, n->kids, n->n_kids);
	case FO_Q_AND:
	case FO_Q_OR:
		for (i = 0; i < n->n_kids; i++)
			if ((q = fo_qc_compile(c, n->kids[i])) != NULL)
				fo_qc_push(c, &l, q);
		fo_qc_twins(c, &l);
		q = fo_qc_fold(c, n->kind == FO_Q_AND ? FO_XOP_AND : FO_XOP_OR,
		               &l, 0);
		break;
	case FO_Q_AND_NOT:
		q = compile_and_not(c, n);
		break;
	case FO_Q_ALL:
		q = fo_xquery_match_all();
		if (!q)
			fo_qc_nomem(c);
		break;
	case FO_Q_SITE: {
		/* the host term as the indexer writes it (indexer.c
		 * add_filter): case and accents folded, so site:bücher.de finds
		 * its host, and a host longer than a term may be cut as it was
		 */
		fo_buf term = FO_BUF_INIT;
		size_t skip = strlen(FO_PREFIX_HOST);

		if (fo_value_term(FO_PREFIX_HOST, n->text, n->len, &term) < 0) {
			fo_qc_nomem(c);
		} else {
			q = unscored(c, fo_xquery_term(term.data, term.len, 1));
			fo_qc_site_add(c, n, term.data + skip);
		}
		fo_buf_free(&term);
		break;
	}
	case FO_Q_URL: {
		fo_qnode words;
		const fo_qnode *w = fo_qc_url_or_words(c, n, &words, &q);

		if (!q && w != n)
			q = fo_qc_compile(c, w);
		break;
	}
	case FO_Q_DATE:
	case FO_Q_YEAR:
		q = fo_xquery_value_range(
			n->kind == FO_Q_DATE ? FO_SLOT_DATE : FO_SLOT_YEAR,
			n->lo[0] ? n->lo : NULL, n->hi[0] ? n->hi : NULL);
		if (!q)
			fo_qc_nomem(c);
		break;
	}
	fo_qc_release(&l);
	return q;
}

/* Give each word the frequency of its term that the compiler read, so
 * that the speller does not read it again (the match holds no statistics
 * of a term its query left out), and free them. */
static void words_take_freqs(fo_qc *c)
{
	fo_compiled *o = c->out;
	size_t i, k, plen;

	for (i = 0; i < o->n_words; i++) {
		plen = strlen(o->words[i].prefix);
		for (k = 0; k < c->n_freqs; k++)
			if (strncmp(c->freqs[k].term, o->words[i].prefix,
			            plen) == 0 &&
			    strcmp(c->freqs[k].term + plen, o->words[i].term) ==
			        0)
				o->words[i].posts = c->freqs[k].posts;
	}
	for (k = 0; k < c->n_freqs; k++)
		free(c->freqs[k].term);
	free(c->freqs);
}

folio_status fo_query_compile(fo_analyzer *an, const char *text,
                              const fo_qnode *root, const fo_rank *rank,
                              int relevance, long zero_unit,
                              const fo_qstats *stats, fo_compiled *out)
{
	fo_qc c;

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
		out->q = fo_qc_compile(&c, root);
	words_take_freqs(&c);
	fo_buf_free(&c.scratch);
	if (c.st != FOLIO_OK)
		fo_compiled_free(out);
	return c.st;
}

static void termset_free(fo_termset *s)
{
	size_t i, j;

	for (i = 0; i < s->n; i++) {
		fo_hlunit *u = &s->units[i];
		free(u->term);
		free(u->stem);
		for (j = 0; j < u->n_seq; j++)
			free(u->seq[j]);
		free(u->seq);
	}
	free(s->units);
}

void fo_compiled_free(fo_compiled *c)
{
	size_t i, j;

	fo_xquery_free(c->q);
	termset_free(&c->hl);
	termset_free(&c->hl_title);
	for (i = 0; i < c->n_units; i++) {
		for (j = 0; j < c->units[i].n_terms; j++)
			free(c->units[i].terms[j]);
		free(c->units[i].terms);
		free(c->units[i].label);
	}
	free(c->units);
	for (i = 0; i < c->n_words; i++) {
		free(c->words[i].term);
		free(c->words[i].stem);
		free(c->words[i].bare);
	}
	free(c->words);
	free(c->notices);
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
