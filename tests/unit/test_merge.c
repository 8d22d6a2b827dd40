/*
 * test_merge.c: unit tests of the URL-keyed merge of one indexing run
 * (src/index/merge.c): a URL seen twice becomes one post with the sorted,
 * unique union of its topics (a few allocations a copy, however many
 * topics it gathers); the first value of each field wins and later
 * posts only fill gaps; posts keep first-seen order; many URLs survive the
 * table's rehashing; the merge owns copies of every string; posts taken
 * out by their URL's hash come out merged, once, and leave the rest
 * findable, in order, through many takes; a post found gives where its
 * latest copy was read; an allocation that fails is
 * FOLIO_ERROR_NOMEM, never a post with a field lost.
 */
#define _GNU_SOURCE
#include "failmalloc.h"
#include "harness.h"

#include "index/docdata.h"
#include "index/merge.h"

#include <stdint.h>

static folio_post post_of(const char *url, const char *title,
                          const char *const *topics, size_t n_topics)
{
	folio_post p;

	memset(&p, 0, sizeof p);
	p.url = url;
	p.title = title;
	p.summary = "summary";
	p.topics = topics;
	p.n_topics = n_topics;
	return p;
}

static void test_merge__an_empty_merge_has_nothing(void)
{
	fo_merge *m = fo_merge_new();

	assert_true(m != NULL);
	assert_int(0, fo_merge_count(m));
	assert_true(fo_merge_get(m, 0) == NULL);
	fo_merge_free(m);
	fo_merge_free(NULL);
}

static void test_merge__one_post_is_copied_whole(void)
{
	static const char *const topics[] = { "Python" };
	folio_post p = { "https://example.com/a", "Title", "Red Hat", "Lumir",
	                 "2026-09-14", "Announcement", "A summary.", topics, 1 };
	fo_merge *m = fo_merge_new();
	const folio_post *got;

	assert_ok(fo_merge_add(m, &p));
	assert_int(1, fo_merge_count(m));
	got = fo_merge_get(m, 0);
	assert_true(got != NULL);
	assert_str("https://example.com/a", got->url);
	assert_str("Title", got->title);
	assert_str("Red Hat", got->company);
	assert_str("Lumir", got->author);
	assert_str("2026-09-14", got->published);
	assert_str("Announcement", got->type);
	assert_str("A summary.", got->summary);
	assert_int(1, got->n_topics);
	assert_str("Python", got->topics[0]);
	/* Copies, not the caller's pointers. */
	assert_true(got->url != p.url && got->title != p.title);
	assert_true(got->topics[0] != topics[0]);
	assert_true(fo_merge_get(m, 1) == NULL);
	fo_merge_free(m);
}

static void test_merge__the_merge_owns_its_strings(void)
{
	char url[] = "https://example.com/mutable";
	char title[] = "Before";
	char topic[] = "Topic";
	const char *topics[1];
	folio_post p;
	fo_merge *m = fo_merge_new();

	topics[0] = topic;
	p = post_of(url, title, topics, 1);
	assert_ok(fo_merge_add(m, &p));
	memset(url, 'X', sizeof url - 1);
	memset(title, 'X', sizeof title - 1);
	memset(topic, 'X', sizeof topic - 1);
	assert_str("https://example.com/mutable", fo_merge_get(m, 0)->url);
	assert_str("Before", fo_merge_get(m, 0)->title);
	assert_str("Topic", fo_merge_get(m, 0)->topics[0]);
	fo_merge_free(m);
}

static void test_merge__the_same_url_twice_unites_sorted_unique_topics(void)
{
	static const char *const first[] = { "Python", "Concurrency" };
	static const char *const second[] = { "Parallelism", "Python",
	                                       "Concurrency", "Linux" };
	folio_post a = post_of("https://example.com/p", "T", first, 2);
	folio_post b = post_of("https://example.com/p", "T", second, 4);
	fo_merge *m = fo_merge_new();
	const folio_post *got;

	assert_ok(fo_merge_add(m, &a));
	assert_ok(fo_merge_add(m, &b));
	assert_int(1, fo_merge_count(m));
	got = fo_merge_get(m, 0);
	assert_int(4, got->n_topics);
	assert_str("Concurrency", got->topics[0]);
	assert_str("Linux", got->topics[1]);
	assert_str("Parallelism", got->topics[2]);
	assert_str("Python", got->topics[3]);
	fo_merge_free(m);
}

