#!/usr/bin/env bash
# bench/index.sh: indexing throughput and the cost of a nightly re-run.
# Builds the index of a JSON Lines corpus from scratch with 1 and with 2
# worker threads (posts/s, scaling efficiency, peak RSS, CPU time), then
# re-runs folio index over the unchanged corpus and reports its time as a
# fraction of the full build. Each measurement is the best of ROUNDS runs
# (the machine is shared: the best run is the least disturbed one).
# Usage: bench/index.sh [CORPUS.jsonl[.gz]] [ROUNDS]
#   default corpus: /work/shared/data/debian-posts.jsonl.gz (63,955 posts)
set -euo pipefail
# paths given are from where the command was typed; the defaults are the
# checkout's
corpus=$(realpath -m -- "${1:-/work/shared/data/debian-posts.jsonl.gz}")
[ -z "${FOLIO:-}" ] || FOLIO=$(realpath -m -- "$FOLIO")
cd "$(dirname "$0")/.."

rounds=${2:-2}
folio=${FOLIO:-build/folio}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/folio-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

case $corpus in
*.gz) zcat "$corpus" >"$tmp/corpus.jsonl" ;;
*) cp "$corpus" "$tmp/corpus.jsonl" ;;
esac

# measure NAME ARGS...: best wall time of $rounds runs of folio ARGS into
# a fresh index (ARGS containing @DB@ for it); sets $wall, $cpu, $rss_kb.
measure() {
	local name=$1 best="" i line
	shift
	for i in $(seq "$rounds"); do
		rm -rf "$tmp/db"
		[ "$name" = rerun ] && "$folio" index --db "$tmp/db" "$tmp/corpus.jsonl" >/dev/null
		line=$(/usr/bin/time -f '%e %U %S %M' "$folio" "${@//@DB@/$tmp/db}" 2>&1 >/dev/null | tail -1)
		read -r w u s m <<<"$line"
		if [ -z "$best" ] || awk "BEGIN{exit !($w < $best)}"; then
			best=$w
			cpu=$(awk "BEGIN{print $u + $s}")
			rss_kb=$m
		fi
	done
	wall=$best
}

posts=$("$folio" index --db "$tmp/count" "$tmp/corpus.jsonl" | awk '{print $1}')
rm -rf "$tmp/count"

measure full1 index --db @DB@ --threads 1 "$tmp/corpus.jsonl"
w1=$wall c1=$cpu r1=$rss_kb
measure full2 index --db @DB@ --threads 2 "$tmp/corpus.jsonl"
w2=$wall c2=$cpu r2=$rss_kb
measure rerun index --db @DB@ "$tmp/corpus.jsonl"
wr=$wall cr=$cpu rr=$rss_kb

awk -v p="$posts" -v w1="$w1" -v w2="$w2" -v wr="$wr" -v c1="$c1" -v c2="$c2" \
	-v cr="$cr" -v r1="$r1" -v r2="$r2" -v rr="$rr" -v corpus="$corpus" 'BEGIN {
	printf "corpus: %s (%d posts), best of the runs\n", corpus, p
	printf "%-26s %8s %10s %9s %10s\n", "run", "wall s", "posts/s", "CPU s", "peak RSS"
	printf "%-26s %8.2f %10.0f %9.2f %7.0f MiB\n", "full build, 1 thread", w1, p / w1, c1, r1 / 1024
	printf "%-26s %8.2f %10.0f %9.2f %7.0f MiB\n", "full build, 2 threads", w2, p / w2, c2, r2 / 1024
	printf "%-26s %8.2f %10s %9.2f %7.0f MiB\n", "re-run, corpus unchanged", wr, "-", cr, rr / 1024
	printf "scaling 1 -> 2 threads: speed-up %.2fx, efficiency %.0f%%\n", w1 / w2, 100 * w1 / (2 * w2)
	printf "re-run / full build (1 thread): %.3f; (2 threads): %.3f\n", wr / w1, wr / w2
}'
