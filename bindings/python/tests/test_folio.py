"""The folio Python binding against the real libfolio: its structs have
the C layout; creating an index, adding posts from memory, replacing and
deleting them, indexing corpus files with diagnostics, progress, rebuilds
and no_delete; searching with every option (dates, match modes, strict
parsing, facets, explanations, suggestions, notices), similar posts, stats
and check; reading each field of a hit, the errors, threads, help(), a
fresh interpreter finding the library through FOLIO_LIBRARY, and remote
shards served by real xapian-tcpsrv processes (ranking, timeouts,
allow_partial and the shards it skips)."""

import ctypes
import math
import os
import pydoc
import re
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import folio

LOCKS = folio.Post(
    url="https://example.com/row-locking",
    title="The Curious Case of the Table-Locking UPDATE",
    summary="An UPDATE held a row lock for days while jobs piled up.",
    company="Heroku", author="Richard Schneeman", published="2019-12-19",
    type="Incident", topics=("PostgreSQL", "Concurrency"))
PYTHON = folio.Post(
    url="https://example.com/free-threaded",
    title="Python 3.14 free-threaded build",
    summary="RHEL ships a free-threaded Python without the GIL.",
    company="Red Hat", published="2026-09-14", type="Announcement",
    topics=("Python",))
MXFP8 = folio.Post(
    url="https://example.com/mxfp8", title="Grouped GEMM with MXFP8",
    summary="MXFP8 quantization speeds up expert parallel training.")


@pytest.fixture
def index(tmp_path):
    """A new writable index holding the three posts, committed."""
    with folio.Index(tmp_path / "index", create=True) as ix:
        for post in (LOCKS, PYTHON, MXFP8):
            ix.add(post)
        ix.commit()
        yield ix


def test_a_new_index_counts_the_posts_added_from_memory(index):
    assert index.count() == 3
    assert len(index) == 3
    assert index.language == "english"


def test_a_hit_carries_every_field(index):
    results = index.search("locking")
    assert results.total == 1
    assert len(results) == 1
    hit = results[0]
    assert hit.rank == 1
    assert hit.score > 0
    assert hit.url == LOCKS.url
    assert hit.title == LOCKS.title
    assert hit.company == "Heroku"
    assert hit.author == "Richard Schneeman"
    assert hit.published == "2019-12-19"
    assert hit.type == "Incident"
    assert hit.topics == ("Concurrency", "PostgreSQL")
    assert hit.summary == LOCKS.summary
    assert hit.snippet == LOCKS.summary


def test_absent_fields_are_none(index):
    hit = index.search("MXFP8")[0]
    assert (hit.company, hit.author, hit.published, hit.type, hit.topics) == \
        (None, None, None, None, ())


def test_posts_can_be_given_as_keywords_and_dicts(tmp_path):
    with folio.Index(tmp_path / "kw", create=True) as ix:
        ix.add(url="https://example.com/a", title="Alpha kernels",
               summary="About alpha.", topics=["GPU"], published="2020-01-01")
        assert ix.add_many([{"url": "https://example.com/b", "title": "Beta",
                             "summary": "About beta kernels.",
                             "published": "2021-01-01"}, MXFP8]) == 2
        assert ix.count() == 3
        hits = ix.search("kernels", sort="oldest")
        assert [(h.url, h.topics) for h in hits] == \
            [("https://example.com/a", ("GPU",)), ("https://example.com/b", ())]


def test_adding_a_known_url_replaces_the_post(index):
    index.add(url=LOCKS.url, title="Waiting on UPDATE, revisited",
              summary="A shorter story about jobs piling up.")
    index.commit()
    assert index.count() == 3
    assert index.search("curious").total == 0
    assert index.search("revisited")[0].url == LOCKS.url


def test_deleting_by_url_removes_the_post(index):
    index.delete(PYTHON.url)
    index.commit()
    assert index.count() == 2
    assert index.search("free-threaded").total == 0
    with pytest.raises(folio.NotFoundError) as e:
        index.delete(PYTHON.url)
    assert e.value.status == 4


def test_a_post_without_a_title_is_invalid(index):
    with pytest.raises(folio.InvalidArgumentError):
        index.add(url="https://example.com/x", title=None, summary="s")


def test_a_malformed_date_is_invalid_and_explained(index):
    with pytest.raises(folio.InvalidArgumentError) as e:
        index.add(url="https://example.com/x", title="t", summary="s",
                  published="2026-13-45")
    assert "2026-13-45" in str(e.value)
    assert isinstance(e.value, ValueError)


def test_paging_with_limit_and_offset(tmp_path):
    with folio.Index(tmp_path / "pages", create=True) as ix:
        for i in range(5):
            ix.add(url="https://example.com/%d" % i, title="Kernel %d" % i,
                   summary="A kernel post.", published="2020-01-0%d" % (i + 1))
        everything = ix.search("kernel", sort="newest")
        page = ix.search("kernel", sort="newest", limit=2, offset=2)
        beyond = ix.search("kernel", offset=5)
    assert [h.title for h in everything] == ["Kernel 4", "Kernel 3", "Kernel 2",
                                             "Kernel 1", "Kernel 0"]
    assert (page.total, [(h.rank, h.title) for h in page]) == \
        (5, [(3, "Kernel 2"), (4, "Kernel 1")])
    assert (beyond.total, len(beyond)) == (5, 0)


def test_highlight_markers_and_snippet_length(index):
    hit = index.search("lock", highlight=("<b>", "</b>"))[0]
    assert "<b>lock</b>" in hit.snippet
    assert hit.title_marked == "The Curious Case of the Table-<b>Locking</b> UPDATE"
    assert index.search("lock")[0].title_marked == LOCKS.title
    short = index.search("lock", snippet_bytes=20)[0]
    assert len(short.snippet.encode()) < len(LOCKS.summary.encode())


