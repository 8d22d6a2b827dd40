/*
 * docdata.h: the post as stored in a Xapian document's data, for display.
 * A compact tagged, length-prefixed record; decoding checks every length,
 * so a damaged record is an error, never an overread.
 */
#ifndef FOLIO_DOCDATA_H
#define FOLIO_DOCDATA_H

#include "folio.h"
#include "util/buf.h"

#include <stdint.h>

/* Append the encoding of p to out. Topics must already be sorted and
 * unique (the encoding is then canonical, so equal posts hash equal). */
void fo_docdata_encode(const folio_post *p, fo_buf *out);

/* A decoded record. The post's strings point into mem. */
typedef struct fo_docdata {
	folio_post post;
	char *mem;
	const char **topics;
} fo_docdata;

/* Decode bytes[0..len). Returns FOLIO_ERROR_CORRUPT for a malformed
 * record, FOLIO_ERROR_NOMEM, or FOLIO_OK. */
folio_status fo_docdata_decode(const char *bytes, size_t len, fo_docdata *out);
void fo_docdata_free(fo_docdata *d);

/* 64-bit FNV-1a, for content hashes. */
uint64_t fo_hash64(const void *bytes, size_t len);

#endif
