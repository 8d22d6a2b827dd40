/* util.c: option parsing, error printing and safe text output for the CLI. */
#include "cli.h"

/* header-only helpers, not the library: the CLI stays a
 * client of folio.h */
#include "../util/display.h"
#include "../util/shellword.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *cli_db_path(const char *flag_value)
{
	const char *env = getenv("FOLIO_INDEX");

	if (flag_value)
		return flag_value;
	return env && *env ? env : "index";
}

long cli_digits(const char *value, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(value, &end, 10);
	/* digits alone: strtol also takes white space and a sign before
	 * them, so --limit ' 5' and --limit +3 passed */
	return *value < '0' || *value > '9' || errno || *end || v < min ||
	               v > max
	           ? -1
	           : v;
}

long cli_parse_range(const char *name, const char *value, long min, long max)
{
	long v = cli_digits(value, min, max);

	if (v < 0)
		cli_error("%s takes a whole number from %ld to %ld, not \"%s\"",
		          name, min, max, value);
	return v;
}

long cli_parse_count(const char *name, const char *value)
{
	return cli_parse_range(name, value, 0, 1000000);
}

int cli_option_word(const char *word)
{
	return fo_shell_option_like(word);
}

int cli_option_value(int argc, char **argv, int *i, const char *name,
                     const char **value)
{
	size_t n = strlen(name);
	const char *arg = argv[*i];

	if (strncmp(arg, name, n) != 0)
		return 0;
	if (arg[n] == '=') {
		*value = arg + n + 1;
		return 1;
	}
	if (arg[n] != '\0')
		return 0;
	if (*i + 1 >= argc) {
		cli_error("%s needs a value", name);
		return -1;
	}
	/* a value left out must not take the next option for it (--db
	 * --json made an index named --json); --name=--x still gives one */
	if (cli_option_word(argv[*i + 1])) {
		cli_error("%s needs a value, not the option %s (%s=%s gives "
		          "it that value)",
		          name, argv[*i + 1], name, argv[*i + 1]);
		return -1;
	}
	*value = argv[++*i];
	return 1;
}

int cli_names_option(const char *arg, const char *name)
{
	size_t n = strlen(name);

	return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

int cli_flag(const char *arg, const char *name)
{
	size_t n = strlen(name);

	if (!cli_names_option(arg, name))
		return 0;
	if (arg[n] == '\0')
		return 1;
	cli_error("%s takes no value, not \"%s\"", name, arg + n + 1);
	return -1;
}

int cli_flag_of(const char *arg, const char *const *names, size_t n,
                size_t *which)
{
	int rc = 0;

	for (*which = 0; *which < n; (*which)++)
		if ((rc = cli_flag(arg, names[*which])) != 0)
			break;
	return rc;
}

void cli_unknown_option(const char *command, const char *word)
{
	cli_error("unknown option %s (try 'folio %s%s--help')", word,
	          command ? command : "", command ? " " : "");
}

int cli_help(int argc, char **argv, const char *usage)
{
	const char *other;
	int i, rc;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if ((rc = cli_flag(argv[i], "--help")) < 0)
			return -1;
		if (rc || strcmp(argv[i], "-h") == 0)
			break;
	}
	if (i == argc || strcmp(argv[i], "--") == 0)
		return 0;
	if (argc == 2) {
		fputs(usage, stdout);
		return 1;
	}
	other = argv[i == 1 ? 2 : 1];
	cli_error("%s takes no %s, not %s (try 'folio %s --help')", argv[i],
	          other[0] == '-' && other[1] ? "option" : "operand", other,
	          argv[0]);
	return -1;
}

int cli_db_options(int argc, char **argv, const char *command,
                   const char *usage, const char **db_flag, int *json,
                   unsigned *time_limit, int *all)
{
	const char *value;
	long v;
	int i, rc;

	if ((rc = cli_help(argc, argv, usage)) != 0)
		return rc;
	for (i = 1; i < argc; i++) {
		if ((rc = cli_option_value(argc, argv, &i, "--db", &value)) !=
		    0) {
			if (rc < 0)
				return -1;
			*db_flag = value;
		} else if (time_limit &&
		           (rc = cli_option_value(
		                argc, argv, &i, "--time-limit", &value)) != 0) {
			/* seconds whose milliseconds an unsigned holds */
			if (rc < 0 ||
			    (v = cli_parse_range("--time-limit", value, 0,
			                         4294967)) < 0)
				return -1;
			*time_limit = (unsigned)v;
		} else if (json && (rc = cli_flag(argv[i], "--json")) != 0) {
			if (rc < 0)
				return -1;
			*json = 1;
		} else if (all && (rc = cli_flag(argv[i], "--all")) != 0) {
			if (rc < 0)
				return -1;
			*all = 1;
		} else if (strcmp(argv[i], "--") != 0 && argv[i][0] == '-' &&
		           argv[i][1]) {
			cli_unknown_option(command, argv[i]);
			return -1;
		} else {
			/* "--" ends the options (folio.1), and no operand may
			 * follow it either */
			if (strcmp(argv[i], "--") == 0 && ++i >= argc)
				return 0;
			cli_error("%s takes no operand, not %s (try 'folio %s "
			          "--help')",
			          command, argv[i], command);
			return -1;
		}
	}
	return 0;
}

