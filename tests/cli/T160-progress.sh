#!/usr/bin/env bash
# T160-progress.sh: folio index shows a progress bar when stderr is a
# terminal (run under script(1), from bsdutils, on an 80-column pseudo
# terminal): one line redrawn in place, erased before the summary line and
# before each problem it reports; nothing when stderr is not a terminal;
# nothing with --quiet; with --progress, plain lines: each phase's first
# and last report, and one a second at most between them.
. "$(dirname "$0")/lib.sh"

posts_jsonl 1 3000 >"$TMP/posts.jsonl"

# on_tty CMD...: run CMD on a pseudo terminal of 80 columns; $out is all
# it wrote there (stdout and stderr, raw: carriage returns and all).
on_tty() {
	local cmd
	printf -v cmd '%q ' "$@"
	out=$(script -qec "stty cols 80 rows 24; exec $cmd" /dev/null </dev/null)
}

# frames: the lines drawn on the terminal, in order (each carriage return
# or newline starts one; blanks and backspaces dropped), with the rate,
# which depends on the machine's speed, cut out.
frames() {
	python3 -c '
import re, sys
for f in re.split(r"[\r\n]", sys.stdin.read()):
    f = re.sub(r"(  |, )[0-9]+ (posts|files)/s", "", f.replace("\b", "")).rstrip()
    if f:
        print(f)' <<<"$out"
}

# erased_before TEXT: "yes" when the last bar was blanked out (carriage
# return, spaces, carriage return) right before TEXT.
erased_before() {
	python3 -c '
import re, sys
print("yes" if re.search(r"\r +\r" + re.escape(sys.argv[1]), sys.stdin.read()) else "no")' \
		"$1" <<<"$out"
}

summary="3000 posts in 1 file: 3000 added, 0 updated, 0 unchanged, 0 removed; 0 skipped"

