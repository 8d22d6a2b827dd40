/*
 * test_query.c: unit tests of free-text query building (src/search/query.c)
 * over an english analyzer: the exact Xapian query (as described by
 * fo_xquery_describe) for plain words, words that are their own stem,
 * unstemmable tokens, hyphen and underscore compounds and several words,
 * the NULL query for text without words, and the term set that snippets
 * highlight from.
 */
#include "harness.h"

#include "search/compile.h"
#include "search/qlex.h"
#include "search/query.h"
#include "index/urlterm.h"
#include "util/buf.h"

static fo_analyzer *english(void)
{
	fo_analyzer *an = NULL;

	if (fo_analyzer_new("english", &an) != FOLIO_OK)
		return NULL;
	return an;
}

/* Parse and compile text with the default ranking, its free words joined
 * by defop; relevance adds the ranking-only boosts (abbreviations, joined
 * pairs); stats, when not NULL, are the index's term frequencies. */
static folio_status compile_as(fo_analyzer *an, const char *text, int relevance,
                               fo_defop defop, const fo_qstats *stats,
                               fo_compiled *c)
{
	fo_qtree tree;
	fo_rank rank;
	char err[200];
	size_t pos;
	folio_status st;

	memset(c, 0, sizeof *c);
	fo_rank_default(&rank);
	rank.defop = defop;
	st = fo_qparse(text, 0, &tree, &pos, err, sizeof err);
	if (st == FOLIO_OK)
		st = fo_query_compile(an, text, tree.root, &rank, relevance, -1,
		                      stats, c);
	fo_qtree_free(&tree);
	return st;
}

static folio_status compile_with(fo_analyzer *an, const char *text,
                                 int relevance, const fo_qstats *stats,
                                 fo_compiled *c)
{
	return compile_as(an, text, relevance, FO_DEFOP_AUTO, stats, c);
}

static folio_status compile(fo_analyzer *an, const char *text, int relevance,
                            fo_compiled *c)
{
	return compile_with(an, text, relevance, NULL, c);
}

/* Build the query for text (as matched: no ranking boosts); its
 * description (malloc'd, NULL when there is
 * no query) goes to *got. */
static folio_status describe(const char *text, char **got)
{
	fo_analyzer *an = english();
	fo_compiled c;
	folio_status st;

	*got = NULL;
	if (!an)
		return FOLIO_ERROR_INVALID;
	st = compile(an, text, 0, &c);
	if (st == FOLIO_OK) {
		*got = c.q ? fo_xquery_describe(c.q) : NULL;
		fo_compiled_free(&c);
	}
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
	assert_query("Query(((Zlock SYNONYM lock) AND_MAYBE locking))",
	             "locking");
}

static void test_query__a_word_that_is_its_own_stem(void)
{
	assert_query("Query(((Zlock SYNONYM lock) AND_MAYBE lock))", "lock");
}

static void test_query__case_is_folded(void)
{
	assert_query("Query(((Zlock SYNONYM lock) AND_MAYBE locking))",
	             "LOCKING");
}

static void test_query__an_unstemmable_token_is_its_own_stem(void)
{
	assert_query("Query(((Zmxfp8 SYNONYM mxfp8) AND_MAYBE mxfp8))",
	             "MXFP8");
}

static void test_query__a_hyphen_compound_is_a_phrase_or_its_joined_form(void)
{
	/* the phrase is scaled down: its wdf is the sum of its parts' (see
	 * fo_rank_default) */
	assert_query("Query((0.2999999999999999889 * (free PHRASE 2 threaded) "
	             "OR ((Zfreethread SYNONYM freethread) AND_MAYBE "
	             "freethreaded)))",
	             "free-threaded");
}

static void
test_query__an_underscore_identifier_is_a_phrase_itself_or_written_without_them(
    void)
{
	/* a post writing pgstatactivity holds it as the word it writes, one
	 * writing pg_stat_activity as its squeezed term (fo_token_squeezed) */
	assert_query(
	    "Query(((0.2999999999999999889 * (pg PHRASE 3 stat PHRASE 3 "
	    "activity) OR ((Zpg_stat_activity SYNONYM "
	    "pg_stat_activity) AND_MAYBE pg_stat_activity)) OR "
	    "pgstatactivity))",
	    "pg_stat_activity");
}

/* Written as one they find posts too, in every order (not only ranked:
 * a date sort lists the same posts). */
static void test_query__two_words_must_both_match_or_be_written_as_one(void)
{
	assert_query("Query(((((Zfree SYNONYM free) AND_MAYBE free) AND "
	             "((Zthread SYNONYM thread) AND_MAYBE threaded)) OR "
	             "0.2999999999999999889 * freethreaded))",
	             "free threaded");
}

static void test_query__a_compound_then_a_word(void)
{
	assert_query("Query(((0.2999999999999999889 * (free PHRASE 2 threaded) "
	             "OR ((Zfreethread SYNONYM freethread) AND_MAYBE "
	             "freethreaded)) AND ((Zpython SYNONYM python) "
	             "AND_MAYBE python)))",
	             "free-threaded python");
}

static void test_query__text_without_words_gives_no_query(void)
{
	fo_analyzer *an = english();
	fo_compiled c;

	assert_true(an != NULL);
	/* punctuation the parser reads as words; signs alone ("!!!") are
	 * its error (test_qparse) */
	assert_ok(fo_query_build(an, ",,,", &c));
	assert_true(c.q == NULL);
	assert_int(0, c.hl.n);
	fo_compiled_free(&c);
	assert_ok(fo_query_build(an, "", &c));
	assert_true(c.q == NULL);
	fo_compiled_free(&c);
	fo_analyzer_free(an);
}

static void test_query__a_compound_is_one_highlight_unit(void)
{
	fo_analyzer *an = english();
	fo_compiled c;

	assert_true(an != NULL);
	assert_ok(fo_query_build(an, "free-threaded", &c));
	assert_true(c.q != NULL);
	/* Not "free" and "threaded" on their own: only the compound. */
	assert_int(1, c.hl.n);
	assert_int(FO_HL_COMPOUND, c.hl.units[0].kind);
	assert_str("freethreaded", c.hl.units[0].term);
	assert_str("freethread", c.hl.units[0].stem);
	assert_int(2, c.hl.units[0].n_seq);
	assert_str("free", c.hl.units[0].seq[0]);
	assert_str("threaded", c.hl.units[0].seq[1]);
	fo_compiled_free(&c);
	assert_true(c.hl.units == NULL && c.hl.n == 0);
	fo_analyzer_free(an);
}

static void test_query__repeated_words_are_separate_units(void)
{
	fo_analyzer *an = english();
	fo_compiled c;

	assert_true(an != NULL);
	assert_ok(fo_query_build(an, "locks locking lock", &c));
	assert_int(5, c.hl.n);
	assert_str("locks", c.hl.units[0].term);
	assert_str("lock", c.hl.units[0].stem);
	assert_str("locking", c.hl.units[1].term);
	assert_str("lock", c.hl.units[2].term);
	assert_true(c.hl.units[2].stem == NULL);
	/* then each pair written as one, which the query also finds
	 * (boosts.c fo_qc_joined_pairs) */
	assert_str("lockslocking", c.hl.units[3].term);
	assert_int(1, c.hl.units[3].one_word);
	assert_str("lockinglock", c.hl.units[4].term);
	assert_int(1, c.hl.units[4].one_word);
	fo_compiled_free(&c);
	fo_analyzer_free(an);
}

/* A word typed twice weighs twice, as two parts would, but Xapian reads
 * its posting lists once; the part being explained away (zero_unit)
 * stays apart from its twin, so each is explained as one word. */
