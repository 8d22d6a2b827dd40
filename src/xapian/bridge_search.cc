// bridge_search.cc: running a query with BM25 and collecting one page of
// hits with their document data, so the C side never holds a live MSet.
#include "bridge_private.hh"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <new>
#include <unordered_map>

// Counts of one slot's values, multi-valued slots (NUL-separated, e.g.
// the topics) split so that each value counts once per document. Values
// with the same key (fo_xsearch.facet_key: "RED HAT" and "Red Hat",
// which company: filters alike) are one value, counted once per document
// and named by their most frequent spelling.
namespace
{

class FacetCounts {
public:
	typedef char *(*key_fn)(const char *value, size_t len);
	typedef int (*mixed_fn)(const char *value, size_t len);

	FacetCounts(key_fn key, mixed_fn is_mixed) : key_(key), mixed_(is_mixed)
	{
	}
	// The raw slot value v of n documents.
	void add(const std::string &v, uint64_t n)
	{
		size_t start = 0;

		if (v.empty())
			return;
		seen_.clear();
		seen_spellings_.clear();
		for (;;) {
			size_t end = v.find('\0', start);
			if (end == std::string::npos)
				end = v.size();
			if (end > start)
				count(v.substr(start, end - start), n);
			if (end == v.size())
				break;
			start = end + 1;
		}
	}
	void collect(unsigned slot, fo_xfacet &out) const
	{
		out.slot = slot;
		out.counts.clear();
		for (const auto &kv : counts_)
			out.counts.emplace_back(spelling(kv.second), kv.second.n);
		// Most frequent first; equal counts in byte order.
		std::sort(out.counts.begin(), out.counts.end(),
		          [](const std::pair<std::string, uint64_t> &a,
		             const std::pair<std::string, uint64_t> &b) {
			          return a.second != b.second ? a.second > b.second
			                                      : a.first < b.first;
		          });
	}

private:
	struct value {
		uint64_t n = 0;
		std::map<std::string, uint64_t> spellings;
	};

	// Where a spelling is counted: its key's value and its own count.
	struct spelt {
		value *v;
		uint64_t *n;
	};

	void count(const std::string &part, uint64_t n)
	{
		// Each spelling is keyed once: the key function normalises,
		// and a facet search calls this for every match (a common
		// word's matches held 4 spellings of company, 64k times).
		auto it = spelt_.find(part);
		if (it == spelt_.end()) {
			std::string key = part;
			if (key_) {
				char *k = key_(part.data(), part.size());
				if (k) {
					key = k;
					free(k);
				}
			}
			value &c = counts_[key];
			it = spelt_.emplace(part, spelt{ &c, &c.spellings[part] })
			             .first;
		}
		// A post on the topics "AI" and "ai" counts once, and for
		// each spelling it writes: the value is named by the spelling
		// most of its posts write, whatever other they write too.
		uint64_t *spelling_n = it->second.n;
		if (std::find(seen_spellings_.begin(), seen_spellings_.end(),
		              spelling_n) == seen_spellings_.end()) {
			seen_spellings_.push_back(spelling_n);
			*spelling_n += n;
		}
		value *v = it->second.v;
		if (std::find(seen_.begin(), seen_.end(), v) != seen_.end())
			return;
		seen_.push_back(v);
		v->n += n;
	}
	// 1 for a spelling with both upper and lower case letters, which
	// names a value better than "RED HAT" or "nvidia" alone: the
	// caller's test (fo_xsearch.facet_mixed, which knows Unicode's
	// cases: "Éclair" over "ÉCLAIR"), else ASCII letters'.
	int mixed(const std::string &s) const
	{
		bool up = false, low = false;
		if (mixed_)
			return mixed_(s.data(), s.size());
		for (char ch : s) {
			up = up || (ch >= 'A' && ch <= 'Z');
			low = low || (ch >= 'a' && ch <= 'z');
		}
		return up && low;
	}
	std::string spelling(const value &c) const
	{
		const std::pair<const std::string, uint64_t> *best = nullptr;
		for (const auto &sp : c.spellings)
			if (!best || sp.second > best->second ||
			    (sp.second == best->second &&
			     mixed(sp.first) > mixed(best->first)))
				best = &sp;
		return best->first;
	}

