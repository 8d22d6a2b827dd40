// bridge_check.cc: checking a database (Database::check), in this
// process or in a child that a time limit can stop, each problem found
// handed to the caller; and telling a table lost from a database.
#include "bridge_private.hh"

#include "util/errstr.h"
#include "util/child.h"

#include <cerrno>
#include <cstring>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

static folio_status check_one(const char *path, int isolate,
                              unsigned timeout_ms, uint64_t *problems,
                              fo_xerr *err, fo_xproblem_fn fn, void *ctx);

// A stub's members may be stubs themselves: a sharded replica's shards
// are each xapian-replicate's directory, whose stub names its current
// copy. Depth bounds a stub that lists itself.
static folio_status check_tree(const char *path, int depth, int isolate,
                               unsigned timeout_ms, uint64_t *problems,
                               fo_xerr *err, fo_xproblem_fn fn, void *ctx)
{
	std::vector<std::string> members;
	*problems = 0;
	try {
		if (depth > 4)
			throw Xapian::DatabaseOpeningError(
			    std::string(path) + ": stubs nested too deep");
		if (!fo_xstub_members(path, members))
			return check_one(path, isolate, timeout_ms, problems,
			                 err, fn, ctx);
	} catch (...) {
		return fo_xerr_from_current_exception(err);
	}
	// err keeps the first member's finding.
	for (const std::string &m : members) {
		uint64_t found = 0;
		fo_xerr one = { "" };
		folio_status st = check_tree(m.c_str(), depth + 1, isolate,
		                             timeout_ms, &found, &one, fn, ctx);
		if (st != FOLIO_OK) {
			*err = one;
			return st;
		}
		if (found && !*problems)
			*err = one;
		*problems += found;
	}
	return FOLIO_OK;
}

extern "C" folio_status fo_xdb_check(const char *path, int isolate,
                                     unsigned timeout_ms, uint64_t *problems,
                                     fo_xerr *err, fo_xproblem_fn fn, void *ctx)
{
	return check_tree(path, 0, isolate, timeout_ms, problems, err, fn, ctx);
}

// The revision of the database at path, false when it cannot be opened.
static bool revision_of(const char *path, Xapian::rev *rev) noexcept
{
	try {
		*rev = Xapian::Database(path).get_revision();
		return true;
	} catch (...) {
		return false;
	}
}

// The checker reads the newest revision on disk, table by table, with no
// snapshot: a writer that commits meanwhile reuses the blocks of the
// revision it freed, and a rebuild deletes the generation once it has
// switched. Damage seen then may be no damage at all, so a finding (or a
// failure) on a database whose revision moved on, or which is gone, is
// not reported: FOLIO_ERROR_MODIFIED asks the caller to check again.
static folio_status check_moved_on(const char *path, bool known,
                                   Xapian::rev before, folio_status st,
                                   uint64_t *problems, fo_xerr *err)
{
	Xapian::rev after = 0;

	if ((st == FOLIO_OK && !*problems) || !known ||
	    (revision_of(path, &after) && after == before))
		return st;
	*problems = 0;
	fo_xerr_set(err, "the index changed while it was being checked (a "
	                 "writer committed meanwhile): try again");
	return FOLIO_ERROR_MODIFIED;
}

// 0 when table's file in path can be read, else the errno that stops it
// (ENOENT: the file is lost).
static int unread(const char *path, const char *table)
{
	std::string file = std::string(path) + "/" + table + ".glass";
	return access(file.c_str(), R_OK) == 0 ? 0 : errno;
}

