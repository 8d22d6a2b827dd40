/*
 * bridge.h: the only way into Xapian. Everything behind this header is C++
 * (the .cc files in src/xapian); everything in front of it is C. Every function
 * catches every exception, including catch (...), and turns it into a
 * folio_status plus a one-line message in a caller-provided fo_xerr, so no
 * exception can ever reach a C caller or abort a host program (but one that
 * Xapian throws where it cannot, fo_xdb_on_abort).
 *
 * Objects: fo_xdb (an open database, read-only or writable), fo_xdoc (a
 * document being built), fo_xquery (an immutable query tree) and fo_xmset
 * (one page of search results with their document data).
 */
#ifndef FOLIO_BRIDGE_H
#define FOLIO_BRIDGE_H

#include "folio.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fo_xerr {
	char msg[512];
} fo_xerr;

typedef struct fo_xdb fo_xdb;
typedef struct fo_xdoc fo_xdoc;
typedef struct fo_xquery fo_xquery;
typedef struct fo_xmset fo_xmset;

/* ---- databases ---------------------------------------------------------- */

enum {
	FO_XDB_READ = 0,
	FO_XDB_WRITE = 1u << 0,
	FO_XDB_CREATE = 1u << 1, /* with WRITE: create if missing */
	FO_XDB_WAIT =
	    1u << 2, /* with WRITE: wait for the lock (DB_RETRY_LOCK) */
	FO_XDB_NOSYNC = 1u << 3, /* with WRITE: no fsync (private build dirs) */
	FO_XDB_APPEND =
	    1u << 4,           /* with WRITE: the caller promises that every
	                          unique term given to fo_xdb_replace is new,
	                          so it adds without looking (a fresh build) */
	FO_XDB_WHOLE = 1u << 5 /* a reader of a sharded generation that must
	                          see whole commits: on opening and reopening
	                          it waits (a few ms, at most until its
	                          deadline, fo_xdb_set_deadline) while a
	                          writer is between the commits of its
	                          shards; FOLIO_ERROR_MODIFIED after that.
	                          Not for the writer's own reads (it holds
	                          the lock it would wait for). */
};

/* path is a glass directory or a stub file (read-only opens). */
folio_status fo_xdb_open(const char *path, unsigned flags, fo_xdb **out,
                         fo_xerr *err);
/* fo_xdb_open of a reader (FO_XDB_READ, FO_XDB_WHOLE) whose waits end at
 * deadline (fo_xdb_set_deadline), the wait of this open included. */
folio_status fo_xdb_open_until(const char *path, unsigned flags,
                               double deadline, fo_xdb **out, fo_xerr *err);
/* When a reader stops waiting behind a writer, in CLOCK_MONOTONIC
 * seconds: for its shards to agree (FO_XDB_WHOLE), and for a read that
 * commits keep overtaking to be made again. Past it they fail with
 * FOLIO_ERROR_MODIFIED. 0 (as opened): each wait has its own bound
 * (about a second, a few attempts), which layered retries multiply. */
void fo_xdb_set_deadline(fo_xdb *db, double deadline);
/* Commit (writable), close and free. db may be NULL. A broken writer
 * (fo_xdb_broken) discards its changes since the last commit instead. */
folio_status fo_xdb_close(fo_xdb *db, fo_xerr *err);
/* Whether a call on db ran out of memory inside Xapian, which may have
 * left its objects broken: db must then only be closed (a reader may be
 * opened anew). 0 for NULL. */
int fo_xdb_broken(const fo_xdb *db);
folio_status fo_xdb_commit(fo_xdb *db, fo_xerr *err);
/* The one way out of Xapian that no catch can turn into a status: glass
 * (1.4.22) writes the last chunk of a value stream from a destructor
 * (ValueUpdater's, glass_values.cc) while a commit merges its changes,
 * so a write that fails there (a full disk: ENOSPC) or in the merge it
 * ends (the destructor then writes again, while the first error
 * unwinds) ends the process in std::terminate. Glass writes the new
 * revision's version file last, so the index is as it was at its last
 * commit. After fo_xdb_on_abort(fn), a std::terminate while a thread
 * commits calls fn(Xapian's description of its error, or where glass
 * threw in that destructor itself and terminate has none, of errno;
 * payload) first, for a program to say so and exit: fn must not return;
 * if it does, or for any other terminate, the process ends as it did
 * before (the previous handler). NULL fn: no call. The program asks
 * (folio_abort_handler_set): a library must not end its host's process
 * by itself. */
