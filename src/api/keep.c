/*
 * keep.c: what a run that may not remove keeps of a post it reads. When
 * something was skipped, or with --no-delete, the post may also be on a
 * page the run did not read: written from the copies read alone, it would
 * lose that page's topic, and any field only that copy gave, though the
 * run removes nothing. It keeps them, as it keeps the posts it did not
 * read, until a run reads the whole corpus (README "Indexing").
 */
#include "api/run.h"

#include "index/docdata.h"

#include <stdio.h>
#include <stdlib.h>

folio_status fo_keep_unread(fo_xdb *xdb, uint32_t docid, const folio_post *p,
                            fo_merge **kept, const folio_post **out,
                            fo_xerr *err)
{
	char *data = NULL;
	size_t len = 0;
	fo_docdata d;
	folio_status st;

	*kept = NULL;
	*out = p;
	st = fo_xdb_get_data(xdb, docid, &data, &len, err);
	if (st == FOLIO_OK && fo_docdata_decode(data, len, &d) != FOLIO_OK) {
		snprintf(err->msg, sizeof err->msg,
		         "document %u has damaged data", (unsigned)docid);
		st = FOLIO_ERROR_CORRUPT;
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
