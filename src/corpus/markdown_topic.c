/*
 * markdown_topic.c: the topic a page gives each of its posts: its first
 * usable level-1 heading ("# Topic", or a setext one), else its front
 * matter's title; a page with neither whose lines before its first post
 * are not all UTF-8, or whose topic heading or front matter title is too
 * long or not UTF-8 (a damaged heading or title), is not read. The front
 * matter, if any, is skipped here too.
 */
#include "corpus/markdown.h"

#include "corpus/markdown_inline.h"
#include "corpus/text.h"
#include "util/ascii.h"

#include <string.h>

/* Whether the line (s, n) is the front matter's fence "---", or, when
 * end, "...": YAML's document end closes it too, as Jekyll and pandoc
 * read it, but opens none. */
static int fo_md_is_fence(const char *s, size_t n, int end)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n == 3 &&
	       (memcmp(s, "---", 3) == 0 || (end && memcmp(s, "...", 3) == 0));
}

/* The code point of the n hex digits at s, or -1 when they are not. */
static long hex_digits(const char *s, size_t n)
{
	long cp = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9'   ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10
		                               : -1;
		if (d < 0)
			return -1;
		cp = cp * 16 + d;
	}
	return cp;
}

/* What the escape \c stands for in a topic, or -1 when it is none of
 * these: a line break or tab is a space there (a topic is one line). */
static int simple_escape(char c)
{
	switch (c) {
	case '"':
	case '\\':
	case '/': return c;
	case 't':
	case 'n':
	case 'r':
	case '0': return ' ';
	default: return -1;
	}
}

/* A YAML double-quoted scalar's body s[0..n) into out, its escapes
 * decoded (\" \\ \/ \t \n \xXX \uXXXX \UXXXXXXXX; YAML 1.2 section
 * 5.7); another backslash stays as written. */
static void double_quoted(fo_buf *out, const char *s, size_t n)
{
	size_t k, w;
	long cp;
	int c;

	for (k = 0; k < n; k++) {
		if (s[k] != '\\' || k + 1 >= n) {
			fo_buf_putc(out, s[k]);
			continue;
		}
		w = s[k + 1] == 'x'   ? 2
		    : s[k + 1] == 'u' ? 4
		    : s[k + 1] == 'U' ? 8
		                      : 0;
		if (w && k + 2 + w <= n &&
		    (cp = hex_digits(s + k + 2, w)) > 0 && cp <= 0x10FFFF &&
		    (cp < 0xD800 || cp > 0xDFFF)) {
			fo_text_utf8_put(out, (unsigned long)cp);
			k += 1 + w;
		} else if (!w && (c = simple_escape(s[k + 1])) >= 0) {
			fo_buf_putc(out, (char)c);
			k++;
		} else {
			fo_buf_putc(out, s[k]);
		}
	}
}

/* The end of a quoted scalar opened by s[0] in s[0..n), past its closing
 * quote, or 0 when it is not closed on the line. */
static size_t quoted_end(const char *s, size_t n)
{
	size_t k;

	for (k = 1; k < n; k++) {
		if (s[0] == '"' && s[k] == '\\')
			k++;
		else if (s[0] == '\'' && s[k] == '\'' && k + 1 < n &&
		         s[k + 1] == '\'')
			k++;
		else if (s[k] == s[0])
			return k + 1;
	}
	return 0;
}

/* The plain scalar s[0..*n) without a comment (" #..."). */
static void plain_scalar(const char *s, size_t *n)
{
	size_t k;

	for (k = 1; k < *n; k++)
		if (s[k] == '#' && (s[k - 1] == ' ' || s[k - 1] == '\t')) {
			*n = k;
			return;
		}
}

/* Whether the plain scalar s[0..n) is YAML's null (1.2 core schema),
 * as a generator writes a page's missing title: no title, so the posts
 * have no topic rather than the topic "null". */
