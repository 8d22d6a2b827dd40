/*
 * scratch.h: what the tests that build real indexes through folio.h
 * share: their scratch directory (root, which main fills with
 * fo_tempdir_make), paths in it, a corpus of numbered posts, and opening,
 * indexing and counting in one call each. The includer includes folio.h
 * first.
 */
#ifndef FOLIO_TEST_SCRATCH_H
#define FOLIO_TEST_SCRATCH_H

#include <stdio.h>
#include <stdlib.h>

static char root[256];

#define WRITE_CREATE (FOLIO_OPEN_WRITE | FOLIO_OPEN_CREATE)

/* buf (size bytes) filled with root/name. */
static inline const char *in_root(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", root, name);
	return buf;
}

/* The handle, or NULL with the library's message on stderr. */
static inline folio_db *open_as(const char *path, unsigned flags)
{
	folio_open_options opts = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL;
	char *errmsg = NULL;

	opts.flags = flags;
	if (folio_db_open(path, &opts, &db, &errmsg) != FOLIO_OK)
		fprintf(stderr, "  open %s: %s\n", path, errmsg ? errmsg : "?");
	free(errmsg);
	return db;
}

/* Write n JSON Lines posts p<first>.. whose summaries carry mark. */
static inline int write_posts(const char *path, int first, int n,
                              const char *mark)
{
	FILE *f = fopen(path, "w");
	int i;

	if (!f)
		return -1;
	for (i = first; i < first + n; i++)
		fprintf(f, "{\"url\": \"https://example.com/p%d\", \"title\": "
		        "\"Post %d\", \"summary\": \"Words about %s and "
		        "lattices.\"}\n", i, i, mark);
	return fclose(f);
}

/* Index the one corpus path with two threads (shards 0: the layout the
 * index has). */
static inline folio_status index_file(folio_db *db, const char *path,
                                      int rebuild, int no_delete,
                                      unsigned shards,
                                      folio_index_report *rep)
{
	folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;

	io.rebuild = rebuild;
	io.no_delete = no_delete;
	io.shards = shards;
	io.threads = 2;
	return folio_db_index_paths(db, &path, 1, &io, rep);
}

/* How many posts query matches (total), or how many hits its first page
 * holds (count; default options), or -1 when the search fails. */
static inline long search_number(folio_db *db, const char *query, int total)
{
	folio_results *r = NULL;
	long n;

	if (folio_db_search(db, query, NULL, &r) != FOLIO_OK)
		return -1;
	n = (long)(total ? folio_results_total(r) : folio_results_count(r));
	folio_results_free(r);
	return n;
}

static inline long total_of(folio_db *db, const char *query)
{
	return search_number(db, query, 1);
}

static inline long hits_of(folio_db *db, const char *query)
{
	return search_number(db, query, 0);
}

#endif
