// bridge_salvage.cc: reading what a damaged database still records. Glass
// opens every table it finds when it opens a database, so one table file
// cut short fails the open, though the metadata (the index's language)
// lives in the posting-list table alone and may be whole.
#include "bridge_private.hh"

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <stdlib.h>
#include <unistd.h>

// The values under keys[0..n) of the glass database at dir, read through
// one open of a stand-in directory holding links to its version file and
// posting-list table only: glass takes the tables missing there for empty
// ones.
static std::vector<std::string>
postlist_metadata(const std::string &dir, const char *const *keys, size_t n)
{
	char *real = realpath(dir.c_str(), NULL);
	const char *tmp = getenv("TMPDIR");
	std::string base =
	    std::string(tmp && *tmp ? tmp : "/tmp") + "/folio-salvage-XXXXXX";
	std::vector<char> name(base.begin(), base.end());
	name.push_back('\0');
	std::string real_dir = real ? real : "";
	free(real);
	if (real_dir.empty() || !mkdtemp(name.data()))
		throw Xapian::DatabaseOpeningError(dir + ": cannot be read");
	std::string stand_in = name.data();
	std::vector<std::string> values;
	bool read = false;
	if (symlink((real_dir + "/iamglass").c_str(),
	            (stand_in + "/iamglass").c_str()) == 0 &&
	    symlink((real_dir + "/postlist.glass").c_str(),
	            (stand_in + "/postlist.glass").c_str()) == 0) {
		try {
			Xapian::Database db(stand_in);
			for (size_t i = 0; i < n; i++)
				values.push_back(db.get_metadata(keys[i]));
			read = true;
		} catch (...) {
		}
	}
	unlink((stand_in + "/iamglass").c_str());
	unlink((stand_in + "/postlist.glass").c_str());
	rmdir(stand_in.c_str());
	if (!read)
		throw Xapian::DatabaseOpeningError(dir + ": cannot be read");
	return values;
}

// As postlist_metadata, for a stub too: the first member that can be
// read (every shard carries the metadata, fo_xdb_set_metadata).
static std::vector<std::string>
salvage(const std::string &path, const char *const *keys, size_t n, int depth)
{
	std::vector<std::string> members;
	if (depth > 4 || !fo_xstub_members(path, members))
		return postlist_metadata(path, keys, n);
	for (const std::string &m : members) {
		try {
			return salvage(m, keys, n, depth + 1);
		} catch (...) {
			if (&m == &members.back())
				throw;
		}
	}
	throw Xapian::DatabaseOpeningError(path + ": lists nothing");
}

extern "C" folio_status fo_xdb_salvage_metadata(const char *path,
                                                const char *const *keys,
                                                size_t n, char **out,
                                                fo_xerr *err)
{
	size_t i;
	for (i = 0; i < n; i++)
		out[i] = NULL;
	try {
		std::vector<std::string> values = salvage(path, keys, n, 0);
		for (i = 0; i < n; i++)
			if (!(out[i] = fo_xstrdup(values[i], NULL)))
				break;
		if (i == n)
			return FOLIO_OK;
	} catch (...) {
		return fo_xerr_from_current_exception(err);
	}
	while (i-- > 0) {
		free(out[i]);
		out[i] = NULL;
	}
	return FOLIO_ERROR_NOMEM;
}