// Glass creates its termlist, position and docdata tables at their first
// use, and takes one whose file is missing for an empty table: its
// checker passes an index that lost one. Which table an index with posts
// lost, or NULL. Every post has terms and stored data, and its free text
// (the terms without a capital-letter prefix) has positions (indexer.c).
// With all three files there, nothing can be lost: the database is
// opened only when one is missing, since every search runs this right
// after opening it (a second open read the six tables' roots again, and
// a post's terms: 13 system calls, a twentieth of a rare word's
// process). Glass takes a file it cannot open to read for whatever reason
// (no permission, a loop of symbolic links) for an empty table too: such
// a table, with that errno in *unreadable, is no loss but a file to mend
// by hand, whether or not the database holds posts.
static const char *lost_table(const char *path, int *unreadable)
{
	static const char *const tables[] = { "termlist", "docdata",
		                              "position" };
	int e[3];
	for (int i = 0; i < 3; i++)
		e[i] = unread(path, tables[i]);
	*unreadable = 0;
	for (int i = 0; i < 3; i++)
		if (e[i] && e[i] != ENOENT) {
			*unreadable = e[i];
			return tables[i];
		}
	bool termlist = e[0] != 0, docdata = e[1] != 0, position = e[2] != 0;
	if (!termlist && !docdata && !position)
		return NULL;
	Xapian::Database db(path);
	if (db.get_doccount() == 0)
		return NULL;
	if (termlist)
		return "termlist";
	if (docdata)
		return "docdata";
	if (!position)
		return NULL;
	Xapian::docid first = *db.postlist_begin("");
	for (Xapian::TermIterator t = db.termlist_begin(first);
	     t != db.termlist_end(first); ++t)
		if (!(*t).empty() && !((*t)[0] >= 'A' && (*t)[0] <= 'Z'))
			return "position";
	return NULL;
}

// A table lost_table found unreadable, said as Xapian says it of a
// posting list it cannot open, into err: FOLIO_ERROR_IO.
static folio_status cannot_read(const char *path, const char *table, int e,
                                fo_xerr *err)
{
	std::string why = std::string("Couldn't open ") + path + "/" + table +
	                  ".glass to read (" + fo_strerror(e) + ")";
	fo_xerr_set(err, why.c_str());
	return FOLIO_ERROR_IO;
}

// Leaf on the glass database at path, or on each one a stub there lists,
// recursively (a sharded generation's shards): the first status not
// FOLIO_OK, with err.
static folio_status each_leaf(const char *path, int depth,
                              folio_status (*leaf)(const char *, fo_xerr *),
                              fo_xerr *err)
{
	std::vector<std::string> members;
	if (depth > 4)
		return FOLIO_OK;
	if (!fo_xstub_members(path, members))
		return leaf(path, err);
	for (const std::string &m : members) {
		folio_status st = each_leaf(m.c_str(), depth + 1, leaf, err);
		if (st != FOLIO_OK)
			return st;
	}
	return FOLIO_OK;
}

// A table file lost by the glass database at path, into err:
// FOLIO_ERROR_CORRUPT; one there that cannot be read, FOLIO_ERROR_IO.
// Cheap enough for every open (three access calls a database), where Xapian
// would serve the lost table as an empty one: phrases silently match nothing,
// `similar` fails.
static folio_status lost_leaf(const char *path, fo_xerr *err)
{
	int unreadable = 0;
	const char *lost = lost_table(path, &unreadable);
	if (!lost)
		return FOLIO_OK;
	if (unreadable)
		return cannot_read(path, lost, unreadable, err);
	std::string why = std::string(path) + "/" + lost + ".glass is missing";
	fo_xerr_set(err, why.c_str());
	return FOLIO_ERROR_CORRUPT;
}

extern "C" folio_status fo_xdb_lost(const char *path, fo_xerr *err)
{
	try {
		return each_leaf(path, 0, lost_leaf, err);
	} catch (...) {
		return fo_xerr_from_current_exception(err);
	}
}

// A file of the glass database at path that is there but is no regular
// file (a directory in a table's place), into err: FOLIO_ERROR_IO. Glass
// reads such a table as a file and says "Error reading block 5 (Is a
// directory)", naming no file. For the failure path alone (a stat a file).
static folio_status odd_leaf(const char *path, fo_xerr *err)
{
	static const char *const files[] = { "iamglass",       "postlist.glass",
		                             "termlist.glass", "position.glass",
		                             "docdata.glass",  "spelling.glass",
		                             "synonym.glass" };
	for (const char *name : files) {
		std::string file = std::string(path) + "/" + name;
		struct stat sb;
		if (stat(file.c_str(), &sb) == 0 && !S_ISREG(sb.st_mode)) {
			fo_xerr_set(err, (file + " is not a file").c_str());
			return FOLIO_ERROR_IO;
		}
	}
	return FOLIO_OK;
}

