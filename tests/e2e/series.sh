#!/bin/sh
# make series on the seed series (../shared/kernel/mm-split-6.12: the base
# tree and 15 patches) on x86_64 and arm64 defconfig:
#   - every step has verdicts, every TU of them compiled
#   - the tip's results.tsv and results.ktap are those of make
#     selftest-headers on the fully patched tree, byte for byte
#   - each failing slim header names the patch that introduced it, and
#     page_address.h's why changes at 0007 (thp_size() moves to
#     folio_size.h); the series is bisectable
#   - the kbuild dirs are updated from patch to patch, never prepared
#     again, and a patch that changes nothing a TU read compiles nothing
#   - series.ktap is read by kunit.py with no error; review.json has b4's
#     shape and says fail for a patch that introduces a failure
#   - the base tree is not written
# and a series whose second patch does not apply: the series stops there
# with an error naming the patch, the steps before it keep their results.
# Prints "ok"/"not ok" lines and "series: N passed, N failed, N skipped".
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

work=$top/out/e2e-series
rm -rf "$work"
mkdir -p "$work"
s=$work/series
archs="x86_64 arm64"
seed=$top/../shared/kernel/mm-split-6.12
base=$(make --no-print-directory -s cache-path)/trees/linux-6.12-base

echo "# make series ARCHS=\"$archs\" on $seed"
t0=$(date +%s)
make --no-print-directory series ARCHS="$archs" OUT="$work" > "$work/series.log" 2>&1
rc=$(cat "$work/run.rc" 2>/dev/null || echo none)
echo "# make series took $(( $(date +%s) - t0 )) s"
check "make series exits 1: patches of the series introduce failures (run.rc $rc)" test "$rc" = 1
sum_before=$(cat "$base/include/linux/mm.h" "$base/include/linux/highmem.h" | cksum)

steps=0
judged=0
for d in "$s"/[0-9][0-9][0-9][0-9]; do
	steps=$((steps + 1))
	compiled "$d/results.tsv" > /dev/null && judged=$((judged + 1))
done
check "16 steps (the base and 15 patches), each with verdicts, every TU compiled ($judged of $steps)" \
	test "$steps" -eq 16 -a "$judged" -eq 16

make --no-print-directory selftest-headers ARCHS="$archs" OUT="$work/direct" > "$work/direct.log" 2>&1
check "the tip's results.tsv is make selftest-headers' on the patched tree, byte for byte" \
	same_file "$work/direct/results.tsv" "$s/0015/results.tsv"
check "... and its results.ktap" same_file "$work/direct/results.ktap" "$s/0015/results.ktap"

