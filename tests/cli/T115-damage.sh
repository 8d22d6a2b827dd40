# T115-damage.sh: an index directory damaged by a user, a disk or a
# crash. Every command that meets the damage says what is damaged, by
# its path, and what to do, with the exit status the manual gives, and a
# following folio index loses nothing: it refuses, leaving the files as
# they were.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/c"
posts_jsonl 1 50 >"$TMP/c/base.jsonl"
"$FOLIO" index --db "$TMP/i" "$TMP/c" >/dev/null
gen=$(ls "$TMP/i" | grep '^gen-')
aside="; move the index aside and index again"
# advice DIR: what every message on damage in DIR's generation says to do
# (T116 shows that it works); the corpus paths where the index can still
# tell them, else PATH...
advice() { echo "; rebuild it with: folio index --rebuild --db $1 ${2:-PATH...}"; }

# sums DIR: a fingerprint of every file under DIR, to show that a
# refused run changed nothing. The lock file is left out: a writer takes
# the lock before it finds the damage, and records itself there (lock.h).
sums() { (cd "$1" && find . -type f ! -name .folio-lock -exec md5sum {} + | sort -k 2); }

# xapian_text: Xapian's own words (its class and the block it read) are
# not ours to pin; the file folio names and what it says around it are.
xapian_text() { sed 's/: Database[A-Za-z]*Error: [^;]*;/: XAPIAN;/'; }

# refused LABEL DIR WANT COMMAND...: each COMMAND (search, stats,
# similar, check, index) run on DIR says WANT (Xapian's words aside) and
# exits with the status the manual gives, 1 for check and 2 for the
# rest; index changes no file. check, which checks what the open could
# not, counts its one problem, as it counts any.
refused() {
	local label=$1 dir=$2 want=$3 cmd code before
	local -a args
	shift 3
	before=$(sums "$dir")
	for cmd in "$@"; do
		case $cmd in
		search) args=(search lattices) ;;
		similar) args=(similar https://example.com/p3) ;;
		index) args=(index "$TMP/c") ;;
		*) args=("$cmd") ;;
		esac
		code=2 said=$want
		[ "$cmd" = check ] && code=1
		[ "$cmd" = check ] && [[ $want != *" 1 problem, the first: "* ]] &&
			said=${want/ is damaged: / is damaged: 1 problem, the first: }
		begin "$label: $cmd says so, exit $code"
		run "$FOLIO" "${args[@]}" --db "$dir"
		expect_eq "$code|$said|$before" \
			"$rc|$(xapian_text <<<"$err")|$(sums "$dir")"
	done
}
all="search stats similar check index"

# Each table kind, its root block overwritten (opening reads it) or the
# file cut short (a copy or a full disk): Xapian's error named a block
# ("EOF reading block 6"), not the file it is in. Where the posting lists
# are whole, the advice named PATH... though they record the corpus paths.
for table in postlist termlist position docdata; do
	for how in block cut; do
		d="$TMP/$table-$how"
		cp -r "$TMP/i" "$d"
		f="$d/$gen/$table.glass"
		if [ "$how" = block ]; then
			root=$(xapian-check "$f" | sed -n 's/.* root=\([0-9]*\).*/\1/p')
			python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(int(sys.argv[2]) * 8192); f.write(b"\xa5" * 8192)' "$f" "$root"
		else
			truncate -s $(($(stat -c %s "$f") / 2)) "$f"
		fi
		# the corpus paths are read from the posting lists alone
		paths=
		[ $table = postlist ] || paths=$TMP/c
		refused "$table table, $how damaged" "$d" \
			"folio: index $d is damaged: $f: XAPIAN$(advice "$d" $paths)" $all
	done
done

# A block the open does not read (a leaf of the posting lists) stops a
# search once it is reached: the message was Xapian's alone, without the
# index ("folio: DatabaseCorruptError: dir_end invalid in block 6").
d="$TMP/leaf"
cp -r "$TMP/i" "$d"
f="$d/$gen/postlist.glass"
python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(-8192, 2); f.write(b"\xa5" * 8192)' "$f"
refused "a damaged leaf of the posting lists" "$d" \
	"folio: index $d is damaged: $f: XAPIAN$(advice "$d" "$TMP/c")" search stats similar index

