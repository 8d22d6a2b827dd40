/*
 * check.c: folio check: verify the index with Xapian's consistency
 * checker and by decoding every stored post, and say so as text or JSON.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include "../util/grow.h"

#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: folio check [--db DIR] [--time-limit SECONDS] [--all] [--json]\n"
    "\n"
    "Verify the live generation of the index: every Xapian table (B-tree\n"
    "structure, postings, positions, values) and every stored post. The\n"
    "checker runs in a child process: damage that crashes it is reported\n"
    "as damage in the table it was reading.\n"
    "\n"
    "options:\n"
    "  --db DIR          the index directory (default: $FOLIO_INDEX or index)\n"
    "  --time-limit SECONDS\n"
    "                    stop the checker of a database (each shard) still\n"
    "                    running after SECONDS (default 600; 0: no limit)\n"
    "  --all             on damage, list every problem found (default: the\n"
    "                    first 10, then how many more)\n"
    "  --json            print one JSON object: sound or not, the problems\n"
    "                    found, the first one and each one, or the error\n"
    "  -h, --help        show this help\n"
    "\n"
    "exit status: 0 the index is sound, 1 damaged (rebuild it from its corpus\n"
    "with 'folio index --rebuild --db DIR PATH...', as the message says),\n"
    "2 error (no index, cannot read it, usage, the time limit reached)\n";

/* Xapian's checker takes about 2 s on a 64k-post database (148 MB): a
 * database it has not checked in 10 minutes is more likely looping on
 * damage than slow. */
#define TIME_LIMIT_DEFAULT 600

/* A damage message without the "index DIR is damaged: " every command
 * begins it with (advice.c fo_db_report_damage), for a sentence that says so.
 */
static const char *damage(const char *dir, const char *message)
{
	size_t said = strlen("index ") + strlen(dir) + strlen(" is damaged: ");

	if (strncmp(message, "index ", 6) == 0 && strlen(message) > said &&
	    strncmp(message + 6, dir, strlen(dir)) == 0 &&
	    strncmp(message + said - 13, " is damaged: ", 13) == 0)
		return message + said;
	return message;
}

/* Problems a damaged index's message lists on stderr, the first one
 * included, unless --all: a term list damaged throughout can make the
 * checker count thousands, which the first few represent. */
#define LISTED_DEFAULT 10

/* Each problem folio_db_check found (folio_check_options.problem). */
typedef struct problem_list {
	const char *dir; /* the index, as damage() takes it */
	char **item;
	size_t n, cap;
} problem_list;

/* Keep problem in the list, as damage() words it; stop the calls when
 * memory runs out (the first, in folio_db_error, is said all the same). */
static int keep_problem(const char *problem, void *payload)
{
	problem_list *l = payload;
	char *copy = strdup(damage(l->dir, problem));

	if (!copy ||
	    fo_grow((void **)&l->item, &l->cap, l->n, sizeof *l->item) != 0) {
		free(copy);
		return 1;
	}
	l->item[l->n++] = copy;
	return 0;
}

static void free_problems(problem_list *l)
{
	while (l->n)
		free(l->item[--l->n]);
	free(l->item);
}

/* The problems the check of dir found (message: the library's error,
 * which describes the first): the first, and the rebuild that mends it,
 * said as every command says it (advice.c fo_db_report_damage); then the
 * others, a line each, the first LISTED_DEFAULT unless all. */
static void say_problems(const char *dir, const char *message,
                         uint64_t problems, const problem_list *found, int all,
                         int json)
{
	const char *first = damage(dir, message);
	size_t i;

	cli_error("index %s is damaged: %llu problem%s, the first: %s", dir,
	          (unsigned long long)problems, problems == 1 ? "" : "s",
	          first);
	for (i = 1; i < found->n && (all || i < LISTED_DEFAULT); i++)
		cli_error("problem %zu of %llu: %s", i + 1,
		          (unsigned long long)problems, found->item[i]);
	if (i < problems)
		cli_error("... and %llu more (--all lists them)",
		          (unsigned long long)(problems - i));
	if (json)
		print_check_json(dir, problems, first,
		                 (const char *const *)found->item, found->n,
		                 NULL);
}

