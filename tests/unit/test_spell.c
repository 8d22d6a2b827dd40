/*
 * test_spell.c: spelling suggestions (src/search/spell.c) against a real
 * Xapian database of chosen terms: a text word is corrected from the
 * unprefixed terms wherever they sort (digits before the prefixes,
 * letters and UTF-8 after them), a field's word from its own prefix's
 * terms only, never from a longer prefix's or from a stem; the most
 * frequent of equally close words wins, and a known word is left alone;
 * the vocabulary read goes where its pick sends it, never back.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/layout.h"
#include "harness.h"
#include "search/spell.h"
#include "xapian/bridge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char root[256];
static fo_xdb *db;

/* A word of 64 letters, the longest spelt (FO_EDIT_MAX_LEN), and it
 * typed with two letters swapped. */
#define LONGEST                                                                \
	"qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqab"
#define LONGEST_TYPO                                                           \
	"qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqba"

/* n documents, each holding the terms of the space-separated list, in
 * its order. */
static folio_status add_docs(int n, const char *terms)
{
	static int next;
	folio_status st = FOLIO_OK;
	int i;

	for (i = 0; st == FOLIO_OK && i < n; i++) {
		fo_xdoc *doc = NULL;
		fo_xerr err = { "" };
		char id[32], list[256], *t, *save = NULL;
		uint32_t pos = 1;

		snprintf(id, sizeof id, "Qdoc%d", next++);
		snprintf(list, sizeof list, "%s", terms);
		st = fo_xdoc_new(&doc);
		for (t = strtok_r(list, " ", &save); st == FOLIO_OK && t;
		     t = strtok_r(NULL, " ", &save))
			st = fo_xdoc_add_posting(doc, t, strlen(t), pos++, 1);
		if (st == FOLIO_OK)
			st = fo_xdoc_add_boolean(doc, id, strlen(id));
		if (st == FOLIO_OK)
			st = fo_xdb_replace(db, id, doc, NULL, &err);
		fo_xdoc_free(doc);
	}
	return st;
}

/* The suggestion for the one word query[start..end) (its term in lower
 * case), spelt against prefix ("": the text), as the query found
 * nothing; "" when there is none. */
static const char *suggest_span(const char *query, size_t start, size_t end,
                                const char *prefix)
{
	static char got[sizeof "error: " + sizeof((fo_xerr *)0)->msg];
	fo_qword w;
	fo_xerr err = { "" };
	char *out = NULL;
	size_t i;

	memset(&w, 0, sizeof w);
	w.start = start;
	w.end = end;
	w.term = strndup(query + start, end - start);
	for (i = 0; w.term[i]; i++)
		if (w.term[i] >= 'A' && w.term[i] <= 'Z')
			w.term[i] = (char)(w.term[i] - 'A' + 'a');
	w.prefix = prefix;
	got[0] = '\0';
	if (fo_spell_suggest(db, NULL, query, strlen(query), &w, 1, NULL, 0, 0,
	                     NULL, NULL, &out, &err) != FOLIO_OK)
		snprintf(got, sizeof got, "error: %s", err.msg);
	else if (out)
		snprintf(got, sizeof got, "%s", out);
	free(out);
	free(w.term);
	return got;
}

/* The suggestion for one word typed as query, spelt against prefix. */
static const char *suggest(const char *query, const char *prefix)
{
	return suggest_span(query, 0, strlen(query), prefix);
}

/* The suggestion for query's space-separated words (in lower case),
 * each spelt against prefix, as the query found total posts, those that
 * hold them among them; "" when there is none. */
