/*
 * sequence.c: items side by side, joined by the default operator (free
 * words, phrases, brackets, +word and -word, filters and URLs): how the
 * free words join (AND or OR, by how many were typed), each item to the
 * list of how it joins the query, and the boosts that look at free words
 * side by side (compile.h fo_qc_seq).
 */
#define _POSIX_C_SOURCE 200809L
#include "search/compile.h"

#include "util/grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_filter(const fo_qnode *n)
{
	return n->kind == FO_Q_SITE || n->kind == FO_Q_DATE ||
	       n->kind == FO_Q_YEAR;
}

/* Whether n only selects posts, scoring none: a filter, or a bracket of
 * filters, exclusions, indexed posts' URLs and wordless items only
 * ((site:a OR site:b), (-browser), ("-" site:a)). Such a bracket among
 * ranked words is a filter still, not one more word that may match or
 * not. depth: 0 for an item of the sequence itself, whose words and
 * URLs the sequence handles. */
static int selects_only(fo_qc *c, const fo_qnode *n, int depth)
{
	fo_qtoks tl;
	size_t i;
	int words;

	if (is_filter(n) || n->kind == FO_Q_ALL)
		return 1;
	if (depth > 0 && n->kind == FO_Q_URL) {
		fo_xquery *url = fo_qc_url(c, n);
		fo_xquery_free(url);
		if (url)
			return 1;
	}
	if (depth > 0 && (n->kind == FO_Q_WORDS || n->kind == FO_Q_PHRASE ||
	                  n->kind == FO_Q_URL)) {
		if (fo_qc_analyse(c, n, &tl) != 0)
			return 0;
		words = tl.n > 0;
		fo_qc_toks_free(&tl);
		return !words;
	}
	if (n->kind == FO_Q_AND_NOT)
		return n->n_kids > 0 && selects_only(c, n->kids[0], depth + 1);
	if (n->kind != FO_Q_AND && n->kind != FO_Q_OR && n->kind != FO_Q_SEQ)
		return 0;
	for (i = 0; i < n->n_kids; i++)
		if (n->kids[i]->occur != FO_OCCUR_NOT &&
		    !selects_only(c, n->kids[i], depth + 1))
			return 0;
	return 1;
}

/* How many things were typed among a sequence's searched items: free
 * text separated by white space, and each phrase, prefix, NEAR and
 * bracket, required (+) or not. A URL or TFLOPS/GPU analyses to several
 * items but is one thing typed, so it counts once for the default
 * operator. Quoting one word of three, or adding a * or a +, must not
 * turn "any of them" into "all of them". */
static size_t typed_words(fo_qc *c, fo_qnode *const *kids, size_t n_kids)
{
	size_t k, i, j, n = 0;

	for (k = 0; k < n_kids && c->st == FOLIO_OK; k++) {
		const fo_qnode *kid = kids[k];
		size_t prev_end = 0;
		fo_qtoks tl;

		if (kid->occur == FO_OCCUR_NOT || selects_only(c, kid, 0))
			continue;
		/* a URL searched as text is one thing typed; a post's URL
		 * is a filter, like site: */
		if (kid->kind == FO_Q_URL) {
			fo_xquery *url = fo_qc_url(c, kid);

			n += url == NULL;
			fo_xquery_free(url);
		}
		if (kid->kind != FO_Q_WORDS && kid->kind != FO_Q_URL &&
		    kid->kind != FO_Q_PHRASE)
			n++;
		if (kid->kind != FO_Q_WORDS && kid->kind != FO_Q_PHRASE)
			continue;
		if (fo_qc_analyse(c, kid, &tl) != 0)
			break;
		if (kid->kind == FO_Q_PHRASE) {
			n += tl.n > 0; /* "-" has no words to match */
			fo_qc_toks_free(&tl);
			continue;
		}
		for (i = 0; i < tl.n; i = j) {
			size_t p, len;
			int space = i == 0;

			j = fo_qc_item_end(&tl, i);
			/* any break the analyzer reads as one: three words
			 * an IME parts with ideographic spaces were two
			 * things typed, all three ANDed; and a * inside a
			 * word, read as a space (lo*ck is lo ck) */
			for (p = prev_end; !space && p < tl.t[i].start;
			     p += len)
				space = fo_char_kind_at(kid->text + p,
				                        tl.t[i].start - p, &len,
				                        NULL) != FO_CHAR_TEXT ||
				        kid->text[p] == '*';
			n += space;
			prev_end = tl.t[j - 1].end;
		}
		fo_qc_toks_free(&tl);
	}
	return n;
}

