/*
 * report.c: the JSON objects of folio index and folio check (--json; the
 * schema is in the README), for tools that run them rather than read
 * their summary lines.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdlib.h>

/* The problems come first: they are written as the library reports
 * them, before the counts are known, and the object stays one object
 * however the run ends. */
static void begin_index(cli_index_json *j)
{
	if (!j->begun)
		fputs("{\"problems\": [", stdout);
	j->begun = 1;
}

void cli_index_json_problem(cli_index_json *j, const folio_diagnostic *d)
{
	begin_index(j);
	fputs(j->problems++ ? ",\n  {\"file\": " : "\n  {\"file\": ", stdout);
	json_string(stdout, d->file);
	/* line 0: the problem is the whole file's (or the index's) */
	if (d->line)
		printf(", \"line\": %u, \"message\": ", d->line);
	else
		fputs(", \"line\": null, \"message\": ", stdout);
	json_string(stdout, d->message);
	printf(", \"warning\": %s}", d->warning ? "true" : "false");
}

static void end_problems(cli_index_json *j)
{
	begin_index(j);
	fputs(j->problems ? "\n], " : "], ", stdout);
}

void cli_index_json_report(cli_index_json *j, const folio_index_report *rep)
{
	end_problems(j);
	printf("\"files\": %llu, \"posts\": %llu, \"added\": %llu, "
	       "\"updated\": %llu, \"unchanged\": %llu, \"skipped\": %llu, "
	       "\"removed\": %llu, \"kept\": %llu, \"kept_malformed\": %llu, "
	       "\"rebuilt\": %s}\n",
	       (unsigned long long)rep->files, (unsigned long long)rep->posts,
	       (unsigned long long)rep->added, (unsigned long long)rep->updated,
	       (unsigned long long)rep->unchanged,
	       (unsigned long long)rep->skipped,
	       (unsigned long long)rep->removed, (unsigned long long)rep->kept,
	       (unsigned long long)rep->kept_malformed,
	       rep->rebuilt ? "true" : "false");
}

void cli_index_json_error(cli_index_json *j, const char *message,
                          folio_status st)
{
	end_problems(j);
	print_error_fields(message, 0, st);
}

char *cli_index_json_early_error(const char *message, folio_status st)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	fputs("{\"problems\": [], ", f);
	json_error_fields(f, message, 0, st);
	if (fclose(f) == 0)
		return text;
	free(text);
	return NULL;
}

void print_check_json(const char *dir, uint64_t problems, const char *first,
                      const char *const *list, size_t n, const folio_stats *s)
{
	size_t i;

	fputs("{\"index\": ", stdout);
	json_string(stdout, dir);
	printf(", \"sound\": %s", problems ? "false" : "true");
	if (s)
		printf(", \"generation\": %llu, \"shards\": %u, "
		       "\"documents\": %llu",
		       (unsigned long long)s->generation, s->shards,
		       (unsigned long long)s->documents);
	else
		fputs(", \"generation\": null, \"shards\": null, "
		      "\"documents\": null",
		      stdout);
	printf(", \"problems\": %llu, \"first_problem\": ",
	       (unsigned long long)problems);
	json_string(stdout, first);
	fputs(", \"problems_list\": [", stdout);
	for (i = 0; i < n; i++) {
		fputs(i ? ", " : "", stdout);
		json_string(stdout, list[i]);
	}
	fputs("]}\n", stdout);
}
