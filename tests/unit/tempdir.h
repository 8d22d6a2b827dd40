/*
 * tempdir.h: a scratch directory for tests that build real indexes. The
 * includer defines _XOPEN_SOURCE 700 first (mkdtemp, nftw). fo_tempdir_make
 * creates $TMPDIR/folio-NAME.XXXXXX (or under /tmp); fo_tempdir_remove
 * deletes it and everything in it.
 */
#ifndef FOLIO_TEST_TEMPDIR_H
#define FOLIO_TEST_TEMPDIR_H

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>

static int fo_tempdir_remove_entry(const char *path, const struct stat *sb,
                                   int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* Fill dir (size bytes) with a new directory's path; -1 on failure. */
static int fo_tempdir_make(char *dir, size_t size, const char *name)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, size, "%s/folio-%s.XXXXXX", tmp && *tmp ? tmp : "/tmp",
	         name);
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return -1;
	}
	return 0;
}

static void fo_tempdir_remove(const char *dir)
{
	nftw(dir, fo_tempdir_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

#endif
