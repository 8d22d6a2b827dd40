// bridge_admin.cc: the maintenance side of the bridge: walking terms and
// documents, copying a document between databases and merging the
// private databases of a parallel build (Database::compact); checking a
// database is bridge_check.cc.
#include "bridge_private.hh"

#include <cstring>
#include <string>

extern "C" folio_status fo_xdb_term_count(fo_xdb *h, uint64_t *out,
                                          fo_xerr *err)
{
	*out = 0;
	try {
		uint64_t n = 0;
		for (Xapian::TermIterator t = h->db->allterms_begin();
		     t != h->db->allterms_end(); ++t)
			n++;
		*out = n;
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_copy_doc(fo_xdb *src, uint32_t docid,
                                        fo_xdb *dst, const char *unique_term,
                                        fo_xerr *err)
{
	try {
		// Read whole before anything is written: Xapian reads a
		// Document of src lazily, as dst adds it, and glass cancels
		// every uncommitted change of dst when that reading fails (a
		// damaged table of src), not just this document's.
		Xapian::Document from = src->db->get_document(docid), doc;
		doc.set_data(from.get_data());
		for (Xapian::ValueIterator v = from.values_begin();
		     v != from.values_end(); ++v)
			doc.add_value(v.get_valueno(), *v);
		for (Xapian::TermIterator t = from.termlist_begin();
		     t != from.termlist_end(); ++t) {
			for (Xapian::PositionIterator p =
			         t.positionlist_begin();
			     p != t.positionlist_end(); ++p)
				doc.add_posting(*t, *p, 0);
			doc.add_term(*t, t.get_wdf());
		}
		fo_xwriter_for(dst, unique_term).replace_document(unique_term,
		                                                  doc);
		return FOLIO_OK;
	} catch (...) {
		// Either side may have been mid-update.
		fo_xdb_fail(src, err);
		return fo_xdb_fail(dst, err);
	}
}

extern "C" folio_status fo_xdb_compact(const char *const *srcs, size_t n,
                                       const char *dest, fo_xerr *err)
{
	try {
		Xapian::Database all;
		for (size_t i = 0; i < n; i++)
			all.add_database(Xapian::Database(srcs[i]));
		// Renumbering (the default) offsets each source's docids past
		// the previous one's, so the private databases' docids, which
		// all start at 1, cannot clash (database.h, compact()).
		// MULTIPASS merges many sources in passes: faster beyond 3.
		unsigned flags = Xapian::Compactor::FULL;
		if (n > 3)
			flags |= Xapian::DBCOMPACT_MULTIPASS;
		all.compact(dest, flags);
		return FOLIO_OK;
	} catch (...) {
		return fo_xerr_from_current_exception(err);
	}
}

extern "C" folio_status fo_xdb_each_doc(fo_xdb *h, fo_xdoc_fn fn, void *ctx,
                                        fo_xerr *err)
{
	try {
		for (Xapian::PostingIterator p = h->db->postlist_begin("");
		     p != h->db->postlist_end(""); ++p) {
			std::string data = h->db->get_document(*p).get_data();
			if (fn(*p, data.data(), data.size(), ctx))
				break;
		}
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_last_docid(fo_xdb *h, uint32_t *out,
                                          fo_xerr *err)
{
	*out = 0;
	try {
		*out = h->db->get_lastdocid();
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_each_docid(fo_xdb *h, fo_xdocid_fn fn,
                                          void *ctx, fo_xerr *err)
{
	try {
		for (Xapian::PostingIterator p = h->db->postlist_begin("");
		     p != h->db->postlist_end(""); ++p)
			if (fn(*p, ctx))
				break;
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_each_value(fo_xdb *h, unsigned slot,
                                          fo_xvalue_fn fn, void *ctx,
                                          fo_xerr *err)
{
	try {
		// One pass over the slot's value chunks, in docid order: no
		// B-tree descent per document (valuestream_begin, database.h).
		for (Xapian::ValueIterator v = h->db->valuestream_begin(slot);
		     v != h->db->valuestream_end(slot); ++v) {
			const std::string &value = *v;
			if (fn(v.get_docid(), value.data(), value.size(), ctx))
				break;
		}
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_doc_term(fo_xdb *h, uint32_t docid,
                                        const char *prefix, char **out,
                                        fo_xerr *err)
{
	*out = NULL;
	try {
		Xapian::TermIterator t = h->db->termlist_begin(docid);
		t.skip_to(prefix);
		if (t != h->db->termlist_end(docid) &&
		    (*t).compare(0, std::strlen(prefix), prefix) == 0) {
			*out = fo_xstrdup(*t, NULL);
			if (!*out)
				return FOLIO_ERROR_NOMEM;
		}
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}
