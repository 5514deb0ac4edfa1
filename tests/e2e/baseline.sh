#!/bin/sh
# The baseline ratchet on the real tree (x86_64 and arm64 defconfig): `make
# baseline` records the known failures, and `make selftest-headers
# BASELINE=file` fails only on new ones and lists the known ones that now
# pass.  The new failure and the fix are made with overlay copies of
# linux/mm/page_address.h, never by editing the tree.
# Prints "ok"/"not ok" lines and "baseline: N passed, N failed, N skipped".
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

work=$top/out/e2e-baseline
bl=$work/known.tsv
rm -rf "$work"
mkdir -p "$work"
tree=$(make --no-print-directory -s tree-path)

# sel NAME [make args...]: the main job with the baseline, output in NAME.log
sel() {
	n=$1
	shift
	make --no-print-directory selftest-headers OUT="$work/out" BASELINE="$bl" "$@" > "$work/$n.log" 2>&1
	rc=$?
}

echo "# baseline: make baseline, then the ratchet"
make --no-print-directory baseline OUT="$work/out" BASELINE="$bl" > "$work/baseline.log" 2>&1
rc=$?
check "make baseline exits 0 on a tree with failures (exit $rc)" test "$rc" -eq 0
check "... and says how many failures it wrote" \
	grep -qx "hdrtest: wrote $(grep -vc '^#' "$bl") lines for the 14 failing TUs to $bl" "$work/baseline.log"
check "the baseline lists the 14 failing TUs of results.tsv, no more" \
	test "$(grep -v '^#' "$bl" | cut -f1,2 | sort -u | wc -l)" -eq \
	"$(awk -F '\t' '$4 == "fail"' "$work/out/results.tsv" | wc -l)"
check "... each with every class of its diagnostics and how often (page_address.h: two functions)" \
	grep -qx "linux/mm/page_address.h	x86_64/defconfig	implicit declaration of function '\*'	2" "$bl"
check "... not only the first (devmap_managed.h: 3 classes)" \
	test "$(grep -c '^linux/mm/devmap_managed.h	x86_64/defconfig	' "$bl")" -eq 3
check "... a forbidden include as its own class" \
	grep -qx "linux/bio.h	arm64/defconfig	pulls in the forbidden header linux/mm.h	1" "$bl"

sel same
check "the same tree against its baseline passes (exit $rc)" test "$rc" -eq 0
check "... counting 14 known failures, none new" grep -q "^baseline $bl: 14 known failures, 0 new, 0 now pass$" "$work/same.log"
check "... while the verdicts stay what they are (results.tsv has 14 fail)" \
	test "$(awk -F '\t' '$4 == "fail"' "$work/out/results.tsv" | wc -l)" -eq 14

# New failures: page_address.h without its page_kasan_tag.h include breaks
# folio_next.h on arm64 (see run.sh, mutation 1), and changes how the
# consumers that fail on linux/mm.h fail there: they now stop earlier, on
# page_kasan_tag().  Another class is another failure.
ov=$work/overlay-new
mkdir -p "$ov/linux/mm"
grep -v '^#include <linux/mm/page_kasan_tag.h>' "$tree/include/linux/mm/page_address.h" > "$ov/linux/mm/page_address.h"
sel new OVERLAY="$ov"
check "a new failure fails the run against the baseline (exit $rc)" test "$rc" -ne 0
check "... and is listed as new: folio_next.h on arm64" \
	grep -q "^  linux/mm/folio_next.h	arm64/defconfig	implicit declaration of function '\*'$" "$work/new.log"
check "... and a consumer failing another way than the baseline says is new, both classes shown" \
	grep -q "^  linux/bio.h	arm64/defconfig	implicit declaration of function '\*' (the baseline, line [0-9]*, says: pulls in the forbidden header linux/mm.h)$" "$work/new.log"
check "... and page_address.h on arm64, now missing a third function, is new (its class, more often)" \
	grep -q "^  linux/mm/page_address.h	arm64/defconfig	implicit declaration of function '\*' (3 times) (the baseline, line [0-9]*, says 2)$" "$work/new.log"
check "... counted: 9 known, 8 new" grep -q "^baseline $bl: 9 known failures, 8 new, 0 now pass$" "$work/new.log"

