#!/usr/bin/env bash
# T140-remote: searches that span shards served by xapian-tcpsrv (Xapian's
# remote backend) on loopback ports chosen at run time: remote, mixed and
# local searches rank alike; a dead or hung shard is an error naming it,
# or with --allow-partial a warning naming it and the rest's results; a
# shard of another format or language, or no folio index, is refused, and
# so are shards of a sharded build listed incompletely, twice or mixed.
. "$(dirname "$0")/lib.sh"

debian_posts 4000 "$TMP/corpus"
"$FOLIO" index --db "$TMP/one" "$TMP/corpus" >/dev/null
"$FOLIO" index --db "$TMP/two" --shards 2 "$TMP/corpus" >/dev/null
gen="$TMP/two/$(awk '{print $2}' "$TMP/two/XAPIANDB")"
p0=$(free_port)
p1=$(free_port)
serve s0 xapian-tcpsrv --interface 127.0.0.1 --port "$p0" "$gen/shard-0"
serve s1 xapian-tcpsrv --interface 127.0.0.1 --port "$p1" "$gen/shard-1"
# another index, whole, and the last shard of another sharded build
"$FOLIO" index --db "$TMP/three" --shards 3 "$TMP/corpus" >/dev/null
pw=$(free_port)
p3=$(free_port)
serve sw xapian-tcpsrv --interface 127.0.0.1 --port "$pw" "$TMP/one/$(awk '{print $2}' "$TMP/one/XAPIANDB")"
serve s3 xapian-tcpsrv --interface 127.0.0.1 --port "$p3" "$TMP/three/$(awk '{print $2}' "$TMP/three/XAPIANDB")/shard-2"
wait_port "$p0" && wait_port "$p1" && wait_port "$pw" && wait_port "$p3" || { echo "servers did not start"; cat "$TMP/servers.log"; }
r0=127.0.0.1:$p0
r1=127.0.0.1:$p1
rw=127.0.0.1:$pw
r3=127.0.0.1:$p3

for q in "python library" "game" "development files" "perl" "library"; do
	begin "\"$q\": two remote shards rank as one local database"
	a=$("$FOLIO" search --db "$TMP/one" --json --limit 40 $q)
	b=$("$FOLIO" search --remote "$r0" --remote "$r1" --json --limit 40 $q)
	expect_eq "$(ranking "$a")" "$(ranking "$b")"
done

# An empty FOLIO_INDEX is unset for the index path, but counted as set
# here, which added ./index to a front end of remotes (explore-s).
begin "an empty FOLIO_INDEX with --remote searches the remote shards alone"
mkdir -p "$TMP/cwd"
"$FOLIO" index --db "$TMP/cwd/index" "$TMP/corpus" >/dev/null
a=$("$FOLIO" search --remote "$r0" --json --limit 40 library)
b=$(cd "$TMP/cwd" && FOLIO_INDEX= "$FOLIO" search --remote "$r0" --json --limit 40 library)
expect_eq "$(ranking "$a")" "$(ranking "$b")"

begin "a local shard plus a remote one rank as one database"
a=$("$FOLIO" search --db "$TMP/one" --json --limit 40 library)
b=$("$FOLIO" search --db "$gen/shard-0" --remote "$r1" --json --limit 40 library)
expect_eq "$(ranking "$a")" "$(ranking "$b")"

begin "a front-end directory with a REMOTES file searches its shards"
mkdir "$TMP/front"
printf '# the shards\n%s\n\n%s\n' "$r0" "$r1" >"$TMP/front/REMOTES"
b=$("$FOLIO" search --db "$TMP/front" --json --limit 40 library)
expect_eq "$(ranking "$a")" "$(ranking "$b")"

begin "folio check on that front end says where to check instead"
# It printed Xapian's "Directory does not contain a Xapian database".
run "$FOLIO" check --db "$TMP/front"
expect_eq "2|folio: $TMP/front holds remote shards alone, whose files are on their hosts: run folio check where each is served" "$rc|$err"

