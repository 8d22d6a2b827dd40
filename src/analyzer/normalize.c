/*
 * normalize.c: token and value normalisation (NFKC, case folding,
 * diacritics removed). Most technical text is ASCII, where all of that
 * reduces to lowercasing, so ASCII tokens never reach utf8proc and never
 * allocate; other tokens go through a code point buffer that the
 * normalizer keeps between calls.
 */
#include "analyzer/normalize.h"

#include "util/ascii.h"

#include <utf8proc.h>

#include <stdlib.h>
#include <string.h>

#define FO_NORM_OPTIONS                                                       \
	(UTF8PROC_STABLE | UTF8PROC_COMPAT | UTF8PROC_COMPOSE |                \
	 UTF8PROC_CASEFOLD | UTF8PROC_STRIPMARK | UTF8PROC_IGNORE)
/* Since analyzer revision 4 (FO_ANALYZER_SCRIPTS), tokens keep some marks
 * (fo_fold_decomposed), so utf8proc decomposes without dropping any. */
#define FO_NORM_KEEP_OPTIONS (FO_NORM_OPTIONS & ~UTF8PROC_STRIPMARK)

/*
 * Called by utf8proc on each code point before it decomposes, case folds
 * and strips marks. U+0345 COMBINING GREEK YPOGEGRAMMENI is a mark, so
 * STRIPMARK would drop it, but case folding turns it into iota (and does
 * so for precomposed letters such as U+1F81): fold it first, so that
 * canonically equivalent spellings fold alike (NormalizationTest.txt).
 */
/*
 * Latin letters with a stroke or bar are letters of their own to Unicode,
 * with no decomposition, so STRIPMARK leaves them: Łódź would not match
 * lodz, nor Ørsted orsted, which is how names are typed on a US keyboard.
 * These fold to the base letter, as Lucene's ASCIIFoldingFilter does
 * (letters that stand for two are written out after normalisation:
 * fo_fold_digraphs). Sorted by code point for the binary search.
 */
static const struct {
	utf8proc_int32_t cp;
	char base;
} fo_stroked[] = {
	{ 0x00D0, 'd' }, { 0x00D8, 'o' }, { 0x00F0, 'd' }, { 0x00F8, 'o' },
	{ 0x0110, 'd' }, { 0x0111, 'd' }, { 0x0126, 'h' }, { 0x0127, 'h' },
	{ 0x0131, 'i' }, { 0x0141, 'l' }, { 0x0142, 'l' }, { 0x0166, 't' },
	{ 0x0167, 't' }, { 0x0180, 'b' }, { 0x0197, 'i' }, { 0x01B5, 'z' },
	{ 0x01B6, 'z' }, { 0x01E4, 'g' }, { 0x01E5, 'g' }, { 0x01FE, 'o' },
	{ 0x01FF, 'o' }, { 0x023A, 'a' }, { 0x023B, 'c' }, { 0x023C, 'c' },
	{ 0x023E, 't' }, { 0x0243, 'b' }, { 0x0244, 'u' }, { 0x0246, 'e' },
	{ 0x0247, 'e' }, { 0x0248, 'j' }, { 0x0249, 'j' }, { 0x024C, 'r' },
	{ 0x024D, 'r' }, { 0x0268, 'i' }, { 0x0289, 'u' },
	/* and what NFKC makes one of them (ᶞ, ℏ, ...): the custom function
	 * sees code points before they decompose */
	{ 0x1D9E, 'd' }, { 0x1DA4, 'i' }, { 0x1DB6, 'u' }, { 0x210F, 'h' },
	{ 0x2C65, 'a' }, { 0x2C66, 't' }, { 0xA7F8, 'h' }, { 0x10795, 'h' },
	{ 0x107A2, 'o' }, { 0x1D6A4, 'i' },
};

