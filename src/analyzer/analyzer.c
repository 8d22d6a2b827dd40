/*
 * analyzer.c: the analyzer pipeline of analyzer.h. Segmentation yields one
 * compound at a time; its parts are normalised into fixed buffers inside
 * the analyzer, the joined term is built from them, and each token is
 * stemmed (through the cache) just before it is handed to the callback.
 * Nothing is allocated per token.
 */
#include "analyzer/analyzer.h"

#include "analyzer/elision.h"
#include "analyzer/normalize.h"
#include "analyzer/segment.h"
#include "analyzer/stem.h"
#include "util/ascii.h"
#include "util/swar.h"

#include <stdlib.h>
#include <string.h>

struct fo_analyzer {
	char *language;
	fo_stemmer *stemmer;
	/* the elided words it drops, NULL where it drops none (the
	 * language has none, or a revision before FO_ANALYZER_ELISION) */
	const fo_elision *elision;
	/* whether it drops suffixes after an apostrophe (Turkish, since
	 * FO_ANALYZER_SCRIPTS) */
	int suffixes;
	unsigned revision;
	fo_normalizer norm;
	/* the current compound's parts, normalised */
	char terms[FO_SEG_MAX_PARTS][FO_MAX_TERM_BYTES + 1];
	size_t term_len[FO_SEG_MAX_PARTS];
	size_t start[FO_SEG_MAX_PARTS], end[FO_SEG_MAX_PARTS];
	char joiner[FO_SEG_MAX_PARTS];
	/* the fast paths' term, with room for zero padding to whole words */
	char simple[FO_MAX_TERM_BYTES + 8];
	/* the stem of an acronym's plural (GPUs: gpu) */
	char plural[FO_MAX_TERM_BYTES + 1];
	/* room for every part and joiner, and the suffix, before the cut */
	char joined[1 + FO_SEG_MAX_PARTS * (FO_MAX_TERM_BYTES + 1) +
	            FO_SEG_MAX_SUFFIX + 1];
};

folio_status fo_analyzer_new(const char *language, fo_analyzer **out)
{
	fo_analyzer *an;
	folio_status rc = FOLIO_ERROR_NOMEM;

	*out = NULL;
	if (!language)
		language = "english";
	an = calloc(1, sizeof(*an));
	if (!an)
		goto fail;
	fo_normalizer_init(&an->norm);
	an->language = malloc(strlen(language) + 1);
	if (!an->language)
		goto fail;
	strcpy(an->language, language);
	rc = fo_stemmer_new(language, &an->stemmer);
	if (rc != FOLIO_OK)
		goto fail;
	fo_analyzer_set_revision(an, FO_ANALYZER_REVISION);
	*out = an;
	return FOLIO_OK;
fail:
	fo_analyzer_free(an);
	return rc;
}

void fo_analyzer_free(fo_analyzer *an)
{
	if (!an)
		return;
	fo_stemmer_free(an->stemmer);
	fo_normalizer_free(&an->norm);
	free(an->language);
	free(an);
}

const char *fo_analyzer_language(const fo_analyzer *an)
{
	return an->language;
}

void fo_analyzer_set_revision(fo_analyzer *an, unsigned revision)
{
	an->revision = revision;
	an->norm.revision = revision;
	an->elision = revision >= FO_ANALYZER_ELISION
	                  ? fo_elision_of(an->language)
	                  : NULL;
	an->suffixes = revision >= FO_ANALYZER_SCRIPTS &&
	               fo_apostrophe_suffixes(an->language);
}

unsigned fo_analyzer_revision(const fo_analyzer *an)
{
	return an->revision;
}

int fo_analyzer_elides(const fo_analyzer *an)
{
	return an->elision != NULL;
}

folio_status fo_analyzer_stem(fo_analyzer *an, const char *term, size_t len,
                              const char **stem, size_t *stem_len)
{
	folio_status rc = FOLIO_OK;

	*stem = NULL;
	*stem_len = 0;
	if (len && fo_term_stemmable(term, len))
		rc = fo_stemmer_stem(an->stemmer, term, len, stem, stem_len);
	if (rc != FOLIO_OK || *stem_len == 0) {
		*stem = NULL; /* see fo_emit_simple */
		*stem_len = 0;
	}
	return rc;
}

