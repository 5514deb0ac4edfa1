#!/bin/sh
# End-to-end tests on the real tree (Debian's linux-source-6.12 plus the mm.h
# split series), x86_64 and arm64 defconfig, through `make selftest-headers`
# exactly as a user runs it.  Prints one "ok"/"not ok" line per check and
# "e2e: N passed, N failed, N skipped" last; exits non-zero if any check failed.
#
# The verdicts must equal tests/golden/defconfig.tsv, a reviewed record of
# what the series really breaks (see README.md, "The golden file").  The
# mutation checks copy a slim header into an overlay dir with one line
# removed and watch the verdicts turn.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

archs="x86_64 arm64"
out=out/e2e

# run_hdrtest OUTDIR [make args...]: run the main job; the exit status is
# kept in $rc, the output in OUTDIR.log
run_hdrtest() {
	o=$1
	shift
	rm -rf "$o"
	mkdir -p "$o"
	make --no-print-directory selftest-headers OUT="$o" ARCHS="$archs" CONFIGS=defconfig "$@" \
		> "$o.log" 2>&1
	rc=$?
}

# fails_everywhere TSV HEADER TEXT WHAT WHY: HEADER fails on every arch, and
# its detail has TEXT
fails_everywhere() {
	for a in $archs; do
		check "$4 on $a" has_verdict "$1" "$a" "$2" fail
		check "$5 on $a" detail_has "$1" "$a" "$2" "$3"
	done
}

# new_overlay NAME: an empty overlay dir out/e2e-overlay-NAME, in $ov
new_overlay() {
	ov=$top/out/e2e-overlay-$1
	rm -rf "$ov"
	mkdir -p "$ov/linux/mm"
}

# verdict TSV ARCH HEADER: the verdict column of one cell
verdict() {
	awk -F '\t' -v a="$2" -v h="$3" '$1 == a && $3 == h { print $4 }' "$1"
}
detail() {
	awk -F '\t' -v a="$2" -v h="$3" '$1 == a && $3 == h { print $5 }' "$1"
}
has_verdict() { [ "$(verdict "$1" "$2" "$3")" = "$4" ]; }
detail_has() { detail "$1" "$2" "$3" | grep -q -- "$4"; }

echo "# e2e: make selftest-headers ARCHS=\"$archs\" on the default tree"
run_hdrtest "$out"
check "selftest-headers exits non-zero because the golden file has failures (exit $rc)" test "$rc" -ne 0
check "... and says so in its summary line" grep -q "^hdrtest: 42 cells (header x arch x config): 28 pass, 14 fail, 0 skip, 0 error$" "$out.log"
check "results.tsv has a verdict for all 21 headers x 2 arches" \
	test "$(awk -F '\t' '$4 ~ /^(pass|fail|skip|error)$/' "$out/results.tsv" | wc -l)" -eq 42
check "no cell is skipped: both toolchains are installed" \
	test "$(awk -F '\t' '$4 == "skip"' "$out/results.tsv" | wc -l)" -eq 0
check "verdicts equal the reviewed golden file tests/golden/defconfig.tsv" \
	same_file tests/golden/defconfig.tsv "$out/results.tsv"
check "results.ktap is KTAP v1 with one subtest per arch" \
	sh -c "head -n 1 '$out/results.ktap' | grep -qx 'KTAP version 1' &&
	       sed -n 3p '$out/results.ktap' | grep -qx '1..2' &&
	       grep -c '^  # Subtest: ' '$out/results.ktap' | grep -qx 2"
check "KTAP and TSV agree on the number of failing headers" \
	test "$(grep -c '^    not ok ' "$out/results.ktap")" -eq \
	     "$(awk -F '\t' '$4 == "fail"' "$out/results.tsv" | wc -l)"
check "every failure prints a one-line reproducer" \
	test "$(grep -c '^  reproduce: cd ' "$out.log")" -eq \
	     "$(awk -F '\t' '$4 == "fail"' "$out/results.tsv" | wc -l)"
