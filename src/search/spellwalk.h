/*
 * spellwalk.h: which terms of a sorted vocabulary could be a few edits
 * from one of some words, told in byte order, so that a reader of the
 * vocabulary can jump over every run of terms that cannot. Each term's
 * bytes extend a row of the edit distance table per word (kept from the
 * shared prefix of the term before), and once a prefix is too far from
 * every word, so is every term that starts with it: the walk names the
 * first string after them that is not, to skip to (how Lucene's
 * FuzzyQuery intersects a Levenshtein automaton with its term dictionary).
 */
#ifndef FOLIO_SEARCH_SPELLWALK_H
#define FOLIO_SEARCH_SPELLWALK_H

#include "util/distance.h"

#include <stddef.h>

/* Most edits a word may be given. */
#define FO_WALK_MAX_EDITS 8

typedef struct fo_walk fo_walk;

/* A walk over the terms that start with prefix (plen bytes, copied) for
 * up to n words; NULL when out of memory. */
fo_walk *fo_walk_new(const char *prefix, size_t plen, size_t n);

/* Adds word (len bytes, at most FO_EDIT_MAX_LEN; borrowed until the walk
 * is freed) to look for within max edits (at most FO_WALK_MAX_EDITS; the
 * distance of distance.h, transpositions included). Returns 0, or -1
 * when the walk holds n words already or word or max is out of range. */
int fo_walk_add(fo_walk *w, const char *word, size_t len, unsigned max);

/* The same, for a word whose edits are slips only: a byte left out, one
 * added, two neighbours swapped, never one changed into another (the
 * terms only a changed byte reaches are passed by unread). */
int fo_walk_add_slips(fo_walk *w, const char *word, size_t len, unsigned max);

/*
 * Steps the walk to term (len bytes; any term, but the rows of the
 * prefix it shares with the term of the step before are not computed
 * again, so the next term in byte order costs the bytes it adds):
 * 1 when term may be within the edits of a word, as its prefix followed
 * by the word (the distance is the caller's to measure: the walk only
 * rules terms out), or does not start with the prefix; 0 when it is not, with
 * *seek (seek_len bytes, valid until the next step) the first string after term
 * that may start such a term: every term between the two is too far from every
 * word; -1 when no term after term can be within reach.
 */
int fo_walk_step(fo_walk *w, const char *term, size_t len, const char **seek,
                 size_t *seek_len);

void fo_walk_free(fo_walk *w);

#endif
