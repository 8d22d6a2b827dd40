/*
 * distance.h: how many edits apart two byte strings are (optimal string
 * alignment: insertions, deletions, substitutions and transpositions of
 * adjacent bytes, each one edit; Damerau's 1964 typing errors).
 */
#ifndef FOLIO_UTIL_DISTANCE_H
#define FOLIO_UTIL_DISTANCE_H

#include <stddef.h>

/* Longest string measured: longer ones are max + 1 from everything. */
#define FO_EDIT_MAX_LEN 64

/* The distance between a[0..na) and b[0..nb), or max + 1 when it exceeds
 * max (the rows stop as soon as every cell does). */
unsigned fo_edit_distance(const char *a, size_t na, const char *b, size_t nb,
                          unsigned max);

#endif