/* The last message cli_error printed, for --json (cli_usage_json, and
 * the error objects of index and check): whole, as stderr has it, in
 * last_full; cut short in last_error only when there was no memory for
 * it (a character cut in two there is U+FFFD to json_string). */
static char last_error[2048];
static char *last_full;

/* How put_text shows a control character. Post text shows it as a
 * space, as the library's snippets and marked titles do, so that every
 * field of a hit follows one rule whether it was marked or not. A
 * message quotes what was typed or named (a query, a path): there a C0
 * control is a '?', which says that something unprintable is there,
 * and newlines may be kept (TEXT_LINES). */
enum { TEXT_QUOTED, TEXT_LINES, TEXT_FIELD };

static void put_text(FILE *f, const char *s, int how);

void cli_error(const char *fmt, ...)
{
	va_list ap;
	char *full;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(last_error, sizeof last_error, fmt, ap);
	va_end(ap);
	full = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (full) {
		va_start(ap, fmt);
		vsnprintf(full, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	/* Messages quote queries, values and paths: printed as text, their
	 * control characters cannot drive the terminal (a query's ESC ]0;
	 * retitled it: explore-p). Newlines stay: advice to paste into a
	 * shell quotes a path that holds one (db.c). */
	fputs("folio: ", stderr);
	put_text(stderr, full ? full : last_error, TEXT_LINES);
	fputc('\n', stderr);
	free(last_full);
	last_full = full;
}

static int stdout_errno;

int cli_flush_stdout(void)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	if (!stdout_errno)
		stdout_errno = errno;
	return -1;
}

int cli_stdout_errno(void)
{
	return stdout_errno;
}

int cli_no_index(const char *dir, folio_status st, const char *errmsg)
{
	static const char said[] = "no index at ";
	size_t n = sizeof said - 1;

	return st == FOLIO_ERROR_NOT_FOUND && errmsg &&
	       strncmp(errmsg, said, n) == 0 && strcmp(errmsg + n, dir) == 0;
}

int cli_may_index(const char *dir)
{
	folio_open_options oo = FOLIO_OPEN_OPTIONS_INIT;
	folio_db *db = NULL;
	char *errmsg = NULL;
	folio_status st;
	int may;

	/* the local index alone: REMOTES, if any, are no index here */
	oo.flags = FOLIO_OPEN_LOCAL;
	st = folio_db_open(dir, &oo, &db, &errmsg);
	may = cli_no_index(dir, st, errmsg);
	folio_db_close(db);
	free(errmsg);
	return may;
}

/* word quoted for a POSIX shell (a newline is part of the word), then
 * printed as messages are */
static void put_word(const char *word)
{
	char *quoted = malloc(4 * strlen(word) + 3);

	if (quoted)
		fo_shell_quote(quoted, word);
	put_text(stderr, quoted ? quoted : word, TEXT_LINES);
	free(quoted);
}

void cli_advise_index(const char *what, const char *dir,
                      const char *const *paths, size_t n)
{
	size_t i;

	fprintf(stderr, "folio: %s with: folio index --db%c", what,
	        fo_shell_option_like(dir) ? '=' : ' ');
	put_word(dir);
	for (i = 0; i < n; i++) {
		fputc(' ', stderr);
		put_word(paths[i]);
	}
	fputs(n ? "\n" : " corpus/\n", stderr);
}

void cli_open_error(const char *dir, folio_status st, const char *errmsg)
{
	/* one condition, one line, with what to do about it */
	cli_error("%s%s", errmsg, cli_remote_advice(st, errmsg));
	if (dir && cli_no_index(dir, st, errmsg))
		cli_advise_index("build one", dir, NULL, 0);
}

const char *cli_last_error(void)
{
	return last_full ? last_full : last_error;
}

/* Length of the valid UTF-8 sequence at s (RFC 3629; left bytes left),
 * 0 if invalid. */
static size_t utf8_valid(const unsigned char *s, size_t left)
{
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		return left >= 2 && (s[1] & 0xC0) == 0x80 ? 2 : 0;
	if (s[0] >= 0xE0 && s[0] <= 0xEF) {
		if (left < 3 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80)
			return 0;
		if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] > 0x9F))
			return 0; /* overlong, or a UTF-16 surrogate */
		return 3;
	}
	if (s[0] >= 0xF0 && s[0] <= 0xF4) {
		if (left < 4 || (s[1] & 0xC0) != 0x80 ||
		    (s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80)
			return 0;
		if ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] > 0x8F))
			return 0;
		return 4;
	}
	return 0;
}

