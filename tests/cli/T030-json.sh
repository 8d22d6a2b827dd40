# T030-json.sh: folio search --json prints one valid JSON object that
# follows the schema in the README, for any query.
. "$(dirname "$0")/lib.sh"
sample_index

# check_schema: read --json output on stdin, print "ok" or what is wrong.
check_schema() {
	python3 -c '
import json, sys
d = json.load(sys.stdin)
assert set(d) == {"query", "total", "total_exact", "suggestion", "notices",
                  "hits"}, d.keys()
assert isinstance(d["query"], str) and isinstance(d["total"], int)
assert isinstance(d["total_exact"], bool)
for i, h in enumerate(d["hits"]):
    assert list(h) == ["rank", "score", "url", "title", "company", "author",
                       "published", "type", "topics", "snippet",
                       "snippet_marks", "title_marks"], list(h)
    assert h["rank"] == i + 1 and isinstance(h["score"], (int, float))
    for k in ("url", "title", "snippet"):
        assert isinstance(h[k], str) and h[k], k
    for k in ("company", "author", "published", "type"):
        assert h[k] is None or isinstance(h[k], str), k
    assert h["published"] is None or len(h["published"]) == 10
    assert all(isinstance(t, str) for t in h["topics"])
    for k in ("snippet", "title"):
        end = 0
        for a, b in h[k + "_marks"]:
            assert isinstance(a, int) and end <= a < b <= len(h[k]), k
            end = b
print("ok")'
}

begin "the output for MXFP8 follows the schema"
run "$FOLIO" search --db "$TMP/index" --json MXFP8
expect_eq "ok" "$(check_schema <<<"$out" 2>&1)"

begin "query and total are reported"
expect_eq "MXFP8|2" "$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["query"], d["total"], sep="|")' <<<"$out")"

begin "a post without an author has author null"
run "$FOLIO" search --db "$TMP/index" --json Instagram
expect_eq "None|Meta|2026-08-03|Explainer|['Parallelism']" \
	"$(python3 -c 'import json,sys; h=json.load(sys.stdin)["hits"][0]; print(h["author"], h["company"], h["published"], h["type"], h["topics"], sep="|")' <<<"$out")"

begin "no hits is still a valid object, with exit status 1"
run "$FOLIO" search --db "$TMP/index" --json zyzzyva
expect_eq '1|{"query": "zyzzyva", "total": 0, "total_exact": true, "suggestion": null, "notices": [], "hits": []}' "$rc|$out"

begin "a query that fails is still one object, with its error and position"
run "$FOLIO" search --db "$TMP/index" --json --strict '"free threaded'
expect_eq '2|{"query": "\"free threaded", "error": "query syntax error", "message": "query position 1: the quote is never closed", "position": 1}|folio: query position 1: the quote is never closed' "$rc|$out|$err"
run "$FOLIO" similar --db "$TMP/index" --json https://example.com/nothing
expect_eq '2|{"query": "https://example.com/nothing", "error": "not found", "message": "no post with URL https://example.com/nothing"}' "$rc|$out"

# Bad usage printed nothing on stdout: a script could not tell it from a
# crash (explore-k).
# Its "query" is null, as no query was read: the key was missing, so a
# tool that reads every error object's query had to special-case these.
begin "bad usage with --json is one error object too"
run "$FOLIO" search --db "$TMP/index" --json --limit -1 lock
expect_eq '2|{"query": null, "error": "invalid argument", "message": "--limit takes a whole number from 0 to 1000000, not \"-1\""}' "$rc|$out"
run "$FOLIO" search --db "$TMP/index" --json --stdin --limit x </dev/null
expect_eq '2|{"query": null, "error": "invalid argument", "message": "--limit takes a whole number from 0 to 1000000, not \"x\""}' "$rc|$out"
# --db --json said "no index at --json", in text
run "$FOLIO" search --db --json x
expect_eq '2|{"query": null, "error": "invalid argument", "message": "--db needs a value, not the option --json (--db=--json gives it that value)"}' "$rc|$out"
run "$FOLIO" search --db "$TMP/index" --json
expect_eq '2|{"query": null, "error": "invalid argument", "message": "search needs a query (try '"'folio search --help'"')"}' "$rc|$out"
run "$FOLIO" similar --json --db "$TMP/index" --bogus https://x
expect_eq '2|{"query": null, "error": "invalid argument", "message": "unknown option --bogus (try '"'folio similar --help'"')"}' "$rc|$out"