/* Where a name and its version spelt run together stand in a sequence:
 * the items in deflt of the name (a) and of its version, or of the NEAR
 * the version begins (near), which it stands for (b). */
typedef struct seq_respelt_at {
	size_t a, b;
	int near;
} seq_respelt_at;

/* A sequence's items as they are compiled, each in the list of how it
 * joins the query (fo_qc_seq). */
typedef struct fo_seq {
	fo_defop op;      /* how its free words join: AND or OR */
	fo_qlist must;    /* what every hit has (+word; free words ANDed) */
	fo_qlist deflt;   /* free words and items, joined by op */
	fo_qlist nots;    /* what no hit has (-word) */
	fo_qlist filters; /* what selects without scoring (site:, a URL) */
	fo_qlist urls;    /* indexed posts' URLs among the free items */
	fo_qlist commons; /* common free words (seq_commons) */
	size_t unheld;    /* free words in deflt no post holds (seq_commons) */
	fo_qlist coord;   /* coordination, a unit per free word */
	fo_qlist joins;   /* free words written as one, and initials */
	/* a free word and the version after it, as a word or a NEAR's
	 * first, spelt run together (python 3.14: python3 14,
	 * fo_qc_name_version_query; seq_near_respelt), and where they
	 * stand */
	fo_qlist respelt;
	seq_respelt_at *respelt_at;
	size_t cap_respelt_at;
	/* the ranked free word just compiled, where it is a plain word,
	 * in its field: the name a version after it may follow; else "" */
	char name[FO_MAX_TERM_BYTES + 1];
	fo_qfield name_field;
	/* each free word joined by op, in order: its term where it is a
	 * plain word of any field, else NULL, for the boosts that look at
	 * words side by side (proximity, joined words, initials) */
	char **words;
	size_t *at; /* where each word's item is in deflt (AND: no word
	             * goes to commons) */
	size_t n_words, cap_words, cap_at;
	/* 1 + the highlight unit of the item just compiled where it is a
	 * plain free word, else 0 (seq_link_typed) */
	size_t typed_hl;
} fo_seq;

/* How the free words of a sequence join: AND or OR. Words are counted
 * only where that decides it: --all and --any say it themselves, and
 * counting analysed every item once more and looked each URL up again. */
static fo_defop seq_operator(fo_qc *c, fo_qnode *const *kids, size_t n_kids)
{
	fo_defop op = c->rank->defop;

	/* A bracket inside ranked words is ranked too: the words of
	 * "(development files)" in a synopsis are two more words to rank
	 * by, not a pair every post must hold (that made 18% of the
	 * known-item queries test a phrase over two common words). */
	if (op == FO_DEFOP_AUTO)
		op = !c->ranked && typed_words(c, kids, n_kids) <=
		                       c->rank->and_max_words
		         ? FO_DEFOP_AND
		         : FO_DEFOP_OR;
	return op;
}

/* Note the free word t of kid in s->words. -1 when out of memory. */
static int seq_note_word(fo_qc *c, fo_seq *s, const fo_qnode *kid,
                         const fo_qtok *t)
{
	char *word = NULL;

	if (fo_grow((void **)&s->words, &s->cap_words, s->n_words,
	            sizeof *s->words) != 0 ||
	    fo_grow((void **)&s->at, &s->cap_at, s->n_words, sizeof *s->at) !=
	        0 ||
	    (kid->field == FO_FIELD_ANY && t->kind == FO_TOK_WORD &&
	     !(word = strdup(t->term)))) {
		/* a NULL word is no plain word: its joined pairs, proximity
		 * and initials would be lost without a word said */
		fo_qc_nomem(c);
		return -1;
	}
	s->at[s->n_words] = s->deflt.n - 1;
	s->words[s->n_words++] = word;
	return 0;
}