	key_fn key_;
	mixed_fn mixed_;
	std::map<std::string, value> counts_; // by key; nodes never move
	std::unordered_map<std::string, spelt> spelt_;
	std::vector<const value *> seen_; // the values of one raw value
	std::vector<const uint64_t *> seen_spellings_; // and its spellings
};

} // namespace

// Facet counts over every match. Locally a spy of folio's own counts each
// document as it matches; a remote shard (xapian-tcpsrv) runs only the
// spies its registry knows, so there Xapian's ValueCountMatchSpy counts
// each raw value, and the counts are split and folded after the match,
// which gives the same numbers: the documents sharing a raw value share
// its parts.
namespace
{

class FacetSpy : public Xapian::MatchSpy {
public:
  FacetSpy(unsigned slot, FacetCounts::key_fn key, FacetCounts::mixed_fn mixed)
      : slot_(slot), counts_(key, mixed)
  {
	}
	void operator()(const Xapian::Document &doc, double) override
	{
		counts_.add(doc.get_value(slot_), 1);
	}
	void collect(fo_xfacet &out) const
	{
		counts_.collect(slot_, out);
	}

private:
	unsigned slot_;
	FacetCounts counts_;
};

} // namespace

namespace
{

struct RemoteFacetSpy {
	RemoteFacetSpy(unsigned slot, FacetCounts::key_fn key,
	               FacetCounts::mixed_fn mixed)
	    : spy(slot), slot_(slot), key_(key), mixed_(mixed)
	{
	}
	void collect(fo_xfacet &out) const
	{
		FacetCounts counts(key_, mixed_);
		for (Xapian::TermIterator v = spy.values_begin();
		     v != spy.values_end(); ++v)
			counts.add(*v, v.get_termfreq());
		counts.collect(slot_, out);
	}
	Xapian::ValueCountMatchSpy spy;

private:
	unsigned slot_;
	FacetCounts::key_fn key_;
	FacetCounts::mixed_fn mixed_;
};

} // namespace

// Hits fetched past the page, so that ties at its edge are decided by
// the tie slot, not by floating-point noise. Runs of equal weights can be
// long (posts with identical summaries), so the margin is wide; but every
// hit fetched lowers the weight the matcher must beat to keep a candidate
// (so it prunes less) and costs a value read, which made the margin 17%
// of a one-word search and 27% of a ranked OR (callgrind, bench/). So a
// search first fetches TIE_PROBE hits past the page, and fetches the
// whole margin only when the last of those still ties with the page's
// last hit (see page_settled): 0 of the bench's 20 common words and 5 of
// its 200 ranked ORs need the second fetch.
static const size_t TIE_MARGIN = 100;
static const size_t TIE_PROBE = 10;

// Hits fetched past the page of a date sort first. There the margin is
// for hits of the page's last date only (ties are re-sorted within one
// date), so it is wasted once a hit after the page has another date
// (date_settled). One hit would tell, but a second fetch examines every
// match again (a date sort never prunes), and the page's last date often
// goes on for a hit or two: 4 of the bench's 20 date queries with 1, none
// with 10 (whose longest run past the page is 2). The whole date class:
// 619.0M -> 568.6M instructions (callgrind, bench/README.md).
static const size_t DATE_PROBE = 10;

namespace
{

struct ranked {
	Xapian::MSetIterator it;
	double weight;
	std::string tie;
};

} // namespace

