// bridge_shard.cc: shards and remote databases. A sharded generation is a
// directory holding one glass database per shard (shard-0, shard-1, ...)
// and a stub file XAPIANDB listing them; a reader opens the directory and
// Xapian searches the shards as one database, with statistics summed
// across them, so the ranking is the unsharded one ("Multiple databases",
// overview.rst). Xapian 1.4 cannot write through a stub of several
// databases, so a writer opens each shard itself and routes every post by
// a stable hash of its unique term (fo_xdb_shard_of). Remote shards are
// databases served by xapian-tcpsrv, added to a reader with
// Xapian::Remote::open (dbfactory.h).
//
// The shards of a generation commit one by one, each on its own: a
// reader that opens or reopens between two of them would see a commit in
// some shards and not in the others. So the writer numbers its commits
// in every shard (FO_META_COMMIT) before committing them, and a reader
// that must see whole commits (FO_XDB_WHOLE) reopens until its shards
// agree (fo_xsettle, below).
#include "bridge_private.hh"

#include "index/schema.h"

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

// How long a reader without a deadline (fo_xdb_set_deadline) waits for a
// writer to commit the rest of its shards: each is a commit of its own
// (an fsync), milliseconds apart.
static const int SETTLE_TRIES = 1000;
static const long SETTLE_NAP_NS = 1000000; // 1 ms
// With no writer at work, reopens before shards that disagree are taken
// as they are.
static const int SETTLE_UNLOCKED_TRIES = 10;

extern "C" unsigned fo_xdb_shard_of(const char *unique_term, size_t len,
                                    unsigned n)
{
	// FNV-1a, 64 bits: fixed forever, since it decides where posts live.
	uint64_t h = 14695981039346656037ULL;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)unique_term[i];
		h *= 1099511628211ULL;
	}
	return n ? (unsigned)(h % n) : 0;
}

bool fo_xstub_members(const std::string &dir, std::vector<std::string> &out,
                      std::vector<std::string> *types)
{
	struct stat sb;
	std::string stub = dir + "/XAPIANDB";
	if (stat(dir.c_str(), &sb) != 0 || !S_ISDIR(sb.st_mode) ||
	    stat(stub.c_str(), &sb) != 0)
		return false;
	std::ifstream in(stub);
	if (!in)
		throw Xapian::DatabaseOpeningError("cannot read " + stub);
	std::string line;
	while (std::getline(in, line)) {
		std::istringstream words(line);
		std::string type, rel;
		if (!(words >> type) || type[0] == '#')
			continue;
		if (!(words >> rel) || rel.find('/') != std::string::npos ||
		    rel == "." || rel == "..")
			throw Xapian::DatabaseCorruptError(
				stub + " lists something that is not a shard "
				       "directory: " + line);
		out.push_back(dir + "/" + rel);
		if (types)
			types->push_back(type);
	}
	if (out.empty())
		throw Xapian::DatabaseCorruptError(stub + " lists no shards");
	// A shard is a directory. Anything else would be taken for a stub
	// (an empty file: "No databases listed"; the stub itself, which
	// Xapian follows until the stack overflows), where a reader finds
	// the shard missing: say so.
	for (const std::string &p : out) {
		if (stat(p.c_str(), &sb) != 0 || !S_ISDIR(sb.st_mode))
			throw Xapian::DatabaseNotFoundError(
			    p + ": no shard directory");
	}
	return true;
}

bool fo_xstub_walk(const std::string &dir, int depth)
{
	std::vector<std::string> members;
	if (depth > 4)
		throw Xapian::DatabaseOpeningError(dir +
		                                   ": stubs nested too deep");
	if (!fo_xstub_members(dir, members))
		return false;
	for (const std::string &m : members)
		fo_xstub_walk(m, depth + 1);
	return true;
}

bool fo_xopen_shards(fo_xdb *h, const std::string &dir, int action)
{
	std::vector<std::string> paths;
	if (!fo_xstub_members(dir, paths))
		return false;
	h->db = new Xapian::Database();
	for (const std::string &p : paths) {
		h->shards.push_back(new Xapian::WritableDatabase(p, action));
		h->db->add_database(*h->shards.back());
	}
	return true;
}

// Whether h's shards are at different commits of the writer.
static bool torn(const fo_xdb *h)
{
	for (size_t i = 1; i < h->whole.size(); i++)
		if (h->whole[i].get_metadata(FO_META_COMMIT) !=
		    h->whole[0].get_metadata(FO_META_COMMIT))
			return true;
	return false;
}

static bool any_locked(const fo_xdb *h)
{
	for (const Xapian::Database &d : h->whole)
		if (d.locked())
			return true;
	return false;
}

