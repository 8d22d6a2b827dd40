# lib.sh: shared helpers for folio's CLI tests (sourced by tests/cli/T*.sh).
# Each test script runs the real folio binary ($FOLIO) against real indexes
# in a temporary directory, and ends with the line "N passed, N failed".
set -u

: "${FOLIO:?set FOLIO to the folio binary}"
: "${FOLIO_SOURCE_DIR:?set FOLIO_SOURCE_DIR to the source tree}"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/folio-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
unset FOLIO_INDEX NO_COLOR
passed=0
failed=0
current=""

# begin "what this subtest shows"
begin() { current=$1; }

pass() { passed=$((passed + 1)); echo "ok $current"; }
fail() {
	failed=$((failed + 1))
	echo "FAIL $current" >&2
	printf '  %s\n' "$@" >&2
}

# expect_eq EXPECTED ACTUAL
expect_eq() {
	if [ "$1" = "$2" ]; then pass; else
		fail "expected:" "$1" "actual:" "$2"
	fi
}

# run CMD...: run, capturing stdout in $out, stderr in $err, status in $rc.
run() {
	out=$("$@" 2>"$TMP/stderr") && rc=0 || rc=$?
	err=$(cat "$TMP/stderr")
}

# urls_of JSON: the hit URLs of a --json result, one per line.
urls_of() { python3 -c 'import json,sys; [print(h["url"]) for h in json.load(sys.stdin)["hits"]]' <<<"$1"; }

# Index corpus/ into $TMP/index once, for tests that only search.
sample_index() {
	"$FOLIO" index --db "$TMP/index" "$FOLIO_SOURCE_DIR/corpus" >/dev/null
}

finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
