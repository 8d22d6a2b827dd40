/*
 * markdown_block.c: the blocks of a topic page that its parser must see
 * through: lines, fenced code, HTML comments and headings (CommonMark
 * 0.30, chapter 4, as far as these pages use it). A fence or comment
 * that nothing closes is read as text, so that a stray one cannot hide
 * every later post, and what a failed search for its end learnt is kept,
 * so that a page of them is not read in quadratic time.
 */
#include "corpus/markdown_block.h"

#include "corpus/text.h"

#include <string.h>

void fo_md_blocks_init(fo_md_blocks *b, const char *buf, size_t len)
{
	size_t f;

	memset(b, 0, sizeof *b);
	for (f = len; f >= 3 && !b->last_close; f--)
		if (memcmp(buf + f - 3, "-->", 3) == 0)
			b->last_close = buf + f - 3;
}

size_t fo_md_line(const char *buf, size_t len, size_t pos, const char **s,
                  size_t *n)
{
	const char *nl = memchr(buf + pos, '\n', len - pos);
	size_t end = nl ? (size_t)(nl - buf) : len;
	/* a CR alone ends a line too (CommonMark 0.30, 2.1), as old Mac
	 * editors and some pastes end them: else a page's field list
	 * would run into its summary, unseen */
	const char *cr = memchr(buf + pos, '\r', end - pos);

	size_t next = nl ? end + 1 : len;

	*s = buf + pos;
	if (cr && (size_t)(cr - buf) + 1 < end) {
		*n = (size_t)(cr - *s);
		next = (size_t)(cr - buf) + 1;
	} else {
		*n = end - pos;
		if (*n && (*s)[*n - 1] == '\r')
			(*n)--;
	}
	/* a byte order mark where a page joined to this one began (cat
	 * a.md b.md) is no text: it would hide a post's heading, and the
	 * post with it */
	if (*n >= 3 && memcmp(*s, "\xef\xbb\xbf", 3) == 0) {
		*s += 3;
		*n -= 3;
	}
	return next;
}

int fo_memmem(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle), i;

	for (i = 0; i + k <= n; i++)
		if (memcmp(s + i, needle, k) == 0)
			return 1;
	return 0;
}

/*
 * Fenced code (CommonMark 0.30, 4.5): a line of three or more backticks
 * or tildes, indented at most three spaces, opens a block that a line of
 * at least as many of the same character (and nothing else) closes. A
 * heading inside it is code, not the next post. The opening line's mark
 * (its character and run length) goes to *mark; a run longer than
 * FO_MD_FENCE_RUN counts as that long (a fence of 20 backticks is closed
 * by 16 or more), which bounds the searches fo_md_fences spares.
 */
int fo_md_fence_open(const char *s, size_t n, unsigned *mark)
{
	size_t i = 0, run = 0;
	char ch;

	while (i < n && i < 3 && s[i] == ' ')
		i++;
	if (i >= n || (s[i] != '`' && s[i] != '~'))
		return 0;
	ch = s[i];
	for (; i < n && s[i] == ch; i++)
		run++;
	/* a backtick fence's info string has no backtick (a code span) */
	if (run < 3 || (ch == '`' && memchr(s + i, '`', n - i)))
		return 0;
	*mark = (unsigned)(unsigned char)ch << 16 |
	        (unsigned)(run < FO_MD_FENCE_RUN ? run : FO_MD_FENCE_RUN);
	return 1;
}

int fo_md_fence_closes(const char *s, size_t n, unsigned mark)
{
	size_t i = 0, run = 0;
	char ch = (char)(mark >> 16);

	while (i < n && i < 3 && s[i] == ' ')
		i++;
	for (; i < n && s[i] == ch; i++)
		run++;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return run >= 3 && run >= (mark & 0xFFFF) && i == n;
}

int fo_md_post_heading(const char *s, size_t n)
{
	size_t i = n > 3 && s[3] == '[' ? 3 : 4;

	return n > i && memcmp(s, "### [", i) == 0 && s[i] == '[' &&
	       fo_memmem(s, n, "](");
}

/*
 * Where the fenced block whose opening line ends at pos ends: the start of
 * the line after its closing fence, counting the lines it spans in *lines;
 * 0 when no line closes it before the next post's heading. CommonMark
 * runs an unclosed fence to the end of the document, but here that would
 * swallow every later post, and so would a stray fence that a fence in a
 * later post closes: such a fence is read as text.
 */
