# T110-hostile.sh: garbage in the corpus. Invalid UTF-8, NUL bytes, binary
# files, a truncated JSON line, a 200 KB title, a 20 MB summary without
# a newline, 10,000 posts with one URL,
# an unreadable file, a directory loop through symbolic links and a path
# that does not exist: each is reported as FILE[:LINE]: reason, the rest
# is indexed, nothing already indexed is lost, and the exit status is 1.
# A damaged or missing index makes search explain itself in one line and
# exit 2.
. "$(dirname "$0")/lib.sh"

# An index holding 50 good posts, to check that garbage loses none.
posts_jsonl 1 50 >"$TMP/base.jsonl"
mkdir -p "$TMP/c"
cp "$TMP/base.jsonl" "$TMP/c/base.jsonl"
"$FOLIO" index --db "$TMP/i" "$TMP/c" >/dev/null

# hostile NAME EXPECTED_STDERR_LINE: index $TMP/c (base.jsonl plus the
# hostile file just written) and check the diagnostic, the exit status,
# that the good post in good.jsonl got in and that the 50 base posts are
# still there.
hostile() {
	posts_jsonl 900 900 >"$TMP/c/good.jsonl"
	run "$FOLIO" index --db "$TMP/i" "$TMP/c"
	local line
	line=$(grep -F -- "$2" <<<"$err" | head -1)
	expect_eq "1|$2|51|1" "$rc|${line:0:${#2}}|$(count_of "$TMP/i")|$(total_of "$TMP/i" 'number 900')"
	rm -f "$TMP/c/good.jsonl"
}

begin "invalid UTF-8 in a post"
printf '{"url": "https://example.com/u", "title": "Bad \xff\xfe", "summary": "s"}\n' >"$TMP/c/utf8.jsonl"
hostile utf8 "$TMP/c/utf8.jsonl:1: invalid UTF-8 at column"
rm "$TMP/c/utf8.jsonl"

begin "a NUL byte in a JSON string"
printf '{"url": "https://example.com/n", "title": "NUL \\u0000", "summary": "s"}\n' >"$TMP/c/nul.jsonl"
hostile nul "$TMP/c/nul.jsonl:1: \"title\" contains a NUL character"
rm "$TMP/c/nul.jsonl"

begin "a raw NUL byte in a topic page"
printf '# Topic\n\n### [Nul post](https://example.com/nulmd)\n\nSum\0mary.\n' >"$TMP/c/nul.md"
hostile nulmd "$TMP/c/nul.md:5: a NUL byte at column 4"
rm "$TMP/c/nul.md"

begin "a binary file named like a corpus file"
head -c 20000 /dev/urandom >"$TMP/c/binary.jsonl"
printf '\0\xff' >>"$TMP/c/binary.jsonl"
hostile binary "$TMP/c/binary.jsonl: a binary file (NUL bytes, not UTF-8), not a corpus file; not read"
rm "$TMP/c/binary.jsonl"

begin "a gzipped file named like a corpus file says it is gzip, not just binary"
posts_jsonl 800 810 | gzip -c >"$TMP/c/packed.jsonl"
hostile gzip "$TMP/c/packed.jsonl: a gzip file: decompress it (gzip -dc FILE > COPY) and index the copy; not read"
rm "$TMP/c/packed.jsonl"

begin "and an xz or zstd one likewise (stand-ins: the format's magic alone)"
printf '\xfd7zXZ\0\0\x04' >"$TMP/c/packed.jsonl"
hostile xz "$TMP/c/packed.jsonl: an xz file: decompress it (xz -dc FILE > COPY) and index the copy; not read"
printf '\x28\xb5\x2f\xfd\x24\x00' >"$TMP/c/packed.md"
hostile zstd "$TMP/c/packed.md: a zstd file: decompress it (zstd -dc FILE > COPY) and index the copy; not read"
rm "$TMP/c/packed.jsonl" "$TMP/c/packed.md"

