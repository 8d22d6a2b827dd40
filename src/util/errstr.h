/*
 * errstr.h: an error number's message, safe on any thread. strerror may
 * hand every thread one buffer (POSIX does not make it thread-safe), and
 * folio.h lets handles be used from several threads; so the library
 * reads messages with strerror_r here, and calls strerror nowhere.
 */
#ifndef FOLIO_UTIL_ERRSTR_H
#define FOLIO_UTIL_ERRSTR_H

#ifdef __cplusplus
extern "C" {
#endif

/* err's message, as strerror gives it, in a buffer of the calling
 * thread's own: good until that thread's next call. */
const char *fo_strerror(int err);

#ifdef __cplusplus
}
#endif

#endif
