/*
 * snippet.c: choosing and marking the snippet window, and marking a
 * title's matches (fo_highlight). The text is re-analysed with the
 * index's analyzer, so what is highlighted is exactly what the query
 * matched (a query "lock" marks "locking"), and phrases and compounds are
 * found by position, as Xapian's PHRASE finds them.
 */
#include "search/snippet.h"

#include "analyzer/segment.h"
#include "util/display.h"

#include <utf8proc.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct stok {
	size_t term, stem; /* offsets into the arena; stem == term if none */
	fo_token_kind kind;
	uint32_t pos;
	size_t start, end;
} stok;

/* The best window is looked for among the matches in a summary's first
 * SCAN_BYTES bytes only (Lucene's highlighter has the same kind of bound,
 * maxDocCharsToAnalyze): some summaries run to 80 KB, and analysing all of
 * each hit's text made such hits cost milliseconds (bench/results). 99% of
 * the posts in bench/ are shorter than 1.3 KB, so they are scanned whole.
 * Where those bytes hold no match, the text is scanned on, SCAN_BYTES at a
 * time, up to the first part that holds one: a match is worth showing,
 * and a hit whose summary matches early (nearly all) costs no more. No
 * part starts past SCAN_CAP, which bounds a hit that matched only in its
 * title or metadata. */
#define SCAN_BYTES 4096
#define SCAN_CAP (256 * 1024)

typedef struct span {
	size_t start, end;
	uint32_t pos;  /* the word position it starts at */
	uint32_t last; /* and the one it ends at: a compound's last part */
	size_t unit;   /* the highlight unit matched, for distinct counts */
	unsigned gain; /* 1 per word; a phrase or compound matched as such
	                  counts one more than its words, so it beats them
	                  scattered */
} span;

typedef struct scan_ctx {
	fo_buf arena; /* NUL-separated terms and stems */
	stok *toks;
	size_t n, cap;
	int oom;
	/* Scanning with an analyzer that does not stem (see lazy_stems):
	 * the stemming analyzer, and the first bytes of the query stems. */
	fo_analyzer *stemmer;
	unsigned char first[256];
	int redo; /* a stem could not be had alone: scan again, stemming */
	size_t base; /* offset of the scanned part in the whole text */
} scan_ctx;

/* The stem of the term alone, from the stemming analyzer. */
typedef struct alone {
	const char *term;
	size_t len;
	fo_buf *arena;
	int found, same, oom;
} alone;

static int grow(void **arr, size_t *cap, size_t n, size_t size)
{
	void *p;

	if (n < *cap)
		return 0;
	*cap = *cap ? *cap * 2 : 32;
	p = realloc(*arr, *cap * size);
	if (!p)
		return -1;
	*arr = p;
	return 0;
}

static int on_alone(const fo_token *t, void *ctx)
{
	alone *a = ctx;

	a->found = 1;
	a->same = t->len == a->len && memcmp(t->term, a->term, a->len) == 0;
	if (a->same) {
		if (t->stem)
			fo_buf_append(a->arena, t->stem, t->stem_len + 1);
		else
			fo_buf_append(a->arena, t->term, t->len + 1);
		a->oom = a->arena->oom;
	}
	return 1; /* the first token is the term's own */
}

/* Append the stem of token t (scanned without stemming) to the arena, as
 * the stemming analyzer gives it for t's term alone: a normalised term
 * analyses to itself, and its stem depends on nothing else. Should the
 * term not come back as one token, c->redo asks for the whole text to be
 * scanned again with stemming. */
static int stem_alone(scan_ctx *c, const fo_token *t)
{
	alone a = { t->term, t->len, &c->arena, 0, 0, 0 };
	folio_status st;

	st = fo_analyze(c->stemmer, t->term, t->len, on_alone, &a);
	if (st == FOLIO_ERROR_NOMEM || a.oom)
		c->oom = 1;
	else if (st != FOLIO_OK || !a.found || !a.same)
		c->redo = 1;
	return c->oom || c->redo;
}

