// bridge_query.cc: building Xapian::Query trees from C. folio parses and
// analyses queries itself (so index and query agree); this file only
// assembles the tree it decided on.
#include "bridge_private.hh"

#include <cstdlib>
#include <memory>
#include <new>

static fo_xquery *wrap(const Xapian::Query &q) noexcept
{
	try {
		return new fo_xquery{ q, Xapian::Query(), false };
	} catch (...) {
		return NULL;
	}
}

extern "C" fo_xquery *fo_xquery_term(const char *term, size_t len,
                                     unsigned wqf)
{
	try {
		if (len > FO_XAPIAN_MAX_TERM)
			len = FO_XAPIAN_MAX_TERM;
		return wrap(Xapian::Query(std::string(term, len), wqf));
	} catch (...) {
		return NULL;
	}
}

static Xapian::Query::op xop(fo_xop op)
{
	switch (op) {
	case FO_XOP_AND: return Xapian::Query::OP_AND;
	case FO_XOP_OR: return Xapian::Query::OP_OR;
	case FO_XOP_AND_NOT: return Xapian::Query::OP_AND_NOT;
	case FO_XOP_AND_MAYBE: return Xapian::Query::OP_AND_MAYBE;
	case FO_XOP_FILTER: return Xapian::Query::OP_FILTER;
	case FO_XOP_SYNONYM: return Xapian::Query::OP_SYNONYM;
	case FO_XOP_PHRASE: return Xapian::Query::OP_PHRASE;
	case FO_XOP_NEAR: return Xapian::Query::OP_NEAR;
	case FO_XOP_MAX: return Xapian::Query::OP_MAX;
	}
	return Xapian::Query::OP_AND;
}

// Xapian 1.4.22's MaxPostList erases a sub-postlist that ends and asks
// for the maximum weights again, and its recalc_maxweight() reads
// plist[0] even when no sub-postlist is left (matcher/maxpostlist.cc,
// maxpostlist.h erase_sublist). A MAX whose parts have all ended stays in
// its shard's finished tree, and over several databases the next shard's
// recalculation (MergePostList::recalc_maxweight visits every shard)
// reads the deleted postlist: SIGSEGV. So a MAX gets a part that never
// ends before its shard does, 0 * MatchAll (weight 0, so the maximum is
// unchanged), and the OR of its parts as a filter (no weight) keeps its
// matches what they were; the filter, the rarer side, drives the AND, so
// the MAX is only ever skipped to a post its parts match, and MatchAll
// never ends while it is in the tree. Over one database the finished
// tree is never visited again, and this form costs the parts' matching
// twice (phrases: up to 4x at p95 on the 64k bench), so it is the
// query's multi, for several (fo_xquery_for).
static Xapian::Query safe_max(std::vector<Xapian::Query> &v)
{
	Xapian::Query any(Xapian::Query::OP_OR, v.begin(), v.end());
	v.push_back(Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT,
	                          Xapian::Query::MatchAll, 0.0));
	return Xapian::Query(
	    Xapian::Query::OP_FILTER,
	    Xapian::Query(Xapian::Query::OP_MAX, v.begin(), v.end()), any);
}

// subs combined by op over v, their queries (q's or multi's), MAX as
// safe_max where safe.
static Xapian::Query combined(fo_xop op, std::vector<Xapian::Query> &v,
                              unsigned window, bool safe)
{
	// AND_NOT, AND_MAYBE and FILTER are binary in Xapian's
	// constructor; fold the rest into an OR for them.
	if ((op == FO_XOP_AND_NOT || op == FO_XOP_AND_MAYBE ||
	     op == FO_XOP_FILTER) &&
	    v.size() > 2) {
		Xapian::Query rest(op == FO_XOP_FILTER ? Xapian::Query::OP_AND
		                                       : Xapian::Query::OP_OR,
		                   v.begin() + 1, v.end());
		return Xapian::Query(xop(op), v[0], rest);
	}
	if (safe && op == FO_XOP_MAX && v.size() > 1)
		return safe_max(v);
	return Xapian::Query(xop(op), v.begin(), v.end(), window);
}

extern "C" fo_xquery *fo_xquery_combine(fo_xop op, fo_xquery *const *subs,
                                        size_t n, unsigned window)
{
	try {
		std::vector<Xapian::Query> v, m;
		bool max = op == FO_XOP_MAX && n > 1;

		v.reserve(n);
		for (size_t i = 0; i < n; i++) {
			v.push_back(subs[i]->q);
			max = max || subs[i]->max;
		}
		std::unique_ptr<fo_xquery> r(new fo_xquery{
		    combined(op, v, window, false), Xapian::Query(), max });
		if (max) {
			m.reserve(n);
			for (size_t i = 0; i < n; i++)
				m.push_back(subs[i]->max ? subs[i]->multi
				                         : subs[i]->q);
			r->multi = combined(op, m, window, true);
		}
		return r.release();
	} catch (...) {
		return NULL;
	}
}

extern "C" fo_xquery *fo_xquery_scale(const fo_xquery *q, double factor)
{
	try {
		std::unique_ptr<fo_xquery> r(new fo_xquery{
		    Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, q->q, factor),
		    Xapian::Query(), q->max });
		if (q->max)
			r->multi = Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT,
			                         q->multi, factor);
		return r.release();
	} catch (...) {
		return NULL;
	}
}

const Xapian::Query &fo_xquery_for(const fo_xquery *q,
                                   const Xapian::Database &db)
{
	return q->max && db.size() > 1 ? q->multi : q->q;
}

extern "C" fo_xquery *fo_xquery_match_all(void)
{
	return wrap(Xapian::Query::MatchAll);
}

extern "C" fo_xquery *fo_xquery_match_nothing(void)
{
	return wrap(Xapian::Query::MatchNothing);
}

extern "C" fo_xquery *fo_xquery_value_range(unsigned slot, const char *lo,
                                            const char *hi)
{
	try {
		if (lo && hi)
			return wrap(Xapian::Query(Xapian::Query::OP_VALUE_RANGE,
			                          slot, lo, hi));
		if (lo)
			return wrap(Xapian::Query(Xapian::Query::OP_VALUE_GE,
			                          slot, lo));
		if (hi)
			return wrap(Xapian::Query(Xapian::Query::OP_VALUE_LE,
			                          slot, hi));
		return wrap(Xapian::Query::MatchAll);
	} catch (...) {
		return NULL;
	}
}

extern "C" fo_xquery *fo_xquery_wildcard(const char *prefix,
                                         unsigned max_expansion)
{
	try {
		// OP_SYNONYM combines the expansions as one term, so a
		// prefix matching many rare words is not over-weighted.
		return wrap(Xapian::Query(Xapian::Query::OP_WILDCARD, prefix,
		                          max_expansion,
		                          Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT,
		                          Xapian::Query::OP_SYNONYM));
	} catch (...) {
		return NULL;
	}
}

extern "C" fo_xquery *fo_xquery_fixed(double w)
{
	try {
		// The query owns the source once released (postingsource.h).
		Xapian::PostingSource *src = new Xapian::FixedWeightPostingSource(w);
		return wrap(Xapian::Query(src->release()));
	} catch (...) {
		return NULL;
	}
}

extern "C" int fo_xquery_is_empty(const fo_xquery *q)
{
	return q->q.empty();
}

extern "C" char *fo_xquery_describe(const fo_xquery *q)
{
	try {
		return fo_xstrdup(q->q.get_description(), NULL);
	} catch (...) {
		return NULL;
	}
}

extern "C" void fo_xquery_free(fo_xquery *q)
{
	delete q;
}
