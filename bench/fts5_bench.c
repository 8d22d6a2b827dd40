/*
 * fts5_bench.c: the SQLite FTS5 peer (sqlite.org/fts5.html) on the same
 * posts: one FTS5 table, tokenizer "porter unicode61 remove_diacritics 2",
 * url and date stored but not indexed, ranked by bm25() with the title
 * weighted 3 like folio's (fts5.html section 5.1.1), first 10 hits with
 * their url, title and summary.
 *
 * usage: fts5_bench build POSTS.tsv DB
 *        fts5_bench optimize DB              (merge b-trees, VACUUM)
 *        fts5_bench query DB QUERIES.tsv CLASSES REPS
 */
#include "benchutil.h"

#include <sqlite3.h>

static sqlite3 *open_db(const char *path)
{
	sqlite3 *db;

	if (sqlite3_open(path, &db) != SQLITE_OK) {
		fprintf(stderr, "fts5_bench: %s: %s\n", path, sqlite3_errmsg(db));
		exit(2);
	}
	return db;
}

static void exec(sqlite3 *db, const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
		fprintf(stderr, "fts5_bench: %s: %s\n", sql, err);
		exit(2);
	}
}

static int build(const char *tsv, const char *path)
{
	sqlite3 *db;
	sqlite3_stmt *ins;
	FILE *f = fopen(tsv, "r");
	char *line = NULL, *fld[BU_P_NCOLS];
	size_t cap = 0, posts = 0;

	if (!f) {
		perror(tsv);
		return 2;
	}
	remove(path);
	db = open_db(path);
	exec(db, "PRAGMA journal_mode=WAL");
	exec(db, "CREATE VIRTUAL TABLE posts USING fts5(url UNINDEXED, title, "
	         "summary, topics, published UNINDEXED, "
	         "tokenize='porter unicode61 remove_diacritics 2')");
	if (sqlite3_prepare_v2(db, "INSERT INTO posts VALUES(?,?,?,?,?)", -1,
	                       &ins, NULL) != SQLITE_OK)
		return 2;
	exec(db, "BEGIN");
	while (getline(&line, &cap, f) > 0) {
		if (bu_split(line, fld, BU_P_NCOLS) != BU_P_NCOLS)
			continue;
		sqlite3_bind_text(ins, 1, fld[BU_P_URL], -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 2, fld[BU_P_TITLE], -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 3, fld[BU_P_SUMMARY], -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 4, fld[BU_P_TOPICS], -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 5, fld[BU_P_PUBLISHED], -1, SQLITE_STATIC);
		if (sqlite3_step(ins) != SQLITE_DONE) {
			fprintf(stderr, "fts5_bench: %s\n", sqlite3_errmsg(db));
			return 2;
		}
		sqlite3_reset(ins);
		/* Commit in batches, as folio does (every 5000 posts). */
		if (++posts % 5000 == 0) {
			exec(db, "COMMIT");
			exec(db, "BEGIN");
		}
	}
	exec(db, "COMMIT");
	sqlite3_finalize(ins);
	exec(db, "PRAGMA wal_checkpoint(TRUNCATE)");
	sqlite3_close(db);
	printf("stat\tposts\t%zu\n", posts);
	free(line);
	fclose(f);
	return 0;
}

static int optimize(const char *path)
{
	sqlite3 *db = open_db(path);

	exec(db, "INSERT INTO posts(posts) VALUES('optimize')");
	exec(db, "PRAGMA journal_mode=DELETE");
	exec(db, "VACUUM");
	sqlite3_close(db);
	return 0;
}

static int query(const char *path, const char *qfile, const char *classes,
                 int reps)
{
	size_t n, i;
	bu_query *q = bu_load_queries(qfile, BU_Q_FTS5, classes, &n);
	sqlite3 *db = open_db(path);
	sqlite3_stmt *by_rank, *by_date, *st;
	int rep;

	if (sqlite3_prepare_v2(db, "SELECT url, title, summary FROM posts "
	                       "WHERE posts MATCH ? ORDER BY "
	                       "bm25(posts, 0, 3, 1, 1, 0) LIMIT 10",
	                       -1, &by_rank, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "SELECT url, title, summary FROM posts "
	                       "WHERE posts MATCH ? ORDER BY published DESC "
	                       "LIMIT 10", -1, &by_date, NULL) != SQLITE_OK) {
		fprintf(stderr, "fts5_bench: %s\n", sqlite3_errmsg(db));
		return 2;
	}
	for (rep = 0; rep <= reps; rep++) {
		for (i = 0; i < n; i++) {
			double t0 = bu_now_us();
			size_t seen = 0;

			st = q[i].newest ? by_date : by_rank;
			sqlite3_bind_text(st, 1, q[i].text, -1, SQLITE_STATIC);
			while (sqlite3_step(st) == SQLITE_ROW)
				seen += sqlite3_column_bytes(st, 1) > 0;
			sqlite3_reset(st);
			if (rep)
				bu_report(q[i].cls, bu_now_us() - t0, seen);
		}
	}
	sqlite3_finalize(by_rank);
	sqlite3_finalize(by_date);
	sqlite3_close(db);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "build") == 0)
		return build(argv[2], argv[3]);
	if (argc == 3 && strcmp(argv[1], "optimize") == 0)
		return optimize(argv[2]);
	if (argc == 6 && strcmp(argv[1], "query") == 0)
		return query(argv[2], argv[3], argv[4], atoi(argv[5]));
	fprintf(stderr, "usage: fts5_bench build POSTS.tsv DB | optimize DB | "
	                "query DB QUERIES.tsv CLASSES REPS\n");
	return 2;
}