static void test_merge__a_found_post_gives_its_first_and_latest_origin(void)
{
	folio_post a = post_of("https://example.com/p", "T", NULL, 0);
	folio_post b = post_of("https://example.com/q", "U", NULL, 0);
	fo_merge *m = fo_merge_new();
	uint64_t first = 99, origin = 99;

	assert_true(fo_merge_find(m, a.url, &first, &origin) == NULL);
	assert_int(0, first);
	assert_int(0, origin);
	assert_ok(fo_merge_add_at(m, &a, 7));
	assert_ok(fo_merge_add(m, &b));
	assert_ok(fo_merge_add_at(m, &a, 12));
	assert_ok(fo_merge_add_at(m, &a, 15));
	assert_str("T", fo_merge_find(m, a.url, &first, &origin)->title);
	assert_int(7, first);
	assert_int(15, origin);
	assert_str("U", fo_merge_find(m, b.url, &first, &origin)->title);
	assert_int(0, first);
	assert_int(0, origin);
	fo_merge_free(m);
}

static void test_merge__duplicate_topics_within_one_post_collapse(void)
{
	static const char *const topics[] = { "b", "a", "b", "a", "c" };
	folio_post p = post_of("https://example.com/d", "T", topics, 5);
	fo_merge *m = fo_merge_new();
	const folio_post *got;

	assert_ok(fo_merge_add(m, &p));
	got = fo_merge_get(m, 0);
	assert_int(3, got->n_topics);
	assert_str("a", got->topics[0]);
	assert_str("b", got->topics[1]);
	assert_str("c", got->topics[2]);
	fo_merge_free(m);
}

/* Case, accents and white space apart, a topic is the one its filter
 * term and facets take it for: a post on "Machine Learning" and
 * "machine  learning" pages showed both. The spelling read first stays. */
static void test_merge__topics_spelt_otherwise_collapse_to_the_first(void)
{
	static const char *const topics[] = { "Machine Learning", "Caf\xC3\xA9",
		                              "machine  learning", "CAFE",
		                              "Cafes" };
	folio_post p = post_of("https://example.com/c", "T", topics, 5);
	fo_merge *m = fo_merge_new();
	const folio_post *got;

	assert_ok(fo_merge_add(m, &p));
	got = fo_merge_get(m, 0);
	assert_int(3, got->n_topics);
	assert_str("Cafes", got->topics[0]);
	assert_str("Caf\xC3\xA9", got->topics[1]);
	assert_str("Machine Learning", got->topics[2]);
	fo_merge_free(m);
}

/* A URL on thousands of pages, each its own topic: every copy costs a
 * few allocations (its topic's filter term, two copies), not one
 * normalisation of every topic the post has so far (these 4000 copies
 * took 4 million allocations, and 40,000 copies over 120 s of folio
 * index), and each copy spelt otherwise still collapses. */
static void test_merge__many_topics_cost_a_few_allocations_each(void)
{
	enum { N = 2000 };
	fo_merge *m = fo_merge_new();
	const folio_post *got;
	char topic[32], want[32];
	const char *one[1] = { topic };
	folio_post p = post_of("https://example.com/many", "T", one, 1);
	size_t i;

	assert_true(m != NULL);
#ifndef SANITIZED
	countdown = 20L * 2 * N; /* allocations allowed for all copies */
#endif
	for (i = 0; i < 2 * N; i++) {
		/* 0, 7, 14, ...: out of order; the second round spelt otherwise
		 */
		size_t k = i * 7 % N;
		snprintf(topic, sizeof topic,
		         i < N ? "Topic %04zu" : "TOPIC  %04zu", k);
		if (fo_merge_add(m, &p) != FOLIO_OK)
			break;
	}
#ifndef SANITIZED
	countdown = -1;
#endif
	assert_int(2 * N, i);
	got = fo_merge_get(m, 0);
	assert_int(N, got->n_topics);
	for (i = 0; i < N; i++) {
		snprintf(want, sizeof want, "Topic %04zu", i);
		assert_str(want, got->topics[i]);
	}
	fo_merge_free(m);
}