def test_html_snippets_escape_the_text_and_not_the_markers(tmp_path):
    with folio.Index(tmp_path / "html", create=True) as ix:
        ix.add(url="https://example.com/xss", title="Escaping <script>",
               summary="Never write <script>alert(1)</script> & co: escape it.")
        html = ix.search("escape", highlight=("<b>", "</b>"), html=True)[0]
        plain = ix.search("escape", highlight=("<b>", "</b>"))[0]
    assert html.snippet == ("Never write &lt;script&gt;alert(1)&lt;/script&gt; "
                            "&amp; co: <b>escape</b> it.")
    assert plain.snippet == ("Never write <script>alert(1)</script> & co: "
                             "<b>escape</b> it.")
    assert html.title == "Escaping <script>"
    assert html.title_marked == "<b>Escaping</b> &lt;script&gt;"


def test_date_sorts(tmp_path):
    with folio.Index(tmp_path / "dates", create=True) as ix:
        for i, date in enumerate(["2020-01-01", "2024-06-30", "2022-03-15"]):
            ix.add(url="https://example.com/%d" % i, title="Kernel %d" % i,
                   summary="A kernel post.", published=date)
        newest = [h.published for h in ix.search("kernel", sort="newest")]
        oldest = [h.published for h in ix.search("kernel", sort="oldest")]
    assert newest == ["2024-06-30", "2022-03-15", "2020-01-01"]
    assert oldest == list(reversed(newest))


def test_bad_search_options_are_refused(index):
    with pytest.raises(ValueError):
        index.search("lock", sort="random")
    with pytest.raises(ValueError):
        index.search("lock", limit=-1)
    with pytest.raises(folio.InvalidArgumentError) as e:
        index.search("   ")
    assert "no words" in e.value.message
    # past size_t they wrapped: offset 2**64 + 5 was offset 5
    for big in ({"offset": 2 ** 64 + 5}, {"limit": 2 ** 64}):
        with pytest.raises(ValueError, match="between 0 and"):
            index.search("lock", **big)
    with pytest.raises(folio.InvalidArgumentError, match="no query given"):
        index.search(None)


def test_a_nul_in_a_string_is_refused_not_cut_there(index, tmp_path):
    # A C string ends at a NUL: the URL https://example.com/mxfp8\0x was
    # https://example.com/mxfp8, and replaced that post.
    with pytest.raises(ValueError, match="embedded null byte in the url"):
        index.add(url=MXFP8.url + "\0x", title="Other", summary="Other.")
    assert [h.title for h in index.search("mxfp8")] == [MXFP8.title]
    with pytest.raises(ValueError, match="null byte in the query"):
        index.search("lock\0 NOT lock")
    with pytest.raises(ValueError, match="null byte in the url"):
        index.similar(MXFP8.url + "\0x")
    with pytest.raises(ValueError, match="null byte in the path"):
        folio.Index(str(tmp_path / "index") + "\0x")


def test_topics_given_as_one_string_are_refused(index):
    # iterated, "Databases" was six topics of one letter
    with pytest.raises(TypeError, match="topics must be a list"):
        index.add(url="https://example.com/t", title="T", summary="S.",
                  topics="Databases")


def test_indexing_the_sample_corpus(tmp_path, corpus):
    with folio.Index(tmp_path / "corpus", create=True) as ix:
        report = ix.index_paths(corpus)
        assert (report.files, report.posts, report.added, report.skipped) == (1, 6, 6, 0)
        assert report.diagnostics == ()
        again = ix.index_paths(corpus)
        assert (again.added, again.updated, again.unchanged) == (0, 0, 6)
        assert ix.search("MXFP8").total == 2


def test_stats_gives_back_a_corpus_path_holding_a_newline(tmp_path, corpus):
    odd = tmp_path / "cor\npus"
    odd.mkdir()
    (odd / "page.md").write_text(open(os.path.join(corpus, "parallelism.md")).read())
    with folio.Index(tmp_path / "odd", create=True) as ix:
        ix.index_paths(str(odd), corpus)
        assert ix.stats().corpus == (str(odd), os.path.realpath(corpus))


def test_malformed_posts_are_reported_and_skipped(tmp_path):
    page = tmp_path / "page.jsonl"
    page.write_text('{"url": "https://example.com/ok", "title": "Fine", "summary": "A fine post."}\n'
                    '{"url": "https://example.com/bad", "title": "No summary"}\n')
    seen = []
    with folio.Index(tmp_path / "bad", create=True) as ix:
        report = ix.index_paths(str(page), on_diagnostic=seen.append)
        assert (report.posts, report.added, report.skipped) == (1, 1, 1)
        assert len(report.diagnostics) == 1
        d = report.diagnostics[0]
        assert (d.file, d.line) == (str(page), 2)
        assert str(d).startswith("%s:2: " % page)
        assert seen == list(report.diagnostics)
        assert ix.count() == 1


def test_an_indexed_post_made_malformed_is_kept_as_indexed(tmp_path):
    page = tmp_path / "page.jsonl"
    page.write_text('{"url": "https://example.com/ok", "title": "Fine", "summary": "A fine post."}\n')
    with folio.Index(tmp_path / "ix", create=True) as ix:
        ix.index_paths(str(page))
        page.write_text('{"url": "https://example.com/ok", "title": "Fine"}\n')
        report = ix.index_paths(str(page))
        assert (report.skipped, report.kept, report.kept_malformed) == (1, 0, 1)
        assert ix.count() == 1


def test_an_exception_in_the_diagnostic_callback_reaches_the_caller(tmp_path):
    page = tmp_path / "page.jsonl"
    page.write_text('{"url": "https://example.com/bad"}\n')

    def boom(diag):
        raise RuntimeError("stop at " + diag.file)

    with folio.Index(tmp_path / "cb", create=True) as ix:
        with pytest.raises(RuntimeError, match="stop at"):
            ix.index_paths(page, on_diagnostic=boom)


def test_indexing_a_missing_path_is_not_found(index, tmp_path):
    with pytest.raises(folio.NotFoundError):
        index.index_paths(tmp_path / "nowhere")


def test_opening_a_missing_index_is_not_found(tmp_path):
    with pytest.raises(folio.NotFoundError) as e:
        folio.Index(tmp_path / "none")
    assert "no index at" in e.value.message


