/*
 * test_spellwalk.c: the vocabulary walk of spelling suggestions
 * (src/search/spellwalk.c) over sorted vocabularies held in memory: a
 * term within reach is never skipped (checked against distance.c on
 * random vocabularies, transpositions and long terms included), a prefix
 * out of reach sends the walk to the next string that is not, and the
 * walk reads a small part of a vocabulary, not all of it.
 */
#include "harness.h"

#include "search/spellwalk.h"
#include "util/distance.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One step: its verdict, and where it sends the walk ("" for none). */
static int step(fo_walk *w, const char *term, char *seek)
{
	const char *to = NULL;
	size_t n = 0;
	int r = fo_walk_step(w, term, strlen(term), &to, &n);

	seek[0] = '\0';
	if (r == 0) {
		memcpy(seek, to, n);
		seek[n] = '\0';
	}
	return r;
}

static void test_spellwalk__a_term_within_reach_is_taken(void)
{
	fo_walk *w = fo_walk_new("", 0, 1);
	char seek[128];

	assert_true(w != NULL);
	assert_ok(fo_walk_add(w, "parallelsim", 11, 2));
	assert_int(1, step(w, "parallelism", seek));
	/* a transposition of the first two bytes: one edit */
	assert_int(1, step(w, "aprallelsim", seek));
	/* within reach to its last byte, though 3 edits away in all: the
	 * walk rules terms out, the distance is the caller's */
	assert_int(1, step(w, "pa", seek));
	fo_walk_free(w);
}

static void
test_spellwalk__a_prefix_out_of_reach_seeks_the_next_one_in_reach(void)
{
	fo_walk *w = fo_walk_new("", 0, 1);
	char seek[128];

	assert_true(w != NULL);
	assert_ok(fo_walk_add(w, "lock", 4, 1));
	/* "b" is one edit, "bc" two: past every "bc", the least string in
	 * reach is "bl" (b for l, then the word's l) */
	assert_int(0, step(w, "bcd", seek));
	assert_str("bl", seek);
	/* "l" then any byte is within one edit: just the next byte */
	assert_int(0, step(w, "lxz", seek));
	assert_str("ly", seek);
	/* after "z": "{" for "l", one edit */
	assert_int(0, step(w, "zz", seek));
	assert_str("{", seek);
	fo_walk_free(w);
}

static void test_spellwalk__the_prefix_is_kept_and_other_terms_are_taken(void)
{
	fo_walk *w = fo_walk_new("XAW", 3, 1);
	char seek[128];

	assert_true(w != NULL);
	assert_ok(fo_walk_add(w, "lock", 4, 1));
	assert_int(0, step(w, "XAWbcd", seek));
	assert_str("XAWbl", seek);
	assert_int(1, step(w, "XAWlocks", seek));
	/* not the walk's to rule on */
	assert_int(1, step(w, "Zbcd", seek));
	fo_walk_free(w);
}

static void test_spellwalk__byte_255_has_no_next_byte(void)
{
	fo_walk *w = fo_walk_new("", 0, 1);
	char seek[128];

	assert_true(w != NULL);
	assert_ok(fo_walk_add(w, "abcd", 4, 1));
	/* "a\xff" is one edit from "ab"; "a\xff\xff" two: the next prefix
	 * in reach comes after "a\xff", not at a byte past 255 */
	assert_int(0, step(w, "a\xff\xff", seek));
	assert_str("b", seek);
	assert_int(-1, step(w, "\xff\xff", seek));
	fo_walk_free(w);
}

static void test_spellwalk__out_of_range_words_are_refused(void)
{
	char big[FO_EDIT_MAX_LEN + 2];
	fo_walk *w = fo_walk_new("", 0, 2);

	assert_true(w != NULL);
	memset(big, 'a', sizeof big);
	assert_int(-1, fo_walk_add(w, big, FO_EDIT_MAX_LEN + 1, 1));
	assert_int(-1, fo_walk_add(w, "lock", 4, FO_WALK_MAX_EDITS + 1));
	assert_ok(fo_walk_add(w, "lock", 4, 1));
	assert_ok(fo_walk_add(w, "lack", 4, 1));
	assert_int(-1, fo_walk_add(w, "luck", 4, 1)); /* full */
	fo_walk_free(w);
}

