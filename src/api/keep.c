/*
 * keep.c: what a run that may not remove keeps of a post it reads. When
 * something was skipped, or with --no-delete, the post may also be on a
 * page the run did not read: written from the copies read alone, it would
 * lose that page's topic, and any field only that copy gave, though the
 * run removes nothing. It keeps them, as it keeps the posts it did not
 * read, until a run reads the whole corpus (README "Indexing"). A stored
 * record that cannot be read has nothing to keep: the corpus still has
 * the post, so it is written from the corpus, and the run says so.
 */
#include "api/run.h"

#include "index/docdata.h"

#include <stdio.h>
#include <stdlib.h>

folio_status fo_keep_unread(fo_xdb *xdb, uint32_t docid, const folio_post *p,
                            fo_merge **kept, const folio_post **out,
                            int *damaged, fo_xerr *err)
{
	char *data = NULL;
	size_t len = 0;
	fo_docdata d;
	folio_status st;

	*kept = NULL;
	*out = p;
	*damaged = 0;
	st = fo_xdb_get_data(xdb, docid, &data, &len, err);
	/* Damage in the table itself, should the record's block be in it,
	 * stops the write that follows, which names it. */
	if (st == FOLIO_ERROR_CORRUPT ||
	    (st == FOLIO_OK && fo_docdata_decode(data, len, &d) != FOLIO_OK)) {
		*damaged = 1;
		st = FOLIO_OK;
	} else if (st == FOLIO_OK) {
		/* the copies read first: their fields win, the indexed
		 * version fills their gaps and adds its topics */
		if (!(*kept = fo_merge_new()) ||
		    fo_merge_add(*kept, p) != FOLIO_OK ||
		    fo_merge_add(*kept, &d.post) != FOLIO_OK)
			st = FOLIO_ERROR_NOMEM;
		else
			*out = fo_merge_get(*kept, 0);
		fo_docdata_free(&d);
	}
	free(data);
	if (st != FOLIO_OK) {
		fo_merge_free(*kept);
		*kept = NULL;
		*out = p;
	}
	return st;
}

void fo_keep_warn_damaged(fo_run *r, const char *url)
{
	fo_buf msg = FO_BUF_INIT;

	if (!r->opts.diagnostic)
		return;
	fo_buf_printf(&msg,
	              "the index's stored record of %s is damaged and "
	              "could not be read: the post is written again from "
	              "the corpus, without what only that record held (topics "
	              "and fields of pages this run did not read)",
	              url);
	if (!msg.oom)
		fo_run_warn(r, r->db->path, 0, msg.data);
	fo_buf_free(&msg);
}

folio_status fo_compare_kept(fo_xdb *xdb, const fo_known *known, int keep,
                             const folio_post *p, uint64_t url_hash,
                             int *outcome, uint32_t *docid, fo_merge **kept,
                             const folio_post **out, int *damaged, fo_xerr *err)
{
	folio_status st;

	*kept = NULL;
	*out = p;
	st = fo_compare(xdb, known, p, url_hash, outcome, docid, err);
	if (st == FOLIO_OK && *outcome == 1 && keep) {
		st = fo_keep_unread(xdb, *docid, p, kept, out, damaged, err);
		if (st == FOLIO_OK && !*damaged)
			st = fo_compare(xdb, known, *out, url_hash, outcome,
			                docid, err);
	}
	return st;
}