void fo_xdb_on_abort(void (*fn)(const char *what, void *payload),
                     void *payload);
/* Discard a writer's changes since its last commit (an interrupted run,
 * a private database about to be deleted); it stays usable, as at that
 * commit. Nothing for readers and NULL. */
folio_status fo_xdb_cancel(fo_xdb *db, fo_xerr *err);
/* Move a reader to the latest committed revision. *moved (may be NULL)
 * is 0 when db certainly did not move (nothing was committed since it
 * last looked; always so for a writer), else 1. */
folio_status fo_xdb_reopen(fo_xdb *db, int *moved, fo_xerr *err);
/* After reads of the reader db that raised no error, made one after
 * another (a count, then metadata): FOLIO_ERROR_MODIFIED when they may
 * be of more than one commit, because a commit came since db last
 * looked (fo_xdb_reopen) and db has moved on to it, or moved on between
 * them (a read made again on the newest commit); db is then at the
 * newest, for the caller to read them all again. FOLIO_OK for writers
 * and readers with remote shards, which never move on by themselves. */
folio_status fo_xdb_reads_current(fo_xdb *db, fo_xerr *err);
/* A count that grows each time the reader db moves on to a newer commit
 * by itself (a read overtaken by a commit, made again on it): reads made
 * between two equal counts were of one commit. */
unsigned fo_xdb_moves(const fo_xdb *db);
/* Whether a writer holds db's write lock (Database::locked()); 1 when
 * that cannot be told. */
int fo_xdb_locked(const fo_xdb *db);
folio_status fo_xdb_doccount(fo_xdb *db, uint64_t *out, fo_xerr *err);
/* The number of documents that contain term. */
folio_status fo_xdb_termfreq(fo_xdb *db, const char *term, uint64_t *out,
                             fo_xerr *err);

/* *out is malloc'd and NUL-terminated ("" when the key is unset). */
folio_status fo_xdb_get_metadata(fo_xdb *db, const char *key, char **out,
                                 fo_xerr *err);
/* The values of keys[0..n) into out[0..n), as fo_xdb_get_metadata, read
 * at one revision. */
folio_status fo_xdb_get_metadata_n(fo_xdb *db, size_t n,
                                   const char *const keys[], char *out[],
                                   fo_xerr *err);
folio_status fo_xdb_set_metadata(fo_xdb *db, const char *key,
                                 const char *value, fo_xerr *err);

/* The docid of the document indexed by a unique term, 0 if none. */
folio_status fo_xdb_find(fo_xdb *db, const char *unique_term, uint32_t *out,
                         fo_xerr *err);
/* A document's data blob; *out is malloc'd (NUL added), *len excludes it. */
folio_status fo_xdb_get_data(fo_xdb *db, uint32_t docid, char **out,
                             size_t *len, fo_xerr *err);
/* A document's value in slot; *out malloc'd as above ("" if unset).
 * docid must come from this handle's posting lists (fo_xdb_find): it is
 * not checked, and a document deleted since reads as "". */
folio_status fo_xdb_get_value(fo_xdb *db, uint32_t docid, unsigned slot,
                              char **out, size_t *len, fo_xerr *err);

/* Add doc, or replace every document indexed by unique_term with it.
 * docid, if not NULL, receives its docid as db numbers them: over shards,
 * interleaved as Xapian combines databases (shard k of n holds k + 1,
 * n + k + 1, ...), where a new document can have a lower docid than ones
 * already in another shard. */
folio_status fo_xdb_replace(fo_xdb *db, const char *unique_term,
                            const fo_xdoc *doc, uint32_t *docid,
                            fo_xerr *err);
/* Delete the documents indexed by unique_term; *deleted = how many. */
folio_status fo_xdb_delete(fo_xdb *db, const char *unique_term,
                           uint64_t *deleted, fo_xerr *err);

/* ---- shards and remote databases (bridge_shard.cc) --------------------- */

/* A sharded generation is a directory of glass databases with a stub
 * XAPIANDB listing them: fo_xdb_open opens it as one database (a writer
 * routes each unique term to its shard). */

/* The shard, of n, that holds the post with this unique term: FNV-1a 64
 * of the term, modulo n. Stable across versions and machines. */
unsigned fo_xdb_shard_of(const char *unique_term, size_t len, unsigned n);
/* How many local shards db writes to or reads (1 when not sharded; 0 for
 * a reader over remote shards alone). */
