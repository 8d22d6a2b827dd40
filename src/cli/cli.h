/*
 * cli.h: what the folio command's files share. The CLI is a client of
 * folio.h and nothing else; it is the only part of folio that prints.
 */
#ifndef FOLIO_CLI_H
#define FOLIO_CLI_H

#include "folio.h"

#include <stdio.h>

/* Exit statuses (documented in the README and folio --help). */
enum {
	EXIT_HITS = 0,    /* search found posts; index indexed everything */
	EXIT_NONE = 1,    /* search found nothing; index skipped something */
	EXIT_ERROR = 2,   /* bad usage, no index, unreadable index, ... */
	EXIT_LOCKED = 3   /* index: another writer holds the lock */
};

int cmd_index(int argc, char **argv);
int cmd_search(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_similar(int argc, char **argv);

/* A notice of the command's own, in the library's words (nul.c). */
typedef struct cli_notice {
	size_t position;    /* 1-based character position in the query */
	char what[96];      /* "a control character (U+0000)" */
	const char *action; /* what was done: CLI_NUL_READ */
} cli_notice;

/* Copy line[0..n) to text (n + 1 bytes, a C string), its NUL bytes as
 * spaces, and describe each run of them in out[] (max + 1 of them): the
 * first max runs, and past them, as the library counts its notices past
 * 16, one more notice that says how many runs were not listed. Returns
 * how many notices there are. */
size_t cli_nul_notices(const char *line, size_t n, char *text, cli_notice *out,
                       size_t max);

/* The action of a control character's notice, as the library words it. */
#define CLI_NUL_READ "read as a break between words"

/* Print results as JSON (one object, its "query" query[0..query_len) as
 * given, NULs too; on one line when compact; with the remote shards db's
 * search skipped, if any; with extra[0..n_extra) among the notices, in
 * order of position), as text for a person, and the parser's notices and
 * any suggestion on stderr. flags are the folio_search_flags the search
 * ran with. */
void print_json(FILE *f, folio_db *db, const char *query, size_t query_len,
                const folio_results *r, unsigned flags, int compact,
                const cli_notice *extra, size_t n_extra);
void print_hits(const folio_results *r, const folio_search_options *so);
void print_notices(const folio_results *r);

/* Every command with --json answers every run with one object: a run
 * that failed before it could (bad usage) prints the error object, with
 * the message cli_error printed last, unless one was printed
 * (cli_usage_json; beginning as the command's objects do: "query": null
 * for search and similar, "problems": [] for index). */
const char *cli_last_error(void);

/* Whether folio_db_open(dir) failing with st and errmsg found no index
 * there and room for one, as the library decides it (folio.h: "no index
 * at DIR"): not a file, a directory of other things or an index that
 * lost its stub ("is not a folio index"), where advising "folio index
 * --db DIR" would send the user to fail again. */
int cli_no_index(const char *dir, folio_status st, const char *errmsg);

/* The same, asking the library by opening dir to read (a writer that is
 * about to create the index asks first). */
int cli_may_index(const char *dir);

/* "folio: WHAT with: folio index --db DIR PATH..." on stderr, each word
 * quoted for a POSIX shell where it must be: the n corpus paths a run
 * was given there (folio_stats' corpus_paths), or corpus/ when n is 0. */
void cli_advise_index(const char *what, const char *dir,
                      const char *const *paths, size_t n);
/* Say that folio_db_open(dir) failed with st and errmsg (dir NULL: the
 * remote shards alone), with what to do about it: for no index there,
 * build one (cli_advise_index, on its own line); for folio search, the
 * options that get past a remote shard (cli_remote_advice). Every
 * command that reads an index says it so. */
void cli_open_error(const char *dir, folio_status st, const char *errmsg);

enum cli_json_shape {
	CLI_JSON_PLAIN,   /* stats, check: {"error": ..., "message": ...} */
	CLI_JSON_QUERY,   /* search, similar: {"query": null, "error": ...} */
	CLI_JSON_PROBLEMS /* index: {"problems": [], "error": ...} */
};
/* argv[0] is the command's name, which tells its options that take a
 * value (the --json after --db is a directory's name). */
void cli_usage_json(int argc, char **argv, int code, enum cli_json_shape shape);

/* Whether the dates of --since and --until are wrong (2026-02-30; a
 * since after the until), said as bad usage is (cli_error). The library
 * reads them only as it searches: they are checked as every search would
 * check them, by one that counts nothing and whose query cannot be the
 * one at fault. */
int cli_dates_wrong(folio_db *db, const folio_search_options *so);

/* folio_db_search or folio_db_similar. */
typedef folio_status (*cli_find_fn)(folio_db *db, const char *text,
                                    const folio_search_options *opts,
                                    folio_results **out);

/* Run find for text (a query, a URL) on db and print what it found, as
 * JSON or as text for a person (highlighted on a terminal), with the
 * query's notices on stderr, or the error: the exit status. */
int cli_find(folio_db *db, cli_find_fn find, const char *text,
             folio_search_options *so, int json);

/* The last error on db, st, as folio_db_error, but naming the dates as
 * they were typed: the library names the fields of folio_search_options
 * ("since: \"2026-13\": month 13 ...", "since D is after until D"), the
 * user typed --since and --until; and for a remote shard that cannot be
 * reached, with cli_remote_advice. Valid until the next call. */
const char *cli_search_error(folio_db *db, folio_status st);

/* Say that this is folio search, whose --timeout and --allow-partial
 * (allow_partial: given) get past a remote shard that cannot be reached
 * (remote.c). */
void cli_remote_options(int allow_partial);

/* What to add to message, a library error st, for folio search: the
 * options that get past a remote shard it cannot reach ("" for any
 * other error, or after no cli_remote_options). */
const char *cli_remote_advice(folio_status st, const char *message);

/* Have so highlight matches in bold yellow when the text output goes to a
 * terminal and NO_COLOR (no-color.org) is not set; for JSON, mark them
 * with CLI_MARK_START and CLI_MARK_END, which print_json turns into
 * positions. */
void cli_highlight(folio_search_options *so, int json);

/* The options shared by search and similar: returns 1 when argv[*i] was
 * one of them (advancing *i past its value), 0 when not, -1 (after
 * printing) on a bad value. */
int cli_search_option(int argc, char **argv, int *i,
                      folio_search_options *so, const char **db_flag,
                      int *json);

/* folio index's progress display on stderr (progress.c). */
#define CLI_PROGRESS_LINE 200 /* the longest bar line, in bytes */

typedef enum cli_progress_mode {
	CLI_PROGRESS_OFF,  /* nothing (--quiet, or stderr is not a terminal) */
	CLI_PROGRESS_BAR,  /* one line redrawn in place (a terminal) */
	CLI_PROGRESS_LINES /* one line per report (--progress) */
} cli_progress_mode;

typedef struct cli_progress {
	cli_progress_mode mode;
	const char *phase;  /* the phase being shown, static in libfolio */
	double phase_start; /* when it began, monotonic seconds */
	double last_report; /* when the last report came */
	double last_draw;   /* when the bar was last drawn */
	size_t shown;       /* columns of the bar now on screen, 0: none */
	int columns_warned; /* $COLUMNS, no width, was said to be ignored */
	/* --progress: when the last plain line was written, and the last
	 * report not written yet (held: 1), written when its phase ends */
	double last_line;
	folio_progress held;
	int holding;
} cli_progress;

void cli_progress_init(cli_progress *p, cli_progress_mode mode);
/* A folio_progress_fn; payload is the cli_progress. */
void cli_progress_report(const folio_progress *fp, void *payload);
/* Erase the bar, if one is shown: before anything else is printed on
 * the terminal, and at the end of the run. It is redrawn at the next
 * report. With --progress, write the plain line held back, if any. */
void cli_progress_clear(cli_progress *p);

/* folio index's SIGINT, SIGTERM and SIGHUP (signals.c), from catch to
 * release: until aim names the handle, while it is opened, one writes
 * stderr_words to stderr and stdout_words (either may be NULL) to stdout
 * and kills the process; then one stops the run on db
 * (folio_db_interrupt) instead, and a second one kills it. The words
 * must stay until release, which returns the first signal caught, 0 for
 * none. say replaces the words (from the next step before the run on). */
void cli_signals_catch(const char *stderr_words, const char *stdout_words);
void cli_signals_say(const char *stderr_words, const char *stdout_words);
void cli_signals_aim(folio_db *db);
int cli_signals_release(void);
/* A folio_progress_fn: cli_progress_report, which first passes on again
 * a signal caught before the run had begun (folio.h: an interrupt stops
 * only a run in progress). */
void cli_signals_progress(const folio_progress *fp, void *payload);
/* End the process by sig, its output flushed, once a run it stopped has
 * cleaned up: returns only if that fails. */
void cli_signals_die(int sig);
/* "SIGINT", "SIGTERM", "SIGHUP"; "a signal" for another. */
const char *cli_signal_name(int sig);

/* The index directory: --db, else $FOLIO_INDEX, else "index". */
const char *cli_db_path(const char *flag_value);

/* value as a whole number from min (at least 0) to max, in decimal
 * digits alone; -1, saying nothing, when it is not one. */
long cli_digits(const char *value, long min, long max);
/* The same for option name: prints and returns -1 on error. */
long cli_parse_range(const char *name, const char *value, long min,
                     long max);
/* The same from 0 to 1000000 (--limit, --offset, --timeout). */
long cli_parse_count(const char *name, const char *value);

/* Whether word is written as a long option is (--json): never the value
 * of the option before it. */
int cli_option_word(const char *word);

/* If argv[*i] is "--name VALUE" or "--name=VALUE", store VALUE, advance *i
 * past it and return 1; return -1 (after printing) when the value is
 * missing, or is another option (--name --other); 0 when argv[*i] is
 * not this option. */
int cli_option_value(int argc, char **argv, int *i, const char *name,
                     const char **value);

/* Whether arg is the option name, alone or with a value (name=VALUE). */
int cli_names_option(const char *arg, const char *name);

/* Whether arg is the option name, which takes no value: 1 when it is,
 * 0 when not; -1 (after printing) when it is given one (--json=1,
 * --facets=), which --name=VALUE gives an option that takes one. */
int cli_flag(const char *arg, const char *name);

/* As cli_flag, for the first of the n names arg names; *which is its
 * index (n when none is). */
int cli_flag_of(const char *arg, const char *const *names, size_t n,
                size_t *which);

/* The usage error of word, an option command (NULL: folio itself) does
 * not have, in the one wording every command uses. */
void cli_unknown_option(const char *command, const char *word);

/* -h or --help, which stands alone after a command's name (argv[0]), as
 * after folio's: 1 after printing usage when it is the only argument, -1
 * after naming the first other one, 0 when neither comes before "--". */
int cli_help(int argc, char **argv, const char *usage);

/* The options of a command that takes only --db, -h/--help, when json
 * is not NULL --json (stats, check), and when time_limit and all are
 * not NULL --time-limit SECONDS and --all (check); "--" ends them, and
 * nothing may follow it. 1 after printing usage for --help, 0 when the
 * options are good, -1 after saying what is wrong. */
int cli_db_options(int argc, char **argv, const char *command,
                   const char *usage, const char **db_flag, int *json,
                   unsigned *time_limit, int *all);

/* Print a message prefixed "folio: " to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Hold each standard stream that is closed with /dev/null, opened so
 * that using it still fails; first thing in main. */
void cli_hold_std_fds(void);

/* Flush stdout: 0 when everything written so far reached it, -1 when
 * some of it did not (now or at an earlier write). The errno of the
 * first flush that failed is kept for cli_stdout_errno, since a later
 * flush, with nothing left to write, no longer has it. */
int cli_flush_stdout(void);
/* That errno, or 0 when no flush failed (a write inside printf did,
 * leaving only stdout's error flag). */
int cli_stdout_errno(void);

/* Write s to f as a JSON string (quoted, escaped, invalid UTF-8 replaced
 * by U+FFFD, every character util/display.h names as \uXXXX), or null
 * when s is NULL. */
void json_string(FILE *f, const char *s);
/* The same for s[0..len), which may hold NUL bytes (as \u0000). */
void json_string_n(FILE *f, const char *s, size_t len);

/* The markers cli_highlight has the library put around matches for JSON:
 * control characters, which the library makes spaces of in the text of
 * the snippets and marked titles it makes, so that no text is taken for
 * one. */
#define CLI_MARK_START "\x01"
#define CLI_MARK_END   "\x02"
/* s, marked so, as a JSON string without its markers. */
void json_unmarked(FILE *f, const char *s);
/* Where the markers of s are in that string, as a JSON array of
 * [start, end] pairs, none empty: the matched text is the characters
 * start to end - 1, counted in code points (a U+FFFD for an invalid byte, as
 * json_string writes one), the unit in which Python and jq index the
 * decoded string. */
void json_marks(FILE *f, const char *s);

/* Write s for a terminal: control characters become '?' (white space,
 * line separators and bidirectional controls a space; util/display.h),
 * so stored text cannot drive or reorder the terminal. For messages,
 * which quote what a user typed or named. */
void print_text(FILE *f, const char *s);
/* The same for a post's text (a hit's fields, facet values): every such
 * character becomes a space, as in the snippet the library made. */
void print_field(FILE *f, const char *s);

/* A failed search (or similar) as a JSON object on stdout: the query,
 * query[0..query_len) (NULL: none was read, as in bad usage; null in the
 * object), the status, the message and, for a query error, its position
 * (0: none). */
void print_error_json(const char *query, size_t query_len, const char *message,
                      size_t position, folio_status st);
/* The same for stats and check, whose objects have no query. */
void print_stats_error_json(const char *message, folio_status st);
/* An error object's "error", "message" and "position" (0: none) and its
 * end, after the keys its command's objects begin with. */
void print_error_fields(const char *message, size_t position, folio_status st);
/* The same written to f. */
void json_error_fields(FILE *f, const char *message, size_t position,
                       folio_status st);
/* The same for the last failed call on db. */
void print_db_error_json(const char *query, size_t query_len, folio_db *db,
                         folio_status st);

/* Warn on stderr of each remote shard db's last search left out. */
void print_skipped(folio_db *db);

/* folio index --json's object on stdout (report.c), written as the run
 * goes: the problems as they are reported, so that a corpus of a million
 * bad lines is never held, then the report or the error that ends it. */
typedef struct cli_index_json {
	uint64_t problems; /* written so far */
	int begun;         /* the object is open */
} cli_index_json;

#define CLI_INDEX_JSON_INIT                                                    \
	{                                                                      \
		0, 0                                                           \
	}

/* Add a problem (a folio_diagnostic) to the object. */
void cli_index_json_problem(cli_index_json *j, const folio_diagnostic *d);
/* End the object with what the run did. */
void cli_index_json_report(cli_index_json *j, const folio_index_report *rep);
/* End it with the error the run ended in (the message said on stderr). */
void cli_index_json_error(cli_index_json *j, const char *message,
                          folio_status st);
/* The object of a run that fails before it reports any problem, whole
 * in a string (to be written later, by a signal handler), which the
 * caller frees; NULL when out of memory. */
char *cli_index_json_early_error(const char *message, folio_status st);

/* folio check --json's object for index dir (report.c): sound or not,
 * with the problems found, the first one's text (NULL when sound) and
 * each one's, list[0..n); s the index's stats after a sound check, NULL
 * when they are not known (a damaged index, which folio check reads no
 * further in its own process: its generation, shards and posts are
 * null). */
void print_check_json(const char *dir, uint64_t problems, const char *first,
                      const char *const *list, size_t n, const folio_stats *s);

#endif
