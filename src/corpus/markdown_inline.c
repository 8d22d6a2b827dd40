/*
 * markdown_inline.c: the text a reader sees of inline markdown (escapes,
 * links, code spans, emphasis markers, entities, inline comments), for
 * the topic-page parser (markdown.c); see markdown_inline.h.
 */
#include "corpus/markdown_inline.h"
#include "corpus/entities.h"
#include "corpus/text.h"
#include "util/ascii.h"

#include <string.h>

/* A link's text or destination longer than this is taken literally. */
#define FO_MD_LINK_SCAN 4096
/* Bracket searches may look at this many bytes per byte of text (plus a
 * constant), after which the rest of the text is taken literally: a
 * summary full of unmatched '[' would otherwise take quadratic time. Real
 * links use a tiny fraction of it. */
#define FO_MD_SCAN_FACTOR 16
#define FO_MD_SCAN_BASE   65536
/* Links nested deeper than this are taken literally, bounding the
 * recursion of fo_md_inline(). */
#define FO_MD_MAX_NEST 8

int fo_md_is_punct(char c)
{
	return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') ||
	       (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

static int fo_is_alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || (unsigned char)c >= 0x80;
}

/* The longest backtick run that may open a code span inside a link's
 * brackets: a longer one is text there. */
#define FO_MD_SPAN_RUN 32

/* Where the code span that the backtick run s[j..r) opens ends (just
 * past its closing run of as many backticks), before stop and on its
 * line; 0 when none closes it, or the budget runs out. */
static size_t fo_md_span_end(const char *s, size_t stop, size_t j, size_t r,
                             size_t *budget)
{
	size_t k, e;

	for (k = r; k < stop && s[k] != '\n'; k = e) {
		if (*budget == 0)
			return 0;
		(*budget)--;
		for (e = k; e < stop && s[e] == '`'; e++)
			;
		if (e == k)
			e++;
		else if (e - k == r - j)
			return e;
	}
	return 0;
}

size_t fo_md_match(const char *s, size_t n, size_t i, char open, char close,
                   size_t limit, size_t *budget)
{
	size_t j, r, end, depth = 1, stop = n - i > limit ? i + limit : n;
	/* runs of a length that found no closing run: a later one will not
	 * either, so a line of backticks is not scanned once per run */
	unsigned char unclosed[FO_MD_SPAN_RUN + 1] = { 0 };

	for (j = i + 1; j < stop; j++) {
		char c = s[j];

		if (*budget == 0)
			return 0;
		(*budget)--;
		if (c == '\\' && j + 1 < stop) {
			j++;
		} else if (c == '\n') {
			return 0;
		} else if (c == '`' && open == '[') {
			/* a code span binds tighter than a link's brackets
			 * (CommonMark, "Links"): [a `]` b](url) is one link */
			for (r = j; r < stop && s[r] == '`'; r++)
				;
			end = r - j <= FO_MD_SPAN_RUN && !unclosed[r - j]
			          ? fo_md_span_end(s, stop, j, r, budget)
			          : 0;
			if (!end && r - j <= FO_MD_SPAN_RUN)
				unclosed[r - j] = 1;
			j = (end ? end : r) - 1;
		} else if (c == open) {
			depth++;
		} else if (c == close && --depth == 0) {
			return j;
		}
	}
	return 0;
}

/* The '>' that closes the <bracketed> destination whose '<' is s[i], or
 * 0: it holds no line break nor '<', and its parentheses need not pair
 * (CommonMark 0.30, 6.3: <https://x.org/?a=(1> is one). */
static size_t fo_md_pointy(const char *s, size_t n, size_t i, size_t limit,
                           size_t *budget)
{
	size_t j, stop = n - i > limit ? i + limit : n;

	for (j = i + 1; j < stop && *budget; j++) {
		(*budget)--;
		if (s[j] == '\\' && j + 1 < stop)
			j++;
		else if (s[j] == '\n' || s[j] == '<')
			return 0;
		else if (s[j] == '>')
			return j;
	}
	return 0;
}

size_t fo_md_link(const char *s, size_t n, size_t i, size_t limit,
                  size_t *budget, size_t *ts, size_t *te, size_t *ds,
                  size_t *de)
{
	size_t close = fo_md_match(s, n, i, '[', ']', limit, budget), end, k,
	       from;

	if (!close || close + 1 >= n || s[close + 1] != '(')
		return 0;
	/* past a <bracketed> destination, only its title's parentheses
	 * pair with the link's */
	for (k = close + 2; k < n && (s[k] == ' ' || s[k] == '\t'); k++)
		;
	from = k < n && s[k] == '<' ? fo_md_pointy(s, n, k, limit, budget) : 0;
	end =
	    fo_md_match(s, n, from ? from : close + 1, '(', ')', limit, budget);
	if (!end)
		return 0;
	*ts = i + 1;
	*te = close;
	*ds = close + 2;
	*de = end;
	return end + 1;
}

/* A reference link, [text][label] or [text][], whose '[' is s[i]: sets
 * its text's span and returns the index past its label's ']', or 0. Its
 * URL is on a definition line (fo_md_link_def), and a reader sees the
 * text. A '[' right after a word's character is no link: m[i][j] is an
 * index into an array, as text. So is Go's [][]byte, whose text is empty,
 * and "[a][b](url)", a link b after text. */
static size_t fo_md_ref_link(const char *s, size_t n, size_t i, size_t *budget,
                             size_t *ts, size_t *te)
{
	size_t close, end;

	if (i > 0 && (fo_is_alnum(s[i - 1]) || s[i - 1] == ']'))
		return 0;
	close = fo_md_match(s, n, i, '[', ']', FO_MD_LINK_SCAN, budget);
	if (close < i + 2 || close + 1 >= n || s[close + 1] != '[')
		return 0;
	end = fo_md_match(s, n, close + 1, '[', ']', FO_MD_LINK_SCAN, budget);
	if (!end || (end + 1 < n && s[end + 1] == '('))
		return 0;
	*ts = i + 1;
	*te = close;
	return end + 1;
}

int fo_md_link_def(const char *s, size_t n)
{
	size_t budget = FO_MD_UNLIMITED, k;
	size_t close = n > 1 && s[0] == '[' && s[1] != '^'
	                   ? fo_md_match(s, n, 0, '[', ']', n, &budget)
	                   : 0;

	if (close < 2 || close + 1 >= n || s[close + 1] != ':')
		return 0;
	for (k = close + 2; k < n && (s[k] == ' ' || s[k] == '\t'); k++)
		;
	if (k == n)
		return 0;
	if (s[k] == '<') {
		while (k < n && s[k] != '>')
			k++;
		if (k++ == n)
			return 0;
	} else {
		while (k < n && s[k] != ' ' && s[k] != '\t')
			k++;
	}
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	/* only a title may follow the URL: "[1]: Smith et al." is text */
	return k == n || s[k] == '"' || s[k] == '\'' || s[k] == '(';
}

/* The named character reference at s[i] ('&'), as CommonMark reads one:
 * a name HTML5 gives (case-sensitive) and its ';'. Without the ';', or
 * with a name HTML5 does not give (&bogus;), it is text as written. */
static size_t fo_md_entity_named(fo_buf *out, const char *s, size_t n, size_t i)
{
	size_t j;
	const char *text;

	/* a name is letters and digits: the run holds no other '&', so
	 * however long it is, no byte is looked at twice */
	for (j = i + 1; j < n && (fo_ascii_is_alpha((unsigned char)s[j]) ||
	                          fo_ascii_is_digit((unsigned char)s[j]));
	     j++)
		;
	if (j >= n || s[j] != ';')
		return 0;
	text = fo_entity_named(s + i + 1, j - i - 1);
	if (!text)
		return 0;
	fo_buf_puts(out, text);
	return j + 1;
}

/* The numeric character reference at s[i] ('&'): &#233; or &#xE9;. */
static size_t fo_md_entity_numeric(fo_buf *out, const char *s, size_t n,
                                   size_t i)
{
	size_t j, digits;
	unsigned long cp = 0;
	int hex;

	if (n - i < 4 || s[i + 1] != '#')
		return 0;
	j = i + 2;
	hex = s[j] == 'x' || s[j] == 'X';
	if (hex)
		j++;
	for (digits = 0; j < n && digits < 7; j++, digits++) {
		char c = s[j];
		unsigned v;

		if (c >= '0' && c <= '9')
			v = (unsigned)(c - '0');
		else if (hex && c >= 'a' && c <= 'f')
			v = (unsigned)(c - 'a' + 10);
		else if (hex && c >= 'A' && c <= 'F')
			v = (unsigned)(c - 'A' + 10);
		else
			break;
		cp = cp * (hex ? 16 : 10) + v;
	}
	if (!digits || j >= n || s[j] != ';' || cp == 0 || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	fo_text_utf8_put(out, cp);
	return j + 1;
}

size_t fo_md_entity(fo_buf *out, const char *s, size_t n, size_t i)
{
	if (i + 1 < n && s[i + 1] == '#')
		return fo_md_entity_numeric(out, s, n, i);
	return fo_md_entity_named(out, s, n, i);
}

/*
 * Where the run of emphasis markers that closes the one at s[i..r) (two
 * or more) starts: the first run of as many of the same marker that ends
 * a word and is not taken by an opener after i (CommonMark 6.2's
 * flanking and its nearest-opener rule, simplified: an opener precedes a
 * non-space, a closer follows one and, for '_', no letter follows it),
 * within the paragraph and before any link. 0 when there is none or the
 * scan budget runs out: the markers are then text, as in __syncthreads.
 */
static size_t fo_md_closer(const char *s, size_t n, size_t i, size_t r,
                           size_t *budget)
{
	size_t len = r - i, j, e, depth = 0;
	char c = s[i];

	if (r >= n || fo_ascii_is_space(s[r]) ||
	    (c == '_' && i > 0 && fo_is_alnum(s[i - 1])))
		return 0;
	for (j = r; j < n; j = (e > j) ? e : j + 1) {
		if (*budget == 0)
			return 0;
		(*budget)--;
		e = j;
		/* emphasis ends within its paragraph, and outside a link's
		 * text, whose markers are its own */
		if (s[j] == '[' ||
		    (s[j] == '\n' && j + 1 < n && s[j + 1] == '\n'))
			return 0;
		if (s[j] != c)
			continue;
		while (e < n && s[e] == c)
			e++;
		if (e - j != len)
			continue;
		if (!fo_ascii_is_space(s[j - 1]) &&
		    !(c == '_' && e < n && fo_is_alnum(s[e]))) {
			if (depth == 0)
				return j;
			depth--;
		} else if (e < n && !fo_ascii_is_space(s[e])) {
			depth++; /* an opener the next closer closes first */
		}
	}
	return 0;
}

/*
 * A code span (CommonMark 0.30, 6.1) whose opening run of backticks is
 * s[i..r): appends its text, as it is (no emphasis, link or entity in
 * it), to out and returns the index past its closing run, one of the same
 * length within the paragraph; 0 when there is none or the scan budget
 * runs out.
 */
static size_t fo_md_code_span(fo_buf *out, const char *s, size_t n, size_t i,
                              size_t r, size_t *budget)
{
	size_t j, e, a, b;

	for (j = r; j < n; j = e) {
		if (*budget == 0)
			return 0;
		(*budget)--;
		e = j + 1;
		if (s[j] == '\n' && e < n && s[e] == '\n')
			return 0;
		if (s[j] != '`')
			continue;
		while (e < n && s[e] == '`')
			e++;
		if (e - j != r - i)
			continue;
		/* one space each side is padding, unless it is all spaces */
		a = r;
		b = j;
		if (b - a >= 2 && s[a] == ' ' && s[b - 1] == ' ') {
			while (a < b && s[a] == ' ')
				a++;
			if (a < b) {
				a = r + 1;
				b--;
			} else {
				a = r;
			}
		}
		fo_buf_append(out, s + a, b - a);
		return e;
	}
	return 0;
}

/* Where an inline HTML comment ("<!-- ... -->", which a reader does not
 * see) that starts at s[i] ends, or 0 when it is none or the scan budget
 * runs out: the text is then what a reader sees. */
static size_t fo_md_inline_comment(const char *s, size_t n, size_t i,
                                   size_t *budget)
{
	size_t j;

	if (n - i < 4 || memcmp(s + i, "<!--", 4) != 0)
		return 0;
	for (j = i + 2; j + 3 <= n; j++) {
		if (*budget == 0)
			return 0;
		(*budget)--;
		if (memcmp(s + j, "-->", 3) == 0)
			return j + 3;
	}
	return 0;
}

/* Whether c may be in an email autolink's part before its "@"
 * (CommonMark 0.30, 6.5, after HTML5's valid e-mail address). */
static int fo_md_email_local(unsigned char c)
{
	return fo_ascii_is_alpha(c) || fo_ascii_is_digit(c) ||
	       (c && strchr(".!#$%&'*+/=?^_`{|}~-", c) != NULL);
}

/*
 * An autolink (CommonMark 0.30, 6.5) that starts at s[i] ('<'):
 * "<https://x.org/a>" or "<jane@x.org>". Appends its URL or address as
 * written, the text a reader sees (no escape, entity or emphasis in
 * it), and returns the index past its '>'; 0 when there is none there,
 * and the '<' is text (a tag, Vec<T>).
 */
static size_t fo_md_autolink(fo_buf *out, const char *s, size_t n, size_t i,
                             size_t *budget)
{
	size_t j = i + 1, k = j, label;

	while (k < n && k - j <= 32 &&
	       (fo_ascii_is_alpha((unsigned char)s[k]) ||
	        (k > j && (fo_ascii_is_digit((unsigned char)s[k]) ||
	                   s[k] == '+' || s[k] == '.' || s[k] == '-'))))
		k++;
	if (k - j >= 2 && k - j <= 32 && k < n && s[k] == ':') {
		for (k++; k < n && *budget; k++, (*budget)--) {
			unsigned char c = (unsigned char)s[k];

			if (c <= ' ' || c == 0x7f || c == '<' || c == '>')
				break;
		}
		if (k < n && s[k] == '>') {
			fo_buf_append(out, s + j, k - j);
			return k + 1;
		}
		return 0;
	}
	for (k = j; k < n && fo_md_email_local((unsigned char)s[k]); k++)
		;
	if (k == j || k >= n || s[k] != '@')
		return 0;
	/* labels of letters, digits and '-', which neither starts nor ends
	 * one, of 63 characters at most, parted by '.' */
	for (k++;; k++) {
		for (label = k;
		     k < n && k - label < 64 &&
		     (fo_ascii_is_alpha((unsigned char)s[k]) ||
		      fo_ascii_is_digit((unsigned char)s[k]) || s[k] == '-');
		     k++)
			;
		if (k == label || k - label > 63 || s[label] == '-' ||
		    s[k - 1] == '-' || k >= n || (s[k] != '.' && s[k] != '>'))
			return 0;
		if (s[k] == '>')
			break;
	}
	fo_buf_append(out, s + j, k - j);
	return k + 1;
}

/* Append the visible text of inline markdown s[0..n) to out. */
static void fo_md_inline(fo_buf *out, const char *s, size_t n, int nest,
                         size_t *budget)
{
	size_t i = 0, closers[FO_MD_MAX_NEST], n_closers = 0;

	while (i < n) {
		char c = s[i];
		size_t ts, te, ds, de, next;

		if (c == '\\' && i + 1 < n && fo_md_is_punct(s[i + 1])) {
			fo_buf_putc(out, s[i + 1]);
			i += 2;
			continue;
		}
		if (c == '`') {
			size_t r = i;

			while (r < n && s[r] == '`')
				r++;
			/* a run that closes no code span goes, as it always
			 * has here (CommonMark shows it) */
			next = fo_md_code_span(out, s, n, i, r, budget);
			i = next ? next : r;
			continue;
		}
		if (c == '*' || c == '_') {
			size_t r = i, k;

			while (r < n && s[r] == c)
				r++;
			for (k = 0; k < n_closers && closers[k] != i; k++)
				;
			/* Single markers are kept (identifiers use them), and
			 * so is "__" inside a word, as in foo__bar, and a run
			 * that closes no emphasis (__syncthreads). */
			if (k < n_closers) {
				closers[k] = closers[--n_closers];
			} else if (r - i == 1 || (c == '_' && i > 0 &&
			                          fo_is_alnum(s[i - 1]) &&
			                          r < n && fo_is_alnum(s[r]))) {
				fo_buf_append(out, s + i, r - i);
			} else if (n_closers < FO_MD_MAX_NEST &&
			           (k = fo_md_closer(s, n, i, r, budget)) !=
			               0) {
				closers[n_closers++] = k;
			} else {
				fo_buf_append(out, s + i, r - i);
			}
			i = r;
			continue;
		}
		if (c == '<' &&
		    ((next = fo_md_inline_comment(s, n, i, budget)) ||
		     (next = fo_md_autolink(out, s, n, i, budget)))) {
			i = next;
			continue;
		}
		if (c == '&' && (next = fo_md_entity(out, s, n, i)) != 0) {
			i = next;
			continue;
		}
		if ((c == '[' || (c == '!' && i + 1 < n && s[i + 1] == '[')) &&
		    nest < FO_MD_MAX_NEST) {
			size_t at = c == '!' ? i + 1 : i;

			next = fo_md_link(s, n, at, FO_MD_LINK_SCAN, budget,
			                  &ts, &te, &ds, &de);
			if (!next)
				next =
				    fo_md_ref_link(s, n, at, budget, &ts, &te);
			if (next) {
				fo_md_inline(out, s + ts, te - ts, nest + 1,
				             budget);
				i = next;
				continue;
			}
		}
		fo_buf_putc(out, c);
		i++;
	}
}

void fo_md_text(fo_buf *b, const char *s, size_t n)
{
	size_t budget = FO_MD_SCAN_BASE;

	if (n <= ((size_t)-1 - FO_MD_SCAN_BASE) / FO_MD_SCAN_FACTOR)
		budget += n * FO_MD_SCAN_FACTOR;
	fo_buf_clear(b);
	fo_buf_append(b, "", 0);
	fo_md_inline(b, s, n, 0, &budget);
	fo_text_buf_trim(b);
}
