# T220-bench-report.sh: the benchmark's scripts, without the benchmark.
# bench/report.py, which turns one bench/run's raw timings into
# RESULTS.md and results.json, runs on raw timings written here
# (two runs, folio at 1 and 2 threads, Xapian and FTS5 beside it), so
# that what it computes can be checked by hand. gnuplot is a stand-in:
# the chart is not looked at here.
. "$(dirname "$0")/lib.sh"

raw=$TMP/raw
mkdir -p "$raw/q" "$TMP/out" "$TMP/bin"
printf '#!/bin/sh\ncat >/dev/null\n' >"$TMP/bin/gnuplot"
chmod +x "$TMP/bin/gnuplot"
tab() { local IFS=$'\t'; echo "$*"; }
{
	tab date 2026-12-07T00:00Z
	tab commit 0000000
	tab cpu test
	tab cores 2
	tab mem_gib 24
	tab xapian 1.4.22-1
	tab sqlite 3.40.1
	tab clucene none
	tab folio_classes common
	tab folio_threads "1 2"
	tab folio_cli_sort 0
	tab runs 2
	tab reps 1
	tab engines "folio xapian fts5"
	tab posts_64k 64000
	tab bytes_64k 32000000
} >"$raw/meta.tsv"
# kind engine scale threads run wall user sys rss_kb bytes. Run 1: folio's
# 2-thread build 10 s against Xapian's 30 (3x); run 2: 20 s against 20
# (1x). Pair by pair the median is 2x; the medians' ratio would be 1.67x.
{
	tab build folio 64k 1 1 19.0 18.5 0.5 40960 150000000
	tab resync folio 64k 1 1 0.5 0.4 0.1 20480 150000000
	tab build folio 64k 2 1 10.0 18.5 0.7 61440 151000000
	tab resync folio 64k 2 1 0.7 0.5 0.1 20480 151000000
	tab build xapian 64k 1 1 30.0 29.0 1.0 102400 230000000
	tab build fts5 64k 1 1 1.5 1.2 0.1 8192 53000000
	tab build folio 64k 1 2 37.0 36.0 1.0 40960 150000000
	tab resync folio 64k 1 2 0.9 0.8 0.1 20480 150000000
	tab build folio 64k 2 2 20.0 36.5 1.5 61440 151000000
	tab resync folio 64k 2 2 1.3 1.0 0.2 20480 151000000
	tab build xapian 64k 1 2 20.0 19.0 1.0 102400 230000000
	tab build fts5 64k 1 2 2.5 2.2 0.2 8192 53000000
} >"$raw/build.tsv"
{
	tab folio 64k 154000000
	tab xapian 64k 126000000
	tab fts5 64k 52000000
} >"$raw/compact.tsv"
{
	tab 1 folio stat analyzer_mb_s 210.0
	tab 1 folio stat analyzer_cold_mb_s 130.0
	tab 1 xapian stat tokenizer_mb_s 11.0
	tab 1 xapian stat tokenizer_cold_mb_s 10.5
	tab 2 folio stat analyzer_mb_s 220.0
	tab 2 folio stat analyzer_cold_mb_s 136.0
	tab 2 xapian stat tokenizer_mb_s 9.0
	tab 2 xapian stat tokenizer_cold_mb_s 9.5
} >"$raw/tok.tsv"
tab "build folio 64k" 1.0 >"$raw/load.tsv"
# common words, in microseconds: folio 3 ms against Xapian's 1 in run 1,
# 4 against 4 in run 2; FTS5 always 12 ms.
q() { # q SCALE ENGINE RUN US...
	local f=$raw/q/$1.$2.$3.txt us
	shift 3
	for us; do tab q common "$us"; done >"$f"
}
q 64k folio 1 3000 3000 3000
q 64k xapian 1 1000 1000 1000
q 64k fts5 1 12000 12000 12000
q 64k folio 2 4000 4000 4000
q 64k xapian 2 4000 4000 4000
q 64k fts5 2 12000 12000 12000

run env PATH="$TMP/bin:$PATH" python3 "$FOLIO_SOURCE_DIR/bench/report.py" "$raw" "$TMP/out"
begin "report.py writes its results from raw timings"
expect_eq "0|" "$rc|$err"

