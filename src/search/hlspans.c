/*
 * hlspans.c: where a query's highlight units match in a text
 * (hlspans.h): the text's tokens, each with its stem, matched against
 * each unit by exact form, stem, prefix, sequence (phrases, compounds,
 * camelCase runs) and, for a NEAR's words, window.
 */
#include "search/hlspans.h"

#include "util/ascii.h"
#include "util/grow.h"

#include <stdlib.h>
#include <string.h>

/* The stem of the term alone, from the stemming analyzer. */
typedef struct alone {
	const char *term;
	size_t len;
	fo_buf *arena;
	int found, same, oom;
} alone;

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

/* Whether term[0..len) is ASCII lower-case letters only. */
static int ascii_letters(const char *term, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (term[i] < 'a' || term[i] > 'z')
			return 0;
	return len > 0;
}

/* Append the stem of token t (scanned without stemming) to the arena, as
 * the stemming analyzer gives it for t's term alone: a normalised term
 * analyses to itself, and its stem depends on nothing else. Should the
 * term not come back as one token, c->redo asks for the whole text to be
 * scanned again with stemming. A term of letters a-z alone is one word
 * to the analyzer, whose stem fo_analyzer_stem gives as its analysis
 * would (analyzer.h) without segmenting it again: the analysis cost
 * five times the lookup, for most of a summary's words stemmed so. */
static int stem_alone(fo_hlscan *c, const fo_token *t)
{
	alone a = { t->term, t->len, &c->arena, 0, 0, 0 };
	const char *stem;
	size_t stem_len;
	folio_status st;

	if (ascii_letters(t->term, t->len)) {
		st = fo_analyzer_stem(c->stemmer, t->term, t->len, &stem,
		                      &stem_len);
		if (st == FOLIO_OK)
			fo_buf_append(&c->arena, stem ? stem : t->term,
			              (stem ? stem_len : t->len) + 1);
		if (st == FOLIO_ERROR_NOMEM || c->arena.oom)
			c->oom = 1;
		else if (st != FOLIO_OK)
			c->redo = 1;
		return c->oom || c->redo;
	}
	st = fo_analyze(c->stemmer, t->term, t->len, on_alone, &a);
	if (st == FOLIO_ERROR_NOMEM || a.oom)
		c->oom = 1;
	else if (st != FOLIO_OK || !a.found || !a.same)
		c->redo = 1;
	return c->oom || c->redo;
}

/* A name that the index also holds without its dots or underscores
 * (fo_token_squeezed: nodejs of Node.js), as a token of its own where
 * the name's joined token is, with the stem the query's analysis gives
 * that term, so that a query nodejs marks Node.js. */
static int add_squeezed(fo_hlscan *c, const fo_token *t)
{
	char buf[FO_MAX_TERM_BYTES];
	size_t n = fo_token_squeezed(t, buf), stem_len;
	const char *stem;
	fo_hltok *s;
	folio_status st;

	if (!n)
		return 0;
	st = fo_analyzer_stem(c->an, buf, n, &stem, &stem_len);
	if (st == FOLIO_ERROR_NOMEM ||
	    fo_grow((void **)&c->toks, &c->cap, c->n, sizeof *c->toks) != 0) {
		c->oom = 1;
		return 1;
	}
	if (st != FOLIO_OK)
		stem = NULL; /* matched as typed only */
	s = &c->toks[c->n++];
	*s = c->toks[c->n - 2];
	s->squeezed = 1;
	s->term = c->arena.len;
	fo_buf_append(&c->arena, buf, n);
	fo_buf_append(&c->arena, "", 1);
	s->stem = s->term;
	if (stem) {
		s->stem = c->arena.len;
		fo_buf_append(&c->arena, stem, stem_len + 1);
	}
	c->oom = c->arena.oom;
	return c->oom;
}

