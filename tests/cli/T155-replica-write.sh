#!/usr/bin/env bash
# T155-replica-write: a replica changes only by its pulls. folio index (any
# run: incremental, --no-delete, --rebuild, a new shard count or language)
# on a directory that xapian-replicate keeps is refused before anything is
# written there, saying to index the master and pull again: a commit there
# made the replica's revision number the master's next one, so the next
# pull said "no changes to live database" and the replica kept a post the
# master never had and missed the master's. An index of another format
# pulled from its master is told to be pulled again from a master of this
# format, not rebuilt (its user has no corpus).
. "$(dirname "$0")/lib.sh"

export XAPIAN_MAX_CHANGESETS=10
mkdir -p "$TMP/corpus" "$TMP/extra" "$TMP/master" "$TMP/replica"
posts_jsonl 1 5 >"$TMP/corpus/a.jsonl"
posts_jsonl 100 100 zqreplicaonly >"$TMP/extra/b.jsonl"
"$FOLIO" index --db "$TMP/master/idx" "$TMP/corpus" >/dev/null
publish_live "$TMP/master/idx"
serve_replicas "$TMP/master"
# every file of the replica with its checksum, hidden ones included
snapshot() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 md5sum); }

R=$TMP/replica/idx
replicate idx/live "$R" >/dev/null
before=$(snapshot "$R")
refusal="folio: index $R is a replica, which xapian-replicate keeps in step with its master: folio does not write to it (a change there would put it out of step, and pulls could then miss the master's changes); index the master, then pull it again with: xapian-replicate -h HOST -p PORT -m INDEX/live $R"

begin "every folio index run on a replica is refused, naming what to do"
said=""
for args in "$TMP/corpus" "--no-delete $TMP/extra" "--rebuild $TMP/corpus" \
	"--shards 2 $TMP/corpus" "--rebuild --language none $TMP/corpus"; do
	run "$FOLIO" index --db "$R" $args
	[ "$rc|$err" = "2|$refusal" ] || said="$said [$args] $rc|$err"
done
expect_eq "" "$said"

begin "and nothing in the replica was written, created or removed"
expect_eq "$before" "$(snapshot "$R")"

begin "so the next pull brings the master's change as a changeset"
posts_jsonl 6 6 zqmasteronly >"$TMP/corpus/c.jsonl"
"$FOLIO" index --db "$TMP/master/idx" "$TMP/corpus" >/dev/null
expect_eq "Update complete: 0 copies, 1 changesets, new live database|1|0" \
	"$(replicate idx/live "$R")|$(total_of "$R" zqmasteronly)|$(total_of "$R" zqreplicaonly)"

begin "a sharded replica is refused too, with the pull of each shard"
"$FOLIO" index --db "$TMP/master/sh" --shards 2 "$TMP/corpus" >/dev/null
publish_live "$TMP/master/sh"
S=$TMP/replica/sh
mkdir -p "$S/shards"
for k in 0 1; do replicate sh/live/shard-$k "$S/shards/shard-$k" >/dev/null; done
echo "auto shards" >"$S/XAPIANDB"
printf 'auto shard-0\nauto shard-1\n' >"$S/shards/XAPIANDB"
before=$(snapshot "$S")
run "$FOLIO" index --db "$S" --no-delete "$TMP/extra"
expect_eq "2|folio: index $S is a sharded replica, which xapian-replicate keeps in step with its master: folio does not write to it (a change there would put it out of step, and pulls could then miss the master's changes); index the master, then pull each shard again with: xapian-replicate -h HOST -p PORT -m INDEX/live/shard-K $S/shards/shard-K|same" \
	"$rc|$err|$([ "$before" = "$(snapshot "$S")" ] && echo same)"

# Its database written as an index of its own put the replica out of
# step as a commit in it did, refused or not: it is refused as a part of
# the replica, as is a shard's database in a sharded replica, naming
# what folio then refuses as a replica, with what to do.
begin "the database inside a replica, or inside a shard of one, is refused too"
before="$(snapshot "$R")|$(snapshot "$S")"
said=""
for part in "$R/$(awk '!/^#/ {print $2}' "$R/XAPIANDB")" \
	"$S/shards/shard-1/$(awk '!/^#/ {print $2}' "$S/shards/shard-1/XAPIANDB")"; do
	top=$R
	case $part in "$S"*) top=$S ;; esac
	run "$FOLIO" index --db "$part" --no-delete "$TMP/extra"
	[ "$rc|$err" = "2|folio: $part is a part of the index $top (a generation, a shard or a replica's database, or where its writers build), which folio writes only as a whole: index $top" ] ||
		said="$said [$part] $rc|$err"
done
expect_eq "|$before" "$said|$(snapshot "$R")|$(snapshot "$S")"

# An old format recorded on the master (as an older folio would have),
# which reaches the replica as a changeset.
begin "a replica of another format is told to be pulled from a master of this one"
fmt=$(xapian-metadata get "$TMP/master/idx/XAPIANDB" folio.format)
xapian-metadata set "$TMP/master/idx/live" folio.format 1
replicate idx/live "$R" >/dev/null
want="folio: index $R has format \"1\", which this folio (format $fmt) cannot use: it is a replica: pull it again from a master of format $fmt (one rebuilt by this folio: folio index --rebuild there) with: xapian-replicate -h HOST -p PORT -m INDEX/live $R"
said=""
for cmd in "search lattices" stats check "similar https://example.com/p1" "index $TMP/corpus"; do
	run "$FOLIO" $cmd --db "$R"
	said="$said$rc|$err
"
done
expect_eq "$(printf '2|%s\n' "$want" "$want" "$want" "$want" "$want")
" "$said"

finish
