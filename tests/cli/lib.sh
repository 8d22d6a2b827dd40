# lib.sh: shared helpers for folio's CLI tests (sourced by tests/cli/T*.sh).
# Each test script runs the real folio binary ($FOLIO) against real indexes
# in a temporary directory, and ends with the line "N passed, N failed".
set -u

: "${FOLIO:?set FOLIO to the folio binary}"
: "${FOLIO_SOURCE_DIR:?set FOLIO_SOURCE_DIR to the source tree}"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/folio-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
unset FOLIO_INDEX NO_COLOR
# a pseudo terminal (script) that shows colours, whatever TERM runs the
# tests: a dumb one is not highlighted
export TERM=xterm
passed=0
failed=0
current=""

# begin "what this subtest shows"
begin() { current=$1; }

pass() { passed=$((passed + 1)); echo "ok $current"; }
fail() {
	failed=$((failed + 1))
	echo "FAIL $current" >&2
	printf '  %s\n' "$@" >&2
}

# expect_eq EXPECTED ACTUAL
expect_eq() {
	if [ "$1" = "$2" ]; then pass; else
		fail "expected:" "$1" "actual:" "$2"
	fi
}

# run CMD...: run, capturing stdout in $out, stderr in $err, status in $rc.
run() {
	out=$("$@" 2>"$TMP/stderr") && rc=0 || rc=$?
	err=$(cat "$TMP/stderr")
}

# urls_of JSON: the hit URLs of a --json result, one per line.
urls_of() { python3 -c 'import json,sys; [print(h["url"]) for h in json.load(sys.stdin)["hits"]]' <<<"$1"; }

# Index corpus/ into $TMP/index once, for tests that only search.
sample_index() {
	"$FOLIO" index --db "$TMP/index" "$FOLIO_SOURCE_DIR/corpus" >/dev/null
}

# posts_jsonl FIRST LAST [MARK]: JSON Lines posts FIRST..LAST with URLs
# https://example.com/pN; MARK (default v1) is a word in every summary,
# so a search for it tells which version of the posts an index holds.
posts_jsonl() {
	python3 - "$1" "$2" "${3:-v1}" <<'PY'
import json, sys
first, last, mark = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
for i in range(first, last + 1):
    print(json.dumps({"url": "https://example.com/p%d" % i,
                      "title": "Post number %d about lattices" % i,
                      "company": "Example", "type": "Tutorial",
                      "topics": ["Topic%d" % (i % 7)],
                      "summary": "Summary %d of %s: quokkas, lattices and "
                                 "the word %s." % (i, mark, mark)}))
PY
}

# count_of DB: the number of posts in index DB (folio stats --json).
count_of() {
	"$FOLIO" stats --db "$1" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["documents"])'
}

# total_of DB QUERY...: the number of posts matching the query.
total_of() {
	local db=$1
	shift
	"$FOLIO" search --db "$db" --json "$@" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'
}

# json_shape CHECK: read JSON on stdin and print "ok" when it is one
# valid object (python3 -m json.tool takes it) for which the Python
# CHECK, given text (what was read) and d (the object), asserts nothing
# false; else what is wrong.
json_shape() {
	python3 -c '
import json, subprocess, sys
text = sys.stdin.read()
subprocess.run(["python3", "-m", "json.tool"], input=text, text=True,
               check=True, stdout=subprocess.DEVNULL)
d = json.loads(text)
assert text.endswith("}\n") and isinstance(d, dict), "not one object"
exec(sys.argv[1])
print("ok")' "$1"
}

finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}

# ---- servers (T140, T150): real Xapian daemons on free loopback ports ----

# free_port: a TCP port on 127.0.0.1 that nothing listens on right now.
free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_port PORT: wait (at most 10 s) until something accepts on PORT.
wait_port() {
	python3 - "$1" <<'PY'
import socket, sys, time
end = time.time() + 10
while time.time() < end:
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), 0.2).close()
        sys.exit(0)
    except OSError:
        time.sleep(0.05)
sys.exit(1)
PY
}

# serve VAR CMD...: start a server in its own session (xapian-tcpsrv sends
# SIGTERM to its whole process group when it stops, which must not be
# ours), remember its pid in VAR, and kill every server on exit.
SERVERS=""
serve() {
	local var=$1
	shift
	setsid "$@" >>"$TMP/servers.log" 2>&1 </dev/null &
	printf -v "$var" '%s' "$!"
	SERVERS="$SERVERS $!"
}
stop_server() { kill -KILL -- "-$1" 2>/dev/null; wait "$1" 2>/dev/null; }
stop_servers() {
	local pid
	for pid in $SERVERS; do stop_server "$pid"; done
}
trap 'stop_servers; rm -rf "$TMP"' EXIT

# ---- replication (T150, T155) ----

# serve_replicas DIR: publish the databases under DIR with
# xapian-replicate-server on a free port, which $port then holds. Each
# index published makes its symlink "live" once, which every generation
# switch then moves (README, "Replicas"): publish_live DB.
serve_replicas() {
	port=$(free_port)
	serve srv xapian-replicate-server -I 127.0.0.1 -p "$port" "$1"
	wait_port "$port" || { echo "server did not start"; cat "$TMP/servers.log"; }
}
publish_live() { ln -s "$(awk '{print $2}' "$1/XAPIANDB")" "$1/live"; }

# replicate MASTER DIR: pull MASTER (a path under the published
# directory, e.g. idx/live) into DIR; prints xapian-replicate's summary
# ("Update complete: 1 copies, ...").
replicate() {
	timeout 30 xapian-replicate -h 127.0.0.1 -p "$port" -m "$1" -o -v \
		"$2" 2>&1 | grep "Update complete"
}

# debian_posts N DIR: the first N (at most 4000) real posts of
# tests/data in DIR.
debian_posts() {
	mkdir -p "$2"
	gzip -dc "$FOLIO_SOURCE_DIR/tests/data/debian-posts-4k.jsonl.gz" |
		head -n "$1" >"$2/posts.jsonl"
}

# ranking JSON: "url score" per hit, for comparing rankings.
# A build's id and time in a message (api/shardid.c), which each build
# makes anew, as "build B": of $1, or of stdin.
builds() { sed -E 's/build [0-9a-f]{8} of [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z/build B/g' <<<"${1-$(cat)}"; }
ranking() { python3 -c 'import json,sys; [print(h["url"], h["score"]) for h in json.load(sys.stdin)["hits"]]' <<<"$1"; }