begin "a topic page saved as UTF-16 (Windows Notepad's \"Unicode\")"
printf '# Topic\n\n### [Wide](https://example.com/wide)\n\nWide.\n' |
	iconv -f UTF-8 -t UTF-16 >"$TMP/c/wide.md"
hostile wide "$TMP/c/wide.md: a UTF-16 file (it starts with a UTF-16 byte order mark): save it as UTF-8; not read"
rm "$TMP/c/wide.md"

begin "a truncated JSON line"
printf '{"url": "https://example.com/t", "title": "Trun' >"$TMP/c/trunc.jsonl"
hostile trunc "$TMP/c/trunc.jsonl:1: invalid JSON at column 48: unterminated string"
rm "$TMP/c/trunc.jsonl"

begin "a post with a 200 KB title"
python3 -c 'import json; print(json.dumps({"url": "https://example.com/big", "title": "T" * 200000, "summary": "s"}))' >"$TMP/c/big.jsonl"
hostile big "$TMP/c/big.jsonl:1: title longer than 65536 bytes"
rm "$TMP/c/big.jsonl"

begin "a topic page whose summary is 20 MB without a newline"
python3 -c 'import sys; sys.stdout.write("# Topic\n\n### [Huge](https://example.com/huge)\n- Company: X\n\n" + "a" * (20 << 20))' >"$TMP/c/huge.md"
hostile huge "$TMP/c/huge.md:3: summary longer than 4194304 bytes of markdown"
rm "$TMP/c/huge.md"

# Lines are trimmed as the summary is gathered, and the limit was applied
# to what was left: 5,000 list items indented ever deeper, 25 MB of
# markdown, trimmed to 50 KB and indexed. Its indentation is markdown too.
begin "a summary over 4194304 bytes of markdown, most of it indentation, is skipped"
python3 -c 'import sys; sys.stdout.write("# Topic\n\n### [Deep](https://example.com/deep)\n- Company: X\n\n- item\n" + " " * 4194292 + "- last\n")' >"$TMP/c/deep.md"
hostile deep "$TMP/c/deep.md:3: summary longer than 4194304 bytes of markdown"
begin "one of 4194304 bytes is indexed, and a comment within it is no summary"
python3 -c 'import sys; sys.stdout.write("# Topic\n\n### [Deep](https://example.com/deep)\n- Company: X\n\n- item\n<!--\n" + "c" * (5 << 20) + "\n-->\n" + " " * 4194291 + "- last\n")' >"$TMP/c/deep.md"
run "$FOLIO" index --db "$TMP/deep" "$TMP/c/deep.md"
expect_eq "0|1" "$rc|$(total_of "$TMP/deep" 'item last')"
rm "$TMP/c/deep.md"

begin "a word longer than the longest term is indexed by its first 64 bytes, with a warning"
python3 -c 'import json; print(json.dumps({"url": "https://example.com/long", "title": "Long word", "summary": "before " + "w" * 100000 + " afterword"}))' >"$TMP/c/long.jsonl"
posts_jsonl 900 900 >"$TMP/c/good.jsonl"
run "$FOLIO" index --db "$TMP/i" "$TMP/c"
expect_eq "0|$TMP/c/long.jsonl:1: warning: summary: the word \"wwwwwwwwwwwwwwwwwwww…\" (100000 bytes, at byte 8 of the summary's text) is indexed by its first 64 bytes only|52" \
	"$rc|$err|$(count_of "$TMP/i")"
begin "the words after the long one and its first 64 bytes are searchable"
expect_eq "1|1" "$(total_of "$TMP/i" afterword)|$(total_of "$TMP/i" "$(printf 'w%.0s' $(seq 64))")"
rm -f "$TMP/c/long.jsonl" "$TMP/c/good.jsonl"
"$FOLIO" index --db "$TMP/i" "$TMP/c" >/dev/null

