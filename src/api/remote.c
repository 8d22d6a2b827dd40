/*
 * remote.c: remote shards (remote.h). Xapian::Remote::open connects when
 * the database is added, so an unreachable shard shows up here, when the
 * handle opens, or when a search's reopen finds the connection gone (db.c
 * then reopens the handle, which comes back here), or when a search finds
 * the shards skipped before due to be tried again.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/remote.h"

#include "api/db.h"
#include "api/shardid.h"
#include "index/schema.h"
#include "util/ascii.h"
#include "util/errstr.h"
#include "util/grow.h"

#include <errno.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* name is not HOST:PORT, for the reason fmt says (when why is not
 * NULL): -1. */
static int not_host_port(fo_buf *why, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int not_host_port(fo_buf *why, const char *name, const char *fmt, ...)
{
	char reason[400];
	va_list ap;

	if (why) {
		va_start(ap, fmt);
		vsnprintf(reason, sizeof reason, fmt, ap);
		va_end(ap);
		fo_buf_printf(why, "remote shard \"%s\" is not HOST:PORT: %s",
		              name, reason);
	}
	return -1;
}

/* Split "HOST:PORT" at its last colon, or "[ADDRESS]:PORT" (an IPv6
 * address, as in a URL), into the host Xapian connects to, without the
 * brackets (Xapian 1.4 connects over IPv4 alone, and then says that ::1
 * is of an address family it does not support, where "[::1]" was a name
 * no resolver knows), and the port: 1 to 65535 in decimal digits alone
 * (strtoul read "+1" and " 1" as port 1). -1 when name is no such thing,
 * with why naming its bad part. */
static int split(const char *name, char *host, size_t size, unsigned *port,
                 fo_buf *why)
{
	const char *h = name, *end, *colon, *d;
	unsigned long p = 0;

	if (*name == '[') {
		h = name + 1;
		if (!(end = strchr(h, ']')))
			return not_host_port(why, name,
			                     "its [ is never closed");
		colon = end + 1;
		if (*colon != ':')
			return not_host_port(why, name,
			                     "no :PORT follows its ]");
	} else {
		if (!(end = colon = strrchr(name, ':')))
			return not_host_port(why, name, "it has no :PORT");
		if (memchr(name, ':', (size_t)(colon - name)))
			return not_host_port(why, name,
			                     "an IPv6 address goes in brackets "
			                     "([ADDRESS]:PORT)");
	}
	if (end == h)
		return not_host_port(why, name, "it has no host");
	if ((size_t)(end - h) >= size)
		return not_host_port(
		    why, name, "its host is longer than %zu bytes", size - 1);
	for (d = colon + 1; fo_ascii_is_digit((unsigned char)*d); d++)
		if (p <= 65535)
			p = p * 10 + (unsigned long)(*d - '0');
	if (!colon[1])
		return not_host_port(why, name, "it has no port after its :");
	if (*d || p == 0 || p > 65535)
		return not_host_port(why, name,
		                     "its port \"%s\" is not a number from 1 "
		                     "to 65535",
		                     colon + 1);
	memcpy(host, h, (size_t)(end - h));
	host[end - h] = '\0';
	*port = (unsigned)p;
	return 0;
}

/* Room for one more name and its addresses. */
static folio_status grow(fo_remotes *rm)
{
	if (fo_grow((void **)&rm->names, &rm->cap_names, rm->n,
	            sizeof *rm->names) != 0 ||
	    fo_grow((void **)&rm->addrs, &rm->cap_addrs, rm->n,
	            sizeof *rm->addrs) != 0)
		return FOLIO_ERROR_NOMEM;
	return FOLIO_OK;
}

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* host:port's TCP addresses, or NULL when it does not resolve (then the
 * connection reports why, when the shard is added). */
static struct addrinfo *resolve(const char *host, unsigned port)
{
	struct addrinfo hints, *res = NULL;
	char service[8];

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	snprintf(service, sizeof service, "%u", port);
	if (getaddrinfo(host, service, &hints, &res) != 0)
		return NULL;
	return res;
}

/* Whether two address lists share an address (and port). */
static int same_server(const struct addrinfo *a, const struct addrinfo *b)
{
	const struct addrinfo *x, *y;

	for (x = a; x; x = x->ai_next)
		for (y = b; y; y = y->ai_next)
			if (x->ai_addrlen == y->ai_addrlen &&
			    memcmp(x->ai_addr, y->ai_addr, x->ai_addrlen) == 0)
				return 1;
	return 0;
}

