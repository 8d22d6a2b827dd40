# T032-check-json.sh: folio check --json prints one JSON object on stdout:
# sound or not, what was checked, the problems found, the first one in
# the words of the text output and each one (problems_list), or the error object (a missing index,
# bad usage, the time limit reached), with the text output's exit status.
. "$(dirname "$0")/lib.sh"

# shape: read a check --json object on stdin; print "ok" when it is
# valid JSON on one line with the README's keys in its order and types,
# else what is wrong.
shape() {
	json_shape '
assert text.count("\n") == 1, "not one line"
if "error" in d:
    assert list(d) == ["error", "message"], list(d)
    assert all(isinstance(d[k], str) for k in d)
else:
    assert list(d) == ["index", "sound", "generation", "shards",
                       "documents", "problems", "first_problem",
                       "problems_list"], list(d)
    assert isinstance(d["index"], str) and type(d["sound"]) is bool
    for k in ("generation", "shards", "documents"):
        assert (d[k] is None) == (not d["sound"]), k
        assert d[k] is None or (type(d[k]) is int and d[k] >= 0), k
    assert type(d["problems"]) is int
    assert (d["problems"] == 0) == d["sound"]
    assert (d["first_problem"] is None) == d["sound"]
    assert d["first_problem"] is None or isinstance(d["first_problem"], str)
    assert isinstance(d["problems_list"], list)
    assert len(d["problems_list"]) == d["problems"]
    assert all(isinstance(p, str) for p in d["problems_list"])'
}

mkdir -p "$TMP/c"
posts_jsonl 1 50 >"$TMP/c/base.jsonl"
"$FOLIO" index --db "$TMP/i" "$TMP/c" >/dev/null
gen=$(ls "$TMP/i" | grep '^gen-')

begin "a sound index: what was checked, no problems, exit 0"
run "$FOLIO" check --db "$TMP/i" --json
expect_eq "0|{\"index\": \"$TMP/i\", \"sound\": true, \"generation\": ${gen#gen-}, \"shards\": 1, \"documents\": 50, \"problems\": 0, \"first_problem\": null, \"problems_list\": []}||ok" \
	"$rc|$out|$err|$(shape <<<"$out" 2>&1)"

begin "a sharded index: every shard checked"
"$FOLIO" index --db "$TMP/sh" --shards 3 "$TMP/c" >/dev/null
sgen=$(ls "$TMP/sh" | grep '^gen-')
run "$FOLIO" check --json --db "$TMP/sh"
expect_eq "0|{\"index\": \"$TMP/sh\", \"sound\": true, \"generation\": ${sgen#gen-}, \"shards\": 3, \"documents\": 50, \"problems\": 0, \"first_problem\": null, \"problems_list\": []}" \
	"$rc|$out"

