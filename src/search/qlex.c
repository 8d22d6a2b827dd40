/*
 * qlex.c: the query language's lexer (qlex.h): operators, signs,
 * brackets, quotes, field names and words, each with its byte span.
 */
#include "search/qlex.h"

#include "analyzer/analyzer.h"
#include "index/urlterm.h"
#include "util/ascii.h"

#include <string.h>

#define NEAR_MAX     1000

static const struct {
	const char *name;
	int field;
} fields[] = {
	{ "title", FO_QF_TITLE },         { "company", FO_QF_COMPANY },
	{ "author", FO_QF_AUTHOR },       { "type", FO_QF_TYPE },
	{ "topic", FO_QF_TOPIC },         { "site", FO_QF_SITE },
	{ "published", FO_QF_PUBLISHED }, { "date", FO_QF_PUBLISHED },
	{ "year", FO_QF_YEAR },
};

/* Length of a quote character at i: ", the curly quotes U+201C/D, the
 * low quote U+201E that opens a German phrase („free threaded“) or a
 * guillemet U+00AB/BB («free threaded»). Any of them closes a phrase
 * any opened, as typed quotes rarely pair as typography would. */
size_t fo_qlex_quote(const char *s, size_t len, size_t i)
{
	const unsigned char *u = (const unsigned char *)s + i;

	if (u[0] == '"')
		return 1;
	if (i + 1 < len && u[0] == 0xC2 && (u[1] == 0xAB || u[1] == 0xBB))
		return 2;
	if (i + 2 < len && u[0] == 0xE2 && u[1] == 0x80 &&
	    (u[2] == 0x9C || u[2] == 0x9D || u[2] == 0x9E))
		return 3;
	return 0;
}

/* White space, a control character, or a zero-width space (U+200B)
 * or byte order mark (U+FEFF): a BOM a --stdin file or a paste from
 * Windows begins with, or a ZWSP a web page breaks a line at, before
 * title:x or NOT made it text (the analyzer drops both from words). */
size_t fo_qlex_space(const char *s, size_t len, size_t i)
{
	int32_t cp;
	size_t n;

	if (i >= len)
		return 0;
	switch (fo_char_kind_at(s + i, len - i, &n, &cp)) {
	case FO_CHAR_SPACE:
	case FO_CHAR_CONTROL: return n;
	case FO_CHAR_TEXT: return cp == 0x200B || cp == 0xFEFF ? n : 0;
	default: return 0;
	}
}

size_t fo_qlex_skip_space(const char *s, size_t len, size_t i)
{
	size_t n;

	while ((n = fo_qlex_space(s, len, i)) != 0)
		i += n;
	return i;
}

size_t fo_qlex_trim_space(const char *s, size_t from, size_t i)
{
	size_t k;

	while (i > from) {
		/* back to the first byte of the character before i: a
		 * character of UTF-8 has at most three bytes after it */
		for (k = i - 1; k > from && i - k < 4 &&
		                ((unsigned char)s[k] & 0xC0) == 0x80;
		     k--)
			;
		if (fo_qlex_space(s, i, k) != i - k)
			break;
		i = k;
	}
	return i;
}

/* Whether a word ends before i. */
int fo_qlex_delim(const char *s, size_t len, size_t i)
{
	return i >= len || fo_qlex_space(s, len, i) || s[i] == '(' ||
	       s[i] == ')' || fo_qlex_quote(s, len, i);
}

size_t fo_qlex_word_end(const char *s, size_t len, size_t i)
{
	while (!fo_qlex_delim(s, len, i))
		i++;
	return i;
}

int fo_qlex_url(const char *s, size_t len)
{
	static const char *const schemes[] = { "http://", "https://" };
	size_t k, n = fo_url_opener(s, len);

	s += n;
	len -= n;
	for (k = 0; k < 2; k++) {
		n = strlen(schemes[k]);
		if (len > n && fo_ascii_ieq(s, schemes[k], n))
			return 1;
	}
	return 0;
}

