/*
 * merge.h: the posts of one indexing run, merged by URL. A post that
 * appears on several topic pages becomes one post with all their topics;
 * its other fields come from its first appearance, gaps filled by later
 * ones. Posts keep the order in which their URLs first appeared.
 *
 * A run that streams its corpus holds only the posts that appear more
 * than once here, and takes each out once its last appearance was seen
 * (fo_merge_take), so the merge holds what is still open, not everything.
 */
#ifndef FOLIO_MERGE_H
#define FOLIO_MERGE_H

#include "folio.h"

#include <stddef.h>
#include <stdint.h>

typedef struct fo_merge fo_merge;

fo_merge *fo_merge_new(void);
void fo_merge_free(fo_merge *m);

/* Copy p in, or merge it into the post with its URL. FOLIO_ERROR_NOMEM. */
folio_status fo_merge_add(fo_merge *m, const folio_post *p);

/* fo_merge_add, keeping origin, the caller's mark of where this copy was
 * read (a file and line), as the post's latest (fo_merge_find). */
folio_status fo_merge_add_at(fo_merge *m, const folio_post *p, uint64_t origin);

/* The post with this URL, which a copy of it would be merged into, or
 * NULL; *first and *origin (each if not NULL) the first and the latest
 * copy's origin, 0 if none was given. Borrowed, until the next call that
 * changes m. */
const folio_post *fo_merge_find(const fo_merge *m, const char *url,
                                uint64_t *first, uint64_t *origin);

size_t fo_merge_count(const fo_merge *m);

/* Post i in first-seen order, topics sorted and unique. Borrowed. NULL
 * past the end, or while posts taken out leave holes (see below). */
const folio_post *fo_merge_get(const fo_merge *m, size_t i);

/* Called with a post taken out of the merge, valid during the call, and
 * its URL's fo_url_hash, which the merge already has. */
typedef folio_status (*fo_merge_fn)(const folio_post *p, uint64_t url_hash,
                                    void *ctx);

/* Take out every post whose URL has this fo_url_hash (one, unless URLs
 * collide), in first-seen order: fn is called with each, then it is
 * freed. Returns fn's first error (the posts are freed all the same). */
folio_status fo_merge_take(fo_merge *m, uint64_t hash, fo_merge_fn fn,
                           void *ctx);

/* Take out every post, in first-seen order, as fo_merge_take does. */
folio_status fo_merge_take_all(fo_merge *m, fo_merge_fn fn, void *ctx);

#endif
