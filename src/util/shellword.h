/*
 * shellword.h: whether a path can be shown as a POSIX shell word as it
 * is, or must be single-quoted, in the commands folio advises (the
 * library's rebuild advice, the CLI's build advice): both quote alike.
 */
#ifndef FOLIO_SHELLWORD_H
#define FOLIO_SHELLWORD_H

#include "ascii.h"

#include <string.h>

static inline int fo_shell_plain(const char *s)
{
	static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                            "abcdefghijklmnopqrstuvwxyz"
	                            "0123456789_./:@%+=,-";

	return *s && strspn(s, plain) == strlen(s);
}

/* Whether folio's command line takes s for an option (--name) where an
 * option's value is expected: an advised "--db DIR" must then attach it,
 * "--db=DIR", or the command is bad usage ("--db needs a value"). */
static inline int fo_shell_option_like(const char *s)
{
	return s[0] == '-' && s[1] == '-' &&
	       fo_ascii_is_alpha((unsigned char)s[2]);
}

/* s as one shell word into out, which has room for 4 * strlen(s) + 3
 * bytes: as it is when plain, else single-quoted, a ' as '\''. */
static inline void fo_shell_quote(char *out, const char *s)
{
	if (fo_shell_plain(s)) {
		strcpy(out, s);
		return;
	}
	*out++ = '\'';
	for (; *s; s++) {
		if (*s == '\'') {
			memcpy(out, "'\\''", 4);
			out += 4;
		} else {
			*out++ = *s;
		}
	}
	*out++ = '\'';
	*out = '\0';
}

#endif
