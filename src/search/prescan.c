/*
 * prescan.c: the chunks of a text that may hold a match of a query's
 * units (prescan.h explains why the rule is safe). Each place where a
 * needle may start is found by the needles' first two bytes (sixteen
 * bytes at a time with SSE2), then checked against each needle in the
 * chunk as the analyzer sees its ASCII bytes: lowercased, without '-'
 * and ','. The chunks that hold one, and those with a byte >= 0x80, are
 * kept; the rest of a chunk kept is not looked at.
 */
#include "search/prescan.h"

#include "util/ascii.h"
#include "util/grow.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Whether a stem that ends in byte b may end in bytes its word does not
 * have there: the bytes a rewrite leaves last are an 'e' (ational ->
 * ate, enci -> ence, an 'e' added after at, bl or iz), an 'i' (y -> i),
 * the 'l' of "bility" -> "bl(e)" and the 'y' of skies -> sky. A rewrite
 * changes one byte of what the word has there (ating -> ate, ency ->
 * ence, y -> i), two only in "biliti" -> "ble" and in Porter2's dying,
 * lying and tying (die, lie, tie); the later steps only cut the stem
 * shorter, which keeps what it shares with its word. Any other stem is
 * its word's start whole (fo_prescan_stem_needle). */
static int rewritten_end(char b)
{
	return b == 'e' || b == 'i' || b == 'l' || b == 'y';
}

/* Add s[0..len) as a needle; 0 when it cannot be one: the squeezed copy
 * has no '-', ',', upper case or white space, which no term holds, so a
 * needle with one would never be found where its term is. A needle with
 * a byte >= 0x80 is found in no ASCII chunk, rightly: no ASCII chunk's
 * term or English stem holds such a byte. */
static int add_needle(fo_prescan *p, const char *s, size_t len)
{
	size_t i;

	if (!len)
		return 0;
	for (i = 0; i < len; i++) {
		unsigned char b = (unsigned char)s[i];

		if (b == '-' || b == ',' || fo_ascii_is_upper(b) ||
		    fo_ascii_is_space(b))
			return 0;
	}
	if (fo_grow((void **)&p->needles, &p->needles_cap, p->n_needles,
	            sizeof *p->needles) != 0)
		return -1;
	p->needles[p->n_needles].s = s;
	p->needles[p->n_needles].len = len;
	p->needles[p->n_needles].b0 = (unsigned char)s[0];
	p->needles[p->n_needles].b1 = len > 1 ? (unsigned char)s[1] : 0;
	p->n_needles++;
	return 1;
}

size_t fo_prescan_stem_needle(const char *stem, size_t len)
{
	size_t tail = 0;

	if (!len)
		return 0;
	if (len >= 3 &&
	    (memcmp(stem + len - 3, "ble", 3) == 0 ||
	     (len == 3 && stem[1] == 'i' && stem[2] == 'e' &&
	      (stem[0] == 'd' || stem[0] == 'l' || stem[0] == 't'))))
		tail = 2;
	else if (rewritten_end(stem[len - 1]))
		tail = 1;
	return len > tail + 1 ? len - tail : 1;
}

/* The needles of unit u: 1, 0 (the pre-scan cannot reason about u) or
 * -1 (out of memory). */
static int unit_needles(fo_prescan *p, const fo_hlunit *u)
{
	size_t k, len;
	int rc = 1;

	if (u->near)
		return 0;
	/* its word as typed, or as a camelCase run spells it */
	if (u->term && u->kind != FO_HL_SEQ)
		rc = add_needle(p, u->term, strlen(u->term));
	/* a word matched by its stem: the stem less what a stem rewrites */
	if (rc == 1 && (u->kind == FO_HL_WORD || u->kind == FO_HL_COMPOUND)) {
		const char *stem = u->stem ? u->stem : u->term;

		len = stem ? fo_prescan_stem_needle(stem, strlen(stem)) : 0;
		rc = len ? add_needle(p, stem, len) : 0;
	}
	/* each word of a phrase, a compound's parts, a prefix's sequence */
	for (k = 0; rc == 1 && k < u->n_seq; k++)
		rc = add_needle(p, u->seq[k], strlen(u->seq[k]));
	return rc;
}

