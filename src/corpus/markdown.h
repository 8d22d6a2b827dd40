/*
 * markdown.h: what the files of the topic-page parser share (corpus.h
 * declares the parser, fo_markdown_parse): the state of one page and of
 * the post being read, and the functions one file calls in another.
 */
#ifndef FOLIO_CORPUS_MARKDOWN_H
#define FOLIO_CORPUS_MARKDOWN_H

#include "corpus/corpus.h"
#include "corpus/markdown_block.h"
#include "util/buf.h"

#include <stddef.h>

/* The fields of a post's "- Key: value" list, and their keys. */
enum { FO_MD_COMPANY, FO_MD_AUTHOR, FO_MD_PUBLISHED, FO_MD_TYPE, FO_MD_NF };
extern const char *const fo_md_field_names[FO_MD_NF];

typedef struct fo_md {
	const char *file;
	const fo_corpus_sink *sink;
	fo_buf topic;    /* from the first usable "# Topic" heading */
	fo_buf fm_title; /* the front matter's title, the fallback topic */
	/* A front matter title that cannot be the topic: its line (0: none)
	 * and, when it is not UTF-8, the line's text and the offset of the
	 * first bad byte in it (NULL: it is too long). */
	unsigned fm_bad_at;
	const char *fm_bad_line;
	size_t fm_bad_k;
	fo_buf url, title, raw, summary, msg;
	fo_buf field[FO_MD_NF];
	int present[FO_MD_NF];
	unsigned field_line[FO_MD_NF]; /* where each field was given */
	unsigned again_line[FO_MD_NF]; /* where it was first given again */
	/* What a key one typo from a field's gave, or a field's key without
	 * its colon (fo_md_meta): value, in the post's block, and line. */
	const char *guess[FO_MD_NF];
	size_t guess_n[FO_MD_NF];
	unsigned guess_line[FO_MD_NF];
	/* The last line after a blank line in the field list that gave a
	 * field (0: none). */
	unsigned loose_line;
	/* The first line of the field list that gave no field (0: none). */
	unsigned other_line;
	fo_md_blocks blocks; /* the page's, outside posts */
} fo_md;

/* ---- the "- Key: value" lines (markdown_meta.c) ------------------------ */

/* Where the key of a field list line (s, n), trimmed, begins: after its
 * item marker ("- ", "* ", "+ "; *item is then set), or after a '-' or
 * '+' whose space was forgotten ("-Company: ACME"); a '*' with no space
 * after it is emphasis ("**Company:** ACME"). */
size_t fo_md_marker(const char *s, size_t n, int *item);

/* One "- Key: value" line (s, n), without its marker, on line of the
 * page. Only a field's own key that the post lacks is taken when only_new
 * is set (a list item after a blank line): 1 when the line was taken. */
int fo_md_meta(fo_md *st, const char *s, size_t n, unsigned line, int only_new);

/* Whether the line (s, n), trimmed, gives a field by its own key
 * ("- Company:", "* **Published:**"), as the first line of a post's field
 * list does: whether fo_md_meta would take it for a post that has no
 * field yet. */
int fo_md_field_line(const char *s, size_t n);

/* Warn of each field the post gave twice (fo_md_meta kept the first). */
void fo_md_again(fo_md *st);

/* Fill each field the post lacks from its guess, if any. */
void fo_md_guesses(fo_md *st);

/* ---- the page's topic (markdown_topic.c) ------------------------------- */

/* Skip the front matter at pos, if any, noting its title in st->fm_title
 * and counting its lines in *lineno; returns where the page goes on. */
size_t fo_md_front_matter(fo_md *st, const char *buf, size_t len, size_t pos,
                          unsigned *lineno);

/* Set st->topic from the page's first usable level-1 heading after pos,
 * which is on line at. 0; 1 when the page is not to be read, as it has no
 * topic but a line before its first post that is not UTF-8, a topic
 * heading or front matter title too long, or a front matter title not
 * UTF-8 (st->msg says so, at *bad_line); -1 when memory ran out. */
int fo_md_find_topic(fo_md *st, const char *buf, size_t len, size_t pos,
                     unsigned at, unsigned *bad_line);

/* ---- the post heading's link (markdown_link.c) ------------------------- */

/*
 * Read the post heading line (s, n): its URL, unescaped, goes to st->url,
 * its title's span to (*t)[*ts..*te) and what follows the link to
 * (*t)[*rest..*tn). Returns NULL, or why the heading gives no URL (""
 * when st->msg says why: a column it names).
 */
const char *fo_md_heading_url(fo_md *st, const char *s, size_t n,
                              const char **t, size_t *ts, size_t *te,
                              size_t *rest, size_t *tn);

/* ---- what is wrong with a post (markdown_problem.c) -------------------- */

/* Say in msg what the byte at b[bad], which is not UTF-8, is, and where in
 * its line; b starts on line at. Returns the line of that byte. */
unsigned fo_md_bad_byte(fo_buf *msg, const char *b, size_t bad, unsigned at);

/* Why the post read into st is malformed, in st->msg (nothing when it is
 * not), and the line that says so in *problem_line (left as it is when
 * the post as a whole is to blame); a valid date goes to date. */
void fo_md_why(fo_md *st, char date[11], unsigned *problem_line);

/* ---- a post (markdown_post.c) ------------------------------------------ */

/*
 * Parse the post block b[0..n) (its "###" line up to the next heading),
 * which starts on line. Returns FOLIO_OK, FOLIO_ERROR_NOMEM, or -1 when the
 * callback asked to stop.
 */
int fo_md_post(fo_md *st, const char *b, size_t n, unsigned line);

#endif
