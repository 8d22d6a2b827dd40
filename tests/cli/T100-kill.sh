# T100-kill.sh: folio index killed with SIGKILL at random moments (seeded:
# FOLIO_KILL_SEED, printed) during first builds, incremental runs and
# rebuilds. After every kill the index opens, answers, passes folio check
# and holds exactly the last committed state (these runs change fewer
# posts than one commit batch, so that is the state before or after the
# run, never a mix); the next run completes the work and removes the
# debris of the killed one.
. "$(dirname "$0")/lib.sh"

seed=${FOLIO_KILL_SEED:-20260521}
rounds=${FOLIO_KILL_ROUNDS:-12}
echo "seed $seed, $rounds rounds"
RANDOM=$seed

# V1: p1..p1500 ("v1"). V2: p1..p400 changed ("v2"), p401..p1200 as in
# V1, p1201..p1500 gone, p3001..p3100 new: 1300 posts, 400 saying v2.
mkdir -p "$TMP/V1" "$TMP/V2"
posts_jsonl 1 1500 v1 >"$TMP/V1/posts.jsonl"
{ posts_jsonl 1 400 v2; posts_jsonl 401 1200 v1; posts_jsonl 3001 3100 v1; } >"$TMP/V2/posts.jsonl"

# state DB: "<posts>/<posts saying v2>", or "none" when no index opens.
state() {
	local n v2
	n=$("$FOLIO" stats --db "$1" --json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["documents"])' 2>/dev/null) || { echo none; return; }
	v2=$("$FOLIO" search --db "$1" --json --limit 1 v2 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])' 2>/dev/null) || v2=err
	echo "$n/$v2"
}

bad=""
for round in $(seq "$rounds"); do
	db="$TMP/db$round"
	case $((round % 3)) in
	1) kind="first build"; before="none"; target=V1; after="1500/0"; args=() ;;
	2) kind="incremental run"; before="1500/0"; target=V2; after="1300/400"; args=() ;;
	0) kind="rebuild"; before="1300/400"; target=V1; after="1500/0"; args=(--rebuild) ;;
	esac
	case $kind in
	incremental*) "$FOLIO" index --db "$db" "$TMP/V1" >/dev/null ;;
	rebuild) "$FOLIO" index --db "$db" "$TMP/V2" >/dev/null ;;
	esac
	delay_ms=$((RANDOM % 1000))
	# killed from python, which reaps the run only when it asks: a run
	# that ended first is not killed. Killed from here, a run the shell
	# had already reaped left a pid that another process may have by
	# then (pids wrap at 32768 on a busy machine).
	python3 -c 'import subprocess, sys, time
run = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
time.sleep(int(sys.argv[1]) / 1000)
if run.poll() is None:
    run.kill()
run.wait()' "$delay_ms" "$FOLIO" index --db "$db" "${args[@]}" "$TMP/$target"

	now=$(state "$db")
	# A first build killed before the index existed leaves none, or an
	# empty index.
	if [ "$now" != "$before" ] && [ "$now" != "$after" ] &&
		! { [ "$before" = none ] && [ "$now" = "0/0" ]; }; then
		bad+="round $round ($kind, killed after ${delay_ms} ms): state $now, expected $before or $after; "
	fi
	if [ "$now" != none ] && ! "$FOLIO" check --db "$db" >/dev/null 2>"$TMP/check.err"; then
		bad+="round $round ($kind, ${delay_ms} ms): check failed: $(cat "$TMP/check.err"); "
	fi
	if ! "$FOLIO" index --db "$db" "$TMP/$target" >/dev/null 2>"$TMP/err"; then
		bad+="round $round ($kind, ${delay_ms} ms): the next run failed: $(cat "$TMP/err"); "
	fi
	again=$("$FOLIO" index --db "$db" "$TMP/$target" 2>&1)
	n=${after%/*}
	if [ "$(state "$db")" != "$after" ] ||
		[ "$again" != "$n posts in 1 file: 0 added, 0 updated, $n unchanged, 0 removed; 0 skipped" ] ||
		[ "$(ls "$db")" != "XAPIANDB
$(ls "$db" | grep '^gen-')" ] || [ "$(ls -d "$db"/gen-* | wc -l)" != 1 ]; then
		bad+="round $round ($kind, ${delay_ms} ms): not completed: $(state "$db"), $again, $(ls "$db" | tr '\n' ' '); "
	fi
	echo "round $round: $kind killed after $delay_ms ms: $now"
done

begin "every kill left the last committed state, sound, and the next run completed it"
expect_eq "" "$bad"

# A rebuild killed between renaming the stub and moving the "live" link
# (README, "Replicas") left the link naming the old generation, which the
# next run deleted as debris: the link then named nothing until the next
# rebuild, and xapian-replicate-server had nothing to publish. That state,
# made by hand: the stub names gen-3, the link still gen-2.
"$FOLIO" index --db "$TMP/lv" "$TMP/V1" >/dev/null
ln -s "$(awk '{print $2}' "$TMP/lv/XAPIANDB")" "$TMP/lv/live"
"$FOLIO" index --db "$TMP/lv" --rebuild "$TMP/V1" >/dev/null
old=$(readlink "$TMP/lv/live")
ln -sfn "gen-$(( ${old#gen-} - 1 ))" "$TMP/lv/live"
mkdir "$TMP/lv/$(readlink "$TMP/lv/live")"
begin "the next run points the live link at the live generation again"
"$FOLIO" index --db "$TMP/lv" "$TMP/V1" >/dev/null
expect_eq "$old|1500" "$(readlink "$TMP/lv/live")|$(ls "$TMP/lv/live/" >/dev/null && "$FOLIO" stats --db "$TMP/lv" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["documents"])')"

finish
