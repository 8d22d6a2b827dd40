/*
 * indexer.c: one post -> one Xapian document. Every text field goes
 * through the shared analyzer; title words are weighted FO_WDF_TITLE and
 * also indexed under the title prefix; whole field values become boolean
 * filter terms and value slots (schema.h), of the post as stored
 * (stored.h).
 */
#include "index/indexer.h"

#include "analyzer/normalize.h"
#include "corpus/corpus.h"
#include "corpus/text.h"
#include "index/docdata.h"
#include "index/known.h"
#include "index/schema.h"
#include "index/stored.h"
#include "index/valueterm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


typedef struct emit_ctx {
	fo_xdoc *doc;
	fo_analyzer *an;
	fo_buf term;
	uint32_t base;     /* position of this field's first word */
	uint32_t last;     /* highest position used so far */
	unsigned wdf;
	const char *prefix; /* also index under this prefix (title), or NULL */
	const char *stem_prefix;
	folio_status st;
	/* The camelCase run being read in a compound (see add_run). */
	char run[FO_MAX_TERM_BYTES];
	size_t run_len, run_end; /* its bytes in run; its last part's end */
	unsigned run_parts;      /* 0: none */
	uint32_t run_compound, run_pos, run_of;
	int run_long;            /* longer than a term may be */
	/* The JOINED term of the compound being read, which a run of all
	 * its parts may differ from (NotePad++: notepad++, run notepad). */
	char joined[FO_MAX_TERM_BYTES];
	size_t joined_len;
	uint32_t joined_compound;
} emit_ctx;

static folio_status add_prefixed(emit_ctx *c, const char *prefix,
                                 const char *term, size_t len, int positional,
                                 uint32_t pos)
{
	fo_buf_clear(&c->term);
	fo_buf_puts(&c->term, prefix);
	fo_buf_append(&c->term, term, len);
	if (c->term.oom)
		return FOLIO_ERROR_NOMEM;
	if (positional)
		return fo_xdoc_add_posting(c->doc, c->term.data, c->term.len, pos,
		                           c->wdf);
	return fo_xdoc_add_term(c->doc, c->term.data, c->term.len, c->wdf);
}

/* The stem of a term derived from tokens (a run, a squeezed name),
 * under Z and, in a prefixed field, its stem prefix: every post holding
 * a word also holds its stem, which a query's AND_MAYBE(stem, exact)
 * relies on (query.c word_query). */
static folio_status add_derived_stem(emit_ctx *c, const char *term, size_t len,
                                     int prefixed)
{
	const char *stem;
	size_t n;
	folio_status st = fo_analyzer_stem(c->an, term, len, &stem, &n);

	if (st == FOLIO_OK && stem)
		st = add_prefixed(c, FO_PREFIX_STEM, stem, n, 0, 0);
	if (st == FOLIO_OK && stem && prefixed && c->prefix)
		st = add_prefixed(c, c->stem_prefix, stem, n, 0, 0);
	return st;
}

/* A token stemmed as an acronym's plural by its capitals (OLEDs: oled;
 * analyzer.c) also gets the stem Snowball gives its term (oleds: ole),
 * where that is another, so that every post holding a term holds the
 * stem a query typed in lower case asks for (query.c word_query).
 * It is called for stems that are the term without its final s, as the
 * acronym's are; most such are Snowball's own plurals (files: file),
 * left as they are. Called once t's own stem is indexed: stemming may
 * reuse the cache entry it points to. */
static folio_status add_plural_stem(emit_ctx *c, const fo_token *t)
{
	const char *snow;
	size_t n;
	folio_status st = fo_analyzer_stem(c->an, t->term, t->len, &snow, &n);

	if (st != FOLIO_OK || !snow ||
	    (n + 1 == t->len && memcmp(snow, t->term, n) == 0))
		return st;
	st = add_prefixed(c, FO_PREFIX_STEM, snow, n, 0, 0);
	if (st == FOLIO_OK && c->prefix)
		st = add_prefixed(c, c->stem_prefix, snow, n, 0, 0);
	return st;
}

/* A joined name of letters that keeps its dots or underscores
 * (node.js) is also indexed without them (fo_token_squeezed). */