static void test_merge__topics_sort_bytewise(void)
{
	/* strcmp order: upper case before lower case, UTF-8 last. */
	static const char *const topics[] = { "\xC3\x89t\xC3\xA9", "apple",
	                                       "Zebra", "AI" };
	folio_post p = post_of("https://example.com/s", "T", topics, 4);
	fo_merge *m = fo_merge_new();
	const folio_post *got;

	assert_ok(fo_merge_add(m, &p));
	got = fo_merge_get(m, 0);
	assert_int(4, got->n_topics);
	assert_str("AI", got->topics[0]);
	assert_str("Zebra", got->topics[1]);
	assert_str("apple", got->topics[2]);
	assert_str("\xC3\x89t\xC3\xA9", got->topics[3]);
	fo_merge_free(m);
}

static void test_merge__a_post_without_topics_gains_them_later(void)
{
	static const char *const later[] = { "Databases" };
	folio_post a = post_of("https://example.com/n", "T", NULL, 0);
	folio_post b = post_of("https://example.com/n", "T", later, 1);
	fo_merge *m = fo_merge_new();

	assert_ok(fo_merge_add(m, &a));
	assert_int(0, fo_merge_get(m, 0)->n_topics);
	assert_ok(fo_merge_add(m, &b));
	assert_int(1, fo_merge_get(m, 0)->n_topics);
	assert_str("Databases", fo_merge_get(m, 0)->topics[0]);
	fo_merge_free(m);
}

static void test_merge__first_seen_values_win_and_gaps_are_filled(void)
{
	folio_post a = { "https://example.com/f", "First title", NULL, "First author",
	                 NULL, "Explainer", "First summary.", NULL, 0 };
	folio_post b = { "https://example.com/f", "Second title", "Second company",
	                 "Second author", "2025-01-17", NULL, "Second summary.",
	                 NULL, 0 };
	folio_post c = { "https://example.com/f", "Third title", "Third company",
	                 NULL, "2020-02-02", "Tutorial", "Third summary.",
	                 NULL, 0 };
	fo_merge *m = fo_merge_new();
	const folio_post *got;

	assert_ok(fo_merge_add(m, &a));
	assert_ok(fo_merge_add(m, &b));
	assert_ok(fo_merge_add(m, &c));
	assert_int(1, fo_merge_count(m));
	got = fo_merge_get(m, 0);
	assert_str("First title", got->title);
	assert_str("Second company", got->company);
	assert_str("First author", got->author);
	assert_str("2025-01-17", got->published);
	assert_str("Explainer", got->type);
	assert_str("First summary.", got->summary);
	fo_merge_free(m);
}

static void test_merge__insertion_order_is_kept(void)
{
	static const char *const t1[] = { "one" };
	static const char *const t2[] = { "two" };
	folio_post posts[] = {
		post_of("https://example.com/c", "C", NULL, 0),
		post_of("https://example.com/a", "A", t1, 1),
		post_of("https://example.com/b", "B", NULL, 0),
		post_of("https://example.com/a", "A again", t2, 1),
		post_of("https://example.com/d", "D", NULL, 0),
		post_of("https://example.com/c", "C again", NULL, 0),
	};
	fo_merge *m = fo_merge_new();
	size_t i;

	for (i = 0; i < sizeof posts / sizeof posts[0]; i++)
		assert_ok(fo_merge_add(m, &posts[i]));
	assert_int(4, fo_merge_count(m));
	assert_str("https://example.com/c", fo_merge_get(m, 0)->url);
	assert_str("https://example.com/a", fo_merge_get(m, 1)->url);
	assert_str("https://example.com/b", fo_merge_get(m, 2)->url);
	assert_str("https://example.com/d", fo_merge_get(m, 3)->url);
	assert_str("C", fo_merge_get(m, 0)->title);
	assert_str("A", fo_merge_get(m, 1)->title);
	assert_int(2, fo_merge_get(m, 1)->n_topics);
	assert_str("one", fo_merge_get(m, 1)->topics[0]);
	assert_str("two", fo_merge_get(m, 1)->topics[1]);
	fo_merge_free(m);
}

static void test_merge__urls_differing_only_in_case_or_slash_are_distinct(void)
{
	folio_post posts[] = {
		post_of("https://example.com/x", "1", NULL, 0),
		post_of("https://example.com/X", "2", NULL, 0),
		post_of("https://example.com/x/", "3", NULL, 0),
	};
	fo_merge *m = fo_merge_new();
	size_t i;

	for (i = 0; i < 3; i++)
		assert_ok(fo_merge_add(m, &posts[i]));
	assert_int(3, fo_merge_count(m));
	assert_str("3", fo_merge_get(m, 2)->title);
	fo_merge_free(m);
}

