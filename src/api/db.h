/*
 * db.h: the folio_db handle behind the public API, shared by the
 * src/api files that implement it.
 */
#ifndef FOLIO_API_DB_H
#define FOLIO_API_DB_H

#include "folio.h"

#include "analyzer/analyzer.h"
#include "api/remote.h"
#include "search/query.h"
#include "util/buf.h"
#include "xapian/bridge.h"

#include <stdatomic.h>

/* How many times a reader tries a read that a writer's commits keep
 * overtaking (FOLIO_ERROR_MODIFIED: glass serves only the newest two
 * revisions, databases.rst) before it gives up. A writer committing every
 * post overtakes a facet search over thousands of posts a third of the
 * time. */
#define FO_READ_ATTEMPTS 8

/* How long a public call on a reader may wait behind a writer, all its
 * waits and reads made again together (fo_retry). */
#define FO_WAIT_SECONDS 2.0

/* The advice that ends a message about an index folio cannot use as it
 * is (advice.c fo_db_advise). Where it is written, it is recorded, so that
 * what passes the message on adds none twice: no matching of its text,
 * which a path or Xapian's words may hold too. */
typedef enum fo_advice {
	FO_ADVICE_NONE,
	FO_ADVICE_REBUILD, /* "; rebuild it with: folio index --rebuild ..." */
	FO_ADVICE_ASIDE,   /* "; move the index aside and index again" */
	FO_ADVICE_REPLICA, /* "; it is a replica: ... pull it again ..." */
	FO_ADVICE_SYNC     /* "; index it again with: folio index --db ..." */
} fo_advice;

/* What a generation Xapian cannot open may still record (fo_db_salvaged):
 * the corpus paths for the advice, the language for its rebuild. */
typedef enum fo_salvage {
	FO_SALVAGE_CORPUS,
	FO_SALVAGE_LANGUAGE,
	FO_SALVAGE_N
} fo_salvage;

struct folio_db {
	char *path; /* the index directory, as given: for messages */
	/* The same made absolute at open, for every file operation: a
	 * program may change its working directory while the handle is
	 * open (a daemon's chdir("/")), and a handle opens the stub and its
	 * generations again long after (a switch, a reopen). */
	char *dir;
	fo_xdb *xdb;
	fo_analyzer *an; /* built for the index's own language */
	int writable;
	int lock_fd;     /* writers: the index's write lock (lock.h); else -1 */
	fo_buf live;     /* the generation directory xdb has open ("" for a
	                    bare glass database) */
	fo_buf error;    /* folio_db_error(); reset by every call */
	fo_buf lent[3];  /* strings folio_db_stats lends the caller */
	/* folio_stats.corpus_paths, lent: the paths decoded one after
	 * another, and the array that points at each */
	char *corpus_text;
	const char **corpus_paths;
	uint64_t pending; /* changes since the last commit */
	fo_rank rank;     /* ranking knobs; set by the first search */
	int rank_set;
	size_t error_pos; /* folio_db_error_position() */
	fo_remotes remote; /* readers: remote shards searched too */
	int remote_only;  /* no local index: remote shards alone */
	/* The index's format when it is not this folio's (FO_FORMAT_VERSION),
	 * else NULL. Nothing may then read it; a writer may only replace it
	 * with a full build (upgrade.c), which clears this. */
	char *format;
	/* Writers opened with a language other than the index's (current
	 * format): the analyzer of the next full build (build.c), which
	 * becomes an once readers are switched to it. Until then the index
	 * keeps its language, and nothing else may write (index.c). */
	fo_analyzer *rebuild_an;
	/* Writers naming a language for an index that records one this
	 * folio does not know (a newer libstemmer's), that name: an and
	 * rebuild_an are both the one named, and only a full build may
	 * write (index.c), which clears this. */
	char *unknown_language;
	/* Readers: the generation followed records a language this folio
	 * does not know, so db->an is the one before it; every search asks
	 * again (fo_db_refresh) until a rebuild makes it readable. */
	int language_refused;
	/* Writers: the live generation is damaged (what and where, "FILE:
	 * why"), so db->xdb is an empty stand-in. Nothing may read or write
	 * it; a rebuild replaces it without reading it (build.c), which
	 * clears this. language_lost: its language could not be read
	 * either, so an is the one asked for, else english. */
	char *damage;
	char *damage_msg; /* what every other call fails with */
	/* What salvaged_from, the open directory that Xapian could not
	 * open, still records (fo_db_salvaged): read once, kept until the
	 * next call begins (fo_db_begin). */
	char *salvaged_from;
	char *salvaged[FO_SALVAGE_N];
	int language_lost;
	fo_advice damage_advice; /* the advice damage_msg ends with, at */
	size_t damage_advice_at; /* this byte */
	/* The advice that ends db->error, or the message of the open or
	 * refresh at work (its why), from byte advice_at: set by
	 * fo_db_advise alone, forgotten by fo_db_begin and fo_db_fail. */
	fo_advice advice;
	size_t advice_at;
	/* The deadline of the public call at work (its fo_retry's), for
	 * what reaches it through the handle: open_reader, fo_db_gave_up,
	 * the bridge's waits (fo_xdb_set_deadline). Set by fo_retry_start
	 * alone. */
	double deadline;
	/* folio_db_interrupt's flag, the one field any thread or a signal
	 * handler may touch at any time (index.c): FO_RUN_IDLE, or a
	 * folio_db_index_paths running (FO_RUN_BUSY), asked to stop
	 * (FO_RUN_STOP). */
	atomic_int run;
};

