/*
 * output.c: printing results, as text for a person or as JSON for tools
 * (the schema is in the README), shared by folio search and folio similar.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void print_facets_json(FILE *f, const folio_results *r)
{
	size_t i, v;

	fputs(", \"facets\": {", f);
	for (i = 0; i < folio_results_facet_count(r); i++) {
		const folio_facet *fc = folio_results_facet(r, i);
		fprintf(f, "%s\"%s\": [", i ? ", " : "", fc->name);
		for (v = 0; v < fc->n_values; v++) {
			fputs(v ? ", {\"value\": " : "{\"value\": ", f);
			json_string(f, fc->values[v].value);
			fprintf(f, ", \"count\": %llu}",
			        (unsigned long long)fc->values[v].count);
		}
		fputc(']', f);
	}
	fputc('}', f);
}

static void print_explain_json(FILE *f, const folio_results *r, size_t i)
{
	size_t k, n;
	const folio_explain_term *e = folio_results_explain(r, i, &n);

	fputs(", \"explain\": [", f);
	for (k = 0; k < n; k++) {
		fputs(k ? ", {\"term\": " : "{\"term\": ", f);
		json_string(f, e[k].term);
		fprintf(f, ", \"how\": \"%s\", \"field\": \"%s\", \"weight\": "
		           "%.6g, \"query_weight\": %.6g, \"wdf\": %llu, "
		           "\"doc_freq\": %llu, \"length_norm\": %.6g}",
		        e[k].how, e[k].field, e[k].weight, e[k].query_weight,
		        (unsigned long long)e[k].wdf,
		        (unsigned long long)e[k].doc_freq, e[k].length_norm);
	}
	fputc(']', f);
}

/* Whether a JSON answer went to stdout (cli_usage_json). */
static int answered;

void print_json(FILE *f, folio_db *db, const char *query, size_t query_len,
                const folio_results *r, unsigned flags, int compact,
                const cli_notice *extra, size_t n_extra)
{
	const char *nl = compact ? "" : "\n  ";
	size_t i, t, x = 0, said = 0;

	answered = 1;
	fputs("{\"query\": ", f);
	json_string_n(f, query, query_len);
	fprintf(f, ", \"total\": %llu, \"total_exact\": %s, \"suggestion\": ",
	        (unsigned long long)folio_results_total(r),
	        folio_results_total_exact(r) ? "true" : "false");
	json_string(f, folio_results_suggestion(r));
	fputs(", \"notices\": [", f);
	for (i = 0; i <= folio_results_notice_count(r); i++) {
		const folio_notice *n = folio_results_notice(r, i);

		for (; x < n_extra && (!n || extra[x].position < n->position);
		     x++) {
			fprintf(
			    f, "%s{\"position\": %zu, \"message\": \"%s: %s\"}",
			    said++ ? ", " : "", extra[x].position,
			    extra[x].what, extra[x].action);
		}
		if (!n)
			break;
		fprintf(f, "%s{\"position\": %zu, \"message\": ",
		        said++ ? ", " : "", n->position);
		json_string(f, n->message);
		fputc('}', f);
	}
	fputc(']', f);
	/* Partial results say so here too (--allow-partial): a tool that
	 * reads only stdout must not take them for complete ones. */
	if (folio_db_skipped_count(db)) {
		fputs(", \"skipped_shards\": [", f);
		for (i = 0; i < folio_db_skipped_count(db); i++) {
			const char *why, *name = folio_db_skipped_shard(db, i, &why);
			fputs(i ? ", {\"shard\": " : "{\"shard\": ", f);
			json_string(f, name);
			fputs(", \"reason\": ", f);
			json_string(f, why);
			fputc('}', f);
		}
		fputc(']', f);
	}
	if (flags & FOLIO_SEARCH_FACETS)
		print_facets_json(f, r);
	fputs(", \"hits\": [", f);
	for (i = 0; i < folio_results_count(r); i++) {
		const folio_hit *h = folio_results_hit(r, i);

		fprintf(f, "%s%s{\"rank\": %zu, \"score\": %.6g, \"url\": ",
		        i ? "," : "", nl, h->rank, h->score);
		json_string(f, h->url);
		fputs(", \"title\": ", f);
		json_string(f, h->title);
		fputs(", \"company\": ", f);
		json_string(f, h->company);
		fputs(", \"author\": ", f);
		json_string(f, h->author);
		fputs(", \"published\": ", f);
		json_string(f, h->published);
		fputs(", \"type\": ", f);
		json_string(f, h->type);
		fputs(", \"topics\": [", f);
		for (t = 0; t < h->n_topics; t++) {
			if (t)
				fputs(", ", f);
			json_string(f, h->topics[t]);
		}
		/* marked for JSON (cli_highlight): the snippet as it is
		 * unmarked, and where its matches and the title's are */
		fputs("], \"snippet\": ", f);
		json_unmarked(f, h->snippet);
		fputs(", \"snippet_marks\": ", f);
		json_marks(f, h->snippet);
		fputs(", \"title_marks\": ", f);
		json_marks(f, h->title_marked);
		if (flags & FOLIO_SEARCH_EXPLAIN)
			print_explain_json(f, r, i);
		fputc('}', f);
	}
	fputs(i && !compact ? "\n]}\n" : "]}\n", f);
}

