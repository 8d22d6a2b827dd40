/*
 * qfield.c: field:value in a query. The sign before a value is the
 * item's (title:-row is -title:row); a text field (title:, company:,
 * author:, type:, topic:) takes a word, a phrase or a bracket of them,
 * and the filter fields take their values (qvalue.c).
 */
#include "search/qparser.h"

#include <string.h>

/* The value of field f, from vstart. */
static fo_qnode *field_value(fo_qparser *p, const fo_qlexeme *f, size_t vstart)
{
	fo_qfield saved = p->field;
	fo_qnode *n = NULL;
	size_t qn, close;
	fo_qlexeme v;
	int closed;

	if (!fo_qp_value_at(p, vstart))
		return fo_qp_no_value(p, f, f->end);
	/* date:() or year:( OR ) is no value, as date:"" is: alone it was
	 * searched as the words "date" or "year OR", beside others an
	 * empty bracket ignored */
	close = fo_qp_wordless_bracket(p, vstart, &closed);
	if (close && closed)
		return fo_qp_no_value(p, f, close);
	/* date:( or title:( OR is closed at the end, as title:" is
	 * title:"": alone it searched the words "date" or "title" */
	if (close) {
		fo_qp_wordless(p, vstart, "the ( is never closed");
		fo_qp_drop(p, f->start, p->len);
		p->i = p->len;
		return NULL;
	}
	p->i = vstart;
	if (f->field == FO_QF_SITE || f->field == FO_QF_PUBLISHED ||
	    f->field == FO_QF_YEAR)
		return fo_qp_plain_value(p, f, vstart);
	p->field = (fo_qfield)f->field; /* FO_QF_TITLE.. match fo_qfield */
	fo_qlex_peek(p->s, p->len, p->i, &v);
	if (v.kind == FO_QT_QUOTE &&
	    fo_qp_closing_quote(p, v.end, &qn) == p->len &&
	    !fo_qp_quote_cut(p)) {
		/* company:"Red: the field keeps the word after the quote */
		vstart = v.end;
		v.kind = FO_QT_WORD;
		if (!fo_qp_unclosed_quote(p, v.start, vstart))
			goto done;
	}
	if (v.kind == FO_QT_QUOTE &&
	    (close = fo_qp_closing_quote(p, v.end, &qn)) < p->len &&
	    fo_qlex_skip_space(p->s, close, v.end) == close) {
		/* company:"" is no value, as company: is: alone it is no
		 * query, not a search for "company" */
		n = fo_qp_no_value(p, f, close + qn);
	} else if (v.kind == FO_QT_QUOTE) {
		fo_qp_take(p, &v);
		n = fo_qp_phrase(p, &v);
	} else if (v.kind == FO_QT_LPAREN && p->depth < FO_QP_MAX_DEPTH) {
		n = fo_qp_field_bracket(p, v.start);
	} else {
		/* Any word, even AND or +x, is the value itself. */
		memset(&v, 0, sizeof v);
		v.kind = FO_QT_WORD;
		v.start = vstart;
		v.end = fo_qlex_word_end(p->s, p->len, vstart);
		v.wend = v.end;
		while (v.wend > v.start && p->s[v.wend - 1] == '*')
			v.wend--;
		v.prefix = v.wend < v.end;
		p->i = v.end;
		if (v.wend == v.start) {
			fo_qp_wordless(
			    p, f->start, "%.*s* has no word before the *",
			    (int)(f->end - f->start), p->s + f->start);
			fo_qp_drop(p, f->start, v.end);
		} else {
			n = fo_qp_word(p, &v);
		}
	}
done:
	p->field = saved;
	return n;
}

/* field:value. A sign before the value is the item's (title:-row is
 * -title:row): it is no part of the value, whose analysis drops it,
 * and dropped it made an exclusion a requirement (explore-p). */
fo_qnode *fo_qp_field(fo_qparser *p, const fo_qlexeme *f)
{
	size_t v = f->end;
	fo_qoccur sign = FO_OCCUR_DEFAULT;
	fo_qlexeme inner, kept;
	fo_qnode *n;
	int saved;

	/* title: row is title:row, as Lucene's and FTS5's query syntaxes
	 * read white space after the colon; a colon with no value after
	 * the space (title: alone, before a closing bracket, or before an
	 * operator: title: OR x, where title:OR is the word) is still a
	 * field with no value */
	if (!fo_qp_value_at(p, v)) {
		size_t w = fo_qlex_skip_space(p->s, p->len, v);

		fo_qlex_peek(p->s, p->len, w, &inner);
		if (w > v && fo_qp_value_at(p, w) && inner.kind != FO_QT_AND &&
		    inner.kind != FO_QT_OR && inner.kind != FO_QT_NOT &&
		    inner.kind != FO_QT_NEAR)
			v = w;
	}
again:
	while (v < p->len &&
	       (p->s[v] == '+' || p->s[v] == '-' || p->s[v] == '!')) {
		if (!fo_qp_value_at(p, v + 1))
			/* title:- alone went in silence (explore-r) */
			return fo_qp_no_value(p, f, v + 1);
		if (sign != FO_OCCUR_DEFAULT)
			/* title:-+row: as +-row, the sign nearest the
			 * word applies */
			fo_qp_notice(p, v - 1, "ignored",
			             "%c before another sign", p->s[v - 1]);
		sign = p->s[v] == '+' ? FO_OCCUR_MUST : FO_OCCUR_NOT;
		v++;
	}
	/* title:title:x searched the title for "title" and "x", and
	 * site:site:x.org the host "site". A field twice is read once, as
	 * Lucene would not parse it; another field is the value's, as
	 * in a bracket (title:(company:x) is company:x). */
	fo_qlex_peek(p->s, p->len, v, &inner);
	if (inner.kind == FO_QT_FIELD && inner.start == v) {
		if (inner.field == f->field)
			fo_qp_notice(p, f->start, "read once",
			             "%.*s is given twice",
			             (int)(f->end - f->start), p->s + f->start);
		else
			fo_qp_notice(p, f->start, "ignored",
			             "%.*s is followed by another field",
			             (int)(f->end - f->start), p->s + f->start);
		kept = inner; /* the next peek overwrites inner */
		f = &kept;
		v = kept.end;
		goto again;
	}
	/* a field inside year:( … ) reads its own values */
	saved = p->vfield;
	p->vfield = 0;
	n = field_value(p, f, v);
	p->vfield = saved;
	if (n && sign != FO_OCCUR_DEFAULT)
		n->occur = sign;
	return n;
}
