/*
 * folio.h: the whole public API of libfolio, a full-text search engine for
 * technical post summaries, built on Xapian.
 *
 * Conventions (they hold for every function below):
 *
 *  - Names are folio_<object>_<verb>. Handles are opaque.
 *  - Fallible functions return a folio_status; FOLIO_OK is 0.
 *  - Results come back through out-parameters, which are always the last
 *    parameters. On failure every out-parameter is set to NULL (or zero).
 *  - A NULL handle, a NULL out-parameter the call fills (where it is not
 *    documented as optional) or a NULL inside an array argument is
 *    FOLIO_ERROR_INVALID; getters given NULL return NULL or 0.
 *  - After a failed call on a handle, folio_db_error() explains it in one
 *    line (what it quotes, a URL, a query or a path, is as given: a
 *    newline in it too). The text stays valid until the next call on that
 *    handle.
 *    Calls that have no handle yet (folio_db_open) return the text through
 *    a char ** after the out-parameter; the caller frees it with free().
 *  - Ownership is stated per function. Strings and structs returned by a
 *    getter are borrowed from their parent and die with it; objects
 *    returned through an out-parameter belong to the caller.
 *  - Running out of memory (FOLIO_ERROR_NOMEM) leaves a reader usable:
 *    its next call opens the index anew, since Xapian's objects may be
 *    left broken. A writer may be left with a change half made: every
 *    later call on it fails with FOLIO_ERROR_NOMEM, saying to close it,
 *    and folio_db_close() then discards the changes since the last
 *    commit instead of committing them; open the index again.
 *  - Wide calls take an options struct that must be initialised with its
 *    _INIT macro, so that fields added later get their defaults. Its
 *    version field tells the library the caller's layout; so does that
 *    of folio_index_report and folio_stats, caller-allocated structs the
 *    library fills in, which it writes only as far as the caller's
 *    version goes.
 *
 * Thread safety: libfolio has no global mutable state but the handler
 * of folio_abort_handler_set(): folio_version(), folio_status_string(),
 * folio_language_count() and folio_language_name() may be called from
 * any thread at any time,
 * and calls on different handles never need a lock. A folio_db handle
 * and everything obtained from it must be used by one thread at a time:
 * calls on one handle must not overlap, but they may come from different
 * threads if the caller serialises them (a mutex per handle); open one
 * handle per thread to search in parallel. Results are the exception:
 * once returned they are independent of their handle, so they may be
 * read (by any number of threads at once: the getters change nothing)
 * and freed, once, by any thread, before or after the handle is closed.
 * The callbacks of folio_db_index_paths() must not make calls on the
 * handle that runs it: one that does (a call that returns a
 * folio_status) is refused with FOLIO_ERROR_INVALID, saying so, and the
 * run goes on as if it had not been made (folio_db_close() leaves the
 * handle open). folio_db_interrupt() is the exception to all of
 * this: it may be called on an open handle at any time, from any thread,
 * from a signal handler or from those callbacks. Two writers in one
 * process are two writers: the
 * second handle opened with FOLIO_OPEN_WRITE gets FOLIO_ERROR_LOCKED, or
 * with FOLIO_OPEN_WAIT waits for the first to be closed (forever, if the
 * thread that holds the first is the one waiting). A handle must not be
 * used in a child made by fork(); a writer's lock belongs to its open
 * files, which a child that does not exec shares until it exits (they
 * are closed on exec). Every descriptor the library opens, however
 * briefly, is close-on-exec, so a program that another thread execs
 * meanwhile gets none of them (tests/api/api_cloexec.c); Xapian 1.4.22
 * opens its tables and lock that way too, but not the version file
 * (iamglass) it reads and writes for a moment. Any number of readers (in
 * this or other processes) may search while one writer indexes: each
 * reader sees the last committed state, and never waits for the writer's
 * lock (tests/api/api_threads.c). On a sharded index a commit is one
 * commit per shard, made one after another: a reader that opens, or
 * moves on to a newer commit, while the writer is between them waits
 * for it to commit the rest (milliseconds), so that it never sees a
 * commit in some shards and not in the others. A search or
 * folio_db_stats that a writer's commits overtake (Xapian keeps only the
 * two newest) is made again on the newest state, a few dozen times at
 * most (also when a commit came after the state it read, even without
 * an error). One call (a search, folio_db_stats, folio_db_check,
 * folio_db_open) waits behind a writer for about 2 seconds at most, all
 * its waits and reads made again together, those of the search that
 * checks a search's spelling suggestion included (a suggestion it could
 * not check in that time is not made): a writer stopped between the
 * commits of its shards then makes it fail with FOLIO_ERROR_MODIFIED,
 * whose message says the index is being written, to be retried
 * (tests/api/api_stall.c); so can a writer committing every few
 * milliseconds (commit in batches); neither ever makes it fail with
 * FOLIO_ERROR_CORRUPT: a read is taken for damage only when no commit
 * came between. Conversely a read (by a search, folio_db_stats,
 * folio_db_check or folio_db_open) that meets a block newer than the
 * last commit while no writer holds the index fails with
 * FOLIO_ERROR_CORRUPT, not FOLIO_ERROR_MODIFIED: nothing can have
 * overtaken it, so trying again would never help. One writer at a time
 * holds an index's write lock (a lock file in the index directory,
 * released by the kernel if the writer dies).
 *
 * Building against libfolio: pkg-config --cflags --libs folio, or CMake's
 * find_package(folio) and the target folio::folio (folio::folio_static
 * for libfolio.a). Reference: man 3 folio.
 */
#ifndef FOLIO_H
#define FOLIO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define FOLIO_EXTERN __attribute__((visibility("default")))
#else
#define FOLIO_EXTERN
#endif

#define FOLIO_VERSION_MAJOR 0
#define FOLIO_VERSION_MINOR 1
#define FOLIO_VERSION_PATCH 0
#define FOLIO_VERSION_STRING "0.1.0"

/** The version of the library linked at run time, e.g. "0.1.0". */
FOLIO_EXTERN const char *folio_version(void);

/* ------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------ */

typedef enum folio_status {
	FOLIO_OK = 0,
	FOLIO_ERROR_NOMEM,     /**< out of memory */
	FOLIO_ERROR_INVALID,   /**< a bad argument or option from the caller */
	FOLIO_ERROR_IO,        /**< a file could not be read or written */
	FOLIO_ERROR_NOT_FOUND, /**< no index at that path, or no such post */
	FOLIO_ERROR_LOCKED,  /**< another writer holds the index's write lock */
	FOLIO_ERROR_CORRUPT, /**< the index is damaged */
	FOLIO_ERROR_MODIFIED, /**< the index changed under a reader; retry */
	FOLIO_ERROR_QUERY,    /**< the query cannot be parsed (strict mode) */
	FOLIO_ERROR_INPUT,   /**< some corpus input was malformed and skipped */
	FOLIO_ERROR_VERSION, /**< the index was built by a folio of another
	                          format, or records a stemming language
	                          this one lacks: rebuild it
	                          (folio_db_index_paths) */
	FOLIO_ERROR_BACKEND, /**< any other error reported by Xapian */
	FOLIO_ERROR_UNAVAILABLE, /**< a remote shard cannot be reached, or
	                              did not answer in time */
	FOLIO_ERROR_INTERRUPTED, /**< folio_db_interrupt() stopped the run,
	                              or a signal a waiting open
	                              (FOLIO_OPEN_WAIT) */
	FOLIO_STATUS_LAST
} folio_status;

/** A short, static English description of a status code. Never NULL. */
FOLIO_EXTERN const char *folio_status_string(folio_status status);

/* ------------------------------------------------------------------------
 * Stemming languages
 * ------------------------------------------------------------------------ */

/** The number of stemming languages folio_open_options.language takes:
 *  "none" and those of the libstemmer folio was built with (at least 1). */
FOLIO_EXTERN size_t folio_language_count(void);

/** Stemming language i (0-based) of those folio_open_options.language
 *  takes: "none" (no stemming) first, then libstemmer's Snowball names in
 *  its order ("arabic", ..., "english", ...); NULL when i is
 *  folio_language_count() or more. Static: valid for the life of the
 *  process, never freed. An unknown language's FOLIO_ERROR_INVALID
 *  (folio_db_open) lists them too. */
FOLIO_EXTERN const char *folio_language_name(size_t i);

/* ------------------------------------------------------------------------
 * Posts
 * ------------------------------------------------------------------------ */

/**
 * One post, as a caller hands it to folio_db_add_post() and as a diagnostic
 * reports it. All strings are UTF-8 and NUL-terminated. url, title and
 * summary are required; the others may be NULL. published is "YYYY-MM-DD".
 * The URL is the post's identity: adding a post whose URL is already
 * indexed replaces it. folio_db_add_post() takes the title, summary,
 * company, author, type and topics as a corpus file gives them: without
 * the white space around them (spaces, tabs, line breaks), an optional
 * field or a topic left blank being absent (a hit's NULL, no topic) and
 * a blank title or summary missing. The URL and the date are taken as
 * given. A URL, title or summary of white space alone, Unicode's
 * included (a no-break space, U+3000), is missing: FOLIO_ERROR_INVALID
 * naming it ("post has no URL"), as a corpus file's is a problem.
 */
