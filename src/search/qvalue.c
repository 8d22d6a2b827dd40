/*
 * qvalue.c: the values of the fields that filter rather than search:
 * site: (a host, normalised), published: (a date range) and year: (a
 * range of years), each a word, a quoted word or a bracket of them.
 * Dates are read by qdate.c; an invalid one is an error in either mode,
 * since ignoring it would silently widen the search.
 */
#include "search/qparser.h"

#include "search/qdate.h"

#include <string.h>

/* Where the first * of s[0..n) stands in the query, else pos: the place
 * a notice of it names (--strict's error position). */
static size_t star_pos(const fo_qparser *p, const char *s, size_t n, size_t pos)
{
	const char *star = memchr(s, '*', n);

	return star ? (size_t)(star - p->s) : pos;
}

/* site:VALUE: the host, lower case, without scheme, "www." or path. */
static fo_qnode *site_node(fo_qparser *p, size_t pos, const char *v, size_t len)
{
	const char *host = v, *end = v + len, *s, *rest;
	char buf[256];
	size_t n = 0;
	fo_qnode *nd;

	for (s = v; s + 2 < end; s++)
		if (s[0] == ':' && s[1] == '/' && s[2] == '/') {
			host = s + 3;
			break;
		}
	for (s = host; s < end && *s != '/' && *s != '?' && *s != '#'; s++)
		if (*s == '@')
			host = s + 1; /* site:https://bob@host/x */
	for (s = host;
	     s < end && *s != '/' && *s != '?' && *s != '#' &&
	     (*s != ':' || *host == '[') && (s == host || s[-1] != ']');
	     s++)
		if (n < sizeof buf - 1)
			buf[n++] =
			    (*s >= 'A' && *s <= 'Z') ? (char)(*s + 32) : *s;
	while (n > 0 && buf[n - 1] == '.')
		n--;
	buf[n] = '\0';
	rest = host;
	/* site:*.debian.org, and site:.debian.org as cookies and no_proxy
	 * write it (it found nothing): the subdomains are what site: finds
	 * anyway, so these mean what they say (README) and pass in
	 * silence, under --strict too. Any other * (site:*debian.org,
	 * site:*.*.debian.org) is a glob that is not read as written.
	 * Before "www." goes, so that site:*.www.x.org is x.org. */
	if (n > 0 && (buf[0] == '*' || buf[0] == '.')) {
		size_t skip = strspn(buf, "*.");
		size_t from = buf[0] == '*' && buf[1] == '.' ? 2 : 0;
		int star = memchr(buf + from, '*', skip - from) != NULL;

		memmove(buf, buf + skip, n - skip + 1);
		n -= skip;
		if (n && star)
			fo_qp_notice(p,
			             star_pos(p, host + from, skip - from, pos),
			             "read without it",
			             "site: finds every subdomain without a *");
		rest += skip; /* buf's bytes are host's, one for one */
	}
	if (memchr(buf, '*', n)) {
		/* site:debian.org*, site:lists.*.debian.org: a * past the
		 * start is no pattern either; without it, and a label it
		 * emptied, the rest is the host (it searched the *) */
		size_t i, k = 0;

		for (i = 0; i < n; i++)
			if (buf[i] != '*' &&
			    !(buf[i] == '.' && (k == 0 || buf[k - 1] == '.')))
				buf[k++] = buf[i];
		while (k > 0 && buf[k - 1] == '.')
			k--;
		buf[n = k] = '\0';
		fo_qp_notice(p, star_pos(p, rest, (size_t)(end - rest), pos),
		             "read without its *",
		             "site: takes a host, not a pattern");
	}
	if (n > 4 && memcmp(buf, "www.", 4) == 0)
		memmove(buf, buf + 4, n - 3), n -= 4;
	if (n == 0 && memchr(v, '*', len)) {
		/* site:* is every host: no host to filter by */
		fo_qp_wordless(p, pos, "site:* has no host before the *");
		return NULL;
	}
	if (n == 0) {
		/* site:https:// alone is no query (it found "site") */
		fo_qp_wordless(p, pos,
		               "site: needs a host name such as "
		               "developer.nvidia.com");
		return NULL;
	}
	nd = fo_qp_node(p, FO_Q_SITE, pos);
	if (nd && !(nd->text = fo_qp_keep(p, buf, n)))
		return NULL;
	if (nd)
		nd->len = n;
	if (nd && host == v && n == len) { /* nothing but case changed */
		nd->vpos = (size_t)(v - p->s);
		nd->vlen = n;
	}
	return nd;
}

