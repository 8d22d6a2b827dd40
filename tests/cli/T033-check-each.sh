# T033-check-each.sh: folio check names each problem it found, not only
# the first: on stderr the first (with the rebuild that mends it) and
# then the others, a line each, up to ten unless --all; with --json,
# problems_list holds every one.
. "$(dirname "$0")/lib.sh"

# xapian_text: Xapian's own words (its class and the block it read) are
# not ours to pin; the file folio names and what it says around it are.
xapian_text() { sed 's/: Database[A-Za-z]*Error: [^;"]*\([;"]\|$\)/: XAPIAN\1/g'; }

# smash FILE: each leaf block of a glass table overwritten, where
# Xapian's checker stops ("dir_end invalid"); the root, which opening
# reads, is left.
smash() {
	python3 - "$1" <<'PY'
import sys
f = open(sys.argv[1], "r+b")
data = f.read()
for k in range(len(data) // 8192):
    if data[k * 8192 + 4] == 0:
        f.seek(k * 8192)
        f.write(b"\xa5" * 8192)
PY
}

mkdir -p "$TMP/c"
posts_jsonl 1 200 >"$TMP/c/base.jsonl"
"$FOLIO" index --db "$TMP/sh" --shards 2 "$TMP/c" >/dev/null
gen=$(ls "$TMP/sh" | grep '^gen-')

# Damage in two shards: each one's checker stops at it. Before, the
# second was counted and never named.
begin "damage in two shards: both named, the second on a line of its own"
d="$TMP/two"
cp -r "$TMP/sh" "$d"
smash "$d/$gen/shard-0/position.glass"
smash "$d/$gen/shard-1/docdata.glass"
run "$FOLIO" check --db "$d"
expect_eq "1||folio: index $d is damaged: 2 problems, the first: $d/$gen/shard-0/position.glass: XAPIAN; rebuild it with: folio index --rebuild --db $d $TMP/c
folio: problem 2 of 2: $d/$gen/shard-1/docdata.glass: XAPIAN" \
	"$rc|$out|$(xapian_text <<<"$err")"

begin "damage in two shards: --json lists both"
run "$FOLIO" check --db "$d" --json
expect_eq "1|{\"index\": \"$d\", \"sound\": false, \"generation\": null, \"shards\": null, \"documents\": null, \"problems\": 2, \"first_problem\": \"$d/$gen/shard-0/position.glass: XAPIAN; rebuild it with: folio index --rebuild --db $d $TMP/c\", \"problems_list\": [\"$d/$gen/shard-0/position.glass: XAPIAN\", \"$d/$gen/shard-1/docdata.glass: XAPIAN\"]}" \
	"$rc|$(xapian_text <<<"$out")"

# Damage that stops the index from opening (shard 0's posting lists,
# whose root the open reads) and damage in another shard: check said the
# first alone ("problems": 1), as the open failed and the checker never
# ran on shard 1. It now checks each shard all the same.
begin "damage past opening in one shard, and in another: both named"
d="$TMP/open"
cp -r "$TMP/sh" "$d"
f="$d/$gen/shard-0/postlist.glass"
root=$(xapian-check "$f" | sed -n 's/.* root=\([0-9]*\).*/\1/p')
python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(int(sys.argv[2]) * 8192); f.write(b"\xa5" * 8192)' "$f" "$root"
smash "$d/$gen/shard-1/docdata.glass"
run "$FOLIO" check --db "$d" --json
expect_eq "1|{\"index\": \"$d\", \"sound\": false, \"generation\": null, \"shards\": null, \"documents\": null, \"problems\": 2, \"first_problem\": \"$f: XAPIAN; rebuild it with: folio index --rebuild --db $d $TMP/c\", \"problems_list\": [\"$f: XAPIAN\", \"$d/$gen/shard-1/docdata.glass: XAPIAN\"]}|folio: index $d is damaged: 2 problems, the first: $f: XAPIAN; rebuild it with: folio index --rebuild --db $d $TMP/c
folio: problem 2 of 2: $d/$gen/shard-1/docdata.glass: XAPIAN" \
	"$rc|$(xapian_text <<<"$out")|$(xapian_text <<<"$err")"

begin "an index damaged past opening still refuses a search"
run "$FOLIO" search --db "$d" lattices
expect_eq "2|folio: index $d is damaged: $f: XAPIAN; rebuild it with: folio index --rebuild --db $d $TMP/c" \
	"$rc|$(xapian_text <<<"$err")"

# A checker that counts twelve problems in one table (a shim in front of
# Xapian's, as T032's): each of its lines is one, named by its table
# file; the lines that say how a table went are none.
mkdir -p "$TMP/shim"
cat >"$TMP/shim/twelve.cc" <<'CC'
#include <xapian.h>
#include <ostream>
size_t Xapian::Database::check_(const std::string *, int, int, std::ostream *out)
{
	*out << "docdata:\ndocdata table structure checked OK\n\npostlist:\n";
	for (int k = 1; k <= 12; k++)
		*out << "docid " << k + 5 << " > last docid 5\n";
	*out << "postlist table errors found: 12\n\nspelling:\n"
	     << "Lazily created, and not yet used.\n\n";
	return 12;
}
CC
c++ -shared -fPIC -o "$TMP/shim/twelve.so" "$TMP/shim/twelve.cc"
"$FOLIO" index --db "$TMP/i" "$TMP/c" >/dev/null
g=$(ls "$TMP/i" | grep '^gen-')
twelve() {
	LD_PRELOAD="$TMP/shim/twelve.so" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		run "$FOLIO" check --db "$TMP/i" "$@"
}
# problem K: the shim's Kth line, as folio names it
problem() { echo "$TMP/i/$g/postlist.glass: docid $(($1 + 5)) > last docid 5"; }
listed() {
	local k
	for k in $(seq 2 "$1"); do
		echo "folio: problem $k of 12: $(problem "$k")"
	done
}
head="folio: index $TMP/i is damaged: 12 problems, the first: $(problem 1); rebuild it with: folio index --rebuild --db $TMP/i $TMP/c"

begin "twelve problems: the first ten, then how many more"
twelve
expect_eq "1||$head
$(listed 10)
folio: ... and 2 more (--all lists them)" "$rc|$out|$err"

begin "twelve problems: --all lists every one"
twelve --all
expect_eq "1||$head
$(listed 12)" "$rc|$out|$err"

begin "twelve problems: --json lists every one, --all or not"
twelve --json
list=$(python3 -c 'import json,sys; d = json.load(sys.stdin); print(d["problems"]); print("\n".join(d["problems_list"]))' <<<"$out")
expect_eq "1|12
$(for k in $(seq 1 12); do problem "$k"; done)" "$rc|$list"

# A checker that counts more problems than it describes (Xapian's does
# not, but nothing says it never will): each one it did not describe is
# still one, so that the count and the list agree.
cat >"$TMP/shim/three.cc" <<'CC'
#include <xapian.h>
#include <ostream>
size_t Xapian::Database::check_(const std::string *, int, int, std::ostream *out)
{
	*out << "postlist:\nFailed to unpack wdf\n"
	     << "postlist table errors found: 3\n\n";
	return 3;
}
CC
c++ -shared -fPIC -o "$TMP/shim/three.so" "$TMP/shim/three.cc"
begin "a problem counted and not described is listed all the same"
LD_PRELOAD="$TMP/shim/three.so" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	run "$FOLIO" check --db "$TMP/i" --json
list=$(python3 -c 'import json,sys; d = json.load(sys.stdin); print(d["problems"]); print("\n".join(d["problems_list"]))' <<<"$out")
expect_eq "1|3
$TMP/i/$g/postlist.glass: Failed to unpack wdf
$TMP/i/$g: a problem Xapian's checker counted without describing it
$TMP/i/$g: a problem Xapian's checker counted without describing it" "$rc|$list"

finish
