/*
 * test_query.c: unit tests of free-text query building (src/search/query.c)
 * over an english analyzer: the exact Xapian query (as described by
 * fo_xquery_describe) for plain words, words that are their own stem,
 * unstemmable tokens, hyphen and underscore compounds and several words,
 * the NULL query for text without words, and the term set that snippets
 * highlight from.
 */
#include "harness.h"

#include "search/query.h"

static fo_analyzer *english(void)
{
	fo_analyzer *an = NULL;

	if (fo_analyzer_new("english", &an) != FOLIO_OK)
		return NULL;
	return an;
}

/* Build the query for text; its description (malloc'd, NULL when there is
 * no query) goes to *got. */
static folio_status describe(const char *text, char **got)
{
	fo_analyzer *an = english();
	fo_xquery *q = NULL;
	fo_termset terms;
	folio_status st;

	*got = NULL;
	if (!an)
		return FOLIO_ERROR_INVALID;
	st = fo_query_build(an, text, &q, &terms);
	if (st == FOLIO_OK) {
		*got = q ? fo_xquery_describe(q) : NULL;
		fo_termset_free(&terms);
	}
	fo_xquery_free(q);
	fo_analyzer_free(an);
	return st;
}

#define assert_query(expected, text)                                           \
	do {                                                                   \
		char *got_;                                                    \
		int same_;                                                     \
		assert_ok(describe(text, &got_));                              \
		same_ = got_ && strcmp(got_, expected) == 0;                   \
		if (!same_)                                                    \
			fprintf(stderr, "  %s -> %s\n", text,                  \
			        got_ ? got_ : "(null)");                       \
		free(got_);                                                    \
		assert_true(same_);                                            \
	} while (0)

static void test_query__a_word_matches_its_stem_or_its_exact_form(void)
{
	assert_query("Query(((Zlock SYNONYM lock) OR locking))", "locking");
}

static void test_query__a_word_that_is_its_own_stem(void)
{
	assert_query("Query(((Zlock SYNONYM lock) OR lock))", "lock");
}

static void test_query__case_is_folded(void)
{
	assert_query("Query(((Zlock SYNONYM lock) OR locking))", "LOCKING");
}

static void test_query__an_unstemmable_token_is_its_own_stem(void)
{
	assert_query("Query(((Zmxfp8 SYNONYM mxfp8) OR mxfp8))", "MXFP8");
}

static void test_query__a_hyphen_compound_is_a_phrase_or_its_joined_form(void)
{
	assert_query("Query(((free PHRASE 2 threaded) OR "
	             "((Zfreethread SYNONYM freethread) OR freethreaded)))",
	             "free-threaded");
}

static void test_query__an_underscore_identifier_is_a_phrase_or_itself(void)
{
	assert_query("Query(((pg PHRASE 3 stat PHRASE 3 activity) OR "
	             "((Zpg_stat_activity SYNONYM pg_stat_activity) OR "
	             "pg_stat_activity)))",
	             "pg_stat_activity");
}

static void test_query__two_words_must_both_match_and_rank_higher_together(void)
{
	assert_query("Query(((((Zfree SYNONYM free) OR free) AND "
	             "((Zthread SYNONYM thread) OR threaded)) AND_MAYBE "
	             "(free PHRASE 2 threaded)))",
	             "free threaded");
}

static void test_query__a_compound_then_a_word(void)
{
	assert_query("Query(((((free PHRASE 2 threaded) OR "
	             "((Zfreethread SYNONYM freethread) OR freethreaded)) AND "
	             "((Zpython SYNONYM python) OR python)) AND_MAYBE "
	             "(free PHRASE 3 threaded PHRASE 3 python)))",
	             "free-threaded python");
}

static void test_query__text_without_words_gives_no_query(void)
{
	fo_analyzer *an = english();
	fo_xquery *q = (fo_xquery *)&q; /* must be overwritten */
	fo_termset terms;

	assert_true(an != NULL);
	assert_ok(fo_query_build(an, "!!!", &q, &terms));
	assert_true(q == NULL);
	assert_int(0, terms.n_exact);
	assert_int(0, terms.n_stems);
	fo_termset_free(&terms);
	q = (fo_xquery *)&q;
	assert_ok(fo_query_build(an, "", &q, &terms));
	assert_true(q == NULL);
	fo_termset_free(&terms);
	fo_analyzer_free(an);
}

static void test_query__the_termset_of_a_compound(void)
{
	fo_analyzer *an = english();
	fo_xquery *q = NULL;
	fo_termset terms;

	assert_true(an != NULL);
	assert_ok(fo_query_build(an, "free-threaded", &q, &terms));
	assert_true(q != NULL);
	assert_int(3, terms.n_exact);
	assert_str("freethreaded", terms.exact[0]);
	assert_str("free", terms.exact[1]);
	assert_str("threaded", terms.exact[2]);
	assert_int(3, terms.n_stems);
	assert_str("freethread", terms.stems[0]);
	assert_str("free", terms.stems[1]);
	assert_str("thread", terms.stems[2]);
	assert_true(fo_termset_has_exact(&terms, "threaded"));
	assert_true(!fo_termset_has_exact(&terms, "thread"));
	assert_true(fo_termset_has_stem(&terms, "thread"));
	assert_true(!fo_termset_has_stem(&terms, "threaded"));
	assert_true(!fo_termset_has_exact(&terms, "free-threaded"));
	fo_termset_free(&terms);
	assert_true(terms.exact == NULL && terms.n_exact == 0);
	fo_xquery_free(q);
	fo_analyzer_free(an);
}

static void test_query__repeated_words_are_remembered_once(void)
{
	fo_analyzer *an = english();
	fo_xquery *q = NULL;
	fo_termset terms;

	assert_true(an != NULL);
	assert_ok(fo_query_build(an, "locks locking lock", &q, &terms));
	assert_int(3, terms.n_exact);
	assert_str("locks", terms.exact[0]);
	assert_str("locking", terms.exact[1]);
	assert_str("lock", terms.exact[2]);
	assert_int(1, terms.n_stems);
	assert_str("lock", terms.stems[0]);
	fo_termset_free(&terms);
	fo_xquery_free(q);
	fo_analyzer_free(an);
}

static const fo_test tests[] = {
	FO_TEST(test_query__a_word_matches_its_stem_or_its_exact_form),
	FO_TEST(test_query__a_word_that_is_its_own_stem),
	FO_TEST(test_query__case_is_folded),
	FO_TEST(test_query__an_unstemmable_token_is_its_own_stem),
	FO_TEST(test_query__a_hyphen_compound_is_a_phrase_or_its_joined_form),
	FO_TEST(test_query__an_underscore_identifier_is_a_phrase_or_itself),
	FO_TEST(test_query__two_words_must_both_match_and_rank_higher_together),
	FO_TEST(test_query__a_compound_then_a_word),
	FO_TEST(test_query__text_without_words_gives_no_query),
	FO_TEST(test_query__the_termset_of_a_compound),
	FO_TEST(test_query__repeated_words_are_remembered_once),
};

int main(void)
{
	return FO_RUN(tests);
}