begin "on a terminal a bar shows each phase with done/total and percent"
on_tty "$FOLIO" index --db "$TMP/i1" --threads 1 "$TMP/posts.jsonl"
mapfile -t f < <(frames)
n=${#f[@]}
expect_eq "folio: reading   1 file
folio: indexing  [#########..................] 1000/3000  33%
folio: indexing  [###########################] 3000/3000 100%
folio: merging   [...........................]    0/3000   0%
folio: merging   [###########################] 3000/3000 100%
folio: switching [###########################] 3000/3000 100%
$summary" "$(printf '%s\n' "${f[0]}" "${f[1]}" "${f[@]:n-5}")"

begin "between them, the bar only ever shows 2000/3000"
others=$(printf '%s\n' "${f[@]:2:n-7}" | grep -vxF 'folio: indexing  [##################.........] 2000/3000  66%')
expect_eq "" "$others"

begin "the bar is erased before the summary line, which stands alone"
expect_eq "yes" "$(erased_before "$summary")"

begin "an incremental run shows its indexing bar too"
posts_jsonl 1 3000 v2 >"$TMP/posts.jsonl"
on_tty "$FOLIO" index --db "$TMP/i1" "$TMP/posts.jsonl"
mapfile -t f < <(frames)
expect_eq "folio: reading   1 file
folio: indexing  [#########..................] 1000/3000  33%
3000 posts in 1 file: 0 added, 3000 updated, 0 unchanged, 0 removed; 0 skipped" \
	"$(printf '%s\n' "${f[0]}" "${f[1]}" "${f[-1]}")"

begin "a problem found while the bar shows is printed on a line of its own"
printf '{"url": "https://example.com/ok", "title": "Fine", "summary": "A fine post."}\n{"url": "https://example.com/bad"}\n' >"$TMP/bad.jsonl"
on_tty "$FOLIO" index --db "$TMP/i2" "$TMP/posts.jsonl" "$TMP/bad.jsonl"
problem="$TMP/bad.jsonl:2: post has no title"
expect_eq "yes|$problem" "$(erased_before "$TMP/bad.jsonl:2:")|$(frames | grep -F "$TMP/bad.jsonl")"

begin "when stderr is not a terminal, nothing but the summary"
posts_jsonl 1 3000 >"$TMP/posts.jsonl"
run "$FOLIO" index --db "$TMP/i3" --threads 1 "$TMP/posts.jsonl"
expect_eq "0|$summary|" "$rc|$out|$err"

begin "on a terminal, --quiet shows no bar, only the summary"
on_tty "$FOLIO" index --db "$TMP/i4" --quiet "$TMP/posts.jsonl"
expect_eq "$summary" "$(frames)"

# (2000/3000 is written when a second has passed since 1000/3000)
begin "--progress writes plain lines, for logs: each phase's first and last"
run "$FOLIO" index --db "$TMP/i5" --threads 1 --progress "$TMP/posts.jsonl"
expect_eq "0|$summary|folio: reading 1 file
folio: indexing 1000/3000
folio: indexing 3000/3000
folio: merging 0/3000
folio: merging 3000/3000
folio: switching 3000/3000" "$rc|$out|$(grep -v '^folio: indexing 2000/3000$' <<<"$err")"

# The library reported every 1000 posts only: a phase of 1500 ended at
# 1000/1500, and one of fewer than 1000 posts was never shown.
begin "--progress writes the last count of a phase of no round number"
posts_jsonl 1 1500 >"$TMP/odd.jsonl"
run "$FOLIO" index --db "$TMP/odd" --threads 1 --progress "$TMP/odd.jsonl"
full=$(grep '^folio: indexing' <<<"$err")
posts_jsonl 1 1400 v2 >"$TMP/odd.jsonl"
run "$FOLIO" index --db "$TMP/odd" --progress "$TMP/odd.jsonl"
expect_eq "folio: indexing 1000/1500
folio: indexing 1500/1500|folio: indexing 1000/1400
folio: indexing 1400/1400
folio: removing 100/100" "$full|$(grep -E '^folio: (indexing|removing)' <<<"$err")"

# A report per file read wrote a line per file: 300 lines for 300 pages.
begin "--progress writes a line a second at most, and the phase's last count"
mkdir -p "$TMP/pages"
for i in $(seq 1 300); do
	printf '# T\n\n### [P %d](https://a.org/%d)\n\nText.\n' "$i" "$i" \
		>"$TMP/pages/p$i.md"
done
start=$(date +%s)
run "$FOLIO" index --db "$TMP/i8" --progress "$TMP/pages"
took=$(($(date +%s) - start))
reading=$(grep -c '^folio: reading ' <<<"$err")
expect_eq "0|folio: reading 1 file|folio: reading 300 files|yes" \
	"$rc|$(head -1 <<<"$err")|$(grep '^folio: reading ' <<<"$err" | tail -1)|$([ "$reading" -le $((took + 3)) ] && echo yes)"

begin "--progress on a terminal also writes plain lines"
on_tty "$FOLIO" index --db "$TMP/i6" --threads 1 --progress "$TMP/posts.jsonl"
expect_eq "folio: reading 1 file
folio: indexing 1000/3000" "$(frames | head -2)"

# on_tty_columns VALUE CMD...: on_tty, on a pseudo terminal that does not
# say its width, with COLUMNS=VALUE.
on_tty_columns() {
	local cmd
	printf -v cmd '%q ' "${@:2}"
	out=$(script -qec "stty cols 0 rows 0; COLUMNS=$(printf %q "$1") exec $cmd" /dev/null </dev/null)
}

# COLUMNS was read with atol: "12abc" drew a bar of 12 columns and "-5"
# was passed over, both without a word.
begin "where the terminal does not say its width, COLUMNS gives it, digits alone"
on_tty_columns 40 "$FOLIO" index --db "$TMP/c1" --threads 1 "$TMP/posts.jsonl"
# (39 columns leave too few for the bar itself: the numbers alone)
expect_eq "folio: reading   1 file
folio: indexing  1000/3000  33%" "$(frames | sed -n 1,2p)"
for value in 12abc -5 ' 40' +40; do
	on_tty_columns "$value" "$FOLIO" index --db "$TMP/c-$value" --threads 1 "$TMP/posts.jsonl"
	expect_eq "folio: warning: COLUMNS=\"$value\" is not a width (decimal digits alone, from 1): the progress bar is 80 columns wide
folio: reading   1 file
folio: indexing  [#########..................] 1000/3000  33%" "$(frames | sed -n 1,3p)"
done

begin "--progress and --quiet together are a usage error"
run "$FOLIO" index --db "$TMP/i7" --progress --quiet "$TMP/posts.jsonl"
expect_eq "2||folio: --progress and --quiet contradict each other|no" \
	"$rc|$out|$err|$([ -e "$TMP/i7" ] && echo yes || echo no)"

finish
