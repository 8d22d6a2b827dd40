// bridge_db.cc: opening, committing and reading Xapian databases, and
// replacing documents by their unique term ("uniqueness" howto).
#include "bridge_private.hh"

#include <cstdlib>
#include <cstring>
#include <new>

extern "C" folio_status fo_xdb_open(const char *path, unsigned flags,
                                    fo_xdb **out, fo_xerr *err)
{
	return fo_xdb_open_until(path, flags, 0, out, err);
}

extern "C" folio_status fo_xdb_open_until(const char *path, unsigned flags,
                                          double deadline, fo_xdb **out,
                                          fo_xerr *err)
{
	fo_xdb *h = NULL;
	*out = NULL;
	try {
		h = new fo_xdb();
		h->deadline = deadline;
		h->db = NULL;
		h->wdb = NULL;
		h->append = (flags & FO_XDB_APPEND) != 0;
		h->path = path;
		h->whole_wanted = (flags & FO_XDB_WHOLE) != 0;
		if (flags & FO_XDB_WRITE) {
			int action = (flags & FO_XDB_CREATE) ? Xapian::DB_CREATE_OR_OPEN
			                                    : Xapian::DB_OPEN;
			if (flags & FO_XDB_WAIT)
				action |= Xapian::DB_RETRY_LOCK;
			if (flags & FO_XDB_NOSYNC)
				action |= Xapian::DB_NO_SYNC;
			if (!fo_xopen_shards(h, path, action)) {
				h->wdb = new Xapian::WritableDatabase(path,
				                                      action);
				h->db = h->wdb;
			}
		} else {
			// Only a stub is opened whole: a generation that
			// is none is not looked for one again (2 stats).
			bool stub = fo_xstub_walk(path, 0);
			if (!stub || !(flags & FO_XDB_WHOLE) ||
			    !fo_xopen_whole(h, path))
				h->db = new Xapian::Database(path);
		}
		*out = h;
		return FOLIO_OK;
	} catch (...) {
		if (h) {
			if (h->db != h->wdb)
				delete h->db;
			delete h->wdb;
			for (Xapian::WritableDatabase *w : h->shards)
				delete w;
		}
		delete h;
		return fo_xerr_from_current_exception(err);
	}
}

extern "C" folio_status fo_xdb_close(fo_xdb *h, fo_xerr *err)
{
	folio_status st = FOLIO_OK;
	if (!h)
		return FOLIO_OK;
	// Xapian objects hold references to the database, so close() it
	// explicitly (as notmuch_database_close does) before deleting.
	try {
		// A broken writer's pending change may be half made: a
		// transaction open at close() is cancelled, which discards
		// every change since the last commit, instead of committing
		// them (WritableDatabase has no other rollback).
		if ((h->wdb || !h->shards.empty()) && h->broken)
			for (Xapian::WritableDatabase *w : fo_xwriters(h))
				w->begin_transaction(false);
		else if (h->wdb || !h->shards.empty())
			fo_xcommit(h);
		h->db->close();
	} catch (...) {
		st = fo_xerr_from_current_exception(err);
	}
	try {
		delete h->db;
		for (Xapian::WritableDatabase *w : h->shards)
			delete w;
	} catch (...) {
		if (st == FOLIO_OK)
			st = fo_xerr_from_current_exception(err);
	}
	delete h;
	return st;
}