// Weights within FO_TIE_TOLERANCE are equal (bridge.h); equal weights
// go by the tie value, descending (schema.h FO_SLOT_TIE).
static bool near_ties(const ranked &a, const ranked &b)
{
	double scale = std::max(std::fabs(a.weight), std::fabs(b.weight));
	if (std::fabs(a.weight - b.weight) > FO_TIE_TOLERANCE * scale)
		return a.weight > b.weight;
	return a.tie > b.tie;
}

// Whether two neighbours in a list sorted by weight may decide a
// near_ties comparison between them or hits beside them: near_ties
// compares two hits' tie values only when their weights are within its
// tolerance, and in a list sorted by weight the neighbours between two
// such hits are each within twice that tolerance of each other.
static bool near_neighbours(double a, double b)
{
	double scale = std::max(std::fabs(a), std::fabs(b));
	return std::fabs(a - b) <= 2 * FO_TIE_TOLERANCE * scale;
}

// Read the tie values that near_ties can compare among all[from, to),
// sorted by weight descending: only those of hits that near a neighbour.
static void read_near_ties(std::vector<ranked> &all, size_t from, size_t to,
                           unsigned slot)
{
	std::vector<bool> near(to - from, false);

	for (size_t k = from; k + 1 < to; k++)
		if (near_neighbours(all[k].weight, all[k + 1].weight))
			near[k - from] = near[k + 1 - from] = true;
	for (size_t k = from; k < to; k++)
		if (near[k - from])
			all[k].tie = all[k].it.get_document().get_value(slot);
}

// Whether the hits all[a, b) of a fetch reach into the hits the caller
// reads (fo_xsearch head and page): the page, or, with a head, the head
// and the page after it.
static bool reaches(const fo_xsearch *p, size_t a, size_t b)
{
	size_t first = p->offset, end = p->offset + p->limit;

	if (!p->head)
		return b > first && a < end;
	return (b > first && a < first + p->head) ||
	       (b > first + p->page && a < end);
}

// keyed_ties: give the hits of a match ranked by weight alone (weight
// descending, equal weights by docid) the order and the tie values that
// a match ranked by weight, then tie value, gives them where p's caller
// reads them (reaches). Exactly equal weights are put in tie value
// order, as Xapian put them, so that near_ties sorts the list it sorted
// before. Tie values are read only for the runs of near neighbours that
// reach there: near_ties orders a hit of another run by weight, so a
// run wholly outside keeps its places whatever its order. A deep page
// read the value of every hit before it (--offset 414600 of a word in
// 414608 of 1M posts: half of its 4.4 s in preads).
static void keyed_ties(std::vector<ranked> &all, const fo_xsearch *p)
{
	for (size_t a = 0; a < all.size();) {
		size_t b = a + 1;
		while (b < all.size() &&
		       near_neighbours(all[b - 1].weight, all[b].weight))
			b++;
		if (b - a > 1 && reaches(p, a, b))
			read_near_ties(all, a, b, p->tie_slot);
		a = b;
	}
	std::stable_sort(
	    all.begin(), all.end(), [](const ranked &x, const ranked &y) {
		    return x.weight != y.weight ? x.weight > y.weight
		                                : x.tie > y.tie;
	    });
}

// Whether hits past the page can be left unfetched: the mset holds the
// top hits in Xapian's order (weight descending, then tie value or, in
// the probe, docid), so every hit not fetched weighs at most what its
// last hit weighs. If that
// is below the page's last weight by more than near_ties' tolerance, no
// hit past the mset can sort into the page, and the page is what a wider
// fetch would have given. (Weights are non-negative: BM25 and BM25+.)
static bool page_settled(const Xapian::MSet &mset, size_t want, size_t page)
{
	if (mset.size() < want || page == 0)
		return true; // every match was fetched
	double edge = mset[page - 1].get_weight();
	double last = mset[mset.size() - 1].get_weight();
	return edge - last > FO_TIE_TOLERANCE * edge;
}

