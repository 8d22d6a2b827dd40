/*
 * analyzer.h: turns text into index terms. One analyzer serves documents
 * and queries alike, so that what is indexed and what is searched always
 * agree (the rules are in doc/analyzer.md).
 *
 * Pipeline per token: segmentation of the raw UTF-8 (word boundaries with
 * technical tailoring) -> normalisation of the token (NFKC, case folding,
 * diacritics removed) -> Snowball stemming of purely alphabetic words.
 */
#ifndef FOLIO_ANALYZER_H
#define FOLIO_ANALYZER_H

#include "folio.h"

#include <stddef.h>
#include <stdint.h>

/* Terms longer than this many bytes are cut at a UTF-8 boundary. Xapian's
 * hard limit is about 245 bytes including the prefix (limitations.rst);
 * TermGenerator's default maximum word length is 64. */
#define FO_MAX_TERM_BYTES 64

typedef struct fo_analyzer fo_analyzer;

/** What a token is within its compound (see doc/analyzer.md). */
typedef enum fo_token_kind {
	FO_TOK_WORD = 0, /* a plain word: it is its own compound */
	FO_TOK_PART,     /* one part of a compound, e.g. "free" of free-threaded */
	FO_TOK_JOINED    /* the whole compound as one term, e.g. "freethreaded";
	                    emitted before its parts, at the first part's position */
} fo_token_kind;

typedef struct fo_token {
	const char *term; /* normalised, NUL-terminated; valid during the callback */
	size_t len;
	const char *stem; /* NUL-terminated stem, or NULL when the token is not
	                     stemmed (it has digits or symbols) or stem == term */
	size_t stem_len;
	uint32_t pos;     /* word position, from 0 at the start of the call */
	size_t start, end; /* the token's byte span in the input text */
	fo_token_kind kind;
	uint32_t compound; /* tokens of one compound share this number */
	uint32_t n_parts;  /* parts in the compound (1 for FO_TOK_WORD) */
} fo_token;

/* Return non-zero to stop the analysis early. */
typedef int (*fo_token_fn)(const fo_token *tok, void *ctx);

/**
 * Create an analyzer stemming with the Snowball algorithm language (any
 * name sb_stemmer_list() reports, or "none"; NULL means "english").
 * FOLIO_ERROR_INVALID for an unknown language.
 */
folio_status fo_analyzer_new(const char *language, fo_analyzer **out);
void fo_analyzer_free(fo_analyzer *an);
const char *fo_analyzer_language(const fo_analyzer *an);

/*
 * Analyzer revisions: a change to the tokens of some language that a
 * new index takes and an index built before it must not (its posts hold
 * the old terms, and its queries must ask for those). An index records
 * the revision it was built with (metadata folio.analyzer; none before
 * revision 2) and analyses with it until its next full build, so that
 * such a change needs no new index format, which would make every index
 * be rebuilt. 1: the first. 2 (FO_ANALYZER_ELISION): French, Italian,
 * Catalan and Irish drop elided articles (l'index: index). 3
 * (FO_ANALYZER_VERSIONED), every language: a version after "++" is the
 * next part of its name (C++20: c++20 joined, c++ and 20; was c, 20).
 * 4 (FO_ANALYZER_SCRIPTS), every language: the voiced sound marks of
 * kana are kept (パス and バス were both ハス); a CJK character bounds
 * C++, C# and .NET as a space does (C#で: c#, was c); Turkish drops the
 * suffix after an apostrophe (İstanbul'da: istanbul); the Arabic tatweel
 * is dropped (العـــربية: العربية); U+02BC is an apostrophe (donʼt:
 * don't). 5 (FO_ANALYZER_WIDTH), every language: the full-width
 * hyphen, full stop and low line join a compound as '-', '.' and '_' do
 * (ｆｒｅｅ－ｔｈｒｅａｄｅｄ: freethreaded joined, free and threaded;
 * Ｎｏｄｅ．ｊｓ: node.js; were free, threaded and node, js). 6
 * (FO_ANALYZER_SUFFIX), every language: a +/# suffix after a name of 3
 * letters or more is the JOINED term's, and the name a part (GTK+: gtk+
 * joined and gtk; Notepad++: notepad++ and notepad; were gtk+ and
 * notepad++ alone); C++, C# and F# stay as they were; the full-width
 * plus and number sign make a suffix as + and # do (Ｃ＋＋: c++, was c).
 * 7 (FO_ANALYZER_HUMPS), every language: a word with an apostrophe
 * splits at its camelCase humps, so that the word an elided article or
 * a Turkish suffix leaves is parted as it is alone (d'OpenAI: openai
 * joined, open and ai; GitHub'da: github, git and hub; were openai and
 * github alone).
 */
#define FO_ANALYZER_REVISION 7
/* the same, as the text an index records */
#define FO_ANALYZER_TEXT_(n)      #n
#define FO_ANALYZER_TEXT(n)       FO_ANALYZER_TEXT_(n)
#define FO_ANALYZER_REVISION_TEXT FO_ANALYZER_TEXT(FO_ANALYZER_REVISION)
#define FO_ANALYZER_ELISION       2
#define FO_ANALYZER_VERSIONED     3
#define FO_ANALYZER_SCRIPTS       4
#define FO_ANALYZER_WIDTH         5
#define FO_ANALYZER_SUFFIX        6
#define FO_ANALYZER_HUMPS         7