for hp in page_address.h:0006 devmap_managed.h:0009 folio_usage.h:0010; do
	h=${hp%%:*}
	p=${hp#*:}
	# one line for both cells, or one each when their diagnostics differ
	# (devmap_managed.h: an error on x86_64, a warning on arm64)
	check "linux/mm/$h: first bad $p on both cells, still failing at the tip" sh -c \
		"grep -q '^  linux/mm/$h on .*x86_64/defconfig.*: first bad $p (.*); still failing at 0015$' '$s/summary.txt' &&
		 grep -q '^  linux/mm/$h on .*arm64/defconfig.*: first bad $p (.*); still failing at 0015$' '$s/summary.txt'"
done
check "page_address.h: why changes at 0007, thp_size() now in folio_size.h" sh -c \
	"sed -n '/^  linux\/mm\/page_address.h on/,/^  [^ ]/p' '$s/summary.txt' | grep -A1 '^      why changed at 0007:' |
	grep -q 'thp_size(), defined in linux/mm/folio_size.h, which page_address.h does not include'"
check "the series is bisectable for header self-containedness" \
	grep -q '^Bisectable for header self-containedness: yes' "$s/summary.txt"
check "at the base every slim header is absent, not failed" sh -c \
	"awk -F '\t' '\$1 == \"0000\" && \$4 ~ /^linux\/mm\// && \$5 != \"absent\"' '$s/series.tsv' | grep -q . && exit 1;
	 awk -F '\t' '\$1 == \"0000\" && \$4 ~ /^linux\/mm\//' '$s/series.tsv' | grep -q ."
check "the summary table has a row per step" test "$(grep -c '^00[0-9][0-9]  ' "$s/summary.txt")" -eq 16

check "no kbuild dir is prepared after the base: both are updated at each of the 15 patches" sh -c \
	"sed -n '/^  STEP    0001 /,\$p' '$work/series.log' > '$work/after-base.log' &&
	 ! grep -q '^  PREPARE ' '$work/after-base.log' && test \$(grep -c '^  UPDATE  ' '$work/after-base.log') -eq 30"
check "each step's dirs are updated while it scans (run --prepare-only): its run finds them prepared, none waits" \
	sh -c "! grep -q '^  \\(REUSE\\|WAIT\\) ' '$work/series.log'"
cc2=$(grep -c '^  CC ' "$s/0002/run.log")
check "0002 (drm_gem.h only) compiles no TU: none read what it changed ($cc2 compiled)" test "$cc2" -eq 0
# 0005 changes linux/mm.h and adds page_section.h: page_kasan_tag.h's TUs
# read neither, and are not compiled again
check "0005 compiles page_section.h, not page_kasan_tag.h (which reads nothing it changed)" sh -c \
	"grep -q '^  CC .* x86_64/defconfig linux/mm/page_section.h\$' '$s/0005/run.log' &&
	 ! grep -q 'linux/mm/page_kasan_tag.h\$' '$s/0005/run.log'"

if command -v python3 > /dev/null 2>&1; then
	(cd "$base" && python3 tools/testing/kunit/kunit.py parse "$s/series.ktap") > "$work/kunit.log" 2>&1
	check "kunit.py parses series.ktap with no error: 16 tests, 3 failed" sh -c \
		"! grep -q ERROR '$work/kunit.log' && grep -q 'Ran 16 tests: passed: 13, failed: 3' '$work/kunit.log'"
else
	skip "kunit.py parses series.ktap" "no python3 (make check installs it: see its log)"
fi
check "0006's review.json: b4's shape, status fail" grep -q \
	'^\[{"tool": "hdrtest", "status": "fail", "summary": "2 header tests newly failing' "$s/0006/review.json"
check "0015's review.json: status warn (failures from earlier patches)" grep -q '"status": "warn"' "$s/0015/review.json"
check "series.html: one anchor per patch (review.json's url), each once; the first bad patches marked" sh -c \
	"test \$(grep -o 'id=\"p[0-9]*\"' '$s/series.html' | sort -u | wc -l) -eq 16 &&
	 test \$(grep -o 'id=\"p[0-9]*\"' '$s/series.html' | wc -l) -eq 16 &&
	 grep -q '<td class=\"fail firstbad\"' '$s/series.html'"
cp "$s/summary.txt" "$s/series.ktap" "$s/series.html" "$work/"
out/bin/hdrtest series --out "$s" --tree "$base" --series "$seed" --cache "$(make --no-print-directory -s cache-path)" \
	--report-only catalog/*.cat > "$work/report-only.log" 2>&1
check "--report-only writes the same report again, byte for byte, running nothing" sh -c \
	"cmp -s '$work/summary.txt' '$s/summary.txt' && cmp -s '$work/series.ktap' '$s/series.ktap' &&
	 cmp -s '$work/series.html' '$s/series.html' && ! grep -q '^  STEP ' '$work/report-only.log'"
check "the base tree was not written" test "$(cat "$base/include/linux/mm.h" "$base/include/linux/highmem.h" | cksum)" = \
	"$sum_before"

# a series whose second patch does not apply
bad=$work/bad-series
mkdir -p "$bad"
cp "$seed/0001-drivers-add-missing-includes-on-linux-mm.h-and-other.patch" "$bad/"
sed "s/^ F:	include\/linux\/mempool.h$/ F:	include\/linux\/no_such_file.h/" \
	"$seed/0004-linux-mm.h-move-page_kasan_tag-to-mm-page_kasan_tag..patch" > "$bad/0002-broken.patch"
make --no-print-directory series SERIES="$bad" ARCHS=x86_64 OUT="$work/bad" > "$work/bad.log" 2>&1
rc=$(cat "$work/bad/run.rc" 2>/dev/null || echo none)
check "a patch that does not apply: exit 2 (run.rc $rc)" test "$rc" = 2
check "... an error naming the patch" grep -q "^hdrtest: error: $bad/0002-broken.patch does not apply" "$work/bad.log"
check "... the steps before it keep their results" test -s "$work/bad/series/0001/results.tsv"
check "... the summary says where it stopped" grep -q '^Stopped at 0002: ' "$work/bad/series/summary.txt"
check "... and series.ktap skips that step" grep -q '^ok 3 0002-broken # SKIP the patch does not apply$' \
	"$work/bad/series/series.ktap"

summary series