# --json=1 is bad usage, but a run with it is a run "with --json" to a
# script: the check for the error object matched "--json" alone, so
# every command printed nothing on stdout.
begin "--json=VALUE is bad usage with the error object, in every command"
r=""
for c in search similar stats check index; do
	run "$FOLIO" $c --db "$TMP/none" --json=1 x
	r="$r$rc $out
"
done
run "$FOLIO" search --db --json= x
r="$r$rc $out"
expect_eq '2 {"query": null, "error": "invalid argument", "message": "--json takes no value, not \"1\""}
2 {"query": null, "error": "invalid argument", "message": "--json takes no value, not \"1\""}
2 {"error": "invalid argument", "message": "--json takes no value, not \"1\""}
2 {"error": "invalid argument", "message": "--json takes no value, not \"1\""}
2 {"problems": [], "error": "invalid argument", "message": "--json takes no value, not \"1\""}
2 {"query": null, "error": "invalid argument", "message": "--db needs a value, not the option --json= (--db=--json= gives it that value)"}' "$r"
expect_eq "no index" "$([ -e "$TMP/none" ] && echo index || echo no index)"

# A --since or --until that is no date was found only as each line was
# searched: every line got the same error object and the run exited 1,
# "no line matched", where bad usage reads no line and exits 2.
begin "--stdin with a --since or --until that is no date reads no line"
run "$FOLIO" search --db "$TMP/index" --stdin --since 2026-02-30 < <(printf 'MXFP8\nGB200\n')
expect_eq '2||folio: --since: "2026-02-30": day 30 is not in 2026-02, which has 28 days' "$rc|$out|$err"
run "$FOLIO" search --db "$TMP/index" --json --stdin --since 2026-09 --until 2026-08 < <(printf 'MXFP8\n')
expect_eq '2|{"query": null, "error": "invalid argument", "message": "--since 2026-09-01 is after --until 2026-08-31"}' "$rc|$out"

# The dates are checked when the search fails, by a search of their own,
# which cleared the error being said: "folio: " and a "message" of "".
begin "a query that fails beside good dates says why"
run "$FOLIO" search --db "$TMP/index" --json --since 2026 ' '
expect_eq '2|{"query": " ", "error": "invalid argument", "message": "the query has no words to search for"}|folio: the query has no words to search for' "$rc|$out|$err"

# One query: the dates were checked only when the search failed as they
# do (invalid argument), so a query error (--strict) or a URL that is no
# post's hid them behind its own error object, with the query in it.
begin "a date that is wrong is bad usage whatever else the query does wrong"
run "$FOLIO" search --db "$TMP/index" --json --strict --since 2026-02-30 'lock AND'
a="$rc|$out|$err"
run "$FOLIO" similar --db "$TMP/index" --json --since 2026-09 --until 2026-08 https://example.com/none
b="$rc|$out|$err"
expect_eq '2|{"query": null, "error": "invalid argument", "message": "--since: \"2026-02-30\": day 30 is not in 2026-02, which has 28 days"}|folio: --since: "2026-02-30": day 30 is not in 2026-02, which has 28 days;2|{"query": null, "error": "invalid argument", "message": "--since 2026-09-01 is after --until 2026-08-31"}|folio: --since 2026-09-01 is after --until 2026-08-31' "$a;$b"

# A malformed --remote or an empty --db is a bad value too, found as
# the index is opened: it gave the query's error object (under --stdin
# one for each line read, as for an index that is missing).
begin "a bad --remote or --db value is bad usage: a null query, no line read"
run "$FOLIO" search --db "$TMP/index" --json --remote 'localhost:+1' lock
a="$rc|$out"
run "$FOLIO" search --db '' --json --stdin < <(printf 'MXFP8\nGB200\n')
b="$rc|$out"
run "$FOLIO" similar --db '' --json https://x
c="$rc|$out"
expect_eq '2|{"query": null, "error": "invalid argument", "message": "remote shard \"localhost:+1\" is not HOST:PORT: its port \"+1\" is not a number from 1 to 65535"};2|{"query": null, "error": "invalid argument", "message": "an empty path names no index"};2|{"query": null, "error": "invalid argument", "message": "an empty path names no index"}' "$a;$b;$c"