# The same leaf with a revision newer than the index's last commit (a
# block written after it, which no commit made): Xapian says "Block
# overwritten - run xapian-check on this database", and the message
# then gave two remedies, Xapian's and folio's rebuild. Xapian's
# diagnosis is kept, its advice left out, in every command's message and
# in folio check's list of problems.
d="$TMP/overwritten"
cp -r "$TMP/i" "$d"
f="$d/$gen/postlist.glass"
python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(-8192, 2); f.write(b"\xff" * 4)' "$f"
said="$f: DatabaseCorruptError: Block overwritten"
for cmd in search similar; do
	begin "a block newer than the last commit: $cmd says so, without Xapian's advice"
	case $cmd in
	search) run "$FOLIO" search lattices --db "$d" ;;
	similar) run "$FOLIO" similar https://example.com/p3 --db "$d" ;;
	esac
	expect_eq "2|folio: index $d is damaged: $said$(advice "$d" "$TMP/c")" "$rc|$err"
done
begin "a block newer than the last commit: check says so, without Xapian's advice"
run "$FOLIO" check --json --db "$d"
expect_eq "1|$said" "$rc|$(python3 -c 'import json,sys; print("\n".join(json.load(sys.stdin)["problems_list"]))' <<<"$out")"

# The leaf that holds what the index records (its format, language and
# corpus paths, kept with the posting lists as Xapian's metadata): the
# open reads it after Xapian's, and every command but index said
# Xapian's words alone, without the index, the file or what mends it
# ("folio: DatabaseCorruptError: dir_end invalid in block 4"). The
# corpus paths are in that leaf, so the rebuild names PATH...
d="$TMP/metadata"
cp -r "$TMP/i" "$d"
f="$d/$gen/postlist.glass"
leaf=$(xapian-check "$f" t | sed -n 's/^ *\[\([0-9]*\)\] .*\\x00\\xc0folio\..*/\1/p' | head -n 1)
python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(int(sys.argv[2]) * 8192); f.write(b"\xa5" * 8192)' "$f" "$leaf"
refused "the leaf of what the index records" "$d" \
	"folio: index $d is damaged: $f: XAPIAN$(advice "$d")" $all

# The same leaf with every entry of its directory (after the block's
# 11-byte header) pointing at its first item, which Xapian reads without
# an error: the format's key is not found, and every command said the
# index "records no format", of another kind, whose rebuild then kept
# nothing aside.
d="$TMP/nokeys"
cp -r "$TMP/i" "$d"
f="$d/$gen/postlist.glass"
python3 - "$f" "$leaf" <<'PY'
import sys
with open(sys.argv[1], "r+b") as f:
    at = int(sys.argv[2]) * 8192
    f.seek(at)
    block = bytearray(f.read(8192))
    dir_end = int.from_bytes(block[9:11], "big")
    for k in range(13, dir_end, 2):
        block[k:k + 2] = block[11:13]
    f.seek(at)
    f.write(block)
PY
refused "the keys of what the index records" "$d" \
	"folio: index $d is damaged: $f: XAPIAN$(advice "$d")" $all