/* The end of the URL s[i..e) with the brackets of its own that follow
 * e (https://en.wikipedia.org/wiki/Lock_(computing)): a "(" whose ")"
 * comes before the URL ends at a blank, a quote or the end is part of
 * it, as folio similar reads a pasted URL; a ")" that closes none of
 * its own still closes a bracket of the query. */
static size_t url_end(const char *s, size_t len, size_t i, size_t e)
{
	size_t k, depth;

	if (!fo_qlex_url(s + i, e - i))
		return e;
	while (e < len && s[e] == '(') {
		depth = 0;
		for (k = e; k < len && !fo_qlex_space(s, len, k) &&
		            !fo_qlex_quote(s, len, k);
		     k++) {
			if (s[k] == '(')
				depth++;
			else if (s[k] == ')' && --depth == 0)
				break;
		}
		if (k >= len || s[k] != ')')
			return e;
		e = fo_qlex_word_end(s, len, k + 1);
	}
	return e;
}

int fo_qlex_same(const char *s, size_t start, size_t end, const char *w)
{
	size_t n = strlen(w);

	return end - start == n && memcmp(s + start, w, n) == 0;
}

int fo_qlex_field_named(const char *s, size_t start, size_t end)
{
	size_t i, k, n = end - start;

	for (k = 0; k < sizeof fields / sizeof fields[0]; k++) {
		if (strlen(fields[k].name) != n)
			continue;
		for (i = 0; i < n; i++) {
			char c = s[start + i];
			if (c >= 'A' && c <= 'Z')
				c = (char)(c - 'A' + 'a');
			if (c != fields[k].name[i])
				break;
		}
		if (i == n)
			return fields[k].field;
	}
	return 0;
}

/* A token of one mark at i, returned as t: a quote, a bracket or a
 * sign. 0 when there is none at i. */
static int lex_mark(const char *s, size_t len, size_t i, fo_qlexeme *t)
{
	size_t q = fo_qlex_quote(s, len, i);

	if (q != 0) {
		t->kind = FO_QT_QUOTE;
		t->end = i + q;
		return 1;
	}
	if (s[i] == '(' || s[i] == ')') {
		t->kind = s[i] == '(' ? FO_QT_LPAREN : FO_QT_RPAREN;
		t->end = i + 1;
		return 1;
	}
	if (s[i] == '+' || s[i] == '-' || s[i] == '!') {
		/* +"a b" and -(a b) are signs; "+ " and "+)" are strays;
		 * !b is -b, as in Lucene's syntax (a && !b) */
		t->kind = i + 1 >= len || fo_qlex_space(s, len, i + 1) ||
		                  s[i + 1] == ')'
		              ? FO_QT_SIGN
		          : s[i] == '+' ? FO_QT_PLUS
		                        : FO_QT_MINUS;
		t->end = i + 1;
		return 1;
	}
	return 0;
}

/* field:value, the colon directly after a known name, at the word
 * s[i..e): FO_QT_FIELD up to the colon. 0 when the word is none. */
static int lex_field(const char *s, size_t i, size_t e, fo_qlexeme *t)
{
	size_t q;

	for (q = i; q < e && ((s[q] >= 'a' && s[q] <= 'z') ||
	                      (s[q] >= 'A' && s[q] <= 'Z'));
	     q++)
		;
	if (q < e && s[q] == ':' && (t->field = fo_qlex_field_named(s, i, q))) {
		t->kind = FO_QT_FIELD;
		t->end = q + 1;
		return 1;
	}
	return 0;
}

/* The window of NEAR/n, its digits from s[k] on, the word ending at e:
 * a whole number of words, 1 (adjacent) to NEAR_MAX; anything else is
 * read as well as it can be, with a notice (t->bad_window). A word right
 * after the number (NEAR/3GIL) is read as if a space were there, the
 * number then as it would be alone: NEAR/2000tuple is NEAR/1000 tuple,
 * where it left tuple out, and NEAR/2000lock alone searched nothing. */
