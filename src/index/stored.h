/*
 * stored.h: a post as the index stores it, its whole field values with
 * each run of white space as one space: what fo_index_post writes and
 * fo_post_hash hashes, so that the two never disagree.
 */
#ifndef FOLIO_STORED_H
#define FOLIO_STORED_H

#include "folio.h"

#include <stddef.h>

typedef struct fo_stored {
	folio_post post;
	char *field[4];      /* company, author, type, title folded, or NULL */
	char **topic;        /* each topic folded, or NULL where it is not */
	size_t n_topic;      /* of topic */
	const char **topics; /* post's topics, sorted and unique */
} fo_stored;

/* p as stored: its company, author, type, title and topics with each run
 * of white space (Unicode's) folded to one space, trimmed, as their filter
 * terms have them (company:"Red Hat" finds "Red  Hat"), so that results
 * and facets show one spelling of a value (a title, one line, is shown
 * without the tab a heading was typed with); topics that fold to one are
 * one, kept sorted. p's topics must be sorted and unique. p itself where
 * nothing needs folding (most posts), else &s->post; NULL when memory
 * ran out. fo_stored_free(s) after, whatever it returned. */
const folio_post *fo_stored_get(const folio_post *p, fo_stored *s);

void fo_stored_free(fo_stored *s);

#endif
