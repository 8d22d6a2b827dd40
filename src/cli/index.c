/*
 * index.c: folio index: build or update the index from corpus files.
 * Problems in the corpus are printed as FILE:LINE: reason and skipped;
 * the summary line counts what was done, or --json's object says it all
 * (report.c). On a terminal a progress bar runs meanwhile (progress.c).
 * SIGINT, SIGTERM and SIGHUP stop the run cleanly (signals.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

/* the library's words for the same condition: a header, not the
 * library, as util.c's */
#include "../util/lastcommit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* kept as it prints, not as clang-format would wrap it */
/* clang-format off */
static const char usage[] =
	"usage: folio index [--db DIR] [--language NAME] [--rebuild] [--no-delete]\n"
	"                   [--threads N] [--shards N] [--wait]\n"
	"                   [--progress | --quiet] [--json] [PATH...]\n"
	"\n"
	"Bring the index in line with the markdown topic pages (*.md) and JSON\n"
	"Lines files (*.jsonl) in PATHs, searching directories recursively\n"
	"(default PATH: corpus/). A post's URL is its identity: new posts are\n"
	"added, changed ones replaced, unchanged ones skipped, and indexed\n"
	"posts whose URL is in none of the PATHs are removed; but nothing is\n"
	"removed when any file, path or post had to be skipped.\n"
	"\n"
	"When stderr is a terminal, a progress bar shows the phase, the posts\n"
	"done, the rate and the percentage; it is erased at the end.\n"
	"\n"
	"SIGINT, SIGTERM or SIGHUP (Ctrl-C, timeout, a closed terminal) stops\n"
	"the run cleanly within a post: a full build stopped before it switches\n"
	"searches to the new generation deletes its build directory and leaves\n"
	"the index as it was (after the switch it finishes); an incremental run\n"
	"keeps the batches of 5000 changes it committed and drops the rest.\n"
	"It says which on stderr and then dies of that signal (status 128 + the\n"
	"signal to a shell, which then stops a script or loop too). A second\n"
	"signal kills it at once; one while it checks the corpus paths or waits\n"
	"for the lock (--wait) stops it at once, saying nothing was indexed.\n"
	"\n"
	"options:\n"
	"  --db DIR          the index directory (default: $FOLIO_INDEX or index)\n"
	"  --language NAME   Snowball stemmer for a new index (default english;\n"
	"                    'none' for no stemming); for an existing one, the\n"
	"                    language its rebuild is made in (default: its\n"
	"                    own; without --rebuild another one is an error)\n"
	"  --rebuild         build a new generation from scratch beside the live\n"
	"                    one, then switch searches to it atomically; the way\n"
	"                    to change the language, and to bring an index built\n"
	"                    by a folio of another format to this one's\n"
	"  --no-delete       keep indexed posts that are not in the PATHs (to\n"
	"                    add a single file)\n"
	"  --threads N       worker threads for a full build (default: one per\n"
	"                    CPU)\n"
	"  --shards N        split the index into N shards (databases searched\n"
	"                    as one, built in parallel; results do not change);\n"
	"                    a count other than the index's rebuilds it\n"
	"                    (default: keep the index's count, 1 when new)\n"
	"  --wait            wait for another indexer to finish instead of\n"
	"                    failing at once\n"
	"  --progress        report progress on stderr one line at a time, even\n"
	"                    when it is not a terminal (for logs)\n"
	"  --quiet           no progress bar (problems and the summary line\n"
	"                    are still printed)\n"
	"  --json            print one JSON object on stdout instead of the\n"
	"                    summary line: the counts and every problem, or\n"
	"                    the error (problems and errors are still said on\n"
	"                    stderr; no progress bar unless --progress)\n"
	"  -h, --help        show this help\n"
	"\n"
	"exit status: 0 all indexed, 1 some posts, files or paths skipped (the\n"
	"rest indexed), 2 error (the index is unchanged since its last commit),\n"
	"3 another indexer holds the index, 128 + N stopped by signal N (130\n"
	"SIGINT, 143 SIGTERM, 129 SIGHUP)\n";
