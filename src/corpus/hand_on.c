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
                      unsigned line, const char *url, folio_post *post,
                      const fo_corpus_fields *fields, const char *date)
{
	fo_buf folded = FO_BUF_INIT;
	int rc = FOLIO_OK;

	/* one post, whatever the case of its scheme and host (url.h) */
	if (fo_url_fold(url, &folded) < 0) {
		fo_buf_free(&folded);
		return FOLIO_ERROR_NOMEM;
	}
	post->url = folded.data;
	post->company = fo_given(fields, fields->company);
	post->author = fo_given(fields, fields->author);
	post->type = fo_given(fields, fields->type);
	/* the date as checked, not as written */
	post->published = fields->present[fields->published] ? date : NULL;
	if (sink->post && sink->post(post, file, line, sink->ctx) != 0)
		rc = -1;
	fo_buf_free(&folded);
	return rc;
}
