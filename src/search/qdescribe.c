/*
 * qdescribe.c: a query tree as one line of text, e.g. AND(words"a",
 * title:prefix"d"), which the tests compare (fo_qnode_describe, qparse.h).
 */
#include "search/qparse.h"

#include "util/buf.h"

static const char *const field_names[FO_FIELD_COUNT] = {
	"", "title:", "company:", "author:", "type:", "topic:"
};

static void describe(const fo_qnode *n, fo_buf *b)
{
	static const char *const ops[] = {
		[FO_Q_AND] = "AND",
		[FO_Q_OR] = "OR",
		[FO_Q_AND_NOT] = "AND_NOT",
		[FO_Q_SEQ] = "SEQ",
	};
	size_t i;

	if (n->occur == FO_OCCUR_MUST)
		fo_buf_putc(b, '+');
	else if (n->occur == FO_OCCUR_NOT)
		fo_buf_putc(b, '-');
	switch (n->kind) {
	case FO_Q_WORDS:
	case FO_Q_PHRASE:
	case FO_Q_PREFIX:
		fo_buf_puts(b, field_names[n->field]);
		fo_buf_puts(b, n->kind == FO_Q_WORDS    ? "words\""
		               : n->kind == FO_Q_PHRASE ? "phrase\""
		                                        : "prefix\"");
		fo_buf_append(b, n->text, n->len);
		fo_buf_putc(b, '"');
		return;
	case FO_Q_ALL: fo_buf_puts(b, "ALL"); return;
	case FO_Q_SITE: fo_buf_printf(b, "site\"%s\"", n->text); return;
	case FO_Q_URL:
		fo_buf_puts(b, n->quoted ? "quoted-url\"" : "url\"");
		fo_buf_append(b, n->text, n->len);
		fo_buf_putc(b, '"');
		return;
	case FO_Q_DATE:
	case FO_Q_YEAR:
		fo_buf_printf(b, "%s[%s..%s]",
		              n->kind == FO_Q_DATE ? "date" : "year", n->lo,
		              n->hi);
		return;
	case FO_Q_NEAR: fo_buf_printf(b, "NEAR/%u(", n->window); break;
	default:
		fo_buf_puts(b, ops[n->kind]);
		fo_buf_putc(b, '(');
		break;
	}
	for (i = 0; i < n->n_kids; i++) {
		if (i)
			fo_buf_puts(b, ", ");
		describe(n->kids[i], b);
	}
	fo_buf_putc(b, ')');
}

char *fo_qnode_describe(const fo_qnode *n)
{
	fo_buf b = FO_BUF_INIT;

	if (!n)
		fo_buf_puts(&b, "(none)");
	else
		describe(n, &b);
	return fo_buf_detach(&b);
}