static const char *suggest_total(const char *query, const char *prefix,
                                 uint64_t total)
{
	static char got[256];
	fo_qword w[4];
	fo_xerr err = { "" };
	char *out = NULL;
	size_t n = 0, at = 0;

	memset(w, 0, sizeof w);
	while (query[at] && n < 4) {
		size_t len = strcspn(query + at, " ");
		w[n].start = at;
		w[n].end = at + len;
		w[n].term = strndup(query + at, len);
		w[n].prefix = prefix;
		n++;
		at += len + (query[at + len] == ' ');
	}
	got[0] = '\0';
	if (fo_spell_suggest(db, NULL, query, strlen(query), w, n, NULL, 0,
	                     total, NULL, NULL, &out, &err) != FOLIO_OK)
		snprintf(got, sizeof got, "error: %s", err.msg);
	else if (out)
		snprintf(got, sizeof got, "%s", out);
	free(out);
	while (n > 0)
		free(w[--n].term);
	return got;
}

/* As the query found a post: a word in a post or two is then corrected
 * only by a typing slip to a word in 100 times as many. */
static const char *suggest_found(const char *query, const char *prefix)
{
	return suggest_total(query, prefix, 1);
}

/* The suggestion for query, read up to its first len bytes, whose one
 * text word, parallelsim, starts at byte at, with the spans the parser
 * read otherwise (qparse.h); "" when there is none. */
static const char *suggest_cut(const char *query, size_t len, size_t at,
                               const fo_qspan *spans, size_t n_spans)
{
	static char got[256];
	fo_qword w;
	fo_xerr err = { "" };
	char *out = NULL;

	memset(&w, 0, sizeof w);
	w.start = at;
	w.end = at + strlen("parallelsim");
	w.term = "parallelsim";
	w.prefix = "";
	got[0] = '\0';
	if (fo_spell_suggest(db, NULL, query, len, &w, 1, spans, n_spans, 0,
	                     NULL, NULL, &out, &err) != FOLIO_OK)
		snprintf(got, sizeof got, "error: %s", err.msg);
	else if (out)
		snprintf(got, sizeof got, "%s", out);
	free(out);
	return got;
}

/* The same, for a query read whole. */
static const char *suggest_read_as(const char *query, size_t at,
                                   const fo_qspan *spans, size_t n_spans)
{
	return suggest_cut(query, strlen(query), at, spans, n_spans);
}

/* What the parser read as closed at the end is closed there, after the
 * white space typed (a ( and a phrase the query's limits cut); what it
 * read as nothing is nothing, with no space put for it. */
static void test_spell__a_suggestion_is_the_query_as_read(void)
{
	const fo_qspan closed[] = { { 19, 19, "\"" }, { 19, 19, ")" } };
	const fo_qspan colon[] = { { 8, 9, "" } };
	const fo_qspan free_text[] = { { 2, 3, NULL } };

	assert_str("x (\"parallelism y\")",
	           suggest_read_as("x (\"parallelsim y  ", 4, closed, 2));
	assert_str("company:parallelism",
	           suggest_read_as("company:\"parallelsim", 9, colon, 1));
	assert_str("x parallelism",
	           suggest_read_as("x \"parallelsim", 3, free_text, 1));
}

/* A query cut at its limits is suggested whole: the part read as read,
 * then the rest as typed, which closes the phrase the cut left open (a
 * quote put at the cut would open another). */
static void test_spell__a_cut_query_keeps_its_rest(void)
{
	const fo_qspan closed[] = { { 17, 17, "\"" } };
	const fo_qspan stray[] = { { 2, 3, NULL }, { 17, 17, "\"" } };
	const fo_qspan or_cut[] = { { 14, 16, NULL } };

	assert_str("x \"parallelism y z\" w",
	           suggest_cut("x \"parallelsim y z\" w", 17, 3, closed, 1));
	assert_str("x parallelism y z\" w",
	           suggest_cut("x )parallelsim y z\" w", 17, 3, stray, 2));
	/* an operator the cut left nothing beside is kept: the rest is
	 * beside it (a OR | b is not a b) */
	assert_str("x parallelism OR y",
	           suggest_cut("x parallelsim OR y", 17, 2, or_cut, 1));
	/* a word the byte limit cut in one giant run is left alone */
	assert_str("", suggest_cut("x parallelsimxx", 13, 2, NULL, 0));
}

