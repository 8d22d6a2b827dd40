/*
 * grow.h: room for one more element in a realloc'd array, doubling its
 * capacity (from 32), so that n appends cost O(n) copies.
 */
#ifndef FOLIO_GROW_H
#define FOLIO_GROW_H

#include <stddef.h>
#include <stdlib.h>

/* Make element n of *arr (*cap elements of size bytes) exist: 0, or -1
 * when memory runs out, *arr and *cap then as they were. */
static inline int fo_grow(void **arr, size_t *cap, size_t n, size_t size)
{
	size_t want = *cap ? *cap : 32;
	void *q;

	if (n < *cap)
		return 0;
	while (want <= n || want == *cap)
		want *= 2;
	q = realloc(*arr, want * size);
	if (!q)
		return -1;
	*arr = q;
	*cap = want;
	return 0;
}

#endif
