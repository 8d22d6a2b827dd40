/*
 * date.c: fo_date_parse, turning the dates written on topic pages and in
 * JSON Lines ("Sep 14, 2026", "14 Sep 2026", "2026-09-14", and RFC 3339
 * timestamps, "2026-09-14T10:00:00Z") into the "YYYY-MM-DD" form the
 * index stores and sorts on. Any Unicode space parts a date's words, and
 * full-width digits are read as NFKC makes them, as the query side reads
 * them. Feeds' other unambiguous forms are taken too: a day with its
 * ordinal ("Sep 14th, 2026"), a month or day of one digit ("2026-9-14"),
 * a full stop ending the date, a local time without seconds.
 */
#include "corpus/corpus.h"
#include "corpus/text.h"

#include "analyzer/normalize.h"
#include "util/ascii.h"
#include "util/calendar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

static const char *const fo_month_names[12] = {
	"january", "february", "march", "april", "may", "june",
	"july", "august", "september", "october", "november", "december"
};

/* 1..12 for an English month name or abbreviation, else 0. */
static int fo_month(const char *s, size_t n)
{
	int m;

	for (m = 0; m < 12; m++) {
		size_t full = strlen(fo_month_names[m]);

		if ((n == full || n == 3) &&
		    fo_ascii_ieq(s, fo_month_names[m], n))
			return m + 1;
	}
	if (n == 4 && fo_ascii_ieq(s, "sept", 4))
		return 9;
	return 0;
}

/* Read between min and max digits at *i; -1 if there are not enough or
 * too many. */
static int fo_digits(const char *s, size_t n, size_t *i, size_t min,
                     size_t max)
{
	size_t start = *i;
	int v = 0;

	while (*i < n && fo_ascii_is_digit(s[*i])) {
		if (*i - start == max)
			return -1;
		v = v * 10 + (s[*i] - '0');
		(*i)++;
	}
	if (*i - start < min)
		return -1;
	return v;
}

/* Skip an English ordinal's suffix at *i ("14th", "1st"), in any case:
 * any of the four, as a feed's wrong one ("22th") still names the day. */
static void fo_ordinal(const char *s, size_t n, size_t *i)
{
	static const char *const suffixes[4] = { "st", "nd", "rd", "th" };
	int k;

	for (k = 0; k < 4; k++)
		if (n - *i >= 2 && fo_ascii_ieq(s + *i, suffixes[k], 2) &&
		    (n - *i == 2 ||
		     !fo_ascii_is_alpha((unsigned char)s[*i + 2]))) {
			*i += 2;
			return;
		}
}

/* The length of the space at s[i] (i < n): a space or tab, or a Unicode
 * space separator (Zs), as a date copied from a web page has between its
 * parts ("Sep&nbsp;14, 2026", U+00A0; U+202F); 0 when there is none. */
static size_t fo_space_at(const char *s, size_t n, size_t i)
{
	utf8proc_int32_t cp;
	utf8proc_ssize_t r;

	if (s[i] == ' ' || s[i] == '\t')
		return 1;
	if ((unsigned char)s[i] < 0x80)
		return 0;
	r = utf8proc_iterate((const utf8proc_uint8_t *)s + i,
	                     (utf8proc_ssize_t)(n - i), &cp);
	return r > 0 && utf8proc_category(cp) == UTF8PROC_CATEGORY_ZS
	           ? (size_t)r
	           : 0;
}

/* The length of the space that ends s[i..n), or 0. */
static size_t fo_space_before(const char *s, size_t i, size_t n)
{
	size_t k;

	for (k = 1; k <= 4 && k <= n - i; k++)
		if (fo_space_at(s, n, n - k) == k)
			return k;
	return 0;
}

static size_t fo_spaces(const char *s, size_t n, size_t *i)
{
	size_t start = *i, k;

	while (*i < n && (k = fo_space_at(s, n, *i)) != 0)
		*i += k;
	return *i - start;
}

/* Read a month word at *i (an abbreviation may end in a dot). */
static int fo_month_word(const char *s, size_t n, size_t *i)
{
	size_t start = *i;
	int m;

	while (*i < n && fo_ascii_is_alpha((unsigned char)s[*i]))
		(*i)++;
	m = fo_month(s + start, *i - start);
	if (m && *i < n && s[*i] == '.' && *i - start <= 4)
		(*i)++;
	return m;
}

