/*
 * url.h: a URL's scheme and host in lower case. Both are case-insensitive
 * (RFC 3986 section 6.2.2.1), so HTTPS://Example.ORG/a and
 * https://example.org/a name one resource; the path, query and fragment
 * keep their case, as does the userinfo.
 */
#ifndef FOLIO_UTIL_URL_H
#define FOLIO_UTIL_URL_H

#include "util/buf.h"

/* url with its scheme and host in lower case (a host's non-ASCII letters
 * too), in out (reset first): 1 when that differs from url, 0 when it
 * does not, -1 when out ran out of memory. Not in place: a lower case can
 * be longer (Ⱥ, 2 bytes, is ⱥ, 3). A string without a scheme ("ALPHA *(
 * ALPHA / DIGIT / + / - / . ) :") is copied as it is. */
int fo_url_fold(const char *url, fo_buf *out);

#endif