static void test_query__a_word_typed_twice_is_read_once(void)
{
	fo_analyzer *an = english();
	fo_compiled c;
	fo_qtree tree;
	fo_rank rank;
	char err[200], *got = NULL;
	size_t pos;

	assert_ok(describe("lock OR lock", &got));
	assert_str("Query(2 * ((Zlock SYNONYM lock) AND_MAYBE lock))",
	           got ? got : "");
	free(got);
	assert_ok(describe("lock table lock", &got));
	assert_true(got && strstr(got, "Query((2 * ((Zlock SYNONYM lock) "
	                               "AND_MAYBE lock) OR ((Ztabl SYNONYM "
	                               "tabl) AND_MAYBE table) OR "));
	/* and only there */
	assert_true(got && !strstr(strstr(got, "(Zlock") + 1, "(Zlock"));
	free(got);
	assert_ok(describe("+lock +lock", &got));
	assert_str("Query(2 * ((Zlock SYNONYM lock) AND_MAYBE lock))",
	           got ? got : "");
	free(got);

	assert_true(an != NULL);
	fo_rank_default(&rank);
	assert_ok(fo_qparse("lock OR lock", 0, &tree, &pos, err, sizeof err));
	assert_ok(fo_query_compile(an, "lock OR lock", tree.root, &rank, 0, 0,
	                           NULL, &c));
	got = fo_xquery_describe(c.q);
	/* unit 0: the first lock's stem part */
	assert_str("Query(((0 * (Zlock SYNONYM lock) AND_MAYBE lock) OR "
	           "((Zlock SYNONYM lock) AND_MAYBE lock)))",
	           got ? got : "");
	free(got);
	fo_compiled_free(&c);
	fo_qtree_free(&tree);
	fo_analyzer_free(an);
}

/* Describe text as ranked (relevance on) into *got (malloc'd). */
static folio_status describe_ranked(const char *text, char **got)
{
	fo_analyzer *an = english();
	fo_compiled c;
	folio_status st;

	*got = NULL;
	if (!an)
		return FOLIO_ERROR_INVALID;
	st = compile(an, text, 1, &c);
	if (st == FOLIO_OK) {
		*got = c.q ? fo_xquery_describe(c.q) : NULL;
		fo_compiled_free(&c);
	}
	fo_analyzer_free(an);
	return st;
}

static void test_query__ranked_words_also_match_their_initials_in_titles(void)
{
	char *got = NULL;

	assert_ok(describe_ranked("git Debian package manager", &got));
	assert_true(got && strstr(got, "(Sgdp SYNONYM Sgdpm SYNONYM Sdpm)"));
	free(got);
	/* function words are skipped: siem, not siaem */
	assert_ok(describe_ranked("security information and event management",
	                          &got));
	assert_true(got && strstr(got, "Ssiem") && !strstr(got, "Ssiaem"));
	free(got);
	/* of up to five words */
	assert_ok(
	    describe_ranked("git debian package manager tools xtra", &got));
	assert_true(got && strstr(got, "Sgdpmt") && !strstr(got, "Sgdpmtx"));
	free(got);
	/* each once: gdp starts the words again at the fourth */
	assert_ok(
	    describe_ranked("git debian package git debian package", &got));
	assert_true(got && strstr(got, "(Sgdp SYNONYM Sgdpg SYNONYM Sgdpgd "
	                               "SYNONYM Sdpg SYNONYM Sdpgd SYNONYM "
	                               "Sdpgdp SYNONYM Spgd SYNONYM Spgdp)"));
	free(got);
	/* never where every word must match */
	assert_ok(describe_ranked("+git +debian +package", &got));
	assert_true(got && !strstr(got, "Sgdp"));
	free(got);
}

static void test_query__a_bracket_within_ranked_words_is_ranked(void)
{
	char *got = NULL;

	/* alone, two words must both match, and rank higher as a phrase */
	assert_ok(describe_ranked("(raw disk)", &got));
	assert_true(got && strstr(got, " AND ") && strstr(got, "PHRASE"));
	if (got && !strstr(got, "PHRASE"))
		fprintf(stderr, "  %s\n", got);
	free(got);
	/* among three ranked words they are two more to rank by */
	assert_ok(describe_ranked("tools for devices (raw disk)", &got));
	assert_true(got && !strstr(got, " AND ") && !strstr(got, "PHRASE"));
	if (got && (strstr(got, " AND ") || strstr(got, "PHRASE")))
		fprintf(stderr, "  %s\n", got);
	free(got);
}

/* Term frequencies out of 100 posts: "the" is in 90, the rest in 2. */
static uint64_t some_frequencies(void *ctx, const char *term)
{
	(void)ctx;
	return strcmp(term, "the") == 0 ? 90 : 2;
}

static uint64_t half_frequencies(void *ctx, const char *term)
{
	(void)ctx;
	return strcmp(term, "the") == 0 ? 50 : 2;
}

/* The words of vocabulary[0..n) (in byte order) that start with prefix,
 * walked as Xapian's allterms. */
static folio_status walk_terms(const char *const *vocabulary, size_t n,
                               const char *prefix, fo_xterm_fn fn, void *arg)
{
	size_t i, len = strlen(prefix);

	for (i = 0; i < n; i++)
		if (strncmp(vocabulary[i], prefix, len) == 0 &&
		    fn(vocabulary[i], strlen(vocabulary[i]), 1, arg))
			break;
	return FOLIO_OK;
}

/* An index's vocabulary. */
static folio_status some_terms(void *ctx, const char *prefix, fo_xterm_fn fn,
                               void *arg)
{
	static const char *const vocabulary[] = {
		"librarian", "libraries",     "library", "lock",
		"locked",    "locker",        "locking", "locks",
		"lockstep",  "pythonlibrary", "thread",  "threaded",
		"threads",   "zlock",
	};

	(void)ctx;
	return walk_terms(vocabulary, sizeof vocabulary / sizeof *vocabulary,
	                  prefix, fn, arg);
}

/* text compiled for ranking over an index with these statistics, its
 * free words joined by defop, as its Xapian query's description
 * (malloc'd), or NULL if it failed. */
static char *described_as(fo_analyzer *an, const char *text, fo_defop defop,
                          const fo_qstats *stats)
{
	fo_compiled c;
	char *got = NULL;

	if (compile_as(an, text, 1, defop, stats, &c) == FOLIO_OK)
		got = c.q ? fo_xquery_describe(c.q) : NULL;
	fo_compiled_free(&c);
	return got;
}

/* The same, its free words joined as the ranking's default says. */
static char *described_with(fo_analyzer *an, const char *text,
                            const fo_qstats *stats)
{
	return described_as(an, text, FO_DEFOP_AUTO, stats);
}

