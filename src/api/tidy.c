/*
 * tidy.c: fo_post_tidy (tidy.h), a caller's post with blank fields absent
 * and white space around its fields and topics gone, as the corpus
 * parsers read them.
 */
#include "api/tidy.h"

#include "corpus/text.h"

#include <stdlib.h>
#include <string.h>

/* Copy s trimmed to *at, and move *at past it: the copy, or NULL when
 * nothing is left. */
static const char *put(char **at, const char *s)
{
	size_t n = strlen(s);
	char *copy = *at;

	fo_text_trim(&s, &n);
	if (n == 0)
		return NULL;
	memcpy(copy, s, n);
	copy[n] = '\0';
	*at += n + 1;
	return copy;
}

folio_status fo_post_tidy(const folio_post *in, folio_post *out, void **hold)
{
	const char **field[] = { &out->title, &out->summary, &out->company,
		                 &out->author, &out->type };
	size_t need = 0, i, k = 0;
	const char **topics;
	char *at;

	*out = *in;
	for (i = 0; i < sizeof field / sizeof field[0]; i++)
		if (*field[i])
			need += strlen(*field[i]) + 1;
	for (i = 0; i < in->n_topics; i++)
		need += strlen(in->topics[i]) + 1;
	/* the topics' pointers first, where the block is aligned for them */
	*hold = malloc(in->n_topics * sizeof *topics + need + 1);
	if (!*hold)
		return FOLIO_ERROR_NOMEM;
	topics = *hold;
	at = (char *)(topics + in->n_topics);
	for (i = 0; i < sizeof field / sizeof field[0]; i++)
		if (*field[i])
			*field[i] = put(&at, *field[i]);
	/* a required field left blank is missing, not absent */
	if (!out->title)
		out->title = "";
	if (!out->summary)
		out->summary = "";
	for (i = 0; i < in->n_topics; i++)
		if ((topics[k] = put(&at, in->topics[i])) != NULL)
			k++;
	out->topics = k ? topics : NULL;
	out->n_topics = k;
	return FOLIO_OK;
}
