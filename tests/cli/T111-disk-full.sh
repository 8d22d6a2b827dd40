#!/bin/bash
# T111-disk-full.sh: an index on a full disk. An incremental run whose
# commit cannot be written fails with exit 2 and one line naming the index
# (--json: the error object), whatever point of the commit the disk
# filled at, and leaves the index as it was at its last commit: sound,
# searchable, and brought up to date by the next run once there is room.
# Glass writes the last chunk of each value stream from a destructor
# (folio_abort_handler_set): a disk that fills there ended the run in
# std::terminate, "terminate called after throwing an instance of
# 'Xapian::DatabaseError'" and exit 134, with no word of the index.
# The disk is a small tmpfs in a mount namespace of this test's own.
. "$(dirname "$0")/mountns.sh"
. "$(dirname "$0")/lib.sh"

# dated FIRST_YEAR: 2000 posts, each with a date in FIRST_YEAR; runs that
# change every date rewrite every chunk of the date's value stream.
dated() {
	python3 - "$1" <<'PY'
import json, sys
year = int(sys.argv[1])
for i in range(1, 2001):
    print(json.dumps({"url": "https://example.com/p%d" % i,
                      "title": "Post number %d about lattices" % i,
                      "company": "Example", "type": "Tutorial",
                      "published": "%d-%02d-%02d" % (year, i % 12 + 1, i % 28 + 1),
                      "summary": "Summary %d: quokkas and lattices." % i}))
PY
}
mkdir -p "$TMP/v1" "$TMP/v2" "$TMP/m"
dated 2010 >"$TMP/v1/posts.jsonl"
dated 2019 >"$TMP/v2/posts.jsonl"
"$FOLIO" index --db "$TMP/base" "$TMP/v1" >/dev/null
mount -t tmpfs -o size=64m tmpfs "$TMP/m"
db=$TMP/m/db
used() { df -k --output=used "$TMP/m" | tail -1; }
year_2019() { "$FOLIO" search --db "$db" --json --limit 0 year:2019 | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'; }

# The room the run takes, measured on a copy of the index
cp -a "$TMP/base" "$db"
before=$(used)
"$FOLIO" index --db "$db" "$TMP/v2" >/dev/null
need=$(($(used) - before))
rm -rf "$db"

# full SHORT: the index again, and the disk filled to SHORT KiB less than
# the run takes: run it (--json), as $rc, $out, $err
full() {
	rm -rf "$db" "$TMP/m/filler"
	cp -a "$TMP/base" "$db"
	fallocate -l $((($(df -k --output=avail "$TMP/m" | tail -1) - need + $1) * 1024)) "$TMP/m/filler"
	run "$FOLIO" index --db "$db" --json "$TMP/v2"
}

# Xapian's words vary with the point the disk filled at (a block it could
# not write; "Modifications failed (...)"; its commit given up, errno's
# message): the index, the cause and what became of the index do not.
said="folio: index $db: DatabaseError: (No space left on device); it is as it was at its last commit: fix the cause and run again"
for short in 16 48 80 112 144 176 208 240 272 304 336 368 400; do
	begin "a disk $short KiB short: exit 2, one line naming the index, the index as it was"
	full "$short"
	error=$(python3 -c 'import json,sys; o=json.loads(sys.argv[1]); print(o["error"], o["message"] == sys.argv[2])' "$out" "${err#folio: }" 2>&1)
	"$FOLIO" check --db "$db" >/dev/null 2>&1 && sound=sound || sound=damaged
	expect_eq "2|$said|input/output error True|sound|0" \
		"$rc|$(sed 's/DatabaseError: .*(No space/DatabaseError: (No space/; s/device).*; it is/device); it is/' <<<"$err")|$error|$sound|$(year_2019)"
done

begin "with room again the next run brings it up to date, and the one after changes nothing"
rm -f "$TMP/m/filler"
a=$("$FOLIO" index --db "$db" "$TMP/v2" 2>&1)
b=$("$FOLIO" index --db "$db" "$TMP/v2" 2>&1)
expect_eq "2000 posts in 1 file: 0 added, 2000 updated, 0 unchanged, 0 removed; 0 skipped|2000 posts in 1 file: 0 added, 0 updated, 2000 unchanged, 0 removed; 0 skipped|2000" \
	"$a|$b|$(year_2019)"

umount "$TMP/m"
finish
