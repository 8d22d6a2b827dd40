/*
 * splits.c: the compounds a word typed whole may be the joined form of
 * in a post. The analyzer parts a word by its case (PostgreSQL: postgre,
 * sql) and the indexer places the joined form (postgresql) at the first
 * part's position, the other parts after it; so a phrase or a NEAR
 * typed in lower case must know a word's parts to line up with the
 * words after it. They are found by asking the local index which of the
 * word's pieces it holds as terms.
 */
#define _POSIX_C_SOURCE 200809L
#include "search/compile.h"

#include "analyzer/analyzer.h"

#include <stdlib.h>
#include <string.h>

/* Record the parts w[0..i), w[i..j) and, if j < len, w[j..len), unless
 * FO_SPLITS_MAX are there. */
static void add_split(fo_qc *c, fo_splits *s, const char *w, size_t i, size_t j,
                      size_t len)
{
	char *f;

	if (s->n >= FO_SPLITS_MAX)
		return;
	if (!(f = calloc(len + 4, 1))) {
		fo_qc_nomem(c);
		return;
	}
	memcpy(f, w, i);
	memcpy(f + i + 1, w + i, j - i);
	if (j < len)
		memcpy(f + j + 2, w + j, len - j);
	s->parts[s->n++] = f;
}

/* Of two parts (the first may be a letter: iPhone, eBPF), then of
 * three parts of two bytes or more (OpenStreetMap, phpMyAdmin) where it
 * has no split in two or two of the three are a term too (streetmap,
 * where a post wrote StreetMap: open streetmap was a split in two, and
 * OpenStreetMap was missed): a word has many splits into three short
 * terms (me, ta, package) that no post writes, and each is one more
 * phrase to match.
 * Each piece costs a lookup (about 2 us on a warm index), so a word of
 * n bytes costs 2(n - 2) and a few more. Parts start on a character,
 * not inside one. */
void fo_qc_word_splits(fo_qc *c, const char *prefix, const char *w,
                       int outside_only, fo_splits *s)
{
	/* head[i]: w[0..i) is a term; tail[i]: w[i..) is */
	unsigned char head[FO_MAX_TERM_BYTES], tail[FO_MAX_TERM_BYTES];
	size_t len = strlen(w), i, j, two;
	int in_field;

	memset(s, 0, sizeof *s);
	if (len < 2 || len > FO_MAX_TERM_BYTES)
		return;
	/* held whole in the field, or, for a field's word, in any: a name
	 * written with a dot (Node.js) is held whole only as the unprefixed
	 * term its squeezed form is (indexer.c add_squeezed) */
	in_field = fo_qc_held(c, prefix, w, len);
	s->outside = !in_field && *prefix && fo_qc_held(c, "", w, len);
	if (!(s->outside || (in_field && !outside_only)))
		return;
	if (len == 2) {
		/* us of U.S., held as its letters u, s at their places and
		 * squeezed (indexer.c add_squeezed) without one: a word of
		 * two letters is parted only as such a name, as most are
		 * two letters that posts also write apart (i s) */
		if ((w[1] & 0xC0) != 0x80 && fo_qc_held(c, prefix, w, 1) &&
		    fo_qc_held(c, prefix, w + 1, 1))
			add_split(c, s, w, 1, 2, 2);
		if (!fo_qc_squeezed(c, w, s))
			fo_splits_free(s);
		return;
	}
	for (i = 1; i + 1 < len; i++) {
		int starts = (w[i] & 0xC0) != 0x80;
		head[i] = starts && fo_qc_held(c, prefix, w, i);
		tail[i] = starts && fo_qc_held(c, prefix, w + i, len - i);
	}
	for (i = 1; i + 1 < len; i++)
		if (head[i] && tail[i])
			add_split(c, s, w, i, len, len);
	two = s->n;
	for (i = 2; i + 4 <= len; i++)
		for (j = i + 2; head[i] && j + 2 <= len; j++)
			if (tail[j] && (!two || tail[i] || head[j]) &&
			    fo_qc_held(c, prefix, w + i, j - i))
				add_split(c, s, w, i, j, len);
}

/* A name of two or three parts, as fo_qc_word_splits finds them; each
 * split costs two lookups. */
int fo_qc_squeezed(fo_qc *c, const char *w, const fo_splits *s)
{
	char joined[FO_MAX_TERM_BYTES + 3];
	const char *p, *sep;
	size_t k, n;
	int letters = 1;

	for (p = w; *p; p++)
		letters &= *p >= 'a' && *p <= 'z';
	for (k = 0; letters && k < s->n; k++)
		for (sep = "._"; *sep; sep++) {
			for (n = 0, p = s->parts[k]; *p; p += strlen(p) + 1) {
				if (n)
					joined[n++] = *sep;
				memcpy(joined + n, p, strlen(p));
				n += strlen(p);
			}
			if (fo_qc_held(c, "", joined, n))
				return 1;
		}
	return 0;
}

void fo_splits_free(fo_splits *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->parts[i]);
	s->n = 0;
}
