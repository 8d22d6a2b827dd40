# T210-interrupt.sh: folio index stopped by a signal stops cleanly. A
# rebuild sent SIGTERM while it indexes (seen in its --progress lines,
# polled) exits 143, says the index is as it was, leaves no build-*
# directory, and the old generation still answers and passes folio check;
# the next rebuild completes. An incremental run sent SIGINT exits 130
# keeping exactly the batches it committed; a first run, into a new
# directory, says the index there holds no posts yet. A script that ran
# it stops with it on Ctrl-C (it dies of the signal once clean). A second
# signal kills a run stuck while it stops (here: blocked writing to a
# full stderr pipe). One sent while it waits (--wait) for another
# writer's lock stops the wait at once, says so, and --json still prints
# its object; so does one while the corpus paths are checked.
. "$(dirname "$0")/lib.sh"

posts_jsonl 1 500 v1 >"$TMP/old.jsonl"
posts_jsonl 1 40000 v2 >"$TMP/new.jsonl"

# start_index LOG ARGS...: folio index ARGS in the background, stderr to
# LOG, its pid in $pid; SIGINT as by default (a background job's is
# ignored, which folio index leaves so).
start_index() {
	local log=$1
	shift
	python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$FOLIO" index "$@" >"$TMP/out" 2>"$log" &
	pid=$!
}

# wait_for PATTERN LOG: until a line of LOG matches PATTERN (at most 120 s:
# sanitizer builds on a busy machine are slow); 1 if the run ended first.
wait_for() {
	for _ in $(seq 2400); do
		grep -Eq "$1" "$2" && return 0
		kill -0 "$pid" 2>/dev/null || { grep -Eq "$1" "$2"; return; }
		sleep 0.05
	done
	return 1
}

# stop_at PATTERN SIGNAL ARGS...: folio index --progress ARGS, sent SIGNAL
# once a progress line matches PATTERN; stderr in $TMP/err, the exit
# status in $rc.
stop_at() {
	local pattern=$1 sig=$2
	shift 2
	start_index "$TMP/err" --progress "$@"
	begin "the run reports ${pattern#^folio: } before it ends"
	if wait_for "$pattern" "$TMP/err"; then pass; else
		fail "no progress line matching $pattern:" "$(cat "$TMP/err")"
	fi
	signal_run "$sig"
	wait "$pid" && rc=0 || rc=$?
}

# signal_run SIGNAL: send it to the run in $pid if the run is still going.
# The shell reaps an ended child at once, and its pid may then be another
# process's (pids wrap at 32768 on a busy machine): never signal that.
signal_run() {
	kill -0 "$pid" 2>/dev/null && kill "-$1" "$pid"
}

# holding_lock DB: until the run in $pid has DB's lock file open, so that
# it is waiting for the lock with its handlers in (they go in before the
# open); 1 if it never did (120 s) or ended first.
holding_lock() {
	for _ in $(seq 2400); do
		ls -l "/proc/$pid/fd" 2>/dev/null | grep -q "$1/.folio-lock" && return 0
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.05
	done
	return 1
}

# ---- a rebuild stopped by SIGTERM -----------------------------------------
db="$TMP/rebuild"
"$FOLIO" index --db "$db" "$TMP/old.jsonl" >/dev/null
gen=$(ls "$db" | grep '^gen-')

stop_at '^folio: indexing ' TERM --db "$db" --rebuild --threads 2 "$TMP/new.jsonl"
begin "SIGTERM: exit status 143"
expect_eq 143 "$rc"
begin "it says the index is as it was, last"
expect_eq "folio: interrupted: $db is as it was before this run" "$(tail -n 1 "$TMP/err")"
begin "no build directory is left, and the live generation is the old one"
expect_eq "XAPIANDB $gen" "$(ls "$db" | tr '\n' ' ' | sed 's/ $//')"
begin "searches answer with the old content"
expect_eq "500 0 500" "$(total_of "$db" v1) $(total_of "$db" v2) $(count_of "$db")"
begin "folio check finds it sound"
run "$FOLIO" check --db "$db"
expect_eq "0 $db: sound (500 posts, no problems found)" "$rc $out"
begin "the next rebuild completes"
run "$FOLIO" index --db "$db" --rebuild "$TMP/new.jsonl"
expect_eq "0 40000 0" "$rc $(total_of "$db" v2) $(ls "$db" | grep -c '^build-')"