enum { FO_RUN_IDLE, FO_RUN_BUSY, FO_RUN_STOP };

/* Refuse call (its name) on db while a folio_db_index_paths runs on it:
 * a callback of the run calling on its handle (folio.h: it must not),
 * which would change what the run is doing under it. FOLIO_OK when
 * none runs; else the error text says why (the run's own, if it fails,
 * replaces it; folio_db_index_paths clears it if it succeeds). */
folio_status fo_db_refuse_nested(folio_db *db, const char *call);

/* Start a call: forget the previous call's error. */
void fo_db_begin(folio_db *db);

/* One public call on a reader and everything it does for it: its reads
 * made again, the search a suggestion check makes, a reopen, an open
 * following a rebuild's switch. All its waits behind a writer end at one
 * deadline, FO_WAIT_SECONDS after the call began (a writer stopped
 * between the commits of its shards would otherwise hold it for the
 * product of every layer's retries: 9 s and more, tests/api/api_stall.c).
 * Started at the entry point of each public reading call, and nowhere
 * else: what the call does inside is handed the call's (fo_retry_within),
 * and nothing of it outlives the call. */
typedef struct fo_retry {
	double deadline; /* CLOCK_MONOTONIC seconds */
	int reads;       /* reads made so far, at most FO_READ_ATTEMPTS */
} fo_retry;

/* Start the public call r on db: its deadline, which becomes db's and
 * its database's, and no read made yet. db may be NULL (a call that
 * fails for want of one). */
void fo_retry_start(fo_retry *r, folio_db *db);
/* A part of the call outer that makes its own reads again (a search
 * inside a search): outer's deadline, and no read made yet. */
fo_retry fo_retry_within(const fo_retry *outer);
/* A read of the call r on db failed with *st: whether to make it again.
 * Yes when a writer's commits overtook it (fo_db_overtaken), before r's
 * deadline, and fewer than FO_READ_ATTEMPTS reads were made; else *st is
 * the call's status, explained on db. */
int fo_retry_again(fo_retry *r, folio_db *db, folio_status *st);
/* Whether a call that failed with st is past its deadline: then st is
 * FOLIO_ERROR_MODIFIED, explained on db (the index is being written),
 * and it must not be made again. */
int fo_db_gave_up(folio_db *db, folio_status st);
/* Whether db's call is past its deadline: then why says, in place of what
 * it held, that the index is being written. */
int fo_db_waited_out(const folio_db *db, fo_buf *why);

