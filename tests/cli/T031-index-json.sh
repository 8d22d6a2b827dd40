# T031-index-json.sh: folio index --json prints one JSON object on stdout
# however the run ends (everything indexed, something skipped, nothing
# changed, a failure before or during the run), with the keys and types
# the README gives, every problem the run reported in order, and the
# exit status of the text output. Nothing else goes to stdout.
. "$(dirname "$0")/lib.sh"

# shape: read an index --json object on stdin; print "ok" when it is
# valid JSON with the README's keys in its order and types, else what is
# wrong.
shape() {
	json_shape '
assert text.count("\n{") == 0, "not one object"
assert list(d)[0] == "problems", list(d)
for p in d["problems"]:
    assert list(p) == ["file", "line", "message", "warning"], list(p)
    assert isinstance(p["file"], str) and isinstance(p["message"], str)
    assert p["line"] is None or (type(p["line"]) is int and p["line"] > 0)
    assert type(p["warning"]) is bool
counts = ["files", "posts", "added", "updated", "unchanged", "skipped",
          "removed", "kept", "kept_malformed"]
if "error" in d:
    assert list(d)[1:3] == ["error", "message"] and len(d) == 3, list(d)
    assert all(isinstance(d[k], str) for k in ("error", "message"))
else:
    assert list(d) == ["problems"] + counts + ["rebuilt"], list(d)
    assert all(type(d[k]) is int and d[k] >= 0 for k in counts)
    assert type(d["rebuilt"]) is bool'
}

mkdir -p "$TMP/c"
posts_jsonl 1 5 >"$TMP/c/posts.jsonl"

begin "a clean run: the counts, no problems, exit 0, nothing on stderr"
run "$FOLIO" index --db "$TMP/i" --json "$TMP/c"
expect_eq '0|{"problems": [], "files": 1, "posts": 5, "added": 5, "updated": 0, "unchanged": 0, "skipped": 0, "removed": 0, "kept": 0, "kept_malformed": 0, "rebuilt": true}||ok' \
	"$rc|$out|$err|$(shape <<<"$out" 2>&1)"

begin "a re-run over the same corpus: everything unchanged, rebuilt false"
run "$FOLIO" index --db "$TMP/i" --json "$TMP/c"
expect_eq '0|{"problems": [], "files": 1, "posts": 5, "added": 0, "updated": 0, "unchanged": 5, "skipped": 0, "removed": 0, "kept": 0, "kept_malformed": 0, "rebuilt": false}|' \
	"$rc|$out|$err"

