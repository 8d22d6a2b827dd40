/*
 * date.c: fo_date_parse, turning the dates written on topic pages and in
 * JSON Lines ("Sep 14, 2026", "14 Sep 2026", "2026-09-14") into the
 * "YYYY-MM-DD" form the index stores and sorts on.
 */
#include "corpus/corpus.h"
#include "corpus/text.h"

#include "util/ascii.h"

#include <string.h>

static const char *const fo_month_names[12] = {
	"january", "february", "march", "april", "may", "june",
	"july", "august", "september", "october", "november", "december"
};

static int fo_ieq(const char *s, const char *lower, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (fo_ascii_lower((unsigned char)s[i]) != lower[i])
			return 0;
	return 1;
}

/* 1..12 for an English month name or abbreviation, else 0. */
static int fo_month(const char *s, size_t n)
{
	int m;

	for (m = 0; m < 12; m++) {
		size_t full = strlen(fo_month_names[m]);

		if ((n == full || n == 3) && fo_ieq(s, fo_month_names[m], n))
			return m + 1;
	}
	if (n == 4 && fo_ieq(s, "sept", 4))
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

static size_t fo_spaces(const char *s, size_t n, size_t *i)
{
	size_t start = *i;

	while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
		(*i)++;
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

/* Days in month m (1-12) of year y, Gregorian. */
static int fo_days_in(int y, int m)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30,
	                              31, 31, 30, 31, 30, 31 };

	if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return 29;
	return days[m - 1];
}

static int fo_valid_ymd(int y, int m, int d)
{
	if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1)
		return 0;
	return d <= fo_days_in(y, m);
}

/* The year, month and day of text in one of the accepted forms, not yet
 * checked against the calendar; -1 when its form is none of them. */
static int fo_date_fields(const char *text, size_t len, int *year,
                          int *month, int *day)
{
	size_t i = 0, n = len;
	int y = -1, m = 0, d = -1;

	while (i < n && (text[i] == ' ' || text[i] == '\t'))
		i++;
	while (n > i && (text[n - 1] == ' ' || text[n - 1] == '\t'))
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
			m = fo_digits(text, n, &i, 2, 2);
			if (m < 0 || i >= n || text[i] != '-')
				return -1;
			i++;
			d = fo_digits(text, n, &i, 2, 2);
		} else if (i - start <= 2) {
			/* 14 Sep 2026 */
			d = first;
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

int fo_date_parse(const char *text, size_t len, char out[11])
{
	int y, m, d;

	if (fo_date_fields(text, len, &y, &m, &d) != 0 || !fo_valid_ymd(y, m, d))
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
	int y, m, d;

	if (fo_date_fields(text, len, &y, &m, &d) != 0) {
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
	else
		fo_buf_puts(msg, "\"");
}
