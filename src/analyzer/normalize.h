/*
 * normalize.h: per-token normalisation for the analyzer (internal): NFKC,
 * case folding and diacritics removed, with an ASCII fast path.
 */
#ifndef FOLIO_ANALYZER_NORMALIZE_H
#define FOLIO_ANALYZER_NORMALIZE_H

#include "analyzer/analyzer.h"

#include <stddef.h>
#include <stdint.h>

/* Only this much of a raw token is normalised, so that a giant "word"
 * costs neither time nor memory beyond the scan that found it. */
#define FO_NORM_RAW_MAX (4 * FO_MAX_TERM_BYTES)

typedef struct fo_normalizer {
	int32_t *ucs;      /* code point scratch for utf8proc, reused */
	size_t cap;        /* in code points */
	unsigned revision; /* the analyzer revision whose folding it does
	                      (analyzer.h); fo_normalizer_init: the latest */
} fo_normalizer;

void fo_normalizer_init(fo_normalizer *nz);
void fo_normalizer_free(fo_normalizer *nz);

/*
 * Normalise the raw token raw[0..len) into out, which has room for
 * FO_MAX_TERM_BYTES + 1 bytes; the result is NUL-terminated and cut at a
 * UTF-8 boundary. Commas and spaces are dropped, also those produced by
 * compatibility forms (a comma only occurs in a token as digit grouping)
 * and U+2019 (and U+02BC since revision 4) becomes "'". Since revision 4
 * (FO_ANALYZER_SCRIPTS), the voiced sound marks of kana are kept (ガ stays ガ).
 * *out_len may be 0 when nothing is left. FOLIO_ERROR_NOMEM on allocation
 * failure.
 */
folio_status fo_normalize_token(fo_normalizer *nz, const char *raw,
                                size_t len, char *out, size_t *out_len);

/*
 * The NFKC stage of folding alone (utf8proc STABLE | COMPAT | COMPOSE), as
 * a malloc'd NUL-terminated string; NULL for invalid UTF-8 or on
 * allocation failure. Folding is this, then case folding, marks and
 * default ignorables removed; tests/unit/test_normalize.c checks both
 * against Unicode's NormalizationTest.txt.
 */
char *fo_normalize_nfkc(const char *text, size_t len);

/*
 * s's NFKC form when s is not ASCII but that form is, else NULL (free it;
 * NULL too for a NUL in s, which the form, a C string, would cut).
 * Full-width digits, hyphens and full stops (２０２６－０９, as an IME types
 * them) are read by the date parsers, of queries and of the corpus, as
 * the analyzer's NFKC makes them, as words are; a value it leaves other
 * than ASCII is read as typed.
 */
char *fo_normalize_ascii_form(const char *s, size_t len);

/* The longest prefix of s[0..len) of at most max bytes that does not end
 * inside a UTF-8 sequence. */
size_t fo_utf8_cut(const char *s, size_t len, size_t max);

#endif
