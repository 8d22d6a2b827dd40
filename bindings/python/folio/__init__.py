"""folio: full-text search for technical post summaries, from Python.

A binding of libfolio (the C library, include/folio.h) written with ctypes
from the standard library: nothing to compile. It finds libfolio through
the environment variable FOLIO_LIBRARY (a path to libfolio.so), else
through the run-time loader's usual search (LD_LIBRARY_PATH, the
ld.so cache, /usr/lib, ...). The library is loaded on first use.

    import folio

    with folio.Index("/tmp/my-index", create=True) as index:
        index.add(url="https://example.com/p1",
                  title="Row locks in PostgreSQL",
                  summary="Why an UPDATE waited for days on a lock.",
                  company="Heroku", topics=["Databases"])
        index.commit()
        for hit in index.search("locking"):
            print(hit.rank, hit.title, hit.company, hit.snippet)

Posts are identified by URL: adding a post whose URL is indexed replaces
it. Queries are free text; a post must match every word, in the exact form
or any form with the same stem, and exact forms rank first.

Threads: an Index may be shared between threads (calls on it are
serialised by a lock), but to search in parallel open one Index per thread:
libfolio releases Python's global interpreter lock while it works. Any
number of readers may search while one writer indexes; each search sees the
last commit. Errors raise folio.Error subclasses that carry the C status
and libfolio's one-line explanation.
"""

import collections.abc
import ctypes
import dataclasses
import os
import threading
import weakref
from typing import Callable, Iterable, Iterator, List, Optional, Tuple, Union

from . import _native

__all__ = [
    "Index", "Post", "Hit", "Results", "IndexReport", "Diagnostic",
    "Error", "OutOfMemoryError", "InvalidArgumentError", "FileError",
    "NotFoundError", "LockedError", "CorruptError", "ModifiedError",
    "QueryError", "InputError", "IndexVersionError", "BackendError",
    "LibraryNotFound", "library_version", "load_library",
]

LibraryNotFound = _native.LibraryNotFound


def load_library(path: Optional[str] = None) -> None:
    """Load libfolio now instead of on first use.

    path: the library file; None means FOLIO_LIBRARY, else the loader's
    search path. Raises LibraryNotFound when it cannot be loaded or is not
    a libfolio with the major version this binding supports.
    """
    _native.load(path)


def library_version() -> str:
    """The version of the libfolio in use, e.g. "0.1.0"."""
    return _native.load().folio_version().decode()


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

class Error(Exception):
    """A libfolio call failed.

    status:  the folio_status code (an int, see folio.h)
    message: libfolio's one-line explanation
    """

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class OutOfMemoryError(Error, MemoryError):
    """FOLIO_ERROR_NOMEM: out of memory."""


class InvalidArgumentError(Error, ValueError):
    """FOLIO_ERROR_INVALID: a bad argument, post or option (e.g. a post
    without a title, a malformed date, an empty query, writing through a
    read-only Index)."""


class FileError(Error):
    """FOLIO_ERROR_IO: a file could not be read or written."""


class NotFoundError(Error):
    """FOLIO_ERROR_NOT_FOUND: no index at that path, no such post, or a
    path given to index_paths() does not exist."""


class LockedError(Error):
    """FOLIO_ERROR_LOCKED: another writer holds the index (pass wait=True
    to wait for it)."""


class CorruptError(Error):
    """FOLIO_ERROR_CORRUPT: the index is damaged."""


class ModifiedError(Error):
    """FOLIO_ERROR_MODIFIED: the index changed under a reader; retry."""


class QueryError(Error):
    """FOLIO_ERROR_QUERY: the query cannot be parsed."""


class InputError(Error):
    """FOLIO_ERROR_INPUT: some corpus input was malformed and skipped."""


class IndexVersionError(Error):
    """FOLIO_ERROR_VERSION: the index was built by an incompatible folio."""


class BackendError(Error):
    """FOLIO_ERROR_BACKEND: any other error reported by Xapian."""


