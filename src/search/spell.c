/*
 * spell.c: spelling suggestions (spell.h): one walk of the vocabulary
 * per field checks every word to correct at once, each against the
 * terms of its own field (the text, or a field's words such as
 * company:), reading only those a prefix within reach leads to.
 */
#include "search/spell.h"

#include "analyzer/analyzer.h"
#include "search/qlex.h"
#include "search/spellwalk.h"
#include "util/ascii.h"
#include "util/buf.h"
#include "util/distance.h"

#include <utf8proc.h>

#include <stdlib.h>
#include <string.h>

/* Longest word considered: longer ones are identifiers, not typos. */
#define MAX_WORD FO_EDIT_MAX_LEN
/* Longest field prefix (schema.h's are two or three letters). */
#define MAX_PREFIX 8
/* A word in at most this many posts may be a typo that they share. */
#define RARE 2
/* A correction is in this many times as many posts as the word it
 * corrects, when the query found nothing; when it found a post or two
 * that hold the word, in POPULAR times as many (fo_spell_suggest). */
#define MORE    10
#define POPULAR 100
/* A correction of a word in no post, when the query found FO_SPELL_FEW
 * posts or more, is in at least this many. A word the index lacks is as
 * often a name as a typo, and near another rare word: put beside two
 * words of the known-item queries, 78 of 367 names and words of
 * /usr/share/doc's copyright files were corrected (Lauri: Luauri, Finkel:
 * Finzel), 31 to a word in 10 posts or more; of 1213 typos corrected
 * right, 1113 were to such a word. */
#define ABSENT_LEAST 10
/* Shortest word in a post or two that is corrected. */
#define MIN_FOUND 6
/* Corrections kept for a word after its best, and suggestions tried at
 * most: when the best makes one that finds no more than the query (a
 * phrase whose other word it never follows), the next, one word at a
 * time, each a search more (fo_spell_suggest). */
#define RUNNERS_UP 2
#define TRIES      3

typedef struct runner_up {
	char word[MAX_WORD + 1];
	unsigned dist;
	uint64_t freq;
} runner_up;

typedef struct cand {
	const fo_qword *word;
	size_t len, plen;   /* the word's, and its prefix's */
	uint64_t freq;      /* the word's own document frequency */
	uint64_t set;       /* the word's byte_set */
	uint64_t least;     /* the fewest posts a correction is in */
	unsigned max;       /* edits allowed */
	int wanted;         /* look for a correction */
	int found;          /* in a post the query found: only a typing
	                       slip (typo_shaped) corrects it */
	char key[MAX_PREFIX + 2]; /* the terms it is walked over start so */
	size_t klen;              /* (walk_key) */
	char best[MAX_WORD + 1];
	unsigned best_dist;
	uint64_t best_freq;
	runner_up next[RUNNERS_UP]; /* after best, in its order */
	size_t n_next;
	int tied; /* a split word whose best ties its parts' (settle_runs):
	             TIE_PARTS, tried only after their correction finds
	             nothing, or TIE_WHOLE, tried before it */
} cand;

#define TIE_PARTS 1
#define TIE_WHOLE 2

typedef struct scan {
	cand *c;
	size_t n;
	fo_walk *walk; /* over the terms of the prefix being scanned */
} scan;

/* The bytes a word holds, as a set of 64 (a byte's low six bits). An
 * edit brings in at most one byte the other word lacks, so two words
 * max edits apart differ by at most max bytes either way; bytes that
 * share a bit only make the test pass more often, never wrongly fail. */
static uint64_t byte_set(const char *word, size_t len)
{
	uint64_t set = 0;
	size_t i;

	for (i = 0; i < len; i++)
		set |= (uint64_t)1 << ((unsigned char)word[i] & 63);
	return set;
}

