/*
 * pathlist.h: the corpus paths an index records (FO_META_CORPUS,
 * folio_stats.corpus), one a line. A path that holds a newline, or that
 * starts with a double quote, is written as git writes such paths: in
 * double quotes, with \", \\ and \n for a quote, a backslash and a
 * newline; any other path as it is, so the list reads as it always did.
 * Header-only: the library writes and reads the list, the CLI reads it.
 */
#ifndef FOLIO_PATHLIST_H
#define FOLIO_PATHLIST_H

#include <stddef.h>
#include <string.h>

/* Whether path must be written quoted. */
static inline int fo_pathlist_quoted(const char *path)
{
	return path[0] == '"' || strchr(path, '\n') != NULL;
}

/* Read the path at *p into out, which has room for the rest of the list
 * (a path never decodes longer than it is written), and move *p past its
 * line. Returns 0 at the end of the list. */
static inline int fo_pathlist_next(const char **p, char *out)
{
	const char *s = *p;

	if (!*s)
		return 0;
	if (*s == '"') {
		for (s++; *s && *s != '"'; s++) {
			if (*s == '\\' && s[1])
				s++, *out++ = *s == 'n' ? '\n' : *s;
			else
				*out++ = *s;
		}
		s += strcspn(s, "\n"); /* past the closing quote */
	} else {
		size_t n = strcspn(s, "\n");
		memcpy(out, s, n);
		out += n;
		s += n;
	}
	*out = '\0';
	*p = *s ? s + 1 : s;
	return 1;
}

#endif
