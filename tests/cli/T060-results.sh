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

# suggestions DB QUERY...: "|S1|S2...", the --json suggestion of each query.
suggestions() {
	local db=$1 q s=""
	shift
	for q in "$@"; do
		run "$FOLIO" search --db "$db" --json "$q"
		s="$s|$(json 'd["suggestion"]')"
	done
	echo "$s"
}

begin "--facets counts every match by company, type, topic and year"
run "$FOLIO" search --db "$TMP/index" --json --facets --limit 1 topic:parallelism
expect_eq '{"company": [{"value": "Ebay", "count": 1}, {"value": "Heroku", "count": 1}, {"value": "Meta", "count": 1}, {"value": "Modal", "count": 1}, {"value": "NVIDIA", "count": 1}, {"value": "Red Hat", "count": 1}], "type": [{"value": "Explainer", "count": 2}, {"value": "Announcement", "count": 1}, {"value": "Incident / postmortem", "count": 1}, {"value": "Problem & solution", "count": 1}, {"value": "Tutorial", "count": 1}], "topic": [{"value": "Parallelism", "count": 6}], "year": [{"value": "2026", "count": 4}, {"value": "2019", "count": 1}, {"value": "2025", "count": 1}]}|1' \
	"$(json 'json.dumps(d["facets"]), len(d["hits"]), sep="|"')"

# The facets of an index with no posts are counted as any other's (the
# spies run over no match), not left out.
begin "--facets over an index that holds no posts gives each facet, empty"
: >"$TMP/noposts.jsonl"
"$FOLIO" index --db "$TMP/noposts" "$TMP/noposts.jsonl" 2>/dev/null
run "$FOLIO" search --db "$TMP/noposts" --json --facets MXFP8
expect_eq '1|{"company": [], "type": [], "topic": [], "year": []}' \
	"$rc|$(json 'json.dumps(d["facets"])')"

# 1500 posts: a third say alpha, a third beta, a third both. Past 1000
# matches a total is Xapian's estimate (which takes words as independent).
begin "--exhaustive counts every match exactly"
python3 -c 'for i in range(1500): print("{\"url\": \"https://example.com/%d\", \"title\": \"Post %d\", \"summary\": \"%s.\"}" % (i, i, ["alpha", "beta", "alpha beta"][i % 3]))' >"$TMP/ab.jsonl"
"$FOLIO" index --db "$TMP/ab" "$TMP/ab.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/ab" --json 'alpha OR beta'
estimate=$(json 'd["total"], d["total_exact"], sep="|"')
run "$FOLIO" search --db "$TMP/ab" --json --exhaustive 'alpha OR beta'
expect_eq "1300|False|1500|True|10" "$estimate|$(json 'd["total"], d["total_exact"], len(d["hits"]), sep="|"')"

# Twelve posts with one summary weigh the same; listed oldest first, so
# Xapian's docids run oldest first too. The first fetch ranks by weight
# alone (docid order for equal weights) and reads the tie values of the
# hits that tie after the match: equal scores must still go newest first.
begin "equal scores go newest first, not in docid order"
python3 -c 'for i in range(1, 13): print("{\"url\": \"https://example.com/t%d\", \"title\": \"Tied\", \"published\": \"2020-01-%02d\", \"summary\": \"Zeta eta.\"}" % (i, i))' >"$TMP/tied.jsonl"
"$FOLIO" index --db "$TMP/tied" "$TMP/tied.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/tied" --json --limit 5 zeta
first=$(urls_of "$out" | sed 's|.*/||' | tr '\n' ' ')
run "$FOLIO" search --db "$TMP/tied" --json --limit 5 --offset 5 zeta
expect_eq "t12 t11 t10 t9 t8 |t7 t6 t5 t4 t3 " \
	"$first|$(urls_of "$out" | sed 's|.*/||' | tr '\n' ' ')"

begin "an estimated total says about, a counted one does not"
run "$FOLIO" search --db "$TMP/ab" --limit 2 'alpha OR beta'
expect_eq "(1-2 of about 1300; --offset 2 for more)" "$(tail -n 1 <<<"$out")"
run "$FOLIO" search --db "$TMP/ab" --limit 2 --exhaustive 'alpha OR beta'
expect_eq "(1-2 of 1500; --offset 2 for more)" "$(tail -n 1 <<<"$out")"

# The line said which hits are shown only when another page followed:
# paging to the last page, "4-5 of 5" was nowhere to be seen.
begin "the last page says which hits it shows; a single whole page says nothing"
run "$FOLIO" search --db "$TMP/index" --offset 3 --limit 2 --sort newest 'site:yomu.fyi'
expect_eq "(4-5 of 6; --offset 5 for more)" "$(tail -n 1 <<<"$out")"
run "$FOLIO" search --db "$TMP/index" --offset 4 --limit 2 --sort newest 'site:yomu.fyi'
expect_eq "(5-6 of 6)" "$(tail -n 1 <<<"$out")"
run "$FOLIO" search --db "$TMP/index" --offset 5 --limit 5 --sort newest 'site:yomu.fyi'
expect_eq "(6 of 6)" "$(tail -n 1 <<<"$out")"
run "$FOLIO" search --db "$TMP/index" --limit 6 --sort newest 'site:yomu.fyi'
expect_eq "0|" "$(grep -c '^(' <<<"$out")|$(grep '^(' <<<"$out")"

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

# A company written Red  Hat was shown so in hits and facets where that
# spelling was the commonest (loose-ends-3).
begin "runs of white space in a company, author or type are stored as one space"
cat >"$TMP/spaced.jsonl" <<'JL'
{"url": "https://example.com/s1", "title": "Operators", "company": "Red  Hat", "author": "Ann \t Lee", "type": "How  to", "summary": "Kubernetes operators in depth."}
{"url": "https://example.com/s2", "title": "Builds", "company": "Red  Hat", "summary": "Container builds with kubernetes."}
{"url": "https://example.com/s3", "title": "Kernels", "company": "Red Hat", "summary": "Kernel live patching for kubernetes nodes."}
JL
"$FOLIO" index --db "$TMP/spaced" "$TMP/spaced.jsonl" >/dev/null
# the content hash is the stored post's: a second run finds it unchanged
r2=$("$FOLIO" index --db "$TMP/spaced" "$TMP/spaced.jsonl")
run "$FOLIO" search --db "$TMP/spaced" --json --facets 'company:"Red Hat"'
expect_eq "3 posts in 1 file: 0 added, 0 updated, 3 unchanged, 0 removed; 0 skipped|3|Red Hat (3)|Ann Lee How to|Red Hat Red Hat Red Hat" \
	"$r2|$(json 'd["total"], "%s (%d)" % (d["facets"]["company"][0]["value"], d["facets"]["company"][0]["count"]), " ".join(h["author"] + " " + h["type"] for h in d["hits"] if h["author"]), " ".join(h["company"] for h in d["hits"]), sep="|"')"
run "$FOLIO" search --db "$TMP/spaced" --facets kubernetes
expect_eq "0|company: Red Hat (3)" "$(grep -c 'Red  Hat' <<<"$out")|$(grep '^company:' <<<"$out")"

