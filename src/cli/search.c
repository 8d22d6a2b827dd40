/*
 * search.c: folio search: run a query (or one per line of stdin) and
 * print the hits as text or JSON.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: folio search [OPTIONS] QUERY...\n"
    "       folio search [OPTIONS] --stdin\n"
    "\n"
    "Search the index. The arguments are joined into one query:\n"
    "\n"
    "  free words        one or two words must all match; longer queries\n"
    "                    find posts with any of them, ranked by BM25\n"
    "  \"exact phrase\"    the words in this order, in these forms\n"
    "  a NEAR b          within 10 words (NEAR/n: within n)\n"
    "  a AND b, a OR b, a NOT b, +must, -exclude, (brackets), prefix*\n"
    "  title: company: author: type: topic: site:   e.g. company:\"Red Hat\"\n"
    "  published:2026-01-01..2026-09-30, published:..2020-12-31,\n"
    "  published:2026-09, year:2026, year:2020..2022\n"
    "\n"
    "A stray quote, bracket or operator is skipped with a notice on\n"
    "stderr; --strict makes it an error.\n"
    "\n"
    "options:\n"
    "  --db DIR          the index directory (default: $FOLIO_INDEX or index)\n"
    "  --limit N         show at most N hits (default 10; 0: only how\n"
    "                    many posts match)\n"
    "  --offset N        skip the first N hits\n"
    "  --sort ORDER      relevance (default), newest or oldest\n"
    "  --since DATE      only posts published on or after DATE\n"
    "  --until DATE      only posts published on or before DATE\n"
    "                    (DATE: YYYY, YYYY-MM or YYYY-MM-DD; a\n"
    "                    month or day may have one digit)\n"
    "  --all, --any      free words must all match / any may match\n"
    "  --strict          malformed queries are errors\n"
    "  --facets          count all matches by company, type, topic, year\n"
    "  --exhaustive      examine every match: an exact total, and no hit\n"
    "                    lost to Xapian 1.4's pruning (slower)\n"
    "  --explain         show what each query term adds to each score\n"
    "  --json            print one JSON object (see the README for its\n"
    "                    schema), which says where the matches are in each\n"
    "                    hit's snippet and title (snippet_marks, title_marks)\n"
    "  --stdin           read one query per line; print one JSON object\n"
    "                    per line\n"
    "  --remote HOST:PORT  also search the shard xapian-tcpsrv serves there\n"
    "                    (repeatable; DIR/REMOTES may list more); with no\n"
    "                    --db and no $FOLIO_INDEX, search remote shards only\n"
    "  --timeout MS      wait at most MS ms for each remote shard (default\n"
    "                    10000)\n"
    "  --allow-partial   search the shards that answer, warning about the\n"
    "                    others (default: an unreachable shard is an error)\n"
    "  -h, --help        show this help\n"
    "\n"
    "Matches are highlighted when the output is a terminal, NO_COLOR is\n"
    "unset or empty and TERM is not dumb. With few or no hits, folio may\n"
    "suggest a spelling on stderr.\n"
    "\n"
    "exit status: 0 some posts match, 1 none match, 2 error\n";

/* A date option's value starts with its year, in ASCII digits or in
 * full-width ones (U+FF10..U+FF19, as an IME types them). Anything else
 * is most likely the query's first word taken as the value of a date
 * left out: say so here, before "needs a query" would. The library
 * checks the rest (folio_search_options.since). */
static int date_value(const char *option, const char *value)
{
	const unsigned char *u = (const unsigned char *)value;

	if ((*u >= '0' && *u <= '9') ||
	    (u[0] == 0xEF && u[1] == 0xBC && u[2] >= 0x90 && u[2] <= 0x99))
		return 1;
	cli_error("%s takes a date (YYYY, YYYY-MM or YYYY-MM-DD), not \"%s\"",
	          option, value);
	return -1;
}

/* Set in so (or json) the option arg of search and similar, if it is
 * one of those that take no value: as cli_flag. */