begin "an unreadable file (a dangling symbolic link)"
ln -s "$TMP/nowhere.jsonl" "$TMP/c/dangling.jsonl"
hostile dangling "$TMP/c/dangling.jsonl: No such file or directory"
rm "$TMP/c/dangling.jsonl"

if [ "$(id -u)" -ne 0 ]; then
	begin "a file without read permission"
	posts_jsonl 7000 7000 >"$TMP/c/noperm.jsonl"
	chmod 000 "$TMP/c/noperm.jsonl"
	hostile noperm "$TMP/c/noperm.jsonl: Permission denied"
	rm -f "$TMP/c/noperm.jsonl"
fi

begin "a directory loop through symbolic links"
mkdir -p "$TMP/c/sub"
ln -s .. "$TMP/c/sub/up"
hostile loop "$TMP/c/sub/up: directory loop (a symbolic link leads back to a parent); not followed"
rm -r "$TMP/c/sub"

begin "a corpus path that does not exist, beside one that does"
posts_jsonl 900 900 >"$TMP/c/good.jsonl"
run "$FOLIO" index --db "$TMP/i" "$TMP/c" "$TMP/no-such-path"
expect_eq "1|$TMP/no-such-path: No such file or directory|51" "$rc|$err|$(count_of "$TMP/i")"
rm "$TMP/c/good.jsonl"

begin "10,000 posts with the same URL become one post with every topic"
python3 -c '
import json
for i in range(10000):
    print(json.dumps({"url": "https://example.com/same", "title": "Same", "summary": "same url", "topics": ["t%d" % i]}))' >"$TMP/same.jsonl"
run "$FOLIO" index --db "$TMP/same" "$TMP/same.jsonl"
expect_eq "0|1 post in 1 file: 1 added, 0 updated, 0 unchanged, 0 removed; 0 skipped|1" \
	"$rc|$out|$(total_of "$TMP/same" same)"

begin "after all that, the original 50 posts are intact and the index sound"
run "$FOLIO" check --db "$TMP/i"
expect_eq "0|51" "$rc|$(total_of "$TMP/i" lattices)"

begin "a clean run then removes the post whose file is gone"
run "$FOLIO" index --db "$TMP/i" "$TMP/c"
expect_eq "0|50 posts in 1 file: 0 added, 0 updated, 50 unchanged, 1 removed; 0 skipped" "$rc|$out"

begin "a search on a missing index: one line, exit 2"
run "$FOLIO" search --db "$TMP/nothing-here" lattices
expect_eq "2|folio: no index at $TMP/nothing-here" "$rc|$(head -1 <<<"$err")"

begin "the advice to build an index quotes its path for the shell"
run "$FOLIO" search --db "$TMP/sp ace/it's" lattices
expect_eq "2|folio: build one with: folio index --db '$TMP/sp ace/it'\\''s' corpus/" "$rc|$(tail -1 <<<"$err")"

begin "a search on an index whose stub names a missing generation"
cp -r "$TMP/i" "$TMP/broken1"
echo "glass gen-99" >"$TMP/broken1/XAPIANDB"
run "$FOLIO" search --db "$TMP/broken1" lattices
expect_eq "2|1|folio: index $TMP/broken1 is damaged: its stub names $TMP/broken1/gen-99, which does not exist; move the index aside and index again" \
	"$rc|$(wc -l <<<"$err")|$err"

begin "a search on an index with a garbage stub"
cp -r "$TMP/i" "$TMP/broken2"
head -c 100 /dev/urandom | tr -d '\n\0' >"$TMP/broken2/XAPIANDB"
run "$FOLIO" search --db "$TMP/broken2" lattices
expect_eq "2|1" "$rc|$(wc -l <<<"$err")"

