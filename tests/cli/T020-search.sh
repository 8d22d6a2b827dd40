# T020-search.sh: folio search finds technical words the way people type
# them, ranks exact matches first, prints text hits and uses its exit
# status to say whether anything matched.
. "$(dirname "$0")/lib.sh"
sample_index

NVIDIA=https://yomu.fyi/post/accelerating-dropless-moe-training-in-jax-with-nvidia-transformer-engi.md
REDHAT=https://yomu.fyi/post/python-3-14-free-threaded-build-is-now-available-in-rhel.md
META=https://yomu.fyi/post/gem-training-how-meta-doubled-the-efficiency-of-its-llm-scale-ads-foun.md
MODAL=https://yomu.fyi/post/building-with-modal-and-the-openai-agents-sdk.md
EBAY=https://yomu.fyi/post/scaling-large-language-models-for-e-commerce-the-development-of-a-llam.md
HEROKU=https://yomu.fyi/post/the-curious-case-of-the-table-locking-update-query.md

# hits QUERY...: the URLs found, in rank order, space-separated.
hits() {
	run "$FOLIO" search --db "$TMP/index" --json "$@"
	urls_of "$out" | tr '\n' ' ' | sed 's/ $//'
}

begin "MXFP8 finds exactly the two posts that mention it"
expect_eq "$NVIDIA $META" "$(hits MXFP8)"

begin "lower-case mxfp8 finds the same posts"
expect_eq "$NVIDIA $META" "$(hits mxfp8)"

begin "free-threaded finds the Red Hat post first"
expect_eq "$REDHAT" "$(hits free-threaded | cut -d' ' -f1)"

for q in "free threaded" freethreaded free-threading; do
	begin "$q finds the free-threaded post"
	expect_eq "$REDHAT" "$(hits "$q")"
done

begin "pg_stat_activity (escaped as pg\\_stat\\_activity in markdown) is found"
expect_eq "$HEROKU" "$(hits pg_stat_activity)"

begin "GB200 is found"
expect_eq "$NVIDIA" "$(hits GB200)"

begin "3.14 is found"
expect_eq "$REDHAT" "$(hits 3.14)"

# 2.0.1 and v2.0.1 name one release, but their terms differ (2 0 1 and
# v2 0 1): each found only the posts writing it as typed. Excluded, it
# excludes both, as -lock excludes locking.
begin "a dotted version finds the posts writing it with or without a v, the form typed first"
cat >"$TMP/versions.jsonl" <<'JL'
{"url": "https://example.com/tag", "title": "zstd-tools v2.0.1 released", "summary": "The v2.0.1 tag fixes a crash."}
{"url": "https://example.com/pkg", "title": "Upgrading to parser 2.0.1", "summary": "Parser 2.0.1 fixes a leak."}
{"url": "https://example.com/near", "title": "Parser 2.0.10 and v12.0.1", "summary": "Other releases: 2.0.10 and v12.0.1."}
JL
"$FOLIO" index --db "$TMP/versions" "$TMP/versions.jsonl" >/dev/null
vhits() { run "$FOLIO" search --db "$TMP/versions" --json "$@"; urls_of "$out" | sed 's,https://example.com/,,' | xargs; }
expect_eq "pkg tag|tag pkg|tag|near" "$(vhits 2.0.1)|$(vhits V2.0.1)|$(vhits 2.0.1 crash)|$(vhits releases -- -2.0.1)"

# In a phrase a version was its typed form's parts alone, so
# title:"zstd-tools 2.0.1" missed "zstd-tools v2.0.1", which
# title:zstd-tools 2.0.1 finds; either form's parts hold the same
# places, so the phrase stays a phrase (2.0.10 and v12.0.1 are other
# releases).
begin "a version in a phrase matches written with or without a v, in its place"
expect_eq "tag|tag|pkg|pkg|tag|pkg||" "$(vhits 'title:"zstd-tools 2.0.1"')|$(vhits '"zstd-tools 2.0.1 released"')|$(vhits '"parser v2.0.1"')|$(vhits 'title:"to parser v2.0.1"')|$(vhits '"the 2.0.1 tag"')|$(vhits '"2.0.1 fixes"')|$(vhits '"parser 2.0.1 and"')|$(vhits '"zstd-tools 2.0.1 v12.0.1"')"