def test_a_second_writer_is_locked_out(index):
    with pytest.raises(folio.LockedError):
        folio.Index(index.path, write=True)


def test_a_reader_cannot_write_and_sees_commits(index):
    with folio.Index(index.path) as reader:
        assert not reader.writable
        with pytest.raises(folio.InvalidArgumentError, match="read-only"):
            reader.add(MXFP8)
        with pytest.raises(folio.InvalidArgumentError, match="read-only"):
            reader.commit()
        assert reader.search("Alpha").total == 0
        index.add(url="https://example.com/alpha", title="Alpha", summary="Alpha post.")
        index.commit()
        assert reader.search("Alpha").total == 1


def test_a_new_index_in_another_language(tmp_path):
    with folio.Index(tmp_path / "fr", create=True, language="french") as ix:
        assert ix.language == "french"
    with pytest.raises(folio.InvalidArgumentError, match="klingon"):
        folio.Index(tmp_path / "kl", create=True, language="klingon")


def test_languages_are_those_an_index_takes(tmp_path):
    langs = folio.languages()
    assert (langs[0], "english" in langs, "french" in langs) == ("none", True, True)
    with pytest.raises(folio.InvalidArgumentError) as e:
        folio.Index(tmp_path / "kl", create=True, language="klingon")
    assert e.value.message.endswith("; the languages are " + ", ".join(langs))


def test_a_closed_index_refuses_calls_and_closes_once(index):
    index.close()
    assert index.closed
    index.close()
    with pytest.raises(folio.InvalidArgumentError, match="closed"):
        index.search("lock")


def test_results_are_plain_python_values(index):
    results = index.search("python")
    assert list(results) == [results[0]]
    with pytest.raises(Exception):
        results[0].title = "changed"
    assert "total=1" in repr(results)


def test_threads_search_while_one_writes(index):
    """Four readers, each with its own Index, search while the writer
    commits ten batches; every search succeeds and never goes back."""
    problems = []
    done = threading.Event()

    def reader():
        last = 0
        with folio.Index(index.path) as ix:
            while not done.is_set():
                try:
                    total = ix.search("gamma").total
                except folio.ModifiedError:
                    continue
                except Exception as e:  # reported below
                    problems.append(repr(e))
                    return
                if total < last or total % 5:
                    problems.append("saw %d after %d" % (total, last))
                last = total
            if ix.search("gamma").total != 50:
                problems.append("missed the last commit")

    threads = [threading.Thread(target=reader) for _ in range(4)]
    for t in threads:
        t.start()
    try:
        for batch in range(10):
            for i in range(5):
                index.add(url="https://example.com/g%d-%d" % (batch, i),
                          title="Gamma %d" % i, summary="A gamma post.")
            index.commit()
    finally:
        done.set()
        for t in threads:
            t.join(60)
    assert problems == []


def test_one_index_shared_by_threads(index):
    errors = []

    def work():
        try:
            for _ in range(50):
                assert index.search("lock").total == 1
        except Exception as e:
            errors.append(repr(e))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []


def test_help_shows_the_docstrings():
    text = pydoc.render_doc(folio, renderer=pydoc.plaintext)
    assert "FOLIO_LIBRARY" in text
    index_doc = pydoc.render_doc(folio.Index, renderer=pydoc.plaintext)
    for words in ("index_paths(", "topic pages (*.md)", "search(", "highlight",
                  "LockedError", "commit(", "similar(", "stats(", "check(",
                  "since, until", "match:", "strict:", "facets:", "explain:",
                  "suggest:", "rebuild:", "no_delete:", "threads:", "progress:",
                  "remotes:", "timeout:", "allow_partial:", "skipped_shards",
                  "UnavailableError"):
        assert words in index_doc
    assert "BM25" in pydoc.render_doc(folio.Hit, renderer=pydoc.plaintext)
    for cls, words in ((folio.Results, "suggestion:"), (folio.ExplainTerm, "wdf:"),
                       (folio.Progress, "phase:"), (folio.Stats, "generation:"),
                       (folio.IndexReport, "kept:"), (folio.CheckReport, "problems"),
                       (folio.SkippedShard, "HOST:PORT")):
        assert words in pydoc.render_doc(cls, renderer=pydoc.plaintext)


def test_library_version_matches_the_binding():
    assert folio.library_version().split(".")[0] == "0"


# ---------------------------------------------------------------------------
# The sample corpus (corpus/parallelism.md: six posts, one per company)
# ---------------------------------------------------------------------------

@pytest.fixture
def sample(tmp_path, corpus):
    """A writable index of the sample corpus."""
    with folio.Index(tmp_path / "sample", create=True) as ix:
        ix.index_paths(corpus)
        yield ix


NVIDIA_URL = ("https://yomu.fyi/post/accelerating-dropless-moe-training-in-jax-"
              "with-nvidia-transformer-engi.md")


def test_facets_count_every_match_by_company_type_topic_and_year(sample):
    results = sample.search("parallelism", facets=True, limit=1)
    assert (results.total, len(results)) == (6, 1)
    counts = {name: [(v.value, v.count) for v in values]
              for name, values in results.facets.items()}
    assert list(counts) == ["company", "type", "topic", "year"]
    assert counts["company"] == [("Ebay", 1), ("Heroku", 1), ("Meta", 1),
                                 ("Modal", 1), ("NVIDIA", 1), ("Red Hat", 1)]
    assert counts["type"] == [("Explainer", 2), ("Announcement", 1),
                              ("Incident / postmortem", 1),
                              ("Problem & solution", 1), ("Tutorial", 1)]
    assert counts["topic"] == [("Parallelism", 6)]
    assert counts["year"] == [("2026", 4), ("2019", 1), ("2025", 1)]
    assert sample.search("parallelism").facets == {}


