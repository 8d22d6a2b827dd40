/*
 * ascii.h: ASCII character tests and case folding for the places that
 * must not depend on the C locale (isalpha and tolower do): URLs,
 * already-normalised text, and the syntax of corpus files and queries.
 */
#ifndef FOLIO_ASCII_H
#define FOLIO_ASCII_H

#include <stddef.h>

static inline int fo_ascii_is_alpha(unsigned char b)
{
	return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
}

static inline int fo_ascii_is_digit(unsigned char b)
{
	return b >= '0' && b <= '9';
}

/* White space as isspace has it in the C locale: space, \t, \n, \v, \f,
 * \r. */
static inline int fo_ascii_is_space(unsigned char b)
{
	return b == ' ' || (b >= '\t' && b <= '\r');
}

static inline char fo_ascii_lower(unsigned char b)
{
	return (char)(b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b);
}

/* Whether s[0..n) is lower[0..n) in any ASCII case (lower in lower
 * case). */
static inline int fo_ascii_ieq(const char *s, const char *lower, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (fo_ascii_lower((unsigned char)s[i]) != lower[i])
			return 0;
	return 1;
}

static inline int fo_ascii_is_upper(unsigned char b)
{
	return b >= 'A' && b <= 'Z';
}

static inline char fo_ascii_upper(unsigned char b)
{
	return (char)(b >= 'a' && b <= 'z' ? b - ('a' - 'A') : b);
}

#endif
