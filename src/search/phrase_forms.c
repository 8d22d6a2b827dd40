/*
 * phrase_forms.c: the other forms a quoted phrase's words take in a
 * post, so that the case a phrase is typed in does not change what it
 * finds. The analyzer parts a compound by its case (PostgreSQL:
 * postgre, sql) and the indexer places its joined form (postgresql) at
 * its first part's position, its other parts after it. So the phrase
 * "postgresql database" (postgresql, then database one place on) does
 * not line up with a post's "PostgreSQL database" (database two places
 * on), and "JavaScript library" (java, script, library) not with a
 * post's "javascript library".
 *
 * Each word of the phrase may take another form: a compound typed
 * (JavaScript) its joined form (javascript); a word typed whole
 * (postgresql) the parts of a compound it is the joined form of
 * (postgre sql), found among the index's terms. Not the last word,
 * whose next place nothing follows, unless no post holds it at a
 * place: a name squeezed from Node.js ("threads in nodejs"). A version
 * (3.13) stays as typed, and so does a joined form with a dot or an
 * underscore, which the analyzer always parts, but for the name
 * squeezed, where a post holds it ("node.js workers" finds "nodejs
 * workers"). A name and its dotted version take the other spelling
 * (python3.14: python 3 14; python 3.14: python3 14) as a compound its
 * joined form, scaled as a compound's phrase. The phrase becomes the MAX of its
 * forms, so a post scores by the best form it holds, never by their
 * sum, and a post holding the phrase as typed scores what it did. A
 * form with a word in parts is scored by the word itself: FILTER(AND
 * of the words as typed, PHRASE of the parts), so the rarity of a short
 * part (th of "THis") weighs nothing, and a post must hold the word as
 * well as its parts in order ("th is package" is found in "THis
 * package", not "this is package" in "This is package").
 */
#define _POSIX_C_SOURCE 200809L
#include "search/compile.h"

#include <stdlib.h>
#include <string.h>

#define FORMS_MAX 16 /* phrases of other forms, at most */
#define SLOTS_MAX 64 /* words a phrase may have for other forms */

typedef struct pslot {
	size_t first, end;       /* its tokens as typed: tl->t[first..end) */
	size_t at;               /* its first token's query in typed */
	const char *joined;      /* a typed compound's joined form, else NULL */
	/* a name and its dotted version spelt the other way, as joined
	 * is, by its terms (fo_qc_name_version): python3.14 as a post
	 * writing "Python 3.14" holds it (python 3 14), python 3.14 as
	 * one writing python3.14 does (python3 14); the slot then holds
	 * both words of python 3.14 */
	char respelt[FO_MAX_TERM_BYTES + 3];
	/* a name typed with dots or underscores (node.js) as a post that
	 * writes it without them holds it (nodejs): its joined form */
	char squeezed[FO_MAX_TERM_BYTES + 1];
	fo_splits splits;        /* a typed word's compounds */
	int absent; /* a word with splits no post holds whole in the field */
} pslot;

/* The terms of form pick (pick[k] for slot k: 0 as typed, then a
 * typed compound's joined form, then the word's compounds) pushed to
 * l, and to hl as a sequence. scored: a word in parts counts as typed
 * (the terms that weigh a form, not those placed in order). */
static void form_terms(fo_qc *c, const char *exact, const fo_qtoks *tl,
                       const fo_qlist *typed, const pslot *sl, size_t ns,
                       const size_t *pick, int scored, fo_qlist *l,
                       fo_hlunit *hl)
{
	const char *f;
	size_t k, i, p, t;

	for (k = 0; k < ns; k++) {
		p = pick[k];
		if (sl[k].joined && p == 1) {
			f = sl[k].joined;
			do {
				fo_qc_push(c, l, fo_qc_term(c, exact, f));
				fo_qc_hl_seq_add(c, hl, f);
				f += strlen(f) + 1;
			} while (sl[k].joined == sl[k].respelt && *f);
		} else if (scored && sl[k].absent) {
			/* held whole in no post's field: the word as any
			 * field holds it (nodejs, squeezed from Node.js) */
			fo_qc_push(c, l,
			           fo_qc_term(c, "", tl->t[sl[k].first].term));
		} else if (p == 0 || scored) {
			/* the version's joined form in python 3.14 has no
			 * query of its own in typed */
			for (i = sl[k].first, t = sl[k].at; i < sl[k].end; i++)
				if (tl->t[i].kind != FO_TOK_JOINED) {
					fo_qc_push_copy(c, l, typed->q[t++]);
					fo_qc_hl_seq_add(c, hl, tl->t[i].term);
				}
		} else {
			f = sl[k].splits.parts[p - 1 - (sl[k].joined != NULL)];
			for (; *f; f += strlen(f) + 1) {
				fo_qc_push(c, l, fo_qc_term(c, exact, f));
				fo_qc_hl_seq_add(c, hl, f);
			}
		}
	}
}

