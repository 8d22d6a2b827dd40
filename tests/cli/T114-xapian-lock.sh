#!/bin/bash
# T114-xapian-lock.sh: Xapian's own write lock in a generation
# (gen-N/flintlock), beside folio's .folio-lock. Only a lock another
# process holds is "locked" (exit 3, --wait waits for it): a lock file
# Xapian cannot open (a directory in its place here) was taken for
# another writer too, so folio index exited 3 night after night, the
# status of "the previous run is still going", and said to use --wait,
# under which it failed at once the same way. It is now an error of its
# own (exit 2) that names the lock file's trouble.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/c"
posts_jsonl 1 5 >"$TMP/c/base.jsonl"
"$FOLIO" index --db "$TMP/i" "$TMP/c" >/dev/null
gen=$(ls "$TMP/i" | grep '^gen-')

d="$TMP/dir"
cp -r "$TMP/i" "$d"
rm -f "$d/$gen/flintlock"
mkdir "$d/$gen/flintlock"
want="folio: cannot open index $d: DatabaseLockError: Unable to get write lock on $d/$gen: Couldn't open lockfile: Is a directory"
for wait in "" --wait; do
	begin "a lock file that is a directory: index ${wait:+$wait }fails, exit 2"
	run timeout 20 "$FOLIO" index --db "$d" $wait "$TMP/c"
	expect_eq "2|$want" "$rc|$err"
done

begin "the same with --json: an I/O error, not a lock"
run "$FOLIO" index --db "$d" --json "$TMP/c"
expect_eq "2|{\"problems\": [], \"error\": \"input/output error\", \"message\": \"cannot open index $d: DatabaseLockError: Unable to get write lock on $d/$gen: Couldn't open lockfile: Is a directory\"}" \
	"$rc|$out"

# Another process holding Xapian's lock (a program of its own writing
# the generation through Xapian) is still a lock.
d="$TMP/held"
cp -r "$TMP/i" "$d"
begin "a lock another process holds: exit 3, use --wait"
out=$(python3 - "$FOLIO" "$d" "$gen" "$TMP/c" <<'PY'
import fcntl, subprocess, sys
folio, d, gen, corpus = sys.argv[1:]
with open(d + "/" + gen + "/flintlock", "r+") as f:
    fcntl.lockf(f, fcntl.LOCK_EX)
    r = subprocess.run([folio, "index", "--db", d, corpus],
                       capture_output=True, text=True)
print("%d|%s" % (r.returncode, r.stderr.strip()))
PY
)
expect_eq "3|folio: cannot open index $d: DatabaseLockError: Unable to get write lock on $d/$gen: already locked; use --wait to wait for it" \
	"$out"

finish
