/*
 * spell.h: "did you mean" from the index's own vocabulary. When a query
 * finds few posts, each of its words that the index does not hold is
 * replaced by the closest indexed word (Damerau-Levenshtein distance,
 * then the most posts). The vocabulary is walked at query time, and
 * only then: nothing is added at index time (no Xapian spelling table,
 * so the write path pays nothing). The walk reads only the terms of the
 * words' own fields, so a post's URL term, its stems and other fields
 * cost it nothing, and of those only the terms that a prefix within
 * reach of a word leads to, skipping the others (spellwalk.h): on the
 * 64k-post bench index `folio search parallelsim` reads 10132 of the
 * 120409 text terms (of 259892), and spends 20M instructions on spelling
 * where reading every text term took 102M.
 */
#ifndef FOLIO_SPELL_H
#define FOLIO_SPELL_H

#include "search/query.h"
#include "xapian/bridge.h"

/* Up to this many edits for a word of at least 8 bytes; 1 edit from 4
 * bytes; shorter words are never corrected. */
#define FO_SPELL_MAX_EDITS 2

/* A query that finds fewer posts than this has each word it holds in a
 * post or two looked at too; one that finds more, only the words the
 * index lacks in every form: a word in no post is a typo however many
 * posts the others find (ORed, python progamming language found 14000). */
#define FO_SPELL_FEW 3

/* Whether a suggestion is one to make: searched, it finds more than the
 * query. */
typedef int (*fo_spell_finds)(const char *suggestion, void *ctx);

/*
 * A corrected copy of query (malloc'd, in *out), or *out = NULL when no
 * word needs correcting, or no copy tried satisfies finds(copy, ctx)
 * (NULL: the first does). The first copy tried corrects each word to its
 * best; up to two more: a word split at a change of case corrected whole
 * where that took as few edits as its parts (PARALLELsim), then each one
 * word's next best (a phrase whose other word the best never follows). A
 * text word that no edit corrects, or only two, may be suggested as two
 * words a post has side by side (memorybandwidth: memory bandwidth). words
 * are the query's words (query.h), each spelt against the terms of its own
 * prefix (company:nvdia against the company words); a word is corrected when
 * the index holds none of it in any form, whatever the query found (total
 * posts); when it is in one or two posts, when the query found nothing and a
 * word ten times as frequent is close, or when it found a post or two (fewer
 * than FO_SPELL_FEW) and a word a hundred times as frequent is one typing slip
 * away (spell.c typo_shaped). match: the search's match, which knows the
 * frequencies of the query's terms (NULL: each is looked up): a query whose
 * words the index holds, finding FO_SPELL_FEW or more, costs those lookups
 * alone. The dropped spans of query (qparse.h, in its order) are left out of
 * the copy, with the white space that would be doubled by it, or written as
 * they were read (fo_qspan.put), so that the copy is the query as read.
 * The query was read up to its first len bytes (qparse.h's limits):
 * what follows them is copied as typed, and so is what follows the last
 * word read (an operator the cut left nothing beside).
 */
folio_status fo_spell_suggest(fo_xdb *db, const fo_xmset *match,
                              const char *query, size_t len,
                              const fo_qword *words, size_t n_words,
                              const fo_qspan *dropped, size_t n_dropped,
                              uint64_t total, fo_spell_finds finds, void *ctx,
                              char **out, fo_xerr *err);

#endif
