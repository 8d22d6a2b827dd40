/*
 * stats.c: folio stats: what is in the index, how big it is and when and
 * from what it was last built, as text or JSON.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: folio stats [--db DIR] [--json]\n"
    "\n"
    "Describe the index: posts, distinct terms, size on disk, the live\n"
    "generation and its shards, when and from which paths it was last\n"
    "built, its stemming language, its index format and its analyzer\n"
    "revision.\n"
    "\n"
    "options:\n"
    "  --db DIR          the index directory (default: $FOLIO_INDEX or index)\n"
    "  --json            print one JSON object\n"
    "  -h, --help        show this help\n"
    "\n"
    "exit status: 0 done, 2 error (no index, damaged index, bad usage)\n";

/* s, or JSON null when it is empty. */
static void json_or_null(const char *s)
{
	json_string(stdout, *s ? s : NULL);
}

/* remote: the remote shards db searches (its REMOTES file's), whose
 * posts and terms folio_db_stats counts with the local ones; the disk
 * size, generation and shards are the local index's alone, so the output
 * says so wherever there are any (a local index of 10 posts beside a
 * REMOTES file showed 3010 documents in 0.1 MiB). */
static void print_stats_json(const char *dir, const folio_stats *s,
                             size_t remote)
{
	size_t i;

	fputs("{\"index\": ", stdout);
	json_string(stdout, dir);
	printf(", \"documents\": %llu, \"terms\": %llu, \"disk_bytes\": %llu, "
	       "\"generation\": %llu, \"built\": ",
	       (unsigned long long)s->documents, (unsigned long long)s->terms,
	       (unsigned long long)s->disk_bytes,
	       (unsigned long long)s->generation);
	json_or_null(s->built);
	fputs(", \"updated\": ", stdout);
	json_or_null(s->updated);
	fputs(", \"corpus\": [", stdout);
	for (i = 0; i < s->n_corpus_paths; i++) {
		if (i)
			fputs(", ", stdout);
		json_string(stdout, s->corpus_paths[i]);
	}
	fputs("], \"language\": ", stdout);
	json_string(stdout, s->language);
	printf(", \"shards\": %u, \"remote_shards\": %zu, \"format\": ",
	       s->shards, remote);
	json_string(stdout, s->format);
	printf(", \"analyzer\": %u, \"analyzer_latest\": %u}\n", s->analyzer,
	       s->analyzer_latest);
}

/* One line of the text output: its name, then value as messages print
 * what was named (print_text), up to len bytes. */
static void print_line(const char *name, const char *value, size_t len)
{
	char *copy = strndup(value, len);

	printf("%-12s", name);
	print_text(stdout, copy ? copy : "?");
	putchar('\n');
	free(copy);
}

/* The paths come from the index, which anyone may have built, and dir
 * from $FOLIO_INDEX: an ESC or BEL in either was printed raw, and a
 * corpus path's ESC ]0; retitled the terminal. */
static void print_text_stats(const char *dir, const folio_stats *s,
                             size_t remote)
{
	const char *p = s->corpus, *nl;

	print_line("index", dir, strlen(dir));
	printf("documents   %llu\n", (unsigned long long)s->documents);
	printf("terms       %llu\n", (unsigned long long)s->terms);
	printf("disk size   %.1f MiB (%llu bytes)\n",
	       (double)s->disk_bytes / (1024.0 * 1024.0),
	       (unsigned long long)s->disk_bytes);
	printf("generation  %llu\n", (unsigned long long)s->generation);
	printf("shards      %u\n", s->shards);
	if (remote)
		printf(
		    "remote      %zu shard%s: in documents and terms, not in "
		    "disk size, generation or shards\n",
		    remote, remote == 1 ? "" : "s");
	printf("built       %s\n", *s->built ? s->built : "unknown");
	printf("updated     %s\n", *s->updated ? s->updated : "unknown");
	if (!*p)
		puts("corpus      unknown");
	for (; *p; p = nl ? nl + 1 : p + strlen(p)) {
		nl = strchr(p, '\n');
		print_line("corpus", p, nl ? (size_t)(nl - p) : strlen(p));
	}
	print_line("language", s->language, strlen(s->language));
	print_line("format", s->format, strlen(s->format));
	/* An index keeps its revision until rebuilt, missing what a later
	 * one reads (folio.1, "Analyzer revisions"): nothing else says so. */
	printf("analyzer    %u", s->analyzer);
	if (s->analyzer < s->analyzer_latest)
		printf(" (this folio's is %u: folio index --rebuild finds "
		       "words this index misses)",
		       s->analyzer_latest);
	putchar('\n');
}

int cmd_stats(int argc, char **argv)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	const char *db_flag = NULL, *dir;
	folio_db *db = NULL;
	folio_stats s = FOLIO_STATS_INIT;
	char *errmsg = NULL;
	folio_status st;
	int rc, json = 0, code = EXIT_ERROR;

	rc = cli_db_options(argc, argv, "stats", usage, &db_flag, &json, NULL,
	                    NULL);
	if (rc > 0)
		return 0;
	if (rc < 0)
		goto done;
	dir = cli_db_path(db_flag);
	/* --json answers with one object, an error object included, as
	 * search does */
	if ((st = folio_db_open(dir, &oo, &db, &errmsg)) != FOLIO_OK) {
		cli_open_error(dir, st, errmsg);
		if (json)
			print_stats_error_json(errmsg, st);
		goto done;
	}
	if ((st = folio_db_stats(db, &s)) != FOLIO_OK) {
		cli_error("%s", folio_db_error(db));
		if (json)
			print_stats_error_json(folio_db_error(db), st);
		goto done;
	}
	if (json)
		print_stats_json(dir, &s, folio_db_remote_count(db));
	else
		print_text_stats(dir, &s, folio_db_remote_count(db));
	code = 0;
done:
	cli_usage_json(argc, argv, code, CLI_JSON_PLAIN);
	folio_db_close(db);
	free(errmsg);
	return code;
}
