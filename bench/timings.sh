#!/bin/sh
# bench/timings.sh [ARCHS]: the timings of one selftest-headers run, from
# cold (no prepared build dir) to a warm no-op rerun.  Prints a table.
#
#   prepare <arch>   kbuild defconfig + prepare + mm/mmzone.o, cold
#   compile stage    every TU, from the prepared dirs (make -j, all cores)
#   whole run cold   make selftest-headers with an empty kbuild cache
#   whole run warm   the same again with nothing changed
#
# It empties $HDRTEST_CACHE/kbuild (the tree itself is kept): run it when
# a few minutes of kernel prepare are acceptable.
set -u
cd "$(dirname "$0")/.." || exit 1

archs=${1:-x86_64 arm64}
cache=${HDRTEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hdrtest}
out=out/bench
log=out/bench.log

now() { date +%s.%N; }
elapsed() { echo "$1 $2" | awk '{ printf "%.1f", $2 - $1 }'; }

make --no-print-directory out/bin/hdrtest tree > /dev/null || exit 1
rm -rf "$cache/kbuild" "$out"

t0=$(now)
make --no-print-directory selftest-headers OUT="$out" ARCHS="$archs" > "$log" 2>&1
t1=$(now)
cold=$(elapsed "$t0" "$t1")

rm -f "$out"/*/*/linux/mm/*.rc
t0=$(now)
make --no-print-directory selftest-headers OUT="$out" ARCHS="$archs" > "$log.compile" 2>&1
t1=$(now)
compile=$(elapsed "$t0" "$t1")
ntu=$(grep -c '^  CC ' "$log.compile")

t0=$(now)
make --no-print-directory selftest-headers OUT="$out" ARCHS="$archs" > "$log.warm" 2>&1
t1=$(now)
warm=$(elapsed "$t0" "$t1")

printf '%-32s %10s\n' "step" "seconds"
grep '^  PREPARED ' "$log" | while read -r _ cell _ secs _; do
	printf '%-32s %10s\n' "prepare $cell (cold)" "$secs"
done
printf "%-32s %10s\n" "rerun recompiling all $ntu TUs" "$compile"
printf '%-32s %10s\n' "whole run, cold kbuild cache" "$cold"
printf '%-32s %10s\n' "whole run, warm, nothing changed" "$warm"