static folio_status add_name(fo_remotes *rm, const char *name, fo_buf *why)
{
	char host[256];
	unsigned port;
	struct addrinfo *addrs;
	size_t i;

	if (split(name, host, sizeof host, &port, why) != 0)
		return FOLIO_ERROR_INVALID;
	/* Listed twice (--remote and REMOTES), or under two names of one
	 * address (localhost:P and 127.0.0.1:P): searched twice, its posts
	 * would come twice and count twice in every statistic. */
	for (i = 0; i < rm->n; i++)
		if (strcasecmp(rm->names[i], name) == 0)
			return FOLIO_OK;
	addrs = resolve(host, port);
	for (i = 0; addrs && i < rm->n; i++)
		if (rm->addrs[i] && same_server(rm->addrs[i], addrs)) {
			freeaddrinfo(addrs);
			return FOLIO_OK;
		}
	if (grow(rm) != FOLIO_OK || !(rm->names[rm->n] = strdup(name))) {
		if (addrs)
			freeaddrinfo(addrs);
		return FOLIO_ERROR_NOMEM;
	}
	rm->addrs[rm->n++] = addrs;
	return FOLIO_OK;
}

/* path/REMOTES: one HOST:PORT a line; blank lines and '#' comments. */
static folio_status read_file(fo_remotes *rm, const char *path, fo_buf *why)
{
	fo_buf file = FO_BUF_INIT;
	char line[512], word[300];
	unsigned lineno = 0;
	folio_status st = FOLIO_OK;
	FILE *f;

	fo_buf_printf(&file, "%s/%s", path, FO_REMOTES_FILE);
	if (file.oom)
		return FOLIO_ERROR_NOMEM;
	f = fopen(file.data, "re");
	if (!f) {
		/* No REMOTES file, or path is no directory at all: the
		 * index's own open says what path is. A directory that
		 * cannot be searched is named itself, not its REMOTES. */
		if (errno == EACCES) {
			fo_buf_printf(why, "cannot read %s: %s", path,
			              fo_strerror(errno));
			st = FOLIO_ERROR_IO;
		} else if (errno != ENOENT && errno != ENOTDIR) {
			fo_buf_printf(why, "cannot read %s: %s", file.data,
			              fo_strerror(errno));
			st = FOLIO_ERROR_IO;
		}
		goto done;
	}
	while (st == FOLIO_OK && fgets(line, sizeof line, f)) {
		lineno++;
		if (sscanf(line, "%299s", word) != 1 || word[0] == '#')
			continue;
		st = add_name(rm, word, why);
		if (st == FOLIO_ERROR_INVALID)
			fo_buf_printf(why, " (%s line %u)", file.data, lineno);
	}
	fclose(f);
done:
	fo_buf_free(&file);
	return st;
}

folio_status fo_remotes_init(fo_remotes *rm, const char *path,
                             const folio_open_options *opts, fo_buf *why)
{
	folio_status st = FOLIO_OK;
	size_t i;

	memset(rm, 0, sizeof *rm);
	rm->timeout_ms = FO_REMOTE_TIMEOUT_MS;
	if (opts->version < 2)
		return path ? read_file(rm, path, why) : FOLIO_OK;
	if (opts->timeout_ms)
		rm->timeout_ms = opts->timeout_ms;
	rm->allow_partial = opts->allow_partial != 0;
	if (opts->n_remotes && !opts->remotes) {
		fo_buf_puts(why, "n_remotes is set but remotes is NULL");
		return FOLIO_ERROR_INVALID;
	}
	for (i = 0; st == FOLIO_OK && i < opts->n_remotes; i++) {
		if (opts->remotes[i]) {
			st = add_name(rm, opts->remotes[i], why);
			continue;
		}
		fo_buf_printf(why, "remote shard %zu of %zu is NULL", i + 1,
		              opts->n_remotes);
		st = FOLIO_ERROR_INVALID;
	}
	if (st == FOLIO_OK && path)
		st = read_file(rm, path, why);
	return st;
}

static void forget_skipped(fo_remotes *rm)
{
	size_t i;

	for (i = 0; i < 2 * rm->n_skipped; i++)
		free(rm->skipped[i]);
	free(rm->skipped);
	rm->skipped = NULL;
	rm->n_skipped = rm->cap_skipped = rm->n_unlisted = 0;
}

static folio_status skip(fo_remotes *rm, const char *name, const char *why)
{
	char **pair;

	if (fo_grow((void **)&rm->skipped, &rm->cap_skipped, rm->n_skipped,
	            2 * sizeof *rm->skipped) != 0)
		return FOLIO_ERROR_NOMEM;
	pair = &rm->skipped[2 * rm->n_skipped++];
	pair[0] = strdup(name);
	pair[1] = strdup(why);
	return pair[0] && pair[1] ? FOLIO_OK : FOLIO_ERROR_NOMEM;
}