static folio_status add_squeezed(emit_ctx *c, const fo_token *t)
{
	char buf[FO_MAX_TERM_BYTES];
	size_t n = fo_token_squeezed(t, buf);
	folio_status st;

	if (!n)
		return FOLIO_OK;
	st = fo_xdoc_add_term(c->doc, buf, n, c->wdf);
	if (st == FOLIO_OK)
		st = add_derived_stem(c, buf, n, 0);
	return st;
}

/* A camelCase run inside a longer compound is also indexed joined, at
 * its first part's position: PyArrow of PyArrow-backed as pyarrow, eBPF
 * of eBPF-based as ebpf, as the run alone would be (its JOINED term).
 * The compound's own JOINED term (pyarrowbacked) and parts (py, arrow,
 * backed) hold neither, so a query typed in lower case found nothing.
 * Its parts follow each other with no joiner between them. A run of
 * every part is the JOINED term, unless a suffix or a leading dot is
 * the JOINED term's alone (NotePad++: notepad++, so notepad found
 * nothing). */
static folio_status add_run(emit_ctx *c)
{
	folio_status st = FOLIO_OK;
	int is_joined = c->run_parts == c->run_of &&
	                c->joined_compound == c->run_compound &&
	                c->joined_len == c->run_len &&
	                memcmp(c->joined, c->run, c->run_len) == 0;

	if (c->run_parts >= 2 && !is_joined && !c->run_long) {
		st = fo_xdoc_add_posting(c->doc, c->run, c->run_len,
		                         c->run_pos, c->wdf);
		if (st == FOLIO_OK && c->prefix)
			st = add_prefixed(c, c->prefix, c->run, c->run_len, 1,
			                  c->run_pos);
		if (st == FOLIO_OK)
			st = add_derived_stem(c, c->run, c->run_len, 1);
	}
	c->run_parts = 0;
	return st;
}

/* Follow the runs of parts: t continues the current run, or ends it
 * (adding its term) and may start the next. */
static folio_status follow_run(emit_ctx *c, const fo_token *t)
{
	folio_status st = FOLIO_OK;

	if (t->kind == FO_TOK_PART && c->run_parts &&
	    t->compound == c->run_compound && t->start == c->run_end) {
		if (c->run_len + t->len > sizeof c->run)
			c->run_long = 1;
		else
			memcpy(c->run + c->run_len, t->term, t->len);
		c->run_len += t->len;
		c->run_parts++;
		c->run_end = t->end;
		return FOLIO_OK;
	}
	if (c->run_parts)
		st = add_run(c);
	if (t->kind == FO_TOK_JOINED) {
		c->joined_len = t->len <= sizeof c->joined ? t->len : 0;
		memcpy(c->joined, t->term, c->joined_len);
		c->joined_compound = t->compound;
	}
	if (t->kind == FO_TOK_PART && t->len <= sizeof c->run) {
		memcpy(c->run, t->term, t->len);
		c->run_len = t->len;
		c->run_parts = 1;
		c->run_end = t->end;
		c->run_compound = t->compound;
		c->run_pos = c->base + t->pos;
		c->run_of = t->n_parts;
		c->run_long = 0;
	}
	return st;
}

static int emit_token(const fo_token *t, void *ctx)
{
	emit_ctx *c = ctx;
	uint32_t pos = c->base + t->pos;
	folio_status st;

	/* t->stem lives in the stem cache: its terms go in before the
	 * derived ones, whose stemming may reuse that entry */
	st = fo_xdoc_add_posting(c->doc, t->term, t->len, pos, c->wdf);
	if (st == FOLIO_OK && t->stem)
		st = add_prefixed(c, FO_PREFIX_STEM, t->stem, t->stem_len, 0, 0);
	if (st == FOLIO_OK && c->prefix)
		st = add_prefixed(c, c->prefix, t->term, t->len, 1, pos);
	if (st == FOLIO_OK && c->prefix && t->stem)
		st = add_prefixed(c, c->stem_prefix, t->stem, t->stem_len, 0, 0);
	if (st == FOLIO_OK && t->stem && t->stem_len + 1 == t->len &&
	    t->term[t->stem_len] == 's' &&
	    memcmp(t->stem, t->term, t->stem_len) == 0)
		st = add_plural_stem(c, t);
	if (st == FOLIO_OK)
		st = follow_run(c, t);
	if (st == FOLIO_OK)
		st = add_squeezed(c, t);
	if (pos > c->last)
		c->last = pos;
	c->st = st;
	return st != FOLIO_OK;
}

