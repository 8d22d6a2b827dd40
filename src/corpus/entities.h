/*
 * entities.h: looking up an HTML5 named character reference (&eacute;,
 * &rsquo;, &NotEqualTilde;), which CommonMark decodes in a topic page's
 * text and link destinations (markdown_inline.c).
 */
#ifndef FOLIO_CORPUS_ENTITIES_H
#define FOLIO_CORPUS_ENTITIES_H

#include <stddef.h>

/* The text, in UTF-8 (NUL-terminated), of the named character reference
 * whose name (between '&' and ';', case-sensitive) is name[0..len), or
 * NULL when HTML5 names none so. */
const char *fo_entity_named(const char *name, size_t len);

#endif