size_t fo_token_squeezed(const fo_token *tok, char buf[FO_MAX_TERM_BYTES])
{
	size_t i, n = 0;

	if (tok->kind != FO_TOK_JOINED || tok->len > FO_MAX_TERM_BYTES ||
	    tok->term[0] == '.' || tok->term[0] == '_')
		return 0;
	for (i = 0; i < tok->len; i++) {
		char ch = tok->term[i];
		if (ch == '.' || ch == '_')
			continue;
		if (ch < 'a' || ch > 'z')
			return 0;
		buf[n++] = ch;
	}
	return n == tok->len ? 0 : n;
}

/* Stem tok's term if it is stemmable, then hand it over. */
static folio_status fo_emit(fo_analyzer *an, fo_token *tok, int stemmable,
                            fo_token_fn fn, void *ctx, int *stop)
{
	folio_status rc;

	tok->stem = NULL;
	tok->stem_len = 0;
	if (stemmable && tok->len - 1 < FO_STEM_KEY_MAX) {
		/* the term is in an->terms or an->joined, readable to 16
		 * bytes, as fo_stem_key wants: a quarter of the benchmark's
		 * lookups are for these compound tokens */
		uint64_t k0, k1;

		fo_stem_key(tok->term, tok->len, &k0, &k1);
		rc = fo_stemmer_stem_key(an->stemmer, tok->term, tok->len, k0,
		                         k1, &tok->stem, &tok->stem_len);
		if (rc != FOLIO_OK)
			return rc;
		if (tok->stem_len == 0)
			tok->stem = NULL; /* see fo_emit_simple */
	} else if (stemmable) {
		rc = fo_stemmer_stem_hashed(an->stemmer, tok->term, tok->len,
		                            fo_stem_hash(tok->term, tok->len),
		                            &tok->stem, &tok->stem_len);
		if (rc != FOLIO_OK)
			return rc;
		if (tok->stem_len == 0)
			tok->stem = NULL; /* see fo_emit_simple */
	}
	*stop = fn(tok, ctx) != 0;
	return FOLIO_OK;
}

/* Snowball leaves gpus, llms and vms as they are (an "-us" ending, no
 * vowel before the s), so GPU and GPUs would never meet; the capitals
 * show what the stem is. */
int fo_acronym_plural(const char *raw, size_t n)
{
	size_t i;

	if (n < 3 || raw[n - 1] != 's')
		return 0;
	for (i = 0; i + 1 < n; i++)
		if (!fo_ascii_is_upper((unsigned char)raw[i]))
			return 0;
	return 1;
}

/* fo_emit for a word or part of text whose raw span is tok's: an
 * acronym's plural stems to the acronym, in every stemming language. */
static folio_status fo_emit_raw(fo_analyzer *an, const char *text,
                                fo_token *tok, int stemmable,
                                fo_token_fn fn, void *ctx, int *stop)
{
	if (!stemmable || tok->len != tok->end - tok->start ||
	    !fo_acronym_plural(text + tok->start, tok->end - tok->start) ||
	    strcmp(an->language, "none") == 0)
		return fo_emit(an, tok, stemmable, fn, ctx, stop);
	memcpy(an->plural, tok->term, tok->len - 1);
	an->plural[tok->len - 1] = '\0';
	tok->stem = an->plural;
	tok->stem_len = tok->len - 1;
	*stop = fn(tok, ctx) != 0;
	return FOLIO_OK;
}

static int fo_has_digit(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] >= '0' && s[i] <= '9')
			return 1;
	return 0;
}

