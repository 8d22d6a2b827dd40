/*
 * segment.c: word segmentation with technical tailoring (doc/analyzer.md).
 *
 * The scanner works on raw bytes so that spans are offsets into the
 * caller's text. ASCII is classified through a table; only bytes >= 0x80
 * go through utf8proc, which also rejects invalid UTF-8 (those bytes, like
 * NUL, are separators). Memory use is constant: a compound holds at most
 * FO_SEG_MAX_PARTS spans, and a long camelCase run that overflows one
 * compound is resumed in the next call.
 */
#include "analyzer/segment.h"

#include "analyzer/wordbreak.h"
#include "util/ascii.h"

#include <utf8proc.h>

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
	FO_CL_SEP = 0,
	FO_CL_LOWER,  /* Ll */
	FO_CL_UPPER,  /* Lu, Lt */
	FO_CL_LETTER, /* Lm, Lo: letters without case */
	FO_CL_DIGIT,  /* Nd */
	FO_CL_NUMBER, /* Nl, No */
	FO_CL_MARK,   /* M*: belongs to the character before it */
	FO_CL_CJK     /* a letter or number that is a word of its own */
};

#define FO_IS_LETTER(cl) ((cl) >= FO_CL_LOWER && (cl) <= FO_CL_LETTER)
/* Word characters that may take part in compounds (CJK ones may not). */
#define FO_IS_WORD(cl) ((cl) >= FO_CL_LOWER && (cl) <= FO_CL_NUMBER)

/* Run flags */
#define FO_RUN_LOWER 1u
#define FO_RUN_UPPER 2u
#define FO_RUN_NONALPHA 4u     /* digits, numbers or commas */
#define FO_RUN_POSS 8u     /* ended by a possessive "'s", which is dropped */
#define FO_RUN_APOS     128u   /* holds an apostrophe (above FO_B_*) */

static const unsigned char fo_ascii_class[128] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0,
	0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0,
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
};

static const unsigned char fo_class_flags[8] = {
	0, FO_RUN_LOWER, FO_RUN_UPPER, 0, FO_RUN_NONALPHA, FO_RUN_NONALPHA,
	0, 0,
};

/* fo_byte_flags (segment.h): FO_B_WORD and the run flags for ASCII
 * letters and digits; FO_B_SKIP, with FO_B_END where it applies, for the
 * ASCII separators */
#define FO_B_L (FO_B_WORD | FO_RUN_LOWER)
#define FO_B_U (FO_B_WORD | FO_RUN_UPPER)
#define FO_B_D (FO_B_WORD | FO_RUN_NONALPHA)
#define FO_B_S FO_B_SKIP
#define FO_B_E (FO_B_SKIP | FO_B_END)

const unsigned char fo_byte_flags[256] = {
	FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E,
	FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E,
	FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E,
	FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E,
	/* space ! " # $ % & ' ( ) * + , - . / */
	FO_B_E, FO_B_E, FO_B_E, FO_B_S, FO_B_E, FO_B_E, FO_B_E, FO_B_S,
	FO_B_E, FO_B_E, FO_B_E, FO_B_S, FO_B_S, FO_B_S, 0, FO_B_E,
	FO_B_D, FO_B_D, FO_B_D, FO_B_D, FO_B_D, FO_B_D, FO_B_D, FO_B_D,
	FO_B_D, FO_B_D, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E,
	FO_B_E, FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U,
	FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U,
	FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U, FO_B_U,
	FO_B_U, FO_B_U, FO_B_U, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_S,
	FO_B_E, FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L,
	FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L,
	FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L, FO_B_L,
	FO_B_L, FO_B_L, FO_B_L, FO_B_E, FO_B_E, FO_B_E, FO_B_E, FO_B_E,
	/* 0x80-0xff: 0 */
};

static int fo_is_cjk(utf8proc_int32_t cp)
{
	return (cp >= 0x3040 && cp <= 0x30ff) ||   /* Hiragana, Katakana */
	       (cp >= 0x3005 && cp <= 0x3007) ||   /* 々 〆 〇 */
	       (cp >= 0x31f0 && cp <= 0x31ff) ||   /* Katakana extensions */
	       (cp >= 0x3400 && cp <= 0x4dbf) ||   /* CJK extension A */
	       (cp >= 0x4e00 && cp <= 0x9fff) ||   /* CJK unified */
	       (cp >= 0xac00 && cp <= 0xd7af) ||   /* Hangul syllables */
	       (cp >= 0xf900 && cp <= 0xfaff) ||   /* CJK compatibility */
	       (cp >= 0xff66 && cp <= 0xff9f) ||   /* half-width Katakana */
	       (cp >= 0x20000 && cp <= 0x3134f);  /* CJK extensions B-G */
}

