/*
 * test_prescan.c: unit tests of the snippet pre-scan's safety rule
 * (src/search/prescan.h): white space parts the analysis, so a chunk's
 * tokens are its own; an ASCII chunk holds each of its terms, and the
 * start of each English stem, as needles; a chunk with a letter or a
 * digit has a token. If any of these broke, a snippet could lose a
 * match the analysis of the whole text finds.
 */
#include "harness.h"

#include "search/prescan.h"
#include "util/ascii.h"

#include <stdlib.h>

#define FO_SNOWBALL_DATA "/usr/share/snowball/data"

/* A token as the analyzer gave it, offsets and position as given. */
typedef struct tok {
	char term[FO_MAX_TERM_BYTES + 1];
	size_t start, end;
	uint32_t pos;
	fo_token_kind kind;
} tok;

typedef struct toks {
	tok *t;
	size_t n, cap;
} toks;

static int on_tok(const fo_token *t, void *ctx)
{
	toks *l = ctx;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->t = realloc(l->t, l->cap * sizeof *l->t);
		if (!l->t)
			return 1;
	}
	memcpy(l->t[l->n].term, t->term, t->len + 1);
	l->t[l->n].start = t->start;
	l->t[l->n].end = t->end;
	l->t[l->n].pos = t->pos;
	l->t[l->n].kind = t->kind;
	l->n++;
	return 0;
}

static unsigned long rnd_state = 12345;

static unsigned rnd(unsigned n)
{
	rnd_state = rnd_state * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)(rnd_state >> 33) % n;
}

/* A random text of pieces the analyzer treats specially: camelCase,
 * joiners, apostrophes, digit groups, C++, .NET, marks, CJK, white
 * space of every kind. ascii: only ASCII pieces. */
static void random_text(char *buf, size_t cap, int ascii)
{
	static const char *pieces[] = {
		"free",
		"Threaded",
		"GPUs",
		"x",
		"86",
		"_",
		"-",
		".",
		",",
		"'",
		"s",
		"+",
		"++",
		"#",
		"1",
		"068",
		"NET",
		"getElementById",
		"a",
		"Z",
		" ",
		" ",
		"  ",
		"\t",
		"\n",
		"\r\n",
		"\v",
		"\f",
		":",
		"/",
		"(",
		")",
		"--",
		"e",
		"lock",
		"ing",
		"\x01",
		"\x7f",
		"@",
		/* not ASCII: é, a combining acute, U+2010, U+2019, 中文,
		 * U+00A0, an emoji, fullwidth A, a soft hyphen, ﬁ */
		"\xC3\xA9",
		"\xCC\x81",
		"\xE2\x80\x90",
		"\xE2\x80\x99",
		"\xE4\xB8\xAD\xE6\x96\x87",
		"\xC2\xA0",
		"\xF0\x9F\x98\x80",
		"\xEF\xBC\xA1",
		"\xC2\xAD",
		"\xEF\xAC\x81",
	};
	size_t n_ascii = 39, n_all = sizeof pieces / sizeof *pieces;
	size_t len = 0, k;

	while (len + 8 < cap) {
		const char *p =
		    pieces[rnd(ascii ? (unsigned)n_ascii : (unsigned)n_all)];

		k = strlen(p);
		if (len + k + 1 >= cap)
			break;
		memcpy(buf + len, p, k);
		len += k;
		if (len > cap / 2 && rnd(8) == 0)
			break;
	}
	buf[len] = '\0';
}

/* The chunks of text: runs of bytes between ASCII white space. */
static size_t next_chunk(const char *text, size_t len, size_t p, size_t *end)
{
	while (p < len && fo_ascii_is_space((unsigned char)text[p]))
		p++;
	for (*end = p;
	     *end < len && !fo_ascii_is_space((unsigned char)text[*end]);)
		(*end)++;
	return p;
}

static int ascii_word_char(const char *text, size_t start, size_t end)
{
	for (; start < end; start++)
		if (fo_ascii_is_alpha((unsigned char)text[start]) ||
		    fo_ascii_is_digit((unsigned char)text[start]))
			return 1;
	return 0;
}

/* Every token of a text is a token of its chunk analysed alone, at the
 * chunk's offset, positions following on; and a chunk with an ASCII
 * letter or digit has a token of its own (not only a joined one). */
