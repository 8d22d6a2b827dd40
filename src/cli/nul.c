/*
 * nul.c: the NUL bytes of a folio search --stdin line. A query reaches
 * the library as a C string, which a NUL would end: the line's NULs are
 * read as breaks between words (spaces), as the library reads every other
 * control character, and noticed as it notices them, by character
 * position (an error under --strict). The line itself is left as it is,
 * for the answer's "query" to give it back as it was read.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

size_t cli_nul_notices(const char *line, size_t n, char *text, cli_notice *out,
                       size_t max)
{
	size_t i = 0, chars = 0, found = 0, more = 0;

	while (i < n) {
		size_t start = i, count = 0, used = 0, k;
		cli_notice *c = found < max ? &out[found] : NULL;

		if (line[i] != '\0') {
			/* characters, as the library counts them */
			if (((unsigned char)line[i] & 0xC0) != 0x80)
				chars++;
			text[i] = line[i];
			i++;
			continue;
		}
		while (i < n && line[i] == '\0')
			text[i++] = ' ';
		count = i - start;
		chars += count;
		if (!c) {
			/* counted, in one notice at the first of them */
			if (!more++)
				out[max].position = chars - count + 1;
			continue;
		}
		found++;
		c->position = chars - count + 1;
		c->action = CLI_NUL_READ;
		if (count == 1)
			used = (size_t)snprintf(c->what, sizeof c->what,
			                        "a control character (U+0000)");
		else
			used =
			    (size_t)snprintf(c->what, sizeof c->what,
			                     "%zu control characters (", count);
		for (k = 0; count > 1 && k < count && k < 4; k++)
			used += (size_t)snprintf(c->what + used,
			                         sizeof c->what - used,
			                         "%sU+0000", k ? " " : "");
		if (count > 4)
			used += (size_t)snprintf(c->what + used,
			                         sizeof c->what - used, " ...");
		if (count > 1)
			snprintf(c->what + used, sizeof c->what - used, ")");
	}
	text[n] = '\0';
	if (more) {
		snprintf(out[max].what, sizeof out[max].what,
		         "%zu more problems of the kinds above", more);
		out[max].action = "not listed";
		found++;
	}
	return found;
}