static utf8proc_int32_t fo_norm_custom(utf8proc_int32_t cp, void *data)
{
	size_t lo = 0, hi = sizeof fo_stroked / sizeof *fo_stroked;

	(void)data;
	if (cp == 0x345)
		return 0x3b9;
	/* U+037A GREEK YPOGEGRAMMENI is NFKC space + U+0345: likewise */
	if (cp == 0x37a)
		return 0x3b9;
	if (cp < 0xD0 || cp > 0x1D6A4)
		return cp;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (fo_stroked[mid].cp == cp)
			return fo_stroked[mid].base;
		if (fo_stroked[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return cp;
}

void fo_normalizer_init(fo_normalizer *nz)
{
	nz->ucs = NULL;
	nz->cap = 0;
	nz->revision = FO_ANALYZER_REVISION;
}

void fo_normalizer_free(fo_normalizer *nz)
{
	free(nz->ucs);
	nz->ucs = NULL;
	nz->cap = 0;
}

size_t fo_utf8_cut(const char *s, size_t len, size_t max)
{
	size_t n;

	if (len <= max)
		return len;
	n = max;
	/* back up over continuation bytes to the start of the sequence that
	 * straddles the limit */
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	return n;
}

/* ASCII lowercased; 0 for ',', ' ' and bytes >= 0x80, which need a look. */
static const unsigned char fo_lower_tab[256] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
	0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
	0, '!', '"', '#', '$', '%', '&', '\'',
	'(', ')', '*', '+', 0, '-', '.', '/',
	'0', '1', '2', '3', '4', '5', '6', '7',
	'8', '9', ':', ';', '<', '=', '>', '?',
	'@', 'a', 'b', 'c', 'd', 'e', 'f', 'g',
	'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o',
	'p', 'q', 'r', 's', 't', 'u', 'v', 'w',
	'x', 'y', 'z', '[', '\\', ']', '^', '_',
	'`', 'a', 'b', 'c', 'd', 'e', 'f', 'g',
	'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o',
	'p', 'q', 'r', 's', 't', 'u', 'v', 'w',
	'x', 'y', 'z', '{', '|', '}', '~', 0x7f,
};

/* æ, œ and þ (what is left of Æ, Œ, Þ and their compatibility forms
 * once case is folded) written out as ae, oe and th, as Lucene's ASCII
 * folding writes them: Encyclopædia is found by encyclopaedia. Each is
 * two bytes in UTF-8 and two letters out, so s changes in place. */
static void fo_fold_digraphs(unsigned char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n; i++) {
		const char *to = s[i] == 0xc3 && s[i + 1] == 0xa6   ? "ae"
		               : s[i] == 0xc5 && s[i + 1] == 0x93 ? "oe"
		               : s[i] == 0xc3 && s[i + 1] == 0xbe ? "th"
		                                                  : NULL;
		if (to) {
			s[i] = (unsigned char)to[0];
			s[++i] = (unsigned char)to[1];
		}
	}
}

/* Whether cp is Hiragana or Katakana (not the half-width forms, which
 * NFKC has made full width by the time this is asked). */
static int fo_is_kana(utf8proc_int32_t cp)
{
	return cp >= 0x3040 && cp <= 0x30ff;
}

/*
 * folio's folding of the decomposed code points u[0..n): utf8proc's
 * STRIPMARK, except for
 * U+3099 and U+309A COMBINING KATAKANA-HIRAGANA (SEMI-)VOICED SOUND MARK
 * after kana. Those are no accents: they make another sound, so another
 * word (バス bus, パス path, ハス lotus), and recomposition (UAX #15) puts
 * them back into the kana (カ + U+3099 = ガ). The half-width marks
 * U+FF9E and U+FF9F decompose to them too (NFKC), so ｶﾞ folds as ガ.
 * Lucene's CJKWidthFilter and ICU's nfkc_cf keep them likewise. U+0640
 * ARABIC TATWEEL goes too, though a letter: it only stretches a word
 * (العـــربية is العربية), and Lucene's ArabicNormalizationFilter drops
 * it; here, after decomposition, as NFKC makes it of presentation forms
 * (U+FE71, U+FE77). U+02BC MODIFIER LETTER APOSTROPHE, which the
 * segmenter reads as an apostrophe (segment.c fo_run_class_at), becomes
 * "'" as U+2019 does, here too for NFKC's ŉ (U+0149: U+02BC n), and goes
 * where it starts the term, as the segmenter would not start a word with
 * it (so ŉ folds as n). Returns the new count.
 */
static utf8proc_ssize_t fo_fold_decomposed(utf8proc_int32_t *u,
                                           utf8proc_ssize_t n)
{
	utf8proc_ssize_t i, m = 0;

	for (i = 0; i < n; i++) {
		utf8proc_int32_t cp = u[i];

		if (cp == 0x640 || (cp == 0x2bc && m == 0))
			continue;
		if (cp == 0x2bc)
			cp = '\'';
		/* no mark comes before U+0300 */
		if (cp >= 0x300) {
			switch (utf8proc_category(cp)) {
			case UTF8PROC_CATEGORY_MN:
			case UTF8PROC_CATEGORY_MC:
			case UTF8PROC_CATEGORY_ME:
				if ((cp != 0x3099 && cp != 0x309a) || m == 0 ||
				    !fo_is_kana(u[m - 1]))
					continue;
				break;
			default: break;
			}
		}
		u[m++] = cp;
	}
	return m;
}

/* Decompose and recompose src into nz->ucs, returning the UTF-8 length
 * (the bytes are in nz->ucs), or a negative utf8proc error. */