static int on_token(const fo_token *t, void *ctx)
{
	scan_ctx *c = ctx;
	stok *s;

	if (grow((void **)&c->toks, &c->cap, c->n, sizeof *c->toks) != 0) {
		c->oom = 1;
		return 1;
	}
	s = &c->toks[c->n++];
	/* term and stem come NUL-terminated (analyzer.h): one copy each */
	s->term = c->arena.len;
	fo_buf_append(&c->arena, t->term, t->len + 1);
	s->stem = s->term;
	if (t->stem) {
		s->stem = c->arena.len;
		fo_buf_append(&c->arena, t->stem, t->stem_len + 1);
	} else if (c->stemmer && c->first[(unsigned char)*t->term]) {
		s->stem = c->arena.len;
		if (stem_alone(c, t) != 0)
			return 1;
	}
	s->kind = t->kind;
	s->pos = t->pos;
	s->start = c->base + t->start;
	s->end = c->base + t->end;
	if (c->arena.oom)
		c->oom = 1;
	return c->oom;
}

#define TERM(c, t) ((c)->arena.data + (t)->term)
#define STEM(c, t) ((c)->arena.data + (t)->stem)

/* Whether token t is the word u->term in any form with its stem. */
static int word_match(const scan_ctx *c, const stok *t, const fo_hlunit *u)
{
	const char *ustem = u->stem ? u->stem : u->term;

	return strcmp(TERM(c, t), u->term) == 0 ||
	       strcmp(STEM(c, t), ustem) == 0;
}

/* Match seq[0..n) at consecutive positions from token i (JOINED tokens
 * carry no position of their own and are skipped), the last as a prefix
 * if last_prefix; the end of the last token matched, or 0. */
static size_t seq_match(const scan_ctx *c, size_t i, char *const *seq, size_t n,
                        int last_prefix)
{
	size_t k = 0, end = 0;
	uint32_t pos = c->toks[i].pos;

	if (c->toks[i].kind == FO_TOK_JOINED || n == 0)
		return 0;
	for (; i < c->n && k < n; i++) {
		const stok *t = &c->toks[i];
		if (t->kind == FO_TOK_JOINED)
			continue;
		if (t->pos != pos + k ||
		    (k + 1 == n && last_prefix
		         ? strncmp(TERM(c, t), seq[k], strlen(seq[k]))
		         : strcmp(TERM(c, t), seq[k])) != 0)
			return 0;
		end = t->end;
		k++;
	}
	return k == n ? end : 0;
}

/* A camelCase run of parts from token i (each starting where the one
 * before ends, no joiner between them) that spells word, as indexer.c
 * add_run indexes it (PyArrow of PyArrow-backed for pyarrow): the end of
 * its last part, or 0. */
static size_t run_match(const scan_ctx *c, size_t i, const char *word)
{
	size_t k = 0, len, parts = 0, end = c->toks[i].start;

	/* a whole run, as indexed: not from inside one (getElementById
	 * holds no getelement, nor elementby) */
	if (c->toks[i].kind != FO_TOK_PART ||
	    (i > 0 && c->toks[i - 1].kind == FO_TOK_PART &&
	     c->toks[i - 1].end == end))
		return 0;
	len = strlen(word);
	for (; i < c->n; i++) {
		const stok *t = &c->toks[i];
		const char *term = TERM(c, t);
		size_t tl = strlen(term);

		if (t->kind != FO_TOK_PART || t->start != end || k + tl > len ||
		    memcmp(word + k, term, tl) != 0)
			return 0;
		k += tl;
		end = t->end;
		if (++parts >= 2 && k == len)
			return i + 1 < c->n && c->toks[i + 1].kind == FO_TOK_PART &&
			               c->toks[i + 1].start == end
			       ? 0
			       : end;
	}
	return 0;
}

/* The position of the last word that a match of compound u from token i
 * to byte end covers, as Xapian's NEAR counts it (near.c near_of): its
 * parts follow its joined token, each at a position of its own. Written
 * as one word ("freethreaded") it takes one position, in a NEAR whose
 * window is narrower by its other parts: it is taken to end where its
 * last part would, which is right when it ends the window (GIL x
 * freethreaded is not GIL NEAR/1 free-threaded) and is as wide as the
 * window when it opens one. */
