/*
 * test_analyzer.c: unit tests of the analyzer (src/analyzer). Each rule of
 * doc/analyzer.md has a test listing the exact tokens expected: term, stem,
 * position, kind, byte span, compound number and number of parts.
 */
#include "harness.h"

#include "analyzer/analyzer.h"
#include "analyzer/normalize.h"
#include "analyzer/stem.h"

#include <libstemmer.h>

#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#define W FO_TOK_WORD
#define P FO_TOK_PART
#define J FO_TOK_JOINED

typedef struct fo_exp {
	const char *term;
	const char *stem;
	uint32_t pos;
	fo_token_kind kind;
	size_t start, end;
	uint32_t compound;
	uint32_t n_parts;
} fo_exp;

#define FO_GOT_MAX 64

typedef struct fo_got {
	size_t n;
	int stop_after; /* stop the analysis after this many tokens, if > 0 */
	char term[FO_GOT_MAX][FO_MAX_TERM_BYTES + 1];
	char stem[FO_GOT_MAX][FO_MAX_TERM_BYTES + 8];
	int has_stem[FO_GOT_MAX];
	int term_ok[FO_GOT_MAX]; /* NUL-terminated at len */
	fo_token tok[FO_GOT_MAX];
} fo_got;

static const char *kind_name(fo_token_kind k)
{
	return k == FO_TOK_WORD ? "WORD" : k == FO_TOK_PART ? "PART" : "JOINED";
}

static int collect(const fo_token *t, void *ctx)
{
	fo_got *g = ctx;

	if (g->n < FO_GOT_MAX) {
		snprintf(g->term[g->n], sizeof(g->term[0]), "%.*s",
		         (int)t->len, t->term);
		g->term_ok[g->n] = strlen(t->term) == t->len;
		g->has_stem[g->n] = t->stem != NULL;
		if (t->stem)
			snprintf(g->stem[g->n], sizeof(g->stem[0]), "%.*s",
			         (int)t->stem_len, t->stem);
		g->tok[g->n] = *t;
	}
	g->n++;
	return g->stop_after > 0 && g->n >= (size_t)g->stop_after;
}

static void print_got(const fo_got *g)
{
	size_t i;

	for (i = 0; i < g->n && i < FO_GOT_MAX; i++) {
		const fo_token *t = &g->tok[i];

		fprintf(stderr, "    got {\"%s\", %s%s%s, %u, %s, %zu, %zu, %u, %u}\n",
		        g->term[i], g->has_stem[i] ? "\"" : "",
		        g->has_stem[i] ? g->stem[i] : "NULL",
		        g->has_stem[i] ? "\"" : "", t->pos, kind_name(t->kind),
		        t->start, t->end, t->compound, t->n_parts);
	}
}

/* Analyze text and compare with exp; 0 when equal, else print why. */
static int check_tokens(const char *lang, const char *text, size_t len,
                        const fo_exp *exp, size_t n, int line)
{
	static fo_got g;
	fo_analyzer *an = NULL;
	const fo_token *t;
	size_t i;
	int bad = 0;

	memset(&g, 0, sizeof(g));
	if (fo_analyzer_new(lang, &an) != FOLIO_OK) {
		fprintf(stderr, "  line %d: fo_analyzer_new failed\n", line);
		return 1;
	}
	if (fo_analyze(an, text, len, collect, &g) != FOLIO_OK) {
		fprintf(stderr, "  line %d: fo_analyze failed\n", line);
		bad = 1;
	}
	fo_analyzer_free(an);
	if (g.n != n) {
		fprintf(stderr, "  line %d: expected %zu tokens, got %zu\n",
		        line, n, g.n);
		bad = 1;
	}
	for (i = 0; !bad && i < n; i++) {
		t = &g.tok[i];
		if (strcmp(exp[i].term, g.term[i]) != 0 ||
		    !g.term_ok[i] ||
		    (exp[i].stem == NULL) != !g.has_stem[i] ||
		    (exp[i].stem && strcmp(exp[i].stem, g.stem[i]) != 0) ||
		    exp[i].pos != t->pos || exp[i].kind != t->kind ||
		    exp[i].start != t->start || exp[i].end != t->end ||
		    exp[i].compound != t->compound ||
		    exp[i].n_parts != t->n_parts) {
			fprintf(stderr, "  line %d: token %zu: expected "
			        "{\"%s\", %s, %u, %s, %zu, %zu, %u, %u}\n",
			        line, i, exp[i].term,
			        exp[i].stem ? exp[i].stem : "NULL",
			        exp[i].pos, kind_name(exp[i].kind),
			        exp[i].start, exp[i].end, exp[i].compound,
			        exp[i].n_parts);
			bad = 1;
		}
	}
	if (bad)
		print_got(&g);
	return bad;
}

#define EXPECT_LANG_N(lang, text, len, ...)                                    \
	do {                                                                   \
		static const fo_exp e_[] = { __VA_ARGS__ };                    \
		if (check_tokens(lang, text, len, e_,                          \
		                 sizeof(e_) / sizeof(e_[0]), __LINE__))        \
			FO_FAIL_("tokens of \"%s\" differ", text);             \
	} while (0)

#define EXPECT(text, ...) EXPECT_LANG_N(NULL, text, strlen(text), __VA_ARGS__)

/* For an input that must yield no token at all. */
static void expect_none(const char *text, size_t len, int *bad)
{
	if (check_tokens(NULL, text, len, NULL, 0, __LINE__))
		*bad = 1;
}

/* --- rule 1: segmentation, spans, separators --- */

static void test_analyzer__words_and_spans(void)
{
	EXPECT("  Hello, world!",
	       { "hello", NULL, 0, W, 2, 7, 0, 1 },
	       { "world", NULL, 1, W, 9, 14, 1, 1 });
}

static void test_analyzer__empty_and_separators_only(void)
{
	int bad = 0;

	expect_none("", 0, &bad);
	expect_none(" \t\n.,;:!?()[]{}<>/\\|@$%^&*=~`\"'-_+#", 36, &bad);
	expect_none(NULL, 0, &bad);
	assert_int(0, bad);
}

static void test_analyzer__invalid_utf8_and_nul_separate(void)
{
	/* a NUL b 0xff c 0xc3 ( d SP truncated-U+2010 e */
	static const char text[] = "a\0b\xff" "c\xc3(d \xe2\x80" "e";

	EXPECT_LANG_N(NULL, text, sizeof(text) - 1,
	              { "a", NULL, 0, W, 0, 1, 0, 1 },
	              { "b", NULL, 1, W, 2, 3, 1, 1 },
	              { "c", NULL, 2, W, 4, 5, 2, 1 },
	              { "d", NULL, 3, W, 7, 8, 3, 1 },
	              { "e", NULL, 4, W, 11, 12, 4, 1 });
}

static void test_analyzer__truncated_sequence_at_end(void)
{
	static const char text[] = "ab\xe2\x80";

	EXPECT_LANG_N(NULL, text, sizeof(text) - 1,
	              { "ab", NULL, 0, W, 0, 2, 0, 1 });
}

static void test_analyzer__marks_attach_to_previous(void)
{
	/* e + U+0301 stays in the word; a lone mark after a space does not
	 * start one */
	EXPECT("e\xcc\x81" "f \xcc\x81g",
	       { "ef", NULL, 0, W, 0, 4, 0, 1 },
	       { "g", NULL, 1, W, 7, 8, 1, 1 });
}

static void test_analyzer__numbers_are_word_chars(void)
{
	/* No: U+00BD (NFKC 1, U+2044, 2) and U+2460 circled one */
	EXPECT("\xc2\xbd \xe2\x91\xa0 42",
	       { "1\xe2\x81\x84" "2", NULL, 0, W, 0, 2, 0, 1 },
	       { "1", NULL, 1, W, 3, 6, 1, 1 },
	       { "42", NULL, 2, W, 7, 9, 2, 1 });
}

/* --- normalisation --- */

static void test_analyzer__normalisation(void)
{
	EXPECT("Stra\xc3\x9f" "e caf\xc3\xa9 Lum\xc3\xadr "
	       "\xef\xbc\xad\xef\xbc\xb8\xef\xbc\xa6\xef\xbc\xb0\xef\xbc\x98 "
	       "\xef\xac\x81le",
	       { "strasse", "strass", 0, W, 0, 7, 0, 1 },
	       { "cafe", NULL, 1, W, 8, 13, 1, 1 },
	       { "lumir", NULL, 2, W, 14, 20, 2, 1 },
	       { "mxfp8", NULL, 3, W, 21, 36, 3, 1 },
	       { "file", NULL, 4, W, 37, 42, 4, 1 });
}

static void test_analyzer__normalize_token_direct(void)
{
	fo_normalizer nz;
	char out[FO_MAX_TERM_BYTES + 1];
	size_t n = 99;

	fo_normalizer_init(&nz);
	assert_ok(fo_normalize_token(&nz, "GetHTTP", 7, out, &n));
	assert_str("gethttp", out);
	assert_int(7, n);
	assert_ok(fo_normalize_token(&nz, "\xc3\x89T\xc3\x89", 5, out, &n));
	assert_str("ete", out);
	assert_int(3, n);
	/* invalid UTF-8 yields an empty term rather than an error */
	assert_ok(fo_normalize_token(&nz, "\xc3\x28", 2, out, &n));
	assert_int(0, n);
	fo_normalizer_free(&nz);
}

/* --- rule 2: CJK --- */

static void test_analyzer__cjk_bigrams(void)
{
	/* 中文テスト한국 (one run of 7) abc 中 (a lone character after a
	 * word) 検索 (a run of 2) */
	EXPECT("\xe4\xb8\xad\xe6\x96\x87\xe3\x83\x86\xe3\x82\xb9\xe3\x83\x88"
	       "\xed\x95\x9c\xea\xb5\xad abc\xe4\xb8\xad \xe6\xa4\x9c\xe7\xb4\xa2",
	       { "\xe4\xb8\xad\xe6\x96\x87", NULL, 0, P, 0, 6, 0, 6 },
	       { "\xe6\x96\x87\xe3\x83\x86", NULL, 1, P, 3, 9, 0, 6 },
	       { "\xe3\x83\x86\xe3\x82\xb9", NULL, 2, P, 6, 12, 0, 6 },
	       { "\xe3\x82\xb9\xe3\x83\x88", NULL, 3, P, 9, 15, 0, 6 },
	       { "\xe3\x83\x88\xed\x95\x9c", NULL, 4, P, 12, 18, 0, 6 },
	       { "\xed\x95\x9c\xea\xb5\xad", NULL, 5, P, 15, 21, 0, 6 },
	       { "abc", NULL, 6, W, 22, 25, 1, 1 },
	       { "\xe4\xb8\xad", NULL, 7, W, 25, 28, 2, 1 },
	       { "\xe6\xa4\x9c\xe7\xb4\xa2", NULL, 8, W, 29, 35, 3, 1 });
}

static void test_analyzer__cjk_half_width_katakana_folded(void)
{
	/* half-width ﾃｽﾄ folds to full-width テスト (NFKC) */
	EXPECT("\xef\xbe\x83\xef\xbd\xbd\xef\xbe\x84",
	       { "\xe3\x83\x86\xe3\x82\xb9", NULL, 0, P, 0, 6, 0, 2 },
	       { "\xe3\x82\xb9\xe3\x83\x88", NULL, 1, P, 3, 9, 0, 2 });
}

static void test_analyzer__cjk_voiced_sound_marks_kept(void)
{
	/* パス (path) and バス (bus) are not ハス; half-width ｶﾞｲﾄﾞ and
	 * decomposed カ + U+3099 fold as full-width ガイド and ガ */
	EXPECT("\xe3\x83\x91\xe3\x82\xb9 \xe3\x83\x90\xe3\x82\xb9 "
	       "\xef\xbd\xb6\xef\xbe\x9e\xef\xbd\xb2\xef\xbe\x84\xef\xbe\x9e "
	       "\xe3\x82\xab\xe3\x82\x99",
	       { "\xe3\x83\x91\xe3\x82\xb9", NULL, 0, W, 0, 6, 0, 1 },
	       { "\xe3\x83\x90\xe3\x82\xb9", NULL, 1, W, 7, 13, 1, 1 },
	       { "\xe3\x82\xac\xe3\x82\xa4", NULL, 2, P, 14, 23, 2, 2 },
	       { "\xe3\x82\xa4\xe3\x83\x89", NULL, 3, P, 20, 29, 2, 2 },
	       { "\xe3\x82\xac", NULL, 4, W, 30, 36, 3, 1 });
}

