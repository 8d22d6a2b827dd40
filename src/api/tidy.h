/*
 * tidy.h: a post from folio_db_add_post made as a corpus file would give
 * it (corpus/jsonl.c, corpus/markdown_post.c), so that a post is stored
 * the same way whichever way it came.
 */
#ifndef FO_API_TIDY_H
#define FO_API_TIDY_H

#include "folio.h"

/* Set *out to in with its title, summary, company, author, type and
 * topics without surrounding white space: a blank optional field is
 * NULL, a blank topic none, a blank title or summary "" (which
 * fo_post_check calls missing). The URL and date are in's. in must have
 * passed fo_run_check_post (no NULL topic). The strings live in *hold,
 * which the caller frees. FOLIO_OK, or FOLIO_ERROR_NOMEM. */
folio_status fo_post_tidy(const folio_post *in, folio_post *out, void **hold);

#endif