int fo_prescan_setup(fo_prescan *p, const fo_analyzer *an,
                     const fo_termset *terms)
{
	const char *language = fo_analyzer_language(an);
	size_t u;
	int rc = 1;

	/* the bits of the last needles, cleared one by one: cheaper than
	 * the whole table for each text */
	for (u = 0; u < p->n_needles; u++) {
		const fo_needle *n = &p->needles[u];

		p->one[n->b0] = 0;
		p->first[n->b0] = 0;
		p->pair[(n->b0 << 8 | n->b1) / 64] = 0;
	}
	p->n_needles = 0;
	if (strcmp(language, "english") != 0 && strcmp(language, "porter") != 0)
		return 0;
	for (u = 0; rc == 1 && u < terms->n; u++)
		rc = unit_needles(p, &terms->units[u]);
	p->n_firsts = 0;
	for (u = 0; rc == 1 && u < p->n_needles; u++) {
		const fo_needle *n = &p->needles[u];
		unsigned k = (unsigned)(n->b0 << 8 | n->b1);
		size_t f;

		p->first[n->b0] = 1;
		if (n->len == 1)
			p->one[n->b0] = 1;
		else
			p->pair[k / 64] |= (uint64_t)1 << (k % 64);
		/* the distinct first bytes and pairs, for next_place; a
		 * needle of one byte serves the pairs it begins */
		for (f = 0; f < p->n_firsts; f++)
			if (p->firsts[f].b0 == n->b0 &&
			    (p->firsts[f].len == 1 ||
			     (n->len > 1 && p->firsts[f].b1 == n->b1)))
				break;
		if (f == p->n_firsts && f < FO_PRESCAN_FIRSTS + 1) {
			p->firsts[f] = *n;
			p->n_firsts++;
		}
	}
	return rc;
}

/* The byte of the squeezed chunk that text[i] gives, -1 for none ('-'
 * and ','): a letter lowercased, any other byte as it is. */
static int squeezed(unsigned char b)
{
	return b == '-' || b == ',' ? -1
	                            : (int)(unsigned char)fo_ascii_lower(b);
}

/* Whether needle n starts at text[i] of the squeezed chunk, which ends
 * at to. */
static int needle_at(const fo_needle *n, const char *text, size_t i, size_t to)
{
	size_t k = 0;

	for (; k < n->len && i < to; i++) {
		unsigned char b = (unsigned char)text[i];
		int c = squeezed(b);

		if (fo_ascii_is_space(b))
			return 0;
		if (c < 0)
			continue;
		if (c != (unsigned char)n->s[k]) {
			if (c == '.' || c == '_')
				continue; /* a name's, which its squeezed
				             term leaves out */
			return 0;
		}
		k++;
	}
	return k == n->len;
}

/* Whether a needle starts at text[i] (not white space, '-' or ','). */
static int needle_starts(const fo_prescan *p, const char *text, size_t i,
                         size_t to)
{
	size_t k;
	int c0 = squeezed((unsigned char)text[i]), c1 = 0, loose;
	unsigned pair;

	if (c0 < 0 || fo_ascii_is_space((unsigned char)text[i]))
		return 0;
	/* the next byte of the squeezed chunk, if any */
	for (k = i + 1; k < to; k++) {
		unsigned char b = (unsigned char)text[k];

		if (fo_ascii_is_space(b))
			break;
		if ((c1 = squeezed(b)) >= 0)
			break;
	}
	if (k >= to || fo_ascii_is_space((unsigned char)text[k]))
		c1 = 0;
	/* after a dot or underscore, which a name's squeezed term leaves
	 * out, a needle's second byte may be any */
	loose = c1 == '.' || c1 == '_';
	pair = (unsigned)(c0 << 8 | c1);
	if (!p->one[c0] && !loose &&
	    !(c1 && (p->pair[pair / 64] >> (pair % 64) & 1)))
		return 0;
	for (k = 0; k < p->n_needles; k++) {
		const fo_needle *n = &p->needles[k];

		if (n->b0 == c0 && (n->len == 1 || loose || n->b1 == c1) &&
		    needle_at(n, text, i, to))
			return 1;
	}
	return 0;
}

/* The end of the chunk that holds text[i]. */
static size_t chunk_end(const char *text, size_t i, size_t to)
{
	while (i < to && !fo_ascii_is_space((unsigned char)text[i]))
		i++;
	return i;
}

/* Keep the chunk that holds text[i]: a new island, or the last one
 * grown to it where only chunks without letters or digits (without
 * tokens) come between, so that its positions are the text's. */
static int keep(fo_prescan *p, const char *text, size_t from, size_t i,
                size_t end)
{
	size_t start = i, k;

	while (start > from &&
	       !fo_ascii_is_space((unsigned char)text[start - 1]))
		start--;
	if (p->n_islands) {
		size_t *last = &p->islands[2 * p->n_islands - 1];

		for (k = *last; k < start; k++)
			if (fo_ascii_is_alpha((unsigned char)text[k]) ||
			    fo_ascii_is_digit((unsigned char)text[k]))
				break;
		if (k == start) {
			*last = end;
			return 0;
		}
	}
	if (fo_grow((void **)&p->islands, &p->islands_cap, 2 * p->n_islands + 1,
	            sizeof *p->islands) != 0)
		return -1;
	p->islands[2 * p->n_islands] = start;
	p->islands[2 * p->n_islands + 1] = end;
	p->n_islands++;
	return 0;
}