/* Link the plain free word whose highlight unit is c->out->hl's unit
 * at (the first its item added) to the one typed just before it, so
 * that a snippet prefers the window where the two stand side by side
 * as typed (fo_hlunit.next_typed). Any other item breaks the chain. */
static void seq_link_typed(fo_qc *c, fo_seq *s, const fo_qnode *kid,
                           const fo_qtok *t, size_t at)
{
	fo_termset *hl = &c->out->hl;

	if (kid->field != FO_FIELD_ANY || t->kind != FO_TOK_WORD ||
	    at >= hl->n || hl->units[at].kind != FO_HL_WORD) {
		s->typed_hl = 0;
		return;
	}
	if (s->typed_hl)
		hl->units[s->typed_hl - 1].next_typed = at + 1;
	s->typed_hl = at + 1;
}

/* Whether no post holds the ranked word t of field f, by the index's
 * statistics: neither its stem's term nor the word itself where it is its
 * own stem (its exact form implies one of them). */
static int unheld(fo_qc *c, fo_qfield f, const fo_qtok *t)
{
	const char *stem = t->stem ? t->stem : t->term;

	return t->kind == FO_TOK_WORD &&
	       fo_qc_absent(c, fo_qc_fields[f].stem, stem) &&
	       fo_qc_absent(c, fo_qc_fields[f].exact, stem);
}

/* q, a name and its version spelt run together, to s->respelt, standing
 * for items a and b of deflt (near: b is a NEAR). */
static void seq_push_respelt(fo_qc *c, fo_seq *s, fo_xquery *q, size_t a,
                             size_t b, int near)
{
	if (fo_grow((void **)&s->respelt_at, &s->cap_respelt_at, s->respelt.n,
	            sizeof *s->respelt_at) == 0) {
		s->respelt_at[s->respelt.n].a = a;
		s->respelt_at[s->respelt.n].b = b;
		s->respelt_at[s->respelt.n].near = near;
		fo_qc_push(c, &s->respelt, q);
	} else {
		fo_xquery_free(q);
		fo_qc_nomem(c);
	}
}

/* Where the free word before item t of kid is a name and t its dotted
 * version (python 3.14), the two spelt run together as a post writing
 * python3.14 holds them, to s->respelt: typed apart, they missed it.
 * Then t is the name a version after it may follow. */
static void seq_respell(fo_qc *c, fo_seq *s, const fo_qnode *kid,
                        const fo_qtok *t)
{
	fo_xquery *q;

	if (s->name[0] && s->name_field == kid->field &&
	    t->kind == FO_TOK_JOINED && s->n_words >= 2 &&
	    (q = fo_qc_name_version_query(c, kid->field, s->name, t->term)))
		seq_push_respelt(c, s, q, s->at[s->n_words - 2],
		                 s->at[s->n_words - 1], 0);
	s->name[0] = '\0';
	s->name_field = kid->field;
	if (t->kind == FO_TOK_WORD && strlen(t->term) < sizeof s->name)
		strcpy(s->name, t->term);
}

/* Where the free word before NEAR near is a name and the NEAR begins with
 * its dotted version alone (python 3.14 NEAR/2 release), that NEAR with
 * the two run together in the version's place (python3.14 NEAR/2
 * release), as a post writing python3.14 holds them: NEAR binds its
 * neighbours, so the query is python AND (3.14 NEAR/2 release), which
 * such a post missed. Scaled as a compound's phrase (push_mixes), so
 * that the spelling typed ranks first, and marked as its NEAR. NULL
 * where there is none, or no post holds the two run together (their
 * first part, python3: fo_qc_name_version). */