static uint32_t last_pos(const scan_ctx *c, size_t i, size_t end,
                         const fo_hlunit *u)
{
	uint32_t last = c->toks[i].pos;

	if (u->n_seq > 1)
		last += (uint32_t)u->n_seq - 1;
	for (; i < c->n && c->toks[i].start < end; i++)
		if (c->toks[i].kind != FO_TOK_JOINED && c->toks[i].pos > last)
			last = c->toks[i].pos;
	return last;
}

static int add_span(span **spans, size_t *n, size_t *cap, const stok *t,
                    uint32_t last, size_t end, size_t unit, unsigned gain)
{
	if (grow((void **)spans, cap, *n, sizeof **spans) != 0)
		return -1;
	(*spans)[*n].start = t->start;
	(*spans)[*n].pos = t->pos;
	(*spans)[*n].last = last;
	(*spans)[*n].end = end;
	(*spans)[*n].unit = unit;
	(*spans)[*n].gain = gain;
	(*n)++;
	return 0;
}

static int by_start(const void *a, const void *b)
{
	const span *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1; /* longer first */
	return x->gain > y->gain ? -1 : x->gain < y->gain;
}

#define NO_SPAN ((size_t)-1)

/* The NEAR's group g among spans (sorted by start, so by position):
 * keep[] set for each of its matches that a window of the NEAR holds
 * together with a match of each of its other words, each at a place of
 * its own (Xapian's NEAR gives each word a position of its own, so "a
 * NEAR a" needs two a's). A window opens at a match of the NEAR, pos to
 * pos + window, and holds the matches that start and end inside it (a
 * compound ends at its last part). Linear in the matches (after a
 * binary search each), whatever the window: each match enters the
 * windows once and leaves once. work: 4 * n + 1 size_t, at: one count
 * for each position up to the last. */
static void near_group(const span *spans, size_t n, const fo_termset *terms,
                       unsigned g, unsigned char *keep, size_t *work,
                       uint32_t *at)
{
	size_t *idx = work, *entry = work + n, *next = work + 2 * n;
	size_t *full = work + 3 * n; /* windows full before each, n + 1 */
	size_t m = 0, i, k, lo, hi, bits = 0, present = 0, places = 0;
	uint32_t count[64] = { 0 };
	uint64_t all = 0;
	unsigned window = 0;

	for (i = 0; i < terms->n; i++)
		if (terms->units[i].near == g) {
			all |= (uint64_t)1 << terms->units[i].near_bit;
			window = terms->units[i].near_window;
		}
	for (; all; all &= all - 1)
		bits++;
	for (i = 0; i < n; i++)
		if (terms->units[spans[i].unit].near == g)
			idx[m++] = i;
	/* entry[k]: the first window that holds match k whole, the one
	 * opening at the first match at most window - 1 before its end;
	 * NO_SPAN if even its own does not (a compound longer than it) */
	for (k = 0; k < m; k++) {
		const span *s = &spans[idx[k]];

		lo = 0;
		hi = k + 1;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if ((uint64_t)spans[idx[mid]].pos + window > s->last)
				hi = mid;
			else
				lo = mid + 1;
		}
		entry[k] = lo <= k ? lo : NO_SPAN;
		next[k] = NO_SPAN;
	}
	/* the matches entering each window, a list each (in full[], which
	 * counts the full windows once they are known) */
	for (k = 0; k <= m; k++)
		full[k] = NO_SPAN;
	for (k = m; k-- > 0;)
		if (entry[k] != NO_SPAN) {
			next[k] = full[entry[k]];
			full[entry[k]] = k;
		}
	for (i = 0; i < m; i++) {
		size_t enter = full[i];

		for (k = enter; k != NO_SPAN; k = next[k]) {
			const span *s = &spans[idx[k]];

			if (count[terms->units[s->unit].near_bit]++ == 0)
				present++;
			if (at[s->pos]++ == 0)
				places++;
		}
		if (present == bits && places >= bits)
			keep[idx[i]] = 2; /* window i is full: counted below */
		if (entry[i] != NO_SPAN) {
			const span *s = &spans[idx[i]];

			if (--count[terms->units[s->unit].near_bit] == 0)
				present--;
			if (--at[s->pos] == 0)
				places--;
		}
	}
	/* full[i]: the full windows among the first i; match k is kept if
	 * one of those that held it (entry[k] to k) was full */
	for (i = 0, k = 0; i < m; i++) {
		full[i] = k;
		if (keep[idx[i]] == 2)
			k++;
	}
	full[m] = k;
	for (k = 0; k < m; k++)
		if (entry[k] != NO_SPAN && full[k + 1] > full[entry[k]])
			keep[idx[k]] = 1;
		else
			keep[idx[k]] = 0;
}

