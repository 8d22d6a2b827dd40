/*
 * lock.c: the index's write lock (see lock.h).
 */
#define _DEFAULT_SOURCE
#include "api/lock.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

folio_status fo_lock_take(const char *dir, int wait, int *fd, fo_buf *why)
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
		fo_buf_printf(why, "cannot open the lock file %s: %s", path.data,
		              strerror(errno));
		st = FOLIO_ERROR_IO;
		goto done;
	}
	do
		rc = flock(*fd, LOCK_EX | (wait ? 0 : LOCK_NB));
	while (rc != 0 && errno == EINTR);
	if (rc != 0) {
		if (errno == EWOULDBLOCK) {
			fo_buf_printf(why, "%s is locked: another writer is "
			              "indexing it", dir);
			st = FOLIO_ERROR_LOCKED;
		} else {
			fo_buf_printf(why, "cannot lock %s: %s", path.data,
			              strerror(errno));
			st = FOLIO_ERROR_IO;
		}
	}
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