static int search_flag(const char *arg, folio_search_options *so, int *json)
{
	static const char *const names[] = { "--all",        "--any",
		                             "--strict",     "--facets",
		                             "--exhaustive", "--explain",
		                             "--json" };
	/* Per name: the flag it sets, and the match it asks for
	 * (FOLIO_MATCH_AUTO: none). */
	static const unsigned flag[] = { 0,
		                         0,
		                         FOLIO_SEARCH_STRICT,
		                         FOLIO_SEARCH_FACETS,
		                         FOLIO_SEARCH_EXHAUSTIVE,
		                         FOLIO_SEARCH_EXPLAIN,
		                         0 };
	static const folio_match match[] = { FOLIO_MATCH_ALL, FOLIO_MATCH_ANY };
	size_t k;
	int rc = cli_flag_of(arg, names, sizeof names / sizeof *names, &k);

	if (rc <= 0)
		return rc;
	if (k < sizeof match / sizeof *match) {
		if (so->match != FOLIO_MATCH_AUTO && so->match != match[k]) {
			cli_error("--all and --any contradict each other");
			return -1;
		}
		so->match = match[k];
	}
	so->flags |= flag[k];
	if (strcmp(names[k], "--json") == 0)
		*json = 1;
	return 1;
}

int cli_search_option(int argc, char **argv, int *i,
                      folio_search_options *so, const char **db_flag,
                      int *json)
{
	const char *value;
	long v;
	int rc;

	if ((rc = cli_option_value(argc, argv, i, "--db", &value)) != 0) {
		if (rc > 0)
			*db_flag = value;
		return rc;
	}
	if ((rc = cli_option_value(argc, argv, i, "--limit", &value)) != 0) {
		if (rc < 0 || (v = cli_parse_count("--limit", value)) < 0)
			return -1;
		so->limit = (size_t)v;
		return 1;
	}
	if ((rc = cli_option_value(argc, argv, i, "--offset", &value)) != 0) {
		if (rc < 0 || (v = cli_parse_count("--offset", value)) < 0)
			return -1;
		so->offset = (size_t)v;
		return 1;
	}
	if ((rc = cli_option_value(argc, argv, i, "--sort", &value)) != 0) {
		if (rc < 0)
			return -1;
		if (strcmp(value, "relevance") == 0)
			so->sort = FOLIO_SORT_RELEVANCE;
		else if (strcmp(value, "newest") == 0)
			so->sort = FOLIO_SORT_NEWEST;
		else if (strcmp(value, "oldest") == 0)
			so->sort = FOLIO_SORT_OLDEST;
		else {
			cli_error("--sort takes relevance, newest or oldest, "
			          "not \"%s\"", value);
			return -1;
		}
		return 1;
	}
	if ((rc = cli_option_value(argc, argv, i, "--since", &value)) != 0) {
		so->since = value;
		return rc < 0 ? rc : date_value("--since", value);
	}
	if ((rc = cli_option_value(argc, argv, i, "--until", &value)) != 0) {
		so->until = value;
		return rc < 0 ? rc : date_value("--until", value);
	}
	return search_flag(argv[*i], so, json);
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

/* No hits from an index that holds no posts: say so, since nothing on
 * stdout looks the same as a query that matched nothing. An index whose
 * first `folio index` failed (a full disk, say) is such an index. */
static void print_if_empty(folio_db *db, const char *dir)
{
	folio_stats s = FOLIO_STATS_INIT;
	uint64_t posts = 0;

	/* The count first: folio_db_stats also counts the distinct terms,
	 * a walk of the whole vocabulary (200M instructions, 30 ms, on 64k
	 * posts) that a query matching nothing in a full index, the usual
	 * case here, does not need. */
	if (folio_db_count(db, &posts) != FOLIO_OK || posts)
		return;
	if (folio_db_stats(db, &s) != FOLIO_OK || s.documents || !s.shards)
		return;
	if (s.updated[0]) {
		cli_error("index %s holds no posts", dir);
	} else {
		cli_error("index %s holds no posts: no run of folio index has "
		          "finished there",
		          dir);
		cli_advise_index("build it", dir, s.corpus_paths,
		                 s.n_corpus_paths);
	}
}

/* Whether the last getline of --stdin failed rather than met the end,
 * said: a read error (a directory, a closed stdin) is no end of the
 * queries, which a tool sent and would wait for the answers to. */
static int read_failed(void)
{
	if (!ferror(stdin))
		return 0;
	cli_error("cannot read the queries on standard input: %s",
	          strerror(errno));
	return 1;
}

/* line[0..n) without its line end, an LF or a CRLF (README), as a C
 * string; its new length. Any other CR is the query's, as one inside
 * the line is: MXFP8\r\r\n is the query MXFP8\r. */
static size_t cut_line_end(char *line, size_t n)
{
	if (n > 0 && line[n - 1] == '\n') {
		line[--n] = '\0';
		if (n > 0 && line[n - 1] == '\r')
			line[--n] = '\0';
	}
	return n;
}

/* --stdin when the index cannot be opened: each line still gets its
 * error object, so that output lines match input lines. */
static void open_failed_lines(const char *message, folio_status st)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	while ((n = getline(&line, &cap, stdin)) >= 0) {
		n = (ssize_t)cut_line_end(line, (size_t)n);
		print_error_json(line, (size_t)n, message, 0, st);
	}
	read_failed();
	free(line);
}