/* Whether e is weighed by several words' own statistics, its doc_freq
 * the most frequent one's: a phrase or a NEAR, as Xapian 1.4 weighs
 * them, or a prefix's words. "in 2 posts" read as the posts the phrase matches
 * ("a crash" said 2 where 1 post holds it). */
static int several_words(const folio_explain_term *e)
{
	return strcmp(e->how, "phrase") == 0 || strcmp(e->how, "prefix") == 0 ||
	       strcmp(e->how, "near") == 0;
}

static void print_explain_text(const folio_results *r, size_t i, int indent)
{
	size_t k, n;
	const folio_explain_term *e = folio_results_explain(r, i, &n);

	for (k = 0; k < n; k++) {
		printf("%*s%8.4f  %s ", indent, "", e[k].weight, e[k].how);
		print_field(stdout, e[k].term);
		if (strcmp(e[k].field, "text") != 0)
			printf(" in %s", e[k].field);
		/* Every part with terms of its own (a phrase too) has the
		 * statistics JSON gives it: a term that scored is in at
		 * least this post. The others (near, proximity,
		 * coordination, coverage) have only their factor. */
		if (e[k].doc_freq == 0)
			printf(" (x%g)\n", e[k].query_weight);
		else
			printf(
			    ": wdf %llu, %sin %llu post%s, length norm %.3g, "
			    "x%g\n",
			    (unsigned long long)e[k].wdf,
			    several_words(&e[k]) ? "its most frequent word "
			                         : "",
			    (unsigned long long)e[k].doc_freq,
			    e[k].doc_freq == 1 ? "" : "s", e[k].length_norm,
			    e[k].query_weight);
	}
}

/* below: the hits or the count came first, parted by a blank line. */
static void print_facets_text(const folio_results *r, int below)
{
	size_t i, v;

	for (i = 0; i < folio_results_facet_count(r); i++) {
		const folio_facet *fc = folio_results_facet(r, i);
		printf("%s%s:", i || !below ? "" : "\n", fc->name);
		/* no matching post has the field (e.g. no date) */
		if (!fc->n_values)
			fputs(" (none)", stdout);
		for (v = 0; v < fc->n_values; v++) {
			fputs(v ? ", " : " ", stdout);
			print_field(stdout, fc->values[v].value);
			printf(" (%llu)", (unsigned long long)fc->values[v].count);
		}
		fputc('\n', stdout);
	}
}

