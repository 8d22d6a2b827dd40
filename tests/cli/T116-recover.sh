# T116-recover.sh: getting a good index back from a damaged one. Every
# message about damage names one command, folio index --rebuild, and that
# command works: it builds a new generation from the corpus without
# reading the damaged one, says so in a warning, keeps the damaged
# generation as it was, and takes what it can still read from it.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/c" "$TMP/half"
posts_jsonl 1 50 >"$TMP/c/base.jsonl"
posts_jsonl 51 60 >"$TMP/c/more.jsonl"
cp "$TMP/c/base.jsonl" "$TMP/half/"
"$FOLIO" index --db "$TMP/i" "$TMP/c" >/dev/null
gen=$(ls "$TMP/i" | grep '^gen-')
next=gen-$((${gen#gen-} + 1))

# sums DIR: a fingerprint of every file under DIR.
sums() { (cd "$1" && find . -type f -exec md5sum {} + | sort -k 2); }

# Xapian's own words (its class and the block it read) are not ours to
# pin; the file folio names and what it says around it are.
xapian_text() {
	sed -E -e 's/: Database[A-Za-z]*Error: .*\), so the rebuild/: XAPIAN), so the rebuild/' \
		-e 's/: Database[A-Za-z]*Error: [^;]*;/: XAPIAN;/'
}

# damage DIR HOW: damage the copy DIR of the index as HOW says:
# TABLE-root (its root block overwritten, which every open reads),
# TABLE-lost (its file deleted) or iamglass-cut (the version file cut).
damage() {
	local d=$1 table=${2%-*} how=${2#*-} f root
	rm -rf "$d"
	cp -r "$TMP/i" "$d"
	f="$d/$gen/$table.glass"
	case $how in
	root)
		root=$(xapian-check "$f" | sed -n 's/.* root=\([0-9]*\).*/\1/p')
		python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(int(sys.argv[2]) * 8192); f.write(b"\xa5" * 8192)' "$f" "$root"
		;;
	lost) rm "$f" ;;
	cut) truncate -s 50 "$d/$gen/iamglass" ;;
	esac
}

# Damage that stops the index from opening: every command named it with
# "move the index aside and index again", folio check with "rebuild it
# with 'folio index --rebuild'", and that rebuild itself failed (exit 2)
# on the damaged generation it tried to read.
for kind in postlist-root termlist-root position-root docdata-root iamglass-cut; do
	d="$TMP/$kind"
	damage "$d" "$kind"
	f="$d/$gen/${kind%-*}.glass"
	[ "$kind" = iamglass-cut ] && f="$d/$gen/iamglass"
	# the corpus paths, as the language, are read from the posting
	# lists, whichever other table is damaged
	paths="PATH..."
	case $kind in termlist-* | position-* | docdata-*) paths="$TMP/c" ;; esac
	said="folio: index $d is damaged: $f: XAPIAN; rebuild it with: folio index --rebuild --db $d $paths"
	for cmd in check search index; do
		begin "$kind: folio $cmd names the rebuild"
		case $cmd in
		check) run "$FOLIO" check --db "$d"; code=1 ;;
		search) run "$FOLIO" search --db "$d" lattices; code=2 ;;
		index) run "$FOLIO" index --db "$d" "$TMP/c"; code=2 ;;
		esac
		want=$said
		[ "$cmd" = check ] &&
			want=${said/ is damaged: / is damaged: 1 problem, the first: }
		expect_eq "$code|$want" "$rc|$(xapian_text <<<"$err")"
	done
	before=$(sums "$d/$gen")
	# the language is read from the posting lists, whatever else is damaged
	lost=", in english, as its language could not be read either (--language names another)"
	case $kind in termlist-* | position-* | docdata-*) lost="" ;; esac
	begin "$kind: folio index --rebuild builds the index afresh from the corpus"
	run "$FOLIO" index --rebuild --db "$d" "$TMP/c"
	expect_eq "0|60 posts in 2 files: 60 added, 0 updated, 0 unchanged, 0 removed; 0 skipped; rebuilt|$d: warning: the index was damaged ($f: XAPIAN), so the rebuild did not read it: every post is from the corpus$lost; the damaged generation is kept, as it was, in $d/damaged-$gen (delete it when done with it)" \
		"$rc|$out|$(xapian_text <<<"$err")"
	begin "$kind: the rebuilt index is sound and found, the damaged one kept unmodified"
	run "$FOLIO" check --db "$d"
	expect_eq "0|$d: sound (60 posts, no problems found)|$(ls "$d" | grep gen | tr '\n' ' ')|$before|60 posts match" \
		"$rc|$out|damaged-$gen $next |$(sums "$d/damaged-$gen")|$("$FOLIO" search --db "$d" --limit 0 '"quokkas, lattices"')"