/* Whether a field's value starts at i: a word, a quote or a bracket. */
int fo_qp_value_at(const fo_qparser *p, size_t i)
{
	return !fo_qlex_delim(p->s, p->len, i) ||
	       fo_qlex_quote(p->s, p->len, i) || (i < p->len && p->s[i] == '(');
}

/* The node kind of a value of field (FO_QF_SITE, FO_QF_PUBLISHED or
 * FO_QF_YEAR). */
static fo_qkind value_kind(int field)
{
	return field == FO_QF_SITE   ? FO_Q_SITE
	       : field == FO_QF_YEAR ? FO_Q_YEAR
	                             : FO_Q_DATE;
}

fo_qnode *fo_qp_value(fo_qparser *p, int field, size_t pos, size_t vstart,
                      size_t vend)
{
	size_t bad = 0;
	char why[200];
	fo_qnode *n;

	if (field == FO_QF_SITE)
		return site_node(p, pos, p->s + vstart, vend - vstart);
	n = fo_qp_node(p, value_kind(field), pos);
	if (n &&
	    fo_qdate_range(p->s + vstart, vend - vstart, field == FO_QF_YEAR,
	                   n->lo, n->hi, &bad, why, sizeof why) != 0)
		fo_qp_fail(p, vstart + bad, why);
	return n;
}

/* Whether n is a value of field, side by side with others (no sign). */
static int plain_value_of(const fo_qnode *n, int field)
{
	return n->kind == value_kind(field) && n->occur == FO_OCCUR_DEFAULT;
}

/* Values of field side by side in seq are alternatives (qparser.h
 * fo_qp_values_either); seq's other items keep their place. */
static fo_qnode *values_either(fo_qparser *p, fo_qnode *seq, int field)
{
	fo_qnode *either = NULL;
	size_t i, kept = 0, values = 0;

	if (!seq || seq->kind != FO_Q_SEQ)
		return seq;
	for (i = 0; i < seq->n_kids; i++)
		values += plain_value_of(seq->kids[i], field);
	if (values < 2)
		return seq;
	either = fo_qp_node(p, FO_Q_OR, seq->pos);
	if (!either)
		return seq;
	for (i = 0; i < seq->n_kids; i++) {
		fo_qnode *k = seq->kids[i];

		if (!plain_value_of(k, field)) {
			seq->kids[kept++] = k;
			continue;
		}
		if (either->n_kids == 0)
			seq->kids[kept++] = either;
		fo_qp_add_kid(p, either, k);
	}
	seq->n_kids = kept;
	return kept == 1 ? either : seq;
}

fo_qnode *fo_qp_values_either(fo_qparser *p, fo_qnode *seq)
{
	seq = values_either(p, seq, FO_QF_SITE);
	seq = values_either(p, seq, FO_QF_PUBLISHED);
	return values_either(p, seq, FO_QF_YEAR);
}

/* year:(2025 OR 2026), published:(..2020 OR 2026-01-01..),
 * site:(a.org OR b.org): a bracket of values read as company:( … ) is,
 * with the same operators, signs and NOT, each word or quoted text in it
 * a value of f (fo_qp_word, fo_qp_phrase). A field inside is its own
 * (year:(2025 OR company:meta)). */
