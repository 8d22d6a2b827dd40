/*
 * test_snippet.c: unit tests of snippet windows (src/search/snippet.c) with
 * "[" "]" markers: stemmed and compound highlighting, windows cut on word
 * boundaries with "…" at cut ends, the start of the text when nothing
 * matches, UTF-8 never cut inside a character, control characters shown as
 * spaces, long summaries searched in 4 KB parts up to 256 KB. Every
 * expected snippet is spelt out byte for byte.
 */
#include "harness.h"

#include "search/snippet.h"

#include <time.h>

#define ELLIPSIS "\xE2\x80\xA6"

/* Whether snippets are escaped for HTML (fo_marks.html). */
static int html;

/* The snippet of text for query in a language, or NULL on failure
 * (caller frees). */
static char *snippet_in(const char *language, const char *query,
                        const char *text, size_t max_bytes,
                        const char *hl_start, const char *hl_end)
{
	fo_analyzer *an = NULL;
	fo_compiled c;
	fo_buf out = FO_BUF_INIT;
	fo_marks marks = { hl_start, hl_end, html };
	char *s = NULL;

	memset(&c, 0, sizeof c);
	if (fo_analyzer_new(language, &an) != FOLIO_OK)
		return NULL;
	if (fo_query_build(an, query, &c) == FOLIO_OK &&
	    fo_snippet(an, NULL, text, &c.hl, max_bytes, &marks, &out) ==
	        FOLIO_OK)
		s = fo_buf_detach(&out);
	fo_buf_free(&out);
	fo_compiled_free(&c);
	fo_analyzer_free(an);
	return s;
}

/* The same in English. */
static char *snippet(const char *query, const char *text, size_t max_bytes,
                     const char *hl_start, const char *hl_end)
{
	return snippet_in("english", query, text, max_bytes, hl_start, hl_end);
}

/* The snippet of text for query in a language, with "[" "]" markers,
 * must be expected. */
#define assert_snippet_in(language, expected, query, text, max_bytes)          \
	do {                                                                   \
		char *got_ =                                                   \
		    snippet_in(language, query, text, max_bytes, "[", "]");    \
		int same_ = got_ && strcmp(got_, expected) == 0;               \
		if (!same_)                                                    \
			fprintf(stderr, "  expected \"%s\", got \"%s\"\n",     \
			        expected, got_ ? got_ : "(null)");             \
		free(got_);                                                    \
		assert_true(same_);                                            \
	} while (0)

#define assert_snippet(expected, query, text, max_bytes)                       \
	assert_snippet_in("english", expected, query, text, max_bytes)

/* A text of 30 numbered words with "locking" as word 21. */
static const char long_text[] =
	"one two three four five six seven eight nine ten eleven twelve "
	"thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty "
	"locking twentyone twentytwo twentythree twentyfour twentyfive "
	"twentysix twentyseven twentyeight twentynine thirty";

/* Whether s is valid UTF-8 (no cut sequence). */
static int utf8_valid(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		int n = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1
		      : (*p & 0xF0) == 0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 : -1;
		int i;

		if (n < 0)
			return 0;
		for (i = 1; i <= n; i++)
			if ((p[i] & 0xC0) != 0x80)
				return 0;
		p += n + 1;
	}
	return 1;
}

static void test_snippet__a_stem_highlights_every_form(void)
{
	assert_snippet("Row [locking] and table [locks] differ.", "lock",
	               "Row locking and table locks differ.", 200);
}

static void test_snippet__an_exact_query_word_highlights_its_stem_family(void)
{
	assert_snippet("[Locked] rows, [lock] waits.", "locking",
	               "Locked rows, lock waits.", 200);
}

static void test_snippet__a_compound_is_marked_whole(void)
{
	assert_snippet("A [free-threaded] build of Python.", "free-threaded",
	               "A free-threaded build of Python.", 200);
}

static void test_snippet__an_identifier_is_marked_whole(void)
{
	assert_snippet("Query [pg_stat_activity] now.", "pg_stat_activity",
	               "Query pg_stat_activity now.", 200);
}

static void test_snippet__two_words_mark_the_parts_of_a_compound(void)
{
	assert_snippet("A [free]-[threaded] build.", "free threaded",
	               "A free-threaded build.", 200);
}

/* Two words also find a post writing them as one word (boosts.c
 * fo_qc_joined_pairs: "free threaded" finds freethreaded), which is
 * marked, as the query matched it; where the post writes them as a
 * compound, its parts are what the words mark. */
static void test_snippet__two_words_mark_them_written_as_one(void)
{
	assert_snippet("A [freethreaded] build, a [free]-[threaded] one.",
	               "free threaded",
	               "A freethreaded build, a free-threaded one.", 200);
	assert_snippet("Runs a [mainloop]-based [mainloop].", "main loop",
	               "Runs a mainloop-based mainloop.", 200);
}

static void test_snippet__a_compound_query_never_marks_a_lone_part(void)
{
	/* The query matches the compound or its parts in sequence, so
	 * "free" and "threaded" alone are not what it matched. */
	assert_snippet("Free software, threaded code, a [free-threaded] build "
	               "and [free threaded] Python.", "free-threaded",
	               "Free software, threaded code, a free-threaded build "
	               "and free threaded Python.", 200);
}

static void test_snippet__a_phrase_is_marked_as_one_span(void)
{
	assert_snippet("A [table lock], a lock on the table.", "\"table lock\"",
	               "A table lock, a lock on the table.", 200);
}

/* The index puts a compound's joined form where its first part is, so
 * a phrase whose last word is the joined form (postgresql) matches the
 * compound (PostgreSQL: postgre, sql) in the index and is marked there.
 * (An earlier word matches by the compound's parts, which the compiler
 * finds among the index's terms: phrase_forms.c.) */
static void
test_snippet__a_phrase_ending_in_a_joined_word_marks_the_compound(void)
{
	assert_snippet("From MySQL [to PostgreSQL] 13, not to MySQL.",
	               "\"to postgresql\"",
	               "From MySQL to PostgreSQL 13, not to MySQL.", 200);
	assert_snippet("An [experimental free-threaded] build.",
	               "\"experimental freethreaded\"",
	               "An experimental free-threaded build.", 200);
	/* the joined form stands at its first part's place, so a part
	 * after it is not next to the word before the compound */
	assert_snippet("to free-threaded", "\"to threaded\"",
	               "to free-threaded", 200);
}

/* As Xapian's NEAR matched them: "threads" far from GIL is no part of
 * the match, nor is a GIL with no "threads" within its window. */
static void test_snippet__a_near_marks_its_words_only_within_its_window(void)
{
	assert_snippet("Threads first. Then the [GIL] lets [threads] run; "
	               "threads, threads, and a GIL alone far off at the end.",
	               "GIL NEAR/2 threads",
	               "Threads first. Then the GIL lets threads run; "
	               "threads, threads, and a GIL alone far off at the end.",
	               200);
	/* each of several words, in any order, all within one window */
	assert_snippet("[b] [c] [a]. c x a b. z z a c", "a NEAR/1 b NEAR/1 c",
	               "b c a. c x a b. z z a c", 200);
	/* the same word free as well is marked everywhere */
	assert_snippet("[threads] then the [GIL] lets [threads] run",
	               "threads GIL NEAR/2 threads",
	               "threads then the GIL lets threads run", 200);
}

/* A compound takes the positions of its parts in Xapian's NEAR (near.c
 * near_of counts them): "GIL x free-threaded" is GIL, x, free, threaded,
 * three apart, which NEAR/1 (a window of 3) does not match, whether the
 * compound is written with a hyphen or a space; nor does "GIL x
 * freethreaded", two apart, a window of 2 for the joined form. */
static void test_snippet__a_near_counts_a_compound_to_its_last_part(void)
{
	assert_snippet("GIL x free-threaded, then [GIL] [free-threaded].",
	               "GIL NEAR/1 free-threaded",
	               "GIL x free-threaded, then GIL free-threaded.", 200);
	assert_snippet("GIL x free threaded, then [GIL] [free threaded].",
	               "GIL NEAR/1 free-threaded",
	               "GIL x free threaded, then GIL free threaded.", 200);
	/* written as one word, it is one position in a narrower window */
	assert_snippet("GIL x freethreaded, and more, then [GIL] "
	               "[freethreaded].",
	               "GIL NEAR/1 free-threaded",
	               "GIL x freethreaded, and more, then GIL freethreaded.",
	               200);
	/* the other way round it was right already */
	assert_snippet("free-threaded x GIL, then [free-threaded] [GIL].",
	               "GIL NEAR/1 free-threaded",
	               "free-threaded x GIL, then free-threaded GIL.", 200);
}

