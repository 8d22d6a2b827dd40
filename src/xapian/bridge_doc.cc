// bridge_doc.cc: building a Xapian::Document term by term from C.
#include "bridge_private.hh"

#include <new>

extern "C" folio_status fo_xdoc_new(fo_xdoc **out)
{
	// Not new (std::nothrow): the Document inside allocates too.
	*out = NULL;
	try {
		*out = new fo_xdoc();
		return FOLIO_OK;
	} catch (...) {
		return fo_xerr_from_current_exception(NULL);
	}
}

extern "C" void fo_xdoc_free(fo_xdoc *doc)
{
	delete doc;
}

// Only std::bad_alloc can come out of these calls: a Document being built
// touches no database.
extern "C" folio_status fo_xdoc_add_posting(fo_xdoc *d, const char *term,
                                            size_t len, uint32_t pos,
                                            unsigned wdf_inc)
{
	if (len == 0 || len > FO_XAPIAN_MAX_TERM)
		return FOLIO_OK;
	try {
		d->doc.add_posting(std::string(term, len), pos, wdf_inc);
		return FOLIO_OK;
	} catch (...) {
		return fo_xerr_from_current_exception(NULL);
	}
}

extern "C" folio_status fo_xdoc_add_term(fo_xdoc *d, const char *term,
                                         size_t len, unsigned wdf_inc)
{
	if (len == 0 || len > FO_XAPIAN_MAX_TERM)
		return FOLIO_OK;
	try {
		d->doc.add_term(std::string(term, len), wdf_inc);
		return FOLIO_OK;
	} catch (...) {
		return fo_xerr_from_current_exception(NULL);
	}
}

extern "C" folio_status fo_xdoc_add_boolean(fo_xdoc *d, const char *term,
                                            size_t len)
{
	if (len == 0 || len > FO_XAPIAN_MAX_TERM)
		return FOLIO_OK;
	try {
		d->doc.add_boolean_term(std::string(term, len));
		return FOLIO_OK;
	} catch (...) {
		return fo_xerr_from_current_exception(NULL);
	}
}

extern "C" folio_status fo_xdoc_set_value(fo_xdoc *d, unsigned slot,
                                          const char *bytes, size_t len)
{
	try {
		d->doc.add_value(slot, std::string(bytes, len));
		return FOLIO_OK;
	} catch (...) {
		return fo_xerr_from_current_exception(NULL);
	}
}

extern "C" folio_status fo_xdoc_set_data(fo_xdoc *d, const char *bytes,
                                         size_t len)
{
	try {
		d->doc.set_data(std::string(bytes, len));
		return FOLIO_OK;
	} catch (...) {
		return fo_xerr_from_current_exception(NULL);
	}
}

extern "C" folio_status fo_xdoc_terms(const fo_xdoc *d, fo_xterm_fn fn,
                                      void *ctx)
{
	try {
		// A Document built here keeps its terms in memory: its term
		// list is no database's
		for (Xapian::TermIterator t = d->doc.termlist_begin();
		     t != d->doc.termlist_end(); ++t) {
			const std::string &term = *t;
			if (fn(term.data(), term.size(), t.get_wdf(), ctx))
				break;
		}
		return FOLIO_OK;
	} catch (...) {
		return fo_xerr_from_current_exception(NULL);
	}
}