/* Drop the matches of a NEAR's words (fo_hlunit.near) that no window of
 * the NEAR holds together with a match of each of its other words: the
 * NEAR did not match there, so `GIL NEAR threads` marks the "threads"
 * beside GIL, not every one (near_group). -1: out of memory. */
static int near_filter(span *spans, size_t *n, const fo_termset *terms)
{
	unsigned char *keep;
	size_t *work;
	uint32_t *at, top = 0;
	size_t i, kept;
	unsigned g, groups = 0;
	int rc = -1;

	for (i = 0; i < terms->n; i++)
		if (terms->units[i].near > groups)
			groups = terms->units[i].near;
	if (!groups || !*n)
		return 0;
	for (i = 0; i < *n; i++)
		if (spans[i].pos > top)
			top = spans[i].pos;
	keep = calloc(*n, 1);
	work = malloc((4 * *n + 1) * sizeof *work);
	at = calloc((size_t)top + 1, sizeof *at);
	if (!keep || !work || !at)
		goto done;
	for (g = 1; g <= groups; g++)
		near_group(spans, *n, terms, g, keep, work, at);
	for (i = 0, kept = 0; i < *n; i++)
		if (keep[i] || !terms->units[spans[i].unit].near)
			spans[kept++] = spans[i];
	*n = kept;
	rc = 0;
done:
	free(keep);
	free(work);
	free(at);
	return rc;
}

/* Every match of every unit, sorted, without overlaps (the longest match
 * starting at a place wins: a compound marked whole hides its parts). */
static int find_spans(const scan_ctx *c, const fo_termset *terms,
                      span **out, size_t *n_out)
{
	span *spans = NULL;
	size_t n = 0, cap = 0, i, u, kept;
	unsigned char first[256];
	int rc = 0;

	/* Every match starts at a token whose term or stem begins as a
	 * unit's term, stem or first phrase word does (a camelCase run's
	 * first part begins as the word it spells), so other tokens are
	 * passed over without comparing them with every unit. */
	memset(first, 0, sizeof first);
	for (u = 0; u < terms->n; u++) {
		const fo_hlunit *h = &terms->units[u];
		const char *keys[3] = { h->term, h->stem,
			                h->n_seq ? h->seq[0] : NULL };
		size_t k;

		for (k = 0; k < 3; k++)
			if (keys[k] && keys[k][0])
				first[(unsigned char)keys[k][0]] = 1;
			else if (keys[k])
				memset(first, 1, sizeof first); /* "" */
	}
	for (i = 0; rc == 0 && i < c->n; i++) {
		const stok *t = &c->toks[i];
		if (!first[(unsigned char)TERM(c, t)[0]] &&
		    !first[(unsigned char)STEM(c, t)[0]])
			continue;
		for (u = 0; rc == 0 && u < terms->n; u++) {
			const fo_hlunit *h = &terms->units[u];
			size_t end = 0;
			unsigned gain = 1;

			switch (h->kind) {
			case FO_HL_WORD:
				if (word_match(c, t, h))
					end = t->end;
				else
					end = run_match(c, i, h->term);
				break;
			case FO_HL_EXACT:
				if (strcmp(TERM(c, t), h->term) == 0)
					end = t->end;
				else
					end = run_match(c, i, h->term);
				break;
			case FO_HL_PREFIX:
				if (strncmp(TERM(c, t), h->term,
				            strlen(h->term)) == 0)
					end = t->end;
				else
					end = seq_match(c, i, h->seq, h->n_seq,
					                1);
				break;
			case FO_HL_SEQ:
				end = seq_match(c, i, h->seq, h->n_seq, 0);
				gain = h->n_seq > 1 ? (unsigned)h->n_seq + 1 : 1;
				break;
			case FO_HL_COMPOUND:
				gain = (unsigned)h->n_seq + 1;
				if (t->kind != FO_TOK_PART && word_match(c, t, h))
					end = t->end;
				else
					end = seq_match(c, i, h->seq, h->n_seq,
					                0);
				break;
			}
			if (end && add_span(&spans, &n, &cap, t,
			                    h->kind == FO_HL_COMPOUND
			                        ? last_pos(c, i, end, h)
			                        : t->pos,
			                    end, u, gain) != 0)
				rc = -1;
		}
	}
	if (n)
		qsort(spans, n, sizeof *spans, by_start);
	if (rc == 0 && near_filter(spans, &n, terms) != 0)
		rc = -1;
	for (i = 0, kept = 0; i < n; i++)
		if (kept == 0 || spans[i].start >= spans[kept - 1].end)
			spans[kept++] = spans[i];
	*out = spans;
	*n_out = kept;
	return rc;
}