/* A plain ASCII word (c->simple): lowercasing is its whole normalisation. */
static folio_status fo_emit_simple(fo_analyzer *an, const char *text,
                                   size_t text_len, const fo_seg_compound *c,
                                   size_t end, uint32_t *pos,
                                   uint32_t *compound, fo_token_fn fn,
                                   void *ctx, int *stop)
{
	size_t start = c->start, n = end - start, i = 0;
	const unsigned char *s = (const unsigned char *)text + start;
	char *term = an->simple;
	folio_status rc;
	fo_token tok;
	uint64_t w, h64;
	size_t k;

	if (n > FO_MAX_TERM_BYTES)
		n = FO_MAX_TERM_BYTES;
	h64 = n * FO_STEM_K1;
	/* ASCII letters and digits only: OR-ing in 0x20 lowercases a letter
	 * and leaves a digit alone, eight bytes at a time */
	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		w |= 0x2020202020202020ull;
		memcpy(term + i, &w, 8);
		h64 = fo_stem_mix(h64, w);
	}
	/* the tail is assembled in a register and stored as one word, zero
	 * padded (which is also the NUL): hashing from memory right after
	 * byte stores stalled on store forwarding */
	k = n - i;
	if (k && start + i + 8 <= text_len) {
		/* one load of the whole tail, the bytes past the word masked
		 * off: the byte-by-byte assembly was the costliest part */
		memcpy(&w, s + i, 8);
		w = (w | 0x2020202020202020ull) & (~0ull >> (64 - 8 * k));
	} else {
		w = 0;
		for (k = 0; i + k < n; k++)
			w |= (uint64_t)(s[i + k] | 0x20) << (8 * k);
	}
	memcpy(term + i, &w, 8);
	if (k)
		h64 = fo_stem_mix(h64, w);
	tok.term = term;
	tok.len = n;
	tok.pos = (*pos)++;
	tok.start = start;
	tok.end = end;
	tok.kind = FO_TOK_WORD;
	tok.compound = (*compound)++;
	tok.n_parts = 1;
	tok.stem = NULL;
	tok.stem_len = 0;
	/* a word cut to FO_MAX_TERM_BYTES is stemmed by what is left of it,
	 * as a query typing those bytes is (review of 3cdd493: a digit past
	 * the cut kept the term unstemmed) */
	if (!c->digits || (end - start > n && !fo_has_digit(term, n))) {
		rc = fo_stemmer_stem_hashed(an->stemmer, term, n,
		                            fo_stem_finish(h64), &tok.stem,
		                            &tok.stem_len);
		if (rc != FOLIO_OK)
			return rc;
		/* Snowball stems some short words to nothing (Greek "ανε",
		 * Turkish "ları"); an empty stem would index an empty Z
		 * term, so the word is its own stem (found by fuzz_analyzer) */
		if (tok.stem_len == 0)
			tok.stem = NULL;
	}
	*stop = fn(&tok, ctx) != 0;
	return FOLIO_OK;
}

/* A word from fo_seg_next_short (n <= FO_SEG_SHORT_MAX bytes at start),
 * found but not yet handed over, with its term as a stem-cache key. */
typedef struct fo_short_word {
	size_t start, n;
	int digits;
	uint64_t w0, w1; /* the term, lowercased and zero padded */
	const fo_stem_front *set; /* its front set, if it is stemmed */
} fo_short_word;

/*
 * The term of w: fo_emit_simple without its loops, the word read as two
 * 8-byte words (one or two loads as the text allows), lowercased and cut
 * to n bytes in registers. Then the load of its front set starts
 * (a prefetch), so that it overlaps the scan of the next word: the wait
 * for that load was the largest single cost (perf: a quarter of
 * fo_analyze's time).
 */
static inline void fo_short_term(fo_analyzer *an, const char *text,
                                 size_t text_len, fo_short_word *w)
{
	if (w->start + 16 <= text_len) {
		memcpy(&w->w0, text + w->start, 8);
		memcpy(&w->w1, text + w->start + 8, 8);
	} else {
		char buf[16] = { 0 };

		memcpy(buf, text + w->start, w->n);
		memcpy(&w->w0, buf, 8);
		memcpy(&w->w1, buf + 8, 8);
	}
	/* letters and digits only: OR-ing in 0x20 lowercases a letter and
	 * leaves a digit alone */
	w->w0 |= 0x2020202020202020ull;
	w->w1 |= 0x2020202020202020ull;
	fo_stem_prefix(&w->w0, &w->w1, w->n);
	w->set = NULL;
	if (!w->digits) {
		w->set = fo_stem_front_of(an->stemmer, w->w0, w->w1);
		if (w->set)
			__builtin_prefetch(w->set);
	}
}

