# T190-language.sh: changing an index's stemming language. An index built
# in english finds "run" posts for "running"; folio index --rebuild
# --language none builds the new generation without stemming, so the same
# search then matches the exact word only, and folio stats shows the new
# language. Without --rebuild, a --language other than the index's is an
# error naming --rebuild, and nothing is indexed. French, Italian,
# Catalan and Irish drop an elided article (l'index is found by index),
# except in an index built before folio did (no folio.analyzer), which
# is analysed as it was built until folio index --rebuild.
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
# The error names the languages taken, as folio index --help does.
languages="none, arabic, armenian, basque, catalan, danish, dutch, english, finnish, french, german, greek, hindi, hungarian, indonesian, irish, italian, lithuanian, nepali, norwegian, porter, portuguese, romanian, russian, serbian, spanish, swedish, tamil, turkish, yiddish"
begin "a stemmer's alias (en) is an unknown language, naming the languages, and nothing is created"
run "$FOLIO" index --db "$TMP/alias" --language en "$TMP/posts.jsonl"
expect_eq "2||folio: unknown stemming language \"en\"; the languages are $languages|no index" \
	"$rc|$out|$err|$([ -e "$TMP/alias/XAPIANDB" ] && echo index || echo no index)"
begin "nor does a rebuild take one"
run "$FOLIO" index --db "$TMP/i" --rebuild --language fr "$TMP/posts.jsonl"
expect_eq "2|folio: unknown stemming language \"fr\"; the languages are $languages|english" "$rc|$err|$(stats_language)"
begin "folio index --help lists the same languages"
run "$FOLIO" index --help
expect_eq "0|languages (--language): ${languages//,/}" \
	"$rc|$(sed -n '/^languages (--language):/,$p' <<<"$out" | tr -s ' \n' ' ' | sed 's/ $//')"

# An index that records a language this folio does not know (a newer
# libstemmer's): nothing could mend it, not even a rebuild naming one
# that it knows, which failed on the recorded name. Such a rebuild now
# makes it afresh; an incremental run still may not mix two stemmings.
klingon() {
	rm -rf "$TMP/k"
	"$FOLIO" index --db "$TMP/k" "$TMP/posts.jsonl" >/dev/null
	xapian-metadata set "$TMP/k/$(awk '{print $2}' "$TMP/k/XAPIANDB")" folio.language klingon
}
# A reader says what --language says (the languages there are), names
# the index that records the language, and gives the rebuild that mends
# it; a long-lived reader that follows a switch to such a generation
# said only 'index DIR has unknown stemming language "klingon"'.
unknown="unknown stemming language \"klingon\"; the languages are $languages; rebuild it with: folio index --rebuild --db $TMP/k $TMP/posts.jsonl --language NAME"
begin "a reader of an index in an unknown language lists the languages and the rebuild"
klingon
run "$FOLIO" search --db "$TMP/k" running
expect_eq "2||folio: index $TMP/k has $unknown" "$rc|$out|$err"
begin "and so does a long-lived reader that follows a switch to one"
rm -rf "$TMP/k"
"$FOLIO" index --db "$TMP/k" "$TMP/posts.jsonl" >/dev/null
mkfifo "$TMP/queries"
"$FOLIO" search --db "$TMP/k" --stdin --json <"$TMP/queries" >"$TMP/answers" 2>&1 &
reader=$!
exec 4>"$TMP/queries"
echo running >&4
for _ in $(seq 100); do [ -s "$TMP/answers" ] && break; sleep 0.05; done
"$FOLIO" index --db "$TMP/k" --rebuild "$TMP/posts.jsonl" >/dev/null
xapian-metadata set "$TMP/k/$(awk '{print $2}' "$TMP/k/XAPIANDB")" folio.language klingon
echo running >&4
# and keeps refusing (the next search answered with the english of the
# generation before), until a rebuild in a known language is followed
echo running >&4
for _ in $(seq 100); do [ "$(wc -l <"$TMP/answers")" -ge 3 ] && break; sleep 0.05; done
"$FOLIO" index --db "$TMP/k" --rebuild --language english "$TMP/posts.jsonl" >/dev/null
echo running >&4
exec 4>&-
wait "$reader"
reader_rc=$?
# its exit status says a search failed for another reason than its query
# (it was 0: the status was the caller's FOLIO_ERROR_INVALID)
expect_eq "2|2|index $TMP/k has $unknown|index $TMP/k has $unknown|2" \
	"$reader_rc|$(python3 -c '
import json, sys
for line in sys.stdin:
    d = json.loads(line)
    print(d["total"] if "total" in d else d["message"])' <"$TMP/answers" | paste -sd '|')"

