/*
 * search.c: folio search: run a query and print the hits as text or JSON.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
	"usage: folio search [--db DIR] [--limit N] [--offset N] [--json]\n"
	"                    [--remote HOST:PORT]... [--timeout MS]\n"
	"                    [--allow-partial] QUERY...\n"
	"\n"
	"Search the index. The words are joined into one query; a post must\n"
	"match every word, in its exact form or any form with the same stem.\n"
	"\n"
	"options:\n"
	"  --db DIR      the index directory (default: $FOLIO_INDEX or index)\n"
	"  --limit N     show at most N hits (default 10)\n"
	"  --offset N    skip the first N hits\n"
	"  --json        print one JSON object (see the README for its schema)\n"
	"  --remote HOST:PORT  also search the shard xapian-tcpsrv serves there\n"
	"                (repeatable; DIR/REMOTES may list more); with no\n"
	"                --db and no $FOLIO_INDEX, search remote shards only\n"
	"  --timeout MS  wait at most MS ms for a remote shard (default 10000)\n"
	"  --allow-partial  search the shards that answer, warning about the\n"
	"                others (default: an unreachable shard is an error)\n"
	"  -h, --help    show this help\n"
	"\n"
	"Matches are highlighted when the output is a terminal and NO_COLOR is\n"
	"unset.\n"
	"\n"
	"exit status: 0 some posts match, 1 none match, 2 error\n";

static void print_json(const char *query, const folio_results *r)
{
	size_t i, t;

	fputs("{\"query\": ", stdout);
	json_string(stdout, query);
	printf(", \"total\": %llu, \"hits\": [",
	       (unsigned long long)folio_results_total(r));
	for (i = 0; i < folio_results_count(r); i++) {
		const folio_hit *h = folio_results_hit(r, i);

		printf("%s\n  {\"rank\": %zu, \"score\": %.6g, \"url\": ",
		       i ? "," : "", h->rank, h->score);
		json_string(stdout, h->url);
		fputs(", \"title\": ", stdout);
		json_string(stdout, h->title);
		fputs(", \"company\": ", stdout);
		json_string(stdout, h->company);
		fputs(", \"author\": ", stdout);
		json_string(stdout, h->author);
		fputs(", \"published\": ", stdout);
		json_string(stdout, h->published);
		fputs(", \"type\": ", stdout);
		json_string(stdout, h->type);
		fputs(", \"topics\": [", stdout);
		for (t = 0; t < h->n_topics; t++) {
			if (t)
				fputs(", ", stdout);
			json_string(stdout, h->topics[t]);
		}
		fputs("], \"snippet\": ", stdout);
		json_string(stdout, h->snippet);
		fputc('}', stdout);
	}
	fputs(i ? "\n]}\n" : "]}\n", stdout);
}

static void print_hits(const folio_results *r, size_t offset)
{
	size_t i, n = folio_results_count(r);
	uint64_t total = folio_results_total(r);

	for (i = 0; i < n; i++) {
		const folio_hit *h = folio_results_hit(r, i);
		const char *sep = "   ";

		printf("%s%zu. ", i ? "\n" : "", h->rank);
		print_text(stdout, h->title);
		fputc('\n', stdout);
		if (h->company) {
			fputs(sep, stdout);
			print_text(stdout, h->company);
			sep = " \xC2\xB7 "; /* · */
		}
		if (h->published) {
			fputs(sep, stdout);
			fputs(h->published, stdout);
			sep = " \xC2\xB7 ";
		}
		fputs(sep, stdout);
		print_text(stdout, h->url);
		/* The snippet holds no control characters but our markers. */
		printf("\n   %s\n", h->snippet);
	}
	if (n && offset + n < total)
		printf("\n(%zu-%zu of %llu; --offset %zu for more)\n", offset + 1,
		       offset + n, (unsigned long long)total, offset + n);
}

/* Append word to the query being joined from the arguments. */
static int append_word(char **query, size_t *len, const char *word)
{
	size_t n = strlen(word);
	char *grown = realloc(*query, *len + n + 2);

	if (!grown) {
		cli_error("out of memory");
		return -1;
	}
	*query = grown;
	if (*len)
		grown[(*len)++] = ' ';
	memcpy(grown + *len, word, n + 1);
	*len += n;
	return 0;
}