static int on_token(const fo_token *t, void *ctx)
{
	fo_hlscan *c = ctx;
	fo_hltok *s;

	if (fo_grow((void **)&c->toks, &c->cap, c->n, sizeof *c->toks) != 0) {
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
	} else if (c->stemmer && t->len == t->end - t->start &&
	           fo_acronym_plural(c->text + t->start, t->len)) {
		/* stemmed by its capitals, which its term alone lost */
		s->stem = c->arena.len;
		fo_buf_append(&c->arena, t->term, t->len - 1);
		fo_buf_append(&c->arena, "", 1);
	} else if (c->stemmer && c->first[(unsigned char)*t->term]) {
		s->stem = c->arena.len;
		if (stem_alone(c, t) != 0)
			return 1;
	}
	s->kind = t->kind;
	s->squeezed = 0;
	s->pos = c->pos_base + t->pos;
	s->start = c->base + t->start;
	s->end = c->base + t->end;
	if (c->arena.oom)
		c->oom = 1;
	return c->oom || add_squeezed(c, t);
}

#define TERM(c, t) ((c)->arena.data + (t)->term)
#define STEM(c, t) ((c)->arena.data + (t)->stem)

/* Whether a and b are the same string: the first bytes are compared
 * before the call, as nearly every token and unit compared differ
 * there (a third of a snippet's matching was strcmp). */
static int same(const char *a, const char *b)
{
	return a[0] == b[0] && strcmp(a, b) == 0;
}

/* Whether token t is the word u->term in any form with its stem, or is
 * that stem written as a word, which a free word's query finds too
 * (query.c word_query; a NEAR's forms are those of the stem, near.c):
 * Snowball does not always stem a stem to itself (accidentally:
 * accident, whose own stem is accid). */
static int word_match(const fo_hlscan *c, const fo_hltok *t, const fo_hlunit *u)
{
	const char *ustem = u->stem ? u->stem : u->term;

	return same(TERM(c, t), u->term) || same(STEM(c, t), ustem) ||
	       (u->stem && !u->near && same(TERM(c, t), u->stem));
}

/* Match seq[0..n) at consecutive positions from token i, the last as a
 * prefix if last_prefix: each word held by a token at its position, as
 * Xapian matches a phrase; the end of the last token matched, or 0. A
 * JOINED token stands at its first part's position, as the indexer puts
 * it, so the phrase "to postgresql" finds "to PostgreSQL" (postgresql
 * where postgre is), and a sequence passes over the parts of one it
 * matched. */
static size_t seq_match(const fo_hlscan *c, size_t i, char *const *seq,
                        size_t n, int last_prefix)
{
	size_t k = 0, end = 0;
	uint32_t pos = c->toks[i].pos;

	if (c->toks[i].kind == FO_TOK_JOINED || n == 0)
		return 0;
	for (; i < c->n && k < n; i++) {
		const fo_hltok *t = &c->toks[i];

		if (t->pos < pos + k)
			continue;
		if (t->pos > pos + k)
			return 0;
		if (k + 1 == n && last_prefix
		        ? strncmp(TERM(c, t), seq[k], strlen(seq[k])) != 0
		        : !same(TERM(c, t), seq[k]))
			continue; /* another token may hold this position */
		end = t->end;
		k++;
	}
	return k == n ? end : 0;
}

/* Whether token i is a compound's joined token whose first part, the
 * token after it from the same byte, begins with prefix. */
static int first_part_prefixed(const fo_hlscan *c, size_t i, const char *prefix)
{
	const fo_hltok *t = &c->toks[i];

	return t->kind == FO_TOK_JOINED && i + 1 < c->n &&
	       c->toks[i + 1].start == t->start &&
	       strncmp(TERM(c, &c->toks[i + 1]), prefix, strlen(prefix)) == 0;
}

/* A camelCase run of parts from token i (each starting where the one
 * before ends, no joiner between them) that spells word, as indexer.c
 * add_run indexes it (PyArrow of PyArrow-backed for pyarrow): the end of
 * its last part, or 0. */