begin "a long usage message is cut where a character starts"
bad=--$(printf 'a%.0s' $(seq 2019))éééééééééé
run "$FOLIO" search --db "$TMP/index" --json "$bad" lock
expect_eq "2|False" "$rc|$(python3 -c 'import json,sys; print("\ufffd" in json.load(sys.stdin)["message"])' <<<"$out")"

begin "--json as the value of --db asks for no JSON"
run "$FOLIO" search --db=--json lock
expect_eq "2||folio: no index at --json" "$rc|$out|$(head -n 1 <<<"$err")"

begin "folio stats --json on a missing index is an error object, with exit status 2"
run "$FOLIO" stats --db "$TMP/none" --json
expect_eq "2|not found|no index at $TMP/none" \
	"$rc|$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["error"], d["message"], sep="|")' <<<"$out")"

begin "folio stats --json with an unknown option is an error object too, wherever --json is"
run "$FOLIO" stats --db "$TMP/index" --bogus --json
expect_eq "2|{\"error\": \"invalid argument\", \"message\": \"unknown option --bogus (try 'folio stats --help')\"}|folio: unknown option --bogus (try 'folio stats --help')" "$rc|$out|$err"

begin "quotes, backslashes, control characters and bad UTF-8 in the query stay valid JSON"
q=$'say "hi" \\ tab\there \x01 \xff\xfe MXFP8'
run "$FOLIO" search --db "$TMP/index" --json "$q"
expect_eq "ok" "$(check_schema <<<"$out" 2>&1)"

# A decoder takes an overlong form, a UTF-16 surrogate or a code point
# past U+10FFFF for a character (or for a quote or a slash, overlong),
# so JSON has U+FFFD for each of its bytes, as for any invalid byte.
begin "each byte of an overlong form, a surrogate or a sequence past U+10FFFF is U+FFFD in JSON"
q=$'a \xc0\xaf b \xe0\x80\xaf c \xed\xa0\x80 d \xf0\x80\x80\xaf e \xf4\x90\x80\x80 f \xf5\x80\x80\x80 g \xc3\xa9'
run "$FOLIO" search --db "$TMP/index" --json "$q"
expect_eq '"a \ufffd\ufffd b \ufffd\ufffd\ufffd c \ufffd\ufffd\ufffd d \ufffd\ufffd\ufffd\ufffd e \ufffd\ufffd\ufffd\ufffd f \ufffd\ufffd\ufffd\ufffd g \u00e9"' \
	"$(python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["query"]))' <<<"$out" 2>&1)"
# and so in a --stdin answer's "query" (README: paired by position)
run "$FOLIO" search --db "$TMP/index" --stdin < <(printf 'MXFP8 \xe9\nMXFP8\n')
expect_eq '"MXFP8 \ufffd"|"MXFP8"' \
	"$(python3 -c 'import json,sys; print(*(json.dumps(json.loads(l)["query"]) for l in sys.stdin), sep="|")' <<<"$out" 2>&1)"

begin "the snippet has no terminal escapes in JSON"
run "$FOLIO" search --db "$TMP/index" --json MXFP8
expect_eq "no" "$(grep -q $'\x1b' <<<"$out" && echo yes || echo no)"

# The README's control characters (C0, DEL, C1, the line and paragraph
# separators, the bidirectional controls) are kept in JSON escaped, not
# raw: raw, U+009B is a CSI to a terminal showing the JSON, U+202E
# reorders it, and a reader that splits --stdin's lines on every line
# break (Python's str.splitlines) cut one object in two at U+2028. The
# first and last of each range are here too (U+0080, U+009F, U+200E,
# U+202A, U+2067, U+2069).
# U+0085, U+2028 and U+2029 are white space (Unicode's): a title's run
# of white space is stored as one space (src/index/stored.c), so the
# run " U+0085 U+2028 U+2029 " comes back as one space.
begin "JSON keeps every control character of a post, escaped"
python3 -c 'import json; print(json.dumps({"url": "https://example.com/ctl",
    "title": "Ctl \u009b2J \u0085 \u2028 \u2029 \u202e \u2066 \u061c \u200f \u0080 \u009f \u200e \u202a \u2067 \u2069 end",
    "company": "C\u0007o\u007f", "summary": "ctlword summary"}))' >"$TMP/ctl.jsonl"