static int fo_valid_ymd(int y, int m, int d)
{
	if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1)
		return 0;
	return d <= fo_days_in(y, m);
}

/* The time of day after an RFC 3339 date, and its offset from UTC:
 * read only to be checked, as a post keeps the calendar date written
 * (the day its author published on), not the UTC one. -1: none given. */
typedef struct fo_clock {
	int hour, minute, second, off_hour, off_minute;
} fo_clock;

/* Two digits at *i, then sep unless it is 0; -1 when they are not
 * there. */
static int fo_two(const char *s, size_t n, size_t *i, char sep)
{
	int v = fo_digits(s, n, i, 2, 2);

	if (v < 0 || (sep && (*i >= n || s[*i] != sep)))
		return -1;
	if (sep)
		(*i)++;
	return v;
}

/* The rest of an RFC 3339 timestamp from its "T" at *i to n: "T10:00:00",
 * fractional seconds, and an offset, "Z" or "+02:00" (left out, it is a
 * local time, as ISO 8601 reads it, as are the seconds: "T10:00").
 * RFC 3339 section 5.6 lets a space stand for the T and either case for
 * T and Z. Its fields are not yet checked against the clock; -1 when its
 * form is none of these. */
static int fo_clock_fields(const char *s, size_t n, size_t *i, fo_clock *c)
{
	if (*i >= n || (s[*i] != 'T' && s[*i] != 't' && s[*i] != ' '))
		return -1;
	(*i)++;
	if ((c->hour = fo_two(s, n, i, ':')) < 0 ||
	    (c->minute = fo_two(s, n, i, 0)) < 0)
		return -1;
	c->second = 0;
	if (*i < n && s[*i] == ':') {
		(*i)++;
		if ((c->second = fo_two(s, n, i, 0)) < 0)
			return -1;
		if (*i < n && s[*i] == '.') {
			size_t start = ++*i;

			while (*i < n && fo_ascii_is_digit(s[*i]))
				(*i)++;
			if (*i == start)
				return -1;
		}
	}
	if (*i < n && (s[*i] == 'Z' || s[*i] == 'z')) {
		(*i)++;
	} else if (*i < n && (s[*i] == '+' || s[*i] == '-')) {
		(*i)++;
		if ((c->off_hour = fo_two(s, n, i, ':')) < 0 ||
		    (c->off_minute = fo_two(s, n, i, 0)) < 0)
			return -1;
	}
	return 0;
}

/* What c holds that no clock has, in why[size]; 0 when nothing. */
static int fo_clock_why(const fo_clock *c, char *why, size_t size)
{
	if (c->hour > 23)
		snprintf(why, size, "hour %d is not in 00-23", c->hour);
	else if (c->minute > 59)
		snprintf(why, size, "minute %d is not in 00-59", c->minute);
	else if (c->second > 60) /* 60: a leap second */
		snprintf(why, size, "second %d is not in 00-60", c->second);
	else if (c->off_hour > 23)
		snprintf(why, size, "the offset's hour %d is not in 00-23",
		         c->off_hour);
	else if (c->off_minute > 59)
		snprintf(why, size, "the offset's minute %d is not in 00-59",
		         c->off_minute);
	else
		return 0;
	return 1;
}

