#!/bin/sh
# hdrtest move on the real tree, one cell (x86_64 defconfig): `make move
# SYMBOLS=memory_failure_queue TO=linux/mm/memory_failure.h` is kept, with
# TO's generated TU (every moved symbol used) passing in the proof, its
# patch applying with patch -p1 and git am to copies of the tree's
# linux/mm.h, and the tree left untouched; a name no header defines is an
# error, a closure past MAX writes nothing; with VERIFY=objects on a small
# built dir, every object that reads linux/mm.h is proven, by the token
# shortcut and by a compile.  Prints one "ok"/"not ok" line
# per check and "move: N passed, N failed, N skipped" last.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

out=out/e2e-move
mvdir=$top/$out/move
tree=$(make -s tree-path)
rm -rf "$out" "$out-copy" "$out-git"
mkdir -p "$out"
sum_before=$(sha256sum "$tree/include/linux/mm.h")

make -j2 move OUT=$out ARCHS=x86_64 CONFIGS=defconfig SYMBOLS=memory_failure_queue \
	TO=linux/mm/memory_failure.h > "$out.log" 2>&1
rc=$?
echo "# make move: exit $rc (log: $out.log)"
check "make move of memory_failure_queue() exits 0: kept" test "$rc" -eq 0
check "summary.txt says it was proven and kept" grep -q '^Proof: 1 cells, [0-9]* rounds\{0,1\}, [0-9]* TUs compiled again: kept$' "$mvdir/summary.txt"
patch=$(ls "$mvdir"/0001-*.patch 2>/dev/null)
check "one patch, in the series' style" grep -q \
	'^Subject: \[PATCH 1/1\] linux/mm.h: move memory_failure_queue() to mm/memory_failure.h$' "$patch"
check "move.cat is TO's catalog entry" grep -qx 'header linux/mm/memory_failure.h' "$mvdir/move.cat"
tu=$mvdir/proof/x86_64/defconfig/linux/mm/memory_failure
check "TO's TU was generated from move.cat, using the moved symbol" grep -q '^/\* hdrtest-symbol memory_failure_queue: ' "$tu.c"
check "... and passes" grep -qx 0 "$tu.rc"

copy() { rm -rf "$1" && mkdir -p "$1/include/linux" && cp "$tree/include/linux/mm.h" "$1/include/linux/"; }
applies() {
	copy "$top/$out-copy" && (cd "$top/$out-copy" && patch -s -p1 < "$patch") &&
		grep -q '^void memory_failure_queue' "$top/$out-copy/include/linux/mm/memory_failure.h" &&
		! grep -q 'memory_failure_queue(unsigned' "$top/$out-copy/include/linux/mm.h"
}
check "the patch applies with patch -p1 to a copy of linux/mm.h" applies
git_am() {
	g=$top/$out-git
	copy "$g" && git -C "$g" init -q && git -C "$g" add -A &&
		git -C "$g" -c user.name=t -c user.email=t@t commit -qm base &&
		git -C "$g" -c user.name=t -c user.email=t@t am -q "$patch" > "$out-git.log" 2>&1
}
check "... and with git am" git_am
check "the tree is untouched" sh -c "test '$sum_before' = \"\$(sha256sum '$tree/include/linux/mm.h')\" && \
	test ! -e '$tree/include/linux/mm/memory_failure.h'"

# checkpatch --strict with SIGNOFF: nothing at all (the moved prototype
# lost its extern, as checkpatch asks); Perl installed when missing
checkpatch_ok() { perl -MTerm::ANSIColor -MEncode -MGetopt::Long -e 1 > /dev/null 2>&1; }
checkpatch_ok || gen/setup/deps.sh perl > "$out-perl.log" 2>&1
if checkpatch_ok; then
	GIT_AUTHOR_NAME="Ada Tester" GIT_AUTHOR_EMAIL=ada@example.org out/bin/hdrtest move --out "$out" \
		--symbols memory_failure_queue --to linux/mm/memory_failure.h --signoff x86_64/defconfig \
		> "$out-signed.log" 2>&1
	patch=$(ls "$mvdir"/0001-*.patch 2>/dev/null)
	perl "$tree/scripts/checkpatch.pl" --strict --no-tree --no-color "$patch" > "$out-checkpatch.txt" 2>&1
	check "checkpatch.pl --strict with --signoff: 0 errors, 0 warnings, 0 checks" \
		grep -qx 'total: 0 errors, 0 warnings, 0 checks, [0-9]* lines checked' "$out-checkpatch.txt"
else
	skip "checkpatch.pl on the patch" "perl (with Term::ANSIColor) cannot be installed: $(tr '\n' ' ' < "$out-perl.log")"
fi

make -j2 move OUT=$out ARCHS=x86_64 CONFIGS=defconfig SYMBOLS=no_such_symbol_hdrtest \
	TO=linux/mm/x.h > "$out-none.log" 2>&1
