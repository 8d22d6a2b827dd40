/*
 * corpus.h: reading posts from corpus files. Two formats: markdown topic
 * pages (markdown.c) and JSON Lines (jsonl.c). Both stream: each post is
 * handed to a callback whose strings live only for the call, so memory
 * stays bounded whatever the file size.
 */
#ifndef FOLIO_CORPUS_H
#define FOLIO_CORPUS_H

#include "folio.h"
#include "util/buf.h"

#include <stddef.h>

/* Called with each well-formed post. line is where the post starts. Return
 * non-zero to stop reading (the parser then returns FOLIO_OK). */
typedef int (*fo_post_fn)(const folio_post *post, const char *file,
                          unsigned line, void *ctx);

/* Called with each malformed post or line, which is skipped. url is the
 * post's URL, folded as a post's is (url.h), when it has one, else NULL:
 * a post with another copy that is well-formed is then not that post
 * whole. message is one line without a file or line prefix, e.g. "post
 * has no URL". */
typedef void (*fo_problem_fn)(const char *file, unsigned line, const char *url,
                              const char *message, void *ctx);

/* Called, just before a well-formed post, with what it is indexed in
 * spite of: a field given twice in it, of which the first is kept (as
 * a post's first copy is, README). line is where that is; message is as
 * for fo_problem_fn. */
typedef void (*fo_warning_fn)(const char *file, unsigned line,
                              const char *message, void *ctx);

typedef struct fo_corpus_sink {
	fo_post_fn post;
	fo_problem_fn problem;
	void *ctx;
	fo_warning_fn warning; /* may be NULL */
} fo_corpus_sink;

/* How a parser reports a malformed post: msg, the problem at line of
 * file, goes to sink->problem with url (the post's, or NULL), folded
 * first (url.h). FOLIO_ERROR_NOMEM when msg or the folding ran out of
 * memory (the message is then not whole), else FOLIO_OK. */
folio_status fo_corpus_problem(const fo_corpus_sink *sink, const char *file,
                               const fo_buf *msg, unsigned line,
                               const char *url);

/* How a parser warns of what a post is indexed in spite of: msg, about
 * line of file, goes to sink->warning when there is one and msg is whole;
 * msg is cleared either way. */
void fo_corpus_warning(const fo_corpus_sink *sink, const char *file,
                       unsigned line, fo_buf *msg);

/* Where a parser keeps a post's fields, each parser by its own enum:
 * so that both fill a folio_post the one way (fo_corpus_hand_on). */
typedef struct fo_corpus_fields {
	const fo_buf *field; /* each field's text */
	const int *present;  /* whether the post gave it */
	/* the index in both of each optional field of a folio_post */
	int company, author, published, type;
} fo_corpus_fields;

/* How a parser hands on a well-formed post: post, its title, summary
 * and topics set, to sink->post, with url, folded first (url.h),
 * company, author and type from fields (NULL where the post gave none)
 * and published as date, the field checked and written "YYYY-MM-DD"
 * (NULL where the post gave none). FOLIO_OK, -1 when sink->post asked
 * to stop, or FOLIO_ERROR_NOMEM. */
int fo_corpus_hand_on(const fo_corpus_sink *sink, const char *file,
                      unsigned line, const char *url, folio_post *post,
                      const fo_corpus_fields *fields, const char *date);

/*
 * Parse a markdown topic page held in buf[0..len) (need not be
 * NUL-terminated). file is used in callbacks only. The page's "# Topic"
 * heading becomes each post's single topic. Returns FOLIO_ERROR_NOMEM on
 * allocation failure, else FOLIO_OK (malformed posts go to sink->problem).
 */
folio_status fo_markdown_parse(const char *file, const char *buf, size_t len,
                               const fo_corpus_sink *sink);

/* Parse JSON Lines, one post object per line; same contract. */
folio_status fo_jsonl_parse(const char *file, const char *buf, size_t len,
                            const fo_corpus_sink *sink);

/* Parse the part of a JSON Lines file that starts at line first_line (1:
 * the whole file, whose byte order mark is skipped); buf[0..len) must hold
 * whole lines. A large file is read in such parts so that only one part's
 * pages need be in memory at a time. */
folio_status fo_jsonl_parse_from(const char *file, const char *buf,
                                 size_t len, unsigned first_line,
                                 const fo_corpus_sink *sink);

/*
 * Parse a human date ("Sep 14, 2026", "September 14, 2026", "2026-09-14")
 * or an RFC 3339 timestamp ("2026-09-14T10:00:00+02:00", whose date as
 * written is kept, not the UTC one) into out[11] as "YYYY-MM-DD". Returns
 * 0 on success, -1 when the text is not a valid calendar date (or time).
 */
int fo_date_parse(const char *text, size_t len, char out[11]);

/* Append to msg why fo_date_parse refuses text: a form it does not take
 * ("unparseable date "..." (expected e.g. EXAMPLE)") or a date that is not
 * in the calendar ("invalid date "2026-02-30": day 30 is not in 2026-02,
 * which has 28 days"). */
void fo_date_why(const char *text, size_t len, const char *example,
                 fo_buf *msg);

#endif
