/*
 * snippet.h: the best window of a post's summary for a query, cut on word
 * boundaries, with the matched words wrapped in caller-chosen markers;
 * and a title with its matches so wrapped.
 */
#ifndef FOLIO_SNIPPET_H
#define FOLIO_SNIPPET_H

#include "analyzer/analyzer.h"
#include "search/hlspans.h"
#include "search/query.h"
#include "util/buf.h"

/*
 * Write to out the window of about max_bytes of text that holds the most
 * distinct query units (a word counts 1, a phrase or compound matched
 * as such one more than its words; then the most matches; then the
 * earliest). Units match the way
 * the query does: a word by its exact form or its stem, a phrase or a
 * compound's parts only in sequence (so free-threaded marks "free
 * threaded" and "free-threaded" but never a lone "free"), a prefix by
 * its start, a NEAR's word only within its window of the NEAR's other
 * words. Each match is marked as one span, and the window holds the
 * matches it was chosen for whole (one longer than max_bytes up to
 * twice max_bytes or 256 bytes, whichever is more; it is cut beyond),
 * so that a window of a byte or two still shows its match, marked.
 * "…" marks cut ends. The
 * windows are looked for in the first 4 KB of text, or where those hold no
 * match in the first 4 KB part further on that holds one (none starting
 * past 256 KB). With no match the window is the start of the text.
 * marks may be NULL, and its start and end (no markers). scan is the
 * caller's scratch for the analysis (hlspans.h: one for every text of
 * a page, freed with fo_hl_scan_free), or NULL for one of the call's
 * own; the output is the same either way.
 */
typedef struct fo_marks {
	const char *start, *end; /* around each match, or NULL */
	int html; /* escape the text (not the marks) for HTML */
} fo_marks;

folio_status fo_snippet(fo_analyzer *an, fo_hlscan *scan, const char *text,
                        const fo_termset *terms, size_t max_bytes,
                        const fo_marks *marks, fo_buf *out);

/* Write to out the whole of text (a title) with its matches marked as
 * fo_snippet marks them, and each of its display-unsafe characters made
 * a space, a run of them too (HTML-escaped with marks->html); scan as for
 * fo_snippet. */
folio_status fo_highlight(fo_analyzer *an, fo_hlscan *scan, const char *text,
                          const fo_termset *terms, const fo_marks *marks,
                          fo_buf *out);

#endif
