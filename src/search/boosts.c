/*
 * boosts.c: the parts of a query that only rank, never match on their
 * own: title words that abbreviate a query word, adjacent words written
 * as one, acronyms, proximity and the phrase of all the words, the
 * test for words too common to match alone, and the test for exact forms
 * so frequent that they weigh with their stem. Each was measured on the
 * relevance benchmark (README "Relevance").
 */
#define _POSIX_C_SOURCE 200809L
#include "search/compile.h"

#include "index/schema.h"
#include "util/grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Keep posts, just read for the term in c->scratch, for later questions
 * and for the speller (query.c words_take_freqs). Only a lookup saved is
 * lost when memory runs out. */
static void note(fo_qc *c, uint64_t posts)
{
	fo_qfreq *f;

	if (fo_grow((void **)&c->freqs, &c->cap_freqs, c->n_freqs,
	            sizeof *c->freqs) != 0)
		return;
	f = &c->freqs[c->n_freqs];
	if ((f->term = strdup(c->scratch.data)) != NULL) {
		f->posts = posts;
		c->n_freqs++;
	}
}

/* The frequency kept for the term in c->scratch, or NULL. */
static const fo_qfreq *kept(const fo_qc *c)
{
	size_t i;

	for (i = 0; i < c->n_freqs; i++)
		if (strcmp(c->freqs[i].term, c->scratch.data) == 0)
			return &c->freqs[i];
	return NULL;
}

/* The frequency of the term in c->scratch, asked of the statistics once
 * a query: a word's exact form is asked by the test for common words
 * and again by fo_qc_exact_folded, and over a remote shard each
 * question is a round trip. */
static uint64_t asked(fo_qc *c)
{
	const fo_qstats *s = c->stats;
	const fo_qfreq *k = kept(c);
	uint64_t posts;

	if (k)
		return k->posts;
	posts = s->termfreq(s->ctx, c->scratch.data);
	note(c, posts);
	return posts;
}

/* The local index's frequency of prefix + term[0..len) in *freq; 0
 * where it is unknown (no statistics, or remote ones). A frequency
 * asked() kept is answered from there (the bare stem of a word that
 * fo_qc_exact_folded weighed); the boosts' own guesses, dozens a query
 * and each asked once, are not kept. */
static int local_freq(fo_qc *c, const char *prefix, const char *term,
                      size_t len, uint64_t *freq)
{
	const fo_qstats *s = c->stats;
	const fo_qfreq *k;

	if (!s || !s->termfreq || !s->local)
		return 0;
	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, prefix);
	fo_buf_append(&c->scratch, term, len);
	if (c->scratch.oom)
		return 0;
	k = kept(c);
	*freq = k ? k->posts : s->termfreq(s->ctx, c->scratch.data);
	return 1;
}

/* Whether no post holds prefix + term, by the index's statistics. A
 * boost guesses many terms that no post holds (of a known-item query's
 * dozens, most abbreviations, joined pairs and initials), and Xapian
 * reads each one's B-tree twice, for its statistics and its posting
 * list: asking first costs little, as the guesses of one word are
 * neighbours in the term order, which Xapian's cursor has read already
 * (known-item block reads -20%, bench/README.md). Not asked of remote
 * shards, where each answer is a round trip. */
int fo_qc_absent(fo_qc *c, const char *prefix, const char *term)
{
	uint64_t freq;

	return local_freq(c, prefix, term, strlen(term), &freq) && freq == 0;
}

int fo_qc_held(fo_qc *c, const char *prefix, const char *term, size_t len)
{
	uint64_t freq;

	return local_freq(c, prefix, term, len, &freq) && freq > 0;
}

/* Add the title term name (NUL-terminated) to the synonym l and to
 * names, the list of its terms (back to back, each with its NUL, *n of
 * them, no name twice) that title_unit hands to the explanations. */
static void title_term(fo_qc *c, fo_qlist *l, fo_buf *names, size_t *n,
                       const char *name)
{
	const char *s = names->data;
	size_t i;

	for (i = 0; i < *n; i++, s += strlen(s) + 1)
		if (strcmp(s, name) == 0)
			return;
	if (fo_qc_absent(c, FO_PREFIX_TITLE, name))
		return;
	fo_qc_push(c, l, fo_qc_term(c, FO_PREFIX_TITLE, name));
	fo_buf_append(names, name, strlen(name) + 1);
	if (names->oom)
		fo_qc_nomem(c); /* names holds the *n it had: count no more */
	else
		(*n)++;
}