/* Index one field's text starting at c->base; moves c->base past it. */
static folio_status index_text(emit_ctx *c, fo_analyzer *an, const char *text,
                               unsigned wdf, const char *prefix,
                               const char *stem_prefix)
{
	folio_status st;

	if (!text || !*text)
		return FOLIO_OK;
	c->an = an;
	c->wdf = wdf;
	c->prefix = prefix;
	c->stem_prefix = stem_prefix;
	c->st = FOLIO_OK;
	c->last = c->base;
	c->run_parts = 0;
	st = fo_analyze(an, text, strlen(text), emit_token, c);
	if (st == FOLIO_OK)
		st = c->st;
	if (st == FOLIO_OK && c->run_parts)
		st = add_run(c);
	c->base = c->last + FO_FIELD_GAP;
	return st;
}

/* A boolean filter term: prefix + the normalised whole value. */
static folio_status add_filter(emit_ctx *c, const char *prefix,
                               const char *value, size_t len)
{
	if (!value || !len)
		return FOLIO_OK;
	if (fo_value_term(prefix, value, len, &c->term) < 0)
		return FOLIO_ERROR_NOMEM;
	return fo_xdoc_add_boolean(c->doc, c->term.data, c->term.len);
}

/* The host part of an http(s) URL, without "www.". */
static const char *url_host(const char *url, size_t *len)
{
	const char *p = strstr(url, "://"), *end, *at;

	if (!p)
		return NULL;
	p += 3;
	/* the authority, without a user (bob:pw@) and a port; an IPv6
	 * address whole, brackets included (explore-v) */
	end = p + strcspn(p, "/?#");
	for (at = p; at < end; at++)
		if (*at == '@')
			p = at + 1;
	if (p < end && *p == '[')
		end = (at = memchr(p, ']', (size_t)(end - p))) ? at + 1 : end;
	else
		end = p + strcspn(p, ":/?#");
	/* ex.org. is ex.org, fully qualified, as site: reads it */
	while (end > p && end[-1] == '.')
		end--;
	if (end - p > 4 && strncmp(p, "www.", 4) == 0)
		p += 4;
	*len = (size_t)(end - p);
	return p;
}

/* Whether field s (may be NULL) is UTF-8, else why not, naming it. */
static int utf8_field(const char *name, const char *s, fo_buf *why)
{
	size_t n, ok;

	if (!s)
		return 1;
	n = strlen(s);
	if ((ok = fo_text_utf8_check(s, n, 0)) == n)
		return 1;
	fo_buf_printf(why, "%s is not valid UTF-8 (byte %zu)", name, ok + 1);
	return 0;
}

folio_status fo_post_check(const folio_post *p, fo_buf *why)
{
	char date[11];
	const char *missing = NULL;

	/* blank is missing: a URL of spaces (a no-break space too) names
	 * no post, and the parsers trim only ASCII white space */
	if (!p->url || fo_is_blank(p->url))
		missing = "URL";
	else if (!p->title || fo_is_blank(p->title))
		missing = "title";
	else if (!p->summary || fo_is_blank(p->summary))
		missing = "summary";
	if (missing) {
		fo_buf_printf(why, "post has no %s", missing);
		return FOLIO_ERROR_INVALID;
	}
	if (p->published &&
	    (strlen(p->published) != 10 ||
	     fo_date_parse(p->published, 10, date) != 0 ||
	     strcmp(date, p->published) != 0)) {
		fo_buf_printf(why, "published date \"%s\" is not a valid "
		                   "YYYY-MM-DD date", p->published);
		return FOLIO_ERROR_INVALID;
	}
	return FOLIO_OK;
}

folio_status fo_post_check_utf8(const folio_post *p, fo_buf *why)
{
	size_t i;

	if (!utf8_field("url", p->url, why) ||
	    !utf8_field("title", p->title, why) ||
	    !utf8_field("summary", p->summary, why) ||
	    !utf8_field("company", p->company, why) ||
	    !utf8_field("author", p->author, why) ||
	    !utf8_field("type", p->type, why))
		return FOLIO_ERROR_INVALID;
	for (i = 0; p->topics && i < p->n_topics; i++)
		if (!utf8_field("a topic", p->topics[i], why))
			return FOLIO_ERROR_INVALID;
	return FOLIO_OK;
}

