/*
 * test_stem.c: every Snowball algorithm libstemmer offers, through folio's
 * stemming path (fo_stemmer_stem, the cache the analyzer uses included),
 * against the reference vocabularies of the snowball-data package:
 * /usr/share/snowball/data/<language>/voc.txt -> output.txt, line by line,
 * 100% agreement required. Each word is stemmed twice, so that the answer
 * from the cache (front cache and table) is checked as well as the first.
 * (Debian ships arabic's files gzip'ed; they are read through gzip -dc.)
 */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"

#include "analyzer/analyzer.h"
#include "analyzer/stem.h"

#include <libstemmer.h>

#define FO_SNOWBALL_DATA "/usr/share/snowball/data"

static char *chomp(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

/* Open dir/name, or read dir/name.gz through gzip; *piped says which. */
static FILE *open_data(const char *lang, const char *name, int *piped)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), FO_SNOWBALL_DATA "/%s/%s", lang, name);
	*piped = 0;
	f = fopen(path, "r");
	if (f)
		return f;
	snprintf(path, sizeof(path), "gzip -dc " FO_SNOWBALL_DATA
	         "/%s/%s.gz 2>/dev/null", lang, name);
	*piped = 1;
	return popen(path, "r");
}

static void close_data(FILE *f, int piped)
{
	if (f && piped)
		pclose(f);
	else if (f)
		fclose(f);
}

/* Stem every word of lang's voc.txt and compare with output.txt; returns
 * the number of words, or -1 when the files are missing. */
static long check_language(const char *lang, long *bad)
{
	static char word[1024], want[1024];
	int voc_piped, out_piped;
	fo_stemmer *st = NULL;
	const char *stem;
	size_t len, n;
	FILE *voc, *out;
	long words = 0;
	int round;

	voc = open_data(lang, "voc.txt", &voc_piped);
	out = open_data(lang, "output.txt", &out_piped);
	if (!voc || !out || fo_stemmer_new(lang, &st) != FOLIO_OK) {
		words = -1;
		goto done;
	}
	while (fgets(word, sizeof(word), voc)) {
		if (!fgets(want, sizeof(want), out)) {
			(*bad)++;
			break;
		}
		chomp(word);
		chomp(want);
		len = strlen(word);
		words++;
		for (round = 0; round < 2; round++) {
			if (fo_stemmer_stem(st, word, len, &stem, &n) != FOLIO_OK) {
				(*bad)++;
				break;
			}
			/* NULL means the stem is the word itself */
			if (!stem) {
				stem = word;
				n = len;
			}
			if (n != strlen(want) || memcmp(stem, want, n) != 0) {
				if ((*bad)++ < 5)
					fprintf(stderr, "  %s: %s -> %.*s, expected "
					        "%s (%s)\n", lang, word, (int)n,
					        stem, want,
					        round ? "cached" : "first");
			}
		}
	}
done:
	close_data(voc, voc_piped);
	close_data(out, out_piped);
	fo_stemmer_free(st);
	return words;
}

static void test_stem__every_language_matches_snowball_output(void)
{
	const char **l;
	long words, total = 0, bad = 0, langs = 0, missing = 0;

	for (l = sb_stemmer_list(); *l; l++) {
		long b = 0;

		words = check_language(*l, &b);
		if (words < 0) {
			fprintf(stderr, "  %s: no voc.txt/output.txt in "
			        FO_SNOWBALL_DATA "\n", *l);
			missing++;
			continue;
		}
		printf("  %-12s %7ld words, %ld differ\n", *l, words, b);
		if (words == 0) /* an empty pipe: no file after all */
			missing++;
		total += words;
		bad += b;
		langs++;
	}
	printf("  %ld languages, %ld words, %ld differ\n", langs, total, bad);
	assert_int(0, missing);
	assert_true(langs >= 25);
	assert_int(0, bad);
}

/* Every algorithm is selectable by name, as folio index --language and
 * folio_open_options.language pass it. */
static void test_stem__every_language_selectable(void)
{
	const char **l;
	fo_analyzer *an;

	for (l = sb_stemmer_list(); *l; l++) {
		an = NULL;
		assert_ok(fo_analyzer_new(*l, &an));
		assert_str(*l, fo_analyzer_language(an));
		fo_analyzer_free(an);
	}
}

static const fo_test tests[] = {
	FO_TEST(test_stem__every_language_matches_snowball_output),
	FO_TEST(test_stem__every_language_selectable),
};

int main(void)
{
	return FO_RUN(tests);
}