/* The synonym of the title terms in names as one weighted unit, whose
 * explanation then has their statistics (wdf, posts holding them). */
static fo_xquery *title_unit(fo_qc *c, fo_qlist *l, const char *label,
                             const char *how, double scale,
                             const fo_buf *names, size_t n)
{
	const char **pairs = malloc((2 * n + 1) * sizeof *pairs);
	const char *s = names->data;
	fo_xquery *q = fo_qc_fold(c, FO_XOP_SYNONYM, l, 0);
	size_t i;

	if (q && !pairs) {
		fo_xquery_free(q);
		fo_qc_nomem(c);
		q = NULL;
	}
	for (i = 0; q && i < n; i++, s += strlen(s) + 1) {
		pairs[2 * i] = FO_PREFIX_TITLE;
		pairs[2 * i + 1] = s;
	}
	if (q)
		q = fo_qc_unit(c, q, label, how, FO_FIELD_TITLE, scale, pairs,
		               n);
	free(pairs);
	return q;
}

fo_xquery *fo_qc_abbrev(fo_qc *c, const fo_qtok *t)
{
	fo_qlist l = { NULL, 0, 0 };
	fo_buf names = FO_BUF_INIT;
	size_t n, len = strlen(t->term), n_names = 0;
	char buf[FO_MAX_TERM_BYTES + 1], label[FO_MAX_TERM_BYTES + 8];
	fo_xquery *q;

	for (n = FO_ABBREV_MIN; n < len && n <= FO_MAX_TERM_BYTES; n++) {
		/* whole UTF-8 characters only */
		if (((unsigned char)t->term[n] & 0xC0) == 0x80)
			continue;
		memcpy(buf, t->term, n);
		buf[n] = '\0';
		title_term(c, &l, &names, &n_names, buf);
	}
	snprintf(label, sizeof label, "%.3s...", t->term);
	q = title_unit(c, &l, label, "abbreviation", c->rank->abbrev_weight,
	               &names, n_names);
	fo_qc_release(&l);
	fo_buf_free(&names);
	return q;
}

/* Adjacent free words near each other (a sequential-dependence boost:
 * the pair "cache server" in that order, or within a small window). */
fo_xquery *fo_qc_proximity(fo_qc *c, char **prox, size_t n, double weight)
{
	fo_qlist pairs = { NULL, 0, 0 }, two = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	fo_xquery *q;
	size_t i;

	for (i = 0; i + 1 < n; i++) {
		if (!prox[i] || !prox[i + 1])
			continue;
		fo_qc_push(c, &two, fo_qc_term(c, "", prox[i]));
		fo_qc_push(c, &two, fo_qc_term(c, "", prox[i + 1]));
		q = fo_qc_fold(c, FO_XOP_NEAR, &two, c->rank->pair_window);
		fo_qc_push(c, &pairs, q);
		if (label.len)
			fo_buf_puts(&label, ", ");
		fo_buf_printf(&label, "%s %s", prox[i], prox[i + 1]);
	}
	q = fo_qc_fold(c, FO_XOP_OR, &pairs, 0);
	if (q)
		q = fo_qc_unit(c, q, fo_qc_label(&label), "proximity",
		               FO_FIELD_ANY, weight, NULL, 0);
	fo_buf_free(&label);
	fo_qc_release(&pairs);
	fo_qc_release(&two);
	return q;
}

/* The free words of a short query as one phrase: posts where they stand
 * together, in order, rank first. One positional check per candidate,
 * where pairs of NEARs would cost one per pair. */
fo_xquery *fo_qc_whole_phrase(fo_qc *c, char **prox, size_t n, double weight)
{
	fo_qlist l = { NULL, 0, 0 };
	fo_buf label = FO_BUF_INIT;
	fo_xquery *q;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!prox[i])
			continue;
		fo_qc_push(c, &l, fo_qc_term(c, "", prox[i]));
		if (label.len)
			fo_buf_putc(&label, ' ');
		fo_buf_puts(&label, prox[i]);
	}
	q = l.n > 1 ? fo_qc_fold(c, FO_XOP_PHRASE, &l, (unsigned)l.n) : NULL;
	if (q)
		q = fo_qc_unit(c, q, fo_qc_label(&label), "proximity",
		               FO_FIELD_ANY, weight, NULL, 0);
	fo_buf_free(&label);
	fo_qc_release(&l);
	return q;
}