int fo_seg_is_cjk(int cp)
{
	return fo_is_cjk(cp);
}

/* A letter's case class, for camelCase humps. */
static int fo_letter_class(utf8proc_int32_t cp)
{
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_LU:
	case UTF8PROC_CATEGORY_LT:
		return FO_CL_UPPER;
	case UTF8PROC_CATEGORY_LL:
		return FO_CL_LOWER;
	default:
		return FO_CL_LETTER;
	}
}

/*
 * The class of a non-ASCII code point, from its UAX #29 Word_Break
 * property (wordbreak.h). ALetter and Hebrew_Letter are letters, Numeric
 * digits (WB5-WB10), and Extend, Format and ZWJ belong to the character
 * before them (WB4), so a soft hyphen or a ZWNJ does not split a word.
 * folio's tailoring (doc/analyzer.md, rule 1 and 2): Katakana, Hangul and
 * ideographs are CJK characters, bigrammed later instead of WB13's
 * Katakana runs; and letters and numbers that UAX #29 leaves as Other
 * (Thai, Lao, Khmer and Myanmar, which need a dictionary; No and Nl such
 * as U+00BD) are still word characters, so they stay searchable.
 */
static int fo_class_of(utf8proc_int32_t cp)
{
	switch (fo_wb_prop_of((uint32_t)cp)) {
	case FO_WB_EXTEND:
	case FO_WB_FORMAT:
	case FO_WB_ZWJ:
		return FO_CL_MARK;
	case FO_WB_ALETTER:
	case FO_WB_HEBREW_LETTER:
		return fo_is_cjk(cp) ? FO_CL_CJK : fo_letter_class(cp);
	case FO_WB_NUMERIC:
		return FO_CL_DIGIT;
	case FO_WB_KATAKANA:
		return FO_CL_CJK;
	case FO_WB_OTHER:
		break;
	default:
		return FO_CL_SEP;
	}
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_LU:
	case UTF8PROC_CATEGORY_LT:
	case UTF8PROC_CATEGORY_LL:
	case UTF8PROC_CATEGORY_LM:
	case UTF8PROC_CATEGORY_LO:
		return fo_is_cjk(cp) ? FO_CL_CJK : fo_letter_class(cp);
	case UTF8PROC_CATEGORY_NL:
	case UTF8PROC_CATEGORY_NO:
		return FO_CL_NUMBER;
	case UTF8PROC_CATEGORY_ND:
		return FO_CL_DIGIT;
	default:
		return FO_CL_SEP;
	}
}

/* The class of the character at p < len; *n gets its length in bytes. */
static inline int fo_class_at(const unsigned char *s, size_t len, size_t p,
                              size_t *n)
{
	utf8proc_int32_t cp;
	utf8proc_ssize_t r;

	if (s[p] < 0x80) {
		*n = 1;
		return fo_ascii_class[s[p]];
	}
	r = utf8proc_iterate(s + p, (utf8proc_ssize_t)(len - p), &cp);
	if (r <= 0) {
		*n = 1;
		return FO_CL_SEP;
	}
	*n = (size_t)r;
	return fo_class_of(cp);
}

/* Whether U+02BC MODIFIER LETTER APOSTROPHE is at p. */
static int fo_modifier_apostrophe_at(const unsigned char *s, size_t len,
                                     size_t p)
{
	return s[p] == 0xca && p + 1 < len && s[p + 1] == 0xbc;
}

/*
 * fo_class_at for a run's characters: U+02BC, where the segmenter reads
 * it as an apostrophe (modifier), is no letter but an apostrophe, which
 * stays inside a word between letters only. Unicode makes it a letter
 * (Lm; UAX #29 ALetter), for the languages that write a glottal stop
 * with it, but it is typed for an apostrophe too (donʼt, lʼindex), and
 * utf8proc's LUMP option folds it to one, as it does U+2019.
 */
