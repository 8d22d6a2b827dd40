/*
 * urlterm.c: a post's URL as its unique-id term (the Q prefix), and the
 * same with its scheme and host in lower case for a second lookup.
 */
#include "index/urlterm.h"

#include "index/docdata.h"
#include "index/schema.h"
#include "util/ascii.h"

#include <stdlib.h>
#include <string.h>

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

int fo_url_term_folded(const char *url, fo_buf *out)
{
	char *copy;
	size_t i = 0, host, end;
	int changed = 0, rc = 0;

	/* scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" */
	if (!fo_ascii_is_alpha((unsigned char)url[0]))
		return 0;
	while (fo_ascii_is_alpha((unsigned char)url[i]) ||
	       (url[i] >= '0' && url[i] <= '9') || url[i] == '+' ||
	       url[i] == '-' || url[i] == '.')
		i++;
	if (url[i] != ':')
		return 0;
	if (!(copy = malloc(strlen(url) + 1)))
		return -1;
	strcpy(copy, url);
	changed = fold_ascii(copy, 0, i);
	/* "//" authority: [ userinfo "@" ] host [ ":" port ], up to the path,
	 * query or fragment; userinfo keeps its case, a port has none. */
	if (url[i + 1] == '/' && url[i + 2] == '/') {
		host = i + 3;
		end = host + strcspn(url + host, "/?#");
		for (i = host; i < end; i++)
			if (url[i] == '@')
				host = i + 1;
		changed |= fold_ascii(copy, host, end);
	}
	if (changed) {
		fo_url_term(copy, out);
		rc = out->oom ? -1 : 1;
	}
	free(copy);
	return rc;
}

void fo_url_trim(const char **s, size_t *len)
{
	if (*len && (*s)[0] == '<') {
		(*s)++;
		(*len)--;
	}
	while (*len && strchr(">.,;:!?'\"", (*s)[*len - 1]))
		(*len)--;
}
