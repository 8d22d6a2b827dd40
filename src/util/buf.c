/* buf.c: the growable byte buffer of buf.h. */
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fo_buf_reserve(fo_buf *b, size_t extra)
{
	size_t need, cap;
	char *p;

	if (b->oom)
		return -1;
	if (extra > (size_t)-1 / 2 - b->len)
		goto fail;
	need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap *= 2;
	p = realloc(b->data, cap);
	if (!p)
		goto fail;
	b->data = p;
	b->cap = cap;
	return 0;
fail:
	b->oom = 1;
	return -1;
}

void fo_buf_append(fo_buf *b, const char *s, size_t len)
{
	if (fo_buf_reserve(b, len) != 0)
		return;
	if (len)
		memcpy(b->data + b->len, s, len);
	b->len += len;
	b->data[b->len] = '\0';
}

void fo_buf_puts(fo_buf *b, const char *s)
{
	fo_buf_append(b, s, strlen(s));
}

void fo_buf_putc(fo_buf *b, char c)
{
	fo_buf_append(b, &c, 1);
}

void fo_buf_printf(fo_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || fo_buf_reserve(b, (size_t)n) != 0)
		return;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void fo_buf_clear(fo_buf *b)
{
	fo_buf_truncate(b, 0);
}

void fo_buf_truncate(fo_buf *b, size_t len)
{
	if (len >= b->len)
		return;
	b->len = len;
	b->data[len] = '\0';
}

char *fo_buf_detach(fo_buf *b)
{
	char *s = b->oom ? NULL : b->data;

	if (!s && !b->oom)
		s = calloc(1, 1);
	if (b->oom)
		free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
	return s;
}

void fo_buf_free(fo_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}