static int fo_run_class_at(const unsigned char *s, size_t len, size_t p,
                           size_t *n, int modifier)
{
	if (modifier && fo_modifier_apostrophe_at(s, len, p)) {
		*n = 2;
		return FO_CL_SEP;
	}
	return fo_class_at(s, len, p, n);
}

static int fo_class_after(const unsigned char *s, size_t len, size_t p,
                          int modifier)
{
	size_t n;

	return p < len ? fo_run_class_at(s, len, p, &n, modifier) : FO_CL_SEP;
}

/* The class of the first character at or after p that is not a mark:
 * UAX #29 rule WB4 lets Extend and Format characters (a soft hyphen, a
 * combining accent) sit after an apostrophe or a joiner without ending
 * the word, so folio looks past them too. */
static int fo_class_after_marks(const unsigned char *s, size_t len, size_t p,
                                int modifier)
{
	size_t n;
	int cl;

	while (p < len) {
		cl = fo_run_class_at(s, len, p, &n, modifier);
		if (cl != FO_CL_MARK)
			return cl;
		p += n;
	}
	return FO_CL_SEP;
}

size_t fo_seg_apostrophe_at(const unsigned char *s, size_t len, size_t p,
                            int modifier)
{
	if (s[p] == '\'')
		return 1;
	if (s[p] == 0xe2 && p + 2 < len && s[p + 1] == 0x80 &&
	    s[p + 2] == 0x99)
		return 3;
	if (modifier && fo_modifier_apostrophe_at(s, len, p))
		return 2;
	return 0;
}

/* Length of a joiner at p (setting *j to '-', '_' or '.'), or 0;
 * fullwidth: their full-width forms too, which NFKC makes them. */
static size_t fo_joiner_at(const unsigned char *s, size_t len, size_t p,
                           char *j, int fullwidth)
{
	if (p >= len)
		return 0;
	if (s[p] == '-' || s[p] == '_' || s[p] == '.') {
		*j = (char)s[p];
		return 1;
	}
	/* U+2010 HYPHEN, U+2011 NON-BREAKING HYPHEN */
	if (s[p] == 0xe2 && p + 2 < len && s[p + 1] == 0x80 &&
	    (s[p + 2] == 0x90 || s[p + 2] == 0x91)) {
		*j = '-';
		return 3;
	}
	/* U+FF0D FULLWIDTH HYPHEN-MINUS, U+FF0E FULLWIDTH FULL STOP, U+FF3F
	 * FULLWIDTH LOW LINE, as an IME types them */
	if (fullwidth && s[p] == 0xef && p + 2 < len && s[p + 1] == 0xbc &&
	    (s[p + 2] == 0x8d || s[p + 2] == 0x8e || s[p + 2] == 0xbf)) {
		*j = s[p + 2] == 0x8d ? '-' : s[p + 2] == 0x8e ? '.' : '_';
		return 3;
	}
	return 0;
}

/*
 * Scan a run of word characters from start (which holds one). Marks stay
 * with their base character; an apostrophe between letters and a comma
 * grouping three digits stay inside the run. modifier: U+02BC is an
 * apostrophe (fo_run_class_at).
 */
static void fo_scan_run(const unsigned char *s, size_t len, size_t start,
                        fo_seg_run *run, int modifier)
{
	size_t p = start, q, n, a;
	unsigned flags = 0, f;
	int cl, last = FO_CL_SEP;

	run->next = 0;
	for (;;) {
		/* ASCII letters and digits are most of the text */
		q = p;
		while (p < len && ((f = fo_byte_flags[s[p]]) & FO_B_WORD)) {
			flags |= f;
			p++;
		}
		if (p > q)
			last = fo_ascii_class[s[p - 1]];
		if (p >= len)
			break;
		cl = fo_run_class_at(s, len, p, &n, modifier);
		if (FO_IS_WORD(cl)) {
			flags |= fo_class_flags[cl];
			last = cl;
			p += n;
			continue;
		}
		if (cl == FO_CL_MARK) {
			p += n;
			continue;
		}
		a = fo_seg_apostrophe_at(s, len, p, modifier);
		if (a && FO_IS_LETTER(last) && p + a < len &&
		    FO_IS_LETTER(
		        fo_class_after_marks(s, len, p + a, modifier))) {
			if ((s[p + a] == 's' || s[p + a] == 'S') &&
			    fo_class_after(s, len, p + a + 1, modifier) ==
			        FO_CL_SEP) {
				flags |= FO_RUN_POSS;
				run->next = p + a + 1;
				break;
			}
			flags |= FO_RUN_APOS;
			p += a;
			continue;
		}
		if (s[p] == ',' && fo_ascii_is_digit(s[p - 1]) && p + 3 < len &&
		    fo_ascii_is_digit(s[p + 1]) &&
		    fo_ascii_is_digit(s[p + 2]) &&
		    fo_ascii_is_digit(s[p + 3]) &&
		    (p + 4 >= len || !fo_ascii_is_digit(s[p + 4]))) {
			flags |= FO_RUN_NONALPHA;
			last = FO_CL_DIGIT;
			p += 4;
			continue;
		}
		break;
	}
	run->start = start;
	run->end = p;
	if (!run->next)
		run->next = p;
	run->flags = flags & ~FO_B_WORD;
}