// Whether a date sort's mset (date, then weight, then docid) holds every
// hit of each date on the page: then re-sorting each date's hits (by
// near_ties) gives the page that any wider fetch gives. The dates come
// in order, so if the last hit fetched has another date than the page's
// last, no hit left unfetched has the page's last date.
static bool date_settled(const Xapian::MSet &mset, size_t want, size_t page)
{
	if (mset.size() < want || page == 0)
		return true; // every match was fetched
	return mset[mset.size() - 1].get_sort_key() !=
	       mset[page - 1].get_sort_key();
}

// The match count of mset: exact when Xapian saw every match.
static uint64_t estimate_of(const Xapian::MSet &mset)
{
	if (mset.get_matches_lower_bound() == mset.get_matches_upper_bound())
		return mset.get_matches_lower_bound();
	return mset.get_matches_estimated();
}

// A lower bound on the posts q matches, from term frequencies alone (no
// posting is read): a term matches its frequency, a union at least its
// largest part, AND_MAYBE its left side; anything that intersects or
// excludes may match nothing. It only has to tell whether need posts
// match, so it stops there, and it looks past a union's scaled parts
// (folio's boosts: abbreviations, joined words, compound phrases): they
// seldom decide the count, and each term costs a B-tree lookup (a
// known-item query has dozens: 8% of its block reads, bench/README.md).
static Xapian::doccount min_matches(const Xapian::Database &db,
                                    const Xapian::Query &q,
                                    Xapian::doccount need)
{
	Xapian::doccount n = 0;

	switch (q.get_type()) {
	case Xapian::Query::LEAF_TERM:
		return db.get_termfreq(*q.get_terms_begin());
	case Xapian::Query::LEAF_MATCH_ALL:
		return db.get_doccount();
	case Xapian::Query::OP_OR:
	case Xapian::Query::OP_SYNONYM:
	case Xapian::Query::OP_MAX:
		for (size_t i = 0; i < q.get_num_subqueries() && n < need;
		     i++) {
			Xapian::Query sub = q.get_subquery(i);
			if (sub.get_type() != Xapian::Query::OP_SCALE_WEIGHT)
				n = std::max(n, min_matches(db, sub, need));
		}
		return n;
	case Xapian::Query::OP_AND_MAYBE:
	case Xapian::Query::OP_SCALE_WEIGHT:
		return min_matches(db, q.get_subquery(0), need);
	default:
		return 0;
	}
}

// A date sort examines every match, however few hits it keeps (Xapian
// 1.4.22 raises no minimum weight for it): each match weighed and its
// date read, the whole of the date class's cost (bench/README.md). The
// year terms split the dated posts by date, so the first hits of a sort
// over many matches are those of its first years: the match runs over
// those years alone (the query filtered by them, which changes no
// weight), as few as should hold the hits wanted, going by the share of
// the posts they hold, and more where they did not. Every post outside
// the years run over sorts after every post inside, so once the years
// hold the page, the page and the hits after it up to another date are
// those of the whole sort. Returns false, enq's query unchanged, where
// only the whole set of matches would do.
static bool tier_fetch(const Xapian::Database &db, Xapian::Enquire &enq,
                       const Xapian::Query &q, const fo_xsearch *p,
                       Xapian::doccount matches, size_t want, Xapian::MSet &out)
{
	std::vector<std::pair<std::string, Xapian::doccount>> tiers;
	double docs = db.get_doccount(), share = 0, need = 2.0 * want;
	size_t n = 0;

	for (Xapian::TermIterator t = db.allterms_begin(p->tier_prefix);
	     t != db.allterms_end(p->tier_prefix); ++t)
		tiers.emplace_back(*t, t.get_termfreq());
	if (p->sort == FO_XSORT_VALUE_DESC)
		std::reverse(tiers.begin(), tiers.end());
	for (size_t had = 0;; had = n) {
		// the fewest first tiers expected to hold need of the matches
		// (the query's matches spread over the tiers as the posts do),
		// and one more than the run that fell short at least
		while (n < tiers.size() &&
		       (n == had || matches * share < need * docs))
			share += tiers[n++].second;
		if (n >= tiers.size())
			return false;
		std::vector<Xapian::Query> terms;
		for (size_t i = 0; i < n; i++)
			terms.emplace_back(tiers[i].first);
		enq.set_query(
		    Xapian::Query(Xapian::Query::OP_FILTER, q,
		                  Xapian::Query(Xapian::Query::OP_OR,
		                                terms.begin(), terms.end())));
		out = enq.get_mset(0, want, Xapian::doccount(0));
		if (out.size() >= p->offset + p->limit)
			return true;
		need *= 4;
	}
}