int cmd_search(int argc, char **argv)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	const char *db_flag = NULL, *value, *dir;
	folio_db *db = NULL;
	folio_results *r = NULL;
	char *errmsg = NULL, *query = NULL;
	const char **remotes = NULL;
	size_t qlen = 0, n_remotes = 0, k;
	int i, rc, json = 0, words = 0, code = EXIT_ERROR;
	long v;
	folio_status st;

	query = calloc(1, 1);
	remotes = calloc((size_t)argc, sizeof *remotes);
	if (!query || !remotes)
		goto done;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			fputs(usage, stdout);
			code = 0;
			goto done;
		}
		if ((rc = cli_option_value(argc, argv, &i, "--db", &value)) != 0) {
			if (rc < 0)
				goto done;
			db_flag = value;
		} else if ((rc = cli_option_value(argc, argv, &i, "--limit",
		                                  &value)) != 0) {
			if (rc < 0 || (v = cli_parse_count("--limit", value)) < 0)
				goto done;
			so.limit = (size_t)v;
		} else if ((rc = cli_option_value(argc, argv, &i, "--offset",
		                                  &value)) != 0) {
			if (rc < 0 || (v = cli_parse_count("--offset", value)) < 0)
				goto done;
			so.offset = (size_t)v;
		} else if ((rc = cli_option_value(argc, argv, &i, "--remote",
		                                  &value)) != 0) {
			if (rc < 0)
				goto done;
			remotes[n_remotes++] = value;
		} else if ((rc = cli_option_value(argc, argv, &i, "--timeout",
		                                  &value)) != 0) {
			if (rc < 0 || (v = cli_parse_count("--timeout", value)) < 0)
				goto done;
			oo.timeout_ms = (unsigned)v;
		} else if (strcmp(argv[i], "--allow-partial") == 0) {
			oo.allow_partial = 1;
		} else if (strcmp(argv[i], "--json") == 0) {
			json = 1;
		} else if (strcmp(argv[i], "--") == 0) {
			while (i + 1 < argc) {
				if (append_word(&query, &qlen, argv[++i]) != 0)
					goto done;
				words++;
			}
		} else if (argv[i][0] == '-' && argv[i][1] && argv[i][1] == '-') {
			cli_error("unknown option %s (try 'folio search --help')",
			          argv[i]);
			goto done;
		} else {
			if (append_word(&query, &qlen, argv[i]) != 0)
				goto done;
			words++;
		}
	}
	if (!words) {
		cli_error("search needs a query (try 'folio search --help')");
		goto done;
	}

	oo.remotes = remotes;
	oo.n_remotes = n_remotes;
	dir = cli_db_path(db_flag);
	/* Remote shards alone, unless a local index was asked for. */
	if (n_remotes && !db_flag && !getenv("FOLIO_INDEX"))
		dir = NULL;
	st = folio_db_open(dir, &oo, &db, &errmsg);
	if (st != FOLIO_OK) {
		cli_error("%s", errmsg);
		if (st == FOLIO_ERROR_NOT_FOUND && dir)
			fprintf(stderr, "folio: build one with: folio index --db "
			                "%s corpus/\n", dir);
		goto done;
	}
	if (!json && isatty(STDOUT_FILENO) && !getenv("NO_COLOR")) {
		so.highlight_start = "\x1b[1;33m";
		so.highlight_end = "\x1b[0m";
	}
	st = folio_db_search(db, query, &so, &r);
	if (st != FOLIO_OK) {
		cli_error("%s", folio_db_error(db));
		goto done;
	}
	for (k = 0; k < folio_db_skipped_count(db); k++) {
		const char *why, *name = folio_db_skipped_shard(db, k, &why);
		cli_error("warning: shard %s skipped, results are partial: %s",
		          name, why);
	}
	if (json)
		print_json(query, r);
	else
		print_hits(r, so.offset);
	code = folio_results_count(r) || folio_results_total(r) ? EXIT_HITS
	                                                         : EXIT_NONE;
done:
	folio_results_free(r);
	folio_db_close(db);
	free(errmsg);
	free(query);
	free(remotes);
	return code;
}
