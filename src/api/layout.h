/*
 * layout.h: the index directory on disk. An index is a directory holding a
 * Xapian stub file, XAPIANDB, that names the live generation, a glass
 * database in a subdirectory (gen-1, gen-2, ...). Readers open the
 * directory and Xapian follows the stub; a rebuild writes a new generation
 * and renames a new stub over the old one, which is atomic on POSIX
 * (Xapian "Stub database files", databases.rst).
 */
#ifndef FOLIO_LAYOUT_H
#define FOLIO_LAYOUT_H

#include "folio.h"
#include "util/buf.h"

#define FO_STUB_NAME "XAPIANDB"

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
 * when the stub cannot be read or parsed. */
folio_status fo_layout_live(const char *path, fo_buf *out, fo_buf *why);

/* Point the stub at generation directory name gen (relative to path):
 * written to a temporary file, synced, renamed over XAPIANDB, and the
 * directory synced, so a crash leaves the old or the new stub. */
folio_status fo_layout_switch(const char *path, const char *gen, fo_buf *why);

#endif