def test_an_exhaustive_search_counts_every_match_exactly(tmp_path):
    # 1500 posts: a third say alpha, a third beta, a third both. Past
    # 1000 matches the total of "alpha OR beta" is Xapian's estimate,
    # which takes the two words as independent.
    lines = tmp_path / "ab.jsonl"
    words = ["alpha", "beta", "alpha beta"]
    lines.write_text("".join(
        '{"url": "https://example.com/%d", "title": "Post %d", "summary": "%s."}\n'
        % (i, i, words[i % 3]) for i in range(1500)))
    with folio.Index(tmp_path / "ab", create=True) as ix:
        ix.index_paths(lines)
        estimate = ix.search("alpha OR beta")
        assert (estimate.total, estimate.total_exact) == (1300, False)
        counted = ix.search("alpha OR beta", exhaustive=True)
        assert (counted.total, counted.total_exact) == (1500, True)


def test_a_misspelt_word_gets_a_suggestion_unless_turned_off(sample):
    results = sample.search("parallelsim")
    assert (results.total, results.suggestion) == (0, "parallelism")
    assert sample.search("parallelsim", suggest=False).suggestion is None
    assert sample.search("parallelism").suggestion is None


def test_a_lenient_query_reports_what_it_skipped(sample):
    results = sample.search('"free threaded')
    assert results.notices == (folio.Notice(
        1, "the quote is never closed: searched the words after it as free text"),)
    assert [h.company for h in results] == ["Red Hat"]
    assert sample.search("free threaded").notices == ()


def test_a_strict_query_raises_with_the_position(sample):
    with pytest.raises(folio.QueryError) as e:
        sample.search('GIL AND "free threaded', strict=True)
    assert (e.value.status, e.value.position, e.value.message) == \
        (8, 9, "query position 9: the quote is never closed")


def test_an_invalid_date_in_the_query_is_a_query_error_in_both_modes(sample):
    for strict in (False, True):
        with pytest.raises(folio.QueryError) as e:
            sample.search("published:2026-02-30", strict=strict)
        assert e.value.position == 11
        assert "day 30 is not in 2026-02" in e.value.message


def test_explain_gives_the_parts_of_each_score(sample):
    results = sample.search("parallelism", explain=True, limit=3)
    top = results[0]
    assert top.company == "Modal"
    assert [(t.term, t.how, t.field, t.wdf, t.doc_freq, t.query_weight)
            for t in top.explain] == [("parallel", "stem", "text", 3, 6, 1.0),
                                      ("parallelism", "exact", "text", 1, 6, 1.0)]
    for hit in results:
        assert math.isclose(sum(t.weight for t in hit.explain), hit.score,
                            rel_tol=1e-9)
        assert all(t.length_norm > 0 for t in hit.explain)
    assert sample.search("parallelism")[0].explain == ()


def test_since_and_until_limit_by_date(sample):
    assert sample.search("parallelism", since="2026").total == 4
    assert [h.company for h in sample.search("parallelism", until="2019")] == ["Heroku"]
    assert [h.published for h in
            sample.search("parallelism", since="2025-01", until="2025-06",
                          sort="oldest")] == ["2025-01-17"]
    with pytest.raises(folio.InvalidArgumentError, match="since"):
        sample.search("parallelism", since="2026-13")


def test_match_decides_how_free_words_join(sample):
    totals = {m: (sample.search("MXFP8 Heroku", match=m).total,
                  sample.search("MXFP8 Heroku GIL", match=m).total)
              for m in ("auto", "all", "any")}
    # auto: two words must both match; three or more rank by any of them.
    assert totals == {"auto": (0, 4), "all": (0, 0), "any": (3, 4)}
    with pytest.raises(ValueError, match="match"):
        sample.search("MXFP8", match="some")


def test_similar_finds_the_posts_most_like_one_post(sample):
    results = sample.similar(NVIDIA_URL)
    assert (results.query, results.total) == (NVIDIA_URL, 5)
    assert NVIDIA_URL not in [h.url for h in results]
    assert [h.company for h in results][:2] == ["Meta", "Ebay"]
    page = sample.similar(NVIDIA_URL, limit=1, since="2026", facets=True, explain=True)
    assert (page.total, len(page), page[0].company) == (3, 1, "Meta")
    assert sum(v.count for v in page.facets["year"]) == 3
    assert math.isclose(sum(t.weight for t in page[0].explain), page[0].score)
    counted = sample.similar(NVIDIA_URL, limit=1, exhaustive=True)
    assert (counted.total, counted.total_exact) == (5, True)
    with pytest.raises(folio.NotFoundError):
        sample.similar("https://example.com/not-indexed")


def test_stats_describe_the_index(sample, corpus):
    st = sample.stats()
    # Creating the index made an empty gen-1; the first build is gen-2.
    assert (st.documents, st.generation, st.language, st.corpus, st.shards,
            st.format, st.analyzer, st.analyzer_latest) == (
                6, 2, "english", (corpus,), 1, "5", 7, 7)
    assert st.terms > 100 and st.disk_bytes > 0
    assert st.built is not None and st.built.endswith("Z")
    assert st.updated == st.built


def test_stats_of_an_index_built_from_memory_know_no_corpus(index):
    st = index.stats()
    assert (st.documents, st.corpus, st.built) == (3, (), None)


def test_check_finds_a_sound_index_sound(sample):
    for isolate in (False, True):
        report = sample.check(isolate=isolate)
        assert (report.problems, report.message, report.each_problem,
                report.sound, bool(report)) == (0, "", (), True, True)


def test_check_takes_a_time_limit_only_isolated(sample):
    assert sample.check(isolate=True, time_limit=60).sound
    with pytest.raises(folio.Error) as e:
        sample.check(time_limit=60)
    assert str(e.value).endswith("folio_check_options.timeout_ms needs "
                                 "FOLIO_CHECK_ISOLATE (a checker in the "
                                 "calling process cannot be stopped)")


