/*
 * compile.h: the query compiler's working state and the helpers every part
 * of it builds with. query.c compiles the tree; sequence.c the items
 * side by side that the default operator joins; boosts.c adds the parts
 * that only rank (abbreviations, joined words, acronyms, proximity);
 * near.c compiles NEAR over every form of a word; phrase_forms.c a
 * phrase over every form of its words; splits.c finds the compounds a
 * word typed whole may be in a post. Private to src/search:
 * callers use query.h.
 */
#ifndef FOLIO_SEARCH_COMPILE_H
#define FOLIO_SEARCH_COMPILE_H

#include "search/query.h"

#include "util/buf.h"

/* Term prefixes of each field: exact forms, stems, and the name. */
typedef struct fo_qc_field {
	const char *exact, *stem, *name;
	const char *value; /* its whole values' filter terms, or NULL */
} fo_qc_field;
extern const fo_qc_field fo_qc_fields[FO_FIELD_COUNT];

typedef struct fo_qlist {
	fo_xquery **q;
	size_t n, cap;
} fo_qlist;

/* One analysed token, copied out of the analyzer's callback. */
typedef struct fo_qtok {
	char *term, *stem;
	fo_token_kind kind;
	uint32_t compound;
	size_t start, end;
} fo_qtok;

typedef struct fo_qtoks {
	fo_qtok *t;
	size_t n, cap;
	int oom;
} fo_qtoks;

/* A term's frequency as the compiler read it. */
typedef struct fo_qfreq {
	char *term; /* prefixed as indexed */
	uint64_t posts;
} fo_qfreq;

typedef struct fo_qc {
	fo_analyzer *an;
	const char *text;
	const fo_rank *rank;
	int relevance;
	long zero_unit;
	int positive; /* not under a NOT: what matches is highlighted */
	int ranked;   /* the sequence being compiled ORs its words */
	int common;   /* the word being compiled only adds weight */
	int sure;     /* inside an item with a sign or under NOT: its words
	                 must match or must not, so no guesses are added
	                 (abbreviations, initials, joined pairs) */
	int spaced_typed; /* the NEAR being compiled begins with a name run
	                     into its version that was typed spaced
	                     (sequence.c seq_near_respelt): not respelt */
	const fo_qstats *stats;
	fo_compiled *out;
	size_t words_seen; /* out->words checked for a repeated stem */
	int repeats;       /* one was found (fo_qc_twins) */
	fo_buf scratch;
	/* The terms whose frequency the compiler read (boosts.c freq),
	 * each asked once; the speller need not ask the words among them
	 * again (fo_qword posts). */
	fo_qfreq *freqs;
	size_t n_freqs, cap_freqs;
	folio_status st;
} fo_qc;

/* Runs of at least this many adjacent free words may spell a title word
 * by their initials (boosts.c fo_qc_acronyms). */
#define FO_ACRONYM_MIN 3

/* ---- building (compile.c). Allocation failures are recorded on c->st
 * (fo_qc_nomem), so a caller checks c->st once, not every result. ---- */

void fo_qc_nomem(fo_qc *c);
/* Record a notice at byte pos of the query: what the search did other
 * than it says (strict mode makes it an error); prefix_cut: that a
 * prefix searched only some of its words; action: what a lenient search
 * did instead, or NULL (fo_qnotice). */
