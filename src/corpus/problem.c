/* problem.c: fo_corpus_problem and fo_corpus_warning, the one way the
 * corpus parsers report a malformed post or warn of a post (corpus.h). */
#include "corpus/corpus.h"
#include "util/url.h"

folio_status fo_corpus_problem(const fo_corpus_sink *sink, const char *file,
                               const fo_buf *msg, unsigned line,
                               const char *url)
{
	fo_buf folded = FO_BUF_INIT;

	if (msg->oom || (url && fo_url_fold(url, &folded) < 0)) {
		fo_buf_free(&folded);
		return FOLIO_ERROR_NOMEM;
	}
	if (sink->problem)
		sink->problem(file, line, url ? folded.data : NULL, msg->data,
		              sink->ctx);
	fo_buf_free(&folded);
	return FOLIO_OK;
}

void fo_corpus_warning(const fo_corpus_sink *sink, const char *file,
                       unsigned line, fo_buf *msg)
{
	if (sink->warning && !msg->oom)
		sink->warning(file, line, msg->data, sink->ctx);
	fo_buf_clear(msg);
}