# A post's termlist entry damaged in a small index (one termlist block,
# whose items are written from its end: the last 256 bytes hold post 1's):
# folio similar, which reads the post's terms, said Xapian's words alone,
# without the index or what to do: "folio: DocNotFoundError: No termlist
# for document 1" (the entry's key zeroed), "folio: DatabaseError: inflate
# failed (invalid bit length repeat)" (its compressed terms overwritten).
# It then said the index is damaged; it now reads no term list (the
# post's terms come from its stored record, T118), so it answers as on
# the intact index: these posts share every word but their numbers, so
# no post is like post 1 (exit 1, nothing printed). A URL that is not
# indexed is still no post.
mkdir -p "$TMP/c5"
posts_jsonl 1 5 >"$TMP/c5/base.jsonl"
"$FOLIO" index --db "$TMP/i5" "$TMP/c5" >/dev/null
gen5=$(ls "$TMP/i5" | grep '^gen-')
for spec in "key 7936 00 64" "terms 8000 ff 32"; do
	set -- $spec
	d="$TMP/termlist-$1"
	cp -r "$TMP/i5" "$d"
	f="$d/$gen5/termlist.glass"
	python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(int(sys.argv[2])); f.write(bytes.fromhex(sys.argv[3]) * int(sys.argv[4]))' "$f" "$2" "$3" "$4"
	begin "a termlist entry's $1 damaged: similar answers as on the intact index"
	run "$FOLIO" similar https://example.com/p1 --db "$TMP/i5"
	want="$rc|$out|$err"
	run "$FOLIO" similar https://example.com/p1 --db "$d"
	expect_eq "1||" "$want"
	expect_eq "$want" "$rc|$out|$err"
	begin "a termlist entry's $1 damaged: a URL not indexed is no post, exit 2"
	run "$FOLIO" similar https://example.com/p99 --db "$d"
	expect_eq "2|folio: no post with URL https://example.com/p99" "$rc|$err"
done

# A stub that names itself: Xapian followed it until the stack overflowed
# (a segmentation fault, status 139, in every command).
d="$TMP/self"
cp -r "$TMP/i" "$d"
echo "auto XAPIANDB" >"$d/XAPIANDB"
refused "a stub naming itself" "$d" \
	"folio: $d/XAPIANDB names $d/XAPIANDB, which is not a generation directory: the index is damaged; move the index aside and index again" $all

# A FIFO in the stub's place: opening it blocked every command until
# some process wrote to it, forever in cron. Each now says what is
# there, at once (timeout: a hang fails the test, exit 124).
d="$TMP/fifo"
cp -r "$TMP/i" "$d"
rm "$d/XAPIANDB"
mkfifo "$d/XAPIANDB"
for cmd in search stats check index "index --rebuild"; do
	begin "a FIFO in the stub's place: $cmd says so at once"
	code=2
	[ "$cmd" = check ] && code=1
	case $cmd in search) args=(search lattices) ;; index*) args=($cmd "$TMP/c") ;; *) args=("$cmd") ;; esac
	run timeout 10 "$FOLIO" "${args[@]}" --db "$d"
	expect_eq "$code|folio: $d/XAPIANDB is not a file (a FIFO, socket or device is in its place): the index is damaged$aside|XAPIANDB $gen " \
		"$rc|$err|$(ls "$d" | tr "\n" " ")"
done

# So did a sharded generation's stub that lists itself, for readers.
"$FOLIO" index --db "$TMP/sh" --shards 2 "$TMP/c" >/dev/null
sgen=$(ls "$TMP/sh" | grep '^gen-')
echo "auto XAPIANDB" >"$TMP/sh/$sgen/XAPIANDB"
refused "a shard stub listing itself" "$TMP/sh" \
	"folio: index $TMP/sh is damaged: a part of $TMP/sh/$sgen is missing (DatabaseNotFoundError: $TMP/sh/$sgen/XAPIANDB: no shard directory)$(advice "$TMP/sh")" $all

# The live generation deleted under a long-lived reader, the stub still
# naming it: the next query said only that Xapian lost a file
# ("not found": ".../iamglass: Failed to open glass revision file"), where
# a new search says the index is damaged and what to do.
d="$TMP/gone"
cp -r "$TMP/i" "$d"
mkfifo "$TMP/queries"
"$FOLIO" search --db "$d" --stdin --limit 1 <"$TMP/queries" >"$TMP/gone.out" 2>"$TMP/gone.err" &
reader=$!
exec 3>"$TMP/queries"
echo lattices >&3
for _ in $(seq 200); do [ -s "$TMP/gone.out" ] && break; sleep 0.05; done
rm -rf "${d:?}/$gen"
echo quokkas >&3
exec 3>&-
wait "$reader" && rc=0 || rc=$?
begin "a generation deleted under a reader: its next query says the index is damaged"
expect_eq "2|50|index corrupt|index $d is damaged: its stub names $d/$gen, which does not exist$aside" \
	"$rc|$(python3 -c 'import json,sys; a, b = [json.loads(l) for l in sys.stdin]; print(a["total"], b["error"], b["message"], sep="|")' <"$TMP/gone.out")"

