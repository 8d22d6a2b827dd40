/*
 * fuzz_corpus.c: libFuzzer target for the corpus parsers. The input goes
 * to both parsers and to fo_date_parse; every post they hand out is
 * checked against the corpus.h contract (required fields present, strings
 * valid UTF-8, dates well formed), so a contract break aborts like a
 * memory error does. JSON Lines read in two parts, as the indexer reads a
 * large file, must give what the whole file gives.
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
#include <stdio.h>
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

static void on_problem(const char *file, unsigned line, const char *url,
                       const char *message, void *ctx)
{
	(void)file;
	(void)ctx;
	if (line == 0 || !message || !*message || strchr(message, '\n'))
		abort();
	if (url && !*url)
		abort();
}

/* A running FNV-1a digest of what a JSON Lines parse handed out, so that
 * a file read in parts (fo_jsonl_parse_from, as the indexer reads large
 * files) can be checked against the same file read whole. */
static void mix(uint64_t *h, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "\x01");

	do
		*h = (*h ^ *p) * 0x100000001b3ull;
	while (*p++);
}

static void mix_line(uint64_t *h, unsigned line)
{
	char n[16];

	snprintf(n, sizeof n, "%u", line);
	mix(h, n);
}

static int on_post_digest(const folio_post *post, const char *file,
                          unsigned line, void *ctx)
{
	size_t i;

	on_post(post, file, line, NULL);
	mix_line(ctx, line);
	mix(ctx, post->url);
	mix(ctx, post->title);
	mix(ctx, post->summary);
	mix(ctx, post->company);
	mix(ctx, post->author);
	mix(ctx, post->type);
	mix(ctx, post->published);
	for (i = 0; i < post->n_topics; i++)
		mix(ctx, post->topics[i]);
	return 0;
}

static void on_problem_digest(const char *file, unsigned line, const char *url,
                              const char *message, void *ctx)
{
	on_problem(file, line, url, message, NULL);
	mix_line(ctx, line);
	mix(ctx, url);
	mix(ctx, message);
}

/* Read buf whole, then in two parts split after the newline nearest its
 * middle: the posts, problems and line numbers must be the same. */
static void check_parts(const char *buf, size_t size)
{
	uint64_t whole = 0xcbf29ce484222325ull, parts = whole;
	fo_corpus_sink a = { on_post_digest, on_problem_digest, &whole, NULL };
	fo_corpus_sink b = { on_post_digest, on_problem_digest, &parts, NULL };
	const char *nl = memchr(buf + size / 2, '\n', size - size / 2);
	size_t cut, i;
	unsigned lines = 1;

	if (!nl)
		return;
	cut = (size_t)(nl - buf) + 1;
	for (i = 0; i < cut; i++)
		lines += buf[i] == '\n';
	if (fo_jsonl_parse("fuzz.jsonl", buf, size, &a) != FOLIO_OK ||
	    fo_jsonl_parse_from("fuzz.jsonl", buf, cut, 1, &b) != FOLIO_OK ||
	    fo_jsonl_parse_from("fuzz.jsonl", buf + cut, size - cut, lines,
	                        &b) != FOLIO_OK || whole != parts)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const fo_corpus_sink sink = { on_post, on_problem, NULL, NULL };
	const char *buf = (const char *)data;
	char date[11];

	if (fo_markdown_parse("fuzz.md", buf, size, &sink) != FOLIO_OK)
		abort();
	if (fo_jsonl_parse("fuzz.jsonl", buf, size, &sink) != FOLIO_OK)
		abort();
	check_parts(buf, size);
	if (size <= 64 && fo_date_parse(buf, size, date) == 0)
		check_date(date);
	return 0;
}
