#!/bin/sh
# bench/bench.sh: what `make bench` measures, in one run, printed as a table.
#
#   ARCHS, CONFIGS   the matrix (default: all, all)
#   SAMPLE           how many TUs the kbuild-per-TU comparison builds (5)
#
# Rows:
#   matrix cold            make selftest-headers with an empty kbuild cache
#   sum of prepares        the PREPARED times of that run, added up
#   ... each from nothing  the same, prepared again with
#                          HDRTEST_PREPARE_SEEDS=0 (no seed dir, no shared
#                          host tools), and whether its verdicts are the same
#   compile floor          every TU's command run directly, one after the
#                          other, no make (the least the compile can cost)
#   harness -j1            the whole run with one job (HT_NJOBS=1: the run's
#                          own pool, one slot): the same work as the floor
#                          plus the run's bookkeeping
#   overhead               harness -j1 / floor (goal <= 1.3)
#   harness -jN            the compile stage with every core
#   no-op rerun            the whole selftest-headers again, nothing changed,
#                          5 times: the fastest and the median (goal <= 0.2 s)
#   touched header         rerun after touching one slim header, against
#                          the floor of just the TUs that include it (goal <= 2x)
#   hdrtest fix            the proof loop of `hdrtest fix` (after step 5),
#                          against a rerun of just the TUs it compiled again
#                          (goal <= 2x)
#   kbuild per TU          `make M=dir tu.o` for SAMPLE TUs, per TU, against
#                          hdrtest's per-TU floor
#   per-TU floor           bench/floor.sh: one TU's CPU by what its command
#                          does (-c, -fsyntax-only, -E, ...)
#   same as bench/baseline the full matrix's results.tsv and results.ktap
#                          against bench/baseline (ARCHS=all CONFIGS=all only)
#   census                 bench/census.sh: every header of include/linux
#                          on x86_64/defconfig, harness against the floor
#   census in shards       bench/census-shards.sh: the census on x86_64 and
#                          arm64 defconfig as 4 shards merged, against one run
#   objects                bench/objects.sh: the proof on objects of make
#                          fix-consumers (x86_64 defconfig, a full kernel
#                          build the first time) against kbuild's own
#                          incremental rebuild of the same edit
#   move                   bench/move.sh: make move's proof on objects of
#                          memory_failure_queue() (the token shortcut, and
#                          every object compiled) against kbuild's own
#                          incremental rebuild of the same edit
#   series                 bench/series.sh: make series on the seed
#                          series (base + 15 patches) on x86_64 and arm64
#                          defconfig, against each of its 16 trees tested
#                          on its own from an empty kbuild cache (goal <= 0.3)
#   scale                  bench/scale.sh: the census over the matrix on 1,
#                          10, 40 and 200 runners, from the costs measured
#
# It empties $HDRTEST_CACHE/kbuild: the matrix is prepared from nothing.
# With ONLY=noop (make bench-noop) it measures the no-op rerun alone, on
# the cache as it is (a first run prepares what is missing).
# With ONLY=fix (make bench-fix) the hdrtest fix rows alone, on ARCHS and
# CONFIGS as given (default: all, all; make bench-fix: the two default cells).
set -u
cd "$(dirname "$0")/.." || exit 1

archs=${ARCHS:-all}
configs=${CONFIGS:-all}
sample=${SAMPLE:-5}
cache=$(make -s --no-print-directory cache-path) || exit 1
out=$(pwd)/out/bench
logs=out/bench-logs
touched=linux/mm/folio_size.h

