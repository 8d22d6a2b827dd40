/*
 * qbytes.c: what in a query is no text to search: bytes that are not
 * UTF-8 and control characters. The analyzer breaks words at either, as
 * it does in posts; the parser says so, as it does of the syntax it
 * skips (a notice, or the error under --strict), since neither is
 * something a person meant to type: "Núñez" sent in Latin-1 searched "N"
 * and "ez" without a word said.
 */
#include "search/qparser.h"

#include "analyzer/analyzer.h"

#include <stdio.h>

/* Notice the run of characters of one kind that starts at i; returns
 * where the run ends. The first four are named. */
static size_t notice_run(fo_qparser *p, size_t i, fo_char_kind kind)
{
	char named[48];
	size_t start = i, count = 0, used = 0, n;
	int32_t cp;

	while (i < p->len &&
	       fo_char_kind_at(p->s + i, p->len - i, &n, &cp) == kind) {
		if (count < 4)
			used += (size_t)snprintf(
			    named + used, sizeof named - used,
			    kind == FO_CHAR_NOT_UTF8 ? "%s0x%02X" : "%sU+%04X",
			    count ? " " : "", (unsigned)cp);
		else if (count == 4)
			snprintf(named + used, sizeof named - used, " ...");
		count++;
		i += n;
	}
	if (kind == FO_CHAR_NOT_UTF8 && count == 1)
		fo_qp_notice(p, start, "read as a break between words",
		             "a byte that is not UTF-8 (%s)", named);
	else if (kind == FO_CHAR_NOT_UTF8)
		fo_qp_notice(p, start, "read as a break between words",
		             "%zu bytes that are not UTF-8 (%s)", count, named);
	else if (count == 1)
		fo_qp_notice(p, start, "read as a break between words",
		             "a control character (%s)", named);
	else
		fo_qp_notice(p, start, "read as a break between words",
		             "%zu control characters (%s)", count, named);
	return i;
}

void fo_qp_unreadable(fo_qparser *p)
{
	size_t i = 0, n;
	fo_char_kind kind;

	while (i < p->len) {
		/* ASCII text, the common case, without decoding */
		if ((unsigned char)p->s[i] >= 0x20 &&
		    (unsigned char)p->s[i] < 0x7F) {
			i++;
			continue;
		}
		/* white space is the break it looks like */
		kind = fo_char_kind_at(p->s + i, p->len - i, &n, NULL);
		i = kind == FO_CHAR_TEXT || kind == FO_CHAR_SPACE
		        ? i + n
		        : notice_run(p, i, kind);
	}
}
