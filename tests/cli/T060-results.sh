# T060-results.sh: what comes with the hits: facets (exact counts over
# every match, multi-valued topics), spelling suggestions from the
# index's own words, score explanations, similar posts, --stdin for tools,
# and snippets that highlight a compound only where the query matches it.
. "$(dirname "$0")/lib.sh"
sample_index

NVIDIA=https://yomu.fyi/post/accelerating-dropless-moe-training-in-jax-with-nvidia-transformer-engi.md
REDHAT=https://yomu.fyi/post/python-3-14-free-threaded-build-is-now-available-in-rhel.md
META=https://yomu.fyi/post/gem-training-how-meta-doubled-the-efficiency-of-its-llm-scale-ads-foun.md

cat >"$TMP/more.jsonl" <<'JL'
{"url": "https://example.com/a", "title": "Alpha", "company": "Acme", "published": "2024-03-05", "type": "Tutorial", "topics": ["GPU", "Performance"], "summary": "Free software and threaded code: tuning the GPU kernels."}
{"url": "https://example.com/b", "title": "Beta", "company": "Acme", "published": "2023-11-20", "type": "Explainer", "topics": ["Performance", "Linux"], "summary": "Kernel tuning for performance on Linux."}
{"url": "https://example.com/c", "title": "Gamma", "company": "Initech", "type": "Explainer", "topics": ["Linux"], "summary": "A free-threaded interpreter and its kernel interface."}
JL
"$FOLIO" index --db "$TMP/more" "$TMP/more.jsonl" >/dev/null

json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)" <<<"$out"; }

begin "--facets counts every match by company, type, topic and year"
run "$FOLIO" search --db "$TMP/index" --json --facets --limit 1 topic:parallelism
expect_eq '{"company": [{"value": "Ebay", "count": 1}, {"value": "Heroku", "count": 1}, {"value": "Meta", "count": 1}, {"value": "Modal", "count": 1}, {"value": "NVIDIA", "count": 1}, {"value": "Red Hat", "count": 1}], "type": [{"value": "Explainer", "count": 2}, {"value": "Announcement", "count": 1}, {"value": "Incident / postmortem", "count": 1}, {"value": "Problem & solution", "count": 1}, {"value": "Tutorial", "count": 1}], "topic": [{"value": "Parallelism", "count": 6}], "year": [{"value": "2026", "count": 4}, {"value": "2019", "count": 1}, {"value": "2025", "count": 1}]}|1' \
	"$(json 'json.dumps(d["facets"]), len(d["hits"]), sep="|"')"

begin "a post on two topics counts once in each; posts without a date have no year"
run "$FOLIO" search --db "$TMP/more" --json --facets kernel
expect_eq '[{"value": "Linux", "count": 2}, {"value": "Performance", "count": 2}, {"value": "GPU", "count": 1}]|[{"value": "2023", "count": 1}, {"value": "2024", "count": 1}]' \
	"$(json 'json.dumps(d["facets"]["topic"]), json.dumps(d["facets"]["year"]), sep="|"')"

begin "facets as text follow the hits"
run "$FOLIO" search --db "$TMP/more" --facets kernel
expect_eq "company: Acme (2), Initech (1)
type: Explainer (2), Tutorial (1)
topic: Linux (2), Performance (2), GPU (1)
year: 2023 (1), 2024 (1)" "$(tail -4 <<<"$out")"

begin "no facets without --facets"
run "$FOLIO" search --db "$TMP/index" --json MXFP8
expect_eq "False" "$(json '"facets" in d')"

begin "a misspelt word gets a suggestion from the index's words"
run "$FOLIO" search --db "$TMP/index" parallelsim
expect_eq "1|folio: did you mean: parallelism" "$rc|$err"
run "$FOLIO" search --db "$TMP/index" --json 'MXFP8 OR trainnig'
expect_eq "MXFP8 OR training" "$(json 'd["suggestion"]')"

begin "no suggestion when the words are known"
run "$FOLIO" search --db "$TMP/index" --json 'MXFP8 Heroku'
expect_eq "None|0" "$(json 'd["suggestion"], d["total"], sep="|"')"

begin "--explain: each term's contribution, with its statistics, sums to the score"
run "$FOLIO" search --db "$TMP/index" --json --explain MXFP8
expect_eq "stem mxfp8 text 1 2|exact mxfp8 text 1 2|True" \
	"$(json '"|".join(" ".join(str(e[k]) for k in ("how", "term", "field", "wdf", "doc_freq")) for e in d["hits"][0]["explain"]), abs(sum(e["weight"] for e in d["hits"][0]["explain"]) - d["hits"][0]["score"]) < 1e-3, sep="|"')"

begin "--explain sums to the score for every hit of a mixed query"
run "$FOLIO" search --db "$TMP/index" --json --explain 'training title:meta OR "free threaded" OR lock*'
expect_eq "True" "$(json 'all(abs(sum(e["weight"] for e in h["explain"]) - h["score"]) < 1e-3 for h in d["hits"]) and len(d["hits"]) > 2')"

begin "--explain as text"
run "$FOLIO" search --db "$TMP/index" --explain GB200
expect_eq "   score" "$(sed -n 4p <<<"$out" | cut -c1-8)"

begin "folio similar: the posts most like a post, not the post itself"
run "$FOLIO" similar --db "$TMP/index" --json "$NVIDIA"
expect_eq "0|$META|False" "$rc|$(json 'd["hits"][0]["url"]')|$(json 'any(h["url"] == "'$NVIDIA'" for h in d["hits"])')"

begin "folio similar with an unknown URL is an error"
run "$FOLIO" similar --db "$TMP/index" https://example.com/nothing
expect_eq "2|folio: no post with URL https://example.com/nothing" "$rc|$err"

begin "--stdin: one JSON object per line, errors included, lines in order"
run "$FOLIO" search --db "$TMP/index" --stdin --strict < <(printf 'MXFP8\n\nparallelsim\n"free threaded\nGB200\n')
expect_eq "5|MXFP8 2|None invalid argument|parallelsim 0 parallelism|1|GB200 1" \
	"$(python3 -c '
import json, sys
lines = sys.stdin.read().splitlines()
d = [json.loads(l) for l in lines]
print(len(lines), d[0]["query"] + " " + str(d[0]["total"]), str(d[1].get("total")) + " " + d[1]["error"],
      d[2]["query"] + " " + str(d[2]["total"]) + " " + d[2]["suggestion"], d[3]["position"],
      d[4]["query"] + " " + str(d[4]["total"]), sep="|")' <<<"$out")"

begin "--stdin with query arguments is a usage error"
run "$FOLIO" search --db "$TMP/index" --stdin MXFP8
expect_eq "2" "$rc"

if command -v script >/dev/null; then
	begin "a compound query highlights the compound, never its parts alone"
	tty_out=$(script -qec "$FOLIO search --db $TMP/more free-threaded" /dev/null)
	expect_eq "A [free-threaded] interpreter" "$(sed $'s/\x1b\\[1;33m/[/g; s/\x1b\\[0m/]/g' <<<"$tty_out" | grep -o 'A .*interpreter')"
	begin "two words highlight each word"
	tty_out=$(script -qec "$FOLIO search --db $TMP/more free threaded" /dev/null)
	expect_eq "[Free] software and [threaded] code" "$(sed $'s/\x1b\\[1;33m/[/g; s/\x1b\\[0m/]/g' <<<"$tty_out" | grep -o '.Free.*code')"
fi

finish