/* A remote shard must be a folio index of this format, analysed in the
 * index's stemming language (*language: the local index's, else the
 * first remote's, which this records): a shard of other terms would be
 * searched by terms it does not hold, and its posts read as damaged. Nor
 * may it be a database the search holds already (again): the local index
 * served by xapian-tcpsrv, a shard served twice, a replica beside its
 * master; its posts would come twice and count twice in every statistic,
 * the total, the facets and the scores. */
static folio_status check_shard(const char *name, char *const *meta, int again,
                                char **language, fo_shardids *ids, fo_buf *why)
{
	fo_buf named = FO_BUF_INIT;
	folio_status st;

	if (!*meta[0]) {
		fo_buf_printf(why, "remote shard %s is not a folio index (it "
		              "records no folio format)", name);
		return FOLIO_ERROR_VERSION;
	}
	if (strcmp(meta[0], FO_FORMAT_VERSION) != 0) {
		fo_buf_printf(why, "remote shard %s has index format \"%s\", "
		              "which this folio (format %s) cannot use: rebuild "
		              "it where it is served, with folio index --rebuild",
		              name, meta[0], FO_FORMAT_VERSION);
		return FOLIO_ERROR_VERSION;
	}
	if (!*language && !(*language = strdup(meta[1])))
		return FOLIO_ERROR_NOMEM;
	if (strcmp(meta[1], *language) != 0) {
		fo_buf_printf(why, "remote shard %s has stemming language "
		              "\"%s\", not \"%s\" like the rest of the index: "
		              "the shards of one index share one language", name,
		              meta[1], *language);
		return FOLIO_ERROR_INVALID;
	}
	if (again) {
		fo_buf_printf(why,
		              "remote shard %s is a database this search "
		              "holds already (the local index or another "
		              "shard, served or copied under another name): "
		              "its posts would come twice",
		              name);
		return FOLIO_ERROR_INVALID;
	}
	/* Nor a shard of a build the search holds that shard of already
	 * (shardid.h) */
	fo_buf_printf(&named, "remote shard %s", name);
	st = named.oom ? FOLIO_ERROR_NOMEM
	               : fo_shardids_add(ids, named.data, meta[2], why);
	fo_buf_free(&named);
	return st;
}

typedef struct shard_check {
	const char *name;
	char **language;
	fo_shardids *ids;
	fo_buf *why;
} shard_check;

static folio_status accept_shard(char *const *meta, int again, void *ctx)
{
	shard_check *s = ctx;

	return check_shard(s->name, meta, again, s->language, s->ids, s->why);
}

/* A shard of a build that the search lacks, under allow_partial: named
 * as a skipped one is, but not tried again (no listed shard is it). */
static folio_status unlisted(void *ctx, const char *shard, const char *why)
{
	fo_remotes *rm = ctx;
	folio_status st = skip(rm, shard, why);

	rm->n_unlisted++;
	return st;
}

/* The local index's language, when it is of this format (else check_meta
 * refuses it, and the first remote's language is the reference). */
static folio_status local_language(folio_db *db, char **language,
                                   fo_buf *why)
{
	fo_xerr err = { "" };
	char *format = NULL;
	folio_status st;

	*language = NULL;
	if (db->remote_only)
		return FOLIO_OK;
	st = fo_xdb_get_metadata(db->xdb, FO_META_FORMAT, &format, &err);
	if (st == FOLIO_OK && strcmp(format, FO_FORMAT_VERSION) == 0)
		st = fo_xdb_get_metadata(db->xdb, FO_META_LANGUAGE, language,
		                         &err);
	if (st != FOLIO_OK)
		fo_buf_puts(why, err.msg);
	free(format);
	return st;
}

/* Shard name was not added: got says why, with refused (accept_shard's
 * reason, when it refused the shard) or msg (Xapian's, timed_out when
 * the shard did not answer in time). A shard that answers but is
 * refused is left out as one that does not answer is: under
 * allow_partial named each time and tried again, so that a front end
 * never serves part of the index as if it were all of it. The error
 * says what to check where the shard is served, in words for any
 * caller: the CLI adds its options (cli/remote.c). */