/* A word typed whole that the text writes as a compound (PostgreSQL:
 * postgre, sql) takes one place of the window, as the NEAR's form with
 * the compound's last part counts it (near.c word_tail): the window is
 * no wider for it, so a word one place too far is not marked either. */
static void test_snippet__a_near_counts_a_words_compound_as_one_place(void)
{
	assert_snippet("[PostgreSQL] [performance]. Then postgresql, and "
	               "its performance.",
	               "postgresql NEAR/1 performance",
	               "PostgreSQL performance. Then postgresql, and its "
	               "performance.",
	               200);
	assert_snippet("[CodeReady] [Linux] and CodeReady Builder for Linux",
	               "linux NEAR/1 codeready",
	               "CodeReady Linux and CodeReady Builder for Linux", 200);
}

/* Xapian's NEAR puts each of its words at a position of its own: a word
 * twice in a NEAR needs two occurrences within the window. */
static void test_snippet__a_word_twice_in_a_near_needs_two_places(void)
{
	assert_snippet("threads alone. far far far. [threads], [threads] "
	               "at the end.",
	               "threads NEAR/2 threads",
	               "threads alone. far far far. threads, threads at the "
	               "end.",
	               200);
}

static void test_snippet__excluded_words_are_not_marked(void)
{
	assert_snippet("[lock] the table", "lock -table", "lock the table",
	               200);
}

static void test_snippet__a_prefix_marks_every_completion(void)
{
	assert_snippet("[deduplicate] and [deduplication] but not dup",
	               "dedup*", "deduplicate and deduplication but not dup",
	               200);
}

/* A compound whose first part the prefix completes is marked at that
 * part, as the word typed is: table* marked Table-Locking whole, by its
 * joined form tablelocking, where lock* marked Locking alone. Where only
 * the joined form completes it, the compound is marked whole. */
static void
test_snippet__a_prefix_marks_the_part_of_a_compound_it_completes(void)
{
	assert_snippet("the [Table]-Locking query", "table*",
	               "the Table-Locking query", 200);
	assert_snippet("the [locking]-library", "lock*", "the locking-library",
	               200);
	assert_snippet("the [Table-Locking] query", "tablelo*",
	               "the Table-Locking query", 200);
}

static void test_snippet__a_compound_prefix_marks_its_parts_in_sequence(void)
{
	/* python-lib* finds the joined form completed and the parts as a
	 * phrase whose last part is completed, and marks both */
	assert_snippet("a [python-library], a [python libraries], "
	               "not python alone, nor libraries",
	               "python-lib*",
	               "a python-library, a python libraries, not python "
	               "alone, nor libraries",
	               200);
}

static void test_snippet__the_window_prefers_a_phrase_match(void)
{
	/* Both words alone early, the phrase later: the phrase wins. */
	assert_snippet(ELLIPSIS "filler [row lock]", "\"row lock\" row lock",
	               "row and lock are here filler filler filler filler "
	               "filler row lock", 20);
}

static void test_snippet__markers_are_the_callers_choice(void)
{
	char *got = snippet("lock", "a lock here", 200, "<b>", "</b>");

	assert_str("a <b>lock</b> here", got);
	free(got);
	got = snippet("lock", "a lock here", 200, NULL, NULL);
	assert_str("a lock here", got);
	free(got);
}

static void test_snippet__a_short_text_is_shown_whole(void)
{
	assert_snippet("xx [lock] yy", "lock", "xx lock yy", 200);
}

static void test_snippet__a_window_in_the_middle_is_cut_at_both_ends(void)
{
	assert_snippet(ELLIPSIS "nineteen twenty [locking] twentyone" ELLIPSIS,
	               "lock", long_text, 40);
	assert_snippet(ELLIPSIS "nineteen twenty [locking] twentyone twentytwo "
	               "twentythree" ELLIPSIS,
	               "lock", long_text, 60);
}

static void test_snippet__a_match_at_the_end_has_no_trailing_ellipsis(void)
{
	assert_snippet(ELLIPSIS "fff [lock]", "lock",
	               "aaa bbb ccc ddd eee fff lock", 10);
}

static void test_snippet__no_match_shows_the_start_of_the_text(void)
{
	assert_snippet("one two three four five six" ELLIPSIS, "zzz",
	               long_text, 30);
	assert_snippet("nothing to see", "zzz", "nothing to see", 200);
}

static void test_snippet__the_window_with_most_distinct_words_wins(void)
{
	/* "lock" alone early; "lock" and "table" together later. The
	 * context before the match (max_bytes / 5) snaps back to the start
	 * of "there". */
	assert_snippet(ELLIPSIS "there a [table] [lock]", "lock table",
	               "lock lock lock filler words go here and there a "
	               "table lock", 20);
	/* a match that ends where the window does is in it */
	assert_snippet(ELLIPSIS "[lock] eeee [table]" ELLIPSIS, "lock table",
	               "lock aaaa bbbb cccc dddd lock eeee table zz", 15);
}

/* Of windows with as many distinct words, the one where words typed
 * side by side (unquoted) stand side by side in the order typed wins,
 * over an earlier one and over one with more matches; more distinct
 * words still win (a quoted phrase, which counts one more, too). */
static void test_snippet__words_standing_as_typed_win_a_tie(void)
{
	static const char text[] =
	    "The memory model and ordering rules fill this line, and "
	    "the memory ordering guarantees of C11 come later.";

	assert_snippet(ELLIPSIS "and the [memory] [ordering]" ELLIPSIS,
	               "memory ordering", text, 30);
	/* typed the other way round, the first window is shown */
	assert_snippet("The [memory] model and [ordering]" ELLIPSIS,
	               "ordering memory", text, 30);
	/* a pair wins over more matches */
	assert_snippet(ELLIPSIS "and the [memory] [ordering]" ELLIPSIS,
	               "memory ordering",
	               "memory x ordering memory y ordering zzzzzzzzzzzzzzzzz "
	               "and the memory ordering of C11.",
	               25);
	/* a third word matters more than a pair */
	assert_snippet(ELLIPSIS "then [memory] [model] and [ordering]" ELLIPSIS,
	               "memory ordering model",
	               "the memory ordering guarantees of C11 zzzzzzzz "
	               "zzzzzzzzzz then memory model and ordering rules.",
	               30);
	/* words parted by another item stand together as typed no more */
	assert_snippet("The [memory] model and [ordering]" ELLIPSIS,
	               "memory \"xyzzy\" ordering", text, 30);
	/* a chain of three counts its two pairs, more than one pair */
	assert_snippet(ELLIPSIS "[a1] [b1] [c1] yy" ELLIPSIS, "a1 b1 c1",
	               "a1 b1 a1 c1 a1 xxxxxxxxxxxxxxxxxxxxxxxx a1 b1 c1 yy "
	               "yyyyyyyyyyyyyyyyyyyyy",
	               14);
}

/* Of windows equally good, the first is shown. */
static void test_snippet__the_first_of_equal_windows_wins(void)
{
	assert_snippet("[lock] aaa bbb" ELLIPSIS, "lock",
	               "lock aaa bbb ccc ddd eee fff lock", 14);
	assert_snippet("[lock] [table] aaa bbb" ELLIPSIS, "lock table",
	               "lock table aaa bbb ccc ddd eee fff lock table", 18);
}

static void test_snippet__context_before_the_window_never_hides_its_matches(void)
{
	/* The window from "lock" holds "table" 33 bytes on: of the 8 bytes
	 * of context before it, only what leaves "table" inside is shown. */
	assert_snippet(ELLIPSIS "[lock] mmmmmm nnnnnn oooooo pppppp [table]"
	               ELLIPSIS, "lock table",
	               "w1 w2 w3 w4 w5 w6 w7 w8 lock mmmmmm nnnnnn oooooo "
	               "pppppp table zz1 zz2 zz3 zz4 zz5 zz6", 40);
	/* The context fills the room the matches leave, to the byte: "w8 "
	 * and no more. */
	assert_snippet(ELLIPSIS
	               "w8 [lock] mmmmmm nnnnnn oooooo ppppp [table]" ELLIPSIS,
	               "lock table",
	               "w1 w2 w3 w4 w5 w6 w7 w8 lock mmmmmm nnnnnn oooooo "
	               "ppppp table zz1 zz2 zz3 zz4 zz5 zz6",
	               40);
	/* With room to spare, the context is shown. */
	assert_snippet(ELLIPSIS "w6 w7 w8 [lock] mmmmmm [table] zz1 zz2 zz3" ELLIPSIS,
	               "lock table",
	               "w1 w2 w3 w4 w5 w6 w7 w8 lock mmmmmm table zz1 zz2 zz3 "
	               "zz4 zz5 zz6", 40);
}

/* Context whose words are no tokens (emoji, a row of symbols) is shown
 * too: with no token in the lead, the window opened at the token before
 * it, too far back to hold the match, and so at the match itself,
 * leaving out even the word just before it. */
