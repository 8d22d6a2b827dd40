"""ctypes declarations of libfolio's C API (include/folio.h), and the loader.

Every struct here mirrors one in folio.h field for field, and every
*_VERSION constant is the one the struct layout belongs to. When folio.h
grows a versioned struct (options, the index report or the stats; fields
are only ever added at the end, with a new version number), add the fields
here and raise the constant with them.
"""

import ctypes
import ctypes.util
import os
import threading

#: The major version of the C library this binding is written for (the
#: number in the SONAME libfolio.so.N).
ABI_MAJOR = 0

# enum folio_status
OK = 0
ERROR_NOMEM = 1
ERROR_INVALID = 2
ERROR_IO = 3
ERROR_NOT_FOUND = 4
ERROR_LOCKED = 5
ERROR_CORRUPT = 6
ERROR_MODIFIED = 7
ERROR_QUERY = 8
ERROR_INPUT = 9
ERROR_VERSION = 10
ERROR_BACKEND = 11
ERROR_UNAVAILABLE = 12
ERROR_INTERRUPTED = 13

# enum folio_open_flags
OPEN_READ = 0
OPEN_WRITE = 1 << 0
OPEN_CREATE = 1 << 1
OPEN_WAIT = 1 << 2
OPEN_LOCAL = 1 << 3

# enum folio_sort
SORT_RELEVANCE = 0
SORT_NEWEST = 1
SORT_OLDEST = 2

# enum folio_match
MATCH_AUTO = 0
MATCH_ALL = 1
MATCH_ANY = 2

# enum folio_search_flags
SEARCH_STRICT = 1 << 0
SEARCH_FACETS = 1 << 1
SEARCH_EXPLAIN = 1 << 2
SEARCH_NO_SUGGEST = 1 << 3
SEARCH_HTML = 1 << 4
SEARCH_EXHAUSTIVE = 1 << 5
CHECK_ISOLATE = 1 << 0

OPEN_OPTIONS_VERSION = 2
INDEX_OPTIONS_VERSION = 3
SEARCH_OPTIONS_VERSION = 2
INDEX_REPORT_VERSION = 2
STATS_VERSION = 3
CHECK_OPTIONS_VERSION = 3

_c_status = ctypes.c_int  # a C enum is an int


class Post(ctypes.Structure):
    _fields_ = [
        ("url", ctypes.c_char_p),
        ("title", ctypes.c_char_p),
        ("company", ctypes.c_char_p),
        ("author", ctypes.c_char_p),
        ("published", ctypes.c_char_p),
        ("type", ctypes.c_char_p),
        ("summary", ctypes.c_char_p),
        ("topics", ctypes.POINTER(ctypes.c_char_p)),
        ("n_topics", ctypes.c_size_t),
    ]


class OpenOptions(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint),
        ("flags", ctypes.c_uint),
        ("language", ctypes.c_char_p),
        # version 2
        ("remotes", ctypes.POINTER(ctypes.c_char_p)),
        ("n_remotes", ctypes.c_size_t),
        ("timeout_ms", ctypes.c_uint),
        ("allow_partial", ctypes.c_int),
    ]


class Diagnostic(ctypes.Structure):
    _fields_ = [
        ("file", ctypes.c_char_p),
        ("line", ctypes.c_uint),
        ("message", ctypes.c_char_p),
        ("warning", ctypes.c_int),
    ]


DiagnosticFn = ctypes.CFUNCTYPE(None, ctypes.POINTER(Diagnostic), ctypes.c_void_p)


class Progress(ctypes.Structure):
    _fields_ = [
        ("phase", ctypes.c_char_p),
        ("done", ctypes.c_uint64),
        ("total", ctypes.c_uint64),
    ]


ProgressFn = ctypes.CFUNCTYPE(None, ctypes.POINTER(Progress), ctypes.c_void_p)


class IndexOptions(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint),
        ("diagnostic", DiagnosticFn),
        ("payload", ctypes.c_void_p),
        # version 2
        ("rebuild", ctypes.c_int),
        ("no_delete", ctypes.c_int),
        ("threads", ctypes.c_uint),
        ("progress", ProgressFn),
        # version 3
        ("shards", ctypes.c_uint),
    ]


class IndexReport(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint),
        ("files", ctypes.c_uint64),
        ("posts", ctypes.c_uint64),
        ("added", ctypes.c_uint64),
        ("updated", ctypes.c_uint64),
        ("unchanged", ctypes.c_uint64),
        ("skipped", ctypes.c_uint64),
        ("removed", ctypes.c_uint64),
        ("kept", ctypes.c_uint64),
        ("rebuilt", ctypes.c_int),
        # version 2
        ("kept_malformed", ctypes.c_uint64),
    ]


