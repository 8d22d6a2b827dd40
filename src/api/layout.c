/*
 * layout.c: the index directory (see layout.h). Every descriptor opened
 * here is close-on-exec, however briefly it is held: a host program's
 * other thread may fork and exec at any moment (tests/api/api_cloexec.c).
 */
#define _XOPEN_SOURCE 700
#include "api/layout.h"

#include "util/errstr.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
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

/* Whether dir/name is a directory or nothing (a generation the stub
 * names but that is gone is explained where it is opened). */
static int is_dir_or_absent(const char *dir, const char *name)
{
	fo_buf p = FO_BUF_INIT;
	struct stat st;
	int ok;

	fo_buf_printf(&p, "%s/%s", dir, name);
	ok = p.oom || stat(p.data, &st) != 0 || S_ISDIR(st.st_mode);
	fo_buf_free(&p);
	return ok;
}

/* gen-N with N a positive decimal number. */
static unsigned long gen_of(const char *name)
{
	unsigned long n = 0;
	const char *p;

	if (strncmp(name, "gen-", 4) != 0 || !name[4] || name[4] == '0')
		return 0;
	for (p = name + 4; *p; p++) {
		if (*p < '0' || *p > '9' || n > 100000000UL)
			return 0;
		n = n * 10 + (unsigned long)(*p - '0');
	}
	return n;
}

/* build-<pid>, the build directory of a full build (build.c): only
 * digits after the dash, so that a user's build-notes is never taken
 * for it. */
static int is_build_dir(const char *name)
{
	const char *p = name + 6;

	if (strncmp(name, "build-", 6) != 0 || !*p)
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	return !*p;
}

static int is_debris(const char *name)
{
	return gen_of(name) || is_build_dir(name) ||
	       strcmp(name, FO_STUB_NAME ".tmp") == 0 ||
	       strcmp(name, FO_LIVE_LINK ".tmp") == 0;
}

/* Whether a file name in a generation is one Xapian's glass backend
 * writes: its tables, version file (and the temporary files it is
 * written through), lock and changesets. */
static int is_glass_file(const char *name)
{
	size_t n = strlen(name);

	return strcmp(name, "iamglass") == 0 ||
	       strcmp(name, "flintlock") == 0 || strcmp(name, "v.tmp") == 0 ||
	       strcmp(name, "v.rtmp") == 0 ||
	       strncmp(name, "changes", 7) == 0 ||
	       (n > 6 && strcmp(name + n - 6, ".glass") == 0);
}

/* Whether dir/name is what a creation killed before its first stub
 * leaves: the stub's temporary file, or a gen-1 directory holding
 * nothing but glass files. A build never runs before the stub is
 * written, so a build-* there, or a gen-1 holding anything else, is
 * someone's data, which a creation would delete as debris. */
static int is_creation_debris(const char *dir, const char *name)
{
	fo_buf p = FO_BUF_INIT;
	struct stat st;
	struct dirent *e;
	DIR *d = NULL;
	int debris;

	if (strcmp(name, FO_STUB_NAME ".tmp") == 0)
		return 1;
	if (strcmp(name, "gen-1") != 0)
		return 0;
	fo_buf_printf(&p, "%s/%s", dir, name);
	debris = !p.oom && lstat(p.data, &st) == 0 && S_ISDIR(st.st_mode) &&
	         (d = opendir(p.data)) != NULL;
	while (debris && (e = readdir(d)) != NULL)
		debris = strcmp(e->d_name, ".") == 0 ||
		         strcmp(e->d_name, "..") == 0 ||
		         is_glass_file(e->d_name);
	if (d)
		closedir(d);
	fo_buf_free(&p);
	return debris;
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
	while (!visible && (e = readdir(d)) != NULL)
		/* Only a creation leaves debris without a stub. */
		if (e->d_name[0] != '.' && !is_creation_debris(path, e->d_name))
			visible = 1;
	closedir(d);
	return visible ? FO_LAYOUT_OTHER : FO_LAYOUT_EMPTY;
}

/* The stub, read as stdio would read it, without stdio: a search reads
 * the stub each time (db.c fo_db_refresh), and fopen's buffer, fgets
 * and sscanf were 18k instructions of each search, a third of a rare
 * word's work outside Xapian (bench/README.md). */
typedef struct stub_reader {
	int fd, failed;
	char buf[512];
	size_t pos, end;
} stub_reader;

/* Whether fd is a regular file or a directory (whose read fails, and
 * is reported as a stub naming nothing). */