# ---- an incremental run stopped by SIGINT ----------------------------------
db="$TMP/sync"
"$FOLIO" index --db "$db" "$TMP/old.jsonl" >/dev/null
# past its first commit (5000 changes), before its last: --progress
# writes a line a second at most, so the first past 6000 and short of
# 40000 (the run takes seconds)
stop_at '^folio: indexing ([6-9][0-9]{3}|[1-3][0-9]{4})/40000$' INT --db "$db" "$TMP/new.jsonl"
begin "SIGINT: exit status 130"
expect_eq 130 "$rc"
# What it says it kept is what the index holds: whole batches of 5000
# changes (the first: the 500 old posts updated, 4500 added).
line=$(tail -n 1 "$TMP/err")
added=$(sed -n 's/.*committed (\([0-9]*\) added, \([0-9]*\) updated, 0 removed), not the rest; index again to finish$/\1/p' <<<"$line")
updated=$(sed -n 's/.*committed (\([0-9]*\) added, \([0-9]*\) updated, 0 removed), not the rest; index again to finish$/\2/p' <<<"$line")
begin "it says which batches it kept"
expect_eq "folio: interrupted: $db keeps the changes this run committed" "${line%% (*}"
begin "whole batches, the first one's 500 updates among them"
expect_eq "500 0" "${updated:-none} $(((${added:-1} + ${updated:-0}) % 5000))"
begin "the index holds exactly those"
expect_eq "$((500 + ${added:-0})) $((500 + ${added:-0})) 0" \
	"$(count_of "$db") $(total_of "$db" v2) $(total_of "$db" v1)"
begin "the next run finishes the work"
run "$FOLIO" index --db "$db" "$TMP/new.jsonl"
expect_eq "0 40000 posts in 1 file: $((39500 - ${added:-0})) added, 0 updated, $((500 + ${added:-0})) unchanged, 0 removed; 0 skipped" "$rc $out"

# ---- the first run into a new directory, stopped by SIGINT -------------------
# Its open made an empty index there: "as it was before this run" would
# be untrue (there was none), so it says that the index holds no posts.
db="$TMP/new"
stop_at '^folio: indexing ' INT --db "$db" --threads 2 "$TMP/new.jsonl"
begin "a first run stopped: exit status 130, an empty index, said so"
expect_eq "130 folio: interrupted: $db holds no posts yet: the run stopped before it added any; index again to fill it 0 0" \
	"$rc $(tail -n 1 "$TMP/err") $(count_of "$db") $(ls "$db" | grep -c '^build-')"
begin "the next run fills it"
run "$FOLIO" index --db "$db" "$TMP/new.jsonl"
expect_eq "0 40000" "$rc $(total_of "$db" v2)"

# ---- Ctrl-C stops the script that ran it, too --------------------------------
# Ctrl-C sends SIGINT to the terminal's whole foreground group: the shell
# of a script as well as folio index. The shell goes on with the script
# after a child that exited, even with 130, and stops only if the child
# died of the signal; so folio index, once clean, dies of it.
db="$TMP/script"
"$FOLIO" index --db "$db" "$TMP/old.jsonl" >/dev/null
: >"$TMP/script.err"
python3 -c 'import os, signal, sys
os.setsid()
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execv("/bin/bash", ["bash", "-c", sys.argv[1], "bash"] + sys.argv[2:])' \
	'"$1" index --progress --db "$2" --rebuild "$3" 2>"$4"; echo went on >"$5"' \
	"$FOLIO" "$db" "$TMP/new.jsonl" "$TMP/script.err" "$TMP/after" &
pid=$!
begin "the script's run reports indexing before it ends"
if wait_for '^folio: indexing ' "$TMP/script.err"; then pass; else
	fail "no progress line:" "$(cat "$TMP/script.err")"
fi
kill -INT -- "-$pid"
wait "$pid" && rc=0 || rc=$?
begin "the script stops with the run (status 130), not after it"
expect_eq "130 no" "$rc $([ -e "$TMP/after" ] && echo went on || echo no)"
begin "the run cleaned up first: the index as it was, no build directory"
expect_eq "folio: interrupted: $db is as it was before this run 500 0" \
	"$(tail -n 1 "$TMP/script.err") $(count_of "$db") $(ls "$db" | grep -c '^build-')"

