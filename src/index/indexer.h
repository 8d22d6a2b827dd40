/*
 * indexer.h: turning one post into one Xapian document (the terms, values
 * and data laid out in schema.h) and storing it under its URL.
 */
#ifndef FOLIO_INDEXER_H
#define FOLIO_INDEXER_H

#include "analyzer/analyzer.h"
#include "index/urlterm.h"
#include "util/buf.h"
#include "xapian/bridge.h"

/* Check that p can be indexed: url, title and summary present (one of
 * white space alone is missing, fo_is_blank) and published, if given, a
 * valid YYYY-MM-DD date. On failure writes a
 * one-line reason to why and returns FOLIO_ERROR_INVALID. */
folio_status fo_post_check(const folio_post *p, fo_buf *why);

/* FOLIO_ERROR_INVALID, with why naming the field, unless every string of
 * p is UTF-8 (folio.h: all strings are). Only for folio_db_add_post's
 * callers: the corpus parsers guarantee it, and checking every post of a
 * corpus again in both passes would cost a re-sync a pass over all its
 * text. A URL stored with bytes that every output shows repaired could
 * not be given back to delete its post. */
folio_status fo_post_check_utf8(const folio_post *p, fo_buf *why);

/* Add p to db, replacing any post with the same URL. p must pass
 * fo_post_check and its topics must be sorted and unique. docid, if not
 * NULL, receives the post's docid in db (fo_xdb_replace). */
folio_status fo_index_post(fo_xdb *db, fo_analyzer *an, const folio_post *p,
                           uint32_t *docid, fo_xerr *err);

/* Add to doc the terms of p's text fields (title, summary, company,
 * author, type, topics) with the positions and wdfs fo_index_post gives
 * them: what a post's stored record says its term list holds, read
 * without the term list (api/expand.c). */
folio_status fo_index_texts(fo_xdoc *doc, fo_analyzer *an, const folio_post *p);

/* The content hash fo_index_post stores for p (FO_SLOT_HASH). */
uint64_t fo_post_hash(const folio_post *p);

#endif
