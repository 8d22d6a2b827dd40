# T010-index.sh: folio index builds an index from topic pages and JSON
# Lines, merges posts by URL, reports malformed posts as FILE:LINE and
# leaves an unchanged corpus unchanged.
. "$(dirname "$0")/lib.sh"

begin "indexing the sample corpus reports six new posts"
run "$FOLIO" index --db "$TMP/a" "$FOLIO_SOURCE_DIR/corpus"
expect_eq "0|6 posts in 1 file: 6 added, 0 updated, 0 unchanged, 0 removed; 0 skipped" "$rc|$out"

begin "indexing it again changes nothing"
run "$FOLIO" index --db "$TMP/a" "$FOLIO_SOURCE_DIR/corpus"
expect_eq "0|6 posts in 1 file: 0 added, 0 updated, 6 unchanged, 0 removed; 0 skipped" "$rc|$out"

begin "re-indexing leaves the hit counts unchanged"
run "$FOLIO" search --db "$TMP/a" --json MXFP8
expect_eq 2 "$(urls_of "$out" | wc -l)"

begin "the default corpus is corpus/ and the default index index/"
mkdir -p "$TMP/cwd/corpus" && cp "$FOLIO_SOURCE_DIR/corpus/parallelism.md" "$TMP/cwd/corpus/"
(cd "$TMP/cwd" && "$FOLIO" index >/dev/null)
expect_eq "yes" "$([ -f "$TMP/cwd/index/XAPIANDB" ] && echo yes)"

begin "FOLIO_INDEX names the index when --db is absent"
(cd "$TMP/cwd" && FOLIO_INDEX="$TMP/env-index" "$FOLIO" index >/dev/null)
expect_eq "yes" "$([ -f "$TMP/env-index/XAPIANDB" ] && echo yes)"

begin "a new index's missing parent directories are made, as mkdir -p makes them"
run "$FOLIO" index --db "$TMP/deep/er/index" "$FOLIO_SOURCE_DIR/corpus"
expect_eq "0|6 posts in 1 file: 6 added, 0 updated, 0 unchanged, 0 removed; 0 skipped" "$rc|$out"

# /proc makes no directories, even for root, who runs the tests.
begin "a parent that cannot be made is named with the reason"
run "$FOLIO" index --db /proc/folio-none/index "$FOLIO_SOURCE_DIR/corpus"
expect_eq "2|folio: cannot create /proc/folio-none: No such file or directory" "$rc|$err"

begin "a post on two topic pages is one document with both topics"
mkdir -p "$TMP/two"
cat >"$TMP/two/gpu.md" <<'MD'
# GPUs

### [Shared post](https://example.com/shared)
- Company: Example
- Published: Jan 2, 2026
- Type: Tutorial

Kernels on GPUs.
MD
sed 's/^# GPUs/# Kernels/' "$TMP/two/gpu.md" >"$TMP/two/kernels.md"
run "$FOLIO" index --db "$TMP/b" "$TMP/two"
index_err=$err
run "$FOLIO" search --db "$TMP/b" --json kernels
expect_eq '|1|["GPUs", "Kernels"]' "$index_err|$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["total"], json.dumps(d["hits"][0]["topics"]), sep="|")' <<<"$out")"

# Made of its well-formed copy alone, the post lost the topic of the
# malformed one, though nothing of a skipped post is to be lost
# (explore-q).
begin "a post with a malformed copy is kept as indexed, not made of its other copies"
sed -i 's/^- Published: Jan 2, 2026/- Published: Jan 32, 2026/' "$TMP/two/kernels.md"
run "$FOLIO" index --db "$TMP/b" "$TMP/two"
index_rc=$rc index_out=$out index_err=$err
run "$FOLIO" search --db "$TMP/b" --json kernels
expect_eq "1|$TMP/two/kernels.md:5: invalid date \"Jan 32, 2026\": day 32 is not in 2026-01, which has 31 days|1|[\"GPUs\", \"Kernels\"]" \
	"$index_rc|$(head -n 1 <<<"$index_err")|$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["total"], json.dumps(d["hits"][0]["topics"]), sep="|")' <<<"$out")"