static void test_prescan__white_space_parts_the_analysis(void)
{
	fo_analyzer *an = NULL;
	char text[200];
	int round, bad = 0;

	assert_true(fo_analyzer_new("none", &an) == FOLIO_OK);
	for (round = 0; round < 20000; round++) {
		toks whole = { 0 }, part = { 0 };
		size_t len, p, end, i, k = 0;
		uint32_t pos = 0;

		random_text(text, sizeof text, round % 2);
		len = strlen(text);
		assert_true(fo_analyze(an, text, len, on_tok, &whole) ==
		            FOLIO_OK);
		for (p = next_chunk(text, len, 0, &end); p < len;
		     p = next_chunk(text, len, end, &end)) {
			size_t words = 0;

			part.n = 0;
			assert_true(fo_analyze(an, text + p, end - p, on_tok,
			                       &part) == FOLIO_OK);
			for (i = 0; i < part.n; i++, k++) {
				const tok *a = &part.t[i], *b = &whole.t[k];

				if (k >= whole.n || strcmp(a->term, b->term) ||
				    a->start + p != b->start ||
				    a->end + p != b->end ||
				    a->pos + pos != b->pos ||
				    a->kind != b->kind)
					bad++;
				words += a->kind != FO_TOK_JOINED;
			}
			if (part.n)
				pos += part.t[part.n - 1].pos + 1;
			if (!words && ascii_word_char(text, p, end)) {
				fprintf(stderr, "  no token in \"%.*s\"\n",
				        (int)(end - p), text + p);
				bad++;
			}
		}
		if (k != whole.n)
			bad++;
		if (bad) {
			fprintf(stderr, "  text \"%s\"\n", text);
			break;
		}
		free(whole.t);
		free(part.t);
	}
	assert_true(bad == 0);
	fo_analyzer_free(an);
}

/* Whether the pre-scan keeps the chunk that starts at byte start of
 * text for unit u. */
static int kept(fo_prescan *p, const fo_analyzer *an, const char *text,
                fo_hlunit *u, size_t start)
{
	fo_termset ts = { .units = u, .n = 1 };

	return fo_prescan_setup(p, an, &ts) == 1 &&
	       fo_prescan_islands(p, text, 0, strlen(text)) == 0 &&
	       fo_prescan_in_island(p, start);
}

/* The start of the chunk that holds byte at. */
static size_t chunk_of(const char *text, size_t at)
{
	while (at > 0 && !fo_ascii_is_space((unsigned char)text[at - 1]))
		at--;
	return at;
}

/* Each term of an ASCII text, and each English stem of one, is found
 * in the chunk that holds it: asked for as an exact word, as a word
 * with that stem, as a phrase's word. */
static void test_prescan__an_ascii_chunk_holds_its_terms_and_stems(void)
{
	fo_analyzer *an = NULL, *plain = NULL;
	fo_prescan p;
	char text[200];
	int round, bad = 0;

	memset(&p, 0, sizeof p);
	assert_true(fo_analyzer_new("english", &an) == FOLIO_OK);
	assert_true(fo_analyzer_new("none", &plain) == FOLIO_OK);
	for (round = 0; round < 5000 && !bad; round++) {
		toks l = { 0 };
		size_t i;

		random_text(text, sizeof text, 1);
		assert_true(fo_analyze(an, text, strlen(text), on_tok, &l) ==
		            FOLIO_OK);
		for (i = 0; i < l.n && !bad; i++) {
			char none[] = "qqqqqqqq";
			char *seq[1] = { l.t[i].term };
			const char *stem;
			size_t stem_len, at = chunk_of(text, l.t[i].start);
			fo_hlunit exact = { FO_HL_EXACT, l.t[i].term, NULL,
				            NULL,        0,           0,
				            0,           0,           0,
				            0,           0,           0 };
			fo_hlunit phrase = { FO_HL_SEQ, NULL, NULL, seq, 1, 0,
				             0,         0,    0,    0,   0, 0 };
			fo_hlunit word = { FO_HL_WORD, none, NULL, NULL, 0, 0,
				           0,          0,    0,    0,    0, 0 };
			char stem_copy[FO_MAX_TERM_BYTES + 1];

			if (!kept(&p, an, text, &exact, at) ||
			    !kept(&p, an, text, &phrase, at))
				bad++;
			assert_true(fo_analyzer_stem(an, l.t[i].term,
			                             strlen(l.t[i].term), &stem,
			                             &stem_len) == FOLIO_OK);
			if (stem) {
				memcpy(stem_copy, stem, stem_len + 1);
				word.stem = stem_copy;
				if (!kept(&p, an, text, &word, at))
					bad++;
			}
			if (bad)
				fprintf(stderr,
				        "  \"%s\" not found in \"%s\"\n",
				        l.t[i].term, text);
		}
		free(l.t);
	}
	assert_true(bad == 0);
	fo_prescan_free(&p);
	fo_analyzer_free(an);
	fo_analyzer_free(plain);
}

