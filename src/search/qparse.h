/*
 * qparse.h: the syntax of folio's query language, from text to a tree
 * (the AST). Nothing here analyses words: a node keeps the byte span of
 * its raw text, and search/query.c runs it through the index's analyzer.
 *
 * Grammar, loosest binding first (README "Query syntax"):
 *
 *   or    := and { OR and }
 *   and   := not { AND not }
 *   not   := [NOT] seq { NOT seq }             a NOT b: a AND_NOT b
 *   seq   := item { item }                     the default operator
 *   item  := [+|-] near
 *   near  := prim { NEAR[/n] prim }
 *   prim  := '(' or ')' | '"' words '"' | FIELD ':' value | word['*']
 *
 * Operators are upper case; anything else is text. Parsing is lenient:
 * a stray quote, bracket or operator is skipped with a notice (its byte
 * offset and what was ignored), and the rest is read as well as it can
 * be. In strict mode the leftmost problem is an error instead (not the
 * first found: an unclosed bracket is found after what it holds). Invalid
 * dates are errors in both modes: ignoring one would silently widen the
 * search.
 */
#ifndef FOLIO_QPARSE_H
#define FOLIO_QPARSE_H

/* A query is read up to its FO_QUERY_MAX_WORDS-th word (a run without
 * white space) and its first FO_QUERY_MAX_BYTES bytes, the rest left out
 * with a notice (an error in strict mode), as Lucene refuses a query of
 * more than 1024 clauses: every word adds parts to the Xapian query, and
 * the matcher's cost grows faster than the parts (4000 words took 5 s). */
#define FO_QUERY_MAX_WORDS 256
#define FO_QUERY_MAX_BYTES 4096

#include "folio.h"

#include <stddef.h>

typedef enum fo_qkind {
	FO_Q_WORDS,  /* free text: one or more analysed words */
	FO_Q_PHRASE, /* "quoted words": exact forms, in order */
	FO_Q_PREFIX, /* word*: every term starting with the word */
	FO_Q_NEAR,   /* kids within window words of each other */
	FO_Q_AND,
	FO_Q_OR,
	FO_Q_AND_NOT, /* kid 0, without any of the other kids */
	FO_Q_SEQ,     /* juxtaposed items, joined by the default operator */
	FO_Q_ALL,     /* every post (the left side of a leading NOT) */
	FO_Q_SITE,    /* site:host; text is the normalised host */
	FO_Q_DATE,    /* published:lo..hi; lo/hi "" when open */
	FO_Q_YEAR,    /* year:lo..hi, as YYYY */
	FO_Q_URL      /* http://... or https://...: the post with that URL
	                 (its identity, not its words); text is as typed,
	                 without the quotes of "https://..." (quoted) */
} fo_qkind;

/* How an item of a FO_Q_SEQ takes part (Xapian's +/- "love/hate"). */
typedef enum fo_qoccur {
	FO_OCCUR_DEFAULT = 0, /* joined by the default operator */
	FO_OCCUR_MUST,        /* +item */
	FO_OCCUR_NOT          /* -item */
} fo_qoccur;

/* The fields of field:value queries. */
typedef enum fo_qfield {
	FO_FIELD_ANY = 0,
	FO_FIELD_TITLE,
	FO_FIELD_COMPANY,
	FO_FIELD_AUTHOR,
	FO_FIELD_TYPE,
	FO_FIELD_TOPIC,
	FO_FIELD_COUNT
} fo_qfield;

typedef struct fo_qnode fo_qnode;
struct fo_qnode {
	fo_qkind kind;
	fo_qoccur occur;
	fo_qfield field;   /* for WORDS, PHRASE, PREFIX */
	const char *text;  /* raw text (into the query), or normalised */
	size_t len;
	size_t pos;        /* byte offset of the node in the query */
	unsigned window;   /* NEAR: the gap allowed between words */
	int quoted;        /* URL: typed as a phrase, which it is where it
	                      is text (no post has it, in a NEAR) */
	char lo[11], hi[11]; /* DATE: YYYY-MM-DD; YEAR: YYYY; "" = open */
	size_t vpos, vlen;   /* SITE: the host as typed (case aside), where a
	                        spelling correction goes; vlen 0 when the
	                        value was more (a scheme, www., a path) */
	fo_qnode **kids;
	size_t n_kids;
};

/* Something the lenient parser skipped. */
typedef struct fo_qnotice {
	size_t pos;        /* byte offset in the query */
	char message[160]; /* what was ignored and why, without position */
	int prefix_cut;    /* the compiler's: a prefix searched in part, its
	                    * message "lib* matches N words" (query.c) */
	const char *action; /* the compiler's: what a lenient search did
	                     * about it ("ignored"), said after the message,
	                     * which strict mode gives alone; NULL: none */
} fo_qnotice;

/* Bytes of the query the lenient parser left out as a stray token (a )
 * without its (, an operator with nothing beside it, a quote it never
 * saw closed, a ( that opens the query and is never closed), or read
 * otherwise than typed: a suggestion writes the query as it was read,
 * or searching it would say the same again. */
typedef struct fo_qspan {
	size_t start, end;
	/* What the suggestion writes in their place, just so (a static
	 * string): "" for the quote of company:"Red, which parts nothing,
	 * and at the end (start and end both there) a ) or a quote that
	 * closes what was read as closed there. NULL: left out, with the
	 * white space it would double, or a space for what it parted
	 * (foo)bar is foo bar). */
	const char *put;
} fo_qspan;

typedef struct fo_qtree {
	fo_qnode *root;    /* NULL when nothing searchable was left */
	fo_qnotice *notices;
	size_t n_notices, cap_notices;
	fo_qspan *dropped; /* in the order of the query */
	size_t n_dropped, cap_dropped;
	size_t len;        /* the bytes read: the query up to its limits */
	/* internal: every node, for freeing */
	fo_qnode **nodes;
	size_t n_nodes, cap_nodes;
	char **strs;       /* normalised texts (site hosts) */
	size_t n_strs, cap_strs;
	int oom;
} fo_qtree;

/*
 * Parse query (UTF-8, NUL-terminated). Returns FOLIO_OK with the tree
 * (root NULL when there is no searchable text at all), FOLIO_ERROR_QUERY
 * with *err_pos and err[] set on a strict-mode problem or an invalid
 * date, or FOLIO_ERROR_NOMEM. The tree points into query, which must
 * outlive it. Free the tree with fo_qtree_free() whatever the result.
 */
folio_status fo_qparse(const char *query, int strict, fo_qtree *tree,
                       size_t *err_pos, char *err, size_t err_size);
void fo_qtree_free(fo_qtree *tree);

/* The 1-based character (code point) position of byte offset pos in s. */
size_t fo_qposition(const char *s, size_t pos);

/*
 * A one-line description of the tree, for tests and debugging, e.g.
 * AND(words"a", OR(phrase"b c", title:prefix"d")). malloc'd; NULL on OOM.
 */
char *fo_qnode_describe(const fo_qnode *n);

#endif