#define MANY 10000

static void test_merge__ten_thousand_urls_survive_rehashing(void)
{
	fo_merge *m = fo_merge_new();
	char url[64], topic[32];
	const char *topics[1];
	size_t i;

	topics[0] = topic;
	for (i = 0; i < MANY; i++) {
		folio_post p;

		snprintf(url, sizeof url, "https://example.com/post/%zu", i);
		snprintf(topic, sizeof topic, "first");
		p = post_of(url, "T", topics, 1);
		assert_ok(fo_merge_add(m, &p));
	}
	assert_int(MANY, fo_merge_count(m));
	/* Every URL again, in reverse: all found, none added. */
	for (i = MANY; i-- > 0;) {
		folio_post p;

		snprintf(url, sizeof url, "https://example.com/post/%zu", i);
		snprintf(topic, sizeof topic, "again");
		p = post_of(url, "Other", topics, 1);
		assert_ok(fo_merge_add(m, &p));
	}
	assert_int(MANY, fo_merge_count(m));
	for (i = 0; i < MANY; i++) {
		const folio_post *got = fo_merge_get(m, i);

		snprintf(url, sizeof url, "https://example.com/post/%zu", i);
		assert_true(got != NULL);
		assert_str(url, got->url);
		assert_str("T", got->title);
		assert_int(2, got->n_topics);
		assert_str("again", got->topics[0]);
		assert_str("first", got->topics[1]);
	}
	assert_true(fo_merge_get(m, MANY) == NULL);
	fo_merge_free(m);
}

typedef struct taken {
	char urls[4096];
	char titles[4096];
	size_t n;
	size_t wrong_hash; /* posts handed on with another URL's hash */
} taken;

static uint64_t hash_of(const char *url)
{
	return fo_hash64(url, strlen(url));
}

static folio_status take_one(const folio_post *p, uint64_t url_hash, void *ctx)
{
	taken *t = ctx;
	size_t len = strlen(t->urls), tl = strlen(t->titles), i;

	t->wrong_hash += url_hash != hash_of(p->url);

	snprintf(t->urls + len, sizeof t->urls - len, "%s ", p->url);
	snprintf(t->titles + tl, sizeof t->titles - tl, "%s:", p->title);
	for (i = 0; i < p->n_topics; i++) {
		tl = strlen(t->titles);
		snprintf(t->titles + tl, sizeof t->titles - tl, "%s%s",
		         i ? "," : "", p->topics[i]);
	}
	tl = strlen(t->titles);
	snprintf(t->titles + tl, sizeof t->titles - tl, " ");
	t->n++;
	return FOLIO_OK;
}

static void test_merge__a_taken_post_comes_out_merged_and_once(void)
{
	static const char *const t1[] = { "GPUs" };
	static const char *const t2[] = { "Kernels" };
	folio_post a = post_of("https://example.com/a", "A", t1, 1);
	folio_post b = post_of("https://example.com/b", "B", NULL, 0);
	folio_post a2 = post_of("https://example.com/a", "A again", t2, 1);
	fo_merge *m = fo_merge_new();
	taken t;

	memset(&t, 0, sizeof t);
	assert_ok(fo_merge_add(m, &a));
	assert_ok(fo_merge_add(m, &b));
	assert_ok(fo_merge_add(m, &a2));
	assert_ok(fo_merge_take(m, hash_of("https://example.com/a"), take_one,
	                        &t));
	assert_int(1, t.n);
	assert_str("https://example.com/a ", t.urls);
	assert_str("A:GPUs,Kernels ", t.titles);
	assert_int(1, fo_merge_count(m));
	/* half of them taken, the hole is swept away: b is post 0 */
	assert_true(fo_merge_get(m, 0) != NULL);
	assert_str("https://example.com/b", fo_merge_get(m, 0)->url);
	/* Taken is gone: a second take finds nothing, an unknown hash
	 * neither. */
	assert_ok(fo_merge_take(m, hash_of("https://example.com/a"), take_one,
	                        &t));
	assert_ok(fo_merge_take(m, 12345, take_one, &t));
	assert_int(1, t.n);
	/* A URL added again after its take starts afresh. */
	assert_ok(fo_merge_add(m, &a2));
	assert_int(2, fo_merge_count(m));
	assert_ok(fo_merge_take_all(m, take_one, &t));
	assert_int(3, t.n);
	assert_str("https://example.com/a https://example.com/b "
	           "https://example.com/a ", t.urls);
	/* each with its URL's hash, which fo_store asks the index by */
	assert_int(0, t.wrong_hash);
	assert_int(0, fo_merge_count(m));
	fo_merge_free(m);
}

