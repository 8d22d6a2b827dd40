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
#include "bridge_private.hh"

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

bool fo_xreopen(fo_xdb *h)
{
	bool moved;

	try {
		moved = move_on(h) || h->moved;
	} catch (const Xapian::DatabaseModifiedError &) {
		// The newest commit was overtaken while it was being opened:
		// a newer one has come, so h is to move, and says so next time
		// (and so does the caller's status: db.c fo_db_overtaken).
		h->stale = true;
		h->moved = true;
		throw;
	}
	h->moved = false;
	return moved;
}

bool fo_xovertaken(fo_xdb *h)
{
	if (!plain_reader(h) || !move_on(h))
		return false;
	h->moved = true;
	return true;
}

void fo_xmodified(fo_xdb *h)
{
	// A commit overtook the read: h moves, whether now or, should this
	// throw, at its caller's next reopen.
	h->stale = true;
	h->moved = true;
	move_on(h);
}