done

# A table cut short fails every open of the generation, a reader's too,
# and the rebuild was made in english, not in the language the index
# records in its posting lists, which were whole; so was a sharded one.
cat >"$TMP/fr.jsonl" <<'EOF'
{"url": "https://example.fr/a", "title": "Les chevaux courent", "summary": "Des chevaux et des moteurs."}
{"url": "https://example.fr/b", "title": "Un cheval", "summary": "Le cheval mange."}
EOF
for shards in 1 2; do
	d="$TMP/fr$shards"
	"$FOLIO" index --db "$d" --shards $shards --language french "$TMP/fr.jsonl" >/dev/null
	g=$(awk '{print $2}' "$d/XAPIANDB")
	t="$d/$g/termlist.glass"
	[ $shards = 2 ] && t="$d/$g/shard-0/termlist.glass" && : >"$d/$g/shard-0/postlist.glass"
	: >"$t"
	begin "a rebuild over a table cut short keeps the language ($shards shards)"
	run "$FOLIO" index --rebuild --db "$d" "$TMP/fr.jsonl"
	expect_eq "0|$d: warning: the index was damaged ($t: XAPIAN), so the rebuild did not read it: every post is from the corpus; the damaged generation is kept, as it was, in $d/damaged-$g (delete it when done with it)|french|2 posts match" \
		"$rc|$(xapian_text <<<"$err")|$("$FOLIO" stats --db "$d" | sed -n 's/^language *//p')|$("$FOLIO" search --db "$d" --limit 0 cheval)"
done

# A rebuild names another language where the damaged one's is unknown.
damage "$TMP/lang" postlist-root
begin "a rebuild over a damaged index in the language it names"
run "$FOLIO" index --rebuild --language none --db "$TMP/lang" "$TMP/c"
expect_eq "0|$TMP/lang: warning: the index was damaged ($TMP/lang/$gen/postlist.glass: XAPIAN), so the rebuild did not read it: every post is from the corpus; the damaged generation is kept, as it was, in $TMP/lang/damaged-$gen (delete it when done with it)|none" \
	"$rc|$(xapian_text <<<"$err")|$("$FOLIO" stats --db "$TMP/lang" | sed -n 's/^language *//p')"

# Posts the rebuild would carry over (--no-delete, or a file skipped)
# cannot come from a generation that cannot be read: said, not silent.
damage "$TMP/nd" postlist-root
begin "a --no-delete rebuild over an unreadable generation says what it lacks"
run "$FOLIO" index --rebuild --no-delete --db "$TMP/nd" "$TMP/half"
expect_eq "0|50 posts in 1 file: 50 added, 0 updated, 0 unchanged, 0 removed; 0 skipped; rebuilt|$TMP/nd: warning: the index was damaged ($TMP/nd/$gen/postlist.glass: XAPIAN), so the rebuild did not read it: every post is from the corpus, in english, as its language could not be read either (--language names another); the posts it held that this run did not read (--no-delete) could not be carried over from it, so the index lacks them; the damaged generation is kept, as it was, in $TMP/nd/damaged-$gen (delete it when done with it)|50" \
	"$rc|$out|$(xapian_text <<<"$err")|$("$FOLIO" search --db "$TMP/nd" --limit 0 quokkas | cut -d' ' -f1)"