unsigned fo_xdb_shard_count(const fo_xdb *db);
/* A reader over no database yet, for remote shards only. */
folio_status fo_xdb_new_empty(fo_xdb **out, fo_xerr *err);
/* Add the database xapian-tcpsrv serves at host:port to the reader db,
 * waiting at most timeout_ms to connect and for each reply. First
 * accept (may be NULL) is called with the shard's metadata under each
 * key of the NULL-terminated keys ("" when unset), read from that shard
 * alone, and again set when the shard's database UUID is one of a
 * database db already holds (the local index or a shard added before,
 * served or copied under another name); a status other than FOLIO_OK
 * from it leaves the shard out and is returned as it is (err untouched:
 * accept says why). *timed_out is set when the shard failed by not
 * answering within timeout_ms (else it refused, hung up or is unknown):
 * what to do about it differs. */
typedef folio_status (*fo_xremote_accept)(char *const *values, int again,
                                          void *ctx);
folio_status fo_xdb_add_remote(fo_xdb *db, const char *host, unsigned port,
                               unsigned timeout_ms, const char *const *keys,
                               fo_xremote_accept accept, void *ctx,
                               int *timed_out, fo_xerr *err);

/* Set key to value in shard k (from 0) of the writer db alone (db's one
 * database when it is not sharded). */
folio_status fo_xdb_set_shard_metadata(fo_xdb *db, unsigned k, const char *key,
                                       const char *value, fo_xerr *err);
/* The reader db's value under key in each of its local databases, before
 * any remote is added: *n of them, with each one's path (a shard of a
 * sharded generation, or a replica's shard, read one by one; "" for an
 * index of one database, which its caller names). *paths and *values are
 * malloc'd arrays of malloc'd strings: free each. */
folio_status fo_xdb_local_metadata(fo_xdb *db, const char *key, char ***paths,
                                   char ***values, size_t *n, fo_xerr *err);

/* ---- documents ---------------------------------------------------------- */

/* Terms longer than Xapian's limit are dropped by the bridge (never an
 * exception); callers keep terms short (analyzer.h FO_MAX_TERM_BYTES). */
folio_status fo_xdoc_new(fo_xdoc **out);
void fo_xdoc_free(fo_xdoc *doc);
/* A term at a position, adding wdf_inc to its within-document frequency. */
folio_status fo_xdoc_add_posting(fo_xdoc *doc, const char *term, size_t len,
                                 uint32_t pos, unsigned wdf_inc);
/* A term without position. */
folio_status fo_xdoc_add_term(fo_xdoc *doc, const char *term, size_t len,
                              unsigned wdf_inc);
/* A filter term: no position, no wdf, so it never changes scores. */
folio_status fo_xdoc_add_boolean(fo_xdoc *doc, const char *term, size_t len);
folio_status fo_xdoc_set_value(fo_xdoc *doc, unsigned slot, const char *bytes,
                               size_t len);
folio_status fo_xdoc_set_data(fo_xdoc *doc, const char *bytes, size_t len);

/* ---- queries ------------------------------------------------------------ */

typedef enum fo_xop {
	FO_XOP_AND,
	FO_XOP_OR,
	FO_XOP_AND_NOT,   /* first AND NOT (OR of the rest) */
	FO_XOP_AND_MAYBE, /* first, boosted by the rest */
	FO_XOP_FILTER,    /* first, restricted by the rest without weight */
	FO_XOP_SYNONYM,   /* the subqueries weighted as one term */
	FO_XOP_PHRASE,    /* in order within window positions */
	FO_XOP_NEAR,      /* any order within window positions */
	FO_XOP_MAX        /* the best-weighted matching subquery */
} fo_xop;

/* Constructors return NULL only when out of memory. They never take
 * ownership of their arguments: free each query you made. */
fo_xquery *fo_xquery_term(const char *term, size_t len, unsigned wqf);
fo_xquery *fo_xquery_combine(fo_xop op, fo_xquery *const *subs, size_t n,
                             unsigned window);
fo_xquery *fo_xquery_scale(const fo_xquery *q, double factor);
fo_xquery *fo_xquery_match_all(void);
fo_xquery *fo_xquery_match_nothing(void);
/* Documents whose value in slot lies in [lo, hi] (byte order); NULL bound
 * = open. */
