/*
 * failmalloc.h: allocations that fail from the countdown-th after it is
 * armed, once or (with failing_on set) every one after it, for tests of
 * what a failed allocation leaves (api_nomem, test_merge). It replaces
 * malloc, which glibc's own callers (strdup, operator new) reach too, and
 * realloc and calloc, which folio's buffers use: include it in one file
 * of a program.
 * glibc only; under the sanitizers, whose allocators it would bypass,
 * SANITIZED is defined and nothing is replaced.
 */
#ifndef FOLIO_FAILMALLOC_H
#define FOLIO_FAILMALLOC_H

#include <errno.h>
#include <stdlib.h> /* malloc, which this replaces */

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||     \
    __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif

#ifndef SANITIZED
extern void *__libc_malloc(size_t n);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_calloc(size_t n, size_t size);

/* Allocations to let through before one fails; -1: none fails. */
static long countdown = -1;
/* Nonzero: the one that fails is the first of all that fail, until
 * countdown is set again (memory that stays short, not one lost). */
static int failing_on;

static int fail_now(void)
{
	if (countdown < 0 || countdown-- > 0)
		return 0;
	if (failing_on)
		countdown = 0;
	errno = ENOMEM;
	return 1;
}

void *malloc(size_t n)
{
	return fail_now() ? NULL : __libc_malloc(n);
}

void *realloc(void *p, size_t n)
{
	return fail_now() ? NULL : __libc_realloc(p, n);
}

void *calloc(size_t n, size_t size)
{
	return fail_now() ? NULL : __libc_calloc(n, size);
}
#endif

#endif
