/*
 * qnear.c: NEAR in a query, near := prim { NEAR[/n] prim }, one NEAR of
 * them all in the widest window. It joins words or phrases of one field,
 * unsigned; anything else on either side is joined by AND instead, with
 * a notice that says which rule it broke.
 * (near.c is the other half: NEAR compiled over a word's forms.)
 */
#include "search/qparser.h"

/* Words or phrases of one field: positions count within a field, so a
 * company word is near no word of the text. */
static int near_kind(const fo_qnode *n)
{
	return n->kind == FO_Q_WORDS || n->kind == FO_Q_PHRASE ||
	       n->kind == FO_Q_URL;
}

/* A signed item (title:-row) is no NEAR operand: NEAR would drop its
 * sign, making an exclusion a requirement (explore-r). */
static int nearable(const fo_qnode *n, const fo_qnode *first)
{
	return near_kind(n) && n->field == first->field &&
	       n->occur == FO_OCCUR_DEFAULT;
}

static int is_sign(fo_qtkind k)
{
	return k == FO_QT_PLUS || k == FO_QT_MINUS || k == FO_QT_SIGN;
}

/* n as a NEAR operand: a URL is its words there, as positions are the
 * point of NEAR and a post's identity has none. */
static fo_qnode *near_operand(fo_qnode *n)
{
	if (n->kind == FO_Q_URL)
		n->kind = n->quoted ? FO_Q_PHRASE : FO_Q_WORDS;
	return n;
}

/* Tokens that fo_qp_prim reads as an item or skips as a stray one: an
 * operator, a sign before a word, a ) or the end is none of these. */
static int starts_item(fo_qtkind k)
{
	return k == FO_QT_LPAREN || k == FO_QT_QUOTE || k == FO_QT_FIELD ||
	       k == FO_QT_WORD || k == FO_QT_STAR || k == FO_QT_SIGN;
}

/* A signed item right of a NEAR, whose sign t is at p->i (GIL NEAR
 * +threads), no sign after it: the item with the sign's occurrence, or
 * NULL, reading nothing, when no item follows the sign (GIL NEAR -OR:
 * parse_seq's notice says the sign is before the OR). */
static fo_qnode *signed_right(fo_qparser *p, const fo_qlexeme *t)
{
	fo_qnode *n;
	fo_qlexeme next;

	fo_qlex_peek(p->s, p->len, t->end, &next);
	if (!starts_item(next.kind))
		return NULL;
	fo_qp_take(p, t);
	if (!(n = fo_qp_prim(p)))
		return NULL;
	if (n->occur != FO_OCCUR_DEFAULT) /* +title:-x, as in parse_seq */
		fo_qp_notice(p, t->start, "ignored", "%c before another sign",
		             p->s[t->start]);
	else
		n->occur = t->kind == FO_QT_PLUS ? FO_OCCUR_MUST : FO_OCCUR_NOT;
	return n;
}

/* The item right of a NEAR, past the stray ones fo_qp_prim skips with a
 * notice (lock NEAR "" row is lock NEAR row, as lock AND "" row is lock
 * AND row). NULL, reading nothing, before what is no item: fo_qp_prim
 * took an operator there as one with nothing to its left, so lock NEAR
 * OR row lost its OR, and --strict named the OR rather than the NEAR
 * that comes first (as lock AND OR row names the AND). A signed item is
 * read with its sign, whose byte *sign says (else it is left alone); of
 * signs side by side the one nearest the item applies, as in parse_seq,
 * and each before it is skipped with parse_seq's notice (GIL NEAR
 * +-threads said NEAR "has nothing to its right", naming no sign). */
static fo_qnode *near_right(fo_qparser *p, size_t *sign)
{
	fo_qnode *right;
	size_t at;
	fo_qlexeme t, next;

	for (;;) {
		fo_qlex_peek(p->s, p->len, p->i, &t);
		if (p->st != FOLIO_OK)
			return NULL;
		if (t.kind == FO_QT_PLUS || t.kind == FO_QT_MINUS) {
			fo_qlex_peek(p->s, p->len, t.end, &next);
			if (!is_sign(next.kind)) {
				*sign = t.start;
				return signed_right(p, &t);
			}
			fo_qp_take(p, &t);
			fo_qp_notice(p, t.start, "ignored",
			             "%c before another sign", p->s[t.start]);
			continue;
		}
		if (!starts_item(t.kind))
			return NULL;
		at = p->i;
		right = fo_qp_prim(p);
		if (right || p->i == at)
			return right;
	}
}

