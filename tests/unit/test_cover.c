/*
 * test_cover.c: unit tests of title coverage (src/search/cover.c), the
 * second-phase ranking feature: which title words a query covers (exact
 * form, stem, compound parts, prefixes, abbreviations, versions, lib
 * names), that version numbers no query names are not counted, that a
 * quoted word covers its exact form only, and the factor's formula.
 */
#include "harness.h"

#include "search/cover.h"

#include <math.h>

/* The coverage of title by query: matched * 100 + counted, or -1. */
static int cover_of(const char *query, const char *title)
{
	fo_analyzer *an = NULL;
	fo_cover_words *w = NULL;
	fo_compiled c;
	fo_cover cv = {0, 0};
	int got = -1;

	memset(&c, 0, sizeof c);
	if (fo_analyzer_new("english", &an) == FOLIO_OK &&
	    fo_query_build(an, query, &c) == FOLIO_OK &&
	    fo_cover_words_new(an, &c.hl, &w) == FOLIO_OK &&
	    fo_title_cover(an, w, title, &cv) == FOLIO_OK)
		got = (int)(cv.matched * 100 + cv.counted);
	fo_cover_words_free(w);
	fo_compiled_free(&c);
	fo_analyzer_free(an);
	return got;
}

#define assert_cover(matched, counted, query, title)                           \
	do {                                                                   \
		int got_ = cover_of(query, title);                             \
		if (got_ != (matched)*100 + (counted))                         \
			fprintf(stderr, "  %s / %s: %d of %d\n", query, title, \
			        got_ / 100, got_ % 100);                       \
		assert_true(got_ == (matched)*100 + (counted));                \
	} while (0)

static void test_cover__counts_the_title_words_the_query_names(void)
{
	assert_cover(2, 2, "OSD server for the ceph storage system",
	             "ceph-osd");
	assert_cover(2, 3, "OSD server for the ceph storage system",
	             "ceph-osd-dbg");
	assert_cover(0, 2, "OSD server", "ceph-base");
}

static void test_cover__stems_match_but_quoted_words_only_exactly(void)
{
	assert_cover(1, 1, "locking", "lock");
	assert_cover(0, 1, "\"locking\"", "lock");
	assert_cover(1, 1, "\"lock\"", "lock");
}

static void test_cover__compound_parts_and_prefixes_cover_words(void)
{
	assert_cover(2, 3, "free-threaded", "Free-threaded Python");
	assert_cover(2, 3, "free-threading", "Free-threaded Python");
	/* a camelCase word counts by its parts, as compounds do */
	assert_cover(2, 4, "free-threaded", "Free-threaded CPython");
	assert_cover(1, 2, "pyth*", "python3-foo");
	/* a prefix covers the word it is the whole of */
	assert_cover(1, 1, "python*", "python");
}

/* A compound typed whole is found (its joined term), so it covers the
 * title's compound whole: PostgreSQL typed postgresql covered one of its
 * two parts (postgre, by abbreviation), 4 of the 7 words of a title the
 * query spelt out whole (review-results-2). */
static void test_cover__a_compound_typed_whole_covers_its_parts(void)
{
	assert_cover(3, 3, "postgresql database", "PostgreSQL database");
	assert_cover(3, 3, "PostgreSQL database", "PostgreSQL database");
	assert_cover(2, 2, "freethreaded", "free-threaded");
	assert_cover(4, 5, "getelementbyid", "getElementById slowness");
	/* a name typed without its dots (fo_token_squeezed) */
	assert_cover(2, 3, "nodejs", "Node.js workers");
	/* a quoted word its exact form only, a part alone its part */
	assert_cover(1, 2, "\"postgre\"", "PostgreSQL");
	assert_cover(1, 2, "sql", "PostgreSQL");
}

static void test_cover__abbreviations_versions_and_lib_names(void)
{
	/* dev abbreviates development; 1.2 is a version nobody typed */
	assert_cover(2, 2, "Development files for libcamel", "libcamel1.2-dev");
	/* doc abbreviates documentation; nothing here abbreviates to it */
	assert_cover(3, 3, "Python six documentation", "python-six-doc");
	assert_cover(2, 3, "Python six manual", "python-six-doc");
	assert_cover(1, 2, "python library", "python3-foo");
	assert_cover(1, 1, "terminal emulator vterm", "libvterm0");
	assert_cover(1, 1, "curl", "libcurl");
	/* "lib" alone is no name, and a name keeps 3 bytes; a version
	 * keeps 2 (qt5) */
	assert_cover(0, 1, "b", "libb");
	assert_cover(0, 1, "xy", "libxy");
	assert_cover(1, 1, "ssl", "libssl");
	assert_cover(1, 1, "qt", "qt5");
	/* a version the query names counts (8.0 by its parts 8 and 0) */
	assert_cover(3, 3, "pike 8.0", "pike 8.0");
	assert_cover(1, 1, "pike 9", "pike 8.0");
}

static void test_cover__the_factor_follows_its_formula(void)
{
	fo_rank r;
	fo_cover none = {0, 0}, all = {2, 2}, some = {2, 3};

	fo_rank_default(&r);
	r.cover_penalty = 0.2;
	r.cover_bonus = 0.1;
	assert_true(fo_cover_factor(&r, &none) == 1.0);
	/* (1 - 0.2 * 0 / 3) * (1 + 0.1 * 2 / 3) */
	assert_true(fabs(fo_cover_factor(&r, &all) - (1 + 0.2 / 3)) < 1e-12);
	/* (1 - 0.2 * 1 / 4) * (1 + 0.1 * 2 / 4) = 0.95 * 1.05 */
	assert_true(fabs(fo_cover_factor(&r, &some) - 0.9975) < 1e-12);
}

static const fo_test tests[] = {
	FO_TEST(test_cover__counts_the_title_words_the_query_names),
	FO_TEST(test_cover__stems_match_but_quoted_words_only_exactly),
	FO_TEST(test_cover__compound_parts_and_prefixes_cover_words),
	FO_TEST(test_cover__a_compound_typed_whole_covers_its_parts),
	FO_TEST(test_cover__abbreviations_versions_and_lib_names),
	FO_TEST(test_cover__the_factor_follows_its_formula),
};

int main(void)
{
	return FO_RUN(tests);
}