# A table file deleted: it was "cannot open index D: ... (No such file
# or directory)", an I/O error, so folio check exited 2 (error), not 1
# (damaged), and nothing said what to do.
d="$TMP/lost-postlist"
cp -r "$TMP/i" "$d"
rm "$d/$gen/postlist.glass"
refused "a lost postlist file" "$d" \
	"folio: index $d is damaged: a part of $d/$gen is missing (DatabaseOpeningError: Couldn't open $d/$gen/postlist.glass read/write (No such file or directory))$(advice "$d")" index
refused "a lost postlist file" "$d" \
	"folio: index $d is damaged: a part of $d/$gen is missing (DatabaseOpeningError: Couldn't open $d/$gen/postlist.glass to read (No such file or directory))$(advice "$d")" search stats similar check
# A lost termlist file, which a reader takes for an empty table, is named
# as such by every command (by check as its checker names it).
d="$TMP/lost-termlist"
cp -r "$TMP/i" "$d"
rm "$d/$gen/termlist.glass"
refused "a lost termlist file" "$d" \
	"folio: index $d is damaged: $d/$gen/termlist.glass is missing$(advice "$d" "$TMP/c")" search stats similar index
refused "a lost termlist file" "$d" \
	"folio: index $d is damaged: 1 problem, the first: $d/$gen/termlist.glass is missing (Xapian takes it for an empty table)$(advice "$d" "$TMP/c")" check

# The version file (iamglass) cut short or emptied: the checker stops
# before any table, so no file was named ("cannot open index D:
# DatabaseCorruptError: Rev file root_info missing").
for size in 50 0; do
	d="$TMP/version-$size"
	cp -r "$TMP/i" "$d"
	truncate -s "$size" "$d/$gen/iamglass"
	refused "iamglass cut to $size bytes" "$d" \
		"folio: index $d is damaged: $d/$gen/iamglass: XAPIAN$(advice "$d")" $all
done

# An index path that is a symbolic link loop was reported by the first
# file read in it: "cannot read D/REMOTES" (search), "cannot open the
# lock file D/.folio-lock" (index).
ln -s loop "$TMP/loop"
for cmd in "search lattices" stats check "index $TMP/c"; do
	begin "an index path that loops: ${cmd%% *} names it, exit 2"
	run "$FOLIO" $cmd --db "$TMP/loop"
	expect_eq "2|folio: cannot open index $TMP/loop: Too many levels of symbolic links" "$rc|$err"
done

# Whether a message says what to do already was told by its words, which
# the index's own path may hold: named "...; rebuild it with ...", the
# damage in a writer's message was cut short at those words in its path
# ("index D is damaged: /tmp/d; rebuild it with: ..."), and named "...;
# move the index aside", folio check said what it found and nothing of
# what to do. Where the advice is written, it is recorded now.
for name in "d; rebuild it with: folio index --rebuild x" "c; move the index aside"; do
	d="$TMP/$name"
	cp -r "$TMP/i" "$d"
	f="$d/$gen/postlist.glass"
	python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(-8192, 2); f.write(b"\xa5" * 8192)' "$f"
	mend="; rebuild it with: folio index --rebuild --db '$d' $TMP/c"
	refused "an index named \"$name\", damaged" "$d" \
		"folio: index $d is damaged: $f: XAPIAN$mend" search stats similar index
	refused "an index named \"$name\", damaged" "$d" \
		"folio: index $d is damaged: 1 problem, the first: $f: XAPIAN$mend" check
	# the rebuild's warning named "the index was damaged (/tmp/d)"
	begin "an index named \"$name\", damaged: the rebuild's warning names the damage"
	run "$FOLIO" index --rebuild --db "$d" "$TMP/c"
	want="$d: warning: the index was damaged ($f: XAPIAN), so the rebuild did not read it"
	expect_eq "0|$want" "$rc|$(head -n 1 <<<"$err" | sed 's/: Database[A-Za-z]*Error: [^)]*)/: XAPIAN)/' | cut -c 1-${#want})"