static folio_status left_out(fo_remotes *rm, const char *name, folio_status got,
                             const fo_buf *refused, const char *msg,
                             int timed_out, fo_buf *why)
{
	if (got == FOLIO_ERROR_NOMEM || refused->oom)
		return FOLIO_ERROR_NOMEM;
	if (rm->allow_partial)
		return skip(rm, name, refused->len ? refused->data : msg);
	if (refused->len) {
		fo_buf_puts(why, refused->data);
		return got;
	}
	fo_buf_printf(why, "remote shard %s cannot be searched: %s; ", name,
	              msg);
	if (timed_out)
		fo_buf_printf(why,
		              "it did not answer within %u ms: check that "
		              "its xapian-tcpsrv is not stopped or overloaded",
		              rm->timeout_ms);
	else
		fo_buf_puts(why, "check that xapian-tcpsrv serves it at that "
		                 "address");
	return FOLIO_ERROR_UNAVAILABLE;
}

folio_status fo_remotes_attach(folio_db *db, fo_buf *why)
{
	static const char *const keys[] = { FO_META_FORMAT, FO_META_LANGUAGE,
		                            FO_META_SHARD, NULL };
	fo_remotes *rm = &db->remote;
	fo_shardids ids = { NULL, 0, 0 };
	char *language = NULL;
	folio_status st;
	char host[256];
	unsigned port;
	size_t i, unreached = 0;

	forget_skipped(rm);
	st = db->remote_only ? FOLIO_OK
	                     : fo_shardids_local(&ids, db->xdb, db->path, why);
	if (st == FOLIO_OK && rm->n)
		st = local_language(db, &language, why);
	for (i = 0; st == FOLIO_OK && i < rm->n; i++) {
		fo_xerr err = { "" };
		fo_buf refused = FO_BUF_INIT;
		shard_check check = { rm->names[i], &language, &ids, &refused };
		size_t before = ids.n;
		folio_status got;
		int timed_out;

		split(rm->names[i], host, sizeof host, &port, NULL);
		got =
		    fo_xdb_add_remote(db->xdb, host, port, rm->timeout_ms, keys,
		                      accept_shard, &check, &timed_out, &err);
		if (got != FOLIO_OK) {
			/* (added to ids, then not to the search) */
			fo_shardids_truncate(&ids, before);
			unreached += !refused.len;
			st = left_out(rm, rm->names[i], got, &refused, err.msg,
			              timed_out, why);
		}
		fo_buf_free(&refused);
	}
	if (rm->n_skipped) {
		/* in double: 3 * a timeout of 17 days or more wraps */
		double wait = 3.0 * rm->timeout_ms;

		if (wait < FO_REMOTE_RETRY_MIN_MS)
			wait = FO_REMOTE_RETRY_MIN_MS;
		rm->retry_at = now_seconds() + wait / 1000.0;
	}
	/* (A front end opened with FOLIO_OPEN_LOCAL lists none.) */
	if (st == FOLIO_OK && db->remote_only && rm->n &&
	    rm->n_skipped == rm->n) {
		if (rm->n == 1)
			fo_buf_printf(why,
			              "the only remote shard cannot be "
			              "searched; %s: %s",
			              rm->skipped[0], rm->skipped[1]);
		else
			fo_buf_printf(why,
			              "none of the %zu remote shards can "
			              "be searched; %s: %s",
			              rm->n, rm->skipped[0], rm->skipped[1]);
		st = FOLIO_ERROR_UNAVAILABLE;
	}
	if (st == FOLIO_OK)
		st = fo_shardids_check(&ids, rm->allow_partial, unreached,
		                       unlisted, rm, why);
	fo_shardids_free(&ids);
	free(language);
	return st;
}

int fo_remotes_retry_due(const fo_remotes *rm)
{
	return rm->n_skipped > rm->n_unlisted && now_seconds() >= rm->retry_at;
}

void fo_remotes_free(fo_remotes *rm)
{
	size_t i;

	forget_skipped(rm);
	for (i = 0; i < rm->n; i++) {
		free(rm->names[i]);
		if (rm->addrs[i])
			freeaddrinfo(rm->addrs[i]);
	}
	free(rm->names);
	free(rm->addrs);
	memset(rm, 0, sizeof *rm);
}

size_t folio_db_remote_count(const folio_db *db)
{
	return db ? db->remote.n : 0;
}

size_t folio_db_skipped_count(const folio_db *db)
{
	return db ? db->remote.n_skipped : 0;
}

const char *folio_db_skipped_shard(const folio_db *db, size_t i,
                                   const char **reason)
{
	if (reason)
		*reason = NULL;
	if (!db || i >= db->remote.n_skipped)
		return NULL;
	if (reason)
		*reason = db->remote.skipped[2 * i + 1];
	return db->remote.skipped[2 * i];
}