static utf8proc_ssize_t fo_norm_utf8proc(fo_normalizer *nz,
                                         const unsigned char *src, size_t n)
{
	int keep = nz->revision >= FO_ANALYZER_SCRIPTS;
	utf8proc_ssize_t r;
	int32_t *p;
	size_t cap;

	for (;;) {
		r = utf8proc_decompose_custom(
		    src, (utf8proc_ssize_t)n, (utf8proc_int32_t *)nz->ucs,
		    (utf8proc_ssize_t)nz->cap,
		    keep ? FO_NORM_KEEP_OPTIONS : FO_NORM_OPTIONS,
		    fo_norm_custom, NULL);
		if (r < 0)
			return r;
		/* reencode writes a NUL after the UTF-8, hence the + 1 */
		if ((size_t)r + 1 <= nz->cap)
			break;
		cap = (size_t)r + 1 > 1024 ? (size_t)r + 1 : 1024;
		p = realloc(nz->ucs, cap * sizeof(*p));
		if (!p)
			return UTF8PROC_ERROR_NOMEM;
		nz->ucs = p;
		nz->cap = cap;
	}
	if (keep)
		r = fo_fold_decomposed((utf8proc_int32_t *)nz->ucs, r);
	r = utf8proc_reencode((utf8proc_int32_t *)nz->ucs, r, FO_NORM_OPTIONS);
	if (r > 0)
		fo_fold_digraphs((unsigned char *)nz->ucs, (size_t)r);
	return r;
}

folio_status fo_normalize_token(fo_normalizer *nz, const char *raw,
                                size_t len, char *out, size_t *out_len)
{
	unsigned char tmp[FO_NORM_RAW_MAX];
	const unsigned char *s = (const unsigned char *)raw;
	utf8proc_ssize_t r;
	size_t i, o = 0, n;

	for (i = 0; i < len && o < FO_MAX_TERM_BYTES; i++) {
		unsigned char c = fo_lower_tab[s[i]];

		if (c) {
			out[o++] = (char)c;
			continue;
		}
		/* ',' (digit grouping) and ' ' are dropped; NUL never occurs
		 * in a token */
		if (s[i] != ',' && s[i] != ' ')
			goto unicode;
	}
	out[o] = '\0';
	*out_len = o;
	return FOLIO_OK;

unicode:
	n = fo_utf8_cut(raw, len, FO_NORM_RAW_MAX);
	o = 0;
	for (i = 0; i < n; i++) {
		if (s[i] == ',' || s[i] == ' ')
			continue;
		if (s[i] == 0xe2 && i + 2 < n && s[i + 1] == 0x80 &&
		    s[i + 2] == 0x99) {
			tmp[o++] = '\'';
			i += 2;
			continue;
		}
		tmp[o++] = s[i];
	}
	r = fo_norm_utf8proc(nz, tmp, o);
	if (r == UTF8PROC_ERROR_NOMEM)
		return FOLIO_ERROR_NOMEM;
	if (r < 0)
		r = 0; /* invalid UTF-8: nothing usable */
	/* compatibility forms may bring their own commas and spaces (U+FF0C
	 * FULLWIDTH COMMA, U+00A8 DIAERESIS is space + mark): drop them as
	 * for ASCII, so every NFKC-equivalent spelling folds alike */
	{
		char *u = (char *)nz->ucs;
		size_t k, m = 0;

		for (k = 0; k < (size_t)r; k++)
			if (u[k] != ',' && u[k] != ' ')
				u[m++] = u[k];
		r = (utf8proc_ssize_t)m;
	}
	n = fo_utf8_cut((const char *)nz->ucs, (size_t)r, FO_MAX_TERM_BYTES);
	if (n)
		memcpy(out, nz->ucs, n);
	out[n] = '\0';
	*out_len = n;
	return FOLIO_OK;
}

static int fo_is_space(utf8proc_int32_t cp)
{
	if (cp == ' ' || (cp >= '\t' && cp <= '\r') || cp == 0x85)
		return 1;
	if (cp < 0x80)
		return 0;
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_ZS:
	case UTF8PROC_CATEGORY_ZL:
	case UTF8PROC_CATEGORY_ZP:
		return 1;
	default:
		return 0;
	}
}

size_t fo_collapse_space(char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	utf8proc_int32_t cp;
	utf8proc_ssize_t r;
	size_t i = 0, o = 0;
	int space = 0;

	while (i < len) {
		if (u[i] < 0x80) {
			cp = u[i];
			r = 1;
		} else {
			r = utf8proc_iterate(u + i, (utf8proc_ssize_t)(len - i),
			                     &cp);
			if (r <= 0) {
				cp = ' ';
				r = 1;
			}
		}
		if (fo_is_space(cp)) {
			space = 1;
		} else {
			if (space && o > 0)
				s[o++] = ' ';
			space = 0;
			memmove(s + o, s + i, (size_t)r);
			o += (size_t)r;
		}
		i += (size_t)r;
	}
	s[o] = '\0';
	return o;
}