# ---- a second signal kills a run stuck stopping ------------------------------
# 20000 malformed posts: a diagnostic line each, far more than a pipe
# holds, so the first pass blocks writing them to a pipe nobody reads; the
# first SIGTERM cannot end that write (SA_RESTART), the second kills.
db="$TMP/stuck"
"$FOLIO" index --db "$db" "$TMP/old.jsonl" >/dev/null
python3 -c 'for i in range(20000): print("{\"url\": \"https://example.com/bad%d\"}" % i)' >"$TMP/bad.jsonl"
mkfifo "$TMP/pipe"
exec 3<>"$TMP/pipe"
start_index "$TMP/pipe" --db "$db" "$TMP/bad.jsonl"
# bytes waiting in the pipe (64 KiB when full, as a rule)
queued() { python3 -c 'import fcntl, struct, termios
print(struct.unpack("i", fcntl.ioctl(3, termios.FIONREAD, b"\0\0\0\0"))[0])'; }
# blocked: the pipe holds a few KiB, the same for 5 looks in a row
last=0 same=0
for _ in $(seq 2400); do
	now=$(queued)
	if [ "$now" -ge 4096 ] && [ "$now" = "$last" ]; then
		same=$((same + 1))
		[ "$same" -ge 5 ] && break
	else
		same=0
	fi
	last=$now
	sleep 0.05
done
begin "the run is blocked on its full stderr"
expect_eq "5 yes" "$same $(kill -0 "$pid" 2>/dev/null && echo yes)"
signal_run TERM
sleep 0.5
begin "the first SIGTERM leaves it stopping"
expect_eq yes "$(kill -0 "$pid" 2>/dev/null && echo yes)"
signal_run TERM
wait "$pid" && rc=0 || rc=$?
exec 3>&-
begin "the second kills it: exit status 143, the index as it was"
expect_eq "143 500" "$rc $(count_of "$db")"

# ---- a signal while it waits for another writer's lock ------------------
# --wait blocks in the open, before any run: the signal must still stop
# it at once, saying so, and --json must still print its one object.
db="$TMP/waiting"
"$FOLIO" index --db "$db" "$TMP/old.jsonl" >/dev/null
python3 -c 'import fcntl, sys, time
f = open(sys.argv[1] + "/.folio-lock", "a")
fcntl.flock(f, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(600)' "$db" >"$TMP/held" &
holder=$!
for _ in $(seq 600); do grep -q held "$TMP/held" && break; sleep 0.05; done
start_index "$TMP/err" --db "$db" --wait --json "$TMP/new.jsonl"
# a fixed sleep here lost the race on a loaded machine: the SIGINT came
# while the wrapper above still ignored it, and the run went on to index
begin "a run waiting with --wait for the lock has the lock file open"
holding_lock "$db" && pass || fail "not waiting on $db/.folio-lock:" "$(cat "$TMP/err")"
sleep 0.2
begin "a run waiting with --wait for the lock is still waiting"
expect_eq "yes" "$(kill -0 "$pid" 2>/dev/null && echo yes)"
signal_run INT
wait "$pid" && rc=0 || rc=$?
kill "$holder"
wait "$holder" 2>/dev/null
begin "SIGINT stops the wait: status 130, saying nothing was indexed"
expect_eq "130 folio: interrupted while opening $db, before the run began: nothing was indexed" \
	"$rc $(cat "$TMP/err")"
begin "--json prints its one object, the interrupt its error"
expect_eq '{"problems": [], "error": "interrupted", "message": "interrupted while opening '"$db"', before the run began: nothing was indexed"}' \
	"$(cat "$TMP/out")"
begin "the index is as it was, and the next run finishes"
before="$(count_of "$db") $(total_of "$db" v2)"
run "$FOLIO" index --db "$db" "$TMP/new.jsonl"
expect_eq "500 0 0 40000" "$before $rc $(total_of "$db" v2)"

# ---- a signal while the corpus paths are checked --------------------------
# The check (a stat, which a lost network mount can hang) came before the
# handlers: a signal there killed folio without a word, and --json
# printed nothing. strace sends SIGTERM at the first system call that
# names the corpus path, which is that check's stat.
begin "a signal while the corpus paths are checked says so, and --json prints its object"
if command -v strace >/dev/null; then
	db="$TMP/checking"
	run strace -f -o /dev/null -P "$TMP/old.jsonl" \
		-e inject=all:signal=SIGTERM \
		"$FOLIO" index --db "$db" --json "$TMP/old.jsonl"
	m="interrupted while checking the corpus paths, before $db was opened: nothing was indexed"
	expect_eq "143|folio: $m|{\"problems\": [], \"error\": \"interrupted\", \"message\": \"$m\"}|no index" \
		"$rc|$err|$out|$([ -e "$db" ] && echo index || echo no index)"
else
	fail "strace is not installed (tools/setup installs it)"
fi

finish
