/*
 * test_wordbreak.c: conformance of folio's word segmentation with Unicode's
 * WordBreakTest.txt (UAX #29). Every line of the file is run twice:
 *
 * 1. through fo_wb_is_break(), the untailored rules WB3-WB999, which must
 *    agree with every boundary of every line;
 * 2. through folio's segmenter (fo_seg_next, the path the analyzer uses),
 *    whose words must be exactly UAX #29's word segments (those holding a
 *    letter or number) except on the lines listed in fo_tailored below,
 *    each with the folio rule that makes the difference (doc/analyzer.md).
 *    A line that starts or stops differing fails the test either way.
 */
#include "harness.h"

#include "analyzer/segment.h"
#include "analyzer/wordbreak.h"

#include <utf8proc.h>

#include <stdint.h>

#define FO_WBT_PATH "/usr/share/unicode/auxiliary/WordBreakTest.txt"
#define FO_WBT_MAX 64 /* code points per line; the longest has 23 */

typedef struct fo_wbt_line {
	unsigned lineno;
	size_t n;
	uint32_t cp[FO_WBT_MAX];
	int brk[FO_WBT_MAX + 1]; /* brk[i]: a boundary before cp[i] */
} fo_wbt_line;

/* Parse one test line ("÷ 0041 × 0308 ÷ ..."); 0 for comments. */
static int parse_line(const char *s, fo_wbt_line *l)
{
	unsigned long cp;
	char *end;

	l->n = 0;
	while (*s && *s != '#' && *s != '\n') {
		if ((unsigned char)s[0] == 0xc3 && (unsigned char)s[1] == 0xb7) {
			l->brk[l->n] = 1; /* ÷ */
			s += 2;
		} else if ((unsigned char)s[0] == 0xc3 &&
		           (unsigned char)s[1] == 0x97) {
			l->brk[l->n] = 0; /* × */
			s += 2;
		} else if (*s == ' ' || *s == '\t') {
			s++;
		} else {
			cp = strtoul(s, &end, 16);
			if (end == s || l->n >= FO_WBT_MAX)
				return -1;
			l->cp[l->n++] = (uint32_t)cp;
			s = end;
		}
	}
	return l->n > 0;
}

/* All lines of the file, in order; NULL (and a message) when unreadable. */
static fo_wbt_line *load_lines(size_t *count)
{
	static char buf[4096];
	fo_wbt_line *lines = NULL, *grown;
	size_t n = 0, cap = 0;
	unsigned lineno = 0;
	FILE *f = fopen(FO_WBT_PATH, "r");
	int r;

	if (!f) {
		fprintf(stderr, "  cannot open %s (package unicode-data)\n",
		        FO_WBT_PATH);
		return NULL;
	}
	while (fgets(buf, sizeof(buf), f)) {
		lineno++;
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			grown = realloc(lines, cap * sizeof(*lines));
			if (!grown) {
				free(lines);
				lines = NULL;
				break;
			}
			lines = grown;
		}
		r = parse_line(buf, &lines[n]);
		if (r < 0) {
			fprintf(stderr, "  %s:%u: unparseable\n", FO_WBT_PATH,
			        lineno);
			free(lines);
			lines = NULL;
			break;
		}
		if (r > 0)
			lines[n++].lineno = lineno;
	}
	fclose(f);
	*count = n;
	return lines;
}

static void test_wordbreak__uax29_rules_pass_every_line(void)
{
	unsigned char v[FO_WBT_MAX];
	fo_wbt_line *lines;
	size_t n = 0, i, k, bad = 0;

	lines = load_lines(&n);
	assert_true(lines != NULL);
	for (i = 0; i < n; i++) {
		fo_wbt_line *l = &lines[i];

		for (k = 0; k < l->n; k++)
			v[k] = (unsigned char)fo_wb_value(l->cp[k]);
		for (k = 1; k < l->n; k++) {
			if (fo_wb_is_break(v, l->n, k) != l->brk[k]) {
				if (bad < 10)
					fprintf(stderr, "  line %u: boundary "
					        "before code point %zu: expected "
					        "%d\n", l->lineno, k, l->brk[k]);
				bad++;
				break;
			}
		}
	}
	printf("  %zu lines of WordBreakTest.txt, %zu differ\n", n, bad);
	free(lines);
	/* the file has 1,823 test lines in Unicode 15.0 */
	assert_true(n > 1800);
	assert_int(0, bad);
}

/* --- folio's segmentation against the word segments --- */

typedef struct fo_span {
	size_t start, end;
} fo_span;

typedef struct fo_spans {
	size_t n;
	fo_span s[FO_WBT_MAX];
} fo_spans;

/* A word segment holds a letter or a number (a segment of spaces or
 * punctuation is not indexed by anyone). */
