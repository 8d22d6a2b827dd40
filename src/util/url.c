/*
 * url.c: fo_url_fold, the case-insensitive parts of a URL in lower case
 * (url.h).
 */
#include "util/url.h"

#include "util/ascii.h"

#include <string.h>

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
	 * query or fragment; userinfo keeps its case, a port has none. */
	if (url[i + 1] == '/' && url[i + 2] == '/') {
		host = i + 3;
		end = host + strcspn(url + host, "/?#");
		for (i = host; i < end; i++)
			if (url[i] == '@')
				host = i + 1;
		changed |= fold_ascii(url, host, end);
	}
	return changed;
}