# It is still in the corpus: not counted as a post the corpus no longer
# has, as it was before the report told the two apart.
expect_eq "0 posts in 2 files: 0 added, 0 updated, 0 unchanged, 0 removed; 1 skipped; 1 post with a malformed copy kept as indexed" "$index_out"
sed -i 's/^- Published: Jan 32, 2026/- Published: Jan 2, 2026/' "$TMP/two/kernels.md"

# A bad byte in a copy's summary named no post, so the run made the
# post of its other copy and dropped the Kernels topic.
begin "a copy with a bad byte after its heading is a malformed copy too"
cp "$TMP/two/kernels.md" "$TMP/kernels.md.good"
sed -i 's/^\(Kernels\)/\1 \xff/' "$TMP/two/kernels.md"
run "$FOLIO" index --db "$TMP/b" "$TMP/two"
index_rc=$rc index_out=$out index_err=$err
run "$FOLIO" search --db "$TMP/b" --json kernels
expect_eq "1|$TMP/two/kernels.md:8: invalid UTF-8 at column 9|[\"GPUs\", \"Kernels\"]|0 posts in 2 files: 0 added, 0 updated, 0 unchanged, 0 removed; 1 skipped; 1 post with a malformed copy kept as indexed" \
	"$index_rc|$index_err|$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(json.dumps(d["hits"][0]["topics"]))' <<<"$out")|$index_out"
mv "$TMP/kernels.md.good" "$TMP/two/kernels.md"

begin "a URL is one post whatever the case of its scheme and host, kept in lower case"
mkdir -p "$TMP/case"
sed 's|https://example.com/shared|HTTPS://Example.COM/shared|' "$TMP/two/gpu.md" >"$TMP/case/gpu.md"
cp "$TMP/two/kernels.md" "$TMP/case/kernels.md"
run "$FOLIO" index --db "$TMP/case-index" "$TMP/case"
run "$FOLIO" search --db "$TMP/case-index" --json kernels
expect_eq '1|https://example.com/shared|["GPUs", "Kernels"]' "$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["total"], d["hits"][0]["url"], json.dumps(d["hits"][0]["topics"]), sep="|")' <<<"$out")"

# Ⱥ (U+023A, 2 bytes) is ⱥ (U+2C65, 3 bytes) in lower case: a host
# letter whose lower case is longer stayed as written, and the two
# spellings on two pages were two posts.
begin "a host letter whose lower case is longer folds too: one post"
mkdir -p "$TMP/longer"
printf '# GPUs\n\n### [Up](https://\xc8\xbaX.org/\xc8\xba)\n\nS.\n' >"$TMP/longer/a.md"
printf '# Kernels\n\n### [Low](https://\xe2\xb1\xa5x.org/\xc8\xba)\n\nS.\n' >"$TMP/longer/b.md"
run "$FOLIO" index --db "$TMP/longer-index" "$TMP/longer"
index_rc=$rc
run "$FOLIO" search --db "$TMP/longer-index" --json s
expect_eq "0|1|$(printf 'https://\xe2\xb1\xa5x.org/\xc8\xba')|[\"GPUs\", \"Kernels\"]" \
	"$index_rc|$(count_of "$TMP/longer-index")|$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["hits"][0]["url"], json.dumps(d["hits"][0]["topics"]), sep="|")' <<<"$out")"

# One warning a copy, naming the line of the copy before it: the copy
# had two (one from each pass over the corpus), and neither said where
# the earlier copy was.
begin "a post twice on one page is merged with one warning naming both lines"
{ cat "$TMP/two/gpu.md"; printf '\n'; sed -n '3,$p' "$TMP/two/gpu.md" |
  sed 's/Kernels on GPUs./An edited summary./'; } >"$TMP/twice.md"
run "$FOLIO" index --db "$TMP/dup" "$TMP/twice.md"
expect_eq "0|$TMP/twice.md:10: warning: https://example.com/shared is also on line 3 of this file: merged into one post, each field from the first copy that has it; this copy differs in its summary: the earlier copy's is kept|1" \
	"$rc|$err|$(count_of "$TMP/dup")"

