/*
 * fts5_rel.c: the SQLite FTS5 peer. An FTS5 table (title, summary) with
 * tokenize='porter unicode61 remove_diacritics 2'; each query's words
 * (runs of letters and digits) are quoted and ORed, and ranked by bm25().
 * Usage: rel_fts5 index DB DOCS.tsv | rel_fts5 search DB QUERIES.tsv
 */
#include "common.h"

#include <ctype.h>
#include <sqlite3.h>

static int fail(sqlite3 *db)
{
	fprintf(stderr, "rel_fts5: %s\n", sqlite3_errmsg(db));
	return 2;
}

static int index_docs(sqlite3 *db, const char *docs)
{
	static char line[1 << 20];
	char *f[3];
	sqlite3_stmt *ins;
	FILE *in = fopen(docs, "r");

	if (!in)
		return 2;
	if (sqlite3_exec(db,
	                 "DROP TABLE IF EXISTS docs;"
	                 "CREATE VIRTUAL TABLE docs USING fts5(url UNINDEXED, "
	                 "title, summary, tokenize='porter unicode61 "
	                 "remove_diacritics 2');"
	                 "BEGIN;",
	                 NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "INSERT INTO docs VALUES (?, ?, ?)", -1,
	                       &ins, NULL) != SQLITE_OK)
		return fail(db);
	while (fgets(line, sizeof line, in)) {
		if (split_tsv(chomp(line), f, 3) != 3)
			continue;
		sqlite3_bind_text(ins, 1, f[0], -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 2, f[1], -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 3, f[2], -1, SQLITE_STATIC);
		if (sqlite3_step(ins) != SQLITE_DONE)
			return fail(db);
		sqlite3_reset(ins);
	}
	fclose(in);
	sqlite3_finalize(ins);
	return sqlite3_exec(db, "COMMIT;", NULL, NULL, NULL) == SQLITE_OK
	               ? 0 : fail(db);
}

/* "w1" OR "w2" ... from the query's runs of letters and digits (bytes
 * >= 0x80 count as letters, so UTF-8 words stay whole). */
static void fts_query(const char *text, char *out, size_t size)
{
	size_t n = 0;
	const unsigned char *p = (const unsigned char *)text;

	out[0] = '\0';
	while (*p) {
		while (*p && !(isalnum(*p) || *p >= 0x80))
			p++;
		if (!*p)
			break;
		if (n && n + 4 < size)
			n += (size_t)snprintf(out + n, size - n, " OR ");
		if (n + 1 < size)
			out[n++] = '"';
		while (*p && (isalnum(*p) || *p >= 0x80)) {
			if (n + 2 < size)
				out[n++] = (char)*p;
			p++;
		}
		if (n + 1 < size)
			out[n++] = '"';
		out[n] = '\0';
	}
}

static int search(sqlite3 *db, const char *queries)
{
	static char line[65536], match[131072];
	char *f[3];
	sqlite3_stmt *sel;
	FILE *in = fopen(queries, "r");

	if (!in)
		return 2;
	if (sqlite3_prepare_v2(db, "SELECT url FROM docs WHERE docs MATCH ? "
	                       "ORDER BY bm25(docs) LIMIT 10", -1, &sel,
	                       NULL) != SQLITE_OK)
		return fail(db);
	while (fgets(line, sizeof line, in)) {
		size_t rank = 0, k = 0;
		double t0;

		if (split_tsv(chomp(line), f, 3) != 3)
			continue;
		t0 = bu_now_us();
		fts_query(f[1], match, sizeof match);
		sqlite3_bind_text(sel, 1, match, -1, SQLITE_STATIC);
		while (match[0] && sqlite3_step(sel) == SQLITE_ROW) {
			k++;
			if (!rank && strcmp((const char *)sqlite3_column_text(sel, 0),
			                    f[2]) == 0)
				rank = k;
		}
		sqlite3_reset(sel);
		printf("%s\t%zu\t%.0f\n", f[0], rank, bu_now_us() - t0);
	}
	fclose(in);
	sqlite3_finalize(sel);
	return 0;
}

int main(int argc, char **argv)
{
	sqlite3 *db;
	int rc = 2;

	if (argc != 4) {
		fprintf(stderr, "usage: rel_fts5 index|search DB FILE.tsv\n");
		return 2;
	}
	if (sqlite3_open(argv[2], &db) != SQLITE_OK)
		return fail(db);
	if (strcmp(argv[1], "index") == 0)
		rc = index_docs(db, argv[3]);
	else if (strcmp(argv[1], "search") == 0)
		rc = search(db, argv[3]);
	sqlite3_close(db);
	return rc;
}
