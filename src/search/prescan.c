/*
 * prescan.c: the chunks of a text that may hold a match of a query's
 * units (prescan.h explains why the rule is safe): the part is copied
 * once, lowercased without '-' and ',' and with one blank for each run
 * of white space, each needle is looked for in that copy (a table of
 * their first two bytes first),
 * and the chunks it is found in, and those with a byte >= 0x80, are
 * kept.
 */
#include "search/prescan.h"

#include "util/ascii.h"

#include <stdlib.h>
#include <string.h>

#define CH_KEEP 1 /* may hold a match */

/* Bytes an English stem may rewrite at its word's end (prescan.h), and
 * whether a stem that ends in byte b may be one so rewritten: the bytes
 * rewriting leaves last are an 'e' (ational -> ate, ying -> ie, an 'e'
 * added after at, bl, iz), an 'i' (y -> i), the 'l' of "bility" ->
 * "bl(e)" and the 'y' of skies -> sky. Any other stem is its word's
 * start whole. */
#define STEM_TAIL 2
static int rewritten_end(char b)
{
	return b == 'e' || b == 'i' || b == 'l' || b == 'y';
}

static int grow(void **arr, size_t *cap, size_t n, size_t size)
{
	void *q;

	if (n < *cap)
		return 0;
	*cap = *cap ? *cap * 2 : 32;
	q = realloc(*arr, *cap * size);
	if (!q)
		return -1;
	*arr = q;
	return 0;
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
	if (grow((void **)&p->needles, &p->needles_cap, p->n_needles,
	         sizeof *p->needles) != 0)
		return -1;
	p->needles[p->n_needles].s = s;
	p->needles[p->n_needles].len = len;
	p->n_needles++;
	return 1;
}

size_t fo_prescan_stem_needle(const char *stem, size_t len)
{
	if (len && rewritten_end(stem[len - 1]))
		return len > STEM_TAIL + 1 ? len - STEM_TAIL : 1;
	return len;
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
		const unsigned char *n = (const unsigned char *)p->needles[u].s;

		p->one[n[0]] = 0;
		if (p->needles[u].len > 1)
			p->pair[(n[0] << 8 | n[1]) / 64] = 0;
	}
	p->n_needles = 0;
	if (strcmp(language, "english") != 0 && strcmp(language, "porter") != 0)
		return 0;
	for (u = 0; rc == 1 && u < terms->n; u++)
		rc = unit_needles(p, &terms->units[u]);
	for (u = 0; rc == 1 && u < p->n_needles; u++) {
		const unsigned char *n = (const unsigned char *)p->needles[u].s;
		unsigned k = (unsigned)(n[0] << 8 | n[1]);

		if (p->needles[u].len == 1)
			p->one[n[0]] = 1;
		else
			p->pair[k / 64] |= (uint64_t)1 << (k % 64);
	}
	return rc;
}

/* What the copy does with each byte: most are stored ORed with 0x20,
 * which lowercases a letter and leaves a digit, '.', '\'', '+' and '#'
 * as they are. */
enum { B_COPY, B_SPACE, B_SKIP, B_RAW, B_HIGH };

static unsigned char byte_kind(unsigned b)
{
	if (b >= 0x80)
		return B_HIGH;
	if (fo_ascii_is_space((unsigned char)b))
		return B_SPACE;
	if (b == '-' || b == ',')
		return B_SKIP;
	return (b | 0x20) == b || fo_ascii_is_alpha((unsigned char)b) ? B_COPY
	                                                              : B_RAW;
}

/* Whether a needle starts at sq[i] (sq ends in a blank, which no
 * needle holds). */
static int needle_at(const fo_prescan *p, const char *sq, size_t i, size_t left)
{
	size_t k;

	for (k = 0; k < p->n_needles; k++) {
		const fo_needle *n = &p->needles[k];

		if (n->len <= left && n->s[0] == sq[i] &&
		    memcmp(n->s, sq + i, n->len) == 0)
			return 1;
	}
	return 0;
}

/* Whether the squeezed chunk sq[from..to) holds a needle, a blank after
 * it; a pair of its bytes was seen in the table. */
