/*
 * qbytes.c: what in a query is no text to search: bytes that are not
 * UTF-8 and control characters. The analyzer breaks words at either, as
 * it does in posts; the parser says so, as it does of the syntax it
 * skips (a notice, or the error under --strict), since neither is
 * something a person meant to type: "Núñez" sent in Latin-1 searched "N"
 * and "ez" without a word said.
 */
#include "search/qparser.h"

#include "util/ascii.h"

#include <stdio.h>
#include <utf8proc.h>

/* What the character at byte i is. */
enum { TEXT, NOT_UTF8, CONTROL };

/* The kind of the character at i; its length in *n, its code point (or
 * the byte, when it is not UTF-8) in *cp. */
static int kind_at(const fo_qparser *p, size_t i, size_t *n,
                   utf8proc_int32_t *cp)
{
	const utf8proc_uint8_t *u = (const utf8proc_uint8_t *)p->s + i;
	utf8proc_ssize_t k =
	    utf8proc_iterate(u, (utf8proc_ssize_t)(p->len - i), cp);

	if (k < 1) {
		*n = 1;
		*cp = u[0];
		return NOT_UTF8;
	}
	*n = (size_t)k;
	/* white space is the break it looks like */
	if (*cp < 0x80 && fo_ascii_is_space((unsigned char)*cp))
		return TEXT;
	return utf8proc_category(*cp) == UTF8PROC_CATEGORY_CC ? CONTROL : TEXT;
}

/* Notice the run of characters of one kind that starts at i; returns
 * where the run ends. The first four are named. */
static size_t notice_run(fo_qparser *p, size_t i, int kind)
{
	char named[48];
	size_t start = i, count = 0, used = 0, n;
	utf8proc_int32_t cp;

	while (i < p->len && kind_at(p, i, &n, &cp) == kind) {
		if (count < 4)
			used += (size_t)snprintf(
			    named + used, sizeof named - used,
			    kind == NOT_UTF8 ? "%s0x%02X" : "%sU+%04X",
			    count ? " " : "", (unsigned)cp);
		else if (count == 4)
			snprintf(named + used, sizeof named - used, " ...");
		count++;
		i += n;
	}
	if (kind == NOT_UTF8 && count == 1)
		fo_qp_notice(p, start, "read as a break between words",
		             "a byte that is not UTF-8 (%s)", named);
	else if (kind == NOT_UTF8)
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
	utf8proc_int32_t cp;
	int kind;

	while (i < p->len) {
		/* ASCII text, the common case, without decoding */
		if ((unsigned char)p->s[i] >= 0x20 &&
		    (unsigned char)p->s[i] < 0x7F) {
			i++;
			continue;
		}
		kind = kind_at(p, i, &n, &cp);
		i = kind == TEXT ? i + n : notice_run(p, i, kind);
	}
}
