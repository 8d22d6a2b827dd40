/*
 * api_cloexec.c: a host program that forks and execs while it uses folio
 * passes none of folio's descriptors to the program it runs. The test
 * stands in for such a host: each time the library calls fsync, unlink,
 * rmdir, fclose or fork (it holds the descriptors it opens briefly across
 * those calls: a file being synced, the directories of a tree being synced
 * or removed, the stub or REMOTES file being read, the pipe from the child
 * of an isolated check) and after each step of a session (open, search, a
 * check, a rebuild holding the write lock), it forks and
 * execs itself with --list-fds, which lists its /proc/self/fd: only 0, 1,
 * 2 and the listing's own directory may be open there.
 *
 * Xapian's descriptors are not folio's to fix: 1.4.22 opens its tables
 * and lock file close-on-exec, but not the version file it reads or
 * writes now and then (iamglass, v.tmp), which a build's other threads may
 * hold while the library syncs; the listing leaves those two out.
 */
#define _GNU_SOURCE
#include "folio.h"
#include "harness.h"
#include "scratch.h"
#include "tempdir.h"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static int leaks;  /* listings that found a descriptor open */
static int listed; /* listings made from inside the library */

/* The child's side: name every descriptor but 0, 1, 2 and the listing's
 * own (and Xapian's version file); exit 1 if there is one. */
static int list_fds(const char *where)
{
	char link[64], target[PATH_MAX];
	const char *base;
	struct dirent *e;
	DIR *d = opendir("/proc/self/fd");
	int found = 0, fd;
	ssize_t n;

	if (!d)
		return 2;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		fd = atoi(e->d_name);
		if (fd <= 2 || fd == dirfd(d))
			continue;
		snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
		n = readlink(link, target, sizeof target - 1);
		target[n < 0 ? 0 : n] = '\0';
		base = strrchr(target, '/');
		base = base ? base + 1 : target;
		if (strcmp(base, "iamglass") == 0 || strcmp(base, "v.tmp") == 0)
			continue;
		fprintf(stderr,
		        "  %s: descriptor %d (%s) is open in the "
		        "program it runs\n",
		        where, fd, target);
		found = 1;
	}
	closedir(d);
	return found;
}

/* The host's side: fork, exec the listing, count what it found. */
static void fork_and_exec(const char *where)
{
	int status = 0;
	pid_t pid = fork();

	if (pid == 0) {
		execl("/proc/self/exe", "api_cloexec", "--list-fds", where,
		      (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		leaks++;
}

/* Whether the call that reached the hook came from libfolio itself. */
static int from_folio(const void *caller)
{
	Dl_info info;

	return dladdr(caller, &info) && info.dli_fname &&
	       strstr(info.dli_fname, "libfolio");
}

/* The hooks: the executable's definitions come before libc's for the
 * library's calls. Each does the real work by the system call (or, for
 * fclose, libc's own function). */
#define LIST_IF_FOLIO(name)                                                    \
	do {                                                                   \
		if (from_folio(__builtin_return_address(0))) {                 \
			listed++;                                              \
			fork_and_exec(name);                                   \
		}                                                              \
	} while (0)

int fsync(int fd)
{
	LIST_IF_FOLIO("fsync");
	return (int)syscall(SYS_fsync, fd);
}

int unlink(const char *path)
{
	LIST_IF_FOLIO("unlink");
	return (int)syscall(SYS_unlinkat, AT_FDCWD, path, 0);
}

int rmdir(const char *path)
{
	LIST_IF_FOLIO("rmdir");
	return (int)syscall(SYS_unlinkat, AT_FDCWD, path, AT_REMOVEDIR);
}

int fclose(FILE *f)
{
	static int (*real)(FILE *);

	LIST_IF_FOLIO("fclose");
	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "fclose");
	return real(f);
}

pid_t fork(void)
{
	static pid_t (*real)(void);

	LIST_IF_FOLIO("fork");
	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "fork");
	return real();
}

static void test_cloexec__session(void)
{
	char index[300], corpus[300], remotes[300];
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	folio_check_options co = FOLIO_CHECK_OPTIONS_INIT;
	folio_db *w, *r;
	FILE *f;

	in_root(index, sizeof index, "index");
	in_root(corpus, sizeof corpus, "posts.jsonl");
	in_root(remotes, sizeof remotes, "index/REMOTES");
	assert_ok(write_posts(corpus, 1, 40, "quokkas"));
	/* two shards: a generation with directories below its own, as a
	 * build's private directory has */
	w = open_as(index, WRITE_CREATE);
	assert_true(w != NULL);
	fork_and_exec("a writer open");
	assert_ok(index_file(w, corpus, 0, 0, 2, &rep));
	fork_and_exec("after a build");
	/* a reader reads REMOTES (here only a comment) */
	f = fopen(remotes, "w");
	assert_true(f && fputs("# no remote shards\n", f) >= 0);
	assert_ok(fclose(f));
	r = open_as(index, FOLIO_OPEN_READ);
	assert_true(r != NULL);
	assert_int(40, total_of(r, "quokkas"));
	fork_and_exec("after a search");
	co.flags = FOLIO_CHECK_ISOLATE;
	assert_ok(folio_db_check(r, &co, NULL));
	fork_and_exec("after a check in a child");
	/* a rebuild, the writer holding the lock, syncs and switches */
	assert_ok(write_posts(corpus, 1, 45, "quokkas"));
	assert_ok(index_file(w, corpus, 1, 0, 0, &rep));
	fork_and_exec("after a rebuild");
	assert_int(45, total_of(r, "quokkas"));
	fork_and_exec("after a search of the new generation");
	assert_ok(folio_db_close(r));
	assert_ok(folio_db_close(w));
	/* the hooks were reached from inside the library */
	assert_true(listed > 10);
	assert_int(0, leaks);
}

static const fo_test tests[] = {
	FO_TEST(test_cloexec__session),
};

int main(int argc, char **argv)
{
	int rc, fd;

	if (argc == 3 && strcmp(argv[1], "--list-fds") == 0)
		return list_fds(argv[2]);
	/* What the test's own caller passed on (ctest's pipes, say) is not
	 * folio's: keep it out of the listings. */
	for (fd = 3; fd < 1024; fd++)
		if (fcntl(fd, F_GETFD) >= 0)
			fcntl(fd, F_SETFD, FD_CLOEXEC);
	if (fo_tempdir_make(root, sizeof root, "cloexec") != 0)
		return 1;
	rc = FO_RUN(tests);
	fo_tempdir_remove(root);
	return rc;
}