static int is_wordish(uint32_t cp)
{
	switch (utf8proc_category((utf8proc_int32_t)cp)) {
	case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL:
	case UTF8PROC_CATEGORY_LT: case UTF8PROC_CATEGORY_LM:
	case UTF8PROC_CATEGORY_LO: case UTF8PROC_CATEGORY_ND:
	case UTF8PROC_CATEGORY_NL: case UTF8PROC_CATEGORY_NO:
		return 1;
	default:
		return 0;
	}
}

/* Encode l as UTF-8 into text (offsets of each code point in off[]), and
 * fill uax with UAX #29's word segments as byte spans. */
static size_t encode_line(const fo_wbt_line *l, char *text, size_t *off,
                          fo_spans *uax)
{
	size_t len = 0, k, seg = 0;
	int wordish = 0;

	uax->n = 0;
	for (k = 0; k < l->n; k++) {
		off[k] = len;
		len += (size_t)utf8proc_encode_char((utf8proc_int32_t)l->cp[k],
		                                    (utf8proc_uint8_t *)text + len);
	}
	off[l->n] = len;
	for (k = 0; k <= l->n; k++) {
		if (k == l->n || (k > 0 && l->brk[k])) {
			if (wordish) {
				uax->s[uax->n].start = off[seg];
				uax->s[uax->n].end = off[k];
				uax->n++;
			}
			seg = k;
			wordish = 0;
		}
		if (k < l->n && is_wordish(l->cp[k]))
			wordish = 1;
	}
	return len;
}

/* folio's words: the span of each compound, and of each character of a
 * CJK run (bigrams are made from those characters after segmentation). */
static void folio_words(const char *text, size_t len, fo_spans *out)
{
	fo_segmenter sg;
	fo_seg_compound c;
	unsigned i;

	out->n = 0;
	fo_seg_init(&sg, text, len);
	while (fo_seg_next(&sg, &c) && out->n < FO_WBT_MAX) {
		if (c.cjk) {
			for (i = 0; i < c.n_parts && out->n < FO_WBT_MAX; i++) {
				/* chunks of a long run overlap by one character */
				if (out->n && out->s[out->n - 1].start ==
				                      c.parts[i].start)
					continue;
				out->s[out->n].start = c.parts[i].start;
				out->s[out->n].end = c.parts[i].end;
				out->n++;
			}
			continue;
		}
		out->s[out->n].start = c.start;
		out->s[out->n].end = c.end;
		out->n++;
	}
}

static int same_spans(const fo_spans *a, const fo_spans *b)
{
	size_t i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (a->s[i].start != b->s[i].start || a->s[i].end != b->s[i].end)
			return 0;
	return 1;
}

#include "wordbreak_tailored.h"

static void test_wordbreak__folio_segments_like_uax29_except_tailoring(void)
{
	static char text[FO_WBT_MAX * 4 + 1];
	size_t off[FO_WBT_MAX + 1];
	fo_spans uax, got;
	fo_wbt_line *lines;
	size_t n = 0, i, len, t = 0, differ = 0, bad = 0, k;
	size_t n_tailored = sizeof(fo_tailored) / sizeof(fo_tailored[0]);
	int listed, same;

	lines = load_lines(&n);
	assert_true(lines != NULL);
	for (i = 0; i < n; i++) {
		len = encode_line(&lines[i], text, off, &uax);
		folio_words(text, len, &got);
		while (t < n_tailored && fo_tailored[t].lineno < lines[i].lineno)
			t++;
		listed = t < n_tailored && fo_tailored[t].lineno == lines[i].lineno;
		same = same_spans(&uax, &got);
		if (same && !listed)
			continue;
		if (!same && listed) {
			differ++;
			continue;
		}
		bad++;
		if (getenv("FO_WBT_DUMP") || bad <= 10) {
			fprintf(stderr, "  line %u%s:", lines[i].lineno,
			        listed ? " (listed, but agrees)" : "");
			for (k = 0; k < uax.n; k++)
				fprintf(stderr, " [%zu,%zu)", uax.s[k].start,
				        uax.s[k].end);
			fprintf(stderr, " | folio:");
			for (k = 0; k < got.n; k++)
				fprintf(stderr, " [%zu,%zu)", got.s[k].start,
				        got.s[k].end);
			fprintf(stderr, "\n");
		}
	}
	printf("  %zu lines: %zu as UAX #29, %zu tailored (listed), %zu "
	       "unexpected\n", n, n - differ - bad, differ, bad);
	free(lines);
	assert_int(0, bad);
	assert_int(n_tailored, differ);
}

static const fo_test tests[] = {
	FO_TEST(test_wordbreak__uax29_rules_pass_every_line),
	FO_TEST(test_wordbreak__folio_segments_like_uax29_except_tailoring),
};

int main(void)
{
	return FO_RUN(tests);
}
