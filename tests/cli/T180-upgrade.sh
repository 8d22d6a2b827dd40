# T180-upgrade.sh: an index built by a folio of another format. Searches,
# folio check, folio stats and an incremental folio index refuse it with
# exit 2 and a message giving the command that rebuilds it; that command,
# folio index --rebuild, builds a generation of this folio's format and
# switches to it, keeping the index's language and shard count. A rebuild
# that would have to carry old posts over (--no-delete, or a corpus with
# something skipped) is refused and leaves the old index as it was. The
# old format is what xapian-metadata (xapian-tools) writes into the stub.
. "$(dirname "$0")/lib.sh"

# age DB [FORMAT]: record format FORMAT (default 1) in index DB, as a
# folio of that format would have (in every shard of a sharded one).
age() {
	local shard
	if [ -d "$1/$(awk '{print $2}' "$1/XAPIANDB")/shard-0" ]; then
		for shard in "$1/$(awk '{print $2}' "$1/XAPIANDB")"/shard-*; do
			xapian-metadata set "$shard" folio.format "${2:-1}"
		done
	else
		xapian-metadata set "$1/XAPIANDB" folio.format "${2:-1}"
	fi
}
format_of() { xapian-metadata get "$1/XAPIANDB" folio.format; }
live_of() { awk '{print $2}' "$1/XAPIANDB"; }
language_of() {
	"$FOLIO" stats --db "$1" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["language"])'
}

mkdir "$TMP/corpus"
posts_jsonl 1 30 alpha >"$TMP/corpus/a.jsonl"
corpus=$(realpath "$TMP/corpus")
"$FOLIO" index --db "$TMP/i" "$TMP/corpus" >/dev/null
# This folio's format, as a fresh index records it, and a newer one.
fmt=$(format_of "$TMP/i")
newer=$((fmt + 1))
age "$TMP/i"
advice="folio: index $TMP/i has format \"1\", which this folio (format $fmt) cannot use: rebuild it with: folio index --rebuild --db $TMP/i $corpus"

begin "a search refuses it, naming the command that rebuilds it"
run "$FOLIO" search --db "$TMP/i" lattices
expect_eq "2|$advice" "$rc|$err"

begin "so do folio check and folio stats"
run "$FOLIO" check --db "$TMP/i"
r1="$rc|$err"
run "$FOLIO" stats --db "$TMP/i"
expect_eq "2|$advice 2|$advice" "$r1 $rc|$err"

begin "an incremental folio index refuses it too, and changes nothing"
gen=$(live_of "$TMP/i")
run "$FOLIO" index --db "$TMP/i" "$TMP/corpus"
expect_eq "2|$advice|1|$gen" "$rc|$err|$(format_of "$TMP/i")|$(live_of "$TMP/i")"

begin "--no-delete cannot keep posts of another format"
run "$FOLIO" index --db "$TMP/i" --rebuild --no-delete "$TMP/corpus"
expect_eq "2|folio: cannot keep the indexed posts missing from the corpus (no_delete): index $TMP/i has format \"1\", whose posts this folio (format $fmt) cannot read or carry over; rebuild it from the whole corpus without --no-delete|1|$gen" \
	"$rc|$err|$(format_of "$TMP/i")|$(live_of "$TMP/i")"

begin "a corpus with a malformed post cannot rebuild it: the old index stays"
printf '{"url": "https://example.com/bad", "title": "Bad"}\n' >"$TMP/corpus/bad.jsonl"
run "$FOLIO" index --db "$TMP/i" --rebuild "$TMP/corpus"
expect_eq "2|$TMP/corpus/bad.jsonl:1: post has no summary
folio: 1 malformed post or unreadable file skipped, and index $TMP/i has format \"1\", whose posts this folio (format $fmt) cannot read or carry over: a rebuild would lose the posts they hold, so the index was left as it was; fix them and rebuild again|1|$gen|0" \
	"$rc|$err|$(format_of "$TMP/i")|$(live_of "$TMP/i")|$(ls "$TMP/i" | grep -c '^build-')"
rm "$TMP/corpus/bad.jsonl"

begin "folio index --rebuild builds it afresh in this folio's format"
posts_jsonl 1 30 bravo >"$TMP/corpus/a.jsonl"
run "$FOLIO" index --db "$TMP/i" --rebuild "$TMP/corpus"
expect_eq "0|30 posts in 1 file: 30 added, 0 updated, 0 unchanged, 0 removed; 0 skipped; rebuilt|$fmt" \
	"$rc|$out|$(format_of "$TMP/i")"