static char *chomp(char *s)
{
	s[strcspn(s, "\r\n")] = '\0';
	return s;
}

/* Every word of Snowball's English and Porter vocabularies starts with
 * the needle of its stem (the bytes a stem may rewrite left out). */
static void test_prescan__every_english_word_starts_with_its_stem_needle(void)
{
	static const char *langs[] = { "english", "porter" };
	static char word[1024], stem[1024];
	size_t k;

	for (k = 0; k < 2; k++) {
		char path[256];
		FILE *voc, *out;
		long words = 0, bad = 0;

		snprintf(path, sizeof path, FO_SNOWBALL_DATA "/%s/voc.txt",
		         langs[k]);
		voc = fopen(path, "r");
		snprintf(path, sizeof path, FO_SNOWBALL_DATA "/%s/output.txt",
		         langs[k]);
		out = fopen(path, "r");
		assert_true(voc && out);
		while (voc && out && fgets(word, sizeof word, voc) &&
		       fgets(stem, sizeof stem, out)) {
			size_t n = fo_prescan_stem_needle(chomp(stem),
			                                  strlen(chomp(stem)));

			chomp(word);
			/* Porter2 drops an apostrophe that starts a word, and
			 * no term starts with one (hlspans.c) */
			if (word[0] == '\'')
				continue;
			words++;
			if (n > strlen(word) || memcmp(word, stem, n) != 0) {
				if (bad++ < 5)
					fprintf(stderr, "  %s: %s -> %s\n",
					        langs[k], word, stem);
			}
		}
		if (voc)
			fclose(voc);
		if (out)
			fclose(out);
		assert_true(words > 20000);
		assert_true(bad == 0);
	}
}

/* Words made of a stem and one or two of the suffixes Porter2 and
 * Porter rewrite, stemmed: each starts with its stem's needle. */
static void test_prescan__suffixed_words_start_with_their_stem_needle(void)
{
	static const char *bases[] = { "ab", "gener", "kn",   "d",
		                       "l",  "sk",    "t",    "capab",
		                       "ho", "prob",  "cr",   "u",
		                       "ea", "on",    "sing", "fl" };
	static const char *sufs[] = {
		"ational", "tional",  "enci",  "anci",    "abli",    "entli",
		"izer",    "ization", "ation", "ator",    "alism",   "aliti",
		"alli",    "fulness", "ousli", "ousness", "iveness", "iviti",
		"biliti",  "bility",  "bli",   "bly",     "ogi",     "ogy",
		"fulli",   "lessli",  "li",    "ly",      "ing",     "ed",
		"edly",    "ingly",   "ies",   "ied",     "s",       "sses",
		"y",       "ness",    "ful",   "ative",   "icate",   "iciti",
		"ical",    "alize",   "ement", "ment",    "ent",     "ism",
		"ate",     "iti",     "ity",   "ous",     "ive",     "ize",
		"ion",     "al",      "er",    "ic",      "ance",    "ence",
		"able",    "ible",    "ant",   "e",       "ll",      "eed",
		"eedly",   "ying",    "at",    "bl",      "iz",      "'s",
		"'",       "ency",    "ancy",  "ably",    "ibly",
	};
	size_t nb = sizeof bases / sizeof *bases,
	       ns = sizeof sufs / sizeof *sufs;
	static const char *langs[] = { "english", "porter" };
	size_t b, i, j, k;
	long bad = 0;

	for (k = 0; k < 2; k++) {
		fo_analyzer *an = NULL;

		assert_true(fo_analyzer_new(langs[k], &an) == FOLIO_OK);
		for (b = 0; b < nb; b++)
			for (i = 0; i < ns; i++)
				for (j = 0; j <= ns; j++) {
					char w[64];
					const char *stem;
					size_t len, n;

					snprintf(w, sizeof w, "%s%s%s",
					         bases[b], sufs[i],
					         j < ns ? sufs[j] : "");
					if (strchr(w, '\''))
						continue; /* not letters */
					assert_true(fo_analyzer_stem(
					                an, w, strlen(w), &stem,
					                &len) == FOLIO_OK);
					if (!stem)
						continue;
					n = fo_prescan_stem_needle(stem, len);
					if (n > strlen(w) ||
					    memcmp(w, stem, n)) {
						if (bad++ < 5)
							fprintf(
							    stderr,
							    "  %s -> %.*s\n", w,
							    (int)len, stem);
					}
				}
		fo_analyzer_free(an);
	}
	assert_true(bad == 0);
}