/* Hand over the word w (fo_short_term has made its term). */
static inline folio_status fo_emit_short(fo_analyzer *an,
                                         const fo_short_word *w,
                                         uint32_t *pos, uint32_t *compound,
                                         fo_token_fn fn, void *ctx, int *stop)
{
	char *term = an->simple;
	folio_status rc;
	fo_token tok;

	memcpy(term, &w->w0, 8);
	memcpy(term + 8, &w->w1, 8);
	tok.term = term;
	tok.len = w->n;
	tok.pos = (*pos)++;
	tok.start = w->start;
	tok.end = w->start + w->n;
	tok.kind = FO_TOK_WORD;
	tok.compound = (*compound)++;
	tok.n_parts = 1;
	tok.stem = NULL;
	tok.stem_len = 0;
	if (!w->digits) {
		/* the lowercased word is its own key */
		rc = fo_stemmer_stem_in(an->stemmer, w->set, term, w->n, w->w0,
		                        w->w1, &tok.stem, &tok.stem_len);
		if (rc != FOLIO_OK)
			return rc;
		/* see fo_emit_simple */
		if (tok.stem_len == 0)
			tok.stem = NULL;
	}
	*stop = fn(&tok, ctx) != 0;
	return FOLIO_OK;
}

/*
 * Normalise each part of c into an->terms[], keeping the spans and joiners
 * of the parts that do not normalise to nothing (only ignorable
 * characters); *n is how many were kept.
 */
static folio_status fo_normalize_parts(fo_analyzer *an, const char *text,
                                       const fo_seg_compound *c, unsigned *n)
{
	folio_status rc;
	unsigned i;

	*n = 0;
	for (i = 0; i < c->n_parts; i++) {
		rc = fo_normalize_token(&an->norm, text + c->parts[i].start,
		                        c->parts[i].end - c->parts[i].start,
		                        an->terms[*n], &an->term_len[*n]);
		if (rc != FOLIO_OK)
			return rc;
		if (an->term_len[*n] == 0)
			continue;
		an->start[*n] = c->parts[i].start;
		an->end[*n] = c->parts[i].end;
		an->joiner[*n] = c->parts[i].joiner;
		(*n)++;
	}
	return FOLIO_OK;
}

/* Point tok at part i of the current compound: its term and byte span. */
static void fo_part_token(const fo_analyzer *an, unsigned i, fo_token *tok)
{
	tok->term = an->terms[i];
	tok->len = an->term_len[i];
	tok->start = an->start[i];
	tok->end = an->end[i];
}

/*
 * A CJK run (rule 2 of doc/analyzer.md): Chinese and Japanese have no
 * spaces, so like Lucene's CJKAnalyzer and Xapian's CJK n-grams, folio
 * indexes overlapping bigrams: a run of n characters gives n - 1 bigrams
 * at consecutive positions, as the PARTs of one compound without a
 * JOINED term, so that a query of two or more characters becomes a
 * phrase of its bigrams. A lone character is a WORD, and so is a run of
 * two (its one bigram). CJK terms are not stemmed.
 */
