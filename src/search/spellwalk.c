/*
 * spellwalk.c: the vocabulary walk of spellwalk.h. Row i of a word's
 * table holds the distances from the term's first i bytes (after the
 * prefix) to each prefix of the word. A row's least cell never drops in
 * the rows below it (a transposition from row i - 1 to i + 1 costs no
 * less than the substitution through row i), so once it exceeds max,
 * no term with that prefix is within max edits of the word.
 */
#include "search/spellwalk.h"

#include <stdlib.h>
#include <string.h>

/* Rows a word can need: a term max + 1 bytes longer is out of reach, so
 * row len + max + 1 is the last ever computed. */
#define MAX_ROWS (FO_EDIT_MAX_LEN + FO_WALK_MAX_EDITS + 2)

typedef struct wword {
	const char *word;
	size_t len;
	unsigned max;
	int slips; /* no byte changed into another (fo_walk_add_slips) */
	/* rows 0 .. valid - 1 hold the table of the last term's prefixes */
	size_t valid;
	unsigned char *rows; /* MAX_ROWS rows of len + 1 cells, capped at
	                        max + 1 */
	unsigned char min[MAX_ROWS]; /* each row's least cell */
} wword;

struct fo_walk {
	char *prefix;
	size_t plen;
	wword *w;
	size_t n, cap;
	/* the last term's bytes after the prefix, as far as any row goes */
	unsigned char last[MAX_ROWS];
	size_t last_len;
	char *seek; /* the prefix, then where a step sends the walk */
};

fo_walk *fo_walk_new(const char *prefix, size_t plen, size_t n)
{
	fo_walk *w = calloc(1, sizeof *w);

	if (!w)
		return NULL;
	w->prefix = malloc(plen + 1);
	w->seek = malloc(plen + MAX_ROWS);
	w->w = calloc(n ? n : 1, sizeof *w->w);
	if (!w->prefix || !w->seek || !w->w) {
		fo_walk_free(w);
		return NULL;
	}
	memcpy(w->prefix, prefix, plen);
	memcpy(w->seek, prefix, plen);
	w->plen = plen;
	w->cap = n;
	return w;
}

void fo_walk_free(fo_walk *w)
{
	size_t i;

	if (!w)
		return;
	for (i = 0; i < w->n; i++)
		free(w->w[i].rows);
	free(w->w);
	free(w->prefix);
	free(w->seek);
	free(w);
}

static int add(fo_walk *w, const char *word, size_t len, unsigned max,
               int slips)
{
	wword *x;
	size_t j;

	if (w->n == w->cap || len > FO_EDIT_MAX_LEN || max > FO_WALK_MAX_EDITS)
		return -1;
	x = &w->w[w->n];
	if (!(x->rows = malloc(MAX_ROWS * (len + 1))))
		return -1;
	x->word = word;
	x->len = len;
	x->max = max;
	x->slips = slips;
	/* row 0: the empty prefix is j edits from the word's first j bytes;
	 * row() never writes the cells further than max off the diagonal */
	memset(x->rows, (int)max + 1, MAX_ROWS * (len + 1));
	for (j = 0; j <= len && j <= max; j++)
		x->rows[j] = (unsigned char)j;
	x->min[0] = 0;
	x->valid = 1;
	w->n++;
	return 0;
}

int fo_walk_add(fo_walk *w, const char *word, size_t len, unsigned max)
{
	return add(w, word, len, max, 0);
}

int fo_walk_add_slips(fo_walk *w, const char *word, size_t len, unsigned max)
{
	return add(w, word, len, max, 1);
}

/* Row i (i >= 1) of x's table into out, for a term whose prefix is
 * t[0..i - 1) followed by t[i - 1], from rows i - 1 and i - 2; returns
 * its least cell. The recurrence is distance.c's, over the cells within
 * max of the diagonal only: a cell further off is more than max (its
 * prefixes differ that much in length), and stays at max + 1 from
 * fo_walk_add. For slips, the diagonal is a match or nothing; a row's
 * least cell still never drops below, as the swap's cell two rows down
 * is reached as cheaply by adding the byte between. */
