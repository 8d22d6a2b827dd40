/*
 * gone.c: which indexed posts the corpus no longer has. Every post of the
 * corpus is compared with the live generation by its unique term (Q + URL,
 * schema.h) before it is written (fo_compare); the docid it matched is
 * touched, a bit per docid. The live posts never touched are the ones the
 * corpus no longer has: exact, without holding the corpus's URLs, and the
 * work after the run is proportional to the posts gone.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/run.h"

#include "index/docdata.h"
#include "index/known.h"
#include "index/schema.h"
#include "index/tally.h"
#include "index/urlterm.h"

#include <stdlib.h>
#include <string.h>

#define WORD_BITS 64

folio_status fo_gone_begin(fo_run *r)
{
	fo_xerr err = { "" };
	folio_status st;

	st = fo_db_xfail(r->db, fo_xdb_last_docid(r->db->xdb, &r->last, &err),
	                 &err);
	if (st == FOLIO_OK &&
	    !(r->touched = calloc(r->last / WORD_BITS + 1, sizeof *r->touched)))
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		st = fo_db_xfail(r->db, fo_known_load(r->db->xdb, &r->known,
		                                      &err), &err);
	return st;
}

void fo_gone_touch(fo_run *r, uint32_t docid)
{
	if (docid && docid <= r->last)
		atomic_fetch_or_explicit(&r->touched[docid / WORD_BITS],
		                         (uint64_t)1 << (docid % WORD_BITS),
		                         memory_order_relaxed);
}

static int touched(const fo_run *r, uint32_t docid)
{
	return (atomic_load_explicit(&r->touched[docid / WORD_BITS],
	                             memory_order_relaxed) >>
	        (docid % WORD_BITS)) & 1;
}

typedef struct scan {
	fo_run *r;
	size_t cap;
	folio_status st;
	fo_xerr err;
} scan;

/* The unique term of post docid from its stored post, for when its terms
 * cannot be read (a damaged termlist table): NULL in *term if it has
 * none. */
static folio_status term_from_data(fo_run *r, uint32_t docid, char **term,
                                   fo_xerr *err)
{
	fo_buf t = FO_BUF_INIT;
	char *data = NULL;
	size_t len = 0;
	fo_docdata d;
	folio_status st;

	*term = NULL;
	st = fo_xdb_get_data(r->db->xdb, docid, &data, &len, err);
	if (st == FOLIO_OK && fo_docdata_decode(data, len, &d) == FOLIO_OK) {
		fo_url_term(d.post.url, &t);
		fo_docdata_free(&d);
		st = t.oom ? FOLIO_ERROR_NOMEM : FOLIO_OK;
		if (st == FOLIO_OK)
			*term = fo_buf_detach(&t);
	} else if (st == FOLIO_OK) {
		st = FOLIO_ERROR_CORRUPT;
	}
	fo_buf_free(&t);
	free(data);
	return st;
}

static int on_doc(uint32_t docid, void *ctx)
{
	scan *s = ctx;
	fo_run *r = s->r;
	char *term = NULL, **grown;
	fo_xerr first;

	/* Beyond last: written by this run (sync.c). Over shards a post
	 * this run added can have a docid below last (bridge.h
	 * fo_xdb_replace), but fo_store gave it back and it was touched. */
	if (docid > r->last)
		return 1;
	if (touched(r, docid))
		return 0;
	s->st = fo_xdb_doc_term(r->db->xdb, docid, FO_PREFIX_URL, &term,
	                        &s->err);
	if (s->st == FOLIO_ERROR_CORRUPT) {
		first = s->err;
		s->st = term_from_data(r, docid, &term, &s->err);
		if (s->st == FOLIO_ERROR_CORRUPT && r->salvage) {
			if (!r->unreadable++)
				r->unreadable_why = first;
			s->st = FOLIO_OK;
			return 0;
		}
	}
	if (s->st != FOLIO_OK || !term)
		return s->st != FOLIO_OK;
	if (r->n_gone == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		grown = realloc(r->gone, s->cap * sizeof *grown);
		if (!grown) {
			free(term);
			s->st = FOLIO_ERROR_NOMEM;
			return 1;
		}
		r->gone = grown;
	}
	r->gone[r->n_gone++] = term;
	return 0;
}

folio_status fo_find_gone(fo_run *r)
{
	fo_xerr err = { "" };
	scan s;
	folio_status st;

	memset(&s, 0, sizeof s);
	s.r = r;
	if (!r->touched || !r->last)
		return FOLIO_OK;
	st = fo_db_xfail(r->db, fo_xdb_each_docid(r->db->xdb, on_doc, &s, &err),
	                 &err);
	if (st == FOLIO_OK && s.st != FOLIO_OK)
		st = fo_db_xfail(r->db, s.st, &s.err);
	return st;
}

void fo_gone_keep(fo_run *r)
{
	const fo_tally_entry *e;
	size_t cursor = 0;
	uint64_t malformed = 0, content;
	uint32_t docid;

	/* A post whose every copy was malformed is never touched either.
	 * Posts the table cannot tell of (known.h) count as kept. */
	while (r->known && (e = fo_tally_next(r->tainted, &cursor)))
		if (fo_known_find(r->known, e->hash, &docid, &content) ==
		        FO_KNOWN_HELD &&
		    docid <= r->last && !touched(r, docid))
			malformed++;
	if (malformed > r->n_gone) /* a post without its unique term */
		malformed = r->n_gone;
	r->report->kept_malformed = malformed;
	r->report->kept = r->n_gone - malformed;
}