fo_xquery *fo_qc_joined_pair(fo_qc *c, const char *a, const char *b)
{
	const char *terms[2] = { "", NULL };
	char *joined, label[160];
	fo_xquery *q = NULL;
	fo_hlunit *hl;

	if (!(joined = fo_qc_dup2(a, b))) {
		fo_qc_nomem(c);
		return NULL;
	}
	terms[1] = joined;
	snprintf(label, sizeof label, "%s", joined);
	if (!fo_qc_absent(c, "", joined)) {
		hl = fo_qc_hl_add(c, FO_FIELD_ANY, FO_HL_EXACT, joined, NULL);
		if (hl)
			hl->one_word = 1;
		q = fo_qc_unit(c, fo_qc_term(c, "", joined), label, "joined",
		               FO_FIELD_ANY, c->rank->join_weight, terms, 1);
		if (!q)
			fo_qc_nomem(c);
	}
	free(joined);
	return q;
}

void fo_qc_joined_pairs(fo_qc *c, char **prox, size_t n, fo_qlist *to)
{
	fo_xquery *q;
	size_t i;

	for (i = 0; i + 1 < n && c->st == FOLIO_OK; i++)
		if (prox[i] && prox[i + 1] &&
		    (q = fo_qc_joined_pair(c, prox[i], prox[i + 1])) != NULL)
			fo_qc_push(c, to, q);
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

/* Runs of FO_ACRONYM_MIN..ACRONYM_MAX adjacent free words also match a
 * title word spelled by their initials (package and project names are
 * often acronyms: git-dpm for "git Debian package manager"); one unit
 * for all of them, as a synonym, so a query scores at most one. */
#define ACRONYM_MAX 5
void fo_qc_acronyms(fo_qc *c, char **prox, size_t n, fo_qlist *to)
{
	fo_qlist l = { NULL, 0, 0 };
	fo_buf names = FO_BUF_INIT;
	size_t i, j, n_names = 0;
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
			if (len >= FO_ACRONYM_MIN)
				title_term(c, &l, &names, &n_names, buf);
		}
	}
	q = title_unit(c, &l, "initials", "acronym", c->rank->acronym_weight,
	               &names, n_names);
	fo_qc_release(&l);
	fo_buf_free(&names);
	if (q)
		fo_qc_push(c, to, q);
}

/* The frequency of prefix + term in every database searched, remote ones
 * too: what it decides changes weights, which must not depend on how
 * the posts are sharded. */
static double freq(fo_qc *c, const char *prefix, const char *term)
{
	fo_buf_clear(&c->scratch);
	fo_buf_puts(&c->scratch, prefix);
	fo_buf_puts(&c->scratch, term);
	return c->scratch.oom ? 0 : (double)asked(c);
}

/* Whether a ranked word is so common that it should be left out where
 * rarer words find the posts, as stop words are (sequence.c seq_commons):
 * in more than rank->common_ratio of the posts its BM25 idf is near 0,
 * yet its posting list is the longest to read (the known-item queries'
 * "the", "for", "of": a third of their instructions). Where it does
 * find the posts, its exact form and abbreviations, worth still less,
 * are left out. */
int fo_qc_common_word(fo_qc *c, const char *term)
{
	const fo_qstats *s = c->stats;

	if (!s || !s->termfreq || !s->docs || c->rank->common_ratio <= 0)
		return 0;
	return freq(c, "", term) > c->rank->common_ratio * (double)s->docs;
}

/* The stem's posts are counted as those of Z<stem> plus those of the
 * bare <stem> (the word itself where it is its own stem): at least the
 * synonym's, so the exact form's share is never overstated. Rarer words
 * keep their exact form: their lists are short to read, and an exact
 * form sets their posts apart where it is rarer than its stem. */
int fo_qc_exact_folded(fo_qc *c, fo_qfield f, const char *word,
                       const char *stem)
{
	const fo_qstats *s = c->stats;
	const fo_rank *r = c->rank;
	double exact, stems;

	if (!s || !s->termfreq || !s->docs || r->exact_share <= 0)
		return 0;
	exact = freq(c, fo_qc_fields[f].exact, word);
	if (exact <= r->exact_min * (double)s->docs)
		return 0;
	stems = freq(c, fo_qc_fields[f].stem, stem);
	stems += strcmp(word, stem) == 0 ? exact
	                                 : freq(c, fo_qc_fields[f].exact, stem);
	return exact >= r->exact_share * stems;
}
