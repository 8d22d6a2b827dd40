/*
 * walk.h: finding the corpus files below a path (see walk.c).
 */
#ifndef FOLIO_WALK_H
#define FOLIO_WALK_H

#include "corpus/corpus.h"

enum { FO_CORPUS_NONE = 0, FO_CORPUS_MARKDOWN, FO_CORPUS_JSONL };

/* Which parser a file name calls for (by its extension). */
int fo_corpus_kind(const char *path);

/* Called per corpus file with its kind; return non-zero to stop. */
typedef int (*fo_walk_fn)(const char *path, int kind, void *ctx);

/*
 * Call file for every corpus file at or below path. Unreadable entries are
 * reported through problem (line 0) and skipped. Returns
 * FOLIO_ERROR_NOT_FOUND when path itself does not exist, FOLIO_ERROR_IO or
 * FOLIO_ERROR_INPUT when something was skipped, FOLIO_ERROR_NOMEM, or
 * FOLIO_OK.
 */
folio_status fo_walk(const char *path, fo_walk_fn file, fo_problem_fn problem,
                     void *ctx);

#endif