# A front end has no generation of its own: its disk size was that of
# whatever files its directory holds (the REMOTES file, a log beside it).
begin "folio stats on that front end: no generation, no local shard, no local bytes"
head -c 100000 /dev/zero >"$TMP/front/notes.log"
run "$FOLIO" stats --db "$TMP/front" --json
expect_eq "0|0 0 0 2 4000" "$rc|$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["disk_bytes"], d["generation"], d["shards"], d["remote_shards"], d["documents"])' <<<"$out")"
rm "$TMP/front/notes.log"

begin "folio similar over that front end's REMOTES ranks as over one local database"
u=$(urls_of "$("$FOLIO" search --db "$TMP/one" --json --limit 1 library)")
a=$("$FOLIO" similar --db "$TMP/one" --json --limit 20 "$u")
b=$("$FOLIO" similar --db "$TMP/front" --json --limit 20 "$u")
expect_eq "20|$(ranking "$a")" "$(ranking "$b" | wc -l)|$(ranking "$b")"

begin "facets over remote shards count as over one local database"
# xapian-tcpsrv runs only the match spies it knows: folio's own was
# refused ("MatchSpy not suitable for use with remote searches").
facets_of() { python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["facets"], sort_keys=True))' <<<"$1"; }
# with hits fetched too: Xapian's remote spies then counted some twice
for limit in 0 1 3 10; do
	for q in library type:games; do
		a=$("$FOLIO" search --db "$TMP/one" --json --facets --limit $limit $q)
		b=$("$FOLIO" search --remote "$r0" --remote "$r1" --json --facets --limit $limit $q)
		c=$("$FOLIO" search --db "$gen/shard-0" --remote "$r1" --json --facets --limit $limit $q)
		expect_eq "$(facets_of "$a")|$(facets_of "$a")" "$(facets_of "$b")|$(facets_of "$c")"
	done
done

begin "--sort oldest puts undated posts last on a remote shard too"
mkdir "$TMP/dated"
cat >"$TMP/dated/posts.jsonl" <<'JL'
{"url": "https://example.com/undated", "title": "Quokka notes", "summary": "Quokkas, undated."}
{"url": "https://example.com/2025", "title": "Quokka news", "published": "2025-03-01", "summary": "Quokkas in 2025."}
{"url": "https://example.com/2024", "title": "Quokka facts", "published": "2024-06-01", "summary": "Quokkas in 2024."}
JL
"$FOLIO" index --db "$TMP/dated/i" "$TMP/dated/posts.jsonl" >/dev/null
p2=$(free_port)
serve s2 xapian-tcpsrv --interface 127.0.0.1 --port "$p2" "$TMP/dated/i/$(awk '{print $2}' "$TMP/dated/i/XAPIANDB")"
wait_port "$p2"
a=$("$FOLIO" search --db "$TMP/dated/i" --json --sort oldest quokka)
b=$("$FOLIO" search --remote "127.0.0.1:$p2" --json --sort oldest quokka)
expect_eq "https://example.com/2024 https://example.com/2025 https://example.com/undated|same" \
	"$(urls_of "$a" | tr '\n' ' ' | sed 's/ $//')|$([ "$(urls_of "$a")" = "$(urls_of "$b")" ] && echo same)"

# Beside a local index, a REMOTES file's shards were opened by folio
# check too: it counted their posts as checked, read every one of them
# over the network, and failed (exit 2) when one was down.
begin "folio check beside a REMOTES file checks the local index alone"
"$FOLIO" index --db "$TMP/beside" "$TMP/dated/posts.jsonl" >/dev/null
echo "$rw" >"$TMP/beside/REMOTES"
run "$FOLIO" check --db "$TMP/beside"
expect_eq "0|$TMP/beside: sound (3 posts, no problems found)|" "$rc|$out|$err"

begin "its JSON counts the local posts alone"
run "$FOLIO" check --db "$TMP/beside" --json
expect_eq "0|true 1 3" "$rc|$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(str(d["sound"]).lower(), d["shards"], d["documents"])' <<<"$out")"

