/*
 * markdown.c: fo_markdown_parse, reading posts from a markdown topic page:
 *
 *     # Topic
 *     ### [Title](url)
 *     - Company: [NVIDIA](https://...)
 *     - Published: Sep 14, 2026
 *
 *     Summary paragraphs, up to the next heading.
 *
 * Only the little markdown these pages use is understood. This file reads
 * the page: past its front matter, its topic found first
 * (markdown_topic.c), then each post's block, from its "###" heading to
 * the next heading of level 1-3, seeing through fenced code and comments
 * (markdown_block.c); markdown_post.c reads a post, and
 * markdown_inline.c reduces inline markup to the text a reader sees,
 * because that text is what gets indexed and shown.
 */
#include "corpus/markdown.h"

#include "corpus/corpus.h"
#include "corpus/markdown_block.h"
#include "corpus/text.h"

#include <string.h>

/* Whether a heading of level (text t, tn), whose line ends at next, is a
 * post's: "### [Title](url)", or a link of level 2 or 4-6 that a field of
 * the post follows, as a page that writes its posts at another level has
 * them; a post so written was silently lost, or taken by the post before
 * it. A link heading with no field after it ("## [Index](..)") is none. */
static int fo_md_starts_post(const char *buf, size_t len, size_t next,
                             int level, const char *t, size_t tn)
{
	const char *s;
	size_t n;

	if (level == 3)
		return 1;
	if (level < 2 || !tn || t[0] != '[' || !fo_memmem(t, tn, "]("))
		return 0;
	while (next < len) {
		next = fo_md_line(buf, len, next, &s, &n);
		fo_text_trim(&s, &n);
		if (n)
			return fo_md_field_line(s, n);
	}
	return 0;
}

/* Where the post whose heading line ends at pos ends: at the next
 * heading of level 1-3, or post heading, outside fenced code and
 * comments, or the end of the page. *lineno counts the lines, its
 * heading's included. */
static size_t fo_md_post_end(fo_md *st, const char *buf, size_t len, size_t pos,
                             unsigned *lineno)
{
	const char *s, *t;
	size_t n, tn, next;
	int level;

	++*lineno;
	while (pos < len) {
		next = fo_md_line(buf, len, pos, &s, &n);
		if (fo_md_skip_block(&st->blocks, buf, len, s, n, next, &pos,
		                     lineno))
			continue;
		level = fo_md_heading(s, n, &t, &tn);
		if ((level >= 1 && level <= 3) ||
		    fo_md_starts_post(buf, len, next, level, t, tn))
			break;
		pos = next;
		++*lineno;
	}
	return pos;
}

static void fo_md_free(fo_md *st)
{
	size_t f;

	fo_buf_free(&st->topic);
	fo_buf_free(&st->fm_title);
	fo_buf_free(&st->url);
	fo_buf_free(&st->title);
	fo_buf_free(&st->raw);
	fo_buf_free(&st->summary);
	fo_buf_free(&st->msg);
	for (f = 0; f < FO_MD_NF; f++)
		fo_buf_free(&st->field[f]);
}

folio_status fo_markdown_parse(const char *file, const char *buf, size_t len,
                               const fo_corpus_sink *sink)
{
	fo_md st;
	size_t pos = 0;
	unsigned lineno = 1, bad_line = 0;
	int rc = FOLIO_OK, topic, posts = 0;

	memset(&st, 0, sizeof(st));
	st.file = file;
	st.sink = sink;
	fo_md_blocks_init(&st.blocks, buf, len);
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		pos = 3;
	pos = fo_md_front_matter(&st, buf, len, pos, &lineno);
	topic = fo_md_find_topic(&st, buf, len, pos, lineno, &bad_line);
	if (st.fm_title.oom || topic < 0)
		rc = FOLIO_ERROR_NOMEM;
	else if (topic > 0)
		rc = fo_corpus_problem(sink, file, &st.msg, bad_line, NULL);
	if (topic > 0)
		pos = len;
	while (rc == FOLIO_OK && pos < len) {
		const char *s, *t;
		size_t n, tn, next = fo_md_line(buf, len, pos, &s, &n);
		int level;

		if (fo_md_skip_block(&st.blocks, buf, len, s, n, next, &pos,
		                     &lineno))
			continue;
		level = fo_md_heading(s, n, &t, &tn);

		if (fo_md_starts_post(buf, len, next, level, t, tn)) {
			size_t start = pos;
			unsigned first = lineno;

			if (!posts++ && !st.topic.len && !st.fm_title.len &&
			    sink->warning) {
				/* "#Topic", "# " or front matter never
				 * closed: the page's posts lost their topic
				 * without a word */
				fo_buf_clear(&st.msg);
				fo_buf_puts(
				    &st.msg,
				    "the page has no topic (a \"# Topic\" "
				    "heading, a space after its #, before "
				    "its first post): its posts have none");
				fo_corpus_warning(sink, file, lineno, &st.msg);
			}
			if (level != 3 && sink->warning) {
				fo_buf_clear(&st.msg);
				fo_buf_printf(
				    &st.msg,
				    "a post's heading of level %d (%.*s), "
				    "read as a post's: its fields follow "
				    "it (a post's heading is ### "
				    "[Title](url))",
				    level, level, "######");
				fo_corpus_warning(sink, file, lineno, &st.msg);
			}

			pos = fo_md_post_end(&st, buf, len, next, &lineno);
			rc = fo_md_post(&st, buf + start, pos - start, first);
			if (rc != FOLIO_OK)
				break;
			continue;
		}
		pos = next;
		lineno++;
	}
	if (rc == -1)
		rc = FOLIO_OK;
	fo_md_free(&st);
	return (folio_status)rc;
}