static void test_snippet__context_of_symbols_is_shown(void)
{
	assert_snippet(ELLIPSIS "= rocket [lock] tail tail tail tail tail tail "
	                        "tail" ELLIPSIS,
	               "lock",
	               "intro = = = = = = = = = = = = = = = = = = rocket lock "
	               "tail tail tail tail tail tail tail tail tail tail",
	               50);
	assert_snippet(ELLIPSIS "rocket [lock] tail tail tail tail tail tail "
	                        "tail" ELLIPSIS,
	               "lock",
	               "\xF0\x9F\x9A\x80 \xF0\x9F\x9A\x80 \xF0\x9F\x9A\x80 "
	               "\xF0\x9F\x9A\x80 \xF0\x9F\x9A\x80 \xF0\x9F\x9A\x80 "
	               "\xF0\x9F\x9A\x80 \xF0\x9F\x9A\x80 \xF0\x9F\x9A\x80 "
	               "\xF0\x9F\x9A\x80 \xF0\x9F\x9A\x80 \xF0\x9F\x9A\x80 "
	               "\xF0\x9F\x9A\x80 rocket lock tail tail tail tail tail "
	               "tail tail tail tail tail",
	               50);
}

/* A first match that is a part of a compound (threaded of free-threaded)
 * opens the window at the compound, even where that takes the window
 * past its size; a last match that is one (thread of thread-safe) ends
 * it at the compound's end, not a byte of the word after it. */
static void test_snippet__a_match_in_a_compound_shows_the_compound_whole(void)
{
	assert_snippet(
	    ELLIPSIS "free-[threaded] build; not yet [thread]-safe" ELLIPSIS,
	    "threaded",
	    "Intro text. An experimental free-threaded build; not yet "
	    "thread-safe at import time.",
	    30);
	assert_snippet(
	    ELLIPSIS "free-[threaded] build; not yet [thread].safe" ELLIPSIS,
	    "threaded",
	    "Intro text. An experimental free-threaded build; not yet "
	    "thread.safe at import time.",
	    30);
	/* punctuation after the match is no part of its word */
	assert_snippet(
	    ELLIPSIS "free-[threaded] build; not yet [thread]" ELLIPSIS,
	    "threaded",
	    "Intro text. An experimental free-threaded build; not yet "
	    "thread, safe at import time.",
	    30);
}

static void test_snippet__the_window_starts_at_a_whole_word(void)
{
	/* the whole compound, when the window from it just holds the
	 * matches */
	assert_snippet(ELLIPSIS "fr-threaded [lock] [table]" ELLIPSIS,
	               "lock table",
	               "w1 w2 w3 fr-threaded lock table zz1 zz2 zz3 zz4 zz5 "
	               "zz6 zz7",
	               22);
	/* a run of more than max_bytes / 5 without white space before the
	 * match (a URL) is not gone back over */
	assert_snippet(ELLIPSIS
	               "threaded [lock] [table] zz1 zz2 zz3 zz4 zz5" ELLIPSIS,
	               "lock table",
	               "w1 w2 w3 abcdefgh-threaded lock table zz1 zz2 zz3 zz4 "
	               "zz5 zz6 zz7",
	               40);
	/* The context would open at "8" of "9.8", which reads as another
	 * number, and the window from "9.8" no longer holds the matches:
	 * it opens at the next word. */
	assert_snippet(ELLIPSIS
	               "and [lock] mmmmmm nnnnnn oooooo pp [table]" ELLIPSIS,
	               "lock table",
	               "w1 w2 w3 Linux 9.8 and lock mmmmmm nnnnnn oooooo pp "
	               "table zz1 zz2",
	               40);
	/* The context before "lock" would start at "threaded", a part of
	 * free-threaded: the whole compound is shown instead. */
	assert_snippet(ELLIPSIS "free-threaded [lock] [table] zz1 zz2 zz3 zz4" ELLIPSIS,
	               "lock table",
	               "w1 w2 w3 free-threaded lock table zz1 zz2 zz3 zz4 zz5 "
	               "zz6 zz7", 40);
}

static void test_snippet__utf8_is_never_cut_inside_a_character(void)
{
	/* "été " is 6 bytes: a 10-byte window ends inside the second é. */
	assert_snippet("\xC3\xA9t\xC3\xA9" ELLIPSIS, "zzz",
	               "\xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9 \xC3\xA9t\xC3\xA9", 10);
	/* One giant word of é: cut on a character boundary (4 é = 8 bytes). */
	assert_snippet("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9" ELLIPSIS, "zzz",
	               "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9", 9);
	/* Three-byte characters without spaces. */
	assert_snippet("\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E" ELLIPSIS, "zzz",
	               "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E\xE3\x81\xAE"
	               "\xE6\x96\x87\xE7\xAB\xA0", 10);
	assert_snippet("Le [caf\xC3\xA9] \xC3\xA9tait" ELLIPSIS, "caf\xC3\xA9",
	               "Le caf\xC3\xA9 \xC3\xA9tait tr\xC3\xA8s bon, vraiment "
	               "d\xC3\xA9licieux.", 20);
}

/* A window cut at the second of two blanks (two spaces after a full
 * stop) kept the first: "bravo. …". */
static void test_snippet__no_blank_comes_before_the_ellipsis(void)
{
	assert_snippet("alpha  bravo." ELLIPSIS, "zzz",
	               "alpha  bravo.  charlie  delta", 15);
	assert_snippet("alpha bravo" ELLIPSIS, "zzz",
	               "alpha bravo\xC2\xA0 \xE3\x80\x80 charlie delta", 18);
	/* vertical tabs and form feeds are white space as tabs are (and
	 * shown as a space, a run of them as one) */
	assert_snippet("alpha bravo." ELLIPSIS, "zzz",
	               "alpha\v\fbravo.\v\fcharlie\v\fdelta", 15);
}

/* A summary without spaces whose match lies past its first 4 KB part:
 * the next part began at the next space, which Japanese text or words
 * parted by no-break spaces never reach, so no match was found and the
 * snippet was the text's start. */
static void test_snippet__a_later_part_of_text_without_spaces_is_searched(void)
{
	fo_buf text = FO_BUF_INIT;
	char *got;
	int i;

	for (i = 0; i < 1400; i++)
		fo_buf_puts(&text, "\xE3\x81\x82");     /* あ */
	fo_buf_puts(&text, "\xE6\xA4\x9C\xE7\xB4\xA2"); /* 検索 */
	for (i = 0; i < 100; i++)
		fo_buf_puts(&text, "\xE3\x81\x84"); /* い */
	got = snippet("\xE6\xA4\x9C\xE7\xB4\xA2", text.data, 30, "[", "]");
	assert_str(
	    ELLIPSIS
	    "\xE3\x81\x82\xE3\x81\x82[\xE6\xA4\x9C\xE7\xB4\xA2]"
	    "\xE3\x81\x84\xE3\x81\x84\xE3\x81\x84\xE3\x81\x84\xE3\x81\x84"
	    "\xE3\x81\x84" ELLIPSIS,
	    got ? got : "(null)");
	free(got);
	fo_buf_clear(&text);
	for (i = 0; i < 600; i++)
		fo_buf_puts(&text, "filler\xC2\xA0");
	fo_buf_puts(&text, "walrus");
	for (i = 0; i < 10; i++)
		fo_buf_puts(&text, "\xC2\xA0tail");
	got = snippet("walrus", text.data, 40, "[", "]");
	assert_str(ELLIPSIS "filler\xC2\xA0[walrus]\xC2\xA0tail\xC2\xA0tail"
	                    "\xC2\xA0tail\xC2\xA0tail" ELLIPSIS,
	           got ? got : "(null)");
	free(got);
	fo_buf_free(&text);
}

/* Words parted by white space other than a space or a newline: the
 * window was cut inside a word ("alpha bravo cha…"). */
static void test_snippet__any_white_space_parts_words_for_the_cut(void)
{
	assert_snippet("alpha bravo" ELLIPSIS, "zzz",
	               "alpha\tbravo\tcharlie\tdelta", 16);
	assert_snippet("alpha\xC2\xA0"
	               "bravo" ELLIPSIS,
	               "zzz",
	               "alpha\xC2\xA0"
	               "bravo\xC2\xA0"
	               "charlie",
	               16);
	assert_snippet("alpha\xE3\x80\x80"
	               "bravo" ELLIPSIS,
	               "zzz",
	               "alpha\xE3\x80\x80"
	               "bravo\xE3\x80\x80"
	               "charlie",
	               17);
}

/* A giant word is cut between grapheme clusters (UAX #29), not merely
 * between code points: a cut between a letter and its combining mark
 * showed another letter, and one inside an emoji sequence broken glyphs. */