// BM25, or BM25+ where p->delta is set, and the order p asks for.
static void set_weighting(Xapian::Enquire &enq, const fo_xsearch *p)
{
	if (p->delta > 0)
		enq.set_weighting_scheme(Xapian::BM25PlusWeight(
			p->k1, p->k2, p->k3, p->b, p->min_normlen, p->delta));
	else
		enq.set_weighting_scheme(Xapian::BM25Weight(
			p->k1, p->k2, p->k3, p->b, p->min_normlen));
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
}

// A spy for each slot of p->facet_slots, of the kind h's shards can run.
static void
add_spies(const fo_xdb *h, const fo_xsearch *p, Xapian::Enquire &enq,
          std::vector<std::unique_ptr<FacetSpy>> &spies,
          std::vector<std::unique_ptr<RemoteFacetSpy>> &remote_spies)
{
	for (unsigned slot = 0; slot < 32; slot++) {
		if (!(p->facet_slots & (1u << slot)))
			continue;
		if (h->remote) {
			remote_spies.emplace_back(new RemoteFacetSpy(
			    slot, p->facet_key, p->facet_mixed));
			enq.add_matchspy(&remote_spies.back()->spy);
		} else {
			spies.emplace_back(
			    new FacetSpy(slot, p->facet_key, p->facet_mixed));
			enq.add_matchspy(spies.back().get());
		}
	}
}

// The page of mset's hits in near_ties order: a relevance order re-sorted
// whole (its tie values read first where the match was not keyed by
// them), a date order within each date on the page.
static void resorted_page(const Xapian::MSet &mset, const fo_xsearch *p,
                          bool keyed, fo_xmset *m)
{
	std::vector<ranked> all;
	all.reserve(mset.size());
	if (p->sort == FO_XSORT_RELEVANCE) {
		for (Xapian::MSetIterator i = mset.begin(); i != mset.end();
		     ++i)
			all.push_back(
			    ranked{ i, i.get_weight(),
			            keyed ? i.get_sort_key() : std::string() });
		if (!keyed)
			keyed_ties(all, p);
		std::stable_sort(all.begin(), all.end(), near_ties);
	} else {
		// Xapian's order by date is kept; within one date, by
		// near_ties. Xapian ranks one date's hits by weight, so tie
		// values are read as for keyed_ties, and only for the dates
		// that reach the page (reaches): a date wholly before or
		// after it keeps its places whatever its order.
		std::vector<std::string> date;
		for (Xapian::MSetIterator i = mset.begin(); i != mset.end();
		     ++i) {
			all.push_back(
			    ranked{ i, i.get_weight(), std::string() });
			date.push_back(i.get_sort_key());
		}
		for (size_t a = 0; a < all.size();) {
			size_t b = a + 1;
			while (b < all.size() && date[b] == date[a])
				b++;
			if (b - a > 1 && reaches(p, a, b)) {
				read_near_ties(all, a, b, p->tie_slot);
				std::stable_sort(all.begin() + (long)a,
				                 all.begin() + (long)b,
				                 near_ties);
			}
			a = b;
		}
	}
	for (size_t k = p->offset; k < all.size() && k < p->offset + p->limit;
	     k++)
		m->items.push_back(fo_xmset_item{
		    *all[k].it, all[k].weight,
		    reaches(p, k, k + 1) ? all[k].it.get_document().get_data()
		                         : std::string() });
}