# "&amp;" in a link's URL was kept as written: one post, its URL spelled
# two ways, was two.
begin "an entity in a post's URL is decoded, so both spellings are one post"
printf '# T\n\n### [Entity](https://ex.org/?a=1&amp;b=2)\n- Company: ACME\n\nS.\n\n### [Raw amp](https://ex.org/?a=1&b=2)\n- Company: ACME\n\nS.\n' >"$TMP/amp.md"
run "$FOLIO" index --db "$TMP/amp" "$TMP/amp.md"
expect_eq "0|$TMP/amp.md:8: warning: https://ex.org/?a=1&b=2 is also on line 3 of this file: merged into one post, each field from the first copy that has it; this copy differs in its title: the earlier copy's is kept|1|https://ex.org/?a=1&b=2" \
	"$rc|$err|$(count_of "$TMP/amp")|$(urls_of "$("$FOLIO" search --db "$TMP/amp" --json acme)")"

# "caf&eacute;" was indexed as the words "caf" and "eacute", and the
# snippet showed "don&rsquo;t": six named entities were decoded, not
# HTML5's 2125. An unknown one (&foo;) stays as written.
begin "a named entity is decoded: caf&eacute; is found by café, shown as don’t"
printf '# T\n\n### [Caf&eacute; notes](https://ex.org/cafe)\n- Company: ACME\n\nWe don&rsquo;t cache caf&eacute; menus&hellip; &foo;\n' >"$TMP/named.md"
run "$FOLIO" index --db "$TMP/named" "$TMP/named.md"
index_rc=$rc
run "$FOLIO" search --db "$TMP/named" --json café
expect_eq "0|1|Café notes|We don’t cache café menus… &foo;|0" \
	"$index_rc|$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["total"], d["hits"][0]["title"], d["hits"][0]["snippet"], sep="|")' <<<"$out")|$(total_of "$TMP/named" eacute)"

# A copy on another page that had drifted from the first (a hand edit
# of one page) lost its edit in silence: a warning names its line and
# the fields that differ, and the earlier copy's file and line (it named
# no file, which in a corpus of many pages left the reader to search for
# it); identical copies (above) warn of nothing.
begin "a copy on another page that differs is merged with a warning naming its fields"
mkdir -p "$TMP/drift"
cp "$TMP/two/gpu.md" "$TMP/drift/a.md"
sed -e 's/^# GPUs/# Kernels/' -e 's/^- Company: Example/- Company: Other/' \
	-e 's/Kernels on GPUs./Kernels on TPUs./' "$TMP/two/gpu.md" >"$TMP/drift/b.md"
run "$FOLIO" index --db "$TMP/drifted" "$TMP/drift"
index_err=$err index_rc=$rc
run "$FOLIO" search --db "$TMP/drifted" --json kernels
expect_eq "0|$TMP/drift/b.md:3: warning: https://example.com/shared differs from its copy first read at $TMP/drift/a.md:3 in its company, summary: the earlier copy's are kept|Example|[\"GPUs\", \"Kernels\"]" \
	"$index_rc|$index_err|$(python3 -c 'import json,sys; h=json.load(sys.stdin)["hits"][0]; print(h["company"], json.dumps(h["topics"]), sep="|")' <<<"$out")"

begin "a third copy that differs names the first copy, whose fields are kept"
sed -e 's/^# GPUs/# TPUs/' -e 's/Kernels on GPUs./Kernels on TPUs./' \
	"$TMP/two/gpu.md" >"$TMP/drift/c.md"
run "$FOLIO" index --db "$TMP/drifted3" "$TMP/drift"
expect_eq "0|$TMP/drift/b.md:3: warning: https://example.com/shared differs from its copy first read at $TMP/drift/a.md:3 in its company, summary: the earlier copy's are kept
$TMP/drift/c.md:3: warning: https://example.com/shared differs from its copy first read at $TMP/drift/a.md:3 in its summary: the earlier copy's is kept" "$rc|$err"

# A company spaced otherwise is stored as one ("Red  Hat" is "Red Hat"),
# yet was warned of as a difference (qa-grader).
begin "a copy whose fields differ only as the index stores them as one is no drift"
mkdir -p "$TMP/spaced"
printf '# A\n\n### [S](https://example.com/spaced)\n- Company: Red Hat\n- Type: Blog\n\nS.\n' >"$TMP/spaced/a.md"
printf '# B\n\n### [S](https://example.com/spaced)\n- Company: Red  Hat\n- Type: Blog \n\nS.\n' >"$TMP/spaced/b.md"
run "$FOLIO" index --db "$TMP/spaced-db" "$TMP/spaced"
expect_eq "0||1" "$rc|$err|$(count_of "$TMP/spaced-db")"