/* Record st's explanation on db and return st. */
folio_status fo_db_fail(folio_db *db, folio_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* fo_db_fail with the message why, keeping the advice it ends with
 * (db->advice) when it is the message fo_db_advise last wrote to. */
folio_status fo_db_fail_why(folio_db *db, folio_status st, const fo_buf *why);

/* Record a bridge error on db and return st (FOLIO_OK passes through). */
folio_status fo_db_xfail(folio_db *db, folio_status st, const fo_xerr *err);

/* Whether the stub names another generation than the one db has open:
 * a rebuild switched (and may have deleted the old one) since. */
int fo_db_switched(folio_db *db);

/* Before a call that uses db->xdb: after Xapian ran out of memory on it
 * (fo_xdb_broken), a reader opens its index anew; a writer, whose change
 * may be half made, fails with FOLIO_ERROR_NOMEM, saying to close it
 * (which discards that change). FOLIO_OK otherwise. */
folio_status fo_db_mend(folio_db *db);

/* Before a search: bring a reader up to the latest commit, and when the
 * index switched generations since (a rebuild), close the old generation
 * and open the new one, so that each search runs on one whole generation.
 * Writers see their own changes: nothing to do. Mends db first
 * (fo_db_mend). */
folio_status fo_db_refresh(folio_db *db);

/* Refuse a write that is not a full build on a handle opened with
 * another language (db->rebuild_an): FOLIO_ERROR_INVALID, saying that a
 * new language needs a rebuild. FOLIO_OK when there is none. */
folio_status fo_db_refuse_language(folio_db *db);

/* Refuse a call on an index of another format (db->format):
 * FOLIO_ERROR_VERSION, with the command that rebuilds it. */
folio_status fo_db_refuse_format(folio_db *db);

/* The table file of generation gen in which the checker finds damage:
 * 1 and "FILE: what it found" in found, else 0. On failure paths only:
 * it reads every table (advice.c). */
int fo_db_damaged_file(const char *gen, fo_xerr *found);
/* Record on db that its index is damaged, naming the table file the
 * checker finds the damage in, else in the words of what, and what
 * mends it (fo_db_damage_advice): FOLIO_ERROR_CORRUPT. */
folio_status fo_db_report_damage(folio_db *db, const char *what);
/* Append why an index of format format (empty: none recorded) cannot
 * be used, and the command that rebuilds it. */
void fo_db_explain_format(folio_db *db, const char *format, fo_buf *why);

/* A writer's read of the live generation met damage (db's error says
 * which, as fo_db_report_damage does): make db the handle of a damaged
 * generation (db->damage), for a rebuild that reads it no more. */
folio_status fo_db_damaged(folio_db *db);
/* Refuse to open db's index for writing: it is a replica of kind kind
 * (fo_layout_replica), which only its pulls may change. why says so and
 * what to do instead (index the master and pull again):
 * FOLIO_ERROR_INVALID. */
folio_status fo_db_refuse_replica(folio_db *db, int kind, fo_buf *why);
/* Append to why, a message about db's index, "; " and what mends it, and
 * record that why ends with it (db->advice, advice_at): want, which is
 * the rebuild (fo_db_rebuild_advice, reading the corpus paths from x,
 * else db->xdb) or, where no rebuild can replace the damage (a bare
 * glass database, which has no generations to switch; a stub naming
 * none), moving the index aside and indexing again; for a replica
 * (fo_layout_replica) whatever want is, pulling it again. */
void fo_db_advise(folio_db *db, fo_xdb *x, fo_buf *why, fo_advice want);
/* The directory of the database db has open: its live generation, or
 * the index directory itself for a bare glass database. */
const char *fo_db_open_dir(const folio_db *db);
/* What the directory of db (fo_db_open_dir), which Xapian cannot open,
 * still records under which ("" when nothing; NULL when it cannot be
 * read): both values are read from its posting-list table in one
 * salvage (fo_xdb_salvage_metadata), kept until the next call begins. */
const char *fo_db_salvaged(folio_db *db, fo_salvage which);
/* Forget what fo_db_salvaged read. */
void fo_db_salvage_forget(folio_db *db);
/* The advice for damage in db's live generation: the rebuild, or for a
 * bare glass database moving it aside. */
fo_advice fo_db_damage_advice(const folio_db *db);
/* Name the table file of db's live generation in which damage was met,
 * as the checker finds it: err becomes "FILE: what it found", or stays
 * as it is where the checker finds nothing. On failure paths only: it
 * reads every table. */
void fo_db_name_damage(folio_db *db, fo_xerr *err);
/* Append the command that rebuilds db's index: "rebuild it with: folio
 * index --rebuild --db DIR PATH...", naming the corpus paths of its last
 * run when the index can still tell them (FO_META_CORPUS, read from x,
 * else from db->xdb). */
void fo_db_rebuild_advice(folio_db *db, fo_xdb *x, fo_buf *why);
/* The post whose URL is url: its document in *docid (0: none), and in
 * term its unique term as the index holds it, which is the URL as given
 * or, failing that, with its scheme and host in lower case (indexer.h).
 * Errors are recorded on db. */
folio_status fo_db_find_url(folio_db *db, const char *url, fo_buf *term,
                            uint32_t *docid);

/* After a read on db failed with *st: whether to make it again. A
 * writer's commits can overtake a reader's read (FOLIO_ERROR_MODIFIED),
 * and a block that a commit reused as the read went by can make glass
 * take a healthy index for a damaged one (FOLIO_ERROR_CORRUPT, "Expected
 * block N to be level 1, not 0"): both are made again when the index
 * moved on since (db is moved to its newest state). When it did not and
 * no writer holds the index, nothing can have overtaken the read: a
 * FOLIO_ERROR_MODIFIED is then damage, and *st becomes
 * FOLIO_ERROR_CORRUPT, explained on db. Never once the call is past its
 * deadline (fo_db_gave_up). The retry loops ask fo_retry_again, which
 * asks this. */
int fo_db_overtaken(folio_db *db, folio_status *st);

/* Writers: make generation directory name (in db->path) the one db->xdb
 * writes to, closing the old one. Used after a rebuild's switch. */
folio_status fo_db_adopt(folio_db *db, const char *name);

#endif