static unsigned popcount64(uint64_t x)
{
	unsigned n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

static int digit_at(const char *s, size_t n, size_t i)
{
	return i < n && fo_ascii_is_digit((unsigned char)s[i]);
}

/* Whether a and b are the same numbers parted by letters in the same
 * way: the same runs of digits, in the same order, each run of other
 * bytes in one a run in the other. A correction changes letters, never a
 * number (h200 is not a typo of h100, nor python3 of python, nor
 * flashattention of flashattention2), and keeps a word's letters around
 * its numbers: w100 is not a typo of 100, one deletion away, which drops
 * the letter that made it a name. */
static int same_numbers(const char *a, size_t na, const char *b, size_t nb)
{
	size_t i = 0, j = 0;

	while (i < na && j < nb) {
		if (digit_at(a, na, i) != digit_at(b, nb, j))
			return 0;
		if (digit_at(a, na, i)) {
			/* a run ends in one and not the other at the next
			 * turn, or at the end */
			for (; digit_at(a, na, i) && digit_at(b, nb, j);
			     i++, j++)
				if (a[i] != b[j])
					return 0;
			continue;
		}
		while (i < na && !digit_at(a, na, i))
			i++;
		while (j < nb && !digit_at(b, nb, j))
			j++;
	}
	return i == na && j == nb;
}

/* How many edits a term (prefix length plen, its word of len bytes
 * whose byte_set is set) is from c's word, if it could correct it (same
 * prefix, close enough in length, bytes and spelling); else c->max + 1. */
static unsigned close_to(const cand *c, const char *term, size_t plen,
                         size_t len, uint64_t set)
{
	const char *word = term + plen;

	if (!c->wanted || c->plen != plen ||
	    memcmp(term, c->word->prefix, plen) != 0)
		return c->max + 1;
	if ((len > c->len ? len - c->len : c->len - len) > c->max)
		return c->max + 1;
	if (popcount64(set & ~c->set) > c->max ||
	    popcount64(c->set & ~set) > c->max ||
	    !same_numbers(c->word->term, c->len, word, len))
		return c->max + 1;
	return fo_edit_distance(c->word->term, c->len, word, len, c->max);
}

/* Whether word b, one edit from c's word a, is what typing a would have
 * missed: two neighbouring letters swapped, a letter left out, or, in a
 * word of 8 bytes or more, one letter too many, but for one added at
 * the end that doubles no letter (michaelt, connectx are names, not
 * typos of michael, connect); and never a letter changed into another,
 * nor the first, which make another word as often as a typo
 * (shellcheck, spellcheck; pmount, amount). Of the 391 words in a post
 * or two of the 64k-post bench index corrected so, a sample of 100 held
 * 91 typos; of those one or two edits of any kind from a word 100
 * times as frequent, a sample of 80 held 20. */
static int typo_shaped(const cand *c, const char *b, size_t nb)
{
	const char *a = c->word->term;
	size_t na = c->len, i = 0;

	if (a[0] != b[0])
		return 0;
	if (nb == na + 1)
		return 1;
	if (nb + 1 == na)
		return na >= 8 &&
		       (memcmp(a, b, nb) != 0 || a[na - 1] == a[na - 2]);
	while (i < na && a[i] == b[i])
		i++;
	return i + 1 < na && a[i] == b[i + 1] && a[i + 1] == b[i];
}

/* A term is its prefix, upper case (schema.h), then its word. */
static size_t prefix_len(const char *term, size_t len)
{
	size_t plen = 0;

	while (plen < len && fo_ascii_is_upper((unsigned char)term[plen]))
		plen++;
	return plen;
}

/* Whether term is close to a word to correct: only those terms have
 * their frequency read, which costs more than the distance. The walk
 * rules out most terms before that, and the runs of terms after them
 * that are no closer, unread. */
static int pick(const char *term, size_t len, const char **seek,
                size_t *seek_len, void *ctx)
{
	const scan *s = ctx;
	size_t i, plen = prefix_len(term, len);
	uint64_t set;

	switch (fo_walk_step(s->walk, term, len, seek, seek_len)) {
	case 0: return FO_XTERM_SEEK;
	case -1: return FO_XTERM_STOP;
	}
	if (len == plen || len - plen > MAX_WORD)
		return FO_XTERM_NEXT;
	set = byte_set(term + plen, len - plen);
	for (i = 0; i < s->n; i++)
		if (close_to(&s->c[i], term, plen, len - plen, set) <=
		    s->c[i].max)
			return FO_XTERM_TAKE;
	return FO_XTERM_NEXT;
}

/* Whether a correction d edits away in f posts comes before one d2
 * away in f2: the nearer, then the more frequent. */
static int before(unsigned d, uint64_t f, unsigned d2, uint64_t f2)
{
	return d < d2 || (d == d2 && f > f2);
}

/* Keeps word (n bytes), d edits from c's in f posts, among c's runners-up
 * if it is before one of them or there is room. */
static void keep_next(cand *c, const char *word, size_t n, unsigned d,
                      uint64_t f)
{
	size_t i = c->n_next, kept;

	while (i > 0 && before(d, f, c->next[i - 1].dist, c->next[i - 1].freq))
		i--;
	if (i == RUNNERS_UP)
		return;
	kept = c->n_next < RUNNERS_UP ? c->n_next : RUNNERS_UP - 1;
	memmove(&c->next[i + 1], &c->next[i], (kept - i) * sizeof *c->next);
	memcpy(c->next[i].word, word, n);
	c->next[i].word[n] = '\0';
	c->next[i].dist = d;
	c->next[i].freq = f;
	c->n_next = kept + 1;
}

static int on_term(const char *term, size_t len, uint64_t freq, void *ctx)
{
	scan *s = ctx;
	size_t i, plen = prefix_len(term, len);
	uint64_t set = byte_set(term + plen, len - plen);

	for (i = 0; i < s->n; i++) {
		cand *c = &s->c[i];
		unsigned d;

		if (freq < c->least)
			continue;
		d = close_to(c, term, plen, len - plen, set);
		if (d == 0 || d > c->max ||
		    (c->found && !typo_shaped(c, term + plen, len - plen)))
			continue;
		if (!before(d, freq, c->best_dist, c->best_freq)) {
			keep_next(c, term + plen, len - plen, d, freq);
			continue;
		}
		if (c->best[0])
			keep_next(c, c->best, strlen(c->best), c->best_dist,
			          c->best_freq);
		memcpy(c->best, term + plen, len - plen);
		c->best[len - plen] = '\0';
		c->best_dist = d;
		c->best_freq = freq;
	}
	return 0;
}

/* What the terms c is walked over start with: its field's prefix, and
 * for a word only a typing slip corrects (found), its first byte too,
 * which typo_shaped never changes. A walk from the prefix alone would
 * try every other first byte as well: for the six words in a post or
 * two among bench/'s rare queries on 64k posts, it took 3,368 steps
 * (seeks and reads of the vocabulary, under 1 us each), the walk from
 * the first byte 1,353, and for slips alone (walk_for) 973. Not when a
 * word that is in no post is walked from that prefix anyway: one walk
 * serves both. */
static void walk_key(scan *s, cand *c)
{
	size_t i;
	int alone = c->found;

	for (i = 0; alone && i < s->n; i++)
		if (s->c[i].wanted && !s->c[i].found &&
		    strcmp(s->c[i].word->prefix, c->word->prefix) == 0)
			alone = 0;
	memcpy(c->key, c->word->prefix, c->plen);
	c->klen = c->plen;
	if (alone)
		c->key[c->klen++] = c->word->term[0];
	c->key[c->klen] = '\0';
}

/* A walk over the terms that start with key for the wanted words walked
 * so (those longer than any term are never close), in s->walk; a word
 * that only a typing slip corrects is walked for slips alone. */
static folio_status walk_for(scan *s, const char *key, size_t klen)
{
	size_t i;

	fo_walk_free(s->walk);
	if (!(s->walk = fo_walk_new(key, klen, s->n)))
		return FOLIO_ERROR_NOMEM;
	for (i = 0; i < s->n; i++) {
		const cand *c = &s->c[i];
		size_t skip = klen - c->plen; /* the key's first byte, if any */
		if (!c->wanted || c->len > MAX_WORD || strcmp(c->key, key) != 0)
			continue;
		if ((c->found ? fo_walk_add_slips(s->walk, c->word->term + skip,
		                                  c->len - skip, c->max)
		              : fo_walk_add(s->walk, c->word->term + skip,
		                            c->len - skip, c->max)) != 0)
			return FOLIO_ERROR_NOMEM;
	}
	return FOLIO_OK;
}

/* Scan the terms each wanted word is spelt against, each walk key's
 * once: a field's words are the terms under its prefix (those of a
 * longer prefix are skipped by close_to); the text's words are
 * the terms that start with no upper-case letter, before "A" and after
 * "Z" (the range between holds every prefixed term: a post's URL, the
 * stems, the fields). */
static folio_status scan_terms(fo_xdb *db, scan *s, fo_xerr *err)
{
	char end[MAX_PREFIX + 2];
	size_t i, j;
	folio_status st = FOLIO_OK;

	for (i = 0; i < s->n; i++)
		if (s->c[i].wanted && s->c[i].plen <= MAX_PREFIX)
			walk_key(s, &s->c[i]);
	for (i = 0; st == FOLIO_OK && i < s->n; i++) {
		const char *key = s->c[i].key;
		size_t klen = s->c[i].klen;

		for (j = 0; j < i; j++)
			if (s->c[j].wanted && s->c[j].plen <= MAX_PREFIX &&
			    strcmp(s->c[j].key, key) == 0)
				break;
		if (!s->c[i].wanted || j < i || s->c[i].plen > MAX_PREFIX)
			continue;
		st = walk_for(s, key, klen);
		if (st == FOLIO_OK && klen == 0) {
			st = fo_xdb_terms_between(db, "", "A", pick, on_term, s,
			                          err);
			if (st == FOLIO_OK)
				st = fo_xdb_terms_between(db, "[", NULL, pick,
				                          on_term, s, err);
		} else if (st == FOLIO_OK) {
			/* every term that starts with key */
			memcpy(end, key, klen);
			end[klen - 1]++;
			end[klen] = '\0';
			st = fo_xdb_terms_between(db, key, end, pick, on_term,
			                          s, err);
		}
	}
	fo_walk_free(s->walk);
	s->walk = NULL;
	return st;
}

/* A correction, in the case the word was typed in: Balhra gives Balhar,
 * GLI GIL, Ødegrad Ødegaard (the vocabulary is case-folded). A word whose
 * capitals are humps (each after a lower-case letter or first, and before
 * one: getElementByIdd, postgrSql, not pARALLELSIM) keeps the case typed
 * as far as the correction agrees with it letter for letter, so
 * getElementByIdd gives getElementById; the rest is in lower case.
 * Letters are told and cased by Unicode, not ASCII alone: a name's first
 * letter is often not ASCII. */
static void put_in_case(fo_buf *b, const char *typed, size_t n,
                        const char *best)
{
	const utf8proc_uint8_t *t = (const utf8proc_uint8_t *)typed;
	const utf8proc_uint8_t *s = (const utf8proc_uint8_t *)best;
	utf8proc_uint8_t enc[4];
	utf8proc_int32_t cp, tc;
	utf8proc_ssize_t k, tk;
	size_t i, at = 0, upper = 0, letters = 0;
	int all, first = 0, humps = 1, after_upper = 0;

	for (i = 0; i < n; i += (size_t)k) {
		utf8proc_category_t cat;

		k = utf8proc_iterate(t + i, (utf8proc_ssize_t)(n - i), &cp);
		if (k <= 0) {
			k = 1;
			continue;
		}
		cat = utf8proc_category(cp);
		if (cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO)
			letters++;
		if (after_upper && cat != UTF8PROC_CATEGORY_LL)
			humps = 0;
		after_upper =
		    cat == UTF8PROC_CATEGORY_LU || cat == UTF8PROC_CATEGORY_LT;
		if (after_upper) {
			upper++;
			first |= i == 0;
		}
	}
	all = upper > 1 && upper == letters;
	humps = humps && !after_upper && upper > 0;
	for (i = 0; best[i]; i += (size_t)k) {
		int agreed = 0;

		k = utf8proc_iterate(s + i, -1, &cp);
		if (k <= 0) {
			fo_buf_putc(b, best[i]);
			k = 1;
			continue;
		}
		if (humps && at < n &&
		    (tk = utf8proc_iterate(t + at, (utf8proc_ssize_t)(n - at),
		                           &tc)) > 0 &&
		    utf8proc_tolower(tc) == cp) {
			cp = tc;
			at += (size_t)tk;
			agreed = 1;
		} else {
			humps = 0;
		}
		if (!agreed && (all || (first && i == 0)))
			cp = utf8proc_toupper(cp);
		fo_buf_append(b, (const char *)enc,
		              (size_t)utf8proc_encode_char(cp, enc));
	}
}

/* A byte of a word as typed: an ASCII letter or digit, or a byte of a
 * non-ASCII character (perlMödle is one word typed). */
static int word_byte(char ch)
{
	return fo_ascii_is_alpha((unsigned char)ch) ||
	       (ch >= '0' && ch <= '9') || (unsigned char)ch >= 0x80;
}

/* Whether query[k] belongs to a word typed: a word byte, or a hyphen
 * between two (lock-free is one word typed, its compound written as one
 * lockfree). */
static int run_byte(const char *query, size_t len, size_t k)
{
	return word_byte(query[k]) ||
	       (query[k] == '-' && k > 0 && k + 1 < len &&
	        word_byte(query[k - 1]) && word_byte(query[k + 1]));
}

/* Appends to all (*n words, room for *cap) query[start, end) as one
 * word of prefix, without its hyphens and folded as the analyzer folds
 * a word (case and accents: naÏev is naiev, which the vocabulary can
 * hold), unless it is too long to correct; 0 when out of memory. */
static int add_whole(fo_qword **all, size_t *n, size_t *cap, const char *query,
                     size_t start, size_t end, const char *prefix)
{
	fo_qword *w;
	char *term, *folded;
	size_t k, j;

	/* a run of more bytes than 4 a letter is no word to correct, however
	 * its letters fold */
	if (end - start > 4 * MAX_WORD)
		return 1;
	if (!(term = malloc(end - start + 1)))
		return 0;
	for (k = start, j = 0; k < end; k++)
		if (query[k] != '-')
			term[j++] = query[k];
	folded = fo_normalize_value(term, j);
	free(term);
	if (!(term = folded))
		return 0;
	if (strlen(term) > MAX_WORD) {
		free(term);
		return 1;
	}
	if (*n == *cap) {
		fo_qword *more = realloc(*all, 2 * *cap * sizeof *more);
		if (!more) {
			free(term);
			return 0;
		}
		*all = more;
		*cap *= 2;
	}
	w = &(*all)[*n];
	memset(w, 0, sizeof *w);
	w->start = start;
	w->end = end;
	w->prefix = prefix;
	w->term = term;
	(*n)++;
	return 1;
}

/* Whether query[start, end) holds more than one of the words. */
static int holds_parts(const fo_qword *words, size_t n_words, size_t start,
                       size_t end)
{
	size_t i, n = 0;

	for (i = 0; i < n_words; i++)
		if (words[i].start >= start && words[i].end <= end && ++n > 1)
			return 1;
	return 0;
}

/* Adds to all each pair of parts side by side in hyphened run
 * query[start, end), short of the whole, that holds more than one
 * word: a typo in a short part of a longer run is corrected in the
 * compound it is part of (lock-fre-queue: lock-fre, lockfree, as
 * lock-fre is alone), as the whole (lockfrequeue) is no word. A pair,
 * not every stretch: one a hyphen keeps the words to correct linear in
 * the run (ab-ab-ab-... of 4096 bytes); 0 when out of memory. */
static int add_stretches(fo_qword **all, size_t *n, size_t *cap,
                         const fo_qword *words, size_t n_words,
                         const char *query, size_t start, size_t end,
                         const char *prefix)
{
	const char *hyphen, *next;
	size_t a = start, b;

	while ((hyphen = memchr(query + a, '-', end - a)) != NULL) {
		next =
		    memchr(hyphen + 1, '-', end - (size_t)(hyphen - query) - 1);
		b = next ? (size_t)(next - query) : end;
		if ((a > start || b < end) &&
		    holds_parts(words, n_words, a, b) &&
		    !add_whole(all, n, cap, query, a, b, prefix))
			return 0;
		a = (size_t)(hyphen - query) + 1;
	}
	return 1;
}

/* words, and for each word typed that the analyzer split into parts at
 * a change of case, between letters and digits (pOSTGRSQL: p,
 * ostgrsql) or at a hyphen (lock-fre: lock, fre), the whole of it,
 * folded and without its hyphens, as one more word, within the len
 * bytes read:
 * a part too short to correct alone (fre) is corrected in its whole
 * (lockfree), which the index holds as the compound's joined term; so
 * are the stretches of a hyphened whole between its hyphens
 * (add_stretches). Which of them is corrected is settled once all are
 * looked up (settle_runs). *n_all: how many; NULL when out of memory.
 * The added words' terms are the caller's to free. */
static fo_qword *with_runs(const char *query, size_t len, const fo_qword *words,
                           size_t n_words, size_t *n_all)
{
	size_t cap = 2 * n_words, i, k, n = n_words, start, end;
	fo_qword *all = malloc(cap * sizeof *all);
	/* the runs whose whole and stretches are in, by their first byte:
	 * each word of a run finds the same, once */
	unsigned char *done = calloc(len + 1, 1);

	if (!all || !done)
		goto nomem;
	memcpy(all, words, n_words * sizeof *all);
	for (i = 0; i < n_words; i++) {
		for (start = words[i].start;
		     start > 0 && run_byte(query, len, start - 1);)
			start--;
		for (end = words[i].end;
		     end < len && run_byte(query, len, end);)
			end++;
		if ((start == words[i].start && end == words[i].end) ||
		    done[start])
			continue; /* not a part, or its run is in */
		done[start] = 1;
		if (!add_whole(&all, &n, &cap, query, start, end,
		               words[i].prefix) ||
		    (memchr(query + start, '-', end - start) &&
		     !add_stretches(&all, &n, &cap, words, n_words, query,
		                    start, end, words[i].prefix)))
			goto nomem;
	}
	free(done);
	*n_all = n;
	return all;
nomem:
	for (k = n_words; all && k < n; k++)
		free(all[k].term);
	free(all);
	free(done);
	return NULL;
}

/* Whether word w lies within whole word r. */
static int within(const fo_qword *w, const fo_qword *r)
{
	return w->start >= r->start && w->end <= r->end;
}

/* Whether part w begins with the last capital of an acronym: the
 * analyzer splits XMLparser as xm + lparser, so lparser is no typo. */
static int acronym_tail(const char *query, const fo_qword *w)
{
	const char *s = query + w->start;

	return w->start > 0 && fo_ascii_is_upper((unsigned char)s[-1]) &&
	       fo_ascii_is_upper((unsigned char)s[0]) &&
	       w->end > w->start + 1 &&
	       fo_ascii_is_alpha((unsigned char)s[1]) &&
	       !fo_ascii_is_upper((unsigned char)s[1]);
}

/* Whether all[i], one of the n_words words typed, is a part of one of
 * the whole words after them (with_runs). */
static int in_run(const fo_qword *all, size_t n_words, size_t n_all, size_t i)
{
	size_t k;

	for (k = n_words; k < n_all; k++)
		if (within(&all[i], &all[k]))
			return 1;
	return 0;
}

/* Whether a part of whole word r is misspelt. */
static int part_wanted(const cand *c, size_t n_words, const fo_qword *r)
{
	size_t i;

	for (i = 0; i < n_words; i++)
		if (c[i].wanted && within(c[i].word, r))
			return 1;
	return 0;
}

/* Whether whole word r was typed with a hyphen: its parts all words
 * (ab-cd), it is a compound typed on purpose, no typo of abc; only a
 * part the index lacks (fre of lock-fre) makes it one. */
static int hyphened(const char *query, const fo_qword *r)
{
	return memchr(query + r->start, '-', r->end - r->start) != NULL;
}

/* Correct a split word whole or by its parts (settled once both were
 * looked up):
 * - not at all where the whole is an indexed word (postgrEsql);
 * - a part after the first keeps its first letter: XMLparser splits as
 *   xm + lparser, and lparser -> parser would make XMParser;
 * - the whole keeps its first letter (HTMLfiles is not tmpfiles, IPython
 *   not python);
 * - where a part is misspelt, whichever needs fewer edits, the parts on
 *   a tie (they keep the case typed): pOSTGRSQL is postgresql, one edit
 *   away, not p + POSTGRESQL; freeThreadd is freeThreaded; but never
 *   the parts where one is left neither a word nor corrected, since
 *   they find nothing together: PARALLELsim (paralle + lsim) is
 *   parallelism, not PARALLELLsim; and on a tie the whole is kept as
 *   the next try (next_try), for parts that are words yet find nothing
 *   together (lsim in a post or two: PARALLELLsim finds nothing);
 *   but a compound typed with a hyphen, whose whole is what the index
 *   holds for it, is the whole first on a tie and its parts next:
 *   free-threadd is free-threaded, not free-thread (threadd -> thread,
 *   one edit as well, more frequent, no compound any post writes);
 * - where none is, the whole only one edit away (postgrSql ->
 *   postgresql), since a word glued from indexed words is no typo
 *   (jpgLoading is not uploading), and never after an acronym, typed on
 *   purpose (PDFfiles is not peffiles);
 * - by its best correction only: a runner-up would have to be settled
 *   as the best was. */
static void settle_runs(const char *query, cand *c, size_t n_words,
                        size_t n_all)
{
	size_t i, k;

	for (i = n_words; i < n_all; i++) {
		const fo_qword *r = c[i].word;
		unsigned parts = c[i].max + 1;
		int misspelt = part_wanted(c, n_words, r), whole, acronym = 0;
		int stuck = 0; /* a part no correction makes a word */

		for (k = 0; k < n_words; k++) {
			if (!within(c[k].word, r))
				continue;
			if (acronym_tail(query, c[k].word))
				acronym = 1;
			if (c[k].best[0] &&
			    (c[i].freq > 0 ||
			     (c[k].word->start > r->start &&
			      c[k].best[0] != c[k].word->term[0])))
				c[k].best[0] = '\0';
			if (c[k].best[0] && c[k].best_dist < parts)
				parts = c[k].best_dist;
			else if (!c[k].best[0] && !c[k].freq)
				stuck = 1;
		}
		if (stuck)
			parts = c[i].max + 1;
		whole = c[i].best[0] && c[i].freq == 0 &&
		        c[i].best[0] == r->term[0];
		c[i].tied = !(whole && misspelt && c[i].best_dist == parts) ? 0
		            : hyphened(query, r) ? TIE_WHOLE
		                                 : TIE_PARTS;
		whole =
		    whole && (misspelt ? c[i].best_dist < parts
		                       : c[i].best_dist == 1 && !acronym &&
		                             (stuck || !hyphened(query, r)));
		if (!whole && !c[i].tied)
			c[i].best[0] = '\0';
		c[i].n_next = 0;
		for (k = 0; k < n_words; k++) {
			if (!within(c[k].word, r))
				continue;
			if (whole)
				c[k].best[0] = '\0';
			c[k].n_next = 0;
		}
	}
}

/* Word breaks, as Lucene's WordBreakSpellChecker makes them: a word in
 * no post, that no edit corrects, or only two, may be two words typed
 * without the space between them (pytorchdistributed). Parts are
 * BREAK_PART bytes or more, and never part a run of digits (python314 is
 * no python3 14); each is in as many posts as a correction must be
 * (cand.least); the best split is the one whose rarer part is in the
 * most posts; and of the BREAK_TRIES best, the first whose parts a post
 * holds in that order within BREAK_WINDOW positions is kept: a split
 * that no post writes apart (finkel: fin kel) is a guess, not what was
 * meant. */
#define BREAK_PART  2
#define BREAK_TRIES 3
/* The indexer puts a compound (PyTorch, free-threaded) at its first
 * part's position and its other parts after it, so the word after a
 * compound of two is two positions on. No more: gilthreads is not gil
 * threads where a post says "the GIL, allowing Python threads". */
#define BREAK_WINDOW 3

typedef struct split {
	size_t at;
	uint64_t freq; /* the rarer part's */
} split;

/* Whether a post holds the text words a then b, within BREAK_WINDOW
 * positions. */
static folio_status in_order(fo_xdb *db, const char *a, size_t na,
                             const char *b, int *yes, fo_xerr *err)
{
	fo_xquery *t[2], *q = NULL;
	fo_xmset *m = NULL;
	fo_xsearch p;
	folio_status st = FOLIO_ERROR_NOMEM;

	*yes = 0;
	t[0] = fo_xquery_term(a, na, 1);
	t[1] = fo_xquery_term(b, strlen(b), 1);
	if (t[0] && t[1])
		q = fo_xquery_combine(FO_XOP_PHRASE, t, 2, BREAK_WINDOW);
	if (q) {
		memset(&p, 0, sizeof p);
		p.limit = 1;
		st = fo_xdb_search(db, q, &p, &m, err);
	}
	if (st == FOLIO_OK)
		*yes = fo_xmset_size(m) > 0;
	fo_xmset_free(m);
	fo_xquery_free(q);
	fo_xquery_free(t[0]);
	fo_xquery_free(t[1]);
	return st;
}

/* Keeps the split at at, whose rarer part is in freq posts, among the
 * n best of top, most posts first. */
static void keep_split(split *top, size_t *n, size_t at, uint64_t freq)
{
	size_t i = *n;

	while (i > 0 && freq > top[i - 1].freq)
		i--;
	if (i == BREAK_TRIES)
		return;
	if (*n < BREAK_TRIES)
		(*n)++;
	memmove(&top[i + 1], &top[i], (*n - 1 - i) * sizeof *top);
	top[i].at = at;
	top[i].freq = freq;
}

/* c's word broken in two (above), as its best: a break is one change,
 * which comes before a correction of two edits (moetraining is moe
 * training, not pretraining); that correction is its runner-up. */
static folio_status break_word(fo_xdb *db, const fo_xmset *match, cand *c,
                               fo_xerr *err)
{
	const char *w = c->word->term;
	char left[MAX_WORD + 1];
	split top[BREAK_TRIES];
	size_t n = 0, i;
	folio_status st = FOLIO_OK;
	int yes = 0;

	for (i = BREAK_PART; st == FOLIO_OK && i + BREAK_PART <= c->len; i++) {
		uint64_t lf = 0, rf = 0;

		if (((unsigned char)w[i] & 0xC0) == 0x80 ||
		    (digit_at(w, c->len, i - 1) && digit_at(w, c->len, i)))
			continue;
		memcpy(left, w, i);
		left[i] = '\0';
		st = fo_xmset_termfreq(db, match, left, &lf, err);
		if (st == FOLIO_OK && lf >= c->least)
			st = fo_xmset_termfreq(db, match, w + i, &rf, err);
		if (st == FOLIO_OK && lf >= c->least && rf >= c->least)
			keep_split(top, &n, i, lf < rf ? lf : rf);
	}
	for (i = 0; st == FOLIO_OK && !yes && i < n; i++)
		st = in_order(db, w, top[i].at, w + top[i].at, &yes, err);
	if (st == FOLIO_OK && yes) {
		i--;
		if (c->best[0])
			keep_next(c, c->best, strlen(c->best), c->best_dist,
			          c->best_freq);
		memcpy(c->best, w, top[i].at);
		c->best[top[i].at] = ' ';
		memcpy(c->best + top[i].at + 1, w + top[i].at,
		       c->len - top[i].at + 1);
		c->best_dist = 1;
		c->best_freq = top[i].freq;
	}
	return st;
}

/* query[from, to) into b but for the dropped spans in it, from *next
 * on (in the query's order): foo)bar is foo bar, foo ) bar foo bar,
 * and )foo ) foo, without the white space left at either end; a span
 * read as something (fo_qspan.put) is that, just so: company:"Red is
 * company:Red. */
static void put_kept(fo_buf *b, const char *query, size_t from, size_t to,
                     const fo_qspan *dropped, size_t n_dropped, size_t *next)
{
	size_t i = from, full = strlen(query);

	while (i < to) {
		const fo_qspan *d;

		while (*next < n_dropped && dropped[*next].start < i)
			(*next)++;
		d = *next < n_dropped ? &dropped[*next] : NULL;
		size_t upto = d && d->start < to ? d->start : to;
		int after_word;

		fo_buf_append(b, query + i, upto - i);
		if (upto == to)
			break;
		(*next)++;
		i = d->end;
		if (d->put) {
			fo_buf_puts(b, d->put);
			continue;
		}
		/* white space as the parser has it: an ideographic
		 * space too */
		after_word = b->len > 0 &&
		             fo_qlex_trim_space(b->data, 0, b->len) == b->len;
		if (after_word && query[i] && !fo_qlex_space(query, full, i))
			fo_buf_putc(b, ' ');
		else if (!after_word)
			i = fo_qlex_skip_space(query, to, i);
		if (!query[i])
			fo_buf_truncate(b,
			                fo_qlex_trim_space(b->data, 0, b->len));
	}
}

/* After the query, the marks that close what it was read as closing at
 * its end (the spans from next on that put one there: GIL (parallelsim
 * is GIL (parallelism)), the white space before them left out. */
static void put_closing(fo_buf *b, size_t len, const fo_qspan *dropped,
                        size_t n_dropped, size_t next)
{
	size_t end = b->len;

	for (; next < n_dropped; next++) {
		if (dropped[next].start < len || !dropped[next].put)
			continue;
		fo_buf_truncate(b, fo_qlex_trim_space(b->data, 0, end));
		fo_buf_puts(b, dropped[next].put);
		end = b->len;
	}
}

/* Whether tied whole c is corrected on a try: TIE_PARTS on the try of
 * the wholes alone, TIE_WHOLE on every other. */
static int whole_on_try(const cand *c, int wholes)
{
	return wholes != (c->tied == TIE_WHOLE);
}

/* Whether c[i] is corrected on a try: a tied whole (settle_runs) as
 * whole_on_try says, and its parts when it is not. */
static int on_try(const cand *c, size_t n, size_t i, int wholes)
{
	size_t k;

	if (c[i].tied)
		return whole_on_try(&c[i], wholes);
	for (k = 0; k < n; k++)
		if (k != i && c[k].tied && within(c[i].word, c[k].word))
			return !whole_on_try(&c[k], wholes);
	return 1;
}

/* put_in_case of a correction of a word typed with hyphens (lock-fre:
 * lockfree), the hyphens put back where the correction agrees with the
 * typed letters up to them, or from them on (lock-free; lok-free:
 * lock-free); one that falls in the edit is left out. */
static void put_hyphened(fo_buf *b, const char *typed, size_t n,
                         const char *best)
{
	char part[MAX_WORD + 1];
	size_t letters, lead = 0, tail = 0, blen = strlen(best);
	size_t i, k, from = 0, seg = 0, done = 0, cut, after;
	const char *next;

	/* the letters typed and best share at the start and at the end */
	for (i = 0; i < n && lead < blen &&
	            (typed[i] == '-' ||
	             fo_ascii_lower((unsigned char)typed[i]) == best[lead]);
	     i++)
		lead += typed[i] != '-';
	for (i = n; i > 0 && tail < blen &&
	            (typed[i - 1] == '-' ||
	             fo_ascii_lower((unsigned char)typed[i - 1]) ==
	                 best[blen - 1 - tail]);
	     i--)
		tail += typed[i - 1] != '-';
	for (i = 0, letters = 0; i < n && blen <= MAX_WORD; i++) {
		if (typed[i] != '-') {
			letters++;
			continue;
		}
		cut = letters <= lead ? letters : 0;
		for (k = i + 1, after = 0; k < n; k++)
			after += typed[k] != '-';
		next = memchr(typed + i + 1, '-', n - i - 1);
		/* either side of the hyphen may hold the edit: the shorter
		 * part typed, which no edit of its own corrected
		 * (lock-fre-queue: lock-free-queue, not lock-fre-equeue) */
		if (after <= tail && blen > after &&
		    (!cut || i - seg < (size_t)((next ? next : typed + n) -
		                                (typed + i + 1))))
			cut = blen - after;
		seg = i + 1;
		if (!cut || cut <= done)
			continue;
		memcpy(part, best + done, cut - done);
		part[cut - done] = '\0';
		put_in_case(b, typed + from, i - from, part);
		fo_buf_putc(b, '-');
		done = cut;
		from = i + 1;
	}
	put_in_case(b, typed + from, n - from, best + done);
}

/* The query into b with each word of c[0..n) (in the query's order)
 * corrected to its best, but c[swap] to its runner-up k (swap == n:
 * none), and each tie's other side (on_try) when wholes is set;
 * whether it was, and c[swap] or a tie's other side with it. A query cut at its
 * limits is suggested whole (the part read alone lost the rest in silence):
 * what follows its last word read is as typed, an operator the cut left
 * nothing beside too (a OR | b is not a b: the caller left those out of
 * dropped), then the rest, which closes, or leaves open, what was read
 * as closed at the cut; the suggestion's search cuts it there again. */
static int put_suggestion(fo_buf *b, const char *query, size_t len,
                          const cand *c, size_t n, const fo_qspan *dropped,
                          size_t n_dropped, size_t swap, size_t k, int wholes)
{
	size_t i, at = 0, next_drop = 0;
	int changed = 0, swapped = swap == n && !wholes;

	for (i = 0; i < n; i++) {
		const fo_qword *w = c[i].word;
		/* a word the byte limit cut (within one giant run) is not
		 * the word typed, and the rest of it follows the cut */
		if (!c[i].best[0] || !on_try(c, n, i, wholes) ||
		    w->start < at ||
		    (w->end == len && query[len] &&
		     !fo_qlex_space(query, len + strlen(query + len), len)))
			continue;
		put_kept(b, query, at, w->start, dropped, n_dropped,
		         &next_drop);
		put_hyphened(b, query + w->start, w->end - w->start,
		             i == swap ? c[i].next[k].word : c[i].best);
		at = w->end;
		changed = 1;
		swapped |= i == swap || (wholes && !on_try(c, n, i, 0));
	}
	if (!changed || !swapped)
		return 0;
	put_kept(b, query, at, len, dropped, n_dropped, &next_drop);
	if (query[len])
		fo_buf_puts(b, query + len);
	else
		put_closing(b, len, dropped, n_dropped, next_drop);
	return 1;
}

/* Try t (from 1; try 0 is each word's best): each tie's other side
 * (*wholes), if any, then the runner-up in c[*swap] at *k: the first runners-up
 * of the words in the query's order, then their second ones; 0 when there is no
 * such try. */
static int next_try(const cand *c, size_t n, size_t t, size_t *swap, size_t *k,
                    int *wholes)
{
	size_t i;

	for (i = 0; i < n && !c[i].tied; i++)
		;
	if (i < n && --t == 0) {
		*wholes = 1;
		return 1;
	}
	for (*k = 0; *k < RUNNERS_UP; (*k)++)
		for (i = 0; i < n; i++)
			if (c[i].best[0] && *k < c[i].n_next && --t == 0) {
				*swap = i;
				return 1;
			}
	return 0;
}

/* In the query's order, a longer word first where two start together:
 * a whole corrected is put before a stretch of it (put_suggestion). */
static int by_start(const void *a, const void *b)
{
	const cand *x = a, *y = b;

	if (x->word->start != y->word->start)
		return x->word->start < y->word->start ? -1 : 1;
	return x->word->end > y->word->end ? -1 : x->word->end < y->word->end;
}

folio_status fo_spell_suggest(fo_xdb *db, const fo_xmset *match,
                              const char *query, size_t len,
                              const fo_qword *words, size_t n_words,
                              const fo_qspan *dropped, size_t n_dropped,
                              uint64_t total, fo_spell_finds finds, void *ctx,
                              char **out, fo_xerr *err)
{
	scan s = { NULL, 0, NULL };
	fo_buf b = FO_BUF_INIT;
	fo_qword *all = NULL;
	size_t i, t, n_all = 0, wanted = 0, last = 0;
	int many = total >= FO_SPELL_FEW;
	uint64_t docs = 0;
	folio_status st = FOLIO_OK;

	*out = NULL;
	if (n_words == 0)
		return FOLIO_OK;
	/* A query that found nothing looks at words of any frequency: one
	 * whose correction would be in more posts than there are has none,
	 * and its vocabulary is not walked (the bench's known-item queries
	 * that find nothing: 0.3 ms each, 1.5 ms with those walks). */
	if (total == 0)
		st = fo_xdb_doccount(db, &docs, err);
	all = with_runs(query, len, words, n_words, &n_all);
	s.c = all ? calloc(n_all, sizeof *s.c) : NULL;
	if (!s.c)
		st = FOLIO_ERROR_NOMEM;
	s.n = n_all;
	for (i = 0; st == FOLIO_OK && i < n_all; i++) {
		cand *c = &s.c[i];
		c->word = &all[i];
		c->len = strlen(all[i].term);
		c->plen = strlen(all[i].prefix);
		c->max = c->len >= 8 ? FO_SPELL_MAX_EDITS : c->len >= 4 ? 1 : 0;
		c->set = byte_set(all[i].term, c->len);
		/* A whole split word (with_runs) of a query that found
		 * many is looked at only for a part the index lacks: its
		 * parts found, it is no typo, and it is no query term, so
		 * it would cost a lookup of the index. */
		if (many && i >= n_words && !part_wanted(s.c, n_words, &all[i]))
			continue;
		/* Nor a word too short to correct that is no part of one
		 * (a part's frequency settles how its whole is corrected). */
		if (many && c->max == 0 && !in_run(all, n_words, n_all, i))
			continue;
		/* The compiler found the word in over half the posts and
		 * left it out of the query: no typo, and a lookup of a
		 * term the match did not read would read the index again.
		 * Its frequency only needs to be more than a typo's. */
		if (all[i].common) {
			c->freq = RARE + 1;
			continue;
		}
		/* A field's name read as a word (year:( OR ), when nothing
		 * but syntax was left) is no typo: corrected, year: became
		 * near:. An unknown name (contentoin:) is a word. Nor is an
		 * operator read as a word (python *NEAR suggested python
		 * *YEAR). */
		if ((all[i].end < len && query[all[i].end] == ':' &&
		     fo_qlex_field_named(query, all[i].start, all[i].end)) ||
		    fo_qlex_operator(query, all[i].start, all[i].end)) {
			c->freq = RARE + 1;
			continue;
		}
		fo_buf_clear(&b);
		fo_buf_puts(&b, all[i].prefix);
		fo_buf_puts(&b, all[i].term);
		/* The compiler read it, and the match did not where the
		 * query weighs it with its stem (fo_qc_exact_folded). */
		c->freq = all[i].posts;
		st = b.oom ? FOLIO_ERROR_NOMEM
		     : c->freq
		         ? FOLIO_OK
		         : fo_xmset_termfreq(db, match, b.data, &c->freq, err);
		/* Not as typed, but in another form with its stem (year
		 * matches years): the word matched, it is no typo. */
		if (st == FOLIO_OK && !c->freq && all[i].stem)
			st = fo_xmset_termfreq(db, match, all[i].stem, &c->freq,
			                       err);
		/* A stem that is a word has no Z term: rafts, found by
		 * the raft of a post, was "corrected" to raft. */
		if (st == FOLIO_OK && !c->freq && all[i].bare)
			st = fo_xmset_termfreq(db, match, all[i].bare, &c->freq,
			                       err);
		/* A word in a post or two that the query found may be a
		 * typo they share (pyhton): corrected only as typed (one
		 * edit, typo_shaped) to a word in far more posts. So may a
		 * word in more posts, of a query that found none: a typo
		 * common enough to be in a dozen posts (libary: 13 of the
		 * bench's 63,904, library 25,913) left "python libary" with
		 * no hit and no suggestion. */
		c->found = c->freq > 0 && (total > 0 || c->freq > RARE);
		if (c->found)
			c->max = c->len >= MIN_FOUND ? 1 : 0;
		c->wanted =
		    c->max > 0 && (c->freq <= (many ? 0 : RARE) || total == 0);
		c->least = c->freq ? (c->found ? POPULAR : MORE) * c->freq
		           : many  ? ABSENT_LEAST
		                   : 1;
		c->best_dist = c->max + 1;
		if ((i < n_words && acronym_tail(query, &all[i])) ||
		    (docs && c->least > docs))
			c->wanted = 0;
		wanted += (size_t)c->wanted;
	}
	if (st == FOLIO_OK && wanted)
		st = scan_terms(db, &s, err);
	if (st == FOLIO_OK)
		settle_runs(query, s.c, n_words, n_all);
	for (i = 0; st == FOLIO_OK && i < n_words; i++)
		if (s.c[i].wanted && !s.c[i].freq &&
		    (!s.c[i].best[0] || s.c[i].best_dist > 1) &&
		    s.c[i].plen == 0 && s.c[i].len < MAX_WORD &&
		    !in_run(all, n_words, n_all, i))
			st = break_word(db, match, &s.c[i], err);
	/* The query's words in its order; a query cut at its limits
	 * without what followed its last word read (put_suggestion). */
	for (i = 0; query[len] && i < n_words; i++)
		if (words[i].end > last)
			last = words[i].end;
	while (query[len] && n_dropped > 0 &&
	       dropped[n_dropped - 1].start >= last)
		n_dropped--;
	if (st == FOLIO_OK)
		qsort(s.c, n_all, sizeof *s.c, by_start);
	for (t = 0; st == FOLIO_OK && !*out && t < TRIES; t++) {
		size_t swap = n_all, k = 0;
		int wholes = 0;

		if (t > 0 && !next_try(s.c, n_all, t, &swap, &k, &wholes))
			break;
		fo_buf_clear(&b);
		if (!put_suggestion(&b, query, len, s.c, n_all, dropped,
		                    n_dropped, swap, k, wholes))
			continue;
		if (b.oom)
			st = FOLIO_ERROR_NOMEM;
		else if (!finds || finds(b.data, ctx))
			*out = fo_buf_detach(&b);
	}
	fo_buf_free(&b);
	free(s.c);
	for (i = n_words; all && i < n_all; i++)
		free(all[i].term);
	free(all);
	return st;
}
