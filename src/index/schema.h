/*
 * schema.h: how a post is laid out in the Xapian database: term prefixes,
 * value slots and the positions of its fields. Indexing (indexer.c) and
 * searching (src/search) both read it, so they cannot drift apart.
 * Prefix letters follow Xapian's conventions (omega's termprefixes.rst):
 * Z for stems, Q for the unique id, X for multi-letter field prefixes.
 */
#ifndef FOLIO_SCHEMA_H
#define FOLIO_SCHEMA_H

/* Probabilistic terms (they score). The free text of every field is
 * indexed unprefixed, exact forms with positions; stems go under Z only
 * when they differ from the exact form, so no term is stored twice. */
#define FO_PREFIX_STEM "Z"
#define FO_PREFIX_TITLE "S"       /* title words, for title: queries */
#define FO_PREFIX_TITLE_STEM "ZS"
/* Words of the metadata fields, for company:, author:, type: and topic:
 * queries (positional, so company:"Red Hat" is a phrase). Boolean values
 * are case-folded, so no XC value can start with the W of XCW. */
#define FO_PREFIX_COMPANY_WORD "XCW"
#define FO_PREFIX_COMPANY_STEM "ZXCW"
#define FO_PREFIX_AUTHOR_WORD "XAW"
#define FO_PREFIX_AUTHOR_STEM "ZXAW"
#define FO_PREFIX_TYPE_WORD "XTW"
#define FO_PREFIX_TYPE_STEM "ZXTW"
#define FO_PREFIX_TOPIC_WORD "XPW"
#define FO_PREFIX_TOPIC_STEM "ZXPW"

/* Boolean filter terms (no wdf, never score): whole normalised values. */
#define FO_PREFIX_URL "Q"      /* the unique id: the URL */
#define FO_PREFIX_COMPANY "XC"
#define FO_PREFIX_AUTHOR "XA"
#define FO_PREFIX_TYPE "XT"
#define FO_PREFIX_TOPIC "XP"
#define FO_PREFIX_HOST "XH"     /* the URL host and each parent domain */
#define FO_PREFIX_YEAR "Y"

/* Value slots: sorting, ranges and facets. */
enum fo_slot {
	FO_SLOT_DATE = 0,    /* "YYYY-MM-DD": byte order is date order */
	FO_SLOT_HASH = 1,    /* content hash, 16 hex digits (change detection) */
	FO_SLOT_COMPANY = 2, /* display value, for facets */
	FO_SLOT_TYPE = 3,
	FO_SLOT_YEAR = 4,
	FO_SLOT_TOPICS = 5,  /* every topic, NUL-separated (topic facets) */
	/* Relevance ties: "YYYY-MM-DD" ("0000-00-00" undated) and the content
	 * hash, sorted descending after the weight, so equal scores go newest
	 * first and never by docid (docids differ between shard layouts).
	 * One slot, because a remote shard (xapian-tcpsrv 1.4) can sort by a
	 * value but not by a KeyMaker. */
	FO_SLOT_TIE = 6,
	/* Ascending dates: "YYYY-MM-DD", "~" (after every digit) when the
	 * post has none, so that undated posts come last as a plain value
	 * sort, which remote shards can do too (a KeyMaker cannot run on
	 * xapian-tcpsrv 1.4). */
	FO_SLOT_DATE_LAST = 7,
	/* fo_url_hash of the URL, 8 bytes, most significant first
	 * (fo_url_hash_value): with FO_SLOT_HASH, what a run reads in one
	 * pass to compare its posts with (known.h). */
	FO_SLOT_URL = 8
};
#define FO_UNDATED_LAST "~"

/* The separator of the values in FO_SLOT_TOPICS. */
#define FO_TOPIC_SEP '\0'


/* Within-document frequency added per occurrence. Title words count three
 * times a summary word: a post is mostly about what its title says. */
#define FO_WDF_TITLE 3
#define FO_WDF_SUMMARY 1
#define FO_WDF_META 1

/* Gap between the position ranges of fields, so that no phrase, and no
 * NEAR of fewer than FO_FIELD_GAP words, matches across the end of one
 * field into the next. A wider NEAR (up to NEAR/1000) can: raising the
 * gap changes every post's positions, a new index format. */
#define FO_FIELD_GAP 100

/* Xapian's term limit is 245 bytes: a boolean term (prefix and value) is
 * kept to this, well below it. */
#define FO_MAX_BOOLEAN_TERM 240

/* Metadata keys. */
#define FO_META_FORMAT "folio.format"
#define FO_META_LANGUAGE "folio.language"
/* The analyzer revision the index was built with (analyzer.h
 * FO_ANALYZER_REVISION), which its queries and incremental runs keep to
 * until its next full build; an index without it was built before
 * revision 2 and is of revision 1. */
#define FO_META_ANALYZER "folio.analyzer"
#define FO_META_BUILT "folio.built"     /* UTC time of the last full build */
#define FO_META_UPDATED "folio.updated" /* UTC time of the last run */
#define FO_META_CORPUS "folio.corpus"   /* its paths, one per line */
/* In each shard of a sharded generation: the number of the writer's last
 * commit, which it writes into every shard before committing them one by
 * one, so that a reader can tell a commit it sees in some shards only
 * (bridge_shard.cc). */
#define FO_META_COMMIT "folio.commit"
/* In each database of a full build: which build and which of its shards
 * it is, "ID K N BUILT" (a random 128-bit ID in hex shared by the build's
 * N databases, K from 0 as in shard-K, BUILT its UTC time), so that a
 * reader can tell shards of one build listed incompletely or twice, or
 * of two builds mixed (api/shardid.c). Incremental runs keep it. */
#define FO_META_SHARD "folio.shard"
/* 2: field word terms, parent-domain host terms, the topics slot (and
 * since 2026-11-30 joined names also without their dots and
 * underscores: an older format-2 index finds "nodejs" only in posts
 * indexed since, until folio index --rebuild). 3: letters with a stroke
 * folded, æ, œ and þ written out (normalize.c), and the
 * FO_SLOT_DATE_LAST slot: a format-2 index holds "łodz" where a query
 * now asks for "lodz", so it must be rebuilt. 4: a camelCase run in a
 * longer compound also indexed joined (indexer.c add_run: pyarrow of
 * PyArrow-backed) and an acronym's plural stemmed to the acronym
 * (analyzer.c fo_acronym_plural: GPUs under Zgpu), which unchanged posts
 * of a format-3 index would never get from an incremental run. 5: the
 * stems of those runs and of names without their dots (nodej of
 * node.js), so that every post holding a word holds its stem, which
 * queries now rely on (query.c word_query): a format-4 post with
 * node.js would no longer be found by nodejs. Changes of some tokens
 * that an index can keep to until it is rebuilt are analyzer revisions
 * instead (FO_META_ANALYZER). */
#define FO_FORMAT_VERSION "5"

#endif