static void test_analyzer__arabic_tatweel_dropped(void)
{
	/* العـــربية is العربية stretched (U+0640 x 3); the span is the
	 * word as written; a run of tatweel alone is no word */
	EXPECT("\xd8\xa7\xd9\x84\xd8\xb9\xd9\x80\xd9\x80\xd9\x80\xd8\xb1\xd8"
	       "\xa8\xd9\x8a\xd8\xa9 "
	       "\xd8\xa7\xd9\x84\xd8\xb9\xd8\xb1\xd8\xa8\xd9\x8a\xd8\xa9 "
	       "\xd9\x80\xd9\x80",
	       { "\xd8\xa7\xd9\x84\xd8\xb9\xd8\xb1\xd8\xa8\xd9\x8a\xd8\xa9",
	         NULL, 0, W, 0, 20, 0, 1 },
	       { "\xd8\xa7\xd9\x84\xd8\xb9\xd8\xb1\xd8\xa8\xd9\x8a\xd8\xa9",
	         NULL, 1, W, 21, 35, 1, 1 });
}

static void test_analyzer__cjk_long_run_overlaps_at_the_cut(void)
{
	/* 18 x 一 (U+4E00): 16 characters (15 bigrams), then the run goes on
	 * from the 16th character, so bigrams 16 and 17 are not lost */
	char text[18 * 3 + 1];
	int i;

	for (i = 0; i < 18; i++)
		memcpy(text + 3 * i, "\xe4\xb8\x80", 3);
	text[54] = '\0';
#define YY "\xe4\xb8\x80\xe4\xb8\x80"
	EXPECT(text,
	       { YY, NULL, 0, P, 0, 6, 0, 15 }, { YY, NULL, 1, P, 3, 9, 0, 15 },
	       { YY, NULL, 2, P, 6, 12, 0, 15 }, { YY, NULL, 3, P, 9, 15, 0, 15 },
	       { YY, NULL, 4, P, 12, 18, 0, 15 }, { YY, NULL, 5, P, 15, 21, 0, 15 },
	       { YY, NULL, 6, P, 18, 24, 0, 15 }, { YY, NULL, 7, P, 21, 27, 0, 15 },
	       { YY, NULL, 8, P, 24, 30, 0, 15 }, { YY, NULL, 9, P, 27, 33, 0, 15 },
	       { YY, NULL, 10, P, 30, 36, 0, 15 }, { YY, NULL, 11, P, 33, 39, 0, 15 },
	       { YY, NULL, 12, P, 36, 42, 0, 15 }, { YY, NULL, 13, P, 39, 45, 0, 15 },
	       { YY, NULL, 14, P, 42, 48, 0, 15 },
	       { YY, NULL, 15, P, 45, 51, 1, 2 }, { YY, NULL, 16, P, 48, 54, 1, 2 });
#undef YY
}

static void test_analyzer__cjk_does_not_join(void)
{
	/* abc-中 : the hyphen does not join a CJK character */
	EXPECT("abc-\xe4\xb8\xad",
	       { "abc", NULL, 0, W, 0, 3, 0, 1 },
	       { "\xe4\xb8\xad", NULL, 1, W, 4, 7, 1, 1 });
}

/* --- rule 3: compounds --- */

static void test_analyzer__hyphen_compound(void)
{
	EXPECT("free-threaded Python",
	       { "freethreaded", "freethread", 0, J, 0, 13, 0, 2 },
	       { "free", NULL, 0, P, 0, 4, 0, 2 },
	       { "threaded", "thread", 1, P, 5, 13, 0, 2 },
	       { "python", NULL, 2, W, 14, 20, 1, 1 });
}

static void test_analyzer__hyphen_state_of_the_art(void)
{
	EXPECT("state-of-the-art",
	       { "stateoftheart", NULL, 0, J, 0, 16, 0, 4 },
	       { "state", NULL, 0, P, 0, 5, 0, 4 },
	       { "of", NULL, 1, P, 6, 8, 0, 4 },
	       { "the", NULL, 2, P, 9, 12, 0, 4 },
	       { "art", NULL, 3, P, 13, 16, 0, 4 });
}

static void test_analyzer__unicode_hyphens(void)
{
	/* U+2010 HYPHEN and U+2011 NON-BREAKING HYPHEN */
	EXPECT("free\xe2\x80\x90threaded no\xe2\x80\x91" "break",
	       { "freethreaded", "freethread", 0, J, 0, 15, 0, 2 },
	       { "free", NULL, 0, P, 0, 4, 0, 2 },
	       { "threaded", "thread", 1, P, 7, 15, 0, 2 },
	       { "nobreak", NULL, 2, J, 16, 26, 1, 2 },
	       { "no", NULL, 2, P, 16, 18, 1, 2 },
	       { "break", NULL, 3, P, 21, 26, 1, 2 });
}

static void test_analyzer__underscore_compound(void)
{
	EXPECT("pg_stat_activity x86_64",
	       { "pg_stat_activity", NULL, 0, J, 0, 16, 0, 3 },
	       { "pg", NULL, 0, P, 0, 2, 0, 3 },
	       { "stat", NULL, 1, P, 3, 7, 0, 3 },
	       { "activity", "activ", 2, P, 8, 16, 0, 3 },
	       { "x86_64", NULL, 3, J, 17, 23, 1, 2 },
	       { "x86", NULL, 3, P, 17, 20, 1, 2 },
	       { "64", NULL, 4, P, 21, 23, 1, 2 });
	/* a compound within 16 bytes takes the fast path, whose joined
	 * term keeps its '_' unstemmed likewise */
	EXPECT("snake_cases", { "snake_cases", NULL, 0, J, 0, 11, 0, 2 },
	       { "snake", NULL, 0, P, 0, 5, 0, 2 },
	       { "cases", "case", 1, P, 6, 11, 0, 2 });
}

static void test_analyzer__dot_compound(void)
{
	EXPECT("3.14 Node.js python3.14t yomu.fyi",
	       { "3.14", NULL, 0, J, 0, 4, 0, 2 },
	       { "3", NULL, 0, P, 0, 1, 0, 2 },
	       { "14", NULL, 1, P, 2, 4, 0, 2 },
	       { "node.js", NULL, 2, J, 5, 12, 1, 2 },
	       { "node", NULL, 2, P, 5, 9, 1, 2 },
	       { "js", NULL, 3, P, 10, 12, 1, 2 },
	       { "python3.14t", NULL, 4, J, 13, 24, 2, 2 },
	       { "python3", NULL, 4, P, 13, 20, 2, 2 },
	       { "14t", NULL, 5, P, 21, 24, 2, 2 },
	       { "yomu.fyi", NULL, 6, J, 25, 33, 3, 2 },
	       { "yomu", NULL, 6, P, 25, 29, 3, 2 },
	       { "fyi", NULL, 7, P, 30, 33, 3, 2 });
}

static void test_analyzer__mixed_joiners(void)
{
	EXPECT("foo_bar-baz.qux",
	       { "foo_barbaz.qux", NULL, 0, J, 0, 15, 0, 4 },
	       { "foo", NULL, 0, P, 0, 3, 0, 4 },
	       { "bar", NULL, 1, P, 4, 7, 0, 4 },
	       { "baz", NULL, 2, P, 8, 11, 0, 4 },
	       { "qux", NULL, 3, P, 12, 15, 0, 4 });
}

static void test_analyzer__joiner_needs_word_chars_both_sides(void)
{
	EXPECT("-foo bar- a--b end. Next x_ y __init__ a.-b",
	       { "foo", NULL, 0, W, 1, 4, 0, 1 },
	       { "bar", NULL, 1, W, 5, 8, 1, 1 },
	       { "a", NULL, 2, W, 10, 11, 2, 1 },
	       { "b", NULL, 3, W, 13, 14, 3, 1 },
	       { "end", NULL, 4, W, 15, 18, 4, 1 },
	       { "next", NULL, 5, W, 20, 24, 5, 1 },
	       { "x", NULL, 6, W, 25, 26, 6, 1 },
	       { "y", NULL, 7, W, 28, 29, 7, 1 },
	       { "init", NULL, 8, W, 32, 36, 8, 1 },
	       { "a", NULL, 9, W, 39, 40, 9, 1 },
	       { "b", NULL, 10, W, 42, 43, 10, 1 });
}

static void test_analyzer__compound_at_most_16_parts(void)
{
	EXPECT("a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q",
	       { "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p", NULL, 0, J, 0, 31, 0, 16 },
	       { "a", NULL, 0, P, 0, 1, 0, 16 },
	       { "b", NULL, 1, P, 2, 3, 0, 16 },
	       { "c", NULL, 2, P, 4, 5, 0, 16 },
	       { "d", NULL, 3, P, 6, 7, 0, 16 },
	       { "e", NULL, 4, P, 8, 9, 0, 16 },
	       { "f", NULL, 5, P, 10, 11, 0, 16 },
	       { "g", NULL, 6, P, 12, 13, 0, 16 },
	       { "h", NULL, 7, P, 14, 15, 0, 16 },
	       { "i", NULL, 8, P, 16, 17, 0, 16 },
	       { "j", NULL, 9, P, 18, 19, 0, 16 },
	       { "k", NULL, 10, P, 20, 21, 0, 16 },
	       { "l", NULL, 11, P, 22, 23, 0, 16 },
	       { "m", NULL, 12, P, 24, 25, 0, 16 },
	       { "n", NULL, 13, P, 26, 27, 0, 16 },
	       { "o", NULL, 14, P, 28, 29, 0, 16 },
	       { "p", NULL, 15, P, 30, 31, 0, 16 },
	       { "q", NULL, 16, W, 32, 33, 1, 1 });
}

static void test_analyzer__camel_parts_overflow_into_next_compound(void)
{
	/* 17 humps in one run: 16 parts, then the rest as a new compound */
	EXPECT("aBbbCcDdEeFfGgHhIiJjKkLlMmNnOoPpQqRr",
	       { "abbbccddeeffgghhiijjkkllmmnnoopp", NULL, 0, J, 0, 32, 0, 16 },
	       { "a", NULL, 0, P, 0, 1, 0, 16 },
	       { "bbb", NULL, 1, P, 1, 4, 0, 16 },
	       { "cc", NULL, 2, P, 4, 6, 0, 16 },
	       { "dd", NULL, 3, P, 6, 8, 0, 16 },
	       { "ee", NULL, 4, P, 8, 10, 0, 16 },
	       { "ff", NULL, 5, P, 10, 12, 0, 16 },
	       { "gg", NULL, 6, P, 12, 14, 0, 16 },
	       { "hh", NULL, 7, P, 14, 16, 0, 16 },
	       { "ii", NULL, 8, P, 16, 18, 0, 16 },
	       { "jj", NULL, 9, P, 18, 20, 0, 16 },
	       { "kk", NULL, 10, P, 20, 22, 0, 16 },
	       { "ll", NULL, 11, P, 22, 24, 0, 16 },
	       { "mm", NULL, 12, P, 24, 26, 0, 16 },
	       { "nn", NULL, 13, P, 26, 28, 0, 16 },
	       { "oo", NULL, 14, P, 28, 30, 0, 16 },
	       { "pp", NULL, 15, P, 30, 32, 0, 16 },
	       { "qqrr", NULL, 16, J, 32, 36, 1, 2 },
	       { "qq", NULL, 16, P, 32, 34, 1, 2 },
	       { "rr", NULL, 17, P, 34, 36, 1, 2 });
}

static void test_analyzer__apostrophes(void)
{
	/* possessive dropped; other apostrophes kept, U+2019 as "'" */
	EXPECT("Meta's don't don\xe2\x80\x99t users' rock'n'roll 'quoted'",
	       { "meta", NULL, 0, W, 0, 4, 0, 1 },
	       { "don't", NULL, 1, W, 7, 12, 1, 1 },
	       { "don't", NULL, 2, W, 13, 20, 2, 1 },
	       { "users", "user", 3, W, 21, 26, 3, 1 },
	       { "rock'n'roll", "rock'n'rol", 4, W, 28, 39, 4, 1 },
	       { "quoted", "quot", 5, W, 41, 47, 5, 1 });
}