# A table cut short (a copy or a full disk) is damage, not an error: it
# cannot even be opened, so the advice is the one that works, with the
# corpus paths the posting lists record (it said PATH...).
begin "folio check on an index with a table cut short says it is damaged"
cp -r "$TMP/i" "$TMP/cut"
gen=$(ls "$TMP/cut" | grep '^gen-')
: >"$TMP/cut/$gen/docdata.glass"
run "$FOLIO" check --db "$TMP/cut"
expect_eq "1|folio: index $TMP/cut is damaged: 1 problem, the first: $TMP/cut/$gen/docdata.glass: DatabaseError: EOF reading block N; rebuild it with: folio index --rebuild --db $TMP/cut $TMP/c" "$rc|$(sed "s/block [0-9]*/block N/" <<<"$err")"
begin "a search on that index gives the same advice, once"
run "$FOLIO" search --db "$TMP/cut" lattices
expect_eq "2|folio: index $TMP/cut is damaged: $TMP/cut/$gen/docdata.glass: DatabaseError: EOF reading block N; rebuild it with: folio index --rebuild --db $TMP/cut $TMP/c" "$rc|$(sed "s/block [0-9]*/block N/" <<<"$err")"

# A write error (a file size limit here, which fails a write as a full
# disk does) said only "DatabaseError: Error writing block N (File too
# large)": which index, and what became of it?
posts_jsonl 1 4000 >"$TMP/big.jsonl"
"$FOLIO" index --db "$TMP/w" "$TMP/base.jsonl" >/dev/null
for how in "" --rebuild; do
	begin "a write error ${how:+in a rebuild }names the index and keeps its last commit"
	run sh -c 'ulimit -f 1000; trap "" XFSZ; exec "$@"' sh "$FOLIO" index --db "$TMP/w" $how "$TMP/big.jsonl"
	expect_eq "2|folio: index $TMP/w: DatabaseError: Error writing block N (File too large); it is as it was at its last commit: fix the cause and run again|50" \
		"$rc|$(sed "s/block [0-9]*/block N/" <<<"$err")|$(count_of "$TMP/w")"
done

# A commit whose write fails once a failed run has gone before: glass
# says "Modifications failed (...)", which carries no errno of its own,
# and folio printed it bare, without the index or what became of it.
begin "a failed commit after a failed run names the index and keeps its last commit"
mkdir -p "$TMP/wc"
posts_jsonl 1 4000 >"$TMP/wc/posts.jsonl"
"$FOLIO" index --db "$TMP/w2" "$TMP/wc" >/dev/null
posts_jsonl 1 4000 v2 >"$TMP/wc/posts.jsonl"
sh -c 'ulimit -f 1000; trap "" XFSZ; exec "$@"' sh "$FOLIO" index --db "$TMP/w2" "$TMP/wc" 2>/dev/null
posts_jsonl 1 4000 >"$TMP/wc/posts.jsonl"
run sh -c 'ulimit -f 1000; trap "" XFSZ; exec "$@"' sh "$FOLIO" index --db "$TMP/w2" "$TMP/wc"
expect_eq "2|folio: index $TMP/w2: DatabaseError: Modifications failed (DatabaseError: Error writing block N (File too large)), and couldn't open at the old revision: Error writing block N; it is as it was at its last commit: fix the cause and run again|4000|0" \
	"$rc|$(sed "s/block [0-9]*/block N/g" <<<"$err")|$(count_of "$TMP/w2")|$("$FOLIO" check --db "$TMP/w2" >/dev/null; echo $?)"