fo_xquery *fo_xquery_value_range(unsigned slot, const char *lo,
                                 const char *hi);
/* Every term starting with prefix (OP_WILDCARD), at most max_expansion. */
fo_xquery *fo_xquery_wildcard(const char *prefix, unsigned max_expansion);
/* Every document, each with the constant weight w (a
 * FixedWeightPostingSource): FILTER(fixed, q) adds w to each match of q. */
fo_xquery *fo_xquery_fixed(double w);
int fo_xquery_is_empty(const fo_xquery *q);
/* Xapian's description of the query, malloc'd; for debugging and tests. */
char *fo_xquery_describe(const fo_xquery *q);
void fo_xquery_free(fo_xquery *q);

/* ---- searching ---------------------------------------------------------- */

/* Weights within this relative difference are equal: summing a weight
 * over shards in another order moves only its last bits, and such ties
 * go by the tie slot (fo_xsearch.tie_slot), whatever the layout. */
#define FO_TIE_TOLERANCE 1e-9

typedef enum fo_xsort {
	FO_XSORT_RELEVANCE, /* weight, then value of tie_slot descending */
	FO_XSORT_VALUE_DESC,
	FO_XSORT_VALUE_ASC
} fo_xsort;

typedef struct fo_xsearch {
	size_t offset, limit; /* bounded by the posts of the commit read */
	fo_xsort sort;
	unsigned sort_slot;
	/* BM25Weight(k1, k2, k3, b, min_normlen): bm25.rst; with delta > 0,
	 * BM25PlusWeight (Lv & Zhai 2011: each matching term adds at least
	 * delta * idf, so matching more words always counts). */
	double k1, k2, k3, b, min_normlen, delta;
	size_t check_at_least; /* how many matches to count exactly */
	/* Nonzero: check_at_least is raised to every document of the commit
	 * read, and every match must be examined: the matcher may not prune
	 * (Xapian 1.4.22 can drop a hit where it prunes; README "A known
	 * limit"). */
	int exhaustive;
	/* Facets: count the values of each slot whose bit is set, over the
	 * whole match set (set exhaustive for exact counts). A value holding
	 * NULs counts once per NUL-separated part (multi-valued slots such as
	 * the topics). */
	unsigned facet_slots;
	/* FO_XSORT_RELEVANCE: equal weights go by this slot, descending,
	 * instead of sort_slot, so that the order need not depend on docids
	 * (which differ between shard layouts). A value, not a KeyMaker: the
	 * remote backend of Xapian 1.4 supports no KeyMaker. */
	unsigned tie_slot;
	/* Facet values with the same key are one value: a document counts
	 * once per key, and the key is shown in its most frequent spelling
	 * (then mixed case before all upper or all lower, then byte order).
	 * Returns the key, malloc'd, or NULL to use the value as it is.
	 * NULL: values count as they are. */
	char *(*facet_key)(const char *value, size_t len);
	/* Whether a spelling has both upper and lower case letters, which
	 * wins ties (NULL: ASCII letters are looked at). */
	int (*facet_mixed)(const char *value, size_t len);
	/* When fewer than this many posts match, the mset keeps the query
	 * terms' frequencies, which the match has read already, for
	 * fo_xmset_termfreq (0: never). */
	uint64_t termfreqs_below;
	/* A value sort: the prefix of boolean terms that split the sorted
	 * documents into ranges of sort_slot (NULL: none). A document with
	 * the term prefix+v has a sort value that starts with v, the values
	 * v sort as sort_slot's do, and a document with no such term sorts
	 * after every document with one, in either direction (the years of
	 * the dates, undated posts last). A sort over many matches then
	 * runs over the first ranges alone. */
	const char *tier_prefix;
	/* Nonzero head: of the hits [offset, offset + limit) fetched, only
	 * the first head and those from offset + page on carry their stored
	 * record (fo_xmset_data gives an empty one for the others, of which
	 * a caller reads the weights and docids alone): a second phase that
	 * rescores the first hits, then shows the page at page. Every record
	 * before a deep page was read and held (--offset 900000 of a ranked
	 * query matching 537,760 of 1M posts: 53 s and 440 MB). */
	size_t head, page;
} fo_xsearch;

/* Run q. A reader hit by DatabaseModifiedError is reopened and the search
 * retried once (databases.rst: readers see at most one commit behind). */
folio_status fo_xdb_search(fo_xdb *db, const fo_xquery *q,
                           const fo_xsearch *params, fo_xmset **out,
                           fo_xerr *err);