/* Look at text[i..stop) byte by byte: the first place a needle starts
 * or a byte >= 0x80 is, or stop. */
static size_t next_byte(const fo_prescan *p, const char *text, size_t i,
                        size_t stop, size_t to)
{
	for (; i < stop; i++) {
		unsigned char b = (unsigned char)text[i];

		if (b >= 0x80)
			return i;
		if (p->first[(unsigned char)fo_ascii_lower(b)] &&
		    needle_starts(p, text, i, to))
			return i;
	}
	return stop;
}

#if defined(__SSE2__)
/* The same sixteen bytes at a time, where the needles have few first
 * pairs: each byte, lowercased, is compared with each first byte, and
 * with the byte after it each first pair; a place followed by '-' or
 * ',' (which the analyzer's terms leave out, so the needle's second
 * byte comes later) needs its first byte only. Each place so found, in
 * order, is a byte >= 0x80 or checked against the needles. */
static size_t next_place(const fo_prescan *p, const char *text, size_t i,
                         size_t to)
{
	const __m128i dash = _mm_set1_epi8('-'), comma = _mm_set1_epi8(',');
	const __m128i dot = _mm_set1_epi8('.'), under = _mm_set1_epi8('_');
	const __m128i upper_lo = _mm_set1_epi8('A' - 1);
	const __m128i upper_hi = _mm_set1_epi8('Z' + 1);
	const __m128i bit5 = _mm_set1_epi8(0x20);
	size_t k, j;

	if (p->n_firsts > FO_PRESCAN_FIRSTS)
		return next_byte(p, text, i, to, to);
	while (i + 17 <= to) {
		__m128i v0 = _mm_loadu_si128((const __m128i *)(text + i));
		__m128i v1 = _mm_loadu_si128((const __m128i *)(text + i + 1));
		/* 'A'..'Z' by signed compares: a byte >= 0x80 is below */
		__m128i l0 = _mm_or_si128(
		    v0, _mm_and_si128(
		            bit5, _mm_and_si128(_mm_cmpgt_epi8(v0, upper_lo),
		                                _mm_cmplt_epi8(v0, upper_hi))));
		__m128i l1 = _mm_or_si128(
		    v1, _mm_and_si128(
		            bit5, _mm_and_si128(_mm_cmpgt_epi8(v1, upper_lo),
		                                _mm_cmplt_epi8(v1, upper_hi))));
		unsigned high = (unsigned)_mm_movemask_epi8(v0);
		unsigned skip = (unsigned)_mm_movemask_epi8(
		    _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v1, dash),
		                              _mm_cmpeq_epi8(v1, comma)),
		                 _mm_or_si128(_mm_cmpeq_epi8(v1, dot),
		                              _mm_cmpeq_epi8(v1, under))));
		unsigned m = high;

		for (k = 0; k < p->n_firsts; k++) {
			__m128i a = _mm_cmpeq_epi8(
			    l0, _mm_set1_epi8((char)p->firsts[k].b0));
			unsigned first = (unsigned)_mm_movemask_epi8(a);

			if (!first)
				continue;
			if (p->firsts[k].len == 1)
				m |= first;
			else
				m |= (first & skip) |
				     (unsigned)_mm_movemask_epi8(_mm_and_si128(
				         a,
				         _mm_cmpeq_epi8(
				             l1, _mm_set1_epi8(
				                     (char)p->firsts[k].b1))));
		}
		for (; m; m &= m - 1) {
			j = (size_t)__builtin_ctz(m);
			if ((high >> j & 1) ||
			    needle_starts(p, text, i + j, to))
				return i + j;
		}
		i += 16;
	}
	return next_byte(p, text, i, to, to);
}
#else
static size_t next_place(const fo_prescan *p, const char *text, size_t i,
                         size_t to)
{
	return next_byte(p, text, i, to, to);
}
#endif

int fo_prescan_islands(fo_prescan *p, const char *text, size_t from, size_t to)
{
	size_t i = from, end;

	p->n_islands = 0;
	while ((i = next_place(p, text, i, to)) < to) {
		end = chunk_end(text, i, to);
		if (keep(p, text, from, i, end) != 0)
			return -1;
		i = end;
	}
	return 0;
}

int fo_prescan_in_island(const fo_prescan *p, size_t start)
{
	size_t i;

	for (i = 0; i < p->n_islands; i++)
		if (p->islands[2 * i] <= start && start < p->islands[2 * i + 1])
			return 1;
	return 0;
}

void fo_prescan_free(fo_prescan *p)
{
	free(p->needles);
	free(p->islands);
}