# A title kept its white space as written: shown with its tab, and a
# copy spaced otherwise warned of as drift, where topics and the other
# fields are folded.
begin "a title is stored with each run of white space as one space, and a copy spaced otherwise is no drift"
mkdir -p "$TMP/tspaced"
printf '# A\n\n### [Title  with\ttab](https://example.com/tspaced)\n- Type: Blog\n\nS.\n' >"$TMP/tspaced/a.md"
printf '# B\n\n### [Title with tab](https://example.com/tspaced)\n- Type: Blog\n\nS.\n' >"$TMP/tspaced/b.md"
run "$FOLIO" index --db "$TMP/tspaced-db" "$TMP/tspaced"
r="$rc|$err"
run "$FOLIO" search --db "$TMP/tspaced-db" --json tab
expect_eq "0||Title with tab" \
	"$r|$(python3 -c 'import json,sys; print(json.load(sys.stdin)["hits"][0]["title"])' <<<"$out")"

# A field twice in one post kept the last value in silence.
begin "a field twice in one post keeps the first, with a warning naming the later line"
mkdir -p "$TMP/field2"
printf '# T\n\n### [Twice](https://example.com/twice)\n- Company: First\n- Company: Second\n\nS.\n' >"$TMP/field2/page.md"
printf '%s\n' '{"url": "https://example.com/twice-j", "title": "T", "company": "First", "company": "Second", "summary": "S."}' >"$TMP/field2/posts.jsonl"
run "$FOLIO" index --db "$TMP/field2-index" "$TMP/field2"
index_rc=$rc index_err=$err
expect_eq "0|$TMP/field2/page.md:5: warning: company is given twice in this post: the first, at line 4, is kept
$TMP/field2/posts.jsonl:1: warning: \"company\" is given twice in this object: the first is kept|2" \
	"$index_rc|$index_err|$(total_of "$TMP/field2-index" company:first)"

begin "JSON Lines posts are indexed with all their fields"
cat >"$TMP/posts.jsonl" <<'JL'
{"url": "https://example.com/j1", "title": "Zig allocators", "company": "Example", "author": null, "published": "2026-02-03", "type": "Tutorial", "topics": ["Memory"], "summary": "Arena and pool allocators in Zig."}
JL
run "$FOLIO" index --db "$TMP/c" "$TMP/posts.jsonl"
run "$FOLIO" search --db "$TMP/c" --json allocators
expect_eq '{"rank": 1, "url": "https://example.com/j1", "title": "Zig allocators", "company": "Example", "author": null, "published": "2026-02-03", "type": "Tutorial", "topics": ["Memory"]}' \
	"$(python3 -c 'import json,sys; h=json.load(sys.stdin)["hits"][0]; [h.pop(k) for k in ("score", "snippet", "snippet_marks", "title_marks")]; print(json.dumps(h))' <<<"$out")"

# A post with one copy kept its topics as given, a topic given twice
# twice, where a merged post and folio_db_add_post's have them sorted
# and unique.
begin "a JSON post's topics are sorted and unique, as a merged post's are"
cat >"$TMP/topics.jsonl" <<'JL'
{"url": "https://example.com/tp", "title": "Topic order", "topics": ["GPU", "Memory", "GPU", "CUDA"], "summary": "Wallaby."}
{"url": "https://example.com/tq", "title": "Topics in order", "topics": ["CUDA", "GPU", "GPU"], "summary": "Quokka."}
JL
"$FOLIO" index --db "$TMP/tp" "$TMP/topics.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/tp" --json wallaby
tp=$(python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["hits"][0]["topics"]))' <<<"$out")
# in order already, but for the one given twice
run "$FOLIO" search --db "$TMP/tp" --json quokka
expect_eq '["CUDA", "GPU", "Memory"]|["CUDA", "GPU"]' \
	"$tp|$(python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["hits"][0]["topics"]))' <<<"$out")"