begin "a build ratio is the median of the runs' ratios, pair by pair"
expect_eq "| 64k | Xapian TermGenerator+QueryParser | 1 | 25.00 | 2560 | 1.28 | 25.00 | 100 | 230 | 126 | 2.00 | 1.04 |" \
	"$(grep '^| 64k | Xapian' "$TMP/out/RESULTS.md")"

# These raw timings have no 1M corpus (bench/run --no-1m, --quick): the
# Xapian baseline was not left out of a 1M run by --1m-engines, there was
# no such run.
begin "a run without the 1M corpus says the 1M target was not run, for Xapian too"
expect_eq '| common single term on 1M posts < 10 ms | not run | — | not run |' \
	"$(grep '^| common single term on 1M' "$TMP/out/RESULTS.md")"

# Every figure of RESULTS.md's tables is in results.json: ratios, the
# re-sync, and the targets with their verdicts, not only the medians.
begin "every number of RESULTS.md's tables is in results.json"
run python3 - "$TMP/out" <<'PY'
import json, re, sys
out = sys.argv[1]
res = json.load(open(out + "/results.json"))
leaves = []
def walk(x):
    if isinstance(x, dict):
        for v in x.values():
            walk(v)
    elif isinstance(x, list):
        for v in x:
            walk(v)
    elif isinstance(x, (int, float)) and not isinstance(x, bool):
        leaves.append(x)
walk(res)
def shown(cell):
    nd = len(cell.split(".")[1]) if "." in cell else 0
    return any(("%." + str(nd) + "f") % v == cell for v in leaves)
missing = []
section = ""
for line in open(out + "/RESULTS.md"):
    if line.startswith("## "):
        section = line[3:].strip()
    if not line.startswith("|") or line.startswith("|---"):
        continue
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if section == "Targets":
        if cells[0] != "target" and not any(
                t["target"] == cells[0] and t["measured"] == cells[1]
                and t["xapian"] == cells[3] for t in res.get("targets", [])):
            missing.append("target: " + cells[0])
        continue
    for cell in cells[1:]:
        if re.fullmatch(r"[0-9]+(\.[0-9]+)?", cell) and not shown(cell):
            missing.append("%s: %s" % (cells[0], cell))
for line in open(out + "/RESULTS.md"):
    if line.startswith("Re-sync"):
        for n in re.findall(r"[0-9]+\.[0-9]+", line):
            if not (shown(n) or any("%.1f" % (100 * x) == n for x in leaves)):
                missing.append("re-sync: " + n)
print("\n".join(missing))
PY
expect_eq "0|" "$rc|$out"

