/*
 * distance.c: the edit distance of distance.h, for spelling suggestions
 * and for telling a mistyped metadata key from an extra one.
 */
#include "util/distance.h"

unsigned fo_edit_distance(const char *a, size_t na, const char *b, size_t nb,
                          unsigned max)
{
	/* Optimal string alignment distance, three rolling rows. */
	unsigned rows[3][FO_EDIT_MAX_LEN + 1], *pp = rows[0], *p = rows[1],
	                                       *cur = rows[2], *t;
	size_t i, j;

	if (na > FO_EDIT_MAX_LEN || nb > FO_EDIT_MAX_LEN)
		return max + 1;
	if ((na > nb ? na - nb : nb - na) > max)
		return max + 1;
	for (j = 0; j <= nb; j++)
		p[j] = (unsigned)j;
	for (i = 1; i <= na; i++) {
		unsigned best = max + 1;
		cur[0] = (unsigned)i;
		for (j = 1; j <= nb; j++) {
			unsigned cost = a[i - 1] != b[j - 1];
			unsigned v = p[j - 1] + cost;
			if (p[j] + 1 < v)
				v = p[j] + 1;
			if (cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && pp[j - 2] + 1 < v)
				v = pp[j - 2] + 1;
			cur[j] = v;
			if (v < best)
				best = v;
		}
		if (best > max)
			return max + 1;
		t = pp;
		pp = p;
		p = cur;
		cur = t;
	}
	return p[nb] > max ? max + 1 : p[nb];
}
