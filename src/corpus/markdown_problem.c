/*
 * markdown_problem.c: what is wrong with a post of a topic page, in the
 * words of its problem report: a byte that is not UTF-8 (or a NUL), a
 * post with no URL, title or summary, a field too long, a date that is
 * no date. The line a report names is the line to blame.
 */
#include "corpus/markdown.h"

#include "corpus/text.h"

#include <string.h>

unsigned fo_md_bad_byte(fo_buf *msg, const char *b, size_t bad, unsigned at)
{
	/* named on its own line (its lines ended as fo_md_line ends them),
	 * and a NUL as what it is */
	const char *p = b;
	size_t k;

	for (k = 0; k < bad; k++) {
		if (b[k] == '\n' || (b[k] == '\r' && b[k + 1] != '\n')) {
			at++;
			p = b + k + 1;
		}
	}
	if (b[bad] == '\0')
		fo_buf_printf(msg, "a NUL byte at column %zu",
		              (size_t)(b + bad - p) + 1);
	else
		fo_buf_printf(msg, "invalid UTF-8 at column %zu",
		              (size_t)(b + bad - p) + 1);
	return at;
}

/* "post has no summary" in st->msg. A field a line after a blank line
 * gave may be the summary, written as a list item ("- Author: Jane Doe
 * explains ..."): that line is then to blame, and named; else so is the
 * first item of the field list that gave no field ("- point one"). */
static void fo_md_no_summary(fo_md *st, unsigned *problem_line)
{
	size_t f;

	fo_buf_puts(&st->msg, "post has no summary");
	for (f = 0; f < FO_MD_NF && st->loose_line; f++) {
		if (st->field_line[f] != st->loose_line)
			continue;
		fo_buf_printf(&st->msg,
		              ": this line, after a blank line, is read as "
		              "its %s field",
		              fo_md_field_names[f]);
		*problem_line = st->loose_line;
		return;
	}
	if (st->other_line) {
		fo_buf_puts(&st->msg,
		            ": this line is read as an item of its field "
		            "list, though it gives no field (a summary written "
		            "as a list needs a line of text before it)");
		*problem_line = st->other_line;
	}
}

void fo_md_why(fo_md *st, char date[11], unsigned *problem_line)
{
	size_t f;

	if (st->url.len == 0) {
		fo_buf_puts(&st->msg, "post has no URL");
	} else if (st->title.len == 0) {
		fo_buf_puts(&st->msg, "post has no title");
	} else if (st->url.len > FO_FIELD_MAX) {
		fo_buf_printf(&st->msg, "url longer than %d bytes",
		              FO_FIELD_MAX);
	} else if (st->title.len > FO_FIELD_MAX) {
		fo_buf_printf(&st->msg, "title longer than %d bytes",
		              FO_FIELD_MAX);
	} else {
		for (f = 0; f < FO_MD_NF; f++)
			if (st->field[f].len > FO_FIELD_MAX)
				break;
		if (f < FO_MD_NF) {
			fo_buf_printf(&st->msg, "%s longer than %d bytes",
			              fo_md_field_names[f], FO_FIELD_MAX);
			*problem_line = st->field_line[f];
		} else if (st->present[FO_MD_PUBLISHED] &&
		           fo_date_parse(st->field[FO_MD_PUBLISHED].data,
		                         st->field[FO_MD_PUBLISHED].len,
		                         date) != 0) {
			*problem_line = st->field_line[FO_MD_PUBLISHED];
			fo_date_why(st->field[FO_MD_PUBLISHED].data,
			            st->field[FO_MD_PUBLISHED].len,
			            "\"Sep 14, 2026\" or \"2026-09-14\"",
			            &st->msg);
		} else if (st->summary.len == 0) {
			fo_md_no_summary(st, problem_line);
		}
	}
}
