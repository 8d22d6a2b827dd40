/*
 * seed.h: an index of posts about "delta" built as a nightly run builds
 * one, from a JSON Lines file (path.jsonl) into shards shards, and the
 * posts a writer adds to it, for the API programs that race a writer
 * against readers; and a handle opened with the error said.
 */
#ifndef FOLIO_TEST_SEED_H
#define FOLIO_TEST_SEED_H

#include "folio.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* n posts https://example.com/seed/0.. whose summary is summary (no
 * quotes or backslashes) into a new index at path. */
static inline folio_status seed_index_sharded(const char *path, int n,
                                              unsigned shards,
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

static inline folio_status seed_open(const char *path, unsigned flags,
                                     folio_db **db)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	char *errmsg = NULL;
	folio_status st;

	opts.flags = flags;
	st = folio_db_open(path, &opts, db, &errmsg);
	if (st != FOLIO_OK)
		fprintf(stderr, "  open %s: %s\n", path, errmsg ? errmsg : "?");
	free(errmsg);
	return st;
}

static const char *const seed_writer_topics[] = { "Threads" };

/* Post number i of a writer: every one has the word "gamma"; the title
 * and the URL carry the same number so a reader can check a hit is
 * whole (seed_hit_is_whole). url and title hold 64 bytes. */
static inline void seed_writer_post(folio_post *p, char *url, char *title,
                                    int i)
{
	snprintf(url, 64, "https://example.com/w/%d", i);
	snprintf(title, 64, "Writer post %d", i);
	memset(p, 0, sizeof *p);
	p->url = url;
	p->title = title;
	p->company = "Example";
	p->published = "2026-01-02";
	p->summary = "A gamma ray burst of posts written while readers search.";
	p->topics = seed_writer_topics;
	p->n_topics = 1;
}

/* Whether h is a whole post of seed_writer_post: its number, else -1. */
static inline int seed_hit_is_whole(const folio_hit *h)
{
	int n = -1, m = -2;

	if (!h || sscanf(h->url, "https://example.com/w/%d", &n) != 1 ||
	    sscanf(h->title, "Writer post %d", &m) != 1 || n != m ||
	    h->n_topics != 1 || strcmp(h->topics[0], "Threads") != 0 ||
	    !h->company || strcmp(h->company, "Example") != 0)
		return -1;
	return n;
}

#endif
