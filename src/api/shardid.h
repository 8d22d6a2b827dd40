/*
 * shardid.h: which build each database of a search belongs to. A full
 * build records in each of its N databases a build id shared by all of
 * them and its shard number K (FO_META_SHARD), as Elasticsearch records an
 * index UUID and shard number in each shard. A reader gathers the records
 * of the databases it searches together (its local shards and remote
 * ones) and refuses what it can tell is wrong: a shard of a sharded build
 * twice, or some of its shards missing (where a search also holds another
 * sharded build, that is a mix of builds: a shard left listed from an
 * older generation or shard count). Whole indexes side by side (builds of
 * one database each, or every shard of a build) are allowed, overlapping
 * or not: their posts cannot be told apart without reading them all. A
 * database with no record (built before) is not checked.
 */
#ifndef FOLIO_API_SHARDID_H
#define FOLIO_API_SHARDID_H

#include "folio.h"
#include "util/buf.h"
#include "xapian/bridge.h"

typedef struct fo_shardid {
	char *name; /* "remote shard H:P", "local shard PATH", ... */
	char id[33], built[32];
	unsigned k, n; /* shard k (from 0) of n; n 0: no record */
} fo_shardid;

typedef struct fo_shardids {
	fo_shardid *v;
	size_t n, cap;
} fo_shardids;

/* Record a new build in each database of the writer x, built at built
 * (UTC): a fresh random id. */
folio_status fo_shardid_stamp(fo_xdb *x, const char *built, fo_xerr *err);

/* Add the records of the reader x's local databases (before any remote
 * is added), an index of one database named by path. */
folio_status fo_shardids_local(fo_shardids *s, fo_xdb *x, const char *path,
                               fo_buf *why);

/* Add name's record (FO_META_SHARD's value, "" when unset): refused,
 * FOLIO_ERROR_INVALID with why, when it is a shard of a build that s
 * holds already, whose posts would come twice. */
folio_status fo_shardids_add(fo_shardids *s, const char *name,
                             const char *record, fo_buf *why);

/* Forget the records added after the first n. */
void fo_shardids_truncate(fo_shardids *s, size_t n);

/* Called by fo_shardids_check for each shard of a build that s lacks. */
typedef folio_status (*fo_shardid_missing)(void *ctx, const char *shard,
                                           const char *why);

/* Whether s, when it holds two databases or more (one alone is searched
 * as asked for), holds every shard of each sharded build it holds shards
 * of. Missing ones are FOLIO_ERROR_INVALID, with why naming one. Under
 * allow_partial none is when no more are lacking than unreached remotes
 * (whose records are unknown, and which are named already) could be;
 * else the lacking shards of a lone sharded build are passed to missing,
 * and a mix of sharded builds is still refused. */
folio_status fo_shardids_check(const fo_shardids *s, int allow_partial,
                               size_t unreached, fo_shardid_missing missing,
                               void *ctx, fo_buf *why);

void fo_shardids_free(fo_shardids *s);

#endif