static folio_status fo_emit_cjk(fo_analyzer *an, const char *text,
                                const fo_seg_compound *c, uint32_t *pos,
                                uint32_t *compound, fo_token_fn fn,
                                void *ctx, int *stop)
{
	fo_token tok;
	folio_status rc;
	unsigned i, n = 0;
	size_t l0, l1;

	rc = fo_normalize_parts(an, text, c, &n);
	if (rc != FOLIO_OK || n == 0)
		return rc;
	memset(&tok, 0, sizeof(tok));
	tok.compound = (*compound)++;
	if (n == 1) {
		fo_part_token(an, 0, &tok);
		tok.pos = (*pos)++;
		tok.kind = FO_TOK_WORD;
		tok.n_parts = 1;
		*stop = fn(&tok, ctx) != 0;
		return FOLIO_OK;
	}
	tok.n_parts = n - 1;
	tok.kind = n == 2 ? FO_TOK_WORD : FO_TOK_PART;
	for (i = 0; i + 1 < n && !*stop; i++) {
		l0 = an->term_len[i];
		l1 = an->term_len[i + 1];
		memcpy(an->joined, an->terms[i], l0);
		memcpy(an->joined + l0, an->terms[i + 1], l1);
		tok.len = fo_utf8_cut(an->joined, l0 + l1, FO_MAX_TERM_BYTES);
		an->joined[tok.len] = '\0';
		tok.term = an->joined;
		tok.pos = (*pos)++;
		tok.start = an->start[i];
		tok.end = an->end[i + 1];
		*stop = fn(&tok, ctx) != 0;
	}
	return rc;
}

/* Whether the lowercased ASCII letters and digits in w0, w1 (zero
 * padded) have a digit: digits have bit 5 of their byte set and bit 6
 * clear, lowercase letters both, padding neither. */
static inline int fo_ascii_has_digit(uint64_t w0, uint64_t w1)
{
	return ((((w0 >> 5) & ~(w0 >> 6)) | ((w1 >> 5) & ~(w1 >> 6))) &
	        FO_SWAR_ONES) != 0;
}

/*
 * A compound from fo_seg_next_short: runs of ASCII letters and digits
 * joined by '-', '_' or '.', all within 16 bytes of text. The tokens are
 * fo_emit_compound's, with lowercasing in place of normalisation (all it
 * does to such bytes), the joined term the lowercased text without its
 * hyphens, and the digit test on whole words in place of
 * fo_term_stemmable: the general route spent more on such a compound
 * than on all its words' stemming.
 */
static folio_status fo_emit_ascii_compound(fo_analyzer *an, const char *text,
                                           size_t text_len,
                                           const fo_seg_compound *c,
                                           uint32_t *pos, uint32_t *compound,
                                           fo_token_fn fn, void *ctx,
                                           int *stop)
{
	unsigned char win[32] = { 0 };
	char has_digit[FO_SEG_MAX_PARTS];
	size_t i, j, jl = 0, a, n;
	uint64_t w0, w1;
	folio_status rc;
	fo_token tok;
	int digits = 0, keep_joiner = 0;

	/* the compound's bytes, zero padded (it ends within 16 bytes) */
	n = c->end - c->start;
	memcpy(win, text + c->start,
	       text_len - c->start < 16 ? text_len - c->start : 16);
	for (i = 0; i < c->n_parts; i++) {
		a = c->parts[i].start - c->start;
		memcpy(&w0, win + a, 8);
		memcpy(&w1, win + a + 8, 8);
		w0 |= 0x2020202020202020ull;
		w1 |= 0x2020202020202020ull;
		fo_stem_prefix(&w0, &w1, c->parts[i].end - c->parts[i].start);
		memcpy(an->terms[i], &w0, 8);
		memcpy(an->terms[i] + 8, &w1, 8);
		an->term_len[i] = c->parts[i].end - c->parts[i].start;
		has_digit[i] = (char)fo_ascii_has_digit(w0, w1);
		digits |= has_digit[i];
		keep_joiner |= c->parts[i].joiner == '_' ||
		               c->parts[i].joiner == '.';
	}
	/* hyphens go (free-threaded -> freethreaded); '_' and '.' stay */
	for (j = 0; j < n; j++) {
		unsigned char b = win[j];

		if (b != '-')
			an->joined[jl++] = (char)(b >= 'A' && b <= 'Z' ?
			                                  b | 0x20 : b);
	}
	an->joined[jl] = '\0';
	tok.term = an->joined;
	tok.len = jl;
	tok.pos = *pos;
	tok.start = c->start;
	tok.end = c->end;
	tok.kind = FO_TOK_JOINED;
	tok.compound = *compound;
	tok.n_parts = c->n_parts;
	rc = fo_emit(an, &tok, !digits && !keep_joiner, fn, ctx, stop);
	for (i = 0; i < c->n_parts && rc == FOLIO_OK && !*stop; i++) {
		tok.term = an->terms[i];
		tok.len = an->term_len[i];
		tok.start = c->parts[i].start;
		tok.end = c->parts[i].end;
		tok.pos = (*pos)++;
		tok.kind = FO_TOK_PART;
		rc = fo_emit(an, &tok, !has_digit[i], fn, ctx, stop);
	}
	(*compound)++;
	return rc;
}