uint64_t fo_post_hash(const folio_post *p)
{
	fo_buf data = FO_BUF_INIT;
	fo_stored stored;
	const folio_post *s = fo_stored_get(p, &stored);
	uint64_t h;

	/* out of memory, p's own: at worst the post is written again */
	fo_docdata_encode(s ? s : p, &data);
	h = fo_hash64(data.data, data.len);
	fo_buf_free(&data);
	fo_stored_free(&stored);
	return h;
}

/* The FO_SLOT_TIE value (schema.h). */
static folio_status set_tie(fo_xdoc *doc, const char *published,
                            const char *hex)
{
	char tie[10 + 16 + 1];

	snprintf(tie, sizeof tie, "%.10s%s",
	         published ? published : "0000-00-00", hex);
	return fo_xdoc_set_value(doc, FO_SLOT_TIE, tie, 26);
}

/* Index every text field of p through the analyzer. */
static folio_status index_texts(emit_ctx *c, fo_analyzer *an,
                                const folio_post *p)
{
	size_t i;
	folio_status st;

	/* The title's first word at 1, not 0: Xapian 1.4 (glass) stores a
	 * term's positions {0, 1} as {1} (its single-position form), so a
	 * title starting "cafe cafe" lost its first cafe and title:"cafe
	 * cafe" missed it. */
	c->base = 1;
	st = index_text(c, an, p->title, FO_WDF_TITLE, FO_PREFIX_TITLE,
	                FO_PREFIX_TITLE_STEM);
	if (st == FOLIO_OK)
		st = index_text(c, an, p->summary, FO_WDF_SUMMARY, NULL, NULL);
	if (st == FOLIO_OK)
		st = index_text(c, an, p->company, FO_WDF_META,
		                FO_PREFIX_COMPANY_WORD, FO_PREFIX_COMPANY_STEM);
	if (st == FOLIO_OK)
		st = index_text(c, an, p->author, FO_WDF_META,
		                FO_PREFIX_AUTHOR_WORD, FO_PREFIX_AUTHOR_STEM);
	if (st == FOLIO_OK)
		st = index_text(c, an, p->type, FO_WDF_META,
		                FO_PREFIX_TYPE_WORD, FO_PREFIX_TYPE_STEM);
	for (i = 0; st == FOLIO_OK && i < p->n_topics; i++)
		st = index_text(c, an, p->topics[i], FO_WDF_META,
		                FO_PREFIX_TOPIC_WORD, FO_PREFIX_TOPIC_STEM);
	return st;
}

folio_status fo_index_texts(fo_xdoc *doc, fo_analyzer *an, const folio_post *p)
{
	emit_ctx c;
	folio_status st;

	memset(&c, 0, sizeof c);
	c.doc = doc;
	st = index_texts(&c, an, p);
	fo_buf_free(&c.term);
	return st;
}

/* The whole values of p's fields as filter terms, and its URL's host with
 * each parent domain. */
static folio_status add_filters(emit_ctx *c, const folio_post *p)
{
	const char *host, *dot;
	size_t i, host_len = 0;
	folio_status st = FOLIO_OK;

	if (p->company)
		st = add_filter(c, FO_PREFIX_COMPANY, p->company,
		                strlen(p->company));
	if (st == FOLIO_OK && p->author)
		st = add_filter(c, FO_PREFIX_AUTHOR, p->author,
		                strlen(p->author));
	if (st == FOLIO_OK && p->type)
		st = add_filter(c, FO_PREFIX_TYPE, p->type, strlen(p->type));
	for (i = 0; st == FOLIO_OK && i < p->n_topics; i++)
		if (p->topics[i])
			st = add_filter(c, FO_PREFIX_TOPIC, p->topics[i],
			                strlen(p->topics[i]));
	/* site:nvidia.com finds developer.nvidia.com: the host and each
	 * parent domain of two labels or more. An IP address has no
	 * parent domains (site:1.10 must not find 192.168.1.10, nor site:3.4]
	 * [::ffff:1.2.3.4]). */
	host = url_host(p->url, &host_len);
	if (st == FOLIO_OK && host && host_len)
		st = add_filter(c, FO_PREFIX_HOST, host, host_len);
	if (host && (strspn(host, "0123456789.") >= host_len || *host == '['))
		host = NULL;
	while (st == FOLIO_OK && host && (dot = memchr(host, '.', host_len))) {
		host_len -= (size_t)(dot + 1 - host);
		host = dot + 1;
		if (!memchr(host, '.', host_len))
			break;
		st = add_filter(c, FO_PREFIX_HOST, host, host_len);
	}
	return st;
}