/* clang-format on */

/* What a run's callbacks share (their payload). */
typedef struct index_run {
	cli_progress progress;
	cli_index_json json;
	int json_on; /* --json */
} index_run;

/* The bar, and a signal caught before the run began passed on to it. */
static void report_progress(const folio_progress *fp, void *payload)
{
	cli_signals_progress(fp, &((index_run *)payload)->progress);
}

static void print_diagnostic(const folio_diagnostic *d, void *payload)
{
	index_run *run = payload;
	const char *kind = d->warning ? "warning: " : "";

	if (run->json_on)
		cli_index_json_problem(&run->json, d);
	cli_progress_clear(&run->progress);
	/* One line each, FILE:LINE: reason, whatever the file is called:
	 * a newline in a name must not split it. */
	print_text(stderr, d->file);
	if (d->line)
		fprintf(stderr, ":%u", d->line);
	fprintf(stderr, ": %s", kind);
	print_text(stderr, d->message);
	fputc('\n', stderr);
}

/* The run Xapian may end by std::terminate (folio_abort_handler_set):
 * its index, and where its message and --json's object go. */
typedef struct aborting {
	const char *dir;
	index_run *run;
} aborting;

/* A write failed where Xapian cannot throw (folio.h): the run ends as
 * one whose commit failed does (db.c fo_db_xfail), exit 2, but at once:
 * the writer Xapian gave up in cannot be closed. */
static void write_aborted(const char *what, void *payload)
{
	const aborting *a = payload;

	cli_progress_clear(&a->run->progress);
	cli_error("index %s: %s" FO_AS_AT_LAST_COMMIT, a->dir, what);
	if (a->run->json_on)
		cli_index_json_error(&a->run->json, cli_last_error(),
		                     FOLIO_ERROR_IO);
	fflush(stdout);
	_exit(EXIT_ERROR);
}

/* first: the run made the index (nothing was there), which a rebuild
 * it reports would not be, whatever it was given (--shards 2 on a new
 * index said "rebuilt", where a plain first run says nothing of it). */
static void print_summary(const folio_index_report *rep,
                          const folio_index_options *io, int first)
{
	printf("%llu post%s in %llu file%s: %llu added, %llu updated, "
	       "%llu unchanged, %llu removed; %llu skipped",
	       (unsigned long long)rep->posts, rep->posts == 1 ? "" : "s",
	       (unsigned long long)rep->files, rep->files == 1 ? "" : "s",
	       (unsigned long long)rep->added, (unsigned long long)rep->updated,
	       (unsigned long long)rep->unchanged,
	       (unsigned long long)rep->removed,
	       (unsigned long long)rep->skipped);
	if (rep->kept)
		printf("; %llu post%s no longer in the corpus kept (%s)",
		       (unsigned long long)rep->kept, rep->kept == 1 ? "" : "s",
		       io->no_delete ? "--no-delete"
		                 : "nothing is removed when something was skipped");
	if (rep->kept_malformed)
		printf("; %llu post%s with a malformed copy kept as indexed",
		       (unsigned long long)rep->kept_malformed,
		       rep->kept_malformed == 1 ? "" : "s");
	if ((io->rebuild || io->shards) && rep->rebuilt && !first)
		fputs("; rebuilt", stdout);
	putchar('\n');
}

/* Paths (as addresses in the array given) by their text, then place. */
static int by_text(const void *a, const void *b)
{
	const char *const *x = *(const char *const *const *)a;
	const char *const *y = *(const char *const *const *)b;
	int c = strcmp(*x, *y);

	return c ? c : x < y ? -1 : x > y;
}