static void test_query__near_matches_every_indexed_form_of_its_words(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = some_frequencies, .terms = some_terms,
		            .docs = 100 };
	char *got;

	assert_true(an != NULL);
	got = described_with(an, "locking NEAR/2 library", &stats);
	/* locker, lockstep and librarian have stems of their own; library
	 * (librari) is found by the stem less its last letter */
	assert_str("Query(((locking OR lock OR locked OR locks) NEAR 3 "
	           "(library OR libraries)))", got ? got : "");
	free(got);
	/* a compound by its joined form (one word) or by its parts, each
	 * in any form the index holds; the best of the two weighs */
	got = described_with(an, "free-threaded NEAR/2 library", &stats);
	assert_str("Query(((freethreaded NEAR 3 (library OR libraries)) MAX "
	           "(free NEAR 4 (threaded OR thread OR threads) NEAR 4 "
	           "(library OR libraries))))",
	           got ? got : "");
	free(got);
	/* a quoted word keeps its exact form */
	got = described_with(an, "\"locks\" NEAR threads", &stats);
	assert_str("Query((locks NEAR 11 (threads OR thread OR threaded)))",
	           got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

/* A local index's frequencies: the terms below are in 2 of 100 posts,
 * every other term in none. */
static uint64_t these_terms(void *ctx, const char *term)
{
	static const char *const held[] = {
		"postgresql", "postgre", "sql", "database", "openstreetmap",
		"open",       "street",  "map", "data",     "16.2",
	};
	size_t i;

	(void)ctx;
	for (i = 0; i < sizeof held / sizeof *held; i++)
		if (strcmp(term, held[i]) == 0)
			return 2;
	return 0;
}

static void test_query__a_phrase_finds_its_words_written_in_another_case(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = these_terms, .docs = 100, .local = 1 };
	char *got;

	assert_true(an != NULL);
	/* a post's PostgreSQL is postgre and sql, its joined form at
	 * postgre's place: the phrase typed in lower case also matches the
	 * parts in order, weighed as the words typed, at best as the phrase
	 * typed (MAX, not the sum) */
	got = described_with(an, "\"postgresql database\"", &stats);
	assert_str("Query(((postgresql PHRASE 2 database) MAX ((postgresql AND "
	           "database) FILTER (postgre PHRASE 3 sql PHRASE 3 "
	           "database))))",
	           got ? got : "");
	free(got);
	/* the last word's joined form is at its first part's place, so
	 * nothing after it needs to line up: no other form */
	got = described_with(an, "\"database postgresql\"", &stats);
	assert_str("Query((database PHRASE 2 postgresql))", got ? got : "");
	free(got);
	/* three parts where no two are terms */
	got = described_with(an, "\"openstreetmap data\"", &stats);
	assert_str("Query(((openstreetmap PHRASE 2 data) MAX ((openstreetmap "
	           "AND data) FILTER (open PHRASE 4 street PHRASE 4 map PHRASE "
	           "4 data))))",
	           got ? got : "");
	free(got);
	/* a compound typed is also its joined form, as a post writing
	 * javascript holds it */
	got = described_with(an, "\"JavaScript library\"", &stats);
	assert_str("Query(((java PHRASE 3 script PHRASE 3 library) MAX "
	           "(javascript PHRASE 2 library)))",
	           got ? got : "");
	free(got);
	/* a remote shard is not asked which terms it holds: no parts */
	stats.local = 0;
	got = described_with(an, "\"postgresql database\"", &stats);
	assert_str("Query((postgresql PHRASE 2 database))", got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

/* A phrase holding a version ("15.2", "v2.0.1": its first part also
 * in the other spelling where a post holds it) gave its other words no
 * other forms: "mysql 8.0.1" missed "MySQL 8.0.1" and "IPHONE 15.2"
 * "iPhone 15.2". And at most two words took another form at once, so
 * three compounds typed in camelCase missed a post writing all three
 * in lower case. */
static void test_query__a_phrase_with_a_version_or_three_compounds(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = these_terms, .docs = 100, .local = 1 };
	char *got;

	assert_true(an != NULL);
	/* the version stays as typed, its joined form (never a post's
	 * word alone) no other form; the word before it takes its parts */
	got = described_with(an, "\"postgresql 16.2\"", &stats);
	assert_str("Query(((postgresql PHRASE 3 16 PHRASE 3 2) MAX "
	           "((postgresql AND 16 AND 2) FILTER (postgre PHRASE 4 sql "
	           "PHRASE 4 16 PHRASE 4 2))))",
	           got ? got : "");
	free(got);
	got = described_with(an, "\"PostgreSQL v16.2 database\"", &stats);
	assert_str("Query(((postgre PHRASE 5 sql PHRASE 5 (v16 OR 16) PHRASE "
	           "5 2 PHRASE 5 database) MAX (postgresql PHRASE 4 (v16 OR "
	           "16) PHRASE 4 2 PHRASE 4 database)))",
	           got ? got : "");
	free(got);
	/* every compound joined at once, before each alone */
	got = described_with(an, "\"PostgreSQL OpenStreetMap JavaScript\"",
	                     &stats);
	assert_str(
	    "Query(((postgre PHRASE 7 sql PHRASE 7 open PHRASE 7 street "
	    "PHRASE 7 map PHRASE 7 java PHRASE 7 script) MAX (postgresql "
	    "PHRASE 3 openstreetmap PHRASE 3 javascript) MAX (postgresql "
	    "PHRASE 6 open PHRASE 6 street PHRASE 6 map PHRASE 6 java "
	    "PHRASE 6 script) MAX (postgre PHRASE 5 sql PHRASE 5 "
	    "openstreetmap PHRASE 5 java PHRASE 5 script) MAX (postgre "
	    "PHRASE 6 sql PHRASE 6 open PHRASE 6 street PHRASE 6 map "
	    "PHRASE 6 javascript) MAX (postgresql PHRASE 4 openstreetmap "
	    "PHRASE 4 java PHRASE 4 script) MAX (postgresql PHRASE 5 open "
	    "PHRASE 5 street PHRASE 5 map PHRASE 5 javascript) MAX "
	    "(postgre PHRASE 4 sql PHRASE 4 openstreetmap PHRASE 4 "
	    "javascript)))",
	    got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

/* As these_terms, with streetmap, which a post writing StreetMap holds. */
static uint64_t streetmap_too(void *ctx, const char *term)
{
	return strcmp(term, "streetmap") == 0 ? 2 : these_terms(ctx, term);
}

/* A word split in two (open streetmap) was not split in three, so where
 * a post wrote StreetMap, "openstreetmap data" and openstreetmap NEAR/1
 * data missed "OpenStreetMap data". */
static void test_query__a_word_in_three_parts_where_two_are_a_term_too(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = streetmap_too,
		            .docs = 100,
		            .local = 1 };
	char *got;

	assert_true(an != NULL);
	got = described_with(an, "\"openstreetmap data\"", &stats);
	assert_str(
	    "Query(((openstreetmap PHRASE 2 data) MAX ((openstreetmap AND "
	    "data) FILTER ((open PHRASE 3 streetmap PHRASE 3 data) OR "
	    "(open PHRASE 4 street PHRASE 4 map PHRASE 4 data)))))",
	    got ? got : "");
	free(got);
	got = described_with(an, "\"openstreetmap\" NEAR/1 \"data\"", &stats);
	assert_str("Query(((openstreetmap NEAR 2 data) MAX ((openstreetmap AND "
	           "data) FILTER (open AND (openstreetmap PHRASE 4 "
	           "(streetmap OR map) PHRASE 4 data)))))",
	           got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

/* Node.js is held as node.js at node's place, node, js and the
 * squeezed nodejs, which has no place. */
static uint64_t squeezed_terms(void *ctx, const char *term)
{
	static const char *const held[] = { "threads", "node", "js", "nodejs",
		                            "node.js" };
	size_t i;

	(void)ctx;
	for (i = 0; i < sizeof held / sizeof *held; i++)
		if (strcmp(term, held[i]) == 0)
			return 2;
	return 0;
}

/* The same words, none written Node.js: nodejs is a word of its own,
 * and node js two. */
static uint64_t unsqueezed_terms(void *ctx, const char *term)
{
	return strcmp(term, "node.js") == 0 ? 0 : squeezed_terms(ctx, term);
}

/* A phrase's last word is not parted (its joined form stands at its
 * first part's place), so "threads nodejs" missed "threads Node.js",
 * whose squeezed nodejs has no place: a last word that some post
 * writes with a dot or an underscore between its parts is parted, and
 * only such a word. */
static void test_query__a_phrase_ending_in_a_squeezed_name(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = squeezed_terms,
		            .docs = 100,
		            .local = 1 };
	char *got;

	assert_true(an != NULL);
	got = described_with(an, "\"threads nodejs\"", &stats);
	assert_str("Query(((threads PHRASE 2 nodejs) MAX ((threads AND nodejs) "
	           "FILTER (threads PHRASE 3 node PHRASE 3 js))))",
	           got ? got : "");
	free(got);
	stats.termfreq = unsqueezed_terms;
	got = described_with(an, "\"threads nodejs\"", &stats);
	assert_str("Query((threads PHRASE 2 nodejs))", got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

/* nodejs NEAR/1 threads found nothing: the word whole (nodejs) or with
 * its tail (js) placed the NEAR, and a squeezed name has no place. Its
 * head (node) places it, where some post writes node.js, or the word,
 * which another post may write whole; it weighs as the word. */
static void test_query__a_near_of_a_squeezed_name(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = squeezed_terms,
		            .docs = 100,
		            .local = 1 };
	char *got;

	assert_true(an != NULL);
	got = described_with(an, "\"nodejs\" NEAR/1 \"threads\"", &stats);
	assert_str(
	    "Query((((nodejs AND threads) FILTER ((node OR nodejs) NEAR 2 "
	    "threads)) MAX ((nodejs AND threads) FILTER ((node OR nodejs) "
	    "PHRASE 3 js PHRASE 3 threads))))",
	    got ? got : "");
	free(got);
	/* a word no post writes with a dot: as before */
	stats.termfreq = unsqueezed_terms;
	got = described_with(an, "\"nodejs\" NEAR/1 \"threads\"", &stats);
	assert_str("Query(((nodejs NEAR 2 threads) MAX ((nodejs AND threads) "
	           "FILTER (node AND (nodejs PHRASE 3 js PHRASE 3 threads)))))",
	           got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

static void test_query__a_near_finds_its_words_written_in_another_case(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = these_terms, .docs = 100, .local = 1 };
	char *got;

	assert_true(an != NULL);
	/* split, postgresql is itself and its compound's last part, sql,
	 * which holds the compound's second place in the window, in a post
	 * holding the first part, postgre; that form weighs as the word
	 * whole does (FILTER), at best as much (MAX); a phrase with the
	 * word first, as its last part only matters there, and inside a
	 * NEAR it would be any sql of the window */
	got = described_with(an, "\"postgresql\" NEAR/1 \"database\"", &stats);
	assert_str("Query(((postgresql NEAR 2 database) MAX ((postgresql AND "
	           "database) FILTER (postgre AND (postgresql PHRASE 3 sql "
	           "PHRASE 3 database)))))",
	           got ? got : "");
	free(got);
	/* three parts: the window holds the one between (street) too */
	got = described_with(an, "\"openstreetmap\" NEAR/1 \"data\"", &stats);
	assert_str("Query(((openstreetmap NEAR 2 data) MAX ((openstreetmap AND "
	           "data) FILTER (open AND (openstreetmap PHRASE 4 map PHRASE "
	           "4 data)))))",
	           got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

static void test_query__a_compound_prefix_completes_its_last_part_too(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = some_frequencies,
		            .terms = some_terms,
		            .docs = 100 };
	char *got;

	assert_true(an != NULL);
	/* the joined form completed, or the parts as a phrase with lib*
	 * completed: python-library and "python libraries" alike */
	got = described_with(an, "python-lib*", &stats);
	assert_str("Query((pythonlibrary OR 0.2999999999999999889 * (python "
	           "PHRASE 2 (librarian OR libraries OR library))))",
	           got ? got : "");
	free(got);
	/* a last part that completes to no word leaves the joined form */
	got = described_with(an, "python-xyz*", &stats);
	assert_str("Query()", got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

static size_t count_of(const char *s, const char *what)
{
	size_t n = 0;

	for (; (s = strstr(s, what)) != NULL; s += strlen(what))
		n++;
	return n;
}

/* The fuzzer's find: a NEAR of more compounds than an unsigned has bits
 * shifted the mask of split compounds by 32 (undefined; UBSan stops the
 * test there). Past three compounds a NEAR is all joined or all split. */
static void test_query__a_near_of_33_compounds_is_all_joined_or_all_split(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = some_frequencies,
		            .terms = some_terms,
		            .docs = 100 };
	fo_buf text = FO_BUF_INIT;
	char *got;
	int i;

	assert_true(an != NULL);
	for (i = 0; i < 33; i++)
		fo_buf_puts(&text, i ? " NEAR free-threaded" : "free-threaded");
	assert_true(!text.oom);
	got = described_with(an, text.data, &stats);
	assert_true(got != NULL);
	assert_int(33, (long)count_of(got ? got : "", "freethreaded"));
	assert_int(33, (long)count_of(got ? got : "", "free NEAR"));
	free(got);
	fo_buf_free(&text);
	/* three are mixed every way: 8 NEARs, 7 MAXes between them; four
	 * make 2 */
	got = described_with(
	    an, "free-threaded NEAR lock-free NEAR thread-safe", NULL);
	assert_int(7, (long)count_of(got ? got : "", " MAX "));
	free(got);
	got = described_with(
	    an,
	    "free-threaded NEAR lock-free NEAR thread-safe NEAR copy-on-write",
	    NULL);
	assert_int(1, (long)count_of(got ? got : "", " MAX "));
	free(got);
	fo_analyzer_free(an);
}

/* The fuzzer's find: kids that analyse to no word made an empty NEAR
 * that failed the compilation as out of memory. */
static void test_query__a_near_of_wordless_kids_is_no_query(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = some_frequencies,
		            .terms = some_terms,
		            .docs = 100 };
	fo_compiled c;

	assert_true(an != NULL);
	assert_int(FOLIO_OK,
	           compile_with(an, "\"%%\" NEAR/3 \"$$\"", 1, &stats, &c));
	assert_true(c.q == NULL);
	fo_compiled_free(&c);
	fo_analyzer_free(an);
}

static void test_query__a_common_ranked_word_is_left_out(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = some_frequencies, .docs = 100 };
	char *got;
	const char *text = "the kernel scheduler";

	assert_true(an != NULL);
	got = described_with(an, text, &stats);
	/* the rare words find the posts, and "the" adds nothing to them
	 * (its joined pair only adds weight): adding its weight had Xapian
	 * read its whole posting list */
	assert_str("Query(((((Zkernel SYNONYM kernel) AND_MAYBE kernel) OR "
	           "0.5 * (Sker SYNONYM Skern SYNONYM Skerne)) OR "
	           "(((Zschedul SYNONYM schedul) AND_MAYBE scheduler) OR "
	           "0.5 * (Ssch SYNONYM Ssche SYNONYM Ssched SYNONYM Sschedu "
	           "SYNONYM Sschedul SYNONYM Sschedule)) OR "
	           "0.2999999999999999889 * thekernel OR "
	           "0.2999999999999999889 * kernelscheduler))",
	           got ? got : "");
	free(got);
	/* without statistics, every word finds posts */
	got = described_with(an, text, NULL);
	assert_true(got && strstr(got, "(Zthe SYNONYM the)") &&
	            !strstr(got, "AND_MAYBE (Zthe"));
	free(got);
	/* in exactly half of the posts (common_ratio 0.5), not yet common */
	stats.termfreq = half_frequencies;
	got = described_with(an, text, &stats);
	assert_true(got && strstr(got, "(Zthe SYNONYM the)"));
	free(got);
	fo_analyzer_free(an);
}

/* The exact form only adds weight to the posts its stem finds, since
 * every post holding a word holds its stem (indexer.c); but gpus read
 * as the plural of the acronym GPU (its stem Zgpu) is no Snowball stem
 * of gpus, and a post writing gpus in lower case holds neither Zgpu nor
 * gpu: there the exact form must find posts of its own. */
static void
test_query__an_exact_form_adds_weight_unless_its_stem_is_a_guess(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = some_frequencies, .docs = 100 };
	char *got;

	assert_true(an != NULL);
	got = described_with(an, "locking", &stats);
	assert_str("Query(((Zlock SYNONYM lock) AND_MAYBE locking))",
	           got ? got : "");
	free(got);
	got = described_with(an, "gpus", &stats);
	assert_str("Query(((Zgpu SYNONYM gpu) OR gpus))", got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

/* An index whose titles hold one abbreviation, Sdoc, and no joined pair
 * or initials: every other title term and joined word is in no post. */
static uint64_t few_guesses(void *ctx, const char *term)
{
	(void)ctx;
	if (term[0] == 'S')
		return strcmp(term, "Sdoc") == 0 ? 5 : 0;
	return strstr(term, "browser") && strcmp(term, "browser") != 0 ? 0 : 2;
}

/* The guesses of the boosts that no post holds are left out of the
 * query, where the statistics are the local index's (a remote shard
 * would answer each with a round trip): Xapian would read the B-tree
 * twice for each, to find nothing. */
static void test_query__guesses_that_no_post_holds_are_left_out(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = few_guesses, .docs = 100, .local = 1 };
	const char *text = "documentation browser tools";
	char *got;

	assert_true(an != NULL);
	got = described_with(an, text, &stats);
	assert_str("Query(((((Zdocument SYNONYM document) AND_MAYBE "
	           "documentation) OR 0.5 * Sdoc) OR 2 * browser OR ((Ztool "
	           "SYNONYM tool) AND_MAYBE tools)))",
	           got ? got : "");
	free(got);
	stats.local = 0;
	got = described_with(an, text, &stats);
	assert_true(got && strstr(got, "Sdocu SYNONYM") &&
	            strstr(got, "documentationbrowser") && strstr(got, "Sdbt"));
	free(got);
	fo_analyzer_free(an);
}

/* freq when term is one of held[0..n), else 0: the statistics of an
 * index holding those terms. */
static uint64_t held_in(const char *const *held, size_t n, const char *term,
                        uint64_t freq)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(term, held[i]) == 0)
			return freq;
	return 0;
}

/* Posts hold perl and tools (so Ztool), and no other form of perl. */
static uint64_t perl_alone(void *ctx, const char *term)
{
	static const char *const held[] = { "perl", "tool", "tools", "Ztool" };

	(void)ctx;
	return held_in(held, sizeof held / sizeof *held, term, 3);
}

/* A word that is its own stem and has no other form in the index
 * (no Z<stem>) would read the one term <word> twice, as the stem and as
 * the exact form: it is read once, scaled by both weights, which is the
 * same score. Not where another form exists (its Z term then counts), nor
 * where the statistics are not local (there the exact form, in every
 * post of its stem, weighs with the stem's synonym: the same score). */
static void test_query__a_word_with_no_other_form_is_read_once(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = perl_alone, .docs = 100, .local = 1 };
	char *got;

	assert_true(an != NULL);
	got = described_with(an, "perl tools", &stats);
	assert_str("Query(((2 * perl AND ((Ztool SYNONYM tool) AND_MAYBE "
	           "tools)) AND_MAYBE (perl PHRASE 2 tools)))",
	           got ? got : "");
	free(got);
	stats.termfreq = few_guesses;
	got = described_with(an, "perl tools", &stats);
	assert_true(got && strstr(got, "((Zperl SYNONYM perl) AND_MAYBE perl) "
	                               "AND ((Ztool SYNONYM tool) AND_MAYBE "
	                               "tools)"));
	free(got);
	/* remote statistics: Zperl is looked for, and the exact form,
	 * every post of the stem, weighs with it for the same score */
	stats.termfreq = perl_alone;
	stats.local = 0;
	got = described_with(an, "perl tools", &stats);
	assert_true(got && strstr(got, "(2 * (Zperl SYNONYM perl) AND "));
	free(got);
	fo_analyzer_free(an);
}

/* Three posts hold library and three others libraries (so six hold
 * Zlibrari), and no post holds the stem librari as a word of its own. */
static uint64_t no_bare_stem(void *ctx, const char *term)
{
	static const char *const held[] = { "library", "libraries" };

	(void)ctx;
	if (strcmp(term, "Zlibrari") == 0)
		return 6;
	return held_in(held, sizeof held / sizeof *held, term, 3);
}

/* A stem that no post holds as a word (librari) is left out of the
 * stem's synonym, which is then the Z term alone: the same matches and
 * weights, one term less for Xapian to look up. Not where the
 * statistics are not local. */
static void test_query__a_stem_no_post_holds_bare_is_left_out(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = no_bare_stem, .docs = 100, .local = 1 };
	char *got;

	assert_true(an != NULL);
	got = described_with(an, "libraries", &stats);
	assert_str("Query((Zlibrari AND_MAYBE libraries))", got ? got : "");
	free(got);
	stats.local = 0;
	got = described_with(an, "libraries", &stats);
	assert_str("Query(((Zlibrari SYNONYM librari) AND_MAYBE libraries))",
	           got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

/* Of 100 posts: library in 9 and libraries in 1 (so Zlibrari in 10);
 * kernel in 8 and kernels in 2 (Zkernel); driver in 7 and drivers in 3
 * (Zdriver); module in 1 and modules in none (Zmodul of modular in 1). */
static uint64_t one_form_dominates(void *ctx, const char *term)
{
	static const struct {
		const char *term;
		uint64_t posts;
	} held[] = { { "library", 9 }, { "libraries", 1 }, { "Zlibrari", 10 },
		     { "kernel", 8 },  { "kernels", 2 },   { "Zkernel", 2 },
		     { "driver", 7 },  { "drivers", 3 },   { "Zdriver", 3 },
		     { "module", 1 },  { "Zmodul", 1 } };
	size_t i;

	(void)ctx;
	for (i = 0; i < sizeof held / sizeof *held; i++)
		if (strcmp(term, held[i].term) == 0)
			return held[i].posts;
	return 0;
}

/* A word whose exact form is in at least 80% of the posts its stem
 * finds (exact_share), and in more than 1% of all posts (exact_min), is
 * weighed as its stem scaled by 1 + exact_weight: the exact term would
 * add nearly the same weight to nearly every post, yet Xapian would
 * decode its posting list for each. The posts counted for the stem are
 * Z<stem>'s plus <stem>'s, the word itself where it is its own stem
 * (kernel: 8 of 8 + 2). The same where the statistics are remote, so
 * that shard layouts rank alike. */
static void
test_query__an_exact_form_nearly_every_post_holds_weighs_as_its_stem(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = one_form_dominates,
		            .docs = 100,
		            .local = 1 };
	char *got;

	assert_true(an != NULL);
	got = described_with(an, "library", &stats);
	assert_str("Query(2 * Zlibrari)", got ? got : "");
	free(got);
	got = described_with(an, "kernel", &stats);
	assert_str("Query(2 * (Zkernel SYNONYM kernel))", got ? got : "");
	free(got);
	/* 7 of 10: the exact form sets drivers apart */
	got = described_with(an, "driver", &stats);
	assert_str("Query(((Zdriver SYNONYM driver) AND_MAYBE driver))",
	           got ? got : "");
	free(got);
	/* in 1 post of the 10 of its stem */
	got = described_with(an, "libraries", &stats);
	assert_str("Query((Zlibrari AND_MAYBE libraries))", got ? got : "");
	free(got);
	/* every post of its stem, but in only 1% of all posts */
	got = described_with(an, "module", &stats);
	assert_str("Query((Zmodul AND_MAYBE module))", got ? got : "");
	free(got);
	stats.local = 0;
	got = described_with(an, "library", &stats);
	assert_str("Query(2 * (Zlibrari SYNONYM librari))", got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

/* Every term is in 2 posts; each term asked goes to the fo_buf ctx,
 * followed by a space. */
static uint64_t noted(void *ctx, const char *term)
{
	fo_buf_puts(ctx, term);
	fo_buf_putc(ctx, ' ');
	return 2;
}

/* The statistics are asked each term once a query: a ranked word's
 * exact form is asked by the test for common words and again by the
 * test for exact forms nearly every post of its stem holds, and over a
 * remote shard (local 0) each question is a round trip; that test's
 * bare stem is asked again, locally, for whether the stem's synonym
 * needs it. */
static void test_query__each_term_is_asked_of_the_statistics_once(void)
{
	fo_analyzer *an = english();
	fo_buf asked = FO_BUF_INIT;
	fo_qstats stats = { .termfreq = noted, .ctx = &asked, .docs = 100 };
	fo_compiled c;

	assert_true(an != NULL);
	assert_ok(compile_as(an, "kernel scheduler tuning", 1, FO_DEFOP_OR,
	                     &stats, &c));
	fo_compiled_free(&c);
	assert_str("kernel Zkernel scheduler Zschedul schedul tuning Ztune "
	           "tune ",
	           asked.data ? asked.data : "");
	/* a local index: the bare stem the test asked is not asked again
	 * for whether the synonym needs it */
	fo_buf_clear(&asked);
	stats.local = 1;
	assert_ok(compile_as(an, "scheduler tuning drivers", 0, FO_DEFOP_AND,
	                     &stats, &c));
	fo_compiled_free(&c);
	assert_str("scheduler Zschedul schedul tuning Ztune tune drivers "
	           "Zdriver driver schedulertuning tuningdrivers ",
	           asked.data ? asked.data : "");
	fo_buf_free(&asked);
	fo_analyzer_free(an);
}

/* Where three or more free words must all match (folio search --all, a
 * date sort), a pair written as one (crystalmodel for "crystal model")
 * may stand for both its words: "free threaded interpreter" finds
 * "freethreaded interpreter", as "free threaded" finds freethreaded.
 * Among ranked words a pair finds posts of its own, and two words that
 * must match match written as one too. */
static void test_query__words_that_must_all_match_may_be_written_as_one(void)
{
	fo_analyzer *an = english();
	fo_buf asked = FO_BUF_INIT;
	fo_qstats stats = {
		.termfreq = noted, .ctx = &asked, .docs = 1000, .local = 1
	};
	fo_compiled c;
	char *got = NULL;

	assert_true(an != NULL);
	assert_ok(compile_as(an, "crystal model viewer", 1, FO_DEFOP_AND,
	                     &stats, &c));
	got = c.q ? fo_xquery_describe(c.q) : NULL;
	fo_compiled_free(&c);
	assert_str("Query((((((Zcrystal SYNONYM crystal) AND_MAYBE crystal) "
	           "OR 0.2999999999999999889 * crystalmodel) AND ((((Zmodel "
	           "SYNONYM model) AND_MAYBE model) OR 0.2999999999999999889 "
	           "* crystalmodel) OR 0.2999999999999999889 * modelviewer) "
	           "AND (((Zviewer SYNONYM viewer) AND_MAYBE viewer) OR "
	           "0.2999999999999999889 * modelviewer)) AND_MAYBE (crystal "
	           "PHRASE 3 model PHRASE 3 viewer)))",
	           got ? got : "");
	/* each word's Z<stem>, whether the synonym needs the bare term,
	 * and its exact form, too rare to weigh with its stem; then each
	 * pair written as one */
	assert_str("Zcrystal crystal Zmodel model Zviewer viewer crystalmodel "
	           "modelviewer ",
	           asked.data ? asked.data : "");
	free(got);
	fo_buf_clear(&asked);
	assert_ok(compile_as(an, "crystal model", 1, FO_DEFOP_AND, &stats, &c));
	got = c.q ? fo_xquery_describe(c.q) : NULL;
	fo_compiled_free(&c);
	assert_true(got && strstr(got, " OR 0.2999999999999999889 * "
	                               "crystalmodel)"));
	free(got);
	fo_buf_clear(&asked);
	assert_ok(
	    compile_as(an, "crystal model viewer", 1, FO_DEFOP_OR, &stats, &c));
	got = c.q ? fo_xquery_describe(c.q) : NULL;
	fo_compiled_free(&c);
	assert_true(got && strstr(got, "crystalmodel") &&
	            strstr(got, "modelviewer"));
	free(got);
	fo_buf_free(&asked);
	fo_analyzer_free(an);
}

/* The free words are counted (typed_words) only where that decides
 * how they join: with --all or --any the count decided nothing, yet it
 * analysed every item once more and looked each URL up again. */
static void test_query__a_forced_operator_counts_no_words(void)
{
	fo_analyzer *an = english();
	fo_buf asked = FO_BUF_INIT, url = FO_BUF_INIT;
	fo_qstats stats = {
		.termfreq = noted, .ctx = &asked, .docs = 100, .local = 1
	};
	const fo_defop ops[] = { FO_DEFOP_AND, FO_DEFOP_OR };
	fo_compiled c;
	size_t i;

	assert_true(an != NULL);
	fo_url_term("https://example.com/a", &url);
	assert_true(url.data != NULL);
	fo_buf_putc(&url, ' ');
	for (i = 0; i < sizeof ops / sizeof *ops; i++) {
		const char *at;
		unsigned n = 0;

		fo_buf_clear(&asked);
		assert_ok(compile_as(an, "https://example.com/a crystal", 1,
		                     ops[i], &stats, &c));
		fo_compiled_free(&c);
		for (at = asked.data; at && (at = strstr(at, url.data)) != NULL;
		     at += url.len)
			n++;
		assert_int(1, n);
	}
	fo_buf_free(&url);
	fo_buf_free(&asked);
	fo_analyzer_free(an);
}

/* A URL pasted in a note's brackets, in the curly quotes a word
 * processor types or in Japanese corner brackets was text: the query
 * found nothing and folio similar "no post with URL". Its own brackets
 * (an IPv6 host) stay. */
static void test_query__a_pasted_url_loses_the_marks_around_it(void)
{
	static const char *const cases[][2] = {
		{ "[https://x.org/a]", "https://x.org/a" },
		{ "[https://x.org/a].", "https://x.org/a" },
		{ "\xe2\x80\x98https://x.org/a\xe2\x80\x99",
		  "https://x.org/a" },
		{ "\xc2\xbbhttps://x.org/a\xc2\xab", "https://x.org/a" },
		{ "\xe3\x80\x8chttps://x.org/a\xe3\x80\x8d\xe3\x80\x82",
		  "https://x.org/a" },
		{ "<https://x.org/a>,", "https://x.org/a" },
		{ "https://[::1]", "https://[::1]" },
		{ "https://x.org/caf\xc3\xa9", "https://x.org/caf\xc3\xa9" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *s = cases[i][0];
		size_t len = strlen(s);
		char got[64];

		fo_url_trim(&s, &len);
		assert_true(len < sizeof got);
		memcpy(got, s, len);
		got[len] = '\0';
		assert_str(cases[i][1], got);
	}
	assert_int(1, fo_qlex_url("[https://x.org/a]", 17));
	assert_int(1, fo_qlex_url("\xe2\x80\x98https://x.org/a", 18));
	assert_int(0, fo_qlex_url("[x.org/a]", 9));
}

static uint64_t common_frequencies(void *ctx, const char *term)
{
	(void)ctx;
	return strcmp(term, "the") == 0 || strcmp(term, "of") == 0 ||
	               strcmp(term, "package") == 0
	       ? 90
	       : 2;
}

static void test_query__common_words_alone_still_find_posts(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = common_frequencies, .docs = 100 };
	char *got;

	assert_true(an != NULL);
	/* Nothing rarer finds the posts for them to weigh in, and the
	 * joined pairs and initials only add weight: the common words
	 * match, ranked, as they would without statistics. */
	got = described_with(an, "the package of", &stats);
	assert_str("Query(((Zthe SYNONYM the) OR (Zpackag SYNONYM packag) OR "
	           "(Zof SYNONYM of) OR 0.2999999999999999889 * thepackage OR "
	           "0.2999999999999999889 * packageof))",
	           got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

/* No post holds zzzzq: what common_frequencies says of the rest. */
static uint64_t unheld_frequencies(void *ctx, const char *term)
{
	return strstr(term, "zzzzq") ? 0 : common_frequencies(ctx, term);
}

static void test_query__common_words_find_posts_beside_a_word_none_holds(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = unheld_frequencies,
		            .docs = 100,
		            .local = 1 };
	char *got;

	assert_true(an != NULL);
	/* zzzzq finds no post for the common words to weigh in: they find
	 * them, as they do alone (it was Query(2 * zzzzq)) */
	got = described_with(an, "the zzzzq of", &stats);
	assert_str("Query((2 * zzzzq OR (Zthe SYNONYM the) OR (Zof SYNONYM "
	           "of)))",
	           got ? got : "");
	free(got);
	fo_analyzer_free(an);
}

/* Posts hold v2.0.1 (and its parts), and no 2.0.1. */
static uint64_t tagged_release(void *ctx, const char *term)
{
	static const char *const held[] = { "v2.0.1", "v2", "0", "1" };

	(void)ctx;
	return held_in(held, sizeof held / sizeof *held, term, 2);
}

/* expected is text's query with stats (the ranking boosts in). */
#define assert_described(expected, an, text, stats)                            \
	do {                                                                   \
		char *got_ = described_with(an, text, stats);                  \
		assert_str(expected, got_ ? got_ : "");                        \
		free(got_);                                                    \
	} while (0)

/* A dotted version is a release's name written with a v or without
 * (a tag, a package version), whose terms differ (v2 0 1, 2 0 1): each
 * also finds the other, as one exact form, below the form typed. Not
 * where no post holds the other form, nor for a number without a dot,
 * nor for a word that merely starts with v. */
static void test_query__a_version_matches_with_or_without_its_v(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = tagged_release,
		            .docs = 100,
		            .local = 1 };
	char *got;

	assert_true(an != NULL);
	assert_described("Query(((0.2999999999999999889 * (2 PHRASE 3 0 "
	                 "PHRASE 3 1) OR 2 * 2.0.1) OR v2.0.1))",
	                 an, "2.0.1", &stats);
	assert_described("Query((0.2999999999999999889 * (v2 PHRASE 3 0 "
	                 "PHRASE 3 1) OR 2 * v2.0.1))",
	                 an, "V2.0.1", &stats);
	assert_described("Query(2 * v2)", an, "v2", &stats);
	got = described_with(an, "vim.0.1", &stats);
	assert_true(got && !strstr(got, "vim.0.1 OR") && !strstr(got, " im"));
	free(got);
	fo_analyzer_free(an);
	/* without local statistics to tell, it is there */
	assert_query("Query(((0.2999999999999999889 * (v3 PHRASE 2 14) OR "
	             "((Zv3.14 SYNONYM v3.14) AND_MAYBE v3.14)) OR 3.14))",
	             "v3.14");
}

/* Posts hold python, 3.14 and its parts (a post's "Python 3.14"). */
static uint64_t spaced_release(void *ctx, const char *term)
{
	static const char *const held[] = { "python", "3.14", "3", "14" };

	(void)ctx;
	return held_in(held, sizeof held / sizeof *held, term, 2);
}

/* A name run into its dotted version (python3.14) also matches it
 * spaced, as the phrase of the name and the version's parts: the
 * joined word's own parts (python3 14) never lined up with a post's
 * "Python 3.14", which python3.14 missed. Scaled as a compound's phrase
 * and highlighted as that sequence. Not without a dot (python3, mp3),
 * nor after one letter (v3.14 is a version), nor where no post holds
 * the name. */
static void test_query__a_name_run_into_its_version_matches_it_spaced(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = spaced_release,
		            .docs = 100,
		            .local = 1 };
	fo_compiled c;
	char *got;

	assert_true(an != NULL);
	assert_query("Query(((0.2999999999999999889 * (python3 PHRASE 2 14) OR "
	             "((Zpython3.14 SYNONYM python3.14) AND_MAYBE "
	             "python3.14)) OR 0.2999999999999999889 * (python PHRASE "
	             "3 3 PHRASE 3 14)))",
	             "Python3.14");
	assert_ok(compile(an, "python3.14", 0, &c));
	assert_int(2, c.hl.n);
	assert_int(FO_HL_SEQ, c.hl.units[1].kind);
	assert_int(3, c.hl.units[1].n_seq);
	assert_str("python", c.hl.units[1].seq[0]);
	assert_str("3", c.hl.units[1].seq[1]);
	assert_str("14", c.hl.units[1].seq[2]);
	fo_compiled_free(&c);
	got = described_with(an, "gtk2.24.33", &stats);
	assert_true(got && !strstr(got, "gtk PHRASE"));
	free(got);
	got = described_with(an, "python3.14", &stats);
	assert_true(got && strstr(got, "(python PHRASE 3 3 PHRASE 3 14)"));
	free(got);
	fo_analyzer_free(an);
	assert_query("Query(((Zpython3 SYNONYM python3) AND_MAYBE python3))",
	             "python3");
	assert_query("Query(((Zmp3 SYNONYM mp3) AND_MAYBE mp3))", "mp3");
	assert_query("Query((0.2999999999999999889 * (x3 PHRASE 2 14) OR "
	             "((Zx3.14 SYNONYM x3.14) AND_MAYBE x3.14)))",
	             "x3.14");
}

/* Posts hold python and 3.14 (a post's "Python 3.14") and python3.14
 * (a post's python3.14: python3, 14), and release. */
static uint64_t both_spellings(void *ctx, const char *term)
{
	static const char *const held[] = { "python", "3.14",    "3",
		                            "14",     "python3", "python3.14",
		                            "releas", "Zreleas", "release" };

	(void)ctx;
	return held_in(held, sizeof held / sizeof *held, term, 2);
}

/* Free words naming a name and then its dotted version (python 3.14)
 * also match the two spelt run together, as the phrase of python3.14's
 * parts (python3 14), which "python 3.14" typed as a phrase found but
 * free words missed: scaled as a compound's phrase, the spelling typed
 * first, and highlighted as that sequence. Ranked words take it as one
 * more; words that must all match, as either word's alternative; two,
 * as the alternative to both. Not where a word stands between them. */
static void
test_query__free_words_of_a_name_and_version_match_it_run_together(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = both_spellings,
		            .docs = 100,
		            .local = 1 };
	fo_compiled c;
	char *got;

	assert_true(an != NULL);
	assert_described("Query((2 * python OR (0.2999999999999999889 * (3 "
	                 "PHRASE 2 14) OR 2 * 3.14) OR ((Zreleas SYNONYM "
	                 "releas) AND_MAYBE release) OR 0.2999999999999999889 "
	                 "* (python3 PHRASE 2 14)))",
	                 an, "python 3.14 release", &stats);
	assert_described("Query(((2 * python AND (0.2999999999999999889 * (3 "
	                 "PHRASE 2 14) OR 2 * 3.14)) OR 0.2999999999999999889 "
	                 "* (python3 PHRASE 2 14)))",
	                 an, "Python 3.14", &stats);
	got = described_with(an, "python release 3.14", &stats);
	assert_true(got && !strstr(got, "python3 PHRASE"));
	free(got);
	assert_ok(
	    compile_as(an, "python 3.14 release", 0, FO_DEFOP_AND, &stats, &c));
	got = fo_xquery_describe(c.q);
	assert_str("Query(((2 * python OR 0.2999999999999999889 * (python3 "
	           "PHRASE 2 14)) AND ((0.2999999999999999889 * (3 PHRASE 2 "
	           "14) OR 2 * 3.14) OR 0.2999999999999999889 * (python3 "
	           "PHRASE 2 14)) AND ((Zreleas SYNONYM releas) AND_MAYBE "
	           "release)))",
	           got ? got : "");
	free(got);
	fo_compiled_free(&c);
	assert_ok(compile_with(an, "python 3.14", 1, &stats, &c));
	assert_int(3, c.hl.n);
	assert_int(FO_HL_SEQ, c.hl.units[2].kind);
	assert_int(2, c.hl.units[2].n_seq);
	assert_str("python3", c.hl.units[2].seq[0]);
	assert_str("14", c.hl.units[2].seq[1]);
	fo_compiled_free(&c);
	fo_analyzer_free(an);
}

/* A NEAR binds its neighbours, so free words of a name and a NEAR
 * beginning with its version (python 3.14 NEAR/2 release) were python
 * AND (3.14 NEAR/2 release), which "python3.14 release" holds neither
 * of. That NEAR with the two run together in the version's place, scaled
 * as a compound's phrase, is now the alternative to both, where the
 * words must match and where they are ranked; marked as its own NEAR,
 * not respelt spaced again, and its words are spelt once. Not for a
 * name with a sign, nor where the NEAR does not begin with the version. */
static void
test_query__a_name_before_a_near_of_its_version_matches_it_joined(void)
{
	static const fo_qstats held = { .termfreq = both_spellings,
		                        .docs = 100,
		                        .local = 1 };
	const char *typed = "python 3.14 NEAR/2 release";
	fo_analyzer *an = english();
	fo_compiled c;
	char *got;

	assert_true(an != NULL);
	got = described_as(an, typed, FO_DEFOP_AND, &held);
	assert_str("Query(((2 * python OR 0.2999999999999999889 * "
	           "((python3.14 NEAR 3 release) MAX (python3 NEAR 4 14 NEAR "
	           "4 release))) AND ((14 NEAR 4 3.14 NEAR 4 release) OR "
	           "0.2999999999999999889 * ((python3.14 NEAR 3 release) MAX "
	           "(python3 NEAR 4 14 NEAR 4 release)))))",
	           got ? got : "");
	free(got);
	got = described_as(an, typed, FO_DEFOP_OR, &held);
	assert_str("Query((2 * python OR (14 NEAR 4 3.14 NEAR 4 release) OR "
	           "0.2999999999999999889 * ((python3.14 NEAR 3 release) MAX "
	           "(python3 NEAR 4 14 NEAR 4 release))))",
	           got ? got : "");
	free(got);
	/* the typed NEAR's units, then its own: python3.14's, no
	 * sequence python 3 14 */
	assert_ok(compile_with(an, typed, 1, &held, &c));
	assert_int(5, c.hl.n);
	assert_int(1, c.hl.units[1].near);
	assert_int(FO_HL_COMPOUND, c.hl.units[3].kind);
	assert_str("python3.14", c.hl.units[3].term);
	assert_int(2, c.hl.units[3].near);
	assert_int(2, c.hl.units[4].near);
	assert_int(2, c.n_words);
	fo_compiled_free(&c);
	got = described_with(an, "+python 3.14 NEAR/2 release", &held);
	assert_true(got && !strstr(got, "python3.14 NEAR"));
	free(got);
	got = described_with(an, "python release NEAR/2 3.14", &held);
	assert_true(got && !strstr(got, "python3.14 NEAR"));
	free(got);
	fo_analyzer_free(an);
}

/* Releases in the vocabulary, in byte order: 3.28 written bare, 2.0.x
 * with a v. */
static folio_status release_terms(void *ctx, const char *prefix, fo_xterm_fn fn,
                                  void *arg)
{
	static const char *const vocabulary[] = { "3.28", "v2.0.1", "v2.0.10" };

	(void)ctx;
	return walk_terms(vocabulary, sizeof vocabulary / sizeof *vocabulary,
	                  prefix, fn, arg);
}

/* A dotted version completes written either way, as it matches: 2.0.1
 * found "v2.0.1" but 2.0.1* and 2.0* found nothing. Not a number
 * without a dot (v2* and 3* are what they say). */
static void test_query__a_version_prefix_completes_with_or_without_its_v(void)
{
	fo_analyzer *an = english();
	fo_qstats stats = { .termfreq = tagged_release,
		            .terms = release_terms,
		            .docs = 100,
		            .local = 1 };

	assert_true(an != NULL);
	assert_described("Query((v2.0.1 SYNONYM v2.0.10))", an, "2.0*", &stats);
	assert_described("Query((v2.0.1 SYNONYM v2.0.10))", an, "2.0.1*",
	                 &stats);
	assert_described("Query(3.28)", an, "v3.28*", &stats);
	assert_described("Query(3.28)", an, "3.2*", &stats);
	assert_described("Query((v2.0.1 SYNONYM v2.0.10))", an, "v2*", &stats);
	assert_described("Query(3.28)", an, "3*", &stats);
	assert_described("Query()", an, "2*", &stats);
	fo_analyzer_free(an);
}

/* A unit's label is built in a buffer, which gives NULL when its first
 * growth runs out of memory (phrase_query, fo_qc_proximity and
 * fo_qc_whole_phrase pass it on as it is): that fails the query as out
 * of memory, as any other failure in building it does, and does not
 * crash copying it. */
static void test_query__a_unit_whose_label_ran_out_of_memory_fails(void)
{
	fo_compiled out;
	fo_qc c;
	fo_xquery *q;

	memset(&out, 0, sizeof out);
	memset(&c, 0, sizeof c);
	c.out = &out;
	c.zero_unit = -1;
	q = fo_qc_term(&c, "", "quokka");
	assert_true(q != NULL);
	q = fo_qc_unit(&c, q, NULL, "proximity", FO_FIELD_ANY, 1.0, NULL, 0);
	assert_int(FOLIO_ERROR_NOMEM, c.st);
	fo_xquery_free(q);
	fo_buf_free(&c.scratch);
	fo_compiled_free(&out);
}

/* A label cut short by a failed growth would name the wrong words in
 * --explain: it is no label, and the compile fails as out of memory. */
static void test_query__a_label_cut_short_is_no_label(void)
{
	fo_buf empty = FO_BUF_INIT, whole = FO_BUF_INIT, cut = FO_BUF_INIT;

	fo_buf_puts(&whole, "gil NEAR threads");
	fo_buf_puts(&cut, "gil NEAR");
	cut.oom = 1;
	assert_str("", fo_qc_label(&empty));
	assert_str("gil NEAR threads", fo_qc_label(&whole));
	assert_true(fo_qc_label(&cut) == NULL);
	fo_buf_free(&whole);
	fo_buf_free(&cut);
}

static const fo_test tests[] = {
	FO_TEST(test_query__a_unit_whose_label_ran_out_of_memory_fails),
	FO_TEST(test_query__a_label_cut_short_is_no_label),
	FO_TEST(test_query__a_word_matches_its_stem_or_its_exact_form),
	FO_TEST(test_query__a_name_run_into_its_version_matches_it_spaced),
	FO_TEST(
	    test_query__free_words_of_a_name_and_version_match_it_run_together),
	FO_TEST(
	    test_query__a_name_before_a_near_of_its_version_matches_it_joined),
	FO_TEST(
	    test_query__an_exact_form_adds_weight_unless_its_stem_is_a_guess),
	FO_TEST(test_query__guesses_that_no_post_holds_are_left_out),
	FO_TEST(test_query__a_word_with_no_other_form_is_read_once),
	FO_TEST(test_query__a_stem_no_post_holds_bare_is_left_out),
	FO_TEST(
	    test_query__an_exact_form_nearly_every_post_holds_weighs_as_its_stem),
	FO_TEST(test_query__words_that_must_all_match_may_be_written_as_one),
	FO_TEST(test_query__each_term_is_asked_of_the_statistics_once),
	FO_TEST(test_query__a_forced_operator_counts_no_words),
	FO_TEST(test_query__a_word_that_is_its_own_stem),
	FO_TEST(test_query__case_is_folded),
	FO_TEST(test_query__an_unstemmable_token_is_its_own_stem),
	FO_TEST(test_query__a_hyphen_compound_is_a_phrase_or_its_joined_form),
	FO_TEST(
	    test_query__an_underscore_identifier_is_a_phrase_itself_or_written_without_them),
	FO_TEST(test_query__two_words_must_both_match_or_be_written_as_one),
	FO_TEST(test_query__a_compound_then_a_word),
	FO_TEST(test_query__text_without_words_gives_no_query),
	FO_TEST(test_query__a_compound_is_one_highlight_unit),
	FO_TEST(test_query__repeated_words_are_separate_units),
	FO_TEST(test_query__a_word_typed_twice_is_read_once),
	FO_TEST(test_query__ranked_words_also_match_their_initials_in_titles),
	FO_TEST(test_query__a_bracket_within_ranked_words_is_ranked),
	FO_TEST(test_query__near_matches_every_indexed_form_of_its_words),
	FO_TEST(test_query__a_phrase_finds_its_words_written_in_another_case),
	FO_TEST(test_query__a_phrase_with_a_version_or_three_compounds),
	FO_TEST(test_query__a_word_in_three_parts_where_two_are_a_term_too),
	FO_TEST(test_query__a_phrase_ending_in_a_squeezed_name),
	FO_TEST(test_query__a_near_of_a_squeezed_name),
	FO_TEST(test_query__a_near_finds_its_words_written_in_another_case),
	FO_TEST(test_query__a_compound_prefix_completes_its_last_part_too),
	FO_TEST(test_query__a_near_of_33_compounds_is_all_joined_or_all_split),
	FO_TEST(test_query__a_near_of_wordless_kids_is_no_query),
	FO_TEST(test_query__a_common_ranked_word_is_left_out),
	FO_TEST(test_query__common_words_alone_still_find_posts),
	FO_TEST(test_query__common_words_find_posts_beside_a_word_none_holds),
	FO_TEST(test_query__a_version_matches_with_or_without_its_v),
	FO_TEST(test_query__a_version_prefix_completes_with_or_without_its_v),
	FO_TEST(test_query__a_pasted_url_loses_the_marks_around_it),
};

int main(void)
{
	return FO_RUN(tests);
}