static void test_spell__text_words_before_the_prefixes_are_found(void)
{
	/* "3dmark" sorts before every upper-case prefix */
	assert_str("3dmark", suggest("3dmrak", ""));
}

static void test_spell__text_words_after_the_prefixes_are_found(void)
{
	assert_str("parallelism", suggest("parallelsim", ""));
	assert_str("zürich", suggest("zürch", ""));
}

static void test_spell__case_is_kept_as_typed(void)
{
	assert_str("Parallelism", suggest("Parallelsim", ""));
	/* a capital that is no hump: the first letter's case is kept */
	assert_str("Parallelism", suggest("ParallelsiM", ""));
}

static void test_spell__a_field_word_is_spelt_against_its_field(void)
{
	/* nvidia is a company word only; the text's near word is nvida */
	assert_str("nvidia", suggest("nvidai", "XCW"));
	assert_str("nvida", suggest("nvidai", ""));
}

static void test_spell__a_longer_prefix_is_another_field(void)
{
	/* XCWW would be a field of its own: its words are not XCW's */
	assert_str("", suggest("lattics", "XCW"));
}

static void test_spell__stems_are_not_suggested(void)
{
	/* Zlatticework is a stem term: not a word anyone typed */
	assert_str("", suggest("latticwork", ""));
}

static void test_spell__the_most_frequent_close_word_wins(void)
{
	/* kernels (3 posts) beats kernals (1): both one edit from kernls */
	assert_str("kernels", suggest("kernls", ""));
}

static void test_spell__digits_are_never_changed(void)
{
	/* h100, python3 and python are one edit away, but another number */
	assert_str("", suggest("h200", ""));
	assert_str("", suggest("python4", ""));
	assert_str("", suggest("flashattention", ""));
	/* letters around the same digits are corrected */
	assert_str("python3", suggest("pyhton3", ""));
}

/* One letter typed, a capital: only the correction's first letter is
 * one (a word of capitals alone is two or more). */
static void test_spell__one_capital_typed_capitalises_the_first_letter(void)
{
	assert_str("Zq555", suggest("Z555", ""));
	assert_str("zq555", suggest("z555", ""));
}

static void test_spell__a_word_keeps_its_letters_and_numbers(void)
{
	/* 100, in more posts than h100, is one deletion from w100 and
	 * 100w: a name is corrected as a name or not at all, never to its
	 * number alone */
	assert_str("h100", suggest("w100", ""));
	assert_str("", suggest("100w", ""));
	/* nor are a word's numbers run together or moved */
	assert_str("", suggest("1w00", ""));
	assert_str("", suggest("h1x00", ""));
}

static void test_spell__a_known_word_is_left_alone(void)
{
	assert_str("", suggest("parallelism", ""));
	/* unless a close word is in ten times as many posts: kernels is in
	 * three times as many as kernals */
	assert_str("", suggest("kernals", ""));
}

/* graident and microsft are each in one post, gradient and microsoft
 * in 100: the vocabulary walked for such a word is its first letter's
 * (spell.c's walk_key), in a field's terms too, and with a word in no
 * post beside it, the whole field's. */
static void test_spell__a_found_word_is_corrected_by_a_slip(void)
{
	assert_str("gradient", suggest_found("graident", ""));
	assert_str("microsoft", suggest_found("microsft", "XCW"));
	assert_str("gradient kernels", suggest_found("graident kernls", ""));
	/* its first letter is never changed: rgadient is no typo */
	assert_str("", suggest_found("rgadient", ""));
	/* nor one letter into another: graduent is in one post */
	assert_str("", suggest_found("graduent", ""));
}

/* A query that found FO_SPELL_FEW posts or more has only the words no
 * post holds in any form corrected, and only to a word in ten posts or
 * more: one in a post or two is a word (the other posts found are no
 * sign that it is a typo), and a word the index lacks is as often a name
 * close to another rare word. */