@pytest.mark.parametrize("isolate", [False, True])
def test_check_reports_a_damaged_table(sample, tmp_path, isolate):
    generation = sample.stats().generation
    sample.close()
    damaged = tmp_path / "damaged"
    shutil.copytree(sample.path, damaged)
    table = damaged / ("gen-%d" % generation) / "termlist.glass"
    with open(table, "r+b") as f:
        f.seek(100)
        f.write(bytes(range(256)) * 8)
    with folio.Index(damaged) as ix:
        report = ix.check(isolate=isolate)
    assert report.problems > 0 and not report
    # The finding names the table's file; which check of the block trips
    # first depends on the bytes that were there (the index's terms). A
    # check in a child process finds the same.
    assert report.problems == 1
    assert report.message.startswith("%s: DatabaseError: Block 0" % table)
    # each problem, the one here: the first without its rebuild
    assert len(report.each_problem) == 1
    assert report.message.startswith(
        report.each_problem[0] + "; rebuild it with: folio index --rebuild "
        "--db %s " % damaged)


def test_index_paths_reports_progress_from_the_calling_thread(tmp_path, corpus):
    seen = []
    caller = threading.get_ident()

    def progress(p):
        seen.append((p.phase, p.done, p.total, threading.get_ident() == caller))

    with folio.Index(tmp_path / "p", create=True) as ix:
        report = ix.index_paths(corpus, progress=progress, threads=2)
    assert report.rebuilt
    assert seen == [("reading", 1, 0, True), ("indexing", 6, 6, True),
                    ("merging", 0, 6, True), ("merging", 6, 6, True),
                    ("switching", 6, 6, True)]


def test_progress_counts_posts_while_indexing(tmp_path):
    lines = tmp_path / "many.jsonl"
    lines.write_text("".join(
        '{"url": "https://example.com/%d", "title": "Post %d", "summary": "Text %d."}\n'
        % (i, i, i) for i in range(2500)))
    with folio.Index(tmp_path / "many", create=True) as ix:
        ix.index_paths(lines)
        lines.write_text(lines.read_text().replace("Text", "Words"))
        seen = []
        report = ix.index_paths(lines, progress=seen.append)
    assert (report.updated, report.rebuilt) == (2500, False)
    assert [(p.phase, p.done, p.total) for p in seen] == \
        [("reading", 1, 0), ("indexing", 1000, 2500), ("indexing", 2000, 2500),
         ("indexing", 2500, 2500)]


def test_an_exception_in_the_progress_callback_reaches_the_caller(tmp_path, corpus):
    calls = []

    def boom(p):
        calls.append(p.phase)
        raise KeyboardInterrupt

    with folio.Index(tmp_path / "boom", create=True) as ix:
        with pytest.raises(KeyboardInterrupt):
            ix.index_paths(corpus, progress=boom)
        assert calls == ["reading"]
        assert ix.count() == 6


def _alpha_and_bravo(tmp_path):
    """An Index of 3000 posts saying alpha, and 8000 saying bravo (the
    same URLs and 5000 more) in bravo.jsonl to rebuild it from."""
    def posts(n, word):
        return "".join('{"url": "https://example.com/%d", "title": "Post %d", '
                       '"summary": "About %s."}\n' % (i, i, word)
                       for i in range(n))
    (tmp_path / "alpha.jsonl").write_text(posts(3000, "alpha"))
    (tmp_path / "bravo.jsonl").write_text(posts(8000, "bravo"))
    ix = folio.Index(tmp_path / "ab", create=True)
    ix.index_paths(tmp_path / "alpha.jsonl")
    return ix, tmp_path / "bravo.jsonl"


def _as_before(ix, tmp_path):
    assert [n for n in os.listdir(tmp_path / "ab") if n.startswith("build-")] == []
    assert (ix.count(), ix.search("alpha").total, ix.search("bravo").total) == \
        (3000, 3000, 0)


def test_interrupt_stops_a_rebuild_from_the_progress_callback(tmp_path):
    ix, bravo = _alpha_and_bravo(tmp_path)

    def stop(p):
        if p.phase == "indexing":
            ix.interrupt()

    ix.interrupt()  # nothing runs: no effect
    with pytest.raises(folio.IndexingInterruptedError) as e:
        ix.index_paths(bravo, rebuild=True, threads=2, progress=stop)
    assert e.value.status == 13
    assert e.value.message == ("interrupted: %s is as it was before this run"
                               % (tmp_path / "ab"))
    _as_before(ix, tmp_path)
    report = ix.index_paths(bravo, rebuild=True)
    assert (report.rebuilt, report.updated, report.added) == (True, 3000, 5000)
    ix.close()


def test_ctrl_c_stops_a_rebuild_cleanly(tmp_path):
    """SIGINT, sent by another thread once the build directory exists,
    with no progress callback given: KeyboardInterrupt, and the index as
    it was."""
    ix, bravo = _alpha_and_bravo(tmp_path)

    def ctrl_c():
        for _ in range(6000):
            if any(n.startswith("build-") for n in os.listdir(tmp_path / "ab")):
                os.kill(os.getpid(), signal.SIGINT)
                return
            time.sleep(0.01)

    sender = threading.Thread(target=ctrl_c)
    sender.start()
    with pytest.raises(KeyboardInterrupt):
        ix.index_paths(bravo, rebuild=True, threads=2)
    sender.join()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    _as_before(ix, tmp_path)
    ix.close()


def test_rebuild_switches_to_a_new_generation(sample, corpus):
    report = sample.index_paths(corpus, rebuild=True, threads=3)
    assert (report.rebuilt, report.unchanged, report.added) == (True, 6, 0)
    assert sample.stats().generation == 3
    again = sample.index_paths(corpus)
    assert (again.rebuilt, again.unchanged) == (False, 6)


