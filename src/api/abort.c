/*
 * abort.c: folio_abort_handler_set, the program's say in the one ending
 * Xapian 1.4.22 gives no status for (bridge.h fo_xdb_on_abort; README,
 * "How it works", Xapian's known limits).
 */
#include "folio.h"

#include "xapian/bridge.h"

void folio_abort_handler_set(folio_abort_fn fn, void *payload)
{
	fo_xdb_on_abort(fn, payload);
}
