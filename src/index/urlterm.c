/*
 * urlterm.c: a post's URL as its unique-id term (the Q prefix), and the
 * same with its scheme and host in lower case for a second lookup.
 */
#include "index/urlterm.h"

#include "index/docdata.h"
#include "index/schema.h"
#include "util/url.h"

#include <stdlib.h>
#include <string.h>

uint64_t fo_url_hash(const char *url)
{
	return fo_hash64(url, strlen(url));
}

void fo_url_term(const char *url, fo_buf *out)
{
	size_t len = strlen(url);

	fo_buf_clear(out);
	fo_buf_puts(out, FO_PREFIX_URL);
	if (len + 1 <= FO_MAX_BOOLEAN_TERM)
		fo_buf_append(out, url, len);
	else
		fo_buf_printf(out, "#%016llx%zu",
		              (unsigned long long)fo_hash64(url, len), len);
}

int fo_url_term_folded(const char *url, fo_buf *out)
{
	fo_buf folded = FO_BUF_INIT;
	int rc = fo_url_fold(url, &folded);

	if (rc == 1) {
		fo_url_term(folded.data, out);
		rc = out->oom ? -1 : 1;
	}
	fo_buf_free(&folded);
	return rc;
}

/* The quotation marks and brackets a pasted URL comes in: ASCII's, the
 * curly quotes of English and German (U+2018/19/1A, U+201C/D/E), the
 * guillemets of French and Danish (U+00AB/BB, U+2039/3A, either way
 * round), the corner brackets of Japanese and Chinese (U+300C-F), and
 * the full stop and comma of CJK text (U+3001/2), none of which a URL
 * holds unencoded (RFC 3987 section 2.2 lists none of them as ucschar). */
static size_t mark_len(const char *s, size_t len, const char *ascii)
{
	static const char *const wide[] = {
		"\xe2\x80\x98", /* U+2018 */
		"\xe2\x80\x99", /* U+2019 */
		"\xe2\x80\x9a", /* U+201A */
		"\xe2\x80\x9c", /* U+201C */
		"\xe2\x80\x9d", /* U+201D */
		"\xe2\x80\x9e", /* U+201E */
		"\xc2\xab",     /* U+00AB */
		"\xc2\xbb",     /* U+00BB */
		"\xe2\x80\xb9", /* U+2039 */
		"\xe2\x80\xba", /* U+203A */
		"\xe3\x80\x8c", /* U+300C */
		"\xe3\x80\x8d", /* U+300D */
		"\xe3\x80\x8e", /* U+300E */
		"\xe3\x80\x8f", /* U+300F */
		"\xe3\x80\x81", /* U+3001 */
		"\xe3\x80\x82", /* U+3002 */
	};
	size_t k, n;

	if (len && (unsigned char)s[0] < 0x80)
		return s[0] && strchr(ascii, s[0]) ? 1 : 0;
	for (k = 0; k < sizeof wide / sizeof wide[0]; k++) {
		n = strlen(wide[k]);
		if (n <= len && memcmp(s, wide[k], n) == 0)
			return n;
	}
	return 0;
}

size_t fo_url_opener(const char *s, size_t len)
{
	return mark_len(s, len, "<'\"`[");
}

/* The length of the mark that ends s[0..len), 0 for none. A "]" is one
 * only where no "[" is left before it (http://[::1] ends with its own). */
static size_t closer_len(const char *s, size_t len)
{
	size_t k;

	if (len && s[len - 1] == ']')
		return memchr(s, '[', len) ? 0 : 1;
	/* back to the first byte of the last character: a character of
	 * UTF-8 has at most three bytes after it */
	for (k = len; k > 0 && len - k < 4; k--)
		if (((unsigned char)s[k - 1] & 0xC0) != 0x80)
			return mark_len(s + k - 1, len - k + 1,
			                ">.,;:!?'\"`") == len - k + 1
			           ? len - k + 1
			           : 0;
	return 0;
}

void fo_url_trim(const char **s, size_t *len)
{
	size_t n = fo_url_opener(*s, *len);

	*s += n;
	*len -= n;
	while ((n = closer_len(*s, *len)) != 0)
		*len -= n;
}