/*
 * The first raw apostrophe in text[p..end), which a part's term holds as
 * its first "'", and its length in *n: ', U+2019 or U+02BC
 * (fo_seg_apostrophe_at; U+02BC only since revision 4, and before it a term
 * whose first "'" follows an elided word or a Turkish name has none
 * before that). NFKC makes one of U+0149 (ŉ: U+02BC n) too, which is no
 * apostrophe in the text: then end, with *n 0.
 */
static size_t fo_raw_apostrophe(const char *text, size_t p, size_t end,
                                size_t *n)
{
	for (; p < end; p++)
		if ((*n = fo_seg_apostrophe_at((const unsigned char *)text, end,
		                               p, 1)))
			return p;
	*n = 0;
	return end;
}

/*
 * Drop the elided word that starts the compound's first part, from its
 * term and its span (l'index: index, spanning "index"; rule 3 of
 * doc/analyzer.md): it takes no position, as in Lucene's ElisionFilter,
 * so "l'index inversé" and "index inversé" are one phrase. 1 if it did.
 */
static int fo_drop_elided(fo_analyzer *an, const char *text)
{
	size_t k = fo_elided(an->elision, an->terms[0], an->term_len[0]);
	size_t n, p;

	if (!k)
		return 0;
	p = fo_raw_apostrophe(text, an->start[0], an->end[0], &n);
	if (!n)
		return 0;
	memmove(an->terms[0], an->terms[0] + k, an->term_len[0] - k + 1);
	an->term_len[0] -= k;
	an->start[0] = p + n;
	return 1;
}

/*
 * Drop the suffix after an apostrophe from each part of the compound,
 * from its term and its span (Turkish İstanbul'da: istanbul, spanning
 * "İstanbul"), as Lucene's ApostropheFilter does. 1 if it cut the last
 * part, whose end is then the compound's.
 */
static int fo_drop_suffixes(fo_analyzer *an, const char *text, unsigned n)
{
	size_t k, len, p;
	unsigned i;
	int last = 0;

	for (i = 0; i < n; i++) {
		k = fo_before_suffix(an->terms[i], an->term_len[i]);
		if (k == an->term_len[i])
			continue;
		p = fo_raw_apostrophe(text, an->start[i], an->end[i], &len);
		if (!len)
			continue;
		an->terms[i][k] = '\0';
		an->term_len[i] = k;
		an->end[i] = p;
		last = i + 1 == n;
	}
	return last;
}