/* A small random generator (xorshift), the same on every run. */
static uint64_t rng = 88172645463325252ull;

static unsigned next(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

#define VOCAB 20000
#define TERM  24

static char vocab[VOCAB][TERM];

static int by_bytes(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* A sorted vocabulary of random terms of 1-10 bytes (1 in 50 up to 20)
 * over a-z and the two bytes of an e acute; how many. */
static size_t make_vocab(void)
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyz\xc3\xa9";
	size_t i, j, n = 0;

	for (i = 0; i < VOCAB; i++) {
		size_t len = 1 + next(i % 50 ? 10 : 20);
		for (j = 0; j < len; j++)
			vocab[i][j] = letters[next(sizeof letters - 1)];
		vocab[i][len] = '\0';
	}
	qsort(vocab, VOCAB, TERM, by_bytes);
	for (i = 0; i < VOCAB; i++)
		if (n == 0 || strcmp(vocab[n - 1], vocab[i]) != 0)
			memmove(vocab[n++], vocab[i], TERM);
	return n;
}

/* The first term at or after key (n when none), as skip_to finds it. */
static size_t seek_to(size_t n, const char *key, size_t len)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, k = strlen(vocab[mid]);
		int c = memcmp(vocab[mid], key, k < len ? k : len);
		if (c < 0 || (c == 0 && k < len))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Walks w over vocab[0..n) as fo_xdb_terms_between reads a vocabulary,
 * marking the terms it takes in taken; how many terms it read, 0 when a
 * seek did not go past the term. */
static size_t walk(fo_walk *w, size_t n, char *taken)
{
	size_t i = 0, read = 0;

	while (i < n) {
		const char *to;
		size_t to_len;
		int r =
		    fo_walk_step(w, vocab[i], strlen(vocab[i]), &to, &to_len);
		read++;
		if (r < 0)
			break;
		if (r > 0) {
			taken[i++] = 1;
			continue;
		}
		if (seek_to(n, to, to_len) <= i)
			return 0;
		i = seek_to(n, to, to_len);
	}
	return read;
}

/* The distance of a slip walk's word (fo_walk_add_slips): distance.c's,
 * with no byte changed into another; max + 1 past max. */
static unsigned slip_distance(const char *a, const char *b, unsigned max)
{
	size_t na = strlen(a), nb = strlen(b), i, j;
	unsigned d[TERM + 1][TERM + 1];

	for (i = 0; i <= na; i++)
		for (j = 0; j <= nb; j++) {
			unsigned v = i == 0 ? (unsigned)j : (unsigned)i;
			if (i > 0 && j > 0) {
				v = d[i - 1][j] + 1;
				if (d[i][j - 1] + 1 < v)
					v = d[i][j - 1] + 1;
				if (a[i - 1] == b[j - 1] && d[i - 1][j - 1] < v)
					v = d[i - 1][j - 1];
				if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
				    a[i - 2] == b[j - 1] &&
				    d[i - 2][j - 2] + 1 < v)
					v = d[i - 2][j - 2] + 1;
			}
			d[i][j] = v;
		}
	return d[na][nb] > max ? max + 1 : d[na][nb];
}

/* Random words, each made of a vocabulary term with a byte made x (no
 * term's), walked for all edits or for slips (fo_walk_add_slips): every
 * term within their edits is taken. */
