/*
 * urlterm.h: a post's URL as its unique-id term. The indexer stores it;
 * lookups (folio similar, a URL typed in a query) find the post by it.
 */
#ifndef FOLIO_URLTERM_H
#define FOLIO_URLTERM_H

#include "util/buf.h"

#include <stdint.h>

/* A URL's 64-bit hash (fo_hash64 of its bytes): the key by which a run
 * counts and merges posts (tally.h, merge.h) and by which an index
 * records them (schema.h FO_SLOT_URL, known.h). One function, so that
 * these can never disagree. */
uint64_t fo_url_hash(const char *url);

/* The unique-id term of a URL, written to out (reset first). URLs too long
 * for a Xapian term are replaced by a hash of themselves. */
void fo_url_term(const char *url, fo_buf *out);

/* The unique-id term of url with its scheme and host in lower case, for a
 * second lookup: both are case-insensitive (RFC 3986 section 6.2.2.1),
 * (posts are indexed with them in lower case, util/url.h, but an index
 * made before that may hold them as given). Returns 1 with the term in out (reset
 * first) when that changes url, 0 when it does not (out untouched), -1
 * out of memory. */
int fo_url_term_folded(const char *url, fo_buf *out);

/* The URL in the pasted text (*s, *len), narrowed in place: without the
 * angle brackets that quote URLs in mail (RFC 3986 appendix C), the
 * quotes or backticks of JSON, shell or markdown, the square brackets of
 * a note, the typographic quotes or corner brackets of prose, or the
 * punctuation of a sentence around it, which a URL can end with but a
 * post's rarely does. For a second lookup, after the URL as given. */
void fo_url_trim(const char **s, size_t *len);

/* The length of the quotation mark or bracket that opens s[0..len)
 * when it is one a URL is pasted in (<, ', ", `, [, curly quotes,
 * guillemets, CJK corner brackets), else 0. */
size_t fo_url_opener(const char *s, size_t len);

#endif
