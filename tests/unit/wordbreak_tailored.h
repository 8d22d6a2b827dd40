/*
 * wordbreak_tailored.h: the lines of WordBreakTest.txt (Unicode 15.0) where
 * folio's words differ from UAX #29's on purpose, each with the folio rule
 * responsible (test_wordbreak.c checks that exactly these lines differ;
 * the rules are in doc/analyzer.md). In the comments "|" is a boundary
 * and "x" none, as the file's ÷ and ×.
 */
typedef struct fo_tailored_line {
	unsigned lineno;
	const char *reason;
} fo_tailored_line;

/* Rule 2: CJK characters (Katakana here) are words of one character,
 * bigrammed at indexing, and never join compounds; WB13/WB13a/WB13b keep
 * Katakana runs and Katakana_ together. */
#define FO_R_CJK "CJK is per character, bigrammed later (not WB13)"
/* Rule 3: '_' joins two word characters and nothing else, so that
 * __init__ is init; WB13a/WB13b keep a leading, trailing or doubled '_'. */
#define FO_R_UNDERSCORE "'_' joins only between word characters (not WB13a/b)"
/* Rule 5: a '.' before a letter, at the start or after a non-word
 * character, starts the word (.NET); UAX #29 breaks after the dot. */
#define FO_R_LEADING_DOT "a leading '.' belongs to the word (.NET)"
/* Rule 3: '.' joins any two word characters (python3.14t, v1.x); UAX #29
 * joins with '.' only letter.letter (WB6/7) or digit.digit (WB11/12). */
#define FO_R_DOT_JOIN "'.' joins a digit and a letter (python3.14t)"
/* Rule 3: ':' separates (URLs, std::vector, key:value); WB6/WB7 join
 * letter:letter (MidLetter). */
#define FO_R_COLON "':' separates (URLs, key:value), not WB6/7 MidLetter"
/* Rule 3: an apostrophe stays only between two letters (don't); WB11/12
 * also join 1'0 and WB6/7 keep nothing else here. */
#define FO_R_APOS_DIGITS "an apostrophe joins only letters, not WB11/12 digits"
/* Rule 3: a comma stays in a number only as a digit group of exactly three
 * digits (1,068), so that lists like 1,2 stay apart; WB11/12 join any. */
#define FO_R_COMMA "a comma joins only a 3-digit group (1,068), not any WB11/12"
/* Rule 1: quotes separate, so Hebrew geresh and gershayim written with
 * ' and " are not kept (WB7a-WB7c). */
#define FO_R_HEBREW "Hebrew ' and \" separate (not WB7a-c)"
/* Rule 1: emoji are not word characters; WB3c glues a ZWJ sequence's
 * pictograph to the word before it. */
#define FO_R_EMOJI "an emoji after ZWJ is not part of the word (not WB3c)"

