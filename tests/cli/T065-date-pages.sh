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
	for db in one three; do
		for at in "0 10" "5 10" "95 10" "98 7" "183 20" "290 10"; do
			set -- $at
			begin "--sort $sort --offset $1 --limit $2 ($db): the listing's slice"
			expect_eq "$(tr ' ' '\n' <<<"$whole" | sed -n "$(($1 + 1)),$(($1 + $2))p" | tr '\n' ' ' | sed 's/ $//')" \
				"$(page "$TMP/$db" $sort "$1" "$2")"
		done
	done
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

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
