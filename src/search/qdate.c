/*
 * qdate.c: parsing and checking query dates (qdate.h). Dates compare as
 * strings: the date slot holds "YYYY-MM-DD", so byte order is date order.
 */
#include "search/qdate.h"

#include "analyzer/normalize.h"
#include "util/calendar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

static int digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* How much of value s to quote in a message: at most 40 bytes, cut
 * where a UTF-8 character starts (the message is UTF-8 too). */
static int shown(const char *s, size_t len)
{
	return (int)fo_utf8_cut(s, len, 40);
}

/* why = the value quoted, then reason; returns -1. */
static int bad(char *why, size_t why_size, const char *s, size_t len,
               const char *reason)
{
	snprintf(why, why_size, "\"%.*s\"%s", shown(s, len), s, reason);
	return -1;
}

static int num(const char *s, size_t n)
{
	int v = 0;
	size_t i;

	for (i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* The corpus parser rejects a post dated before 1000 (corpus/date.c), so
 * a query's year before it is a typo (0226 for 2026) or, as a range's
 * start, the same as a side left open: an error, as an invalid date is.
 * -1 with why set when year is one; else 0. */
static int too_early(int year, const char *s, size_t len, char *why,
                     size_t why_size)
{
	if (year >= 1000)
		return 0;
	snprintf(why, why_size,
	         "\"%.*s\": year %04d is before 1000 (no post is dated "
	         "before 1000)",
	         shown(s, len), s, year);
	return -1;
}

/* The number of digits in s[at..len). */
static size_t digit_run(const char *s, size_t len, size_t at)
{
	size_t k = 0;

	while (at + k < len && s[at + k] >= '0' && s[at + k] <= '9')
		k++;
	return k;
}

/* A month and a day of one digit or two, in ISO order ("2026-9-1"), as
 * the corpus takes on a page (corpus/date.c): an unambiguous date. */
static int bound_ascii(const char *s, size_t len, int upper, char out[11],
                       char *why, size_t why_size)
{
	int year, month = upper ? 12 : 1, day = 1;
	size_t mlen = len > 4 ? digit_run(s, len, 5) : 0;
	size_t at = 6 + mlen; /* the day's first byte, if it has one */
	size_t dlen = len > 5 + mlen ? digit_run(s, len, at) : 0;

	if (len < 4 || !digits(s, 4))
		return bad(why, why_size, s, len,
		           " is not a date: it must start with a 4-digit year "
		           "(YYYY, YYYY-MM or YYYY-MM-DD)");
	if (len > 4 && digits(s + 4, 1))
		return bad(why, why_size, s, len,
		           ": the year must be 4 digits (YYYY, YYYY-MM or "
		           "YYYY-MM-DD)");
	/* a digit after the month's is the month's, not a separator */
	if ((len > 4 && s[4] != '-') ||
	    (mlen >= 1 && mlen <= 2 && len > 5 + mlen && s[5 + mlen] != '-'))
		return bad(why, why_size, s, len,
		           ": the year, month and day are separated by - "
		           "(YYYY-MM-DD)");
	year = num(s, 4);
	if (too_early(year, s, len, why, why_size))
		return -1;
	if (len > 4) {
		if (mlen < 1 || mlen > 2)
			return bad(why, why_size, s, len,
			           ": the month must be 1 or 2 digits "
			           "(YYYY-MM)");
		month = num(s + 5, mlen);
		if (month < 1 || month > 12) {
			snprintf(why, why_size,
			         "\"%.*s\": month %02d is not "
			         "between 01 and 12",
			         shown(s, len), s, month);
			return -1;
		}
	}
	day = upper ? fo_days_in(year, month) : 1;
	if (dlen >= 1 && dlen <= 2 && len > at + dlen)
		return bad(why, why_size, s, len,
		           ": a date ends with its day (YYYY-MM-DD)");
	if (len > 5 + mlen) {
		if (dlen < 1 || dlen > 2) {
			snprintf(why, why_size,
			         "\"%.*s\": the day must be 1 or 2 "
			         "digits (YYYY-MM-DD)",
			         shown(s, len), s);
			return -1;
		}
		day = num(s + at, dlen);
		if (day < 1 || day > fo_days_in(year, month)) {
			snprintf(why, why_size,
			         "\"%.*s\": day %02d is not in "
			         "%04d-%02d, which has %d days",
			         (int)len, s, day, year, month,
			         fo_days_in(year, month));
			return -1;
		}
	}
	/* year has 4 digits, which the compiler cannot tell once it knows
	 * year >= 1000 (-Wformat-truncation) */
	snprintf(out, 11, "%04d-%02d-%02d", year % 10000, month, day);
	return 0;
}

static int range_ascii(const char *s, size_t len, int years_only, char lo[11],
                       char hi[11], size_t *bad_at, char *why, size_t why_size)
{
	const char *dots = NULL;
	size_t i, lo_len, hi_start;
	int rc = 0;

	lo[0] = hi[0] = '\0';
	*bad_at = 0;
	for (i = 0; i + 1 < len; i++)
		if (s[i] == '.' && s[i + 1] == '.') {
			dots = s + i;
			break;
		}
	lo_len = dots ? (size_t)(dots - s) : len;
	hi_start = dots ? lo_len + 2 : 0;
	if (dots && lo_len == 0 && hi_start == len) {
		snprintf(why, why_size,
		         "\"..\" needs a date on at least one "
		         "side");
		return -1;
	}
	if (years_only) {
		if ((lo_len && (lo_len != 4 || !digits(s, 4))) ||
		    (dots && len > hi_start &&
		     (len - hi_start != 4 || !digits(s + hi_start, 4))))
			return bad(why, why_size, s, len,
			           " is not a year or a range of years (YYYY "
			           "or YYYY..YYYY)");
		if (lo_len && too_early(num(s, 4), s, 4, why, why_size))
			return -1;
		if (dots && len > hi_start &&
		    too_early(num(s + hi_start, 4), s + hi_start, 4, why,
		              why_size)) {
			*bad_at = hi_start;
			return -1;
		}
		if (lo_len)
			memcpy(lo, s, 4), lo[4] = '\0';
		if (!dots)
			memcpy(hi, s, 4), hi[4] = '\0';
		else if (len > hi_start)
			memcpy(hi, s + hi_start, 4), hi[4] = '\0';
	} else {
		if (lo_len)
			rc = bound_ascii(s, lo_len, 0, lo, why, why_size);
		if (rc == 0 && !dots)
			rc = bound_ascii(s, len, 1, hi, why, why_size);
		else if (rc == 0 && len > hi_start &&
		         (rc = bound_ascii(s + hi_start, len - hi_start, 1, hi,
		                           why, why_size)) != 0)
			*bad_at = hi_start;
	}
	/* YYYY and YYYY-MM-DD alike: byte order is date order */
	if (rc == 0 && lo[0] && hi[0] && strcmp(lo, hi) > 0) {
		snprintf(why, why_size,
		         "\"%.*s\": the range ends before it "
		         "starts",
		         shown(s, len), s);
		rc = -1;
	}
	return rc;
}

/* The offset in s of the byte at in its NFKC form, counted character by
 * character: each of an ASCII form's characters comes from one of s's
 * (0 when that cannot be told). */
static size_t typed_offset(const char *s, size_t len, size_t at)
{
	size_t i = 0, made = 0;

	while (i < len && made < at) {
		utf8proc_int32_t cp;
		utf8proc_ssize_t n =
		    utf8proc_iterate((const utf8proc_uint8_t *)s + i,
		                     (utf8proc_ssize_t)(len - i), &cp);
		char *one = n > 0 ? fo_normalize_nfkc(s + i, (size_t)n) : NULL;

		if (!one)
			return 0;
		made += strlen(one);
		free(one);
		i += (size_t)n;
	}
	return made == at ? i : 0;
}

int fo_qdate_bound(const char *s, size_t len, int upper, char out[11],
                   char *why, size_t why_size)
{
	char *nf = fo_normalize_ascii_form(s, len);
	int rc = nf ? bound_ascii(nf, strlen(nf), upper, out, why, why_size)
	            : bound_ascii(s, len, upper, out, why, why_size);

	free(nf);
	return rc;
}

int fo_qdate_range(const char *s, size_t len, int years_only, char lo[11],
                   char hi[11], size_t *bad_at, char *why, size_t why_size)
{
	char *nf = fo_normalize_ascii_form(s, len);
	int rc;

	if (!nf)
		return range_ascii(s, len, years_only, lo, hi, bad_at, why,
		                   why_size);
	rc = range_ascii(nf, strlen(nf), years_only, lo, hi, bad_at, why,
	                 why_size);
	if (rc != 0)
		*bad_at = typed_offset(s, len, *bad_at);
	free(nf);
	return rc;
}