def test_an_index_is_split_into_shards_with_the_same_results(sample, corpus):
    before = [(h.url, h.score) for h in sample.search("threads OR GPU OR training")]
    report = sample.index_paths(corpus, shards=3)
    assert (report.rebuilt, report.unchanged, sample.stats().shards) == (True, 6, 3)
    after = [(h.url, h.score) for h in sample.search("threads OR GPU OR training")]
    assert [u for u, _ in after] == [u for u, _ in before] and len(after) >= 3
    assert [s for _, s in after] == pytest.approx([s for _, s in before])
    # 0 keeps the layout: no rebuild
    again = sample.index_paths(corpus)
    assert (again.rebuilt, sample.stats().shards) == (False, 3)
    with pytest.raises(folio.InvalidArgumentError, match="300 shards is more than 256"):
        sample.index_paths(corpus, shards=300)
    for bad in (-1, 2 ** 32):
        with pytest.raises(ValueError, match="shards must be from 0 to 256"):
            sample.index_paths(corpus, shards=bad)
    with pytest.raises(ValueError, match="threads must be from 0 to 256"):
        sample.index_paths(corpus, threads=2 ** 40)
    with pytest.raises(TypeError, match="shards must be an int"):
        sample.index_paths(corpus, shards=2.0)


def test_posts_missing_from_the_corpus_are_removed_or_kept(sample, tmp_path):
    extra = tmp_path / "extra.jsonl"
    extra.write_text('{"url": "https://example.com/extra", "title": "Extra", '
                     '"summary": "One more post."}\n')
    kept = sample.index_paths(extra, no_delete=True)
    assert (kept.added, kept.removed, kept.kept) == (1, 0, 6)
    assert sample.count() == 7
    removed = sample.index_paths(extra)
    assert (removed.unchanged, removed.removed, removed.kept) == (1, 6, 0)
    assert sample.count() == 1


def test_bad_index_options_are_refused(sample, corpus):
    with pytest.raises(ValueError):
        sample.index_paths(corpus, threads=-1)


def test_the_structs_have_the_layout_a_c_compiler_gives_them(tmp_path):
    """Every ctypes struct against folio.h: size and each field's offset."""
    from folio import _native
    include = os.path.join(os.environ.get("FOLIO_SOURCE_DIR", os.path.join(
        os.path.dirname(folio.__file__), "..", "..", "..")), "include")
    lines = ['#include <folio.h>', '#include <stddef.h>', '#include <stdio.h>',
             'int main(void) {']
    expected = []
    for cname, cls in _native.STRUCTS.items():
        lines.append('printf("%%s %%zu\\n", "%s", sizeof(%s));' % (cname, cname))
        expected.append("%s %d" % (cname, ctypes.sizeof(cls)))
        for field, _ in cls._fields_:
            lines.append('printf("%%s.%%s %%zu\\n", "%s", "%s", offsetof(%s, %s));'
                         % (cname, field, cname, field))
            expected.append("%s.%s %d" % (cname, field, getattr(cls, field).offset))
    lines.append("return 0; }")
    src = tmp_path / "layout.c"
    src.write_text("\n".join(lines) + "\n")
    cc = shutil.which("cc") or shutil.which("gcc")
    assert cc, "a C compiler is needed to check the struct layouts"
    subprocess.run([cc, "-I", include, "-o", str(tmp_path / "layout"), str(src)],
                   check=True, timeout=60)
    out = subprocess.run([str(tmp_path / "layout")], capture_output=True, text=True,
                         check=True, timeout=60).stdout.split("\n")[:-1]
    assert out == expected
    # Every field of each C struct is mirrored: the last field ends the struct.
    assert len(out) == sum(1 + len(c._fields_) for c in _native.STRUCTS.values())
    assert (_native.OPEN_OPTIONS_VERSION, _native.INDEX_OPTIONS_VERSION,
            _native.SEARCH_OPTIONS_VERSION, _native.INDEX_REPORT_VERSION,
            _native.STATS_VERSION) == (2, 3, 2, 2, 3)


def test_every_function_of_folio_h_is_bound_or_left_out_on_purpose():
    from folio import _native
    with open(os.path.join(os.environ.get("FOLIO_SOURCE_DIR", os.path.join(
            os.path.dirname(folio.__file__), "..", "..", "..")),
            "include", "folio.h")) as f:
        names = set(re.findall(r"^FOLIO_EXTERN\b[^(;]*?\b(folio_\w+)\s*\(",
                               f.read(), re.M))
    assert "folio_db_open" in names
    assert sorted(names) == sorted(set(_native._PROTOTYPES) | set(_native.NOT_BOUND))
    assert not set(_native._PROTOTYPES) & set(_native.NOT_BOUND)


def run_fresh(code, **env):
    """Run code in a new interpreter that imports folio from this tree."""
    full_env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(folio.__file__)))
    full_env.update(env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                          env=full_env, capture_output=True, text=True, timeout=60)


def test_a_fresh_interpreter_finds_the_library_through_folio_library(tmp_path):
    code = """
        import sys, folio
        with folio.Index(sys.argv[1] if len(sys.argv) > 1 else %r, create=True) as ix:
            ix.add(url="https://example.com/x", title="Hello MXFP8", summary="Fresh.")
            print(ix.search("mxfp8")[0].title)
    """ % str(tmp_path / "fresh")
    proc = run_fresh(code, FOLIO_LIBRARY=os.environ["FOLIO_LIBRARY"])
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "Hello MXFP8\n", "")


def test_a_wrong_folio_library_is_explained(tmp_path):
    proc = run_fresh("""
        import folio
        try:
            folio.Index("/nonexistent")
        except folio.LibraryNotFound as e:
            print(e)
    """, FOLIO_LIBRARY=str(tmp_path / "libnothing.so"))
    assert proc.returncode == 0
    assert proc.stdout.startswith("cannot load libfolio (FOLIO_LIBRARY names")
    assert "libnothing.so" in proc.stdout


def test_importing_needs_no_library(tmp_path):
    proc = run_fresh("import folio; print(folio.Index.__doc__.split()[0])",
                     FOLIO_LIBRARY=str(tmp_path / "missing.so"))
    assert (proc.returncode, proc.stdout) == (0, "An\n")


# ---------------------------------------------------------------------------
# Remote shards: real xapian-tcpsrv servers on loopback ports picked at run
# time (as tests/cli/T140-remote.sh starts them)
# ---------------------------------------------------------------------------