static fo_xquery *seq_near_respelt(fo_qc *c, const fo_seq *s,
                                   const fo_qnode *near)
{
	const fo_qnode *first = near->n_kids ? near->kids[0] : NULL;
	char buf[FO_MAX_TERM_BYTES + 3], joined[FO_MAX_TERM_BYTES + 1];
	size_t words = c->out->n_words;
	fo_qnode word, alt, **kids;
	fo_xquery *q, *scaled;
	fo_qtoks tl;
	int version;

	if (!s->name[0] || !first || first->kind != FO_Q_WORDS ||
	    first->field != s->name_field || fo_qc_analyse(c, first, &tl) != 0)
		return NULL;
	/* fo_qc_name_version holds the two to FO_MAX_TERM_BYTES */
	version = tl.n && tl.t[0].kind == FO_TOK_JOINED &&
	          fo_qc_item_end(&tl, 0) == tl.n &&
	          fo_qc_name_version(c, fo_qc_fields[first->field].exact,
	                             s->name, tl.t[0].term, buf);
	if (version)
		snprintf(joined, sizeof joined, "%s%s", s->name, tl.t[0].term);
	fo_qc_toks_free(&tl);
	if (!version)
		return NULL;
	if (!(kids = malloc(near->n_kids * sizeof *kids))) {
		fo_qc_nomem(c);
		return NULL;
	}
	word = *first;
	word.text = joined;
	word.len = strlen(joined);
	memcpy(kids, near->kids, near->n_kids * sizeof *kids);
	kids[0] = &word;
	alt = *near;
	alt.kids = kids;
	c->spaced_typed = 1;
	q = fo_qc_near(c, &alt);
	c->spaced_typed = 0;
	free(kids);
	/* its other words are the typed NEAR's, spelt once; its joined
	 * word is no text of the query, to be spelt at all */
	fo_qc_words_keep(c, words);
	if (!q)
		return NULL;
	scaled = fo_xquery_scale(q, c->rank->compound_weight);
	fo_xquery_free(q);
	if (!scaled)
		fo_qc_nomem(c);
	return scaled;
}

/* The words of kid, free text not excluded, each to the list to (must
 * or deflt), a common one among ranked words to s->commons. -1 when
 * they could not be analysed. */
static int seq_words(fo_qc *c, fo_seq *s, const fo_qnode *kid, fo_qlist *to)
{
	fo_qtoks tl;
	size_t i, j;

	if (fo_qc_analyse(c, kid, &tl) != 0)
		return -1;
	for (i = 0; i < tl.n; i = j) {
		size_t at = c->out->hl.n;

		j = fo_qc_item_end(&tl, i);
		c->common = to == &s->deflt && s->op == FO_DEFOP_OR &&
		            kid->field == FO_FIELD_ANY &&
		            tl.t[i].kind == FO_TOK_WORD &&
		            fo_qc_common_word(c, tl.t[i].term);
		fo_qc_push(c, c->common ? &s->commons : to,
		           fo_qc_item(c, kid->field, kid, &tl, i, j));
		seq_link_typed(c, s, kid, &tl.t[i], at);
		/* asked only while every item so far is such a word: the
		 * first a post holds settles it (seq_commons), and each
		 * question is a lookup of the index */
		if (to == &s->deflt && s->op == FO_DEFOP_OR && !c->common &&
		    j == i + 1 && s->unheld + 1 == s->deflt.n &&
		    unheld(c, kid->field, &tl.t[i]))
			s->unheld++;
		c->common = 0;
		if (to != &s->deflt)
			continue;
		c->out->n_free++;
		if (c->st != FOLIO_OK ||
		    seq_note_word(c, s, kid, &tl.t[i]) != 0)
			break;
		seq_respell(c, s, kid, &tl.t[i]);
	}
	fo_qc_toks_free(&tl);
	return 0;
}

/* An item of the sequence, compiled to the list of how it joins the
 * query. -1 when its words could not be analysed (c->st says why). */