/*
 * The end of the camelCase piece of [from, end) that starts at from: a
 * hump is a lowercase letter followed by an uppercase one, or the last
 * capital of an uppercase run followed by a lowercase letter (XMLHttp),
 * except for a plural 's' ending the run (GPUs, APIs).
 */
static size_t fo_camel_end(const unsigned char *s, size_t from, size_t end)
{
	size_t p = from, q, n, m;
	int cl, next, prev;

	prev = fo_class_at(s, end, p, &n);
	p += n;
	while (p < end) {
		cl = fo_class_at(s, end, p, &n);
		if (cl == FO_CL_MARK) {
			p += n;
			continue;
		}
		if (cl == FO_CL_UPPER && prev == FO_CL_LOWER)
			return p;
		if (cl == FO_CL_UPPER && prev == FO_CL_UPPER) {
			q = p + n;
			next = FO_CL_SEP;
			while (q < end) {
				next = fo_class_at(s, end, q, &m);
				if (next != FO_CL_MARK)
					break;
				q += m;
			}
			if (q < end && next == FO_CL_LOWER &&
			    !(s[q] == 's' && q + 1 == end))
				return p;
		}
		prev = cl;
		p += n;
	}
	return end;
}

/*
 * Add the pieces of sg->run from `from` to c. Returns 1 when c filled up
 * with pieces left over; they start the next compound.
 */
static int fo_add_run(fo_segmenter *sg, fo_seg_compound *c, size_t from,
                      char joiner)
{
	const fo_seg_run *r = &sg->run;
	/* d'OpenAI, GitHub'da: letters and apostrophes have humps too
	 * (revision 7), so that the word an elided article or a Turkish
	 * suffix leaves is parted as it is alone */
	unsigned apos = sg->apostrophe_humps ? 0 : FO_RUN_APOS;
	int camel = (r->flags & (FO_RUN_LOWER | FO_RUN_UPPER | FO_RUN_NONALPHA |
	                         apos)) == (FO_RUN_LOWER | FO_RUN_UPPER);
	size_t e;

	/* "The", "Python": a capital only at the start is no hump */
	if (camel && sg->s[from] < 0x80) {
		for (e = from + 1; e < r->end && sg->s[e] < 0x80 &&
		                   fo_ascii_class[sg->s[e]] != FO_CL_UPPER;
		     e++)
			;
		camel = e < r->end;
	}
	while (from < r->end) {
		if (c->n_parts == FO_SEG_MAX_PARTS) {
			sg->pending = 1;
			sg->pending_from = from;
			c->end = c->parts[c->n_parts - 1].end;
			return 1;
		}
		e = camel ? fo_camel_end(sg->s, from, r->end) : r->end;
		c->parts[c->n_parts].start = from;
		c->parts[c->n_parts].end = e;
		c->parts[c->n_parts].joiner = joiner;
		c->n_parts++;
		joiner = 0;
		from = e;
	}
	return 0;
}

void fo_seg_init(fo_segmenter *sg, const char *text, size_t len)
{
	sg->s = (const unsigned char *)text;
	sg->len = text ? len : 0;
	sg->pos = 0;
	sg->prev_word = 0;
	sg->pending = 0;
	sg->pending_from = 0;
	sg->run.start = sg->run.end = sg->run.next = 0;
	sg->run.flags = 0;
	sg->versioned = 1;
	sg->cjk_bounds = 1;
	sg->modifier_apostrophe = 1;
	sg->fullwidth_joiners = 1;
	sg->suffix_apart = 1;
	sg->fullwidth_suffix = 1;
	sg->apostrophe_humps = 1;
}

