/*
 * merge.h: the posts of one indexing run, merged by URL. A post that
 * appears on several topic pages becomes one post with all their topics;
 * its other fields come from its first appearance, gaps filled by later
 * ones. Posts keep the order in which their URLs first appeared.
 */
#ifndef FOLIO_MERGE_H
#define FOLIO_MERGE_H

#include "folio.h"

#include <stddef.h>

typedef struct fo_merge fo_merge;

fo_merge *fo_merge_new(void);
void fo_merge_free(fo_merge *m);

/* Copy p in, or merge it into the post with its URL. FOLIO_ERROR_NOMEM. */
folio_status fo_merge_add(fo_merge *m, const folio_post *p);

size_t fo_merge_count(const fo_merge *m);

/* Post i in first-seen order, topics sorted and unique. Borrowed. */
const folio_post *fo_merge_get(const fo_merge *m, size_t i);

#endif