# An RFC 3339 timestamp was an unparseable date, and its post skipped.
begin "JSON Lines takes RFC 3339 timestamps, keeping the date written; a bad one says which part"
cat >"$TMP/stamps.jsonl" <<'JL'
{"url": "https://example.com/t1", "title": "Stamp one", "published": "2026-09-14T10:00:00Z", "summary": "Numbat."}
{"url": "https://example.com/t2", "title": "Stamp two", "published": "2026-09-14T00:30:00.25+02:00", "summary": "Numbat."}
{"url": "https://example.com/t3", "title": "Stamp three", "published": "2026-09-14T23:30:00-05:00", "summary": "Numbat."}
{"url": "https://example.com/t4", "title": "Stamp four", "published": "2026-13-01T10:00:00Z", "summary": "Numbat."}
{"url": "https://example.com/t5", "title": "Stamp five", "published": "2026-09-14T25:00:00Z", "summary": "Numbat."}
{"url": "https://example.com/t6", "title": "Stamp six", "published": "2026-09-14T10:00", "summary": "Numbat."}
{"url": "https://example.com/t7", "title": "Stamp seven", "published": "2026-09-14T10", "summary": "Numbat."}
JL
run "$FOLIO" index --db "$TMP/stamps" "$TMP/stamps.jsonl"
r="$rc|$err"
run "$FOLIO" search --db "$TMP/stamps" --json --sort oldest numbat
expect_eq "1|$TMP/stamps.jsonl:4: invalid date \"2026-13-01T10:00:00Z\": there is no month 13
$TMP/stamps.jsonl:5: invalid date \"2026-09-14T25:00:00Z\": hour 25 is not in 00-23
$TMP/stamps.jsonl:7: unparseable date \"2026-09-14T10\" (expected e.g. \"2026-09-14\" or \"2026-09-14T10:00:00Z\")|2026-09-14 2026-09-14 2026-09-14 2026-09-14" \
	"$r|$(python3 -c 'import json,sys; print(*sorted(h["published"] for h in json.load(sys.stdin)["hits"]))' <<<"$out")"

begin "a malformed post is reported as FILE:LINE and skipped, the rest indexed"
mkdir -p "$TMP/bad"
cat >"$TMP/bad/page.md" <<'MD'
# Page

### [Good post](https://example.com/good)
- Company: Example
- Published: Mar 1, 2026
- Type: Explainer

A good summary about quokkas.

### [Bad date](https://example.com/bad)
- Company: Example
- Published: Sepember 14, 2026
- Type: Explainer

This one has a typo in its date.

### No link here
- Company: Example