void print_hits(const folio_results *r, const folio_search_options *so)
{
	size_t i, n = folio_results_count(r), offset = so->offset;
	unsigned flags = so->flags;
	uint64_t total = folio_results_total(r);
	/* Past 1000 matches Xapian estimates the total (README) */
	const char *about = folio_results_total_exact(r) ? "" : "about ";
	int counted;

	for (i = 0; i < n; i++) {
		const folio_hit *h = folio_results_hit(r, i);
		const char *sep = "";
		/* a hit's lines start under its title, past its rank */
		int indent = snprintf(NULL, 0, "%zu. ", h->rank);

		printf("%s%zu. ", i ? "\n" : "", h->rank);
		/* A marked title holds no control characters but ours. */
		if (so->highlight_start || so->highlight_end)
			fputs(h->title_marked, stdout);
		else
			print_field(stdout, h->title);
		printf("\n%*s", indent, "");
		if (h->company) {
			fputs(sep, stdout);
			print_field(stdout, h->company);
			sep = " \xC2\xB7 "; /* · */
		}
		if (h->published) {
			fputs(sep, stdout);
			fputs(h->published, stdout);
			sep = " \xC2\xB7 ";
		}
		fputs(sep, stdout);
		print_field(stdout, h->url);
		/* The snippet holds no control characters but our markers. */
		printf("\n%*s%s\n", indent, "", h->snippet);
		if (flags & FOLIO_SEARCH_EXPLAIN) {
			size_t parts = 0;

			folio_results_explain(r, i, &parts);
			/* filters alone (site:, a URL, dates) score nothing */
			if (parts)
				printf("%*sscore %.4f =\n", indent, "",
				       h->score);
			else
				printf("%*sscore %.4f: nothing in the query "
				       "scores, it only selects\n",
				       indent, "", h->score);
			print_explain_text(r, i, indent);
		}
	}
	/* Which hits a page shows, unless it shows them all: the last
	 * page too, where a reader paging through wants "4-5 of 5". */
	if (n && (offset > 0 || offset + n < total)) {
		if (n == 1)
			printf("\n(%zu of %s%llu", offset + 1, about,
			       (unsigned long long)total);
		else
			printf("\n(%zu-%zu of %s%llu", offset + 1, offset + n,
			       about, (unsigned long long)total);
		if (offset + n < total)
			printf("; --offset %zu for more", offset + n);
		fputs(")\n", stdout);
	}
	/* No hit shown, yet some match (the page is past the end), only
	 * the count was asked for (--limit 0, even when it is 0), or facets
	 * follow, which are counts of the matches: say how many. */
	counted =
	    !n && (total || so->limit == 0 || (flags & FOLIO_SEARCH_FACETS));
	if (counted) {
		printf("%s%llu post%s", about, (unsigned long long)total,
		       total == 1 ? " matches" : "s match");
		/* --limit 0 asks for no page, so no offset is past one */
		if (total && offset >= total && so->limit)
			printf("; --offset %zu is past the last", offset);
		putchar('\n');
	}
	if (flags & FOLIO_SEARCH_FACETS)
		print_facets_text(r, n || counted);
}

void print_notices(const folio_results *r)
{
	size_t i;

	for (i = 0; i < folio_results_notice_count(r); i++) {
		const folio_notice *n = folio_results_notice(r, i);
		cli_error("query position %zu: %s", n->position, n->message);
	}
	if (folio_results_suggestion(r)) {
		fputs("folio: did you mean: ", stderr);
		print_text(stderr, folio_results_suggestion(r));
		fputc('\n', stderr);
	}
}

const char *cli_search_error(folio_db *db, folio_status st)
{
	/* a shard's name (255 bytes), Xapian's text (511) and the advice */
	static char typed[1536];
	const char *message = folio_db_error(db);
	const char *after = strstr(message, " is after until ");
	const char *advice = cli_remote_advice(st, message);

	if (strncmp(message, "since: ", 7) == 0 ||
	    strncmp(message, "until: ", 7) == 0)
		snprintf(typed, sizeof typed, "--%s", message);
	else if (strncmp(message, "since ", 6) == 0 && after)
		snprintf(typed, sizeof typed, "--%.*s is after --%s",
		         (int)(after - message), message,
		         after + strlen(" is after "));
	else if (*advice)
		snprintf(typed, sizeof typed, "%s%s", message, advice);
	else
		return message;
	return typed;
}

int cli_dates_wrong(folio_db *db, const folio_search_options *so)
{
	folio_search_options probe = *so;
	folio_results *r = NULL;
	folio_status st;

	if (!so->since && !so->until)
		return 0;
	probe.limit = 0;
	probe.snippet_bytes = 0;
	probe.flags = FOLIO_SEARCH_NO_SUGGEST;
	st = folio_db_search(db, "a", &probe, &r);
	folio_results_free(r);
	if (st != FOLIO_ERROR_INVALID)
		return 0;
	cli_error("%s", cli_search_error(db, st));
	return 1;
}

int cli_find(folio_db *db, cli_find_fn find, const char *text,
             folio_search_options *so, int json)
{
	folio_results *r = NULL;
	folio_status st;
	int code;

	cli_highlight(so, json);
	st = find(db, text, so, &r);
	if (st != FOLIO_OK) {
		/* kept before the dates are checked: their search, the last
		 * on db, clears its error */
		const char *said = cli_search_error(db, st);
		size_t position = folio_db_error_position(db);
		size_t n = strlen(said);
		char *message = malloc(n + 1);

		if (message)
			memcpy(message, said, n + 1);
		/* a bad date is bad usage: no query's error object, but
		 * the one of cli_usage_json, as --stdin says it before
		 * reading a line; whatever failed, as a query error or a
		 * URL that is no post's is found before the dates */
		if (cli_dates_wrong(db, so)) {
			free(message);
			return EXIT_ERROR;
		}
		cli_error("%s", message ? message : "out of memory");
		if (json)
			print_error_json(text, strlen(text), cli_last_error(),
			                 position, st);
		free(message);
		return EXIT_ERROR;
	}
	print_skipped(db);
	print_notices(r);
	if (json)
		print_json(stdout, db, text, strlen(text), r, so->flags, 0,
		           NULL, 0);
	else
		print_hits(r, so);
	/* posts matched, shown or not (--limit 0) */
	code = folio_results_count(r) || folio_results_total(r) ? EXIT_HITS
	                                                        : EXIT_NONE;
	folio_results_free(r);
	return code;
}