static int is_file_or_dir(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 &&
	       (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode));
}

/* fgets(line, size, ...): up to size - 1 bytes, through a newline; NULL
 * at the end of the file or on a read error. */
static char *stub_line(stub_reader *r, char *line, size_t size)
{
	size_t n = 0;

	while (n + 1 < size) {
		if (r->pos == r->end) {
			ssize_t got =
			    r->failed ? -1 : read(r->fd, r->buf, sizeof r->buf);

			if (got < 0 && errno == EINTR)
				continue;
			if (got < 0)
				r->failed = 1;
			if (got <= 0)
				break;
			r->pos = 0;
			r->end = (size_t)got;
		}
		line[n] = r->buf[r->pos++];
		if (line[n++] == '\n')
			break;
	}
	if (n == 0 || r->failed)
		return NULL;
	line[n] = '\0';
	return line;
}

/* sscanf's %Ns: white space skipped, then up to max bytes of no white
 * space into out (NUL-terminated); the bytes taken, 0 if none. */
static size_t scan_field(const char **s, char *out, size_t max)
{
	size_t n = 0;

	while (**s && isspace((unsigned char)**s))
		(*s)++;
	while (**s && !isspace((unsigned char)**s) && n < max)
		out[n++] = *(*s)++;
	out[n] = '\0';
	return n;
}