typedef struct folio_post {
	const char *url;
	const char *title;
	const char *company;
	const char *author;
	const char *published;
	const char *type;
	const char *summary;
	const char *const *topics; /**< n_topics topic names */
	size_t n_topics;
} folio_post;

/* ------------------------------------------------------------------------
 * Opening an index
 * ------------------------------------------------------------------------ */

typedef struct folio_db folio_db;

/** How to open an index: OR these together in folio_open_options.flags. */
enum folio_open_flags {
	FOLIO_OPEN_READ = 0,         /**< search only (the default) */
	FOLIO_OPEN_WRITE = 1u << 0,  /**< index too; takes the write lock */
	FOLIO_OPEN_CREATE = 1u << 1, /**< with WRITE (alone it is
	                                  FOLIO_ERROR_INVALID): create the
	                                  index if absent, and any
	                                  missing parent directory */
	FOLIO_OPEN_WAIT = 1u << 2, /**< with WRITE: wait for the lock instead of
	                             failing with FOLIO_ERROR_LOCKED (a
	                             reader takes no lock: it ignores it).
	                             A signal caught by a handler
	                             installed without SA_RESTART
	                             (alarm(2), pthread_kill(3) of the
	                             waiting thread) ends the wait with
	                             FOLIO_ERROR_INTERRUPTED: the way to
	                             give up waiting; SA_RESTART
	                             handlers leave it waiting */
	FOLIO_OPEN_LOCAL = 1u << 3, /**< the local index alone: the remote
	                              shards its REMOTES file lists are not
	                              opened (folio_db_check, as they are
	                              checked where they are served); with
	                              remotes given, FOLIO_ERROR_INVALID. A
	                              directory holding a REMOTES file
	                              alone opens as a front end holding no
	                              post (searches find nothing; its
	                              language is the one asked for, else
	                              "english"), which folio_db_check
	                              refuses */
	FOLIO_OPEN_CHECK = 1u << 4  /**< a reader for folio_db_check: a
	                               damaged live generation, which an open
	                               otherwise refuses with
	                               FOLIO_ERROR_CORRUPT, is opened all the
	                               same, for folio_db_check alone, which
	                               then runs the checker over each of its
	                               databases (each shard) and lists every
	                               problem found, not only the one that
	                               stopped the open (that one when the
	                               checker names none). Every other call
	                               fails with FOLIO_ERROR_CORRUPT and the
	                               open's message. A writer opens a
	                               damaged generation anyway (for its
	                               rebuild): with FOLIO_OPEN_WRITE it is
	                               FOLIO_ERROR_INVALID. folio check sets
	                               it. */
};

typedef struct folio_open_options {
	unsigned version; /**< FOLIO_OPEN_OPTIONS_VERSION */
	unsigned flags;   /**< folio_open_flags */
	/** Snowball stemmer for a new index ("english" when NULL; "none"
	 *  disables stemming), by a name folio_language_name() gives: with
	 *  FOLIO_OPEN_WRITE, another (an alias such as "en") is
	 *  FOLIO_ERROR_INVALID, whose message lists those names. An existing
	 *  index keeps the language it was built with, which folio_db_language()
	 *  reports, until a full build (folio_db_index_paths with rebuild, a new
	 *  shard count, or over an empty index) makes it anew: with
	 *  FOLIO_OPEN_WRITE, a language other than the index's is the one that
	 *  build analyses every post in, and readers switch to it with the new
	 *  generation. Until then every other write on the handle (an
	 *  incremental run, folio_db_add_post) fails with FOLIO_ERROR_INVALID,
	 *  saying that a new language needs a rebuild; searches use the index's
	 *  language. The rebuild of an index of another format is made in this
	 *  language too. Readers ignore it. */
	const char *language;
	/* Version 2: remote shards (readers only). */
	/** n_remotes shards served by xapian-tcpsrv, each "HOST:PORT" (an
	 *  IPv6 address in brackets, "[::1]:7001"; the port 1 to 65535 in
	 *  decimal digits alone, else FOLIO_ERROR_INVALID naming the bad
	 *  part), searched together with the local index as one database
	 *  (global term statistics: the ranking is that of one database
	 *  holding every post). Added to any listed in the index
	 *  directory's REMOTES file (one a line, '#' comments). With
	 *  remotes, path may be NULL: a search front end holding no posts
	 *  itself. A remote that is no folio index or of another format is
	 *  FOLIO_ERROR_VERSION, of another stemming language than the local
	 *  index (or the first remote) FOLIO_ERROR_INVALID, and so is one
	 *  whose database the search holds already under another address
	 *  (the local index served by xapian-tcpsrv, a shard served twice,
	 *  a replica beside its master: one Xapian database UUID), whose
	 *  posts would come twice; each names the shard. Under
	 *  allow_partial it is skipped instead, as an unreachable one is.
	 *  Each database of a full build records the build and its shard
	 *  number: a search of two databases or more (local shards and
	 *  remotes) that holds a shard of a sharded build twice, or not
	 *  every shard of one, is FOLIO_ERROR_INVALID too, naming them
	 *  ("shard 2 of 3 of build 1f0c9a2e of 2026-12-06T03:00:00Z is
	 *  missing: ..."). Under allow_partial a build's missing shards are
	 *  skipped (named as "2 of 3 of build ..."), unless the search also
	 *  holds another sharded build and more shards are missing than
	 *  remotes are unreached: a mix of builds is refused. Whole indexes
	 *  side by side (one database each, or all of a build's shards),
	 *  and indexes built before this record, are not checked. The
	 * strings are copied: the caller may free them once folio_db_open
	 * returns. */
	const char *const *remotes;
	size_t n_remotes;
	/** Milliseconds to wait for a remote to connect and for each of its
	 *  replies, per shard; 0: 10000. A remote listed twice is searched
	 *  once. */
	unsigned timeout_ms;
	/** Non-zero: a remote shard that cannot be reached (or is refused,
	 *  above) is skipped, and the search runs on the rest
	 *  (folio_db_skipped_shard names what was left out, and why); with
	 *  no rest (no local path, and no remote reached) it is still
	 *  FOLIO_ERROR_UNAVAILABLE ("none of the N remote shards can be
	 *  searched", or for one, "the only remote shard cannot be
	 *  searched"). 0: it is an error, FOLIO_ERROR_UNAVAILABLE (or the
	 *  refusal's), naming the shard. */
	int allow_partial;
} folio_open_options;

#define FOLIO_OPEN_OPTIONS_VERSION 2
#define FOLIO_OPEN_OPTIONS_INIT                                                \
	{ FOLIO_OPEN_OPTIONS_VERSION, FOLIO_OPEN_READ, NULL, NULL, 0, 0, 0 }

