/*
 * known.h: the posts an index holds, by a 64-bit hash of their URL
 * (fo_url_hash), with each one's docid and content hash, read in one pass
 * over two value slots (schema.h FO_SLOT_URL, FO_SLOT_HASH). A run that
 * compares every post of a corpus with the index asks this table instead
 * of looking each URL up: Xapian 1.4 descends its B-tree afresh for every
 * lookup (two a post, the unique term's posting list and the hash's value
 * chunk), which was most of re-syncing an unchanged corpus.
 *
 * 24 bytes a post. Posts written by a folio that did not record
 * FO_SLOT_URL, and URLs whose hashes collide, are not in the table: for
 * those the caller looks the post up as before (FO_KNOWN_LOOKUP).
 */
#ifndef FOLIO_KNOWN_H
#define FOLIO_KNOWN_H

#include "folio.h"
#include "xapian/bridge.h"

#include <stdint.h>

typedef struct fo_known fo_known;

typedef enum fo_known_answer {
	FO_KNOWN_HELD,   /* the index holds it: its docid and content hash */
	FO_KNOWN_ABSENT, /* the index holds no post with that URL */
	FO_KNOWN_LOOKUP  /* the table cannot tell: look the URL up */
} fo_known_answer;

/* The FO_SLOT_URL value of a URL of this fo_url_hash (8 bytes, most
 * significant first). */
void fo_url_hash_value(uint64_t url_hash, char out[8]);

/* Read the table of xdb's posts into *out (the caller frees it).
 * FOLIO_ERROR_NOMEM, or Xapian's error in err. */
folio_status fo_known_load(fo_xdb *xdb, fo_known **out, fo_xerr *err);

/* What the table says of the post whose URL has this fo_url_hash: for
 * FO_KNOWN_HELD, *docid and *content (the post's fo_post_hash). */
fo_known_answer fo_known_find(const fo_known *k, uint64_t url_hash,
                              uint32_t *docid, uint64_t *content);

void fo_known_free(fo_known *k);

#endif
