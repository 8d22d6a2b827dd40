/*
 * markdown_inline.h: reducing inline markdown to the text a reader sees,
 * which is what the topic-page parser (markdown.c) indexes and shows of a
 * post's title, fields and summary.
 */
#ifndef FOLIO_CORPUS_MARKDOWN_INLINE_H
#define FOLIO_CORPUS_MARKDOWN_INLINE_H

#include "util/buf.h"

#include <stddef.h>

/* A limit or budget of fo_md_link that never runs out. */
#define FO_MD_UNLIMITED ((size_t)-1)

/* Set b to the cleaned, trimmed text of s[0..n). */
void fo_md_text(fo_buf *b, const char *s, size_t n);

/*
 * Find the closing bracket matching the opener at s[i], honouring nesting
 * and backslash escapes, looking at most limit bytes and not past a
 * newline, each byte looked at counted against *budget. Returns its
 * index, or 0 when there is none.
 */
size_t fo_md_match(const char *s, size_t n, size_t i, char open, char close,
                   size_t limit, size_t *budget);

/*
 * A link [text](dest) whose '[' is s[i]: sets the text and destination
 * spans and returns the index past its ')', or 0 when there is no link
 * (or the scan budget ran out). Looks at most limit bytes past each
 * bracket, and counts each byte it looks at against *budget.
 */
size_t fo_md_link(const char *s, size_t n, size_t i, size_t limit,
                  size_t *budget, size_t *ts, size_t *te, size_t *ds,
                  size_t *de);

/* Whether the line (s, n), trimmed, is a link reference definition,
 * "[label]: url", perhaps with a "title": a reader never sees it. A
 * footnote's, "[^1]: text", is seen, and is not one. */
int fo_md_link_def(const char *s, size_t n);

/* Decode the entity at s[i] ('&') into out, a named one of HTML5's
 * (&eacute;) or a numeric one (&#233;, &#xE9;), as CommonMark does;
 * returns the index past it, or 0 when there is none there (&eacute
 * without its ';', &bogus;), which is then text. */
size_t fo_md_entity(fo_buf *out, const char *s, size_t n, size_t i);

/* Whether c is ASCII punctuation, which a backslash escapes (CommonMark
 * 0.30, 2.4). */
int fo_md_is_punct(char c);

#endif
