/*
 * elision.h: the articles, pronouns and prepositions that French,
 * Italian, Catalan and Irish write elided onto the next word (l'index,
 * dell'indice, d'una, d'fhág), which the analyzer drops so that the word
 * is found by itself, and the suffixes that Turkish writes after an
 * apostrophe onto a name (İstanbul'da), which it drops for the name to be
 * found (internal; doc/analyzer.md rule 3).
 */
#ifndef FOLIO_ANALYZER_ELISION_H
#define FOLIO_ANALYZER_ELISION_H

#include <stddef.h>

/* The elided words of a language: NULL for a language without them. */
typedef struct fo_elision fo_elision;

/* The set of language (a libstemmer name or alias), or NULL. */
const fo_elision *fo_elision_of(const char *language);

/* How many bytes of term[0..len), a normalised term, are an elided word
 * and its apostrophe (2 for "l'index"); 0 when the term starts with none,
 * or is nothing but one. */
size_t fo_elided(const fo_elision *set, const char *term, size_t len);

/* Whether language (a libstemmer name or alias) writes suffixes after an
 * apostrophe (Turkish: İstanbul'da, Ankara’ya), which the analyzer drops
 * with the apostrophe. */
int fo_apostrophe_suffixes(const char *language);

/* How many bytes of term[0..len), a normalised term, come before its
 * suffix after an apostrophe (8 for "istanbul'da"); len when it has none,
 * or only at its start. */
size_t fo_before_suffix(const char *term, size_t len);

#endif
