/*
 * test_docdata.c: unit tests of the stored post record (src/index/docdata.c):
 * the exact encoding, encode/decode round trips with and without optional
 * fields and topics, rejection of every truncated or garbled record as
 * FOLIO_ERROR_CORRUPT (never a crash, never FOLIO_OK with garbage), and
 * the FNV-1a 64 content hash.
 */
#include "harness.h"

#include "index/docdata.h"

#include <stdint.h>

static const char *const full_topics[] = { "Concurrency", "Databases" };

static const folio_post full_post = {
	"https://example.com/locking",
	"The Curious Case of the Table-Locking UPDATE Query",
	"Heroku",
	"Richard Schneeman",
	"2019-12-19",
	"Incident / postmortem",
	"An UPDATE held a row lock for days \xE2\x80\x94 caf\xC3\xA9 included.",
	full_topics,
	2
};

/* Decode from a heap copy of exactly len bytes, so that any read past the
 * end is a real overread (visible to ASan or valgrind). */
static folio_status decode_exact(const char *bytes, size_t len, fo_docdata *d)
{
	char *copy = malloc(len ? len : 1);
	folio_status st;

	if (!copy)
		return FOLIO_ERROR_NOMEM;
	if (len)
		memcpy(copy, bytes, len);
	st = fo_docdata_decode(copy, len, d);
	free(copy);
	return st;
}

static void test_docdata__encoding_is_tag_length_bytes_in_field_order(void)
{
	static const char *const topics[] = { "o1" };
	folio_post p = { "U", "T", "C", "A", "2020-01-02", "Y", "S", topics, 1 };
	fo_buf b = FO_BUF_INIT;
	static const char expected[] =
		"u\x01U" "t\x01T" "c\x01" "C" "a\x01" "A" "p\x0a" "2020-01-02"
		"y\x01Y" "o\x02o1" "s\x01S";

	fo_docdata_encode(&p, &b);
	assert_int(sizeof expected - 1, b.len);
	assert_true(memcmp(b.data, expected, b.len) == 0);
	fo_buf_free(&b);
}

static void test_docdata__absent_fields_are_omitted(void)
{
	folio_post p = { "u", "t", NULL, NULL, NULL, NULL, "s", NULL, 0 };
	fo_buf b = FO_BUF_INIT;

	fo_docdata_encode(&p, &b);
	assert_int(9, b.len);
	assert_true(memcmp(b.data, "u\x01ut\x01ts\x01s", 9) == 0);
	fo_buf_free(&b);
}

static void test_docdata__long_fields_get_a_multi_byte_length(void)
{
	char summary[301];
	folio_post p = { "u", "t", NULL, NULL, NULL, NULL, summary, NULL, 0 };
	fo_buf b = FO_BUF_INIT;
	fo_docdata d;

	memset(summary, 'x', 300);
	summary[300] = '\0';
	fo_docdata_encode(&p, &b);
	/* 300 = 0x12c: LEB128 0xac 0x02. */
	assert_int(6 + 3 + 300, b.len);
	assert_true(memcmp(b.data + 6, "s\xac\x02", 3) == 0);
	assert_ok(fo_docdata_decode(b.data, b.len, &d));
	assert_int(300, strlen(d.post.summary));
	assert_str(summary, d.post.summary);
	fo_docdata_free(&d);
	fo_buf_free(&b);
}

static void test_docdata__a_full_post_round_trips(void)
{
	fo_buf b = FO_BUF_INIT;
	fo_docdata d;

	fo_docdata_encode(&full_post, &b);
	assert_true(!b.oom);
	assert_ok(decode_exact(b.data, b.len, &d));
	assert_str(full_post.url, d.post.url);
	assert_str(full_post.title, d.post.title);
	assert_str(full_post.company, d.post.company);
	assert_str(full_post.author, d.post.author);
	assert_str(full_post.published, d.post.published);
	assert_str(full_post.type, d.post.type);
	assert_str(full_post.summary, d.post.summary);
	assert_int(2, d.post.n_topics);
	assert_str("Concurrency", d.post.topics[0]);
	assert_str("Databases", d.post.topics[1]);
	fo_docdata_free(&d);
	assert_true(d.mem == NULL && d.topics == NULL);
	fo_buf_free(&b);
}