# Its stats counted the remote shard's posts, beside the local index's
# disk size, and said nothing of it.
begin "folio stats beside a REMOTES file says which figures count the remote shard"
run "$FOLIO" stats --db "$TMP/beside"
n1=$(xapian-delve "$TMP/one/$(awk '{print $2}' "$TMP/one/XAPIANDB")" | sed -n 's/^number of documents = //p')
expect_eq "0|documents   $((3 + n1))|shards      1|remote      1 shard: in documents and terms, not in disk size, generation or shards" \
	"$rc|$(grep ^documents <<<"$out")|$(grep ^shards <<<"$out")|$(grep ^remote <<<"$out")"

begin "its JSON too: remote_shards beside the local shards"
run "$FOLIO" stats --db "$TMP/beside" --json
expect_eq "0|$((3 + n1)) 1 1" "$rc|$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["documents"], d["shards"], d["remote_shards"])' <<<"$out")"

begin "a shard listed there that is down is no concern of folio check"
echo "127.0.0.1:$(free_port)" >"$TMP/beside/REMOTES"
run "$FOLIO" check --db "$TMP/beside"
expect_eq "0|$TMP/beside: sound (3 posts, no problems found)|" "$rc|$out|$err"

# Copies of the dated index, altered with xapian-metadata as a plain
# Xapian database, an older folio and a French index would read.
for kind in foreign old french; do
	cp -r "$TMP/dated/i/$(awk '{print $2}' "$TMP/dated/i/XAPIANDB")" "$TMP/$kind"
done
xapian-metadata set "$TMP/foreign" folio.format ""
xapian-metadata set "$TMP/old" folio.format 1
xapian-metadata set "$TMP/french" folio.language french
pf=$(free_port) po=$(free_port) pr=$(free_port)
serve sf xapian-tcpsrv --interface 127.0.0.1 --port "$pf" "$TMP/foreign"
serve so xapian-tcpsrv --interface 127.0.0.1 --port "$po" "$TMP/old"
serve sr xapian-tcpsrv --interface 127.0.0.1 --port "$pr" "$TMP/french"
wait_port "$pf" && wait_port "$po" && wait_port "$pr"
fmt=$(xapian-metadata get "$TMP/dated/i/XAPIANDB" folio.format)

begin "a remote that is not a folio index is refused beside a local one, named"
# It was searched: its documents counted as posts and read as "damaged".
run "$FOLIO" search --db "$TMP/dated/i" --remote "127.0.0.1:$pf" quokka
expect_eq "2 folio: remote shard 127.0.0.1:$pf is not a folio index (it records no folio format)" "$rc $err"

begin "a remote of another format is refused, named, alone or after others"
run "$FOLIO" search --remote "127.0.0.1:$p2" --remote "127.0.0.1:$po" quokka
expect_eq "2 folio: remote shard 127.0.0.1:$po has index format \"1\", which this folio (format $fmt) cannot use: rebuild it where it is served, with folio index --rebuild" "$rc $err"

french="remote shard 127.0.0.1:$pr has stemming language \"french\", not \"english\" like the rest of the index: the shards of one index share one language"
begin "a remote of another stemming language is refused"
run "$FOLIO" search --db "$TMP/dated/i" --remote "127.0.0.1:$pr" quokka
expect_eq "2 folio: $french" "$rc $err"

begin "with --allow-partial it is left out as a shard that is down is, named"
run "$FOLIO" search --db "$TMP/dated/i" --remote "127.0.0.1:$pr" --allow-partial quokka
expect_eq "0|folio: warning: shard 127.0.0.1:$pr skipped, results are partial: $french" "$rc|$err"
stop_server "$sf"
stop_server "$so"
stop_server "$sr"

