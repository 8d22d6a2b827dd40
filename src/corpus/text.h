/*
 * text.h: byte-level helpers shared by the corpus parsers: UTF-8
 * validation and encoding, whitespace trimming, and quoting a user value
 * into a one-line problem message.
 */
#ifndef FOLIO_CORPUS_TEXT_H
#define FOLIO_CORPUS_TEXT_H

#include "util/buf.h"
#include "util/swar.h"

#include <stddef.h>

/* Longest title or field value a post may have, in bytes. */
#define FO_FIELD_MAX 65536

/* Longest summary: long (a Debian package description can pass 64 KB),
 * but not this long. */
#define FO_SUMMARY_MAX (16 * FO_FIELD_MAX)

/* Offset of the first byte of s[0..n) that is not well-formed UTF-8
 * (overlong forms, surrogates and code points above U+10FFFF are
 * ill-formed; so is NUL unless allow_nul), or n when all of it is. */
size_t fo_text_utf8_check(const char *s, size_t n, int allow_nul);

/* Append code point cp (a Unicode scalar value) to b as UTF-8. */
void fo_text_utf8_put(fo_buf *b, unsigned long cp);

/* Shrink the span (*s, *n) past leading and trailing ASCII whitespace. */
void fo_text_trim(const char **s, size_t *n);

/* Trim b in place. */
void fo_text_buf_trim(fo_buf *b);

/* Append s[0..n) to msg for quoting in a message: control characters
 * become spaces (messages are one line) and long values are cut at a
 * character boundary. */
void fo_text_quote(fo_buf *msg, const char *s, size_t n);

#endif
