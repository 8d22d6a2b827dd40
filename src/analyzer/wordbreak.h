/*
 * wordbreak.h: Unicode word boundaries (UAX #29, "Word Boundaries") for the
 * analyzer (internal). fo_wb_prop() gives a code point's Word_Break
 * property from a table generated at build time from Unicode's
 * WordBreakProperty.txt and emoji-data.txt (tools/gen/gen_wbprop.c);
 * fo_wb_is_break() applies rules WB1-WB999 without tailoring. The
 * segmenter (segment.c) classifies characters through fo_wb_prop and adds
 * folio's technical tailoring on top; tests/unit/test_wordbreak.c checks
 * both against every line of WordBreakTest.txt.
 */
#ifndef FOLIO_ANALYZER_WORDBREAK_H
#define FOLIO_ANALYZER_WORDBREAK_H

#include <stddef.h>
#include <stdint.h>

/* Word_Break property values; the order is gen_wbprop.c's. */
typedef enum fo_wb_prop {
	FO_WB_OTHER = 0,
	FO_WB_CR,
	FO_WB_LF,
	FO_WB_NEWLINE,
	FO_WB_EXTEND,
	FO_WB_ZWJ,
	FO_WB_RI,
	FO_WB_FORMAT,
	FO_WB_KATAKANA,
	FO_WB_HEBREW_LETTER,
	FO_WB_ALETTER,
	FO_WB_SINGLE_QUOTE,
	FO_WB_DOUBLE_QUOTE,
	FO_WB_MIDNUMLET,
	FO_WB_MIDLETTER,
	FO_WB_MIDNUM,
	FO_WB_NUMERIC,
	FO_WB_EXTENDNUMLET,
	FO_WB_WSEGSPACE
} fo_wb_prop;

/* Set on a property value for Extended_Pictographic characters (WB3c). */
#define FO_WB_EXTPICT 0x80u

typedef struct fo_wb_range {
	uint32_t lo, hi;
	uint8_t value; /* fo_wb_prop | FO_WB_EXTPICT */
} fo_wb_range;

/* The generated table (fo_wbprop_table.c in the build tree). */
extern const fo_wb_range fo_wb_ranges[];
extern const size_t fo_wb_n_ranges;

/* Word_Break property of cp, with FO_WB_EXTPICT or'ed in when it is
 * Extended_Pictographic. */
unsigned fo_wb_value(uint32_t cp);

static inline fo_wb_prop fo_wb_prop_of(uint32_t cp)
{
	return (fo_wb_prop)(fo_wb_value(cp) & 0x7fu);
}

/*
 * Whether UAX #29 puts a word boundary before character i of the code
 * point values v[0..n) (each from fo_wb_value), 0 < i < n. Rules WB1 and
 * WB2 (boundaries at both ends of the text) are the caller's.
 */
int fo_wb_is_break(const unsigned char *v, size_t n, size_t i);

#endif