static void test_analyzer__possessive_ends_compound(void)
{
	EXPECT("Meta\xe2\x80\x99s Llama's-x",
	       { "meta", NULL, 0, W, 0, 4, 0, 1 },
	       { "llama", NULL, 1, W, 9, 14, 1, 1 },
	       { "x", NULL, 2, W, 17, 18, 2, 1 });
	/* a capital S makes a possessive too (headlines in capitals) */
	EXPECT("NASA'S budget", { "nasa", NULL, 0, W, 0, 4, 0, 1 },
	       { "budget", NULL, 1, W, 7, 13, 1, 1 });
}

/* Elision (rule 3): French, Italian, Catalan and Irish drop the elided
 * article, which takes no position; the span starts after it. */
static void test_analyzer__elision_french(void)
{
	const char *t = "l'index qu'il aujourd'hui L\xe2\x80\x99Index "
	                "jusqu'ici d'un";

	EXPECT_LANG_N("french", t, strlen(t),
	              { "index", NULL, 0, W, 2, 7, 0, 1 },
	              { "il", NULL, 1, W, 11, 13, 1, 1 },
	              { "aujourd'hui", NULL, 2, W, 14, 25, 2, 1 },
	              { "index", NULL, 3, W, 30, 35, 3, 1 },
	              { "ici", NULL, 4, W, 42, 45, 4, 1 },
	              { "un", NULL, 5, W, 48, 50, 5, 1 });
}

static void test_analyzer__elision_compound_and_stem(void)
{
	/* the joined term and span lose it too; the word is stemmed */
	const char *t = "l'open-source d'architectures";

	EXPECT_LANG_N("french", t, strlen(t),
	              { "opensource", "opensourc", 0, J, 2, 13, 0, 2 },
	              { "open", NULL, 0, P, 2, 6, 0, 2 },
	              { "source", "sourc", 1, P, 7, 13, 0, 2 },
	              { "architectures", "architectur", 2, W, 16, 29, 1, 1 });
}

static void test_analyzer__elision_italian_catalan_irish(void)
{
	const char *it = "dell'indice l'analisi un'altra quell'anno";
	const char *ca = "d'una l'\xc3\xadndex";
	const char *ga = "d'fh\xc3\xa1g b'fhearr";

	EXPECT_LANG_N("italian", it, strlen(it),
	              { "indice", "indic", 0, W, 5, 11, 0, 1 },
	              { "analisi", "analis", 1, W, 14, 21, 1, 1 },
	              { "altra", NULL, 2, W, 25, 30, 2, 1 },
	              { "quell'anno", "quell'ann", 3, W, 31, 41, 3, 1 });
	EXPECT_LANG_N("catalan", ca, strlen(ca),
	              { "una", "un", 0, W, 2, 5, 0, 1 },
	              { "index", NULL, 1, W, 8, 14, 1, 1 });
	EXPECT_LANG_N("irish", ga, strlen(ga),
	              { "fhag", "fag", 0, W, 2, 7, 0, 1 },
	              { "fhearr", "fearr", 1, W, 10, 16, 1, 1 });
}

static void test_analyzer__elision_not_in_other_languages(void)
{
	/* English keeps l'index whole and drops its possessive as before;
	 * a libstemmer alias (fr) elides as its language does */
	const char *t = "l'index Meta's";

	EXPECT("l'index Meta's", { "l'index", NULL, 0, W, 0, 7, 0, 1 },
	       { "meta", NULL, 1, W, 8, 12, 1, 1 });
	EXPECT_LANG_N("german", t, strlen(t),
	              { "l'index", NULL, 0, W, 0, 7, 0, 1 },
	              { "meta", NULL, 1, W, 8, 12, 1, 1 });
	EXPECT_LANG_N("fr", t, strlen(t), { "index", NULL, 0, W, 2, 7, 0, 1 },
	              { "meta", "met", 1, W, 8, 12, 1, 1 });
}

static void test_analyzer__modifier_letter_apostrophe(void)
{
	/* U+02BC, typed for an apostrophe, is read as one (as U+2019 is):
	 * donʼt is don't, Metaʼs a possessive, and one starting a word
	 * separates; French elides lʼ, Turkish drops the suffix after it */
	const char *fr = "l\xca\xbcindex", *tr = "Ankara\xca\xbcya";

	EXPECT("don\xca\xbct Meta\xca\xbcs \xca\xbctis",
	       { "don't", NULL, 0, W, 0, 6, 0, 1 },
	       { "meta", NULL, 1, W, 7, 11, 1, 1 },
	       { "tis", NULL, 2, W, 17, 20, 2, 1 });
	EXPECT_LANG_N("french", fr, strlen(fr),
	              { "index", NULL, 0, W, 3, 8, 0, 1 });
	EXPECT_LANG_N("turkish", tr, strlen(tr),
	              { "ankara", "ankar", 0, W, 0, 6, 0, 1 });
	/* NFKC's U+02BC of ŉ is no apostrophe in the text: nothing to cut */
	EXPECT_LANG_N("turkish", "a\xc5\x89", 3,
	              { "a'n", NULL, 0, W, 0, 3, 0, 1 });
	EXPECT_LANG_N("french", "l\xc5\x89", 3,
	              { "l'n", NULL, 0, W, 0, 3, 0, 1 });
	/* nor after a leading dot or a joiner, where a letter would start a
	 * run: .ʼX began a compound of no part, whose suffix was added to
	 * parts[-1] (fuzz_analyzer) */
	EXPECT("\xca\xbc.\xca\xbcX", { "x", NULL, 0, W, 5, 6, 0, 1 });
	EXPECT("x-\xca\xbcy .\xca\xbcnet", { "x", NULL, 0, W, 0, 1, 0, 1 },
	       { "y", NULL, 1, W, 4, 5, 1, 1 },
	       { "net", NULL, 2, W, 9, 12, 2, 1 });
}

static void test_analyzer__fullwidth_joiners(void)
{
	/* ｆｒｅｅ－ｔｈｒｅａｄｅｄ, ｐｇ＿ｓｔａｔ, Ｎｏｄｅ．ｊｓ as an IME
	 * types them (U+FF0D, U+FF3F, U+FF0E, which NFKC makes - _ .): the
	 * compounds their ASCII spellings are, so free-threaded finds them */
	EXPECT("free\xef\xbc\x8dthreaded pg\xef\xbc\xbfstat Node\xef\xbc\x8ejs",
	       { "freethreaded", "freethread", 0, J, 0, 15, 0, 2 },
	       { "free", NULL, 0, P, 0, 4, 0, 2 },
	       { "threaded", "thread", 1, P, 7, 15, 0, 2 },
	       { "pg_stat", NULL, 2, J, 16, 25, 1, 2 },
	       { "pg", NULL, 2, P, 16, 18, 1, 2 },
	       { "stat", NULL, 3, P, 21, 25, 1, 2 },
	       { "node.js", NULL, 4, J, 26, 35, 2, 2 },
	       { "node", NULL, 4, P, 26, 30, 2, 2 },
	       { "js", NULL, 5, P, 33, 35, 2, 2 });
	/* as separators they still separate */
	EXPECT("a\xef\xbc\x8d \xef\xbc\x8e\xef\xbc\x8e",
	       { "a", NULL, 0, W, 0, 1, 0, 1 });
}

static void test_analyzer__turkish_apostrophe_suffixes(void)
{
	/* İstanbul'da Ankara’ya Türkiye'nin Node.js'te: Turkish drops the
	 * apostrophe and the suffix after it (Lucene's ApostropheFilter);
	 * the span ends before it, for the highlighter; tr is its alias */
	const char *t = "\xc4\xb0stanbul'da Ankara\xe2\x80\x99ya "
	                "T\xc3\xbcrkiye'nin Node.js'te";

	EXPECT_LANG_N("turkish", t, strlen(t),
	              { "istanbul", NULL, 0, W, 0, 9, 0, 1 },
	              { "ankara", "ankar", 1, W, 13, 19, 1, 1 },
	              { "turkiye", "turki", 2, W, 25, 33, 2, 1 },
	              { "node.js", NULL, 3, J, 38, 45, 3, 2 },
	              { "node", NULL, 3, P, 38, 42, 3, 2 },
	              { "js", NULL, 4, P, 43, 45, 3, 2 });
	EXPECT_LANG_N("tr", "Ankara'ya", 9,
	              { "ankara", "ankar", 0, W, 0, 6, 0, 1 });
	/* other languages keep the word whole */
	EXPECT_LANG_N("german", "Ankara'ya", 9,
	              { "ankara'ya", NULL, 0, W, 0, 9, 0, 1 });
}

static int first_term(const fo_token *t, void *ctx)
{
	snprintf(ctx, FO_MAX_TERM_BYTES + 1, "%.*s", (int)t->len, t->term);
	return 1;
}

/* The first term an analyzer of this revision makes of text (harness.h's
 * asserts return from void tests only). */
static const char *first_term_of(fo_analyzer *an, unsigned revision,
                                 const char *text)
{
	static char term[FO_MAX_TERM_BYTES + 1];

	term[0] = '\0';
	fo_analyzer_set_revision(an, revision);
	if (fo_analyze(an, text, strlen(text), first_term, term) != FOLIO_OK)
		return "(analysis failed)";
	return term;
}

static void test_analyzer__elision_by_revision(void)
{
	/* an index built before revision 2 keeps l'index whole */
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new("french", &an));
	assert_true(fo_analyzer_revision(an) == FO_ANALYZER_REVISION);
	assert_true(fo_analyzer_elides(an));
	assert_str("l'index", first_term_of(an, 1, "l'index"));
	assert_true(!fo_analyzer_elides(an));
	assert_str("index", first_term_of(an, FO_ANALYZER_ELISION, "l'index"));
	fo_analyzer_free(an);
}

static void test_analyzer__versioned_names_by_revision(void)
{
	/* an index built before revision 3 keeps C++20 as c and 20 */
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new("english", &an));
	assert_str("c", first_term_of(an, FO_ANALYZER_VERSIONED - 1, "C++20"));
	assert_str("c++20", first_term_of(an, FO_ANALYZER_VERSIONED, "C++20"));
	fo_analyzer_free(an);
}

/* The terms an analyzer of this revision makes of text, in g. */
static folio_status terms_of(fo_analyzer *an, unsigned revision,
                             const char *text, fo_got *g)
{
	memset(g, 0, sizeof(*g));
	fo_analyzer_set_revision(an, revision);
	return fo_analyze(an, text, strlen(text), collect, g);
}

/* The terms of text, space-separated, by an analyzer of language and
 * revision. */
static const char *joined_terms(const char *language, unsigned revision,
                                const char *text)
{
	static fo_got g;
	static char buf[512];
	fo_analyzer *an = NULL;
	size_t i, n = 0;

	if (fo_analyzer_new(language, &an) != FOLIO_OK)
		return "(no analyzer)";
	if (terms_of(an, revision, text, &g) != FOLIO_OK) {
		fo_analyzer_free(an);
		return "(analysis failed)";
	}
	fo_analyzer_free(an);
	buf[0] = '\0';
	for (i = 0; i < g.n; i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s",
		                      i ? " " : "", g.term[i]);
	return buf;
}

static void test_analyzer__apostrophe_humps_by_revision(void)
{
	/* what an elided article or a Turkish suffix leaves is parted at
	 * its humps as the word alone is; before revision 7 it was whole */
	assert_str("openai open ai iphone i phone",
	           joined_terms("french", FO_ANALYZER_HUMPS,
	                        "d'OpenAI l\xe2\x80\x99iPhone"));
	assert_str("openai iphone",
	           joined_terms("french", FO_ANALYZER_HUMPS - 1,
	                        "d'OpenAI l\xe2\x80\x99iPhone"));
	assert_str("github git hub javascript java script",
	           joined_terms("turkish", FO_ANALYZER_HUMPS,
	                        "GitHub'da JavaScript'in"));
	assert_str("github javascript",
	           joined_terms("turkish", FO_ANALYZER_HUMPS - 1,
	                        "GitHub'da JavaScript'in"));
	/* in any language; O'Reilly, rock'n'roll and don't have no hump */
	assert_str("o'reillymedia o'reilly media o'reilly rock'n'roll don't",
	           joined_terms("english", FO_ANALYZER_HUMPS,
	                        "O'ReillyMedia O'Reilly rock'n'roll don't"));
	assert_str("o'reillymedia o'reilly rock'n'roll don't",
	           joined_terms("english", FO_ANALYZER_HUMPS - 1,
	                        "O'ReillyMedia O'Reilly rock'n'roll don't"));
}

