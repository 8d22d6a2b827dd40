# T034-json-marks.sh: --json says where the matches are in each hit's
# snippet and title ("snippet_marks", "title_marks": [start, end] in code
# points of the decoded strings), exactly the words a terminal highlights,
# so that a tool reading the JSON (Python, jq) can highlight them too.
. "$(dirname "$0")/lib.sh"

python3 - >"$TMP/posts.jsonl" <<'PY'
import json
filler = " ".join(["Filler words about nothing in particular, again and again."] * 12)
posts = [
    ("compound", "Free-threaded Python in Zürich",
     "The free-threaded build of Python 3.14.0 drops the GIL: threads run "
     "in parallel, though a free lunch it is not."),
    ("camel", "PostgreSQL performance tuning",
     "Locking in PostgreSQL: how the database locks rows, and why NodeJS "
     "clients wait."),
    ("cjk", "中文全文检索系统", "这是一个中文全文检索系统的介绍。"),
    ("emoji", "🚀 Rocket launches, naïvely",
     "🚀🚀 The rocket café (Cafe\u0301 Crème) serves launch crews; a naïve "
     "rocket plan."),
    ("long", "A long report\u2028on the quokka\u202e",
     filler + " At last the quokka appears, smiling at the camera. " +
     " ".join(["More filler after it."] * 10)),
    # a run of control characters, blanks around it: the JSON title keeps
    # each, escaped, so each must count one in its marks
    ("controls", "Bells\u0007\u0007 \u0001 numbat\u202e \u2066burrows",
     "A numbat digs burrows."),
]
for name, title, summary in posts:
    print(json.dumps({"url": "https://example.com/" + name, "title": title,
                      "company": "Ex", "type": "Note", "topics": ["T"],
                      "summary": summary}))
PY
"$FOLIO" index --db "$TMP/idx" "$TMP/posts.jsonl" >/dev/null

# marks QUERY...: per hit "name title_marks snippet_marks", and the
# marked words (Python slices of the decoded strings) in brackets.
marks() {
	"$FOLIO" search --db "$TMP/idx" --json "$@" | python3 -c '
import json, sys
for h in json.load(sys.stdin)["hits"]:
    t, s = h["title"], h["snippet"]
    print(h["url"].rsplit("/", 1)[1], h["title_marks"], h["snippet_marks"],
          [t[a:b] for a, b in h["title_marks"]],
          [s[a:b] for a, b in h["snippet_marks"]])'
}

begin "a compound is one mark, in the title and the snippet"
expect_eq "compound [[0, 13]] [[4, 17]] ['Free-threaded'] ['free-threaded']" \
	"$(marks free-threaded)"

# In UTF-8 bytes "Rocket" would start at 5 and the second "rocket" at 67.
begin "positions count code points: an emoji before a match is one"
expect_eq "emoji [[2, 8]] [[7, 13], [62, 68]] ['Rocket'] ['rocket', 'rocket']" \
	"$(marks rocket)"

begin "a combining mark is inside the mark of its word"
expect_eq "emoji [] [[14, 18], [20, 25]] [] ['café', 'Cafe$(printf '\xcc\x81')']" \
	"$(marks café)"

begin "a word with a diacritic typed without it is marked whole"
expect_eq "emoji [[19, 26]] [[56, 61]] ['naïvely'] ['naïve']" "$(marks naive)"

begin "CJK: the characters the query's bigram matched"
expect_eq "cjk [[2, 4]] [[6, 8]] ['全文'] ['全文']" "$(marks 全文)"

# The title in JSON keeps its bidi control (escaped), which the terminal
# shows as a space: one character either way. Its line separator is white
# space, stored as a space (README: "Where the matches are").
begin "a snippet that starts with an ellipsis counts it as one character"
expect_eq "long [[21, 27]] [[42, 48]] ['quokka'] ['quokka']|…" \
	"$(marks quokka)|$("$FOLIO" search --db "$TMP/idx" --json quokka | python3 -c 'import json,sys; print(json.load(sys.stdin)["hits"][0]["snippet"][0])')"

# Terminal and JSON alike show each of them as one space: the marked title
# made a run of them, with the blanks around it, one space, as a snippet
# does, and the marks, counted in it, fell short of the words in the title.
begin "a title's control characters count one each, a run of them too"
expect_eq "controls [[10, 16], [19, 26]] [[2, 8], [14, 21]] ['numbat', 'burrows'] ['numbat', 'burrows']" \
	"$(marks numbat burrows)"

# README said a title keeps U+2028 escaped; the index stores a title
# with each run of white space, U+2028, U+2029 and U+0085 too, as one
# space, and keeps its other control characters (a BEL), escaped in JSON.
begin "a title's line separators are white space, stored as one space; a BEL is kept"
python3 -c 'import json; print(json.dumps({"url": "https://example.com/ls",
    "title": "ls\u2028 del\u2029\u2029rm\u0085\u0007 wombat",
    "summary": "A wombat digs."}))' >"$TMP/ls.jsonl"
