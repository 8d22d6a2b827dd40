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

/* Longer chains of joined segments start a new compound, which keeps the
 * joined term meaningful and the compound in a fixed-size array. */
#define FO_SEG_MAX_PARTS 16

typedef struct fo_seg_part {
	size_t start, end; /* raw span; the last part's includes a kept +/# */
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
} fo_segmenter;

void fo_seg_init(fo_segmenter *sg, const char *text, size_t len);

/* Fill c with the next compound; 0 at the end of the text. */
int fo_seg_next(fo_segmenter *sg, fo_seg_compound *c);

/* Words of at most this many bytes may take fo_seg_next_short. */
#define FO_SEG_SHORT_MAX 15

/*
 * fo_seg_next's commonest case in one step, without filling a compound:
 * the separators before the next word, then the word, a plain ASCII word
 * (c->simple) of at most FO_SEG_SHORT_MAX bytes whose end lies within 16
 * bytes of where the scan starts. Returns the word's length, its start
 * in *start and in *digits whether it has digits, and moves sg past it
 * as fo_seg_next would; returns 0 and changes nothing otherwise, when
 * fo_seg_next must be asked instead. (0 always on CPUs without SSE2.)
 */
size_t fo_seg_next_short(fo_segmenter *sg, size_t *start, int *digits);

#endif