/* FOLIO_OK when any corpus path can be read and none is empty; else
 * says why, as folio_db_index_paths would, but before the index is
 * opened, so that a mistyped path does not leave a new, empty index
 * behind: FOLIO_ERROR_NOT_FOUND when no path exists, FOLIO_ERROR_IO when
 * some cannot be read, FOLIO_ERROR_INVALID for an empty one. */
static folio_status corpus_exists(const char *const *paths, size_t n)
{
	folio_status st = FOLIO_ERROR_NOT_FOUND;
	struct stat sb;
	char *why = NULL, *again = NULL;
	const char *const **sorted = NULL;
	size_t i, len, named = 0;
	FILE *f = NULL;

	for (i = 0; i < n; i++)
		if (!*paths[i]) {
			cli_error(
			    "path %zu of %zu is an empty path, which names "
			    "no file",
			    i + 1, n);
			return FOLIO_ERROR_INVALID;
		}
	for (i = 0; i < n; i++)
		if (stat(paths[i], &sb) == 0)
			return FOLIO_OK;
	/* a path given twice is named once, as the library reads it once:
	 * again[i] when paths[i] is an earlier one's text */
	if ((again = calloc(n, 1)) && (sorted = malloc(n * sizeof *sorted))) {
		for (i = 0; i < n; i++)
			sorted[i] = &paths[i];
		qsort(sorted, n, sizeof *sorted, by_text);
		for (i = 1; i < n; i++)
			again[sorted[i] - paths] =
			    strcmp(*sorted[i], *sorted[i - 1]) == 0;
	}
	/* one message, for stderr and --json alike */
	if (sorted)
		f = open_memstream(&why, &len);
	for (i = 0; f && i < n; i++) {
		int err = stat(paths[i], &sb) == 0 ? 0 : errno;
		if (again[i])
			continue;
		fprintf(f, "%s%s: %s", named++ ? "; " : "", paths[i],
		        strerror(err));
		if (err != ENOENT)
			st = FOLIO_ERROR_IO;
	}
	if (!f || fclose(f) != 0) {
		cli_error("out of memory");
		st = FOLIO_ERROR_NOMEM;
	} else {
		cli_error("%s", why);
	}
	free(why);
	free(again);
	free(sorted);
	return st;
}

/* What a signal says before the run, while the corpus paths are checked
 * or dir is opened (a stat may hang on a lost mount, and the open wait
 * long for another writer's lock, --wait), what taking dir for its %s:
 * the line for stderr in *said and, with --json, the object for stdout in
 * *printed, for the caller to free; 0 when out of memory (said). */
static int last_words(const char *what, const char *dir, int json, char **said,
                      char **printed)
{
	int n = snprintf(NULL, 0, what, dir);
	char *message = n >= 0 ? malloc((size_t)n + 1) : NULL;
	size_t len;
	FILE *f = message ? open_memstream(said, &len) : NULL;
	int ok = f != NULL;

	if (f) {
		snprintf(message, (size_t)n + 1, what, dir);
		fputs("folio: ", f);
		print_text(f, message);
		fputc('\n', f);
		ok = fclose(f) == 0;
	}
	if (ok && json)
		ok = (*printed = cli_index_json_early_error(
		          message, FOLIO_ERROR_INTERRUPTED)) != NULL;
	free(message);
	if (!ok)
		cli_error("out of memory");
	return ok;
}

/* What the arguments of folio index ask for. */
typedef struct index_args {
	folio_open_options oo;
	folio_index_options io;
	const char *db_flag;
	const char **paths; /* the corpus paths, "corpus" when none is given */
	size_t n_paths;
	int lines, quiet, json; /* --progress, --quiet, --json */
} index_args;

/* The end of --help: the names --language takes, from the library, as
 * they are libstemmer's (the completions list them too: T120 compares). */