static unsigned long near_window(const char *s, size_t k, size_t e,
                                 fo_qlexeme *t)
{
	size_t digits = k;
	unsigned long n = 0;
	int glued;

	for (; k < e && s[k] >= '0' && s[k] <= '9'; k++)
		if (n <= NEAR_MAX)
			n = n * 10 + (unsigned long)(s[k] - '0');
	glued = k < e && k > digits &&
	        (fo_ascii_is_alpha((unsigned char)s[k]) || s[k] == '_' ||
	         (unsigned char)s[k] >= 0x80);
	if (glued)
		t->end = e = k;
	if (k < e) {
		n = FO_NEAR_DEFAULT;
		t->bad_window = "needs a whole number of words after the /";
		t->bad_read = "read as NEAR/10";
	} else if (n == 0) {
		n = 1;
		t->bad_window = "is at least 1 (adjacent words)";
		t->bad_read = glued ? "read as NEAR/1, a space after it"
		                    : "read as NEAR/1";
	} else if (n > NEAR_MAX) {
		n = NEAR_MAX;
		t->bad_window = "is at most 1000 words";
		t->bad_read = glued ? "read as NEAR/1000, a space after it"
		                    : "read as NEAR/1000";
	} else if (glued) {
		t->bad_window = "has a word right after its number";
		t->bad_read = "read as if a space were there";
	}
	return n;
}

/* NEAR or NEAR/n, the word s[i..e). */
static void lex_near(const char *s, size_t i, size_t e, fo_qlexeme *t)
{
	unsigned long n = FO_NEAR_DEFAULT;

	t->kind = FO_QT_NEAR;
	t->bad_window = NULL;
	if (e - i > 5) {
		n = near_window(s, i + 5, e, t);
	} else if (e - i == 5) {
		t->bad_window = "needs a whole number of words after the /";
		t->bad_read = "read as NEAR/10";
	}
	t->window = (unsigned)n;
}

/* The operator that the word s[i..e) is, if any: AND, OR, NOT (upper
 * case only) or NEAR. 0 when it is none. */
static int lex_operator(const char *s, size_t i, size_t e, fo_qlexeme *t)
{
	if (fo_qlex_same(s, i, e, "AND") || fo_qlex_same(s, i, e, "&&"))
		t->kind = FO_QT_AND;
	else if (fo_qlex_same(s, i, e, "OR") || fo_qlex_same(s, i, e, "||"))
		t->kind = FO_QT_OR;
	else if (fo_qlex_same(s, i, e, "NOT"))
		t->kind = FO_QT_NOT;
	else if (fo_qlex_same(s, i, e, "NEAR") ||
	         (e - i >= 5 && memcmp(s + i, "NEAR/", 5) == 0))
		lex_near(s, i, e, t);
	else
		return 0;
	return 1;
}

int fo_qlex_operator(const char *s, size_t start, size_t end)
{
	fo_qlexeme t;

	memset(&t, 0, sizeof t);
	return lex_operator(s, start, end, &t);
}

/* The word s[i..e): where it ends without the stars of a prefix
 * (lock*), a run of stars alone being FO_QT_STAR. */
static void lex_word(const char *s, size_t i, size_t e, fo_qlexeme *t)
{
	size_t star_end = e;

	t->kind = FO_QT_WORD;
	/* the punctuation of the sentence after a prefix: lock*. */
	while (star_end > i && strchr(".,;:!?", s[star_end - 1]))
		star_end--;
	if (star_end == e || star_end == i || s[star_end - 1] != '*')
		star_end = e;
	t->wend = star_end;
	while (t->wend > i && s[t->wend - 1] == '*')
		t->wend--;
	t->prefix = t->wend < star_end;
	if (t->wend == i)
		t->kind = FO_QT_STAR;
}

void fo_qlex_peek(const char *s, size_t len, size_t i, fo_qlexeme *t)
{
	size_t e;

	i = fo_qlex_skip_space(s, len, i);
	memset(t, 0, sizeof *t);
	t->start = i;
	if (i >= len) {
		t->kind = FO_QT_END;
		t->end = i;
		return;
	}
	if (lex_mark(s, len, i, t))
		return;
	e = url_end(s, len, i, fo_qlex_word_end(s, len, i));
	t->end = e;
	if (!lex_field(s, i, e, t) && !lex_operator(s, i, e, t))
		lex_word(s, i, e, t);
}