"$FOLIO" index --db "$TMP/ctl" "$TMP/ctl.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/ctl" --json ctlword
raw=$(python3 -c 'import sys; b = sys.stdin.buffer.read()
print(all(c < 0x80 for c in b))' <<<"$out")
kept=$(python3 -c 'import json, sys; h = json.load(sys.stdin)["hits"][0]
print(h["title"] == "Ctl \u009b2J \u202e \u2066 \u061c \u200f \u0080 \u009f \u200e \u202a \u2067 \u2069 end",
      h["company"] == "C\u0007o\u007f")' <<<"$out")
lines=$(printf 'ctlword\nctlword\n' | "$FOLIO" search --db "$TMP/ctl" --stdin |
	python3 -c 'import sys; print(len(sys.stdin.buffer.read().decode().splitlines()))')
expect_eq "True|True True|2" "$raw|$kept|$lines"

# A tool that redirects the answer to a file takes exit status 0 for an
# answer written: one that could not be (a full disk; /dev/full says
# ENOSPC to every write) must not exit 0 with the file empty.
begin "an answer that cannot be written is an error (exit status 2), said on stderr"
got=""
if [ -w /dev/full ]; then
	for cmd in "search --db $TMP/index --json MXFP8" "search --db $TMP/index MXFP8" \
	           "stats --db $TMP/index --json" "check --db $TMP/index" "--version"; do
		$FOLIO $cmd >/dev/full 2>"$TMP/full.err"
		got="$got$? $(grep -c 'cannot write the output: No space left on device' "$TMP/full.err")|"
	done
	echo MXFP8 | "$FOLIO" search --db "$TMP/index" --stdin >/dev/full 2>"$TMP/full.err"
	got="$got$? $(grep -c 'cannot write the output: No space left on device' "$TMP/full.err")"
else
	got="2 1|2 1|2 1|2 1|2 1|2 1"
fi
expect_eq "2 1|2 1|2 1|2 1|2 1|2 1" "$got"

# --stdin answers one line at a time: once an answer cannot be written,
# the rest cannot be either, so it stops there rather than read and
# search every line still to come (a long stream, or one that a tool
# keeps open) for answers that go nowhere. Its stdin is left open here:
# a folio that went on reading would wait for the next line.
begin "--stdin stops at the first answer it cannot write, and says why"
if [ -w /dev/full ]; then
	got=$(FOLIO="$FOLIO" DB="$TMP/index" python3 -c '
import os, subprocess
p = subprocess.Popen([os.environ["FOLIO"], "search", "--db", os.environ["DB"],
                      "--stdin"], stdin=subprocess.PIPE,
                     stdout=open("/dev/full", "wb"), stderr=subprocess.PIPE)
p.stdin.write(b"MXFP8\n")
p.stdin.flush()
try:
    rc = p.wait(timeout=20)
except subprocess.TimeoutExpired:
    rc = "still reading"
    p.kill()
    p.wait()
p.stdin.close()
print(rc, p.stderr.read().decode().strip())')
else
	got="2 folio: cannot write the output: No space left on device"
fi
expect_eq "2 folio: cannot write the output: No space left on device" "$got"

# A closed standard stream was the first file the library opened: with
# stdin closed, --stdin read a table file of the index as its queries
# and answered them (exit 0); a read that failed (a directory) was taken
# for the end of the queries (exit 1, "none matched").
begin "--stdin on a closed or unreadable stdin is an error, and answers nothing"
# (not through run: bash would give the $(...) pipe the closed stdin)
"$FOLIO" search --db "$TMP/index" --stdin <&- >"$TMP/closed.out" 2>"$TMP/closed.err"
expect_eq "2||folio: cannot read the queries on standard input: Bad file descriptor" "$?|$(cat "$TMP/closed.out")|$(cat "$TMP/closed.err")"
run "$FOLIO" search --db "$TMP/index" --stdin </
expect_eq "2||folio: cannot read the queries on standard input: Is a directory" "$rc|$out|$err"

# With stderr closed, the index's lock file took its place, and folio
# index wrote the problems it reported into it.
begin "folio index with stderr closed writes nothing into the index"
printf '{"url": "https://example.com/x", "title": "X"}\n' >"$TMP/nosummary.jsonl"
cp -r "$TMP/index" "$TMP/closed"
"$FOLIO" index --db "$TMP/closed" --no-delete "$TMP/nosummary.jsonl" >/dev/null 2>&-
expect_eq "1|0" "$?|$(grep -c 'no summary' "$TMP/closed/.folio-lock")"

finish