static void test_spell__many_found_correct_a_word_in_no_post(void)
{
	assert_str("gradient kernels",
	           suggest_total("gradeint kernels", "", FO_SPELL_FEW));
	assert_str("microsoft", suggest_total("microsfot", "XCW", 14000));
	assert_str("", suggest_total("graident kernels", "", FO_SPELL_FEW));
	assert_str("", suggest_total("microsft", "XCW", FO_SPELL_FEW));
	/* parallelism is in two posts, kernels in three */
	assert_str("", suggest_total("parallelsim kernls", "", FO_SPELL_FEW));
	assert_str("parallelism kernels",
	           suggest_total("parallelsim kernls", "", 0));
}

/* A typo common enough to be in a few posts (libary, in 13 of the
 * bench's 63,904) was never corrected: "python libary" found nothing,
 * and said nothing. When the query found nothing, it is corrected as a
 * word in a post or two the query found is, by a typing slip to a word
 * in 100 times as many posts; when the query found posts, it is left
 * alone, as before. */
static void test_spell__a_query_that_found_nothing_corrects_a_common_typo(void)
{
	assert_str("library", suggest("libary", ""));
	assert_str("library", suggest_total("libary", "", 0));
	assert_str("", suggest_total("libary", "", 1));
	assert_str("", suggest_total("libary", "", FO_SPELL_FEW));
}

/* A word as long as a suggestion may be (64 bytes) is one. */
static void test_spell__the_longest_word_is_suggested(void)
{
	assert_str(LONGEST, suggest(LONGEST_TYPO, ""));
}

/* A field's name read as a word (topic:( OR ) is searched as its words
 * when nothing but syntax is left) is no typo: corrected, it read as
 * another word or field (year: became near:). An unknown name before a
 * colon is a word like any. */
static void test_spell__a_fields_name_is_no_typo(void)
{
	assert_str("", suggest_span("topic:( OR )", 0, 5, ""));
	assert_str("", suggest_span("Topic:()", 0, 5, ""));
	assert_str("tonic:", suggest_span("tonicc:", 0, 6, ""));
}

/* What steer saw and took, space-separated. */
static char seen[256], took[64];

static int steer(const char *term, size_t len, const char **seek,
                 size_t *seek_len, void *ctx)
{
	(void)ctx;
	snprintf(seen + strlen(seen), sizeof seen - strlen(seen), "%s%.*s",
	         seen[0] ? " " : "", (int)len, term);
	if (len == 15 && memcmp(term, "flashattention2", len) == 0) {
		*seek = "n"; /* forward: over h100, kernals, kernels */
		*seek_len = 1;
		return FO_XTERM_SEEK;
	}
	if (len == 5 && memcmp(term, "nvida", len) == 0) {
		*seek = "a"; /* back: taken as the next term */
		*seek_len = 1;
		return FO_XTERM_SEEK;
	}
	if (len == 6 && memcmp(term, "python", len) == 0)
		return FO_XTERM_TAKE;
	if (len == 7 && memcmp(term, "python3", len) == 0)
		return FO_XTERM_STOP;
	return FO_XTERM_NEXT;
}

static int take(const char *term, size_t len, uint64_t freq, void *ctx)
{
	(void)ctx;
	snprintf(took, sizeof took, "%.*s %d", (int)len, term, (int)freq);
	return 0;
}

static void test_spell__a_pick_steers_the_vocabulary_read(void)
{
	fo_xerr err = { "" };

	seen[0] = took[0] = '\0';
	assert_int(FOLIO_OK, fo_xdb_terms_between(db, "a", NULL, steer, take,
	                                          NULL, &err));
	assert_str("abc12 bandwidth data datasets fin flashattention2 nvida "
	           "parallelism pretraining python python3",
	           seen);
	assert_str("python 3", took);
}

/* Two words typed glued are broken where a post has them apart, side
 * by side; never where none does, never inside a number, and not where
 * one edit corrects the word whole, but rather than by two. */
