/* hand_on.c: fo_corpus_hand_on, the one way the corpus parsers hand a
 * well-formed post on to their sink (corpus.h), each from its own
 * arrays of fields. */
#include "corpus/corpus.h"
#include "util/url.h"

/* The text of field f, or NULL when the post did not give it. */
static const char *fo_given(const fo_corpus_fields *fields, int f)
{
	return fields->present[f] ? fields->field[f].data : NULL;
}

int fo_corpus_hand_on(const fo_corpus_sink *sink, const char *file,
                      unsigned line, char *url, folio_post *post,
                      const fo_corpus_fields *fields, const char *date)
{
	/* one post, whatever the case of its scheme and host (url.h) */
	fo_url_fold(url);
	post->url = url;
	post->company = fo_given(fields, fields->company);
	post->author = fo_given(fields, fields->author);
	post->type = fo_given(fields, fields->type);
	/* the date as checked, not as written */
	post->published = fields->present[fields->published] ? date : NULL;
	if (sink->post && sink->post(post, file, line, sink->ctx) != 0)
		return -1;
	return FOLIO_OK;
}