static int seq_item(fo_qc *c, fo_seq *s, const fo_qnode *item)
{
	int positive = c->positive, sure = c->sure;
	fo_qnode words;
	fo_xquery *url, *q;
	const fo_qnode *kid = fo_qc_url_or_words(c, item, &words, &url);
	fo_qlist *to = kid->occur == FO_OCCUR_MUST  ? &s->must
	               : kid->occur == FO_OCCUR_NOT ? &s->nots
	                                            : &s->deflt;

	if (kid->occur == FO_OCCUR_NOT)
		c->positive = 0;
	/* +word and -word, and every word of +(…) and -(…), are words
	 * every hit must have or lack: a guess (ser for server) must
	 * neither satisfy +server nor be excluded by -server (explore-u,
	 * explore-v) */
	if (kid->occur != FO_OCCUR_DEFAULT)
		c->sure = 1;
	if (kid->kind != FO_Q_WORDS || kid->occur == FO_OCCUR_NOT)
		s->typed_hl = 0;
	if (url) {
		/* a post has one URL: those side by side are alternatives,
		 * or they would exclude each other */
		fo_qc_push(c,
		           to == &s->nots    ? &s->nots
		           : to == &s->deflt ? &s->urls
		                             : &s->filters,
		           url);
	} else if (kid->kind == FO_Q_URL) {
		/* out of memory (fo_qc_url_or_words) */
	} else if (selects_only(c, kid, 0) && kid->occur != FO_OCCUR_NOT) {
		/* (-"-") excludes nothing: no filter at all */
		fo_xquery *f = fo_qc_compile(c, kid);
		if (f)
			fo_qc_push(c, &s->filters, f);
	} else if (kid->kind == FO_Q_WORDS && kid->occur != FO_OCCUR_NOT) {
		if (seq_words(c, s, kid, to) != 0)
			return -1;
	} else if ((q = fo_qc_compile(c, kid)) != NULL) {
		fo_qc_push(c, to, q);
		if (kid->kind == FO_Q_NEAR && to == &s->deflt && s->n_words &&
		    c->st == FOLIO_OK && (q = seq_near_respelt(c, s, kid)))
			seq_push_respelt(c, s, q, s->at[s->n_words - 1],
			                 s->deflt.n - 1, 1);
	}
	/* a word's version follows it as a word or a NEAR's first word,
	 * never across another item */
	if (kid->kind != FO_Q_WORDS || kid->occur != FO_OCCUR_DEFAULT)
		s->name[0] = '\0';
	c->positive = positive;
	c->sure = sure;
	return 0;
}

/* q, which stands for items a and b of deflt together, ORed into
 * both. */
static void seq_either(fo_qc *c, fo_seq *s, size_t a, size_t b, fo_xquery *q)
{
	fo_xquery *both = fo_xquery_combine(FO_XOP_OR, &q, 1, 0);

	s->deflt.q[a] = fo_qc_pair(c, FO_XOP_OR, s->deflt.q[a], both);
	s->deflt.q[b] = fo_qc_pair(c, FO_XOP_OR, s->deflt.q[b], q);
	if (!both)
		fo_qc_nomem(c);
}

/* Three or more free words that must all match: each may be matched by
 * a pair of it and a neighbour written as one, which is ORed into both
 * words' items ("free threaded interpreter" finds "freethreaded
 * interpreter", "gil lo*ck" finds lock: it was lo AND ck). */
static void seq_and_joins(fo_qc *c, fo_seq *s)
{
	fo_xquery *q;
	size_t i;

	for (i = 0; i + 1 < s->n_words && c->st == FOLIO_OK; i++)
		if (s->words[i] && s->words[i + 1] &&
		    (q = fo_qc_joined_pair(c, s->words[i], s->words[i + 1])))
			seq_either(c, s, s->at[i], s->at[i + 1], q);
}

/* A name and its version spelt run together (s->respelt) stand for
 * the two words, as joined words do: where three or more must all
 * match, as an alternative to each of them, else to s->joins, which
 * seq_join_free makes the alternative to two words both required. For
 * a word and a NEAR that must both match, always to each, which holds
 * beside a +word too, where seq_join_free joins no pair. */
static void seq_respelt(fo_qc *c, fo_seq *s)
{
	const seq_respelt_at *at;
	fo_xquery *q;
	size_t k;

	for (k = 0; k < s->respelt.n && c->st == FOLIO_OK; k++) {
		q = s->respelt.q[k];
		s->respelt.q[k] = NULL;
		at = &s->respelt_at[k];
		if (s->op == FO_DEFOP_AND && (s->n_words > 2 || at->near))
			seq_either(c, s, at->a, at->b, q);
		else
			fo_qc_push(c, &s->joins, q);
	}
	fo_qc_clear(&s->respelt);
}

/* Joined words and initials find posts the words do not (feedparser
 * for "feed parser"), so a date sort has them too: to s->joins, or where
 * three or more words must all match, as alternatives to the words they
 * join (seq_and_joins). */