begin "a shard that comes back refused stays named in every later answer"
# One --stdin handle: the French shard is down at first, then served; the
# retry after 5 s finds it refused. It was then dropped without a word:
# later answers had no skipped_shards, and searched the rest as if whole.
skipped=$({
	echo quokka
	sleep 1
	serve sr xapian-tcpsrv --interface 127.0.0.1 --port "$pr" "$TMP/french"
	echo "$sr" >"$TMP/sr.pid"
	wait_port "$pr"
	sleep 6
	echo quokka
	echo quokka
} | "$FOLIO" search --db "$TMP/dated/i" --remote "127.0.0.1:$pr" --allow-partial --timeout 500 --stdin --limit 0 2>/dev/null |
	python3 -c 'import json, sys
for l in sys.stdin:
    o = json.loads(l)
    s = o.get("skipped_shards", [])
    print(len(s), s[0]["reason"].split(":")[0] if s else o.get("error"))')
sr=$(cat "$TMP/sr.pid")
SERVERS="$SERVERS $sr"
stop_server "$sr"
expect_eq "1 NetworkError|1 remote shard 127.0.0.1|1 remote shard 127.0.0.1" "$(tr '\n' '|' <<<"$skipped" | sed 's/|$//')"

begin "a malformed --remote is refused"
run "$FOLIO" search --remote localhost library
expect_eq "2 folio: remote shard \"localhost\" is not HOST:PORT: it has no :PORT" "$rc $err"

# strtoul read localhost:+1 and "localhost: 1" as port 1, and [::1]:1
# was connected to with its brackets in the host.
begin "a remote's port is 1 to 65535 in digits alone, and errors name the bad part"
r=
for name in 'localhost:+1' 'localhost: 1' 'localhost:0' 'localhost:65536' \
	'localhost:1x' 'localhost:' ':7001' '::1:7001' '[::1' '[::1]7001' '[]:7001'; do
	run "$FOLIO" search --remote "$name" library
	r="$r$rc ${err#"folio: remote shard \"$name\" is not HOST:PORT: "}
"
done
expect_eq "2 its port \"+1\" is not a number from 1 to 65535
2 its port \" 1\" is not a number from 1 to 65535
2 its port \"0\" is not a number from 1 to 65535
2 its port \"65536\" is not a number from 1 to 65535
2 its port \"1x\" is not a number from 1 to 65535
2 it has no port after its :
2 it has no host
2 an IPv6 address goes in brackets ([ADDRESS]:PORT)
2 its [ is never closed
2 no :PORT follows its ]
2 it has no host
" "$r"
printf '%s\n' "$r0" 'localhost:+1' >"$TMP/front/REMOTES"
run "$FOLIO" search --db "$TMP/front" library
expect_eq "2 folio: remote shard \"localhost:+1\" is not HOST:PORT: its port \"+1\" is not a number from 1 to 65535 ($TMP/front/REMOTES line 2)" "$rc $err"
printf '%s\n%s\n' "$r0" "$r1" >"$TMP/front/REMOTES"

begin "an address in brackets is connected to without them"
a=$("$FOLIO" search --remote "$r0" --remote "$r1" --json --limit 40 library)
b=$("$FOLIO" search --remote "[127.0.0.1]:$p0" --remote "$r1" --json --limit 40 library)
expect_eq "$(ranking "$a")" "$(ranking "$b")"

# Xapian 1.4.22's remote backend connects over IPv4 alone (xapian-tcpsrv
# cannot listen on ::1 either), so an IPv6 shard cannot be searched; but
# the address Xapian is given is ::1, not "[::1]", a name no DNS knows.
begin "an IPv6 address in brackets is given to Xapian without them"
run "$FOLIO" search --remote "[::1]:$p0" library
case "$err" in
"folio: remote shard [::1]:$p0 cannot be searched: NetworkError: Couldn't resolve host ::1 "*) [ "$rc" = 2 ] && pass || fail "rc $rc" ;;
*) fail "rc $rc: $err" ;;
esac

# Each error says what to do: what to check where the shard is served
# (the library's words), then the options of folio search that get past
# it. It said only what was wrong.
# The shards of a sharded build go together: listed incompletely, twice,
# or beside a shard of another build, their posts were searched as they
# came (a shard left from before a --shards change: its posts twice).
# Whole indexes side by side are a search of their own.
begin "whole indexes side by side are searched together, as before"
run "$FOLIO" search --db "$TMP/cwd/index" --remote "$rw" --remote "$r0" --remote "$r1" --limit 0 library
expect_eq "0|$(( $(total_of "$TMP/one" --limit 0 library) * 3 )) posts match" "$rc|$out"

