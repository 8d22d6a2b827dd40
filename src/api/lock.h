/*
 * lock.h: the index's write lock. One writer at a time, whatever it does
 * (incremental run or rebuild), holds an exclusive flock(2) on the file
 * FO_LOCK_NAME in the index directory for as long as its handle is open.
 * Xapian's own lock protects one generation only; this one protects the
 * index across generation switches, so a writer waiting for a rebuild can
 * never wake up holding the generation that was just replaced. The kernel
 * drops the lock when the process dies, so it is never stale: the file is
 * never deleted (deleting it would let two writers in). The holder
 * writes its process id and start time in it, which the message of a
 * writer it locks out names (only while that process lives).
 */
#ifndef FOLIO_LOCK_H
#define FOLIO_LOCK_H

#include "folio.h"
#include "util/buf.h"

#define FO_LOCK_NAME ".folio-lock"

/* Take the lock of index directory dir (which must exist), waiting for it
 * when wait is non-zero; messages name the directory as shown (the path
 * as the caller gave it). *fd receives the descriptor that holds it.
 * FOLIO_ERROR_LOCKED when another writer holds it and wait is zero;
 * FOLIO_ERROR_INTERRUPTED when a signal whose handler was installed
 * without SA_RESTART lands in the wait: the caller's way to give up
 * waiting (alarm(2), a signal to the thread), as for a blocking read. */
folio_status fo_lock_take(const char *dir, const char *shown, int wait, int *fd,
                          fo_buf *why);

/* Release the lock (close the descriptor); fd < 0 is allowed. */
void fo_lock_drop(int fd);

#endif
