/*
 * snippet.c: choosing and marking the snippet window, and marking a
 * title's matches (fo_highlight). The text is re-analysed with the
 * index's analyzer, so what is highlighted is exactly what the query
 * matched (a query "lock" marks "locking"), and phrases and compounds are
 * found by position, as Xapian's PHRASE finds them.
 */
#include "search/snippet.h"

#include "analyzer/normalize.h"
#include "analyzer/segment.h"
#include "search/hlspans.h"
#include "util/ascii.h"
#include "util/display.h"

#include <utf8proc.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* A match is shown whole up to this many bytes however small the window
 * (folio.h's snippet_bytes of 1 or 2 cut every word, unmarked): a
 * word's term is its first 64 bytes, normalised from up to 4 x 64 raw
 * ones (doc/analyzer.md). Only a blob, longer than this and than twice
 * the window, is cut. */
#define WHOLE_MATCH 256
/* How far past the window a word a match ends in is shown to its end. */
#define WORD_TAIL 32

/* Whether spans[i] is a free word followed in the text, at the next
 * position and before to, by the free word typed after it
 * (fo_hlunit.next_typed): "memory ordering" as typed, not "memory model
 * and ordering". */
static int typed_pair(const fo_termset *terms, const fo_hlspan *spans, size_t n,
                      size_t i, size_t to)
{
	size_t next = terms->units[spans[i].unit].next_typed;

	return next && i + 1 < n && spans[i + 1].end <= to &&
	       spans[i + 1].unit == next - 1 &&
	       spans[i + 1].pos == spans[i].last + 1;
}

/* A window's score (score_window), best first in this order. */
typedef struct window_score {
	size_t gain;    /* of each distinct unit */
	size_t pairs;   /* distinct pairs of words standing as typed */
	size_t matches; /* how many */
	size_t end;     /* where the last match ends */
} window_score;

/* Score the spans inside [spans[first].start, to). */
static void score_window(const fo_termset *terms, const fo_hlspan *spans,
                         size_t n, size_t first, size_t to, window_score *w)
{
	size_t i, j;

	memset(w, 0, sizeof *w);
	/* the first counts even when longer than the window: a window
	 * that holds none would show no match */
	for (i = first; i < n && (i == first || spans[i].end <= to); i++) {
		w->matches++;
		w->end = spans[i].end;
		for (j = first; j < i; j++)
			if (spans[j].unit == spans[i].unit)
				break;
		if (j == i)
			w->gain += spans[i].gain;
		if (!typed_pair(terms, spans, n, i, to))
			continue;
		for (j = first; j < i; j++)
			if (spans[j].unit == spans[i].unit &&
			    typed_pair(terms, spans, n, j, to))
				break;
		if (j == i)
			w->pairs++;
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

/* The length of the white space character at text[p], or 0: an ASCII
 * blank, a Unicode space separator (a no-break space, CJK's ideographic
 * space) or a line or paragraph separator. */
static size_t space_len(const char *text, size_t p, size_t len)
{
	utf8proc_int32_t cp;
	utf8proc_category_t cat;
	utf8proc_ssize_t n;

	if (fo_ascii_is_space((unsigned char)text[p]))
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

/* The length of the character at text[p] that a snippet shows as
 * blank, or 0: white space, or a character put_clean makes a space (a
 * control, a bidi control), which a summary trimmed of its white space
 * may still open or end with. */
static size_t blank_len(const char *text, size_t p, size_t len)
{
	size_t n = space_len(text, p, len);

	return n ? n
	         : fo_display_unsafe((const unsigned char *)text + p, len - p);
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

/* Whether a window may end, or open, at text[p] in text written without
 * white space: before a CJK character other than a combining one (the
 * voiced marks U+3099 and U+309A extend the kana before them) or Hangul,
 * whose words Korean parts by spaces. */
static int unspaced_cut_at(const char *text, size_t p, size_t len)
{
	utf8proc_int32_t cp;
	utf8proc_category_t cat;

	if ((unsigned char)text[p] < 0x80 ||
	    utf8proc_iterate((const utf8proc_uint8_t *)text + p,
	                     (utf8proc_ssize_t)(len - p), &cp) <= 0 ||
	    !fo_seg_is_cjk(cp) || (cp >= 0xAC00 && cp <= 0xD7AF))
		return 0;
	cat = utf8proc_category(cp);
	return cat != UTF8PROC_CATEGORY_MN && cat != UTF8PROC_CATEGORY_MC &&
	       cat != UTF8PROC_CATEGORY_ME;
}

/* Whether text[p] goes on with the word before it: a letter, digit or
 * mark, the rest of such a character, or a hyphen, underscore, dot or
 * apostrophe before another (thread-safe, 3.13, don't). Not CJK, which
 * is cut between characters. */
static int word_goes_on(const char *text, size_t p, size_t len)
{
	unsigned char b = (unsigned char)text[p];
	utf8proc_int32_t cp;
	utf8proc_category_t cat;

	if (b < 0x80)
		return fo_ascii_is_alpha(b) || fo_ascii_is_digit(b) ||
		       ((b == '-' || b == '_' || b == '.' || b == '\'') &&
		        p + 1 < len &&
		        (fo_ascii_is_alpha((unsigned char)text[p + 1]) ||
		         fo_ascii_is_digit((unsigned char)text[p + 1])));
	if ((b & 0xC0) == 0x80)
		return 1;
	if (utf8proc_iterate((const utf8proc_uint8_t *)text + p,
	                     (utf8proc_ssize_t)(len - p), &cp) <= 0 ||
	    unspaced_cut_at(text, p, len))
		return 0;
	cat = utf8proc_category(cp);
	return (cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_ND) ||
	       cat == UTF8PROC_CATEGORY_NL || cat == UTF8PROC_CATEGORY_NO;
}

/* End the window on a word boundary: the last white space before limit
 * (words parted by tabs or no-break spaces were cut inside one), or
 * before a CJK character (unspaced_cut_at: Japanese after a space was cut
 * at the space, its run left out), but not before keep, the end of the
 * matches the window was chosen for; a match longer than the window is
 * shown whole, up to twice the window or WHOLE_MATCH bytes (a longer
 * one, a blob, is cut like a giant word). */
static size_t cut_end(const char *text, size_t from, size_t limit, size_t len,
                      size_t keep)
{
	size_t end, w;

	if (keep > limit &&
	    (keep - from <= 2 * (limit - from) || keep - from <= WHOLE_MATCH))
		limit = keep;
	if (limit >= len)
		return len;
	for (end = limit; end > from && end >= keep; end--)
		if (blank_len(text, end, len) ||
		    unspaced_cut_at(text, end, len))
			break;
	if (keep > from && end < keep) {
		/* no boundary from the matches' end to limit: the word the
		 * last match ends in (safe of thread-safe) is shown to its end
		 * where that is near (a longer one is cut as a giant word) */
		for (w = keep > limit ? keep : limit;
		     w < len && w - limit <= WORD_TAIL &&
		     word_goes_on(text, w, len);)
			w++;
		/* a word ends between code points, which may be inside a
		 * cluster (a ZWJ sequence, a flag, a skin tone): back to its
		 * start, unless that would cut the matches */
		if (w - limit <= WORD_TAIL) {
			size_t c =
			    w < len ? cluster_end(text, from, w, len) : len;

			return c >= keep ? c : w;
		}
	}
	if (end > from && end >= keep) {
		/* and before the white space ahead of it: no blank
		 * between the text and the ellipsis */
		size_t p;

		for (p = end; p > from; end = p) {
			for (p = end - 1; p > from && ((unsigned char)text[p] &
			                               0xC0) == 0x80;)
				p--;
			if (!blank_len(text, p, len))
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

/* Move from back to the white space before it, up to max_bytes / 5
 * bytes (a URL, a longer run without white space, keeps from). */
static size_t word_head(const char *text, size_t from, size_t max_bytes)
{
	size_t p = from;

	while (p > 0 && from - p < max_bytes / 5 &&
	       !fo_ascii_is_space((unsigned char)text[p - 1]))
		p--;
	return p > 0 && !fo_ascii_is_space((unsigned char)text[p - 1]) ? from
	                                                               : p;
}

/* word_head, so that the window does not open on a compound's part
 * ("threaded" of free-threaded reads as a cut), when a window from there
 * still reaches end; else after that word, at the next one before end
 * ("8 and 10.2" of "Linux 9.8 and 10.2" read as another number). */
static size_t word_start(const char *text, size_t from, size_t end,
                         size_t max_bytes)
{
	size_t p = word_head(text, from, max_bytes);

	if (end <= p + max_bytes)
		return p;
	if (p == from)
		return from;
	while (from < end && !fo_ascii_is_space((unsigned char)text[from]))
		from++;
	while (from < end && fo_ascii_is_space((unsigned char)text[from]))
		from++;
	return from;
}

/* Whether the character that ends at text[pos] is white space: one of
 * several bytes (U+3000) is not found at pos - 1, but where a cut one
 * byte short of pos backs up to (fo_utf8_cut). */
static int space_before(const char *text, size_t pos, size_t len)
{
	size_t p = fo_utf8_cut(text, pos, pos - 1);

	return space_len(text, p, len) == pos - p;
}

/* The first word that starts at or after pos, or start if none starts
 * before it: the white space after the word pos is in, then the word.
 * pos, a byte count back from the match, may be inside a character. */
static size_t word_after(const char *text, size_t pos, size_t start, size_t len)
{
	while (pos < start && ((unsigned char)text[pos] & 0xC0) == 0x80)
		pos++;
	if (pos > 0 && !space_before(text, pos, len))
		while (pos < start && !space_at(text, pos, len))
			pos++;
	while (pos < start && space_at(text, pos, len))
		pos += space_len(text, pos, len);
	return pos < start ? pos : start;
}

/* When the window from from reaches the end of the text with room to
 * spare, open it earlier, at a word, so that it shows max_bytes: a short
 * summary whole, a long one's last max_bytes, never cut for nothing. It
 * opens at or after white space, or before a CJK character
 * (unspaced_cut_at): Japanese, which has no white space, showed only the
 * match's lead before it. */
static size_t fill_window(const char *text, size_t len, size_t from,
                          size_t max_bytes)
{
	size_t p;

	if (len <= max_bytes)
		return 0;
	if (len - from >= max_bytes)
		return from;
	for (p = len - max_bytes;
	     p < from && !space_at(text, p, len) &&
	     !fo_ascii_is_space((unsigned char)text[p - 1]) &&
	     !unspaced_cut_at(text, p, len);
	     p++)
		;
	return p;
}

static int all_blank(const char *text, size_t from, size_t to)
{
	size_t n;

	for (; from < to; from += n)
		if (!(n = blank_len(text, from, to)))
			return 0;
	return 1;
}

/* to moved back over the blanks (blank_len) that end text[from..to). */
static size_t trim_blanks(const char *text, size_t from, size_t to)
{
	size_t p;

	while (to > from) {
		for (p = to - 1; p > from && to - p < 4 &&
		                 ((unsigned char)text[p] & 0xC0) == 0x80;)
			p--;
		if (blank_len(text, p, to) != to - p)
			break;
		to = p;
	}
	return to;
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

/* s[0..len) as display text, HTML-escaped when html; squeeze for a
 * snippet (below). */
static void put_clean(fo_buf *out, const char *s, size_t len, int html,
                      int squeeze)
{
	size_t i, from = 0, n;
	const char *esc;

	/* A snippet is one line of display text: control characters, line
	 * separators and bidirectional controls become spaces
	 * (util/display.h), so the only controls in it are the caller's
	 * own markers; a run of them, with the blanks around it, one space,
	 * as a paragraph break ("code.\n\n- item") reads on one line. A
	 * title makes each of them a space: the JSON gives the title as
	 * stored, each of them escaped, and the title's marks count
	 * characters in it (folio_hit.title_marked). The text between them
	 * is copied in one piece. */
	for (i = 0; i < len; i++) {
		size_t back = i;

		esc = html ? html_escape((unsigned char)s[i]) : NULL;
		n = esc ? 1 : fo_display_unsafe((const unsigned char *)s + i,
		                                len - i);
		if (!n)
			continue;
		if (!esc && squeeze) {
			while (back > from && s[back - 1] == ' ')
				back--;
			while (i + n < len) {
				size_t m =
				    s[i + n] == ' '
				        ? 1
				        : fo_display_unsafe(
				              (const unsigned char *)s + i + n,
				              len - i - n);
				if (!m)
					break;
				n += m;
			}
		}
		fo_buf_append(out, s + from, back - from);
		fo_buf_puts(out, esc ? esc : " ");
		i += n - 1;
		from = i + 1;
	}
	fo_buf_append(out, s + from, len - from);
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

/* The start of a match without the display-unsafe characters that open
 * it: a bidi control that opens the text is kept with the word after it,
 * and shown as a space, it must not sit inside the marks either. */
static size_t shown_start(const char *text, size_t start, size_t end)
{
	size_t n;

	while (start < end &&
	       (n = fo_display_unsafe((const unsigned char *)text + start,
	                              end - start)) != 0)
		start += n;
	return start;
}

/* Whether marks put anything around a match or escape the text. */
static int has_marks(const fo_marks *marks)
{
	return marks && (marks->start || marks->end || marks->html);
}

/* text[from..to) with the spans inside it between the marks (squeeze:
 * put_clean's). */
static void put_marked(fo_buf *out, const char *text, size_t from, size_t to,
                       const fo_hlspan *spans, size_t n, const fo_marks *marks,
                       int squeeze)
{
	const char *hl_start = marks ? marks->start : NULL;
	const char *hl_end = marks ? marks->end : NULL;
	int html = marks && marks->html;
	size_t i, pos = from;

	for (i = 0; i < n; i++) {
		size_t start = shown_start(text, spans[i].start, spans[i].end);
		size_t end = shown_end(text, start, spans[i].end);

		if (start < pos || end > to)
			continue;

		put_clean(out, text + pos, start - pos, html, squeeze);
		if (hl_start)
			fo_buf_puts(out, hl_start);
		put_clean(out, text + start, end - start, html, squeeze);
		if (hl_end)
			fo_buf_puts(out, hl_end);
		pos = end;
	}
	put_clean(out, text + pos, to - pos, html, squeeze);
}

/* Where the part of text after the one from part starts, whose scan
 * ended at part_end: at the last word boundary before part_end (a word
 * in one piece), or at the end of one giant word. */
static size_t next_part(const char *text, size_t len, size_t part,
                        size_t part_end)
{
	size_t pos = part_end;

	while (pos > part && !boundary_at(text, pos, len))
		pos--;
	if (pos == part)
		for (pos = part_end; pos < len && !boundary_at(text, pos, len);)
			pos++;
	return pos;
}

/* The span among spans[0..n) starting before part_end whose window of
 * max_bytes scores best (score_window: the most gain, then the most
 * words standing as typed, then the most matches, the first of
 * equals), and where that window's last match ends (*end); 0 and 0
 * without spans. */
static size_t best_window(const fo_termset *terms, const fo_hlspan *spans,
                          size_t n, size_t part_end, size_t max_bytes,
                          size_t *end)
{
	size_t i, best = 0;
	window_score b = { 0, 0, 0, 0 }, w;

	for (i = 0; i < n && spans[i].start < part_end; i++) {
		score_window(terms, spans, n, i, spans[i].start + max_bytes,
		             &w);
		if (w.gain != b.gain     ? w.gain > b.gain
		    : w.pairs != b.pairs ? w.pairs > b.pairs
		                         : w.matches > b.matches) {
			best = i;
			b = w;
		}
	}
	*end = b.end;
	return best;
}

folio_status fo_snippet(fo_analyzer *an, fo_hlscan *scan, const char *text,
                        const fo_termset *terms, size_t max_bytes,
                        const fo_marks *marks, fo_buf *out)
{
	fo_hlscan own, *cp = scan ? scan : &own;
	fo_hlspan *spans = NULL;
	size_t len = strlen(text), best, best_end, n = 0;
	size_t from = 0, to, part = 0, part_end = 0, to_scan;
	folio_status st = FOLIO_OK;

	if (!scan)
		memset(&own, 0, sizeof own);
	/* Unmarked, the matches only choose the window, and a text that
	 * fits in one is shown whole whatever they are: it needs no
	 * analysis (put_marked without marks is put_clean of the window,
	 * as a match starts and ends between characters). */
	while (len > max_bytes || has_marks(marks)) {
		/* Analyse SCAN_BYTES from part, plus one window so that a
		 * window starting there is highlighted to its end (and a
		 * phrase across part_end is found whole); stop on white space,
		 * not in a word. */
		part_end = part + SCAN_BYTES;
		to_scan = len;
		if (len - part > SCAN_BYTES + max_bytes) {
			to_scan = part_end + max_bytes;
			while (to_scan > part_end &&
			       !boundary_at(text, to_scan, len))
				to_scan--;
		}
		st = fo_hl_scan_part(an, text, part, to_scan, terms, cp);
		if (st == FOLIO_OK && fo_hl_spans(cp, terms, &spans, &n) != 0)
			st = FOLIO_ERROR_NOMEM;
		if (st != FOLIO_OK)
			goto done;
		if ((n > 0 && spans[0].start < part_end) || to_scan == len ||
		    part_end >= SCAN_CAP)
			break;
		free(spans);
		spans = NULL;
		n = 0;
		part = next_part(text, len, part, part_end);
	}

	best = best_window(terms, spans, n, part_end, max_bytes, &best_end);
	if (n > 0) {
		/* Show a little context before the first match, but never
		 * so much that the window loses a match it was chosen for. */
		size_t start = spans[best].start;
		size_t lead = max_bytes / 5;
		size_t room = start + max_bytes > best_end
		                  ? start + max_bytes - best_end
		                  : 0;

		if (lead > room)
			lead = room;
		size_t lead_from = start > lead ? start - lead : 0;

		st = fo_hl_token_start(cp, text, lead_from, &from);
		if (st != FOLIO_OK)
			goto done;
		from = word_start(text, from, best_end, max_bytes);
		/* A long word before the match must not push it out, nor
		 * a lead of no tokens (emoji, a row of symbols), whose
		 * token start is far back: open at a word in the lead. */
		if (from > start || best_end > from + max_bytes)
			from = word_after(text, lead_from, start, len);
		/* a window that opens on its first match in a word's part
		 * (threaded of free-threaded) opens at the word, widened to
		 * its matches' end (cut_end) */
		if (from == start)
			from = word_head(text, start, max_bytes);
		from = fill_window(text, len, from, max_bytes);
	}
	while (from < len && blank_len(text, from, len))
		from += blank_len(text, from, len);
	to = cut_end(text, from, from + max_bytes, len, n > 0 ? best_end : 0);
	to = trim_blanks(text, from, to);

	/* "…" only where text was cut, not where white space was. */
	if (!all_blank(text, 0, from))
		fo_buf_puts(out, "\xE2\x80\xA6"); /* … */
	put_marked(out, text, from, to, spans, n, marks, 1);
	if (!all_blank(text, to, len))
		fo_buf_puts(out, "\xE2\x80\xA6");
	if (out->oom)
		st = FOLIO_ERROR_NOMEM;
done:
	free(spans);
	if (!scan)
		fo_hl_scan_free(&own);
	return st;
}

folio_status fo_highlight(fo_analyzer *an, fo_hlscan *scan, const char *text,
                          const fo_termset *terms, const fo_marks *marks,
                          fo_buf *out)
{
	fo_hlscan own, *cp = scan ? scan : &own;
	fo_hlspan *spans = NULL;
	size_t n = 0, len = strlen(text);
	folio_status st;

	if (!scan)
		memset(&own, 0, sizeof own);
	st = fo_hl_scan(an, text, len, 0, terms, cp);
	if (st == FOLIO_OK && fo_hl_spans(cp, terms, &spans, &n) != 0)
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		put_marked(out, text, 0, len, spans, n, marks, 0);
	if (st == FOLIO_OK && out->oom)
		st = FOLIO_ERROR_NOMEM;
	free(spans);
	if (!scan)
		fo_hl_scan_free(&own);
	return st;
}
