# T119-similar-crash.sh: folio similar on an index whose term list table
# is damaged where Xapian 1.4.22 reads past a buffer decoding it (as
# T117's checker does). It used to ask Xapian for the post's ESet, which
# reads the post's term list: at some offsets the process died by
# SIGSEGV (status 139), at others it failed with "damaged". It now takes
# the post's terms from its stored record and its hits' from their
# posting lists, so the term list table is never read: the same answer
# as on the intact index.
. "$(dirname "$0")/lib.sh"

# Five posts, of which posts 1 and 2 alone share a word (pair1): post
# 2 is the one like post 1. One thread: the layout of the term list
# leaf depends on the posts' order.
mkdir -p "$TMP/c"
python3 - >"$TMP/c/base.jsonl" <<'PY'
import json
for i in range(1, 6):
    print(json.dumps({"url": "https://example.com/p%d" % i,
                      "title": "Post number %d about lattices" % i,
                      "company": "Example", "type": "Tutorial",
                      "topics": ["Topic%d" % (i % 7)],
                      "summary": "Summary %d of v1: quokkas, lattices, "
                                 "pair%d and the word v1." % (i, (i + 1) // 2)}))
PY
"$FOLIO" index --threads 1 --db "$TMP/i" "$TMP/c" >/dev/null
gen=$(ls "$TMP/i" | grep '^gen-')

# The term list table is one leaf block, found by the checker: the
# offsets below (where the old folio similar died: 64, 128, 160 bytes
# before the leaf's end, and failed: 192) are in that layout.
report=$(xapian-check "$TMP/i/$gen/termlist.glass")
begin "the term list table is one leaf block"
expect_eq "levels=0" "$(sed -n 's/.* \(levels=[0-9]*\) .*/\1/p' <<<"$report")"
root=$(sed -n 's/.* root=\([0-9]*\).*/\1/p' <<<"$report")

begin "on the intact index post 2 is like post 1"
run "$FOLIO" similar --db "$TMP/i" https://example.com/p1
expect_eq "0|1. Post number 2 about lattices" "$rc|$(head -1 <<<"$out")"
want=$out
run "$FOLIO" similar --db "$TMP/i" --json --explain https://example.com/p1
want_json=$out

for back in 64 128 160 192; do
	d="$TMP/t$back"
	cp -r "$TMP/i" "$d"
	python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek((int(sys.argv[2]) + 1) * 8192 - int(sys.argv[3])); f.write(bytes(32))' \
		"$d/$gen/termlist.glass" "$root" "$back"

	begin "32 zero bytes $back bytes before the term list leaf's end: the same similar posts"
	run "$FOLIO" similar --db "$d" https://example.com/p1
	expect_eq "0|$want|" "$rc|$out|$err"

	begin "$back bytes before the leaf's end: the same --json --explain"
	run "$FOLIO" similar --db "$d" --json --explain https://example.com/p1
	expect_eq "0|$want_json|" "$rc|$out|$err"
done

finish
