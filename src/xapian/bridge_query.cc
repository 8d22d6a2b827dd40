// bridge_query.cc: building Xapian::Query trees from C. folio parses and
// analyses queries itself (so index and query agree); this file only
// assembles the tree it decided on.
#include "bridge_private.hh"

#include <cstdlib>
#include <new>

static fo_xquery *wrap(const Xapian::Query &q) noexcept
{
	try {
		return new fo_xquery{q};
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

extern "C" fo_xquery *fo_xquery_combine(fo_xop op, fo_xquery *const *subs,
                                        size_t n, unsigned window)
{
	try {
		std::vector<Xapian::Query> v;
		v.reserve(n);
		for (size_t i = 0; i < n; i++)
			v.push_back(subs[i]->q);
		// AND_NOT, AND_MAYBE and FILTER are binary in Xapian's
		// constructor; fold the rest into an OR for them.
		if ((op == FO_XOP_AND_NOT || op == FO_XOP_AND_MAYBE ||
		     op == FO_XOP_FILTER) && n > 2) {
			Xapian::Query rest(op == FO_XOP_FILTER
			                           ? Xapian::Query::OP_AND
			                           : Xapian::Query::OP_OR,
			                   v.begin() + 1, v.end());
			return wrap(Xapian::Query(xop(op), v[0], rest));
		}
		return wrap(Xapian::Query(xop(op), v.begin(), v.end(), window));
	} catch (...) {
		return NULL;
	}
}

extern "C" fo_xquery *fo_xquery_scale(const fo_xquery *q, double factor)
{
	try {
		return wrap(Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, q->q,
		                          factor));
	} catch (...) {
		return NULL;
	}
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
