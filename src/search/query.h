/*
 * query.h: turning a parsed query (qparse.h) into a Xapian query, with
 * the same analyzer that indexed the posts, and remembering what it looks
 * for: the highlight units snippets mark, the weighted units --explain
 * reports, and the words spelling suggestions may correct.
 */
#ifndef FOLIO_QUERY_H
#define FOLIO_QUERY_H

#include "analyzer/analyzer.h"
#include "search/qparse.h"
#include "xapian/bridge.h"

#include <stdint.h>

/* How free words are joined when no operator is given. */
typedef enum fo_defop {
	FO_DEFOP_AUTO = 0, /* AND up to and_max_words words, else OR */
	FO_DEFOP_AND,
	FO_DEFOP_OR
} fo_defop;

/* Ranking knobs. Defaults (fo_rank_default) were tuned on half of the
 * known-item dev queries with bench/relevance (README "Relevance"). */
typedef struct fo_rank {
	double k1, b, min_normlen; /* BM25Weight (bm25.rst) */
	double delta;         /* > 0: BM25+ with this lower bound */
	double exact_weight;  /* scale of the exact form's own term */
	double exact_share;   /* a word's exact form in at least this share
	                         of the posts its stem finds, */
	double exact_min;     /* and in more than this share of all posts,
	                         is weighed with the stem (0: never) */
	double title_weight;  /* scale of the extra title-field term */
	double pair_weight;   /* scale of each adjacent-pair proximity boost */
	unsigned pair_window; /* the window of those pairs */
	double coord_weight;  /* per word matched, for OR-joined words */
	double join_weight;   /* adjacent words as one (feed parser:
	                         feedparser), the reverse of compounds */
	double abbrev_weight; /* title identifier parts that abbreviate a
	                         word: dev, doc, lib for development, ... */
	double and_pair_weight; /* the phrase boost of AND-joined words */
	double compound_weight; /* the phrase of a compound's parts */
	double common_ratio;    /* ranked words in more posts than this share
	                           are left out where rarer words are
	                           typed (0: off) */
	double cover_penalty; /* second phase (cover.h): per uncovered */
	double cover_bonus;   /* and per covered title word */
	unsigned cover_window; /* rescore this many first hits (0: none) */
	double acronym_weight; /* title parts spelled by the initials of
	                          adjacent words: dpm for Debian package
	                          manager */
	fo_defop defop;
	unsigned and_max_words; /* AUTO: up to this many words typed, all
	                           must match; more are ranked */
} fo_rank;

void fo_rank_default(fo_rank *r);

/* Identifiers abbreviate words by their start: a title part of at least
 * FO_ABBREV_MIN bytes that begins a word and is shorter than it (dev,
 * devel for development; lib for library; doc for documentation) matches
 * it. Only words of letters at least twice that long are abbreviated:
 * identifiers and numbers are not. */
#define FO_ABBREV_MIN 3
int fo_abbreviable(const char *word);

/* A prefix searches at most this many of its words, the most frequent. */
#define FO_PREFIX_MAX 128

/* What snippets highlight: one unit per positive free-text word, phrase,
 * compound or prefix of the query. */
typedef enum fo_hlkind {
	FO_HL_WORD,    /* term or any form with stem */
	FO_HL_EXACT,   /* term only (a quoted word) */
	FO_HL_PREFIX,  /* any term starting with term, or seq[0..n) in
	                  sequence, the last starting with seq[n - 1] */
	FO_HL_SEQ,     /* seq[0..n) at consecutive positions (a phrase) */
	FO_HL_COMPOUND /* the joined term/stem, or its parts in sequence */
} fo_hlkind;

typedef struct fo_hlunit {
	fo_hlkind kind;
	char *term;
	char *stem; /* NULL when the term is its own stem */
	char **seq;
	size_t n_seq;
	/* A word of a NEAR (near > 0, the NEAR's number in the query): it
	 * is marked only where near_window positions hold it and a match
	 * of each other word of that NEAR, each at a position of its own
	 * (a compound to its last part), its bit near_bit among them. */
	unsigned near, near_bit, near_window;
	/* A NEAR's word that the NEAR finds written with a dot (nodejs
	 * of Node.js: near.c word_tail), which marks its squeezed term;
	 * another NEAR's word never does, as that NEAR finds no such
	 * post by it. */
	int near_squeezed;
	/* Free words written as one (boosts.c fo_qc_joined_pairs:
	 * freethreaded of "free threaded"): marks a word or part so
	 * written, not a compound or camelCase run spelling it, whose
	 * parts the words mark themselves. */
	int one_word;
	/* The places a NEAR's words' compounds widen its window by in
	 * the search where the index holds them (near.c word_tail): its
	 * window, so widened, marks a post that no window of the places
	 * the text's words take holds, which the search found all the
	 * same (a word split in two and in three takes the window of the
	 * three, doc/analyzer.md). */
	unsigned near_slack;
	/* 1 + the unit of the free word typed next after this one (both
	 * plain words, unquoted, side by side in the query), 0 if none: a
	 * snippet window where the two stand so in the text wins a tie of
	 * distinct words (snippet.c). */
	size_t next_typed;
} fo_hlunit;