LOCK_POSTS = [folio.Post(url="https://example.com/lock-%d" % i,
                         title="Lock story %d" % i,
                         summary="A row lock %s." % ("held for days " * (i % 3 + 1)))
              for i in range(6)]


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def generation(index_dir):
    """The live generation of an index: the database xapian-tcpsrv serves."""
    with open(os.path.join(index_dir, "XAPIANDB")) as f:
        return os.path.join(index_dir, f.read().split()[1])


def accepts(port, proc, seconds=30):
    """Wait until something accepts on port: True; False when proc exits
    first (the port was taken) or the time is up."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return True
        except OSError:
            if proc.poll() is not None:
                return False
            time.sleep(0.05)
    return False


@pytest.fixture
def serve(request, tmp_path):
    """serve(index_dir, port=None) -> "127.0.0.1:PORT": a new xapian-tcpsrv
    serving the index's live generation, accepting connections, in its
    own session (on SIGTERM it signals its whole process group), killed
    with its children when the test ends. serve.pids maps each address to
    the server's pid (its process group)."""
    tcpsrv = shutil.which("xapian-tcpsrv")
    assert tcpsrv, "xapian-tcpsrv (Debian's xapian-tools) is needed to test remote shards"
    servers = []

    def stop():
        for proc in servers:
            if proc.returncode is None:  # not reaped: its group is still its own
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait(60)

    request.addfinalizer(stop)

    def start(index_dir, port=None):
        log = tmp_path / "tcpsrv.log"
        for _ in range(1 if port else 5):  # another port if one was taken
            p = port or free_port()
            with open(log, "ab") as out:
                proc = subprocess.Popen(
                    [tcpsrv, "--interface", "127.0.0.1", "--port", str(p),
                     generation(index_dir)],
                    stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                    start_new_session=True)
            servers.append(proc)
            if accepts(p, proc):
                address = "127.0.0.1:%d" % p
                start.pids[address] = proc.pid
                return address
        pytest.fail("xapian-tcpsrv did not start: %s" % log.read_text())

    start.pids = {}
    return start


class Shards:
    """Six posts as one local index (whole) and as two, a and b, each
    served by xapian-tcpsrv (at address_a and address_b)."""


@pytest.fixture
def shards(tmp_path, serve):
    s = Shards()
    for name, posts in (("whole", LOCK_POSTS), ("a", LOCK_POSTS[::2]),
                        ("b", LOCK_POSTS[1::2])):
        path = str(tmp_path / name)
        with folio.Index(path, create=True) as ix:
            ix.add_many(posts)
        setattr(s, name, path)
    s.address_a = serve(s.a)
    s.address_b = serve(s.b)
    return s


def hits_of(results):
    return [(h.url, h.score, h.title, h.snippet) for h in results]


def test_remote_shards_alone_rank_as_one_local_index(shards):
    with folio.Index(shards.whole) as whole, \
            folio.Index(remotes=(shards.address_a, shards.address_b)) as front:
        assert front.path is None
        assert not front.writable
        assert repr(front) == "<folio.Index remotes=(%r, %r) read-only>" % (
            shards.address_a, shards.address_b)
        assert front.count() == 6
        assert front.stats().shards == 0
        local, remote = whole.search("lock"), front.search("lock")
        assert sorted(h.url for h in remote) == sorted(p.url for p in LOCK_POSTS)
        assert hits_of(remote) == hits_of(local)
        assert (remote.total, remote.skipped_shards) == (6, ())
        assert front.skipped_shards == ()
        assert hits_of(front.similar(LOCK_POSTS[0].url)) == \
            hits_of(whole.similar(LOCK_POSTS[0].url))


def test_a_local_index_and_a_remote_shard_rank_as_one(shards):
    with folio.Index(shards.whole) as whole, \
            folio.Index(shards.a, remotes=[shards.address_b.encode()],
                        timeout=2.5) as mixed:
        assert repr(mixed) == "<folio.Index %r remotes=(%r,) read-only>" % (
            shards.a, shards.address_b)
        assert mixed.count() == 6
        assert hits_of(mixed.search("held days", limit=3)) == \
            hits_of(whole.search("held days", limit=3))


def test_an_unreachable_shard_is_an_unavailable_error_naming_it(shards):
    dead = "127.0.0.1:%d" % free_port()
    with pytest.raises(folio.UnavailableError) as e:
        folio.Index(remotes=[shards.address_a, dead])
    assert e.value.status == 12
    # what to check where it is served; none of the CLI's options
    assert e.value.message == (
        "remote shard %s cannot be searched: NetworkError: Couldn't connect "
        "(context: remote:tcp(%s)) (Connection refused); check that "
        "xapian-tcpsrv serves it at that address" % (dead, dead))
    with pytest.raises(folio.UnavailableError, match="remote shard %s " % dead):
        folio.Index(shards.a, remotes=[dead])


def test_local_opens_the_local_index_alone_not_the_shards_its_remotes_file_lists(shards):
    dead = "127.0.0.1:%d" % free_port()
    with open(os.path.join(shards.a, "REMOTES"), "w") as f:
        f.write("%s\n%s\n" % (shards.address_b, dead))
    with pytest.raises(folio.UnavailableError, match="remote shard %s " % dead):
        folio.Index(shards.a)
    with folio.Index(shards.a, local=True) as ix:
        assert (ix.count(), ix.skipped_shards) == (3, ())
        report = ix.check()
        assert (report.problems, report.message) == (0, "")
    # as `folio check` says of a front end: its shards are checked where served
    front = os.path.join(os.path.dirname(shards.a), "front")
    os.mkdir(front)
    shutil.copy(os.path.join(shards.a, "REMOTES"), front)
    with folio.Index(front, local=True) as ix:
        assert ix.count() == 0
        with pytest.raises(folio.InvalidArgumentError,
                           match="holds remote shards alone"):
            ix.check()
    with pytest.raises(folio.InvalidArgumentError,
                       match="^local=True opens no remote shards: give no remotes$"):
        folio.Index(shards.a, local=True, remotes=[shards.address_b])
    with pytest.raises(folio.InvalidArgumentError,
                       match="^timeout applies to remote shards only, which "
                             "local=True does not open$"):
        folio.Index(shards.a, local=True, timeout=1)


