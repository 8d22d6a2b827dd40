/*
 * markdown_link.c: the link of a post's heading, "### [Title](url)":
 * its URL, unescaped, and its title's span. A URL is a post's identity,
 * so a heading that gives none, or one with a space in it (which, cut
 * there, could merge two posts), is a problem that names why.
 */
#include "corpus/markdown.h"

#include "corpus/markdown_block.h"
#include "corpus/markdown_inline.h"
#include "corpus/text.h"
#include "util/ascii.h"

#include <string.h>

/* Why the heading text t (tn bytes), which starts with '[' at column col
 * of its line, is no link, in st->msg: a bracket or parenthesis that
 * never closes (a URL's own "(" without its ")"), or a "]" that ends the
 * link's text before its "](" is named, since the URL is there to be
 * seen. */
static void fo_md_no_link(fo_md *st, const char *t, size_t tn, size_t col)
{
	size_t budget = FO_MD_UNLIMITED, k;
	size_t close =
	    fo_md_match(t, tn, 0, '[', ']', FO_MD_UNLIMITED, &budget);

	fo_buf_puts(&st->msg, "post has no URL");
	if (!close) {
		fo_buf_puts(&st->msg, ": its link's [ is never closed");
		return;
	}
	if (close + 1 < tn && t[close + 1] == '(') {
		fo_buf_puts(&st->msg,
		            ": its link's ( is never closed (a ( in "
		            "the URL needs its ), or write it as %28)");
		return;
	}
	/* "[Title][ref]", whose URL a definition line elsewhere gives: not
	 * read here, as the URL must be on the heading's line */
	if (close + 1 < tn && t[close + 1] == '[') {
		fo_buf_puts(&st->msg,
		            ": a reference link ([Title][label]) is not read: "
		            "write the heading as ### [Title](url)");
		return;
	}
	for (k = close + 1; k < tn && (t[k] == ' ' || t[k] == '\t'); k++)
		;
	if (k > close + 1 && k < tn && t[k] == '(')
		fo_buf_printf(&st->msg,
		              ": the ] at column %zu and the ( after it are "
		              "parted by a space",
		              col + close);
	else if (fo_memmem(t + close, tn - close, "]("))
		fo_buf_printf(&st->msg,
		              ": the ] at column %zu ends its link's text "
		              "(write a ] of the title as \\])",
		              col + close);
}

/* Set url to the link destination (s, n) as CommonMark reads it, its
 * backslash escapes and entities decoded: "?a=1&amp;b=2" is the URL
 * "?a=1&b=2", one post however the page spells it. */
static void fo_md_destination(fo_buf *url, const char *s, size_t n)
{
	size_t k, past;

	fo_buf_clear(url);
	fo_buf_append(url, "", 0);
	for (k = 0; k < n; k++) {
		if (s[k] == '&' && (past = fo_md_entity(url, s, n, k)) != 0) {
			k = past - 1;
			continue;
		}
		if (s[k] == '\\' && k + 1 < n && fo_md_is_punct(s[k + 1]))
			k++;
		fo_buf_putc(url, s[k]);
	}
	fo_text_buf_trim(url);
}

/* Drop the emphasis markers around a heading's link, "**[Title](url)**"
 * or "_[Title](url)_", from its text (*t, *tn): a page that sets its
 * titles in bold writes them so, and a reader sees the link alone. A
 * run that no run as long closes at the end of the text stays. */
static void fo_md_unwrap(const char **t, size_t *tn)
{
	const char *s = *t;
	size_t r = 0;

	while (r < 3 && r < *tn && (s[r] == '*' || s[r] == '_') && s[r] == s[0])
		r++;
	if (!r || *tn < 2 * r + 1 || s[r] != '[' || s[*tn - r - 1] == s[0] ||
	    memcmp(s + *tn - r, s, r) != 0)
		return;
	*t += r;
	*tn -= 2 * r;
}

const char *fo_md_heading_url(fo_md *st, const char *s, size_t n,
                              const char **t, size_t *ts, size_t *te,
                              size_t *rest, size_t *tn)
{
	const char *dest;
	size_t dn, ds, de, k, budget = FO_MD_UNLIMITED;

	fo_md_heading(s, n, t, tn);
	fo_md_unwrap(t, tn);
	/* "### Notes": a section of the page, maybe, which ends the post
	 * before it; the problem says what a post's heading is, and where
	 * a section within a post goes */
	if (!*tn || (*t)[0] != '[')
		return "post has no URL: its heading is no link (a post's "
		       "heading is ### [Title](url); a heading of level 4 is "
		       "text of the post)";
	*rest =
	    fo_md_link(*t, *tn, 0, FO_MD_UNLIMITED, &budget, ts, te, &ds, &de);
	if (!*rest) {
		fo_md_no_link(st, *t, *tn, (size_t)(*t - s) + 1);
		return "";
	}
	/* The destination may be <bracketed> and followed by a "title". */
	dest = *t + ds;
	dn = de - ds;
	fo_text_trim(&dest, &dn);
	if (dn && dest[0] == '<') {
		for (k = 1; k < dn && dest[k] != '>'; k++)
			;
		dest++;
		dn = k - 1;
	} else {
		size_t end;

		for (end = 0; end < dn && !fo_ascii_is_space(dest[end]); end++)
			;
		/* Only a "title" may follow it (CommonMark): a URL with a
		 * space in it, cut there, could merge two posts into one. */
		for (k = end; k < dn && fo_ascii_is_space(dest[k]); k++)
			;
		if (k < dn && dest[k] != '"' && dest[k] != '\'' &&
		    dest[k] != '(')
			return "the URL has a space in it (write it as %20, or "
			       "inside <>)";
		dn = end;
	}
	fo_md_destination(&st->url, dest, dn);
	return NULL;
}