static folio_status fo_emit_compound(fo_analyzer *an, const char *text,
                                     const fo_seg_compound *c,
                                     uint32_t *pos, uint32_t *compound,
                                     fo_token_fn fn, void *ctx, int *stop)
{
	fo_token tok;
	folio_status rc = FOLIO_OK;
	unsigned i, n = 0;
	size_t jl = 0, start = c->start, end = c->end;

	rc = fo_normalize_parts(an, text, c, &n);
	if (rc != FOLIO_OK || n == 0)
		goto out;
	/* only words with an apostrophe come here with one: the fast
	 * paths of plain words and compounds never pay for this */
	if (an->elision && !c->leading_dot && fo_drop_elided(an, text))
		start = an->start[0];
	if (an->suffixes && fo_drop_suffixes(an, text, n))
		end = an->end[n - 1];

	memset(&tok, 0, sizeof(tok));
	tok.compound = *compound;
	tok.n_parts = n;
	if (n == 1 && !c->leading_dot && !c->suffix_len) {
		fo_part_token(an, 0, &tok);
		tok.pos = (*pos)++;
		tok.kind = FO_TOK_WORD;
		rc = fo_emit_raw(an, text, &tok,
		                 fo_term_stemmable(tok.term, tok.len), fn, ctx,
		                 stop);
		goto done;
	}

	if (c->leading_dot)
		an->joined[jl++] = '.';
	for (i = 0; i < n; i++) {
		/* hyphens go (free-threaded -> freethreaded); '_' and '.' are
		 * part of identifiers and version numbers */
		if (i > 0 && (an->joiner[i] == '_' || an->joiner[i] == '.'))
			an->joined[jl++] = an->joiner[i];
		memcpy(an->joined + jl, an->terms[i], an->term_len[i]);
		jl += an->term_len[i];
	}
	memcpy(an->joined + jl, c->suffix, c->suffix_len);
	jl += c->suffix_len;
	jl = fo_utf8_cut(an->joined, jl, FO_MAX_TERM_BYTES);
	an->joined[jl] = '\0';
	tok.term = an->joined;
	tok.len = jl;
	tok.pos = *pos;
	tok.start = start;
	tok.end = end;
	tok.kind = FO_TOK_JOINED;
	rc = fo_emit(an, &tok, fo_term_stemmable(tok.term, tok.len), fn, ctx,
	             stop);
	if (rc != FOLIO_OK || *stop)
		goto done;
	for (i = 0; i < n; i++) {
		fo_part_token(an, i, &tok);
		tok.pos = (*pos)++;
		tok.kind = FO_TOK_PART;
		rc = fo_emit_raw(an, text, &tok,
		                 fo_term_stemmable(tok.term, tok.len), fn, ctx,
		                 stop);
		if (rc != FOLIO_OK || *stop)
			goto done;
	}
done:
	(*compound)++;
out:
	return rc;
}

folio_status fo_analyze(fo_analyzer *an, const char *text, size_t len,
                        fo_token_fn fn, void *ctx)
{
	fo_segmenter sg;
	fo_seg_compound c;
	uint32_t pos = 0, compound = 0;
	folio_status rc = FOLIO_OK;
	fo_short_word w[2], *a = &w[0], *b = &w[1], *t;
	size_t n;
	int stop = 0, have = 0;

	fo_seg_init(&sg, text, len);
	sg.versioned = an->revision >= FO_ANALYZER_VERSIONED;
	sg.cjk_bounds = an->revision >= FO_ANALYZER_SCRIPTS;
	sg.modifier_apostrophe = an->revision >= FO_ANALYZER_SCRIPTS;
	sg.fullwidth_joiners = an->revision >= FO_ANALYZER_WIDTH;
	sg.suffix_apart = an->revision >= FO_ANALYZER_SUFFIX;
	sg.fullwidth_suffix = an->revision >= FO_ANALYZER_SUFFIX;
	sg.apostrophe_humps = an->revision >= FO_ANALYZER_HUMPS;
	/* short words are handed over one behind the scan: word a waits
	 * while the next one, b, is found and its front set fetched */
	while (!stop) {
		n = fo_seg_next_short(&sg, &c, &b->start, &b->digits);
		if (n && n != FO_SEG_SHORT_COMPOUND) {
			b->n = n;
			fo_short_term(an, text, len, b);
		}
		if (have) {
			have = 0;
			rc = fo_emit_short(an, a, &pos, &compound, fn, ctx,
			                   &stop);
			if (rc != FOLIO_OK || stop)
				break;
		}
		if (n == FO_SEG_SHORT_COMPOUND) {
			rc = fo_emit_ascii_compound(an, text, len, &c, &pos,
			                            &compound, fn, ctx, &stop);
			if (rc != FOLIO_OK)
				break;
			continue;
		}
		if (n) {
			t = a;
			a = b;
			b = t;
			have = 1;
			continue;
		}
		if (!fo_seg_next(&sg, &c))
			break;
		if (c.simple)
			/* the word ends where the segmenter stopped; reading
			 * c.end next to c.start let the compiler load both as
			 * one 16-byte word right after fo_seg_next stored them
			 * as two, a store-forwarding stall that perf showed as
			 * a quarter of fo_analyze's time */
			rc = fo_emit_simple(an, text, len, &c, sg.pos, &pos,
			                    &compound, fn, ctx, &stop);
		else if (c.cjk)
			rc = fo_emit_cjk(an, text, &c, &pos, &compound, fn, ctx,
			                 &stop);
		else
			rc = fo_emit_compound(an, text, &c, &pos, &compound,
			                      fn, ctx, &stop);
		if (rc != FOLIO_OK)
			break;
	}
	return rc;
}