damage "$TMP/sk" postlist-root
mkdir -p "$TMP/skip"
cp "$TMP/c/base.jsonl" "$TMP/skip/"
{ echo '{"url": "https://example.com/p51", "title": '; } >"$TMP/skip/more.jsonl"
begin "so does one where a file was skipped, exit 1"
run "$FOLIO" index --rebuild --db "$TMP/sk" "$TMP/skip"
expect_eq "1|the posts it held that this run did not read (what was skipped) could not be carried over from it, so the index lacks them|50" \
	"$rc|$(grep -o 'the posts it held[^;]*' <<<"$err")|$("$FOLIO" search --db "$TMP/sk" --limit 0 quokkas | cut -d' ' -f1)"

# Damage in a block no open reads (the last of a table, a leaf) needs
# tables of more than a few blocks.
mkdir -p "$TMP/big" "$TMP/bighalf"
posts_jsonl 1 3000 >"$TMP/big/posts.jsonl"
posts_jsonl 1 1500 >"$TMP/bighalf/posts.jsonl"
"$FOLIO" index --db "$TMP/b" "$TMP/big" >/dev/null
bgen=$(ls "$TMP/b" | grep '^gen-')
leaf() {
	rm -rf "$1"
	cp -r "$TMP/b" "$1"
	python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(-8192, 2); f.write(b"\xa5" * 8192)' "$1/$bgen/$2.glass"
}

# The stored posts: a --no-delete rebuild failed on the first post it
# carried over from the damaged leaf; now it carries over every post it
# can read, and says how many it could not.
d="$TMP/leaf"
leaf "$d" docdata
before=$(sums "$d/$bgen")
begin "a rebuild carries over what a damaged table still gives, and says what not"
run "$FOLIO" index --rebuild --no-delete --db "$d" "$TMP/bighalf"
lost=$(grep -o 'warning: [0-9]* posts\? no longer' <<<"$err" | awk '{print $2}')
expect_eq "0|$d: warning: N posts no longer in the corpus could not be carried over, as the index is damaged ($d/$bgen/docdata.glass: XAPIAN): the index lacks them; the damaged generation is kept, as it was, in $d/damaged-$bgen (delete it when done with it)|$before|$((3000 - lost))|0" \
	"$rc|$(sed -E 's/warning: [0-9]+ posts?/warning: N posts/; s/: Database[A-Za-z]*Error: [^)]*\): the index lacks/: XAPIAN): the index lacks/' <<<"$err")|$(sums "$d/damaged-$bgen")|$("$FOLIO" stats --db "$d" | sed -n 's/^documents *//p')|$("$FOLIO" check --db "$d" >/dev/null; echo $?)"
begin "it lost some posts, not all: the test damages what it means to"
expect_eq "yes" "$([ "${lost:-0}" -gt 0 ] && [ "$lost" -lt 1500 ] && echo yes)"

# The terms and positions: a post whose terms cannot be read is analysed
# anew from its stored text, so nothing is lost, and its URL is read
# from there too.
for table in termlist position; do
	d="$TMP/leaf-$table"
	leaf "$d" "$table"
	begin "a rebuild carries over every post past a damaged $table leaf"
	run "$FOLIO" index --rebuild --no-delete --db "$d" "$TMP/bighalf"
	expect_eq "0|1500 posts in 1 file: 0 added, 0 updated, 1500 unchanged, 0 removed; 0 skipped; 1500 posts no longer in the corpus kept (--no-delete); rebuilt||3000|0|3000 posts match" \
		"$rc|$out|$err|$("$FOLIO" stats --db "$d" | sed -n 's/^documents *//p')|$("$FOLIO" check --db "$d" >/dev/null; echo $?)|$("$FOLIO" search --db "$d" --limit 0 '"quokkas, lattices"')"