size_t fo_xmset_size(const fo_xmset *m);
uint64_t fo_xmset_estimate(const fo_xmset *m);
/* Nonzero when fo_xmset_estimate is the number of matches, not an
 * estimate (Xapian's lower and upper bounds on it are equal). */
int fo_xmset_exact(const fo_xmset *m);
double fo_xmset_weight(const fo_xmset *m, size_t i);
uint32_t fo_xmset_docid(const fo_xmset *m, size_t i);
/* The document data fetched with the hit; borrowed from m. */
const char *fo_xmset_data(const fo_xmset *m, size_t i, size_t *len);
/* Facet counts of slot (a bit of facet_slots): how many values, then
 * value i (borrowed from m) and its count, most frequent first. */
size_t fo_xmset_facet_size(const fo_xmset *m, unsigned slot);
const char *fo_xmset_facet(const fo_xmset *m, unsigned slot, size_t i,
                           size_t *len, uint64_t *count);
/* The number of posts holding term: as the match that made m read it
 * (fo_xsearch.termfreqs_below), else looked up in db. m may be NULL. */
folio_status fo_xmset_termfreq(fo_xdb *db, const fo_xmset *m, const char *term,
                               uint64_t *out, fo_xerr *err);
void fo_xmset_free(fo_xmset *m);

/* ---- statistics, vocabulary and relevance feedback ---------------------- */

/* Called per term; return non-zero to stop. */
typedef int (*fo_xterm_fn)(const char *term, size_t len, uint64_t freq,
                           void *ctx);

/* Every term starting with prefix, in byte order, with its termfreq. */
folio_status fo_xdb_allterms(fo_xdb *db, const char *prefix, fo_xterm_fn fn,
                             void *ctx, fo_xerr *err);
/* What a pick makes of a term: go on to the next, pass it on to fn with
 * its termfreq, go on to the first term at or after *seek (a string
 * after the term: the terms between are not read at all), or stop. */
enum { FO_XTERM_NEXT, FO_XTERM_TAKE, FO_XTERM_SEEK, FO_XTERM_STOP };
/* Called per term before its termfreq is read (reading it costs a
 * B-tree entry per term); returns one of the above, with *seek and
 * *seek_len set for FO_XTERM_SEEK (valid until the next call). */
typedef int (*fo_xterm_pick)(const char *term, size_t len, const char **seek,
                             size_t *seek_len, void *ctx);
/* The terms t with from <= t < to (to NULL: no end), in byte order, as
 * far as pick lets them be read; those it takes go on to fn. */
folio_status fo_xdb_terms_between(fo_xdb *db, const char *from,
                                  const char *to, fo_xterm_pick pick,
                                  fo_xterm_fn fn, void *ctx, fo_xerr *err);
/* Within-document frequency of term in docid (0 when absent) and the
 * number of documents holding term, both from term's posting list (no
 * term list is read: see fo_xdoc_terms). */
folio_status fo_xdb_term_stats(fo_xdb *db, uint32_t docid, const char *term,
                               uint64_t *wdf, uint64_t *termfreq, fo_xerr *err);
/* A document's length (the sum of its wdfs) and the average length. */
folio_status fo_xdb_doc_length(fo_xdb *db, uint32_t docid, uint64_t *len,
                               double *avg, fo_xerr *err);
/* The terms of doc, in byte order, each with its wdf (fn's freq); fn
 * returns non-zero to stop. A document built here (fo_xdoc_new) holds
 * them itself: no database is read, its term list table least of all. */
folio_status fo_xdoc_terms(const fo_xdoc *doc, fo_xterm_fn fn, void *ctx);

/* ---- maintenance (the index side: bridge_admin.cc) ---------------------- */

/* The number of distinct terms (walks the term list). */
folio_status fo_xdb_term_count(fo_xdb *db, uint64_t *out, fo_xerr *err);
/* Add a copy of src's document docid (terms, positions, values, data) to
 * the writable dst, under unique_term. */
folio_status fo_xdb_copy_doc(fo_xdb *src, uint32_t docid, fo_xdb *dst,
                             const char *unique_term, fo_xerr *err);
/* Merge the glass databases srcs[0..n) into a new database at dest
 * (Xapian::Database::compact; docids renumbered by source, so they cannot
 * clash). */