# A known failing header with an error after its known first diagnostic:
# devmap_managed.h with an #error at its end, after the parameter-list
# warning it is known for.  It was counted known, and the run passed.
ov=$work/overlay-regress
mkdir -p "$ov/linux/mm"
awk '{ l[NR] = $0 } END { for (i = 1; i < NR; i++) print l[i]; print "#error NEW REGRESSION"; print l[NR] }' \
	"$tree/include/linux/mm/devmap_managed.h" > "$ov/linux/mm/devmap_managed.h"
sel regress OVERLAY="$ov"
check "an #error after a known failure's first diagnostic fails the run (exit $rc)" test "$rc" -ne 0
check "... listed as new with what the baseline says" \
	grep -q "^  linux/mm/devmap_managed.h	x86_64/defconfig	#error NEW REGRESSION (the baseline, line [0-9]*, says: '\*' declared inside" \
	"$work/regress.log"
check "... while its first diagnostic is the known one" \
	grep -q "^x86_64	defconfig	linux/mm/devmap_managed.h	fail	[^	]*devmap_managed.h:[0-9:]*: error: 'struct folio' declared inside" \
	"$work/out/results.tsv"

# The baseline with CRLF line ends and trailing blanks (edited elsewhere):
# the same known failures, not 14 new ones with an invisible CR.
sed 's/$/  \r/' "$bl" > "$work/crlf.tsv"
make --no-print-directory selftest-headers OUT="$work/out" BASELINE="$work/crlf.tsv" > "$work/crlf.log" 2>&1
rc=$?
check "a baseline with CRLF line ends and trailing blanks: the run passes (exit $rc)" test "$rc" -eq 0
check "... with 14 known failures, none new" grep -q "^baseline $work/crlf.tsv: 14 known failures, 0 new, 0 now pass$" "$work/crlf.log"

# A fix: page_address.h with the folio_size.h include it lacks (thp_size()).
ov=$work/overlay-fix
mkdir -p "$ov/linux/mm"
sed 's|^#include <asm/page.h>.*|&\n#include <linux/mm/folio_size.h> // for thp_size()|' \
	"$tree/include/linux/mm/page_address.h" > "$ov/linux/mm/page_address.h"
check "the fix adds exactly one line" \
	test "$(diff "$tree/include/linux/mm/page_address.h" "$ov/linux/mm/page_address.h" | grep -c '^>')" -eq 1
sel fix OVERLAY="$ov"
check "fewer failures than the baseline pass the run (exit $rc)" test "$rc" -eq 0
check "... and the known failures that now pass are listed to remove from the baseline" \
	sh -c "grep -A2 '^known failures that now pass: remove them from the baseline:$' '$work/fix.log' |
	       grep -c '^  linux/mm/page_address.h	' | grep -qx 2"
check "... counted: 12 known, 0 new, 2 now pass" grep -q "^baseline $bl: 12 known failures, 0 new, 2 now pass$" "$work/fix.log"

# Without BASELINE the same results are judged as ever: the report follows.
make --no-print-directory selftest-headers OUT="$work/out" OVERLAY="$ov" > "$work/plain.log" 2>&1
rc=$?
check "without BASELINE, the 12 failures fail the run again (exit $rc)" test "$rc" -ne 0
check "... and no baseline line is printed" sh -c "! grep -q '^baseline ' '$work/plain.log'"

# Bad baselines: the file, line and column, exit 2, nothing judged.
printf 'linux/a.h\tx86_64\tsome class\n' > "$work/bad.tsv"
make --no-print-directory selftest-headers OUT="$work/out" BASELINE="$work/bad.tsv" > "$work/bad.log" 2>&1
rc=$?
check "a baseline line without ARCH/CONFIG is an error (exit $rc)" test "$rc" -ne 0
check "... naming file, line and column" \
	grep -q "^$work/bad.tsv:1:11: error: expected a cell ARCH/CONFIG, found 'x86_64'$" "$work/bad.log"
make --no-print-directory selftest-headers OUT="$work/out" BASELINE="$work/none.tsv" > "$work/none.log" 2>&1
rc=$?
check "a missing baseline file is an error before anything runs (exit $rc)" test "$rc" -eq 2
check "... saying how to write one" grep -q "no such file (make baseline BASELINE=$work/none.tsv writes one)" "$work/none.log"

summary baseline
[ "$fail" -eq 0 ]