No URL at all.
MD
run "$FOLIO" index --db "$TMP/d" "$TMP/bad"
expect_eq "1|1 post in 1 file: 1 added, 0 updated, 0 unchanged, 0 removed; 2 skipped|$TMP/bad/page.md:12: unparseable date \"Sepember 14, 2026\" (expected e.g. \"Sep 14, 2026\" or \"2026-09-14\")
$TMP/bad/page.md:17: post has no URL: its heading is no link (a post's heading is ### [Title](url); a heading of level 4 is text of the post)" "$rc|$out|$err"

begin "the good post of a partly malformed file is searchable"
run "$FOLIO" search --db "$TMP/d" quokkas
expect_eq 0 "$rc"

# "#Topic" (no space: no heading), "# " (an empty one) or no heading at
# all: the page's posts lost their topic without a word.
begin "a page whose posts have no topic says so, and its posts are indexed"
mkdir -p "$TMP/notopic"
printf '#Bees\n\n### [One](https://a.org/n1)\n\nAbout bees.\n' >"$TMP/notopic/a.md"
printf '# \n\n### [Two](https://a.org/n2)\n\nAbout ants.\n' >"$TMP/notopic/b.md"
printf '# Wasps\n\n### [Three](https://a.org/n3)\n\nAbout wasps.\n' >"$TMP/notopic/c.md"
run "$FOLIO" index --db "$TMP/nt" "$TMP/notopic"
w='warning: the page has no topic (a "# Topic" heading, a space after its #, before its first post): its posts have none'
expect_eq "0|3 posts in 3 files: 3 added, 0 updated, 0 unchanged, 0 removed; 0 skipped|$TMP/notopic/a.md:3: $w
$TMP/notopic/b.md:3: $w" "$rc|$out|$err"

begin "a corpus path that does not exist is skipped, the rest indexed"
run "$FOLIO" index --db "$TMP/e" "$TMP/no-such-dir" "$FOLIO_SOURCE_DIR/corpus"
expect_eq "1|$TMP/no-such-dir: No such file or directory" "$rc|$err"

begin "when no corpus path exists it is an error, and no empty index is left behind"
run "$FOLIO" index --db "$TMP/e2" "$TMP/no-such-dir"
expect_eq "2|folio: $TMP/no-such-dir: No such file or directory|absent" \
	"$rc|$err|$([ -e "$TMP/e2" ] && echo present || echo absent)"

begin "when several corpus paths are given and none can be read, the error says why for each"
touch "$TMP/a-file"
run "$FOLIO" index --db "$TMP/e3" "$TMP/no-such-dir" "$TMP/a-file/x.md"
expect_eq "2|folio: $TMP/no-such-dir: No such file or directory; $TMP/a-file/x.md: Not a directory|absent" \
	"$rc|$err|$([ -e "$TMP/e3" ] && echo present || echo absent)"

# A missing path given twice was named twice.
begin "a missing corpus path given twice is named once"
run "$FOLIO" index --db "$TMP/e4" "$TMP/no-such-dir" "$TMP/a-file/x.md" "$TMP/no-such-dir"
expect_eq "2|folio: $TMP/no-such-dir: No such file or directory; $TMP/a-file/x.md: Not a directory|absent" \
	"$rc|$err|$([ -e "$TMP/e4" ] && echo present || echo absent)"
run "$FOLIO" index --db "$TMP/e4" "$TMP/no-such-dir" "$TMP/no-such-dir" "$FOLIO_SOURCE_DIR/corpus"
expect_eq "1|$TMP/no-such-dir: No such file or directory" "$rc|$err"

# A URL or title of no-break spaces was a post's: the parsers trim ASCII
# white space only.
begin "a URL or a title of Unicode white space alone is missing"
printf '{"url": "\\u00a0", "title": "T", "summary": "S."}\n{"url": "https://a.org/x", "title": "\\u3000", "summary": "S."}\n{"url": "https://a.org/y", "title": "Y", "summary": "S."}\n' >"$TMP/blank.jsonl"
run "$FOLIO" index --db "$TMP/blank" "$TMP/blank.jsonl"
expect_eq "1|1 post in 1 file: 1 added, 0 updated, 0 unchanged, 0 removed; 2 skipped|$TMP/blank.jsonl:1: post has no URL
$TMP/blank.jsonl:2: post has no title" "$rc|$out|$err"

begin "an empty corpus path is refused, naming it, and no index is left behind"
run "$FOLIO" index --db "$TMP/empty-path" "$FOLIO_SOURCE_DIR/corpus" ""
expect_eq "2|folio: path 2 of 2 is an empty path, which names no file|absent" \
	"$rc|$err|$([ -e "$TMP/empty-path" ] && echo present || echo absent)"

begin "an empty index path is refused"
run "$FOLIO" index --db "" "$FOLIO_SOURCE_DIR/corpus"
expect_eq "2|folio: an empty path names no index" "$rc|$err"

# A value left out took the next option for it: --db --json made an
# index named --json, and exited 0.
begin "an option's value left out does not take the next option for it"
(cd "$TMP" && run "$FOLIO" index --db --json "$FOLIO_SOURCE_DIR/corpus"
	echo "$rc|$out|$(ls -d -- --json 2>/dev/null)") >"$TMP/valueless"
expect_eq '2|{"problems": [], "error": "invalid argument", "message": "--db needs a value, not the option --json (--db=--json gives it that value)"}|' "$(cat "$TMP/valueless")"

begin "an unknown option is a usage error"
run "$FOLIO" index --frobnicate
expect_eq "2|folio: unknown option --frobnicate (try 'folio index --help')" "$rc|$err"

begin "folio index --help exits 0 and shows the usage"
run "$FOLIO" index --help
expect_eq "0|usage: folio index [--db DIR] [--language NAME] [--rebuild] [--no-delete]" "$rc|$(head -1 <<<"$out")"

begin "a file reached twice (a directory given twice) is read and counted once"
run "$FOLIO" index --db "$TMP/twice" "$FOLIO_SOURCE_DIR/corpus" "$FOLIO_SOURCE_DIR/corpus/" "$FOLIO_SOURCE_DIR/corpus/parallelism.md"
expect_eq "0|6 posts in 1 file: 6 added, 0 updated, 0 unchanged, 0 removed; 0 skipped" "$rc|$out"

finish