static void test_spell__a_word_typed_glued_is_broken_where_posts_part_it(void)
{
	assert_str("memory bandwidth", suggest("memorybandwidth", ""));
	assert_str("Memory bandwidth", suggest("Memorybandwidth", ""));
	assert_str("", suggest("memorybandwidth", "XCW"));
	assert_str("", suggest("finkel", ""));
	assert_str("", suggest("abc1234", ""));
	assert_str("datasets", suggest("dataset", ""));
	assert_str("moe training", suggest("moetraining", ""));
}

static const fo_test tests[] = {
	FO_TEST(test_spell__text_words_before_the_prefixes_are_found),
	FO_TEST(test_spell__text_words_after_the_prefixes_are_found),
	FO_TEST(test_spell__case_is_kept_as_typed),
	FO_TEST(test_spell__a_field_word_is_spelt_against_its_field),
	FO_TEST(test_spell__a_longer_prefix_is_another_field),
	FO_TEST(test_spell__stems_are_not_suggested),
	FO_TEST(test_spell__the_most_frequent_close_word_wins),
	FO_TEST(test_spell__digits_are_never_changed),
	FO_TEST(test_spell__a_word_keeps_its_letters_and_numbers),
	FO_TEST(test_spell__one_capital_typed_capitalises_the_first_letter),
	FO_TEST(test_spell__a_known_word_is_left_alone),
	FO_TEST(test_spell__a_query_that_found_nothing_corrects_a_common_typo),
	FO_TEST(test_spell__the_longest_word_is_suggested),
	FO_TEST(test_spell__a_found_word_is_corrected_by_a_slip),
	FO_TEST(test_spell__many_found_correct_a_word_in_no_post),
	FO_TEST(test_spell__a_pick_steers_the_vocabulary_read),
	FO_TEST(test_spell__a_suggestion_is_the_query_as_read),
	FO_TEST(test_spell__a_cut_query_keeps_its_rest),
	FO_TEST(test_spell__a_fields_name_is_no_typo),
	FO_TEST(test_spell__a_word_typed_glued_is_broken_where_posts_part_it),
};

int main(void)
{
	char dir[512];
	fo_xerr err = { "" };
	int rc = 1;

	snprintf(root, sizeof root, "/tmp/folio-spell-XXXXXX");
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(dir, sizeof dir, "%s/db", root);
	if (fo_xdb_open(dir, FO_XDB_WRITE | FO_XDB_CREATE, &db, &err) !=
	        FOLIO_OK ||
	    add_docs(2, "3dmark parallelism zürich nvida") != FOLIO_OK ||
	    add_docs(3, "kernels XCWnvidia XCWWlattices Zlatticework") !=
	        FOLIO_OK ||
	    add_docs(1, "kernals") != FOLIO_OK ||
	    add_docs(3, "h100 python python3 flashattention2") != FOLIO_OK ||
	    add_docs(4, "100") != FOLIO_OK ||
	    add_docs(1, "zq555") != FOLIO_OK ||
	    add_docs(1, LONGEST) != FOLIO_OK ||
	    add_docs(100, "gradient XCWmicrosoft") != FOLIO_OK ||
	    add_docs(1, "graident rgadient graduent XCWmicrosft") != FOLIO_OK ||
	    add_docs(300, "library") != FOLIO_OK ||
	    add_docs(3, "libary") != FOLIO_OK ||
	    add_docs(3, "tonic") != FOLIO_OK ||
	    add_docs(2, "memory bandwidth fin") != FOLIO_OK ||
	    add_docs(2, "kel abc12 34") != FOLIO_OK ||
	    add_docs(2, "data set") != FOLIO_OK ||
	    add_docs(20, "datasets") != FOLIO_OK ||
	    add_docs(2, "moe training") != FOLIO_OK ||
	    add_docs(20, "pretraining") != FOLIO_OK ||
	    fo_xdb_commit(db, &err) != FOLIO_OK) {
		fprintf(stderr, "test_spell: cannot build the index: %s\n",
		        err.msg);
	} else {
		rc = FO_RUN(tests);
	}
	if (db)
		fo_xdb_close(db, &err);
	fo_layout_remove_tree(root);
	return rc;
}
