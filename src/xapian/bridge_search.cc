// bridge_search.cc: running a query with BM25 and collecting one page of
// hits with their document data, so the C side never holds a live MSet.
#include "bridge_private.hh"

#include <new>

static void run(fo_xdb *h, const fo_xquery *q, const fo_xsearch *p,
                fo_xmset *m)
{
	Xapian::Enquire enq(*h->db);
	enq.set_query(q->q);
	enq.set_weighting_scheme(
		Xapian::BM25Weight(p->k1, p->k2, p->k3, p->b, p->min_normlen));
	switch (p->sort) {
	case FO_XSORT_RELEVANCE:
		enq.set_sort_by_relevance_then_value(p->tie_slot, true);
		break;
	case FO_XSORT_VALUE_DESC:
		enq.set_sort_by_value_then_relevance(p->sort_slot, true);
		break;
	case FO_XSORT_VALUE_ASC:
		enq.set_sort_by_value_then_relevance(p->sort_slot, false);
		break;
	}
	Xapian::MSet mset = enq.get_mset(p->offset, p->limit,
	                                 p->check_at_least);
	m->estimate = mset.get_matches_estimated();
	// An exact count when Xapian saw every match.
	if (mset.get_matches_lower_bound() == mset.get_matches_upper_bound())
		m->estimate = mset.get_matches_lower_bound();
	m->items.clear();
	m->items.reserve(mset.size());
	for (Xapian::MSetIterator i = mset.begin(); i != mset.end(); ++i)
		m->items.push_back(
			fo_xmset_item{*i, i.get_weight(), i.get_document().get_data()});
}

extern "C" folio_status fo_xdb_search(fo_xdb *h, const fo_xquery *q,
                                      const fo_xsearch *p, fo_xmset **out,
                                      fo_xerr *err)
{
	fo_xmset *m = NULL;
	*out = NULL;
	try {
		m = new fo_xmset();
		try {
			run(h, q, p, m);
		} catch (const Xapian::DatabaseModifiedError &) {
			// A writer committed twice since we opened: move to the
			// newest revision and try once more (databases.rst).
			h->db->reopen();
			run(h, q, p, m);
		}
		*out = m;
		return FOLIO_OK;
	} catch (...) {
		delete m;
		return fo_xerr_from_current_exception(err);
	}
}

extern "C" size_t fo_xmset_size(const fo_xmset *m)
{
	return m->items.size();
}

extern "C" uint64_t fo_xmset_estimate(const fo_xmset *m)
{
	return m->estimate;
}

extern "C" double fo_xmset_weight(const fo_xmset *m, size_t i)
{
	return m->items[i].weight;
}

extern "C" uint32_t fo_xmset_docid(const fo_xmset *m, size_t i)
{
	return m->items[i].docid;
}

extern "C" const char *fo_xmset_data(const fo_xmset *m, size_t i, size_t *len)
{
	*len = m->items[i].data.size();
	return m->items[i].data.data();
}

extern "C" void fo_xmset_free(fo_xmset *m)
{
	delete m;
}
