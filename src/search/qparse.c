/*
 * qparse.c: query text -> AST (grammar and leniency rules in qparse.h):
 * the grammar from the whole query down to its items, and the query's
 * limits. A recursive-descent parser over an on-demand lexer (qlex.h);
 * the items themselves are read by the files qparser.h names. Recursion
 * is only through brackets, whose depth is capped, so hostile input cannot
 * exhaust the stack; every loop consumes input, so it always ends.
 */
#include "search/qparse.h"

#include "analyzer/analyzer.h"
#include "analyzer/segment.h"
#include "search/qlex.h"
#include "search/qparser.h"

#include <stdio.h>
#include <string.h>

fo_qnode *fo_qp_prim(fo_qparser *p)
{
	char name[32];
	fo_qlexeme t;

	fo_qlex_peek(p->s, p->len, p->i, &t);
	switch (t.kind) {
	case FO_QT_LPAREN: fo_qp_take(p, &t); return fo_qp_group(p, &t);
	case FO_QT_QUOTE: fo_qp_take(p, &t); return fo_qp_phrase(p, &t);
	case FO_QT_FIELD: fo_qp_take(p, &t); return fo_qp_field(p, &t);
	case FO_QT_WORD: fo_qp_take(p, &t); return fo_qp_word(p, &t);
	case FO_QT_STAR:
		fo_qp_take(p, &t);
		fo_qp_wordless(p, t.start, "a * needs a word before it");
		fo_qp_drop(p, t.start, t.end);
		return NULL;
	case FO_QT_SIGN:
		fo_qp_take(p, &t);
		fo_qp_notice(p, t.start, "ignored", "%s with no word after it",
		             fo_qp_tok_name(p, &t, name, sizeof name));
		fo_qp_drop(p, t.start, t.end);
		return NULL;
	case FO_QT_NEAR:
	case FO_QT_AND:
	case FO_QT_OR:
	case FO_QT_NOT:
		fo_qp_take(p, &t);
		fo_qp_nothing_beside(p, &t, "left");
		return NULL;
	case FO_QT_PLUS:
	case FO_QT_MINUS:
	case FO_QT_RPAREN:
	case FO_QT_END: break;
	}
	return NULL;
}

static int ends_seq(fo_qtkind k)
{
	return k == FO_QT_END || k == FO_QT_RPAREN || k == FO_QT_AND ||
	       k == FO_QT_OR || k == FO_QT_NOT;
}

/* The sign t (+ or -) before an item, taken: the item's occurrence, or
 * -1 when the sign is skipped with a notice. */
static int item_sign(fo_qparser *p, const fo_qlexeme *t)
{
	char name[32];
	fo_qlexeme next;

	fo_qp_take(p, t);
	fo_qlex_peek(p->s, p->len, p->i, &next);
	if (next.kind == FO_QT_PLUS || next.kind == FO_QT_MINUS ||
	    next.kind == FO_QT_SIGN) {
		/* +-x: the sign nearest the word applies */
		fo_qp_notice(p, t->start, "ignored", "%c before another sign",
		             p->s[t->start]);
		fo_qp_drop(p, t->start, t->end);
		return -1;
	}
	if (ends_seq(next.kind) || next.kind == FO_QT_NEAR) {
		/* -NOT row is NOT row: the operator, not the sign, says
		 * what it means (the sign was dropped without a word:
		 * explore-p) */
		fo_qp_notice(p, t->start, "ignored", "%c before %s",
		             p->s[t->start],
		             fo_qp_tok_name(p, &next, name, sizeof name));
		fo_qp_drop(p, t->start, t->end);
		return -1;
	}
	return t->kind == FO_QT_PLUS ? FO_OCCUR_MUST : FO_OCCUR_NOT;
}

