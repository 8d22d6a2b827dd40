// bridge_error.cc: the bridge's exception mapper. Every extern "C" entry
// point ends in catch (...) { return fo_xerr_from_current_exception(err); }
// so each Xapian error class has exactly one status, decided here.
#include "bridge_private.hh"

#include "util/errstr.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>

std::string fo_xdescribe(const Xapian::Error &e)
{
	static const char advice[] = " - run xapian-check on this database";
	std::string d = e.get_description();
	size_t at = d.find(advice);

	if (at != std::string::npos)
		d.erase(at, sizeof advice - 1);
	return d;
}

void fo_xerr_set(fo_xerr *err, const char *msg) noexcept
{
	if (!err)
		return;
	size_t n = strlen(msg);
	if (n >= sizeof err->msg)
		n = sizeof err->msg - 1;
	memcpy(err->msg, msg, n);
	err->msg[n] = '\0';
}

folio_status fo_xerr_from_current_exception(fo_xerr *err) noexcept
{
	try {
		throw;
	} catch (const Xapian::DatabaseLockError &e) {
		// Only "already locked" is another writer's lock: a lock file
		// that cannot be opened or locked ("Couldn't open lockfile:
		// Is a directory", "too many open files") no wait ends.
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		const std::string &m = e.get_msg();
		static const char held[] = ": already locked";
		if (m.size() >= sizeof held - 1 &&
		    m.compare(m.size() - (sizeof held - 1), std::string::npos,
		              held) == 0)
			return FOLIO_ERROR_LOCKED;
		return FOLIO_ERROR_IO;
	} catch (const Xapian::DatabaseCorruptError &e) {
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		return FOLIO_ERROR_CORRUPT;
	} catch (const Xapian::DatabaseModifiedError &) {
		// Xapian's text tells its caller to reopen(), which folio's
		// callers cannot and need not do: their next call reads the
		// newest revision (db.c fo_db_refresh).
		fo_xerr_set(err, "the index changed faster than it could be "
		                 "read (a writer committed again and again "
		                 "meanwhile): try again");
		return FOLIO_ERROR_MODIFIED;
	} catch (const Xapian::DatabaseVersionError &e) {
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		return FOLIO_ERROR_VERSION;
	} catch (const Xapian::DocNotFoundError &e) {
		// folio never asks for a document by a number a caller gave:
		// every docid it reads comes from the index itself (a posting
		// list, a match, a URL's unique term), and a post that is not
		// indexed is found so before any is read (db.c
		// fo_db_find_url). A document the index named that cannot be
		// read ("No termlist for document 1": its entry in a damaged
		// termlist table) is damage, or a read a commit overtook,
		// which a reader tells apart by moving to the newest commit
		// (db.c fo_db_overtaken), as for any damage.
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		return FOLIO_ERROR_CORRUPT;
	} catch (const Xapian::DatabaseNotFoundError &e) {
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		return FOLIO_ERROR_NOT_FOUND;
	} catch (const Xapian::DatabaseOpeningError &e) {
		// Opening failures other than "not found" are mostly unreadable
		// files: report them as I/O so callers can say so. A table file
		// that is not there ("Couldn't open .../postlist.glass to
		// read (No such file or directory)") is a part of the database
		// not found, as a lost shard or version file is.
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		if (e.get_error_string() &&
		    strcmp(e.get_error_string(), fo_strerror(ENOENT)) == 0)
			return FOLIO_ERROR_NOT_FOUND;
		return FOLIO_ERROR_IO;
	} catch (const Xapian::QueryParserError &e) {
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		return FOLIO_ERROR_QUERY;
	} catch (const Xapian::InvalidArgumentError &e) {
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		return FOLIO_ERROR_INVALID;
	} catch (const Xapian::DatabaseError &e) {
		// A table shorter than its B-tree says (a copy or a disk that
		// cut it) is damage, which glass reports as a plain
		// DatabaseError ("EOF reading block N", io_utils.cc). One that
		// carries an errno (a full disk: "Error writing block N (No
		// space left on device)") is I/O; the rest are the backend's.
		// A commit whose write failed so (glass's "Modifications
		// failed (...)", which carries no errno of its own) is I/O too:
		// the database is left at its last commit. A compressed
		// entry that zlib cannot decode ("inflate failed (invalid
		// distance too far back)", compression_stream.cc, which
		// throws bad_alloc for zlib's lack of memory) is damage too.
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		if (e.get_msg().compare(0, 17, "EOF reading block") == 0 ||
		    e.get_msg().compare(0, 14, "inflate failed") == 0)
			return FOLIO_ERROR_CORRUPT;
		if (e.get_msg().compare(0, 20, "Modifications failed") == 0)
			return FOLIO_ERROR_IO;
		return e.get_error_string() && *e.get_error_string()
		               ? FOLIO_ERROR_IO
		               : FOLIO_ERROR_BACKEND;
	} catch (const Xapian::NetworkError &e) {
		// A remote shard refused, hung up or timed out (remote.html).
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		return FOLIO_ERROR_UNAVAILABLE;
	} catch (const Xapian::Error &e) {
		fo_xerr_set(err, fo_xdescribe(e).c_str());
		return FOLIO_ERROR_BACKEND;
	} catch (const std::bad_alloc &) {
		fo_xerr_set(err, "out of memory");
		return FOLIO_ERROR_NOMEM;
	} catch (const std::exception &e) {
		fo_xerr_set(err, e.what());
		return FOLIO_ERROR_BACKEND;
	} catch (...) {
		fo_xerr_set(err, "unknown C++ exception");
		return FOLIO_ERROR_BACKEND;
	}
}