static void test_docdata__null_optional_fields_decode_as_null(void)
{
	folio_post p = { "https://example.com/x", "Title", NULL, NULL, NULL,
	                 NULL, "Summary text.", NULL, 0 };
	fo_buf b = FO_BUF_INIT;
	fo_docdata d;

	fo_docdata_encode(&p, &b);
	assert_ok(decode_exact(b.data, b.len, &d));
	assert_str("https://example.com/x", d.post.url);
	assert_str("Title", d.post.title);
	assert_str("Summary text.", d.post.summary);
	assert_true(d.post.company == NULL);
	assert_true(d.post.author == NULL);
	assert_true(d.post.published == NULL);
	assert_true(d.post.type == NULL);
	assert_int(0, d.post.n_topics);
	fo_docdata_free(&d);
	fo_buf_free(&b);
}

static void test_docdata__empty_strings_stay_distinct_from_null(void)
{
	folio_post p = { "u", "t", "", NULL, NULL, "", "s", NULL, 0 };
	fo_buf b = FO_BUF_INIT;
	fo_docdata d;

	fo_docdata_encode(&p, &b);
	assert_ok(decode_exact(b.data, b.len, &d));
	assert_str("", d.post.company);
	assert_true(d.post.author == NULL);
	assert_str("", d.post.type);
	fo_docdata_free(&d);
	fo_buf_free(&b);
}

static void test_docdata__two_topics_keep_their_order(void)
{
	static const char *const topics[] = { "Parallelism", "Python" };
	folio_post p = { "u", "t", NULL, "Someone", NULL, NULL, "s", topics, 2 };
	fo_buf b = FO_BUF_INIT;
	fo_docdata d;

	fo_docdata_encode(&p, &b);
	assert_ok(decode_exact(b.data, b.len, &d));
	assert_int(2, d.post.n_topics);
	assert_str("Parallelism", d.post.topics[0]);
	assert_str("Python", d.post.topics[1]);
	assert_str("Someone", d.post.author);
	assert_true(d.post.company == NULL);
	fo_docdata_free(&d);
	fo_buf_free(&b);
}

static void test_docdata__equal_posts_encode_equal(void)
{
	fo_buf a = FO_BUF_INIT, b = FO_BUF_INIT;
	fo_docdata d;

	fo_docdata_encode(&full_post, &a);
	assert_ok(fo_docdata_decode(a.data, a.len, &d));
	fo_docdata_encode(&d.post, &b);
	fo_docdata_free(&d);
	assert_int(a.len, b.len);
	assert_true(memcmp(a.data, b.data, a.len) == 0);
	assert_true(fo_hash64(a.data, a.len) == fo_hash64(b.data, b.len));
	fo_buf_free(&a);
	fo_buf_free(&b);
}

static void test_docdata__every_truncation_is_corrupt(void)
{
	fo_buf b = FO_BUF_INIT;
	size_t cut;

	fo_docdata_encode(&full_post, &b);
	assert_true(b.len > 100);
	for (cut = 0; cut < b.len; cut++) {
		fo_docdata d;
		folio_status st = decode_exact(b.data, cut, &d);

		if (st != FOLIO_ERROR_CORRUPT)
			fprintf(stderr, "  truncated to %zu of %zu bytes\n", cut,
			        b.len);
		assert_int(FOLIO_ERROR_CORRUPT, st);
		/* A failed decode leaves nothing to free. */
		assert_true(d.mem == NULL && d.topics == NULL);
		assert_true(d.post.url == NULL && d.post.summary == NULL);
	}
	fo_buf_free(&b);
}

static void test_docdata__garbled_lengths_are_corrupt(void)
{
	static const struct {
		const char *bytes;
		size_t len;
	} cases[] = {
		/* a length running past the end */
		{ "u\x01ut\x01ts\x05s", 9 },
		/* a length byte missing */
		{ "u\x01ut\x01ts", 7 },
		/* a varint that never ends */
		{ "u\x01ut\x01ts\x80", 8 },
		/* a varint longer than five bytes */
		{ "u\x01ut\x01ts\x81\x80\x80\x80\x80\x00s", 14 },
		/* a huge length */
		{ "u\x01ut\x01ts\xff\xff\xff\xff\x0fs", 13 },
		/* a well-formed record without a summary */
		{ "u\x01ut\x01t", 6 },
		/* ... without a URL */
		{ "t\x01ts\x01s", 6 },
		/* ... without a title */
		{ "u\x01us\x01s", 6 },
		/* the summary's tag garbled into an unknown one */
		{ "u\x01ut\x01tS\x01s", 9 },
		/* a lone tag byte */
		{ "u", 1 },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		fo_docdata d;
		folio_status st = decode_exact(cases[i].bytes, cases[i].len, &d);

		if (st != FOLIO_ERROR_CORRUPT)
			fprintf(stderr, "  case %zu\n", i);
		assert_int(FOLIO_ERROR_CORRUPT, st);
	}
}