folio_status fo_xdb_compact(const char *const *srcs, size_t n,
                            const char *dest, fo_xerr *err);
/* ---- checking (bridge_check.cc) ----------------------------------------- */

/* Called with each problem fo_xdb_check finds, a message naming the table
 * file it is in; valid during the call. */
typedef void (*fo_xproblem_fn)(const char *problem, void *ctx);
/* Xapian::Database::check on the glass database at path (each database
 * a stub there lists, and theirs: the shards of a sharded generation, a
 * replica's current copy): *problems is the number of problems found,
 * each given to fn (when not NULL) and the first into err.
 * FOLIO_ERROR_MODIFIED: it found damage or failed while a writer changed
 * the database (a commit, a generation deleted), so nothing is known
 * (whatever fn was given is void).
 * isolate: each database is checked in a child process (util/child.h),
 * and a crash of the checker there is a finding in the table it was
 * reading; FOLIO_ERROR_BACKEND when the child was killed from outside,
 * or ran past timeout_ms (0: no limit), when it is killed. */
folio_status fo_xdb_check(const char *path, int isolate, unsigned timeout_ms,
                          uint64_t *problems, fo_xerr *err, fo_xproblem_fn fn,
                          void *ctx);
/* Whether reader db's shards hold different commits of their writer
 * while no writer is at work: one died between its shards' commits, so
 * part of its last batch is searchable (bridge_shard.cc fo_xsettle).
 * Then out (size bytes) says which shard holds which commit; else it is
 * "". */
folio_status fo_xdb_torn(fo_xdb *db, char *out, size_t size, fo_xerr *err);
/* Whether the glass database at path (and each a stub there lists) lost
 * a table file that Xapian would take for an empty table (termlist,
 * position, docdata: bridge_check.cc lost_table): FOLIO_ERROR_CORRUPT,
 * naming the file in err. */
folio_status fo_xdb_lost(const char *path, fo_xerr *err);
/* Whether a file of the glass database at path (and of each a stub there
 * lists) is there but no regular file (a directory in a table's place):
 * FOLIO_ERROR_IO, naming it in err. For the failure path alone. */
folio_status fo_xdb_odd_file(const char *path, fo_xerr *err);
/* The values under keys[0..n) (each malloc'd into out[i], "" for a key
 * not recorded; all NULL on failure) that the glass database at path (or
 * the first of those a stub there lists that can be read) records, read
 * from its posting-list table alone, in one open: for a database that
 * cannot be opened, as another of its tables is cut short or damaged
 * (bridge_salvage.cc). */
folio_status fo_xdb_salvage_metadata(const char *path, const char *const *keys,
                                     size_t n, char **out, fo_xerr *err);

/* ---- walking a database (bridge_admin.cc) ------------------------------- */

/* Call fn with each document's docid and data; fn returns non-zero to
 * stop. */
typedef int (*fo_xdoc_fn)(uint32_t docid, const char *data, size_t len,
                          void *ctx);
folio_status fo_xdb_each_doc(fo_xdb *db, fo_xdoc_fn fn, void *ctx,
                             fo_xerr *err);
/* The highest docid in use (0 when empty). */
folio_status fo_xdb_last_docid(fo_xdb *db, uint32_t *out, fo_xerr *err);
/* Call fn with each document's docid, ascending; fn returns non-zero to
 * stop. Cheaper than fo_xdb_each_doc: no document is read. */
typedef int (*fo_xdocid_fn)(uint32_t docid, void *ctx);
folio_status fo_xdb_each_docid(fo_xdb *db, fo_xdocid_fn fn, void *ctx,
                               fo_xerr *err);
/* Call fn with the docid and value of each document that has a value in
 * slot, by ascending docid; fn returns non-zero to stop. */
typedef int (*fo_xvalue_fn)(uint32_t docid, const char *value, size_t len,
                            void *ctx);
folio_status fo_xdb_each_value(fo_xdb *db, unsigned slot, fo_xvalue_fn fn,
                               void *ctx, fo_xerr *err);
/* The first term of document docid that starts with prefix (its unique
 * term, for prefix FO_PREFIX_URL); *out malloc'd, NULL when the document
 * has none. */
folio_status fo_xdb_doc_term(fo_xdb *db, uint32_t docid, const char *prefix,
                             char **out, fo_xerr *err);

/* Version strings of the libraries behind the bridge. */
const char *fo_xapian_version(void);

#ifdef __cplusplus
}
#endif

#endif