def test_allow_partial_searches_the_rest_and_names_the_skipped_shard(shards):
    dead = "127.0.0.1:%d" % free_port()
    with folio.Index(shards.a) as alone, \
            folio.Index(remotes=[shards.address_a, dead], allow_partial=True,
                        timeout=0.5) as front:
        (skipped,) = front.skipped_shards  # as of the open
        assert isinstance(skipped, folio.SkippedShard)
        assert skipped.shard == dead
        assert skipped.reason.startswith("NetworkError: Couldn't connect")
        results = front.search("lock")
        assert results.skipped_shards == (skipped,)
        assert hits_of(results) == hits_of(alone.search("lock"))
        assert "skipped_shards=1" in repr(results)
    with pytest.raises(folio.UnavailableError,
                       match="the only remote shard cannot be searched; %s: " % dead):
        folio.Index(remotes=[dead], allow_partial=True)


def test_a_skipped_shard_is_searched_again_once_it_is_back(shards, serve):
    port = free_port()
    with folio.Index(shards.whole) as whole, \
            folio.Index(remotes=[shards.address_a, "127.0.0.1:%d" % port],
                        allow_partial=True, timeout=0.5) as front:
        first = front.search("lock")
        assert [s.shard for s in first.skipped_shards] == ["127.0.0.1:%d" % port]
        serve(shards.b, port=port)
        time.sleep(5.5)  # tried again 5 s (or three timeouts) after
        second = front.search("lock")
        assert (second.skipped_shards, front.skipped_shards) == ((), ())
        assert hits_of(second) == hits_of(whole.search("lock"))
        assert len(first.skipped_shards) == 1  # each Results keeps its own


def test_a_hung_shard_times_out_after_the_timeout(shards, serve):
    with folio.Index(remotes=[shards.address_a], timeout=0.3) as front:
        assert front.search("lock").total == 3
        group = serve.pids[shards.address_a]
        os.killpg(group, signal.SIGSTOP)
        try:
            start = time.monotonic()
            with pytest.raises(folio.UnavailableError) as e:
                front.search("lock")
            took = time.monotonic() - start
        finally:
            os.killpg(group, signal.SIGCONT)
        assert took < 8  # the default timeout is 10 s a reply
        assert e.value.message == (
            "remote shard %s cannot be searched: NetworkTimeoutError: "
            "Timeout expired while trying to read (context: remote:tcp(%s)); "
            "it did not answer within 300 ms: check that its xapian-tcpsrv "
            "is not stopped or overloaded" % (shards.address_a, shards.address_a))


def test_a_shard_in_another_language_is_refused_or_skipped(tmp_path, shards, serve):
    with folio.Index(tmp_path / "fr", create=True, language="french") as ix:
        ix.add(url="https://example.com/verrou", title="Un verrou",
               summary="Un verrou de ligne.")
    french = serve(str(tmp_path / "fr"))
    with pytest.raises(folio.InvalidArgumentError,
                       match='remote shard %s has stemming language "french"' % french):
        folio.Index(shards.a, remotes=[french])
    with folio.Index(shards.a, remotes=[french], allow_partial=True) as ix:
        (skipped,) = ix.skipped_shards
        assert skipped.shard == french
        assert 'stemming language "french"' in skipped.reason
        assert ix.search("lock").skipped_shards == (skipped,)


def test_timeout_and_allow_partial_without_a_remote_shard_are_refused(index, tmp_path):
    # as `folio search --timeout` is bad usage then: taken, they did nothing
    remotes = os.path.join(index.path, "REMOTES")
    for option in ({"timeout": 5}, {"allow_partial": True}):
        (name,) = option
        with pytest.raises(folio.InvalidArgumentError,
                           match="^%s applies to remote shards only, and neither "
                           "remotes nor %s names one$" % (name, re.escape(remotes))):
            folio.Index(index.path, **option)
        with pytest.raises(folio.InvalidArgumentError,
                           match="^%s applies to remote shards only, which are "
                           "searched, not written$" % name):
            folio.Index(tmp_path / "new", create=True, **option)
        assert not os.path.exists(tmp_path / "new")
    # a REMOTES file names shards as its parser reads it: comments name none
    with open(remotes, "w") as f:
        f.write("# none yet\n\n   # nor here\n")
    with pytest.raises(folio.InvalidArgumentError, match="^timeout applies"):
        folio.Index(index.path, timeout=5)
    dead = "127.0.0.1:%d" % free_port()
    with open(remotes, "a") as f:
        f.write(dead + "\n")
    with folio.Index(index.path, timeout=0.5, allow_partial=True) as ix:
        assert [s.shard for s in ix.skipped_shards] == [dead]
        assert ix.search("MXFP8").total == 1


def test_bad_remote_options_are_refused(shards):
    with pytest.raises(TypeError, match="needs a path, or remotes"):
        folio.Index()
    with pytest.raises(TypeError, match="needs a path, or remotes"):
        folio.Index(remotes=[])
    with pytest.raises(TypeError, match="not one string"):
        folio.Index(remotes=shards.address_a)
    with pytest.raises(TypeError, match="HOST:PORT"):
        folio.Index(remotes=[shards.address_a, None])
    with pytest.raises(folio.InvalidArgumentError, match='"localhost" is not HOST:PORT'):
        folio.Index(remotes=["localhost"])
    with pytest.raises(folio.InvalidArgumentError, match="read-only"):
        folio.Index(remotes=[shards.address_a], write=True)
    with pytest.raises(folio.InvalidArgumentError, match="searched, not written"):
        folio.Index(shards.a, remotes=[shards.address_a], write=True)
    for timeout in (0, -1, float("nan"), float("inf"), 2 ** 32):
        with pytest.raises(ValueError, match="timeout must be more than 0"):
            folio.Index(remotes=[shards.address_a], timeout=timeout)
    for timeout in ("5", True):
        with pytest.raises(TypeError, match="timeout must be a number of seconds"):
            folio.Index(remotes=[shards.address_a], timeout=timeout)