static void seq_joins(fo_qc *c, fo_seq *s)
{
	seq_respelt(c, s);
	if (c->rank->join_weight > 0 && s->n_words > 2 && !c->sure &&
	    s->op == FO_DEFOP_AND)
		seq_and_joins(c, s);
	else if (c->rank->join_weight > 0 && s->n_words > 1 && !c->sure)
		fo_qc_joined_pairs(c, s->words, s->n_words, &s->joins);
	if (s->op == FO_DEFOP_OR && !c->sure && c->rank->acronym_weight > 0 &&
	    s->n_words >= FO_ACRONYM_MIN)
		fo_qc_acronyms(c, s->words, s->n_words, &s->joins);
}

/* Common words are left out of a query whose other words find the
 * posts, as stop words are: their BM25 weight is near zero, and even
 * only adding it to the posts the rarer words find, Xapian read nearly
 * their whole posting lists, the longest of the query (the known-item
 * queries' "the", "and", "for": 28% of the instructions of the slowest
 * 1%, at the same MRR@10 or better, bench/README.md). They still mark
 * snippets and count in the second phase's title coverage (hl). With
 * none to find the posts (only common words were typed, or with them
 * only words no post holds, a typo's "alpha zzzz"; joined pairs and
 * initials only add weight), they find the posts themselves, ranked as
 * words are, so that the query still has its answer. */
static void seq_commons(fo_qc *c, fo_seq *s)
{
	size_t i;

	if (s->commons.n && s->deflt.n <= s->unheld && !s->must.n) {
		for (i = 0; i < s->commons.n; i++)
			fo_qc_push(c, &s->deflt, s->commons.q[i]);
		s->commons.n = 0;
	}
}

/* Coordination: a constant per word matched, so posts with more of the
 * words rank higher (Lucene's classic coord). */
static void seq_coordination(fo_qc *c, fo_seq *s)
{
	size_t i;

	for (i = 0; i < s->deflt.n; i++) {
		fo_xquery *sub[2] = { fo_xquery_fixed(1.0), s->deflt.q[i] };
		fo_xquery *q;
		char label[32];
		snprintf(label, sizeof label, "word %zu", i + 1);
		q = sub[0] ? fo_xquery_combine(FO_XOP_FILTER, sub, 2, 0) : NULL;
		fo_xquery_free(sub[0]);
		fo_qc_push(c, &s->coord,
		           fo_qc_unit(c, q, label, "coordination", FO_FIELD_ANY,
		                      c->rank->coord_weight, NULL, 0));
	}
}

/* Free words joined by AND are words every hit must have (two of them,
 * or the two written as one); joined by OR, they are ranked, with
 * coordination where it is on. */
static void seq_join_free(fo_qc *c, fo_seq *s)
{
	size_t i;

	if (s->op == FO_DEFOP_AND && s->deflt.n == 2 && s->joins.n == 1 &&
	    !s->must.n) {
		/* two words: both, or the two written as one */
		fo_xquery *q = fo_qc_fold(c, FO_XOP_AND, &s->deflt, 0);
		fo_qc_push(c, &s->deflt,
		           fo_qc_pair(c, FO_XOP_OR, q, s->joins.q[0]));
		s->joins.n = 0;
	}
	if (s->op == FO_DEFOP_AND) {
		for (i = 0; i < s->deflt.n; i++)
			fo_qc_push(c, &s->must, s->deflt.q[i]);
		s->deflt.n = 0;
	} else if (c->relevance && c->rank->coord_weight > 0 &&
	           s->deflt.n > 1) {
		seq_coordination(c, s);
	}
}

/* What scores: what every hit must have, AND_MAYBE the rest ORed (free
 * words, coordination, joined words and initials). */