static void test_analyzer__suffix_apart_by_revision(void)
{
	/* an index built before revision 6 holds gtk+ alone for GTK+ */
	static fo_got g;
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new("english", &an));
	assert_ok(terms_of(an, FO_ANALYZER_SUFFIX - 1, "GTK+", &g));
	assert_int(1, (int)g.n);
	assert_str("gtk+", g.term[0]);
	assert_ok(terms_of(an, FO_ANALYZER_SUFFIX, "GTK+", &g));
	assert_int(2, (int)g.n);
	assert_str("gtk+", g.term[0]);
	assert_str("gtk", g.term[1]);
	/* and Ｃ＋＋ as c */
	assert_str("c", first_term_of(an, FO_ANALYZER_SUFFIX - 1,
	                              "\xef\xbc\xa3\xef\xbc\x8b\xef\xbc\x8b"));
	assert_str("c++",
	           first_term_of(an, FO_ANALYZER_SUFFIX,
	                         "\xef\xbc\xa3\xef\xbc\x8b\xef\xbc\x8b"));
	fo_analyzer_free(an);
}

static void test_analyzer__cjk_voiced_sound_marks_by_revision(void)
{
	/* an index built before revision 4 holds ハス for パス */
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new("english", &an));
	assert_str("\xe3\x83\x8f\xe3\x82\xb9",
	           first_term_of(an, FO_ANALYZER_SCRIPTS - 1,
	                         "\xe3\x83\x91\xe3\x82\xb9"));
	assert_str(
	    "\xe3\x83\x91\xe3\x82\xb9",
	    first_term_of(an, FO_ANALYZER_SCRIPTS, "\xe3\x83\x91\xe3\x82\xb9"));
	fo_analyzer_free(an);
}

static void test_analyzer__symbols_against_cjk_by_revision(void)
{
	/* an index built before revision 4 holds c for C#で, net for
	 * 使.NET */
	static fo_got g;
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new("english", &an));
	assert_str(
	    "c", first_term_of(an, FO_ANALYZER_SCRIPTS - 1, "C#\xe3\x81\xa7"));
	assert_str("c#",
	           first_term_of(an, FO_ANALYZER_SCRIPTS, "C#\xe3\x81\xa7"));
	memset(&g, 0, sizeof(g));
	fo_analyzer_set_revision(an, FO_ANALYZER_SCRIPTS - 1);
	assert_ok(fo_analyze(an, "\xe4\xbd\xbf.NET", 7, collect, &g));
	assert_int(2, g.n);
	assert_str("net", g.term[1]);
	fo_analyzer_free(an);
}

static void test_analyzer__turkish_suffixes_by_revision(void)
{
	/* an index built before revision 4 holds istanbul'da */
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new("turkish", &an));
	assert_str("istanbul'da",
	           first_term_of(an, FO_ANALYZER_SCRIPTS - 1, "Istanbul'da"));
	assert_str("istanbul",
	           first_term_of(an, FO_ANALYZER_SCRIPTS, "Istanbul'da"));
	fo_analyzer_free(an);
}

static void test_analyzer__arabic_tatweel_by_revision(void)
{
	/* an index built before revision 4 keeps the tatweel */
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new("english", &an));
	assert_str("\xd8\xb9\xd9\x80\xd8\xb1",
	           first_term_of(an, FO_ANALYZER_SCRIPTS - 1,
	                         "\xd8\xb9\xd9\x80\xd8\xb1"));
	assert_str(
	    "\xd8\xb9\xd8\xb1",
	    first_term_of(an, FO_ANALYZER_SCRIPTS, "\xd8\xb9\xd9\x80\xd8\xb1"));
	fo_analyzer_free(an);
}

static void test_analyzer__modifier_apostrophe_by_revision(void)
{
	/* an index built before revision 4 holds donʼt as written */
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new("english", &an));
	assert_str("don\xca\xbct",
	           first_term_of(an, FO_ANALYZER_SCRIPTS - 1, "don\xca\xbct"));
	assert_str("don't",
	           first_term_of(an, FO_ANALYZER_SCRIPTS, "don\xca\xbct"));
	fo_analyzer_free(an);
}

static void test_analyzer__fullwidth_joiners_by_revision(void)
{
	/* an index built before revision 5 holds free and threaded for
	 * ｆｒｅｅ－ｔｈｒｅａｄｅｄ */
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new("english", &an));
	assert_str("free", first_term_of(an, FO_ANALYZER_WIDTH - 1,
	                                 "free\xef\xbc\x8dthreaded"));
	assert_str("freethreaded", first_term_of(an, FO_ANALYZER_WIDTH,
	                                         "free\xef\xbc\x8dthreaded"));
	fo_analyzer_free(an);
}

static void test_analyzer__digit_grouping_comma(void)
{
	EXPECT("1,068 1,024 1,068,000 1,2 1,0680 a,123",
	       { "1068", NULL, 0, W, 0, 5, 0, 1 },
	       { "1024", NULL, 1, W, 6, 11, 1, 1 },
	       { "1068000", NULL, 2, W, 12, 21, 2, 1 },
	       { "1", NULL, 3, W, 22, 23, 3, 1 },
	       { "2", NULL, 4, W, 24, 25, 4, 1 },
	       { "1", NULL, 5, W, 26, 27, 5, 1 },
	       { "0680", NULL, 6, W, 28, 32, 6, 1 },
	       { "a", NULL, 7, W, 33, 34, 7, 1 },
	       { "123", NULL, 8, W, 35, 38, 8, 1 });
}

static void test_analyzer__slash_and_punctuation_separate(void)
{
	EXPECT("TFLOPS/GPU https://yomu.fyi/posts?id=3 foo@bar.com",
	       { "tflops", "tflop", 0, W, 0, 6, 0, 1 },
	       { "gpu", NULL, 1, W, 7, 10, 1, 1 },
	       { "https", NULL, 2, W, 11, 16, 2, 1 },
	       { "yomu.fyi", NULL, 3, J, 19, 27, 3, 2 },
	       { "yomu", NULL, 3, P, 19, 23, 3, 2 },
	       { "fyi", NULL, 4, P, 24, 27, 3, 2 },
	       { "posts", "post", 5, W, 28, 33, 4, 1 },
	       { "id", NULL, 6, W, 34, 36, 5, 1 },
	       { "3", NULL, 7, W, 37, 38, 6, 1 },
	       { "foo", NULL, 8, W, 39, 42, 7, 1 },
	       { "bar.com", NULL, 9, J, 43, 50, 8, 2 },
	       { "bar", NULL, 9, P, 43, 46, 8, 2 },
	       { "com", NULL, 10, P, 47, 50, 8, 2 });
}

/* --- rule 4: trailing + and # --- */

static void test_analyzer__plus_and_hash_suffix(void)
{
	EXPECT("C++ C# F# a+b C++++ C++. g++-12 C## 18+",
	       { "c++", NULL, 0, W, 0, 3, 0, 1 },
	       { "c#", NULL, 1, W, 4, 6, 1, 1 },
	       { "f#", NULL, 2, W, 7, 9, 2, 1 },
	       { "a", NULL, 3, W, 10, 11, 3, 1 },
	       { "b", NULL, 4, W, 12, 13, 4, 1 },
	       { "c", NULL, 5, W, 14, 15, 5, 1 },
	       { "c++", NULL, 6, W, 20, 23, 6, 1 },
	       { "g++", NULL, 7, W, 25, 28, 7, 1 },
	       { "12", NULL, 8, W, 29, 31, 8, 1 },
	       { "c#", NULL, 9, W, 32, 34, 9, 1 },
	       { "18+", NULL, 10, W, 36, 39, 10, 1 });
}

/* A version after "++" was a word of its own beside a bare "c": C++ did
 * not find C++20. The name keeps its "++" as the compound's first part. */
static void test_analyzer__a_version_after_plus_plus_is_the_next_part(void)
{
	EXPECT("C++20 libstdc++6 n+1 i+++2 C++ 17",
	       { "c++20", NULL, 0, J, 0, 5, 0, 2 },
	       { "c++", NULL, 0, P, 0, 3, 0, 2 },
	       { "20", NULL, 1, P, 3, 5, 0, 2 },
	       { "libstdc++6", NULL, 2, J, 6, 16, 1, 2 },
	       { "libstdc++", NULL, 2, P, 6, 15, 1, 2 },
	       { "6", NULL, 3, P, 15, 16, 1, 2 },
	       { "n", NULL, 4, W, 17, 18, 2, 1 },
	       { "1", NULL, 5, W, 19, 20, 3, 1 },
	       { "i", NULL, 6, W, 21, 22, 4, 1 },
	       { "2", NULL, 7, W, 25, 26, 5, 1 },
	       { "c++", NULL, 8, W, 27, 30, 6, 1 },
	       { "17", NULL, 9, W, 31, 33, 7, 1 });
}

static void test_analyzer__suffix_on_compound(void)
{
	EXPECT("Objective-C++",
	       { "objectivec++", NULL, 0, J, 0, 13, 0, 2 },
	       { "objective", "object", 0, P, 0, 9, 0, 2 },
	       { "c++", NULL, 1, P, 10, 13, 0, 2 });
}

/* GTK+ and Notepad++ were the terms gtk+ and notepad++ alone, so gtk and
 * notepad found none of the posts that name them (Lucene and FTS5 drop
 * the + and find them). A name of 3 letters or more keeps its suffix in
 * the JOINED term and is the part, as .NET is .net and net; shorter
 * ones (C++, F#, IO+) are still one word, the name the symbols make. */
static void test_analyzer__suffix_after_a_name_is_apart(void)
{
	EXPECT("GTK+ Notepad++ C++ F# Dev# Objective-C++ foo-bar+ IO+ 100+ "
	       "Caf\xc3\xa9+",
	       { "gtk+", NULL, 0, J, 0, 4, 0, 1 },
	       { "gtk", NULL, 0, P, 0, 3, 0, 1 },
	       { "notepad++", NULL, 1, J, 5, 14, 1, 1 },
	       { "notepad", NULL, 1, P, 5, 12, 1, 1 },
	       { "c++", NULL, 2, W, 15, 18, 2, 1 },
	       { "f#", NULL, 3, W, 19, 21, 3, 1 },
	       { "dev#", NULL, 4, J, 22, 26, 4, 1 },
	       { "dev", NULL, 4, P, 22, 25, 4, 1 },
	       { "objectivec++", NULL, 5, J, 27, 40, 5, 2 },
	       { "objective", "object", 5, P, 27, 36, 5, 2 },
	       { "c++", NULL, 6, P, 37, 40, 5, 2 },
	       { "foobar+", NULL, 7, J, 41, 49, 6, 2 },
	       { "foo", NULL, 7, P, 41, 44, 6, 2 },
	       { "bar", NULL, 8, P, 45, 48, 6, 2 },
	       { "io+", NULL, 9, W, 50, 53, 7, 1 },
	       { "100+", NULL, 10, W, 54, 58, 8, 1 },
	       { "cafe+", NULL, 11, J, 59, 65, 9, 1 },
	       { "cafe", NULL, 11, P, 59, 64, 9, 1 });
}

static void test_analyzer__fullwidth_suffix(void)
{
	/* Ｃ＋＋ Ｃ＃ Ｇｔｋ＋ Ｃ＋＋＋＋ as an IME types them (U+FF0B and
	 * U+FF03, which NFKC makes + and #): the names their ASCII
	 * spellings are; four are still too many */
	EXPECT("\xef\xbc\xa3\xef\xbc\x8b\xef\xbc\x8b \xef\xbc\xa3\xef\xbc\x83 "
	       "\xef\xbc\xa7\xef\xbd\x94\xef\xbd\x8b\xef\xbc\x8b "
	       "\xef\xbc\xa3\xef\xbc\x8b\xef\xbc\x8b\xef\xbc\x8b\xef\xbc\x8b",
	       { "c++", NULL, 0, W, 0, 9, 0, 1 },
	       { "c#", NULL, 1, W, 10, 16, 1, 1 },
	       { "gtk+", NULL, 2, J, 17, 29, 2, 1 },
	       { "gtk", NULL, 2, P, 17, 26, 2, 1 },
	       { "c", NULL, 3, W, 30, 33, 3, 1 });
}