/**
 * Open the index in directory path.
 *
 * An index built by a folio of another format (older or newer: each
 * index records its format) cannot be read by this one. A reader refuses
 * it with FOLIO_ERROR_VERSION, and the message gives the command that
 * rebuilds it ("folio index --rebuild --db DIR" and its corpus paths,
 * folio_stats.corpus), or for a replica, the xapian-replicate command
 * that pulls it again from a master of this folio's format. A writer opens it,
 * for a rebuild only: until folio_db_index_paths() has rebuilt it, every call
 * on the handle that reads or changes posts (search, similar, check, stats,
 * add, delete, an incremental run) fails with FOLIO_ERROR_VERSION;
 * folio_db_count() and folio_db_language() (the language the rebuild will use:
 * opts->language if given, else the index's) work. A reader that follows a
 * rebuild's switch to a generation of another format (another folio rebuilt it)
 * fails likewise from then on.
 *
 * An index that records a stemming language this folio's libstemmer lacks
 * (one built by a folio with a newer libstemmer, say) is refused by a
 * reader with FOLIO_ERROR_VERSION too, the message listing the languages
 * there are (folio_language_name) and the rebuild. A writer naming a
 * language (opts->language) opens it for a rebuild in that language only:
 * an incremental run fails with FOLIO_ERROR_VERSION.
 *
 * A damaged live generation (a table damaged, cut short or lost, its
 * version file cut short, a shard lost) is refused likewise, with
 * FOLIO_ERROR_CORRUPT and a message naming the damaged file and the
 * command that mends it ("...; rebuild it with: folio index --rebuild
 * --db DIR PATH..."), unless FOLIO_OPEN_CHECK opens it for folio_db_check
 * alone. A writer opens it, for that rebuild only: every
 * other call fails with FOLIO_ERROR_CORRUPT and that message, and
 * folio_db_index_paths() with rebuild builds the new generation from the
 * corpus without reading the damaged one, which it keeps, as it was, in
 * DIR/damaged-gen-N (a warning through the diagnostic callback, on the
 * index directory, says so and what the new index lacks).
 *
 * A replica that xapian-replicate keeps (its stub, or for a sharded
 * replica its shards' stubs, written by xapian-replicate) changes only
 * by its pulls: FOLIO_OPEN_WRITE on it fails with FOLIO_ERROR_INVALID,
 * before anything is created, locked or written there, and the message
 * says to index the master and pull again (the xapian-replicate
 * command). A damaged replica, or one of another format, fails as a
 * reader's open of it does instead, with the advice to pull it again.
 * FOLIO_OPEN_WRITE on a part of an index (its generation, a shard of it,
 * a replica's database, or a gen-N or build-N inside it, which its
 * writers delete as debris), or on a directory inside one of those,
 * fails with FOLIO_ERROR_INVALID too, before
 * anything is created, locked or written there, naming the index to
 * open instead.
 *
 * @param path   the index directory (created with FOLIO_OPEN_CREATE, its
 *               missing parents too, as mkdir -p makes them); an
 *               empty path is FOLIO_ERROR_INVALID ("an empty path names no
 *               index"), unless remote shards are given (then as NULL).
 *               A relative path is taken from the working directory at
 *               the time of the call: the handle keeps to that index if
 *               the program changes directory later (messages still
 *               name it as given)
 * @param opts   options, or NULL for FOLIO_OPEN_OPTIONS_INIT
 * @param out    OUT: the new handle, owned by the caller: folio_db_close()
 * @param errmsg OUT, optional: on failure a one-line explanation that the
 *               caller frees with free(); NULL on success
 * @retval FOLIO_OK
 * @retval FOLIO_ERROR_NOT_FOUND  no index there (and no FOLIO_OPEN_CREATE):
 *                               errmsg is then "no index at PATH" exactly,
 *                               the one case where FOLIO_OPEN_CREATE would
 *                               make one; or something else is there, with
 *                               FOLIO_OPEN_CREATE too: a file, or a
 *                               directory of other files ("DIR is not a
 *                               folio index"), left untouched
 * @retval FOLIO_ERROR_LOCKED     FOLIO_OPEN_WRITE while another writer runs
 * @retval FOLIO_ERROR_INTERRUPTED FOLIO_OPEN_WAIT, and a signal ended the
 *                               wait (see FOLIO_OPEN_WAIT)
 * @retval FOLIO_ERROR_VERSION    a reader, and an index of another format
 *                               or of a stemming language unknown here
 *                               (a writer too, on a replica)
 * @retval FOLIO_ERROR_INVALID    FOLIO_OPEN_WRITE on a replica or a
 *                               part of an index, a bad option or path, a
 * remote of another language or held already, shards of a sharded build
 * missing, twice, or mixed with another build's (see remotes)
 * @retval FOLIO_ERROR_UNAVAILABLE a remote shard cannot be reached (see
 *                               allow_partial)
 * @retval FOLIO_ERROR_CORRUPT, FOLIO_ERROR_IO,
 *         FOLIO_ERROR_NOMEM, FOLIO_ERROR_BACKEND
 */
FOLIO_EXTERN folio_status folio_db_open(const char *path,
                                        const folio_open_options *opts,
                                        folio_db **out, char **errmsg);

/**
 * Commit pending changes (writers), release the write lock and free the
 * handle and everything obtained from it except results. NULL is
 * allowed. Returns the status of the final commit; the handle is freed
 * either way (but from a callback of folio_db_index_paths() on it:
 * FOLIO_ERROR_INVALID, the handle left open), and the explanation of a
 * failure with it: a writer that
 * reports why calls folio_db_commit() first and reads folio_db_error().
 * A writer left with a change half made by running out of memory (see
 * the conventions above) commits nothing: its changes since the last
 * commit are lost.
 */
FOLIO_EXTERN folio_status folio_db_close(folio_db *db);

/** The explanation of db's last call that returns a folio_status, if it
 *  failed: "" once one succeeds (and before any, and for a NULL db, so
 *  that it can always be printed). The getters (folio_db_error,
 *  folio_db_error_position, folio_db_language, folio_db_remote_count,
 *  folio_db_skipped_count, folio_db_skipped_shard) leave it as it is.
 *  Borrowed: valid until the next call on db. */
FOLIO_EXTERN const char *folio_db_error(const folio_db *db);

/**
 * The remote shards db searches: those of folio_open_options.remotes and
 * those its index directory's REMOTES file lists, each counted once (a
 * shard listed twice, or under two addresses of one server, is searched
 * once), the skipped ones included. A caller can tell from it whether its
 * timeout_ms and allow_partial apply to anything.
 *
 * @return the number of remote shards (0: none, and for a writer, which
 *         reads no REMOTES file, or a NULL db)
 */
FOLIO_EXTERN size_t folio_db_remote_count(const folio_db *db);

/**
 * The remote shards left out of db's searches (allow_partial), as of its
 * last open or search: a handle reconnects to its remotes when one stops
 * answering, and tries the skipped ones again on its first search 5 s or
 * three timeouts after they were skipped (whichever is longer), so a
 * shard that comes back is searched again.
 *
 * @return the number of shards skipped (0: every shard was searched)
 */
FOLIO_EXTERN size_t folio_db_skipped_count(const folio_db *db);

/**
 * Skipped shard i ("HOST:PORT", or "K of N of build ID8 of TIME" for a
 * shard of a build that no shard searched is), or NULL when i is out of range.
 * Borrowed: valid until the next call on db.
 *
 * @param reason OUT, optional: why it was skipped (borrowed likewise)
 */
FOLIO_EXTERN const char *folio_db_skipped_shard(const folio_db *db, size_t i,
                                                const char **reason);

/** The stemming language the index's posts were analysed in, which
 *  queries are analysed in too. Borrowed from db: valid until the next
 *  call on it, since a reader that follows a rebuild into another
 *  language (see folio_open_options.language) reports the new one. In
 *  french, italian, catalan and irish, queries are also analysed as the
 *  posts were about elided articles: dropped (l'index as index) in an
 *  index built since folio drops them, kept until its next rebuild in
 *  one built before; in every language, likewise about a version after
 *  "++" (C++20 as c++ and 20, not c and 20). */
FOLIO_EXTERN const char *folio_db_language(const folio_db *db);

/** The number of posts in the index. A reader's count is of the commit
 *  its open or its last search, folio_db_similar, folio_db_stats or
 *  folio_db_check moved it to: it does not look for a newer commit
 *  itself, so that it agrees with the hits of its last search
 *  (folio_db_stats reads the newest). A writer's handle also counts its
 *  own changes not yet committed, as its searches find them.
 *  @retval FOLIO_OK
 *  @retval FOLIO_ERROR_INVALID  out is NULL
 *  @retval FOLIO_ERROR_CORRUPT, FOLIO_ERROR_VERSION, FOLIO_ERROR_NOMEM,
 *          FOLIO_ERROR_BACKEND, ... as a search's reads */
FOLIO_EXTERN folio_status folio_db_count(folio_db *db, uint64_t *out);

/* ------------------------------------------------------------------------
 * Indexing (needs a handle opened with FOLIO_OPEN_WRITE)
 * ------------------------------------------------------------------------ */

/**
 * Add one post, or replace the post with the same URL, its scheme and host
 * in any case (they are case-insensitive, RFC 3986 section 6.2.2.1: the
 * post keeps them in lower case). Visible to readers
 * after folio_db_commit() or folio_db_close(), or earlier: the library
 * commits by itself once 5000 changes (posts added or replaced, deletions
 * counting too) are pending, as folio_db_index_paths commits in batches,
 * so readers may see part of a series of additions. There is no
 * rollback.
 *
 * @retval FOLIO_OK
 * @retval FOLIO_ERROR_INVALID  no URL, title or summary (or a blank
 *         title or summary), or a malformed date or invalid UTF-8; a
 *         URL, title, company, author, type or topic longer than 65536
 *         bytes, or a summary longer than 1048576; a
 *         read-only handle; or the handle was
 *         opened with a language other than the index's
 *         (folio_open_options.language: rebuild first)
 * @retval FOLIO_ERROR_VERSION  an index of another format (see
 *         folio_db_open: a writer may only rebuild it)
 * @retval FOLIO_ERROR_CORRUPT  a damaged index (see folio_db_open: a
 *         writer may only rebuild it)
 * @retval FOLIO_ERROR_IO       a batch's commit could not be written (a
 *         full disk): the index is as at its last commit
 * @retval FOLIO_ERROR_NOMEM, FOLIO_ERROR_BACKEND
 */
FOLIO_EXTERN folio_status folio_db_add_post(folio_db *db,
                                            const folio_post *post);

