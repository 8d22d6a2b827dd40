# T117-check-crash.sh: damage that crashes Xapian 1.4.22's own checker
# (it reads past a buffer decoding a damaged term list: SIGSEGV, in
# xapian-check too). folio check, which exists to examine damaged indexes,
# reported nothing and died with status 139; it runs the checker in a
# child process, and reports the crash as damage in the table the checker
# was reading, with the usual advice and exit status 1.
. "$(dirname "$0")/lib.sh"

# A small index: its term lists fit in one leaf block, whose items are
# written from the block's end (post 1's term list last). One thread: a
# build's workers split the posts by URL, and their order is the layout.
mkdir -p "$TMP/c"
posts_jsonl 1 5 >"$TMP/c/base.jsonl"
"$FOLIO" index --threads 1 --db "$TMP/i" "$TMP/c" >/dev/null
gen=$(ls "$TMP/i" | grep '^gen-')
advice="; rebuild it with: folio index --rebuild --db"

# The term list table's one leaf, found by the checker rather than assumed
# at an offset. A layout of more blocks fails the first subtest: the
# damage must then be found again (32 zero bytes at offsets across the
# leaf, kept where folio check died before it checked in a child).
report=$(xapian-check "$TMP/i/$gen/termlist.glass")
begin "the term list table is one leaf block"
expect_eq "levels=0" "$(sed -n 's/.* \(levels=[0-9]*\) .*/\1/p' <<<"$report")"
root=$(sed -n 's/.* root=\([0-9]*\).*/\1/p' <<<"$report")

# damaged NAME BACK: a copy of the index with 32 zero bytes written BACK
# bytes before the end of the term list leaf. Whether Xapian's overread
# then crashes depends on what lies past its buffer: in a fresh process
# like folio check, unmapped memory.
damaged() {
	local d="$TMP/$1"
	cp -r "$TMP/i" "$d"
	python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek((int(sys.argv[2]) + 1) * 8192 - int(sys.argv[3])); f.write(bytes(32))' \
		"$d/$gen/termlist.glass" "$root" "$2"
}

# checked NAME: folio check on copy NAME, with AddressSanitizer's reports
# (if folio is built with it: tools/check's second build) in files, not on
# the stderr asserted. ASan catches the overread as it happens, in the
# child, and aborts it (abort_on_error=1): the child dies by SIGABRT, not
# SIGSEGV. $sig is the signal the message must name, and $asan says
# whether a report shows a read past a heap buffer in Xapian's checker.
checked() {
	rm -f "$TMP"/asan.*
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$TMP/asan" \
		run "$FOLIO" check --db "$TMP/$1"
	sig=SIGSEGV asan=none
	if ls "$TMP"/asan.* >/dev/null 2>&1; then
		sig=SIGABRT asan=other
		grep -q 'heap-buffer-overflow' "$TMP"/asan.* &&
			grep -q 'Xapian::Database::check' "$TMP"/asan.* &&
			asan=xapian
	fi
}

# Whether the overread crashes depends on the address-space layout, which
# differs from run to run: about 1 run in 100 reads mapped memory and
# reports the damage the checker then finds instead (Size of wdf out of
# range: exit 1 all the same). Each run below is tried up to 5 times for
# the crash; a run that does not crash must still exit 1, never die.
for back in 128 768; do
	damaged "t$back" "$back"
	d="$TMP/t$back"
	f="$d/$gen/termlist.glass"

	begin "$back bytes before the leaf's end: xapian-check itself dies by SIGSEGV"
	for _ in 1 2 3 4 5; do
		xapian-check "$d/$gen" >/dev/null 2>&1
		rc=$?
		[ "$rc" = 139 ] && break
	done
	expect_eq 139 "$rc"

	begin "$back bytes before the leaf's end: folio check reports the crash as damage, exit 1"
	others=""
	for _ in 1 2 3 4 5; do
		checked "t$back"
		case "$err" in *"checker crashed"*) break ;; esac
		others="$others$rc "
	done
	[ "$sig" = SIGABRT ] && want=xapian || want=none
	expect_eq "1||folio: index $d is damaged: 1 problem, the first: $f: Xapian's checker crashed reading this table ($sig)$advice $d $TMP/c|$want|" \
		"$rc|$out|$err|$asan|${others//1 /}"
done

# A library caller gets the same from folio_db_check with
# FOLIO_CHECK_ISOLATE (tests/api/api_damage.c); the intact index is
# still sound when checked in a child.
begin "the intact index checked in a child is sound"
run "$FOLIO" check --db "$TMP/i"
expect_eq "0|$TMP/i: sound (5 posts, no problems found)|" "$rc|$out|$err"

finish
