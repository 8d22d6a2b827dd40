/*
 * valueterm.c: a field's whole value as its filter term (valueterm.h).
 */
#include "index/valueterm.h"

#include "analyzer/analyzer.h"
#include "analyzer/normalize.h"
#include "index/schema.h"

#include <stdlib.h>
#include <string.h>

long fo_value_term(const char *prefix, const char *value, size_t len,
                   fo_buf *out)
{
	char *norm = fo_normalize_value(value, len);
	size_t skip = strlen(prefix);

	fo_buf_clear(out);
	if (!norm)
		return -1;
	fo_buf_puts(out, prefix);
	fo_buf_puts(out, norm);
	free(norm);
	if (out->oom)
		return -1;
	out->len = fo_utf8_cut(out->data, out->len, FO_MAX_BOOLEAN_TERM);
	out->data[out->len] = '\0';
	return out->len > skip ? (long)(out->len - skip) : 0;
}
