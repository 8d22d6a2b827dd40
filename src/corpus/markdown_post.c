/*
 * markdown_post.c: one post of a topic page, its block from its "###"
 * heading up to the next heading: the link of its heading, its
 * "- Key: value" list, then its summary, handed on to the sink as a post
 * or reported as a problem. Per-post buffers (in fo_md) are reused, so
 * memory stays proportional to the largest post.
 */
#include "corpus/markdown.h"

#include "corpus/markdown_inline.h"
#include "corpus/text.h"

#include <string.h>

/* Markdown of a summary is gathered up to this many bytes: markup can
 * shrink in rendering, but not fourfold, so a longer one is past
 * FO_SUMMARY_MAX anyway, and a 100 MB paragraph is refused before it is
 * copied (twice) rather than after. */
#define FO_MD_RAW_MAX (4 * FO_SUMMARY_MAX)

/* Whether the field list's line at gave a field, or a guess at one. */
static int fo_md_gave(const fo_md *st, unsigned at)
{
	size_t f;

	for (f = 0; f < FO_MD_NF; f++)
		if (st->field_line[f] == at || st->again_line[f] == at ||
		    st->guess_line[f] == at)
			return 1;
	return 0;
}

/* Whether the line (s, ln), trimmed and not blank, on line at, belongs to
 * the field list (fo_md_meta took it) rather than starting the summary.
 * gap: it comes after a blank line. */
static int fo_md_list_line(fo_md *st, const char *s, size_t ln, unsigned at,
                           int gap)
{
	int item, taken;
	size_t k = fo_md_marker(s, ln, &item);

	/* After a blank line (a loose list) an item still gives a field the
	 * post lacks. A line that is no item ("-Company: ACME", its marker's
	 * space forgotten, or "**Company:** ACME", with none) still gives by
	 * a field's own key the field the post lacks, else the summary would
	 * start here and take every field after it; but one with no marker
	 * after a blank line is the summary's, which may well start "Author:
	 * Jane Doe explains". */
	if (gap && !k)
		return 0;
	taken = fo_md_meta(st, s + k, ln - k, at, item ? gap : 1);
	/* named if the post has no summary (fo_md_why): it may be one */
	if (taken && !st->other_line && !fo_md_gave(st, at))
		st->other_line = at;
	/* a summary written as a list item is then a field: a post left
	 * with no summary names this line (fo_md_why) */
	if (taken && gap)
		st->loose_line = at;
	return taken;
}

/* Whether the line s[0..n), untrimmed, ends in a hard line break: an
 * odd run of backslashes at its very end (CommonMark 0.30, 6.7), the
 * last escaping nothing ("a\\" ends in a backslash, escaped). */
static int fo_md_hard_break(const char *s, size_t n)
{
	size_t k = n;

	while (k && s[k - 1] == '\\')
		k--;
	return (n - k) % 2;
}

/* A line of the summary, (s, ln), trimmed, to st->raw: a blank one ends a
 * paragraph (*para). hard: the line before ended in a hard line break,
 * whose backslash goes if this line continues its paragraph, as a line
 * break is a space here. The markdown's length was checked (fo_md_long):
 * st->raw, its lines trimmed, is no longer. */
static void fo_md_summary_line(fo_md *st, const char *s, size_t ln, int *para,
                               int hard)
{
	if (!ln) {
		*para = st->raw.len > 0;
		return;
	}
	if (hard && !*para && st->raw.len)
		st->raw.data[--st->raw.len] = '\0';
	if (st->raw.len)
		fo_buf_puts(&st->raw, *para ? "\n\n" : " ");
	fo_buf_append(&st->raw, s, ln);
	*para = 0;
}

/* Whether the summary's markdown, from offset from of the post block to
 * to (the end of a line of it, untrimmed), less the hidden bytes of the
 * comments within it, is too long (st->msg then says so). Its lines'
 * indentation counts: 5,000 lines indented ever deeper, 25 MB, trim to
 * 50 KB, yet are 25 MB of markdown, and were indexed. */
