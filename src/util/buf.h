/*
 * buf.h: a growable byte buffer, always NUL-terminated, for building
 * strings of unknown length. Allocation failure is sticky: once an append
 * fails, b->oom stays set and later appends do nothing, so a caller may
 * append freely and check once at the end.
 */
#ifndef FOLIO_BUF_H
#define FOLIO_BUF_H

#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" { /* for the bridge (util/child.h) */
#endif

typedef struct fo_buf {
	char *data; /* NUL-terminated when non-NULL */
	size_t len;
	size_t cap;
	int oom;
} fo_buf;

#define FO_BUF_INIT { NULL, 0, 0, 0 }

int fo_buf_reserve(fo_buf *b, size_t extra);
void fo_buf_append(fo_buf *b, const char *s, size_t len);
void fo_buf_puts(fo_buf *b, const char *s);
void fo_buf_putc(fo_buf *b, char c);
void fo_buf_printf(fo_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void fo_buf_clear(fo_buf *b);
/* Keep the first len bytes (no more than there are). */
void fo_buf_truncate(fo_buf *b, size_t len);
/* Hand the string to the caller (who frees it); the buffer is reset.
 * Returns NULL after an allocation failure. */
char *fo_buf_detach(fo_buf *b);
void fo_buf_free(fo_buf *b);

#ifdef __cplusplus
}
#endif

#endif