static void test_snippet__a_giant_word_is_never_cut_inside_a_cluster(void)
{
	/* あ, then が written as か + U+3099 (combining voiced mark), 6
	 * bytes a cluster: a 12-byte window ended on a bare か. */
	assert_snippet("\xE3\x81\x82\xE3\x81\x8B\xE3\x82\x99" ELLIPSIS, "zzz",
	               "\xE3\x81\x82\xE3\x81\x8B\xE3\x82\x99\xE3\x81\x8B"
	               "\xE3\x82\x99\xE3\x81\x8B\xE3\x82\x99",
	               12);
	/* e + U+0301 (é decomposed), 3 bytes a cluster */
	assert_snippet("e\xCC\x81"
	               "e\xCC\x81" ELLIPSIS,
	               "zzz",
	               "e\xCC\x81"
	               "e\xCC\x81"
	               "e\xCC\x81"
	               "e\xCC\x81",
	               7);
	/* man ZWJ woman ZWJ girl, 18 bytes, twice: 25 bytes reached into
	 * the second family's ZWJ */
	assert_snippet(
	    "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D"
	    "\xF0\x9F\x91\xA7" ELLIPSIS,
	    "zzz",
	    "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D"
	    "\xF0\x9F\x91\xA7\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91"
	    "\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7",
	    25);
	/* two flags (a pair of regional indicators each): 12 bytes held
	 * the first and half the second */
	assert_snippet(
	    "\xF0\x9F\x87\xAF\xF0\x9F\x87\xB5" ELLIPSIS, "zzz",
	    "\xF0\x9F\x87\xAF\xF0\x9F\x87\xB5\xF0\x9F\x87\xAB\xF0\x9F"
	    "\x87\xB7",
	    12);
	/* one cluster longer than the window (a letter with many marks):
	 * cut on a character boundary rather than show nothing */
	assert_snippet("a\xCC\x81\xCC\x81" ELLIPSIS, "zzz",
	               "a\xCC\x81\xCC\x81\xCC\x81\xCC\x81 b", 6);
}

/* The same after a match, where the window's end is looked for past the
 * match rather than from the start of the text: it ended on the first
 * emoji of a ZWJ family, or on one regional indicator of a flag. */
static void test_snippet__a_cut_after_a_match_is_never_inside_a_cluster(void)
{
	/* lock, then man ZWJ woman ZWJ girl twice: 25 bytes end inside
	 * the second family's man */
	assert_snippet(
	    "[lock],\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D"
	    "\xF0\x9F\x91\xA7" ELLIPSIS,
	    "lock",
	    "lock,\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D"
	    "\xF0\x9F\x91\xA7\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91"
	    "\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7",
	    25);
	/* lock, then two flags: 15 bytes end inside the second flag */
	assert_snippet("[lock],\xF0\x9F\x87\xAF\xF0\x9F\x87\xB5" ELLIPSIS,
	               "lock",
	               "lock,\xF0\x9F\x87\xAF\xF0\x9F\x87\xB5\xF0\x9F\x87\xAB"
	               "\xF0\x9F\x87\xB7",
	               15);
	/* a thumbs up and its skin tone modifier */
	assert_snippet("[lock]," ELLIPSIS, "lock",
	               "lock,\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD"
	               "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD",
	               7);
	/* the end of the text is a cluster's end */
	assert_snippet("[lock],abc", "lock", "lock,abc", 7);
}

static void test_snippet__no_window_size_cuts_utf8(void)
{
	static const char text[] =
		"Caf\xC3\xA9 na\xC3\xAFve \xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E "
		"\xF0\x9F\x94\x92lock \xC3\xA9t\xC3\xA9\xC3\xA9\xC3\xA9 "
		"r\xC3\xA9sum\xC3\xA9 lock\xE2\x80\x94" "free \xE2\x80\xA6 end";
	size_t max;

	for (max = 1; max < sizeof text + 4; max++) {
		char *a = snippet("lock", text, max, "[", "]");
		char *b = snippet("zzz", text, max, "[", "]");
		int ok = a && b && utf8_valid(a) && utf8_valid(b);

		if (!ok)
			fprintf(stderr, "  max %zu: \"%s\" / \"%s\"\n", max,
			        a ? a : "(null)", b ? b : "(null)");
		free(a);
		free(b);
		assert_true(ok);
	}
}

static void test_snippet__control_characters_become_spaces(void)
{
	assert_snippet("a [lock] b c d e", "lock",
	               "a\tlock\nb\rc\x01" "d\x7f" "e", 200);
	/* C1 controls (U+009B is a CSI), line and paragraph separators and
	 * the bidirectional controls (U+202E reverses what follows) */
	assert_snippet("a [lock] b c d e f g", "lock",
	               "a\xC2\x9Block\xE2\x80\xA8" "b\xE2\x80\xA9" "c"
	               "\xE2\x80\xAE" "d\xE2\x81\xA6" "e\xE2\x80\x8F" "f"
	               "\xC2\x85g", 200);
	/* a run of them, with the blanks around it, is one space: a
	 * summary's paragraph break read as two */
	assert_snippet("code. - item [lock]", "lock", "code.\n\n- item lock",
	               200);
	assert_snippet("code. - item [lock] x", "lock",
	               "code. \r\n \r\n - item lock \x01 x", 200);
}

/* A control character that opens or ends the summary (a JSON Lines
 * summary keeps one where white space is trimmed) is no blank of the
 * snippet's own: it opens and ends on a word, as it does at white space,
 * and with no "..." where nothing but such a character was left out. */
static void test_snippet__a_control_character_at_an_end_is_no_blank(void)
{
	assert_snippet("[lock] z", "lock", "\x07lock z", 200);
	assert_snippet("[lock] z", "lock", "lock z\x07", 200);
	assert_snippet("[lock]", "lock", "\x1b lock \x1b", 200);
	assert_snippet("[lock]", "lock", "\xE2\x80\xAElock\xE2\x80\xAC", 200);
	/* a window shorter than the text ends at the controls after its
	 * last word */
	assert_snippet("[lock] z", "lock", "\x07\x07\x07lock z\x07\x07\x07", 8);
	/* a window cut in the text opens at a word, not at the control
	 * before it */
	assert_snippet(ELLIPSIS "[lock] z", "lock",
	               "aaaaaaaaaaaaaaaaaaaa\x07lock z", 6);
}

static void test_snippet__a_long_token_before_the_match_does_not_hide_it(void)
{
	/* The context before the match snaps back to the start of the long
	 * word, but the window must still hold the match. */
	char *got = snippet("lock", "superlongwordwithoutspaces lock", 10, "[",
	                    "]");
	int shown = got && strstr(got, "[lock]") != NULL;
	int cut = got && strncmp(got, ELLIPSIS, 3) == 0;

	if (!shown || !cut)
		fprintf(stderr, "  got \"%s\"\n", got ? got : "(null)");
	free(got);
	assert_true(shown);
	assert_true(cut);
}

/* The window holds the match it was chosen for. A window cut at its last
 * white space lost a CJK match after it (the run has none), and a match
 * longer than the window was counted in no window, so another word was
 * shown (issue #4 review, held-out corpus). */
static void test_snippet__the_window_keeps_its_match(void)
{
	/* 中文 (6 bytes) in a run of CJK after Latin words: 40 bytes showed
	 * "…splits words.…" where 10 showed the match */
	assert_snippet(ELLIPSIS
	               "splits words. [\xE4\xB8\xAD\xE6\x96\x87]"
	               "\xE5\x88\x86\xE8\xAF\x8D\xE6\x98\xAF\xE6\x90\x9C"
	               "\xE7\xB4\xA2\xE5\xBC\x95" ELLIPSIS,
	               "\xE4\xB8\xAD\xE6\x96\x87",
	               "The tokenizer splits words. "
	               "\xE4\xB8\xAD\xE6\x96\x87\xE5\x88\x86\xE8\xAF\x8D"
	               "\xE6\x98\xAF\xE6\x90\x9C\xE7\xB4\xA2\xE5\xBC\x95"
	               "\xE6\x93\x8E\xE7\x9A\x84\xE9\x87\x8D\xE8\xA6\x81"
	               "\xE9\x83\xA8\xE5\x88\x86\xE3\x80\x82",
	               40);
	/* a 13-byte word in a 10-byte window is shown whole, not "The" */
	assert_snippet(ELLIPSIS "[bidirectional]" ELLIPSIS, "bidirectional",
	               "aaa bbb The bidirectional algorithm orders runs.", 10);
	/* so is a 21-byte Thai word in a 10-byte window: a match is
	 * shown whole up to 256 bytes, which was cut at twice the window,
	 * on a character boundary, unmarked */
	assert_snippet(
	    ELLIPSIS
	    "[\xE0\xB8\xA0\xE0\xB8\xB2\xE0\xB8\xA9"
	    "\xE0\xB8\xB2\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2]" ELLIPSIS,
	    "\xE0\xB8\xA0\xE0\xB8\xB2\xE0\xB8\xA9\xE0\xB8\xB2"
	    "\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2",
	    "intro words \xE0\xB8\xA0\xE0\xB8\xB2\xE0\xB8\xA9"
	    "\xE0\xB8\xB2\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2"
	    " tail",
	    10);
}