/* The value slots of p's fields (schema.h; the hash's are set apart),
 * and the filter term of its year. */
static folio_status set_values(emit_ctx *c, const folio_post *p)
{
	const char *last = p->published ? p->published : FO_UNDATED_LAST;
	size_t i;
	folio_status st;

	st = fo_xdoc_set_value(c->doc, FO_SLOT_DATE_LAST, last, strlen(last));
	if (st == FOLIO_OK && p->published) {
		st = fo_xdoc_set_value(c->doc, FO_SLOT_DATE, p->published, 10);
		if (st == FOLIO_OK)
			st = fo_xdoc_set_value(c->doc, FO_SLOT_YEAR,
			                       p->published, 4);
		if (st == FOLIO_OK)
			st = add_filter(c, FO_PREFIX_YEAR, p->published, 4);
	}
	if (st == FOLIO_OK && p->company)
		st = fo_xdoc_set_value(c->doc, FO_SLOT_COMPANY, p->company,
		                       strlen(p->company));
	if (st == FOLIO_OK && p->type)
		st = fo_xdoc_set_value(c->doc, FO_SLOT_TYPE, p->type,
		                       strlen(p->type));
	if (st == FOLIO_OK && p->n_topics) {
		fo_buf_clear(&c->term);
		for (i = 0; i < p->n_topics; i++) {
			if (i)
				fo_buf_putc(&c->term, FO_TOPIC_SEP);
			fo_buf_puts(&c->term, p->topics[i]);
		}
		st = c->term.oom ? FOLIO_ERROR_NOMEM
		                 : fo_xdoc_set_value(c->doc, FO_SLOT_TOPICS,
		                                     c->term.data, c->term.len);
	}
	return st;
}

folio_status fo_index_post(fo_xdb *db, fo_analyzer *an, const folio_post *p,
                           uint32_t *docid, fo_xerr *err)
{
	emit_ctx c;
	fo_buf data = FO_BUF_INIT;
	char hex[17], url_key[8];
	fo_stored stored;
	uint64_t h;
	folio_status st;

	memset(&c, 0, sizeof c);
	p = fo_stored_get(p, &stored);
	st = p ? fo_xdoc_new(&c.doc) : FOLIO_ERROR_NOMEM;
	if (st != FOLIO_OK)
		goto done;

	st = index_texts(&c, an, p);
	if (st == FOLIO_OK)
		st = add_filters(&c, p);
	if (st == FOLIO_OK)
		st = set_values(&c, p);

	fo_docdata_encode(p, &data);
	if (data.oom && st == FOLIO_OK)
		st = FOLIO_ERROR_NOMEM;
	h = fo_hash64(data.data, data.len);
	snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
	if (st == FOLIO_OK)
		st = fo_xdoc_set_value(c.doc, FO_SLOT_HASH, hex, 16);
	fo_url_hash_value(fo_url_hash(p->url), url_key);
	if (st == FOLIO_OK)
		st = fo_xdoc_set_value(c.doc, FO_SLOT_URL, url_key, 8);
	if (st == FOLIO_OK)
		st = set_tie(c.doc, p->published, hex);
	if (st == FOLIO_OK)
		st = fo_xdoc_set_data(c.doc, data.data, data.len);

	fo_url_term(p->url, &c.term);
	if (st == FOLIO_OK && c.term.oom)
		st = FOLIO_ERROR_NOMEM;
	if (st == FOLIO_OK)
		st = fo_xdoc_add_boolean(c.doc, c.term.data, c.term.len);
	if (st == FOLIO_OK)
		st = fo_xdb_replace(db, c.term.data, c.doc, docid, err);
done:
	fo_xdoc_free(c.doc);
	fo_buf_free(&c.term);
	fo_buf_free(&data);
	fo_stored_free(&stored);
	return st;
}