extern "C" folio_status fo_xdb_odd_file(const char *path, fo_xerr *err)
{
	try {
		return each_leaf(path, 0, odd_leaf, err);
	} catch (...) {
		return fo_xerr_from_current_exception(err);
	}
}

// The table a line of the checker's report heads ("postlist:": each
// table's lines begin with its name alone), or "".
static std::string table_heading(const std::string &line)
{
	if (line.size() > 1 && line.back() == ':' &&
	    line.find_first_not_of("abcdefghijklmnopqrstuvwxyz") ==
	        line.size() - 1)
		return line.substr(0, line.size() - 1);
	return std::string();
}

// The table the report had reached by its end, or "".
static std::string table_reached(const std::string &report)
{
	std::istringstream lines(report);
	std::string line, table, heading;
	while (std::getline(lines, line))
		if (!(heading = table_heading(line)).empty())
			table = heading;
	return table;
}

// A finding in table (of the database at path), named by its file where
// the report says which.
static std::string finding(const char *path, const std::string &table,
                           const std::string &what)
{
	return table.empty()
	           ? what
	           : std::string(path) + "/" + table + ".glass: " + what;
}

// Whether a line of the report under table says how the table went, not
// what is wrong in it (glass_dbcheck.cc writes each problem it counts as
// a line of its own).
static bool verdict(const std::string &line, const std::string &table)
{
	static const char *const said[] = { "Lazily created, and not yet used.",
		                            "Not present.",
		                            "B-tree checked okay" };
	std::string head = table + " table";
	if (line.empty())
		return true;
	for (const char *s : said)
		if (line == s)
			return true;
	return line.compare(0, head.size(), head) == 0 &&
	       (line == head + " structure checked OK" ||
	        line.compare(head.size(), 15, " errors found: ") == 0 ||
	        line.compare(head.size(), 16, ": Don't know how") == 0);
}

// Write s to fd (a pipe to the parent), as far as it will take it.
static void write_all(int fd, const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		s += w;
		n -= static_cast<size_t>(w);
	}
}

namespace
{
// The checker's report, kept for its findings and, in a child (fd >= 0),
// written to the parent as it comes: should the checker crash, the
// parent still knows which table it was reading.
class report_buf : public std::streambuf
{
      public:
	explicit report_buf(int fd) : fd_(fd)
	{
	}
	const std::string &text() const
	{
		return text_;
	}

      protected:
	int_type overflow(int_type c) override
	{
		if (c != traits_type::eof()) {
			char ch = traits_type::to_char_type(c);
			xsputn(&ch, 1);
		}
		return traits_type::not_eof(c);
	}
	std::streamsize xsputn(const char *s, std::streamsize n) override
	{
		text_.append(s, static_cast<size_t>(n));
		if (fd_ >= 0)
			write_all(fd_, s, static_cast<size_t>(n));
		return n;
	}

      private:
	int fd_;
	std::string text_;
};
} // namespace

// Xapian::Database::check on the one glass database at path, its report
// into report: the problems it counted into *counted; damage that stopped
// it (or a table Xapian takes for empty) is one more, *stopped, said in
// err.
static folio_status check_run(const char *path, report_buf &report,
                              uint64_t *counted, int *stopped, fo_xerr *err)
{
	std::ostream out(&report);
	folio_status st;

	*counted = 0;
	*stopped = 0;
	try {
		*counted = Xapian::Database::check(path, 0, &out);
		int unreadable = 0;
		const char *lost =
		    *counted ? NULL : lost_table(path, &unreadable);
		if (lost && unreadable)
			return cannot_read(path, lost, unreadable, err);
		if (lost) {
			std::string why =
			    std::string(path) + "/" + lost +
			    ".glass is missing (Xapian takes it for "
			    "an empty table)";
			*stopped = 1;
			fo_xerr_set(err, why.c_str());
		}
		st = FOLIO_OK;
	} catch (const Xapian::DatabaseOpeningError &e) {
		st = fo_xerr_from_current_exception(err);
		// Xapian 1.4's checker opens each table read/write, as
		// xapian-check does, though it writes nothing: say so. On a
		// read-only file system no user may write the index.
		if (e.get_msg().find("read/write") != std::string::npos) {
			const char *errstr = e.get_error_string();
			bool rofs =
			    errstr &&
			    std::strcmp(errstr, fo_strerror(EROFS)) == 0;
			std::string why =
			    fo_xdescribe(e) +
			    (rofs ? " (Xapian's checker opens the tables for "
			            "writing, which a read-only file system "
			            "refuses: check a copy of the index on a "
			            "writable one)"
			          : " (Xapian's checker opens the tables "
			            "for writing: run it as a user who may "
			            "write the index)");
			fo_xerr_set(err, why.c_str());
		}
	} catch (const Xapian::DatabaseError &e) {
		// The checker stops at damage it cannot walk past (a block that
		// does not inflate, a truncated table): that is a finding, in
		// the table the report had reached. It reads the version file
		// before any table: damage that stops it before the first (a
		// version file cut short) is in that file.
		std::string table = table_reached(report.text());
		*stopped = 1;
		fo_xerr_set(
		    err,
		    table.empty()
		        ? (std::string(path) + "/iamglass: " + fo_xdescribe(e))
		              .c_str()
		        : finding(path, table, fo_xdescribe(e)).c_str());
		st = FOLIO_OK;
	} catch (...) {
		st = fo_xerr_from_current_exception(err);
	}
	return st;
}