/* A check that could not finish, why. A checker stopped at its limit
 * (the library's words end so) may only have been slow: say how to give
 * it longer, in the JSON's message too. */
static void say_failed(const char *why, folio_status st, int json)
{
	const char *end = " may need a longer limit)";
	size_t n = strlen(why), e = strlen(end);

	if (n > e && strcmp(why + n - e, end) == 0)
		cli_error("%s; --time-limit SECONDS raises it (default %u)",
		          why, TIME_LIMIT_DEFAULT);
	else
		cli_error("%s", why);
	if (json)
		print_stats_error_json(cli_last_error(), st);
}

int cmd_check(int argc, char **argv)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_check_options co = FOLIO_CHECK_OPTIONS_INIT;
	const char *db_flag = NULL, *dir;
	folio_db *db = NULL;
	char *errmsg = NULL;
	uint64_t problems = 0, docs = 0;
	unsigned time_limit = TIME_LIMIT_DEFAULT;
	folio_stats s = FOLIO_STATS_INIT;
	problem_list found = { NULL, NULL, 0, 0 };
	const char *first;
	folio_status st;
	int rc, json = 0, all = 0, code = EXIT_ERROR;

	rc = cli_db_options(argc, argv, "check", usage, &db_flag, &json,
	                    &time_limit, &all);
	if (rc > 0)
		return 0;
	if (rc < 0)
		goto done;
	dir = cli_db_path(db_flag);
	/* Remote shards are checked where they are served: a local index's
	 * REMOTES neither count as checked nor fail the check when down. */
	oo.flags = FOLIO_OPEN_LOCAL | FOLIO_OPEN_CHECK;
	st = folio_db_open(dir, &oo, &db, &errmsg);
	if (st == FOLIO_ERROR_CORRUPT) {
		/* Damaged past opening: the message says what to do. The
		 * checker did not run: one problem is known. */
		cli_error("%s", errmsg);
		first = damage(dir, errmsg);
		if (json)
			print_check_json(dir, 1, first, &first, 1, NULL);
		code = EXIT_NONE;
		goto done;
	}
	if (st != FOLIO_OK) {
		cli_open_error(dir, st, errmsg);
		if (json)
			print_stats_error_json(errmsg, st);
		goto done;
	}
	/* A command that examines damaged indexes must survive the
	 * damage that crashes Xapian's checker; one thread, so fork is
	 * safe here. */
	co.flags = FOLIO_CHECK_ISOLATE;
	co.timeout_ms = time_limit * 1000u;
	co.problem = keep_problem;
	found.dir = dir;
	co.payload = &found;
	st = folio_db_check(db, &co, &problems);
	if (st == FOLIO_ERROR_CORRUPT) {
		say_problems(dir, folio_db_error(db), problems, &found, all,
		             json);
		code = EXIT_NONE;
	} else if (st != FOLIO_OK) {
		say_failed(folio_db_error(db), st, json);
	} else if (json) {
		/* what was checked (null if the stats cannot be read) */
		print_check_json(dir, 0, NULL, NULL, 0,
		                 folio_db_stats(db, &s) == FOLIO_OK ? &s
		                                                    : NULL);
		code = 0;
	} else {
		folio_db_count(db, &docs);
		/* dir as messages print it: $FOLIO_INDEX may hold an ESC */
		print_text(stdout, dir);
		printf(": sound (%llu post%s, no problems found)\n",
		       (unsigned long long)docs, docs == 1 ? "" : "s");
		code = 0;
	}
done:
	cli_usage_json(argc, argv, code, CLI_JSON_PLAIN);
	free_problems(&found);
	folio_db_close(db);
	free(errmsg);
	return code;
}