/** Remove the post with this URL: as given, else with its scheme and host
 *  in lower case (they are case-insensitive, RFC 3986 section 6.2.2.1; the
 *  path is not). Visible to readers after the next commit, which may be
 *  the library's own: a deletion counts towards the 5000 changes that
 *  folio_db_add_post() commits by itself, and the one that completes
 *  them commits.
 *  @retval FOLIO_OK
 *  @retval FOLIO_ERROR_NOT_FOUND  no post has that URL
 *  @retval FOLIO_ERROR_INVALID    a NULL or empty URL, a read-only handle,
 *                                 or one opened with a language other
 *                                 than the index's (rebuild first)
 *  @retval FOLIO_ERROR_VERSION    an index of another format (rebuild it)
 *  @retval FOLIO_ERROR_CORRUPT    a damaged index (rebuild it)
 *  @retval FOLIO_ERROR_IO         a batch's commit could not be written (a
 *                                 full disk): the index is as at its last
 *                                 commit
 *  @retval FOLIO_ERROR_NOMEM, FOLIO_ERROR_BACKEND */
FOLIO_EXTERN folio_status folio_db_delete_post(folio_db *db, const char *url);

/** Make every change so far durable and visible to new readers.
 *  @retval FOLIO_OK
 *  @retval FOLIO_ERROR_INVALID  a handle opened read-only, as for the
 *                               other calls here
 *  @retval FOLIO_ERROR_IO       it could not be written (a full disk): the
 *                               index is as at its last commit. (A disk
 *                               that fills while Xapian 1.4.22 merges
 *                               value streams ends the process in
 *                               std::terminate instead, the index as at
 *                               its last commit too, as memory that
 *                               runs out there does: README, "How it
 *                               works", Xapian's known limits; see
 *                               folio_abort_handler_set())
 *  @retval FOLIO_ERROR_CORRUPT  a damaged index (see folio_db_open: a
 *                               writer may only rebuild it)
 *  @retval FOLIO_ERROR_NOMEM, FOLIO_ERROR_BACKEND */
FOLIO_EXTERN folio_status folio_db_commit(folio_db *db);

/** What folio_abort_handler_set() calls: what is Xapian's description of
 *  the failed write (borrowed, valid during the call), payload the
 *  caller's. It must end the process (_exit(): other threads may be
 *  inside the library) and not return. */
typedef void (*folio_abort_fn)(const char *what, void *payload);

/** The one failure that no call can return as a status: a disk that fills,
 *  or memory that runs out, while a commit (folio_db_commit(),
 *  folio_db_index_paths()) merges value streams makes Xapian 1.4.22 throw
 *  from a destructor, and the C++ runtime ends the process in
 *  std::terminate. The index is as at its last commit. After this call,
 *  such an ending first calls fn(what, payload) on the committing thread,
 *  so that a program can report it as it reports FOLIO_ERROR_IO and exit
 *  (folio index exits 2); if fn returns, or for any other std::terminate,
 *  the process ends as it would have (the terminate handler installed
 *  before the first call). fn NULL: nothing is called. Process-wide, as
 *  the C++ runtime's terminate handler is: call it before starting threads
 *  that use the library, never concurrently with itself. libfolio.so is
 *  never unloaded (dlclose leaves it mapped), so that this handler stays
 *  callable. */
FOLIO_EXTERN void folio_abort_handler_set(folio_abort_fn fn, void *payload);

/** One problem found in the corpus: the post or line was skipped, or, for
 *  a warning, indexed with part of it dropped (a word longer than the
 *  longest term, 64 bytes, is indexed by its first 64 bytes; a field
 *  given twice, or a later copy of a post that differs, keeps the
 *  first). */
typedef struct folio_diagnostic {
	const char *file;    /**< the file, as the path was given */
	unsigned line;       /**< 1-based line, 0 when it concerns the file */
	const char *message; /**< one line, no file or line prefix */
	/** Non-zero: a warning; the post was indexed and is not counted in
	 *  folio_index_report.skipped */
	int warning;
} folio_diagnostic;

/** Called once per problem; the diagnostic is valid during the call. */
typedef void (*folio_diagnostic_fn)(const folio_diagnostic *diag,
                                    void *payload);

/** Where an indexing run is, for progress displays. */
typedef struct folio_progress {
	const char *phase; /**< "reading", "indexing", "removing", "merging"
	                        or "switching"; static */
	uint64_t done;     /**< posts (or files, while reading) done so far */
	uint64_t total;    /**< how many there are, 0 when not known yet */
} folio_progress;

/** Called now and then during a run; the struct is valid during the call. */
typedef void (*folio_progress_fn)(const folio_progress *progress,
                                  void *payload);

typedef struct folio_index_options {
	unsigned version;               /**< FOLIO_INDEX_OPTIONS_VERSION */
	folio_diagnostic_fn diagnostic; /**< NULL: problems are only counted */
	void *payload;                  /**< passed to diagnostic and progress */
	/* Version 2: */
	/** Non-zero: build a fresh generation from the corpus beside the live
	 *  one, then switch readers to it atomically (see
	 *  folio_db_index_paths). A run on an empty index always does this.
	 *  The way to change the index's stemming language: the generation
	 *  is built in the open options' language when it names another. */
	int rebuild;
	/** Non-zero: keep indexed posts whose URL is not in the corpus given
	 *  (for adding a single file). Default: they are removed. */
	int no_delete;
	/** Worker threads for a full build, at most 256 (more is
	 *  FOLIO_ERROR_INVALID, as folio index --threads says); 0: one per
	 *  online CPU. */
	unsigned threads;
	folio_progress_fn progress; /**< NULL: no progress calls */
	/* Version 3: */
	/** How many shards the index is split into: N databases searched as
	 *  one, each post stored in the shard a stable hash of its URL names,
	 *  built by N threads. 0 keeps the index's current layout (1 for a new
	 *  index); a count different from the current one rebuilds. Search
	 *  results do not depend on it. At most 256 (more is
	 *  FOLIO_ERROR_INVALID). */
	unsigned shards;
} folio_index_options;

#define FOLIO_INDEX_OPTIONS_VERSION 3
#define FOLIO_INDEX_OPTIONS_INIT                                               \
	{ FOLIO_INDEX_OPTIONS_VERSION, NULL, NULL, 0, 0, 0, NULL, 0 }

/** What an indexing run did. The caller allocates it and initialises it
 *  with FOLIO_INDEX_REPORT_INIT: the version tells the library which
 *  fields the caller's struct has, so that fields added later (at the
 *  end) are never written into a struct too small for them. */
typedef struct folio_index_report {
	unsigned version; /**< FOLIO_INDEX_REPORT_VERSION */
	uint64_t files;   /**< corpus files read */
	uint64_t posts;   /**< distinct posts (URLs) found in them */
	uint64_t added;   /**< posts new to the index */
	uint64_t updated; /**< posts already indexed whose content changed */
	uint64_t unchanged; /**< posts already indexed, identical */
	uint64_t skipped; /**< malformed posts, unreadable files or missing
	                       paths skipped */
	uint64_t removed; /**< indexed posts no longer in the corpus, removed */
	uint64_t kept;    /**< indexed posts no longer in the corpus, kept
	                       because of no_delete or because some of the
	                       corpus could not be read (skipped > 0) */
	int rebuilt;      /**< non-zero: a new generation was built and
	                       switched to */
	/* Version 2. */
	/** indexed posts still in the corpus, but with a malformed copy
	 *  there (counted in skipped): each is left as it was indexed, not
	 *  rebuilt from its other copies, which would lose what the
	 *  malformed one gave it (a topic, a field). Not counted in kept,
	 *  except in a version-1 report, which has no field for them. */
	uint64_t kept_malformed;
} folio_index_report;

#define FOLIO_INDEX_REPORT_VERSION 2
#define FOLIO_INDEX_REPORT_INIT                                                \
	{                                                                      \
		FOLIO_INDEX_REPORT_VERSION, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0       \
	}