/* The needle of a stem: whole, or less the bytes a rewrite may leave. */
static void test_prescan__a_stem_needle_leaves_out_what_may_be_rewritten(void)
{
	assert_true(fo_prescan_stem_needle("lock", 4) == 4);
	assert_true(fo_prescan_stem_needle("generat", 7) == 7);
	assert_true(fo_prescan_stem_needle("the", 3) == 2);     /* th... */
	assert_true(fo_prescan_stem_needle("hope", 4) == 3);    /* hoping */
	assert_true(fo_prescan_stem_needle("academi", 7) == 6); /* academy */
	assert_true(fo_prescan_stem_needle("capabl", 6) == 5);  /* capability */
	assert_true(fo_prescan_stem_needle("sky", 3) == 2);     /* skies */
	assert_true(fo_prescan_stem_needle("capable", 7) ==
	            5);                                     /* capabilities */
	assert_true(fo_prescan_stem_needle("die", 3) == 1); /* dying */
	assert_true(fo_prescan_stem_needle("tie", 3) == 1); /* tying */
	assert_true(fo_prescan_stem_needle("pie", 3) == 2);
	assert_true(fo_prescan_stem_needle("a", 1) == 1);
	assert_true(fo_prescan_stem_needle("", 0) == 0);
}

/* A NEAR counts positions across chunks left out, and other languages
 * rewrite a word's start: the pre-scan does not apply. */
static void test_prescan__a_near_or_another_language_is_not_prescanned(void)
{
	fo_analyzer *en = NULL, *fr = NULL;
	fo_prescan p;
	char lock[] = "lock";
	fo_hlunit near = {
		FO_HL_WORD, lock, NULL, NULL, 0, 1, 0, 3, 0, 0, 0, 0
	};
	fo_hlunit word = {
		FO_HL_WORD, lock, NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0
	};
	fo_termset ts_near = { .units = &near, .n = 1 },
	           ts_word = { .units = &word, .n = 1 };

	memset(&p, 0, sizeof p);
	assert_true(fo_analyzer_new("english", &en) == FOLIO_OK);
	assert_true(fo_analyzer_new("french", &fr) == FOLIO_OK);
	assert_true(fo_prescan_setup(&p, en, &ts_word) == 1);
	assert_true(fo_prescan_setup(&p, en, &ts_near) == 0);
	assert_true(fo_prescan_setup(&p, fr, &ts_word) == 0);
	fo_prescan_free(&p);
	fo_analyzer_free(en);
	fo_analyzer_free(fr);
}

/* Islands: the chunks that hold a needle or a byte >= 0x80, joined
 * across chunks without letters or digits only. */
static void test_prescan__islands_join_only_across_chunks_without_words(void)
{
	fo_analyzer *an = NULL;
	fo_prescan p;
	char lock[] = "lock";
	fo_hlunit word = {
		FO_HL_WORD, lock, NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0
	};
	fo_termset ts = { .units = &word, .n = 1 };
	/*                 0         1         2         3         4
	 *                 0123456789012345678901234567890123456789012 */
	const char *text = "a LOCK -- locks b Lock-free c caf\xC3\xA9 d";

	memset(&p, 0, sizeof p);
	assert_true(fo_analyzer_new("english", &an) == FOLIO_OK);
	assert_true(fo_prescan_setup(&p, an, &ts) == 1);
	assert_true(fo_prescan_islands(&p, text, 0, strlen(text)) == 0);
	assert_true(p.n_islands == 3);
	assert_true(p.islands[0] == 2 && p.islands[1] == 15);
	assert_true(p.islands[2] == 18 && p.islands[3] == 27);
	assert_true(p.islands[4] == 30 && p.islands[5] == 35);
	fo_prescan_free(&p);
	fo_analyzer_free(an);
}

/* Whether needle n is at s, where any '.' or '_' of s may be left out
 * (a name's squeezed term: fo_token_squeezed). */
static int holds_at(const char *s, const char *n)
{
	if (!*n)
		return 1;
	if (!*s)
		return 0;
	if (*s == *n && holds_at(s + 1, n + 1))
		return 1;
	return (*s == '.' || *s == '_') && holds_at(s + 1, n);
}

static int holds(const char *s, const char *n)
{
	for (; *s; s++)
		if (holds_at(s, n))
			return 1;
	return 0;
}

/* The islands of the rule spelt out plainly: each chunk squeezed (ASCII
 * lowercased, '-' and ',' left out) and searched for each needle (any
 * '.' or '_' may be left out), kept if it holds one or a byte >= 0x80;
 * kept chunks joined across chunks without letters or digits. */
