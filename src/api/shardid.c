/*
 * shardid.c: build ids in the databases of a full build, and the check
 * of the databases a search holds together (shardid.h).
 */
#define _GNU_SOURCE /* getrandom */
#include "api/shardid.h"

#include "index/schema.h"
#include "util/errstr.h"
#include "util/grow.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

/* More shards than any build makes: a record claiming more is none. */
#define MAX_SHARDS 65536

folio_status fo_shardid_stamp(fo_xdb *x, const char *built, fo_xerr *err)
{
	unsigned char raw[16];
	char id[33], record[96];
	unsigned k, n = fo_xdb_shard_count(x);
	folio_status st = FOLIO_OK;

	if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw) {
		snprintf(err->msg, sizeof err->msg,
		         "cannot make a build id: getrandom: %s",
		         fo_strerror(errno));
		return FOLIO_ERROR_IO;
	}
	for (k = 0; k < sizeof raw; k++)
		snprintf(id + 2 * k, 3, "%02x", raw[k]);
	for (k = 0; st == FOLIO_OK && k < n; k++) {
		snprintf(record, sizeof record, "%s %u %u %s", id, k, n, built);
		st =
		    fo_xdb_set_shard_metadata(x, k, FO_META_SHARD, record, err);
	}
	return st;
}

/* r from a record; n 0 when there is none (or none that can be read). */
static void parse(const char *record, fo_shardid *r)
{
	r->n = 0;
	if (sscanf(record, "%32[0-9a-f] %u %u %31s", r->id, &r->k, &r->n,
	           r->built) != 4 ||
	    strlen(r->id) != 32 || r->k >= r->n || r->n > MAX_SHARDS)
		r->n = 0;
}

/* r's build in words: its id's first 8 digits (enough to tell builds
 * apart; builds of one second have one time) and its time. */
static const char *build_of(const fo_shardid *r, char *out, size_t size)
{
	snprintf(out, size, "build %.8s of %s", r->id, r->built);
	return out;
}

static int same_build(const fo_shardid *a, const fo_shardid *b)
{
	return a->n > 1 && a->n == b->n && strcmp(a->id, b->id) == 0;
}

folio_status fo_shardids_add(fo_shardids *s, const char *name,
                             const char *record, fo_buf *why)
{
	fo_shardid r;
	char b[64];
	size_t i;

	memset(&r, 0, sizeof r);
	parse(record, &r);
	for (i = 0; i < s->n; i++)
		if (same_build(&s->v[i], &r) && s->v[i].k == r.k) {
			fo_buf_printf(why,
			              "%s is shard %u of %u of %s, as %s is: "
			              "its posts would come twice; list each "
			              "shard of a build once",
			              name, r.k + 1, r.n,
			              build_of(&r, b, sizeof b), s->v[i].name);
			return FOLIO_ERROR_INVALID;
		}
	if (fo_grow((void **)&s->v, &s->cap, s->n, sizeof *s->v) != 0 ||
	    !(r.name = strdup(name)))
		return FOLIO_ERROR_NOMEM;
	s->v[s->n++] = r;
	return FOLIO_OK;
}

folio_status fo_shardids_local(fo_shardids *s, fo_xdb *x, const char *path,
                               fo_buf *why)
{
	fo_xerr err = { "" };
	fo_buf name = FO_BUF_INIT;
	char **paths = NULL, **values = NULL;
	size_t i, n = 0;
	folio_status st;

	st = fo_xdb_local_metadata(x, FO_META_SHARD, &paths, &values, &n, &err);
	if (st != FOLIO_OK)
		fo_buf_puts(why, err.msg);
	for (i = 0; st == FOLIO_OK && i < n; i++) {
		fo_buf_clear(&name);
		if (*paths[i])
			fo_buf_printf(&name, "local shard %s", paths[i]);
		else
			fo_buf_printf(&name, "the local index %s", path);
		st = name.oom ? FOLIO_ERROR_NOMEM
		              : fo_shardids_add(s, name.data, values[i], why);
	}
	for (i = 0; i < n; i++) {
		free(paths[i]);
		free(values[i]);
	}
	free(paths);
	free(values);
	fo_buf_free(&name);
	return st;
}

void fo_shardids_truncate(fo_shardids *s, size_t n)
{
	while (s->n > n)
		free(s->v[--s->n].name);
}

/* The first of s's records of r's build. */
static const fo_shardid *first_of(const fo_shardids *s, const fo_shardid *r)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (same_build(&s->v[i], r))
			return &s->v[i];
	return r;
}

