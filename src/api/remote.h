/*
 * remote.h: a reader's remote shards: databases served by xapian-tcpsrv
 * (Xapian's remote backend), added to the local generation so one search
 * spans both with global statistics. The list comes from the open options
 * and the index directory's REMOTES file; which shards could not be
 * reached is kept for folio_db_skipped_shard.
 */
#ifndef FOLIO_API_REMOTE_H
#define FOLIO_API_REMOTE_H

#include "folio.h"
#include "util/buf.h"

#define FO_REMOTES_FILE "REMOTES"
#define FO_REMOTE_TIMEOUT_MS 10000
#define FO_REMOTE_RETRY_MIN_MS 5000

typedef struct fo_remotes {
	char **names;     /* "HOST:PORT" */
	struct addrinfo **addrs; /* each name's addresses (NULL: unresolved) */
	size_t n, cap_names, cap_addrs;
	unsigned timeout_ms;
	int allow_partial;
	char **skipped;   /* names and reasons, in pairs: 2 * n_skipped */
	size_t n_skipped, cap_skipped; /* in pairs */
	size_t n_unlisted; /* of them, shards of a build that none listed is */
	double retry_at;  /* CLOCK_MONOTONIC seconds: try skipped ones again */
} fo_remotes;

struct folio_db;

/* Take the caller's remotes and those in path/REMOTES (path may be NULL)
 * into rm, checking each is HOST:PORT. */
folio_status fo_remotes_init(fo_remotes *rm, const char *path,
                             const folio_open_options *opts, fo_buf *why);

/* Add every remote to db->xdb, a freshly opened reader. A shard that
 * cannot be reached is skipped under allow_partial, else the error names
 * it (FOLIO_ERROR_UNAVAILABLE). Then the databases searched, local and
 * remote, must hold each sharded build whole and once (shardid.h). Skipped
 * shards are due to be tried again after FO_REMOTE_RETRY_MIN_MS, or three
 * timeouts if longer: a refused connection fails at once, but one to a host
 * that does not answer costs a timeout, which must not fall on every search. */
folio_status fo_remotes_attach(struct folio_db *db, fo_buf *why);

/* Whether the shards skipped at the last attach are due to be tried
 * again (see fo_remotes_attach). */
int fo_remotes_retry_due(const fo_remotes *rm);

void fo_remotes_free(fo_remotes *rm);

#endif
