/*
 * qword.c: the words of a query: a word, a prefix (lock*), a "phrase",
 * and a pasted URL, which names its post rather than its words. Inside a
 * bracket of site:, published: or year: values, each is a value instead
 * (fo_qp_value).
 */
#include "search/qparser.h"

#include <stdio.h>
#include <string.h>

size_t fo_qp_closing_quote(const fo_qparser *p, size_t i, size_t *n)
{
	for (*n = 0; i < p->len; i++)
		if ((*n = fo_qlex_quote(p->s, p->len, i)) != 0)
			break;
	return i;
}

int fo_qp_quote_cut(const fo_qparser *p)
{
	size_t i, full;

	if (!p->cut_at[0])
		return 0;
	full = p->len + strlen(p->s + p->len);
	for (i = p->len; i < full; i++)
		if (fo_qlex_quote(p->s, full, i))
			return 1;
	return 0;
}

/* Why a quote has no closing quote in what is read: it has none, or
 * the query's limits cut off the one it has (which "never closed" said
 * too). */
static const char *unclosed_why(const fo_qparser *p, char *buf, size_t size)
{
	if (!fo_qp_quote_cut(p))
		return "the quote is never closed";
	snprintf(buf, size,
	         "the quote is closed only past the query's "
	         "limit of %s",
	         p->cut_at);
	return buf;
}

int fo_qp_unclosed_quote(fo_qparser *p, size_t quote, size_t after)
{
	char why[96];

	/* company:"Red is company:Red, and no space is between */
	fo_qp_read_as(p, quote, after, "");
	if (fo_qlex_delim(p->s, p->len, after)) {
		/* the field has no value: title:" alone is no query */
		fo_qp_wordless(p, quote, "%s",
		               unclosed_why(p, why, sizeof why));
		p->i = after;
		return 0;
	}
	fo_qp_notice(p, quote, "read the word after it as the value", "%s",
	             unclosed_why(p, why, sizeof why));
	return 1;
}

/* "..." after the opening quote q. */
fo_qnode *fo_qp_phrase(fo_qparser *p, const fo_qlexeme *q)
{
	size_t n, end, k, i = fo_qp_closing_quote(p, q->end, &n);
	fo_qnode *ph;

	if (i >= p->len && !fo_qp_quote_cut(p)) {
		fo_qp_notice(p, q->start,
		             "searched the words after it as free text",
		             "the quote is never closed");
		fo_qp_drop(p, q->start, q->end);
		p->i = q->end;
		return NULL;
	}
	p->i = i + n;
	n = fo_qlex_skip_space(p->s, i, q->end);
	if (i >= p->len) {
		/* what the limits keep of a phrase is still one: nearer
		 * what was meant than its words as free text */
		fo_qp_notice(
		    p, q->start,
		    n == i ? "ignored" : "searched what is kept as a phrase",
		    "the phrase is cut at the query's limit of %s", p->cut_at);
		if (n == i) {
			fo_qp_drop(p, q->start, q->end);
			return NULL;
		}
		fo_qp_close(p, "\"");
	} else if (n == i) {
		fo_qp_notice(p, q->start, "ignored", "the phrase is empty");
		fo_qp_drop(p, q->start, p->i);
		return NULL;
	}
	end = fo_qlex_trim_space(p->s, n, i);
	/* year:("2025" OR 2026): a quoted value, as year:"2025" */
	if (p->vfield)
		return fo_qp_value(p, p->vfield, n, n, end);
	/* "https://…/x.md" pasted in quotes names its post as the bare
	 * URL does (it found only the posts quoting it); where no post has
	 * it, it is the phrase it was (and one with a * keeps its notice) */
	for (k = n; k < end && !fo_qlex_space(p->s, end, k) && p->s[k] != '*';
	     k++)
		;
	if (k == end && p->field == FO_FIELD_ANY &&
	    fo_qlex_url(p->s + n, end - n)) {
		if ((ph = fo_qp_node(p, FO_Q_URL, q->start)) != NULL) {
			ph->text = p->s + n;
			ph->len = end - n;
			ph->quoted = 1;
		}
		return ph;
	}
	/* A phrase is exact forms in order: no prefixes in it. */
	for (n = q->end; n < i; n++)
		if (p->s[n] == '*') {
			fo_qp_notice(p, n, "ignored", "a * inside a phrase");
			break;
		}
	ph = fo_qp_node(p, FO_Q_PHRASE, q->start);
	if (ph) {
		ph->text = p->s + q->end;
		ph->len = i - q->end;
	}
	return ph;
}

/* A * before or inside word t, where it completes nothing (only lock*
 * does; both went without a word said: explore-k). The analyzer drops a
 * leading one (*lock is lock) and parts the word at an inner one (lo*ck
 * is lo ck, as Xapian's parser reads it, which finds only the joined
 * form lock): each notice says which. */
static void stars_inside(fo_qparser *p, const fo_qlexeme *t)
{
	static const char why[] = "a * completes the word before it only "
	                          "(lock*), not inside or before one";
	size_t i = t->start;

	if (p->s[i] == '*')
		fo_qp_notice(p, i, "ignored", "%s", why);
	while (i < t->wend && p->s[i] == '*')
		i++;
	while (i < t->wend && p->s[i] != '*')
		i++;
	if (i < t->wend)
		fo_qp_notice(p, i, "read as if a space were there", "%s", why);
}

fo_qnode *fo_qp_word(fo_qparser *p, const fo_qlexeme *t)
{
	int url;
	fo_qnode *n;

	/* year:(2025 OR 2026): each word of the bracket is a value, its
	 * * too (year:202* is no year, in a bracket or not) */
	if (p->vfield)
		return fo_qp_value_word(p, t->start, t->end);
	url = !t->prefix && p->field == FO_FIELD_ANY &&
	      fo_qlex_url(p->s + t->start, t->end - t->start);
	n = fo_qp_node(p,
	               t->prefix ? FO_Q_PREFIX
	               : url     ? FO_Q_URL
	                         : FO_Q_WORDS,
	               t->start);

	if (!url)
		stars_inside(p, t);
	/* lock** went as lock* in silence, even under --strict, where a
	 * lone * is an error */
	if (t->prefix && t->wend + 1 < t->end && p->s[t->wend + 1] == '*')
		fo_qp_notice(p, t->wend + 1, "ignored", "a * after another *");
	if (n) {
		n->text = p->s + t->start;
		n->len = (t->prefix ? t->wend : t->end) - t->start;
	}
	return n;
}
