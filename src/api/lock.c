/*
 * lock.c: the index's write lock (see lock.h).
 */
#define _DEFAULT_SOURCE
#include "api/lock.h"

#include "util/errstr.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

/* The holder's record in the lock file, "<pid> <UTC time>\n", for the
 * message of the writer it locks out: which process to look at. */
static void note_holder(int fd)
{
	char line[64];
	struct tm tm;
	time_t now = time(NULL);
	int n;

	gmtime_r(&now, &tm);
	n = snprintf(line, sizeof line, "%ld ", (long)getpid());
	n += (int)strftime(line + n, sizeof line - (size_t)n,
	                   "%Y-%m-%dT%H:%M:%SZ\n", &tm);
	/* Best effort: the flock is the lock, the record only names it. */
	if (ftruncate(fd, 0) != 0 || pwrite(fd, line, (size_t)n, 0) != n)
		return;
}

/* " (process PID, since TIME)" of the holder's record, when that process
 * is alive: a holder that has not written its record yet leaves the last
 * one's, whose process is gone. */
static void name_holder(int fd, fo_buf *why)
{
	char line[64], when[32];
	ssize_t got = pread(fd, line, sizeof line - 1, 0);
	long pid;

	if (got <= 0)
		return;
	line[got] = '\0';
	if (sscanf(line, "%ld %31s", &pid, when) == 2 && pid > 0 &&
	    (kill((pid_t)pid, 0) == 0 || errno == EPERM))
		fo_buf_printf(why, " (process %ld, since %s)", pid, when);
}

folio_status fo_lock_take(const char *dir, const char *shown, int wait, int *fd,
                          fo_buf *why)
{
	fo_buf path = FO_BUF_INIT;
	folio_status st = FOLIO_OK;
	int rc;

	*fd = -1;
	fo_buf_printf(&path, "%s/%s", dir, FO_LOCK_NAME);
	if (path.oom) {
		st = FOLIO_ERROR_NOMEM;
		goto done;
	}
	*fd = open(path.data, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (*fd < 0) {
		fo_buf_printf(why, "cannot open the lock file %s/%s: %s", shown,
		              FO_LOCK_NAME, fo_strerror(errno));
		st = FOLIO_ERROR_IO;
		goto done;
	}
	do
		rc = flock(*fd, LOCK_EX | (wait ? 0 : LOCK_NB));
	while (rc != 0 && errno == EINTR && !wait);
	if (rc != 0) {
		if (errno == EWOULDBLOCK) {
			fo_buf_printf(why, "%s is locked: another writer",
			              shown);
			name_holder(*fd, why);
			fo_buf_puts(why, " is indexing it");
			st = FOLIO_ERROR_LOCKED;
		} else if (errno == EINTR) {
			fo_buf_printf(why,
			              "a signal stopped the wait for the lock "
			              "of %s: another writer",
			              shown);
			name_holder(*fd, why);
			fo_buf_puts(why, " is indexing it");
			st = FOLIO_ERROR_INTERRUPTED;
		} else {
			fo_buf_printf(why, "cannot lock %s/%s: %s", shown,
			              FO_LOCK_NAME, fo_strerror(errno));
			st = FOLIO_ERROR_IO;
		}
	}
	if (st == FOLIO_OK)
		note_holder(*fd);
done:
	if (st != FOLIO_OK && *fd >= 0) {
		close(*fd);
		*fd = -1;
	}
	fo_buf_free(&path);
	return st;
}

void fo_lock_drop(int fd)
{
	if (fd >= 0)
		close(fd);
}