# A first run that fails leaves an empty index behind (folio_db_open made
# it); a search there printed nothing, as for a query matching nothing.
# Its advice names the corpus that run was given, which the run recorded
# first (it named corpus/, whatever the run was given).
begin "after a failed first run, a search says the index holds no posts"
sh -c 'ulimit -f 1000; trap "" XFSZ; exec "$@"' sh "$FOLIO" index --db "$TMP/first" "$TMP/big.jsonl" 2>/dev/null
run "$FOLIO" search --db "$TMP/first" lattices
expect_eq "1||folio: index $TMP/first holds no posts: no run of folio index has finished there
folio: build it with: folio index --db $TMP/first $TMP/big.jsonl" "$rc|$out|$err"
# Nor did the index say which corpus that run was given: folio stats
# had no corpus, and a run killed before its first commit left the same
# (loose-ends-5). A later run records its own paths alone.
begin "a failed first run has recorded the corpus it was given"
corpus_json() { "$FOLIO" stats --db "$1" --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["updated"], json.dumps(d["corpus"]))'; }
expect_eq "None [\"$TMP/big.jsonl\"]" "$(corpus_json "$TMP/first")"
begin "so does a --stdin run there, once, after its answers"
run sh -c 'printf "lattices\nquokkas\n" | "$@"' sh "$FOLIO" search --db "$TMP/first" --stdin
expect_eq "1|2|folio: index $TMP/first holds no posts: no run of folio index has finished there" "$rc|$(wc -l <<<"$out")|$(head -1 <<<"$err")"

begin "an index emptied by a run says only that it holds no posts"
mkdir "$TMP/nothing"
"$FOLIO" index --db "$TMP/first" "$TMP/nothing" >/dev/null
run "$FOLIO" search --db "$TMP/first" lattices
expect_eq "1||folio: index $TMP/first holds no posts" "$rc|$out|$err"
begin "and a run that finishes there records its own corpus alone"
expect_eq "[\"$TMP/nothing\"]" "$(corpus_json "$TMP/first" | cut -d' ' -f2-)"

# A sharded generation that lost a shard: it was reported as a stub
# naming a generation that does not exist, and folio index created an
# empty shard in its place, losing the posts it held for good.
"$FOLIO" index --db "$TMP/sh" --shards 3 "$TMP/c" >/dev/null
gen=$(ls "$TMP/sh" | grep '^gen-')
rm -rf "$TMP/sh/$gen/shard-2"
lost="index $TMP/sh is damaged: a part of $TMP/sh/$gen is missing (DatabaseNotFoundError: "
advice="; rebuild it with: folio index --rebuild --db $TMP/sh PATH..."
begin "a search on a sharded index that lost a shard names the shard"
run "$FOLIO" search --db "$TMP/sh" lattices
expect_eq "2|folio: ${lost}$TMP/sh/$gen/shard-2: no shard directory)$advice" "$rc|$err"
begin "folio check says it is damaged, with the advice once"
run "$FOLIO" check --db "$TMP/sh"
expect_eq "1|folio: ${lost/ is damaged: / is damaged: 1 problem, the first: }$TMP/sh/$gen/shard-2: no shard directory)$advice" "$rc|$err"
begin "folio index refuses it and creates no empty shard in its place"
run "$FOLIO" index --db "$TMP/sh" "$TMP/c"
expect_eq "2|folio: ${lost}$TMP/sh/$gen/shard-2: no shard directory)$advice|no shard-2" \
	"$rc|$err|$([ -e "$TMP/sh/$gen/shard-2" ] && echo shard-2 || echo no shard-2)"
begin "a shard replaced by a file is damage to folio index as to search"
# folio index read the empty file as a stub listing no databases.
: >"$TMP/sh/$gen/shard-2"
run "$FOLIO" index --db "$TMP/sh" "$TMP/c"
expect_eq "2|folio: ${lost}$TMP/sh/$gen/shard-2: no shard directory)$advice" "$rc|$err"

begin "a search on an index whose tables are damaged"
cp -r "$TMP/i" "$TMP/broken3"
gen=$(ls "$TMP/broken3" | grep '^gen-')
head -c 100000 /dev/urandom >"$TMP/broken3/$gen/postlist.glass"
run "$FOLIO" search --db "$TMP/broken3" lattices
expect_eq "2|1" "$rc|$(wc -l <<<"$err")"

