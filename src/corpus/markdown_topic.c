/*
 * markdown_topic.c: the topic a page gives each of its posts: its first
 * usable level-1 heading ("# Topic", or a setext one), else its front
 * matter's title. The front matter, if any, is skipped here too.
 */
#include "corpus/markdown.h"

#include "corpus/markdown_inline.h"
#include "corpus/text.h"

#include <string.h>

static int fo_md_is_fence(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n == 3 && memcmp(s, "---", 3) == 0;
}

/* Keep the front matter's title: "..." (or bare) value as the fallback
 * topic. Only the simplest YAML scalars are understood. */
static void fo_md_front_title(fo_md *st, const char *s, size_t n)
{
	size_t k;

	if (n < 6 || memcmp(s, "title:", 6) != 0)
		return;
	s += 6;
	n -= 6;
	fo_text_trim(&s, &n);
	fo_buf_clear(&st->fm_title);
	if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
		for (k = 1; k + 1 < n; k++) {
			if (s[k] == '\\' && k + 2 < n &&
			    (s[k + 1] == '"' || s[k + 1] == '\\'))
				k++;
			fo_buf_putc(&st->fm_title, s[k]);
		}
	} else if (n >= 2 && s[0] == '\'' && s[n - 1] == '\'') {
		for (k = 1; k + 1 < n; k++) {
			if (s[k] == '\'' && k + 2 < n && s[k + 1] == '\'')
				k++;
			fo_buf_putc(&st->fm_title, s[k]);
		}
	} else {
		fo_buf_append(&st->fm_title, s, n);
	}
	fo_text_buf_trim(&st->fm_title);
	if (st->fm_title.len > FO_FIELD_MAX ||
	    fo_text_utf8_check(st->fm_title.data, st->fm_title.len, 0) !=
	        st->fm_title.len)
		fo_buf_clear(&st->fm_title);
}

size_t fo_md_front_matter(fo_md *st, const char *buf, size_t len, size_t pos,
                          unsigned *lineno)
{
	const char *s;
	size_t n, p, first = fo_md_line(buf, len, pos, &s, &n);
	unsigned lines = 1;

	if (!fo_md_is_fence(s, n))
		return pos;
	/* Without a closing fence this was no front matter after all. */
	for (p = first; p < len; lines++) {
		p = fo_md_line(buf, len, p, &s, &n);
		if (fo_md_is_fence(s, n)) {
			*lineno += lines + 1;
			for (pos = first; pos < p;) {
				pos = fo_md_line(buf, len, pos, &s, &n);
				if (!fo_md_is_fence(s, n))
					fo_md_front_title(st, s, n);
			}
			return p;
		}
	}
	return pos;
}

/*
 * Set st->topic from the page's first usable level-1 heading (valid
 * UTF-8, not empty nor too long), read before any post so that the posts
 * above it have it too: "# Topic", or "Topic" over "=====" before the
 * first post (under one it would be a summary's line). It is found where
 * the posts are read (headings outside fenced code and comments). 0, or
 * -1 when memory ran out.
 */
int fo_md_find_topic(fo_md *st, const char *buf, size_t len, size_t pos)
{
	const char *s, *t, *prev = NULL;
	size_t n, tn, next, prev_n = 0;
	unsigned lines = 0;
	int level, posts = 0;

	while (pos < len) {
		next = fo_md_line(buf, len, pos, &s, &n);
		if (fo_md_skip_block(&st->blocks, buf, len, s, n, next, &pos,
		                     &lines)) {
			prev = NULL;
			continue;
		}
		pos = next;
		level = fo_md_heading(s, n, &t, &tn);
		posts |= level == 3;
		if (!level && !posts && prev && fo_md_setext_1(s, n)) {
			level = 1;
			t = prev;
			tn = prev_n;
			fo_text_trim(&t, &tn);
		}
		if (level == 1 && fo_text_utf8_check(t, tn, 0) == tn) {
			fo_md_text(&st->topic, t, tn);
			if (st->topic.oom)
				return -1;
			if (st->topic.len > FO_FIELD_MAX)
				fo_buf_clear(&st->topic);
			if (st->topic.len)
				return 0;
		}
		prev = s;
		prev_n = n;
		fo_text_trim(&prev, &prev_n);
		if (level || !prev_n)
			prev = NULL;
	}
	return 0;
}