_ERRORS = {
    _native.ERROR_NOMEM: OutOfMemoryError,
    _native.ERROR_INVALID: InvalidArgumentError,
    _native.ERROR_IO: FileError,
    _native.ERROR_NOT_FOUND: NotFoundError,
    _native.ERROR_LOCKED: LockedError,
    _native.ERROR_CORRUPT: CorruptError,
    _native.ERROR_MODIFIED: ModifiedError,
    _native.ERROR_QUERY: QueryError,
    _native.ERROR_INPUT: InputError,
    _native.ERROR_VERSION: IndexVersionError,
    _native.ERROR_BACKEND: BackendError,
}


def _error(lib, status: int, message: str) -> Error:
    if not message:
        message = lib.folio_status_string(status).decode()
    return _ERRORS.get(status, Error)(status, message)


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Post:
    """A post to index. url, title and summary are required; published is
    "YYYY-MM-DD". The URL is the post's identity."""

    url: str
    title: str
    summary: str
    company: Optional[str] = None
    author: Optional[str] = None
    published: Optional[str] = None
    type: Optional[str] = None
    topics: Tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Hit:
    """One search hit.

    rank is 1-based over the whole result list (offset included); score is
    the BM25 weight; company, author, published ("YYYY-MM-DD") and type are
    None when the post has none; snippet is the best window of the summary,
    with the highlight markers given to search().
    """

    rank: int
    score: float
    url: str
    title: str
    company: Optional[str]
    author: Optional[str]
    published: Optional[str]
    type: Optional[str]
    topics: Tuple[str, ...]
    summary: str
    snippet: str


class Results(collections.abc.Sequence):
    """The hits of one search: a sequence of Hit, best first.

    total is an estimate of all matching posts (exact when at most 1000
    match); len() is the number of hits held (at most the limit).
    """

    def __init__(self, query: str, total: int, hits: List[Hit]):
        self.query = query
        self.total = total
        self._hits = hits

    def __len__(self) -> int:
        return len(self._hits)

    def __getitem__(self, i):
        return self._hits[i]

    def __iter__(self) -> Iterator[Hit]:
        return iter(self._hits)

    def __repr__(self) -> str:
        return "<folio.Results query=%r total=%d hits=%d>" % (
            self.query, self.total, len(self._hits))


