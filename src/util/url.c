/*
 * url.c: fo_url_fold, the case-insensitive parts of a URL in lower case
 * (url.h).
 */
#include "util/url.h"

#include "util/ascii.h"

#include <string.h>
#include <utf8proc.h>

/* Lower-case ASCII letters in s[from..to); whether any changed. */
static int fold_ascii(char *s, size_t from, size_t to)
{
	int changed = 0;

	for (; from < to; from++) {
		char lower = fo_ascii_lower((unsigned char)s[from]);

		changed |= lower != s[from];
		s[from] = lower;
	}
	return changed;
}

/* Lower-case the host url[from..to): ASCII letters, and other letters
 * whose lower case is no longer in UTF-8 (ÉX.org is éx.org: RFC 3987
 * section 5.3.2.1 folds case as IDNA does); the rest of url moves up if
 * it shrank. Whether anything changed. */
static int fold_host(char *url, size_t from, size_t to)
{
	const utf8proc_uint8_t *s = (const utf8proc_uint8_t *)url;
	utf8proc_uint8_t low[4];
	utf8proc_int32_t cp, folded;
	utf8proc_ssize_t r, n;
	size_t i = from, o = from;
	int changed = 0;

	while (i < to) {
		if (s[i] < 0x80) {
			char lower = fo_ascii_lower(s[i]);
			changed |= lower != url[i];
			url[o++] = lower;
			i++;
			continue;
		}
		r = utf8proc_iterate(s + i, (utf8proc_ssize_t)(to - i), &cp);
		if (r <= 0) {
			url[o++] = url[i++];
			continue;
		}
		/* never to ASCII: İX.org is not ix.org (IDNA maps İ to i
		 * and a combining dot), nor is the Kelvin sign a k
		 * (explore-v) */
		folded = utf8proc_tolower(cp);
		n = folded < 0x80 ? 0 : utf8proc_encode_char(folded, low);
		if (n > 0 && n <= r &&
		    (n != r || memcmp(low, s + i, (size_t)n))) {
			memcpy(url + o, low, (size_t)n);
			changed = 1;
		} else {
			memmove(url + o, url + i, (size_t)r);
			n = r;
		}
		o += (size_t)n;
		i += (size_t)r;
	}
	if (o < to)
		memmove(url + o, url + to, strlen(url + to) + 1);
	return changed;
}

int fo_url_fold(char *url)
{
	size_t i = 0, host, end;
	int changed;

	if (!url)
		return 0;
	/* scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" */
	if (!fo_ascii_is_alpha((unsigned char)url[0]))
		return 0;
	while (fo_ascii_is_alpha((unsigned char)url[i]) ||
	       (url[i] >= '0' && url[i] <= '9') || url[i] == '+' ||
	       url[i] == '-' || url[i] == '.')
		i++;
	if (url[i] != ':')
		return 0;
	changed = fold_ascii(url, 0, i);
	/* "//" authority: [ userinfo "@" ] host [ ":" port ], up to the path,
	 * query or fragment (or a backslash, which no host holds, and which
	 * browsers read as a /); userinfo keeps its case, a port has none. */
	if (url[i + 1] == '/' && url[i + 2] == '/') {
		host = i + 3;
		end = host + strcspn(url + host, "/?#\\");
		for (i = host; i < end; i++)
			if (url[i] == '@')
				host = i + 1;
		changed |= fold_host(url, host, end);
	}
	return changed;
}
