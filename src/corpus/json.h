/*
 * json.h: a small strict JSON (RFC 8259) pull reader over one document in
 * memory, for the JSON Lines parser. It hands out one token at a time and
 * keeps its own bounded container stack instead of recursing, so hostile
 * nesting fails cleanly at FO_JSON_MAX_DEPTH rather than exhausting the C
 * stack. It never reads past the length it is given.
 */
#ifndef FOLIO_CORPUS_JSON_H
#define FOLIO_CORPUS_JSON_H

#include "util/buf.h"

#include <stddef.h>

#define FO_JSON_MAX_DEPTH 64

typedef enum fo_json_tok {
	FO_JSON_NULL,
	FO_JSON_FALSE,
	FO_JSON_TRUE,
	FO_JSON_NUMBER, /* text in str */
	FO_JSON_STRING, /* decoded UTF-8 in str (may hold NULs: see str.len) */
	FO_JSON_KEY,    /* an object member's name, decoded in str */
	FO_JSON_ARRAY_BEGIN,
	FO_JSON_ARRAY_END,
	FO_JSON_OBJECT_BEGIN,
	FO_JSON_OBJECT_END,
	FO_JSON_END,   /* the document ended well-formed */
	FO_JSON_ERROR, /* see error and error_pos; sticky */
	FO_JSON_NOMEM  /* sticky */
} fo_json_tok;

typedef struct fo_json {
	const char *buf;
	size_t len;
	size_t pos;
	int state;
	unsigned depth; /* containers open after the last token */
	unsigned char stack[FO_JSON_MAX_DEPTH];
	fo_buf str;
	const char *error; /* a short static reason */
	size_t error_pos;  /* byte offset where the error was found */
} fo_json;

void fo_json_init(fo_json *j);
/* Start reading buf[0..len), keeping the string buffer of earlier runs. */
void fo_json_reset(fo_json *j, const char *buf, size_t len);
fo_json_tok fo_json_next(fo_json *j);
void fo_json_free(fo_json *j);

#endif
