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

int fo_md_meta(fo_md *st, const char *s, size_t n, unsigned line, int only_new)
{
	const char *colon = memchr(s, ':', n), *key = s, *val;
	size_t kn, vn, f, k, m, e;
	char low[FO_EDIT_MAX_LEN];

	/* "Company [ACME](https://...)": the colon is the URL's, no key's;
	 * the key is then the line's first word */
	if (colon && memchr(s, '[', (size_t)(colon - s)))
		colon = NULL;
	for (kn = 0; !colon && kn < n && s[kn] != ' ' && s[kn] != '['; kn++)
		;
	val = colon ? colon + 1 : s + kn;
	vn = (size_t)(s + n - val);
	if (colon)
		kn = (size_t)(colon - s);
	fo_text_trim(&key, &kn);
	/* "**Company:** ACME", "*Type*: News": emphasis is no part of the
	 * key, and one closed after the colon none of the value */
	for (m = 0;
	     m < kn && (key[0] == '*' || key[0] == '_') && key[m] == key[0];
	     m++)
		;
	if (m) {
		for (e = 0; e < kn - m && key[kn - 1 - e] == key[0]; e++)
			;
		if (!e && colon && vn >= m && memcmp(val, key, m) == 0) {
			val += m;
			vn -= m;
		}
		key += m;
		kn -= m + e;
	}
	if (kn > sizeof low)
		return !only_new;
	for (k = 0; k < kn; k++)
		low[k] = fo_ascii_lower((unsigned char)key[k]);
	for (f = 0; f < FO_MD_NF; f++) {
		const char *name = fo_md_field_names[f];
		unsigned d = fo_edit_distance(low, kn, name, strlen(name), 1);

		if (d == 0 && colon) {
			if (only_new && st->field_line[f])
				return 0;
			/* given twice: the first is kept, as a post's first
			 * copy is, and the reader is warned (fo_md_again) */
			if (st->field_line[f]) {
				if (!st->again_line[f])
					st->again_line[f] = line;
				return 1;
			}
			fo_md_text(&st->field[f], val, vn);
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
	size_t i = 0, f, k;

	fo_text_trim(&s, &n);
	if (n && (s[0] == '-' || s[0] == '*' || s[0] == '+'))
		i++;
	while (i < n &&
	       (s[i] == ' ' || s[i] == '\t' || s[i] == '*' || s[i] == '_'))
		i++;
	for (f = 0; f < FO_MD_NF; f++) {
		const char *name = fo_md_field_names[f];
		size_t nn = strlen(name);

		if (n - i <= nn || !fo_ascii_ieq(s + i, name, nn))
			continue;
		for (k = i + nn; k < n && (s[k] == '*' || s[k] == '_'); k++)
			;
		while (k < n && (s[k] == ' ' || s[k] == '\t'))
			k++;
		if (k < n && s[k] == ':')
			return 1;
	}
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
		if (st->field_line[f] || !st->guess_line[f])
			continue;
		fo_md_text(&st->field[f], st->guess[f], st->guess_n[f]);
		if (f == FO_MD_PUBLISHED &&
		    fo_date_parse(st->field[f].data, st->field[f].len, date)) {
			fo_buf_clear(&st->field[f]);
			continue;
		}
		st->present[f] = st->field[f].len > 0;
		st->field_line[f] = st->guess_line[f];
	}
}
