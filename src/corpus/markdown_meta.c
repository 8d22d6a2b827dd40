/*
 * markdown_meta.c: a post's metadata, the "- Key: value" lines under its
 * heading. A key is matched in any case and emphasis; a field given twice
 * keeps its first value, with a warning; a key one typo from a field's,
 * or a field's key without its colon, stands in for a field the post
 * lacks, rather than silently costing the post the field.
 */
#include "corpus/markdown.h"

#include "corpus/markdown_inline.h"
#include "corpus/text.h"
#include "util/ascii.h"
#include "util/distance.h"

#include <string.h>

const char *const fo_md_field_names[FO_MD_NF] = { "company", "author",
	                                          "published", "type" };

size_t fo_md_marker(const char *s, size_t n, int *item)
{
	*item = n >= 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') &&
	        (s[1] == ' ' || s[1] == '\t');
	if (*item)
		return 2;
	return n && (s[0] == '-' || s[0] == '+');
}

static int fo_md_emphasis(char c)
{
	return c == '*' || c == '_';
}

/* Skip, at the start of the value (*val, *vn) of a key without its colon,
 * a dash or "=" that stands in for the colon ("- Company - ACME", "- Type
 * = News"): it is no part of the value. */
static void fo_md_dash(const char **val, size_t *vn)
{
	static const char *const seps[] = { "-", "=", "\xe2\x80\x93",
		                            "\xe2\x80\x94" };
	const char *v = *val;
	size_t n = *vn, k, len;

	fo_text_trim(&v, &n);
	for (k = 0; k < sizeof seps / sizeof *seps; k++) {
		len = strlen(seps[k]);
		if (n > len && memcmp(v, seps[k], len) == 0 &&
		    (v[len] == ' ' || v[len] == '\t')) {
			*val = v + len;
			*vn = n - len;
			return;
		}
	}
}

/* The text of a field's value (val, vn) to b, as a reader sees it: a
 * value set in italics as a whole ("*ACME*", "_Jane Doe_") without its
 * markers, which a summary keeps (identifiers hold them, a*b), so that
 * "*ACME*" is the company ACME and "*Sep 14, 2026*" a date. */
static void fo_md_field_text(fo_buf *b, const char *val, size_t vn)
{
	size_t n;
	char c;

	fo_md_text(b, val, vn);
	n = b->len;
	if (n < 3 || b->oom)
		return;
	c = b->data[0];
	if (!fo_md_emphasis(c) || b->data[n - 1] != c || b->data[1] == c ||
	    b->data[n - 2] == c ||
	    fo_ascii_is_space((unsigned char)b->data[1]) ||
	    fo_ascii_is_space((unsigned char)b->data[n - 2]) ||
	    memchr(b->data + 1, c, n - 2))
		return;
	memmove(b->data, b->data + 1, n - 2);
	b->len = n - 2;
	b->data[b->len] = '\0';
}

/* Split a field line (s, n), without its marker, into its key and value;
 * returns whether the key has its colon. */
static int fo_md_key(const char *s, size_t n, const char **key, size_t *kn,
                     const char **val, size_t *vn)
{
	const char *colon = memchr(s, ':', n);
	size_t m, e, v;

	/* "Company [ACME](https://...)": the colon is the URL's, no key's;
	 * the key is then the line's first word */
	if (colon && memchr(s, '[', (size_t)(colon - s)))
		colon = NULL;
	*key = s;
	for (*kn = 0; !colon && *kn < n && s[*kn] != ' ' && s[*kn] != '[';
	     ++*kn)
		;
	*val = colon ? colon + 1 : s + *kn;
	*vn = (size_t)(s + n - *val);
	if (!colon)
		fo_md_dash(val, vn);
	if (colon)
		*kn = (size_t)(colon - s);
	fo_text_trim(key, kn);
	/* "**Company:** ACME", "*Type*: News", "_**Author:**_ Ann":
	 * emphasis is no part of the key, and one closed after the colon
	 * none of the value */
	for (m = 0; m < *kn && fo_md_emphasis((*key)[m]); m++)
		;
	if (m) {
		for (e = 0; e < *kn - m && fo_md_emphasis((*key)[*kn - 1 - e]);
		     e++)
			;
		for (v = 0; !e && colon && v < m && v < *vn &&
		            fo_md_emphasis((*val)[v]);
		     v++)
			;
		*val += v;
		*vn -= v;
		*key += m;
		*kn -= m + e;
	}
	return colon != NULL;
}