/* snippet_bytes of 1 or 2 cut every matched word to a byte or two,
 * unmarked ("…G…" for GIL): the window shows its match whole, marked,
 * up to 256 bytes, however small it is; only a blob past that (and past
 * twice the window) is cut. */
static void test_snippet__a_tiny_window_shows_its_match_whole(void)
{
	char blob[301], text[320];

	assert_snippet(ELLIPSIS "[GIL]" ELLIPSIS, "GIL",
	               "The GIL is gone. Threads run in parallel.", 1);
	assert_snippet(ELLIPSIS "[GIL]" ELLIPSIS, "GIL",
	               "The GIL is gone. Threads run in parallel.", 2);
	assert_snippet("[The]" ELLIPSIS, "the",
	               "The GIL is gone. Threads run in parallel.", 1);
	assert_snippet(ELLIPSIS "[locking]" ELLIPSIS, "lock", long_text, 1);
	assert_snippet(ELLIPSIS "[supercalifragilisticexpialidocious]" ELLIPSIS,
	               "supercalifragilisticexpialidocious",
	               "a word: supercalifragilisticexpialidocious, it is", 10);
	/* a blob of 300 bytes in a window of 10 is cut after 10 */
	memset(blob, 'x', 300);
	blob[300] = '\0';
	snprintf(text, sizeof text, "intro words %s tail", blob);
	assert_snippet(ELLIPSIS "xxxxxxxxxx" ELLIPSIS, blob, text, 10);
}

/* head, "word " n times, then tail: with n = 2000, 10,000 bytes, longer
 * than the first part of a summary searched for the best window. */
static char *long_summary_of(const char *head, size_t n_words,
                             const char *tail)
{
	char *s = malloc(strlen(head) + 5 * n_words + strlen(tail) + 1);
	size_t i, n = 0;

	if (!s)
		return NULL;
	n += (size_t)sprintf(s, "%s", head);
	for (i = 0; i < n_words; i++)
		n += (size_t)sprintf(s + n, "word ");
	sprintf(s + n, "%s", tail);
	return s;
}

static char *long_summary(const char *head, const char *tail)
{
	return long_summary_of(head, 2000, tail);
}

static void test_snippet__a_long_summary_is_searched_in_its_first_4_kb(void)
{
	char *early = long_summary("locking ", "locking");
	char *both = long_summary("free ", "free threaded");

	assert_true(early && both);
	assert_snippet("[locking] word word" ELLIPSIS, "lock", early, 20);
	/* A match in the first 4 KB ends the search, even where a better
	 * window lies further on. */
	assert_snippet("[free] word word word" ELLIPSIS, "free threaded", both,
	               20);
	free(early);
	free(both);
}

static void test_snippet__a_camel_run_in_a_compound_is_marked(void)
{
	/* as indexed (indexer.c add_run): the whole run, not a piece */
	assert_snippet("Uses [PyArrow]-backed frames and [eBPF]-based probes.",
	               "pyarrow ebpf",
	               "Uses PyArrow-backed frames and eBPF-based probes.", 200);
	assert_snippet("Call getElementById-style code.", "getelement",
	               "Call getElementById-style code.", 200);
	/* nor from inside one */
	assert_snippet("Call getElementById-style code.", "elementbyid",
	               "Call getElementById-style code.", 200);
	/* a run's parts are words too, marked side by side */
	assert_snippet("Uses [Py][Arrow] now", "py arrow", "Uses PyArrow now",
	               200);
}

static void test_snippet__html_escapes_the_text_and_not_the_marks(void)
{
	html = 1;
	assert_snippet("Never write &lt;script&gt; &amp; &quot;x&quot; or "
	               "&#39;y&#39;: [escape] it.",
	               "escape",
	               "Never write <script> & \"x\" or 'y': escape it.", 200);
	html = 0;
	assert_snippet("Never write <script>: [escape] it.", "escape",
	               "Never write <script>: escape it.", 200);
}

/* A title marked as snippets are, whole (fo_highlight), or NULL. */
static char *marked_title(const char *query, const char *title, int esc)
{
	fo_analyzer *an = NULL;
	fo_compiled c;
	fo_buf out = FO_BUF_INIT;
	fo_marks marks = { "[", "]", esc };
	char *s = NULL;

	memset(&c, 0, sizeof c);
	if (fo_analyzer_new("english", &an) != FOLIO_OK)
		return NULL;
	if (fo_query_build(an, query, &c) == FOLIO_OK &&
	    fo_highlight(an, NULL, title, &c.hl, &marks, &out) == FOLIO_OK)
		s = fo_buf_detach(&out);
	fo_buf_free(&out);
	fo_compiled_free(&c);
	fo_analyzer_free(an);
	return s;
}

static void test_snippet__a_title_is_marked_whole_however_long(void)
{
	char title[400], want[420], *got;

	/* no window: a match late in a long title keeps the start */
	memset(title, 'a', sizeof title);
	memcpy(title, "Notes on ", 9);
	memset(title + 9, 'x', 300);
	strcpy(title + 309, " and row locking");
	snprintf(want, sizeof want, "%.*s and row [locking]", 309, title);
	got = marked_title("locks", title, 0);
	assert_str(want, got);
	free(got);
	got = marked_title("free-threaded python", "Free-threaded\tPython <3.13>",
	                   1);
	assert_str("[Free-threaded] [Python] &lt;3.13&gt;", got);
	free(got);
	got = marked_title("gpu", "No match here", 0);
	assert_str("No match here", got);
	free(got);
}

/* The segmenter keeps a bidi control with the word before it (UAX #29
 * WB4); shown as a space, it was marked as part of the word. */
static void test_snippet__a_closing_bidi_control_is_not_marked(void)
{
	char *got = marked_title("qwerty", "x \xE2\x80\xAEqwerty\xE2\x80\xAC y",
	                         0);

	/* each control a space, as in the title the JSON gives, where the
	 * marks count characters */
	assert_str("x  [qwerty]  y", got);
	free(got);
	assert_snippet("s [qwerty] t", "qwerty",
	               "s \xE2\x80\xAEqwerty\xE2\x81\xA9\xE2\x80\xAC t", 200);
}

/* Without markers a text that fits the window is not analysed
 * (snippet.c): it must read as the analysed one did, its controls and
 * bidi controls around a match made spaces, its blanks kept but at
 * its ends. */
static void test_snippet__an_unmarked_text_that_fits_is_cleaned_whole(void)
{
	static const struct {
		const char *query, *text, *want;
		size_t max;
	} cases[] = {
		{ "qwerty", "s \xE2\x80\xAEqwerty\xE2\x81\xA9\xE2\x80\xAC t",
		  "s qwerty t", 200 },
		{ "lock", "  Row\r\nlocking\tand \xC2\x85locks  ",
		  "Row locking and locks", 200 },
		{ "lock", "no match at all", "no match at all", 15 },
		{ "lock", "one byte too long", "one byte too\xE2\x80\xA6", 16 },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *got = snippet(cases[i].query, cases[i].text, cases[i].max,
		                    NULL, NULL);
		int same = got && strcmp(got, cases[i].want) == 0;

		if (!same)
			fprintf(stderr, "  expected \"%s\", got \"%s\"\n",
			        cases[i].want, got ? got : "(null)");
		free(got);
		assert_true(same);
	}
}

static void test_snippet__a_summary_that_fits_is_shown_whole(void)
{
	/* the match is far enough in for a lead of max_bytes / 5 to cut
	 * the start, yet the whole text fits */
	assert_snippet("This copy differs a little: Red Hat Enterprise Linux "
	               "ships a [free-threaded] Python build.",
	               "free-threaded",
	               "This copy differs a little: Red Hat Enterprise Linux "
	               "ships a free-threaded Python build.",
	               200);
}

static void test_snippet__a_text_as_long_as_the_window_is_shown_whole(void)
{
	assert_snippet("aaa bbb ccc [lock]", "lock", "aaa bbb ccc lock", 16);
}

static void test_snippet__the_end_of_a_long_text_fills_the_window(void)
{
	/* the last 24 bytes, from a word: not 14 bytes from the match on */
	assert_snippet(ELLIPSIS "words and the [zyzzyva].", "zyzzyva",
	               "Many words come first, then more words and the "
	               "zyzzyva.",
	               24);
}

/* ... and so does that of a text without white space, from a CJK
 * character: 解放 at the end of a Japanese summary showed 68 bytes of a
 * 200-byte window ("…リを使います。最後にロックを解放します。"), as the
 * window opened only after white space (qa-results, held-out corpus). */
