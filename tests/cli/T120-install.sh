#!/usr/bin/env bash
# T120-install.sh: folio as another program gets it. `cmake --install` of
# this build tree into a temporary prefix puts every piece in place; the
# shared library exports exactly the functions folio.h declares; the
# installed command runs from its prefix; examples/embed.c builds against
# the installed package with pkg-config and with CMake's find_package, on
# the shared and on the static library, and runs, and so does the README's
# example program; the prefix can be moved;
# the man page and the shell completions know every option the help lists.
. "$(dirname "$0")/lib.sh"

BUILD=$(dirname "$FOLIO")
SRC=$FOLIO_SOURCE_DIR
P=$TMP/prefix
[ -f "$BUILD/CMakeCache.txt" ] || { echo "no build tree at $BUILD" >&2; exit 1; }
libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:PATH=//p' "$BUILD/CMakeCache.txt")
version=$(sed -n 's/^#define FOLIO_VERSION_STRING "\(.*\)"$/\1/p' "$SRC/include/folio.h")
export PKG_CONFIG_PATH=$P/$libdir/pkgconfig
# A sanitized folio (cmake -DFOLIO_SANITIZE=ON) needs sanitized programs.
SAN=""
grep -q '^FOLIO_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt" && SAN="-fsanitize=address,undefined"
cc() { command cc $SAN "$@"; }
unset PKG_CONFIG_LIBDIR LD_LIBRARY_PATH CMAKE_PREFIX_PATH

# The output of examples/embed.c on its own two posts, for query $1.
expected_locking="1 match
1. Row locks in PostgreSQL (Heroku, 2019-12-19)
   https://example.com/locks
   Why an UPDATE waited for days on a [lock]."
expected_mxfp8="1 match
1. Training with MXFP8 (NVIDIA, -)
   https://example.com/mxfp8
   Block-scaled 8-bit floats on GB200."

begin "cmake --install puts every piece under the prefix"
run cmake --install "$BUILD" --prefix "$P"
missing=""
for f in "$libdir/libfolio.so.$version" "$libdir/libfolio.a" include/folio.h \
         bin/folio share/man/man1/folio.1 share/man/man3/folio.3 \
         share/bash-completion/completions/folio share/zsh/site-functions/_folio \
         "$libdir/pkgconfig/folio.pc" "$libdir/cmake/folio/folioConfig.cmake" \
         "$libdir/cmake/folio/folioConfigVersion.cmake" \
         "$libdir/cmake/folio/folioTargets.cmake"; do
	[ -f "$P/$f" ] || missing="$missing $f"
done
expect_eq "0:" "$rc:$missing"

