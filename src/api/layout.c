/*
 * layout.c: the index directory (see layout.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "api/layout.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int exists_in(const char *dir, const char *name)
{
	fo_buf p = FO_BUF_INIT;
	struct stat st;
	int found;

	fo_buf_printf(&p, "%s/%s", dir, name);
	found = !p.oom && stat(p.data, &st) == 0;
	fo_buf_free(&p);
	return found;
}

fo_layout_kind fo_layout_probe(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	int visible = 0;

	if (stat(path, &st) != 0)
		return FO_LAYOUT_MISSING;
	if (!S_ISDIR(st.st_mode))
		return FO_LAYOUT_OTHER;
	if (exists_in(path, FO_STUB_NAME))
		return FO_LAYOUT_STUB;
	if (exists_in(path, "iamglass"))
		return FO_LAYOUT_GLASS;
	d = opendir(path);
	if (!d)
		return FO_LAYOUT_OTHER;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			visible = 1;
	closedir(d);
	return visible ? FO_LAYOUT_OTHER : FO_LAYOUT_EMPTY;
}

folio_status fo_layout_live(const char *path, fo_buf *out, fo_buf *why)
{
	fo_buf stub = FO_BUF_INIT;
	char line[512], type[32], gen[256];
	FILE *f = NULL;
	folio_status st = FOLIO_OK;

	fo_buf_printf(&stub, "%s/%s", path, FO_STUB_NAME);
	if (stub.oom) {
		st = FOLIO_ERROR_NOMEM;
		goto done;
	}
	f = fopen(stub.data, "r");
	if (!f) {
		fo_buf_printf(why, "cannot read %s: %s", stub.data,
		              strerror(errno));
		st = FOLIO_ERROR_IO;
		goto done;
	}
	/* The stub's one line: "<backend> <relative path>". */
	if (!fgets(line, sizeof line, f) ||
	    sscanf(line, "%31s %255s", type, gen) != 2 ||
	    strchr(gen, '/') || strcmp(gen, "..") == 0) {
		fo_buf_printf(why, "%s does not name a generation", stub.data);
		st = FOLIO_ERROR_CORRUPT;
		goto done;
	}
	fo_buf_clear(out);
	fo_buf_printf(out, "%s/%s", path, gen);
	if (out->oom)
		st = FOLIO_ERROR_NOMEM;
done:
	if (f)
		fclose(f);
	fo_buf_free(&stub);
	return st;
}

static int sync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY);
	int rc;

	if (fd < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

folio_status fo_layout_switch(const char *path, const char *gen, fo_buf *why)
{
	fo_buf tmp = FO_BUF_INIT, stub = FO_BUF_INIT, body = FO_BUF_INIT;
	folio_status st = FOLIO_OK;
	int fd = -1;

	fo_buf_printf(&tmp, "%s/%s.tmp", path, FO_STUB_NAME);
	fo_buf_printf(&stub, "%s/%s", path, FO_STUB_NAME);
	fo_buf_printf(&body, "glass %s\n", gen);
	if (tmp.oom || stub.oom || body.oom) {
		st = FOLIO_ERROR_NOMEM;
		goto done;
	}
	fd = open(tmp.data, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, body.data, body.len) != (ssize_t)body.len ||
	    fsync(fd) != 0) {
		fo_buf_printf(why, "cannot write %s: %s", tmp.data,
		              strerror(errno));
		st = FOLIO_ERROR_IO;
		goto done;
	}
	close(fd);
	fd = -1;
	if (rename(tmp.data, stub.data) != 0 || sync_dir(path) != 0) {
		fo_buf_printf(why, "cannot replace %s: %s", stub.data,
		              strerror(errno));
		st = FOLIO_ERROR_IO;
	}
done:
	if (fd >= 0)
		close(fd);
	fo_buf_free(&tmp);
	fo_buf_free(&stub);
	fo_buf_free(&body);
	return st;
}