static void run(fo_xdb *h, const fo_xquery *q, const fo_xsearch *p, fo_xmset *m)
{
	const Xapian::Query &query = fo_xquery_for(q, *h->db);
	Xapian::Enquire enq(*h->db);
	enq.set_query(query);
	set_weighting(enq, p);
	std::vector<std::unique_ptr<FacetSpy>> spies;
	std::vector<std::unique_ptr<RemoteFacetSpy>> remote_spies;
	add_spies(h, p, enq, spies, remote_spies);
	bool facets = !spies.empty() || !remote_spies.empty();
	// Relevance ties must not depend on the shard layout. Xapian orders
	// equal weights by the tie slot, but a weight summed over shards may
	// differ from the unsharded one in its last bits, which decides ties
	// the tie slot should have. So fetch from the top, a few hits past
	// the page, and re-sort with a relative tolerance (see near_ties).
	// A date order has ties too (posts of one day, or undated, with
	// equal weights), which Xapian breaks by docid: they are re-sorted
	// the same way, by weight with the tolerance, then the tie slot.
	size_t first = p->offset, want = p->limit;
	bool resort = want > 0;
	// Spies would count the matches of both fetches; with facets every
	// match is examined anyway (check_at_least), so the probe would
	// save little. Over several shards, the probe's smaller fetch
	// missed a hit that the full margin's had (api_shards, with the
	// sanitizers' smaller corpus): the probe is for one database only.
	// The cause is Xapian 1.4.22's AND_MAYBE-to-AND skip, which can
	// drop a hit wherever pruning sets in (README "A known limit").
	bool probe = resort && p->sort == FO_XSORT_RELEVANCE && !facets &&
	             !p->exhaustive && h->db->size() == 1;
	// A date sort never prunes (Xapian 1.4.22 raises no minimum weight
	// for it), so every match is examined and shown to the spies
	// however few hits are fetched, and the hits fetched are the first
	// of one total order (date, weight, docid), over shards too. Remote
	// shards keep the full margin: each sends a count of its own, made
	// for the hits it was asked for, which has not been checked here.
	bool date_probe = resort && p->sort != FO_XSORT_RELEVANCE && !h->remote;
	if (resort) {
		want = p->offset + p->limit +
		       (probe        ? TIE_PROBE
		        : date_probe ? DATE_PROBE
		                     : TIE_MARGIN);
		first = 0;
	}
	// The probe ranks by weight alone (equal weights by docid): the tie
	// slot then decides nothing in the match, where Xapian read it for
	// every candidate that reached the top (5-6% of a ranked OR and of a
	// common word, callgrind, bench/README.md). A settled probe holds
	// every hit heavier than its last, so it holds the same page whatever
	// breaks exact ties at its end; the ties of the page are read after
	// the match (keyed_ties). An unsettled one is fetched again by the
	// tie slot, as before.
	bool keyed = !probe;
	if (probe)
		enq.set_sort_by_relevance();
	// Matches are counted exactly up to check_at_least (README: exact
	// totals up to 1000), which stops the matcher's pruning until it has
	// seen that many: 12% of a one-word search (callgrind, bench/). When
	// the terms' frequencies alone show that more posts match, the total
	// is an estimate anyway, and the count is left to Xapian's bounds.
	// Spies (facets) must see every match; a remote shard would answer
	// each term frequency with a round trip of its own.
	Xapian::doccount at_least = p->check_at_least;
	if (!facets && !p->exhaustive && !h->remote &&
	    min_matches(*h->db, q->q, at_least) >= at_least)
		at_least = 0;
	// Xapian counts exactly up to the larger of check_at_least and the
	// hits fetched; a date probe asks for the full margin's count, which
	// costs nothing there (every match is examined anyway), so that the
	// total and its exactness are those of the full fetch.
	Xapian::doccount count_at_least = at_least;
	if (date_probe)
		count_at_least = std::max<Xapian::doccount>(
		    at_least, p->offset + p->limit + TIE_MARGIN);
	m->facets.clear();
	// Over remote shards, Xapian 1.4's spies count a few matches twice
	// when hits are fetched too (type:games, 110 posts: 112 with one hit
	// fetched, 111 with three, over 4 xapian-tcpsrv shards), but not in
	// a pass that fetches none: count there, then fetch without spies.
	if (!remote_spies.empty()) {
		enq.get_mset(0, 0, at_least);
		for (const std::unique_ptr<RemoteFacetSpy> &spy : remote_spies) {
			m->facets.emplace_back();
			spy->collect(m->facets.back());
		}
		enq.clear_matchspies();
	}
	// A date sort over more matches than are counted exactly (so the
	// total is an estimate however many are examined) may run over its
	// first years alone (tier_fetch); the total is then Xapian's
	// estimate from the terms' statistics, which reads no posting.
	Xapian::MSet mset, count;
	bool tiered = false;
	if (date_probe && p->tier_prefix && at_least == 0 && !facets) {
		count = enq.get_mset(0, 0, Xapian::doccount(0));
		tiered = tier_fetch(*h->db, enq, query, p,
		                    count.get_matches_estimated(), want, mset);
		if (!tiered)
			enq.set_query(query);
	}
	if (!tiered) {
		mset = enq.get_mset(first, want, count_at_least);
		count = mset;
	}
	for (const std::unique_ptr<FacetSpy> &spy : spies) {
		m->facets.emplace_back();
		spy->collect(m->facets.back());
	}
	m->estimate = estimate_of(count);
	m->exact =
	    count.get_matches_lower_bound() == count.get_matches_upper_bound();
	// The speller looks up each word of a query (search.c asks for
	// every match); the match has read every query term's frequency, and
	// the mset answers from those statistics without a B-tree read. A
	// handle: keeping it copies nothing.
	m->has_stats = m->estimate < p->termfreqs_below;
	m->stats = m->has_stats ? mset : Xapian::MSet();
	if (probe && !page_settled(mset, want, p->offset + p->limit)) {
		// The count is the probe's; check_at_least changes counts,
		// never which hits come first, so the second fetch skips it.
		// Only hits tying with the page's last can sort into the
		// page, so lighter ones need not be matched at all (the
		// cutoff a little below near_ties' tolerance).
		double edge = mset[p->offset + p->limit - 1].get_weight();
		enq.set_cutoff(0, edge * (1 - 2 * FO_TIE_TOLERANCE));
		want = p->offset + p->limit + TIE_MARGIN;
		enq.set_sort_by_relevance_then_value(p->tie_slot, true);
		keyed = true;
		mset = enq.get_mset(first, want, Xapian::doccount(0));
	}
	// The page's last date goes on past the fetch: fetch the whole
	// margin, then twice as much each time, until a hit of another date
	// (or the last match) comes after the page: posts of one date are
	// ordered by weight, then by tie value, so a hit of the page's last
	// date left unfetched might belong on the page (300 posts of one
	// date and one score: the first page was not the first 10 of the
	// listing). The spies have counted every match already, and so has
	// the count.
	if (date_probe && !date_settled(mset, want, p->offset + p->limit)) {
		enq.clear_matchspies();
		want = p->offset + p->limit + TIE_MARGIN;
		mset = enq.get_mset(first, want, Xapian::doccount(0));
		while (!date_settled(mset, want, p->offset + p->limit)) {
			want *= 2;
			mset = enq.get_mset(first, want, Xapian::doccount(0));
		}
	}
	m->items.clear();
	if (!resort) {
		m->items.reserve(mset.size());
		for (Xapian::MSetIterator i = mset.begin(); i != mset.end(); ++i)
			m->items.push_back(fo_xmset_item{
				*i, i.get_weight(), i.get_document().get_data()});
		return;
	}
	resorted_page(mset, p, keyed, m);
}

