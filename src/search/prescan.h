/*
 * prescan.h: the parts of a text that can hold a match of a query's
 * highlight units, found without analysing the text, so that a snippet
 * analyses those parts only (hlspans.c fo_hl_scan_part).
 *
 * The text is cut at ASCII white space into chunks. The analyzer gives
 * a text the tokens of its chunks, each analysed alone (white space
 * parts words and nothing reaches across it: test_prescan), so a chunk
 * holds a match only if its own tokens do. A chunk of ASCII bytes is
 * normalised by lowercasing alone, and each of its terms is a substring
 * of the chunk lowercased without its '-' and ',' (a compound's joined
 * term drops its hyphens, a digit group its commas) and without some of
 * its '.' and '_' (a name's squeezed term, nodejs of Node.js, drops
 * them: fo_token_squeezed), and each English
 * stem of such a term keeps all but at most its last two bytes as the
 * term's start (Porter2 and Porter rewrite at most one byte of what a
 * word has at its end, but two in "bility" -> "ble" and "dying" ->
 * "die"; fo_prescan_stem_needle, and test_prescan checks every word of
 * Snowball's vocabularies). So a chunk of ASCII bytes that holds none
 * of a unit's needles (its term, its stem less what may be rewritten,
 * its phrase words) holds no match of it. Any other chunk (a
 * byte >= 0x80) may.
 */
#ifndef FOLIO_PRESCAN_H
#define FOLIO_PRESCAN_H

#include "analyzer/analyzer.h"
#include "search/query.h"

#include <stddef.h>
#include <stdint.h>

/* A needle: bytes of a unit's strings, valid while its termset is, and
 * its first two (the second 0 for one byte), kept to clear the tables
 * after that termset is gone. */
typedef struct fo_needle {
	const char *s;
	size_t len;
	unsigned char b0, b1;
} fo_needle;

/* Distinct first pairs of needles compared sixteen bytes at a time;
 * beyond that, the pre-scan looks at each byte. */
#define FO_PRESCAN_FIRSTS 24

/* Zeroed before the first use; one may serve every text of a page. */
typedef struct fo_prescan {
	fo_needle *needles;
	size_t n_needles, needles_cap;
	/* the needles' first bytes: one bit for each first two, one byte
	 * for a needle of one */
	uint64_t pair[65536 / 64];
	unsigned char one[256];
	unsigned char first[256]; /* any needle's first byte */
	fo_needle firsts[FO_PRESCAN_FIRSTS + 1];
	size_t n_firsts;
	size_t *islands; /* start, end pairs: runs of chunks to analyse */
	size_t n_islands, islands_cap;
} fo_prescan;

/* Take the needles of terms as analysed by an: 1 when the pre-scan can
 * reason about them (English or Porter stems, no NEAR, whose windows
 * count positions across the parts left out), 0 when not, -1 out of
 * memory. */
int fo_prescan_setup(fo_prescan *p, const fo_analyzer *an,
                     const fo_termset *terms);

/* The islands of text[from..to) (from and to on chunk bounds, as a
 * snippet's parts are): runs of whole chunks that may hold a match,
 * joined where only chunks without letters or digits (no tokens) come
 * between, so that a phrase keeps its positions. 0, or -1 out of
 * memory. */
int fo_prescan_islands(fo_prescan *p, const char *text, size_t from, size_t to);

/* How many first bytes of an English stem stem[0..len) every word of
 * letters that stems to it starts with: all of it, all but the last
 * where that may be a byte rewritten (e, i, l, y), all but the last two
 * for a stem ending in "ble" and for die, lie and tie. */
size_t fo_prescan_stem_needle(const char *stem, size_t len);

/* Whether the chunk that starts at byte start is in an island. */
int fo_prescan_in_island(const fo_prescan *p, size_t start);

void fo_prescan_free(fo_prescan *p);

#endif