static fo_xquery *seq_scored(fo_qc *c, fo_seq *s)
{
	fo_xquery *base = NULL;
	size_t i;

	fo_qc_twins(c, &s->must);
	if (s->must.n)
		base = fo_qc_fold(c, FO_XOP_AND, &s->must, 0);
	if (s->deflt.n || s->coord.n || s->joins.n) {
		for (i = 0; i < s->coord.n; i++)
			fo_qc_push(c, &s->deflt, s->coord.q[i]);
		s->coord.n = 0;
		for (i = 0; i < s->joins.n; i++)
			fo_qc_push(c, &s->deflt, s->joins.q[i]);
		s->joins.n = 0;
		fo_qc_twins(c, &s->deflt);
		base = base ? fo_qc_pair(c, FO_XOP_AND_MAYBE, base,
		                         fo_qc_fold(c, FO_XOP_OR, &s->deflt, 0))
		            : fo_qc_fold(c, FO_XOP_OR, &s->deflt, 0);
	}
	return base;
}

/* base, and where its free words stand together. Words that must all
 * match rank higher where they stand together ("stat activity" in
 * pg_stat_activity): cheap, as few posts have them all. Where words are
 * ranked, every post with any of them is a candidate, and the
 * positional checks cost tens of milliseconds on the known-item
 * benchmark while lowering its MRR (0.723 -> 0.711), so there it is off
 * unless pair_weight asks for it. */
static fo_xquery *seq_proximity(fo_qc *c, fo_seq *s, fo_xquery *base)
{
	double weight = s->op == FO_DEFOP_AND ? c->rank->and_pair_weight
	                                      : c->rank->pair_weight;

	if (base && c->relevance && s->n_words > 1 && weight > 0)
		base = fo_qc_pair(
		    c, FO_XOP_AND_MAYBE, base,
		    s->op == FO_DEFOP_AND
		        ? fo_qc_whole_phrase(c, s->words, s->n_words, weight)
		        : fo_qc_proximity(c, s->words, s->n_words, weight));
	return base;
}

/* base filtered by what selects (filters, the posts of the URLs typed)
 * and without what is excluded. */
static fo_xquery *seq_selected(fo_qc *c, fo_seq *s, fo_xquery *base)
{
	if (s->urls.n && c->st == FOLIO_OK)
		fo_qc_push(c, &s->filters,
		           fo_qc_fold(c, FO_XOP_OR, &s->urls, 0));
	if (s->filters.n) {
		fo_xquery *q = fo_qc_fold(c, FO_XOP_AND, &s->filters, 0);
		base = base ? fo_qc_pair(c, FO_XOP_FILTER, base, q) : q;
	}
	if (s->nots.n) {
		if (!base && !(base = fo_xquery_match_all()))
			fo_qc_nomem(c);
		base = fo_qc_pair(c, FO_XOP_AND_NOT, base,
		                  fo_qc_fold(c, FO_XOP_OR, &s->nots, 0));
	}
	return base;
}

static void seq_free(fo_seq *s)
{
	size_t i;

	for (i = 0; i < s->n_words; i++)
		free(s->words[i]);
	free(s->words);
	free(s->at);
	fo_qc_release(&s->must);
	fo_qc_release(&s->deflt);
	fo_qc_release(&s->nots);
	fo_qc_release(&s->filters);
	fo_qc_release(&s->urls);
	fo_qc_release(&s->coord);
	fo_qc_release(&s->joins);
	fo_qc_release(&s->commons);
	fo_qc_release(&s->respelt);
	free(s->respelt_at);
}

/* Items side by side, joined by the default operator: each compiled to
 * its list (seq_item), then the lists joined into one query. */
fo_xquery *fo_qc_seq(fo_qc *c, fo_qnode *const *kids, size_t n_kids)
{
	fo_seq s;
	fo_xquery *base;
	int ranked = c->ranked;
	size_t k;

	memset(&s, 0, sizeof s);
	s.op = seq_operator(c, kids, n_kids);
	c->ranked = s.op == FO_DEFOP_OR;
	for (k = 0; k < n_kids && c->st == FOLIO_OK; k++)
		if (seq_item(c, &s, kids[k]) != 0)
			break;
	if (s.op == FO_DEFOP_OR && s.n_words)
		c->out->ranked = 1;
	seq_joins(c, &s);
	seq_commons(c, &s);
	seq_join_free(c, &s);
	base = seq_selected(c, &s, seq_proximity(c, &s, seq_scored(c, &s)));
	seq_free(&s);
	c->ranked = ranked;
	return base;
}