check "a name no header defines is an error" grep -q 'no_such_symbol_hdrtest: no header of the tree defines it' "$out-none.log"
make -j2 move OUT=$out ARCHS=x86_64 CONFIGS=defconfig SYMBOLS=memory_failure_queue MAX=1 \
	TO=linux/mm/memory_failure.h > "$out-max.log" 2>&1
check "a closure past MAX writes nothing and lists it" sh -c "grep -q 'more than MAX (1): nothing written' '$out-max.log' && \
	test ! -e '$mvdir/overlay'"

# folio_pfn()'s page_to_pfn() expands to vmemmap on x86_64, which no
# scan of its text sees: TO's TU fails in the first round, its why-line
# names asm/pgtable.h, and the second round, with it, keeps the move
make -j2 move OUT=$out ARCHS=x86_64 CONFIGS=defconfig SYMBOLS=folio_pfn \
	TO=linux/mm/folio_pfn.h > "$out-pfn.log" 2>&1
rc=$?
check "folio_pfn(): the proof includes what TO's TU named, and keeps it in round 2" sh -c "test $rc -eq 0 &&
	grep -qx '  #include <asm/pgtable.h> // for vmemmap: x86_64/defconfig, folio_pfn() through page_to_pfn' \
		'$mvdir/summary.txt' &&
	grep -q '^Proof: 1 cells, 2 rounds, [0-9]* TUs compiled again: kept$' '$mvdir/summary.txt'"
# The catalog follows the move: folio_next leaves linux/mm/folio_next.h's
# entry of catalog/mm.cat for linux/mm/folio_usage.h's, in a copy
make -j2 move OUT=$out ARCHS=x86_64 CONFIGS=defconfig SYMBOLS=folio_next \
	TO=linux/mm/folio_usage.h > "$out-follow.log" 2>&1
check "the catalog follows a move into a catalogued header: no move.cat, mm.cat's copy moves the line" sh -c "
	test ! -e '$mvdir/move.cat' &&
	test \$(grep -c 'folio_next' catalog/mm.cat) -eq \$(grep -c 'folio_next' '$mvdir/catalog/mm.cat') &&
	awk '/^header/ { h = \$2 } /\tfolio_next\t/ { print h }' '$mvdir/catalog/mm.cat' | grep -qx linux/mm/folio_usage.h &&
	awk '/^header/ { h = \$2 } /\tfolio_next\t/ { print h }' catalog/mm.cat | grep -qx linux/mm/folio_next.h"

# VERIFY=objects on a small built dir (make check cannot build the whole
# kernel; make bench-move does): its 5 objects that read linux/mm.h (the
# three targets, mm/mmzone.o and asm-offsets.s) only see its
# declarations moved ahead, so each is the same program once
# preprocessed and none is compiled; with --no-tokens each is compiled,
# and compiles.
targets="kernel/capability.o mm/readahead.o lib/buildid.o"
make -j2 move OUT=$out ARCHS=x86_64 CONFIGS=defconfig SYMBOLS=memory_failure_queue \
	TO=linux/mm/memory_failure.h VERIFY=objects BUILD_TARGETS="$targets" > "$out-obj.log" 2>&1
rc=$?
echo "# make move VERIFY=objects: exit $rc (log: $out-obj.log)"
check "make move VERIFY=objects keeps the move" test "$rc" -eq 0
check "summary.txt has the proof on the 5 objects that read linux/mm.h" \
	grep -q '^Proof on kernel objects (VERIFY=objects): 5 objects read linux/mm.h$' "$mvdir/summary.txt"
check "... none compiled: each is the same program with the declarations moved ahead" \
	grep -q '^  preprocessed before and after: 5; the same tokens: 0; the same items, moved: 5 (not compiled)$' \
	"$mvdir/summary.txt"
check "objects.tsv says so per object" sh -c "test \$(grep -c '	ok	same tokens, items moved: not compiled\$' \
	'$mvdir/objects.tsv') -eq 5"
check "the patch says what the objects proof proved" sh -c "cat '$mvdir'/0001-*.patch | tr '\n' ' ' |
	grep -q 'The 5 kernel objects of its built cells that read linux/mm.h compile as before (0 compiled'"
out/bin/hdrtest move --out "$out" --symbols memory_failure_queue --to linux/mm/memory_failure.h \
	--verify-objects --no-tokens x86_64/defconfig > "$out-all.log" 2>&1
rc=$?
check "--no-tokens compiles all five, and they compile: kept" sh -c "test $rc -eq 0 &&
	grep -q '^  [5-9] object compiles' '$mvdir/summary.txt' &&
	grep -q '^  0 objects broken$' '$mvdir/summary.txt'"

summary move
[ "$fail" -eq 0 ]