// The problems of one database: each line of a table's report that says
// one (the first counted of them; all when the checker was stopped, since
// what stopped it lost its count), then what stopped it (stop, when not
// NULL), each to fn and the first into err; how many into *problems.
// A checker that counted more than it said has each of the rest said
// for it: the count and the calls agree.
static void give_findings(const char *path, const std::string &report,
                          uint64_t counted, const fo_xerr *stop,
                          uint64_t *problems, fo_xerr *err, fo_xproblem_fn fn,
                          void *ctx)
{
	std::istringstream lines(report);
	std::string line, table, heading;
	uint64_t n = 0;
	auto give = [&](const std::string &what) {
		if (!n++)
			fo_xerr_set(err, what.c_str());
		if (fn)
			fn(what.c_str(), ctx);
	};

	// What comes before the first table is no finding: a database that
	// cannot be opened whole ("Database couldn't be opened for reading:
	// ...") is checked table by table all the same.
	while ((stop || n < counted) && std::getline(lines, line)) {
		if (!(heading = table_heading(line)).empty())
			table = heading;
		else if (!table.empty() && !verdict(line, table))
			give(finding(path, table, line));
	}
	while (n < counted)
		give(std::string(path) +
		     ": a problem Xapian's checker counted without "
		     "describing it");
	if (stop)
		give(stop->msg);
	*problems = n;
}

namespace
{
// What a child that ran check_run sends last, whole only if it finished.
struct check_result {
	char magic[8];
	folio_status st;
	int stopped;
	uint64_t counted;
	fo_xerr err;
};
} // namespace
static const char result_magic[8] = { 'f', 'o', 'c', 'h', 'e', 'c', 'k', 0 };

static void check_in_child(void *ctx, int fd)
{
	const char *path = static_cast<const char *>(ctx);
	report_buf report(fd);
	check_result r;

	std::memset(&r, 0, sizeof r);
	std::memcpy(r.magic, result_magic, sizeof r.magic);
	r.st = check_run(path, report, &r.counted, &r.stopped, &r.err);
	write_all(fd, reinterpret_cast<const char *>(&r), sizeof r);
}

// A time limit in ms as a person reads it: "600 s", "250 ms".
static std::string limit_text(unsigned ms)
{
	return ms % 1000 ? std::to_string(ms) + " ms"
	                 : std::to_string(ms / 1000) + " s";
}