check "the reproducer really reproduces the first failure" \
	sh -c "cmd=\$(grep -m 1 '^  reproduce: ' '$out.log' | sed 's/^  reproduce: //');
	       eval \"\$cmd\" 2>&1 | grep -q 'error:'"

# A rerun with nothing changed compiles nothing and gives the same bytes.
cp "$out/results.tsv" "$out/results.first"
make --no-print-directory selftest-headers OUT="$out" ARCHS="$archs" CONFIGS=defconfig > "$out.rerun.log" 2>&1
check "a rerun with nothing changed compiles no TU" sh -c "! grep -q '^  CC ' '$out.rerun.log'"
check "... and looks at no cell again (no REUSE or PREPARE line)" sh -c "! grep -q '^  \(REUSE\|PREPARE\) ' '$out.rerun.log'"
check "a rerun gives byte-identical results" same_file "$out/results.first" "$out/results.tsv"
rm -f "$out/x86_64/defconfig/linux/mm/folio_zone.rc"
make --no-print-directory selftest-headers OUT="$out" ARCHS="$archs" CONFIGS=defconfig > "$out.rerun2.log" 2>&1
check "a TU whose result is gone is compiled again, and only it, counted [1/1]" \
	sh -c "grep '^  CC ' '$out.rerun2.log' | grep -qx '  CC      \[1/1\] x86_64/defconfig linux/mm/folio_zone.h'"

# Progress: the first run counts its CC lines [1/42] to [42/42], and its
# cells (prepared or reused) [1/2] and [2/2].
check "every CC line of a run is counted, [1/42] to [42/42]" counted_1_to_n CC "$out.log" 42
check "every cell a run prepares or reuses is counted, [1/2] to [2/2]" counted_1_to_n 'PREPARE\|REUSE' "$out.log" 2

# JUnit: one testsuite per cell, one testcase per header.
check "results.xml has one testsuite per cell" test "$(grep -c '<testsuite name=' "$out/results.xml")" -eq 2
check "results.xml has a testcase per header and cell" test "$(grep -c '<testcase ' "$out/results.xml")" -eq 42
check "results.xml has a failure per failing cell, with the log" \
	sh -c "test \"\$(grep -c '<failure ' '$out/results.xml')\" -eq 14 &&
	       test \"\$(grep -c '<system-out><!\\[CDATA\\[' '$out/results.xml')\" -eq 14"

# Branch coverage of the two defconfig cells.
make --no-print-directory coverage OUT="$out" ARCHS="$archs" CONFIGS=defconfig > "$out.coverage.log" 2>&1
cov=$out/coverage.txt
check "coverage: the generic page_to_virt() is compiled on x86_64 only" \
	grep -q '^  line 17   #ifndef page_to_virt  *x86_64/defconfig$' "$cov"
check "coverage: arm64 uses its own page_to_virt()" \
	grep -q '^  line 19   #else (implied: the #if at line 17 not taken) *arm64/defconfig$' "$cov"
check "coverage: FLATMEM is reached by neither defconfig" \
	grep -q '^  line 9    #if defined(CONFIG_FLATMEM)  *UNCOVERED$' "$cov"

# The CI files are what the templates make of the arch table, and they
# follow the table.
check "the committed CI files match the arch table" make --no-print-directory check-ci-files
mkdir -p out/e2e-ci
sed 's/^arch sh  /arch sh4 /' catalog/arches.cat > out/e2e-ci/arches.cat
out/bin/hdrtest ci-files --templates templates --github out/e2e-ci/gh.yml --gitlab out/e2e-ci/gl.yml \
	out/e2e-ci/arches.cat catalog/configs.cat catalog/mm.cat
check "renaming an arch in the table changes both CI files" \
	sh -c "grep -q '^  sh4:' out/e2e-ci/gh.yml && grep -q '^sh4:' out/e2e-ci/gl.yml &&
	       ! cmp -s out/e2e-ci/gh.yml ci/github/hdrtest.yml"

tree=$(sed -n 's/^srctree\t//p' "$out/x86_64/defconfig/manifest.tsv")
check "the manifest names the kernel tree" test -f "$tree/include/linux/mm/page_address.h"