/* --- rule 5: leading dot --- */

static void test_analyzer__leading_dot(void)
{
	EXPECT(".NET ASP.NET (.gitignore) ..NET .5",
	       { ".net", NULL, 0, J, 0, 4, 0, 1 },
	       { "net", NULL, 0, P, 1, 4, 0, 1 },
	       { "asp.net", NULL, 1, J, 5, 12, 1, 2 },
	       { "asp", NULL, 1, P, 5, 8, 1, 2 },
	       { "net", NULL, 2, P, 9, 12, 1, 2 },
	       { ".gitignore", NULL, 3, J, 14, 24, 2, 1 },
	       { "gitignore", "gitignor", 3, P, 15, 24, 2, 1 },
	       { ".net", NULL, 4, J, 27, 31, 3, 1 },
	       { "net", NULL, 4, P, 28, 31, 3, 1 },
	       { "5", NULL, 5, W, 33, 34, 4, 1 });
	/* after a + or # suffix, a non-word character, or a CJK character,
	 * which bounds words as a space does, the dot leads; after a
	 * possessive, word characters, it does not (NetCore, a camelCase
	 * word, takes the general path) */
	EXPECT("C++.NET \xe6\x97\xa5.NetCore Meta's.NetCore",
	       { "c++", NULL, 0, W, 0, 3, 0, 1 },
	       { ".net", NULL, 1, J, 3, 7, 1, 1 },
	       { "net", NULL, 1, P, 4, 7, 1, 1 },
	       { "\xe6\x97\xa5", NULL, 2, W, 8, 11, 2, 1 },
	       { ".netcore", NULL, 3, J, 11, 19, 3, 2 },
	       { "net", NULL, 3, P, 12, 15, 3, 2 },
	       { "core", NULL, 4, P, 15, 19, 3, 2 },
	       { "meta", NULL, 5, W, 20, 24, 4, 1 },
	       { "netcore", "netcor", 6, J, 27, 34, 5, 2 },
	       { "net", NULL, 6, P, 27, 30, 5, 2 },
	       { "core", NULL, 7, P, 30, 34, 5, 2 });
}

static void test_analyzer__symbols_against_cjk(void)
{
	/* これはC++の C#で 使用.NET开发: Chinese and Japanese write no
	 * space around a name, so a CJK character bounds it as a space
	 * does */
	EXPECT("\xe3\x81\xaf"
	       "C++\xe3\x81\xae C#\xe3\x81\xa7 "
	       "\xe4\xbd\xbf\xe7\x94\xa8.NET\xe5\xbc\x80",
	       { "\xe3\x81\xaf", NULL, 0, W, 0, 3, 0, 1 },
	       { "c++", NULL, 1, W, 3, 6, 1, 1 },
	       { "\xe3\x81\xae", NULL, 2, W, 6, 9, 2, 1 },
	       { "c#", NULL, 3, W, 10, 12, 3, 1 },
	       { "\xe3\x81\xa7", NULL, 4, W, 12, 15, 4, 1 },
	       { "\xe4\xbd\xbf\xe7\x94\xa8", NULL, 5, W, 16, 22, 5, 1 },
	       { ".net", NULL, 6, J, 22, 26, 6, 1 },
	       { "net", NULL, 6, P, 23, 26, 6, 1 },
	       { "\xe5\xbc\x80", NULL, 7, W, 26, 29, 7, 1 });
	/* a version after ++ too: C++20の */
	EXPECT("C++20\xe3\x81\xae", { "c++20", NULL, 0, J, 0, 5, 0, 2 },
	       { "c++", NULL, 0, P, 0, 3, 0, 2 },
	       { "20", NULL, 1, P, 3, 5, 0, 2 },
	       { "\xe3\x81\xae", NULL, 2, W, 5, 8, 1, 1 });
}

/* --- rule 6: camelCase --- */

static void test_analyzer__camel_case(void)
{
	EXPECT("getElementById GitHub XMLHttpRequest",
	       { "getelementbyid", NULL, 0, J, 0, 14, 0, 4 },
	       { "get", NULL, 0, P, 0, 3, 0, 4 },
	       { "element", NULL, 1, P, 3, 10, 0, 4 },
	       { "by", NULL, 2, P, 10, 12, 0, 4 },
	       { "id", NULL, 3, P, 12, 14, 0, 4 },
	       { "github", NULL, 4, J, 15, 21, 1, 2 },
	       { "git", NULL, 4, P, 15, 18, 1, 2 },
	       { "hub", NULL, 5, P, 18, 21, 1, 2 },
	       { "xmlhttprequest", NULL, 6, J, 22, 36, 2, 3 },
	       { "xml", NULL, 6, P, 22, 25, 2, 3 },
	       { "http", NULL, 7, P, 25, 29, 2, 3 },
	       { "request", NULL, 8, P, 29, 36, 2, 3 });
}

static void test_analyzer__caps_and_digits_never_split(void)
{
	EXPECT("MXFP8 GB200 H100 3D NVIDIA Python",
	       { "mxfp8", NULL, 0, W, 0, 5, 0, 1 },
	       { "gb200", NULL, 1, W, 6, 11, 1, 1 },
	       { "h100", NULL, 2, W, 12, 16, 2, 1 },
	       { "3d", NULL, 3, W, 17, 19, 3, 1 },
	       { "nvidia", NULL, 4, W, 20, 26, 4, 1 },
	       { "python", NULL, 5, W, 27, 33, 5, 1 });
}

static void test_analyzer__caps_plural_not_split(void)
{
	/* a final lowercase 's' after capitals is a plural, not a hump,
	 * and the capitals are its stem: Snowball keeps gpus and llms */
	EXPECT("GPUs APIs GHz LLMs-based",
	       { "gpus", "gpu", 0, W, 0, 4, 0, 1 },
	       { "apis", "api", 1, W, 5, 9, 1, 1 },
	       { "ghz", NULL, 2, J, 10, 13, 2, 2 },
	       { "g", NULL, 2, P, 10, 11, 2, 2 },
	       { "hz", NULL, 3, P, 11, 13, 2, 2 },
	       { "llmsbased", "llmsbase", 4, J, 14, 24, 3, 2 },
	       { "llms", "llm", 4, P, 14, 18, 3, 2 },
	       { "based", "base", 5, P, 19, 24, 3, 2 });
}

static void test_analyzer__only_capitals_make_an_acronym_plural(void)
{
	/* lower case or a capital s is no acronym's plural: Snowball's */
	EXPECT("gpus GPUS Gpus",
	       { "gpus", NULL, 0, W, 0, 4, 0, 1 },
	       { "gpus", NULL, 1, W, 5, 9, 1, 1 },
	       { "gpus", NULL, 2, W, 10, 14, 2, 1 });
	/* nor is one capital (an acronym has two or more): As in a
	 * compound too long for the fast path, whose parts are checked */
	EXPECT("As-Yet-Unnamed-Thing",
	       { "asyetunnamedthing", "asyetunnamedth", 0, J, 0, 20, 0, 4 },
	       { "as", NULL, 0, P, 0, 2, 0, 4 },
	       { "yet", NULL, 1, P, 3, 6, 0, 4 },
	       { "unnamed", "unnam", 2, P, 7, 14, 0, 4 },
	       { "thing", NULL, 3, P, 15, 20, 0, 4 });
}

static void test_analyzer__camel_case_unicode(void)
{
	EXPECT("\xc3\x89" "coleNormale",
	       { "ecolenormale", "ecolenormal", 0, J, 0, 13, 0, 2 },
	       { "ecole", "ecol", 0, P, 0, 6, 0, 2 },
	       { "normale", "normal", 1, P, 6, 13, 0, 2 });
}

static void test_analyzer__camel_inside_compound(void)
{
	EXPECT("my_fooBar",
	       { "my_foobar", NULL, 0, J, 0, 9, 0, 3 },
	       { "my", NULL, 0, P, 0, 2, 0, 3 },
	       { "foo", NULL, 1, P, 3, 6, 0, 3 },
	       { "bar", NULL, 2, P, 6, 9, 0, 3 });
}

/* --- rule 8: term length --- */

static void test_analyzer__long_term_cut(void)
{
	char text[101];

	memset(text, 'a', 100);
	text[100] = '\0';
	EXPECT_LANG_N("none", text, 100,
	              { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	                NULL, 0, W, 0, 100, 0, 1 });
}

/* A cut word is stemmed by the bytes it keeps, as a query typing them
 * is: a digit past the cut used to leave it unstemmed, so that its post
 * lacked the stem a query for the kept bytes asks for. */
static void test_analyzer__long_term_cut_is_stemmed_by_what_it_keeps(void)
{
	char text[66];

	memset(text, 'a', 55);
	memcpy(text + 55, "bcrunning2", 11);
	EXPECT_LANG_N(
	    NULL, text, 65,
	    { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcrunnin"
	      "g",
	      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcrun", 0,
	      W, 0, 65, 0, 1 });
}

static void test_analyzer__long_term_cut_at_utf8_boundary(void)
{
	/* "a" + 40 x U+0436 (2 bytes): 65 bytes would split a character, so
	 * the term is 63 bytes */
	char text[82], want[64];
	int i;

	text[0] = 'a';
	for (i = 0; i < 40; i++) {
		text[1 + 2 * i] = '\xd0';
		text[2 + 2 * i] = '\xb6';
	}
	text[81] = '\0';
	memcpy(want, text, 63);
	want[63] = '\0';
	{
		const fo_exp e[] = { { want, NULL, 0, W, 0, 81, 0, 1 } };

		assert_int(0, check_tokens("none", text, 81, e, 1, __LINE__));
	}
}