/* Two URLs of one 64-bit hash (FNV-1a is no cryptographic hash: this pair
 * was found by a rho search over URLs of 11 such characters) are taken
 * out together, in the order they were first seen. */
static void test_merge__urls_of_one_hash_are_taken_in_first_seen_order(void)
{
	static const char first[] = "https://example.com/3ZQIDmeoBGH";
	static const char second[] = "https://example.com/GDsCSRdi8_I";
	folio_post a = post_of(second, "Second", NULL, 0);
	folio_post b = post_of(first, "First", NULL, 0);
	fo_merge *m = fo_merge_new();
	taken t;

	assert_true(hash_of(first) == hash_of(second));
	memset(&t, 0, sizeof t);
	/* seen in this order, whatever the slots they land in */
	assert_ok(fo_merge_add(m, &a));
	assert_ok(fo_merge_add(m, &b));
	assert_ok(fo_merge_take(m, hash_of(first), take_one, &t));
	assert_int(2, t.n);
	assert_int(0, t.wrong_hash);
	assert_str("https://example.com/GDsCSRdi8_I "
	           "https://example.com/3ZQIDmeoBGH ",
	           t.urls);
	assert_int(0, fo_merge_count(m));
	fo_merge_free(m);
}

static void test_merge__many_takes_keep_the_rest_whole(void)
{
	fo_merge *m = fo_merge_new();
	char url[64];
	size_t i, wrong = 0;
	taken t;

	/* Post i is added, then post i - 3 is taken: the merge holds three
	 * at a time, through many sweeps of its holes. */
	memset(&t, 0, sizeof t);
	for (i = 0; i < MANY; i++) {
		folio_post p;

		snprintf(url, sizeof url, "https://example.com/post/%zu", i);
		p = post_of(url, "T", NULL, 0);
		assert_ok(fo_merge_add(m, &p));
		if (i >= 3) {
			snprintf(url, sizeof url, "https://example.com/post/%zu",
			         i - 3);
			t.urls[0] = t.titles[0] = '\0';
			assert_ok(fo_merge_take(m, hash_of(url), take_one, &t));
			if (strncmp(t.urls, url, strlen(url)) != 0)
				wrong++;
		}
	}
	assert_int(0, wrong);
	assert_int(MANY - 3, t.n);
	assert_int(3, fo_merge_count(m));
	t.urls[0] = '\0';
	assert_ok(fo_merge_take_all(m, take_one, &t));
	assert_str("https://example.com/post/9997 https://example.com/post/9998 "
	           "https://example.com/post/9999 ", t.urls);
	fo_merge_free(m);
}

static folio_status refuse(const folio_post *p, uint64_t url_hash, void *ctx)
{
	(void)p;
	(void)url_hash;
	++*(size_t *)ctx;
	return FOLIO_ERROR_IO;
}

/* The first error stops the handing on: the rest are freed unseen. */
static void test_merge__taking_all_stops_at_the_first_error(void)
{
	folio_post a = post_of("https://example.com/a", "A", NULL, 0);
	folio_post b = post_of("https://example.com/b", "B", NULL, 0);
	fo_merge *m = fo_merge_new();
	size_t calls = 0;

	assert_ok(fo_merge_add(m, &a));
	assert_ok(fo_merge_add(m, &b));
	assert_int(FOLIO_ERROR_IO, fo_merge_take_all(m, refuse, &calls));
	assert_int(1, calls);
	assert_int(0, fo_merge_count(m));
	fo_merge_free(m);
}

/* A few posts taken out of many leave holes that finding a post probes
 * past, not into: every other post is still found, and none taken. */