/* What fo_analyzer_find_cut looks for in one run. */
typedef struct fo_cut_scan {
	size_t start, end;
	int found;
} fo_cut_scan;

/* A term is cut at a UTF-8 boundary, so up to 3 bytes short of the limit;
 * a raw word longer than the limit with a term that long was cut. (Only a
 * word that loses marks in normalisation to land exactly there is taken
 * for cut without being so.) */
static int fo_on_cut_token(const fo_token *tok, void *ctx)
{
	fo_cut_scan *s = ctx;

	if (tok->kind == FO_TOK_JOINED || tok->end - tok->start <= FO_MAX_TERM_BYTES ||
	    tok->len + 3 < FO_MAX_TERM_BYTES)
		return 0;
	s->start = tok->start;
	s->end = tok->end;
	s->found = 1;
	return 1;
}

/* The exact check behind the fast scan: analyse, byte by byte from run,
 * the runs longer than a term until one ends at or past *j (or the text
 * does); *j becomes the position after that run's separator. */
static int fo_check_runs(fo_analyzer *an, const char *text, size_t len,
                         size_t run, size_t *j, fo_cut_scan *scan)
{
	size_t i = run;

	for (;;) {
		while (i < len && (unsigned char)text[i] > ' ')
			i++;
		if (i - run > FO_MAX_TERM_BYTES) {
			if (fo_analyze(an, text + run, i - run, fo_on_cut_token,
			               scan) != FOLIO_OK)
				return -1;
			if (scan->found) {
				scan->start += run;
				scan->end += run;
				return 1;
			}
		}
		if (i >= len || i >= *j) {
			*j = i + 1;
			return 0;
		}
		run = ++i;
	}
}

int fo_analyzer_find_cut(fo_analyzer *an, const char *text, size_t len,
                         size_t *start, size_t *end)
{
	fo_cut_scan scan = { 0, 0, 0 };
	size_t run = 0, j = 0, next;
	uint64_t sep;
	int rc = 0;

	/* White space, control characters and NUL separate words (rule 1 of
	 * doc/analyzer.md), so a cut word lies inside one run of more than
	 * FO_MAX_TERM_BYTES bytes above 0x20. Eight bytes at a time, run is
	 * kept at or before the current run's start (after the first
	 * separator of a block, the one found exactly); only a run that may
	 * be too long gets the exact check. */
	while (rc == 0 && j + 8 <= len) {
		/* bytes below 0x21: space, control characters, NUL */
		sep = fo_swar_less_mask(fo_swar_load(text + j), 0x21);
		/* the first separator in the block, or the block's end */
		next = j + (sep ? (size_t)__builtin_ctzll(sep) / 8 : 8);
		if (next - run > FO_MAX_TERM_BYTES) {
			j = next;
			rc = fo_check_runs(an, text, len, run, &j, &scan);
			run = j;
			continue;
		}
		if (sep)
			run = next + 1;
		j += 8;
	}
	if (rc == 0 && run < len && len - run > FO_MAX_TERM_BYTES) {
		j = len;
		rc = fo_check_runs(an, text, len, run, &j, &scan);
	}
	if (rc == 1) {
		*start = scan.start;
		*end = scan.end;
	}
	return rc;
}