# Mutation 1, arch-specific: page_address.h without its page_kasan_tag.h
# include.  arm64's page_to_virt() calls page_kasan_tag(); x86_64's does not.
# folio_next.h (which includes page_address.h) must turn from pass to fail
# on arm64 only.
new_overlay kasan
grep -v '^#include <linux/mm/page_kasan_tag.h>' "$tree/include/linux/mm/page_address.h" \
	> "$ov/linux/mm/page_address.h"
check "mutant 1 removes exactly one line" \
	test "$(diff "$tree/include/linux/mm/page_address.h" "$ov/linux/mm/page_address.h" | grep -c '^<')" -eq 1
run_hdrtest out/e2e-mut1 OVERLAY="$ov"
m=out/e2e-mut1/results.tsv
check "mutant 1: folio_next.h passes on arm64 without the mutation" \
	has_verdict "$out/results.tsv" arm64 linux/mm/folio_next.h pass
check "mutant 1: folio_next.h fails on arm64" has_verdict "$m" arm64 linux/mm/folio_next.h fail
check "mutant 1: ... because page_kasan_tag() is undeclared" \
	detail_has "$m" arm64 linux/mm/folio_next.h "implicit declaration of function 'page_kasan_tag'"
check "mutant 1: folio_next.h still passes on x86_64" has_verdict "$m" x86_64 linux/mm/folio_next.h pass
check "mutant 1: page_address.h on arm64 now fails on page_kasan_tag()" \
	detail_has "$m" arm64 linux/mm/page_address.h "page_kasan_tag"

# Mutation 2, every arch: vmalloc_addr.h without <linux/types.h> (bool);
# page_kasan_tag.h without it too (u8), whose why must name the kernel's
# linux/types.h, not ACPICA's acpi/actypes.h, a lighter definer of u8.
new_overlay types
grep -v '^#include <linux/types.h>' "$tree/include/linux/mm/vmalloc_addr.h" > "$ov/linux/mm/vmalloc_addr.h"
grep -v '^#include <linux/types.h>' "$tree/include/linux/mm/page_kasan_tag.h" > "$ov/linux/mm/page_kasan_tag.h"
run_hdrtest out/e2e-mut2 OVERLAY="$ov"
m=out/e2e-mut2/results.tsv
fails_everywhere "$m" linux/mm/vmalloc_addr.h "unknown type name 'bool'" \
	"mutant 2: vmalloc_addr.h without <linux/types.h> fails" "mutant 2: ... naming the unknown type bool"
check "mutant 2: page_kasan_tag.h without <linux/types.h> fails on x86_64 on u8" \
	detail_has "$m" x86_64 linux/mm/page_kasan_tag.h "unknown type name 'u8'"
why="# why: linux/mm/page_kasan_tag.h: uses u8, defined in linux/types.h, which page_kasan_tag.h does not include"
check "mutant 2: ... and its why names linux/types.h for u8" grep -qF "$why" out/e2e-mut2/results.ktap

# Mutation 3: pfmemalloc.h without its include guard.  The TU includes the
# header twice, so the static inline functions are defined twice.
new_overlay guard
grep -v '_LINUX_MM_PFMEMALLOC_H' "$tree/include/linux/mm/pfmemalloc.h" \
	> "$ov/linux/mm/pfmemalloc.h"
check "mutant 3 has no #endif left over" \
	test "$(grep -c '^#endif' "$ov/linux/mm/pfmemalloc.h")" -eq 0
run_hdrtest out/e2e-mut3 OVERLAY="$ov"
m=out/e2e-mut3/results.tsv
fails_everywhere "$m" linux/mm/pfmemalloc.h "redefinition of" \
	"mutant 3: pfmemalloc.h without include guard fails" "mutant 3: ... with a redefinition"