static void test_analyzer__joined_term_cut(void)
{
	/* 3 parts of 30 bytes: the joined term is cut to 64 bytes */
	static const char text[] =
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb_"
		"cccccccccccccccccccccccccccccc";

	EXPECT_LANG_N("none", text, sizeof(text) - 1,
	              { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb_cc",
	                NULL, 0, J, 0, 92, 0, 3 },
	              { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", NULL, 0, P, 0, 30, 0, 3 },
	              { "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", NULL, 1, P, 31, 61, 0, 3 },
	              { "cccccccccccccccccccccccccccccc", NULL, 2, P, 62, 92, 0, 3 });
	/* at a character's start: α (2 bytes) would end at byte 65 */
	EXPECT_LANG_N(
	    "none",
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_"
	    "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb_\xce\xb1\xce\xb2",
	    67,
	    { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb_",
	      NULL, 0, J, 0, 67, 0, 3 },
	    { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", NULL, 0, P, 0, 30, 0, 3 },
	    { "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", NULL, 1, P, 31, 62, 0, 3 },
	    { "\xce\xb1\xce\xb2", NULL, 2, P, 63, 67, 0, 3 });
}

static int count_tokens(const fo_token *t, void *ctx)
{
	size_t *n = ctx;

	if (t->len > FO_MAX_TERM_BYTES)
		return 1;
	(*n)++;
	return 0;
}

/* find_cut(an, text) -> "start..end" of the first cut word, or "none" */
static const char *find_cut(fo_analyzer *an, const char *text)
{
	static char out[64];
	size_t start = 0, end = 0;
	int found = fo_analyzer_find_cut(an, text, strlen(text), &start, &end);

	if (found == 1)
		snprintf(out, sizeof out, "%zu..%zu", start, end);
	else
		snprintf(out, sizeof out, found ? "error" : "none");
	return out;
}

static void test_analyzer__finds_words_cut_at_the_term_limit(void)
{
	char text[512];
	char word[101];
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new(NULL, &an));
	memset(word, 'q', 100);
	word[100] = '\0';
	/* a 100-byte word after 6 bytes of text: cut, reported with its span */
	snprintf(text, sizeof text, "short %s tail", word);
	assert_str("6..106", find_cut(an, text));
	/* exactly 64 bytes: nothing lost */
	snprintf(text, sizeof text, "a %.64s b", word);
	assert_str("none", find_cut(an, text));
	/* a long URL: its joined form is cut, but every part is searchable */
	assert_str("none", find_cut(an, "see https://engineering.example.com/2024/"
	                                "09/14/scaling-llama-training-with-"
	                                "fully-sharded-data-parallel today"));
	/* 35 x "é": 70 raw bytes, but a 35-byte term once folded */
	assert_str("none", find_cut(an, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	                                "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	                                "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	                                "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	                                "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	                                "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	                                "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"));
	/* one over-long part of a hyphenated compound: that part's span */
	snprintf(text, sizeof text, "x free-%.80s", word);
	assert_str("7..87", find_cut(an, text));
	assert_str("none", find_cut(an, ""));
	fo_analyzer_free(an);
}

/* The scan finds long runs eight bytes at a time: against a byte-by-byte
 * search for the first run of more than 64 letters, on random text of
 * letters and separators with runs around that length. */
static void test_analyzer__find_cut_agrees_with_a_plain_scan(void)
{
	static const char seps[] = " \t\n\x01";
	char text[600], want[64];
	size_t len, i, run;
	unsigned seed = 12345, round;
	fo_analyzer *an = NULL;

	assert_ok(fo_analyzer_new(NULL, &an));
	for (round = 0; round < 3000; round++) {
		len = 0;
		while (len < sizeof text - 100) {
			seed = seed * 1103515245u + 12345u;
			run = (seed >> 8) % 80;
			memset(text + len, 'a' + round % 26, run);
			len += run;
			seed = seed * 1103515245u + 12345u;
			text[len++] = seps[(seed >> 8) % 4];
		}
		text[len - 1 - round % 2] = 'z'; /* sometimes end in a word */
		text[len] = '\0';
		snprintf(want, sizeof want, "none");
		for (i = 0, run = 0; i <= len; i++) {
			if (i < len && (unsigned char)text[i] > ' ')
				continue;
			if (i - run > FO_MAX_TERM_BYTES) {
				snprintf(want, sizeof want, "%zu..%zu", run, i);
				break;
			}
			run = i + 1;
		}
		assert_str(want, find_cut(an, text));
	}
	fo_analyzer_free(an);
}

static void test_analyzer__giant_word_is_linear(void)
{
	size_t len = 4u << 20, n = 0;
	char *text = malloc(len);
	fo_analyzer *an = NULL;
	clock_t t0;
	double secs;

	assert_true(text != NULL);
	memset(text, 'x', len);
	/* one non-ASCII character near the end forces the Unicode path */
	memcpy(text + len - 10, "\xc3\xa9", 2);
	assert_ok(fo_analyzer_new(NULL, &an));
	t0 = clock();
	assert_ok(fo_analyze(an, text, len, count_tokens, &n));
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	fo_analyzer_free(an);
	free(text);
	assert_int(1, n);
	/* quadratic work on 4 MB would take minutes */
	assert_true(secs < 1.0);
}

/* --- rule 9: stemming --- */

static void test_analyzer__stemming(void)
{
	EXPECT("threaded locking lock parallelism Locks",
	       { "threaded", "thread", 0, W, 0, 8, 0, 1 },
	       { "locking", "lock", 1, W, 9, 16, 1, 1 },
	       { "lock", NULL, 2, W, 17, 21, 2, 1 },
	       { "parallelism", "parallel", 3, W, 22, 33, 3, 1 },
	       { "locks", "lock", 4, W, 34, 39, 4, 1 });
}

static void test_analyzer__no_stem_for_digits_and_symbols(void)
{
	EXPECT("threads2 threads_x threads++",
	       { "threads2", NULL, 0, W, 0, 8, 0, 1 },
	       { "threads_x", NULL, 1, J, 9, 18, 1, 2 },
	       { "threads", "thread", 1, P, 9, 16, 1, 2 },
	       { "x", NULL, 2, P, 17, 18, 1, 2 },
	       { "threads++", NULL, 3, J, 19, 28, 2, 1 },
	       { "threads", "thread", 3, P, 19, 26, 2, 1 });
	/* a digit past a part's first 8 bytes, in a compound of the 16-byte
	 * fast path (which tests each half of a part for one) */
	EXPECT("playstation5s-x", { "playstation5sx", NULL, 0, J, 0, 15, 0, 2 },
	       { "playstation5s", NULL, 0, P, 0, 13, 0, 2 },
	       { "x", NULL, 1, P, 14, 15, 0, 2 });
}

static void test_analyzer__stem_cache_is_consistent(void)
{
	/* the second occurrence comes from the cache */
	EXPECT("running running",
	       { "running", "run", 0, W, 0, 7, 0, 1 },
	       { "running", "run", 1, W, 8, 15, 1, 1 });
}

/* Word i of a vocabulary of distinct words: w, i in hexadecimal with
 * its digits written as the letters g to p (a digit would keep the word
 * from being stemmed), then suffix; its length. */
static size_t distinct_word(char *word, size_t size, size_t i,
                            const char *suffix)
{
	size_t k, n = (size_t)snprintf(word, size, "w%zx%s", i, suffix);

	for (k = 0; k < n; k++)
		if (word[k] >= '0' && word[k] <= '9')
			word[k] = (char)('g' + (word[k] - '0'));
	return n;
}

static void test_analyzer__stem_cache_survives_clearing(void)
{
	fo_stemmer *st = NULL;
	const char *stem;
	size_t i, n;
	char word[32];

	assert_ok(fo_stemmer_new("english", &st));
	for (i = 0; i < FO_STEM_CACHE_MAX + 1000; i++) {
		n = distinct_word(word, sizeof(word), i, "ing");
		if (fo_stemmer_stem(st, word, n, &stem, &n) != FOLIO_OK)
			break;
	}
	assert_ok(fo_stemmer_stem(st, "connections", 11, &stem, &n));
	assert_str("connect", stem);
	assert_int(7, n);
	assert_ok(fo_stemmer_stem(st, "connections", 11, &stem, &n));
	assert_str("connect", stem);
	assert_ok(fo_stemmer_stem(st, "connect", 7, &stem, &n));
	assert_true(stem == NULL);
	fo_stemmer_free(st);
}

/*
 * Two words with one cache hash land in the same sets of the main table
 * (too long for the front one, which is keyed by the word itself): each
 * keeps its own stem, whichever came first, as an entry holds its term
 * and a hit compares it. The pair was found by a search over
 * "cachecollision", four letters and "s": a hit on hash and length alone
 * was otherwise seen only by test_stem, through the pairs that its
 * vocabularies of 30 languages hold by chance.
 */
static void test_analyzer__words_of_one_hash_keep_their_own_stems(void)
{
	const char *a = "cachecollisionavahs", *b = "cachecollisionqhjzs";
	fo_stemmer *st = NULL;
	const char *stem;
	size_t n;
	int round;

	/* without the collision the test would test nothing */
	assert_true(fo_stem_hash(a, 19) == fo_stem_hash(b, 19));
	assert_ok(fo_stemmer_new("english", &st));
	for (round = 0; round < 2; round++) {
		assert_ok(fo_stemmer_stem(st, a, 19, &stem, &n));
		assert_str("cachecollisionavah", stem);
		assert_ok(fo_stemmer_stem(st, b, 19, &stem, &n));
		assert_str("cachecollisionqhjz", stem);
	}
	fo_stemmer_free(st);
	/* the analyzer's words hash as fo_stem_hash does */
	EXPECT(
	    "cachecollisionavahs cachecollisionqhjzs cachecollisionavahs",
	    { "cachecollisionavahs", "cachecollisionavah", 0, W, 0, 19, 0, 1 },
	    { "cachecollisionqhjzs", "cachecollisionqhjz", 1, W, 20, 39, 1, 1 },
	    { "cachecollisionavahs", "cachecollisionavah", 2, W, 40, 59, 2,
	      1 });
}

/*
 * The front table's inline hit (fo_stemmer_stem_in, the analyzer's path
 * for short words) compares the whole key, both of its words: two words
 * of one front set whose first 8 bytes agree (connections and another
 * connecti... word) keep their own stems.
 */
static void test_analyzer__words_of_one_front_set_and_one_start_differ(void)
{
	struct sb_stemmer *sb = sb_stemmer_new("english", "UTF_8");
	fo_stemmer *st = NULL;
	const fo_stem_front *set;
	const char *stem;
	char word[40];
	uint64_t k0, k1, w0, w1;
	size_t i, n, len = 0;

	assert_true(sb != NULL);
	assert_ok(fo_stemmer_new("english", &st));
	fo_stem_key("connections\0\0\0\0\0", 11, &k0, &k1);
	set = fo_stem_front_of(st, k0, k1);
	for (i = 1; i < 100000; i++) {
		memset(word, 0, sizeof(word));
		memcpy(word, "connecti", 8);
		len = 8 + distinct_word(word + 8, sizeof(word) - 8, i, "s");
		fo_stem_key(word, len, &w0, &w1);
		if (len <= FO_STEM_KEY_MAX &&
		    fo_stem_front_of(st, w0, w1) == set)
			break;
	}
	assert_true(i < 100000);
	assert_ok(
	    fo_stemmer_stem_key(st, "connections", 11, k0, k1, &stem, &n));
	assert_str("connect", stem);
	assert_ok(fo_stemmer_stem_key(st, word, len, w0, w1, &stem, &n));
	assert_str((const char *)sb_stemmer_stem(sb, (const sb_symbol *)word,
	                                         (int)len),
	           stem ? stem : word);
	sb_stemmer_delete(sb);
	fo_stemmer_free(st);
}

/*
 * Each word has two candidate sets in the main table: a fifth word whose
 * first set holds four already is stored in its second set and found
 * there, so that each of the five goes to libstemmer once however often
 * it is looked up. (Words longer than FO_STEM_KEY_MAX, which the front
 * table does not hold; a lookup that tried the first set alone would
 * stem the fifth word again every time, and answer right.)
 */
static void test_analyzer__a_word_in_its_second_set_is_found_there(void)
{
	fo_stemmer *st = NULL;
	char words[5][40];
	const char *stem;
	uint32_t set, first = 0;
	size_t i, k = 0, n, len[5];
	int round;

	assert_ok(fo_stemmer_new("english", &st));
	for (i = 0; k < 5 && i < 100000; i++) {
		n = distinct_word(words[k], sizeof(words[k]), i,
		                  "sprocketwheels");
		set = (fo_stem_hash(words[k], n) >> st->main_shift) /
		      FO_STEM_MAIN_WAYS;
		if (k == 0)
			first = set;
		if (set == first)
			len[k++] = n;
	}
	assert_int(5, k);
	for (round = 0; round < 3; round++)
		for (k = 0; k < 5; k++)
			assert_ok(
			    fo_stemmer_stem(st, words[k], len[k], &stem, &n));
	assert_int(5, st->stemmed);
	fo_stemmer_free(st);
}

/*
 * A front entry holds a stem of at most 14 bytes and its NUL: the stem
 * of a 15-byte word that keeps all 15 (cachecollisiony: cachecollisioni)
 * is left to the main table. Stored there anyway, its NUL would fall on
 * the next entry's key, and once another word of its set stood there the
 * stem handed back from the front would run on into that key.
 */
static void test_analyzer__a_stem_too_long_for_the_front_table_ends(void)
{
	const char *w15 = "cachecollisiony";
	fo_stemmer *st = NULL;
	const fo_stem_front *set;
	const char *stem;
	uint64_t k0, k1;
	size_t i, n;
	char word[32];

	assert_ok(fo_stemmer_new("english", &st));
	assert_ok(fo_stemmer_stem(st, w15, 15, &stem, &n));
	assert_str("cachecollisioni", stem);
	/* a word of the same front set moves it to the second way */
	fo_stem_key("cachecollisiony\0", 15, &k0, &k1);
	set = fo_stem_front_of(st, k0, k1);
	for (i = 1; i < 10000; i++) {
		n = distinct_word(word, sizeof(word), i, "");
		memset(word + n, 0, sizeof(word) - n);
		fo_stem_key(word, n, &k0, &k1);
		if (fo_stem_front_of(st, k0, k1) == set)
			break;
	}
	assert_true(i < 10000);
	assert_ok(fo_stemmer_stem(st, word, n, &stem, &n));
	/* and this lookup back to the first, before that word's key */
	assert_ok(fo_stemmer_stem(st, w15, 15, &stem, &n));
	assert_str("cachecollisioni", stem);
	assert_int(15, n);
	fo_stemmer_free(st);
}

/*
 * A stemmer starts with small tables, as a search stems a few hundred
 * words and each page of the full ones it reaches is a page fault, and
 * moves to the full tables after FO_STEM_GROW_AT words. A front set
 * found before the move (the analyzer prefetches the next word's) still
 * answers right after it.
 */
static void test_analyzer__stem_cache_grows_after_its_first_words(void)
{
	fo_stemmer *st = NULL;
	const fo_stem_front *old;
	const char *stem;
	uint64_t k0, k1;
	size_t i, n;
	char word[32];

	assert_ok(fo_stemmer_new("english", &st));
	assert_int(64 - FO_STEM_SMALL_BITS, st->front_shift);
	assert_ok(fo_stemmer_stem(st, "connections", 11, &stem, &n));
	fo_stem_key("connections\0\0\0\0\0", 11, &k0, &k1);
	old = fo_stem_front_of(st, k0, k1);
	for (i = 1; i < FO_STEM_GROW_AT - 1; i++) {
		n = distinct_word(word, sizeof(word), i, "");
		assert_ok(fo_stemmer_stem(st, word, n, &stem, &n));
	}
	assert_int(64 - FO_STEM_SMALL_BITS, st->front_shift);
	assert_ok(fo_stemmer_stem(st, "runnings", 8, &stem, &n));
	assert_int(64 - FO_STEM_FRONT_BITS, st->front_shift);
	assert_int(32 - FO_STEM_MAIN_BITS, st->main_shift);
	assert_ok(
	    fo_stemmer_stem_in(st, old, "connections", 11, k0, k1, &stem, &n));
	assert_str("connect", stem);
	assert_true(old != fo_stem_front_of(st, k0, k1));
	assert_ok(fo_stemmer_stem(st, "connections", 11, &stem, &n));
	assert_str("connect", stem);
	assert_ok(fo_stemmer_stem(st, "runnings", 8, &stem, &n));
	assert_str("run", stem);
	/* the count stops at the move: it cannot wrap and move again */
	assert_ok(fo_stemmer_stem(st, "walkings", 8, &stem, &n));
	assert_int(FO_STEM_GROW_AT, st->stemmed);
	fo_stemmer_free(st);
}

/*
 * A new stemmer's tables fit in three pages (4 KB each). calloc clears
 * tables that small byte by byte (they come from the heap, below
 * malloc's mmap threshold), so each of their pages is a page fault of
 * every search, which stems a few words: at 96 KB they were 13 to 31
 * faults of a `folio search` process's 340 to 400.
 */
static void test_analyzer__stem_cache_starts_in_three_pages(void)
{
	fo_stemmer *st = NULL;
	size_t front, main;

	assert_ok(fo_stemmer_new("english", &st));
	front = sizeof(fo_stem_front) << (64 - st->front_shift);
	main = (size_t)64 << (32 - st->main_shift); /* 64-byte entries */
	assert_true(front + main <= 3 * 4096);
	fo_stemmer_free(st);
}

/*
 * The stem cache against libstemmer itself: more distinct words than the
 * cache holds, in two passes with a few frequent words between them, so
 * that lookups take the front table's fast path and its second way, both
 * candidate sets of the main table, and words evicted from all of them.
 * Every token's stem must be what libstemmer says for its term.
 */
typedef struct fo_stem_diff {
	struct sb_stemmer *sb;
	size_t n, bad;
	char first_bad[FO_MAX_TERM_BYTES + 1];
} fo_stem_diff;

static int stem_diff_check(const fo_token *t, void *ctx)
{
	fo_stem_diff *d = ctx;
	const sb_symbol *s = sb_stemmer_stem(d->sb, (const sb_symbol *)t->term,
	                                     (int)t->len);
	size_t n = (size_t)sb_stemmer_length(d->sb);
	/* no stem: libstemmer gives the term itself, or nothing */
	int own = n == 0 || (n == t->len && memcmp(s, t->term, n) == 0);

	d->n++;
	if (own ? t->stem != NULL
	        : !t->stem || t->stem_len != n || memcmp(t->stem, s, n) != 0) {
		if (d->bad++ == 0)
			snprintf(d->first_bad, sizeof(d->first_bad), "%s",
			         t->term);
	}
	return 0;
}

/* Word i of the test vocabulary: 2 to 21 lowercase letters from a hash
 * of i, often ending like English inflections so that stems differ. */
static size_t stem_diff_word(uint32_t i, char *w)
{
	static const char *const ends[] = { "", "ing", "ed", "s", "ies",
	                                    "ation", "ly", "ness" };
	uint64_t x = (i + 1) * 0x9e3779b97f4a7c15ull;
	size_t n = 2 + (x >> 60) % 12, k;

	for (k = 0; k < n; k++) {
		w[k] = (char)('a' + (x >> (8 + 2 * k)) % 26);
		x ^= x >> 29;
		x *= 0xff51afd7ed558ccdull;
	}
	strcpy(w + n, ends[(x >> 40) % 8]);
	return strlen(w);
}

static void test_analyzer__stem_cache_matches_libstemmer(void)
{
	const uint32_t words = FO_STEM_CACHE_MAX + FO_STEM_CACHE_MAX / 4;
	fo_analyzer *an = NULL;
	fo_stem_diff d;
	char *text;
	size_t len = 0;
	uint32_t pass, i, k;

	memset(&d, 0, sizeof(d));
	d.sb = sb_stemmer_new("english", "UTF_8");
	assert_true(d.sb != NULL);
	assert_ok(fo_analyzer_new("english", &an));
	/* each word at most 24 bytes and a space, twice, with a hot word
	 * after every one */
	text = malloc((size_t)words * 2 * 2 * 26);
	assert_true(text != NULL);
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < words; i++) {
			/* the second pass in another order (7919 is prime) */
			k = pass ? (uint32_t)(((uint64_t)i * 7919) % words) : i;
			len += stem_diff_word(k, text + len);
			text[len++] = ' ';
			len += stem_diff_word(i % 64, text + len);
			text[len++] = ' ';
		}
	}
	assert_ok(fo_analyze(an, text, len, stem_diff_check, &d));
	fo_analyzer_free(an);
	sb_stemmer_delete(d.sb);
	free(text);
	assert_int(4 * (long long)words, d.n);
	if (d.bad)
		FO_FAIL_("%zu stems differ from libstemmer's, first of \"%s\"",
		         d.bad, d.first_bad);
}

static void test_analyzer__language_none_and_other(void)
{
	EXPECT_LANG_N("none", "threaded", 8,
	              { "threaded", NULL, 0, W, 0, 8, 0, 1 });
	EXPECT_LANG_N("german", "Häuser", 7,
	              { "hauser", "haus", 0, W, 0, 7, 0, 1 });
}

static void test_analyzer__empty_stem_is_no_stem(void)
{
	/* Snowball's Greek stemmer stems "ανε" to nothing; an empty stem
	 * would make an empty Z term, so the word is its own stem (twice:
	 * uncached, then from the cache) */
	EXPECT_LANG_N("greek", "\xce\xb1\xce\xbd\xce\xb5 \xce\xb1\xce\xbd\xce\xb5", 13,
	              { "\xce\xb1\xce\xbd\xce\xb5", NULL, 0, W, 0, 6, 0, 1 },
	              { "\xce\xb1\xce\xbd\xce\xb5", NULL, 1, W, 7, 13, 1, 1 });
}

static void test_analyzer__new_and_language(void)
{
	fo_analyzer *an = (fo_analyzer *)&an;

	assert_int(FOLIO_ERROR_INVALID, fo_analyzer_new("klingon", &an));
	assert_true(an == NULL);
	assert_ok(fo_analyzer_new(NULL, &an));
	assert_str("english", fo_analyzer_language(an));
	fo_analyzer_free(an);
	assert_ok(fo_analyzer_new("french", &an));
	assert_str("french", fo_analyzer_language(an));
	fo_analyzer_free(an);
	assert_ok(fo_analyzer_new("none", &an));
	assert_str("none", fo_analyzer_language(an));
	fo_analyzer_free(an);
	fo_analyzer_free(NULL);
}

static void test_analyzer__callback_stops_early(void)
{
	static fo_got g;
	fo_analyzer *an = NULL;

	memset(&g, 0, sizeof(g));
	g.stop_after = 2;
	assert_ok(fo_analyzer_new(NULL, &an));
	assert_ok(fo_analyze(an, "free-threaded python", 20, collect, &g));
	fo_analyzer_free(an);
	assert_int(2, g.n);
	assert_str("free", g.term[1]);
}

static void test_analyzer__positions_restart_per_call(void)
{
	static fo_got g;
	fo_analyzer *an = NULL;

	memset(&g, 0, sizeof(g));
	assert_ok(fo_analyzer_new(NULL, &an));
	assert_ok(fo_analyze(an, "one two", 7, collect, &g));
	assert_ok(fo_analyze(an, "three", 5, collect, &g));
	fo_analyzer_free(an);
	assert_int(3, g.n);
	assert_int(0, g.tok[2].pos);
	assert_int(0, g.tok[2].compound);
}

/* Random bytes biased towards the interesting ones: no crash, spans in
 * bounds, terms short and NUL-terminated, positions in order. */
typedef struct fo_fuzz_ctx {
	size_t len;
	uint32_t next_pos;
	int bad;
} fo_fuzz_ctx;

static int fuzz_check(const fo_token *t, void *ctx)
{
	fo_fuzz_ctx *f = ctx;

	if (t->len == 0 || t->len > FO_MAX_TERM_BYTES ||
	    strlen(t->term) != t->len || t->start >= t->end ||
	    t->end > f->len || t->n_parts < 1 ||
	    t->n_parts > 16 || (t->stem && strlen(t->stem) != t->stem_len))
		f->bad = 1;
	if (t->kind == FO_TOK_JOINED ? t->pos != f->next_pos
	                             : t->pos != f->next_pos++)
		f->bad = 1;
	return 0;
}

/*
 * The segmenter's short path classifies 16 bytes at a time (segment.h),
 * so the same word may be decided by it or by the general path depending
 * on where it falls: behind k spaces, for every k across two windows,
 * each text must give the same tokens as behind none (spans shifted).
 * The texts sit at every kind of boundary the short path decides on.
 */
static void test_analyzer__tokens_do_not_depend_on_offset(void)
{
	static const char *const texts[] = {
		"free-threaded lock", "x86_64. next", "v1.2, then", "don't stop",
		"users' data", "the GPUs, and", "C++ and C#", "1,000 rows",
		"a,b", "word. .NET", "end-", "tail_", "it's here", "ClickHouse db",
		"locking-free_ish.x", "naïve-café", "a--b", "a.-b", "x.y.z.w.v",
		"ab'cd'ef", "well-known's", "12,34", "e.g. this", "word",
	};
	fo_analyzer *an = NULL;
	fo_got *g0 = calloc(1, sizeof(*g0)), *g = calloc(1, sizeof(*g));
	char text[128];
	size_t i, k, j, n;

	assert_true(g0 != NULL && g != NULL);
	assert_ok(fo_analyzer_new("english", &an));
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		memset(g0, 0, sizeof(*g0));
		n = strlen(texts[i]);
		assert_ok(fo_analyze(an, texts[i], n, collect, g0));
		assert_true(g0->n > 0 && g0->n < FO_GOT_MAX);
		for (k = 1; k <= 40; k++) {
			memset(text, ' ', k);
			memcpy(text + k, texts[i], n);
			memset(g, 0, sizeof(*g));
			assert_ok(fo_analyze(an, text, k + n, collect, g));
			if (g->n != g0->n)
				FO_FAIL_("\"%s\" behind %zu spaces: %zu tokens, "
				         "%zu behind none", texts[i], k, g->n,
				         g0->n);
			for (j = 0; j < g->n; j++) {
				if (strcmp(g->term[j], g0->term[j]) != 0 ||
				    g->has_stem[j] != g0->has_stem[j] ||
				    (g->has_stem[j] &&
				     strcmp(g->stem[j], g0->stem[j]) != 0) ||
				    g->tok[j].kind != g0->tok[j].kind ||
				    g->tok[j].start != g0->tok[j].start + k ||
				    g->tok[j].end != g0->tok[j].end + k ||
				    g->tok[j].pos != g0->tok[j].pos ||
				    g->tok[j].compound != g0->tok[j].compound ||
				    g->tok[j].n_parts != g0->tok[j].n_parts)
					FO_FAIL_("\"%s\" behind %zu spaces: token "
					         "%zu is \"%s\", behind none \"%s\"",
					         texts[i], k, j, g->term[j],
					         g0->term[j]);
			}
		}
	}
	fo_analyzer_free(an);
	free(g0);
	free(g);
}