begin "the shared library is versioned: SONAME libfolio.so.MAJOR, with links"
soname=$(readelf -d "$P/$libdir/libfolio.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
expect_eq "libfolio.so.${version%%.*} libfolio.so.$version libfolio.so.${version%%.*}" \
	"$soname $(readlink "$P/$libdir/libfolio.so.${version%%.*}") $(readlink "$P/$libdir/libfolio.so")"

begin "the shared library exports exactly the functions folio.h declares"
declared=$(grep -A1 '^FOLIO_EXTERN' "$SRC/include/folio.h" | grep -o 'folio_[a-z_]*(' |
	tr -d '(' | sort -u)
exported=$(nm -D --defined-only "$P/$libdir/libfolio.so" | awk '{print $3}' | sort -u)
expect_eq "$declared" "$exported"

# folio.h lets handles be used from several threads, and strerror may
# hand them one buffer (POSIX does not make it thread-safe): the library
# reads an errno's message with strerror_r alone (src/util/errstr.c).
begin "the library calls no strerror, which is not thread-safe"
expect_eq "" "$(nm -D --undefined-only "$P/$libdir/libfolio.so" | awk '{print $2}' | grep -E '^strerror(@|$)')"

# A program linking libfolio.a shares its global names: the bridge's C++
# helper classes (FacetSpy, ranked, ...) were global, so a program with
# its own class of that name broke the one-definition rule unwarned.
# (ASan adds an __odr_asan. marker for each of our globals; an
# unoptimised build keeps weak copies of the standard library's inline
# templates, std::allocator<fo_...> and placement new among them.)
begin "the static library's global names are folio's own"
others=$(nm --defined-only "$P/$libdir/libfolio.a" 2>/dev/null |
	awk '$2 ~ /^[TDRBVW]$/ { print $3 }' |
	grep -v -E '^(fo_|folio_|_ZN?K?[0-9]+fo_|DW\.ref\.|__odr_asan\.fo_)' |
	grep -v -E '^_ZZ?N?K?S[tabsiod]|^(_ZSt|_ZT[ISV]St|_ZN?K?9__gnu_cxx|_ZT[ISV]N9__gnu|_Z(nw|na|dl|da)[a-zA-Z_]*$)' |
	grep -v -E '^(_ZN?K?6Xapian|_ZT[ISV]N?6Xapian)' | sort -u | head -5)
expect_eq "" "$others"

# C89 and C++11 are the oldest a caller may build with; clang++'s
# -Wdocumentation reads the header's /** comments as Doxygen does, where
# an unknown command (a C escape such as \n written in prose) is a warning.
begin "folio.h compiles on its own as C89, C99 and C++11, with no warnings"
printf '#include <folio.h>\nint main(void) { return folio_version() == 0; }\n' >"$TMP/h.c"
cp "$TMP/h.c" "$TMP/h.cc"
rcs=""
for std in c89 c99; do
	run cc -std=$std -Wall -Wextra -Werror -pedantic -I"$P/include" -c "$TMP/h.c" -o "$TMP/h.o"
	rcs="$rcs $rc"
done
run c++ -std=c++11 -Wall -Wextra -Werror -pedantic -I"$P/include" -c "$TMP/h.cc" -o "$TMP/hh.o"
rcs="$rcs $rc"
if command -v clang++ >/dev/null; then
	run clang++ -std=c++11 -Wdocumentation -Wdocumentation-unknown-command \
		-Werror -I"$P/include" -c "$TMP/h.cc" -o "$TMP/hh.o"
	rcs="$rcs $rc"
	[ "$rc" -eq 0 ] || echo "$err" >&2
else
	rcs="$rcs 0"
fi
expect_eq " 0 0 0 0" "$rcs"

# folio_abort_handler_set puts the library's function in the C++
# runtime's terminate handler, which outlives the library: a host that
# dlopen()ed libfolio and dlclose()d it died of SIGSEGV in its next
# std::terminate, jumping into unmapped code, instead of ending as it
# would have (SIGABRT, with the runtime's message).
begin "a host that unloads libfolio after folio_abort_handler_set still ends in its own terminate"
cat >"$TMP/unload.cc" <<'CC'
#include <dlfcn.h>
#include <folio.h>
#include <cstdio>
#include <exception>
int main(int argc, char **argv)
{
	void *lib = argc == 2 ? dlopen(argv[1], RTLD_NOW | RTLD_LOCAL) : NULL;
	if (!lib) {
		std::fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	void *set = dlsym(lib, "folio_abort_handler_set");
	if (!set)
		return 1;
	reinterpret_cast<void (*)(folio_abort_fn, void *)>(set)(NULL, NULL);
	dlclose(lib);
	std::terminate();
}
CC
run c++ $SAN -Wall -Wextra -Werror -I"$P/include" -o "$TMP/unload" "$TMP/unload.cc" -ldl
unload_cc=$rc
[ "$rc" -eq 0 ] || echo "$err" >&2
run "$TMP/unload" "$P/$libdir/libfolio.so.${version%%.*}"
expect_eq "0 134 terminate called without an active exception" "$unload_cc $rc $err"

begin "the installed command finds its library through its run path"
run "$P/bin/folio" --version
v=$out
run "$P/bin/folio" index --db "$TMP/cli-index" "$SRC/corpus"
"$P/bin/folio" search --db "$TMP/cli-index" --json MXFP8 >"$TMP/hits.json"
expect_eq "folio $version 0 2" "$v $rc $(python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])' <"$TMP/hits.json")"

begin "pkg-config reports the version and the flags, static ones included"
run pkg-config --modversion folio
mv=$out
libs=$(pkg-config --libs folio)
static=$(pkg-config --libs --static folio)
ok=yes
case " $libs " in *" -lfolio "*) ;; *) ok="no -lfolio in: $libs" ;; esac
# -pthread: the static library links Threads::Threads in CMake (it was
# missing, though with glibc 2.34 on it adds no library)
for l in -lstemmer -lstdc++ -lxapian -lutf8proc -lm -pthread; do
	case " $static " in *" $l "*) ;; *) ok="no $l in: $static" ;; esac
