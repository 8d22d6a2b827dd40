/*
 * qlex.h: the tokens of folio's query language (the lexer qparse.c
 * reads them with). A token is read on demand at a byte offset, so the
 * parser can look ahead by reading again without consuming anything.
 */
#ifndef FOLIO_QLEX_H
#define FOLIO_QLEX_H

#include <stddef.h>

/* NEAR without /n: within 10 words, as in Xapian and FTS5. */
#define FO_NEAR_DEFAULT 10

typedef enum fo_qtkind {
	FO_QT_END,
	FO_QT_LPAREN,
	FO_QT_RPAREN,
	FO_QT_QUOTE,
	FO_QT_AND,
	FO_QT_OR,
	FO_QT_NOT,
	FO_QT_NEAR,
	FO_QT_PLUS,  /* + directly before an item */
	FO_QT_MINUS, /* - directly before an item */
	FO_QT_SIGN,  /* + or - before nothing */
	FO_QT_FIELD, /* name: (the value starts at end) */
	FO_QT_WORD,
	FO_QT_STAR /* a run of * alone */
} fo_qtkind;

typedef struct fo_qlexeme {
	fo_qtkind kind;
	size_t start, end; /* span in the query */
	size_t wend;     /* FO_QT_WORD: end of the word without trailing '*' */
	int prefix;      /* FO_QT_WORD ended with '*' */
	unsigned window; /* FO_QT_NEAR */
	const char *bad_window; /* FO_QT_NEAR: why its /n was not taken as is */
	const char *bad_read;   /* and how it was read */
	int field;              /* FO_QT_FIELD: FO_QF_* below */
} fo_qlexeme;

/* Field names, lower case. Text fields come first, in fo_qfield order. */
enum {
	FO_QF_TITLE = 1,
	FO_QF_COMPANY,
	FO_QF_AUTHOR,
	FO_QF_TYPE,
	FO_QF_TOPIC,
	FO_QF_SITE,
	FO_QF_PUBLISHED,
	FO_QF_YEAR
};

/* The token that starts at or after byte i of s[0..len) (white space
 * skipped); FO_QT_END past the end. */
void fo_qlex_peek(const char *s, size_t len, size_t i, fo_qlexeme *t);

/* Length of a quote character at byte i (0: none); any quote character
 * closes a phrase any opened. */
size_t fo_qlex_quote(const char *s, size_t len, size_t i);

/* Length of a white space character at byte i (0: none, or i >= len):
 * any of Unicode's (fo_char_kind_at), so that an ideographic space typed
 * with an IME, or a no-break space pasted from a web page, parts tokens
 * as a space does; and a control character, which the parser's notice
 * says is read as a break between words (qbytes.c), as the analyzer
 * reads it; and a zero-width space or byte order mark (qlex.c). Not a
 * byte that is not UTF-8: scanned byte by byte, a character's
 * continuation bytes would be. */
size_t fo_qlex_space(const char *s, size_t len, size_t i);

/* The first byte at or after i that is no white space, or len. */
size_t fo_qlex_skip_space(const char *s, size_t len, size_t i);

/* i less the white space that ends there, down to from at most: the end
 * of s[from..i) trimmed. */
size_t fo_qlex_trim_space(const char *s, size_t from, size_t i);

/* Whether a word ends before byte i: white space, a bracket, a quote or
 * the end. */
int fo_qlex_delim(const char *s, size_t len, size_t i);

/* The end of the word that starts at byte i. */
size_t fo_qlex_word_end(const char *s, size_t len, size_t i);
/* The field (fo_qfield) that s[start, end) names in any case (title,
 * date, ...), else 0. */
int fo_qlex_field_named(const char *s, size_t start, size_t end);

/* Whether s[start..end) is an operator as the lexer reads one (AND, OR,
 * NOT, NEAR, NEAR/n, upper case only; && and ||): the speller leaves it
 * alone where the parser, with nothing for it to join, read it as a
 * word. */
int fo_qlex_operator(const char *s, size_t start, size_t end);

/* Whether s[0..len) is an http or https URL with something after the
 * "//", or such a URL after a mark it is pasted in (fo_url_opener: the
 * angle brackets of mail, RFC 3986 appendix C, a shell's or markdown's
 * quote, a bracket, a typographic quote): pasted from a feed, it names
 * a post. */
int fo_qlex_url(const char *s, size_t len);

/* Whether s[start..end) is exactly w. */
int fo_qlex_same(const char *s, size_t start, size_t end, const char *w);

#endif