static int fo_md_long(fo_md *st, size_t from, size_t to, size_t hidden)
{
	if (to - from - hidden <= FO_MD_RAW_MAX)
		return 0;
	fo_buf_printf(&st->msg, "summary longer than %d bytes of markdown",
	              FO_MD_RAW_MAX);
	return 1;
}

/*
 * Read the lines of a post block after its heading, b[pos..n), the first
 * of them line at: the field list to st->field, the summary's markdown to
 * st->raw. A problem that skips the post is reported (st->msg holds it);
 * returns what reporting it returned, or FOLIO_OK.
 */
static int fo_md_body(fo_md *st, const char *b, size_t n, size_t pos,
                      unsigned at, unsigned line)
{
	const char *s;
	size_t ln, from = 0, hidden = 0; /* the summary's start, comments */
	int phase = 0, para = 0, gap = 0, def = 0, hard = 0, brk, lng = 0;
	unsigned fence = 0; /* the open fence's mark, in fenced code */
	fo_md_fences fences;

	memset(&fences, 0, sizeof(fences));
	/* The metadata list comes first (blank lines before it are skipped);
	 * whatever follows it is the summary. */
	while (pos < n) {
		size_t here = pos, next = fo_md_line(b, n, pos, &s, &ln), end;
		unsigned mark, lines;

		/* A comment is nothing, wherever it is; in code it is code. */
		if (!fence &&
		    (end = fo_md_comment_end(st->blocks.last_close, b, n, s, ln,
		                             next, &lines))) {
			if (phase == 2)
				hidden += end - pos;
			pos = end;
			at += lines;
			continue;
		}
		pos = next;
		at++;
		/* A fence's own lines are markup; its code is summary text. */
		if (fence ? fo_md_fence_closes(s, ln, fence)
		          : fo_md_fence_open(s, ln, &mark) &&
		                fo_md_fence_end(b, n, next, mark, &lines,
		                                &fences)) {
			fence = fence ? 0 : mark;
			if (phase < 2)
				from = here;
			phase = 2;
			hard = 0;
			lng =
			    fo_md_long(st, from, (size_t)(s + ln - b), hidden);
			if (lng)
				break;
			continue;
		}
		/* in code a backslash is code, and one before white space
		 * no break */
		brk = !fence && fo_md_hard_break(s, ln);
		end = (size_t)(s + ln - b);
		fo_text_trim(&s, &ln);
		if (phase < 2) {
			if (!ln) {
				gap = phase == 1;
				continue;
			}
			if (fo_md_list_line(st, s, ln, at, gap)) {
				phase = 1;
				gap = 0;
				continue;
			}
			phase = 2;
			from = here;
		}
		lng = ln && fo_md_long(st, from, end, hidden);
		if (lng)
			break;
		/* a link reference definition starts a paragraph (it cannot
		 * interrupt one), as do those after it; its URL is unseen */
		def = !fence && (def || para || !st->raw.len) &&
		      fo_md_link_def(s, ln);
		if (def)
			continue;
		fo_md_summary_line(st, s, ln, &para, hard);
		hard = brk;
	}
	if (lng)
		return fo_corpus_problem(st->sink, st->file, &st->msg, line,
		                         st->url.len ? st->url.data : NULL);
	return FOLIO_OK;
}

/* Hand the post read into st, which starts on line, to the sink:
 * FOLIO_OK, or -1 when the sink asked to stop. */
static int fo_md_hand_on(fo_md *st, unsigned line, const char *date)
{
	const fo_corpus_fields fields = { st->field,       st->present,
		                          FO_MD_COMPANY,   FO_MD_AUTHOR,
		                          FO_MD_PUBLISHED, FO_MD_TYPE };
	const char *topic = NULL;
	folio_post post;

	if (st->topic.len)
		topic = st->topic.data;
	else if (st->fm_title.len)
		topic = st->fm_title.data;
	post.title = st->title.data;
	post.summary = st->summary.data;
	post.topics = topic ? &topic : NULL;
	post.n_topics = topic ? 1 : 0;
	fo_md_again(st);
	return fo_corpus_hand_on(st->sink, st->file, line, st->url.data, &post,
	                         &fields, date);
}

