#!/bin/bash
# T112-readonly.sh: an index on a read-only file system (a replica's
# snapshot, a mount made read-only after an error). Searches read it as
# ever; folio check, whose Xapian checker opens the tables for writing,
# fails with exit 2 and says that the file system is read-only, not that
# another user should run it: no user can write there. The file system
# is a read-only bind mount in a mount namespace of this test's own.
. "$(dirname "$0")/mountns.sh"
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/c" "$TMP/ro"
posts_jsonl 1 50 >"$TMP/c/base.jsonl"
"$FOLIO" index --db "$TMP/i" "$TMP/c" >/dev/null
mount --bind "$TMP/i" "$TMP/ro"
mount -o remount,bind,ro "$TMP/ro"
db=$TMP/ro
gen=$(ls "$db" | grep '^gen-')

begin "a search reads an index on a read-only file system"
run "$FOLIO" search --db "$db" --limit 1 --json 'number 7'
expect_eq "0|https://example.com/p7" "$rc|$(urls_of "$out")"

begin "folio check there says the file system is read-only (exit 2)"
run "$FOLIO" check --db "$db"
expect_eq "2|folio: index $db: DatabaseOpeningError: Couldn't open $db/$gen/docdata.glass read/write (Read-only file system) (Xapian's checker opens the tables for writing, which a read-only file system refuses: check a copy of the index on a writable one)" \
	"$rc|$err"

umount "$TMP/ro"
finish