void cli_highlight(folio_search_options *so, int json)
{
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");

	/* JSON says where the matches are (json_marks), wherever it goes;
	 * text is highlighted on a terminal, unless NO_COLOR is set and not
	 * empty (no-color.org) or the terminal is a dumb one (an editor's
	 * shell buffer, a serial console), which shows the escapes as text,
	 * as git and grep leave it be */
	if (json) {
		so->highlight_start = CLI_MARK_START;
		so->highlight_end = CLI_MARK_END;
	} else if (isatty(STDOUT_FILENO) && !(no_color && *no_color) &&
	           !(term && strcmp(term, "dumb") == 0)) {
		so->highlight_start = "\x1b[1;33m";
		so->highlight_end = "\x1b[0m";
	}
}

void json_error_fields(FILE *f, const char *message, size_t position,
                       folio_status st)
{
	fprintf(f, "\"error\": \"%s\", \"message\": ", folio_status_string(st));
	json_string(f, message ? message : "");
	if (position)
		fprintf(f, ", \"position\": %zu", position);
	fputs("}\n", f);
}

void print_error_fields(const char *message, size_t position, folio_status st)
{
	answered = 1;
	json_error_fields(stdout, message, position, st);
}

/* The error of a failed search, with the query's position when known:
 * --json and --stdin answer every query with one JSON object, whose
 * "query" is there even when no query was read (bad usage), as in every
 * other object search and similar print. */
void print_error_json(const char *query, size_t query_len, const char *message,
                      size_t position, folio_status st)
{
	fputs("{\"query\": ", stdout);
	json_string_n(stdout, query, query_len);
	fputs(", ", stdout);
	print_error_fields(message, position, st);
}

void print_stats_error_json(const char *message, folio_status st)
{
	fputc('{', stdout);
	print_error_fields(message, 0, st);
}

/* The options of command whose value is the next argument: --db x
 * names a directory called x. Each command's own: another's is an
 * unknown option there, and the word after it may be its --json. */
static const char *valued_options(const char *command)
{
	if (strcmp(command, "index") == 0)
		return " --db --language --threads --shards ";
	if (strcmp(command, "check") == 0)
		return " --db --time-limit ";
	if (strcmp(command, "stats") == 0)
		return " --db ";
	return " --db --limit --offset --sort --since --until --remote "
	       "--timeout ";
}

void cli_usage_json(int argc, char **argv, int code, enum cli_json_shape shape)
{
	const char *valued = valued_options(argv[0]);
	cli_index_json none = CLI_INDEX_JSON_INIT;
	char word[16];
	int i;

	if (code != EXIT_ERROR || answered)
		return;
	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		snprintf(word, sizeof word, " %s ", argv[i]);
		if (strlen(argv[i]) < 13 && strstr(valued, word)) {
			/* its value, unless an option stands there,
			 * which cli_option_value refuses as one */
			if (i + 1 < argc && !cli_option_word(argv[i + 1]))
				i++;
			continue;
		}
		/* --json=1 is bad usage of its own, but asks for JSON as
		 * plainly as --json does: a script reads one object */
		if (!cli_names_option(argv[i], "--json"))
			continue;
		if (shape == CLI_JSON_QUERY)
			print_error_json(NULL, 0, cli_last_error(), 0,
			                 FOLIO_ERROR_INVALID);
		else if (shape == CLI_JSON_PROBLEMS)
			cli_index_json_error(&none, cli_last_error(),
			                     FOLIO_ERROR_INVALID);
		else
			print_stats_error_json(cli_last_error(),
			                       FOLIO_ERROR_INVALID);
		return;
	}
}

void print_db_error_json(const char *query, size_t query_len, folio_db *db,
                         folio_status st)
{
	print_error_json(query, query_len, cli_search_error(db, st),
	                 folio_db_error_position(db), st);
}

void print_skipped(folio_db *db)
{
	size_t k;

	for (k = 0; k < folio_db_skipped_count(db); k++) {
		const char *why, *name = folio_db_skipped_shard(db, k, &why);
		cli_error("warning: shard %s skipped, results are partial: %s",
		          name, why);
	}
}
