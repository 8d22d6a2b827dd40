/*
 * docdata.c: encoding of a post into a document's data. Each field is
 * <tag byte><LEB128 length><bytes>; absent fields are omitted; topics
 * repeat their tag. Unknown tags are skipped on decoding, so a later folio
 * can add fields without breaking this one.
 */
#include "index/docdata.h"

#include <stdlib.h>
#include <string.h>

enum { TAG_URL = 'u', TAG_TITLE = 't', TAG_COMPANY = 'c', TAG_AUTHOR = 'a',
       TAG_PUBLISHED = 'p', TAG_TYPE = 'y', TAG_SUMMARY = 's',
       TAG_TOPIC = 'o' };

static void put_field(fo_buf *out, char tag, const char *s)
{
	size_t len;
	unsigned char v[10];
	int n = 0;

	if (!s)
		return;
	len = strlen(s);
	do {
		v[n] = (unsigned char)(len & 0x7f);
		len >>= 7;
		if (len)
			v[n] |= 0x80;
		n++;
	} while (len);
	fo_buf_putc(out, tag);
	fo_buf_append(out, (const char *)v, (size_t)n);
	fo_buf_puts(out, s);
}

void fo_docdata_encode(const folio_post *p, fo_buf *out)
{
	size_t i;

	put_field(out, TAG_URL, p->url);
	put_field(out, TAG_TITLE, p->title);
	put_field(out, TAG_COMPANY, p->company);
	put_field(out, TAG_AUTHOR, p->author);
	put_field(out, TAG_PUBLISHED, p->published);
	put_field(out, TAG_TYPE, p->type);
	for (i = 0; i < p->n_topics; i++)
		put_field(out, TAG_TOPIC, p->topics[i]);
	put_field(out, TAG_SUMMARY, p->summary);
}

/* Read one <tag><len> header at *pos; -1 when it runs past the end. */
static int get_header(const unsigned char *b, size_t len, size_t *pos,
                      char *tag, size_t *flen)
{
	size_t v = 0;
	unsigned shift = 0;

	if (*pos >= len)
		return -1;
	*tag = (char)b[(*pos)++];
	for (;;) {
		if (*pos >= len || shift > 28)
			return -1;
		v |= (size_t)(b[*pos] & 0x7f) << shift;
		shift += 7;
		if (!(b[(*pos)++] & 0x80))
			break;
	}
	if (v > len - *pos)
		return -1;
	*flen = v;
	return 0;
}

folio_status fo_docdata_decode(const char *bytes, size_t len, fo_docdata *out)
{
	const unsigned char *b = (const unsigned char *)bytes;
	size_t pos = 0, flen, n_topics = 0, t = 0;
	char tag, *dst;
	folio_status st = FOLIO_OK;

	memset(out, 0, sizeof *out);
	/* Pass 1: validate and count topics. */
	while (pos < len) {
		if (get_header(b, len, &pos, &tag, &flen) != 0)
			return FOLIO_ERROR_CORRUPT;
		if (tag == TAG_TOPIC)
			n_topics++;
		pos += flen;
	}
	/* Every field gets a NUL: len + one per header is always enough. */
	out->mem = malloc(len + len / 2 + 1);
	out->topics = calloc(n_topics + 1, sizeof *out->topics);
	if (!out->mem || !out->topics) {
		st = FOLIO_ERROR_NOMEM;
		goto done;
	}
	dst = out->mem;
	pos = 0;
	while (pos < len) {
		const char **slot = NULL;

		get_header(b, len, &pos, &tag, &flen);
		memcpy(dst, b + pos, flen);
		dst[flen] = '\0';
		switch (tag) {
		case TAG_URL: slot = &out->post.url; break;
		case TAG_TITLE: slot = &out->post.title; break;
		case TAG_COMPANY: slot = &out->post.company; break;
		case TAG_AUTHOR: slot = &out->post.author; break;
		case TAG_PUBLISHED: slot = &out->post.published; break;
		case TAG_TYPE: slot = &out->post.type; break;
		case TAG_SUMMARY: slot = &out->post.summary; break;
		case TAG_TOPIC: slot = &out->topics[t++]; break;
		default: break;
		}
		if (slot)
			*slot = dst;
		dst += flen + 1;
		pos += flen;
	}
	out->post.topics = out->topics;
	out->post.n_topics = n_topics;
	if (!out->post.url || !out->post.title || !out->post.summary)
		st = FOLIO_ERROR_CORRUPT;
done:
	if (st != FOLIO_OK)
		fo_docdata_free(out);
	return st;
}

void fo_docdata_free(fo_docdata *d)
{
	free(d->mem);
	free(d->topics);
	memset(d, 0, sizeof *d);
}

uint64_t fo_hash64(const void *bytes, size_t len)
{
	const unsigned char *p = bytes;
	uint64_t h = 14695981039346656037ULL; /* FNV-1a 64 offset basis */
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= p[i];
		h *= 1099511628211ULL; /* FNV prime */
	}
	return h;
}
