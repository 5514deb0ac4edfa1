#!/bin/sh
# hdrtest fix-consumers on the real tree, x86_64 defconfig: the chain
# report's includer arch/x86/include/asm/cacheflush.h (its include of
# linux/mm.h pulls mm.h into bio.h, highmem.h, pagemap.h, skbuff.h) is
# cut and proven on the objects of a small built dir (three objects that
# read it: make check cannot build the whole kernel; make bench and the
# issue notes do).  Its own text uses nothing of mm.h, so the cut is a
# removal; kernel/capability.o compiles with it, mm/readahead.o and
# lib/buildid.o break through linux/highmem.h, whose
# memory_failure_queue() is defined only in linux/mm.h: the cut is not
# kept, and the summary says what must move.  KDIR and the built dir are
# only read; a second run writes the same bytes.  Prints one "ok"/"not
# ok" line per check and "fix-consumers: N passed, N failed, N skipped".
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

out=out/e2e-fixc
sum=$out/fix-consumers/summary.txt
tsv=$out/fix-consumers/objects.tsv
targets="kernel/capability.o mm/readahead.o lib/buildid.o"
tree=$(make -s tree-path)
rm -rf "$out"
mkdir -p "$out"

sums() { sha256sum "$tree"/arch/x86/include/asm/cacheflush.h "$tree"/include/linux/highmem.h; }
sums > "$out.sums"

make -j2 fix-consumers OUT=$out ARCHS=x86_64 BUILD_TARGETS="$targets" > "$out.log" 2>&1
rc=$?
check "make fix-consumers says the cut is not kept (exit 2 from make for hdrtest's 1), not an error" \
	grep -q 'fix-consumers.*Error 1$' "$out.log"
[ -s "$sum" ] || { sed 's/^/# /' "$out.log" | tail -n 20; }
check "the built dir is the one asked for (rc $rc)" grep -q "make $targets: [0-9]* objects" "$sum"
check "the includer is the chain report's, its cut a removal" \
	grep -q '^arch/x86/include/asm/cacheflush.h  *remove  *[3-9]  *0  *2 ' "$sum"
check "its consumers are named" grep -q 'on the way from: linux/bio.h linux/highmem.h linux/pagemap.h linux/skbuff.h' "$sum"
check "kernel/capability.o compiles with the cut" \
	grep -q "^x86_64/defconfig	kernel/capability.o	arch/x86/include/asm/cacheflush.h	ok	" "$tsv"
for o in mm/readahead.o lib/buildid.o; do
	check "$o breaks with it" grep -q "^x86_64/defconfig	$o	arch/x86/include/asm/cacheflush.h	broken	" "$tsv"
done
check "what breaks them is said: highmem.h's memory_failure_queue(), to move out of mm.h" \
	grep -q '2 objects: linux/highmem.h: .* needs memory_failure_queue(), defined only in linux/mm.h (forbidden): move memory_failure_queue() out of mm.h, or rewrite copy_mc_user_highpage() without it; defined at include/linux/mm.h:[0-9]* (under defined(CONFIG_MEMORY_FAILURE)), :[0-9]* (under !defined(CONFIG_MEMORY_FAILURE))' "$sum"
check "a cut not kept has no patch" test ! -s "$out/fix-consumers/series"
check "KDIR is untouched" sh -c "sums() { sha256sum $tree/arch/x86/include/asm/cacheflush.h $tree/include/linux/highmem.h; }; sums | cmp -s - $out.sums"
built=$(sed -n 's/^built=//p' "$out/x86_64/defconfig/built")
check "the built dir gained no file" sh -c "test -z \"\$(find '$built' -newer '$sum' -type f | head -n 1)\""

cp "$sum" "$out.sum1"
out/bin/hdrtest fix-consumers --out "$out" --jobs 2 x86_64/defconfig > "$out.log2" 2>&1
check "a second run writes the same summary" same_file "$out.sum1" "$sum"

# make fix VERIFY=objects: the kept patches of the slim headers proven on
# the same built dir's objects that read them
fixv=out/e2e-fixv
rm -rf "$fixv"
make -j2 fix OUT=$fixv ARCHS=x86_64 VERIFY=objects BUILD_TARGETS="$targets" > "$fixv.log" 2>&1
vsum=$fixv/fix/summary.txt
check "make fix VERIFY=objects proves the patches on kernel objects" \
	grep -q '^Proof on kernel objects (VERIFY=objects): [1-9][0-9]* patched headers, [1-9][0-9]* object compiles' "$vsum"
check "it uses the built dir of the cell" grep -qF "(make $targets:" "$vsum"
check "page_address.h's include of folio_size.h breaks none of them" \
	grep -q '^  linux/mm/page_address.h  *[1-9][0-9]* objects compiled with it, none broken' "$vsum"
check "no patch is dropped, and the series has them" sh -c "! grep -q DROPPED $vsum && test -s $fixv/fix/series"

# a build cut short (the machine stopped) goes on at the next call, and
# its log keeps the warnings of the objects built before the cut
cp "$built/.hdrtest-built" "$built/.hdrtest-building" && rm "$built/.hdrtest-built"
echo "hdrtest-e2e: written before the cut" >> "$built/hdrtest-build.log"
sh gen/prepare/build-kbuild.sh "$out/x86_64/defconfig" $targets > "$out.resume" 2>&1
check "a build cut short goes on" grep -q 'going on with a build cut short' "$out.resume"
check "its log keeps what the build wrote before the cut" grep -q '^hdrtest-e2e: written before the cut' "$built/hdrtest-build.log"
check "and the dir is built when it ends" sh -c "test -f '$built/.hdrtest-built' && test ! -e '$built/.hdrtest-building'"

summary fix-consumers
[ "$fail" -eq 0 ]