static size_t run_match(const fo_hlscan *c, size_t i, const char *word)
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
		const fo_hltok *t = &c->toks[i];
		const char *term = TERM(c, t);
		size_t tl = strlen(term);

		if (t->kind != FO_TOK_PART || t->start != end || k + tl > len ||
		    memcmp(word + k, term, tl) != 0)
			return 0;
		k += tl;
		end = t->end;
		if (++parts >= 2 && k == len)
			return i + 1 < c->n &&
			               c->toks[i + 1].kind == FO_TOK_PART &&
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
static uint32_t last_pos(const fo_hlscan *c, size_t i, size_t end,
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

static int add_span(fo_hlspan **spans, size_t *n, size_t *cap,
                    const fo_hltok *t, uint32_t last, size_t end, size_t unit,
                    unsigned gain)
{
	if (fo_grow((void **)spans, cap, *n, sizeof **spans) != 0)
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
	const fo_hlspan *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1; /* longer first */
	return x->gain > y->gain ? -1 : x->gain < y->gain;
}

#define NO_SPAN ((size_t)-1)

/* The places of the NEAR's matches idx[0..m) (pos, end: the first and
 * the last), less those that a word's compound takes past the word: a
 * word typed whole that a post writes as a compound (postgresql of
 * PostgreSQL, parted as postgre, sql) takes two places, which the NEAR's
 * form with the compound's last part holds in a window as much wider
 * (near.c word_tail). So the window is the NEAR's own, where the post
 * writes the compound and where it writes the word whole: widened for
 * every post, it marked words a window too far from each other where
 * the index held the word's parts from another post (th, reads of
 * threads). A typed compound's own parts are its words (near_units).
 * dropped: zero, one for each place to the last, left zero. Loose: each
 * word's match takes its own place alone, compounds dropping none, as
 * the window widened by the search's slack counts them. */
static void near_places(const fo_hlspan *spans, const size_t *idx, size_t m,
                        const fo_termset *terms, int loose, uint32_t *dropped,
                        size_t *pos, size_t *end)
{
	uint32_t p, top = 0, sum = 0;
	size_t k;
	int any = 0;

	for (k = 0; k < m; k++) {
		const fo_hlspan *s = &spans[idx[k]];
		const fo_hlunit *u = &terms->units[s->unit];
		uint32_t own = s->pos;

		if (u->kind == FO_HL_COMPOUND && u->n_seq > 1)
			own += (uint32_t)u->n_seq - 1;
		pos[k] = s->pos;
		end[k] = loose && u->kind != FO_HL_COMPOUND ? s->pos : s->last;
		for (p = own + 1; !loose && p <= s->last; p++)
			dropped[p] = any = 1;
		if (s->last > top)
			top = s->last;
	}
	if (!any)
		return;
	/* dropped[p]: the places dropped up to p */
	for (p = 0; p <= top; p++)
		dropped[p] = sum += dropped[p];
	for (k = 0; k < m; k++) {
		pos[k] -= pos[k] ? dropped[pos[k] - 1] : 0;
		end[k] -= dropped[end[k]];
	}
	memset(dropped, 0, ((size_t)top + 1) * sizeof *dropped);
}

/* The NEAR's group g among spans (sorted by start, so by position):
 * keep[] set for each of its matches that a window of the NEAR holds
 * together with a match of each of its other words, each at a place of
 * its own (Xapian's NEAR gives each word a position of its own, so "a
 * NEAR a" needs two a's). A window opens at a match of the NEAR, pos to
 * pos + window, and holds the matches that start and end inside it (a
 * compound ends at its last part), at their places as near_places
 * counts them. Linear in the matches (after a binary search each),
 * whatever the window: each match enters the windows once and leaves
 * once; and in the text's places where a word's compound matched.
 * work: 6 * n + 1 size_t, at: zero, one count for each position up to
 * the last, left zero. Loose: in the window widened by its slack
 * (near_places), none when it has no slack. The number of windows
 * full. */
static size_t near_group(const fo_hlspan *spans, size_t n,
                         const fo_termset *terms, unsigned g, int loose,
                         unsigned char *keep, size_t *work, uint32_t *at)
{
	size_t *idx = work, *entry = work + n, *next = work + 2 * n;
	size_t *full = work + 3 * n; /* windows full before each, n + 1 */
	size_t *pos = work + 4 * n + 1, *end = work + 5 * n + 1;
	size_t m = 0, i, k, lo, hi, bits = 0, present = 0, places = 0;
	uint32_t count[64] = { 0 };
	uint64_t all = 0;
	unsigned window = 0, slack = 0;

	for (i = 0; i < terms->n; i++)
		if (terms->units[i].near == g) {
			all |= (uint64_t)1 << terms->units[i].near_bit;
			window = terms->units[i].near_window;
			slack = terms->units[i].near_slack;
		}
	/* no wider window to try: keep[] stays as the exact pass left it */
	if (loose && !slack)
		return 0;
	if (loose)
		window += slack;
	for (; all; all &= all - 1)
		bits++;
	for (i = 0; i < n; i++)
		if (terms->units[spans[i].unit].near == g)
			idx[m++] = i;
	near_places(spans, idx, m, terms, loose, at, pos, end);
	/* entry[k]: the first window that holds match k whole, the one
	 * opening at the first match at most window - 1 before its end;
	 * NO_SPAN if even its own does not (a compound longer than it) */
	for (k = 0; k < m; k++) {
		lo = 0;
		hi = k + 1;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if ((uint64_t)pos[mid] + window > end[k])
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
			const fo_hlspan *s = &spans[idx[k]];

			if (count[terms->units[s->unit].near_bit]++ == 0)
				present++;
			if (at[pos[k]]++ == 0)
				places++;
		}
		if (present == bits && places >= bits)
			keep[idx[i]] = 2; /* window i is full: counted below */
		if (entry[i] != NO_SPAN) {
			const fo_hlspan *s = &spans[idx[i]];

			if (--count[terms->units[s->unit].near_bit] == 0)
				present--;
			if (--at[pos[i]] == 0)
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
	return full[m];
}

/* Drop the matches of a NEAR's words (fo_hlunit.near) that no window of
 * the NEAR holds together with a match of each of its other words: the
 * NEAR did not match there, so `GIL NEAR threads` marks the "threads"
 * beside GIL, not every one (near_group). *held: the NEARs another text
 * of the post holds (fo_hlscan.near_held), to which those this one holds
 * are added. -1: out of memory. */
static int near_filter(fo_hlspan *spans, size_t *n, const fo_termset *terms,
                       uint64_t *held)
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
		if (spans[i].last > top)
			top = spans[i].last;
	keep = calloc(*n, 1);
	work = malloc((6 * *n + 1) * sizeof *work);
	at = calloc((size_t)top + 1, sizeof *at);
	if (!keep || !work || !at)
		goto done;
	/* where no window of the words' places holds the NEAR, in this
	 * text or another of the post, the search's wider one did */
	for (g = 1; g <= groups; g++) {
		uint64_t bit = g <= 64 ? (uint64_t)1 << (g - 1) : 0;

		if (near_group(spans, *n, terms, g, 0, keep, work, at))
			*held |= bit;
		else if (!(*held & bit))
			near_group(spans, *n, terms, g, 1, keep, work, at);
	}
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

int fo_hl_spans(fo_hlscan *c, const fo_termset *terms, fo_hlspan **out,
                size_t *n_out)
{
	fo_hlspan *spans = NULL;
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
		const fo_hltok *t = &c->toks[i];
		if (!first[(unsigned char)TERM(c, t)[0]] &&
		    !first[(unsigned char)STEM(c, t)[0]])
			continue;
		for (u = 0; rc == 0 && u < terms->n; u++) {
			const fo_hlunit *h = &terms->units[u];
			size_t end = 0;
			unsigned gain = 1;

			if (t->squeezed && h->near && !h->near_squeezed)
				continue;
			switch (h->kind) {
			case FO_HL_WORD:
				if (word_match(c, t, h))
					end = t->end;
				else if (t->kind == FO_TOK_PART) /* a run's */
					end = run_match(c, i, h->term);
				break;
			case FO_HL_EXACT:
				if (h->one_word && t->kind == FO_TOK_JOINED)
					break;
				if (same(TERM(c, t), h->term))
					end = t->end;
				else if (t->kind == FO_TOK_PART && !h->one_word)
					end = run_match(c, i, h->term);
				break;
			case FO_HL_PREFIX:
				/* a compound whose first part the prefix
				 * matches is marked at that part, as the
				 * word typed is (table* of Table-Locking) */
				if (first_part_prefixed(c, i, h->term))
					break;
				if (strncmp(TERM(c, t), h->term,
				            strlen(h->term)) == 0)
					end = t->end;
				else
					end = seq_match(c, i, h->seq, h->n_seq,
					                1);
				break;
			case FO_HL_SEQ:
				end = seq_match(c, i, h->seq, h->n_seq, 0);
				gain =
				    h->n_seq > 1 ? (unsigned)h->n_seq + 1 : 1;
				break;
			case FO_HL_COMPOUND:
				gain = (unsigned)h->n_seq + 1;
				if (t->kind != FO_TOK_PART &&
				    word_match(c, t, h))
					end = t->end;
				else
					end = seq_match(c, i, h->seq, h->n_seq,
					                0);
				break;
			}
			if (end && add_span(&spans, &n, &cap, t,
			                    h->kind == FO_HL_COMPOUND || h->near
			                        ? last_pos(c, i, end, h)
			                        : t->pos,
			                    end, u, gain) != 0)
				rc = -1;
		}
	}
	if (n)
		qsort(spans, n, sizeof *spans, by_start);
	if (rc == 0 && near_filter(spans, &n, terms, &c->near_held) != 0)
		rc = -1;
	for (i = 0, kept = 0; i < n; i++)
		if (kept == 0 || spans[i].start >= spans[kept - 1].end)
			spans[kept++] = spans[i];
	*out = spans;
	*n_out = kept;
	return rc;
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
 * Stemming every word of a summary is most of a snippet's cost in a
 * one-search process (a cold stem cache: libstemmer and the cache's
 * first-touch page faults), yet only a word whose stem starts with the
 * byte a query unit's stem starts with can match it by stem. Where the
 * language's stems keep their word's first byte, the text is scanned by
 * an analyzer that does not stem (English changes the stems only, never
 * the tokens: it drops no elided article, analyzer.h) and only those
 * words are stemmed, alone; any other
 * word's stem is set to the word itself, which can match no query stem
 * either. The highlights are the same as from stemming every word.
 */
/* Set up c for scanning with terms: the analyzer that does not stem
 * and the first bytes of the query stems, where the language allows. */
static void scan_setup(fo_analyzer *an, const fo_termset *terms, fo_hlscan *c)
{
	size_t u;

	c->n = 0;
	fo_buf_clear(&c->arena);
	c->stemmer = NULL;
	c->redo = 0;
	c->pos_base = 0;
	c->partial = 0;
	memset(c->first, 0, sizeof c->first);
	if (stems_keep_first_byte(an) &&
	    (c->plain || fo_analyzer_new("none", &c->plain) == FOLIO_OK)) {
		/* its tokens must be those of an's revision, which the
		 * index holds: revision 4 changed kana in every language */
		fo_analyzer_set_revision(c->plain, fo_analyzer_revision(an));
		c->stemmer = an;
		for (u = 0; u < terms->n; u++) {
			const fo_hlunit *h = &terms->units[u];
			const char *stem = h->stem ? h->stem : h->term;
			if ((h->kind == FO_HL_WORD ||
			     h->kind == FO_HL_COMPOUND) &&
			    stem)
				c->first[(unsigned char)stem[0]] = 1;
		}
	}
}

/* Add the tokens of text[0..len), at byte base of the text, to c. A
 * scan that could not stem a word alone is done again stemming every
 * word, and *redone says so. */
static folio_status scan_add(fo_analyzer *an, const char *text, size_t len,
                             size_t base, fo_hlscan *c, int *redone)
{
	size_t n = c->n, arena = c->arena.len;
	fo_analyzer *stemmer = c->stemmer;
	folio_status st;

	c->base = base;
	c->an = an;
	c->text = text;
	*redone = 0;
	if (stemmer) {
		st = fo_analyze(c->plain, text, len, on_token, c);
		if (st != FOLIO_OK || c->oom || !c->redo)
			goto done;
		c->n = n;
		c->arena.len = arena;
		c->stemmer = NULL;
		c->redo = 0;
		*redone = 1;
	}
	st = fo_analyze(an, text, len, on_token, c);
	c->stemmer = stemmer;
done:
	if (st == FOLIO_OK && c->oom)
		st = FOLIO_ERROR_NOMEM;
	return st;
}

/*
 * Stemming every word of a summary is most of a snippet's cost in a
 * one-search process (a cold stem cache: libstemmer and the cache's
 * first-touch page faults), yet only a word whose stem starts with the
 * byte a query unit's stem starts with can match it by stem. Where the
 * language's stems keep their word's first byte, the text is scanned by
 * an analyzer that does not stem (English changes the stems only, never
 * the tokens: it drops no elided article, analyzer.h) and only those
 * words are stemmed, alone; any other
 * word's stem is set to the word itself, which can match no query stem
 * either. The highlights are the same as from stemming every word.
 */
folio_status fo_hl_scan(fo_analyzer *an, const char *text, size_t len,
                        size_t base, const fo_termset *terms, fo_hlscan *c)
{
	int redone;

	scan_setup(an, terms, c);
	return scan_add(an, text, len, base, c, &redone);
}

/*
 * Only the islands of the part are analysed, each alone, its positions
 * following the last island's with a gap: tokens of chunks left out
 * came between, so no phrase runs across. What the scan of the whole
 * part would do to them all, an island does to its own: stemming every
 * word where one word could not be stemmed alone. Then the whole part
 * is scanned as before, as the islands would leave the other words
 * stemmed otherwise.
 */
folio_status fo_hl_scan_part(fo_analyzer *an, const char *text, size_t from,
                             size_t to, const fo_termset *terms, fo_hlscan *c)
{
	folio_status st = FOLIO_OK;
	size_t i;
	int rc, redone = 0;

	scan_setup(an, terms, c);
	c->from = from;
	c->to = to;
	rc = c->stemmer ? fo_prescan_setup(&c->pre, an, terms) : 0;
	if (rc == 1 && fo_prescan_islands(&c->pre, text, from, to) != 0)
		rc = -1;
	if (rc < 0)
		return FOLIO_ERROR_NOMEM;
	/* one island over the whole part is the part */
	if (rc == 1 && !(c->pre.n_islands == 1 && c->pre.islands[0] == from &&
	                 c->pre.islands[1] == to)) {
		for (i = 0; st == FOLIO_OK && !redone && i < c->pre.n_islands;
		     i++) {
			size_t a = c->pre.islands[2 * i];
			size_t b = c->pre.islands[2 * i + 1];

			st = scan_add(an, text + a, b - a, a, c, &redone);
			if (c->n)
				c->pos_base = c->toks[c->n - 1].pos + 2;
		}
		if (st != FOLIO_OK || !redone) {
			c->partial = st == FOLIO_OK;
			return st;
		}
		scan_setup(an, terms, c);
	}
	return scan_add(an, text + from, to - from, from, c, &redone);
}

/* The last token start at or before a limit, of a chunk analysed. */
typedef struct last_start {
	size_t limit, best;
	int found;
} last_start;

static int on_start(const fo_token *t, void *ctx)
{
	last_start *l = ctx;

	if (t->start > l->limit)
		return 1;
	l->best = t->start;
	l->found = 1;
	return 0;
}

folio_status fo_hl_token_start(const fo_hlscan *c, const char *text, size_t pos,
                               size_t *out)
{
	size_t lo = 0, hi = c->n, best = 0, q, s, e;
	folio_status st;
	int have = 0;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->toks[mid].start <= pos) {
			best = c->toks[mid].start;
			have = 1;
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	*out = best;
	if (!c->partial)
		return FOLIO_OK;
	/* A chunk left out between best and pos may hold a later start:
	 * each, from the one at pos back, is analysed alone (white space
	 * parts its tokens from the rest, prescan.h). */
	for (q = pos < c->to ? pos + 1 : c->to; q > c->from && q > best;
	     q = s) {
		last_start l = { 0, 0, 0 };

		while (q > c->from &&
		       fo_ascii_is_space((unsigned char)text[q - 1]))
			q--;
		for (s = q; s > c->from &&
		            !fo_ascii_is_space((unsigned char)text[s - 1]);)
			s--;
		if (s == q || (have && s <= best))
			break; /* best's chunk, whose tokens are known */
		if (fo_prescan_in_island(&c->pre, s))
			continue;
		for (e = q;
		     e < c->to && !fo_ascii_is_space((unsigned char)text[e]);)
			e++;
		l.limit = pos - s; /* the chunk's offsets */
		st = fo_analyze(c->plain, text + s, e - s, on_start, &l);
		if (st != FOLIO_OK)
			return st;
		if (l.found) {
			*out = s + l.best;
			return FOLIO_OK;
		}
	}
	return FOLIO_OK;
}

void fo_hl_scan_free(fo_hlscan *c)
{
	fo_prescan_free(&c->pre);
	free(c->toks);
	fo_buf_free(&c->arena);
	fo_analyzer_free(c->plain);
}