# Xapian 1.4 (glass) stores a term's positions {0, 1} as {1}, and a
# title's first word took position 0: "Cafe cafe days" held cafe at 1
# only, and the phrase found nothing.
begin "a phrase finds a title that starts with a word twice"
cat >"$TMP/twice.jsonl" <<'JL'
{"url": "https://example.com/twice", "title": "Cafe cafe days", "summary": "Notes."}
{"url": "https://example.com/once", "title": "Scafe notes", "summary": "Days."}
JL
"$FOLIO" index --db "$TMP/twice" "$TMP/twice.jsonl" >/dev/null
thits() { run "$FOLIO" search --db "$TMP/twice" --json "$@"; urls_of "$out" | sed 's,https://example.com/,,' | xargs; }
expect_eq "twice|twice|twice" "$(thits 'title:"cafe cafe"')|$(thits '"cafe cafe days"')|$(thits 'cafe NEAR/1 cafe')"

# In a NEAR a version was its typed form, joined or as parts in any
# order: parser NEAR v2.0.1 missed "parser 2.0.1", and released NEAR
# 2.0.1 found "releases: 2.0.10 and v12.0.1" (2, 0 and 1 scattered over
# two other releases). Now it is either form joined, its last part ending
# it within the window, as the parts held it (NEAR/1 is adjacent, NEAR/3
# two words between).
begin "a version in a NEAR matches written with or without a v, and no other release"
expect_eq "tag|pkg|pkg|tag|tag|pkg|pkg||pkg|tag" "$(vhits 'released NEAR 2.0.1')|$(vhits 'parser NEAR v2.0.1')|$(vhits 'parser NEAR 2.0.1')|$(vhits '2.0.1 NEAR/1 released')|$(vhits 'title:released NEAR/1 title:2.0.1')|$(vhits 'v2.0.1 NEAR/1 fixes')|$(vhits '"parser v2.0.1" NEAR leak')|$(vhits 'upgrading NEAR/2 2.0.1')|$(vhits 'upgrading NEAR/3 v2.0.1')|$(vhits '2.0.1 NEAR/1 tag')"
if command -v script >/dev/null; then
	# and it is marked in the form the post writes
	tty_out=$(script -qec "$FOLIO search --db $TMP/versions 'released NEAR 2.0.1'" /dev/null)
	expect_eq "zstd-tools [v2.0.1] [released]" "$(sed $'s/\x1b\\[1;33m/[/g; s/\x1b\\[0m/]/g' <<<"$tty_out" | grep -o 'zstd-tools.*released\]')"
fi

# --explain named a phrase's version by its parts ("phrase parser v2 0 1")
# and counted the wdf of the typed form's first part alone, which the
# post does not hold (v2 of "parser 2.0.1": wdf 12, not the 16 of
# parser, 2, 0 and 1, each 4; the, tag, v2, 0, 1 of "The v2.0.1 tag":
# 1 + 1 + 4 + 4 + 4).
begin "--explain names a phrase's version as typed and counts the form the post holds"
run "$FOLIO" search --db "$TMP/versions" --explain '"parser v2.0.1"'
expl=$(grep -o 'phrase.*wdf [0-9]*,' <<<"$out")
run "$FOLIO" search --db "$TMP/versions" --explain '"the 2.0.1 tag"'
expect_eq "phrase parser v2.0.1: wdf 16,|phrase the 2.0.1 tag: wdf 14," "$expl|$(grep -o 'phrase.*wdf [0-9]*,' <<<"$out")"

begin "Lumir finds Lumír (diacritics folded)"
expect_eq "$REDHAT" "$(hits Lumir)"

begin "a company name is findable though the summary never says it"
expect_eq "$HEROKU" "$(hits Heroku)"

begin "an author's name is findable"
expect_eq "$EBAY" "$(hits Khadivi)"

