/*
 * valueterm.h: a field's whole value (company, author, type, topic, host)
 * as its filter term. The indexer writes it and a query asks for it
 * (company:"Red Hat"): one function, so that the two never spell it
 * differently.
 */
#ifndef FOLIO_VALUETERM_H
#define FOLIO_VALUETERM_H

#include "util/buf.h"

#include <stddef.h>

/* prefix + value[0..len) normalised (fo_normalize_value: case, accents
 * and white space folded), cut on a character to FO_MAX_BOOLEAN_TERM
 * bytes, written to out (reset first). Returns the bytes of the value
 * in the term (0: it normalises to nothing), or -1 out of memory. */
long fo_value_term(const char *prefix, const char *value, size_t len,
                   fo_buf *out);

#endif