/* Which of its build's n shards s holds of r's build: (*held)[k]. */
static folio_status holds(const fo_shardids *s, const fo_shardid *r,
                          char **held, unsigned *lacking)
{
	size_t i;

	*lacking = r->n;
	if (!(*held = calloc(r->n, 1)))
		return FOLIO_ERROR_NOMEM;
	for (i = 0; i < s->n; i++)
		if (same_build(&s->v[i], r) && !(*held)[s->v[i].k]) {
			(*held)[s->v[i].k] = 1;
			--*lacking;
		}
	return FOLIO_OK;
}

/* Pass each shard of r's build that s lacks to missing. */
static folio_status report(const fo_shardids *s, const fo_shardid *r,
                           fo_shardid_missing missing, void *ctx)
{
	char *held = NULL, shard[96], b[64];
	fo_buf why = FO_BUF_INIT;
	unsigned k, lacking;
	folio_status st = holds(s, r, &held, &lacking);

	for (k = 0; st == FOLIO_OK && k < r->n; k++) {
		if (held[k])
			continue;
		snprintf(shard, sizeof shard, "%u of %u of %s", k + 1, r->n,
		         build_of(r, b, sizeof b));
		fo_buf_clear(&why);
		fo_buf_printf(&why,
		              "none of the shards searched is it (%s is "
		              "shard %u of %u of that build)",
		              r->name, r->k + 1, r->n);
		st =
		    why.oom ? FOLIO_ERROR_NOMEM : missing(ctx, shard, why.data);
	}
	free(held);
	fo_buf_free(&why);
	return st;
}

folio_status fo_shardids_check(const fo_shardids *s, int allow_partial,
                               size_t unreached, fo_shardid_missing missing,
                               void *ctx, fo_buf *why)
{
	const fo_shardid *gap = NULL, *other = NULL, *r;
	char *held = NULL, b1[64], b2[64];
	size_t i, lacking_all = 0, builds = 0;
	unsigned k, lacking;
	folio_status st = FOLIO_OK;

	for (i = 0; st == FOLIO_OK && i < s->n; i++) {
		r = &s->v[i];
		if (r->n < 2 || first_of(s, r) != r)
			continue;
		builds++;
		st = holds(s, r, &held, &lacking);
		if (st == FOLIO_OK && lacking && !gap) {
			gap = r;
			for (k = 0; held[k]; k++)
				;
		} else if (st == FOLIO_OK && !other) {
			other = r;
		}
		lacking_all += lacking;
		free(held);
		held = NULL;
	}
	/* One database alone is searched as asked for: a shard, say, that
	 * --db names. Its posts cannot come twice. */
	if (st != FOLIO_OK || !gap || s->n < 2)
		return st;
	/* another sharded build than gap's, complete or not */
	for (i = 0; !other && i < s->n; i++)
		if (s->v[i].n > 1 && !same_build(&s->v[i], gap))
			other = &s->v[i];
	/* The unreached ones may be all that is lacking: they are named
	 * already. */
	if (allow_partial && lacking_all <= unreached)
		return FOLIO_OK;
	if (allow_partial && builds < 2) {
		for (i = 0; st == FOLIO_OK && i < s->n; i++)
			if (s->v[i].n > 1 && first_of(s, &s->v[i]) == &s->v[i])
				st = report(s, &s->v[i], missing, ctx);
		return st;
	}
	if (builds > 1)
		fo_buf_printf(why,
		              "%s belongs to another build than %s (shard %u "
		              "of %u of %s): it is shard %u of %u of %s, of "
		              "which the search lacks shard %u; list the "
		              "shards of one build",
		              gap->name, other->name, other->k + 1, other->n,
		              build_of(other, b1, sizeof b1), gap->k + 1,
		              gap->n, build_of(gap, b2, sizeof b2), k + 1);
	else
		fo_buf_printf(why,
		              "shard %u of %u of %s is missing: the search "
		              "lists %s, shard %u of %u, but not every shard "
		              "of its build; list them all",
		              k + 1, gap->n, build_of(gap, b1, sizeof b1),
		              gap->name, gap->k + 1, gap->n);
	return FOLIO_ERROR_INVALID;
}

void fo_shardids_free(fo_shardids *s)
{
	fo_shardids_truncate(s, 0);
	free(s->v);
	memset(s, 0, sizeof *s);
}