/* --stdin: one query per line in, one JSON object per line out. A line
 * that fails gets an error object, so output lines match input lines. */
static int search_lines(folio_db *db, folio_search_options *so)
{
	char *line = NULL, *text = NULL;
	size_t cap = 0, text_cap = 0;
	ssize_t n;
	int code = EXIT_NONE;

	if (cli_dates_wrong(db, so))
		return EXIT_ERROR; /* bad usage: no line is read */
	cli_highlight(so, 1);
	while ((n = getline(&line, &cap, stdin)) >= 0) {
		folio_results *r = NULL;
		folio_status st;
		cli_notice nuls[16 + 1];
		size_t n_nuls;
		char msg[160];

		n = (ssize_t)cut_line_end(line, (size_t)n);
		if (text_cap < (size_t)n + 1) {
			char *grown = realloc(text, (size_t)n + 1);

			if (!grown) {
				cli_error("out of memory");
				code = EXIT_ERROR;
				break;
			}
			text = grown;
			text_cap = (size_t)n + 1;
		}
		/* A NUL inside the line separates words, as the analyzer
		 * reads one in text, instead of ending the query there;
		 * noticed as the library notices other control characters.
		 * The answer gives the line back as read, NULs too. */
		n_nuls = cli_nul_notices(line, (size_t)n, text, nuls, 16);
		st = folio_db_search(db, text, so, &r);
		print_skipped(db);
		if (n_nuls && (so->flags & FOLIO_SEARCH_STRICT) &&
		    (st == FOLIO_OK ||
		     (st == FOLIO_ERROR_QUERY &&
		      folio_db_error_position(db) > nuls[0].position))) {
			/* the first problem in the query is the error */
			snprintf(msg, sizeof msg, "query position %zu: %s",
			         nuls[0].position, nuls[0].what);
			print_error_json(line, (size_t)n, msg, nuls[0].position,
			                 FOLIO_ERROR_QUERY);
		} else if (st != FOLIO_OK) {
			print_db_error_json(line, (size_t)n, db, st);
			if (st != FOLIO_ERROR_INVALID && st != FOLIO_ERROR_QUERY)
				code = EXIT_ERROR;
		} else {
			print_json(stdout, db, line, (size_t)n, r, so->flags, 1,
			           nuls, n_nuls);
			/* as for one query: posts matched, shown or not */
			if (code == EXIT_NONE && (folio_results_count(r) ||
			                          folio_results_total(r)))
				code = EXIT_HITS;
		}
		folio_results_free(r);
		/* the answers after one that could not be written would not
		 * be either: main() says why */
		if (cli_flush_stdout() != 0)
			break;
	}
	if (n < 0 && read_failed())
		code = EXIT_ERROR;
	free(line);
	free(text);
	return code;
}

/* What the arguments of folio search ask for. */
typedef struct search_args {
	folio_open_options oo;
	folio_search_options so;
	const char *db_flag;
	char *query; /* the words, joined */
	size_t qlen;
	const char **remotes;
	size_t n_remotes;
	const char *remote_only; /* the first --timeout or --allow-partial */
	int json, words, lines;
} search_args;

/* Whether --remote value was given before: a slip, said as bad usage.
 * (The library searches a shard listed twice once, whatever its names.) */
static int remote_again(const search_args *a, const char *value)
{
	size_t k;

	for (k = 0; k < a->n_remotes; k++)
		if (strcmp(a->remotes[k], value) == 0) {
			cli_error("--remote %s is given twice", value);
			return 1;
		}
	return 0;
}

/* Read argv into a (which the caller frees, whatever it returns): 0, 1 after
 * printing usage (--help), -1 after an error (unsaid only when out of memory
 * before anything was read). */