// check_run in a child process (fo_child_run): a crash of Xapian's
// checker on damage it does not guard against (1.4.22 reads past a buffer
// decoding a damaged term list) is a finding in the table it was
// reading, not the end of the caller. The child's report into report.
static folio_status check_isolated(const char *path, unsigned timeout_ms,
                                   std::string &report, uint64_t *counted,
                                   int *stopped, fo_xerr *err)
{
	fo_buf out = FO_BUF_INIT;
	check_result r;
	int signo = 0;
	int e = fo_child_run(check_in_child, const_cast<char *>(path),
	                     timeout_ms, &out, &signo);
	folio_status st = FOLIO_OK;

	*counted = 0;
	*stopped = 0;
	try {
		report.assign(out.data ? out.data : "", out.len);
		if (e == ETIMEDOUT && !out.oom) {
			// Not a finding: a checker that loops on damage
			// cannot be told from one slow on a large database.
			// folio check adds its option to the ending
			// (cli/check.c), which it knows the time-out by.
			std::string table = table_reached(report);
			std::string why =
			    std::string("Xapian's checker did not finish "
			                "checking ") +
			    path + " within " + limit_text(timeout_ms) +
			    (table.empty()
			         ? std::string(" (it had not reached "
			                       "a table)")
			         : " (it was reading " + std::string(path) +
			               "/" + table + ".glass)") +
			    " and was stopped: nothing is known (damage can "
			    "make it loop; a large database on a slow disk "
			    "may need a longer limit)";
			fo_xerr_set(err, why.c_str());
			st = FOLIO_ERROR_BACKEND;
		} else if (e || out.oom) {
			std::string why = std::string("cannot check ") + path +
			                  " in a child process: " +
			                  fo_strerror(e ? e : ENOMEM);
			fo_xerr_set(err, why.c_str());
			st = e == ENOMEM || out.oom ? FOLIO_ERROR_NOMEM
			                            : FOLIO_ERROR_IO;
		} else if (signo <= 0 && out.len >= sizeof r &&
		           std::memcmp(out.data + out.len - sizeof r,
		                       result_magic,
		                       sizeof result_magic) == 0) {
			// The result is whole: the child finished, also when
			// its status could not be waited for (-1: a caller
			// that ignores SIGCHLD, or reaps every child, took it).
			std::memcpy(&r, out.data + out.len - sizeof r,
			            sizeof r);
			r.err.msg[sizeof r.err.msg - 1] = '\0';
			report.resize(out.len - sizeof r);
			*counted = r.counted;
			*stopped = r.stopped;
			*err = r.err;
			st = r.st;
		} else if (signo > 0 && fo_child_crash_signal(signo)) {
			std::string table = table_reached(report);
			std::string sig = fo_child_signal_name(signo);
			fo_xerr_set(err,
			            table.empty()
			                ? (std::string(path) +
			                   ": Xapian's checker crashed (" +
			                   sig + ") before it reached a table")
			                      .c_str()
			                : finding(path, table,
			                          "Xapian's checker crashed "
			                          "reading this table (" +
			                              sig + ")")
			                      .c_str());
			*stopped = 1;
		} else {
			std::string how =
			    signo > 0
			        ? "was killed by " +
			              std::string(fo_child_signal_name(signo)) +
			              " (" + std::to_string(signo) + ")"
			        : "ended without a result";
			fo_xerr_set(
			    err, ("Xapian's checker, in a child "
			          "process, " +
			          how + " before it finished checking " + path +
			          ": nothing is known; check it "
			          "again")
			             .c_str());
			st = FOLIO_ERROR_BACKEND;
		}
	} catch (...) {
		st = fo_xerr_from_current_exception(err);
	}
	fo_buf_free(&out);
	return st;
}

// Xapian's checker on the one glass database at path, in a child
// process when isolate says so; its problems to fn.
static folio_status check_one(const char *path, int isolate,
                              unsigned timeout_ms, uint64_t *problems,
                              fo_xerr *err, fo_xproblem_fn fn, void *ctx)
{
	Xapian::rev before = 0;
	bool known = revision_of(path, &before);
	uint64_t counted = 0;
	int stopped = 0;
	folio_status st;

	*problems = 0;
	try {
		std::string report;
		fo_xerr stop = { "" };
		if (isolate) {
			st = check_isolated(path, timeout_ms, report, &counted,
			                    &stopped, &stop);
		} else {
			report_buf run(-1);
			st = check_run(path, run, &counted, &stopped, &stop);
			report = run.text();
		}
		if (st == FOLIO_OK)
			give_findings(path, report, counted,
			              stopped ? &stop : NULL, problems, err, fn,
			              ctx);
		else
			*err = stop;
	} catch (...) {
		st = fo_xerr_from_current_exception(err);
	}
	return check_moved_on(path, known, before, st, problems, err);
}
