/*
 * test_url.c: fo_url_fold (util/url.h), and the unique-id term of a URL
 * looked up as folded (index/urlterm.h).
 */
#include "harness.h"
#include "index/schema.h"
#include "index/urlterm.h"
#include "util/url.h"

/* Ⱥ (U+023A) and Ⱦ (U+023E) take 2 bytes, their lower case 3. */
#define A_UP  "\xc8\xba"
#define A_LOW "\xe2\xb1\xa5"
#define T_UP  "\xc8\xbe"
#define T_LOW "\xe2\xb1\xa6"

static fo_buf out = FO_BUF_INIT;

/* That url folds to want, changed or not. */
static void folds(const char *url, const char *want, int changed)
{
	assert_int(changed, fo_url_fold(url, &out));
	assert_str(want, out.data);
}

static void test_url__scheme_and_host_fold_the_rest_keeps_its_case(void)
{
	folds("HTTPS://Ann@Ex.ORG:8080/Path?Q#F",
	      "https://Ann@ex.org:8080/Path?Q#F", 1);
	folds("https://ex.org/Path", "https://ex.org/Path", 0);
	/* no scheme: copied as it is */
	folds("/Relative/Path", "/Relative/Path", 0);
	folds("", "", 0);
	folds("Mailto:Ann@Ex.ORG", "mailto:Ann@Ex.ORG", 1);
}

/* A letter whose lower case is longer folds too: ȺX.org and ⱥx.org were
 * two posts. */
static void test_url__a_host_letter_whose_lower_case_is_longer_folds(void)
{
	folds("https://" A_UP "X." T_UP "/" A_UP,
	      "https://" A_LOW "x." T_LOW "/" A_UP, 1);
	folds("https://" A_LOW "x." T_LOW "/" A_UP,
	      "https://" A_LOW "x." T_LOW "/" A_UP, 0);
	/* the userinfo and port around it as they were */
	folds("http://U@" A_UP A_UP ":80?Q", "http://U@" A_LOW A_LOW ":80?Q",
	      1);
	/* shorter (ẞ, 3 bytes, is ß, 2) and the same length (É, é) */
	folds("https://\xe1\xba\x9e\xc3\x89.de/",
	      "https://\xc3\x9f\xc3\xa9.de/", 1);
	/* never to ASCII: the Kelvin sign is no k, İ no i (explore-v) */
	folds("https://\xe2\x84\xaa\xc4\xb0/", "https://\xe2\x84\xaa\xc4\xb0/",
	      0);
	/* bytes that are no UTF-8 are kept */
	folds("https://\xc8X\xff/", "https://\xc8x\xff/", 1);
}

/* A URL whose lower case crosses the length a term holds whole: both
 * spellings still find the one term (the hashed one). */
static void test_url__the_term_of_a_url_grown_past_the_limit_is_one(void)
{
	fo_buf url = FO_BUF_INIT, low = FO_BUF_INIT, term = FO_BUF_INIT,
	       want = FO_BUF_INIT;
	size_t prefix = strlen(FO_PREFIX_URL);

	fo_buf_puts(&url, "https://" A_UP ".org/");
	while (url.len + prefix < FO_MAX_BOOLEAN_TERM)
		fo_buf_putc(&url, 'p');
	assert_int(0, (int)url.oom);
	assert_int(1, fo_url_fold(url.data, &low));
	assert_int((long long)url.len + 1, (long long)low.len);
	fo_url_term(low.data, &want);
	assert_int('#', want.data[prefix]);
	fo_url_term(url.data, &term);
	assert_int((long long)url.len + prefix, (long long)term.len);
	assert_int(1, fo_url_term_folded(url.data, &term));
	assert_str(want.data, term.data);
	assert_int(0, fo_url_term_folded(low.data, &term));
	fo_buf_free(&url);
	fo_buf_free(&low);
	fo_buf_free(&term);
	fo_buf_free(&want);
}

static const fo_test tests[] = {
	FO_TEST(test_url__scheme_and_host_fold_the_rest_keeps_its_case),
	FO_TEST(test_url__a_host_letter_whose_lower_case_is_longer_folds),
	FO_TEST(test_url__the_term_of_a_url_grown_past_the_limit_is_one),
};

int main(void)
{
	int failed = FO_RUN(tests);

	fo_buf_free(&out);
	return failed;
}
