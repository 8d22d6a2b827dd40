/*
 * hlspans.h: where a query's highlight units (query.h fo_termset) match
 * in a text, for snippet.c. The text is analysed with the index's
 * analyzer, so what is marked is exactly what the query matched (a
 * query "lock" marks "locking"), and phrases and compounds are found by
 * position, as Xapian's PHRASE finds them.
 */
#ifndef FOLIO_HLSPANS_H
#define FOLIO_HLSPANS_H

#include "analyzer/analyzer.h"
#include "search/prescan.h"
#include "search/query.h"
#include "util/buf.h"

#include <stddef.h>
#include <stdint.h>

/* A token of the analysed text. */
typedef struct fo_hltok {
	size_t term, stem; /* offsets into the arena; stem == term if none */
	fo_token_kind kind;
	int squeezed; /* a name's term without its dots (nodejs), which the
	                 index holds with no position: no NEAR matches it */
	uint32_t pos;
	size_t start, end;
} fo_hltok;

/* A match of a unit: bytes start..end of the text. */
typedef struct fo_hlspan {
	size_t start, end;
	uint32_t pos;  /* the word position it starts at */
	uint32_t last; /* and the one it ends at: a compound's last part */
	size_t unit;   /* the highlight unit matched, for distinct counts */
	unsigned gain; /* 1 per word; a phrase or compound matched as such
	                  counts one more than its words, so it beats them
	                  scattered */
} fo_hlspan;

/* The analysed text; zeroed before the first fo_hl_scan. One may serve
 * every text of a page of hits: what it keeps between scans (the
 * analyzer that does not stem, its arrays) is made once, not for each
 * text. */
typedef struct fo_hlscan {
	fo_buf arena; /* NUL-separated terms and stems */
	fo_hltok *toks;
	size_t n, cap;
	int oom;
	/* Scanning with an analyzer that does not stem (see fo_hl_scan):
	 * the stemming analyzer, and the first bytes of the query stems. */
	fo_analyzer *stemmer;
	unsigned char first[256];
	int redo;    /* a stem could not be had alone: scan again, stemming */
	size_t base; /* offset of the scanned part in the whole text */
	fo_analyzer *plain; /* the analyzer that does not stem, or NULL */
	fo_analyzer *an;    /* the one that stems: a squeezed name's stem */
	const char *text;   /* the text being analysed: a word as written */
	uint32_t pos_base;  /* added to the positions of the part scanned */
	/* fo_hl_scan_part: the part scanned, and whether only its islands
	 * (prescan.h) were */
	fo_prescan pre;
	size_t from, to;
	int partial;
	/* The NEARs (fo_hlunit.near g, bit g - 1, the first 64) that a
	 * window of their words' places holds in another text of the post
	 * (its title, its summary): the search's wider window (near_slack)
	 * is not what found the post, so it marks nothing. fo_hl_spans adds
	 * those it finds; the caller clears it for each post. */
	uint64_t near_held;
} fo_hlscan;

/* Analyse text[0..len), the part of a text that starts at byte base of
 * it, into c (its tokens' offsets are the whole text's), replacing the
 * tokens c held. FOLIO_ERROR_NOMEM, or FOLIO_OK. */
folio_status fo_hl_scan(fo_analyzer *an, const char *text, size_t len,
                        size_t base, const fo_termset *terms, fo_hlscan *c);

/* fo_hl_scan of text[from..to) of a text (its tokens' offsets are the
 * text's), which may leave out the chunks that the pre-scan shows hold
 * no match (prescan.h): the matches (fo_hl_spans) are the same, and so
 * is fo_hl_token_start. */
folio_status fo_hl_scan_part(fo_analyzer *an, const char *text, size_t from,
                             size_t to, const fo_termset *terms, fo_hlscan *c);

/* The last token start at or before pos of the text scanned into c, 0
 * if none (a chunk the scan left out is analysed here if it may hold
 * it). FOLIO_ERROR_NOMEM, or FOLIO_OK. */
folio_status fo_hl_token_start(const fo_hlscan *c, const char *text, size_t pos,
                               size_t *out);

/* Every match in c of every unit of terms, sorted, without overlaps (the
 * longest match starting at a place wins: a compound marked whole hides
 * its parts), in *out (malloc'd, NULL when none) and *n_out; the NEARs
 * held are added to c->near_held. -1: out of memory. */
int fo_hl_spans(fo_hlscan *c, const fo_termset *terms, fo_hlspan **out,
                size_t *n_out);

void fo_hl_scan_free(fo_hlscan *c);

#endif