# The consumers of the series' last patch: which still pull in linux/mm.h,
# and through which chain.
for a in $archs; do
	check "highmem.h still pulls in linux/mm.h on $a, through asm/cacheflush.h" \
		detail_has "$out/results.tsv" "$a" linux/highmem.h \
		"pulls in the forbidden header linux/mm.h: linux/highmem.h -> linux/cacheflush.h -> asm/cacheflush.h -> "
	check "scatterlist.h is free of linux/mm.h on $a" has_verdict "$out/results.tsv" "$a" linux/scatterlist.h pass
done

# Mutation 4: a slim header that includes linux/mm.h fails, naming the chain,
# even though it compiles.
new_overlay forbid
sed 's|^#include <linux/bits.h>.*|&\n#include <linux/mm.h>|' "$tree/include/linux/mm/pfmemalloc.h" \
	> "$ov/linux/mm/pfmemalloc.h"
check "mutant 4 adds exactly one line" \
	test "$(diff "$tree/include/linux/mm/pfmemalloc.h" "$ov/linux/mm/pfmemalloc.h" | grep -c '^>')" -eq 1
run_hdrtest out/e2e-mut4 OVERLAY="$ov"
m=out/e2e-mut4/results.tsv
fails_everywhere "$m" linux/mm/pfmemalloc.h \
	"pulls in the forbidden header linux/mm.h: linux/mm/pfmemalloc.h -> linux/mm.h" \
	"mutant 4: pfmemalloc.h including linux/mm.h fails" "mutant 4: ... naming the chain"

# Mutation 5: an #error whose text holds an escape sequence (ESC [31m):
# every report quotes it in caret notation (^[), none passes the byte on to
# a terminal or a file.
new_overlay esc
awk '{ print } /^#define _LINUX_MM_PFMEMALLOC_H/ { printf "#error \"\033[31mred\033[0m\"\n" }' \
	"$tree/include/linux/mm/pfmemalloc.h" > "$ov/linux/mm/pfmemalloc.h"
check "mutant 5 adds one #error holding an ESC byte" \
	test "$(diff "$tree/include/linux/mm/pfmemalloc.h" "$ov/linux/mm/pfmemalloc.h" | grep -c "$(printf '\033')")" -eq 1
run_hdrtest out/e2e-mut5 OVERLAY="$ov"
m=out/e2e-mut5
check "mutant 5: pfmemalloc.h fails on the #error, quoted as ^[[31mred^[[0m" \
	detail_has "$m/results.tsv" x86_64 linux/mm/pfmemalloc.h '#error "^\[\[31mred^\[\[0m"'
for f in "$m.log" "$m/report.txt" "$m/failures.txt" "$m/results.tsv" "$m/results.ktap" "$m/results.xml" \
	"$m/report.html" "$m/baseline.tsv"; do
	check "mutant 5: no ESC byte in ${f#out/}" sh -c "! grep -q \"\$(printf '\\033')\" '$f'"
done

# The reviewer's rename: folio_next() moves from mm/folio_next.h into a new
# mm/folio_iter.h, in a copy of the tree (hard links; the two changed files
# are new files, the original tree is not written).
mv_dir=$top/out/e2e-move
# beside the tree, so that hard links work (same file system)
mv_tree=$(dirname "$tree")/e2e-move-tree
rm -rf "$mv_dir" "$mv_tree"
mkdir -p "$mv_dir"
cp -al "$tree" "$mv_tree" 2>/dev/null || cp -a "$tree" "$mv_tree"
rm -f "$mv_tree/include/linux/mm/folio_next.h" "$mv_tree/include/linux/mm/folio_iter.h"
{
	printf '/* SPDX-License-Identifier: GPL-2.0 */\n#ifndef _LINUX_MM_FOLIO_ITER_H\n#define _LINUX_MM_FOLIO_ITER_H\n\n'
	grep '^#include' "$tree/include/linux/mm/folio_next.h"
	echo
	awk '/^\/\*\*/ { on = 1 } on { print } on && /^}/ { exit }' "$tree/include/linux/mm/folio_next.h"
	printf '\n#endif /* _LINUX_MM_FOLIO_ITER_H */\n'
} > "$mv_tree/include/linux/mm/folio_iter.h"
printf '/* SPDX-License-Identifier: GPL-2.0 */\n#ifndef _LINUX_MM_FOLIO_NEXT_H\n#define _LINUX_MM_FOLIO_NEXT_H\n\n#include <linux/mm/folio_iter.h>\n\n#endif /* _LINUX_MM_FOLIO_NEXT_H */\n' \
	> "$mv_tree/include/linux/mm/folio_next.h"
