# T065-date-pages.sh: pages of a date sort over many posts of one date.
# Posts of one date go by score, then content hash, which Xapian cannot
# sort by: it fetches the hits in date, score, docid order and folio
# re-sorts each date's hits. A page is only right if every hit of its
# dates was fetched, however few hits past the page a search asks for.
. "$(dirname "$0")/lib.sh"

# 300 posts on 3 dates, 100 a date, in file order 2026-03-01,
# 2026-02-01, 2026-01-01, ...; all weigh the same for "quokkas" but
# every fifth, which says it twice (a higher score): 20 a date.
python3 - >"$TMP/same.jsonl" <<'PY'
import json
dates = ["2026-03-01", "2026-02-01", "2026-01-01"]
for i in range(300):
    twice = " quokkas" if i % 5 == 0 else ""
    print(json.dumps({"url": "https://example.com/s%d" % i,
                      "title": "Post %d" % i, "published": dates[i % 3],
                      "summary": "Quokkas%s and post %d." % (twice, i)}))
PY
"$FOLIO" index --db "$TMP/one" "$TMP/same.jsonl" >/dev/null
"$FOLIO" index --db "$TMP/three" --shards 3 "$TMP/same.jsonl" >/dev/null

# page DB SORT OFFSET LIMIT: the post numbers of one page, on one line.
page() {
	"$FOLIO" search --db "$1" --json --sort "$2" --offset "$3" \
		--limit "$4" quokkas | python3 -c 'import json,sys; print(" ".join(h["url"][21:] for h in json.load(sys.stdin)["hits"]))'
}

# slices DBS "OFFSET LIMIT"...: each page of $sort in each database is
# its slice of $whole, the whole listing.
slices() {
	local db at dbs=$1
	shift
	local ats=("$@")
	for db in $dbs; do
		for at in "${ats[@]}"; do
			set -- $at
			begin "--sort $sort --offset $1 --limit $2 ($db): the listing's slice"
			expect_eq "$(tr ' ' '\n' <<<"$whole" | sed -n "$(($1 + 1)),$(($1 + $2))p" | tr '\n' ' ' | sed 's/ $//')" \
				"$(page "$TMP/$db" $sort "$1" "$2")"
		done
	done
}

# The whole listing fetches every hit, so each date is sorted whole.
for sort in newest oldest; do
	whole=$(page "$TMP/one" $sort 0 300)
	begin "--sort $sort: the whole listing is by date, then score"
	expect_eq "300|100 100 100|20 20 20" "$(python3 - "$whole" "$sort" <<'PY'
import sys
n = [int(x) for x in sys.argv[1].split()]
order = [0, 1, 2] if sys.argv[2] == "newest" else [2, 1, 0]
runs = [n[k * 100:(k + 1) * 100] for k in range(3)]
ok = all(all(i % 3 == order[k] for i in r) for k, r in enumerate(runs))
print(len(n), " ".join(str(len(r)) if ok else "bad" for r in runs), sep="|", end="|")
# the posts that say quokkas twice lead their date
print(" ".join(str(sum(1 for i in r[:20] if i % 5 == 0)) for r in runs))
PY
)"
	slices "one three" "0 10" "5 10" "95 10" "98 7" "183 20" "290 10"
done

# The order within a date is the content hash's: pinned, so that a change
# of that order is seen (the slices above would all change with it).
begin "--sort newest: the first page, exactly"
expect_eq "s150 s105 s210 s30 s240 s120 s180 s135 s60 s195" "$(page "$TMP/one" newest 0 10 | sed 's/[0-9]*/s&/g')"

# 300 posts of one date and one score: every hit past the page ties with
# the page's last. The first page was not the first 10 of the listing
# (it took the 10 best by content hash of the first 110 fetched).
python3 - >"$TMP/tied.jsonl" <<'PY'
import json
for i in range(300):
    print(json.dumps({"url": "https://example.com/t%d" % i,
                      "title": "Post %d" % i, "published": "2026-03-01",
                      "summary": "Quokkas and post %d." % i}))
PY
"$FOLIO" index --db "$TMP/tied" "$TMP/tied.jsonl" >/dev/null
for sort in newest oldest; do
	whole=$(page "$TMP/tied" $sort 0 300)
	begin "--sort $sort over 300 ties of one date: the first page is the listing's"
	expect_eq "$(cut -d' ' -f1-10 <<<"$whole")" "$(page "$TMP/tied" $sort 0 10)"
done

# A date sort over more matches than are counted exactly runs over its
# first years alone, as few as should hold the page, and more when they
# do not (bridge_search.cc tier_fetch). 2000 posts, 1500 of them
# quokkas, over 2021-2026 and undated; the newest year is mostly other
# posts (4 quokkas in 400), so the years first run fall short; 300 of
# 2025's are of one date and score, ties the page's end must settle; 2024
# holds 500 posts of one date, oldest first crosses into the undated.
python3 - >"$TMP/years.jsonl" <<'PY'
import json
def year_of(i):
    if i < 400: return "2026-%02d-%02d" % (1 + i % 12, 1 + i % 28)
    if i < 700: return "2025-06-01"
    if i < 800: return "2025-%02d-10" % (1 + i % 12)
    if i < 1300: return "2024-02-02"
    if i < 1700: return "2023-%02d-%02d" % (1 + i % 12, 1 + i % 28)
    if i < 1800: return "2021-05-05"
    return None
for i in range(2000):
    quokkas = i % 100 < 1 if i < 400 else True
    if 1700 <= i < 1800: quokkas = i % 2 == 0
    post = {"url": "https://example.com/y%d" % i, "title": "Post %d" % i,
            "summary": ("Quokkas and post %d." if quokkas else "Wombats and post %d.") % i}
    if year_of(i): post["published"] = year_of(i)
    print(json.dumps(post))
PY
"$FOLIO" index --db "$TMP/years1" "$TMP/years.jsonl" >/dev/null
"$FOLIO" index --db "$TMP/years3" --shards 3 "$TMP/years.jsonl" >/dev/null
total() {
	"$FOLIO" search --db "$1" --json --sort "$2" --limit 1 quokkas |
		python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["total"])'
}
for sort in newest oldest; do
	whole=$(page "$TMP/years1" $sort 0 2000)
	begin "--sort $sort over 1554 matches: the whole listing holds each once"
	expect_eq "1554 1554" "$(tr ' ' '\n' <<<"$whole" | wc -l) $(tr ' ' '\n' <<<"$whole" | sort -u | wc -l)"
	slices "years1 years3" "0 10" "2 5" "4 10" "250 20" "300 10" "800 10" \
		"1290 20" "1345 20" "1500 60"
	begin "--sort $sort: the total is the relevance search's"
	expect_eq "$(total "$TMP/years1" relevance)" "$(total "$TMP/years1" $sort)"
done
begin "--sort newest: the newest year's 4 quokkas, then 2025's first"
expect_eq "y200 y100 y300 y0 y767 y731 y791" "$(page "$TMP/years1" newest 0 7 | sed 's/[0-9]*/y&/g')"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