static fo_qnode *value_group(fo_qparser *p, const fo_qlexeme *f, size_t lparen)
{
	int saved = p->vfield;
	fo_qnode *n;

	p->vfield = f->field;
	n = fo_qp_field_bracket(p, lparen);
	p->vfield = saved;
	return n; /* its values side by side are alternatives (parse_seq) */
}

/* Whether s[i..end) is a value of field: a date or year range, or a
 * host with a dot (a word of one label is a word, not a site). */
static int is_value(const fo_qparser *p, int field, size_t i, size_t end)
{
	char lo[11], hi[11], why[200];
	size_t bad;

	if (field == FO_QF_SITE)
		return memchr(p->s + i, '.', end - i) != NULL;
	return fo_qdate_range(p->s + i, end - i, field == FO_QF_YEAR, lo, hi,
	                      &bad, why, sizeof why) == 0;
}

/* Whether the query from i to its end holds only values of field,
 * operators, signs and brackets (a field's own value aside): then an
 * unclosed ( before it opens a bracket of values, year:(2024 OR 2026,
 * rather than being a slip. A quote is not looked into. */
static int values_to_end(const fo_qparser *p, int field, size_t i)
{
	fo_qlexeme t;
	int own = 0; /* the word is the value of a field inside */

	for (fo_qlex_peek(p->s, p->len, i, &t); t.kind != FO_QT_END;
	     fo_qlex_peek(p->s, p->len, t.end, &t)) {
		if (t.kind == FO_QT_QUOTE || t.kind == FO_QT_STAR ||
		    (t.kind == FO_QT_WORD && !own &&
		     (t.prefix || !is_value(p, field, t.start, t.end))))
			return 0;
		own = t.kind == FO_QT_FIELD;
	}
	return 1;
}

/* year:(2025 python: an unclosed ( is a slip; the value follows it (read
 * as a bracket, 2025 became a required word: explore-r), unless values
 * alone follow it. Where the value starts: past such a (, with a notice,
 * or at vstart. */
static size_t past_slip(fo_qparser *p, int field, size_t vstart)
{
	size_t at = vstart + 1;

	if (vstart + 1 >= p->len || p->s[vstart] != '(' ||
	    fo_qp_bracket_end(p, vstart) != vstart + 1)
		return vstart;
	at = fo_qlex_skip_space(p->s, p->len, at);
	if (!fo_qp_value_at(p, at) || p->s[at] == '(' ||
	    values_to_end(p, field, at))
		return vstart;
	fo_qp_notice(p, vstart, "ignored", "the ( is never closed");
	fo_qp_read_as(p, vstart, vstart + 1, ""); /* year:2025 */
	return at;
}

/* year:2024 .. 2025, published:2026-01-01 ..2026-09-30 or
 * published:2026-09-14 .. (then a word): a range typed with spaces
 * around its .., the value s[vstart..vend) of field its first bound, the
 * node at pos. It was the one period, and the second bound text, in
 * silence. A value that is a .. alone opens the range (year:.. 2025 is
 * year:..2025; it said ".." needs a date on at least one side). lone:
 * only a .. of its own joins (in a bracket, where 2025 ..2020 are two
 * values side by side). The range's node, with p->i past it, or NULL
 * where no .. follows. */