done
expect_eq "$version yes" "$mv $ok"

begin "examples/embed.c builds with pkg-config and runs on libfolio.so"
cp "$SRC/examples/embed.c" "$TMP/embed.c"
run cc -Wall -Wextra -Werror -o "$TMP/embed-pc" "$TMP/embed.c" \
	$(pkg-config --cflags --libs folio) -Wl,-rpath,"$(pkg-config --variable=libdir folio)"
run "$TMP/embed-pc" "$TMP/idx-pc"
expect_eq "0 $expected_locking" "$rc $out"

# libxapian 1.4.22 frees a table through a pointer of a smaller type in
# Database::check: a host built with AddressSanitizer died in
# folio_db_check, even on a sound index, and nothing said what to do. The
# README and folio.3 now give the option it runs with.
begin "a program built with AddressSanitizer checks an index when run with the ASAN_OPTIONS the docs give"
cat >"$TMP/asan.c" <<'C'
#include <folio.h>
#include <stdio.h>
int main(int argc, char **argv)
{
	folio_db *db = NULL;
	folio_check_options opts = FOLIO_CHECK_OPTIONS_INIT;
	uint64_t problems = 1;
	folio_status st = argc == 2 ? folio_db_open(argv[1], NULL, &db, NULL)
	                            : FOLIO_ERROR_INVALID;
	if (st == FOLIO_OK)
		st = folio_db_check(db, &opts, &problems);
	printf("%s, %llu problems\n", folio_status_string(st),
	       (unsigned long long)problems);
	folio_db_close(db);
	return st != FOLIO_OK;
}
C
run cc -fsanitize=address -Wall -Wextra -Werror -o "$TMP/asan" "$TMP/asan.c" \
	$(pkg-config --cflags --libs folio) -Wl,-rpath,"$(pkg-config --variable=libdir folio)"
asan_cc=$rc
[ "$rc" -eq 0 ] || echo "$err" >&2
asan_opts=$(grep -o 'ASAN_OPTIONS=[a-z_]*=0' "$SRC/README.md" | head -1)
run env "$asan_opts" "$TMP/asan" "$TMP/cli-index"
expect_eq "0 ASAN_OPTIONS=new_delete_type_mismatch=0 0 success, 0 problems" "$asan_cc $asan_opts $rc $out"

