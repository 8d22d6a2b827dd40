/*
 * snippet.h: the best window of a post's summary for a query, cut on word
 * boundaries, with the matched words wrapped in caller-chosen markers.
 */
#ifndef FOLIO_SNIPPET_H
#define FOLIO_SNIPPET_H

#include "analyzer/analyzer.h"
#include "search/query.h"
#include "util/buf.h"

/*
 * Write to out the window of about max_bytes of text that holds the most
 * distinct query words (then the most matches; then the earliest). A word
 * matches when its exact form or its stem is among terms'; a compound
 * whose joined form matches is marked as one span. "…" marks cut ends.
 * With no match the window is the start of the text. hl_start/hl_end may
 * be NULL (no markers).
 */
folio_status fo_snippet(fo_analyzer *an, const char *text,
                        const fo_termset *terms, size_t max_bytes,
                        const char *hl_start, const char *hl_end, fo_buf *out);

#endif
