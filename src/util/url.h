/*
 * url.h: a URL's scheme and host in lower case. Both are case-insensitive
 * (RFC 3986 section 6.2.2.1), so HTTPS://Example.ORG/a and
 * https://example.org/a name one resource; the path, query and fragment
 * keep their case, as does the userinfo.
 */
#ifndef FOLIO_UTIL_URL_H
#define FOLIO_UTIL_URL_H

/* Lower-case url's scheme and host in place (a host's non-ASCII letters
 * too, where their lower case is no longer); whether anything changed. A
 * string without a scheme ("ALPHA *( ALPHA / DIGIT / + / - / . ) :") is
 * left alone. */
int fo_url_fold(char *url);

#endif