int fo_md_meta(fo_md *st, const char *s, size_t n, unsigned line, int only_new)
{
	const char *key, *val;
	size_t kn, vn, f, k;
	char low[FO_EDIT_MAX_LEN];
	int colon = fo_md_key(s, n, &key, &kn, &val, &vn);

	if (kn > sizeof low)
		return !only_new;
	for (k = 0; k < kn; k++)
		low[k] = fo_ascii_lower((unsigned char)key[k]);
	for (f = 0; f < FO_MD_NF; f++) {
		const char *name = fo_md_field_names[f];
		unsigned d = fo_edit_distance(low, kn, name, strlen(name), 1);

		if (d == 0 && colon) {
			/* a field given empty ("- Company:") is one the post
			 * lacks, which a later line still gives */
			int given = st->field_line[f] && st->present[f];

			if (only_new && given)
				return 0;
			/* given twice: the first is kept, as a post's first
			 * copy is, and the reader is warned (fo_md_again) */
			if (given) {
				if (!st->again_line[f])
					st->again_line[f] = line;
				return 1;
			}
			fo_md_field_text(&st->field[f], val, vn);
			st->present[f] = st->field[f].len > 0;
			st->field_line[f] = line;
			return 1;
		}
		if (only_new)
			continue;
		/* A typo of a field's key (Publised, Compnay, Authors) or a
		 * key without its colon would silently cost the post the
		 * field: it stands in for the field if the post lacks it
		 * (fo_md_guesses). Other keys (Reading time) are left alone. */
		if (d <= 1 && (colon || d == 0) && !st->guess_line[f]) {
			st->guess[f] = val;
			st->guess_n[f] = vn;
			st->guess_line[f] = line;
		}
	}
	return !only_new;
}

int fo_md_field_line(const char *s, size_t n)
{
	const char *key, *val;
	size_t kn, vn, f;
	int item;

	f = fo_md_marker(s, n, &item);
	if (!fo_md_key(s + f, n - f, &key, &kn, &val, &vn))
		return 0;
	for (f = 0; f < FO_MD_NF; f++)
		if (kn == strlen(fo_md_field_names[f]) &&
		    fo_ascii_ieq(key, fo_md_field_names[f], kn))
			return 1;
	return 0;
}

void fo_md_again(fo_md *st)
{
	size_t f;

	fo_buf_clear(&st->msg);
	for (f = 0; f < FO_MD_NF && st->sink->warning; f++) {
		if (!st->again_line[f])
			continue;
		fo_buf_printf(&st->msg,
		              "%s is given twice in this post: the "
		              "first, at line %u, is kept",
		              fo_md_field_names[f], st->field_line[f]);
		fo_corpus_warning(st->sink, st->file, st->again_line[f],
		                  &st->msg);
	}
}

/* Fill each field the post lacks from its guess, if any; a date only if
 * the guess is one ("- Publisher: O'Reilly" is no typo of Published). */
void fo_md_guesses(fo_md *st)
{
	char date[11];
	size_t f;

	for (f = 0; f < FO_MD_NF; f++) {
		if ((st->field_line[f] && st->present[f]) || !st->guess_line[f])
			continue;
		fo_md_field_text(&st->field[f], st->guess[f], st->guess_n[f]);
		if (f == FO_MD_PUBLISHED &&
		    fo_date_parse(st->field[f].data, st->field[f].len, date)) {
			fo_buf_clear(&st->field[f]);
			continue;
		}
		st->present[f] = st->field[f].len > 0;
		st->field_line[f] = st->guess_line[f];
	}
}