check "move: the original tree still has folio_next() in folio_next.h" \
	grep -q '^static inline struct folio \*folio_next' "$tree/include/linux/mm/folio_next.h"
cp -r catalog "$mv_dir/catalog"
mv_cat=$(ls "$mv_dir"/catalog/*.cat | tr '\n' ' ')

# Drift does not stop the run: with the catalog not yet updated, the moved
# symbol fails its header, with the drift line, and every other header
# still gets its verdict.
make --no-print-directory selftest-headers KDIR="$mv_tree" CATALOG="$mv_cat" ARCHS=x86_64 CONFIGS=defconfig \
	OUT=out/e2e-move/drifted > "$mv_dir/drifted.log" 2>&1
rc=$?
d=out/e2e-move/drifted/results.tsv
check "drift: the run goes on and exits non-zero (exit $rc)" test "$rc" -eq 1 -o "$rc" -eq 2
check "drift: every header still gets a verdict" \
	test "$(awk -F '\t' '$4 ~ /^(pass|fail|skip|error)$/' "$d" | wc -l)" -eq 21
check "drift: folio_next.h fails with the drift line as its diagnostic" \
	detail_has "$d" x86_64 linux/mm/folio_next.h "drift: folio_next: moved to linux/mm/folio_iter.h"
check "drift: ... in KTAP and JUnit too" \
	sh -c "grep -q 'drift: folio_next: moved to' out/e2e-move/drifted/results.ktap &&
	       grep -q 'drift: folio_next: moved to' out/e2e-move/drifted/results.xml"
check "drift: an undrifted header is judged as usual (folio_size.h passes)" \
	has_verdict "$d" x86_64 linux/mm/folio_size.h pass
# shellcheck disable=SC2086 # a list of catalog files
out/bin/hdrtest catalog-check --tree "$mv_tree" $mv_cat > "$mv_dir/check1.log" 2>&1
rc=$?
check "move: catalog-check fails on the moved symbol (exit $rc)" test "$rc" -eq 1
check "move: catalog-check reports exactly that move" \
	sh -c "grep -c 'drift:' '$mv_dir/check1.log' | grep -qx 1 &&
	       grep -q 'drift: folio_next: moved to linux/mm/folio_iter.h (include/linux/mm/folio_iter.h:' '$mv_dir/check1.log'"
# shellcheck disable=SC2086
out/bin/hdrtest catalog-update --tree "$mv_tree" $mv_cat > "$mv_dir/update.log" 2>&1
check "move: catalog-update rewrites the catalog" test $? -eq 0
check "move: folio_next is now catalogued under linux/mm/folio_iter.h" \
	sh -c "awk '/^header /{ h = \$2 } /^[ \t]*func[ \t]+folio_next[ \t]/{ print h }' '$mv_dir/catalog/mm.cat' |
	       grep -qx linux/mm/folio_iter.h"
# shellcheck disable=SC2086
out/bin/hdrtest catalog-check --tree "$mv_tree" $mv_cat > "$mv_dir/check2.log" 2>&1
check "move: catalog-check passes after the update" test $? -eq 0
cp "$mv_dir/catalog/mm.cat" "$mv_dir/mm.cat.first"
# shellcheck disable=SC2086
out/bin/hdrtest catalog-update --tree "$mv_tree" $mv_cat > /dev/null 2>&1
check "move: catalog-update is idempotent" cmp -s "$mv_dir/mm.cat.first" "$mv_dir/catalog/mm.cat"
make --no-print-directory selftest-headers KDIR="$mv_tree" CATALOG="$mv_cat" ARCHS=x86_64 CONFIGS=defconfig \
	OUT=out/e2e-move/out > "$mv_dir/selftest.log" 2>&1
check "move: selftest-headers passes folio_iter.h on the moved tree" \
	has_verdict out/e2e-move/out/results.tsv x86_64 linux/mm/folio_iter.h pass
check "move: ... and folio_next.h, which now only includes it" \
	has_verdict out/e2e-move/out/results.tsv x86_64 linux/mm/folio_next.h pass

# Why a header fails, in one line (KTAP carries it too).
check "why: page_address.h's macros need folio_size.h" \
	grep -q "# why: linux/mm/page_address.h: offset_in_thp() uses thp_size(), defined in linux/mm/folio_size.h, which page_address.h does not include" "$out/results.ktap"
check "why: devmap_managed.h forgets struct folio" \
	grep -q "# why: linux/mm/devmap_managed.h: put_devmap_managed_folio_refs() uses struct folio, defined in linux/mm_types.h, which devmap_managed.h does not include" "$out/results.ktap"
check "why: mutant 1 blames page_address.h for arm64's page_to_virt()" \
	grep -q "why: linux/mm/folio_next.h: via linux/mm/page_address.h: lowmem_page_address() uses page_kasan_tag() (through the macro page_to_virt()), defined in linux/mm/page_kasan_tag.h, which page_address.h does not include" out/e2e-mut1.log

# Slimness: each header alone, beside linux/mm.h.
make --no-print-directory slimness OUT="$out" ARCHS="$archs" CONFIGS=defconfig > "$out.slimness.log" 2>&1
slim_of() { # slim_of HEADER COLUMN: "headers / lines" of one cell, as two numbers
	awk -v h="$1" -v c="$2" '$1 == h { print $(2 + 3 * (c - 1)), $(4 + 3 * (c - 1)) }' "$out/slimness.txt"
}
check "slimness: a row per catalogued header and one for linux/mm.h" \
	test "$(grep -c '^linux/' "$out/slimness.txt")" -eq 22
for col in 1 2; do
	set -- $(slim_of linux/mm/page_kasan_tag.h $col) $(slim_of linux/mm.h $col)
	check "slimness: page_kasan_tag.h pulls in fewer headers and lines than mm.h (cell $col: $1/$2 vs $3/$4)" \
		test "$1" -gt 0 -a "$1" -lt "$3" -a "$2" -lt "$4"
done

# Shards: the same run as 3 shards (more shards than cells: a cell's TUs
# split), each exiting with the tool's status in OUT/run.rc, every TU in
# exactly one, and make merge joining them into the same verdicts, byte
# for byte once the OUT paths are made equal.
sh_all=
rm -rf "$out-shard1" "$out-shard2" "$out-shard3" "$out-merged" "$out-merged2"
for i in 1 2 3; do
	make --no-print-directory selftest-headers OUT="$out-shard$i" ARCHS="$archs" CONFIGS=defconfig SHARD=$i/3 \
		> "$out-shard$i.log" 2>&1
	check "shard $i/3 keeps the tool's exit status in OUT/run.rc (1: a TU fails)" \
		test "$(cat "$out-shard$i/run.rc" 2>/dev/null)" = 1
	sh_all="$sh_all $out-shard$i"
done
# shellcheck disable=SC2086 # one word per shard
check "every TU of the run is in exactly one shard (42 CC lines in all, each once)" sh -c \
	"[ \$(cat $(echo $sh_all | sed 's/\([^ ]*\)/\1.log/g') | grep -c '^  CC ') -eq 42 ] &&
	 [ -z \"\$(cat $(echo $sh_all | sed 's/\([^ ]*\)/\1.log/g') | grep '^  CC ' | sed 's/\[[ 0-9]*\/[0-9]*\] //' | sort | uniq -d)\" ]"
# shellcheck disable=SC2086
make --no-print-directory merge OUT="$out-merged" SHARDS="$(echo $sh_all)" > "$out-merged.log" 2>&1
check "make merge of the 3 shards: the tool's status in OUT/run.rc (1)" test "$(cat "$out-merged/run.rc" 2>/dev/null)" = 1
check "... results.tsv identical to the single run's" cmp -s "$out/results.tsv" "$out-merged/results.tsv"
# (report.html is left out: the single run's shows slimness and coverage
# by now; the merge unit tests compare it)
for f in results.ktap results.xml; do
	check "... $f identical to the single run's, OUT paths made equal" sh -c \
		"sed 's|$out-merged|OUT|g' '$out-merged/$f' > '$out-merged.$f.norm' &&
		 sed 's|$out|OUT|g' '$out/$f' | cmp -s - '$out-merged.$f.norm'"
done
# shellcheck disable=SC2086
make --no-print-directory merge OUT="$out-merged2" SHARDS="$out-shard1 $out-shard3" > "$out-merged2.log" 2>&1
rc=$?
check "make merge with shard 2 of 3 missing: refused (exit $rc), naming it, writing nothing" sh -c \
	"[ $rc -ne 0 ] && grep -q 'shard 2' '$out-merged2.log' && [ ! -e '$out-merged2/results.tsv' ]"

# A shard installs the toolchains of its own cells only: with 2 shards of
# 2 cells, each prints one arch's packages, and both print the run's.
pk_cat=$(ls catalog/*.cat | tr '\n' ' ')
for i in 1 2; do
	# shellcheck disable=SC2086 # a list of catalog files
	out/bin/hdrtest run --out "$out-pk$i" --tree "$tree" --cache "$(make -s --no-print-directory cache-path)" \
		--archs "$archs" --configs defconfig --shard $i/2 --print-packages $pk_cat > "$out-pk$i.txt" 2> "$out-pk$i.err"
done
# shellcheck disable=SC2086
out/bin/hdrtest plan --print-packages --archs "$archs" --configs defconfig $pk_cat | sort > "$out-pk.all"
check "run --shard I/2 --print-packages: each shard names one arch's toolchain, together the run's" sh -c \
	"[ -s '$out-pk1.txt' ] && [ -s '$out-pk2.txt' ] && ! grep -qxFf '$out-pk1.txt' '$out-pk2.txt' &&
	 sort '$out-pk1.txt' '$out-pk2.txt' | cmp -s - '$out-pk.all' || { cat '$out-pk1.err' '$out-pk2.err'; exit 1; }"

# --prepare-only: the kbuild dirs of every cell, and nothing after
rm -rf "$out-po"
# shellcheck disable=SC2086
out/bin/hdrtest run --out "$out-po" --tree "$tree" --cache "$(make -s --no-print-directory cache-path)" \
	--archs "$archs" --configs defconfig --prepare-only $pk_cat > "$out-po.log" 2>&1
rc=$?
check "run --prepare-only: every cell prepared, no TU generated, no report (exit $rc)" sh -c \
	"[ $rc -eq 0 ] && grep -q '^kdir=' '$out-po/x86_64/defconfig/prepared' &&
	 grep -q '^kdir=' '$out-po/arm64/defconfig/prepared' && [ ! -e '$out-po/x86_64/defconfig/tus' ] &&
	 [ ! -e '$out-po/report.txt' ] || { cat '$out-po.log'; exit 1; }"

# A catalog with no header to test (a series' step before any of its
# headers exists): each cell still gets its manifest, and the run says it
# proves nothing, instead of failing to read the manifest it never wrote
make --no-print-directory selftest-headers OUT="$out-none" ARCHS=x86_64 CONFIGS=defconfig \
	CATALOG="catalog/arches.cat catalog/configs.cat" > "$out-none.log" 2>&1
check "a catalog with no header: every cell has its manifest, and the run proves nothing" sh -c "
	test -f '$out-none/x86_64/defconfig/manifest.tsv' &&
	grep -q 'nothing was compiled: every cell was skipped or errored; this run proves nothing' '$out-none.log' &&
	! grep -q 'manifest.tsv: No such file' '$out-none.log' || { cat '$out-none.log'; exit 1; }"

summary e2e
[ "$fail" -eq 0 ]