/* The last token start at or before pos (0 if none). */
static size_t snap_start(const scan_ctx *c, size_t pos)
{
	size_t lo = 0, hi = c->n, best = 0;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->toks[mid].start <= pos) {
			best = c->toks[mid].start;
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	return best;
}

/* Score the spans inside [spans[first].start, to): the gain of each
 * distinct unit, the number of matches and where the last one ends. */
static void score_window(const span *spans, size_t n, size_t first,
                         size_t to, size_t *gain, size_t *matches,
                         size_t *end)
{
	size_t i, j;

	*gain = *matches = *end = 0;
	for (i = first; i < n && spans[i].end <= to; i++) {
		(*matches)++;
		*end = spans[i].end;
		for (j = first; j < i; j++)
			if (spans[j].unit == spans[i].unit)
				break;
		if (j == i)
			*gain += spans[i].gain;
	}
}

/* The last grapheme cluster boundary (UAX #29) in (from, limit], or
 * from if there is none: a cut inside a cluster shows another character
 * (a letter without its combining mark) or broken glyphs (half of an
 * emoji's ZWJ sequence, one regional indicator of a flag). A byte that
 * is not UTF-8 is a cluster of its own. */
static size_t cluster_end(const char *text, size_t from, size_t limit,
                          size_t len)
{
	const utf8proc_uint8_t *s = (const utf8proc_uint8_t *)text;
	utf8proc_int32_t cp, prev = -1;
	utf8proc_int32_t state = 0;
	utf8proc_ssize_t n;
	size_t p = from, best = from;

	while (p <= limit && p < len) {
		n = utf8proc_iterate(s + p, (utf8proc_ssize_t)(len - p), &cp);
		if (n <= 0) {
			cp = -1; /* breaks on both sides */
			n = 1;
		}
		if (p > from &&
		    (prev < 0 || cp < 0 ||
		     utf8proc_grapheme_break_stateful(prev, cp, &state)))
			best = p;
		if (cp < 0)
			state = 0;
		prev = cp;
		p += (size_t)n;
	}
	return best;
}

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r';
}

/* The length of the white space character at text[p], or 0: an ASCII
 * blank, a Unicode space separator (a no-break space, CJK's ideographic
 * space) or a line or paragraph separator. */
static size_t space_len(const char *text, size_t p, size_t len)
{
	utf8proc_int32_t cp;
	utf8proc_category_t cat;
	utf8proc_ssize_t n;

	if (is_blank(text[p]))
		return 1;
	if ((unsigned char)text[p] < 0x80)
		return 0;
	n = utf8proc_iterate((const utf8proc_uint8_t *)text + p,
	                     (utf8proc_ssize_t)(len - p), &cp);
	if (n <= 0)
		return 0;
	cat = utf8proc_category(cp);
	return cat == UTF8PROC_CATEGORY_ZS || cat == UTF8PROC_CATEGORY_ZL ||
	               cat == UTF8PROC_CATEGORY_ZP
	           ? (size_t)n
	           : 0;
}

static int space_at(const char *text, size_t p, size_t len)
{
	return space_len(text, p, len) != 0;
}

