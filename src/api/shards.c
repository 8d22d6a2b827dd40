/*
 * shards.c: the stub of a sharded generation (layout.h). Its lines name
 * the shards relative to the generation directory, in shard order, which
 * is the order Xapian combines them in and the order fo_xdb_shard_of
 * numbers them: a post with unique term T lives in shard
 * fo_xdb_shard_of(T) of n.
 */
#define _POSIX_C_SOURCE 200809L
#include "api/layout.h"
#include "util/errstr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

folio_status fo_shards_write_stub(const char *gen, unsigned n, fo_buf *why)
{
	fo_buf path = FO_BUF_INIT, body = FO_BUF_INIT;
	folio_status st = FOLIO_OK;
	unsigned k;
	int fd = -1;

	fo_buf_printf(&path, "%s/%s", gen, FO_STUB_NAME);
	for (k = 0; k < n; k++)
		fo_buf_printf(&body, "glass %s%u\n", FO_SHARD_PREFIX, k);
	if (path.oom || body.oom) {
		st = FOLIO_ERROR_NOMEM;
		goto done;
	}
	/* Synced with the rest of the generation before the switch
	 * (fo_layout_sync_tree), so no rename dance is needed here. */
	fd = open(path.data, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, body.data, body.len) != (ssize_t)body.len) {
		fo_buf_printf(why, "cannot write %s: %s", path.data,
		              fo_strerror(errno));
		st = FOLIO_ERROR_IO;
	}
done:
	if (fd >= 0)
		close(fd);
	fo_buf_free(&path);
	fo_buf_free(&body);
	return st;
}

unsigned fo_shards_read_count(const char *gen)
{
	fo_buf path = FO_BUF_INIT;
	char line[512];
	unsigned n = 0;
	FILE *f;

	fo_buf_printf(&path, "%s/%s", gen, FO_STUB_NAME);
	f = path.oom ? NULL : fopen(path.data, "re");
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, "glass " FO_SHARD_PREFIX,
		            strlen("glass " FO_SHARD_PREFIX)) == 0)
			n++;
	if (f)
		fclose(f);
	fo_buf_free(&path);
	return n;
}
