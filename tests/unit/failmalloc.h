/*
 * failmalloc.h: a malloc that fails once, the countdown-th allocation
 * after it is armed, for tests of what a failed allocation leaves
 * (api_nomem, test_merge). It replaces malloc, which glibc's own callers
 * (strdup, operator new) reach too: include it in one file of a program.
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

/* Allocations to let through before one fails; -1: none fails. */
static long countdown = -1;

void *malloc(size_t n)
{
	if (countdown >= 0 && countdown-- == 0) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_malloc(n);
}
#endif

#endif