/* Whether a part of the text may start or end at text[p] without
 * cutting a word in two: at white space, or before a CJK character (a
 * word of its own). Text without spaces (Japanese, words parted by
 * no-break spaces) is cut there, not at the end of the text. */
static int boundary_at(const char *text, size_t p, size_t len)
{
	utf8proc_int32_t cp;

	if (space_at(text, p, len))
		return 1;
	return (unsigned char)text[p] >= 0x80 &&
	       utf8proc_iterate((const utf8proc_uint8_t *)text + p,
	                        (utf8proc_ssize_t)(len - p), &cp) > 0 &&
	       fo_seg_is_cjk(cp);
}

/* End the window on a word boundary: the last white space before limit
 * (words parted by tabs or no-break spaces were cut inside one). */
static size_t cut_end(const char *text, size_t from, size_t limit, size_t len)
{
	size_t end;

	if (limit >= len)
		return len;
	for (end = limit; end > from; end--)
		if (space_at(text, end, len))
			break;
	if (end > from) {
		/* and before the white space ahead of it: no blank
		 * between the text and the ellipsis */
		size_t p;

		for (p = end; p > from; end = p) {
			for (p = end - 1; p > from && ((unsigned char)text[p] &
			                               0xC0) == 0x80;)
				p--;
			if (!space_at(text, p, len))
				break;
		}
		return end;
	}
	/* One giant word (CJK text, a run of emoji): cut between two
	 * characters as the eye sees them; within a cluster longer than
	 * the window, on a UTF-8 character boundary. */
	end = cluster_end(text, from, limit, len);
	if (end > from)
		return end;
	for (end = limit; end > from && ((unsigned char)text[end] & 0xC0) == 0x80;)
		end--;
	return end;
}

/* Move from back to the white space before it, so that the window does
 * not open on a compound's part ("threaded" of free-threaded reads as a
 * cut), when a window from there still reaches end. A run of more than
 * max_bytes / 5 bytes without white space (a URL) keeps from. */
static size_t word_start(const char *text, size_t from, size_t end,
                         size_t max_bytes)
{
	size_t p = from;

	while (p > 0 && from - p < max_bytes / 5 && !is_blank(text[p - 1]))
		p--;
	if (p > 0 && !is_blank(text[p - 1]))
		return from;
	return end <= p + max_bytes ? p : from;
}

/* When the window from from reaches the end of the text with room to
 * spare, open it earlier, at a word, so that it shows max_bytes: a short
 * summary whole, a long one's last max_bytes, never cut for nothing. */
static size_t fill_window(const char *text, size_t len, size_t from,
                          size_t max_bytes)
{
	size_t p;

	if (len <= max_bytes)
		return 0;
	if (len - from >= max_bytes)
		return from;
	for (p = len - max_bytes; p < from && !is_blank(text[p - 1]); p++)
		;
	return p;
}

static int all_blank(const char *text, size_t from, size_t to)
{
	for (; from < to; from++)
		if (!is_blank(text[from]))
			return 0;
	return 1;
}

/* The HTML escape of byte c, or NULL: the five characters that HTML
 * text and attribute values give a meaning to (as Xapian's
 * MSet::snippet escapes its snippets). */
static const char *html_escape(unsigned char c)
{
	switch (c) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&#39;";
	default: return NULL;
	}
}

static void put_clean(fo_buf *out, const char *s, size_t len, int html)
{
	size_t i, from = 0, n;
	const char *esc;

	/* A snippet is one line of display text: control characters, line
	 * separators and bidirectional controls become spaces
	 * (util/display.h), so the only controls in it are the caller's
	 * own markers. The text between them is copied in one piece. */
	for (i = 0; i < len; i++) {
		esc = html ? html_escape((unsigned char)s[i]) : NULL;
		n = esc ? 1 : fo_display_unsafe((const unsigned char *)s + i,
		                                len - i);
		if (!n)
			continue;
		fo_buf_append(out, s + from, i - from);
		fo_buf_puts(out, esc ? esc : " ");
		i += n - 1;
		from = i + 1;
	}
	fo_buf_append(out, s + from, len - from);
}