/**
 * Bring the index in line with the topic pages (*.md) and JSON Lines files
 * (*.jsonl) in paths: files, or directories searched recursively (one
 * given twice, as "C" and "C/" or through a link, is read and recorded
 * once, and so is one inside another directory given, "C/sub" beside
 * "C", unless a search of that directory passes it over: hidden, or not
 * named *.md or *.jsonl). Posts are merged by URL (a post on two topic pages
 * gets both topics). Then:
 *
 *  - a post new to the index is added, a post whose content changed is
 *    replaced, an unchanged post (same content hash) is not re-analysed;
 *  - an indexed post whose URL appears nowhere in paths is removed, unless
 *    opts->no_delete is set or the corpus was not read completely: when
 *    anything was skipped (an unreadable file or directory, a missing
 *    path, a directory in paths that holds no corpus file, an empty
 *    file, a malformed post) nothing is removed, because a post that
 *    could not be read is not a post that was deleted. Such posts are
 *    counted in report->kept. Nor is anything removed from a post then
 *    (or with no_delete): one that is read keeps the topics, and the
 *    fields its copies lack, that the index has for it, as it may also
 *    be on a page that was not read;
 *  - a post with a malformed copy (on one of its topic pages, say) is
 *    left as it was indexed, or out if new, and counted in
 *    report->kept_malformed when indexed (in report->kept instead if
 *    the index was written by a folio older than its URL-hash slot and
 *    has not been rebuilt since);
 *  - changes are committed in batches of a few thousand posts, so a crash
 *    loses at most the batch in progress and never what was committed.
 *
 * With opts->rebuild, or when the index is empty, the posts are indexed
 * from scratch by opts->threads workers into private databases beside the
 * live one, compacted into a new generation, synced, and readers are
 * switched to it in one atomic step (a rename of the index's stub file);
 * the old generation is then deleted (readers that still have it open
 * keep reading it until they next search). Posts kept as above are
 * copied over from the old generation. A crash before the switch leaves
 * the old generation live; the next run removes the debris.
 *
 * A handle opened with a language other than the index's
 * (folio_open_options.language) builds the new generation in that
 * language, posts carried over included (analysed anew from their stored
 * text); a run that is not a full build then fails with
 * FOLIO_ERROR_INVALID before reading anything, saying that a new language
 * needs a rebuild.
 *
 * Over an index of another format (see folio_db_open) only such a full
 * build runs: opts->rebuild, a new opts->shards count, or an empty index;
 * anything else fails with FOLIO_ERROR_VERSION before reading the corpus.
 * It builds the index afresh in this folio's format, in the index's
 * language and shard count unless the open options' language or
 * opts->shards name others, and switches to it as above; the handle then
 * works as usual. The old posts cannot be read: every post counts as
 * added, none as updated, unchanged or removed, and none can be carried
 * over. So it fails with FOLIO_ERROR_VERSION, leaving the old generation
 * live and untouched, with opts->no_delete (at once) and when anything
 * was skipped (after reading the corpus, each problem reported).
 *
 * The corpus is read twice, streaming: a first pass reports problems and
 * counts URLs, a second hands each post on as soon as its last
 * appearance is read. Memory does not grow with the corpus beyond about
 * 16 bytes per URL and the posts that appear in several files, held
 * until their last appearance. A file that changes between the two
 * readings is reported (line 0) and counts as skipped.
 *
 * Malformed posts, unreadable files, missing paths and directories in
 * paths that hold no corpus file are reported through opts->diagnostic
 * (from the calling thread) and skipped; everything else is indexed.
 * (When no path exists at all, the run fails instead: see
 * FOLIO_ERROR_NOT_FOUND.)
 *
 * Thread safety: the run uses internal worker threads, but calls back
 * (diagnostic, progress) only from the calling thread.
 *
 * @param report OUT: what was done (caller-allocated, initialised with
 *               FOLIO_INDEX_REPORT_INIT; may be NULL). Every field its
 *               version has is set, on failure too (what was done before
 *               it); a version this library does not know is
 *               FOLIO_ERROR_INVALID, and the struct is left untouched.
 * @retval FOLIO_OK           everything was indexed
 * @retval FOLIO_ERROR_INPUT  the rest was indexed, report->skipped were not
 * @retval FOLIO_ERROR_NOT_FOUND  none of the paths exists (nothing changed):
 *                                folio_db_error() names each, and that is
 *                                all (no diagnostic, nothing counted)
 * @retval FOLIO_ERROR_INVALID    no paths (n_paths 0 or paths NULL): an
 *                                empty corpus is a directory without posts;
 *                                or a path that is NULL or empty (""
 *                                names no file: nothing is read); or
 *                                opts or report of an unknown version,
 *                                or more than 256 threads or shards
 * @retval FOLIO_ERROR_VERSION    an index of another format, and a run that
 *                                cannot rebuild it (above; nothing changed)
 * @retval FOLIO_ERROR_CORRUPT    a damaged index (see folio_db_open), and a
 *                                run that is not a full build
 *                                (nothing changed)
 * @retval FOLIO_ERROR_INTERRUPTED folio_db_interrupt() stopped the run
 *                                (see there for what was kept)
 * @retval FOLIO_ERROR_NOMEM, FOLIO_ERROR_BACKEND, FOLIO_ERROR_IO,
 *         FOLIO_ERROR_INVALID
 */
FOLIO_EXTERN folio_status folio_db_index_paths(folio_db *db,
                                               const char *const *paths,
                                               size_t n_paths,
                                               const folio_index_options *opts,
                                               folio_index_report *report);

/**
 * Ask the folio_db_index_paths() running on db to stop, as
 * sqlite3_interrupt() asks a statement: a library host's cancel button,
 * or a program's SIGINT or SIGTERM handler (folio index has them). It
 * only sets a lock-free C11 atomic flag on the handle (no lock, no
 * allocation, no system call), so it is async-signal-safe, and may be
 * called from any thread while the run goes on in another, from a signal
 * handler, and from the run's own progress or diagnostic callback (the
 * one call on the handle they may make). db must stay open meanwhile: a
 * caller that closes it orders that after its last interrupt. NULL is
 * allowed and does nothing.
 *
 * The run notices it at the next post or batch (its worker threads too,
 * each within the post it is indexing), between its phases (reading,
 * indexing, removing, merging), between shards while merging a sharded
 * build (one compaction, of an unsharded generation or of one shard,
 * runs to its end: 2 s for the 64k-post bench corpus), and before the
 * switch.
 * It then stops, and returns FOLIO_ERROR_INTERRUPTED, with
 * folio_db_error() saying what was kept:
 *
 *  - a full build (opts->rebuild, a new shard count, an empty index)
 *    stopped before the switch deletes its private build directory and
 *    the generation it was making: the live generation is exactly as it
 *    was, and readers never notice. The switch is the commit point: an
 *    interrupt that comes after it does not stop the run, which
 *    finishes (deleting the old generation) and returns what it would
 *    have returned without it;
 *  - an incremental run discards its changes since its last commit (at
 *    most a batch of 5000, cancelled as a Xapian transaction is) and
 *    keeps the batches it committed before. The report then counts what
 *    the index kept: added, updated, unchanged and removed as of that
 *    commit (0 when none was made), files, posts and skipped as far as
 *    it read. Running it again finishes the work. Posts added with
 *    folio_db_add_post() before the run were committed when it began,
 *    and stay.
 *
 * The flag affects only a run in progress, as sqlite3_interrupt's does:
 * an interrupt while none runs does nothing, and one that comes after
 * the run's last check (past its switch, or its final commit) lets it
 * return as usual; it is cleared when the run returns, so that the
 * handle can index again, and never stops the next run (a cancel that
 * comes just after a run ended stops nothing). The price of that is a
 * gap: an interrupt that comes before the call has marked itself
 * running, as it begins, is not seen. A caller that must not miss one
 * (a signal that may arrive before the run starts) records it itself,
 * and passes it on again from the run's progress callback, which the
 * run calls before it writes anything, after reading each file (folio
 * index does).
 */
FOLIO_EXTERN void folio_db_interrupt(folio_db *db);

/* ------------------------------------------------------------------------
 * Operations
 * ------------------------------------------------------------------------ */

/** A description of an index. The caller allocates it and initialises it
 *  with FOLIO_STATS_INIT: the version tells the library which fields the
 *  caller's struct has, so that fields added later (at the end) are never
 *  written into a struct too small for them. Strings are borrowed from
 *  the handle and stay valid until the next call on it (format is
 *  static). */