begin "a shard of a sharded build beside another index is refused, naming what is missing"
run "$FOLIO" search --db "$TMP/one" --remote "$r0" library
expect_eq "2|folio: shard 2 of 2 of build B is missing: the search lists remote shard $r0, shard 1 of 2, but not every shard of its build; list them all" "$rc|$(builds "$err")"

begin "with --allow-partial it is searched, the missing shard named as skipped"
run "$FOLIO" search --db "$TMP/one" --remote "$r0" --allow-partial --json --limit 0 library
expect_eq "0|1|2 of 2 of build B|none of the shards searched is it (remote shard $r0 is shard 1 of 2 of that build)|folio: warning: shard 2 of 2 of build B skipped, results are partial: none of the shards searched is it (remote shard $r0 is shard 1 of 2 of that build)" \
	"$rc|$(python3 -c 'import json, sys; s = json.load(sys.stdin)["skipped_shards"]; print(len(s), s[0]["shard"], s[0]["reason"], sep="|")' <<<"$out" | builds)|$(builds "$err")"

begin "a shard of another sharded build among a build's shards is refused, naming both"
run "$FOLIO" search --remote "$r0" --remote "$r1" --remote "$r3" library
expect_eq "2|folio: remote shard $r3 belongs to another build than remote shard $r0 (shard 1 of 2 of build B): it is shard 3 of 3 of build B, of which the search lacks shard 1; list the shards of one build" "$rc|$(builds "$err")"

begin "and with --allow-partial too: that is no partial search"
run "$FOLIO" search --remote "$r0" --remote "$r1" --remote "$r3" --allow-partial library
expect_eq "2|folio: remote shard $r3 belongs to another build than remote shard $r0 (shard 1 of 2 of build B): it is shard 3 of 3 of build B, of which the search lacks shard 1; list the shards of one build" "$rc|$(builds "$err")"

begin "a shard of a build twice (a copy of it, another database) is refused, naming both"
xapian-compact "$gen/shard-0" "$TMP/copy0" >/dev/null
pc=$(free_port)
serve sc xapian-tcpsrv --interface 127.0.0.1 --port "$pc" "$TMP/copy0"
wait_port "$pc" || { echo "server did not start"; cat "$TMP/servers.log"; }
run "$FOLIO" search --remote "$r0" --remote "$r1" --remote "127.0.0.1:$pc" library
expect_eq "2|folio: remote shard 127.0.0.1:$pc is shard 1 of 2 of build B, as remote shard $r0 is: its posts would come twice; list each shard of a build once" "$rc|$(builds "$err")"
stop_server "$sc"
stop_server "$s3"
stop_server "$sw"

begin "a hung shard times out (--timeout), naming it and the options that wait longer or do without it"
kill -STOP -- "-$s1"
start=$(date +%s)
run "$FOLIO" search --remote "$r0" --remote "$r1" --timeout 300 library
took=$(($(date +%s) - start))
kill -CONT -- "-$s1"
expect_eq "2|folio: remote shard $r1 cannot be searched: NetworkTimeoutError: Timeout expired while trying to read (context: remote:tcp($r1)); it did not answer within 300 ms: check that its xapian-tcpsrv is not stopped or overloaded; or use --timeout MS to wait longer for it, or --allow-partial to search the other shards without it|fast" \
	"$rc|$err|$([ "$took" -lt 10 ] && echo fast)"

begin "a killed shard is an error naming it, and how to search without it"
stop_server "$s1"
run "$FOLIO" search --remote "$r0" --remote "$r1" library
expect_eq "2 folio: remote shard $r1 cannot be searched: NetworkError: Couldn't connect (context: remote:tcp($r1)) (Connection refused); check that xapian-tcpsrv serves it at that address; or use --allow-partial to search the other shards without it" "$rc $err"