/* Whether every stem of the analyzer's language starts with the byte its
 * word starts with: Snowball's English stemmers (Porter's and Porter2)
 * only rewrite a word's end; the one exception, Porter2 dropping an
 * apostrophe that starts a word, cannot occur, as no term starts with
 * one (test_snippet). Other languages may rewrite a word's start
 * (Indonesian prefixes, Irish mutations) and are stemmed whole. */
static int stems_keep_first_byte(const fo_analyzer *an)
{
	const char *language = fo_analyzer_language(an);

	return strcmp(language, "english") == 0 ||
	       strcmp(language, "porter") == 0;
}

/*
 * Analyse text[0..len) into c (tokens offset by c->base). Stemming every
 * word of a summary is most of a snippet's cost in a one-search process
 * (a cold stem cache: libstemmer and the cache's first-touch page
 * faults), yet only a word whose stem starts with the byte a query
 * unit's stem starts with can match it by stem. Where the language's
 * stems keep their word's first byte, the text is scanned by an analyzer
 * that does not stem (the language changes the stems only, never the
 * tokens) and only those words are stemmed, alone; any other word's stem
 * is set to the word itself, which can match no query stem either. The
 * highlights are the same as from stemming every word.
 */
static folio_status scan_text(fo_analyzer *an, const char *text, size_t len,
                              const fo_termset *terms, scan_ctx *c)
{
	fo_analyzer *plain = NULL;
	folio_status st;
	size_t u;

	if (stems_keep_first_byte(an) &&
	    fo_analyzer_new("none", &plain) == FOLIO_OK) {
		c->stemmer = an;
		for (u = 0; u < terms->n; u++) {
			const fo_hlunit *h = &terms->units[u];
			const char *stem = h->stem ? h->stem : h->term;
			if ((h->kind == FO_HL_WORD || h->kind == FO_HL_COMPOUND) &&
			    stem)
				c->first[(unsigned char)stem[0]] = 1;
		}
		st = fo_analyze(plain, text, len, on_token, c);
		fo_analyzer_free(plain);
		if (st != FOLIO_OK || c->oom || !c->redo)
			goto done;
		c->n = 0;
		fo_buf_clear(&c->arena);
		c->stemmer = NULL;
		c->redo = 0;
	}
	st = fo_analyze(an, text, len, on_token, c);
done:
	if (st == FOLIO_OK && c->oom)
		st = FOLIO_ERROR_NOMEM;
	return st;
}

/* The end of a match without the display-unsafe characters that close
 * it: the word segmenter keeps a format character (a bidi control) with
 * the word before it (UAX #29 WB4), but shown as a space it must not sit
 * inside the marks. */
static size_t shown_end(const char *text, size_t start, size_t end)
{
	size_t p, back;

	while (end > start) {
		for (back = 1; back <= 3 && back <= end - start; back++) {
			p = end - back;
			if (((unsigned char)text[p] & 0xC0) != 0x80)
				break;
		}
		if (back > 3 || back > end - start ||
		    fo_display_unsafe((const unsigned char *)text + p,
		                      end - p) != end - p)
			break;
		end = p;
	}
	return end;
}

/* text[from..to) with the spans inside it between the marks. */
static void put_marked(fo_buf *out, const char *text, size_t from, size_t to,
                       const span *spans, size_t n, const fo_marks *marks)
{
	const char *hl_start = marks ? marks->start : NULL;
	const char *hl_end = marks ? marks->end : NULL;
	int html = marks && marks->html;
	size_t i, pos = from;

	for (i = 0; i < n; i++) {
		if (spans[i].start < pos || spans[i].end > to)
			continue;
		size_t end = shown_end(text, spans[i].start, spans[i].end);

		put_clean(out, text + pos, spans[i].start - pos, html);
		if (hl_start)
			fo_buf_puts(out, hl_start);
		put_clean(out, text + spans[i].start, end - spans[i].start,
		          html);
		if (hl_end)
			fo_buf_puts(out, hl_end);
		pos = end;
	}
	put_clean(out, text + pos, to - pos, html);
}

