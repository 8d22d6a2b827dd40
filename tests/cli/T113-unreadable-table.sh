#!/bin/bash
# T113-unreadable-table.sh: a table file that is there but cannot be read
# (a loop of symbolic links here; no permission does the same to a user
# other than root). Glass opens the term lists, positions and stored
# posts lazily and takes such a file for an empty table, as it does a
# lost one: a phrase matched every post holding its words, in any order,
# and folio check said the index was sound. Every command now fails to
# open it (exit 2), naming the file and why, as for a posting list it
# cannot read. A directory in a table's place was said in Xapian's words
# alone ("Error reading block 5 (Is a directory)"), naming no file.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/c"
posts_jsonl 1 5 >"$TMP/c/base.jsonl"
"$FOLIO" index --db "$TMP/i" "$TMP/c" >/dev/null
"$FOLIO" index --db "$TMP/s" --shards 2 "$TMP/c" >/dev/null
gen=$(ls "$TMP/i" | grep '^gen-')
sgen=$(ls "$TMP/s" | grep '^gen-')

# The words of "about number" are in every post, never in that order.
begin "the intact index: a phrase in the wrong order matches nothing"
expect_eq "0" "$(total_of "$TMP/i" '"about number"')"

# loop DIR DB TABLE: DIR (a copy of DB) with DB-relative table file
# TABLE replaced by a symbolic link to itself.
loop() {
	cp -r "$2" "$1"
	rm "$1/$3"
	ln -s "$(basename "$3")" "$1/$3"
}

for table in position termlist docdata; do
	d="$TMP/$table"
	loop "$d" "$TMP/i" "$gen/$table.glass"
	want="folio: cannot open index $d: Couldn't open $d/$gen/$table.glass to read (Too many levels of symbolic links)"
	for cmd in search check stats; do
		begin "$table.glass a loop of links: $cmd names it, exit 2"
		case $cmd in
		search) run "$FOLIO" search --db "$d" '"about number"' ;;
		*) run "$FOLIO" "$cmd" --db "$d" ;;
		esac
		expect_eq "2|$want" "$rc|$err"
	done
done

d="$TMP/shard"
loop "$d" "$TMP/s" "$sgen/shard-1/position.glass"
begin "a shard's position.glass a loop of links: search names it, exit 2"
run "$FOLIO" search --db "$d" '"about number"'
expect_eq "2|folio: cannot open index $d: Couldn't open $d/$sgen/shard-1/position.glass to read (Too many levels of symbolic links)" \
	"$rc|$err"

# dir DIR DB TABLE: DIR (a copy of DB) with DB-relative table file TABLE
# replaced by a directory.
dir() {
	cp -r "$2" "$1"
	rm "$1/$3"
	mkdir "$1/$3"
}

# blocks: which block Xapian read first is its own affair.
blocks() { sed 's/reading block [0-9]*/reading block N/'; }

d="$TMP/dir"
dir "$d" "$TMP/i" "$gen/postlist.glass"
for cmd in search check stats; do
	begin "postlist.glass a directory: $cmd names it, exit 2"
	case $cmd in
	search) run "$FOLIO" search --db "$d" lattices ;;
	*) run "$FOLIO" "$cmd" --db "$d" ;;
	esac
	expect_eq "2|folio: cannot open index $d: $d/$gen/postlist.glass is not a file (DatabaseError: Error reading block N (Is a directory))" \
		"$rc|$(blocks <<<"$err")"
done

d="$TMP/sdir"
dir "$d" "$TMP/s" "$sgen/shard-1/docdata.glass"
begin "a shard's docdata.glass a directory: search names it, exit 2"
run "$FOLIO" search --db "$d" lattices
expect_eq "2|folio: cannot open index $d: $d/$sgen/shard-1/docdata.glass is not a file (DatabaseError: Error reading block N (Is a directory))" \
	"$rc|$(blocks <<<"$err")"

finish
