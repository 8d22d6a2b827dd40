/*
 * qnotice.c: what the query parser says of a query it reads: a notice of
 * something skipped or read otherwise (lenient), the leftmost such
 * problem as the error (strict), and an error in either mode (an invalid
 * date). Notices past a limit are counted rather than listed.
 */
#include "search/qparser.h"

#include "analyzer/normalize.h"
#include "util/grow.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Notices listed one by one; the rest are counted in one more. */
#define MAX_NOTICES 16

/* Keep why and pos in *kept and *at when they are the first or further
 * left than those kept (*have says whether there are any). */
static void keep_leftmost(int *have, size_t *at, char *kept, size_t size,
                          size_t pos, const char *why)
{
	if (!*have || pos < *at) {
		snprintf(kept, size, "%s", why);
		*at = pos;
	}
	*have = 1;
}

void fo_qp_notice(fo_qparser *p, size_t pos, const char *action,
                  const char *fmt, ...)
{
	fo_qtree *t = p->t;
	fo_qnotice *nt;
	char why[sizeof nt->message];
	va_list ap;
	int n;

	if (p->st != FOLIO_OK)
		return;
	if (p->strict) {
		/* read on as leniently, for a problem further left */
		if (!p->strict_problem || pos < *p->err_pos) {
			va_start(ap, fmt);
			vsnprintf(p->err, p->err_size, fmt, ap);
			va_end(ap);
			*p->err_pos = pos;
		}
		p->strict_problem = 1;
		return;
	}
	va_start(ap, fmt);
	n = vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (!p->summing)
		keep_leftmost(&p->noticed, &p->notice_pos, p->notice_why,
		              sizeof p->notice_why, pos, why);
	/* A hostile query (NOT x20000) is not 20000 lines of notices: past
	 * MAX_NOTICES they are counted (fo_qparse says how many). */
	if (t->n_notices >= MAX_NOTICES && !p->summing) {
		if (!p->more_notices++)
			p->first_more = pos;
		return;
	}
	if (fo_grow((void **)&t->notices, &t->cap_notices, t->n_notices,
	            sizeof *t->notices) != 0) {
		fo_qp_oom(p);
		return;
	}
	nt = &t->notices[t->n_notices++];
	nt->pos = pos;
	nt->prefix_cut = 0;
	nt->action = NULL;
	memcpy(nt->message, why, sizeof why);
	if (n >= 0 && (size_t)n < sizeof nt->message)
		snprintf(nt->message + n, sizeof nt->message - (size_t)n,
		         ": %s", action);
}

void fo_qp_wordless(fo_qparser *p, size_t pos, const char *fmt, ...)
{
	char why[sizeof p->wordless_why];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	keep_leftmost(&p->wordless, &p->wordless_pos, p->wordless_why,
	              sizeof p->wordless_why, pos, why);
	fo_qp_notice(p, pos, "ignored", "%s", why);
}

fo_qnode *fo_qp_no_value(fo_qparser *p, const fo_qlexeme *f, size_t end)
{
	fo_qp_wordless(p, f->start, "%.*s has no value",
	               (int)(f->end - f->start), p->s + f->start);
	fo_qp_drop(p, f->start, end);
	p->i = end;
	return NULL;
}

void fo_qp_read_as(fo_qparser *p, size_t start, size_t end, const char *put)
{
	fo_qtree *t = p->t;
	size_t i;

	if (p->strict || p->st != FOLIO_OK)
		return;
	if (fo_grow((void **)&t->dropped, &t->cap_dropped, t->n_dropped,
	            sizeof *t->dropped) != 0) {
		fo_qp_oom(p);
		return;
	}
	/* found in the order read, which is nearly the query's */
	for (i = t->n_dropped; i > 0 && t->dropped[i - 1].start > start; i--)
		t->dropped[i] = t->dropped[i - 1];
	t->dropped[i].start = start;
	t->dropped[i].end = end;
	t->dropped[i].put = put;
	t->n_dropped++;
}

void fo_qp_drop(fo_qparser *p, size_t start, size_t end)
{
	fo_qp_read_as(p, start, end, NULL);
}

void fo_qp_close(fo_qparser *p, const char *mark)
{
	/* after what is already closed there: an inner bracket is
	 * found, and closed, first */
	fo_qp_read_as(p, p->len, p->len, mark);
}

/* An error in either mode (invalid dates). */
void fo_qp_fail(fo_qparser *p, size_t pos, const char *why)
{
	if (p->st != FOLIO_OK)
		return;
	if (!p->strict_problem || pos < *p->err_pos) {
		snprintf(p->err, p->err_size, "%s", why);
		*p->err_pos = pos;
	}
	p->st = FOLIO_ERROR_QUERY;
	p->i = p->len;
}

const char *fo_qp_tok_name(const fo_qparser *p, const fo_qlexeme *t, char *buf,
                           size_t size)
{
	/* its first 20 bytes, cut between characters (NEAR/ééé…) */
	size_t n = fo_utf8_cut(p->s + t->start, t->end - t->start, 20);

	snprintf(buf, size, "%.*s", (int)n, p->s + t->start);
	return buf;
}

void fo_qp_nothing_beside(fo_qparser *p, const fo_qlexeme *op, const char *side)
{
	char name[32];

	fo_qp_notice(p, op->start, "ignored", "%s has nothing to its %s",
	             fo_qp_tok_name(p, op, name, sizeof name), side);
	fo_qp_drop(p, op->start, op->end);
}