class Stats(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint),
        ("documents", ctypes.c_uint64),
        ("terms", ctypes.c_uint64),
        ("disk_bytes", ctypes.c_uint64),
        ("generation", ctypes.c_uint64),
        ("built", ctypes.c_char_p),
        ("updated", ctypes.c_char_p),
        ("corpus", ctypes.c_char_p),
        ("language", ctypes.c_char_p),
        ("format", ctypes.c_char_p),
        ("shards", ctypes.c_uint),
        # Version 2:
        ("corpus_paths", ctypes.POINTER(ctypes.c_char_p)),
        ("n_corpus_paths", ctypes.c_size_t),
        # Version 3:
        ("analyzer", ctypes.c_uint),
        ("analyzer_latest", ctypes.c_uint),
    ]


ProblemFn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p)


class CheckOptions(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint),
        ("flags", ctypes.c_uint),
        ("timeout_ms", ctypes.c_uint),
        # Version 3:
        ("problem", ProblemFn),
        ("payload", ctypes.c_void_p),
    ]


class SearchOptions(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint),
        ("offset", ctypes.c_size_t),
        ("limit", ctypes.c_size_t),
        ("sort", ctypes.c_int),
        ("highlight_start", ctypes.c_char_p),
        ("highlight_end", ctypes.c_char_p),
        ("snippet_bytes", ctypes.c_size_t),
        # version 2
        ("flags", ctypes.c_uint),
        ("since", ctypes.c_char_p),
        ("until", ctypes.c_char_p),
        ("match", ctypes.c_int),
    ]


class Hit(ctypes.Structure):
    _fields_ = [
        ("rank", ctypes.c_size_t),
        ("score", ctypes.c_double),
        ("url", ctypes.c_char_p),
        ("title", ctypes.c_char_p),
        ("company", ctypes.c_char_p),
        ("author", ctypes.c_char_p),
        ("published", ctypes.c_char_p),
        ("type", ctypes.c_char_p),
        ("topics", ctypes.POINTER(ctypes.c_char_p)),
        ("n_topics", ctypes.c_size_t),
        ("summary", ctypes.c_char_p),
        ("snippet", ctypes.c_char_p),
        ("title_marked", ctypes.c_char_p),
    ]


class Notice(ctypes.Structure):
    _fields_ = [
        ("position", ctypes.c_size_t),
        ("message", ctypes.c_char_p),
    ]


class FacetValue(ctypes.Structure):
    _fields_ = [
        ("value", ctypes.c_char_p),
        ("count", ctypes.c_uint64),
    ]


class Facet(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("values", ctypes.POINTER(FacetValue)),
        ("n_values", ctypes.c_size_t),
    ]


class ExplainTerm(ctypes.Structure):
    _fields_ = [
        ("term", ctypes.c_char_p),
        ("how", ctypes.c_char_p),
        ("field", ctypes.c_char_p),
        ("weight", ctypes.c_double),
        ("query_weight", ctypes.c_double),
        ("wdf", ctypes.c_uint64),
        ("doc_freq", ctypes.c_uint64),
        ("length_norm", ctypes.c_double),
    ]


#: Every struct above by its C name, for the layout test
#: (bindings/python/tests/test_folio.py compares them with a C compiler's).
STRUCTS = {
    "folio_post": Post, "folio_open_options": OpenOptions,
    "folio_diagnostic": Diagnostic, "folio_progress": Progress,
    "folio_index_options": IndexOptions, "folio_index_report": IndexReport,
    "folio_stats": Stats, "folio_search_options": SearchOptions,
    "folio_hit": Hit, "folio_notice": Notice,
    "folio_facet_value": FacetValue, "folio_facet": Facet,
    "folio_explain_term": ExplainTerm, "folio_check_options": CheckOptions,
}

_db_p = ctypes.c_void_p       # folio_db *
_results_p = ctypes.c_void_p  # folio_results *