static void print_languages(void)
{
	const char *name;
	size_t i, col;

	fputs("\nlanguages (--language):", stdout);
	col = strlen("languages (--language):");
	for (i = 0; (name = folio_language_name(i)) != NULL; i++) {
		if (col + 1 + strlen(name) > 72) {
			fputs("\n ", stdout);
			col = 1;
		}
		printf(" %s", name);
		col += 1 + strlen(name);
	}
	putchar('\n');
}

/* Set in a the option arg, if it is one of those that take no value:
 * as cli_flag. */
static int index_flag(index_args *a, const char *arg)
{
	static const char *const names[] = { "--wait",      "--rebuild",
		                             "--no-delete", "--progress",
		                             "--quiet",     "--json" };
	int wait = 0;
	int *set[] = { &wait,     &a->io.rebuild, &a->io.no_delete,
		       &a->lines, &a->quiet,      &a->json };
	size_t k;
	int rc = cli_flag_of(arg, names, sizeof names / sizeof *names, &k);

	if (rc > 0)
		*set[k] = 1;
	if (wait)
		a->oo.flags |= FOLIO_OPEN_WAIT;
	return rc;
}

/* Read argv into a (which the caller frees, whatever it returns): 0, 1
 * after printing usage (--help), -1 after an error. */
static int parse_args(int argc, char **argv, index_args *a)
{
	static const folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	static const folio_index_options io = FOLIO_INDEX_OPTIONS_INIT;
	const char *value;
	int i, rc;

	memset(a, 0, sizeof *a);
	a->oo = oo;
	a->io = io;
	a->paths = calloc((size_t)argc + 1, sizeof *a->paths);
	if (!a->paths) {
		cli_error("out of memory");
		return -1;
	}
	a->oo.flags = FOLIO_OPEN_WRITE | FOLIO_OPEN_CREATE;
	if ((rc = cli_help(argc, argv, usage)) != 0) {
		if (rc > 0)
			print_languages();
		return rc;
	}
	for (i = 1; i < argc; i++) {
		if ((rc = cli_option_value(argc, argv, &i, "--db", &value)) != 0) {
			if (rc < 0)
				return -1;
			a->db_flag = value;
		} else if ((rc = cli_option_value(argc, argv, &i, "--language",
		                                  &value)) != 0) {
			if (rc < 0)
				return -1;
			a->oo.language = value;
		} else if ((rc = cli_option_value(argc, argv, &i, "--threads",
		                                  &value)) != 0) {
			long n = rc < 0 ? -1
			                : cli_parse_range("--threads", value, 0, 256);
			if (n < 0)
				return -1;
			a->io.threads = (unsigned)n;
		} else if ((rc = cli_option_value(argc, argv, &i, "--shards",
		                                  &value)) != 0) {
			long n = rc < 0 ? -1
			                : cli_parse_range("--shards", value, 1, 256);
			if (n < 0)
				return -1;
			a->io.shards = (unsigned)n;
		} else if ((rc = index_flag(a, argv[i])) != 0) {
			if (rc < 0)
				return -1;
		} else if (strcmp(argv[i], "--") == 0) {
			while (++i < argc)
				a->paths[a->n_paths++] = argv[i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			cli_unknown_option("index", argv[i]);
			return -1;
		} else {
			a->paths[a->n_paths++] = argv[i];
		}
	}
	if (a->n_paths == 0)
		a->paths[a->n_paths++] = "corpus";
	if (a->lines && a->quiet) {
		cli_error("--progress and --quiet contradict each other");
		return -1;
	}
	return 0;
}

int cmd_index(int argc, char **argv)
{
	folio_index_report rep = FOLIO_INDEX_REPORT_INIT;
	index_args a;
	index_run run = { .json = CLI_INDEX_JSON_INIT };
	const char *dir = NULL;
	aborting ab = { .run = &run };
	folio_db *db = NULL;
	char *errmsg = NULL, *said = NULL, *printed = NULL;
	char *checking = NULL, *checking_json = NULL;
	int rc, sig, first, code = EXIT_ERROR;
	folio_status st, failed = FOLIO_OK;

	cli_progress_init(&run.progress, CLI_PROGRESS_OFF);
	rc = parse_args(argc, argv, &a);
	if (rc > 0)
		code = 0;
	if (rc == 0) {
		dir = cli_db_path(a.db_flag);
		if (!last_words("interrupted while checking the corpus paths, "
		                "before %s was opened: nothing was indexed",
		                dir, a.json, &checking, &checking_json) ||
		    !last_words("interrupted while opening %s, before the run "
		                "began: nothing was indexed",
		                dir, a.json, &said, &printed))
			failed = FOLIO_ERROR_NOMEM;
	}
	if (rc != 0 || failed != FOLIO_OK)
		goto done;
	cli_signals_catch(checking, checking_json);
	if ((failed = corpus_exists(a.paths, a.n_paths)) != FOLIO_OK) {
		cli_signals_release();
		goto done;
	}
	cli_signals_say(said, printed);
	/* asked only where the summary would say "rebuilt" (print_summary) */
	first = (a.io.rebuild || a.io.shards) && cli_may_index(dir);
	st = folio_db_open(dir, &a.oo, &db, &errmsg);
	if (st != FOLIO_OK) {
		cli_signals_release();
		/* one condition, one line, with what to do about it */
		cli_error("%s%s", errmsg, st == FOLIO_ERROR_LOCKED
		                                  ? "; use --wait to wait for it"
		                                  : "");
		code = st == FOLIO_ERROR_LOCKED ? EXIT_LOCKED : EXIT_ERROR;
		failed = st;
		goto done;
	}
	/* --json's reader is a tool: no bar drawn on a terminal it shares */
	if (a.lines)
		cli_progress_init(&run.progress, CLI_PROGRESS_LINES);
	else if (!a.quiet && !a.json && isatty(STDERR_FILENO))
		cli_progress_init(&run.progress, CLI_PROGRESS_BAR);
	run.json_on = a.json;
	a.io.diagnostic = print_diagnostic;
	a.io.progress = report_progress;
	a.io.payload = &run;
	cli_signals_aim(db);
	ab.dir = dir;
	folio_abort_handler_set(write_aborted, &ab);
	st = folio_db_index_paths(db, a.paths, a.n_paths, &a.io, &rep);
	folio_abort_handler_set(NULL, NULL);
	sig = cli_signals_release();
	cli_progress_clear(&run.progress);
	if (st != FOLIO_OK && st != FOLIO_ERROR_INPUT) {
		cli_error("%s", folio_db_error(db));
		failed = st;
		if (st == FOLIO_ERROR_INTERRUPTED && sig)
			code = 128 + sig;
		goto done;
	}
	/* the library had passed its last point of stopping (its last
	 * commit, or a rebuild's switch under way) */
	if (sig)
		cli_error("%s came too late to stop the run: it finished",
		          cli_signal_name(sig));
	if (!a.json)
		print_summary(&rep, &a.io, first);
	code = st == FOLIO_OK ? 0 : EXIT_NONE;
done:
	st = folio_db_close(db);
	if (st != FOLIO_OK && code != EXIT_ERROR) {
		cli_error("closing the index: %s", folio_status_string(st));
		code = EXIT_ERROR;
		failed = st;
	}
	/* after the close, whose failure the object must say too */
	if (rc == 0 && a.json && failed != FOLIO_OK)
		cli_index_json_error(&run.json, cli_last_error(), failed);
	else if (rc == 0 && a.json)
		cli_index_json_report(&run.json, &rep);
	cli_usage_json(argc, argv, rc < 0 ? EXIT_ERROR : 0, CLI_JSON_PROBLEMS);
	free(errmsg);
	free(said);
	free(printed);
	free(checking);
	free(checking_json);
	free(a.paths);
	if (code > 128)
		cli_signals_die(code - 128);
	return code;
}
