/*
 * fuzz_corpus.c: libFuzzer target for the corpus parsers. The input goes
 * to both parsers and to fo_date_parse; every post they hand out is
 * checked against the corpus.h contract (required fields present, strings
 * valid UTF-8, dates well formed), so a contract break aborts like a
 * memory error does.
 *
 * Built by CMake with -DFOLIO_FUZZ=ON and clang (tools/check runs it for
 * 20 s on tests/fuzz/corpus_seeds as ctest fuzz/fuzz_corpus). By hand:
 * clang -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude
 * -Isrc from this file, every .c file in src/corpus and src/util/buf.c,
 * then run e.g. fuzz_corpus -max_total_time=60 -max_len=4096 NEW_DIR
 * tests/fuzz/corpus_seeds/ (libFuzzer adds its finds to the first
 * directory, which should not be the checked-in seeds).
 */
#include "corpus/corpus.h"
#include "corpus/text.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_text(const char *s, int required)
{
	size_t n;

	if (!s) {
		if (required)
			abort();
		return;
	}
	n = strlen(s);
	if ((required && n == 0) || fo_text_utf8_check(s, n, 0) != n)
		abort();
}

static void check_date(const char *s)
{
	char again[11];

	if (!s)
		return;
	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-' ||
	    fo_date_parse(s, 10, again) != 0 || memcmp(s, again, 11) != 0)
		abort();
}

static int on_post(const folio_post *post, const char *file, unsigned line,
                   void *ctx)
{
	size_t i;

	(void)file;
	(void)ctx;
	if (line == 0)
		abort();
	check_text(post->url, 1);
	check_text(post->title, 1);
	check_text(post->summary, 1);
	check_text(post->company, 0);
	check_text(post->author, 0);
	check_text(post->type, 0);
	check_date(post->published);
	if (post->n_topics && !post->topics)
		abort();
	for (i = 0; i < post->n_topics; i++)
		check_text(post->topics[i], 1);
	return 0;
}

static void on_problem(const char *file, unsigned line, const char *message,
                       void *ctx)
{
	(void)file;
	(void)ctx;
	if (line == 0 || !message || !*message || strchr(message, '\n'))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const fo_corpus_sink sink = { on_post, on_problem, NULL };
	const char *buf = (const char *)data;
	char date[11];

	if (fo_markdown_parse("fuzz.md", buf, size, &sink) != FOLIO_OK)
		abort();
	if (fo_jsonl_parse("fuzz.jsonl", buf, size, &sink) != FOLIO_OK)
		abort();
	if (size <= 64 && fo_date_parse(buf, size, date) == 0)
		check_date(date);
	return 0;
}