fo_char_kind fo_char_kind_at(const char *s, size_t len, size_t *n, int32_t *cp)
{
	const utf8proc_uint8_t *u = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t c = u[0];
	utf8proc_ssize_t r = 1;

	if (c >= 0x80)
		r = utf8proc_iterate(u, (utf8proc_ssize_t)len, &c);
	if (r <= 0) {
		c = u[0];
		r = 1;
	}
	*n = (size_t)r;
	if (cp)
		*cp = c;
	if (r == 1 && c >= 0x80)
		return FO_CHAR_NOT_UTF8;
	if (fo_is_space(c))
		return FO_CHAR_SPACE;
	return (c < 0x20 || c == 0x7F ||
	        (c >= 0x80 && utf8proc_category(c) == UTF8PROC_CATEGORY_CC))
	           ? FO_CHAR_CONTROL
	           : FO_CHAR_TEXT;
}

int fo_is_blank(const char *s)
{
	const utf8proc_uint8_t *u = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t cp;
	utf8proc_ssize_t r;

	/* no strlen: a summary is long, and its first byte answers */
	for (; *u; u += r) {
		r = utf8proc_iterate(u, -1, &cp);
		if (r <= 0 || !fo_is_space(cp))
			return 0;
	}
	return 1;
}

char *fo_normalize_value(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	utf8proc_uint8_t *mapped = NULL;
	utf8proc_int32_t cp;
	utf8proc_ssize_t r;
	unsigned char *clean = NULL;
	char *res = NULL;
	size_t i;

	if (!text)
		len = 0;
	clean = malloc(len + 1);
	if (!clean)
		goto out;
	/* utf8proc refuses invalid UTF-8 as a whole; like the analyzer, take
	 * bad bytes and NUL for separators instead */
	for (i = 0; i < len;) {
		if (s[i] < 0x80) {
			clean[i] = s[i] ? s[i] : ' ';
			i++;
			continue;
		}
		r = utf8proc_iterate(s + i, (utf8proc_ssize_t)(len - i), &cp);
		if (r <= 0) {
			clean[i++] = ' ';
			continue;
		}
		memcpy(clean + i, s + i, (size_t)r);
		i += (size_t)r;
	}
	clean[len] = '\0';
	for (i = 0; i < len && clean[i] < 0x80; i++)
		;
	if (i == len) {
		for (i = 0; i < len; i++)
			clean[i] = (unsigned char)fo_ascii_lower(clean[i]);
		fo_collapse_space((char *)clean, len);
		res = (char *)clean;
		clean = NULL;
		goto out;
	}
	r = utf8proc_map_custom(clean, (utf8proc_ssize_t)len, &mapped,
	                        FO_NORM_OPTIONS, fo_norm_custom, NULL);
	if (r < 0)
		goto out;
	fo_fold_digraphs(mapped, (size_t)r);
	fo_collapse_space((char *)mapped, (size_t)r);
	res = (char *)mapped;
out:
	free(clean);
	return res;
}

char *fo_normalize_nfkc(const char *text, size_t len)
{
	utf8proc_uint8_t *out = NULL;

	if (utf8proc_map((const utf8proc_uint8_t *)text, (utf8proc_ssize_t)len,
	                 &out, UTF8PROC_STABLE | UTF8PROC_COMPAT |
	                       UTF8PROC_COMPOSE) < 0)
		return NULL;
	return (char *)out;
}

char *fo_normalize_ascii_form(const char *s, size_t len)
{
	char *nf;
	size_t i;

	for (i = 0; i < len && (unsigned char)s[i] < 0x80; i++)
		;
	if (i == len || memchr(s, '\0', len) ||
	    (nf = fo_normalize_nfkc(s, len)) == NULL)
		return NULL;
	for (i = 0; nf[i] && (unsigned char)nf[i] < 0x80; i++)
		;
	if (nf[i]) {
		free(nf);
		return NULL;
	}
	return nf;
}

int fo_mixed_case(const char *text, size_t len)
{
	const utf8proc_uint8_t *s = (const utf8proc_uint8_t *)text;
	utf8proc_int32_t cp;
	utf8proc_ssize_t r;
	int up = 0, low = 0;
	size_t i = 0;

	while (i < len && !(up && low)) {
		r = utf8proc_iterate(s + i, (utf8proc_ssize_t)(len - i), &cp);
		if (r <= 0) {
			i++;
			continue;
		}
		switch (utf8proc_category(cp)) {
		case UTF8PROC_CATEGORY_LU: up = 1; break;
		/* ǅ is upper then lower: mixed alone (explore-v) */
		case UTF8PROC_CATEGORY_LT: up = low = 1; break;
		case UTF8PROC_CATEGORY_LL: low = 1; break;
		default: break;
		}
		i += (size_t)r;
	}
	return up && low;
}