static const fo_tailored_line fo_tailored[] = {
	{ 265, FO_R_CJK }, /* | 3031 x 3031 | */
	{ 266, FO_R_CJK }, /* | 3031 x 0308 x 3031 | */
	{ 277, FO_R_CJK }, /* | 3031 x 005F | */
	{ 278, FO_R_CJK }, /* | 3031 x 0308 x 005F | */
	{ 335, FO_R_UNDERSCORE }, /* | 0041 x 005F | */
	{ 336, FO_R_UNDERSCORE }, /* | 0041 x 0308 x 005F | */
	{ 499, FO_R_LEADING_DOT }, /* | 002E | 0041 | */
	{ 513, FO_R_LEADING_DOT }, /* | 002E | 05D0 | */
	{ 529, FO_R_LEADING_DOT }, /* | 002E | 0061 x 2060 | */
	{ 531, FO_R_LEADING_DOT }, /* | 002E | 0061 | 003A | */
	{ 533, FO_R_LEADING_DOT }, /* | 002E | 0061 | 0027 | */
	{ 535, FO_R_LEADING_DOT }, /* | 002E | 0061 | 0027 x 2060 | */
	{ 537, FO_R_LEADING_DOT }, /* | 002E | 0061 | 002C | */
	{ 567, FO_R_UNDERSCORE }, /* | 0030 x 005F | */
	{ 568, FO_R_UNDERSCORE }, /* | 0030 x 0308 x 005F | */
	{ 613, FO_R_CJK }, /* | 005F x 3031 | */
	{ 614, FO_R_CJK }, /* | 005F x 0308 x 3031 | */
	{ 615, FO_R_UNDERSCORE }, /* | 005F x 0041 | */
	{ 616, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0041 | */
	{ 623, FO_R_UNDERSCORE }, /* | 005F x 0030 | */
	{ 624, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0030 | */
	{ 629, FO_R_UNDERSCORE }, /* | 005F x 05D0 | */
	{ 630, FO_R_UNDERSCORE }, /* | 005F x 0308 x 05D0 | */
	{ 645, FO_R_UNDERSCORE }, /* | 005F x 0061 x 2060 | */
	{ 646, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0061 x 2060 | */
	{ 647, FO_R_UNDERSCORE }, /* | 005F x 0061 | 003A | */
	{ 648, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0061 | 003A | */
	{ 649, FO_R_UNDERSCORE }, /* | 005F x 0061 | 0027 | */
	{ 650, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0061 | 0027 | */
	{ 651, FO_R_UNDERSCORE }, /* | 005F x 0061 | 0027 x 2060 | */
	{ 652, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0061 | 0027 x 2060 | */
	{ 653, FO_R_UNDERSCORE }, /* | 005F x 0061 | 002C | */
	{ 654, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0061 | 002C | */
	{ 655, FO_R_UNDERSCORE }, /* | 005F x 0031 | 003A | */
	{ 656, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0031 | 003A | */
	{ 657, FO_R_UNDERSCORE }, /* | 005F x 0031 | 0027 | */
	{ 658, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0031 | 0027 | */
	{ 659, FO_R_UNDERSCORE }, /* | 005F x 0031 | 002C | */
	{ 660, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0031 | 002C | */
	{ 661, FO_R_UNDERSCORE }, /* | 005F x 0031 | 002E x 2060 | */
	{ 662, FO_R_UNDERSCORE }, /* | 005F x 0308 x 0031 | 002E x 2060 | */
	{ 741, FO_R_UNDERSCORE }, /* | 05D0 x 005F | */
	{ 742, FO_R_UNDERSCORE }, /* | 05D0 x 0308 x 005F | */
	{ 749, FO_R_HEBREW }, /* | 05D0 x 0027 | */
	{ 750, FO_R_HEBREW }, /* | 05D0 x 0308 x 0027 | */
	{ 1205, FO_R_UNDERSCORE }, /* | 0061 x 2060 x 005F | */
	{ 1206, FO_R_UNDERSCORE }, /* | 0061 x 2060 x 0308 x 005F | */
	{ 1253, FO_R_COLON }, /* | 0061 x 003A x 0041 | */
	{ 1254, FO_R_COLON }, /* | 0061 x 003A x 0308 x 0041 | */
	{ 1267, FO_R_COLON }, /* | 0061 x 003A x 05D0 | */
	{ 1268, FO_R_COLON }, /* | 0061 x 003A x 0308 x 05D0 | */
	{ 1283, FO_R_COLON }, /* | 0061 x 003A x 0061 x 2060 | */
	{ 1284, FO_R_COLON }, /* | 0061 x 003A x 0308 x 0061 x 2060 | */
	{ 1285, FO_R_COLON }, /* | 0061 x 003A x 0061 | 003A | */
	{ 1286, FO_R_COLON }, /* | 0061 x 003A x 0308 x 0061 | 003A | */
	{ 1287, FO_R_COLON }, /* | 0061 x 003A x 0061 | 0027 | */
	{ 1288, FO_R_COLON }, /* | 0061 x 003A x 0308 x 0061 | 0027 | */
	{ 1289, FO_R_COLON }, /* | 0061 x 003A x 0061 | 0027 x 2060 | */
	{ 1290, FO_R_COLON }, /* | 0061 x 003A x 0308 x 0061 | 0027 x 2060 | */
	{ 1291, FO_R_COLON }, /* | 0061 x 003A x 0061 | 002C | */
	{ 1292, FO_R_COLON }, /* | 0061 x 003A x 0308 x 0061 | 002C | */
	{ 1551, FO_R_APOS_DIGITS }, /* | 0031 x 0027 x 0030 | */
	{ 1552, FO_R_APOS_DIGITS }, /* | 0031 x 0027 x 0308 x 0030 | */
	{ 1583, FO_R_APOS_DIGITS }, /* | 0031 x 0027 x 0031 | 003A | */
	{ 1584, FO_R_APOS_DIGITS }, /* | 0031 x 0027 x 0308 x 0031 | 003A | */
	{ 1585, FO_R_APOS_DIGITS }, /* | 0031 x 0027 x 0031 | 0027 | */
	{ 1586, FO_R_APOS_DIGITS }, /* | 0031 x 0027 x 0308 x 0031 | 0027 | */
	{ 1587, FO_R_APOS_DIGITS }, /* | 0031 x 0027 x 0031 | 002C | */
	{ 1588, FO_R_APOS_DIGITS }, /* | 0031 x 0027 x 0308 x 0031 | 002C | */
	{ 1589, FO_R_APOS_DIGITS }, /* | 0031 x 0027 x 0031 | 002E x 2060 | */
	{ 1590, FO_R_APOS_DIGITS }, /* | 0031 x 0027 x 0308 x 0031 | 002E x 2060 | */
	{ 1609, FO_R_COMMA }, /* | 0031 x 002C x 0030 | */
	{ 1610, FO_R_COMMA }, /* | 0031 x 002C x 0308 x 0030 | */
	{ 1641, FO_R_COMMA }, /* | 0031 x 002C x 0031 | 003A | */
	{ 1642, FO_R_COMMA }, /* | 0031 x 002C x 0308 x 0031 | 003A | */
	{ 1643, FO_R_COMMA }, /* | 0031 x 002C x 0031 | 0027 | */
	{ 1644, FO_R_COMMA }, /* | 0031 x 002C x 0308 x 0031 | 0027 | */
	{ 1645, FO_R_COMMA }, /* | 0031 x 002C x 0031 | 002C | */
	{ 1646, FO_R_COMMA }, /* | 0031 x 002C x 0308 x 0031 | 002C | */
	{ 1647, FO_R_COMMA }, /* | 0031 x 002C x 0031 | 002E x 2060 | */
	{ 1648, FO_R_COMMA }, /* | 0031 x 002C x 0308 x 0031 | 002E x 2060 | */
	{ 1659, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 | 0041 | */
	{ 1660, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 x 0308 | 0041 | */
	{ 1673, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 | 05D0 | */
	{ 1674, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 x 0308 | 05D0 | */
	{ 1689, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 | 0061 x 2060 | */
	{ 1690, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 x 0308 | 0061 x 2060 | */
	{ 1691, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 | 0061 | 003A | */
	{ 1692, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 x 0308 | 0061 | 003A | */
	{ 1693, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 | 0061 | 0027 | */
	{ 1694, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 x 0308 | 0061 | 0027 | */
	{ 1695, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 | 0061 | 0027 x 2060 | */
	{ 1696, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 x 0308 | 0061 | 0027 x 2060 | */
	{ 1697, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 | 0061 | 002C | */
	{ 1698, FO_R_DOT_JOIN }, /* | 0031 | 002E x 2060 x 0308 | 0061 | 002C | */
	{ 1712, FO_R_COLON }, /* | 0041 x 003A x 0041 | */
	{ 1714, FO_R_HEBREW }, /* | 05D0 x 0027 | */
	{ 1715, FO_R_HEBREW }, /* | 05D0 x 0022 x 05D0 | */
	{ 1717, FO_R_COMMA }, /* | 0030 x 002C x 0030 | */
	{ 1719, FO_R_CJK }, /* | 3031 x 3031 | */
	{ 1720, FO_R_CJK }, /* | 0041 x 005F x 0030 x 005F x 3031 x 005F | */
	{ 1721, FO_R_UNDERSCORE }, /* | 0041 x 005F x 005F x 0041 | */
	{ 1729, FO_R_EMOJI }, /* | 0061 x 200D x 1F6D1 | */
	{ 1731, FO_R_EMOJI }, /* | 0061 x 200D x 2701 | */
	{ 1749, FO_R_LEADING_DOT }, /* | 0031 | 003A | 002E | 0061 | */
	{ 1750, FO_R_LEADING_DOT }, /* | 0031 x 005F x 0031 | 003A | 002E | 0061 | */
	{ 1751, FO_R_LEADING_DOT }, /* | 0031 x 005F x 0061 | 003A | 002E | 0061 | */
	{ 1767, FO_R_LEADING_DOT }, /* | 0031 | 002E | 002E | 0061 | */
	{ 1768, FO_R_LEADING_DOT }, /* | 0031 x 005F x 0031 | 002E | 002E | 0061 | */
	{ 1769, FO_R_LEADING_DOT }, /* | 0031 x 005F x 0061 | 002E | 002E | 0061 | */
	{ 1785, FO_R_LEADING_DOT }, /* | 0031 | 002C | 002E | 0061 | */
	{ 1786, FO_R_LEADING_DOT }, /* | 0031 x 005F x 0031 | 002C | 002E | 0061 | */
	{ 1787, FO_R_LEADING_DOT }, /* | 0031 x 005F x 0061 | 002C | 002E | 0061 | */
	{ 1803, FO_R_LEADING_DOT }, /* | 0061 | 003A | 002E | 0061 | */
	{ 1804, FO_R_LEADING_DOT }, /* | 0061 x 005F x 0031 | 003A | 002E | 0061 | */
	{ 1805, FO_R_LEADING_DOT }, /* | 0061 x 005F x 0061 | 003A | 002E | 0061 | */
	{ 1821, FO_R_LEADING_DOT }, /* | 0061 | 002E | 002E | 0061 | */
	{ 1822, FO_R_LEADING_DOT }, /* | 0061 x 005F x 0031 | 002E | 002E | 0061 | */
	{ 1823, FO_R_LEADING_DOT }, /* | 0061 x 005F x 0061 | 002E | 002E | 0061 | */
	{ 1839, FO_R_LEADING_DOT }, /* | 0061 | 002C | 002E | 0061 | */
	{ 1840, FO_R_LEADING_DOT }, /* | 0061 x 005F x 0031 | 002C | 002E | 0061 | */
	{ 1841, FO_R_LEADING_DOT }, /* | 0061 x 005F x 0061 | 002C | 002E | 0061 | */
};
