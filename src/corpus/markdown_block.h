/*
 * markdown_block.h: the blocks of a topic page that markdown.c must see
 * through: its lines, fenced code, HTML comments and headings
 * (markdown_block.c).
 */
#ifndef FOLIO_CORPUS_MARKDOWN_BLOCK_H
#define FOLIO_CORPUS_MARKDOWN_BLOCK_H

#include <stddef.h>

#define FO_MD_FENCE_RUN 16

/*
 * What the searches for a fence's closing line that failed have learnt:
 * for each fence character (backtick, tilde) and run, that the lines from
 * from[c][run] to end[c][run] (the post heading or the end of the text
 * where the search stopped) close no fence of that run or longer. A fence
 * opened within them then needs no search of its own: a page of fences
 * that nothing closes was read in quadratic time (20,000 lines of "```sh"
 * took 7 s, a few megabytes hours). One per text searched (the page, a
 * post), zeroed.
 */
typedef struct fo_md_fences {
	const char *from[2][FO_MD_FENCE_RUN + 1];
	const char *end[2][FO_MD_FENCE_RUN + 1];
} fo_md_fences;

/* What the scan of a page for its blocks knows, outside its posts. */
typedef struct fo_md_blocks {
	const char *last_close; /* the page's last "-->", or NULL */
	fo_md_fences fences;
} fo_md_blocks;

/* Start the scan of the page buf[0..len). */
void fo_md_blocks_init(fo_md_blocks *b, const char *buf, size_t len);

/* The line at pos, without its line ending (LF, CRLF or a CR alone) and
 * a byte order mark at its start, in (*s, *n); returns where the next
 * line starts. */
size_t fo_md_line(const char *buf, size_t len, size_t pos, const char **s,
                  size_t *n);

/* Whether the line (s, n) opens a fenced code block; its mark (character
 * and run) goes to *mark. */
int fo_md_fence_open(const char *s, size_t n, unsigned *mark);

/* Whether the line (s, n) closes the fence of mark. */
int fo_md_fence_closes(const char *s, size_t n, unsigned mark);

/* Where the fenced block of mark, whose opening line ends at pos, ends
 * (the start of the line after its closing fence, its lines in *lines),
 * or 0 when nothing closes it before the next post. */
size_t fo_md_fence_end(const char *buf, size_t len, size_t pos, unsigned mark,
                       unsigned *lines, fo_md_fences *known);

/* Where the HTML comment opened by the line (s, n) ending at next ends
 * (its lines in *lines), or 0 when it is none or nothing closes it;
 * last_close is the page's last "-->". */
size_t fo_md_comment_end(const char *last_close, const char *buf, size_t len,
                         const char *s, size_t n, size_t next, unsigned *lines);

/* If the line (s, n) ending at next opens a closed fenced block or HTML
 * comment, move *pos past it, *lineno by its lines, and return 1. */
int fo_md_skip_block(fo_md_blocks *b, const char *buf, size_t len,
                     const char *s, size_t n, size_t next, size_t *pos,
                     unsigned *lineno);

/* The level (1-6) of an ATX heading line, or 0; its text goes to (*t, *tn),
 * without the optional closing run of '#'. */
int fo_md_heading(const char *s, size_t n, const char **t, size_t *tn);

/* Whether the line (s, n) opens a post: "### [" ... "](" (a heading of
 * level 3 that starts with a link), the space perhaps forgotten. */
int fo_md_post_heading(const char *s, size_t n);

/* Whether needle occurs in s[0..n). */
int fo_memmem(const char *s, size_t n, const char *needle);

/* Whether the line (s, n) is a setext underline of level 1: "===". */
int fo_md_setext_1(const char *s, size_t n);

#endif
