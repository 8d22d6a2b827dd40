/*
 * qbracket.c: brackets in a query: one that groups, (a OR b), and one of
 * a field's values, company:(a OR b). Both hold a whole query, read by
 * the grammar (fo_qp_or); how deep they may nest is capped, so that
 * hostile input cannot exhaust the stack, and one never closed is read as
 * closed at the end (with a notice, or the error in strict mode).
 */
#include "search/qparser.h"

size_t fo_qp_empty_bracket(const fo_qparser *p, size_t lparen)
{
	fo_qlexeme t;

	if (lparen >= p->len || p->s[lparen] != '(')
		return 0;
	fo_qlex_peek(p->s, p->len, lparen + 1, &t);
	return t.kind == FO_QT_RPAREN ? t.end : 0;
}

size_t fo_qp_wordless_bracket(const fo_qparser *p, size_t lparen, int *closed)
{
	fo_qlexeme t;
	size_t depth = 0, i = lparen, close, qn;

	*closed = 0;
	if (lparen >= p->len || p->s[lparen] != '(')
		return 0;
	for (;; i = t.end) {
		fo_qlex_peek(p->s, p->len, i, &t);
		switch (t.kind) {
		case FO_QT_END: return p->len;
		case FO_QT_QUOTE:
			/* "" is no value, as title:"" is (title:("") searched
			 * the word "title"); one never closed ends the query */
			close = fo_qp_closing_quote(p, t.end, &qn);
			if (fo_qlex_skip_space(p->s, close, t.end) != close)
				return 0;
			if (close >= p->len)
				return p->len;
			t.end = close + qn;
			break;
		case FO_QT_LPAREN: depth++; break;
		case FO_QT_RPAREN:
			if (--depth == 0) {
				*closed = 1;
				return t.end;
			}
			break;
		case FO_QT_AND:
		case FO_QT_OR:
		case FO_QT_NOT:
		case FO_QT_NEAR:
		case FO_QT_PLUS:
		case FO_QT_MINUS:
		case FO_QT_SIGN: break;
		default: /* a word, a phrase, a field: a value */ return 0;
		}
	}
}

/* "( )": nothing to group, so nothing to search; the ) is taken. */
static int empty_brackets(fo_qparser *p, size_t lparen)
{
	size_t end = fo_qp_empty_bracket(p, lparen);

	if (!end)
		return 0;
	p->i = end;
	fo_qp_notice(p, lparen, "ignored", "the brackets are empty");
	fo_qp_drop(p, lparen, end);
	return 1;
}

size_t fo_qp_bracket_end(const fo_qparser *p, size_t i)
{
	size_t depth = 0, k;

	for (k = i; k < p->len; k++) {
		if (p->s[k] == '(')
			depth++;
		else if (p->s[k] == ')' && --depth == 0)
			return k + 1;
	}
	return i + 1;
}

/* What a bracket holds, read from just past its ( at lparen up to and
 * with its ), which *closed says was there (an empty bracket counts as
 * closed: empty_brackets has said so). */
static fo_qnode *bracket_body(fo_qparser *p, size_t lparen, int *closed)
{
	fo_qnode *n;
	fo_qlexeme t;

	*closed = 1;
	if (empty_brackets(p, lparen))
		return NULL;
	p->depth++;
	n = fo_qp_or(p);
	p->depth--;
	fo_qlex_peek(p->s, p->len, p->i, &t);
	if (t.kind == FO_QT_RPAREN)
		fo_qp_take(p, &t);
	else
		*closed = 0;
	return n;
}

fo_qnode *fo_qp_field_bracket(fo_qparser *p, size_t lparen)
{
	fo_qnode *n;
	int closed;

	p->i = lparen + 1;
	n = bracket_body(p, lparen, &closed);
	if (!closed) {
		fo_qp_notice(p, lparen, "read as if closed at the end",
		             "the ( is never closed");
		fo_qp_close(p, ")");
	}
	return n;
}

/* Whether the ( at lparen, never closed, holds the whole query: only
 * white space and brackets, never closed either, are before it. Then it
 * groups nothing, and a suggestion leaves it out (a OR (b is not a OR
 * b: its ( is closed at the end instead). */
static int opens_query(const fo_qparser *p, size_t lparen)
{
	size_t i, n;

	for (i = 0; i < lparen; i += n)
		if (!(n = p->s[i] == '(' ? 1 : fo_qlex_space(p->s, lparen, i)))
			return 0;
	return 1;
}

/* A bracket that groups, whose ( is t: (a OR b). */
fo_qnode *fo_qp_group(fo_qparser *p, const fo_qlexeme *t)
{
	fo_qnode *n;
	size_t lparen = t->start;
	int closed;

	if (p->depth >= FO_QP_MAX_DEPTH) {
		/* Once: every bracket past the limit is the same
		 * decision, not a new problem to report. */
		if (!p->too_deep)
			fo_qp_notice(p, t->start, "ignored",
			             "brackets nested deeper than %d",
			             FO_QP_MAX_DEPTH);
		p->too_deep = 1;
		p->skipped_open++; /* its ) is skipped too */
		return NULL;
	}
	n = bracket_body(p, lparen, &closed);
	if (!closed && p->strict) {
		fo_qp_notice(p, lparen, "", "a ( is never closed");
	} else if (!closed) {
		/* An outer bracket ends after its inner ones. */
		p->unclosed++;
		p->first_unclosed = lparen;
		if (opens_query(p, lparen))
			fo_qp_drop(p, lparen, lparen + 1);
		else
			fo_qp_close(p, ")");
	}
	return n;
}