# shellcheck source=bench/lib.sh
. bench/lib.sh
# The cell dir of a TU: OUT/ARCH/CONFIG
cell_of() { echo "$out/$(echo "${1#$out/}" | cut -d / -f 1-2)"; }
sel() { make --no-print-directory selftest-headers OUT="$out" ARCHS="$archs" CONFIGS="$configs" "$@"; }

# The no-op rerun, five times: the fastest and the median.
noop_runs() {
	: > "$logs/noop.times"
	for i in 1 2 3 4 5; do
		t=$(now)
		sel > "$logs/noop.log" 2>&1
		since "$t" >> "$logs/noop.times"
		echo >> "$logs/noop.times"
	done
	noop=$(sort -n "$logs/noop.times" | head -n 1)
	noop_median=$(sort -n "$logs/noop.times" | sed -n 3p)
	noop_cc=$(grep -c '^  CC \|PREPARE\|  SKIP' "$logs/noop.log")
}
noop_row() {
	printf '%-44s %9ss  %s\n' "no-op rerun (fastest of 5)" "$noop" \
		"median ${noop_median} s; $noop_cc compiles or prepares in the last; goal <= 0.2 s"
}

# The proof loop of `hdrtest fix` on the run as it is, against a rerun of
# just the TUs it compiled again (their results removed, selftest-headers
# run again): goal <= 2x.
fix_runs() {
	t=$(now)
	out/bin/hdrtest fix --out "$out" --jobs "$(nproc)" $(cat "$out/cells") > "$logs/fix.log" 2>&1
	fix_t=$(since "$t")
	fix_n=$(grep -c . "$out/fix/recompiled" 2>/dev/null || echo 0)
	fix_proof=$(sed -n 's/^hdrtest fix: .* TUs compiled again in \([0-9.]*\) s$/\1/p' "$logs/fix.log")
	for stem in $(sort -u "$out/fix/recompiled"); do
		rm -f "$out/$stem.rc"
	done
	t=$(now)
	sel > "$logs/fix-rerun.log" 2>&1
	fix_rerun=$(since "$t")
}
fix_rows() {
	printf '%-44s %9ss  %s\n' "hdrtest fix (scan, proof, patches)" "$fix_t" "proof alone ${fix_proof:-?} s, $fix_n TUs"
	printf '%-44s %9ss  %s\n' "rerun of those $fix_n TUs" "$fix_rerun" "selftest-headers, their results removed"
	printf '%-44s %9sx  %s\n' "fix / rerun of its TUs" "$(ratio "$fix_t" "$fix_rerun")" "goal <= 2"
}

if [ "${ONLY:-}" = fix ]; then
	mkdir -p "$logs"
	sel > "$logs/warm.log" 2>&1
	fix_runs
	printf '%-44s %10s  %s\n' "measure" "value" "note"
	printf '%-44s %10s  %s\n' "matrix" "$(grep -c . "$out/cells")" "cells, ARCHS=$archs CONFIGS=$configs"
	fix_rows
	exit 0
fi

if [ "${ONLY:-}" = noop ]; then
	mkdir -p "$logs"
	sel > "$logs/warm.log" 2>&1
	noop_runs
	printf '%-44s %10s  %s\n' "measure" "value" "note"
	printf '%-44s %10s  %s\n' "matrix" "$(grep -c . "$out/cells")" "cells, ARCHS=$archs CONFIGS=$configs"
	noop_row
	exit 0
fi

make --no-print-directory out/bin/hdrtest tree > /dev/null 2>&1 || { echo "bench: cannot build hdrtest or the tree" >&2; exit 1; }
tree=$(ls -d "$cache"/trees/linux-6.12-mm-split-* | head -n 1)
rm -rf "$cache/kbuild" "$out" "$logs"
mkdir -p "$logs"

# 1. the whole matrix from nothing
t=$(now)
sel > "$logs/cold.log" 2>&1
cold=$(since "$t")
prep_sum=$(prepared_sum "$logs/cold.log")
# the same prepares with no seed or host-tool dir (each from nothing)
rm -rf "$cache/kbuild" "$out.noseed"
HDRTEST_PREPARE_SEEDS=0 make --no-print-directory selftest-headers OUT="$out.noseed" ARCHS="$archs" \
	CONFIGS="$configs" > "$logs/cold-noseed.log" 2>&1
prep_noseed=$(prepared_sum "$logs/cold-noseed.log")
same_noseed=same
cmp -s "$out/results.tsv" "$out.noseed/results.tsv" || same_noseed=DIFFERENT
cells=$(awk '/^  PREPARED / { n++ } END { print n + 0 }' "$logs/cold.log")
tus=$(find "$out" -mindepth 3 -name '*.rc' | sort)
ntu=$(echo "$tus" | grep -c .)

# 2. the floor: each TU's own command, serially, no make
t=$(now)
for rc in $tus; do
	stem=${rc%.rc}
	"$(cell_of "$stem")/compile.sh" "$stem" > /dev/null 2>&1
done
floor=$(since "$t")

# 3. the compile stage under make, -j1 and -jN
rm -f $tus
t=$(now)
sel HT_NJOBS=1 > "$logs/j1.log" 2>&1
j1=$(since "$t")
rm -f $tus
t=$(now)
sel > "$logs/jn.log" 2>&1
jn=$(since "$t")

# 4. nothing changed
noop_runs

# 5. one slim header touched: only the TUs that include it recompile
users=$(grep -l "/include/$touched" $(find "$out" -name '*.dep') | sed 's/\.dep$//')
nusers=$(echo "$users" | grep -c .)
t=$(now)
for stem in $users; do
	"$(cell_of "$stem")/compile.sh" "$stem" > /dev/null 2>&1
done
users_floor=$(since "$t")
touch "$tree/include/$touched"
t=$(now)
sel > "$logs/touched.log" 2>&1
touched_run=$(since "$t")
recompiled=$(grep -c '^  CC ' "$logs/touched.log")

# 6. hdrtest fix: its proof loop against a rerun of the TUs it compiled
fix_runs

# 7. kbuild per TU: an external module dir per sampled TU, built with M=
kb_total=0
kb_floor=0
n=0
for rc in $(echo "$tus" | head -n "$sample"); do
	stem=${rc%.rc}
	cell=$(cell_of "$stem")
	kdir=$(sed -n 's/^kbuild\t//p' "$cell/manifest.tsv")
	m=$logs/m$n
	mkdir -p "$m"
	cp "$stem.c" "$m/hdrtest_tu.c"
	echo 'obj-m := hdrtest_tu.o' > "$m/Kbuild"
	t=$(now)
	make -C "$kdir" M="$(pwd)/$m" hdrtest_tu.o > "$m/log" 2>&1
	kb_total=$(echo "$kb_total $(since "$t")" | awk '{ print $1 + $2 }')
	t=$(now)
	"$cell/compile.sh" "$stem" > /dev/null 2>&1
	kb_floor=$(echo "$kb_floor $(since "$t")" | awk '{ print $1 + $2 }')
	n=$((n + 1))
done

printf '%-44s %10s  %s\n' "measure" "value" "note"
printf '%-44s %9ss  %s\n' "matrix cold ($cells cells prepared, $ntu TUs)" "$cold" "ARCHS=$archs CONFIGS=$configs"
printf '%-44s %9ss  %s\n' "sum of prepares" "$prep_sum" "$cells cells, 2 at once; seeds and host tools shared"
if [ "$archs" = all ] && [ "$configs" = all ]; then
	for f in tsv ktap; do
		same=same
		cmp -s "bench/baseline/full-matrix.$f" "$out/results.$f" || same=DIFFERENT
		printf '%-44s %10s  %s\n' "results.$f against bench/baseline" "$same" "byte for byte"
	done
fi
printf '%-44s %9ss  %s\n' "sum of prepares, each from nothing" "$prep_noseed" "HDRTEST_PREPARE_SEEDS=0; results.tsv $same_noseed"
printf '%-44s %9sx  %s\n' "prepares shared / from nothing" "$(ratio "$prep_sum" "$prep_noseed")" "goal <= 0.5"
printf '%-44s %9ss  %s\n' "compile floor (serial, no make)" "$floor" "$ntu TUs"
printf '%-44s %9ss  %s\n' "harness -j1 (whole selftest-headers)" "$j1" "includes prepare check, generate, report"
printf '%-44s %9sx  %s\n' "overhead: harness -j1 / floor" "$(ratio "$j1" "$floor")" "goal <= 1.3"
printf '%-44s %9ss  %s\n' "harness -j$(nproc)" "$jn" ""
noop_row
printf '%-44s %9ss  %s\n' "rerun after touching $touched" "$touched_run" "$recompiled TUs recompiled"
printf '%-44s %9ss  %s\n' "floor of the $nusers TUs that include it" "$users_floor" ""
printf '%-44s %9sx  %s\n' "touched rerun / its floor" "$(ratio "$touched_run" "$users_floor")" "goal <= 2"
fix_rows
printf '%-44s %9ss  %s\n' "kbuild per TU (make M=, $n TUs)" "$kb_total" ""
printf '%-44s %9ss  %s\n' "hdrtest per TU (same $n TUs)" "$kb_floor" ""
printf '%-44s %9sx\n' "kbuild per TU / hdrtest per TU" "$(ratio "$kb_total" "$kb_floor")"

# 8. the per-TU floor by command, and include/linux in one cell
echo
bench/floor.sh "$out"
echo
bench/census.sh
echo
bench/census-shards.sh
echo
bench/series.sh
echo
bench/objects.sh
echo
bench/move.sh
echo
PREPARED=$logs/cold.log MATRIX=$out/costs.tsv bench/scale.sh