folio_status fo_snippet(fo_analyzer *an, const char *text,
                        const fo_termset *terms, size_t max_bytes,
                        const fo_marks *marks, fo_buf *out)
{
	scan_ctx c;
	span *spans = NULL;
	size_t len = strlen(text), best = 0, best_g = 0, best_m = 0, n = 0;
	size_t best_end = 0;
	size_t i, from = 0, to, pos, part = 0, part_end, scan;
	folio_status st;

	memset(&c, 0, sizeof c);
	for (;;) {
		/* Analyse SCAN_BYTES from part, plus one window so that a
		 * window starting there is highlighted to its end (and a
		 * phrase across part_end is found whole); stop on white space,
		 * not in a word. */
		part_end = part + SCAN_BYTES;
		scan = len;
		if (len - part > SCAN_BYTES + max_bytes) {
			scan = part_end + max_bytes;
			while (scan > part_end && !boundary_at(text, scan, len))
				scan--;
		}
		c.n = 0;
		fo_buf_clear(&c.arena);
		c.stemmer = NULL;
		c.redo = 0;
		c.base = part;
		st = scan_text(an, text + part, scan - part, terms, &c);
		if (st == FOLIO_OK && find_spans(&c, terms, &spans, &n) != 0)
			st = FOLIO_ERROR_NOMEM;
		if (st != FOLIO_OK)
			goto done;
		if ((n > 0 && spans[0].start < part_end) || scan == len ||
		    part_end >= SCAN_CAP)
			break;
		/* The next part starts at the last word boundary before
		 * part_end (a word in one piece), or at the end of one giant
		 * word. */
		free(spans);
		spans = NULL;
		n = 0;
		pos = part_end;
		while (pos > part && !boundary_at(text, pos, len))
			pos--;
		if (pos == part)
			for (pos = part_end;
			     pos < len && !boundary_at(text, pos, len);)
				pos++;
		part = pos;
	}

	/* Try a window starting at each match; keep the best. */
	for (i = 0; i < n && spans[i].start < part_end; i++) {
		size_t g, m, e;

		score_window(spans, n, i, spans[i].start + max_bytes, &g, &m,
		             &e);
		if (g > best_g || (g == best_g && m > best_m)) {
			best = i;
			best_g = g;
			best_m = m;
			best_end = e;
		}
	}
	if (n > 0) {
		/* Show a little context before the first match, but never
		 * so much that the window loses a match it was chosen for. */
		size_t start = spans[best].start;
		size_t lead = max_bytes / 5, room = start + max_bytes - best_end;

		if (lead > room)
			lead = room;
		from = start > lead ? start - lead : 0;
		from = snap_start(&c, from);
		from = word_start(text, from, best_end, max_bytes);
		/* A long word before the match must not push it out. */
		if (from > start || best_end > from + max_bytes)
			from = start;
		from = fill_window(text, len, from, max_bytes);
	}
	while (from < len && space_at(text, from, len))
		from += space_len(text, from, len);
	to = cut_end(text, from, from + max_bytes, len);

	/* "…" only where text was cut, not where white space was. */
	if (!all_blank(text, 0, from))
		fo_buf_puts(out, "\xE2\x80\xA6"); /* … */
	put_marked(out, text, from, to, spans, n, marks);
	if (!all_blank(text, to, len))
		fo_buf_puts(out, "\xE2\x80\xA6");
	if (out->oom)
		st = FOLIO_ERROR_NOMEM;
done:
	free(spans);
	free(c.toks);
	fo_buf_free(&c.arena);
	return st;
}

folio_status fo_highlight(fo_analyzer *an, const char *text,
                          const fo_termset *terms, const fo_marks *marks,
                          fo_buf *out)
{
	scan_ctx c;
	span *spans = NULL;
	size_t n = 0, len = strlen(text);
	folio_status st;

	memset(&c, 0, sizeof c);
	st = scan_text(an, text, len, terms, &c);
	if (st == FOLIO_OK && find_spans(&c, terms, &spans, &n) != 0)
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		put_marked(out, text, 0, len, spans, n, marks);
	if (st == FOLIO_OK && out->oom)
		st = FOLIO_ERROR_NOMEM;
	free(spans);
	free(c.toks);
	fo_buf_free(&c.arena);
	return st;
}