void fo_qc_notice(fo_qc *c, size_t pos, int prefix_cut, const char *action,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Append q (NULL records a failure) to l, which then owns it. */
void fo_qc_push(fo_qc *c, fo_qlist *l, fo_xquery *q);
/* Append a copy of q to l, q staying the caller's. */
void fo_qc_push_copy(fo_qc *c, fo_qlist *l, fo_xquery *q);
void fo_qc_clear(fo_qlist *l);   /* free the queries, keep the array */
void fo_qc_release(fo_qlist *l); /* free the queries and the array */
/* l combined by op into one query, l left empty (see compile.c). */
fo_xquery *fo_qc_fold(fo_qc *c, fo_xop op, fo_qlist *l, unsigned window);
/* Merge the identical queries of l, a sum (the parts of an OR or an
 * AND each add their weight), into one scaled by their count: the same
 * weight and matches, each posting list read once ("handles to
 * classes ... module to create" reads "to" once). Queries are compared
 * by Xapian's description; a part being explained away is scaled to 0
 * (fo_qc_unit), so it never merges with its twin and each keeps its
 * own contribution. Twins need a word typed twice (a stem twice among
 * the query's words): without one, nothing is described. */
void fo_qc_twins(fo_qc *c, fo_qlist *l);
/* op(a, b), freeing a and b; NULL sides are skipped. */
fo_xquery *fo_qc_pair(fo_qc *c, fo_xop op, fo_xquery *a, fo_xquery *b);
/* The term prefix + term. */
fo_xquery *fo_qc_term(fo_qc *c, const char *prefix, const char *term);
/* a and b joined, malloc'd; NULL when out of memory. */
char *fo_qc_dup2(const char *a, const char *b);
/* The label built in buf for fo_qc_unit: "" when nothing was put in
 * it, NULL when it ran out of memory (a label cut short would explain a
 * unit wrongly). */
const char *fo_qc_label(const fo_buf *buf);
/* Register q as a weighted explanation unit and return it scaled. A NULL
 * label is a label's buffer that ran out of memory: c fails so. */
fo_xquery *fo_qc_unit(fo_qc *c, fo_xquery *q, const char *label,
                      const char *how, fo_qfield field, double scale,
                      const char *const *terms, size_t n_terms);
/* Register q, which reads one term for two parts of the score (how at
 * scale, also_how at also_scale), as one unit, and return it scaled by
 * their sum: the explanation splits its weight between them. */
fo_xquery *fo_qc_unit_twice(fo_qc *c, fo_xquery *q, const char *label,
                            const char *how, double scale, const char *also_how,
                            double also_scale, fo_qfield field,
                            const char *const *terms, size_t n_terms);
/* Highlight units and the words the spelling suggester may correct. A
 * unit is highlighted where its field is shown: a free one in titles and
 * snippets (out->hl, which the second phase also ranks by), a title: one
 * in titles only (out->hl_title); the others nowhere (NULL, and
 * fo_qc_hl_seq_add then does nothing). Only positive parts are. */
fo_hlunit *fo_qc_hl_add(fo_qc *c, fo_qfield field, fo_hlkind kind,
                        const char *term, const char *stem);
void fo_qc_hl_seq_add(fo_qc *c, fo_hlunit *u, const char *term);
void fo_qc_word_add(fo_qc *c, const fo_qnode *n, const fo_qtok *t);
/* Forget the spelling words past the first n: those of a query compiled
 * again in another form, which would be spelt twice. */
void fo_qc_words_keep(fo_qc *c, size_t n);
void fo_qc_site_add(fo_qc *c, const fo_qnode *n, const char *host);
/* Node n's text analysed into l: 0, or -1 with c->st set. */
int fo_qc_analyse(fo_qc *c, const fo_qnode *n, fo_qtoks *l);
void fo_qc_toks_free(fo_qtoks *l);
/* The end of the item (a word, or a compound's joined term and parts)
 * that starts at token i. */
size_t fo_qc_item_end(const fo_qtoks *l, size_t i);

/* ---- the tree (query.c) ---- */

/* Node n compiled (NULL where it has no words, or on failure: c->st). */
fo_xquery *fo_qc_compile(fo_qc *c, const fo_qnode *n);
/* The item (a word, or a compound and its parts) l->t[i..j) of node n in
 * field f, its highlight units and spelling words recorded. */
fo_xquery *fo_qc_item(fo_qc *c, fo_qfield f, const fo_qnode *n,
                      const fo_qtoks *l, size_t i, size_t j);
/* The filter of the indexed post URL node n names, or NULL (no post has
 * it: it is text). */
fo_xquery *fo_qc_url(fo_qc *c, const fo_qnode *n);
/* n, or, for a URL no post has, its text as words in *words; *url gets
 * the filter of a post's URL. */
const fo_qnode *fo_qc_url_or_words(fo_qc *c, const fo_qnode *n, fo_qnode *words,
                                   fo_xquery **url);

/* ---- versions (query.c) ---- */

/* Whether term is a dotted version (2.0.1, 3.14, after an optional v),
 * with its form written the other way (v2.0.1 for 2.0.1, 2.0.1 for
 * v2.0.1) in other[FO_MAX_TERM_BYTES + 2]. */
int fo_qc_version_other(const char *term, char *other);
/* A name of two letters or more and its dotted version spelt the other
 * way, where a post holds that spelling's first term: run together
 * (name python3.14, version NULL) as spaced (python 3 14), spaced (name
 * python, version 3.14) as run together (python3 14), each term ended
 * by a NUL and the last by two, in buf[FO_MAX_TERM_BYTES + 3]. Returns
 * the number of terms, 0 for no such name (v3.14, mp3, python3) or
 * where no post holds it. */
size_t fo_qc_name_version(fo_qc *c, const char *exact, const char *name,
                          const char *version, char *buf);
/* The phrase in field f of a name and its dotted version spelt the
 * other way (fo_qc_name_version's terms), highlighted as that sequence
 * and scaled as a compound's phrase, so that a post spelling it as
 * typed ranks first. NULL for no such name, or where no post holds it. */
fo_xquery *fo_qc_name_version_query(fo_qc *c, fo_qfield f, const char *name,
                                    const char *version);
/* A version's first part written the other way, in
 * other[FO_MAX_TERM_BYTES + 2]: v2 for the 2 of 2.0.1, 2 for the v2 of
 * v2.0.1. */
void fo_qc_version_part_other(const char *part, char *other);

/* ---- ranking-only parts (boosts.c) ---- */

/* Title identifier parts that abbreviate word t (dev for development). */
fo_xquery *fo_qc_abbrev(fo_qc *c, const fo_qtok *t);
/* Whether no post holds prefix + term, by the statistics of a local
 * index (0 where they are unknown or remote). */
int fo_qc_absent(fo_qc *c, const char *prefix, const char *term);
/* Whether joined token t is a name with dots or underscores (node.js)
 * that a post of the field whose exact prefix is exact holds squeezed
 * (nodejs, fo_token_squeezed), into buf (query.c). */
int fo_qc_squeeze(fo_qc *c, const char *exact, const fo_qtok *t,
                  char buf[FO_MAX_TERM_BYTES + 1]);
/* Whether a post holds prefix + term[0..len), likewise (0 where
 * unknown or remote: a remote shard's answer costs a round trip). */
int fo_qc_held(fo_qc *c, const char *prefix, const char *term, size_t len);
/* Adjacent pairs of the free words prox[0..n) within rank->pair_window. */
fo_xquery *fo_qc_proximity(fo_qc *c, char **prox, size_t n, double weight);
/* The free words prox[0..n) as one phrase. */
fo_xquery *fo_qc_whole_phrase(fo_qc *c, char **prox, size_t n,
                              double weight);
/* Free words a and b written as one ("feed parser" finds feedparser,
 * "python 3" python3), as compounds match their parts: a unit, NULL
 * when no post holds it (or out of memory: c->st). */
fo_xquery *fo_qc_joined_pair(fo_qc *c, const char *a, const char *b);
/* Adjacent free words written as one (fo_qc_joined_pair), pushed to to. */
void fo_qc_joined_pairs(fo_qc *c, char **prox, size_t n, fo_qlist *to);
/* Title words spelled by the initials of adjacent free words, pushed to
 * to as one unit. */
void fo_qc_acronyms(fo_qc *c, char **prox, size_t n, fo_qlist *to);
/* Whether a ranked word is in more than rank->common_ratio of the posts. */
int fo_qc_common_word(fo_qc *c, const char *term);

/* Whether the exact form word, in field f, is in at least
 * rank->exact_share of the posts of its stem, and in more than
 * rank->exact_min of all posts: its weight is then folded into the
 * stem's. */
int fo_qc_exact_folded(fo_qc *c, fo_qfield f, const char *word,
                       const char *stem);

/* ---- sequences (sequence.c) ---- */

/* The items kids[0..n_kids) side by side, joined by the default
 * operator. */
fo_xquery *fo_qc_seq(fo_qc *c, fo_qnode *const *kids, size_t n_kids);

/* ---- a word's compounds (splits.c) ---- */

#define FO_SPLITS_MAX 8

/* Compounds a word may be the joined form of: each its parts, each
 * ended by a NUL and the last by two. outside: the word is held whole
 * only outside the field (a prefix no post holds it under, held
 * unprefixed: nodejs squeezed from a title's Node.js). */
typedef struct fo_splits {
	char *parts[FO_SPLITS_MAX];
	size_t n;
	int outside;
} fo_splits;

/* The compounds that word w of the field with this exact-form prefix
 * may be the joined form of in a post, by the local index's terms, into
 * s (none over remote shards); free them with fo_splits_free. A word
 * held whole in the field is not split where outside_only is set. */
void fo_qc_word_splits(fo_qc *c, const char *prefix, const char *w,
                       int outside_only, fo_splits *s);
/* Whether some post of the local index writes free word w, of letters a
 * to z, as one of its splits s joined by dots or by underscores
 * (node.js, pg_stat_activity): that post holds w only squeezed, without
 * a place (indexer.c add_squeezed). 0 where unknown or remote. */
int fo_qc_squeezed(fo_qc *c, const char *w, const fo_splits *s);
void fo_splits_free(fo_splits *s);

/* ---- a phrase's other forms (phrase_forms.c) ---- */

/* q, the phrase of node n's words tl as typed, or the phrases of the
 * other forms its words take in a post (a compound joined, a word in
 * parts), as the MAX of them; q itself where it has none. typed: the
 * query of each token of tl but the JOINED ones, in order, as q holds
 * them. Takes q (NULL: none, a failure recorded), not typed. */
fo_xquery *fo_qc_phrase_forms(fo_qc *c, const fo_qnode *n, const fo_qtoks *tl,
                              const fo_qlist *typed, fo_xquery *q);

/* ---- NEAR (near.c) ---- */

fo_xquery *fo_qc_near(fo_qc *c, const fo_qnode *n);

#endif