static void walk_random(int slips)
{
	size_t n = make_vocab(), round;

	for (round = 0; round < 60; round++) {
		fo_walk *w = fo_walk_new("", 0, 3);
		char words[3][TERM];
		unsigned max[3];
		size_t i, k, read, nw = 1 + round % 3;
		char *taken = calloc(n, 1);

		assert_true(w != NULL && taken != NULL);
		for (k = 0; k < nw; k++) {
			/* a vocabulary term with a byte made x (no term's) */
			strcpy(words[k], vocab[next((unsigned)n)]);
			if (strlen(words[k]) > 2)
				words[k][next((unsigned)strlen(words[k]))] =
				    'x';
			max[k] = 1 + next(2);
			assert_ok(
			    slips ? fo_walk_add_slips(w, words[k],
			                              strlen(words[k]), max[k])
			          : fo_walk_add(w, words[k], strlen(words[k]),
			                        max[k]));
		}
		read = walk(w, n, taken);
		for (i = 0; read && i < n; i++)
			for (k = 0; k < nw; k++)
				if (!taken[i] &&
				    (slips ? slip_distance(words[k], vocab[i],
				                           max[k])
				           : fo_edit_distance(
				                 words[k], strlen(words[k]),
				                 vocab[i], strlen(vocab[i]),
				                 max[k])) <= max[k]) {
					free(taken);
					fo_walk_free(w);
					FO_FAIL_("%s skipped for %s (%u edits)",
					         vocab[i], words[k], max[k]);
				}
		free(taken);
		fo_walk_free(w);
		assert_true(read > 0);
	}
}

static void test_spellwalk__no_term_within_reach_is_skipped(void)
{
	walk_random(0);
}

static void test_spellwalk__no_term_within_slips_is_skipped(void)
{
	walk_random(1);
}

/* Every 4-byte string of a to j as the vocabulary: 10000 terms, in byte
 * order. */
static void make_grid(void)
{
	size_t i;

	for (i = 0; i < 10000; i++) {
		vocab[i][0] = (char)('a' + i / 1000);
		vocab[i][1] = (char)('a' + i / 100 % 10);
		vocab[i][2] = (char)('a' + i / 10 % 10);
		vocab[i][3] = (char)('a' + i % 10);
		vocab[i][4] = '\0';
	}
}

static void test_spellwalk__a_small_part_of_the_vocabulary_is_read(void)
{
	static char taken[10000];
	fo_walk *w = fo_walk_new("", 0, 1);
	size_t i, n = 0;

	assert_true(w != NULL);
	make_grid();
	assert_ok(fo_walk_add(w, "bead", 4, 1));
	assert_int(160, walk(w, 10000, taken));
	fo_walk_free(w);
	/* 40 within one edit of bead (36 substitutions, 3 transpositions,
	 * bead), and 26 within one edit of a prefix of it (bexa: bea) */
	for (i = 0; i < 10000; i++)
		n += (size_t)taken[i];
	assert_int(66, n);
}

static void test_spellwalk__slips_read_less(void)
{
	static char taken[10000];
	fo_walk *w = fo_walk_new("", 0, 1);
	size_t i, n = 0;

	assert_true(w != NULL);
	make_grid();
	assert_ok(fo_walk_add_slips(w, "bead", 4, 1));
	assert_int(97, walk(w, 10000, taken));
	fo_walk_free(w);
	/* 39: bead, its 3 swaps (ebad, baed, beda), and bea with a byte
	 * added before, inside or after it (abea, bxea, bexa, beax), none
	 * with a byte changed (bjad), as the walk of all edits takes */
	for (i = 0; i < 10000; i++)
		n += (size_t)taken[i];
	assert_int(39, n);
	assert_int(0, taken[1 * 1000 + 9 * 100 + 0 * 10 + 3]); /* bjad */
	assert_int(1, taken[4 * 1000 + 1 * 100 + 0 * 10 + 3]); /* ebad */
}

static const fo_test tests[] = {
	FO_TEST(test_spellwalk__a_term_within_reach_is_taken),
	FO_TEST(
	    test_spellwalk__a_prefix_out_of_reach_seeks_the_next_one_in_reach),
	FO_TEST(test_spellwalk__the_prefix_is_kept_and_other_terms_are_taken),
	FO_TEST(test_spellwalk__byte_255_has_no_next_byte),
	FO_TEST(test_spellwalk__out_of_range_words_are_refused),
	FO_TEST(test_spellwalk__no_term_within_reach_is_skipped),
	FO_TEST(test_spellwalk__no_term_within_slips_is_skipped),
	FO_TEST(test_spellwalk__a_small_part_of_the_vocabulary_is_read),
	FO_TEST(test_spellwalk__slips_read_less),
};

int main(void)
{
	return FO_RUN(tests);
}
