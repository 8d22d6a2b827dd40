# T200-process.sh: what one `folio search` process asks of the system,
# seen through strace: work a search does not need shows up as system
# calls (a table file opened twice, the vocabulary read block by block)
# long before it shows up in a timing on a shared machine.
. "$(dirname "$0")/lib.sh"

if ! command -v strace >/dev/null; then
	# tools/setup installs it; without it nothing here can be seen
	echo "FAIL strace is not installed (tools/setup installs it)" >&2
	echo "0 passed, 1 failed"
	exit 1
fi

# 3000 posts of 30 words each that no other post has: a vocabulary of
# about 90k terms, some hundreds of B-tree blocks to walk.
python3 - >"$TMP/posts.jsonl" <<'PY'
import json, random
rng = random.Random(7)
def word():
    return "".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou")
                   for _ in range(4))
for i in range(3000):
    words = " ".join(word() for _ in range(30))
    print(json.dumps({"url": "https://example.com/p%d" % i,
                      "title": "Post %d" % i,
                      "summary": "%s %s" % (("oddly", "evenly")[i % 2],
                                            words)}))
PY
"$FOLIO" index --quiet --db "$TMP/index" "$TMP/posts.jsonl" >/dev/null

# syscalls NAME ARGS...: the system calls NAME (strace's trace= list)
# that `folio search ARGS...` makes, one per line, in $calls.
syscalls() {
	local name=$1
	shift
	strace -f -qq -e trace="$name" -o "$TMP/strace" \
		"$FOLIO" search --db "$TMP/index" "$@" >/dev/null 2>&1 || true
	calls=$(cat "$TMP/strace")
}

begin "a query that matches nothing in a full index reads a few blocks, not the vocabulary"
# both words are in 1500 posts, never together (a word in two posts or
# fewer would be spelt, which walks the vocabulary: spell.h); the check
# for an empty index called folio_db_stats, which counts every term,
# and read each block of the postlist table (over 250 preads here)
syscalls pread64 oddly evenly
n=$(grep -c pread64 <<<"$calls")
expect_eq "at most 60" "$( ((n <= 60)) && echo "at most 60" || echo "$n preads")"

begin "a search opens each table of the index once"
# the check for a lost table file (fo_xdb_lost) opened the database a
# second time, reading every table's root block again
syscalls openat oddly
expect_eq "1 1 1 1" "$(for t in postlist termlist docdata position; do
	grep -c "/$t\.glass\"" <<<"$calls"
done | tr '\n' ' ' | sed 's/ $//')"

begin "a search reads Xapian's version file four times"
# opening the database, the format and language read at the open, the
# check for a newer commit before the search and the one after it: each
# check for a commit that overtook a read opens iamglass again, and the
# format and the language were read, and checked, one by one
syscalls openat oddly
expect_eq "4" "$(grep -c '/iamglass"' <<<"$calls")"

begin "a search looks for a stub in its generation twice"
# the open checks that the generation nests no stubs too deep, and the
# lost-table check looks again; opening a sharded generation whole
# (fo_xopen_whole) looked a third time in one that is not sharded
syscalls %stat,%fstat oddly
expect_eq "2" "$(grep -c '/gen-[0-9]*/XAPIANDB"' <<<"$calls")"

begin "the loader looks symbols up in the C++ runtime before utf8proc and libstemmer"
# it searches the libraries in the order folio names them (DT_NEEDED);
# nearly all of libxapian's symbol references are to libstdc++ and libc,
# and passing two libraries more for each cost 150k instructions a search
needed=$(readelf -d "$FOLIO" | sed -n 's/.*(NEEDED).*\[\(lib[a-z0-9_+]*\)\..*/\1/p' | tr '\n' ' ')
order=$(awk '{for (i = 1; i <= NF; i++) at[$i] = i}
	END {print (at["libstdc++"] < at["libutf8proc"] &&
	            at["libstdc++"] < at["libstemmer"]) ? "first" : "later"}' <<<"$needed")
expect_eq "first" "$order"

begin "the speller reads no word's frequency that the match has read"
# two words of one post (rng seed 7 above): one hit, fewer than the
# three below which the speller looks up each word's frequency; the
# match has read both already and answers from its statistics: 2 reads
# before. Each word is in that one post only, so the speller walks the
# vocabulary for a word it could be a shared typo of: those reads are
# the walk's (fo_xdb_terms_between).
strace -k -qq -e trace=pread64 -o "$TMP/strace" \
	"$FOLIO" search --db "$TMP/index" --all bimocaji puponuva >/dev/null 2>&1 || true
expect_eq "0" "$(awk 'function end() { if (spell && !walk) n++; spell = walk = 0 }
	/^pread64/ {end()} /fo_spell_suggest/ {spell = 1}
	/fo_xdb_terms_between|finds_more/ {walk = 1} END {end(); print n + 0}' "$TMP/strace")"

# A query that finds three posts or more has its words looked up too,
# for one in no post (issue #4): each from the match's statistics, and
# post, in every post, which the query leaves out (too common to search
# for), not at all; a word too short to correct (for) is not looked up.
begin "the speller reads nothing for a query of known words that finds many"
n=""
for q in "bimocaji puponuva oddly" "Post bimocaji evenly" "post for bimocaji evenly"; do
	strace -k -qq -e trace=pread64 -o "$TMP/strace" \
		"$FOLIO" search --db "$TMP/index" "$q" >/dev/null 2>&1 || true
	n="$n$(awk 'function end() { if (spell) n++; spell = 0 }
		/^pread64/ {end()} /fo_spell_suggest/ {spell = 1}
		END {end(); print n + 0}' "$TMP/strace")"
done
expect_eq "000" "$n"

begin "a search of three words that must all match asks the index for no joined pair"
# where every word is required (--all), words written as one
# (bimocajipuponuva) find no post the words do not and only added
# weight: the compiler looked each pair up (sequence.c seq_joins)
strace -k -qq -e trace=pread64 -o "$TMP/strace" \
	"$FOLIO" search --db "$TMP/index" --all bimocaji puponuva oddly >/dev/null 2>&1 || true
expect_eq "0" "$(grep -c fo_qc_joined_pairs "$TMP/strace")"

begin "a deep page of tied hits reads the tie values of its own ties, not of every hit before it"
# 1000 summaries, each in two posts (a tie) a thousand lines apart, of
# 1-4 quokkas among 5-80 other words: 1000 weights, which the docids
# cross. Equal weights go by a tie value (bridge_search.cc near_ties),
# which the page read for every hit of the match before it: 1585
# preads at --offset 1990, 28 at --offset 0 (over 1M posts, a page at
# --offset 414600 spent half of its 4.4 s so). The page itself is the
# listing's slice.
python3 - >"$TMP/tied.jsonl" <<'PY'
import json, random
rng = random.Random(11)
def word():
    return "".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou")
                   for _ in range(3))