/* Forget the post read before. */
static void fo_md_reset(fo_md *st)
{
	size_t f;

	fo_buf_clear(&st->msg);
	fo_buf_clear(&st->url);
	fo_buf_clear(&st->raw);
	st->loose_line = 0;
	st->other_line = 0;
	for (f = 0; f < FO_MD_NF; f++) {
		fo_buf_clear(&st->field[f]);
		st->present[f] = 0;
		st->field_line[f] = 0;
		st->again_line[f] = 0;
		st->guess_line[f] = 0;
	}
}

/* The post's URL as a problem names it (corpus.h), or NULL when it has
 * none that is usable. */
static char *fo_md_problem_url(fo_md *st)
{
	return st->url.len && st->url.len <= FO_FIELD_MAX ? st->url.data : NULL;
}

/* Whether memory ran out reading the post. */
static int fo_md_oom(const fo_md *st)
{
	size_t f;

	if (st->url.oom || st->title.oom || st->summary.oom || st->raw.oom)
		return 1;
	for (f = 0; f < FO_MD_NF; f++)
		if (st->field[f].oom)
			return 1;
	return 0;
}

/* Text after the heading's link (s, n), which no field holds, is left
 * out with a warning, not in silence: "### [A](u1) [B](u2)" lost the
 * second post. A block of attributes ({#id}) is no text. */
static void heading_rest(fo_md *st, const char *s, size_t n, unsigned line)
{
	fo_text_trim(&s, &n);
	if (!n || (s[0] == '{' && s[n - 1] == '}' && !memchr(s, '\n', n)))
		return;
	fo_buf_clear(&st->msg);
	fo_buf_puts(&st->msg, "text after the heading's link is left out: \"");
	fo_text_quote(&st->msg, s, n);
	fo_buf_putc(&st->msg, '"');
	fo_corpus_warning(st->sink, st->file, line, &st->msg);
}

int fo_md_post(fo_md *st, const char *b, size_t n, unsigned line)
{
	const char *s, *t, *why;
	size_t pos, ln, bad, ts, te, rest = 0, tn = 0;
	int rc;
	unsigned at = line, problem_line = line; /* the line being read */
	char date[11] = "";

	fo_md_reset(st);
	pos = fo_md_line(b, n, 0, &s, &ln);
	why = fo_md_heading_url(st, s, ln, &t, &ts, &te, &rest, &tn);
	bad = fo_text_utf8_check(b, n, 0);
	if (bad < n) {
		fo_buf_clear(&st->msg);
		at = fo_md_bad_byte(&st->msg, b, bad, at);
		/* a heading read whole names the post, so that a run keeps
		 * it as indexed rather than make it of its other copies */
		return fo_corpus_problem(
		    st->sink, st->file, &st->msg, at,
		    !why && bad >= ln ? fo_md_problem_url(st) : NULL);
	}
	if (why) {
		fo_buf_puts(&st->msg, why);
		return fo_corpus_problem(st->sink, st->file, &st->msg, line,
		                         NULL);
	}
	fo_md_text(&st->title, t + ts, te - ts);
	heading_rest(st, t + rest, tn - rest, line);

	rc = fo_md_body(st, b, n, pos, at, line);
	if (rc != FOLIO_OK || st->msg.len)
		return rc;
	fo_md_text(&st->summary, st->raw.data ? st->raw.data : "", st->raw.len);
	fo_md_guesses(st);
	if (fo_md_oom(st))
		return FOLIO_ERROR_NOMEM;
	fo_md_why(st, date, &problem_line);
	if (st->msg.len || st->msg.oom)
		return fo_corpus_problem(st->sink, st->file, &st->msg,
		                         problem_line, fo_md_problem_url(st));
	return fo_md_hand_on(st, line, date);
}