static void test_analyzer__fuzz_invariants(void)
{
	static const char *const pieces[] = {
		"a", "Z", "7", "-", "_", ".", "'", ",", "+", "#", " ", "\0",
		"\xff", "\xc3", "\xc3\xa9", "\xcc\x81", "\xe2\x80\x99",
		"\xe2\x80\x90", "\xe4\xb8\xad", "\xef\xac\x81", "s", "B",
	};
	fo_analyzer *an = NULL;
	fo_fuzz_ctx f;
	char text[512];
	uint32_t x = 12345;
	size_t len, k;
	int round;

	assert_ok(fo_analyzer_new(NULL, &an));
	for (round = 0; round < 3000; round++) {
		len = 0;
		while (len < sizeof(text) - 4) {
			x ^= x << 13;
			x ^= x >> 17;
			x ^= x << 5;
			if (x % 97 == 0)
				break;
			k = (x >> 8) % (sizeof(pieces) / sizeof(pieces[0]));
			if (k == 11) {
				text[len++] = '\0';
			} else {
				memcpy(text + len, pieces[k], strlen(pieces[k]));
				len += strlen(pieces[k]);
			}
		}
		f.len = len;
		f.next_pos = 0;
		f.bad = 0;
		assert_ok(fo_analyze(an, text, len, fuzz_check, &f));
		if (f.bad)
			FO_FAIL_("round %d: invariant broken", round);
	}
	fo_analyzer_free(an);
}

