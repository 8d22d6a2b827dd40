/*
 * expand.h: the terms that set a post apart from the others (Xapian's
 * ESet with the post as the relevance set), found without reading the
 * post's term list, for folio_db_similar.
 */
#ifndef FOLIO_API_EXPAND_H
#define FOLIO_API_EXPAND_H

#include "api/db.h"

/* Called per expand term, best first, with its expand weight. */
typedef void (*fo_expand_fn)(const char *term, size_t len, double weight,
                             void *ctx);

/* The n unprefixed terms of post docid that some other post holds too,
 * and no more than the rank's common_ratio of them (a search's stop
 * words), with the highest expand weights, as Enquire::get_eset gives
 * them (same
 * terms, weights and order) on an index that is not sharded; on shards,
 * weighted by the exact term frequencies, where get_eset estimates them
 * from the post's own shard. Explained on db when it fails. */
folio_status fo_expand_post(folio_db *db, uint32_t docid, unsigned n,
                            fo_expand_fn fn, void *ctx);

#endif