done

# A lost position table: an incremental run succeeded over it (exit 0)
# and phrases silently matched no old post; only folio check said so.
# A lost termlist: folio similar failed with "FeatureUnavailableError:
# Database has no termlist", naming no index.
for table in position termlist; do
	d="$TMP/lost-$table"
	damage "$d" "$table-lost"
	said="folio: index $d is damaged: $d/$gen/$table.glass is missing; rebuild it with: folio index --rebuild --db $d $TMP/c"
	begin "a lost $table table: folio index refuses, naming it"
	run "$FOLIO" index --db "$d" "$TMP/c"
	expect_eq "2|$said" "$rc|$err"
	begin "a lost $table table: a phrase search says so"
	run "$FOLIO" search --db "$d" '"quokkas, lattices"'
	expect_eq "2|$said" "$rc|$err"
	begin "a lost $table table: folio similar says so"
	run "$FOLIO" similar --db "$d" https://example.com/p3
	expect_eq "2|$said" "$rc|$err"
	begin "a lost $table table: folio check says so, and the rebuild mends it"
	run "$FOLIO" check --db "$d"
	check="$rc|$err"
	run "$FOLIO" index --rebuild --db "$d" "$TMP/c"
	expect_eq "1|folio: index $d is damaged: 1 problem, the first: $d/$gen/$table.glass is missing (Xapian takes it for an empty table); rebuild it with: folio index --rebuild --db $d $TMP/c|0|$d: warning: the index was damaged ($d/$gen/$table.glass is missing), so the rebuild did not read it: every post is from the corpus; the damaged generation is kept, as it was, in $d/damaged-$gen (delete it when done with it)|60 posts match" \
		"$check|$rc|$err|$("$FOLIO" search --db "$d" --limit 0 '"quokkas, lattices"')"
done

# A table damaged in a block no open reads: folio check says how to mend
# it with the same command as every other message, naming the corpus.
d="$TMP/termleaf"
leaf "$d" termlist
begin "folio check names the rebuild with the index's corpus"
run "$FOLIO" check --db "$d"
expect_eq "1|folio: index $d is damaged: 1 problem, the first: $d/$bgen/termlist.glass: XAPIAN; rebuild it with: folio index --rebuild --db $d $TMP/big" \
	"$rc|$(xapian_text <<<"$err")"