begin "an index in an unknown language is not updated incrementally, even naming one"
klingon
run "$FOLIO" index --db "$TMP/k" --language english "$TMP/posts.jsonl"
expect_eq "2||folio: index $TMP/k has stemming language \"klingon\", which this folio does not know: only a rebuild can change it (folio index --rebuild)" "$rc|$out|$err"
begin "but is rebuilt in the language named, and stems in it"
run "$FOLIO" index --db "$TMP/k" --rebuild --language english "$TMP/posts.jsonl"
r1="$rc|$out|$err"
run "$FOLIO" search --db "$TMP/k" --json running
expect_eq "0|3 posts in 1 file: 0 added, 0 updated, 3 unchanged, 0 removed; 0 skipped; rebuilt||0|https://example.com/run https://example.com/running |english" \
	"$r1|$rc|$(urls_of "$out" | sort | tr '\n' ' ')|$("$FOLIO" stats --db "$TMP/k" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["language"])')"

# Elision: the post of a French blog, as a markdown topic page.
mkdir "$TMP/frc"
cat >"$TMP/frc/p.md" <<'EOF'
# Recherche

### [L'index inversé](https://example.fr/a)
- Company: Exemple
- Published: Sep 14, 2026
- Type: blog

Nous décrivons l'architecture d'un moteur et l'index qu'il construit aujourd'hui.
EOF
# hits DB QUERY: total|suggestion|each hit's snippet and title marks
hits() {
	"$FOLIO" search --db "$1" --json "$2" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["total"], d["suggestion"], *[(h["snippet_marks"], h["title_marks"]) for h in d["hits"]], sep="|")'
}
analyzer_of() { xapian-metadata get "$1/$(awk '{print $2}' "$1/XAPIANDB")" folio.analyzer; }

begin "french drops the elided article: architecture and index find the post, marked without it"
"$FOLIO" index --db "$TMP/fr" --language french "$TMP/frc" >/dev/null
expect_eq "1|None|([[17, 29]], [])
1|None|([[47, 52]], [[2, 7]])" "$(hits "$TMP/fr" architecture; hits "$TMP/fr" index)"
begin "the article takes no position: both phrases find the title"
expect_eq "1|None|([], [[2, 15]])
1|None|([], [[2, 15]])" "$(hits "$TMP/fr" "\"l'index inversé\""; hits "$TMP/fr" '"index inversé"')"
begin "l'index and L’Architecture as typed find it too; aujourd'hui stays whole"
expect_eq "1|None|([[47, 52]], [[2, 7]])
1|None|([[17, 29]], [])
1|None|([[69, 80]], [])
0|None" "$(hits "$TMP/fr" "l'index"; hits "$TMP/fr" "L’Architecture"; hits "$TMP/fr" "aujourd'hui"; hits "$TMP/fr" hui)"
begin "a misspelling is corrected to the word, not to l'architecture; the index records revision 7"
expect_eq "0|architecture|7" "$(hits "$TMP/fr" architectre)|$(analyzer_of "$TMP/fr")"

begin "italian drops dell' and l', not quell'"
cat >"$TMP/it.jsonl" <<'EOF'
{"url": "https://example.it/a", "title": "Struttura dell'indice", "summary": "L'analisi di quell'anno."}
EOF
"$FOLIO" index --db "$TMP/it" --language italian "$TMP/it.jsonl" >/dev/null
expect_eq "1|None|([], [[15, 21]])
1|None|([[2, 9]], [])
0|None" "$(hits "$TMP/it" indice; hits "$TMP/it" analisi; hits "$TMP/it" anno)"

# An index built before elision: its posts hold l'architecture. One is
# made by clearing folio.analyzer in a new index and then indexing the
# post, as a folio of revision 1 did.
begin "an index built before elision is searched and updated as it was built"
mkdir "$TMP/oldc"
cp "$TMP/posts.jsonl" "$TMP/oldc/"
"$FOLIO" index --db "$TMP/old" --language french "$TMP/oldc" >/dev/null
xapian-metadata set "$TMP/old/$(awk '{print $2}' "$TMP/old/XAPIANDB")" folio.analyzer ""
cp "$TMP/frc/p.md" "$TMP/oldc/"
"$FOLIO" index --db "$TMP/old" "$TMP/oldc" >/dev/null
expect_eq "0|l'architecture
1|None|([[45, 52]], [[0, 7]])|" "$(hits "$TMP/old" architecture; hits "$TMP/old" "l'index")|$(analyzer_of "$TMP/old")"
begin "folio stats says its analyzer revision is older than this folio's"
run "$FOLIO" stats --db "$TMP/old"
r1="$rc|$(grep '^analyzer' <<<"$out")"
run "$FOLIO" stats --db "$TMP/old" --json
expect_eq "0|analyzer    1 (this folio's is 7: folio index --rebuild finds words this index misses)|1 7" \
	"$r1|$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["analyzer"], d["analyzer_latest"])' <<<"$out")"
begin "and drops elided articles once rebuilt"
run "$FOLIO" index --db "$TMP/old" --rebuild "$TMP/oldc"
expect_eq "0|1|None|([[17, 29]], [])|7" "$rc|$(hits "$TMP/old" architecture)|$(analyzer_of "$TMP/old")"
begin "after which folio stats gives this folio's revision alone"
run "$FOLIO" stats --db "$TMP/old"
expect_eq "0|analyzer    7" "$rc|$(grep '^analyzer' <<<"$out")"

finish