begin "its JSON error says what stderr says"
run "$FOLIO" search --remote "$r0" --remote "$r1" --json library
expect_eq "2|${err#folio: }" "$rc|$(python3 -c 'import json,sys; print(json.load(sys.stdin)["message"])' <<<"$out")"

begin "folio similar, which has neither option, gives the library's advice alone"
run "$FOLIO" similar --db "$TMP/front" https://example.com/any
expect_eq "2 folio: remote shard $r1 cannot be searched: NetworkError: Couldn't connect (context: remote:tcp($r1)) (Connection refused); check that xapian-tcpsrv serves it at that address" "$rc $err"

begin "--allow-partial searches the rest and warns, naming the missing shard"
run "$FOLIO" search --remote "$r0" --remote "$r1" --allow-partial --json --limit 40 library
alone=$("$FOLIO" search --db "$gen/shard-0" --json --limit 40 library)
expect_eq "0 $(ranking "$alone")" "$rc $(ranking "$out")"
begin "the warning names the shard"
case "$err" in
"folio: warning: shard $r1 skipped, results are partial: NetworkError: Couldn't connect"*) pass ;;
*) fail "$err" ;;
esac

begin "--json names the skipped shard in the object too"
run "$FOLIO" search --remote "$r0" --remote "$r1" --allow-partial --json --limit 0 library
expect_eq "0|$r1|NetworkError" "$rc|$(python3 -c 'import json, sys; s = json.load(sys.stdin)["skipped_shards"]; print(len(s) == 1 and s[0]["shard"], s[0]["reason"].split(":")[0], sep="|")' <<<"$out")"

begin "--stdin with --allow-partial warns for each query"
run "$FOLIO" search --remote "$r0" --remote "$r1" --allow-partial --stdin --limit 0 < <(printf 'library\ngame\n')
expect_eq "0|2" "$rc|$(grep -c "^folio: warning: shard $r1 skipped, results are partial" <<<"$err")"

begin "a long-lived handle searches a shard again once it is back"
# One --stdin process, one handle: the first query finds shard 1 down;
# it comes back; a query after the retry interval (5 s at --timeout 500)
# searches both shards again.
full=$(total_of "$TMP/one" --limit 0 library)
part=$(total_of "$gen/shard-0" --limit 0 library)
totals=$({
	echo library
	sleep 1
	# (a subshell: the server's pid reaches the test through a file)
	serve s1 xapian-tcpsrv --interface 127.0.0.1 --port "$p1" "$gen/shard-1"
	echo "$s1" >"$TMP/s1.pid"
	wait_port "$p1"
	sleep 5
	echo library
} | "$FOLIO" search --remote "$r0" --remote "$r1" --allow-partial --timeout 500 --stdin --limit 0 2>/dev/null |
	python3 -c 'import json, sys; print(" ".join(str(json.loads(l)["total"]) for l in sys.stdin))')
s1=$(cat "$TMP/s1.pid")
SERVERS="$SERVERS $s1"
expect_eq "$part $full" "$totals"
stop_server "$s1"

begin "without --allow-partial a handle fails while its shard is down, never searching the rest alone"
# One --stdin process, one handle, a local index beside a remote shard:
# each query while the shard is down is an error (before, the query after
# the first error searched the local index alone and answered as if
# nothing were missing); once it is back, both are searched again.
"$FOLIO" index --db "$TMP/five" "$FOLIO_SOURCE_DIR/corpus" >/dev/null
p5=$(free_port)
serve s5 xapian-tcpsrv --interface 127.0.0.1 --port "$p5" "$TMP/five/$(awk '{print $2}' "$TMP/five/XAPIANDB")"
wait_port "$p5"
# (killed from the subshell, s5 is reaped in ours: quietly)
{
	{
		echo library
		until [ -s "$TMP/answers" ]; do sleep 0.1; done
		stop_server "$s5"
		echo library
		echo library
		serve s5 xapian-tcpsrv --interface 127.0.0.1 --port "$p5" "$TMP/five/$(awk '{print $2}' "$TMP/five/XAPIANDB")"
		echo "$s5" >"$TMP/s5.pid"
		wait_port "$p5"
		echo library
	} | "$FOLIO" search --db "$TMP/one" --remote "127.0.0.1:$p5" --stdin --limit 0 >"$TMP/answers"
	wait "$s5"
} 2>/dev/null
SERVERS="$SERVERS $(cat "$TMP/s5.pid")"
expect_eq "ok remote-shard-unavailable remote-shard-unavailable ok" \
	"$(python3 -c 'import json, sys; print(" ".join("ok" if "total" in a else a["error"].replace(" ", "-") for a in map(json.loads, sys.stdin)))' <"$TMP/answers")"