/* Length of the suffix symbol ch ('+' or '#') at p, or 0; where
 * fullwidth_suffix, its full-width form too (U+FF0B, U+FF03), which an
 * IME types and NFKC makes it. */
static size_t fo_suffix_symbol_at(const fo_segmenter *sg, size_t p, char ch)
{
	const unsigned char *s = sg->s;

	if (p >= sg->len)
		return 0;
	if (s[p] == (unsigned char)ch)
		return 1;
	if (sg->fullwidth_suffix && s[p] == 0xef && p + 2 < sg->len &&
	    s[p + 1] == 0xbc && s[p + 2] == (ch == '+' ? 0x8b : 0x83))
		return 3;
	return 0;
}

/*
 * Up to 3 '+' or one '#' right after a word, then no word character: a
 * separator, or a CJK character where it bounds words (cjk_bounds).
 * Chinese and Japanese write no space around a Latin name, so
 * "これはC++の" and "C#で" name C++ and C# as "C++ の" would. Returns
 * their length in bytes, with how many there are in *n and which in *ch.
 */
static size_t fo_suffix_at(const fo_segmenter *sg, size_t p, unsigned *n,
                           char *ch)
{
	size_t k = 0, l;
	int cl;

	*n = 0;
	*ch = '+';
	while (*n < 4 && (l = fo_suffix_symbol_at(sg, p + k, '+'))) {
		k += l;
		(*n)++;
	}
	if (*n == 0 && (k = fo_suffix_symbol_at(sg, p, '#'))) {
		*n = 1;
		*ch = '#';
	}
	if (*n == 0 || *n > FO_SEG_MAX_SUFFIX)
		return 0;
	cl = fo_class_after(sg->s, sg->len, p + k, sg->modifier_apostrophe);
	if (cl != FO_CL_SEP && !(cl == FO_CL_CJK && sg->cjk_bounds))
		return 0;
	return k;
}

/* Whether s[start..end) has at least n letters: a name before a +/#
 * suffix that is a word without it (GTK+, Notepad++), not C++ or F#. */
static int fo_has_letters(const unsigned char *s, size_t start, size_t end,
                          unsigned n)
{
	size_t p = start, l;

	while (p < end && n > 0) {
		if (FO_IS_LETTER(fo_class_at(s, end, p, &l)))
			n--;
		p += l;
	}
	return n == 0;
}

/* Whether the "++" at p ends a word as a name whose version follows
 * (C++20, libstdc++6): the digits are the compound's next part, so that
 * the name is found alone as it is where nothing follows. Two '+' only:
 * n+1 and i+++2 are arithmetic. */
static int fo_versioned_at(const unsigned char *s, size_t len, size_t p)
{
	return p + 2 < len && s[p] == '+' && s[p + 1] == '+' &&
	       fo_class_after(s, len, p + 2, 0) == FO_CL_DIGIT;
}

/*
 * The common case, a plain ASCII word ended by white space or ordinary
 * punctuation, in one tight loop. Returns 0 (and changes nothing) when the
 * word needs the general path.
 */
static inline __attribute__((always_inline)) int
fo_simple_word(fo_segmenter *sg, fo_seg_compound *c, size_t p)
{
	const unsigned char *s = sg->s;
	size_t len = sg->len, e = p + 1;
	unsigned first = fo_byte_flags[s[p]], rest = 0, f;

	while (e < len && ((f = fo_byte_flags[s[e]]) & FO_B_WORD)) {
		rest |= f;
		e++;
	}
	if (e < len && !(fo_byte_flags[s[e]] & FO_B_END))
		return 0;
	/* an uppercase letter after the first may make a camelCase hump */
	if ((rest & FO_RUN_UPPER) &&
	    !((first | rest) & FO_RUN_NONALPHA) &&
	    ((first | rest) & FO_RUN_LOWER))
		return 0;
	c->start = p;
	c->end = e;
	c->n_parts = 1;
	c->parts[0].start = p;
	c->parts[0].end = e;
	c->parts[0].joiner = 0;
	c->simple = 1;
	c->digits = ((first | rest) & FO_RUN_NONALPHA) != 0;
	sg->pos = e;
	sg->prev_word = 1;
	return 1;
}

/*
 * A run of CJK characters from p (which holds one), each with the marks
 * after it, one part per character, at most FO_SEG_MAX_PARTS of them.
 * When the run goes on, the next compound starts again at the last
 * character, so that the bigram across the cut is not lost.
 */
