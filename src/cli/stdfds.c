/*
 * stdfds.c: standard streams that whoever started folio closed (>&-,
 * <&-), held by /dev/null before anything else opens a file.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

/* A closed standard stream was the first file the library opened: the
 * index's lock file took stderr, and folio index wrote its problems
 * into it (a table file opened for writing could have taken it as
 * well); search --stdin read a table file as its queries. /dev/null is
 * opened the wrong way round, so that a write to stdout or stderr, or
 * a read from stdin, still fails (EBADF), and is said as before. */
void cli_hold_std_fds(void)
{
	int fd, got;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		/* the lowest free descriptor, which fd is */
		got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
		if (got >= 0 && got != fd)
			close(got);
	}
}
