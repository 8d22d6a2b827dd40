// bridge_private.hh: what the bridge's .cc files share: the structs behind
// the opaque C handles and the one exception-to-status mapper.
#ifndef FOLIO_BRIDGE_PRIVATE_HH
#define FOLIO_BRIDGE_PRIVATE_HH

#include "bridge.h"

#include <xapian.h>

#include <string>
#include <vector>

struct fo_xdb {
	Xapian::Database *db;            // the reader, or the writer as a reader
	Xapian::WritableDatabase *wdb;   // NULL for read-only handles
	bool append;                     // FO_XDB_APPEND
	unsigned remote;                 // how many of db's shards are remote
	// A writer on a sharded generation (bridge_shard.cc): one writer per
	// shard, wdb NULL, and db the shards combined as one reader.
	std::vector<Xapian::WritableDatabase *> shards;
	// A reader of a sharded generation opened with FO_XDB_WHOLE: its
	// shards one by one, sharing their state with db (add_database
	// shares it), so that each one's commit number can be read.
	std::vector<Xapian::Database> whole;
	// A reader's path and FO_XDB_WHOLE, to open it afresh (fo_xreopen).
	std::string path;
	bool whole_wanted;
	// A read of h met DatabaseModifiedError. Glass keeps the block that
	// failed its revision check in its cursor, and reads it unchecked
	// from then on (GlassTable::block_to_cursor returns early for a block
	// number it holds); reopen() clears it only when it moves to another
	// revision: such a reader is opened afresh instead (fo_xreopen).
	bool stale;
	// The bridge moved the reader h on by itself (a read was overtaken)
	// since its caller last reopened it: the next fo_xreopen says h
	// moved, so that the caller never takes the overtaken read for a
	// damaged index (db.c fo_db_overtaken).
	bool moved;
	// How many times the bridge has moved h on by itself, ever: reads
	// bracketed by the same count were all of one commit (fo_xdb_moves).
	unsigned moves;
	// A bad_alloc escaped Xapian while working on it (fo_xdb_broken).
	bool broken;
	// When its waits behind a writer end (fo_xdb_set_deadline); 0: none.
	double deadline;
};

// Whether h is past its deadline: then a wait or a read made again
// gives up (DatabaseModifiedError) instead of going on.
bool fo_xlate(const fo_xdb *h);

// The writers behind h (one, or every shard); throws when read-only.
std::vector<Xapian::WritableDatabase *> fo_xwriters(fo_xdb *h);

// The writer that holds (or is to hold) the post with unique_term: the
// shard fo_xdb_shard_of() names. Throws when read-only.
Xapian::WritableDatabase &fo_xwriter_for(fo_xdb *h,
                                         const std::string &unique_term);

// Open the shards a sharded generation's stub at dir lists, writable,
// into h (bridge_shard.cc). Returns false when dir has no stub.
bool fo_xopen_shards(fo_xdb *h, const std::string &dir, int action);

// The member databases (full paths) the stub in directory dir lists, and
// if types is given, the backend each line names ("glass", "auto"...);
// false when dir holds no stub. Throws on a damaged stub, and on a member
// that is not a directory (DatabaseNotFoundError: "no shard directory").
bool fo_xstub_members(const std::string &dir, std::vector<std::string> &out,
                      std::vector<std::string> *types = nullptr);

// Throw as fo_xstub_members does for any stub under dir, its members'
// included (a sharded replica's shards are stubs), or when they nest more
// than 4 deep: Xapian follows stubs without a bound, so a stub that leads
// back to itself overflowed the stack. True when dir holds a stub.
bool fo_xstub_walk(const std::string &dir, int depth);

// Open the reader h->db on dir, a sharded generation, as its shards
// added one by one (h->whole), and reopen it until they are at one
// commit of the writer (FO_XDB_WHOLE). False when dir has no stub.
bool fo_xopen_whole(fo_xdb *h, const std::string &dir);

// Commit every writer of h; in a sharded generation each commit gets
// the next commit number (FO_META_COMMIT) in every shard first.
void fo_xcommit(fo_xdb *h);

// Reopen the reader h (Database::reopen), and with FO_XDB_WHOLE again
// until its shards are at one commit (opened afresh when stale): true when
// it may have moved since the caller last called this (bridge_reader.cc).
bool fo_xreopen(fo_xdb *h);