begin "a stem matches other forms: locking finds lock and locking"
expect_eq "$HEROKU $REDHAT" "$(hits locking)"

begin "exact forms outrank stem matches"
cat >"$TMP/stems.jsonl" <<'JL'
{"url": "https://example.com/s1", "title": "One", "summary": "The runner runs a run."}
{"url": "https://example.com/s2", "title": "Two", "summary": "We are running it."}
JL
"$FOLIO" index --db "$TMP/stems" "$TMP/stems.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/stems" --json running
expect_eq "https://example.com/s2 https://example.com/s1" "$(urls_of "$out" | tr '\n' ' ' | sed 's/ $//')"

begin "every word must match"
expect_eq "" "$(hits MXFP8 Heroku)"

begin "a query with no hits exits 1 and prints nothing"
run "$FOLIO" search --db "$TMP/index" zyzzyva
expect_eq "1|" "$rc|$out"

begin "an index directory that does not exist exits 2 and says how to build one"
run "$FOLIO" search --db "$TMP/nowhere" MXFP8
expect_eq "2|folio: no index at $TMP/nowhere
folio: build one with: folio index --db $TMP/nowhere corpus/" "$rc|$err"

# stats, check and similar said "no index at DIR" alone: only search
# said how to build one.
begin "every command that reads an index says how to build a missing one, as search does"
r=""
for c in stats check "similar https://example.com/p1" "search MXFP8"; do
	run "$FOLIO" $c --db "$TMP/nowhere"
	r="$r$rc $err;"
done
said="folio: no index at $TMP/nowhere
folio: build one with: folio index --db $TMP/nowhere corpus/"
expect_eq "2 $said;2 $said;2 $said;2 $said;" "$r"