# An index named like an option (--dmg, given as --db=--dmg) was advised
# "folio index --rebuild --db --dmg ...", which is bad usage: --db needs a
# value. The advice attaches it, and that command mends the index.
damage "$TMP/--dmg" docdata-root
begin "the rebuild advice for an index named like an option is a command that mends it"
run env -C "$TMP" "$FOLIO" search --db=--dmg lattices
said=${err#*rebuild it with: folio }
expect_eq "2|folio index --rebuild --db=--dmg $TMP/c" "$rc|folio $said"
# shellcheck disable=SC2086 # the advice is split into words as a shell would
run env -C "$TMP" "$FOLIO" $said
expect_eq "0|60 posts in 2 files: 60 added, 0 updated, 0 unchanged, 0 removed; 0 skipped; rebuilt" "$rc|$out"

# A bare glass database (no stub, no generations) cannot be rebuilt in
# place: its damage keeps the advice that works there.
cp -r "$TMP/b/$bgen" "$TMP/bare"
python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(-8192, 2); f.write(b"\xa5" * 8192)' "$TMP/bare/termlist.glass"
begin "a damaged bare glass database is to be moved aside, not rebuilt"
run "$FOLIO" check --db "$TMP/bare"
expect_eq "1|folio: index $TMP/bare is damaged: 1 problem, the first: $TMP/bare/termlist.glass: XAPIAN; move the index aside and index again" \
	"$rc|$(xapian_text <<<"$err")"

# An index path that is a file: folio search advised "build one with:
# folio index --db FILE corpus/", which fails in turn.
echo text >"$TMP/afile"
begin "a search on a file gives no advice that cannot work"
run "$FOLIO" search --db "$TMP/afile" lattices
expect_eq "2|folio: $TMP/afile is not a folio index" "$rc|$err"
mkdir -p "$TMP/other"
echo text >"$TMP/other/notes.txt"
begin "nor on a directory of other files"
run "$FOLIO" search --db "$TMP/other" lattices
expect_eq "2|folio: $TMP/other is not a folio index" "$rc|$err"

# A directory of someone's files that looked like the debris of a killed
# creation (a build-* directory, a gen-1 of other files, beside dot
# files) was taken for an empty one: folio index deleted them as debris
# and made an index there.
mkdir -p "$TMP/mine/.git" "$TMP/mine/build-notes" "$TMP/mine2/gen-1"
echo plan >"$TMP/mine/build-notes/plan.txt"
echo photo >"$TMP/mine2/gen-1/photo.jpg"
posts_jsonl 1 3 >"$TMP/three.jsonl"
# A sync of the index directory that failed after the stub's rename
# made the build remove the generation the stub now named: every command
# then said the stub "names gen-N, which does not exist", and --rebuild
# too (qa-torture). A shim fails that one sync.
begin "a switch whose directory sync fails keeps the generation it named"
mkdir -p "$TMP/shim"
cat >"$TMP/shim/dirsync.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <string.h>
static int renamed;
int rename(const char *from, const char *to)
{
	int (*real)(const char *, const char *) =
	    (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
	size_t n = strlen(to);
	int rc = real(from, to);

	if (rc == 0 && n >= 9 && strcmp(to + n - 9, "/XAPIANDB") == 0)
		renamed = 1;
	return rc;
}
int fsync(int fd)
{
	int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");

	if (renamed == 1) {
		renamed = 2;
		errno = EIO;
		return -1;
	}
	return real(fd);
}
C
cc -shared -fPIC -o "$TMP/shim/dirsync.so" "$TMP/shim/dirsync.c" -ldl
"$FOLIO" index --db "$TMP/ds" "$TMP/c" >/dev/null
old=$(ls "$TMP/ds" | grep '^gen-')
LD_PRELOAD="$TMP/shim/dirsync.so" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	run "$FOLIO" index --db "$TMP/ds" --rebuild "$TMP/c"
new=$(sed -n 's/^glass //p' "$TMP/ds/XAPIANDB")
expect_eq "2|folio: $TMP/ds/XAPIANDB names $new now, but cannot be made to last a crash (syncing $TMP/ds: Input/output error)|$old $new|60" \
	"$rc|$err|$(ls "$TMP/ds" | grep '^gen-' | paste -sd' ')|$(total_of "$TMP/ds" lattices)"
# the next run removes the generation that no stub names
run "$FOLIO" index --db "$TMP/ds" "$TMP/c"
expect_eq "0|$new|0" "$rc|$(ls "$TMP/ds" | grep '^gen-' | paste -sd' ')|$("$FOLIO" check --db "$TMP/ds" >/dev/null; echo $?)"

begin "folio index deletes no build-* of someone's"
run "$FOLIO" index --db "$TMP/mine" "$TMP/three.jsonl"
expect_eq "2|folio: $TMP/mine is not a folio index|.git build-notes|plan" \
	"$rc|$err|$(ls -A "$TMP/mine" | tr '\n' ' ' | sed 's/ $//')|$(cat "$TMP/mine/build-notes/plan.txt")"
begin "nor a gen-1 of someone's files"
run "$FOLIO" index --db "$TMP/mine2" "$TMP/three.jsonl"
expect_eq "2|folio: $TMP/mine2 is not a folio index|photo" \
	"$rc|$err|$(cat "$TMP/mine2/gen-1/photo.jpg")"
# An index whose stub was deleted (by hand, or a copy that skipped it)
# was "not a folio index" to every command, with no word of what was
# missing or how to give it back; a sharded one's stub says "auto".
begin "an index that lost its stub says which line gives it back"
"$FOLIO" index --db "$TMP/nostub" "$TMP/c" >/dev/null
"$FOLIO" index --db "$TMP/nostub2" --shards 2 "$TMP/c" >/dev/null
g1=$(sed 's/^glass //' "$TMP/nostub/XAPIANDB")
g2=$(sed 's/^auto //' "$TMP/nostub2/XAPIANDB")
rm "$TMP/nostub/XAPIANDB" "$TMP/nostub2/XAPIANDB"
run "$FOLIO" search --db "$TMP/nostub" lattices
s="$rc|$err"
run "$FOLIO" index --db "$TMP/nostub2" "$TMP/c"
expect_eq "2|folio: $TMP/nostub is not a folio index: it holds $g1 but no XAPIANDB naming it; if that file was lost, echo 'glass $g1' >$TMP/nostub/XAPIANDB gives it back|2|folio: $TMP/nostub2 is not a folio index: it holds $g2 but no XAPIANDB naming it; if that file was lost, echo 'auto $g2' >$TMP/nostub2/XAPIANDB gives it back" \
	"$s|$rc|$err"
echo "glass $g1" >"$TMP/nostub/XAPIANDB"
expect_eq "60" "$(total_of "$TMP/nostub" lattices)"

# An index whose only generation, gen-1, holds posts and that lost its
# stub looked like the debris of a creation killed before its stub: "no index at DIR" and "build one with: folio index", which
# then failed saying "index DIR is damaged: index DIR has lost its stub"
# and "move the index aside". Every command now says it as for gen-2.
begin "an index that lost its stub beside gen-1 alone says which line gives it back"
"$FOLIO" index --db "$TMP/g1" "$TMP/c" >/dev/null
mv "$TMP/g1/$(awk '{print $2}' "$TMP/g1/XAPIANDB")" "$TMP/g1/gen-1"
rm "$TMP/g1/XAPIANDB"
said="folio: $TMP/g1 is not a folio index: it holds gen-1 but no XAPIANDB naming it; if that file was lost, echo 'glass gen-1' >$TMP/g1/XAPIANDB gives it back"
all=""
for cmd in "search --db $TMP/g1 lattices" "check --db $TMP/g1" "stats --db $TMP/g1" \
	"index --db $TMP/g1 $TMP/c" "index --rebuild --db $TMP/g1 $TMP/c"; do
	run "$FOLIO" $cmd
	[ "$rc|$err" = "2|$said" ] || all="$all [$cmd] $rc|$err"
done
expect_eq "|gen-1" "$all|$(ls "$TMP/g1")"
begin "and the line it gives brings the index back"
echo 'glass gen-1' >"$TMP/g1/XAPIANDB"
expect_eq "60" "$(total_of "$TMP/g1" lattices)"

# A gen-1 alone whose posts were all removed, stub lost: the library
# takes it for a killed creation's debris ("no index at DIR", as for a
# directory never built), but the CLI looked for docdata.glass itself and
# took it for an index: a search left out "build one with", and a first
# --rebuild there said "rebuilt". Both now follow what the library says.
begin "a gen-1 that holds no post, stub lost, is no index: a search says how to build one"
mkdir -p "$TMP/nopost"
printf '# Empty\n\n## Articles\n' >"$TMP/nopost/empty.md"
"$FOLIO" index --db "$TMP/g0" "$TMP/c" >/dev/null
"$FOLIO" index --db "$TMP/g0" "$TMP/nopost" >/dev/null
mv "$TMP/g0/$(awk '{print $2}' "$TMP/g0/XAPIANDB")" "$TMP/g0/gen-1"
rm "$TMP/g0/XAPIANDB"
cp -r "$TMP/g0" "$TMP/g0b"
run "$FOLIO" search --db "$TMP/g0" lattices
expect_eq "2|folio: no index at $TMP/g0
folio: build one with: folio index --db $TMP/g0 corpus/" "$rc|$err"
begin "and a --rebuild there is a first run, not said to be rebuilt"
run "$FOLIO" index --rebuild --db "$TMP/g0b" "$TMP/c"
expect_eq "0|60 posts in 2 files: 60 added, 0 updated, 0 unchanged, 0 removed; 0 skipped" "$rc|$out"

begin "and a search there advises no folio index that would fail"
run "$FOLIO" search --db "$TMP/mine" lattices
expect_eq "2|folio: $TMP/mine is not a folio index" "$rc|$err"

# A part of an index written as if it were one: a generation took a
# second copy of posts its index already held, a shard posts of the
# other shard (search found them twice; folio check said "sound"), and an
# index made at gen-N or build-N inside an index was deleted, as debris,
# by that index's next run. Each is refused, naming the index to write,
# and nothing is written or created in it.
"$FOLIO" index --db "$TMP/whole" "$TMP/three.jsonl" >/dev/null
"$FOLIO" index --db "$TMP/sharded" --shards 2 "$TMP/three.jsonl" >/dev/null
posts_jsonl 1 5 >"$TMP/five.jsonl"
W=$(realpath "$TMP/whole") SH=$(realpath "$TMP/sharded")
wgen=$(awk '{print $2}' "$W/XAPIANDB") sgen=$(awk '{print $2}' "$SH/XAPIANDB")
files_of() { (cd "$1" && find . | sort | md5sum); }
before="$(files_of "$W")|$(files_of "$SH")"
# refused DIR WORDS: folio index --db DIR exits 2 with "folio: WORDS";
# otherwise DIR and what it did are added to $said.
refused() {
	run "$FOLIO" index --db "$1" "$TMP/five.jsonl"
	[ "$rc|$err" = "2|folio: $2" ] || said="$said [$1] $rc|$err"
}
top_of() { case $1 in "$SH"*) echo "$SH" ;; *) echo "$W" ;; esac; }
whole="(a generation, a shard or a replica's database, or where its writers build)"
begin "a generation, a shard, or an index where a writer builds is refused"
said=""
for part in "$W/$wgen" "$SH/$sgen" "$SH/$sgen/shard-1" "$W/gen-9" \
	"$W/build-77"; do
	top=$(top_of "$part")
	refused "$part" "$part is a part of the index $top $whole, which folio writes only as a whole: index $top"
done
expect_eq "" "$said"
begin "so is an index inside one of them, which would go with it"
for pair in "$W/$wgen/mine|$W/$wgen" "$SH/$sgen/shard-0/x|$SH/$sgen/shard-0" \
	"$W/gen-9/a/b|$W/gen-9" "$W/build-77/mine|$W/build-77" \
	"$W/sub/../$wgen/./q|$W/$wgen"; do
	inside=${pair%|*} part=${pair#*|}
	top=$(top_of "$inside")
	refused "$inside" "$inside is inside $part, a part of the index $top $whole, which its writers delete: make the index elsewhere"
done
expect_eq "" "$said"
begin "and nothing was written there"
expect_eq "$before|3|3" \
	"$(files_of "$W")|$(files_of "$SH")|$(total_of "$W" lattices)|$(total_of "$SH" lattices)"
begin "an index of its own inside an index's directory is still an index"
run "$FOLIO" index --db "$W/mine" "$TMP/five.jsonl"
"$FOLIO" index --db "$W" "$TMP/three.jsonl" >/dev/null
expect_eq "0|5" "$rc|$(total_of "$W/mine" lattices)"

finish
