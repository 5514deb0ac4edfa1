#!/bin/sh
# bench/census.sh: hdrtest on every header of include/linux, in one cell
# (CELL, default x86_64/defconfig), against the compile floor.
#
#   catalog     catalog-init of linux/*.h down to linux/*/*/*/*.h
#   harness     make selftest-headers with that catalog into an empty OUT,
#               every core: plan, generate, compile, judge, report (the
#               cell's kbuild dir prepared beforehand, not timed)
#   floor       each TU's own command (the cell's compile.sh), as many at
#               once as there are cores, no make and no hdrtest
#   overhead    harness / floor (goal <= 1.1)
#
# Wall-clock seconds.  KDIR= to run it on another tree.
set -u
cd "$(dirname "$0")/.." || exit 1

cell=${CELL:-x86_64/defconfig}
arch=${cell%%/*}
config=${cell#*/}
out=$(pwd)/out/bench-census
logs=out/bench-logs
jobs=$(nproc)
kdir=${KDIR:+KDIR=$KDIR}

# shellcheck source=bench/lib.sh
. bench/lib.sh
sel() { # sel OUT CATALOG
	# shellcheck disable=SC2086 # kdir is empty or one word
	make --no-print-directory selftest-headers $kdir OUT="$1" ARCHS="$arch" CONFIGS="$config" CATALOG="$2"
}

mkdir -p "$logs" || exit 1
rm -rf "$out" "$out-warm"
mkdir -p "$out" || exit 1
cat=$out.cat
# shellcheck disable=SC2086
make -s --no-print-directory catalog-init $kdir INIT_OUT="$cat" \
	PATTERNS="linux/*.h linux/*/*.h linux/*/*/*.h linux/*/*/*/*.h" || exit 1
headers=$(grep -c '^header ' "$cat")
skipped=$(grep -c '^header .* skip ' "$cat")

# the cell's kbuild dir, prepared with the small mm catalog (not timed)
sel "$out-warm" "catalog/arches.cat catalog/configs.cat catalog/mm.cat" > "$logs/census-warm.log" 2>&1
grep -q '^kdir=' "$out-warm/$cell/prepared" 2>/dev/null ||
	{ echo "bench/census.sh: $cell could not be prepared (see $logs/census-warm.log)" >&2; exit 1; }

t=$(now)
sel "$out" "catalog/arches.cat catalog/configs.cat $cat" > "$logs/census.log" 2>&1
harness=$(since "$t")
tus=$(grep -c . "$out/$cell/tus")
summary=$(grep '^hdrtest: .* cells' "$logs/census.log" | tail -n 1)

t=$(now)
sed "s|^|$out/$cell/|" "$out/$cell/tus" |
	xargs -P "$jobs" -n 1 "$out/$cell/compile.sh" > /dev/null 2>&1
floor=$(since "$t")

printf '%-44s %10s  %s\n' "measure" "value" "note"
printf '%-44s %10s  %s\n' "include/linux headers ($cell)" "$headers" "$skipped not meant to stand alone, $tus TUs"
printf '%-44s %9ss  %s\n' "census: make selftest-headers -j$jobs" "$harness" "${summary#hdrtest: }"
printf '%-44s %9ss  %s\n' "census floor: each TU's command, $jobs at once" "$floor" "no make, no hdrtest"
printf '%-44s %9sx  %s\n' "census overhead: harness / floor" "$(ratio "$harness" "$floor")" "goal <= 1.1"
printf '%-44s %10s\n' "census throughput, headers/s" "$(echo "$headers $harness" | awk '{ printf "%.1f", $1 / $2 }')"
