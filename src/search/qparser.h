/*
 * qparser.h: the query parser's own state, and the functions its files
 * share (qparse.h is what the rest of folio sees). The parser is split by
 * job: the grammar (qparse.c), building the tree (qtree.c), and the other
 * files named where their functions are declared below.
 */
#ifndef FOLIO_QPARSER_H
#define FOLIO_QPARSER_H

#include "search/qlex.h"
#include "search/qparse.h"

#include <stddef.h>

/* Brackets nested deeper than this are read as text. */
#define FO_QP_MAX_DEPTH 64

typedef struct fo_qparser {
	const char *s;
	size_t len, i;
	int strict, depth;
	/* Strict: a problem was found; err and err_pos hold the first in
	 * the query, which is not the first found (an unclosed ( is found
	 * after what it holds). */
	int strict_problem;
	int too_deep; /* the brackets past FO_QP_MAX_DEPTH were noticed */
	/* The limit the query was cut at (qparse.h), as its notice says
	 * it ("256 words"); "" when it was not cut. */
	char cut_at[24];
	size_t skipped_open;             /* those brackets not closed yet */
	size_t more_notices, first_more; /* notices past their limit */
	int summing;                     /* the notice that counts them */
	/* Lenient: brackets never closed, noticed once at the outermost. */
	size_t unclosed, first_unclosed;
	fo_qfield field; /* inside field:( ... ) */
	/* inside site:( ... ), published:( ... ) or year:( ... ): that
	 * field (FO_QF_*), each word or quoted text one of its values */
	int vfield;
	/* A * with nothing before it, or a field with no value, was
	 * skipped (fo_qp_wordless): the first one's byte and why, for a
	 * query left with nothing else */
	int wordless;
	size_t wordless_pos;
	char wordless_why[160]; /* as long as a notice's message */
	/* Lenient: the leftmost notice's byte and why, for a query of
	 * syntax alone that holds no word to search as (syntax_as_words) */
	int noticed;
	size_t notice_pos;
	char notice_why[160];
	fo_qtree *t;
	folio_status st;
	size_t *err_pos;
	char *err;
	size_t err_size;
} fo_qparser;

/* Consume the token t. */
static inline void fo_qp_take(fo_qparser *p, const fo_qlexeme *t)
{
	p->i = t->end;
}

/* ---- the tree (qtree.c) ------------------------------------------------ */

/* Memory ran out: the parse stops, with FOLIO_ERROR_NOMEM. */
void fo_qp_oom(fo_qparser *p);

/* A new node of the tree, in the field being read; NULL when memory ran
 * out (fo_qp_oom). */
fo_qnode *fo_qp_node(fo_qparser *p, fo_qkind kind, size_t pos);

/* Add kid to n's kids; -1 when either is NULL or memory ran out. */
int fo_qp_add_kid(fo_qparser *p, fo_qnode *n, fo_qnode *kid);

/* A SEQ holding n alone; NULL when memory ran out. */
fo_qnode *fo_qp_seq_of(fo_qparser *p, fo_qnode *n);

/* Join a and b with op, flattening chains of the same operator; either
 * may be NULL. */
fo_qnode *fo_qp_join(fo_qparser *p, fo_qkind op, fo_qnode *a, fo_qnode *b);

/* Keep a normalised copy of s[0..len) alive as long as the tree; NULL
 * when memory ran out. */
const char *fo_qp_keep(fo_qparser *p, const char *s, size_t len);

/* ---- notices and errors (qnotice.c) ------------------------------------ */

/* Record something skipped at byte pos: the notice says fmt and then
 * what was done (action); in strict mode it is the error instead, if it
 * is the leftmost problem yet. */
