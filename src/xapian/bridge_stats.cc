// bridge_stats.cc: what the search side reads besides hits: the
// vocabulary (spelling suggestions), per-term statistics of one
// document (score explanations) and whether a term has places (phrases).
#include "bridge_private.hh"

extern "C" folio_status fo_xdb_allterms(fo_xdb *h, const char *prefix,
                                        fo_xterm_fn fn, void *ctx,
                                        fo_xerr *err)
{
	try {
		for (Xapian::TermIterator t = h->db->allterms_begin(prefix);
		     t != h->db->allterms_end(prefix); ++t) {
			const std::string &term = *t;
			if (fn(term.data(), term.size(), t.get_termfreq(), ctx))
				break;
		}
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_terms_between(fo_xdb *h, const char *from,
                                             const char *to,
                                             fo_xterm_pick pick,
                                             fo_xterm_fn fn, void *ctx,
                                             fo_xerr *err)
{
	try {
		Xapian::TermIterator t = h->db->allterms_begin();
		t.skip_to(from);
		while (t != h->db->allterms_end()) {
			const std::string term = *t;
			const char *seek = nullptr;
			size_t seek_len = 0;
			if (to && term.compare(to) >= 0)
				break;
			switch (pick(term.data(), term.size(), &seek, &seek_len,
			             ctx)) {
			case FO_XTERM_TAKE:
				if (fn(term.data(), term.size(),
				       t.get_termfreq(), ctx))
					return FOLIO_OK;
				++t;
				break;
			case FO_XTERM_SEEK:
				// never back, nor in place: the walk goes on
				if (term.compare(0, std::string::npos, seek,
				                 seek_len) < 0)
					t.skip_to(std::string(seek, seek_len));
				else
					++t;
				break;
			case FO_XTERM_STOP: return FOLIO_OK;
			default: ++t;
			}
		}
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_term_stats(fo_xdb *h, uint32_t docid,
                                          const char *term, uint64_t *wdf,
                                          uint64_t *termfreq, fo_xerr *err)
{
	*wdf = 0;
	*termfreq = 0;
	try {
		*termfreq = h->db->get_termfreq(term);
		if (*termfreq) {
			// From the term's posting list, not the document's term
			// list: Xapian 1.4.22 reads past a buffer decoding some
			// damaged term lists, and the process dies
			// (api/expand.c), which folio similar --explain must
			// not risk either
			Xapian::PostingIterator p = h->db->postlist_begin(term);
			p.skip_to(docid);
			if (p != h->db->postlist_end(term) && *p == docid)
				*wdf = p.get_wdf();
		}
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

extern "C" folio_status fo_xdb_doc_length(fo_xdb *h, uint32_t docid,
                                          uint64_t *len, double *avg,
                                          fo_xerr *err)
{
	*len = 0;
	*avg = 0;
	try {
		*len = h->db->get_doclength(docid);
		*avg = h->db->get_avlength();
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}
