/*
 * remote.c: what folio search adds to the library's error about a remote
 * shard it cannot reach. The library's words say what to check where the
 * shard is served, for any caller; the options that search without the
 * shard, or wait longer for it, are folio search's own (as --wait is
 * folio index's, added to the library's "is locked").
 */
#include "cli.h"

#include <string.h>

/* 0: not folio search (similar and stats have neither option); 1: search;
 * 2: search with --allow-partial, which fails only when no shard answers,
 * and which --allow-partial then cannot mend. */
static int searching;

void cli_remote_options(int allow_partial)
{
	searching = allow_partial ? 2 : 1;
}

const char *cli_remote_advice(folio_status st, const char *message)
{
	/* How the library ends the message of a shard that did not answer in
	 * time (api/remote.c left_out): after the shard's name and Xapian's
	 * text, so neither can put it there. */
	static const char timed_out[] = "is not stopped or overloaded";
	size_t n = strlen(message), t = sizeof timed_out - 1;

	if (st != FOLIO_ERROR_UNAVAILABLE || searching != 1)
		return "";
	if (n >= t && strcmp(message + n - t, timed_out) == 0)
		return "; or use --timeout MS to wait longer for it, or "
		       "--allow-partial to search the other shards without it";
	return "; or use --allow-partial to search the other shards without it";
}
