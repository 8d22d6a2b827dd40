/*
 * layout.h: the index directory on disk. An index is a directory holding a
 * Xapian stub file, XAPIANDB, that names the live generation, a glass
 * database in a subdirectory (gen-1, gen-2, ...). Readers open the
 * directory and Xapian follows the stub; a rebuild writes a new generation
 * and renames a new stub over the old one, which is atomic on POSIX
 * (Xapian "Stub database files", databases.rst). A full build works in
 * private directory build-<pid> beside them. Anything named gen-N that
 * the stub does not name, and any build-<pid>, is debris of an
 * interrupted run; the next writer, holding the write lock (lock.h),
 * deletes it. A directory holding only what a creation killed before its
 * first stub was written leaves (a gen-1 of glass files, the stub's
 * temporary file) counts as empty; anything else there is not ours.
 */
#ifndef FOLIO_LAYOUT_H
#define FOLIO_LAYOUT_H

#include "folio.h"
#include "util/buf.h"

#include <stdint.h>

#define FO_STUB_NAME "XAPIANDB"
/* A symlink to the live generation, kept up to date by every switch once
 * the operator has made it (for replication: README). */
#define FO_LIVE_LINK "live"

/* What is at path. */
typedef enum fo_layout_kind {
	FO_LAYOUT_MISSING,  /* nothing there */
	FO_LAYOUT_EMPTY,    /* a directory with nothing but hidden files */
	FO_LAYOUT_STUB,     /* a folio index (stub + generations) */
	FO_LAYOUT_GLASS,    /* a bare Xapian glass database */
	FO_LAYOUT_OTHER     /* something else: not ours to touch */
} fo_layout_kind;

fo_layout_kind fo_layout_probe(const char *path);

/* The live generation's directory (path/gen-N) into out. FOLIO_ERROR_CORRUPT
 * when the stub cannot be read or parsed: why says what is damaged, and the
 * caller what mends it (fo_db_advise). */
folio_status fo_layout_live(const char *path, fo_buf *out, fo_buf *why);

/* Point the stub at generation directory name gen (relative to path):
 * written to a temporary file, synced, renamed over XAPIANDB, and the
 * directory synced, so a crash leaves the old or the new stub. Once the
 * rename is done, *renamed (NULL: not asked) is set: the stub names gen,
 * even where the directory's sync then fails (FOLIO_ERROR_IO), after
 * which a crash may bring back the old stub. */
folio_status fo_layout_switch(const char *path, const char *gen, int *renamed,
                              fo_buf *why);

/* If the operator made a symlink path/live, point it at generation name
 * gen unless it does already, atomically (symlink, then rename): one
 * stable name for the live generation, for tools such as
 * xapian-replicate-server (README). Every switch calls it, and so does
 * every writer's open, which mends a link that a run killed between the
 * stub's rename and the link's left behind. */
void fo_layout_point_live(const char *path, const char *gen);

/* The live generation's directory name ("gen-N") into out. */
folio_status fo_layout_live_name(const char *path, fo_buf *out, fo_buf *why);

/* N of a generation directory named ".../gen-N"; 0 when it is not one. */
unsigned long fo_layout_gen_number(const char *gen_path);

/* Whether path is an index that lost its stub (deleted by hand, or by a
 * copy that skipped it): nothing in it but what a folio index holds
 * (generations, build directories, the live link, dot files), its
 * newest generation a database. 1 with the stub line that would name
 * that generation in line ("glass gen-N", "auto gen-N" when sharded),
 * else 0. */
int fo_layout_lost_stub(const char *path, fo_buf *line);

/* The name of a generation that does not exist yet: gen-(highest+1). */
folio_status fo_layout_next_gen(const char *path, fo_buf *name, fo_buf *why);

/* Delete the debris in index directory path: every gen-N but keep (a
 * name, or NULL) and every build-*. Only call it holding the write lock.
 * Returns how many entries were removed, or -1 (why says which failed). */
int fo_layout_clean(const char *path, const char *keep, fo_buf *why);

/* Delete the directory tree at path (no error if it is absent). */
int fo_layout_remove_tree(const char *path);

/* fsync every file under dir, then the directories themselves. */
folio_status fo_layout_sync_tree(const char *dir, fo_buf *why);

/* The total size in bytes of the files under dir. */
uint64_t fo_layout_disk_size(const char *dir);

/* The absolute path of path, made or not, into full: the real path
 * (realpath(3)) of its longest prefix that exists, then the rest as
 * given, "." and ".." read as they would be were it made. 0, and full
 * empty, when not even that prefix can be resolved (or no memory). */
int fo_layout_resolve(const char *path, fo_buf *full);

/* The index that directory path (made or not) is a part of, when it is
 * one: the farthest of its three nearest ancestors holding a stub, with
 * no ancestor between them without one (path is then a generation
 * gen-N, a replica's database, a shard of a sharded generation or of a
 * sharded replica, or a directory inside one), into index as a real path;
 * *debris is whether path's name is one that the writers of its parent
 * delete (a gen-N the stub does not name, a build-<pid>). 1 when there
 * is one, else 0. */
int fo_layout_enclosing(const char *path, fo_buf *index, int *debris);

/* Whether the index at path is a replica that xapian-replicate keeps
 * (README, "Replicas"), which its user pulls again rather than rebuilds:
 * 1 when xapian-replicate wrote its stub, 2 for a sharded replica (a stub
 * made by hand naming a stub of shards that xapian-replicate keeps each),
 * else 0. */
int fo_layout_replica(const char *path);

/* Sharded generations (shards.c): gen-N holds shard-0 .. shard-(n-1),
 * each a glass database, and a stub XAPIANDB listing them, which
 * fo_layout_switch names with an "auto" line. */
#define FO_SHARD_PREFIX "shard-"

/* Write the stub of the sharded generation directory gen: n shards. */
folio_status fo_shards_write_stub(const char *gen, unsigned n, fo_buf *why);

/* How many shards the stub of the sharded generation gen lists, read
 * from the stub alone (a generation too damaged to open still tells its
 * layout); 0 when it has none. */
unsigned fo_shards_read_count(const char *gen);

#endif