# An index directory named like an option (--json) was advised as
# "folio index --db --json corpus/", which is bad usage: --db needs a value.
begin "the build advice for a directory named like an option is a command that builds it"
mkdir "$TMP/advised"
ln -s "$FOLIO_SOURCE_DIR/corpus" "$TMP/advised/corpus"
run env -C "$TMP/advised" "$FOLIO" search --db=--nowhere MXFP8
said=${err#*with: folio }
expect_eq "2|folio: no index at --nowhere
folio: build one with: folio index --db=--nowhere corpus/" "$rc|$err"
# shellcheck disable=SC2086 # the advice is split into words as a shell would
run env -C "$TMP/advised" "$FOLIO" $said
expect_eq "0|6 posts in 1 file: 6 added, 0 updated, 0 unchanged, 0 removed; 0 skipped" "$rc|$out"

begin "an empty index path is refused, and no index is looked for"
run "$FOLIO" search --db "" MXFP8
expect_eq "2|folio: an empty path names no index" "$rc|$err"

begin "a directory that is not an index is refused, not overwritten"
mkdir -p "$TMP/notindex" && echo hello >"$TMP/notindex/file.txt"
run "$FOLIO" index --db "$TMP/notindex" "$FOLIO_SOURCE_DIR/corpus"
expect_eq "2|folio: $TMP/notindex is not a folio index|hello" "$rc|$err|$(cat "$TMP/notindex/file.txt")"

begin "an empty query is a usage error"
run "$FOLIO" search --db "$TMP/index"
expect_eq "2" "$rc"

begin "a query of punctuation only is an error that says why"
run "$FOLIO" search --db "$TMP/index" '...'
expect_eq "2|folio: the query has no words to search for" "$rc|$err"
begin "and one of operators only says what it ignored, and where"
run "$FOLIO" search --db "$TMP/index" '!!!'
expect_eq "2|folio: query position 1: ! before another sign: the query has no words to search for" "$rc|$err"

begin "text output: rank, title, company, date, URL and snippet"
run "$FOLIO" search --db "$TMP/index" GB200
expect_eq "1. Accelerating Dropless MoE Training in JAX with NVIDIA Transformer Engine
   NVIDIA · 2026-09-14 · $NVIDIA" "$(head -2 <<<"$out")"

begin "the snippet shows the matched word"
expect_eq "yes" "$(sed -n 3p <<<"$out" | grep -q 'NVIDIA GB200, the reported' && echo yes)"

begin "no highlighting when stdout is not a terminal"
expect_eq "no" "$(grep -q $'\x1b' <<<"$out" && echo yes || echo no)"

# From rank 10 on, a hit's lines started a column left of its title.
begin "a hit's lines start under its title, whatever its rank's width"
for i in 01 02 03 04 05 06 07 08 09 10; do
	printf '{"url": "https://r.org/%s", "title": "Quokka %s", "company": "Zoo", "summary": "A quokka, number %s."}\n' "$i" "$i" "$i"
done >"$TMP/ten.jsonl"
"$FOLIO" index --db "$TMP/ten" "$TMP/ten.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/ten" --explain --offset 9 quokka
expect_eq "10. Quokka *
    Zoo · https://r.org/*
    A quokka, number *.
    score * =
      * stem quokka: *" "$(sed -n 1,5p <<<"$out" | sed -E -e 's/Quokka [0-9]+$/Quokka */' -e 's|r.org/[0-9]+|r.org/*|' -e 's/number [0-9]+/number */' -e 's/score [0-9.]+/score */' -e 's/^( +)[0-9.]+  stem quokka: .*/\1* stem quokka: */')"

if command -v script >/dev/null; then
	begin "matches are highlighted on a terminal"
	tty_out=$(script -qec "$FOLIO search --db $TMP/index GB200" /dev/null)
	expect_eq "yes" "$(grep -q $'\x1b\[1;33mGB200\x1b\[0m' <<<"$tty_out" && echo yes || echo no)"

	begin "matches in a title are highlighted on a terminal too"
	tty_out=$(script -qec "$FOLIO search --db $TMP/index curious" /dev/null)
	expect_eq "yes" "$(grep -q $'^1\. The \x1b\[1;33mCurious\x1b\[0m Case' <<<"$tty_out" && echo yes || echo no)"

	begin "NO_COLOR turns highlighting off on a terminal"
	tty_out=$(NO_COLOR=1 script -qec "$FOLIO search --db $TMP/index GB200" /dev/null)
	expect_eq "no" "$(grep -q $'\x1b' <<<"$tty_out" && echo yes || echo no)"

	# no-color.org: "present and not an empty string"
	begin "an empty NO_COLOR leaves highlighting on"
	tty_out=$(NO_COLOR= script -qec "$FOLIO search --db $TMP/index GB200" /dev/null)
	expect_eq "yes" "$(grep -q $'\x1b\[1;33mGB200' <<<"$tty_out" && echo yes || echo no)"

	# A dumb terminal (an editor's shell buffer) shows escapes as text:
	# the title read "The ^[[1;33mCurious^[[0m Case" there.
	begin "a dumb terminal is not highlighted"
	tty_out=$(TERM=dumb script -qec "$FOLIO search --db $TMP/index curious" /dev/null)
	expect_eq "1. The Curious Case of the Table-Locking UPDATE Query" "$(head -1 <<<"$tty_out" | tr -d '\r')"
fi

begin "--all and --any together are a usage error"
run "$FOLIO" search --db "$TMP/index" --all --any GB200
expect_eq "2||folio: --all and --any contradict each other" "$rc|$out|$err"

begin "--limit and --offset page through the hits"
expect_eq "$REDHAT" "$(hits --limit 1 --offset 1 locking)"

begin "--limit 0 prints only how many posts match"
run "$FOLIO" search --db "$TMP/index" --limit 0 MXFP8
expect_eq "0|2 posts match" "$rc|$out"
run "$FOLIO" search --db "$TMP/index" --limit 0 GB200
expect_eq "0|1 post matches" "$rc|$out"
run "$FOLIO" search --db "$TMP/index" --limit 0 zebrafinch
expect_eq "1|0 posts match" "$rc|$out"

begin "an --offset past the last hit says so"
run "$FOLIO" search --db "$TMP/index" --offset 5 MXFP8
expect_eq "0|2 posts match; --offset 5 is past the last" "$rc|$out"

# --limit 0 asks for the count alone, which any --offset leaves as it is:
# it said the offset was past the last page of a request for no page.
begin "--limit 0 prints the count alone, whatever the --offset"
run "$FOLIO" search --db "$TMP/index" --limit 0 --offset 5 MXFP8
expect_eq "0|2 posts match" "$rc|$out"

begin "a post's URL finds that post, its scheme and host in any case"
expect_eq "$NVIDIA" "$(hits "$NVIDIA")"
expect_eq "$NVIDIA" "$(hits "HTTPS://YOMU.FYI${NVIDIA#https://yomu.fyi}")"

begin "a URL pasted with the punctuation around it still finds its post"
expect_eq "$NVIDIA" "$(hits "$NVIDIA,")"
expect_eq "$NVIDIA" "$(hits "<$NVIDIA>")"
expect_eq "$NVIDIA" "$(hits "$NVIDIA.")"

begin "a URL narrows the words with it, and -URL leaves that post out"
expect_eq "$META" "$(hits MXFP8 "$META")"
expect_eq "$META" "$(hits MXFP8 -"$NVIDIA")"

begin "a post's URL is a filter, not a typed word: two words beside it must both match"
expect_eq "" "$(hits MXFP8 Heroku "$HEROKU")"
expect_eq "$HEROKU" "$(hits table lock "$HEROKU")"

begin "a URL no post has matches nothing"
run "$FOLIO" search --db "$TMP/index" https://yomu.fyi/post/none.md
expect_eq "1|" "$rc|$out"

# In quotes a URL was a phrase of its words: it found the posts that
# quote it, never the post itself.
begin "a URL pasted in quotes finds its post as the bare URL does"
expect_eq "$NVIDIA|$NVIDIA|$META" \
	"$(hits "\"$NVIDIA\"")|$(hits "“ HTTPS://YOMU.FYI${NVIDIA#https://yomu.fyi} ”")|$(hits MXFP8 -"\"$NVIDIA\"")"