// run() for a reader that a writer's commits may overtake. A hit that
// the match found but whose document cannot then be read is such a read
// too (seen beside a writer committing every 10 posts, in about one run
// of api_threads in 30: DocNotFoundError for a post the writer had just
// added), not a bad docid: it is reported as DatabaseModifiedError, so
// that it is made again on the newest commit, as any overtaken read is,
// and taken for damage only when nothing was committed since
// (db.c fo_db_overtaken).
//
// The page and the exact count are bounded by the posts of the commit
// read here, not by a count the caller took before: a commit between the
// two (a nightly run adding posts) would cut a search for every hit
// short of its total, and leave facets uncounted for the added posts.
static void run_read(fo_xdb *h, const fo_xquery *q, const fo_xsearch *p,
                     fo_xmset *m)
{
	try {
		fo_xsearch read = *p;
		size_t docs = h->db->get_doccount();

		// A front end opened without its remote shards holds no
		// database, which Xapian's Enquire refuses: nothing matches.
		if (h->db->size() == 0) {
			m->estimate = 0;
			m->exact = true;
			return;
		}

		read.offset = std::min(read.offset, docs);
		read.limit = std::min(read.limit, docs - read.offset);
		if (read.exhaustive)
			read.check_at_least =
			    std::max(read.check_at_least, docs);
		run(h, q, &read, m);
	} catch (const Xapian::DocNotFoundError &e) {
		if (h->wdb || !h->shards.empty())
			throw;
		throw Xapian::DatabaseModifiedError(
		    "a hit's document could not be read: " + e.get_msg());
	}
}