static void test_docdata__unknown_tags_are_skipped(void)
{
	static const char rec[] = "u\x01U" "t\x01T" "z\x03zzz" "s\x01S";
	fo_docdata d;

	assert_ok(decode_exact(rec, sizeof rec - 1, &d));
	assert_str("U", d.post.url);
	assert_str("T", d.post.title);
	assert_str("S", d.post.summary);
	assert_true(d.post.company == NULL);
	assert_int(0, d.post.n_topics);
	fo_docdata_free(&d);
}

static void test_docdata__a_non_minimal_length_is_accepted(void)
{
	/* 0x81 0x00 is a padded LEB128 encoding of 1. */
	static const char rec[] = "u\x81\x00U" "t\x01T" "s\x01S";
	fo_docdata d;

	assert_ok(decode_exact(rec, sizeof rec - 1, &d));
	assert_str("U", d.post.url);
	fo_docdata_free(&d);
}

/* Flip every byte of a valid record to a few values: the decoder must
 * either reject it or return a post whose required fields are present and
 * NUL-terminated within the record's size. */
static void test_docdata__every_single_byte_garbling_is_safe(void)
{
	static const unsigned char values[] = { 0x00, 0x01, 0x7f, 0x80, 0xff,
	                                        'u', 't', 's', 'o' };
	fo_buf b = FO_BUF_INIT;
	char *copy;
	size_t i, v;

	fo_docdata_encode(&full_post, &b);
	copy = malloc(b.len);
	assert_true(copy != NULL);
	for (i = 0; i < b.len; i++) {
		for (v = 0; v < sizeof values; v++) {
			fo_docdata d;
			folio_status st;

			memcpy(copy, b.data, b.len);
			copy[i] = (char)values[v];
			st = fo_docdata_decode(copy, b.len, &d);
			if (st != FOLIO_OK && st != FOLIO_ERROR_CORRUPT)
				free(copy);
			assert_true(st == FOLIO_OK || st == FOLIO_ERROR_CORRUPT);
			if (st == FOLIO_OK) {
				int sane = d.post.url && d.post.title &&
				           d.post.summary &&
				           strlen(d.post.url) < b.len &&
				           strlen(d.post.title) < b.len &&
				           strlen(d.post.summary) < b.len;
				fo_docdata_free(&d);
				if (!sane)
					free(copy);
				assert_true(sane);
			}
		}
	}
	free(copy);
	fo_buf_free(&b);
}

static void test_docdata__hash_is_fnv1a_64(void)
{
	assert_true(fo_hash64("", 0) == 0xcbf29ce484222325ULL);
	assert_true(fo_hash64("a", 1) == 0xaf63dc4c8601ec8cULL);
	assert_true(fo_hash64("foobar", 6) == 0x85944171f73967e8ULL);
	/* The length is honoured: bytes after it do not count. */
	assert_true(fo_hash64("ab", 1) == 0xaf63dc4c8601ec8cULL);
}

static const fo_test tests[] = {
	FO_TEST(test_docdata__encoding_is_tag_length_bytes_in_field_order),
	FO_TEST(test_docdata__absent_fields_are_omitted),
	FO_TEST(test_docdata__long_fields_get_a_multi_byte_length),
	FO_TEST(test_docdata__a_full_post_round_trips),
	FO_TEST(test_docdata__null_optional_fields_decode_as_null),
	FO_TEST(test_docdata__empty_strings_stay_distinct_from_null),
	FO_TEST(test_docdata__two_topics_keep_their_order),
	FO_TEST(test_docdata__equal_posts_encode_equal),
	FO_TEST(test_docdata__every_truncation_is_corrupt),
	FO_TEST(test_docdata__garbled_lengths_are_corrupt),
	FO_TEST(test_docdata__unknown_tags_are_skipped),
	FO_TEST(test_docdata__a_non_minimal_length_is_accepted),
	FO_TEST(test_docdata__every_single_byte_garbling_is_safe),
	FO_TEST(test_docdata__hash_is_fnv1a_64),
};

int main(void)
{
	return FO_RUN(tests);
}
