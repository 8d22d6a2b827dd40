/*
 * test_child.c: unit tests of the child processes of src/util/child.c:
 * what the child writes reaches the parent, and how it ended is told
 * apart (exited, crashed, killed from outside), whatever handler the
 * parent has for a crash signal, and one that hangs is stopped in time.
 */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include "util/child.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void say_hello(void *ctx, int fd)
{
	(void)ctx;
	if (write(fd, "hello", 5) != 5)
		_exit(3);
}

/* Writes, then dies by the signal *ctx, as a crash would. */
static void die_by(void *ctx, int fd)
{
	say_hello(NULL, fd);
	raise(*(int *)ctx);
}

/* Writes, then waits forever, as a checker looping on damage would;
 * *ctx says whether it keeps the signals that could end it away. */
static void hang(void *ctx, int fd)
{
	sigset_t all;

	say_hello(NULL, fd);
	if (*(int *)ctx) {
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, NULL);
	}
	for (;;)
		pause();
}

static void exit_nonzero(void *ctx, int fd)
{
	(void)ctx;
	(void)fd;
	_exit(2);
}

static void test_child__what_it_writes_reaches_the_parent(void)
{
	fo_buf out = FO_BUF_INIT;
	int signo = 99;

	assert_int(0, fo_child_run(say_hello, NULL, 0, &out, &signo));
	assert_int(0, signo);
	assert_str("hello", out.data);
	fo_buf_free(&out);
}

static void ignore(int sig)
{
	(void)sig;
}

/* A handler of the parent's (a crash reporter's, a sanitizer's) that
 * would let a SIGSEGV return is not the child's: it dies by the signal. */
static void test_child__a_crash_ends_it_whatever_the_parents_handler(void)
{
	struct sigaction sa, was;
	fo_buf out = FO_BUF_INIT;
	int sig = SIGSEGV, signo = 0;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = ignore;
	sigemptyset(&sa.sa_mask);
	assert_int(0, sigaction(SIGSEGV, &sa, &was));
	assert_int(0, fo_child_run(die_by, &sig, 0, &out, &signo));
	sigaction(SIGSEGV, &was, NULL);
	assert_int(SIGSEGV, signo);
	assert_str("hello", out.data);
	assert_true(fo_child_crash_signal(signo));
	assert_str("SIGSEGV", fo_child_signal_name(signo));
	fo_buf_free(&out);
}

static void test_child__a_kill_from_outside_is_no_crash(void)
{
	fo_buf out = FO_BUF_INIT;
	int sig = SIGKILL, signo = 0;

	assert_int(0, fo_child_run(die_by, &sig, 0, &out, &signo));
	assert_int(SIGKILL, signo);
	assert_true(!fo_child_crash_signal(signo));
	assert_str("SIGKILL", fo_child_signal_name(signo));
	assert_true(!fo_child_crash_signal(SIGUSR1));
	assert_str("a signal", fo_child_signal_name(SIGUSR1));
	fo_buf_free(&out);
}

static void test_child__another_exit_status_is_told(void)
{
	fo_buf out = FO_BUF_INIT;
	int signo = 0;

	assert_int(0, fo_child_run(exit_nonzero, NULL, 0, &out, &signo));
	assert_int(-1, signo);
	assert_int(0, (long)out.len);
	fo_buf_free(&out);
}

/* A child that hangs is killed when its time is up, and reaped: the
 * caller gets back what it wrote, and its turn. */
static void test_child__a_child_that_hangs_is_killed_in_time(void)
{
	fo_buf out = FO_BUF_INIT;
	int deaf = 1, signo = 99;
	struct timespec t0, t1;
	long ms;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int(ETIMEDOUT, fo_child_run(hang, &deaf, 200, &out, &signo));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ms = (t1.tv_sec - t0.tv_sec) * 1000 +
	     (t1.tv_nsec - t0.tv_nsec) / 1000000;
	assert_true(ms >= 200 && ms < 5000);
	assert_int(0, signo);
	assert_str("hello", out.data);
	/* reaped: no child of this process is left */
	assert_int(-1, waitpid(-1, NULL, WNOHANG));
	assert_int(ECHILD, errno);
	fo_buf_free(&out);
}

/* Within its time a child is waited for as without one. */
static void test_child__a_time_limit_leaves_a_quick_child_be(void)
{
	fo_buf out = FO_BUF_INIT;
	int sig = SIGSEGV, signo = 0;

	assert_int(0, fo_child_run(say_hello, NULL, 60000, &out, &signo));
	assert_int(0, signo);
	assert_str("hello", out.data);
	fo_buf_clear(&out);
	assert_int(0, fo_child_run(die_by, &sig, 60000, &out, &signo));
	assert_int(SIGSEGV, signo);
	fo_buf_free(&out);
}

static const fo_test tests[] = {
	FO_TEST(test_child__what_it_writes_reaches_the_parent),
	FO_TEST(test_child__a_crash_ends_it_whatever_the_parents_handler),
	FO_TEST(test_child__a_kill_from_outside_is_no_crash),
	FO_TEST(test_child__another_exit_status_is_told),
	FO_TEST(test_child__a_child_that_hangs_is_killed_in_time),
	FO_TEST(test_child__a_time_limit_leaves_a_quick_child_be),
};

int main(void)
{
	return FO_RUN(tests);
}
