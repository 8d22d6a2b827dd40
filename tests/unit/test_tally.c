/*
 * test_tally.c: unit tests of the URL-hash counts of a run
 * (src/index/tally.c): each hash is counted, absent ones are not found,
 * many hashes survive the table's growth, and hash 0 (the empty-slot
 * marker) is counted like any other; a walk visits each counted hash.
 */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"

#include "index/tally.h"

#include <stdint.h>
#include <unistd.h>

static void test_tally__an_empty_tally_finds_nothing(void)
{
	fo_tally *t = fo_tally_new();

	assert_true(t != NULL);
	assert_int(0, fo_tally_count(t));
	assert_true(fo_tally_find(t, 42) == NULL);
	fo_tally_free(t);
	fo_tally_free(NULL);
}

static void test_tally__each_occurrence_is_counted(void)
{
	fo_tally *t = fo_tally_new();

	assert_ok(fo_tally_add(t, 7, NULL));
	assert_ok(fo_tally_add(t, 9, NULL));
	assert_ok(fo_tally_add(t, 7, NULL));
	assert_ok(fo_tally_add(t, 7, NULL));
	assert_int(2, fo_tally_count(t));
	assert_int(3, fo_tally_find(t, 7)->count);
	assert_int(1, fo_tally_find(t, 9)->count);
	assert_int(0, fo_tally_find(t, 9)->seen);
	assert_true(fo_tally_find(t, 8) == NULL);
	fo_tally_free(t);
}

static void test_tally__hash_zero_is_counted_like_any_other(void)
{
	fo_tally *t = fo_tally_new();

	assert_ok(fo_tally_add(t, 0, NULL));
	assert_ok(fo_tally_add(t, 0, NULL));
	assert_int(1, fo_tally_count(t));
	assert_true(fo_tally_find(t, 0) != NULL);
	assert_int(2, fo_tally_find(t, 0)->count);
	fo_tally_free(t);
}

static void test_tally__an_entry_notes_its_file_until_restarted(void)
{
	fo_tally *t = fo_tally_new();
	fo_tally_entry *e = NULL;

	assert_ok(fo_tally_add(t, 7, &e));
	assert_true(e == fo_tally_find(t, 7));
	assert_int(0, e->file);
	e->file = 3;
	assert_ok(fo_tally_add(t, 7, &e));
	assert_int(3, e->file);
	assert_int(2, e->count);
	fo_tally_restart(t);
	assert_int(0, fo_tally_find(t, 7)->seen);
	assert_int(2, fo_tally_find(t, 7)->count);
	fo_tally_free(t);
}

/* Each counted hash once, whatever the table's size (gone.c walks the
 * tainted posts so); never an empty slot. */
static void test_tally__next_visits_each_counted_hash_once(void)
{
	fo_tally *t = fo_tally_new();
	const fo_tally_entry *e;
	size_t cursor = 0, n = 0;
	uint64_t sum = 0;

	assert_ok(fo_tally_add(t, 5, NULL));
	assert_ok(fo_tally_add(t, 6, NULL));
	assert_ok(fo_tally_add(t, 5, NULL));
	while ((e = fo_tally_next(t, &cursor)) != NULL) {
		n++;
		sum += e->hash;
	}
	assert_int(2, n);
	assert_int(11, sum);
	fo_tally_free(t);
}

/* The table is at most half full, so a probe for a hash not counted
 * meets an empty slot: in a full one it would go round for ever (an
 * alarm ends the test then). 1024 hashes fill the first table. */
static void test_tally__a_hash_not_counted_is_not_found_in_a_grown_tally(void)
{
	fo_tally *t = fo_tally_new();
	uint64_t i;

	for (i = 1; i <= 1024; i++)
		assert_ok(fo_tally_add(t, i, NULL));
	alarm(10);
	assert_true(fo_tally_find(t, 5000) == NULL);
	alarm(0);
	assert_int(1024, fo_tally_count(t));
	fo_tally_free(t);
}

#define MANY 100000

static void test_tally__a_hundred_thousand_hashes_survive_growth(void)
{
	fo_tally *t = fo_tally_new();
	uint64_t i;
	size_t wrong = 0;

	/* Hashes that differ in their high 32 bits only. */
	for (i = 1; i <= MANY; i++)
		assert_ok(fo_tally_add(t, i << 32, NULL));
	for (i = 1; i <= MANY; i += 2)
		assert_ok(fo_tally_add(t, i << 32, NULL));
	assert_int(MANY, fo_tally_count(t));
	for (i = 1; i <= MANY; i++) {
		const fo_tally_entry *e = fo_tally_find(t, i << 32);
		if (!e || e->count != (i % 2 ? 2u : 1u))
			wrong++;
	}
	assert_int(0, wrong);
	assert_true(fo_tally_find(t, (uint64_t)(MANY + 1) << 32) == NULL);
	fo_tally_free(t);
}

static const fo_test tests[] = {
	FO_TEST(test_tally__an_empty_tally_finds_nothing),
	FO_TEST(test_tally__each_occurrence_is_counted),
	FO_TEST(test_tally__hash_zero_is_counted_like_any_other),
	FO_TEST(test_tally__an_entry_notes_its_file_until_restarted),
	FO_TEST(test_tally__next_visits_each_counted_hash_once),
	FO_TEST(test_tally__a_hash_not_counted_is_not_found_in_a_grown_tally),
	FO_TEST(test_tally__a_hundred_thousand_hashes_survive_growth),
};

int main(void)
{
	return FO_RUN(tests);
}
