/*
 * segment.h: word segmentation of raw UTF-8 for the analyzer (internal).
 * Finds compounds: runs of word characters joined by '-', '_' or '.',
 * split further at camelCase humps, with the technical tailoring of
 * doc/analyzer.md (C++, .NET, Meta's, 1,068). Spans are byte offsets into
 * the raw text; normalisation happens later, per part.
 */
#ifndef FOLIO_ANALYZER_SEGMENT_H
#define FOLIO_ANALYZER_SEGMENT_H

#include <stddef.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Longer chains of joined segments start a new compound, which keeps the
 * joined term meaningful and the compound in a fixed-size array. */
#define FO_SEG_MAX_PARTS 16
/* The longest +/# suffix: "+++" */
#define FO_SEG_MAX_SUFFIX 3

typedef struct fo_seg_part {
	size_t start, end; /* raw span; the last part's includes a kept +/#
	                      unless the compound holds it apart (suffix) */
	char joiner;       /* '-', '_' or '.' before this part; 0 for the
	                      first part and at a camelCase hump */
} fo_seg_part;

typedef struct fo_seg_compound {
	size_t start, end; /* whole span, leading '.' and +/# included */
	unsigned n_parts;
	int leading_dot;   /* ".NET": the joined term starts with '.' */
	int cjk;           /* a run of CJK characters, one part each (the
	                      analyzer makes bigrams of them) */
	int simple;        /* one plain word of ASCII letters and digits, no
	                      camelCase: lowercasing is all it needs */
	int digits;        /* simple, with digits */
	/* a +/# suffix kept off the last part ("+", "++", "+++" or "#",
	 * not NUL-terminated): GTK+ is the JOINED gtk+ and the part gtk
	 * (revision 6); 0 when there is none or the part holds it (C++) */
	unsigned suffix_len;
	char suffix[FO_SEG_MAX_SUFFIX];
	fo_seg_part parts[FO_SEG_MAX_PARTS];
} fo_seg_compound;

/* A run of word characters between joiners (internal to segment.c, here
 * only because the segmenter keeps one across calls). */
typedef struct fo_seg_run {
	size_t start, end;
	size_t next;    /* where scanning resumes (past a dropped "'s") */
	unsigned flags;
} fo_seg_run;

typedef struct fo_segmenter {
	const unsigned char *s;
	size_t len, pos;
	int prev_word;  /* the character before pos is a word character */
	int pending;    /* camelCase pieces of run remain after a full compound */
	size_t pending_from;
	fo_seg_run run;
	int versioned; /* C++20 is c++ and 20 (analyzer revision 3), not c */
	int cjk_bounds; /* a CJK character ends C++ and C# and may precede
	                   .NET, as a space does (revision 4) */
	int modifier_apostrophe; /* U+02BC is an apostrophe, as U+2019 is
	                            (revision 4), not a letter */
	int fullwidth_joiners;   /* U+FF0D, U+FF3F and U+FF0E join as '-', '_'
	                            and '.' do (revision 5), not separate */
	int suffix_apart;        /* a +/# suffix after a part of 3 letters
	                            or more is c->suffix (revision 6), not
	                            the part's */
	int fullwidth_suffix;    /* U+FF0B and U+FF03 make a suffix as '+'
	                            and '#' do (revision 6), not separate */
	int apostrophe_humps;    /* a run of letters and apostrophes splits
	                            at camelCase humps (revision 7), not
	                            only a run of letters */
} fo_segmenter;

void fo_seg_init(fo_segmenter *sg, const char *text, size_t len);

/* Fill c with the next compound; 0 at the end of the text. */
int fo_seg_next(fo_segmenter *sg, fo_seg_compound *c);

/* Whether code point cp is a CJK character, a word of its own (segmented
 * apart from what is around it, then bigrammed): a text may be cut before
 * one without cutting a word. */
int fo_seg_is_cjk(int cp);

/* Length of an apostrophe at s[p] (p < len) as a run holds one: ',
 * U+2019, and U+02BC where modifier (revision 4); else 0. */
size_t fo_seg_apostrophe_at(const unsigned char *s, size_t len, size_t p,
                            int modifier);

/*
 * Per byte, for the hot loops: FO_B_WORD for ASCII letters and digits,
 * FO_B_SKIP for ASCII separators other than '.' (which may start .NET),
 * and FO_B_END for those after which a word is surely over: no joiner,
 * apostrophe, digit-group comma or +/# suffix to look at. Bytes >= 0x80
 * have none and take the slow path. (The low bits are segment.c's.)
 */
#define FO_B_WORD 16u
#define FO_B_SKIP 32u
#define FO_B_END 64u
extern const unsigned char fo_byte_flags[256];

/* Words of at most this many bytes may take fo_seg_next_short. */
#define FO_SEG_SHORT_MAX 15
/* fo_seg_next_short's value for a compound */
#define FO_SEG_SHORT_COMPOUND ((size_t)-1)

/* fo_seg_next_short's compounds: the ASCII compound whose first run
 * starts at byte sk of the 16 bytes w (from sg->pos), their letters,
 * digits and lowercase letters in the masks; 1 with it in c, 0 when
 * fo_seg_next must decide. (segment.c, SSE2 only) */
int fo_seg_short_compound(fo_segmenter *sg, fo_seg_compound *c,
                          const unsigned char *w, unsigned sk, unsigned alpha,
                          unsigned digit, unsigned low);