typedef struct fo_termset {
	fo_hlunit *units;
	size_t n, cap;
} fo_termset;

/* One weighted part of the query, for explanations. */
typedef struct fo_qunit {
	char *label;   /* what the user typed, as analysed: "lock", "\"a b\"" */
	const char *how;   /* "exact", "stem", "phrase", "prefix", "title",
	                      "acronym", "version", "proximity",
	                      "coordination" */
	const char *field; /* "text", "title", "company", ... */
	double scale;  /* the query's weight factor for this unit */
	/* Non-NULL: the unit's term counts twice, also as also_how at
	 * also_scale, the query scaling it by scale + also_scale; an
	 * explanation shows the two parts (fo_qc_unit_twice). */
	const char *also_how;
	double also_scale;
	char **terms;  /* Xapian terms whose statistics are reported */
	size_t n_terms;
} fo_qunit;

/* A query word the spelling suggester may correct. */
typedef struct fo_qword {
	size_t start, end; /* byte span in the query text */
	char *term;        /* the exact (normalised) term */
	char *stem;        /* its stem's term, prefixed as indexed: a word
	                      the index holds in another form (years for
	                      year) is no typo */
	char *bare;        /* that stem as a word's term (raft of rafts),
	                      which the index holds in place of a Z term
	                      where the stem is a word of its own; NULL
	                      when it is the term */
	const char *prefix; /* of the terms it is spelt against: "" for the
	                       text (and titles), a field's word prefix */
	int common;         /* term is in so many posts that the query
	                       leaves it out (fo_qc_common_word) */
	uint64_t posts;     /* the term's frequency where the compiler read
	                       it (boosts.c freq), else 0 */
} fo_qword;

typedef struct fo_compiled {
	fo_xquery *q;      /* NULL when the query has no words */
	fo_termset hl;       /* free words: marked in snippets and titles */
	fo_termset hl_title; /* title: words: marked in titles only */
	unsigned n_near;     /* NEARs numbered in hl and hl_title */
	fo_qunit *units;
	size_t n_units, cap_units;
	fo_qword *words;
	size_t n_words, cap_words;
	size_t n_free;     /* free words joined by the default operator */
	int ranked;        /* some free words are ORed, ranked by BM25 */
	/* What the query searched less of than it says: a prefix with more
	 * words than FO_PREFIX_MAX ("lib* matches 4224 words"), which a
	 * search says with what it did, and strict mode as an error. */
	fo_qnotice *notices;
	size_t n_notices, cap_notices;
} fo_compiled;

/* What the compiler may ask of the index (NULL: nothing). */
typedef struct fo_qstats {
	uint64_t (*termfreq)(void *ctx, const char *term); /* 0: unknown */
	/* Every indexed term starting with prefix, in byte order, to fn
	 * until it returns non-zero (NULL: not available). */
	folio_status (*terms)(void *ctx, const char *prefix, fo_xterm_fn fn,
	                      void *arg);
	void *ctx;
	uint64_t docs;
	/* Non-zero when termfreq is a local lookup (no remote shard): the
	 * boosts then leave out the candidate terms no post holds. */
	int local;
} fo_qstats;

/*
 * Compile tree (parsed from text) into out. relevance: the results are
 * ranked by score, so ranking-only boosts are added (those that add
 * matches are always there: every order lists the same posts). zero_unit: scale
 * the unit with this index to weight 0 (for explanations; -1 for none). stats:
 * term frequencies for rank->common_ratio and rank->exact_share (NULL: neither
 * applied).
 */
folio_status fo_query_compile(fo_analyzer *an, const char *text,
                              const fo_qnode *root, const fo_rank *rank,
                              int relevance, long zero_unit,
                              const fo_qstats *stats, fo_compiled *out);
void fo_compiled_free(fo_compiled *c);

/*
 * Parse (leniently) and compile text with the default ranking, for tests
 * and simple callers. out->q is NULL when the text has no words.
 */
folio_status fo_query_build(fo_analyzer *an, const char *text,
                            fo_compiled *out);

#endif