static int parse_args(int argc, char **argv, search_args *a)
{
	static const folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	static const folio_search_options so = FOLIO_SEARCH_OPTIONS_INIT;
	const char *value;
	long v;
	int i, rc;

	memset(a, 0, sizeof *a);
	a->oo = oo;
	a->so = so;
	a->query = calloc(1, 1);
	a->remotes = calloc((size_t)argc, sizeof *a->remotes);
	if (!a->query || !a->remotes)
		return -1;
	if ((rc = cli_help(argc, argv, usage)) != 0)
		return rc;
	for (i = 1; i < argc; i++) {
		if ((rc = cli_search_option(argc, argv, &i, &a->so, &a->db_flag,
		                            &a->json)) != 0) {
			if (rc < 0)
				return -1;
		} else if ((rc = cli_flag(argv[i], "--stdin")) != 0) {
			if (rc < 0)
				return -1;
			a->lines = 1;
		} else if ((rc = cli_option_value(argc, argv, &i, "--remote",
		                                  &value)) != 0) {
			if (rc < 0 || remote_again(a, value))
				return -1;
			a->remotes[a->n_remotes++] = value;
		} else if ((rc = cli_option_value(argc, argv, &i, "--timeout",
		                                  &value)) != 0) {
			if (rc < 0 || (v = cli_parse_count("--timeout", value)) < 0)
				return -1;
			a->oo.timeout_ms = (unsigned)v;
			if (!a->remote_only)
				a->remote_only = "--timeout";
		} else if ((rc = cli_flag(argv[i], "--allow-partial")) != 0) {
			if (rc < 0)
				return -1;
			a->oo.allow_partial = 1;
			if (!a->remote_only)
				a->remote_only = "--allow-partial";
		} else if (strcmp(argv[i], "--") == 0) {
			while (i + 1 < argc) {
				if (append_word(&a->query, &a->qlen,
				                argv[++i]) != 0)
					return -1;
				a->words++;
			}
		} else if (argv[i][0] == '-' && argv[i][1] == '-') {
			cli_unknown_option("search", argv[i]);
			return -1;
		} else {
			if (append_word(&a->query, &a->qlen, argv[i]) != 0)
				return -1;
			a->words++;
		}
	}
	if (a->lines && a->words) {
		cli_error("--stdin reads the queries: give none as arguments");
		return -1;
	}
	if (!a->words && !a->lines) {
		cli_error("search needs a query (try 'folio search --help')");
		return -1;
	}
	a->oo.remotes = a->remotes;
	a->oo.n_remotes = a->n_remotes;
	return 0;
}

/* The index to open: NULL for remote shards alone, unless a local index
 * was asked for (an empty FOLIO_INDEX asks for none, as cli_db_path
 * reads it). */
static const char *search_dir(const search_args *a)
{
	const char *env = getenv("FOLIO_INDEX");

	if (a->n_remotes && !a->db_flag && (!env || !*env))
		return NULL;
	return cli_db_path(a->db_flag);
}

/* Whether a's options for remote shards have one to apply to in db: a
 * shard of --remote or of the REMOTES file in dir, as the library read
 * them (a file of comments names none). 0 after saying what is wrong. */
static int remote_options_apply(const search_args *a, const char *dir,
                                const folio_db *db)
{
	if (!a->remote_only || folio_db_remote_count(db))
		return 1;
	cli_error("%s applies to remote shards only, and neither --remote "
	          "nor %s/REMOTES names one",
	          a->remote_only, dir);
	return 0;
}

int cmd_search(int argc, char **argv)
{
	search_args a;
	const char *dir;
	folio_db *db = NULL;
	char *errmsg = NULL;
	int rc, code = EXIT_ERROR;
	folio_status st;

	rc = parse_args(argc, argv, &a);
	if (rc > 0)
		code = 0;
	if (rc != 0)
		goto done;
	dir = search_dir(&a);
	cli_remote_options(a.oo.allow_partial);
	st = folio_db_open(dir, &a.oo, &db, &errmsg);
	if (st != FOLIO_OK) {
		cli_open_error(dir, st, errmsg);
		/* JSON readers get the error object they get for a failed
		 * search (for --stdin, one per line read), saying what
		 * stderr says; a bad value (--db '', a malformed --remote)
		 * is bad usage: the one object with a null query, and no
		 * line read (cli_usage_json, below) */
		if (st == FOLIO_ERROR_INVALID)
			code = EXIT_ERROR;
		else if (a.lines)
			open_failed_lines(cli_last_error(), st);
		else if (a.json)
			print_error_json(a.query, a.qlen, cli_last_error(), 0,
			                 st);
		goto done;
	}
	if (!remote_options_apply(&a, dir, db))
		goto done;
	if (a.lines)
		code = search_lines(db, &a.so);
	else
		code = cli_find(db, folio_db_search, a.query, &a.so, a.json);
	/* after the answers (for --stdin, once): nothing was found */
	if (code == EXIT_NONE && dir && !a.n_remotes)
		print_if_empty(db, dir);
done:
	cli_usage_json(argc, argv, code, CLI_JSON_QUERY);
	folio_db_close(db);
	free(errmsg);
	free(a.query);
	free(a.remotes);
	return code;
}