size_t fo_md_fence_end(const char *buf, size_t len, size_t pos, unsigned mark,
                       unsigned *lines, fo_md_fences *known)
{
	const char *s, *from = buf + pos;
	size_t n;
	unsigned k = 1, run = mark & 0xFFFF, r;
	int c = (char)(mark >> 16) == '~';

	for (r = 3; r <= run; r++)
		if (known->end[c][r] && known->from[c][r] <= from &&
		    from <= known->end[c][r])
			return 0;
	while (pos < len) {
		const char *at = buf + pos;

		pos = fo_md_line(buf, len, pos, &s, &n);
		k++;
		if (fo_md_fence_closes(s, n, mark)) {
			*lines = k;
			return pos;
		}
		if (fo_md_post_heading(s, n)) {
			pos = (size_t)(at - buf);
			break;
		}
	}
	known->from[c][run] = from;
	known->end[c][run] = buf + pos;
	return 0;
}

/* If the line (s, n) ending at next opens a closed fenced block, move
 * *pos past the block, *lineno by its lines, and return 1. */
static int fo_md_skip_fence(const char *buf, size_t len, const char *s,
                            size_t n, size_t next, size_t *pos,
                            unsigned *lineno, fo_md_fences *known)
{
	unsigned mark, lines;
	size_t end;

	if (!fo_md_fence_open(s, n, &mark) ||
	    !(end = fo_md_fence_end(buf, len, next, mark, &lines, known)))
		return 0;
	*pos = end;
	*lineno += lines;
	return 1;
}

/*
 * HTML comments (CommonMark 0.30, 4.6, kind 2): a line that starts with
 * "<!--" (indented at most three spaces) opens a block that runs to the
 * line holding "-->", that line included; a reader of the page sees none
 * of it, and an editor comments a post out to hide it. A comment that no
 * line closes is read as text (CommonMark would hide the rest of the
 * page), so that a stray "<!--" cannot hide every later post. Where the
 * comment opened by the line (s, n) ending at next ends: the start of the
 * line after its closing one, counting the lines it spans in *lines; 0
 * when it is no comment or none closes it.
 */
size_t fo_md_comment_end(const char *last_close, const char *buf, size_t len,
                         const char *s, size_t n, size_t next, unsigned *lines)
{
	size_t i = 0, pos = next;
	unsigned k = 1;

	while (i < n && i < 3 && s[i] == ' ')
		i++;
	/* the page's last "-->" tells at once whether any line closes it:
	 * a page of stray "<!--" lines takes no quadratic time */
	if (n - i < 4 || memcmp(s + i, "<!--", 4) != 0 || !last_close ||
	    last_close < s)
		return 0;
	while (!fo_memmem(s, n, "-->")) {
		if (pos >= len)
			return 0;
		pos = fo_md_line(buf, len, pos, &s, &n);
		k++;
	}
	*lines = k;
	return pos;
}

int fo_md_skip_block(fo_md_blocks *bl, const char *buf, size_t len,
                     const char *s, size_t n, size_t next, size_t *pos,
                     unsigned *lineno)
{
	unsigned lines;
	size_t end;

	if (fo_md_skip_fence(buf, len, s, n, next, pos, lineno, &bl->fences))
		return 1;
	if (!(end = fo_md_comment_end(bl->last_close, buf, len, s, n, next,
	                              &lines)))
		return 0;
	*pos = end;
	*lineno += lines;
	return 1;
}

int fo_md_heading(const char *s, size_t n, const char **t, size_t *tn)
{
	size_t i = 0, h, e;
	int level;

	while (i < n && i < 3 && s[i] == ' ')
		i++;
	h = i;
	while (i < n && s[i] == '#')
		i++;
	if (i - h < 1 || i - h > 6)
		return 0;
	level = (int)(i - h);
	/* "###[Title](url)" is no heading to CommonMark, but it is the
	 * heading of a post whose space was forgotten: read as text, it
	 * would join the post before it, unseen */
	if (i < n && s[i] != ' ' && s[i] != '\t' &&
	    !(level == 3 && s[i] == '[' && fo_memmem(s + i, n - i, "](")))
		return 0;
	*t = s + i;
	*tn = n - i;
	fo_text_trim(t, tn);
	e = *tn;
	while (e && (*t)[e - 1] == '#')
		e--;
	if (e == 0 || (*t)[e - 1] == ' ' || (*t)[e - 1] == '\t') {
		*tn = e;
		fo_text_trim(t, tn);
	}
	return level;
}

int fo_md_setext_1(const char *s, size_t n)
{
	size_t i = 0, run = 0;

	while (i < n && i < 3 && s[i] == ' ')
		i++;
	for (; i < n && s[i] == '='; i++)
		run++;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return run > 0 && i == n;
}