# A malformed line, a warning, a file that cannot be read and a path
# that does not exist: each with its file and line (null for a whole
# file), in the order reported, and still said on stderr.
begin "skipped input: every problem, in order, with the counts; exit 1"
mkdir -p "$TMP/bad"
posts_jsonl 6 6 >"$TMP/bad/posts.jsonl"
printf '{"url": "https://example.com/broken", "title": \n' >>"$TMP/bad/posts.jsonl"
printf '{"url": "https://example.com/twice", "title": "T", "company": "X", "company": "Y", "summary": "twice"}\n' >>"$TMP/bad/posts.jsonl"
printf '\xff\xfe{' >"$TMP/bad/utf16.jsonl"
run "$FOLIO" index --db "$TMP/i" --json "$TMP/c" "$TMP/bad" "$TMP/missing"
expect_eq "1|{\"problems\": [
  {\"file\": \"$TMP/bad/posts.jsonl\", \"line\": 2, \"message\": \"invalid JSON at column 48: unexpected end of input\", \"warning\": false},
  {\"file\": \"$TMP/bad/posts.jsonl\", \"line\": 3, \"message\": \"\\\"company\\\" is given twice in this object: the first is kept\", \"warning\": true},
  {\"file\": \"$TMP/bad/utf16.jsonl\", \"line\": null, \"message\": \"a UTF-16 file (it starts with a UTF-16 byte order mark): save it as UTF-8; not read\", \"warning\": false},
  {\"file\": \"$TMP/missing\", \"line\": null, \"message\": \"No such file or directory\", \"warning\": false}
], \"files\": 2, \"posts\": 7, \"added\": 2, \"updated\": 0, \"unchanged\": 5, \"skipped\": 3, \"removed\": 0, \"kept\": 0, \"kept_malformed\": 0, \"rebuilt\": false}|ok" \
	"$rc|$out|$(shape <<<"$out" 2>&1)"

begin "the problems are still said on stderr, the summary line is not"
expect_eq "$TMP/bad/posts.jsonl:2: invalid JSON at column 48: unexpected end of input
$TMP/bad/posts.jsonl:3: warning: \"company\" is given twice in this object: the first is kept
$TMP/bad/utf16.jsonl: a UTF-16 file (it starts with a UTF-16 byte order mark): save it as UTF-8; not read
$TMP/missing: No such file or directory" "$err"

begin "a file name with a quote, a control character and bad UTF-8 stays valid JSON"
name=$'we"ird\x01\xff.jsonl'
printf '{"url": "https://example.com/w"}\n' >"$TMP/c/$name"
run "$FOLIO" index --db "$TMP/i" --json --no-delete "$TMP/c/$name"
expect_eq "1|{\"file\": \"$TMP/c/we\\\"ird\\u0001\\ufffd.jsonl\", \"line\": 1, \"message\": \"post has no title\", \"warning\": false}|ok" \
	"$rc|$(sed -n 2p <<<"$out" | sed 's/^  //')|$(shape <<<"$out" 2>&1)"
rm "$TMP/c/$name"

begin "a path that does not exist: the error object, exit 2, the index untouched"
run "$FOLIO" index --db "$TMP/new" --json "$TMP/nothing"
expect_eq "2|{\"problems\": [], \"error\": \"not found\", \"message\": \"$TMP/nothing: No such file or directory\"}|folio: $TMP/nothing: No such file or directory|ok|absent" \
	"$rc|$out|$err|$(shape <<<"$out" 2>&1)|$([ -e "$TMP/new" ] && echo present || echo absent)"

begin "a message longer than 2 KiB (many missing paths) is whole in the object"
missing=()
for i in $(seq 60); do missing+=("$TMP/missing-path-$i-padding-padding-padding"); done
run "$FOLIO" index --db "$TMP/new" --json "${missing[@]}"
expect_eq "2|ok|$err" "$rc|$(shape <<<"$out" 2>&1)|folio: $(python3 -c 'import json,sys; print(json.load(sys.stdin)["message"])' <<<"$out")"

begin "an empty path is an invalid argument"
run "$FOLIO" index --db "$TMP/i" --json ""
expect_eq '2|{"problems": [], "error": "invalid argument", "message": "path 1 of 1 is an empty path, which names no file"}' "$rc|$out"

# The lock held as another writer holds it (an flock on .folio-lock),
# from this shell; the folio that recorded itself there is gone, so the
# message names no process.
begin "a locked index: the error object, exit 3"
exec 9>>"$TMP/i/.folio-lock"
flock -n 9
run "$FOLIO" index --db "$TMP/i" --json "$TMP/c"
exec 9>&-
expect_eq "3|{\"problems\": [], \"error\": \"index locked by another writer\", \"message\": \"$TMP/i is locked: another writer is indexing it; use --wait to wait for it\"}|folio: $TMP/i is locked: another writer is indexing it; use --wait to wait for it" \
	"$rc|$out|$err"

begin "bad usage is one error object too, wherever --json is"
run "$FOLIO" index --db "$TMP/i" --bogus --json "$TMP/c"
expect_eq "2|{\"problems\": [], \"error\": \"invalid argument\", \"message\": \"unknown option --bogus (try 'folio index --help')\"}" "$rc|$out"
run "$FOLIO" index --json --threads x "$TMP/c"
expect_eq '2|{"problems": [], "error": "invalid argument", "message": "--threads takes a whole number from 0 to 256, not \"x\""}' "$rc|$out"

begin "--json as the value of --threads or --shards asks for no JSON"
run "$FOLIO" index --db "$TMP/i" --threads=--json "$TMP/c"
expect_eq "2|" "$rc|$out"
run "$FOLIO" index --db "$TMP/i" --shards=--json "$TMP/c"
expect_eq "2|" "$rc|$out"

begin "an option where --threads' value should be is bad usage, in JSON"
run "$FOLIO" index --db "$TMP/i" --threads --json "$TMP/c"
expect_eq '2|{"problems": [], "error": "invalid argument", "message": "--threads needs a value, not the option --json (--threads=--json gives it that value)"}' "$rc|$out"

# A run that fails after problems were reported (a rebuild of an index
# of another format that would lose the skipped post, T180) keeps them
# in the object, which ends with the error.
begin "a failure during the run: its problems, then the error; exit 2"
"$FOLIO" index --db "$TMP/old" "$TMP/c" >/dev/null
xapian-metadata set "$TMP/old/XAPIANDB" folio.format 1
fmt=$(xapian-metadata get "$TMP/i/XAPIANDB" folio.format)
printf '{"url": "https://example.com/bad", "title": "Bad"}\n' >"$TMP/c/bad.jsonl"
run "$FOLIO" index --db "$TMP/old" --json --rebuild "$TMP/c"
expect_eq "2|{\"problems\": [
  {\"file\": \"$TMP/c/bad.jsonl\", \"line\": 1, \"message\": \"post has no summary\", \"warning\": false}
], \"error\": \"incompatible index version\", \"message\": \"1 malformed post or unreadable file skipped, and index $TMP/old has format \\\"1\\\", whose posts this folio (format $fmt) cannot read or carry over: a rebuild would lose the posts they hold, so the index was left as it was; fix them and rebuild again\"}|ok" \
	"$rc|$out|$(shape <<<"$out" 2>&1)"
rm "$TMP/c/bad.jsonl"

# On a terminal (a pseudo terminal from script(1), T160) the bar showed
# on stderr beside the object a tool reads from stdout.
begin "--json draws no progress bar on a terminal; the terminal gets the object alone"
posts_jsonl 1 3000 >"$TMP/big.jsonl"
printf -v cmd '%q ' "$FOLIO" index --db "$TMP/tty" --threads 1 --json "$TMP/big.jsonl"
tty=$(script -qec "stty cols 80 rows 24; exec $cmd" /dev/null </dev/null | tr -d '\r')
expect_eq '{"problems": [], "files": 1, "posts": 3000, "added": 3000, "updated": 0, "unchanged": 0, "skipped": 0, "removed": 0, "kept": 0, "kept_malformed": 0, "rebuilt": true}' "$tty"

begin "--progress still prints its lines on stderr with --json"
run "$FOLIO" index --db "$TMP/i" --json --progress "$TMP/c"
expect_eq "0|folio: reading 1 file|ok" "$rc|$(head -1 <<<"$err")|$(shape <<<"$out" 2>&1)"

finish