typedef struct folio_stats {
	unsigned version;    /**< FOLIO_STATS_VERSION */
	uint64_t documents;  /**< posts */
	uint64_t terms;      /**< distinct terms */
	uint64_t disk_bytes; /**< size of the live generation's files (0
	                          for a front end of remote shards alone) */
	uint64_t generation; /**< N of the live generation gen-N (0: none) */
	const char *built;   /**< UTC time of the last full build, ISO 8601
	                          ("" when unknown) */
	const char *updated; /**< UTC time the last indexing run finished
	                          ("" before one has): written in its last
	                          commit, also by a run that changed nothing;
	                          a run's earlier commits (one each
	                          5000 changes) are seen under the previous
	                          time until then, and folio_db_commit()
	                          leaves it as it was */
	const char *corpus;  /**< the corpus paths: those of the last
	                          indexing run and, when that run removed
	                          nothing (no_delete, or a path it could not
	                          read), those recorded before that it does
	                          not name; paths that did not exist are left
	                          out. A first run over an empty index
	                          records its paths before it reads them, so
	                          that one killed or failed before it
	                          committed (updated "") has left them
	                          here. One per line ("" when unknown); a path
	                          holding a newline or starting with '"' is
	                          written as git writes such paths: in double
	                          quotes, with C-style backslash escapes
	                          for a quote, a backslash and a newline */
	const char *language; /**< the stemming language its posts were
	                           analysed in, which searches use */
	const char *format;   /**< the index format, e.g. "5": always this
	                           folio's own, since an index of another format
	                           is FOLIO_ERROR_VERSION (rebuild it) */
	unsigned shards;     /**< local shards of the live generation
	                          (folio_index_options.shards; 1: not sharded;
	                          0: a front end over remote shards alone).
	                          Remote shards are not counted. */
	/* Version 2: */
	/** The paths of corpus, decoded (no quotes or escapes), in the
	 *  same order: each the real path (absolute, links resolved) of one
	 *  given to folio_db_index_paths, so that a rebuild from another
	 *  directory finds it; n_corpus_paths of them, 0 when unknown.
	 *  Borrowed like corpus. */
	const char *const *corpus_paths;
	size_t n_corpus_paths;
	/* Version 3: */
	/** The analyzer revision its posts were analysed with, which its
	 *  searches and incremental runs keep to (1: an index that records
	 *  none). Revisions change how some words are read: 2, elided
	 *  articles in french, italian, catalan and irish (l'index as
	 *  index); 3, a version after "++" in every language (C++20 as
	 *  c++ and 20, so that C++ finds it); 4 to 6, kana sound marks,
	 *  symbols beside CJK text, full-width compound marks and name
	 *  suffixes (gtk finds GTK+): README.md lists each. */
	unsigned analyzer;
	/** This library's analyzer revision, the one a full build
	 *  (folio_index_options.rebuild) analyses in: where it is above
	 *  analyzer, a rebuild makes those words findable. */
	unsigned analyzer_latest;
} folio_stats;

#define FOLIO_STATS_VERSION 3
#define FOLIO_STATS_INIT                                                       \
	{                                                                      \
		FOLIO_STATS_VERSION, 0, 0, 0, 0, NULL, NULL, NULL, NULL, NULL, \
		    0, NULL, 0, 0, 0                                           \
	}

/**
 * Describe the index, as of one commit: the newest when it is read (its
 * reads are made again when a commit comes between them, so that the
 * counts and the corpus paths are never of two commits). A writer's
 * handle also counts its own changes not yet committed in documents and
 * terms, as folio_db_count does.
 *
 * @param out OUT: filled in (caller-allocated, initialised with
 *            FOLIO_STATS_INIT); its strings are borrowed. Every field its
 *            version has is set (on failure to 0 or ""); a version this
 *            library does not know is FOLIO_ERROR_INVALID, and the struct
 *            is left untouched.
 * @retval FOLIO_OK
 * @retval FOLIO_ERROR_INVALID  out is NULL, or of an unknown version
 * @retval FOLIO_ERROR_VERSION  an index of another format (see
 *                              folio_db_open)
 * @retval FOLIO_ERROR_MODIFIED a writer's commits kept overtaking it
 *                              (see "Thread safety" above)
 * @retval FOLIO_ERROR_CORRUPT, FOLIO_ERROR_IO, FOLIO_ERROR_NOMEM,
 *         FOLIO_ERROR_BACKEND
 */
FOLIO_EXTERN folio_status folio_db_stats(folio_db *db, folio_stats *out);

/** OR these together in folio_check_options.flags (any other bit is
 *  FOLIO_ERROR_INVALID). */
enum folio_check_flags {
	/** Run Xapian's checker in a child process, one per glass database
	 *  (fork(), no exec), which sends its findings back through a pipe.
	 *  Xapian 1.4.22's checker does not guard against all damage: some
	 *  damage to a term list makes it read past a buffer and crash
	 *  (SIGSEGV), as xapian-check does; in-process that kills the
	 *  caller. Isolated, a child that a crash signal (SIGSEGV, SIGBUS,
	 *  SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) ends is a problem found,
	 *  FOLIO_ERROR_CORRUPT, whose message names the table file it was
	 *  reading (".../termlist.glass: Xapian's checker crashed reading
	 *  this table (SIGSEGV)"). A child killed from outside (SIGKILL by
	 *  the OOM killer, say) or lost is FOLIO_ERROR_BACKEND (nothing is
	 *  known: check again); a failed fork FOLIO_ERROR_NOMEM or
	 *  FOLIO_ERROR_IO. folio check sets it.
	 *
	 *  Costs and risks, which is why it is not the default: each child
	 *  is a fork of the whole caller (its page tables copied, its memory
	 *  shared copy-on-write: a few milliseconds for a small process),
	 *  and its exit status is taken with waitpid() on its pid, which a
	 *  caller that ignores SIGCHLD, or reaps every child with
	 *  waitpid(-1), takes instead (the check then ends with
	 *  FOLIO_ERROR_BACKEND unless the child finished). The child runs
	 *  Xapian, which allocates: POSIX guarantees only async-signal-safe
	 *  calls in the child of a multithreaded process. glibc makes
	 *  malloc and stdio usable after fork(), but a lock another thread
	 *  of the caller held at the fork (in a library of its own that
	 *  Xapian calls into, or a custom allocator) stays held in the
	 *  child, which would then wait forever; so would the parent, for
	 *  it. Set it in a single-threaded process, or where no other
	 *  thread can hold such a lock. The child sets the crash signals
	 *  to their default action (a caller's crash handler, or a
	 *  sanitizer's, would otherwise take Xapian's crash for its own),
	 *  leaves with _exit() (no atexit handlers, no stdio flushed), and
	 *  uses no handle: folio_db_check may be called on any handle, in
	 *  any thread, as without the flag. The pipe is close-on-exec. */
	FOLIO_CHECK_ISOLATE = 1u << 0
};

/** Called by folio_db_check once for each problem it found, in the order
 *  found, after the check has ended (a check that a writer's commit made
 *  void and that ran again calls for the last run's problems only).
 *  problem is one line that names the table file the problem is in
 *  (".../postlist.glass: DatabaseCorruptError: ...") or the post
 *  ("document 7 has damaged data"), or the shards' commits ("the
 *  shards hold different commits (shard 0 commit 5, shard 1 commit
 *  4): ..."), without the advice folio_db_error()
 *  ends its first with; it is the library's, valid during the call only
 *  (copy it to keep it). Return 0 for the next problem, non-zero for no
 *  more calls: the check has ended by then, and its status and
 *  *problems are the same either way. */
typedef int (*folio_problem_fn)(const char *problem, void *payload);

typedef struct folio_check_options {
	unsigned version; /**< FOLIO_CHECK_OPTIONS_VERSION */
	unsigned flags;   /**< folio_check_flags */
	/* Version 2: */
	/** With FOLIO_CHECK_ISOLATE, how long the child may check one
	 *  database (each shard its own), in milliseconds; 0: no limit.
	 *  A child still checking then is killed (SIGKILL), and the check
	 *  ends with FOLIO_ERROR_BACKEND, whose message names the database
	 *  and the table it was reading: nothing is known, as Xapian's
	 *  checker looping on damage cannot be told from one slow on a
	 *  large database (a 64k-post database of 148 MB takes about 2 s).
	 *  folio check gives each 600 s unless told otherwise. Without
	 *  FOLIO_CHECK_ISOLATE a limit is FOLIO_ERROR_INVALID: a checker
	 *  in the calling process cannot be stopped. Version 1 structs,
	 *  which end before it, are accepted and have no limit. */
	unsigned timeout_ms;
	/* Version 3: */
	/** NULL: the problems are only counted, and folio_db_error()
	 *  describes the first. Else called once for each problem when the
	 *  check ends with FOLIO_ERROR_CORRUPT (as many calls as
	 *  *problems), never otherwise. Older structs, which end before
	 *  it, have none. */
	folio_problem_fn problem;
	void *payload; /**< passed to problem */
} folio_check_options;

#define FOLIO_CHECK_OPTIONS_VERSION 3
#define FOLIO_CHECK_OPTIONS_INIT                                               \
	{                                                                      \
		FOLIO_CHECK_OPTIONS_VERSION, 0, 0, NULL, NULL                  \
	}