folio_status fo_xdb_fail(fo_xdb *h, fo_xerr *err) noexcept
{
	folio_status st = fo_xerr_from_current_exception(err);

	if (st == FOLIO_ERROR_NOMEM)
		h->broken = true;
	if (st == FOLIO_ERROR_MODIFIED)
		h->stale = true;
	return st;
}

extern "C" int fo_xdb_broken(const fo_xdb *h)
{
	return h && h->broken;
}

thread_local bool fo_xcommitting;

static void (*abort_fn)(const char *what, void *payload);
static void *abort_payload;
static std::terminate_handler abort_before;

static void on_terminate()
{
	// Where glass's destructor itself throws, terminate has no exception
	// to name: errno is still the failed write's. Nothing here may count
	// on memory: a commit that runs out of it ends here too.
	int e = errno;
	char what[sizeof(fo_xerr::msg)];

	if (abort_fn && fo_xcommitting) {
		snprintf(what, sizeof what,
		         "DatabaseError: Xapian gave up in its commit%s%s%s",
		         e ? " (" : "", e ? fo_strerror(e) : "", e ? ")" : "");
		try {
			std::exception_ptr x = std::current_exception();
			if (x)
				std::rethrow_exception(x);
		} catch (const std::bad_alloc &) {
			snprintf(what, sizeof what,
			         "out of memory: Xapian gave up in its commit");
		} catch (const Xapian::Error &x) {
			try {
				snprintf(what, sizeof what, "%s",
				         fo_xdescribe(x).c_str());
			} catch (...) {
				// no room for the description: its class
				snprintf(what, sizeof what, "%s: %s",
				         x.get_type(), x.get_msg().c_str());
			}
		} catch (...) {
		}
		abort_fn(what, abort_payload);
	}
	if (abort_before)
		abort_before();
	std::abort();
}

extern "C" void fo_xdb_on_abort(void (*fn)(const char *what, void *payload),
                                void *payload)
{
	static bool installed;

	abort_fn = fn;
	abort_payload = payload;
	if (!installed)
		abort_before = std::set_terminate(on_terminate);
	installed = true;
}

char *fo_xstrdup(const std::string &s, size_t *len) noexcept
{
	char *p = static_cast<char *>(malloc(s.size() + 1));
	if (!p)
		return NULL;
	memcpy(p, s.data(), s.size());
	p[s.size()] = '\0';
	if (len)
		*len = s.size();
	return p;
}

const char *fo_xapian_version(void)
{
	return Xapian::version_string();
}
