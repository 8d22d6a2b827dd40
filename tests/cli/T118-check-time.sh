# T118-check-time.sh: folio check's time limit. Xapian's checker can loop
# on damage; folio check, which runs it in a child process, waited for it
# forever. Here the checker really hangs: a library preloaded in front of
# Xapian's replaces Database::check_ with one that reports reaching the
# postlist table and then waits forever. The child must be stopped when
# its time is up, and the check end as an error (exit 2) that names the
# database and the table, not as damage: a loop cannot be told from a
# slow check of a large database.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/c" "$TMP/shim"
posts_jsonl 1 3 >"$TMP/c/base.jsonl"
"$FOLIO" index --threads 1 --db "$TMP/i" "$TMP/c" >/dev/null
gen=$(ls "$TMP/i" | grep '^gen-')

cat >"$TMP/shim/hang.cc" <<'CC'
#include <xapian.h>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <unistd.h>
size_t Xapian::Database::check_(const std::string *, int, int, std::ostream *out)
{
	if (FILE *f = std::fopen(std::getenv("HANG_PID"), "w")) {
		std::fprintf(f, "%ld\n", (long)getpid());
		std::fclose(f);
	}
	if (out)
		*out << "postlist:\n" << std::flush;
	for (;;)
		pause();
}
CC
c++ -shared -fPIC -o "$TMP/shim/hang.so" "$TMP/shim/hang.cc"

# hung ARGS...: folio check ARGS with the hanging checker; $secs is how
# long it took. A sanitized folio need not have its runtime first.
hung() {
	local t0=$SECONDS
	HANG_PID="$TMP/shim/pid" LD_PRELOAD="$TMP/shim/hang.so" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		run "$FOLIO" check --db "$TMP/i" "$@"
	secs=$((SECONDS - t0))
}

begin "a checker that hangs is stopped at the time limit, exit 2, naming the database and the table"
hung --time-limit 1
expect_eq "2||folio: Xapian's checker did not finish checking $TMP/i/$gen within 1 s (it was reading $TMP/i/$gen/postlist.glass) and was stopped: nothing is known (damage can make it loop; a large database on a slow disk may need a longer limit); --time-limit SECONDS raises it (default 600)|fast" \
	"$rc|$out|$err|$([ "$secs" -lt 10 ] && echo fast || echo "$secs s")"

begin "the hung child is killed, not left behind"
pid=$(cat "$TMP/shim/pid")
expect_eq "gone" "$(kill -0 "$pid" 2>/dev/null && echo "still running" || echo gone)"

begin "--time-limit takes whole seconds"
run "$FOLIO" check --db "$TMP/i" --time-limit 1.5
expect_eq "2||folio: --time-limit takes a whole number from 0 to 4294967, not \"1.5\"" "$rc|$out|$err"

begin "a checker within its limit is waited for as before"
run "$FOLIO" check --db "$TMP/i" --time-limit=60
expect_eq "0|$TMP/i: sound (3 posts, no problems found)|" "$rc|$out|$err"

finish