stop_server "$(cat "$TMP/s5.pid")"

begin "a shard listed twice (REMOTES and --remote) is searched once"
mkdir "$TMP/front0"
echo "$r0" >"$TMP/front0/REMOTES"
a=$("$FOLIO" search --remote "$r0" --json --limit 40 library)
b=$("$FOLIO" search --db "$TMP/front0" --remote "$r0" --json --limit 40 library)
expect_eq "$(ranking "$a")" "$(ranking "$b")"

begin "--remote given twice is bad usage"
run "$FOLIO" search --remote "$r0" --remote "$r0" library
expect_eq "2|folio: --remote $r0 is given twice" "$rc|$err"

begin "a shard listed under two names of one address is searched once"
b=$("$FOLIO" search --remote "$r0" --remote "localhost:${r0##*:}" --json --limit 40 library)
expect_eq "$(ranking "$a")" "$(ranking "$b")"

begin "--json prints an error object when the shards cannot be reached"
run "$FOLIO" search --remote "$r1" --json library
expect_eq "2|remote shard unavailable" \
	"$rc|$(python3 -c 'import json, sys; print(json.load(sys.stdin)["error"])' <<<"$out")"

# Served under another address, the local index (or one shard served by
# two servers) was searched twice: every post came twice, the total and
# each facet count doubled, and the scores changed. Xapian knows a
# database by its UUID, which its replicas and copies share.
begin "a remote shard that is a database the search holds already is refused"
dup=$(free_port)
dup0=$(free_port)
serve sd xapian-tcpsrv --interface 127.0.0.1 --port "$dup" "$TMP/one/$(awk '{print $2}' "$TMP/one/XAPIANDB")"
serve sd0 xapian-tcpsrv --interface 127.0.0.1 --port "$dup0" "$gen/shard-0"
wait_port "$dup" && wait_port "$dup0" || { echo "servers did not start"; cat "$TMP/servers.log"; }
run "$FOLIO" search --db "$TMP/one" --remote "127.0.0.1:$dup" library
a="$rc|$err"
run "$FOLIO" search --remote "$r0" --remote "127.0.0.1:$dup0" --json library
b="$rc|$(python3 -c 'import json, sys; print(json.load(sys.stdin)["message"])' <<<"$out")"
expect_eq "2|folio: remote shard 127.0.0.1:$dup is a database this search holds already (the local index or another shard, served or copied under another name): its posts would come twice;\
2|remote shard 127.0.0.1:$dup0 is a database this search holds already (the local index or another shard, served or copied under another name): its posts would come twice" "$a;$b"

begin "--allow-partial leaves such a shard out: each post once, counted once"
a=$("$FOLIO" search --db "$TMP/one" --json --facets --limit 40 library)
run "$FOLIO" search --db "$TMP/one" --remote "127.0.0.1:$dup" --allow-partial --json --facets --limit 40 library
facets_total() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["total"], json.dumps(d["facets"], sort_keys=True))' <<<"$1"; }
expect_eq "0|$(ranking "$a")|$(facets_total "$a")" "$rc|$(ranking "$out")|$(facets_total "$out")"
stop_server "$sd"
stop_server "$sd0"

begin "--allow-partial with every shard down is still an error"
stop_server "$s0"
run "$FOLIO" search --remote "$r0" --remote "$r1" --allow-partial library
case "$rc $err" in
"2 folio: none of the 2 remote shards can be searched; $r0: NetworkError"*) pass ;;
*) fail "$rc $err" ;;
esac

finish