begin "the old generation is gone, and searches work on the new one"
expect_eq "no|30|0" "$([ -e "$TMP/i/$gen" ] && echo yes || echo no)|$(total_of "$TMP/i" bravo)|$(total_of "$TMP/i" alpha)"

begin "the index keeps the language it recorded"
"$FOLIO" index --db "$TMP/fr" --language french "$TMP/corpus" >/dev/null
age "$TMP/fr"
"$FOLIO" index --db "$TMP/fr" --rebuild "$TMP/corpus" >/dev/null
expect_eq "$fmt|french" "$(format_of "$TMP/fr")|$(language_of "$TMP/fr")"

begin "unless --language names another"
age "$TMP/fr"
"$FOLIO" index --db "$TMP/fr" --rebuild --language german "$TMP/corpus" >/dev/null
expect_eq "$fmt|german|30" "$(format_of "$TMP/fr")|$(language_of "$TMP/fr")|$(total_of "$TMP/fr" bravo)"

begin "a sharded index is rebuilt with its shards"
"$FOLIO" index --db "$TMP/s" --shards 3 "$TMP/corpus" >/dev/null
age "$TMP/s"
run "$FOLIO" search --db "$TMP/s" bravo
r1=$rc
"$FOLIO" index --db "$TMP/s" --rebuild "$TMP/corpus" >/dev/null
expect_eq "2|$fmt|3|30" "$r1|$(format_of "$TMP/s")|$(ls -d "$TMP/s/$(live_of "$TMP/s")"/shard-* | wc -l)|$(total_of "$TMP/s" bravo)"

begin "an index of a newer format is rebuilt the same way"
age "$TMP/i" "$newer"
run "$FOLIO" search --db "$TMP/i" bravo
r1="$rc|$err"
"$FOLIO" index --db "$TMP/i" --rebuild "$TMP/corpus" >/dev/null
expect_eq "2|${advice/\"1\"/\"$newer\"}|$fmt|30" "$r1|$(format_of "$TMP/i")|$(total_of "$TMP/i" bravo)"

begin "the advice gives a corpus path holding a newline as one shell word"
odd="$TMP/cor
pus"
mkdir "$odd"
posts_jsonl 1 3 >"$odd/a.jsonl"
"$FOLIO" index --db "$TMP/o" "$odd" "$TMP/corpus" >/dev/null
age "$TMP/o"
run "$FOLIO" search --db "$TMP/o" bravo
expect_eq "2|folio: index $TMP/o has format \"1\", which this folio (format $fmt) cannot use: rebuild it with: folio index --rebuild --db $TMP/o '$odd' $corpus" "$rc|$err"

# The advice named the paths of the last run only: after a --no-delete
# run on one file, following it rebuilt that file's posts and lost the
# rest (explore-l).
begin "after a --no-delete run the advice rebuilds every post the index held"
posts_jsonl 100 101 >"$TMP/extra.jsonl"
"$FOLIO" index --db "$TMP/nd" "$TMP/corpus" >/dev/null
"$FOLIO" index --db "$TMP/nd" --no-delete "$TMP/extra.jsonl" >/dev/null
age "$TMP/nd"
run "$FOLIO" search --db "$TMP/nd" bravo
rebuild=${err#*rebuild it with: }
${rebuild/#folio /$FOLIO } >/dev/null
expect_eq "2|folio index --rebuild --db $TMP/nd $corpus $(realpath "$TMP/extra.jsonl")|32" "$rc|$rebuild|$(count_of "$TMP/nd")"

# Paths recorded before that are gone since stayed on the list, and the
# advice then named a path the rebuild refused (explore-m).
begin "a recorded path that is gone is dropped by the next run that keeps the rest"
mkdir "$TMP/gone"
posts_jsonl 200 201 >"$TMP/gone/g.jsonl"
posts_jsonl 300 301 >"$TMP/extra2.jsonl"
"$FOLIO" index --db "$TMP/g" "$TMP/corpus" "$TMP/gone" >/dev/null
rm -r "$TMP/gone"
"$FOLIO" index --db "$TMP/g" --no-delete "$TMP/extra2.jsonl" >/dev/null
expect_eq "$corpus
$(realpath "$TMP/extra2.jsonl")" "$("$FOLIO" stats --db "$TMP/g" --json | python3 -c 'import json,sys; print("\n".join(json.load(sys.stdin)["corpus"]))')"

finish
