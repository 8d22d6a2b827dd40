/*
 * walk.c: finding corpus files. A path is a file, or a directory searched
 * recursively for *.md and *.jsonl in sorted order (so runs are
 * reproducible). Hidden entries are skipped; symbolic links are followed,
 * with a directory loop detected by device and inode and reported.
 */
#define _POSIX_C_SOURCE 200809L
#include "corpus/walk.h"

#include "util/buf.h"
#include "util/errstr.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct dir_id {
	dev_t dev;
	ino_t ino;
} dir_id;

typedef struct walker {
	fo_walk_fn file;
	fo_problem_fn problem;
	void *ctx;
	dir_id stack[64]; /* the directories being walked, root first */
	size_t depth;
	int stop;
} walker;

int fo_corpus_kind(const char *path)
{
	size_t n = strlen(path);

	if (n >= 3 && strcmp(path + n - 3, ".md") == 0)
		return FO_CORPUS_MARKDOWN;
	if (n >= 6 && strcmp(path + n - 6, ".jsonl") == 0)
		return FO_CORPUS_JSONL;
	return FO_CORPUS_NONE;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static folio_status walk_path(walker *w, const char *path, int explicit_path);

static folio_status walk_dir(walker *w, const char *path, const struct stat *st)
{
	DIR *d = NULL;
	struct dirent *e;
	char **names = NULL, **grown;
	size_t n = 0, cap = 0, i;
	fo_buf child = FO_BUF_INIT;
	folio_status rc = FOLIO_OK;

	for (i = 0; i < w->depth; i++) {
		if (w->stack[i].dev == st->st_dev && w->stack[i].ino == st->st_ino) {
			w->problem(path, 0, NULL,
			           "directory loop (a symbolic link "
			           "leads back to a parent); not followed",
			           w->ctx);
			return FOLIO_OK;
		}
	}
	if (w->depth == sizeof w->stack / sizeof w->stack[0]) {
		w->problem(path, 0, NULL,
		           "directories nested too deeply; not read", w->ctx);
		return FOLIO_OK;
	}
	d = opendir(path);
	if (!d) {
		w->problem(path, 0, NULL, fo_strerror(errno), w->ctx);
		return FOLIO_ERROR_IO;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			grown = realloc(names, cap * sizeof *names);
			if (!grown) {
				rc = FOLIO_ERROR_NOMEM;
				goto done;
			}
			names = grown;
		}
		names[n] = strdup(e->d_name);
		if (!names[n]) {
			rc = FOLIO_ERROR_NOMEM;
			goto done;
		}
		n++;
	}
	if (n) /* names is NULL for an empty directory */
		qsort(names, n, sizeof *names, cmp_names);
	w->stack[w->depth].dev = st->st_dev;
	w->stack[w->depth].ino = st->st_ino;
	w->depth++;
	for (i = 0; i < n && !w->stop; i++) {
		folio_status one;

		fo_buf_clear(&child);
		fo_buf_puts(&child, path);
		if (child.len && child.data[child.len - 1] != '/')
			fo_buf_putc(&child, '/');
		fo_buf_puts(&child, names[i]);
		if (child.oom) {
			rc = FOLIO_ERROR_NOMEM;
			break;
		}
		one = walk_path(w, child.data, 0);
		if (one == FOLIO_ERROR_NOMEM) {
			rc = one;
			break;
		}
		if (one != FOLIO_OK && rc == FOLIO_OK)
			rc = one;
	}
	w->depth--;
done:
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	fo_buf_free(&child);
	closedir(d);
	return rc;
}

static folio_status walk_path(walker *w, const char *path, int explicit_path)
{
	struct stat st;
	int kind;

	if (stat(path, &st) != 0) {
		/* A dangling link inside a directory is a problem to report;
		 * a path the caller named that does not exist is an error. */
		if (explicit_path && errno == ENOENT)
			return FOLIO_ERROR_NOT_FOUND;
		w->problem(path, 0, NULL, fo_strerror(errno), w->ctx);
		return FOLIO_ERROR_IO;
	}
	if (S_ISDIR(st.st_mode))
		return walk_dir(w, path, &st);
	kind = fo_corpus_kind(path);
	if (kind == FO_CORPUS_NONE) {
		if (explicit_path) {
			w->problem(path, 0, NULL,
			           "not a corpus file (expected *.md "
			           "or *.jsonl)",
			           w->ctx);
			return FOLIO_ERROR_INPUT;
		}
		return FOLIO_OK;
	}
	if (!S_ISREG(st.st_mode)) {
		w->problem(path, 0, NULL, "not a regular file", w->ctx);
		return FOLIO_ERROR_IO;
	}
	if (w->file(path, kind, w->ctx) != 0)
		w->stop = 1;
	return FOLIO_OK;
}

folio_status fo_walk(const char *path, fo_walk_fn file, fo_problem_fn problem,
                     void *ctx)
{
	walker w;

	memset(&w, 0, sizeof w);
	w.file = file;
	w.problem = problem;
	w.ctx = ctx;
	return walk_path(&w, path, 1);
}
