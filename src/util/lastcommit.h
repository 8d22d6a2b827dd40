/*
 * lastcommit.h: what a writer whose commit could not be written says of
 * its index: the library's FOLIO_ERROR_IO (api/call.c) and folio index,
 * for the commit Xapian ends in std::terminate instead (cli/index.c),
 * say it in one sentence, as a user reads one condition.
 */
#ifndef FOLIO_LASTCOMMIT_H
#define FOLIO_LASTCOMMIT_H

/* after "index DIR: WHAT" */
#define FO_AS_AT_LAST_COMMIT                                                   \
	"; it is as it was at its last commit: fix the cause and run again"

#endif