extern "C" folio_status fo_xdb_commit(fo_xdb *h, fo_xerr *err)
{
	if (h->broken) {
		fo_xerr_set(err, "out of memory earlier: a change may be half "
		                 "made, so nothing more is committed");
		return FOLIO_ERROR_NOMEM;
	}
	try {
		if (h->wdb || !h->shards.empty())
			fo_xcommit(h);
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_cancel(fo_xdb *h, fo_xerr *err)
{
	if (!h || (!h->wdb && h->shards.empty()))
		return FOLIO_OK;
	try {
		// WritableDatabase has no rollback but a transaction's: one
		// begun unflushed commits nothing first, and cancelling it
		// discards every change since the last commit (backends'
		// Internal::cancel), leaving the writer as it was then.
		for (Xapian::WritableDatabase *w : fo_xwriters(h)) {
			w->begin_transaction(false);
			w->cancel_transaction();
		}
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_reopen(fo_xdb *h, int *moved, fo_xerr *err)
{
	if (moved)
		*moved = 0;
	try {
		// false: "the database definitely hasn't been reopened"
		// (database.h), i.e. no commit since it last looked
		bool m = fo_xreopen(h);
		if (moved)
			*moved = m;
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" int fo_xdb_locked(const fo_xdb *h)
{
	try {
		return h->db->locked() ? 1 : 0;
	} catch (...) {
		return 1;
	}
}

extern "C" folio_status fo_xdb_doccount(fo_xdb *h, uint64_t *out, fo_xerr *err)
{
	*out = 0;
	try {
		*out = h->db->get_doccount();
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_termfreq(fo_xdb *h, const char *term,
                                        uint64_t *out, fo_xerr *err)
{
	*out = 0;
	try {
		*out = h->db->get_termfreq(term);
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

// Hand a string to C as a malloc'd copy; bad_alloc when there is no memory,
// so the caller's catch turns it into FOLIO_ERROR_NOMEM like any other.
static void copy_out(const std::string &s, char **out, size_t *len)
{
	*out = fo_xstrdup(s, len);
	if (!*out)
		throw std::bad_alloc();
}

extern "C" folio_status fo_xdb_get_metadata(fo_xdb *h, const char *key,
                                            char **out, fo_xerr *err)
{
	return fo_xdb_get_metadata_n(h, 1, &key, out, err);
}

extern "C" folio_status fo_xdb_get_metadata_n(fo_xdb *h, size_t n,
                                              const char *const keys[],
                                              char *out[], fo_xerr *err)
{
	for (size_t i = 0; i < n; i++)
		out[i] = NULL;
	try {
		// The format and language read at each open: checked as a
		// search is (bridge_reader.cc), all keys as one read, since
		// each check for a commit that overtook it reads the version
		// file again (4 system calls).
		std::vector<std::string> values(n);
		fo_xread(h, [&] {
			for (size_t i = 0; i < n; i++)
				values[i] = h->db->get_metadata(keys[i]);
		});
		for (size_t i = 0; i < n; i++)
			copy_out(values[i], &out[i], NULL);
		return FOLIO_OK;
	} catch (...) {
		for (size_t i = 0; i < n; i++) {
			free(out[i]);
			out[i] = NULL;
		}
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_set_metadata(fo_xdb *h, const char *key,
                                            const char *value, fo_xerr *err)
{
	try {
		// Every shard carries the metadata: a combined reader reads
		// the first one's (Database::get_metadata).
		for (Xapian::WritableDatabase *w : fo_xwriters(h))
			w->set_metadata(key, value);
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_find(fo_xdb *h, const char *unique_term,
                                    uint32_t *out, fo_xerr *err)
{
	*out = 0;
	try {
		Xapian::PostingIterator p = h->db->postlist_begin(unique_term);
		if (p != h->db->postlist_end(unique_term))
			*out = *p;
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_get_data(fo_xdb *h, uint32_t docid, char **out,
                                        size_t *len, fo_xerr *err)
{
	*out = NULL;
	*len = 0;
	try {
		copy_out(h->db->get_document(docid).get_data(), out, len);
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_get_value(fo_xdb *h, uint32_t docid,
                                         unsigned slot, char **out,
                                         size_t *len, fo_xerr *err)
{
	*out = NULL;
	*len = 0;
	try {
		// The docid comes from a posting list (bridge.h): skip
		// get_document's check that it exists, a B-tree lookup that
		// was 14% of re-syncing an unchanged corpus (callgrind,
		// bench/README.md).
		copy_out(h->db->get_document(docid, Xapian::DOC_ASSUME_VALID)
		                 .get_value(slot),
		         out, len);
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_replace(fo_xdb *h, const char *unique_term,
                                       const fo_xdoc *doc, uint32_t *docid,
                                       fo_xerr *err)
{
	try {
		Xapian::WritableDatabase &w = fo_xwriter_for(h, unique_term);
		Xapian::docid d = h->append
		                          ? w.add_document(doc->doc)
		                          : w.replace_document(unique_term, doc->doc);
		// Database::add_database interleaves its members' docids.
		if (docid && !h->shards.empty()) {
			Xapian::docid n = (Xapian::docid)h->shards.size();
			d = (d - 1) * n + 1 +
			    fo_xdb_shard_of(unique_term, strlen(unique_term),
			                    (unsigned)n);
		}
		if (docid)
			*docid = d;
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_delete(fo_xdb *h, const char *unique_term,
                                      uint64_t *deleted, fo_xerr *err)
{
	*deleted = 0;
	try {
		// Look in every shard: robust even against a post stored
		// away from its hash's shard.
		for (Xapian::WritableDatabase *w : fo_xwriters(h)) {
			Xapian::doccount n = w->get_termfreq(unique_term);
			if (n)
				w->delete_document(unique_term);
			*deleted += n;
		}
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}