static size_t reference_islands(const char *text, char **needles,
                                size_t n_needles, size_t *out)
{
	size_t len = strlen(text), p, end, n = 0, last = 0, k, i;
	int open = 0;

	for (p = next_chunk(text, len, 0, &end); p < len;
	     p = next_chunk(text, len, end, &end)) {
		char sq[256];
		size_t q = 0;
		int keep = 0;

		for (i = p; i < end; i++) {
			unsigned char b = (unsigned char)text[i];

			keep |= b >= 0x80;
			if (b != '-' && b != ',')
				sq[q++] = fo_ascii_lower(b);
		}
		sq[q] = '\0';
		for (k = 0; k < n_needles; k++)
			keep |= holds(sq, needles[k]);
		if (keep) {
			if (!open || ascii_word_char(text, last, p)) {
				if (open)
					n++;
				out[2 * n] = p;
				open = 1;
			}
			out[2 * n + 1] = last = end;
		}
	}
	return n + open;
}

/* The pre-scan's islands, found sixteen bytes at a time where it can,
 * are the reference's on random texts and needles. */
static void test_prescan__islands_are_the_rules_on_random_texts(void)
{
	static const char *pool[] = {
		"free", "freethreaded", "1068",  "lock",   "t",     "ab",
		"e",    "pg_stat",      "c++",   ".net",   "don't", "aa",
		"zz",   "x86",          "hread", "pgstat", "net",   "stat"
	};
	static const char *pieces[] = {
		"Free",
		"-",
		",",
		"threaded",
		"LOCK",
		"ing",
		" ",
		" ",
		"\n",
		"1",
		"068",
		"pg",
		"_",
		"stat",
		"C++",
		".NET",
		"don't",
		"a",
		"A",
		"b",
		"t",
		"\xC3\xA9",
		"zz",
		"x86",
		"e",
		"--",
		", ",
		"\xE4\xB8\xAD",
		"qqqqqqqqqqqqqqqq",
		"(",
		")",
		"!",
	};
	size_t np = sizeof pool / sizeof *pool;
	size_t npieces = sizeof pieces / sizeof *pieces;
	fo_analyzer *an = NULL;
	fo_prescan p;
	int round, bad = 0;

	memset(&p, 0, sizeof p);
	assert_true(fo_analyzer_new("english", &an) == FOLIO_OK);
	for (round = 0; round < 20000 && !bad; round++) {
		char text[240], *needles[4];
		fo_hlunit units[4];
		fo_termset ts = { .units = units, .n = 0 };
		size_t want[240], n_want, len = 0, k;

		while (len + 20 < sizeof text && (len < 40 || rnd(12))) {
			const char *x = pieces[rnd((unsigned)npieces)];

			memcpy(text + len, x, strlen(x));
			len += strlen(x);
		}
		text[len] = '\0';
		ts.n = 1 + rnd(4);
		for (k = 0; k < ts.n; k++) {
			needles[k] = (char *)pool[rnd((unsigned)np)];
			memset(&units[k], 0, sizeof units[k]);
			units[k].kind = FO_HL_EXACT;
			units[k].term = needles[k];
		}
		n_want = reference_islands(text, needles, ts.n, want);
		if (fo_prescan_setup(&p, an, &ts) != 1 ||
		    fo_prescan_islands(&p, text, 0, len) != 0 ||
		    p.n_islands != n_want ||
		    memcmp(p.islands, want, 2 * n_want * sizeof *want) != 0) {
			fprintf(stderr, "  text \"%s\", %zu islands for %zu\n",
			        text, p.n_islands, n_want);
			bad++;
		}
	}
	assert_true(bad == 0);
	fo_prescan_free(&p);
	fo_analyzer_free(an);
}

static const fo_test tests[] = {
	FO_TEST(test_prescan__white_space_parts_the_analysis),
	FO_TEST(test_prescan__an_ascii_chunk_holds_its_terms_and_stems),
	FO_TEST(test_prescan__every_english_word_starts_with_its_stem_needle),
	FO_TEST(test_prescan__suffixed_words_start_with_their_stem_needle),
	FO_TEST(test_prescan__a_stem_needle_leaves_out_what_may_be_rewritten),
	FO_TEST(test_prescan__a_near_or_another_language_is_not_prescanned),
	FO_TEST(test_prescan__islands_join_only_across_chunks_without_words),
	FO_TEST(test_prescan__islands_are_the_rules_on_random_texts),
};

int main(void)
{
	return FO_RUN(tests);
}