static int yaml_null(const char *s, size_t n)
{
	return (n == 1 && s[0] == '~') ||
	       (n == 4 &&
	        (memcmp(s, "null", 4) == 0 || memcmp(s, "Null", 4) == 0 ||
	         memcmp(s, "NULL", 4) == 0));
}

/* Keep the front matter's title as the fallback topic: a plain,
 * "double" or 'single' quoted scalar on its line, a comment after it
 * left out, or a block scalar (> or |) on the indented lines after it
 * (rest[0..rest_n), the front matter after the line), joined by spaces:
 * a topic is one line. Only these YAML scalars are understood. One that
 * is not UTF-8 or is too long is noted (st->fm_bad_at, line at), as a
 * topic heading would be, for fo_md_find_topic to report if the page has
 * no other topic. */
static void fo_md_front_title(fo_md *st, const char *s, size_t n, unsigned at,
                              const char *rest, size_t rest_n)
{
	const char *line = s, *l;
	size_t k, e, line_n = n, p, ln;

	/* a key in any case, as a post's fields' and JSON Lines' keys */
	if (n < 6 || !fo_ascii_ieq(s, "title:", 6))
		return;
	st->fm_bad_at = 0;
	s += 6;
	n -= 6;
	fo_text_trim(&s, &n);
	fo_buf_clear(&st->fm_title);
	/* a backslash before the last quote escapes nothing ("C:\") */
	e = n && (s[0] == '"' || s[0] == '\'') ? quoted_end(s, n) : 0;
	if (!e && n >= 2 && (s[0] == '"' || s[0] == '\'') && s[n - 1] == s[0])
		e = n;
	if (e) {
		if (s[0] == '"') {
			double_quoted(&st->fm_title, s + 1, e - 2);
		} else {
			for (k = 1; k + 1 < e; k++) {
				if (s[k] == '\'' && k + 2 < e)
					k++;
				fo_buf_putc(&st->fm_title, s[k]);
			}
		}
	} else if (n && (s[0] == '>' || s[0] == '|')) {
		for (p = 0; p < rest_n;) {
			p = fo_md_line(rest, rest_n, p, &l, &ln);
			if (ln && l[0] != ' ' && l[0] != '\t')
				break;
			fo_text_trim(&l, &ln);
			if (ln && st->fm_title.len)
				fo_buf_putc(&st->fm_title, ' ');
			fo_buf_append(&st->fm_title, l, ln);
		}
	} else {
		plain_scalar(s, &n);
		fo_text_trim(&s, &n);
		if (!yaml_null(s, n))
			fo_buf_append(&st->fm_title, s, n);
	}
	fo_text_buf_trim(&st->fm_title);
	if ((k = fo_text_utf8_check(line, line_n, 0)) != line_n) {
		st->fm_bad_at = at;
		st->fm_bad_line = line;
		st->fm_bad_k = k;
	} else if (st->fm_title.len > FO_FIELD_MAX) {
		st->fm_bad_at = at;
		st->fm_bad_line = NULL;
	}
	if (st->fm_bad_at)
		fo_buf_clear(&st->fm_title);
}

size_t fo_md_front_matter(fo_md *st, const char *buf, size_t len, size_t pos,
                          unsigned *lineno)
{
	const char *s;
	size_t n, p, first = fo_md_line(buf, len, pos, &s, &n);
	unsigned lines = 1, at = *lineno;

	if (!fo_md_is_fence(s, n, 0))
		return pos;
	/* Without a closing fence this was no front matter after all, nor
	 * with a post's heading before it: the "---" was a rule, and a later
	 * one, or a "..." line, would swallow the posts between. */
	for (p = first; p < len; lines++) {
		p = fo_md_line(buf, len, p, &s, &n);
		if (fo_md_post_heading(s, n))
			return pos;
		if (fo_md_is_fence(s, n, 1)) {
			*lineno += lines + 1;
			for (pos = first; pos < p;) {
				pos = fo_md_line(buf, len, pos, &s, &n);
				at++;
				if (!fo_md_is_fence(s, n, 1))
					fo_md_front_title(st, s, n, at,
					                  buf + pos, p - pos);
			}
			return p;
		}
	}
	return pos;
}