@dataclasses.dataclass(frozen=True)
class Diagnostic:
    """A problem found in the corpus; the post or file was skipped.
    line is 1-based, 0 when the problem concerns the whole file."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        if self.line:
            return "%s:%d: %s" % (self.file, self.line, self.message)
        return "%s: %s" % (self.file, self.message)


@dataclasses.dataclass(frozen=True)
class IndexReport:
    """What Index.index_paths() did, and the problems it skipped."""

    files: int
    posts: int
    added: int
    updated: int
    unchanged: int
    skipped: int
    diagnostics: Tuple[Diagnostic, ...] = ()


# ---------------------------------------------------------------------------
# The index
# ---------------------------------------------------------------------------

_SORTS = {
    "relevance": _native.SORT_RELEVANCE,
    "newest": _native.SORT_NEWEST,
    "oldest": _native.SORT_OLDEST,
}


def _text(value: Optional[bytes]) -> Optional[str]:
    return None if value is None else value.decode("utf-8", "replace")


def _bytes(value, name: str, required: bool = False) -> Optional[bytes]:
    if value is None:
        if required:
            raise InvalidArgumentError(_native.ERROR_INVALID,
                                       "a post needs a %s" % name)
        return None
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    raise TypeError("%s must be str, not %s" % (name, type(value).__name__))


def _close_handle(lib, handle: ctypes.c_void_p) -> int:
    return lib.folio_db_close(handle)


class Index:
    """An open folio index (a directory).

    Index(path) opens an existing index for searching. write=True also
    allows indexing and takes the index's write lock (one writer at a
    time: LockedError, unless wait=True waits for the lock); create=True
    (implies write) creates the index if absent, with the Snowball stemmer
    language ("english" by default, "none" for no stemming; an existing
    index keeps its own).

    Close it with close() or a with-block: closing a writer commits. An
    Index that is garbage collected is closed too.
    """

    def __init__(self, path: Union[str, bytes, os.PathLike], *, write: bool = False,
                 create: bool = False, wait: bool = False,
                 language: Optional[str] = None):
        lib = _native.load()
        opts = _native.OpenOptions(_native.OPEN_OPTIONS_VERSION,
                                   _native.OPEN_READ, None)
        if write or create:
            opts.flags |= _native.OPEN_WRITE
        if create:
            opts.flags |= _native.OPEN_CREATE
        if wait:
            opts.flags |= _native.OPEN_WAIT
        opts.language = _bytes(language, "language")
        handle = ctypes.c_void_p()
        errmsg = ctypes.c_void_p()
        status = lib.folio_db_open(os.fsencode(path), ctypes.byref(opts),
                                   ctypes.byref(handle), ctypes.byref(errmsg))
        if status != _native.OK:
            message = ""
            if errmsg.value:
                message = ctypes.string_at(errmsg.value).decode("utf-8", "replace")
                _native.free(errmsg)
            raise _error(lib, status, message)
        self._lib = lib
        self._handle = handle
        self._lock = threading.RLock()
        self.path = os.fspath(path)
        self.writable = bool(opts.flags & _native.OPEN_WRITE)
        self._finalizer = weakref.finalize(self, _close_handle, lib, handle)

    # -- life cycle ---------------------------------------------------------

    def close(self) -> None:
        """Commit pending changes (writers), release the write lock and
        free the handle. Calling it again does nothing. Raises an Error if
        the final commit failed (the handle is closed anyway)."""
        with self._lock:
            if not self._finalizer.alive:
                return
            status = self._finalizer()
            if status != _native.OK:
                raise _error(self._lib, status,
                             "closing %s: %s" % (self.path,
                                                  self._lib.folio_status_string(status).decode()))

    @property
    def closed(self) -> bool:
        """True once close() has been called."""
        return not self._finalizer.alive

    def __enter__(self) -> "Index":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else ("writable" if self.writable else "read-only")
        return "<folio.Index %r %s>" % (self.path, state)

    def _db(self) -> ctypes.c_void_p:
        if not self._finalizer.alive:
            raise InvalidArgumentError(_native.ERROR_INVALID,
                                       "the index %s is closed" % self.path)
        return self._handle

    def _check(self, status: int) -> None:
        if status != _native.OK:
            raise _error(self._lib, status,
                         self._lib.folio_db_error(self._handle).decode("utf-8", "replace"))

    # -- facts --------------------------------------------------------------

    @property
    def language(self) -> str:
        """The stemming language the index was built with."""
        with self._lock:
            return self._lib.folio_db_language(self._db()).decode()

    def count(self) -> int:
        """The number of posts in the index, as of the last commit seen."""
        n = ctypes.c_uint64()
        with self._lock:
            self._check(self._lib.folio_db_count(self._db(), ctypes.byref(n)))
        return n.value

    def __len__(self) -> int:
        return self.count()

    # -- indexing -----------------------------------------------------------

    def add(self, post: Optional[Post] = None, **fields) -> None:
        """Add a post, or replace the indexed post with the same URL.

        Pass a Post, or its fields as keywords: url, title, summary
        (required), company, author, published ("YYYY-MM-DD"), type,
        topics (a list of names). Visible to readers after commit() or
        close(). Raises InvalidArgumentError for a missing field or a
        malformed date.
        """
        if post is not None and fields:
            raise TypeError("add() takes a Post or keyword fields, not both")
        if post is None:
            post = Post(**fields)
        topics = [_bytes(t, "topic", True) for t in post.topics]
        c_topics = (ctypes.c_char_p * max(len(topics), 1))(*topics)
        c_post = _native.Post(
            _bytes(post.url, "url", True), _bytes(post.title, "title", True),
            _bytes(post.company, "company"), _bytes(post.author, "author"),
            _bytes(post.published, "published"), _bytes(post.type, "type"),
            _bytes(post.summary, "summary", True),
            c_topics if topics else None, len(topics))
        with self._lock:
            self._check(self._lib.folio_db_add_post(self._db(), ctypes.byref(c_post)))

    def add_many(self, posts: Iterable[Union[Post, dict]]) -> int:
        """Add each post (a Post or a dict of its fields); return how many."""
        n = 0
        for post in posts:
            if isinstance(post, dict):
                self.add(**post)
            else:
                self.add(post)
            n += 1
        return n

    def delete(self, url: str) -> None:
        """Remove the post with this URL; NotFoundError if there is none."""
        with self._lock:
            self._check(self._lib.folio_db_delete_post(self._db(), _bytes(url, "url", True)))

    def commit(self) -> None:
        """Make every change so far durable and visible to new searches."""
        with self._lock:
            self._check(self._lib.folio_db_commit(self._db()))

    def index_paths(self, *paths: Union[str, bytes, os.PathLike],
                    on_diagnostic: Optional[Callable[[Diagnostic], None]] = None
                    ) -> IndexReport:
        """Index topic pages (*.md) and JSON Lines files (*.jsonl): files,
        or directories searched recursively. Posts are merged by URL and
        the changes committed before returning.

        Malformed posts and unreadable files are skipped; each is listed
        in the report's diagnostics (and passed to on_diagnostic, if given,
        as it is found), and counted in report.skipped. Raises
        NotFoundError if a path does not exist (nothing is indexed then).
        """
        if not paths:
            raise TypeError("index_paths() needs at least one path")
        found: List[Diagnostic] = []
        failure: List[BaseException] = []

        def collect(diag_p, _payload):
            d = diag_p.contents
            diag = Diagnostic(_text(d.file) or "", d.line, _text(d.message) or "")
            found.append(diag)
            if on_diagnostic is not None and not failure:
                try:
                    on_diagnostic(diag)
                except BaseException as e:  # re-raised after the C call
                    failure.append(e)

        callback = _native.DiagnosticFn(collect)
        opts = _native.IndexOptions(_native.INDEX_OPTIONS_VERSION, callback, None)
        c_paths = (ctypes.c_char_p * len(paths))(*[os.fsencode(p) for p in paths])
        report = _native.IndexReport()
        with self._lock:
            status = self._lib.folio_db_index_paths(self._db(), c_paths, len(paths),
                                                    ctypes.byref(opts),
                                                    ctypes.byref(report))
            if status != _native.ERROR_INPUT:
                self._check(status)
        if failure:
            raise failure[0]
        return IndexReport(report.files, report.posts, report.added, report.updated,
                           report.unchanged, report.skipped, tuple(found))

    # -- searching ----------------------------------------------------------

    def search(self, query: str, *, limit: int = 10, offset: int = 0,
               sort: str = "relevance",
               highlight: Optional[Tuple[str, str]] = None,
               snippet_bytes: int = 200) -> Results:
        """Search with a free-text query; return Results (best first).

        limit:     hits to return at most
        offset:    hits to skip (for paging)
        sort:      "relevance" (BM25, newest first among equal scores),
                   "newest" or "oldest"
        highlight: (start, end) markers put around matched words in
                   snippets, e.g. ("<b>", "</b>"); None for none
        snippet_bytes: target snippet length in bytes

        Raises InvalidArgumentError for an empty query or bad options.
        """
        if sort not in _SORTS:
            raise ValueError("sort must be one of %s, not %r"
                             % (", ".join(sorted(_SORTS)), sort))
        if limit < 0 or offset < 0 or snippet_bytes < 0:
            raise ValueError("limit, offset and snippet_bytes must be >= 0")
        opts = _native.SearchOptions(_native.SEARCH_OPTIONS_VERSION, offset, limit,
                                     _SORTS[sort], None, None, snippet_bytes)
        if highlight is not None:
            start, end = highlight
            opts.highlight_start = _bytes(start, "highlight start")
            opts.highlight_end = _bytes(end, "highlight end")
        results = ctypes.c_void_p()
        lib = self._lib
        with self._lock:
            self._check(lib.folio_db_search(self._db(), _bytes(query, "query", True),
                                            ctypes.byref(opts), ctypes.byref(results)))
        try:
            total = lib.folio_results_total(results)
            hits = [self._hit(lib.folio_results_hit(results, i).contents)
                    for i in range(lib.folio_results_count(results))]
        finally:
            lib.folio_results_free(results)
        return Results(query if isinstance(query, str) else _text(query), total, hits)

    @staticmethod
    def _hit(h) -> Hit:
        topics = tuple(_text(h.topics[i]) for i in range(h.n_topics))
        return Hit(h.rank, h.score, _text(h.url), _text(h.title), _text(h.company),
                   _text(h.author), _text(h.published), _text(h.type), topics,
                   _text(h.summary), _text(h.snippet) or "")