static fo_qnode *parse_seq(fo_qparser *p)
{
	fo_qnode *seq = NULL, *first = NULL, *item;
	fo_qoccur occur;
	fo_qlexeme t;

	for (;;) {
		fo_qlex_peek(p->s, p->len, p->i, &t);
		if (t.kind == FO_QT_RPAREN && p->skipped_open) {
			fo_qp_take(p,
			           &t); /* closes a bracket skipped for depth */
			p->skipped_open--;
			continue;
		}
		if (ends_seq(t.kind) || p->st != FOLIO_OK)
			break;
		occur = FO_OCCUR_DEFAULT;
		if (t.kind == FO_QT_PLUS || t.kind == FO_QT_MINUS) {
			int sign = item_sign(p, &t);

			if (sign < 0)
				continue;
			occur = (fo_qoccur)sign;
		}
		item = fo_qp_near(p);
		if (!item)
			continue;
		if (occur != FO_OCCUR_DEFAULT && item->occur != FO_OCCUR_DEFAULT) {
			/* -title:-row: the value's sign is the item's
			 * (title:-row is -title:row), so this one is a sign
			 * before another, and the nearest applies, as in
			 * --row (composed, -title:-row required the rows
			 * it was typed to leave out) */
			fo_qp_notice(p, t.start, "ignored",
			             "%c before another sign", p->s[t.start]);
			fo_qp_drop(p, t.start, t.end);
			occur = FO_OCCUR_DEFAULT;
		}
		if (item && occur != FO_OCCUR_DEFAULT)
			item->occur = occur;
		if (!first) {
			first = item;
		} else {
			if (!seq)
				seq = fo_qp_seq_of(p, first);
			fo_qp_add_kid(p, seq, item);
		}
	}
	if (seq)
		return fo_qp_values_either(p, seq);
	if (first && first->occur != FO_OCCUR_DEFAULT) {
		/* A lone +x or -x still needs its SEQ to mean anything. */
		return fo_qp_seq_of(p, first);
	}
	return first;
}

static fo_qnode *parse_not(fo_qparser *p)
{
	fo_qnode *left, *right, *n;
	char name[32];
	fo_qlexeme t, t2;

	fo_qlex_peek(p->s, p->len, p->i, &t);
	left = t.kind == FO_QT_NOT ? NULL : parse_seq(p);
	for (;;) {
		fo_qlex_peek(p->s, p->len, p->i, &t);
		if (t.kind != FO_QT_NOT)
			break;
		fo_qp_take(p, &t);
		fo_qlex_peek(p->s, p->len, p->i, &t2);
		if (t2.kind == FO_QT_NOT || t2.kind == FO_QT_MINUS) {
			/* NOT NOT b and NOT -b are b, as NOT (NOT b) is */
			fo_qp_take(p, &t2);
			fo_qp_notice(p, t.start, "read as the words after them",
			             "NOT %s cancel out",
			             fo_qp_tok_name(p, &t2, name, sizeof name));
			right = parse_seq(p);
			fo_qlex_peek(p->s, p->len, p->i, &t);
			if (right)
				left =
				    left ? fo_qp_join(p, FO_Q_AND, left, right)
				         : right;
			else if (t.kind != FO_QT_NOT) /* NOT NOT NOT b: on */
				fo_qp_notice(
				    p, t2.start, "ignored",
				    "%s has nothing "
				    "to its right",
				    fo_qp_tok_name(p, &t2, name, sizeof name));
			continue;
		}
		right = parse_seq(p);
		if (!right) {
			fo_qp_nothing_beside(p, &t, "right");
			continue;
		}
		if (t2.kind == FO_QT_FIELD && right->kind == FO_Q_SEQ &&
		    right->n_kids == 1 &&
		    right->kids[0]->occur == FO_OCCUR_NOT) {
			/* NOT title:-b: the value's sign is the item's
			 * (title:-b is -title:b), so it is NOT -b, said
			 * alike (the set was b, with no word, and --strict
			 * took it) */
			fo_qp_notice(p, t.start, "read as the words after them",
			             "NOT - cancel out");
			right = right->kids[0];
			right->occur = FO_OCCUR_DEFAULT;
			left =
			    left ? fo_qp_join(p, FO_Q_AND, left, right) : right;
			continue;
		}
		if (!left && !(left = fo_qp_node(p, FO_Q_ALL, t.start)))
			break;
		if (left->kind == FO_Q_AND_NOT) {
			fo_qp_add_kid(p, left, right);
			continue;
		}
		n = fo_qp_node(p, FO_Q_AND_NOT, left->pos);
		fo_qp_add_kid(p, n, left);
		fo_qp_add_kid(p, n, right);
		left = n;
	}
	return left;
}

static fo_qnode *parse_bool(fo_qparser *p, fo_qtkind op, fo_qkind kind,
                            fo_qnode *(*sub)(fo_qparser *))
{
	fo_qnode *left = sub(p), *right;
	fo_qlexeme t;

	for (;;) {
		fo_qlex_peek(p->s, p->len, p->i, &t);
		if (t.kind != op)
			break;
		fo_qp_take(p, &t);
		right = sub(p);
		if (!right)
			fo_qp_nothing_beside(p, &t, "right");
		else if (!left)
			fo_qp_nothing_beside(p, &t, "left");
		left = fo_qp_join(p, kind, left, right);
	}
	return left;
}

