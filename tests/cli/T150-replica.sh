#!/usr/bin/env bash
# T150-replica: the nightly flow with Xapian's replication. The build host
# indexes with XAPIAN_MAX_CHANGESETS set (so each commit writes a
# changeset); xapian-replicate-server publishes the index's "live" symlink
# (made once; folio moves it to each new generation); a search host pulls it with
# xapian-replicate into a directory that folio searches as an index. An
# incremental run travels as a changeset, a rebuild (a new generation) as
# a full copy; searches on the replica keep working during pulls, and the
# replica converges to the build host's results. A sharded replica, pulled
# shard by shard, is checked shard by shard.
. "$(dirname "$0")/lib.sh"

export XAPIAN_MAX_CHANGESETS=10
debian_posts 3000 "$TMP/corpus"
mkdir -p "$TMP/master" "$TMP/replica"
"$FOLIO" index --db "$TMP/master/idx" "$TMP/corpus" >/dev/null
publish_live "$TMP/master/idx"
serve_replicas "$TMP/master"

pull() { replicate idx/live "$TMP/replica/idx"; }
same_as_master() {
	local q a b
	for q in "python library" "game" "development files" zqmarkone; do
		a=$("$FOLIO" search --db "$TMP/master/idx" --json --limit 30 $q)
		b=$("$FOLIO" search --db "$TMP/replica/idx" --json --limit 30 $q)
		[ "$(ranking "$a")" = "$(ranking "$b")" ] || { echo "differs: $q"; return; }
	done
	echo same
}

begin "the first pull copies the live generation"
expect_eq "Update complete: 1 copies, 0 changesets, new live database" "$(pull)"

begin "the replica directory is a folio index with the master's results"
expect_eq same "$(same_as_master)"

begin "an incremental run reaches the replica as a changeset"
posts_jsonl 1 50 zqmarkone >"$TMP/corpus/new.jsonl"
"$FOLIO" index --db "$TMP/master/idx" "$TMP/corpus" >/dev/null
expect_eq "Update complete: 0 copies, 1 changesets, new live database|50" \
	"$(pull)|$(total_of "$TMP/replica/idx" zqmarkone)"

begin "searches on the replica keep working during pulls and rebuilds"
(
	fails=0
	while [ ! -e "$TMP/stop" ]; do
		"$FOLIO" search --db "$TMP/replica/idx" --json library >/dev/null 2>>"$TMP/search-errors" ||
			fails=$((fails + 1))
		echo x >>"$TMP/searches"
	done
	echo "$fails" >"$TMP/fails"
) &
searcher=$!
posts_jsonl 1 80 zqmarkone >"$TMP/corpus/new.jsonl"
"$FOLIO" index --db "$TMP/master/idx" "$TMP/corpus" >/dev/null
pull >/dev/null
"$FOLIO" index --db "$TMP/master/idx" --rebuild "$TMP/corpus" >/dev/null
rebuilt=$(pull)
touch "$TMP/stop"
wait "$searcher"
n=$(wc -l <"$TMP/searches")
expect_eq "0 failed" "$(cat "$TMP/fails") failed"
echo "  ($n searches ran during the pulls)"

begin "a rebuild (a new generation) reaches the replica as a full copy"
expect_eq "Update complete: 1 copies, 0 changesets, new live database" "$rebuilt"

begin "the replica converges to the master's results"
expect_eq "same|80" "$(same_as_master)|$(total_of "$TMP/replica/idx" zqmarkone)"

begin "a replica that pulls nothing new stays the same"
pull >/dev/null
expect_eq same "$(same_as_master)"

# A damaged replica cannot be rebuilt by its user, who has no corpus, and
# a pull into it fails ("xapian-replicate: DatabaseError: EOF reading
# block 6", with -f too): every command said to run folio index
# --rebuild. They say to pull it again, and doing so mends it.
begin "a damaged replica: every command says to pull it again"
copy=$(awk '!/^#/ {print $2}' "$TMP/replica/idx/XAPIANDB")
f="$TMP/replica/idx/$copy/postlist.glass"
truncate -s $(($(stat -c %s "$f") / 2)) "$f"
want="; it is a replica: move it aside and pull it again with: xapian-replicate -h HOST -p PORT -m INDEX/live $TMP/replica/idx"
said=""
for cmd in "search library" stats check "similar https://example.com/p1" "index $TMP/corpus"; do
	run "$FOLIO" $cmd --db "$TMP/replica/idx"
	said="$said${err:$((${#err} - ${#want}))}|"
done
expect_eq "$want|$want|$want|$want|$want|" "$said"
begin "and pulling it again, as they say, mends it"
mv "$TMP/replica/idx" "$TMP/replica/idx.damaged"
pull >/dev/null
run "$FOLIO" check --db "$TMP/replica/idx"
expect_eq "0|same" "$rc|$(same_as_master)"

# A sharded index replicates shard by shard, with two stubs made by hand
# (README, "Replicas"): folio check said "Directory does not contain a
# Xapian database", though search and stats worked.
"$FOLIO" index --db "$TMP/master/sh" --shards 2 "$TMP/corpus" >/dev/null
publish_live "$TMP/master/sh"
mkdir -p "$TMP/replica/sh/shards"
for k in 0 1; do
	replicate sh/live/shard-$k "$TMP/replica/sh/shards/shard-$k" >/dev/null
done
echo "auto shards" >"$TMP/replica/sh/XAPIANDB"
printf 'auto shard-0\nauto shard-1\n' >"$TMP/replica/sh/shards/XAPIANDB"
begin "folio check checks every shard of a sharded replica"
run "$FOLIO" check --db "$TMP/replica/sh"
expect_eq "0|$TMP/replica/sh: sound ($(count_of "$TMP/master/sh") posts, no problems found)" "$rc|$out"
begin "and finds damage in one of them"
copy=$(awk '!/^#/ {print $2}' "$TMP/replica/sh/shards/shard-1/XAPIANDB")
dd if=/dev/urandom of="$TMP/replica/sh/shards/shard-1/$copy/termlist.glass" bs=1 count=2000 seek=100 conv=notrunc 2>/dev/null
run "$FOLIO" check --db "$TMP/replica/sh"
want="folio: index $TMP/replica/sh is damaged: "
mend="; it is a sharded replica: move the damaged shard aside and pull it again with: xapian-replicate -h HOST -p PORT -m INDEX/live/shard-K $TMP/replica/sh/shards/shard-K"
expect_eq "1|$want|$mend" "$rc|${err:0:${#want}}|${err:$((${#err} - ${#mend}))}"

finish