"$FOLIO" index --db "$TMP/ls" "$TMP/ls.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/ls" --json wombat
expect_eq '"title": "ls del rm \u0007 wombat"|[[12, 18]]' \
	"$(grep -o '"title": "[^"]*"' <<<"$out")|$(python3 -c 'import json,sys; print(json.load(sys.stdin)["hits"][0]["title_marks"])' <<<"$out")"

begin "a match in the title alone"
expect_eq "compound [[24, 30]] [] ['Zürich'] []" "$(marks zurich)"

begin "stems, camelCase, NEAR, prefixes, versions and phrases"
expect_eq "camel [] [[0, 7], [40, 45]] [] ['Locking', 'locks']
camel [] [[60, 66]] [] ['NodeJS']
compound [] [[51, 54], [56, 63]] [] ['GIL', 'threads']
compound [[5, 13]] [[9, 17], [56, 63]] ['threaded'] ['threaded', 'threads']
compound [] [[34, 40]] [] ['3.14.0']
camel [[0, 22]] [] ['PostgreSQL performance'] []
compound [[0, 13]] [[4, 17]] ['Free-threaded'] ['free-threaded']" \
	"$(marks lock; marks nodejs; marks 'GIL NEAR/3 threads'; marks 'thread*'
	   marks 3.14.0; marks '"postgresql performance"'; marks '"free threaded"')"

# The terminal's highlighting, read through a pseudo-terminal, against the
# JSON strings with the same markers put in at the marks: every title and
# snippet line must be the same, for every query here, search and similar.
QUERIES=(free-threaded rocket café naive 全文 quokka zurich lock nodejs
	'GIL NEAR/3 threads' 'thread*' 3.14.0 '"postgresql performance"'
	'"free threaded"' 'free lunch' 'rocket OR quokka OR 中文' 'numbat burrows')
begin "slicing the JSON by the marks gives the words a terminal highlights"
expect_eq "ok" "$(python3 - "$FOLIO" "$TMP/idx" "${QUERIES[@]}" <<'PY'
import json, os, pty, re, select, subprocess, sys, tempfile
folio, db, queries = sys.argv[1], sys.argv[2], sys.argv[3:]
S, E = "\x1b[1;33m", "\x1b[0m"

# Runs args on a pseudo-terminal: (output, exit status, stderr). This end
# keeps the terminal's other side open until the child has exited, so no
# read meets the hang-up (EIO) while the child's last output may still be
# on its way to this side; what is left is read after that.
def tty(args):
    m, s = pty.openpty()
    err = tempfile.TemporaryFile()
    p = subprocess.Popen(args, stdout=s, stdin=subprocess.DEVNULL,
                         stderr=err)
    out = b""
    while True:
        if select.select([m], [], [], 0.05)[0]:
            out += os.read(m, 65536)
        elif p.poll() is not None:
            break
    os.close(s)
    while True:
        try:
            d = os.read(m, 65536)
        except OSError:
            break
        if not d:
            break
        out += d
    os.close(m)
    err.seek(0)
    return out.decode().replace("\r\n", "\n"), p.returncode, err.read()

def put(s, marks):
    for a, b in reversed(marks):
        s = s[:a] + S + s[a:b] + E + s[b:]
    return s

def shown(s):
    # the terminal shows a post's controls (U+2028, U+202E) as spaces
    return re.sub("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]", " ", s)

runs = [["search", "--", q] for q in queries]
runs += [["similar", "https://example.com/" + n] for n in ("compound", "emoji")]
words = 0
for run in runs:
    text, status, err = tty([folio, run[0], "--db", db] + run[1:])
    d = json.loads(subprocess.run([folio, run[0], "--db", db, "--json"] +
                                  run[1:], stdout=subprocess.PIPE).stdout)
    want = []
    for h in d["hits"]:
        for s, m in ((h["title"], h["title_marks"]),
                     (h["snippet"], h["snippet_marks"])):
            words += len(m)
            want.append((put(shown(s), m), [s[a:b] for a, b in m]))
    lines = text.split("\n")
    titles = [l.split(". ", 1)[1] for l in lines if re.match(r"[0-9]+\. ", l)]
    snippets = [l[3:] for l in lines[2::4]]
    got = [x for pair in zip(titles, snippets) for x in pair]
    assert len(got) == len(want), (run, status, err, text, got, want)
    for g, (w, sliced) in zip(got, want):
        assert g == w, (run, g, w)
        assert re.findall(re.escape(S) + "(.*?)" + re.escape(E), g) == sliced
assert words > 40, words
print("ok")
PY
)"

begin "--stdin gives each line's hits the marks --json gives"
printf '%s\n' "${QUERIES[@]}" >"$TMP/queries"
expect_eq "ok" "$("$FOLIO" search --db "$TMP/idx" --stdin <"$TMP/queries" | python3 -c '
import json, subprocess, sys
folio, db = sys.argv[1:3]
for line in sys.stdin:
    d = json.loads(line)
    one = json.loads(subprocess.run([folio, "search", "--db", db, "--json",
                                     "--", d["query"]],
                                    stdout=subprocess.PIPE).stdout)
    assert [(h["title_marks"], h["snippet_marks"]) for h in d["hits"]] == \
        [(h["title_marks"], h["snippet_marks"]) for h in one["hits"]], d
print("ok")' "$FOLIO" "$TMP/idx")"

# jq indexes strings by code point too: the README's recipe works as is.
if command -v jq >/dev/null; then
	begin "jq: the README's recipe brackets the marked words"
	expect_eq "🚀 [Rocket] launches, [naïvely]
🚀🚀 The [rocket] café (Cafe$(printf '\xcc\x81') Crème) serves launch crews; a [naïve] [rocket] plan." \
		"$("$FOLIO" search --db "$TMP/idx" --json rocket naive | jq -r '.hits[] |
		(.title as $s | reduce (.title_marks | reverse[]) as [$a, $b]
		 ($s; .[:$a] + "[" + .[$a:$b] + "]" + .[$b:])),
		(.snippet as $s | reduce (.snippet_marks | reverse[]) as [$a, $b]
		 ($s; .[:$a] + "[" + .[$a:$b] + "]" + .[$b:]))')"
fi

finish
