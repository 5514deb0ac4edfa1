#!/bin/sh
# bench/series.sh: make series on the seed series (the base and its 15
# patches) on ARCHS (default x86_64 arm64) defconfig, against make
# selftest-headers on each of the 16 trees separately, each from an
# empty kbuild cache (goal: series <= 0.3x).
#
#   series          make series with the series' kbuild dirs removed first:
#                   the base prepared from nothing, then each patch
#   per step        TUs compiled, kbuild dirs prepared or updated, seconds
#   16 trees        each step's tree (the base and patches 1..k, hard
#                   links) tested by make selftest-headers with that
#                   step's catalog and a cache of its own, empty
#   same verdicts   each tree's results.tsv against the series' step's
#
# STEPS=N measures only the first N trees of the 16 (and says so).
set -u
cd "$(dirname "$0")/.." || exit 1

archs=${ARCHS:-x86_64 arm64}
out=$(pwd)/out/bench-series
logs=out/bench-logs
seed=$(pwd)/../shared/kernel/mm-split-6.12
cache=$(make -s --no-print-directory cache-path) || exit 1

# shellcheck source=bench/lib.sh
. bench/lib.sh
mkdir -p "$logs" || exit 1
rm -rf "$out"
mkdir -p "$out" || exit 1

# the series from an empty kbuild cache for its cells: the dirs that
# follow its scratch tree go.  The scratch tree itself stays when an
# earlier run made it (it is no kbuild dir; the series resets it to the
# base and applies every patch in the time measured), as each of the 16
# trees below is made before its time starts.
make -s --no-print-directory out/bin/hdrtest > /dev/null || exit 1
base=$cache/trees/linux-6.12-base
gen/series/series-tree.sh unpack "$base" || exit 1
for d in "$cache"/kbuild/*; do
	[ -f "$d/.hdrtest-prepared" ] && grep -q "^tree $cache/series/" "$d/.hdrtest-prepared" && rm -rf "$d"
done
t=$(now)
make --no-print-directory series OUT="$out" ARCHS="$archs" > "$logs/series.log" 2>&1
series=$(since "$t")
s=$out/series
nsteps=$(ls -d "$s"/[0-9][0-9][0-9][0-9] | wc -l)

printf '%-44s %10s  %s\n' "measure" "value" "note"
printf '%-44s %9ss  %s\n' "series, base + $((nsteps - 1)) patches" "$series" "$archs, empty kbuild cache"
printf '\n%-6s %8s %9s %8s %6s\n' step "TUs CC" prepared updated "s"
awk '/^  STEP / { step = $2 } /^  PREPARE / { p[step]++ } /^  UPDATE / { u[step]++ }
	/^          .*cells.*\([0-9]+ s\)$/ { gsub(/[()]/, "", $(NF - 1)); t[step] = $(NF - 1) }
	END { for (k in t) print k, p[k] + 0, u[k] + 0, t[k] }' "$logs/series.log" | sort > "$out/steps"
while read -r step p u secs; do
	printf '%-6s %8d %9d %8d %6s\n' "$step" "$(grep -c '^  CC ' "$s/$step/run.log")" "$p" "$u" "$secs"
done < "$out/steps"
echo

# the same steps, each tree on its own, from an empty cache of its own
n=${STEPS:-$nsteps}
total=0
same=0
i=0
for d in "$s"/[0-9][0-9][0-9][0-9]; do
	[ "$i" -lt "$n" ] || break
	step=${d##*/}
	tree=$out/trees/$step
	rm -rf "$tree" && mkdir -p "$tree" && cp -al "$base"/. "$tree" &&
		printf '%s\n' "bench tree $step" > "$tree/.hdrtest-series.applied" || exit 1
	# patches 1..step, in the series' order
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$seed/series" | awk '{ print $1 }' | head -n "$i" |
		while read -r p; do gen/series/series-tree.sh apply "$tree" "$seed/$p" "bench tree $step"; done || exit 1
	t=$(now)
	make --no-print-directory selftest-headers KDIR="$tree" HDRTEST_CACHE="$out/cache-$step" OUT="$out/one-$step" \
		ARCHS="$archs" CATALOG="$(ls "$d"/catalog/*.cat | tr '\n' ' ')" > "$logs/series-tree-$step.log" 2>&1
	one=$(since "$t")
	total=$(echo "$total $one" | awk '{ printf "%.2f", $1 + $2 }')
	cmp -s "$out/one-$step/results.tsv" "$d/results.tsv" && same=$((same + 1))
	rm -rf "$out/cache-$step" "$tree"
	i=$((i + 1))
done
printf '%-44s %9ss  %s\n' "$i trees, each from an empty cache" "$total" \
	"make selftest-headers per tree (of $nsteps steps)"
if [ "$i" -lt "$nsteps" ]; then
	est=$(echo "$total $i $nsteps" | awk '{ printf "%.2f", $1 / $2 * $3 }')
	printf '%-44s %9ss  %s\n' "... for all $nsteps, by their mean" "$est" "STEPS=$i: not measured"
	total=$est
fi
printf '%-44s %10s  %s\n' "series / separate trees" "$(ratio "$series" "$total")" "goal <= 0.3"
printf '%-44s %10s  %s\n' "same verdicts as the series' steps" "$same of $i" "results.tsv byte for byte"