# A leaf of the posting lists overwritten (T115): the index opens, the
# checker finds the damage. The first problem is what the text output
# says after "the first: ", the rebuild that mends it included; the
# list has it without.
begin "a damaged index: not sound, the problems and the first, exit 1"
d="$TMP/leaf"
cp -r "$TMP/i" "$d"
python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(-8192, 2); f.write(b"\xa5" * 8192)' "$d/$gen/postlist.glass"
run "$FOLIO" check --db "$d" --json
first=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["first_problem"])' <<<"$out")
expect_eq "1|\"index\": \"$d\", \"sound\": false, \"generation\": null, \"shards\": null, \"documents\": null, \"problems\": 1, \"first_problem\": \"$d/$gen/postlist.glass: XAPIAN; rebuild it with: folio index --rebuild --db $d $TMP/c\", \"problems_list\": [\"$d/$gen/postlist.glass: XAPIAN\"]}|folio: index $d is damaged: 1 problem, the first: $first|ok" \
	"$rc|$(sed 's/^{//; s/: Database[A-Za-z]*Error: [^;"]*\([;"]\)/: XAPIAN\1/g' <<<"$out")|$err|$(shape <<<"$out" 2>&1)"

# Damage that stops the index from opening: the checker runs all the
# same, and its problem is listed as any is, without the advice (which
# the list's one, in the open's words, kept).
begin "an index damaged past opening: its problem, exit 1"
d="$TMP/lost"
cp -r "$TMP/i" "$d"
rm "$d/$gen/termlist.glass"
run "$FOLIO" check --db "$d" --json
expect_eq "1|{\"index\": \"$d\", \"sound\": false, \"generation\": null, \"shards\": null, \"documents\": null, \"problems\": 1, \"first_problem\": \"$d/$gen/termlist.glass is missing (Xapian takes it for an empty table); rebuild it with: folio index --rebuild --db $d $TMP/c\", \"problems_list\": [\"$d/$gen/termlist.glass is missing (Xapian takes it for an empty table)\"]}|folio: index $d is damaged: 1 problem, the first: $d/$gen/termlist.glass is missing (Xapian takes it for an empty table); rebuild it with: folio index --rebuild --db $d $TMP/c|ok" \
	"$rc|$out|$err|$(shape <<<"$out" 2>&1)"

begin "no index: the error object, exit 2"
run "$FOLIO" check --db "$TMP/none" --json
expect_eq "2|{\"error\": \"not found\", \"message\": \"no index at $TMP/none\"}|folio: no index at $TMP/none
folio: build one with: folio index --db $TMP/none corpus/|ok" \
	"$rc|$out|$err|$(shape <<<"$out" 2>&1)"

begin "bad usage: the error object, wherever --json is"
run "$FOLIO" check --json --db "$TMP/i" --time-limit 1.5
expect_eq '2|{"error": "invalid argument", "message": "--time-limit takes a whole number from 0 to 4294967, not \"1.5\""}' "$rc|$out"
run "$FOLIO" check --db "$TMP/i" extra --json
expect_eq "2|{\"error\": \"invalid argument\", \"message\": \"check takes no operand, not extra (try 'folio check --help')\"}" "$rc|$out"

begin "--json as the value of --time-limit asks for no JSON"
run "$FOLIO" check --db "$TMP/i" --time-limit=--json
expect_eq "2|" "$rc|$out"
run "$FOLIO" check --db "$TMP/i" --time-limit --json
expect_eq '2|{"error": "invalid argument", "message": "--time-limit needs a value, not the option --json (--time-limit=--json gives it that value)"}' "$rc|$out"

# The checker hangs (T118's shim in front of Xapian's): the time limit
# stops it, and the check ends in an error, not in damage.
begin "the time limit reached: the error object, exit 2"
mkdir -p "$TMP/shim"
cat >"$TMP/shim/hang.cc" <<'CC'
#include <xapian.h>
#include <ostream>
#include <unistd.h>
size_t Xapian::Database::check_(const std::string *, int, int, std::ostream *out)
{
	if (out)
		*out << "postlist:\n" << std::flush;
	for (;;)
		pause();
}
CC
c++ -shared -fPIC -o "$TMP/shim/hang.so" "$TMP/shim/hang.cc"
LD_PRELOAD="$TMP/shim/hang.so" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	run "$FOLIO" check --db "$TMP/i" --time-limit 1 --json
why="Xapian's checker did not finish checking $TMP/i/$gen within 1 s (it was reading $TMP/i/$gen/postlist.glass) and was stopped: nothing is known (damage can make it loop; a large database on a slow disk may need a longer limit)"
# The object says what stderr says, the CLI's hint included: a tool
# that reads only the JSON learns how to give the check longer.
why="$why; --time-limit SECONDS raises it (default 600)"
expect_eq "2|{\"error\": \"Xapian error\", \"message\": \"$why\"}|folio: $why|ok" \
	"$rc|$out|$err|$(shape <<<"$out" 2>&1)"

finish
