/*
 * snippet.c: choosing and marking the snippet window. The summary is
 * re-analysed with the index's analyzer, so what is highlighted is exactly
 * what the query matched (a query "lock" marks "locking").
 */
#include "search/snippet.h"

#include <stdlib.h>
#include <string.h>

/* The best window is looked for among the matches in a summary's first
 * SCAN_BYTES bytes only (Lucene's highlighter has the same kind of bound,
 * maxDocCharsToAnalyze): some summaries run to 80 KB, and analysing all of
 * each hit's text made such hits cost milliseconds (bench/results). 99% of
 * the posts in bench/ are shorter than 1.3 KB, so they are scanned whole. */
#define SCAN_BYTES 4096

typedef struct span {
	size_t start, end;
	size_t word; /* index of the query word matched, for distinct counts */
} span;

typedef struct scan_ctx {
	const fo_termset *terms;
	span *spans;
	size_t n, cap;
	size_t *starts; /* start offsets of every token, for cutting */
	size_t n_starts, cap_starts;
	size_t covered_end; /* end of the last joined span marked */
	int oom;
} scan_ctx;

static size_t word_index(const fo_termset *s, const fo_token *t)
{
	const char *stem = t->stem ? t->stem : t->term;
	size_t i;

	for (i = 0; i < s->n_exact; i++)
		if (strcmp(s->exact[i], t->term) == 0)
			return i;
	for (i = 0; i < s->n_stems; i++)
		if (strcmp(s->stems[i], stem) == 0)
			return s->n_exact + i;
	return (size_t)-1;
}

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

static int on_token(const fo_token *t, void *ctx)
{
	scan_ctx *c = ctx;
	size_t w;

	if (grow((void **)&c->starts, &c->cap_starts, c->n_starts,
	         sizeof *c->starts) != 0)
		goto oom;
	c->starts[c->n_starts++] = t->start;
	/* Parts inside a compound already marked whole are not marked again. */
	if (t->kind == FO_TOK_PART && t->end <= c->covered_end)
		return 0;
	w = word_index(c->terms, t);
	if (w == (size_t)-1)
		return 0;
	if (grow((void **)&c->spans, &c->cap, c->n, sizeof *c->spans) != 0)
		goto oom;
	c->spans[c->n].start = t->start;
	c->spans[c->n].end = t->end;
	c->spans[c->n].word = w;
	c->n++;
	if (t->kind == FO_TOK_JOINED)
		c->covered_end = t->end;
	return 0;
oom:
	c->oom = 1;
	return 1;
}

/* The last token start at or before pos (0 if none). */
static size_t snap_start(const scan_ctx *c, size_t pos)
{
	size_t lo = 0, hi = c->n_starts;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->starts[mid] <= pos)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? c->starts[lo - 1] : 0;
}

/* Count distinct words and matches among spans inside [from, to). */
static void score_window(const scan_ctx *c, size_t first, size_t to,
                         size_t *distinct, size_t *matches)
{
	size_t i, j;

	*distinct = *matches = 0;
	for (i = first; i < c->n && c->spans[i].end <= to; i++) {
		(*matches)++;
		for (j = first; j < i; j++)
			if (c->spans[j].word == c->spans[i].word)
				break;
		if (j == i)
			(*distinct)++;
	}
}

/* End the window on a word boundary: the last white space before limit. */
static size_t cut_end(const char *text, size_t from, size_t limit, size_t len)
{
	size_t end;

	if (limit >= len)
		return len;
	for (end = limit; end > from; end--)
		if (text[end] == ' ' || text[end] == '\n')
			return end;
	/* One giant word: cut on a UTF-8 character boundary. */
	for (end = limit; end > from && ((unsigned char)text[end] & 0xC0) == 0x80;)
		end--;
	return end;
}

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r';
}

static int all_blank(const char *text, size_t from, size_t to)
{
	for (; from < to; from++)
		if (!is_blank(text[from]))
			return 0;
	return 1;
}

static void put_clean(fo_buf *out, const char *s, size_t len)
{
	size_t i;

	/* A snippet is one line of display text: control characters become
	 * spaces, so the only ones in it are the caller's own markers. */
	for (i = 0; i < len; i++)
		fo_buf_putc(out, ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
		                         ? ' ' : s[i]);
}

folio_status fo_snippet(fo_analyzer *an, const char *text,
                        const fo_termset *terms, size_t max_bytes,
                        const char *hl_start, const char *hl_end, fo_buf *out)
{
	scan_ctx c;
	size_t len = strlen(text), best = 0, best_d = 0, best_m = 0;
	size_t i, from = 0, to, pos, scan = len;
	folio_status st;

	/* Analyse SCAN_BYTES, plus one window so that a window starting
	 * there is highlighted to its end; stop on white space, not in a
	 * word. */
	if (len > SCAN_BYTES + max_bytes) {
		scan = SCAN_BYTES + max_bytes;
		while (scan > SCAN_BYTES && !is_blank(text[scan]))
			scan--;
	}
	memset(&c, 0, sizeof c);
	c.terms = terms;
	st = fo_analyze(an, text, scan, on_token, &c);
	if (st == FOLIO_OK && c.oom)
		st = FOLIO_ERROR_NOMEM;
	if (st != FOLIO_OK)
		goto done;

	/* Try a window starting at each match; keep the best. */
	for (i = 0; i < c.n && c.spans[i].start < SCAN_BYTES; i++) {
		size_t d, m;

		score_window(&c, i, c.spans[i].start + max_bytes, &d, &m);
		if (d > best_d || (d == best_d && m > best_m)) {
			best = i;
			best_d = d;
			best_m = m;
		}
	}
	if (c.n > 0) {
		/* Show a little context before the first match. */
		size_t lead = max_bytes / 5;
		from = c.spans[best].start > lead ? c.spans[best].start - lead : 0;
		from = snap_start(&c, from);
		/* A long word before the match must not push it out. */
		if (from > c.spans[best].start ||
		    c.spans[best].end > from + max_bytes)
			from = c.spans[best].start;
	}
	while (from < len && is_blank(text[from]))
		from++;
	to = cut_end(text, from, from + max_bytes, len);

	/* "…" only where text was cut, not where white space was. */
	if (!all_blank(text, 0, from))
		fo_buf_puts(out, "\xE2\x80\xA6"); /* … */
	pos = from;
	for (i = 0; i < c.n; i++) {
		if (c.spans[i].start < pos || c.spans[i].end > to)
			continue;
		put_clean(out, text + pos, c.spans[i].start - pos);
		if (hl_start)
			fo_buf_puts(out, hl_start);
		put_clean(out, text + c.spans[i].start,
		          c.spans[i].end - c.spans[i].start);
		if (hl_end)
			fo_buf_puts(out, hl_end);
		pos = c.spans[i].end;
	}
	put_clean(out, text + pos, to - pos);
	if (!all_blank(text, to, len))
		fo_buf_puts(out, "\xE2\x80\xA6");
	if (out->oom)
		st = FOLIO_ERROR_NOMEM;
done:
	free(c.spans);
	free(c.starts);
	return st;
}