static void fo_cjk_run(fo_segmenter *sg, fo_seg_compound *c, size_t p)
{
	const unsigned char *s = sg->s;
	size_t len = sg->len, n;

	c->start = p;
	c->cjk = 1;
	while (c->n_parts < FO_SEG_MAX_PARTS) {
		c->parts[c->n_parts].start = p;
		c->parts[c->n_parts].joiner = 0;
		fo_class_at(s, len, p, &n);
		p += n;
		while (p < len && fo_class_at(s, len, p, &n) == FO_CL_MARK)
			p += n;
		c->parts[c->n_parts].end = p;
		c->n_parts++;
		if (p >= len || fo_class_at(s, len, p, &n) != FO_CL_CJK)
			break;
	}
	c->end = p;
	sg->pos = p;
	if (c->n_parts == FO_SEG_MAX_PARTS && p < len &&
	    fo_class_at(s, len, p, &n) == FO_CL_CJK)
		sg->pos = c->parts[c->n_parts - 1].start;
	/* a '.' after it may start .NET (使用.NET开发), as after a space:
	 * CJK characters never join a compound */
	sg->prev_word = !sg->cjk_bounds;
}

/*
 * fo_seg_next past its fast path: a compound resumed after a camelCase
 * overflow, or whatever starts at p, where separators are skipped already
 * and, when tried is set, fo_simple_word has said no.
 */
static __attribute__((noinline)) int
fo_seg_next_general(fo_segmenter *sg, fo_seg_compound *c, size_t p,
                    int tried)
{
	const unsigned char *s = sg->s;
	size_t len = sg->len, q, n, jl, k;
	unsigned n_sym;
	int cl;
	char j = 0, sym;

	if (sg->pending) {
		sg->pending = 0;
		c->start = sg->pending_from;
		if (fo_add_run(sg, c, sg->pending_from, 0))
			return 1;
		goto after_run;
	}

	for (;;) {
		q = p;
		while (p < len && (fo_byte_flags[s[p]] & FO_B_SKIP))
			p++;
		if (p > q)
			sg->prev_word = 0;
		if (p >= len) {
			sg->pos = len;
			return 0;
		}
		if (fo_byte_flags[s[p]] & FO_B_WORD) {
			if (!tried && fo_simple_word(sg, c, p))
				return 1;
			break;
		}
		tried = 0;
		cl = fo_run_class_at(s, len, p, &n, sg->modifier_apostrophe);
		if (FO_IS_WORD(cl))
			break;
		if (cl == FO_CL_CJK) {
			fo_cjk_run(sg, c, p);
			return 1;
		}
		if (s[p] == '.' && !sg->prev_word &&
		    FO_IS_LETTER(fo_class_after(s, len, p + 1,
		                                sg->modifier_apostrophe))) {
			c->leading_dot = 1;
			c->start = p;
			p++;
			goto run;
		}
		sg->prev_word = 0;
		p += n;
	}
	c->start = p;
run:
	fo_scan_run(s, len, p, &sg->run, sg->modifier_apostrophe);
	if (fo_add_run(sg, c, p, 0))
		return 1;
after_run:
	for (;;) {
		if (sg->run.flags & FO_RUN_POSS) {
			c->end = sg->run.end;
			sg->pos = sg->run.next;
			sg->prev_word = 1;
			return 1;
		}
		p = sg->run.end;
		jl = fo_joiner_at(s, len, p, &j, sg->fullwidth_joiners);
		if (!jl && sg->versioned && fo_versioned_at(s, len, p)) {
			/* the "++" stays on its name's part, as a suffix does
			 */
			c->parts[c->n_parts - 1].end += 2;
			p += 2;
			j = 0;
		} else if (!jl ||
		           !FO_IS_WORD(fo_class_after_marks(
		               s, len, p + jl, sg->modifier_apostrophe))) {
			break;
		}
		if (c->n_parts == FO_SEG_MAX_PARTS) {
			c->end = p;
			sg->pos = p;
			sg->prev_word = 1;
			return 1;
		}
		fo_scan_run(s, len, p + jl, &sg->run, sg->modifier_apostrophe);
		if (fo_add_run(sg, c, p + jl, j))
			return 1;
	}
	k = fo_suffix_at(sg, p, &n_sym, &sym);
	if (k && sg->suffix_apart &&
	    fo_has_letters(s, c->parts[c->n_parts - 1].start, p, 3)) {
		/* GTK+: the suffix is the JOINED term's, the part is gtk, as
		 * free-threaded gives freethreaded and free */
		memset(c->suffix, sym, n_sym);
		c->suffix_len = n_sym;
	} else {
		c->parts[c->n_parts - 1].end += k;
	}
	c->end = p + k;
	sg->pos = p + k;
	sg->prev_word = k == 0;
	return 1;
}

