/*
 * fuzz_docdata.c: libFuzzer target for the stored post record decoder
 * (src/index/docdata.c). Its bytes come from an index, which may be a
 * damaged one (folio check) or a remote shard's (--remote), so they are
 * untrusted. A record either fails as FOLIO_ERROR_CORRUPT or decodes to a
 * post with its required fields; such a post, encoded again, must decode
 * to the same post (strings cut at an embedded NUL, as the decoder hands
 * them out).
 *
 * Built by CMake with clang and -DFOLIO_FUZZ=ON; its ctest,
 * fuzz/fuzz_docdata, runs it on tests/fuzz/docdata_seeds/ for
 * FOLIO_FUZZ_SECONDS.
 */
#include "index/docdata.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static void check_field(const char *s, size_t size, int required)
{
	if (required && !s)
		abort();
	if (s && strlen(s) > size)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fo_docdata d, again;
	fo_buf enc = FO_BUF_INIT;
	folio_status st;
	size_t i;

	st = fo_docdata_decode((const char *)data, size, &d);
	if (st == FOLIO_ERROR_CORRUPT) {
		if (d.mem || d.topics)
			abort();
		return 0;
	}
	if (st != FOLIO_OK)
		abort();
	check_field(d.post.url, size, 1);
	check_field(d.post.title, size, 1);
	check_field(d.post.summary, size, 1);
	check_field(d.post.company, size, 0);
	check_field(d.post.author, size, 0);
	check_field(d.post.published, size, 0);
	check_field(d.post.type, size, 0);
	if (d.post.n_topics > size / 2)
		abort();
	for (i = 0; i < d.post.n_topics; i++)
		check_field(d.post.topics[i], size, 1);
	fo_docdata_encode(&d.post, &enc);
	if (enc.oom || fo_docdata_decode(enc.data, enc.len, &again) != FOLIO_OK)
		abort();
	if (!same(d.post.url, again.post.url) ||
	    !same(d.post.title, again.post.title) ||
	    !same(d.post.company, again.post.company) ||
	    !same(d.post.author, again.post.author) ||
	    !same(d.post.published, again.post.published) ||
	    !same(d.post.type, again.post.type) ||
	    !same(d.post.summary, again.post.summary) ||
	    d.post.n_topics != again.post.n_topics)
		abort();
	for (i = 0; i < d.post.n_topics; i++)
		if (!same(d.post.topics[i], again.post.topics[i]))
			abort();
	fo_docdata_free(&again);
	fo_docdata_free(&d);
	fo_buf_free(&enc);
	return 0;
}