/* row -NEAR/2 table (or +-NEAR, - NEAR): the NEAR still joins (the sign
 * took it away, leaving row AND table: explore-r, explore-t). t, the token
 * at p->i, is a sign; the signs before a NEAR are skipped, with a notice
 * each, and t becomes the token after them. */
static void signs_before_near(fo_qparser *p, fo_qlexeme *t)
{
	size_t at = p->i;
	char name[32];
	fo_qlexeme next = *t;

	do {
		p->i = next.end;
		fo_qlex_peek(p->s, p->len, p->i, &next);
	} while (is_sign(next.kind));
	p->i = at;
	while (next.kind == FO_QT_NEAR && is_sign(t->kind)) {
		fo_qp_take(p, t);
		fo_qp_notice(p, t->start, "ignored", "%c before %s",
		             p->s[t->start],
		             fo_qp_tok_name(p, &next, name, sizeof name));
		fo_qlex_peek(p->s, p->len, p->i, t);
	}
}

/* Why a NEAR between left (or the NEAR n so far) and right is read as
 * AND: which rule was broken (a prefix or a bracket is no field
 * matter). */
static const char *why_not_near(const fo_qnode *left, const fo_qnode *right,
                                const fo_qnode *n)
{
	if (left->occur != FO_OCCUR_DEFAULT || right->occur != FO_OCCUR_DEFAULT)
		return "joins words to find, not a word with a sign";
	if ((n || near_kind(left)) && near_kind(right))
		return "joins words or phrases of one field only";
	return "joins words or phrases only, not a prefix, a bracket or a "
	       "filter";
}

fo_qnode *fo_qp_near(fo_qparser *p)
{
	fo_qnode *left = fo_qp_prim(p), *right, *n = NULL;
	char name[32];
	size_t sign;
	fo_qlexeme t;

	for (;;) {
		fo_qlex_peek(p->s, p->len, p->i, &t);
		if (is_sign(t.kind) && left)
			signs_before_near(p, &t);
		if (t.kind != FO_QT_NEAR || !left)
			break;
		fo_qp_take(p, &t);
		if (t.bad_window)
			fo_qp_notice(p, t.start, t.bad_read, "%.*s %s",
			             (int)(t.end - t.start), p->s + t.start,
			             t.bad_window);
		sign = p->len;
		right = near_right(p, &sign);
		if (right && sign < p->len) {
			/* GIL NEAR +threads said NEAR "has nothing to its
			 * right", its sign unnamed: the sign is what broke
			 * the rule, as title:+threads does below */
			fo_qp_notice(p, sign, "read as AND",
			             "%c after %s: a NEAR joins words to find, "
			             "not a word with a sign",
			             p->s[sign],
			             fo_qp_tok_name(p, &t, name, sizeof name));
			left = fo_qp_join(p, FO_Q_AND, left, right);
			n = NULL;
			continue;
		}
		if (!right) {
			fo_qp_nothing_beside(p, &t, "right");
			/* lock NEAR NEAR row: the second one joins, as the
			 * second AND of lock AND AND row does */
			fo_qlex_peek(p->s, p->len, p->i, &t);
			if (t.kind == FO_QT_NEAR)
				continue;
			break;
		}
		if ((!n && !nearable(left, left)) ||
		    !nearable(right, n ? n->kids[0] : left)) {
			fo_qp_notice(p, t.start, "read as AND", "%s %s",
			             fo_qp_tok_name(p, &t, name, sizeof name),
			             why_not_near(left, right, n));
			left = fo_qp_join(p, FO_Q_AND, left, right);
			n = NULL;
			continue;
		}
		if (!n) {
			n = fo_qp_node(p, FO_Q_NEAR, left->pos);
			fo_qp_add_kid(p, n, near_operand(left));
			left = n;
		}
		/* a chain (a NEAR/2 b NEAR/7 c) is one NEAR in its widest
		 * window, as Xapian's QueryParser reads it: the first
		 * window alone dropped the others in silence */
		if (n && t.window > n->window)
			n->window = t.window;
		fo_qp_add_kid(p, n, near_operand(right));
	}
	return left;
}