# A topic written "Machine  Learning" was shown so in hits, and in facets
# where that spelling was the commonest, and a post could have it twice
# (loose-ends-5).
begin "runs of white space in a topic are stored as one space, and two topics that fold to one are one"
mkdir -p "$TMP/spacedt"
printf '# Machine  Learning\n\n### [One](https://example.com/t1)\n\nGradient boosting.\n' >"$TMP/spacedt/a.md"
printf '# Machine\tLearning\n\n### [Two](https://example.com/t2)\n\nGradient descent.\n' >"$TMP/spacedt/b.md"
cat >"$TMP/spacedt/c.jsonl" <<'JL'
{"url": "https://example.com/t3", "title": "Three", "topics": ["Machine\u00a0Learning", "Machine Learning", "AI"], "summary": "Gradient clipping."}
JL
"$FOLIO" index --db "$TMP/ispacedt" "$TMP/spacedt" >/dev/null
r2=$("$FOLIO" index --db "$TMP/ispacedt" "$TMP/spacedt")
run "$FOLIO" search --db "$TMP/ispacedt" --json --facets gradient
expect_eq "3 posts in 3 files: 0 added, 0 updated, 3 unchanged, 0 removed; 0 skipped|3|Machine Learning (3)|['Machine Learning'] ['Machine Learning'] ['AI', 'Machine Learning']" \
	"$r2|$(json 'd["total"], "%s (%d)" % (d["facets"]["topic"][0]["value"], d["facets"]["topic"][0]["count"]), " ".join(str(h["topics"]) for h in sorted(d["hits"], key=lambda h: h["url"])), sep="|"')"

begin "a field no matching post has is a facet of none"
run "$FOLIO" search --db "$TMP/more" --facets interpreter
expect_eq "year: (none)" "$(tail -1 <<<"$out")"

# Facets of no match came alone, their (none) under no count, when a
# search of --limit 0 said "0 posts match" above them: they follow the
# count whatever the limit, as they follow the count of a page past the
# last.
begin "facets of no match follow the count, as with --limit 0"
run "$FOLIO" search --db "$TMP/more" --facets zyzzyva
expect_eq "1|0 posts match

company: (none)
type: (none)
topic: (none)
year: (none)" "$rc|$out"
nolimit=$out
run "$FOLIO" search --db "$TMP/more" --facets --limit 0 zyzzyva
expect_eq "1|$nolimit" "$rc|$out"
run "$FOLIO" search --db "$TMP/more" --facets --limit 0 kernel
expect_eq "3 posts match

company: Acme (2), Initech (1)" "$(head -3 <<<"$out")"

begin "no facets without --facets"
run "$FOLIO" search --db "$TMP/index" --json MXFP8
expect_eq "False" "$(json '"facets" in d')"

begin "a misspelt word gets a suggestion from the index's words"
run "$FOLIO" search --db "$TMP/index" parallelsim
expect_eq "1|folio: did you mean: parallelism" "$rc|$err"
run "$FOLIO" search --db "$TMP/index" --json 'MXFP8 OR trainnig'
expect_eq "MXFP8 OR training" "$(json 'd["suggestion"]')"

# An operator read as a word (nothing to join) was corrected as one:
# "python *NEAR" suggested "python *YEAR".
begin "an operator read as a word is not corrected"
cat >"$TMP/op.jsonl" <<'JL'
{"url": "https://ex.org/1", "title": "Python year in review", "summary": "A year of Python releases."}
{"url": "https://ex.org/2", "title": "Python tips", "summary": "Tips for the year ahead."}
{"url": "https://ex.org/3", "title": "Rust notes", "summary": "Notes on Rust this year."}
JL
"$FOLIO" index --db "$TMP/op" "$TMP/op.jsonl" >/dev/null
expect_eq "|None|None" "$(suggestions "$TMP/op" 'python *NEAR' 'NEAR/rust||')"

# A typo beside words that found posts: the correction finds the same
# posts, which hold it, ranked higher; there was no suggestion, as it
# found no more.
begin "a misspelt word beside words that find posts gets a suggestion"
run "$FOLIO" search --db "$TMP/index" --json 'free-threaded pyton build'
expect_eq "2|free-threaded python build" "$(json 'd["total"]')|$(json 'd["suggestion"]')"

# parallelsim) suggested parallelism), which searched says the same
# notice of the stray ) again (loose-ends-3).
begin "a suggestion leaves out the stray ) and operators the query ignored"
run "$FOLIO" search --db "$TMP/index" 'parallelsim)'
expect_eq "1|folio: query position 12: a ) without its (: ignored
folio: did you mean: parallelism" "$rc|$err"
expect_eq "|parallelism|GIL parallelism|parallelism threads|parallelism" \
	"$(suggestions "$TMP/index" 'parallelsim)' 'GIL AND) parallelsim' 'parallelsim)threds )' 'parallelsim NEAR/3')"

# An ideographic space before the stray ) was a word's last byte, so
# "parallelsim　)　threds" suggested "parallelism　 　threads".
begin "a suggestion leaves out the stray ) after an ideographic space too"
expect_eq "|parallelism|GIL"$'\u3000'"parallelism|parallelism"$'\u3000'"threads" \
	"$(suggestions "$TMP/index" $'parallelsim\u3000)' $'GIL\u3000AND)\u3000parallelsim' $'parallelsim\u3000)\u3000threds')"