static fo_qnode *parse_and(fo_qparser *p)
{
	return parse_bool(p, FO_QT_AND, FO_Q_AND, parse_not);
}

fo_qnode *fo_qp_or(fo_qparser *p)
{
	return parse_bool(p, FO_QT_OR, FO_Q_OR, parse_and);
}

/* The whole query: expressions, skipping stray closing brackets. */
static fo_qnode *parse_top(fo_qparser *p)
{
	fo_qnode *root = NULL, *n, *seq = NULL;
	fo_qlexeme t;

	for (;;) {
		n = fo_qp_or(p);
		if (n && !root) {
			root = n;
		} else if (n) {
			if (!seq)
				root = seq = fo_qp_seq_of(p, root);
			fo_qp_add_kid(p, seq, n);
		}
		fo_qlex_peek(p->s, p->len, p->i, &t);
		if (t.kind == FO_QT_END || p->st != FOLIO_OK)
			break;
		fo_qp_take(p, &t); /* only a ) can be left here */
		fo_qp_notice(p, t.start, "ignored", "a ) without its (");
		fo_qp_drop(p, t.start, t.end);
	}
	return root;
}

/* Where the text past the query's limits (qparse.h) starts, or len: at
 * the start of the word after the last one kept, or, past the byte limit,
 * at the white space before it (within one giant word, at a character
 * boundary). */
static size_t limit_of(const fo_qparser *p, int *by_words)
{
	size_t i = 0, words = 0, cut;

	*by_words = 0;
	while (i < p->len) {
		i = fo_qlex_skip_space(p->s, p->len, i);
		if (i == p->len)
			break;
		if (++words > FO_QUERY_MAX_WORDS && i <= FO_QUERY_MAX_BYTES) {
			*by_words = 1;
			return i;
		}
		while (i < p->len && !fo_qlex_space(p->s, p->len, i))
			i++;
	}
	if (p->len <= FO_QUERY_MAX_BYTES)
		return p->len;
	for (cut = FO_QUERY_MAX_BYTES;
	     cut > 0 && !fo_qlex_space(p->s, p->len, cut); cut--)
		;
	if (cut == 0)
		for (cut = FO_QUERY_MAX_BYTES;
		     cut > 0 && ((unsigned char)p->s[cut] & 0xC0) == 0x80;)
			cut--;
	return cut;
}

/* Cut the query at its limits (qparse.h), with a notice, or the error
 * in strict mode. */
static void cut_at_limits(fo_qparser *p)
{
	int by_words;
	size_t limit = limit_of(p, &by_words);
	size_t from = limit; /* the first byte left out that shows */

	if (limit == p->len)
		return;
	from = fo_qlex_skip_space(p->s, p->len, from);
	p->len = limit;
	snprintf(p->cut_at, sizeof p->cut_at, "%d %s",
	         by_words ? FO_QUERY_MAX_WORDS : FO_QUERY_MAX_BYTES,
	         by_words ? "words" : "bytes");
	fo_qp_notice(p, from, "left out, with the rest of the query",
	             "more than %s", p->cut_at);
}

/* The query holds nothing to search: an error at pos, saying why. */
static void no_words(fo_qparser *p, size_t pos, const char *why)
{
	p->st = FOLIO_ERROR_QUERY;
	*p->err_pos = pos;
	snprintf(p->err, p->err_size,
	         "%s: the query has no words to search for", why);
}

/* Whether s[0..len) holds a word, as the analyzer finds words. */
static int holds_word(const char *s, size_t len)
{
	fo_segmenter sg;
	fo_seg_compound c;

	fo_seg_init(&sg, s, len);
	return fo_seg_next(&sg, &c);
}

/* Whether tree n holds no word and no filter: its words, phrases,
 * prefixes and URLs hold none, as the analyzer finds words (title:,
 * searches the words of "," in titles, which hold none). */