/* The page has no topic, and its line at s, before its first post,
 * has a byte that is not UTF-8, as a damaged "# Topic" heading would
 * (s == NULL: its topic heading on line at is too long): say so in
 * st->msg, of what (NULL: a heading) has it. 1, the page is not to be
 * read, or -1 when memory ran out. */
static int fo_md_no_topic(fo_md *st, const char *what, const char *s,
                          size_t bad, unsigned at, unsigned *bad_line)
{
	fo_buf_clear(&st->msg);
	if (s) {
		if (what)
			fo_buf_printf(&st->msg, "%s: ", what);
		*bad_line = fo_md_bad_byte(&st->msg, s, bad, at);
	} else {
		*bad_line = at;
		fo_buf_printf(&st->msg, "%s longer than %d bytes",
		              what ? what : "topic", FO_FIELD_MAX);
	}
	fo_buf_puts(&st->msg, ", and the page has no usable topic heading: "
	                      "the page is not read, as its posts would lose "
	                      "their topic");
	return st->msg.oom ? -1 : 1;
}

/*
 * Set st->topic from the page's first usable level-1 heading (valid
 * UTF-8, not empty nor too long), read before any post so that the posts
 * above it have it too: "# Topic", or "Topic" over "=====" before the
 * first post (under one it would be a summary's line). It is found where
 * the posts are read (headings outside fenced code and comments). pos
 * is on line at. 0; 1 when the page has neither such a heading nor a
 * front matter title, but a line before its first post has a NUL or
 * invalid UTF-8 (a "# Topic" line damaged, say) or a level-1 heading is
 * too long, or its front matter title is either, st->msg saying so (of
 * the first such line) at *bad_line; -1 when memory ran out.
 */
int fo_md_find_topic(fo_md *st, const char *buf, size_t len, size_t pos,
                     unsigned at, unsigned *bad_line)
{
	const char *s, *t, *prev = NULL, *bad = NULL;
	size_t n, tn, next, prev_n = 0, bad_k = 0, k;
	unsigned bad_at = 0, long_at = 0, head_at;
	int level, posts = 0;

	while (pos < len) {
		next = fo_md_line(buf, len, pos, &s, &n);
		if (fo_md_skip_block(&st->blocks, buf, len, s, n, next, &pos,
		                     &at)) {
			prev = NULL;
			continue;
		}
		pos = next;
		level = fo_md_heading(s, n, &t, &tn);
		posts |= level == 3;
		if (!posts && !bad && (k = fo_text_utf8_check(s, n, 0)) != n) {
			bad = s;
			bad_k = k;
			bad_at = at;
		}
		head_at = at++;
		if (!level && !posts && prev && fo_md_setext_1(s, n)) {
			level = 1;
			head_at--;
			t = prev;
			tn = prev_n;
			fo_text_trim(&t, &tn);
		}
		if (level == 1 && fo_text_utf8_check(t, tn, 0) == tn) {
			fo_md_text(&st->topic, t, tn);
			if (st->topic.oom)
				return -1;
			if (st->topic.len > FO_FIELD_MAX) {
				fo_buf_clear(&st->topic);
				if (!bad && !long_at)
					long_at = head_at;
			}
			if (st->topic.len)
				return 0;
		}
		prev = s;
		prev_n = n;
		fo_text_trim(&prev, &prev_n);
		if (level || !prev_n)
			prev = NULL;
	}
	if (st->fm_title.len)
		return 0;
	/* the first such line: the front matter comes first */
	if (st->fm_bad_at)
		return fo_md_no_topic(st, "front matter title", st->fm_bad_line,
		                      st->fm_bad_k, st->fm_bad_at, bad_line);
	if (long_at)
		return fo_md_no_topic(st, NULL, NULL, 0, long_at, bad_line);
	if (bad)
		return fo_md_no_topic(st, NULL, bad, bad_k, bad_at, bad_line);
	return 0;
}