static unsigned row(const wword *x, size_t i, const unsigned char *t,
                    unsigned char *out)
{
	const unsigned char *p = x->rows + (i - 1) * (x->len + 1);
	const unsigned char *pp = i > 1 ? p - (x->len + 1) : NULL;
	const unsigned char *b = (const unsigned char *)x->word;
	unsigned cap = x->max + 1, best = cap, left = cap;
	unsigned char ch = t[i - 1];
	size_t j = i > x->max ? i - x->max : 1,
	       hi = i + x->max < x->len ? i + x->max : x->len;

	if (i <= x->max)
		best = left = out[0] = (unsigned char)i;
	for (; j <= hi; j++) {
		unsigned v = ch == b[j - 1] ? p[j - 1]
		             : x->slips     ? cap
		                            : p[j - 1] + 1u;
		if (p[j] + 1u < v)
			v = p[j] + 1u;
		if (left + 1u < v)
			v = left + 1u;
		if (pp && j > 1 && ch == b[j - 2] && t[i - 2] == b[j - 1] &&
		    pp[j - 2] + 1u < v)
			v = pp[j - 2] + 1u;
		if (v > cap)
			v = cap;
		out[j] = (unsigned char)v;
		left = v;
		if (v < best)
			best = v;
	}
	return best;
}

/* Extends x's rows along t[0..len) as far as they stay within reach. */
static void extend(wword *x, const unsigned char *t, size_t len)
{
	while (x->valid <= len && x->min[x->valid - 1] <= x->max) {
		size_t i = x->valid;
		x->min[i] =
		    (unsigned char)row(x, i, t, x->rows + i * (x->len + 1));
		x->valid++;
	}
}

/* The least byte after t[k] that keeps t[0..k) followed by it within
 * reach of x (whose row k is), 256 when none does. A row whose least
 * cell is below max lets any byte in (one more edit is allowed); a row
 * at max only a byte that continues a cell at max without an edit: the
 * word's byte there (a match) or the first of a swapped pair. */
static unsigned next_byte(const wword *x, const unsigned char *t, size_t k)
{
	const unsigned char *p = x->rows + k * (x->len + 1);
	const unsigned char *pp = k > 0 ? p - (x->len + 1) : NULL;
	const unsigned char *b = (const unsigned char *)x->word;
	unsigned best = 256;
	size_t j = k > x->max ? k - x->max + 1 : 1,
	       hi = k + x->max + 1 < x->len ? k + x->max + 1 : x->len;

	if (x->min[k] < x->max)
		return t[k] + 1u;
	for (; j <= hi; j++) { /* cells j - 1 within max of the diagonal */
		if (p[j - 1] <= x->max && b[j - 1] > t[k] && b[j - 1] < best)
			best = b[j - 1];
		if (pp && j > 1 && t[k - 1] == b[j - 1] &&
		    pp[j - 2] + 1u <= x->max && b[j - 2] > t[k] &&
		    b[j - 2] < best)
			best = b[j - 2];
	}
	return best;
}

/* The least string after every one that starts with t[0..dead) that is
 * the prefix of a term within reach: t[0..k) and one byte past t[k], at
 * the deepest k that has one, after the prefix in w->seek; its length,
 * 0 when there is none. */
static size_t next_reachable(fo_walk *w, const unsigned char *t, size_t dead)
{
	size_t i, k;

	for (k = dead; k-- > 0;) {
		unsigned ch = 256;
		for (i = 0; i < w->n; i++) {
			const wword *x = &w->w[i];
			unsigned c;
			if (x->valid <= k || x->min[k] > x->max)
				continue;
			c = next_byte(x, t, k);
			if (c < ch)
				ch = c;
		}
		if (ch < 256) {
			memcpy(w->seek + w->plen, t, k);
			w->seek[w->plen + k] = (char)ch;
			return k + 1;
		}
	}
	return 0;
}

int fo_walk_step(fo_walk *w, const char *term, size_t len, const char **seek,
                 size_t *seek_len)
{
	const unsigned char *t = (const unsigned char *)term + w->plen;
	size_t i, lcp = 0, dead = 0, n;

	if (len < w->plen || memcmp(term, w->prefix, w->plen) != 0)
		return 1;
	len -= w->plen;
	while (lcp < len && lcp < w->last_len && t[lcp] == w->last[lcp])
		lcp++;
	n = len < MAX_ROWS ? len : MAX_ROWS;
	memcpy(w->last + lcp, t + lcp, n > lcp ? n - lcp : 0);
	w->last_len = n;
	for (i = 0; i < w->n; i++)
		if (w->w[i].valid > lcp + 1)
			w->w[i].valid = lcp + 1;
	for (i = 0; i < w->n; i++) {
		wword *x = &w->w[i];
		extend(x, t, len);
		if (x->min[x->valid - 1] <= x->max)
			return 1; /* within reach to its last byte */
		if (x->valid - 1 > dead)
			dead = x->valid - 1;
	}
	/* t[0..dead) is out of reach of every word */
	n = next_reachable(w, w->last, dead);
	if (!n)
		return -1;
	*seek = w->seek;
	*seek_len = w->plen + n;
	return 0;
}