begin "results.json holds each target's verdict"
run python3 -c 'import json, sys
t = {x["target"]: x["met"] for x in json.load(open(sys.argv[1]))["targets"]}
print(t["common: p50 and p99 <= best peer'"'"'s"], t["build scaling from 1 to 2 threads >= 85% efficient"])' \
	"$TMP/out/results.json"
expect_eq "False|True" "$(echo "$out" | tr ' ' '|')"

# bench/run --quick makes one run; its report said "the median of 1
# runs". The same raw timings, read as one run's.
begin "a one-run report says its figures are from a single run"
cp -r "$raw" "$TMP/raw1"
mkdir -p "$TMP/out1"
sed -i 's/^runs\t2$/runs\t1/' "$TMP/raw1/meta.tsv"
run env PATH="$TMP/bin:$PATH" python3 "$FOLIO_SOURCE_DIR/bench/report.py" "$TMP/raw1" "$TMP/out1"
expect_eq "0|Every figure is from a single run (a smoke test: not to be quoted)|" \
	"$rc|$(grep -o 'Every figure is from a single run ([^)]*)' "$TMP/out1/RESULTS.md")|$(grep -o 'median of 1 runs' "$TMP/out1/RESULTS.md")"

# bench/run --help prints the usage at the top of the script: its
# comment, not the first line of code after it.
begin "bench/run --help prints its usage and nothing else"
run bash "$FOLIO_SOURCE_DIR/bench/run" --help
expect_eq "0|#   --quick         --runs 1 --reps 1 --no-1m (a smoke test of the harness,|# results land in bench/results/ (RESULTS.md, results.json, bench.png)." \
	"$rc|$(grep '^#   --quick' <<<"$out")|$(tail -1 <<<"$out")"

# Stand-ins for the package tools: dpkg-query knows only what
# $TMP/installed lists, apt-get installs nothing (as offline), and cmake (the build,
# minutes of it) must not be reached when a tool the run needs is missing.
mkdir -p "$TMP/pkg"
cat >"$TMP/pkg/dpkg-query" <<'SH'
#!/bin/sh
p=$(eval echo \${$#})
grep -qx "$p" "$INSTALLED" && printf 'install ok installed'
SH
printf '#!/bin/sh\n[ "$1" = update ] && exit 0\necho "E: Unable to locate package" >&2\nexit 100\n' >"$TMP/pkg/apt-get"
printf '#!/bin/sh\necho "cmake reached" >&2\nexit 1\n' >"$TMP/pkg/cmake"
printf '#!/bin/sh\nexec "$@"\n' >"$TMP/pkg/sudo"
chmod +x "$TMP/pkg/"*
bench_run() { run env PATH="$TMP/pkg:$PATH" INSTALLED="$TMP/installed" \
	bash "$FOLIO_SOURCE_DIR/bench/run" --quick --work "$TMP/work"; }

# An option's value left out ended the run with bash's "$2: unbound
# variable", or took the next option for it (--work --quick was a full
# run into ./--quick). Under the stand-ins, so that a run never builds.
begin "bench/run says which option has no value"
: >"$TMP/none"
(cd "$TMP" && run env PATH="$TMP/pkg:$PATH" INSTALLED="$TMP/none" \
	bash "$FOLIO_SOURCE_DIR/bench/run" --runs && echo "$rc|$err" >"$TMP/v1")
(cd "$TMP" && run env PATH="$TMP/pkg:$PATH" INSTALLED="$TMP/none" \
	bash "$FOLIO_SOURCE_DIR/bench/run" --work --quick && echo "$rc|$err" >"$TMP/v2")
expect_eq "2|bench/run: --runs needs a value (bench/run --help)|2|bench/run: --work needs a value (bench/run --help)" "$(cat "$TMP/v1")|$(cat "$TMP/v2")"

begin "bench/run names the packages it cannot do without, before building"
printf '%s\n' sqlite3 xapian-tools time python3 libsqlite3-dev >"$TMP/installed"
bench_run
expect_eq "2|bench/run: hyperfine gnuplot-nox are missing and could not be installed: apt-get install hyperfine gnuplot-nox" \
	"$rc|$(tail -1 <<<"$err")"

begin "bench/run says which peer it leaves out for want of its library"
printf '%s\n' sqlite3 xapian-tools time python3 libsqlite3-dev hyperfine gnuplot-nox >"$TMP/installed"
bench_run
expect_eq "1|no CLucene peer: libclucene-dev is missing and could not be installed (apt-get install libclucene-dev)|cmake reached" \
	"$rc|$(grep -o 'no CLucene.*' <<<"$err")|$(tail -1 <<<"$err")"

# bench/relevance/run.sh with stand-ins for the build and the engines
# (rel_fts5 writes "part" and, told to stop, exits as Ctrl-C leaves it;
# it writes "whole" when it ends, and its index finds the right answer
# only then). A run stopped while an index is written must leave nothing
# that the next run reuses as if it were whole.
rel=$TMP/rel
mkdir -p "$rel/data" "$rel/bin" "$rel/build/bench/relevance"
printf '{"url": "u1", "title": "t", "summary": "s"}\n' | gzip >"$rel/data/docs.jsonl.gz"
printf 'q1\tsome words\tu1\n' >"$rel/data/queries-dev.tsv"
printf '#!/bin/sh\nexit 0\n' >"$rel/bin/cmake"
printf '#!/bin/sh\nexit 0\n' >"$rel/build/folio"
printf '#!/bin/sh\nprintf "q1\\t1\\t100\\n"\n' >"$rel/build/bench/relevance/rel_folio"
cat >"$rel/build/bench/relevance/rel_xapian" <<'SH'
#!/bin/sh
if [ "$1" = index ]; then mkdir -p "$2" && touch "$2/iamglass"; exit 0; fi
printf 'q1\t1\t100\n'
SH
cat >"$rel/build/bench/relevance/rel_fts5" <<'SH'
#!/bin/sh
if [ "$1" = index ]; then
	echo part >"$2"
	[ -n "${STOP:-}" ] && exit 130
	echo whole >"$2"
	exit 0
fi
grep -q whole "$2" && printf 'q1\t1\t100\n' || printf 'q1\t0\t100\n'
SH
chmod +x "$rel/bin/"* "$rel/build/folio" "$rel/build/bench/relevance/"*
rel_run() { run env PATH="$rel/bin:$PATH" DATA="$rel/data" WORK="$rel/work" "$@" \
	bash "$FOLIO_SOURCE_DIR/bench/relevance/run.sh" "$rel/build"; }

begin "a relevance run stopped while indexing leaves no index the next one reuses"
rel_run STOP=1
first=$rc
rel_run
expect_eq "130|0|fts5 all 1 1.000 1.000" \
	"$first|$rc|$(awk '$1 == "fts5" && $2 == "all" {print $1, $2, $3, $4, $5}' <<<"$out")"

# The known-item documents hold 32 URLs twice with different text, and
# folio index warned of each on the terminal, between the benchmark's
# lines. The warnings go to a log and the run says how many; a folio
# index that fails still shows its error.
begin "a relevance run keeps folio's indexing warnings in a log and counts them"
printf '#!/bin/sh\necho "folio: warning: one" >&2\necho "folio: warning: two" >&2\n' >"$rel/build/folio"
rel_run
expect_eq "0|folio index: 2 lines of warnings, in $rel/work/folio-index.log||folio: warning: two" \
	"$rc|$(grep '^folio index:' <<<"$out")|$err|$(tail -1 "$rel/work/folio-index.log")"
printf '#!/bin/sh\necho "folio: docs.jsonl:3: broken" >&2\nexit 1\n' >"$rel/build/folio"
rel_run
expect_eq "1|folio: docs.jsonl:3: broken" "$rc|$err"
printf '#!/bin/sh\nexit 0\n' >"$rel/build/folio"

# Without libsqlite3-dev (not in tools/setup) CMake leaves rel_fts5 out:
# the run must say so before it spends minutes indexing with the others.
begin "a relevance run without the FTS5 peer names the package, before indexing"
mv "$rel/build/bench/relevance/rel_fts5" "$rel/rel_fts5"
printf '#!/bin/sh\necho "folio reached" >&2\n' >"$rel/build/folio"
REINDEX=1 rel_run
expect_eq "2|bench/relevance/run.sh: $rel/build/bench/relevance/rel_fts5 was not built (CMake found no SQLite): apt-get install libsqlite3-dev, then cmake -B $rel/build, and run again" \
	"$rc|$err"

# A smoke test (--quick: one run, no 1M corpus) must not write over the
# committed bench/results, which README's performance section quotes.
begin "bench/run --quick writes its results under --work, a full run to bench/results"
printf '%s\n' sqlite3 xapian-tools time python3 libsqlite3-dev hyperfine gnuplot-nox libclucene-dev >"$TMP/installed"
bench_run
quick=$(grep -o 'results go to .*' <<<"$err")
run env PATH="$TMP/pkg:$PATH" INSTALLED="$TMP/installed" \
	bash "$FOLIO_SOURCE_DIR/bench/run" --work "$TMP/work"
expect_eq "results go to $TMP/work/results|results go to $(cd "$FOLIO_SOURCE_DIR" && pwd)/bench/results" \
	"$quick|$(grep -o 'results go to .*' <<<"$err")"

# A relative --work or --out is where the user typed it, not inside the
# checkout bench/run moves to.
begin "bench/run takes a relative --work from the directory it was run in"
(cd "$TMP" && run env PATH="$TMP/pkg:$PATH" INSTALLED="$TMP/installed" \
	bash "$FOLIO_SOURCE_DIR/bench/run" --quick --work rel-work &&
	echo "$err" >"$TMP/rel-err")
expect_eq "results go to $TMP/rel-work/results" "$(grep -o 'results go to .*' "$TMP/rel-err")"

finish