/* Whether pick puts a word in parts. */
static int has_split(const pslot *sl, size_t ns, const size_t *pick)
{
	size_t k;

	for (k = 0; k < ns; k++)
		if (pick[k] > (sl[k].joined != NULL))
			return 1;
	return 0;
}

/* Whether pick spells a name and its version the other way, which
 * is scaled as a compound's phrase is (query.c fo_qc_name_version_query),
 * so a post spelling it as typed ranks first. */
static int respelt(const pslot *sl, size_t ns, const size_t *pick)
{
	size_t k;

	for (k = 0; k < ns; k++)
		if (pick[k] == 1 && sl[k].joined == sl[k].respelt)
			return 1;
	return 0;
}

/* Whether picks a and b weigh the same terms (the same compounds
 * joined; words in parts count as typed). */
static int same_scoring(const pslot *sl, size_t ns, const size_t *a,
                        const size_t *b)
{
	size_t k;

	for (k = 0; k < ns; k++)
		if (sl[k].joined && (a[k] == 1) != (b[k] == 1))
			return 0;
	return 1;
}

/* The query of forms picks[from..n) that are alike (same_scoring) and
 * not yet done: the phrase of one with no word in parts, or
 * FILTER(AND(the words that weigh them), OR(their phrases)). */
static fo_xquery *form_group(fo_qc *c, const fo_qnode *n, const fo_qtoks *tl,
                             const fo_qlist *typed, const pslot *sl, size_t ns,
                             size_t (*picks)[SLOTS_MAX], size_t from,
                             size_t count, char *done)
{
	const char *exact = fo_qc_fields[n->field].exact;
	fo_qlist terms = { NULL, 0, 0 }, phrases = { NULL, 0, 0 };
	fo_xquery *q = NULL;
	int split = has_split(sl, ns, picks[from]);
	size_t a;

	for (a = from; a < count; a++) {
		if (done[a] || !same_scoring(sl, ns, picks[from], picks[a]) ||
		    has_split(sl, ns, picks[a]) != split)
			continue;
		done[a] = 1;
		form_terms(c, exact, tl, typed, sl, ns, picks[a], 0, &terms,
		           fo_qc_hl_add(c, n->field, FO_HL_SEQ, NULL, NULL));
		fo_qc_push(
		    c, &phrases,
		    fo_qc_fold(c, FO_XOP_PHRASE, &terms, (unsigned)terms.n));
		if (!split)
			break; /* its words weigh it: a phrase alone */
	}
	q = fo_qc_fold(c, FO_XOP_OR, &phrases, 0);
	if (q && respelt(sl, ns, picks[from])) {
		fo_xquery *scaled =
		    fo_xquery_scale(q, c->rank->compound_weight);

		fo_xquery_free(q);
		if (!(q = scaled))
			fo_qc_nomem(c);
	}
	if (q && split) {
		form_terms(c, exact, tl, typed, sl, ns, picks[from], 1, &terms,
		           NULL);
		q = fo_qc_pair(c, FO_XOP_FILTER,
		               fo_qc_fold(c, FO_XOP_AND, &terms, 0), q);
	}
	fo_qc_release(&terms);
	fo_qc_release(&phrases);
	return q;
}

/* Append a copy of pick to picks unless it is there or FORMS_MAX
 * are, or it is the phrase as typed. */
static void add_pick(size_t (*picks)[SLOTS_MAX], size_t *count,
                     const size_t *pick, size_t ns)
{
	size_t a, k;

	for (k = 0; k < ns && !pick[k]; k++)
		;
	for (a = 0; k < ns && a < *count; a++)
		if (memcmp(picks[a], pick, ns * sizeof *pick) == 0)
			return;
	if (k < ns && *count < FORMS_MAX)
		memcpy(picks[(*count)++], pick, ns * sizeof *pick);
}

/* The compounds of a phrase's word w into s. The last word's (last)
 * joined form sits at its first part's place, the words before it
 * lining up, so it is split only where some post holds it without
 * one: a name squeezed from Node.js (nodejs) in the free field, and in
 * another a word held only outside it (query.c field_splits). */
static void slot_splits(fo_qc *c, const char *exact, const char *w, int last,
                        fo_splits *s)
{
	fo_qc_word_splits(c, exact, w, last && *exact, s);
	if (last && !*exact && !fo_qc_squeezed(c, w, s))
		fo_splits_free(s);
}

