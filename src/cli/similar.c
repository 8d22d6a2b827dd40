/*
 * similar.c: folio similar: the posts most like a given post.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: folio similar [OPTIONS] URL\n"
	"\n"
	"Find the posts most like the indexed post with this URL: the words\n"
	"that best set it apart from the other posts, ranked by BM25.\n"
	"\n"
	"options:\n"
	"  --db DIR, --limit N, --offset N, --sort ORDER, --since DATE,\n"
	"  --until DATE, --facets, --exhaustive, --explain, --json\n"
	"                    as for folio search\n"
	"  -h, --help        show this help\n"
	"\n"
	"exit status: 0 some posts found, 1 none, 2 error (e.g. no such post)\n";

/* Options of folio search that only a typed query has a use for, with
 * a value or not: folio similar does not know them. */
static int query_only(const char *arg)
{
	size_t n = strcspn(arg, "=");

	return (n == 8 && strncmp(arg, "--strict", n) == 0) ||
	       (n == 5 && (strncmp(arg, "--all", n) == 0 ||
	                   strncmp(arg, "--any", n) == 0));
}

int cmd_similar(int argc, char **argv)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	const char *db_flag = NULL, *url = NULL, *dir;
	folio_db *db = NULL;
	char *errmsg = NULL;
	int i, rc, json = 0, dashes = 0, code = EXIT_ERROR;
	folio_status st;

	if ((rc = cli_help(argc, argv, usage)) != 0) {
		if (rc > 0)
			code = 0;
		goto done;
	}
	for (i = 1; i < argc; i++) {
		/* -- ends the options, as for index and search (folio.1):
		 * what follows it is the URL, whatever it starts with */
		if (!dashes && strcmp(argv[i], "--") == 0) {
			dashes = 1;
			continue;
		}
		if (!dashes && !query_only(argv[i]) &&
		    (rc = cli_search_option(argc, argv, &i, &so, &db_flag,
		                            &json)) != 0) {
			if (rc < 0)
				goto done;
		} else if (!dashes && argv[i][0] == '-' && argv[i][1]) {
			cli_unknown_option("similar", argv[i]);
			goto done;
		} else if (url) {
			cli_error("similar takes one URL (try 'folio similar "
			          "--help')");
			goto done;
		} else {
			url = argv[i];
		}
	}
	if (!url || !*url) {
		cli_error("similar needs the URL of an indexed post (try 'folio "
		          "similar --help')");
		goto done;
	}
	dir = cli_db_path(db_flag);
	st = folio_db_open(dir, &oo, &db, &errmsg);
	if (st != FOLIO_OK) {
		cli_open_error(dir, st, errmsg);
		/* a bad value (--db '') is bad usage: cli_usage_json */
		if (json && st != FOLIO_ERROR_INVALID)
			print_error_json(url, strlen(url), errmsg, 0, st);
		goto done;
	}
	code = cli_find(db, folio_db_similar, url, &so, json);
done:
	cli_usage_json(argc, argv, code, CLI_JSON_QUERY);
	folio_db_close(db);
	free(errmsg);
	return code;
}