# name: (restype, argtypes)
_PROTOTYPES = {
    "folio_version": (ctypes.c_char_p, []),
    "folio_status_string": (ctypes.c_char_p, [_c_status]),
    "folio_language_count": (ctypes.c_size_t, []),
    "folio_language_name": (ctypes.c_char_p, [ctypes.c_size_t]),
    "folio_db_open": (_c_status, [ctypes.c_char_p, ctypes.POINTER(OpenOptions),
                                  ctypes.POINTER(_db_p),
                                  ctypes.POINTER(ctypes.c_void_p)]),
    "folio_db_close": (_c_status, [_db_p]),
    "folio_db_error": (ctypes.c_char_p, [_db_p]),
    "folio_db_language": (ctypes.c_char_p, [_db_p]),
    "folio_db_remote_count": (ctypes.c_size_t, [_db_p]),
    "folio_db_skipped_count": (ctypes.c_size_t, [_db_p]),
    "folio_db_skipped_shard": (ctypes.c_char_p, [_db_p, ctypes.c_size_t,
                                                 ctypes.POINTER(ctypes.c_char_p)]),
    "folio_db_count": (_c_status, [_db_p, ctypes.POINTER(ctypes.c_uint64)]),
    "folio_db_add_post": (_c_status, [_db_p, ctypes.POINTER(Post)]),
    "folio_db_delete_post": (_c_status, [_db_p, ctypes.c_char_p]),
    "folio_db_commit": (_c_status, [_db_p]),
    "folio_db_index_paths": (_c_status, [_db_p, ctypes.POINTER(ctypes.c_char_p),
                                         ctypes.c_size_t,
                                         ctypes.POINTER(IndexOptions),
                                         ctypes.POINTER(IndexReport)]),
    "folio_db_interrupt": (None, [_db_p]),
    "folio_db_stats": (_c_status, [_db_p, ctypes.POINTER(Stats)]),
    "folio_db_check": (_c_status, [_db_p, ctypes.POINTER(CheckOptions),
                                   ctypes.POINTER(ctypes.c_uint64)]),
    "folio_db_search": (_c_status, [_db_p, ctypes.c_char_p,
                                    ctypes.POINTER(SearchOptions),
                                    ctypes.POINTER(_results_p)]),
    "folio_db_similar": (_c_status, [_db_p, ctypes.c_char_p,
                                     ctypes.POINTER(SearchOptions),
                                     ctypes.POINTER(_results_p)]),
    "folio_db_error_position": (ctypes.c_size_t, [_db_p]),
    "folio_results_count": (ctypes.c_size_t, [_results_p]),
    "folio_results_total": (ctypes.c_uint64, [_results_p]),
    "folio_results_total_exact": (ctypes.c_int, [_results_p]),
    "folio_results_hit": (ctypes.POINTER(Hit), [_results_p, ctypes.c_size_t]),
    "folio_results_notice_count": (ctypes.c_size_t, [_results_p]),
    "folio_results_notice": (ctypes.POINTER(Notice), [_results_p, ctypes.c_size_t]),
    "folio_results_suggestion": (ctypes.c_char_p, [_results_p]),
    "folio_results_facet_count": (ctypes.c_size_t, [_results_p]),
    "folio_results_facet": (ctypes.POINTER(Facet), [_results_p, ctypes.c_size_t]),
    "folio_results_explain": (ctypes.POINTER(ExplainTerm),
                              [_results_p, ctypes.c_size_t,
                               ctypes.POINTER(ctypes.c_size_t)]),
    "folio_results_free": (None, [_results_p]),
}

#: The functions of folio.h deliberately left unbound, and why (the test
#: of the prototypes holds every other one to _PROTOTYPES).
NOT_BOUND = {
    # Its handler runs inside std::terminate, on whichever thread was
    # committing (one of index_paths' workers, which Python does not
    # know), after memory or the disk ran out, and must end the process
    # without returning: a Python callable there would need the GIL and
    # memory in that state, could only call os._exit, and would take the
    # process-wide handler from a host program that embeds Python and
    # set its own. Without one, the process ends with Xapian's message as
    # it does for any program that sets none (README, Xapian's known
    # limits).
    "folio_abort_handler_set":
        "runs in std::terminate; must be the host program's, in C",
}


class LibraryNotFound(ImportError):
    """libfolio could not be loaded (see folio.load_library)."""


_lock = threading.Lock()
_lib = None
_libc = None


def _candidates():
    env = os.environ.get("FOLIO_LIBRARY")
    if env:
        return [env], True
    names = ["libfolio.so.%d" % ABI_MAJOR]  # the run-time loader's search path
    found = ctypes.util.find_library("folio")
    if found and found not in names:
        names.append(found)
    return names, False


def load(path=None):
    """Load libfolio (once) and declare its functions; return the CDLL."""
    global _lib, _libc
    with _lock:
        if _lib is not None and path is None:
            return _lib
        if path is not None:
            names, explicit = [path], True
        else:
            names, explicit = _candidates()
        errors = []
        lib = None
        for name in names:
            try:
                lib = ctypes.CDLL(name)
                break
            except OSError as e:
                errors.append("%s: %s" % (name, e))
        if lib is None:
            hint = ("FOLIO_LIBRARY names a library that cannot be loaded"
                    if explicit else
                    "install folio, add its lib directory to LD_LIBRARY_PATH, "
                    "or set FOLIO_LIBRARY to the path of libfolio.so")
            raise LibraryNotFound("cannot load libfolio (%s): %s"
                                  % (hint, "; ".join(errors)))
        for name, (restype, argtypes) in _PROTOTYPES.items():
            try:
                fn = getattr(lib, name)
            except AttributeError:
                raise LibraryNotFound("%s lacks %s: not a libfolio this "
                                      "binding supports" % (lib._name, name))
            fn.restype = restype
            fn.argtypes = argtypes
        version = lib.folio_version().decode()
        if int(version.split(".")[0]) != ABI_MAJOR:
            raise LibraryNotFound("%s is libfolio %s; this binding needs "
                                  "major version %d" % (lib._name, version,
                                                        ABI_MAJOR))
        if _libc is None:
            _libc = ctypes.CDLL(None)
            _libc.free.restype = None
            _libc.free.argtypes = [ctypes.c_void_p]
        _lib = lib
        return lib


def free(ptr):
    """free() a pointer malloc'ed by libfolio (folio_db_open's errmsg)."""
    _libc.free(ptr)
