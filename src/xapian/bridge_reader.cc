// bridge_reader.cc: keeping a reader on a committed revision while a writer
// commits: moving it on (reopening, or opening it afresh when a read of it
// was overtaken), and telling whether a read that raised no error may
// still have been overtaken.
//
// Glass keeps a reader's revision readable until the writer has committed
// the next one: from then on it reuses that revision's blocks. A read
// that meets a rewritten block is meant to fail (DatabaseModifiedError,
// from the block's revision), but beside a writer committing every few
// milliseconds some reads came back wrong without an error instead: one
// shard of two answered 0 matches at a revision that held 125, a fresh
// open read an empty format number (api_threads, about 1 run in 15 under
// load). Each time a commit had come after the revision read. So a read
// is trusted only if, once it is done, the reader's revision is still
// the newest committed: otherwise the reader moves on and reads again.
// Moving on and reading again end at the reader's deadline, which
// bounds a call's waits behind a writer (fo_xdb_set_deadline).
#include "bridge_private.hh"

#include <ctime>

bool fo_xlate(const fo_xdb *h)
{
	struct timespec now;

	if (!h->deadline || clock_gettime(CLOCK_MONOTONIC, &now) != 0)
		return false;
	return now.tv_sec + now.tv_nsec / 1e9 >= h->deadline;
}

extern "C" void fo_xdb_set_deadline(fo_xdb *h, double deadline)
{
	h->deadline = deadline;
}

// The revision of each of h's databases; empty when Xapian cannot say
// (a stub of several members opened as one).
static std::vector<Xapian::rev> revisions(const fo_xdb *h)
{
	std::vector<Xapian::rev> revs;
	for (const Xapian::Database &d : h->whole)
		revs.push_back(d.get_revision());
	if (h->whole.empty() && h->db->size() == 1)
		revs.push_back(h->db->get_revision());
	return revs;
}

// Open the reader h anew on its path, in place of a stale one (fo_xdb's
// stale): true when a commit came since, or when it cannot be told. On
// failure h is left as it was, still stale.
static bool open_afresh(fo_xdb *h)
{
	std::vector<Xapian::rev> before = revisions(h);
	Xapian::Database *old = h->db;
	std::vector<Xapian::Database> old_whole;

	old_whole.swap(h->whole);
	h->db = NULL;
	try {
		if (!h->whole_wanted || !fo_xopen_whole(h, h->path))
			h->db = new Xapian::Database(h->path);
	} catch (...) {
		delete h->db;
		h->db = old;
		h->whole.swap(old_whole);
		throw;
	}
	delete old;
	h->stale = false;
	return before.empty() || revisions(h) != before;
}

// A reader of its own path: not a writer (whose reads see its own
// state), nor one with remote shards, which fo_xdb_add_remote added and
// the caller reconnects itself.
static bool plain_reader(const fo_xdb *h)
{
	return !h->path.empty() && !h->remote && !h->wdb && h->shards.empty();
}

// Move h to the newest commit: true when it may have moved.
static bool move_on(fo_xdb *h)
{
	if (h->stale && plain_reader(h))
		return open_afresh(h);
	bool moved = h->db->reopen();
	if (moved)
		fo_xsettle(h);
	return moved;
}

// move_on, made again when the newest commit is itself overtaken while it
// is being opened (a newer one came meanwhile), until h's deadline. Damage that
// looks alike (a block newer than the last commit) fails every time: then it
// throws, and the caller tells damage from a moving index (db.c
// fo_db_overtaken).
static bool move_on_again(fo_xdb *h)
{
	for (int attempt = 1;; attempt++) {
		try {
			return move_on(h);
		} catch (const Xapian::DatabaseModifiedError &) {
			h->stale = true;
			if (attempt == FO_XREAD_ATTEMPTS || fo_xlate(h))
				throw;
		}
	}
}

bool fo_xreopen(fo_xdb *h)
{
	bool moved = move_on_again(h) || h->moved;
	h->moved = false;
	return moved;
}

// Record that the bridge moved h on by itself (fo_xdb.moved, .moves).
static void moved_on(fo_xdb *h)
{
	h->moved = true;
	h->moves++;
}

bool fo_xovertaken(fo_xdb *h)
{
	if (!plain_reader(h))
		return false;
	try {
		if (!move_on_again(h))
			return false;
	} catch (const Xapian::DatabaseModifiedError &) {
		throw;
	} catch (const Xapian::Error &) {
		// The read was made; what keeps h from moving on (its
		// generation deleted after a rebuild's switch, say) is for
		// its next reopen to meet (db.c fo_db_refresh).
		return false;
	}
	moved_on(h);
	return true;
}

void fo_xmodified(fo_xdb *h)
{
	h->stale = true;
	if (move_on_again(h))
		moved_on(h);
}

extern "C" unsigned fo_xdb_moves(const fo_xdb *h)
{
	return h ? h->moves : 0;
}

extern "C" folio_status fo_xdb_reads_current(fo_xdb *h, fo_xerr *err)
{
	bool moved;

	try {
		moved = fo_xovertaken(h) || h->moved;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
	if (!moved)
		return FOLIO_OK;
	// Reported as any overtaken read is; h itself is sound (not stale):
	// it moved on with no error.
	try {
		throw Xapian::DatabaseModifiedError("reads of two commits");
	} catch (...) {
		return fo_xerr_from_current_exception(err);
	}
}
