/* status.c: what a caller may ask before opening an index: status codes
 * as text, the library version and the stemming languages. */
#include "folio.h"

#include "analyzer/stem.h"

const char *folio_status_string(folio_status status)
{
	switch (status) {
	case FOLIO_OK: return "success";
	case FOLIO_ERROR_NOMEM: return "out of memory";
	case FOLIO_ERROR_INVALID: return "invalid argument";
	case FOLIO_ERROR_IO: return "input/output error";
	case FOLIO_ERROR_NOT_FOUND: return "not found";
	case FOLIO_ERROR_LOCKED: return "index locked by another writer";
	case FOLIO_ERROR_CORRUPT: return "index corrupt";
	case FOLIO_ERROR_MODIFIED: return "index modified during the operation";
	case FOLIO_ERROR_QUERY: return "query syntax error";
	case FOLIO_ERROR_INPUT: return "malformed input skipped";
	case FOLIO_ERROR_VERSION: return "incompatible index version";
	case FOLIO_ERROR_BACKEND: return "Xapian error";
	case FOLIO_ERROR_UNAVAILABLE: return "remote shard unavailable";
	case FOLIO_ERROR_INTERRUPTED: return "interrupted";
	case FOLIO_STATUS_LAST: break;
	}
	return "unknown status";
}

const char *folio_version(void)
{
	return FOLIO_VERSION_STRING;
}

size_t folio_language_count(void)
{
	size_t n = 0;

	while (fo_stemmer_name(n))
		n++;
	return n;
}

const char *folio_language_name(size_t i)
{
	return fo_stemmer_name(i);
}