begin "folio check reports a damaged table, named by its file"
cp -r "$TMP/i" "$TMP/broken4"
dd if=/dev/urandom of="$TMP/broken4/$gen/termlist.glass" bs=1 count=2000 seek=100 conv=notrunc 2>/dev/null
run "$FOLIO" check --db "$TMP/broken4"
want="folio: index $TMP/broken4 is damaged: 1 problem, the first: $TMP/broken4/$gen/termlist.glass: DatabaseError: "
expect_eq "1|$want" "$rc|${err:0:${#want}}"

# Glass takes a lost termlist, position or docdata file for an empty
# table, and its checker passed such an index: a phrase then found nothing.
# Now no open passes it (T116).
for table in termlist position docdata; do
	begin "folio check reports a lost $table table"
	rm -rf "$TMP/lost"
	cp -r "$TMP/i" "$TMP/lost"
	rm "$TMP/lost/$gen/$table.glass"
	run "$FOLIO" check --db "$TMP/lost"
	expect_eq "1|folio: index $TMP/lost is damaged: 1 problem, the first: $TMP/lost/$gen/$table.glass is missing (Xapian takes it for an empty table); rebuild it with: folio index --rebuild --db $TMP/lost $TMP/c" "$rc|$err"
done

# Run from a directory someone else filled (a corpus checkout, say), the
# command must load its libraries from the system only: an empty entry
# in a RUNPATH makes the loader look in the working directory.
begin "a library planted in the working directory is never loaded"
mkdir "$TMP/planted"
printf '#include <unistd.h>\n__attribute__((constructor)) static void planted(void) { (void)!write(2, "planted\\n", 8); }\n' >"$TMP/planted/planted.c"
for lib in libc.so.6 libxapian.so.30 libstemmer.so.0d libutf8proc.so.2 libfolio.so.0; do
	cc -shared -fPIC -o "$TMP/planted/$lib" "$TMP/planted/planted.c"
done
folio_abs=$(realpath "$FOLIO")
run sh -c "cd '$TMP/planted' && '$folio_abs' --version"
expect_eq "0||folio " "$rc|$err|${out:0:6}"

# Post text must not drive or reorder the terminal: a C1 CSI (U+009B),
# a right-to-left override (U+202E) or a line separator (U+2028) in a
# title or summary is shown as a space.
begin "stored text cannot drive or reorder the terminal"
printf '{"url": "https://example.com/evil", "title": "Evil \xe2\x80\xaeeltit\xc2\x9b31m", "summary": "zebra \xe2\x80\xaeesrever and \xe2\x80\xa8 next"}\n' >"$TMP/evil.jsonl"
"$FOLIO" index --db "$TMP/evil" "$TMP/evil.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/evil" zebra
expect_eq "0|0" "$rc|$(printf '%s' "$out" | grep -c $'\xe2\x80\xae\|\xc2\x9b\|\xe2\x80\xa8')"