// Move h on until its shards are at one commit. A writer at work is
// between the commits of its shards: wait for the rest. A reopen can also
// leave a shard a commit or more behind the others, writer or not (seen
// beside a writer committing every few milliseconds): reopening again
// moves it on. Without a writer, shards that still disagree were left so
// by a writer that died between their commits: they are what there is
// (its successor's first commit numbers them all alike again). A writer
// stopped between them (a paused machine) is waited for until h's
// deadline, which bounds the whole call that waits, however many times
// its layers reopen and read again (db.h fo_retry).
void fo_xsettle(fo_xdb *h)
{
	struct timespec nap = { 0, SETTLE_NAP_NS };

	for (int i = 0; torn(h); i++) {
		if (i >= SETTLE_UNLOCKED_TRIES && !any_locked(h))
			return;
		if (h->deadline ? fo_xlate(h) : i == SETTLE_TRIES)
			throw Xapian::DatabaseModifiedError(
			    "a writer has committed some shards of the index "
			    "but not yet the others: try again");
		nanosleep(&nap, NULL);
		h->db->reopen();
	}
}

extern "C" folio_status fo_xdb_torn(fo_xdb *h, char *out, size_t size,
                                    fo_xerr *err)
{
	out[0] = '\0';
	try {
		if (!torn(h) || any_locked(h))
			return FOLIO_OK;
		std::string s = "the shards hold different commits (";
		for (size_t i = 0; i < h->whole.size(); i++) {
			std::string n =
			    h->whole[i].get_metadata(FO_META_COMMIT);
			s += (i ? ", shard " : "shard ") + std::to_string(i) +
			     " commit " + (n.empty() ? "0" : n);
		}
		s += "): a writer died between its shards' commits, and "
		     "part of its last batch is in some shards only";
		snprintf(out, size, "%s", s.c_str());
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

bool fo_xopen_whole(fo_xdb *h, const std::string &dir)
{
	std::vector<std::string> paths, types;
	if (!fo_xstub_members(dir, paths, &types))
		return false;
	// Each member as the stub names it, as Xapian opens a stub's
	// members (so a lost shard is reported alike): glass, as folio
	// writes it (fo_shards_write_stub), or auto (a replica's shard is
	// itself a stub); anything else is left to Xapian's stub opener.
	for (const std::string &t : types)
		if (t != "glass" && t != "auto")
			return false;
	h->db = new Xapian::Database();
	for (size_t i = 0; i < paths.size(); i++) {
		h->whole.push_back(Xapian::Database(
		    paths[i],
		    types[i] == "glass" ? Xapian::DB_BACKEND_GLASS : 0));
		h->db->add_database(h->whole.back());
	}
	fo_xsettle(h);
	return true;
}

namespace
{
struct committing {
	committing()
	{
		fo_xcommitting = true;
	}
	~committing()
	{
		fo_xcommitting = false;
	}
};
} // namespace

void fo_xcommit(fo_xdb *h)
{
	committing guard;

	if (h->shards.size() > 1) {
		unsigned long long next = 0;
		for (Xapian::WritableDatabase *w : h->shards) {
			unsigned long long n = std::strtoull(
			    w->get_metadata(FO_META_COMMIT).c_str(), NULL, 10);
			if (n > next)
				next = n;
		}
		std::string number = std::to_string(next + 1);
		for (Xapian::WritableDatabase *w : h->shards)
			w->set_metadata(FO_META_COMMIT, number);
	}
	for (Xapian::WritableDatabase *w : fo_xwriters(h))
		w->commit();
}

std::vector<Xapian::WritableDatabase *> fo_xwriters(fo_xdb *h)
{
	if (!h->shards.empty())
		return h->shards;
	if (!h->wdb)
		throw Xapian::InvalidOperationError("index opened read-only");
	return std::vector<Xapian::WritableDatabase *>(1, h->wdb);
}

Xapian::WritableDatabase &fo_xwriter_for(fo_xdb *h,
                                         const std::string &unique_term)
{
	if (h->shards.empty()) {
		if (!h->wdb)
			throw Xapian::InvalidOperationError(
				"index opened read-only");
		return *h->wdb;
	}
	return *h->shards[fo_xdb_shard_of(unique_term.data(),
	                                  unique_term.size(),
	                                  (unsigned)h->shards.size())];
}

extern "C" unsigned fo_xdb_shard_count(const fo_xdb *h)
{
	if (!h->shards.empty())
		return (unsigned)h->shards.size();
	if (h->wdb)
		return 1;
	// A reader: the stub's members, then the remotes added to them.
	return (unsigned)h->db->size() - h->remote;
}

extern "C" folio_status fo_xdb_new_empty(fo_xdb **out, fo_xerr *err)
{
	fo_xdb *h = NULL;
	*out = NULL;
	try {
		h = new fo_xdb();
		h->db = new Xapian::Database();
		h->wdb = NULL;
		h->append = false;
		*out = h;
		return FOLIO_OK;
	} catch (...) {
		delete h;
		return fo_xerr_from_current_exception(err);
	}
}

// Whether shard's database is one db holds already: its UUID among those
// of db's databases (Database::get_uuid joins them with ':'). A database
// without one ("") is none.
static bool held(const Xapian::Database &db, const Xapian::Database &shard)
{
	const std::string uuid = shard.get_uuid(),
	                  all = ":" + db.get_uuid() + ":";

	return !uuid.empty() && all.find(":" + uuid + ":") != std::string::npos;
}

extern "C" folio_status fo_xdb_add_remote(fo_xdb *h, const char *host,
                                          unsigned port, unsigned timeout_ms,
                                          const char *const *keys,
                                          fo_xremote_accept accept, void *ctx,
                                          int *timed_out, fo_xerr *err)
{
	std::vector<char *> values;
	folio_status st = FOLIO_OK;
	*timed_out = 0;
	try {
		if (h->wdb || !h->shards.empty())
			throw Xapian::InvalidOperationError(
				"remote shards are for searching only");
		// The same bound for connecting and for each reply, so a hung
		// server costs a search at most timeout_ms per exchange.
		Xapian::Database remote = Xapian::Remote::open(
			host, port, timeout_ms, timeout_ms);
		// Read from the shard alone: once added, its metadata would be
		// hidden behind the first database's (Database::get_metadata).
		for (size_t i = 0; keys[i]; i++) {
			values.push_back(fo_xstrdup(remote.get_metadata(keys[i]),
			                            NULL));
			if (!values.back())
				throw std::bad_alloc();
		}
		st = accept ? accept(values.data(), held(*h->db, remote), ctx)
		            : FOLIO_OK;
		if (st == FOLIO_OK) {
			h->db->add_database(remote);
			h->remote++;
		}
	} catch (const Xapian::NetworkTimeoutError &) {
		*timed_out = 1;
		st = fo_xdb_fail(h, err);
	} catch (...) {
		st = fo_xdb_fail(h, err);
	}
	for (char *v : values)
		free(v);
	return st;
}

extern "C" folio_status fo_xdb_set_shard_metadata(fo_xdb *h, unsigned k,
                                                  const char *key,
                                                  const char *value,
                                                  fo_xerr *err)
{
	try {
		std::vector<Xapian::WritableDatabase *> w = fo_xwriters(h);
		if (k >= w.size())
			throw Xapian::InvalidArgumentError("no such shard");
		w[k]->set_metadata(key, value);
		return FOLIO_OK;
	} catch (...) {
		return fo_xdb_fail(h, err);
	}
}

// path's value under key, as each database it stands for holds it: a
// stub of several databases (a sharded replica's shards, README) is read
// member by member, as Xapian would read its first member's alone.
static void leaf_metadata(const std::string &path, const char *key, int depth,
                          std::vector<std::string> &paths,
                          std::vector<std::string> &values)
{
	std::vector<std::string> members;
	if (depth > 4)
		throw Xapian::DatabaseOpeningError(path +
		                                   ": stubs nested too deep");
	if (fo_xstub_members(path, members) && members.size() > 1) {
		for (const std::string &m : members)
			leaf_metadata(m, key, depth + 1, paths, values);
		return;
	}
	paths.push_back(path);
	values.push_back(Xapian::Database(path).get_metadata(key));
}

extern "C" folio_status fo_xdb_local_metadata(fo_xdb *h, const char *key,
                                              char ***paths, char ***values,
                                              size_t *n, fo_xerr *err)
{
	std::vector<std::string> p, v;
	*paths = *values = NULL;
	*n = 0;
	try {
		if (h->remote)
			throw Xapian::InvalidOperationError(
			    "remote shards added already");
		std::vector<std::string> members;
		if (!h->whole.empty() && fo_xstub_members(h->path, members) &&
		    members.size() == h->whole.size()) {
			// Each shard as the reader holds it, at its commit.
			for (size_t i = 0; i < members.size(); i++) {
				std::vector<std::string> sub;
				if (fo_xstub_members(members[i], sub) &&
				    sub.size() > 1) {
					leaf_metadata(members[i], key, 1, p, v);
					continue;
				}
				p.push_back(members[i]);
				v.push_back(h->whole[i].get_metadata(key));
			}
		} else if (h->db->size() == 1) {
			p.push_back(
			    ""); // the database opened: its caller names it
			v.push_back(h->db->get_metadata(key));
		}
		*paths = (char **)calloc(p.size() + 1, sizeof **paths);
		*values = (char **)calloc(v.size() + 1, sizeof **values);
		if (!*paths || !*values)
			throw std::bad_alloc();
		for (size_t i = 0; i < p.size(); i++, ++*n)
			if (!((*paths)[i] = fo_xstrdup(p[i], NULL)) ||
			    !((*values)[i] = fo_xstrdup(v[i], NULL)))
				throw std::bad_alloc();
		return FOLIO_OK;
	} catch (...) {
		// calloc'd: what was not copied yet is NULL
		for (size_t i = 0; i < p.size(); i++) {
			free(*paths ? (*paths)[i] : NULL);
			free(*values ? (*values)[i] : NULL);
		}
		free(*paths);
		free(*values);
		*paths = *values = NULL;
		*n = 0;
		return fo_xdb_fail(h, err);
	}
}
