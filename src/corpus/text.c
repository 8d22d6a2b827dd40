/* text.c: the byte-level helpers of text.h. */
#include "corpus/text.h"

#include "analyzer/analyzer.h"

#include <string.h>

/* Values quoted in messages are cut here so that one hostile field cannot
 * produce a megabyte diagnostic. */
#define FO_QUOTE_MAX 200

size_t fo_text_utf8_check(const char *s, size_t n, int allow_nul)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, need;
	unsigned long cp, min;

	while (i < n) {
		unsigned char c;

		/* ASCII eight bytes at a time: most corpus text is ASCII, and
		 * this check ran at 8 instructions a byte (callgrind, re-sync) */
		while (i + 8 <= n) {
			uint64_t w = fo_swar_load(p + i);

			if (fo_swar_has_high(w) ||
			    (!allow_nul && fo_swar_has_less(w, 1)))
				break;
			i += 8;
		}
		if (i >= n)
			break;
		c = p[i];
		if (c < 0x80) {
			if (c == 0 && !allow_nul)
				return i;
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			need = 1;
			cp = c & 0x1f;
			min = 0x80;
		} else if (c >= 0xe0 && c <= 0xef) {
			need = 2;
			cp = c & 0x0f;
			min = 0x800;
		} else if (c >= 0xf0 && c <= 0xf4) {
			need = 3;
			cp = c & 0x07;
			min = 0x10000;
		} else {
			return i;
		}
		if (n - i <= need)
			return i;
		for (k = 1; k <= need; k++) {
			if ((p[i + k] & 0xc0) != 0x80)
				return i;
			cp = (cp << 6) | (p[i + k] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return i;
		i += need + 1;
	}
	return n;
}

void fo_text_utf8_put(fo_buf *b, unsigned long cp)
{
	char out[4];
	size_t n;

	if (cp < 0x80) {
		out[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		out[0] = (char)(0xf0 | (cp >> 18));
		out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	fo_buf_append(b, out, n);
}

/* The length of the white space character (Unicode's, as the analyzer
 * reads it: fo_char_kind_at) that s[0..n) starts with, or ends with when
 * at_end; 0 when it has none there. */
static size_t space_len(const char *s, size_t n, int at_end)
{
	size_t from = 0, k;

	if (n == 0)
		return 0;
	/* back to the first byte of the last character: UTF-8 has at most
	 * three bytes after it */
	if (at_end)
		for (from = n - 1; from > 0 && n - from < 4 &&
		                   ((unsigned char)s[from] & 0xC0) == 0x80;
		     from--)
			;
	if (fo_char_kind_at(s + from, n - from, &k, NULL) != FO_CHAR_SPACE ||
	    (at_end && from + k != n))
		return 0;
	return k;
}

void fo_text_trim(const char **s, size_t *n)
{
	size_t k;

	/* a field of a no-break or ideographic space alone is blank, as
	 * the indexer has it (fo_is_blank): it was "" where ASCII's made
	 * it missing (null in JSON, no facet) */
	while ((k = space_len(*s, *n, 0)) != 0) {
		*s += k;
		*n -= k;
	}
	while ((k = space_len(*s, *n, 1)) != 0)
		*n -= k;
}

void fo_text_buf_trim(fo_buf *b)
{
	const char *s = b->data;
	size_t n = b->len;

	if (!s)
		return;
	fo_text_trim(&s, &n);
	memmove(b->data, s, n);
	b->len = n;
	b->data[n] = '\0';
}

void fo_text_quote(fo_buf *msg, const char *s, size_t n)
{
	size_t i, cut = n;

	if (n > FO_QUOTE_MAX) {
		cut = FO_QUOTE_MAX;
		/* Back up to a lead byte so the message stays valid UTF-8. */
		while (cut > 0 && ((unsigned char)s[cut] & 0xc0) == 0x80)
			cut--;
	}
	for (i = 0; i < cut; i++) {
		unsigned char c = (unsigned char)s[i];

		fo_buf_putc(msg, c < 0x20 || c == 0x7f ? ' ' : (char)c);
	}
	if (cut < n)
		fo_buf_puts(msg, "...");
}
