/*
 * main.c: the folio command: dispatch to a subcommand, --help, --version.
 */
#include "cli.h"

#include <string.h>

static const char usage[] =
    "usage: folio <command> [options]\n"
    "\n"
    "Full-text search over technical post summaries.\n"
    "\n"
    "commands:\n"
    "  index [PATH...]   index topic pages (*.md) and JSON Lines (*.jsonl)\n"
    "                    from files or directories (default: corpus/)\n"
    "  search QUERY...   search the index, best matches first\n"
    "  stats             describe the index (--json for JSON)\n"
    "  check             verify the index\n"
    "  similar URL       the posts most like an indexed post\n"
    "\n"
    "The index lives in --db DIR, else $FOLIO_INDEX, else ./index.\n"
    "Run 'folio COMMAND --help' (or 'folio help COMMAND') for a command's\n"
    "options.\n"
    "\n"
    "options:\n"
    "  -h, --help        show this help\n"
    "  --version         show the version\n";

/* Whether word is --help=VALUE or --version=VALUE, after saying that
 * it takes no value, as wherever it stands. */
static int valued_flag(const char *word)
{
	return cli_flag(word, "--help") < 0 || cli_flag(word, "--version") < 0;
}

/* Run command cmd with its own arguments (argv[0] is its name). */
static int run(const char *cmd, int argc, char **argv)
{
	if (strcmp(cmd, "index") == 0)
		return cmd_index(argc, argv);
	if (strcmp(cmd, "search") == 0)
		return cmd_search(argc, argv);
	if (strcmp(cmd, "stats") == 0)
		return cmd_stats(argc, argv);
	if (strcmp(cmd, "check") == 0)
		return cmd_check(argc, argv);
	if (strcmp(cmd, "similar") == 0)
		return cmd_similar(argc, argv);
	/* folio help --version (folio help --help is the usage) */
	if (strcmp(cmd, "--version") == 0)
		cli_error("help takes a command, not %s (try 'folio --help')",
		          cmd);
	else if (cmd[0] == '-' && cmd[1]) {
		if (!valued_flag(cmd))
			cli_unknown_option(NULL, cmd);
	} else
		cli_error("unknown command \"%s\" (try 'folio --help')", cmd);
	return EXIT_ERROR;
}

/* --help or --version, which stand alone: 0, or the usage error of what
 * follows it, which was ignored. */
static int alone(int argc, char **argv)
{
	const char *next = argc > 2 ? argv[2] : NULL;

	if (!next)
		return 0;
	if (strcmp(next, "-h") == 0 || strcmp(next, "--help") == 0 ||
	    strcmp(next, "--version") == 0)
		cli_error("%s takes no option, not %s (try 'folio --help')",
		          argv[1], next);
	else if (valued_flag(next))
		; /* said */
	else if (next[0] == '-' && next[1])
		cli_unknown_option(NULL, next);
	else
		cli_error("%s takes no operand, not %s (try 'folio --help')",
		          argv[1], next);
	return -1;
}

/* Every command, --help and --version; main checks what they printed. */
static int dispatch(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;
	char help[] = "--help";

	if (!cmd) {
		fputs(usage, stderr);
		return EXIT_ERROR;
	}
	if (strcmp(cmd, "help") == 0 && argc > 3) {
		cli_error("help takes one command, not \"%s %s\" (try 'folio "
		          "--help')", argv[2], argv[3]);
		return EXIT_ERROR;
	}
	/* folio help COMMAND is folio COMMAND --help, as git's is; help's
	 * own help (help, -h, --help) is folio's usage */
	if (strcmp(cmd, "help") == 0 && argc > 2 && strcmp(argv[2], "help") &&
	    strcmp(argv[2], "-h") && strcmp(argv[2], "--help")) {
		char *av[] = { argv[2], help, NULL };

		return run(argv[2], 2, av);
	}
	if (strcmp(cmd, "help") == 0) {
		fputs(usage, stdout);
		return 0;
	}
	if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
		if (alone(argc, argv) != 0)
			return EXIT_ERROR;
		fputs(usage, stdout);
		return 0;
	}
	if (strcmp(cmd, "--version") == 0) {
		if (alone(argc, argv) != 0)
			return EXIT_ERROR;
		printf("folio %s\n", folio_version());
		return 0;
	}
	return run(cmd, argc - 1, argv + 1);
}

/* An answer that did not reach stdout (a full disk, a pipe closed under
 * an ignored SIGPIPE) is an error: a tool that redirects it to a file
 * reads exit status 0 as "the file holds the answer". */
int main(int argc, char **argv)
{
	int code;

	cli_hold_std_fds();
	code = dispatch(argc, argv);

	if (cli_flush_stdout() == 0)
		return code;
	if (cli_stdout_errno())
		cli_error("cannot write the output: %s",
		          strerror(cli_stdout_errno()));
	else
		cli_error("cannot write the output");
	return EXIT_ERROR;
}