/* --- rule 10: fo_normalize_value --- */

static void test_analyzer__normalize_value(void)
{
	char *s;

	s = fo_normalize_value("  Red   Hat ", 12);
	assert_str("red hat", s);
	free(s);
	s = fo_normalize_value("Lum\xc3\xadr\xc2\xa0\t Balhar", 16);
	assert_str("lumir balhar", s);
	free(s);
	s = fo_normalize_value("Stra\xc3\x9f" "e\xe3\x80\x80", 10);
	assert_str("strasse", s);
	free(s);
	s = fo_normalize_value("   ", 3);
	assert_str("", s);
	free(s);
	s = fo_normalize_value("a\0b\xff" "c", 5);
	assert_str("a b c", s);
	free(s);
	/* U+0085 NEXT LINE is a line break, of category Cc, not Z* */
	s = fo_normalize_value("Red\xc2\x85Hat", 8);
	assert_str("red hat", s);
	free(s);
}

/* What analysing a word alone gave: its tokens, and the first's stem. */
typedef struct alone_seen {
	size_t n;
	int same_term;
	char stem[FO_MAX_TERM_BYTES + 1]; /* "" when it has none */
} alone_seen;

static int on_alone_token(const fo_token *t, void *ctx)
{
	alone_seen *a = ctx;

	if (a->n++ == 0) {
		a->same_term = t->kind == FO_TOK_WORD;
		if (t->stem)
			memcpy(a->stem, t->stem, t->stem_len + 1);
	}
	return 0;
}

/* Whether fo_analyzer_stem gives word[0..len) the stem that analysing
 * it alone gives, the word coming back as one token of its own. */
static int stems_as_analysed(fo_analyzer *an, const char *word, size_t len)
{
	alone_seen a;
	const char *stem;
	size_t stem_len;

	memset(&a, 0, sizeof a);
	if (fo_analyze(an, word, len, on_alone_token, &a) != FOLIO_OK ||
	    fo_analyzer_stem(an, word, len, &stem, &stem_len) != FOLIO_OK)
		return 0;
	if (a.n != 1 || !a.same_term || strcmp(a.stem, stem ? stem : "") != 0) {
		fprintf(stderr,
		        "  %.*s: %zu tokens, stem \"%s\" against \"%s\"\n",
		        (int)len, word, a.n, a.stem, stem ? stem : "");
		return 0;
	}
	return 1;
}

/* Snippets stem a summary word of letters a-z by fo_analyzer_stem rather
 * than by analysing it alone (search/hlspans.c stem_alone): the two must
 * agree, on every word of up to three letters and on longer ones. */
static void test_analyzer__a_letter_word_stems_as_its_analysis(void)
{
	static const char *const words[] = {
		"sky",
		"skies",
		"dying",
		"generously",
		"locking",
		"news",
		"running",
		"relational",
		"happiness",
		"abcdefghijklmnop",
		"abcdefghijklmnopq",
		"internationalizations",
		"gpus",
		"ies",
		"sses",
		"yourselves",
		"threaded",
		"freethreaded",
	};
	fo_analyzer *an = NULL;
	char w[FO_MAX_TERM_BYTES + 1];
	size_t i, len;
	int ok = 1;

	assert_true(fo_analyzer_new("english", &an) == FOLIO_OK);
	for (i = 0; ok && i < 26 + 26 * 26 + 26 * 26 * 26; i++) {
		size_t k = i;

		len = k < 26 ? 1 : k < 26 + 676 ? 2 : 3;
		k -= len == 1 ? 0 : len == 2 ? 26 : 26 + 676;
		w[0] = (char)('a' + k % 26);
		w[1] = (char)('a' + k / 26 % 26);
		w[2] = (char)('a' + k / 676 % 26);
		ok = stems_as_analysed(an, w, len);
	}
	for (i = 0; ok && i < sizeof words / sizeof words[0]; i++)
		ok = stems_as_analysed(an, words[i], strlen(words[i]));
	/* the longest term, which is not cut */
	for (len = 0; len < FO_MAX_TERM_BYTES; len++)
		w[len] = "relationships"[len % 13];
	if (ok)
		ok = stems_as_analysed(an, w, len);
	fo_analyzer_free(an);
	assert_true(ok);
}

static const fo_test tests[] = {
	FO_TEST(test_analyzer__a_letter_word_stems_as_its_analysis),
	FO_TEST(test_analyzer__words_and_spans),
	FO_TEST(test_analyzer__empty_and_separators_only),
	FO_TEST(test_analyzer__invalid_utf8_and_nul_separate),
	FO_TEST(test_analyzer__truncated_sequence_at_end),
	FO_TEST(test_analyzer__marks_attach_to_previous),
	FO_TEST(test_analyzer__numbers_are_word_chars),
	FO_TEST(test_analyzer__normalisation),
	FO_TEST(test_analyzer__normalize_token_direct),
	FO_TEST(test_analyzer__cjk_bigrams),
	FO_TEST(test_analyzer__cjk_half_width_katakana_folded),
	FO_TEST(test_analyzer__cjk_voiced_sound_marks_kept),
	FO_TEST(test_analyzer__arabic_tatweel_dropped),
	FO_TEST(test_analyzer__arabic_tatweel_by_revision),
	FO_TEST(test_analyzer__cjk_long_run_overlaps_at_the_cut),
	FO_TEST(test_analyzer__cjk_does_not_join),
	FO_TEST(test_analyzer__hyphen_compound),
	FO_TEST(test_analyzer__hyphen_state_of_the_art),
	FO_TEST(test_analyzer__unicode_hyphens),
	FO_TEST(test_analyzer__underscore_compound),
	FO_TEST(test_analyzer__dot_compound),
	FO_TEST(test_analyzer__mixed_joiners),
	FO_TEST(test_analyzer__joiner_needs_word_chars_both_sides),
	FO_TEST(test_analyzer__compound_at_most_16_parts),
	FO_TEST(test_analyzer__camel_parts_overflow_into_next_compound),
	FO_TEST(test_analyzer__apostrophes),
	FO_TEST(test_analyzer__possessive_ends_compound),
	FO_TEST(test_analyzer__digit_grouping_comma),
	FO_TEST(test_analyzer__slash_and_punctuation_separate),
	FO_TEST(test_analyzer__plus_and_hash_suffix),
	FO_TEST(test_analyzer__a_version_after_plus_plus_is_the_next_part),
	FO_TEST(test_analyzer__suffix_on_compound),
	FO_TEST(test_analyzer__suffix_after_a_name_is_apart),
	FO_TEST(test_analyzer__fullwidth_suffix),
	FO_TEST(test_analyzer__leading_dot),
	FO_TEST(test_analyzer__symbols_against_cjk),
	FO_TEST(test_analyzer__camel_case),
	FO_TEST(test_analyzer__caps_and_digits_never_split),
	FO_TEST(test_analyzer__caps_plural_not_split),
	FO_TEST(test_analyzer__only_capitals_make_an_acronym_plural),
	FO_TEST(test_analyzer__camel_case_unicode),
	FO_TEST(test_analyzer__camel_inside_compound),
	FO_TEST(test_analyzer__long_term_cut),
	FO_TEST(test_analyzer__long_term_cut_is_stemmed_by_what_it_keeps),
	FO_TEST(test_analyzer__long_term_cut_at_utf8_boundary),
	FO_TEST(test_analyzer__joined_term_cut),
	FO_TEST(test_analyzer__finds_words_cut_at_the_term_limit),
	FO_TEST(test_analyzer__find_cut_agrees_with_a_plain_scan),
	FO_TEST(test_analyzer__giant_word_is_linear),
	FO_TEST(test_analyzer__stemming),
	FO_TEST(test_analyzer__no_stem_for_digits_and_symbols),
	FO_TEST(test_analyzer__stem_cache_is_consistent),
	FO_TEST(test_analyzer__stem_cache_survives_clearing),
	FO_TEST(test_analyzer__words_of_one_hash_keep_their_own_stems),
	FO_TEST(test_analyzer__words_of_one_front_set_and_one_start_differ),
	FO_TEST(test_analyzer__a_word_in_its_second_set_is_found_there),
	FO_TEST(test_analyzer__a_stem_too_long_for_the_front_table_ends),
	FO_TEST(test_analyzer__stem_cache_grows_after_its_first_words),
	FO_TEST(test_analyzer__stem_cache_starts_in_three_pages),
	FO_TEST(test_analyzer__stem_cache_matches_libstemmer),
	FO_TEST(test_analyzer__language_none_and_other),
	FO_TEST(test_analyzer__empty_stem_is_no_stem),
	FO_TEST(test_analyzer__new_and_language),
	FO_TEST(test_analyzer__elision_french),
	FO_TEST(test_analyzer__elision_compound_and_stem),
	FO_TEST(test_analyzer__elision_italian_catalan_irish),
	FO_TEST(test_analyzer__elision_not_in_other_languages),
	FO_TEST(test_analyzer__elision_by_revision),
	FO_TEST(test_analyzer__modifier_letter_apostrophe),
	FO_TEST(test_analyzer__modifier_apostrophe_by_revision),
	FO_TEST(test_analyzer__fullwidth_joiners),
	FO_TEST(test_analyzer__fullwidth_joiners_by_revision),
	FO_TEST(test_analyzer__turkish_apostrophe_suffixes),
	FO_TEST(test_analyzer__turkish_suffixes_by_revision),
	FO_TEST(test_analyzer__versioned_names_by_revision),
	FO_TEST(test_analyzer__suffix_apart_by_revision),
	FO_TEST(test_analyzer__apostrophe_humps_by_revision),
	FO_TEST(test_analyzer__cjk_voiced_sound_marks_by_revision),
	FO_TEST(test_analyzer__symbols_against_cjk_by_revision),
	FO_TEST(test_analyzer__callback_stops_early),
	FO_TEST(test_analyzer__positions_restart_per_call),
	FO_TEST(test_analyzer__tokens_do_not_depend_on_offset),
	FO_TEST(test_analyzer__fuzz_invariants),
	FO_TEST(test_analyzer__normalize_value),
};

int main(void)
{
	return FO_RUN(tests);
}
