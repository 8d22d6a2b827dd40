/*
 * cover.h: how much of a hit's title the query's words cover, and the
 * factor that turns it into a second-phase score (the rescoring of the
 * first hits that search.c applies after Xapian's BM25).
 */
#ifndef FOLIO_COVER_H
#define FOLIO_COVER_H

#include "analyzer/analyzer.h"
#include "search/query.h"

/* The query's positive free words, analysed once per search. */
typedef struct fo_cover_words fo_cover_words;

/* Collect the words of terms (the query's highlight units: words,
 * compound parts, phrase words, prefixes) with their stems. *out is
 * NULL when terms has no units. Free with fo_cover_words_free. */
folio_status fo_cover_words_new(fo_analyzer *an, const fo_termset *terms,
                                fo_cover_words **out);
void fo_cover_words_free(fo_cover_words *w);

/* How many of a title's words the query covers: counted words (a
 * number that no query word names is not counted: version and soname
 * digits say nothing about what a post is) and the matched ones. */
typedef struct fo_cover {
	unsigned matched, counted;
} fo_cover;

folio_status fo_title_cover(fo_analyzer *an, const fo_cover_words *w,
                            const char *title, fo_cover *out);

/* The factor for a hit's score: each uncovered title word lowers it,
 * each covered one raises it, both in proportion to the title's length
 * (rank->cover_penalty, rank->cover_bonus). 1 when the title has no
 * counted words. */
double fo_cover_factor(const fo_rank *rank, const fo_cover *c);

#endif
