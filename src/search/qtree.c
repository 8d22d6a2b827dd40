/*
 * qtree.c: building and freeing the query parser's tree (qparse.h). Every
 * node is listed in the tree as it is made, so that a parse cut short by
 * an error or by memory running out still frees all it made.
 */
#include "search/qparser.h"

#include "util/grow.h"

#include <stdlib.h>
#include <string.h>

void fo_qp_oom(fo_qparser *p)
{
	p->t->oom = 1;
	p->st = FOLIO_ERROR_NOMEM;
	p->i = p->len;
}

fo_qnode *fo_qp_node(fo_qparser *p, fo_qkind kind, size_t pos)
{
	fo_qtree *t = p->t;
	fo_qnode *n;

	if (t->n_nodes == t->cap_nodes) {
		size_t cap = t->cap_nodes ? t->cap_nodes * 2 : 16;
		fo_qnode **grown = realloc(t->nodes, cap * sizeof *grown);
		if (!grown)
			goto oom;
		t->nodes = grown;
		t->cap_nodes = cap;
	}
	n = calloc(1, sizeof *n);
	if (!n)
		goto oom;
	n->kind = kind;
	n->pos = pos;
	n->field = p->field;
	t->nodes[t->n_nodes++] = n;
	return n;
oom:
	fo_qp_oom(p);
	return NULL;
}

int fo_qp_add_kid(fo_qparser *p, fo_qnode *n, fo_qnode *kid)
{
	fo_qnode **grown;

	if (!n || !kid)
		return -1;
	grown = realloc(n->kids, (n->n_kids + 1) * sizeof *grown);
	if (!grown) {
		fo_qp_oom(p);
		return -1;
	}
	n->kids = grown;
	n->kids[n->n_kids++] = kid;
	return 0;
}

fo_qnode *fo_qp_seq_of(fo_qparser *p, fo_qnode *n)
{
	fo_qnode *w = fo_qp_node(p, FO_Q_SEQ, n->pos);

	fo_qp_add_kid(p, w, n);
	return w;
}

/* n, or a SEQ holding it when it has a sign (title:-row), which only a
 * SEQ's items may have: an AND of -title:row compiled it as title:row. */
static fo_qnode *in_seq(fo_qparser *p, fo_qnode *n)
{
	fo_qnode *w;

	if (!n || n->occur == FO_OCCUR_DEFAULT)
		return n;
	w = fo_qp_seq_of(p, n);
	return w ? w : n;
}

fo_qnode *fo_qp_join(fo_qparser *p, fo_qkind op, fo_qnode *a, fo_qnode *b)
{
	fo_qnode *n;

	a = in_seq(p, a);
	b = in_seq(p, b);
	if (!a)
		return b;
	if (!b)
		return a;
	if (a->kind == op && a->occur == FO_OCCUR_DEFAULT) {
		fo_qp_add_kid(p, a, b);
		return a;
	}
	n = fo_qp_node(p, op, a->pos);
	fo_qp_add_kid(p, n, a);
	fo_qp_add_kid(p, n, b);
	return n;
}

const char *fo_qp_keep(fo_qparser *p, const char *s, size_t len)
{
	fo_qtree *t = p->t;
	char *copy = malloc(len + 1);

	if (!copy || fo_grow((void **)&t->strs, &t->cap_strs, t->n_strs,
	                     sizeof *t->strs) != 0) {
		free(copy);
		fo_qp_oom(p);
		return NULL;
	}
	memcpy(copy, s, len);
	copy[len] = '\0';
	t->strs[t->n_strs++] = copy;
	return copy;
}

void fo_qtree_free(fo_qtree *tree)
{
	size_t i;

	for (i = 0; i < tree->n_nodes; i++) {
		free(tree->nodes[i]->kids);
		free(tree->nodes[i]);
	}
	for (i = 0; i < tree->n_strs; i++)
		free(tree->strs[i]);
	free(tree->strs);
	free(tree->nodes);
	free(tree->notices);
	free(tree->dropped);
	memset(tree, 0, sizeof *tree);
}
