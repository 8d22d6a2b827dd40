#!/usr/bin/env python3
"""prepare.py: the benchmark's inputs, made once per data set.

From debian-posts.jsonl.gz (64k real Debian package summaries) it writes:

  posts-64k.jsonl   the posts, each given a synthetic `published` date (the
                    data set has none, and date sorts need one): a date drawn
                    from a hash of the URL, 2005-01-01 .. 2026-12-31.
  posts-64k.tsv     the same posts for the peers' loaders: url, title,
                    company, author, type, topics (joined by ';'), published,
                    summary; tabs and line breaks in text become spaces
                    (every tokenizer treats them alike).
  posts-1m.jsonl/.tsv  (with --copies N > 1) the posts repeated N times, copy
                    k > 1 with URL suffix "#k" and its own date hash.
  queries.tsv       one query per line: class, sort (relevance|newest), then
                    the same query written for folio, FTS5, Xapian's
                    QueryParser and CLucene's QueryParser.

Query classes (same seed, same queries every run):
  known-and  realistic multi-word queries (known-item synopses), all words
  known-or   the same queries, any word (ranked OR)
  common     one frequent word (document frequency 5-20%)
  rare       one rare word (document frequency 2-5 posts)
  phrase     a two-word phrase taken from a summary
  field      a frequent word restricted to one topic (Debian section)
  date       a frequent word, newest posts first
Words are cut out of the query text with \\w+ and lowercased for every
engine, so that no engine sees operators or syntax errors in user text.
"""
import argparse
import collections
import gzip
import hashlib
import json
import os
import random
import re

WORD = re.compile(r"[^\W_]+")


def date_for(url):
    h = int.from_bytes(hashlib.blake2b(url.encode(), digest_size=8).digest(), "big")
    days = h % 8035  # 2005-01-01 .. 2026-12-31
    import datetime
    return (datetime.date(2005, 1, 1) + datetime.timedelta(days=days)).isoformat()


def clean(s):
    if s is None:
        return ""
    return s.replace("\t", " ").replace("\r", " ").replace("\n", " ")


def tsv_line(p):
    return "\t".join([clean(p["url"]), clean(p["title"]), clean(p.get("company")),
                      clean(p.get("author")), clean(p.get("type")),
                      ";".join(clean(t) for t in p.get("topics") or []),
                      p.get("published") or "", clean(p["summary"])]) + "\n"


def write_corpus(posts, copies, jsonl_path, tsv_path):
    with open(jsonl_path, "w") as j, open(tsv_path, "w") as t:
        for k in range(1, copies + 1):
            for p in posts:
                q = dict(p)
                if k > 1:
                    q["url"] = p["url"] + "#%d" % k
                q["published"] = date_for(q["url"])
                j.write(json.dumps(q, ensure_ascii=False) + "\n")
                t.write(tsv_line(q))


def merge_by_url(rows):
    """A URL is a post's identity (folio merges repeats, adding topics):
    give every engine the same merged posts."""
    by_url = {}
    for p in rows:
        old = by_url.get(p["url"])
        if old is None:
            by_url[p["url"]] = p
        else:
            old["topics"] = sorted(set(old.get("topics") or []) |
                                   set(p.get("topics") or []))
    return list(by_url.values())


def words(text):
    return [w.lower() for w in WORD.findall(text)]


def fts5_term(w):
    return '"%s"' % w


def make_queries(posts, known_path, n_known, rng):
    df = collections.Counter()
    bigrams = []
    for p in posts:
        ws = words(p["title"] + " " + p["summary"])
        df.update(set(ws))
    n = len(posts)
    # Words only: no digits, 3+ letters, so every analyzer sees one token.
    alpha = [w for w in df if w.isalpha() and w.isascii() and len(w) >= 4]
    common = sorted(w for w in alpha if 0.05 * n <= df[w] <= 0.20 * n)
    rare = sorted(w for w in alpha if 2 <= df[w] <= 5)
    rows = []

    def add(cls, sort, folio, fts5, xap, luc):
        rows.append("\t".join([cls, sort, folio, fts5, xap, luc]))

    known = []
    with open(known_path) as f:
        for line in f:
            qid, text, url = line.rstrip("\n").split("\t")
            ws = words(text)
            if len(ws) >= 2:
                known.append(ws)
    for ws in rng.sample(known, n_known):
        add("known-and", "relevance", " ".join(ws), " ".join(map(fts5_term, ws)),
            " ".join(ws), " ".join(ws))
    for ws in rng.sample(known, n_known):
        add("known-or", "relevance", " OR ".join(ws),
            " OR ".join(map(fts5_term, ws)), " ".join(ws), " ".join(ws))
    for w in rng.sample(common, 20):
        add("common", "relevance", w, fts5_term(w), w, w)
    for w in rng.sample(rare, 20):
        add("rare", "relevance", w, fts5_term(w), w, w)
    # Phrases: adjacent pairs of frequent-ish words from random summaries.
    tries = 0
    phrases = set()
    while len(phrases) < 20 and tries < 10000:
        tries += 1
        ws = words(rng.choice(posts)["summary"])
        if len(ws) < 3:
            continue
        i = rng.randrange(len(ws) - 1)
        a, b = ws[i], ws[i + 1]
        if a.isalpha() and b.isalpha() and len(a) >= 4 and len(b) >= 4 and \
                df[a] >= 50 and df[b] >= 50:
            phrases.add((a, b))
    for a, b in sorted(phrases):
        add("phrase", "relevance", '"%s %s"' % (a, b), '"%s %s"' % (a, b),
            '"%s %s"' % (a, b), '"%s %s"' % (a, b))
    # Field filter: a frequent word within one topic (a Debian section).
    topics = collections.Counter(t for p in posts for t in (p.get("topics") or []))
    big_topics = sorted(t for t, c in topics.items() if c >= 1000 and t.isalpha())
    for w in rng.sample(common, 20):
        t = rng.choice(big_topics)
        add("field", "relevance", "%s topic:%s" % (w, t),
            '%s AND topics : "%s"' % (fts5_term(w), t),
            "%s topic:%s" % (w, t), "+%s +topics:%s" % (w, t))
    for w in rng.sample(common, 20):
        add("date", "newest", w, fts5_term(w), w, w)
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--posts", required=True)
    ap.add_argument("--known", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--copies", type=int, default=16)
    ap.add_argument("--known-queries", type=int, default=200)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with gzip.open(a.posts, "rt") as f:
        posts = merge_by_url(json.loads(line) for line in f if line.strip())
    write_corpus(posts, 1, os.path.join(a.out, "posts-64k.jsonl"),
                 os.path.join(a.out, "posts-64k.tsv"))
    if a.copies > 1:
        write_corpus(posts, a.copies, os.path.join(a.out, "posts-1m.jsonl"),
                     os.path.join(a.out, "posts-1m.tsv"))
    rows = make_queries(posts, a.known, a.known_queries, random.Random(6))
    with open(os.path.join(a.out, "queries.tsv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    print("prepared %d posts (x%d), %d queries in %s" %
          (len(posts), a.copies, len(rows), a.out))


if __name__ == "__main__":
    main()