static void test_snippet__the_end_of_a_cjk_text_fills_the_window(void)
{
	/* the last 60 bytes, from a character: not
	 * "…を使います。最後に[解放]します。" */
	assert_snippet(
	    ELLIPSIS "\xE5\x85\xB1\xE6\x9C\x89\xE3\x83\xA1\xE3\x83\xA2\xE3\x83"
	             "\xAA\xE3\x82\x92\xE4\xBD\xBF\xE3\x81\x84\xE3\x81\xBE\xE3"
	             "\x81\x99\xE3\x80\x82\xE6\x9C\x80\xE5\xBE\x8C\xE3\x81"
	             "\xAB[\xE8\xA7\xA3\xE6\x94\xBE]\xE3\x81\x97\xE3\x81\xBE"
	             "\xE3\x81\x99\xE3\x80\x82",
	    "\xE8\xA7\xA3\xE6\x94\xBE",
	    "\xE3\x82\xB9\xE3\x83\xAC\xE3\x83\x83\xE3\x83\x89\xE3\x81"
	    "\xAF\xE5\x85\xB1\xE6\x9C\x89\xE3\x83\xA1\xE3\x83\xA2\xE3"
	    "\x83\xAA\xE3\x82\x92\xE4\xBD\xBF\xE3\x81\x84\xE3\x81\xBE"
	    "\xE3\x81\x99\xE3\x80\x82\xE3\x82\xB9\xE3\x83\xAC\xE3\x83"
	    "\x83\xE3\x83\x89\xE3\x81\xAF\xE5\x85\xB1\xE6\x9C\x89\xE3"
	    "\x83\xA1\xE3\x83\xA2\xE3\x83\xAA\xE3\x82\x92\xE4\xBD\xBF"
	    "\xE3\x81\x84\xE3\x81\xBE\xE3\x81\x99\xE3\x80\x82\xE6\x9C"
	    "\x80\xE5\xBE\x8C\xE3\x81\xAB\xE8\xA7\xA3\xE6\x94\xBE\xE3"
	    "\x81\x97\xE3\x81\xBE\xE3\x81\x99\xE3\x80\x82",
	    60);
}

/* A window ends at the last white space before its end, or, where CJK
 * text follows it, between two of its characters: 前置きです lock
 * followed by Japanese showed "前置きです lock…", 23 bytes of a 200-byte
 * window (qa-results, held-out corpus). */
static void test_snippet__a_window_ends_in_cjk_text_after_a_space(void)
{
	assert_snippet(
	    "\xE5\x89\x8D\xE7\xBD\xAE\xE3\x81\x8D\xE3\x81\xA7\xE3\x81"
	    "\x99 [lock] \xE3\x82\xB9\xE3\x83\xAC\xE3\x83\x83\xE3\x83"
	    "\x89\xE3\x81\xAF\xE5\x85\xB1\xE6\x9C\x89\xE3\x83\xA1\xE3"
	    "\x83\xA2\xE3\x83\xAA\xE3\x82\x92\xE4\xBD\xBF\xE3\x81\x84" ELLIPSIS,
	    "lock",
	    "\xE5\x89\x8D\xE7\xBD\xAE\xE3\x81\x8D\xE3\x81\xA7\xE3\x81"
	    "\x99 lock \xE3\x82\xB9\xE3\x83\xAC\xE3\x83\x83\xE3\x83"
	    "\x89\xE3\x81\xAF\xE5\x85\xB1\xE6\x9C\x89\xE3\x83\xA1\xE3"
	    "\x83\xA2\xE3\x83\xAA\xE3\x82\x92\xE4\xBD\xBF\xE3\x81\x84"
	    "\xE3\x81\xBE\xE3\x81\x99\xE3\x80\x82\xE3\x82\xB9\xE3\x83"
	    "\xAC\xE3\x83\x83\xE3\x83\x89\xE3\x81\xAF\xE5\x85\xB1\xE6"
	    "\x9C\x89\xE3\x83\xA1\xE3\x83\xA2\xE3\x83\xAA\xE3\x82\x92"
	    "\xE4\xBD\xBF\xE3\x81\x84\xE3\x81\xBE\xE3\x81\x99\xE3\x80"
	    "\x82\xE3\x82\xB9\xE3\x83\xAC\xE3\x83\x83\xE3\x83\x89\xE3"
	    "\x81\xAF\xE5\x85\xB1\xE6\x9C\x89\xE3\x83\xA1\xE3\x83\xA2"
	    "\xE3\x83\xAA\xE3\x82\x92\xE4\xBD\xBF\xE3\x81\x84\xE3\x81"
	    "\xBE\xE3\x81\x99\xE3\x80\x82",
	    60);
	/* but not inside a Korean word: Korean parts its words by spaces */
	assert_snippet(
	    "\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4 [lock]" ELLIPSIS, "lock",
	    "\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4 lock "
	    "\xEA\xB0\x80\xEB\x82\x98\xEB\x8B\xA4\xEB\x9D\xBC\xEB\xA7\x88\xEB"
	    "\xB0\x94\xEC\x82\xAC\xEC\x95\x84\xEC\x9E\x90\xEC\xB0\xA8\xEC\xB9"
	    "\xB4\xED\x83\x80\xED\x8C\x8C\xED\x95\x98",
	    30);
}

static void test_snippet__a_match_past_the_first_4_kb_is_found(void)
{
	char *late = long_summary("", "locking");
	char *phrase = long_summary("", "free threaded");
	/* 20,000 bytes in: the fifth 4 KB part. */
	char *later = long_summary_of("", 4000, "zyzzyva and more");

	assert_true(late && phrase && later);
	/* at the text's end, the window is filled from before the match */
	assert_snippet(ELLIPSIS "word word [locking]", "lock", late, 20);
	assert_snippet(ELLIPSIS "word [free threaded]", "\"free threaded\"",
	               phrase, 20);
	assert_snippet(ELLIPSIS "word word [zyzzyva] and more", "zyzzyva", later,
	               30);
	free(late);
	free(phrase);
	free(later);
}

/* Past 256 KB a summary is no longer searched: its start is shown. */
static void test_snippet__a_match_past_256_kb_is_not_looked_for(void)
{
	char *far = long_summary_of("", 60000, "locking");

	assert_true(far != NULL);
	assert_snippet("word word word word" ELLIPSIS, "lock", far, 20);
	free(far);
}

/* One word matched by two units, freethreaded as a word (gain 1) and as
 * the compound free-threaded (gain 3): the match counts with the greater
 * gain, so its window beats one of two other words (gain 2). */
static void test_snippet__a_span_matched_twice_keeps_the_greater_gain(void)
{
	assert_snippet(ELLIPSIS "then [freethreaded].",
	               "freethreaded free-threaded python gil",
	               "python and gil, then many filler words to part them "
	               "well, then freethreaded.",
	               20);
}

/* Parts that start at multiples of 4 KB (a space at each) end at 256 KB
 * exactly with the 64th: that part is the last searched, and a match in
 * the 65th is not looked for. */
static void test_snippet__the_part_that_ends_at_256_kb_is_the_last(void)
{
	/* " wordwor" a unit, "locking" 264,000 bytes in, the text 300 KB */
	char *s = malloc(300 * 1024 + 1);
	size_t i;

	assert_true(s != NULL);
	for (i = 0; i < 300 * 1024; i += 8)
		memcpy(s + i, " wordwor", 8);
	memcpy(s + 264000, " locking", 8);
	s[300 * 1024] = '\0';
	assert_snippet("wordwor wordwor" ELLIPSIS, "lock", s, 20);
	free(s);
}

/* A phrase cut by the end of a 4 KB part (here the second, at 8192) is
 * still found whole: every part is analysed one window further than where
 * its windows start. */
static void test_snippet__a_phrase_across_a_part_boundary_is_found(void)
{
	size_t shift;
	int all = 1;

	for (shift = 0; shift < 16; shift++) {
		char head[16];
		char *s;
		char *got;

		memset(head, 'x', shift);
		head[shift] = '\0';
		if (shift)
			head[shift - 1] = ' ';
		s = long_summary_of(head, 1634, "free threaded python");
		got = s ? snippet("\"free threaded python\"", s, 40, "[", "]")
		        : NULL;
		if (!got || !strstr(got, "[free threaded python]")) {
			fprintf(stderr, "  shift %zu: got \"%s\"\n", shift,
			        got ? got : "(null)");
			all = 0;
		}
		free(got);
		free(s);
	}
	assert_true(all);
}