fo_xquery *fo_qc_phrase_forms(fo_qc *c, const fo_qnode *n, const fo_qtoks *tl,
                              const fo_qlist *typed, fo_xquery *q)
{
	const char *exact = fo_qc_fields[n->field].exact;
	pslot *sl = calloc(tl->n + 1, sizeof *sl);
	size_t ns = 0, at = 0, i, k, k2, f, f2, nf[SLOTS_MAX], pick[SLOTS_MAX];
	size_t picks[FORMS_MAX][SLOTS_MAX], count = 0;
	char done[FORMS_MAX];
	fo_qlist forms = { NULL, 0, 0 };

	if (!sl)
		fo_qc_nomem(c);
	for (i = 0; sl && i < tl->n; ns++) {
		sl[ns].first = tl->t[i].kind == FO_TOK_JOINED ? i + 1 : i;
		sl[ns].end = fo_qc_item_end(tl, i);
		sl[ns].at = at;
		at += sl[ns].end - sl[ns].first;
		/* a joined form keeping a dot or an underscore (3.13,
		 * node.js) is never a post's word alone: the analyzer
		 * always parts it; a name's squeezed form may be */
		if (tl->t[i].kind == FO_TOK_JOINED && sl[ns].end > i + 1 &&
		    !strpbrk(tl->t[i].term, "._"))
			sl[ns].joined = tl->t[i].term;
		else if (tl->t[i].kind == FO_TOK_JOINED &&
		         fo_qc_squeeze(c, exact, &tl->t[i], sl[ns].squeezed))
			sl[ns].joined = sl[ns].squeezed;
		else if (tl->t[i].kind == FO_TOK_JOINED &&
		         fo_qc_name_version(c, exact, tl->t[i].term, NULL,
		                            sl[ns].respelt))
			sl[ns].joined = sl[ns].respelt;
		else if (tl->t[i].kind == FO_TOK_WORD && i + 1 < tl->n &&
		         tl->t[i + 1].kind == FO_TOK_JOINED &&
		         fo_qc_name_version(c, exact, tl->t[i].term,
		                            tl->t[i + 1].term,
		                            sl[ns].respelt)) {
			sl[ns].joined = sl[ns].respelt;
			sl[ns].end = fo_qc_item_end(tl, i + 1);
			/* python was counted; the version's JOINED token
			 * has no query in typed */
			at += sl[ns].end - sl[ns].first - 2;
		}
		i = sl[ns].end > i ? sl[ns].end : i + 1;
	}
	/* python3.14 alone has a form: python 3 14 */
	if ((ns < 2 && !(ns && sl[0].joined == sl[0].respelt)) ||
	    ns > SLOTS_MAX || at != typed->n)
		goto done;
	for (k = 0; k < ns && c->st == FOLIO_OK; k++) {
		if (!sl[k].joined && sl[k].end == sl[k].first + 1 &&
		    tl->t[sl[k].first].kind == FO_TOK_WORD)
			slot_splits(c, exact, tl->t[sl[k].first].term,
			            k + 1 == ns, &sl[k].splits);
		sl[k].absent = sl[k].splits.n && sl[k].splits.outside;
		nf[k] = 1 + (sl[k].joined != NULL) + sl[k].splits.n;
	}
	/* every typed compound joined, every word in its first parts, as
	 * a post writing its compounds one way has them; then each word's
	 * other forms with the rest as typed, then two words' at once: the
	 * short words of a long phrase (the: t, he) must not use up the
	 * forms before a compound further on is reached */
	for (k = 0; k < ns; k++)
		pick[k] = sl[k].joined != NULL;
	add_pick(picks, &count, pick, ns);
	for (k = 0; k < ns; k++)
		pick[k] = sl[k].splits.n ? 1 + (sl[k].joined != NULL) : 0;
	add_pick(picks, &count, pick, ns);
	memset(pick, 0, sizeof pick);
	for (k = 0; k < ns; k++)
		for (f = 1; f < nf[k]; f++) {
			pick[k] = f;
			add_pick(picks, &count, pick, ns);
			pick[k] = 0;
		}
	for (k = 0; k < ns && count < FORMS_MAX; k++)
		for (k2 = k + 1; k2 < ns; k2++)
			for (f = 1; f < nf[k]; f++)
				for (f2 = 1; f2 < nf[k2]; f2++) {
					pick[k] = f;
					pick[k2] = f2;
					add_pick(picks, &count, pick, ns);
					pick[k] = pick[k2] = 0;
				}
	if (!count || c->st != FOLIO_OK)
		goto done;
	/* the phrase as typed first, then its forms by the terms that
	 * weigh them; the words as typed weigh the forms that only part a
	 * word, exactly as they weigh q */
	fo_qc_push(c, &forms, q);
	q = NULL;
	memset(done, 0, sizeof done);
	for (i = 0; i < count; i++)
		if (!done[i])
			fo_qc_push(c, &forms,
			           form_group(c, n, tl, typed, sl, ns, picks, i,
			                      count, done));
	q = fo_qc_fold(c, FO_XOP_MAX, &forms, 0);
done:
	for (k = 0; sl && k < ns; k++)
		fo_splits_free(&sl[k].splits);
	free(sl);
	fo_qc_release(&forms);
	return q;
}