// Reopen the shards of h (FO_XDB_WHOLE) until they are at one commit of
// the writer (bridge_shard.cc); nothing for other handles.
void fo_xsettle(fo_xdb *h);

// After a read of the reader h that raised no error: whether a commit
// came since h's revision, so that the read may have met blocks the
// writer had rewritten; h is then at the newest commit, to read again.
// Always false for writers and for readers with remote shards.
bool fo_xovertaken(fo_xdb *h);

// After a read of h met DatabaseModifiedError: move h to the newest
// commit, opened afresh.
void fo_xmodified(fo_xdb *h);

// Run read() on h until it was read at the newest commit (fo_xovertaken),
// moving h on after DatabaseModifiedError too; after FO_XREAD_ATTEMPTS
// reads overtaken, or past h's deadline, DatabaseModifiedError for the
// caller to retry later. A read is made twice however long it took: the
// deadline bounds waiting behind a writer, and one slow read (a facet
// search over a large index) is no reason to give up.
static const int FO_XREAD_ATTEMPTS = 4;
template <class Read> void fo_xread(fo_xdb *h, Read read)
{
	for (int attempt = 1;; attempt++) {
		bool give_up = attempt == FO_XREAD_ATTEMPTS ||
		               (attempt > 1 && fo_xlate(h));
		try {
			read();
			if (!fo_xovertaken(h))
				return;
		} catch (const Xapian::DatabaseModifiedError &) {
			if (give_up)
				throw;
			fo_xmodified(h);
			continue;
		}
		if (give_up)
			throw Xapian::DatabaseModifiedError(
			    "the index was committed to during every read");
	}
}

struct fo_xdoc {
	Xapian::Document doc;
};

// q, and where q holds a MAX, the same query for several databases
// (bridge_query.cc safe_max): fo_xquery_for picks.
struct fo_xquery {
	Xapian::Query q;
	Xapian::Query multi;
	bool max;
};

// The query to match q over db.
const Xapian::Query &fo_xquery_for(const fo_xquery *q,
                                   const Xapian::Database &db);

struct fo_xmset_item {
	uint32_t docid;
	double weight;
	std::string data;
};

struct fo_xfacet {
	unsigned slot;
	std::vector<std::pair<std::string, uint64_t> > counts;
};

struct fo_xmset {
	uint64_t estimate;
	bool exact; // estimate is the number of matches

	std::vector<fo_xmset_item> items;
	std::vector<fo_xfacet> facets;
	// The match, kept for its statistics when fo_xsearch.termfreqs_below
	// asks (else empty): the frequency of each query term.
	Xapian::MSet stats;
	bool has_stats = false;
};

// Xapian refuses terms longer than this (limitations.rst: 245 bytes for
// glass, key length including the prefix); longer ones are dropped.
static const size_t FO_XAPIAN_MAX_TERM = 245;

// Map the exception being handled to a status and write its description to
// err. Must be called from inside a catch block (the rethrow idiom
// notmuch uses in _notmuch_xapian_error_private).
folio_status fo_xerr_from_current_exception(fo_xerr *err) noexcept;
// Whether this thread is in a writer's commit (fo_xcommit), where glass
// can end the process in std::terminate (bridge.h fo_xdb_on_abort).
extern thread_local bool fo_xcommitting;

// The mapper for entry points that work on h: a bad_alloc thrown inside
// glass can leave h's tables half updated (a cursor without its block, a
// writer's change half made), so h is marked broken (fo_xdb_broken).
folio_status fo_xdb_fail(fo_xdb *h, fo_xerr *err) noexcept;

void fo_xerr_set(fo_xerr *err, const char *msg) noexcept;

// Xapian's description of e ("DatabaseCorruptError: Block overwritten"),
// its diagnosis without the advice a message may end with: "run
// xapian-check on this database" does not mend a folio index, and the
// message that carries it says what does (advice.c fo_db_advise).
std::string fo_xdescribe(const Xapian::Error &e);

// Copy s into a malloc'd NUL-terminated buffer (NULL when out of memory).
char *fo_xstrdup(const std::string &s, size_t *len) noexcept;

#endif
