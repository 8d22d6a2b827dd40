/*
 * harness.h: a minimal test harness in the spirit of libgit2's clar. A test
 * file defines functions named test_<module>__<case>, lists them in a
 * FO_TESTS table and calls fo_run_tests() from main(). Each assertion
 * reports file:line and the values compared, and a failed test goes on to
 * the next one. The closing line is "N passed, N failed".
 */
#ifndef FOLIO_TEST_HARNESS_H
#define FOLIO_TEST_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fo_test {
	const char *name;
	void (*fn)(void);
} fo_test;

static int fo_test_failed_;

#define FO_TEST(fn) { #fn, fn }

#define FO_FAIL_(...)                                                          \
	do {                                                                   \
		fprintf(stderr, "  %s:%d: ", __FILE__, __LINE__);              \
		fprintf(stderr, __VA_ARGS__);                                  \
		fputc('\n', stderr);                                           \
		fo_test_failed_ = 1;                                           \
		return;                                                        \
	} while (0)

#define assert_true(cond)                                                      \
	do {                                                                   \
		if (!(cond))                                                   \
			FO_FAIL_("expected true: %s", #cond);                  \
	} while (0)

#define assert_int(expected, actual)                                           \
	do {                                                                   \
		long long e_ = (long long)(expected), a_ = (long long)(actual); \
		if (e_ != a_)                                                  \
			FO_FAIL_("%s: expected %lld, got %lld", #actual, e_, a_); \
	} while (0)

#define assert_str(expected, actual)                                           \
	do {                                                                   \
		const char *e_ = (expected), *a_ = (actual);                   \
		if ((e_ == NULL) != (a_ == NULL) ||                            \
		    (e_ && strcmp(e_, a_) != 0))                                \
			FO_FAIL_("%s: expected \"%s\", got \"%s\"", #actual,   \
			         e_ ? e_ : "(null)", a_ ? a_ : "(null)");      \
	} while (0)

#define assert_ok(call)                                                        \
	do {                                                                   \
		int rc_ = (int)(call);                                         \
		if (rc_ != 0)                                                  \
			FO_FAIL_("%s: status %d", #call, rc_);                 \
	} while (0)

static int fo_run_tests(const fo_test *tests, size_t n)
{
	size_t i, passed = 0, failed = 0;
	const char *only = getenv("FO_TEST");

	for (i = 0; i < n; i++) {
		if (only && !strstr(tests[i].name, only))
			continue;
		fo_test_failed_ = 0;
		tests[i].fn();
		if (fo_test_failed_) {
			fprintf(stderr, "FAIL %s\n", tests[i].name);
			failed++;
		} else {
			printf("ok %s\n", tests[i].name);
			passed++;
		}
	}
	printf("%zu passed, %zu failed\n", passed, failed);
	return failed ? 1 : 0;
}

#define FO_RUN(tests) fo_run_tests(tests, sizeof(tests) / sizeof(tests[0]))

#endif
