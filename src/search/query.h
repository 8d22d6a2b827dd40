/*
 * query.h: turning the text of a free-text query into a Xapian query, with
 * the same analyzer that indexed the posts, and remembering which terms it
 * looks for so snippets can highlight exactly what matched.
 */
#ifndef FOLIO_QUERY_H
#define FOLIO_QUERY_H

#include "analyzer/analyzer.h"
#include "xapian/bridge.h"

/* The words a query looks for, as the analyzer writes them. */
typedef struct fo_termset {
	char **exact; /* exact (normalised) forms */
	size_t n_exact;
	char **stems; /* stems of stemmable words (the form itself if equal) */
	size_t n_stems;
} fo_termset;

int fo_termset_has_exact(const fo_termset *s, const char *term);
int fo_termset_has_stem(const fo_termset *s, const char *stem);
void fo_termset_free(fo_termset *s);

/*
 * Build the query for text: every word or compound must match (AND).
 * A word matches its exact form or any word with the same stem, and the
 * exact form adds weight of its own, so exact matches rank first. A
 * compound (free-threaded, pg_stat_activity) matches as the phrase of its
 * parts or as its joined form. *out is NULL (with FOLIO_OK) when the text
 * has no words at all.
 */
folio_status fo_query_build(fo_analyzer *an, const char *text,
                            fo_xquery **out, fo_termset *terms);

#endif
