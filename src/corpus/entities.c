/*
 * entities.c: the HTML5 named character references, looked up by binary
 * search in the table that tools/gen-entities generates (entities.inc);
 * see entities.h.
 */
#include "corpus/entities.h"

#include <string.h>

#include "corpus/entities.inc"

/* Compare name[0..len) with the NUL-terminated name e, bytewise, as the
 * table is sorted. */
static int fo_entity_cmp(const char *name, size_t len, const char *e)
{
	size_t el = strlen(e);
	int c = memcmp(name, e, len < el ? len : el);

	if (c != 0)
		return c;
	return (len > el) - (len < el);
}

const char *fo_entity_named(const char *name, size_t len)
{
	size_t lo = 0, hi = FO_ENTITY_COUNT;

	if (len == 0 || len > FO_ENTITY_NAME_MAX)
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *e = fo_entity_pool + fo_entity_at[mid];
		int c = fo_entity_cmp(name, len, e);

		if (c == 0)
			return e + len + 1;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}