begin "the README's example program builds with pkg-config and runs"
mkdir -p "$TMP/readme"
awk '/^## Embedding folio/ { on = 1 } on && /^```c$/ { grab = 1; next }
     grab && /^```$/ { exit } grab' "$SRC/README.md" >"$TMP/readme/app.c"
run cc -Wall -Wextra -Werror -o "$TMP/readme/app" "$TMP/readme/app.c" \
	$(pkg-config --cflags --libs folio) -Wl,-rpath,"$(pkg-config --variable=libdir folio)"
cc_rc=$rc
[ "$rc" -eq 0 ] || echo "$err" >&2
run bash -c 'cd "$1" && ./app' _ "$TMP/readme"
expect_eq "0 0 1. Row locks in PostgreSQL (https://example.com/p1)
   Why an UPDATE waited for days on a lock.:yes" "$cc_rc $rc $out:$([ -d "$TMP/readme/my-index" ] && echo yes)"

begin "examples/Makefile builds both variants; the static one needs no libfolio.so"
rm -rf "$TMP/mk" && mkdir "$TMP/mk" && cp "$SRC/examples/embed.c" "$SRC/examples/Makefile" "$TMP/mk/"
run make -s -C "$TMP/mk" CC="cc $SAN" CFLAGS="-O2 -Wall -Wextra -Werror"
mk=$rc
run "$TMP/mk/embed_static" "$TMP/idx-mk" MXFP8
needs=$(readelf -d "$TMP/mk/embed_static" | grep -c 'NEEDED.*libfolio')
expect_eq "0 0 0 $expected_mxfp8" "$mk $needs $rc $out"

begin "examples/CMakeLists.txt finds folio with find_package: shared and static"
run cmake -S "$SRC/examples" -B "$TMP/ex" -DCMAKE_PREFIX_PATH="$P" -DCMAKE_BUILD_TYPE=Release \
	-DCMAKE_C_FLAGS="-Wall -Wextra -Werror $SAN" -DCMAKE_EXE_LINKER_FLAGS="$SAN"
cfg=$rc
[ "$rc" -eq 0 ] || echo "$out$err" >&2
run cmake --build "$TMP/ex"
bld=$rc
[ "$rc" -eq 0 ] || echo "$out$err" >&2
run "$TMP/ex/embed" "$TMP/idx-cm"
shared_out="$rc $out"
run "$TMP/ex/embed_static" "$TMP/idx-cm-static" MXFP8
needs=$(readelf -d "$TMP/ex/embed_static" | grep -c 'NEEDED.*libfolio')
expect_eq "0 0 0 $expected_locking|0 0 $expected_mxfp8" \
	"$cfg $bld $shared_out|$needs $rc $out"

begin "a C project that vendors folio (add_subdirectory) links the static library and keeps its build type"
# Configured only: the link line must name the C++ runtime, which the C
# compiler driver does not add (building would compile folio again).
mkdir -p "$TMP/vend"
printf 'cmake_minimum_required(VERSION 3.18)\nproject(vend LANGUAGES C)\nadd_subdirectory(%s folio)\nadd_executable(app %s/examples/embed.c)\ntarget_link_libraries(app PRIVATE folio::folio_static)\n' \
	"$SRC" "$SRC" >"$TMP/vend/CMakeLists.txt"
run cmake -S "$TMP/vend" -B "$TMP/vend/b" -DBUILD_TESTING=OFF
expect_eq "0|-lstdc++|" "$rc|$(grep -o -- '-lstdc++' "$TMP/vend/b/CMakeFiles/app.dir/link.txt" | head -1)|$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$TMP/vend/b/CMakeCache.txt")"

# Each library of the vendored program's link line (the static target's
# dependencies as CMake has them) is in pkg-config --static's flags.
begin "pkg-config --static names every library CMake's static target links"
seen="" missing=""
for t in $(sed 's/.* -o app //' "$TMP/vend/b/CMakeFiles/app.dir/link.txt"); do
	case $t in
	*/libfolio.a) continue ;;
	*/lib*.so* | */lib*.a)
		t=${t##*/lib}
		t=-l${t%%.*}
		;;
	-l* | -pthread) ;;
	*) continue ;;
	esac
	seen="$seen $t"
	case " $static " in *" $t "*) ;; *) missing="$missing $t" ;; esac
done
expect_eq "-lxapian|" "$(grep -o -- '-lxapian' <<<"$seen" | head -1)|$missing"

# The installed package's static target links threads, as the build's
# does (it named them only in the build tree), and leaves the caller's
# THREADS_PREFER_PTHREAD_FLAG as it was.
begin "find_package's folio::folio_static links Threads::Threads"
mkdir -p "$TMP/thr"
printf 'cmake_minimum_required(VERSION 3.18)\nproject(thr LANGUAGES C)\nfind_package(folio REQUIRED COMPONENTS static)\nget_target_property(l folio::folio_static INTERFACE_LINK_LIBRARIES)\nif(TARGET Threads::Threads)\n  set(t 1)\nendif()\nmessage(STATUS "links=${l} threads=${t} prefer=${THREADS_PREFER_PTHREAD_FLAG}.")\n' \
	>"$TMP/thr/CMakeLists.txt"
run cmake -S "$TMP/thr" -B "$TMP/thr/b" -DCMAKE_PREFIX_PATH="$P"
expect_eq "0|links=folio::xapian;stdc++;m;folio::utf8proc;folio::stemmer;Threads::Threads threads=1 prefer=." \
	"$rc|$(grep -o 'links=.*' <<<"$out")"

begin "find_package refuses an incompatible major version"
mkdir -p "$TMP/v"
printf 'cmake_minimum_required(VERSION 3.18)\nproject(v LANGUAGES C)\nfind_package(folio %s QUIET)\nmessage(STATUS "found=${folio_FOUND}")\n' \
	"$(( ${version%%.*} + 1 )).0" >"$TMP/v/CMakeLists.txt"
run cmake -S "$TMP/v" -B "$TMP/v/b" -DCMAKE_PREFIX_PATH="$P"
expect_eq "found=0" "$(grep -o 'found=[0-9A-Za-z]*' <<<"$out")"

begin "a moved prefix still works: pkg-config and CMake locate it from their own files"
mv "$P" "$TMP/moved"
export PKG_CONFIG_PATH=$TMP/moved/$libdir/pkgconfig
run cc -o "$TMP/embed-moved" "$TMP/embed.c" $(pkg-config --cflags --libs folio) \
	-Wl,-rpath,"$(pkg-config --variable=libdir folio)"
cc_rc=$rc
run "$TMP/embed-moved" "$TMP/idx-moved"
run_rc=$rc
run cmake -S "$SRC/examples" -B "$TMP/ex-moved" -DCMAKE_PREFIX_PATH="$TMP/moved" \
	-DCMAKE_C_FLAGS="$SAN" -DCMAKE_EXE_LINKER_FLAGS="$SAN"
cm_rc=$rc
run cmake --build "$TMP/ex-moved" --target embed
expect_eq "0 0 0 0" "$cc_rc $run_rc $cm_rc $rc"
mv "$TMP/moved" "$P"

# Options listed by `folio COMMAND --help`, one per line.
help_options() { "$FOLIO" "$@" --help | grep -o -- '--[a-z][a-z-]*' | sort -u; }
# The commands `folio --help` lists.
commands=$("$FOLIO" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')

begin "folio.1 documents every command and option the help lists; groff finds no problem"
undocumented=""
for cmd in $commands; do
	grep -q "^\.BI\? \"\?$cmd\b" "$SRC/doc/folio.1" || undocumented="$undocumented $cmd"
	for opt in $(help_options "$cmd"); do
		grep -qF -- "${opt//-/\\-}" "$SRC/doc/folio.1" ||
			undocumented="$undocumented $cmd:$opt"
	done
done
warnings=$(groff -man -ww -z "$SRC/doc/folio.1" 2>&1; groff -man -ww -z "$SRC/doc/folio.3" 2>&1)
expect_eq "index search stats check similar::" "$(echo $commands):$undocumented:$warnings"

# ".B text )." sets the ")" in bold after a space ("the last )."): a
# font macro whose last argument is punctuation alone meant .BR or .IR.
begin "no .B or .I line in the man pages ends in punctuation set apart"
set_apart='^\.[BI] ("[^"]*"|[A-Za-z_]+) [])}.,;:!?]+$'
expect_eq "" "$(grep -nE "$set_apart" "$SRC/doc/folio.1" "$SRC/doc/folio.3")"

begin "folio.3 documents every function and type folio.h declares"
names=$( (grep -o 'folio_[a-z_]*' "$SRC/include/folio.h"; grep -o 'FOLIO_[A-Z_]*' "$SRC/include/folio.h") |
	grep -vx 'FOLIO_H\|FOLIO_EXTERN' | sort -u)
absent=""
for n in $names; do
	grep -qwF -- "$n" "$SRC/doc/folio.3" || absent="$absent $n"
done
expect_eq "" "$absent"

begin "bash completion completes commands, each command's options and paths"
mkdir -p "$TMP/comp/sub" && touch "$TMP/comp/a.md" "$TMP/comp/b.jsonl" "$TMP/comp/c.txt"
comp=$(cd "$TMP/comp" && bash -c '
	source "$1/completions/folio.bash"
	t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
	      _folio; printf "%s\n" "${COMPREPLY[*]}"; }
	t folio se; t folio index --w; t folio index --language engl; t folio index ""
	t folio search --db x --l; t folio si; t folio search --so; t folio similar --sort n' _ "$SRC")
expect_eq "search
--wait
english
sub a.md b.jsonl
--limit
similar
--sort
newest" "$comp"

begin "folio help COMMAND completes the commands in bash and in zsh alike"
bash_help=$(bash -c 'source "$1/completions/folio.bash"; COMP_WORDS=(folio help ""); COMP_CWORD=2
	COMPREPLY=(); _folio; printf "%s\n" "${COMPREPLY[*]}"' _ "$SRC")
zsh_help=$(sed -n '/^\thelp)$/,/;;/p' "$SRC/completions/_folio" | grep -o '1:command:([a-z ]*)')
expect_eq "index search similar stats check|1:command:(index search similar stats check)" "$bash_help|$zsh_help"

begin "bash and zsh completions offer every command, option and language the help lists"
unoffered=""
for cmd in $commands; do
	grep -q -- "compgen -W '[a-z ]*\\b$cmd\\b" "$SRC/completions/folio.bash" ||
		unoffered="$unoffered bash:$cmd"
	grep -q -- "$cmd\\\\:" "$SRC/completions/_folio" || unoffered="$unoffered zsh:$cmd"
	for opt in $(help_options "$cmd"); do
		grep -q -- "$opt" "$SRC/completions/folio.bash" || unoffered="$unoffered bash:$cmd:$opt"
		grep -q -- "$opt" "$SRC/completions/_folio" || unoffered="$unoffered zsh:$cmd:$opt"
	done
done
# The languages are libstemmer's, which folio index --help lists from
# the library; the completions, which cannot ask it, list them too.
help_langs=$("$FOLIO" index --help | sed -n '/^languages (--language):/,$p' |
	sed 's/^languages (--language)://' | tr -s ' \n' '\n' | grep . | sort)
bash_langs=$(bash -c 'source "$1/completions/folio.bash"; COMP_WORDS=(folio index --language ""); COMP_CWORD=3
	COMPREPLY=(); _folio; printf "%s\n" "${COMPREPLY[@]}"' _ "$SRC" | sort)
zsh_langs=$(sed -n '/^languages=(/,/)$/p' "$SRC/completions/_folio" | sed 's/^languages=(//; s/)$//' |
	tr -s ' \t\n' '\n' | grep . | sort)
[ "$help_langs" = "$bash_langs" ] || unoffered="$unoffered bash:languages"
[ "$help_langs" = "$zsh_langs" ] || unoffered="$unoffered zsh:languages"
[ "$(wc -l <<<"$help_langs")" -gt 2 ] || unoffered="$unoffered help:languages"
zsh_syntax=ok
if command -v zsh >/dev/null; then zsh -n "$SRC/completions/_folio" || zsh_syntax=bad; fi
expect_eq ":ok" "$unoffered:$zsh_syntax"

finish
