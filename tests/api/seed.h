/*
 * seed.h: an index of posts about "delta" built as a nightly run builds
 * one, from a JSON Lines file (path.jsonl) into shards shards, for the
 * API programs that race a writer against readers.
 */
#ifndef FOLIO_TEST_SEED_H
#define FOLIO_TEST_SEED_H

#include "folio.h"

#include <stdio.h>
#include <stdlib.h>

/* n posts https://example.com/seed/0.. whose summary is summary (no
 * quotes or backslashes) into a new index at path. */
static folio_status seed_index_sharded(const char *path, int n, unsigned shards,
                                       const char *summary)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	char file[320], *errmsg = NULL;
	const char *paths[1] = { file };
	folio_db *db = NULL;
	folio_status st;
	FILE *f;

	snprintf(file, sizeof file, "%s.jsonl", path);
	if (!(f = fopen(file, "w")))
		return FOLIO_ERROR_IO;
	for (int i = 0; i < n; i++)
		fprintf(f,
		        "{\"url\": \"https://example.com/seed/%d\", "
		        "\"title\": \"Seed post %d\", \"summary\": \"%s\"}\n",
		        i, i, summary);
	if (fclose(f) != 0)
		return FOLIO_ERROR_IO;
	oo.flags = FOLIO_OPEN_WRITE | FOLIO_OPEN_CREATE;
	st = folio_db_open(path, &oo, &db, &errmsg);
	if (st != FOLIO_OK)
		fprintf(stderr, "  open %s: %s\n", path, errmsg ? errmsg : "?");
	free(errmsg);
	io.shards = shards;
	if (st == FOLIO_OK)
		st = folio_db_index_paths(db, paths, 1, &io, NULL);
	if (st == FOLIO_OK)
		return folio_db_close(db);
	folio_db_close(db);
	return st;
}

#endif