static int holds_needle(const fo_prescan *p, size_t from, size_t to)
{
	const unsigned char *sq = (const unsigned char *)p->sq.data;
	size_t i;

	for (i = from; i < to; i++) {
		unsigned pair = (unsigned)(sq[i] << 8 | sq[i + 1]);

		if ((p->one[sq[i]] ||
		     (p->pair[pair / 64] >> (pair % 64) & 1)) &&
		    needle_at(p, p->sq.data, i, to + 1 - i))
			return 1;
	}
	return 0;
}

/* Cut text[from..to) into chunks, make the squeezed copy, each chunk's
 * followed by a blank, and mark the chunks that hold a needle: the pair
 * of bytes stored at each place is looked up as it is stored, and only
 * a chunk where one was seen is searched. */
static int chunk_part(fo_prescan *p, const char *text, size_t from, size_t to)
{
	const unsigned char *s = (const unsigned char *)text;
	unsigned char *q, prev;
	size_t i = from;
	fo_chunk *c;
	unsigned seen, b;

	p->n_chunks = 0;
	fo_buf_clear(&p->sq);
	/* at most one byte of the copy per byte of the part, and a blank */
	if (fo_buf_reserve(&p->sq, to - from + 1) != 0)
		return -1;
	if (!p->kinds_made) {
		for (b = 0; b < 256; b++)
			p->kind[b] = byte_kind(b);
		p->kinds_made = 1;
	}
	q = (unsigned char *)p->sq.data;
	while (i < to) {
		while (i < to && fo_ascii_is_space(s[i]))
			i++;
		if (i >= to)
			break;
		if (grow((void **)&p->chunks, &p->chunks_cap, p->n_chunks,
		         sizeof *p->chunks) != 0)
			return -1;
		c = &p->chunks[p->n_chunks++];
		c->start = i;
		c->sq = (size_t)(q - (unsigned char *)p->sq.data);
		c->flags = 0;
		prev = ' ';
		seen = 0;
		for (; i < to; i++) {
			unsigned char k = p->kind[s[i]];
			unsigned pair;

			b = s[i];
			if (k == B_COPY) {
				b |= 0x20;
			} else if (k == B_SPACE) {
				break;
			} else if (k == B_SKIP) {
				continue;
			} else if (k == B_HIGH) {
				c->flags |= CH_KEEP;
			}
			*q++ = (unsigned char)b;
			pair = (unsigned)(prev << 8 | b);
			seen |=
			    p->one[b] |
			    (unsigned)(p->pair[pair / 64] >> (pair % 64) & 1);
			prev = (unsigned char)b;
		}
		c->end = i;
		*q = ' ';
		if (seen && !(c->flags & CH_KEEP) &&
		    holds_needle(p, c->sq,
		                 (size_t)(q - (unsigned char *)p->sq.data)))
			c->flags |= CH_KEEP;
		q++;
	}
	p->sq.len = (size_t)(q - (unsigned char *)p->sq.data);
	return 0;
}

/* Whether text[start..end) holds a letter or a digit: a token. */
static int has_word(const char *text, size_t start, size_t end)
{
	for (; start < end; start++)
		if (fo_ascii_is_alpha((unsigned char)text[start]) ||
		    fo_ascii_is_digit((unsigned char)text[start]))
			return 1;
	return 0;
}

int fo_prescan_islands(fo_prescan *p, const char *text, size_t from, size_t to)
{
	size_t i, m = 0; /* entries of p->islands */
	int open = 0;

	p->n_islands = 0;
	if (chunk_part(p, text, from, to) != 0)
		return -1;
	/* An island runs from a kept chunk to the last kept chunk that
	 * follows with only chunks without tokens between: the positions
	 * of its tokens are the text's, one after another. */
	for (i = 0; i < p->n_chunks; i++) {
		const fo_chunk *c = &p->chunks[i];

		if (c->flags & CH_KEEP) {
			if (!open) {
				if (grow((void **)&p->islands, &p->islands_cap,
				         m + 1, sizeof *p->islands) != 0)
					return -1;
				p->islands[m] = c->start;
				open = 1;
			}
			p->islands[m + 1] = c->end;
		} else if (open && has_word(text, c->start, c->end)) {
			m += 2;
			open = 0;
		}
	}
	if (open)
		m += 2;
	p->n_islands = m / 2;
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
	fo_buf_free(&p->sq);
	free(p->chunks);
	free(p->islands);
}
