/*
 * check.c: folio check: verify the index with Xapian's consistency
 * checker and by decoding every stored post, and say so as text or JSON.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: folio check [--db DIR] [--time-limit SECONDS] [--json]\n"
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
    "  --json            print one JSON object: sound or not, the problems\n"
    "                    found and the first one, or the error\n"
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
 * begins it with (db.c report_damage), for a sentence that says so. */
static const char *damage(const char *dir, const char *message)
{
	size_t said = strlen("index ") + strlen(dir) + strlen(" is damaged: ");

	if (strncmp(message, "index ", 6) == 0 && strlen(message) > said &&
	    strncmp(message + 6, dir, strlen(dir)) == 0 &&
	    strncmp(message + said - 13, " is damaged: ", 13) == 0)
		return message + said;
	return message;
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
	folio_status st;
	int rc, json = 0, code = EXIT_ERROR;

	rc = cli_db_options(argc, argv, "check", usage, &db_flag, &json,
	                    &time_limit);
	if (rc > 0)
		return 0;
	if (rc < 0)
		goto done;
	dir = cli_db_path(db_flag);
	st = folio_db_open(dir, &oo, &db, &errmsg);
	if (st == FOLIO_ERROR_CORRUPT) {
		/* Damaged past opening: the message says what to do. The
		 * checker did not run: one problem is known. */
		cli_error("%s", errmsg);
		if (json)
			print_check_json(dir, 1, damage(dir, errmsg), NULL);
		code = EXIT_NONE;
		goto done;
	}
	if (st != FOLIO_OK) {
		cli_error("%s", errmsg);
		if (json)
			print_stats_error_json(errmsg, st);
		goto done;
	}
	/* A command that examines damaged indexes must survive the
	 * damage that crashes Xapian's checker; one thread, so fork is
	 * safe here. */
	co.flags = FOLIO_CHECK_ISOLATE;
	co.timeout_ms = time_limit * 1000u;
	st = folio_db_check(db, &co, &problems);
	if (st == FOLIO_ERROR_CORRUPT) {
		/* The first problem, and the rebuild that mends it; said
		 * as every command says it (db.c report_damage). */
		const char *first = damage(dir, folio_db_error(db));
		cli_error("index %s is damaged: %llu problem%s, the first: %s",
		          dir, (unsigned long long)problems,
		          problems == 1 ? "" : "s", first);
		if (json)
			print_check_json(dir, problems, first, NULL);
		code = EXIT_NONE;
	} else if (st != FOLIO_OK) {
		/* A checker stopped at its limit (the library's words end
		 * so) may only have been slow: say how to give it longer. */
		const char *why = folio_db_error(db);
		const char *end = " may need a longer limit)";
		size_t n = strlen(why), e = strlen(end);

		if (n > e && strcmp(why + n - e, end) == 0)
			cli_error("%s; --time-limit SECONDS raises it (default "
			          "%u)",
			          why, TIME_LIMIT_DEFAULT);
		else
			cli_error("%s", why);
		if (json)
			print_stats_error_json(why, st);
	} else if (json) {
		/* what was checked (null if the stats cannot be read) */
		print_check_json(dir, 0, NULL,
		                 folio_db_stats(db, &s) == FOLIO_OK ? &s
		                                                    : NULL);
		code = 0;
	} else {
		folio_db_count(db, &docs);
		printf("%s: sound (%llu post%s, no problems found)\n", dir,
		       (unsigned long long)docs, docs == 1 ? "" : "s");
		code = 0;
	}
done:
	cli_usage_json(argc, argv, code, CLI_JSON_PLAIN);
	folio_db_close(db);
	free(errmsg);
	return code;
}