done

# A writer's open of a generation Xapian cannot open salvaged its
# posting lists once for the advice's corpus paths and again for the
# rebuild's language (and once more for the open's first message): a
# stand-in directory and a Xapian open each. One salvage reads both.
begin "a damaged generation is salvaged once per open, for its paths and language"
mkdir -p "$TMP/shim"
cat >"$TMP/shim/salvage.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
char *mkdtemp(char *tmpl)
{
	char *(*real)(char *) = (char *(*)(char *))dlsym(RTLD_NEXT, "mkdtemp");
	FILE *log = getenv("SALVAGE_LOG") ? fopen(getenv("SALVAGE_LOG"), "a") : NULL;

	if (log && strstr(tmpl, "folio-salvage-"))
		fputs("salvage\n", log);
	if (log)
		fclose(log);
	return real(tmpl);
}
C
cc -shared -fPIC -o "$TMP/shim/salvage.so" "$TMP/shim/salvage.c" -ldl
"$FOLIO" index --db "$TMP/fr" --language french "$TMP/c" >/dev/null
d="$TMP/fr" g=$(sed 's/^glass //' "$TMP/fr/XAPIANDB")
truncate -s 100 "$d/$g/position.glass"
: >"$TMP/salvage.log"
SALVAGE_LOG="$TMP/salvage.log" LD_PRELOAD="$TMP/shim/salvage.so" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	run "$FOLIO" index --db "$d" "$TMP/c"
expect_eq "2|folio: index $d is damaged: $d/$g/position.glass: XAPIAN$(advice "$d" "$TMP/c")|1" \
	"$rc|$(xapian_text <<<"$err")|$(wc -l <"$TMP/salvage.log")"
begin "and the rebuild keeps the language that salvage read"
run "$FOLIO" index --rebuild --db "$d" "$TMP/c"
expect_eq "0|french" "$rc|$("$FOLIO" stats --db "$d" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["language"])')"

# A term list cut short past what an open reads: the nightly incremental
# run reads the posting lists alone, exits 0 and says nothing, run after
# run. The cron file's nightly line checks the index after it, so its log
# says so.
begin "the cron file's nightly line logs damage the incremental run cannot see"
posts_jsonl 1 3000 >"$TMP/cron.jsonl"
mkdir -p "$TMP/cronc" "$TMP/bin" && mv "$TMP/cron.jsonl" "$TMP/cronc/"
d="$TMP/cron"
"$FOLIO" index --db "$d" "$TMP/cronc" >/dev/null
g=$(sed 's/^glass //' "$d/XAPIANDB")
truncate -s $(($(stat -c %s "$d/$g/termlist.glass") / 2)) "$d/$g/termlist.glass"
printf '#!/bin/sh\ncat >"%s"\n' "$TMP/cron.log" >"$TMP/bin/logger"
ln -s "$FOLIO" "$TMP/bin/folio"
chmod +x "$TMP/bin/logger"
line=$(grep '^[^#].* 1-6 ' "$FOLIO_SOURCE_DIR/contrib/cron/folio-index" |
	cut -d' ' -f8- | sed "s|/srv/folio/index|$d|g; s|/srv/folio/corpus|$TMP/cronc|g")
PATH="$TMP/bin:$PATH" sh -c "$line"
expect_eq "3000 posts in 1 file: 0 added, 0 updated, 3000 unchanged, 0 removed; 0 skipped
exit status 0
folio: index $d is damaged: 1 problem, the first: $d/$g/termlist.glass: XAPIAN$(advice "$d" "$TMP/cronc")
check exit status 1" "$(xapian_text <"$TMP/cron.log")"

finish
