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
	char *copy = malloc(strlen(url) + 1);
	int rc = 0;

	if (!copy)
		return -1;
	strcpy(copy, url);
	if (fo_url_fold(copy)) {
		fo_url_term(copy, out);
		rc = out->oom ? -1 : 1;
	}
	free(copy);
	return rc;
}

void fo_url_trim(const char **s, size_t *len)
{
	if (*len && strchr("<'\"`", (*s)[0])) {
		(*s)++;
		(*len)--;
	}
	while (*len && strchr(">.,;:!?'\"`", (*s)[*len - 1]))
		(*len)--;
}