static void test_snippet__leading_white_space_is_no_cut(void)
{
	/* Nothing was left out, so there is nothing to mark with "…". */
	char *got = snippet("zzz", "  leading spaces", 200, "[", "]");
	int no_mark = got && strncmp(got, ELLIPSIS, 3) != 0;
	int text = got && strstr(got, "leading spaces") != NULL;

	if (!no_mark || !text)
		fprintf(stderr, "  got \"%s\"\n", got ? got : "(null)");
	free(got);
	assert_true(no_mark);
	assert_true(text);
}

/* Only words starting with the byte a query stem starts with are
 * stemmed (snippet.c scan_text); English stems keep that byte even where
 * the rest of the word changes. */
static void test_snippet__a_stem_that_rewrites_the_word_still_matches(void)
{
	assert_snippet("Stars [dying], a [die] cast, [skies] and a [sky].",
	               "die sky", "Stars dying, a die cast, skies and a sky.",
	               200);
}

/* Porter2 drops an apostrophe that starts a word; no term starts with
 * one, so a quoted word is still stemmed and marked. */
static void test_snippet__a_quoted_word_is_marked_by_its_stem(void)
{
	assert_snippet("'[Locking]' and \xE2\x80\x98[locked]\xE2\x80\x99 rows.",
	               "lock", "'Locking' and \xE2\x80\x98locked\xE2\x80\x99 rows.",
	               200);
}

/* Indonesian stems drop prefixes (bermain, permainan: main), so in such a
 * language every word is stemmed. */
static void test_snippet__a_language_that_stems_prefixes_marks_every_form(void)
{
	assert_snippet_in("indonesian",
	                  "Anak [bermain] bola, [permainan] lama.", "main",
	                  "Anak bermain bola, permainan lama.", 200);
}

/* The filter takes time in proportion to the matches, not to matches
 * times the window: a word repeated all through a 200 KB summary, under
 * a NEAR of it eight times with the widest window, took seconds. */
static void test_snippet__a_near_over_a_repeated_word_is_fast(void)
{
	char *text = long_summary_of("", 40000, "GIL word");
	char *got;
	clock_t t0;
	double seconds;
	int found;

	assert_true(text != NULL);
	t0 = clock();
	got = snippet("GIL NEAR/1000 word NEAR/1000 word NEAR/1000 word "
	              "NEAR/1000 word NEAR/1000 word NEAR/1000 word "
	              "NEAR/1000 word NEAR/1000 word",
	              text, 60, "[", "]");
	seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
	free(text);
	found = got && strstr(got, "[GIL]") != NULL;
	if (!found)
		fprintf(stderr, "  got \"%s\"\n", got ? got : "(null)");
	free(got);
	/* the only window holding GIL: at the end */
	assert_true(found);
	if (seconds > 2.0)
		fprintf(stderr, "  %.1f s\n", seconds);
	assert_true(seconds <= 2.0);
}

/* search.c gives every text of a page one scan (fo_hlscan): what a text
 * leaves in it (another query's stems, a longer text's tokens) must not
 * change the next one's marks. */
static void test_snippet__one_scan_serves_every_text_of_a_page(void)
{
	static const struct {
		const char *query, *text, *want;
		int title;
	} page[] = {
		{ "lock", "Row locking, lock files and locked rows",
		  "Row [locking], [lock] files and [locked] rows", 1 },
		{ "die sky", "Stars dying, a die cast, skies and a sky.",
		  "Stars [dying], a [die] cast, [skies] and a [sky].", 0 },
		{ "lock", "'Locking' and \xE2\x80\x98locked\xE2\x80\x99 rows.",
		  "'[Locking]' and \xE2\x80\x98[locked]\xE2\x80\x99 rows.", 0 },
		{ "die", "Sky", "Sky", 1 },
	};
	fo_analyzer *an = NULL;
	fo_marks marks = { "[", "]", 0 };
	fo_hlscan scan;
	size_t i;

	memset(&scan, 0, sizeof scan);
	assert_true(fo_analyzer_new("english", &an) == FOLIO_OK);
	for (i = 0; i < sizeof page / sizeof page[0]; i++) {
		fo_compiled c;
		fo_buf out = FO_BUF_INIT;
		folio_status st;

		memset(&c, 0, sizeof c);
		assert_true(fo_query_build(an, page[i].query, &c) == FOLIO_OK);
		st = page[i].title ? fo_highlight(an, &scan, page[i].text,
		                                  &c.hl, &marks, &out)
		                   : fo_snippet(an, &scan, page[i].text, &c.hl,
		                                200, &marks, &out);
		if (st != FOLIO_OK || !out.data ||
		    strcmp(out.data, page[i].want) != 0)
			fprintf(stderr, "  expected \"%s\", got \"%s\"\n",
			        page[i].want, out.data ? out.data : "(null)");
		assert_true(st == FOLIO_OK && out.data &&
		            strcmp(out.data, page[i].want) == 0);
		fo_buf_free(&out);
		fo_compiled_free(&c);
	}
	fo_hl_scan_free(&scan);
	fo_analyzer_free(an);
}

/* The pre-scan (prescan.h) leaves out the chunks between white space
 * that cannot hold a match; each case below is one that a looser rule
 * would leave out, losing the match or the window's start. */
static void test_snippet__a_joined_term_is_found_across_its_hyphens(void)
{
	assert_snippet("The [free-threaded] build and a [free-threaded] one.",
	               "freethreaded",
	               "The free-threaded build and a free-threaded one.", 200);
	assert_snippet("Sold [1,068] units, not 1,069.", "1068",
	               "Sold 1,068 units, not 1,069.", 200);
}

/* A name of letters joined by dots or underscores is indexed without
 * them too (indexer.c add_squeezed), so the query nodejs finds Node.js
 * and marks it, in any form with its stem; digits keep their dots. */
static void test_snippet__a_name_typed_without_its_dots_is_marked(void)
{
	assert_snippet("Run [Node.js] and [pg_advisory_lock] calls.",
	               "nodejs pgadvisorylock",
	               "Run Node.js and pg_advisory_lock calls.", 200);
	assert_snippet("Two [pg_advisory_locks] here.", "pgadvisorylock",
	               "Two pg_advisory_locks here.", 200);
	assert_snippet("Python 3.14 on x86_64.", "314 x8664",
	               "Python 3.14 on x86_64.", 200);
	/* the squeezed term has no position of its own: a NEAR finds the
	 * name by its first part only where the index says some post
	 * writes it with a dot (near.c word_tail), and marks it only then:
	 * here no index is asked (T050 has the other case) */
	assert_snippet("Node.js 22 [improves] it.",
	               "(nodejs NEAR/3 improves) OR improves",
	               "Node.js 22 improves it.", 200);
	/* past the first chunk the pre-scan passes over */
	assert_snippet(ELLIPSIS "twentynine thirty with [Node.js]", "nodejs",
	               "one two three four five six seven eight nine ten "
	               "eleven twelve thirteen fourteen fifteen sixteen "
	               "seventeen eighteen nineteen twenty twentyone "
	               "twentytwo twentythree twentyfour twentyfive twentysix "
	               "twentyseven twentyeight twentynine thirty with Node.js",
	               40);
}

/* An acronym's plural stems to the acronym by its capitals (analyzer.c),
 * which a word stemmed alone, lower case, no longer shows: gpu found
 * "Blackwell GPUs" and left it unmarked (review-results-2). */
static void test_snippet__an_acronym_plural_is_marked_by_its_stem(void)
{
	assert_snippet("Blackwell [GPUs] and one [GPU]; gpus stay.", "gpu",
	               "Blackwell GPUs and one GPU; gpus stay.", 200);
	assert_snippet("Two [LLMs] and an [LLM].", "llm",
	               "Two LLMs and an LLM.", 200);
	/* and in a language whose stems are made whole */
	{
		char *got =
		    snippet_in("french", "gpu", "Des GPUs ici.", 200, "[", "]");

		assert_true(got && strcmp(got, "Des [GPUs] ici.") == 0);
		free(got);
	}
}

/* A query word is searched by its stem as a word too (query.c
 * word_query: SYNONYM(Z<stem>, <stem>)), and Snowball does not always
 * stem a stem to itself: "accidentally" stems to "accident", whose own
 * stem is "accid", and French "modelée" to "modele", whose own is
 * "model". The post holding that word is found by it, so it is marked. */
static void test_snippet__a_word_that_is_the_query_words_stem_is_marked(void)
{
	assert_snippet("An [accident] in the lab.", "accidentally",
	               "An accident in the lab.", 200);
	assert_snippet("We [consider] the [character] of it.",
	               "considerable characterized",
	               "We consider the character of it.", 200);
	assert_snippet_in("french", "Un [mod\xC3\xA8le] simple.", "modelée",
	                  "Un mod\xC3\xA8le simple.", 200);
}

