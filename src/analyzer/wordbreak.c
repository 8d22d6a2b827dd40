/*
 * wordbreak.c: UAX #29 word boundaries, rules WB3-WB999 (section 4.1.1 of
 * Unicode 15.0's UAX #29), over a generated Word_Break table. This is the
 * untailored reference: folio's segmenter (segment.c) shares its table
 * and departs from its rules only where doc/analyzer.md says so.
 */
#include "analyzer/wordbreak.h"

unsigned fo_wb_value(uint32_t cp)
{
	size_t lo = 0, hi = fo_wb_n_ranges;

	/* binary search over the ranges; absent code points are Other */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cp < fo_wb_ranges[mid].lo)
			hi = mid;
		else if (cp > fo_wb_ranges[mid].hi)
			lo = mid + 1;
		else
			return fo_wb_ranges[mid].value;
	}
	return FO_WB_OTHER;
}

#define P(x) ((fo_wb_prop)((x) & 0x7fu))

static int fo_wb_newline(unsigned v)
{
	return P(v) == FO_WB_CR || P(v) == FO_WB_LF || P(v) == FO_WB_NEWLINE;
}

/* WB4: Extend, Format and ZWJ are ignored after most characters. */
static int fo_wb_efz(unsigned v)
{
	return P(v) == FO_WB_EXTEND || P(v) == FO_WB_FORMAT ||
	       P(v) == FO_WB_ZWJ;
}

static int fo_wb_ahletter(unsigned v)
{
	return P(v) == FO_WB_ALETTER || P(v) == FO_WB_HEBREW_LETTER;
}

static int fo_wb_midnumletq(unsigned v)
{
	return P(v) == FO_WB_MIDNUMLET || P(v) == FO_WB_SINGLE_QUOTE;
}

/* WB4: the index of the character that j (an index) belongs to, i.e. j
 * with the Extend/Format/ZWJ before it absorbed into their base; a run of
 * them at the start or after a newline stands on its own. */
static size_t fo_wb_base(const unsigned char *v, size_t j)
{
	while (j > 0 && fo_wb_efz(v[j]) && !fo_wb_newline(v[j - 1]))
		j--;
	return j;
}

/* The next character at or after j that is not absorbed by WB4, or n. */
static size_t fo_wb_skip(const unsigned char *v, size_t n, size_t j)
{
	while (j < n && fo_wb_efz(v[j]))
		j++;
	return j;
}

int fo_wb_is_break(const unsigned char *v, size_t n, size_t i)
{
	unsigned prev = v[i - 1], cur = v[i], a, b, c;
	size_t j, k, ris;
	int has_b = 0;

	if (P(prev) == FO_WB_CR && P(cur) == FO_WB_LF)
		return 0; /* WB3 */
	if (fo_wb_newline(prev) || fo_wb_newline(cur))
		return 1; /* WB3a, WB3b */
	if (P(prev) == FO_WB_ZWJ && (cur & FO_WB_EXTPICT))
		return 0; /* WB3c */
	if (P(prev) == FO_WB_WSEGSPACE && P(cur) == FO_WB_WSEGSPACE)
		return 0; /* WB3d */
	if (fo_wb_efz(cur))
		return 0; /* WB4 */

	/* from here on, a = the character before the boundary (WB4 applied),
	 * b = the one before a, c = the one after cur */
	j = fo_wb_base(v, i - 1);
	a = v[j];
	b = 0;
	if (j > 0) {
		b = v[fo_wb_base(v, j - 1)];
		has_b = 1;
	}
	k = fo_wb_skip(v, n, i + 1);
	c = k < n ? v[k] : 0;

	if (fo_wb_ahletter(a) && fo_wb_ahletter(cur))
		return 0; /* WB5 */
	if (fo_wb_ahletter(a) &&
	    (P(cur) == FO_WB_MIDLETTER || fo_wb_midnumletq(cur)) && k < n &&
	    fo_wb_ahletter(c))
		return 0; /* WB6 */
	if (has_b && fo_wb_ahletter(b) &&
	    (P(a) == FO_WB_MIDLETTER || fo_wb_midnumletq(a)) &&
	    fo_wb_ahletter(cur))
		return 0; /* WB7 */
	if (P(a) == FO_WB_HEBREW_LETTER && P(cur) == FO_WB_SINGLE_QUOTE)
		return 0; /* WB7a */
	if (P(a) == FO_WB_HEBREW_LETTER && P(cur) == FO_WB_DOUBLE_QUOTE &&
	    k < n && P(c) == FO_WB_HEBREW_LETTER)
		return 0; /* WB7b */
	if (has_b && P(b) == FO_WB_HEBREW_LETTER &&
	    P(a) == FO_WB_DOUBLE_QUOTE && P(cur) == FO_WB_HEBREW_LETTER)
		return 0; /* WB7c */
	if (P(a) == FO_WB_NUMERIC && P(cur) == FO_WB_NUMERIC)
		return 0; /* WB8 */
	if (fo_wb_ahletter(a) && P(cur) == FO_WB_NUMERIC)
		return 0; /* WB9 */
	if (P(a) == FO_WB_NUMERIC && fo_wb_ahletter(cur))
		return 0; /* WB10 */
	if (has_b && P(b) == FO_WB_NUMERIC &&
	    (P(a) == FO_WB_MIDNUM || fo_wb_midnumletq(a)) &&
	    P(cur) == FO_WB_NUMERIC)
		return 0; /* WB11 */
	if (P(a) == FO_WB_NUMERIC &&
	    (P(cur) == FO_WB_MIDNUM || fo_wb_midnumletq(cur)) && k < n &&
	    P(c) == FO_WB_NUMERIC)
		return 0; /* WB12 */
	if (P(a) == FO_WB_KATAKANA && P(cur) == FO_WB_KATAKANA)
		return 0; /* WB13 */
	if ((fo_wb_ahletter(a) || P(a) == FO_WB_NUMERIC ||
	     P(a) == FO_WB_KATAKANA || P(a) == FO_WB_EXTENDNUMLET) &&
	    P(cur) == FO_WB_EXTENDNUMLET)
		return 0; /* WB13a */
	if (P(a) == FO_WB_EXTENDNUMLET &&
	    (fo_wb_ahletter(cur) || P(cur) == FO_WB_NUMERIC ||
	     P(cur) == FO_WB_KATAKANA))
		return 0; /* WB13b */
	if (P(a) == FO_WB_RI && P(cur) == FO_WB_RI) {
		/* WB15, WB16: pair regional indicators from the start of their
		 * run: no break when an odd number of them precede */
		ris = 0;
		for (;;) {
			if (P(v[j]) != FO_WB_RI)
				break;
			ris++;
			if (j == 0)
				break;
			j = fo_wb_base(v, j - 1);
		}
		return ris % 2 == 0;
	}
	return 1; /* WB999 */
}