/* fo_date_fields of an ASCII text, or of one with Unicode spaces. */
static int fo_date_read(const char *text, size_t len, int *year, int *month,
                        int *day, fo_clock *clock)
{
	size_t i = 0, n = len, k;
	int y = -1, m = 0, d = -1;

	clock->hour = clock->minute = clock->second = -1;
	clock->off_hour = clock->off_minute = -1;

	fo_spaces(text, n, &i);
	while (n > i && (k = fo_space_before(text, i, n)) != 0)
		n -= k;
	/* "Published: Sep 14, 2026." */
	if (n > i + 1 && text[n - 1] == '.')
		n--;
	if (i >= n)
		return -1;
	if (fo_ascii_is_digit(text[i])) {
		size_t start = i;
		int first = fo_digits(text, n, &i, 1, 4);

		if (first < 0)
			return -1;
		if (i - start == 4 && i < n && text[i] == '-') {
			/* 2026-09-14 */
			y = first;
			i++;
			m = fo_digits(text, n, &i, 1, 2);
			if (m < 0 || i >= n || text[i] != '-')
				return -1;
			i++;
			d = fo_digits(text, n, &i, 1, 2);
			/* 2026-09-14T10:00:00Z */
			if (d >= 0 && i < n &&
			    fo_clock_fields(text, n, &i, clock) != 0)
				return -1;
		} else if (i - start <= 2) {
			/* 14 Sep 2026 */
			d = first;
			fo_ordinal(text, n, &i);
			if (!fo_spaces(text, n, &i))
				return -1;
			m = fo_month_word(text, n, &i);
			if (!m)
				return -1;
			if (i < n && text[i] == ',')
				i++;
			if (!fo_spaces(text, n, &i))
				return -1;
			y = fo_digits(text, n, &i, 4, 4);
		} else {
			return -1;
		}
	} else {
		/* Sep 14, 2026 / September 14 2026 */
		size_t sp;

		m = fo_month_word(text, n, &i);
		if (!m || !fo_spaces(text, n, &i))
			return -1;
		d = fo_digits(text, n, &i, 1, 2);
		fo_ordinal(text, n, &i);
		sp = 0;
		if (i < n && text[i] == ',') {
			i++;
			sp = 1;
		}
		sp += fo_spaces(text, n, &i);
		if (!sp)
			return -1;
		y = fo_digits(text, n, &i, 4, 4);
	}
	if (i != n || y < 0 || m < 0 || d < 0)
		return -1;
	*year = y;
	*month = m;
	*day = d;
	return 0;
}

/* The year, month and day of text in one of the accepted forms, and the
 * time of a timestamp in *clock (every field -1 without one), not yet
 * checked against the calendar or the clock; -1 when its form is none of
 * them. */
static int fo_date_fields(const char *text, size_t len, int *year, int *month,
                          int *day, fo_clock *clock)
{
	char *nf = fo_normalize_ascii_form(text, len);
	int rc;

	if (!nf)
		return fo_date_read(text, len, year, month, day, clock);
	rc = fo_date_read(nf, strlen(nf), year, month, day, clock);
	free(nf);
	return rc;
}

int fo_date_parse(const char *text, size_t len, char out[11])
{
	char why[64];
	fo_clock c;
	int y, m, d;

	if (fo_date_fields(text, len, &y, &m, &d, &c) != 0 ||
	    !fo_valid_ymd(y, m, d) || fo_clock_why(&c, why, sizeof why))
		return -1;
	out[0] = (char)('0' + y / 1000);
	out[1] = (char)('0' + y / 100 % 10);
	out[2] = (char)('0' + y / 10 % 10);
	out[3] = (char)('0' + y % 10);
	out[4] = '-';
	out[5] = (char)('0' + m / 10);
	out[6] = (char)('0' + m % 10);
	out[7] = '-';
	out[8] = (char)('0' + d / 10);
	out[9] = (char)('0' + d % 10);
	out[10] = '\0';
	return 0;
}

void fo_date_why(const char *text, size_t len, const char *example,
                 fo_buf *msg)
{
	char why[64];
	fo_clock c;
	int y, m, d;

	if (fo_date_fields(text, len, &y, &m, &d, &c) != 0) {
		fo_buf_puts(msg, "unparseable date \"");
		fo_text_quote(msg, text, len);
		fo_buf_printf(msg, "\" (expected e.g. %s)", example);
		return;
	}
	fo_buf_puts(msg, "invalid date \"");
	fo_text_quote(msg, text, len);
	if (y < 1000)
		fo_buf_printf(msg, "\": year %d is before 1000", y);
	else if (m < 1 || m > 12)
		fo_buf_printf(msg, "\": there is no month %d", m);
	else if (d < 1 || d > fo_days_in(y, m))
		fo_buf_printf(msg, "\": day %d is not in %04d-%02d, which has %d "
		              "days", d, y, m, fo_days_in(y, m));
	else if (fo_clock_why(&c, why, sizeof why))
		fo_buf_printf(msg, "\": %s", why);
	else
		fo_buf_puts(msg, "\"");
}
