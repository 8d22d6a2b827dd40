#!/usr/bin/env bash
# bench/analyzer.sh: the analyzer's throughput (MB/s, one core) on the
# summaries of the benchmark corpus, with English stemming and without.
# Usage: bench/analyzer.sh [BUILD_DIR] [CORPUS.jsonl.gz]
set -euo pipefail
# paths given are from where the command was typed; the default build
# directory is the checkout's
[ -z "${1:-}" ] || build=$(realpath -m -- "$1")
corpus=$(realpath -m -- "${2:-/work/shared/data/debian-posts.jsonl.gz}")
cd "$(dirname "$0")/.."
build=${build:-build}

cmake --build "$build" --target bench_analyzer >/dev/null
text=$(mktemp "${TMPDIR:-/tmp}/folio-bench.XXXXXX")
trap 'rm -f "$text"' EXIT
# one summary per line (newlines inside a summary become spaces)
python3 - "$corpus" >"$text" <<'PY'
import gzip, json, sys
with gzip.open(sys.argv[1], "rt", encoding="utf-8") as f:
    for line in f:
        line = line.strip()
        if line:
            s = json.loads(line).get("summary") or ""
            print(s.replace("\n", " "))
PY
for lang in english none; do
	"$build/bench_analyzer" "$text" "$lang" 3
done
