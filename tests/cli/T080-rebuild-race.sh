# T080-rebuild-race.sh: searches keep running while folio index --rebuild
# switches generations back and forth. Every search must succeed and see
# one whole generation: all its hits from version A of the corpus or all
# from version B, and the full count, never an error or a mix. folio check
# runs meanwhile too, and during incremental runs: it must never call the
# index damaged (nor fail on the generation a switch deleted under it).
. "$(dirname "$0")/lib.sh"

N=3000
mkdir -p "$TMP/A" "$TMP/B"
posts_jsonl 1 $N genA >"$TMP/A/posts.jsonl"
posts_jsonl 1 $N genB >"$TMP/B/posts.jsonl"
"$FOLIO" index --db "$TMP/i" "$TMP/A" >/dev/null

# searcher ID: search until $TMP/stop exists, keeping each result as
# $TMP/out/ID.K and its exit status as $TMP/out/ID.K.rc (checked after).
mkdir -p "$TMP/out"
searcher() {
	local k=0
	while [ ! -e "$TMP/stop" ]; do
		k=$((k + 1))
		"$FOLIO" search --db "$TMP/i" --json --limit 20 lattices \
			>"$TMP/out/$1.$k" 2>&1
		echo $? >"$TMP/out/$1.$k.rc"
	done
}

# checker: folio check until $TMP/stop exists, one line per run in
# $TMP/checks: its exit status and first line of output.
checker() {
	while [ ! -e "$TMP/stop" ]; do
		out=$("$FOLIO" check --db "$TMP/i" 2>&1)
		echo "$? ${out%%$'\n'*}" >>"$TMP/checks"
	done
}

searcher 1 &
s1=$!
searcher 2 &
s2=$!
checker &
c1=$!

rebuild_failures=0
for round in 1 2 3 4 5 6 7 8; do
	if [ $((round % 2)) -eq 1 ]; then src=B; else src=A; fi
	"$FOLIO" index --db "$TMP/i" --rebuild "$TMP/$src" >/dev/null 2>"$TMP/rebuild.err" ||
		rebuild_failures=$((rebuild_failures + 1))
done
# Incremental runs that rewrite every post, committing meanwhile.
for round in 1 2 3 4; do
	if [ $((round % 2)) -eq 1 ]; then src=B; else src=A; fi
	"$FOLIO" index --db "$TMP/i" "$TMP/$src" >/dev/null 2>"$TMP/sync.err" ||
		rebuild_failures=$((rebuild_failures + 1))
done
touch "$TMP/stop"
wait $s1 $s2 $c1

begin "every rebuild succeeded"
expect_eq "0" "$rebuild_failures"

# One line per search: "A", "B", or "BAD <why>".
python3 - "$TMP/out" $N >"$TMP/verdicts" <<'PY'
import glob, json, sys
out, n = sys.argv[1], int(sys.argv[2])
for rc_file in sorted(glob.glob(out + "/*.rc")):
    text = open(rc_file[:-3], errors="replace").read()
    rc = open(rc_file).read().strip()
    if rc != "0":
        print("BAD exit %s: %s" % (rc, text.strip()[:200]))
        continue
    d = json.loads(text)
    marks = {"A" if "genA" in h["snippet"] else "B" if "genB" in h["snippet"]
             else "?" for h in d["hits"]}
    if d["total"] != n or len(d["hits"]) != 20 or len(marks) != 1:
        print("BAD total %d, %d hits, marks %s" % (d["total"], len(d["hits"]), marks))
    else:
        print(marks.pop())
PY
echo "searches during the rebuilds: $(wc -l <"$TMP/verdicts")"

begin "no search failed or saw a mix of generations"
expect_eq "" "$(grep BAD "$TMP/verdicts" | sort | uniq -c | head -5)"

# A writer committing under the checker can leave it nothing sure to
# say ("try again", exit 2), never a finding of damage.
begin "folio check never found damage, nor failed but to say try again"
echo "checks during the runs: $(wc -l <"$TMP/checks")"
expect_eq "" "$(grep -v -e "^0 $TMP/i: sound ($N posts" -e '^2 .*: try again$' "$TMP/checks" | sort | uniq -c | head -5)"

begin "searches ran during the rebuilds and saw both generations"
expect_eq "AB" "$(sort -u "$TMP/verdicts" | grep -v BAD | tr -d '\n')"

begin "the index ends on the last rebuild's generation, old ones deleted"
expect_eq "$N|0|1" "$(total_of "$TMP/i" genA)|$(ls -d "$TMP"/i/build-* 2>/dev/null | wc -l)|$(ls -d "$TMP"/i/gen-* | wc -l)"

begin "the index is sound"
run "$FOLIO" check --db "$TMP/i"
expect_eq 0 "$rc"

finish