folio_status fo_layout_live_name(const char *path, fo_buf *out, fo_buf *why)
{
	fo_buf stub = FO_BUF_INIT;
	char line[512], type[32], gen[256], *got;
	const char *at;
	stub_reader r;
	folio_status st = FOLIO_OK;
	int named = 0;

	memset(&r, 0, sizeof r);
	r.fd = -1;
	fo_buf_puts(&stub, path);
	fo_buf_putc(&stub, '/');
	fo_buf_puts(&stub, FO_STUB_NAME);
	if (stub.oom) {
		st = FOLIO_ERROR_NOMEM;
		goto done;
	}
	/* O_NONBLOCK: a FIFO in the stub's place would block the open (every
	 * search, every run) until some process wrote to it. */
	r.fd = open(stub.data, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (r.fd < 0) {
		int e = errno;

		fo_buf_printf(why, "cannot read %s: %s", stub.data,
		              fo_strerror(e));
		st = e == ENOENT   ? FOLIO_ERROR_NOT_FOUND
		     : e == ENOMEM ? FOLIO_ERROR_NOMEM
		                   : FOLIO_ERROR_IO;
		goto done;
	}
	if (!is_file_or_dir(r.fd)) {
		fo_buf_printf(why,
		              "%s is not a file (a FIFO, socket or device is "
		              "in its place): the index is damaged",
		              stub.data);
		st = FOLIO_ERROR_CORRUPT;
		goto done;
	}
	/* The stub's one line: "<backend> <relative path>", perhaps after
	 * comments (xapian-replicate writes two on a replica); read as
	 * sscanf(line, "%31s %255s") reads it. */
	while ((got = stub_line(&r, line, sizeof line)) != NULL &&
	       (line[0] == '#' || line[0] == '\n'))
		;
	if (got) {
		at = line;
		named = scan_field(&at, type, sizeof type - 1) > 0 &&
		        scan_field(&at, gen, sizeof gen - 1) > 0;
	}
	if (!named || strchr(gen, '/') || strcmp(gen, "..") == 0 ||
	    strcmp(gen, ".") == 0) {
		fo_buf_printf(why,
		              "%s does not name a generation: the index "
		              "is damaged",
		              stub.data);
		st = FOLIO_ERROR_CORRUPT;
		goto done;
	}
	/* A generation is a directory: Xapian would take a file for a stub
	 * and follow it, through the stub itself ("auto XAPIANDB") until the
	 * stack overflows. */
	if (!is_dir_or_absent(path, gen)) {
		fo_buf_printf(why,
		              "%s names %s/%s, which is not a generation "
		              "directory: the index is damaged",
		              stub.data, path, gen);
		st = FOLIO_ERROR_CORRUPT;
		goto done;
	}
	fo_buf_clear(out);
	fo_buf_puts(out, gen);
	if (out->oom)
		st = FOLIO_ERROR_NOMEM;
done:
	if (r.fd >= 0)
		close(r.fd);
	fo_buf_free(&stub);
	return st;
}

folio_status fo_layout_live(const char *path, fo_buf *out, fo_buf *why)
{
	fo_buf name = FO_BUF_INIT;
	folio_status st = fo_layout_live_name(path, &name, why);

	if (st == FOLIO_OK) {
		fo_buf_clear(out);
		fo_buf_puts(out, path);
		fo_buf_putc(out, '/');
		fo_buf_puts(out, name.data);
		if (out->oom)
			st = FOLIO_ERROR_NOMEM;
	}
	fo_buf_free(&name);
	return st;
}

unsigned long fo_layout_gen_number(const char *gen_path)
{
	const char *slash = strrchr(gen_path, '/');

	return gen_of(slash ? slash + 1 : gen_path);
}

folio_status fo_layout_next_gen(const char *path, fo_buf *name, fo_buf *why)
{
	unsigned long top = 0, n;
	struct dirent *e;
	DIR *d = opendir(path);

	if (!d) {
		fo_buf_printf(why, "cannot read %s: %s", path,
		              fo_strerror(errno));
		return FOLIO_ERROR_IO;
	}
	while ((e = readdir(d)) != NULL)
		if ((n = gen_of(e->d_name)) > top)
			top = n;
	closedir(d);
	fo_buf_clear(name);
	fo_buf_printf(name, "gen-%lu", top + 1);
	return name->oom ? FOLIO_ERROR_NOMEM : FOLIO_OK;
}

static int remove_one(const char *path, const struct stat *sb, int flag,
                      struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	if (flag == FTW_DP)
		return rmdir(path) == 0 || errno == ENOENT ? 0 : -1;
	return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
}

int fo_layout_remove_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int fo_layout_clean(const char *path, const char *keep, fo_buf *why)
{
	fo_buf child = FO_BUF_INIT;
	struct dirent *e;
	DIR *d = opendir(path);
	int removed = 0;

	if (!d) {
		fo_buf_printf(why, "cannot read %s: %s", path,
		              fo_strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (!is_debris(e->d_name) ||
		    (keep && strcmp(e->d_name, keep) == 0))
			continue;
		fo_buf_clear(&child);
		fo_buf_printf(&child, "%s/%s", path, e->d_name);
		if (child.oom || fo_layout_remove_tree(child.data) != 0) {
			fo_buf_printf(why, "cannot remove %s: %s", child.data,
			              fo_strerror(errno));
			removed = -1;
			break;
		}
		removed++;
	}
	closedir(d);
	fo_buf_free(&child);
	return removed;
}

static int sync_one(const char *path, const struct stat *sb, int flag,
                    struct FTW *ftw)
{
	int fd, rc;

	(void)sb;
	(void)ftw;
	if (flag != FTW_F && flag != FTW_DP)
		return 0;
	fd = open(path,
	          O_RDONLY | O_CLOEXEC | (flag == FTW_DP ? O_DIRECTORY : 0));
	if (fd < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

folio_status fo_layout_sync_tree(const char *dir, fo_buf *why)
{
	if (nftw(dir, sync_one, 16, FTW_DEPTH | FTW_PHYS) != 0) {
		fo_buf_printf(why, "cannot sync %s: %s", dir,
		              fo_strerror(errno));
		return FOLIO_ERROR_IO;
	}
	return FOLIO_OK;
}

uint64_t fo_layout_disk_size(const char *dir)
{
	fo_buf child = FO_BUF_INIT;
	struct dirent *e;
	struct stat st;
	uint64_t total = 0;
	DIR *d = opendir(dir);

	/* A glass database is one flat directory of table files; a sharded
	 * generation, a directory of them. */
	if (!d)
		return 0;
	while ((e = readdir(d)) != NULL) {
		fo_buf_clear(&child);
		fo_buf_printf(&child, "%s/%s", dir, e->d_name);
		if (child.oom || lstat(child.data, &st) != 0)
			continue;
		if (S_ISREG(st.st_mode))
			total += (uint64_t)st.st_blocks * 512;
		else if (S_ISDIR(st.st_mode) && e->d_name[0] != '.')
			total += fo_layout_disk_size(child.data); /* a shard */
	}
	closedir(d);
	fo_buf_free(&child);
	return total;
}

static int sync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

static int is_sharded(const char *path, const char *gen)
{
	fo_buf dir = FO_BUF_INIT;
	int found;

	fo_buf_printf(&dir, "%s/%s", path, gen);
	found = !dir.oom && exists_in(dir.data, FO_STUB_NAME);
	fo_buf_free(&dir);
	return found;
}

int fo_layout_lost_stub(const char *path, fo_buf *line)
{
	unsigned long top = 0, n;
	struct dirent *e;
	DIR *d = opendir(path);
	fo_buf gen = FO_BUF_INIT;
	int other = 0, sharded, found = 0;

	if (!d)
		return 0;
	while (!other && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || is_debris(e->d_name) ||
		    strcmp(e->d_name, FO_LIVE_LINK) == 0) {
			if ((n = gen_of(e->d_name)) > top)
				top = n;
		} else {
			other = 1;
		}
	}
	closedir(d);
	if (other || !top)
		return 0;
	fo_buf_printf(&gen, "gen-%lu", top);
	sharded = !gen.oom && is_sharded(path, gen.data);
	fo_buf_puts(&gen, "/iamglass");
	if (!gen.oom && (sharded || exists_in(path, gen.data))) {
		fo_buf_clear(line);
		fo_buf_printf(line, "%s gen-%lu", sharded ? "auto" : "glass",
		              top);
		found = !line->oom;
	}
	fo_buf_free(&gen);
	return found;
}

/* Searches never use the link: the stub is the truth, so a failure here
 * only leaves the link behind (until the next writer's open). */
void fo_layout_point_live(const char *path, const char *gen)
{
	fo_buf tmp = FO_BUF_INIT, link = FO_BUF_INIT;
	struct stat st;
	char now[256];
	ssize_t n = -1;

	fo_buf_printf(&tmp, "%s/%s.tmp", path, FO_LIVE_LINK);
	fo_buf_printf(&link, "%s/%s", path, FO_LIVE_LINK);
	if (!link.oom && lstat(link.data, &st) == 0 && S_ISLNK(st.st_mode))
		n = readlink(link.data, now, sizeof now - 1);
	if (n >= 0)
		now[n] = '\0';
	/* already there: nothing is written */
	if (!tmp.oom && n >= 0 && strcmp(now, gen) != 0) {
		unlink(tmp.data);
		if (symlink(gen, tmp.data) != 0 ||
		    rename(tmp.data, link.data) != 0)
			unlink(tmp.data);
	}
	fo_buf_free(&tmp);
	fo_buf_free(&link);
}

folio_status fo_layout_switch(const char *path, const char *gen, int *renamed,
                              fo_buf *why)
{
	fo_buf tmp = FO_BUF_INIT, stub = FO_BUF_INIT, body = FO_BUF_INIT;
	folio_status st = FOLIO_OK;
	int fd = -1;

	fo_buf_printf(&tmp, "%s/%s.tmp", path, FO_STUB_NAME);
	fo_buf_printf(&stub, "%s/%s", path, FO_STUB_NAME);
	/* A sharded generation is itself a stub of shards: "auto" lets Xapian
	 * follow it (fo_shards_write_stub). */
	fo_buf_printf(&body, "%s %s\n",
	              is_sharded(path, gen) ? "auto" : "glass", gen);
	if (tmp.oom || stub.oom || body.oom) {
		st = FOLIO_ERROR_NOMEM;
		goto done;
	}
	fd = open(tmp.data, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, body.data, body.len) != (ssize_t)body.len ||
	    fsync(fd) != 0) {
		fo_buf_printf(why, "cannot write %s: %s", tmp.data,
		              fo_strerror(errno));
		st = FOLIO_ERROR_IO;
		goto done;
	}
	close(fd);
	fd = -1;
	if (rename(tmp.data, stub.data) != 0) {
		fo_buf_printf(why, "cannot replace %s: %s", stub.data,
		              fo_strerror(errno));
		st = FOLIO_ERROR_IO;
		goto done;
	}
	if (renamed)
		*renamed = 1;
	if (sync_dir(path) != 0) {
		fo_buf_printf(why,
		              "%s names %s now, but cannot be made to last a "
		              "crash (syncing %s: %s)",
		              stub.data, gen, path, fo_strerror(errno));
		st = FOLIO_ERROR_IO;
	}
	fo_layout_point_live(path, gen);
done:
	if (fd >= 0)
		close(fd);
	fo_buf_free(&tmp);
	fo_buf_free(&stub);
	fo_buf_free(&body);
	return st;
}

/* Whether the stub file at path was written by xapian-replicate, which
 * says so on its first line. */
static int written_by_replicate(const char *path)
{
	static const char mark[] = "# Automatically generated by "
	                           "Xapian::DatabaseReplica";
	char head[sizeof mark - 1];
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	ssize_t got = fd < 0 ? -1 : read(fd, head, sizeof head);

	if (fd >= 0)
		close(fd);
	return got == (ssize_t)sizeof head &&
	       memcmp(head, mark, sizeof head) == 0;
}

/* Append path component c (of n bytes) to the absolute path full,
 * reading "." and ".." as the kernel would were they made. */
static void append_component(fo_buf *full, const char *c, size_t n)
{
	char *slash;

	if (n == 0 || (n == 1 && c[0] == '.'))
		return;
	if (n == 2 && c[0] == '.' && c[1] == '.') {
		slash = strrchr(full->data, '/');
		if (slash) {
			full->len = slash == full->data
			                ? 1
			                : (size_t)(slash - full->data);
			full->data[full->len] = '\0';
		}
		return;
	}
	if (full->len > 1)
		fo_buf_puts(full, "/");
	fo_buf_printf(full, "%.*s", (int)n, c);
}

int fo_layout_resolve(const char *path, fo_buf *full)
{
	fo_buf p = FO_BUF_INIT;
	char *real = NULL;
	size_t end = strlen(path), n;
	const char *c;

	fo_buf_clear(full);
	/* the longest prefix that exists: components are cut off the end */
	for (;;) {
		fo_buf_clear(&p);
		if (end == 0)
			fo_buf_puts(&p, path[0] == '/' ? "/" : ".");
		else
			fo_buf_printf(&p, "%.*s", (int)end, path);
		if (p.oom || (real = realpath(p.data, NULL)) != NULL ||
		    end == 0)
			break;
		while (end > 0 && path[end - 1] == '/')
			end--;
		while (end > 0 && path[end - 1] != '/')
			end--;
		while (end > 1 && path[end - 1] == '/')
			end--;
	}
	if (real)
		fo_buf_puts(full, real);
	free(real);
	fo_buf_free(&p);
	for (c = path + end; full->len && !full->oom && *c; c += n) {
		c += strspn(c, "/");
		n = strcspn(c, "/");
		append_component(full, c, n);
	}
	if (full->oom)
		fo_buf_clear(full);
	return full->len > 0;
}

int fo_layout_enclosing(const char *path, fo_buf *index, int *debris)
{
	fo_buf full = FO_BUF_INIT;
	char *slash;
	int levels, found = 0;

	*debris = 0;
	fo_layout_resolve(path, &full);
	for (levels = 0; full.len && !full.oom && levels < 3; levels++) {
		slash = strrchr(full.data, '/');
		if (!slash || slash == full.data)
			break;
		*slash = '\0';
		if (!exists_in(full.data, FO_STUB_NAME))
			break;
		if (levels == 0)
			*debris = is_debris(slash + 1);
		fo_buf_clear(index);
		fo_buf_puts(index, full.data);
		found = !index->oom;
	}
	fo_buf_free(&full);
	return found;
}

int fo_layout_replica(const char *path)
{
	fo_buf stub = FO_BUF_INIT, name = FO_BUF_INIT, why = FO_BUF_INIT;
	fo_buf shard = FO_BUF_INIT;
	char line[512], type[32], member[256];
	int kind = 0;
	FILE *f;

	fo_buf_printf(&stub, "%s/%s", path, FO_STUB_NAME);
	if (!stub.oom && written_by_replicate(stub.data))
		kind = 1;
	/* A sharded replica (README): hand-made stubs over shards that are
	 * each xapian-replicate's. */
	if (!kind && fo_layout_live_name(path, &name, &why) == FOLIO_OK) {
		fo_buf_clear(&stub);
		fo_buf_printf(&stub, "%s/%s/%s", path, name.data, FO_STUB_NAME);
		f = stub.oom ? NULL : fopen(stub.data, "re");
		while (f && !kind && fgets(line, sizeof line, f)) {
			if (sscanf(line, "%31s %255s", type, member) != 2 ||
			    type[0] == '#' || strchr(member, '/'))
				continue;
			fo_buf_clear(&shard);
			fo_buf_printf(&shard, "%s/%s/%s/%s", path, name.data,
			              member, FO_STUB_NAME);
			if (!shard.oom && written_by_replicate(shard.data))
				kind = 2;
		}
		if (f)
			fclose(f);
	}
	fo_buf_free(&stub);
	fo_buf_free(&name);
	fo_buf_free(&why);
	fo_buf_free(&shard);
	return kind;
}
