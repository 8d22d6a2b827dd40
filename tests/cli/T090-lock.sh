# T090-lock.sh: one writer at a time. A second folio index (incremental
# or --rebuild) fails at once with exit 3 and a clear message while one
# runs; --wait waits for it instead; searches never block on the writer;
# a writer killed with SIGKILL leaves no stale lock.
. "$(dirname "$0")/lib.sh"

posts_jsonl 1 200 >"$TMP/small.jsonl"
posts_jsonl 1 20000 >"$TMP/big.jsonl"
"$FOLIO" index --db "$TMP/i" "$TMP/small.jsonl" >/dev/null

# start_writer: a --rebuild of the big corpus in the background ($writer),
# returning once its private build directory exists: it holds the lock
# then, from opening the index to its end. (Probing the lock with flock(1)
# would take it for a moment and could lock the writer out.)
start_writer() {
	"$FOLIO" index --db "$TMP/i" --rebuild --threads 1 "$TMP/big.jsonl" \
		>"$TMP/writer.out" 2>&1 &
	writer=$!
	for _ in $(seq 3000); do   # up to 60 s (sanitizer builds are slow)
		ls -d "$TMP"/i/build-*/part-0 >/dev/null 2>&1 && return 0
		sleep 0.02
	done
	echo "the writer never started building: $(cat "$TMP/writer.out")" >&2
}

start_writer

begin "a second indexer fails at once with exit status 3"
run "$FOLIO" index --db "$TMP/i" "$TMP/small.jsonl"
expect_eq "3|folio: $TMP/i is locked: another writer (process $writer, since TIME) is indexing it; use --wait to wait for it" \
	"$rc|$(sed -E 's/since [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z/since TIME/' <<<"$err")"

begin "so does a second --rebuild"
run "$FOLIO" index --db "$TMP/i" --rebuild "$TMP/small.jsonl"
expect_eq 3 "$rc"

begin "the first writer was still running then"
expect_eq yes "$(kill -0 "$writer" 2>/dev/null && echo yes || cat "$TMP/writer.out")"

begin "searches do not block on the writer and see the last commit"
run "$FOLIO" search --db "$TMP/i" --json lattices
expect_eq "0|200" "$rc|$(python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])' <<<"$out")"

begin "--wait waits for the writer, then runs"
run "$FOLIO" index --db "$TMP/i" --wait --no-delete "$TMP/small.jsonl"
expect_eq 0 "$rc"
wait "$writer"

begin "the waiting run saw the writer's result, not the generation it replaced"
expect_eq "20000|200 posts in 1 file: 0 added, 0 updated, 200 unchanged, 0 removed; 0 skipped; 19800 posts no longer in the corpus kept (--no-delete)" \
	"$(count_of "$TMP/i")|$out"

begin "a writer killed with SIGKILL leaves no stale lock"
start_writer
debris=$(ls -d "$TMP"/i/build-* 2>/dev/null | wc -l)
kill -KILL "$writer"
wait "$writer" 2>/dev/null
run "$FOLIO" index --db "$TMP/i" --no-delete "$TMP/small.jsonl"
expect_eq "0|20000" "$rc|$(count_of "$TMP/i")"

begin "the killed rebuild's private build directory was cleaned up"
expect_eq "1|0|1" "$debris|$(ls -d "$TMP"/i/build-* 2>/dev/null | wc -l)|$(ls -d "$TMP"/i/gen-* | wc -l)"

# Two users: an index of nobody's, rebuilt once by root (cron run as the
# wrong user). root's new generation is root's, so nobody's next run
# fails (exit 2), and said only Xapian's "Couldn't open lockfile:
# Permission denied"; it now names the generation and its owner. Root
# alone can run as another user: elsewhere this part is skipped.
nb=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
chmod 755 "$TMP"
if [ "$(id -u)" = 0 ] && "${nb[@]}" "$FOLIO" --version >/dev/null 2>&1; then
	mkdir "$TMP/nb"
	chown nobody "$TMP/nb"
	chmod 644 "$TMP/small.jsonl"
	"${nb[@]}" "$FOLIO" index --db "$TMP/nb/i" "$TMP/small.jsonl" >/dev/null
	"$FOLIO" index --rebuild --db "$TMP/nb/i" "$TMP/small.jsonl" >/dev/null
	g=$(ls "$TMP/nb/i" | grep '^gen-')
	begin "a generation another user rebuilt: the owner's next run names it and its owner"
	run "${nb[@]}" "$FOLIO" index --db "$TMP/nb/i" "$TMP/small.jsonl"
	expect_eq "2|folio: cannot open index $TMP/nb/i: DatabaseLockError: Unable to get write lock on $TMP/nb/i/$g: Couldn't open lockfile: Permission denied ($TMP/nb/i/$g belongs to uid 0, and this user may not write it: index as that user, or give the index to this one with chown -R)" \
		"$rc|$err"
	begin "and its searches still answer"
	expect_eq "200" "$("${nb[@]}" "$FOLIO" search --db "$TMP/nb/i" --json --limit 0 lattices | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')"
else
	echo "skipped: two users need root and setpriv"
fi

finish