static fo_qnode *spaced_range(fo_qparser *p, int field, size_t pos,
                              size_t vstart, size_t vend, int lone)
{
	int open = vend - vstart == 2 && memcmp(p->s + vstart, "..", 2) == 0;
	size_t a = open ? vstart : fo_qlex_skip_space(p->s, p->len, vend);
	size_t b = a + 2, e, na = open ? 0 : vend - vstart, bad = 0;
	char buf[96], why[200];
	fo_qnode *n;

	if (field == FO_QF_SITE || (a == vend && !open) || a + 2 > p->len ||
	    memcmp(p->s + a, "..", 2) != 0 || na > 40 ||
	    memchr(p->s + vstart, '.', na))
		return NULL;
	e = fo_qlex_word_end(p->s, p->len, a);
	if (e == b) { /* a .. of its own: the bound is the next word */
		b = fo_qlex_skip_space(p->s, p->len, b);
		e = fo_qlex_word_end(p->s, p->len, b);
	} else if (lone) {
		return NULL;
	}
	/* a bound starts with a digit, ASCII or full-width (EF BC 9x) */
	if (b < e && !((p->s[b] >= '0' && p->s[b] <= '9') ||
	               (unsigned char)p->s[b] == 0xEF)) {
		if (b > a + 2)
			b = e = a + 2; /* published:2026-09 .. lock */
		else
			return NULL; /* ..lock is text */
	}
	if (e - b > 40)
		return NULL;
	memcpy(buf, p->s + vstart, na);
	memcpy(buf + na, "..", 2);
	memcpy(buf + na + 2, p->s + b, e - b);
	p->i = e;
	n = fo_qp_node(p, value_kind(field), pos);
	if (n && fo_qdate_range(buf, na + 2 + e - b, field == FO_QF_YEAR, n->lo,
	                        n->hi, &bad, why, sizeof why) != 0)
		fo_qp_fail(p,
		           bad < na       ? vstart + bad
		           : bad < na + 2 ? a
		                          : b + (bad - na - 2),
		           why);
	return n;
}

fo_qnode *fo_qp_value_word(fo_qparser *p, size_t start, size_t end)
{
	fo_qnode *n = spaced_range(p, p->vfield, start, start, end, 1);

	return n ? n : fo_qp_value(p, p->vfield, start, start, end);
}

/* The value of a field that takes plain values (site:, published:,
 * year:), from vstart: a word, a quoted one, or a bracket of them
 * (value_group). */
fo_qnode *fo_qp_plain_value(fo_qparser *p, const fo_qlexeme *f, size_t vstart)
{
	size_t vend, q, i = 0, close = 0;
	fo_qnode *n;

	vstart = past_slip(p, f->field, vstart);
	/* year:(2025 OR 2026), and year:(2025) as Lucene reads
	 * field:(value) */
	if (vstart < p->len && p->s[vstart] == '(' &&
	    p->depth < FO_QP_MAX_DEPTH)
		return value_group(p, f, vstart);
	q = fo_qlex_quote(p->s, p->len, vstart);
	vend = fo_qlex_word_end(p->s, p->len, vstart);
	p->i = vend;
	if (!q && vend > vstart &&
	    (n = spaced_range(p, f->field, f->start, vstart, vend, 0)))
		return n;
	/* A quoted value, as the other fields take one
	 * (published:"2026-09-14"), its spaces trimmed. */
	if (q)
		i = fo_qp_closing_quote(p, vstart + q, &close);
	if (q && !close) {
		/* year:"2026: the word after the quote is the
		 * value, as company:"Red's is; the filter was
		 * dropped (which widens the search) for "needs a
		 * plain value", which --strict said of 2026 */
		if (!fo_qp_unclosed_quote(p, vstart, vstart + q))
			return NULL;
		vstart += q;
		vend = fo_qlex_word_end(p->s, p->len, vstart);
		p->i = vend;
	}
	if (close) {
		p->i = i + close;
		vstart += q;
		vend = i;
		vstart = fo_qlex_skip_space(p->s, vend, vstart);
		vend = fo_qlex_trim_space(p->s, vstart, vend);
	}
	if (vend == vstart) {
		/* year:((…)) past the depth limit: the bracket goes with
		 * the field, not to the words as a required one
		 * (explore-p) */
		int bracket = vstart < p->len && p->s[vstart] == '(';

		if (bracket) {
			p->i = fo_qp_bracket_end(p, vstart);
			fo_qp_notice(p, f->start, "ignored",
			             "%.*s needs a plain value, not brackets",
			             (int)(f->end - f->start), p->s + f->start);
			return NULL;
		}
		/* year:"" is no value, as year: is (it found "year") */
		return fo_qp_no_value(p, f, p->i);
	}
	return fo_qp_value(p, f->field, f->start, vstart, vend);
}