extern "C" folio_status fo_xdb_search(fo_xdb *h, const fo_xquery *q,
                                      const fo_xsearch *p, fo_xmset **out,
                                      fo_xerr *err)
{
	fo_xmset *m = NULL;
	*out = NULL;
	try {
		m = new fo_xmset();
		// Until read at the newest commit: a writer's commits may
		// overtake the read (databases.rst), with an error or not
		// (bridge_reader.cc).
		fo_xread(h, [&] { run_read(h, q, p, m); });
		*out = m;
		return FOLIO_OK;
	} catch (...) {
		delete m;
		return fo_xdb_fail(h, err);
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

extern "C" int fo_xmset_exact(const fo_xmset *m)
{
	return m->exact;
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

static const fo_xfacet *facet_of(const fo_xmset *m, unsigned slot)
{
	for (const fo_xfacet &f : m->facets)
		if (f.slot == slot)
			return &f;
	return NULL;
}

extern "C" size_t fo_xmset_facet_size(const fo_xmset *m, unsigned slot)
{
	const fo_xfacet *f = facet_of(m, slot);
	return f ? f->counts.size() : 0;
}

extern "C" const char *fo_xmset_facet(const fo_xmset *m, unsigned slot,
                                      size_t i, size_t *len, uint64_t *count)
{
	const fo_xfacet *f = facet_of(m, slot);

	*len = f->counts[i].first.size();
	*count = f->counts[i].second;
	return f->counts[i].first.data();
}

extern "C" folio_status fo_xmset_termfreq(fo_xdb *db, const fo_xmset *m,
                                          const char *term, uint64_t *out,
                                          fo_xerr *err)
{
	if (m && m->has_stats) {
		// a term the query does not hold is looked up in the index
		try {
			*out = m->stats.get_termfreq(term);
			return FOLIO_OK;
		} catch (...) {
			*out = 0;
			return fo_xdb_fail(db, err);
		}
	}
	return fo_xdb_termfreq(db, term, out, err);
}

extern "C" void fo_xmset_free(fo_xmset *m)
{
	delete m;
}
