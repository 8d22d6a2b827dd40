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
	"Run 'folio COMMAND --help' for a command's options.\n"
	"\n"
	"options:\n"
	"  -h, --help        show this help\n"
	"  --version         show the version\n";

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (!cmd) {
		fputs(usage, stderr);
		return EXIT_ERROR;
	}
	if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 ||
	    strcmp(cmd, "help") == 0) {
		fputs(usage, stdout);
		return 0;
	}
	if (strcmp(cmd, "--version") == 0) {
		printf("folio %s\n", folio_version());
		return 0;
	}
	if (strcmp(cmd, "index") == 0)
		return cmd_index(argc - 1, argv + 1);
	if (strcmp(cmd, "search") == 0)
		return cmd_search(argc - 1, argv + 1);
	if (strcmp(cmd, "stats") == 0)
		return cmd_stats(argc - 1, argv + 1);
	if (strcmp(cmd, "check") == 0)
		return cmd_check(argc - 1, argv + 1);
	if (strcmp(cmd, "similar") == 0)
		return cmd_similar(argc - 1, argv + 1);
	cli_error("unknown command \"%s\" (try 'folio --help')", cmd);
	return EXIT_ERROR;
}