texts = [" ".join(["quokka"] * rng.randint(1, 4) +
                  [word() for _ in range(rng.randint(5, 80))])
         for _ in range(1000)]
for i in range(2000):
    print(json.dumps({"url": "https://example.com/t%d" % i, "title": "Post",
                      "summary": texts[i % 1000]}))
PY
"$FOLIO" index --quiet --db "$TMP/tied" "$TMP/tied.jsonl" >/dev/null
strace -f -qq -e trace=pread64 -o "$TMP/strace" \
	"$FOLIO" search --db "$TMP/tied" --offset 1990 quokka >/dev/null 2>&1 || true
n=$(grep -c pread64 "$TMP/strace")
expect_eq "at most 60" "$( ((n <= 60)) && echo "at most 60" || echo "$n preads")"

begin "a deep page of tied hits is the listing's slice"
urls() {
	"$FOLIO" search --db "$TMP/tied" --json "$@" quokka |
		python3 -c 'import json,sys; print(" ".join(h["url"][21:] for h in json.load(sys.stdin)["hits"]))'
}
expect_eq "$(urls --limit 2000 | tr ' ' '\n' | sed -n 1991,2000p | tr '\n' ' ' | sed 's/ $//')" \
	"$(urls --offset 1990 --limit 10)"

begin "a deep page of a ranked query reads the records of its own hits, not of every hit before it"
# three words, each in a third of 2000 posts: ranked, with the second
# phase, which rescores the first hits and so fetched every hit from
# the first to the page, and read the stored record of each: 2617
# preads past the last page (--offset 1990 of 1666 hits), 55 on the
# first (over 1M posts, --offset 900000 of a ranked query matching
# 537,760: 53 s and 440 MB)
python3 - >"$TMP/ranked.jsonl" <<'PY'
import json, random
rng = random.Random(13)
def word():
    return "".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou")
                   for _ in range(3))
animals = ["wombat", "numbat", "dingo"]
texts = [" ".join([animals[t % 3]] * rng.randint(1, 4) +
                  [word() for _ in range(rng.randint(5, 80))])
         for t in range(1000)]
for i in range(2000):
    print(json.dumps({"url": "https://example.com/r%d" % i,
                      "title": "Post %s" % animals[i % 3],
                      "summary": texts[i % 1000]}))
PY
"$FOLIO" index --quiet --db "$TMP/ranked" "$TMP/ranked.jsonl" >/dev/null
for at in 1600 1990; do
	strace -f -qq -e trace=pread64 -o "$TMP/strace" \
		"$FOLIO" search --db "$TMP/ranked" --offset $at wombat numbat dingo >/dev/null 2>&1 || true
	n=$(grep -c pread64 "$TMP/strace")
	expect_eq "--offset $at: at most 150" "--offset $at: $( ((n <= 150)) && echo "at most 150" || echo "$n preads")"
done

begin "a deep page of a ranked query is the listing's slice"
ranked() {
	"$FOLIO" search --db "$TMP/ranked" --json "$@" wombat numbat dingo |
		python3 -c 'import json,sys; print(" ".join(h["url"][21:] + ":%.6f" % h["score"] for h in json.load(sys.stdin)["hits"]))'
}
expect_eq "$(ranked --limit 2000 | tr ' ' '\n' | sed -n 1601,1610p | tr '\n' ' ' | sed 's/ $//')" \
	"$(ranked --offset 1600 --limit 10)"
expect_eq "$(ranked --limit 2000 | tr ' ' '\n' | sed -n 11,20p | tr '\n' ' ' | sed 's/ $//')" \
	"$(ranked --offset 10 --limit 10)"

finish
