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
it. Queries use folio's query language (man folio, QUERIES): free words,
"phrases", a NEAR b, AND/OR/NOT, +must, -exclude, prefix*, title: company:
author: type: topic: site: fields and published:/year: dates. A word matches
in the exact form or any form with the same stem; exact forms rank first.
Index.search() also counts facets, suggests spellings, explains scores and
reports what a lenient parse skipped; Index.similar() finds the posts most
like one post; Index.stats() and Index.check() describe and verify the
index; Index.index_paths() syncs or rebuilds it from corpus files, with a
progress callback. Index(remotes=...) searches shards that xapian-tcpsrv
serves on other hosts too, as one index, and with allow_partial=True
searches the shards that answer and names the others.

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
import numbers
import os
import signal
import threading
import weakref
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from . import _native

__all__ = [
    "Index", "Post", "Hit", "Results", "IndexReport", "Diagnostic",
    "Progress", "Notice", "FacetValue", "ExplainTerm", "Stats", "CheckReport",
    "SkippedShard",
    "Error", "OutOfMemoryError", "InvalidArgumentError", "FileError",
    "NotFoundError", "LockedError", "CorruptError", "ModifiedError",
    "QueryError", "InputError", "IndexVersionError", "BackendError",
    "UnavailableError", "IndexingInterruptedError",
    "LibraryNotFound", "library_version", "languages", "load_library",
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


def languages() -> Tuple[str, ...]:
    """The stemming languages Index(language=...) takes: "none" (no
    stemming) first, then those of the libstemmer libfolio was built with
    ("arabic", ..., "english", ...)."""
    lib = _native.load()
    return tuple(lib.folio_language_name(i).decode()
                 for i in range(lib.folio_language_count()))


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

class Error(Exception):
    """A libfolio call failed.

    status:   the folio_status code (an int, see folio.h)
    message:  libfolio's one-line explanation
    position: for a QueryError, the 1-based character position in the
              query of the problem; 0 otherwise
    """

    def __init__(self, status: int, message: str, position: int = 0):
        super().__init__(message)
        self.status = status
        self.message = message
        self.position = position


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
    """FOLIO_ERROR_QUERY: the query cannot be parsed (strict=True and
    malformed syntax, or an invalid date in the query); .position is the
    1-based character position of the problem."""


class InputError(Error):
    """FOLIO_ERROR_INPUT: some corpus input was malformed and skipped."""


class IndexVersionError(Error):
    """FOLIO_ERROR_VERSION: the index was built by an incompatible folio
    (or a remote shard was: the message names it), or a remote shard is
    no folio index."""


class BackendError(Error):
    """FOLIO_ERROR_BACKEND: any other error reported by Xapian."""


class UnavailableError(Error):
    """FOLIO_ERROR_UNAVAILABLE: a remote shard cannot be reached or did not
    answer in time (the message names it; pass allow_partial=True to
    search the rest), or, with allow_partial=True, none of them can."""


class IndexingInterruptedError(Error):
    """FOLIO_ERROR_INTERRUPTED: Index.interrupt() stopped index_paths();
    the message says what the index kept (as it was, or the batches an
    incremental run committed)."""


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
    _native.ERROR_UNAVAILABLE: UnavailableError,
    _native.ERROR_INTERRUPTED: IndexingInterruptedError,
}


def _error(lib, status: int, message: str, position: int = 0) -> Error:
    if not message:
        message = lib.folio_status_string(status).decode()
    return _ERRORS.get(status, Error)(status, message, position)


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
class ExplainTerm:
    """One part of the query and what it added to a hit's score
    (search(..., explain=True)). The weights of a hit's parts sum to its
    score. BM25+ (Xapian's BM25PlusWeight):
    weight = query_weight * idf * ((k1 + 1) * wdf / (k1 * length_norm + wdf)
    + delta), idf = ln((N + 1) / doc_freq), k1 1.5, delta 1, N the posts
    in the index: for a part of one term. A word's forms ("stem") and a
    prefix's words weigh as one term of their summed wdf and a document
    frequency Xapian estimates as if they were independent (a + b - a*b/N
    for two), at least doc_freq; a phrase, compound or NEAR weighs the
    sum of its words' own weights, a NEAR's every form of a word that the
    post holds weighing as a word of its own (python and pythonic, each by
    its own document frequency) (README "Explanations").

    term:         the word, phrase or prefix, as analysed
    how:          "stem", "exact", "phrase", "prefix", "near",
                  "abbreviation", "joined", "acronym", "version", "title",
                  "proximity", "coordination" or "coverage" (the second
                  phase's factor for the title words the query covers)
    field:        "text", "title", "company", "author", "type" or "topic"
    weight:       its contribution to the score
    query_weight: the factor the query gives it (1 for plain words)
    wdf:          occurrences in the post (title words count three times)
                  (a phrase's, NEAR's or prefix's words summed)
    doc_freq:     posts holding the term (a phrase's, NEAR's or prefix's
                  most frequent word, not the posts the phrase matches)
    length_norm:  (1 - b) + b * max(length / average length, 0.5), b 0.75:
                  a post shorter than half the average counts as half
    """

    term: str
    how: str
    field: str
    weight: float
    query_weight: float
    wdf: int
    doc_freq: int
    length_norm: float