# After a ' or a backtick (as a shell or markdown quotes it) a URL was
# text: nothing matched.
begin "a URL in single quotes or backticks finds its post as the bare URL does"
expect_eq "$NVIDIA|$NVIDIA|$NVIDIA" \
	"$(hits "'$NVIDIA'")|$(hits "\`$NVIDIA\`")|$(hits "'$NVIDIA")"

# In a note's square brackets, in the curly single quotes a word
# processor types, or in Japanese corner brackets, a URL was text: its
# words found nothing.
begin "a URL in brackets, curly single quotes or corner brackets finds its post"
expect_eq "$NVIDIA|$NVIDIA|$NVIDIA|$NVIDIA" \
	"$(hits "[$NVIDIA]")|$(hits "‘$NVIDIA’")|$(hits "「$NVIDIA」。")|$(hits "»$NVIDIA«")"

begin "a quoted URL no post has is the phrase it was: the posts quoting it"
cat >"$TMP/quoting.jsonl" <<'JL'
{"url": "https://example.com/list", "title": "Reading list", "summary": "Start with https://example.com/gone/post.md, then the docs."}
{"url": "https://example.com/other", "title": "Other list", "summary": "See post.md at https://example.com/gone for more."}
JL
"$FOLIO" index --db "$TMP/quoting" "$TMP/quoting.jsonl" >/dev/null
qhits() { run "$FOLIO" search --db "$TMP/quoting" --json "$@"; urls_of "$out" | sort | xargs; }
expect_eq "https://example.com/list|https://example.com/list https://example.com/other|https://example.com/other" \
	"$(qhits '"https://example.com/gone/post.md"')|$(qhits https://example.com/gone/post.md)|$(qhits '"https://example.com/other"')"

# A URL with brackets of its own, as Wikipedia's are, ended at its "(",
# the rest read as a bracket of the query: the post was not found
# (https://en.example.org/wiki/Lock_ searched as text, with computing),
# where folio similar finds it. A ")" that closes no "(" of the URL's own
# still closes a bracket of the query.
begin "a URL with brackets of its own finds its post, bare, in brackets or ending a sentence"
cat >"$TMP/paren.jsonl" <<'JL'
{"url": "https://en.example.org/wiki/Lock_(computing)", "title": "Lock (computing)", "summary": "A lock is a synchronization primitive."}
{"url": "https://en.example.org/wiki/Mutex", "title": "Mutex", "summary": "A mutex is a lock, a synchronization primitive."}
JL
"$FOLIO" index --db "$TMP/paren" "$TMP/paren.jsonl" >/dev/null
phits() { run "$FOLIO" search --db "$TMP/paren" --json "$@"; echo "$rc $(urls_of "$out" | xargs)"; }
lock=https://en.example.org/wiki/Lock_\(computing\)
expect_eq "0 $lock|0 $lock|0 $lock|0 $lock" \
	"$(phits "$lock")|$(phits "($lock)")|$(phits "$lock.")|$(phits "lock ($lock)")"

begin "folio help search is folio search --help"
run "$FOLIO" help search
expect_eq "0|usage: folio search [OPTIONS] QUERY..." "$rc|$(head -1 <<<"$out")"
run "$FOLIO" help help
expect_eq "0|usage: folio <command> [options]" "$rc|$(head -1 <<<"$out")"

begin "help's own --help and -h are folio's usage, as help help is"
run "$FOLIO" help --help
expect_eq "0|usage: folio <command> [options]|" "$rc|$(head -1 <<<"$out")|$err"
run "$FOLIO" help -h
expect_eq "0|usage: folio <command> [options]|" "$rc|$(head -1 <<<"$out")|$err"
run "$FOLIO" help --bogus
expect_eq "2|folio: unknown option --bogus (try 'folio --help')" "$rc|$err"

# help --version ran --version as a command: exit status 2, no word
begin "folio help --version is a usage error that says so"
run "$FOLIO" help --version
expect_eq "2||folio: help takes a command, not --version (try 'folio --help')" "$rc|$out|$err"

begin "folio help takes one command: more is a usage error"
run "$FOLIO" help search extra
expect_eq "2||folio: help takes one command, not \"search extra\" (try 'folio --help')" "$rc|$out|$err"

begin "a bad --limit is a usage error"
run "$FOLIO" search --db "$TMP/index" --limit lots MXFP8
expect_eq "2|folio: --limit takes a whole number from 0 to 1000000, not \"lots\"" "$rc|$err"

# strtol takes white space and a sign before the digits: --limit ' 5',
# --limit +3 and --offset -0 passed, and so did every numeric option of
# every command (they share cli_parse_range).
begin "a numeric option takes decimal digits alone"
r=""
bad() { run "$FOLIO" "$@"; r="$r$rc $err;"; }
bad search --db "$TMP/index" --limit ' 5' MXFP8
bad search --db "$TMP/index" --limit +3 MXFP8
bad search --db "$TMP/index" --offset=-0 MXFP8
bad search --db "$TMP/index" --timeout "$(printf '\t7')" MXFP8 # shown as a space
bad similar --db "$TMP/index" --limit +1 https://example.com/p1
bad check --db "$TMP/index" --time-limit +9
bad index --db "$TMP/none" --threads +2 "$FOLIO_SOURCE_DIR/corpus"
bad index --db "$TMP/none" --shards ' 2' "$FOLIO_SOURCE_DIR/corpus"
expect_eq "2 folio: --limit takes a whole number from 0 to 1000000, not \" 5\";\
2 folio: --limit takes a whole number from 0 to 1000000, not \"+3\";\
2 folio: --offset takes a whole number from 0 to 1000000, not \"-0\";\
2 folio: --timeout takes a whole number from 0 to 1000000, not \" 7\";\
2 folio: --limit takes a whole number from 0 to 1000000, not \"+1\";\
2 folio: --time-limit takes a whole number from 0 to 4294967, not \"+9\";\
2 folio: --threads takes a whole number from 0 to 256, not \"+2\";\
2 folio: --shards takes a whole number from 1 to 256, not \" 2\";" "$r"

begin "folio --help and folio search --help exit 0"
"$FOLIO" --help >/dev/null && "$FOLIO" search --help >/dev/null
expect_eq 0 "$?"

begin "an unknown command exits 2"
run "$FOLIO" frobnicate
expect_eq "2|folio: unknown command \"frobnicate\" (try 'folio --help')" "$rc|$err"

# --version and --help printed and exited 0 whatever followed them: the
# rest of the line was ignored without a word.
begin "--help and --version stand alone: what follows them is a usage error"
r=""
bad() { run "$FOLIO" "$@"; r="$r$rc $out$err;"; }
bad --version x
bad --help search
bad -h --version
bad --version --bogus
# --version=1 after --help was an "unknown option --version=1", where
# folio --version=1 says it takes no value
bad --help --version=1
bad --version --help=1
expect_eq "2 folio: --version takes no operand, not x (try 'folio --help');\
2 folio: --help takes no operand, not search (try 'folio --help');\
2 folio: -h takes no option, not --version (try 'folio --help');\
2 folio: unknown option --bogus (try 'folio --help');\
2 folio: --version takes no value, not \"1\";\
2 folio: --help takes no value, not \"1\";" "$r"

# One wording for one mistake, in every command: a word that begins with
# a dash and is none of the options is an unknown option (stats and
# check said "unknown argument", and folio "unknown command"); a word
# where no operand is taken says so.
begin "an unknown option is called one by every command"
r=""
bad --bogus
bad -x
bad stats --db "$TMP/index" --bogus
bad check --db "$TMP/index" -x
bad similar --db "$TMP/index" -x
bad search --db "$TMP/index" --bogus MXFP8
expect_eq "2 folio: unknown option --bogus (try 'folio --help');\
2 folio: unknown option -x (try 'folio --help');\
2 folio: unknown option --bogus (try 'folio stats --help');\
2 folio: unknown option -x (try 'folio check --help');\
2 folio: unknown option -x (try 'folio similar --help');\
2 folio: unknown option --bogus (try 'folio search --help');" "$r"

# An option that takes a value takes it as --name=VALUE too (folio.1);
# one that takes none, given one that way (--json=1, --facets=), was an
# "unknown option --json=1" of a command that has --json. --json=VALUE
# asks for JSON too: its error object is on stdout (T030).
begin "an option that takes no value, given one, says so, naming it, in every command"
r=""
bad search --db "$TMP/index" --json=1 MXFP8
bad search --db "$TMP/index" --strict=yes MXFP8
bad search --db "$TMP/index" --facets= MXFP8
bad search --db "$TMP/index" --stdin=1
bad search --help=1
bad stats --db "$TMP/index" --json=1
bad check --db "$TMP/index" --all=1
bad index --db "$TMP/none" --quiet=1 "$FOLIO_SOURCE_DIR/corpus"
bad similar --db "$TMP/index" --json=x https://example.com/p1
bad similar --db "$TMP/index" --strict=1 https://example.com/p1
bad --version=1
expect_eq "2 {\"query\": null, \"error\": \"invalid argument\", \"message\": \"--json takes no value, not \\\"1\\\"\"}folio: --json takes no value, not \"1\";\
2 folio: --strict takes no value, not \"yes\";\
2 folio: --facets takes no value, not \"\";\
2 folio: --stdin takes no value, not \"1\";\
2 folio: --help takes no value, not \"1\";\
2 {\"error\": \"invalid argument\", \"message\": \"--json takes no value, not \\\"1\\\"\"}folio: --json takes no value, not \"1\";\
2 folio: --all takes no value, not \"1\";\
2 folio: --quiet takes no value, not \"1\";\
2 {\"query\": null, \"error\": \"invalid argument\", \"message\": \"--json takes no value, not \\\"x\\\"\"}folio: --json takes no value, not \"x\";\
2 folio: unknown option --strict=1 (try 'folio similar --help');\
2 folio: --version takes no value, not \"1\";" "$r"
expect_eq "no index" "$([ -e "$TMP/none" ] && echo index || echo no index)"
run "$FOLIO" search --db="$TMP/index" --limit=1 --sort=newest --json MXFP8
expect_eq "0|$NVIDIA" "$rc|$(urls_of "$out" | xargs)"

begin "an operand where none is taken is a usage error"
r=""
bad stats --db "$TMP/index" extra
bad check --db "$TMP/index" -
bad similar --db "$TMP/index" https://example.com/p1 extra
expect_eq "2 folio: stats takes no operand, not extra (try 'folio stats --help');\
2 folio: check takes no operand, not - (try 'folio check --help');\
2 folio: similar takes one URL (try 'folio similar --help');" "$r"


# A command's --help printed its help and exited 0 whatever else was on
# the line (folio search --help extra, folio check -h --db x): it stands
# alone there as after folio, and folio help COMMAND is the other way.
begin "a command's --help stands alone: anything else with it is a usage error"
r=""
bad search --help extra
bad index --help c
bad check -h --db x
bad stats --db "$TMP/index" --help
bad similar --help --help
bad search --json --help
expect_eq "2 folio: --help takes no operand, not extra (try 'folio search --help');\
2 folio: --help takes no operand, not c (try 'folio index --help');\
2 folio: -h takes no option, not --db (try 'folio check --help');\
2 folio: --help takes no option, not --db (try 'folio stats --help');\
2 folio: --help takes no option, not --help (try 'folio similar --help');\
2 {\"query\": null, \"error\": \"invalid argument\", \"message\": \"--help takes no option, not --json (try 'folio search --help')\"}\
folio: --help takes no option, not --json (try 'folio search --help');" "$r"

begin "a command's --help alone, and one after --, are as before"
h=""
for c in index search stats check similar; do
	run "$FOLIO" "$c" -h
	h="$h$rc $(head -1 <<<"$out" | cut -d' ' -f1-3);"
done
run "$FOLIO" search --db "$TMP/index" --limit 0 -- --help
expect_eq "0 usage: folio index;0 usage: folio search;0 usage: folio stats;0 usage: folio check;0 usage: folio similar;|0" "$h|$rc"

# --timeout and --allow-partial concern remote shards alone (folio.h
# timeout_ms, allow_partial): over a local index they were taken and did
# nothing.
begin "--timeout and --allow-partial without a remote shard are a usage error"
r=""
bad search --db "$TMP/index" --timeout 5 MXFP8
bad search --db "$TMP/index" --allow-partial --timeout 5 --json MXFP8
expect_eq "2 folio: --timeout applies to remote shards only, and neither --remote nor $TMP/index/REMOTES names one;\
2 {\"query\": null, \"error\": \"invalid argument\", \"message\": \"--allow-partial applies to remote shards only, and neither --remote nor $TMP/index/REMOTES names one\"}\
folio: --allow-partial applies to remote shards only, and neither --remote nor $TMP/index/REMOTES names one;" "$r"

# A REMOTES file names the shards they apply to as its parser reads it:
# one of comments and blank lines alone names none (it was taken for
# naming some because it existed).
begin "a REMOTES file of comments alone names no shard for them"
cp -a "$TMP/index" "$TMP/fronted"
printf '# none yet\n\n   # nor here\n' >"$TMP/fronted/REMOTES"
r=""
bad search --db "$TMP/fronted" --timeout 5 MXFP8
bad search --db "$TMP/fronted" --allow-partial --stdin </dev/null
expect_eq "2 folio: --timeout applies to remote shards only, and neither --remote nor $TMP/fronted/REMOTES names one;\
2 folio: --allow-partial applies to remote shards only, and neither --remote nor $TMP/fronted/REMOTES names one;" "$r"

begin "a shard a REMOTES file lists is one they apply to"
printf '# one\n127.0.0.1:1\n' >"$TMP/fronted/REMOTES"
run "$FOLIO" search --db "$TMP/fronted" --timeout 500 --allow-partial --limit 0 MXFP8
expect_eq "0|folio: warning: shard 127.0.0.1:1 skipped" "$rc|${err%%,*}"

finish
