/*
 * signals.c: folio index stopped cleanly by SIGINT, SIGTERM or SIGHUP
 * (Ctrl-C, timeout(1) or systemd stopping a cron job, a closed terminal)
 * instead of killed: the handler asks the library to stop the run
 * (folio_db_interrupt, which only sets an atomic flag), and the run
 * returns FOLIO_ERROR_INTERRUPTED having left the index as it was, or at
 * its last commit; index.c then dies of that signal (cli_signals_die).
 * A second signal while it stops kills the process as the first would
 * have without a handler, so that a stuck run can still be stopped.
 * Before the run, while the corpus paths are checked (a stat can hang on
 * a lost network mount) and while the open waits for another writer's
 * lock (--wait; flock is restarted, and nothing else could stop it), a
 * signal says which, prints --json's object, and kills the process at
 * once: nothing was indexed.
 *
 * SA_RESTART: a system call the signal lands in (a read of the corpus, a
 * write or fsync of Xapian's) carries on rather than failing with EINTR,
 * which parts of Xapian would report as an error; the run sees the flag
 * at its next check, within a post. A signal ignored when folio starts
 * (nohup's SIGHUP, a background job's SIGINT) stays ignored.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2,
               "a signal handler must read the handle without a lock");

static const int stoppers[] = { SIGINT, SIGTERM, SIGHUP };
#define N_STOPPERS (sizeof stoppers / sizeof stoppers[0])

static struct sigaction before[N_STOPPERS]; /* restored on release */
static int caught_here[N_STOPPERS];         /* which are ours */
static struct sigaction dfl;                /* SIG_DFL, for a second one */
static volatile sig_atomic_t caught;        /* the first signal, 0: none */
static _Atomic(folio_db *) target;          /* the handle whose run stops */
static const char *said, *printed;          /* the last words before the run */

/* write(2) all of s, if it can: a signal handler has no stdio. */
static void write_all(int fd, const char *s)
{
	size_t left = s ? strlen(s) : 0;
	ssize_t n;

	while (left > 0) {
		n = write(fd, s, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		s += n;
		left -= (size_t)n;
	}
}

static void on_signal(int sig)
{
	folio_db *db = atomic_load(&target);
	int saved = errno;

	if (caught || !db) {
		if (!caught) {
			write_all(STDERR_FILENO, said);
			write_all(STDOUT_FILENO, printed);
		}
		/* Blocked until this handler returns, then fatal. */
		sigaction(sig, &dfl, NULL);
		raise(sig);
	} else {
		caught = sig;
		folio_db_interrupt(db);
	}
	errno = saved;
}

void cli_signals_catch(const char *stderr_words, const char *stdout_words)
{
	struct sigaction sa;
	size_t i;

	atomic_store(&target, NULL);
	said = stderr_words;
	printed = stdout_words;
	caught = 0;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	/* one handler at a time: the first signal is the one reported */
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < N_STOPPERS; i++)
		sigaddset(&sa.sa_mask, stoppers[i]);
	for (i = 0; i < N_STOPPERS; i++) {
		caught_here[i] =
		    sigaction(stoppers[i], NULL, &before[i]) == 0 &&
		    before[i].sa_handler != SIG_IGN &&
		    sigaction(stoppers[i], &sa, NULL) == 0;
	}
}

void cli_signals_say(const char *stderr_words, const char *stdout_words)
{
	sigset_t set, old;
	size_t i;

	/* a signal now finds both words of one step, not one of each */
	sigemptyset(&set);
	for (i = 0; i < N_STOPPERS; i++)
		sigaddset(&set, stoppers[i]);
	sigprocmask(SIG_BLOCK, &set, &old);
	said = stderr_words;
	printed = stdout_words;
	sigprocmask(SIG_SETMASK, &old, NULL);
}

void cli_signals_aim(folio_db *db)
{
	atomic_store(&target, db);
}

int cli_signals_release(void)
{
	size_t i;

	for (i = 0; i < N_STOPPERS; i++)
		if (caught_here[i])
			sigaction(stoppers[i], &before[i], NULL);
	atomic_store(&target, NULL);
	said = printed = NULL;
	return caught;
}

void cli_signals_progress(const folio_progress *fp, void *payload)
{
	if (caught)
		folio_db_interrupt(atomic_load(&target));
	cli_progress_report(fp, payload);
}

/* A shell running folio index in a script or a loop goes on after a
 * child that exited, even with 130, and stops only when the child died of
 * the SIGINT it sent the whole foreground group too ("wait and cooperative
 * exit", as git does after its own clean-up): so a stopped run, clean,
 * dies of its signal. Its status, 128 + N to a shell, stays what it says. */
void cli_signals_die(int sig)
{
	struct sigaction sa;
	sigset_t set;

	fflush(stdout);
	fflush(stderr);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&set);
	sigaddset(&set, sig);
	if (sigaction(sig, &sa, NULL) == 0 &&
	    sigprocmask(SIG_UNBLOCK, &set, NULL) == 0)
		raise(sig);
}

const char *cli_signal_name(int sig)
{
	return sig == SIGINT    ? "SIGINT"
	       : sig == SIGTERM ? "SIGTERM"
	       : sig == SIGHUP  ? "SIGHUP"
	                        : "a signal";
}