/* Analyse as revision revision (1 up to FO_ANALYZER_REVISION) does; a
 * new analyzer is of FO_ANALYZER_REVISION. */
void fo_analyzer_set_revision(fo_analyzer *an, unsigned revision);
unsigned fo_analyzer_revision(const fo_analyzer *an);

/* Whether an drops elided articles (its language has them and its
 * revision drops them): then its tokens, not only its stems, are the
 * language's own. */
int fo_analyzer_elides(const fo_analyzer *an);

/**
 * The stem that analysing term[0..len), a normalised lower-case word,
 * would give it: *stem is NULL when the term is not stemmed (digits or
 * symbols) or is its own stem, as in fo_token. For terms the indexer
 * derives from tokens (a compound's camelCase run, a name without its
 * dots), which a query can type as a word: their stems must be the ones
 * the query's analysis gives. *stem is valid until the next call on an.
 */
folio_status fo_analyzer_stem(fo_analyzer *an, const char *term, size_t len,
                              const char **stem, size_t *stem_len);

/**
 * Whether raw[0..n), a word as written, is an acronym's plural: two or
 * more capital letters and a lowercase s (GPUs, LLMs, VMs). Its stem, in
 * every stemming language, is its term without the s (gpu), which the
 * term alone (gpus) no longer shows.
 */
int fo_acronym_plural(const char *raw, size_t n);

/**
 * A joined name of letters that keeps its dots or underscores (node.js,
 * asp.net, pg_stat_activity) without them, as people type it (nodejs),
 * into buf: its length, or 0 when tok is no such name (not a joined
 * token, a digit in it: 3.14 is not 314, nor x86_64 x8664). The indexer
 * indexes that term too, and the highlighter marks the name for it:
 * hyphenated compounds are joined that way already.
 */
size_t fo_token_squeezed(const fo_token *tok, char buf[FO_MAX_TERM_BYTES]);

/**
 * Segment, normalise and stem text[0..len), calling fn for each token in
 * order. Invalid UTF-8 bytes act as separators. Positions start at 0 and
 * the caller offsets them. Returns FOLIO_ERROR_NOMEM on allocation failure.
 */
folio_status fo_analyze(fo_analyzer *an, const char *text, size_t len,
                        fo_token_fn fn, void *ctx);

/**
 * Find the first word of text[0..len) whose term is cut at
 * FO_MAX_TERM_BYTES, so that the rest of it cannot be searched (the
 * joined form of a compound does not count: its parts stay searchable).
 * Returns 1 and the word's raw byte span in *start, *end; 0 when no word
 * is cut. Cheap on ordinary text: only runs of more than FO_MAX_TERM_BYTES
 * bytes without white space are analysed. FOLIO_ERROR_NOMEM is reported
 * as -1.
 */
int fo_analyzer_find_cut(fo_analyzer *an, const char *text, size_t len,
                         size_t *start, size_t *end);

/**
 * Normalise a field value as a whole (case folding, NFKC, diacritics
 * removed, runs of white space as one space, trimmed) into a malloc'd
 * string for boolean filter terms like company:"Red Hat". NULL on
 * allocation failure.
 */
char *fo_normalize_value(const char *text, size_t len);

/* Collapse the runs of white space (Unicode's) in s[0..len) to one space,
 * trimmed, in place; the new length, s NUL-terminated there. */
size_t fo_collapse_space(char *s, size_t len);

/* What a character is to folio: white space is Unicode's White_Space
 * (ASCII's, U+0085, the Zs spaces such as the no-break U+00A0 and the
 * ideographic U+3000, U+2028 and U+2029), as fo_collapse_space has it; a
 * control character is any other of category Cc. The analyzer reads all
 * but text as a break between words (doc/analyzer.md rule 1); the query
 * language parts its tokens at white space and control characters
 * (qlex.c fo_qlex_space). */
typedef enum fo_char_kind {
	FO_CHAR_TEXT,
	FO_CHAR_SPACE,
	FO_CHAR_CONTROL,
	FO_CHAR_NOT_UTF8
} fo_char_kind;

/* The kind of the character at s[0..len) (len > 0); its length in *n (1
 * for a byte that is not UTF-8), its code point (or that byte) in *cp
 * unless cp is NULL. */
fo_char_kind fo_char_kind_at(const char *s, size_t len, size_t *n, int32_t *cp);

/* Whether s (NUL-terminated) is empty or white space alone (Unicode's:
 * a no-break space, an ideographic space), as fo_collapse_space would
 * leave it empty. */
int fo_is_blank(const char *s);

/* Whether text[0..len) has both an upper and a lower case letter, in
 * Unicode's categories (a title-case letter, ǅ, is both): "Éclair" has,
 * "ÉCLAIR" has not. */
int fo_mixed_case(const char *text, size_t len);

#endif