/**
 * Verify the live generation with Xapian's consistency checker
 * (Xapian::Database::check) and that every post's stored data decodes,
 * and that the shards of a sharded generation hold one commit of their
 * writer (a writer killed between its shards' commits leaves part of a
 * batch in some shards only: a problem, whose advice is the incremental
 * run that mends it).
 * folio_db_error() then describes the first problem found, and
 * opts->problem, if set, is given each. Where the checker finds
 * problems, the posts' data is not decoded: the index must be rebuilt
 * anyway, and reading it would meet the same damage. The checker
 * and the shards' commits are read from local files alone: check each
 * remote shard where it is served (a handle over remote shards alone
 * gets FOLIO_ERROR_INVALID); the posts decoded are a remote shard's
 * too, read over the network (open with FOLIO_OPEN_LOCAL to leave
 * them out, as folio check does). The checker
 * runs in the calling process unless opts->flags has FOLIO_CHECK_ISOLATE,
 * which a damaged term list can crash (see there).
 *
 * @param opts     options, or NULL for FOLIO_CHECK_OPTIONS_INIT
 * @param problems OUT: how many problems were found (0: the index is sound);
 *                 may be NULL
 * @retval FOLIO_OK             the index is sound
 * @retval FOLIO_ERROR_CORRUPT  problems were found
 * @retval FOLIO_ERROR_INVALID  db holds remote shards alone, or opts is
 *                              of an unknown version or has unknown flags,
 *                              or a timeout_ms without FOLIO_CHECK_ISOLATE
 * @retval FOLIO_ERROR_MODIFIED a writer committed under every attempt to
 *                              check the newest state: nothing is known;
 *                              try again (damage seen while a writer
 *                              changes the index is not reported)
 * @retval FOLIO_ERROR_BACKEND  also: with FOLIO_CHECK_ISOLATE, the child
 *                              was killed from outside before it finished,
 *                              or ran past opts->timeout_ms
 * @retval FOLIO_ERROR_IO, FOLIO_ERROR_NOMEM
 */
FOLIO_EXTERN folio_status folio_db_check(folio_db *db,
                                         const folio_check_options *opts,
                                         uint64_t *problems);

/* ------------------------------------------------------------------------
 * Searching
 * ------------------------------------------------------------------------ */

typedef struct folio_results folio_results;

typedef enum folio_sort {
	/** BM25, newest first among equal scores; a ranked query's first
	 *  20 hits are scored again by how much of each title its words
	 *  cover (README, "Relevance"), so hit 21 may score more than hit
	 *  20: past them, the order is the ranking, not the score */
	FOLIO_SORT_RELEVANCE = 0,
	FOLIO_SORT_NEWEST,
	FOLIO_SORT_OLDEST
} folio_sort;

/** How free words are joined when the query has no operator between them
 *  (README "Query syntax"). */
typedef enum folio_match {
	FOLIO_MATCH_AUTO = 0, /**< every word for one or two words, or under
	                           a date sort; longer queries rank posts by
	                           the words they match */
	FOLIO_MATCH_ALL,      /**< every word must match (AND) */
	FOLIO_MATCH_ANY       /**< any word may match (OR), best first */
} folio_match;

/** OR these together in folio_search_options.flags (any other bit is
 *  FOLIO_ERROR_INVALID). */
enum folio_search_flags {
	/** A stray quote, bracket or operator is an error
	 *  (FOLIO_ERROR_QUERY, see folio_db_error_position) instead of being
	 *  skipped with a notice, and so is a query of more than 256 words
	 *  or 4096 bytes, and a prefix of more words than it
	 *  searches ("lib* matches 4224 words, more than the 128 a prefix
	 *  may search"). */
	FOLIO_SEARCH_STRICT = 1u << 0,
	/** Count all matching posts by company, type, topic and year
	 *  (folio_results_facet). Costs a pass over every match. */
	FOLIO_SEARCH_FACETS = 1u << 1,
	/** Explain each hit's score (folio_results_explain). */
	FOLIO_SEARCH_EXPLAIN = 1u << 2,
	/** Never look for a spelling suggestion. */
	FOLIO_SEARCH_NO_SUGGEST = 1u << 3,
	/** Escape the snippets' text for HTML (& < > " ' as entities), not
	 *  the highlight markers: a page may then insert a snippet with
	 *  "<b>" markers as it is. Without it snippets are plain text, which
	 *  may hold any of those characters (a summary about &lt;script&gt;
	 *  reads <script>). Titles and other fields are always plain text. */
	FOLIO_SEARCH_HTML = 1u << 4,
	/** Examine every match, as FOLIO_SEARCH_FACETS does: the total is
	 *  exact however large (otherwise exact up to 1000, then an
	 *  estimate), and no hit can be lost to the pruning bug of Xapian
	 *  1.4.22 (README "A known limit of Xapian 1.4.22"). A ranked search
	 *  of many matches costs about twice as much. */
	FOLIO_SEARCH_EXHAUSTIVE = 1u << 5
};

typedef struct folio_search_options {
	unsigned version; /**< FOLIO_SEARCH_OPTIONS_VERSION */
	size_t offset;    /**< hits to skip */
	size_t limit;     /**< hits to return at most */
	folio_sort sort;
	/** Put around each matched word in snippets, e.g. "\x1b[1m" and
	 *  "\x1b[0m", or "<b>" and "</b>" with FOLIO_SEARCH_HTML. Both NULL:
	 *  no markers. One NULL and not the other is FOLIO_ERROR_INVALID
	 *  (it would leave every match unclosed). */
	const char *highlight_start;
	const char *highlight_end;
	size_t snippet_bytes; /**< target snippet length in bytes; a
	                           snippet shows the match it is chosen
	                           for whole, and marked, however small
	                           this is: a match longer than it is
	                           shown whole up to twice it or 256
	                           bytes, whichever is more (1 shows the
	                           best match alone, with an ellipsis
	                           where the text goes on); only a longer
	                           one, a blob of one word say, is cut,
	                           unmarked. 0: no snippet (""), and none
	                           is made */
	/* Version 2: */
	unsigned flags;    /**< folio_search_flags */
	/** Only posts published on or after / on or before these dates:
	 *  "YYYY", "YYYY-MM" or "YYYY-MM-DD", a month or day of one digit too
	 *  ("2026-9-1") (a period's first day for since,
	 *  its last for until), or NULL; full-width digits and hyphens are
	 *  read as NFKC makes them, as in a query's published:. Posts
	 *  without a date never match a date limit. */
	const char *since;
	const char *until;
	folio_match match;
} folio_search_options;

#define FOLIO_SEARCH_OPTIONS_VERSION 2
#define FOLIO_SEARCH_OPTIONS_INIT                                              \
	{ FOLIO_SEARCH_OPTIONS_VERSION, 0, 10, FOLIO_SORT_RELEVANCE, NULL, NULL,  \
	  200, 0, NULL, NULL, FOLIO_MATCH_AUTO }

/** One hit. All strings are borrowed from the results that hold it. */
typedef struct folio_hit {
	size_t rank;   /**< 1-based, counting from the first hit of the query */
	double score;  /**< BM25 weight, and the title coverage of the
	                    first 20 (FOLIO_SORT_RELEVANCE); under a date
	                    sort it breaks ties */
	const char *url;
	const char *title;
	const char *company;   /**< NULL when absent */
	const char *author;    /**< NULL when absent */
	const char *published; /**< "YYYY-MM-DD", NULL when absent */
	const char *type;      /**< NULL when absent */
	const char *const *topics;
	size_t n_topics;
	const char *summary;
	const char *snippet; /**< best window of the summary, with markers */
	/** The whole title with the snippet's markers around its matches
	 *  (of free words and of title: words, which the snippet of the
	 *  summary leaves unmarked), HTML-escaped as the snippet is, and like
	 * the snippet with control and bidirectional characters as spaces, but
	 * one for each (a snippet makes a run of them one), so that its
	 * characters are the title's one for one; the title itself when there
	 * are neither markers nor FOLIO_SEARCH_HTML. */
	const char *title_marked;
} folio_hit;

/**
 * Search the index. The query language (README "Query syntax"): free
 * words, "exact phrases", a NEAR/n b, AND, OR, NOT, +must, -exclude,
 * (brackets), prefix*, title: company: author: type: topic: site: fields,
 * published:2026-01-01..2026-09-30 and year:2026. Words are analysed
 * exactly as indexed text is (normalised, segmented, stemmed): a word
 * matches any form with the same stem, exact forms ranking above stemmed
 * ones, except a frequent word's form that nearly every post of its stem
 * holds, which weighs as the stem does (README "Using the command").
 *
 * Unless opts->flags has FOLIO_SEARCH_STRICT, a stray quote, bracket or
 * operator is skipped and the rest searched; each thing skipped is a
 * notice (folio_results_notice). So is what follows the query's 256th
 * word (a run without white space, an operator too) or its first 4096
 * bytes: it is left out ("more than 256 words: left out, with the rest
 * of the query"), as every word adds to the matcher's cost (a query of
 * 4000 words took seconds). A spelling suggestion may be made from
 * the index's own words (folio_results_suggestion): with few or no hits,
 * or for a word in no post.
 *
 * @param query UTF-8 text
 * @param opts  options, or NULL for FOLIO_SEARCH_OPTIONS_INIT (version 1
 *              structs are accepted and get version 2 defaults)
 * @param out   OUT: the results, owned by the caller:
 *              folio_results_free(). Valid after db is closed.
 * @retval FOLIO_OK (also when nothing matched)
 * @retval FOLIO_ERROR_INVALID  an empty query, a query without words, or
 *                              bad options (an invalid since/until date,
 *                              since after until, one highlight marker
 *                              without the other, an unknown version,
 *                              flag, sort or match)
 * @retval FOLIO_ERROR_UNAVAILABLE a remote shard cannot be reached again
 *                              (see folio_open_options.allow_partial)
 * @retval FOLIO_ERROR_QUERY    strict mode and malformed syntax or a
 *                              query past its limits (above), or in
 *                              both modes an invalid date in the query,
 *                              or a query whose only searchable part
 *                              was a * with no word before it or a
 *                              field with no value (*, title:*, site:*,
 *                              year:, title:"), or syntax ignored in
 *                              a query left with no word ((, ", -,
 *                              !!!, !!! ,: at the first thing it
 *                              ignored); syntax that holds words (OR,
 *                              ( AND )) is searched as words, and a
 *                              query with no word and no syntax
 *                              (punctuation, emoji) is
 *                              FOLIO_ERROR_INVALID;
 *                              folio_db_error_position() says where
 * @retval FOLIO_ERROR_CORRUPT, FOLIO_ERROR_MODIFIED, FOLIO_ERROR_NOMEM,
 *         FOLIO_ERROR_BACKEND
 */