void fo_qp_notice(fo_qparser *p, size_t pos, const char *action,
                  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* A * with no word before it at byte pos (a lone *, title:*, site:*), or
 * a field with no value (year:), which names nothing to search: skipped
 * as fo_qp_notice does, and remembered, so that a query left with nothing
 * else is an error that says so rather than its field names searched as
 * words, and "corrected" (fo_qparse). */
void fo_qp_wordless(fo_qparser *p, size_t pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Field f (its name's token) has no value (year:, company:"", title:-):
 * f to end is skipped as fo_qp_wordless skips it, and parsing goes on at
 * end. NULL, for the caller to return. */
fo_qnode *fo_qp_no_value(fo_qparser *p, const fo_qlexeme *f, size_t end);

/* Record query[start, end) as a stray token left out (fo_qspan). */
void fo_qp_drop(fo_qparser *p, size_t start, size_t end);

/* Record query[start, end) as read as put (fo_qspan). */
void fo_qp_read_as(fo_qparser *p, size_t start, size_t end, const char *put);

/* Record that the query was read as if mark (a static ")" or "\"")
 * closed it at its end (fo_qspan.put). */
void fo_qp_close(fo_qparser *p, const char *mark);

/* An error in either mode (an invalid date) at byte pos: the parse stops. */
void fo_qp_fail(fo_qparser *p, size_t pos, const char *why);

/* Token t as a notice names it: its first 20 bytes, in buf. */
const char *fo_qp_tok_name(const fo_qparser *p, const fo_qlexeme *t, char *buf,
                           size_t size);

/* The operator op is ignored: it has nothing to its side ("left" or
 * "right"). */
void fo_qp_nothing_beside(fo_qparser *p, const fo_qlexeme *op,
                          const char *side);

/* ---- bytes that are no text (qbytes.c) -------------------------------- */

/* Notice each run of bytes that are not UTF-8 and of control characters
 * (white space aside) in the query's text, which the analyzer reads as
 * breaks between words. */
void fo_qp_unreadable(fo_qparser *p);

/* ---- the grammar (qparse.c) -------------------------------------------- */

/* A whole query, or what a bracket holds: or := and { OR and }. */
fo_qnode *fo_qp_or(fo_qparser *p);

/* prim := '(' or ')' | '"' words '"' | FIELD ':' value | word['*'];
 * a stray token is skipped with a notice (NULL). */
fo_qnode *fo_qp_prim(fo_qparser *p);

/* ---- NEAR (qnear.c) ---------------------------------------------------- */

/* near := prim { NEAR[/n] prim } */
fo_qnode *fo_qp_near(fo_qparser *p);

/* ---- brackets (qbracket.c) --------------------------------------------- */

/* A bracket that groups, whose ( is t, just taken: (a OR b). */
fo_qnode *fo_qp_group(fo_qparser *p, const fo_qlexeme *t);

/* The bracket of a field's values, from its ( at lparen:
 * company:(a OR b), year:(2025 OR 2026). The caller has set the field
 * its words take (p->field, or p->vfield). */
fo_qnode *fo_qp_field_bracket(fo_qparser *p, size_t lparen);

/* Past the ) of the bracket at lparen when it holds white space alone
 * (company:( )), else 0. */
size_t fo_qp_empty_bracket(const fo_qparser *p, size_t lparen);

/* Past the ) that closes the bracket at lparen, or the query's end
 * where none does (*closed 0), when it holds no word: white space,
 * brackets, operators and empty phrases alone (year:( OR ), title:((,
 * title:("")); else 0. */
size_t fo_qp_wordless_bracket(const fo_qparser *p, size_t lparen, int *closed);

/* Past the ) that closes the ( at i (brackets inside counted), or past
 * the ( alone when none does. */
size_t fo_qp_bracket_end(const fo_qparser *p, size_t i);

/* ---- words, phrases and URLs (qword.c) --------------------------------- */

/* The first quote at or after i, its length in *n; p->len if none. */
size_t fo_qp_closing_quote(const fo_qparser *p, size_t i, size_t *n);

/* Whether the quote left open at the query's cut is closed past it: the
 * query's limits cut its phrase (cut_at says which limit). */
int fo_qp_quote_cut(const fo_qparser *p);

/* A field's value starts with a quote, at quote, that nothing closes
 * (company:"Red, year:"2026): the word after it, at after, is the value
 * (1), or, when no word follows, the value is ignored (0, with p->i at
 * after). A notice says which. */
int fo_qp_unclosed_quote(fo_qparser *p, size_t quote, size_t after);

/* "..." after the opening quote q, just taken. */
fo_qnode *fo_qp_phrase(fo_qparser *p, const fo_qlexeme *q);

/* The word t, just taken: a word, a prefix or a URL. */
fo_qnode *fo_qp_word(fo_qparser *p, const fo_qlexeme *t);

/* ---- fields (qfield.c) ------------------------------------------------ */

/* field:value, whose field: is f, just taken. */
fo_qnode *fo_qp_field(fo_qparser *p, const fo_qlexeme *f);

/* ---- the values of site:, published: and year: (qvalue.c) -------------- */

/* Whether a field's value starts at i: a word, a quote or a bracket. */
int fo_qp_value_at(const fo_qparser *p, size_t i);

/* The value of f (site:, published: or year:), from vstart: a word, a
 * quoted one, or a bracket of them. */
fo_qnode *fo_qp_plain_value(fo_qparser *p, const fo_qlexeme *f, size_t vstart);

/* seq with its site:, published: and year: values side by side (no
 * sign) made alternatives, one OR per field at its first value's place:
 * a post has one host and one date, so the default operator, which
 * requires two words, would require two of them and find nothing (as
 * Lucene reads site:(a b) with its default operator OR, and Xapian's
 * QueryParser ORs filters of one prefix). Other items keep their place:
 * year:(2025 2026 company:meta) is either year, from Meta. seq itself
 * when it is no SEQ. */
fo_qnode *fo_qp_values_either(fo_qparser *p, fo_qnode *seq);

/* The word s[start..end) in a bracket of p->vfield's values: its value,
 * or the range it starts with a .. of its own after it
 * (year:(2024 .. 2025), as year:2024 .. 2025 is), p->i then past it. */
fo_qnode *fo_qp_value_word(fo_qparser *p, size_t start, size_t end);

/* The node of s[vstart..vend), a value of field (FO_QF_SITE,
 * FO_QF_PUBLISHED or FO_QF_YEAR): a host, a date range or a range of
 * years. pos is where the node, and notices about it, point; an invalid
 * date is an error at its wrong part. */
fo_qnode *fo_qp_value(fo_qparser *p, int field, size_t pos, size_t vstart,
                      size_t vend);

#endif
