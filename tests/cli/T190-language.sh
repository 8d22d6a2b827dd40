# T190-language.sh: changing an index's stemming language. An index built
# in english finds "run" posts for "running"; folio index --rebuild
# --language none builds the new generation without stemming, so the same
# search then matches the exact word only, and folio stats shows the new
# language. Without --rebuild, a --language other than the index's is an
# error naming --rebuild, and nothing is indexed.
. "$(dirname "$0")/lib.sh"

cat >"$TMP/posts.jsonl" <<'EOF'
{"url": "https://example.com/run", "title": "How we run the fleet", "summary": "We run every service on one scheduler."}
{"url": "https://example.com/running", "title": "Running at scale", "summary": "Running services for many teams."}
{"url": "https://example.com/other", "title": "Caches", "summary": "A cache in front of the database."}
EOF
search_urls() {
	run "$FOLIO" search --db "$TMP/i" --json "$@"
	echo "$rc|$(urls_of "$out" | sort | tr '\n' ' ')"
}
stats_language() {
	"$FOLIO" stats --db "$TMP/i" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["language"])'
}

begin "an english index stems: running finds the run posts"
run "$FOLIO" index --db "$TMP/i" --language english "$TMP/posts.jsonl"
expect_eq "0|3 posts in 1 file: 3 added, 0 updated, 0 unchanged, 0 removed; 0 skipped" "$rc|$out"
begin "running finds run and running"
expect_eq "0|https://example.com/run https://example.com/running " "$(search_urls running)"
begin "folio stats shows english"
run "$FOLIO" stats --db "$TMP/i"
expect_eq "0|language    english" "$rc|$(grep '^language' <<<"$out")"

begin "an incremental run with another --language is an error naming --rebuild"
run "$FOLIO" index --db "$TMP/i" --language none "$TMP/posts.jsonl"
expect_eq "2||folio: index $TMP/i has stemming language \"english\", not \"none\": a new language needs a rebuild (folio index --rebuild)" "$rc|$out|$err"
begin "and leaves the index as it was"
expect_eq "english|0|https://example.com/run https://example.com/running " "$(stats_language)|$(search_urls running)"

begin "--rebuild --language none rebuilds without stemming"
run "$FOLIO" index --db "$TMP/i" --rebuild --language none "$TMP/posts.jsonl"
expect_eq "0|3 posts in 1 file: 0 added, 0 updated, 3 unchanged, 0 removed; 0 skipped; rebuilt|" "$rc|$out|$err"
begin "the same search now matches the exact word only"
expect_eq "0|https://example.com/running " "$(search_urls running)"
begin "and run finds only run"
expect_eq "0|https://example.com/run " "$(search_urls run)"
begin "folio stats shows the new language, in text and JSON"
run "$FOLIO" stats --db "$TMP/i"
expect_eq "0|language    none|none" "$rc|$(grep '^language' <<<"$out")|$(stats_language)"

begin "an incremental run in the index's language works as before"
run "$FOLIO" index --db "$TMP/i" --language none "$TMP/posts.jsonl"
expect_eq "0|3 posts in 1 file: 0 added, 0 updated, 3 unchanged, 0 removed; 0 skipped" "$rc|$out"
begin "and so does one naming no language"
run "$FOLIO" index --db "$TMP/i" "$TMP/posts.jsonl"
expect_eq "0|none" "$rc|$(stats_language)"

begin "english again is an error without --rebuild"
run "$FOLIO" index --db "$TMP/i" --language english "$TMP/posts.jsonl"
expect_eq "2|folio: index $TMP/i has stemming language \"none\", not \"english\": a new language needs a rebuild (folio index --rebuild)" "$rc|$err"
begin "and stems again after one"
"$FOLIO" index --db "$TMP/i" --rebuild --language english "$TMP/posts.jsonl" >/dev/null
expect_eq "english|0|https://example.com/run https://example.com/running " "$(stats_language)|$(search_urls running)"

# libstemmer also takes aliases (en, eng, fr): an index built with "en"
# stored it, and then refused --language english, the same stemmer, as
# a new language needing a rebuild. Only Snowball's names are taken.
begin "a stemmer's alias (en) is an unknown language, and nothing is created"
run "$FOLIO" index --db "$TMP/alias" --language en "$TMP/posts.jsonl"
expect_eq "2||folio: unknown stemming language \"en\"|no index" \
	"$rc|$out|$err|$([ -e "$TMP/alias/XAPIANDB" ] && echo index || echo no index)"
begin "nor does a rebuild take one"
run "$FOLIO" index --db "$TMP/i" --rebuild --language fr "$TMP/posts.jsonl"
expect_eq "2|folio: unknown stemming language \"fr\"|english" "$rc|$err|$(stats_language)"

finish