# (parallelsim and "parallelsim kept the ( or the quote, so the
# suggestion searched said the same notice again: a quote never closed
# is left out (its words were free text), as is a ( that opens the
# query; another ( is closed at the end, as the query was read (left out,
# free OR (parallelsim threds would be (free OR parallelism) threads).
begin "a suggestion leaves out or closes an unclosed ( or quote, as the query was read"
run "$FOLIO" search --db "$TMP/index" '(parallelsim'
expect_eq "1|folio: query position 1: a ( is never closed: read as if closed at the end
folio: did you mean: parallelism" "$rc|$err"
expect_eq "|parallelism|parallelism threads|threads parallelism|free (parallelism)|free OR (parallelism threads)|title:(locking)|company:NVIDIA parallelism|year:2026 parallelism" \
	"$(suggestions "$TMP/index" '"parallelsim' '((parallelsim threds' 'threads "parallelsim' 'free (parallelsim' 'free OR (parallelsim threds' 'title:(lockng' 'company:"NVIDIA parallelsim' 'year:(2026 parallelsim')"

# A query cut at its limits (256 words) was suggested up to the cut: the
# rest, and a phrase's closing quote past the cut, were lost.
begin "a suggestion of a query cut at its limits keeps the rest as typed"
long=$(python3 -c 'print("threds " + "zzq " * 250 + "\"a b c d e f g h\" MXFP8 GIL")')
run "$FOLIO" search --db "$TMP/index" --json "$long"
expect_eq "${long/threds/threads}" "$(json 'd["suggestion"]')"
# an OR whose right side the cut left out is kept, with that side
long=$(python3 -c 'print("threds " + "zzq " * 254 + "OR GIL")')
run "$FOLIO" search --db "$TMP/index" --json "$long"
expect_eq "${long/threds/threads}" "$(json 'd["suggestion"]')"
# a word past the cut, never read, is not corrected
long=$(python3 -c 'print("zzq " * 260 + "threds")')
run "$FOLIO" search --db "$TMP/index" --json "$long"
expect_eq "None" "$(json 'd["suggestion"]')"

begin "a misspelt part of a compound is corrected in place"
run "$FOLIO" search --db "$TMP/index" free-threadd
expect_eq "1|folio: did you mean: free-threaded" "$rc|$err"

# Lucene's WordBreakSpellChecker does this; folio found nothing and
# said nothing for two words typed without their space.
begin "two words typed glued are suggested apart where a post has them so"
run "$FOLIO" search --db "$TMP/index" Pythonthreads
expect_eq "1|folio: did you mean: Python threads" "$rc|$err"
# a post says "the GIL, allowing Python threads": not side by side
expect_eq "|python threads|None" \
	"$(suggestions "$TMP/index" pythonthreads gilthreads)"

# A stem that is a word of its own (raft) is indexed as that word, with
# no Z term; the speller looked for the Z term alone, took rafts, found
# by a post's raft, for a typo, and suggested raft.
begin "a plural found by its singular, a word of its own, is no typo"
cat >"$TMP/stems.jsonl" <<'JL'
{"url": "https://example.com/raft", "title": "Consensus", "summary": "Raft elects a leader and replicates a log.", "company": "Etcd"}
JL
"$FOLIO" index --db "$TMP/stems" "$TMP/stems.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/stems" rafts
expect_eq "0|" "$rc|$err"
expect_eq "|None|None|None|raft" \
	"$(suggestions "$TMP/stems" leaders 'title:consensuses' 'company:etcds' raftz)"

# The analyzer splits pARALLELSIM at its change of case; its second part
# was corrected alone and spliced back: pPARALLELISM (explore-k).
begin "a word split at a change of case is corrected whole"
run "$FOLIO" search --db "$TMP/index" pARALLELSIM
expect_eq "1|folio: did you mean: parallelism" "$rc|$err"
# PARALLELsim splits as paralle + lsim (an acronym's last capital starts
# the next part); paralle -> parallel tied with the whole and won, and
# PARALLELLsim found nothing, so nothing was suggested (loose-ends-3).
begin "a split word is corrected whole where a part would be left no word"
run "$FOLIO" search --db "$TMP/index" PARALLELsim
expect_eq "1|folio: did you mean: Parallelism" "$rc|$err"
# Where lsim is a word (in one post), the part paralle -> parallel still
# ties the whole and wins; PARALLELLsim then found nothing, and the whole
# was never tried: no suggestion (qa-docs, on the 64k bench index).
begin "a split word is corrected whole when its tied parts find nothing together"
cat >"$TMP/lsim.jsonl" <<'JL'
{"url": "https://example.com/lsim", "title": "LSIM", "summary": "The lsim tool simulates logic circuits."}
JL
"$FOLIO" index --db "$TMP/lsim" "$FOLIO_SOURCE_DIR/corpus" "$TMP/lsim.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/lsim" PARALLELsim
expect_eq "1|folio: did you mean: Parallelism" "$rc|$err"
# ... or by its part, where that takes no more edits; and whole words
# whose parts are all indexed are no typos (explore-m: jpgLoading was
# "corrected" to uploading)
begin "a split word is corrected by its part, and not at all when its parts are words"
run "$FOLIO" search --db "$TMP/index" freeThreadd
r1="$rc|$err"
debian_posts 4000 "$TMP/deb"
"$FOLIO" index --db "$TMP/debidx" "$TMP/deb" >/dev/null
run "$FOLIO" search --db "$TMP/debidx" --json jpgLoading
expect_eq "1|folio: did you mean: freeThreaded|2|None" "$r1|$(json 'd["total"], d["suggestion"], sep="|"')"

# explore-n: XMLparser splits as xm + lparser, and lparser -> parser
# made XMParser; postgrEsql is an indexed word, yet its part esql was
# corrected; postgrSql, whose parts are both indexed, lost postgresql.
begin "a split word keeps an acronym's letters, is left alone when whole, and is corrected whole one edit away"
expect_eq "|None|None|postgresql" \
	"$(suggestions "$TMP/debidx" XMLparser 'postgrEsql zzyzzq' postgrSql)"

# A word corrected whole kept only an initial capital or capitals
# throughout, so getElementByIdd lost its humps (getelementbyid).
begin "a camelCase word corrected whole keeps the case typed where it agrees"
cat >"$TMP/camel.jsonl" <<'JL'
{"url": "https://example.com/dom", "title": "DOM", "summary": "Call getElementById in the browser."}
JL
"$FOLIO" index --db "$TMP/camel" "$TMP/camel.jsonl" >/dev/null
expect_eq "|getElementById|GetElementById|getElementById" \
	"$(suggestions "$TMP/camel" getElementByIdd GetElementByIdd getElmentById)"

# explore-o: an acronym's last capital starts the next part (GNUtools:
# gn + utools), which looked misspelt, and the whole was corrected to
# an unrelated word (Gnutls, Profiles); PDFiles finds nothing.
begin "no suggestion after an acronym, nor one that finds nothing"
expect_eq "|None|None|None" \
	"$(suggestions "$TMP/debidx" GNUtools PDFfiles 'python FORfiles')"
# noedJs: noed -> need ties the whole, noedjs -> nodejs; needJs found
# nothing, and so there was no suggestion, until the tied whole was tried.
begin "a misspelt camelCase word whose corrected part finds nothing is corrected whole"
expect_eq "|nodejs" "$(suggestions "$TMP/debidx" noedJs)"

# An acronym's tail of two letters (PDFt: pd + ft) is one too: the whole,
# pdft, is one edit from pdf, but typed after an acronym on purpose.
begin "no suggestion after an acronym whose tail is two letters"
cat >"$TMP/pdf.jsonl" <<'JL'
{"url": "https://example.com/pdf", "title": "PDF", "summary": "Convert a PDF to text."}
JL
"$FOLIO" index --db "$TMP/pdf" "$TMP/pdf.jsonl" >/dev/null
expect_eq "|None|pdf" "$(suggestions "$TMP/pdf" PDFt pdft)"

begin "an excluded word is not corrected: that would find less"
run "$FOLIO" search --db "$TMP/index" --json 'MXFP8 -Heroku -trainnig'
expect_eq "None" "$(json 'd["suggestion"]')"

begin "a misspelt word of a NEAR is corrected too"
run "$FOLIO" search --db "$TMP/index" 'GIL NEAR/3 threds'
expect_eq "1|folio: did you mean: GIL NEAR/3 threads" "$rc|$err"

# A suggestion that kept a stray sign, star, empty phrase or bracket, or
# a field without a value, brought back the notice that it was ignored.
begin "a suggestion leaves out what the notices said was ignored"
said=""
for q in 'parallelsim --' 'parallelsim -' 'parallelsim +' 'parallelsim ""' \
	'parallelsim ()' 'parallelsim *' 'parallelsim title:' \
	'parallelsim title:*' 'parallelsim title:-'; do
	run "$FOLIO" search --db "$TMP/index" --json "$q"
	said="$said[$q] $(json 'd["suggestion"]')"
done
expect_eq "[parallelsim --] parallelism[parallelsim -] parallelism\
[parallelsim +] parallelism[parallelsim \"\"] parallelism[parallelsim ()] parallelism\
[parallelsim *] parallelism[parallelsim title:] parallelism\
[parallelsim title:*] parallelism[parallelsim title:-] parallelism" "$said"

begin "field values are corrected from the field's own words"
run "$FOLIO" search --db "$TMP/index" company:herkou
expect_eq "1|folio: did you mean: company:heroku" "$rc|$err"
run "$FOLIO" search --db "$TMP/index" --json 'author:"Lumir Balhra" GIL'
expect_eq 'author:"Lumir Balhar" GIL' "$(json 'd["suggestion"]')"

begin "a correction keeps the case the word was typed in"
run "$FOLIO" search --db "$TMP/index" --json 'Parallelsim PARALELISM'
expect_eq 'Parallelism PARALLELISM' "$(json 'd["suggestion"]')"

# put_in_case looked at ASCII letters only: a capital Å or Ø typed
# first was lower case in the correction (author:angstrom). A
# correction is an indexed word, its accents folded as the index folds
# them (Ø is o).
begin "a correction keeps a non-ASCII capital as typed"
cat >"$TMP/names.jsonl" <<'JL'
{"url": "https://example.com/n1", "title": "Fjords", "author": "Zoë Ångström", "summary": "Sailing past the Ødegaard lighthouse to Θεσσαλονίκη."}
JL
"$FOLIO" index --db "$TMP/names" "$TMP/names.jsonl" >/dev/null
expect_eq "|author:Angstrom|Odegaard|ODEGAARD|Θεσσαλονικη" \
	"$(suggestions "$TMP/names" 'author:Ångstrm' 'Ødegard' 'ØDEGARD' 'Θεσαλονικη')"

# A word the analyzer splits at a capital after its first letter was
# corrected whole only when it was all ASCII: ødEgard (ød + egard, both
# too short or too far to correct alone) had no suggestion, where
# odEgard had odEgaard. Its whole is folded as the index folds it.
begin "a split word with a non-ASCII letter is corrected whole"
expect_eq "|odegaard|Odegaard|odEgaard|θεσσαλονικη" \
	"$(suggestions "$TMP/names" 'ødEgard' 'ØdeGard' 'odEgard' 'θεσαΛονικη')"

begin "no suggestion when the words are known"
run "$FOLIO" search --db "$TMP/index" --json 'MXFP8 Heroku'
expect_eq "None|0" "$(json 'd["suggestion"], d["total"], sep="|"')"

# The posts have "threads" and "threaded", never "thread": the word
# matched them through its stem, so it is no typo to correct.
begin "no suggestion for a word the index holds in another form"
run "$FOLIO" search --db "$TMP/index" --json thread
expect_eq "None|2" "$(json 'd["suggestion"], d["total"], sep="|"')"

# A misspelling that one post shares (pyhton, where hundreds of posts
# say python) found that post and was never corrected: only a word in
# no post was (issue #4). A word in a post or two is corrected as a
# typo is made (two letters swapped, one left out), to a word in a
# hundred times as many posts; a letter changed, the first above all,
# a letter added at the end, often make another word or name.
begin "a misspelling that a post or two share gets a suggestion"
python3 -c '
import json
for i in range(120):
    print(json.dumps({"url": "https://example.com/many%d" % i, "title": "Note %d" % i,
        "summary": "Python dependencies, spellcheck, the amount to connect: processing changes."}))
print(json.dumps({"url": "https://example.com/rare", "title": "Rare",
    "summary": "Pyhton dependecies: shellcheck, pmount and connectx, proccessing changess, pyhon."}))
' >"$TMP/rare.jsonl"
"$FOLIO" index --db "$TMP/rare" "$TMP/rare.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/rare" pyhton
expect_eq "0|folio: did you mean: python" "$rc|$err"
expect_eq "|dependencies|Python dependencies|processing|changes" \
	"$(suggestions "$TMP/rare" dependecies 'Pyhton dependecies' proccessing changess)"
# a letter changed, the first, one added at the end, a word of 5 bytes
expect_eq "|None|None|None|None" \
	"$(suggestions "$TMP/rare" shellcheck pmount connectx pyhon)"

# Three words are ranked as OR: a typo in one of them found the posts
# of the others, three or more, and was never flagged (issue #4), where
# the same two words alone found nothing and were corrected. A word in
# no post in any form is corrected however many posts the query finds,
# when the correction, in ten posts or more, raises the best score; a
# word a post holds (pyhton) is a word then, and so is one held by its
# stem (tomatos: tomatoes).
begin "a word in no post gets a suggestion however many posts the query finds"
python3 -c '
import json
for i, s in enumerate(["Python dependencies and processing changes.",
        "Kernel tuning for Linux performance.", "Garden notes about tomatoes."] * 40):
    print(json.dumps({"url": "https://example.com/n%d" % i, "title": "Note %d" % i, "summary": s}))
print(json.dumps({"url": "https://example.com/rare", "title": "Rare", "summary": "Pyhton and connectx."}))
' >"$TMP/many.jsonl"
"$FOLIO" index --db "$TMP/many" "$TMP/many.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/many" --json 'python kernel chnages'
expect_eq "80|python kernel changes" "$(json 'd["total"], d["suggestion"], sep="|"')"
run "$FOLIO" search --db "$TMP/many" --limit 1 'python kernel Chnages'
expect_eq "0|folio: did you mean: python kernel Changes" "$rc|$err"
# a phrase the correction never fits finds no post more, nor raises the
# score; an excluded word is never corrected; connectx, in one post, is
# too rare a correction for a query that found many
expect_eq "|None|None|None|None|None" \
	"$(suggestions "$TMP/many" 'python kernel pyhton' 'python kernel tomatos' \
		'python kernel "linux chnages"' 'python kernel garden -chnages' \
		'python kernel connecty')"

begin "--explain: each term's contribution, with its statistics, sums to the score"
run "$FOLIO" search --db "$TMP/index" --json --explain MXFP8
expect_eq "stem mxfp8 text 1 2|exact mxfp8 text 1 2|True" \
	"$(json '"|".join(" ".join(str(e[k]) for k in ("how", "term", "field", "wdf", "doc_freq")) for e in d["hits"][0]["explain"]), abs(sum(e["weight"] for e in d["hits"][0]["explain"]) - d["hits"][0]["score"]) < 1e-3, sep="|"')"

# A prefix's statistics were those of the prefix as a word (mxf: wdf 0,
# in 0 posts) beside the weight of the words it completes (explore-k).
begin "--explain gives a prefix the statistics of the words it searched"
run "$FOLIO" search --db "$TMP/index" --json --explain 'mxf*'
expect_eq "prefix mxf* text 1 2" \
	"$(json '"|".join(" ".join(str(e[k]) for k in ("how", "term", "field", "wdf", "doc_freq")) for e in d["hits"][0]["explain"])')"

begin "filters alone (site:, a URL) only select: every hit scores 0, which --explain sums to"
run "$FOLIO" search --db "$TMP/index" --json --explain 'site:yomu.fyi'
expect_eq "6|True" "$(json 'str(len(d["hits"])) + "|" + str(all(h["score"] == 0 and sum(e["weight"] for e in h["explain"]) == 0 for h in d["hits"]))')"

begin "--explain as text says so when nothing in the query scores"
run "$FOLIO" search --db "$TMP/index" --explain --limit 1 'site:yomu.fyi'
expect_eq "   score 0.0000: nothing in the query scores, it only selects" "$(grep score <<<"$out")"

begin "site: beside words only selects, so --explain still sums to the score"
run "$FOLIO" search --db "$TMP/index" --json --explain 'MXFP8 OR site:yomu.fyi'
expect_eq "6|True" "$(json 'str(len(d["hits"])) + "|" + str(all(abs(sum(e["weight"] for e in h["explain"]) - h["score"]) < 1e-3 for h in d["hits"]))')"

begin "--explain sums to the score for every hit of a mixed query"
run "$FOLIO" search --db "$TMP/index" --json --explain 'training title:meta OR "free threaded" OR lock*'
expect_eq "True" "$(json 'all(abs(sum(e["weight"] for e in h["explain"]) - h["score"]) < 1e-3 for h in d["hits"]) and len(d["hits"]) > 2')"

# Siblings that share their words: BM25 puts the debugging package's
# shorter summary first; the second phase puts first the post whose title
# the query covers (2 of 2 words against 2 of 3: src/search/cover.c).
cat >"$TMP/siblings.jsonl" <<'JL'
{"url": "https://example.com/osd", "title": "ceph-osd", "summary": "Ceph is a distributed storage system. This package contains the OSD server for Ceph, which keeps objects on a local disk and serves them to clients."}
{"url": "https://example.com/osd-dbg", "title": "ceph-osd-dbg", "summary": "Ceph is a distributed storage system. Debugging symbols for the OSD server."}
{"url": "https://example.com/gcc", "title": "gcc", "summary": "The GNU compiler collection."}
{"url": "https://example.com/vim", "title": "vim", "summary": "An editor for text files."}
JL
"$FOLIO" index --db "$TMP/siblings" "$TMP/siblings.jsonl" >/dev/null
sibq="OSD server for the ceph storage system"

begin "ranked words: the post whose title they cover ranks first"
run "$FOLIO" search --db "$TMP/siblings" --json "$sibq"
expect_eq "https://example.com/osd https://example.com/osd-dbg" \
	"$(json '" ".join(h["url"] for h in d["hits"][:2])')"

begin "title coverage is one more explained part, and the parts sum to the score"
run "$FOLIO" search --db "$TMP/siblings" --json --explain "$sibq"
expect_eq "coverage 2 of 2 words title 1.06667|coverage 2 of 3 words title 0.9975|True" \
	"$(json '"|".join(" ".join(str(round(e[k], 6)) if k == "query_weight" else str(e[k]) for k in ("how", "term", "field", "query_weight")) for h in d["hits"][:2] for e in h["explain"] if e["how"] == "coverage"), all(abs(sum(e["weight"] for e in h["explain"]) - h["score"]) < 1e-3 for h in d["hits"]), sep="|"')"

begin "pages agree with the rescored order"
run "$FOLIO" search --db "$TMP/siblings" --json --offset 1 --limit 1 "$sibq"
expect_eq "2 https://example.com/osd-dbg" \
	"$(json 'd["hits"][0]["rank"], d["hits"][0]["url"]')"

# The second phase rescores the first 20 hits (cover_window) whatever the
# page, and of the hits fetched up to a page past them reads the records
# of its own alone (bridge_search.cc reaches). The page's first hit is one
# of them: mutant X6 (the page's bound one further) left it without its
# record, "document N has damaged data". T200 pins it too, with strace.
begin "a ranked query's page past the rescored hits is the listing's slice, records and all"
run "$FOLIO" search --db "$TMP/ab" --json --limit 22 'alpha beta post'
whole=$(json '"|".join(h["url"] + " " + h["title"] for h in d["hits"][20:])')
run "$FOLIO" search --db "$TMP/ab" --json --offset 20 --limit 2 'alpha beta post'
expect_eq "0|2|$whole" "$rc|$(json 'len(d["hits"]), "|".join(h["url"] + " " + h["title"] for h in d["hits"]), sep="|"')"

begin "words that must all match keep BM25's order and no coverage part"
run "$FOLIO" search --db "$TMP/siblings" --json --explain --all "$sibq"
expect_eq "https://example.com/osd-dbg|False" \
	"$(json 'd["hits"][0]["url"], any(e["how"] == "coverage" for h in d["hits"] for e in h["explain"]), sep="|"')"

begin "--explain as text"
run "$FOLIO" search --db "$TMP/index" --explain GB200
expect_eq "   score" "$(sed -n 4p <<<"$out" | cut -c1-8)"

begin "--explain as text counts one post in the singular, more in the plural"
expect_eq "stem gb200: wdf 1, in 1 post, length norm" "$(sed -n 5p <<<"$out" | grep -o 'stem.*norm')"
run "$FOLIO" search --db "$TMP/index" --explain MXFP8
expect_eq "stem mxfp8: wdf 1, in 2 posts, length norm" "$(sed -n 5p <<<"$out" | grep -o 'stem.*norm')"

# changes is in every post of its stem chang (40 of 121, past the 1%
# exact_min): its exact term would add the stem's weight to every post
# the stem finds, so the stem weighs twice instead, the same score
# (src/search/boosts.c fo_qc_exact_folded); change, in no post, keeps
# its exact form, which adds nothing.
begin "--explain: a word every post of its stem writes as typed weighs as the stem twice"
run "$FOLIO" search --db "$TMP/many" --explain --limit 1 changes
expect_eq "   score 4.4046 =|     4.4046  stem chang: wdf 1, in 40 posts, length norm 1.04, x2|" \
	"$(sed -n 4,6p <<<"$out" | paste -sd'|')"
run "$FOLIO" search --db "$TMP/many" --json --explain --limit 1 change
expect_eq "stem chang 1" "$(json '"|".join(" ".join(str(e[k]) for k in ("how", "term", "query_weight")) for e in d["hits"][0]["explain"])')"

# A phrase (quoted, or a compound's) has term statistics in JSON; the
# text showed only its factor, "(x0.3)". Parts with none of their own
# (coverage) show their factor alone in both.
begin "--explain as text gives a phrase the statistics JSON gives it"
run "$FOLIO" search --db "$TMP/index" --explain free-threaded
expect_eq "phrase free threaded: wdf 11, its most frequent word in 2 posts, length norm 0.96, x0.3" "$(sed -n 5p <<<"$out" | grep -o 'phrase.*')"
run "$FOLIO" search --db "$TMP/index" --explain '"free threaded"'
expect_eq "phrase free threaded: wdf 11, its most frequent word in 2 posts, length norm 0.96, x1" "$(sed -n 5p <<<"$out" | grep -o 'phrase.*')"

# A NEAR weighs as its words do, like a phrase, yet showed no statistics
# at all: "near kernel NEAR tuning (x1)", a factor of 1 beside the whole
# weight (review-queries-3). Its words count in any form, as it matches
# them: kernels and tuning in post a, Kernel and tuning in b.
begin "--explain gives a NEAR its words' statistics, as a phrase's"
run "$FOLIO" search --db "$TMP/more" --explain 'kernel NEAR/3 tuning'
# Its label keeps the window typed (it said "kernel NEAR tuning" for
# NEAR/3 and for NEAR alike: review-results-2); NEAR alone is NEAR/10.
expect_eq "near kernel NEAR/3 tuning: wdf 2, its most frequent word in 2 posts|near kernel NEAR/3 tuning: wdf 2, its most frequent word in 2 posts" \
	"$(grep -o 'near.*posts' <<<"$out" | paste -sd'|')"
run "$FOLIO" search --db "$TMP/more" --json --explain 'kernel NEAR/3 tuning'
expect_eq "2 2 2 2" "$(json '" ".join("%d %d" % (e["wdf"], e["doc_freq"]) for h in d["hits"] for e in h["explain"] if e["how"] == "near")')"
run "$FOLIO" search --db "$TMP/index" --explain 'title:python NEAR/6 title:build'
expect_eq "near python NEAR/6 build in title: wdf 6, its most frequent word in 1 post" "$(grep -o 'near.*post' <<<"$out")"
run "$FOLIO" search --db "$TMP/more" --explain 'kernel NEAR tuning'
expect_eq "near kernel NEAR tuning: wdf 2" "$(grep -o 'near.*wdf 2' <<<"$out" | head -1)"

# What the docs say a part weighs, worked out from the numbers shown: N 3
# posts, k1 1.5, delta 1, b 0.75. Post n1 (20 terms, the average 54.7)
# is shorter than half the average, so it counts as half: length norm
# 0.25 + 0.75 * 0.5, where length / average would give 0.524 (folio.h
# gave only that). A NEAR's forms each weigh by their own posts: pythonic
# (1 post) adds more to n1 than python (3) does, though each is there once
# (folio.h said its words weigh, each by its own statistics).
L="each described at length in its own chapter of the manual that comes with it, with examples, exercises, a glossary, an index of every option and a list of the known bugs and their workarounds"
cat >"$TMP/forms.jsonl" <<JL
{"url": "https://example.com/n1", "title": "Notes", "summary": "A python library: pythonic bindings."}
{"url": "https://example.com/n2", "title": "Other", "summary": "Python scripts and tools, with a library of helpers for the shell, the editor, the terminal, the build and the tests, $L."}
{"url": "https://example.com/n3", "title": "Third", "summary": "Python scripts for the shell, the editor, the terminal, the build and the tests, $L."}
JL
"$FOLIO" index --db "$TMP/forms" "$TMP/forms.jsonl" >/dev/null
# bm25 EXPR: EXPR printed, d the JSON answer, bm(df, wdf, norm) what the
# docs' BM25+ gives a term in df of the 3 posts.
bm25() {
	python3 -c "import json, math, sys
d = json.load(sys.stdin)
bm = lambda df, wdf, norm: math.log(4 / df) * (2.5 * wdf / (1.5 * norm + wdf) + 1)
print($1)" <<<"$out"
}

begin "--explain: a post shorter than half the average length counts as half, and a part of one term weighs what BM25+ makes of its numbers"
run "$FOLIO" search --db "$TMP/forms" --explain pythonic
expect_eq "3.1751  exact pythonic: wdf 1, in 1 post, length norm 0.625, x1" \
	"$(grep -o '[0-9.]*  exact.*' <<<"$out" | head -1)"
run "$FOLIO" search --db "$TMP/forms" --json --explain pythonic
expect_eq "0.625 3.1751 3.1751" \
	"$(bm25 '" ".join(str(e["length_norm"]) + " %.4f %.4f" % (e["weight"], bm(1, 1, 0.625)) for e in d["hits"][0]["explain"] if e["how"] == "exact")')"

begin "--explain: a NEAR weighs every form of its words the post holds by that form's own posts"
run "$FOLIO" search --db "$TMP/forms" --json --explain 'python NEAR library'
expect_eq "https://example.com/n1 near 3 3 0.625 5.4215 | python 0.6589 pythonic 3.1751 library 1.5875 sum 5.4215" \
	"$(bm25 '" ".join("%s %s %d %d %s %.4f" % (h["url"], e["how"], e["wdf"], e["doc_freq"], e["length_norm"], e["weight"]) for h in d["hits"][:1] for e in h["explain"]), "|", " ".join("%s %.4f" % (w, bm(df, 1, 0.625)) for w, df in (("python", 3), ("pythonic", 1), ("library", 2))), "sum %.4f" % sum(bm(df, 1, 0.625) for df in (3, 1, 2))')"

# Xapian 1.4 weighs a phrase (and a prefix) by its words' own statistics:
# its "in N posts" is its most frequent word's, which the text said as if
# the phrase were in N posts ("free threaded" is in one post of
# more.jsonl, free and threaded in two each).
begin "--explain as text says a phrase's post count is its most frequent word's"
run "$FOLIO" search --db "$TMP/more" --explain '"free threaded"'
expect_eq "1|phrase free threaded: wdf 2, its most frequent word in 2 posts, length norm 0.958, x1" \
	"$(grep -c '^[0-9]*\. ' <<<"$out")|$(grep -o 'phrase.*' <<<"$out")"
run "$FOLIO" search --db "$TMP/more" --explain --limit 1 'thread*'
expect_eq "prefix thread*: wdf 1, its most frequent word in 2 posts, length norm 0.958, x1" "$(grep -o 'prefix.*' <<<"$out")"

begin "folio similar: the posts most like a post, not the post itself"
run "$FOLIO" similar --db "$TMP/index" --json "$NVIDIA"
expect_eq "0|$META|False" "$rc|$(json 'd["hits"][0]["url"]')|$(json 'any(h["url"] == "'$NVIDIA'" for h in d["hits"])')"

# The docs said which words are asked with only as "the terms that best
# set it apart": 25 of them, each held by another post too. dropless, in
# this post alone, would find no other and is left out.
begin "folio similar asks with the post's 25 best words that another post holds too"
run "$FOLIO" search --db "$TMP/index" --json --limit 0 dropless
alone=$(json 'd["total"]')
run "$FOLIO" similar --db "$TMP/index" --json --explain --limit 100 "$NVIDIA"
expect_eq "1|25|False" "$alone|$(json 'len({e["term"] for h in d["hits"] for e in h["explain"]})')|$(json 'any(e["term"] == "dropless" for h in d["hits"] for e in h["explain"])')"

# An author's, company's, type's or topic's words are searchable, but
# not what a post is about: a maintainer's rare name chose the similar
# posts (Joost van Baal-Ilić's packages for daemontools-run).
# A word in more than half of the posts is a stop word to a search; to
# folio similar it made posts alike ("and", "in": z and u came first).
begin "folio similar leaves out words in more than half of the posts"
cat >"$TMP/stop.jsonl" <<'JL'
{"url": "https://ex.org/x", "title": "Locks", "summary": "Redis locks, and in, and in, and in."}
{"url": "https://ex.org/y", "title": "Garden", "summary": "Redis gardening tips for the weekend."}
{"url": "https://ex.org/z", "title": "Notes", "summary": "And in, and in, and in, and in."}
{"url": "https://ex.org/u", "title": "Travel", "summary": "Travel and in."}
{"url": "https://ex.org/v", "title": "Cooking", "summary": "Cooking pasta."}
JL
"$FOLIO" index --db "$TMP/stop" "$TMP/stop.jsonl" >/dev/null
run "$FOLIO" similar --db "$TMP/stop" --json https://ex.org/x
expect_eq "0|https://ex.org/y" "$rc|$(urls_of "$out" | xargs)"

begin "folio similar takes its words from the title and summary, not the author or company"
python3 - >"$TMP/people.jsonl" <<'PY2'
import json
posts = [("a", "Tomato gardening", "Growing tomatoes in raised beds with compost."),
         ("b", "Rocket engines", "Liquid fuel rocket engines and their nozzles."),
         ("c", "Tomato beds", "Compost for tomatoes grown in raised garden beds."),
         ("d", "Bread", "Baking sourdough bread at home.")]
for n, t, s in posts:
    mine = n in "ab"
    print(json.dumps({"url": "https://example.org/" + n, "title": t, "summary": s,
                      "author": "Zebulon Quixotic" if mine else "Ann Other",
                      "company": "Quixcorp" if mine else "Othercorp",
                      "type": "Note", "topics": ["Things"]}))
PY2
"$FOLIO" index --db "$TMP/people" "$TMP/people.jsonl" >/dev/null
run "$FOLIO" similar --db "$TMP/people" --json --explain https://example.org/a
expect_eq "['https://example.org/c']|[]" \
	"$(json '[h["url"] for h in d["hits"]]')|$(json 'sorted({e["term"] for h in d["hits"] for e in h["explain"]} & {"zebulon", "quixot", "quixotic", "quixcorp", "note", "thing", "things"})')"

begin "folio similar finds the post whatever the case of the URL's scheme and host"
run "$FOLIO" similar --db "$TMP/index" --json "HTTPS://YOMU.FYI${NVIDIA#https://yomu.fyi}"
expect_eq "0|$META" "$rc|$(json 'd["hits"][0]["url"]')"
run "$FOLIO" similar --db "$TMP/index" "${NVIDIA%.md}.MD"
expect_eq "2|folio: no post with URL ${NVIDIA%.md}.MD" "$rc|$err"

begin "folio similar finds a URL pasted in angle brackets or ending a sentence, as search does"
run "$FOLIO" similar --db "$TMP/index" --json "<$NVIDIA>."
expect_eq "0|$META" "$rc|$(json 'd["hits"][0]["url"]')"
run "$FOLIO" similar --db "$TMP/index" "<https://example.com/none>"
expect_eq "2|folio: no post with URL <https://example.com/none>" "$rc|$err"

# As search does, folio similar takes a URL copied with the quotes of
# the JSON it came from, or a shell's or markdown's, or prose's curly
# quotes, guillemets, brackets; it said "no post".
begin "folio similar finds a URL pasted in quotes, backticks or brackets"
s=""
for u in "\"$NVIDIA\"" "'$NVIDIA'" "\`$NVIDIA\`" "\"$NVIDIA\"," \
	"“$NVIDIA”" "‘$NVIDIA’" "«$NVIDIA»" "[$NVIDIA]" "「$NVIDIA」"; do
	run "$FOLIO" similar --db "$TMP/index" --json "$u"
	s="$s|$rc $(json 'd["hits"][0]["url"]')"
done
expect_eq "|0 $META|0 $META|0 $META|0 $META|0 $META|0 $META|0 $META|0 $META|0 $META" "$s"

# A query finds a post by its URL in brackets or with blanks around it
# (the parser reads them); folio similar said "no post with URL".
begin "folio similar finds a URL in brackets or with blanks around it, as search does"
s=""
for u in "($NVIDIA)." "$NVIDIA)" " $NVIDIA "; do
	run "$FOLIO" similar --db "$TMP/index" --json "$u"
	s="$s|$rc $(json 'd["hits"][0]["url"]')"
done
cat >"$TMP/paren.jsonl" <<'JL'
{"url": "https://en.example.org/wiki/Lock_(computing)", "title": "Lock (computing)", "summary": "A lock is a synchronization primitive."}
{"url": "https://en.example.org/wiki/Mutex", "title": "Mutex", "summary": "A mutex is a lock, a synchronization primitive."}
{"url": "https://en.example.org/wiki/Tea", "title": "Tea", "summary": "An aromatic beverage."}
{"url": "https://en.example.org/wiki/Oak", "title": "Oak", "summary": "A tree of the genus Quercus."}
JL
"$FOLIO" index --db "$TMP/paren" "$TMP/paren.jsonl" >/dev/null
# ... but keeps a ")" that closes a "(" of the URL's own
for u in "https://en.example.org/wiki/Lock_(computing)." "(https://en.example.org/wiki/Lock_(computing))"; do
	run "$FOLIO" similar --db "$TMP/paren" --json "$u"
	s="$s|$rc $(json 'd["hits"][0]["url"]')"
done
expect_eq "|0 $META|0 $META|0 $META|0 https://en.example.org/wiki/Mutex|0 https://en.example.org/wiki/Mutex" "$s"

# A query reads a vertical tab or a form feed as a blank too (the
# parser's white space is C's); folio similar said "no post with URL" of
# a URL between them.
begin "folio similar takes the URL from between any blanks a query takes"
s=""
for u in $'\v'"$NVIDIA" "$NVIDIA"$'\f' $'\f\t'"$NVIDIA"$'\v '; do
	run "$FOLIO" similar --db "$TMP/index" --json "$u"
	s="$s|$rc $(json 'd["hits"][0]["url"]')"
done
expect_eq "|0 $META|0 $META|0 $META" "$s"

begin "folio similar refuses the options only a typed query has"
run "$FOLIO" similar --db "$TMP/index" --strict "$NVIDIA"
expect_eq "2|folio: unknown option --strict (try 'folio similar --help')" "$rc|$err"
run "$FOLIO" similar --db "$TMP/index" --any "$NVIDIA"
expect_eq "2" "$rc"

begin "folio similar: -- ends the options, as for the other commands (the URL after it)"
run "$FOLIO" similar --db "$TMP/index" --json -- "$NVIDIA"
expect_eq "0|$META" "$rc|$(json 'd["hits"][0]["url"]')"
run "$FOLIO" similar --db "$TMP/index" -- "$NVIDIA" "$META"
expect_eq "2|folio: similar takes one URL (try 'folio similar --help')" "$rc|$err"

begin "folio similar --limit 0 counts the similar posts, and finding some is exit 0"
run "$FOLIO" similar --db "$TMP/index" --limit 0 "$NVIDIA"
expect_eq "0|posts match" "$rc|$(grep -o 'posts* match' <<<"$out")"

begin "folio similar --json names the missing index in an error object"
run "$FOLIO" similar --db "$TMP/nowhere" --json "$NVIDIA"
expect_eq "2|not found" "$rc|$(json 'd["error"]')"

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

begin "--stdin: a NUL separates words; posts matched count though none is shown"
run "$FOLIO" search --db "$TMP/index" --stdin --limit 0 < <(printf 'MXFP8\0Heroku\nGB200\n')
expect_eq "0|\"MXFP8\\u0000Heroku\" 0|\"GB200\" 1" "$rc|$(python3 -c '
import json, sys
for l in sys.stdin.read().splitlines():
    d = json.loads(l)
    print(json.dumps(d["query"]), d["total"])' <<<"$out" | paste -sd'|')"

# A tool pairs answers with its questions by "query", the query as given
# (README): a NUL in it is given back (\u0000), not as the space it was
# searched as, nor cut there, in an error object too.
begin "--stdin: the answer's query is the line as read, NULs too"
queries() { python3 -c '
import json, sys
for l in sys.stdin.read().splitlines():
    d = json.loads(l)
    print(json.dumps(d["query"]), d.get("error", d.get("total")))' <<<"$out" | paste -sd'|'; }
run "$FOLIO" search --db "$TMP/index" --stdin --limit 0 < <(printf 'MXFP8\0\0Heroku\n\0\n')
expect_eq "\"MXFP8\\u0000\\u0000Heroku\" 0|\"\\u0000\" invalid argument" "$(queries)"
run "$FOLIO" search --db "$TMP/index" --stdin --strict < <(printf 'GB200 \0x\n')
expect_eq "\"GB200 \\u0000x\" query syntax error" "$(queries)"
run "$FOLIO" search --db "$TMP/none" --stdin < <(printf 'a\0b\n')
expect_eq "\"a\\u0000b\" not found" "$(queries)"

# Every other control character in a query is noticed by position (the
# library's qbytes.c); a NUL, which the CLI must take out of the line
# before the library sees it, went in silence.
begin "--stdin: a NUL is noticed by position as other control characters are, among the library's notices"
run "$FOLIO" search --db "$TMP/index" --stdin --limit 0 < <(printf 'é\0\0GB200 \001x ) \0y\n')
expect_eq "1|[[2, '2 control characters (U+0000 U+0000): read as a break between words'], [10, 'a control character (U+0001): read as a break between words'], [13, 'a ) without its (: ignored'], [15, 'a control character (U+0000): read as a break between words']]" "$rc|$(python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
print([[n["position"], n["message"]] for n in d["notices"]])' <<<"$out")"

# A byte that is no UTF-8 lead byte counts as no character (as 0x80 here),
# so the NUL after it shares its position: the notices come in the order
# of the line, the parser's first (mutant O17 printed the NUL's first).
begin "--stdin: a NUL at the position of a parser notice comes after it, as in the line"
run "$FOLIO" search --db "$TMP/index" --stdin --limit 0 < <(printf 'GB200 \x80\0x\n')
expect_eq "[[7, 'a byte that is not UTF-8 (0x80): read as a break between words'], [7, 'a control character (U+0000): read as a break between words']]" "$(python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
print([[n["position"], n["message"]] for n in d["notices"]])' <<<"$out")"

# The library lists 16 notices and counts the rest in one more; the
# NULs stopped at 16 with nothing said of the others.
begin "--stdin: NULs past the 16th are counted in one notice, as the library counts its own"
run "$FOLIO" search --db "$TMP/index" --stdin --limit 0 < <(for i in $(seq 18); do printf 'a\0'; done; printf 'b\n')
expect_eq "17|[32, 'a control character (U+0000): read as a break between words']|[34, '2 more problems of the kinds above: not listed']" "$(python3 -c '
import json, sys
n = json.loads(sys.stdin.read())["notices"]
print(len(n), *[[x["position"], x["message"]] for x in n[-2:]], sep="|")' <<<"$out")"

begin "--stdin --strict: a NUL is an error at its position, unless another problem comes first"
run "$FOLIO" search --db "$TMP/index" --stdin --strict < <(printf 'GB200 \0x\n( GB200 \0x\nGB200 \0\0x (\nGB200 \x80\0x\n')
expect_eq "1|query syntax error 7 query position 7: a control character (U+0000)|query syntax error 1 query position 1: a ( is never closed|query syntax error 7 query position 7: 2 control characters (U+0000 U+0000)|query syntax error 7 query position 7: a byte that is not UTF-8 (0x80)" "$rc|$(python3 -c '
import json, sys
for l in sys.stdin.read().splitlines():
    d = json.loads(l)
    print(d["error"], d["position"], d["message"])' <<<"$out" | paste -sd'|')"

begin "--stdin with query arguments is a usage error"
run "$FOLIO" search --db "$TMP/index" --stdin MXFP8
expect_eq "2" "$rc"

# Both windows hold both words; the later one holds them as typed.
begin "the snippet is the window where the words typed together stand together"
cat >"$TMP/order.jsonl" <<'JL'
{"url": "https://example.com/m", "title": "Models", "summary": "The memory model and ordering rules of the language are set out in many long paragraphs of text here, and there are more of those paragraphs than one would like to read in a day or in a week, so the snippet cannot show them all, and later on we find the memory ordering guarantees of C11 atomics, which is what the reader wanted to see."}
JL
"$FOLIO" index --db "$TMP/order" "$TMP/order.jsonl" >/dev/null
run "$FOLIO" search --db "$TMP/order" --json 'memory ordering'
expect_eq "1|…than one would like to read in a day or in a week, so the snippet cannot show them all, and later on we find the memory ordering guarantees of C11 atomics, which is what the reader wanted to see." \
	"$(json 'd["total"], d["hits"][0]["snippet"], sep="|"')"

# fre, three bytes, gets no edit of its own: the compound, written as
# one, is corrected, its hyphen kept; a compound the index holds is none.
begin "a hyphenated compound with a typo in a short part is corrected whole"
cat >"$TMP/lockfree.jsonl" <<'JL'
{"url": "https://example.com/l1", "title": "Queues", "summary": "A lock-free queue for many threads."}
{"url": "https://example.com/l2", "title": "Stacks", "summary": "A lock-free stack, and a wait-free one."}
{"url": "https://example.com/l3", "title": "Abc", "summary": "The abc of ab and cd."}
{"url": "https://example.com/l4", "title": "Pools", "summary": "A wait-free stack on x86-64 and a wait-free-stack-based pool."}
JL
"$FOLIO" index --db "$TMP/lockfree" "$TMP/lockfree.jsonl" >/dev/null
expect_eq "|lock-free|None|None|wait-free stack|None" \
	"$(suggestions "$TMP/lockfree" lock-fre lock-free wait-free 'wait-fre stack' ab-cd)"

# lockfrequeue is two edits from nothing: the stretch lock-fre is
# corrected as lock-fre is alone, queue kept; the compounds typed right,
# in three parts too, are none.
begin "a typo in a short part of a longer hyphenated run is corrected in its stretch"
expect_eq "|lock-free-queue|Lock-Free-Queue|wait-free-stack|None|None|None" \
	"$(suggestions "$TMP/lockfree" lock-fre-queue Lock-Fre-Queue wait-fre-stack lock-free-queue x86-64 wait-free-stack-based)"

# waitfrestackbased is one edit from the compound a post writes: the
# edit falls at a hyphen, in the short part typed, not the next one.
begin "a correction of a hyphenated run puts its edit in the short part beside a hyphen"
expect_eq "|wait-free-stack-based|Wait-Free-Stack-Based" \
	"$(suggestions "$TMP/lockfree" wait-fre-stack-based Wait-Fre-Stack-Based)"

# threadd is one edit from thread, in more posts, and from threaded: the
# parts made free-thread, which the free-threaded post's stem finds, and
# won the tie with the whole, freethreaded, the compound typed. They are
# still tried when the whole finds nothing (stack is never beside it).
begin "a hyphenated compound is corrected whole on a tie with its parts"
cat >"$TMP/threads.jsonl" <<'JL'
{"url": "https://example.com/t1", "title": "One", "summary": "A free-threaded interpreter runs without the GIL."}
{"url": "https://example.com/t2", "title": "Two", "summary": "Each thread has a stack."}
{"url": "https://example.com/t3", "title": "Three", "summary": "A thread pool and a thread queue."}
{"url": "https://example.com/t4", "title": "Four", "summary": "Free software, a thread per core, a free thread stack."}
JL
"$FOLIO" index --db "$TMP/threads" "$TMP/threads.jsonl" >/dev/null
expect_eq "|free-threaded|Free-Threaded|free-thread stack|None|None" \
	"$(suggestions "$TMP/threads" free-threadd Free-Threadd 'free-threadd stack' free-threaded free-thread)"

if command -v script >/dev/null; then
	begin "a compound query highlights the compound, never its parts alone"
	tty_out=$(script -qec "$FOLIO search --db $TMP/more free-threaded" /dev/null)
	expect_eq "A [free-threaded] interpreter" "$(sed $'s/\x1b\\[1;33m/[/g; s/\x1b\\[0m/]/g' <<<"$tty_out" | grep -o 'A .*interpreter')"
	begin "two words highlight each word"
	tty_out=$(script -qec "$FOLIO search --db $TMP/more free threaded" /dev/null)
	expect_eq "[Free] software and [threaded] code" "$(sed $'s/\x1b\\[1;33m/[/g; s/\x1b\\[0m/]/g' <<<"$tty_out" | grep -o '.Free.*code')"
fi

finish
