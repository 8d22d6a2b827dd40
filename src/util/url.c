/*
 * url.c: fo_url_fold, the case-insensitive parts of a URL in lower case
 * (url.h).
 */
#include "util/url.h"

#include "util/ascii.h"

#include <string.h>
#include <utf8proc.h>

/* Append s[0..n) to out with its ASCII letters in lower case; whether
 * any changed. */
static int fold_ascii(const char *s, size_t n, fo_buf *out)
{
	int changed = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		char lower = fo_ascii_lower((unsigned char)s[i]);

		changed |= lower != s[i];
		fo_buf_putc(out, lower);
	}
	return changed;
}

/* Append the host h[0..n) to out in lower case: ASCII letters, and other
 * letters (ÉX.org is éx.org: RFC 3987 section 5.3.2.1 folds case as IDNA
 * does), whatever the length of their lower case (Ⱥ's, U+2C65, is a
 * byte longer). Whether anything changed. */
static int fold_host(const char *h, size_t n, fo_buf *out)
{
	const utf8proc_uint8_t *s = (const utf8proc_uint8_t *)h;
	utf8proc_uint8_t low[4];
	utf8proc_int32_t cp, folded;
	utf8proc_ssize_t r, k;
	size_t i = 0;
	int changed = 0;

	while (i < n) {
		if (s[i] < 0x80) {
			changed |= fold_ascii(h + i, 1, out);
			i++;
			continue;
		}
		r = utf8proc_iterate(s + i, (utf8proc_ssize_t)(n - i), &cp);
		if (r <= 0) {
			fo_buf_putc(out, h[i++]);
			continue;
		}
		/* never to ASCII: İX.org is not ix.org (IDNA maps İ to i
		 * and a combining dot), nor is the Kelvin sign a k
		 * (explore-v) */
		folded = utf8proc_tolower(cp);
		k = folded != cp && folded >= 0x80
		        ? utf8proc_encode_char(folded, low)
		        : 0;
		if (k > 0) {
			fo_buf_append(out, (const char *)low, (size_t)k);
			changed = 1;
		} else {
			fo_buf_append(out, h + i, (size_t)r);
		}
		i += (size_t)r;
	}
	return changed;
}

int fo_url_fold(const char *url, fo_buf *out)
{
	size_t i = 0, kept, host, end;
	int changed = 0;

	fo_buf_clear(out);
	/* scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" */
	if (fo_ascii_is_alpha((unsigned char)url[0]))
		while (fo_ascii_is_alpha((unsigned char)url[i]) ||
		       (url[i] >= '0' && url[i] <= '9') || url[i] == '+' ||
		       url[i] == '-' || url[i] == '.')
			i++;
	if (!i || url[i] != ':') {
		fo_buf_puts(out, url);
		return out->oom ? -1 : 0;
	}
	changed = fold_ascii(url, i, out);
	kept = i; /* from the ":" on, as written but for the host */
	/* "//" authority: [ userinfo "@" ] host [ ":" port ], up to the path,
	 * query or fragment (or a backslash, which no host holds, and which
	 * browsers read as a /); userinfo keeps its case, a port has none. */
	if (url[i + 1] == '/' && url[i + 2] == '/') {
		host = i + 3;
		end = host + strcspn(url + host, "/?#\\");
		for (i = host; i < end; i++)
			if (url[i] == '@')
				host = i + 1;
		fo_buf_append(out, url + kept, host - kept);
		kept = end;
		changed |= fold_host(url + host, end - host, out);
	}
	fo_buf_puts(out, url + kept);
	return out->oom ? -1 : changed;
}