static int searches_nothing(const fo_qnode *n)
{
	size_t i;

	switch (n->kind) {
	case FO_Q_WORDS:
	case FO_Q_PHRASE:
	case FO_Q_PREFIX:
	case FO_Q_URL: return !holds_word(n->text, n->len);
	case FO_Q_NEAR:
	case FO_Q_AND:
	case FO_Q_OR:
	case FO_Q_AND_NOT:
	case FO_Q_SEQ:
		for (i = 0; i < n->n_kids; i++)
			if (!searches_nothing(n->kids[i]))
				return 0;
		return 1;
	default: return 0;
	}
}

/* Nothing but operators that hold a word: the best reading is plain
 * words ("OR"). */
static void syntax_as_words(fo_qparser *p)
{
	fo_qnode *n = fo_qp_node(p, FO_Q_WORDS, 0);

	if (!n)
		return;
	n->text = p->s;
	n->len = p->len;
	n->field = FO_FIELD_ANY;
	p->t->root = n;
	/* the notices that called the syntax ignored are not true of
	 * this reading (explore-p) */
	p->t->n_notices = 0;
	p->t->n_dropped = 0;
	fo_qp_unreadable(p);
	fo_qp_notice(p, 0, "searched the whole query as words",
	             "nothing to search but syntax");
}

/* Nothing left but a * with no word before it (title:*, site:*, *) or a
 * field with no value (year:, date:): read as words, the query would
 * search its field names and suggest a spelling of them (site:* found
 * "site", or suggested lite:*; date: suggested data:), so it is an error
 * at the first of them in either mode, saying why. */
static void nothing_but_wordless(fo_qparser *p)
{
	no_words(p, p->wordless_pos, p->wordless_why);
}

folio_status fo_qparse(const char *query, int strict, fo_qtree *tree,
                       size_t *err_pos, char *err, size_t err_size)
{
	fo_qparser p;

	memset(tree, 0, sizeof *tree);
	memset(&p, 0, sizeof p);
	p.s = query;
	p.len = strlen(query);
	p.strict = strict;
	p.t = tree;
	p.err_pos = err_pos;
	p.err = err;
	p.err_size = err_size;
	*err_pos = 0;
	if (err_size)
		err[0] = '\0';
	cut_at_limits(&p);
	fo_qp_unreadable(&p);
	tree->len = p.len;
	tree->root = parse_top(&p);
	if (p.unclosed == 1)
		fo_qp_notice(&p, p.first_unclosed,
		             "read as if closed at the end",
		             "a ( is never closed");
	else if (p.unclosed > 1)
		fo_qp_notice(&p, p.first_unclosed,
		             "read as if closed at the end",
		             "%zu brackets are never closed", p.unclosed);
	if (p.strict_problem && p.st == FOLIO_OK)
		p.st = FOLIO_ERROR_QUERY;
	if (p.more_notices) {
		p.summing = 1;
		fo_qp_notice(&p, p.first_more, "not listed",
		             "%zu more problems of "
		             "the kinds above",
		             p.more_notices);
	}
	if (p.st == FOLIO_OK && !tree->root && p.wordless)
		nothing_but_wordless(&p);
	/* Syntax ignored where nothing is left to search ("(", "-", or
	 * "!!! ,", whose "," the analyzer finds no word in; left with
	 * nothing, syntax is searched as words, so "(" and "OR" are told
	 * apart by the whole query) searched nothing, and said only that
	 * the query had no words, where --strict names what it ignored: an
	 * error at the first thing ignored, as nothing_but_wordless's.
	 * Punctuation alone ("...") ignores nothing: it is words that
	 * compile to no query (FOLIO_ERROR_INVALID). */
	else if (p.st == FOLIO_OK && p.noticed &&
	         (tree->root ? searches_nothing(tree->root)
	                     : !holds_word(p.s, p.len)))
		no_words(&p, p.notice_pos, p.notice_why);
	else if (p.st == FOLIO_OK && !tree->root && tree->n_notices > 0)
		syntax_as_words(&p);
	if (tree->oom)
		p.st = FOLIO_ERROR_NOMEM;
	return p.st;
}

size_t fo_qposition(const char *s, size_t pos)
{
	size_t i = 0, n = 1, k, len = strlen(s);

	/* a byte that is not UTF-8 is a character of its own, as the
	 * query echoed in JSON has it (one U+FFFD a byte): counting lead
	 * bytes alone put a notice after "\xc0\xaf" a character early */
	while (i < pos && i < len) {
		fo_char_kind_at(s + i, len - i, &k, NULL);
		i += k;
		n++;
	}
	return n;
}