/*
 * The fast path in a small function (few registers to save): skip
 * separators, then take a plain word whole. All else, the general path.
 */
int fo_seg_next(fo_segmenter *sg, fo_seg_compound *c)
{
	const unsigned char *s = sg->s;
	size_t len = sg->len, p = sg->pos, q;

	c->n_parts = 0;
	c->leading_dot = 0;
	c->cjk = 0;
	c->simple = 0;
	c->suffix_len = 0;
	if (sg->pending)
		return fo_seg_next_general(sg, c, p, 0);
	q = p;
	while (p < len && (fo_byte_flags[s[p]] & FO_B_SKIP))
		p++;
	if (p > q)
		sg->prev_word = 0;
	if (p >= len) {
		sg->pos = len;
		return 0;
	}
	if (fo_byte_flags[s[p]] & FO_B_WORD) {
		if (fo_simple_word(sg, c, p))
			return 1;
		return fo_seg_next_general(sg, c, p, 1);
	}
	return fo_seg_next_general(sg, c, p, 0);
}


#if defined(__SSE2__)
/*
 * A compound of plain ASCII runs in the 16 bytes w, found by masks like
 * the words of fo_seg_next_short, with fo_seg_next_general's decisions
 * for this kind: a '-', '_' or '.' between two word characters joins
 * runs; the byte after the last run must end the compound by
 * fo_seg_next_short's rules (no joiner, apostrophe, digit group or +/#
 * suffix to look at); a run that may have a camelCase hump, and a
 * compound reaching the end of the window, are left to the general path.
 * Its scan of runs and parts, byte by byte, cost ten times as much.
 */
int fo_seg_short_compound(fo_segmenter *sg, fo_seg_compound *c,
                          const unsigned char *w, unsigned sk, unsigned alpha,
                          unsigned digit, unsigned low)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)w);
	unsigned word = alpha | digit, join, links, nonword, after, e, a, b, n;
	unsigned run;
	char joiner = 0;

	join = (unsigned)_mm_movemask_epi8(_mm_or_si128(
		_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')),
		             _mm_cmpeq_epi8(v, _mm_set1_epi8('_'))),
		_mm_cmpeq_epi8(v, _mm_set1_epi8('.'))));
	links = join & (word << 1) & (word >> 1);
	e = sk + (unsigned)__builtin_ctz(~((word | links) >> sk));
	if (e >= 16)
		return 0;
	if (!(fo_byte_flags[w[e]] & FO_B_END)) {
		nonword = ~(word | (unsigned)_mm_movemask_epi8(v)) & 0xffffu;
		switch (w[e]) {
		case '.':
		case '-':
		case '_':
			after = nonword;
			break;
		case '\'':
			after = nonword | digit;
			break;
		case ',':
			after = ~digit & 0xffffu;
			break;
		default:
			return 0;
		}
		if (!(after & (1u << (e + 1))))
			return 0;
	}
	for (a = sk, n = 0;; a = b + 1) {
		b = a + (unsigned)__builtin_ctz(~(word >> a));
		run = ((1u << (b - a)) - 1) << a;
		/* fo_add_run's camelCase test, as in fo_simple_word */
		if ((alpha & ~low & run & ~(1u << a)) && !(digit & run) &&
		    (alpha & low & run))
			return 0;
		c->parts[n].start = sg->pos + a;
		c->parts[n].end = sg->pos + b;
		c->parts[n].joiner = joiner;
		n++;
		if (b >= e)
			break;
		joiner = (char)w[b];
	}
	c->start = sg->pos + sk;
	c->end = sg->pos + e;
	c->n_parts = n;
	c->leading_dot = 0;
	c->cjk = 0;
	c->simple = 0;
	c->suffix_len = 0;
	sg->pos += e;
	sg->prev_word = 1;
	return 1;
}
#endif