/*
 * fo_seg_next's commonest cases in one step: the separators before the
 * next word, then the word, a plain ASCII word (c->simple) of at most
 * FO_SEG_SHORT_MAX bytes whose end lies within 16 bytes of where the scan
 * starts (or at the end of the text). Returns the word's length, its
 * start in *start and in *digits whether it has digits, without filling
 * a compound; or FO_SEG_SHORT_COMPOUND with c filled, for a compound of
 * such runs of ASCII letters and digits joined by '-', '_' or '.' (no
 * camelCase, nothing fo_seg_next would treat apart). Moves sg past it as
 * fo_seg_next would; returns 0 and changes nothing otherwise, when
 * fo_seg_next must be asked instead (always on CPUs without SSE2).
 *
 * Sixteen bytes are classified at once (SSE2 is part of every x86-64
 * CPU) and the lengths come from bit counts: the byte loops of
 * fo_seg_next each mispredicted their exit once a word, as the lengths
 * vary. The decisions are fo_seg_next's, byte for byte:
 * - separators are the ASCII bytes that are neither letters, digits nor
 *   '.' (FO_B_SKIP), and a '.' that cannot start a compound (.NET): one
 *   right after a word, or one not followed by a letter (an ASCII byte
 *   other than a letter, to be sure);
 * - the word is the ASCII letters and digits after them (FO_B_WORD);
 * - the byte after it must end it: a separator that is surely the end
 *   (FO_B_END), or '.', '-' or '_' not followed by a word character (so
 *   no joiner; an ASCII byte other than a letter or digit, to be sure),
 *   an apostrophe not followed by a letter (likewise), a comma not
 *   followed by a digit (no digit grouping);
 * - a capital after the first letter of a word with lowercase letters
 *   and no digits may be a camelCase hump (fo_simple_word).
 * Inline: the call and its saved registers were a fifth of its cost
 * (callgrind).
 */
static inline size_t fo_seg_next_short(fo_segmenter *sg, fo_seg_compound *c,
                                       size_t *start, int *digits)
{
#if defined(__SSE2__)
	const unsigned char *s = sg->s + sg->pos;
	unsigned char tail[16];
	__m128i v, lw;
	unsigned alpha, digit, low, word, dot, nonword, nonalpha, skip, range;
	unsigned sk, n, e, after;

	if (sg->pending || sg->pos == sg->len)
		return 0;
	if (sg->len - sg->pos < 16) {
		/* the last bytes of the text, NUL padded: NUL separates
		 * words as the end of the text does, so every decision
		 * below comes out the same */
		memset(tail, 0, sizeof(tail));
		memcpy(tail, s, sg->len - sg->pos);
		s = tail;
	}
	v = _mm_loadu_si128((const __m128i *)(const void *)s);
	/* range checks as one signed compare each: x - lo + 0x80 (mod 256)
	 * is below 0x80 + hi - lo + 1 as a signed byte for exactly the
	 * bytes in [lo, hi] */
	lw = _mm_or_si128(v, _mm_set1_epi8(0x20));
	alpha = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(
		_mm_add_epi8(lw, _mm_set1_epi8((char)(0x80 - 'a'))),
		_mm_set1_epi8((char)(0x80 + 26))));
	digit = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(
		_mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - '0'))),
		_mm_set1_epi8((char)(0x80 + 10))));
	/* bit 5 of each byte, which tells a lowercase letter from a capital */
	low = (unsigned)_mm_movemask_epi8(_mm_slli_epi16(v, 2));
	dot = (unsigned)_mm_movemask_epi8(
		_mm_cmpeq_epi8(v, _mm_set1_epi8('.')));
	word = alpha | digit;
	/* ASCII bytes other than word characters, other than letters */
	nonword = ~(word | (unsigned)_mm_movemask_epi8(v)) & 0xffffu;
	nonalpha = nonword | digit;
	skip = (nonword & ~dot) |
	       (dot & ((nonalpha >> 1) | (sg->prev_word ? 1u : 0u)));
	/* both counts stop at bit 16 at the latest */
	sk = (unsigned)__builtin_ctz(~skip | 0x10000u);
	n = (unsigned)__builtin_ctz(~(word >> sk));
	e = sk + n;
	if (n == 0 || e >= 16)
		return 0;
	if (!(fo_byte_flags[s[e]] & FO_B_END)) {
		/* the byte after the word's end, where it may matter (bit 16,
		 * outside the window, is in no mask) */
		switch (s[e]) {
		case '.':
		case '-':
		case '_':
			/* a joiner: a compound of plain ASCII runs */
			if (word & (1u << (e + 1)))
				return fo_seg_short_compound(sg, c, s, sk, alpha,
				                             digit, low) ?
				               FO_SEG_SHORT_COMPOUND :
				               0;
			after = nonword;
			break;
		case '\'':
			after = nonalpha;
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
	range = ((1u << n) - 1) << sk;
	/* range << 1: the word but its first byte; one test, no branches */
	if (((alpha & ~low & range & (range << 1)) != 0) &
	    ((digit & range) == 0) & ((alpha & low & range) != 0))
		return 0;
	*start = sg->pos + sk;
	*digits = (digit & range) != 0;
	sg->pos += e;
	sg->prev_word = 1;
	return n;
#else
	(void)sg;
	(void)c;
	(void)start;
	(void)digits;
	return 0;
#endif
}

#endif