void json_string(FILE *f, const char *s)
{
	json_string_n(f, s, s ? strlen(s) : 0);
}

static int is_mark(unsigned char c)
{
	return c == CLI_MARK_START[0] || c == CLI_MARK_END[0];
}

/* s[0..len) as a JSON string, without the bytes of CLI_MARK_START and
 * CLI_MARK_END when unmark is set. */
static void json_chars(FILE *f, const char *s, size_t len, int unmark)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	fputc('"', f);
	while (len) {
		n = utf8_valid(p, len);
		if (unmark && is_mark(*p)) {
			/* a marker: no character of the string */
		} else if (n == 0) {
			fputs("\\ufffd", f);
			n = 1;
		} else if (*p == '"' || *p == '\\') {
			fputc('\\', f);
			fputc(*p, f);
		} else if (*p == '\n') {
			fputs("\\n", f);
		} else if (*p == '\t') {
			fputs("\\t", f);
		} else if (*p == '\r') {
			fputs("\\r", f);
		} else if (fo_display_unsafe(p, len)) {
			/* Escaped, not raw: the README's control characters
			 * (C1, the line separators, the bidirectional
			 * controls too, all of 1 to 3 bytes) would drive a
			 * terminal showing the JSON, and a reader splitting
			 * --stdin's lines at every line break would cut an
			 * object at U+2028. */
			fprintf(f, "\\u%04x",
			        n == 1   ? *p
			        : n == 2 ? (unsigned)(p[0] & 0x1F) << 6 |
			                       (p[1] & 0x3F)
			                 : (unsigned)(p[0] & 0x0F) << 12 |
			                       (unsigned)(p[1] & 0x3F) << 6 |
			                       (p[2] & 0x3F));
		} else {
			fwrite(p, 1, n, f);
		}
		p += n;
		len -= n;
	}
	fputc('"', f);
}

void json_string_n(FILE *f, const char *s, size_t len)
{
	if (s)
		json_chars(f, s, len, 0);
	else
		fputs("null", f);
}

void json_unmarked(FILE *f, const char *s)
{
	json_chars(f, s, strlen(s), 1);
}

void json_marks(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), n, at = 0, start = 0, said = 0;

	fputc('[', f);
	while (len) {
		n = utf8_valid(p, len);
		if (*p == CLI_MARK_START[0]) {
			start = at;
		} else if (*p == CLI_MARK_END[0]) {
			/* a match of nothing shown (a bidi control alone)
			 * marks nothing */
			if (at > start)
				fprintf(f, "%s[%zu, %zu]", said++ ? ", " : "",
				        start, at);
		} else {
			/* one character as json_chars writes it: an invalid
			 * byte is one U+FFFD */
			at++;
		}
		if (n == 0)
			n = 1;
		p += n;
		len -= n;
	}
	fputc(']', f);
}

/* The length of the UTF-8 character at s (n bytes left; structure
 * only), or 0 if none starts there. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
	size_t len = s[0] < 0x80                    ? 1
	             : s[0] >= 0xC2 && s[0] <= 0xDF ? 2
	             : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
	             : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4
	                                            : 0;
	size_t k;

	if (len > n)
		return 0;
	for (k = 1; k < len; k++)
		if ((s[k] & 0xC0) != 0x80)
			return 0;
	return len;
}

/* print_text (TEXT_QUOTED), print_text keeping newlines (TEXT_LINES),
 * print_field (TEXT_FIELD). The characters shown as they are go out a
 * run at a time: an fwrite a character was most of what printing the
 * hits cost (callgrind: 131k of 162k instructions for 10 hits). */
static void put_text(FILE *f, const char *s, int how)
{
	const unsigned char *p = (const unsigned char *)s, *run = p;
	size_t len = strlen(s), n;

	while (*p) {
		n = fo_display_unsafe(p, len);
		if (n == 0 && (n = utf8_char(p, len)) != 0) {
			p += n;
			len -= n;
			continue;
		}
		fwrite(run, 1, (size_t)(p - run), f);
		if (n == 0) {
			/* a byte that starts no character: a lone 0x9B is
			 * CSI to a terminal reading 8-bit controls
			 * (explore-r) */
			fputc('?', f);
			n = 1;
		} else if (how == TEXT_LINES && *p == '\n') {
			fputc(*p, f);
		} else {
			fputc(how == TEXT_FIELD || *p == '\n' || *p == '\t' ||
			              n > 1
			          ? ' '
			          : '?',
			      f);
		}
		p += n;
		len -= n;
		run = p;
	}
	fwrite(run, 1, (size_t)(p - run), f);
}

void print_text(FILE *f, const char *s)
{
	put_text(f, s, TEXT_QUOTED);
}

void print_field(FILE *f, const char *s)
{
	put_text(f, s, TEXT_FIELD);
}
