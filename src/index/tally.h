/*
 * tally.h: how many times each URL occurs in a corpus, kept by a 64-bit
 * hash of the URL (fo_url_hash) in 16 bytes a URL, so that a run can tell,
 * without holding the posts, which ones appear more than once and must
 * be merged (merge.h) before they are indexed. Two URLs whose hashes
 * collide share an entry: they then look like one URL seen twice, which
 * costs a merge but never merges the two (merge.h compares whole URLs).
 */
#ifndef FOLIO_TALLY_H
#define FOLIO_TALLY_H

#include "folio.h"

#include <stddef.h>
#include <stdint.h>

typedef struct fo_tally_entry {
	uint64_t hash;
	uint32_t count; /* occurrences counted */
	union {
		uint32_t file; /* counting: the caller's number for the file
		                  it was last counted in (0: none) */
		uint32_t seen; /* reading again: occurrences seen again */
	};
} fo_tally_entry;

typedef struct fo_tally fo_tally;

fo_tally *fo_tally_new(void);
void fo_tally_free(fo_tally *t);

/* Count one more occurrence of hash; *out (may be NULL) is then its
 * entry, valid until the next add. FOLIO_ERROR_NOMEM. */
folio_status fo_tally_add(fo_tally *t, uint64_t hash, fo_tally_entry **out);

/* Set every entry's file / seen to 0, to read the corpus again. */
void fo_tally_restart(fo_tally *t);

/* The entry for hash, NULL if it was never counted. */
fo_tally_entry *fo_tally_find(fo_tally *t, uint64_t hash);

/* The next entry from *cursor on (0 to begin), in no particular order;
 * NULL after the last. Its hash is the one counted, or 1 for 0. */
const fo_tally_entry *fo_tally_next(const fo_tally *t, size_t *cursor);

/* Distinct hashes counted. */
size_t fo_tally_count(const fo_tally *t);

#endif
