/* child.c: the child processes of child.h. */
#define _GNU_SOURCE /* pipe2 */
#include "util/child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const struct {
	int sig;
	int crash;
	const char *name;
} signals[] = {
	{ SIGSEGV, 1, "SIGSEGV" }, { SIGBUS, 1, "SIGBUS" },
	{ SIGILL, 1, "SIGILL" },   { SIGFPE, 1, "SIGFPE" },
	{ SIGABRT, 1, "SIGABRT" }, { SIGTRAP, 1, "SIGTRAP" },
	{ SIGSYS, 1, "SIGSYS" },   { SIGKILL, 0, "SIGKILL" },
	{ SIGTERM, 0, "SIGTERM" }, { SIGINT, 0, "SIGINT" },
	{ SIGHUP, 0, "SIGHUP" },   { SIGPIPE, 0, "SIGPIPE" },
};

int fo_child_crash_signal(int sig)
{
	size_t i;

	for (i = 0; i < sizeof signals / sizeof signals[0]; i++)
		if (signals[i].sig == sig)
			return signals[i].crash;
	return 0;
}

const char *fo_child_signal_name(int sig)
{
	size_t i;

	for (i = 0; i < sizeof signals / sizeof signals[0]; i++)
		if (signals[i].sig == sig)
			return signals[i].name;
	return "a signal";
}

/* In the child: only async-signal-safe calls before fn (sigaction). */
static void run_child(fo_child_fn fn, void *ctx, int fds[2])
{
	struct sigaction dfl;
	size_t i;

	sigemptyset(&dfl.sa_mask);
	dfl.sa_flags = 0;
	dfl.sa_handler = SIG_DFL;
	for (i = 0; i < sizeof signals / sizeof signals[0]; i++)
		if (signals[i].crash)
			sigaction(signals[i].sig, &dfl, NULL);
	close(fds[0]);
	fn(ctx, fds[1]);
	_exit(0);
}

static void wait_for(pid_t pid, int *signo)
{
	int status;
	pid_t got;

	do
		got = waitpid(pid, &status, 0);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		*signo = -1;
	else if (WIFSIGNALED(status))
		*signo = WTERMSIG(status);
	else
		*signo = WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* Milliseconds on the monotonic clock. */
static long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Wait until fd can be read or the deadline (ms, 0: none) passes: 0,
 * ETIMEDOUT, or poll's errno. */
static int readable(int fd, long long deadline)
{
	struct pollfd p;
	long long left;
	int r;

	if (!deadline)
		return 0;
	p.fd = fd;
	p.events = POLLIN;
	do {
		left = deadline - now_ms();
		if (left <= 0)
			return ETIMEDOUT;
		r = poll(&p, 1, left > 60000 ? 60000 : (int)left);
	} while (r == 0 || (r < 0 && errno == EINTR));
	return r < 0 ? errno : 0;
}

int fo_child_run(fo_child_fn fn, void *ctx, unsigned timeout_ms, fo_buf *out,
                 int *signo)
{
	long long deadline = timeout_ms ? now_ms() + timeout_ms : 0;
	char chunk[4096];
	int fds[2], err = 0;
	ssize_t n = 0;
	pid_t pid;

	*signo = 0;
	if (pipe2(fds, O_CLOEXEC) != 0)
		return errno;
	pid = fork();
	if (pid < 0) {
		err = errno;
		close(fds[0]);
		close(fds[1]);
		return err;
	}
	if (pid == 0)
		run_child(fn, ctx, fds);
	close(fds[1]);
	/* Read to the end even when out is full, so that the child never
	 * blocks on a pipe nobody drains. */
	for (;;) {
		if ((err = readable(fds[0], deadline)) != 0)
			break;
		n = read(fds[0], chunk, sizeof chunk);
		if (n > 0)
			fo_buf_append(out, chunk, (size_t)n);
		else if (n == 0 || errno != EINTR)
			break;
	}
	if (!err && n < 0)
		err = errno;
	if (err)
		/* Hung, or blocked on the pipe: it is of no use now. */
		kill(pid, SIGKILL);
	close(fds[0]);
	wait_for(pid, signo);
	if (err)
		*signo = 0;
	return err;
}