@dataclasses.dataclass(frozen=True)
class Hit:
    """One search hit.

    rank is 1-based over the whole result list (offset included); score is
    the BM25 weight; company, author, published ("YYYY-MM-DD") and type are
    None when the post has none; snippet is the best window of the summary,
    with the highlight markers given to search(), and title_marked the
    whole title with them (escaped as the snippet is with html=True; the
    title itself without markers or html); explain holds the
    ExplainTerms of its score with explain=True, else ().
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
    explain: Tuple[ExplainTerm, ...] = ()
    title_marked: str = ""


@dataclasses.dataclass(frozen=True)
class Notice:
    """Something the lenient query parser skipped: position is the 1-based
    character position in the query, message what was ignored and why."""

    position: int
    message: str


@dataclasses.dataclass(frozen=True)
class FacetValue:
    """One value of a facet and the number of matching posts that have
    it."""

    value: str
    count: int


@dataclasses.dataclass(frozen=True)
class SkippedShard:
    """A remote shard left out of a search (Index(..., allow_partial=True)):
    shard is its "HOST:PORT", reason why it was left out (Xapian's
    NetworkError when it cannot be reached or timed out, or why it was
    refused: another index format or stemming language, no folio index)."""

    shard: str
    reason: str


class Results(collections.abc.Sequence):
    """The hits of one search: a sequence of Hit, best first.

    total:      an estimate of all matching posts (exact when at most 1000
                match, or with exhaustive=True or facets=True); len() is the
                number of hits held (at most the limit)
    total_exact: True when total is a count, False when it is an estimate
    query:      the query (the URL for Index.similar())
    suggestion: a corrected query made of the index's own words ("did you
                mean"), or None; made when a word of the query is in no
                post in any form, or, when the query had fewer than three
                hits, in a post or two and a typo of a far more frequent
                word, and the correction finds more (folio.h's
                folio_results_suggestion says exactly when)
    notices:    a tuple of Notice: what the lenient parser skipped
    facets:     with facets=True, a dict {"company": ..., "type": ...,
                "topic": ..., "year": ...} (in that order) of tuples of
                FacetValue, most frequent first, counted over every
                matching post (a post on two topics counts in both); else {}
    skipped_shards: a tuple of SkippedShard: the remote shards this search
                left out (Index(..., allow_partial=True)); () when every
                shard was searched. Non-empty: the results are partial.
    """

    def __init__(self, query: str, total: int, hits: List[Hit],
                 suggestion: Optional[str] = None,
                 notices: Tuple[Notice, ...] = (),
                 facets: Optional[Dict[str, Tuple[FacetValue, ...]]] = None,
                 total_exact: bool = True,
                 skipped_shards: Tuple[SkippedShard, ...] = ()):
        self.query = query
        self.total = total
        self.total_exact = total_exact
        self.suggestion = suggestion
        self.notices = notices
        self.facets = facets if facets is not None else {}
        self.skipped_shards = skipped_shards
        self._hits = hits

    def __len__(self) -> int:
        return len(self._hits)

    def __getitem__(self, i):
        return self._hits[i]

    def __iter__(self) -> Iterator[Hit]:
        return iter(self._hits)

    def __repr__(self) -> str:
        partial = (" skipped_shards=%d" % len(self.skipped_shards)
                   if self.skipped_shards else "")
        return "<folio.Results query=%r total=%d hits=%d%s>" % (
            self.query, self.total, len(self._hits), partial)


@dataclasses.dataclass(frozen=True)
class Diagnostic:
    """A problem found in the corpus; the post or file was skipped, or,
    when warning is true, indexed with part of it dropped (a word longer
    than 64 bytes). line is 1-based, 0 when the problem concerns the whole
    file."""

    file: str
    line: int
    message: str
    warning: bool = False

    def __str__(self) -> str:
        text = ("warning: " if self.warning else "") + self.message
        if self.line:
            return "%s:%d: %s" % (self.file, self.line, text)
        return "%s: %s" % (self.file, text)


@dataclasses.dataclass(frozen=True)
class Progress:
    """Where an Index.index_paths() run is, as given to its progress
    callback.

    phase: "reading", "indexing", "removing", "merging" or "switching"
    done:  posts (files, while reading) done so far
    total: how many there are; 0 when not known yet
    """

    phase: str
    done: int
    total: int


@dataclasses.dataclass(frozen=True)
class IndexReport:
    """What Index.index_paths() did, and the problems it skipped.

    files:     corpus files read
    posts:     distinct posts (URLs) found in them
    added:     posts new to the index
    updated:   posts already indexed whose content changed
    unchanged: posts already indexed, identical
    skipped:   malformed posts, unreadable files or missing paths skipped
    removed:   indexed posts no longer in the corpus, removed
    kept:      indexed posts no longer in the corpus, kept (no_delete=True,
               or something was skipped: nothing is removed then)
    rebuilt:   True when a new generation was built and switched to
    diagnostics: the problems, as Diagnostic
    kept_malformed: indexed posts still in the corpus but with a malformed
               copy there, left as they were indexed (not counted in kept)
    """

    files: int
    posts: int
    added: int
    updated: int
    unchanged: int
    skipped: int
    removed: int = 0
    kept: int = 0
    rebuilt: bool = False
    diagnostics: Tuple[Diagnostic, ...] = ()
    kept_malformed: int = 0


@dataclasses.dataclass(frozen=True)
class Stats:
    """A description of an index (Index.stats()).

    documents:  posts (on an Index with remote shards, theirs too)
    terms:      distinct terms (likewise)
    disk_bytes: size of the live generation's files (local alone)
    generation: N of the live generation gen-N (0: none)
    built:      UTC time of the last full build, ISO 8601, or None
    updated:    UTC time of the last indexing run, or None
    corpus:     the corpus paths: those of the last indexing run and, when
                that run removed nothing, the earlier ones (a tuple; ())
    language:   the stemming language of the posts, which searches use
    shards:     local shards of the live generation (1: not sharded; 0: a
                front end over remote shards alone)
    format:     the index format, e.g. "5" (always this folio's own)
    analyzer:   the analyzer revision its posts were analysed with, which
                its searches keep to (folio.h folio_stats)
    analyzer_latest: this folio's, which index_paths(rebuild=True)
                analyses in: above analyzer, a rebuild finds more words
    """

    documents: int
    terms: int
    disk_bytes: int
    generation: int
    built: Optional[str]
    updated: Optional[str]
    corpus: Tuple[str, ...]
    language: str
    shards: int
    format: str
    analyzer: int
    analyzer_latest: int


@dataclasses.dataclass(frozen=True)
class CheckReport:
    """What Index.check() found: problems is 0 for a sound index; message
    describes the first problem ("" when sound), with the rebuild that
    mends it; each_problem names every one, in the order found, by its
    table file or post (() when sound). bool(report) is True when the
    index is sound."""

    problems: int
    message: str
    each_problem: Tuple[str, ...] = ()

    @property
    def sound(self) -> bool:
        """True when no problem was found."""
        return self.problems == 0

    def __bool__(self) -> bool:
        return self.sound


# ---------------------------------------------------------------------------
# The index
# ---------------------------------------------------------------------------

_SORTS = {
    "relevance": _native.SORT_RELEVANCE,
    "newest": _native.SORT_NEWEST,
    "oldest": _native.SORT_OLDEST,
}

_MATCHES = {
    "auto": _native.MATCH_AUTO,
    "all": _native.MATCH_ALL,
    "any": _native.MATCH_ANY,
}


def _text(value: Optional[bytes]) -> Optional[str]:
    return None if value is None else value.decode("utf-8", "replace")


def _no_nul(value: bytes, name: str) -> bytes:
    # The library takes C strings: a NUL would end one there, silently
    # (a URL cut at it named another post), so it is refused, as open()
    # refuses one in a path.
    if b"\0" in value:
        raise ValueError("embedded null byte in the %s" % name)
    return value


def _bytes(value, name: str, required: bool = False) -> Optional[bytes]:
    if value is None:
        if required:
            raise InvalidArgumentError(_native.ERROR_INVALID,
                                       "no %s given" % name)
        return None
    if isinstance(value, bytes):
        return _no_nul(value, name)
    if isinstance(value, str):
        return _no_nul(value.encode("utf-8"), name)
    raise TypeError("%s must be str, not %s" % (name, type(value).__name__))


def _path(value) -> bytes:
    return _no_nul(os.fsencode(value), "path")


# The largest size_t: limit, offset and snippet_bytes past it would wrap.
_SIZE_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1


class _CtrlC:
    """A SIGINT caught during index_paths(), and the handler it replaced
    (None: none was replaced)."""

    def __init__(self):
        self.caught = False
        self.previous = None


def _close_handle(lib, handle: ctypes.c_void_p) -> int:
    return lib.folio_db_close(handle)


def _remote_names(remotes) -> List[bytes]:
    """Index(remotes=...): an iterable of "HOST:PORT" str or bytes (None:
    none)."""
    if remotes is None:
        return []
    if isinstance(remotes, (str, bytes)):
        raise TypeError('remotes must be an iterable of "HOST:PORT" strings, '
                        'not one string: remotes=(%r,)' % (remotes,))
    names = []
    for name in remotes:
        if not isinstance(name, (str, bytes)):
            raise TypeError('remotes must be "HOST:PORT" strings, not %s'
                            % type(name).__name__)
        names.append(_bytes(name, "remote"))
    return names


_MAX_TIMEOUT_MS = 0xFFFFFFFF  # folio_open_options.timeout_ms is an unsigned


def _timeout_ms(timeout) -> int:
    """Index(timeout=...) in seconds as folio_open_options.timeout_ms (0:
    the library's default)."""
    if timeout is None:
        return 0
    if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real):
        raise TypeError("timeout must be a number of seconds or None, not %s"
                        % type(timeout).__name__)
    ms = timeout * 1000
    if not 0 < ms <= _MAX_TIMEOUT_MS:  # NaN is refused too
        raise ValueError("timeout must be more than 0 and at most %d seconds, "
                         "not %r" % (_MAX_TIMEOUT_MS // 1000, timeout))
    return max(1, round(ms))  # 0 would mean the default


class Index:
    """An open folio index (a directory).

    Index(path) opens an existing index for searching. write=True also
    allows indexing and takes the index's write lock (one writer at a
    time: LockedError, unless wait=True waits for the lock); create=True
    (implies write) creates the index if absent, with the Snowball stemmer
    language ("english" by default, "none" for no stemming, another of
    folio.languages(); an existing index keeps its own).

    Remote shards (readers only; `folio search --remote`, --timeout,
    --allow-partial):

    remotes:   "HOST:PORT" of each shard that xapian-tcpsrv serves, e.g.
               ("10.0.0.11:7001", "10.0.0.12:7001"), searched together
               with the local index as one database: the ranking is that
               of one index holding every post. They add to those listed
               in the index directory's REMOTES file (one HOST:PORT a
               line); a shard listed twice is searched once. With
               remotes, path may be None: a search front end holding no
               posts itself. Index(..., write=True) with remotes is an
               InvalidArgumentError.
    timeout:   seconds to wait for each remote shard to connect and for
               each of its replies (a float; None: 10 s)
    allow_partial: True: a remote shard that cannot be reached, or that
               is refused, is left out and the search runs on the rest;
               Results.skipped_shards (and Index.skipped_shards) name each
               one left out, and why. The Index tries them again on its
               first search 5 s or three timeouts after (whichever is
               longer). False (the default): such a shard raises an Error
               naming it.
    timeout and allow_partial=True without a remote shard (in remotes, or
               listed in the REMOTES file: one of comments alone lists
               none; a writer reads none) are an InvalidArgumentError, as
               `folio search --timeout` is bad usage then.
    local:     True: the local index alone (FOLIO_OPEN_LOCAL); the remote
               shards its REMOTES file lists are not opened, so one that
               is down is no error, and check() checks the local index
               alone, as `folio check` does (remote shards are checked
               where they are served). With remotes, timeout or
               allow_partial it is an InvalidArgumentError. A directory
               holding a REMOTES file alone opens as a front end holding
               no post, whose check() raises InvalidArgumentError.

    A remote shard that cannot be reached or does not answer in time
    raises UnavailableError (when the Index opens, or from a search); one
    that is no folio index or of another index format IndexVersionError,
    one of another stemming language than the rest InvalidArgumentError.
    With allow_partial=True it is still UnavailableError when every
    shard is left out and there is no local index (path=None, or a
    directory holding only a REMOTES file).

    Close it with close() or a with-block: closing a writer commits. An
    Index that is garbage collected is closed too.
    """

    def __init__(self, path: Union[str, bytes, os.PathLike, None] = None, *,
                 write: bool = False, create: bool = False, wait: bool = False,
                 language: Optional[str] = None,
                 remotes: Iterable[Union[str, bytes]] = (),
                 timeout: Optional[float] = None, allow_partial: bool = False,
                 local: bool = False):
        lib = _native.load()
        names = _remote_names(remotes)
        if path is None and not names:
            raise TypeError("Index() needs a path, or remotes to search")
        if local and names:
            raise InvalidArgumentError(
                _native.ERROR_INVALID, "local=True opens no remote shards: "
                "give no remotes")
        if path is None and (write or create):
            raise InvalidArgumentError(
                _native.ERROR_INVALID, "remote shards are searched, not "
                "written: an Index without a path is read-only")
        remote_option = ("timeout" if timeout is not None else
                         "allow_partial" if allow_partial else None)
        if remote_option and (write or create):
            raise InvalidArgumentError(
                _native.ERROR_INVALID, "%s applies to remote shards only, "
                "which are searched, not written" % remote_option)
        if remote_option and local:
            raise InvalidArgumentError(
                _native.ERROR_INVALID, "%s applies to remote shards only, "
                "which local=True does not open" % remote_option)
        # folio_db_open copies the strings (folio.h): alive until it returns
        c_remotes = (ctypes.c_char_p * max(len(names), 1))(*names)
        opts = _native.OpenOptions(_native.OPEN_OPTIONS_VERSION,
                                   _native.OPEN_READ, None,
                                   c_remotes if names else None, len(names),
                                   _timeout_ms(timeout), int(bool(allow_partial)))
        if write or create:
            opts.flags |= _native.OPEN_WRITE
        if create:
            opts.flags |= _native.OPEN_CREATE
        if wait:
            opts.flags |= _native.OPEN_WAIT
        if local:
            opts.flags |= _native.OPEN_LOCAL
        opts.language = _bytes(language, "language")
        handle = ctypes.c_void_p()
        errmsg = ctypes.c_void_p()
        status = lib.folio_db_open(None if path is None else _path(path),
                                   ctypes.byref(opts), ctypes.byref(handle),
                                   ctypes.byref(errmsg))
        if status != _native.OK:
            message = ""
            if errmsg.value:
                message = ctypes.string_at(errmsg.value).decode("utf-8", "replace")
                _native.free(errmsg)
            raise _error(lib, status, message)
        # as `folio search` refuses --timeout and --allow-partial: with no
        # remote shard (the REMOTES file's as the library's parser reads
        # it) they would be taken and do nothing
        if remote_option and not lib.folio_db_remote_count(handle):
            lib.folio_db_close(handle)
            raise InvalidArgumentError(
                _native.ERROR_INVALID,
                "%s applies to remote shards only, and neither remotes nor "
                "%s names one" % (remote_option, os.path.join(
                    os.fsdecode(path), "REMOTES")))
        self._lib = lib
        self._handle = handle
        self._lock = threading.RLock()
        # interrupt() and close() only: the handle must not be freed
        # under an interrupt, which must not wait for a run's _lock.
        self._interrupt_lock = threading.Lock()
        self.path = None if path is None else os.fspath(path)
        self.writable = bool(opts.flags & _native.OPEN_WRITE)
        self._remotes = tuple(_text(name) for name in names)
        self._name = (self.path if path is not None
                      else "(remote shards %s)" % ", ".join(self._remotes))
        self._finalizer = weakref.finalize(self, _close_handle, lib, handle)

    # -- life cycle ---------------------------------------------------------

    def close(self) -> None:
        """Commit pending changes (writers), release the write lock and
        free the handle. Calling it again does nothing. Raises an Error if
        the final commit failed (the handle is closed anyway)."""
        with self._lock, self._interrupt_lock:
            if not self._finalizer.alive:
                return
            status = self._finalizer()
            if status != _native.OK:
                raise _error(self._lib, status,
                             "closing %s: %s" % (self._name,
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
        where = [] if self.path is None else [repr(self.path)]
        if self._remotes:
            where.append("remotes=%r" % (self._remotes,))
        return "<folio.Index %s %s>" % (" ".join(where), state)

    def _db(self) -> ctypes.c_void_p:
        if not self._finalizer.alive:
            raise InvalidArgumentError(_native.ERROR_INVALID,
                                       "the index %s is closed" % self._name)
        return self._handle

    def _check(self, status: int) -> None:
        if status != _native.OK:
            position = 0
            if status == _native.ERROR_QUERY:
                position = self._lib.folio_db_error_position(self._handle)
            raise _error(self._lib, status,
                         self._lib.folio_db_error(self._handle).decode("utf-8", "replace"),
                         position)

    # -- facts --------------------------------------------------------------

    @property
    def language(self) -> str:
        """The stemming language the index was built with."""
        with self._lock:
            return self._lib.folio_db_language(self._db()).decode()

    @property
    def skipped_shards(self) -> Tuple[SkippedShard, ...]:
        """The remote shards left out (allow_partial=True), as of the last
        open or search: a tuple of SkippedShard (shard "HOST:PORT",
        reason); () when every shard was searched. Results.skipped_shards
        says it of one search, which is what to read when threads share
        the Index."""
        with self._lock:
            return self._skipped(self._db())

    def _skipped(self, db) -> Tuple[SkippedShard, ...]:
        """folio_db_skipped_shard's list, copied (with the lock held: the
        strings are borrowed until the next call on the handle)."""
        lib = self._lib
        found = []
        reason = ctypes.c_char_p()
        for i in range(lib.folio_db_skipped_count(db)):
            shard = lib.folio_db_skipped_shard(db, i, ctypes.byref(reason))
            found.append(SkippedShard(_text(shard) or "", _text(reason.value) or ""))
        return tuple(found)

    def count(self) -> int:
        """The number of posts in the index, as of the last commit seen; a
        writer's handle also counts its own changes not yet committed."""
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
        if isinstance(post.topics, (str, bytes)):
            raise TypeError("topics must be a list of names, not one %s"
                            % type(post.topics).__name__)
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

    def interrupt(self) -> None:
        """Stop the index_paths() running on this Index, from another
        thread or from its progress callback (folio_db_interrupt): it
        raises IndexingInterruptedError once stopped, the index as it was
        (a rebuild stopped before its switch) or with the batches of 5000
        changes an incremental run committed. Only a run in progress is
        stopped: at any other time it does nothing. Does not wait for the
        Index's lock, which the run holds."""
        with self._interrupt_lock:
            if self._finalizer.alive:
                self._lib.folio_db_interrupt(self._handle)

    def index_paths(self, *paths: Union[str, bytes, os.PathLike],
                    on_diagnostic: Optional[Callable[[Diagnostic], None]] = None,
                    rebuild: bool = False, no_delete: bool = False,
                    threads: int = 0,
                    progress: Optional[Callable[[Progress], None]] = None,
                    shards: int = 0) -> IndexReport:
        """Bring the index in line with the topic pages (*.md) and JSON
        Lines files (*.jsonl) in paths: files, or directories searched
        recursively (this is `folio index`). Posts are merged by URL: new
        posts are added, changed ones replaced, unchanged ones left alone,
        and indexed posts whose URL is in none of the paths are removed,
        unless no_delete=True or something had to be skipped (then they are
        counted in report.kept). Changes are committed before returning.

        rebuild:   build a fresh generation from scratch beside the live one
                   and switch searches to it atomically (a run on an empty
                   index always does this)
        no_delete: keep indexed posts that are not in the paths
        threads:   worker threads for a full build; 0: one per CPU
        progress:  called now and then with a Progress (phase, done,
                   total), from the calling thread
        shards:    split the index into this many shards (databases
                   searched as one, each post in the one a hash of its URL
                   names; results do not depend on it); a count other than
                   the index's rebuilds it. 0: keep the index's (1 for a
                   new index). At most 256 (threads too).

        Malformed posts and unreadable files are skipped; each is listed
        in the report's diagnostics (and passed to on_diagnostic, if given,
        as it is found), and counted in report.skipped. An exception raised
        by on_diagnostic or progress stops further calls to them and is
        raised once the run is over (the run itself completes). Raises
        NotFoundError if no path exists (nothing is indexed then),
        LockedError never (the Index holds the lock already).

        interrupt(), from another thread or from progress, stops the run:
        IndexingInterruptedError. So does Ctrl-C (SIGINT) when this runs
        in the main thread and SIGINT has Python's default handler: the
        run stops cleanly, as interrupt() stops it (or finishes, past its
        last commit), and KeyboardInterrupt is raised once it has.
        """
        if not paths:
            raise TypeError("index_paths() needs at least one path")
        for name, value in (("threads", threads), ("shards", shards)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError("%s must be an int, not %s"
                                % (name, type(value).__name__))
            # larger would wrap in C's unsigned; the library refuses > 256
            if not 0 <= value < 2 ** 32:
                raise ValueError("%s must be from 0 to 256" % name)
        found: List[Diagnostic] = []
        failure: List[BaseException] = []

        def collect(diag_p, _payload):
            d = diag_p.contents
            diag = Diagnostic(_text(d.file) or "", d.line, _text(d.message) or "",
                              bool(d.warning))
            found.append(diag)
            if on_diagnostic is not None and not failure:
                try:
                    on_diagnostic(diag)
                except BaseException as e:  # re-raised after the C call
                    failure.append(e)

        def report_progress(p_p, _payload):
            if failure or progress is None:
                return
            p = p_p.contents
            try:
                progress(Progress(_text(p.phase) or "", p.done, p.total))
            except BaseException as e:  # re-raised after the C call
                failure.append(e)

        callback = _native.DiagnosticFn(collect)
        # Always a callback: Python runs a signal's handler only where
        # Python code runs, and the library calls back every 1000 posts.
        progress_callback = _native.ProgressFn(report_progress)
        opts = _native.IndexOptions(_native.INDEX_OPTIONS_VERSION, callback, None,
                                    int(bool(rebuild)), int(bool(no_delete)),
                                    threads, progress_callback, shards)
        c_paths = (ctypes.c_char_p * len(paths))(*[_path(p) for p in paths])
        report = _native.IndexReport(_native.INDEX_REPORT_VERSION)
        with self._lock:
            ctrl_c = self._catch_ctrl_c()
            try:
                status = self._lib.folio_db_index_paths(self._db(), c_paths,
                                                        len(paths),
                                                        ctypes.byref(opts),
                                                        ctypes.byref(report))
            finally:
                if ctrl_c.previous is not None:
                    signal.signal(signal.SIGINT, ctrl_c.previous)
            if ctrl_c.caught:
                raise KeyboardInterrupt
            if status != _native.ERROR_INPUT:
                self._check(status)
        if failure:
            raise failure[0]
        return IndexReport(report.files, report.posts, report.added, report.updated,
                           report.unchanged, report.skipped, report.removed,
                           report.kept, bool(report.rebuilt), tuple(found),
                           report.kept_malformed)

    def _catch_ctrl_c(self) -> "_CtrlC":
        """For index_paths(): SIGINT interrupts the run instead of
        raising KeyboardInterrupt inside a callback, which could not stop
        it; only in the main thread (where Python handles signals) and
        over Python's default handler (a program's own is left alone)."""
        ctrl_c = _CtrlC()
        if (threading.current_thread() is threading.main_thread() and
                signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            def on_sigint(_signum, _frame):
                ctrl_c.caught = True
                self.interrupt()
            ctrl_c.previous = signal.signal(signal.SIGINT, on_sigint)
        return ctrl_c

    # -- operations ---------------------------------------------------------

    def stats(self) -> Stats:
        """Describe the index, as of the last commit seen (`folio stats`):
        a Stats."""
        st = _native.Stats(_native.STATS_VERSION)
        with self._lock:
            self._check(self._lib.folio_db_stats(self._db(), ctypes.byref(st)))
            corpus = tuple(_text(st.corpus_paths[i]) or ""
                           for i in range(st.n_corpus_paths))
            return Stats(st.documents, st.terms, st.disk_bytes, st.generation,
                         _text(st.built) or None, _text(st.updated) or None,
                         corpus,
                         _text(st.language) or "", st.shards,
                         _text(st.format) or "", st.analyzer,
                         st.analyzer_latest)

    def check(self, *, isolate: bool = False,
              time_limit: Optional[float] = None) -> CheckReport:
        """Verify the live generation with Xapian's consistency checker and
        decode every stored post (`folio check`). Returns a CheckReport
        (problems == 0: sound; else message describes the first problem
        and each_problem lists every one; rebuild with index_paths(...,
        rebuild=True)). Raises an Error only when the check itself cannot
        run. An Index with remote shards checks theirs too, over the
        network: open it with local=True to check the local index alone,
        as `folio check` does.

        isolate: run the checker in a child process (fork), as `folio
        check` does: some damage to a term list crashes Xapian 1.4.22's
        checker (SIGSEGV), which in-process kills Python; isolated, the
        crash is a problem found, in the table it was reading. Forking a
        process with other threads has risks (folio.h,
        FOLIO_CHECK_ISOLATE), so it is off by default.

        time_limit: with isolate, the seconds the child may check one
        database (each shard its own; None: no limit; folio check gives
        600); a child still checking then is stopped, and Error is
        raised (FOLIO_ERROR_BACKEND) naming the database and the table it
        was reading. Without isolate a limit is an Error
        (FOLIO_ERROR_INVALID): a checker in this process cannot be
        stopped."""
        problems = ctypes.c_uint64()
        ms = 0 if time_limit is None else max(1, round(time_limit * 1000))
        if ms > 0xFFFFFFFF:
            raise ValueError("time_limit is too long: at most 4294967 s")
        each: List[str] = []

        def keep(problem, _payload):
            each.append(problem.decode("utf-8", "replace"))
            return 0

        callback = _native.ProblemFn(keep)
        opts = _native.CheckOptions(_native.CHECK_OPTIONS_VERSION,
                                    _native.CHECK_ISOLATE if isolate else 0,
                                    ms, callback, None)
        with self._lock:
            status = self._lib.folio_db_check(self._db(), ctypes.byref(opts),
                                              ctypes.byref(problems))
            if status == _native.ERROR_CORRUPT:
                return CheckReport(problems.value or 1,
                                   self._lib.folio_db_error(self._handle)
                                   .decode("utf-8", "replace"),
                                   tuple(each))
            self._check(status)
        return CheckReport(problems.value, "")

    # -- searching ----------------------------------------------------------

    def search(self, query: str, *, limit: int = 10, offset: int = 0,
               sort: str = "relevance",
               highlight: Optional[Tuple[str, str]] = None,
               snippet_bytes: int = 200,
               since: Optional[str] = None, until: Optional[str] = None,
               match: str = "auto", strict: bool = False,
               facets: bool = False, explain: bool = False,
               suggest: bool = True, html: bool = False,
               exhaustive: bool = False) -> Results:
        """Search; return Results (best first).

        query is in folio's query language: free words, "exact phrases",
        a NEAR b (NEAR/n), AND, OR, NOT, +must, -exclude, (brackets),
        prefix*, title: company: author: type: topic: site: fields,
        published:2026-01-01..2026-09-30 and year:2026 (man folio,
        QUERIES).

        limit:     hits to return at most
        offset:    hits to skip (for paging)
        sort:      "relevance" (BM25, newest first among equal scores),
                   "newest" or "oldest"
        highlight: (start, end) markers put around matched words in
                   snippets, e.g. ("<b>", "</b>") with html=True; None
                   for none
        snippet_bytes: target snippet length in bytes
        html:      escape the snippets' text for HTML (& < > " '), not
                   the markers; titles and other fields stay plain text
        since, until: only posts published on or after / on or before
                   this date: "YYYY", "YYYY-MM" or "YYYY-MM-DD"; posts
                   without a date never match a date limit
        match:     how free words are joined: "auto" (one or two words must
                   all match; longer queries rank posts by the words they
                   match), "all" (AND) or "any" (OR)
        strict:    a stray quote, bracket or operator raises QueryError
                   (with .position) instead of being skipped with a
                   notice (Results.notices)
        facets:    count all matches by company, type, topic and year
                   (Results.facets)
        explain:   explain each hit's score (Hit.explain)
        suggest:   False: never look for a spelling suggestion
                   (Results.suggestion)
        exhaustive: examine every match: Results.total is exact however
                   large, and no hit is lost to Xapian 1.4.22's pruning
                   (slower)

        Raises InvalidArgumentError for an empty query or bad options (an
        invalid since/until date), QueryError for malformed syntax with
        strict=True and for an invalid date in the query, UnavailableError
        when a remote shard cannot be searched (without allow_partial;
        with it, Results.skipped_shards names the shards left out).
        """
        return self._run("folio_db_search", query, "query", limit, offset, sort,
                         highlight, snippet_bytes, since, until, match, strict,
                         facets, explain, suggest, html, exhaustive)

    def similar(self, url: str, *, limit: int = 10, offset: int = 0,
                sort: str = "relevance",
                highlight: Optional[Tuple[str, str]] = None,
                snippet_bytes: int = 200,
                since: Optional[str] = None, until: Optional[str] = None,
                facets: bool = False, explain: bool = False,
                html: bool = False, exhaustive: bool = False) -> Results:
        """The posts most like the indexed post with this URL, without the
        post itself (`folio similar`): the terms that best set it apart
        from the other posts (Xapian's relevance feedback), ORed and
        ranked by BM25: its 25 free-text terms of the highest expand weight
        among those another post holds too. The options work as for search(); Results.query is
        the URL. Raises NotFoundError when no post has that URL.
        """
        return self._run("folio_db_similar", url, "url", limit, offset, sort,
                         highlight, snippet_bytes, since, until, "auto", False,
                         facets, explain, True, html, exhaustive)

    def _run(self, function: str, text, what: str, limit: int, offset: int,
             sort: str, highlight: Optional[Tuple[str, str]], snippet_bytes: int,
             since: Optional[str], until: Optional[str], match: str,
             strict: bool, facets: bool, explain: bool, suggest: bool,
             html: bool, exhaustive: bool) -> Results:
        """Call folio_db_search or folio_db_similar and copy the results."""
        if sort not in _SORTS:
            raise ValueError("sort must be one of %s, not %r"
                             % (", ".join(sorted(_SORTS)), sort))
        if match not in _MATCHES:
            raise ValueError("match must be one of auto, all, any, not %r" % (match,))
        if not all(0 <= n <= _SIZE_MAX for n in (limit, offset, snippet_bytes)):
            raise ValueError("limit, offset and snippet_bytes must be "
                             "between 0 and %d" % _SIZE_MAX)
        flags = 0
        if strict:
            flags |= _native.SEARCH_STRICT
        if facets:
            flags |= _native.SEARCH_FACETS
        if explain:
            flags |= _native.SEARCH_EXPLAIN
        if not suggest:
            flags |= _native.SEARCH_NO_SUGGEST
        if html:
            flags |= _native.SEARCH_HTML
        if exhaustive:
            flags |= _native.SEARCH_EXHAUSTIVE
        opts = _native.SearchOptions(_native.SEARCH_OPTIONS_VERSION, offset, limit,
                                     _SORTS[sort], None, None, snippet_bytes, flags,
                                     _bytes(since, "since"), _bytes(until, "until"),
                                     _MATCHES[match])
        if highlight is not None:
            start, end = highlight
            opts.highlight_start = _bytes(start, "highlight start")
            opts.highlight_end = _bytes(end, "highlight end")
        results = ctypes.c_void_p()
        lib = self._lib
        with self._lock:
            db = self._db()
            self._check(getattr(lib, function)(db, _bytes(text, what, True),
                                               ctypes.byref(opts),
                                               ctypes.byref(results)))
            skipped = self._skipped(db)
        try:
            return self._results(lib, results, text if isinstance(text, str) else _text(text),
                                 bool(explain), skipped)
        finally:
            lib.folio_results_free(results)

    @staticmethod
    def _results(lib, results, query: str, explain: bool,
                 skipped: Tuple[SkippedShard, ...] = ()) -> Results:
        hits = []
        for i in range(lib.folio_results_count(results)):
            terms: Tuple[ExplainTerm, ...] = ()
            if explain:
                n = ctypes.c_size_t()
                e = lib.folio_results_explain(results, i, ctypes.byref(n))
                terms = tuple(ExplainTerm(_text(e[k].term), _text(e[k].how),
                                          _text(e[k].field), e[k].weight,
                                          e[k].query_weight, e[k].wdf,
                                          e[k].doc_freq, e[k].length_norm)
                              for k in range(n.value))
            hits.append(Index._hit(lib.folio_results_hit(results, i).contents, terms))
        notices = []
        for i in range(lib.folio_results_notice_count(results)):
            n = lib.folio_results_notice(results, i).contents
            notices.append(Notice(n.position, _text(n.message)))
        facets = {}
        for i in range(lib.folio_results_facet_count(results)):
            f = lib.folio_results_facet(results, i).contents
            facets[_text(f.name)] = tuple(FacetValue(_text(f.values[v].value),
                                                     f.values[v].count)
                                          for v in range(f.n_values))
        return Results(query, lib.folio_results_total(results), hits,
                       _text(lib.folio_results_suggestion(results)),
                       tuple(notices), facets,
                       bool(lib.folio_results_total_exact(results)), skipped)

    @staticmethod
    def _hit(h, explain: Tuple[ExplainTerm, ...] = ()) -> Hit:
        topics = tuple(_text(h.topics[i]) for i in range(h.n_topics))
        return Hit(h.rank, h.score, _text(h.url), _text(h.title), _text(h.company),
                   _text(h.author), _text(h.published), _text(h.type), topics,
                   _text(h.summary), _text(h.snippet) or "", explain,
                   _text(h.title_marked) or "")
