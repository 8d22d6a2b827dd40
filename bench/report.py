#!/usr/bin/env python3
"""report.py: turn one bench/run's raw timings into bench/results/:
RESULTS.md (tables, ratios, targets), results.json (the same numbers) and
bench.png (latency percentiles and build throughput, drawn by gnuplot).

Every figure is the median over the runs of one bench/run; every ratio
folio/peer is computed within each run (the same minute, the same load)
and the median of those per-run ratios is reported.

usage: report.py RAW_DIR OUT_DIR
"""
import collections
import glob
import json
import os
import statistics
import subprocess
import sys

ORDER = ["folio", "xapian", "fts5", "clucene"]
NAMES = {"folio": "folio", "xapian": "Xapian TermGenerator+QueryParser",
         "fts5": "SQLite FTS5", "clucene": "CLucene"}
CLASSES = ["known-and", "known-or", "common", "rare", "phrase", "field", "date"]
CLASS_DOC = {
    "known-and": "known-item synopses, every word required",
    "known-or": "the same, any word (ranked OR)",
    "common": "one word in 5-20% of posts",
    "rare": "one word in 2-5 posts",
    "phrase": "a two-word phrase",
    "field": "a common word within one topic",
    "date": "a common word, newest first",
}


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def pct(sorted_xs, p):
    """Nearest-rank percentile."""
    if not sorted_xs:
        return None
    k = max(0, min(len(sorted_xs) - 1, int(-(-p * len(sorted_xs) // 100)) - 1))
    return sorted_xs[k]


def read_tsv(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def fmt(x, nd=1):
    if x is None:
        return "—"
    if abs(x) >= 100:
        return "%.0f" % x
    return ("%." + str(nd) + "f") % x


def fmt_ratio(x):
    return "—" if x is None else ("%.2f" % x if x < 10 else "%.0f" % x)


def main():
    raw, out = sys.argv[1], sys.argv[2]
    meta = dict(read_tsv(os.path.join(raw, "meta.tsv")))
    runs = int(meta["runs"])
    res = {"meta": meta}

    # ---- builds -----------------------------------------------------------
    builds = collections.defaultdict(dict)  # (kind, engine, scale, th) -> run -> row
    for kind, e, scale, th, run, wall, user, sys_, rss, size in read_tsv(
            os.path.join(raw, "build.tsv")):
        builds[(kind, e, scale, int(th))][int(run)] = {
            "wall": float(wall), "cpu": float(user) + float(sys_),
            "rss_mb": int(rss) / 1024, "size_mb": int(size) / 1e6}
    compact = {(e, s): int(b) / 1e6 for e, s, b in read_tsv(os.path.join(raw, "compact.tsv"))}
    posts = {"64k": int(meta["posts_64k"]), "1m": int(meta.get("posts_1m", 0))}
    mbytes = {"64k": int(meta["bytes_64k"]) / 1e6, "1m": int(meta.get("bytes_1m", 0)) / 1e6}

    def bstat(kind, e, scale, th, key):
        rows = builds.get((kind, e, scale, th), {})
        return med([r[key] for r in rows.values()])

    def brow(kind, e, scale, th):
        rows = builds.get((kind, e, scale, th))
        if not rows:
            return None
        wall = bstat(kind, e, scale, th, "wall")
        return {"wall_s": wall, "posts_s": posts[scale] / wall,
                "mb_s": mbytes[scale] / wall, "cpu_s": bstat(kind, e, scale, th, "cpu"),
                "rss_mb": bstat(kind, e, scale, th, "rss_mb"),
                "size_mb": bstat(kind, e, scale, th, "size_mb"),
                "compact_mb": compact.get((e, scale)) if kind == "build" else None,
                "runs": len(rows)}

    folio_threads = [int(t) for t in meta["folio_threads"].split()]
    engines = [e for e in ORDER if e in meta["engines"].split()]
    res["build"] = {}
    for scale in ("64k", "1m"):
        for e in engines:
            for th in (folio_threads if e == "folio" else [1]):
                r = brow("build", e, scale, th)
                if r:
                    res["build"]["%s/%s/%d" % (scale, e, th)] = r

    def build_ratio(scale, th, peer, key="wall"):
        """folio posts/s / peer posts/s, pair by pair within each run;
        key "cpu": posts per CPU second instead of per wall second."""
        f = builds.get(("build", "folio", scale, th), {})
        p = builds.get(("build", peer, scale, 1), {})
        return med([p[r][key] / f[r][key] for r in f if r in p])

    def scaling(scale, th, key="wall"):
        """Build efficiency with th threads: posts/s with th threads over th
        times posts/s with 1, pair by pair within each run (1 is perfect).
        key "cpu": CPU seconds with th threads over those with 1, the
        work the threads add (1 is none)."""
        one = builds.get(("build", "folio", scale, 1), {})
        many = builds.get(("build", "folio", scale, th), {})
        return med([one[r]["wall"] / (th * many[r]["wall"]) if key == "wall"
                    else many[r]["cpu"] / one[r]["cpu"] for r in many if r in one])

    for key, r in res["build"].items():
        scale, e, th = key.split("/")
        r["threads"] = int(th)
        if e != "folio":
            # RESULTS.md's last two columns: folio (with its most threads)
            # over this peer, per wall and per CPU second
            r["folio_ratio"] = build_ratio(scale, folio_threads[-1], e)
            r["folio_ratio_cpu"] = build_ratio(scale, folio_threads[-1], e, "cpu")
    res["resync"] = {}
    for th in folio_threads:
        rs, fb = brow("resync", "folio", "64k", th), brow("build", "folio", "64k", th)
        if rs and fb:
            rs["threads"] = th
            rs["of_build"] = rs["wall_s"] / fb["wall_s"]
            res["resync"]["64k/folio/%d" % th] = rs

    # ---- analyzers ----------------------------------------------------------
    tok = collections.defaultdict(list)
    for run, e, _, name, value in read_tsv(os.path.join(raw, "tok.tsv")):
        tok[(e, name)].append(float(value))
    # folio_analyze and xapian_bench tokenize time passes over the posts in
    # memory by the thread's CPU time: *_mb_s is the steady state (median of
    # the passes after the first), *_cold_mb_s the first pass (folio's stem
    # cache starts empty there). Older runs reported one cold pass by wall
    # time under the plain name; they have no cold figure.
    res["analyzer_mb_s"] = {"folio": med(tok[("folio", "analyzer_mb_s")]),
                            "xapian": med(tok[("xapian", "tokenizer_mb_s")])}
    res["analyzer_cold_mb_s"] = {
        "folio": med(tok[("folio", "analyzer_cold_mb_s")]),
        "xapian": med(tok[("xapian", "tokenizer_cold_mb_s")])}

    # ---- in-process latency -------------------------------------------------
    lat = {}  # (scale, engine, run, class) -> sorted ms
    for path in glob.glob(os.path.join(raw, "q", "*.txt")):
        scale, e, run, _ = os.path.basename(path).split(".")
        per = collections.defaultdict(list)
        for row in read_tsv(path):
            if row[0] == "q":
                per[row[1]].append(float(row[2]) / 1000)
        for c, xs in per.items():
            lat[(scale, e, int(run), c)] = sorted(xs)

    def lstat(scale, e, c, p):
        return med([pct(lat[k], p) for k in lat if k[:2] == (scale, e) and k[3] == c])

    def lratio(scale, e, c, p, of="folio"):
        """of/e at percentile p, pair by pair within each run."""
        return med([pct(lat[(scale, of, r, c)], p) / pct(lat[(scale, e, r, c)], p)
                    for r in range(1, runs + 1)
                    if (scale, of, r, c) in lat and (scale, e, r, c) in lat])

    res["latency_ms"] = {}
    for (scale, e, run, c) in lat:
        key = "%s/%s/%s" % (scale, e, c)
        res["latency_ms"][key] = {"p50": lstat(scale, e, c, 50), "p95": lstat(scale, e, c, 95),
                                  "p99": lstat(scale, e, c, 99),
                                  "n": len(lat[(scale, e, run, c)])}
        if e != "folio":
            res["latency_ms"][key]["folio_ratio_p50"] = lratio(scale, e, c, 50)
            res["latency_ms"][key]["folio_ratio_p99"] = lratio(scale, e, c, 99)

    # ---- whole process ------------------------------------------------------
    proc = collections.defaultdict(lambda: collections.defaultdict(list))
    for n, cls in read_tsv(os.path.join(raw, "proc-index.tsv")):
        with open(os.path.join(raw, "proc-%s.json" % n)) as f:
            results = json.load(f)["results"]
        by = {}
        for r in results:
            cmd = r["command"]
            e = "folio" if "folio search" in cmd else "xapian" if cmd.startswith("quest") \
                else "fts5" if cmd.startswith("sqlite3") else None
            by[e] = r["median"] * 1000
        for e, ms in by.items():
            proc[cls][e].append(ms)
            if "folio" in by:
                proc[cls]["ratio/" + e].append(by["folio"] / ms)
    res["process_ms"] = {c: {k: med(v) for k, v in d.items()} for c, d in proc.items()}

    # ---- load ----------------------------------------------------------------
    loads = [float(x[1]) for x in read_tsv(os.path.join(raw, "load.tsv"))]
    res["load"] = {"min": min(loads), "median": med(loads), "max": max(loads)} if loads else {}

    res["build_scaling"] = {"64k/%d" % th: {"efficiency": scaling("64k", th),
                                            "cpu_ratio": scaling("64k", th, "cpu")}
                            for th in folio_threads if th > 1}
    write_markdown(res, meta, out, engines, folio_threads, brow, build_ratio,
                   scaling, lstat, lratio, lat, compact)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
    write_chart(out, engines, folio_threads, brow, lstat, lat)


def write_markdown(res, meta, out, engines, folio_threads, brow, build_ratio,
                   scaling, lstat, lratio, lat, compact):
    L = []
    w = L.append
    fcls = meta["folio_classes"].split(",")
    w("# folio side by side with its peers")
    w("")
    # --quick makes one run: a median of one is not a median.
    if int(meta["runs"]) == 1:
        how = ("Every figure is from a single run (a smoke test: not to be quoted); "
               "every ratio folio/peer is computed within it, pair by pair.")
    else:
        how = ("Every figure is the median of %s runs; every ratio folio/peer is "
               "computed within each run, pair by pair, and its median reported."
               % meta["runs"])
    w("Written by `bench/run` (%s, commit %s). Machine: %s, %s cores, %s GiB, "
      "shared with other engineers: load average during the run min %s, median %s, "
      "max %s. %s" % (
          meta["date"], meta["commit"], meta["cpu"], meta["cores"], meta["mem_gib"],
          fmt(res["load"].get("min")), fmt(res["load"].get("median")),
          fmt(res["load"].get("max")), how))
    w("")
    w("Peers, all from Debian 12 packages: Xapian %s used through its own "
      "TermGenerator and QueryParser (`bench/xapian_bench.cc`), SQLite %s FTS5 "
      "with `porter unicode61 remove_diacritics 2` and bm25 (`bench/fts5_bench.c`), "
      "CLucene %s with its StandardAnalyzer (`bench/clucene_bench.cc`)." % (
          meta["xapian"], meta["sqlite"], meta["clucene"]))
    w("")
    w("Corpora: 64k = the %s distinct posts of `debian-posts.jsonl.gz` (%.1f MB of "
      "post text); each post was given a synthetic `published` date from a hash of "
      "its URL, so that date sorts have something to sort." % (
          meta["posts_64k"], int(meta["bytes_64k"]) / 1e6))
    if "posts_1m" in meta:
        w("1M = the same posts repeated 16 times (%s posts, %.0f MB), copy k > 1 "
          "with the URL suffix `#k`; built once per engine (%s)." % (
              meta["posts_1m"], int(meta["bytes_1m"]) / 1e6, meta["engines_1m"]))
    w("folio reads the JSON Lines file (parsing included in its time); the "
      "peers read the same posts as TSV. MB/s counts post text (the TSV size).")
    w("")

    # Targets first: what a reader wants to know.
    w("## Targets")
    w("")
    w("The last column holds the Xapian baseline (TermGenerator + QueryParser) "
      "to the same target in the same run: where Xapian's own indexing and query "
      "path misses a target, folio, which stores and ranks with Xapian, cannot "
      "meet it by its own code alone.")
    w("")
    w("| target | measured | met | Xapian baseline, same run |")
    w("|---|---|---|---|")

    res["targets"] = []

    def target(name, value, ok, xapian="—"):
        w("| %s | %s | %s | %s |" % (name, value, "—" if ok is None else ("yes" if ok else "**no**"),
                                     xapian))
        res["targets"].append({"target": name, "measured": value, "met": ok, "xapian": xapian})

    def verdict(ok):
        return "" if ok is None else " (meets it)" if ok else " (misses it)"

    th = folio_threads[-1]
    r = build_ratio("64k", th, "xapian")
    rc = build_ratio("64k", th, "xapian", "cpu")
    target("full build >= 3x Xapian TermGenerator baseline (%d thread%s)" % (th, "s" if th > 1 else ""),
           "%sx wall, %sx per CPU second" % (fmt_ratio(r), fmt_ratio(rc)),
           None if r is None else r >= 3)
    for t in folio_threads[1:] or [2]:
        e, ec = scaling("64k", t), scaling("64k", t, "cpu")
        target("build scaling from 1 to %d threads >= 85%% efficient" % t,
               "not measured: one thread only" if e is None else
               "%.1f%% (posts/s with %d threads / %d x posts/s with 1; CPU s %sx the "
               "1-thread build's)" % (100 * e, t, t, fmt_ratio(ec)),
               None if e is None else e >= 0.85)
    a = res["analyzer_mb_s"]["folio"]
    ac = res["analyzer_cold_mb_s"]["folio"]
    xa = res["analyzer_mb_s"]["xapian"]
    target("analyzer >= 150 MB/s (steady state, CPU time)",
           "%s MB/s (first pass, stem cache empty: %s MB/s)" % (fmt(a), fmt(ac)),
           None if a is None else a >= 150,
           "TermGenerator %s MB/s%s" % (fmt(xa), verdict(None if xa is None else xa >= 150)))
    for c in CLASSES:
        if c not in fcls:
            continue
        peers = [e for e in engines if e != "folio" and lstat("64k", e, c, 50) is not None]
        if not peers:
            continue
        best50 = min(peers, key=lambda e: lstat("64k", e, c, 50))
        best99 = min(peers, key=lambda e: lstat("64k", e, c, 99))
        r50, r99 = lratio("64k", best50, c, 50), lratio("64k", best99, c, 99)
        # Xapian against the best of the others.
        others = [e for e in peers if e != "xapian"]
        xcell = "—"
        if "xapian" in peers and others:
            o50 = min(others, key=lambda e: lstat("64k", e, c, 50))
            o99 = min(others, key=lambda e: lstat("64k", e, c, 99))
            x50 = lratio("64k", o50, c, 50, of="xapian")
            x99 = lratio("64k", o99, c, 99, of="xapian")
            xcell = "p50 %sx %s, p99 %sx %s%s" % (
                fmt_ratio(x50), o50, fmt_ratio(x99), o99,
                verdict(None if x50 is None or x99 is None else x50 <= 1 and x99 <= 1))
        target("%s: p50 and p99 <= best peer's" % c,
               "p50 %sx %s, p99 %sx %s" % (fmt_ratio(r50), best50, fmt_ratio(r99), best99),
               None if r50 is None or r99 is None else r50 <= 1 and r99 <= 1, xcell)
    if "known-or" in fcls:
        r = lratio("64k", "fts5", "known-or", 50)
        xr = lratio("64k", "fts5", "known-or", 50, of="xapian")
        target(">= 30x faster than FTS5 on multi-word OR (p50)",
               "%sx" % fmt_ratio(None if not r else 1 / r), None if not r else 1 / r >= 30,
               "—" if not xr else "%sx%s" % (fmt_ratio(1 / xr), verdict(1 / xr >= 30)))
    else:
        target(">= 30x faster than FTS5 on multi-word OR",
               "not measured: folio has no OR yet", None)
    p = lstat("1m", "folio", "common", 50), lstat("1m", "folio", "common", 99)
    xp = lstat("1m", "xapian", "common", 50), lstat("1m", "xapian", "common", 99)
    target("common single term on 1M posts < 10 ms",
           "p50 %s ms, p99 %s ms" % (fmt(p[0], 2), fmt(p[1], 2)) if p[0] is not None else "not run",
           None if p[0] is None else p[1] < 10,
           "p50 %s ms, p99 %s ms%s" % (fmt(xp[0], 2), fmt(xp[1], 2), verdict(xp[1] < 10))
           if xp[0] is not None else "not built at 1M (`--1m-engines`)" if "posts_1m" in meta
           else "not run")
    for c, d in sorted(res["process_ms"].items()):
        r = d.get("ratio/xapian")
        if r is None and c == "date":
            # bench/run: quest cannot sort by date
            target("whole `folio search` process no slower than `quest` (%s)" % c,
                   "not compared: quest cannot sort by date (folio/sqlite3 %sx)"
                   % fmt_ratio(d.get("ratio/fts5")), None)
            continue
        target("whole `folio search` process no slower than `quest` (%s)" % c,
               "%sx" % fmt_ratio(r), None if r is None else r <= 1)
    fc, sc = compact.get(("folio", "64k")), compact.get(("fts5", "64k"))
    xc = compact.get(("xapian", "64k"))
    target("index size <= 1.5x FTS5's after compaction",
           "%sx (%s MB vs %s MB)" % (fmt_ratio(fc / sc), fmt(fc), fmt(sc)) if fc and sc else "—",
           None if not (fc and sc) else fc / sc <= 1.5,
           "%sx (%s MB)%s" % (fmt_ratio(xc / sc), fmt(xc), verdict(xc / sc <= 1.5))
           if xc and sc else "—")
    b1 = brow("build", "folio", "1m", folio_threads[-1])
    x1 = brow("build", "xapian", "1m", 1)
    target("peak RSS of a 1M-post build < 300 MB",
           "%s MB" % fmt(b1["rss_mb"]) if b1 else "not run",
           None if not b1 else b1["rss_mb"] < 300,
           "%s MB%s" % (fmt(x1["rss_mb"]), verdict(x1["rss_mb"] < 300)) if x1 else "—")
    # Each re-sync against the build with as many threads; the worse
    # counts (a faster parallel build leaves a re-sync less room).
    resyncs = []
    for t in folio_threads:
        rs, fb = brow("resync", "folio", "64k", t), brow("build", "folio", "64k", t)
        if rs and fb:
            resyncs.append((rs["wall_s"] / fb["wall_s"], t, rs, fb))
    worst = max(resyncs, key=lambda r: r[0]) if resyncs else None
    target("unchanged re-sync of 64k posts <= 5% of a full build",
           "%.1f%% with %d thread%s (%s s vs %s s)" % (
               100 * worst[0], worst[1], "s" if worst[1] > 1 else "",
               fmt(worst[2]["wall_s"], 2), fmt(worst[3]["wall_s"])) if worst else "—",
           None if not worst else worst[0] <= 0.05)
    w("")

    # Builds.
    w("## Building the index")
    w("")
    w("| corpus | engine | threads | wall s | posts/s | MB/s | CPU s | peak RSS MB | "
      "index MB | compacted MB | folio/peer posts/s | folio/peer posts/CPU-s |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for scale in ("64k", "1m"):
        for e in engines:
            for t in (folio_threads if e == "folio" else [1]):
                b = brow("build", e, scale, t)
                if not b:
                    continue
                ratio = "" if e == "folio" else fmt_ratio(build_ratio(scale, folio_threads[-1], e))
                cratio = "" if e == "folio" else fmt_ratio(build_ratio(scale, folio_threads[-1], e, "cpu"))
                w("| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                    scale, NAMES[e], t, fmt(b["wall_s"], 2), fmt(b["posts_s"]),
                    fmt(b["mb_s"], 2), fmt(b["cpu_s"], 2), fmt(b["rss_mb"]), fmt(b["size_mb"]),
                    fmt(b["compact_mb"]), ratio, cratio))
    w("")
    for t in folio_threads:
        rs, fb = brow("resync", "folio", "64k", t), brow("build", "folio", "64k", t)
        if rs and fb:
            w("Re-sync of the unchanged 64k corpus (`folio index` again, %d thread%s): "
              "%s s wall, %s s CPU, %.1f%% of the full build." % (
                  t, "s" if t > 1 else "", fmt(rs["wall_s"], 2), fmt(rs["cpu_s"], 2),
                  100 * rs["wall_s"] / fb["wall_s"]))
    if len(folio_threads) == 1:
        w("`folio index --help` lists no `--threads` option in this folio: one thread "
          "only (the 2-thread row appears once the parallel build lands).")
    w("")
    w("Text analysis alone, title and summary of every 64k post, by the thread's "
      "CPU time (`folio_analyze`, `xapian_bench tokenize`): folio's analyzer "
      "%s MB/s in steady state (the median of the passes after the first; a 1M-post "
      "build is nearly all steady state) and %s MB/s on the first pass, where its "
      "stem cache starts empty and every distinct word goes to libstemmer once; "
      "Xapian's TermGenerator (into a Document, no database, no cache) %s MB/s "
      "(first pass %s MB/s)." % (
          fmt(res["analyzer_mb_s"]["folio"]), fmt(res["analyzer_cold_mb_s"]["folio"]),
          fmt(res["analyzer_mb_s"]["xapian"]), fmt(res["analyzer_cold_mb_s"]["xapian"])))
    w("")

    # Latency.
    for scale in ("64k", "1m"):
        have = [c for c in CLASSES if any(k[0] == scale and k[3] == c for k in lat)]
        if not have:
            continue
        w("## Query latency in-process, %s posts (ms)" % scale)
        w("")
        w("First 10 hits with their stored fields (folio: plus snippets), each query "
          "run once untimed, then %s timed passes per run%s. On a shared 2-core "
          "machine p99 includes preemption by other processes (a scheduler tick "
          "is 4 ms): read p99 ratios, not p99 alone." % (
              meta["reps"] if scale == "64k" else 1,
              "" if scale == "64k" else " (1M: 20 queries per class, so p95/p99 "
              "are the slowest queries; known-or left out: FTS5 needs seconds per query)"))
        w("")
        w("| class | engine | p50 | p95 | p99 | folio/peer p50 | folio/peer p99 |")
        w("|---|---|---|---|---|---|---|")
        for c in have:
            for e in engines:
                if lstat(scale, e, c, 50) is None:
                    if e == "folio":
                        w("| %s | folio | skipped: folio cannot express this class yet | | | | |" % c)
                    continue
                w("| %s | %s | %s | %s | %s | %s | %s |" % (
                    c, NAMES[e], fmt(lstat(scale, e, c, 50), 2), fmt(lstat(scale, e, c, 95), 2),
                    fmt(lstat(scale, e, c, 99), 2),
                    "" if e == "folio" else fmt_ratio(lratio(scale, e, c, 50)),
                    "" if e == "folio" else fmt_ratio(lratio(scale, e, c, 99))))
        w("")
    w("Query classes (`bench/prepare.py`, fixed seed): " + "; ".join(
        "**%s**: %s" % (c, CLASS_DOC[c]) for c in CLASSES) + ". Words are cut "
      "out of the query text and lower-cased for every engine, so no engine sees "
      "operators or syntax errors. folio classes run here: %s; the others wait for "
      "folio's query language (OR, phrases, field filters) and are switched on by "
      "`bench/run` as soon as `folio search --help` documents them." % ", ".join(fcls))
    w("")

    # Whole process.
    if res["process_ms"]:
        w("## Whole process: `folio search` vs `quest` vs `sqlite3` (ms, 64k posts)")
        w("")
        w("One process per search, as a terminal user runs it: open the index, "
          "search, print 10 hits (hyperfine, median of medians over 5 queries per class).")
        w("")
        w("| class | folio search | quest | sqlite3 CLI | folio/quest | folio/sqlite3 |")
        w("|---|---|---|---|---|---|")
        for c, d in sorted(res["process_ms"].items()):
            w("| %s | %s | %s | %s | %s | %s |" % (
                c, fmt(d.get("folio"), 2), fmt(d.get("xapian"), 2), fmt(d.get("fts5"), 2),
                fmt_ratio(d.get("ratio/xapian")), fmt_ratio(d.get("ratio/fts5"))))
        w("")
    w("![latency percentiles and build throughput](bench.png)")
    w("")
    with open(os.path.join(out, "RESULTS.md"), "w") as f:
        f.write("\n".join(L))


def write_chart(out, engines, folio_threads, brow, lstat, lat):
    """bench.png: latency per class (box = p50, open circle = p95, filled
    circle = p99; log scale) above build throughput per engine."""
    classes = [c for c in CLASSES if any(k[0] == "64k" and k[3] == c for k in lat)]
    colors = {"folio": "#aa3377", "xapian": "#228833", "fts5": "#4477aa", "clucene": "#ccbb44"}
    width = 0.8 / len(engines)
    dat = os.path.join(out, ".latency.dat")
    with open(dat, "w") as f:
        for j, e in enumerate(engines):
            f.write("# %s\n" % e)
            for i, c in enumerate(classes):
                v = [lstat("64k", e, c, p) for p in (50, 95, 99)]
                if v[0] is not None:
                    x = i + (j - (len(engines) - 1) / 2) * width
                    f.write("%.3f %.4f %.4f %.4f\n" % (x, v[0], v[1], v[2]))
            f.write("\n\n")
    bdat = os.path.join(out, ".build.dat")
    with open(bdat, "w") as f:
        for e in engines:
            for t in (folio_threads if e == "folio" else [1]):
                b = brow("build", e, "64k", t)
                if b:
                    label = NAMES[e] + (" (%d thread%s)" % (t, "s" if t > 1 else "") if e == "folio" else "")
                    f.write('"%s" %.1f %s\n' % (label, b["posts_s"], colors[e].replace("#", "0x")))
    plots = []
    for j, e in enumerate(engines):
        plots.append("'%s' index %d using 1:2 with boxes lc rgb '%s' title '%s'" % (dat, j, colors[e], NAMES[e]))
        plots.append("'' index %d using 1:3 with points pt 6 ps 0.8 lc rgb 'black' notitle" % j)
        plots.append("'' index %d using 1:4 with points pt 7 ps 0.8 lc rgb 'black' notitle" % j)
    xtics = ", ".join('"%s" %d' % (c, i) for i, c in enumerate(classes))
    script = """
set terminal pngcairo size 1100,900 font ',10'
set output '%s'
set multiplot layout 2,1
set title 'Query latency in-process, 64k posts (ms, log scale): box = p50, open circle = p95, dot = p99'
set style fill solid 0.8 border -1
set boxwidth %.3f
set logscale y
set yrange [0.01:*]
set xrange [-0.6:%.1f]
set xtics (%s)
set ylabel 'ms'
set key below horizontal reverse Left
set grid ytics
plot %s
unset logscale y
set yrange [0:*]
set autoscale x
set xtics auto
set title 'Full build, 64k posts (posts/s, higher is better)'
set offsets 0, 0, graph 0.08, 0
set boxwidth 0.6
set ylabel 'posts/s'
unset key
plot '%s' using 0:2:3:xtic(1) with boxes lc rgb variable, '' using 0:2:(sprintf('%%.0f', $2)) with labels offset 0,1
unset multiplot
""" % (os.path.join(out, "bench.png"), width * 0.95, len(classes) - 0.4, xtics, ", ".join(plots), bdat)
    try:
        subprocess.run(["gnuplot"], input=script.encode(), check=True)
    finally:
        os.remove(dat)
        os.remove(bdat)


if __name__ == "__main__":
    main()