static void test_snippet__a_non_ascii_chunk_is_always_analysed(void)
{
	assert_snippet("A [Caf\xC3\xA9] and a [\xEF\xBC\xA3\xEF\xBC\xA1\xEF"
	               "\xBC\xA6\xEF\xBC\xA5] and a cab.",
	               "cafe",
	               "A Caf\xC3\xA9 and a \xEF\xBC\xA3\xEF\xBC\xA1\xEF"
	               "\xBC\xA6\xEF\xBC\xA5 and a cab.",
	               200);
}

static void test_snippet__a_phrase_runs_across_chunks_without_words(void)
{
	assert_snippet("[free -- threaded] and free, then threaded.",
	               "\"free threaded\"",
	               "free -- threaded and free, then threaded.", 200);
}

static void test_snippet__the_window_opens_at_a_word_left_out(void)
{
	/* the window's context starts inside "unrelatedly-long-words,",
	 * which holds no match: it opens at its part "long" all the same */
	assert_snippet(
	    ELLIPSIS "long-words, [locking] it all down again" ELLIPSIS, "lock",
	    "one two three four five six seven eight nine ten "
	    "unrelatedly-long-words, locking it all down again "
	    "and again until the end of the text",
	    40);
}

/* A window whose context would open just after the first byte of a
 * white space character of several (U+2028, U+3000, a no-break space),
 * behind a word too long to open at, opened inside it: "…\x80\xA8[lock]"
 * is no UTF-8. It opens at the word after that white space. */
static void test_snippet__a_multibyte_space_before_the_match_is_not_cut(void)
{
	static const char *const spaces[] = { "\xE2\x80\xA8", "\xE3\x80\x80",
		                              "\xC2\xA0" };
	size_t i, lead;

	assert_snippet(ELLIPSIS "[lock] bbbbbbbb [lock]", "lock",
	               "aaaa \xE2\x80\xA8lock bbbbbbbb lock", 20);
	assert_snippet(ELLIPSIS "[lock] bbbbbbbb [lock]", "lock",
	               "aaaa \xE3\x80\x80lock bbbbbbbb lock", 20);
	/* and wherever the lead ends in the white space before the match,
	 * however wide the window */
	for (i = 0; i < sizeof spaces / sizeof *spaces; i++)
		for (lead = 0; lead < 12; lead++) {
			char text[128], *got;
			int ok;

			snprintf(text, sizeof text,
			         "aaaaaaaaaaaa %s%slock %.*s lock tail",
			         spaces[i], spaces[i], (int)lead,
			         "bbbbbbbbbbbb");
			got = snippet("lock", text, 20 + lead, "[", "]");
			ok = got && utf8_valid(got);
			if (!ok)
				fprintf(stderr, "  \"%s\": \"%s\"\n", text,
				        got ? got : "(null)");
			free(got);
			assert_true(ok);
		}
}

static const fo_test tests[] = {
	FO_TEST(test_snippet__a_stem_highlights_every_form),
	FO_TEST(test_snippet__an_exact_query_word_highlights_its_stem_family),
	FO_TEST(test_snippet__a_compound_is_marked_whole),
	FO_TEST(test_snippet__an_identifier_is_marked_whole),
	FO_TEST(test_snippet__two_words_mark_the_parts_of_a_compound),
	FO_TEST(test_snippet__two_words_mark_them_written_as_one),
	FO_TEST(test_snippet__a_compound_query_never_marks_a_lone_part),
	FO_TEST(test_snippet__a_phrase_is_marked_as_one_span),
	FO_TEST(
	    test_snippet__a_phrase_ending_in_a_joined_word_marks_the_compound),
	FO_TEST(test_snippet__a_near_marks_its_words_only_within_its_window),
	FO_TEST(test_snippet__a_near_counts_a_compound_to_its_last_part),
	FO_TEST(test_snippet__a_near_counts_a_words_compound_as_one_place),
	FO_TEST(test_snippet__a_word_twice_in_a_near_needs_two_places),
	FO_TEST(test_snippet__a_near_over_a_repeated_word_is_fast),
	FO_TEST(test_snippet__excluded_words_are_not_marked),
	FO_TEST(test_snippet__a_prefix_marks_every_completion),
	FO_TEST(
	    test_snippet__a_prefix_marks_the_part_of_a_compound_it_completes),
	FO_TEST(test_snippet__a_compound_prefix_marks_its_parts_in_sequence),
	FO_TEST(test_snippet__the_window_prefers_a_phrase_match),
	FO_TEST(test_snippet__markers_are_the_callers_choice),
	FO_TEST(test_snippet__a_short_text_is_shown_whole),
	FO_TEST(test_snippet__a_window_in_the_middle_is_cut_at_both_ends),
	FO_TEST(test_snippet__a_match_at_the_end_has_no_trailing_ellipsis),
	FO_TEST(test_snippet__no_match_shows_the_start_of_the_text),
	FO_TEST(test_snippet__the_window_with_most_distinct_words_wins),
	FO_TEST(test_snippet__words_standing_as_typed_win_a_tie),
	FO_TEST(test_snippet__the_first_of_equal_windows_wins),
	FO_TEST(
	    test_snippet__context_before_the_window_never_hides_its_matches),
	FO_TEST(test_snippet__context_of_symbols_is_shown),
	FO_TEST(test_snippet__the_window_starts_at_a_whole_word),
	FO_TEST(test_snippet__a_match_in_a_compound_shows_the_compound_whole),
	FO_TEST(test_snippet__utf8_is_never_cut_inside_a_character),
	FO_TEST(test_snippet__no_blank_comes_before_the_ellipsis),
	FO_TEST(test_snippet__a_later_part_of_text_without_spaces_is_searched),
	FO_TEST(test_snippet__any_white_space_parts_words_for_the_cut),
	FO_TEST(test_snippet__a_giant_word_is_never_cut_inside_a_cluster),
	FO_TEST(test_snippet__a_cut_after_a_match_is_never_inside_a_cluster),
	FO_TEST(test_snippet__no_window_size_cuts_utf8),
	FO_TEST(test_snippet__control_characters_become_spaces),
	FO_TEST(test_snippet__a_control_character_at_an_end_is_no_blank),
	FO_TEST(test_snippet__a_long_token_before_the_match_does_not_hide_it),
	FO_TEST(test_snippet__the_window_keeps_its_match),
	FO_TEST(test_snippet__leading_white_space_is_no_cut),
	FO_TEST(test_snippet__a_long_summary_is_searched_in_its_first_4_kb),
	FO_TEST(test_snippet__a_camel_run_in_a_compound_is_marked),
	FO_TEST(test_snippet__html_escapes_the_text_and_not_the_marks),
	FO_TEST(test_snippet__a_title_is_marked_whole_however_long),
	FO_TEST(test_snippet__a_closing_bidi_control_is_not_marked),
	FO_TEST(test_snippet__a_summary_that_fits_is_shown_whole),
	FO_TEST(test_snippet__an_unmarked_text_that_fits_is_cleaned_whole),
	FO_TEST(test_snippet__a_text_as_long_as_the_window_is_shown_whole),
	FO_TEST(test_snippet__the_end_of_a_long_text_fills_the_window),
	FO_TEST(test_snippet__the_end_of_a_cjk_text_fills_the_window),
	FO_TEST(test_snippet__a_window_ends_in_cjk_text_after_a_space),
	FO_TEST(test_snippet__a_match_past_the_first_4_kb_is_found),
	FO_TEST(test_snippet__a_match_past_256_kb_is_not_looked_for),
	FO_TEST(test_snippet__the_part_that_ends_at_256_kb_is_the_last),
	FO_TEST(test_snippet__a_span_matched_twice_keeps_the_greater_gain),
	FO_TEST(test_snippet__a_phrase_across_a_part_boundary_is_found),
	FO_TEST(test_snippet__a_stem_that_rewrites_the_word_still_matches),
	FO_TEST(test_snippet__a_quoted_word_is_marked_by_its_stem),
	FO_TEST(test_snippet__a_language_that_stems_prefixes_marks_every_form),
	FO_TEST(test_snippet__one_scan_serves_every_text_of_a_page),
	FO_TEST(test_snippet__a_joined_term_is_found_across_its_hyphens),
	FO_TEST(test_snippet__a_name_typed_without_its_dots_is_marked),
	FO_TEST(test_snippet__an_acronym_plural_is_marked_by_its_stem),
	FO_TEST(test_snippet__a_word_that_is_the_query_words_stem_is_marked),
	FO_TEST(test_snippet__a_non_ascii_chunk_is_always_analysed),
	FO_TEST(test_snippet__a_phrase_runs_across_chunks_without_words),
	FO_TEST(test_snippet__the_window_opens_at_a_word_left_out),
	FO_TEST(test_snippet__a_tiny_window_shows_its_match_whole),
	FO_TEST(test_snippet__a_multibyte_space_before_the_match_is_not_cut),
};

int main(void)
{
	return FO_RUN(tests);
}