static void test_merge__a_post_is_found_past_the_holes_of_takes(void)
{
	fo_merge *m = fo_merge_new();
	char url[64];
	size_t i, found = 0, gone = 0;
	taken t;

	memset(&t, 0, sizeof t);
	for (i = 0; i < 400; i++) {
		folio_post p;

		snprintf(url, sizeof url, "https://example.com/post/%zu", i);
		p = post_of(url, "T", NULL, 0);
		assert_ok(fo_merge_add(m, &p));
	}
	/* one in ten, too few to sweep the holes away */
	for (i = 0; i < 400; i += 10) {
		snprintf(url, sizeof url, "https://example.com/post/%zu", i);
		assert_ok(fo_merge_take(m, hash_of(url), take_one, &t));
	}
	assert_int(40, t.n);
	for (i = 0; i < 400; i++) {
		snprintf(url, sizeof url, "https://example.com/post/%zu", i);
		if (fo_merge_find(m, url, NULL, NULL))
			found += i % 10 != 0;
		else
			gone += i % 10 == 0;
	}
	assert_int(360, found);
	assert_int(40, gone);
	assert_int(360, fo_merge_count(m));
	/* while there are holes, no post is at an index (merge.h) */
	assert_true(fo_merge_get(m, 0) == NULL);
	assert_true(fo_merge_get(m, 1) == NULL);
	fo_merge_free(m);
}

/* Whichever allocation of fo_merge_add fails (strdup of a field, of a
 * topic), the post is refused, never kept with that field missing. */
static void test_merge__a_failed_allocation_is_nomem_not_a_lost_field(void)
{
#ifndef SANITIZED
	static const char *const topics[] = { "Python", "Rust" };
	folio_post p = { "https://example.com/a",
		         "Title",
		         "Red Hat",
		         "Lumir",
		         "2026-09-14",
		         "Announcement",
		         "A summary.",
		         topics,
		         2 };
	long n;
	int failed = 0;

	for (n = 0; n < 40; n++) {
		fo_merge *m = fo_merge_new();
		const folio_post *got;
		folio_status st;

		assert_true(m != NULL);
		countdown = n;
		st = fo_merge_add(m, &p);
		countdown = -1;
		got = fo_merge_get(m, 0);
		if (st != FOLIO_OK) {
			assert_int(FOLIO_ERROR_NOMEM, st);
			failed++;
		} else {
			assert_true(got != NULL);
			assert_str("Title", got->title);
			assert_str("Red Hat", got->company);
			assert_str("Lumir", got->author);
			assert_str("2026-09-14", got->published);
			assert_str("Announcement", got->type);
			assert_str("A summary.", got->summary);
			assert_int(2, got->n_topics);
		}
		fo_merge_free(m);
	}
	/* every allocation of the call was made to fail once */
	assert_true(failed > 7);
#endif
}

static const fo_test tests[] = {
	FO_TEST(test_merge__an_empty_merge_has_nothing),
	FO_TEST(test_merge__one_post_is_copied_whole),
	FO_TEST(test_merge__the_merge_owns_its_strings),
	FO_TEST(test_merge__the_same_url_twice_unites_sorted_unique_topics),
	FO_TEST(test_merge__a_found_post_gives_its_first_and_latest_origin),
	FO_TEST(test_merge__duplicate_topics_within_one_post_collapse),
	FO_TEST(test_merge__topics_spelt_otherwise_collapse_to_the_first),
	FO_TEST(test_merge__many_topics_cost_a_few_allocations_each),
	FO_TEST(test_merge__topics_sort_bytewise),
	FO_TEST(test_merge__a_post_without_topics_gains_them_later),
	FO_TEST(test_merge__first_seen_values_win_and_gaps_are_filled),
	FO_TEST(test_merge__insertion_order_is_kept),
	FO_TEST(test_merge__urls_differing_only_in_case_or_slash_are_distinct),
	FO_TEST(test_merge__ten_thousand_urls_survive_rehashing),
	FO_TEST(test_merge__a_taken_post_comes_out_merged_and_once),
	FO_TEST(test_merge__urls_of_one_hash_are_taken_in_first_seen_order),
	FO_TEST(test_merge__many_takes_keep_the_rest_whole),
	FO_TEST(test_merge__a_post_is_found_past_the_holes_of_takes),
	FO_TEST(test_merge__taking_all_stops_at_the_first_error),
	FO_TEST(test_merge__a_failed_allocation_is_nomem_not_a_lost_field),
};

int main(void)
{
	return FO_RUN(tests);
}