# Piped, every field of a hit follows one rule: a control character
# (BEL, ESC) is a space, in the title, company, URL and facets as in the
# snippet (the library's rule for snippets and marked titles); it was a
# "?" in some fields and a space in others. JSON keeps it, escaped.
begin "control characters in post text are spaces in every field of the text output"
printf '%s\n' '{"url": "https://example.com/bel", "title": "Bell\u0007title \u001b[31mred", "company": "Co\u0007mp\u001bany", "topics": ["To\u0007pic"], "summary": "wombat bell\u0007here and esc\u001b[31m there"}' >"$TMP/bel.jsonl"
"$FOLIO" index --db "$TMP/bel" "$TMP/bel.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/bel" --facets wombat
expect_eq "0|1. Bell title  [31mred
   Co mp any · https://example.com/bel
   wombat bell here and esc [31m there

company: Co mp any (1)
type: (none)
topic: To pic (1)
year: (none)" "$rc|$out"
run "$FOLIO" search --db "$TMP/bel" --json wombat
expect_eq '"Bell\u0007title \u001b[31mred"|"Co\u0007mp\u001bany"' "$(python3 -c 'import json,sys; h=json.load(sys.stdin)["hits"][0]; print(json.dumps(h["title"]) + "|" + json.dumps(h["company"]))' <<<"$out")"

# FILE:LINE: reason stays one line, whatever the file is called.
begin "a file name with a newline in it does not split its diagnostic"
mkdir -p "$TMP/nl"
printf '# T\n\n### [X](https://e.com/x)\n- Published: Smarch 3, 2026\n\nS.\n' >"$TMP/nl/bad
name.md"
run "$FOLIO" index --db "$TMP/nlidx" "$TMP/nl"
expect_eq "1|1|$TMP/nl/bad name.md:4: unparseable date" "$rc|$(wc -l <<<"$err")|${err%% \"*}"

# Errors and notices quote the query: an ESC in it retitled or cleared
# the terminal (explore-p). (Unquoted, a control character now parts
# the value from the field, as a space does: quoted, it is the value's.)
begin "a query's control characters cannot drive the terminal through an error"
run "$FOLIO" search --db "$TMP/evil" $'year:"2025\e]0;pwned\a2"'
expect_eq "2|folio: query position 7: \"2025?]0;pwned?2\" is not a year or a range of years (YYYY or YYYY..YYYY)" "$rc|$err"
# A lone byte 0x9B (CSI to a terminal reading 8-bit controls) passed, as
# did an ESC in the path of the advice to build an index (explore-r).
run "$FOLIO" search --db "$TMP/evil" $'year:2025\x9b2J'
expect_eq "2|folio: query position 6: \"2025?2J\" is not a year or a range of years (YYYY or YYYY..YYYY)" "$rc|$err"
run "$FOLIO" search --db "$TMP/no"$'\e[31m' x
expect_eq "2|folio: no index at $TMP/no?[31m
folio: build one with: folio index --db '$TMP/no?[31m' corpus/" "$rc|$err"

# folio stats printed the index and its corpus paths raw, and folio
# check the index: a corpus path's ESC ]0; (from an index someone else
# built) retitled the terminal, and an ESC in $FOLIO_INDEX passed too.
begin "the index and corpus paths that stats and check print cannot drive the terminal"
mkdir -p "$TMP/c"$'\e]0;pwned\a'
cp "$FOLIO_SOURCE_DIR/corpus/parallelism.md" "$TMP/c"$'\e]0;pwned\a/'
"$FOLIO" index --db "$TMP/esc"$'\e[2J' "$TMP/c"$'\e]0;pwned\a' >/dev/null
FOLIO_INDEX="$TMP/esc"$'\e[2J' run "$FOLIO" stats
expect_eq "0|index       $TMP/esc?[2J|corpus      $TMP/c?]0;pwned?" \
	"$rc|$(grep '^index' <<<"$out")|$(grep '^corpus' <<<"$out")"
FOLIO_INDEX="$TMP/esc"$'\e[2J' run "$FOLIO" check
expect_eq "0|$TMP/esc?[2J: sound (6 posts, no problems found)" "$rc|$out"

# A page's "# Topic" line with a byte that is not UTF-8 (or a NUL) was
# passed over as no heading, without a word: every post on the page lost
# its topic, and the run exited 0.
topic_of() {
	"$FOLIO" search --db "$TMP/itopic" --json "https://a.org/t$1" |
		python3 -c 'import json,sys; print(json.load(sys.stdin)["hits"][0]["topics"])'
}
begin "a damaged topic heading is reported, and the page's posts keep their topic"
mkdir -p "$TMP/topic"
printf '# Bees\n\n### [One](https://a.org/t1)\n\nAbout bees.\n' >"$TMP/topic/b.md"
printf '# Ants\n\n### [Two](https://a.org/t2)\n\nAbout ants.\n' >"$TMP/topic/a.md"
"$FOLIO" index --db "$TMP/itopic" "$TMP/topic" >/dev/null
printf '# Bees\377\n\n### [One](https://a.org/t1)\n\nAbout bees, edited.\n' >"$TMP/topic/b.md"
printf '\0# Ants\n\n### [Two](https://a.org/t2)\n\nAbout ants, edited.\n' >"$TMP/topic/a.md"
run "$FOLIO" index --db "$TMP/itopic" "$TMP/topic"
expect_eq "1|0 posts in 2 files: 0 added, 0 updated, 0 unchanged, 0 removed; 2 skipped; 2 posts no longer in the corpus kept (nothing is removed when something was skipped)|$TMP/topic/a.md:1: a NUL byte at column 1, and the page has no usable topic heading: the page is not read, as its posts would lose their topic
$TMP/topic/b.md:1: invalid UTF-8 at column 7, and the page has no usable topic heading: the page is not read, as its posts would lose their topic|['Bees'] ['Ants']" \
	"$rc|$out|$err|$(topic_of 1) $(topic_of 2)"

begin "a byte that is not UTF-8 before a sound topic heading costs nothing"
printf 'Intro \377 text.\n# Ants\n\n### [Two](https://a.org/t2)\n\nAbout ants, edited.\n' >"$TMP/topic/a.md"
printf -- '---\ntitle: Bees\n---\n\0\n### [One](https://a.org/t1)\n\nAbout bees, edited.\n' >"$TMP/topic/b.md"
run "$FOLIO" index --db "$TMP/itopic" "$TMP/topic"
expect_eq "0|2 posts in 2 files: 0 added, 2 updated, 0 unchanged, 0 removed; 0 skipped||['Bees'] ['Ants']" \
	"$rc|$out|$err|$(topic_of 1) $(topic_of 2)"

# A "# Topic" line longer than a field may be (64 KiB) was passed over as
# no heading, without a word: the page's posts lost their topic, exit 0.
begin "a topic heading longer than 64 KiB is reported, and the page's posts keep their topic"
python3 -c 'import sys; sys.stdout.write("# " + "B" * 65537 + "\n\n### [One](https://a.org/t1)\n\nAbout bees, again.\n")' >"$TMP/topic/b.md"
run "$FOLIO" index --db "$TMP/itopic" "$TMP/topic"
expect_eq "1|1 post in 2 files: 0 added, 0 updated, 1 unchanged, 0 removed; 1 skipped; 1 post no longer in the corpus kept (nothing is removed when something was skipped)|$TMP/topic/b.md:1: topic longer than 65536 bytes, and the page has no usable topic heading: the page is not read, as its posts would lose their topic|['Bees'] ['Ants']" \
	"$rc|$out|$err|$(topic_of 1) $(topic_of 2)"

# A page's front matter title, its only topic, was dropped without a word
# when longer than a field may be or not UTF-8: the posts lost their topic.
begin "a damaged front matter title is reported, and the page's posts keep their topic"
python3 -c 'import sys; sys.stdout.write("---\ntitle: " + "B" * 65537 + "\n---\n\n### [One](https://a.org/t1)\n\nAbout bees, once more.\n")' >"$TMP/topic/b.md"
printf -- '---\ntitle: "Ants\377"\n---\n\n### [Two](https://a.org/t2)\n\nAbout ants, once more.\n' >"$TMP/topic/a.md"
run "$FOLIO" index --db "$TMP/itopic" "$TMP/topic"
expect_eq "1|0 posts in 2 files: 0 added, 0 updated, 0 unchanged, 0 removed; 2 skipped; 2 posts no longer in the corpus kept (nothing is removed when something was skipped)|$TMP/topic/a.md:2: front matter title: invalid UTF-8 at column 13, and the page has no usable topic heading: the page is not read, as its posts would lose their topic
$TMP/topic/b.md:2: front matter title longer than 65536 bytes, and the page has no usable topic heading: the page is not read, as its posts would lose their topic|['Bees'] ['Ants']" \
	"$rc|$out|$err|$(topic_of 1) $(topic_of 2)"

finish