FOLIO_EXTERN folio_status folio_db_search(folio_db *db, const char *query,
                                          const folio_search_options *opts,
                                          folio_results **out);

/**
 * The posts most like the post with this URL (relevance feedback: the
 * terms that best set it apart from the collection, Xapian's ESet, ORed
 * and ranked by BM25), without the post itself: its 25 terms of the
 * highest expand weight among those another post holds too (a term of
 * that post alone would find no other), of its title and summary, not
 * of its author, company, type or topics (a rare name would choose the
 * posts). The post's terms come
 * from its stored record, analysed again as indexing did, not from its
 * term list in the index: Xapian 1.4.22 can crash the process reading
 * a damaged term list. The URL is looked up as
 * given, else with its scheme and host in lower case (as
 * folio_db_delete_post), else as pasted in <...>, (...), [...], quotes
 * (typographic too) or backticks, between blanks or before a sentence's
 * punctuation (as in a query). opts works as for folio_db_search (limit,
 * offset, sort, since/until, facets, explain).
 *
 * @param out OUT: the results, owned by the caller: folio_results_free()
 * @retval FOLIO_OK               also with no hits: a post that no word
 *                                sets apart is like no other
 * @retval FOLIO_ERROR_NOT_FOUND  no post with that URL
 * @retval FOLIO_ERROR_INVALID, FOLIO_ERROR_NOMEM, FOLIO_ERROR_BACKEND, ...
 */
FOLIO_EXTERN folio_status folio_db_similar(folio_db *db, const char *url,
                                           const folio_search_options *opts,
                                           folio_results **out);

/** After FOLIO_ERROR_QUERY: the 1-based character position in the query
 *  of the problem folio_db_error() describes; 0 otherwise. */
FOLIO_EXTERN size_t folio_db_error_position(const folio_db *db);

/** The number of hits held (at most opts.limit). */
FOLIO_EXTERN size_t folio_results_count(const folio_results *results);

/** All matching posts: exact up to 1000 and with FOLIO_SEARCH_FACETS or
 *  FOLIO_SEARCH_EXHAUSTIVE, an estimate otherwise
 *  (folio_results_total_exact says which). */
FOLIO_EXTERN uint64_t folio_results_total(const folio_results *results);

/** 1 when folio_results_total is the number of matching posts, 0 when it
 *  is an estimate (or results is NULL). */
FOLIO_EXTERN int folio_results_total_exact(const folio_results *results);

/** Hit i (0-based), or NULL when i is out of range. Borrowed. */
FOLIO_EXTERN const folio_hit *folio_results_hit(const folio_results *results,
                                                size_t i);

/** Something the lenient parser skipped. Borrowed from the results. */
typedef struct folio_notice {
	size_t position;     /**< 1-based character position in the query */
	const char *message; /**< what was ignored and why, one line */
} folio_notice;

/** The number of notices (0 in strict mode, which fails instead). */
FOLIO_EXTERN size_t folio_results_notice_count(const folio_results *results);

/** Notice i, or NULL when out of range. Borrowed. */
FOLIO_EXTERN const folio_notice *folio_results_notice(
	const folio_results *results, size_t i);

/** A corrected query made of the index's own words ("did you mean"),
 *  or NULL. Made only when a word of the query is in no post in any form
 *  (then, when the query had three hits or more, to a word in ten posts
 *  or more), or, when the query had fewer than three hits, is in a post
 *  or two and a typo of a word in far more (pyhton: python); and the
 *  corrected query was searched and found more posts than the query, or,
 *  when the query had three hits or more, a better first hit (of up to
 *  three tried: each word's closest correction, then one word's next
 *  closest; not when that search gave up behind a writer: see "Thread
 *  safety"). The words not corrected are kept as the query wrote
 *  them, bytes that are not UTF-8 and control characters too: a caller
 *  that prints it cleans it as it would the query. Borrowed. */
FOLIO_EXTERN const char *folio_results_suggestion(const folio_results *results);

/** One value of a facet and the number of matching posts that have it. */
typedef struct folio_facet_value {
	const char *value;
	uint64_t count;
} folio_facet_value;

/** Counts over every matching post (not only the page of hits), most
 *  frequent first. A post on several topics counts once per topic.
 *  Values that differ only in case or accents ("Red Hat", "RED HAT")
 *  are one value, as field filters match them, named by their most
 *  frequent spelling. */
typedef struct folio_facet {
	const char *name; /**< "company", "type", "topic" or "year" */
	const folio_facet_value *values;
	size_t n_values;
} folio_facet;

/** The number of facets: 4 with FOLIO_SEARCH_FACETS, else 0. */
FOLIO_EXTERN size_t folio_results_facet_count(const folio_results *results);

/** Facet i (company, type, topic, year in that order), or NULL when out
 *  of range. Borrowed from the results. */
FOLIO_EXTERN const folio_facet *folio_results_facet(
	const folio_results *results, size_t i);

/** One part of the query and what it added to a hit's score. BM25+
 *  (Xapian's BM25PlusWeight): weight = query_weight * idf * ((k1 + 1) *
 *  wdf / (k1 * length_norm + wdf) + delta), idf = ln((N + 1) /
 *  doc_freq), k1 1.5, delta 1, N the posts in the index. That holds for
 *  a part of one term. A part of several terms is weighed as Xapian 1.4
 *  weighs it, which these numbers do not give: a word's forms ("stem")
 *  and a prefix's words are one term of their summed wdf, whose document
 *  frequency Xapian estimates from theirs as if they were independent
 *  (a + b - a * b / N for two), at least doc_freq; a phrase, a
 *  compound or a NEAR weighs the sum of its words' own weights, each
 *  with its own wdf and document frequency, a NEAR's every form of a
 *  word that the post holds weighing as a word of its own (python and
 *  pythonic, each by its own document frequency) (README
 *  "Explanations"). */
typedef struct folio_explain_term {
	const char *term;  /**< the word, phrase or prefix, as analysed */
	const char *how;   /**< "stem", "exact", "phrase", "prefix", "near",
	                        "abbreviation", "joined", "acronym",
	                        "version" (2.0.1 found as v2.0.1),
	                        "title", "proximity", "coordination" or
	                        "coverage" (ranked words: the second phase
	                        multiplied the score by query_weight for
	                        the wdf title words they cover, term says
	                        "M of N words"; weight is what that
	                        added, negative when it took away) */
	const char *field; /**< "text", "title", "company", "author", "type"
	                        or "topic" */
	double weight;     /**< its contribution to the hit's score */
	double query_weight; /**< the factor the query gives it (field or
	                          boost weight; 1 for plain words) */
	uint64_t wdf;        /**< occurrences in the post (title words count
	                          three times; a phrase's, NEAR's or prefix's
	                          words summed, a NEAR's in every form);
	                          0 for a part with no term of its own
	                          (proximity, coordination), the title
	                          words covered for coverage */
	uint64_t doc_freq;   /**< posts holding the term (for a term with
	                          several forms: the most frequent form; for
	                          a phrase, a NEAR or a prefix: its most
	                          frequent word, not the posts the phrase
	                          matches); 0
	                          for a part with no term of its own */
	/** (1 - b) + b * max(length / average length, 0.5), b 0.75: a post
	 *  shorter than half the average counts as half */
	double length_norm;
} folio_explain_term;

/**
 * With FOLIO_SEARCH_EXPLAIN: the parts of the query that contributed to
 * hit i's score (their weights sum to the score), in query order. *n is
 * their number; NULL and 0 without the flag or for an i out of range.
 * Borrowed from the results.
 */
FOLIO_EXTERN const folio_explain_term *folio_results_explain(
	const folio_results *results, size_t i, size_t *n);

/** Free results and every hit in them. NULL is allowed. */
FOLIO_EXTERN void folio_results_free(folio_results *results);

#ifdef __cplusplus
}
#endif

#endif /* FOLIO_H */
