/*
 * child.h: run a function in a child process (fork, no exec) and collect
 * what it writes, so that a crash in it (Xapian 1.4.22 reading past a
 * buffer in a damaged table) ends the child instead of the caller.
 */
#ifndef FOLIO_CHILD_H
#define FOLIO_CHILD_H

#include "util/buf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*fo_child_fn)(void *ctx, int fd);

/* fn(ctx, fd) in a child made by fork(), fd the write end of a
 * close-on-exec pipe whose every byte is appended to out (out->oom says
 * when some could not be kept). The child then leaves with _exit(0): the
 * parent's stdio buffers and atexit handlers are not the child's to run.
 * The crash signals (fo_child_crash_signal) take their default action in
 * the child, so that a crash ends it, whatever handler the caller (a
 * crash reporter, a sanitizer) installed for its own process.
 * Returns 0, with *signo the signal that ended the child, 0 when it
 * exited, -1 when it exited with another status or could not be waited
 * for (SIGCHLD ignored); ETIMEDOUT when timeout_ms (0: no limit) passed
 * before the child closed the pipe, which it does only by ending: it is
 * then killed (SIGKILL) and waited for, and out holds what it wrote
 * until then; else the errno of pipe, fork, poll or read. *signo is 0
 * when it returns other than 0. */
int fo_child_run(fo_child_fn fn, void *ctx, unsigned timeout_ms, fo_buf *out,
                 int *signo);

/* Whether sig is raised by a crash (a bad access, an abort) rather than
 * sent from outside (SIGKILL by the OOM killer, SIGTERM). */
int fo_child_crash_signal(int sig);

/* "SIGSEGV" for SIGSEGV, and so on for the crash signals and the usual
 * ones sent from outside; "a signal" for the rest. */
const char *fo_child_signal_name(int sig);

#ifdef __cplusplus
}
#endif

#endif
