#!/usr/bin/env bash
# bench/shards.sh: query latency and throughput of the benchmark corpus as
# 1, 2 and 4 shards, searched locally (one process, shards combined by
# Xapian) and over loopback (each shard served by its own xapian-tcpsrv,
# the search combining remote shards), side by side in one run. Checks
# first that every layout returns the same rankings. Queries: the first
# NQ known-item queries (people's wording of a package synopsis, 3-8
# words, AND semantics) plus 28 one- and two-word queries with many hits.
# Usage: bench/shards.sh [CORPUS.jsonl[.gz]] [NQ] [ROUNDS]
set -euo pipefail
# a corpus given is from where the command was typed
corpus=$(realpath -m -- "${1:-/work/shared/data/debian-posts.jsonl.gz}")
[ -z "${FOLIO:-}" ] || FOLIO=$(realpath -m -- "$FOLIO")
cd "$(dirname "$0")/.."

nq=${2:-300}
rounds=${3:-3}
folio=${FOLIO:-build/folio}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/folio-shards.XXXXXX")
servers=""
trap 'for p in $servers; do kill -KILL -- -$p 2>/dev/null; done; rm -rf "$tmp"' EXIT

cc -O2 -std=c11 -Iinclude bench/shards-query.c -o "$tmp/q" -Lbuild -lfolio \
	-Wl,-rpath,"$PWD/build" -lpthread
case $corpus in
*.gz) zcat "$corpus" >"$tmp/corpus.jsonl" ;;
*) cp "$corpus" "$tmp/corpus.jsonl" ;;
esac
posts=$(wc -l <"$tmp/corpus.jsonl")
{
	printf '%s\n' library python server documentation "development files" \
		game font "perl module" kernel network utility "shared library" \
		"header files" client plugin emacs java ruby haskell rust \
		"debug symbols" transitional "dummy package" metapackage gnome qt \
		tex "xml parser"
	awk -F "\t" -v n="$nq" 'NR <= n { print $2 }' /work/shared/data/known-item/queries-dev.tsv
} >"$tmp/queries"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

echo "corpus: $corpus ($posts posts); $(wc -l <"$tmp/queries") queries x $rounds rounds"
echo "machine: $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for n in 1 2 4; do
	t0=$(date +%s.%N)
	"$folio" index --db "$tmp/s$n" --shards "$n" "$tmp/corpus.jsonl" >/dev/null
	printf "build %d shard(s): %.1f s\n" "$n" "$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$t0" "$(date +%s.%N)")"
done

# Same rankings everywhere (scores printed to 6 digits; api_shards.c
# compares them to 1e-9).
while read -r q; do
	a=$("$folio" search --db "$tmp/s1" --json --limit 20 $q | python3 -c 'import json,sys; print([(h["url"],h["score"]) for h in json.load(sys.stdin)["hits"]])')
	for n in 2 4; do
		b=$("$folio" search --db "$tmp/s$n" --json --limit 20 $q | python3 -c 'import json,sys; print([(h["url"],h["score"]) for h in json.load(sys.stdin)["hits"]])')
		[ "$a" = "$b" ] || { echo "RANKING DIFFERS: $n shards, query: $q"; exit 1; }
	done
done < <(sed -n 1,60p "$tmp/queries")
echo "rankings: identical for 1, 2 and 4 shards (first 60 queries, top 20)"

printf '\n%-26s %s\n' layout result
for n in 1 2 4; do
	for th in 1 2; do
		printf '%-26s ' "local, $n shard(s), ${th}T"
		"$tmp/q" --db "$tmp/s$n" --threads "$th" --rounds "$rounds" "$tmp/queries"
	done
done
for n in 1 2 4; do
	gen="$tmp/s$n/$(awk '{print $2}' "$tmp/s$n/XAPIANDB")"
	args=()
	if [ "$n" = 1 ]; then dbs=("$gen"); else dbs=("$gen"/shard-*); fi
	for d in "${dbs[@]}"; do
		p=$(free_port)
		setsid xapian-tcpsrv --quiet --interface 127.0.0.1 --port "$p" "$d" >/dev/null 2>&1 &
		servers="$servers $!"
		args+=(--remote "127.0.0.1:$p")
	done
	sleep 1
	for th in 1 2; do
		printf '%-26s ' "loopback, $n shard(s), ${th}T"
		"$tmp/q" "${args[@]}" --threads "$th" --rounds "$rounds" "$tmp/queries"
	done
	for p in $servers; do kill -KILL -- -"$p" 2>/dev/null || true; done
	servers=""
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
du -sh "$tmp"/s1 "$tmp"/s2 "$tmp"/s4 | sed 's|'"$tmp"'/||'
